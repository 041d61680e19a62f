/**
 * Flags several commands share, declared once so they read and behave alike everywhere: the
 * same names, aliases, bounds and words. Light on purpose: every command's declaration reads it
 * before the command's work is loaded (the `--set` values are read in `set-assignments.ts`).
 */
import { availableParallelism } from 'node:os';
import { BOUNDS, MAX_WORKERS } from '../core/input-bounds.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS } from '../core/limits.js';
import type { OptionSpec, ParsedArguments } from './command.js';

/** `--workers N`, `-w N`: worker threads, bounded by {@link MAX_WORKERS}. */
export const workersOption: OptionSpec = {
  type: 'number',
  alias: 'w',
  bound: BOUNDS.workers,
  describe: `Worker threads [default: the available cores, at most ${MAX_WORKERS}]; 0 plays in the main thread. Results do not depend on it`,
};
/**
 * `--match-timeout SECONDS`: how long one match may run on a worker thread; `then` says what
 * follows a timeout for this command.
 */
export function matchTimeoutOption(then: string): OptionSpec {
  return {
    type: 'number',
    bound: BOUNDS.matchTimeout,
    placeholder: 'SECONDS',
    describe: `Seconds one match may run before its worker thread is killed and ${then} [default: ${DEFAULT_MATCH_TIMEOUT_SECONDS}]; 0 for no limit; with --workers 0 a match cannot be stopped. A thread's load of the modules gets at least 60 s`,
  };
}

/** `{ matchTimeoutSeconds }` when `--match-timeout` was given, else nothing (the default applies). */
export function matchTimeout(args: ParsedArguments): { matchTimeoutSeconds?: number } {
  const seconds = args.number('match-timeout');
  return seconds === undefined ? {} : { matchTimeoutSeconds: seconds };
}

/** `--quiet`, `-q`: errors only, no progress line. */
export const quietOption: OptionSpec = { type: 'boolean', alias: 'q', describe: 'Print nothing but errors (no progress line either)' };
/** `--json`: the result as JSON on stdout. */
export const jsonOption: OptionSpec = { type: 'boolean', describe: 'Print the result as JSON' };
/** `--seed S`, `-s S`: the run seed. */
export const seedOption: OptionSpec = { type: 'number', alias: 's', bound: BOUNDS.seed, describe: 'Run seed, overriding the scenario\'s; same seed, same bytes' };
/** `--matches N`, `-n N`: how many matches. */
export const matchesOption: OptionSpec = { type: 'number', alias: 'n', bound: BOUNDS.matches, describe: 'Number of matches, overriding the scenario\'s' };
/** `--set key=value`, repeatable: parameter and agent-setting overrides. */
export const setOption: OptionSpec = {
  type: 'list',
  placeholder: 'KEY=VALUE',
  describe: 'Override a game parameter (value in YAML: --set actionPoints=4 --set "traps={40: 6, 80: 1}" --set traps.80=2) or an agent setting (--set seat1.iterations=500)',
};
/** `--force`: write beside files the command did not write (see `present/output-folder.ts`). */
export const forceOption: OptionSpec = { type: 'boolean', describe: "Write into a folder that holds files this command did not write: those of other names are left untouched, those of the command's own file names replaced" };

/** `--workers`, or the available cores (at most {@link MAX_WORKERS}). */
export function workerCount(args: ParsedArguments): number {
  return args.number('workers') ?? Math.min(availableParallelism(), MAX_WORKERS);
}
