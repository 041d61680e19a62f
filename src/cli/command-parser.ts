/**
 * The yargs instance that reads one command's words, built from its declaration
 * ({@link CommandModule}). yargs reads argv (flags and aliases, `--name=value`, `--`, one value
 * per occurrence) and refuses what it can tell is wrong: a flag it was not told of
 * (`strictOptions`), a flag left without its value, a value given to a switch, too few or too
 * many positionals (`demandCommand`), a required flag missing (`demandOption`). Whatever yargs
 * would otherwise guess is turned off, because a guess is a silently different run:
 *
 * - `short-option-groups`: `-nq` is not `-n -q`, and `-n5` not `-n 5`: one dash, one name;
 * - `dot-notation`, `camel-case-expansion`: `--a.b` and `--eventFiles` are unknown flags, not an
 *   object or a second spelling of `--event-files`;
 * - `boolean-negation`: `--no-json` must not quietly mean `--json false`; a switch declared
 *   negatable declares its `--no-` form as a flag of its own ({@link negationOf});
 * - every value is read as text (`type: 'string'`; `parse-numbers` off as well), so a number is
 *   checked against its bounds in the words typed: yargs' number type reads `0x10` as 16, `abc`
 *   as NaN, and knows no bounds; `parse-positional-numbers` off keeps a file `1.50` from
 *   becoming `1.5`;
 * - `nargs: 1` on every flag that takes a value, with `nargs-eats-options` off: the value is the
 *   next word unless that word is a flag (`--out --quiet` is a missing value), and only that
 *   word, so a repeatable flag never swallows a positional (`--set a=1 s.yaml`); a negative
 *   number is a value (`-n -5` is refused for its bound, not read as a flag). Repeatable flags
 *   are not yargs arrays (an array strips the quotes of `--set='"a"'`), so `greedy-arrays` is
 *   off only in case one is ever declared;
 * - `duplicate-arguments-array`: a flag given twice reads as the list of its values, so a
 *   repeat of a flag that takes one value can be refused (`flag-values.ts`) rather than the
 *   last silently winning. Switches are yargs counts with `nargs: 0`, because a repeated yargs
 *   boolean is overwritten and `--json=false` would read as false: a count shows the repeat and
 *   `nargs: 0` refuses the value;
 * - `--help`/`-h` is a switch of ours that skips validation, so help is shown even beside a
 *   mistake in the declared flags (an unknown flag is still refused, `parse-arguments.ts`). yargs' own help, version, locale guessing (messages stay English, as `refusal.ts`
 *   reads them) and `process.exit` are off.
 */
import yargs, { type Argv, type Options } from 'yargs';
import type { CommandModule, OptionSpec } from './command.js';

/** What yargs read: each flag under its name and alias, positionals in `_` (and `--`). */
export interface ReadArguments {
  readonly [name: string]: unknown;
  readonly _: readonly (string | number)[];
}

/** yargs' account of a parse: what it read (`argv`) and every name it knows (`aliases`). */
export type YargsParse = Exclude<Argv['parsed'], false>;

/** The switch that asks for a command's help: read by yargs like any flag, then skips checks. */
export const HELP_FLAG = 'help';

/** The name of the `--no-` flag of a switch declared negatable, or null. */
export function negationOf(name: string, spec: OptionSpec): string | null {
  return spec.type === 'boolean' && spec.negatable === true ? `no-${name}` : null;
}

/** How yargs reads one declared flag. */
function yargsOption(spec: OptionSpec): Options {
  const alias = spec.alias === undefined ? {} : { alias: spec.alias };
  const required = spec.required === true ? { demandOption: true } : {};
  // Switches count their occurrences (a repeat is visible); every other flag reads one word as text.
  return spec.type === 'boolean' ? { ...alias, ...required, count: true, nargs: 0 } : { ...alias, ...required, type: 'string', nargs: 1 };
}

/**
 * A yargs instance that reads `command`'s flags and positionals strictly, and calls `onFailure`
 * with yargs' (English) message when it refuses them; `onFailure` must throw. After a failure,
 * `parsed` holds what yargs had read, for phrasing the message.
 */
export function commandParser(command: CommandModule, onFailure: (message: string, parser: Argv) => never): Argv {
  const parser = yargs()
    .locale('en')
    .parserConfiguration({
      'dot-notation': false,
      'camel-case-expansion': false,
      'short-option-groups': false,
      'boolean-negation': false,
      'parse-numbers': false,
      'parse-positional-numbers': false,
      'duplicate-arguments-array': true,
      'greedy-arrays': false,
      'nargs-eats-options': false,
      'halt-at-non-option': false,
      'unknown-options-as-args': false,
    })
    .exitProcess(false)
    .help(false)
    .version(false)
    .strictOptions();
  for (const [name, spec] of Object.entries(command.options)) {
    parser.option(name, yargsOption(spec));
    const negation = negationOf(name, spec);
    if (negation !== null) parser.option(negation, { count: true, nargs: 0 });
  }
  parser.option(HELP_FLAG, { alias: 'h', type: 'boolean', nargs: 0 }).skipValidation(HELP_FLAG);
  const last = command.positionals.at(-1);
  parser.demandCommand(command.positionals.length, last?.variadic === true ? Infinity : command.positionals.length);
  parser.fail((message) => onFailure(message, parser));
  return parser;
}
