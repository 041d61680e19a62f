/**
 * Every report with game-quality figures added (`quality` in a run's results): the game's own
 * report wrapped, as custom metric modules wrap it, so whatever merges, checks, tunes or sweeps a
 * game's results gets them too. The figures come from the generic game contract alone (the
 * runner's decisions, the heuristic at turn starts, the returns), never from a game's events.
 */
import type { AnyGame, GameEvent } from '../core/game.js';
import type { AnyGameReport, GameReport, MatchCollector, MatchContext, MatchRows } from '../reports/report.js';
import { MatchFigures } from '../stats/clusters.js';
import { MatchTrace } from './match-trace.js';
import { emptyQuality, mergeQuality, recordQuality, summarizeQuality, type QualityAggregate, type QualityRun } from './quality-figures.js';
import { formatQuality } from './quality-text.js';
import { skillOrder, type SkillSeat } from './skill-order.js';

interface WithQuality {
  game: unknown;
  quality: QualityAggregate;
}

/** The results key the figures go under. */
export const QUALITY_KEY = 'quality';

/**
 * `report` with the quality figures of `game` added: its aggregate holds both, its summary is
 * the report's with `quality` added, its text the report's with the quality table under it.
 * `seats` are the run's seats (their names and agents decide the chance share's skill order).
 * With `leads: false` the heuristic is never called, and the figures that need it are left out.
 */
export function withQualityMetrics(report: AnyGameReport, game: AnyGame, seats: readonly SkillSeat[], qualityOptions: { readonly leads: boolean } = { leads: true }): AnyGameReport {
  const combined = qualityWrapped(report, game, seats, qualityOptions);
  wrappedReports.set(combined, { report, game, qualityOptions });
  return combined;
}

/** What each report {@link withQualityMetrics} returned wraps, so that its seats can be given again. */
const wrappedReports = new WeakMap<AnyGameReport, { report: AnyGameReport; game: AnyGame; qualityOptions: { readonly leads: boolean } }>();

/**
 * `report` (one {@link withQualityMetrics} returned) with its skill order read from `seats`
 * instead: the library's run() validates a scenario with a built-in agent standing in for each
 * agent object, and the chance share then said of every object that it "plays uniformly at
 * random" (audit 39c F1).
 * @throws Error when `report` is not one withQualityMetrics returned (an internal bug).
 */
export function withQualitySeats(report: AnyGameReport, seats: readonly SkillSeat[]): AnyGameReport {
  const wrapped = wrappedReports.get(report);
  if (wrapped === undefined) throw new Error('withQualitySeats: the report has no game-quality figures to give seats to');
  return withQualityMetrics(wrapped.report, wrapped.game, seats, wrapped.qualityOptions);
}

function qualityWrapped(report: AnyGameReport, game: AnyGame, seats: readonly SkillSeat[], qualityOptions: { readonly leads: boolean }): AnyGameReport {
  const order = skillOrder(seats);
  const skill = 'note' in order ? { skill: null, skillNote: order.note } : { skill: order, skillNote: null };
  const run: QualityRun = { game, leads: qualityOptions.leads, ...skill };
  const combined: GameReport<GameEvent, WithQuality, Record<string, unknown>> = {
    gameId: report.gameId,
    matchColumns: report.matchColumns,
    eventTables: report.eventTables,
    // The figures read no events: the report's own.
    ...(report.eventTypes === undefined ? {} : { eventTypes: report.eventTypes }),
    ...(report.metricModules === undefined ? {} : { metricModules: report.metricModules }),
    createCollector(options) {
      const inner = report.createCollector(options) as MatchCollector<GameEvent, unknown>;
      const trace = new MatchTrace(game, qualityOptions.leads);
      const figures = new MatchFigures();
      const innerDecision = inner.onDecision?.bind(inner);
      return {
        onEvent: (event) => inner.onEvent(event),
        onDecision(seat, legalActions, state) {
          trace.decision(seat, legalActions, state);
          innerDecision?.(seat, legalActions, state);
        },
        startMatch(matchIndex) {
          trace.startMatch(matchIndex);
          inner.startMatch?.(matchIndex);
        },
        finishMatch(context: MatchContext, aggregate: WithQuality): MatchRows {
          const rows = inner.finishMatch(context, aggregate.game);
          recordQuality(aggregate.quality, run, trace, context, figures);
          trace.reset();
          return rows;
        },
        discardMatch() {
          inner.discardMatch();
          trace.reset();
        },
      };
    },
    emptyAggregate: () => ({ game: report.emptyAggregate(), quality: emptyQuality() }),
    mergeAggregates(into, other) {
      // A checkpoint or shard written before quality figures were recorded has none to add:
      // merging it would give quality figures of fewer matches than the run's.
      if (typeof other.quality !== 'object' || other.quality === null) {
        throw new Error('part of this run was recorded without game-quality figures (by an earlier hordelab); play that part again (run with --force, or re-run the shard)');
      }
      report.mergeAggregates(into.game, other.game);
      mergeQuality(into.quality, other.quality);
    },
    summarize(aggregate, confidence) {
      const summary = report.summarize(aggregate.game, confidence) as Record<string, unknown>;
      return { ...summary, [QUALITY_KEY]: summarizeQuality(aggregate.quality, run, confidence) };
    },
    formatSummary(summary) {
      return `${report.formatSummary(summary)}\n\n${formatQuality(summary[QUALITY_KEY], game.seats)}`;
    },
    ...(report.summaryTables === undefined ? {} : { summaryTables: (summary: Record<string, unknown>) => report.summaryTables!(summary) }),
  };
  return combined as AnyGameReport;
}
