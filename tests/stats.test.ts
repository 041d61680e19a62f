/** Intervals, clustered figures that merge exactly, tests and planning. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { clusteredMean, clusteredRate, emptyTally, MatchFigures, mergeTally, recordMatch, settledFigures, type ClusterSums, type Tally } from '../src/stats/clusters.js';
import { logGamma, normalCdf, normalQuantile, poissonLowerMean, studentTQuantile } from '../src/stats/distributions.js';
import { matchesForDifference, matchesForMargin } from '../src/stats/plan.js';
import { rateInterval, scoreBounds } from '../src/stats/rate-interval.js';
import { holmAdjust, meanDifferenceTest, twoProportionTest } from '../src/stats/tests.js';
import { rateInterval as exported } from '../src/index.js';

/** P(X = x) for X ~ Binomial(n, p), through log-gamma so that n = 1000 stays exact enough. */
function binomialProbability(x: number, n: number, p: number): number {
  return Math.exp(logGamma(n + 1) - logGamma(x + 1) - logGamma(n - x + 1) + x * Math.log(p) + (n - x) * Math.log1p(-p));
}

/** The exact coverage of an interval rule at (p, n): the binomial probability of every x whose interval contains p. */
function exactCoverage(p: number, n: number, bounds: (x: number, n: number) => { lower: number; upper: number }): number {
  let covered = 0;
  for (let x = 0; x <= n; x++) {
    const { lower, upper } = bounds(x, n);
    if (lower <= p && p <= upper) covered += binomialProbability(x, n, p);
  }
  return covered;
}

/** Plain Wilson, for comparison: the interval before the tail modification. */
function wilson(x: number, n: number): { lower: number; upper: number } {
  const z = normalQuantile(0.95);
  const centre = (x + (z * z) / 2) / (n + z * z);
  const half = (z * Math.sqrt((x * (n - x)) / n + (z * z) / 4)) / (n + z * z);
  return { lower: x === 0 ? 0 : centre - half, upper: x === n ? 1 : centre + half };
}

describe('the rate interval (Wilson with the Brown–Cai–DasGupta tail rule)', () => {
  it('is exported from the library and matches Wilson away from the tails', () => {
    expect(exported).toBe(rateInterval);
    // 50 of 100 at 95%: 0.4038 to 0.5962.
    const half = rateInterval(50, 100);
    expect(half.rate).toBe(0.5);
    expect(half.lower).toBeCloseTo(0.4038, 4);
    expect(half.upper).toBeCloseTo(0.5962, 4);
    const z = normalQuantile(0.95);
    expect(rateInterval(0, 10).upper).toBeCloseTo((z * z) / (10 + z * z), 12);
    expect(rateInterval(10, 10).lower).toBeCloseTo(10 / (10 + z * z), 12);
    expect([rateInterval(0, 10).lower, rateInterval(10, 10).upper]).toEqual([0, 1]);
  });

  it('lowers the bound to the Poisson one for one or two successes (λ₁ = 0.0513, λ₂ = 0.3554 at 95%)', () => {
    expect(poissonLowerMean(1, 0.05)).toBeCloseTo(-Math.log(0.95), 10);
    expect(poissonLowerMean(2, 0.05)).toBeCloseTo(0.35536, 5);
    expect(rateInterval(1, 50).lower).toBeCloseTo(0.0513 / 50, 5);
    expect(rateInterval(49, 50).upper).toBeCloseTo(1 - 0.0513 / 50, 5);
    // From x* on (2 up to n = 50, 3 above) Wilson's own bound.
    expect(rateInterval(3, 50).lower).toBeCloseTo(wilson(3, 50).lower, 12);
  });

  it('covers at least 93% exactly at p = 0.002, 0.01, 0.99, 0.998 for n = 10, 50, 100, 1000 (plain Wilson does not)', () => {
    const bounds = (x: number, n: number): { lower: number; upper: number } => rateInterval(x, n);
    const rows: string[] = [];
    for (const p of [0.002, 0.01, 0.99, 0.998]) {
      const cells = [10, 50, 100, 1000].map((n) => [exactCoverage(p, n, bounds), exactCoverage(p, n, wilson)] as const);
      rows.push(`p = ${p}: ${cells.map(([ours, plain], i) => `n = ${[10, 50, 100, 1000][i]} ${ours.toFixed(3)} (Wilson ${plain.toFixed(3)})`).join(', ')}`);
      cells.forEach(([ours], i) => expect(ours, `p = ${p}, n = ${[10, 50, 100, 1000][i]}`).toBeGreaterThanOrEqual(0.93));
    }
    // The worst case over p (a grid of steps of 0.0005), for the record.
    for (const n of [10, 50, 100]) {
      let worst = [1, 1];
      for (let i = 1; i < 2000; i++) worst = [Math.min(worst[0] as number, exactCoverage(i / 2000, n, bounds)), Math.min(worst[1] as number, exactCoverage(i / 2000, n, wilson))];
      rows.push(`worst over p, n = ${n}: ${(worst[0] as number).toFixed(3)} (Wilson ${(worst[1] as number).toFixed(3)})`);
    }
    console.info(`exact coverage of rateInterval at 95%:\n${rows.join('\n')}`);
    // What the modification is for: Wilson alone covers 0.904 at p = 0.01, n = 10.
    expect(exactCoverage(0.01, 10, wilson)).toBeCloseTo(0.904, 3);
    expect(exactCoverage(0.01, 100, wilson)).toBeLessThan(0.93);
  });

  it('says nothing when there are no trials, and refuses impossible counts', () => {
    const empty = rateInterval(0, 0);
    expect(Number.isNaN(empty.rate)).toBe(true);
    expect([empty.lower, empty.upper]).toEqual([0, 1]);
    expect(() => rateInterval(3, 2)).toThrow(RangeError);
  });

  it('uses the normal quantiles 1.959964 at 95% and Student t 2.262157 at 9 degrees of freedom', () => {
    expect(normalQuantile(0.95)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.99)).toBeCloseTo(2.575829, 6);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 12);
    expect(studentTQuantile(0.95, 9)).toBeCloseTo(2.262157, 6);
    expect(studentTQuantile(0.95, 1)).toBeCloseTo(12.706205, 5);
    expect(studentTQuantile(0.95, 1e9)).toBeCloseTo(1.959964, 6);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

/** A tally of matches, each `[x, n]` of figure "f", in clusters of `size` consecutive matches. */
function tallyOf(matches: readonly (readonly [number, number])[], size: number, order: readonly number[] = matches.map((_, i) => i)): Tally {
  const tally = emptyTally();
  const figures = new MatchFigures();
  for (const index of order) {
    const [x, n] = matches[index] as [number, number];
    figures.clear();
    figures.trial('f', x, n);
    recordMatch(tally, { cluster: Math.floor(index / size), clusterSize: size }, figures);
  }
  return tally;
}

describe('clustered figures', () => {
  it('give exactly the rate interval for one 0/1 trial per match (design effect 1)', () => {
    const matches = Array.from({ length: 37 }, (_, i): [number, number] => [i % 3 === 0 ? 1 : 0, 1]);
    const estimate = clusteredRate(settledFigures(tallyOf(matches, 1))['f']);
    const plain = rateInterval(13, 37);
    expect(estimate.designEffect).toBe(1);
    expect([estimate.rate, estimate.lower, estimate.upper]).toEqual([plain.rate, plain.lower, plain.upper]);
  });

  it('merge to the same whole-number sums however the matches are split, pairs cut included', () => {
    const rng = Rng.fromSeed(0x5917n);
    const matches = Array.from({ length: 60 }, (): [number, number] => {
      const n = rng.int(6);
      return [rng.int(n + 1), n];
    });
    const whole = settledFigures(tallyOf(matches, 2));
    // Chunks of 7 cut pairs in two; merged in reverse order.
    const chunks: Tally[] = [];
    for (let start = 0; start < 60; start += 7) chunks.push(tallyOf(matches, 2, Array.from({ length: Math.min(7, 60 - start) }, (_, i) => start + i)));
    const merged = emptyTally();
    for (const chunk of chunks.reverse()) mergeTally(merged, chunk);
    expect(Object.keys(merged.open)).toEqual([]);
    expect(merged.figures).toEqual(whole);
    // A pair missing a match (a failed one) is counted as it stands, and summarizing changes nothing.
    const partial = tallyOf(matches.slice(0, 5), 2);
    const before = structuredClone(partial);
    expect(settledFigures(partial)['f']?.clusters).toBe(3);
    expect(partial).toEqual(before);
  });

  it('measure the design effect: 2 for identical pairs, about 1 for independent ones, near 0 for pairs that split', () => {
    const rng = Rng.fromSeed(0xdeffn);
    const identical: [number, number][] = [];
    const independent: [number, number][] = [];
    const split: [number, number][] = [];
    for (let i = 0; i < 2000; i++) {
      const win = rng.float() < 0.4 ? 1 : 0;
      identical.push([win, 1], [win, 1]);
      independent.push([rng.float() < 0.4 ? 1 : 0, 1], [rng.float() < 0.4 ? 1 : 0, 1]);
      // One side of the pair wins; rarely neither (a drawn pair).
      const drawn = rng.float() < 0.1;
      split.push([drawn ? 0 : 1, 1], [0, 1]);
    }
    const deff = (matches: [number, number][]): number => clusteredRate(settledFigures(tallyOf(matches, 2))['f']).designEffect;
    expect(deff(identical)).toBeCloseTo(2, 1);
    expect(deff(independent)).toBeGreaterThan(0.9);
    expect(deff(independent)).toBeLessThan(1.1);
    expect(deff(split)).toBeLessThan(0.3);
    // Many events per match, all alike within the match: the design effect is the events per
    // match, times the survey estimator's C/(C − 1).
    const clustered = Array.from({ length: 500 }, (_, i): [number, number] => [i % 2 === 0 ? 5 : 0, 5]);
    expect(clusteredRate(settledFigures(tallyOf(clustered, 1))['f']).designEffect).toBeCloseTo((5 * 500) / 499, 9);
  });

  it('cover a rate of correlated pairs 93–97% of the time, where counting matches as independent does not', () => {
    const rng = Rng.fromSeed(0xc0ffeen);
    let covered = 0;
    let naive = 0;
    const repetitions = 1500;
    for (let r = 0; r < repetitions; r++) {
      const matches: [number, number][] = [];
      for (let pair = 0; pair < 100; pair++) {
        // The pair shares its dice: the second match copies the first 70% of the time.
        const first = rng.float() < 0.3 ? 1 : 0;
        matches.push([first, 1], [rng.float() < 0.7 ? first : rng.float() < 0.3 ? 1 : 0, 1]);
      }
      const estimate = clusteredRate(settledFigures(tallyOf(matches, 2))['f']);
      if (estimate.lower <= 0.3 && 0.3 <= estimate.upper) covered++;
      const plain = rateInterval(estimate.successes, estimate.n);
      if (plain.lower <= 0.3 && 0.3 <= plain.upper) naive++;
    }
    expect(covered / repetitions).toBeGreaterThanOrEqual(0.93);
    expect(covered / repetitions).toBeLessThanOrEqual(0.97);
    expect(naive / repetitions).toBeLessThan(0.91);
  });

  it('give a mean the textbook t interval, and no interval when every sample is equal', () => {
    const values = [3, 9, 4, 4, 20, 17, 0, 5, 5, 8];
    const sums: ClusterSums = { clusters: 10, x: 0, n: 10, xx: 0, xn: 0, nn: 10, ee: 0 };
    for (const value of values) {
      sums.x += value;
      sums.xx += value * value;
      sums.xn += value;
      sums.ee += value * value;
    }
    const estimate = clusteredMean(sums);
    const mean = 7.5;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / 9);
    expect(estimate.mean).toBeCloseTo(mean, 12);
    expect(estimate.sd).toBeCloseTo(sd, 9);
    expect(estimate.designEffect).toBeCloseTo(1, 12);
    expect(estimate.upper - estimate.mean).toBeCloseTo((2.262157 * sd) / Math.sqrt(10), 5);
    const capped = clusteredMean({ clusters: 10, x: 500, n: 10, xx: 25000, xn: 500, nn: 10, ee: 25000 });
    expect(capped.mean).toBe(50);
    expect(Number.isNaN(capped.lower) && Number.isNaN(capped.upper)).toBe(true);
    expect(capped.note).toBe('all 10 samples equal');
  });

  it('refuse fractional figures, which would make merges order-dependent', () => {
    const figures = new MatchFigures();
    figures.sample('f', 1.5);
    expect(() => recordMatch(emptyTally(), { cluster: 0, clusterSize: 1 }, figures)).toThrow(RangeError);
  });

  it('a difference of two shares of the same games is the mean of +1, 0, −1: 45 vs 40 wins of 100 with 15 draws', () => {
    // Sample variance of d: (85 − 100·0.05²)/99; half width t₉₉·√(that/100).
    const sums: ClusterSums = { clusters: 100, x: 5, n: 100, xx: 85, xn: 5, nn: 100, ee: 85 };
    const d = clusteredMean(sums);
    expect(d.mean).toBeCloseTo(0.05, 12);
    expect(d.upper - d.mean).toBeCloseTo(studentTQuantile(0.95, 99) * Math.sqrt((85 - 100 * 0.0025) / 99 / 100), 10);
  });
});

describe('tests and planning', () => {
  it('the two-proportion test matches a textbook case, is symmetric, and weighs each run by its design effect', () => {
    // 60/100 vs 45/100: pooled p = 0.525, se = sqrt(0.525·0.475·0.02) = 0.070623, z = −2.1239.
    const test = twoProportionTest({ successes: 60, n: 100 }, { successes: 45, n: 100 });
    expect(test.difference).toBeCloseTo(-0.15, 12);
    expect(test.z).toBeCloseTo(-2.1239, 3);
    expect(test.pValue).toBeCloseTo(0.03368, 4);
    const reverse = twoProportionTest({ successes: 45, n: 100 }, { successes: 60, n: 100 });
    expect(reverse.pValue).toBeCloseTo(test.pValue, 12);
    expect(reverse.lower).toBeCloseTo(-test.upper, 12);
    // Duplicated trials with a design effect of 2 carry the same information as the originals.
    const doubled = twoProportionTest({ successes: 120, n: 200, designEffect: 2 }, { successes: 90, n: 200, designEffect: 2 });
    expect(doubled.pValue).toBeCloseTo(test.pValue, 12);
  });

  it('the mean difference test is Welch with t, and declines when neither run has any spread', () => {
    const test = meanDifferenceTest({ mean: 10, sd: 2, n: 50 }, { mean: 11, sd: 3, n: 40 });
    expect(test?.difference).toBe(1);
    expect(test?.pValue).toBeGreaterThan(0.05);
    expect(test?.pValue).toBeLessThan(0.1);
    expect(meanDifferenceTest({ mean: 50, sd: 0, n: 10 }, { mean: 50, sd: 0, n: 10 })).toBeNull();
  });

  it('Holm adjusts p-values step-down and keeps their order', () => {
    expect(holmAdjust([0.01, 0.04, 0.03, 0.5])).toEqual([0.04, 0.09, 0.09, 0.5]);
    expect(holmAdjust([])).toEqual([]);
  });

  it('plans matches: ±1 point at 50% needs 9,600 or so; a 5-point difference at 80% power 1,559 per run, more for K Holm-adjusted metrics', () => {
    const n = matchesForMargin(0.5, 0.01);
    expect(n).toBeGreaterThan(9500);
    expect(n).toBeLessThan(9700);
    const w = scoreBounds(0.5 * n, n, 0.95);
    expect((w.upper - w.lower) / 2).toBeLessThanOrEqual(0.01);
    // A design effect of 2: twice as many, and a few more for the clusters' degrees of freedom.
    expect(matchesForMargin(0.5, 0.01, 0.95, 2)).toBe(2 * n + 7);
    // Fleiss without continuity correction (1,565), moved to the count where compare's test has 80% power: 0.50 vs 0.55 at α = 0.05.
    expect(matchesForDifference(0.5, 0.55)).toBe(1559);
    // One of 32 Holm-adjusted metrics: z at 0.05/64 instead of 0.025.
    const holm = matchesForDifference(0.5, 0.55, 0.8, 0.95, 1, 32);
    expect(holm).toBeGreaterThan(2 * 1559);
    expect(holm).toBe(matchesForDifference(0.5, 0.55, 0.8, 1 - 0.05 / 32));
  });
});
