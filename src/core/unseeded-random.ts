/**
 * `Math.random` refused while a match is played. A match is a pure function of its scenario, run
 * seed and index: an agent, a game or a metric module that drew from `Math.random` made runs that
 * differ from one another, a printed `reproduce:` line that plays something else, and output that
 * depends on how matches were split over workers (audit 28b), with exit 0. While any match is in
 * play, a call throws instead, and the match fails naming what was called; outside a match (a
 * library caller's own code, Hordelab's start-up) it is JavaScript's own.
 *
 * `Date.now` and `performance.now` are left alone: a time budget (`mcts`'s `timeMs`) reads the
 * clock by design, and says its results are not reproducible.
 */

import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** JavaScript's own `Math.random`, as it was when this module was first loaded. */
const unseeded = Math.random;
/** Matches in play in this thread (a match may be played inside another's agent). */
let matchesInPlay = 0;

/** Thrown by `Math.random` while a match is in play. */
export class UnseededRandomError extends Error {
  constructor(caller: string | null) {
    super(`Math.random was called during a match${caller === null ? ' (by an agent, the game, a metric module or an event sink)' : ` from ${caller}`}: its draws are not seeded, so the match could not be played again; draw from the seeded rng a seat or the rules are given`);
    this.name = 'UnseededRandomError';
  }
}

/**
 * Where the call came from: the file name and line of the first frame outside this module that
 * has a file (`mathrandom.mjs:1`; `[0].map(Math.random)` passes through Array's own, which has
 * none), or null. Read from V8's call sites, not the stack's text, whose file names may hold
 * spaces, parentheses or a `%` that no parse of the text sets apart (review 29a: `rnd (2).mjs`
 * was named `2).mjs`, a CommonJS `bad%zz.cjs` threw URI malformed). The name alone, not its
 * folder: the message reaches errors.csv, whose bytes must not depend on where the project lies
 * (review 28e).
 */
function callerOf(): string | null {
  const { prepareStackTrace, stackTraceLimit } = Error;
  let sites: unknown = undefined;
  try {
    Error.stackTraceLimit = 16;
    Error.prepareStackTrace = (_error, callSites) => callSites;
    const holder: { stack?: unknown } = {};
    // The frames above guardedRandom: the caller's first.
    Error.captureStackTrace(holder, guardedRandom);
    sites = holder.stack;
  } catch {
    // A module that froze Error (review 29c): the refusal is said without its caller.
    return null;
  } finally {
    try {
      Error.prepareStackTrace = prepareStackTrace;
      Error.stackTraceLimit = stackTraceLimit;
    } catch {
      // Frozen: nothing was changed.
    }
  }
  if (!Array.isArray(sites)) return null;
  for (const site of sites as NodeJS.CallSite[]) {
    // Another copy of this module (a game module importing Hordelab's build beside a test's
    // sources) installs its guard over this one: its frame is no caller either.
    if (site.getFunctionName() === 'guardedRandom') continue;
    const file = site.getFileName();
    if (typeof file !== 'string' || file === '') continue;
    return `${fileLabel(file)}:${String(site.getLineNumber() ?? '?')}`;
  }
  return null;
}

/** A frame's file as the message names it: its name without the folder; code from a `data:` URL as that. */
function fileLabel(file: string): string {
  if (file.startsWith('data:')) return 'code from a data: URL';
  let path = file;
  if (file.startsWith('file:')) {
    try {
      path = fileURLToPath(file);
    } catch {
      // A URL that names no file: its text, as it is.
    }
  }
  return basename(path.replace(/\\/g, '/'));
}

function guardedRandom(): number {
  if (matchesInPlay > 0) throw new UnseededRandomError(callerOf());
  return unseeded();
}

// Installed once per thread (each worker thread loads this module itself).
// Stryker disable next-line ConditionalExpression: (true) installing it again puts the same function in place
if (Math.random !== guardedRandom) Math.random = guardedRandom;

/** A match starts: `Math.random` throws until {@link leaveMatch}. (A pair of calls, not a callback: this runs once a match, and a closure a match is an allocation.) */
export function enterMatch(): void {
  matchesInPlay++;
}

/** The match that {@link enterMatch} began has ended, played or failed. */
export function leaveMatch(): void {
  matchesInPlay--;
}

/**
 * How many matches are in play, and setting it back: a call stopped by the watchdog
 * (`watchdog.ts`) ends where it was, without its `finally` blocks, so a match it stopped never
 * says it ended; the watchdog sets the count back to what it was when the call began.
 */
export function matchesInPlayNow(): number {
  return matchesInPlay;
}

export function setMatchesInPlay(count: number): void {
  matchesInPlay = count;
}
