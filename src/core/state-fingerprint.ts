/**
 * A digest of everything a value holds, and where it differs between two readings: how the
 * runner finds that an agent other than Hordelab's own changed the live game while it chose.
 *
 * What an agent is handed (an observation, a state to search from) is its own, but a game may
 * share parts of it with the live state that it never writes itself: its configuration (kept
 * for every match of a thread), a map's arrays that the rules copy before their first change.
 * Such parts cannot all be frozen (a typed array cannot), and copying them at every decision
 * would cost every agent what only a module's could misuse; so the live state is read before
 * and after a guarded agent answers, and any difference stops the run (audit 28b: an agent that
 * wrote `observe().config.actionPoints` won every match, exit 0).
 *
 * Read: numbers (their 64 bits), text, booleans, BigInts, `null` and `undefined`; arrays, typed
 * arrays, array buffers and data views element by element; Maps and Sets entry by entry; other
 * objects by their own enumerable string keys in order. Functions and symbols are noted as
 * present, not read. An object met again is read as "the n-th object met", so shared parts and
 * cycles are read once. Two 32-bit FNV-1a lanes with different offsets: an accidental collision
 * is a 1 in 2^64 event, and the digest guards against mistakes and misuse of what an agent is
 * handed, not against a module written to get around it.
 */

const FLOAT = new Float64Array(1);
const WORDS = new Uint32Array(FLOAT.buffer);

const LANE_A = 0x811c9dc5;
/** Digests of the object keys and texts met, by text (see Digest.key); cleared past this many. */
const KEY_DIGESTS = new Map<string, number>();
const MAX_KEY_DIGESTS = 10_000;
const LANE_B = 0x01000193 ^ 0x5bd1e995;

/** Where a reading is inside one object: an array's (or a Map's or Set's) entries, or an object's keys, from `at`. */
interface Frame {
  readonly list: readonly unknown[] | null;
  readonly keys: readonly string[] | null;
  readonly object: object | null;
  at: number;
}

/** The state of a digest in progress: two lanes, and the objects met so far. */
class Digest {
  a = LANE_A;
  b = LANE_B;
  readonly met = new Map<object, number>();

  /** Fresh lanes, the objects met kept. */
  restart(): void {
    this.a = LANE_A;
    this.b = LANE_B;
  }

  word(value: number): void {
    this.a = Math.imul(this.a ^ value, 0x01000193);
    this.b = Math.imul(this.b ^ value, 0x5bd1e995) ^ (this.b >>> 15);
  }

  number(value: number): void {
    FLOAT[0] = value;
    this.word(WORDS[0] as number);
    this.word(WORDS[1] as number);
  }

  /** Bytes, four at a time where they lie on a 4-byte boundary (a map's tables of cells: most of a state's bytes). */
  bytes(buffer: ArrayBufferLike, offset: number, length: number): void {
    this.word(length);
    const words = offset % 4 === 0 ? length >>> 2 : 0;
    // The lanes in locals for the loop: a map's tables run to thousands of words at every check.
    let a = this.a;
    let b = this.b;
    if (words > 0) {
      const view = new Uint32Array(buffer, offset, words);
      for (let i = 0; i < words; i++) {
        const value = view[i] as number;
        a = Math.imul(a ^ value, 0x01000193);
        b = Math.imul(b ^ value, 0x5bd1e995) ^ (b >>> 15);
      }
    }
    const tail = new Uint8Array(buffer, offset + 4 * words, length - 4 * words);
    for (let i = 0; i < tail.length; i++) {
      const value = tail[i] as number;
      a = Math.imul(a ^ value, 0x01000193);
      b = Math.imul(b ^ value, 0x5bd1e995) ^ (b >>> 15);
    }
    this.a = a;
    this.b = b;
  }

  /** Text, by its digest kept for it (see {@link Digest.key}): a map's text or a card's name is read at every check. */
  text(value: string): void {
    this.key(value);
  }


  /**
   * Reads `value` whole: primitives at once, objects through a stack of frames (an array or a
   * Map's entries read from a position, an object's keys), in the same order a recursive reading
   * would take, so a state as deep as a long linked history does not exhaust the call stack
   * (review 28c: a chain of 20,000 frozen links did).
   */
  value(value: unknown): void {
    const stack: Frame[] = [];
    this.enter(value, stack);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      if (frame.keys === null) {
        const list = frame.list as readonly unknown[];
        // Whole numbers (a board's cells) in locals, as `enter` would read them; up to the next object.
        let a = this.a;
        let b = this.b;
        let at = frame.at;
        for (; at < list.length; at++) {
          const entry: unknown = list[at];
          if (typeof entry === 'number' && (entry | 0) === entry) {
            a = Math.imul(a ^ 1, 0x01000193);
            b = Math.imul(b ^ 1, 0x5bd1e995) ^ (b >>> 15);
            a = Math.imul(a ^ entry, 0x01000193);
            b = Math.imul(b ^ entry, 0x5bd1e995) ^ (b >>> 15);
          } else if (typeof entry !== 'object' || entry === null) {
            this.a = a;
            this.b = b;
            this.enter(entry, stack);
            a = this.a;
            b = this.b;
          } else break;
        }
        this.a = a;
        this.b = b;
        if (at >= list.length) {
          stack.pop();
          continue;
        }
        frame.at = at + 1;
        this.enter(list[at], stack);
      } else {
        if (frame.at >= frame.keys.length) {
          stack.pop();
          continue;
        }
        const key = frame.keys[frame.at++] as string;
        this.key(key);
        this.enter((frame.object as Record<string, unknown>)[key], stack);
      }
    }
  }

  /** Reads a primitive at once; marks an object met and pushes the frame that reads what it holds. */
  private enter(value: unknown, stack: Frame[]): void {
    switch (typeof value) {
      case 'number':
        // A whole number of 32 bits (most of a game's state: cells, counts, flags) in one word.
        if ((value | 0) === value) {
          this.word(1);
          this.word(value);
        } else {
          this.word(17);
          this.number(value);
        }
        return;
      case 'string':
        this.word(2);
        this.text(value);
        return;
      case 'boolean':
        this.word(value ? 3 : 4);
        return;
      case 'undefined':
        this.word(5);
        return;
      case 'bigint':
        this.word(6);
        this.text(value.toString(16));
        return;
      case 'symbol':
        this.word(7);
        return;
      case 'function':
        this.word(8);
        return;
      default:
        if (value === null) this.word(9);
        else this.object(value as object, stack);
    }
  }

  private object(value: object, stack: Frame[]): void {
    const seen = this.met.get(value);
    if (seen !== undefined) {
      this.word(10);
      this.word(seen);
      return;
    }
    this.met.set(value, this.met.size);
    if (Array.isArray(value)) {
      this.word(11);
      this.word(value.length);
      stack.push({ list: value, keys: null, object: null, at: 0 });
    } else if (ArrayBuffer.isView(value)) {
      // Every typed array and data view, by its bytes: the elements' type is part of the object's shape.
      this.word(12);
      this.bytes(value.buffer, value.byteOffset, value.byteLength);
    } else if (value instanceof ArrayBuffer) {
      this.word(13);
      this.bytes(value, 0, value.byteLength);
    } else if (value instanceof Map) {
      this.word(14);
      this.word(value.size);
      const entries: unknown[] = [];
      for (const [key, entry] of value) entries.push(key, entry);
      stack.push({ list: entries, keys: null, object: null, at: 0 });
    } else if (value instanceof Set) {
      this.word(15);
      this.word(value.size);
      stack.push({ list: [...value], keys: null, object: null, at: 0 });
    } else {
      this.word(16);
      const keys = Object.keys(value);
      this.word(keys.length);
      stack.push({ list: null, keys, object: value, at: 0 });
    }
  }

  /** The two lanes as one number of 53 bits. */
  result(): number {
    return (this.a >>> 0) * 0x200000 + (this.b >>> 11);
  }

  /** `key`'s own digest, kept: a state's objects repeat a few keys and texts over and over (V8 keeps each text's hash, so a lookup does not read it again). */
  key(key: string): void {
    let known = KEY_DIGESTS.get(key);
    if (known === undefined) {
      let a = LANE_A;
      for (let i = 0; i < key.length; i++) a = Math.imul(a ^ key.charCodeAt(i), 0x01000193);
      known = a ^ key.length;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound on memory only; every digest is the same with or without the table
      if (KEY_DIGESTS.size >= MAX_KEY_DIGESTS) KEY_DIGESTS.clear();
      KEY_DIGESTS.set(key, known);
    }
    this.word(known);
  }
}

/**
 * The digest of `value` and of each of its own top-level parts (an object's enumerable keys, an
 * array's elements), so a change can be named by the part it is in. Parts are read in order and
 * share one record of objects met, so a part shared with an earlier one reads as that one.
 */
export interface Fingerprint {
  readonly whole: number;
  readonly parts: ReadonlyMap<string, number>;
}

/** The {@link Fingerprint} of `value`. */
export function fingerprint(value: unknown): Fingerprint {
  const parts = new Map<string, number>();
  const reader = new Digest();
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || value instanceof Map || value instanceof Set || value instanceof ArrayBuffer) {
    reader.value(value);
    return { whole: reader.result(), parts };
  }
  reader.met.set(value, 0);
  const keys = Array.isArray(value) ? value.map((_, index) => String(index)) : Object.keys(value);
  const whole = new Digest();
  whole.word(keys.length);
  for (const key of keys) {
    // Each part from fresh lanes, the record of objects met kept: a part that holds what an
    // earlier part held reads it as "the n-th object met", alike in both readings.
    reader.restart();
    reader.value((value as Record<string, unknown>)[key]);
    const digest = reader.result();
    parts.set(key, digest);
    whole.key(key);
    whole.word(reader.a);
    whole.word(reader.b);
  }
  return { whole: whole.result(), parts };
}

/**
 * The first top-level part of `after` whose digest differs from `before`'s (by key, in the order
 * `after` lists them, then those `before` had and `after` lost), or null when the two are alike;
 * `''` when they differ but no part says where (a value that is not an object).
 */
export function changedPart(before: Fingerprint, after: Fingerprint): string | null {
  if (before.whole === after.whole) return null;
  for (const [key, digest] of after.parts) if (before.parts.get(key) !== digest) return key;
  for (const key of before.parts.keys()) if (!after.parts.has(key)) return key;
  return '';
}
