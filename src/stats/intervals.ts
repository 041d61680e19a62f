/**
 * Confidence intervals for the figures Hordelab reports. Every rate carries its Wilson interval
 * and its sample count; every mean its normal-approximation interval and its count, or a seeded
 * bootstrap interval below 30 samples where the figure keeps its histogram.
 */
import { Rng, seedFromInteger } from '../core/rng.js';

/** The default confidence level of every interval. */
export const DEFAULT_CONFIDENCE = 0.95;

/** A rate with its interval. */
export interface RateEstimate {
  readonly rate: number;
  readonly lower: number;
  readonly upper: number;
  readonly successes: number;
  readonly n: number;
}

/** A mean with its interval. */
export interface MeanEstimate {
  readonly mean: number;
  readonly lower: number;
  readonly upper: number;
  readonly sd: number;
  readonly n: number;
}

/**
 * The standard normal CDF by Marsaglia's Taylor series ("Evaluating the Normal Distribution",
 * J. Stat. Software 11(4), 2004): Φ(x) = ½ + φ(x)·(x + x³/3 + x⁵/(3·5) + …), accurate to about
 * 1e-15 for |x| < 8, far beyond what intervals need. (simple-statistics' `probit` is off in the
 * third decimal: 1.9572 for 1.95996.)
 */
export function normalCdf(x: number): number {
  if (x < -8) return 0;
  if (x > 8) return 1;
  let sum = x;
  let term = x;
  for (let i = 3; sum + term !== sum; i += 2) {
    term = (term * x * x) / i;
    sum += term;
  }
  return 0.5 + sum * Math.exp(-0.5 * x * x - 0.9189385332046727);
}

const quantileCache = new Map<number, number>();

/** The two-sided standard normal quantile for a confidence level (1.959964 at 0.95), by bisection of Φ. */
export function normalQuantile(confidence: number): number {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const cached = quantileCache.get(confidence);
  if (cached !== undefined) return cached;
  const target = 1 - (1 - confidence) / 2;
  let low = 0;
  let high = 8;
  for (let i = 0; i < 60; i++) {
    const middle = (low + high) / 2;
    if (normalCdf(middle) < target) low = middle;
    else high = middle;
  }
  const z = (low + high) / 2;
  quantileCache.set(confidence, z);
  return z;
}

/**
 * The Wilson score interval (Wilson 1927; recommended by Brown, Cai & DasGupta 2001 over the
 * Wald interval, which fails near 0 and 1 — exactly where trap rates live):
 *   centre = (p + z²/2n) / (1 + z²/n),  half = z √(p(1−p)/n + z²/4n²) / (1 + z²/n).
 * With n = 0 the interval is the whole [0, 1] and the rate is NaN (written as null in JSON).
 * `designEffect` > 1 widens it for correlated samples (Kish's effective sample size).
 */
export function wilsonInterval(successes: number, n: number, confidence = DEFAULT_CONFIDENCE, designEffect = 1): RateEstimate {
  if (n === 0) return { rate: Number.NaN, lower: 0, upper: 1, successes: 0, n: 0 };
  const z = normalQuantile(confidence);
  const p = successes / n;
  const reported = { successes, n };
  // Correlated samples (rotated seats share their dice in pairs) carry less information than
  // their count: use Kish's effective sample size n / designEffect, keeping the rate.
  n /= designEffect;
  successes /= designEffect;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // Clamp away rounding drift so that 0 and 1 stay reachable bounds exactly.
  return {
    rate: p,
    lower: successes === 0 ? 0 : Math.max(0, centre - half),
    upper: successes === n ? 1 : Math.min(1, centre + half),
    ...reported,
  };
}

/** A difference of two rates with its interval. */
export interface DifferenceEstimate {
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
}

/**
 * The difference a/n − b/n of two shares of the same n outcomes (Plants' wins minus Zombies'
 * wins, with draws the rest): a multinomial, so the two shares are negatively correlated and
 * Var = (pa + pb − (pa − pb)²) / n. Normal (Wald) interval on the effective sample size
 * n / designEffect; Wald is fine here because the shares of interest sit far from 0 and 1.
 */
export function shareDifferenceInterval(a: number, b: number, n: number, confidence = DEFAULT_CONFIDENCE, designEffect = 1): DifferenceEstimate {
  if (n === 0) return { difference: Number.NaN, lower: -1, upper: 1, n: 0 };
  const pa = a / n;
  const pb = b / n;
  const difference = pa - pb;
  const half = normalQuantile(confidence) * Math.sqrt(Math.max(0, pa + pb - difference * difference) / (n / designEffect));
  return { difference, lower: Math.max(-1, difference - half), upper: Math.min(1, difference + half), n };
}

/**
 * Count, sum and sum of squares of integer samples (rounds, XP, catches per game). Integer sums
 * are exact, so merging chunks in any order gives the same bits: results must not depend on
 * worker count or chunking. Exact while sums stay below 2^53. Plain data, so it crosses worker
 * boundaries as it is.
 */
export interface IntegerMoments {
  n: number;
  sum: number;
  sumOfSquares: number;
  /** Smallest sample; null before the first. */
  min: number | null;
  max: number | null;
}

export function emptyMoments(): IntegerMoments {
  return { n: 0, sum: 0, sumOfSquares: 0, min: null, max: null };
}

export function addSample(moments: IntegerMoments, value: number): void {
  if (!Number.isInteger(value)) throw new RangeError(`IntegerMoments takes integers, got ${value}`);
  moments.n++;
  moments.sum += value;
  moments.sumOfSquares += value * value;
  if (moments.min === null || value < moments.min) moments.min = value;
  if (moments.max === null || value > moments.max) moments.max = value;
}

export function mergeMoments(into: IntegerMoments, other: IntegerMoments): void {
  into.n += other.n;
  into.sum += other.sum;
  into.sumOfSquares += other.sumOfSquares;
  if (other.min !== null && (into.min === null || other.min < into.min)) into.min = other.min;
  if (other.max !== null && (into.max === null || other.max > into.max)) into.max = other.max;
}

/** The mean with a normal-approximation interval, mean ± z·sd/√n (sd with n − 1). */
export function meanEstimate(moments: IntegerMoments, confidence = DEFAULT_CONFIDENCE, designEffect = 1): MeanEstimate {
  const { n, sum, sumOfSquares } = moments;
  if (n === 0) return { mean: Number.NaN, lower: Number.NaN, upper: Number.NaN, sd: 0, n: 0 };
  const mean = sum / n;
  const sd = n > 1 ? Math.sqrt(Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1))) : 0;
  const half = (normalQuantile(confidence) * sd) / Math.sqrt(n / designEffect);
  return { mean, lower: mean - half, upper: mean + half, sd, n };
}

/** Counts per integer value, as plain data (`{ "12": 40 }`), mergeable. */
export type Histogram = Record<string, number>;

export function addToHistogram(histogram: Histogram, value: number, count = 1): void {
  const key = String(value);
  histogram[key] = (histogram[key] ?? 0) + count;
}

export function mergeHistograms(into: Histogram, other: Readonly<Histogram>): void {
  for (const [key, count] of Object.entries(other)) into[key] = (into[key] ?? 0) + count;
}

/**
 * The histogram as `[value, count]` pairs in ascending value order. Pairs, not an object: JSON
 * objects put integer-like keys first whatever the insertion order, so "-2" would follow "10".
 */
export function sortedHistogram(histogram: Readonly<Histogram>): [number, number][] {
  return Object.entries(histogram)
    .map(([key, count]): [number, number] => [Number(key), count])
    .sort((a, b) => a[0] - b[0]);
}

/** Samples below this count get a bootstrap interval instead of the normal one. */
export const BOOTSTRAP_BELOW = 30;

/**
 * A seeded percentile bootstrap of the mean (Efron 1979) from the sample's histogram: `resamples`
 * means of n / designEffect values drawn with replacement, and their (1 ± confidence)/2
 * quantiles. For small samples, where the normal interval's √n asymptotics do not hold yet.
 * The seed is fixed, so the same figures give the same bytes.
 */
export function bootstrapMeanEstimate(histogram: readonly (readonly [number, number])[], confidence = DEFAULT_CONFIDENCE, designEffect = 1, resamples = 4000): MeanEstimate {
  let n = 0;
  let sum = 0;
  let sumSquares = 0;
  for (const [value, count] of histogram) {
    n += count;
    sum += value * count;
    sumSquares += value * value * count;
  }
  if (n === 0) return { mean: Number.NaN, lower: Number.NaN, upper: Number.NaN, sd: Number.NaN, n: 0 };
  const mean = sum / n;
  const sd = n > 1 ? Math.sqrt(Math.max(0, (sumSquares - n * mean * mean) / (n - 1))) : 0;
  const values = histogram.map(([value]) => value);
  const cumulative: number[] = [];
  let running = 0;
  for (const [, count] of histogram) cumulative.push((running += count));
  const draws = Math.max(1, Math.round(n / designEffect));
  const rng = Rng.fromSeed(seedFromInteger(0xb0075752a9));
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let total = 0;
    for (let i = 0; i < draws; i++) {
      const u = rng.int(n);
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((cumulative[mid] as number) > u) hi = mid;
        else lo = mid + 1;
      }
      total += values[lo] as number;
    }
    means[r] = total / draws;
  }
  means.sort();
  const tail = (1 - confidence) / 2;
  const at = (q: number): number => means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))] as number;
  return { mean, lower: at(tail), upper: at(1 - tail), sd, n };
}

/** The mean of a figure that keeps its histogram: normal interval, or the bootstrap below 30 samples. */
export function meanWithHistogram(moments: IntegerMoments, histogram: Readonly<Histogram>, confidence = DEFAULT_CONFIDENCE, designEffect = 1): MeanEstimate & { histogram: [number, number][] } {
  const sorted = sortedHistogram(histogram);
  const estimate = moments.n < BOOTSTRAP_BELOW ? bootstrapMeanEstimate(sorted, confidence, designEffect) : meanEstimate(moments, confidence, designEffect);
  return { ...estimate, histogram: sorted };
}
