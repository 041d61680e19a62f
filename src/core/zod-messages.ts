/**
 * Zod's own words where a schema gives none, for values a YAML file or `--set` can hold that its
 * defaults describe badly: `.nan` read as "Invalid input: expected number, received NaN", and
 * `.inf` or `1e999` as "received Infinity". Set
 * once, for every schema (zod's global configuration); a schema's own message still wins.
 */
import { z } from 'zod';
import { closestName } from './did-you-mean.js';

/**
 * What a `<<` key is: YAML 1.1's merge key, which a scenario (YAML 1.2 unless it says otherwise)
 * reads as a plain key, so it was refused as an unknown field with no word of why (audit 32a).
 */
export const MERGE_KEY_NOTE = 'a YAML merge key, which YAML 1.2 (a scenario\'s default) reads as a plain key: write the merged keys out, or begin the file with "%YAML 1.1" and "---" to merge';

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.expected === 'number' && typeof issue.input === 'number') {
      if (Number.isNaN(issue.input)) return 'expected a number, got NaN (.nan)';
      if (!Number.isFinite(issue.input)) return `expected a finite number, got ${issue.input}`;
    }
    // "Unrecognized key" alone leaves a misspelt field to guess: the fields that are taken.
    if (issue.code === 'unrecognized_keys') {
      const shape = (issue.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape;
      const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
      const fields = shape === undefined ? [] : Object.keys(shape);
      // One misspelt field: the field it is closest to, as a mistyped flag is answered.
      if (issue.keys.includes('<<')) return `"<<" is not a field here: ${MERGE_KEY_NOTE}`;
      const meant = issue.keys.length === 1 ? closestName(issue.keys[0] as string, fields) : null;
      return `${keys} ${issue.keys.length === 1 ? 'is not a field' : 'are not fields'} here${meant !== null ? `; did you mean ${meant}?` : fields.length === 0 ? '' : `; expected ${fields.join(', ')}`}`;
    }
    if (issue.code === 'invalid_type' && issue.expected === 'object' && Array.isArray(issue.input)) return 'expected an object of fields (name: value), got a list';
    // "expected boolean, received string" for `yes`: say what YAML takes for a switch.
    if (issue.code === 'invalid_type' && issue.expected === 'boolean') return `expected true or false, got ${shownInput(issue.input)}`;
    // Zod's own "Too big: expected number to be <=1000" and "Invalid input: expected tuple,
    // received number", said as the rest of Hordelab's messages say what was expected and got.
    if (issue.code === 'invalid_type' && typeof issue.expected === 'string' && EXPECTED[issue.expected] !== undefined) return `expected ${EXPECTED[issue.expected]}, got ${shownInput(issue.input)}`;
    if ((issue.code === 'too_big' || issue.code === 'too_small') && (issue.origin === 'number' || issue.origin === 'int')) {
      const bound = issue.code === 'too_big' ? issue.maximum : issue.minimum;
      const side = issue.code === 'too_big' ? (issue.inclusive ? 'of at most' : 'below') : issue.inclusive ? 'of at least' : 'above';
      return `expected a number ${side} ${String(bound)}, got ${shownInput(issue.input)}`;
    }
    if ((issue.code === 'too_big' || issue.code === 'too_small') && (issue.origin === 'array' || issue.origin === 'string') && issue.inclusive) {
      const bound = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
      const unit = issue.origin === 'array' ? (bound === 1 ? 'item' : 'items') : bound === 1 ? 'character' : 'characters';
      const length = Array.isArray(issue.input) || typeof issue.input === 'string' ? ` (got ${(issue.input as { length: number }).length})` : '';
      return `expected ${issue.code === 'too_big' ? 'at most' : 'at least'} ${bound} ${unit}${length}`;
    }
    return undefined;
  },
});

/** Stands for a number JSON cannot hold while a value is written as JSON, then replaced by the number ({@link shownInput}). */
const NUMBER_MARK = '\u241fnumber\u241f';
const NUMBER_MARKED = /"\u241fnumber\u241f(-?Infinity|NaN|-0)\u241fnumber\u241f"/g;

/**
 * A value as a message shows it: text quoted, numbers as JavaScript writes them (NaN and
 * Infinity as themselves, where JSON says null), anything JSON cannot hold by its kind; cut
 * to 60 characters with an ellipsis, so a long map or list keeps the message to one line.
 */
export function shownInput(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  let text: string | undefined;
  try {
    // A number JSON cannot hold is shown as itself inside a list or object too: 1e309 read as
    // {"40":null}, as if nothing were given (audit 37b L5).
    text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'number' && (!Number.isFinite(item) || Object.is(item, -0)) ? `${NUMBER_MARK}${Object.is(item, -0) ? '-0' : String(item)}${NUMBER_MARK}` : item))?.replace(NUMBER_MARKED, '$1');
  } catch {
    // A BigInt or a cycle: said by its kind.
  }
  if (text === undefined) return typeof value;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** What zod's expected types are, as a message names them. */
const EXPECTED: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  array: 'a list',
  tuple: 'a list',
  object: 'an object of fields (name: value)',
  record: 'an object of fields (name: value)',
};

/**
 * `issues` with each failed union opened where the value's shape picks one of its forms: the
 * issues of the one form whose every issue lies inside the value, rather than about the value
 * itself (a wrong kind, or keys of another form), with their paths made whole. A seat
 * `{agent: random, name: 5}` was refused as "seats: expected a list of seats ..." while `name: ""`
 * was named `seats[0].name` (audit 42f F6): zod opens a union itself only where an issue does
 * not stop the form it is in, and a wrong kind does. A union no one form fits keeps its own
 * message.
 */
export function unionsOpened(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const fitting = issue.errors.filter((errors) => errors.length > 0 && errors.every((inner) => inner.path.length > 0 || (inner.code !== 'invalid_type' && inner.code !== 'unrecognized_keys' && inner.code !== 'invalid_union')));
    if (fitting.length !== 1) return [issue];
    return unionsOpened((fitting[0] as z.core.$ZodIssue[]).map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
  });
}
