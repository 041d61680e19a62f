/**
 * Keys that must never reach an object Hordelab builds from input: `__proto__`, `constructor`
 * and `prototype` can reach `Object.prototype` through a dotted path (`--set
 * __proto__.shard=...` once turned every run into a shard), and the YAML and JSON parsers
 * both keep `__proto__` as an ordinary own key that a later copy or merge may act on. Every
 * source of keys (`--set`, `--vary`, `--space`, scenario and check files, nested values) is
 * walked with {@link findUnsafeKey} before use.
 *
 * The walk also bounds nesting: a document nested deeper than {@link MAX_NESTING} levels is
 * refused here, with its file and field, rather than overflowing the stack somewhere later
 * (a copy, a schema check, a JSON writer).
 */
import { formatPath } from './parameters.js';

/** Keys refused anywhere in input. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Deepest nesting accepted in an input document; real scenarios use fewer than 10 levels. */
export const MAX_NESTING = 64;

/**
 * Deepest nesting a `summary.json` is read with. A run records its parameters three keys down
 * (`scenario.params.name`) in tagged form, where a Map's entry takes three levels, so a run
 * refuses parameters that would nest deeper than this there (`scenario.ts`): whatever it
 * writes can be read back (review 31a: a value 63 levels deep could not be reported).
 */
export const MAX_SUMMARY_NESTING = 128;
/** The keys above a parameter's value in `summary.json`: `scenario.params.name`. */
export const RECORDED_PARAMETER_KEYS = 3;
/** The keys above a seat's agent settings in `summary.json`: `scenario.seats[i].config`, or a tournament's entry. */
export const RECORDED_SEAT_CONFIG_KEYS = 4;

/** What is wrong with a document's keys: where, and why. */
export interface KeyProblem {
  /** Field path, as `params.traps.40` or `seats[1].config`. */
  readonly field: string;
  readonly message: string;
}

/** Whether `key` is one of {@link UNSAFE_KEYS}. */
export function isUnsafeKey(key: string): boolean {
  return UNSAFE_KEYS.has(key);
}

/**
 * Whether `name` is a property every plain object has (`toString`, `constructor`, `__proto__`,
 * ...): a record keyed by names a module chooses (event types, figure names) would read that
 * property instead of a missing entry, or, for `__proto__`, drop what is written under it.
 */
export function isObjectPropertyName(name: string): boolean {
  return name in Object.prototype;
}

/** The message for an unsafe key, the same wherever it is found. */
export function unsafeKeyMessage(key: string): string {
  return `"${key}" is not allowed as a key (${[...UNSAFE_KEYS].join(', ')} could change every object)`;
}

/**
 * Walks `value` (plain data from a parser) without recursion and returns the first unsafe key
 * or nesting deeper than `maxNesting`, with its path under `prefix`; null when there is none.
 */
export function findUnsafeKey(value: unknown, prefix: readonly (string | number)[] = [], maxNesting = MAX_NESTING): KeyProblem | null {
  // Each object waiting to be read holds the key it is under and the entry of the object holding
  // it, not its whole path: a path copied for every entry cost memory in depth × width, and a
  // summary.json of 3 MB nested 600 deep ran a heap of 4 GB out (review 31c). A path is made only
  // for the problem found. Only objects are stacked: nothing else holds a key.
  const stack: StackEntry[] = [];
  const pathOf = (entry: StackEntry | null, key?: string | number): (string | number)[] => {
    const keys: (string | number)[] = key === undefined ? [] : [key];
    for (let at = entry; at !== null; at = at.parent) if (at.key !== undefined) keys.push(at.key);
    return [...prefix, ...keys.reverse()];
  };
  const push = (node: unknown, key: string | number | undefined, parent: StackEntry | null): void => {
    if (typeof node === 'object' && node !== null) stack.push({ node, key, parent, depth: parent === null ? 0 : parent.depth + 1 });
  };
  push(value, undefined, null);
  while (stack.length > 0) {
    const entry = stack.pop() as StackEntry;
    const { node } = entry;
    if (entry.depth > maxNesting) {
      // The chain of objects from the top down to this one: one met twice along it is data
      // inside itself (YAML's alias inside its own anchor, `&x [*x]`), which nests without end
      // and was said as 64 levels of `[0]` (review 30b); named where it first comes back.
      const chain: StackEntry[] = [];
      for (let at: StackEntry | null = entry; at !== null; at = at.parent) chain.unshift(at);
      const again = chain.findIndex((link, index) => chain.findIndex((other) => other.node === link.node) < index);
      if (again >= 0) return { field: formatPath(pathOf(chain[again] as StackEntry)), message: 'holds itself (an alias inside its own anchor, as in &x [*x]); expected data that ends' };
      return { field: formatPath(pathOf(entry)), message: `nested deeper than ${maxNesting} levels` };
    }
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) push(node[index], index, entry);
      continue;
    }
    // YAML 1.1's `!!omap`, `!!pairs` and `!!set` give Maps and Sets, whose entries are data like
    // any other: a key or a nesting inside one is bounded too (review 31d: `__proto__` inside an
    // `!!omap` reached a copy's prototype, and Maps nested past any summary's depth). An entry is
    // named by its key where that is text or a number, else by its place.
    if (node instanceof Map || node instanceof Set) {
      const entries = node instanceof Map ? [...node] : [...node].map((item): [unknown, unknown] => [undefined, item]);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [unknown, unknown];
        // A Map's own keys reach no prototype (it is copied and recorded as a Map): only what
        // its keys and values hold is checked (review 31e).
        const name = typeof key === 'string' || typeof key === 'number' ? key : index;
        push(key, name, entry);
        push(item, name, entry);
      }
      continue;
    }
    // Own keys, enumerable or not: a parser may define `__proto__` as an own property.
    const keys = Reflect.ownKeys(node).filter((key): key is string => typeof key === 'string');
    for (const key of keys) {
      if (isUnsafeKey(key)) return { field: formatPath(pathOf(entry, key)), message: unsafeKeyMessage(key) };
    }
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      push((node as Record<string, unknown>)[key], key, entry);
    }
  }
  return null;
}

/** An object {@link findUnsafeKey} has still to read: the key it is under in its parent (none for the top), and its depth. */
interface StackEntry {
  readonly node: object;
  readonly key: string | number | undefined;
  readonly parent: StackEntry | null;
  readonly depth: number;
}
