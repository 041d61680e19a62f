/**
 * Comparing two runs: differences of rates and of means with their intervals and tests, and a
 * multiple-comparison correction for when many metrics are compared at once.
 */
import { normalCdf, studentTCdf, studentTQuantile } from './distributions.js';
import { DEFAULT_CONFIDENCE, effectiveRateInterval } from './rate-interval.js';

/** A difference (second run minus first) with its interval and a two-sided test. */
export interface DifferenceTest {
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  /** The test statistic (a z or t score). */
  readonly z: number;
  /** Two-sided p-value of "no difference". */
  readonly pValue: number;
}

/** Counts of one rate: successes out of n, with its measured design effect (1 for independent trials). */
export interface RateCounts {
  readonly successes: number;
  readonly n: number;
  readonly designEffect?: number;
  readonly clusters?: number;
}

/**
 * Rate b − rate a from independent runs. Interval: Newcombe's hybrid score method (his method
 * 10, Statistics in Medicine 17, 1998), built from the two rates' intervals, which keeps good
 * coverage near 0 and 1 where a Wald interval does not. Test: the pooled two-proportion test.
 * Each run's trials count as n / designEffect (Kish's effective sample), its own measured
 * design effect: clustered trials carry less information than their count, antithetic pairs more.
 *
 * A measured design effect is an estimate from the run's clusters, so the statistic is referred
 * to Student's t with Welch–Satterthwaite's degrees of freedom from each run's clusters − 1
 * (heavier tails than z: with 100 clusters, P(|t| > 3.5) is 1.5 times the normal's, which is
 * what Holm's smallest p-values meet). Where every cluster is one trial the binomial variance
 * is known from the rate and the test is the classic z test.
 */
export function twoProportionTest(a: RateCounts, b: RateCounts, confidence = DEFAULT_CONFIDENCE): DifferenceTest {
  const pa = a.successes / a.n;
  const pb = b.successes / b.n;
  const difference = pb - pa;
  // Stryker disable next-line LogicalOperator: effectiveRateInterval only echoes clusters back; the bounds used here do not depend on it
  const wa = effectiveRateInterval(a.successes, a.n, a.designEffect ?? 1, a.clusters ?? a.n, confidence);
  // Stryker disable next-line LogicalOperator: effectiveRateInterval only echoes clusters back; the bounds used here do not depend on it
  const wb = effectiveRateInterval(b.successes, b.n, b.designEffect ?? 1, b.clusters ?? b.n, confidence);
  const lower = difference - Math.sqrt((pb - wb.lower) ** 2 + (wa.upper - pa) ** 2);
  const upper = difference + Math.sqrt((wb.upper - pb) ** 2 + (pa - wa.lower) ** 2);
  return { difference, lower, upper, ...twoProportionScore(a, b) };
}

/**
 * The pooled two-proportion test of {@link twoProportionTest} alone, without its interval: the
 * score and its two-sided p-value. `plan` sums it over every pair of counts two runs can have
 * (its power at exactly the rates planned for), so the plan and `compare` share one test.
 */
export function twoProportionScore(a: RateCounts, b: RateCounts): { readonly z: number; readonly pValue: number } {
  const deffA = a.designEffect ?? 1;
  const deffB = b.designEffect ?? 1;
  const pa = a.successes / a.n;
  const pb = b.successes / b.n;
  // A design effect of 0 (every cluster alike) has no effective size: fall back to the count.
  const na = deffA > 0 ? a.n / deffA : a.n;
  const nb = deffB > 0 ? b.n / deffB : b.n;
  const pooled = (pa * na + pb * nb) / (na + nb);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb));
  const z = se === 0 ? 0 : (pb - pa) / se;
  // Stryker disable next-line ConditionalExpression: (false) with z = 0 the general branch gives p = 2·(1 − 0.5) = 1 too; this only skips the degrees of freedom
  if (se === 0) return { z, pValue: 1 };
  const df = welchDegrees(1 / na, degreesOf(a), 1 / nb, degreesOf(b));
  return { z, pValue: 2 * (1 - (Number.isFinite(df) ? studentTCdf(Math.abs(z), df) : normalCdf(Math.abs(z)))) };
}

/** A rate's degrees of freedom: its clusters − 1, or infinite for one trial per cluster (a known binomial variance). */
function degreesOf(rate: RateCounts): number {
  const clusters = rate.clusters ?? rate.n;
  return clusters >= rate.n ? Infinity : Math.max(1, clusters - 1);
}

/** Welch–Satterthwaite: (va + vb)² / (va²/dfa + vb²/dfb); infinite degrees contribute nothing below. */
function welchDegrees(va: number, dfA: number, vb: number, dfB: number): number {
  const below = (Number.isFinite(dfA) ? (va * va) / dfA : 0) + (Number.isFinite(dfB) ? (vb * vb) / dfB : 0);
  // Stryker disable next-line ConditionalExpression: (false) (va + vb)² / 0 is Infinity anyway, every caller having va + vb > 0
  return below === 0 ? Infinity : ((va + vb) * (va + vb)) / below;
}

/** A mean with its spread, count, design effect and clusters, as every mean in a summary carries. */
export interface MeanCounts {
  readonly mean: number;
  readonly sd: number;
  readonly n: number;
  readonly designEffect?: number;
  /** Independent units; the t test's degrees of freedom come from them. */
  readonly clusters?: number;
}

/**
 * Mean b − mean a from independent runs: Welch's test on each mean's clustered variance
 * V = designEffect·sd²/n, with Welch–Satterthwaite's degrees of freedom from each run's
 * clusters − 1, a t interval and a two-sided t test. Null when neither run has any spread
 * (no test can say how far apart two constants are by chance).
 */
export function meanDifferenceTest(a: MeanCounts, b: MeanCounts, confidence = DEFAULT_CONFIDENCE): DifferenceTest | null {
  const difference = b.mean - a.mean;
  const va = ((a.designEffect ?? 1) * a.sd * a.sd) / a.n;
  const vb = ((b.designEffect ?? 1) * b.sd * b.sd) / b.n;
  const variance = va + vb;
  if (!(variance > 0)) return null;
  const df = welchDegrees(va, Math.max(1, (a.clusters ?? a.n) - 1), vb, Math.max(1, (b.clusters ?? b.n) - 1));
  const se = Math.sqrt(variance);
  const half = studentTQuantile(confidence, df) * se;
  const t = difference / se;
  return { difference, lower: difference - half, upper: difference + half, z: t, pValue: 2 * (1 - studentTCdf(Math.abs(t), df)) };
}

/**
 * Holm's step-down adjustment (Scand. J. Statistics 6, 1979): comparing m metrics at once, a
 * raw p-value of 0.01 is no surprise. Adjusted p-values keep the chance of flagging any
 * unchanged metric at most α; compare them with α as usual. Returns them in the input order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((x, y) => x.p - y.p);
  // Stryker disable next-line ArrayDeclaration: every index is assigned below; the length only preallocates
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}
