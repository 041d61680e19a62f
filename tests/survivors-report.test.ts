/**
 * Survivors through the runner and its report: per-card rates against the exact rates from the
 * icons, figures that do not depend on chunking, and bad maps and seats refused before any match.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SurvivorsSummary } from '../src/games/survivors/report.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { rateInterval, type RateEstimate } from '../src/stats/intervals.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-survivors-'));

/** A small open yard crowded with zombies, so random humans attack with every card often. */
const ARENA = `
game: survivors
matches: 400
seed: 606
params:
  boardWidth: 8
  boardHeight: 8
  windows: 0
  doorways: 0
  searchSpots: 0
  spawnPoints: 4
  initialZombies: 4
  spawnPerRound: 4
  spawnMinDistanceToHuman: 1
  startingCardsPerHuman: 3
  eventCardsEnabled: false
  humanDeathsToWin: 4
  map: |
    +-+-+-+-+-+-+-+-+
    |Z . . . . . . Z|
    |               |
    |. . . . . . . .|
    |               |
    |. . . . . . . .|
    |               |
    |. . . H H . . .|
    |               |
    |. . . H H . . .|
    |               |
    |. . . . . . . .|
    |               |
    |. . . . . . . .|
    |               |
    |Z . . . . . . Z|
    +-+-+-+-+-+-+-+-+
seats: [random, random]
`;

function expectExactInside(exact: number | null, simulated: RateEstimate, label: string): void {
  expect(exact, label).not.toBeNull();
  // 99.9% intervals: dozens of rates are checked at once and must not trip on ordinary luck.
  const interval = rateInterval(simulated.successes, simulated.n, 0.999);
  expect(exact as number, label).toBeGreaterThanOrEqual(interval.lower);
  expect(exact as number, label).toBeLessThanOrEqual(interval.upper);
}

describe('Survivors report', () => {
  it('puts every card\'s simulated kill, push, break and use rates beside exact rates that they agree with', async () => {
    const scenario = await parseScenario(ARENA, 'arena.yaml');
    const run = await runScenario(scenario, { outDir: tempDir(), eventFiles: false, command: 'test' });
    const results = run.results as SurvivorsSummary;
    let checked = 0;
    for (const [name, card] of Object.entries(results.cards)) {
      for (const [aim, attack] of [['unaimed', card.unaimed], ['aimed', card.aimed]] as const) {
        if (attack.attacks < 40) continue;
        expectExactInside(attack.exactKill, attack.killRate, `${name} ${aim} kill`);
        expectExactInside(attack.exactPush, attack.pushRate, `${name} ${aim} push`);
        expectExactInside(attack.exactBreak, attack.breakRate, `${name} ${aim} break`);
        checked++;
      }
      if (card.useSuccessRate.n >= 40) {
        expectExactInside(card.exactUseSuccess, card.useSuccessRate, `${name} use`);
        checked++;
      }
    }
    // Unarmed, the melee weapons and the pistol at least, aimed and not.
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(results.cards['Unarmed']?.unaimed.exactKill).toBeCloseTo(1 / 6, 12);
    expect(results.cards['Unarmed']?.aimed.exactKill).toBeCloseTo(2 / 6, 12);
    // Every game ends one way, and the win rates add up.
    const shares = Object.values(results.endCondition).reduce((sum, rate) => sum + rate.successes, 0);
    expect(shares).toBe(results.matches);
    expect(results.humansWinRate.successes + results.zombiesWinRate.successes).toBe(results.matches);
  });

  it('gives the same figures whatever the chunking', async () => {
    const scenario = await parseScenario(ARENA.replace('matches: 400', 'matches: 60'), 'arena.yaml');
    const a = await runScenario(scenario, { outDir: tempDir(), eventFiles: false, command: 'test', chunkSize: 7 });
    const b = await runScenario(scenario, { outDir: tempDir(), eventFiles: false, command: 'test', chunkSize: 60 });
    expect(JSON.stringify(a.results)).toBe(JSON.stringify(b.results));
  });
});

describe('Survivors bad input', () => {
  it('names the map line and column of a broken edge', async () => {
    const text = ARENA.replace('    |. . . H H . . .|\n    |               |\n    |. . . H H', '    |. . . H H . . .|\n    |      x        |\n    |. . . H H');
    await expect(parseScenario(text, 'broken.yaml')).rejects.toThrow(/broken\.yaml: params\.map: line 9, column 8: unknown edge "x"/);
  });

  it('refuses a map that does not match the numbers the scenario states', async () => {
    await expect(parseScenario(ARENA.replace('spawnPoints: 4', 'spawnPoints: 5'), 'count.yaml')).rejects.toThrow(/params\.spawnPoints: the map has 4, but spawnPoints is 5/);
  });

  it('seats the scripted zombie player only in the Zombie seat, never rotated', async () => {
    await expect(parseScenario(ARENA.replace('seats: [random, random]', 'seats: [scripted-zombies, random]'), 'seat.yaml')).rejects.toThrow(
      /plays only the Zombies seat \(seat 2\), not seat 1/,
    );
    await expect(parseScenario(ARENA.replace('seats: [random, random]', 'seats: {rotate: [random, scripted-zombies]}'), 'rotate.yaml')).rejects.toThrow(
      /seats cannot be rotated/,
    );
    await expect(parseScenario('game: integer-duel\nmatches: 2\nseed: 1\nseats: [random, scripted-zombies]\n', 'duel.yaml')).rejects.toThrow(
      /plays only survivors, not integer-duel/,
    );
  });
});
