/**
 * Output folders are never silently clobbered (issue 13, item 3): what a run may write into,
 * what needs --force or --resume, what is refused untouched, the lock that keeps two runs out of
 * one folder, and publishing that leaves either the old output or the new one. The rules are
 * tested on the module itself and, where a user meets them, through the command line run
 * in-process (`main(argv, io)`, whose messages name folders by their full path); the compiled
 * CLI runs in a child process only where the process is what is tested: a run killed while it
 * holds its folder, a file-size limit, a folder named as typed relative to the shell.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hordelabIn, type CliResult } from './cli-harness.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/errors.js';
import { LOCK_FILE, MANIFEST_FILE, OutputFolder, PUBLISH_FILE, inspectFolder } from '../src/run/output-folder.js';
import { CHECKPOINT_FILE } from '../src/run/journal.js';
import { runKey } from '../src/run/run-key.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { PublishFinished, runScenario } from '../src/index.js';

const CLI = resolve('dist/src/cli/main.js');
let work = '';

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" (npm test does it first)`);
  work = mkdtempSync(join(tmpdir(), 'hordelab-folders-'));
});

/** `hordelab ...args` in-process from `work`: the rules are the command's, not the process's. */
// In this thread unless a test names --workers (see inThisThread in cli-harness.ts).
const hordelab = (...args: string[]): Promise<CliResult> => hordelabIn(work, ...args);

function scenarioFile(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

const SMALL = 'game: zombie-trainers\nmatches: 40\nseed: 11\nparams: { maxRounds: 20 }\nseats: [random, random]\n';

/** Every file under `dir` (recursively) with its bytes: what "untouched" is checked against. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string, prefix: string): void => {
    for (const name of readdirSync(at, { withFileTypes: true })) {
      if (name.isDirectory()) walk(join(at, name.name), `${prefix}${name.name}/`);
      else files[`${prefix}${name.name}`] = readFileSync(join(at, name.name), 'latin1');
    }
  };
  walk(dir, '');
  return files;
}

describe('a run refuses a folder holding anything it did not write', () => {
  it('exits 2 naming the folder and the files, and leaves every file as it was (--out ..)', async () => {
    const parent = join(work, 'project');
    mkdirSync(join(parent, 'runs'), { recursive: true });
    writeFileSync(join(parent, 'notes.md'), 'my notes\n');
    writeFileSync(join(parent, 'matches.csv'), 'my own table\n');
    writeFileSync(join(parent, 'runs', 'keep.txt'), 'keep\n');
    const file = scenarioFile('small.yaml', SMALL);
    const before = snapshot(parent);
    // A child process: the message names the folder as typed (`..`), relative to the shell's folder.
    const result = spawnSync(process.execPath, [CLI, 'run', file, '-q', '--out', '..', '--force'], { cwd: join(parent, 'runs'), encoding: 'utf8' });
    expect(result.status).toBe(2);
    // The user's matches.csv is named too: a name alone, without a mark, is no sign (audit 40c F1).
    expect(result.stderr).toMatch(/--out: \.\. holds files hordelab did not write \(matches\.csv, notes\.md, runs\); write into a new or empty folder/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(snapshot(parent)).toEqual(before);
  });

  it('refuses a file given as the folder, and another scenario\'s run even with --force', async () => {
    const file = scenarioFile('small.yaml', SMALL);
    writeFileSync(join(work, 'a-file'), 'x');
    const onFile = await hordelab('run', file, '-q', '--out', 'a-file');
    expect(onFile.status).toBe(2);
    expect(onFile.stderr).toMatch(/--out: \S*a-file is a file; expected a folder/);
    // A file where a folder on the way should be: named, not an error code.
    const under = await hordelab('run', file, '-q', '--out', join('a-file', 'deeper', 'run'));
    expect([under.status, under.stderr]).toEqual([2, expect.stringMatching(/^hordelab: --out: cannot create \S*a-file\/deeper\/run: \S*a-file is a file, not a folder\n$/)]);
    expect((await hordelab('run', file, '-q', '--out', 'theirs')).status).toBe(0);
    const before = snapshot(join(work, 'theirs'));
    const other = scenarioFile('other.yaml', `name: other\n${SMALL}`);
    const refused = await hordelab('run', other, '-q', '--out', 'theirs', '--force');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/theirs holds the output of scenario "small", not "other"/);
    expect(snapshot(join(work, 'theirs'))).toEqual(before);
  });
});

describe('a folder holding a run of the same scenario', () => {
  it('is replaced only with --force, and then holds exactly the new run', async () => {
    const file = scenarioFile('small.yaml', SMALL);
    // The first run leaves files the second does not write: shard.json, no catches.csv.
    expect((await hordelab('run', file, '-q', '--shard', '0/2', '--no-event-files', '--out', 'again')).status).toBe(0);
    const before = snapshot(join(work, 'again'));
    const refused = await hordelab('run', file, '-q', '--out', 'again');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--out: \S*again holds a finished run of "small"; pass --force to replace it/);
    expect(snapshot(join(work, 'again'))).toEqual(before);
    expect((await hordelab('run', file, '-q', '--out', 'again', '--force')).status).toBe(0);
    expect(readdirSync(join(work, 'again')).sort()).toEqual([MANIFEST_FILE, 'catches.csv', 'matches.csv', 'summary.json']);
    expect(readFileSync(join(work, 'again', 'matches.csv'), 'utf8').trim().split('\n')).toHaveLength(41);
    expect(JSON.parse(readFileSync(join(work, 'again', MANIFEST_FILE), 'utf8'))).toMatchObject({ kind: 'run', scenario: 'small', status: 'complete', files: ['matches.csv', 'catches.csv', 'summary.json'] });
  });

  it('asks for --resume or --force when the run there is unfinished', async () => {
    const file = scenarioFile('long.yaml', 'game: zombie-trainers\nmatches: 20000\nseed: 3\nparams: { maxRounds: 10 }\nseats: [random, random]\n');
    const child = spawn(process.execPath, [CLI, 'run', file, '-q', '--workers', '1', '--chunk-size', '20', '--out', 'unfinished'], { cwd: work, stdio: 'ignore' });
    await until(() => existsSync(join(work, 'unfinished', '.hordelab-checkpoint.json')));
    child.kill('SIGKILL');
    await new Promise((done) => child.on('exit', done));
    const refused = await hordelab('run', file, '-q', '--out', 'unfinished');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/unfinished holds an unfinished run of "long": continue it with --resume, or start again with --force/);
    const both = await hordelab('run', file, '-q', '--out', 'unfinished', '--resume', '--force');
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/--force: give either --resume/);
    // A damaged checkpoint still marks the run unfinished: a plain run must not start afresh
    // over the matches played, and --resume says to start again with --force.
    const checkpoint = join(work, 'unfinished', '.hordelab-checkpoint.json');
    const played = readFileSync(join(work, 'unfinished', 'matches.csv.tmp'), 'utf8');
    for (const damage of ['x', readFileSync(checkpoint, 'utf8').slice(0, 40)]) {
      writeFileSync(checkpoint, damage);
      const plain = await hordelab('run', file, '-q', '--out', 'unfinished');
      expect([plain.status, plain.stderr]).toEqual([2, expect.stringMatching(/unfinished holds an unfinished run of "long": continue it with --resume, or start again with --force/)]);
      const resumed = await hordelab('run', file, '-q', '--out', 'unfinished', '--resume');
      expect([resumed.status, resumed.stderr]).toEqual([2, expect.stringMatching(/is damaged \(.*\); the run cannot be resumed: run it afresh with --force\n$/)]);
      expect(readFileSync(join(work, 'unfinished', 'matches.csv.tmp'), 'utf8')).toBe(played);
    }
  });
});

describe('the lock', () => {
  it('makes a second run into the same folder fail at once, naming the first; a dead holder\'s lock is taken over', async () => {
    const file = scenarioFile('long.yaml', 'game: zombie-trainers\nmatches: 20000\nseed: 3\nparams: { maxRounds: 10 }\nseats: [random, random]\n');
    const first = spawn(process.execPath, [CLI, 'run', file, '-q', '--workers', '1', '--chunk-size', '20', '--out', 'locked'], { cwd: work, stdio: 'ignore' });
    await until(() => existsSync(join(work, 'locked', '.hordelab-checkpoint.json')));
    const second = await hordelab('run', file, '-q', '--out', 'locked', '--force');
    expect(second.status).toBe(2);
    expect(second.stderr).toContain(`locked is in use by another hordelab (pid ${first.pid}, since `);
    first.kill('SIGKILL');
    await new Promise((done) => first.on('exit', done));
    // The killed run left its lock: its process is gone, so the resume takes it over.
    expect(existsSync(join(work, 'locked', LOCK_FILE))).toBe(true);
    const resumed = await hordelab('run', file, '-q', '--workers', '2', '--out', 'locked', '--resume');
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    expect(existsSync(join(work, 'locked', LOCK_FILE))).toBe(false);
  });
});

describe("a user's file named as Hordelab names its own", () => {
  it('beside a finished run is refused by --force, not deleted or overwritten', async () => {
    const file = scenarioFile('named.yaml', SMALL);
    expect((await hordelab('run', file, '-q', '--out', 'named', '--no-event-files')).status).toBe(0);
    for (const name of ['report.md', 'errors.csv', 'catches.csv', 'metrics.csv']) {
      writeFileSync(join(work, 'named', name), `my ${name}\n`);
      const before = snapshot(join(work, 'named'));
      const again = await hordelab('run', file, '-q', '--out', 'named', '--force', '--report', 'md');
      expect([again.status, again.stderr]).toEqual([2, expect.stringContaining(`named holds files hordelab did not write (${name})`)]);
      expect(snapshot(join(work, 'named'))).toEqual(before);
      rmSync(join(work, 'named', name));
    }
    // Its own pages it knows again: the compare page another command left in the run.
    expect((await hordelab('run', file, '-q', '--out', 'named-base', '--no-event-files')).status).toBe(0);
    expect((await hordelab('compare', 'named-base', 'named', '--format', 'html')).status).toBe(0);
    expect((await hordelab('run', file, '-q', '--out', 'named', '--force')).status).toBe(0);
    expect(existsSync(join(work, 'named', 'compare.html'))).toBe(false);
  });
});

describe('a run folder without its mark (copied without hidden files, or the mark damaged)', () => {
  it("keeps the files its content shows are hordelab's, and refuses a user's file of a run's name: run --force and merge --force (audit 40c F1: both deleted report.md and errors.csv, exit 0)", async () => {
    const file = scenarioFile('unmarked.yaml', SMALL);
    for (const shard of ['0/2', '1/2']) expect((await hordelab('run', file, '-q', '--shard', shard, '--out', `unmarked-${shard[0]}`)).status).toBe(0);
    expect((await hordelab('run', file, '-q', '--out', 'unmarked-source')).status).toBe(0);
    const source = join(work, 'unmarked-source');
    const copy = join(work, 'unmarked');
    mkdirSync(copy);
    // As `cp source/* copy/` copies it: the hidden mark stays behind.
    for (const name of readdirSync(source).filter((entry) => !entry.startsWith('.'))) writeFileSync(join(copy, name), readFileSync(join(source, name)));
    writeFileSync(join(copy, 'report.md'), 'my notes on this run\n');
    writeFileSync(join(copy, 'errors.csv'), 'match,why\n');
    const before = snapshot(copy);
    const refusal = `--out: ${copy} holds errors.csv, report.md, named as hordelab names its files, but nothing shows hordelab wrote them: no ${MANIFEST_FILE} of this folder lists them (a copy that leaves out hidden files loses it), and their content does not show it; move them out of the folder, or write into a new or empty folder\n`;
    const forced = await hordelab('run', file, '-q', '--out', 'unmarked', '--force');
    expect([forced.status, forced.stderr]).toEqual([2, `hordelab: ${refusal}`]);
    const merged = await hordelab('merge', 'unmarked-0', 'unmarked-1', '--out', 'unmarked', '--force', '-q');
    expect([merged.status, merged.stderr]).toEqual([2, `hordelab: ${refusal}`]);
    expect(snapshot(copy)).toEqual(before);
    // A damaged mark says no more than none.
    writeFileSync(join(copy, MANIFEST_FILE), '{');
    const damaged = await hordelab('run', file, '-q', '--out', 'unmarked', '--force');
    expect([damaged.status, damaged.stderr]).toEqual([2, expect.stringContaining(`${copy} holds errors.csv, report.md, named as hordelab names its files, but nothing shows hordelab wrote them`)]);
    expect(readFileSync(join(copy, 'report.md'), 'utf8')).toBe('my notes on this run\n');
    // The run's own files, known by their content (the tables' headers, the summary), are replaced.
    for (const name of ['report.md', 'errors.csv', MANIFEST_FILE]) rmSync(join(copy, name));
    expect((await hordelab('merge', 'unmarked-0', 'unmarked-1', '--out', 'unmarked', '--force', '-q')).status).toBe(0);
    rmSync(join(copy, MANIFEST_FILE));
    expect((await hordelab('run', file, '-q', '--out', 'unmarked', '--force')).status).toBe(0);
    expect(readdirSync(copy).sort()).toEqual([MANIFEST_FILE, 'catches.csv', 'matches.csv', 'summary.json']);
  });

  it("refuses a user's report.md beside an interrupted run whose mark is gone, on --resume (audit 40c F1), and a lost checkpoint is not resumed (audit 40c F5)", async () => {
    const file = scenarioFile('stopped-unmarked.yaml', 'game: zombie-trainers\nmatches: 20000\nseed: 3\nparams: { maxRounds: 10 }\nseats: [random, random]\n');
    const dir = join(work, 'stopped-unmarked');
    const child = spawn(process.execPath, [CLI, 'run', file, '-q', '--workers', '1', '--chunk-size', '20', '--out', 'stopped-unmarked'], { cwd: work, stdio: 'ignore' });
    await until(() => existsSync(join(dir, CHECKPOINT_FILE)));
    child.kill('SIGINT');
    await new Promise((done) => child.on('exit', done));
    expect(JSON.parse(readFileSync(join(dir, CHECKPOINT_FILE), 'utf8')).location).toBe('final');
    const lost = join(work, 'stopped-lost');
    cpSync(dir, lost, { recursive: true });
    rmSync(join(dir, MANIFEST_FILE));
    writeFileSync(join(dir, 'report.md'), 'my notes\n');
    const before = snapshot(dir);
    const resumed = await hordelab('run', file, '-q', '--workers', '1', '--out', 'stopped-unmarked', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([2, expect.stringContaining(`--resume: ${dir} holds report.md, named as hordelab names its files, but nothing shows hordelab wrote it`)]);
    // A resume cannot go to another folder: it is told what to move (audit 30a).
    expect(resumed.stderr).toMatch(/and its content does not show it; move it out of the folder, then resume\n$/);
    expect(snapshot(dir)).toEqual(before);
    // Its checkpoint removed, the run cannot be resumed: the refusal does not offer --resume.
    rmSync(join(lost, CHECKPOINT_FILE));
    const plain = await hordelab('run', file, '-q', '--out', 'stopped-lost');
    expect([plain.status, plain.stderr]).toEqual([2, `hordelab: --out: ${lost} holds an unfinished run of "stopped-unmarked" without the checkpoint to resume it from: start it again with --force\n`]);
    expect((await hordelab('run', file, '-q', '--out', 'stopped-lost', '--resume')).stderr).toContain('without the checkpoint to resume it from');
  });
});

describe('a mark that is not the record of its folder', () => {
  it("is not trusted by name: one copied from another run, one edited to list a user's file, one whose summary.json was changed since (audit 40c F2)", async () => {
    const file = scenarioFile('marked.yaml', SMALL);
    expect((await hordelab('run', file, '-q', '--out', 'marked')).status).toBe(0);
    const source = join(work, 'marked');
    // A user's matches.csv beside a mark copied from the run: the mark records a summary.json the folder does not hold.
    const copied = join(work, 'marked-copied');
    mkdirSync(copied);
    writeFileSync(join(copied, 'matches.csv'), 'my,data\n');
    writeFileSync(join(copied, MANIFEST_FILE), readFileSync(join(source, MANIFEST_FILE)));
    const overCopied = await hordelab('run', file, '-q', '--out', 'marked-copied', '--force');
    expect([overCopied.status, overCopied.stderr]).toEqual([2, expect.stringContaining(`${copied} holds matches.csv, named as hordelab names its files, but nothing shows hordelab wrote it`)]);
    expect(readFileSync(join(copied, 'matches.csv'), 'utf8')).toBe('my,data\n');
    // A summary.json changed since the run wrote it is the user's now.
    const edited = join(work, 'marked-edited');
    cpSync(source, edited, { recursive: true });
    const summary = JSON.parse(readFileSync(join(edited, 'summary.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(edited, 'summary.json'), JSON.stringify({ ...summary, note: 'mine' }));
    const before = snapshot(edited);
    const overEdited = await hordelab('run', file, '-q', '--out', 'marked-edited', '--force');
    expect([overEdited.status, overEdited.stderr]).toEqual([2, `hordelab: --out: ${edited} holds summary.json, which hordelab wrote but which was changed since (${MANIFEST_FILE} records other content); move it out of the folder, or write into a new or empty folder\n`]);
    expect(snapshot(edited)).toEqual(before);
    // Reformatted, it is the same content: replaced.
    writeFileSync(join(edited, 'summary.json'), JSON.stringify(summary));
    expect((await hordelab('run', file, '-q', '--out', 'marked-edited', '--force')).status).toBe(0);
  });
});

describe("a user's file beside a run killed before it first published (a checkpoint, working files, no manifest)", () => {
  it('is refused by --resume and --force, not deleted or overwritten (audit 36b: a resume deleted report.md and replaced summary.json, exit 0)', async () => {
    const file = scenarioFile('killed-named.yaml', 'game: zombie-trainers\nmatches: 20000\nseed: 3\nparams: { maxRounds: 10 }\nseats: [random, random]\n');
    const dir = join(work, 'killed-named');
    const first = spawn(process.execPath, [CLI, 'run', file, '-q', '--workers', '1', '--chunk-size', '20', '--out', 'killed-named'], { cwd: work, stdio: 'ignore' });
    await until(() => existsSync(join(dir, '.hordelab-checkpoint.json')));
    first.kill('SIGKILL');
    await new Promise((done) => first.on('exit', done));
    expect(existsSync(join(dir, MANIFEST_FILE))).toBe(false);
    for (const name of ['report.md', 'summary.json', 'matches.csv']) {
      writeFileSync(join(dir, name), `my ${name}\n`);
      const before = snapshot(dir);
      for (const flag of ['--resume', '--force']) {
        const again = await hordelab('run', file, '-q', '--workers', '1', '--out', 'killed-named', flag);
        expect([again.status, again.stderr]).toEqual([2, expect.stringContaining(`killed-named holds files hordelab did not write (${name})`)]);
        expect(snapshot(dir)).toEqual(before);
      }
      // A resume cannot go to another folder: it is told what to move (review 36e: "write into a new or empty folder").
      expect((await hordelab('run', file, '-q', '--workers', '1', '--out', 'killed-named', '--resume')).stderr).toContain(`(${name}) beside its own; move them out of the folder, then resume`);
      rmSync(join(dir, name));
    }
    // Its own working files alone: the resume takes them, and finishes the run.
    const resumed = await hordelab('run', file, '-q', '--workers', '1', '--out', 'killed-named', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([0, '']);
  });

  it('beside an earlier output of Hordelab copied without its mark, a killed --force over it is resumed, or forced again (review 36e: both were refused)', async () => {
    const file = scenarioFile('copied-force.yaml', 'game: zombie-trainers\nmatches: 20000\nseed: 3\nparams: { maxRounds: 10 }\nseats: [random, random]\n');
    expect((await hordelab('run', file, '-q', '--no-event-files', '-n', '50', '--out', 'copied-source')).status).toBe(0);
    const dir = join(work, 'copied');
    mkdirSync(dir);
    // As `cp source/* copied/` copies it: the hidden mark stays behind.
    for (const name of readdirSync(join(work, 'copied-source')).filter((entry) => !entry.startsWith('.'))) writeFileSync(join(dir, name), readFileSync(join(work, 'copied-source', name)));
    const first = spawn(process.execPath, [CLI, 'run', file, '-q', '--workers', '1', '--chunk-size', '20', '--out', 'copied', '--force'], { cwd: work, stdio: 'ignore' });
    await until(() => existsSync(join(dir, '.hordelab-checkpoint.json')));
    first.kill('SIGKILL');
    await new Promise((done) => first.on('exit', done));
    expect(existsSync(join(dir, MANIFEST_FILE))).toBe(false);
    const resumed = await hordelab('run', file, '-q', '--workers', '1', '--out', 'copied', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([0, '']);
  });
});

describe("a user's file beside a run stopped with Ctrl-C (its files published, its checkpoint kept)", () => {
  it('is refused by --force and --resume unless it holds the bytes the checkpoint recorded', async () => {
    const file = scenarioFile('interrupted.yaml', 'game: zombie-trainers\nmatches: 20000\nseed: 3\nparams: { maxRounds: 10 }\nseats: [random, random]\n');
    const child = spawn(process.execPath, [CLI, 'run', file, '-q', '--workers', '1', '--chunk-size', '20', '--out', 'interrupted'], { cwd: work, stdio: 'ignore' });
    await until(() => existsSync(join(work, 'interrupted', '.hordelab-checkpoint.json')));
    child.kill('SIGINT');
    await new Promise((done) => child.on('exit', done));
    const dir = join(work, 'interrupted');
    expect(JSON.parse(readFileSync(join(dir, '.hordelab-checkpoint.json'), 'utf8')).location).toBe('final');
    // errors.csv was never published (no errors); the others are named as the run's working files.
    for (const name of ['errors.csv', 'matches.csv.tmp', 'summary.json.tmp']) {
      writeFileSync(join(dir, name), 'mine\n');
      const before = snapshot(dir);
      for (const flag of ['--force', '--resume']) {
        const refused = await hordelab('run', file, '-q', '--out', 'interrupted', flag);
        // A resume is told to move the file out, not to write elsewhere (audit 30a).
        const advice = flag === '--resume' ? `hordelab: --resume: ${dir} holds files hordelab did not write (${name}) beside its own; move them out of the folder, then resume\n` : expect.stringContaining(`interrupted holds files hordelab did not write (${name}); write into a new or empty folder`);
        expect([refused.status, refused.stderr]).toEqual([2, advice]);
      }
      expect(snapshot(dir)).toEqual(before);
      rmSync(join(dir, name));
    }
    // Its own published files still resume.
    const resumed = await hordelab('run', file, '-q', '--workers', '2', '--out', 'interrupted', '--resume', '--matches', '20000');
    expect([resumed.status, resumed.stderr]).toEqual([0, '']);
  });
});

describe("a user's file named as a command's temporary file", () => {
  it('is refused by report, with --force too, and left as it was', async () => {
    const file = scenarioFile('tmp-named.yaml', SMALL);
    expect((await hordelab('run', file, '-q', '--out', 'tmp-named', '--no-event-files')).status).toBe(0);
    writeFileSync(join(work, 'tmp-named', 'report.md.tmp'), 'mine\n');
    const before = snapshot(join(work, 'tmp-named'));
    for (const force of [[], ['--force']]) {
      const refused = await hordelab('report', 'tmp-named', ...force);
      expect([refused.status, refused.stderr]).toEqual([2, expect.stringMatching(/tmp-named holds report\.md\.tmp, which "hordelab report" would write its file through; move it away/)]);
    }
    expect(snapshot(join(work, 'tmp-named'))).toEqual(before);
  });
});

describe('temporary files', () => {
  const RUN_NAMES = { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames: ['matches.csv', 'summary.json'] } as const;
  /** A lock left by a process that is gone: one that has run and ended. */
  const deadLock = JSON.stringify({ pid: spawnSync('true').pid, host: hostname(), started: '2026-12-01T00:00:00.000Z', command: 'hordelab run s.yaml' });

  it("are someone else's where no killed run left its lock: refused, and left as they were", async () => {
    const dir = join(work, 'user-tmp');
    mkdirSync(dir);
    writeFileSync(join(dir, 'matches.csv.tmp'), 'my notes\n');
    expect(() => OutputFolder.claim(dir, RUN_NAMES)).toThrow(/matches\.csv\.tmp/);
    expect(() => OutputFolder.claim(dir, { ...RUN_NAMES, force: true })).toThrow(/matches\.csv\.tmp/);
    const file = scenarioFile('user-tmp.yaml', SMALL);
    const refused = await hordelab('run', file, '-q', '--out', 'user-tmp', '--force');
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringContaining('matches.csv.tmp')]);
    expect(snapshot(dir)).toEqual({ 'matches.csv.tmp': 'my notes\n' });
  });

  it("are a killed run's beside its lock: taken over, and the lock put back when the claim is refused", () => {
    const dir = join(work, 'killed-tmp');
    mkdirSync(dir);
    writeFileSync(join(dir, 'matches.csv.tmp'), 'half a run\n');
    writeFileSync(join(dir, LOCK_FILE), deadLock);
    const longAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(join(dir, LOCK_FILE), longAgo, longAgo);
    // A finished output beside them: a plain run is refused (it needs --force) ...
    writeFileSync(join(dir, 'summary.json'), JSON.stringify({ hordelab: { version: '0.1.0' }, scenario: { name: 's' }, run: { status: 'complete' } }));
    expect(() => OutputFolder.claim(dir, RUN_NAMES)).toThrow(/--force/);
    // ... and the dead process's lock is back as it was, so --force still knows the files.
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(deadLock);
    expect(Math.abs(statSync(join(dir, LOCK_FILE)).mtimeMs - longAgo.getTime())).toBeLessThan(1000);
    const folder = OutputFolder.claim(dir, { ...RUN_NAMES, force: true });
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    // Let go with nothing written, the dead process's lock goes back too (audit 27b): its files are still there.
    folder.release();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(deadLock);
    // Once the claim writes, the files it left are this claim's: no lock put back.
    const writing = OutputFolder.claim(dir, { ...RUN_NAMES, force: true });
    writing.writeTemp('matches.csv', 'a new run\n');
    writing.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("of a run killed before its first checkpoint stay a killed run's after a refused --resume: --force then replaces them (audit 27b)", async () => {
    const file = scenarioFile('killed-early.yaml', SMALL);
    const dir = join(work, 'killed-early');
    mkdirSync(dir);
    writeFileSync(join(dir, 'matches.csv.tmp'), 'half a run\n');
    writeFileSync(join(dir, 'errors.csv.tmp'), '');
    writeFileSync(join(dir, LOCK_FILE), deadLock);
    const resumed = await hordelab('run', file, '-q', '--out', 'killed-early', '--resume');
    expect([resumed.status, resumed.stderr]).toEqual([2, expect.stringContaining('killed-early holds no interrupted run to resume; run without --resume')]);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(deadLock);
    const replaced = await hordelab('run', file, '-q', '--out', 'killed-early', '--force');
    expect([replaced.status, replaced.stderr]).toEqual([0, '']);
    expect(existsSync(join(dir, 'summary.json'))).toBe(true);
    expect(existsSync(join(dir, 'matches.csv.tmp'))).toBe(false);
  });
});

describe('a lock from another host', () => {
  it('is reported while it is refreshed, and taken over once it has not been for 10 minutes', () => {
    const dir = join(work, 'shared-volume');
    mkdirSync(dir);
    const lock = join(dir, LOCK_FILE);
    writeFileSync(lock, JSON.stringify({ pid: 4242, host: 'pod-7', started: '2026-12-01T00:00:00.000Z', command: 'hordelab run x.yaml' }));
    const options = { flag: '--out', kind: 'run', scenario: 's', force: false } as const;
    expect(() => OutputFolder.claim(dir, options)).toThrow(/shared-volume is in use by another hordelab \(pid 4242 on pod-7, since 2026-12-01T00:00:00\.000Z: hordelab run x\.yaml\)/);
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    utimesSync(lock, elevenMinutesAgo, elevenMinutesAgo);
    const folder = OutputFolder.claim(dir, options);
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    folder.release();
    expect(existsSync(lock)).toBe(false);
  });
});

describe('pages written beside a run', () => {
  it('of a run still being played say so, not that it stopped and wants --resume (audit 26b)', async () => {
    const dir = join(work, 'playing');
    mkdirSync(dir);
    writeFileSync(join(dir, CHECKPOINT_FILE), '{}');
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 4242, host: 'pod-7', started: '2026-12-01T00:00:00.000Z', command: 'hordelab run x.yaml' }));
    const before = snapshot(dir);
    const reading = await hordelab('report', 'playing');
    expect([reading.status, reading.stderr]).toEqual([2, expect.stringMatching(/^hordelab: .*playing: still being written \(by hordelab pid 4242 on pod-7, since 2026-12-01T00:00:00\.000Z: hordelab run x\.yaml\); read the folder when that command has ended\n$/)]);
    expect(snapshot(dir)).toEqual(before);
    // Before its first checkpoint, its lock alone says so (review 26c: "no summary.json here").
    const early = join(work, 'playing-early');
    mkdirSync(early);
    writeFileSync(join(early, LOCK_FILE), JSON.stringify({ pid: 4242, host: 'pod-7', started: '2026-12-01T00:00:00.000Z', command: 'hordelab run x.yaml' }));
    expect((await hordelab('compare', 'playing-early', 'playing-early')).stderr).toContain('still being written (by hordelab pid 4242 on pod-7');
    // A lock file that is not one names no process (review 26d).
    writeFileSync(join(early, LOCK_FILE), '{}');
    expect((await hordelab('report', 'playing-early')).stderr).toContain('no summary.json here');
    // Its process gone (a lock from another host not refreshed for 10 minutes): a stopped run, which --resume finishes.
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    utimesSync(join(dir, LOCK_FILE), elevenMinutesAgo, elevenMinutesAgo);
    expect((await hordelab('report', 'playing')).stderr).toContain('a run that stopped before it wrote its summary.json');
  });

  it('are refused while another hordelab holds the folder (its publish would remove them), and written once its lock is stale, the lock put back', async () => {
    const file = scenarioFile('paged.yaml', SMALL);
    expect((await hordelab('run', file, '-q', '--out', 'paged')).status).toBe(0);
    const lock = join(work, 'paged', LOCK_FILE);
    const held = JSON.stringify({ pid: 4242, host: 'pod-7', started: '2026-12-01T00:00:00.000Z', command: 'hordelab run x.yaml --force' });
    writeFileSync(lock, held);
    const before = snapshot(join(work, 'paged'));
    const refused = await hordelab('report', 'paged');
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringMatching(/^hordelab: \S*paged: .*paged is in use by another hordelab \(pid 4242 on pod-7, .*\n$/)]);
    expect(snapshot(join(work, 'paged'))).toEqual(before);
    // compare's page goes into the run's folder by default: the same.
    expect((await hordelab('run', file, '-q', '--seed', '2', '--out', 'paged-base')).status).toBe(0);
    const compared = await hordelab('compare', 'paged-base', 'paged', '--format', 'html');
    expect([compared.status, compared.stderr]).toEqual([2, expect.stringMatching(/^hordelab: <run>: .*paged is in use by another hordelab \(pid 4242 on pod-7, .*\n$/)]);
    expect(snapshot(join(work, 'paged'))).toEqual(before);
    // A lock not refreshed for 10 minutes is a gone holder's: the pages are written, and its lock
    // is left as it was where it marks that holder's working files, and not where it marks none
    // (review 27c: put back after every command, it refused the folder once its pid was another's).
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    utimesSync(lock, elevenMinutesAgo, elevenMinutesAgo);
    writeFileSync(join(work, 'paged', 'matches.csv.tmp'), 'the gone holder\'s\n');
    const written = await hordelab('report', 'paged', '--format', 'md');
    expect([written.status, written.stderr]).toEqual([0, '']);
    expect(existsSync(join(work, 'paged', 'report.md'))).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(held);
    rmSync(join(work, 'paged', 'matches.csv.tmp'));
    utimesSync(lock, elevenMinutesAgo, elevenMinutesAgo);
    expect((await hordelab('report', 'paged', '--format', 'md')).status).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });
});

describe('sweep, tune, ladder and cards hold their folder while they play', () => {
  const held = JSON.stringify({ pid: 4242, host: 'pod-7', started: '2026-12-01T00:00:00.000Z', command: 'hordelab sweep x.yaml' });
  const commands: readonly (readonly [string, (file: string, duel: string, out: string) => string[]])[] = [
    ['sweep', (file, _duel, out) => ['sweep', file, '--vary', 'actionPoints=3,4', '-n', '4', '-q', '--out', out]],
    ['tune', (file, _duel, out) => ['tune', file, '--target', 'p1WinRate=0.5', '--space', 'actionPoints=3..4', '--budget', '120', '--confirm', '10', '-q', '--out', out]],
    ['ladder', (file, _duel, out) => ['ladder', file, '--levels', 'random,greedy', '-n', '4', '-q', '--out', out]],
    ['cards', (_file, duel, out) => ['cards', duel, '-n', '4', '-q', '--out', out]],
  ];

  it.each(commands)('%s: a folder another hordelab holds is refused untouched; its own lock is gone once it is done', async (command, argv) => {
    const file = scenarioFile(`held-${command}.yaml`, SMALL);
    const duel = scenarioFile(`held-${command}-duel.yaml`, 'game: integer-duel\nmatches: 4\nseed: 3\nseats: [random, random]\n');
    const dir = join(work, `held-${command}`);
    mkdirSync(dir);
    writeFileSync(join(dir, LOCK_FILE), held);
    const before = snapshot(dir);
    const refused = await hordelab(...argv(file, duel, `held-${command}`));
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringMatching(new RegExp(`^hordelab: --out: .*held-${command} is in use by another hordelab \\(pid 4242 on pod-7, .*\n$`))]);
    expect(snapshot(dir)).toEqual(before);
    rmSync(join(dir, LOCK_FILE));
    const done = await hordelab(...argv(file, duel, `held-${command}`));
    expect([done.status, done.stderr]).toEqual([0, '']);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect(existsSync(join(dir, MANIFEST_FILE))).toBe(true);
  });

  it('report --out: a folder another hordelab holds is refused untouched, --force or not (audit 27b: it wrote into a live run)', async () => {
    const file = scenarioFile('held-report.yaml', SMALL);
    expect((await hordelab('run', file, '-q', '--out', 'held-report-run')).status).toBe(0);
    const dir = join(work, 'held-report');
    mkdirSync(dir);
    writeFileSync(join(dir, LOCK_FILE), held);
    const before = snapshot(dir);
    const refused = await hordelab('report', 'held-report-run', '--out', 'held-report', '--force');
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringMatching(/^hordelab: --out: .*held-report is in use by another hordelab \(pid 4242 on pod-7, .*\n$/)]);
    expect(snapshot(dir)).toEqual(before);
  });

  it("a dead command's lock is taken over, and not put back where it marks no working files (review 27c: it was rewritten after every command, and refused the folder once its pid was another's)", async () => {
    const file = scenarioFile('dead-sweep.yaml', SMALL);
    const dir = join(work, 'dead-sweep');
    mkdirSync(dir);
    const dead = JSON.stringify({ pid: spawnSync('true').pid, host: hostname(), started: '2026-12-01T00:00:00.000Z', command: 'hordelab sweep x.yaml' });
    writeFileSync(join(dir, LOCK_FILE), dead);
    const swept = await hordelab('sweep', file, '--vary', 'actionPoints=3,4', '-n', '4', '-q', '--out', 'dead-sweep');
    expect([swept.status, swept.stderr]).toEqual([0, '']);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("a killed run's lock goes back beside its working files when a command that took it over is stopped by Ctrl-C (review 27c)", async () => {
    const file = scenarioFile('dead-run.yaml', 'game: zombie-trainers\nmatches: 200000\nseed: 3\nseats: [random, random]\n');
    const dir = join(work, 'dead-run');
    mkdirSync(dir);
    const dead = JSON.stringify({ pid: spawnSync('true').pid, host: hostname(), started: '2026-12-01T00:00:00.000Z', command: 'hordelab run dead-run.yaml' });
    writeFileSync(join(dir, LOCK_FILE), dead);
    writeFileSync(join(dir, 'matches.csv.tmp'), 'half a run\n');
    const sweep = spawn(process.execPath, [CLI, 'sweep', file, '--vary', 'actionPoints=3,4', '-q', '-w', '0', '--out', 'dead-run', '--force'], { cwd: work, stdio: 'ignore' });
    await until(() => existsSync(join(dir, LOCK_FILE)) && readFileSync(join(dir, LOCK_FILE), 'utf8').includes(`"pid":${sweep.pid}`));
    sweep.kill('SIGINT');
    const code = await new Promise((done) => sweep.on('exit', done));
    expect(code).toBe(130);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(dead);
    // So the run it marks is still a killed run's: --force replaces it.
    const replaced = await hordelab('run', file, '-q', '-n', '10', '--out', 'dead-run', '--force');
    expect([replaced.status, replaced.stderr]).toEqual([0, '']);
  });

  it('an --out that is a link to nothing is named as such (review 27c: "EEXIST: file already exists")', async () => {
    const file = scenarioFile('dangling.yaml', SMALL);
    symlinkSync(join(work, 'nowhere'), join(work, 'dangling-out'));
    const refused = await hordelab('sweep', file, '--vary', 'actionPoints=3,4', '-n', '4', '--out', 'dangling-out');
    expect([refused.status, refused.stderr]).toEqual([2, `hordelab: --out: ${join(work, 'dangling-out')} is a link to ${join(work, 'nowhere')}, which does not exist; expected a folder, or a link to one\n`]);
  });

  it('a folder made for the command is removed again, with the folders made above it, when the command stops on bad input', async () => {
    const file = scenarioFile('held-ladder-bad.yaml', SMALL);
    // An unknown agent is found once the levels are read, after the folder was taken.
    const refused = await hordelab('ladder', file, '--levels', 'random,bogus', '-n', '4', '-q', '--out', 'made/for/ladder');
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringContaining('unknown agent "bogus"')]);
    expect(existsSync(join(work, 'made'))).toBe(false);
  });
});

describe('publishing', () => {
  it('leaves the old complete run when the new one dies while writing (a file-size limit standing in for a full disk)', async () => {
    const file = scenarioFile('grow.yaml', SMALL.replace('matches: 40', 'matches: 3000'));
    expect((await hordelab('run', file, '-q', '--matches', '20', '--out', 'old-run')).status).toBe(0);
    const before = snapshot(join(work, 'old-run'));
    // 64 blocks of 512 bytes: the new run's matches.csv.tmp passes that limit long before it ends.
    const limited = spawnSync('sh', ['-c', `ulimit -f 64; exec "${process.execPath}" "${CLI}" run "${file}" -q --workers 1 --out old-run --force`], { cwd: work, encoding: 'utf8', timeout: 120_000 });
    // The machine's limit, not a bug: exit 2, one line naming the file, no stack (audit 38b: a
    // write to an open file named none, and the line said "cannot write its output").
    expect([limited.status, limited.stderr]).toEqual([2, expect.stringMatching(/^hordelab: cannot write old-run\/(matches|catches)\.csv: the file is past the size this process may write \(EFBIG\); raise the limit \(ulimit -f\), or play fewer matches\n$/)]);
    const after = snapshot(join(work, 'old-run'));
    for (const name of ['matches.csv', 'catches.csv', 'summary.json', MANIFEST_FILE]) expect(after[name], name).toBe(before[name]);
  });

  it('completes a publish that was cut short, at the next claim', () => {
    const dir = join(work, 'half-published');
    const first = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames: ['matches.csv', 'catches.csv', 'summary.json'] });
    first.writeTemp('matches.csv', 'old rows\n');
    first.writeTemp('catches.csv', 'old catches\n');
    first.writeTemp('summary.json', '{"old":true}\n');
    first.publish(['matches.csv', 'catches.csv', 'summary.json'], 'complete');
    first.release();
    // A replacing publish killed right after its first rename: its journal and the rest of its
    // temporary files are on disk, the old summary still in place.
    writeFileSync(join(dir, 'matches.csv.tmp'), 'new rows\n');
    writeFileSync(join(dir, 'summary.json.tmp'), '{"new":true}\n');
    writeFileSync(
      join(dir, PUBLISH_FILE),
      JSON.stringify({
        renames: [
          ['matches.csv.tmp', 'matches.csv'],
          ['summary.json.tmp', 'summary.json'],
        ],
        remove: ['catches.csv'],
        manifest: { hordelab: 1, kind: 'run', scenario: 's', status: 'complete', files: ['matches.csv', 'summary.json'] },
      }),
    );
    renameSync(join(dir, 'matches.csv.tmp'), join(dir, 'matches.csv'));
    // --force for another scenario, or another command, would finish the publish and then refuse
    // the folder it made: refused first, nothing changed.
    const before = snapshot(dir);
    expect(() => OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 't', force: true })).toThrow(
      `--out: ${dir} holds the output of scenario "s", not "t"; write into a new or empty folder (or delete that one yourself); its publish was cut short, and nothing was changed`,
    );
    expect(() => OutputFolder.claim(dir, { flag: '--out', kind: 'sweep', scenario: 's', force: true })).toThrow(`${dir} holds the output of hordelab run or merge`);
    expect(snapshot(dir)).toEqual(before);
    const next = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true });
    next.release();
    expect(readdirSync(dir).sort()).toEqual([MANIFEST_FILE, 'matches.csv', 'summary.json']);
    expect(readFileSync(join(dir, 'summary.json'), 'utf8')).toBe('{"new":true}\n');
    expect(readFileSync(join(dir, 'matches.csv'), 'utf8')).toBe('new rows\n');
  });

  it("the library's runScenario with resume finishes a publish cut short of that run and throws the exported PublishFinished (a success)", async () => {
    const file = scenarioFile('cut-lib.yaml', `name: cut-lib\n${SMALL}`);
    const scenario = await parseScenario(readFileSync(file, 'utf8'), file);
    const dir = join(work, 'cut-lib');
    const options = { outDir: dir, eventFiles: true, command: 'test', workers: 0 };
    await runScenario(scenario, options);
    const summary = readFileSync(join(dir, 'summary.json'));
    // Killed in its publish before summary.json was renamed into place, its final checkpoint there.
    writeFileSync(join(dir, 'summary.json.tmp'), summary);
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as { files: string[] };
    writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify({ renames: [['summary.json.tmp', 'summary.json']], remove: [CHECKPOINT_FILE], manifest }));
    const checkpoint = { version: 2, key: runKey(scenario, { eventFiles: true, maxErrors: 0 }, undefined), scenario: 'cut-lib', location: 'final', lengths: {}, sha256: {} };
    writeFileSync(join(dir, CHECKPOINT_FILE), JSON.stringify({ ...checkpoint, integrity: createHash('sha256').update(JSON.stringify(checkpoint)).digest('hex') }));
    await expect(runScenario(scenario, { ...options, resume: true })).rejects.toBeInstanceOf(PublishFinished);
    expect(existsSync(join(dir, PUBLISH_FILE))).toBe(false);
    expect(readFileSync(join(dir, 'summary.json'))).toEqual(summary);
  });

  it('pages are not drawn from a folder whose publish was cut short (two runs mixed); run --resume of that very run finishes it, exit 0, and another is refused untouched', async () => {
    const scenario = scenarioFile('cut-a.yaml', `name: cut\n${SMALL.replace('seed: 11', 'seed: 12')}`);
    const replacing = scenarioFile('cut-b.yaml', `name: cut\n${SMALL.replace('seed: 11', 'seed: 13')}`);
    expect((await hordelab('run', scenario, '-q', '-w', '0', '--out', 'cut-publish')).status).toBe(0);
    const dir = join(work, 'cut-publish');
    const oldSummary = readFileSync(join(dir, 'summary.json'), 'utf8');
    // A replacing run (cut-b, another seed) killed in its publish after the first rename:
    // matches.csv new, summary.json old, its final checkpoint (which records its key) still there.
    expect((await hordelab('run', replacing, '-q', '-w', '0', '--out', 'cut-replacement')).status).toBe(0);
    const replacement = join(work, 'cut-replacement');
    writeFileSync(join(dir, 'summary.json.tmp'), readFileSync(join(replacement, 'summary.json')));
    writeFileSync(join(dir, 'matches.csv'), readFileSync(join(replacement, 'matches.csv')));
    // The journal's manifest is the replacing run's (its files, its summary's digest).
    const manifest = JSON.parse(readFileSync(join(replacement, MANIFEST_FILE), 'utf8')) as { files: string[] };
    const journal = JSON.stringify({ renames: [['matches.csv.tmp', 'matches.csv'], ['summary.json.tmp', 'summary.json']], remove: [CHECKPOINT_FILE], manifest });
    writeFileSync(join(dir, PUBLISH_FILE), journal);
    const key = runKey(await parseScenario(readFileSync(replacing, 'utf8'), replacing), { eventFiles: true, maxErrors: 0 }, undefined);
    const checkpoint = { version: 2, key, scenario: 'cut', location: 'final', lengths: {}, sha256: {} };
    writeFileSync(join(dir, CHECKPOINT_FILE), JSON.stringify({ ...checkpoint, integrity: createHash('sha256').update(JSON.stringify(checkpoint)).digest('hex') }));
    const before = snapshot(dir);
    for (const args of [['report', 'cut-publish'], ['compare', 'cut-replacement', 'cut-publish'], ['report', 'cut-publish', '--out', 'cut-pages']]) {
      const refused = await hordelab(...args);
      expect(refused.status, args.join(' ')).toBe(2);
      expect(refused.stderr).toContain(`${join(dir, PUBLISH_FILE)}: a publish into ${dir} was cut short, so its files may be of two outputs; finish it with "hordelab run <scenario> --out ${dir} --resume"`);
      expect(snapshot(dir)).toEqual(before);
    }
    expect(existsSync(join(work, 'cut-pages'))).toBe(false);
    // A run into the folder that neither resumes nor replaces is refused before the claim would
    // finish the publish: a refused command changes nothing.
    for (const args of [[replacing], [scenario]]) {
      const plain = await hordelab('run', ...args, '-q', '-w', '0', '--out', 'cut-publish');
      expect(plain.status, args.join(' ')).toBe(2);
      expect(plain.stderr).toContain(`${join(dir, PUBLISH_FILE)}: a publish into ${dir} was cut short, so its files may be of two outputs; nothing was changed: finish it with "hordelab run <scenario> --out ${dir} --resume" (a run's), replace the folder's output with --out ${dir} --force`);
      expect(plain.stderr.trim().split('\n')).toHaveLength(1);
      expect(snapshot(dir)).toEqual(before);
    }
    // Another run's resume (the other seed, or other matches) is refused, and changes nothing.
    for (const args of [[scenario], [replacing, '-n', '20']]) {
      const other = await hordelab('run', ...args, '-q', '-w', '0', '--out', 'cut-publish', '--resume');
      expect(other.status, args.join(' ')).toBe(2);
      expect(other.stderr).toContain(`--resume: ${dir} holds a publish cut short of a run started with another scenario, parameters or options`);
      expect(snapshot(dir)).toEqual(before);
    }
    expect(readFileSync(join(dir, 'summary.json'), 'utf8')).toBe(oldSummary);
    const finished = await hordelab('run', replacing, '-q', '-w', '0', '--out', 'cut-publish', '--resume');
    expect(finished.status, finished.stderr).toBe(0);
    expect(finished.stderr).toContain(`finished the publish a stopped run left in ${dir}; its output there is complete`);
    expect(readFileSync(join(dir, 'summary.json'))).toEqual(readFileSync(join(replacement, 'summary.json')));
    expect(existsSync(join(dir, PUBLISH_FILE))).toBe(false);
    expect(existsSync(join(dir, CHECKPOINT_FILE))).toBe(false);
    expect((await hordelab('report', 'cut-publish', '-q')).status).toBe(0);
    // With nothing cut short, --resume of a finished run is still refused.
    expect((await hordelab('run', replacing, '-q', '-w', '0', '--out', 'cut-publish', '--resume')).status).toBe(2);
    // A journal no checkpoint ties to a run: --resume cannot tell whose it is, and changes nothing.
    writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify({ renames: [], remove: [], manifest }));
    const untied = snapshot(dir);
    const unknown = await hordelab('run', replacing, '-q', '-w', '0', '--out', 'cut-publish', '--resume');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('holds a publish cut short that no checkpoint ties to a run');
    expect(snapshot(dir)).toEqual(untied);
  });

  it('refuses a damaged or edited publish journal, touching nothing inside the folder or outside it', () => {
    const dir = join(work, 'edited-journal');
    const first = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames: ['summary.json'] });
    first.writeTemp('summary.json', '{"old":true}\n');
    first.publish(['summary.json'], 'complete');
    first.release();
    writeFileSync(join(work, 'thesis.txt'), 'mine');
    const manifest = { hordelab: 1, kind: 'run', scenario: 's', status: 'complete', files: ['summary.json'] };
    const journals: unknown[] = [
      { renames: [], remove: ['../thesis.txt'], manifest },
      { renames: [['summary.json', '../thesis.txt']], remove: [], manifest },
      { renames: [1], remove: [], manifest },
      { renames: [], remove: [] },
      { renames: [], remove: [], manifest: { ...manifest, files: ['../thesis.txt'] } },
    ];
    for (const journal of journals) {
      writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify(journal));
      const before = snapshot(dir);
      expect(() => OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true }), JSON.stringify(journal)).toThrow(
        `${join(dir, PUBLISH_FILE)}: is damaged (expected the renames of a publish, as hordelab writes them, of files in this folder); nothing was changed`,
      );
      expect(snapshot(dir)).toEqual(before);
      expect(readFileSync(join(work, 'thesis.txt'), 'utf8')).toBe('mine');
    }
  });

  it.skipIf(!existsSync('/proc/self'))('refuses, in one line naming the flag, a folder the system takes no new file in (/proc/self)', () => {
    expect(() => OutputFolder.claim('/proc/self', { flag: '--out', kind: 'run', scenario: 's', force: true })).toThrow(UsageError);
    expect(() => OutputFolder.claim('/proc/self', { flag: '--out', kind: 'run', scenario: 's', force: true })).toThrow(
      /^--out: cannot write into \/proc\/self \(ENOENT: no such file or directory\); expected a folder you can write$/,
    );
  });

  it("refuses a publish journal that would remove a file or folder hordelab did not write there, touching nothing", () => {
    const dir = join(work, 'journal-removes-theirs');
    const first = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames: ['matches.csv', 'summary.json'] });
    first.writeTemp('matches.csv', 'rows\n');
    first.writeTemp('summary.json', '{"old":true}\n');
    first.publish(['matches.csv', 'summary.json'], 'complete');
    first.release();
    writeFileSync(join(dir, 'precious.txt'), 'mine');
    mkdirSync(join(dir, 'theirs'));
    writeFileSync(join(dir, 'theirs', 'd.txt'), 'mine too');
    const manifest = { hordelab: 1, kind: 'run', scenario: 's', status: 'complete', files: ['matches.csv', 'summary.json'] };
    for (const remove of [['precious.txt'], ['theirs'], ['matches.csv', 'precious.txt']]) {
      writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify({ renames: [], remove, manifest }));
      const before = snapshot(dir);
      for (const force of [false, true]) {
        expect(() => OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force, knownNames: ['matches.csv', 'summary.json'] }), JSON.stringify(remove)).toThrow(
          `${join(dir, PUBLISH_FILE)}: remove: names "${remove.at(-1) as string}", which hordelab did not write here (expected only files of the folder's previous output, or the new output's own); nothing was changed`,
        );
        expect(snapshot(dir)).toEqual(before);
      }
    }
    expect(readFileSync(join(dir, 'precious.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(join(dir, 'theirs', 'd.txt'), 'utf8')).toBe('mine too');
    // The previous output's own files, and a run's checkpoint, are still removed as a publish lists them.
    writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify({ renames: [], remove: ['matches.csv', '.hordelab-checkpoint.json'], manifest: { ...manifest, files: ['summary.json'] } }));
    rmSync(join(dir, 'precious.txt'));
    rmSync(join(dir, 'theirs'), { recursive: true });
    OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true }).release();
    expect(readdirSync(dir).sort()).toEqual([MANIFEST_FILE, 'summary.json']);
  });

  it('completes a publish cut short after it removed a file, or after it wrote the new record', () => {
    const dir = join(work, 'cut-after-removal');
    const first = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames: ['matches.csv', 'report.html', 'summary.json'] });
    for (const name of ['matches.csv', 'report.html', 'summary.json']) first.writeTemp(name, `old ${name}\n`);
    first.publish(['matches.csv', 'report.html', 'summary.json'], 'complete');
    first.release();
    // Replacing it without report.html: killed right after removing it (the renames were made).
    writeFileSync(join(dir, 'matches.csv'), 'new rows\n');
    writeFileSync(join(dir, 'summary.json'), '{"new":true}\n');
    rmSync(join(dir, 'report.html'));
    const journal = {
      renames: [
        ['matches.csv.tmp', 'matches.csv'],
        ['summary.json.tmp', 'summary.json'],
      ],
      remove: ['report.html', '.hordelab-checkpoint.json'],
      manifest: { hordelab: 1, kind: 'run', scenario: 's', status: 'complete', files: ['matches.csv', 'summary.json'] },
    };
    writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify(journal));
    OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true }).release();
    expect(readdirSync(dir).sort()).toEqual([MANIFEST_FILE, 'matches.csv', 'summary.json']);
    // Killed after writing the new record, before dropping the journal: completed all the same.
    writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify(journal));
    OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true }).release();
    expect(readdirSync(dir).sort()).toEqual([MANIFEST_FILE, 'matches.csv', 'summary.json']);
  });

  it("completes a publish cut short that removes a compare page (Hordelab's by its mark, not the record)", () => {
    const dir = join(work, 'cut-with-compare-page');
    const knownNames = ['matches.csv', 'summary.json', 'compare.html'];
    const first = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames });
    for (const name of ['matches.csv', 'summary.json']) first.writeTemp(name, `old ${name}\n`);
    first.publish(['matches.csv', 'summary.json'], 'complete');
    first.release();
    writeFileSync(join(dir, 'compare.html'), '<!doctype html>\n<html><head><meta name="generator" content="hordelab compare"></head></html>\n');
    // Replacing the run, killed after its first rename: the page is to go, the record is still the old one.
    writeFileSync(join(dir, 'matches.csv'), 'new rows\n');
    writeFileSync(join(dir, 'summary.json.tmp'), '{"new":true}\n');
    const journal = {
      renames: [
        ['matches.csv.tmp', 'matches.csv'],
        ['summary.json.tmp', 'summary.json'],
      ],
      remove: ['compare.html'],
      manifest: { hordelab: 1, kind: 'run', scenario: 's', status: 'complete', files: ['matches.csv', 'summary.json'] },
    };
    writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify(journal));
    OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true, knownNames }).release();
    expect(readdirSync(dir).sort()).toEqual([MANIFEST_FILE, 'matches.csv', 'summary.json']);
    expect(readFileSync(join(dir, 'summary.json'), 'utf8')).toBe('{"new":true}\n');
  });

  it("refuses a journal whose record claims a user's file as renamed into place (its temporary file gone), touching nothing", () => {
    const dir = join(work, 'journal-claims-renamed');
    const first = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames: ['matches.csv', 'summary.json'] });
    for (const name of ['matches.csv', 'summary.json']) first.writeTemp(name, `${name}\n`);
    first.publish(['matches.csv', 'summary.json'], 'complete');
    first.release();
    writeFileSync(join(dir, 'mynotes.txt'), 'notes');
    const manifest = { hordelab: 1, kind: 'run', scenario: 's', status: 'complete', files: ['matches.csv', 'summary.json', 'mynotes.txt'] };
    writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify({ renames: [['mynotes.txt.tmp', 'mynotes.txt']], remove: [], manifest }));
    const before = snapshot(dir);
    expect(() => OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true, knownNames: ['matches.csv', 'summary.json'] })).toThrow(
      `${join(dir, PUBLISH_FILE)}: manifest: names "mynotes.txt", which hordelab did not write here and the record would claim`,
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it("refuses a journal that would rename over, record or (in a folder without a record) remove a user's file, touching nothing", () => {
    const manifest = { hordelab: 1, kind: 'run', scenario: 's', status: 'complete', files: ['matches.csv'] };
    const cases: [string, Record<string, string>, unknown, string][] = [
      // No record: names a run writes, but not holding Hordelab's output.
      ['no-record', { 'metrics.csv': 'mine', 'report.md': 'mine', 'notes.txt': 'x' }, { renames: [], remove: ['metrics.csv', 'report.md'], manifest }, 'remove: names "metrics.csv", which hordelab did not write here'],
      ['rename-over', { 'notes.txt': 'precious', 'notes.txt.tmp': 'junk' }, { renames: [['notes.txt.tmp', 'notes.txt']], remove: [], manifest }, 'renames: names "notes.txt", which hordelab did not write here and a rename would replace'],
      ['claims', { 'thesis.docx': 't' }, { renames: [], remove: [], manifest: { ...manifest, files: ['matches.csv', 'thesis.docx'] } }, 'manifest: names "thesis.docx", which hordelab did not write here and the record would claim'],
    ];
    for (const [name, files, journal, message] of cases) {
      const dir = join(work, `journal-${name}`);
      mkdirSync(dir, { recursive: true });
      for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
      writeFileSync(join(dir, PUBLISH_FILE), JSON.stringify(journal));
      const before = snapshot(dir);
      expect(() => OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true, knownNames: ['matches.csv', 'metrics.csv', 'report.md', 'summary.json'] }), name).toThrow(`${join(dir, PUBLISH_FILE)}: ${message}`);
      expect(snapshot(dir), name).toEqual(before);
    }
  });

  it('refuses a folder where its lock, manifest, checkpoint or a resume\'s scratch copy should be a file, and a publish onto a folder, before the journal is written', () => {
    for (const name of [LOCK_FILE, MANIFEST_FILE, '.hordelab-checkpoint.json', '.hordelab-resume-copy.tmp']) {
      const dir = join(work, `control-${name}`);
      mkdirSync(join(dir, name), { recursive: true });
      expect(() => OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true })).toThrow(`${join(dir, name)}: is a folder, where hordelab keeps a file of its own`);
      expect(readdirSync(dir)).toEqual([name]);
    }
    const dir = join(work, 'publish-onto-folder');
    const folder = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames: ['matches.csv', 'summary.json'] });
    folder.writeTemp('summary.json', '{}\n');
    folder.writeTemp('matches.csv', 'rows\n');
    mkdirSync(join(dir, 'matches.csv'));
    expect(() => folder.publish(['matches.csv', 'summary.json'], 'complete')).toThrow(`${join(dir, 'matches.csv')}: is a folder, where hordelab publishes a file; nothing was published`);
    expect(existsSync(join(dir, PUBLISH_FILE))).toBe(false);
    expect(existsSync(join(dir, 'summary.json'))).toBe(false);
    folder.release();
  });

  it('takes a folder holding only a killed round robin\'s first pairing (a run folder with its records) for that unfinished round robin', () => {
    const dir = join(work, 'killed-round-robin');
    mkdirSync(join(dir, 'a-vs-b'), { recursive: true });
    // A folder of a known name without a run's records is no sign.
    expect(inspectFolder(dir, ['a-vs-b']).state).toBe('foreign');
    writeFileSync(join(dir, 'a-vs-b', LOCK_FILE), '{}');
    expect(inspectFolder(dir, ['a-vs-b'])).toMatchObject({ state: 'output', kind: 'tournament', status: 'interrupted', owned: ['a-vs-b'] });
    expect(() => OutputFolder.claim(dir, { flag: '--out', kind: 'tournament', scenario: 'rr', force: false, knownNames: ['a-vs-b'] })).toThrow(`${dir} holds an unfinished tournament of "rr": start again with --force`);
    OutputFolder.claim(dir, { flag: '--out', kind: 'tournament', scenario: 'rr', force: true, knownNames: ['a-vs-b'] }).release();
  });

  it('tells its own files from others\' by the manifest, the checkpoint and the names it writes', () => {
    const dir = join(work, 'inspected');
    mkdirSync(dir);
    expect(inspectFolder(dir, []).state).toBe('empty');
    writeFileSync(join(dir, 'matches.csv.tmp'), '');
    // A temporary file of a name it writes is a run's only where a killed run left its lock.
    expect(inspectFolder(dir, ['matches.csv'], { killedRunLeftLock: true }).state).toBe('empty');
    expect(inspectFolder(dir, ['matches.csv']).foreign).toEqual(['matches.csv.tmp']);
    expect(inspectFolder(dir, [], { killedRunLeftLock: true }).foreign).toEqual(['matches.csv.tmp']);
    rmSync(join(dir, 'matches.csv.tmp'));
    writeFileSync(join(dir, 'matches.csv'), '');
    // A known name alone, with no record of whose it is, is not taken as ours.
    expect(inspectFolder(dir, ['matches.csv']).state).toBe('foreign');
    writeFileSync(join(dir, 'summary.json'), JSON.stringify({ hordelab: { version: '0.1.0' }, scenario: { name: 'old' }, run: { status: 'complete' } }));
    // Without a mark, a file of a known name is ours only where its content shows it (audit 40c
    // F1): a summary recording hordelab, a table starting with the header the run writes.
    const heads = { 'matches.csv': 'match,seed\n' };
    expect(inspectFolder(dir, ['matches.csv', 'summary.json'], undefined, heads)).toMatchObject({ state: 'foreign', foreign: ['matches.csv'], unsigned: ['matches.csv'] });
    writeFileSync(join(dir, 'matches.csv'), 'match,seed\n0,ab\n');
    expect(inspectFolder(dir, ['matches.csv', 'summary.json'], undefined, heads)).toMatchObject({ state: 'output', kind: 'run', scenario: 'old', status: 'complete', owned: ['matches.csv', 'summary.json'] });
    writeFileSync(join(dir, 'summary.json'), '{"mine": true}');
    expect(inspectFolder(dir, ['matches.csv', 'summary.json'], undefined, heads)).toMatchObject({ state: 'foreign', unsigned: ['summary.json'] });
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited++) {
    if (waited > 6000) throw new Error('timed out waiting');
    await new Promise((done) => setTimeout(done, 10));
  }
}

describe('a publish whose working file went missing', () => {
  it('is refused naming the file, and publishes nothing: not a manifest listing a file the folder does not hold', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'hordelab-lost-work-')), 'out');
    const folder = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames: ['matches.csv', 'summary.json'] });
    try {
      folder.writeTemp('matches.csv', 'rows\n');
      folder.writeTemp('summary.json', '{}\n');
      rmSync(folder.tempPath('matches.csv'));
      expect(() => folder.publish(['matches.csv', 'summary.json'], 'complete')).toThrow(UsageError);
      expect(() => folder.publish(['matches.csv', 'summary.json'], 'complete')).toThrow(/matches\.csv\.tmp: this run's working file is gone/);
      expect(readdirSync(dir).sort()).toEqual([LOCK_FILE, 'summary.json.tmp']);
    } finally {
      folder.release();
    }
  });
});
