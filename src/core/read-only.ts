/**
 * What an agent module (code Hordelab did not write) is handed of the game and its parameters:
 * views through which nothing can be changed. An agent handed the runner's own game object could
 * replace `returns` and win every match, or wrap `currentPlayer` to see the live state of a
 * hidden-information game, and the run would report it as play. Hordelab's own agents are
 * handed the objects themselves (they are tested not to, and search calls the rules millions of
 * times).
 *
 * This guards what an agent is given, not the process: a module is code that runs with
 * Hordelab's rights, and one written to get around the views (importing the game module itself)
 * is not stopped.
 */

/** Thrown when an agent tries to change what it was handed read-only. */
export class ReadOnlyViolation extends TypeError {
  constructor(who: string, path: string) {
    super(`${who} tried to change ${path}: agents are handed the game and its parameters read-only (a change would alter the rules for every seat)`);
    this.name = 'ReadOnlyViolation';
  }
}

interface ViewFamily {
  readonly who: string;
  /** The view of each object reached, so one object keeps one view (and search pays one lookup). */
  readonly views: WeakMap<object, object>;
  /** The object behind each view: a rule called on a view runs on its own object. */
  readonly targets: WeakMap<object, object>;
}

const isObjectLike = (value: unknown): value is object => (typeof value === 'object' && value !== null) || typeof value === 'function';

function viewOf<T>(family: ViewFamily, value: T, path: string): T {
  if (!isObjectLike(value)) return value;
  const known = family.views.get(value);
  if (known !== undefined) return known as T;
  const refuse = (key: string | symbol | null): never => {
    throw new ReadOnlyViolation(family.who, key === null ? path : `${path}.${String(key)}`);
  };
  // Values reached through a view are views themselves, except where the proxy invariants
  // require the object itself (a property that can neither be written nor reconfigured): such
  // a property's object is as the owner froze it.
  const reached = (target: object, key: string | symbol, found: unknown): unknown => {
    // Stryker disable next-line ConditionalExpression: (false) a number or text then reaches viewOf, which passes it through; this only skips the descriptor lookup
    if (!isObjectLike(found)) return found;
    const own = Reflect.getOwnPropertyDescriptor(target, key);
    if (own !== undefined && own.configurable === false && own.writable === false) return found;
    return viewOf(family, found, `${path}.${String(key)}`);
  };
  // The game's own functions are called on the object they were read from, not on the view: its
  // code (a memo in a Map, scratch arrays it writes) runs as it does for the runner; only what
  // the agent itself does goes through the view. JavaScript's built-in functions (an array's
  // push, a Map's set) stay on the view, where a change is refused. What a call returns (a
  // state, a list of actions) is the caller's own and is not wrapped, unless it is the object
  // itself.
  const call = (target: object, thisArgument: unknown, args: unknown[]): unknown => {
    const self = isObjectLike(thisArgument) && !isBuiltIn(target) ? (family.targets.get(thisArgument) ?? thisArgument) : thisArgument;
    const result: unknown = Reflect.apply(target as (...a: unknown[]) => unknown, self, args);
    return result === self ? thisArgument : result;
  };
  const view = new Proxy(value, {
    get: (target, key) => reached(target, key, Reflect.get(target, key)),
    getOwnPropertyDescriptor(target, key) {
      const own = Reflect.getOwnPropertyDescriptor(target, key);
      if (own === undefined || !('value' in own) || own.configurable === false) return own;
      return { ...own, value: reached(target, key, own.value) };
    },
    set: (_target, key) => refuse(key),
    defineProperty: (_target, key) => refuse(key),
    deleteProperty: (_target, key) => refuse(key),
    setPrototypeOf: () => refuse(null),
    preventExtensions: () => refuse(null),
    apply: call,
  });
  family.views.set(value, view);
  family.targets.set(view, value);
  return view as T;
}

const builtIn = new WeakMap<object, boolean>();

/**
 * Whether `fn` (a function: the apply trap's target) is one of JavaScript's own functions, or a
 * bound function, which ignores `this`: its source reads `{ [native code] }`.
 */
function isBuiltIn(fn: object): boolean {
  let known = builtIn.get(fn);
  // Stryker disable next-line ConditionalExpression: (true) asking the source at every call gives the same answer; the map only saves the asking
  if (known === undefined) {
    known = Function.prototype.toString.call(fn).endsWith('{ [native code] }');
    builtIn.set(fn, known);
  }
  return known;
}

/**
 * What kind of data `value` is, all the way down: `plain` (objects of Object's or Array's kind,
 * and primitives: frozen, nothing in it can change), `containers` (plain, and Maps, Sets, Dates or
 * typed arrays, which `structuredClone` copies and freezing leaves changeable), or `other` (a
 * class instance, a function, a symbol key).
 */
function dataKind(value: unknown, depth = 0): 'plain' | 'containers' | 'other' {
  if (!isObjectLike(value)) return typeof value === 'symbol' ? 'other' : 'plain';
  if (depth > 64) return 'other';
  let kind: 'plain' | 'containers' = 'plain';
  const add = (part: 'plain' | 'containers' | 'other'): boolean => {
    if (part === 'containers') kind = 'containers';
    return part !== 'other';
  };
  if (value instanceof Date || ArrayBuffer.isView(value)) return Reflect.ownKeys(value).every((key) => typeof key === 'string') ? 'containers' : 'other';
  if (value instanceof Map) return Reflect.ownKeys(value).length === 0 && [...value].every(([key, item]) => add(dataKind(key, depth + 1)) && add(dataKind(item, depth + 1))) ? 'containers' : 'other';
  if (value instanceof Set) return Reflect.ownKeys(value).length === 0 && [...value].every((item) => add(dataKind(item, depth + 1))) ? 'containers' : 'other';
  // A function's prototype is Function's: not plain.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) return 'other';
  const every = Reflect.ownKeys(value).every((key) => typeof key === 'string' && add(dataKind((value as Record<string, unknown>)[key], depth + 1)));
  return every ? kind : 'other';
}

/** `value` and every plain object and array it holds, frozen (a typed array cannot be: left as it is). */
export function deepFreeze<T>(value: T): T {
  if (isObjectLike(value) && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    // Frozen before its parts: a value that holds itself is then found frozen, not followed forever.
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<string | symbol, unknown>)[key]);
  }
  return value;
}

/**
 * Views made for one agent factory, reused match after match: the same objects get the same
 * views, so an agent's search pays a lookup per call, not a new proxy.
 */
export class ReadOnlyViews {
  readonly #families = new WeakMap<object, ViewFamily>();

  /** `value` read-only for `owner` (the agent factory), named `path` in messages and `who` as the one who tried. */
  of<T>(owner: object, value: T, path: string, who: string): T {
    let family = this.#families.get(owner);
    if (family === undefined) {
      family = { who, views: new WeakMap(), targets: new WeakMap() };
      this.#families.set(owner, family);
    }
    return viewOf(family, value, path);
  }

  readonly #copies = new WeakMap<object, unknown>();

  /**
   * The game parameters as an agent gets them: a frozen copy when they are data (so the agent
   * can still copy them as data, with `structuredClone` or JSON, which a view would refuse), else
   * a read-only view. Either way, nothing the agent does reaches the run's own. Plain data gives
   * one copy per parameters object, which nothing can change; data holding a Map, Set, Date or
   * typed array a copy at every call (each agent of each match), since freezing leaves those
   * changeable (review 29d: one seat's agent read what another wrote into the shared copy's Map).
   */
  readonly #settledConfigs = new WeakSet<object>();

  /**
   * An agent's settings as it is created with them: the run's own object (frozen as it was read)
   * when that holds plain data, which nothing can change; a frozen copy at every call when it holds
   * a Map, Set, Date or typed array, which freezing leaves changeable (review 32d: a module's
   * writes into bytes, a Date and a list inside a Map reached its later matches, in that worker
   * thread alone, and summary.json recorded them).
   */
  config<T extends object>(config: T): T {
    if (this.#settledConfigs.has(config)) return config;
    if (dataKind(config) !== 'containers') {
      this.#settledConfigs.add(config);
      return config;
    }
    return deepFreeze(structuredClone(config));
  }

  params<T>(owner: object, params: T, who: string): T {
    if (!isObjectLike(params)) return params;
    let copy = this.#copies.get(params);
    if (copy !== undefined) return copy as T;
    const kind = dataKind(params);
    if (kind === 'other') return this.of(owner, params, 'params', who);
    copy = deepFreeze(structuredClone(params));
    if (kind === 'plain') this.#copies.set(params, copy);
    return copy as T;
  }
}
