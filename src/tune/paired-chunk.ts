/**
 * Each match's own contribution to the metrics of a sweep: what its paired differences are
 * computed from (`src/stats/paired-difference.ts`).
 *
 * A metric is a ratio Σx / Σy of whole counts merged over matches (a rate: successes over
 * trials; a mean: the sum of values over their count). Its per-match (x, y) are found without
 * reading any game's aggregate: the summary of (the window + the matches so far) is compared
 * before and after adding each match. Counts are additive, so the difference is exactly that
 * match's (x, y). The window's own total is the starting point so that every summary has enough
 * samples to skip small-sample bootstraps, which only widen intervals and never change counts.
 */
import { flattenMetrics, type Metric } from '../present/metrics.js';
import { emptyOutcomes, mergeOutcomes, summarizeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import type { AnyGameReport } from '../reports/report.js';
import type { UnitContributions } from '../stats/paired-difference.js';

/** What one match contributed: its aggregate and its outcome table, as a one-match batch returns them. */
export interface PlayedMatch {
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
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

/**
 * Per metric, one (x, y) per match of `matches`, in order; metrics that are not pooled ratios of
 * counts are left out.
 */
export function matchContributions(report: AnyGameReport, seats: number, matches: readonly PlayedMatch[], metrics: readonly string[]): Record<string, UnitContributions> {
  const cumulative: unknown = report.emptyAggregate();
  const cumulativeOutcomes = emptyOutcomes(seats);
  for (const match of matches) {
    report.mergeAggregates(cumulative, match.aggregate);
    mergeOutcomes(cumulativeOutcomes, match.outcomes);
  }
  const snapshot = (): { byPath: Map<string, Metric>; skip: Set<string> } => {
    const results = report.summarize(cumulative, 0.95);
    const all = [...flattenMetrics(results), ...flattenMetrics(summarizeOutcomes(cumulativeOutcomes, 0.95), 'outcomes')];
    return { byPath: new Map(all.map((metric) => [metric.path, metric])), skip: unpooled(results) };
  };
  let before = snapshot();
  const wanted = metrics.filter((path) => !before.skip.has(path));
  const contributions: Record<string, { numerator: number[]; denominator: number[] }> = {};
  for (const path of wanted) contributions[path] = { numerator: [], denominator: [] };
  for (const match of matches) {
    report.mergeAggregates(cumulative, match.aggregate);
    mergeOutcomes(cumulativeOutcomes, match.outcomes);
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
  return contributions;
}
