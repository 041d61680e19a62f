/**
 * A rotated Integer Duel, greedy against greedy (two names, so the pair's two matches share
 * their dice but not their agents' streams): side rates correlated within pairs (design effect
 * near 2), agent rates anti-correlated (near 0.1), card rates per event. On one pool of played
 * pairs:
 * - coverage of the rates a rotated run reports, seat, side, agent and card rates, each 95%
 *   interval against the population value (the pool's own ratio Σx/Σn): 93–97% per category.
 *   The seat table had no design effect before (82.5% measured), card rates the wrong one;
 * - compare's family-wise false flags on A/A pairs of runs: at most 5%.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { runMetrics, type Metric } from '../../src/present/metrics.js';
import { denseDraw, densePool, familyWiseFalseFlags, playPool, share, summaryOf, wholePool, type Pool } from './pool.js';

const SCENARIO = 'game: integer-duel\nmatches: 2\nseed: 21\nseats:\n  rotate: [greedy, { agent: greedy, name: greedy-b }]\n';
const POOL = 500;
const RUN = 100;
let played: Promise<Pool> | null = null;
/** The pool both studies draw from, played once. */
const pool = (): Promise<Pool> => (played ??= playPool(SCENARIO, POOL));

/** Which category a metric path belongs to, or null for those not studied here. */
function category(path: string): string | null {
  if (/^outcomes\.bySeat\./.test(path)) return 'seat rates (outcomes.bySeat)';
  if (/^outcomes\.byAgent\.[^.]+\.overall\.(win|draw|loss)$/.test(path)) return 'agent rates (outcomes.byAgent.*.overall)';
  if (/^(plantsWinRate|zombiesWinRate|drawRate)$/.test(path)) return 'side rates (plantsWinRate, zombiesWinRate, drawRate)';
  if (/^cards\.[^.]+\.[^.]+\.(playRateWhenHeld|playedRoundWinRate|heldNotPlayedRoundWinRate)$/.test(path)) return 'card rates (cards.*.*)';
  return null;
}

describe('rotated Integer Duel, greedy against greedy', () => {
  it('coverage: seat, side, agent and card rates each cover 93–97%', async () => {
    const started = performance.now();
    const pairs = await pool();
    const dense = densePool(pairs);
    const truth = new Map(runMetrics(summaryOf(pairs, wholePool(pairs))).map((metric) => [metric.path, metric.value]));
    const rng = Rng.fromSeed(0xc0de5n);
    const tallies = new Map<string, { covered: number; total: number; deff: number }>();
    const repetitions = 600;
    for (let r = 0; r < repetitions; r++) {
      for (const metric of runMetrics(summaryOf(pairs, denseDraw(dense, RUN, rng)))) {
        const name = category(metric.path);
        if (name === null || metric.kind !== 'rate' || metric.n === 0) continue;
        const value = truth.get(metric.path) as number;
        const tally = tallies.get(name) ?? { covered: 0, total: 0, deff: 0 };
        tally.total++;
        tally.deff += (metric as Metric).designEffect;
        if (metric.lower <= value && value <= metric.upper) tally.covered++;
        tallies.set(name, tally);
      }
    }
    for (const [name, tally] of [...tallies.entries()].sort()) {
      const coverage = share(tally.covered, tally.total);
      console.info(`coverage, rotated Integer Duel (greedy) runs of ${RUN} pairs from a pool of ${POOL}: ${name}: ${coverage.text} of intervals; mean design effect ${(tally.deff / tally.total).toFixed(2)}`);
      expect(coverage.rate, name).toBeGreaterThanOrEqual(0.93);
      expect(coverage.rate, name).toBeLessThanOrEqual(0.97);
    }
    expect(tallies.size).toBe(4);
    console.info(`coverage study: ${repetitions} runs, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  it('compare: family-wise false flags on A/A pairs at most 5%', async () => {
    const started = performance.now();
    const rate = familyWiseFalseFlags(await pool(), RUN, 1500, 0xaa01n);
    console.info(`compare A/A, rotated Integer Duel (greedy): ${rate.text}; ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(rate.rate).toBeLessThanOrEqual(0.05);
    expect(rate.upper).toBeLessThan(0.07);
  });
});
