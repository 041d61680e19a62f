/**
 * `hordelab tune`: a noise-aware search for the setting that puts metrics on their targets
 * ("which trap counts make the first player win half the games?").
 *
 * Successive halving with paired seeds (Jamieson & Talwalkar 2016, as racing methods do): every
 * candidate plays the same first matches; the worse half by squared distance to the targets is
 * dropped, the rest play more matches (continuing, on the same seeds for all), and so on, so
 * matches are spent on the promising settings. Two thirds of the budget go to this search from
 * the starting candidates; the last third to a refinement round around its winner (the winner
 * and its neighbours: a local grid of whole-number steps, a small Latin hypercube in a box one
 * starting stratum wide either side for real values), raced the same way on new common seeds
 * (run seed + 104729, wrapped past the largest seed), so the answer is not limited to the starting candidates. The refined
 * winner is then played again on fresh seeds (run seed + 7919, likewise) and reported with its interval
 * per target and `probabilityInBand` (see TargetResult). The tuned scenario is written as a file
 * ready to run. Progress is saved after every round; `--resume` continues an interrupted search.
 */
import { nameMadeFrom } from '../core/name-length.js';
import { counted } from '../core/counted.js';
import { copyOfData } from '../core/game-params.js';
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { entryKind, makeFolders } from '../run/atomic-file.js';
import { markOutputFolder } from '../present/output-folder.js';
import { dirname, join } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
// Its schemas read a user's file: zod's messages set first, whatever loaded this module.
import '../core/zod-messages.js';
import { UsageError } from '../core/errors.js';
import { BOUNDS } from '../core/input-bounds.js';
import { checkArgument, checkOptions, FLAG, FUNCTION, kind, TEXT, within, type OptionRule } from '../core/library-options.js';
import { MAX_RUN_SEED, Rng, affineSeed } from '../core/rng.js';
import { relocateModulePaths } from '../scenario/relocate.js';
import { faithfulScenarioYaml, fieldSourceOf } from '../scenario/written-scenario.js';
import { isSeatAssignment, parseAssignment, scenarioFileData, setPath, type Scenario } from '../scenario/scenario.js';
import { normalCdf } from '../stats/intervals.js';
import { regularizedBeta } from '../stats/distributions.js';
import type { Metric } from '../present/metrics.js';
import { scenarioSkill } from '../ladder/skill.js';
import { intervalDigits, percentBound, percentOf } from '../reports/format.js';
import { canonicalJson, digest, effectiveScenario, RECORDED_FIGURES } from '../run/run-key.js';
import { HORDELAB_VERSION } from '../version.js';
import { checkMetricNames, Evaluator, pickMetric, refuseUnsafeName, repeatedValue, splitValues, valueAsPlayed, type Assignments, type Evaluation } from './evaluate.js';

export interface Target {
  readonly metric: string;
  readonly value: number;
}

export type SpaceDimension =
  /** `stepGiven`: the step was written (`0..1:1`), so a real parameter is searched at those values too. */
  | { readonly name: string; readonly kind: 'int'; readonly min: number; readonly max: number; readonly step: number; readonly stepGiven?: true }
  | { readonly name: string; readonly kind: 'real'; readonly min: number; readonly max: number }
  | { readonly name: string; readonly kind: 'choice'; readonly choices: readonly string[] };

export interface TuneOptions {
  readonly targets: readonly Target[];
  readonly space: readonly SpaceDimension[];
  /** Matches for the search, over all candidates and rounds (the confirmation not included). */
  readonly budget: number;
  /** Candidates to start from (a full grid when it is smaller). */
  readonly candidates?: number;
  /** Matches of the fresh-seed confirmation of the winner. */
  readonly confirm?: number;
  /** Half-width of the band around each target for the reported probability. */
  readonly tolerance?: number;
  /**
   * Spend the last third of the budget refining around the search's winner (default true);
   * false gives the whole budget to the starting candidates (how the calibration tier measures
   * what refinement adds).
   */
  readonly refine?: boolean;
  readonly workers: number;
  /** Seconds a match may run on a worker thread before the thread is killed and the match fails; 0 for no limit. */
  readonly matchTimeoutSeconds?: number;
  readonly outDir: string;
  /** Continue the search saved in {@link outDir} (`--resume`). */
  readonly resume?: boolean;
  /**
   * Replace files of tune's names nothing shows hordelab wrote (a user's own tune.json), write
   * beside other files, and start afresh over a saved search (`--force`). Read where the folder
   * is checked (`tuneInCheckedFolder`, as `hordelab tune` and the library's `tune` run it); the
   * search itself does not check the folder.
   */
  readonly force?: boolean;
  readonly onRound?: (round: number, rounds: number, alive: number, matchesEach: number) => void;
  /** Matches played by each batch as it finishes (a progress line). */
  readonly onPlayed?: (matches: number) => void;
  /** Where a target was missed, the matches the ends of the ranges are about to add (past the budget and the confirmation). */
  readonly onRangeEnds?: (matches: number) => void;
}

/** A list of parsed entries (objects), as `make` makes them: a list of the texts themselves threw a TypeError (review 39s R8). */
const parsedList = (what: string, make: string): OptionRule =>
  kind((value) => Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item)), `a list of ${what}, each as ${make} makes it`);

/** Each option's check, as `hordelab tune` checks its flags (audit 39c F6). */
const TUNE_OPTION_RULES = {
  targets: parsedList('targets', 'parseTarget("metric=value")'),
  space: parsedList('dimensions', 'parseDimension("name=low..high")'),
  budget: within(BOUNDS.budget),
  candidates: within(BOUNDS.candidates),
  confirm: within(BOUNDS.budget),
  tolerance: within(BOUNDS.tolerance),
  refine: FLAG,
  workers: within(BOUNDS.workers),
  matchTimeoutSeconds: within(BOUNDS.matchTimeout),
  outDir: TEXT,
  resume: FLAG,
  force: FLAG,
  onRound: FUNCTION,
  onPlayed: FUNCTION,
  onRangeEnds: FUNCTION,
} as const satisfies Record<keyof TuneOptions, OptionRule>;

/** A target as {@link parseTarget} makes it: a metric's name and a finite number. */
function isTarget(value: unknown): boolean {
  const { metric, value: aimed } = value as { metric?: unknown; value?: unknown };
  return typeof metric === 'string' && metric.trim() !== '' && typeof aimed === 'number' && Number.isFinite(aimed);
}

/**
 * A dimension as {@link parseDimension} makes it: a name, and whole numbers `min < max` with a
 * step above 0 and within the range (`int`), finite numbers `min < max` (`real`), or two or more
 * texts, each once (`choice`).
 */
function isDimension(value: unknown): boolean {
  const dimension = value as { name?: unknown; kind?: unknown; min?: unknown; max?: unknown; step?: unknown; stepGiven?: unknown; choices?: unknown };
  if (typeof dimension.name !== 'string' || dimension.name.trim() === '') return false;
  const { min, max } = dimension;
  const range = typeof min === 'number' && typeof max === 'number' && Number.isFinite(min) && Number.isFinite(max) && min < max;
  switch (dimension.kind) {
    case 'int': {
      const { step } = dimension;
      return range && Number.isInteger(min) && Number.isInteger(max) && Number.isInteger(step) && (step as number) > 0 && (step as number) <= (max as number) - (min as number) && (dimension.stepGiven === undefined || dimension.stepGiven === true);
    }
    case 'real':
      return range;
    case 'choice': {
      const { choices } = dimension;
      return Array.isArray(choices) && choices.length >= 2 && choices.every((choice) => typeof choice === 'string' && choice !== '') && repeatedValue(choices as string[]) === null;
    }
    default:
      return false;
  }
}

/**
 * `tune`'s targets and space, entry by entry, as `--target` and `--space` check theirs (and as
 * `runSweep` checks its axes): an entry missing its kind or its value threw a TypeError from deep
 * in the search, or was named by a `--space` flag the caller never typed (audit 41a F4).
 */
function checkEntries(options: TuneOptions): void {
  const lists = [
    ['targets', options.targets, isTarget, 'parseTarget("metric=value")'],
    ['space', options.space, isDimension, 'parseDimension("name=low..high")'],
  ] as const;
  for (const [option, entries, isEntry, make] of lists) {
    for (const [at, entry] of (entries as readonly unknown[]).entries()) checkArgument('tune', `options.${option}[${at}]`, entry, kind(isEntry, `an entry as ${make} makes it`));
  }
  for (const [at, dimension] of options.space.entries()) refuseUnsafeName(dimension.name, `tune: options.space[${at}]`);
}

export interface TargetResult {
  readonly metric: string;
  /** A rate (shown in percent) or a mean (in its own unit). */
  readonly kind: 'rate' | 'mean';
  readonly target: number;
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
  /**
   * The probability that the true value lies in target ± tolerance given the confirmation's
   * matches alone, under a flat prior: for a rate its Beta posterior on the effective counts, for
   * a mean the normal approximation of its estimate (mean and standard error from its interval).
   * A statement about this setting's measured value, not a
   * promise about the search: it ignores that the setting was picked, and the true value is
   * fixed, not random. Over repeated tunes of a coin it averaged close to the share that really
   * was within the tolerance (reports/calibration.md).
   */
  readonly probabilityInBand: number;
  readonly intervalContainsTarget: boolean;
  /**
   * Where the figure has no interval, why: every fresh match (or unit of a ratio) gave the same
   * value (`intervalContainsTarget` then says whether that value is the target), or there were
   * too few clusters to measure one. Bounds and probability are then NaN (null in JSON): no
   * spread among the matches played does not rule out other values in other matches.
   */
  readonly note?: string;
}

/** One round of a race: the candidates still in it, the matches each has played, the best so far. */
export interface RoundRecord {
  readonly alive: number;
  readonly matchesEach: number;
  readonly best: Record<string, string>;
  readonly bestDistance: number;
  /** Present when every candidate in the round measured the same distance, so its order alone chose which went on. */
  readonly alike?: true;
}

export interface TuneResult {
  readonly scenario: { readonly name: string; readonly file: string; readonly game: string; readonly seed: number };
  /** Who played the best setting's matches ("greedy vs greedy, seats rotated"): the skill its verdict holds for. */
  readonly agents: string;
  /** The warning when a seat plays at random, or null. */
  readonly randomPlay: string | null;
  /** The best setting, each value as `--set`'s text: a number as JavaScript writes it (`0x2` as `2`, `0.50` as `0.5`), anything else as written. */
  readonly best: Record<string, string>;
  /** The same values as `--set` reads them (numbers as numbers, `{40: 4}` as an object), for a script to use. */
  readonly bestValues: Record<string, unknown>;
  readonly assignments: readonly string[];
  readonly targets: readonly TargetResult[];
  readonly tolerance: number;
  /** Matches of the search and the refinement together (the confirmation not included). */
  readonly searchMatches: number;
  readonly confirmMatches: number;
  readonly confirmSeed: number;
  /** Starting candidates. */
  readonly candidates: number;
  /** Sampled or gridded combinations left out because they are no valid setting (`winRate=0.7 drawRate=0.5` of a coin), as assignments. */
  readonly leftOut: readonly string[];
  readonly rounds: readonly RoundRecord[];
  /** The refinement around the search's winner: its candidates, seed and rounds; null when the space has nothing to refine or `refine` is false. */
  readonly refinement: { readonly candidates: number; readonly seed: number; readonly matches: number; readonly rounds: readonly RoundRecord[] } | null;
  readonly seconds: number;
  readonly tunedScenario: string;
  /**
   * The SHA-256 of the saved search this result finished (`tune-state.json`'s), or null when no
   * round was saved: a later search stopped beside this result leaves another, so `hordelab
   * tune` can tell an unfinished search from a finished one.
   */
  readonly stateSha256: string | null;
  /**
   * Where a target lies outside the best setting's confirmation interval: lines that say it was
   * not reached, what the ends of every numeric `--space` dimension measure ({@link rangeEnds}),
   * and whether they point beyond the range or within it. Empty otherwise.
   */
  readonly atRangeEnds: readonly string[];
  /**
   * Where a target lies outside the confirmation's interval: the lower and upper end of every
   * numeric `--space` dimension (a range, or a list of numbers by value), each with the best
   * setting's other values, measured on the confirmation's own fresh matches (the confirmation's
   * figures where the best setting is that end). Empty when every target was reached.
   */
  readonly rangeEnds: readonly RangeEnd[];
  /**
   * Whether every candidate measured alike (the same distance to the targets) in every round of
   * the search and the refinement: the searched parameters did not move the targets on those
   * matches, and the best setting is the first candidate drawn, not a finding (audit 38c F2).
   */
  readonly allAlike: boolean;
}

/** An end of a numeric `--space` dimension, measured (see {@link TuneResult.rangeEnds}). */
export interface RangeEnd {
  readonly name: string;
  /** The dimension's flag (`--space winRate=0.1..0.3`). */
  readonly space: string;
  readonly end: 'lower' | 'upper';
  /** The end's value, as `--set` takes it (`winRate=0.3`). */
  readonly assignment: string;
  /** Whether the best setting is this end (its figures are then the confirmation's). */
  readonly isBest: boolean;
  /** Each target's figure there, as the confirmation's (value NaN, with a note, where those matches leave it unmeasured). */
  readonly targets: readonly TargetResult[];
  /** Whether the game takes a value a step past this end (with the best setting's other values): false where the range already reaches as far as it goes. */
  readonly widens: boolean;
}

/** The most values a stepped or whole-number `--space` range may list. */
export const MAX_DIMENSION_VALUES = 10_000;

/** `x` (positive) as a plain decimal of six significant digits, never in exponent form: the range syntax reads no exponent. */
function plainDecimal(x: number): string {
  // toFixed writes exponents from 10²¹ on: a whole number's digits instead.
  if (x >= 1e21) return BigInt(Math.round(x)).toString();
  const decimals = Math.min(100, Math.max(0, 5 - Math.floor(Math.log10(x))));
  // Only zeros after the point go: 200000 keeps its own (review 25e read it as 2).
  const fixed = x.toFixed(decimals);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/** Parses `name=lo..hi[:step]` (a range) or `name=a,b,c` (choices). */
export function parseDimension(text: string): SpaceDimension {
  const at = text.indexOf('=');
  const name = at < 0 ? '' : text.slice(0, at).trim();
  const spec = at < 0 ? '' : text.slice(at + 1).trim();
  const bad = (): UsageError =>
    new UsageError([{ source: `--space ${text}`, field: '', message: 'expected name=lo..hi (a range), name=lo..hi:step, or name=a,b,c (choices), such as --space actionPoints=2..6' }]);
  if (name === '' || spec === '') throw bad();
  refuseUnsafeName(name, `--space ${text}`);
  const range = /^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)(?::(-?\d+(?:\.\d+)?))?$/.exec(spec);
  if (range !== null) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    const step = range[3] === undefined ? undefined : Number(range[3]);
    // Said plainly: a range read but not usable is no misspelt form.
    if (!(min < max)) {
      const example = min > max ? `, such as ${name}=${range[2]}..${range[1]}` : '';
      throw new UsageError([{ source: `--space ${text}`, field: '', message: `the range ${range[1]}..${range[2]} holds ${min === max ? 'one value' : 'no value'}; expected lo below hi${example}` }]);
    }
    if (step !== undefined && !(step > 0)) {
      // An example that is itself accepted: a tenth of a real range, 1 for whole numbers.
      const whole = Number.isInteger(min) && Number.isInteger(max) && !`${range[1]}${range[2]}`.includes('.');
      throw new UsageError([{ source: `--space ${text}`, field: '', message: `the step ${range[3]} is not above 0; expected a step such as ${name}=${range[1]}..${range[2]}:${whole ? 1 : plainDecimal((max - min) / 10)}` }]);
    }
    // A step past the range leaves one point: nothing to search, though the search would "find" it.
    if (step !== undefined && step > max - min) {
      throw new UsageError([{ source: `--space ${text}`, field: '', message: `the step ${range[3]} is larger than the range ${range[1]}..${range[2]}, which leaves one value to try; give a step of at most ${+(max - min).toFixed(10)}` }]);
    }
    // The values of a stepped or whole-number range are listed (and gridded): a step of 1e-7 over
    // 0.3..0.7 listed four million of them and ran out of memory.
    const values = Math.floor((max - min) / (step ?? 1) + 1e-9) + 1;
    // A range of whole numbers without a step may be a real parameter's (`tune` searches it as
    // real then), so it is sized once the game says which (`tune`).
    if (step !== undefined && values > MAX_DIMENSION_VALUES) {
      throw new UsageError([{ source: `--space ${text}`, field: '', message: `${values.toLocaleString('en-US')} values to try; expected at most ${MAX_DIMENSION_VALUES.toLocaleString('en-US')}: give a coarser step, or none for a range of real values` }]);
    }
    const decimals = [range[1], range[2], range[3]].some((number) => number !== undefined && number.includes('.'));
    const integral = Number.isInteger(min) && Number.isInteger(max) && (step === undefined || Number.isInteger(step)) && !decimals;
    if (integral) return step === undefined ? { name, kind: 'int', min, max, step: 1 } : { name, kind: 'int', min, max, step, stepGiven: true };
    if (step !== undefined) {
      const choices: string[] = [];
      for (let value = min; value <= max + 1e-9; value += step) choices.push(String(+value.toFixed(10)));
      return { name, kind: 'choice', choices };
    }
    return { name, kind: 'real', min, max };
  }
  const choices = splitValues(spec);
  // One value leaves nothing to search, though the search would "find" it: say so, not that the form is wrong (audit 40a F6).
  if (choices.length === 1 && /^[^:]+$/.test(spec) && !spec.includes('..')) {
    throw new UsageError([{ source: `--space ${text}`, field: '', message: `one value is nothing to search; give at least two (${name}=a,b or ${name}=lo..hi), or fix it for every candidate with --set ${name}=${choices[0] as string}` }]);
  }
  if (choices.length < 2 || choices.includes('')) throw bad();
  const twice = repeatedValue(choices);
  if (twice !== null) throw new UsageError([{ source: `--space ${text}`, field: '', message: `the choice ${twice} is listed twice; list each choice once` }]);
  // A choice --set reads as a number is that number's text, as a sweep records it: `0x2` was
  // played as 2 and reported as `k=0x2` (audit 40a F5).
  return { name, kind: 'choice', choices: choices.map((choice) => String(valueAsPlayed(choice))) };
}

/**
 * What keeps a tune from starting afresh over the search saved in `dir` (its `tune-state.json`)
 * without --resume or --force: `unfinished` when no `tune.json` beside it records finishing that
 * very state (a later search stopped after a round leaves a state the earlier result does not
 * name), `edited` when its content no longer matches the digest it was saved with (audit 30a: it
 * was replaced unsaid); null when there is no saved search, or a finished one.
 */
export function savedSearchProblem(dir: string): 'unfinished' | 'edited' | null {
  const statePath = join(dir, 'tune-state.json');
  if (!existsSync(statePath)) return null;
  const read = (path: string): Record<string, unknown> | null => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> | null;
    } catch {
      return null;
    }
  };
  const state = read(statePath);
  const saved = state?.['sha256'];
  // Not a saved search's JSON, no digest, or content the digest does not match: damaged or
  // edited, which --resume refuses too (review 30e: it was said to be unfinished, and --resume advised).
  if (typeof state !== 'object' || state === null || Array.isArray(state) || typeof saved !== 'string' || !digestHolds(state, saved)) return 'edited';
  const resultRead = read(join(dir, 'tune.json'));
  // Not an object (a number, text, a list): no result, as one that cannot be read (review 30f: `in` threw on it).
  const result = typeof resultRead === 'object' && resultRead !== null && !Array.isArray(resultRead) ? resultRead : null;
  // A tune.json from before results recorded their state (no field at all): finished, as it was read then.
  if (result !== null && !('stateSha256' in result) && typeof result['best'] === 'object') return null;
  return result?.['stateSha256'] !== saved ? 'unfinished' : null;
}

/** How a saved state's canonical JSON begins: its first key, sorted, is `key`. */
const SAVED_STATE_START = '{"key":"';

/**
 * What keeps `tune --resume` from writing its saved state through `tune-state.json.tmp` in
 * `dir`, or null when nothing does. The resume takes that file for a tune's own, left by a
 * search killed as it saved a round, and writes over it; one that cannot be a tune's (not a
 * file, or content that does not begin as a saved state does) is someone else's, which the
 * resume replaced unsaid. An empty file, or any beginning of the saved JSON, is a killed save's.
 */
export function resumeTemporaryProblem(dir: string): string | null {
  const path = join(dir, 'tune-state.json.tmp');
  const kind = entryKind(path);
  if (kind === null) return null;
  if (kind !== 'file') return `${path} is ${kind}, where tune --resume writes its saved state through a file of its own; move it away`;
  // A saved state is canonical JSON (keys sorted), so it begins with its key: `{"key":"`.
  const head = Buffer.alloc(SAVED_STATE_START.length);
  let length = 0;
  try {
    const fd = openSync(path, 'r');
    try {
      length = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return `${path} cannot be read, so nothing says a stopped tune wrote it; move it away`;
  }
  return head.subarray(0, length).toString('latin1') === SAVED_STATE_START.slice(0, length)
    ? null
    : `${path} is not a saved search tune writes (a stopped tune leaves one), and tune --resume would replace it; move it away`;
}

/**
 * Whether `name` is a file `hordelab tune` of the scenario `scenarioName` writes in its folder
 * (and so may replace): another scenario's tuned file beside it is not one.
 */
export function isTuneFile(name: string, scenarioName: string): boolean {
  return name === 'tune.json' || name === 'tune-state.json' || name === `${scenarioName}-tuned.yaml`;
}

/** Parses `metric=value`; the value a decimal number as written (`0.5`, `-3`, `1e-3`). */
export function parseTarget(text: string): Target {
  const at = text.lastIndexOf('=');
  const metric = at < 0 ? '' : text.slice(0, at).trim();
  const written = at < 0 ? '' : text.slice(at + 1).trim();
  // Number() reads '' as 0 and `0x10` as 16: an empty or mistyped target would be searched for.
  const value = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(written) ? Number(written) : Number.NaN;
  if (metric === '' || !Number.isFinite(value)) throw new UsageError([{ source: `--target ${text}`, field: '', message: 'expected metric=value with a decimal number, such as --target p1WinRate=0.5' }]);
  return { metric, value };
}

/** Refuses a rate target outside [0, 1]: no setting can reach it (see `distance`). */
function checkRateTarget(target: Target): void {
  if (!(target.value >= 0 && target.value <= 1)) {
    throw new UsageError([{ source: `--target ${target.metric}=${target.value}`, field: '', message: `${target.metric} is a rate; expected a target from 0 to 1 (0.5 for 50%)` }]);
  }
}

function dimensionValues(dimension: SpaceDimension): string[] | null {
  if (dimension.kind === 'choice') return [...dimension.choices];
  if (dimension.kind === 'int') {
    const values: string[] = [];
    for (let value = dimension.min; value <= dimension.max; value += dimension.step) values.push(String(value));
    return values;
  }
  return null;
}

/** The points of the space's grid: Infinity where a dimension is real. */
function gridPoints(space: readonly SpaceDimension[]): number {
  return space.map(dimensionValues).reduce((product, list) => product * (list === null ? Infinity : list.length), 1);
}

/**
 * The full grid when it has at most `count` points; else `count` seeded Latin-hypercube samples,
 * fewer where two draws are one point ({@link topUpCandidates} makes those up).
 */
export function candidateSettings(space: readonly SpaceDimension[], count: number, seed: number): Record<string, string>[] {
  const lists = space.map(dimensionValues);
  // Sized before it is built: two dimensions of thousands of values each would not fit.
  if (gridPoints(space) <= count) {
    let grid: Record<string, string>[] = [{}];
    (lists as string[][]).forEach((values, index) => {
      const name = (space[index] as SpaceDimension).name;
      grid = grid.flatMap((point) => values.map((value) => ({ ...point, [name]: value })));
    });
    if (grid.length <= count) return grid;
  }
  const rng = Rng.fromSeed(affineSeed(seed, 2654435761, 97));
  const strata = space.map(() => {
    const order = Array.from({ length: count }, (_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    return order;
  });
  const points: Record<string, string>[] = [];
  const seen = new Set<string>();
  // Each real dimension's values so far: every draw of a Latin hypercube lies in a stratum of its own.
  const drawn = space.map(() => new Set<string>());
  for (let k = 0; k < count; k++) {
    const point: Record<string, string> = {};
    space.forEach((dimension, d) => {
      const u = ((strata[d]?.[k] as number) + rng.float()) / count;
      const values = dimensionValues(dimension);
      if (values !== null) point[dimension.name] = values[Math.min(values.length - 1, Math.floor(u * values.length))] as string;
      else if (dimension.kind === 'real') point[dimension.name] = writtenDraw(dimension, dimension, u, count, drawn[d] as Set<string>);
    });
    const key = JSON.stringify(point);
    if (!seen.has(key)) {
      seen.add(key);
      points.push(point);
    }
  }
  return points;
}

/**
 * A real value drawn at `u` (0..1) of the box `min..max` cut in `strata` strata, as written to a
 * candidate: in the fewest significant digits, at least 4, whose last digit at the box's largest
 * magnitude is no wider than a stratum, that keep the value within its dimension's range and
 * apart from the values `taken` (to which it is added). At 4 digits alone `0.50001..0.50009`
 * drew 0.5, outside the range, for every candidate, and the search "found" it (audit 40a F2);
 * a range that 4 digits resolve is drawn as before.
 */
function writtenDraw(box: { readonly min: number; readonly max: number }, range: { readonly min: number; readonly max: number }, u: number, strata: number, taken: Set<string>): string {
  const value = box.min + u * (box.max - box.min);
  const stratum = (box.max - box.min) / strata;
  const magnitude = Math.floor(Math.log10(Math.max(Math.abs(box.min), Math.abs(box.max))));
  let digits = 4;
  // Past 1e-9 of a stratum: a stratum of a power of ten (0..1 in 100) keeps the digits that write it.
  while (digits < MAX_DRAW_DIGITS && 10 ** (magnitude - digits + 1) > stratum * (1 + 1e-9)) digits++;
  for (; ; digits++) {
    const written = String(+value.toPrecision(digits));
    const number = Number(written);
    // 17 significant digits write the drawn value itself, which lies in the range.
    if (digits >= MAX_DRAW_DIGITS || (number >= range.min && number <= range.max && !taken.has(written))) {
      taken.add(written);
      return written;
    }
  }
}

/** Significant digits that write any double exactly. */
const MAX_DRAW_DIGITS = 17;

const toAssignments = (setting: Record<string, string>): Assignments => Object.entries(setting).map(([name, value]) => `${name}=${value}`);

/** Where one race (the search, or the refinement) stands. */
interface RaceState {
  readonly settings: Record<string, string>[];
  readonly evaluations: { matches: number; aggregate: unknown }[];
  readonly alive: number[];
  readonly round: number;
  readonly rounds: RoundRecord[];
  readonly spent: number;
}

interface SavedState {
  readonly key: string;
  /** The search's race; finished once `refine` is there. */
  readonly search: RaceState;
  readonly refine: RaceState | null;
}

const roundSchema = z.object({ alive: z.number(), matchesEach: z.number(), best: z.record(z.string(), z.string()), bestDistance: z.number().nullable(), alike: z.literal(true).optional() });
const raceSchema = z.object({
  settings: z.array(z.record(z.string(), z.string())),
  evaluations: z.array(z.object({ matches: z.number().int().min(0), aggregate: z.unknown() })),
  alive: z.array(z.number().int().min(0)).min(1),
  round: z.number().int().min(0),
  rounds: z.array(roundSchema),
  spent: z.number().int().min(0),
});
/** What a saved search that cannot be resumed leaves: without --resume the folder asks for --resume or --force, so --force. */
const START_AFRESH = 'start afresh with --force in place of --resume';

const savedStateSchema = z.object({ key: z.string(), search: raceSchema, refine: raceSchema.nullable(), sha256: z.string() });

/**
 * The digest a saved search carries of its own content: an edited state (an evaluation's match
 * count, a candidate's sums, which candidates are alive) would change the answer with exit 0, as
 * an edited run checkpoint would.
 */
/** Whether `state` (a saved search as read) has the content its `sha256` was computed over. */
function digestHolds(state: Readonly<Record<string, unknown>>, sha256: string): boolean {
  return digest({ key: state['key'], search: state['search'], refine: state['refine'] }) === sha256;
}

function stateDigest(state: SavedState): string {
  return digest({ key: state.key, search: state.search, refine: state.refine });
}

/** A saved search, checked field by field: a damaged file is bad input naming it, not a crash. */
function readSavedState(path: string): SavedState {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError([{ source: path, field: '', message: `not a saved tuning: ${(error as Error).message.split('\n')[0]}; ${START_AFRESH}` }]);
  }
  const parsed = savedStateSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new UsageError([{ source: path, field: (first?.path ?? []).map(String).join('.'), message: `${first?.message ?? 'not a saved tuning'}; ${START_AFRESH}` }]);
  }
  const { sha256, ...state } = parsed.data as SavedState & { sha256: string };
  if (sha256 !== stateDigest(state)) {
    throw new UsageError([{ source: path, field: 'sha256', message: `does not match the saved search: the file was edited or damaged; ${START_AFRESH}` }]);
  }
  for (const [name, race] of [['search', state.search], ['refine', state.refine]] as const) {
    if (race !== null && race.alive.some((index) => index >= race.evaluations.length)) {
      throw new UsageError([{ source: path, field: `${name}.alive`, message: `names a candidate the file does not hold; ${START_AFRESH}` }]);
    }
  }
  return state;
}

/**
 * Squared distance of an evaluation's metrics to the targets (a rate's miss as it is, a mean's
 * relative to its target, or as it is for a target within ±1), and the first target its matches
 * leave unmeasured (a NaN value, such as a rate of an event that never happened), or null.
 */
async function distance(evaluator: Evaluator, evaluation: Evaluation, targets: readonly Target[], seed?: number): Promise<{ distance: number; unmeasured: Target | null; unseen: ReadonlyMap<Target, string> }> {
  const metrics = await evaluator.metrics(evaluation, seed, targets.map((target) => target.metric));
  let sum = 0;
  let unmeasured: Target | null = null;
  // Each target on an event type these matches never emitted, with its note.
  const unseen = new Map<Target, string>();
  for (const target of targets) {
    const metric = pickMetric(metrics, target.metric, `--target ${target.metric}=${target.value}`);
    if (metric.kind === 'mean' && metric.note?.startsWith('no match emitted ') === true) unseen.set(target, metric.note);
    // A rate can never reach a target outside [0, 1]: the search would run its whole budget
    // toward the nearest end and report a "best" setting that answers nothing.
    if (metric.kind === 'rate') checkRateTarget(target);
    if (Number.isNaN(metric.value)) unmeasured ??= target;
    // Targets on different scales (a rate and a mean of rounds) are summed as shares: a mean's
    // miss relative to its target, so 2 rounds off 50 weigh as 4 points off a rate, not as 200.
    // Within ±1 a mean's miss counts as it is: relative to a target near 0 it would explode.
    const scale = metric.kind === 'mean' ? Math.max(1, Math.abs(target.value)) : 1;
    sum += ((metric.value - target.value) / scale) ** 2;
  }
  return { distance: sum, unmeasured, unseen };
}

/** The types a "no match emitted …; types emitted: a, b" note names (none for "none"; a list cut short keeps its first eight). */
function emittedTypes(note: string): string[] {
  const listed = note.slice(note.indexOf('types emitted: ') + 'types emitted: '.length);
  if (listed === 'none') return [];
  return listed
    .replace(/, \.\.\. \(\d+ in all\)$/, '')
    .split(', ')
    .filter((type) => type !== '');
}

/** The message for a target whose event type no candidate's matches emitted: every one reads 0, as a misspelt type would. */
function unseenTarget(target: Target, types: ReadonlySet<string>, where: string): UsageError {
  const type = target.metric.slice('events.'.length);
  const emitted = types.size === 0 ? 'none' : [...types].sort().join(', ');
  return new UsageError([
    {
      source: `--target ${target.metric}=${target.value}`,
      field: '',
      message: `no match of ${where} emitted ${type}, so every candidate reads 0 and the search has nothing to rank by (a misspelt type reads so too); types emitted: ${emitted}. Check the name, or give a rare event more matches (--budget)`,
    },
  ]);
}

/** The message for a target no candidate measured: the search has nothing to rank by. */
function unmeasuredTarget(target: Target, where: string): UsageError {
  return new UsageError([
    {
      source: `--target ${target.metric}=${target.value}`,
      field: '',
      message: `${target.metric} is not measured in ${where} (its value is undefined: the event it counts did not happen); choose a metric these matches measure`,
    },
  ]);
}

/**
 * The schedule of a race of `count` candidates on `budget` matches. Each of its `rounds` adds
 * matches to every candidate still in it: an equal share of the budget per round, split between
 * them, at least 2 each (a whole number of seat pairs when seats rotate, rounded up to one). So
 * that a race never spends more than its budget, a round adds no more than the budget left
 * once every later round has its least (2 matches a candidate); so every budget of at least
 * `minimum` fits, and none below.
 */
export function raceSchedule(count: number, budget: number, rotate: boolean): { rounds: number; minimum: number; increment: (round: number, spent: number) => number } {
  const rounds = Math.max(1, Math.ceil(Math.log2(count)));
  const alive: number[] = [];
  for (let round = 0, left = count; round < rounds; round++, left = Math.max(1, Math.ceil(left / 2))) alive.push(left);
  // The least the rounds after each round need: 2 matches for each candidate in them.
  const leastAfter = alive.map((_, round) => alive.slice(round + 1).reduce((sum, each) => sum + 2 * each, 0));
  // One candidate is no race: it plays no round.
  const minimum = count <= 1 ? 0 : alive.reduce((sum, each) => sum + 2 * each, 0);
  const increment = (round: number, spent: number): number => {
    const each = alive[round] as number;
    const share = Math.max(2, Math.floor(budget / rounds / each));
    const most = Math.floor((budget - spent - (leastAfter[round] as number)) / each);
    const wanted = rotate ? Math.ceil(share / 2) * 2 : share;
    return Math.max(2, Math.min(wanted, rotate ? Math.floor(most / 2) * 2 : most));
  };
  return { rounds, minimum, increment };
}

/**
 * Successive halving over `settings` on the matches of run seed `seed` (the scenario's when
 * undefined), from `restored` when resuming; `save` is called after every round.
 */
async function race(
  evaluator: Evaluator,
  settings: Record<string, string>[],
  budget: number,
  targets: readonly Target[],
  rotate: boolean,
  seed: number | undefined,
  restored: RaceState | null,
  save: (state: RaceState) => void,
  onRound: ((round: number, rounds: number, alive: number, matchesEach: number) => void) | undefined,
  seenOnce: Set<Target>,
): Promise<{ best: Record<string, string>; rounds: RoundRecord[]; spent: number; matchesEach: number }> {
  const schedule = raceSchedule(settings.length, budget, rotate);
  // A saved race is resumed only over the candidates it raced: its matches are kept by position,
  // and a build that draws other candidates (audit 33b widened the refinement's box) would hand
  // one candidate's matches to another.
  // Compared as data (review 33c: the state file writes each setting's keys sorted, and a search
  // whose --space flags were not in alphabetical order was refused).
  if (restored !== null && canonicalJson(restored.settings) !== canonicalJson(settings)) {
    throw new UsageError([
      { source: '--resume', field: '', message: 'the saved search raced other candidates than this one draws (Hordelab, or --candidates, changed since it was saved); run the search afresh with --force' },
    ]);
  }
  const evaluations: Evaluation[] = [];
  for (const [index, setting] of settings.entries()) {
    const evaluation = await evaluator.start(toAssignments(setting));
    const saved = restored?.evaluations[index];
    if (saved !== undefined) Object.assign(evaluation, saved);
    evaluations.push(evaluation);
  }
  let alive = restored === null ? settings.map((_, index) => index) : [...restored.alive];
  let round = restored?.round ?? 0;
  let spent = restored?.spent ?? 0;
  const history: RoundRecord[] = [...(restored?.rounds ?? [])];
  let matchesEach = alive.reduce((most, index) => Math.max(most, evaluations[index]?.matches ?? 0), 0);
  // The targets on event types no evaluation so far emitted, each with the types the candidates'
  // matches did emit, together (review 26d: the first candidate's alone left out the type
  // misspelt). A target leaves for good once any candidate's matches emit its type (`seenOnce`,
  // shared by the search and its refinement, whose few candidates may all miss a rare event the
  // search saw).
  const neverSeen = new Map<Target, Set<string>>();
  const noteUnseen = (unseen: ReadonlyMap<Target, string>): void => {
    for (const target of targets) {
      const note = unseen.get(target);
      if (note === undefined) {
        seenOnce.add(target);
        neverSeen.delete(target);
      } else if (!seenOnce.has(target)) {
        const types = neverSeen.get(target) ?? new Set<string>();
        for (const type of emittedTypes(note)) types.add(type);
        neverSeen.set(target, types);
      }
    }
  };
  // A resumed search: what its saved evaluations (eliminated candidates' too) emitted.
  for (const evaluation of evaluations) if (evaluation.matches > 0) noteUnseen((await distance(evaluator, evaluation, targets, seed)).unseen);
  for (; round < schedule.rounds && alive.length > 1; round++) {
    matchesEach += schedule.increment(round, spent);
    onRound?.(round + 1, schedule.rounds, alive.length, matchesEach);
    const scored: { index: number; distance: number }[] = [];
    let unmeasured: Target | null = null;
    for (const index of alive) {
      const evaluation = evaluations[index] as Evaluation;
      spent += Math.max(0, matchesEach - evaluation.matches);
      await evaluator.extend(evaluation, matchesEach, seed);
      const measured = await distance(evaluator, evaluation, targets, seed);
      unmeasured ??= measured.unmeasured;
      noteUnseen(measured.unseen);
      // A candidate whose matches leave a target unmeasured cannot be judged on it: it ranks last.
      scored.push({ index, distance: Number.isNaN(measured.distance) ? Infinity : measured.distance });
    }
    // With no candidate measured there is nothing to rank: a "best" would be the first listed.
    if (unmeasured !== null && scored.every((entry) => entry.distance === Infinity)) throw unmeasuredTarget(unmeasured, `any candidate's ${matchesEach} matches`);
    // Nor when no candidate's matches so far (this round's and every earlier one's, eliminated
    // candidates' too) emitted a target's event type: every one reads 0, as a misspelt type does
    // (audit 26a: --target events.tripple=0.05 "tuned" to the first candidate, exit 0). Said as
    // check says it of such a type.
    for (const target of targets) {
      const types = neverSeen.get(target);
      if (types !== undefined) throw unseenTarget(target, types, `any candidate's ${matchesEach} matches`);
    }
    scored.sort((x, y) => x.distance - y.distance || x.index - y.index);
    // Every candidate at one distance: which go on is their order alone (audit 38c F2), recorded so the result can say so.
    const alike = scored.every((entry) => entry.distance === scored[0]?.distance);
    history.push({ alive: alive.length, matchesEach, best: settings[scored[0]?.index ?? 0] ?? {}, bestDistance: scored[0]?.distance ?? Number.NaN, ...(alike ? { alike: true as const } : {}) });
    alive = scored.slice(0, round === schedule.rounds - 1 ? 1 : Math.max(1, Math.ceil(scored.length / 2))).map((entry) => entry.index);
    save({ settings, evaluations: evaluations.map((evaluation) => ({ matches: evaluation.matches, aggregate: evaluation.aggregate })), alive, round: round + 1, rounds: history, spent });
  }
  return { best: settings[alive[0] as number] as Record<string, string>, rounds: history, spent, matchesEach };
}

/** The values next to `value` in a list: itself and its neighbours. */
function neighbours(values: readonly string[], value: string): string[] {
  const at = values.indexOf(value);
  if (at < 0) return [value];
  return values.slice(Math.max(0, at - 1), at + 2);
}

/**
 * The refinement candidates around `best`: the winner first, then its neighbours. Whole-number
 * and numeric-choice dimensions offer the values one step either side; real ones a box one
 * starting stratum wide either side, as the starting candidates that share the winner's other
 * values spread it ((max − min) / their count: all of them in a space of real values alone);
 * other choices keep the winner's. A local grid when it has at most 9 points; else 8 seeded
 * Latin-hypercube points in it, or, where real values sit beside whole numbers or choices, up
 * to 4 one-step neighbours (at the winner's real values) and Latin-hypercube points over the
 * real values at the winner's whole numbers and choices for the rest. Audit 33b: with a
 * whole-number dimension of 5 values beside a real one, 5 of 24 candidates shared the winner's
 * whole number, spread 1/5 apart, and a box of ±1/24 could not reach a target 0.14 away,
 * whatever the budget.
 */
export function refinementSettings(space: readonly SpaceDimension[], best: Record<string, string>, starting: readonly Record<string, string>[], seed: number): Record<string, string>[] {
  const others = space.filter((dimension) => dimension.kind !== 'real');
  const sharing = starting.filter((setting) => others.every((dimension) => setting[dimension.name] === best[dimension.name])).length;
  const local = space.map((dimension): { values: string[] } | { min: number; max: number } => {
    const value = best[dimension.name] as string;
    if (dimension.kind === 'real') {
      const centre = Number(value);
      const half = (dimension.max - dimension.min) / Math.max(1, sharing);
      return { min: Math.max(dimension.min, centre - half), max: Math.min(dimension.max, centre + half) };
    }
    const values = dimensionValues(dimension) as string[];
    const numeric = values.every((choice) => choice.trim() !== '' && Number.isFinite(Number(choice)));
    return { values: dimension.kind === 'choice' && !numeric ? [value] : neighbours(values, value) };
  });
  const key = (setting: Record<string, string>): string => JSON.stringify(space.map((dimension) => setting[dimension.name]));
  const points: Record<string, string>[] = [best];
  const seen = new Set([key(best)]);
  const add = (point: Record<string, string>): void => {
    if (!seen.has(key(point))) {
      seen.add(key(point));
      points.push(point);
    }
  };
  const discrete = local.every((dimension) => 'values' in dimension);
  const gridSize = local.reduce((product, dimension) => product * ('values' in dimension ? dimension.values.length : Infinity), 1);
  if (discrete && gridSize <= 9) {
    let grid: Record<string, string>[] = [{}];
    local.forEach((dimension, d) => {
      const name = (space[d] as SpaceDimension).name;
      grid = grid.flatMap((point) => (dimension as { values: string[] }).values.map((value) => ({ ...point, [name]: value })));
    });
    grid.forEach(add);
    return points;
  }
  // Beside real values, whole numbers and choices are tried one step from the winner's, each at
  // the winner's real values, and the Latin-hypercube points spread the real values at the
  // winner's own: spread over every neighbour too, a third of them fell at the winner's whole
  // number, and the real value it needed was missed (audit 33b).
  const mixed = local.some((dimension) => 'min' in dimension) && local.some((dimension) => 'values' in dimension);
  if (mixed) {
    const steps = local.flatMap((dimension, d) => {
      const name = (space[d] as SpaceDimension).name;
      return 'values' in dimension ? dimension.values.filter((value) => value !== best[name]).map((value) => ({ ...best, [name]: value })) : [];
    });
    steps.slice(0, MIXED_STEP_POINTS).forEach(add);
  }
  const count = mixed ? REFINEMENT_POINTS - Math.min(MIXED_STEP_POINTS, points.length - 1) : REFINEMENT_POINTS;
  const rng = Rng.fromSeed(BigInt.asUintN(64, BigInt(seed) * 2654435761n + 104729n));
  const strata = local.map(() => {
    const order = Array.from({ length: count }, (_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    return order;
  });
  // Each real dimension's values so far (a draw on the winner's own is dropped as the winner again, as it was).
  const drawn = space.map(() => new Set<string>());
  for (let k = 0; k < count; k++) {
    const point: Record<string, string> = {};
    local.forEach((dimension, d) => {
      const u = ((strata[d]?.[k] as number) + rng.float()) / count;
      const name = (space[d] as SpaceDimension).name;
      if ('values' in dimension) point[name] = mixed ? (best[name] as string) : (dimension.values[Math.min(dimension.values.length - 1, Math.floor(u * dimension.values.length))] as string);
      else point[name] = writtenDraw(dimension, space[d] as { min: number; max: number }, u, count, drawn[d] as Set<string>);
    });
    add(point);
  }
  return points;
}

/** Points a refinement adds to its winner when it samples: the race takes at most 9 candidates. */
const REFINEMENT_POINTS = 8;
/** Of those, at most this many are the one-step neighbours of a mixed space's whole numbers and choices; the rest spread its real values. */
const MIXED_STEP_POINTS = 4;

/**
 * The ends of each numeric `--space` dimension (a range, or a list of numbers, by value), each
 * with the best setting's other values: where the search did not reach a target, what they
 * measure says whether the target may lie beyond the range (see {@link TuneResult.rangeEnds}).
 * A setting an end makes invalid beside the best's other values is left out.
 */
function rangeEndSettings(space: readonly SpaceDimension[], best: Record<string, string>): { dimension: SpaceDimension; end: 'lower' | 'upper'; setting: Record<string, string>; beyond: Record<string, string> }[] {
  const ends: { dimension: SpaceDimension; end: 'lower' | 'upper'; setting: Record<string, string>; beyond: Record<string, string> }[] = [];
  for (const dimension of space) {
    let lower: string;
    let upper: string;
    if (dimension.kind === 'real') [lower, upper] = [String(dimension.min), String(dimension.max)];
    else {
      const values = dimensionValues(dimension) as string[];
      if (!values.every((value) => value.trim() !== '' && Number.isFinite(Number(value)))) continue;
      // A list of numbers in any order: its ends by value (the first listed of equal ones).
      const byValue = values.map((value, index) => ({ value, index })).sort((x, y) => Number(x.value) - Number(y.value) || x.index - y.index);
      [lower, upper] = [(byValue[0] as { value: string }).value, (byValue[byValue.length - 1] as { value: string }).value];
    }
    // A step past each end: the range's twenty-fourth (at least 1 for whole numbers), to ask the game whether it goes further.
    const whole = dimension.kind !== 'real' && Number.isInteger(Number(lower)) && Number.isInteger(Number(upper));
    const step = Math.max((Number(upper) - Number(lower)) / 24, whole ? 1 : 0) || (whole ? 1 : Math.abs(Number(upper)) / 24 || 1e-6);
    ends.push({ dimension, end: 'lower', setting: { ...best, [dimension.name]: lower }, beyond: { ...best, [dimension.name]: String(Number(lower) - step) } });
    ends.push({ dimension, end: 'upper', setting: { ...best, [dimension.name]: upper }, beyond: { ...best, [dimension.name]: String(Number(upper) + step) } });
  }
  return ends;
}

/** Where a figure lies from its target: wholly below or above it by its interval (by its value where it has none), or holding it. */
function sideOf(target: TargetResult): 'below' | 'above' | 'holds' | 'unmeasured' {
  if (Number.isNaN(target.value)) return 'unmeasured';
  if (target.intervalContainsTarget) return 'holds';
  const [lower, upper] = Number.isNaN(target.lower) ? [target.value, target.value] : [target.lower, target.upper];
  return upper < target.target ? 'below' : lower > target.target ? 'above' : 'holds';
}

/**
 * Where the confirmation's interval misses a target, the ends of every numeric `--space`
 * dimension played on the confirmation's own fresh matches (the best setting's figure where it
 * is that end). Audit 38c F1: with the target beyond a real range, ties on the first rounds'
 * few matches left the winner inside the range and nothing said the range had stopped it; a
 * list of numbers never had the note.
 */
async function measureRangeEnds(
  evaluator: Evaluator,
  space: readonly SpaceDimension[],
  best: Record<string, string>,
  confirmation: { readonly matches: number; readonly seed: number; readonly targets: readonly TargetResult[] },
  targets: readonly Target[],
  tolerance: number,
  onRangeEnds: ((matches: number) => void) | undefined,
): Promise<RangeEnd[]> {
  if (confirmation.targets.every((target) => target.intervalContainsTarget)) return [];
  const valid = async (setting: Record<string, string>): Promise<boolean> => {
    try {
      await evaluator.scenario(toAssignments(setting), confirmation.seed);
      return true;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      return false;
    }
  };
  const ends: (ReturnType<typeof rangeEndSettings>[number] & { isBest: boolean; widens: boolean })[] = [];
  for (const entry of rangeEndSettings(space, best)) {
    const isBest = entry.setting[entry.dimension.name] === best[entry.dimension.name];
    if (!isBest && !(await valid(entry.setting))) continue;
    // Review 38g: "widen it" past a count's least value, which the game then refused.
    ends.push({ ...entry, isBest, widens: await valid(entry.beyond) });
  }
  onRangeEnds?.(ends.filter((entry) => !entry.isBest).length * confirmation.matches);
  const measured: RangeEnd[] = [];
  for (const { dimension, end, setting, isBest, widens } of ends) {
    const figures = isBest ? confirmation.targets : await measuredTargets(evaluator, setting, confirmation.matches, confirmation.seed, targets, tolerance, null);
    measured.push({ name: dimension.name, space: spaceFlag(dimension), end, assignment: `${dimension.name}=${setting[dimension.name] as string}`, isBest, targets: figures, widens });
  }
  return measured;
}

/** The lines that say which targets were not reached, and what the ends of the ranges measured (see {@link TuneResult.atRangeEnds}). */
export function rangeEndNotes(space: readonly SpaceDimension[], confirmation: { readonly matches: number; readonly targets: readonly TargetResult[] }, ends: readonly RangeEnd[]): string[] {
  const notes: string[] = [];
  confirmation.targets.forEach((target, t) => {
    if (target.intervalContainsTarget) return;
    const side = sideOf(target);
    const bestSide = side === 'below' || side === 'above' ? `the best setting's ${target.note === undefined ? 'interval' : 'value'} lies ${side} it` : "the best setting's value is not it";
    notes.push(`Target ${target.metric}=${target.target} not reached by the search: ${bestSide}.`);
    const others = space.length > 1 ? ' (the other values as the best setting\'s)' : '';
    for (const dimension of space) {
      const pair = ends.filter((end) => end.name === dimension.name);
      if (pair.length === 0) continue;
      const read = pair.map((end) => {
        const figure = end.targets[t] as TargetResult;
        const where = sideOf(figure);
        const said = where === 'unmeasured' ? 'leaves it unmeasured' : `gives ${formatEstimate(figure)}, ${where === 'holds' ? `its ${figure.note === undefined ? 'interval' : 'value'} holding the target` : `${where} the target`}`;
        return { end, figure, where, text: `${end.assignment}${end.isBest ? ' (the best setting)' : ''} ${said}` };
      });
      notes.push(`At the ends of ${pair[0]?.space as string}${others}, on the same ${confirmation.matches} fresh matches: ${read.map((entry) => entry.text).join('; ')}.`);
      const opposite = side === 'below' ? 'above' : side === 'above' ? 'below' : null;
      const across = read.filter((entry) => entry.where === opposite);
      const holding = read.filter((entry) => entry.where === 'holds');
      const pulled = across.length > 0 && noneMetAll(confirmation.targets, ends) ? pulledAway(confirmation.targets, t, across.map((entry) => entry.end)) : null;
      if (pulled !== null) {
        notes.push(
          `  An end lies on the other side of the target from the best setting, but there ${pulled.metric}=${pulled.target} moves away from its own target (${formatEstimate(pulled.atEnd)} against ${formatEstimate(pulled.atBest)} at the best setting): ` +
            `these targets pull against each other along ${dimension.name}, and neither the best setting nor any end met them all on these matches, so a larger --budget or more --candidates is not what these figures point to; loosen or drop one of the targets.`,
        );
      } else if (across.length > 0) {
        notes.push(`  An end lies on the other side of the target from the best setting, so a setting within the range may reach it where the search did not: a larger --budget or more --candidates may find it.`);
      } else if (holding.length > 0) {
        notes.push(`  ${holding.map((entry) => entry.end.assignment).join(' and ')} ${holding.length === 1 ? 'holds' : 'hold'} the target within ${holding.length === 1 ? 'its' : 'their'} interval: the setting it asks for may lie at ${holding.length === 1 ? 'that end' : 'those ends'} or beyond; widen the range to search there.`);
      } else if (side !== 'holds' && read.length > 0 && read.every((entry) => entry.where === side)) {
        const gap = (entry: (typeof read)[number]): number => Math.abs(entry.figure.value - target.target);
        const nearest = [...read].sort((x, y) => gap(x) - gap(y))[0] as (typeof read)[number];
        // Ends whose figures do not differ beyond their intervals point no way: naming one as the
        // way to widen would be chance's choice (review 38g: 53.8% [48.9, 58.6] against 47.8%
        // [42.9, 52.6] was read as a direction).
        const overlap = (a: TargetResult, b: TargetResult): boolean => (Number.isNaN(a.lower) || Number.isNaN(b.lower) ? a.value === b.value : a.lower <= b.upper && b.lower <= a.upper);
        const tied = read.some((entry) => entry !== nearest && overlap(entry.figure, nearest.figure));
        notes.push(
          tied
            ? `  Every end lies ${side} the target too, and they do not differ beyond their intervals: they show no direction in which to widen the range.`
            : nearest.end.widens
            ? `  Every end lies ${side} the target too: if ${target.metric} moves steadily with ${dimension.name}, the setting the target asks for lies beyond the range, past ${nearest.end.assignment}; widen it to search there.`
            : `  Every end lies ${side} the target too, nearest at ${nearest.end.assignment}, and the game takes no value of ${dimension.name} past it: with the best setting's other values, ${dimension.name} alone does not reach the target.`,
        );
      }
    }
  });
  return notes;
}

/** Whether no setting measured on the confirmation's matches (the best, every end) met every target. */
function noneMetAll(best: readonly TargetResult[], ends: readonly RangeEnd[]): boolean {
  return [best, ...ends.map((end) => end.targets)].every((figures) => figures.some((figure) => !figure.intervalContainsTarget));
}

/**
 * Another target the best setting missed that, at every end across target `t`, lies farther from
 * its own target on the best setting's side, beyond both intervals (by value where one has none):
 * measured evidence that the two pull against each other (audit 40a F4: p1WinRate=0.3 beside
 * p2WinRate=0.3 without draws was told, twice, that a larger budget might find each). Null where
 * no target does, as where another merely stays put.
 */
function pulledAway(best: readonly TargetResult[], t: number, across: readonly RangeEnd[]): { metric: string; target: number; atEnd: TargetResult; atBest: TargetResult } | null {
  const bounds = (figure: TargetResult): [number, number] => (Number.isNaN(figure.lower) ? [figure.value, figure.value] : [figure.lower, figure.upper]);
  for (let other = 0; other < best.length; other++) {
    const atBest = best[other] as TargetResult;
    const side = sideOf(atBest);
    if (other === t || (side !== 'below' && side !== 'above')) continue;
    const away = (atEnd: TargetResult): boolean => {
      if (sideOf(atEnd) !== side) return false;
      const [endLower, endUpper] = bounds(atEnd);
      const [bestLower, bestUpper] = bounds(atBest);
      return side === 'above' ? endLower > bestUpper : endUpper < bestLower;
    };
    if (across.every((end) => away(end.targets[other] as TargetResult))) {
      const atEnd = (across[0] as RangeEnd).targets[other] as TargetResult;
      return { metric: atBest.metric, target: atBest.target, atEnd, atBest };
    }
  }
  return null;
}

/** Whether the races played rounds and every candidate of every one measured alike (see {@link TuneResult.allAlike}). */
function allAlike(rounds: readonly RoundRecord[]): boolean {
  return rounds.length > 0 && rounds.every((round) => round.alike === true);
}

/** The line that says every candidate measured alike, for the text and the tuned scenario's header. */
const ALL_ALIKE =
  'every candidate measured alike in every round (the same distance to the targets on the same matches): the --space parameters did not move the targets there, so this setting is the first candidate drawn, not a finding';

/** A dimension as its `--space` flag reads (`--space winRate=0.5..0.9`), to name it in a message. */
export function spaceFlag(dimension: SpaceDimension): string {
  return `--space ${dimension.name}=${dimension.kind === 'choice' ? dimension.choices.join(',') : `${dimension.min}..${dimension.max}`}`;
}

/** Run seed of the refinement's matches: new common seeds, apart from the search's and the confirmation's. */
const REFINE_SEED_OFFSET = 104729;
/** Run seed of the confirmation's fresh matches. */
const CONFIRM_SEED_OFFSET = 7919;

/**
 * `seed + offset`, wrapped into the run seeds there are (0..MAX_RUN_SEED): a search from a seed
 * near the top must not fail after its first round on a seed the user never gave.
 */
export function offsetSeed(seed: number, offset: number): number {
  return seed <= MAX_RUN_SEED - offset ? seed + offset : seed - (MAX_RUN_SEED - offset) - 1;
}

/**
 * Checks `options` as `hordelab tune` checks its flags, and each entry of its targets and space.
 * @throws UsageError naming `tune` and the option at fault.
 */
export function checkTuneOptions(options: TuneOptions): void {
  checkOptions('tune', options, TUNE_OPTION_RULES, ['targets', 'space', 'budget', 'workers', 'outDir']);
  checkEntries(options);
}

export async function tune(scenario: Scenario, options: TuneOptions): Promise<TuneResult> {
  checkTuneOptions(options);
  // Before any match: the tuned scenario's file is named after the scenario (audit 42f F1).
  const tunedFileName = nameMadeFrom(scenario.name, '-tuned.yaml', scenario.file, 'name', '.tmp');
  const started = performance.now();
  const space = checkedSpace(scenario, options);
  const tolerance = options.tolerance ?? 0.01;
  const sampled = candidateSettings(space, options.candidates ?? 24, scenario.seed);
  // Categorical choices alone have no neighbourhood to refine in.
  const refinable = options.refine !== false && space.some((dimension) => dimension.kind !== 'choice' || dimension.choices.every((choice) => Number.isFinite(Number(choice))));
  const evaluator = new Evaluator(scenario.source, options.workers, options.onPlayed, options.matchTimeoutSeconds);
  try {
    // Every candidate must be a valid scenario before any match runs.
    await checkRangeEnds(evaluator, space);
    const { settings, leftOut } = await validSettings(evaluator, space, sampled);
    await topUpCandidates(evaluator, space, settings, leftOut, options.candidates ?? 24, scenario.seed);
    const tunedFile = join(options.outDir, tunedFileName);
    refuseUnfaithfulTunedFile(scenario, space, settings[0], tunedFile);
    const { searchBudget, refineBudget } = splitBudget(options.budget, settings.length, refinable, scenario.rotate);
    // The scenario as played too (agent and game modules by content): a module edited between a
    // search and its resume is another agent, whose matches must not be raced against the old one's.
    // And the Hordelab that races: one that records other figures (or another version) is
    // another search, whose saved races would be summed with figures they hold no part of (review 38g).
    const key = JSON.stringify({ source: scenario.source, played: digest(effectiveScenario(scenario)), targets: options.targets, space, budget: options.budget, candidates: settings.length, refine: refinable, figures: RECORDED_FIGURES, version: HORDELAB_VERSION });
    const checkpoint = new TuneCheckpoint(options.outDir, key, options.resume === true);
    const seen = new Set<Target>();
    const searched = await race(evaluator, settings, searchBudget, options.targets, scenario.rotate, undefined, checkpoint.saved?.search ?? null, checkpoint.saveSearch, options.onRound, seen);
    let best = searched.best;
    let spent = searched.spent;
    let lastMatches = searched.matchesEach;
    let refinement: TuneResult['refinement'] = null;
    if (refinable) {
      const refineSeed = offsetSeed(scenario.seed, REFINE_SEED_OFFSET);
      const local = await validNeighbours(evaluator, refinementSettings(space, searched.best, settings, scenario.seed), refineSeed);
      const refined = await race(evaluator, local, refineBudget, options.targets, scenario.rotate, refineSeed, checkpoint.saved?.refine ?? null, checkpoint.saveRefine, options.onRound, seen);
      best = refined.best;
      spent += refined.spent;
      // The winner's own matches in the last round it raced.
      lastMatches = refined.matchesEach;
      refinement = { candidates: local.length, seed: refineSeed, matches: refined.spent, rounds: refined.rounds };
    }
    const confirmation = await confirmOnFreshSeeds(evaluator, scenario, options, best, lastMatches, tolerance);
    const rangeEnds = await measureRangeEnds(evaluator, space, best, confirmation, options.targets, tolerance, options.onRangeEnds);
    const result: TuneResult = {
      scenario: { name: scenario.name, file: scenario.file, game: scenario.entry.game.id, seed: scenario.seed },
      ...scenarioSkill(confirmation.played.seats, confirmation.played.rotate),
      best,
      bestValues: Object.fromEntries(Object.entries(best).map(([name, value]) => [name, parseAssignment(`${name}=${value}`).value])),
      assignments: toAssignments(best),
      targets: confirmation.targets,
      tolerance,
      searchMatches: spent,
      confirmMatches: confirmation.matches,
      confirmSeed: confirmation.seed,
      candidates: settings.length,
      leftOut,
      rounds: searched.rounds,
      refinement,
      seconds: Math.round(performance.now() - started) / 1000,
      tunedScenario: tunedFile,
      stateSha256: checkpoint.sha256,
      atRangeEnds: rangeEndNotes(space, confirmation, rangeEnds),
      rangeEnds,
      allAlike: allAlike([...searched.rounds, ...(refinement?.rounds ?? [])]),
    };
    publishTune(scenario, space, options.outDir, result, checkpoint);
    return result;
  } finally {
    await evaluator.close();
  }
}

/**
 * The search space as searched, after the checks that need no match: at least one target and
 * one dimension, each target's name (a typo must not cost a round) and a rate's value where the
 * game's empty summary says it is a rate, and whole-number ranges of a size a search can list.
 * `winRate=0..1` reads as whole numbers; a parameter the game declares real is searched as real.
 */
function checkedSpace(scenario: Scenario, options: TuneOptions): SpaceDimension[] {
  // A round robin's candidates would be played at its first pairing alone, and its tuned
  // scenario could not be written (audit 27b): a tune asks of one seating.
  if (scenario.tournament !== null) throw new UsageError([{ source: scenario.file, field: 'seats.roundRobin', message: 'tuning needs one seating; give a scenario without a round robin (a pairing\'s seats listed, or seats.rotate)' }]);
  // Rotated seats play each seed in both seatings: an odd count was played one match longer, unsaid.
  if (scenario.rotate && options.confirm !== undefined && options.confirm % 2 === 1) {
    throw new UsageError([{ source: '--confirm', field: '', message: `with seats.rotate every seed is played in both seatings, so --confirm must be even; got ${options.confirm}` }]);
  }
  if (options.targets.length === 0) throw new UsageError([{ source: '--target', field: '', message: 'give at least one --target metric=value' }]);
  if (options.space.length === 0) throw new UsageError([{ source: '--space', field: '', message: 'give at least one --space name=lo..hi' }]);
  const kinds = checkMetricNames(scenario, options.targets.map((target) => ({ name: target.metric, source: `--target ${target.metric}=${target.value}` })), false);
  for (const target of options.targets) if (kinds.get(target.metric) === 'rate') checkRateTarget(target);
  const specs = scenario.entry.game.parameters as Record<string, { tunable?: { kind: string } } | undefined>;
  const space = options.space.map((dimension): SpaceDimension =>
    dimension.kind === 'int' && specs[dimension.name]?.tunable?.kind === 'real' && dimension.stepGiven !== true ? { name: dimension.name, kind: 'real', min: dimension.min, max: dimension.max } : dimension,
  );
  for (const dimension of space) {
    if (dimension.kind !== 'int') continue;
    const values = Math.floor((dimension.max - dimension.min) / dimension.step) + 1;
    if (values > MAX_DIMENSION_VALUES) {
      throw new UsageError([{ source: `--space ${dimension.name}=${dimension.min}..${dimension.max}`, field: '', message: `${values.toLocaleString('en-US')} whole numbers to try; expected at most ${MAX_DIMENSION_VALUES.toLocaleString('en-US')}: give a coarser step (name=lo..hi:step)` }]);
    }
  }
  return space;
}

/**
 * Each end of every range (and every choice) must be a valid setting, refused by its --space: a
 * sampled point past a parameter's range would otherwise be left out or not depending on the
 * seed, and named by a --set the user never typed. An end need only be valid beside some corner
 * of the other ranges (winRate=0.6 fits drawRate=0 though not drawRate=0.6): which combinations
 * are no setting is for {@link validSettings}.
 */
async function checkRangeEnds(evaluator: Evaluator, space: readonly SpaceDimension[]): Promise<void> {
  const endsOf = (dimension: SpaceDimension): readonly string[] => (dimension.kind === 'choice' ? dimension.choices : [String(dimension.min), String(dimension.max)]);
  for (const dimension of space) {
    let corners: Record<string, string>[] = [{}];
    for (const other of space) {
      if (other !== dimension && corners.length < 64) corners = corners.flatMap((corner) => endsOf(other).slice(0, 64).map((value) => ({ ...corner, [other.name]: value })));
    }
    for (const value of endsOf(dimension)) {
      let alone: UsageError | null = null;
      let fits = false;
      for (const corner of [{}, ...corners.slice(0, 64)]) {
        try {
          await evaluator.scenario(toAssignments({ ...corner, [dimension.name]: value }));
          fits = true;
          break;
        } catch (error) {
          if (!(error instanceof UsageError)) throw error;
          alone ??= error;
        }
      }
      if (fits || alone === null) continue;
      const beside = space.length > 1 ? ', with every end of the other ranges too' : '';
      throw new UsageError(alone.issues.map((issue) => (issue.source.startsWith('--set ') ? { ...issue, source: spaceFlag(dimension), message: `${issue.message} (at ${dimension.name}=${value}${beside})` } : issue)));
    }
  }
}

/**
 * The sampled combinations that are valid settings, and the others as assignments. A
 * combination each of whose values is valid alone may not be (coin-flip's winRate + drawRate
 * above 1): it is no setting, so it is left out, and said so. Refusing the search instead made
 * it run or not depending on where the seed put the samples; with no valid one it is refused.
 */
async function validSettings(evaluator: Evaluator, space: readonly SpaceDimension[], sampled: readonly Record<string, string>[]): Promise<{ settings: Record<string, string>[]; leftOut: string[] }> {
  const settings: Record<string, string>[] = [];
  const leftOut: string[] = [];
  let invalid: UsageError | null = null;
  for (const setting of sampled) {
    try {
      await evaluator.scenario(toAssignments(setting));
      settings.push(setting);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      leftOut.push(toAssignments(setting).join(' '));
      const flags = space.map(spaceFlag).join(' ');
      invalid ??= new UsageError(error.issues.map((issue) => (issue.source.startsWith('--set ') ? { ...issue, source: flags, message: `${issue.message} (at ${toAssignments(setting).join(' ')}); no candidate is a valid setting: narrow the ranges` } : issue)));
    }
  }
  if (invalid !== null && settings.length === 0) throw invalid;
  return { settings, leftOut };
}

/** Further samplings tried when combinations are left out (see {@link topUpCandidates}). */
const TOP_UP_DRAWS = 8;

/**
 * Where sampled combinations were no valid setting (a coin's winRate + drawRate above 1 leaves
 * out about half of a square), or were drawn twice (a Latin hypercube over a grid of few values
 * a dimension lands two strata on one value), more are drawn, each sampling on a seed of its own
 * derived from the run seed, until `count` valid candidates are there or {@link TOP_UP_DRAWS}
 * samplings have been tried: audit 20 found a 2-D tune racing 11 of its 24 candidates, audit 40a
 * F3 one racing 15 of 24 on a grid of 28 valid points. A full grid has no more points to draw.
 * Those drawn and left out are listed too.
 */
async function topUpCandidates(evaluator: Evaluator, space: readonly SpaceDimension[], settings: Record<string, string>[], leftOut: string[], count: number, seed: number): Promise<void> {
  if (settings.length >= count || gridPoints(space) <= count) return;
  // Every setting lists its values in the space's order, so its assignments name it; left-out
  // combinations are already listed that way.
  const named = (setting: Record<string, string>): string => toAssignments(setting).join(' ');
  const seen = new Set([...settings.map(named), ...leftOut]);
  for (let draw = 1; draw <= TOP_UP_DRAWS && settings.length < count; draw++) {
    for (const setting of candidateSettings(space, count, offsetSeed(seed, TOP_UP_SEED_STEP * draw))) {
      if (settings.length >= count) break;
      const name = named(setting);
      if (seen.has(name)) continue;
      seen.add(name);
      try {
        await evaluator.scenario(toAssignments(setting));
        settings.push(setting);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        leftOut.push(name);
      }
    }
  }
}

/** Run-seed step between the top-up samplings: apart from the refinement's and the confirmation's offsets. */
const TOP_UP_SEED_STEP = 1_000_003;

/** The refinement's candidates that are valid settings: a neighbour past a parameter's limit is no candidate. */
async function validNeighbours(evaluator: Evaluator, neighbourhood: readonly Record<string, string>[], refineSeed: number): Promise<Record<string, string>[]> {
  const local: Record<string, string>[] = [];
  for (const setting of neighbourhood) {
    try {
      await evaluator.scenario(toAssignments(setting), refineSeed);
      local.push(setting);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
    }
  }
  return local;
}

/**
 * The budget's two shares: two thirds to the search from the starting candidates, the rest to
 * the refinement (all to the search when there is nothing to refine); refused, naming the least
 * budget that fits, when either share is below what its race needs.
 */
function splitBudget(budget: number, candidates: number, refinable: boolean, rotate: boolean): { searchBudget: number; refineBudget: number } {
  const searchBudget = refinable ? Math.floor((2 * budget) / 3) : budget;
  const search = raceSchedule(candidates, searchBudget, rotate);
  const least = leastBudget(candidates, refinable, rotate);
  if (budget < least) {
    const rounds = search.rounds === 1 ? '1 round' : `${search.rounds} rounds`;
    throw new UsageError([
      { source: '--budget', field: '', message: `${budget} matches are too few for ${candidates} candidates in ${rounds}${refinable ? ' and the refinement' : ''}; give at least ${least}${fewerCandidates(budget, candidates, least, refinable, rotate)}` },
    ]);
  }
  return { searchBudget, refineBudget: budget - searchBudget };
}

/** The least budget whose schedule fits `candidates` starting candidates (and the refinement's, when `refinable`). */
function leastBudget(candidates: number, refinable: boolean, rotate: boolean): number {
  const search = raceSchedule(candidates, 0, rotate);
  // The refinement races at most 9 candidates (4 rounds).
  const refineMinimum = refinable ? raceSchedule(9, 0, rotate).minimum : 0;
  // Both shares grow with the budget, so the least budget that fits is one number.
  const fits = (total: number): boolean => {
    const share = refinable ? Math.floor((2 * total) / 3) : total;
    return share >= search.minimum && total - share >= refineMinimum;
  };
  let least = search.minimum + refineMinimum;
  while (!fits(least)) least++;
  return least;
}

/**
 * What fewer starting candidates would do for a budget too small, said only where they help
 * (audit 38c F3: "or fewer --candidates" was advised where the refinement alone needs the
 * least, 112 for every count from 2 to 12): the most that fit `budget`, else the least budget
 * any count needs, with the most that need only that.
 */
function fewerCandidates(budget: number, candidates: number, least: number, refinable: boolean, rotate: boolean): string {
  const leastOf = (count: number): number => leastBudget(count, refinable, rotate);
  const fewest = leastOf(2);
  if (candidates <= 2 || fewest >= least) return `; fewer --candidates would not lower it${refinable ? ' (the refinement needs it)' : ''}`;
  let most = candidates - 1;
  if (fewest <= budget) {
    while (leastOf(most) > budget) most--;
    return `, or --candidates ${most} or fewer to play ${budget}`;
  }
  while (leastOf(most) > fewest) most--;
  return `, or ${fewest} with --candidates ${most} or fewer`;
}

/**
 * A search's saved state in its folder (`tune-state.json`): read for `--resume` (refused when
 * there is none, or when it is another search's), written after every round of either race.
 * The folder is made with the first state written, so a search that stops before its first
 * round is saved (a failed match, an interrupt) leaves nothing behind.
 */
class TuneCheckpoint {
  readonly path: string;
  /** The state `--resume` continues from, or null for a new search. */
  readonly saved: SavedState | null;
  /** The SHA-256 of the state last saved (or resumed), or null when none was. */
  sha256: string | null;
  /** The search's race as last saved: the refinement's states are saved beside it. */
  private search: RaceState | null;

  constructor(
    private readonly outDir: string,
    private readonly key: string,
    resume: boolean,
  ) {
    this.path = join(outDir, 'tune-state.json');
    this.saved = resume && existsSync(this.path) ? readSavedState(this.path) : null;
    if (resume && this.saved === null) throw new UsageError([{ source: '--resume', field: '', message: `no tuning to resume in ${outDir}` }]);
    if (this.saved !== null && this.saved.key !== key) {
      throw new UsageError([{ source: '--resume', field: '', message: `${this.path} is from another search (scenario, seed, agent or game modules, targets, space or budget differ, or a Hordelab that records other figures saved it)` }]);
    }
    this.sha256 = this.saved === null ? null : stateDigest(this.saved);
    this.search = this.saved?.search ?? null;
  }

  /** After a round of the search. */
  readonly saveSearch = (state: RaceState): void => {
    this.search = state;
    this.write({ key: this.key, search: state, refine: null });
  };

  /** After a round of the refinement; a search that saved no round (one candidate) has nothing to save it beside. */
  readonly saveRefine = (state: RaceState): void => {
    if (this.search !== null) this.write({ key: this.key, search: this.search, refine: state });
  };

  /**
   * At publishing: a search that saved no round (one candidate) replaced whatever search was
   * saved here, whose state, left, would read as this result's unfinished search.
   */
  dropUnsaved(): void {
    if (this.sha256 === null) rmSync(this.path, { force: true });
    // What a resumed search's killed save left, checked as its own before the resume began
    // (`resumeTemporaryProblem`), when no round saved since wrote over it.
    if (this.saved !== null) rmSync(`${this.path}.tmp`, { force: true });
  }

  private write(state: SavedState): void {
    makeFolders(this.outDir);
    markOutputFolder(this.outDir, 'tune', ['tune-state.json', 'tune.json']);
    this.sha256 = stateDigest(state);
    // Keys sorted: an aggregate's maps fill in the order chunks finish, which depends on the workers.
    writeFileSync(`${this.path}.tmp`, canonicalJson({ ...state, sha256: this.sha256 }));
    renameSync(`${this.path}.tmp`, this.path);
  }
}

/**
 * The best setting played again on fresh seeds (run seed + 7919): the search's own matches
 * favour its winner (it was picked for looking good on them), so only new matches say how good
 * it is. Each target's value with its interval, and the probability it lies within the tolerance.
 */
async function confirmOnFreshSeeds(
  evaluator: Evaluator,
  scenario: Scenario,
  options: TuneOptions,
  best: Record<string, string>,
  lastMatches: number,
  tolerance: number,
): Promise<{ played: Scenario; matches: number; seed: number; targets: TargetResult[] }> {
  const seed = offsetSeed(scenario.seed, CONFIRM_SEED_OFFSET);
  const wanted = options.confirm ?? Math.max(2000, lastMatches);
  const matches = scenario.rotate ? Math.ceil(wanted / 2) * 2 : wanted;
  const played = await evaluator.scenario(toAssignments(best));
  const targets = await measuredTargets(evaluator, best, matches, seed, options.targets, tolerance, `the best setting's ${matches} fresh matches (${toAssignments(best).join(' ')})`);
  return { played, matches, seed, targets };
}

/**
 * Each target's figure for `setting` on `matches` matches of run seed `seed`. A target those
 * matches leave unmeasured is refused naming `where`; with `where` null it is kept, its value
 * NaN and `note` saying so (an end of a range, measured for what it says, not to rank it).
 */
async function measuredTargets(
  evaluator: Evaluator,
  setting: Record<string, string>,
  matches: number,
  seed: number,
  wanted: readonly Target[],
  tolerance: number,
  where: string | null,
): Promise<TargetResult[]> {
  const fresh = await evaluator.start(toAssignments(setting));
  await evaluator.extend(fresh, matches, seed);
  const metrics = await evaluator.metrics(fresh, seed, wanted.map((target) => target.metric));
  return wanted.map((target): TargetResult => {
    const metric = pickMetric(metrics, target.metric, `--target ${target.metric}=${target.value}`);
    if (Number.isNaN(metric.value)) {
      if (where !== null) throw unmeasuredTarget(target, where);
      return { metric: target.metric, kind: metric.kind, target: target.value, value: Number.NaN, n: metric.n, lower: Number.NaN, upper: Number.NaN, probabilityInBand: Number.NaN, intervalContainsTarget: false, note: 'not measured: its matches leave it undefined' };
    }
    const common = { metric: target.metric, kind: metric.kind, target: target.value, value: metric.value, n: metric.n };
    if (!(Number.isFinite(metric.lower) && Number.isFinite(metric.upper))) {
      // No interval: a mean whose samples (or a ratio whose units) never varied, or one with too
      // few clusters. No spread seen is no certainty (other matches may give other values; two
      // alike say little), so no probability is claimed, only whether the value seen is the target.
      if (metric.kind === 'mean' && metric.sd === 0) {
        const seen = metric.ratio === true ? `the same ratio, ${formatNumber(metric.value)}, in every one of its ${metric.clusters} units` : `every one of the ${metric.n} fresh matches gave ${formatNumber(metric.value)}`;
        // An event type no match emitted says so, naming the types that were: a misspelt one reads as 0 everywhere (review 25c).
        const unseen = metric.note?.startsWith('no match emitted ') === true ? `; ${metric.note}` : '';
        return { ...common, lower: Number.NaN, upper: Number.NaN, probabilityInBand: Number.NaN, intervalContainsTarget: metric.value === target.value, note: `${seen}: no spread, so no interval${unseen}` };
      }
      const reason = `no interval: ${metric.kind === 'mean' ? (metric.note ?? 'too few clusters') : 'too few clusters'}`;
      return { ...common, lower: Number.NaN, upper: Number.NaN, probabilityInBand: Number.NaN, intervalContainsTarget: metric.value === target.value, note: reason };
    }
    return { ...common, lower: metric.lower, upper: metric.upper, probabilityInBand: probabilityWithin(metric, target.value, tolerance), intervalContainsTarget: metric.lower <= target.value && target.value <= metric.upper };
  });
}

/**
 * The probability that the true value lies within `tolerance` of `target`, under a flat prior,
 * from the confirmation's matches alone. A rate: its Beta posterior on the effective counts (n
 * over the measured design effect), which stays inside 0..1 where a normal built from a
 * one-sided interval at 0% or 100% would not (review 24c: 0 of 300 read 1.00 for a band of
 * ±0.01, where the posterior gives 0.95). A mean: the normal approximation from its interval.
 */
function probabilityWithin(metric: Metric, target: number, tolerance: number): number {
  if (metric.kind === 'rate') {
    // A design effect below 1 (draws in rotated pairs) is taken as 1: never more certain than independent trials.
    const effective = metric.n / Math.max(1, metric.designEffect);
    const successes = metric.value * effective;
    const a = successes + 1;
    const b = effective - successes + 1;
    return regularizedBeta(Math.min(1, target + tolerance), a, b) - regularizedBeta(Math.max(0, target - tolerance), a, b);
  }
  const se = Math.max(1e-12, (metric.upper - metric.lower) / (2 * 1.959964));
  return normalCdf((target + tolerance - metric.value) / se) - normalCdf((target - tolerance - metric.value) / se);
}

/** Writes the result: the tuned scenario, then `tune.json`, each whole or not at all. */
function publishTune(scenario: Scenario, space: readonly SpaceDimension[], outDir: string, result: TuneResult, checkpoint: TuneCheckpoint): void {
  makeFolders(outDir);
  markOutputFolder(outDir, 'tune', ['tune.json', 'tune-state.json', `${scenario.name}-tuned.yaml`]);
  checkpoint.dropUnsaved();
  writeTunedScenario(scenario, space, result);
  const summaryPath = join(outDir, 'tune.json');
  writeFileSync(`${summaryPath}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
  renameSync(`${summaryPath}.tmp`, summaryPath);
}

/**
 * The tuned scenario as data: the scenario's file with its `--set` flags and `assignments` (the
 * best setting, as `name=value`) written into it, named `<name>-tuned`, its module paths named
 * from `tunedFile`'s folder.
 */
function tunedScenarioData(scenario: Scenario, assignments: readonly string[], tunedFile: string): Record<string, unknown> {
  // A copy, each alias a value of its own as the loader's parameters are: a setting written into
  // one field must not reach another that aliased it (review 30f).
  const data = copyOfData(scenarioFileData(scenario.source.text, scenario.source.file) as Record<string, unknown>);
  const params = (data['params'] ??= {}) as Record<string, unknown>;
  for (const assignment of [...(scenario.source.overrides.set ?? []), ...assignments]) {
    // Read as --set reads it (the key trimmed, the value strictly), so the file plays what was played.
    const { path, value } = parseAssignment(assignment);
    const seat = isSeatAssignment(assignment, scenario.entry.game) ? /^seat(\d+)$/.exec(path[0] as string) : null;
    if (seat !== null) {
      const seats = data['seats'] as unknown;
      const list = (Array.isArray(seats) ? seats : ((seats as Record<string, unknown>)['rotate'] as unknown[])) as unknown[];
      const index = Number(seat[1]) - 1;
      const entry = list[index];
      const object = (typeof entry === 'string' ? { agent: entry } : { ...(entry as Record<string, unknown>) }) as Record<string, unknown>;
      const config = ((object['config'] as Record<string, unknown> | undefined) ?? {}) as Record<string, unknown>;
      setPath(config, path.slice(1), value);
      object['config'] = config;
      list[index] = object;
      continue;
    }
    // As --set does: a dotted key changes one entry of a parameter, the rest at its default.
    const top = path[0] as string;
    const spec = (scenario.entry.game.parameters as Record<string, { default: unknown } | undefined>)[top];
    if (path.length > 1 && params[top] === undefined && spec !== undefined) params[top] = copyOfData(spec.default);
    setPath(params, path, value);
  }
  data['name'] = `${scenario.name}-tuned`;
  // Module paths (game, agents, metrics) are named again from where the tuned scenario lies.
  relocateModulePaths(data, scenario.file, dirname(tunedFile));
  return data;
}

/**
 * The tuned scenario at `assignments` as YAML, refused when it would not read back as played: a
 * dotted `--space` or `--set` writes the parameter's default whole (review 32f: a Date of year 50
 * came back as 1950). Asked of every candidate before any match.
 * @throws UsageError naming the flag that wrote the value, and the value.
 */
function tunedScenarioYaml(scenario: Scenario, space: readonly SpaceDimension[], assignments: readonly string[], tunedFile: string): string {
  const flags = new Map<string, string>();
  // The first flag that set a parameter brought in its default: named for it.
  const first = (top: string, flag: string): void => {
    if (!flags.has(top)) flags.set(top, flag);
  };
  for (const assignment of scenario.source.overrides.set ?? []) first(parseAssignment(assignment).path[0] as string, `--set ${assignment}`);
  for (const dimension of space) first(dimension.name.trim().split('.')[0] as string, spaceFlag(dimension));
  return faithfulScenarioYaml(scenario.source.text, scenario.source.file, tunedScenarioData(scenario, assignments, tunedFile), 'the tuned scenario', fieldSourceOf(scenario.file, flags));
}

/**
 * Refuses, before any match, a search whose tuned scenario would not read back as played (see
 * {@link tunedScenarioYaml}), whichever candidate wins. The first candidate's file is read back
 * whole (its defaults and the scenario's own values); then each choice a `--space` lists that is
 * no plain number, in that first candidate's file: a value a file cannot hold (a list nested past
 * its 64 levels) had been found only once it won, after every match (review 34a). Numbers, the
 * whole numbers and reals the search and its refinement assign otherwise, always read back. Each
 * read back costs seconds with a large default (review 33a), so one file per such choice, not per
 * candidate; the winner's is read back again as it is written.
 */
function refuseUnfaithfulTunedFile(scenario: Scenario, space: readonly SpaceDimension[], first: Record<string, string> | undefined, tunedFile: string): void {
  if (first === undefined) return;
  tunedScenarioYaml(scenario, space, toAssignments(first), tunedFile);
  for (const dimension of space) {
    if (dimension.kind !== 'choice') continue;
    for (const choice of dimension.choices) {
      if (choice === first[dimension.name] || isPlainNumber(choice)) continue;
      tunedScenarioYaml(scenario, space, toAssignments({ ...first, [dimension.name]: choice }), tunedFile);
    }
  }
}

/** Whether `--set` reads `text` as a finite number, which any file holds as it is. */
function isPlainNumber(text: string): boolean {
  return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(text.trim()) && Number.isFinite(Number(text)) && !Object.is(Number(text), -0);
}

/** The scenario with the best setting applied, as YAML, with how it was found on top. */
function writeTunedScenario(scenario: Scenario, space: readonly SpaceDimension[], result: TuneResult): void {
  const yaml = tunedScenarioYaml(scenario, space, result.assignments, result.tunedScenario);
  const lines = result.targets.map(
    (target) => `#   ${target.metric}: ${formatEstimate(target)} on ${result.confirmMatches} fresh matches; target ${target.target}${targetNote(target)}; ${verdictOf(target, result.tolerance)}`,
  );
  const header = [
    `# Tuned by hordelab tune from ${scenario.file}: ${result.assignments.join(' ')}`,
    `# Played by ${result.agents}${result.randomPlay === null ? '' : ' (random play: the verdict may not hold under competent play)'}.`,
    `# Search: ${counted(result.candidates, 'candidate')}${result.refinement === null ? '' : ` and ${result.refinement.candidates} in the refinement`}, ${counted(result.searchMatches, 'match', 'matches')}; confirmation on run seed ${result.confirmSeed}:`,
    ...lines,
    ...result.atRangeEnds.map((note) => `# ${note}`),
    ...(result.allAlike ? [`# Note: ${ALL_ALIKE}.`] : []),
    '',
  ].join('\n');
  writeFileSync(`${result.tunedScenario}.tmp`, `${header}${yaml}`);
  renameSync(`${result.tunedScenario}.tmp`, result.tunedScenario);
}


/** A value as the text shows a mean's: up to 6 significant digits, no trailing zeros. */
const formatNumber = (value: number): string => String(Number(value.toPrecision(6)));

/** `49.0% [47.5, 50.6]` for a rate, `6.27 [6.10, 6.44]` for a mean, `4.00 (every one of the 40 fresh matches gave 4: …)` where it has no interval. */
function formatEstimate(target: TargetResult): string {
  if (target.note !== undefined) return `${target.value.toFixed(2)} (${target.note})`;
  if (target.kind === 'rate') return `${percentOf(target.value, 1)}% [${percentBound(target.lower, target.value)}, ${percentBound(target.upper, target.value)}]`;
  const digits = intervalDigits(target.lower, target.upper, 2);
  return `${target.value.toFixed(digits)} [${target.lower.toFixed(digits)}, ${target.upper.toFixed(digits)}]`;
}

/** Where the target lies: inside or outside the interval, or, without one, whether it is the value seen. */
function targetNote(target: TargetResult): string {
  if (target.note !== undefined) return target.intervalContainsTarget ? ' (the value seen)' : ' (not the value seen)';
  return target.intervalContainsTarget ? ' (inside the interval)' : ' (outside the interval)';
}

/** `P(within ±0.01) = 0.83`, or what a figure without an interval says instead. */
function verdictOf(target: TargetResult, tolerance: number): string {
  if (target.note === undefined) return `P(within ±${tolerance}) = ${target.probabilityInBand.toFixed(2)}`;
  return `P(within ±${tolerance}) not measured`;
}

/** The result as text. */
export function formatTune(result: TuneResult): string {
  const lines: string[] = [];
  // One space between assignments, as --set takes them and the rounds' lines write them (audit 40a F6).
  lines.push(`Best setting: ${result.assignments.join(' ')}   (played by ${result.agents})`);
  if (result.randomPlay !== null) lines.push(`  ${result.randomPlay}`);
  for (const target of result.targets) {
    lines.push(
      `  ${target.metric} = ${formatEstimate(target)} on ${result.confirmMatches} fresh matches; ` +
        `target ${target.target}${targetNote(target)}; ${verdictOf(target, result.tolerance)}`,
    );
  }
  for (const note of result.atRangeEnds) lines.push(`  ${note}`);
  if (result.allAlike) lines.push(`  Note: ${ALL_ALIKE}`);
  lines.push(`  (P(within ±${result.tolerance}): from the fresh matches alone, flat prior: a rate's Beta posterior, a mean's normal approximation; not corrected for the setting having been picked)`);
  const round = (record: RoundRecord, index: number): string =>
    `  round ${index + 1}: ${counted(record.alive, 'candidate')} × ${counted(record.matchesEach, 'match', 'matches')}; best ${toAssignments(record.best).join(' ')} (squared distance ${record.bestDistance.toExponential(2)}${record.alike === true ? ', every candidate alike' : ''})`;
  const refineMatches = result.refinement?.matches ?? 0;
  lines.push(`Search: ${counted(result.candidates, 'candidate')} in ${counted(result.rounds.length, 'round')}, ${counted(result.searchMatches - refineMatches, 'match', 'matches')}; ${result.seconds} s in all`);
  if (result.leftOut.length > 0) {
    const shown = result.leftOut.length > 3 ? `${result.leftOut.slice(0, 3).join('; ')}; and ${result.leftOut.length - 3} more` : result.leftOut.join('; ');
    lines.push(`  ${result.leftOut.length} sampled combination${result.leftOut.length === 1 ? '' : 's'} left out as no valid setting: ${shown}`);
  }
  result.rounds.forEach((record, index) => lines.push(round(record, index)));
  if (result.refinement !== null) {
    lines.push(`Refinement around the search's winner: ${counted(result.refinement.candidates, 'candidate')} on run seed ${result.refinement.seed}, ${counted(refineMatches, 'match', 'matches')}`);
    result.refinement.rounds.forEach((record, index) => lines.push(round(record, index)));
  }
  lines.push(`Wrote ${result.tunedScenario}`);
  return lines.join('\n');
}
