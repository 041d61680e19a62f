/** The coin-flip report: player 1's, player 2's and the draw rate, beside the exact rates. */
import type { CoinFlipEvent } from './rules.js';
import { wilsonInterval, type RateEstimate } from '../../stats/intervals.js';
import { formatRate, table } from '../../reports/format.js';
import type { GameReport, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

export interface CoinFlipAggregate {
  /** [player 1 wins, player 2 wins, draws]. */
  outcomes: [number, number, number];
}

export interface CoinFlipSummary {
  readonly p1WinRate: RateEstimate;
  readonly p2WinRate: RateEstimate;
  readonly drawRate: RateEstimate;
}

class CoinFlipCollector implements MatchCollector<CoinFlipEvent, CoinFlipAggregate> {
  private outcome = -1;
  onEvent(event: CoinFlipEvent): void {
    this.outcome = event.outcome === 'p1' ? 0 : event.outcome === 'p2' ? 1 : 2;
  }
  discardMatch(): void {
    this.outcome = -1;
  }
  finishMatch(_context: MatchContext, aggregate: CoinFlipAggregate): MatchRows {
    if (this.outcome === -1) throw new Error('the match ended without a matchEnd event');
    aggregate.outcomes[this.outcome as 0 | 1 | 2]++;
    const row = ['p1', 'p2', 'draw'][this.outcome] as string;
    this.outcome = -1;
    return { matchRow: [row], eventRows: [] };
  }
}

export const coinFlipReport: GameReport<CoinFlipEvent, CoinFlipAggregate, CoinFlipSummary> = {
  gameId: 'coin-flip',
  matchColumns: ['winner'],
  eventTables: [],
  createCollector: () => new CoinFlipCollector(),
  emptyAggregate: () => ({ outcomes: [0, 0, 0] }),
  mergeAggregates(into, other) {
    for (let i = 0; i < 3; i++) into.outcomes[i as 0 | 1 | 2] += other.outcomes[i as 0 | 1 | 2];
  },
  summarize(aggregate, confidence, designEffect) {
    const n = aggregate.outcomes[0] + aggregate.outcomes[1] + aggregate.outcomes[2];
    return {
      p1WinRate: wilsonInterval(aggregate.outcomes[0], n, confidence, designEffect),
      p2WinRate: wilsonInterval(aggregate.outcomes[1], n, confidence, designEffect),
      drawRate: wilsonInterval(aggregate.outcomes[2], n, confidence, designEffect),
    };
  },
  formatSummary: (summary) =>
    table(
      ['', 'rate', '95% interval'],
      [
        ['P1 wins', ...formatRate(summary.p1WinRate)],
        ['P2 wins', ...formatRate(summary.p2WinRate)],
        ['draws', ...formatRate(summary.drawRate)],
      ],
    ),
};
