/**
 * A synchronous call stopped when it runs too long, in this thread: V8 stops the script from a
 * watchdog thread (`vm`'s `timeout`), whatever code it is in (a game's or an agent's included),
 * so a call that never returns (a loop with no way out) ends instead of holding the command.
 */
import { Script } from 'node:vm';

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
  global[WATCHED] = call;
  try {
    watchedScript ??= new Script(`globalThis[Symbol.for(${JSON.stringify(WATCHED.description)})]()`);
    return { stopped: false, value: watchedScript.runInThisContext({ timeout: Math.ceil(timeoutMs) }) as T };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { stopped: true };
    throw error;
  } finally {
    global[WATCHED] = outer;
  }
}
