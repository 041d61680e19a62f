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
 *     create() {                              // once per chunk of matches
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
import { pathToFileURL } from 'node:url';
import type { GameEvent } from '../core/game.js';
import { clusteredMean, clusteredRate, emptyTally, MatchFigures, mergeTally, recordMatch, settledFigures, type ClusterSums, type MeanEstimate, type Tally } from '../stats/clusters.js';
import { studentTQuantile } from '../stats/distributions.js';
import type { RateEstimate } from '../stats/rate-interval.js';
import { formatMean, formatRate, table } from './format.js';
import type { AnyGameReport, GameReport, MatchCollector, MatchContext, MatchRows } from './report.js';
import { uncompiledModule } from '../core/user-module.js';

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
  create(): CustomCollector;
}

type FigureKind = 'count' | 'rate' | 'ratio';

/** One module's merged figures: each figure's kind, the matches that gave it, and its clustered sums. */
interface ModuleAggregate {
  kinds: Record<string, FigureKind>;
  matches: Record<string, number>;
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
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: `cannot load metric module "${path}": ${code === 'ERR_MODULE_NOT_FOUND' ? `no module at ${absolute}` : (error as Error).message.split('\n')[0]}` };
  }
  const exported = loaded['default'] as Record<string, unknown> | undefined;
  const expected = 'expected a default export { name, create() } whose create() returns { onEvent(event), finishMatch(match) }';
  if (typeof exported !== 'object' || exported === null || typeof exported['create'] !== 'function') return { problem: `metric module "${path}": ${expected}` };
  const name = exported['name'];
  if (typeof name !== 'string' || !NAME.test(name)) return { problem: `metric module "${path}": name must be letters, digits, "-" or "_", starting with a letter; got ${JSON.stringify(name)}` };
  const games = exported['games'];
  if (games !== undefined && !(Array.isArray(games) && games.every((game) => typeof game === 'string'))) {
    return { problem: `metric module "${path}": games must be a list of game ids` };
  }
  const create = exported['create'] as () => unknown;
  return {
    module: {
      name,
      description: typeof exported['description'] === 'string' ? exported['description'] : '',
      games: (games as string[] | undefined) ?? null,
      path,
      create: () => {
        const collector = create.call(exported) as Partial<CustomCollector> | null;
        if (typeof collector?.onEvent !== 'function' || typeof collector.finishMatch !== 'function') {
          throw new Error(`metric module "${path}": create() returned no { onEvent, finishMatch }`);
        }
        return collector as CustomCollector;
      },
    },
  };
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

function figureKind(value: unknown): FigureKind | null {
  if (typeof value !== 'object' || value === null) return null;
  const keys = Object.keys(value).sort().join(',');
  const record = value as Record<string, unknown>;
  if (keys === 'count' && isWhole(record['count'])) return 'count';
  if (keys === 'successes,trials' && isWhole(record['successes']) && isWhole(record['trials']) && record['successes'] >= 0 && record['successes'] <= record['trials']) return 'rate';
  if (keys === 'denominator,numerator' && isWhole(record['numerator']) && isWhole(record['denominator'])) return 'ratio';
  return null;
}

function addFigure(into: ModuleAggregate, figures: MatchFigures, figure: string, value: FigureValue, where: string): void {
  const kind = figureKind(value);
  if (kind === null) {
    throw new Error(
      `${where}: figure "${figure}" is ${JSON.stringify(value)}; expected { count } or { successes, trials } or { numerator, denominator } with whole numbers`,
    );
  }
  const existing = into.kinds[figure];
  if (existing !== undefined && existing !== kind) throw new Error(`${where}: figure "${figure}" was a ${existing} and is now a ${kind}`);
  into.kinds[figure] = kind;
  into.matches[figure] = (into.matches[figure] ?? 0) + 1;
  if (kind === 'count') figures.sample(figure, (value as { count: number }).count);
  else if (kind === 'rate') figures.trial(figure, (value as { successes: number }).successes, (value as { trials: number }).trials);
  else figures.ratio(figure, (value as { numerator: number }).numerator, (value as { denominator: number }).denominator);
}

function mergeModule(into: ModuleAggregate, other: ModuleAggregate): void {
  for (const [figure, kind] of Object.entries(other.kinds)) {
    const existing = into.kinds[figure];
    // Within a chunk this is caught per match; across chunks it must fail the same way, or the
    // result would depend on how the run was cut into chunks.
    if (existing !== undefined && existing !== kind) {
      throw new Error(`custom metric figure "${figure}" was a ${existing} in some matches and a ${kind} in others; a figure must keep one kind`);
    }
    into.kinds[figure] = kind;
    into.matches[figure] = (into.matches[figure] ?? 0) + (other.matches[figure] ?? 0);
  }
  mergeTally(into.tally, other.tally);
}

/**
 * The ratio R = Σx / Σy with the cluster-robust variance of a ratio estimator,
 * C/(C − 1)·Σ(x_c − R·y_c)²/(Σy)² (Cochran, Sampling Techniques, 1977, §6.3), and a t interval.
 * `sd` is √(matches·V), so that sd²/n is the variance as for every other mean; a ratio has no
 * independent-sample baseline, so its design effect is 1 by definition.
 */
export function ratioEstimate(sums: ClusterSums | undefined, matches: number, confidence: number): MeanEstimate {
  const estimate = clusteredMean(sums, confidence);
  if (sums === undefined || sums.n === 0 || sums.clusters < 2) return { ...estimate, sd: Number.NaN, n: matches, designEffect: 1 };
  const ratio = sums.x / sums.n;
  const variance = (sums.clusters / (sums.clusters - 1)) * (Math.max(0, sums.xx - 2 * ratio * sums.xn + ratio * ratio * sums.nn) / (sums.n * sums.n));
  if (variance === 0) return { mean: ratio, lower: Number.NaN, upper: Number.NaN, sd: 0, n: matches, designEffect: 1, clusters: sums.clusters, note: `all ${sums.clusters} clusters have the same ratio` };
  const half = studentTQuantile(confidence, sums.clusters - 1) * Math.sqrt(variance);
  return { mean: ratio, lower: ratio - half, upper: ratio + half, sd: Math.sqrt(matches * variance), n: matches, designEffect: 1, clusters: sums.clusters };
}

function summarizeModule(module: ModuleAggregate, confidence: number): Record<string, CustomFigure> {
  const sums = settledFigures(module.tally);
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

/**
 * The game's report with the metric modules added: its aggregate holds the game's and the
 * modules' figures, its summary is the game's with `custom` added, its text the game's with a
 * table of the custom figures under it.
 */
export function withCustomMetrics(report: AnyGameReport, modules: readonly MetricModule[]): AnyGameReport {
  if (modules.length === 0) return report;
  const combined: GameReport<GameEvent, CombinedAggregate, Record<string, unknown>> = {
    gameId: report.gameId,
    matchColumns: report.matchColumns,
    eventTables: report.eventTables,
    createCollector(options) {
      const inner = report.createCollector(options) as MatchCollector<GameEvent, unknown>;
      const collectors = modules.map((module) => ({ module, collector: module.create() }));
      const matchFigures = new MatchFigures();
      const innerDecision = inner.onDecision?.bind(inner);
      return {
        onEvent(event) {
          inner.onEvent(event);
          for (const { collector } of collectors) collector.onEvent(event);
        },
        ...(innerDecision === undefined ? {} : { onDecision: innerDecision }),
        finishMatch(context: MatchContext, aggregate: CombinedAggregate): MatchRows {
          const rows = inner.finishMatch(context, aggregate.game);
          for (const { module, collector } of collectors) {
            const values = collector.finishMatch(context);
            const where = `metric module "${module.path}", match ${context.matchIndex} (seed ${context.seed})`;
            if (typeof values !== 'object' || values === null) throw new Error(`${where}: finishMatch returned ${JSON.stringify(values)}; expected an object of figures`);
            const target = (aggregate.custom[module.name] ??= { kinds: {}, matches: {}, tally: emptyTally() });
            matchFigures.clear();
            for (const [figure, value] of Object.entries(values)) addFigure(target, matchFigures, figure, value, where);
            recordMatch(target.tally, context, matchFigures);
          }
          return rows;
        },
        discardMatch() {
          inner.discardMatch();
          // A failed match's events must not count: finish it into a throwaway aggregate.
          for (const { collector } of collectors) collector.finishMatch({ matchIndex: -1, seed: '', cluster: -1, clusterSize: 1 });
        },
      };
    },
    emptyAggregate: () => ({ game: report.emptyAggregate(), custom: {} }),
    mergeAggregates(into, other) {
      report.mergeAggregates(into.game, other.game);
      for (const [name, module] of Object.entries(other.custom)) mergeModule((into.custom[name] ??= { kinds: {}, matches: {}, tally: emptyTally() }), module);
    },
    summarize(aggregate, confidence) {
      const summary = report.summarize(aggregate.game, confidence) as Record<string, unknown>;
      const custom: Record<string, Record<string, CustomFigure>> = {};
      for (const module of modules) {
        const figures = aggregate.custom[module.name];
        custom[module.name] = figures === undefined ? {} : summarizeModule(figures, confidence);
      }
      return { ...summary, custom };
    },
    formatSummary(summary) {
      const custom = summary['custom'] as Record<string, Record<string, CustomFigure>>;
      const rows: string[][] = [];
      for (const [name, figures] of Object.entries(custom)) {
        for (const [figure, value] of Object.entries(figures)) {
          if (value.kind === 'rate') rows.push([`${name}.${figure}`, 'rate', ...formatRate(value)]);
          else {
            const [mean, interval] = formatMean(value, 3).split(' [');
            rows.push([`${name}.${figure}`, value.kind === 'count' ? 'per match' : 'ratio', mean ?? '-', interval === undefined ? '' : `[${interval}`]);
          }
        }
      }
      return `${report.formatSummary(summary)}\n\nCustom metrics\n${table(['figure', 'kind', 'value', '95% interval'], rows)}`;
    },
    ...(report.summaryTables === undefined ? {} : { summaryTables: (summary: Record<string, unknown>) => report.summaryTables!(summary) }),
  };
  return combined as AnyGameReport;
}
