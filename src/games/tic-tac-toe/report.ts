/**
 * The tic-tac-toe report: who won (X, O or a draw) and in how many moves. Win, draw and loss
 * rates per seat and per agent come from the generic outcome report.
 */
import type { TicTacToeEvent } from './rules.js';
import { addToHistogram, mergeHistograms, sortedHistogram, type Histogram } from '../../stats/intervals.js';
import { clusteredMean, emptyTally, MatchFigures, mergeTally, recordMatch, settledFigures, type MeanEstimate, type Tally } from '../../stats/clusters.js';
import { formatMean } from '../../reports/format.js';
import type { GameReport, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

export interface TicTacToeAggregate {
  /** Per match: `moves`, one sample. */
  tally: Tally;
  movesHistogram: Histogram;
}

export interface TicTacToeSummary {
  readonly moves: MeanEstimate & { readonly histogram: [number, number][] };
}

class TicTacToeCollector implements MatchCollector<TicTacToeEvent, TicTacToeAggregate> {
  private end: Extract<TicTacToeEvent, { type: 'matchEnd' }> | null = null;
  private readonly figures = new MatchFigures();
  onEvent(event: TicTacToeEvent): void {
    if (event.type === 'matchEnd') this.end = event;
  }
  discardMatch(): void {
    this.end = null;
  }
  finishMatch(context: MatchContext, aggregate: TicTacToeAggregate): MatchRows {
    const end = this.end;
    if (end === null) throw new Error('the match ended without a matchEnd event');
    this.end = null;
    this.figures.clear();
    this.figures.sample('moves', end.moves);
    recordMatch(aggregate.tally, context, this.figures);
    addToHistogram(aggregate.movesHistogram, end.moves);
    return { matchRow: [end.winner === -1 ? 'draw' : end.winner === 0 ? 'X' : 'O', end.moves], eventRows: [] };
  }
}

export const ticTacToeReport: GameReport<TicTacToeEvent, TicTacToeAggregate, TicTacToeSummary> = {
  gameId: 'tic-tac-toe',
  matchColumns: ['winner', 'moves'],
  eventTables: [],
  createCollector: () => new TicTacToeCollector(),
  emptyAggregate: () => ({ tally: emptyTally(), movesHistogram: {} }),
  mergeAggregates(into, other) {
    mergeTally(into.tally, other.tally);
    mergeHistograms(into.movesHistogram, other.movesHistogram);
  },
  summarize: (aggregate, confidence) => ({
    moves: { ...clusteredMean(settledFigures(aggregate.tally)['moves'], confidence), histogram: sortedHistogram(aggregate.movesHistogram) },
  }),
  formatSummary: (summary) => `Mean moves per game ${formatMean(summary.moves)}`,
};
