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
  // An own `__proto__` key is data (JSON.parse makes one): written as `$__proto__`, which no key of
  // the data's own reads as (those starting with `$` get one more), since assigned it would set the
  // prototype and vanish (review 31d), and written as it is no summary.json could be read (31e).
  for (const key of Object.keys(object)) fields[key.startsWith('$') || key === '__proto__' ? `$${key}` : key] = inner((object as Record<string, unknown>)[key]);
  const prototype: unknown = Object.getPrototypeOf(object);
  if (prototype === Object.prototype || prototype === null) return fields;
  // A class instance: its own fields, under the name of its class (its methods are its module's, which a run's key hashes).
  const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
  return { [`$instance ${typeof name === 'string' ? name : ''}`]: fields };
}

/**
 * A value as {@link taggedData} records it, written back as a reader knows it: `-0`, `NaN`,
 * `12n`, `Map(1) {"a" => 1}`, `Set(2) {1, 2}`, `Date 1970-01-01T00:00:00.000Z`, `Point {"x":1}`
 * for a class instance, `function f`; plain data as its JSON. Only for showing a value (`compare`'s changed
 * parameters, a refused `--resume`'s differing parts): what is compared is the recorded form
 * (audit 30c: `0 → {"$number":"-0"}`).
 */
export function taggedText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(taggedText).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  const [tag, inner] = entries[0] ?? ['', undefined];
  if (entries.length === 1 && tag.startsWith('$') && !tag.startsWith('$$') && tag !== '$__proto__') {
    if (tag === '$number' && typeof inner === 'string') return inner;
    if (tag === '$bigint' && typeof inner === 'string') return `${inner}n`;
    if (tag === '$undefined') return 'undefined';
    if (tag === '$hole') return '<empty>';
    // What no data reads as: a function, a symbol, a part written again or too deep (review 32c: shown as their JSON, they read as plain objects with those keys).
    if (tag === '$function' && typeof inner === 'string') return `function ${inner === '' ? '(anonymous)' : inner}`;
    if (tag === '$symbol' && typeof inner === 'string') return `Symbol(${inner})`;
    if (tag === '$cycle' && typeof inner === 'number') return `<itself, ${inner} level${inner === 1 ? '' : 's'} up>`;
    if (tag === '$deep') return '<deeper than recorded>';
    if (tag === '$Date' && typeof inner === 'number' && Number.isFinite(inner) && Math.abs(inner) <= 8.64e15) return `Date ${new Date(inner).toISOString()}`;
    if (tag === '$Date' && taggedText(inner) === 'NaN') return 'Invalid Date';
    // With their sizes, as Node shows them: an instance of a class named Map or Set shows none.
    if (tag === '$Map' && Array.isArray(inner)) return `Map(${inner.length}) {${inner.map((pair) => (Array.isArray(pair) ? `${taggedText(pair[0])} => ${taggedText(pair[1])}` : taggedText(pair))).join(', ')}}`;
    if (tag === '$Set' && Array.isArray(inner)) return `Set(${inner.length}) {${inner.map(taggedText).join(', ')}}`;
    if (/^\$[A-Z]\w*Array$|^\$DataView$|^\$Buffer$/.test(tag) && Array.isArray(inner)) return `${tag.slice(1)} [${inner.map(taggedText).join(', ')}]`;
    if (tag.startsWith('$instance ') && typeof inner === 'object' && inner !== null && !Array.isArray(inner)) return `${tag.slice('$instance '.length) || '(anonymous class)'} ${taggedText(inner)}`;
    return JSON.stringify(value);
  }
  // A plain object's own key starting with `$` was written with one more, and its own `__proto__` as `$__proto__`.
  return `{${entries.map(([key, item]) => `${JSON.stringify(key.startsWith('$$') || key === '$__proto__' ? key.slice(1) : key)}:${taggedText(item)}`).join(',')}}`;
}

/** The most objects {@link recordedShapeProblem} lets a value record. */
export const MAX_RECORDED_OBJECTS = 1_000_000;

/** The most entries (list items, keys, a Map's or Set's entries, a typed array's items) {@link recordedShapeProblem} lets a value record. */
export const MAX_RECORDED_ENTRIES = 1_000_000;

/**
 * What keeps `value` from being recorded (in `summary.json`, a run's key) as {@link taggedData}
 * writes it, without writing it: more than `maxLevels` levels of JSON (a Map's entry takes three,
 * `{"$Map": [[key, value]]}`, a Set's or a class instance's two), more than `maxObjects` objects
 * (a part reached two ways written once for each, review 31d: a class instance's board of spaces
 * holding their neighbours wrote a summary.json of 507 MB, which no command could read; a value
 * JSON cannot hold, such as NaN, -0 or undefined, is written as an object too, review 32b), or
 * more than `maxEntries` entries (review 32b: 3 MB of `!!binary` wrote a 43 MB summary.json).
 * Walked as {@link taggedData} walks, to the same depth; null when the value records fine.
 */
export function recordedShapeProblem(value: unknown, maxLevels: number, maxObjects = MAX_RECORDED_OBJECTS, maxEntries = MAX_RECORDED_ENTRIES): string | null {
  let objects = 0;
  let entries = 0;
  // Stryker disable next-line ArrayDeclaration: a list holding text finds no object in it, as an empty one
  const within: object[] = [];
  // The levels `item` takes as recorded, or -1 once a limit is passed. Recursion stops at
  // MAX_DEPTH, as taggedData's does.
  const levels = (item: unknown, depth: number): number => {
    if (typeof item === 'object' && item !== null && !within.includes(item) && depth < MAX_DEPTH) {
      if (++objects > maxObjects) return -1;
      entries += entryCount(item);
      if (entries > maxEntries) return -1;
      within.push(item);
      try {
        const [own, parts] = recordedParts(item);
        let deepest = 0;
        for (const part of parts) {
          const inner = levels(part, depth + 1);
          if (inner < 0) return -1;
          // Stryker disable next-line EqualityOperator: (>=) the same deepest either way
          if (inner > deepest) deepest = inner;
        }
        return own + deepest;
      } finally {
        within.pop();
      }
    }
    // What JSON holds as it is takes no level; the rest is written as a one-key object.
    if (typeof item === 'string' || typeof item === 'boolean' || item === null || (typeof item === 'number' && Number.isFinite(item) && !Object.is(item, -0))) return 0;
    return ++objects > maxObjects ? -1 : 1;
  };
  const recorded = levels(value, 0);
  if (recorded < 0 && entries > maxEntries) return `records more than ${maxEntries.toLocaleString('en-US')} entries (list items, keys, a typed array's items; a part reached two ways is written once for each); expected fewer`;
  if (recorded < 0) return `records more than ${maxObjects.toLocaleString('en-US')} objects (a part reached two ways is written once for each, and NaN, -0, undefined or a hole as an object); expected fewer`;
  if (recorded > maxLevels) return `nests ${recorded} levels as recorded (a Map's entry takes three, a Set's or a class instance's two); expected at most ${maxLevels}`;
  return null;
}

/** The entries {@link taggedData} writes for `object` (a list's holes count, a DataView's bytes). */
function entryCount(object: object): number {
  if (Array.isArray(object)) return object.length;
  if (object instanceof Map || object instanceof Set) return object.size;
  if (object instanceof Date) return 1;
  if (ArrayBuffer.isView(object)) return object instanceof DataView ? object.byteLength : (object as unknown as ArrayLike<unknown>).length;
  return Object.keys(object).length;
}

/** The levels {@link taggedData} writes around `object`'s parts, and those parts (a Map's keys and values, a hole in a list as one). */
function recordedParts(object: object): [number, Iterable<unknown>] {
  if (Array.isArray(object)) {
    // Stryker disable next-line ArrayDeclaration: a text part takes no level, as no part
    const items: unknown[] = [];
    for (let i = 0; i < object.length; i++) items.push(i in object ? object[i] : undefined);
    return [1, items];
  }
  if (object instanceof Map) return [object.size > 0 ? 3 : 2, [...object].flat()];
  if (object instanceof Set) return [2, object];
  if (object instanceof Date) return [1, [object.getTime()]];
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: (false) read as an instance, a view's own keys are its items, in two levels as well; a text part takes no level
  if (ArrayBuffer.isView(object)) return [2, object instanceof DataView ? [] : (object as unknown as Iterable<unknown>)];
  const values = Object.keys(object).map((key) => (object as Record<string, unknown>)[key]);
  const prototype: unknown = Object.getPrototypeOf(object);
  return [prototype === Object.prototype || prototype === null ? 1 : 2, values];
}
