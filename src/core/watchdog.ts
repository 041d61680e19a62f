/**
 * A synchronous call stopped when it runs too long, in this thread: V8 stops the script from a
 * watchdog thread (`vm`'s `timeout`), whatever code it is in (a game's or an agent's included),
 * so a call that never returns (a loop with no way out) ends instead of holding the command.
 */
import { Script } from 'node:vm';
import { matchesInPlayNow, setMatchesInPlay } from './unseeded-random.js';

// Stryker disable next-line StringLiteral: any key the script and this module share works alike
const WATCHED = Symbol.for('hordelab.watched');
/** Runs the function stored under {@link WATCHED}, as a script V8 can stop. */
let watchedScript: Script | null = null;

/** The longest timeout `vm` takes: 2³¹ − 1 ms (24 days). */
export const MAX_WATCHDOG_MS = 2 ** 31 - 1;

/**
 * `call()`'s value, or `{ stopped: true }` when it ran past `timeoutMs` (then stopped where it
 * was: what it left half-done is abandoned). A timeout that is not a whole number of
 * milliseconds in 1..{@link MAX_WATCHDOG_MS} (Infinity, 0 for none) runs `call()` unwatched.
 * Calls nest: an inner watch's timeout is its own.
 */
export function withinTimeout<T>(timeoutMs: number, call: () => T): { readonly stopped: false; readonly value: T } | { readonly stopped: true } {
  if (!(timeoutMs >= 1 && timeoutMs <= MAX_WATCHDOG_MS)) return { stopped: false, value: call() };
  const global = globalThis as unknown as Record<symbol, (() => unknown) | undefined>;
  const outer = global[WATCHED];
  // Whether the call itself threw. A stop cannot be caught inside the script (V8 ends it
  // uncatchably, then Node throws the timeout error outside it), so an error the call threw,
  // even one with the stop's code (thrown by a game or agent, or its own vm timeout), passes
  // here first and is told from a stop by this flag, not by what it looks like.
  let callThrew = false;
  // A stop skips the call's `finally` blocks: the count of matches in play is set back by hand.
  const matchesBefore = matchesInPlayNow();
  global[WATCHED] = () => {
    try {
      return call();
    } catch (error) {
      callThrew = true;
      throw error;
    }
  };
  try {
    watchedScript ??= new Script(`globalThis[Symbol.for(${JSON.stringify(WATCHED.description)})]()`);
    return { stopped: false, value: watchedScript.runInThisContext({ timeout: Math.ceil(timeoutMs) }) as T };
  } catch (error) {
    // Stryker disable next-line ConditionalExpression,OptionalChaining: the code is a second guard: what reaches here without the call throwing is Node's stop, short of a failure to enter the call at all (a stack already exhausted), which no test can set up
    if (!callThrew && (error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      setMatchesInPlay(matchesBefore);
      return { stopped: true };
    }
    throw error;
  } finally {
    global[WATCHED] = outer;
  }
}
