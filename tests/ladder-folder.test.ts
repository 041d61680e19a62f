/**
 * What `ladder` and `sweep` may replace in their folders (audit 37b H2), a ladder's `--set` of a
 * seat's setting (audit 37b M8), and which commands refuse levels that play alike (audit 37b L10).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, hordelabIn, type CliResult } from './cli-harness.js';
import { MANIFEST_FILE } from '../src/run/output-folder.js';

const SCENARIO = 'game: coin-flip\nmatches: 4\nseed: 1\nseats: [random, random]\n';
let work = '';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-ladder-folder-'));


/** Every file under `dir` with its content. */
const contents = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .sort()
      .filter((name) => statSync(join(dir, name)).isFile())
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

const ladder = (out: string, levels: string, ...more: string[]): Promise<CliResult> => hordelabIn(work, 'ladder', 's.yaml', '--levels', levels, '-n', '4', '-w', '0', '-q', '--out', out, ...more);

/** The folder's mark as an older hordelab wrote it: names only, no digests. */
function dropDigests(dir: string): void {
  const path = join(dir, MANIFEST_FILE);
  const { fileSha256, ...older } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  expect(fileSha256).toBeDefined();
  writeFileSync(path, `${JSON.stringify(older, null, 2)}\n`);
}

beforeAll(() => {
  work = tempDir();
  writeFileSync(join(work, 's.yaml'), SCENARIO);
});

describe("a ladder's levels/ (audit 37b H2)", () => {
  it("refuses a user's own file of a level's name that no ladder wrote, and replaces it with --force", async () => {
    const out = join(tempDir(), 'lad');
    expect((await ladder(out, 'random')).status).toBe(0);
    writeFileSync(join(out, 'levels', 'greedy.yaml'), 'mine\n');
    const before = contents(out);
    expectRefused(await ladder(out, 'random,greedy'), `${out} holds levels/greedy.yaml, named as "hordelab ladder" names its files, but ${MANIFEST_FILE} does not list it as written by hordelab`);
    expect(contents(out)).toEqual(before);
    const forced = await ladder(out, 'random,greedy', '--force');
    expect(forced.status, forced.stderr).toBe(0);
    expect(readFileSync(join(out, 'levels', 'greedy.yaml'), 'utf8')).toContain('game: coin-flip');
    // Written by the ladder now: run again, it is its own.
    expect((await ladder(out, 'random,greedy')).status).toBe(0);
  });

  // A level file the ladder wrote and the user edited since: refused untouched without --force;
  // with it, replaced where this ladder plays that level, and left as edited where it would remove it.
  it.each([
    { what: 'a level this ladder plays, replaced with --force', levels: 'random,greedy', noteKept: false },
    { what: 'an earlier level this ladder would remove, left with --force', levels: 'greedy', noteKept: true },
  ])('refuses an edited level file of $what', async ({ levels, noteKept }) => {
    const out = join(tempDir(), 'lad');
    expect((await ladder(out, 'random,greedy')).status).toBe(0);
    appendFileSync(join(out, 'levels', 'random.yaml'), '# my note\n');
    const before = contents(out);
    expectRefused(await ladder(out, levels), `${out} holds levels/random.yaml, which hordelab wrote but which was changed since`);
    expect(contents(out)).toEqual(before);
    expect((await ladder(out, levels, '--force')).status).toBe(0);
    expect(readFileSync(join(out, 'levels', 'random.yaml'), 'utf8').includes('# my note')).toBe(noteKept);
  });

  it('an unedited earlier level is still removed, and an edited ladder.md is refused too', async () => {
    const out = join(tempDir(), 'lad');
    expect((await ladder(out, 'random,greedy')).status).toBe(0);
    expect((await ladder(out, 'greedy')).status).toBe(0);
    expect(existsSync(join(out, 'levels', 'random.yaml'))).toBe(false);
    appendFileSync(join(out, 'ladder.md'), 'my note\n');
    expectRefused(await ladder(out, 'greedy'), `${out} holds ladder.md, which hordelab wrote but which was changed since`);
  });

  it('a pipe named ladder.json is refused, not read for the earlier levels (it hung the check)', async () => {
    const out = join(tempDir(), 'lad');
    mkdirSync(out);
    expect(spawnSync('mkfifo', [join(out, 'ladder.json')]).status).toBe(0);
    expectRefused(await ladder(out, 'random', '--force'), `${join(out, 'ladder.json')}: is a named pipe, where "hordelab ladder" writes a file`);
  });

  it('a mark written before the digests (names only) is read as before', async () => {
    const out = join(tempDir(), 'lad');
    expect((await ladder(out, 'random')).status).toBe(0);
    dropDigests(out);
    writeFileSync(join(out, 'levels', 'greedy.yaml'), 'mine\n');
    const again = await ladder(out, 'random,greedy');
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8')).fileSha256['levels/greedy.yaml']).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("a sweep's files (audit 37b H2)", () => {
  const sweep = (out: string, ...more: string[]): Promise<CliResult> => hordelabIn(work, 'sweep', 's.yaml', '--vary', 'winRate=0.4,0.6', '-n', '4', '-w', '0', '-q', '--out', out, ...more);

  it('refuses a file it wrote and the user edited since, and replaces it with --force; an older mark is read as before', async () => {
    const out = join(tempDir(), 'sw');
    expect((await sweep(out)).status).toBe(0);
    appendFileSync(join(out, 'sweep.csv'), 'my,row\n');
    const before = contents(out);
    expectRefused(await sweep(out), `${out} holds sweep.csv, which hordelab wrote but which was changed since`);
    expect(contents(out)).toEqual(before);
    expect((await sweep(out, '--force')).status).toBe(0);
    expect(readFileSync(join(out, 'sweep.csv'), 'utf8')).not.toContain('my,row');
    dropDigests(out);
    appendFileSync(join(out, 'sweep.csv'), 'my,row\n');
    expect((await sweep(out)).status).toBe(0);
  });
});

describe("a ladder's seat settings (audit 37b M8)", () => {
  it('refuses --set seatN.<setting>, which no level plays, naming where the setting belongs; nothing written', async () => {
    const out = join(tempDir(), 'lad');
    const refused = await ladder(out, 'random,greedy', '--set', 'seat1.iterations=7');
    expectRefused(refused, "--set seat1.iterations=7: a ladder's seats come from --levels (or the scenario's ladder:), so a seat's setting would not be played; give it in the level, as agent:iterations=7");
    expect(existsSync(out)).toBe(false);
    // A game parameter is still taken.
    expect((await ladder(out, 'random,greedy', '--set', 'winRate=0.6')).status).toBe(0);
  });

  it("refuses a check's seat set: entry beside ladder:, which the levels dropped", async () => {
    writeFileSync(join(work, 'm.yaml'), 'game: coin-flip\nmatches: 4\nseed: 1\nseats: [{agent: mcts, config: {iterations: 5}}, random]\n');
    writeFileSync(
      join(work, 'ladset.checks.yaml'),
      'checks:\n  - name: ls\n    scenario: m.yaml\n    set: [seat1.iterations=7]\n    metric: p1WinRate\n    between: [0.2, 0.95]\n    budget: 4\n    batch: 4\n    ladder: [random, "mcts:iterations=3"]\n',
    );
    expectRefused(await hordelabIn(work, 'check', 'ladset.checks.yaml'), "ladset.checks.yaml: checks[0].set[0] (ls): a ladder's seats come from the check's ladder: list, so a seat's setting would not be played");
  });
});

describe('a level of one agent where every seat keeps its own (audit 38d M3)', () => {
  it('is refused as taking no seat, naming the seats and a per-seat level, not as playing like another level', async () => {
    writeFileSync(join(work, 'sided.yaml'), 'game: survivors\nmatches: 2\nseed: 1\nseats: [survivors-planner, scripted-zombies]\n');
    expectRefused(
      await hordelabIn(work, 'ladder', 'sided.yaml', '--levels', 'random,greedy', '-w', '0', '-q', '--out', join(tempDir(), 'lad')),
      `level "random": takes no seat: every seat of ${join(work, 'sided.yaml')} holds an agent that plays only its own side (survivors-planner for Humans, scripted-zombies for Zombies), which a level of one agent leaves in place; expected per-seat levels, such as random/scripted-zombies`,
    );
    // A one-sided level agent is offered in the seat it plays (review 38g: hunting-zombies/scripted-zombies, refused).
    expectRefused(
      await hordelabIn(work, 'ladder', 'sided.yaml', '--levels', 'hunting-zombies,greedy', '-w', '0', '-q', '--out', join(tempDir(), 'lad')),
      'expected per-seat levels, such as survivors-planner/hunting-zombies',
    );
  });
});

describe('levels that play alike (audit 37b L10)', () => {
  it('are refused by ladder and not by run, as the README says', async () => {
    writeFileSync(join(work, 'alike.yaml'), `${SCENARIO}ladder: [greedy, "greedy:beam=4"]\n`);
    const run = await hordelabIn(work, 'run', 'alike.yaml', '-q', '-w', '0', '--out', join(tempDir(), 'run'));
    expect(run.status, run.stderr).toBe(0);
    expectRefused(await hordelabIn(work, 'ladder', 'alike.yaml', '-w', '0', '-q', '--out', join(tempDir(), 'lad')), 'level "greedy:beam=4" plays as level "greedy"');
    const readme = readFileSync(resolve(__dirname, '..', 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme.includes('repeats a level as written'), 'the README says a list repeating a level as written is refused by every command').toBe(true);
    expect(readme.includes('`run` and `replay` do not'), 'the README says run and replay do not refuse levels that play alike').toBe(true);
  });
});
