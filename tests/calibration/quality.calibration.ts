/**
 * Coverage of the game-quality intervals (`src/quality/`) on a game whose figures have exact
 * values (`tests/fixtures/coin-leads.ts`): many seeded runs of a few dozen matches each, every
 * 95% interval checked against the exact value. Rates use the clustered rate interval, the
 * ratio figures (branching, decisiveness) the ratio estimator's variance with a t interval (on the
 * square-root scale: `ratioInterval`), lead
 * changes a t interval: each must cover 93–97% of the time.
 */
import { describe, expect, it } from 'vitest';
import { randomAgent } from '../../agents/random.js';
import { playMatch } from '../../src/core/match-runner.js';
import { formatSeed } from '../../src/core/rng.js';
import type { QualitySummary } from '../../src/quality/quality-figures.js';
import { withQualityMetrics } from '../../src/quality/quality-report.js';
import type { AnyGameReport, MatchCollector } from '../../src/reports/report.js';
import { coinLeads, COIN_LEADS_TRUTH } from '../fixtures/coin-leads.js';
import { share } from './pool.js';

const bare: AnyGameReport = {
  gameId: 'coin-leads',
  matchColumns: [],
  eventTables: [],
  createCollector: () => ({ onEvent() {}, finishMatch: () => ({ matchRow: [], eventRows: [] }), discardMatch() {} }),
  emptyAggregate: () => ({}),
  mergeAggregates() {},
  summarize: () => ({}),
  formatSummary: () => '',
};
const report = withQualityMetrics(bare, coinLeads, [{ name: 'a', agent: 'random', config: {} }, { name: 'b', agent: 'random', config: {} }]);
const seats = [{ factory: randomAgent, config: {} }, { factory: randomAgent, config: {} }];

/** One run of `matches` matches on run seed `runSeed`: its quality summary. */
function run(runSeed: number, matches: number): QualitySummary {
  const collector = report.createCollector({ eventRows: false }) as MatchCollector<never, unknown>;
  const aggregate = report.emptyAggregate();
  const onDecision = (seat: number, legal: number, state: unknown): void => collector.onDecision?.(seat, legal, state);
  for (let matchIndex = 0; matchIndex < matches; matchIndex++) {
    const outcome = playMatch({ game: coinLeads, params: {}, seats, runSeed, matchIndex, onDecision }, null);
    collector.finishMatch({ matchIndex, seed: formatSeed(outcome.seed), cluster: matchIndex, clusterSize: 1, agents: ['a', 'b'], returns: outcome.returns, finalState: outcome.finalState }, aggregate);
  }
  return (report.summarize(aggregate, 0.95) as { quality: QualitySummary }).quality;
}

describe('game-quality intervals on a game with exact figures', () => {
  it('cover the exact branching, decisiveness, lead changes, drama and first-mover win 93–97% of the time', () => {
    const started = performance.now();
    const RUNS = 1000;
    const MATCHES = 40;
    const figures: [string, (q: QualitySummary) => { lower: number; upper: number } | undefined, number][] = [
      ['branching', (q) => q.branching, COIN_LEADS_TRUTH.branching],
      ['decisiveness', (q) => q.decisiveness, COIN_LEADS_TRUTH.decisiveness],
      ['leadChanges', (q) => q.leadChanges, COIN_LEADS_TRUTH.leadChanges],
      ['drama', (q) => q.drama, COIN_LEADS_TRUTH.drama],
      ['firstMover.decidedWin', (q) => q.firstMover.decidedWin, COIN_LEADS_TRUTH.firstMoverDecidedWin],
    ];
    const covered = figures.map(() => 0);
    for (let r = 0; r < RUNS; r++) {
      const q = run(1 + r, MATCHES);
      figures.forEach(([, read, truth], index) => {
        const interval = read(q);
        if (interval !== undefined && interval.lower <= truth && truth <= interval.upper) covered[index] = (covered[index] as number) + 1;
      });
    }
    figures.forEach(([name], index) => {
      const coverage = share(covered[index] as number, RUNS);
      console.info(`coverage, quality.${name}, ${RUNS} runs of ${MATCHES} coin-leads matches: ${coverage.text} of 95% intervals`);
      expect(coverage.rate, name).toBeGreaterThanOrEqual(0.93);
      expect(coverage.rate, name).toBeLessThanOrEqual(0.97);
    });
    console.info(`quality coverage study: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });
});
