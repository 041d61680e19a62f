/**
 * Sample-size planning: how many matches a question needs before running them.
 */
import { normalQuantile } from './distributions.js';
import { DEFAULT_CONFIDENCE, TAIL_CUT_RISES_AFTER, scoreBounds } from './rate-interval.js';

/**
 * Matches needed so that the interval a run reports for a rate near `rate` (`scoreBounds`,
 * Wilson's with the tail rule, at the expected count rate·n) is at most ±`margin` (half its
 * width), times the design effect (a figure `summary.json` measures for every rate: take it
 * from a pilot run): the smallest n from which on every count's interval is that narrow.
 *
 * Wilson's half-width falls as n grows (its square is (pqn + z²/4)·z²/(n + z²)², whose
 * derivative in n has the sign of z²(pq − ½) − pqn < 0), and so does the tail rule's (its
 * Poisson bound λ_x/n = rate·λ_x/x rises with x = rate·n), except where the rule's cut rises,
 * from 50 trials to 51 (`TAIL_CUT_RISES_AFTER`): there the interval widens by up to a tenth of
 * a point, so a margin could be met at 50 matches and missed at 51 and 52 (at 4.5% and ±6.5
 * points the search had said 49; review of audit 34b L4). So the counts past the step are
 * searched first, as one falling run, and those up to it only when every count past it fits:
 * a doubling search from the normal approximation z²·p(1−p)/margin² and a bisection find the
 * count in O(log n) steps, however small the margin.
 */
export function matchesForMargin(rate: number, margin: number, confidence = DEFAULT_CONFIDENCE, designEffect = 1): number {
  const z = normalQuantile(confidence);
  const fits = (n: number): boolean => {
    const w = scoreBounds(rate * n, n, confidence);
    return (w.upper - w.lower) / 2 <= margin;
  };
  const step = TAIL_CUT_RISES_AFTER;
  let n: number;
  if (fits(step + 1)) {
    // Every count past the step fits: the answer is the first count up to it from which on all fit.
    n = !fits(step) ? step + 1 : fits(1) ? 1 : firstFitting(fits, 1, step);
  } else {
    // Invariant: `low` does not fit, `high` does.
    let low = step + 1;
    // The normal approximation only saves doubling steps: from any start, the doubling and the
    // bisection below end on the same smallest count that fits.
    // Stryker disable next-line ArithmeticOperator,MethodExpression: the starting guess changes how many steps the search takes, not the smallest fitting count it ends on (beyond 2⁵³, the same up to the spacing of doubles)
    let high = Math.max(step + 2, Math.ceil((z * z * rate * (1 - rate)) / (margin * margin)));
    while (!fits(high)) {
      low = high;
      high *= 2;
    }
    n = firstFitting(fits, low, high);
  }
  return Math.ceil(n * designEffect);
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

/** Matches per run so that the interval of the difference of two rates is at most ±`margin`. */
export function matchesForDifferenceMargin(rate1: number, rate2: number, margin: number, confidence = DEFAULT_CONFIDENCE, designEffect = 1): number {
  const z = normalQuantile(confidence);
  return Math.ceil(((z * z * (rate1 * (1 - rate1) + rate2 * (1 - rate2))) / (margin * margin)) * designEffect);
}
