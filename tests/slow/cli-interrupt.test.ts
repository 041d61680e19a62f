/**
 * Ctrl-C in the long commands other than `run` (which publishes what it finished, see
 * interrupted-runs.test.ts): exit 130 with one line saying what stopped, where they used to die
 * silently. The slow tier: each test starts the compiled CLI and sends it a signal.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli.js';
import { capturedIo } from '../cli-harness.js';

const CLI = resolve('dist/src/cli/main.js');

/** `hordelab <args>` as a child process in `dir`: its exit code once it ends, and what it wrote so far. */
function spawned(dir: string, args: readonly string[], nodeFlags: readonly string[] = []): { exited: Promise<number | null>; kill: () => void; pid: () => number | undefined; stdout: () => string; stderr: () => string } {
  const child = spawn(process.execPath, [...nodeFlags, CLI, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  return { exited: new Promise((done) => child.on('exit', (code) => done(code))), kill: () => child.kill('SIGINT'), pid: () => child.pid, stdout: () => stdout, stderr: () => stderr };
}

/** An agent that marks a file when it first decides (so the command is surely playing), then plays slowly. */
const MARKING_AGENT = `import { writeFileSync } from 'node:fs';
export default (config) => ({
  chooseAction() {
    writeFileSync(config.marker, 'playing');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    return 0;
  },
});
`;

async function interruptWhilePlaying(args: (dir: string) => string[], signal: NodeJS.Signals = 'SIGINT'): Promise<{ code: number | null; stderr: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-'));
  writeFileSync(join(dir, 'marking.mjs'), MARKING_AGENT);
  writeFileSync(join(dir, 's.yaml'), `name: slow\ngame: tic-tac-toe\nmatches: 100000\nseed: 1\nseats:\n  - { agent: ./marking.mjs, config: { marker: ${JSON.stringify(join(dir, 'playing'))} } }\n  - { agent: mcts, config: { iterations: 2 } }\n`);
  const child = spawn(process.execPath, [CLI, ...args(dir)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  for (let waited = 0; !existsSync(join(dir, 'playing')); waited++) {
    if (waited > 3000) throw new Error(`never started playing: ${stderr}`);
    await new Promise((done) => setTimeout(done, 10));
  }
  child.kill(signal);
  return { code: await exited, stderr, dir };
}

describe('Ctrl-C in sweep, tune and check', () => {
  it('sweep: exit 130, saying it stopped, and nothing written', async () => {
    const { code, stderr, dir } = await interruptWhilePlaying(() => ['sweep', 's.yaml', '--vary', 'seat2.iterations=2,3', '-w', '1', '-q', '--out', 'out']);
    expect(code).toBe(130);
    expect(stderr).toBe('hordelab: interrupted (Ctrl-C): sweep stopped before it finished\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('sweep, stopped by SIGTERM (a CI time limit, a container stopped): the same, naming the signal (audit 27b: exit 143, not a word)', async () => {
    const { code, stderr, dir } = await interruptWhilePlaying(() => ['sweep', 's.yaml', '--vary', 'seat2.iterations=2,3', '-w', '1', '-q', '--out', 'out'], 'SIGTERM');
    expect(code).toBe(130);
    expect(stderr).toBe('hordelab: interrupted (SIGTERM): sweep stopped before it finished\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('run, stopped by SIGTERM: publishes what it played, marked interrupted, and says how to go on with the pages it was asked for (audit 27b)', async () => {
    const { code, stderr, dir } = await interruptWhilePlaying(() => ['run', 's.yaml', '-w', '1', '-q', '--report', 'md', '--out', 'out'], 'SIGTERM');
    expect(code).toBe(130);
    expect(stderr).toMatch(/^hordelab: interrupted \(SIGTERM\) after \d+ of 100000 matches; out holds them with a summary marked interrupted\.\n {2}continue: hordelab run s\.yaml --seed 1 --matches 100000 --report md --out out --resume\n$/);
    expect(existsSync(join(dir, 'out', 'summary.json'))).toBe(true);
  });

  it("run of a shard, stopped: counts the shard's matches, not the whole run's (review 32c)", async () => {
    const { code, stderr } = await interruptWhilePlaying(() => ['run', 's.yaml', '-w', '1', '-q', '--shard', '0/2', '--out', 'out'], 'SIGTERM');
    expect(code).toBe(130);
    expect(stderr).toMatch(/^hordelab: interrupted \(SIGTERM\) after \d+ of 50000 matches of shard 0\/2; out holds them with a summary marked interrupted\.\n/);
  });

  it('tune: exit 130, saying how to go on', async () => {
    const { code, stderr } = await interruptWhilePlaying(() => ['tune', 's.yaml', '--target', 'moves=7', '--space', 'seat2.c=0.1..0.9', '--budget', '100000', '-w', '1', '-q', '--out', 'out']);
    expect(code).toBe(130);
    expect(stderr).toBe('hordelab: interrupted (Ctrl-C): tune stopped before it finished; if it finished a round, the same command with --resume goes on from there\n');
  });

  it('check: exit 130, saying it stopped', async () => {
    const { code, stderr } = await interruptWhilePlaying((dir) => {
      writeFileSync(join(dir, 'c.checks.yaml'), 'checks:\n  - name: slow\n    scenario: s.yaml\n    metric: outcomes.bySeat.seat1.win\n    between: [0.45, 0.55]\n    budget: 100000\n');
      return ['check', 'c.checks.yaml', '-w', '1', '-q'];
    });
    expect(code).toBe(130);
    expect(stderr).toBe('hordelab: interrupted (Ctrl-C): check stopped before it finished\n');
  });
});

describe('Ctrl-C and SIGTERM in conform (audit 36a: it ran the suite to the end and exited 0)', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal}: exit 130, saying it stopped, between playouts`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-conform-'));
      // A game module that marks a file at each setup, so the signal comes once the suite plays.
      writeFileSync(
        join(dir, 'marked.mjs'),
        `import { writeFileSync } from 'node:fs';\nimport firstSix from ${JSON.stringify(resolve('tests/fixtures/game-modules/first-six.mjs'))};\nexport default { ...firstSix, id: 'marked-six', setup(params) { writeFileSync(new URL('./playing', import.meta.url), ''); return firstSix.setup(params); } };\n`,
      );
      const child = spawned(dir, ['conform', './marked.mjs', '--playouts', '100000']);
      for (let waited = 0; !existsSync(join(dir, 'playing')) && waited < 60_000; waited += 20) await new Promise((done) => setTimeout(done, 20));
      process.kill(Number(child.pid()), signal);
      expect(await child.exited).toBe(130);
      expect(child.stderr()).toBe(`hordelab: interrupted (${signal === 'SIGTERM' ? 'SIGTERM' : 'Ctrl-C'}): conform stopped before it finished\n`);
      expect(child.stdout()).toBe('');
    });
  }
});

describe('Ctrl-C in run outside its matches (audit 22b)', () => {
  it('while its modules load: exit 130, saying so, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-load-'));
    // An agent module that takes its time to load, and says when it has begun: the signal comes
    // while run is loading it, however long the machine took to get there (a fixed wait of 1.5 s
    // came before the command line itself had loaded on a busy machine).
    writeFileSync(join(dir, 'slow-load.mjs'), "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./loading.mark', import.meta.url), '');\nawait new Promise((done) => setTimeout(done, 20000));\nexport default () => ({ chooseAction: () => 0 });\n");
    writeFileSync(join(dir, 'loading.yaml'), 'game: tic-tac-toe\nmatches: 10\nseed: 1\nseats: [./slow-load.mjs, random]\n');
    const child = spawned(dir, ['run', 'loading.yaml', '-w', '0', '-q', '--out', 'out']);
    for (let waited = 0; !existsSync(join(dir, 'loading.mark')) && waited < 60_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
    child.kill();
    expect(await child.exited).toBe(130);
    // The command line is loaded and run is loading its agent: the command's own handler answers.
    expect(child.stderr()).toBe('hordelab: interrupted (Ctrl-C): run stopped before it finished\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('a Ctrl-C that came while a module kept the thread busy is not lost with --workers 0: exit 130, not a whole run and exit 0 (audit 25b)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-busy-'));
    // An agent module whose top level is sent Ctrl-C and keeps the thread busy a moment, so the
    // signal waits while the command loads it: the first chunk's interruptible script took the
    // SIGINT listeners away before the waiting signal was read.
    writeFileSync(join(dir, 'busy.mjs'), "process.kill(process.pid, 'SIGINT');\nconst from = Date.now();\nwhile (Date.now() - from < 50) {}\nexport default () => ({ chooseAction: () => 0 });\n");
    writeFileSync(join(dir, 'busy.yaml'), 'game: tic-tac-toe\nmatches: 2000\nseed: 1\nseats: [./busy.mjs, random]\n');
    const child = spawned(dir, ['run', 'busy.yaml', '-w', '0', '-q', '--out', 'out']);
    expect(await child.exited, child.stderr()).toBe(130);
    expect(child.stderr()).toMatch(/^hordelab: interrupted/);
  });

  it('once its matches are published, while it prints and draws its pages: exit 130, naming what the folder holds and the command that writes the pages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-pages-'));
    writeFileSync(join(dir, 'quick.yaml'), 'game: coin-flip\nmatches: 20\nseed: 1\nseats: [random, random]\n');
    const captured = capturedIo(dir);
    const listeners: (() => void)[] = [];
    const stdout: string[] = [];
    const exits: number[] = [];
    const io = {
      ...captured.io,
      onInterrupt: (handler: () => void) => {
        listeners.push(handler);
        return () => void listeners.splice(listeners.indexOf(handler), 1);
      },
      // Ctrl-C as the run's text is printed, after its matches were published and before its pages.
      stdout: { write: (text: string) => (stdout.push(text), text.includes(' matches/s. Wrote ') ? listeners.forEach((listener) => listener()) : undefined) },
      exit: (code: number) => {
        exits.push(code);
        throw new Error('left');
      },
    };
    await main(['run', 'quick.yaml', '-w', '0', '--out', 'out', '--report', 'html,md'], io);
    expect(exits).toEqual([130]);
    expect(captured.stderr().split('\n')[0]?.replaceAll(`${dir}/`, '')).toBe('hordelab: interrupted (Ctrl-C) after the matches were played: out holds the whole run; its pages may not all be written: hordelab report out --format html,md');
    expect(existsSync(join(dir, 'out', 'summary.json'))).toBe(true);
    expect(existsSync(join(dir, 'out', 'report.md'))).toBe(false);
  });
});

describe('Ctrl-C before the command line has loaded', () => {
  it('exit 130, saying nothing was run or written, and nothing is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-early-'));
    writeFileSync(join(dir, 'quick.yaml'), 'game: coin-flip\nmatches: 20\nseed: 1\nseats: [random, random]\n');
    // A module hook that sends the process Ctrl-C as the executable asks for the command line
    // (cli.js), and holds that import back: the signal surely comes while only the executable's
    // first lines have run, with no timing to guess.
    writeFileSync(
      join(dir, 'hooks.mjs'),
      "export async function resolve(specifier, context, next) {\n  if (specifier === './cli.js') {\n    process.kill(process.pid, 'SIGINT');\n    await new Promise((done) => setTimeout(done, 20000));\n  }\n  return next(specifier, context);\n}\n",
    );
    writeFileSync(join(dir, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
    const child = spawned(dir, ['run', 'quick.yaml', '-w', '0', '-q', '--out', 'out'], ['--import', './register.mjs']);
    const code = await child.exited;
    expect(child.stderr()).toBe('hordelab: interrupted (Ctrl-C) before the command started; nothing was run or written\n');
    expect(code).toBe(130);
    expect(child.stdout()).toBe('');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

/**
 * `hordelab <args>` in `dir`, sent `signal` once `ready` is on its stderr: how it ended and what it
 * said. Stopped by SIGKILL after `guardMs` (a command that never hears the signal plays on).
 */
function signalledOnStderr(dir: string, args: readonly string[], ready: RegExp, signal: NodeJS.Signals, guardMs = 150_000): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let sent = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!sent && ready.test(stderr)) {
        sent = true;
        child.kill(signal);
      }
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), guardMs);
    child.on('error', fail);
    child.on('exit', (code) => {
      clearTimeout(guard);
      done({ code, stderr });
    });
  });
}

/** A small Integer Duel scenario of random play: 11 configurations of card values (base, 10 variants). */
const SMALL_DUEL = 'name: small-duel\ngame: integer-duel\nmatches: 100000\nseed: 5\nparams:\n  decks:\n    plants: { "+1": 1, "+2": 1, negate: 1 }\n    zombies: { "-1": 1, "-3": 1 }\n  openingHand: 1\n  dieFaces: 2\n  maxRounds: 6\nseats: [random, random]\n';

describe('SIGTERM in cards and ladder playing in their own thread (audit 40b F2: cards --workers 0 played every configuration, then exited 130)', () => {
  it('cards --workers 0: exit 130 within the configuration it was playing, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-cards-'));
    writeFileSync(join(dir, 's.yaml'), SMALL_DUEL);
    const { code, stderr } = await signalledOnStderr(dir, ['cards', 's.yaml', '--workers', '0', '--out', 'out'], /configuration 1 of 11: base\n/, 'SIGTERM');
    expect(code).toBe(130);
    // The signal came as the base began: no configuration after it was started.
    expect(stderr).toBe('configuration 1 of 11: base\nhordelab: interrupted (SIGTERM): cards stopped before it finished\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('ladder --workers 0: exit 130 within the level it was playing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-ladder-'));
    writeFileSync(join(dir, 's.yaml'), SMALL_DUEL);
    const { code, stderr } = await signalledOnStderr(dir, ['ladder', 's.yaml', '--levels', 'random,random/greedy', '--workers', '0', '--out', 'out'], /level 1 of 2: random\n/, 'SIGTERM');
    expect(code).toBe(130);
    expect(stderr).toBe('level 1 of 2: random\nhordelab: interrupted (SIGTERM): ladder stopped before it finished\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('cards, while it builds the variants of a deck of many kinds (any worker count): exit 130 before any configuration is played', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-cards-build-'));
    // An agent module that marks a file as it loads: the signal comes once the scenario is read,
    // as the variants are built (some 400 here, one scenario read each), before any match.
    writeFileSync(join(dir, 'marking.mjs'), "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./loaded.mark', import.meta.url), '');\nexport default () => ({ chooseAction: () => 0 });\n");
    const kinds = (verb: string): string => Array.from({ length: 100 }, (_, k) => `"${verb}:${k + 1}": 1`).join(', ');
    writeFileSync(join(dir, 'big.yaml'), `name: big\ngame: integer-duel\nmatches: 2\nseed: 1\nparams:\n  decks:\n    plants: { "+1": 1, ${kinds('add')} }\n    zombies: { "-1": 1, ${kinds('subtract')} }\nseats: [./marking.mjs, random]\n`);
    const child = spawned(dir, ['cards', 'big.yaml', '--workers', '1', '--out', 'out']);
    for (let waited = 0; !existsSync(join(dir, 'loaded.mark')) && waited < 60_000; waited += 10) await new Promise((done) => setTimeout(done, 10));
    process.kill(Number(child.pid()), 'SIGTERM');
    expect(await child.exited).toBe(130);
    expect(child.stderr()).toBe('hordelab: interrupted (SIGTERM): cards stopped before it finished\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
