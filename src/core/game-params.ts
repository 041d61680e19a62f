/**
 * The parameters a game's own functions are handed.
 *
 * A scenario's parameters are frozen, all the way down, once parsed: they are what summary.json
 * records, what a run's key and a ladder's level files read, and what every match starts from.
 * Hordelab's own games read them as they are, and so does any other game whose setup leaves
 * them as they were: the first time a game is handed a set of parameters, its `setup` and
 * `maxLength` are tried on a copy, and the copy compared with the parameters, all the way down
 * (values, keys and their order, property kinds, array extras, Map and Set entries). A game whose
 * setup wrote into the copy (clamping a value, taking items off a list) is handed a fresh copy
 * at every call instead: its writes then change that match alone, and no later match, shard,
 * replay or worker count sees them (review 29a: a setup taking one item off a list each match
 * played later matches by other rules, exit 0). A fresh copy each match, not one copy set back in
 * place: setting back missed deleted keys' order, array extras, accessors and non-enumerable or
 * non-extensible parts (review 29c), and a figure unit built mid-match set back the match's
 * own copy. A game that writes into its parameters only later in a match (in `apply`) is handed
 * the frozen ones: the write throws (a plain assignment in a CommonJS module, which is not strict,
 * is ignored), so it cannot reach another match. The trial's setup runs once a thread, on the
 * first match that thread plays (a setup that counts its calls is the canary's to find).
 */
import type { AnyGame } from './game.js';
import { deepFreeze } from './read-only.js';

const OWN_GAMES = new WeakSet<object>();

/** Marks `game` as one of Hordelab's own, whose functions never write into their parameters. */
export function markOwnGame(game: object): void {
  OWN_GAMES.add(game);
}

/** Whether `game` is one of Hordelab's own. */
export function isOwnGame(game: AnyGame): boolean {
  return OWN_GAMES.has(game);
}

/** By game, then by parameters object: whether its setup writes into them (a fresh copy a call) or not (the parameters themselves). */
const WRITES = new WeakMap<object, WeakMap<object, boolean>>();

/**
 * `params` as `game`'s functions get them: the frozen parameters themselves for Hordelab's own
 * games and any game whose setup leaves them as they were; a fresh copy for one whose setup
 * writes into them. Call it once a match: every call of that match gets what it returned.
 */
export function paramsFor<P>(game: AnyGame, params: P): P {
  // Asked once a match with the same game and parameters, match after match: the last answer
  // that handed the parameters themselves is kept (two WeakSet and WeakMap look-ups a match were
  // 2% of a tic-tac-toe chunk).
  if (game === lastReader && params === lastParams) return params;
  if (OWN_GAMES.has(game) || typeof params !== 'object' || params === null) return remember(game, params);
  let byParams = WRITES.get(game);
  if (byParams === undefined) {
    byParams = new WeakMap();
    WRITES.set(game, byParams);
  }
  let writes = byParams.get(params);
  if (writes === undefined) {
    writes = setupWrites(game, params);
    byParams.set(params, writes);
  }
  return writes ? copyOfData(params) : remember(game, params);
}

/** The game and parameters of the last call that handed the parameters themselves. */
let lastReader: object | null = null;
let lastParams: unknown = undefined;

function remember<P>(game: object, params: P): P {
  lastReader = game;
  lastParams = params;
  return params;
}

/**
 * `params` for a check at load (validateParameters, maxLength) or a game's figure unit: the
 * parameters themselves for Hordelab's own games, a fresh copy for any other (no setup is tried:
 * one that never returned would hang the load, outside any match's time limit).
 */
export function paramsForCheck<P>(game: AnyGame, params: P): P {
  return OWN_GAMES.has(game) ? params : copyOfData(params);
}

/**
 * Whether `game.setup` or `game.maxLength` writes into `params`: into a copy (compared after), or
 * at all (a frozen copy, on which a write throws in strict code). True when either throws on
 * either copy: a copy a call is always safe.
 */
function setupWrites(game: AnyGame, params: object): boolean {
  const probe = copyOfData(params);
  try {
    game.setup(probe as never);
    game.maxLength(probe as never);
  } catch {
    return true;
  }
  if (!sameData(probe, params, 0)) return true;
  // A write of the value already there (a clamp within range) changes nothing a comparison sees,
  // yet throws on frozen parameters in strict code (review 28e): tried on a frozen copy too.
  const frozen = deepFreeze(copyOfData(params));
  try {
    game.setup(frozen as never);
    game.maxLength(frozen as never);
  } catch {
    return true;
  }
  return false;
}

/** Deeper than this, a value is handed on as it is (parameters nest a few levels; YAML cannot make a cycle a copy would follow forever). */
const MAX_DEPTH = 100;

/**
 * A deep copy of plain data: objects with Object's prototype or none, arrays, and what they hold;
 * Maps, Sets, Dates and typed arrays by `structuredClone`. Anything else (a class instance, a
 * function) is handed on as it is: copying would lose what it is.
 */
export function copyOfData<T>(value: T, depth = 0): T {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = copyOfData(value[i] as unknown, depth + 1);
    return copy as T;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) {
    const copy: Record<string, unknown> = prototype === null ? (Object.create(null) as Record<string, unknown>) : {};
    for (const key of Object.keys(value)) copy[key] = copyOfData((value as Record<string, unknown>)[key], depth + 1);
    return copy as T;
  }
  if (value instanceof Map || value instanceof Set || value instanceof Date || ArrayBuffer.isView(value)) return structuredClone(value);
  return value;
}

/**
 * Whether `a` (a copy a game was handed) is still `b` (what it was copied from) as data: the same
 * primitives (NaN equal to NaN, 0 and −0 apart), and objects with the same prototype, the same
 * own keys in the same order, each a plain writable, enumerable value that is again the same;
 * arrays, Maps, Sets, Dates and typed arrays alike by their contents. Parts `copyOfData` shares
 * compare by identity.
 */
function sameData(a: unknown, b: unknown, depth: number): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (a === b) return true;
  if (depth > MAX_DEPTH || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) || Object.isExtensible(a) !== true) return false;
  if (a instanceof Map) {
    const other = b as Map<unknown, unknown>;
    if (a.size !== other.size) return false;
    const entries = [...other];
    let i = 0;
    for (const [key, value] of a) {
      const [otherKey, otherValue] = entries[i++] as [unknown, unknown];
      if (!sameData(key, otherKey, depth + 1) || !sameData(value, otherValue, depth + 1)) return false;
    }
    return sameKeys(a, b, depth);
  }
  if (a instanceof Set) {
    const other = [...(b as Set<unknown>)];
    if (a.size !== other.length) return false;
    let i = 0;
    for (const value of a) if (!sameData(value, other[i++], depth + 1)) return false;
    return sameKeys(a, b, depth);
  }
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime()) && sameKeys(a, b, depth);
  if (ArrayBuffer.isView(a)) {
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array((b as ArrayBufferView).buffer, (b as ArrayBufferView).byteOffset, (b as ArrayBufferView).byteLength);
    if (x.length !== y.length || x.some((byte, i) => byte !== y[i])) return false;
    return Object.keys(a).length === Object.keys(b).length;
  }
  return sameKeys(a, b, depth);
}

/** Whether `a` and `b` have the same own keys in the same order (an array's length among them), each a writable, enumerable data property holding the same data. */
function sameKeys(a: object, b: object, depth: number): boolean {
  const keys = Reflect.ownKeys(a);
  const others = Reflect.ownKeys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string | symbol;
    if (key !== others[i]) return false;
    const mine = Object.getOwnPropertyDescriptor(a, key) as PropertyDescriptor;
    const theirs = Object.getOwnPropertyDescriptor(b, key) as PropertyDescriptor;
    if (!('value' in mine) || mine.enumerable !== theirs.enumerable) return false;
    // The frozen original's data properties are not writable: the copy's must be.
    if (mine.writable !== true) return false;
    if (!sameData(mine.value, theirs.value, depth + 1)) return false;
  }
  return true;
}
