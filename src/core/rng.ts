/**
 * Seeded random streams.
 *
 * Every random draw in Hordelab comes from an {@link Rng} created by {@link matchStream}, so a
 * match is a pure function of (run seed, match index) and each role (the rules' chance nodes,
 * each seat's agent, later each determinization) draws from its own independent stream: an
 * agent that thinks longer never changes the dice.
 *
 * Generator: xoshiro128** (Blackman & Vigna, "Scrambled linear pseudorandom number
 * generators", 2018), 128-bit state, 32-bit output, using only 32-bit integer operations so
 * it is fast in JavaScript. Seeds are derived with SplitMix64 (Steele, Lea & Flood, "Fast
 * splittable pseudorandom number generators", 2014), whose finalizer is a strong 64-bit
 * mixer:
 *
 *   mix64(z) = z ^= z >> 30; z *= 0xbf58476d1ce4e5b9; z ^= z >> 27; z *= 0x94d049bb133111eb; z ^ z >> 31
 *   deriveSeed(parent, label) = mix64(parent + 0x9e3779b97f4a7c15 * (mix64(fnv1a64(label)) | 1))
 *
 * all modulo 2^64. Seeds are carried as two unsigned 32-bit words ({@link Seed64}) and the
 * 64-bit arithmetic is done on those halves: derivation runs several times per match, and
 * BigInt arithmetic there once cost more than a whole tic-tac-toe game. The streams are the
 * very ones the earlier BigInt code produced (tests/rng.test.ts keeps that code as a reference).
 */

/** A 64-bit seed as two unsigned 32-bit words: `hi * 2^32 + lo`. Plain data, safe to post to a worker. */
export interface Seed64 {
  readonly hi: number;
  readonly lo: number;
}

const TWO_32 = 0x100000000;
// SplitMix64's increment (the golden ratio) and its two multipliers, as 32-bit halves.
const GAMMA_HI = 0x9e3779b9;
const GAMMA_LO = 0x7f4a7c15;
const MIX1_HI = 0xbf58476d;
const MIX1_LO = 0x1ce4e5b9;
const MIX2_HI = 0x94d049bb;
const MIX2_LO = 0x133111eb;
// FNV-1a 64's offset basis and prime.
const FNV_OFFSET_HI = 0xcbf29ce4;
const FNV_OFFSET_LO = 0x84222325;
const FNV_PRIME_HI = 0x100;
const FNV_PRIME_LO = 0x1b3;

// The 64-bit helpers below return their result in these two words rather than in a new object:
// derivation runs several times per match and must not allocate. A typed array, not two `let`s:
// a word of 2^31 or more is no small integer, and each store of one into a variable of the
// module boxed it in a new heap number (a third of a tic-tac-toe match's seeding time).
const result = new Uint32Array(2);
const HI = 0;
const LO = 1;

/** (a × b) mod 2^64 into the result words: the low word's 32×32 product split into 16-bit parts. */
function multiply(aHi: number, aLo: number, bHi: number, bLo: number): void {
  const a0 = aLo & 0xffff;
  const a1 = aLo >>> 16;
  const b0 = bLo & 0xffff;
  const b1 = bLo >>> 16;
  const p00 = a0 * b0;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const middle = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  result[LO] = (((middle & 0xffff) << 16) | (p00 & 0xffff)) >>> 0;
  const carryIntoHigh = a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (middle >>> 16);
  result[HI] = (carryIntoHigh + Math.imul(aHi, bLo) + Math.imul(aLo, bHi)) >>> 0;
}

/** (a + b) mod 2^64 into the result words. */
function add(aHi: number, aLo: number, bHi: number, bLo: number): void {
  const low = aLo + bLo;
  result[LO] = low >>> 0;
  result[HI] = (aHi + bHi + (low >= TWO_32 ? 1 : 0)) >>> 0;
}

/** SplitMix64's output function (a bijective, avalanche-strong 64-bit mix) into the result words. */
function mix64(hi: number, lo: number): void {
  lo = (lo ^ ((lo >>> 30) | (hi << 2))) >>> 0;
  hi = (hi ^ (hi >>> 30)) >>> 0;
  multiply(hi, lo, MIX1_HI, MIX1_LO);
  let productHi = result[HI] as number;
  let productLo = result[LO] as number;
  lo = (productLo ^ ((productLo >>> 27) | (productHi << 5))) >>> 0;
  hi = (productHi ^ (productHi >>> 27)) >>> 0;
  multiply(hi, lo, MIX2_HI, MIX2_LO);
  productHi = result[HI] as number;
  productLo = result[LO] as number;
  result[LO] = (productLo ^ ((productLo >>> 31) | (productHi << 1))) >>> 0;
  result[HI] = (productHi ^ (productHi >>> 31)) >>> 0;
}

/** FNV-1a, 64-bit, over UTF-16 code units: turns a role name such as `"seat:0"` into label bits. */
function hashLabel(label: string): void {
  let hi = FNV_OFFSET_HI;
  let lo = FNV_OFFSET_LO;
  for (let i = 0; i < label.length; i++) {
    lo = (lo ^ label.charCodeAt(i)) >>> 0;
    // The prime has 9 significant bits in its high word and 9 in its low: every partial product
    // stays below 2^53, so plain doubles multiply exactly.
    const low = lo * FNV_PRIME_LO;
    const carry = Math.floor(low / TWO_32);
    hi = (hi * FNV_PRIME_LO + lo * FNV_PRIME_HI + carry) % TWO_32;
    lo = low % TWO_32;
  }
  result[HI] = hi;
  result[LO] = lo;
}

/**
 * The increment a label adds to its parent, `0x9e3779b97f4a7c15 * (mix64(bits) | 1)`, into the
 * result words.
 */
function labelIncrement(bitsHi: number, bitsLo: number): void {
  mix64(bitsHi, bitsLo);
  multiply(GAMMA_HI, GAMMA_LO, (result[HI] as number), ((result[LO] as number) | 1) >>> 0);
}

/** Increments of string labels: a run uses a handful ("chance", "seat:0", ...) millions of times. */
const labelIncrements = new Map<string, Seed64>();
const MAX_CACHED_LABELS = 4096;

function stringLabelIncrement(label: string): Seed64 {
  let increment = labelIncrements.get(label);
  // Stryker disable next-line ConditionalExpression: (true) deriving the increment again at every call gives the same one
  if (increment === undefined) {
    hashLabel(label);
    labelIncrement((result[HI] as number), (result[LO] as number));
    increment = { hi: (result[HI] as number), lo: (result[LO] as number) };
    // An agent inventing labels without end must not grow memory without end.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (never, or one label later) only the memory held changes, not an increment
    if (labelIncrements.size >= MAX_CACHED_LABELS) labelIncrements.clear();
    labelIncrements.set(label, increment);
  }
  return increment;
}

function checkWord(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value >= TWO_32) throw new RangeError(`${name} must be a 32-bit unsigned integer, got ${value}`);
}

/** A seed from its two words. @throws RangeError unless both are integers in `0..2^32-1`. */
export function seed64(hi: number, lo: number): Seed64 {
  checkWord('the high word of a seed', hi);
  checkWord('the low word of a seed', lo);
  return { hi, lo };
}

/** The seed whose value is `value`, a non-negative safe integer. @throws RangeError otherwise. */
export function seedFromInteger(value: number): Seed64 {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`a seed integer must be a non-negative safe integer, got ${value}`);
  return { hi: Math.floor(value / TWO_32), lo: value >>> 0 };
}

/**
 * `(value × multiplier + addend) mod 2^64` as a seed, for a non-negative safe integer `value`
 * and 32-bit `multiplier` and `addend`: how some callers spread a small number over 64 bits.
 */
export function affineSeed(value: number, multiplier: number, addend: number): Seed64 {
  const base = seedFromInteger(value);
  checkWord('a multiplier', multiplier);
  checkWord('an addend', addend);
  multiply(base.hi, base.lo, 0, multiplier);
  add((result[HI] as number), (result[LO] as number), 0, addend);
  return { hi: (result[HI] as number), lo: (result[LO] as number) };
}

/**
 * Derives a child seed from a parent seed and a label: a role name, or a whole number (such as
 * a match index, a non-negative safe integer). Distinct labels give statistically independent
 * children; the same inputs always give the same child.
 */
export function deriveSeed(parent: Seed64, label: number | string): Seed64 {
  deriveInto(parent.hi, parent.lo, label);
  return { hi: (result[HI] as number), lo: (result[LO] as number) };
}

function deriveInto(parentHi: number, parentLo: number, label: number | string): void {
  if (typeof label === 'string') {
    const increment = stringLabelIncrement(label);
    add(parentHi, parentLo, increment.hi, increment.lo);
  } else {
    if (!Number.isSafeInteger(label) || label < 0) throw new RangeError(`a numeric seed label must be a non-negative safe integer, got ${label}`);
    labelIncrement(Math.floor(label / TWO_32), label >>> 0);
    add(parentHi, parentLo, (result[HI] as number), (result[LO] as number));
  }
  mix64((result[HI] as number), (result[LO] as number));
}

/** The largest run seed accepted: any non-negative safe integer. */
export const MAX_RUN_SEED = Number.MAX_SAFE_INTEGER;

// mix64(run seed) is the same for every match of a run: remember the last one.
let lastRunSeed = -1;
let lastRunHi = 0;
let lastRunLo = 0;

/** The seed of match `matchIndex` in a run: depends on nothing but these two numbers. */
export function matchSeed(runSeed: number, matchIndex: number): Seed64 {
  if (!Number.isSafeInteger(runSeed) || runSeed < 0) {
    throw new RangeError(`run seed must be a non-negative safe integer, got ${runSeed}`);
  }
  if (!Number.isSafeInteger(matchIndex) || matchIndex < 0) {
    throw new RangeError(`match index must be a non-negative safe integer, got ${matchIndex}`);
  }
  // Stryker disable next-line ConditionalExpression: (true) mixing the run seed at every call gives the same words
  if (runSeed !== lastRunSeed) {
    mix64(Math.floor(runSeed / TWO_32), runSeed >>> 0);
    lastRunHi = (result[HI] as number);
    lastRunLo = (result[LO] as number);
    lastRunSeed = runSeed;
  }
  deriveInto(lastRunHi, lastRunLo, matchIndex);
  return { hi: (result[HI] as number), lo: (result[LO] as number) };
}

/**
 * A seed written as a bigint literal in code (`0x5eedn`), taken modulo 2^64, as two words. The
 * public functions that take a seed accept one for such fixed seeds; seeds derived per match
 * never are bigints.
 */
/** What was given where a seed was expected, and for a number, how to make a seed of it. */
function notASeed(value: unknown): string {
  if (typeof value !== 'number') return value === null ? 'null' : `a ${typeof value}`;
  return `the number ${value}; seedFromInteger(${value}) or ${Number.isSafeInteger(value) && value >= 0 ? `${value}n` : 'a bigint'} makes one`;
}

/** The largest 64-bit seed. */
const MAX_SEED = (1n << 64n) - 1n;

function wordsOf(seed: Seed64 | bigint): Seed64 {
  if (typeof seed !== 'bigint') return seed;
  // Taken modulo 2^64, 2n ** 64n drew what 0n draws and -1n what 2n ** 64n - 1n does, unsaid (audit 41a F8).
  if (seed < 0n || seed > MAX_SEED) throw new RangeError(`a 64-bit seed is a bigint in 0..2^64-1, got ${seed}n; BigInt.asUintN(64, x) takes one modulo 2^64`);
  return { hi: Number(seed >> 32n), lo: Number(seed & 0xffffffffn) };
}

// Two hex digits per byte: a run formats one seed per match, and eight table look-ups cost a
// sixth of toString(16) with padStart.
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** A 32-bit word as 8 hex digits. */
function hexWord(word: number): string {
  return (HEX_BYTES[word >>> 24] as string) + (HEX_BYTES[(word >>> 16) & 0xff] as string) + (HEX_BYTES[(word >>> 8) & 0xff] as string) + (HEX_BYTES[word & 0xff] as string);
}

/** A match seed as the 16-digit hex text written to reports and accepted by replay. */
export function formatSeed(seed: Seed64 | bigint): string {
  const { hi, lo } = wordsOf(seed);
  return hexWord(hi) + hexWord(lo);
}

/** Parses {@link formatSeed}'s output back into a seed. */
export function parseSeed(text: string): Seed64 {
  if (!/^[0-9a-f]{1,16}$/i.test(text)) {
    throw new RangeError(`a match seed is 1 to 16 hex digits, got "${text}"`);
  }
  const digits = text.padStart(16, '0');
  return { hi: Number.parseInt(digits.slice(0, 8), 16), lo: Number.parseInt(digits.slice(8), 16) };
}

/** Whether two seeds are the same 64-bit value. */
export function sameSeed(a: Seed64, b: Seed64): boolean {
  return a.hi === b.hi && a.lo === b.lo;
}

/** The stream a role uses inside a match, e.g. `matchStream(seed, 'chance')`, `'seat:1'`. */
export function matchStream(seedOfMatch: Seed64 | bigint, role: string): Rng {
  const { hi, lo } = wordsOf(seedOfMatch);
  deriveInto(hi, lo, role);
  return Rng.fromWords((result[HI] as number), (result[LO] as number));
}

/**
 * A xoshiro128** generator. Mutable and cheap: one per role per match.
 * Methods never allocate.
 */
export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  private constructor(s0: number, s1: number, s2: number, s3: number) {
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }

  /**
   * Expands a 64-bit seed into the 128-bit state with SplitMix64, as the authors advise. A
   * bigint (taken modulo 2^64) is accepted for fixed seeds written in code, such as
   * `Rng.fromSeed(0x5eedn)`; seeds derived per match never take that path.
   */
  static fromSeed(seed: Seed64 | bigint): Rng {
    // A number read as `{ hi, lo }` gave "the high word of a seed must be a 32-bit unsigned
    // integer, got undefined", which names no argument a caller gave (audit 39c F10).
    if (typeof seed !== 'bigint' && (typeof seed !== 'object' || seed === null)) throw new TypeError(`Rng.fromSeed: expected a 64-bit seed, { hi, lo } as matchSeed returns or a bigint such as 5n; got ${notASeed(seed)}`);
    const { hi, lo } = wordsOf(seed);
    return Rng.fromWords(hi, lo);
  }

  /**
   * {@link fromSeed} on the seed's two words, without an object in between.
   * @throws RangeError unless both are integers in `0..2^32-1`.
   */
  static fromWords(hi: number, lo: number): Rng {
    checkWord('the high word of a seed', hi);
    checkWord('the low word of a seed', lo);
    add(hi, lo, GAMMA_HI, GAMMA_LO);
    const xHi = (result[HI] as number);
    const xLo = (result[LO] as number);
    mix64(xHi, xLo);
    const aHi = (result[HI] as number);
    const aLo = (result[LO] as number);
    add(xHi, xLo, GAMMA_HI, GAMMA_LO);
    mix64((result[HI] as number), (result[LO] as number));
    // An all-zero state would emit zeros forever; SplitMix64 makes it practically impossible,
    // but the guard costs nothing.
    // Stryker disable next-line ConditionalExpression: (false) no seed is known to reach an all-zero state, so no test can give one
    if ((aLo | aHi | (result[LO] as number) | (result[HI] as number)) === 0) return new Rng(1, 0, 0, 0);
    return new Rng(aLo | 0, aHi | 0, (result[LO] as number) | 0, (result[HI] as number) | 0);
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9);
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result >>> 0;
  }

  /**
   * A uniform integer in `[0, n)`, without modulo bias (rejection of the incomplete top band).
   * @param n the number of outcomes, an integer in `1..2^32`.
   */
  int(n: number): number {
    if (!(n >= 1 && n <= 0x100000000) || !Number.isInteger(n)) {
      throw new RangeError(`Rng.int needs an integer count in 1..2^32, got ${n}`);
    }
    // The draws below 2^32 − (2^32 mod n): the largest multiple of n up to 2^32. Written as
    // floor(2^32 / n) × n, and the remainder as value − floor(value / n) × n, because `%` on a
    // number past 2^31 is a floating-point remainder, a call into the runtime: 25 ns a draw
    // against 5 (a throwaway loop of 2×10^7 draws). Both are exact: the quotient of two
    // integers below 2^33 is never rounded across an integer in a double.
    const limit = Math.floor(0x100000000 / n) * n;
    let value = this.nextUint32();
    // Stryker disable next-line EqualityOperator: (>) differs only for a draw of exactly `limit`, one in 2^32
    while (value >= limit) value = this.nextUint32();
    return value - Math.floor(value / n) * n;
  }

  /**
   * A uniform integer in `[low, high]`, both inclusive.
   * @throws RangeError naming `low` and `high` as given when they are not integers with low ≤ high
   *   and at most 2^32 values between (audit 33b: `intBetween(3, 1)` named Rng.int and a count of -1).
   */
  intBetween(low: number, high: number): number {
    const count = high - low + 1;
    if (!Number.isInteger(low) || !Number.isInteger(high) || !(count >= 1 && count <= 0x100000000)) {
      throw new RangeError(`Rng.intBetween needs integers low <= high, at most 2^32 values apart, got (${low}, ${high})`);
    }
    return low + this.int(count);
  }

  /** A uniform float in `[0, 1)` with 32 bits of precision. */
  float(): number {
    return this.nextUint32() / 0x100000000;
  }

  /** An independent copy at the same position (for search that must not disturb the caller). */
  clone(): Rng {
    return new Rng(this.s0, this.s1, this.s2, this.s3);
  }
}
// Every stream of a match (each seat's, chance's) shares this class: an agent handed its stream
// could otherwise rewrite `int` on the prototype, or `fromWords`, and load every die in the run.
Object.freeze(Rng.prototype);
Object.freeze(Rng);

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
