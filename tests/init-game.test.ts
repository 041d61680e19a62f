/**
 * `hordelab init game <name>` (issue 17, point 5): the folder it writes holds a game that
 * conforms, a scenario that runs it, a check that gates it and a test that passes under
 * `node --test`, each importing from 'hordelab' as a designer's project does (here the package
 * is linked into the project's node_modules; `tests/slow/` installs the packed one).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';

/** The hordelab package these tests run (this repository): what an install step installs. */
const HORDELAB_ROOT = resolve('.');

let project = '';

beforeAll(() => {
  if (!existsSync(resolve('dist/src/index.js'))) throw new Error('dist is missing: run "npm run build" (npm test does it first)');
  project = mkdtempSync(join(tmpdir(), 'hordelab-init-'));
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(resolve('.'), join(project, 'node_modules', 'hordelab'), 'dir');
});

describe('hordelab init game', () => {
  it('writes a game that conforms, runs, reports, passes its check and its own tests', async () => {
    const init = await hordelabIn(project, 'init', 'game', 'games/dice-race');
    expect(init.stderr).toBe('');
    expect(init.status).toBe(0);
    const folder = join(project, 'games', 'dice-race');
    expect(readdirSync(folder).sort()).toEqual(['dice-race.checks.yaml', 'dice-race.mjs', 'dice-race.test.mjs', 'dice-race.yaml']);
    expect(readFileSync(join(folder, 'dice-race.mjs'), 'utf8')).toContain("from 'hordelab'");
    // The project has hordelab installed: no step to install it.
    expect(init.stdout).not.toContain('npm install');

    const conform = await hordelabIn(project, 'conform', 'games/dice-race/dice-race.mjs');
    expect(conform.stderr).toBe('');
    expect(conform.status).toBe(0);
    expect(conform.stdout).toMatch(/^Conforms: /m);

    const run = await hordelabIn(project, 'run', 'games/dice-race/dice-race.yaml', '-n', '400', '--out', 'run', '-q');
    expect(run.stderr).toBe('');
    const summary = JSON.parse(readFileSync(join(project, 'run', 'summary.json'), 'utf8')) as { scenario: { game: string }; run: { matchesPlayed: number } };
    expect(summary.scenario.game).toBe('dice-race');
    expect(summary.run.matchesPlayed).toBe(400);
    expect((await hordelabIn(project, 'report', 'run')).status).toBe(0);
    expect(readFileSync(join(project, 'run', 'report.md'), 'utf8')).toContain('First wins');

    const check = await hordelabIn(project, 'check', 'games/dice-race/dice-race.checks.yaml');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);

    const tests = spawnSync(process.execPath, ['--test', 'games/dice-race/dice-race.test.mjs'], { cwd: project, encoding: 'utf8' });
    expect(tests.status, tests.stdout + tests.stderr).toBe(0);
    expect(tests.stdout).toMatch(/# pass 3/);
  }, 120_000);

  it('refuses a folder that is not empty, a name that is not kebab-case and a kind it does not make: exit 2, nothing written', async () => {
    mkdirSync(join(project, 'taken'));
    writeFileSync(join(project, 'taken', 'notes.txt'), 'mine');
    writeFileSync(join(project, 'a-file'), 'mine');
    const cases: [string[], RegExp][] = [
      [['game', 'taken'], /^hordelab: <name>: taken is a folder that is not empty; expected a new or empty folder/],
      [['game', 'Dice_Race'], /^hordelab: <name>: "Dice_Race" names the game and its files: expected lowercase letters, digits and single dashes/],
      [['agent', 'my-agent'], /^hordelab: <kind>: expected game, got "agent"/],
      // Every command refuses a module declaring a built-in game's id.
      [['game', 'games/zombie-trainers'], /^hordelab: <name>: "zombie-trainers" is a built-in game's id, and the folder's last part names the new game; expected another name, such as my-zombie-trainers$/m],
      [['game'], /^hordelab: /],
      // A file above the folder: was an internal failure with a stack trace (audit 37b M1).
      [['game', 'a-file/sub-game'], /^hordelab: <name>: a-file\/sub-game: \S*a-file is a file, so no folder can be made inside it$/m],
      [['game', 'a-file/deeper/sub-game'], /^hordelab: <name>: a-file\/deeper\/sub-game: \S*a-file is a file, so no folder can be made inside it$/m],
    ];
    for (const [args, message] of cases) {
      const result = await hordelabIn(project, 'init', ...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
    expect(readdirSync(join(project, 'taken'))).toEqual(['notes.txt']);
    expect(existsSync(join(project, 'Dice_Race'))).toBe(false);
    expect(readFileSync(join(project, 'a-file'), 'utf8')).toBe('mine');
    expect(existsSync(join(project, 'my-agent'))).toBe(false);
    expect(existsSync(join(project, 'games', 'zombie-trainers'))).toBe(false);
  });

  it('writes to an absolute folder where it says, not under the working folder', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'hordelab-init-abs-')), 'coin-race');
    const init = await hordelabIn(project, 'init', 'game', target);
    expect(init.status).toBe(0);
    expect(readdirSync(target).sort()).toEqual(['coin-race.checks.yaml', 'coin-race.mjs', 'coin-race.test.mjs', 'coin-race.yaml']);
    expect(init.stdout).toContain(target);
    expect(existsSync(join(project, target))).toBe(false);
    // A folder no node_modules above has hordelab in: installing it comes first, from that folder,
    // since npm here would install into this project, which the folder is not in (audit 39c F9).
    // The hordelab installed is the one that ran: the package is not on the npm registry (audit 41a F10: E404).
    expect(init.stdout).toMatch(/Next:\n {2}\(cd \S*coin-race && npm install \S+\) +the game imports it, and no node_modules above \S*coin-race has it\n/);
    expect(init.stdout).toContain(`(cd ${target} && npm install ${HORDELAB_ROOT})`);
  });

  it('says to install hordelab here where this project holds the folder, and not at all inside the hordelab package itself', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'hordelab-init-bare-'));
    writeFileSync(join(bare, 'package.json'), '{ "name": "my-games" }');
    const here = await hordelabIn(bare, 'init', 'game', 'games/coin-race');
    expect(here.status).toBe(0);
    expect(here.stdout).toMatch(new RegExp(`Next:\n {2}npm install ${HORDELAB_ROOT} +the game imports it`));
    // A module inside the hordelab package imports it by its own name (a self-reference).
    const own = mkdtempSync(join(tmpdir(), 'hordelab-init-own-'));
    writeFileSync(join(own, 'package.json'), JSON.stringify({ name: 'hordelab', exports: { '.': './index.js' } }));
    const inside = await hordelabIn(own, 'init', 'game', 'games/coin-race');
    expect(inside.status).toBe(0);
    expect(inside.stdout).not.toContain('npm install');
    // Another package of that name without exports cannot be imported by it.
    writeFileSync(join(own, 'package.json'), JSON.stringify({ name: 'hordelab' }));
    expect((await hordelabIn(own, 'init', 'game', 'games/dice-race')).stdout).toContain(`npm install ${HORDELAB_ROOT}`);
  });

  it('prints steps that run as printed for a folder whose path needs quoting (audit 39c F3)', async () => {
    const init = await hordelabIn(project, 'init', 'game', "my folder/it's/dice-race/");
    expect(init.status).toBe(0);
    // As typed, less the trailing slash.
    expect(init.stdout).toMatch(/^Wrote my folder\/it's\/dice-race\/: /);
    const conform = /^ {2}(npx hordelab conform .*?) {2,}the game keeps the contract$/m.exec(init.stdout)?.[1];
    expect(conform).toBe(`npx hordelab conform 'my folder/it'\\''s/dice-race/dice-race.mjs'`);
    // Pasted into a shell as printed, with npx hordelab standing for this build's CLI.
    const pasted = spawnSync('sh', ['-c', (conform as string).replace('npx hordelab', `"${process.execPath}" "${resolve('dist/src/cli/main.js')}"`)], { cwd: project, encoding: 'utf8' });
    expect(pasted.stderr).toBe('');
    expect(pasted.status).toBe(0);
    const test = /^ {2}(node --test .*?) {2,}the game's own tests$/m.exec(init.stdout)?.[1];
    expect(spawnSync('sh', ['-c', (test as string).replace('node', `"${process.execPath}"`)], { cwd: project, encoding: 'utf8' }).status).toBe(0);
  }, 60_000);

  it('refuses a name too long for the files named after it before writing any, and a path too long as a whole (audit 39c F5)', async () => {
    const long = 'q'.repeat(245);
    const result = await hordelabIn(project, 'init', 'game', long);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`hordelab: <name>: "${long}" is too long: the game's files are named after it, and ${long}.checks.yaml would be 257 bytes, where file systems take 255; expected a shorter name\n`);
    expect(existsSync(join(project, long))).toBe(false);
    const deep = Array.from({ length: 40 }, () => 'd'.repeat(200)).join('/');
    const whole = await hordelabIn(project, 'init', 'game', `${deep}/dice-race`);
    expect(whole.status).toBe(2);
    expect(whole.stderr.trim().split('\n')).toHaveLength(1);
    expect(whole.stderr).toMatch(/^hordelab: <name>: .*too long/);
    expect(existsSync(join(project, 'd'.repeat(200)))).toBe(false);
  });
});
