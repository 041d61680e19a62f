import { describe, expect, it } from 'vitest';
import { filledArray } from '../src/core/state-arrays.js';

describe('filledArray', () => {
  it('holds count copies of the value, and nothing for a count of 0', () => {
    expect(filledArray(4, -1)).toEqual([-1, -1, -1, -1]);
    expect(filledArray(3, 0)).toEqual([0, 0, 0]);
    expect(filledArray(0, 7)).toEqual([]);
    const values = filledArray(2, 5);
    values[0] = 9;
    expect(filledArray(2, 5)).toEqual([5, 5]);
  });
});
