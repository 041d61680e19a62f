/**
 * `hordelab compare`: every metric two runs share, side by side, with the difference (second
 * minus first), its interval and a two-sided test. Many metrics are compared at once, so the
 * p-values are Holm-adjusted: a metric is flagged as changed when its adjusted p-value is below
 * α, which keeps the chance of flagging anything in a mere re-run (another seed, same rules)
 * at most α.
 */
import { meanDifferenceTest, holmAdjust, twoProportionTest, type DifferenceTest } from '../stats/tests.js';
import { table } from '../reports/format.js';
import { runMetrics, type Metric, type RunSummary } from './metrics.js';

export interface MetricComparison {
  readonly path: string;
  readonly kind: 'rate' | 'mean';
  readonly baseline: { readonly value: number; readonly lower: number; readonly upper: number; readonly n: number };
  readonly run: { readonly value: number; readonly lower: number; readonly upper: number; readonly n: number };
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  readonly pValue: number;
  /** Holm-adjusted over every compared metric. */
  readonly adjustedPValue: number;
  readonly changed: boolean;
}

export interface Comparison {
  readonly baseline: string;
  readonly run: string;
  readonly game: string;
  readonly alpha: number;
  readonly compared: number;
  readonly changed: number;
  /** Metrics only one of the runs has, or with no samples in one. */
  readonly skipped: readonly string[];
  /** Parameters that differ between the two scenarios, as `name: baseline → run`. */
  readonly parameterChanges: readonly string[];
  readonly metrics: readonly MetricComparison[];
}

const brief = (metric: Metric): MetricComparison['baseline'] => ({ value: metric.value, lower: metric.lower, upper: metric.upper, n: metric.n });

function testPair(a: Metric, b: Metric, confidence: number, designEffectA: number, designEffectB: number): DifferenceTest | null {
  if (a.n === 0 || b.n === 0) return null;
  if (a.kind === 'rate' && b.kind === 'rate') return twoProportionTest(a, b, confidence, designEffectA, designEffectB);
  if (a.kind === 'mean' && b.kind === 'mean') {
    if (a.n < 2 || b.n < 2) return null;
    return meanDifferenceTest({ mean: a.value, sd: a.sd, n: a.n }, { mean: b.value, sd: b.sd, n: b.n }, confidence, designEffectA, designEffectB);
  }
  return null;
}

export function compareRuns(baselineDir: string, baseline: RunSummary, runDir: string, run: RunSummary, alpha = 0.05): Comparison {
  const confidence = 1 - alpha;
  const before = new Map(runMetrics(baseline).map((metric) => [metric.path, metric]));
  const skipped: string[] = [];
  const pairs: { a: Metric; b: Metric; test: DifferenceTest }[] = [];
  // outcomes.bySeat.seat1.win is p1WinRate again: the same counts tested twice would only make
  // Holm's correction stricter for every other metric.
  const seen = new Set<string>();
  for (const b of runMetrics(run)) {
    const a = before.get(b.path);
    before.delete(b.path);
    const identity = b.kind === 'rate' && a?.kind === 'rate' ? `${a.successes}/${a.n}|${b.successes}/${b.n}` : null;
    if (identity !== null && seen.has(identity) && b.path.startsWith('outcomes.')) continue;
    if (identity !== null) seen.add(identity);
    const test = a === undefined ? null : testPair(a, b, confidence, baseline.designEffect, run.designEffect);
    if (a === undefined || test === null || Number.isNaN(test.pValue)) {
      skipped.push(b.path);
      continue;
    }
    pairs.push({ a, b, test });
  }
  skipped.push(...before.keys());
  const adjusted = holmAdjust(pairs.map(({ test }) => test.pValue));
  const metrics = pairs.map(({ a, b, test }, index): MetricComparison => {
    const adjustedPValue = adjusted[index] as number;
    return {
      path: b.path,
      kind: b.kind,
      baseline: brief(a),
      run: brief(b),
      difference: test.difference,
      lower: test.lower,
      upper: test.upper,
      pValue: test.pValue,
      adjustedPValue,
      changed: adjustedPValue < alpha,
    };
  });
  const parameterChanges: string[] = [];
  const names = new Set([...Object.keys(baseline.scenario.params), ...Object.keys(run.scenario.params)]);
  for (const name of names) {
    const x = JSON.stringify(baseline.scenario.params[name]);
    const y = JSON.stringify(run.scenario.params[name]);
    if (x !== y) parameterChanges.push(`${name}: ${x ?? '(none)'} → ${y ?? '(none)'}`);
  }
  return {
    baseline: baselineDir,
    run: runDir,
    game: run.scenario.game,
    alpha,
    compared: metrics.length,
    changed: metrics.filter((metric) => metric.changed).length,
    skipped,
    parameterChanges,
    metrics,
  };
}

const formatValue = (kind: 'rate' | 'mean', value: number): string => (kind === 'rate' ? `${(100 * value).toFixed(1)}%` : value.toFixed(2));
const formatDifference = (kind: 'rate' | 'mean', value: number): string => {
  const text = kind === 'rate' ? (100 * value).toFixed(1) : value.toFixed(2);
  return value >= 0 ? `+${text}` : text;
};

/** The comparison as text: changed metrics first, then the rest. */
export function formatComparison(comparison: Comparison, showAll: boolean): string {
  const lines: string[] = [];
  lines.push(`Comparing ${comparison.run} against the baseline ${comparison.baseline} (${comparison.game})`);
  if (comparison.parameterChanges.length > 0) lines.push(`Parameters changed: ${comparison.parameterChanges.join('; ')}`);
  lines.push(
    `${comparison.compared} shared metrics; ${comparison.changed} changed significantly (Holm-adjusted p < ${comparison.alpha}; rates in points, means in their units)`,
  );
  const rows = comparison.metrics.filter((metric) => showAll || metric.changed).sort((x, y) => Number(y.changed) - Number(x.changed) || x.adjustedPValue - y.adjustedPValue);
  if (rows.length === 0) {
    lines.push('No metric moved beyond what chance explains.');
    return lines.join('\n');
  }
  const header = ['', 'metric', 'baseline', 'run', `difference [${Math.round(100 * (1 - comparison.alpha))}%]`, 'p (adjusted)'];
  const body = rows.map((metric) => [
    metric.changed ? '*' : '',
    metric.path,
    formatValue(metric.kind, metric.baseline.value),
    formatValue(metric.kind, metric.run.value),
    `${formatDifference(metric.kind, metric.difference)} [${formatDifference(metric.kind, metric.lower)}, ${formatDifference(metric.kind, metric.upper)}]`,
    metric.adjustedPValue < 0.0001 ? '<0.0001' : metric.adjustedPValue.toFixed(4),
  ]);
  lines.push(table(header, body, 2));
  if (!showAll) lines.push(`(${comparison.compared - rows.length} unchanged metrics not shown; --all shows them)`);
  return lines.join('\n');
}
