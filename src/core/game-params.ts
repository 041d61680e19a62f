/**
 * The parameters a game's own functions are handed.
 *
 * A scenario's parameters are frozen, all the way down, once parsed: they are what summary.json
 * records, what a run's key and a ladder's level files read. Hordelab's own games read them as
 * they are. Any other game (a module, a library caller's object) gets a fresh copy at every call
 * that may keep them: a match (its setup, and every call of that match, get the one copy), a
 * check at load, a figure unit. Whatever it writes into them, in its setup (a clamp, items taken
 * off a list), in play (a list of its parameters kept in its state and changed), into a Map or a
 * Date they hold, changes that match alone, and no later match, shard, replay or worker count
 * sees it (review 29a: a setup taking one item off a list each match played later matches by
 * other rules, exit 0). Neither handing the frozen parameters to a game that leaves them alone
 * nor setting one copy back before each match held (review 29c, 29d: a frozen Map's entries, a
 * CommonJS game's writes ignored, accessors and array extras a set-back missed). The copy costs
 * each match time in proportion to the parameters' size, and a memo a game keys by its
 * parameters object is found only within a match.
 */
import type { AnyGame } from './game.js';

const OWN_GAMES = new WeakSet<object>();

/** Marks `game` as one of Hordelab's own, whose functions never write into their parameters. */
export function markOwnGame(game: object): void {
  OWN_GAMES.add(game);
}

/** Whether `game` is one of Hordelab's own. */
export function isOwnGame(game: AnyGame): boolean {
  return OWN_GAMES.has(game);
}

/** The last game found to be Hordelab's own: asked once a match, match after match (a WeakSet look-up a match was 2% of a tic-tac-toe chunk). */
let lastOwnGame: object | null = null;

/**
 * `params` as `game`'s functions get them: the frozen parameters themselves for Hordelab's own
 * games, else a fresh copy. Call it once a match: every call of that match gets what it returned.
 */
export function paramsFor<P>(game: AnyGame, params: P): P {
  // Stryker disable next-line ConditionalExpression: (false) the WeakSet below gives the same answer, slower
  if (game === lastOwnGame) return params;
  if (OWN_GAMES.has(game)) {
    lastOwnGame = game;
    return params;
  }
  return copyOfData(params);
}

/**
 * Deeper than this, a value is handed on as it is (parameters nest a few levels; YAML cannot make
 * a cycle a copy would follow forever). A game module's default that reaches deeper is refused at
 * load ({@link copiedDataProblem}).
 */
export const MAX_DEPTH = 100;

/**
 * A deep copy of plain data: objects with Object's prototype or none, arrays, and what they hold;
 * Maps and Sets with their entries copied so, Dates, typed arrays by their own bytes. Anything
 * else (a class instance, a function) is handed on as it is: copying would lose what it is.
 *
 * A value reached again inside itself (a cycle) is its copy again, so the copy holds itself where
 * the value does (review 30f: a Map default holding itself twice was copied 2^100 times). A value
 * reached twice side by side (a YAML alias) is copied twice, as two equal values: a game cannot
 * tell an alias from a copy, which a run's key and summary.json do not tell apart either (review
 * 30g: shards of the two merged, having played otherwise).
 */
export function copyOfData<T>(value: T, depth = 0, copies: Map<object, unknown> = new Map()): T {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  const known = copies.get(value);
  if (known !== undefined) return known as T;
  // `copies` holds the values being copied around this one (its ancestors), each with its copy.
  try {
    return copyOfObject(value, depth, copies);
  } finally {
    copies.delete(value);
  }
}

function copyOfObject<T extends object>(value: T, depth: number, copies: Map<object, unknown>): T {
  if (Array.isArray(value)) {
    // Spread copies a list of numbers or text fastest, a frozen one too (slice of a frozen list of
    // 200,000 took 5.7 ms, spread 0.8); only its objects are then copied one by one.
    const copy: unknown[] = [...(value as unknown[])];
    copies.set(value, copy);
    // Stryker disable next-line EqualityOperator: (<=) the item past the end is undefined, left as it is
    for (let i = 0; i < copy.length; i++) {
      const item = copy[i];
      // Stryker disable next-line ConditionalExpression,LogicalOperator: (true, ||) copyOfData hands a primitive back as it is; the test saves the call
      if (typeof item === 'object' && item !== null) copy[i] = copyOfData(item, depth + 1, copies);
    }
    return copy as T;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) {
    const copy: Record<string, unknown> = prototype === null ? (Object.create(null) as Record<string, unknown>) : {};
    copies.set(value, copy);
    for (const key of Object.keys(value)) {
      const item = copyOfData((value as Record<string, unknown>)[key], depth + 1, copies);
      // An own `__proto__` key (JSON.parse makes one) is data: assigned, it would set the copy's prototype (review 31d).
      // Stryker disable next-line ConditionalExpression: (true) defining every key so gives the same copy, as assigning does
      if (key === '__proto__') Object.defineProperty(copy, key, { value: item, writable: true, enumerable: true, configurable: true });
      else copy[key] = item;
    }
    return copy as T;
  }
  if (ArrayBuffer.isView(value)) return remembered(copies, value, compactCopy(value)) as T;
  // Their entries copied as any other value (review 30e: structuredClone copied a Buffer inside a
  // Map with its whole pool).
  if (value instanceof Map) {
    const copy = remembered(copies, value, new Map<unknown, unknown>());
    for (const [key, item] of value) copy.set(copyOfData(key, depth + 1, copies), copyOfData(item, depth + 1, copies));
    return copy as T;
  }
  if (value instanceof Set) {
    const copy = remembered(copies, value, new Set<unknown>());
    for (const item of value) copy.add(copyOfData(item, depth + 1, copies));
    return copy as T;
  }
  if (value instanceof Date) return remembered(copies, value, new Date(value.getTime())) as T;
  return value;
}

/** The most objects a game module's default may make when copied as {@link copyOfData} copies it. */
export const MAX_COPIED_OBJECTS = 1_000_000;
/**
 * The most entries (list items, keys, bytes) it may hold in all: a list is copied whole, holes
 * and all, for each match, and written whole into `summary.json` (review 31c: 5 million empty
 * slots took 41 s and 2.8 GB for 3 matches; past 2^24 keys freezing a list fails outright).
 */
export const MAX_COPIED_ENTRIES = 1_000_000;

/**
 * What keeps `value` (a game module's parameter default, one level down in the parameters) from
 * being copied as {@link copyOfData} copies the parameters, match after match, or null when
 * nothing does. The copy is walked as the copy walks
 * it, without making it: a part reached deeper than {@link MAX_DEPTH} levels would be handed on
 * uncopied, shared between matches (and 20,000 levels overflowed the stack); a value reached by
 * two ways is copied once for each way, so an object holding one value twice, 40 levels down, or
 * a board whose spaces hold their neighbours, copies into millions of objects (review 31a: a 5 × 5
 * grid made 6 million, 2.9 s a match); a list's length is copied whole, holes and all. A value
 * inside itself is copied as the copy keeps it: no further.
 */
export function copiedDataProblem(value: unknown, maxObjects = MAX_COPIED_OBJECTS, maxEntries = MAX_COPIED_ENTRIES): string | null {
  let objects = 0;
  let entries = 0;
  const within = new Set<object>();
  const tooDeep = `nested deeper than ${MAX_DEPTH} levels as each match's copy follows it (a chain or ring of objects each holding the next counts a level for each); expected data a copy can follow to its end`;
  const tooLarge = (what: string): string => `more than ${what} when copied (a part reached two ways is copied once for each, and each match gets a copy); expected fewer: build such parts in setup() instead`;
  // Recursion stops at MAX_DEPTH + 1 levels, so the stack stays small.
  const walk = (item: unknown, depth: number): string | null => {
    // Stryker disable next-line ConditionalExpression: (false) a number or text then reaches copiedParts, which hands it on as no part to copy
    if (typeof item !== 'object' || item === null) return null;
    // What the copy hands on as it is (a class instance, a function's object) it hands on at any depth.
    const parts = copiedParts(item);
    if (parts === null) return null;
    if (depth > MAX_DEPTH) return tooDeep;
    if (within.has(item)) return null;
    objects++;
    entries += parts.entries;
    if (objects > maxObjects) return tooLarge(`${maxObjects.toLocaleString('en-US')} objects`);
    if (entries > maxEntries) return tooLarge(`${maxEntries.toLocaleString('en-US')} entries`);
    within.add(item);
    try {
      for (const part of parts.walk()) {
        const problem = walk(part, depth + 1);
        if (problem !== null) return problem;
      }
      return null;
    } finally {
      within.delete(item);
    }
  };
  // A parameter sits one level down in the parameters each match copies (depth 0): a default's
  // own parts are reached one level deeper than in itself (review 31c).
  return walk(value, 1);
}

/**
 * What {@link copyOfData} makes of `value`: how many entries it copies (checked before any is
 * read), and the values inside it that it copies in turn; null for a value it hands on as it is.
 */
function copiedParts(value: object): { entries: number; walk: () => Iterable<unknown> } | null {
  if (Array.isArray(value)) return { entries: value.length, walk: () => value as unknown[] };
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) {
    const keys = Object.keys(value);
    return { entries: keys.length, walk: () => keys.map((key) => (value as Record<string, unknown>)[key]) };
  }
  // Stryker disable next-line ArrayDeclaration: a list of text for parts walks no further, as none does
  // A typed array's items, as summary.json writes them (a DataView's bytes); the copy is one block.
  if (ArrayBuffer.isView(value)) return { entries: value instanceof DataView ? value.byteLength : (value as unknown as ArrayLike<unknown>).length, walk: () => [] };
  if (value instanceof Map) return { entries: 2 * value.size, walk: () => [...value].flat() };
  if (value instanceof Set) return { entries: value.size, walk: () => value };
  // Stryker disable next-line ArrayDeclaration: a list of text for parts walks no further, as none does
  if (value instanceof Date) return { entries: 1, walk: () => [] };
  return null;
}

/** `copy`, remembered as `value`'s in `copies`. */
function remembered<C>(copies: Map<object, unknown>, value: object, copy: C): C {
  copies.set(value, copy);
  return copy;
}

/**
 * A typed array or DataView copied into a buffer of its own bytes alone. `structuredClone` copies
 * the whole buffer a view looks into: a Buffer YAML's `!!binary` gives sits in Node's 8 KB pool,
 * and a writer that reads the view's buffer (the yaml library's) wrote the pool, other modules'
 * source among it, into a ladder's level file, whose run then played other parameters (review
 * 30d). A Buffer comes back as a Uint8Array, as `structuredClone` gives it.
 */
function compactCopy(view: ArrayBufferView): ArrayBufferView {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength).slice();
  if (view instanceof DataView) return new DataView(bytes.buffer);
  const kind = (globalThis as unknown as Record<string, new (buffer: ArrayBufferLike) => ArrayBufferView>)[(view as unknown as { [Symbol.toStringTag]: string })[Symbol.toStringTag]];
  return kind === undefined ? bytes : new kind(bytes.buffer);
}
