/**
 * Game parameters: every [default] rule of a spec is a named parameter with a default, a
 * schema that validates it and, where it makes sense to search it, a tunable range.
 */
import { z } from 'zod';
import { MERGE_KEY_NOTE, shownInput } from './zod-messages.js';
import { copyOfData } from './game-params.js';
import { closestName } from './did-you-mean.js';

/** A range a tuner may search for one parameter. */
export type TunableRange =
  | { readonly kind: 'int'; readonly min: number; readonly max: number; readonly step?: number }
  | { readonly kind: 'real'; readonly min: number; readonly max: number }
  | { readonly kind: 'choice'; readonly choices: readonly unknown[] };

/** One parameter of a game. */
export interface ParameterSpec<T = unknown> {
  /** What the parameter means, for `--help`, `hordelab games` and the README. */
  readonly description: string;
  /** Validates a value given in a scenario or with `--set`. */
  readonly schema: z.ZodType<T>;
  /** The value used when the scenario does not give one. */
  readonly default: T;
  /** Where the tuner may search; absent for parameters that are not numbers to tune (maps, names). */
  readonly tunable?: TunableRange;
}

/** The parameters of a game, by name. */
export type ParameterSpecs<P> = { readonly [K in keyof P]: ParameterSpec<P[K]> };

/** A problem found in a set of parameters: which field, and what was expected. */
export interface ParameterIssue {
  /** The field path inside the parameters, e.g. `["traps", "40"]`. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/**
 * The defaults of every parameter, each a copy of the spec's own (copied as a match's parameters
 * are: a class instance or a function in a module's default is handed on as it is, where
 * `structuredClone` made an instance a plain object and refused a function, review 30b).
 */
export function defaultParameters<P>(specs: ParameterSpecs<P>): P {
  const result: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs) as [string, ParameterSpec][]) {
    result[name] = copyOfData(spec.default);
  }
  return result as P;
}

/**
 * Validates raw parameters (from YAML, JSON or `--set`) against the specs: unknown names and
 * values of the wrong shape become issues with their field path; missing ones take defaults.
 */
export function parseParameters<P>(
  specs: ParameterSpecs<P>,
  raw: Readonly<Record<string, unknown>>,
): { ok: true; params: P } | { ok: false; issues: ParameterIssue[] } {
  const issues: ParameterIssue[] = [];
  const result: Record<string, unknown> = {};
  const known = Object.keys(specs);
  for (const name of Object.keys(raw)) {
    if (!Object.hasOwn(specs, name)) {
      const meant = closestName(name, known);
      issues.push({ path: [name], message: name === '<<' ? `unknown parameter: ${MERGE_KEY_NOTE}` : known.length === 0 ? 'unknown parameter; this game takes no parameters' : meant !== null ? `unknown parameter; did you mean ${meant}?` : `unknown parameter; expected one of: ${known.join(', ')}` });
    }
  }
  for (const [name, spec] of Object.entries(specs) as [string, ParameterSpec][]) {
    if (!Object.hasOwn(raw, name) || raw[name] === undefined) {
      result[name] = copyOfData(spec.default);
      continue;
    }
    const parsed = spec.schema.safeParse(raw[name]);
    if (parsed.success) {
      result[name] = parsed.data;
    } else {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(pathKey);
        issues.push({ path: [name, ...path], message: withValueGiven(issue.message, raw[name], path) });
      }
    }
  }
  return issues.length === 0 ? { ok: true, params: result as P } : { ok: false, issues };
}

/**
 * `message`, with the value given at `path` inside `value` said after it ("expected a whole
 * number in 2..200, got 2.5") when the message does not say it already: a game's own schema, or
 * the `param` builders', may say only what was expected, and "six" should be read back to whoever
 * typed it. Nothing is added where nothing was given at `path` (a missing field).
 */
function withValueGiven(message: string, value: unknown, path: readonly (string | number)[]): string {
  // "…, got 5" or "(got 3)" as Hordelab's messages say it; not the word inside a quoted choice or a game's own phrase (review 30c).
  if (/(?:, |; |\()got /.test(message)) return message;
  let given = value;
  for (const key of path) {
    if (typeof given !== 'object' || given === null || !Object.hasOwn(given, key)) return message;
    given = (given as Record<string | number, unknown>)[key];
  }
  return given === undefined ? message : `${message}, got ${shownInput(given)}`;
}

function pathKey(key: PropertyKey): string | number {
  return typeof key === 'number' ? key : String(key);
}

/** Formats a field path the way users write it: `params.traps.40`, `seats[1].agent`. */
export function formatPath(path: readonly (string | number)[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? key : `.${key}`;
  }
  return text;
}

/**
 * `game.validateParameters(params)`, answering in the contract's shape whatever it does: a game
 * module's check is user code, and one that throws or returns something else is a problem of the
 * parameters it was handed (exit 2 naming them), not an internal failure.
 */
export function parameterIssuesOf(game: { validateParameters(params: never): unknown }, params: unknown): ParameterIssue[] {
  let issues: unknown;
  try {
    issues = (game.validateParameters as (params: unknown) => unknown)(params);
  } catch (error) {
    return [{ path: [], message: `the game's validateParameters threw ${JSON.stringify(error instanceof Error ? error.message : String(error))}` }];
  }
  const shaped =
    Array.isArray(issues) &&
    issues.every((issue: unknown) => {
      const record = issue as { path?: unknown; message?: unknown } | null;
      return typeof record === 'object' && record !== null && typeof record.message === 'string' && Array.isArray(record.path) && record.path.every((key) => typeof key === 'string' || typeof key === 'number');
    });
  if (!shaped) return [{ path: [], message: "the game's validateParameters returned something other than a list of { path, message } (path a list of keys)" }];
  return issues as ParameterIssue[];
}

