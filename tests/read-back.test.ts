/**
 * What a file reads back as, against what was written (src/core/read-back.ts): every kind a
 * game sees told apart, each part named by its path, and data a file holds found alike.
 */
import { describe, expect, it } from 'vitest';
import { readBackDifference, shownValue } from '../src/core/read-back.js';

class Point {
  constructor(readonly x: number) {}
}

describe('readBackDifference', () => {
  it('finds data alike when it is alike, kind by kind', () => {
    const data = () => ({
      n: [1, -0, NaN, Infinity, 'a', true, null],
      d: new Date('2001-01-01T00:00:00.5Z'),
      m: new Map<unknown, unknown>([[1, 'x'], [new Date('2001-01-01T00:00:00Z'), { y: [2] }], [null, new Set([1, 'a'])]]),
      b: new Uint8Array([1, 2]),
    });
    expect(readBackDifference(data(), data())).toBeNull();
    // Bytes read back as a Buffer are bytes.
    expect(readBackDifference(new Uint8Array([7]), Buffer.from([7]))).toBeNull();
    expect(readBackDifference(undefined, undefined)).toBeNull();
  });

  it('tells scalars apart as a game would: -0 from 0, a number from its text, NaN alike', () => {
    expect(readBackDifference(-0, 0)).toEqual({ path: '', written: '-0', read: '0' });
    expect(readBackDifference(0, -0)).toEqual({ path: '', written: '0', read: '-0' });
    expect(readBackDifference(1, '1')).toEqual({ path: '', written: '1', read: '"1"' });
    expect(readBackDifference(NaN, NaN)).toBeNull();
    expect(readBackDifference(null, {})).toEqual({ path: '', written: 'null', read: '{}' });
    expect(readBackDifference({}, null)).toEqual({ path: '', written: '{}', read: 'null' });
    expect(readBackDifference(10n, 10)).toEqual({ path: '', written: '10n', read: '10' });
  });

  it('tells kinds apart: a Date, bytes, a typed array, a Map, a Set, a list, a mapping, a class instance, a bare mapping', () => {
    const year50 = new Date('0050-01-01T00:00:00Z');
    const year1950 = new Date('1950-01-01T00:00:00Z');
    expect(readBackDifference({ v: year50 }, { v: year1950 })).toEqual({ path: 'v', written: 'Date 0050-01-01T00:00:00.000Z', read: 'Date 1950-01-01T00:00:00.000Z' });
    expect(readBackDifference(new Date(5), new Date(5))).toBeNull();
    expect(readBackDifference(new Date(5), 5)?.path).toBe('');
    expect(readBackDifference(new Date(5), { t: 5 })?.read).toBe('{"t":5}');
    expect(readBackDifference(new Uint8Array([1, 2]), new Uint8Array([1, 3]))?.written).toBe('Uint8Array [1, 2]');
    expect(readBackDifference(new Uint8Array([1, 2]), new Uint8Array([1]))).not.toBeNull();
    expect(readBackDifference(new Uint8Array([1]), Buffer.from([1, 2]))).not.toBeNull();
    expect(readBackDifference(new Uint8Array([1]), [1])).not.toBeNull();
    // Two typed arrays of one other kind are no proof: the reader makes none.
    expect(readBackDifference(new Float64Array([1.5]), new Float64Array([1.5]))).toEqual({ path: '', written: 'Float64Array [1.5]', read: 'Float64Array [1.5]' });
    expect(readBackDifference(new Float64Array([1.5]), [1.5])?.read).toBe('[1.5]');
    expect(readBackDifference(new Map([['a', 1]]), { a: 1 })?.written).toBe('Map(1) {"a" => 1}');
    expect(readBackDifference(new Set([1]), [1])).not.toBeNull();
    expect(readBackDifference([1], { 0: 1 })).not.toBeNull();
    expect(readBackDifference({ 0: 1 }, [1])).not.toBeNull();
    expect(readBackDifference(new Point(1), { x: 1 })).toEqual({ path: '', written: 'Point {"x":1}', read: '{"x":1}' });
    expect(readBackDifference(new Point(1), new Point(1))).not.toBeNull();
    const bare = Object.assign(Object.create(null) as Record<string, number>, { z: 1 });
    expect(readBackDifference({ v: bare }, { v: { z: 1 } })).toEqual({ path: 'v', written: 'a mapping without a prototype {"z":1}', read: '{"z":1}' });
  });

  it('names the first part that differs by its path: a field, an item, a hole, a Map entry, a Set member', () => {
    expect(readBackDifference({ a: { b: [1, 2, { c: 3 }] } }, { a: { b: [1, 2, { c: 4 }] } })).toEqual({ path: 'a.b[2].c', written: '3', read: '4' });
    expect(readBackDifference({ a: undefined }, {})).toEqual({ path: 'a', written: 'undefined', read: 'nothing (the field is left out)' });
    expect(readBackDifference({}, { a: 1 })).toEqual({ path: 'a', written: 'nothing (the field is left out)', read: '1' });
    expect(readBackDifference({ a: 1 }, { b: 1 })?.path).toBe('a');
    expect(readBackDifference({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual({ path: 'b', written: '2', read: '3' });
    expect(readBackDifference(new Map([['a', 1], ['b', 2]]), new Map([['a', 1], ['b', 3]]))?.path).toBe('b');
    // eslint-disable-next-line no-sparse-arrays
    expect(readBackDifference([1, , 3], [1, null, 3])).toEqual({ path: '[1]', written: 'a hole', read: 'null' });
    // eslint-disable-next-line no-sparse-arrays
    expect(readBackDifference([1, null, 3], [1, , 3])).toEqual({ path: '[1]', written: 'null', read: 'a hole' });
    expect(readBackDifference([1, 2], [1, 2, 3])).toEqual({ path: '', written: '[1,2]', read: '[1,2,3]' });
    expect(readBackDifference({ l: [1, 2, 3] }, { l: [1, 2] })?.path).toBe('l');
    expect(readBackDifference(new Map([['k', 1]]), new Map([['k', 2]]))).toEqual({ path: 'k', written: '1', read: '2' });
    expect(readBackDifference({ m: new Map([[1, 1]]) }, { m: new Map([[1, 2]]) })?.path).toBe('m[0]');
    expect(readBackDifference({ m: new Map([[1, 1]]) }, { m: new Map([['1', 1]]) })).toEqual({ path: 'm[0]', written: '1', read: '"1"' });
    expect(readBackDifference(new Map([['k', 1]]), new Map([['k', 1], ['j', 2]]))?.path).toBe('');
    expect(readBackDifference({ s: new Set([1, 2]) }, { s: new Set([1, '2']) })).toEqual({ path: 's[1]', written: '2', read: '"2"' });
    expect(readBackDifference(new Set([1, 2]), new Set([2, 1]))?.path).toBe('[0]');
    expect(readBackDifference(new Set([1]), new Set([1, 2]))?.path).toBe('');
  });

  it('shows a long value clipped to one short line', () => {
    const shown = shownValue('x'.repeat(500));
    expect(shown.length).toBe(80);
    expect(shown.endsWith('…')).toBe(true);
    expect(shownValue('x'.repeat(78))).toBe(`"${'x'.repeat(78)}"`);
    expect(shownValue('x'.repeat(79)).length).toBe(80);
  });
});
