/** Where two states differ, as conform names it (src/conform/state-inspection.ts). */
import { describe, expect, it } from 'vitest';
import { clippedApart, firstDifference, snapshot } from '../src/conform/state-inspection.js';

describe('firstDifference', () => {
  it('is null exactly when the snapshots are equal, an undefined list item as null (review 34i)', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeNull();
    expect(snapshot([undefined])).toBe(snapshot([null]));
    expect(firstDifference({ last: [undefined] }, { last: [null] })).toBeNull();
    expect(firstDifference(undefined, undefined)).toBeNull();
    expect(firstDifference(undefined, 1)).toEqual({ path: '', a: 'undefined', b: '1' });
  });

  it('names the first differing part of lists and objects, each side as text', () => {
    expect(firstDifference({ hands: [[3, 7], [1]], turn: 2 }, { hands: [[7, 3], [1]], turn: 2 })).toEqual({ path: '.hands[0][0]', a: '3', b: '7' });
    expect(firstDifference({ turn: 1, x: 'a' }, { turn: 1, x: 'b' })).toEqual({ path: '.x', a: '"a"', b: '"b"' });
    // Lists of other lengths, or other keys, are named where they part.
    expect(firstDifference({ l: [1, 2] }, { l: [1] })).toEqual({ path: '.l', a: '[1,2]', b: '[1]' });
    expect(firstDifference({ a: 1 }, { b: 1 })).toEqual({ path: '', a: '{"a":1}', b: '{"b":1}' });
  });

  it('walks class instances by their fields, Maps and Sets by their entries, and stops at a cycle (review 34i)', () => {
    class State {
      constructor(
        readonly rules: string,
        readonly hand: number[],
      ) {}
    }
    const rules = 'x'.repeat(100);
    expect(firstDifference(new State(rules, [1, 2]), new State(rules, [1, 3]))).toEqual({ path: '.hand[1]', a: '2', b: '3' });
    expect(firstDifference(new Map([['k', [1]]]), new Map([['k', [2]]]))?.path).toBe('.[Map][0][1][0]');
    const looped = (value: number): Record<string, unknown> => {
      const state: Record<string, unknown> = { v: value };
      state['meta'] = { root: state };
      return state;
    };
    expect(firstDifference(looped(1), looped(2))).toEqual({ path: '.v', a: '1', b: '2' });
    expect(firstDifference(looped(1), looped(1))).toBeNull();
  });
});

describe('clippedApart', () => {
  it('cuts two long texts around the first place they differ', () => {
    const [a, b] = clippedApart(`${'r'.repeat(100)}A${'z'.repeat(100)}`, `${'r'.repeat(100)}B${'z'.repeat(100)}`);
    expect(a).toBe(`...${'r'.repeat(20)}A${'z'.repeat(59)}...`);
    expect(b).toBe(`...${'r'.repeat(20)}B${'z'.repeat(59)}...`);
    expect(clippedApart('5', '10')).toEqual(['5', '10']);
  });
});
