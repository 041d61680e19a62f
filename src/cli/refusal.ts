/**
 * yargs' refusal of a command line, said in one line that names the flag or argument as the
 * user typed it ("did you mean" for a near miss). yargs reports a flag by its bare name and in
 * its own words; the words of its messages are read here only to tell which check failed (the
 * locale is pinned to English in `command-parser.ts`), the rest comes from what yargs had read
 * and from the declaration.
 *
 * Of several mistakes, the one named is the one a reader meets first: a flag yargs does not
 * know, or one left without its value, in the order typed; then a bad flag value; then a missing
 * or extra positional, a missing required flag. yargs checks unknown flags last, but a typo is
 * usually the cause of the rest (a mistyped `--ouut m` is also a missing `--out`).
 */
import { UsageError } from '../core/errors.js';
import type { CommandModule } from './command.js';
import { negationOf, type ReadArguments, type YargsParse } from './command-parser.js';
import { closestName } from '../core/did-you-mean.js';
import type { FlagSpelling } from './flag-spelling.js';
import { flagValues } from './flag-values.js';

const usageError = (source: string, message: string): UsageError => new UsageError([{ source, field: '', message }]);

/** `hordelab run <scenario> [options]`. */
export function usageLine(command: CommandModule): string {
  return `hordelab ${command.name}${command.positionals.map((positional) => ` <${positional.name}${positional.variadic ? '...' : ''}>`).join('')} [options]`;
}

/** yargs' bookkeeping keys in what it read, which are no flags. */
const BOOKKEEPING = new Set(['_', '--', '$0']);

/**
 * The first flag typed that `command` does not have: one yargs read but was not told of, or a
 * declared one with the wrong number of dashes (`-matches`, `--n`: yargs reads either, but a
 * long name takes two dashes and a one-letter alias one, as the help shows them).
 */
export function strayFlag(parsed: YargsParse, spellings: readonly FlagSpelling[]): FlagSpelling | undefined {
  const known = (name: string): boolean => Object.hasOwn(parsed.aliases, name);
  const unknown = new Set(Object.keys(parsed.argv).filter((key) => !BOOKKEEPING.has(key) && !known(key)));
  return spellings.find((spelling) => unknown.has(spelling.name) || (known(spelling.name) && spelling.written.startsWith('--') !== spelling.name.length > 1));
}

/** "--matchs: unknown flag of "hordelab run"; did you mean --matches?" */
export function unknownFlag(command: CommandModule, stray: FlagSpelling): UsageError {
  const known = Object.entries(command.options).flatMap(([long, spec]) => {
    const negation = negationOf(long, spec);
    return negation === null ? [long] : [long, negation];
  });
  const suggestion = closestName(stray.written.replace(/^--?/, ''), known);
  const hint = suggestion === null ? `"hordelab ${command.name} --help" lists its flags` : `did you mean --${suggestion}?`;
  return usageError(stray.written, `unknown flag of "hordelab ${command.name}"; ${hint}`);
}

/** Whether yargs takes `word` as a flag's value: not another flag, though a negative number is one. */
function isValueWord(word: string): boolean {
  // yargs-parser's rule for `nargs` (with its `negative` pattern), used only to point at the
  // occurrence it refused.
  return !/^-[^0-9]/.test(word) || /^-([0-9]+(\.[0-9]+)?|\.[0-9]+)$/.test(word);
}

/** A flag yargs could not read a value for, or read one for though it takes none; and where. */
function misreadFlag(message: string, argv: readonly string[], spellings: readonly FlagSpelling[]): { at: number; error: UsageError } | undefined {
  const noValue = /^Not enough arguments following: (.+)$/.exec(message);
  if (noValue !== null) {
    const bare = spellings.filter((spelling) => spelling.name === noValue[1] && spelling.inline === undefined);
    const refused = bare.find((spelling) => argv[spelling.index + 1] === undefined || !isValueWord(argv[spelling.index + 1] as string)) ?? bare[0];
    if (refused === undefined) return undefined;
    const next = argv[refused.index + 1];
    return { at: refused.index, error: usageError(refused.written, next === undefined ? 'expects a value' : `expects a value, got the flag ${next}`) };
  }
  const withValue = /^Argument unexpected for: (.+)$/.exec(message);
  const given = withValue === null ? undefined : spellings.find((spelling) => spelling.name === withValue[1] && spelling.inline !== undefined);
  return given === undefined ? undefined : { at: given.index, error: usageError(given.written, `takes no value; got "${given.inline ?? ''}"`) };
}

/** A missing or extra positional, or a missing required flag, by yargs' `message`. */
function countError(command: CommandModule, message: string, read: ReadArguments): UsageError | undefined {
  const afterDashes = read['--'];
  const words = [...read._, ...(Array.isArray(afterDashes) ? afterDashes : [])].map(String);
  if (message.startsWith('Not enough non-option arguments')) {
    const missing = command.positionals[Math.min(words.length, command.positionals.length - 1)];
    return usageError(`<${missing?.name ?? 'argument'}>`, `missing; usage: ${usageLine(command)}`);
  }
  if (message.startsWith('Too many non-option arguments')) {
    const takes = command.positionals.length === 0 ? 'takes no arguments' : `takes ${command.positionals.map((positional) => `<${positional.name}>`).join(' ')}`;
    return usageError(words[command.positionals.length] ?? '', `unexpected argument; "hordelab ${command.name}" ${takes} (usage: ${usageLine(command)})`);
  }
  if (message.startsWith('Missing required argument')) {
    const missing = Object.entries(command.options).find(([name, spec]) => spec.required === true && read[name] === undefined);
    if (missing !== undefined) return usageError(`--${missing[0]}`, `is required; usage: ${usageLine(command)}`);
  }
  return undefined;
}

/**
 * The UsageError for yargs' refusal `message` of `argv`, given what yargs had read (`parsed`).
 * @throws UsageError itself when a flag's value is what is wrong (see {@link flagValues}).
 */
export function refusal(command: CommandModule, argv: readonly string[], spellings: readonly FlagSpelling[], message: string, parsed: YargsParse | false, cwd: string): UsageError {
  if (parsed === false) return usageError(`hordelab ${command.name}`, message);
  const stray = strayFlag(parsed, spellings);
  const misread = misreadFlag(message, argv, spellings);
  if (stray !== undefined && (misread === undefined || stray.index < misread.at)) return unknownFlag(command, stray);
  if (misread !== undefined) return misread.error;
  flagValues(command, parsed.argv, spellings, cwd);
  // A refusal not phrased here still refuses, in yargs' words.
  return countError(command, message, parsed.argv) ?? usageError(`hordelab ${command.name}`, message);
}
