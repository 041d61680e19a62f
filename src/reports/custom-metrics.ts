/**
 * Custom metrics: a scenario may name collector modules (`metrics: [./moves-per-turn.mjs]`,
 * paths relative to the scenario file) that receive the typed events of every match and return
 * that match's figures. Hordelab merges them exactly and puts them, with intervals, in the
 * summary, `summary.json` (`results.custom.<metric name>.<figure>`) and the report.
 *
 * A module's default export:
 *
 *   export default {
 *     name: 'moves-per-turn',                 // letters, digits, "-" or "_"
 *     description: 'Moves per turn',          // optional
 *     games: ['zombie-trainers'],             // optional: the games it understands
 *     create() {                              // once per match: a fresh collector each
 *       return {
 *         onEvent(event) { ... },             // every event of the match, in order
 *         finishMatch(match) { ... return { figure: value, ... } },  // match: { matchIndex, seed }
 *       };
 *     },
 *   };
 *
 * Each figure of a match is one of:
 *   { count: k }                  a whole number per match → its mean per match;
 *   { successes: s, trials: t }   whole numbers → the pooled rate s / t;
 *   { numerator: x, denominator: y }  whole numbers → the ratio Σx / Σy over matches
 *                                 (moves per turn).
 * Whole numbers keep merges exact: the figures do not depend on workers or chunking. Every
 * interval is clustered by the run's independent unit (the match, or the rotated pair), like the
 * game's own figures: a rate's trials within one match are not counted as independent.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import type { GameEvent } from '../core/game.js';
import { clusteredMean, clusteredRate, emptyTally, MatchFigures, mergeTally, ratioEstimate, recordMatch, settledFigures, type ClusterSums, type MeanEstimate, type Tally } from '../stats/clusters.js';
import { isObjectPropertyName } from '../core/safe-keys.js';
import type { RateEstimate } from '../stats/rate-interval.js';
import { formatMean, formatRate, table } from './format.js';
import { eventTypesOfAll, type AnyGameReport, type GameReport, type MatchCollector, type MatchContext, type MatchRows } from './report.js';
import { pathToFileURL } from 'node:url';
import { defaultExport, importFailure, notAModuleFile, uncompiledModule } from '../core/user-module.js';
import { moduleGraphDigestOrName } from '../scenario/module-digest.js';
import { MetricFailure, RunStoppingError, WholeRunFailure } from '../core/errors.js';
import { describeThrown } from '../core/match-runner.js';
import { enterMatch, leaveMatch } from '../core/unseeded-random.js';

/** One match's value of a figure. */
export type FigureValue = { readonly count: number } | { readonly successes: number; readonly trials: number } | { readonly numerator: number; readonly denominator: number };

/** What a metric module collects for one chunk of matches. */
export interface CustomCollector {
  onEvent(event: GameEvent): void;
  finishMatch(match: MatchContext): Record<string, FigureValue>;
}

/** A loaded metric module. */
export interface MetricModule {
  readonly name: string;
  readonly description: string;
  readonly games: readonly string[] | null;
  readonly path: string;
  /** How messages name it; `metric module <path>` by default. */
  readonly label?: string;
  /** The event types its collector reads (a game's figure unit may say); without it, every event. */
  readonly eventTypes?: readonly string[];
  /** The digest of its file and the files it imports (a scenario's `metrics:`); none for a game's own figure units, which are the game's. */
  readonly sha256?: string;
  /** The file it was loaded from (a scenario's `metrics:`), where `path` is as the scenario wrote it. */
  readonly file?: string;
  create(): CustomCollector;
}

type FigureKind = 'count' | 'rate' | 'ratio';

/** One module's merged figures: each figure's kind, the matches that gave it, and its clustered sums. */
interface ModuleAggregate {
  kinds: Record<string, FigureKind>;
  matches: Record<string, number>;
  /** The first match (by index) that gave each figure: named when a figure changes kind. Absent in aggregates from before it was kept. */
  firstMatch?: Record<string, number>;
  /** The first match of these that gave a figure in another kind than its first: the merge into the run fails on it. */
  kindChange?: { readonly figure: string; readonly kind: FigureKind; readonly match: number };
  tally: Tally;
}

type CustomAggregate = Record<string, ModuleAggregate>;

export type CustomFigure = (MeanEstimate & { readonly kind: 'count' | 'ratio' }) | (RateEstimate & { readonly kind: 'rate'; readonly matches: number });

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Loads a metric module relative to the scenario file; a problem message instead when it cannot. */
export async function loadMetricModule(path: string, scenarioFile: string): Promise<{ module: MetricModule } | { problem: string }> {
  const uncompiled = uncompiledModule(path, 'metric module');
  if (uncompiled !== null) return { problem: uncompiled };
  const absolute = isAbsolute(path) ? path : resolve(dirname(scenarioFile), path);
  const notAFile = notAModuleFile(absolute);
  if (notAFile !== null) return { problem: `cannot load metric module "${path}": ${notAFile}` };
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  } catch (error) {
    return { problem: `cannot load metric module "${path}": ${importFailure(error, absolute)}` };
  }
  const read = readMetricExport(loaded, path);
  if ('problem' in read) return read;
  const { exported, name, games, create, description } = read;
  const subject = `metric module ${path}, metric "${name}"`;
  const collectorOf = (): CustomCollector => {
    const collector = create.call(exported) as Partial<CustomCollector> | null;
    let shape: 'promise' | 'collector' | 'other';
    try {
      // An async create() gives a promise: said as what it is.
      shape = typeof (collector as { then?: unknown } | null)?.then === 'function' ? 'promise' : typeof collector?.onEvent === 'function' && typeof collector.finishMatch === 'function' ? 'collector' : 'other';
    } catch (error) {
      // A getter of what create() returned threw: create() itself did not (review 25c).
      throw new MetricModuleError(subject, `create() returned an object that threw as it was read: ${thrown(error)}`, 'an object { onEvent(event), finishMatch(match) }');
    }
    if (shape === 'promise') throw new MetricModuleError(subject, 'create() returned a promise (an async create?)', 'an object { onEvent(event), finishMatch(match) }, returned at once');
    if (shape === 'other') {
      throw new MetricModuleError(subject, `create() returned ${collector === null || typeof collector !== 'object' ? shown(collector) : 'no { onEvent, finishMatch }'}`, 'an object { onEvent(event), finishMatch(match) }');
    }
    return collector as CustomCollector;
  };
  // create() once now, so that a module of the wrong shape is refused before any match runs.
  try {
    collectorOf();
  } catch (error) {
    return { problem: error instanceof MetricModuleError ? error.message : `metric module "${path}": create() threw ${thrown(error)}` };
  }
  return {
    module: {
      name,
      description,
      games: (games as string[] | undefined) ?? null,
      path,
      file: absolute,
      sha256: moduleGraphDigestOrName(absolute),
      create: collectorOf,
    },
  };
}

/**
 * The parts of a metric module's default export, each read once, checked. Reading them runs the
 * module's code (a getter, a proxy): a throw there is the module's problem, said in one line.
 */
function readMetricExport(
  loaded: Record<string, unknown>,
  path: string,
): { exported: Record<string, unknown>; name: string; games: readonly string[] | undefined; create: () => unknown; description: string } | { problem: string } {
  const expected = 'expected a default export { name, create() } whose create() returns { onEvent(event), finishMatch(match) }';
  try {
    const exported = defaultExport(loaded) as Record<string, unknown> | undefined;
    if (typeof exported !== 'object' || exported === null) return { problem: `metric module "${path}": ${expected}` };
    const create = exported['create'];
    if (typeof create !== 'function') return { problem: `metric module "${path}": ${expected}` };
    const name = exported['name'];
    if (typeof name !== 'string' || !NAME.test(name)) return { problem: `metric module "${path}": name must be letters, digits, "-" or "_", starting with a letter; got ${JSON.stringify(name)}` };
    if (isObjectPropertyName(name)) return { problem: `metric module "${path}": name ${JSON.stringify(name)} is a name every JavaScript object has as a property; expected another (results are keyed by metric name)` };
    const games = exported['games'];
    if (games !== undefined && !(Array.isArray(games) && games.every((game) => typeof game === 'string'))) {
      return { problem: `metric module "${path}": games must be a list of game ids` };
    }
    const description = exported['description'];
    return { exported, name, games: games as readonly string[] | undefined, create: create as () => unknown, description: typeof description === 'string' ? description : '' };
  } catch (error) {
    return { problem: `metric module "${path}" threw while its definition was read: ${describeThrown(error).message.split('\n')[0]}` };
  }
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/**
 * What a metric module did wrong while collecting a match: `subject` names the module and the
 * metric (or figure), `problem` what it did, `expected` what was allowed. It stops the run (see
 * {@link RunStoppingError}).
 */
export class MetricModuleError extends RunStoppingError {
  constructor(subject: string, problem: string, expected: string | null) {
    super(subject, problem, expected);
    this.name = 'MetricModuleError';
  }
}

/**
 * `error` as a {@link MetricFailure} of match `matchIndex` when a metric module caused it (thrown
 * directly, or as the cause of the match's failure when it threw from `onEvent`); else null.
 */
export function metricFailureOf(error: unknown, matchIndex: number, runSeed: number, matchSeed: string): MetricFailure | null {
  let cause: unknown = error;
  try {
    if (!(cause instanceof RunStoppingError) && cause instanceof Error) cause = cause.cause;
    if (!(cause instanceof RunStoppingError)) return null;
  } catch {
    return null;
  }
  const { subject, problem, expected } = cause;
  return new MetricFailure(`${subject}: ${problem} in match ${matchIndex} (match seed ${matchSeed})${expected === null ? '' : `; expected ${expected}`}`, matchIndex, runSeed, matchSeed);
}

/** A value as a message shows it: numbers as JavaScript writes them (NaN, 9007199254740992), the rest as JSON. */
function shown(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint' || value === undefined) return typeof value === 'bigint' ? `${value}n` : String(value);
  if (typeof value === 'function') return 'a function';
  try {
    return JSON.stringify(value)?.slice(0, 200) ?? String(value);
  } catch {
    return 'a value that cannot be shown';
  }
}

const ANY_FIGURE = '{ count }, { successes, trials } or { numerator, denominator } of whole numbers';
/**
 * The largest magnitude of a match's figure: its square must be a safe integer, so that the sums
 * of squares intervals rest on add exactly (and whatever the chunks, the same).
 */
export const LARGEST_FIGURE = Math.floor(Math.sqrt(Number.MAX_SAFE_INTEGER));
const WHOLE = `a whole number from -${LARGEST_FIGURE} to ${LARGEST_FIGURE} (its square a safe integer, so sums of squares add exactly)`;

/** The kind of one figure of a match, or what is wrong with it (`problem` follows "finishMatch returned"). */
function figureKind(value: unknown): FigureKind | { problem: string; expected: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: shown(value), expected: ANY_FIGURE };
  const keys = Object.keys(value).sort().join(',');
  const record = value as Record<string, unknown>;
  const notWhole = (...fields: string[]): { problem: string; expected: string } | null => {
    const field = fields.find((name) => !isWhole(record[name]) || Math.abs(record[name] as number) > LARGEST_FIGURE);
    return field === undefined ? null : { problem: `${field} ${shown(record[field])}`, expected: `${field} ${WHOLE}` };
  };
  if (keys === 'count') return notWhole('count') ?? 'count';
  if (keys === 'successes,trials') {
    const wrong = notWhole('successes', 'trials');
    if (wrong !== null) return wrong;
    const successes = record['successes'] as number;
    const trials = record['trials'] as number;
    if (successes < 0) return { problem: `successes ${successes} < 0`, expected: '0 ≤ successes ≤ trials' };
    if (successes > trials) return { problem: `successes ${successes} > trials ${trials}`, expected: '0 ≤ successes ≤ trials' };
    return 'rate';
  }
  if (keys === 'denominator,numerator') {
    const wrong = notWhole('numerator', 'denominator');
    if (wrong !== null) return wrong;
    // Σx / Σy over matches: a negative y could cancel a positive one and flip the ratio's sign.
    const denominator = record['denominator'] as number;
    return denominator < 0 ? { problem: `denominator ${denominator} < 0`, expected: 'a denominator ≥ 0' } : 'ratio';
  }
  return { problem: shown(value), expected: ANY_FIGURE };
}

/** Adds one figure of `module`'s match; the message naming it is built only when the figure is wrong (this runs for every figure of every match). */
function addFigure(into: ModuleAggregate, figures: MatchFigures, figure: string, value: FigureValue, module: MetricModule, matchIndex: number): void {
  // A dot would make the figure's path (custom.<metric>.<figure>) name something else too.
  if (figure === '' || figure.includes('.') || isObjectPropertyName(figure)) {
    throw new MetricModuleError(subjectOf(module), `finishMatch returned a figure named ${JSON.stringify(figure)}`, 'figure names without dots that no JavaScript object has as a property (not constructor, toString, ...), such as hitShare');
  }
  // Its fields read once, into a plain object: reading them runs the module's code (a getter, a
  // proxy), whose throw is its failure, and a getter read twice could answer otherwise (review 25e).
  let plain: unknown;
  try {
    plain = plainFigure(value);
  } catch (error) {
    throw new MetricModuleError(subjectOf(module, figure), `finishMatch returned a figure that threw as it was read: ${thrown(error)}`, ANY_FIGURE);
  }
  const kind = figureKind(plain);
  if (typeof kind !== 'string') throw new MetricModuleError(subjectOf(module, figure), `finishMatch returned ${kind.problem}`, kind.expected);
  const existing = into.kinds[figure];
  if (existing !== undefined && existing !== kind) {
    // Not thrown here: whether this match or an earlier one is the odd one out depends on the
    // matches before this chunk. Kept, and judged when the chunk merges into the run.
    into.kindChange ??= { figure, kind, match: matchIndex };
    return;
  }
  if (existing === undefined) (into.firstMatch ??= {})[figure] = matchIndex;
  into.kinds[figure] = kind;
  into.matches[figure] = (into.matches[figure] ?? 0) + 1;
  if (kind === 'count') figures.sample(figure, (plain as { count: number }).count);
  else if (kind === 'rate') figures.trial(figure, (plain as { successes: number }).successes, (plain as { trials: number }).trials);
  else figures.ratio(figure, (plain as { numerator: number }).numerator, (plain as { denominator: number }).denominator);
}

/** `value`'s own fields copied once into a plain object (anything else as it is); throws what reading them throws. */
function plainFigure(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = (value as Record<string, unknown>)[key];
  return copy;
}

/** What a module threw, in one line. */
function thrown(error: unknown): string {
  const { message } = describeThrown(error);
  return JSON.stringify(message.split('\n')[0]);
}

/** "match 12" (the first that gave `figure` in `aggregate`), or "earlier matches" where that was not kept. */
function earlierMatch(aggregate: ModuleAggregate, figure: string): string {
  const first = aggregate.firstMatch?.[figure];
  return first === undefined ? 'earlier matches' : `match ${first}`;
}

/**
 * Merges `other` (later matches) into `into`. A figure whose kind changed fails here, on the
 * first match (by index) whose kind differs from the run's first, whatever the chunks: no one
 * match shows it, so the whole command (which meets it again) is what reproduces it.
 */
function mergeModule(into: ModuleAggregate, other: ModuleAggregate, module: MetricModule | undefined): void {
  const changed = (figure: string, kind: FigureKind, match: number | undefined, earlier: string, earlierKind: FigureKind): WholeRunFailure => {
    const subject = module === undefined ? `custom metric figure "${figure}"` : subjectOf(module, figure);
    return new WholeRunFailure(`${subject}: finishMatch returned a ${kind}${match === undefined ? '' : ` in match ${match}`}, where ${earlier} gave a ${earlierKind}; expected a figure to keep one kind`);
  };
  for (const [figure, kind] of Object.entries(other.kinds)) {
    const existing = into.kinds[figure];
    if (existing !== undefined && existing !== kind) throw changed(figure, kind, other.firstMatch?.[figure], earlierMatch(into, figure), existing);
  }
  if (other.kindChange !== undefined) {
    const { figure, kind, match } = other.kindChange;
    const earlier = into.kinds[figure] !== undefined ? into : other;
    throw changed(figure, kind, match, earlierMatch(earlier, figure), earlier.kinds[figure] as FigureKind);
  }
  for (const [figure, kind] of Object.entries(other.kinds)) {
    const first = other.firstMatch?.[figure];
    const known = into.firstMatch?.[figure];
    if (first !== undefined && (known === undefined || first < known)) (into.firstMatch ??= {})[figure] = first;
    into.kinds[figure] = kind;
    into.matches[figure] = (into.matches[figure] ?? 0) + (other.matches[figure] ?? 0);
  }
  // Sums past 2^53 are refused where the summary is made (summarizeModule): at a merge, which
  // figures have passed part-way would depend on the chunks (review 26c).
  mergeTally(into.tally, other.tally);
}

function summarizeModule(module: ModuleAggregate, confidence: number, subject: (figure: string) => string): Record<string, CustomFigure> {
  // Each match's figure is bounded (LARGEST_FIGURE), but a run of many can still pass 2^53 in
  // its sums of squares, and then neither they nor the intervals are exact: said (by
  // settledFigures), not printed.
  const sums = settledFigures(module.tally, subject);
  return Object.fromEntries(
    Object.keys(module.kinds)
      .sort()
      .map((figure): [string, CustomFigure] => {
        const kind = module.kinds[figure] as FigureKind;
        const matches = module.matches[figure] ?? 0;
        if (kind === 'count') return [figure, { kind, ...clusteredMean(sums[figure], confidence) }];
        if (kind === 'rate') return [figure, { kind, ...clusteredRate(sums[figure], confidence), matches }];
        return [figure, { kind, ...ratioEstimate(sums[figure], matches, confidence) }];
      }),
  );
}

interface CombinedAggregate {
  game: unknown;
  custom: CustomAggregate;
}

/** Where a set of figure modules lands: the `results` key and the text summary's heading. */
export interface FigurePlacement {
  readonly key: string;
  readonly heading: string;
}

/** A scenario's metric modules: `results.custom`, under "Custom metrics". */
export const CUSTOM_PLACEMENT: FigurePlacement = { key: 'custom', heading: 'Custom metrics' };

/** A game's own figure units (`GameModule.figures`): `results.figures`, under "Figures". */
export const FIGURES_PLACEMENT: FigurePlacement = { key: 'figures', heading: 'Figures' };

/**
 * The table of metric modules' (or a game's figure units') figures under `heading`, as a run
 * prints it below the game's summary: one row per figure, `module.figure`, its kind, value and
 * interval.
 */
export function formatFigureTable(byModule: Readonly<Record<string, Readonly<Record<string, CustomFigure>>>>, heading: string): string {
  const rows: string[][] = [];
  for (const [name, figures] of Object.entries(byModule)) {
    for (const [figure, value] of Object.entries(figures)) {
      if (value.kind === 'rate') rows.push([`${name}.${figure}`, 'rate', ...formatRate(value)]);
      else {
        const [mean, interval] = formatMean(value, 3).split(' [');
        const empty = value.n === 0 ? `no samples${value.note === undefined ? '' : ` (${value.note})`}` : '';
        rows.push([`${name}.${figure}`, value.kind === 'count' ? 'per match' : 'ratio', mean ?? '-', interval === undefined ? empty : `[${interval}`]);
      }
    }
  }
  return `${heading}\n${table(['figure', 'kind', 'value', '95% interval'], rows)}`;
}

/** How messages name a module's metric, or one of its figures: `metric module ./m.mjs, metric "hits.share"`. */
function subjectOf(module: MetricModule, figure?: string): string {
  return `${module.label ?? `metric module ${module.path}`}, metric "${figure === undefined ? module.name : `${module.name}.${figure}`}"`;
}

/** The module's collector for a chunk; its failure is the module's, as at load. */
function createCollector(module: MetricModule): CustomCollector {
  try {
    return module.create();
  } catch (error) {
    if (error instanceof MetricModuleError) throw error;
    throw new MetricModuleError(subjectOf(module), `create() threw ${thrown(error)}`, null);
  }
}

/**
 * The collector of a report with metric modules: each event to the game's collector, then to
 * each module's; at a match's end the game's rows, and each module's figures checked and added
 * to its part of the aggregate. A module's throw, or figures that are not an object returned at
 * once, fail the match naming the module.
 *
 * Each match gets a fresh collector of each module (`create()` per match): a collector that
 * carries anything from one match to the next (a count never reset) would give figures that
 * depend on which matches a worker thread happened to play before it, so on `--workers` and the
 * chunks (audit 22). Made when the match first needs it, so a `create()` that throws fails that
 * match.
 */
function combinedCollector(inner: MatchCollector<GameEvent, unknown>, modules: readonly MetricModule[]): MatchCollector<GameEvent, CombinedAggregate> {
  const collectors = modules.map((module) => ({ module, subject: subjectOf(module), collector: null as CustomCollector | null }));
  const matchFigures = new MatchFigures();
  const innerDecision = inner.onDecision?.bind(inner);
  return {
    onEvent(event) {
      inner.onEvent(event);
      for (const entry of collectors) {
        const collector = (entry.collector ??= createCollector(entry.module));
        try {
          collector.onEvent(event);
        } catch (error) {
          throw new MetricModuleError(entry.subject, `onEvent threw ${thrown(error)} on a "${String(event.type)}" event`, null);
        }
      }
    },
    ...(innerDecision === undefined ? {} : { onDecision: innerDecision }),
    ...(inner.startMatch === undefined ? {} : { startMatch: inner.startMatch.bind(inner) }),
    finishMatch(context: MatchContext, aggregate: CombinedAggregate): MatchRows {
      const rows = inner.finishMatch(context, aggregate.game);
      for (const entry of collectors) {
        const { module, subject } = entry;
        const collector = entry.collector ?? createCollector(module);
        // The next match gets its own.
        entry.collector = null;
        let values: unknown;
        // Counted as the match's: a figure drawn from JavaScript's unseeded random here would differ from run to
        // run as one drawn in onEvent does (review 28c).
        enterMatch();
        try {
          values = collector.finishMatch(context);
        } catch (error) {
          throw new MetricModuleError(subject, `finishMatch threw ${thrown(error)}`, null);
        } finally {
          leaveMatch();
        }
        let what: string | null;
        try {
          const promise = typeof (values as { then?: unknown } | null)?.then === 'function';
          what = promise ? 'a promise' : typeof values !== 'object' || values === null || Array.isArray(values) ? shown(values) : null;
        } catch (error) {
          // Reading what it returned ran the module's code (a getter, a revoked proxy): its failure, not Hordelab's (review 25d).
          throw new MetricModuleError(subject, `finishMatch returned an object that threw as it was read: ${thrown(error)}`, 'an object of figures');
        }
        if (what !== null) throw new MetricModuleError(subject, `finishMatch returned ${what}`, 'an object of figures, returned at once (not a promise)');
        const target = (aggregate.custom[module.name] ??= { kinds: {}, matches: {}, tally: emptyTally() });
        matchFigures.clear();
        let entries: [string, unknown][];
        try {
          entries = Object.entries(values as Record<string, unknown>);
        } catch (error) {
          throw new MetricModuleError(subject, `finishMatch returned an object whose figures cannot be read: ${thrown(error)}`, 'an object of figures');
        }
        for (const [figure, value] of entries) addFigure(target, matchFigures, figure, value as FigureValue, module, context.matchIndex);
        recordMatch(target.tally, context, matchFigures);
      }
      return rows;
    },
    discardMatch() {
      inner.discardMatch();
      // A failed match's events must not count: its collectors are dropped, unread.
      for (const entry of collectors) entry.collector = null;
    },
  };
}

/**
 * The game's report with the metric modules added: its aggregate holds the game's and the
 * modules' figures, its summary is the game's with `custom` (or the placement's key) added, its
 * text the game's with a table of those figures under it.
 */
/** The report's metric modules with `modules` added: those read from files, with their digests. */
function metricModulesOf(report: AnyGameReport, modules: readonly MetricModule[]): { metricModules?: NonNullable<AnyGameReport['metricModules']> } {
  const listed = [...(report.metricModules ?? []), ...modules.flatMap((module) => (module.sha256 === undefined ? [] : [{ name: module.name, spec: module.path, path: module.file ?? module.path, sha256: module.sha256 }]))];
  return listed.length === 0 ? {} : { metricModules: listed };
}

export function withCustomMetrics(report: AnyGameReport, modules: readonly MetricModule[], placement: FigurePlacement = CUSTOM_PLACEMENT): AnyGameReport {
  if (modules.length === 0) return report;
  const { key, heading } = placement;
  const eventTypes = eventTypesOfAll([report.eventTypes, ...modules.map((module) => module.eventTypes)]);
  const combined: GameReport<GameEvent, CombinedAggregate, Record<string, unknown>> = {
    gameId: report.gameId,
    matchColumns: report.matchColumns,
    eventTables: report.eventTables,
    ...(eventTypes === undefined ? {} : { eventTypes }),
    ...metricModulesOf(report, modules),
    createCollector: (options) => combinedCollector(report.createCollector(options) as MatchCollector<GameEvent, unknown>, modules),
    emptyAggregate: () => ({ game: report.emptyAggregate(), custom: {} }),
    mergeAggregates(into, other) {
      report.mergeAggregates(into.game, other.game);
      for (const [name, module] of Object.entries(other.custom)) mergeModule((into.custom[name] ??= { kinds: {}, matches: {}, tally: emptyTally() }), module, modules.find((known) => known.name === name));
    },
    summarize(aggregate, confidence) {
      const summary = report.summarize(aggregate.game, confidence) as Record<string, unknown>;
      const custom: Record<string, Record<string, CustomFigure>> = {};
      for (const module of modules) {
        const figures = aggregate.custom[module.name];
        custom[module.name] = figures === undefined ? {} : summarizeModule(figures, confidence, (figure) => subjectOf(module, figure));
      }
      return { ...summary, [key]: custom };
    },
    formatSummary(summary) {
      return `${report.formatSummary(summary)}\n\n${formatFigureTable(summary[key] as Record<string, Record<string, CustomFigure>>, heading)}`;
    },
    ...(report.summaryTables === undefined ? {} : { summaryTables: (summary: Record<string, unknown>) => report.summaryTables!(summary) }),
  };
  return combined as AnyGameReport;
}
