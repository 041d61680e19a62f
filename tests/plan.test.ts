/**
 * Sample-size planning (`hordelab plan`), in-process: the matches a margin needs are the
 * smallest count from which on the interval a run reports is narrow enough (checked at that
 * count and the one before, and against a scan of every count where the tail rule's cut rises),
 * and the difference plans follow Fleiss' formula without continuity correction, with values
 * computed from it with SciPy 1.17's `norm.ppf`.
 */
import { describe, expect, it } from 'vitest';
import { clusteredRate } from '../src/stats/clusters.js';
import { differencePower, EXACT_POWER_MATCHES, matchesForDifference, matchesForDifferenceMargin, matchesForMargin, plannedDifferenceBounds, plannedRateBounds, plannedTrials } from '../src/stats/plan.js';
import { studentTQuantile } from '../src/stats/distributions.js';
import { scoreBounds } from '../src/stats/rate-interval.js';
import { twoProportionTest } from '../src/stats/tests.js';

/** Half the width of the rate interval at `n` matches of rate `rate`. */
const halfWidth = (rate: number, n: number, confidence = 0.95): number => {
  const bounds = scoreBounds(rate * n, n, confidence);
  return (bounds.upper - bounds.lower) / 2;
};

describe('matchesForMargin', () => {
  it('is the smallest number of matches whose interval is within ±margin', () => {
    const cases: [number, number, number, number][] = [
      [0.5, 0.01, 0.95, 9600],
      [0.3, 0.05, 0.95, 320],
      [0.01, 0.005, 0.95, 1606],
      [0.5, 0.2, 0.95, 21],
      [0.5, 0.45, 0.95, 3],
      [0.02, 0.1, 0.95, 19],
      [0.9, 0.03, 0.9, 273],
    ];
    for (const [rate, margin, confidence, n] of cases) {
      const label = `rate ${rate}, margin ${margin}, confidence ${confidence}`;
      expect(matchesForMargin(rate, margin, confidence), label).toBe(n);
      expect(halfWidth(rate, n, confidence), label).toBeLessThanOrEqual(margin);
      expect(halfWidth(rate, n - 1, confidence), label).toBeGreaterThan(margin);
    }
  });

  it('counts a margin met exactly as met: "at most ±margin"', () => {
    // The margin set to the half-width at 320 matches, to the last bit: 320 fits, 319 does not.
    const margin = halfWidth(0.3, 320);
    expect(halfWidth(0.3, 319)).toBeGreaterThan(margin);
    expect(matchesForMargin(0.3, margin)).toBe(320);
  });

  it("plans past the step where the tail rule's cut rises (50 to 51 matches): from the count it gives on, every count fits (review of audit 34b L4)", () => {
    // Where the cut rises the interval widens: at 4.5% and ±6.5 points, 49 and 50 matches fit,
    // 51 does not. The count planned must be one from which on every count fits.
    expect(halfWidth(0.045, 49)).toBeLessThanOrEqual(0.065);
    expect(halfWidth(0.045, 51)).toBeGreaterThan(0.065);
    expect(matchesForMargin(0.045, 0.065)).toBeGreaterThan(51);
    // Against a scan of every count up to 2,000: the planned count is the one after the last that
    // does not fit, for rates on both sides of the step at three levels.
    const scanned = (rate: number, margin: number, confidence: number): number => {
      let last = 0;
      for (let n = 1; n <= 2000; n++) if (!(halfWidth(rate, n, confidence) <= margin)) last = n;
      return last + 1;
    };
    for (const confidence of [0.8, 0.95, 0.99]) {
      for (const rate of [0.03, 0.04, 0.045, 0.05, 0.055, 0.06, 0.94, 0.955]) {
        for (let margin = 0.05; margin < 0.1; margin += 0.0005) {
          expect(matchesForMargin(rate, margin, confidence), `rate ${rate}, margin ${margin}, confidence ${confidence}`).toBe(scanned(rate, margin, confidence));
        }
      }
    }
  });

  it('plans 51 matches where 51 fits and 50 does not, and fewer where 50 fits as well', () => {
    const margin = halfWidth(0.5, 51);
    expect(halfWidth(0.5, 50)).toBeGreaterThan(margin);
    expect(matchesForMargin(0.5, margin)).toBe(51);
    const wider = halfWidth(0.5, 50);
    expect(halfWidth(0.5, 49)).toBeGreaterThan(wider);
    expect(matchesForMargin(0.5, wider)).toBe(50);
  });

  it('needs a single match for a margin of ±0.5', () => {
    expect(matchesForMargin(0.5, 0.5)).toBe(1);
  });

  it('counts the trials a run of n matches with design effect D measures: n over D·C/(C − 1) times (z/t on C − 1)², C = n / max(2, D)', () => {
    // 10 clusters of 3: 30 / (3·10/9) · (1.959964 / 2.262157)² (t on 9 degrees).
    expect(plannedTrials(30, 0.95, 3)).toBeCloseTo(9 * (1.959964 / 2.262157) ** 2, 4);
    // 2 clusters of 2: 4 / 4 · (1.959964 / 12.706205)² (t on 1 degree).
    expect(plannedTrials(4, 0.95, 2)).toBeCloseTo((1.959964 / 12.706205) ** 2, 5);
    // Fewer than two clusters: n / D, as one trial at most.
    expect([plannedTrials(1, 0.95, 4), plannedTrials(3, 0.95, 2), plannedTrials(30, 0.95, 1)]).toEqual([0.25, 1, 30]);
    // The least counts a plan gives with a design effect, and those above them, scale with it.
    for (const designEffect of [3, 5]) {
      expect([0.5, 0.45].map((margin) => matchesForMargin(0.5, margin, 0.95, designEffect)), `design effect ${designEffect}`).toEqual([2 * designEffect, 6 * designEffect]);
    }
    expect([matchesForMargin(0.3, 0.05, 0.95, 3), matchesForDifferenceMargin(0.3, 0.5, 0.1, 0.95, 3)]).toEqual([969, 531]);
    // The difference's interval is built around rate2 − rate1.
    const bounds = plannedDifferenceBounds(0.3, 0.5, 100);
    expect([bounds.lower, bounds.upper].map((bound) => +bound.toFixed(6))).toEqual([0.064223, 0.325768]);
  });

  it("counts a design effect as a run's interval does: over its clusters, with their degrees of freedom (audit 39b L2)", () => {
    // A rotated coin whose pairs flip alike, at the expected count: 48 matches report ±0.198, 46
    // ±0.202 (measured design effect 2·C/(C − 1), Korn–Graubard's t on C − 1 degrees); the
    // design effect times the independent 21 matches said 42, which reports ±0.211.
    const pairsAlike = (n: number): number => {
      const wonBoth = n / 4;
      const rate = clusteredRate({ clusters: n / 2, x: 2 * wonBoth, n, xx: 4 * wonBoth, xn: 4 * wonBoth, nn: 2 * n, ee: 2 * wonBoth });
      return (rate.upper - rate.lower) / 2;
    };
    expect(matchesForMargin(0.5, 0.2, 0.95, 2)).toBe(48);
    expect([pairsAlike(48) <= 0.2, pairsAlike(46) > 0.2, pairsAlike(42) > 0.2]).toEqual([true, true, true]);
    for (const [rate, margin, designEffect] of [[0.3, 0.05, 1.5], [0.5, 0.2, 1.3], [0.5, 0.01, 2], [0.05, 0.02, 0.6], [0.02, 0.01, 3]] as const) {
      const n = matchesForMargin(rate, margin, 0.95, designEffect);
      const planned = (count: number): number => {
        const bounds = plannedRateBounds(rate, count, 0.95, designEffect);
        return (bounds.upper - bounds.lower) / 2;
      };
      expect([planned(n) <= margin, planned(n - 1) > margin], `${rate} ±${margin}, design effect ${designEffect}`).toEqual([true, true]);
      // Never fewer than the design effect times the independent count: the correction only adds.
      expect(n).toBeGreaterThanOrEqual(Math.ceil(matchesForMargin(rate, margin) * designEffect));
    }
  });

  it('ends where counts beyond 2^53 are no longer 1 apart: ±1e−9 needs z²/4·10¹⁸ matches', () => {
    const n = matchesForMargin(0.5, 1e-9);
    expect(Math.abs(n / ((1.959963984540054 ** 2 / 4) * 1e18) - 1)).toBeLessThan(1e-6);
    // Where the last two candidates are neighbouring doubles, their mean rounds to the lower one
    // (rate 0.5) or to the upper one (rate 0.3, z²·0.21·10¹⁸ matches): both must end the search.
    const m = matchesForMargin(0.3, 1e-9);
    expect(Math.abs(m / (1.959963984540054 ** 2 * 0.21 * 1e18) - 1)).toBeLessThan(1e-6);
  });
});

describe('matchesForDifference', () => {
  /** The power of compare's test by brute force: every pair of counts, each through twoProportionTest. */
  const bruteForcePower = (rate1: number, rate2: number, n: number, level: number): number => {
    const mass = (p: number): number[] => {
      const out: number[] = [];
      let ways = 1;
      for (let k = 0; k <= n; k++) {
        out.push(ways * p ** k * (1 - p) ** (n - k));
        ways = (ways * (n - k)) / (k + 1);
      }
      return out;
    };
    const [first, second] = [mass(rate1), mass(rate2)];
    let power = 0;
    for (let x = 0; x <= n; x++) for (let y = 0; y <= n; y++) if (twoProportionTest({ successes: x, n }, { successes: y, n }).pValue < level) power += (first[x] as number) * (second[y] as number);
    return power;
  };

  it("sums compare's test over every pair of counts: its power as brute force gives it, at the edges too", () => {
    for (const n of [1, 2, 5, 13, 40]) {
      for (const [rate1, rate2] of [[0.1, 0.9], [0.5, 0.6], [0, 0.3], [0.2, 1], [0.5, 0.5]] as const) {
        for (const level of [0.05, 0.01]) expect(differencePower(rate1, rate2, n, level), `${n} ${rate1} ${rate2} ${level}`).toBeCloseTo(bruteForcePower(rate1, rate2, n, level), 12);
      }
    }
  });

  it("moves Fleiss's count to where compare's test has the power asked for, and the count below has not (audit 42f F2)", () => {
    // Fleiss: n = (z_α/2·√(2p̄q̄) + z_β·√(p1q1 + p2q2))²/(p1 − p2)² gives 1,565 for 50% against 55%,
    // whose exact power is above 80%, as it is down to 1,559; 388 for 50% against 60%, whose
    // exact power is 79.6%, so 392.
    for (const [rate1, rate2, power, confidence, metrics, planned] of [
      [0.5, 0.55, 0.8, 0.95, 1, 1559],
      [0.5, 0.6, 0.8, 0.95, 1, 392],
      [0.5, 0.55, 0.5, 0.95, 1, 770],
      [0.3, 0.4, 0.9, 0.95, 1, 475],
      [0.3, 0.4, 0.9, 0.99, 1, 675],
      [0.1, 0.9, 0.8, 0.95, 1, 4],
      // One of 32 Holm-adjusted metrics: the test at α/32.
      [0.5, 0.55, 0.8, 0.95, 32, 3202],
      // Fleiss's 2 at the 20% level, where one match each already has 90.5%: down to 1.
      [0.05, 0.95, 0.8, 0.8, 1, 1],
    ] as const) {
      const level = (1 - confidence) / metrics;
      expect(matchesForDifference(rate1, rate2, power, confidence, 1, metrics)).toBe(planned);
      expect(matchesForDifference(rate2, rate1, power, confidence, 1, metrics)).toBe(planned);
      expect(differencePower(rate1, rate2, planned, level)).toBeGreaterThanOrEqual(power);
      if (planned > 1) expect(differencePower(rate1, rate2, planned - 1, level)).toBeLessThan(power);
    }
    expect(bruteForcePower(0.1, 0.9, 4, 0.05)).toBeGreaterThanOrEqual(0.8);
    expect(bruteForcePower(0.1, 0.9, 3, 0.05)).toBeLessThan(0.8);
  });

  it("takes Fleiss's count as it is past a million matches, where the sums are long", () => {
    // (z_α/2·√(2p̄q̄) + z_β·√(p1q1 + p2q2))² / 0.0001² = 392,443,981.6 at 50% against 50.01%, rounded up.
    expect(matchesForDifference(0.5, 0.5001)).toBe(392_443_982);
    expect(EXACT_POWER_MATCHES).toBe(1_000_000);
  });

  it('with a design effect, counts trials as a run measures them over its clusters, with t quantiles for their degrees of freedom; two clusters at least', () => {
    // 50% against 60% at D = 2 (rotated): C = n/2 clusters, D' = 2C/(C − 1), 2(C − 1) degrees of
    // freedom; Fleiss's 387.1 independent trials, times 2, is 775; the clusters' correction asks 779.
    const fits = (n: number, designEffect: number): boolean => {
      const clusters = n / Math.max(2, designEffect);
      const trials = n / ((designEffect * clusters) / (clusters - 1));
      const degrees = 2 * (clusters - 1);
      const critical = studentTQuantile(0.95, degrees);
      const beta = studentTQuantile(0.6, degrees);
      return trials >= ((critical * Math.sqrt(2 * 0.55 * 0.45) + beta * Math.sqrt(0.25 + 0.24)) / 0.1) ** 2;
    };
    for (const designEffect of [2, 1.7, 0.5, 0.01, 0.001]) {
      const planned = matchesForDifference(0.5, 0.6, 0.8, 0.95, designEffect);
      expect(fits(planned, designEffect), String(designEffect)).toBe(true);
      expect(planned - 1 < 2 * Math.max(2, designEffect) || !fits(planned - 1, designEffect), String(designEffect)).toBe(true);
    }
    expect(matchesForDifference(0.5, 0.6, 0.8, 0.95, 2)).toBe(779);
    // A power of one half: z_β = 0, and t's quantile likewise (it has no two-sided form at 0).
    expect(matchesForDifference(0.5, 0.6, 0.5, 0.95, 2)).toBe(matchesForDifference(0.5, 0.6, 0.5000001, 0.95, 2));
    // A design effect below 1 planned 1 match per run, which no test tells from another: now the
    // two clusters of 2 matches each a run needs for any degrees of freedom, or more.
    expect(matchesForDifference(0.5, 0.6, 0.8, 0.95, 0.001)).toBe(4);
    expect(matchesForDifference(0.5, 0.6, 0.8, 0.95, 0.01)).toBe(8);
  });
});

describe('matchesForDifferenceMargin', () => {
  it("is the smallest count at which the interval compare reports (Newcombe's, at the expected counts) is within ±margin (audit 39b L1)", () => {
    /** Half the width of twoProportionTest's interval for runs of n matches at exactly their rates. */
    const reported = (rate1: number, rate2: number, n: number, confidence = 0.95): number => {
      const test = twoProportionTest({ successes: rate1 * n, n }, { successes: rate2 * n, n }, confidence);
      return (test.upper - test.lower) / 2;
    };
    // The Wald count z²(p1q1 + p2q2)/margin² said 1,499 for 1% against 3% at ±1 point, where the
    // interval reported is ±1.03 points.
    expect(reported(0.01, 0.03, 1499)).toBeGreaterThan(0.0102);
    for (const [rate1, rate2, margin, confidence, n] of [
      [0.01, 0.03, 0.01, 0.95, 1579],
      [0.001, 0.005, 0.002, 0.95, 6283],
      [0.5, 0.55, 0.02, 0.95, 4775],
      [0.3, 0.45, 0.02, 0.9, 3093],
    ] as const) {
      const label = `${rate1} vs ${rate2} ±${margin} at ${confidence}`;
      expect(matchesForDifferenceMargin(rate1, rate2, margin, confidence), label).toBe(n);
      expect([reported(rate1, rate2, n, confidence) <= margin, reported(rate1, rate2, n - 1, confidence) > margin], label).toEqual([true, true]);
    }
    // In either order; with a design effect, each run's interval counted as the run counts it.
    expect(matchesForDifferenceMargin(0.03, 0.01, 0.01)).toBe(1579);
    const clustered = matchesForDifferenceMargin(0.3, 0.45, 0.02, 0.9, 1.5);
    const bounds = plannedDifferenceBounds(0.3, 0.45, clustered, 0.9, 1.5);
    expect((bounds.upper - bounds.lower) / 2).toBeLessThanOrEqual(0.02);
    expect(clustered).toBeGreaterThanOrEqual(Math.ceil(3093 * 1.5));
  });
});
