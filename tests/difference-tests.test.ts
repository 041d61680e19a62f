/**
 * The tests `compare` and `check` use to tell two runs apart, against published and hand-computed
 * values: Newcombe's hybrid score interval (Statistics in Medicine 17, 1998, Table II, example
 * (a): 0.0524 to 0.3339), the pooled two-proportion z test on Kish's effective counts with
 * Welch–Satterthwaite degrees of freedom, Welch's t test (SciPy 1.17's `ttest_ind_from_stats`,
 * `equal_var=False`), and Holm's step-down adjustment.
 */
import { describe, expect, it } from 'vitest';
import { holmAdjust, meanDifferenceTest, twoProportionTest } from '../src/stats/tests.js';

describe('twoProportionTest', () => {
  it("gives Newcombe's hybrid score interval: 56/70 − 48/80 is 0.2000, 0.0524 to 0.3339", () => {
    const test = twoProportionTest({ successes: 48, n: 80 }, { successes: 56, n: 70 });
    expect(test.difference).toBeCloseTo(0.2, 12);
    expect(test.lower).toBeCloseTo(0.052431472402364815, 12);
    expect(test.upper).toBeCloseTo(0.3338726540369059, 12);
    // With 1 failure in 10 the tail rule widens that run's upper bound, and so the difference's
    // (Newcombe, on plain Wilson, has 0.8090).
    const tail = twoProportionTest({ successes: 3, n: 10 }, { successes: 9, n: 10 });
    expect(tail.lower).toBeCloseTo(0.17052272393450302, 12);
    expect(tail.upper).toBeCloseTo(0.8143470107512963, 12);
  });

  it('is the pooled z test when every cluster is one trial: 60/100 against 45/100, z = −2.1240, p = 0.03367', () => {
    const test = twoProportionTest({ successes: 60, n: 100 }, { successes: 45, n: 100 });
    expect(test.z).toBeCloseTo(-2.1239769762143657, 12);
    expect(test.pValue).toBeCloseTo(0.033672068856345855, 12);
  });

  it("counts each run's trials as n/deff and refers z to t with Welch–Satterthwaite's degrees of freedom from the clusters", () => {
    // n/deff = 66.7 and 83.3; df = (1/66.7 + 1/83.3)²/((1/66.7)²/49 + (1/83.3)²/39) = 88.0.
    const test = twoProportionTest({ successes: 60, n: 100, designEffect: 1.5, clusters: 50 }, { successes: 45, n: 100, designEffect: 1.2, clusters: 40 });
    expect(test.difference).toBeCloseTo(-0.15, 12);
    expect(test.z).toBeCloseTo(-1.8267570054172322, 12);
    expect(test.pValue).toBeCloseTo(0.071126706507498, 10);
    // Newcombe's bounds from each run's interval, each shrunk for its clusters' degrees of
    // freedom (SciPy 1.17, as in rate-interval.test.ts).
    expect(test.lower).toBeCloseTo(-0.30337439617612993, 12);
    expect(test.upper).toBeCloseTo(0.01495237792979881, 12);
    // One run binomial (clusters = trials, infinite degrees), the other clustered: df = 131.1.
    const mixed = twoProportionTest({ successes: 60, n: 100 }, { successes: 45, n: 100, designEffect: 1.2, clusters: 40 });
    expect(mixed.z).toBeCloseTo(-2.0267074141312054, 12);
    expect(mixed.pValue).toBeCloseTo(0.04472065668141803, 10);
    // A single cluster still has 1 degree of freedom: df = 4.5 with the other run's 5 clusters.
    const single = twoProportionTest({ successes: 6, n: 10, clusters: 1 }, { successes: 3, n: 10, designEffect: 2, clusters: 5 });
    expect(single.z).toBeCloseTo(-1.0954451150103321, 12);
    expect(single.pValue).toBeCloseTo(0.32845623844107646, 10);
  });

  it('falls back to the count for a design effect of 0, where the effective size is undefined', () => {
    const test = twoProportionTest({ successes: 60, n: 100, designEffect: 0 }, { successes: 45, n: 100 });
    expect(test.z).toBeCloseTo(-2.1239769762143657, 12);
    expect(test.pValue).toBeCloseTo(0.033672068856345855, 12);
    const second = twoProportionTest({ successes: 60, n: 100 }, { successes: 45, n: 100, designEffect: 0 });
    expect(second.z).toBeCloseTo(-2.1239769762143657, 12);
    expect(second.pValue).toBeCloseTo(0.033672068856345855, 12);
  });

  it('has p = 1 and z = 0 when neither run has any spread to test', () => {
    const test = twoProportionTest({ successes: 0, n: 10 }, { successes: 0, n: 20 });
    expect([test.difference, test.z, test.pValue]).toEqual([0, 0, 1]);
    expect(test.lower).toBeLessThan(0);
    expect(test.upper).toBeGreaterThan(0);
  });
});

describe('meanDifferenceTest', () => {
  it("is Welch's test: 11 ± 3 (40) against 10 ± 2 (50) is t = 1.8107, df = 65.1, p = 0.0748", () => {
    const test = meanDifferenceTest({ mean: 10, sd: 2, n: 50 }, { mean: 11, sd: 3, n: 40 });
    expect(test?.difference).toBe(1);
    expect(test?.z).toBeCloseTo(1.8107149208503706, 12);
    expect(test?.pValue).toBeCloseTo(0.07479873860026835, 10);
    expect(test?.lower).toBeCloseTo(1 - 1.1029194518436245, 9);
    expect(test?.upper).toBeCloseTo(1 + 1.1029194518436245, 9);
    const ninety = meanDifferenceTest({ mean: 10, sd: 2, n: 50 }, { mean: 11, sd: 3, n: 40 }, 0.9);
    expect(ninety?.upper).toBeCloseTo(1 + 0.921511392692269, 9);
  });

  it("scales each variance by its design effect and takes each run's degrees of freedom from its clusters", () => {
    // V = 2·4/50 + 1.5·9/40, df from 10 and 20 clusters: 28.0.
    const test = meanDifferenceTest({ mean: 10, sd: 2, n: 50, designEffect: 2, clusters: 10 }, { mean: 11, sd: 3, n: 40, designEffect: 1.5, clusters: 20 });
    expect(test?.z).toBeCloseTo(1.4177624100166717, 12);
    expect(test?.pValue).toBeCloseTo(0.16729352864107827, 9);
    expect(test?.upper).toBeCloseTo(1 + 1.4448169460205382, 8);
    // One cluster each: 1 degree of freedom each, df = 1.63.
    const single = meanDifferenceTest({ mean: 10, sd: 2, n: 50, clusters: 1 }, { mean: 11, sd: 3, n: 40, clusters: 1 });
    expect(single?.pValue).toBeCloseTo(0.23948552778214227, 9);
    expect(single?.upper).toBeCloseTo(1 + 2.9729320963649153, 8);
  });

  it('declines two constants, and runs without samples', () => {
    expect(meanDifferenceTest({ mean: 50, sd: 0, n: 10 }, { mean: 51, sd: 0, n: 10 })).toBeNull();
    expect(meanDifferenceTest({ mean: 50, sd: 0, n: 0 }, { mean: 51, sd: 0, n: 0 })).toBeNull();
  });
});

describe('holmAdjust', () => {
  it('multiplies the k-th smallest of m p-values by m − k + 1, keeps them non-decreasing, caps them at 1', () => {
    // Sorted 0.01, 0.03, 0.04, 0.5: ×4, ×3, ×2, ×1 = 0.04, 0.09, 0.08 → 0.09, 0.5.
    expect(holmAdjust([0.01, 0.04, 0.03, 0.5])).toEqual([0.04, 0.09, 0.09, 0.5]);
    expect(holmAdjust([0.25, 0.375, 0.125])).toEqual([0.5, 0.5, 0.375]);
    expect(holmAdjust([0.5, 0.6])).toEqual([1, 1]);
    expect(holmAdjust([0.02])).toEqual([0.02]);
    expect(holmAdjust([])).toEqual([]);
  });

  it('gives tied p-values the same adjusted value', () => {
    expect(holmAdjust([0.02, 0.01, 0.02])).toEqual([0.04, 0.03, 0.04]);
  });
});
