/**
 * Wald's sequential probability ratio test and the fixed-size test it is compared with, pinned
 * to values computed by hand from their formulas (Wald, "Sequential Tests of Statistical
 * Hypotheses", Ann. Math. Statist. 16, 1945): A = ln((1 − β)/α), B = ln(β/(1 − α)),
 * LLR = s·ln(p1/p0) + f·ln((1 − p1)/(1 − p0)), and n = ((z_{1−α}√(p0q0) + z_{1−β}√(p1q1))/(p1 − p0))².
 * `hordelab check` reaches these only through the compiled CLI, so they are tested here in-process.
 */
import { describe, expect, it } from 'vitest';
import { fixedSizeTrials, sprt } from '../src/stats/sprt.js';

describe('sprt', () => {
  it("uses Wald's bounds A = ln((1 − β)/α) and B = ln(β/(1 − α))", () => {
    // α = 0.05, β = 0.1: A = ln 18 = 2.890372, B = ln(0.1/0.95) = −2.251292.
    const state = sprt(0, 0, 0.5, 0.05, 0.05, 0.1);
    expect(state.upperBound).toBeCloseTo(2.8903717578961645, 12);
    expect(state.lowerBound).toBeCloseTo(-2.251291798606495, 12);
    // β defaults to α: A = ln 19, B = −ln 19.
    const symmetric = sprt(0, 0, 0.5, 0.05, 0.05);
    expect(symmetric.upperBound).toBeCloseTo(Math.log(19), 12);
    expect(symmetric.lowerBound).toBeCloseTo(-Math.log(19), 12);
  });

  it('sums the log-likelihood ratio of p1 = edge + margin against p0 = edge − margin over successes and failures', () => {
    // Edge 0.3, margin 0.1: p0 = 0.2, p1 = 0.4; 3 of 10: 3·ln 2 + 7·ln(0.6/0.8) = 0.065667.
    const state = sprt(3, 10, 0.3, 0.1, 0.05);
    expect(state.llr).toBeCloseTo(0.06566703451736933, 12);
    expect(state.decision).toBe('continue');
    // No trials, no evidence.
    expect(sprt(0, 0, 0.3, 0.1, 0.05).llr).toBe(0);
  });

  it('decides "above" at or beyond A, "below" at or beyond B, and continues in between', () => {
    // Edge 0.375, margin 0.125: p0 = 1/4, p1 = 1/2, all exact in binary. With α = 1/4, β = 1/2,
    // A = ln 2 and B = ln(2/3): one success puts the ratio exactly on A, one failure exactly on B.
    expect(sprt(1, 1, 0.375, 0.125, 0.25, 0.5)).toEqual({ llr: Math.log(2), lowerBound: Math.log(0.5 / 0.75), upperBound: Math.log(2), decision: 'above' });
    expect(sprt(0, 1, 0.375, 0.125, 0.25, 0.5).decision).toBe('below');
    // 60 of 100 at edge 0.5 ± 0.05: LLR = 20·ln(0.55/0.45) = 4.013 > ln 19; 40 of 100 mirrors it.
    expect(sprt(60, 100, 0.5, 0.05, 0.05).llr).toBeCloseTo(20 * Math.log(0.55 / 0.45), 12);
    expect(sprt(60, 100, 0.5, 0.05, 0.05).decision).toBe('above');
    expect(sprt(40, 100, 0.5, 0.05, 0.05).decision).toBe('below');
    expect(sprt(52, 100, 0.5, 0.05, 0.05).decision).toBe('continue');
  });

  it('stays finite where edge − margin ≤ 0 or edge + margin ≥ 1 (p0, p1 kept 1e-9 inside (0, 1))', () => {
    // Edge 0.05, margin 0.1: p0 = 1e-9, p1 = 0.15.
    const low = sprt(0, 10, 0.05, 0.1, 0.05);
    expect(low.llr).toBeCloseTo(-1.62518928497775, 9);
    expect(low.decision).toBe('continue');
    const oneSuccess = sprt(1, 10, 0.05, 0.1, 0.05);
    expect(oneSuccess.llr).toBeCloseTo(17.363475495580555, 6);
    expect(oneSuccess.decision).toBe('above');
    // Edge 0.95, margin 0.1: p0 = 0.85, p1 = 1 − 1e-9; the mirror image.
    const high = sprt(10, 10, 0.95, 0.1, 0.05);
    expect(high.llr).toBeCloseTo(1.6251892849777505, 9);
    expect(high.decision).toBe('continue');
    const oneFailure = sprt(9, 10, 0.95, 0.1, 0.05);
    expect(oneFailure.llr).toBeCloseTo(-17.363475523862487, 6);
    expect(oneFailure.decision).toBe('below');
  });
});

describe('fixedSizeTrials', () => {
  it('gives the one-sided fixed-size test at the same error rates, rounded up', () => {
    // p0 = 0.2, p1 = 0.4, z_0.95 = 1.644854, z_0.8 = 0.841621: ((0.657941 + 0.412308)/0.2)² = 28.64.
    expect(fixedSizeTrials(0.3, 0.1, 0.05, 0.2)).toBe(29);
    // β defaults to α: 0.45 against 0.55 at 5% each, (2·1.644854·0.497494/0.1)² = 267.85.
    expect(fixedSizeTrials(0.5, 0.05, 0.05)).toBe(268);
    // A 1-point margin at α = 5%, β = 2.5%: 8,118.4.
    expect(fixedSizeTrials(0.5, 0.01, 0.05, 0.025)).toBe(8119);
  });

  it('is finite where the margin reaches past 0 or 1, and at every edge and margin a check accepts', () => {
    // p0 = 1e-9, p1 = 0.15: (1.644854·(3.16e-5 + 0.357071)/0.15)² = 15.33.
    expect(fixedSizeTrials(0.05, 0.1, 0.05)).toBe(16);
    expect(fixedSizeTrials(0.95, 0.1, 0.05)).toBe(16);
    // p0 = 0.15, p1 = 1 − 1e-9: 0.48 trials, so 1.
    expect(fixedSizeTrials(0.6, 0.45, 0.05, 0.1)).toBe(1);
    for (const edge of [0.001, 0.1, 0.5, 0.9, 0.999]) {
      for (const margin of [0.0001, 0.01, 0.2, 0.4999]) {
        const n = fixedSizeTrials(edge, margin, 0.05, 0.025);
        expect(Number.isFinite(n) && n >= 1, `edge ${edge}, margin ${margin}: ${n}`).toBe(true);
      }
    }
  });
});
