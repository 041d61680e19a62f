/** Where two states differ, as conform names it (src/conform/state-inspection.ts). */
import { describe, expect, it } from 'vitest';
import { clippedApart, firstDifference, runConstants, sharedMutableParts, snapshot } from '../src/conform/state-inspection.js';
import { matchStream, type Rng } from '../src/core/rng.js';

describe('firstDifference', () => {
  it('is null exactly when the snapshots are equal, an undefined list item as null (review 34i)', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeNull();
    expect(snapshot([undefined])).toBe(snapshot([null]));
    expect(firstDifference({ last: [undefined] }, { last: [null] })).toBeNull();
    expect(firstDifference(undefined, undefined)).toBeNull();
    expect(firstDifference(undefined, 1)).toEqual({ path: '', a: 'undefined', b: '1' });
    expect(firstDifference(1, undefined)).toEqual({ path: '', a: '1', b: 'undefined' });
  });

  it('names the values themselves where one is a list or record and the other is not', () => {
    // A text as long as the list, a number with no keys, and null: none is walked into.
    expect(firstDifference(['a', 'c'], 'ab')).toEqual({ path: '', a: '["a","c"]', b: '"ab"' });
    expect(firstDifference('ab', ['a', 'c'])).toEqual({ path: '', a: '"ab"', b: '["a","c"]' });
    expect(firstDifference({ a: 1 }, 5)).toEqual({ path: '', a: '{"a":1}', b: '5' });
    expect(firstDifference(5, { a: 1 })).toEqual({ path: '', a: '5', b: '{"a":1}' });
    expect(firstDifference({ x: null }, { x: {} })).toEqual({ path: '.x', a: 'null', b: '{}' });
    expect(firstDifference({ x: {} }, { x: null })).toEqual({ path: '.x', a: '{}', b: 'null' });
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

  it('cuts from where they part, not from the end of the shorter, and marks a cut only where text was left out', () => {
    const [a, b] = clippedApart(`A${'z'.repeat(100)}`, `B${'z'.repeat(100)}`);
    expect(a).toBe(`A${'z'.repeat(79)}...`);
    expect(b).toBe(`B${'z'.repeat(79)}...`);
    expect(clippedApart('x'.repeat(80), 'y'.repeat(80))).toEqual(['x'.repeat(80), 'y'.repeat(80)]);
    expect(clippedApart('same', 'same')).toEqual(['same', 'same']);
    expect(clippedApart('x'.repeat(100), 'x'.repeat(100))).toEqual([`...${'x'.repeat(20)}`, `...${'x'.repeat(20)}`]);
    expect(clippedApart(`${'r'.repeat(30)}`, `${'r'.repeat(30)}s`)).toEqual([`...${'r'.repeat(20)}`, `...${'r'.repeat(20)}s`]);
  });
});

/**
 * The snapshot as first written (copy every value with the substitutions made, then
 * JSON.stringify the copy): the definition the faster one must keep, but for values it wrote
 * wrong or not at all: a `__proto__` key (dropped by the copy), a BigInt64Array and a detached
 * typed array (on which it threw), and a list of a class with a toJSON (written by its toJSON,
 * where a record of such a class is written by its fields, as every object now is).
 */
function referenceSnapshot(value: unknown): string {
  const seen = new Set<object>();
  const visit = (item: unknown): unknown => {
    if (typeof item === 'bigint') return `${item}n`;
    if (typeof item === 'function') return '[function]';
    if (typeof item === 'symbol') return String(item);
    if (typeof item === 'number' && !Number.isFinite(item)) return String(item);
    if (typeof item !== 'object' || item === null) return item;
    if (seen.has(item)) return '[cycle]';
    seen.add(item);
    try {
      if (ArrayBuffer.isView(item)) return Array.from(item as unknown as ArrayLike<number>);
      if (item instanceof Map) return { '[Map]': [...item.entries()].map(([k, v]) => [visit(k), visit(v)]) };
      if (item instanceof Set) return { '[Set]': [...item.values()].map(visit) };
      if (Array.isArray(item)) return item.map(visit);
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(item)) out[key] = visit((item as Record<string, unknown>)[key]);
      return out;
    } finally {
      seen.delete(item);
    }
  };
  return JSON.stringify(visit(value)) ?? 'undefined';
}

/** A random value of every kind a state may hold, `depth` levels deep at most. */
function randomValue(rng: Rng, depth: number): unknown {
  const kind = rng.int(depth > 0 ? 22 : 12);
  const leaves: (() => unknown)[] = [
    () => rng.int(100) - 50,
    () => rng.float() * 10,
    () => [NaN, Infinity, -Infinity, -0][rng.int(4)],
    () => `s${rng.int(5)}"\\\n${String.fromCharCode(rng.int(0x10000))}`,
    () => rng.int(2) === 0,
    () => null,
    () => undefined,
    () => BigInt(rng.int(1000)) - 500n,
    () => () => 1,
    () => Symbol(`sym${rng.int(3)}`),
    () => new Date(rng.int(1e9)),
    () => Object(rng.int(9)) as unknown,
  ];
  if (kind < leaves.length) return leaves[kind]!();
  const children = (): unknown[] => Array.from({ length: rng.int(5) }, () => randomValue(rng, depth - 1));
  switch (kind - leaves.length) {
    case 0:
    case 1:
      return children();
    case 2:
    case 3: {
      const record: Record<string, unknown> = {};
      for (const [i, child] of children().entries()) record[rng.int(2) === 0 ? `k${i}` : String(rng.int(20))] = child;
      return record;
    }
    case 4: {
      const record = Object.create(null) as Record<string, unknown>;
      record['a'] = randomValue(rng, depth - 1);
      return record;
    }
    case 5:
      return new Map(children().map((child, i) => [i % 2 === 0 ? `k${i}` : { i }, child]));
    case 6:
      return new Set(children());
    case 7: {
      const Kind = [Int8Array, Uint8Array, Int32Array, Float64Array, Uint16Array][rng.int(5)]!;
      const length = rng.int(2) === 0 ? rng.int(6) : 64 + rng.int(100);
      const items = Array.from({ length }, () => (Kind === Float64Array && rng.int(10) === 0 ? NaN : rng.int(200) - 100));
      return new Kind(items);
    }
    case 8: {
      const holey = children();
      holey.length += 2;
      return holey;
    }
    default: {
      class Piece {
        constructor(readonly at: unknown) {}
      }
      return new Piece(randomValue(rng, depth - 1));
    }
  }
}

describe('snapshot', () => {
  it('is the text the first definition gave, for random values of every kind (2,000 of them, up to 4 levels deep)', () => {
    const rng = matchStream(7n, 'snapshot');
    for (let i = 0; i < 2000; i++) {
      const value = randomValue(rng, 4);
      // Shared and cyclic parts too.
      const state = { value, again: value, list: [value] } as Record<string, unknown>;
      if (i % 3 === 0) state['self'] = state;
      expect(snapshot(state), `value ${i}`).toBe(referenceSnapshot(state));
      expect(snapshot(value), `value ${i}`).toBe(referenceSnapshot(value));
    }
  });

  it('reads objects JSON would read otherwise by their fields: a Date, a boxed number, a toJSON on a class or a list', () => {
    class Dated {
      readonly day = 3;
      toJSON(): string {
        return 'not this';
      }
    }
    class Listed extends Array<number> {
      toJSON(): string {
        return 'not this';
      }
    }
    const listed = new Listed();
    listed.push(1, 2);
    expect(snapshot({ when: new Date(0), boxed: Object(5) as unknown, dated: new Dated(), listed })).toBe('{"when":{},"boxed":{},"dated":{"day":3},"listed":[1,2]}');
    expect(snapshot({ toJSON: () => 'not this', a: 1 })).toBe('{"toJSON":"[function]","a":1}');
    const ownToJson = Object.assign([1, 2], { toJSON: () => 'not this' });
    expect(snapshot({ ownToJson })).toBe('{"ownToJson":[1,2]}');
    // Hidden from Object.keys, or answered by a Proxy's trap, a toJSON is still not what is written (review 35a).
    const hidden = Object.defineProperty({ a: 1 }, 'toJSON', { value: () => 'not this' });
    const hiddenOnList = Object.defineProperty([1], 'toJSON', { value: () => 'not this' });
    const trapped = new Proxy({ a: 1 }, { get: (target, key) => (key === 'toJSON' ? () => 'not this' : Reflect.get(target, key)) });
    const trappedList = new Proxy([1], { get: (target, key) => (key === 'toJSON' ? () => 'not this' : Reflect.get(target, key)) });
    expect(snapshot({ hidden, hiddenOnList, trapped, trappedList })).toBe('{"hidden":{"a":1},"hiddenOnList":[1],"trapped":{"a":1},"trappedList":[1]}');
  });

  it('writes a __proto__ key and a BigInt64Array (the first definition dropped the one and threw on the other)', () => {
    const record = JSON.parse('{"__proto__": [1], "a": 2}') as unknown;
    expect(snapshot(record)).toBe('{"__proto__":[1],"a":2}');
    expect(snapshot({ record, f: () => 0 })).toBe('{"record":{"__proto__":[1],"a":2},"f":"[function]"}');
    expect(snapshot(BigInt64Array.from([1n, -2n]))).toBe('["1n","-2n"]');
    expect(snapshot(new DataView(new ArrayBuffer(4)))).toBe('[]');
  });

  it('sees a long typed array changed between two snapshots (its list is kept only while its items are the same)', () => {
    const cells = new Int32Array(200).fill(1);
    const state = { cells };
    const before = snapshot(state);
    expect(snapshot(state)).toBe(before);
    cells[150] = 2;
    expect(snapshot(state)).not.toBe(before);
    expect(snapshot(state)).toBe(referenceSnapshot(state));
    cells[150] = 1;
    expect(snapshot(state)).toBe(before);
    // On a buffer that grows, its list is made again at its new length (review 35a).
    // (Node 20 has resizable buffers; TypeScript's ES2022 library does not know them.)
    const Resizable = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => ArrayBuffer & { resize(length: number): void };
    const growing = new Resizable(64, { maxByteLength: 128 });
    const grown = { cells: new Uint8Array(growing) };
    const short = snapshot(grown);
    growing.resize(128);
    expect(snapshot(grown)).not.toBe(short);
    expect(snapshot(grown)).toBe(referenceSnapshot(grown));
    // Detached (its buffer handed to another thread), it has no items left.
    structuredClone(cells.buffer, { transfer: [cells.buffer] });
    expect(snapshot(state)).toBe('{"cells":[]}');
    const floats = new Float64Array(100).fill(NaN);
    expect(snapshot(floats)).toBe(`[${Array(100).fill('null').join(',')}]`);
    expect(snapshot(floats)).toBe(referenceSnapshot(floats));
  });
});

describe('sharedMutableParts', () => {
  it('names each part a copy shares with its original, and nothing inside a constant', () => {
    const map = { cells: [1, 2, 3], rows: [[0], [1]] };
    const constants = new Set<object>([map, map.cells, ...map.rows, map.rows]);
    const original = { map, hand: [1, 2], nested: { deep: [3] } };
    const copy = { map, hand: original.hand, nested: { deep: original.nested.deep } };
    expect(sharedMutableParts(constants, original, copy)).toEqual(['state.hand', 'state.nested.deep']);
    expect(sharedMutableParts(constants, original, { map, hand: [1, 2], nested: { deep: [3] } })).toEqual([]);
    // A frozen part may be shared; a mutable one inside it may not.
    const frozen = Object.freeze({ inner: [1] });
    expect(sharedMutableParts(new Set(), { frozen }, { frozen })).toEqual(['state.frozen.inner']);
  });

  it('names a part shared inside a Map or a Set by its key or place, and passes by null and typed arrays', () => {
    const [a, b] = [[1], [2]];
    const cells = new Int8Array(3);
    const original = { none: null, cells, byKey: new Map([['k', a]]), members: new Set([[0], b]) };
    const copy = { none: null, cells: new Int8Array(3), byKey: new Map([['k', a]]), members: new Set([[0], b]) };
    expect(sharedMutableParts(new Set(), original, copy)).toEqual(['state.byKey.get(k)', 'state.members[set 1]']);
  });

  it('looks inside constants too: a part hung on one need not be a constant (reviews 35a, 35b)', () => {
    const map = { cells: [1, 2, 3], added: [0] };
    const constants = new Set<object>([map, map.cells]);
    expect(sharedMutableParts(constants, { map }, { map })).toEqual(['state.map.added']);
    const typed = new Int32Array(2);
    expect(sharedMutableParts(new Set([typed]), { typed }, { typed })).toEqual([]);
  });
});

describe('runConstants', () => {
  it('is the objects two fresh states share, wherever they hold them', () => {
    const table = { rows: [[1], [2]] };
    const first = { table, own: [1], list: [table.rows[0]] };
    const second = { other: { table }, own: [1] };
    const constants = runConstants(first, second);
    expect(constants).toEqual(new Set<object>([table, table.rows, table.rows[0]!, table.rows[1]!]));
    expect(runConstants(new Map([['t', table]]), new Set([table.rows]))).toEqual(new Set<object>([table.rows, table.rows[0]!, table.rows[1]!]));
  });
});
