/**
 * Plays ranges of matches of any number of scenarios on one shared worker pool and merges their
 * tallies in match order, so results do not depend on worker count or chunking: aggregates are
 * exact integer sums, and per-match scores are concatenated by match index.
 */
import type { Piscina } from 'piscina';
import { emptyOutcomes, mergeOutcomes } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import { compiledWorkerFile, startThreadPool } from '../run/thread-pool.js';
import { mergeActionMix, playTally, type Tally } from './tally.js';
import type { TallyTask } from './tally-worker.js';

/** A mergeable tally of matches `0..matches` of one scenario (or of a continuing range). */
export interface RunningTally {
  matches: number;
  aggregate: unknown;
  outcomes: Tally['outcomes'];
  actionMix: Tally['actionMix'];
  scores: number[];
}

/** A match of a tally that failed (its agent threw, or its worker thread died), by index. */
export class TallyFailure extends Error {
  constructor(
    message: string,
    /** The failed match, or the first match of the range a dead thread was playing. */
    readonly matchIndex: number,
  ) {
    super(message);
    this.name = 'TallyFailure';
  }
}

export class TallyPlayer {
  private readonly pool: Piscina<TallyTask, Tally> | null;

  /** `workers` threads; 0 plays in this thread. */
  constructor(private readonly workers: number) {
    this.pool = workers > 0 ? startThreadPool<TallyTask, Tally>(compiledWorkerFile('ladder/tally-worker.js'), workers) : null;
  }

  /** An empty tally for `scenario`. */
  static empty(scenario: Scenario): RunningTally {
    const seats = scenario.entry.game.seats.length;
    return { matches: 0, aggregate: scenario.entry.report.emptyAggregate(), outcomes: emptyOutcomes(seats), actionMix: Array.from({ length: seats }, () => ({})), scores: [] };
  }

  /**
   * Plays matches `tally.matches..end-1` of `scenario` into `tally`.
   * @throws TallyFailure naming the first failed match and its seed.
   */
  async extend(scenario: Scenario, tally: RunningTally, end: number): Promise<void> {
    const start = tally.matches;
    if (end <= start) return;
    const size = Math.max(2, Math.ceil((end - start) / (Math.max(1, this.workers) * 4)));
    const ranges: [number, number][] = [];
    for (let from = start; from < end; from += size) ranges.push([from, Math.min(end, from + size)]);
    const results = await Promise.all(
      ranges.map(([from, to]) =>
        this.pool === null
          ? Promise.resolve(playTally(scenario, from, to))
          : this.pool.run({ source: scenario.source, start: from, end: to }).catch((error: unknown) => {
              // An agent that ends its thread (process.exit, out of memory) rejects the task.
              throw new TallyFailure(`a worker thread died playing matches ${from}..${to - 1}: ${error instanceof Error ? error.message : String(error)}`, from);
            }),
      ),
    );
    for (const result of results) {
      if (result.failure !== null) {
        // The message names the match, its run seed and match seed already.
        throw new TallyFailure(result.failure.message, result.failure.matchIndex);
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
