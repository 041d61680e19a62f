/**
 * The bounds of every number a user can give, in one place: scenario files, check files and
 * command-line flags all check a number against the same {@link NumberBound}, so `matches: 1e12`
 * in YAML is refused exactly as `--matches 1000000000000` is, with the same words.
 *
 * Why these limits: a billion matches is days of play on a large machine, far beyond any
 * question these tools answer (`hordelab plan` says how many a question needs); 256 worker
 * threads is more cores than a single machine commonly has, and each thread holds its own copy
 * of the game and agents (tens of MB), so more only costs memory; a margin below 0.0001 (0.01
 * points) asks for over 10⁸ matches per rate, beyond the match bound. A sweep's grid of 10,000
 * configurations is a 100 × 100 heatmap, more than a table or page can show to be read, and each
 * configuration is built and kept before the first match (some KB each; audit 40a F1: 100,000
 * took three minutes and 552 MB before play).
 *
 * Imports no schema library: the command line's help and flag declarations read these bounds
 * before anything heavy is loaded. Schemas of bounded numbers are in `bounded-number.ts`.
 */
import { MAX_RUN_SEED } from './rng.js';
import { MAX_WORKERS } from './limits.js';

/** A closed or half-open range of numbers, whole or not. */
export interface NumberBound {
  readonly whole: boolean;
  readonly min: number;
  readonly max: number;
  /** The ends themselves are excluded (a rate of exactly 0 or 1, a confidence of 1). */
  readonly minExclusive?: boolean;
  readonly maxExclusive?: boolean;
}

/** Most matches one run, check budget, sweep point or tuning budget may ask for. */
export const MAX_MATCHES = 1_000_000_000;
/** Most configurations one sweep's grid may hold (the product of its `--vary` lists' lengths); see the file comment. */
export const MAX_SWEEP_CONFIGURATIONS = 10_000;
/** Most worker threads; see the file comment. Kept in `limits.ts`, which imports nothing. */
export { MAX_WORKERS };

const whole = (min: number, max: number): NumberBound => ({ whole: true, min, max });

/**
 * Most bytes a scenario or checks file may hold: 2 MB. Real ones are a few KB (the shipped
 * scenarios are at most 1.5 KB), but a Survivors map of the most cells a map may have, 500 × 500,
 * is written in (2·500 + 1)² characters, a megabyte (review 42s F4: a bound of 512 KB refused
 * Survivors maps past about 360 × 360). The YAML reading is what costs: half a megabyte of comment
 * lines took about a second of CPU to read, a megabyte two, and 50 MB was still being read after
 * two minutes at 3.8 GB (audit 42f F5).
 */
export const MAX_INPUT_FILE_BYTES = 2048 * 1024;

/**
 * Most cells a game's map may have (width × height): 500 × 500. The shipped maps are 10 × 10 or
 * so; a 1000 × 1000 map played a match in seconds, and a 7000 × 7000 one passed validation and
 * then exhausted the heap mid-run (audit 42f F5).
 */
export const MAX_MAP_CELLS = 250_000;

/** Every bounded number, by what it counts. */
export const BOUNDS = {
  matches: whole(1, MAX_MATCHES),
  seed: whole(0, MAX_RUN_SEED),
  matchIndex: whole(0, MAX_MATCHES - 1),
  workers: whole(0, MAX_WORKERS),
  playouts: whole(1, 100_000),
  chunkSize: whole(1, 1_000_000),
  /** Seconds one match may run (`--match-timeout`); 0 for no limit, at most a day. */
  matchTimeout: whole(0, 86_400),
  /** Seconds one conform playout may run (`--playout-time`); 0 for no limit, at most a day. */
  playoutTime: whole(0, 86_400),
  maxErrors: whole(0, MAX_MATCHES),
  /** A check's or tuning's budget of matches, and a check's first batch. */
  budget: whole(2, MAX_MATCHES),
  candidates: whole(2, 100_000),
  /** A rate strictly between 0 and 1 (`plan --rate`, `--vs`). */
  rate: { whole: false, min: 0, max: 1, minExclusive: true, maxExclusive: true },
  confidence: { whole: false, min: 0.5, max: 0.9999 },
  /**
   * A check's confidence: above one half, where {@link BOUNDS.confidence} takes it too. Its error
   * rates are 1 − confidence each way, and at one half a sequential test has no evidence to wait
   * for (its decision bounds and fixed-size plan are 0).
   */
  checkConfidence: { whole: false, min: 0.5, max: 0.9999, minExclusive: true },
  power: { whole: false, min: 0.5, max: 0.9999 },
  /** Half-width of an interval, or the indifference zone either side of a check's edge. */
  margin: { whole: false, min: 0.0001, max: 0.5, maxExclusive: true },
  /**
   * A check's indifference either side of its edge, in the metric's units: a mean's can be any
   * positive size; a rate's must also be a {@link BOUNDS.margin}, checked once the kind is known.
   */
  checkMargin: { whole: false, min: 0, max: 1e12, minExclusive: true },
  /** Significance level of `compare`, after Holm's correction. */
  alpha: { whole: false, min: 0, max: 0.5, minExclusive: true, maxExclusive: true },
  // In the target metric's own units: a rate's band is a fraction (0.01, a point), a mean's may be many of its units.
  tolerance: { whole: false, min: 0, max: 1e12, minExclusive: true },
  /** Metrics compared at once (`plan --metrics`: Holm's correction over them). */
  metrics: whole(1, 100_000),
  /** A measured design effect (`plan --design-effect`), as `summary.json` gives it per figure. */
  designEffect: { whole: false, min: 0.001, max: 10_000 },
} as const satisfies Record<string, NumberBound>;

/** `a whole number in 1..1000000000`, `a number >= 0.0001 and < 0.5`. */
export function describeBound(bound: NumberBound): string {
  if (bound.whole) return `a whole number in ${bound.min}..${bound.max}`;
  return `a number ${bound.minExclusive ? '>' : '>='} ${bound.min} and ${bound.maxExclusive ? '<' : '<='} ${bound.max}`;
}

/** Whether `value` is a number inside `bound`. */
export function withinBound(bound: NumberBound, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (bound.whole && !Number.isSafeInteger(value)) return false;
  if (bound.minExclusive ? value <= bound.min : value < bound.min) return false;
  if (bound.maxExclusive ? value >= bound.max : value > bound.max) return false;
  return true;
}

/** A problem message for `value`, or null when it is inside `bound`. */
export function boundProblem(bound: NumberBound, value: unknown): string | null {
  if (typeof value === 'number' && withinBound(bound, value)) return null;
  // NaN and ±Infinity as themselves: JSON would print null.
  const shown = typeof value === 'string' ? `"${value}"` : typeof value === 'number' && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value));
  return `expected ${describeBound(bound)}, got ${shown}`;
}
