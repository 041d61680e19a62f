/**
 * How Hordelab imports a user's game, agent and metric module: a CommonJS module as tsc compiles
 * one (`exports.default = …` beside `__esModule`) taken by its default (audit 41a F3).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uncompiledModule } from '../../src/core/user-module.js';
import { hordelabProcess } from '../cli-harness.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-user-module-'));

/**
 * A coin game whose heads chance is \`settings.pHeads\` (read from the table beside it, found by
 * \`import.meta.url\`): heads, the first seat wins. Rewritten as CommonJS below.
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
