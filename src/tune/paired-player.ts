/**
 * Plays a configuration's matches on a worker pool with each match's contribution to the
 * metrics asked for (`paired-chunk.ts`), for sweeps: the merged aggregate gives each
 * configuration's values, the contributions the paired differences between configurations.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { MatchFailureData } from '../core/match-runner.js';
import { emptyOutcomes, mergeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import type { UnitContributions } from '../stats/paired-difference.js';
import { playPairedChunk, type PairedChunkResult } from './paired-chunk.js';
import type { PairedChunkTask } from './paired-worker.js';

/** A configuration's matches, merged, with per-match contributions in match order. */
export interface PairedPlay {
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly failures: readonly MatchFailureData[];
  readonly contributions: Record<string, UnitContributions>;
}

/** The compiled worker file (worker threads run compiled code, also under the test runner). */
function pairedWorkerFile(): string {
  const beside = fileURLToPath(new URL('./paired-worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  const compiled = fileURLToPath(new URL('../../dist/src/tune/paired-worker.js', import.meta.url));
  if (existsSync(compiled)) return compiled;
  throw new Error('worker threads run compiled code: run "npm run build" first');
}

/** Plays configurations' matches on `workers` threads (or this one) with per-match contributions. */
export class PairedPlayer {
  private readonly pool: Piscina<PairedChunkTask, PairedChunkResult> | null;

  /** `workers` threads; 0 plays in this thread. */
  constructor(private readonly workers: number) {
    this.pool = workers > 0 ? new Piscina<PairedChunkTask, PairedChunkResult>({ filename: pairedWorkerFile(), minThreads: workers, maxThreads: workers }) : null;
  }

  /** Plays matches `0..matches-1` of `scenario`; contributions for `metrics` in match order. */
  async play(scenario: Scenario, matches: number, metrics: readonly string[], onPlayed?: (matches: number) => void): Promise<PairedPlay> {
    const { report, game } = scenario.entry;
    const size = Math.max(30, Math.ceil(matches / (Math.max(1, this.workers) * 4)));
    const ranges: [number, number][] = [];
    for (let from = 0; from < matches; from += size) ranges.push([from, Math.min(matches, from + size)]);
    const results = await Promise.all(
      ranges.map(async ([start, end]) => {
        const result = this.pool === null ? playPairedChunk(scenario, start, end, metrics) : await this.pool.run({ source: scenario.source, start, end, metrics });
        onPlayed?.(end - start);
        return result;
      }),
    );
    const aggregate: unknown = report.emptyAggregate();
    const outcomes = emptyOutcomes(game.seats.length);
    const failures: MatchFailureData[] = [];
    const contributions: Record<string, { numerator: number[]; denominator: number[] }> = {};
    const pooled = metrics.filter((metric) => results.every((result) => result.contributions[metric] !== undefined));
    for (const metric of pooled) contributions[metric] = { numerator: [], denominator: [] };
    // Chunks come back in range order: contributions stay in match order.
    for (const result of results) {
      report.mergeAggregates(aggregate, result.aggregate);
      mergeOutcomes(outcomes, result.outcomes);
      failures.push(...result.failures);
      for (const metric of pooled) {
        const from = result.contributions[metric] as UnitContributions;
        const into = contributions[metric] as { numerator: number[]; denominator: number[] };
        into.numerator.push(...from.numerator);
        into.denominator.push(...from.denominator);
      }
    }
    return { aggregate, outcomes, failures, contributions };
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
