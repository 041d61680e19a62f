/**
 * Figures as small units (issue 17, point 4): a game's figure is one file in its folder, listed
 * in its module's `figures`; it sees the run's parameters, lands in `results.figures`, the text
 * summary and a chart, and merges exactly. Zombie Trainers' spawns unit is the example.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnsFigure } from '../src/games/zombie-trainers/figures/spawns.js';
import type { ZombieTrainersEvent, ZombieTrainersParams } from '../src/games/zombie-trainers/index.js';
import { chartsFor } from '../src/present/charts.js';
import { readRunSummary } from '../src/present/metrics.js';
import { games } from '../src/registry.js';
import { runScenario } from '../src/run/run-scenario.js';
import { gameModuleFromExport } from '../src/scenario/game-module-loader.js';
import { parseScenario } from '../src/scenario/scenario.js';

const spawn = (health: number, initial: boolean): ZombieTrainersEvent => ({ type: 'spawn', x: 0, y: 0, health, attack: 1, initial, round: 1 });
const context = { matchIndex: 0, seed: '0000000000000000', cluster: 0, clusterSize: 1 };

describe('figure units', () => {
  it('every unit of every registered game has a result key of its own', () => {
    for (const [id, entry] of games) {
      const names = (entry.figures ?? []).map((unit) => unit.name);
      for (const name of names) expect(name, `${id} figure`).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
      expect(new Set(names).size, `${id} figure names`).toBe(names.length);
    }
  });

  it('Zombie Trainers spawns: counts setup and turn-end spawns and the top health of the run\'s own zombieHealth', () => {
    const collector = spawnsFigure.create({ zombieHealth: [2, 5] } as ZombieTrainersParams);
    for (const event of [spawn(5, true), spawn(2, true), spawn(10, false), spawn(5, false), spawn(3, false)]) collector.onEvent(event);
    expect(collector.finishMatch(context)).toEqual({ atSetup: { count: 2 }, atTurnEnds: { count: 3 }, highestHealth: { successes: 2, trials: 5 } });
    // It resets for the next match.
    collector.onEvent({ type: 'endTurn' } as unknown as ZombieTrainersEvent);
    expect(collector.finishMatch(context)).toEqual({ atSetup: { count: 0 }, atTurnEnds: { count: 0 }, highestHealth: { successes: 0, trials: 0 } });
  });

  it('lands in results.figures, the text summary and a chart, with the exact top-health chance inside its interval', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-figures-'));
    const text = 'game: zombie-trainers\nmatches: 120\nseed: 5\nparams:\n  maxRounds: 30\n  zombieHealth: [4, 7]\nseats: [random, random]\n';
    const scenario = await parseScenario(text, join(dir, 'scenario.yaml'));
    await runScenario(scenario, { outDir: dir, eventFiles: false, command: 'test' });
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    const spawns = summary.results.figures.spawns;
    expect(spawns.atSetup.mean).toBe(3); // rule 8: initialWildZombies
    expect(spawns.highestHealth.lower).toBeLessThan(1 / 4);
    expect(spawns.highestHealth.upper).toBeGreaterThan(1 / 4);
    expect(scenario.entry.report.formatSummary(summary.results)).toMatch(/Figures\n[^]*spawns\.highestHealth/);
    const ids = chartsFor(await readRunSummary(dir)).map((chart) => chart.id);
    expect(ids).toEqual(expect.arrayContaining(['figures-spawns', 'figures-spawns-rates']));
  });

  it('a game module from outside brings its own units, which see its parameters; a bad list is refused by name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-figures-module-'));
    const firstSix = pathToFileURL(resolve('tests/fixtures/game-modules/first-six.mjs')).href;
    writeFileSync(
      join(dir, 'with-figures.mjs'),
      `import game from ${JSON.stringify(firstSix)};
export default {
  game,
  figures: [{
    name: 'rolls',
    create(params) {
      let rolls = 0, sixes = 0;
      return {
        onEvent(event) { if (event.type === 'rolled') { rolls++; if (event.value === 6) sixes++; } },
        finishMatch() { const figures = { sixes: { successes: sixes, trials: rolls }, roundsUsed: { numerator: rolls, denominator: 2 * params.rounds } }; rolls = 0; sixes = 0; return figures; },
      };
    },
  }],
};
`,
    );
    writeFileSync(join(dir, 'scenario.yaml'), 'game: ./with-figures.mjs\nmatches: 300\nseed: 2\nparams:\n  rounds: 4\nseats: [random, random]\n');
    const scenario = await parseScenario(readFileSync(join(dir, 'scenario.yaml'), 'utf8'), join(dir, 'scenario.yaml'));
    await runScenario(scenario, { outDir: join(dir, 'out'), eventFiles: false, command: 'test' });
    const figures = JSON.parse(readFileSync(join(dir, 'out', 'summary.json'), 'utf8')).results.figures.rolls;
    // Every roll is a fair die: the six share's interval holds 1/6.
    expect(figures.sixes.lower).toBeLessThan(1 / 6);
    expect(figures.sixes.upper).toBeGreaterThan(1 / 6);
    // Rolls over the 8 the parameters allow: above 0, at most 1.
    expect(figures.roundsUsed.mean).toBeGreaterThan(0);
    expect(figures.roundsUsed.mean).toBeLessThanOrEqual(1);

    const game = (await import(firstSix)).default;
    expect(gameModuleFromExport({ game, figures: [{ name: 'bad name', create: () => null }] })).toEqual({ problem: expect.stringContaining('figures [0] has name "bad name"') });
    expect(gameModuleFromExport({ game, figures: [{ name: 'a' }] })).toEqual({ problem: expect.stringContaining('("a") has no create(params) function') });
    expect(gameModuleFromExport({ game, figures: 'spawns' })).toEqual({ problem: expect.stringContaining('expected a list of { name, create(params) }') });
  });
});
