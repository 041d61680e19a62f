/** Intervals and mergeable figures. */
import { describe, expect, it } from 'vitest';
import { Rng, seedFromInteger } from '../src/core/rng.js';
import { matchesForDifference, matchesForMargin } from '../src/stats/plan.js';
import { holmAdjust, twoProportionTest } from '../src/stats/tests.js';
import {
  addSample,
  bootstrapMeanEstimate,
  addToHistogram,
  emptyMoments,
  meanEstimate,
  mergeHistograms,
  mergeMoments,
  normalCdf,
  normalQuantile,
  shareDifferenceInterval,
  sortedHistogram,
  wilsonInterval,
} from '../src/stats/intervals.js';

describe('Wilson interval', () => {
  it('matches the textbook values', () => {
    // 50 of 100 at 95%: 0.4038 to 0.5962 (Newcombe 1998, Table I style figures).
    const half = wilsonInterval(50, 100);
    expect(half.rate).toBe(0.5);
    expect(half.lower).toBeCloseTo(0.4038, 4);
    expect(half.upper).toBeCloseTo(0.5962, 4);
    // 0 of 10: upper bound z²/(n+z²).
    const z = normalQuantile(0.95);
    const none = wilsonInterval(0, 10);
    expect(none.lower).toBe(0);
    expect(none.upper).toBeCloseTo((z * z) / (10 + z * z), 12);
    const all = wilsonInterval(10, 10);
    expect(all.upper).toBe(1);
    expect(all.lower).toBeCloseTo(10 / (10 + z * z), 12);
  });

  it('widens with confidence and narrows with samples', () => {
    const a = wilsonInterval(30, 100, 0.95);
    const b = wilsonInterval(30, 100, 0.99);
    const c = wilsonInterval(300, 1000, 0.95);
    expect(b.upper - b.lower).toBeGreaterThan(a.upper - a.lower);
    expect(c.upper - c.lower).toBeLessThan(a.upper - a.lower);
  });

  it('says nothing when there are no samples', () => {
    const empty = wilsonInterval(0, 0);
    expect(empty.n).toBe(0);
    expect(Number.isNaN(empty.rate)).toBe(true);
    expect([empty.lower, empty.upper]).toEqual([0, 1]);
  });

  it('uses the normal quantiles 1.959964 at 95% and 2.575829 at 99%', () => {
    expect(normalQuantile(0.95)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.99)).toBeCloseTo(2.575829, 6);
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 12);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

describe('difference of two shares of the same games', () => {
  it('computes the multinomial variance: 45 vs 40 wins of 100 with 15 draws', () => {
    // Var(pa − pb) = (0.45 + 0.40 − 0.05²) / 100; half width 1.959964 · sqrt(0.008475) = 0.18043.
    const d = shareDifferenceInterval(45, 40, 100);
    expect(d.difference).toBeCloseTo(0.05, 12);
    expect(d.upper - d.difference).toBeCloseTo(0.180432, 5);
    expect(d.difference - d.lower).toBeCloseTo(0.180432, 5);
    // Pairs of duplicated games: twice the games, the same information, the same interval.
    expect(shareDifferenceInterval(90, 80, 200, 0.95, 2).upper).toBeCloseTo(d.upper, 12);
  });

  it('covers the true difference about 95% of the time', () => {
    // Plants 0.47, Zombies 0.43, draws 0.10: true difference 0.04; 2,000 seeded samples of 500.
    const rng = Rng.fromSeed(seedFromInteger(0x5eed));
    let covered = 0;
    const repetitions = 2000;
    for (let r = 0; r < repetitions; r++) {
      let a = 0;
      let b = 0;
      for (let i = 0; i < 500; i++) {
        const u = rng.float();
        if (u < 0.47) a++;
        else if (u < 0.9) b++;
      }
      const d = shareDifferenceInterval(a, b, 500);
      if (d.lower <= 0.04 && 0.04 <= d.upper) covered++;
    }
    expect(covered / repetitions).toBeGreaterThan(0.93);
    expect(covered / repetitions).toBeLessThan(0.97);
  });
});

describe('mergeable figures', () => {
  it('merges moments to the same figures whatever the split', () => {
    const values = [3, 9, 4, 4, 200, 17, 0, 5, 5, 8];
    const whole = emptyMoments();
    for (const value of values) addSample(whole, value);
    const left = emptyMoments();
    const right = emptyMoments();
    values.slice(0, 3).forEach((v) => addSample(left, v));
    values.slice(3).forEach((v) => addSample(right, v));
    mergeMoments(right, left);
    expect(right).toEqual(whole);
    const estimate = meanEstimate(whole);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
    expect(estimate.mean).toBeCloseTo(mean, 12);
    expect(estimate.sd).toBeCloseTo(sd, 9);
    expect(estimate.upper - estimate.mean).toBeCloseTo((normalQuantile(0.95) * sd) / Math.sqrt(values.length), 9);
    expect([whole.min, whole.max]).toEqual([0, 200]);
  });

  it('refuses non-integer samples, which would make merges order-dependent', () => {
    expect(() => addSample(emptyMoments(), 1.5)).toThrow(RangeError);
  });

  it('merges histograms and sorts negative keys numerically', () => {
    const a = {};
    const b = {};
    addToHistogram(a, -2);
    addToHistogram(a, 10);
    addToHistogram(b, -2, 3);
    addToHistogram(b, 1);
    mergeHistograms(a, b);
    expect(sortedHistogram(a)).toEqual([
      [-2, 4],
      [1, 1],
      [10, 1],
    ]);
  });
});

describe('coverage over seeded repetitions (a known true rate)', () => {
  it('Wilson 95% intervals contain the true rate 93–97% of the time, at 0.3 and near the edge', () => {
    const rng = Rng.fromSeed(seedFromInteger(0xc0ffee));
    for (const truth of [0.3, 0.03]) {
      let covered = 0;
      const repetitions = 3000;
      for (let r = 0; r < repetitions; r++) {
        let successes = 0;
        for (let i = 0; i < 200; i++) if (rng.float() < truth) successes++;
        const w = wilsonInterval(successes, 200);
        if (w.lower <= truth && truth <= w.upper) covered++;
      }
      expect(covered / repetitions, `rate ${truth}`).toBeGreaterThanOrEqual(0.93);
      expect(covered / repetitions, `rate ${truth}`).toBeLessThanOrEqual(0.97);
    }
  });

  it('the difference of two rates (Newcombe) covers the true difference 93–97% of the time', () => {
    const rng = Rng.fromSeed(seedFromInteger(0xd1ff));
    let covered = 0;
    const repetitions = 3000;
    for (let r = 0; r < repetitions; r++) {
      let a = 0;
      let b = 0;
      for (let i = 0; i < 300; i++) {
        if (rng.float() < 0.5) a++;
        if (rng.float() < 0.56) b++;
      }
      const test = twoProportionTest({ successes: a, n: 300 }, { successes: b, n: 300 });
      if (test.lower <= 0.06 && 0.06 <= test.upper) covered++;
    }
    expect(covered / repetitions).toBeGreaterThanOrEqual(0.93);
    expect(covered / repetitions).toBeLessThanOrEqual(0.97);
  });

  it('the bootstrap of a small sample\'s mean covers a die\'s mean 3.5 about as often as promised', () => {
    // 20 die rolls per sample: the percentile bootstrap runs a little short at n = 20 (a known
    // property), so the band is 90–97% here; the normal interval is used from 30 samples on.
    const rng = Rng.fromSeed(seedFromInteger(0xb007));
    let covered = 0;
    const repetitions = 400;
    for (let r = 0; r < repetitions; r++) {
      const counts = [0, 0, 0, 0, 0, 0];
      for (let i = 0; i < 20; i++) counts[rng.int(6)]!++;
      const histogram = counts.map((count, face) => [face + 1, count] as [number, number]).filter(([, count]) => count > 0);
      const estimate = bootstrapMeanEstimate(histogram, 0.95, 1, 1000);
      if (estimate.lower <= 3.5 && 3.5 <= estimate.upper) covered++;
    }
    expect(covered / repetitions).toBeGreaterThanOrEqual(0.9);
    expect(covered / repetitions).toBeLessThanOrEqual(0.97);
  });
});

describe('tests and planning', () => {
  it('the two-proportion test matches a textbook case and is symmetric', () => {
    // 60/100 vs 45/100: pooled p = 0.525, se = sqrt(0.525·0.475·0.02) = 0.070623, z = −2.1239.
    const test = twoProportionTest({ successes: 60, n: 100 }, { successes: 45, n: 100 });
    expect(test.difference).toBeCloseTo(-0.15, 12);
    expect(test.z).toBeCloseTo(-2.1239, 3);
    expect(test.pValue).toBeCloseTo(0.03368, 4);
    expect(test.upper).toBeLessThan(0);
    const reverse = twoProportionTest({ successes: 45, n: 100 }, { successes: 60, n: 100 });
    expect(reverse.pValue).toBeCloseTo(test.pValue, 12);
    expect(reverse.lower).toBeCloseTo(-test.upper, 12);
  });

  it('Holm adjusts p-values step-down and keeps their order', () => {
    expect(holmAdjust([0.01, 0.04, 0.03, 0.5])).toEqual([0.04, 0.09, 0.09, 0.5]);
    expect(holmAdjust([])).toEqual([]);
  });

  it('plans matches: ±1 point at 50% needs 9,600 or so; a 5-point difference at 80% power 1,565 per run', () => {
    const n = matchesForMargin(0.5, 0.01);
    expect(n).toBeGreaterThan(9500);
    expect(n).toBeLessThan(9700);
    const w = wilsonInterval(0.5 * n, n);
    expect((w.upper - w.lower) / 2).toBeLessThanOrEqual(0.01);
    const fewer = wilsonInterval(0.5 * (n - 1), n - 1);
    expect((fewer.upper - fewer.lower) / 2).toBeGreaterThan(0.01);
    expect(matchesForMargin(0.5, 0.01, 0.95, 2)).toBe(2 * n);
    // Fleiss without continuity correction: 0.50 vs 0.55 at α = 0.05, power 0.8.
    expect(matchesForDifference(0.5, 0.55)).toBe(1565);
  });
});
