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
 * mixer; derivation runs once per stream, so BigInt arithmetic there costs nothing that matters.
 */

const MASK64 = (1n << 64n) - 1n;
const GOLDEN_GAMMA = 0x9e3779b97f4a7c15n;

/** SplitMix64's output function: a bijective, avalanche-strong 64-bit mix. */
function mix64(value: bigint): bigint {
  let z = value & MASK64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return z ^ (z >> 31n);
}

/** FNV-1a, 64-bit: turns a role name such as `"seat:0"` into a stream label. */
function hashLabel(label: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < label.length; i++) {
    hash ^= BigInt(label.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & MASK64;
  }
  return hash;
}

/**
 * Derives a child seed from a parent seed and a label. Distinct labels give statistically
 * independent children; the same inputs always give the same child.
 */
export function deriveSeed(parent: bigint, label: bigint | string): bigint {
  const labelBits = typeof label === 'string' ? hashLabel(label) : label & MASK64;
  return mix64((parent & MASK64) + GOLDEN_GAMMA * (mix64(labelBits) | 1n));
}

/** The largest run seed accepted: any non-negative safe integer. */
export const MAX_RUN_SEED = Number.MAX_SAFE_INTEGER;

/** The seed of match `matchIndex` in a run: depends on nothing but these two numbers. */
export function matchSeed(runSeed: number, matchIndex: number): bigint {
  if (!Number.isSafeInteger(runSeed) || runSeed < 0) {
    throw new RangeError(`run seed must be a non-negative safe integer, got ${runSeed}`);
  }
  if (!Number.isSafeInteger(matchIndex) || matchIndex < 0) {
    throw new RangeError(`match index must be a non-negative safe integer, got ${matchIndex}`);
  }
  return deriveSeed(mix64(BigInt(runSeed)), BigInt(matchIndex));
}

/** A match seed as the 16-digit hex text written to reports and accepted by replay. */
export function formatSeed(seed: bigint): string {
  return seed.toString(16).padStart(16, '0');
}

/** Parses {@link formatSeed}'s output back into a seed. */
export function parseSeed(text: string): bigint {
  if (!/^[0-9a-f]{1,16}$/i.test(text)) {
    throw new RangeError(`a match seed is 1 to 16 hex digits, got "${text}"`);
  }
  return BigInt(`0x${text}`);
}

/** The stream a role uses inside a match, e.g. `matchStream(seed, 'chance')`, `'seat:1'`. */
export function matchStream(seedOfMatch: bigint, role: string): Rng {
  return Rng.fromSeed(deriveSeed(seedOfMatch, role));
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

  /** Expands a 64-bit seed into the 128-bit state with SplitMix64, as the authors advise. */
  static fromSeed(seed: bigint): Rng {
    let x = seed & MASK64;
    x = (x + GOLDEN_GAMMA) & MASK64;
    const a = mix64(x);
    x = (x + GOLDEN_GAMMA) & MASK64;
    const b = mix64(x);
    const words = [Number(a & 0xffffffffn), Number(a >> 32n), Number(b & 0xffffffffn), Number(b >> 32n)] as const;
    // An all-zero state would emit zeros forever; SplitMix64 makes it practically impossible,
    // but the guard costs nothing.
    if ((words[0] | words[1] | words[2] | words[3]) === 0) return new Rng(1, 0, 0, 0);
    return new Rng(words[0] | 0, words[1] | 0, words[2] | 0, words[3] | 0);
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
    const limit = 0x100000000 - (0x100000000 % n);
    let value = this.nextUint32();
    while (value >= limit) value = this.nextUint32();
    return value % n;
  }

  /** A uniform integer in `[low, high]`, both inclusive. */
  intBetween(low: number, high: number): number {
    return low + this.int(high - low + 1);
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

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
