/**
 * A value as JSON can hold it without losing what tells it apart. `JSON.stringify` writes -0 as
 * 0, NaN and ±Infinity as null, a Map or Set as {}, a BigInt not at all (it throws), and a class
 * instance as a plain object: two parameters or two figures that differ would read the same. A
 * run's key (whether shards merge, whether a run resumes) and the replay of match 0 that checks a
 * run is a function of its seed both compare values so (review 30b: shards of `tilt: 0` and
 * `tilt: -0` merged; a report's figures kept in a Map hid a count that changed).
 *
 * What JSON holds as it is stays as it is, so most values read as their JSON. Anything else
 * becomes an object of one key starting with `$` (`{"$number":"-0"}`, `{"$Map":[[k, v]]}`); a
 * plain object's own keys starting with `$` get one more, so no data reads as such a tag.
 */

/** Deeper than this a value is said to be deep, not followed (no data a scenario or figure holds nests so). */
const MAX_DEPTH = 200;

/** `value` as plain JSON data that tells apart the values JSON would write alike. */
export function taggedData(value: unknown): unknown {
  // Stryker disable next-line ArrayDeclaration: a string in the list of objects being followed is never the object looked for
  return tagged(value, [], 0);
}

function tagged(value: unknown, within: object[], depth: number): unknown {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : { $number: Object.is(value, -0) ? '-0' : String(value) };
    case 'string':
    case 'boolean':
      return value;
    case 'undefined':
      return { $undefined: null };
    case 'bigint':
      return { $bigint: value.toString() };
    case 'symbol':
      return { $symbol: value.description ?? '' };
    case 'function':
      return { $function: value.name };
  }
  if (value === null) return null;
  const object = value as object;
  if (within.includes(object)) return { $cycle: within.length - within.indexOf(object) };
  if (depth >= MAX_DEPTH) return { $deep: null };
  within.push(object);
  try {
    return taggedObject(object, within, depth + 1);
  } finally {
    within.pop();
  }
}

function taggedObject(object: object, within: object[], depth: number): unknown {
  const inner = (item: unknown): unknown => tagged(item, within, depth);
  if (Array.isArray(object)) {
    const items: unknown[] = [];
    for (let i = 0; i < object.length; i++) items.push(i in object ? inner(object[i]) : { $hole: null });
    return items;
  }
  if (object instanceof Map) return { $Map: [...object].map(([key, item]) => [inner(key), inner(item)]) };
  if (object instanceof Set) return { $Set: [...object].map(inner) };
  if (object instanceof Date) return { $Date: inner(object.getTime()) };
  if (ArrayBuffer.isView(object)) {
    const items = object instanceof DataView ? new Uint8Array(object.buffer, object.byteOffset, object.byteLength) : (object as unknown as ArrayLike<number | bigint>);
    return { [`$${object.constructor.name}`]: Array.from(items, inner) };
  }
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(object)) fields[key.startsWith('$') ? `$${key}` : key] = inner((object as Record<string, unknown>)[key]);
  const prototype: unknown = Object.getPrototypeOf(object);
  if (prototype === Object.prototype || prototype === null) return fields;
  // A class instance: its own fields, under the name of its class (its methods are its module's, which a run's key hashes).
  const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
  return { [`$instance ${typeof name === 'string' ? name : ''}`]: fields };
}
