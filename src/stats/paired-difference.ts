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
 * For rates, the interval of {@link adjustedRateInterval}: a plain normal interval covers as
 * little as 89% when a setting changes a few to ten units (audit 20, exact sums over the
 * binomial). For means, the same with pseudo-units the size of the largest change seen (audit 22). Either way, the case of no unit differing has no variance to
 * estimate (see `noDifferenceHalfWidth`). Coverage is tested in tests/paired-difference.test.ts,
 * by exact sums over every count of differing units.
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
 * The half-width of the interval when no unit differs between the configurations: their
 * differences, all 0, have no variance, and a zero-width interval would claim the difference is
 * exactly 0 when a setting that changes one match in a thousand is just as consistent with what
 * was seen. The share of units that differ is below 1 − (α/2)^(1/m) with probability at least
 * 1 − α/2 (Clopper–Pearson with no successes, the "rule of three" at 95%), and a differing unit
 * moves the ratio by at most its size relative to the mean unit times the most one unit's value
 * can change: the whole range 0..1 for a rate, the range of values seen for a mean (which for a
 * figure that never varied leaves the width 0: nothing measured says by how much it could).
 */
function noDifferenceHalfWidth(a: UnitContributions, b: UnitContributions, units: number, confidence: number, kind: 'rate' | 'mean' | undefined): number {
  const share = 1 - ((1 - confidence) / 2) ** (1 / units);
  let totalY = 0;
  let largestY = 0;
  let low = Infinity;
  let high = -Infinity;
  for (const side of [a, b]) {
    for (let u = 0; u < units; u++) {
      const y = side.denominator[u] ?? 0;
      totalY += y;
      largestY = Math.max(largestY, y);
      if (y > 0) {
        const value = (side.numerator[u] ?? 0) / y;
        low = Math.min(low, value);
        high = Math.max(high, value);
      }
    }
  }
  const range = kind === 'rate' ? 1 : high - low;
  return share * range * (largestY / (totalY / (2 * units)));
}

/**
 * The interval of a paired difference of rates, `difference` the mean of m per-unit changes
 * rᵤ in [−1, 1] (a unit's wins, or successes over its mean size, under b less under a) and
 * `sumOfSquares` = Σ (rᵤ − difference)²: the mean ± z·sd/√n after adding z²/2 pseudo-units at +1
 * and as many at −1, as Agresti and Coull add z²/2 successes and failures to a binomial
 * (Agresti & Min, 2005, do the like for paired proportions). When few units differ the changes
 * are a handful of ±1s, whose sample variance is as uncertain as their count: the plain
 * interval's exact coverage falls to 89–90% at every number of units. This one spans the
 * half-width around both the shrunk mean Σrᵤ / (m + z²) and `difference` itself, kept within
 * [−1, 1]. Its exact coverage, worst over every share of the units changing all one way: 96.5%
 * at 10 units, 96.3% at 30, 95.5% at 100, 95.1% at 300, 94.9% at 1,000; 95.2–97.4% at 100 units
 * when changes go both ways (reports/calibration.md).
 */
export function adjustedRateInterval(difference: number, sumOfSquares: number, units: number, confidence: number): { lower: number; upper: number } {
  const { lower, upper } = pseudoUnitInterval(difference, sumOfSquares, units, confidence, 1);
  return { lower: Math.max(-1, lower), upper: Math.min(1, upper) };
}

/**
 * {@link adjustedRateInterval}'s interval with its z²/2 pseudo-units at +`size` and −`size`
 * instead of ±1, and no bounds: for a mean, `size` is the largest change a unit was seen to make.
 * A mean changed in few units is a handful of changes of a few sizes: its plain normal interval
 * under-covers as a rate's does (audit 22: 90.8% for a sweep's turns per match). Exact sums over
 * the counts of each change (scripts/paired-mean-coverage.mjs), worst over the share of units
 * changing, at 100 / 200 / 400 units: changes of −1 alone 85.0 / 92.6 / 89.5% plain, 96.0 /
 * 95.7 / 95.5% so; −1, −2 and +1 mixed 91.2 / 90.0 / 90.0% plain, 96.5 / 96.5 / 96.0% so; sizes
 * 1 to 5 one way 85.3 / 84.7% plain, 90.5 / 93.5% so. Where a rare change is far larger than
 * the rest (−8 in one change of ten) both fall short (68–79%): what was not seen cannot widen it.
 */
export function pseudoUnitInterval(difference: number, sumOfSquares: number, units: number, confidence: number, size: number): { lower: number; upper: number } {
  const z = normalQuantile(confidence);
  const pseudo = (z * z) / 2;
  const n = units + 2 * pseudo;
  const centre = (difference * units) / n;
  // Σ over the units and pseudo-units of (r − centre)²: the units' own deviations from the
  // difference, moved to the centre, and the pseudo-units' (±size − centre)².
  const squares = sumOfSquares + 2 * pseudo * size * size + (2 * pseudo * units * difference * difference) / n;
  const half = z * Math.sqrt(squares / (n - 1) / n);
  // The half-width around both the shrunk centre and the difference itself: the shrunk centre
  // alone pulls the interval towards 0 and its far end missed a large difference (review 20:
  // 92.9% at 30 units where 80% of them change one way); the difference alone covers too little
  // where few units change. Spanning both keeps each one's coverage.
  return { lower: Math.min(centre, difference) - half, upper: Math.max(centre, difference) + half };
}

/**
 * Configuration b minus configuration a over the units both played (the first
 * `min(length)`), with a `confidence` interval. NaN with an infinite interval when either has
 * no denominator (say, no trap was ever thrown) or fewer than 2 units. `kind` says what the
 * figure is (a mean when not given), for the interval when no unit differs (see `noDifferenceHalfWidth`).
 */
export function pairedDifference(a: UnitContributions, b: UnitContributions, confidence: number, kind?: 'rate' | 'mean'): PairedDifference {
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
  // Differences with no variance are all 0 (they sum to 0): no unit differs. For a rate, the
  // width that allows for differences unseen is also the least: a unit or two seen to differ
  // must not give a narrower interval than none (a variance from so few is as uncertain, and
  // the honest bound with one differing unit is wider still). A mean has no such bound.
  // The interval independent seeds would give has the same blind spot: when neither
  // configuration varied at all, its variance is 0 too, and a zero-width interval beside the
  // paired one would claim independent seeds measure a constant exactly. It gets the same floor
  // (computed then: neither side varying leaves the paired differences no variance either).
  const floor = kind === 'rate' || pairedVariance === 0 ? noDifferenceHalfWidth(a, b, units, confidence, kind) : 0;
  const unpairedHalf = unpairedVariance === 0 ? floor : z * Math.sqrt(unpairedVariance);
  const unpaired = { unpairedLower: difference - unpairedHalf, unpairedUpper: difference + unpairedHalf, units };
  if (kind === 'rate') {
    // The linearized differences dᵤ are each unit's change less the difference: their squares
    // are the Σ (rᵤ − difference)² the adjusted interval takes.
    let squares = 0;
    for (const d of differences) squares += d * d;
    const adjusted = adjustedRateInterval(difference, squares, units, confidence);
    // A difference of rates lies in [−1, 1]: the floor does not widen it past that.
    return { difference, lower: Math.max(-1, Math.min(adjusted.lower, difference - floor)), upper: Math.min(1, Math.max(adjusted.upper, difference + floor)), ...unpaired };
  }
  // A unit's change is its linearized difference plus the difference itself: the largest seen
  // sets the pseudo-units' size.
  let squares = 0;
  let largest = 0;
  for (const d of differences) {
    squares += d * d;
    largest = Math.max(largest, Math.abs(d + difference));
  }
  const adjusted = pseudoUnitInterval(difference, squares, units, confidence, largest);
  // Never narrower than the plain interval: with few units that each change (a handful of
  // seeds) the pseudo-units' weight can shrink it below what their spread alone gives.
  const half = Math.max(z * Math.sqrt(pairedVariance), floor);
  return { difference, lower: Math.min(adjusted.lower, difference - half), upper: Math.max(adjusted.upper, difference + half), ...unpaired };
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
