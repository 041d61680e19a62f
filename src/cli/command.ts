/**
 * What a command of the `hordelab` command line is: its positionals and flags, declared as data
 * (types, bounds, aliases, help), and a handler that gets them parsed and checked. One module
 * per command under `commands/` exports one {@link CommandModule}, in the spirit of yargs'
 * commandDir convention; yargs reads the command line against the declaration
 * (`parse-arguments.ts`), so a command never sees an unknown, repeated or out-of-bounds flag.
 * The handler lives in `handlers/` under the same name and is loaded when the command runs
 * ({@link loadedOnRun}), so help and a refused flag load no command's work.
 *
 * Commands talk to the world only through {@link CliIo}: tests run them in-process with
 * captured output, a fake clock and a fake ticker.
 */
import type { NumberBound } from '../core/input-bounds.js';

/** Where a command writes text. */
export interface TextOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/** Calls `tick` every `ms` milliseconds until the returned function is called. */
export type Ticker = (ms: number, tick: () => void) => () => void;

/** Everything a command may use of the process it runs in. */
export interface CliIo {
  readonly stdout: TextOutput;
  readonly stderr: TextOutput;
  /** The folder relative paths on the command line are read from. */
  readonly cwd: string;
  /** Milliseconds from an arbitrary origin, never going back (the progress line's rate). */
  readonly now: () => number;
  /** Timers for the progress line. */
  readonly every: Ticker;
  /** Registers a handler of Ctrl-C (SIGINT) and SIGTERM; returns the function that removes it. */
  readonly onInterrupt: (handler: () => void) => () => void;
  /** What interrupted the command, for its messages: "Ctrl-C" unless told otherwise ("SIGTERM": a CI time limit, a container stopped). */
  readonly interruptedBy?: () => string;
  /** Leaves the process at once (a second Ctrl-C). */
  readonly exit: (code: number) => void;
}

interface OptionBase {
  readonly describe: string;
  /** A one-letter alias, without its dash: `n` for `-n`. */
  readonly alias?: string;
  /** The word shown for the value in help: `N`, `DIR`. */
  readonly placeholder?: string;
  /** Must be given (lists: at least once). */
  readonly required?: boolean;
}

/** One flag, by its type. */
export type OptionSpec =
  | (OptionBase & { readonly type: 'boolean'; readonly default?: boolean; readonly negatable?: boolean })
  | (OptionBase & { readonly type: 'string'; readonly default?: string })
  /** A file or folder: a relative path is read from {@link CliIo.cwd}. */
  | (OptionBase & { readonly type: 'path' })
  | (OptionBase & { readonly type: 'number'; readonly bound: NumberBound; readonly default?: number })
  /** Repeatable: each occurrence takes one value, in order. */
  | (OptionBase & { readonly type: 'list' });

/** A positional argument; every positional is required, the last may take several values. */
export interface PositionalSpec {
  readonly name: string;
  readonly describe: string;
  readonly variadic?: boolean;
  /** A file or folder, read from {@link CliIo.cwd} when relative. */
  readonly path?: boolean;
}

/** The value of a flag or positional after parsing. */
export type ArgumentValue = string | number | boolean | readonly string[];

/** Parsed, checked arguments; the accessors fail loudly on a name the command did not declare. */
export class ParsedArguments {
  constructor(
    readonly command: string,
    private readonly values: ReadonlyMap<string, ArgumentValue>,
    /** The flags the user actually typed (not defaults), by long name. */
    readonly typed: ReadonlySet<string>,
  ) {}

  private get(name: string): ArgumentValue | undefined {
    return this.values.get(name);
  }

  /** A string or path flag, or a single positional. */
  text(name: string): string | undefined {
    const value = this.get(name);
    if (value !== undefined && typeof value !== 'string') throw new Error(`argument ${name} of ${this.command} is not text`);
    return value;
  }

  /** A required single positional or required string flag. */
  required(name: string): string {
    const value = this.text(name);
    if (value === undefined) throw new Error(`argument ${name} of ${this.command} is missing after parsing`);
    return value;
  }

  number(name: string): number | undefined {
    const value = this.get(name);
    if (value !== undefined && typeof value !== 'number') throw new Error(`argument ${name} of ${this.command} is not a number`);
    return value;
  }

  flag(name: string): boolean {
    const value = this.get(name);
    if (typeof value !== 'boolean') throw new Error(`argument ${name} of ${this.command} is not a boolean`);
    return value;
  }

  /** A list flag or a variadic positional; empty when not given. */
  list(name: string): readonly string[] {
    const value = this.get(name) ?? [];
    if (!Array.isArray(value)) throw new Error(`argument ${name} of ${this.command} is not a list`);
    return value as readonly string[];
  }
}

/** One command: its declaration and what it does. */
export interface CommandModule {
  readonly name: string;
  /** One line, for the list of commands. */
  readonly summary: string;
  readonly positionals: readonly PositionalSpec[];
  /** Flags by long name (kebab-case). `--help` is added to every command. */
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly examples?: readonly (readonly [command: string, meaning: string])[];
  /** Text after the options in help: exit codes, folder rules. */
  readonly epilogue?: string;
  /** Runs the command; returns the exit code. Bad input is thrown as a UsageError. */
  readonly run: (args: ParsedArguments, io: CliIo) => Promise<number>;
}

/** What interrupted a command, as its messages name it. */
export const interruptName = (io: CliIo): string => io.interruptedBy?.() ?? 'Ctrl-C';

/**
 * A command's `run` that loads the command's work (`../handlers/<name>.ts`) only when it runs:
 * help, `--version` and a mistyped command or flag load no game, schema or thread pool.
 */
export function loadedOnRun(load: () => Promise<{ run: (args: ParsedArguments, io: CliIo) => Promise<number> }>): CommandModule['run'] {
  return async (args, io) => (await load()).run(args, io);
}
