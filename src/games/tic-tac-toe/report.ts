/**
 * The tic-tac-toe report: who won (X, O or a draw) and in how many moves. Win, draw and loss
 * rates per seat and per agent come from the generic outcome report.
 */
import type { TicTacToeEvent } from './rules.js';
import { addSample, addToHistogram, emptyMoments, meanEstimate, mergeHistograms, mergeMoments, sortedHistogram, type Histogram, type IntegerMoments, type MeanEstimate } from '../../stats/intervals.js';
import { formatMean } from '../../reports/format.js';
import type { GameReport, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

export interface TicTacToeAggregate {
  moves: IntegerMoments;
  movesHistogram: Histogram;
}

export interface TicTacToeSummary {
  readonly moves: MeanEstimate & { readonly histogram: [number, number][] };
}

class TicTacToeCollector implements MatchCollector<TicTacToeEvent, TicTacToeAggregate> {
  private end: Extract<TicTacToeEvent, { type: 'matchEnd' }> | null = null;
  onEvent(event: TicTacToeEvent): void {
    if (event.type === 'matchEnd') this.end = event;
  }
  discardMatch(): void {
    this.end = null;
  }
  finishMatch(_context: MatchContext, aggregate: TicTacToeAggregate): MatchRows {
    const end = this.end;
    if (end === null) throw new Error('the match ended without a matchEnd event');
    this.end = null;
    addSample(aggregate.moves, end.moves);
    addToHistogram(aggregate.movesHistogram, end.moves);
    return { matchRow: [end.winner === -1 ? 'draw' : end.winner === 0 ? 'X' : 'O', end.moves], eventRows: [] };
  }
}

export const ticTacToeReport: GameReport<TicTacToeEvent, TicTacToeAggregate, TicTacToeSummary> = {
  gameId: 'tic-tac-toe',
  matchColumns: ['winner', 'moves'],
  eventTables: [],
  createCollector: () => new TicTacToeCollector(),
  emptyAggregate: () => ({ moves: emptyMoments(), movesHistogram: {} }),
  mergeAggregates(into, other) {
    mergeMoments(into.moves, other.moves);
    mergeHistograms(into.movesHistogram, other.movesHistogram);
  },
  summarize: (aggregate, confidence, designEffect) => ({
    moves: { ...meanEstimate(aggregate.moves, confidence, designEffect), histogram: sortedHistogram(aggregate.movesHistogram) },
  }),
  formatSummary: (summary) => `Mean moves per game ${formatMean(summary.moves)}`,
};
