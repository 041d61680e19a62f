import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { param } from '../src/core/param.js';
import { chiSquaredGoodnessOfFit, chiSquaredSurvival } from '../src/stats/chi-squared.js';
import { logGamma } from '../src/stats/distributions.js';
import { defaultParameters, parseParameters } from '../src/core/parameters.js';

describe('param builders', () => {
  const specs = {
    rounds: param.int({ description: 'Rounds.', default: 5, min: 1, max: 20 }),
    bias: param.probability({ description: 'Bias.', default: 0.5 }),
    strict: param.bool({ description: 'Strict.', default: false }),
    deck: param.choice({ description: 'Deck.', default: 'small', choices: ['small', 'large'] as const }),
    even: param.custom<number>({ description: 'An even number.', default: 2, validate: (v) => (typeof v === 'number' && v % 2 === 0 ? null : 'expected an even number') }),
  };

  it('validates with messages that say what was expected, and fills defaults', () => {
    expect(defaultParameters(specs)).toEqual({ rounds: 5, bias: 0.5, strict: false, deck: 'small', even: 2 });
    const bad = parseParameters(specs, { rounds: 0, bias: 1.5, strict: 'yes', deck: 'huge', even: 3 });
    expect(bad.ok).toBe(false);
    const messages = bad.ok ? [] : bad.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'rounds: expected a whole number in 1..20, got 0',
      'bias: expected a number in 0..1, got 1.5',
      'strict: expected true or false, got "yes"',
      'deck: expected one of: "small", "large", got "huge"',
      'even: expected an even number, got 3',
    ]);
    expect(parseParameters(specs, { rounds: 2.5 }).ok).toBe(false);
    expect(parseParameters(specs, { rounds: 20, deck: 'large' })).toEqual({ ok: true, params: { rounds: 20, bias: 0.5, strict: false, deck: 'large', even: 2 } });
  });

  it("refuses a value a game's own check throws on, or answers oddly for, as bad input naming the parameter", () => {
    const naive = {
      weights: param.custom<number[]>({ description: 'Weights.', default: [1], validate: (v) => ((v as number[]).every((w) => w > 0) ? null : 'expected positive weights') }),
      odd: param.custom<number>({ description: 'Odd.', default: 1, validate: (v) => (v === 1 ? null : (false as unknown as string)) }),
    };
    expect(parseParameters(naive, { weights: [2, 3] }).ok).toBe(true);
    const bad = parseParameters(naive, { weights: 5, odd: 2 });
    expect(bad.ok ? [] : bad.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      `weights: expected a value the game's own check accepts, got 5; it threw "v.every is not a function" on it`,
      "odd: expected a value the game's own check accepts, got 2; it answered false for it (a check answers null or a message)",
    ]);
  });

  it('reads back the value given where a message says only what was expected, at the part that is wrong', () => {
    const nested = {
      traps: { description: 'Traps.', default: { low: 1 }, schema: z.object({ low: z.number({ message: 'expected a count' }), high: z.number({ message: 'expected a count' }).optional() }).strict() },
      rows: param.custom<string[]>({ description: 'Rows.', default: ['.'], validate: (v) => (Array.isArray(v) && v.length < 3 ? null : 'expected at most 2 rows') }),
      said: { description: 'Said.', default: 1, schema: z.number({ message: 'expected one, got something else' }) },
    };
    const messages = (raw: Record<string, unknown>): string[] => {
      const parsed = parseParameters(nested as never, raw);
      return parsed.ok ? [] : parsed.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    // The part of a mapping that is wrong is read back, not the whole mapping.
    expect(messages({ traps: { low: 'two' } })).toEqual(['traps.low: expected a count, got "two"']);
    // A required part that is missing: nothing was given there, so nothing is read back.
    expect(messages({ traps: { high: 2 } })).toEqual(['traps.low: expected a count']);
    // A long value is cut, with an ellipsis, so the message stays one line.
    const long = messages({ rows: Array.from({ length: 40 }, () => '....') })[0] as string;
    expect(long).toMatch(/^rows: expected at most 2 rows, got \["\.\.\.\.","\.\.\.\.",.*…$/);
    expect(long.length).toBe('rows: expected at most 2 rows, got '.length + 60);
    // A message that says what it got already is left as it is; the word elsewhere is no such saying (review 30c).
    expect(messages({ said: 'x' })).toEqual(['said: expected one, got something else']);
    const worded = {
      mode: param.choice({ description: 'Mode.', default: 'got', choices: ['got', 'lost'] }),
      list: param.custom<number[]>({ description: 'A list.', default: [], validate: (v) => (Array.isArray(v) ? null : 'a list, not what you got') }),
      tilt: param.real({ description: 'Tilt.', default: 0, min: 0, max: 1 }),
    };
    const said = (raw: Record<string, unknown>): string[] => {
      const parsed = parseParameters(worded as never, raw);
      return parsed.ok ? [] : parsed.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(said({ mode: 'won', list: 5 })).toEqual(['mode: expected one of: "got", "lost", got "won"', 'list: a list, not what you got, got 5']);
    expect(said({ tilt: -0.5 })).toEqual(['tilt: expected a number in 0..1, got -0.5']);
    expect(said({ list: -0 })).toEqual(['list: a list, not what you got, got -0']);
  });

  it('names the parameters a misspelt one could have meant, or says there are none', () => {
    expect(parseParameters(specs, { round: 3 })).toMatchObject({ ok: false, issues: [{ path: ['round'], message: 'unknown parameter; did you mean rounds?' }] });
    expect(parseParameters(specs, { speed: 3 })).toMatchObject({ ok: false, issues: [{ path: ['speed'], message: 'unknown parameter; expected one of: rounds, bias, strict, deck, even' }] });
    expect(parseParameters({}, { seed: 5 })).toEqual({ ok: false, issues: [{ path: ['seed'], message: 'unknown parameter; this game takes no parameters' }] });
  });

  it('declares tunable ranges from the bounds, and refuses a default outside them', () => {
    expect(specs.rounds.tunable).toEqual({ kind: 'int', min: 1, max: 20 });
    expect(specs.bias.tunable).toEqual({ kind: 'real', min: 0, max: 1 });
    expect(param.int({ description: 'x', default: 3, min: 1 }).tunable).toBeUndefined();
    expect(() => param.int({ description: 'cells to the finish', default: 30, min: 1, max: 20 })).toThrow('param.int (described "cells to the finish"): the default 30 does not satisfy its own bounds; expected a whole number in 1..20');
    expect(() => param.probability({ description: 'trap chance', default: 2 })).toThrow('param.probability (described "trap chance"): the default 2 does not satisfy its own bounds; expected a number in 0..1');
    expect(() => param.probability({ description: 'p', default: Number.NaN })).toThrow('the default NaN does not satisfy');
    // A custom default and a check's odd answer shown as written, not "[object Object]" and an empty string (audit 37a).
    expect(() => param.custom({ description: 'deck', default: { a: 1 }, validate: () => [] as unknown as string })).toThrow(
      `param.custom (described "deck"): the default {"a":1} does not satisfy its own bounds; expected a value the game's own check accepts, got {"a":1}; it answered [] for it (a check answers null or a message)`,
    );
  });

  it("refuses options a builder does not take, or of the wrong kind, naming the builder, the parameter's description and the option (audit 38a)", () => {
    // As a game written in plain JavaScript may call them.
    const loose = param as unknown as Record<string, (options: unknown) => unknown>;
    const refusal = (builder: string, options: unknown): string => {
      try {
        loose[builder]?.(options);
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal('choice', { description: 'Mode.', default: 'a', options: ['a', 'b'] })).toBe('param.choice (described "Mode."): no option "options"; expected only description, default, choices');
    expect(refusal('choice', { description: 'Mode.', default: 'a' })).toBe('param.choice (described "Mode."): no choices; expected choices: a list of the values allowed (text or numbers), such as ["easy", "hard"]');
    expect(refusal('choice', { description: 'Mode.', default: 'a', choices: [] })).toBe('param.choice (described "Mode."): choices is []; expected a list of the values allowed (text or numbers), such as ["easy", "hard"]');
    expect(refusal('choice', { description: 'Mode.', default: 'a', choices: ['a', { b: 1 }] })).toMatch(/^param\.choice \(described "Mode\."\): choices is \["a",\{"b":1\}\]; expected a list/);
    expect(refusal('custom', { description: 'Deck.', default: { low: 2 } })).toBe('param.custom (described "Deck."): no validate; expected validate: a function of the value answering null when it is fine, else what was expected');
    expect(refusal('custom', { description: 'Deck.', default: 1, validate: 'even' })).toBe('param.custom (described "Deck."): validate is "even"; expected a function of the value answering null when it is fine, else what was expected');
    expect(refusal('probability', { description: 'Aim.', default: 0.5, max: 0.8 })).toBe('param.probability (described "Aim."): no option "max"; expected only description, default, tunable (a probability is always 0..1; for a narrower range, param.real with min and max)');
    expect(refusal('int', { description: 'Rounds.', default: 5, min: 1, max: 9, step: 0 })).toBe('param.int (described "Rounds."): step is 0; expected a whole number above 0');
    expect(refusal('int', { description: 'Rounds.', default: 5, min: '1' })).toBe('param.int (described "Rounds."): min is "1"; expected a finite number');
    expect(refusal('real', { description: 'Rate.', default: 0.5, max: Infinity })).toBe('param.real (described "Rate."): max is Infinity; expected a finite number');
    expect(refusal('real', { description: 'Rate.', default: 0.5, tunable: 'yes' })).toBe('param.real (described "Rate."): tunable is "yes"; expected true or false');
    expect(refusal('real', { description: 'Rate.', default: 0.5, step: 1 })).toBe('param.real (described "Rate."): no option "step"; expected only description, default, min, max, tunable');
    expect(refusal('bool', { default: true })).toBe('param.bool: no description; expected description: text saying what the parameter means');
    expect(refusal('text', { description: 7, default: 'x' })).toBe('param.text: description is 7; expected text saying what the parameter means');
    expect(refusal('text', { description: 'Name.' })).toBe('param.text (described "Name."): no default; expected default: the value used when a scenario does not set it');
    expect(refusal('int', 5)).toBe('param.int: expected an object of options (description, default, min, max, tunable, step), got 5');
    expect(refusal('bool', null)).toBe('param.bool: expected an object of options (description, default), got null');
    expect(refusal('int', [])).toMatch(/^param\.int: expected an object of options/);
    // What the builders take is taken.
    expect(refusal('int', { description: 'Rounds.', default: 5, min: 1, max: 9, step: 2, tunable: false })).toBe('accepted');
    expect(refusal('probability', { description: 'Aim.', default: 0.5, tunable: true })).toBe('accepted');
    expect(refusal('choice', { description: 'Size.', default: 3, choices: [3, 5] })).toBe('accepted');
  });
});

describe('chi-squared', () => {
  it('matches tabulated values', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    // Critical values at 5% and 1% (any statistics table).
    expect(chiSquaredSurvival(3.841459, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquaredSurvival(11.070498, 5)).toBeCloseTo(0.05, 6);
    expect(chiSquaredSurvival(23.209251, 10)).toBeCloseTo(0.01, 6);
    expect(chiSquaredSurvival(124.342113, 100)).toBeCloseTo(0.05, 5);
    expect(chiSquaredSurvival(0, 4)).toBe(1);
  });

  it('pools small cells and flags counts that do not fit', () => {
    const fair = chiSquaredGoodnessOfFit([100, 98, 103, 99, 101, 99], new Array(6).fill(1 / 6));
    expect(fair.degreesOfFreedom).toBe(5);
    expect(fair.pValue).toBeGreaterThan(0.9);
    const loaded = chiSquaredGoodnessOfFit([80, 80, 80, 80, 80, 200], new Array(6).fill(1 / 6));
    expect(loaded.pValue).toBeLessThan(1e-10);
    // Expected 3 and 3 are pooled into one cell of 6, leaving 2 cells; 1 and 1 pool into 98's.
    expect(chiSquaredGoodnessOfFit([3, 3, 94], [0.03, 0.03, 0.94]).degreesOfFreedom).toBe(1);
    expect(chiSquaredGoodnessOfFit([1, 1, 98], [0.01, 0.01, 0.98]).degreesOfFreedom).toBe(0);
    expect(chiSquaredGoodnessOfFit([1, 99], [0, 1]).pValue).toBe(0);
  });
});
