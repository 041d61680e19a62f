/** The seeded streams: deterministic, independent per role and match, unbiased. */
import { describe, expect, it } from 'vitest';
import { Rng, deriveSeed, formatSeed, matchSeed, matchStream, parseSeed } from '../src/core/rng.js';

function draws(rng: Rng, count: number): number[] {
  return Array.from({ length: count }, () => rng.nextUint32());
}

describe('seeded streams', () => {
  it('gives the same sequence for the same (run seed, match index, role)', () => {
    const a = matchStream(matchSeed(42, 7), 'chance');
    const b = matchStream(matchSeed(42, 7), 'chance');
    expect(draws(a, 50)).toEqual(draws(b, 50));
  });

  it('gives different sequences for another role, match index or run seed', () => {
    const base = draws(matchStream(matchSeed(42, 7), 'chance'), 8);
    expect(draws(matchStream(matchSeed(42, 7), 'seat:0'), 8)).not.toEqual(base);
    expect(draws(matchStream(matchSeed(42, 8), 'chance'), 8)).not.toEqual(base);
    expect(draws(matchStream(matchSeed(43, 7), 'chance'), 8)).not.toEqual(base);
  });

  it('derives match seeds without collisions across a large run', () => {
    const seen = new Set<bigint>();
    for (let index = 0; index < 50_000; index++) seen.add(matchSeed(1, index));
    expect(seen.size).toBe(50_000);
  });

  it('separates labels that differ in one character', () => {
    expect(deriveSeed(1n, 'seat:0')).not.toBe(deriveSeed(1n, 'seat:1'));
  });

  it('rejects run seeds and match indices that are not non-negative safe integers', () => {
    expect(() => matchSeed(-1, 0)).toThrow(RangeError);
    expect(() => matchSeed(1.5, 0)).toThrow(RangeError);
    expect(() => matchSeed(1, -2)).toThrow(RangeError);
  });

  it('writes and reads match seeds as 16 hex digits', () => {
    const seed = matchSeed(9, 12345);
    const text = formatSeed(seed);
    expect(text).toMatch(/^[0-9a-f]{16}$/);
    expect(parseSeed(text)).toBe(seed);
    expect(() => parseSeed('xyz')).toThrow(RangeError);
  });

  it('keeps int(n) inside [0, n) and rejects impossible counts', () => {
    const rng = matchStream(matchSeed(3, 0), 'test');
    for (const n of [1, 2, 3, 6, 7, 100, 2 ** 31 + 5, 2 ** 32]) {
      for (let i = 0; i < 200; i++) {
        const value = rng.int(n);
        expect(Number.isInteger(value) && value >= 0 && value < n).toBe(true);
      }
    }
    expect(rng.int(1)).toBe(0);
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(2.5)).toThrow(RangeError);
    expect(() => rng.int(2 ** 32 + 1)).toThrow(RangeError);
  });

  it('draws a fair die: chi-square over 60,000 throws stays below the 0.1% critical value', () => {
    const rng = matchStream(matchSeed(5, 0), 'die');
    const counts = [0, 0, 0, 0, 0, 0];
    const throws = 60_000;
    for (let i = 0; i < throws; i++) counts[rng.intBetween(1, 6) - 1]! += 1;
    const expected = throws / 6;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: P(chi2 > 20.52) = 0.001.
    expect(chiSquare).toBeLessThan(20.52);
  });

  it('clones a stream at its current position without linking the two', () => {
    const rng = matchStream(matchSeed(8, 1), 'x');
    rng.nextUint32();
    const copy = rng.clone();
    expect(draws(copy, 5)).toEqual(draws(rng, 5));
    copy.nextUint32();
    expect(draws(copy, 3)).not.toEqual(draws(rng, 3));
  });

  it('uses no Math.random anywhere in the engine, games, agents or runner', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && readFileSync(path, 'utf8').includes('Math.random')) offenders.push(path);
      }
    };
    walk('src');
    walk('agents');
    expect(offenders).toEqual([]);
  });
});
