/**
 * `compareRuns` as the library exports it: its significance level checked as `hordelab compare
 * --alpha` checks it. Unchecked, `alpha: NaN` or `-1` threw a RangeError about a confidence the
 * caller never gave, and `0.9` compared at 10% confidence (audit 39c F6).
 */
import { BOUNDS } from '../core/input-bounds.js';
import { checkArgument, kind, within } from '../core/library-options.js';
import { compareRuns as compareRunSummaries } from '../present/compare.js';

/**
 * Compares the run `runInput` (from `runDir`) with the baseline `baselineInput`, metric by metric,
 * at significance `alpha` after Holm's correction (0.05 by default; above 0 and below 0.5).
 * @throws UsageError naming `alpha` or `primary` when out of bounds or not text, or what a summary lacks.
 */
export function compareRuns(...args: Parameters<typeof compareRunSummaries>): ReturnType<typeof compareRunSummaries> {
  const [, , , , alpha, primary] = args;
  if (alpha !== undefined) checkArgument('compareRuns', 'alpha', alpha, within(BOUNDS.alpha));
  if (primary !== undefined) checkArgument('compareRuns', 'primary', primary, kind((value) => typeof value === 'string' && value !== '', 'a metric path such as p1WinRate'));
  return compareRunSummaries(...args);
}
