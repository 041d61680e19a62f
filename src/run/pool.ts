/**
 * A pool of worker threads that play chunks of matches, one chunk per thread at a time, and
 * that survives its threads: a thread that dies (an agent calls `process.exit`, runs out of
 * memory, throws from a timer) or stays in one match longer than the match timeout is
 * replaced, and the chunk it held is reported as broken, naming the match it was in, for the
 * caller to replay. Written for this purpose rather than on a general pool because it must know
 * which match a thread is in, kill one thread, and stop every thread at once on Ctrl-C.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChunkResult } from './play-chunk.js';
import { PROGRESS_MATCHES_STARTED, PROGRESS_SLOTS, PROGRESS_TASK, type ChunkTask, type ReplyMessage, type TaskMessage } from './worker.js';

/** How a chunk ended in the pool. */
export type PoolOutcome =
  | { readonly kind: 'played'; readonly result: ChunkResult }
  /** The thread died or hung while playing match `matchIndex`; none of the chunk's results survive. */
  | { readonly kind: 'broken'; readonly matchIndex: number; readonly reason: string; readonly timedOut: boolean }
  /** The pool was terminated before the chunk ended. */
  | { readonly kind: 'cancelled' };

export interface PoolOptions {
  /** A match running longer than this is stopped by killing its thread; 0 for no limit. */
  readonly matchTimeoutMs: number;
}

/** How long a match may run by default before its thread is killed: far beyond any shipped scenario's slowest match. */
export const DEFAULT_MATCH_TIMEOUT_SECONDS = 60;

/** Where the worker entry lives: beside this file once compiled; from sources, the dist/ copy. */
export function workerFile(): string {
  const beside = fileURLToPath(new URL('./worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  const compiled = fileURLToPath(new URL('../../dist/src/run/worker.js', import.meta.url));
  if (existsSync(compiled)) return compiled;
  throw new Error('worker threads run compiled code: run "npm run build" first');
}

interface RunningTask {
  readonly id: number;
  readonly task: ChunkTask;
  readonly settle: (outcome: PoolOutcome) => void;
  readonly fail: (error: Error) => void;
  /** Matches started when the watchdog last looked, and when that count last changed. */
  seenStarted: number;
  seenAt: number;
}

interface Slot {
  worker: Worker | null;
  /** The thread's shared counter; each thread gets its own, so a dying one cannot write into its successor's. */
  progress: Int32Array;
  running: RunningTask | null;
  /** Why the thread failed, from its 'error' event, reported when it exits. */
  failure: string | null;
}

interface QueuedTask {
  readonly task: ChunkTask;
  readonly settle: (outcome: PoolOutcome) => void;
  readonly fail: (error: Error) => void;
}

/** A fixed number of worker threads playing {@link ChunkTask}s. */
export class WorkerPool {
  private readonly slots: Slot[];
  private readonly queue: QueuedTask[] = [];
  private readonly file = workerFile();
  private nextId = 1;
  private watchdog: NodeJS.Timeout | null = null;
  private terminated = false;

  /** `size` threads, started when first needed. */
  constructor(
    size: number,
    private readonly options: PoolOptions,
  ) {
    if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`a pool needs at least one thread, got ${size}`);
    this.slots = Array.from({ length: size }, () => ({
      worker: null,
      progress: newProgress(),
      running: null,
      failure: null,
    }));
  }

  /**
   * Plays `task` on the next free thread. Resolves with the chunk, or `broken` when its thread
   * died or hung, or `cancelled` after {@link terminate}.
   * @throws Error (rejects) on an internal failure outside any match, such as a scenario that
   *   no longer loads; the thread stays usable.
   */
  run(task: ChunkTask): Promise<PoolOutcome> {
    if (this.terminated) return Promise.resolve({ kind: 'cancelled' });
    return new Promise((settle, fail) => {
      this.queue.push({ task, settle, fail });
      this.dispatch();
    });
  }

  /** Stops every thread now, whatever it is doing; running and queued chunks are cancelled. */
  async terminate(): Promise<void> {
    this.terminated = true;
    this.stopWatchdog();
    for (const queued of this.queue.splice(0)) queued.settle({ kind: 'cancelled' });
    const exits: Promise<unknown>[] = [];
    for (const slot of this.slots) {
      const running = slot.running;
      slot.running = null;
      running?.settle({ kind: 'cancelled' });
      if (slot.worker !== null) exits.push(slot.worker.terminate());
      slot.worker = null;
    }
    await Promise.allSettled(exits);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.running !== null) continue;
      const queued = this.queue.shift() as QueuedTask;
      const worker = slot.worker ?? this.startWorker(slot);
      const id = this.nextId++;
      slot.running = { id, task: queued.task, settle: queued.settle, fail: queued.fail, seenStarted: -1, seenAt: Date.now() };
      worker.postMessage({ id, task: queued.task } satisfies TaskMessage);
      this.startWatchdog();
    }
  }

  private startWorker(slot: Slot): Worker {
    slot.progress = newProgress();
    const worker = new Worker(this.file, { workerData: { progress: slot.progress.buffer } });
    slot.worker = worker;
    slot.failure = null;
    worker.on('message', (reply: ReplyMessage) => {
      const running = slot.running;
      if (running === null || running.id !== reply.id) return;
      slot.running = null;
      if ('result' in reply) running.settle({ kind: 'played', result: reply.result });
      else running.fail(new Error(`matches ${running.task.start}..${running.task.end - 1}: internal failure in a worker thread: ${reply.error}`));
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return; // a thread already let go of (timed out)
      slot.failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out of memory' : `worker thread failed: ${firstLine(error)}`;
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return; // terminated by us: already accounted for
      slot.worker = null;
      const running = slot.running;
      slot.running = null;
      if (running !== null) {
        running.settle({ kind: 'broken', matchIndex: this.matchInProgress(slot, running), reason: slot.failure ?? `worker exited with code ${code}`, timedOut: false });
      }
      if (!this.terminated) this.dispatch();
    });
    return worker;
  }

  /** The match a thread was in: the last one it started for this task (the first if none yet). */
  private matchInProgress(slot: Slot, running: RunningTask): number {
    const sameTask = Atomics.load(slot.progress, PROGRESS_TASK) === running.id;
    const started = sameTask ? Atomics.load(slot.progress, PROGRESS_MATCHES_STARTED) : 0;
    return Math.min(running.task.end - 1, running.task.start + Math.max(0, started - 1));
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

  /** Kills a thread whose match has not changed for longer than the match timeout. */
  private checkTimeouts(): void {
    const now = Date.now();
    for (const slot of this.slots) {
      const running = slot.running;
      if (running === null || slot.worker === null) continue;
      const sameTask = Atomics.load(slot.progress, PROGRESS_TASK) === running.id;
      const started = sameTask ? Atomics.load(slot.progress, PROGRESS_MATCHES_STARTED) : 0;
      // A thread still loading the scenario (its agent modules) is not in a match yet: a fresh
      // thread's start-up must not count against the first match's time.
      if (started === 0) continue;
      if (started !== running.seenStarted) {
        running.seenStarted = started;
        running.seenAt = now;
      } else if (now - running.seenAt > this.options.matchTimeoutMs) {
        // The slot lets go of the thread first, so its exit is not taken for another death and
        // no new chunk is handed to it while it stops.
        const stuck = slot.worker;
        slot.worker = null;
        slot.running = null;
        running.settle({ kind: 'broken', matchIndex: this.matchInProgress(slot, running), reason: `timed out after ${this.options.matchTimeoutMs / 1000} s (--match-timeout)`, timedOut: true });
        void stuck.terminate();
        this.dispatch();
      }
    }
  }
}

function newProgress(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(PROGRESS_SLOTS * Int32Array.BYTES_PER_ELEMENT));
}

function firstLine(error: Error): string {
  return (error.message ?? String(error)).split('\n')[0] ?? '';
}
