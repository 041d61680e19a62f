/**
 * Reads one command's arguments against its declaration ({@link CommandModule}), strictly: an
 * unknown flag, a repeated flag that takes one value, a missing or extra positional, a missing
 * value, a number that is not one or is out of its bounds: each is a UsageError naming the flag
 * as typed ("did you mean" for a near miss), before the command runs.
 *
 * yargs reads the words (`command-parser.ts`, configured to guess nothing) and refuses unknown
 * flags, missing values, values given to switches, missing or extra positionals and missing
 * required flags; `refusal.ts` says its refusal in one line. What yargs has no notion of (a
 * repeated flag, bounds, empty values) is checked after it has read (`flag-values.ts`).
 *
 * Syntax: `--name value`, `--name=value`, `-x value` (declared one-letter aliases), `--` ends
 * the flags. Before `--`, a word starting with `-` is a flag unless it is a flag's value, so a
 * positional that starts with `-` goes after `--`.
 */
import { ParsedArguments, type CommandModule } from './command.js';
import { commandParser, HELP_FLAG, type ReadArguments } from './command-parser.js';
import { flagSpellings } from './flag-spelling.js';
import { flagValues } from './flag-values.js';
import { refusal, strayFlag, unknownFlag } from './refusal.js';
import { resolvePath } from './resolve-path.js';

/** What {@link parseArguments} returns when the arguments ask for the command's help. */
export const HELP_REQUESTED = 'help';

/**
 * Parses `argv` (the words after the command name) for `command`, or returns
 * {@link HELP_REQUESTED} when they ask for help (`--help` or `-h` before any `--`, whatever else
 * is wrong with the declared flags and positionals; an unknown flag is still refused). Every flag not given takes its declared default (switches: false; lists: empty);
 * relative paths are read from `cwd`.
 * @throws UsageError naming the flag or argument, with "did you mean" for a near miss.
 */
export function parseArguments(command: CommandModule, argv: readonly string[], cwd: string): ParsedArguments | typeof HELP_REQUESTED {
  const spellings = flagSpellings(argv);
  const parser = commandParser(command, (message, failed) => {
    throw refusal(command, argv, spellings, message, failed.parsed, cwd);
  });
  const read = parser.parseSync([...argv]) as ReadArguments;
  const parsed = parser.parsed === false ? undefined : parser.parsed;
  if (read[HELP_FLAG] === true) {
    // Help skips yargs' checks, but an unknown flag beside it is still bad input, as it is beside
    // `hordelab --help` (audit 37b L4: `ladder --bogus --help` printed the help, exit 0). A
    // declared flag beside it, whatever its value, gives way to the help.
    const unknown = parsed === undefined ? undefined : strayFlag(parsed, spellings);
    if (unknown !== undefined) throw unknownFlag(command, unknown);
    if (spellings.some((spelling) => (spelling.written === '--help' || spelling.written === '-h') && spelling.inline === undefined)) return HELP_REQUESTED;
    // yargs skipped its checks for help spelled otherwise (`-help`, `--h`, `--help=1`): refuse that.
    throw refusal(command, argv, spellings, parsed?.error?.message ?? '', parsed ?? false, cwd);
  }
  // yargs accepted every name; one may still be a declared name with the wrong dashes.
  const stray = parsed === undefined ? undefined : strayFlag(parsed, spellings);
  if (stray !== undefined) throw unknownFlag(command, stray);

  const { values, typed } = flagValues(command, read, spellings, cwd);
  // yargs has counted the positionals: each is there, and only the last takes the rest.
  const words = read._.map(String);
  for (const [index, positional] of command.positionals.entries()) {
    const taken = positional.variadic === true ? words.slice(index) : words.slice(index, index + 1);
    const resolved = positional.path === true ? taken.map((path) => resolvePath(cwd, path)) : taken;
    values.set(positional.name, positional.variadic === true ? resolved : (resolved[0] as string));
  }
  return new ParsedArguments(command.name, values, typed);
}
