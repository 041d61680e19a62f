/**
 * The parameters a game's own functions are handed.
 *
 * A scenario's parameters are frozen, all the way down, once parsed: they are what summary.json
 * records, what a run's key and a ladder's level files read, and what every match starts from.
 * Hordelab's own games read them as they are. Any other game (a module, a library caller's
 * object) gets a working copy, unfrozen, set back to the parameters as given before each match
 * (and each check at load): a setup that writes into its parameters, clamping a value or taking
 * items off a list, then changes that match alone, and no later match, shard or worker count sees
 * it (review 29a: a setup taking one item off a list each match played later matches by other
 * rules, and shards and replays gave other results than the run, exit 0). The copy is set back in
 * place, so it keeps its identity: a game that memoises what it derives from its parameters by
 * the parameters object finds its memo again, match after match, and its derived parts are the
 * same objects in every match, as with Hordelab's own games.
 */
import type { AnyGame } from './game.js';

const OWN_GAMES = new WeakSet<object>();

/** Marks `game` as one of Hordelab's own (the registry's), whose functions never write into their parameters. */
export function markOwnGame(game: object): void {
  OWN_GAMES.add(game);
}

/** Whether `game` is one of Hordelab's own. */
export function isOwnGame(game: AnyGame): boolean {
  return OWN_GAMES.has(game);
}

/** Working copies of the parameters, by the frozen parameters they are set back to (one a thread). */
const WORKING = new WeakMap<object, unknown>();

/**
 * `params` as `game`'s functions get them: the frozen parameters themselves for Hordelab's own
 * games; else the working copy of them, set back to them first. The copy handed out before stays
 * in use only until the next call, so call it once a match.
 */
export function paramsFor<P>(game: AnyGame, params: P): P {
  if (OWN_GAMES.has(game) || typeof params !== 'object' || params === null) return params;
  const working = WORKING.get(params);
  let reset: unknown;
  try {
    reset = working === undefined ? copyOfData(params) : setBack(working, params, 0);
  } catch {
    // A part the game froze, or made read-only: a fresh copy instead.
    reset = copyOfData(params);
  }
  WORKING.set(params, reset);
  return reset as P;
}

/**
 * `target` set back to `source` in place where both are plain objects or arrays (keys the game
 * added removed, values written back, recursively), else a fresh copy of `source`.
 * @throws TypeError where the game froze a part of the copy.
 */
function setBack(target: unknown, source: unknown, depth: number): unknown {
  if (typeof source !== 'object' || source === null || depth > MAX_DEPTH) return source;
  if (typeof target !== 'object' || target === null) return copyOfData(source, depth);
  if (Array.isArray(source)) {
    if (!Array.isArray(target)) return copyOfData(source, depth);
    target.length = source.length;
    for (let i = 0; i < source.length; i++) target[i] = setBack(target[i], source[i], depth + 1);
    return target;
  }
  const prototype: unknown = Object.getPrototypeOf(source);
  if ((prototype !== Object.prototype && prototype !== null) || Object.getPrototypeOf(target) !== prototype || Array.isArray(target)) return copyOfData(source, depth);
  const into = target as Record<string, unknown>;
  const from = source as Record<string, unknown>;
  for (const key of Reflect.ownKeys(into)) if (typeof key !== 'string' || !Object.prototype.hasOwnProperty.call(from, key)) delete into[key as string];
  for (const key of Object.keys(from)) into[key] = setBack(into[key], from[key], depth + 1);
  return into;
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
