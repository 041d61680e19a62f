/**
 * The distribution functions behind every interval, against reference values: closed forms where
 * there are some (Φ(0) = ½, P(1, x) = 1 − e⁻ˣ, the Cauchy t with 1 degree of freedom, I_x(a, b) of
 * whole a, b as a binomial tail sum, λ₁ = −ln(1 − tail)), and otherwise published quantiles and
 * SciPy 1.17 (`scipy.special.gammainc`, `betainc`, `scipy.stats.t.ppf`), to the digits the
 * functions claim.
 */
import { describe, expect, it } from 'vitest';
import {
  logGamma,
  normalCdf,
  normalQuantile,
  poissonLowerMean,
  regularizedBeta,
  regularizedGammaP,
  regularizedGammaQ,
  studentTCdf,
  studentTQuantile,
} from '../src/stats/distributions.js';

/** Relative closeness, for values far from 1 (tails). */
function expectRelative(actual: number, expected: number, tolerance: number): void {
  expect(Math.abs(actual - expected) / Math.abs(expected), `${actual} vs ${expected}`).toBeLessThan(tolerance);
}

describe('normalCdf', () => {
  it('matches Φ at reference points to 1e-15 (an absolute accuracy: the far tails are not relative)', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1)).toBeCloseTo(0.8413447460685429, 15);
    expect(normalCdf(-1.5)).toBeCloseTo(0.06680720126885807, 15);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 15);
    expect(Math.abs(normalCdf(-7.9) - 1.394517146659261e-15)).toBeLessThan(2e-15);
  });

  it('is NaN at NaN, at once (the series never ended on it), and 0 or 1 at the infinities', () => {
    expect(normalCdf(Number.NaN)).toBeNaN();
    expect([normalCdf(-Infinity), normalCdf(Infinity)]).toEqual([0, 1]);
  });

  it('is exactly 0 below −8 and 1 above 8', () => {
    expect(normalCdf(-8.5)).toBe(0);
    expect(normalCdf(8.5)).toBe(1);
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
  });

  it('still uses the series at exactly ±8, where Φ(−8) = 6.2e−16 is not 0 and Φ(8) is not 1', () => {
    // Φ(−8) = 6.22e−16 (tables); the series keeps it to its 1e−15 absolute accuracy.
    expect(normalCdf(-8)).toBeGreaterThan(0);
    expect(normalCdf(-8)).toBeLessThan(6.22e-16 + 1e-15);
    expect(normalCdf(8)).toBeLessThan(1);
    expect(normalCdf(8)).toBeGreaterThan(1 - 6.22e-16 - 1e-15);
  });
});

describe('normalQuantile', () => {
  it('gives the two-sided quantiles 1.959964 (95%), 1.644854 (90%), 0.674490 (50%), 2.575829 (99%)', () => {
    expect(normalQuantile(0.95)).toBeCloseTo(1.959963984540054, 13);
    expect(normalQuantile(0.9)).toBeCloseTo(1.6448536269514722, 13);
    expect(normalQuantile(0.5)).toBeCloseTo(0.6744897501960817, 13);
    expect(normalQuantile(0.99)).toBeCloseTo(2.5758293035489004, 13);
    expect(normalQuantile(0.2)).toBeCloseTo(0.2533471031357997, 13);
    // Asked again (cached), the same value.
    expect(normalQuantile(0.9)).toBeCloseTo(1.6448536269514722, 13);
  });

  it('refuses a confidence outside (0, 1)', () => {
    for (const confidence of [0, 1, -0.5, 1.5, Number.NaN]) expect(() => normalQuantile(confidence), String(confidence)).toThrow(RangeError);
    expect(() => normalQuantile(1.5)).toThrow('confidence must be in (0, 1), got 1.5');
  });
});

describe('logGamma', () => {
  it('gives ln Γ to about 1e-14 (Γ(½) = √π, Γ(1) = 1, Γ(5) = 24, and SciPy elsewhere)', () => {
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 14);
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 14);
    expect(logGamma(3.7)).toBeCloseTo(1.428072326665388, 13);
    expect(logGamma(10.3)).toBeCloseTo(13.482036786138359, 12);
    expect(logGamma(0.01)).toBeCloseTo(4.599479878042022, 13);
    expectRelative(logGamma(100), 359.1342053695754, 1e-14);
  });
});

describe('regularized incomplete gamma', () => {
  it('P(1, x) = 1 − e⁻ˣ and Q(1, x) = e⁻ˣ, by the series below a + 1 and the continued fraction above', () => {
    expect(regularizedGammaP(1, 0.5)).toBeCloseTo(1 - Math.exp(-0.5), 15);
    expect(regularizedGammaQ(1, 0.5)).toBeCloseTo(Math.exp(-0.5), 15);
    expect(regularizedGammaP(1, 3)).toBeCloseTo(1 - Math.exp(-3), 15);
    expect(regularizedGammaQ(1, 3)).toBeCloseTo(Math.exp(-3), 15);
  });

  it('matches SciPy at fractional and larger shapes', () => {
    const cases: [number, number, number][] = [
      [2.5, 1.7, 0.36143007689620493],
      [2.5, 6, 0.9652122194937581],
      [0.5, 0.2, 0.47291074313446196],
      [10, 4, 0.008132242796933871],
      [10, 20, 0.9950045876916924],
      [3, 4, 0.7618966944464556],
    ];
    for (const [a, x, p] of cases) {
      expect(regularizedGammaP(a, x), `P(${a}, ${x})`).toBeCloseTo(p, 14);
      expect(regularizedGammaQ(a, x), `Q(${a}, ${x})`).toBeCloseTo(1 - p, 14);
    }
    expectRelative(regularizedGammaP(10, 4), 0.008132242796933871, 1e-12);
    expectRelative(regularizedGammaQ(10, 20), 0.0049954123083075785, 1e-12);
  });

  it('switches to the continued fraction above a + 1: P(1, 800) = 1 − e⁻⁸⁰⁰ = 1, where the series would overflow', () => {
    // The series' terms reach 800ⁿ/n! ≈ e⁸⁰⁰, beyond the largest double, before they fall.
    expect(regularizedGammaP(1, 800)).toBe(1);
    expectRelative(regularizedGammaQ(1, 700), Math.exp(-700), 1e-12);
  });

  it('keeps the digits of a far upper tail, Q(5, 60) = 5.06e−21, where 1 − P would give 0', () => {
    expectRelative(regularizedGammaQ(5, 60), 5.060046065842555e-21, 1e-10);
    expect(regularizedGammaP(5, 60)).toBe(1);
  });

  it('is P = 0 and Q = 1 at and below x = 0', () => {
    for (const x of [0, -1]) {
      expect(regularizedGammaP(2, x)).toBe(0);
      expect(regularizedGammaQ(2, x)).toBe(1);
    }
  });
});

describe('regularizedBeta', () => {
  it('is a binomial tail for whole a, b: I_x(a, b) = P(Binomial(a + b − 1, x) ≥ a), on both sides of the switch', () => {
    // I_0.3(2, 3) = 1 − 0.7⁴ − 4·0.3·0.7³ = 0.3483; I_0.8(2, 3) = 1 − 0.2⁴ − 4·0.8·0.2³ = 0.9728.
    expect(regularizedBeta(0.3, 2, 3)).toBeCloseTo(1 - 0.7 ** 4 - 4 * 0.3 * 0.7 ** 3, 14);
    expect(regularizedBeta(0.8, 2, 3)).toBeCloseTo(1 - 0.2 ** 4 - 4 * 0.8 * 0.2 ** 3, 14);
    // I_x(1, 1) = x.
    expect(regularizedBeta(0.37, 1, 1)).toBeCloseTo(0.37, 14);
  });

  it('matches SciPy in the tails and at half-integer shapes', () => {
    expect(regularizedBeta(0.5, 0.5, 0.5)).toBeCloseTo(0.5, 14);
    expectRelative(regularizedBeta(0.1, 5, 0.5), 2.5705896992293723e-6, 1e-11);
    expectRelative(1 - regularizedBeta(0.9, 0.5, 5), 2.5705896992293723e-6, 1e-8);
    expectRelative(regularizedBeta(0.2, 30, 40), 8.14350065456995e-6, 1e-11);
  });

  it('is 0 at and below x = 0 and 1 at and above x = 1', () => {
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(-0.1, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
    expect(regularizedBeta(1.1, 2, 3)).toBe(1);
  });
});

describe("Student's t", () => {
  it('has the Cauchy CDF ½ + atan(t)/π at 1 degree of freedom and ½ + t/(2√(2 + t²)) at 2', () => {
    expect(studentTCdf(1, 1)).toBeCloseTo(0.75, 14);
    expect(studentTCdf(-1, 1)).toBeCloseTo(0.25, 14);
    expect(studentTCdf(0, 7)).toBe(0.5);
    expect(studentTCdf(1.5, 2)).toBeCloseTo(0.5 + 1.5 / (2 * Math.sqrt(2 + 1.5 * 1.5)), 14);
    expect(studentTCdf(-2, 5)).toBeCloseTo(0.050969739414929174, 14);
    expect(studentTCdf(0.3, 30)).toBeCloseTo(0.6168769473578236, 14);
  });

  it('gives the two-sided quantiles of the tables: 2.262157 (95%, 9), 12.706205 (95%, 1), 5.840909 (99%, 3)', () => {
    expect(studentTQuantile(0.95, 9)).toBeCloseTo(2.262157162798205, 10);
    expect(studentTQuantile(0.95, 1)).toBeCloseTo(12.706204736174694, 9);
    expect(studentTQuantile(0.99, 3)).toBeCloseTo(5.840909309733355, 10);
    expect(studentTQuantile(0.9, 2)).toBeCloseTo(2.9199855803537242, 10);
    expect(studentTQuantile(0.5, 4)).toBeCloseTo(0.7406970841126829, 10);
    expect(studentTQuantile(0.95, 2.5)).toBeCloseTo(3.5746548420036817, 10);
    // Asked again (cached), the same value.
    expect(studentTQuantile(0.95, 9)).toBeCloseTo(2.262157162798205, 10);
  });

  it('is the t quantile up to 1e7 degrees of freedom (1.959964222 there, 2.4e−7 above the normal) and the normal one beyond', () => {
    expect(studentTQuantile(0.95, 1e7)).toBeCloseTo(1.959964221767205, 7);
    expect(studentTQuantile(0.95, 1e7 + 1)).toBe(normalQuantile(0.95));
    expect(studentTQuantile(0.95, Infinity)).toBe(normalQuantile(0.95));
  });

  it('refuses degrees of freedom that are not positive', () => {
    for (const df of [0, -3, Number.NaN]) expect(() => studentTQuantile(0.95, df), String(df)).toThrow(RangeError);
    expect(() => studentTQuantile(0.95, -3)).toThrow('degrees of freedom must be positive, got -3');
  });

  it('refuses a confidence outside (0, 1), as the normal quantile does, where it searched for ever (audit 42e F3)', () => {
    for (const confidence of [1, 1.5, 29, 0, -0.5, Number.NaN]) expect(() => studentTQuantile(confidence, 10), String(confidence)).toThrow(`confidence must be in (0, 1), got ${confidence}`);
  });
});

describe('poissonLowerMean', () => {
  it("gives Brown, Cai and DasGupta's λ_x (0.0513, 0.3554, 0.8177 at tail 0.05) and real x", () => {
    expect(poissonLowerMean(1, 0.05)).toBeCloseTo(-Math.log(0.95), 12);
    expect(poissonLowerMean(2, 0.05)).toBeCloseTo(0.35536151069866195, 12);
    expect(poissonLowerMean(3, 0.05)).toBeCloseTo(0.8176914471639534, 12);
    expect(poissonLowerMean(4, 0.025)).toBeCloseTo(1.0898653736263249, 12);
    expect(poissonLowerMean(1.5, 0.05)).toBeCloseTo(0.17592315887463572, 12);
    expect(poissonLowerMean(0.5, 0.1)).toBeCloseTo(0.00789538704671561, 12);
  });

  it('widens its search for a tail near 1: λ₁ = −ln(1 − tail) = 16.118 at tail 1 − 1e−7', () => {
    expect(poissonLowerMean(1, 1 - 1e-7)).toBeCloseTo(-Math.log(1e-7), 8);
  });
});
