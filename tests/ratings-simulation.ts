/**
 * Simulated round-robin results between agents of known Elo ratings, for the ratings tests.
 */
import { Rng } from '../src/core/rng.js';
import { fitRatings, rateAgents, type PairingResult } from '../src/stats/ratings.js';

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

/**
 * Games in rotated pairs between agents whose pairwise rates need not follow Bradley–Terry
 * (`rates[i][j]`: agent i's expected score against j, i < j): a pair is split (one game each)
 * with probability `split[i][j]`, as shared dice cancel a seat's edge, and otherwise two
 * independent games at the rate that keeps the expected score. Each pairing carries the
 * dispersion a run measures from its pairs, on pairs − 1 degrees of freedom.
 */
export function simulatePairs(rates: readonly (readonly number[])[], split: readonly (readonly number[])[], pairsPerPairing: number, rng: Rng): PairingResult[] {
  const pairings: PairingResult[] = [];
  for (let a = 0; a < rates.length; a++) {
    for (let b = a + 1; b < rates.length; b++) {
      const p = (rates[a] as number[])[b] as number;
      const rho = (split[a] as number[])[b] as number;
      const q = (p - rho / 2) / (1 - rho);
      let wins = 0;
      let sum = 0;
      let squares = 0;
      for (let pair = 0; pair < pairsPerPairing; pair++) {
        const score = rng.float() < rho ? 1 : (rng.float() < q ? 1 : 0) + (rng.float() < q ? 1 : 0);
        wins += score;
        sum += score;
        squares += score * score;
      }
      const n = 2 * pairsPerPairing;
      const rate = wins / n;
      const spread = (squares - (sum * sum) / pairsPerPairing) / (pairsPerPairing - 1);
      const binomial = 2 * rate * (1 - rate);
      const dispersion = binomial > 0 && spread > 0 ? spread / binomial : 1;
      pairings.push({ a, b, wins, draws: 0, losses: n - wins, dispersion, dispersionDf: pairsPerPairing - 1 });
    }
  }
  return pairings;
}

/**
 * Share of (dataset, agent) intervals of {@link simulatePairs} data that contain the ratings the
 * maximum-likelihood fit of the exact rates gives (each pairing as many games): what the fit
 * estimates when Bradley–Terry does not hold.
 */
export function pairsCoverage(rates: readonly (readonly number[])[], split: readonly (readonly number[])[], pairsPerPairing: number, repetitions: number, seed: bigint): number {
  const agents = rates.length;
  const exact: PairingResult[] = [];
  for (let a = 0; a < agents; a++) for (let b = a + 1; b < agents; b++) exact.push({ a, b, wins: (rates[a] as number[])[b] as number, draws: 0, losses: 1 - ((rates[a] as number[])[b] as number) });
  const truth = fitRatings(agents, exact);
  const rng = Rng.fromSeed(seed);
  let covered = 0;
  for (let r = 0; r < repetitions; r++) {
    for (const rating of rateAgents(agents, simulatePairs(rates, split, pairsPerPairing, rng)).ratings) {
      const value = truth[rating.agent] as number;
      if (rating.lower <= value && value <= rating.upper) covered++;
    }
  }
  return covered / (repetitions * agents);
}
