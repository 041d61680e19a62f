/**
 * Coverage of the Elo ratings' 95% intervals on synthetic Bradley–Terry data with known
 * ratings: widely spread ratings where clean sweeps are the rule ([800, 0, −800] at 50 games a
 * pairing), four agents at 100 games, draws, and few games (10 a pairing). Each setting must
 * cover the true (mean-0) ratings 92–98% of the time. The prior-shrunk fit with its parametric
 * bootstrap covered 0% at [800, 0, −800].
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { rateAgents, type PairingResult } from '../../src/stats/ratings.js';
import { share } from './pool.js';
import { pairsCoverage } from '../ratings-simulation.js';

/** Games of every pairing from the Bradley–Terry model with a share of draws, and the dispersion a run would measure. */
function simulate(truth: readonly number[], games: number, drawShare: number, rng: Rng): PairingResult[] {
  const pairings: PairingResult[] = [];
  for (let a = 0; a < truth.length; a++) {
    for (let b = a + 1; b < truth.length; b++) {
      const expected = 1 / (1 + 10 ** (((truth[b] as number) - (truth[a] as number)) / 400));
      const draws = Math.min(drawShare, 2 * Math.min(expected, 1 - expected));
      let wins = 0;
      let drawn = 0;
      for (let g = 0; g < games; g++) {
        if (rng.float() < draws) drawn++;
        else if (rng.float() < (expected - draws / 2) / (1 - draws)) wins++;
      }
      const score = (wins + drawn / 2) / games;
      const spread = (wins + drawn / 4 - games * score * score) / (games - 1);
      const dispersion = score > 0 && score < 1 && spread > 0 ? spread / (score * (1 - score)) : 1;
      pairings.push({ a, b, wins, draws: drawn, losses: games - wins - drawn, dispersion, dispersionDf: games - 1 });
    }
  }
  return pairings;
}

const SETTINGS: [string, number[], number, number][] = [
  ['[800, 0, −800], 50 games a pairing, no draws', [800, 0, -800], 50, 0],
  ['[600, 0, −100, −500], 100 games, no draws', [600, 0, -100, -500], 100, 0],
  ['[0, 120, 300], 200 games, 20% draws', [0, 120, 300], 200, 0.2],
  ['[200, 0, −200], 10 games, 20% draws', [200, 0, -200], 10, 0.2],
  ['[100, 0, −100], 20 games, no draws', [100, 0, -100], 20, 0],
];

describe('Elo rating intervals on synthetic Bradley–Terry data', () => {
  for (const [name, truth, games, drawShare] of SETTINGS) {
    it(`cover the true ratings 92–98%: ${name}`, () => {
      const rng = Rng.fromSeed(0xe10n + BigInt(games));
      const centre = truth.reduce((sum, r) => sum + r, 0) / truth.length;
      const repetitions = 400;
      let covered = 0;
      let open = 0;
      for (let r = 0; r < repetitions; r++) {
        for (const rating of rateAgents(truth.length, simulate(truth, games, drawShare, rng)).ratings) {
          const value = (truth[rating.agent] as number) - centre;
          if (rating.lower <= value && value <= rating.upper) covered++;
          if (!Number.isFinite(rating.lower) || !Number.isFinite(rating.upper)) open++;
        }
      }
      const total = repetitions * truth.length;
      const coverage = share(covered, total);
      console.info(`ratings, ${name}: ${coverage.text} of intervals cover; ${((100 * open) / total).toFixed(1)}% open on one side or both`);
      expect(coverage.rate).toBeGreaterThanOrEqual(0.92);
      expect(coverage.rate).toBeLessThanOrEqual(0.98);
    });
  }

  // Pairwise rates no Elo ratings give exactly, games in rotated pairs that split 55–88% of the
  // time (dispersions about 0.12 to 0.45), as in audit 26a's one-card poker: the intervals must
  // cover what the fit estimates, the maximum-likelihood fit of the exact rates.
  for (const pairs of [1000, 50]) {
    it(`cover the fit of the exact rates 92–98% where Bradley–Terry does not hold, with pairings' own dispersions: ${pairs} rotated pairs a pairing`, () => {
      const repetitions = 400;
      const rates = [[0, 0.474, 0.3685], [0, 0, 0.4715], [0, 0, 0]];
      const split = [[0, 0.8, 0.55], [0, 0, 0.88], [0, 0, 0]];
      const total = repetitions * rates.length;
      const coverage = share(Math.round(pairsCoverage(rates, split, pairs, repetitions, 0x26cn + BigInt(pairs)) * total), total);
      console.info(`ratings, non-Bradley–Terry rates, rotated pairs with their own dispersions, ${pairs} pairs a pairing: ${coverage.text} of intervals cover`);
      expect(coverage.rate).toBeGreaterThanOrEqual(0.92);
      expect(coverage.rate).toBeLessThanOrEqual(0.98);
    });
  }
});
