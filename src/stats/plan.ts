/**
 * Sample-size planning: how many matches a question needs before running them.
 */
import { normalQuantile, studentTQuantile } from './distributions.js';
import { DEFAULT_CONFIDENCE, TAIL_CUT_RISES_AFTER, scoreBounds } from './rate-interval.js';
import { twoProportionScore } from './tests.js';

/**
 * The trials a rate's interval counts in a run of `n` matches with design effect `designEffect`,
 * as `effectiveRateInterval` takes them: n itself for independent matches (a design effect of
 * 1); otherwise n / D', where D' = D·C/(C − 1) is the design effect a run measures over C
 * clusters where the true one is D (the survey estimator's C/(C − 1), `clusteredRate`: exactly
 * that at the expected count of a rotated pair's two matches alike, as side rates of a coin
 * are), times Korn and Graubard's (z/t_{C−1})² for the clusters' degrees of freedom (audit 39b
 * L2: `--rotated` planned 42 matches for ±0.2 at 50%, and a rotated coin of 42 reported ±0.21).
 * The clusters C are taken as n / max(2, D), the most there can be: a cluster of one trial has
 * no design effect, and one of m trials at most m; so the correction is the least a run applies.
 * Fewer than two clusters count as one trial, as a run's do. Rises with n.
 */
export function plannedTrials(n: number, confidence = DEFAULT_CONFIDENCE, designEffect = 1): number {
  if (designEffect === 1) return n;
  const clusters = n / Math.max(2, designEffect);
  if (clusters < 2) return Math.min(n / designEffect, 1);
  const measured = (designEffect * clusters) / (clusters - 1);
  return (n / measured) * (normalQuantile(confidence) / studentTQuantile(confidence, clusters - 1)) ** 2;
}

/**
 * The bounds of the interval a run of `n` matches reports for a rate near `rate`, at the
 * expected count: `scoreBounds` on the trials {@link plannedTrials} counts.
 */
export function plannedRateBounds(rate: number, n: number, confidence = DEFAULT_CONFIDENCE, designEffect = 1): { lower: number; upper: number } {
  const trials = plannedTrials(n, confidence, designEffect);
  return scoreBounds(rate * trials, trials, confidence);
}

/**
 * Matches needed so that the interval a run reports for a rate near `rate` (`scoreBounds`,
 * Wilson's with the tail rule, at the expected count) is at most ±`margin` (half its width),
 * with the run's design effect (a figure `summary.json` measures for every rate: take it from a
 * pilot run) counted as the run counts it ({@link plannedTrials}): the smallest n from which on
 * every count's interval is that narrow.
 *
 * Wilson's half-width falls as the trials grow (its square is (pqn + z²/4)·z²/(n + z²)², whose
 * derivative in n has the sign of z²(pq − ½) − pqn < 0), and so does the tail rule's (its
 * Poisson bound λ_x/n = rate·λ_x/x rises with x = rate·n), except where the rule's cut rises,
 * from 50 trials to 51 (`TAIL_CUT_RISES_AFTER`): there the interval widens by up to a tenth of
 * a point, so a margin could be met at 50 matches and missed at 51 and 52 (at 4.5% and ±6.5
 * points the search had said 49; review of audit 34b L4). So the counts past the step are
 * searched first, as one falling run, and those up to it only when every count past it fits:
 * a doubling search from the normal approximation z²·p(1−p)·D/margin² and a bisection find the
 * count in O(log n) steps, however small the margin.
 */
export function matchesForMargin(rate: number, margin: number, confidence = DEFAULT_CONFIDENCE, designEffect = 1): number {
  const z = normalQuantile(confidence);
  const fits = (n: number): boolean => {
    const w = plannedRateBounds(rate, n, confidence, designEffect);
    return (w.upper - w.lower) / 2 <= margin;
  };
  // The normal approximation only saves doubling steps: from any start, the doubling and the
  // bisection end on the same smallest count that fits.
  // Stryker disable next-line ArithmeticOperator: (any change of the guess) the search ends on the same count from any start
  return firstCountFitting(fits, leastPlannedCount(designEffect), tailCutStep(confidence, designEffect), (z * z * rate * (1 - rate) * designEffect) / (margin * margin));
}

/**
 * The fewest matches a plan answers: 1 for independent matches; with a design effect, those of
 * two clusters ({@link plannedTrials}), the fewest a run measures one from. Below them a run
 * counts its matches as one trial at most, and at two clusters its t correction makes that far
 * fewer: a count below two clusters that fits would be followed by counts that do not.
 */
function leastPlannedCount(designEffect: number): number {
  return designEffect === 1 ? 1 : Math.ceil(2 * Math.max(2, designEffect));
}

/**
 * The last match count whose trials ({@link plannedTrials}) are within the tail rule's smaller
 * cut: 50 for independent matches.
 */
function tailCutStep(confidence: number, designEffect: number): number {
  const within = (n: number): boolean => plannedTrials(n, confidence, designEffect) <= TAIL_CUT_RISES_AFTER;
  let high = TAIL_CUT_RISES_AFTER + 1;
  while (within(high)) high *= 2;
  // The trials rise with n: the last count within is the first one past, less one.
  return (within(1) ? firstFitting((n) => !within(n), 1, high) : 1) - 1;
}

/**
 * The smallest count from `least` on from which on every count `fits`, where counts past `step`
 * (at least `least`) fit from some count on (a falling width) and those from `least` up to it
 * likewise, but one up to it may fit where the first past it does not (the tail rule's rising
 * cut). `guess` is where the doubling search past the step starts.
 */
function firstCountFitting(fits: (n: number) => boolean, least: number, step: number, guess: number): number {
  if (fits(step + 1)) {
    // Every count past the step fits: the answer is the first count up to it from which on all fit.
    return !fits(step) ? step + 1 : fits(least) ? least : firstFitting(fits, least, step);
  }
  // Invariant: `low` does not fit, `high` does.
  let low = step + 1;
  // Stryker disable next-line ArithmeticOperator,MethodExpression: the starting guess changes how many steps the search takes, not the smallest fitting count it ends on (beyond 2⁵³, the same up to the spacing of doubles)
  let high = Math.max(step + 2, Math.ceil(guess));
  while (!fits(high)) {
    low = high;
    high *= 2;
  }
  return firstFitting(fits, low, high);
}

/**
 * The first count in (low, high] that fits, by bisection, where `low` does not fit, `high` does,
 * and a count that fits is followed by counts that fit.
 */
function firstFitting(fits: (n: number) => boolean, low: number, high: number): number {
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: (>=, high + low) at high − low = 1 the middle is low, and the break below ends the loop the same way
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    // Beyond 2^53 neighbouring numbers are more than 1 apart: stop rather than spin.
    if (middle <= low || middle >= high) break;
    if (fits(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * Matches per run to tell rate `rate1` from `rate2` with `compare`'s two-sided test at level
 * 1 − `confidence` and the given power. With `metrics` K > 1 the test is one of K Holm-adjusted
 * ones (`compare` without `--primary`): a metric that moved while the others did not is flagged
 * when its p-value is below α/K, so the plan tests at α/K: the power is then that of finding the
 * one metric that moved.
 *
 * For independent matches (a design effect of 1) the count is exact: Fleiss's (Statistical
 * Methods for Rates and Proportions, without continuity correction), n = (z_α/2·√(2p̄q̄) +
 * z_β·√(p1q1 + p2q2))² / (p1 − p2)², moved to the nearest count at which the power of
 * `compare`'s own test ({@link differencePower}), summed over every pair of counts two runs of
 * exactly those rates can have, is at least the power asked for, where the count below it is not
 * (Fleiss's 388 for 50% against 60% has 79.6%). Past {@link EXACT_POWER_MATCHES} matches the sums
 * are long and the normal approximation close: Fleiss's count is taken as it is.
 *
 * With a design effect D the test counts each run's matches as n / D', D' = D·C/(C − 1) measured
 * over its C clusters, and refers its statistic to Student's t with their 2(C − 1) degrees of
 * freedom (`twoProportionTest`): the plan is the fewest matches whose trials so counted meet
 * Fleiss's formula with t quantiles in place of z's, C taken as n / max(2, D), the most clusters
 * there can be, as {@link plannedTrials} takes them. Two clusters a run at least: a design effect
 * below 1 had planned 1 match per run, which no test can tell from another (audit 42f F2).
 */
export function matchesForDifference(rate1: number, rate2: number, power = 0.8, confidence = DEFAULT_CONFIDENCE, designEffect = 1, metrics = 1): number {
  const level = (1 - confidence) / metrics;
  if (designEffect === 1) {
    const fleiss = Math.ceil(fleissTrials(rate1, rate2, normalQuantile(1 - level), power === 0.5 ? 0 : normalQuantile(2 * power - 1)));
    // Stryker disable next-line EqualityOperator: (>=) at exactly a million the sums and Fleiss's count agree but for the steps of whole counts
    return fleiss > EXACT_POWER_MATCHES ? fleiss : countWithPower(rate1, rate2, power, level, fleiss);
  }
  // Called from the least count on (two clusters), so every count it is asked of has C − 1 ≥ 1.
  const fits = (n: number): boolean => {
    const clusters = n / Math.max(2, designEffect);
    const measured = (designEffect * clusters) / (clusters - 1);
    const degrees = 2 * (clusters - 1);
    const beta = power === 0.5 ? 0 : studentTQuantile(2 * power - 1, degrees);
    // Stryker disable next-line EqualityOperator: (>) trials exactly equal to Fleiss's, in floating point, are met by no count the tests plan
    return n / measured >= fleissTrials(rate1, rate2, studentTQuantile(1 - level, degrees), beta);
  };
  let low = leastPlannedCount(designEffect) - 1;
  // Stryker disable next-line ArithmeticOperator,MethodExpression,ConditionalExpression,EqualityOperator: the starting guess (D times Fleiss's count) changes how many doublings the search takes, not the count it ends on
  let high = Math.max(low + 1, Math.ceil(fleissTrials(rate1, rate2, normalQuantile(1 - level), power === 0.5 ? 0 : normalQuantile(2 * power - 1)) * designEffect));
  while (!fits(high)) {
    low = high;
    high *= 2;
  }
  return firstFitting(fits, low, high);
}

/**
 * Fleiss's trials per run for a two-sided test whose critical value is `critical` and whose
 * power's quantile is `beta` (z's for independent trials; t's for a run's few clusters), unrounded.
 */
function fleissTrials(rate1: number, rate2: number, critical: number, beta: number): number {
  const mean = (rate1 + rate2) / 2;
  const numerator = critical * Math.sqrt(2 * mean * (1 - mean)) + beta * Math.sqrt(rate1 * (1 - rate1) + rate2 * (1 - rate2));
  return (numerator * numerator) / ((rate1 - rate2) ** 2);
}

/** Past this many matches per run, {@link matchesForDifference} takes Fleiss's count as it is. */
export const EXACT_POWER_MATCHES = 1_000_000;

/**
 * From Fleiss's count `fleiss`: the nearest count whose power ({@link differencePower}) is at
 * least `power` where the count below it has less. A bracket (a count that falls short, or 0, and
 * one that meets it) is widened from Fleiss's count by doubling steps, up while it falls short,
 * then down while the count below meets it; a bisection ends it. Power rises with n but for the
 * steps of whole counts, so the count found meets the power; one a step away may not.
 */
function countWithPower(rate1: number, rate2: number, power: number, level: number, fleiss: number): number {
  // Stryker disable next-line EqualityOperator: (>) a power exactly equal to the one asked for, in floating point, is met by no count the tests plan
  const meets = (n: number): boolean => differencePower(rate1, rate2, n, level) >= power;
  let step = 1;
  // Stryker disable next-line ArithmeticOperator: (fleiss + 1) where Fleiss's count meets the power, a count above it does too, and the bracket ends on the same count where power rises with n
  let short = fleiss - 1;
  let met = fleiss;
  while (!meets(met)) {
    short = met;
    met = fleiss + step;
    step *= 2;
  }
  // Stryker disable next-line ConditionalExpression: (true) no count of 0 matches has any power, so the walk down stops there anyway
  while (short >= 1 && meets(short)) {
    met = short;
    step *= 2;
    // Stryker disable next-line MethodExpression: (min) the bracket's low end need only fall short; from 0 the bisection ends on the same count where power rises with n
    short = Math.max(0, fleiss - step);
  }
  return firstFitting(meets, short, met);
}

/**
 * The probability that `compare` flags a change (its pooled two-proportion test, p below
 * `level`) between two runs of `n` independent matches whose rates are exactly `rate1` and
 * `rate2`: summed over every pair of win counts (x, y) each run can have, up to 1e-18 of their
 * mass. For each x the test's score rises with y (the pooled statistic of equal runs does), so
 * the counts y it flags are those up to one below x and from one above, found by bisection.
 */
export function differencePower(rate1: number, rate2: number, n: number, level: number): number {
  const first = binomialMass(n, rate1);
  const second = binomialMass(n, rate2);
  // Tails of the second run's mass within its window: atMost[k] = P(Y ≤ low + k), atLeast[k] = P(Y ≥ low + k).
  const size = second.mass.length;
  const atMost = new Float64Array(size);
  const atLeast = new Float64Array(size);
  let sum = 0;
  // Stryker disable next-line EqualityOperator: (<=) a typed array drops a write past its end
  for (let k = 0; k < size; k++) atMost[k] = sum += second.mass[k] as number;
  sum = 0;
  // Stryker disable next-line EqualityOperator: (>) atLeast[0] is never read: a y at or below the window's start is flagged with all its mass
  for (let k = size - 1; k >= 0; k--) atLeast[k] = sum += second.mass[k] as number;
  // Stryker disable next-line EqualityOperator: (<=) a p-value exactly at the level, in floating point, is met by no count the tests sum
  const flags = (x: number, y: number): boolean => twoProportionScore({ successes: x, n }, { successes: y, n }).pValue < level;
  let power = 0;
  for (let i = 0; i < first.mass.length; i++) {
    const x = first.low + i;
    let flagged = 0;
    // Above x: the first y flagged, if any (none where x = n: the test does not flag equal counts).
    if (flags(x, n)) {
      const at = edgeOfFlagged((y) => flags(x, y), n, x) - second.low;
      // Stryker disable next-line EqualityOperator: (<) atLeast[0] is the whole window's mass, 1 but for rounding
      flagged += at <= 0 ? 1 : at < size ? (atLeast[at] as number) : 0;
    }
    // Below x: the last y flagged, if any (none where x = 0).
    if (flags(x, 0)) {
      const at = edgeOfFlagged((y) => flags(x, y), 0, x) - second.low;
      flagged += at < 0 ? 0 : at < size ? (atMost[at] as number) : 1;
    }
    power += (first.mass[i] as number) * flagged;
  }
  return power;
}

/**
 * The flagged count nearest `clear` between `flagged` (a count `flags` holds for) and `clear` (one
 * it does not), by bisection, where the counts flagged are those on `flagged`'s side of one edge:
 * the first flagged above x, or the last below it.
 */
function edgeOfFlagged(flags: (count: number) => boolean, flagged: number, clear: number): number {
  let inside = flagged;
  let outside = clear;
  while (Math.abs(outside - inside) > 1) {
    const middle = Math.floor((inside + outside) / 2);
    if (flags(middle)) inside = middle;
    else outside = middle;
  }
  return inside;
}

/**
 * The binomial(n, p) probabilities of the counts where they are above 1e-18 of the most likely
 * one's, normalised over them (what lies outside is below 1e-16 in all): from the mode by the
 * ratio of neighbouring terms, so no factorial is formed. A rate of 0 or 1 is the one count 0
 * or n: the first ratio out of it is 0.
 */
function binomialMass(n: number, p: number): { readonly low: number; readonly mass: Float64Array } {
  // Stryker disable next-line ArithmeticOperator,MethodExpression: the walk may start from any count near the mode; the terms it keeps are normalised
  const mode = Math.min(n, Math.floor((n + 1) * p));
  const odds = p / (1 - p);
  const up: number[] = [];
  // Stryker disable next-line EqualityOperator: (<=) the term past n is 0, which ends the walk
  for (let k = mode, term = 1; k < n; k++) {
    term *= ((n - k) / (k + 1)) * odds;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: terms below 1e-18 of the mode's change no sum beyond rounding; the walk ends at n anyway
    if (term < 1e-18) break;
    up.push(term);
  }
  const down: number[] = [];
  // Stryker disable next-line EqualityOperator: (>=) the term below 0 is 0, which ends the walk
  for (let k = mode, term = 1; k > 0; k--) {
    term *= k / (n - k + 1) / odds;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: as above, towards 0
    if (term < 1e-18) break;
    down.push(term);
  }
  const mass = new Float64Array(down.length + 1 + up.length);
  down.reverse().forEach((term, index) => (mass[index] = term));
  mass[down.length] = 1;
  up.forEach((term, index) => (mass[down.length + 1 + index] = term));
  const total = mass.reduce((a, b) => a + b, 0);
  // Stryker disable next-line EqualityOperator: (<=) a typed array drops a write past its end
  for (let k = 0; k < mass.length; k++) mass[k] = (mass[k] as number) / total;
  return { low: mode - down.length, mass };
}

/**
 * The interval `compare` reports for `rate2` − `rate1` from two runs of `n` matches each, at their
 * expected counts: Newcombe's hybrid score interval (`twoProportionTest`), built from the two
 * rates' intervals ({@link plannedRateBounds}).
 */
export function plannedDifferenceBounds(rate1: number, rate2: number, n: number, confidence = DEFAULT_CONFIDENCE, designEffect = 1): { lower: number; upper: number } {
  const first = plannedRateBounds(rate1, n, confidence, designEffect);
  const second = plannedRateBounds(rate2, n, confidence, designEffect);
  const difference = rate2 - rate1;
  return {
    lower: difference - Math.sqrt((rate2 - second.lower) ** 2 + (first.upper - rate1) ** 2),
    upper: difference + Math.sqrt((second.upper - rate2) ** 2 + (rate1 - first.lower) ** 2),
  };
}

/**
 * Matches per run so that the interval `compare` reports for the difference of two rates
 * ({@link plannedDifferenceBounds}, at the expected counts) is at most ±`margin` (half its width):
 * the smallest n from which on every count's is that narrow. Near 0 or 1 Newcombe's interval is
 * wider than the Wald interval z·√(p1q1/n + p2q2/n), which this once solved for (audit 39b L1:
 * 1,499 matches for 1% against 3% at ±1 point, where the interval reported is ±1.03). Each
 * rate's half-width falls with n but for the tail rule's rising cut, and so does their root sum
 * of squares: the same search as {@link matchesForMargin}, from the Wald count.
 */
export function matchesForDifferenceMargin(rate1: number, rate2: number, margin: number, confidence = DEFAULT_CONFIDENCE, designEffect = 1): number {
  const z = normalQuantile(confidence);
  const fits = (n: number): boolean => {
    const w = plannedDifferenceBounds(rate1, rate2, n, confidence, designEffect);
    // Stryker disable next-line EqualityOperator: (<) a half-width exactly equal to the margin, in floating point, is not met by any count the tests plan
    return (w.upper - w.lower) / 2 <= margin;
  };
  // Stryker disable next-line ArithmeticOperator: (any change of the guess) the search ends on the same count from any start, as in matchesForMargin
  const wald = (z * z * (rate1 * (1 - rate1) + rate2 * (1 - rate2)) * designEffect) / (margin * margin);
  return firstCountFitting(fits, leastPlannedCount(designEffect), tailCutStep(confidence, designEffect), wald);
}
