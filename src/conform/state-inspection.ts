/**
 * Looking inside a game's states without knowing their shape: a canonical text snapshot for
 * equality, and the objects a state reaches, for finding what a clone shares with its original.
 */
import { types } from 'node:util';

/**
 * A canonical JSON text of any plain-data value: typed arrays as arrays, Maps and Sets as
 * entry lists, functions and symbols named rather than dropped, cycles marked. Two states are
 * equal for the conformance checks when their snapshots are.
 *
 * JSON.stringify writes the value with those substitutions made; only the parts holding one
 * are copied for it, and a part that is plain JSON data already is handed over as it is. conform
 * snapshots every state it plays several times, and copying whole states first was half of its
 * time. A getter in a part handed over is read twice (here, then by JSON.stringify): a state whose
 * getters answer otherwise at each read has no one text, as it had none before.
 */
export function snapshot(value: unknown): string {
  return JSON.stringify(new SnapshotSubstitution().of(value)) ?? 'undefined';
}

/** One snapshot's substitutions: the objects on the path from the root, for marking a cycle. */
class SnapshotSubstitution {
  private readonly onPath = new Set<object>();

  /** `item` as JSON.stringify is to write it: itself where it already reads as intended. */
  of(item: unknown): unknown {
    switch (typeof item) {
      case 'number':
        return Number.isFinite(item) ? item : String(item);
      case 'bigint':
        return `${item}n`;
      case 'function':
        return '[function]';
      case 'symbol':
        return String(item);
      case 'object':
        return item === null ? null : this.ofObject(item);
      default:
        return item;
    }
  }

  private ofObject(item: object): unknown {
    if (this.onPath.has(item)) return '[cycle]';
    this.onPath.add(item);
    try {
      if (ArrayBuffer.isView(item)) return typedArrayItems(item);
      if (item instanceof Map) return { '[Map]': Array.from(item, ([key, entry]) => [this.of(key), this.of(entry)]) };
      if (item instanceof Set) return { '[Set]': Array.from(item, (member) => this.of(member)) };
      // JSON.stringify reads some objects otherwise than by their fields: a Date by its toJSON, a
      // boxed number as the number, anything with a toJSON (its own, a hidden one, its class's),
      // a Proxy by whatever its traps answer then (review 35a). Those are always copied as their
      // fields; only a plain list or record with no toJSON anywhere is handed over as it is.
      // Stryker disable next-line ConditionalExpression: (false) copying every list and record is slower, not other text
      const asItIs = !types.isProxy(item) && !('toJSON' in item);
      if (Array.isArray(item)) return this.ofList(item, asItIs);
      const prototype = Object.getPrototypeOf(item) as unknown;
      // Stryker disable next-line ConditionalExpression,LogicalOperator: sharing is for speed; the texts are the same whichever records are copied
      return this.ofRecord(item as Record<string, unknown>, asItIs && (prototype === Object.prototype || prototype === null));
    } finally {
      this.onPath.delete(item);
    }
  }

  private ofList(list: readonly unknown[], mayShare: boolean): unknown[] {
    let copy: unknown[] | null = mayShare ? null : [];
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      const written = this.of(item);
      // Stryker disable next-line ConditionalExpression: copying from an earlier item on writes the same text
      if (copy === null && written !== item) copy = list.slice(0, i);
      copy?.push(written);
    }
    return copy ?? (list as unknown[]);
  }

  private ofRecord(record: Record<string, unknown>, mayShare: boolean): Record<string, unknown> {
    const keys = Object.keys(record);
    // A copy has no prototype, so a key "__proto__" stays a field, as JSON.stringify writes it.
    let copy: Record<string, unknown> | null = mayShare ? null : (Object.create(null) as Record<string, unknown>);
    // Stryker disable next-line EqualityOperator: (<=) the key past the end is undefined, read as "undefined", whose value (if any) is written again unchanged
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const item = record[key];
      const written = this.of(item);
      // Stryker disable next-line ConditionalExpression: copying from an earlier key on writes the same text
      if (copy === null && written !== item) {
        copy = Object.create(null) as Record<string, unknown>;
        // Stryker disable next-line EqualityOperator: (<=) key i is copied, then written over with its substitute
        for (let j = 0; j < i; j++) copy[keys[j]!] = record[keys[j]!];
      }
      if (copy !== null) copy[key] = written;
    }
    return copy ?? record;
  }
}

/**
 * A typed array's items as a list, as `Array.from` gives them (JSON writes a NaN in one as null);
 * a BigInt64Array's as bigints elsewhere are (`"5n"`), where JSON.stringify would throw. A
 * DataView has no items.
 */
function typedArrayItems(view: ArrayBufferView): unknown[] {
  if (!('length' in view)) return [];
  const items = view as unknown as ArrayLike<number | bigint> & ArrayBufferView;
  // A long one is most often a run constant (a compiled map) that every state of the run holds:
  // its list is kept, and given again while the items are still the same (comparing them costs
  // a tenth of making the list). Which lists are kept changes the speed, never the text (the
  // tests compare with the snapshot's first definition), hence the mutants let be here.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: speed only
  if (items.length < REMEMBERED_LENGTH) return listOf(items);
  const kept = keptLists.get(view);
  // Stryker disable next-line ConditionalExpression: speed only (a list made again is the same)
  if (kept !== undefined && sameItems(kept.items, items)) return kept.list;
  const list = listOf(items);
  keptLists.set(view, { items: (items as unknown as { slice(): ArrayLike<number | bigint> }).slice(), list });
  return list;
}

/** Typed arrays at least this long have their lists kept (see {@link typedArrayItems}). */
const REMEMBERED_LENGTH = 64;

/** Each long typed array's list, with a copy of the items it was made from. */
const keptLists = new WeakMap<object, { readonly items: ArrayLike<number | bigint>; readonly list: unknown[] }>();

/** The items by index, so a detached typed array (0 long) gives none where iterating it throws. */
function listOf(items: ArrayLike<number | bigint>): unknown[] {
  const list: unknown[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    list.push(typeof item === 'bigint' ? `${item}n` : item);
  }
  return list;
}

/** Whether a typed array still holds the items `kept` copied from it (a NaN never the same: its list is made again). */
// Stryker disable next-line BlockStatement: an empty body answers "not the same", which only costs speed
function sameItems(kept: ArrayLike<number | bigint>, items: ArrayLike<number | bigint>): boolean {
  // A view of a resizable or growable buffer changes length with it (review 35a).
  // Stryker disable next-line ConditionalExpression: (true) "not the same" only costs speed
  if (kept.length !== items.length) return false;
  // Stryker disable next-line EqualityOperator,ConditionalExpression: (<=) past both ends both read undefined; (true) "not the same" only costs speed
  for (let i = 0; i < kept.length; i++) if (kept[i] !== items[i]) return false;
  // Stryker disable next-line BooleanLiteral: "not the same" only costs speed
  return true;
}

/**
 * Where two values first differ, as a path (`.hands[0][1]`, `.turn`; '' for the values
 * themselves) with each side's text there; null exactly when their snapshots are equal. The
 * walk is over the snapshots read back as data, so it sees what equality sees: class instances
 * by their own fields, Maps and Sets as their entry lists (`.[Map][0][1]`), a cycle marked, an
 * undefined list item as null (review 34i: a cycle overflowed the stack, a class instance was
 * named as a whole).
 */
export function firstDifference(a: unknown, b: unknown): { path: string; a: string; b: string } | null {
  const [left, right] = [snapshot(a), snapshot(b)];
  if (left === right) return null;
  // No data to walk: a value JSON has no text for (undefined), compared whole.
  if (left === 'undefined' || right === 'undefined') return { path: '', a: left, b: right };
  const walk = (x: unknown, y: unknown, path: string): { path: string; a: string; b: string } => {
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
      // Stryker disable next-line EqualityOperator: (<=) two equal-length lists whose texts differ differ at an item before the end
      for (let i = 0; i < x.length; i++) if (JSON.stringify(x[i]) !== JSON.stringify(y[i])) return walk(x[i], y[i], `${path}[${i}]`);
    }
    const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
    if (isRecord(x) && isRecord(y) && JSON.stringify(Object.keys(x)) === JSON.stringify(Object.keys(y))) {
      for (const key of Object.keys(x)) if (JSON.stringify(x[key]) !== JSON.stringify(y[key])) return walk(x[key], y[key], `${path}.${key}`);
    }
    return { path, a: JSON.stringify(x), b: JSON.stringify(y) };
  };
  return walk(JSON.parse(left) as unknown, JSON.parse(right) as unknown, '');
}

/**
 * Two texts that differ, each cut to at most `width` characters around the first place they
 * differ (`...` where cut), so the difference shows however long they are.
 */
export function clippedApart(a: string, b: string, width = 80): [string, string] {
  let at = 0;
  // Past the end of `a` its item is undefined, which no item of `b` is.
  while (at < b.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 20);
  const cut = (text: string): string => `${from > 0 ? '...' : ''}${text.slice(from, from + width)}${text.length > from + width ? '...' : ''}`;
  return [cut(a), cut(b)];
}

/** Every object reachable from `root` (typed arrays, Maps and Sets included) with the first path that reaches it. */
export function reachableObjects(root: unknown): Map<object, string> {
  const seen = new Map<object, string>();
  const visit = (value: unknown, path: string): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.set(value, path);
    // Stryker disable next-line ConditionalExpression: (false) a typed array's keys hold numbers only, no object to find: a slower walk, the same answer
    if (ArrayBuffer.isView(value)) return;
    if (value instanceof Map) {
      for (const [key, child] of value) visit(child, `${path}.get(${String(key)})`);
      return;
    }
    if (value instanceof Set) {
      let i = 0;
      for (const child of value) visit(child, `${path}[set ${i++}]`);
      return;
    }
    for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key], `${path}.${key}`);
  };
  visit(root, 'state');
  return seen;
}

/**
 * The paths of objects `copy` shares with `original` that are not run-level constants. A
 * constant is an object two separate `setup` calls share (a compiled map, a frozen table): a
 * clone may share those. Anything else it shares is a copy bug (TAG's classic failure).
 *
 * Both walks look inside constants too: what a constant holds need not be one (a setup may hang
 * a fresh part of its state on an object every setup shares, or on its parameters: reviews 35a
 * and 35b found clone and observation bugs missed when the walks stopped at constants).
 */
export function sharedMutableParts(constants: ReadonlySet<object>, original: unknown, copy: unknown): string[] {
  const originalObjects = reachableObjects(original);
  const shared: string[] = [];
  for (const [object, path] of reachableObjects(copy)) {
    if (originalObjects.has(object) && !constants.has(object) && !Object.isFrozen(object)) shared.push(path);
  }
  return shared;
}

/** Objects shared by two fresh states: what a clone may share with its original. */
export function runConstants(first: unknown, second: unknown): Set<object> {
  const a = reachableObjects(first);
  const constants = new Set<object>();
  for (const object of reachableObjects(second).keys()) if (a.has(object)) constants.add(object);
  return constants;
}
