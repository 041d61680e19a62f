/**
 * How Hordelab imports a user's game, agent and metric module: a copy of its own in every thread,
 * whatever the library caller did to the instance it imported (audit 41a F2).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MatchFailure } from '../src/core/match-runner.js';
import { privateModuleUrl, withPlainModuleUrls } from '../src/core/user-module.js';
import { reportError } from '../src/cli/report-error.js';
import { run } from '../src/index.js';

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
