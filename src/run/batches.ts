/**
 * Plays ranges of a scenario's matches on a shared worker pool and returns their merged
 * aggregate, for callers that decide as they go how many matches to play (balance checks,
 * tuning). The matches are the run's own: match i has the seed of match i of `hordelab run`.
 */
import type { MatchFailureData } from '../core/match-runner.js';
import { emptyOutcomes, mergeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import { InThreadPlayer, PooledPlayer, type ChunkPlayer } from './chunk-player.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS, WorkerPool } from './pool.js';

export interface BatchResult {
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly failures: MatchFailureData[];
}

export class BatchPlayer {
  private readonly pool: WorkerPool | null;

  /** `workers` threads; 0 plays in this thread. */
  constructor(private readonly workers: number) {
    this.pool = workers > 0 ? new WorkerPool(workers, { matchTimeoutMs: 1000 * DEFAULT_MATCH_TIMEOUT_SECONDS }) : null;
  }

  /** Plays matches `start..end-1` of `scenario` and merges what they contribute. */
  async play(scenario: Scenario, start: number, end: number): Promise<BatchResult> {
    const { report, game } = scenario.entry;
    const aggregate: unknown = report.emptyAggregate();
    const outcomes = emptyOutcomes(game.seats.length);
    const failures: MatchFailureData[] = [];
    const player: ChunkPlayer = this.pool === null ? new InThreadPlayer(scenario, false, false) : new PooledPlayer(this.pool, scenario, false);
    const chunks: [number, number][] = [];
    const size = Math.max(2, Math.ceil((end - start) / (Math.max(1, this.workers) * 4)));
    for (let from = start; from < end; from += size) chunks.push([from, Math.min(end, from + size)]);
    const results = await Promise.all(chunks.map(([from, to]) => player.play(from, to)));
    // Aggregates are exact integer sums: the order of merging cannot change them.
    for (const result of results) {
      if (result === null) throw new Error('the worker pool was closed while it played');
      report.mergeAggregates(aggregate, result.aggregate);
      mergeOutcomes(outcomes, result.outcomes);
      failures.push(...result.failures);
    }
    return { aggregate, outcomes, failures };
  }

  async close(): Promise<void> {
    await this.pool?.terminate();
  }
}
