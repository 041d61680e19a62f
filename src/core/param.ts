/**
 * Declaring a game's parameters without writing schemas by hand: `param.int({ default: 3,
 * min: 1, max: 10, description })` builds the same {@link ParameterSpec} the built-in games
 * write with zod (validation with messages that say what was expected, a default, a tunable
 * range), so a designer's game module needs nothing but `import { param } from 'hordelab'`.
 */
import { z } from 'zod';
import type { ParameterSpec } from './parameters.js';
import { shownInput } from './zod-messages.js';

interface Common<T> {
  /** What the parameter means, shown by `hordelab games` and in errors. */
  readonly description: string;
  readonly default: T;
}

interface NumberOptions extends Common<number> {
  readonly min?: number;
  readonly max?: number;
  /** Whether `tune` may search it (true when both `min` and `max` are given). */
  readonly tunable?: boolean;
  /** For whole numbers: the tuner's step (1). */
  readonly step?: number;
}

const range = (min: number | undefined, max: number | undefined): string =>
  min !== undefined && max !== undefined ? ` in ${min}..${max}` : min !== undefined ? ` >= ${min}` : max !== undefined ? ` <= ${max}` : '';

function bounded(schema: z.ZodNumber, options: NumberOptions, what: string): z.ZodNumber {
  const message = `expected ${what}${range(options.min, options.max)}`;
  let result = schema;
  if (options.min !== undefined) result = result.min(options.min, { message });
  if (options.max !== undefined) result = result.max(options.max, { message });
  return result;
}

function checkDefault<T>(spec: ParameterSpec<T>, name: string): ParameterSpec<T> {
  const parsed = spec.schema.safeParse(spec.default);
  // The builder is not told the parameter's name: its description and bounds say which it is.
  if (!parsed.success) {
    const expected = parsed.error.issues[0]?.message ?? 'another value';
    // String, not JSON: a NaN or Infinity default reads as itself, not null.
    // An object or list as its JSON, not "[object Object]" (audit 37a).
    const given = typeof spec.default === 'number' ? String(spec.default) : shownInput(spec.default);
    throw new RangeError(`param.${name} (described "${spec.description}"): the default ${given} does not satisfy its own bounds; ${expected}`);
  }
  return spec;
}

/** What an option of a builder must be, said as expected in its error. */
type OptionCheck = readonly [test: (value: unknown) => boolean, expected: string];

const TEXT: OptionCheck = [(value) => typeof value === 'string', 'text saying what the parameter means'];
const FINITE: OptionCheck = [(value) => typeof value === 'number' && Number.isFinite(value), 'a finite number'];
const FLAG: OptionCheck = [(value) => typeof value === 'boolean', 'true or false'];
const PRESENT: OptionCheck = [() => true, 'the value used when a scenario does not set it'];
const NUMBER_OPTIONS = { description: TEXT, default: PRESENT, min: FINITE, max: FINITE, tunable: FLAG } as const;

/**
 * Refuses a builder's options that are not an object, lack `description` or `default` (or
 * `required`), or hold an option the builder does not take or one of the wrong kind: in a game
 * written in plain JavaScript, `param.choice({ options: [...] })` failed with a bare "Cannot read
 * properties of undefined", `param.probability({ max: 0.8 })` was quietly 0..1, and a custom
 * parameter without `validate` blamed its default (audit 38a).
 * @throws TypeError naming the builder, the parameter's description where given, and the option.
 */
function checkOptions(name: string, options: unknown, known: Readonly<Record<string, OptionCheck>>, required: readonly string[], hint = ''): void {
  const expectedOptions = Object.keys(known).join(', ');
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new TypeError(`param.${name}: expected an object of options (${expectedOptions}), got ${shownInput(options)}`);
  const given = options as Record<string, unknown>;
  const which = typeof given['description'] === 'string' ? ` (described "${given['description']}")` : '';
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(known, key)) throw new TypeError(`param.${name}${which}: no option "${key}"; expected only ${expectedOptions}${hint}`);
  }
  for (const key of ['description', 'default', ...required]) {
    if (given[key] === undefined) throw new TypeError(`param.${name}${which}: no ${key}; expected ${key}: ${(known[key] as OptionCheck)[1]}`);
  }
  for (const [key, [test, expected]] of Object.entries(known)) {
    if (given[key] !== undefined && !test(given[key])) throw new TypeError(`param.${name}${which}: ${key} is ${shownInput(given[key])}; expected ${expected}`);
  }
}

/** A real number's spec; `name` is the builder's, for the error of a default outside the bounds. */
function realSpec(options: NumberOptions, name: string): ParameterSpec<number> {
  const schema = bounded(z.number({ message: 'expected a number' }).finite({ message: 'expected a finite number' }), options, 'a number');
  const tunable = options.tunable !== false && options.min !== undefined && options.max !== undefined;
  return checkDefault(
    { description: options.description, schema, default: options.default, ...(tunable ? { tunable: { kind: 'real' as const, min: options.min as number, max: options.max as number } } : {}) },
    name,
  );
}

/** Builders of parameter specs. */
export const param = {
  /** A whole number. */
  int(options: NumberOptions): ParameterSpec<number> {
    checkOptions('int', options, { ...NUMBER_OPTIONS, step: [(value) => typeof value === 'number' && Number.isInteger(value) && value > 0, 'a whole number above 0'] }, []);
    const schema = bounded(z.number({ message: 'expected a whole number' }).int({ message: `expected a whole number${range(options.min, options.max)}` }), options, 'a whole number');
    const tunable = options.tunable !== false && options.min !== undefined && options.max !== undefined;
    return checkDefault(
      {
        description: options.description,
        schema,
        default: options.default,
        ...(tunable ? { tunable: { kind: 'int' as const, min: options.min as number, max: options.max as number, ...(options.step === undefined ? {} : { step: options.step }) } } : {}),
      },
      'int',
    );
  },
  /** A real number. */
  real(options: Omit<NumberOptions, 'step'>): ParameterSpec<number> {
    checkOptions('real', options, NUMBER_OPTIONS, []);
    return realSpec(options, 'real');
  },
  /** A probability in 0..1. */
  probability(options: Common<number> & { readonly tunable?: boolean }): ParameterSpec<number> {
    // Always 0..1: a narrower range is a param.real with min and max.
    checkOptions('probability', options, { description: TEXT, default: PRESENT, tunable: FLAG }, [], ' (a probability is always 0..1; for a narrower range, param.real with min and max)');
    return realSpec({ ...options, min: 0, max: 1 }, 'probability');
  },
  /** true or false. */
  bool(options: Common<boolean>): ParameterSpec<boolean> {
    checkOptions('bool', options, { description: TEXT, default: PRESENT }, []);
    return checkDefault({ description: options.description, schema: z.boolean({ message: 'expected true or false' }), default: options.default, tunable: { kind: 'choice', choices: [false, true] } }, 'bool');
  },
  /** One of a few values (strings or numbers). */
  choice<T extends string | number>(options: Common<T> & { readonly choices: readonly T[] }): ParameterSpec<T> {
    const choices: OptionCheck = [(value) => Array.isArray(value) && value.length > 0 && value.every((one) => typeof one === 'string' || (typeof one === 'number' && Number.isFinite(one))), 'a list of the values allowed (text or numbers), such as ["easy", "hard"]'];
    checkOptions('choice', options, { description: TEXT, default: PRESENT, choices }, ['choices']);
    const allowed = options.choices;
    const schema = z.custom<T>((value) => allowed.includes(value as T), { message: `expected one of: ${allowed.map((c) => JSON.stringify(c)).join(', ')}` });
    return checkDefault({ description: options.description, schema, default: options.default, tunable: { kind: 'choice', choices: allowed } }, 'choice');
  },
  /** Text. */
  text(options: Common<string>): ParameterSpec<string> {
    checkOptions('text', options, { description: TEXT, default: PRESENT }, []);
    return checkDefault({ description: options.description, schema: z.string({ message: 'expected text' }), default: options.default }, 'text');
  },
  /** Any value with your own check: `validate` returns null when fine, else what was expected. */
  custom<T>(options: Common<T> & { readonly validate: (value: unknown) => string | null }): ParameterSpec<T> {
    checkOptions('custom', options, { description: TEXT, default: PRESENT, validate: [(value) => typeof value === 'function', 'a function of the value answering null when it is fine, else what was expected'] }, ['validate']);
    const schema = z.unknown().superRefine((value, context) => {
      // A game's own check that throws on a value it did not expect (a number where it reads a
      // list) refuses that value: the user's input is what is wrong, not Hordelab.
      let problem: unknown;
      try {
        problem = options.validate(value);
      } catch (error) {
        problem = `expected a value the game's own check accepts, got ${shownInput(value)}; it threw ${JSON.stringify(error instanceof Error ? error.message : String(error))} on it`;
      }
      if (problem !== null) context.addIssue({ code: 'custom', message: typeof problem === 'string' ? problem : `expected a value the game's own check accepts, got ${shownInput(value)}; it answered ${shownInput(problem)} for it (a check answers null or a message)` });
    }) as unknown as z.ZodType<T>;
    return checkDefault({ description: options.description, schema, default: options.default }, 'custom');
  },
};
