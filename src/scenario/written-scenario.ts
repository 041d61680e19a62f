/**
 * A scenario written for `hordelab run` to read: the library's scenario object, a ladder's level
 * files, tune's tuned scenario. What it writes must read back as itself, or the file plays
 * another game than the one it reproduces: a game module's default written whole by a dotted
 * `--set` (a Date of year 50, a class instance, a hole) came back as 1950, a plain mapping,
 * null, and an invalid Date stopped the ladder with an internal failure once every level had
 * played (review 32f). Such a file is refused before any match, naming the value.
 */
import { UsageError } from '../core/errors.js';
import { readBackDifference } from '../core/read-back.js';
import { writtenKeyProblem } from '../core/written-keys.js';
import { scenarioYaml } from './relocate.js';
import { scenarioFileData } from './scenario.js';
import { findUnsafeKey } from '../core/safe-keys.js';

/**
 * The first value in plain data that a scenario file cannot write as itself: a function or
 * symbol (no file holds one), an instance of a class (read back as a plain object), a typed
 * array other than bytes, a Date a timestamp cannot give, a Map key or Set member a file cannot
 * write; with its path and what was expected; null when none. Each object is read once.
 */
export function unwrittenValueAt(value: unknown, path: string, seen: Set<object> = new Set()): { path: string; message: string } | null {
  if (typeof value === 'function' || typeof value === 'symbol') return { path, message: `got a ${typeof value}; expected data (a number, text, true or false, a list, a mapping, a Map, Set, Date or Uint8Array)` };
  if (typeof value !== 'object' || value === null || seen.has(value)) return null;
  seen.add(value);
  if (value instanceof Uint8Array) return null;
  if (value instanceof Date) {
    // A file writes a Date as a timestamp, which reads back as that Date only in years 100 to 9999
    // (review 32c: a Date of year 10000 reached the agent as text; YAML's reader takes years 0 to 99 as 1900 to 1999).
    const time = value.getTime();
    if (Number.isNaN(time)) return { path, message: 'got an invalid Date; expected a valid one' };
    const year = value.getUTCFullYear();
    return year >= 100 && year <= 9999 ? null : { path, message: `got a Date in year ${year}; expected one in years 100 to 9999, which a scenario file gives as a timestamp` };
  }
  if (value instanceof Map || value instanceof Set) {
    const keyProblem = writtenKeyProblem(value, path);
    if (keyProblem !== null) return keyProblem;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  const known = Array.isArray(value) || value instanceof Map || value instanceof Set || prototype === Object.prototype || prototype === null;
  if (!known) {
    const name = (prototype as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    return { path, message: `got an instance of ${typeof name === 'string' && name !== '' ? name : 'a class'}; expected plain data (a list, a mapping, a Map, Set, Date or Uint8Array), as a scenario file gives it` };
  }
  const entries: [string, unknown][] =
    value instanceof Map
      ? [...value].flatMap(([key, item], index): [string, unknown][] => [[`${path}[${index}]`, key], [`${path}${typeof key === 'string' ? `.${key}` : `[${index}]`}`, item]])
      : value instanceof Set
        ? [...value].map((item, index) => [`${path}[${index}]`, item])
        : Array.isArray(value)
          ? Array.from(value, (item, index) => [`${path}[${index}]`, item])
          : Object.keys(value).map((key) => [path === '' ? key : `${path}.${key}`, (value as Record<string, unknown>)[key]]);
  for (const [at, item] of entries) {
    const found = unwrittenValueAt(item, at, seen);
    if (found !== null) return found;
  }
  return null;
}

/** Where a field of a written scenario came from (`--set data.k=2`, the scenario file) and its name there (`data.v`). */
export type FieldSource = (field: string) => { source: string; field: string };

/**
 * `data` written as {@link scenarioYaml} writes it, refused when the file would not read back as
 * `data`: `what` names the file in the message (`a level file`), `sourceOf` where each field came
 * from, since the user can change that and not the file.
 * @throws UsageError naming the field, what it holds and what a file of it would read back as.
 */
export function faithfulScenarioYaml(text: string, file: string, data: Readonly<Record<string, unknown>>, what: string, sourceOf: FieldSource): string {
  // The remedy where a file can write the value another way; none where no file can (too deep).
  const refuse = (field: string, message: string, remedy = true): UsageError => {
    const named = sourceOf(field);
    return new UsageError([{ source: named.source, field: named.field, message: `${message}; ${what} (which reproduces this with hordelab run) could not hold it${remedy ? ': give the value whole in the scenario file, as a file can write it' : ''}` }]);
  };
  const unwritten = unwrittenValueAt(data, '');
  if (unwritten !== null) throw refuse(unwritten.path, unwritten.message);
  const written = scenarioYaml(text, file, data);
  let read: unknown;
  try {
    read = scenarioFileData(written, 'written.yaml');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const [first] = error.issues;
    throw refuse(first?.field ?? '', `could not be read back: ${first?.message ?? 'a problem'}`);
  }
  // Its nesting and keys checked as `hordelab run` checks a file's (review 33a: a default nested 63
  // levels deep was written into files run refused).
  const unsafe = findUnsafeKey(read);
  if (unsafe !== null) throw refuse(unsafe.field, unsafe.message, false);
  const difference = readBackDifference(data, read);
  if (difference !== null) throw refuse(difference.path, `holds ${difference.written}, which a file reads back as ${difference.read}`);
  return written;
}

/**
 * Where a field of a written scenario came from: a field of a parameter some flag set (`flags`,
 * by parameter: `data` to `--set data.k=2`, the first flag that set it, which brought in its
 * default) from that flag, named within the parameter; any other from the scenario file.
 */
export function fieldSourceOf(file: string, flags: ReadonlyMap<string, string>): FieldSource {
  return (field) => {
    const top = /^params\.([^.[]+)/.exec(field)?.[1];
    const flag = top === undefined ? undefined : flags.get(top);
    return flag === undefined ? { source: file, field } : { source: flag, field: field.slice('params.'.length) };
  };
}
