/**
 * The coin-flip report: player 1's, player 2's and the draw rate with their intervals (the exact
 * rates are the parameters `winRate` and `drawRate`), and player 1's share of the decided flips
 * (exactly `winRate / (1 − drawRate)`), the figure to read against 50% when flips can be drawn.
 */
import type { CoinFlipEvent } from './rules.js';
import { clusteredRate, emptyTally, MatchFigures, mergeTally, recordMatch, settledFigures, type Tally } from '../../stats/clusters.js';
import type { RateEstimate } from '../../stats/rate-interval.js';
import { formatRate, table } from '../../reports/format.js';
import type { GameReport, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

export interface CoinFlipAggregate {
  /** Per match: `p1`, `p2` and `draw`, one trial each; `decidedP1`, one trial when not drawn. */
  tally: Tally;
}

const FIGURES = ['p1', 'p2', 'draw'] as const;

export interface CoinFlipSummary {
  readonly p1WinRate: RateEstimate;
  readonly p2WinRate: RateEstimate;
  readonly drawRate: RateEstimate;
  /** Player 1's wins among the flips not drawn. */
  readonly decided: { readonly p1WinRate: RateEstimate };
}

class CoinFlipCollector implements MatchCollector<CoinFlipEvent, CoinFlipAggregate> {
  private outcome = -1;
  private readonly figures = new MatchFigures();
  onEvent(event: CoinFlipEvent): void {
    this.outcome = event.outcome === 'p1' ? 0 : event.outcome === 'p2' ? 1 : 2;
  }
  discardMatch(): void {
    this.outcome = -1;
  }
  finishMatch(context: MatchContext, aggregate: CoinFlipAggregate): MatchRows {
    if (this.outcome === -1) throw new Error('the match ended without a matchEnd event');
    this.figures.clear();
    FIGURES.forEach((figure, index) => this.figures.trial(figure, index === this.outcome));
    if (this.outcome !== 2) this.figures.trial('decidedP1', this.outcome === 0);
    recordMatch(aggregate.tally, context, this.figures);
    const row = FIGURES[this.outcome] as string;
    this.outcome = -1;
    return { matchRow: [row], eventRows: [] };
  }
}

export const coinFlipReport: GameReport<CoinFlipEvent, CoinFlipAggregate, CoinFlipSummary> = {
  gameId: 'coin-flip',
  matchColumns: ['winner'],
  eventTables: [],
  createCollector: () => new CoinFlipCollector(),
  emptyAggregate: () => ({ tally: emptyTally() }),
  mergeAggregates(into, other) {
    mergeTally(into.tally, other.tally);
  },
  summarize(aggregate, confidence) {
    const sums = settledFigures(aggregate.tally);
    return {
      p1WinRate: clusteredRate(sums['p1'], confidence),
      p2WinRate: clusteredRate(sums['p2'], confidence),
      drawRate: clusteredRate(sums['draw'], confidence),
      decided: { p1WinRate: clusteredRate(sums['decidedP1'], confidence) },
    };
  },
  formatSummary: (summary) =>
    table(
      ['', 'rate', '95% interval'],
      [
        ['P1 wins', ...formatRate(summary.p1WinRate)],
        ['P2 wins', ...formatRate(summary.p2WinRate)],
        ['draws', ...formatRate(summary.drawRate)],
        ['P1 among decided flips (against 50%)', ...formatRate(summary.decided.p1WinRate)],
      ],
    ),
};
