/**
 * The interval of every rate Hordelab reports: Wilson's score interval with Brown, Cai and
 * DasGupta's modification in the tails ("Interval Estimation for a Binomial Proportion",
 * Statistical Science 16(2), 2001, §4.1.1).
 *
 * Wilson: centre = (x + z²/2)/(n + z²), half-width = z·√(x(n − x)/n + z²/4)/(n + z²).
 * Its coverage dips to 0.90 next to 0 and 1 (at p = 0.01 with n = 10 to 100), because one or
 * two successes put its lower bound above a small true rate. The modification lowers the bound
 * there to the Poisson one: for 0 < x ≤ x* the lower bound is λ_x/n, with P(Poisson(λ_x) ≥ x) =
 * 1 − confidence (λ₁ = 0.051, λ₂ = 0.355, λ₃ = 0.818 at 95%), and symmetrically the upper bound
 * for n − x* ≤ x < n; x* = 2 for n ≤ 50 and 3 above. Its exact coverage, summed over the
 * binomial, is at least 0.93 at p ∈ {0.002, 0.01, 0.99, 0.998} for n ∈ {10, 50, 100, 1000}
 * (tests/stats.test.ts).
 *
 * Clustered rates (events within a match, the two matches of a rotated pair) use the same
 * interval on Kish's effective counts: n/deff trials and x/deff successes, where the design
 * effect deff is measured from the clusters (`clusters.ts`), shrunk for the clusters' degrees
 * of freedom ({@link effectiveRateInterval}). The formula and the tail rule take real-valued
 * counts, so the effective ones go in as they are.
 */
import { normalQuantile, poissonLowerMean, studentTQuantile } from './distributions.js';

/** The default confidence level of every interval. */
export const DEFAULT_CONFIDENCE = 0.95;

/** A rate with its interval, its counts, and the design effect its interval used. */
export interface RateEstimate {
  readonly rate: number;
  readonly lower: number;
  readonly upper: number;
  readonly successes: number;
  readonly n: number;
  /**
   * Variance of the rate over what independent trials would give: measured from the clusters
   * (matches, rotated pairs) for a summary's rates; 1 for independent trials.
   */
  readonly designEffect: number;
  /** Independent units (matches, or rotated pairs) the trials came in. */
  readonly clusters: number;
}

const poissonBounds = new Map<string, number>();

function poissonBound(x: number, tail: number): number {
  const key = `${x}/${tail}`;
  let bound = poissonBounds.get(key);
  // Stryker disable next-line ConditionalExpression: (true) computing the bound again gives the same value; the map is only a cache
  if (bound === undefined) {
    bound = poissonLowerMean(x, tail);
    poissonBounds.set(key, bound);
  }
  return bound;
}

/**
 * The trials up to which the tail rule's cut is 2 (3 above): where it rises, the interval at a
 * fixed rate widens as n grows past it (at 4.5%, ±6.42 points at 50 trials, ±6.55 at 51), the
 * one place it does (`matchesForMargin` plans around it).
 */
export const TAIL_CUT_RISES_AFTER = 50;

/** Successes below which (and failures below which) the Poisson bound replaces Wilson's. */
const tailCount = (n: number): number => (n <= TAIL_CUT_RISES_AFTER ? 2 : 3);

/**
 * The bounds of the tail-modified Wilson interval for `x` successes in `n` trials, both real
 * (effective counts may be fractional). n must be positive.
 */
export function scoreBounds(x: number, n: number, confidence: number): { lower: number; upper: number } {
  const z = normalQuantile(confidence);
  const z2 = z * z;
  const centre = (x + z2 / 2) / (n + z2);
  const half = (z * Math.sqrt(Math.max(0, (x * (n - x)) / n) + z2 / 4)) / (n + z2);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <) at x = 0, centre − half is 0 in exact arithmetic and never above 0 in floats (checked for n ≤ 3000 at 80–99.9%), which Math.max makes 0
  let lower = x <= 0 ? 0 : Math.max(0, centre - half);
  let upper = x >= n ? 1 : Math.min(1, centre + half);
  const cut = tailCount(n);
  const alpha = 1 - confidence;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >=) at x = 0 the lower bound is 0 already and min(0, λ₀/n) is 0
  if (x > 0 && x <= cut) lower = Math.min(lower, poissonBound(x, alpha) / n);
  const failures = n - x;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >=) with no failures the upper bound is 1 already and max(1, 1 − λ₀/n) is 1
  if (failures > 0 && failures <= cut) upper = Math.max(upper, 1 - poissonBound(failures, alpha) / n);
  return { lower, upper };
}

/**
 * The interval of `successes` out of `n` independent trials at `confidence` (0.95 by default):
 * Wilson with Brown–Cai–DasGupta's tail modification. With n = 0 the rate is NaN (null in JSON)
 * and the interval all of [0, 1].
 * @throws RangeError unless 0 ≤ successes ≤ n.
 */
export function rateInterval(successes: number, n: number, confidence = DEFAULT_CONFIDENCE): RateEstimate {
  if (!(successes >= 0 && successes <= n)) throw new RangeError(`rateInterval needs 0 ≤ successes ≤ n, got ${successes} of ${n}`);
  // Stryker disable next-line ConditionalExpression: (false) scoreBounds(0, 0) gives 0 and 1 as well, and clusters: n is 0
  if (n === 0) return { rate: Number.NaN, lower: 0, upper: 1, successes: 0, n: 0, designEffect: 1, clusters: 0 };
  return { rate: successes / n, ...scoreBounds(successes, n, confidence), successes, n, designEffect: 1, clusters: n };
}

/**
 * The interval of a rate whose trials are correlated in clusters: the same interval on Kish's
 * effective sample, n/designEffect trials with the same rate, with Korn and Graubard's
 * degrees-of-freedom correction where the design effect was measured from the clusters
 * (`clusters` < n): the effective count times (z/t_{C−1})², C the clusters ("Confidence
 * intervals for proportions with small expected number of positive counts estimated from survey
 * data", Survey Methodology 24(2), 1998). A design effect estimated from few clusters is itself
 * uncertain, and can come out far below its true value (0.19 from three matches whose catches
 * were independent): z would then claim several times the trials there were. One cluster
 * measures nothing between clusters, and counts as one trial. One trial per cluster
 * (`clusters` = n) is the binomial, whose variance is known: no correction.
 */
export function effectiveRateInterval(successes: number, n: number, designEffect: number, clusters: number, confidence = DEFAULT_CONFIDENCE): RateEstimate {
  if (n === 0) return { rate: Number.NaN, lower: 0, upper: 1, successes: 0, n: 0, designEffect: 1, clusters: 0 };
  const rate = successes / n;
  if (designEffect <= 0) return { rate, lower: rate, upper: rate, successes, n, designEffect, clusters };
  let effective = n / designEffect;
  if (clusters < n) effective = clusters < 2 ? Math.min(effective, 1) : effective * (normalQuantile(confidence) / studentTQuantile(confidence, clusters - 1)) ** 2;
  return { rate, ...scoreBounds(rate * effective, effective, confidence), successes, n, designEffect, clusters };
}
