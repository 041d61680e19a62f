/**
 * Coverage of a real round robin's Elo intervals, played through `runTournament` (its seeds, its
 * pairing runs, their dispersions), on a game whose pairwise scores are known exactly: each seat
 * picks 0 or 1, then a die says who wins, seat 1 with probability 0.5 + 0.3·(its pick − the
 * other's). Agents that pick 1 with probabilities 1, 0.5 and 0 score 65%, 80% and 65% against
 * one another, whichever seat they hold; the estimand is the maximum-likelihood fit of those
 * exact scores (no three Elo ratings give them exactly).
 *
 * Each agent draws its picks from a stream named after it: on common seeds it picked alike
 * against every opponent, its pairings were correlated, and the intervals, which add the
 * pairings' variances as independent, covered 87–89% (audit 28a). Pairings now play seeds of
 * their own.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTournament } from '../../src/run/tournament.js';
import { parseScenario } from '../../src/scenario/scenario.js';
import { fitRatings } from '../../src/stats/ratings.js';
import { share } from './pool.js';

const GAME = resolve('tests/fixtures/pick-duel.mjs');

const AGENT = `export default (config, { rng }) => ({ chooseAction: () => (rng.float() < config.prob ? 1 : 0) });\n`;

describe('Elo rating intervals of a round robin played through the tournament', () => {
  it('cover the fit of the exact scores 92–98% (200 round robins of 200 games a pairing)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-rr-calibration-'));
    writeFileSync(join(dir, 'pk.mjs'), AGENT);
    const probabilities = [1, 0.5, 0];
    // The estimand: the fit of the exact scores (a million games a pairing, scored exactly).
    const exact = (a: number, b: number): number => 0.5 + 0.3 * ((probabilities[a] as number) - (probabilities[b] as number));
    const games = 1_000_000;
    const pairs = [[0, 1], [0, 2], [1, 2]] as const;
    const truth = fitRatings(3, pairs.map(([a, b]) => ({ a, b, wins: Math.round(games * exact(a, b)), draws: 0, losses: games - Math.round(games * exact(a, b)) })));
    const seats = probabilities.map((prob, index) => `{ agent: ./pk.mjs, name: a${index}, config: { prob: ${prob} } }`).join(', ');
    const repetitions = 200;
    let covered = 0;
    for (let seed = 1; seed <= repetitions; seed++) {
      const text = `game: ${JSON.stringify(GAME)}\nmatches: 200\nseed: ${seed}\nseats:\n  roundRobin: [${seats}]\n`;
      const scenario = await parseScenario(text, join(dir, 'rr.yaml'));
      const { summary } = await runTournament(scenario, { outDir: join(dir, 'out'), force: true, eventFiles: false, command: 'calibration', workers: 0 });
      for (const rating of summary.ratings) {
        const value = truth[Number(rating.agent.slice(1))] as number;
        if (rating.lower <= value && value <= rating.upper) covered++;
      }
    }
    const coverage = share(covered, 3 * repetitions);
    console.info(`round robin through the tournament, pairwise scores 65/80/65%, 200 games a pairing: ${coverage.text} of intervals cover the fit of the exact scores (true ratings ${truth.map((r) => r.toFixed(1)).join(', ')})`);
    expect(coverage.rate).toBeGreaterThanOrEqual(0.92);
    expect(coverage.rate).toBeLessThanOrEqual(0.98);
  }, 600_000);
});
