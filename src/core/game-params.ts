/**
 * The parameters a game's own functions are handed.
 *
 * A scenario's parameters are frozen, all the way down, once parsed: they are what summary.json
 * records, what a run's key and a ladder's level files read, and what every match starts from.
 * Hordelab's own games read them as they are. Any other game (a module, a library caller's
 * object) gets a fresh, unfrozen copy at each call that may keep them (a match's setup and every
 * call of that match, a check at load): a setup that writes into its parameters, clamping a
 * value or taking items off a list, then changes that match alone, and no later match, shard or
 * worker count sees it (review 29a: a setup taking one item off a list each match played later
 * matches by other rules, and shards and replays gave other results than the run, exit 0).
 */
import type { AnyGame } from './game.js';

const OWN_GAMES = new WeakSet<object>();

/** Marks `game` as one of Hordelab's own (the registry's), whose functions never write into their parameters. */
export function markOwnGame(game: AnyGame): void {
  OWN_GAMES.add(game);
}

/** Whether `game` is one of Hordelab's own. */
export function isOwnGame(game: AnyGame): boolean {
  return OWN_GAMES.has(game);
}

/** `params` as `game`'s functions get them: the frozen parameters themselves for Hordelab's own games, else a fresh copy. */
export function paramsFor<P>(game: AnyGame, params: P): P {
  return OWN_GAMES.has(game) ? params : copyOfData(params);
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
