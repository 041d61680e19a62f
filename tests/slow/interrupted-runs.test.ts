/**
 * Runs stopped from outside and resumed (the slow tier: each test starts the compiled CLI as a
 * process, then kills it or sends it a signal): a run killed with SIGKILL or stopped with Ctrl-C
 * resumes to the bytes of an uninterrupted run, a failed resume keeps the run resumable, and the
 * "continue:" command printed after Ctrl-C runs verbatim.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, hordelabIn, summaryWithoutTiming as summaryOf, writtenFile, type CliResult } from '../cli-harness.js';

const CLI = CLI_BIN;
let work = '';

// In this thread unless a test names --workers (see inThisThread in cli-harness.ts).
const hordelab = (...args: string[]): Promise<CliResult> => hordelabIn(work, ...args);

const summaryWithoutTiming = (dir: string): unknown => summaryOf(work, dir);
const scenarioFile = (name: string, text: string): string => writtenFile(work, name, text);

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" (npm test does it first)`);
  work = mkdtempSync(join(tmpdir(), 'hordelab-interrupted-'));
});

describe('interruption and resume', () => {
  const LONG = 'game: zombie-trainers\nmatches: 2000\nseed: 21\nparams: { maxRounds: 60 }\nseats: [random, random]\n';

  /** Starts a run in the background and resolves once its first checkpoint is on disk. */
  async function startAndWaitForCheckpoint(file: string, out: string, ...flags: string[]): Promise<ChildProcess> {
    const child = spawn(process.execPath, [CLI, 'run', file, '-q', '--workers', '1', '--chunk-size', '50', ...flags, '--out', out], { cwd: work, stdio: 'ignore' });
    const checkpoint = join(work, out, '.hordelab-checkpoint.json');
    for (let waited = 0; !existsSync(checkpoint); waited++) {
      if (waited > 3000) throw new Error('the run never wrote a checkpoint');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return child;
  }

  const exited = (child: ChildProcess): Promise<number | null> =>
    new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code))));

  /**
   * A scenario whose metric module fails on demand (HORDELAB_TEST_CRASH set): an internal failure
   * outside any match (a dying agent would only cost its match).
   */
  function crashOnDemandScenario(): string {
    writeFileSync(
      join(work, 'crash-on-demand.mjs'),
      "export default { name: 'crash', create: () => ({ onEvent() {}, finishMatch() { if (process.env.HORDELAB_TEST_CRASH) throw new Error('crash on demand'); return {}; } }) };\n",
    );
    return scenarioFile('crash.yaml', 'game: tic-tac-toe\nmatches: 30000\nseed: 2\nmetrics: [./crash-on-demand.mjs]\nseats: [random, random]\n');
  }

  /** `run --resume` of `file` into `out` with the metric module failing: it fails on its first chunk. */
  const resumeThatCrashes = (file: string, out: string) =>
    spawnSync(process.execPath, [CLI, 'run', file, '-q', '--workers', '1', '--out', out, '--resume'], { cwd: work, encoding: 'utf8', env: { ...process.env, HORDELAB_TEST_CRASH: '1' } });

  function sameAsUninterrupted(out: string, reference: string): void {
    for (const name of ['matches.csv', 'catches.csv']) {
      expect(readFileSync(join(work, out, name)).equals(readFileSync(join(work, reference, name))), name).toBe(true);
    }
    expect(summaryWithoutTiming(out)).toEqual(summaryWithoutTiming(reference));
    expect(existsSync(join(work, out, '.hordelab-checkpoint.json'))).toBe(false);
  }

  it('resumes a run killed with SIGKILL to output identical to an uninterrupted run', async () => {
    const file = scenarioFile('long.yaml', LONG);
    expect((await hordelab('run', file, '-q', '--workers', '2', '--out', 'long-reference')).status).toBe(0);
    const child = await startAndWaitForCheckpoint(file, 'long-killed');
    child.kill('SIGKILL');
    await exited(child);
    expect(existsSync(join(work, 'long-killed', 'matches.csv.tmp'))).toBe(true);
    expect(existsSync(join(work, 'long-killed', 'matches.csv'))).toBe(false);
    const resumed = await hordelab('run', file, '-q', '--workers', '2', '--chunk-size', '333', '--out', 'long-killed', '--resume');
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    sameAsUninterrupted('long-killed', 'long-reference');
  });

  it("refuses, before any match, a link, folder or pipe at a killed run's working files, where resume and --force wrote through the link, hung or crashed (review 25f)", async () => {
    const file = scenarioFile('long.yaml', LONG);
    const child = await startAndWaitForCheckpoint(file, 'long-hostile');
    child.kill('SIGKILL');
    await exited(child);
    const folder = join(work, 'long-hostile');
    const victim = join(work, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    renameSync(join(folder, 'matches.csv.tmp'), join(work, 'kept-matches.csv.tmp'));
    for (const [name, make] of [
      ['matches.csv.tmp', (path: string) => symlinkSync(victim, path)],
      ['summary.json.tmp', (path: string) => symlinkSync(victim, path)],
      ['summary.json.tmp', (path: string) => mkdirSync(path)],
      ['summary.json.tmp', (path: string) => expect(spawnSync('mkfifo', [path]).status).toBe(0)],
    ] as const) {
      make(join(folder, name));
      for (const how of ['--resume', '--force']) {
        const result = await hordelab('run', file, '-q', '--workers', '0', '--out', 'long-hostile', how);
        expect(result.status, `${name} ${how}: ${result.stderr}`).toBe(2);
        expect(result.stderr).toContain(`${join(folder, name)}: is `);
      }
      rmSync(join(folder, name), { recursive: true });
    }
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it('stops cleanly on Ctrl-C with a summary marked interrupted, and resumes', async () => {
    const file = scenarioFile('long.yaml', LONG);
    if (!existsSync(join(work, 'long-reference'))) expect((await hordelab('run', file, '-q', '--out', 'long-reference')).status).toBe(0);
    const child = await startAndWaitForCheckpoint(file, 'long-interrupted');
    child.kill('SIGINT');
    expect(await exited(child)).toBe(130);
    const summary = JSON.parse(readFileSync(join(work, 'long-interrupted', 'summary.json'), 'utf8'));
    expect(summary.run.status).toBe('interrupted');
    const rows = readFileSync(join(work, 'long-interrupted', 'matches.csv'), 'utf8').trim().split('\n');
    expect(rows.length - 1).toBe(summary.run.matchesPlayed);
    expect(summary.results.matches).toBe(summary.run.matchesPlayed);
    expect(summary.run.matchesPlayed).toBeLessThan(2000);
    const resumed = await hordelab('run', file, '-q', '--out', 'long-interrupted', '--resume');
    expect(resumed.status).toBe(0);
    sameAsUninterrupted('long-interrupted', 'long-reference');
  });

  it("names a resumed run's first failure as the first since the resume, where earlier ones are in errors.csv (audit 36b: it read as the run's first)", async () => {
    const doomed = JSON.stringify(join(process.cwd(), 'tests', 'fixtures', 'doomed-agent.mjs'));
    const file = scenarioFile('doomed-long.yaml', `game: zombie-trainers\nmatches: 2000\nseed: 21\nparams: { maxRounds: 60 }\nseats: [{ agent: ${doomed}, config: { every: 25 } }, random]\n`);
    const child = await startAndWaitForCheckpoint(file, 'doomed-killed', '--max-errors', '2000');
    const checkpoint = join(work, 'doomed-killed', '.hordelab-checkpoint.json');
    child.kill('SIGKILL');
    await exited(child);
    const before = (JSON.parse(readFileSync(checkpoint, 'utf8')) as { errors: number }).errors;
    expect(before).toBeGreaterThan(0);
    const resumed = await hordelab('run', file, '-q', '--max-errors', '2000', '--out', 'doomed-killed', '--resume');
    expect(resumed.status).toBe(1);
    const firstRow = readFileSync(join(work, 'doomed-killed', 'errors.csv'), 'utf8').split('\n')[1] as string;
    expect(resumed.stderr).toContain(`\n  first since the resume (${before} before it, first in errors.csv): match `);
    expect(resumed.stderr).not.toContain(`first since the resume (${before} before it, first in errors.csv): match ${firstRow.split(',')[0]}:`);
    // Played in one go, the same run names its first failure, the first row of its errors.csv.
    const whole = await hordelab('run', file, '-q', '--max-errors', '2000', '--out', 'doomed-whole');
    expect(whole.stderr).toContain(`\n  first: match ${firstRow.split(',')[0]}: `);
  });

  it('resumes an interrupted run even when a first resume was killed while taking its files back', async () => {
    const file = scenarioFile('long.yaml', LONG);
    if (!existsSync(join(work, 'long-reference'))) expect((await hordelab('run', file, '-q', '--out', 'long-reference')).status).toBe(0);
    const child = await startAndWaitForCheckpoint(file, 'long-twice');
    child.kill('SIGINT');
    expect(await exited(child)).toBe(130);
    // What a resume killed right after taking the published files back leaves: .tmp files under
    // a checkpoint that still says they are published.
    for (const name of ['matches.csv', 'catches.csv']) renameSync(join(work, 'long-twice', name), join(work, 'long-twice', `${name}.tmp`));
    const resumed = await hordelab('run', file, '-q', '--out', 'long-twice', '--resume');
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    sameAsUninterrupted('long-twice', 'long-reference');
  });

  it('keeps a killed run resumable when its resume fails, and refuses a working file cut short', async () => {
    const file = crashOnDemandScenario();
    const child = await startAndWaitForCheckpoint(file, 'crash');
    child.kill('SIGKILL');
    await exited(child);
    // The resume fails on its first chunk: an internal failure. The run's earlier matches and
    // its checkpoint must survive it.
    const failed = resumeThatCrashes(file, 'crash');
    expect(failed.status).toBe(1);
    expect(existsSync(join(work, 'crash', '.hordelab-checkpoint.json'))).toBe(true);
    expect(existsSync(join(work, 'crash', 'matches.csv.tmp'))).toBe(true);
    const resumed = await hordelab('run', file, '-q', '--out', 'crash', '--resume');
    expect(resumed.status).toBe(0);
    expect((await hordelab('run', file, '-q', '--out', 'crash-reference')).status).toBe(0);
    expect(readFileSync(join(work, 'crash', 'matches.csv')).equals(readFileSync(join(work, 'crash-reference', 'matches.csv')))).toBe(true);
    // A working file shorter than its checkpoint says is refused rather than padded.
    const cut = await startAndWaitForCheckpoint(file, 'crash-cut');
    cut.kill('SIGKILL');
    await exited(cut);
    writeFileSync(join(work, 'crash-cut', 'matches.csv.tmp'), '');
    const refused = await hordelab('run', file, '-q', '--out', 'crash-cut', '--resume');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/matches\.csv\.tmp holds less than the checkpoint records/);
  });

  it('keeps an interrupted run published whole while a resume of it fails, and report reads that run', async () => {
    const file = crashOnDemandScenario();
    const child = await startAndWaitForCheckpoint(file, 'crash-interrupted');
    child.kill('SIGINT');
    expect(await exited(child)).toBe(130);
    const names = ['matches.csv', 'catches.csv', 'summary.json'].filter((name) => existsSync(join(work, 'crash-interrupted', name)));
    expect(names).toContain('matches.csv');
    const before = names.map((name) => readFileSync(join(work, 'crash-interrupted', name)));
    const failed = resumeThatCrashes(file, 'crash-interrupted');
    expect(failed.status).toBe(1);
    // The resume had made its working copies; the interrupted run's files are as it left them.
    expect(existsSync(join(work, 'crash-interrupted', 'matches.csv.tmp'))).toBe(true);
    expect(names.map((name) => readFileSync(join(work, 'crash-interrupted', name)))).toEqual(before);
    const summary = JSON.parse(readFileSync(join(work, 'crash-interrupted', 'summary.json'), 'utf8'));
    const report = await hordelab('report', 'crash-interrupted', '--format', 'md');
    expect(report.status).toBe(0);
    expect(readFileSync(join(work, 'crash-interrupted', 'report.md'), 'utf8')).toContain(`${summary.run.matchesPlayed}`);
    // (That a resume then finishes it as an uninterrupted run would is the tests' above.)
  });
});

describe('the continue command printed after Ctrl-C', () => {
  it('runs verbatim, for a run started without --seed or --matches and with output-shaping flags, and ends as an uninterrupted run', { timeout: 240_000 }, async () => {
    const scenario = 'game: zombie-trainers\nmatches: 4000\nseed: 21\nparams: { maxRounds: 12 }\nseats: [random, random]\n';
    writeFileSync(join(work, 'long.yaml'), scenario);
    const flags = ['--set', 'actionPoints=4', '--max-errors', '3', '--no-event-files'];
    const child = spawn(process.execPath, [CLI, 'run', 'long.yaml', '-q', '--workers', '1', '--chunk-size', '40', ...flags, '--out', 'interrupted'], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    for (let waited = 0; !existsSync(join(work, 'interrupted', '.hordelab-checkpoint.json')); waited++) {
      if (waited > 6000) throw new Error('the run never wrote a checkpoint');
      await new Promise((done) => setTimeout(done, 10));
    }
    child.kill('SIGINT');
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code).toBe(130);
    const printed = /^ {2}continue: (.+)$/m.exec(stderr)?.[1];
    expect(printed, stderr).toBeDefined();
    expect(printed).toBe('hordelab run long.yaml --seed 21 --matches 4000 --set actionPoints=4 --max-errors 3 --no-event-files --out interrupted --resume');
    // With other settings it is refused, naming each that differs (audit 31b), and nothing changes.
    const other = spawnSync(process.execPath, [CLI, 'run', 'long.yaml', '--seed', '21', '--matches', '4001', '--set', 'actionPoints=5', '--max-errors', '3', '--out', 'interrupted', '--resume'], { cwd: work, encoding: 'utf8' });
    expect(other.status, other.stderr).toBe(2);
    expect(other.stderr).toBe(
      `hordelab: --resume: the run in interrupted was started with other settings: params.actionPoints (4 then, 5 now), matches (4000 then, 4001 now), event files (false then, true now); resume it with the ones it was started with, or run without --resume\n`,
    );
    // Verbatim, with `hordelab` standing for the compiled CLI.
    const resumed = spawnSync('sh', ['-c', (printed as string).replace(/^hordelab /, `"${process.execPath}" "${CLI}" `)], { cwd: work, encoding: 'utf8', timeout: 200_000 });
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    expect(spawnSync(process.execPath, [CLI, 'run', 'long.yaml', '-q', ...flags, '--out', 'uninterrupted'], { cwd: work, encoding: 'utf8' }).status).toBe(0);
    expect(readFileSync(join(work, 'interrupted', 'matches.csv')).equals(readFileSync(join(work, 'uninterrupted', 'matches.csv')))).toBe(true);
    expect(summaryWithoutTiming('interrupted')).toEqual(summaryWithoutTiming('uninterrupted'));
  });
});
