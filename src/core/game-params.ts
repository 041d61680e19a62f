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

/** Deeper than this, a value is handed on as it is (parameters nest a few levels; YAML cannot make a cycle a copy would follow forever). */
const MAX_DEPTH = 100;

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
    for (const key of Object.keys(value)) copy[key] = copyOfData((value as Record<string, unknown>)[key], depth + 1, copies);
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

/** The most objects a game module's default may hold once copied as {@link copyOfData} copies it. */
export const MAX_COPIED_OBJECTS = 1_000_000;

/**
 * What keeps `value` (a game module's parameter default) from being copied as {@link copyOfData}
 * copies it, match after match: nesting deeper than `maxDepth` (a copy would hand the rest on
 * uncopied, and freezing it overflowed the stack at 20,000 levels), or more than `maxObjects`
 * objects once the parts it reaches twice side by side are copied apart (an object holding one
 * value twice, 40 levels down, is 2^40 objects copied). A value inside itself is no deeper and
 * no larger for it: the copy holds itself there too. Walked without recursion, each object once;
 * null when the value is fine.
 */
export function copiedDataProblem(value: unknown, maxDepth: number, maxObjects = MAX_COPIED_OBJECTS): string | null {
  if (typeof value !== 'object' || value === null) return null;
  // Each object's height (levels of objects from it down) and size (objects in its copy), once
  // every part below it is known; an object still being walked (an ancestor) counts as nothing.
  // The stack holds the path from `value` down, one part entered at a time.
  const height = new Map<object, number>();
  const size = new Map<object, number>();
  const onPath = new Set<object>([value]);
  const deeper = `nested deeper than ${maxDepth} levels; expected data a copy for each match can follow to its end`;
  const stack: { node: object; parts: object[]; next: number }[] = [{ node: value, parts: copiedParts(value), next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { node: object; parts: object[]; next: number };
    if (top.next < top.parts.length) {
      const part = top.parts[top.next++] as object;
      if (height.has(part) || onPath.has(part)) continue;
      if (stack.length >= maxDepth) return deeper;
      onPath.add(part);
      stack.push({ node: part, parts: copiedParts(part), next: 0 });
      continue;
    }
    stack.pop();
    onPath.delete(top.node);
    let deepest = 0;
    let objects = 1;
    for (const part of top.parts) {
      deepest = Math.max(deepest, height.get(part) ?? 0);
      objects += size.get(part) ?? 0;
    }
    // The levels from `value` down through this object's deepest part (it may have been reached
    // first at a shallower place).
    if (stack.length + deepest + 1 > maxDepth) return deeper;
    if (objects > maxObjects) {
      return `more than ${maxObjects.toLocaleString('en-US')} objects when copied (a part it holds twice is copied twice, and each match gets a copy); expected fewer: build shared parts in setup() instead`;
    }
    height.set(top.node, deepest + 1);
    size.set(top.node, objects);
  }
  return null;
}

/** The objects inside `value` that {@link copyOfData} copies in turn. */
function copiedParts(value: object): object[] {
  const parts: object[] = [];
  const add = (item: unknown): void => {
    if (typeof item === 'object' && item !== null) parts.push(item);
  };
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) add(item);
    return parts;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) {
    for (const key of Object.keys(value)) add((value as Record<string, unknown>)[key]);
  } else if (value instanceof Map) {
    for (const [key, item] of value) {
      add(key);
      add(item);
    }
  } else if (value instanceof Set) {
    for (const item of value) add(item);
  }
  return parts;
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
