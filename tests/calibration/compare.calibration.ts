/**
 * `compare` on A/A pairs (two runs of the very same rules): the share of comparisons that flag
 * any metric at all, the family-wise false-flag rate, must be at most α = 5%, with enough
 * repetitions that its Monte Carlo interval tells 5% from 7%. Settings where the old variance
 * model failed: a coin with draws and one agent in both seats (the agent counted twice), a
 * rotated Integer Duel (in duel.calibration.ts, which shares its pool with the coverage study),
 * and Zombie Trainers' per-event catch rates (many catches per game).
 */
import { describe, expect, it } from 'vitest';
import { familyWiseFalseFlags, playPool } from './pool.js';

const SETTINGS = [
  {
    name: 'coin with draws, one agent in both seats',
    scenario: 'game: coin-flip\nmatches: 2\nseed: 11\nparams: { winRate: 0.45, drawRate: 0.1 }\nseats: [random, random]\n',
    pool: 5000,
    run: 200,
    repetitions: 2000,
  },
  {
    name: 'Zombie Trainers per-event rates, random against random',
    scenario: 'game: zombie-trainers\nmatches: 2\nseed: 13\nseats: [random, random]\n',
    pool: 500,
    run: 100,
    repetitions: 1500,
  },
];

describe('compare: family-wise false flags in A/A comparisons at α = 5%', () => {
  for (const setting of SETTINGS) {
    it(setting.name, async () => {
      const started = performance.now();
      const pool = await playPool(setting.scenario, setting.pool);
      const rate = familyWiseFalseFlags(pool, setting.run, setting.repetitions, 0xaa00n + BigInt(setting.pool));
      console.info(`compare A/A, ${setting.name}: ${rate.text}; ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(rate.rate).toBeLessThanOrEqual(0.05);
      expect(rate.upper).toBeLessThan(0.07);
    });
  }
});
