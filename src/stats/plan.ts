/**
 * Sample-size planning: how many matches a question needs before running them.
 */
import { normalQuantile, studentTQuantile } from './distributions.js';
import { DEFAULT_CONFIDENCE, TAIL_CUT_RISES_AFTER, scoreBounds } from './rate-interval.js';

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
 * Matches per run to tell rate `rate1` from `rate2` with a two-sided test at level 1 −
 * `confidence` and the given power (Fleiss, Statistical Methods for Rates and Proportions,
 * without continuity correction): n = (z_α/2·√(2p̄q̄) + z_β·√(p1q1 + p2q2))² / (p1 − p2)².
 * With `metrics` K > 1 the test is one of K Holm-adjusted ones (`compare` without `--primary`):
 * a metric that moved while the others did not is flagged when its p-value is below α/K, so
 * the plan uses z at α/(2K): the power is then that of finding the one metric that moved.
 */
export function matchesForDifference(rate1: number, rate2: number, power = 0.8, confidence = DEFAULT_CONFIDENCE, designEffect = 1, metrics = 1): number {
  const zAlpha = normalQuantile(1 - (1 - confidence) / metrics);
  // normalQuantile takes a two-sided confidence: the one-sided quantile of `power` is its
  // (2·power − 1) form, and at a power of ½ (a two-sided confidence of 0, which normalQuantile
  // refuses) it is 0.
  const zBeta = power === 0.5 ? 0 : normalQuantile(2 * power - 1);
  const mean = (rate1 + rate2) / 2;
  const numerator = zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zBeta * Math.sqrt(rate1 * (1 - rate1) + rate2 * (1 - rate2));
  return Math.ceil(((numerator * numerator) / ((rate1 - rate2) ** 2)) * designEffect);
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
