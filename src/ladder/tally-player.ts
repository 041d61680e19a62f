/**
 * Plays ranges of matches of any number of scenarios on one shared worker pool and merges their
 * tallies in match order, so results do not depend on worker count or chunking: aggregates are
 * exact integer sums, and per-match scores are concatenated by match index.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { emptyOutcomes, mergeOutcomes } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import { mergeActionMix, playTally, type Tally } from './tally.js';
import type { TallyReply, TallyTask } from './tally-worker.js';

/** Where the compiled worker lives (beside this file once built; from sources, the dist copy). */
function tallyWorkerFile(): string {
  const beside = fileURLToPath(new URL('./tally-worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  const compiled = fileURLToPath(new URL('../../dist/src/ladder/tally-worker.js', import.meta.url));
  if (existsSync(compiled)) return compiled;
  throw new Error('worker threads run compiled code: run "npm run build" first');
}

/** A mergeable tally of matches `0..matches` of one scenario (or of a continuing range). */
export interface RunningTally {
  matches: number;
  aggregate: unknown;
  outcomes: Tally['outcomes'];
  actionMix: Tally['actionMix'];
  scores: number[];
}

interface QueuedRange {
  readonly task: TallyTask;
  readonly settle: (tally: Tally) => void;
  readonly fail: (error: Error) => void;
}

/**
 * A fixed set of worker threads playing {@link TallyTask}s, one per thread at a time. Plain
 * `worker_threads` since the run's pool (src/run/pool.ts) plays chunks, not tallies, and the
 * project no longer depends on piscina.
 */
class TallyPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, QueuedRange>();
  private readonly queue: QueuedRange[] = [];

  constructor(size: number) {
    const file = tallyWorkerFile();
    for (let i = 0; i < size; i++) {
      const worker = new Worker(file);
      worker.on('message', (reply: TallyReply) => {
        const range = this.busy.get(worker);
        this.busy.delete(worker);
        this.idle.push(worker);
        if (range !== undefined) {
          if ('tally' in reply) range.settle(reply.tally);
          else range.fail(new Error(`matches ${range.task.start}..${range.task.end - 1}: internal failure in a worker thread: ${reply.error}`));
        }
        this.dispatch();
      });
      worker.on('error', (error: Error) => {
        const range = this.busy.get(worker);
        this.busy.delete(worker);
        range?.fail(new Error(`matches ${range.task.start}..${range.task.end - 1}: worker thread failed: ${error.message}`));
      });
      this.idle.push(worker);
    }
  }

  run(task: TallyTask): Promise<Tally> {
    return new Promise((settle, fail) => {
      this.queue.push({ task, settle, fail });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.idle.length > 0) {
      const worker = this.idle.pop() as Worker;
      const range = this.queue.shift() as QueuedRange;
      this.busy.set(worker, range);
      worker.postMessage(range.task);
    }
  }

  async destroy(): Promise<void> {
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    this.busy.clear();
    await Promise.allSettled(workers.map((worker) => worker.terminate()));
  }
}

export class TallyPlayer {
  private readonly pool: TallyPool | null;

  /** `workers` threads; 0 plays in this thread. */
  constructor(private readonly workers: number) {
    this.pool = workers > 0 ? new TallyPool(workers) : null;
  }

  /** An empty tally for `scenario`. */
  static empty(scenario: Scenario): RunningTally {
    const seats = scenario.entry.game.seats.length;
    return { matches: 0, aggregate: scenario.entry.report.emptyAggregate(), outcomes: emptyOutcomes(seats), actionMix: Array.from({ length: seats }, () => ({})), scores: [] };
  }

  /**
   * Plays matches `tally.matches..end-1` of `scenario` into `tally`.
   * @throws Error naming the failed match, its seed and the replay command.
   */
  async extend(scenario: Scenario, tally: RunningTally, end: number): Promise<void> {
    const start = tally.matches;
    if (end <= start) return;
    const size = Math.max(2, Math.ceil((end - start) / (Math.max(1, this.workers) * 4)));
    const ranges: [number, number][] = [];
    for (let from = start; from < end; from += size) ranges.push([from, Math.min(end, from + size)]);
    const results = await Promise.all(
      ranges.map(([from, to]) => (this.pool === null ? Promise.resolve(playTally(scenario, from, to)) : this.pool.run({ source: scenario.source, start: from, end: to }))),
    );
    for (const result of results) {
      if (result.failure !== null) {
        const { matchIndex, matchSeed, message } = result.failure;
        throw new Error(`${scenario.name}: match ${matchIndex} failed (match seed ${matchSeed}): ${message}`);
      }
    }
    const { report } = scenario.entry;
    for (const result of results) {
      report.mergeAggregates(tally.aggregate, result.aggregate);
      mergeOutcomes(tally.outcomes, result.outcomes);
      mergeActionMix(tally.actionMix, result.actionMix);
      for (const score of result.scores) tally.scores.push(score);
    }
    tally.matches = end;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
