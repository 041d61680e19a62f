/** Intervals and mergeable figures. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import {
  addSample,
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
    const rng = Rng.fromSeed(0x5eedn);
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
