/**
 * The options of the library's exported functions, checked as the command line checks its
 * flags: an option out of its bounds, of the wrong kind, or unknown is a {@link UsageError}
 * naming the function, the option and what was expected. Unchecked, `checkConformance` with
 * `playouts: NaN` played nothing and said the game conforms, and `runScenario` with
 * `maxErrors: -1` tolerated every failed match (audit 39c F2, F6).
 */
import { closestName } from './did-you-mean.js';
import { UsageError } from './errors.js';
import { boundProblem, type NumberBound } from './input-bounds.js';
import { shownInput } from './zod-messages.js';

/** One option's check: null when `value` is fine, else what was expected and what was got. */
export type OptionRule = (value: unknown) => string | null;

/** A number inside `bound` (the bounds of the matching command-line flag). */
export const within =
  (bound: NumberBound): OptionRule =>
  (value) =>
    boundProblem(bound, value);

/** A value of the kind `expected` describes, when `test` holds. */
export const kind =
  (test: (value: unknown) => boolean, expected: string): OptionRule =>
  (value) =>
    test(value) ? null : `expected ${expected}, got ${shownValue(value)}`;

export const FLAG = kind((value) => typeof value === 'boolean', 'true or false');
export const FUNCTION = kind((value) => typeof value === 'function', 'a function');
export const TEXT = kind((value) => typeof value === 'string' && value !== '', 'non-empty text');
export const OBJECT = kind((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');

/**
 * A scenario as `loadScenario` (or `parseScenario`) returns it, told by the parts a function
 * reads first: a scenario object as `run()` takes it, given in its place, threw a TypeError
 * about `scenario.entry` (audit 41a F5).
 */
export const SCENARIO = kind((value) => {
  const scenario = value as { entry?: { game?: unknown } | null; source?: unknown; seats?: unknown; matches?: unknown; seed?: unknown } | null;
  return (
    typeof scenario === 'object' &&
    scenario !== null &&
    typeof scenario.entry === 'object' &&
    scenario.entry !== null &&
    typeof scenario.entry.game === 'object' &&
    scenario.entry.game !== null &&
    typeof scenario.source === 'object' &&
    Array.isArray(scenario.seats) &&
    Number.isSafeInteger(scenario.matches) &&
    Number.isSafeInteger(scenario.seed)
  );
}, 'a scenario as loadScenario returns it');

/** A value as a message shows it: a function or an object by its kind where JSON would hide it. */
function shownValue(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  return shownInput(value);
}

/** @throws UsageError naming `source` and the argument `field` when `value` fails `rule`. */
export function checkArgument(source: string, field: string, value: unknown, rule: OptionRule): void {
  const problem = rule(value);
  if (problem !== null) throw new UsageError([{ source, field, message: problem }]);
}

/**
 * Checks `options` of the library function `source` against `rules`: an object (or nothing, when
 * no option is `required`), no option but those the rules name, every required one given, and
 * each given option (not `undefined`) passing its rule.
 * @throws UsageError naming `source` and the first option that fails, with what was expected.
 */
export function checkOptions(source: string, options: unknown, rules: Readonly<Record<string, OptionRule>>, required: readonly string[] = []): void {
  const known = Object.keys(rules);
  if (options === undefined && required.length === 0) return;
  const fail = (field: string, message: string): never => {
    throw new UsageError([{ source, field, message }]);
  };
  if (typeof options !== 'object' || options === null || Array.isArray(options)) fail('options', `expected an object of options (${known.join(', ')}), got ${shownValue(options)}`);
  const given = options as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (Object.hasOwn(rules, key)) continue;
    const near = closestName(key, known);
    fail(`options.${key}`, `is not an option of ${source}${near === null ? '' : ` (did you mean ${near}?)`}; expected one of ${known.join(', ')}`);
  }
  for (const [key, rule] of Object.entries(rules)) {
    const value = given[key];
    if (value === undefined && required.includes(key)) fail(`options.${key}`, `is missing; ${rule(undefined) ?? 'expected a value'}`);
    if (value === undefined) continue;
    const problem = rule(value);
    if (problem !== null) fail(`options.${key}`, problem);
  }
}
