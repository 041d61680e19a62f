/**
 * YAML as Hordelab reads user input: plain data only. The `yaml` package resolves an unknown tag
 * (`!!js/function`) to a string, and a list or map used as a key to a string, each with a
 * multi-line warning of its own on stderr; here those are refused like a syntax error, with a
 * one-line message, and nothing is printed.
 */
import { isAlias, isCollection, isScalar, parseAllDocuments, parseDocument, visit, type Document } from 'yaml';

/** Hexadecimal: its digits may include e, which is no exponent there. */
const HEXADECIMAL_TEXT = /^[+-]?0x/i;
/**
 * A number written as approximate by its own notation: an exponent (`1.5e19`) or a fraction
 * with a digit other than 0 (`…993.5`). Every other way of writing a whole number (decimal,
 * `.0`, YAML 1.1's `_` separators, `0b` binary, `0` octal and base 60 `1:30:00`, `0o`, `0x`)
 * says the very number written.
 */
const APPROXIMATE_TEXT = /[eE]|\.[\d_]*[1-9]/;

/** What is wrong with a document, in one line. */
export class StrictYamlError extends Error {
  /**
   * `syntax`: not YAML Hordelab reads (the callers say "not valid YAML"); `inexact`: valid YAML
   * holding a number that cannot be read as written; `ambiguous`: valid YAML whose data would
   * lose a value (two keys naming one field).
   */
  constructor(
    message: string,
    readonly kind: 'syntax' | 'inexact' | 'ambiguous' = 'syntax',
  ) {
    super(message);
    this.name = 'StrictYamlError';
  }
}

/** How a caller introduces a parse error: "not valid YAML: …", but a number read inexactly as itself. */
export function yamlProblem(error: unknown, where = ''): string {
  // The parser recurses per level: a document nested thousands deep overflows the stack, which is
  // the document's depth, not a fault of Hordelab's to name in the engine's words.
  if (/Maximum call stack size exceeded/.test(error instanceof Error ? error.message : String(error))) return `not valid YAML${where}: nested too deeply to read (thousands of levels); expected a scenario's few`;
  // The parser's guard against an alias bomb put its JS class name in its message (audit 37b L5).
  if (/Excessive alias count/.test(error instanceof Error ? error.message : String(error))) return `not valid YAML${where}: its aliases (*name) would expand it to an enormous document; expected far fewer aliases`;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.replace(/^[A-Za-z]*Error: /, '') as string;
  return error instanceof StrictYamlError && error.kind !== 'syntax' ? message : `not valid YAML${where}: ${message}`;
}

/** The data of `text`; @throws StrictYamlError for the first syntax error, unresolved tag or collection key. */
export function parseStrictYaml(text: string): unknown {
  const documents = parseAllDocuments(text, { logLevel: 'silent' });
  // `---` or `...` then more: a second document, which a parse of the first alone drops unsaid
  // (two checks files joined into one would lose the second file's checks from a CI gate).
  if (Array.isArray(documents) && documents.length > 1) {
    const second = documents[1] as Document;
    const line = text.slice(0, second.range?.[0] ?? text.length).split('\n').length;
    throw new StrictYamlError(`holds ${documents.length} YAML documents (the second starts at line ${line}); expected one`);
  }
  const document = parseDocument(text, { logLevel: 'silent' });
  const problem = document.errors[0] ?? document.warnings[0];
  if (problem !== undefined) throw new StrictYamlError((problem.message.split('\n')[0] as string).replace(/:\s*$/, ''));
  let collectionKey: number | null = null;
  let dateKey: { source: string; at: number } | null = null;
  let sameName: { first: string; second: string; at: number } | null = null;
  visit(document, {
    Map(_, map) {
      // Keys YAML tells apart by type (the string "-1" and the number -1, "40" and 40) name one
      // field of the data: the last would replace the first unsaid (audit 26b: a deck's
      // {"-1": 1, -1: 9} read as 9 copies). Keys the same to YAML are its own DUPLICATE_KEY error.
      const seen = new Map<string, string>();
      for (const pair of map.items) {
        // An alias used as a key names its anchor's value (review 26c: `*k : 2` beside `x: 3` lost a value).
        const key = isAlias(pair.key) ? pair.key.resolve(document) : pair.key;
        if (!isScalar(key)) continue;
        // As the data names it: a null key (`~`, `null`) is the empty name (review 26c).
        const name = key.value === null ? '' : String(key.value);
        const source = key.source ?? name;
        const written = isAlias(pair.key) ? `*${pair.key.source}` : key.type === 'QUOTE_DOUBLE' || key.type === 'QUOTE_SINGLE' ? JSON.stringify(source) : source === '' ? '(empty)' : source;
        const earlier = seen.get(name);
        if (earlier !== undefined) {
          sameName = { first: earlier, second: written, at: (isAlias(pair.key) ? pair.key : key).range?.[0] ?? 0 };
          return visit.BREAK;
        }
        seen.set(name, written);
      }
      return undefined;
    },
    Pair(_, pair, path) {
      if (isCollection(pair.key)) {
        collectionKey = pair.key.range?.[0] ?? 0;
        return visit.BREAK;
      }
      // A date as a mapping's key becomes text in the reading machine's time zone ("Mon Jan 01
      // 2001 00:00:00 GMT-0500"), so one file played differently by where it ran (review 34a).
      // An !!omap keeps its keys and a !!set its members as dates.
      const key = isAlias(pair.key) ? pair.key.resolve(document) : pair.key;
      const parentTag = (path[path.length - 1] as { tag?: string } | undefined)?.tag;
      if (isScalar(key) && key.value instanceof Date && parentTag !== 'tag:yaml.org,2002:omap' && parentTag !== 'tag:yaml.org,2002:set') {
        dateKey = { source: (isAlias(pair.key) ? `*${pair.key.source}` : key.source) ?? '', at: (isAlias(pair.key) ? pair.key : key).range?.[0] ?? 0 };
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (dateKey !== null) {
    const { source, at } = dateKey as { source: string; at: number };
    const line = text.slice(0, at).split('\n').length;
    throw new StrictYamlError(`the key ${source} at line ${line} is a date, which YAML turns into text in the reading machine's time zone; expected it quoted as text ("${source}"), or a !!omap to keep it a date`, 'ambiguous');
  }
  if (collectionKey !== null) {
    const line = text.slice(0, collectionKey).split('\n').length;
    throw new StrictYamlError(`a key must be a plain value, not a list or map, at line ${line}`);
  }
  if (sameName !== null) {
    const { first, second, at } = sameName;
    const line = text.slice(0, at).split('\n').length;
    throw new StrictYamlError(`the keys ${first} and ${second} name the same field (line ${line}); expected each key once`, 'ambiguous');
  }
  refuseInexactWholeNumbers(document, text);
  refuseMisreadDates(document, text);
  return document.toJS({ maxAliasCount: 100 });
}

/**
 * @throws StrictYamlError (`inexact`) for the first whole number past 2^53 − 1 in `document`
 * (parsed from `text`): it would be read as the nearest double, another number (a seed of
 * 9007199254740993 would run as ...992, and a message would quote the number read, not the one
 * written). The error quotes the text. JSON is YAML, so a JSON file's numbers are checked so too.
 */
export function refuseInexactWholeNumbers(document: Document, text: string): void {
  let inexact: { source: string; at: number } | null = null;
  visit(document, {
    Scalar(_, scalar) {
      const source = scalar.source ?? '';
      if (Number.isInteger(scalar.value) && !Number.isSafeInteger(scalar.value) && (HEXADECIMAL_TEXT.test(source) || !APPROXIMATE_TEXT.test(source))) {
        inexact = { source: scalar.source as string, at: scalar.range?.[0] ?? 0 };
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (inexact === null) return;
  const { source, at } = inexact;
  const line = text.slice(0, at).split('\n').length;
  throw new StrictYamlError(`the whole number ${source} at line ${line} is past ${Number.MAX_SAFE_INTEGER}, the largest read exactly; expected a smaller one (or, for an approximate value, an exponent such as 1.5e19)`, 'inexact');
}

/** A YAML 1.1 timestamp's parts, as its reader takes them: yyyy-m-d, then optionally h:m:s(.f) and a zone (Z, +5, -03:30). */
const TIMESTAMP_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:t|T|[ \t]+)(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?(?:[ \t]*(?:Z|[-+](\d{1,2})(?::(\d{2}))?))?)?$/;

/** Days in `month` (1 to 12) of `year`, in the Gregorian calendar the reader counts in. */
function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * The part of the timestamp `source` its reader does not take as written, with what was
 * expected, or null when it takes all of it as written: the reader carries a day past the
 * month's end or an hour past 23 into the next (2001-02-30 became 2001-03-02, 2001-99-99
 * 2009-06-07), takes years 0 to 99 as 1900 to 1999, and keeps three digits of a fraction.
 */
export function timestampProblem(source: string): { part: string; value: number | string; expected: string } | null {
  const match = TIMESTAMP_TEXT.exec(source);
  if (match === null) return null;
  const fraction = match[7] ?? '';
  const [year, month, day, hour, minute, second, zoneHour, zoneMinute] = [...match.slice(1, 7), ...match.slice(8)].map((part) => (part === undefined ? 0 : Number(part))) as [number, number, number, number, number, number, number, number];
  const parts: [string, number, number, number, string][] = [
    ['year', year, 100, 9999, 'a year from 0100 to 9999'],
    ['month', month, 1, 12, 'a month from 1 to 12'],
    // A month past 12 is named before its days are counted.
    ['day', day, 1, daysIn(year, month), `a day from 1 to ${daysIn(year, month)} in that month`],
    ['hour', hour, 0, 23, 'an hour from 0 to 23'],
    ['minute', minute, 0, 59, 'a minute from 0 to 59'],
    ['second', second, 0, 59, 'a second from 0 to 59'],
    ['zone hour', zoneHour, 0, 23, 'a zone hour from 0 to 23'],
    ['zone minute', zoneMinute, 0, 59, 'a zone minute from 0 to 59'],
  ];
  for (const [part, value, low, high, expected] of parts) if (value < low || value > high) return { part, value, expected };
  // A date holds milliseconds: the reader keeps three digits and drops the rest (review 34a: .9999 was read as .999).
  if (/[1-9]/.test(fraction.slice(3))) return { part: 'fraction of a second', value: `.${fraction}`, expected: 'at most three digits (a date holds milliseconds), or only zeros past them' };
  // The reader takes a zone under 30 minutes for hours (review 33c: +00:15 was read as 15 hours).
  if (zoneHour === 0 && zoneMinute > 0 && zoneMinute < 30) return { part: 'zone minute', value: zoneMinute, expected: 'a zone of whole hours, or of 30 minutes or more (YAML reads +00:01 to +00:29 as that many hours)' };
  return null;
}

/**
 * @throws StrictYamlError (`inexact`) for the first timestamp in `document` (a YAML 1.1 file's
 * date, parsed from `text`) that its reader takes as another date than the one written, quoting
 * it and the date read.
 */
export function refuseMisreadDates(document: Document, text: string): void {
  let misread: { source: string; read: Date; at: number } | null = null;
  visit(document, {
    Scalar(_, scalar) {
      if (!(scalar.value instanceof Date)) return undefined;
      const year = scalar.value.getUTCFullYear();
      if (timestampProblem(scalar.source ?? '') === null && year >= 100 && year <= 9999) return undefined;
      misread = { source: scalar.source as string, read: scalar.value, at: scalar.range?.[0] ?? 0 };
      return visit.BREAK;
    },
  });
  // Assigned in the visitor, which TypeScript's narrowing does not follow.
  const found = misread as { source: string; read: Date; at: number } | null;
  if (found === null) return;
  const { source, read, at } = found;
  const line = text.slice(0, at).split('\n').length;
  const problem = timestampProblem(source);
  // A date its zone moves out of years 100 to 9999 in UTC, as every file writes dates: written
  // again (a ladder's level, a tuned scenario), it reads back as another value, text past 9999
  // (review 33c: a ladder's levels played a string where run played the date).
  if (problem === null) throw new StrictYamlError(`the date ${source} at line ${line} is ${read.toISOString()} in UTC, outside years 0100 to 9999, which a file written again (a ladder's level, a tuned scenario) reads back as another value; expected a date within those years in UTC`, 'inexact');
  throw new StrictYamlError(`the date ${source} at line ${line} is read by YAML as ${read.toISOString()}, since its ${problem.part} is ${problem.value}; expected ${problem.expected}`, 'inexact');
}

/**
 * Where JSON `text` gives one key twice in an object (`JSON.parse` keeps the last silently), as
 * "line L, column C", or null when it does not. JSON is YAML, so YAML's parser finds them.
 */
export function duplicateJsonKey(text: string): string | null {
  const duplicate = parseDocument(text).errors.find((error) => error.code === 'DUPLICATE_KEY');
  if (duplicate === undefined) return null;
  const at = duplicate.linePos?.[0];
  return at === undefined ? 'somewhere' : `line ${at.line}, column ${at.col}`;
}

