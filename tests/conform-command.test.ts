/**
 * `hordelab conform` (issue 17, point 2): each deliberately broken game is found and the broken
 * property named, with a seed that replays it; correct games conform; a game that cannot be
 * loaded is bad input. The broken games are `fixtures/broken-games.ts`, each handed to the
 * command as a game module.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';
import { brokenGames } from './fixtures/broken-games.js';

const BROKEN = resolve('tests/fixtures/broken-games.ts');
const DICE_RACE = resolve('tests/fixtures/dice-race.ts');

/** A folder with one module per broken game, `<id>.mjs`, default-exporting it. */
function brokenModules(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-conform-'));
  for (const [index, { game }] of brokenGames.entries()) {
    writeFileSync(join(dir, `${game.id}-${index}.mjs`), `import { brokenGames } from ${JSON.stringify(BROKEN)};\nexport default brokenGames[${index}].game;\n`);
  }
  writeFileSync(join(dir, 'dice-race.mjs'), `import { diceRace } from ${JSON.stringify(DICE_RACE)};\nexport default diceRace;\n`);
  return dir;
}

describe('hordelab conform', () => {
  const dir = brokenModules();

  for (const [index, { game, property }] of brokenGames.entries()) {
    it(`finds ${game.id} breaking ${property}: exit 1, the property FAIL with a seed and step, and a replay command that finds it again`, async () => {
      const result = await hordelabIn(dir, 'conform', `./${game.id}-${index}.mjs`, '--playouts', '12');
      expect(result.stderr).toBe('');
      expect(result.status).toBe(1);
      const line = result.stdout.split('\n').find((text) => text.startsWith(`  FAIL  ${property} `));
      expect(line, result.stdout).toBeDefined();
      expect(result.stdout).toMatch(/^Does not conform: \d+ of \d+ properties failed \(.*\)\.$/m);
      const replay = new RegExp(`replay: hordelab conform \\./${game.id}-${index}\\.mjs --seed (\\d+) --playouts 1`).exec(result.stdout);
      if (replay !== null && property !== 'stable-order') {
        expect(result.stdout).toMatch(/\[seed \d+(, step \d+)?\]/);
        const again = await hordelabIn(dir, 'conform', `./${game.id}-${index}.mjs`, '--seed', replay[1] as string, '--playouts', '1');
        expect(again.status).toBe(1);
        expect(again.stdout).toContain(`  FAIL  ${property} `);
      }
    });
  }

  it('passes a correct game module: exit 0, every property pass or skip', async () => {
    const result = await hordelabIn(dir, 'conform', './dice-race.mjs');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain('FAIL');
    expect(result.stdout).toMatch(/^Conforms: 15 properties passed\.$/m);
  });

  it('passes a built-in game by its id, under a --set parameter, and says it as JSON', async () => {
    const result = await hordelabIn(dir, 'conform', 'tic-tac-toe', '--playouts', '8', '--json');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as { ok: boolean; game: string; playouts: number; properties: { property: string; status: string }[] };
    expect(report).toMatchObject({ ok: true, game: 'tic-tac-toe', playouts: 8 });
    // Tic-tac-toe has no chance node: those properties are skipped, not passed.
    expect(report.properties.find((p) => p.property === 'chance-sampling')?.status).toBe('skipped');
    const withSet = await hordelabIn(dir, 'conform', 'coin-flip', '--set', 'winRate=0.7', '--playouts', '8');
    expect(withSet.stderr).toBe('');
    expect(withSet.status).toBe(0);
  });

  it('checks a hidden-information built-in game with the agents not peeking', async () => {
    const result = await hordelabIn(dir, 'conform', 'integer-duel', '--playouts', '2');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/ {2}pass {2}no-peeking /);
  }, 120_000);

  it('refuses what it cannot load or set: exit 2, one line naming what and what was expected', async () => {
    const cases: [string[], RegExp][] = [
      [['./missing.mjs'], /^hordelab: <game>: cannot load game module "\.\/missing\.mjs": no module at /],
      [['zombie-trainer'], /^hordelab: <game>: unknown game "zombie-trainer"; expected one of: zombie-trainers/],
      [['coin-flip', '--set', 'nope=1'], /^hordelab: --set nope=1: nope: no such parameter; expected one of: /],
      [['coin-flip', '--set', 'winRate=2'], /^hordelab: --set winRate=2: winRate: /],
      [['coin-flip', '--playouts', '0'], /^hordelab: --playouts: /],
      [['coin-flip', '--bogus'], /^hordelab: /],
    ];
    for (const [args, message] of cases) {
      const result = await hordelabIn(dir, 'conform', ...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    }
  });

  it('names the --set flags, not an empty one, for a problem of the parameters as a whole', async () => {
    const index = pathToFileURL(resolve('dist/src/index.js')).href;
    writeFileSync(join(dir, 'capped-coin.mjs'), `import { coinFlip } from '${index}';\nexport default { ...coinFlip, id: 'capped-coin', validateParameters: (p) => (p.winRate > 0.8 ? [{ path: [], message: 'expected winRate at most 0.8 in all' }] : []) };\n`);
    const result = await hordelabIn(dir, 'conform', './capped-coin.mjs', '--set', 'winRate=0.9');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('hordelab: --set winRate=0.9: params: expected winRate at most 0.8 in all\n');
  });

  it('explains itself in --help: the properties and the exit codes', async () => {
    const result = await hordelabIn(dir, 'conform', '--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('hordelab conform <game> [options]');
    expect(result.stdout).toContain('Exit codes: 0 the game conforms; 1 problems found');
    expect(result.stdout).toContain('--playouts');
  });
});

/**
 * A small game module written out whole, with `state.touched` counted up in one function that
 * must only read the state (none when `toucher` is null). Two seats each pick a step of 1 or 2,
 * then a coin (a chance node) adds 0 or 1 to it; three picks each, then the higher total wins.
 */
function touchingModule(toucher: string | null, touching = 'state.touched = (state.touched ?? 0) + 1;'): string {
  const index = pathToFileURL(resolve('dist/src/index.js')).href;
  const touch = (name: string): string => (name === toucher ? touching : '');
  return `import { CHANCE, TERMINAL } from '${index}';
const STEPS = [1, 2].map((cells) => Object.freeze({ kind: 'step', cells }));
const COIN = [0, 1].map((extra) => Object.freeze({ kind: 'coin', extra }));
const over = (state) => state.picks >= 6 && !state.coin;
const lead = (state) => Math.sign(state.totals[0] - state.totals[1]);
const heuristic = (state) => { ${touch('heuristic')} return [lead(state), -lead(state)]; };
heuristic.leader = (state) => { ${touch('heuristic.leader')} return lead(state) > 0 ? 0 : lead(state) < 0 ? 1 : -1; };
export default {
  id: 'touching', title: 'Touching', seats: ['Left', 'Right'], parameters: {}, utilityBounds: [-1, 1], hiddenInformation: false,
  validateParameters: () => [],
  maxLength: () => 12,
  setup: () => ({ totals: [0, 0], picks: 0, coin: false }),
  currentPlayer(state) { ${touch('currentPlayer')} return over(state) ? TERMINAL : state.coin ? CHANCE : state.picks % 2; },
  isTerminal(state) { ${touch('isTerminal')} return over(state); },
  legalActions(state, into = []) { ${touch('legalActions')} into.length = 0; if (!over(state) && !state.coin) into.push(...STEPS); return into; },
  chanceOutcomes(state) { ${touch('chanceOutcomes')} return COIN.map((action) => ({ action, probability: 0.5 })); },
  chanceGroups(state) { ${touch('chanceGroups')} return [0, 1]; },
  sampleChance(state, rng) { ${touch('sampleChance')} return COIN[rng.int(2)]; },
  apply(state, action) {
    if (action.kind === 'coin') { state.totals[(state.picks - 1) % 2] += action.extra; state.coin = false; return; }
    state.totals[state.picks % 2] += action.cells; state.picks += 1; state.coin = true;
  },
  returns(state) { ${touch('returns')} return [lead(state), -lead(state)]; },
  endedAtCap(state) { ${touch('endedAtCap')} return false; },
  heuristic,
  observe: (state) => structuredClone(state),
  clone(state) { ${touch('clone')} return structuredClone(state); },
  actionKey: (action) => (action.kind === 'coin' ? 'coin(' + action.extra + ')' : 'step(' + action.cells + ')'),
  describeState(state) { ${touch('describeState')} return 'totals ' + state.totals.join('-'); },
};
`;
}

describe('hordelab conform names a function that changes the state it only reads (audit 40d F2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-conform-touch-'));
  const READERS = ['currentPlayer', 'isTerminal', 'legalActions', 'chanceOutcomes', 'chanceGroups', 'sampleChance', 'heuristic', 'heuristic.leader', 'returns', 'endedAtCap', 'describeState', 'clone'];

  it('passes the module with no function touching the state', async () => {
    writeFileSync(join(dir, 'untouched.mjs'), touchingModule(null));
    const result = await hordelabIn(dir, 'conform', './untouched.mjs', '--playouts', '4');
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^ {2}pass {2}read-only /m);
    expect(result.status, result.stdout).toBe(0);
  });

  for (const reader of READERS) {
    it(`names ${reader}, with the part it changed, the seed and the step, as the first problem`, async () => {
      const file = `touching-${reader.replace('.', '-')}.mjs`;
      writeFileSync(join(dir, file), touchingModule(reader));
      const result = await hordelabIn(dir, 'conform', `./${file}`, '--playouts', '4');
      expect(result.stderr).toBe('');
      expect(result.status).toBe(1);
      const failures = result.stdout.split('\n').filter((line) => line.startsWith('  FAIL  '));
      // Before determinism's or clone's line, which only show its consequences.
      expect(failures[0], result.stdout).toMatch(/^ {2}FAIL {2}read-only /);
      const problem = result.stdout.split('\n').find((line) => line.includes('changed the state it was handed'));
      expect(problem, result.stdout).toMatch(new RegExp(`^ {10}- ${reader.replace('.', '\\.')} changed the state it was handed \\(its "touched"\\); only apply may change a state .* \\[seed 1, step \\d+\\]$`));
      // A playout's first steps are checked: a game whose first step is a decision is caught there.
      if (['currentPlayer', 'isTerminal', 'legalActions', 'heuristic', 'heuristic.leader', 'describeState', 'clone'].includes(reader)) expect(problem).toMatch(/\[seed 1, step 0\]$/);
      expect(result.stdout).not.toContain('comes from outside the seed');
    });
  }

  it('names the functions together where one changed the state once only (a cache filled on the first call)', async () => {
    writeFileSync(join(dir, 'caching.mjs'), touchingModule('heuristic', 'state.touched ??= 1;'));
    const result = await hordelabIn(dir, 'conform', './caching.mjs', '--playouts', '4');
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^ {10}- one of currentPlayer, isTerminal, .*, clone \(once: not when asked again\) changed the state it was handed \(its "touched"\); .* \[seed 1, step 0\]$/m);
  });
});
