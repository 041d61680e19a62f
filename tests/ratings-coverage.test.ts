/**
 * Coverage of the ratings' profile-likelihood intervals on simulated Bradley–Terry data: spread
 * ratings with sweeps, and few games. A separate file from tests/ratings.test.ts because it plays
 * hundreds of data sets: mutation testing of src/stats/ratings.ts runs the fast reference-value
 * tests alone. The long study: tests/calibration/ratings.calibration.ts.
 */
import { describe, expect, it } from 'vitest';
import { coverage, pairsCoverage } from './ratings-simulation.js';

describe('Elo rating intervals', () => {
  it('cover the true ratings about 95% of the time: spread ratings with sweeps, and few games (seeded)', () => {
    const spread = coverage([800, 0, -800], 50, 120, 0xe10n, 0);
    const few = coverage([200, 0, -200], 10, 120, 0xf3en);
    expect(spread).toBeGreaterThanOrEqual(0.9);
    expect(spread).toBeLessThanOrEqual(0.99);
    expect(few).toBeGreaterThanOrEqual(0.9);
    expect(few).toBeLessThanOrEqual(0.99);
  });

  it('cover the maximum-likelihood fit of the exact rates about 95% when Bradley–Terry does not hold and pairings have their own dispersions (seeded; audit 26a: 34% before)', () => {
    // Audit 26a's one-card poker, near enough: pairwise rates no Elo ratings give exactly, and
    // rotated pairs split 55–88% of the time (dispersions about 0.12 to 0.45).
    const rates = [[0, 0.474, 0.3685], [0, 0, 0.4715], [0, 0, 0]];
    const split = [[0, 0.8, 0.55], [0, 0, 0.88], [0, 0, 0]];
    for (const [pairs, seed] of [[1000, 0x26an], [50, 0x26bn]] as const) {
      const covered = pairsCoverage(rates, split, pairs, 200, seed);
      expect(covered, `${pairs} pairs a pairing`).toBeGreaterThanOrEqual(0.9);
      expect(covered, `${pairs} pairs a pairing`).toBeLessThanOrEqual(0.99);
    }
  });
});
