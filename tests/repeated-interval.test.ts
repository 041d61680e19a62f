/**
 * The sequential test of a mean (`stats/repeated-interval.ts`): the looks a check makes, the
 * confidence each look's interval is asked at, the decision at an edge, and the fixed-size count
 * printed beside it, against values worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { fixedSizeMeanMatches, lookConfidence, lookSchedule, meanEdgeDecision } from '../src/stats/repeated-interval.js';

describe('lookSchedule', () => {
  it('plays the first batch, then batches twice as large, and stops at the budget', () => {
    expect(lookSchedule(200, 1000, false)).toEqual([200, 600, 1000]);
    expect(lookSchedule(100, 40000, false)).toEqual([100, 300, 700, 1500, 3100, 6300, 12700, 25500, 40000]);
    expect(lookSchedule(500, 500, false)).toEqual([500]);
    expect(lookSchedule(1000, 300, false)).toEqual([300]);
  });

  it('ends every look on a whole pair when seats rotate', () => {
    expect(lookSchedule(3, 20, true)).toEqual([2, 8, 20]);
    expect(lookSchedule(1, 4, true)).toEqual([2, 4]);
    expect(lookSchedule(3, 20, false)).toEqual([3, 9, 20]);
  });
});

describe('lookConfidence', () => {
  it('gives each of K looks a one-sided tail of error / K', () => {
    expect(lookConfidence(0.05, 1)).toBeCloseTo(0.9, 12);
    expect(lookConfidence(0.05, 5)).toBeCloseTo(0.98, 12);
    expect(lookConfidence(0.025, 10)).toBeCloseTo(0.995, 12);
  });
});

describe('meanEdgeDecision', () => {
  it('is above once the lower bound clears edge − margin, below once the upper bound is under edge + margin', () => {
    expect(meanEdgeDecision(6, 5.2, 6.8, 5, 0.1).decision).toBe('above');
    expect(meanEdgeDecision(4, 3.2, 4.8, 5, 0.1).decision).toBe('below');
    expect(meanEdgeDecision(5, 4.5, 5.5, 5, 0.1).decision).toBe('continue');
    // Exactly at edge − margin is not yet clear of it.
    expect(meanEdgeDecision(5.5, 4.9, 6.1, 5, 0.1).decision).toBe('continue');
    expect(meanEdgeDecision(5.5, 4.91, 6.1, 5, 0.1).decision).toBe('above');
    expect(meanEdgeDecision(4.5, 3.9, 5.1, 5, 0.1).decision).toBe('continue');
    expect(meanEdgeDecision(4.5, 3.9, 5.09, 5, 0.1).decision).toBe('below');
  });

  it('one side cleared decides for that side, whichever side of the edge the estimate lies', () => {
    // Above edge − margin, the estimate just under the edge: still "above" (no evidence against it).
    expect(meanEdgeDecision(4.98, 4.92, 5.3, 5, 0.1).decision).toBe('above');
    expect(meanEdgeDecision(5.02, 4.8, 5.08, 5, 0.1).decision).toBe('below');
  });

  it('inside the indifference zone on both sides, the estimate decides', () => {
    expect(meanEdgeDecision(5.01, 4.95, 5.05, 5, 0.1).decision).toBe('above');
    expect(meanEdgeDecision(5, 4.95, 5.05, 5, 0.1).decision).toBe('above');
    expect(meanEdgeDecision(4.99, 4.95, 5.05, 5, 0.1).decision).toBe('below');
  });

  it('plays on while there is no interval', () => {
    expect(meanEdgeDecision(9, Number.NaN, Number.NaN, 5, 0.1).decision).toBe('continue');
  });

  it('reports the bounds it judged', () => {
    expect(meanEdgeDecision(6, 5.2, 6.8, 5, 0.1)).toEqual({ edge: 5, lowerBound: 5.2, upperBound: 6.8, decision: 'above' });
  });
});

describe('fixedSizeMeanMatches', () => {
  it('scales the measured variance to the matches whose interval separates edge ± margin', () => {
    // z_{0.95} = 1.6448536; ((2 · 1.6448536) / 0.2)² = 270.55; × 100 matches × 0.01.
    expect(fixedSizeMeanMatches(0.01, 100, 0.1, 0.05)).toBe(271);
    // α 0.05 and β 0.025: (1.6448536 + 1.9599640)² / 0.04 = 324.83.
    expect(fixedSizeMeanMatches(0.01, 100, 0.1, 0.05, 0.025)).toBe(325);
    // The same variance after twice the matches means twice the spread per match: twice the count.
    expect(fixedSizeMeanMatches(0.01, 200, 0.1, 0.05)).toBe(542);
  });

  it('is NaN when the variance is unknown', () => {
    expect(fixedSizeMeanMatches(0, 100, 0.1, 0.05)).toBeNaN();
    expect(fixedSizeMeanMatches(Number.NaN, 100, 0.1, 0.05)).toBeNaN();
    expect(fixedSizeMeanMatches(0.01, 0, 0.1, 0.05)).toBeNaN();
  });
});
