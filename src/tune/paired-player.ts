/**
 * Plays a configuration's matches with each match's contribution to the metrics asked for
 * (`paired-chunk.ts`), for sweeps: the merged aggregate gives each configuration's values, the
 * contributions the paired differences between configurations. Each match is played as a batch
 * of its own on the run's worker pool (`BatchPlayer`), so its aggregate comes back alone; the
 * contributions are worked out here, a window of matches at a time.
 */
import type { MatchFailureData } from '../core/match-runner.js';
import { emptyOutcomes, mergeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import { BatchPlayer, playUntilFailure } from '../run/batches.js';
import type { Scenario } from '../scenario/scenario.js';
import type { UnitContributions } from '../stats/paired-difference.js';
import { matchContributions, type PlayedMatch } from './paired-chunk.js';

/** A configuration's matches, merged, with per-match contributions in match order. */
export interface PairedPlay {
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly failures: readonly MatchFailureData[];
  readonly contributions: Record<string, UnitContributions>;
}

/** Matches in flight and summarized together: enough to keep every thread busy, few enough to hold. */
const WINDOW = 256;

/** Plays configurations' matches on `workers` threads (or this one) with per-match contributions. */
export class PairedPlayer {
  private readonly player: BatchPlayer;

  /** `workers` threads; 0 plays in this thread; `matchTimeoutSeconds` as {@link BatchPlayer}'s. */
  constructor(
    private readonly workers: number,
    matchTimeoutSeconds?: number,
  ) {
    this.player = new BatchPlayer(workers, matchTimeoutSeconds);
  }

  /** Plays matches `0..matches-1` of `scenario`; contributions for `metrics` in match order. */
  async play(scenario: Scenario, matches: number, metrics: readonly string[], onPlayed?: (matches: number) => void): Promise<PairedPlay> {
    const { report, game } = scenario.entry;
    const aggregate: unknown = report.emptyAggregate();
    const outcomes = emptyOutcomes(game.seats.length);
    const failures: MatchFailureData[] = [];
    const contributions: Record<string, { numerator: number[]; denominator: number[] }> = {};
    let pooled: readonly string[] = metrics;
    for (let start = 0; start < matches; start += WINDOW) {
      const end = Math.min(matches, start + WINDOW);
      const played: PlayedMatch[] = new Array(end - start);
      // One lane per thread, in match order; every caller stops at a failed match.
      await playUntilFailure(end - start, this.workers, async (offset) => {
        const result = await this.player.play(scenario, start + offset, start + offset + 1);
        played[offset] = result;
        failures.push(...result.failures);
        return result.failures.length > 0;
      });
      if (failures.length > 0) break;
      onPlayed?.(end - start);
      for (const match of played) {
        report.mergeAggregates(aggregate, match.aggregate);
        mergeOutcomes(outcomes, match.outcomes);
      }
      const window = matchContributions(report, game.seats.length, played, pooled);
      // A metric is pooled or not by its kind: the first window decides for all.
      pooled = pooled.filter((metric) => window[metric] !== undefined);
      for (const metric of pooled) {
        const from = window[metric] as UnitContributions;
        const into = (contributions[metric] ??= { numerator: [], denominator: [] });
        into.numerator.push(...from.numerator);
        into.denominator.push(...from.denominator);
      }
    }
    for (const metric of Object.keys(contributions)) if (!pooled.includes(metric)) delete contributions[metric];
    failures.sort((a, b) => a.matchIndex - b.matchIndex);
    return { aggregate, outcomes, failures, contributions };
  }

  async close(): Promise<void> {
    await this.player.close();
  }
}
