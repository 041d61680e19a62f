/**
 * The values of a summary's figures, checked against what the code that writes them can write,
 * so a hand-edited `summary.json` is refused instead of compared: the schema and the shape check
 * (`summary-schema.ts`) see only that a field is a number, not that it is a possible one.
 *
 * The kinds of figure, and where they come from:
 * - a rate (`rate`, `successes`, `n`; `stats/clusters.ts` `clusteredRate`): n and successes whole,
 *   0 ≤ successes ≤ n, rate = successes / n (null, JSON's NaN, when n is 0), bounds within
 *   [0, 1] around the rate, a positive finite design effect, and 1 ≤ clusters ≤ n (0 when n is 0:
 *   every cluster holds at least one trial);
 * - a mean (`mean`, `sd`, `n`; `clusteredMean`, a custom ratio's `ratioEstimate`, an agent's
 *   halved score), and Integer Duel's `difference` of two shares (a mean under another name):
 *   n whole, the value finite or null, bounds both null or both around it, sd ≥ 0, a positive
 *   finite design effect, 0 ≤ clusters ≤ n (≥ 1 once there is a sample, except for a ratio,
 *   whose n counts matches, not samples);
 * - a histogram beside a mean: [value, count] pairs, values ascending, counts whole ≥ 1;
 * - a transformed figure beside an exact one (Survivors' `simulated`, `lower`, `upper`), the
 *   first mover's `advantage` (`value`, `lower`, `upper`): bounds around the value where all three
 *   are given;
 * - quantiles of match length: min ≤ median ≤ p90 ≤ max.
 * Figures older summaries lack (`designEffect`, `clusters` per figure) are checked where present.
 */
import { formatPath } from '../core/parameters.js';
import { effectiveRateInterval } from '../stats/rate-interval.js';

/** Where a figure's value is impossible, and why. */
export interface ValueProblem {
  readonly path: (string | number)[];
  readonly message: string;
}

/** Slack for rounding: a rate is successes / n to the last bits, a bound is its value's. */
const TOLERANCE = 1e-9;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown): string => (value === undefined ? 'nothing' : typeof value === 'number' ? String(value) : JSON.stringify(value));
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** Within `TOLERANCE` of `a ≤ b`, relative to their size. */
const atMost = (a: number, b: number): boolean => a <= b + TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));

class Problem extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

function fail(path: (string | number)[], key: string, expected: string, value: unknown): never {
  throw new Problem([...path, key], `expected ${expected}, got ${shown(value)}`);
}

function wholeAtLeast(node: Record<string, unknown>, path: (string | number)[], key: string, least: number): number {
  const value = node[key];
  if (!isWhole(value) || value < least) fail(path, key, `a whole number ≥ ${least}`, value);
  return value;
}

function designEffect(node: Record<string, unknown>, path: (string | number)[]): void {
  if (!('designEffect' in node)) return;
  const value = node['designEffect'];
  if (!isFiniteNumber(value) || value <= 0) fail(path, 'designEffect', 'a finite number above 0', value);
}

/** `clusters`, where given: 0 without trials, else from `least` to n. */
function clusters(node: Record<string, unknown>, path: (string | number)[], n: number, least: number): void {
  if (!('clusters' in node)) return;
  const value = node['clusters'];
  if (n === 0) {
    if (value !== 0) fail(path, 'clusters', '0, as n is 0', value);
    return;
  }
  if (!isWhole(value) || value < least || value > n) fail(path, 'clusters', least === 0 ? `a whole number from 0 to n (${n})` : `a whole number from ${least} to n (${n})`, value);
}

/** lower ≤ value ≤ upper, each finite or null; the bounds checked only where all three are numbers. */
function interval(node: Record<string, unknown>, path: (string | number)[], valueKey: string, bothBounds: boolean): void {
  for (const key of [valueKey, 'lower', 'upper']) {
    const value = node[key];
    if (value !== null && !isFiniteNumber(value)) fail(path, key, 'a finite number or null', value);
  }
  const value = node[valueKey] as number | null;
  const lower = node['lower'] as number | null;
  const upper = node['upper'] as number | null;
  if (bothBounds && (lower === null) !== (upper === null)) fail(path, lower === null ? 'lower' : 'upper', `null, as ${lower === null ? 'lower' : 'upper'} is`, lower === null ? upper : lower);
  if (value !== null && lower !== null && !atMost(lower, value)) fail(path, 'lower', `at most ${valueKey} (${value})`, lower);
  if (value !== null && upper !== null && !atMost(value, upper)) fail(path, 'upper', `at least ${valueKey} (${value})`, upper);
  if (lower !== null && upper !== null && !atMost(lower, upper)) fail(path, 'lower', `at most upper (${upper})`, lower);
}

/** What the whole summary says that a figure's check needs: its confidence, and whether its rates carry design effects. */
interface SummaryContext {
  readonly confidence: number | null;
  readonly clustered: boolean;
}

function checkRate(node: Record<string, unknown>, path: (string | number)[], { confidence, clustered }: SummaryContext): void {
  const n = wholeAtLeast(node, path, 'n', 0);
  const successes = node['successes'];
  if (!isWhole(successes) || successes < 0 || successes > n) fail(path, 'successes', `a whole number from 0 to n (${n})`, successes);
  const rate = node['rate'];
  if (n === 0) {
    if (rate !== null) fail(path, 'rate', 'null, as n is 0', rate);
  } else {
    const exact = successes / n;
    if (!isFiniteNumber(rate) || Math.abs(rate - exact) > TOLERANCE) fail(path, 'rate', `successes / n (${successes} / ${n} = ${exact})`, rate);
  }
  interval(node, path, 'rate', true);
  for (const key of ['lower', 'upper']) {
    const value = node[key];
    if (!isFiniteNumber(value) || value < 0 || value > 1) fail(path, key, 'a number from 0 to 1', value);
  }
  designEffect(node, path);
  clusters(node, path, n, 1);
  if ('matches' in node) wholeAtLeast(node, path, 'matches', 0);
  if (confidence !== null && n > 0 && 'designEffect' in node && 'clusters' in node) clusteredBounds(node, path, successes, n, confidence);
  // In a summary whose rates carry their design effect, one without it had it taken away (its
  // bounds then go unchecked): every rate this build writes has both.
  else if (clustered && !('designEffect' in node && 'clusters' in node)) fail(path, 'designEffect' in node ? 'clusters' : 'designEffect', 'a number, as every other rate of this summary has one', undefined);
}

/** Whether any rate under `value` carries a design effect and clusters. */
export function hasClusteredRates(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasClusteredRates);
  if (!isRecord(value)) return false;
  if ('n' in value && ('successes' in value || 'rate' in value)) return 'designEffect' in value && 'clusters' in value;
  return Object.values(value).some(hasClusteredRates);
}

/**
 * A clustered rate's bounds are a function of its successes, n, design effect and clusters
 * (`effectiveRateInterval`): recomputed, they must be the ones written. A design effect can be at
 * most n (every trial in one cluster counts as one trial; `clusters.ts`), so an edited one
 * cannot make a figure's effective count vanish and keep it from ever being flagged.
 */
function clusteredBounds(node: Record<string, unknown>, path: (string | number)[], successes: number, n: number, confidence: number): void {
  const effect = node['designEffect'] as number;
  if (effect > n) fail(path, 'designEffect', `at most n (${n})`, effect);
  const expected = effectiveRateInterval(successes, n, effect, node['clusters'] as number, confidence);
  for (const key of ['lower', 'upper'] as const) {
    const value = node[key] as number;
    if (Math.abs(value - expected[key]) > TOLERANCE) fail(path, key, `${expected[key]}, the ${Math.round(confidence * 1000) / 10}% interval of ${successes} in ${n} with design effect ${effect} over ${String(node['clusters'])} clusters`, value);
  }
}

function checkMean(node: Record<string, unknown>, path: (string | number)[], valueKey: string): void {
  const n = wholeAtLeast(node, path, 'n', 0);
  interval(node, path, valueKey, true);
  const ratio = node['kind'] === 'ratio';
  // No samples, no value; a ratio may also have none when every denominator was 0.
  if (n === 0 && node[valueKey] !== null) fail(path, valueKey, 'null, as n is 0', node[valueKey]);
  if (n > 0 && !ratio && node[valueKey] === null) fail(path, valueKey, `a number, as n is ${n}`, null);
  if (node[valueKey] === null) {
    for (const key of ['lower', 'upper']) if (node[key] !== null) fail(path, key, `null, as ${valueKey} is`, node[key]);
  }
  if ('sd' in node) {
    const sd = node['sd'];
    if (sd !== null && (!isFiniteNumber(sd) || sd < 0)) fail(path, 'sd', 'a finite number ≥ 0 or null', sd);
  }
  designEffect(node, path);
  // At most n, as for a rate (`clusteredBounds`): larger, a mean's interval would swallow any change.
  if (n > 0 && isFiniteNumber(node['designEffect']) && node['designEffect'] > n) fail(path, 'designEffect', `at most n (${n})`, node['designEffect']);
  // A ratio's n counts the matches that reported it, some of them 0 / 0 and in no cluster.
  clusters(node, path, n, ratio ? 0 : 1);
  if ('histogram' in node) checkHistogram(node['histogram'], [...path, 'histogram']);
}

function checkHistogram(histogram: unknown, path: (string | number)[]): void {
  if (!Array.isArray(histogram)) throw new Problem(path, `expected a list of [value, count] pairs, got ${shown(histogram)}`);
  let previous = -Infinity;
  histogram.forEach((entry: unknown, index) => {
    if (!Array.isArray(entry) || entry.length !== 2) throw new Problem([...path, index], `expected a [value, count] pair, got ${shown(entry)}`);
    const [value, count] = entry as [unknown, unknown];
    if (!isFiniteNumber(value)) throw new Problem([...path, index, 0], `expected a finite number, got ${shown(value)}`);
    if (value <= previous) throw new Problem([...path, index, 0], `expected a value above the one before (${previous}), got ${shown(value)}`);
    if (!isWhole(count) || count < 1) throw new Problem([...path, index, 1], `expected a whole count ≥ 1, got ${shown(count)}`);
    previous = value;
  });
}

const QUANTILES = ['min', 'median', 'p90', 'max'] as const;

function checkQuantiles(node: Record<string, unknown>, path: (string | number)[]): void {
  let previous: { key: string; value: number } | null = null;
  for (const key of QUANTILES) {
    const value = node[key];
    if (!isFiniteNumber(value)) fail(path, key, 'a finite number', value);
    if (previous !== null && value < previous.value) fail(path, key, `at least ${previous.key} (${previous.value})`, value);
    previous = { key, value };
  }
}

function walk(node: unknown, path: (string | number)[], context: SummaryContext): void {
  if (Array.isArray(node)) {
    node.forEach((child, index) => walk(child, [...path, index], context));
    return;
  }
  if (!isRecord(node)) return;
  const has = (key: string): boolean => key in node;
  if (has('n') && (has('successes') || has('rate'))) return checkRate(node, path, context);
  if (has('n') && has('mean')) return checkMean(node, path, 'mean');
  if (has('n') && has('difference')) return checkMean(node, path, 'difference');
  if (has('simulated') && has('lower') && has('upper')) return interval(node, path, 'simulated', false);
  if (has('value') && has('lower') && has('upper')) return interval(node, path, 'value', true);
  if (QUANTILES.every(has)) return checkQuantiles(node, path);
  // A simulated rate beside its exact probability (Zombie Trainers' trap success): the exact
  // value is a probability, and "inside" says whether the interval holds it.
  const simulated = node['simulated'];
  if (has('exact') && isRecord(simulated)) {
    const exact = node['exact'];
    if (!isFiniteNumber(exact) || exact < 0 || exact > 1) fail(path, 'exact', 'a probability from 0 to 1', exact);
    const { lower, upper } = simulated;
    if (has('exactInsideInterval') && isFiniteNumber(lower) && isFiniteNumber(upper)) {
      const inside = lower <= exact && exact <= upper;
      if (node['exactInsideInterval'] !== inside) fail(path, 'exactInsideInterval', `${inside} (exact ${exact}, interval [${lower}, ${upper}])`, node['exactInsideInterval']);
    }
  }
  for (const [key, child] of Object.entries(node)) walk(child, [...path, key], context);
}

/**
 * The first figure under `value` (found at `path`) whose values no run could have written, as a
 * path and message; null when every figure is possible.
 */
export function figureValueProblem(value: unknown, path: (string | number)[], confidence: number | null = null, clustered = false): ValueProblem | null {
  try {
    walk(value, path, { confidence, clustered });
    return null;
  } catch (error) {
    if (error instanceof Problem) return { path: error.path, message: error.message };
    throw error;
  }
}

/** {@link figureValueProblem} with the path written as in error messages (`results.p1WinRate.n`). */
export function figureValueIssue(value: unknown, path: (string | number)[], confidence: number | null = null, clustered = false): { field: string; message: string } | null {
  const problem = figureValueProblem(value, path, confidence, clustered);
  return problem === null ? null : { field: formatPath(problem.path), message: problem.message };
}
