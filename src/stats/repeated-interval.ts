/**
 * A sequential test of a mean against an edge, for checks on figures that are not rates
 * (`quality.branching`, a game length, a mean count per match). Wald's SPRT needs a likelihood,
 * which a rate has (binomial) and a mean of arbitrary per-match figures does not; so a mean is
 * judged by repeated confidence intervals (Jennison & Turnbull, "Group Sequential Methods",
 * ch. 9) with a Bonferroni split of the error over the planned looks: with K looks, look k asks
 * whether the one-sided bound at level α/K already clears the edge's indifference zone.
 *
 * Why it holds under early stopping: if the true mean is at or below edge − margin, a wrong
 * "above" needs the lower bound of some look to exceed edge − margin; each look does that with
 * chance at most α/K, so all K together at most α (Bonferroni needs no independence between
 * looks). The same for a wrong "below" with β. The price is width: each look uses a wider
 * interval than a fixed-size test would, so a mean needs more matches than a rate would at the
 * same error rates; the checks table prints the fixed-size count beside it.
 *
 * The intervals are the summary's own (clustered by match or rotated pair, t quantiles on the
 * clusters' degrees of freedom), asked for at the look's confidence, so the test inherits their
 * coverage, which the calibration tier measures.
 */
import type { SprtDecision } from './sprt.js';
import { normalQuantile } from './distributions.js';

/**
 * The number of matches played after each look of a check: the first `batch`, then batches
 * twice as large each time, never past `budget`; with rotated seats each look ends on a whole
 * pair. The check's loop plays exactly these, so the count of looks the error is split over is
 * the count the check can make.
 */
export function lookSchedule(batch: number, budget: number, rotate: boolean): number[] {
  const ends: number[] = [];
  let played = 0;
  let size = batch;
  while (played < budget) {
    let end = Math.min(budget, played + size);
    if (rotate && end % 2 === 1) end--;
    // A batch of one under rotation would not advance: play the pair.
    if (end <= played) end = Math.min(budget, played + 2);
    ends.push(end);
    played = end;
    size *= 2;
  }
  return ends;
}

/**
 * The two-sided confidence whose one-sided tail is `error / looks`: the level at which each
 * look's interval is asked for.
 */
export function lookConfidence(error: number, looks: number): number {
  return 1 - (2 * error) / looks;
}

/** One look's verdict on an edge, from the bounds at the two look confidences. */
export interface MeanEdgeLook {
  readonly edge: number;
  /** Lower bound at one-sided level α/K (a wrong "above" has chance at most α/K per look). */
  readonly lowerBound: number;
  /** Upper bound at one-sided level β/K. */
  readonly upperBound: number;
  readonly decision: SprtDecision;
}

/**
 * "above" once the lower bound clears edge − margin, "below" once the upper bound is under
 * edge + margin, "continue" while neither (or while there is no interval: NaN bounds). When both
 * hold, the mean is inside the indifference zone, where either answer is right; the estimate's
 * side of the edge decides.
 */
export function meanEdgeDecision(mean: number, lowerBound: number, upperBound: number, edge: number, margin: number): MeanEdgeLook {
  const above = lowerBound > edge - margin;
  const below = upperBound < edge + margin;
  const decision: SprtDecision = above && below ? (mean >= edge ? 'above' : 'below') : above ? 'above' : below ? 'below' : 'continue';
  return { edge, lowerBound, upperBound, decision };
}

/**
 * Matches a fixed-size one-sided test of a mean would need to tell edge − margin from
 * edge + margin with errors α and β, given the variance `variance` of the mean measured after
 * `played` matches (the variance of a mean falls as 1 / matches):
 * played · V · ((z_{1−α} + z_{1−β}) / (2·margin))². NaN when the variance is not known.
 */
export function fixedSizeMeanMatches(variance: number, played: number, margin: number, alpha: number, beta = alpha): number {
  if (!(variance > 0) || !Number.isFinite(variance) || played <= 0) return Number.NaN;
  const z = normalQuantile(1 - 2 * alpha) + normalQuantile(1 - 2 * beta);
  return Math.ceil(played * variance * (z / (2 * margin)) ** 2);
}
