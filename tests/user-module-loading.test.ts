/**
 * How Hordelab imports a user's game, agent and metric module: a copy of its own in every thread,
 * whatever the library caller did to the instance it imported (audit 41a F2), and a CommonJS
 * module as tsc compiles one (`exports.default = …` beside `__esModule`) taken by its default
 * (audit 41a F3).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MatchFailure } from '../src/core/match-runner.js';
import { privateModuleUrl, uncompiledModule, withPlainModuleUrls } from '../src/core/user-module.js';
import { reportError } from '../src/cli/report-error.js';
import { run } from '../src/index.js';
import { hordelabProcess } from './cli-harness.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-user-module-'));

/** An agent module with settings its caller can change: it plays the legal action at `settings.pick` (the last, past the end). */
const CONFIGURABLE_AGENT = `export const settings = { pick: 0 };
export default {
  id: 'configurable',
  description: 'plays the legal action at settings.pick',
  validateConfig: () => [],
  create: () => ({ chooseAction: (decision) => Math.min(settings.pick, decision.legalActions.length - 1) }),
};
`;

/**
 * A coin game whose heads chance is \`settings.pHeads\` (read from the table beside it, found by
 * \`import.meta.url\`): heads, the first seat wins.
 */
const CONFIGURABLE_COIN = `import { readFileSync } from 'node:fs';
export const settings = JSON.parse(readFileSync(new URL('./coin-table.json', import.meta.url), 'utf8'));
const THROW = Object.freeze({ kind: 'throw' });
const SIDES = [0, 1].map((side) => Object.freeze({ kind: 'side', side }));
export default {
  id: 'configurable-coin',
  title: 'Configurable coin',
  seats: ['First', 'Second'],
  parameters: {},
  utilityBounds: [-1, 1],
  hiddenInformation: false,
  maxLength: () => 3,
  setup: () => ({ thrown: false, side: -1 }),
  currentPlayer: (state) => (state.side >= 0 ? -2 : state.thrown ? -1 : 0),
  legalActions(state, into = []) {
    into.length = 0;
    if (!state.thrown) into.push(THROW);
    return into;
  },
  chanceOutcomes: (state) => (state.thrown && state.side < 0 ? [{ action: SIDES[0], probability: settings.pHeads }, { action: SIDES[1], probability: 1 - settings.pHeads }] : []),
  sampleChance: (_state, rng) => (rng.float() < settings.pHeads ? SIDES[0] : SIDES[1]),
  apply(state, action) {
    if (action.kind === 'throw') state.thrown = true;
    else state.side = action.side;
  },
  isTerminal: (state) => state.side >= 0,
  returns: (state) => (state.side === 0 ? [1, -1] : state.side === 1 ? [-1, 1] : [0, 0]),
  heuristic: (state) => (state.side === 0 ? [1, -1] : state.side === 1 ? [-1, 1] : [0, 0]),
  observe: (state) => ({ ...state }),
  clone: (state) => ({ ...state }),
  actionKey: (action) => (action.kind === 'throw' ? 'throw' : \`side(\${action.side})\`),
  describeState: (state) => \`side \${state.side}\`,
};
`;

describe("a module the library caller configured plays as written, whatever the worker count (audit 41a F2)", () => {
  it("an agent module whose exported settings the caller changed before run(): equal results with workers 0 and 2, played as the module is written", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'configurable.mjs'), CONFIGURABLE_AGENT);
    // The caller's own instance, configured: the run must not play it.
    const callers = (await import(pathToFileURL(join(dir, 'configurable.mjs')).href)) as { settings: { pick: number } };
    callers.settings.pick = 5;
    const scenario = { name: 'configured', game: 'tic-tac-toe', matches: 120, seed: 1, seats: ['./configurable.mjs', 'random'] } as const;
    const inThread = await run(scenario, { workers: 0, baseDir: dir });
    const onThreads = await run(scenario, { workers: 2, baseDir: dir });
    expect(onThreads.summary.timing.workers).toBe(2);
    expect(inThread.outcomes).toEqual(onThreads.outcomes);
    expect(inThread.results).toEqual(onThreads.results);
    // Played as written (pick 0: the first free cell), as a module nobody configured plays.
    writeFileSync(join(dir, 'unconfigured.mjs'), CONFIGURABLE_AGENT);
    const unconfigured = await run({ ...scenario, seats: ['./unconfigured.mjs', 'random'] }, { workers: 0, baseDir: dir });
    expect(inThread.outcomes.bySeat).toEqual(unconfigured.outcomes.bySeat);
    // The caller's instance is left as the caller set it.
    expect(callers.settings.pick).toBe(5);
  }, 60_000);

  it('a game module whose exported settings the caller changed: equal figures with workers 0 and 2; its table beside it is found through import.meta.url', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'coin.mjs'), CONFIGURABLE_COIN);
    writeFileSync(join(dir, 'coin-table.json'), JSON.stringify({ pHeads: 0.5 }));
    const callers = (await import(pathToFileURL(join(dir, 'coin.mjs')).href)) as { settings: { pHeads: number } };
    callers.settings.pHeads = 0.9;
    const scenario = { name: 'coin', game: './coin.mjs', matches: 400, seed: 3, seats: ['random', 'random'] } as const;
    const inThread = await run(scenario, { workers: 0, baseDir: dir });
    const onThreads = await run(scenario, { workers: 2, baseDir: dir });
    expect(inThread.results).toEqual(onThreads.results);
    expect(inThread.outcomes).toEqual(onThreads.outcomes);
    // A fair coin, as the table says: 400 throws at 0.9 would not land inside this.
    expect(inThread.outcomes.bySeat['seat1']?.win.rate).toBeGreaterThan(0.4);
    expect(inThread.outcomes.bySeat['seat1']?.win.rate).toBeLessThan(0.6);
  }, 60_000);

  it("a frame of the module's copy names its file plainly where Hordelab prints a stack", () => {
    const file = join(tempDir(), 'agent (2).mjs');
    const url = privateModuleUrl(file);
    expect(url).toBe(`${pathToFileURL(file).href}?hordelab`);
    const plain = pathToFileURL(file).href;
    expect(withPlainModuleUrls(`Error: boom\n    at Object.chooseAction (${url}:3:9)\n    at ${url}:7:1`)).toBe(`Error: boom\n    at Object.chooseAction (${plain}:3:9)\n    at ${plain}:7:1`);
    // What a user wrote is left alone: a query of another name, or the word in a message.
    expect(withPlainModuleUrls('file:///a/b.mjs?hordelabs:1:1 ?hordelab')).toBe('file:///a/b.mjs?hordelabs:1:1 ?hordelab');

    const thrown = new Error('boom');
    thrown.stack = `Error: boom\n    at Object.chooseAction (${url}:3:9)`;
    const failure = new MatchFailure({ matchIndex: 0, runSeed: 1 } as never, 5n, 2, thrown);
    const stderr: string[] = [];
    reportError(failure, { stdout: { write: () => true }, stderr: { write: (text: string) => stderr.push(text) > 0 } } as never, 'scenario.yaml', []);
    const printed = stderr.join('');
    expect(printed).toContain(`at Object.chooseAction (${plain}:3:9)`);
    expect(printed).not.toContain('?hordelab');
  });
});

/** tsc's CommonJS output for `export default <value>;` with `module.exports` marked as an ES module's. */
const tscCommonJs = (value: string): string => `"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.default = ${value};\n`;

describe('a CommonJS module as tsc compiles it, in a package whose type is commonjs, is taken by its default export (audit 41a F3)', () => {
  const commonJsFolder = (): string => {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'cj', version: '1.0.0', type: 'commonjs' }));
    return dir;
  };

  it('as agent, game and metric module, the run plays them all', () => {
    const dir = commonJsFolder();
    writeFileSync(join(dir, 'agent.js'), tscCommonJs("{ id: 'first', description: 'the first legal action', validateConfig: () => [], create: () => ({ chooseAction: () => 0 }) }"));
    // The game's source, an ES module, as CommonJS: import and export statements rewritten as tsc rewrites them.
    writeFileSync(join(dir, 'coin-table.json'), JSON.stringify({ pHeads: 0.75 }));
    const game = CONFIGURABLE_COIN.replace("import { readFileSync } from 'node:fs';", 'const { readFileSync } = require("node:fs");')
      .replace("new URL('./coin-table.json', import.meta.url)", "require('node:path').join(__dirname, 'coin-table.json')")
      .replace('export const settings', 'const settings')
      .replace('export default {', 'Object.defineProperty(exports, "__esModule", { value: true });\nexports.settings = settings;\nexports.default = {');
    writeFileSync(join(dir, 'game.js'), game);
    writeFileSync(join(dir, 'metric.js'), tscCommonJs("{ name: 'throws', create: () => ({ onEvent() {}, finishMatch: () => ({ played: { count: 1 } }) }) }"));
    // One kind of module a scenario, so each is seen taken (the first refused stopped a scenario of all three).
    writeFileSync(join(dir, 'game.yaml'), 'game: ./game.js\nmatches: 20\nseed: 2\nseats: [random, random]\n');
    writeFileSync(join(dir, 'agent.yaml'), 'game: tic-tac-toe\nmatches: 20\nseed: 2\nseats: [./agent.js, random]\n');
    writeFileSync(join(dir, 'metric.yaml'), 'game: tic-tac-toe\nmatches: 20\nseed: 2\nmetrics: [./metric.js]\nseats: [random, random]\n');
    const summaries = ['game', 'agent', 'metric'].map((kind) => {
      // Node's own import, in the compiled command (vitest's import unwraps such a default itself).
      const played = hordelabProcess(dir, 'run', `${kind}.yaml`, '--out', kind, '--workers', '0', '-q');
      expect(played.stderr, kind).toBe('');
      expect(played.status, kind).toBe(0);
      const summary = JSON.parse(readFileSync(join(dir, kind, 'summary.json'), 'utf8')) as { scenario: { game: string; seats: unknown[] }; run: unknown; results: { custom?: unknown } };
      expect(summary.run, kind).toMatchObject({ status: 'complete', matchesPlayed: 20, errors: 0 });
      return summary;
    });
    expect(summaries[0]?.scenario.game).toBe('configurable-coin');
    expect(summaries[1]?.scenario.seats[0]).toMatchObject({ agent: './agent.js', module: { path: join(dir, 'agent.js') } });
    expect(summaries[2]?.results.custom).toMatchObject({ throws: { played: { mean: 1, n: 20 } } });
  }, 60_000);

  it("a CommonJS module's exports with no __esModule mark, or no default beside it, are the default as they stand: module.exports = { create } is an agent", () => {
    const dir = commonJsFolder();
    writeFileSync(join(dir, 'agent.js'), "module.exports = { description: 'plain CommonJS', create: () => ({ chooseAction: () => 0 }) };\n");
    // Marked, but with no default of its own: the exports as they stand, an agent by their create.
    writeFileSync(join(dir, 'named.js'), tscCommonJs('undefined').replace('exports.default = undefined;\n', 'exports.create = () => ({ chooseAction: () => 0 });\n'));
    writeFileSync(join(dir, 'play.yaml'), 'game: tic-tac-toe\nmatches: 4\nseed: 2\nseats: [./agent.js, ./named.js]\n');
    const played = hordelabProcess(dir, 'run', 'play.yaml', '--out', 'out', '--workers', '0', '-q');
    expect(played.stderr).toBe('');
    expect(played.status).toBe(0);
  });

  it('the compile command printed for a .ts module says that a .mts source compiles to .mjs, an ES module in any package', () => {
    expect(uncompiledModule('./my-agent.ts', 'agent module')).toMatch(
      /agent module "\.\/my-agent\.ts" is TypeScript, .*\(for example: npx tsc --module nodenext --target es2022 --strict \.\/my-agent\.ts\) and name "\.\/my-agent\.js" instead \(named \.mts, it compiles to \.mjs, an ES module whatever package\.json's "type" says\)$/,
    );
    expect(uncompiledModule('./my-agent.mts', 'agent module')).toMatch(/and name "\.\/my-agent\.mjs" instead$/);
  });
});
