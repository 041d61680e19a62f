/** What a scenario file can write as a Map's keys and a Set's members (src/core/written-keys.ts). */
import { describe, expect, it } from 'vitest';
import { accessorPath, selfHoldingPath, unwritablePart, writtenKeyProblem } from '../src/core/written-keys.js';

describe('writtenKeyProblem', () => {
  it('takes plain keys and members a file writes and reads back apart', () => {
    expect(writtenKeyProblem(new Map<unknown, unknown>([['a', 1], [1, 2], [true, 3], [null, 4], [Number.NaN, 5], [new Date('2001-01-01T00:00:00Z'), 6], ['1', 7]]), 'm')).toBeNull();
    expect(writtenKeyProblem(new Set<unknown>(['a', 2, false, Number.POSITIVE_INFINITY, new Date('0100-01-01T00:00:00Z')]), 's')).toBeNull();
    // The reader names null as the empty name: beside "null" it is another member (review 33a).
    expect(writtenKeyProblem(new Set([null, 'null']), 's')).toBeNull();
  });

  it('refuses a key or member a file cannot write, naming it by its place', () => {
    expect(writtenKeyProblem(new Map([[{ q: 1 }, 1]]), 'm')).toEqual({ path: 'm[0]', message: 'got a Map key {"q":1}; expected text, a number, true or false, null or a Date of years 100 to 9999, as a scenario file\'s !!omap takes' });
    expect(writtenKeyProblem(new Set(['a', [1]]), 's')?.path).toBe('s[1]');
    expect(writtenKeyProblem(new Set([new Date('0099-12-31T00:00:00Z')]), 's')?.message).toMatch(/^got a Set member Date 0099/);
    expect(writtenKeyProblem(new Set([new Date('+010000-01-01T00:00:00Z')]), 's')).not.toBeNull();
    expect(writtenKeyProblem(new Map([[undefined, 1]]), 'm')?.message).toMatch(/^got a Map key undefined;/);
  });

  it('refuses two Set members the reader names alike', () => {
    // null and "" are both the empty name to the reader (review 33a: the file was written, and no reader took it).
    expect(writtenKeyProblem(new Set([null, '']), 's')).toEqual({ path: 's[1]', message: 'got the Set members null and "", which a scenario file\'s !!set reads as one; expected members apart as text' });
    expect(writtenKeyProblem(new Set([1, '1']), 's')?.path).toBe('s[1]');
    expect(writtenKeyProblem(new Set([new Date(5), new Date(6)]), 's')?.path).toBe('s[1]');
    // A Map's keys are each in a mapping of their own (an !!omap): 1 and "1" are apart.
    expect(writtenKeyProblem(new Map<unknown, unknown>([[1, 1], ['1', 2]]), 'm')).toBeNull();
  });
});

describe('selfHoldingPath and unwritablePart', () => {
  it('names the part that holds itself, and the first part no scenario may give', () => {
    const looped: { a: unknown[] } = { a: [] };
    looped.a.push(looped);
    expect(selfHoldingPath(looped)).toBe('a[0]');
    expect(selfHoldingPath({ a: [1, { b: 2 }] })).toBeNull();
    const shared = { s: 1 };
    expect(selfHoldingPath({ x: shared, y: [shared] })).toBeNull();
    expect(unwritablePart({ a: [{ ok: 1 }, JSON.parse('{"__proto__": 1}')] })).toEqual({ field: 'a[1].__proto__', message: expect.any(String) as string });
    expect(unwritablePart({ m: new Map([['__proto__', 1]]) })).toBeNull();
    expect(unwritablePart({ s: new Set([null, '']) })?.field).toBe('s[1]');
    expect(unwritablePart(Array.from({ length: 200_000 }, (_, i) => i))).toBeNull();
  });
});

describe('accessorPath (review 33a F7)', () => {
  const getter = (value: object, key: string): object => Object.defineProperty(value, key, { get: () => 1, enumerable: true });
  it('names a getter or setter in an object or a list by its place', () => {
    expect(accessorPath(getter({ a: 1 }, 'g'))).toBe('g');
    expect(accessorPath({ a: [0, getter([1, 2], '1')] })).toBe('a[1][1]');
    expect(accessorPath({ a: { b: Object.defineProperty({}, 's', { set: () => undefined, enumerable: true }) } })).toBe('a.b.s');
    expect(accessorPath(new Map([['m', getter({}, 'x')]]))).toBe('m.x');
    expect(accessorPath(new Set([getter({}, 'y')]))).toBe('[0].y');
    // Writable otherwise: a getter is no key a scenario cannot give.
    expect(unwritablePart(getter({ a: 1 }, 'g'))).toBeNull();
  });

  it('finds none in plain values, nor a getter no copy reads (not enumerable, or on a prototype)', () => {
    const shared = { s: 1 };
    expect(accessorPath({ a: [1, { b: 2 }], c: 'x', d: null, u: undefined, t: new Uint8Array(2), x: shared, y: [shared] })).toBeNull();
    expect(accessorPath(Object.defineProperty({ a: 1 }, 'hidden', { get: () => 2, enumerable: false }))).toBeNull();
    class Point {
      get x(): number {
        return 1;
      }
    }
    expect(accessorPath({ p: new Point() })).toBeNull();
    expect(accessorPath(5)).toBeNull();
  });
});

describe('selfHoldingPath and unwritablePart, part by part', () => {
  it('walk past text, null, undefined and typed arrays', () => {
    const leaves = { s: 'ab', n: null, u: undefined, t: new Uint8Array(2), list: ['xy', null, undefined] };
    expect(selfHoldingPath(leaves)).toBeNull();
    expect(unwritablePart(leaves)).toBeNull();
  });

  it("name a Map's and a Set's parts by their place, a Map's entry under a text key by the key", () => {
    const byText = new Map<unknown, unknown>();
    byText.set('k', byText);
    expect(selfHoldingPath(byText)).toBe('k');
    const byNumber = new Map<unknown, unknown>([['a', 1]]);
    byNumber.set(7, byNumber);
    expect(selfHoldingPath(byNumber)).toBe('[1]');
    const asKey = new Map<unknown, unknown>();
    asKey.set(asKey, 1);
    expect(selfHoldingPath(asKey)).toBe('[0]');
    const set = new Set<unknown>([1]);
    set.add(set);
    expect(selfHoldingPath({ s: set })).toBe('s[1]');
    // A later part found after an earlier clean one.
    const later: Record<string, unknown> = { a: { x: 1 }, b: null };
    later['b'] = later;
    expect(selfHoldingPath(later)).toBe('b');
    expect(unwritablePart(JSON.parse('{"__proto__": 1}'))?.field).toBe('__proto__');
  });

  it("says which of !!omap and !!set a key is refused for, and takes a Date in year 9999", () => {
    expect(writtenKeyProblem(new Set([[1]]), 's')?.message).toMatch(/as a scenario file's !!set takes$/);
    expect(writtenKeyProblem(new Set([new Date('9999-06-01T00:00:00Z')]), 's')).toBeNull();
  });
});
