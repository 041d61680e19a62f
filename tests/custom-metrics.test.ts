/**
 * Custom metric modules: loaded from the scenario, fed every event, merged exactly, summarized
 * with intervals; bad modules and bad figures refused with the file, the field and the match.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-metrics-'));
const EXAMPLE = resolve('examples/moves-per-turn.mjs');

const scenarioText = (metrics: string, game = 'zombie-trainers'): string =>
  `game: ${game}\nmatches: 60\nseed: 4\n${game === 'zombie-trainers' ? 'params:\n  maxRounds: 30\n' : ''}metrics: ${metrics}\nseats: [random, random]\n`;

describe('custom metric modules', () => {
  it('adds the module\'s figures to the summary, equal to what the matches show', async () => {
    const dir = tempDir();
    const scenario = await parseScenario(scenarioText(`[${EXAMPLE}]`), join(dir, 'moves.yaml'));
    const run = await runScenario(scenario, { outDir: dir, eventFiles: true, command: 'test' });
    const custom = (run.results as { custom: Record<string, Record<string, { mean?: number; rate?: number; n: number; successes?: number; lower: number; upper: number }>> }).custom;
    const figures = custom['moves-per-turn'];
    expect(Object.keys(figures ?? {})).toEqual(['moves', 'movesPerTurn', 'turnsWithCatch']);
    // Moves per match from matches.csv: turns are recorded there, moves are not, so check the
    // ratio against the count figure: Σ moves / Σ turns.
    const rows = readFileSync(join(dir, 'matches.csv'), 'utf8').trim().split('\n');
    const header = rows[0]!.split(',');
    const turnsColumn = header.indexOf('turns');
    const turns = rows.slice(1).reduce((sum, row) => sum + Number(row.split(',')[turnsColumn]), 0);
    const moves = figures!['moves']!;
    expect(moves.n).toBe(60);
    expect(figures!['movesPerTurn']!.mean).toBeCloseTo(((moves.mean as number) * 60) / turns, 12);
    expect(figures!['turnsWithCatch']!.n).toBe(turns);
    // The catches.csv rows are the catch attempts: turns with one are at most that many.
    const attempts = readFileSync(join(dir, 'catches.csv'), 'utf8').trim().split('\n').length - 1;
    expect(figures!['turnsWithCatch']!.successes).toBeLessThanOrEqual(attempts);
    expect(figures!['turnsWithCatch']!.successes).toBeGreaterThan(0);
    for (const figure of Object.values(figures!)) expect(figure.lower).toBeLessThanOrEqual(figure.upper);
  });

  it('refuses a missing module, a module for another game and a malformed export', async () => {
    const dir = tempDir();
    await expect(parseScenario(scenarioText('[./nowhere.mjs]'), join(dir, 'a.yaml'))).rejects.toThrow(/a\.yaml: metrics\[0\]: cannot load metric module "\.\/nowhere\.mjs": no module at/);
    await expect(parseScenario(scenarioText(`[${EXAMPLE}]`, 'tic-tac-toe'), join(dir, 'b.yaml'))).rejects.toThrow(/metrics\[0\]: metric module ".*moves-per-turn\.mjs" is for zombie-trainers, not tic-tac-toe/);
    writeFileSync(join(dir, 'bad.mjs'), 'export default { name: "bad" };\n');
    await expect(parseScenario(scenarioText('[./bad.mjs]'), join(dir, 'c.yaml'))).rejects.toThrow(/expected a default export \{ name, create\(\) \}/);
  });

  it('stops on a figure that is not a whole number, naming the module, the figure and the match seed', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'half.mjs'),
      'export default { name: "half", create() { return { onEvent() {}, finishMatch() { return { share: { count: 0.5 } }; } }; } };\n',
    );
    const scenario = await parseScenario(scenarioText('[./half.mjs]'), join(dir, 'd.yaml'));
    await expect(runScenario(scenario, { outDir: join(dir, 'out'), eventFiles: false, command: 'test' })).rejects.toThrow(
      /metric module "\.\/half\.mjs", match 0 \(seed [0-9a-f]{16}\): figure "share" is \{"count":0\.5\}; expected/,
    );
  });
});

describe('custom metric figures keep one kind', () => {
  it('fails however the run is cut into chunks when a figure changes kind', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'mixed.mjs'),
      'let m = 0;\nexport default { name: "mixed", create() { return { onEvent() {}, finishMatch(match) { return { f: match.matchIndex < 10 ? { count: 1 } : { successes: 1, trials: 2 } }; } }; } };\n',
    );
    const text = 'game: coin-flip\nmatches: 20\nseed: 1\nmetrics: [./mixed.mjs]\nseats: [random, random]\n';
    for (const chunkSize of [10, 20]) {
      const scenario = await parseScenario(text, join(dir, 'mixed.yaml'));
      await expect(runScenario(scenario, { outDir: join(dir, `out-${chunkSize}`), eventFiles: false, command: 'test', chunkSize }), `chunks of ${chunkSize}`).rejects.toThrow(
        /figure "f" (was a count and is now a rate|was a count in some matches and a rate in others)/,
      );
    }
  });
});
