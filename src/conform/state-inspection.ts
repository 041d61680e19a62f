/**
 * Looking inside a game's states without knowing their shape: a canonical text snapshot for
 * equality, and the objects a state reaches, for finding what a clone shares with its original.
 */

/**
 * A canonical JSON text of any plain-data value: typed arrays as arrays, Maps and Sets as
 * entry lists, functions and symbols named rather than dropped, cycles marked. Two states are
 * equal for the conformance checks when their snapshots are.
 */
export function snapshot(value: unknown): string {
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
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
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
