/** Settings compared as an agent is handed them (src/core/settings-text.ts). */
import { describe, expect, it } from 'vitest';
import { settingsText } from '../src/core/settings-text.js';

describe('settingsText', () => {
  it('is one text for settings written in another key order, at every level', () => {
    expect(settingsText({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(settingsText({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }));
    expect(settingsText({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(settingsText([2, 1])).toBe('[2,1]');
    expect(settingsText('x')).toBe('"x"');
    expect(settingsText(null)).toBe('null');
  });

  it('tells apart what JSON writes alike', () => {
    const apart: [unknown, unknown][] = [
      [new Map([['k', 1]]), new Map([['k', 2]])],
      [new Map([['k', 1]]), {}],
      [new Set(['a']), new Set(['b'])],
      [0, -0],
      [Number.NaN, null],
      [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
      [{ a: undefined }, {}],
      // eslint-disable-next-line no-sparse-arrays
      [[1, , 3], [1, null, 3]],
      [new Date(5), new Date(6)],
      [new Uint8Array([1]), new Uint8Array([2])],
      [1, '1'],
    ];
    for (const [first, second] of apart) expect(settingsText(first), String(first)).not.toBe(settingsText(second));
    expect(settingsText(new Map([['k', 1]]))).toBe(settingsText(new Map([['k', 1]])));
  });

  it('writes a value that holds itself once', () => {
    const looped: Record<string, unknown> = { x: 1 };
    looped['self'] = looped;
    expect(settingsText(looped)).toBe('{"self":{"$cycle":1},"x":1}');
  });
});
