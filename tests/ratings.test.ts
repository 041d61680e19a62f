/**
 * Agent ratings: the Bradley–Terry fit recovers known Elo differences from simulated games, its
 * bootstrap intervals cover them, and a round-robin scenario runs every pairing on the same seeds.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng, seedFromInteger, type Seed64 } from '../src/core/rng.js';
import { runTournament } from '../src/run/tournament.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { fitRatings, rateAgents, type PairingResult } from '../src/stats/ratings.js';

/** Games between agents of known Elo ratings, with draws, from a seeded stream. */
function simulate(truth: readonly number[], gamesPerPairing: number, seed: Seed64): PairingResult[] {
  const rng = Rng.fromSeed(seed);
  const pairings: PairingResult[] = [];
  for (let a = 0; a < truth.length; a++) {
    for (let b = a + 1; b < truth.length; b++) {
      const expected = 1 / (1 + 10 ** (((truth[b] as number) - (truth[a] as number)) / 400));
      let wins = 0;
      let draws = 0;
      let losses = 0;
      for (let g = 0; g < gamesPerPairing; g++) {
        // 20% draws; otherwise a win with the probability that keeps the expected score.
        const u = rng.float();
        if (u < 0.2) draws++;
        else if (rng.float() < (expected - 0.1) / 0.8) wins++;
        else losses++;
      }
      pairings.push({ a, b, wins, draws, losses });
    }
  }
  return pairings;
}

describe('Elo ratings', () => {
  it('recover known rating differences from simulated games', () => {
    const truth = [-150, 0, 50, 100];
    const fitted = fitRatings(4, simulate(truth, 4000, seedFromInteger(0x1e10)));
    expect(fitted.reduce((sum, r) => sum + r, 0)).toBeCloseTo(0, 9);
    // Truth re-centred on mean 0, like the fit.
    const centre = truth.reduce((sum, r) => sum + r, 0) / truth.length;
    fitted.forEach((rating, agent) => expect(Math.abs(rating - ((truth[agent] as number) - centre)), `agent ${agent}`).toBeLessThan(15));
  });

  it('give intervals that contain the truth and a finite rating to a clean sweep', () => {
    const truth = [0, 120, 300];
    const ratings = rateAgents(3, simulate(truth, 600, seedFromInteger(0x5eed)));
    const centre = truth.reduce((sum, r) => sum + r, 0) / truth.length;
    for (const rating of ratings) {
      expect(rating.lower).toBeLessThan(rating.rating);
      expect(rating.upper).toBeGreaterThan(rating.rating);
      expect((truth[rating.agent] as number) - centre).toBeGreaterThanOrEqual(rating.lower);
      expect((truth[rating.agent] as number) - centre).toBeLessThanOrEqual(rating.upper);
    }
    const sweep = fitRatings(2, [{ a: 0, b: 1, wins: 100, draws: 0, losses: 0 }]);
    expect(Number.isFinite(sweep[0])).toBe(true);
    expect(sweep[0]).toBeGreaterThan(sweep[1] as number);
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

describe('a clean sweep', () => {
  it('still gets an interval, not a single point', () => {
    const [winner] = rateAgents(2, [{ a: 0, b: 1, wins: 20, draws: 0, losses: 0 }]);
    expect((winner?.upper as number) - (winner?.lower as number)).toBeGreaterThan(50);
  });
});
