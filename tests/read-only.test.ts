/**
 * What an agent module is handed of the game and its parameters (src/core/read-only.ts): views
 * and copies through which it can neither rewrite the rules for every seat nor reach the live
 * state, while everything it may do (read, call the rules on its own states, copy the
 * parameters) works as on the objects themselves.
 */
import { describe, expect, it } from 'vitest';
import { ReadOnlyViews, ReadOnlyViolation, deepFreeze } from '../src/core/read-only.js';

const message = (who: string, path: string): string => `${who} tried to change ${path}: agents are handed the game and its parameters read-only (a change would alter the rules for every seat)`;

function makeGame() {
  const heuristic = Object.assign((state: { score: number }) => [state.score, -state.score], { leader: () => 0 });
  return {
    id: 'g',
    seats: ['A', 'B'],
    parameters: { size: { default: 3 } },
    heuristic,
    setup: (params: { size: number }) => ({ score: 0, cells: new Array<number>(params.size).fill(0) }),
    apply(state: { score: number }, by: number) {
      state.score += by;
    },
    /** Reads `this`: called through a view, `this` is the view. */
    seatCount(this: { seats: readonly string[] }) {
      return this.seats.length;
    },
  };
}

describe('a read-only view of the game', () => {
  it('reads and calls as the game itself, and what its functions return is the caller\'s own', () => {
    const game = makeGame();
    const view = new ReadOnlyViews().of({}, game, 'game', 'agent "a"');
    expect(view).not.toBe(game);
    expect(view.id).toBe('g');
    expect([...view.seats]).toEqual(['A', 'B']);
    expect(view.seatCount()).toBe(2);
    const state = view.setup({ size: 2 });
    view.apply(state, 5);
    expect(state).toEqual({ score: 5, cells: [0, 0] });
    // The state is plain and changeable: no view around it.
    state.cells.push(1);
    expect(state.cells).toEqual([0, 0, 1]);
    expect(view.heuristic(state)).toEqual([5, -5]);
    expect(view.heuristic.leader()).toBe(0);
    expect({ ...view }.id).toBe('g');
    expect(Object.keys(view)).toEqual(Object.keys(game));
  });

  it('refuses every change, at any depth, naming who tried and what, and leaves the game as it was', () => {
    const game = makeGame();
    const { apply, heuristic } = game;
    const view = new ReadOnlyViews().of({}, game, 'game', 'agent "rig"');
    const attempts: [() => unknown, string][] = [
      [() => ((view as { apply: unknown }).apply = () => undefined), 'game.apply'],
      [() => ((view as Record<string, unknown>)['extra'] = 1), 'game.extra'],
      [() => delete (view as Partial<typeof game>).apply, 'game.apply'],
      [() => Object.defineProperty(view, 'id', { value: 'other' }), 'game.id'],
      [() => Object.setPrototypeOf(view, null), 'game'],
      [() => Object.preventExtensions(view), 'game'],
      [() => ((view.heuristic as { leader: unknown }).leader = () => 1), 'game.heuristic.leader'],
      [() => ((view.seats as string[])[0] = 'X'), 'game.seats.0'],
      [() => (view.seats as string[]).push('C'), 'game.seats.2'],
      [() => (view.parameters.size.default = 9), 'game.parameters.size.default'],
      // A descriptor's value is a view too.
      [() => ((Object.getOwnPropertyDescriptor(view, 'parameters')?.value as { size: unknown }).size = 1), 'game.parameters.size'],
    ];
    for (const [attempt, path] of attempts) {
      expect(attempt, path).toThrow(ReadOnlyViolation);
      expect(attempt, path).toThrow(message('agent "rig"', path));
    }
    expect(game.apply).toBe(apply);
    expect(game.heuristic).toBe(heuristic);
    expect(game.heuristic.leader()).toBe(0);
    expect(game.seats).toEqual(['A', 'B']);
    expect(game.parameters.size.default).toBe(3);
    expect('extra' in game).toBe(false);
    expect(Object.isExtensible(game)).toBe(true);
  });

  it("runs a rule called through the view on the game itself (its own memo and scratch work), while the agent's own writes are refused", () => {
    const game = {
      count: 0,
      memo: new Map<number, number>(),
      scratch: [0, 0],
      bump(this: { count: number }) {
        this.count++;
      },
      squared(this: { memo: Map<number, number>; scratch: number[] }, n: number) {
        this.scratch[0] = n;
        if (!this.memo.has(n)) this.memo.set(n, n * n);
        return this.memo.get(n);
      },
      self(this: object) {
        return this;
      },
    };
    const view = new ReadOnlyViews().of({}, game, 'game', 'agent "a"');
    view.bump();
    expect(game.count).toBe(1);
    expect(view.squared(7)).toBe(49);
    expect([game.memo.get(7), game.scratch[0]]).toEqual([49, 7]);
    // Handed back, the game itself is the view again.
    expect(view.self()).toBe(view);
    expect(() => {
      (view as { count: number }).count = 5;
    }).toThrow(message('agent "a"', 'game.count'));
    expect(() => view.memo.set(1, 2)).toThrow(TypeError);
    expect(() => {
      view.scratch[1] = 3;
    }).toThrow(message('agent "a"', 'game.scratch.1'));
    expect([game.count, game.memo.has(1), game.scratch[1]]).toEqual([1, false, 0]);
  });

  it('keeps one view per object for one owner (search reads the same function many times)', () => {
    const views = new ReadOnlyViews();
    const owner = {};
    const game = makeGame();
    const view = views.of(owner, game, 'game', 'agent "a"');
    expect(views.of(owner, game, 'game', 'agent "a"')).toBe(view);
    expect(view.apply).toBe(view.apply);
    expect(view.heuristic).toBe(view.heuristic);
    // Another owner has views of its own, naming it.
    const other = views.of({}, game, 'game', 'agent "b"');
    expect(other).not.toBe(view);
    expect(() => ((other as { id: string }).id = 'x')).toThrow(message('agent "b"', 'game.id'));
  });

  it('gives a frozen property\'s object as it is (the proxy rules require it), and still refuses changes to the frozen game', () => {
    const seats = ['A', 'B'];
    const game = Object.freeze({ id: 'f', seats, setup: () => ({}) });
    const view = new ReadOnlyViews().of({}, game, 'game', 'agent "a"');
    expect(view.seats).toBe(seats);
    expect(view.setup).toBe(game.setup);
    expect(() => ((view as { id: string }).id = 'x')).toThrow(ReadOnlyViolation);
  });

  it('wraps an object under a property that is only sealed or only read-only, and gives descriptors as the proxy rules allow', () => {
    const sealed = Object.seal({ heuristic: { leader: 1 } });
    const sealedView = new ReadOnlyViews().of({}, sealed, 'game', 'agent "a"');
    expect(() => (sealedView.heuristic.leader = 2)).toThrow(message('agent "a"', 'game.heuristic.leader'));
    // A non-configurable property's descriptor is the game's own (the proxy rules require it).
    expect(Object.getOwnPropertyDescriptor(sealedView, 'heuristic')?.value).toBe(sealed.heuristic);
    const readOnly = Object.defineProperty({}, 'parameters', { value: { size: 3 }, writable: false, configurable: true, enumerable: true }) as { parameters: { size: number } };
    const readOnlyView = new ReadOnlyViews().of({}, readOnly, 'game', 'agent "a"');
    expect(() => (readOnlyView.parameters.size = 4)).toThrow(message('agent "a"', 'game.parameters.size'));
    const withGetter = { get title(): string { return 'T'; }, seats: ['A'] };
    const getterView = new ReadOnlyViews().of({}, withGetter, 'game', 'agent "a"');
    expect(getterView.title).toBe('T');
    expect(typeof Object.getOwnPropertyDescriptor(getterView, 'title')?.get).toBe('function');
    expect(Object.getOwnPropertyDescriptor(getterView, 'missing')).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(getterView, 'seats')?.value).not.toBe(withGetter.seats);
    const error = (() => {
      try {
        (getterView as { seats: unknown }).seats = [];
      } catch (thrown) {
        return thrown as Error;
      }
      return null;
    })();
    expect(error?.name).toBe('ReadOnlyViolation');
  });

  it('passes numbers, text and null through', () => {
    const views = new ReadOnlyViews();
    expect(views.of({}, 5, 'game', 'a')).toBe(5);
    expect(views.of({}, null, 'game', 'a')).toBeNull();
    expect(views.params({}, 'text', 'a')).toBe('text');
    expect(views.params({}, undefined, 'a')).toBeUndefined();
  });
});

describe('the parameters an agent is handed', () => {
  it('a Map or Set holding what is not data, or a Map, Set or Date with keys of its own, or a symbol anywhere: a read-only view, as for a class instance', () => {
    class Die {
      constructor(readonly sides: number) {}
    }
    const views = new ReadOnlyViews();
    const cases: [string, unknown][] = [
      ['a Map of a class instance', { m: new Map([['d', new Die(6)]]) }],
      ['a Map keyed by a class instance', { m: new Map([[new Die(6), 1]]) }],
      ['a Set of a class instance', { s: new Set([new Die(6)]) }],
      ['a Map with a key of its own', { m: Object.assign(new Map(), { extra: 1 }) }],
      ['a Set with a key of its own', { s: Object.assign(new Set(), { extra: 1 }) }],
      ['a Date with a symbol key', { d: Object.assign(new Date(5), { [Symbol('x')]: 1 }) }],
      ['a symbol value', { s: Symbol('x') }],
      ['a Map of a symbol', { m: new Map([['k', Symbol('x')]]) }],
    ];
    for (const [what, params] of cases) {
      const seen = views.params({}, params, 'agent "a"') as Record<string, unknown>;
      expect(seen, what).not.toBe(params);
      expect(() => (seen['added'] = 1), what).toThrow('agent "a" tried to change params');
    }
    // A Map and a Set of plain data in plain data: copies, made at each call.
    const data = { m: new Map([['k', [1, { a: 2 }]]]), s: new Set([[1], { b: 2 }]), list: [new Map([[1, new Set([2])]])] };
    const copy = views.params({}, data, 'agent "a"');
    expect(copy).toEqual(data);
    expect(views.params({}, data, 'agent "a"')).not.toBe(copy);
    expect(() => ((copy as Record<string, unknown>)['added'] = 1)).toThrow(TypeError);
    expect(() => ((copy as Record<string, unknown>)['added'] = 1)).not.toThrow('tried to change');
  });

  it('a Map, Set, Date or typed array in them is the agent\'s own copy: freezing leaves those changeable (review 29c: an agent set an entry of the scenario\'s own Map)', () => {
    const views = new ReadOnlyViews();
    const params = deepFreeze({ m: new Map([['k', 1]]), s: new Set([1]), d: new Date(5), t: Int8Array.of(1) });
    const copy = views.params({}, params, 'agent "a"');
    expect(copy).toEqual(params);
    (copy.m as Map<string, number>).set('k', 2);
    (copy.s as Set<number>).add(2);
    (copy.d as Date).setTime(9);
    (copy.t as Int8Array)[0] = 7;
    expect([params.m.get('k'), params.s.has(2), params.d.getTime(), params.t[0]]).toEqual([1, false, 5, 1]);
    expect(Object.isFrozen(copy)).toBe(true);
    // Each call its own copy (each agent of each match): what one seat's agent set, another's does not see (review 29d).
    const another = views.params({}, params, 'agent "b"');
    expect(another).not.toBe(copy);
    expect(another.m.get('k')).toBe(1);
    // Plain data, which nothing can change once frozen, is copied once.
    const plain = deepFreeze({ a: [1, 2] });
    expect(views.params({}, plain, 'agent "a"')).toBe(views.params({}, plain, 'agent "b"'));
  });

  it('plain data: a frozen copy, one per parameter object, that copies as data and changes nothing of the run\'s', () => {
    'use strict';
    const views = new ReadOnlyViews();
    const params = { size: 3, traps: { '40': 4 }, rates: [1, 2] };
    const copy = views.params({}, params, 'agent "a"');
    expect(copy).not.toBe(params);
    expect(copy).toEqual(params);
    expect(views.params({}, params, 'agent "b"')).toBe(copy);
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen(copy.traps)).toBe(true);
    expect(Object.isFrozen(copy.rates)).toBe(true);
    expect(() => ((copy as { size: number }).size = 9)).toThrow(TypeError);
    expect(() => ((copy.traps as Record<string, number>)['40'] = 9)).toThrow(TypeError);
    expect(() => (copy.rates as number[]).push(3)).toThrow(TypeError);
    expect(structuredClone(copy)).toEqual(params);
    expect(JSON.parse(JSON.stringify(copy))).toEqual(params);
    expect(params).toEqual({ size: 3, traps: { '40': 4 }, rates: [1, 2] });
    expect(Object.isFrozen(params)).toBe(false);
    expect(Object.isFrozen(params.traps)).toBe(false);
  });

  it('not plain data (a class instance, a function, a symbol key): a read-only view, which keeps its methods', () => {
    class Deck {
      constructor(readonly cards: number[]) {}
      size(): number {
        return this.cards.length;
      }
    }
    const owner = {};
    const views = new ReadOnlyViews();
    for (const params of [{ deck: new Deck([1, 2]) }, { size: 3, deck: new Deck([1, 2]) }, { pick: () => 1, deck: new Deck([1, 2]) }, { [Symbol('s')]: 1, deck: new Deck([1, 2]) }]) {
      const seen = views.params(owner, params, 'agent "a"');
      expect(seen).not.toBe(params);
      expect(seen.deck.size()).toBe(2);
      expect(() => seen.deck.cards.push(3)).toThrow(message('agent "a"', 'params.deck.cards.2'));
      expect(params.deck.cards).toEqual([1, 2]);
    }
  });

  it('a symbol-keyed entry or a symbol value is not data a copy keeps: a view; an object without a prototype is', () => {
    const key = Symbol('k');
    const keyed = { size: 3, [key]: 1 };
    const seenKeyed = new ReadOnlyViews().params({}, keyed, 'agent "a"');
    expect(Object.isFrozen(seenKeyed)).toBe(false);
    expect(seenKeyed[key]).toBe(1);
    const valued = { size: 3, tag: Symbol('t') };
    expect(Object.isFrozen(new ReadOnlyViews().params({}, valued, 'agent "a"'))).toBe(false);
    const bare = Object.assign(Object.create(null) as Record<string, number>, { size: 3 });
    const seenBare = new ReadOnlyViews().params({}, bare, 'agent "a"');
    expect(Object.isFrozen(seenBare)).toBe(true);
    expect(seenBare['size']).toBe(3);
  });

  it('a parameter object nested deeper than any real one is taken as not plain (a view), not walked forever', () => {
    let deep: Record<string, unknown> = { end: 1 };
    for (let i = 0; i < 100; i++) deep = { inner: deep };
    const seen = new ReadOnlyViews().params({}, deep, 'agent "a"');
    expect(Object.isFrozen(seen)).toBe(false);
    expect(() => ((seen as Record<string, unknown>)['inner'] = 1)).toThrow(ReadOnlyViolation);
    // The top object is at depth 0: 64 levels below it are walked, 65 are not.
    const nested = (levels: number): Record<string, unknown> => {
      const top: Record<string, unknown> = {};
      let at = top;
      for (let i = 0; i < levels; i++) at = (at['inner'] = {}) as Record<string, unknown>;
      return top;
    };
    expect(Object.isFrozen(new ReadOnlyViews().params({}, nested(64), 'agent "a"'))).toBe(true);
    expect(Object.isFrozen(new ReadOnlyViews().params({}, nested(65), 'agent "a"'))).toBe(false);
  });
});

describe('the settings an agent is created with (review 32d)', () => {
  it('are the run\'s own frozen object when they hold plain data, asked once', () => {
    const views = new ReadOnlyViews();
    const plain = deepFreeze({ c: 1.4, list: [1, { x: 2 }], none: null });
    expect(views.config(plain)).toBe(plain);
    expect(views.config(plain)).toBe(plain);
    // Something that is neither plain data nor a container (a function) is handed as it is: the settings are checked before.
    const other = { f: (): number => 1 };
    expect(views.config(other)).toBe(other);
  });

  it('are a frozen copy of their own at every call when they hold a Map, Set, Date or bytes, which freezing leaves changeable', () => {
    const views = new ReadOnlyViews();
    const given = deepFreeze({ b: Uint8Array.of(1), d: new Date(5), m: new Map([['k', [0]]]), s: new Set([1]) });
    const first = views.config(given);
    const second = views.config(given);
    expect(first).not.toBe(given);
    expect(second).not.toBe(first);
    expect(first).toEqual(given);
    expect(Object.isFrozen(first)).toBe(true);
    first.m.get('k')?.push(9);
    first.b[0] = 9;
    first.d.setTime(9);
    first.m.set('k', [9]);
    first.s.add(9);
    expect(views.config(given)).toEqual({ b: Uint8Array.of(1), d: new Date(5), m: new Map([['k', [0]]]), s: new Set([1]) });
    expect(given.b[0]).toBe(1);
  });
});
