/**
 * How a mean and its interval are written in text (run's summary lines, report.md, tune's
 * result): enough decimals that the interval's half-width shows, two at least.
 */
import { describe, expect, it } from 'vitest';
import { formatMean, intervalDigits, table } from '../src/reports/format.js';
import type { MeanEstimate } from '../src/stats/clusters.js';

const estimate = (mean: number, lower: number, upper: number): MeanEstimate => ({ mean, lower, upper, sd: 1, n: 100, designEffect: 1, clusters: 100 });

describe('formatMean', () => {
  it('keeps two decimals where the half-width shows in them', () => {
    expect(formatMean(estimate(3.66, 3.575, 3.745))).toBe('3.66 [3.58, 3.75]');
    expect(formatMean(estimate(12.5, 10, 15))).toBe('12.50 [10.00, 15.00]');
    expect(formatMean(estimate(12.5, 10, 15), 1)).toBe('12.5 [10.0, 15.0]');
  });

  it('writes a small interval with the decimals its half-width needs: 0.0325 [0.0301, 0.0350] is not "0.03 [0.03, 0.03]" (audit 26a)', () => {
    expect(formatMean(estimate(0.03245, 0.03008, 0.035))).toBe('0.032 [0.030, 0.035]');
    expect(formatMean(estimate(0.004, 0.0015, 0.0066))).toBe('0.004 [0.002, 0.007]');
    expect(formatMean(estimate(1000.5, 1000.4999, 1000.5001))).toBe('1000.5000 [1000.4999, 1000.5001]');
  });

  it('never passes 10 decimals, and leaves figures without an interval as they were', () => {
    expect(intervalDigits(1, 1 + 1e-15, 2)).toBe(10);
    expect(intervalDigits(1, 1, 2)).toBe(2);
    expect(intervalDigits(Number.NaN, 1, 3)).toBe(3);
    expect(formatMean({ ...estimate(0.5, Number.NaN, Number.NaN), note: 'every match gave 0.5' })).toBe('0.50 (every match gave 0.5)');
  });
});

describe('table', () => {
  it('lines up names written in Chinese, Japanese or Korean, emoji and combining accents by the columns a terminal gives them (audit 36a)', () => {
    const text = table(
      ['seat', 'wins', 'rate'],
      [
        ['ゾンビ', '12', '40.0%'],
        ['P1', '3', '9.5%'],
        ['🧟‍♀️ zombie', '100', '100.0%'],
        ['Ame\u0301lie', '7', '1.0%'],
      ],
    );
    expect(text.split('\n')).toEqual([
      'seat       wins    rate',
      'ゾンビ       12   40.0%',
      'P1            3    9.5%',
      '🧟‍♀️ zombie   100  100.0%',
      'Ame\u0301lie        7    1.0%',
    ]);
    // Right-aligned columns too: a wide character pads less.
    expect(table(['n', 'name'], [['1', '日本'], ['2', 'abcd'], ['3', 'ab']], 1).split('\n')).toEqual(['n  name', '1  日本', '2  abcd', '3    ab']);
  });
});
