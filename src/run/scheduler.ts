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
  /** Matches per chunk: a fixed number, or a sizer that picks each chunk's size as the run goes. */
  readonly chunkSize: number | ChunkSizer;
  /** Chunks handed out and not yet taken back in order. */
  readonly maxInFlight: number;
  /** Plays a chunk; resolves null when it was cancelled (the run was interrupted). */
  readonly play: (start: number, end: number) => Promise<ChunkResult | null>;
  /** Aborting stops the run: chunks already finished in order are still returned, the rest are not. */
  readonly signal?: AbortSignal | undefined;
}

/** Picks the size of each chunk as it is handed out, hearing how many matches have come back. */
export interface ChunkSizer {
  /** The size of the next chunk, `remaining` matches being left to hand out (at least 1). */
  next(remaining: number): number;
  /** `matches` more matches came back, in order, played in `playMs` milliseconds of their thread. */
  returned(matches: number, playMs: number): void;
}

/**
 * Chunks that grow until each holds about `targetMs` of play on one lane (a worker thread),
 * from the rate the lanes played the chunks that came back (each chunk's own play time, as its
 * thread measured it): a fast game's chunks of a few milliseconds each cost a round trip to the
 * thread, a message and a merge, which is a large share of a tic-tac-toe run, while a slow game
 * keeps the initial size. Never below the initial size nor above `maximum`, and near the end no
 * more than an even share of what is left for two chunks a lane, so the lanes finish together.
 *
 * The rate is not read from when results arrive: they are taken in match order, so the chunks
 * finished behind a slower one arrive together, and a rate read from arrival times jumped at each
 * such burst. The chunk handed out then was several times the others, and the other lanes, once
 * their in-flight chunks were done, waited for it (a third of a second idle per worker was seen
 * in a 2-worker Zombie Trainers run). A run's output does not depend on chunk sizes, so using
 * measured times here is harmless.
 */
export class AdaptiveChunkSizer implements ChunkSizer {
  /** Matches that came back with a play time, and the milliseconds their lanes spent on them. */
  private playedMatches = 0;
  private playedMs = 0;
  /** The largest size handed out so far. */
  largest = 0;

  constructor(
    private readonly initial: number,
    private readonly maximum: number,
    private readonly lanes: number,
    private readonly targetMs: number,
  ) {
    if (!(initial >= 1) || !(maximum >= initial) || !(lanes >= 1) || !(targetMs > 0)) throw new RangeError('an adaptive chunk size needs 1 <= initial <= maximum, lanes >= 1 and a positive target');
  }

  next(remaining: number): number {
    let size = this.initial;
    if (this.playedMs > 0) {
      const perLaneMs = this.playedMatches / this.playedMs;
      const evenShare = Math.ceil(remaining / (2 * this.lanes));
      size = Math.max(this.initial, Math.min(this.maximum, Math.floor(perLaneMs * this.targetMs), evenShare));
    }
    this.largest = Math.max(this.largest, Math.min(size, remaining));
    return size;
  }

  returned(matches: number, playMs: number): void {
    // A chunk whose time is not a positive number (a chunk of failures only, or a clock that did
    // not move) says nothing about the rate.
    if (!(playMs > 0)) return;
    this.playedMatches += matches;
    this.playedMs += playMs;
  }
}

/** A sizer that always answers `size`. */
class FixedChunkSizer implements ChunkSizer {
  constructor(private readonly size: number) {}
  next(): number {
    return this.size;
  }
  returned(): void {}
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
  private readonly sizer: ChunkSizer;

  constructor(private readonly options: SchedulerOptions) {
    if ((typeof options.chunkSize === 'number' && !(options.chunkSize >= 1)) || !(options.maxInFlight >= 1)) throw new RangeError('chunk size and chunks in flight must be at least 1');
    this.sizer = typeof options.chunkSize === 'number' ? new FixedChunkSizer(options.chunkSize) : options.chunkSize;
  }

  /**
   * The chunk results in match order. Stops early when the signal aborts (after the chunks that
   * had already finished, in order) or when a chunk is cancelled; then `interrupted` is true.
   * Breaking out of the loop leaves the chunks in flight to the player to stop.
   * @throws the first internal failure of a chunk, when its turn to be returned comes.
   */
  async *results(): AsyncGenerator<ChunkResult, void, undefined> {
    const { end, maxInFlight, play, signal } = this.options;
    const sizer = this.sizer;
    const inFlight: InFlight[] = [];
    let submitted = this.options.start;
    for (;;) {
      while (signal?.aborted !== true && submitted < end && inFlight.length < maxInFlight) {
        const chunkEnd = Math.min(end, submitted + sizer.next(end - submitted));
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
      sizer.returned(result.end - result.start, result.playMs);
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
