/**
 * Zod's own words where a schema gives none, for values a YAML file or `--set` can hold that its
 * defaults describe badly: `.nan` read as "Invalid input: expected number, received NaN", and
 * `.inf` or `1e999` as "received Infinity". Set
 * once, for every schema (zod's global configuration); a schema's own message still wins.
 */
import { z } from 'zod';

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.expected === 'number' && typeof issue.input === 'number') {
      if (Number.isNaN(issue.input)) return 'expected a number, got NaN (.nan)';
      if (!Number.isFinite(issue.input)) return `expected a finite number, got ${issue.input}`;
    }
    // "Unrecognized key" alone leaves a misspelt field to guess: the fields that are taken.
    if (issue.code === 'unrecognized_keys') {
      const shape = (issue.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape;
      const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
      const fields = shape === undefined ? [] : Object.keys(shape);
      return `${keys} ${issue.keys.length === 1 ? 'is not a field' : 'are not fields'} here${fields.length === 0 ? '' : `; expected ${fields.join(', ')}`}`;
    }
    if (issue.code === 'invalid_type' && issue.expected === 'object' && Array.isArray(issue.input)) return 'expected an object of fields (name: value), got a list';
    // "expected boolean, received string" for `yes`: say what YAML takes for a switch.
    if (issue.code === 'invalid_type' && issue.expected === 'boolean') return `expected true or false, got ${shownInput(issue.input)}`;
    return undefined;
  },
});

/** A value as a message shows it: text quoted, anything JSON cannot hold by its kind. */
function shownInput(value: unknown): string {
  if (value === undefined) return 'nothing';
  try {
    return JSON.stringify(value)?.slice(0, 60) ?? typeof value;
  } catch {
    return typeof value;
  }
}
