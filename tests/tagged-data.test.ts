/**
 * `taggedData`: values JSON would write alike are told apart (review 30b: shards of `tilt: 0` and
 * `tilt: -0` merged, and a report's figures kept in a Map hid a count that changed), and data
 * JSON holds as it is reads as its own JSON.
 */
import { describe, expect, it } from 'vitest';
import { parseParameters } from '../src/core/parameters.js';
import { param } from '../src/core/param.js';
import { recordedShapeProblem, taggedData, taggedText } from '../src/core/tagged-data.js';

const text = (value: unknown): string => JSON.stringify(taggedData(value));

describe('taggedData', () => {
  it('leaves what JSON holds as it is', () => {
    const plain = { a: 1, b: [1.5, 'x', true, null, { c: [] }], d: {} };
    expect(taggedData(plain)).toEqual(plain);
    expect(text(plain)).toBe(JSON.stringify(plain));
    expect(text(Object.assign(Object.create(null) as object, { a: 1 }))).toBe('{"a":1}');
  });

  it('tells apart the numbers JSON writes alike', () => {
    expect([0, -0, Number.NaN, Infinity, -Infinity, null].map(text)).toEqual(['0', '{"$number":"-0"}', '{"$number":"NaN"}', '{"$number":"Infinity"}', '{"$number":"-Infinity"}', 'null']);
  });

  it('says what JSON drops or cannot write', () => {
    expect(text([undefined, 5n, Symbol('s'), function named() {}])).toBe('[{"$undefined":null},{"$bigint":"5"},{"$symbol":"s"},{"$function":"named"}]');
    expect(text([Symbol()])).toBe('[{"$symbol":""}]');
    expect(text([1, , 3])).toBe('[1,{"$hole":null},3]');
  });

  it('writes a Map, Set, Date, typed array and class instance with what they hold', () => {
    expect(text(new Map<unknown, unknown>([['a', 1], [2, new Set([Number.NaN])]]))).toBe('{"$Map":[["a",1],[2,{"$Set":[{"$number":"NaN"}]}]]}');
    expect(text(new Map([['a', 1]]))).not.toBe(text(new Map([['a', 1], ['b', 2]])));
    expect(text(new Date(5))).toBe('{"$Date":5}');
    expect(text(new Date(Number.NaN))).toBe('{"$Date":{"$number":"NaN"}}');
    expect(text(new Uint8Array([1, 2]))).toBe('{"$Uint8Array":[1,2]}');
    expect(text(new BigInt64Array([3n]))).toBe('{"$BigInt64Array":[{"$bigint":"3"}]}');
    expect(text(new DataView(new Uint8Array([9, 8, 7]).buffer, 1, 2))).toBe('{"$DataView":[8,7]}');
    class Point {
      constructor(readonly x: number) {}
    }
    expect(text(new Point(2))).toBe('{"$instance Point":{"x":2}}');
    expect(text(Object.create({}) as object)).toBe('{"$instance Object":{}}');
    // A prototype with no constructor, or one whose name is no text: an instance of no name.
    expect(text(Object.create(Object.create(null) as object) as object)).toBe('{"$instance ":{}}');
    expect(text(Object.create({ constructor: { name: 5 } }) as object)).toBe('{"$instance ":{}}');
  });

  it("escapes a plain object's own keys starting with $, so no data reads as a tag", () => {
    expect(text({ $number: '-0' })).toBe('{"$$number":"-0"}');
    expect(text({ $number: '-0' })).not.toBe(text(-0));
    expect(text({ x$: 1 })).toBe('{"x$":1}');
  });

  it('says where a value holds itself, and where it nests past any data', () => {
    const looped: Record<string, unknown> = { a: 1 };
    looped['self'] = looped;
    looped['list'] = [looped];
    expect(text(looped)).toBe('{"a":1,"self":{"$cycle":1},"list":[{"$cycle":2}]}');
    // A cycle back to an inner object counts the levels up to it, not to the outermost.
    const inner: Record<string, unknown> = {};
    inner['back'] = { to: inner };
    expect(text({ outer: inner })).toBe('{"outer":{"back":{"to":{"$cycle":2}}}}');
    // The same object twice, side by side, is no cycle.
    const shared = { n: 1 };
    expect(text([shared, shared])).toBe('[{"n":1},{"n":1}]');
    let deep: unknown = 0;
    for (let i = 0; i < 250; i++) deep = [deep];
    expect(text(deep)).toContain('{"$deep":null}');
    expect(text(deep).split('[').length - 1).toBe(200);
  });
});

describe("a module's parameter defaults", () => {
  it('are copied as a match\'s parameters are: a class instance stays one, a function is handed on', () => {
    class Bonus {
      constructor(readonly n: number) {}
      value(): number {
        return this.n;
      }
    }
    const made = () => 4;
    const specs = {
      bonus: param.custom<Bonus>({ description: 'A bonus.', default: new Bonus(3), validate: () => null }),
      make: param.custom<() => number>({ description: 'A maker.', default: made, validate: () => null }),
      list: param.custom<number[]>({ description: 'A list.', default: [1, 2], validate: () => null }),
    };
    const parsed = parseParameters(specs, {});
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.params.bonus.value()).toBe(3);
    expect(parsed.params.make).toBe(made);
    // Data is copied: the default itself is not handed out.
    expect(parsed.params.list).toEqual([1, 2]);
    expect(parsed.params.list).not.toBe(specs.list.default);
  });
});

/** How many levels of JSON `value` nests (an object or list holding only values is 1), read without recursion: the oracle for what taggedData writes. */
function nestingOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth > deepest) deepest = depth;
    for (const item of Object.values(node)) if (typeof item === 'object' && item !== null) stack.push([item, depth + 1]);
  }
  return deepest;
}

describe('recordedShapeProblem: what summary.json would hold, measured without writing it (review 31d)', () => {
  /** The fewest levels recordedShapeProblem lets `value` have: its depth as it measures it. */
  const measured = (value: unknown): number => {
    for (let levels = 0; levels < 400; levels++) if (recordedShapeProblem(value, levels) === null) return levels;
    throw new Error('deeper than 400');
  };
  class Piece {
    constructor(readonly at: unknown) {}
  }
  const cycle: Record<string, unknown> = { a: { b: 1 } };
  (cycle['a'] as Record<string, unknown>)['up'] = cycle;
  const values: [string, unknown][] = [
    ['a number', 1],
    ['-0', -0],
    ['NaN', Number.NaN],
    ['undefined', undefined],
    ['a BigInt', 5n],
    ['a function', function named() {}],
    ['a symbol', Symbol('s')],
    ['text', 'x'],
    ['null', null],
    ['a list', [1, [2, [3]]]],
    ['a list with a hole', [1, , 3]],
    ['an empty Map', new Map()],
    ['Maps in Maps', new Map<unknown, unknown>([['a', new Map([['b', 1]])], [{ k: [1] }, 2]])],
    ['Sets', new Set([1, new Set([[2]])])],
    ['a Date', new Date(0)],
    ['an invalid Date', new Date(Number.NaN)],
    ['bytes', Int16Array.of(1, 2)],
    ['big bytes', BigInt64Array.of(1n)],
    ['floats with NaN', Float64Array.of(Number.NaN)],
    ['a DataView', new DataView(new ArrayBuffer(2))],
    ['a class instance', new Piece({ x: [1] })],
    ['no prototype', Object.assign(Object.create(null) as object, { a: { b: 1 } })],
    ['a key with $', { $x: { y: 1 } }],
    ['a value inside itself', cycle],
    ['everything', { m: new Map([['k', new Set([new Piece(new Date(0))])]]), l: [[-0]] }],
  ];

  it('measures each value as deep as taggedData writes it', () => {
    expect([nestingOf(1), nestingOf([]), nestingOf({ a: [1] }), nestingOf([[[{}]]])]).toEqual([0, 1, 2, 4]);
    for (const [what, value] of values) expect(measured(value), what).toBe(nestingOf(taggedData(value)));
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = new Map([['k', deep]]);
    expect(measured(deep)).toBe(120);
    expect(recordedShapeProblem(deep, 119)).toBe("nests 120 levels as recorded (a Map's entry takes three, a Set's or a class instance's two); expected at most 119");
  });

  it('counts the objects written, a part reached two ways once for each, and stops past the limit', () => {
    let shared: unknown = [1];
    for (let i = 0; i < 10; i++) shared = { l: shared, r: shared };
    // 2^11 - 1 objects written.
    expect(recordedShapeProblem(shared, 400, 2047)).toBeNull();
    expect(recordedShapeProblem(shared, 400, 2046)).toBe('records more than 2,046 objects (a part reached two ways is written once for each, and NaN, -0, undefined or a hole as an object); expected fewer');
    let huge: unknown = [1];
    for (let i = 0; i < 60; i++) huge = new Piece([huge, huge]);
    expect(recordedShapeProblem(huge, 400, undefined, Infinity)).toMatch(/^records more than 1,000,000 objects/);
  });

  it('counts a value JSON cannot hold as the object it is written as (review 32b: a million NaNs wrote 48 MB)', () => {
    // Each of these is written as a one-key object: 1 list and 3 of them.
    for (const odd of [Number.NaN, -0, Infinity, undefined, 5n, Symbol('s'), () => 1]) {
      expect(recordedShapeProblem([odd, odd, odd], 400, 4), String(odd)).toBeNull();
      expect(recordedShapeProblem([odd, odd, odd], 400, 3), String(odd)).toMatch(/^records more than 3 objects/);
    }
    // A hole is written as {"$hole":null}; what JSON holds is no object.
    expect(recordedShapeProblem([1, , 3], 400, 1)).toMatch(/^records more than 1 objects/);
    expect(recordedShapeProblem([1, 'x', true, null, 2.5], 400, 1)).toBeNull();
    // A part written again as {"$cycle"} or past taggedData's depth as {"$deep"} is an object too.
    const ring: unknown[] = [];
    ring.push(ring);
    expect(recordedShapeProblem(ring, 400, 2)).toBeNull();
    expect(recordedShapeProblem(ring, 400, 1)).toMatch(/^records more than 1 objects/);
    // A list of 999,999 NaNs is a million objects; one more is refused (its million entries pass).
    expect(recordedShapeProblem(new Array(999_999).fill(Number.NaN), 400)).toBeNull();
    expect(recordedShapeProblem(new Array(1_000_000).fill(Number.NaN), 400)).toMatch(/^records more than 1,000,000 objects/);
  });

  it('counts the entries written: list items (holes too), keys, Map and Set entries, a typed array\'s items, a DataView\'s bytes (review 32b: 3 MB of !!binary wrote 43 MB)', () => {
    const entries: [string, unknown, number][] = [
      ['a list', [1, 2, 3], 3],
      ['a sparse list', new Array(5), 5],
      ['an object', { a: 1, b: 2 }, 2],
      ['a Map', new Map([['a', 1], ['b', 2]]), 2],
      ['a Set', new Set([1, 2, 3, 4]), 4],
      ['a Date', new Date(0), 1],
      ['bytes', new Uint8Array(6), 6],
      ['a DataView', new DataView(new ArrayBuffer(8), 2, 3), 3],
      ['lists in a list', [[1, 2], [3]], 5],
    ];
    for (const [name, value, count] of entries) {
      expect(recordedShapeProblem(value, 400, 1_000, count), name).toBeNull();
      expect(recordedShapeProblem(value, 400, 1_000, count - 1), name).toBe(`records more than ${count - 1} entries (list items, keys, a typed array's items; a part reached two ways is written once for each); expected fewer`);
    }
    expect(recordedShapeProblem(new Uint8Array(1_000_000), 400)).toBeNull();
    expect(recordedShapeProblem(new Uint8Array(1_000_001), 400)).toMatch(/^records more than 1,000,000 entries/);
    // A list of length 2^32 - 1 with nothing in it is refused before its holes are walked.
    const long: unknown[] = [];
    long.length = 2 ** 32 - 1;
    expect(recordedShapeProblem(long, 400)).toMatch(/^records more than 1,000,000 entries/);
  });

  it('follows taggedData to its own depth, and no further', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5_000; i++) deep = [deep];
    // taggedData writes {"$deep": null} past 200 levels: 201 levels in all.
    expect(measured(deep)).toBe(nestingOf(taggedData(deep)));
  });
});

describe('a parameter change as compare shows it (audit 30c: 0 → {"$number":"-0"})', () => {
  it('writes a recorded value back as a reader knows it, and plain data as its JSON', () => {
    const recorded = (value: unknown): string => taggedText(taggedData(value));
    expect(recorded(-0)).toBe('-0');
    expect([recorded(Number.NaN), recorded(Number.POSITIVE_INFINITY), recorded(12n), recorded(undefined)]).toEqual(['NaN', 'Infinity', '12n', 'undefined']);
    expect(recorded(new Map<unknown, unknown>([['a', 1], [2, [-0]]]))).toBe('Map(2) {"a" => 1, 2 => [-0]}');
    expect(recorded(new Set([1, 'b']))).toBe('Set(2) {1, "b"}');
    expect(recorded(new Date(0))).toBe('Date 1970-01-01T00:00:00.000Z');
    expect(recorded(Uint8Array.of(1, 2))).toBe('Uint8Array [1, 2]');
    // Plain data reads as it always did; a key of its own starting with $ as given.
    for (const plain of [{ '40': 4, '60': 2 }, [1, 'a', null, true], 'text', 3.5, null, { a: { b: [1] } }]) expect(recorded(plain)).toBe(JSON.stringify(plain));
    expect(recorded({ $number: '-0', x: 1 })).toBe('{"$number":"-0","x":1}');
    expect(recorded({ $number: '-0' })).toBe('{"$number":"-0"}');
    // An own __proto__ key reads as it was given (recorded as $__proto__), alone or among others.
    expect(recorded(JSON.parse('{"__proto__":{"hp":9}}'))).toBe('{"__proto__":{"hp":9}}');
    expect(recorded(JSON.parse('{"a":1,"__proto__":2}'))).toBe('{"a":1,"__proto__":2}');
    // A class instance under its class's name, a hole as empty; a tag it does not know as its JSON.
    class Point {
      constructor(readonly x: number) {}
    }
    expect(recorded(new Point(1))).toBe('Point {"x":1}');
    expect(recorded({ $Map: 1 })).toBe('{"$Map":1}');
    expect(taggedText({ '$instance ': { a: 1 } })).toBe('(anonymous class) {"a":1}');
    expect(taggedText({ '$instance X': 3 })).toBe('{"$instance X":3}');
    expect(recorded([1, , 3])).toBe('[1,<empty>,3]');
    expect(taggedText({ $Date: 8.64e15 + 1 })).toBe('{"$Date":8640000000000001}');
    expect(taggedText({ $Date: -8.64e15 })).toBe('Date -271821-04-20T00:00:00.000Z');
    expect(taggedText({ $Map: [1] })).toBe('Map(1) {1}');
    // What no data reads as is never shown as data with such a key (review 32c).
    expect([recorded(function f() {}), recorded(() => 1), recorded({ $function: 'f' })]).toEqual(['function f', 'function (anonymous)', '{"$function":"f"}']);
    expect([recorded(Symbol('x')), recorded({ $symbol: 'x' })]).toEqual(['Symbol(x)', '{"$symbol":"x"}']);
    class Set2 {}
    Object.defineProperty(Set2, 'name', { value: 'Set' });
    expect([recorded(new Set2()), recorded(new Set()), recorded(new Map())]).toEqual(['Set {}', 'Set(0) {}', 'Map(0) {}']);
    expect(recorded(new Date(Number.NaN))).toBe('Invalid Date');
    expect(taggedText({ $Date: 'x' })).toBe('{"$Date":"x"}');
    const ring: unknown[] = [1];
    ring.push(ring);
    expect(recorded(ring)).toBe('[1,<itself, 1 level up>]');
    expect(taggedText({ $cycle: 2 })).toBe('<itself, 2 levels up>');
    expect(taggedText({ $cycle: 'x' })).toBe('{"$cycle":"x"}');
    expect(taggedText({ $deep: null })).toBe('<deeper than recorded>');
    expect(taggedText({ $function: 3 })).toBe('{"$function":3}');
    expect(taggedText({ $symbol: 3 })).toBe('{"$symbol":3}');
    expect(taggedText({ $Set: 'x' })).toBe('{"$Set":"x"}');
    expect(taggedText({ $Float64Array: [1.5] })).toBe('Float64Array [1.5]');
    expect(taggedText({ $Foo: [1] })).toBe('{"$Foo":[1]}');
    expect(taggedText({})).toBe('{}');
  });
});
