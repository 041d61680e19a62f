/**
 * `hordelab sweep`: a grid over game parameters and agent settings (`--vary traps.80=1,2,3
 * --vary seat1.iterations=100,1000`), every configuration on the same match seeds, so the
 * differences between configurations are measured paired. Each configuration's metrics come
 * with their intervals, and with the paired difference from the baseline (the first
 * configuration of the grid), computed per match. Writes `sweep.csv`, `sweep.json` and
 * `sweep.html` (`src/present/sweep-page.ts`).
 */
import { counted } from '../core/counted.js';
import { letSignalsIn } from '../run/let-signals-in.js';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { BOUNDS, MAX_MATCHES, MAX_SWEEP_CONFIGURATIONS } from '../core/input-bounds.js';
import { checkArgument, checkOptions, FUNCTION, kind, within } from '../core/library-options.js';
import { flattenMetrics, type Metric } from '../present/metrics.js';
import { writeProblem } from '../present/output-folder.js';
import { formatSweepDifference, formatSweepFigure, sweepPage } from '../present/sweep-page.js';
import { table } from '../reports/format.js';
import { withUnseenEvents } from '../reports/generic-report.js';
import { summarizeOutcomes } from '../reports/outcomes.js';
import type { CsvValue } from '../reports/report.js';
import { csv } from '../run/csv.js';
import { isSeatAssignment, type Scenario } from '../scenario/scenario.js';
import { DEFAULT_CONFIDENCE } from '../stats/intervals.js';
import { contributionsByUnit, pairedDifference, type UnitContributions } from '../stats/paired-difference.js';
import { checkMetricNames, Evaluator, jointParts, pickMetric, refuseUnsafeName, repeatedValue, splitValues, valueAsPlayed } from './evaluate.js';
import { PairedPlayer } from './paired-player.js';
import { scenarioSkill } from '../ladder/skill.js';
import { publishOutputFiles } from '../present/output-folder.js';

/** A value of a varied setting: the number `--set` reads it as, when it reads as one, else the text as written. */
export type SweepValue = string | number;

/** One varied setting: its name (`traps.80`, `seat1.iterations`, `a+b`) and its values in order. */
export interface SweepAxis {
  readonly name: string;
  readonly values: readonly SweepValue[];
}

/** A metric of one configuration with its interval. */
export interface SweepFigure {
  readonly kind: 'rate' | 'mean';
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
  /**
   * Why there is no interval (`lower` and `upper` NaN, null in `sweep.json`, empty in
   * `sweep.csv`): "all 300 samples equal" for a mean that never varied, as `run` prints it.
   */
  readonly note?: string;
}

/**
 * A configuration's difference from the baseline on the same seeds (this one minus the
 * baseline), with its paired interval and the interval independent seeds would have given.
 */
export interface SweepDifference {
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  readonly unpairedLower: number;
  readonly unpairedUpper: number;
  /** Independent units: matches, or seed pairs when seats rotate. */
  readonly units: number;
}

/** One configuration of the grid and what it measured. */
export interface SweepPoint {
  /** The value of each axis. */
  readonly values: Record<string, SweepValue>;
  readonly matches: number;
  readonly metrics: Record<string, SweepFigure>;
  /**
   * Per metric, the paired difference from the baseline; absent on the baseline itself and for
   * figures that are not pooled over matches (custom ratio figures).
   */
  readonly differences: Record<string, SweepDifference>;
}

/** A whole sweep, as `sweep.json` stores it. */
export interface SweepResult {
  readonly scenario: { readonly name: string; readonly file: string; readonly game: string; readonly seed: number };
  /** The command that plays this sweep again. */
  readonly command: string;
  /** Who played: the base scenario's seats ("greedy vs greedy, seats rotated"; a varied seat setting changes its seat in that row). */
  readonly agents: string;
  /** The warning when a seat plays at random, or null. */
  readonly randomPlay: string | null;
  readonly matchesPerPoint: number;
  readonly confidence: number;
  readonly axes: readonly SweepAxis[];
  /**
   * Whether an axis varies a seat's agent setting (`seat1.iterations`), as the game reads the
   * name: a game parameter the game itself calls `seat1` is a parameter. Absent from sweeps
   * written before it was kept.
   */
  readonly variesSeatSettings?: boolean;
  readonly metrics: readonly string[];
  /** Index in `points` of the configuration differences are measured from (the grid's first). */
  readonly baseline: number;
  readonly points: readonly SweepPoint[];
  /** Metrics with no paired difference in any configuration, each with why (said under the table). */
  readonly unpaired?: Readonly<Record<string, string>>;
}

/** Why a ratio figure has no paired difference. */
const RATIO_UNPAIRED =
  "a ratio figure (one total divided by another, each pooled over the matches, such as quality.branching's legal actions per decision), which does not split into per-match parts; compare the configurations' own intervals";

/** `"3"` → 3, `"0.25"` → 0.25, `"0x2"` → 2: a value `--set` reads as a finite number is that number; any other stays text ({@link valueAsPlayed}). */
export function sweepValue(text: string): SweepValue {
  return valueAsPlayed(text);
}

/** Parses `--vary name=v1,v2,...`; `a+b=v1,v2` varies a and b together (both seats' iterations). */
export function parseAxis(text: string): SweepAxis {
  const at = text.indexOf('=');
  const name = at < 0 ? '' : text.slice(0, at).trim();
  const values = at < 0 ? [] : splitValues(text.slice(at + 1));
  if (name === '' || values.length === 0) throw new UsageError([{ source: `--vary ${text}`, field: '', message: 'expected name=v1,v2,..., such as --vary actionPoints=2,3,4 or --vary seat1.iterations=100,1000' }]);
  refuseUnsafeName(name, `--vary ${text}`);
  const twice = repeatedValue(values);
  if (twice !== null) throw new UsageError([{ source: `--vary ${text}`, field: '', message: `the value ${twice} is listed twice; list each value once` }]);
  return { name, values: values.map(sweepValue) };
}

/** An axis as {@link parseAxis} makes it: a name, and values that are text or finite numbers. */
const isAxis = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const { name, values } = value as { name?: unknown; values?: unknown };
  return typeof name === 'string' && name.trim() !== '' && Array.isArray(values) && values.length > 0 && values.every((item) => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)));
};
const AXES_RULE = kind((value) => Array.isArray(value) && value.every(isAxis), 'a list of axes, each as parseAxis("name=v1,v2,...") makes it: a name and a non-empty list of texts or finite numbers');

/**
 * `runSweep`'s axes, checked as `--vary` is: the flag's texts in place of parsed axes threw a
 * TypeError, and a value listed twice played one configuration twice (review 39s).
 */
function checkAxes(axes: unknown): void {
  checkArgument('runSweep', 'axes', axes, AXES_RULE);
  for (const [at, axis] of (axes as readonly SweepAxis[]).entries()) {
    refuseUnsafeName(axis.name, `runSweep axes[${at}]`);
    const twice = repeatedValue(axis.values.map(String));
    if (twice !== null) throw new UsageError([{ source: 'runSweep', field: `axes[${at}].values`, message: `the value ${twice} is listed twice; list each value once` }]);
  }
}

/** `12,000`; past the largest whole number a double holds exactly, `over 9,007,199,254,740,991`. */
const grouped = (count: number): string => (count > Number.MAX_SAFE_INTEGER ? `over ${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')}` : count.toLocaleString('en-US'));

/**
 * Refuses a grid past {@link MAX_SWEEP_CONFIGURATIONS} configurations, or past {@link MAX_MATCHES}
 * matches in all, from its axes' lengths alone, before any configuration is built: each is built
 * and kept before the first match, and a grid of 1.2 million ran for minutes, silent and deaf to
 * Ctrl-C, its memory rising past 0.8 GB (audit 40a F1).
 */
function checkGridSize(axes: readonly SweepAxis[], matchesEach: number): void {
  const lengths = axes.map((axis) => axis.values.length);
  const configurations = lengths.reduce((product, length) => product * length, 1);
  const made = `the grid of ${axes.map((axis) => axis.name).join(' × ')} has ${grouped(configurations)} configurations${lengths.length > 1 ? ` (${lengths.map(grouped).join(' × ')} values)` : ''}`;
  if (configurations > MAX_SWEEP_CONFIGURATIONS) {
    throw new UsageError([{ source: '--vary', field: '', message: `${made}; expected at most ${grouped(MAX_SWEEP_CONFIGURATIONS)}: vary fewer values at once, or sweep the grid in parts` }]);
  }
  const matches = configurations * matchesEach;
  if (matches > MAX_MATCHES) {
    throw new UsageError([{ source: '--vary', field: '', message: `${made} of ${grouped(matchesEach)} matches each, ${grouped(matches)} in all; expected at most ${grouped(MAX_MATCHES)}: fewer matches (-n) or fewer values` }]);
  }
}

function grid(axes: readonly SweepAxis[]): Record<string, SweepValue>[] {
  let points: Record<string, SweepValue>[] = [{}];
  for (const axis of axes) points = points.flatMap((point) => axis.values.map((value) => ({ ...point, [axis.name]: value })));
  return points;
}

/** `--set` assignments of a grid point; an axis `a+b` sets both names to its value. */
function assignmentsOf(values: Record<string, SweepValue>): string[] {
  return Object.entries(values).flatMap(([name, value]) => jointParts(name).map((part) => `${part}=${value}`));
}

/**
 * `error` with each problem of a varied value named by its `--vary` flag and the value: the
 * configuration is built as if by `--set`, which the user did not type.
 */
function namingTheVariedValue(error: UsageError, axes: readonly SweepAxis[], values: Record<string, SweepValue>): UsageError {
  return new UsageError(
    error.issues.map((issue) => {
      for (const axis of axes) {
        const value = values[axis.name];
        for (const part of jointParts(axis.name)) {
          const set = `--set ${part}=${value}`;
          // Named alone, or beside the scenario file as a problem of the parameters together
          // ("s.yaml with --set map=..": audit 37b, a flag the user never typed).
          const withAt = issue.source.indexOf(' with --set ');
          const together = withAt >= 0 && issue.source.slice(withAt + ' with '.length).split(/ (?=--set )/).includes(set);
          if (issue.source !== set && !together) continue;
          // With more than one axis, the combination may be what is wrong: all of it is named.
          const at = axes.length > 1 ? assignmentsOf(values).join(' ') : `${part}=${value}`;
          const vary = `--vary ${axis.name}=${axis.values.join(',')}`;
          return { ...issue, source: issue.source === set ? vary : issue.source.replace(set, vary), message: `${issue.message} (at ${at})` };
        }
      }
      return issue;
    }),
  );
}

const quote = (word: string): string => (/^[\w./:=,@+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/**
 * Plays every configuration of the grid on the same match seeds and measures each metric, with
 * its paired difference from the first configuration.
 * @throws UsageError for a bad axis, configuration or metric, before any match is played.
 */
const SWEEP_OPTION_RULES = {
  metrics: kind((value) => Array.isArray(value) && value.every((metric) => typeof metric === 'string'), 'a list of metric names'),
  matches: within(BOUNDS.matches),
  workers: within(BOUNDS.workers),
  matchTimeoutSeconds: within(BOUNDS.matchTimeout),
  onChecked: FUNCTION,
  onPoint: FUNCTION,
  onPlayed: FUNCTION,
} as const;

export async function runSweep(
  scenario: Scenario,
  axes: readonly SweepAxis[],
  options: {
    readonly metrics?: readonly string[];
    readonly matches?: number;
    readonly workers: number;
    /** Seconds a match may run on a worker thread before the thread is killed and the match fails; 0 for no limit. */
    readonly matchTimeoutSeconds?: number;
    /** Configurations built and checked so far, of all of them, as the check before play goes. */
    readonly onChecked?: (checked: number, total: number) => void;
    readonly onPoint?: (index: number, total: number, values: Record<string, SweepValue>) => void;
    /** Matches played by each chunk as it finishes. */
    readonly onPlayed?: (matches: number) => void;
  },
): Promise<SweepResult> {
  // As `hordelab sweep` checks its flags (audit 39c F6).
  checkOptions('runSweep', options, SWEEP_OPTION_RULES, ['workers']);
  checkAxes(axes);
  if (axes.length === 0) throw new UsageError([{ source: '--vary', field: '', message: 'give at least one --vary name=v1,v2,...' }]);
  // A round robin's configurations would be played at its first pairing alone, the other agents'
  // settings checked and never played (audit 27b).
  if (scenario.tournament !== null) throw new UsageError([{ source: scenario.file, field: 'seats.roundRobin', message: 'a sweep needs one seating; give a scenario without a round robin (a pairing\'s seats listed, or seats.rotate)' }]);
  const metricNames = options.metrics && options.metrics.length > 0 ? options.metrics : [scenario.entry.defaultMetric];
  const requested = options.matches ?? scenario.matches;
  // Rotated seats play each seed in both seatings: a whole number of pairs.
  const matches = scenario.rotate && requested % 2 === 1 ? requested + 1 : requested;
  checkGridSize(axes, matches);
  // The evaluator only builds each configuration's scenario here; the paired player plays them.
  const evaluator = new Evaluator(scenario.source, 0, undefined, options.matchTimeoutSeconds);
  const player = new PairedPlayer(options.workers, options.matchTimeoutSeconds);
  const played: PlayedPoint[] = [];
  try {
    const all = grid(axes);
    await checkSweep(scenario, evaluator, axes, all, metricNames, options.metrics !== undefined && options.metrics.length > 0, options.onChecked);
    for (const [index, values] of all.entries()) {
      options.onPoint?.(index, all.length, values);
      played.push(await playPoint(scenario, evaluator, player, values, matches, metricNames, options.onPlayed));
    }
  } finally {
    await player.close();
    await evaluator.close();
  }
  const points = pairedPoints(played, metricNames, matches);
  const unpaired: Record<string, string> = {};
  for (const name of metricNames) {
    if (points.length < 2 || points.some((point) => point.differences[name] !== undefined)) continue;
    unpaired[name] = played[0]?.contributions[name] === undefined ? RATIO_UNPAIRED : 'a configuration has no samples of it, or none that vary';
  }
  return {
    scenario: { name: scenario.name, file: scenario.file, game: scenario.entry.game.id, seed: scenario.seed },
    command: sweepCommand(scenario, axes, options.metrics, requested),
    ...scenarioSkill(scenario.seats, scenario.rotate),
    matchesPerPoint: matches,
    confidence: DEFAULT_CONFIDENCE,
    axes,
    variesSeatSettings: axes.some((axis) => jointParts(axis.name).some((part) => isSeatAssignment(part, scenario.entry.game))),
    metrics: metricNames,
    baseline: 0,
    points,
    unpaired,
  };
}

/** One configuration played: its values, each metric's figure, and each metric's samples by independent unit (for the paired differences). */
interface PlayedPoint {
  readonly values: Record<string, SweepValue>;
  readonly metrics: SweepPoint['metrics'];
  readonly contributions: Record<string, UnitContributions>;
}

/**
 * Every configuration and metric checked before any match runs: a typo must not cost the sweep.
 * (Deeper metric names, such as one card's, exist only once matches are played.) With no
 * --metric (`given` false), the metric is the game's own default: a wrong one is the game
 * module's, not a flag's.
 */
async function checkSweep(
  scenario: Scenario,
  evaluator: Evaluator,
  axes: readonly SweepAxis[],
  all: readonly Record<string, SweepValue>[],
  metricNames: readonly string[],
  given: boolean,
  onChecked: ((checked: number, total: number) => void) | undefined,
): Promise<void> {
  for (const [index, values] of all.entries()) {
    try {
      await evaluator.scenario(assignmentsOf(values));
    } catch (error) {
      throw error instanceof UsageError ? namingTheVariedValue(error, axes, values) : error;
    }
    onChecked?.(index + 1, all.length);
    // A built-in game's scenario is built in microtasks alone: without a turn of the event loop a
    // grid of thousands was checked for minutes with no progress line and deaf to Ctrl-C and
    // SIGTERM (audit 40a F1). A turn costs microseconds, a configuration's build milliseconds.
    await letSignalsIn();
  }
  const moduleSpec = scenario.entry.source?.spec;
  checkMetricNames(scenario, metricNames.map((name) => ({ name, source: given ? `--metric ${name}` : `${moduleSpec === undefined ? scenario.entry.game.id : `game module "${moduleSpec}"`}: defaultMetric (no --metric given)` })), true);
}

/** Plays one configuration's matches (the sweep's common seeds) and measures each metric; a failed match fails the sweep, naming the configuration. */
async function playPoint(
  scenario: Scenario,
  evaluator: Evaluator,
  player: PairedPlayer,
  values: Record<string, SweepValue>,
  matches: number,
  metricNames: readonly string[],
  onPlayed: ((matches: number) => void) | undefined,
): Promise<PlayedPoint> {
  const configuration = await evaluator.scenario(assignmentsOf(values));
  const result = await evaluator.explainingMetricFailures(configuration, assignmentsOf(values), () => player.play(configuration, matches, metricNames, onPlayed));
  const failure = result.failures[0];
  if (failure !== undefined) throw evaluator.failed(configuration, assignmentsOf(values), failure);
  const summary = configuration.entry.report.summarize(result.aggregate, DEFAULT_CONFIDENCE);
  // An event type no match of this configuration emitted counts 0 in each (audit 25a).
  const metrics: Metric[] = [...flattenMetrics(withUnseenEvents(summary, metricNames)), ...flattenMetrics(summarizeOutcomes(result.outcomes, DEFAULT_CONFIDENCE), 'outcomes')];
  const picked: SweepPoint['metrics'] = {};
  for (const name of metricNames) {
    const metric = pickMetric(metrics, name, '--metric');
    const note = metric.kind === 'mean' && metric.note !== undefined ? { note: metric.note } : {};
    picked[name] = { kind: metric.kind, value: metric.value, lower: metric.lower, upper: metric.upper, n: metric.n, ...note };
  }
  const unitOf = scenario.rotate ? (match: number): number => Math.floor(match / 2) : (match: number): number => match;
  const contributions: Record<string, UnitContributions> = {};
  for (const [name, perMatch] of Object.entries(result.contributions)) contributions[name] = contributionsByUnit(perMatch, unitOf);
  return { values, metrics: picked, contributions };
}

/** The points as reported: each but the first with its paired difference from the first, per metric, where that difference is finite. */
function pairedPoints(played: readonly PlayedPoint[], metricNames: readonly string[], matches: number): SweepPoint[] {
  const baseline = played[0];
  return played.map((point, index) => {
    const differences: Record<string, SweepDifference> = {};
    for (const name of metricNames) {
      const from = baseline?.contributions[name];
      const to = point.contributions[name];
      if (index === 0 || from === undefined || to === undefined) continue;
      const difference = pairedDifference(from, to, DEFAULT_CONFIDENCE, differenceKind(name, point.metrics[name]?.kind ?? 'mean', from, to));
      if (Number.isFinite(difference.difference)) differences[name] = difference;
    }
    return { values: point.values, matches, metrics: point.metrics, differences };
  });
}

/**
 * How a metric's paired difference is measured: a rate's way for rates, and for an event type's
 * count a match (`events.<type>`) when no unit of either configuration counted more events than
 * it has matches (0 or 1 a match where the units are matches): a share of matches, as a run reads
 * 0/1 counts. A rare event that neither configuration
 * happened to emit then gets a rate's floor, the most a share of matches unseen could change it
 * by; taken as a mean that never varied, its difference was an interval of zero width, "exactly
 * no change", where the setting tripled the event's rate (audit 27a).
 */
function differenceKind(name: string, kind: 'rate' | 'mean', a: UnitContributions, b: UnitContributions): 'rate' | 'mean' {
  if (kind === 'rate' || !name.startsWith('events.')) return kind;
  const shares = (side: UnitContributions): boolean =>
    side.numerator.every((count, unit) => {
      const matches = side.denominator[unit] ?? 0;
      return Number.isInteger(count) && count >= 0 && count <= matches;
    });
  return shares(a) && shares(b) ? 'rate' : kind;
}

/** The command line that plays this sweep again, quoted for a shell. */
function sweepCommand(scenario: Scenario, axes: readonly SweepAxis[], metrics: readonly string[] | undefined, requested: number): string {
  return [
    'hordelab',
    'sweep',
    scenario.file,
    ...axes.flatMap((axis) => ['--vary', `${axis.name}=${axis.values.join(',')}`]),
    ...(metrics && metrics.length > 0 ? metrics.flatMap((metric) => ['--metric', metric]) : []),
    '-n',
    String(requested),
    '--seed',
    String(scenario.seed),
    ...(scenario.source.overrides.set ?? []).flatMap((assignment) => ['--set', assignment]),
  ]
    .map(quote)
    .join(' ');
}


/** The sweep as a text table: each metric with its interval, and its paired difference from the baseline. */
export function formatSweep(result: SweepResult): string {
  const header = [...result.axes.map((axis) => axis.name), ...result.metrics.flatMap((metric) => [`${metric} [95%]`, 'vs baseline, paired [95%]'])];
  const rows = result.points.map((point, index) => [
    ...result.axes.map((axis) => String(point.values[axis.name] ?? '')),
    ...result.metrics.flatMap((metric) => {
      const figure = point.metrics[metric];
      const difference = point.differences[metric];
      const value = figure === undefined ? '-' : formatSweepFigure(figure);
      const kind = figure?.kind ?? 'mean';
      const paired = index === result.baseline ? 'baseline' : difference === undefined ? '-' : formatSweepDifference(difference, kind === 'rate');
      return [value, paired];
    }),
  ]);
  const lines = table(header, rows, result.axes.length).split('\n');
  const rates = result.points.some((point) => Object.values(point.metrics).some((figure) => figure.kind === 'rate'));
  lines.push(
    '',
    `(${counted(result.matchesPerPoint, 'match', 'matches')} per configuration, all on the same seeds from run seed ${result.scenario.seed}; differences from the first configuration, per match${rates ? ', rates in points' : ''})`,
    `Played by ${result.agents}${result.variesSeatSettings === true ? ', with the seat settings of each row' : ''}.`,
  );
  if (result.randomPlay !== null) lines.push(result.randomPlay);
  for (const [metric, why] of Object.entries(result.unpaired ?? {})) lines.push(`No paired difference for ${metric}: ${why}.`);
  return lines.join('\n');
}

/** The files `hordelab sweep` writes: the only names it may replace in a folder. */
export const SWEEP_FILES: readonly string[] = ['sweep.csv', 'sweep.json', 'sweep.html'];

/** Writes sweep.csv, sweep.json and sweep.html into `outDir`; returns the paths. */
export async function writeSweep(result: SweepResult, outDir: string): Promise<string[]> {
  const header = [
    ...result.axes.map((axis) => axis.name),
    'matches',
    ...result.metrics.flatMap((metric) => [metric, `${metric}Lower`, `${metric}Upper`, `${metric}N`, `${metric}Difference`, `${metric}DifferenceLower`, `${metric}DifferenceUpper`]),
  ];
  const rows: CsvValue[][] = result.points.map((point) => [
    ...result.axes.map((axis) => point.values[axis.name] ?? ''),
    point.matches,
    ...result.metrics.flatMap((metric): CsvValue[] => {
      const figure = point.metrics[metric];
      const difference = point.differences[metric];
      // A figure without an interval (a mean with no spread) has an empty cell, as in
      // metrics.csv, not the text NaN.
      const cell = (value: number): CsvValue => (Number.isFinite(value) ? value : '');
      return [
        ...(figure === undefined ? ['', '', '', ''] : [cell(figure.value), cell(figure.lower), cell(figure.upper), figure.n]),
        ...(difference === undefined ? ['', '', ''] : [cell(difference.difference), cell(difference.lower), cell(difference.upper)]),
      ];
    }),
  ]);
  const html = await sweepPage(result, formatSweep(result));
  const files: [string, string][] = [
    ['sweep.csv', csv([header, ...rows])],
    ['sweep.json', `${JSON.stringify(result, null, 2)}\n`],
    ['sweep.html', html],
  ];
  const written: string[] = [];
  try {
    written.push(...publishOutputFiles(outDir, 'sweep', files, { digests: true }));
  } catch (error) {
    throw writeProblem(error, outDir, outDir);
  }
  return written;
}
