/**
 * Signals the command line hears outside a command's own handling: one that comes after the
 * command finished, while the process winds down (its threads stopping), ends the process with the
 * command's own exit code and a line saying the output is complete, not by the signal's default
 * (audit 38b: exit 143, not a word, for a run that had published). The process is held open
 * after its command by a preloaded timer (tests/fixtures/keep-alive.mjs), so the signal is sent
 * then, not raced against the process's end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/cli.js';
import { capturedIo, CLI_BIN } from './cli-harness.js';

const KEEP_ALIVE = resolve('tests/fixtures/keep-alive.mjs');
const SLOW_ERROR_REPORT = resolve('tests/fixtures/slow-error-report.mjs');

/** Runs `hordelab ...args` held open after its command, sends `signal` once `ready` is on its output, and gives how it ended. */
function signalledAfter(ready: RegExp, signal: NodeJS.Signals, ...args: string[]): Promise<{ code: number | null; killedBy: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return signalledWith(KEEP_ALIVE, ready, signal, ...args);
}

/** As {@link signalledAfter}, `preload` imported first. */
function signalledWith(preload: string, ready: RegExp, signal: NodeJS.Signals, ...args: string[]): Promise<{ code: number | null; killedBy: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', preload, CLI_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sent = false;
    const look = (): void => {
      if (!sent && ready.test(stdout + stderr)) {
        sent = true;
        child.kill(signal);
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      look();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      look();
    });
    // Held open forever by the preload: a process the signal did not end is stopped here.
    const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', fail);
    child.on('exit', (code, killedBy) => {
      clearTimeout(guard);
      done({ code, killedBy, stdout, stderr });
    });
  });
}

describe('a signal after the command finished', () => {
  const work = mkdtempSync(join(tmpdir(), 'hordelab-signals-'));
  writeFileSync(join(work, 'ttt.yaml'), 'game: tic-tac-toe\nmatches: 4\nseed: 1\nseats: [random, random]\n');

  it('ends a run that published with its own exit code, 0, and says its output is complete', async () => {
    const out = join(work, 'run');
    const ended = await signalledAfter(/Wrote /, 'SIGTERM', 'run', join(work, 'ttt.yaml'), '--workers', '1', '--out', out);
    expect([ended.code, ended.killedBy]).toEqual([0, null]);
    expect(ended.stderr).toContain('hordelab: SIGTERM came after the command finished; what it printed and wrote is complete (exit 0)\n');
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).run.status).toBe('complete');
  });

  it('keeps a refusal its exit code, 2, where the command never listened for signals', async () => {
    const ended = await signalledAfter(/hordelab: --matches/, 'SIGINT', 'run', join(work, 'ttt.yaml'), '--matches', '0', '--out', join(work, 'refused'));
    expect([ended.code, ended.killedBy]).toEqual([2, null]);
    expect(ended.stderr).toContain('hordelab: Ctrl-C came after the command finished; what it printed and wrote is complete (exit 2)\n');
    expect(ended.stderr).not.toContain('before the command started');
  });

  it('says a signal while a failed command is still saying why is an interruption as it ended, not one before it started (review 38g)', async () => {
    // The error reporter's loading held open: the command has let go of its handler, and main has not returned.
    writeFileSync(join(work, 'broken.yaml'), 'game: tic-tac-toe\nmatches: 4\nseed: 1\nseats: [random, nobody]\n');
    const ended = await signalledWith(SLOW_ERROR_REPORT, /loading the error reporter/, 'SIGINT', 'run', join(work, 'broken.yaml'), '--out', join(work, 'broken'));
    expect([ended.code, ended.killedBy]).toEqual([130, null]);
    expect(ended.stderr).toContain('hordelab: interrupted (Ctrl-C) as the command ended; what it printed and wrote may be incomplete\n');
    expect(ended.stderr).not.toContain('before the command started');
  });
});

describe('a second Ctrl-C while a run plays (audit 40c F3: it left with not a word)', () => {
  /** Plays `yaml` in this thread, firing Ctrl-C twice from inside a move once the run has a checkpoint (or at once, `early`); gives the exits and stderr. */
  async function interruptedTwice(early: boolean): Promise<{ exits: number[]; stderr: string; dir: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-twice-'));
    // The agent fires the test's Ctrl-C from a move: whether a checkpoint exists then is a fact, not a timing.
    writeFileSync(
      join(dir, 'fires.mjs'),
      `import { existsSync } from 'node:fs';\nexport default () => ({ chooseAction: () => { if (${early ? 'true' : `existsSync(${JSON.stringify(join(dir, 'out', '.hordelab-checkpoint.json'))})`}) globalThis.hordelabTestCtrlC?.(); return 0; } });\n`,
    );
    writeFileSync(join(dir, 'twice.yaml'), 'game: tic-tac-toe\nmatches: 400\nseed: 1\nseats: [./fires.mjs, random]\n');
    const captured = capturedIo(dir);
    const listeners: (() => void)[] = [];
    const exits: number[] = [];
    let fired = false;
    (globalThis as { hordelabTestCtrlC?: () => void }).hordelabTestCtrlC = () => {
      if (fired) return;
      fired = true;
      for (let time = 0; time < 2; time++) for (const listener of [...listeners]) listener();
    };
    const io = {
      ...captured.io,
      onInterrupt: (handler: () => void) => {
        listeners.push(handler);
        return () => void listeners.splice(listeners.indexOf(handler), 1);
      },
      exit: (code: number) => {
        exits.push(code);
        throw new Error('left');
      },
    };
    try {
      await main(['run', 'twice.yaml', '-w', '0', '-q', '--chunk-size', '10', '--out', 'out'], io);
    } catch {
      // The exit the test's io threw, if it came out of main.
    } finally {
      delete (globalThis as { hordelabTestCtrlC?: () => void }).hordelabTestCtrlC;
    }
    return { exits, stderr: captured.stderr().replaceAll(`${dir}/`, ''), dir };
  }

  it('says it left at once, and that the folder keeps the checkpoint, with the line that continues it', async () => {
    const { exits, stderr } = await interruptedTwice(false);
    expect(exits).toEqual([130]);
    expect(stderr.split('\n').slice(0, 2)).toEqual([
      'hordelab: interrupted again (Ctrl-C): left at once, without publishing; out keeps the checkpoint of the matches finished so far.',
      '  continue: hordelab run twice.yaml --seed 1 --matches 400 --out out --resume',
    ]);
  });

  it('before the first checkpoint, says no match was kept', async () => {
    const { exits, stderr } = await interruptedTwice(true);
    expect(exits).toEqual([130]);
    expect(stderr.split('\n')[0]).toBe('hordelab: interrupted again (Ctrl-C): left at once, without publishing; no match was kept in out; play the run again (with --force if its folder holds an earlier run)');
  });
});
