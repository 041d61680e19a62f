/**
 * Simulated round-robin results between agents of known Elo ratings, for the ratings tests.
 */
import { Rng } from '../src/core/rng.js';
import { rateAgents, type PairingResult } from '../src/stats/ratings.js';

/**
 * Games between agents of known Elo ratings from a seeded stream: a share `drawShare` drawn (less
 * where the expected score does not allow it), the rest won with the probability that keeps the
 * expected score. Each pairing carries its dispersion as a run measures it from its games.
 */
export function simulate(truth: readonly number[], gamesPerPairing: number, rng: Rng, drawShare = 0.2): PairingResult[] {
  const pairings: PairingResult[] = [];
  for (let a = 0; a < truth.length; a++) {
    for (let b = a + 1; b < truth.length; b++) {
      const expected = 1 / (1 + 10 ** (((truth[b] as number) - (truth[a] as number)) / 400));
      const draws = Math.min(drawShare, 2 * Math.min(expected, 1 - expected));
      let wins = 0;
      let drawn = 0;
      let losses = 0;
      for (let g = 0; g < gamesPerPairing; g++) {
        if (rng.float() < draws) drawn++;
        else if (rng.float() < (expected - draws / 2) / (1 - draws)) wins++;
        else losses++;
      }
      const n = gamesPerPairing;
      const score = (wins + drawn / 2) / n;
      const spread = (wins + drawn / 4 - n * score * score) / (n - 1);
      const dispersion = score > 0 && score < 1 && spread > 0 ? spread / (score * (1 - score)) : 1;
      pairings.push({ a, b, wins, draws: drawn, losses, dispersion, dispersionDf: n - 1 });
    }
  }
  return pairings;
}

/** Share of (dataset, agent) intervals that contain the true rating, re-centred on mean 0 like the fit. */
export function coverage(truth: readonly number[], games: number, repetitions: number, seed: bigint, drawShare = 0.2): number {
  const rng = Rng.fromSeed(seed);
  const centre = truth.reduce((sum, r) => sum + r, 0) / truth.length;
  let covered = 0;
  for (let r = 0; r < repetitions; r++) {
    for (const rating of rateAgents(truth.length, simulate(truth, games, rng, drawShare)).ratings) {
      const value = (truth[rating.agent] as number) - centre;
      if (rating.lower <= value && value <= rating.upper) covered++;
    }
  }
  return covered / (repetitions * truth.length);
}
