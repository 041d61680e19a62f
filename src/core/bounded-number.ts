/**
 * A zod schema for each bounded number of `input-bounds.ts`, for the files that read numbers
 * (scenarios, checks files, baselines): the same bounds and words as the flags.
 */
import { z } from 'zod';
// Every bounded number of a file is read through here, so zod's messages are set before any schema runs.
import './zod-messages.js';
import { describeBound, boundProblem, type NumberBound } from './input-bounds.js';

/** A zod schema for a number inside `bound`, with the same message the flags give. */
export function boundedNumber(bound: NumberBound): z.ZodType<number> {
  // What was given, where it is no finite number (text, Infinity from 1e309, a list): said too.
  return z.number({ error: (issue) => `expected ${describeBound(bound)}, got ${issue.input === undefined ? 'nothing' : givenValue(issue.input)}` }).superRefine((value, context) => {
    const problem = boundProblem(bound, value);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });
}

/** A value as a message shows what was given: text quoted, numbers as JavaScript writes them, else its kind. */
function givenValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null) return 'null';
  return Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a mapping' : typeof value;
}
