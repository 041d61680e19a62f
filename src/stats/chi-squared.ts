/**
 * Pearson's chi-squared goodness-of-fit test, for checking that a sampler draws outcomes as
 * often as their stated probabilities say (`hordelab conform`'s chance check).
 *
 * The survival function is the regularized upper incomplete gamma function Q(k/2, x/2)
 * (`distributions.ts`).
 */
import { regularizedGammaQ } from './distributions.js';

/** P(X ≥ statistic) for X chi-squared with `degreesOfFreedom` degrees of freedom. */
export function chiSquaredSurvival(statistic: number, degreesOfFreedom: number): number {
  if (degreesOfFreedom <= 0) return 1;
  return regularizedGammaQ(degreesOfFreedom / 2, statistic / 2);
}

/** The outcome of a goodness-of-fit test. */
export interface GoodnessOfFit {
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  readonly pValue: number;
}

/**
 * Tests observed counts against expected probabilities (summing to 1). Categories expected
 * fewer than 5 times are pooled, from the least likely up, so the chi-squared approximation
 * holds; a category observed but given probability 0 makes the p-value 0.
 */
export function chiSquaredGoodnessOfFit(observed: readonly number[], probabilities: readonly number[]): GoodnessOfFit {
  if (observed.length !== probabilities.length) throw new RangeError('observed counts and probabilities differ in length');
  const total = observed.reduce((sum, count) => sum + count, 0);
  // No observation can disagree with nothing: one cell, as when nothing reaches 5 below.
  if (total === 0) return { statistic: 0, degreesOfFreedom: 0, pValue: 1 };
  // Stryker disable next-line EqualityOperator: (<=) the index past the end reads undefined, and undefined <= 0 is false
  for (let i = 0; i < observed.length; i++) {
    if ((probabilities[i] as number) <= 0 && (observed[i] as number) > 0) return { statistic: Number.POSITIVE_INFINITY, degreesOfFreedom: 0, pValue: 0 };
  }
  // Pool small categories, least likely first, until every cell expects at least 5.
  const order = probabilities.map((p, i) => i).sort((a, b) => (probabilities[a] as number) - (probabilities[b] as number));
  const cells: { observed: number; expected: number }[] = [];
  let pooled = { observed: 0, expected: 0 };
  for (const i of order) {
    pooled.observed += observed[i] as number;
    pooled.expected += total * (probabilities[i] as number);
    if (pooled.expected >= 5) {
      cells.push(pooled);
      pooled = { observed: 0, expected: 0 };
    }
  }
  // A remainder observed at all expects something too (total > 0, and probability-0 outcomes
  // observed were answered above).
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >=) an empty remainder adds 0 to the last cell, which exists whenever the total is above 0
  if (pooled.expected > 0) {
    const last = cells[cells.length - 1];
    if (last === undefined) cells.push(pooled);
    else {
      last.observed += pooled.observed;
      last.expected += pooled.expected;
    }
  }
  let statistic = 0;
  // Every cell expects more than 0: at least 5, or the whole total when nothing reached 5.
  for (const cell of cells) statistic += (cell.observed - cell.expected) ** 2 / cell.expected;
  const degreesOfFreedom = cells.length - 1;
  return { statistic, degreesOfFreedom, pValue: chiSquaredSurvival(statistic, degreesOfFreedom) };
}
