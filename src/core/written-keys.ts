/**
 * What a scenario file can write so that it reads back. No part that holds itself; no key
 * `__proto__`, `constructor` or `prototype`; and as a Map's keys and a Set's members, plain
 * values only (text, a number, true or false, null, a date), which YAML 1.1's `!!omap` and
 * `!!set` take, a `!!set`'s read as text, so two that read alike are one. A value a scenario
 * file cannot write is refused where it would be written: the library's `run()`, whose scenario
 * object is written as YAML, and a game module's default, which a ladder's level files and a
 * tuned scenario write (review 32e: a Map keyed by an object made level files no reader took,
 * and `undefined` became null).
 */
import { isUnsafeKey, unsafeKeyMessage } from './safe-keys.js';
import { taggedData, taggedText } from './tagged-data.js';

/** The first key of `container` a scenario file cannot write, with its path (`m[0]`) and why; null when none. */
export function writtenKeyProblem(container: Map<unknown, unknown> | Set<unknown>, path: string): { path: string; message: string } | null {
  const isMap = container instanceof Map;
  const seen = new Map<string, unknown>();
  let index = 0;
  for (const key of isMap ? container.keys() : container.values()) {
    const at = `${path}[${index++}]`;
    // A number of any kind: YAML writes NaN and ±Infinity as .nan and .inf, and reads them back (review 32f).
    const plain = typeof key === 'string' || typeof key === 'boolean' || key === null || typeof key === 'number' || (key instanceof Date && key.getUTCFullYear() >= 100 && key.getUTCFullYear() <= 9999);
    if (!plain) return { path: at, message: `got a ${isMap ? 'Map key' : 'Set member'} ${shown(key)}; expected text, a number, true or false, null or a Date of years 100 to 9999, as a scenario file's ${isMap ? '!!omap' : '!!set'} takes` };
    if (isMap) continue;
    // As the reader names a key: a Date by its text to the second (review 32f: two Dates a
    // millisecond apart made a file no reader took), null as the empty name (review 33a: null
    // beside "" was taken, and no reader took the file; null beside "null" was refused).
    const text = key === null ? '' : String(key);
    if (seen.has(text)) return { path: at, message: `got the Set members ${shown(seen.get(text))} and ${shown(key)}, which a scenario file's !!set reads as one; expected members apart as text` };
    seen.set(text, key);
  }
  return null;
}

/** `value` as a reader knows it: `"1"`, `-0`, `{"x":1}`. */
const shown = (value: unknown): string => taggedText(taggedData(value));

/** The first own enumerable key of `item` whose value is an accessor, or undefined. */
function accessorKey(item: object): string | undefined {
  for (const key of Object.keys(item)) {
    // An own key listed: its descriptor is there.
    const descriptor = Object.getOwnPropertyDescriptor(item, key) as PropertyDescriptor;
    if (descriptor.get !== undefined || descriptor.set !== undefined) return key;
  }
  return undefined;
}

/** The parts of `item` (a Map's keys and values, a Set's members, a list's items, an object's fields), each with its path. */
function partsOf(item: object, path: string): [unknown, string][] {
  const field = (key: string): string => `${path}${path === '' ? '' : '.'}${key}`;
  if (item instanceof Map) return [...item].flatMap(([key, entry], index): [unknown, string][] => [[key, `${path}[${index}]`], [entry, typeof key === 'string' ? field(key) : `${path}[${index}]`]]);
  if (item instanceof Set) return [...item].map((member, index): [unknown, string] => [member, `${path}[${index}]`]);
  const list = Array.isArray(item);
  return Object.keys(item).map((key): [unknown, string] => [(item as Record<string, unknown>)[key], list ? `${path}[${key}]` : field(key)]);
}

/**
 * The path of a part of `value` found again inside itself (`spaces[0]`; '' for the value itself),
 * or null when none is. A part reached many ways is read once (`cleared`).
 */
export function selfHoldingPath(value: unknown): string | null {
  const within = new Set<object>();
  const cleared = new Set<object>();
  const walk = (item: unknown, path: string): string | null => {
    if (typeof item !== 'object' || item === null || cleared.has(item)) return null;
    // Stryker disable next-line ConditionalExpression: (false) a typed array's items are numbers, walked to no effect; the test saves walking its bytes
    if (ArrayBuffer.isView(item)) return null;
    if (within.has(item)) return path;
    within.add(item);
    for (const [part, at] of partsOf(item, path)) {
      const found = walk(part, at);
      if (found !== null) return found;
    }
    within.delete(item);
    cleared.add(item);
    return null;
  };
  return walk(value, '');
}

/**
 * Each object `value` reaches (itself included), with its path, once, handed to `look` until it
 * answers something other than null; that answer, or null. Typed arrays are not walked: their
 * items are numbers. Each object is read once: a default may reach one part many ways, which a
 * walk by depth would follow along each (review 32c: a default holding itself ran the process out
 * of memory as it loaded).
 */
function firstFound<T>(value: unknown, look: (item: object, path: string) => T | null): T | null {
  const seen = new Set<object>();
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item !== 'object' || item === null || seen.has(item)) continue;
    // Stryker disable next-line ConditionalExpression: (false) a typed array's items are numbers, with no key or getter to find; the test saves walking its bytes
    if (ArrayBuffer.isView(item)) continue;
    seen.add(item);
    const found = look(item, path);
    if (found !== null) return found;
    // One at a time: a spread of a list of 200,000 items overflowed the stack (review 32f).
    for (const part of partsOf(item, path)) pending.push(part);
  }
  return null;
}

/**
 * The first part of `value` no scenario may give, with its path: a key `__proto__`,
 * `constructor` or `prototype` (a Map's own keys reach no prototype), or a Map key or Set member
 * a scenario file cannot write; null when none.
 */
export function unwritablePart(value: unknown): { field: string; message: string } | null {
  return firstFound(value, (item, path) => {
    if (item instanceof Map || item instanceof Set) {
      const keyProblem = writtenKeyProblem(item, path);
      return keyProblem === null ? null : { field: keyProblem.path, message: keyProblem.message };
    }
    // Stryker disable next-line ConditionalExpression: (false) a list's keys are its indices, none of them unsafe
    if (Array.isArray(item)) return null;
    const unsafe = Object.keys(item).find(isUnsafeKey);
    return unsafe === undefined ? null : { field: `${path}${path === '' ? '' : '.'}${unsafe}`, message: unsafeKeyMessage(unsafe) };
  });
}

/**
 * The path of the first getter (or setter) among `value`'s fields and items, or null when it
 * holds none: each match's copy, each written file and the summary read such a field anew
 * (review 33a F7).
 */
export function accessorPath(value: unknown): string | null {
  return firstFound(value, (item, path) => {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: (false, &&) a Map's or Set's own keys are none: no getter found there either
    if (item instanceof Map || item instanceof Set) return null;
    const getter = accessorKey(item);
    if (getter === undefined) return null;
    return Array.isArray(item) ? `${path}[${getter}]` : `${path}${path === '' ? '' : '.'}${getter}`;
  });
}
