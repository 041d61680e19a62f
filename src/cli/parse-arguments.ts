/**
 * A strict reader of one command's arguments against its declaration ({@link CommandModule}):
 * an unknown flag, a repeated flag that takes one value, a missing or extra positional, a
 * missing value, a number that is not one or is out of its bounds: each is a UsageError naming
 * the flag, before the command runs. Nothing is guessed: `--no-x` exists only for flags
 * declared negatable, a list flag takes exactly one value per occurrence (so a positional after
 * `--set a=1` is never swallowed), and a value may start with `-` only as a number (`-n -5` is
 * refused for its bound, not mistaken for a flag).
 *
 * Syntax: `--name value`, `--name=value`, `-x value` (declared one-letter aliases), `--` ends
 * the flags.
 */
import { isAbsolute, join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { describeBound, withinBound } from '../core/input-bounds.js';
import { ParsedArguments, type ArgumentValue, type CommandModule, type OptionSpec } from './command.js';
import { closestName } from './did-you-mean.js';

const usageError = (source: string, message: string): UsageError => new UsageError([{ source, field: '', message }]);

/** Whether the arguments ask for help (`--help` or `-h` before any `--`). */
export function asksForHelp(argv: readonly string[]): boolean {
  for (const token of argv) {
    if (token === '--') return false;
    if (token === '--help' || token === '-h') return true;
  }
  return false;
}

/** `DIR` as given, or joined to `cwd` when relative and `cwd` is not this process's own folder. */
export function resolvePath(cwd: string, path: string): string {
  // From the process's own folder a relative path already means the right file: keep it as
  // typed, so messages and recorded commands show what the user wrote.
  return isAbsolute(path) || cwd === process.cwd() ? path : join(cwd, path);
}

/** A value that may follow a flag: anything but another flag (a negative number is a value). */
function isValue(token: string): boolean {
  return (!token.startsWith('-') || token === '-' || /^-\.?\d/.test(token));
}

function convert(name: string, spec: OptionSpec, value: string, cwd: string): ArgumentValue {
  if (spec.type === 'number') {
    const text = value.trim();
    const pattern = spec.bound.whole ? /^[-+]?\d+$/ : /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
    const number = pattern.test(text) ? Number(text) : Number.NaN;
    if (!withinBound(spec.bound, number)) throw usageError(`--${name}`, `expected ${describeBound(spec.bound)}, got "${value}"`);
    return number;
  }
  if (value === '') throw usageError(`--${name}`, 'expects a value, got an empty one');
  return spec.type === 'path' ? resolvePath(cwd, value) : value;
}

/**
 * Parses `argv` (the words after the command name) for `command`. Every flag not given takes
 * its declared default (booleans: false; lists: empty).
 * @throws UsageError naming the flag or argument, with "did you mean" for a near miss.
 */
export function parseArguments(command: CommandModule, argv: readonly string[], cwd: string): ParsedArguments {
  const options = command.options;
  const longNames = Object.keys(options);
  const byAlias = new Map<string, string>();
  for (const [name, spec] of Object.entries(options)) if (spec.alias !== undefined) byAlias.set(spec.alias, name);
  const values = new Map<string, ArgumentValue>();
  const typedAs = new Map<string, string>();
  const positionals: string[] = [];
  const unknown = (written: string, name: string): UsageError => {
    const negatable = longNames.filter((long) => {
      const spec = options[long];
      return spec?.type === 'boolean' && spec.negatable === true;
    });
    const suggestion = closestName(name, [...longNames, ...negatable.map((long) => `no-${long}`)]);
    const hint = suggestion === null ? `"hordelab ${command.name} --help" lists its flags` : `did you mean --${suggestion}?`;
    return usageError(written, `unknown flag of "hordelab ${command.name}"; ${hint}`);
  };

  let endOfFlags = false;
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] as string;
    if (endOfFlags || isValue(token)) {
      positionals.push(token);
      continue;
    }
    if (token === '--') {
      endOfFlags = true;
      continue;
    }
    const equals = token.indexOf('=');
    const written = equals < 0 ? token : token.slice(0, equals);
    const inline = equals < 0 ? undefined : token.slice(equals + 1);
    let name: string;
    if (written.startsWith('--')) {
      name = written.slice(2);
    } else {
      const long = byAlias.get(written.slice(1));
      if (long === undefined) throw unknown(written, written.slice(1));
      name = long;
    }
    let spec = Object.hasOwn(options, name) ? options[name] : undefined;
    let negated = false;
    if (spec === undefined && name.startsWith('no-')) {
      const base = options[name.slice(3)];
      if (base?.type === 'boolean' && base.negatable === true && Object.hasOwn(options, name.slice(3))) {
        name = name.slice(3);
        spec = base;
        negated = true;
      }
    }
    if (spec === undefined) throw unknown(written, name);
    let value: string;
    if (spec.type === 'boolean') {
      if (inline !== undefined) throw usageError(written, `takes no value; got "${inline}"`);
      value = '';
    } else if (inline !== undefined) {
      value = inline;
    } else {
      const next = argv[index + 1];
      if (next === undefined || !isValue(next)) throw usageError(written, next === undefined ? 'expects a value' : `expects a value, got the flag ${next}`);
      value = next;
      index++;
    }
    const shown = spec.type === 'boolean' ? written : `${written} ${value}`;
    if (spec.type === 'list') {
      values.set(name, [...((values.get(name) as readonly string[] | undefined) ?? []), convert(name, spec, value, cwd) as string]);
      typedAs.set(name, shown);
      continue;
    }
    const earlier = typedAs.get(name);
    if (earlier !== undefined) throw usageError(`--${name}`, `given twice (${earlier}, then ${shown}); give it once`);
    typedAs.set(name, shown);
    values.set(name, spec.type === 'boolean' ? !negated : convert(name, spec, value, cwd));
  }

  const usage = `hordelab ${command.name}${command.positionals.map((positional) => ` <${positional.name}${positional.variadic ? '...' : ''}>`).join('')} [options]`;
  let next = 0;
  for (const positional of command.positionals) {
    const taken = positional.variadic ? positionals.slice(next) : positionals.slice(next, next + 1);
    if (taken.length === 0) throw usageError(`<${positional.name}>`, `missing; usage: ${usage}`);
    next += taken.length;
    const resolved = positional.path === true ? taken.map((path) => resolvePath(cwd, path)) : taken;
    values.set(positional.name, positional.variadic ? resolved : (resolved[0] as string));
  }
  if (next < positionals.length) {
    const extra = positionals[next] as string;
    const takes = command.positionals.length === 0 ? 'takes no arguments' : `takes ${command.positionals.map((positional) => `<${positional.name}>`).join(' ')}`;
    throw usageError(extra, `unexpected argument; "hordelab ${command.name}" ${takes} (usage: ${usage})`);
  }

  for (const [name, spec] of Object.entries(options)) {
    if (values.has(name)) continue;
    if (spec.required === true) throw usageError(`--${name}`, `is required; usage: ${usage}`);
    if (spec.type === 'boolean') values.set(name, spec.default ?? false);
    else if (spec.type === 'list') values.set(name, []);
    else if ((spec.type === 'string' || spec.type === 'number') && spec.default !== undefined) values.set(name, spec.default);
  }
  return new ParsedArguments(command.name, values, new Set(typedAs.keys()));
}
