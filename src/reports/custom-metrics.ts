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
 *                                 (moves per turn), with a delta-method interval across matches.
 * Whole numbers keep merges exact: the figures do not depend on workers or chunking.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GameEvent } from '../core/game.js';
import { addSample, emptyMoments, meanEstimate, mergeMoments, normalQuantile, wilsonInterval, type IntegerMoments, type MeanEstimate, type RateEstimate } from '../stats/intervals.js';
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

/** Merged figures of one figure name. */
type FigureAggregate =
  | { kind: 'count'; moments: IntegerMoments }
  | { kind: 'rate'; successes: number; trials: number; matches: number }
  | { kind: 'ratio'; n: number; x: number; y: number; xx: number; yy: number; xy: number };

type CustomAggregate = Record<string, Record<string, FigureAggregate>>;

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

function figureKind(value: unknown): FigureAggregate['kind'] | null {
  if (typeof value !== 'object' || value === null) return null;
  const keys = Object.keys(value).sort().join(',');
  const record = value as Record<string, unknown>;
  if (keys === 'count' && isWhole(record['count'])) return 'count';
  if (keys === 'successes,trials' && isWhole(record['successes']) && isWhole(record['trials']) && record['successes'] >= 0 && record['successes'] <= record['trials']) return 'rate';
  if (keys === 'denominator,numerator' && isWhole(record['numerator']) && isWhole(record['denominator'])) return 'ratio';
  return null;
}

function addFigure(into: Record<string, FigureAggregate>, figure: string, value: FigureValue, where: string): void {
  const kind = figureKind(value);
  if (kind === null) {
    throw new Error(
      `${where}: figure "${figure}" is ${JSON.stringify(value)}; expected { count } or { successes, trials } or { numerator, denominator } with whole numbers`,
    );
  }
  const existing = into[figure];
  if (existing !== undefined && existing.kind !== kind) throw new Error(`${where}: figure "${figure}" was a ${existing.kind} and is now a ${kind}`);
  if (kind === 'count') {
    const target = (existing ?? (into[figure] = { kind: 'count', moments: emptyMoments() })) as Extract<FigureAggregate, { kind: 'count' }>;
    addSample(target.moments, (value as { count: number }).count);
  } else if (kind === 'rate') {
    const target = (existing ?? (into[figure] = { kind: 'rate', successes: 0, trials: 0, matches: 0 })) as Extract<FigureAggregate, { kind: 'rate' }>;
    target.successes += (value as { successes: number }).successes;
    target.trials += (value as { trials: number }).trials;
    target.matches++;
  } else {
    const { numerator: x, denominator: y } = value as { numerator: number; denominator: number };
    const target = (existing ?? (into[figure] = { kind: 'ratio', n: 0, x: 0, y: 0, xx: 0, yy: 0, xy: 0 })) as Extract<FigureAggregate, { kind: 'ratio' }>;
    target.n++;
    target.x += x;
    target.y += y;
    target.xx += x * x;
    target.yy += y * y;
    target.xy += x * y;
  }
}

function mergeFigure(into: Record<string, FigureAggregate>, figure: string, other: FigureAggregate): void {
  const target = into[figure];
  if (target === undefined) {
    into[figure] = structuredClone(other);
    return;
  }
  if (target.kind !== other.kind) {
    // Within a chunk this is caught per match; across chunks it must fail the same way, or the
    // result would depend on how the run was cut into chunks.
    throw new Error(`custom metric figure "${figure}" was a ${target.kind} in some matches and a ${other.kind} in others; a figure must keep one kind`);
  }
  if (target.kind === 'count' && other.kind === 'count') mergeMoments(target.moments, other.moments);
  else if (target.kind === 'rate' && other.kind === 'rate') {
    target.successes += other.successes;
    target.trials += other.trials;
    target.matches += other.matches;
  } else if (target.kind === 'ratio' && other.kind === 'ratio') {
    target.n += other.n;
    target.x += other.x;
    target.y += other.y;
    target.xx += other.xx;
    target.yy += other.yy;
    target.xy += other.xy;
  }
}

/**
 * The ratio estimator R = Σx / Σy over n matches, with the delta-method standard error
 * √(Σ(x − R·y)² / (n − 1)) / (ȳ·√n) (Cochran, Sampling Techniques, 1977, §6.3).
 */
function ratioEstimate(figure: Extract<FigureAggregate, { kind: 'ratio' }>, confidence: number, designEffect: number): MeanEstimate {
  const { n, x, y, xx, yy, xy } = figure;
  if (n === 0 || y === 0) return { mean: Number.NaN, lower: Number.NaN, upper: Number.NaN, sd: Number.NaN, n };
  const ratio = x / y;
  const residual = n > 1 ? Math.max(0, (xx - 2 * ratio * xy + ratio * ratio * yy) / (n - 1)) : 0;
  const meanY = y / n;
  const sd = Math.sqrt(residual) / meanY;
  const half = (normalQuantile(confidence) * sd * Math.sqrt(designEffect)) / Math.sqrt(n);
  return { mean: ratio, lower: ratio - half, upper: ratio + half, sd, n };
}

function summarizeFigure(figure: FigureAggregate, confidence: number, designEffect: number): CustomFigure {
  if (figure.kind === 'count') return { kind: 'count', ...meanEstimate(figure.moments, confidence, designEffect) };
  if (figure.kind === 'rate') return { kind: 'rate', ...wilsonInterval(figure.successes, figure.trials, confidence, designEffect), matches: figure.matches };
  return { kind: 'ratio', ...ratioEstimate(figure, confidence, designEffect) };
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
      return {
        onEvent(event) {
          inner.onEvent(event);
          for (const { collector } of collectors) collector.onEvent(event);
        },
        finishMatch(context: MatchContext, aggregate: CombinedAggregate): MatchRows {
          const rows = inner.finishMatch(context, aggregate.game);
          for (const { module, collector } of collectors) {
            const figures = collector.finishMatch(context);
            const where = `metric module "${module.path}", match ${context.matchIndex} (seed ${context.seed})`;
            if (typeof figures !== 'object' || figures === null) throw new Error(`${where}: finishMatch returned ${JSON.stringify(figures)}; expected an object of figures`);
            const target = (aggregate.custom[module.name] ??= {});
            for (const [figure, value] of Object.entries(figures)) addFigure(target, figure, value, where);
          }
          return rows;
        },
        discardMatch() {
          inner.discardMatch();
          // A failed match's events must not count: finish it into a throwaway aggregate.
          for (const { collector } of collectors) collector.finishMatch({ matchIndex: -1, seed: '' });
        },
      };
    },
    emptyAggregate: () => ({ game: report.emptyAggregate(), custom: {} }),
    mergeAggregates(into, other) {
      report.mergeAggregates(into.game, other.game);
      for (const [name, figures] of Object.entries(other.custom)) {
        const target = (into.custom[name] ??= {});
        for (const [figure, value] of Object.entries(figures)) mergeFigure(target, figure, value);
      }
    },
    summarize(aggregate, confidence, designEffect) {
      const summary = report.summarize(aggregate.game, confidence, designEffect) as Record<string, unknown>;
      const custom: Record<string, Record<string, CustomFigure>> = {};
      for (const module of modules) {
        const figures = aggregate.custom[module.name] ?? {};
        custom[module.name] = Object.fromEntries(
          Object.keys(figures)
            .sort()
            .map((figure) => [figure, summarizeFigure(figures[figure] as FigureAggregate, confidence, designEffect)]),
        );
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
