/**
 * The intervals of every figure Hordelab reports, in one place to import from: rates (the
 * tail-modified Wilson interval, `rate-interval.ts`), clustered rates and means (the
 * ratio-estimator variance over independent units, `clusters.ts`), the normal quantiles
 * (`distributions.ts`), and value histograms kept beside some means.
 */
export { normalCdf, normalQuantile, studentTQuantile } from './distributions.js';
export { DEFAULT_CONFIDENCE, rateInterval, effectiveRateInterval, type RateEstimate } from './rate-interval.js';
export { clusteredMean, clusteredRate, type MeanEstimate } from './clusters.js';

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
