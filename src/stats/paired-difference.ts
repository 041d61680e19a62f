/**
 * The difference of one metric between two configurations played on common seeds, with its
 * paired interval.
 *
 * A metric is a ratio over matches: a rate is Σ successes / Σ trials, a mean Σ values / Σ
 * count (trials and counts are 1 per match for win rates and per-game means, more or none for
 * per-event figures such as trap success). Unit u (a match; a seed pair when seats rotate,
 * since the two matches of a pair share their dice) contributes (xᵤ, yᵤ) to R = Σx / Σy. The
 * two configurations play the same units, so their contributions are correlated, and the
 * difference D = R_b − R_a is measured far more tightly than either value alone.
 *
 * Variance by linearization (the delta method for ratio estimators, as in survey sampling;
 * Cochran, "Sampling Techniques", 1977, §6.4): with m units and ȳ = Σy / m,
 *   zᵤ = (xᵤ − R yᵤ) / ȳ   for each configuration,   dᵤ = z_b,ᵤ − z_a,ᵤ,
 *   Var(D) ≈ Σ dᵤ² / (m (m − 1)),
 * since Σ zᵤ = 0 exactly. For win rates (yᵤ = 1) this is the textbook paired difference of
 * per-match outcomes. The same zᵤ without pairing, Σ z_a² + Σ z_b² over m (m − 1), is the
 * interval two independent runs would give: shown beside it, it says what common seeds bought.
 * Normal intervals; coverage is tested in tests/paired-difference.test.ts.
 */
import { sampleVariance, sum } from 'simple-statistics';
import { normalQuantile } from './intervals.js';

/** Per-unit contributions of one configuration to a ratio metric Σx / Σy. */
export interface UnitContributions {
  readonly numerator: readonly number[];
  readonly denominator: readonly number[];
}

/** A paired difference with the interval independent samples would have given. */
export interface PairedDifference {
  /** R_b − R_a. */
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  /** The same difference's interval as if the two configurations had independent seeds. */
  readonly unpairedLower: number;
  readonly unpairedUpper: number;
  /** Units (matches, or seed pairs) both configurations played. */
  readonly units: number;
}

/** The linearized contributions zᵤ of one configuration, and its ratio. */
function linearized(contributions: UnitContributions, units: number): { ratio: number; z: Float64Array } {
  const x = contributions.numerator;
  const y = contributions.denominator;
  // simple-statistics' sum is compensated (Kahan): totals of many small values stay exact.
  const totalY = sum(y.slice(0, units));
  const ratio = sum(x.slice(0, units)) / totalY;
  const meanY = totalY / units;
  const z = new Float64Array(units);
  // Stryker disable next-line EqualityOperator: (<=) a write one past the end of a Float64Array is dropped
  for (let u = 0; u < units; u++) z[u] = ((x[u] ?? 0) - ratio * (y[u] ?? 0)) / meanY;
  return { ratio, z };
}

/**
 * Configuration b minus configuration a over the units both played (the first
 * `min(length)`), with a `confidence` interval. NaN with an infinite interval when either has
 * no denominator (say, no trap was ever thrown) or fewer than 2 units.
 */
export function pairedDifference(a: UnitContributions, b: UnitContributions, confidence: number): PairedDifference {
  const units = Math.min(a.numerator.length, a.denominator.length, b.numerator.length, b.denominator.length);
  const none = { difference: Number.NaN, lower: -Infinity, upper: Infinity, unpairedLower: -Infinity, unpairedUpper: Infinity, units };
  if (units < 2) return none;
  const first = linearized(a, units);
  const second = linearized(b, units);
  if (!Number.isFinite(first.ratio) || !Number.isFinite(second.ratio)) return none;
  const differences = Array.from(second.z, (zb, u) => zb - (first.z[u] as number));
  // The variance of a mean of m units is their sample variance over m (each z sums to 0, so
  // this is Σ d² / (m (m − 1)) of the formula above).
  const pairedVariance = sampleVariance(differences) / units;
  const unpairedVariance = (sampleVariance(Array.from(first.z)) + sampleVariance(Array.from(second.z))) / units;
  const z = normalQuantile(confidence);
  const difference = second.ratio - first.ratio;
  const half = z * Math.sqrt(pairedVariance);
  const unpairedHalf = z * Math.sqrt(unpairedVariance);
  return { difference, lower: difference - half, upper: difference + half, unpairedLower: difference - unpairedHalf, unpairedUpper: difference + unpairedHalf, units };
}

/** Sums per-match contributions into per-unit ones: `unitOf(match)` numbers units from 0. */
export function contributionsByUnit(contributions: UnitContributions, unitOf: (match: number) => number): UnitContributions {
  const numerator: number[] = [];
  const denominator: number[] = [];
  contributions.numerator.forEach((x, match) => {
    const unit = unitOf(match);
    numerator[unit] = (numerator[unit] ?? 0) + x;
    denominator[unit] = (denominator[unit] ?? 0) + (contributions.denominator[match] ?? 0);
  });
  return { numerator: Array.from(numerator, (value) => value ?? 0), denominator: Array.from(denominator, (value) => value ?? 0) };
}
