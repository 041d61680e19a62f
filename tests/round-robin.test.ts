/**
 * Round-robin scenarios: every pairing played with seats rotated on the same seeds, and the
 * agents rated (the ratings themselves: tests/ratings.test.ts).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTournament } from '../src/run/tournament.js';
import { parseScenario } from '../src/scenario/scenario.js';

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

