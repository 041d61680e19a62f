/**
 * Turns what a command threw into the exit code the README promises, and the words on stderr:
 * bad input (a UsageError) is exit 2 with one line naming every problem and no stack; a failed match is
 * exit 1 with the command that replays it, as is a metric module's failure ({@link MetricFailure},
 * without a stack: the message names the module, the metric and the match) and any other {@link ReproducibleFailure} (a ladder
 * level whose agent failed); anything else is an internal failure, exit 1, with
 * its stack, since only a bug gets there.
 */
import { ContractBreach, EXIT_FAILURE, EXIT_USAGE, formatIssue, MetricFailure, ReproducibleFailure, UsageError, WholeRunFailure } from '../core/errors.js';
import { MatchFailure } from '../core/match-runner.js';
import { PublishFinished } from '../run/output-folder.js';
import type { CliIo } from './command.js';
import { parsePairing, replayCommand } from '../run/replay.js';
import { HORDELAB_VERSION } from '../version.js';

/**
 * Writes `error` to stderr and returns its exit code; `scenarioFile`, the `--set` assignments
 * `sets`, a round robin's `--pairing` (as given, already checked) and the `--match-timeout` given
 * go into replay commands.
 */
export function reportError(error: unknown, io: CliIo, scenarioFile = '<scenario>', sets: readonly string[] = [], pairing?: string, commandLine?: string, matchTimeoutSeconds?: number): number {
  if (error instanceof PublishFinished) {
    // --resume found only a cut-short publish to finish, and finished it: done, not an error.
    io.stderr.write(`hordelab: ${error.message}\n`);
    return 0;
  }
  if (error instanceof UsageError) {
    // One line, however many problems: a script or CI log takes the last line of stderr as
    // the reason, and every problem is on it.
    const issues = error.issues.map(formatIssue);
    io.stderr.write(`hordelab: ${issues.length === 1 ? issues[0] : `${issues.length} problems: ${issues.join('; ')}`}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof MatchFailure) {
    io.stderr.write(
      `hordelab: ${error.message}\n` +
        `  reproduce: ${replayCommand(scenarioFile, error.matchIndex, error.runSeed, sets, { pairing: pairing === undefined ? undefined : parsePairing(pairing), matchTimeoutSeconds })}` +
        ` (match seed ${error.matchSeed})\n`,
    );
    // The stack is for whoever wrote the agent or game that threw: labelled and indented, so
    // the two lines above stay the message and a script can take the last of them. A breach
    // Hordelab's own checks found has no stack worth reading: the message names what broke.
    if (error.cause instanceof Error && !(error.cause instanceof ContractBreach) && error.cause.stack) io.stderr.write(`  where it was thrown:\n${error.cause.stack.split('\n').map((line, index) => `${index === 0 ? '    ' : '      '}${line.trim()}`).join('\n')}\n`);
    return EXIT_FAILURE;
  }
  if (error instanceof MetricFailure) {
    io.stderr.write(`hordelab: ${error.message}\n  reproduce: ${replayCommand(scenarioFile, error.matchIndex, error.runSeed, sets, { pairing: pairing === undefined ? undefined : parsePairing(pairing), matchTimeoutSeconds })}\n`);
    return EXIT_FAILURE;
  }
  if (error instanceof WholeRunFailure) {
    io.stderr.write(`hordelab: ${error.message}${commandLine === undefined ? '' : `\n  reproduce: ${commandLine}`}\n`);
    return EXIT_FAILURE;
  }
  if (error instanceof ReproducibleFailure) {
    io.stderr.write(`hordelab: ${error.message}\n  reproduce: ${error.reproduce}\n`);
    return EXIT_FAILURE;
  }
  const full = outOfSpace(error);
  if (full !== null) {
    io.stderr.write(`hordelab: ${full}\n`);
    return EXIT_USAGE;
  }
  // A bug: what was asked (the command line, with the version it ran on) first, so a report of it
  // can be replayed, then where it was thrown.
  const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const reproduce = commandLine === undefined ? '' : `  reproduce: ${commandLine} (hordelab ${HORDELAB_VERSION}, Node ${process.version})\n`;
  const stack = error instanceof Error && error.stack ? `  where it was thrown:\n${error.stack.split('\n').map((line) => `    ${line.trim()}`).join('\n')}\n` : '';
  io.stderr.write(`hordelab: internal failure: ${said}\n${reproduce}${stack}`);
  return EXIT_FAILURE;
}

/** File-system errors of a disk or quota that is full, or a file past the size this process may write. */
const OUT_OF_SPACE: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device; free space, or write elsewhere',
  EDQUOT: 'the disk quota is used up; free space within it, or write elsewhere',
  EFBIG: 'the file is past the size this process may write; raise the limit (ulimit -f), or play fewer matches',
};

/**
 * The line for a write the disk could not take, or null for any other error. Not a bug, so no
 * stack: the machine's, like a folder that cannot be written (exit 2). (Output folders publish
 * whole or not at all: a run's earlier output stays as it was.)
 */
function outOfSpace(error: unknown): string | null {
  const { code, path, dest } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; path?: unknown; dest?: unknown };
  if (typeof code !== 'string' || !Object.hasOwn(OUT_OF_SPACE, code)) return null;
  // A copy's error names its source as `path` and the file written as `dest`.
  const written = typeof dest === 'string' ? dest : typeof path === 'string' ? path : 'its output';
  const [why, advice] = (OUT_OF_SPACE[code] as string).split('; ');
  return `cannot write ${written}: ${why} (${code}); ${advice}`;
}
