/**
 * Plays a range of a configuration's matches and returns, besides their merged aggregate, each
 * match's own contribution to the metrics asked for: what the paired differences of a sweep are
 * computed from (`src/stats/paired-difference.ts`).
 *
 * A metric is a ratio Σx / Σy of whole counts merged over matches (a rate: successes over
 * trials; a mean: the sum of values over their count). Its per-match (x, y) are found without
 * reading any game's aggregate: the summary of (chunk + the matches so far) is compared before
 * and after adding each match. Counts are additive, so the difference is exactly that match's
 * (x, y). The chunk's own total is the starting point so that every summary has enough samples
 * to skip small-sample bootstraps, which only widen intervals and never change counts.
 */
import type { MatchFailureData } from '../core/match-runner.js';
import { flattenMetrics, type Metric } from '../present/metrics.js';
import { emptyOutcomes, mergeOutcomes, summarizeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import { playChunk } from '../run/play-chunk.js';
import type { Scenario } from '../scenario/scenario.js';
import type { UnitContributions } from '../stats/paired-difference.js';

/** What one chunk of a configuration contributes. Plain data: it crosses thread boundaries. */
export interface PairedChunkResult {
  readonly start: number;
  readonly end: number;
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly failures: MatchFailureData[];
  /** Per metric, one (x, y) per match of `start..end-1` in order; absent for metrics that are not a pooled ratio of counts. */
  readonly contributions: Record<string, UnitContributions>;
}

/** The (x, y) of a metric in a summary; (0, 0) when it has no samples yet. */
function counts(metric: Metric | undefined): [number, number] {
  if (metric === undefined || metric.n === 0) return [0, 0];
  if (metric.kind === 'rate') return [metric.successes, metric.n];
  const sum = metric.value * metric.n;
  // Sums of whole values are whole: keep them exact so the bytes never depend on chunking.
  const whole = Math.round(sum);
  return [Math.abs(sum - whole) < 1e-6 * Math.max(1, Math.abs(sum)) ? whole : sum, metric.n];
}

/** Paths of the figures that are not pooled ratios of per-match counts (custom ratio figures). */
function unpooled(summary: unknown, prefix = '', into: Set<string> = new Set()): Set<string> {
  if (typeof summary !== 'object' || summary === null || Array.isArray(summary)) return into;
  const node = summary as Record<string, unknown>;
  if (node['kind'] === 'ratio' && typeof node['mean'] === 'number') into.add(prefix);
  for (const [key, child] of Object.entries(node)) unpooled(child, prefix === '' ? key : `${prefix}.${key}`, into);
  return into;
}

/** Plays matches `start..end-1` one at a time and records each one's (x, y) per metric. */
export function playPairedChunk(scenario: Scenario, start: number, end: number, metrics: readonly string[]): PairedChunkResult {
  const { report, game } = scenario.entry;
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(game.seats.length);
  const failures: MatchFailureData[] = [];
  const matches = [];
  for (let matchIndex = start; matchIndex < end; matchIndex++) {
    const played = playChunk(scenario, matchIndex, matchIndex + 1, false);
    report.mergeAggregates(aggregate, played.aggregate);
    mergeOutcomes(outcomes, played.outcomes);
    failures.push(...played.failures);
    matches.push(played);
  }
  const cumulative: unknown = report.emptyAggregate();
  report.mergeAggregates(cumulative, aggregate);
  const cumulativeOutcomes = emptyOutcomes(game.seats.length);
  mergeOutcomes(cumulativeOutcomes, outcomes);
  const snapshot = (): { byPath: Map<string, Metric>; skip: Set<string> } => {
    const results = report.summarize(cumulative, 0.95, 1);
    const all = [...flattenMetrics(results), ...flattenMetrics(summarizeOutcomes(cumulativeOutcomes, 0.95), 'outcomes')];
    return { byPath: new Map(all.map((metric) => [metric.path, metric])), skip: unpooled(results) };
  };
  let before = snapshot();
  const contributions: Record<string, { numerator: number[]; denominator: number[] }> = {};
  const wanted = metrics.filter((path) => !before.skip.has(path));
  for (const path of wanted) contributions[path] = { numerator: [], denominator: [] };
  for (const played of matches) {
    report.mergeAggregates(cumulative, played.aggregate);
    mergeOutcomes(cumulativeOutcomes, played.outcomes);
    const after = snapshot();
    for (const path of wanted) {
      const [x0, y0] = counts(before.byPath.get(path));
      const [x1, y1] = counts(after.byPath.get(path));
      const target = contributions[path] as { numerator: number[]; denominator: number[] };
      target.numerator.push(x1 - x0);
      target.denominator.push(y1 - y0);
    }
    before = after;
  }
  return { start, end, aggregate, outcomes, failures, contributions };
}
