/**
 * The checked value of every declared flag, from what yargs read. yargs has no notion of these
 * checks, so they are made here: a flag that takes one value given twice (yargs reads it as the
 * list of both values; we refuse it rather than pick one), a switch given twice or both ways
 * (`--event-files --no-event-files`), a number within its bounds in the words it was typed in
 * (yargs' number type reads `abc` as NaN, `0x10` as 16, and knows no bounds), an empty value.
 */
import { UsageError } from '../core/errors.js';
import { describeBound, withinBound } from '../core/input-bounds.js';
import type { ArgumentValue, CommandModule, OptionSpec } from './command.js';
import { negationOf, type ReadArguments } from './command-parser.js';
import type { FlagSpelling } from './flag-spelling.js';
import { resolvePath } from './resolve-path.js';
import { jointParts } from '../tune/joint-names.js';

const usageError = (source: string, message: string): UsageError => new UsageError([{ source, field: '', message }]);

function convert(name: string, spec: OptionSpec, value: string, cwd: string): ArgumentValue {
  if (spec.type === 'number') {
    // As typed: no spaces around it, no plus sign, no "-0" (each read as a number by Number(),
    // none what "a whole number" says).
    const pattern = spec.bound.whole ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
    const read = pattern.test(value) ? Number(value) : Number.NaN;
    const number = Object.is(read, -0) ? Number.NaN : read;
    if (!withinBound(spec.bound, number)) throw usageError(`--${name}`, `expected ${describeBound(spec.bound)}, got "${value}"`);
    return number;
  }
  if (value === '') throw usageError(`--${name}`, 'expects a value, got an empty one');
  return spec.type === 'path' ? resolvePath(cwd, value) : value;
}

/** "given twice (-n 10, then --matches 20)": the first two occurrences, as typed. */
function givenTwice(name: string, occurrences: readonly FlagSpelling[], values: readonly string[] | null): UsageError {
  const shown = occurrences.slice(0, 2).map((occurrence, index) => (values === null ? occurrence.written : `${occurrence.written} ${values[index] ?? ''}`));
  return usageError(`--${name}`, `given twice (${shown.join(', then ')}); give it once`);
}

/** One declared flag's checked value in what yargs read; undefined when it was not typed. */
function flagValue(name: string, spec: OptionSpec, read: ReadArguments, occurrences: readonly FlagSpelling[], cwd: string): ArgumentValue | undefined {
  if (spec.type === 'boolean') {
    const negation = negationOf(name, spec);
    const on = Number(read[name] ?? 0);
    const off = negation === null ? 0 : Number(read[negation] ?? 0);
    if (on + off > 1) throw givenTwice(name, occurrences, null);
    return on + off === 0 ? undefined : on === 1;
  }
  const raw = read[name];
  if (raw === undefined) return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).map(String);
  if (spec.type === 'list') return values.map((value) => convert(name, spec, value, cwd) as string);
  // The first value is checked before the repeat is refused, as a reader meets them.
  const value = convert(name, spec, values[0] as string, cwd);
  if (values.length > 1) throw givenTwice(name, occurrences, values);
  return value;
}

/** The names a flag may be typed under: its own, its alias, its `--no-` form. */
function spellingsOf(name: string, spec: OptionSpec): ReadonlySet<string> {
  const negation = negationOf(name, spec);
  return new Set([name, ...(spec.alias === undefined ? [] : [spec.alias]), ...(negation === null ? [] : [negation])]);
}

/**
 * Every declared flag of `command` in `read`, checked, with its default when not typed
 * (switches: false; lists: empty), and the names of those typed. Flags are checked in the order
 * they were first typed (`spellings`), so the first mistake on the line is the one named.
 * @throws UsageError naming the flag.
 */
export function flagValues(command: CommandModule, read: ReadArguments, spellings: readonly FlagSpelling[], cwd: string): { values: Map<string, ArgumentValue>; typed: Set<string> } {
  const firstTyped = (names: ReadonlySet<string>): number => spellings.find((spelling) => names.has(spelling.name))?.index ?? Infinity;
  const flags = Object.entries(command.options)
    .map(([name, spec]) => ({ name, spec, names: spellingsOf(name, spec) }))
    .map((flag) => ({ ...flag, first: firstTyped(flag.names) }))
    .sort((a, b) => a.first - b.first);
  const values = new Map<string, ArgumentValue>();
  const typed = new Set<string>();
  for (const { name, spec, names } of flags) {
    const value = flagValue(name, spec, read, spellings.filter((spelling) => names.has(spelling.name)), cwd);
    if (value !== undefined) {
      values.set(name, value);
      typed.add(name);
    } else if (spec.type === 'boolean') values.set(name, spec.default ?? false);
    else if (spec.type === 'list') values.set(name, []);
    else if ((spec.type === 'string' || spec.type === 'number') && spec.default !== undefined) values.set(name, spec.default);
  }
  return { values, typed };
}

/** The names an entry assigns (`name=...`; `a+b=...` names a and b, `decks.plants.+6=...` one card), trimmed; none without `=` (its own parser names what is wrong). */
function namesOf(entry: string): string[] {
  const at = entry.indexOf('=');
  return at < 0 ? [] : jointParts(entry.slice(0, at));
}

/**
 * Refuses a list flag that names one thing twice (`--vary winRate=0.3 --vary winRate=0.9`).
 * Kept, the later entry would silently replace the earlier one.
 */
export function refuseRepeatedNames(flag: string, entries: readonly string[]): void {
  const first = new Map<string, string>();
  for (const entry of entries) {
    const inEntry = new Set<string>();
    for (const name of namesOf(entry)) {
      // One joint entry naming it twice (`dieFaces+dieFaces=4,5`): quoting the entry twice says nothing.
      if (inEntry.has(name)) throw usageError(`${flag} ${entry}`, `${name} is named twice in this joint entry; give each name once`);
      inEntry.add(name);
      const earlier = first.get(name);
      if (earlier !== undefined) throw usageError(`${flag} ${entry}`, `${name} is given twice (${flag} ${earlier}, then ${flag} ${entry}); give each name once`);
      first.set(name, entry);
    }
  }
}

/** Each name `entries` assign, with the first entry that assigns it. */
function assignedNames(entries: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of entries) for (const name of namesOf(entry)) if (!names.has(name)) names.set(name, entry);
  return names;
}

/**
 * Refuses a `--set` of a name that `flag` (`--vary`, `--space`) also gives values: one of the
 * two would be dropped without a word.
 */
export function refuseSetOfVaried(sets: readonly string[], flag: string, varied: readonly string[]): void {
  const variedNames = assignedNames(varied);
  for (const [name, entry] of assignedNames(sets)) {
    const other = variedNames.get(name);
    if (other !== undefined) throw usageError(`--set ${entry}`, `${name} is also given by ${flag} ${other}, which sets it for every configuration; give it in one place`);
  }
}

/** Refuses a list flag (`--metric`) that names one thing twice: each copy would count again. */
export function refuseRepeatedValues(flag: string, values: readonly string[]): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value.trim())) throw usageError(`${flag} ${value}`, `${value.trim()} is given twice; give each once`);
    seen.add(value.trim());
  }
}

