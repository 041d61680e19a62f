/**
 * Agent ratings: the Bradley–Terry fit recovers known Elo differences from simulated games, its
 * profile-likelihood intervals cover them (spread ratings and few games included), a clean sweep
 * gets a one-sided bound and a warning, and a round-robin scenario runs every pairing on the
 * same seeds.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { runTournament } from '../src/run/tournament.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { fitRatings, rateAgents, type PairingResult } from '../src/stats/ratings.js';

/**
 * Games between agents of known Elo ratings from a seeded stream: a share `drawShare` drawn (less
 * where the expected score does not allow it), the rest won with the probability that keeps the
 * expected score. Each pairing carries its dispersion as a run measures it from its games.
 */
function simulate(truth: readonly number[], gamesPerPairing: number, rng: Rng, drawShare = 0.2): PairingResult[] {
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
function coverage(truth: readonly number[], games: number, repetitions: number, seed: bigint, drawShare = 0.2): number {
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

describe('Elo ratings', () => {
  it('recover known rating differences from simulated games, with no prior pulling them together', () => {
    const truth = [-150, 0, 50, 100];
    const fitted = fitRatings(4, simulate(truth, 4000, Rng.fromSeed(0x1e10n)));
    expect(fitted.reduce((sum, r) => sum + r, 0)).toBeCloseTo(0, 9);
    const centre = truth.reduce((sum, r) => sum + r, 0) / truth.length;
    fitted.forEach((rating, agent) => expect(Math.abs(rating - ((truth[agent] as number) - centre)), `agent ${agent}`).toBeLessThan(15));
    // 9 wins, 1 loss: the maximum-likelihood gap is 400·log10(9) = 381.7 exactly (a virtual draw would shrink it).
    const [strong, weak] = fitRatings(2, [{ a: 0, b: 1, wins: 9, draws: 0, losses: 1 }]);
    expect((strong as number) - (weak as number)).toBeCloseTo(400 * Math.log10(9), 6);
  });

  it('give intervals that contain the truth, and one-sided ones with a warning across a clean sweep', () => {
    const truth = [0, 120, 300];
    const { ratings, warnings } = rateAgents(3, simulate(truth, 600, Rng.fromSeed(0x5eedn)));
    const centre = truth.reduce((sum, r) => sum + r, 0) / truth.length;
    expect(warnings).toEqual([]);
    for (const rating of ratings) {
      expect(rating.lower).toBeLessThan(rating.rating);
      expect(rating.upper).toBeGreaterThan(rating.rating);
      expect((truth[rating.agent] as number) - centre).toBeGreaterThanOrEqual(rating.lower);
      expect((truth[rating.agent] as number) - centre).toBeLessThanOrEqual(rating.upper);
    }
    const sweep = rateAgents(2, [{ a: 0, b: 1, wins: 20, draws: 0, losses: 0 }], 0.95, ['strong', 'weak']);
    const [winner, loser] = sweep.ratings;
    expect(Number.isNaN(winner?.rating)).toBe(true);
    expect(winner?.upper).toBe(Infinity);
    expect(winner?.lower).toBeGreaterThan(0);
    expect(loser?.lower).toBe(-Infinity);
    expect(loser?.upper).toBeCloseTo(-(winner?.lower as number), 6);
    expect(sweep.warnings[0]).toBe('strong swept weak 20–0: their gap has no finite estimate, only a lower bound');
    expect(rateAgents(2, [{ a: 0, b: 1, wins: 19, draws: 1, losses: 0 }], 0.95, ['strong', 'weak']).warnings[0]).toContain('near-clean sweep');
  });

  it('cover the true ratings about 95% of the time: spread ratings with sweeps, and few games (seeded)', () => {
    // The long study (more repetitions and settings) is tests/calibration/ratings.calibration.ts.
    const spread = coverage([800, 0, -800], 50, 120, 0xe10n, 0);
    const few = coverage([200, 0, -200], 10, 120, 0xf3en);
    expect(spread).toBeGreaterThanOrEqual(0.9);
    expect(spread).toBeLessThanOrEqual(0.99);
    expect(few).toBeGreaterThanOrEqual(0.9);
    expect(few).toBeLessThanOrEqual(0.99);
  });
});

describe('round-robin scenarios', () => {
  it('play every pairing with seats rotated on the same seeds and rate the agents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-tournament-'));
    const scenario = await parseScenario(
      'game: tic-tac-toe\nmatches: 40\nseed: 3\nseats:\n  roundRobin: [random, greedy, {agent: mcts, config: {iterations: 300}}]\n',
      join(dir, 'rr.yaml'),
    );
    expect(scenario.tournament?.map((seat) => seat.name)).toEqual(['random', 'greedy', 'mcts(iterations=300)']);
    const { summary } = await runTournament(scenario, { outDir: dir, eventFiles: false, command: 'test' });
    expect(summary.pairings.map((p) => `${p.a}/${p.b}`)).toEqual(['random/greedy', 'random/mcts(iterations=300)', 'greedy/mcts(iterations=300)']);
    for (const pairing of summary.pairings) expect(pairing.games).toBe(40);
    // Common random numbers: every pairing's matches.csv lists the same match seeds.
    const seeds = summary.pairings.map((p) =>
      readFileSync(join(dir, p.folder, 'matches.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.split(',')[1]),
    );
    expect(seeds[1]).toEqual(seeds[0]);
    expect(seeds[2]).toEqual(seeds[0]);
    // Random is the weakest at tic-tac-toe, with an interval clear of the others'.
    const worst = summary.ratings[summary.ratings.length - 1];
    expect(worst?.agent).toBe('random');
    expect(worst?.upper).toBeLessThan(summary.ratings[0]?.lower as number);
    expect(JSON.parse(readFileSync(join(dir, 'tournament.json'), 'utf8')).ratings).toHaveLength(3);
  });

  it('refuses a round robin with an agent that cannot swap seats', async () => {
    await expect(
      parseScenario('game: survivors\nmatches: 4\nseed: 1\nseats:\n  roundRobin: [random, greedy, scripted-zombies]\n', 'rr.yaml'),
    ).rejects.toThrow(/seats\.roundRobin\[2\]: agent "scripted-zombies" plays only the Zombies seat, so it cannot play a round robin/);
  });
});

