/**
 * The trust boundary of SECURITY.md: agent and metric modules are code, imported only after
 * everything else in the scenario and its overrides validated. A module whose top level writes
 * a marker file shows whether it was imported.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/errors.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { hordelabIn } from './cli-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'hordelab-trust-'));
let modules = 0;

/** A fresh agent module (never imported before) that leaves a marker when imported. */
function markerAgent(): { path: string; marker: string } {
  const name = `agent-${modules++}`;
  const marker = join(dir, `${name}.imported`);
  writeFileSync(join(dir, `${name}.mjs`), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\nexport default () => ({ chooseAction: () => 0 });\n`);
  return { path: `./${name}.mjs`, marker };
}

/** A fresh metric module that leaves a marker when imported. */
function markerMetric(): { path: string; marker: string } {
  const name = `metric-${modules++}`;
  const marker = join(dir, `${name}.imported`);
  writeFileSync(
    join(dir, `${name}.mjs`),
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\nexport default { name: 'm', create: () => ({ onEvent: () => {}, finishMatch: () => {} }) };\n`,
  );
  return { path: `./${name}.mjs`, marker };
}

const scenario = (agent: string, changes: Record<string, string> = {}): string =>
  Object.entries({ game: 'tic-tac-toe', matches: '10', seed: '1', seats: `[${agent}, random]`, ...changes })
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');

describe('modules are imported only after the rest of the scenario validated', () => {
  const invalid: [string, (agent: string) => string, string[]][] = [
    ['an unknown parameter', (agent) => scenario(agent, { params: '{ boardSize: 4 }' }), []],
    ['zero matches', (agent) => scenario(agent, { matches: '0' }), []],
    ['a negative seed', (agent) => scenario(agent, { seed: '-1' }), []],
    ['three seats for two', (agent) => scenario(agent, { seats: `[${agent}, random, random]` }), []],
    ['an unknown agent beside it', (agent) => scenario(agent, { seats: `[${agent}, alphazero]` }), []],
    ['a bad setting of the other agent', (agent) => scenario(agent, { seats: `[${agent}, { agent: mcts, config: { iterations: 0 } }]` }), []],
    ['odd matches with rotated seats', (agent) => scenario(agent, { matches: '11', seats: `{ rotate: [${agent}, random] }` }), []],
    ['a bad --set', (agent) => scenario(agent), ['--set', 'boardSize=4']],
    ['a bad --matches', (agent) => scenario(agent), ['--matches', '0']],
    ['an unsafe --set key', (agent) => scenario(agent), ['--set', '__proto__.x=1']],
  ];

  it.each(invalid)('%s: exit 2 and the agent module never imported', async (_label, text, flags) => {
    const agent = markerAgent();
    writeFileSync(join(dir, 'bad.yaml'), text(agent.path));
    const result = await hordelabIn(dir, 'run', 'bad.yaml', '-w', '0', '--out', 'never', ...flags);
    expect(result.status, result.stderr).toBe(2);
    expect(existsSync(agent.marker)).toBe(false);
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('a metric module is not imported either when the parameters are wrong', async () => {
    const metric = markerMetric();
    const text = `${scenario('random', { params: '{ boardSize: 4 }' })}\nmetrics: [${metric.path}]\n`;
    await expect(parseScenario(text, join(dir, 'metric.yaml'))).rejects.toThrow(UsageError);
    expect(existsSync(metric.marker)).toBe(false);
  });

  it('a valid scenario does import them (so the markers above can appear)', async () => {
    const agent = markerAgent();
    const metric = markerMetric();
    await parseScenario(`${scenario(agent.path)}\nmetrics: [${metric.path}]\n`, join(dir, 'good.yaml'));
    expect(existsSync(agent.marker)).toBe(true);
    expect(existsSync(metric.marker)).toBe(true);
  });
});

describe('a game module is imported only after what can be checked without it', () => {
  /** A fresh game module that leaves a marker when imported (and is no game: only the import matters). */
  function markerGame(): { path: string; marker: string } {
    const name = `game-${modules++}`;
    const marker = join(dir, `${name}.imported`);
    writeFileSync(join(dir, `${name}.mjs`), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\nexport default {};\n`);
    return { path: `./${name}.mjs`, marker };
  }
  const gameScenario = (game: string, changes: Record<string, string> = {}): string =>
    Object.entries({ game, matches: '10', seed: '1', seats: '[random, random]', ...changes })
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n');
  const invalid: [string, (game: string) => string, string[]][] = [
    ['zero matches', (game) => gameScenario(game, { matches: '0' }), []],
    ['a negative seed', (game) => gameScenario(game, { seed: '-1' }), []],
    ['an unknown agent', (game) => gameScenario(game, { seats: '[random, alphazero]' }), []],
    ['an unknown field', (game) => gameScenario(game, { matchez: '10' }), []],
    ['a bad --matches', (game) => gameScenario(game), ['--matches', '0']],
    ['a --set without a value', (game) => gameScenario(game), ['--set', 'rounds']],
    ['an unsafe --set key', (game) => gameScenario(game), ['--set', '__proto__.x=1']],
  ];

  it.each(invalid)('%s: exit 2 and the game module never imported', async (_label, text, flags) => {
    const game = markerGame();
    writeFileSync(join(dir, 'bad-game.yaml'), text(game.path));
    const result = await hordelabIn(dir, 'run', 'bad-game.yaml', '-w', '0', '--out', 'never', ...flags);
    expect(result.status, result.stderr).toBe(2);
    expect(existsSync(game.marker)).toBe(false);
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('an otherwise valid scenario does import it (so the markers above can appear)', async () => {
    const game = markerGame();
    writeFileSync(join(dir, 'good-game.yaml'), gameScenario(game.path));
    const result = await hordelabIn(dir, 'run', 'good-game.yaml', '-w', '0', '--out', 'never');
    // The marker module is no game: refused, but only once imported.
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('exports an object that has no id');
    expect(existsSync(game.marker)).toBe(true);
  });
});
