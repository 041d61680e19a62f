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
    expect(result.stdout).toMatch(/^Conforms: 14 properties passed\.$/m);
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
