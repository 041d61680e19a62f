/**
 * A pool of worker threads (piscina, see `thread-pool.ts`) that play chunks of matches, one chunk
 * per thread at a time, and that survives its threads: a thread that dies (an agent calls
 * `process.exit`, runs out of memory, throws from a timer) or stays in one match longer than the
 * match timeout is replaced, and the chunk it held is reported as broken, naming the match it was
 * in, for the caller to replay. Each chunk carries a shared counter its thread bumps as it starts
 * each match: that is how a dead or stuck thread's match is known, and how a stuck thread is told
 * apart from a slow one. A stuck thread is stopped by aborting its task, which piscina does by
 * terminating that thread and starting a fresh one.
 */
import type { Piscina } from 'piscina';
import { MetricFailure, WholeRunFailure, type MetricFailureData } from '../core/errors.js';
import type { ChunkResult } from './play-chunk.js';
import { compiledWorkerFile, startThreadPool } from './thread-pool.js';
import { PROGRESS_LOADING, PROGRESS_MATCHES_STARTED, PROGRESS_PLAYED_AGAIN, PROGRESS_SLOTS, type ChunkTask } from './worker.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS } from '../core/limits.js';

/** A range of matches a thread plays (the run's chunks, the ladder's tallies). */
export interface RangeTask {
  readonly start: number;
  readonly end: number;
}

/** What a pool's worker entry receives: the task and {@link PROGRESS_SLOTS} shared Int32 slots it bumps as each match starts. */
export interface ThreadTask<Task extends RangeTask> {
  readonly task: Task;
  /** A SharedArrayBuffer is shared, not copied, when posted. */
  readonly progress: SharedArrayBuffer;
}

/** A worker entry's answer: never a rejection, so a failure outside any match is told apart from a dead thread. */
export type ThreadReply<Result> = { readonly result: Result } | { readonly error: string } | { readonly metricFailure: MetricFailureData } | { readonly wholeRunFailure: string };

/** How a chunk ended in the pool. */
export type PoolOutcome<Result = ChunkResult> =
  | { readonly kind: 'played'; readonly result: Result }
  /** The thread died or hung while playing match `matchIndex`; none of the chunk's results survive. */
  | { readonly kind: 'broken'; readonly matchIndex: number; readonly reason: string; readonly timedOut: boolean }
  /** The pool was terminated before the chunk ended. */
  | { readonly kind: 'cancelled' };

export interface PoolOptions {
  /** A match running longer than this is stopped by killing its thread; 0 for no limit. */
  readonly matchTimeoutMs: number;
}

/** The least time a worker thread's load of the scenario's modules is given (see `checkTimeouts`). */
const MIN_LOAD_TIMEOUT_MS = 60_000;

/** Kept in `limits.ts`, which imports nothing: the flags' help says it before any pool is loaded. */
export { DEFAULT_MATCH_TIMEOUT_SECONDS };

/** Where the run's worker entry lives: beside this file once compiled; from sources, the dist/ copy. */
export function workerFile(): string {
  return compiledWorkerFile('run/worker.js');
}

/** A chunk handed to piscina and not yet settled. */
interface RunningTask<Task extends RangeTask, Result> {
  readonly task: Task;
  readonly progress: Int32Array;
  /** Aborting it makes piscina terminate the thread playing the chunk (or drop it from its queue). */
  readonly abort: AbortController;
  readonly settle: (outcome: PoolOutcome<Result>) => void;
  readonly fail: (error: Error) => void;
  /** Matches started when the watchdog last looked, and when that count last changed. */
  seenStarted: number;
  seenAgain: number;
  seenAt: number;
}

/**
 * A fixed number of worker threads playing ranges of matches: the run's {@link ChunkTask}s by
 * default, or any task of a worker entry (`file`) that answers {@link ThreadReply}s and counts
 * its matches' starts as the run's worker does (the ladder's tallies).
 */
export class WorkerPool<Task extends RangeTask = ChunkTask, Result = ChunkResult> {
  private readonly threads: Piscina<ThreadTask<Task>, ThreadReply<Result>>;
  /** Every chunk handed out and not yet settled, queued in piscina or playing. */
  private readonly running = new Set<RunningTask<Task, Result>>();
  private watchdog: NodeJS.Timeout | null = null;
  private terminated = false;
  private terminating: Promise<void> | null = null;

  /**
   * `size` threads, started now.
   * @throws RangeError when `size` is not a whole number ≥ 1.
   */
  constructor(
    size: number,
    private readonly options: PoolOptions,
    file: string = workerFile(),
  ) {
    this.threads = startThreadPool<ThreadTask<Task>, ThreadReply<Result>>(file, size);
  }

  /**
   * Plays `task` on the next free thread. Resolves with the chunk, or `broken` when its thread
   * died or hung, or `cancelled` after {@link terminate}.
   * @throws Error (rejects) on an internal failure outside any match, such as a scenario that
   *   no longer loads; the thread stays usable.
   */
  run(task: Task): Promise<PoolOutcome<Result>> {
    if (this.terminated) return Promise.resolve({ kind: 'cancelled' });
    return new Promise((settle, fail) => {
      const progress = new Int32Array(new SharedArrayBuffer(PROGRESS_SLOTS * Int32Array.BYTES_PER_ELEMENT));
      const running: RunningTask<Task, Result> = { task, progress, abort: new AbortController(), settle, fail, seenStarted: 0, seenAgain: 0, seenAt: 0 };
      this.running.add(running);
      this.startWatchdog();
      this.threads.run({ task, progress: progress.buffer as SharedArrayBuffer }, { signal: running.abort.signal }).then(
        (reply) => {
          if (!this.release(running)) return;
          if ('result' in reply) settle({ kind: 'played', result: reply.result });
          else if ('metricFailure' in reply) fail(MetricFailure.fromData(reply.metricFailure));
          else if ('wholeRunFailure' in reply) fail(new WholeRunFailure(reply.wholeRunFailure));
          else fail(new Error(`matches ${task.start}..${task.end - 1}: internal failure in a worker thread: ${reply.error}`));
        },
        (error: unknown) => {
          // Settled already when the watchdog stopped it or the pool was terminated.
          if (!this.release(running)) return;
          settle({ kind: 'broken', matchIndex: matchInProgress(running), reason: whyThreadDied(error), timedOut: false });
        },
      );
    });
  }

  /**
   * Stops every thread now, whatever it is doing; running and queued chunks are cancelled. Once:
   * a second call (an abort, then the owner's close) waits for the first.
   */
  terminate(): Promise<void> {
    this.terminating ??= this.stopThreads();
    return this.terminating;
  }

  private async stopThreads(): Promise<void> {
    this.terminated = true;
    this.stopWatchdog();
    const cancelled = [...this.running];
    this.running.clear();
    for (const running of cancelled) running.settle({ kind: 'cancelled' });
    await this.threads.destroy();
  }

  /** Takes `running` out of the pool's books; false when it was settled already. */
  private release(running: RunningTask<Task, Result>): boolean {
    const held = this.running.delete(running);
    if (this.running.size === 0) this.stopWatchdog();
    return held;
  }

  private startWatchdog(): void {
    if (this.watchdog !== null || this.options.matchTimeoutMs <= 0) return;
    const tick = Math.min(1000, Math.max(20, this.options.matchTimeoutMs / 5));
    this.watchdog = setInterval(() => this.checkTimeouts(), tick);
    // The watchdog alone must not keep the process alive.
    this.watchdog.unref();
  }

  private stopWatchdog(): void {
    if (this.watchdog !== null) clearInterval(this.watchdog);
    this.watchdog = null;
  }

  /**
   * Matches finished in the chunks still playing: each thread has started a number of its
   * chunk's matches, and every one before the last it started is over. Chunks already answered
   * are not counted (their caller has them).
   */
  matchesFinishedInFlight(): number {
    let finished = 0;
    for (const running of this.running) finished += Math.max(0, Atomics.load(running.progress, PROGRESS_MATCHES_STARTED) - 1);
    return finished;
  }

  /** Stops a thread whose match has not changed for longer than the match timeout. */
  private checkTimeouts(): void {
    const now = Date.now();
    for (const running of [...this.running]) {
      const started = Atomics.load(running.progress, PROGRESS_MATCHES_STARTED);
      // A chunk still queued is not in a match yet: a fresh thread's start-up must not count
      // against the first match's time. A thread loading the scenario's modules is timed apart,
      // by the longer of the match timeout and a minute: a module whose top level never settles
      // in a worker hung the run for good, the watchdog waiting for a first match that never
      // started (audit 36b). A load that outruns it is the whole run's failure, not a match's:
      // timed by the match timeout and blamed on the chunk's first match, a module that merely
      // loaded slowly failed matches that a replay then played (review 36e).
      if (started === 0) {
        const loadLimitMs = Math.max(this.options.matchTimeoutMs, MIN_LOAD_TIMEOUT_MS);
        if (Atomics.load(running.progress, PROGRESS_LOADING) === 0) {
          running.seenAt = 0;
        } else if (running.seenAt === 0) {
          running.seenAt = now;
        } else if (now - running.seenAt > loadLimitMs) {
          this.release(running);
          running.fail(new WholeRunFailure(`the scenario's modules did not finish loading in a worker thread within ${loadLimitMs / 1000} s (the longer of --match-timeout and ${MIN_LOAD_TIMEOUT_MS / 1000} s): a module whose top level never settles in a worker thread?`));
          running.abort.abort();
        }
        continue;
      }
      // Match 0 played again (the canary's plays) starts its time afresh too.
      const again = Atomics.load(running.progress, PROGRESS_PLAYED_AGAIN);
      if (started !== running.seenStarted || again !== running.seenAgain) {
        running.seenStarted = started;
        running.seenAgain = again;
        running.seenAt = now;
      } else if (now - running.seenAt > this.options.matchTimeoutMs) {
        this.stop(running, `timed out after ${this.options.matchTimeoutMs / 1000} s (--match-timeout)`);
      }
    }
  }

  /** Stops the thread playing `running`, whose match (or load) took longer than the match timeout. */
  private stop(running: RunningTask<Task, Result>, reason: string): void {
    // Settled before the abort, so piscina's rejection of the aborted task is not taken for a death.
    this.release(running);
    running.settle({ kind: 'broken', matchIndex: matchInProgress(running), reason, timedOut: true });
    running.abort.abort();
  }
}

/** The match a thread was in: the last one it started for this chunk (the first if none yet). */
function matchInProgress(running: { readonly task: RangeTask; readonly progress: Int32Array }): number {
  const started = Atomics.load(running.progress, PROGRESS_MATCHES_STARTED);
  return Math.min(running.task.end - 1, running.task.start + Math.max(0, started - 1));
}

/**
 * Why piscina gave up on a task: its thread ran out of memory, exited (piscina words it
 * "worker exited with code: 7"), or failed with an uncaught error.
 */
function whyThreadDied(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'out of memory';
  const message = firstLine(error);
  const exit = /^worker exited with code: ?(-?\d+)$/.exec(message);
  if (exit !== null) return `worker exited with code ${exit[1]}`;
  return `worker thread failed: ${message}`;
}

function firstLine(error: unknown): string {
  try {
    const message = error instanceof Error ? error.message : String(error);
    return message.split('\n')[0] ?? '';
  } catch {
    return 'a failure that cannot be described';
  }
}
