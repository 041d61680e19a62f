/**
 * The order of a run: which chunks are in flight, and the order their results are written in.
 * Chunks are handed out in match order, several at a time so every worker stays busy with one
 * queued behind it, and their results come back strictly in match order whatever order they
 * finish in. Nothing is held once it has been handed on: a run of any length keeps at most
 * `maxInFlight` chunk results.
 */
import type { ChunkResult } from './play-chunk.js';

export interface SchedulerOptions {
  /** The match indices to play: `[start, end)`. */
  readonly start: number;
  readonly end: number;
  readonly chunkSize: number;
  /** Chunks handed out and not yet taken back in order. */
  readonly maxInFlight: number;
  /** Plays a chunk; resolves null when it was cancelled (the run was interrupted). */
  readonly play: (start: number, end: number) => Promise<ChunkResult | null>;
  /** Aborting stops the run: chunks already finished in order are still returned, the rest are not. */
  readonly signal?: AbortSignal | undefined;
}

interface InFlight {
  readonly promise: Promise<ChunkResult | null>;
  /** Set once the promise settles, so an abort can take the finished prefix without waiting. */
  settled: boolean;
}

/** Hands out the chunks of a range and takes their results back in match order. */
export class ChunkScheduler {
  /** Whether the run ended early, by an abort or a cancelled chunk. */
  interrupted = false;

  constructor(private readonly options: SchedulerOptions) {
    if (!(options.chunkSize >= 1) || !(options.maxInFlight >= 1)) throw new RangeError('chunk size and chunks in flight must be at least 1');
  }

  /**
   * The chunk results in match order. Stops early when the signal aborts (after the chunks that
   * had already finished, in order) or when a chunk is cancelled; then `interrupted` is true.
   * Breaking out of the loop leaves the chunks in flight to the player to stop.
   * @throws the first internal failure of a chunk, when its turn to be returned comes.
   */
  async *results(): AsyncGenerator<ChunkResult, void, undefined> {
    const { end, chunkSize, maxInFlight, play, signal } = this.options;
    const inFlight: InFlight[] = [];
    let submitted = this.options.start;
    for (;;) {
      while (signal?.aborted !== true && submitted < end && inFlight.length < maxInFlight) {
        const chunkEnd = Math.min(end, submitted + chunkSize);
        const entry: InFlight = { promise: play(submitted, chunkEnd), settled: false };
        const markSettled = (): void => {
          entry.settled = true;
        };
        // Failures surface when their turn to be returned comes; until then they are handled here.
        entry.promise.then(markSettled, markSettled);
        inFlight.push(entry);
        submitted = chunkEnd;
      }
      const next = inFlight[0];
      if (next === undefined) return;
      if (signal?.aborted === true && !next.settled) {
        this.interrupted = true;
        return;
      }
      // Once aborted, only a chunk that has already finished is waited for (not at all, then).
      const result = signal?.aborted === true ? await next.promise : await settledOrAborted(next.promise, signal);
      if (result === ABORTED) continue; // take what has finished in order, then stop
      inFlight.shift();
      if (result === null) {
        this.interrupted = true;
        return;
      }
      yield result;
    }
  }
}

const ABORTED = Symbol('aborted');

/**
 * Waits for `promise`, or for `signal` to abort, whichever comes first. The abort listener is
 * removed as soon as the promise settles: racing against one long-lived promise instead would
 * attach a reaction per wait that keeps every settled value (each chunk's CSV text) alive.
 */
export function settledOrAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
