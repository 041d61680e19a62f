/** Value histograms kept beside some means: counting, merging, and listing in value order. */
import { describe, expect, it } from 'vitest';
import { addToHistogram, mergeHistograms, sortedHistogram, type Histogram } from '../src/stats/intervals.js';

describe('histograms', () => {
  it('count values, one at a time or several at once', () => {
    const histogram: Histogram = {};
    addToHistogram(histogram, 3);
    addToHistogram(histogram, 3);
    addToHistogram(histogram, -2, 5);
    expect(histogram).toEqual({ '3': 2, '-2': 5 });
  });

  it('merge by adding counts, keeping values only one side has', () => {
    const into: Histogram = { '1': 2, '4': 1 };
    mergeHistograms(into, { '4': 3, '7': 1 });
    expect(into).toEqual({ '1': 2, '4': 4, '7': 1 });
  });

  it('list as [value, count] pairs in ascending numeric order, negatives first and 10 after 9', () => {
    expect(sortedHistogram({ '10': 1, '9': 2, '-2': 3, '0': 4 })).toEqual([
      [-2, 3],
      [0, 4],
      [9, 2],
      [10, 1],
    ]);
  });
});
