/**
 * Whether data written to a file reads back as itself. A ladder's level file and a tuned
 * scenario are written so that `hordelab run` of them plays what was played; a value the file
 * cannot hold (a Date of year 50 reads back as 1950, a class instance as a plain mapping, a hole
 * as null) would make it play something else, without a word (review 32f). Compared as a game
 * sees data: a value's kind (a Date, bytes, a Map, a Set, a list, a mapping and its prototype)
 * and its parts in their order, -0 apart from 0, NaN equal to NaN.
 */
import { taggedData, taggedText } from './tagged-data.js';

/** Where the value read back first differs from the value written: its path and each side as shown to a user. */
export interface ReadBackDifference {
  readonly path: string;
  readonly written: string;
  readonly read: string;
}

/** The longest a value is shown in a message; past it, the start and an ellipsis. */
const SHOWN_LENGTH = 80;

/** `value` as a message shows it: `Date 0050-01-01T00:00:00.000Z`, `Point {"x":1}`, a hole or a missing field as words. */
export function shownValue(value: unknown): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === null) return `a mapping without a prototype ${clipped(taggedText(taggedData({ ...value })))}`;
  return clipped(taggedText(taggedData(value)));
}

const clipped = (text: string): string => (text.length <= SHOWN_LENGTH ? text : `${text.slice(0, SHOWN_LENGTH - 1)}…`);

/** A part absent on one side: a list's hole, or a mapping's field. */
const HOLE = 'a hole';
const NO_FIELD = 'nothing (the field is left out)';

/** A value's kind as the comparison tells kinds apart; bytes read back as a Buffer are bytes. */
function kindOf(value: object): string {
  if (value instanceof Date) return 'Date';
  if (value instanceof Uint8Array) return 'bytes';
  if (ArrayBuffer.isView(value)) return `view ${value.constructor.name}`;
  if (value instanceof Map) return 'Map';
  if (value instanceof Set) return 'Set';
  if (Array.isArray(value)) return 'list';
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype ? 'mapping' : 'other';
}

/**
 * The first place where `read` (what a file of `written` reads back as) differs from `written`,
 * or null when it reads back as itself. `path` names `written` (`params.data`); a part is named
 * as the scenario's errors name it (`.field`, `[index]`).
 */
export function readBackDifference(written: unknown, read: unknown, path = ''): ReadBackDifference | null {
  const differs = (): ReadBackDifference => ({ path, written: shownValue(written), read: shownValue(read) });
  if (typeof written !== 'object' || written === null || typeof read !== 'object' || read === null) return Object.is(written, read) ? null : differs();
  const kind = kindOf(written);
  // Two class instances of one class are no proof of a faithful file: the reader makes none.
  if (kind !== kindOf(read) || kind === 'other' || kind.startsWith('view ')) return differs();
  if (written instanceof Date) return Object.is(written.getTime(), (read as Date).getTime()) ? null : differs();
  if (written instanceof Uint8Array) {
    const bytes = read as Uint8Array;
    return written.length === bytes.length && written.every((byte, index) => byte === bytes[index]) ? null : differs();
  }
  const field = (key: string): string => `${path}${path === '' ? '' : '.'}${key}`;
  if (written instanceof Map || written instanceof Set) {
    const writtenParts = [...written];
    const readParts = [...(read as Map<unknown, unknown> | Set<unknown>)];
    if (writtenParts.length !== readParts.length) return differs();
    for (const [index, part] of writtenParts.entries()) {
      const other = readParts[index];
      if (written instanceof Set) {
        const found = readBackDifference(part, other, `${path}[${index}]`);
        if (found !== null) return found;
        continue;
      }
      const [key, value] = part as [unknown, unknown];
      const [readKey, readValue] = other as [unknown, unknown];
      const found = readBackDifference(key, readKey, `${path}[${index}]`) ?? readBackDifference(value, readValue, typeof key === 'string' ? field(key) : `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (Array.isArray(written)) {
    const list = read as unknown[];
    if (written.length !== list.length) return differs();
    for (let index = 0; index < written.length; index += 1) {
      const at = `${path}[${index}]`;
      const hole = !(index in written);
      if (hole !== !(index in list)) return { path: at, written: hole ? HOLE : shownValue(written[index]), read: hole ? shownValue(list[index]) : HOLE };
      const found = readBackDifference(written[index], list[index], at);
      if (found !== null) return found;
    }
    return null;
  }
  const mapping = read as Record<string, unknown>;
  const keys = Object.keys(written);
  for (const key of keys) {
    if (!Object.hasOwn(mapping, key)) return { path: field(key), written: shownValue((written as Record<string, unknown>)[key]), read: NO_FIELD };
    const found = readBackDifference((written as Record<string, unknown>)[key], mapping[key], field(key));
    if (found !== null) return found;
  }
  const added = Object.keys(mapping).find((key) => !Object.hasOwn(written, key));
  return added === undefined ? null : { path: field(added), written: NO_FIELD, read: shownValue(mapping[added]) };
}
