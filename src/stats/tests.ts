/**
 * Comparing two runs: differences of rates and of means with their intervals and tests, and a
 * multiple-comparison correction for when many metrics are compared at once.
 */
import { normalCdf, normalQuantile, wilsonInterval, DEFAULT_CONFIDENCE } from './intervals.js';

/** A difference (second run minus first) with its interval and a two-sided test. */
export interface DifferenceTest {
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  /** The test statistic (a z score). */
  readonly z: number;
  /** Two-sided p-value of "no difference". */
  readonly pValue: number;
}

/** Counts of one rate: successes out of n, with the design effect of its run. */
export interface RateCounts {
  readonly successes: number;
  readonly n: number;
}

/**
 * Rate b − rate a from independent runs. Interval: Newcombe's hybrid score method (his method
 * 10, Statistics in Medicine 17, 1998), built from the two Wilson intervals, which keeps good
 * coverage near 0 and 1 where a Wald interval does not. Test: the pooled two-proportion z test.
 * `designEffect` (per run) shrinks each sample to its effective size n / designEffect.
 */
export function twoProportionTest(a: RateCounts, b: RateCounts, confidence = DEFAULT_CONFIDENCE, designEffectA = 1, designEffectB = 1): DifferenceTest {
  const pa = a.successes / a.n;
  const pb = b.successes / b.n;
  const difference = pb - pa;
  const wa = wilsonInterval(a.successes, a.n, confidence, designEffectA);
  const wb = wilsonInterval(b.successes, b.n, confidence, designEffectB);
  const lower = difference - Math.sqrt((pb - wb.lower) ** 2 + (wa.upper - pa) ** 2);
  const upper = difference + Math.sqrt((wb.upper - pb) ** 2 + (pa - wa.lower) ** 2);
  const na = a.n / designEffectA;
  const nb = b.n / designEffectB;
  const pooled = (pa * na + pb * nb) / (na + nb);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb));
  const z = se === 0 ? 0 : difference / se;
  return { difference, lower, upper, z, pValue: se === 0 ? 1 : 2 * (1 - normalCdf(Math.abs(z))) };
}

/** A mean with its spread and count, as every mean in a summary carries. */
export interface MeanCounts {
  readonly mean: number;
  readonly sd: number;
  readonly n: number;
}

/**
 * Mean b − mean a from independent runs: Welch's standard error sqrt(sd²/n + sd²/n), a normal
 * interval and z test (the summaries' means rest on hundreds of matches or more).
 */
export function meanDifferenceTest(a: MeanCounts, b: MeanCounts, confidence = DEFAULT_CONFIDENCE, designEffectA = 1, designEffectB = 1): DifferenceTest {
  const difference = b.mean - a.mean;
  const se = Math.sqrt((a.sd * a.sd * designEffectA) / a.n + (b.sd * b.sd * designEffectB) / b.n);
  const half = normalQuantile(confidence) * se;
  const z = se === 0 ? (difference === 0 ? 0 : Math.sign(difference) * Infinity) : difference / se;
  return { difference, lower: difference - half, upper: difference + half, z, pValue: se === 0 ? (difference === 0 ? 1 : 0) : 2 * (1 - normalCdf(Math.abs(z))) };
}

/**
 * Holm's step-down adjustment (Scand. J. Statistics 6, 1979): comparing m metrics at once, a
 * raw p-value of 0.01 is no surprise. Adjusted p-values keep the chance of flagging any
 * unchanged metric at most α; compare them with α as usual. Returns them in the input order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((x, y) => x.p - y.p || x.index - y.index);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}
