/**
 * The `hordelab` command line as a function: `main(argv, io)` picks the command, parses its
 * arguments strictly against its declaration, runs it and returns the exit code. Nothing here
 * touches `process`: the bin (`main.ts`) passes the real one, tests a captured one.
 *
 * Exit codes: 0 success; 1 a failed match or check, or an internal failure (printed with what
 * reproduces it); 2 bad input (a scenario, a flag, a folder), with nothing run and nothing
 * written; 3 `check` with only inconclusive checks; 130 interrupted.
 */
import { EXIT_INTERRUPTED, EXIT_USAGE, UsageError } from '../core/errors.js';
import { HORDELAB_VERSION } from '../version.js';
import { interruptName, type CliIo } from './command.js';
import { COMMANDS } from './commands/index.js';
import { closestName } from '../core/did-you-mean.js';
import { commandHelp, overviewHelp } from './help.js';
import type { reportError as ReportError } from './report-error.js';
import { shellQuote } from './shell-quote.js';
import { withInvisibleCharactersShown } from '../core/one-line.js';

const names = COMMANDS.map((command) => command.name);

/**
 * Errors are reported, and arguments parsed, by modules loaded only when needed: `--help` and
 * `--version` load neither (the parser brings yargs, the reporter the match runner's errors).
 */
async function reportError(...args: Parameters<typeof ReportError>): Promise<number> {
  return (await import('./report-error.js')).reportError(...args);
}

/** Runs `hordelab <argv...>` against `io`; resolves to the exit code. */
export async function main(argv: readonly string[], given: CliIo): Promise<number> {
  // Messages quote what they were given (a seat's name, a path, what an agent threw): a
  // bidirectional control in it would reorder the line a terminal prints, so every line on
  // stderr shows such characters as escapes.
  const io: CliIo = { ...given, stderr: { isTTY: given.stderr.isTTY === true, write: (text: string) => given.stderr.write(withInvisibleCharactersShown(text)) } };
  const [name, ...rest] = argv;
  if (name === undefined) {
    // Bad input like any other: one line (`hordelab --help` has the overview).
    io.stderr.write(`hordelab: name a command: ${names.join(', ')} (hordelab --help says what each does)\n`);
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = COMMANDS.find((command) => command.name === rest[0]);
    // `help run` is run's help; anything else after it was meant as something, so it is not dropped.
    const extra = rest[topic === undefined ? 0 : 1];
    if (extra !== undefined) return reportError(new UsageError([{ source: extra, field: '', message: `${topic === undefined ? `not a command; expected one of: ${names.join(', ')}` : `${name} ${topic.name} takes nothing more`}` }]), io);
    io.stdout.write(topic === undefined ? overviewHelp(COMMANDS) : commandHelp(topic));
    return 0;
  }
  if (name === '--version') {
    // `--version run s.yaml` must not drop the command it was given with and exit 0.
    if (rest[0] !== undefined) return reportError(new UsageError([{ source: rest[0], field: '', message: '--version takes nothing more; give it alone, or leave it out' }]), io);
    io.stdout.write(`${HORDELAB_VERSION}\n`);
    return 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) {
    const suggestion = closestName(name.replace(/^-+/, ''), names);
    const what = name.startsWith('-') ? 'a flag before any command' : 'unknown command';
    const hint = suggestion === null ? `expected one of: ${names.join(', ')}` : `did you mean ${suggestion}?`;
    return reportError(new UsageError([{ source: name, field: '', message: `${what}; ${hint}` }]), io);
  }
  let scenarioFile: string | undefined;
  let sets: readonly string[] = [];
  let pairing: string | undefined;
  let matchTimeoutSeconds: number | undefined;
  try {
    const { HELP_REQUESTED, parseArguments } = await import('./parse-arguments.js');
    const args = parseArguments(command, rest, io.cwd);
    if (args === HELP_REQUESTED) {
      io.stdout.write(commandHelp(command));
      return 0;
    }
    scenarioFile = command.positionals.some((positional) => positional.name === 'scenario') ? args.text('scenario') : undefined;
    // A failed match's replay needs the same overrides as the command that met it.
    sets = 'set' in command.options ? args.list('set') : [];
    // And a round robin's, the same pairing (`replay --pairing`).
    pairing = 'pairing' in command.options ? args.text('pairing') : undefined;
    // And its time limit, so a match that hung is stopped where the command stopped it.
    matchTimeoutSeconds = 'match-timeout' in command.options ? args.number('match-timeout') : undefined;
    // Ctrl-C would end a command silently by the signal's default: each says what stopped, and
    // how to go on. A command may take Ctrl-C over for a part of its work (`run` publishes what
    // it finished): the handler it gives last answers, until it lets go.
    const handlers: (() => void)[] = [() => interrupted(command.name, io)];
    const stopInterrupt = io.onInterrupt(() => (handlers[handlers.length - 1] as () => void)());
    const commandIo: CliIo = {
      ...io,
      onInterrupt: (handler) => {
        handlers.push(handler);
        return () => {
          const at = handlers.lastIndexOf(handler);
          if (at > 0) handlers.splice(at, 1);
        };
      },
    };
    try {
      return await command.run(args, commandIo);
    } finally {
      stopInterrupt();
    }
  } catch (error) {
    return reportError(error, io, scenarioFile, sets, pairing, ['hordelab', ...argv].map(shellQuote).join(' '), matchTimeoutSeconds);
  }
}

/** Ctrl-C in a command other than `run`: one line saying what stopped, then exit 130 (threads and all). */
function interrupted(name: string, io: CliIo): void {
  const next = name === 'tune' ? '; if it finished a round, the same command with --resume goes on from there' : '';
  io.stderr.write(`hordelab: interrupted (${interruptName(io)}): ${name} stopped before it finished${next}\n`);
  io.exit(EXIT_INTERRUPTED);
}
