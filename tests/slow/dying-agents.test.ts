/**
 * Agents that kill their worker thread, hang, exhaust memory or throw odd values cost their own
 * match, not the run (issue 13, item 4). `tests/fixtures/doomed-agent.mjs` misbehaves in the
 * same matches whatever its fate, so a run where it merely throws there is the reference every
 * other fate must match byte for byte. The compiled CLI runs in a child process: thread deaths
 * and signals are what is tested.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeThrown } from '../../src/core/match-runner.js';

const CLI = resolve('dist/src/cli/main.js');
const AGENT = resolve('tests/fixtures/doomed-agent.mjs');
let work = '';

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" (npm test does it first)`);
  work = mkdtempSync(join(tmpdir(), 'hordelab-dying-'));
});

function hordelab(args: readonly string[], nodeFlags: readonly string[] = []): { status: number | null; stderr: string } {
  // A run that hangs (the failure these tests guard against) must fail the test, not hang it.
  const result = spawnSync(process.execPath, [...nodeFlags, CLI, ...args], { cwd: work, encoding: 'utf8', timeout: 180_000, killSignal: 'SIGKILL' });
  return { status: result.status, stderr: result.stderr };
}

/** A tic-tac-toe scenario whose first seat is the doomed agent with `fate`, misbehaving in 1 match of `every`. */
function scenario(fate: string, matches: number, every = 20): string {
  const file = join(work, `${fate}-${matches}-${every}.yaml`);
  writeFileSync(
    file,
    `game: tic-tac-toe\nmatches: ${matches}\nseed: 4\nseats:\n  - { agent: ${JSON.stringify(AGENT)}, name: doomed, config: { fate: ${fate}, every: ${every} } }\n  - random\n`,
  );
  return file;
}

// Each death costs a fresh worker thread's start-up, slow on a loaded machine.
const SLOW = { timeout: 240_000 };

const read = (dir: string, name: string): string => readFileSync(join(work, dir, name), 'utf8');
const rows = (dir: string, name: string): string[][] =>
  read(dir, name)
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => row.split(','));

/** The reference: the doomed matches throw an Error. */
function reference(matches: number, out: string, maxErrors = 1000, every = 20): void {
  expect(hordelab(['run', scenario('throw', matches, every), '-q', '--workers', '0', '--max-errors', String(maxErrors), '--out', out]).status).toBe(1);
}

describe('a match that kills its worker thread', () => {
  it('becomes one errors.csv row with its replay command; every other match is kept, whatever the workers and chunks', SLOW, () => {
    reference(120, 'exit-reference', 1000, 30);
    const expected = rows('exit-reference', 'errors.csv');
    expect(expected.length).toBeGreaterThanOrEqual(2);
    for (const [workers, chunk] of [
      ['2', '40'],
      ['1', '7'],
    ] as const) {
      const out = `exit-w${workers}-c${chunk}`;
      const result = hordelab(['run', scenario('exit', 120, 30), '-q', '--workers', workers, '--chunk-size', chunk, '--max-errors', '1000', '--out', out]);
      expect(result.status).toBe(1);
      expect(read(out, 'matches.csv')).toBe(read('exit-reference', 'matches.csv'));
      const errors = rows(out, 'errors.csv');
      expect(errors.map(([match, seed]) => [match, seed])).toEqual(expected.map(([match, seed]) => [match, seed]));
      for (const [match, , step, message, replay] of errors) {
        expect(step).toBe('');
        expect(message).toBe('worker exited with code 7');
        expect(replay).toBe(`hordelab replay ${scenario('exit', 120, 30)} --match ${match} --seed 4`);
      }
      const summary = JSON.parse(read(out, 'summary.json'));
      expect(summary.run).toEqual({ status: 'complete', matchesPlayed: 120 - expected.length, errors: expected.length });
    }
  });

  it('counts against --max-errors: the run stops at the failure that tips it, as it would on a thrown error', SLOW, () => {
    reference(160, 'stop-reference', 2);
    const result = hordelab(['run', scenario('exit', 160), '-q', '--workers', '2', '--chunk-size', '30', '--max-errors', '2', '--out', 'stop-exit']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/stopped after more than --max-errors 2/);
    expect(read('stop-exit', 'matches.csv')).toBe(read('stop-reference', 'matches.csv'));
    expect(rows('stop-exit', 'errors.csv').map(([match]) => match)).toEqual(rows('stop-reference', 'errors.csv').map(([match]) => match));
    expect(rows('stop-exit', 'errors.csv')).toHaveLength(3);
  });

  it('that dies as it loads the agent (process.exit at its top level, in a worker only) fails the run\'s first match, as a check or sweep says it, not an internal failure (audit 36b)', SLOW, () => {
    writeFileSync(join(work, 'exit-at-load.mjs'), "import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) process.exit(3);\nexport default () => ({ chooseAction: () => 0 });\n");
    writeFileSync(join(work, 'exit-at-load.yaml'), 'game: tic-tac-toe\nmatches: 50\nseed: 1\nseats: [./exit-at-load.mjs, random]\n');
    const result = hordelab(['run', 'exit-at-load.yaml', '-q', '-w', '1', '--out', 'exit-at-load']);
    expect([result.status, result.stderr]).toEqual([
      1,
      `hordelab: 1 match(es) failed; stopped after more than --max-errors 0. Each is in exit-at-load/errors.csv with the command that replays it.\n` +
        '  first: match 0: worker exited with code 3\n' +
        '  reproduce: hordelab replay exit-at-load.yaml --match 0 --seed 1\n',
    ]);
    expect(rows('exit-at-load', 'errors.csv').map(([match, , , message]) => [match, message])).toEqual([['0', 'worker exited with code 3']]);
    expect(JSON.parse(read('exit-at-load', 'summary.json')).run).toEqual({ status: 'stopped', matchesPlayed: 0, errors: 1 });
  });

  it('that never finishes loading the agent (a top-level await that never settles, in a worker only) is stopped after the longer of --match-timeout and a minute, the whole run failing, where the run hung for good (audit 36b; review 36e: a slow load had failed matches)', { timeout: 180_000 }, () => {
    writeFileSync(join(work, 'hang-at-load.mjs'), "import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) await new Promise(() => {});\nexport default () => ({ chooseAction: () => 0 });\n");
    writeFileSync(join(work, 'hang-at-load.yaml'), 'game: tic-tac-toe\nmatches: 50\nseed: 1\nseats: [./hang-at-load.mjs, random]\n');
    const result = hordelab(['run', 'hang-at-load.yaml', '-q', '-w', '1', '--match-timeout', '2', '--out', 'hang-at-load']);
    expect([result.status, result.stderr]).toEqual([
      1,
      "hordelab: the scenario's modules did not finish loading in a worker thread within 60 s (the longer of --match-timeout and 60 s): a module whose top level never settles in a worker thread?\n" +
        '  reproduce: hordelab run hang-at-load.yaml -q -w 1 --match-timeout 2 --out hang-at-load\n',
    ]);
    expect(existsSync(join(work, 'hang-at-load', 'errors.csv'))).toBe(false);
  });

  it('whose agent loads slowly in a worker only (longer than --match-timeout, within a minute) plays every match (review 36e: each chunk\'s first match had failed)', SLOW, () => {
    writeFileSync(join(work, 'slow-load.mjs'), "import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) await new Promise((done) => setTimeout(done, 2500));\nexport default () => ({ chooseAction: () => 0 });\n");
    writeFileSync(join(work, 'slow-load.yaml'), 'game: tic-tac-toe\nmatches: 50\nseed: 1\nseats: [./slow-load.mjs, random]\n');
    const result = hordelab(['run', 'slow-load.yaml', '-q', '-w', '2', '--match-timeout', '1', '--out', 'slow-load']);
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(JSON.parse(read('slow-load', 'summary.json')).run).toMatchObject({ status: 'complete', matchesPlayed: 50, errors: 0 });
  });

  it('whose agent throws as it loads in a worker only is one line saying so and the command, exit 1, not an internal failure with a stack; nothing is written (audit 36b)', SLOW, () => {
    writeFileSync(join(work, 'throw-at-load.mjs'), "import { isMainThread } from 'node:worker_threads';\nif (!isMainThread) throw new Error('only in a worker');\nexport default () => ({ chooseAction: () => 0 });\n");
    writeFileSync(join(work, 'throw-at-load.yaml'), 'game: tic-tac-toe\nmatches: 50\nseed: 1\nseats: [./throw-at-load.mjs, random]\n');
    const result = hordelab(['run', 'throw-at-load.yaml', '-q', '-w', '1', '--out', 'throw-at-load']);
    expect([result.status, result.stderr]).toEqual([
      1,
      'hordelab: throw-at-load.yaml: seats[0]: cannot load agent module "./throw-at-load.mjs": only in a worker (in a worker thread only: it loaded in the main thread)\n' +
        '  reproduce: hordelab run throw-at-load.yaml -q -w 1 --out throw-at-load\n',
    ]);
    expect(existsSync(join(work, 'throw-at-load'))).toBe(false);
  });

  it('reports a thread that ran out of memory as "out of memory"', SLOW, () => {
    reference(60, 'oom-reference');
    // A small heap (worker threads inherit it) so the doomed matches exhaust it quickly.
    const result = hordelab(['run', scenario('oom', 60), '-q', '--workers', '1', '--chunk-size', '20', '--max-errors', '1000', '--out', 'oom'], ['--max-old-space-size=96']);
    expect(result.status).toBe(1);
    expect(read('oom', 'matches.csv')).toBe(read('oom-reference', 'matches.csv'));
    const errors = rows('oom', 'errors.csv');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.map(([match]) => match)).toEqual(rows('oom-reference', 'errors.csv').map(([match]) => match));
    for (const error of errors) expect(error[3]).toBe('out of memory');
  });
});

describe('a match that never ends', () => {
  it('is stopped after --match-timeout seconds and recorded as a timeout; the rest of its chunk is kept', SLOW, () => {
    reference(120, 'hang-reference');
    const result = hordelab(['run', scenario('hang', 120), '-q', '--workers', '2', '--chunk-size', '25', '--max-errors', '1000', '--match-timeout', '2', '--out', 'hang']);
    expect(result.status).toBe(1);
    expect(read('hang', 'matches.csv')).toBe(read('hang-reference', 'matches.csv'));
    const errors = rows('hang', 'errors.csv');
    expect(errors.map(([match, seed]) => [match, seed])).toEqual(rows('hang-reference', 'errors.csv').map(([match, seed]) => [match, seed]));
    for (const error of errors) expect(error[3]).toBe('timed out after 2 s (--match-timeout)');
  });

  it('cannot hold off the first Ctrl-C: the run ends at once, marked interrupted, with workers or without', SLOW, async () => {
    for (const workers of ['1', '0']) {
      const out = `ctrl-c-${workers}`;
      const child = spawn(process.execPath, [CLI, 'run', scenario('hang', 50, 1), '-q', '--workers', workers, '--match-timeout', '0', '--out', out], { cwd: work, stdio: 'ignore' });
      // Every match hangs: wait until the run is inside the first one.
      for (let waited = 0; !existsSync(join(work, out, 'matches.csv.tmp')); waited++) {
        if (waited > 3000) throw new Error('the run never started');
        await new Promise((done) => setTimeout(done, 10));
      }
      await new Promise((done) => setTimeout(done, 300));
      child.kill('SIGINT');
      // A liveness bound, not a speed figure: without the fix the run never ends.
      const code = await new Promise<number | null>((done) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          done(-1);
        }, 20_000);
        child.on('exit', (exitCode) => {
          clearTimeout(timer);
          done(exitCode);
        });
      });
      expect(code, `--workers ${workers}`).toBe(130);
      expect(JSON.parse(read(out, 'summary.json')).run.status).toBe('interrupted');
    }
  });
});

describe('thrown values that are not errors', () => {
  it('become error rows, whatever they are', SLOW, () => {
    reference(200, 'odd-reference');
    const result = hordelab(['run', scenario('odd', 200), '-q', '--workers', '2', '--max-errors', '1000', '--out', 'odd']);
    expect(result.status).toBe(1);
    expect(read('odd', 'matches.csv')).toBe(read('odd-reference', 'matches.csv'));
    const messages = rows('odd', 'errors.csv').map((row) => row[3]);
    expect(messages.length).toBe(rows('odd-reference', 'errors.csv').length);
    expect(new Set(messages).size).toBeGreaterThanOrEqual(3);
    for (const message of messages) expect(message).toMatch(/^(a thrown string|non-Error value thrown: .+)$/);
  });

  it('are described without calling code that throws again', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const bomb = new Error('x');
    Object.defineProperty(bomb, 'message', {
      get() {
        throw new Error('no');
      },
    });
    expect(describeThrown(Object.create(null)).message).toBe('non-Error value thrown: {}');
    expect(describeThrown(undefined).message).toBe('non-Error value thrown: undefined');
    expect(describeThrown(Symbol('s')).message).toBe('non-Error value thrown: Symbol(s)');
    expect(describeThrown(10n).message).toBe('non-Error value thrown: 10');
    expect(describeThrown('plain').message).toBe('plain');
    expect(describeThrown(proxy).message).toBe('non-Error value thrown: an object that cannot be described');
    expect(describeThrown(bomb).message).toBe('an Error whose message cannot be read');
    expect(describeThrown(new RangeError('r')).detail).toMatch(/^RangeError: r\n/);
  });
});

describe('a ladder level whose agent dies, hangs or throws', () => {
  // The doomed agent's first doomed match on run seed 4 with 1 in 7 is match 1, whatever its fate.
  const ladder = (fate: string, workers: string, extra: readonly string[] = []) =>
    hordelab(['ladder', scenario(fate, 20, 7), '--levels', `random,${AGENT}:fate=${fate},every=7`, '--workers', workers, '-q', '--out', `ladder-${fate}-${workers}`, ...extra]);

  it('stops at the first failed match by index, whatever the workers, with the ladder command that meets it again', SLOW, () => {
    const lines = (result: { stderr: string }) => result.stderr.trim().split('\n');
    const thrown = lines(ladder('throw', '0'));
    expect(thrown[0]).toMatch(/^hordelab: level ".*:fate=throw,every=7": match 1 of run seed 4 \(match seed [0-9a-f]{16}\) failed at step \d+: doomed agent gave up$/);
    for (const workers of ['1', '2']) {
      const result = ladder('exit', workers);
      expect(result.status).toBe(1);
      const [problem, reproduce] = lines(result);
      expect(problem).toBe(`hordelab: level "${AGENT}:fate=exit,every=7": match 1 of run seed 4 (match seed ${/match seed ([0-9a-f]{16})/.exec(thrown[0] ?? '')?.[1]}) broke its worker thread: worker exited with code 7`);
      expect(reproduce).toBe(`  reproduce: hordelab ladder ${scenario('exit', 20, 7)} --levels ${AGENT}:fate=exit,every=7 --seed 4 --matches 2`);
      expect(existsSync(join(work, `ladder-exit-${workers}`))).toBe(false);
    }
  });

  it('is stopped after --match-timeout seconds', SLOW, () => {
    const result = ladder('hang', '1', ['--match-timeout', '1']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/: match 1 of run seed 4 \(match seed [0-9a-f]{16}\) broke its worker thread: timed out after 1 s \(--match-timeout\)\n {2}reproduce: hordelab ladder /);
  });
});

describe('checks, sweeps, tuning and card values whose agent dies or hangs', () => {
  const checksFile = (fate: string, every: number, budget: number): string => {
    const file = join(work, `${fate}-${every}.checks.yaml`);
    writeFileSync(file, `checks:\n  - name: fair\n    scenario: ${JSON.stringify(scenario(fate, 20, every))}\n    metric: outcomes.bySeat.seat1.win\n    between: [0.4, 0.6]\n    budget: ${budget}\n`);
    return file;
  };

  it('a check stops at the first failed match by index, whatever the workers, naming the replay that meets it again', SLOW, () => {
    const thrown = hordelab(['check', checksFile('throw', 7, 200), '-q', '--workers', '0']);
    expect(thrown.status).toBe(1);
    const matchSeed = /match 1 of run seed 4 \(match seed ([0-9a-f]{16})\) failed at step \d+: doomed agent gave up\n/.exec(thrown.stderr)?.[1];
    expect(matchSeed, thrown.stderr).toBeDefined();
    for (const workers of ['1', '2']) {
      const died = hordelab(['check', checksFile('exit', 7, 200), '-q', '--workers', workers]);
      expect(died.status).toBe(1);
      expect(died.stderr).toBe(
        `hordelab: check fair: match 1 of run seed 4 (match seed ${matchSeed}) broke its worker thread: worker exited with code 7\n  reproduce: hordelab replay ${scenario('exit', 20, 7)} --match 1 --seed 4\n`,
      );
    }
  });

  // An agent that hangs in every match: each command stops at its first match's timeout, not
  // after one timeout per match (400 of them would outlast the child process's 180 s limit).
  // Each reproduce line carries the command's --match-timeout, so replay stops where it did.
  it('a check, a sweep, tuning and card values stop at the first --match-timeout, not one per match', SLOW, () => {
    const hangs = scenario('hang', 400, 1);
    const expectStopped = (result: { status: number | null; stderr: string }, replay: RegExp): void => {
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/match 0 of run seed 4 \(match seed [0-9a-f]{16}\) broke its worker thread: timed out after 1 s \(--match-timeout\)\n/);
      expect(result.stderr).toMatch(replay);
    };
    expectStopped(hordelab(['check', checksFile('hang', 1, 400), '-q', '--workers', '2', '--match-timeout', '1']), /reproduce: hordelab replay \S+ --match 0 --seed 4 --match-timeout 1\n$/);
    expectStopped(hordelab(['sweep', hangs, '--vary', 'seat1.tag=1,2', '-q', '--workers', '2', '--match-timeout', '1']), /reproduce: hordelab replay \S+ --match 0 --seed 4 --set seat1\.tag=1 --match-timeout 1\n$/);
    expectStopped(hordelab(['tune', hangs, '--target', 'quality.bySeat.seat1.win=0.5', '--space', 'seat1.tag=1,2', '--budget', '400', '-q', '--workers', '2', '--match-timeout', '1', '--out', 'tune-hang']), /reproduce: hordelab replay \S+ --match 0 --seed 4 --set seat1\.tag=1 --match-timeout 1\n$/);
    const duel = join(work, 'duel-hang.yaml');
    writeFileSync(duel, `game: integer-duel\nmatches: 400\nseed: 4\nseats:\n  - { agent: ${JSON.stringify(AGENT)}, name: doomed, config: { fate: hang, every: 1 } }\n  - random\n`);
    const cards = hordelab(['cards', duel, '-q', '--workers', '2', '--match-timeout', '1', '--out', 'cards-hang']);
    expect(cards.stderr).toMatch(/^hordelab: the base deck: match 0 of run seed 4 /);
    expectStopped(cards, /reproduce: hordelab replay \S+ --match 0 --seed 4 --match-timeout 1\n$/);
  });
});
