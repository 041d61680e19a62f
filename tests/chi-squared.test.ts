/**
 * Pearson's chi-squared goodness-of-fit test: statistics summed by hand over the cells that
 * remain after pooling those expected fewer than 5 times, and p-values from the survival
 * function (e^(−x/2) at 2 degrees of freedom; SciPy 1.17's `chi2.sf` otherwise).
 */
import { describe, expect, it } from 'vitest';
import { chiSquaredGoodnessOfFit, chiSquaredSurvival } from '../src/stats/chi-squared.js';

describe('chiSquaredSurvival', () => {
  it('is e^(−x/2) at 2 degrees of freedom and the tables elsewhere', () => {
    expect(chiSquaredSurvival(5, 2)).toBeCloseTo(Math.exp(-2.5), 14);
    expect(chiSquaredSurvival(2.5, 1)).toBeCloseTo(0.11384629800665763, 12);
    expect(chiSquaredSurvival(0.5, 7)).toBeCloseTo(0.9994464813904249, 12);
  });

  it('is 1 without degrees of freedom (one cell can disagree with nothing)', () => {
    expect(chiSquaredSurvival(5, 0)).toBe(1);
    expect(chiSquaredSurvival(5, -1)).toBe(1);
  });
});

describe('chiSquaredGoodnessOfFit', () => {
  it('sums (O − E)²/E over the cells, pooling the least likely categories until each expects 5', () => {
    // Expected 50, 30, 10, 6, 4: the 4 and the 6 pool into one cell of 10 (observed 3 + 9).
    // (12 − 10)²/10 + (8 − 10)²/10 + (35 − 30)²/30 + (45 − 50)²/50 = 2.1333 on 3 degrees of freedom.
    const fit = chiSquaredGoodnessOfFit([45, 35, 8, 9, 3], [0.5, 0.3, 0.1, 0.06, 0.04]);
    expect(fit.statistic).toBeCloseTo(2.1333333333333333, 12);
    expect(fit.degreesOfFreedom).toBe(3);
    expect(fit.pValue).toBeCloseTo(0.5451986931862842, 12);
    // The same categories in another order: pooling goes by probability, not by position.
    const shuffled = chiSquaredGoodnessOfFit([3, 45, 8, 35, 9], [0.04, 0.5, 0.1, 0.3, 0.06]);
    expect(shuffled.statistic).toBeCloseTo(2.1333333333333333, 12);
    expect(shuffled.degreesOfFreedom).toBe(3);
  });

  it('closes a cell as soon as it expects exactly 5', () => {
    // Expected 1, 4, 5: cells (2 + 6 vs 5) and (2 vs 5): 9/5 + 9/5 = 3.6 on 1 degree of freedom.
    const fit = chiSquaredGoodnessOfFit([2, 6, 2], [0.1, 0.4, 0.5]);
    expect(fit.statistic).toBeCloseTo(3.6, 12);
    expect(fit.degreesOfFreedom).toBe(1);
    expect(fit.pValue).toBeCloseTo(0.05777957112359715, 12);
  });

  it('adds a remainder that expects fewer than 5 to the last cell', () => {
    // Five categories expecting 3 each: cells (1 + 2 vs 6) and (3 + 4, then the remainder 5, vs 9).
    const fit = chiSquaredGoodnessOfFit([1, 2, 3, 4, 5], [0.2, 0.2, 0.2, 0.2, 0.2]);
    expect(fit.statistic).toBeCloseTo(9 / 6 + 9 / 9, 12);
    expect(fit.degreesOfFreedom).toBe(1);
    expect(fit.pValue).toBeCloseTo(0.11384629800665763, 12);
  });

  it('adds a remainder observed 0 times to the last cell: its expectation still counts', () => {
    // Five categories expecting 3 each: cells (3 + 3 vs 6), (3 + 6, then the remainder 0, vs 9): 0 + 0 = 0.
    // Dropping the remainder would leave (9 vs 6): 9/6 = 1.5.
    const fit = chiSquaredGoodnessOfFit([3, 3, 3, 6, 0], [0.2, 0.2, 0.2, 0.2, 0.2]);
    expect(fit.statistic).toBe(0);
    expect(fit.degreesOfFreedom).toBe(1);
    expect(fit.pValue).toBe(1);
  });

  it('treats a sample with no observations as one cell: statistic 0, no degrees of freedom, p = 1', () => {
    expect(chiSquaredGoodnessOfFit([0, 0, 0], [0.2, 0.3, 0.5])).toEqual({ statistic: 0, degreesOfFreedom: 0, pValue: 1 });
    expect(chiSquaredGoodnessOfFit([], [])).toEqual({ statistic: 0, degreesOfFreedom: 0, pValue: 1 });
  });

  it('keeps a single cell when nothing reaches 5: no degrees of freedom, p = 1', () => {
    expect(chiSquaredGoodnessOfFit([1, 1], [0.5, 0.5])).toEqual({ statistic: 0, degreesOfFreedom: 0, pValue: 1 });
  });

  it('gives p = 0 for an outcome observed that was given probability 0, wherever it stands', () => {
    const impossible = { statistic: Number.POSITIVE_INFINITY, degreesOfFreedom: 0, pValue: 0 };
    expect(chiSquaredGoodnessOfFit([1, 99], [0, 1])).toEqual(impossible);
    expect(chiSquaredGoodnessOfFit([50, 49, 1], [0.5, 0.5, 0])).toEqual(impossible);
    // Never observed, a probability-0 outcome is no evidence against the sampler.
    expect(chiSquaredGoodnessOfFit([0, 100], [0, 1])).toEqual({ statistic: 0, degreesOfFreedom: 0, pValue: 1 });
  });

  it('refuses counts and probabilities of different lengths', () => {
    expect(() => chiSquaredGoodnessOfFit([1, 2, 3], [0.5, 0.5])).toThrow(RangeError);
    expect(() => chiSquaredGoodnessOfFit([1, 2, 3], [0.5, 0.5])).toThrow('observed counts and probabilities differ in length');
  });
});
