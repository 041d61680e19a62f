/**
 * What input may hold (src/core/safe-keys.ts): no key that reaches an object's prototype, and no
 * nesting past a bound, wherever the data is kept, Maps and Sets from YAML 1.1 among it.
 */
import { describe, expect, it } from 'vitest';
import { findUnsafeKey } from '../src/core/safe-keys.js';
import { copyOfData } from '../src/core/game-params.js';
import { taggedData } from '../src/core/tagged-data.js';

describe('findUnsafeKey', () => {
  it('finds __proto__, constructor and prototype inside Maps and Sets too, named by their keys (review 31d: a !!omap let one through)', () => {
    const own = JSON.parse('{"__proto__": {"hp": 99}, "x": 1}') as object;
    expect(findUnsafeKey({ m: new Map([['k', own]]) })).toEqual({ field: 'm.k.__proto__', message: expect.stringContaining('"__proto__" is not allowed as a key') as unknown });
    // A Map's own keys reach no prototype: a Map is copied and recorded as one (review 31e).
    expect(findUnsafeKey({ m: new Map<unknown, unknown>([['constructor', 1], ['__proto__', 2], ['prototype', { a: 1 }]]) })).toBeNull();
    expect(findUnsafeKey({ s: new Set([1, { prototype: 2 }]) })?.field).toBe('s[1].prototype');
    expect(findUnsafeKey({ m: new Map([[{ prototype: 2 }, 1]]) })?.field).toBe('m[0].prototype');
    expect(findUnsafeKey({ m: new Map<unknown, unknown>([['a', 1], [2, new Set(['x'])]]) })).toBeNull();
  });

  it('bounds nesting through Maps and Sets as through objects and lists', () => {
    let value: unknown = 1;
    for (let i = 0; i < 5; i++) value = new Map([['k', value]]);
    // Five Maps: the outermost at depth 0, the innermost at 4.
    expect(findUnsafeKey(value, [], 4)).toBeNull();
    expect(findUnsafeKey(value, [], 3)).toEqual({ field: 'k.k.k.k', message: 'nested deeper than 3 levels' });
    expect(findUnsafeKey(new Set([new Set([new Set([1])])]), [], 2)).toBeNull();
    expect(findUnsafeKey(new Set([new Set([new Set([1])])]), [], 1)).toEqual({ field: '[0][0]', message: 'nested deeper than 1 levels' });
  });
});

describe('an own __proto__ key is data, wherever it is copied or recorded (review 31d)', () => {
  it('copyOfData keeps it a key, never the copy\'s prototype', () => {
    const value = JSON.parse('{"__proto__": {"hp": 99}, "x": 1}') as Record<string, unknown>;
    const copy = copyOfData(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { hp?: unknown }).hp).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['__proto__', 'x']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ hp: 99 });
  });

  it('taggedData records it as $__proto__, so a run with it and one without do not read alike, and summary.json can be read back (review 31e)', () => {
    const withKey = JSON.parse('{"__proto__": {"hp": 99}, "x": 1}') as unknown;
    const recorded = taggedData(withKey);
    expect(JSON.stringify(recorded)).toBe('{"$__proto__":{"hp":99},"x":1}');
    expect(findUnsafeKey(recorded)).toBeNull();
    expect(JSON.stringify(taggedData({ x: 1 }))).toBe('{"x":1}');
    // A key of the data's own named so gets one more $, as any key starting with $ does.
    expect(JSON.stringify(taggedData({ $__proto__: 1 }))).toBe('{"$$__proto__":1}');
  });
});
