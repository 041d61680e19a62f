/**
 * What a scenario file can write so that it reads back: no part that holds itself, and as a
 * Map's keys and a Set's members YAML 1.1's `!!omap` and
 * `!!set` take plain values (text, a number, true or false, null, a date) as keys, and a
 * `!!set`'s are read as text, so two that read alike are one. A value a scenario file cannot
 * write so that it reads back is refused where it would be written: the library's `run()`, whose
 * scenario object is written as YAML, and a game module's default, which a ladder's level files
 * and a tuned scenario write (review 32e: a Map keyed by an object made level files no reader
 * took, and `undefined` became null).
 */
import { taggedData, taggedText } from './tagged-data.js';

/** The first key of `container` a scenario file cannot write, with its path (`m[0]`) and why; null when none. */
export function writtenKeyProblem(container: Map<unknown, unknown> | Set<unknown>, path: string): { path: string; message: string } | null {
  const isMap = container instanceof Map;
  const seen = new Map<string, unknown>();
  let index = 0;
  for (const key of isMap ? container.keys() : container.values()) {
    const at = `${path}[${index++}]`;
    const plain = typeof key === 'string' || typeof key === 'boolean' || key === null || (typeof key === 'number' && Number.isFinite(key)) || (key instanceof Date && key.getUTCFullYear() >= 100 && key.getUTCFullYear() <= 9999);
    if (!plain) return { path: at, message: `got a ${isMap ? 'Map key' : 'Set member'} ${shown(key)}; expected text, a finite number, true or false, null or a Date of years 100 to 9999, as a scenario file's ${isMap ? '!!omap' : '!!set'} takes` };
    if (isMap) continue;
    const text = key instanceof Date ? key.toISOString() : String(key);
    if (seen.has(text)) return { path: at, message: `got the Set members ${shown(seen.get(text))} and ${shown(key)}, which a scenario file's !!set reads as one; expected members apart as text` };
    seen.set(text, key);
  }
  return null;
}

/** `value` as a reader knows it: `"1"`, `-0`, `{"x":1}`. */
const shown = (value: unknown): string => taggedText(taggedData(value));

/**
 * The path of a part of `value` found again inside itself (`spaces[0]`; '' for the value itself),
 * or null when none is. A part reached many ways is read once (`cleared`).
 */
export function selfHoldingPath(value: unknown): string | null {
  const within = new Set<object>();
  const cleared = new Set<object>();
  const walk = (item: unknown, path: string): string | null => {
    if (typeof item !== 'object' || item === null || ArrayBuffer.isView(item) || cleared.has(item)) return null;
    if (within.has(item)) return path;
    within.add(item);
    const parts: [unknown, string][] =
      item instanceof Map
        ? [...item].flatMap(([key, entry], index): [unknown, string][] => [[key, `${path}[${index}]`], [entry, typeof key === 'string' ? `${path}${path === '' ? '' : '.'}${key}` : `${path}[${index}]`]])
        : item instanceof Set
          ? [...item].map((member, index): [unknown, string] => [member, `${path}[${index}]`])
          : Object.keys(item).map((key): [unknown, string] => [(item as Record<string, unknown>)[key], Array.isArray(item) ? `${path}[${key}]` : `${path}${path === '' ? '' : '.'}${key}`]);
    for (const [part, at] of parts) {
      const found = walk(part, at);
      if (found !== null) return found;
    }
    within.delete(item);
    cleared.add(item);
    return null;
  };
  return walk(value, '');
}
