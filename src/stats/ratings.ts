/**
 * Elo-style ratings from a round robin: the Bradley–Terry model on the Elo scale,
 * P(i beats j) = 1 / (1 + 10^((R_j − R_i) / 400)), a draw counting half a win. Fitted by
 * Hunter's MM algorithm (Annals of Statistics 32, 2004) on strengths γ = 10^(R/400), with one
 * virtual draw per pairing as a prior so that a clean sweep gives a finite rating (as BayesElo
 * does). Ratings are relative: their mean is 0. Intervals: a seeded parametric bootstrap that
 * replays every pairing from the fitted model (its expected score, the observed draw share) and
 * refits.
 */
import { Rng, seedFromInteger } from '../core/rng.js';
import { DEFAULT_CONFIDENCE } from './intervals.js';

/** The results of one pairing, from agent `a`'s side. */
export interface PairingResult {
  readonly a: number;
  readonly b: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface Rating {
  readonly agent: number;
  readonly rating: number;
  readonly lower: number;
  readonly upper: number;
  readonly games: number;
  /** Wins plus half the draws, over games. */
  readonly score: number;
}

const PRIOR_DRAWS = 1;

/** Maximum-likelihood ratings (mean 0) for `agents` agents. */
export function fitRatings(agents: number, pairings: readonly PairingResult[]): number[] {
  const score = new Float64Array(agents);
  const games = pairings.map((p) => p.wins + p.draws + p.losses + PRIOR_DRAWS);
  pairings.forEach((p) => {
    score[p.a] = (score[p.a] as number) + p.wins + (p.draws + PRIOR_DRAWS) / 2;
    score[p.b] = (score[p.b] as number) + p.losses + (p.draws + PRIOR_DRAWS) / 2;
  });
  let strength = new Float64Array(agents).fill(1);
  for (let iteration = 0; iteration < 10_000; iteration++) {
    const denominator = new Float64Array(agents);
    pairings.forEach((p, k) => {
      const share = (games[k] as number) / ((strength[p.a] as number) + (strength[p.b] as number));
      denominator[p.a] = (denominator[p.a] as number) + share;
      denominator[p.b] = (denominator[p.b] as number) + share;
    });
    const next = new Float64Array(agents);
    let logSum = 0;
    for (let i = 0; i < agents; i++) {
      next[i] = (denominator[i] as number) === 0 ? 1 : (score[i] as number) / (denominator[i] as number);
      logSum += Math.log(next[i] as number);
    }
    const scale = Math.exp(logSum / agents);
    let change = 0;
    for (let i = 0; i < agents; i++) {
      next[i] = (next[i] as number) / scale;
      change = Math.max(change, Math.abs(Math.log((next[i] as number) / (strength[i] as number))));
    }
    strength = next;
    if (change < 1e-12) break;
  }
  return Array.from(strength, (gamma) => (400 * Math.log(gamma)) / Math.LN10);
}

/**
 * Ratings with bootstrap intervals. `designEffect` (2 for rotated pairs, which share their dice)
 * resamples each pairing from n / designEffect games, scaled back, so intervals are not too narrow.
 */
export function rateAgents(agents: number, pairings: readonly PairingResult[], confidence = DEFAULT_CONFIDENCE, designEffect = 1, resamples = 1000): Rating[] {
  const ratings = fitRatings(agents, pairings);
  const rng = Rng.fromSeed(seedFromInteger(0xe10e10));
  const samples: number[][] = Array.from({ length: agents }, () => []);
  for (let r = 0; r < resamples; r++) {
    const resampled = pairings.map((p) => {
      const n = p.wins + p.draws + p.losses;
      const effective = Math.max(1, Math.round(n / designEffect));
      // Parametric: games drawn from the fitted model (its expected score, the observed draw
      // share), so a clean sweep still varies and its interval is not a single point.
      const expected = 1 / (1 + 10 ** (((ratings[p.b] as number) - (ratings[p.a] as number)) / 400));
      const drawShare = Math.min(p.draws / Math.max(1, n), 2 * Math.min(expected, 1 - expected));
      const winShare = expected - drawShare / 2;
      let wins = 0;
      let draws = 0;
      for (let g = 0; g < effective; g++) {
        const u = rng.float();
        if (u < winShare) wins++;
        else if (u < winShare + drawShare) draws++;
      }
      const scale = n / effective;
      return { a: p.a, b: p.b, wins: wins * scale, draws: draws * scale, losses: (effective - wins - draws) * scale };
    });
    fitRatings(agents, resampled).forEach((rating, agent) => samples[agent]?.push(rating));
  }
  const tail = (1 - confidence) / 2;
  return ratings.map((rating, agent) => {
    const sorted = (samples[agent] as number[]).sort((x, y) => x - y);
    const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))] as number;
    let games = 0;
    let points = 0;
    for (const p of pairings) {
      if (p.a === agent) {
        games += p.wins + p.draws + p.losses;
        points += p.wins + p.draws / 2;
      } else if (p.b === agent) {
        games += p.wins + p.draws + p.losses;
        points += p.losses + p.draws / 2;
      }
    }
    return { agent, rating, lower: at(tail), upper: at(1 - tail), games, score: games === 0 ? Number.NaN : points / games };
  });
}
