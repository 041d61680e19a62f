/**
 * The parameters a game's functions are handed (src/core/game-params.ts): a scenario's are frozen
 * once read, and a game other than Hordelab's own gets a fresh copy a match, so a setup that
 * writes into its parameters changes that match alone (review 29a).
 */
import { describe, expect, it } from 'vitest';
import { copiedDataProblem, copyOfData, isOwnGame, paramsFor } from '../src/core/game-params.js';
import type { AnyGame } from '../src/core/game.js';
import { deepFreeze } from '../src/core/read-only.js';
import { games } from '../src/registry.js';

describe('copyOfData', () => {
  it('copies objects, arrays and what they hold, anew; Maps, Sets, Dates and typed arrays by structured clone; hands anything else on', () => {
    class Die {
      constructor(readonly sides: number) {}
    }
    const die = new Die(6);
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    const value = { list: [1, [2, { x: 3 }]], map: new Map([[1, 'a']]), set: new Set([2]), when: new Date(5), bytes: Int8Array.of(1, 2), die, bare, text: 'a', none: null };
    const copy = copyOfData(value);
    expect(copy).toEqual(value);
    for (const part of ['list', 'map', 'set', 'when', 'bytes', 'bare'] as const) expect(copy[part], part).not.toBe(value[part]);
    expect((copy.list[1] as unknown[])[1]).not.toBe((value.list[1] as unknown[])[1]);
    expect(Object.getPrototypeOf(copy.bare)).toBeNull();
    expect([Object.getPrototypeOf(copy), Object.getPrototypeOf((copy.list[1] as unknown[])[1])]).toEqual([Object.prototype, Object.prototype]);
    expect(copy.map).toBeInstanceOf(Map);
    expect(copy.die).toBe(die);
    expect([copyOfData(7), copyOfData('x'), copyOfData(null), copyOfData(undefined)]).toEqual([7, 'x', null, undefined]);
  });

  it('copies 100 levels down, through lists and objects alike, and hands on what lies deeper as it is', () => {
    for (const wrap of [(inner: unknown): unknown => [inner], (inner: unknown): unknown => ({ inner })]) {
      const deepest = { leaf: true };
      let value: unknown = deepest;
      for (let level = 0; level < 101; level++) value = wrap(value);
      const copy = copyOfData(value);
      let original = value;
      let copied = copy;
      for (let level = 0; level <= 100; level++) {
        expect(copied, `level ${level}`).not.toBe(original);
        original = Array.isArray(original) ? original[0] : (original as { inner: unknown }).inner;
        copied = Array.isArray(copied) ? copied[0] : (copied as { inner: unknown }).inner;
      }
      // Level 101, past the limit: the same object.
      expect(copied).toBe(deepest);
    }
  });

  it('copies a typed array or DataView into a buffer of its own bytes alone (review 30d: a Buffer in a pool was copied with the pool, which a writer then wrote whole)', () => {
    const pooled = Buffer.from('hi');
    expect(pooled.buffer.byteLength).toBeGreaterThan(2);
    const bytes = copyOfData(pooled) as unknown as Uint8Array;
    expect([bytes.constructor, bytes.byteOffset, bytes.byteLength, bytes.buffer.byteLength, [...bytes]]).toEqual([Uint8Array, 0, 2, 2, [104, 105]]);
    const whole = new Float64Array([1.5, -0, 3, 4]);
    const middle = new Float64Array(whole.buffer, 8, 2);
    const floats = copyOfData(middle);
    expect([floats.constructor, floats.byteOffset, floats.buffer.byteLength, [...floats]]).toEqual([Float64Array, 0, 16, [-0, 3]]);
    expect(floats.buffer).not.toBe(whole.buffer);
    const view = copyOfData(new DataView(new Uint8Array([9, 8, 7, 6]).buffer, 1, 2));
    expect([view.constructor, view.byteLength, view.buffer.byteLength, view.getUint8(0), view.getUint8(1)]).toEqual([DataView, 2, 2, 8, 7]);
    const big = copyOfData(new BigInt64Array([5n]));
    expect([big.constructor, [...big]]).toEqual([BigInt64Array, [5n]]);
    // A Map's, Set's entries copied as any value: bytes inside them compact too (review 30e).
    const map = new Map<unknown, unknown>([['a', { n: 1 }], [{ k: 2 }, Buffer.from('yo')]]);
    const mapCopy = copyOfData(map);
    expect(mapCopy).not.toBe(map);
    expect(mapCopy).toEqual(new Map<unknown, unknown>([['a', { n: 1 }], [{ k: 2 }, new Uint8Array([121, 111])]]));
    expect(mapCopy.get('a')).not.toBe(map.get('a'));
    const [[keyCopy, bytesCopy]] = [...mapCopy].slice(1) as [[unknown, Uint8Array]];
    expect(keyCopy).not.toBe([...map.keys()][1]);
    expect(bytesCopy.buffer.byteLength).toBe(2);
    const set = new Set<unknown>([Buffer.from('hi'), { n: 1 }]);
    const setCopy = [...copyOfData(set)] as [Uint8Array, { n: number }];
    expect([setCopy[0].buffer.byteLength, setCopy[1]]).toEqual([2, { n: 1 }]);
    expect(setCopy[1]).not.toBe([...set][1]);
    const date = new Date(5);
    expect([copyOfData(date) === date, copyOfData(date).getTime(), copyOfData(date) instanceof Date]).toEqual([false, 5, true]);
  });

  it('keeps a cycle as a cycle, and copies a value reached twice side by side as two equal values (review 30f: 2^100 copies of a Map holding itself twice; review 30g: a game told an alias from a copy)', () => {
    const map = new Map<string, unknown>();
    map.set('a', map);
    map.set('b', map);
    const mapCopy = copyOfData(map);
    expect([mapCopy === map, mapCopy.get('a') === mapCopy, mapCopy.get('b') === mapCopy]).toEqual([false, true, true]);
    const shared = { n: 1 };
    const looped: Record<string, unknown> = { left: shared, right: shared, set: new Set([shared]), list: [shared] };
    looped['self'] = looped;
    const inner: Record<string, unknown> = { n: 2 };
    inner['up'] = { to: inner };
    looped['inner'] = inner;
    const copy = copyOfData(looped);
    const left = copy['left'];
    expect([left === shared, copy['right'] === left, [...(copy['set'] as Set<unknown>)][0] === left, (copy['list'] as unknown[])[0] === left]).toEqual([false, false, false, false]);
    expect([copy['right'], [...(copy['set'] as Set<unknown>)][0], (copy['list'] as unknown[])[0]]).toEqual([shared, shared, shared]);
    expect(copy['self']).toBe(copy);
    const innerCopy = copy['inner'] as { up: { to: unknown } };
    expect([innerCopy === inner, innerCopy.up.to === innerCopy]).toEqual([false, true]);
    const date = new Date(1);
    const dates = copyOfData([date, date]);
    expect([dates[0] === date, dates[0] === dates[1], dates[1]?.getTime()]).toEqual([false, false, 1]);
    // Frozen as the scenario's parameters are, a value holding itself is frozen, not followed forever.
    expect(Object.isFrozen(deepFreeze(copy))).toBe(true);
    expect(Object.isFrozen(copy['left'])).toBe(true);
  });

  it("hands Hordelab's own games the parameters themselves, any other game a copy", () => {
    const own = games.get('zombie-trainers')?.game as AnyGame;
    const params = { maxRounds: 40 };
    expect(isOwnGame(own)).toBe(true);
    expect(paramsFor(own, params)).toBe(params);
    const other = { ...own } as AnyGame;
    expect(isOwnGame(other)).toBe(false);
    expect(paramsFor(other, params)).not.toBe(params);
    expect(paramsFor(other, params)).toEqual(params);
  });
});

describe('what a game module is handed', () => {
  const base = { ...(games.get('tic-tac-toe')?.game as AnyGame) } as AnyGame;
  const given = deepFreeze({ rounds: 100, targets: [5, 5, 5], nested: { list: [1, 2], name: 'a' }, map: new Map([['k', 1]]) });

  it('a fresh, unfrozen copy at every call, whatever the game does with it (reviews 29a, 29c, 29d)', () => {
    const first = paramsFor(base, given);
    const second = paramsFor(base, given);
    expect(first).not.toBe(given);
    expect(second).not.toBe(first);
    expect(second).toEqual(given);
    expect([Object.isFrozen(first), Object.isFrozen(first.nested.list)]).toEqual([false, false]);
    // What one copy is made to hold, in any of its parts, the next one does not.
    first.targets.splice(0, 2);
    first.map.set('k', 2);
    Object.defineProperty(first, 'rounds', { get: () => 1 });
    Object.assign(first.targets, { extra: true });
    expect(paramsFor(base, given)).toEqual(given);
    expect(given.map.get('k')).toBe(1);
  });
});

describe('copyOfData and an own __proto__ key (review 31d)', () => {
  it('copies it as a key like any other, writable, listed and configurable, never as the prototype', () => {
    const value = JSON.parse('{"__proto__": {"hp": 99}, "x": 1}') as Record<string, unknown>;
    const copy = copyOfData(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')).toEqual({ value: { hp: 99 }, writable: true, enumerable: true, configurable: true });
    expect(Object.getOwnPropertyDescriptor(copy, 'x')).toEqual({ value: 1, writable: true, enumerable: true, configurable: true });
  });
});

describe('copiedDataProblem: a game module default a copy for each match can follow', () => {
  const nested = (levels: number, leaf: unknown = 1): unknown => {
    let value = leaf;
    for (let i = 0; i < levels; i++) value = { a: value };
    return value;
  };
  const shared = (levels: number): unknown => {
    let value: unknown = [1];
    for (let i = 0; i < levels; i++) value = { l: value, r: value };
    return value;
  };
  /** Objects `copyOfData` makes of `value`, counted on the copy itself. */
  const copiedObjects = (value: unknown): number => {
    const seen = new Set<unknown>();
    const count = (item: unknown): number => {
      if (typeof item !== 'object' || item === null || seen.has(item)) return 0;
      seen.add(item);
      const parts = item instanceof Map ? [...item].flat() : item instanceof Set ? [...item] : Object.values(item);
      return 1 + parts.reduce((sum: number, part) => sum + count(part), 0);
    };
    return count(copyOfData(value));
  };
  /** `value` as one parameter of a match's copy: a default sits one level down in the parameters. */
  const copiedAsParameter = <T>(value: T): T => copyOfData({ p: value }).p;
  const deep = /^nested deeper than 100 levels as each match's copy follows it/;

  it('takes a parameter as deep as the copy of the parameters follows (100 levels of objects below them), and refuses one more, whatever holds it', () => {
    expect(copiedDataProblem(nested(100))).toBeNull();
    expect(copiedDataProblem(nested(101))).toBe(
      "nested deeper than 100 levels as each match's copy follows it (a chain or ring of objects each holding the next counts a level for each); expected data a copy can follow to its end",
    );
    // The copy of the parameters hands the 101st level of a parameter on as it is, shared by
    // every match: the reason for the refusal (review 31c: the check had counted from 0).
    const original = nested(101) as Record<string, unknown>;
    const levelOf = (root: Record<string, unknown>, level: number): unknown => {
      let inner = root;
      for (let i = 0; i < level; i++) inner = inner['a'] as Record<string, unknown>;
      return inner;
    };
    const copied = copiedAsParameter(original);
    expect(levelOf(copied, 99)).not.toBe(levelOf(original, 99));
    expect(levelOf(copied, 100)).toBe(levelOf(original, 100));
    expect(copiedDataProblem(nested(20_000))).toMatch(deep);
    // Through lists, Map keys and values, Sets and objects without a prototype, as the copy follows them.
    const listed = (levels: number): unknown => (levels === 0 ? [1] : [listed(levels - 1)]);
    expect(copiedDataProblem(listed(99))).toBeNull();
    expect(copiedDataProblem(listed(100))).toMatch(deep);
    expect(copiedDataProblem(new Map([[1, nested(99)]]))).toBeNull();
    expect(copiedDataProblem(new Map([[1, nested(100)]]))).toMatch(deep);
    expect(copiedDataProblem(new Map([[nested(100), 1]]))).toMatch(deep);
    expect(copiedDataProblem(new Set([nested(100)]))).toMatch(deep);
    expect(copiedDataProblem({ a: Object.assign(Object.create(null) as object, { b: nested(100) }) })).toMatch(deep);
    expect(copiedDataProblem({ when: nested(100, new Date(0)) })).toMatch(deep);
    // A class instance is handed on as it is at any depth: what it holds is not copied.
    class Box {
      constructor(readonly inside: unknown) {}
    }
    expect(copiedDataProblem(nested(100, new Box(nested(500))))).toBeNull();
    expect(copiedDataProblem(nested(98, { when: new Date(0), bytes: Int8Array.of(1, 2) }))).toBeNull();
    expect([copiedDataProblem(7), copiedDataProblem(null), copiedDataProblem('x')]).toEqual([null, null, null]);
  });

  it('follows a ring as the copy does: a ring of 99 objects back to the first is copied whole as a parameter, one of 100 is not (reviews 31a, 31c)', () => {
    const ring = (length: number): Record<string, unknown> => {
      const first: Record<string, unknown> = {};
      let last = first;
      for (let i = 1; i < length; i++) last = last['next'] = {};
      last['next'] = first;
      return first;
    };
    expect(copiedDataProblem(ring(99))).toBeNull();
    expect(copiedDataProblem(ring(100))).toMatch(deep);
    // Why: the last of 100 points back from level 101 of the parameters, where the copy hands the first on as it is.
    for (const [length, keptWhole] of [[99, true], [100, false]] as const) {
      const original = ring(length);
      const copy = copiedAsParameter(original);
      let last = copy;
      for (let i = 1; i < length; i++) last = last['next'] as Record<string, unknown>;
      expect(last['next'] === copy, `ring of ${length}`).toBe(keptWhole);
    }
    // A chain of 60 into a ring of 60 near its far end: each way is deep enough alone.
    const loop = ring(60);
    let far = loop;
    for (let i = 0; i < 55; i++) far = far['next'] as Record<string, unknown>;
    expect(copiedDataProblem({ loop, chain: nested(60, far) })).toMatch(deep);
    expect(copiedDataProblem({ loop, chain: nested(30, far) })).toBeNull();
  });

  it('counts the objects the copy makes, each way a part is reached copied apart, and refuses past the limit (review 30g: 2^N; review 31a: a grid of spaces holding their neighbours)', () => {
    // 2^(k+1) - 1 objects for k levels of pairs over a list.
    expect(copiedObjects(shared(9))).toBe(1023);
    expect(copiedDataProblem(shared(9), 1023)).toBeNull();
    expect(copiedDataProblem(shared(10), 1023)).toBe(
      'more than 1,023 objects when copied (a part reached two ways is copied once for each, and each match gets a copy); expected fewer: build such parts in setup() instead',
    );
    expect(copiedDataProblem(shared(60))).toMatch(/^more than 1,000,000 (objects|entries) when copied/);
    expect(copiedDataProblem(shared(60), 1000, 1e9)).toMatch(/^more than 1,000 objects when copied/);
    // A 3 × 3 grid of spaces, each holding its neighbours: the copy follows every path that
    // does not come back on itself, so it makes more objects than the grid has spaces.
    const grid = (size: number): Record<string, unknown>[] => {
      const spaces = Array.from({ length: size * size }, (_, i) => ({ i, next: [] as unknown[] }));
      for (const [i, space] of spaces.entries()) {
        for (const j of [i - size, i + size, i % size > 0 ? i - 1 : -1, i % size < size - 1 ? i + 1 : -1]) if (j >= 0 && j < spaces.length) space.next.push(spaces[j]);
      }
      return spaces;
    };
    const small = grid(3);
    const made = copiedObjects(small);
    expect(made).toBeGreaterThan(9 * 2);
    expect(copiedDataProblem(small, made)).toBeNull();
    expect(copiedDataProblem(small, made - 1)).toMatch(/^more than/);
    expect(copiedDataProblem(grid(5), 1_000_000, 1e12)).toMatch(/^more than 1,000,000 objects/);
  });

  it('counts the entries the copy makes, before it reads them: a list of 2^30 holes (review 31a) is refused at once, and one of 5 million (review 31c)', () => {
    expect(copiedDataProblem(new Array(5_000_000))).toMatch(/^more than 1,000,000 entries/);
    expect(copiedDataProblem(new Array(2 ** 30))).toBe(
      'more than 1,000,000 entries when copied (a part reached two ways is copied once for each, and each match gets a copy); expected fewer: build such parts in setup() instead',
    );
    expect(copiedDataProblem([1, 2, 3], 10, 3)).toBeNull();
    expect(copiedDataProblem([1, 2, 3, 4], 10, 3)).toMatch(/^more than 3 entries/);
    expect(copiedDataProblem({ a: 1, b: 2 }, 10, 1)).toMatch(/^more than 1 entries/);
    expect(copiedDataProblem(new Map([[1, 2], [3, 4]]), 10, 3)).toMatch(/^more than 3 entries/);
    expect(copiedDataProblem(new Map([[1, 2], [3, 4]]), 10, 4)).toBeNull();
    expect(copiedDataProblem(new Set([1, 2]), 10, 1)).toMatch(/^more than 1 entries/);
    expect(copiedDataProblem(new Uint8Array(2), 10, 1)).toMatch(/^more than 1 entries/);
    // A typed array by its items, not its bytes (review 31d: 125,001 doubles were refused as a megabyte).
    expect(copiedDataProblem(new Float64Array(200_000))).toBeNull();
    expect(copiedDataProblem(new Float64Array(3), 10, 2)).toMatch(/^more than 2 entries/);
    expect(copiedDataProblem(new Float64Array(2), 10, 2)).toBeNull();
    expect(copiedDataProblem(new DataView(new ArrayBuffer(3)), 10, 2)).toMatch(/^more than 2 entries/);
    expect(copiedDataProblem({ when: new Date(0) }, 10, 1)).toMatch(/^more than 1 entries/);
    expect(copiedDataProblem(Array.from({ length: 1_000_000 }, (_, i) => i))).toBeNull();
    expect(copiedDataProblem(Array.from({ length: 1_000_001 }, (_, i) => i))).toMatch(/^more than 1,000,000 entries/);
  });

  it('takes a value inside itself as the copy keeps it: no deeper and no larger for it', () => {
    const loop: Record<string, unknown> = { a: { b: {} } };
    (loop['a'] as Record<string, unknown>)['back'] = loop;
    const map = new Map<unknown, unknown>();
    map.set('self', map);
    map.set(map, [map, map]);
    expect(copiedDataProblem(loop, 3)).toBeNull();
    expect(copiedObjects(map)).toBe(2);
    expect(copiedDataProblem(map, 2)).toBeNull();
    expect(copiedDataProblem(map, 1)).toMatch(/^more than 1 objects/);
  });
});
