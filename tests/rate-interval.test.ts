/**
 * The rate interval, bound by bound: Wilson's score interval (centre (x + z²/2)/(n + z²),
 * half-width z·√(x(n − x)/n + z²/4)/(n + z²)), Brown, Cai and DasGupta's Poisson bounds λ_x/n
 * below x* successes and failures (x* = 2 up to n = 50, 3 above), and Kish's effective counts
 * for a design effect. Reference values from those formulas with SciPy 1.17's `norm.ppf` and
 * `gammaincinv` (λ_x), computed outside this code.
 */
import { describe, expect, it } from 'vitest';
import { effectiveRateInterval, rateInterval, scoreBounds } from '../src/stats/rate-interval.js';
import { fixedHalfEven, formatRate, percentBound, percentOf, signedFixed } from '../src/reports/format.js';

/** λ_x at tail 0.05: P(Poisson(λ) ≥ x) = 0.05. */
const LAMBDA_2 = 0.35536151069866195;
const LAMBDA_3 = 0.8176914471639534;

describe('rateInterval', () => {
  it("gives Wilson's bounds away from the tails, both of them", () => {
    expect(rateInterval(50, 100)).toEqual({ rate: 0.5, lower: expect.closeTo(0.4038315303659956, 13), upper: expect.closeTo(0.5961684696340044, 13), successes: 50, n: 100, designEffect: 1, clusters: 100 });
    const r = rateInterval(15, 50);
    expect(r.lower).toBeCloseTo(0.1910355350088095, 13);
    expect(r.upper).toBeCloseTo(0.4375035046445341, 13);
    // At 80% (z = 1.281552): 7 of 10.
    const narrow = rateInterval(7, 10, 0.8);
    expect(narrow.lower).toBeCloseTo(0.49737170523975105, 13);
    expect(narrow.upper).toBeCloseTo(0.8462008219240327, 13);
  });

  it('ends at 0 with no successes and at 1 with no failures, Wilson on the other side', () => {
    const none = rateInterval(0, 10);
    expect(none.lower).toBe(0);
    expect(none.upper).toBeCloseTo(0.2775327998628892, 13);
    const all = rateInterval(10, 10);
    expect(all.upper).toBe(1);
    expect(all.lower).toBeCloseTo(1 - 0.2775327998628892, 13);
  });

  it('takes the Poisson lower bound for 1 and 2 successes up to n = 50, and for 3 above', () => {
    expect(rateInterval(2, 50).lower).toBeCloseTo(LAMBDA_2 / 50, 13);
    expect(rateInterval(2, 50).upper).toBeCloseTo(0.1346009068750702, 13);
    expect(rateInterval(3, 50).lower).toBeCloseTo(0.020614970348973957, 13);
    expect(rateInterval(3, 51).lower).toBeCloseTo(LAMBDA_3 / 51, 13);
    expect(rateInterval(4, 51).lower).toBeCloseTo(0.03092219678848919, 13);
    // The tail of the confidence level: λ₁ = −ln(0.9) at 90%.
    expect(rateInterval(1, 20, 0.9).lower).toBeCloseTo(-Math.log(0.9) / 20, 13);
    expect(rateInterval(1, 20, 0.9).upper).toBeCloseTo(0.19600723677401638, 13);
  });

  it('and symmetrically the Poisson upper bound for 1 and 2 failures up to n = 50, and for 3 above', () => {
    expect(rateInterval(48, 50).upper).toBeCloseTo(1 - LAMBDA_2 / 50, 13);
    expect(rateInterval(48, 50).lower).toBeCloseTo(1 - 0.1346009068750702, 13);
    expect(rateInterval(47, 50).upper).toBeCloseTo(0.979385029651026, 13);
    expect(rateInterval(48, 51).upper).toBeCloseTo(1 - LAMBDA_3 / 51, 13);
  });

  it('has no interval to give without trials, and refuses impossible counts', () => {
    const empty = rateInterval(0, 0);
    expect(empty).toEqual({ rate: Number.NaN, lower: 0, upper: 1, successes: 0, n: 0, designEffect: 1, clusters: 0 });
    for (const [successes, n] of [[3, 2], [-1, 5], [Number.NaN, 5]] as const) expect(() => rateInterval(successes, n), `${successes} of ${n}`).toThrow(RangeError);
    expect(() => rateInterval(3, 2)).toThrow('rateInterval needs 0 ≤ successes ≤ n, got 3 of 2');
    expect(rateInterval(2, 2).rate).toBe(1);
  });
});

describe('scoreBounds', () => {
  it('takes fractional counts as they are: 1.5 of 25 gets the Poisson bound λ_1.5/25', () => {
    const bounds = scoreBounds(1.5, 25, 0.95);
    expect(bounds.lower).toBeCloseTo(0.007036926354985429, 13);
    expect(bounds.upper).toBeCloseTo(0.22323030890753184, 13);
  });
});

describe('effectiveRateInterval', () => {
  it("widens the interval to Kish's effective sample: 30 of 100 with design effect 2 in 100 clusters is 15 of 50", () => {
    // clusters = n: no degrees-of-freedom correction, so exactly the plain interval of 15 of 50.
    const clustered = effectiveRateInterval(30, 100, 2, 100);
    const plain = rateInterval(15, 50);
    expect(clustered.rate).toBe(0.3);
    expect(clustered.lower).toBeCloseTo(plain.lower, 13);
    expect(clustered.upper).toBeCloseTo(plain.upper, 13);
    expect([clustered.successes, clustered.n, clustered.designEffect, clustered.clusters]).toEqual([30, 100, 2, 100]);
    // Below 1 (antithetic pairs), narrower than independent trials.
    const antithetic = effectiveRateInterval(30, 100, 0.5, 50);
    expect(antithetic.upper - antithetic.lower).toBeLessThan(rateInterval(30, 100).upper - rateInterval(30, 100).lower);
  });

  it('shrinks the effective count by (z/t_{C−1})² where the design effect was measured from C < n clusters (Korn and Graubard)', () => {
    // Reference values from SciPy 1.17 (norm.ppf, t.ppf, gammaincinv for the tail rule), with
    // the Wilson formula written out there: 30 of 100, deff 2, 50 clusters: 50 · 0.95123 trials.
    const fifty = effectiveRateInterval(30, 100, 2, 50);
    expect(fifty.lower).toBeCloseTo(0.1887834061603681, 13);
    expect(fifty.upper).toBeCloseTo(0.44110936034775966, 13);
    expect([fifty.successes, fifty.n, fifty.designEffect, fifty.clusters]).toEqual([30, 100, 2, 50]);
    // Design effect 1.5 in 40 clusters: 66.7 · (1.95996/2.02269)² trials.
    const forty = effectiveRateInterval(30, 100, 1.5, 40);
    expect(forty.lower).toBeCloseTo(0.20076663330968997, 13);
    expect(forty.upper).toBeCloseTo(0.4223616728897555, 13);
    // Three clusters (t_2 = 4.303): 5 of 8 at deff 2.275 is 0.73 effective trials, nearly [0, 1].
    const three = effectiveRateInterval(5, 8, 2.275, 3);
    expect(three.lower).toBeCloseTo(0.0014746442507334125, 13);
    expect(three.upper).toBeCloseTo(0.9999834733023824, 13);
    // Two clusters: t_1 = 12.706, so 3 of 10 is 0.238 effective trials, all but [0, 1].
    const two = effectiveRateInterval(3, 10, 1, 2);
    expect(two.lower).toBeCloseTo(1.4827792979266433e-18, 13);
    expect(two.upper).toBeCloseTo(0.9999999586310028, 13);
    // One cluster measures nothing between clusters: one trial, whatever the design effect says.
    expect(effectiveRateInterval(6, 10, 1, 1)).toEqual({ ...effectiveRateInterval(0.6, 1, 1, 1), successes: 6, n: 10, clusters: 1 });
    expect(effectiveRateInterval(6, 10, 1, 1).lower).toBeCloseTo(rateInterval(0.6, 1).lower, 13);
  });

  it('gives a zero-width interval for a design effect of 0 and none without trials', () => {
    expect(effectiveRateInterval(30, 100, 0, 50)).toEqual({ rate: 0.3, lower: 0.3, upper: 0.3, successes: 30, n: 100, designEffect: 0, clusters: 50 });
    expect(effectiveRateInterval(0, 0, 2, 5)).toEqual({ rate: Number.NaN, lower: 0, upper: 1, successes: 0, n: 0, designEffect: 1, clusters: 0 });
  });
});

describe('a rate printed with its interval', () => {
  it('rounds a bound to the nearest, or away from the rate where that would print it equal to the rate', () => {
    // 8,000 wins of 8,000: the rate is 100% and its lower bound 99.95%, printed 99.9%, not 100.0%.
    const all = rateInterval(8000, 8000);
    expect(all.lower).toBeCloseTo(0.99952, 5);
    expect(formatRate(all)).toEqual(['100.0%', '[99.9%, 100.0%]']);
    expect(formatRate(rateInterval(0, 8000))).toEqual(['0.0%', '[0.0%, 0.1%]']);
    expect(formatRate(rateInterval(50, 100))).toEqual(['50.0%', '[40.4%, 59.6%]']);
    expect(percentBound(0.5000001, 0.5)).toBe('50.1');
    expect(percentBound(0.4999999, 0.5)).toBe('49.9');
    expect(percentBound(0.5, 0.5)).toBe('50.0');
    expect(percentBound(0.12344, 0.12346)).toBe('12.3');
    expect(percentBound(0.12344, 0.12356)).toBe('12.3');
    // A bound exactly on a step prints as itself, even equal to the rate.
    expect(percentBound(0.1234, 0.12341, 2)).toBe('12.34');
    expect(percentBound(0.12339, 0.12341, 2)).toBe('12.33');
    expect(percentBound(0.1236, 0.12341, 2)).toBe('12.36');
    // The audit's case: a rate of 2.468% with an upper bound of 2.4934% printed 2.5% [2.4%, 2.49%].
    expect(percentBound(0.024934, 0.02468)).toBe('2.5');
    // A bound a whole number of steps in decimal is not pushed a step out by its binary error.
    expect(percentBound(0.07, 0.0699)).toBe('7.0');
    expect(percentBound(0.29, 0.2901)).toBe('29.0');
  });

  it('prints a rate and its complement so that they sum to 100%: a decimal half goes to the even digit (audit 36a: 49.0% and 50.9%)', () => {
    // 981 of 2,000 and 1,019 of 2,000: 49.05% and 50.95%, a hair below the half each in binary.
    expect(formatRate(rateInterval(981, 2000))[0]).toBe('49.0%');
    expect(formatRate(rateInterval(1019, 2000))[0]).toBe('51.0%');
    // Every split of up to 400 matches, checked at once (one expect, not 80,000).
    const unsummed: string[] = [];
    for (let n = 1; n <= 400; n++) {
      for (let k = 0; k <= n; k++) {
        const sum = Number(fixedHalfEven((100 * k) / n, 1)) + Number(fixedHalfEven((100 * (n - k)) / n, 1));
        if (sum.toFixed(1) !== '100.0') unsummed.push(`${k} of ${n}`);
      }
    }
    expect(unsummed).toEqual([]);
    expect(fixedHalfEven(2.5, 0)).toBe('2');
    expect(fixedHalfEven(3.5, 0)).toBe('4');
    expect(fixedHalfEven(0.125, 2)).toBe('0.12');
    expect(fixedHalfEven(0.375, 2)).toBe('0.38');
    expect(fixedHalfEven(-49.05, 1)).toBe('-49.0');
    // Anything not within the arithmetic's error of a half is written as toFixed writes it.
    expect(fixedHalfEven(49.0500001, 1)).toBe('49.1');
    expect(fixedHalfEven(49.0499999, 1)).toBe('49.0');
    expect(fixedHalfEven(12.3456, 3)).toBe('12.346');
    expect(fixedHalfEven(1e21, 1)).toBe('1e+21');
    expect(fixedHalfEven(Number.NaN, 1)).toBe('NaN');
    expect(fixedHalfEven(Number.POSITIVE_INFINITY, 2)).toBe('Infinity');
    // Large values are halves only within the arithmetic's error, not a relative 1e-9 (review 37h:
    // 1234567.894 printed 1234567.90, 123456789.4 printed 123456790).
    expect(fixedHalfEven(1234567.894, 2)).toBe('1234567.89');
    expect(fixedHalfEven(123456789.4, 0)).toBe('123456789');
    expect(fixedHalfEven(123456788.5, 0)).toBe('123456788');
    expect(fixedHalfEven(100 * 0.9999999994, 7)).toBe('99.9999999');
    // Zero one way, whatever the sign of what rounds to it; signs always shown by signedFixed.
    expect([fixedHalfEven(-0.049, 1), fixedHalfEven(-0.05, 1), fixedHalfEven(-0, 1), fixedHalfEven(-0.0004, 3)]).toEqual(['0.0', '0.0', '0.0', '0.000']);
    expect(fixedHalfEven(-0.051, 1)).toBe('-0.1');
    expect([signedFixed(-0.049, 1), signedFixed(0.049, 1), signedFixed(-0.051, 1), signedFixed(1.25, 1), signedFixed(Number.NaN, 1)]).toEqual(['+0.0', '+0.0', '-0.1', '+1.2', 'NaN']);
  });

  it('never prints a rate short of all or none as 100% or 0% (audit 37a: 3,999 wins in 4,000 read "100.0%")', () => {
    expect(formatRate(rateInterval(3999, 4000))).toEqual(['99.98%', '[99.9%, 100.0%]']);
    expect(formatRate(rateInterval(1, 4000))).toEqual(['0.02%', '[0.0%, 0.1%]']);
    expect(formatRate(rateInterval(4000, 4000))[0]).toBe('100.0%');
    expect(formatRate(rateInterval(0, 4000))[0]).toBe('0.0%');
    expect(percentOf(0.9996)).toBe('99.96');
    expect(percentOf(0.0004, 0)).toBe('0.04');
    expect(percentOf(0.999)).toBe('99.9');
    expect(percentOf(1 - 1e-12)).toBe('100.0000000');
    expect(percentOf(0.5, 2)).toBe('50.00');
    expect(percentOf(Number.NaN)).toBe('NaN');
  });

  it('never prints a bound on the far side of the printed rate, whatever the digits', () => {
    // A seeded sweep of narrow intervals around rates of every size.
    let x = 12345;
    const next = (): number => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x / 2 ** 32;
    };
    for (let i = 0; i < 20_000; i++) {
      const rate = next();
      const width = next() * 0.002;
      const lower = Math.max(0, rate - width * next());
      const upper = Math.min(1, rate + width * next());
      for (const digits of [1, 2]) {
        const shown = Number((rate * 100).toFixed(digits));
        expect(Number(percentBound(lower, rate, digits)), `${lower} ${rate}`).toBeLessThanOrEqual(shown);
        expect(Number(percentBound(upper, rate, digits)), `${upper} ${rate}`).toBeGreaterThanOrEqual(shown);
        // Nearest, or a step further out: never more than a step from the bound.
        expect(Math.abs(Number(percentBound(lower, rate, digits)) - lower * 100)).toBeLessThan(10 ** -digits + 1e-9);
        expect(Math.abs(Number(percentBound(upper, rate, digits)) - upper * 100)).toBeLessThan(10 ** -digits + 1e-9);
      }
    }
    expect(formatRate({ ...rateInterval(0, 1), n: 0 })).toEqual(['-', 'no samples']);
  });
});
