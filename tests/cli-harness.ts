/**
 * Runs the `hordelab` command line in this process, as `main(argv, io)` with captured output,
 * so CLI tests cost a function call instead of a node start. Only tests of the process itself
 * (the bin, signals, a worker killing its process) spawn the compiled CLI.
 */
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CliIo, Ticker } from '../src/cli/command.js';
import { main } from '../src/cli/cli.js';

/** What a command printed and returned. */
export interface CliResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A {@link CliIo} whose output is kept in strings; clock and ticker may be faked. */
export function capturedIo(cwd: string, options: { tty?: boolean; now?: () => number; every?: Ticker } = {}): { io: CliIo; stdout: () => string; stderr: () => string } {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text), isTTY: false },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.tty === true },
    cwd,
    now: options.now ?? (() => performance.now()),
    // No real timers by default: a test that wants ticks passes its own ticker.
    every: options.every ?? (() => () => {}),
    onInterrupt: () => () => {},
    exit: (code) => {
      throw new Error(`the command tried to leave the process with code ${code}`);
    },
  };
  return { io, stdout: () => stdout, stderr: () => stderr };
}

/**
 * `hordelab ...args` run in-process from the folder `cwd`, in this thread unless the test names
 * `--workers` (see {@link inThisThread}): worker threads are the subject only of the tests that
 * name them.
 */
export async function hordelabIn(cwd: string, ...args: string[]): Promise<CliResult> {
  const captured = capturedIo(cwd);
  const status = await main(inThisThread(args), captured.io);
  return { status, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** The commands that play matches and so take `--workers`. */
const PLAYING_COMMANDS = new Set(['run', 'sweep', 'tune', 'ladder', 'check', 'cards']);

/**
 * `args` with `--workers 0` added to a command that plays matches and names no worker count:
 * for tests whose subject is not the worker threads (folders, shards, flags, files), which then
 * play in this thread. Starting two threads, each importing the engine, cost about a second of
 * CPU per run, a fifth of the suite; the tests that name `--workers` still get their threads,
 * and every output is the same bytes whatever the worker count (tested in cli.test.ts for
 * each command that plays, and in the slow tier's runs of the compiled CLI).
 */
export function inThisThread(args: readonly string[]): string[] {
  const names = args.some((arg) => arg === '-w' || arg === '--workers' || arg.startsWith('--workers=') || /^-w\d/.test(arg) || arg === '--help' || arg === '-h');
  return PLAYING_COMMANDS.has(args[0] ?? '') && !names ? [...args, '--workers', '0'] : [...args];
}

/** The compiled executable (built by `npm test`'s pretest step). */
export const CLI_BIN = resolve('dist/src/cli/main.js');

/** `hordelab ...args` as a child process: for tests of exit codes, the bin and signals. */
export function hordelabProcess(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_BIN, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The summary.json of the run in `folder`/`dir` without its timing block, the only part allowed to differ between runs. */
export function summaryWithoutTiming(folder: string, dir: string): unknown {
  const document = JSON.parse(readFileSync(join(folder, dir, 'summary.json'), 'utf8')) as Record<string, unknown>;
  delete document['timing'];
  return document;
}

/** Writes `text` to `folder`/`name`; its path. */
export function writtenFile(folder: string, name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

/** Exit 2, one line naming `where`, no stack, nothing on stdout: bad input, as every command refuses it. */
export function expectRefused(result: CliResult, where: string): void {
  expect(result.status, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain(where);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at |TypeError|RangeError|internal failure/);
}
