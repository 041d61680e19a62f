/**
 * Coverage of the ratings' profile-likelihood intervals on simulated Bradley–Terry data: spread
 * ratings with sweeps, and few games. A separate file from tests/ratings.test.ts because it plays
 * hundreds of data sets: mutation testing of src/stats/ratings.ts runs the fast reference-value
 * tests alone. The long study: tests/calibration/ratings.calibration.ts.
 */
import { describe, expect, it } from 'vitest';
import { coverage } from './ratings-simulation.js';

describe('Elo rating intervals', () => {
  it('cover the true ratings about 95% of the time: spread ratings with sweeps, and few games (seeded)', () => {
    const spread = coverage([800, 0, -800], 50, 120, 0xe10n, 0);
    const few = coverage([200, 0, -200], 10, 120, 0xf3en);
    expect(spread).toBeGreaterThanOrEqual(0.9);
    expect(spread).toBeLessThanOrEqual(0.99);
    expect(few).toBeGreaterThanOrEqual(0.9);
    expect(few).toBeLessThanOrEqual(0.99);
  });
});
