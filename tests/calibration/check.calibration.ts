/**
 * Error rates of `hordelab check` (sequential probability ratio tests with the measured design
 * effect), over seeded repetitions of a coin flip with known rates:
 * - at the band edge ± margin, under correlation: with seats rotated (a pair's two matches
 *   share their flip: design effect 2) and for a custom per-event rate with three correlated
 *   trials per match (design effect about 2.5). A rate inside the band by the margin must fail
 *   at most 5% of the time, one outside by the margin pass at most 5%;
 * - the study that used to run in npm test: a fair coin inside 45–55% passes, one at 42% fails,
 *   each at least 95% of the time, in fewer matches than a fixed-size test; one-sided checks of
 *   rates far from their edge decide quickly;
 * - a mean (random tic-tac-toe's length and branching factor, known exactly by enumeration) at
 *   the band edge ± margin: the repeated-interval test's error rates.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckFile } from '../../src/check/check-file.js';
import { runChecks, type CheckResult } from '../../src/check/run-checks.js';
import { share } from './pool.js';
import { exactRandomTicTacToe } from '../fixtures/random-tic-tac-toe.js';

const METRIC_MODULE = resolve('tests/fixtures/clustered-coin-metric.mjs');

/** `count` checks of one setting, each on its own run seed, run in this thread. */
async function checks(lines: (seed: number) => string, count: number, firstSeed: number): Promise<CheckResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-check-calibration-'));
  const file = join(dir, 'calibration.checks.yaml');
  writeFileSync(file, `checks:\n${Array.from({ length: count }, (_, i) => lines(firstSeed + i)).join('')}`);
  return runChecks((await loadCheckFile(file)).checks, { workers: 0 });
}

const rotatedCoin = (winRate: number) => (seed: number): string =>
  `  - name: c${seed}\n    game: coin-flip\n    params: { winRate: ${winRate} }\n    seats: { rotate: [random, { agent: random, name: random-b }] }\n    seed: ${seed}\n` +
  `    metric: p1WinRate\n    between: [0.35, 0.65]\n    margin: 0.04\n    budget: 40000\n    batch: 100\n`;

// Rate winRate + 0.3/3 = winRate + 0.1.
const clusteredCoin = (winRate: number) => (seed: number): string =>
  `  - name: c${seed}\n    game: coin-flip\n    params: { winRate: ${winRate}, drawRate: 0.3 }\n    seats: [random, random]\n    metrics: [${METRIC_MODULE}]\n    seed: ${seed}\n` +
  `    metric: custom.clustered.trials\n    between: [0.35, 0.65]\n    margin: 0.04\n    budget: 40000\n    batch: 100\n`;

const REPETITIONS = 300;

describe('check error rates at the band edge ± margin, under correlation', () => {
  for (const [name, setting, inside, outside] of [
    ['rotated seats (pairs share their flip)', rotatedCoin, 0.39, 0.31],
    ['a per-event rate, three correlated trials per match', clusteredCoin, 0.29, 0.21],
  ] as const) {
    it(name, async () => {
      const started = performance.now();
      const fails = await checks(setting(inside), REPETITIONS, 5000);
      const passes = await checks(setting(outside), REPETITIONS, 6000);
      const wrongFail = share(fails.filter((result) => result.status === 'fail').length, REPETITIONS);
      const wrongPass = share(passes.filter((result) => result.status === 'pass').length, REPETITIONS);
      const deff = fails.reduce((sum, result) => sum + result.estimate.designEffect, 0) / REPETITIONS;
      const matches = [...fails, ...passes].reduce((sum, result) => sum + result.matches, 0) / (2 * REPETITIONS);
      console.info(
        `check, ${name}, band 35–65%, margin 4 points: inside by the margin failed ${wrongFail.text}; outside by the margin passed ${wrongPass.text}; ` +
          `mean design effect ${deff.toFixed(2)}, mean ${matches.toFixed(0)} matches; ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(wrongFail.rate).toBeLessThanOrEqual(0.05);
      expect(wrongPass.rate).toBeLessThanOrEqual(0.05);
    });
  }
});

describe('check error rates and savings far from the edges (the former npm test study)', () => {
  const coin = (winRate: number, band: string) => (seed: number): string =>
    `  - name: c${seed}\n    game: coin-flip\n    params: { winRate: ${winRate} }\n    seats: [random, random]\n    seed: ${seed}\n    metric: p1WinRate\n    ${band}\n    budget: 40000\n    batch: 100\n`;

  it('a rate inside the band passes, one outside fails, each at least 95% of 300 seeded repetitions, in at most half the fixed-size matches', async () => {
    const inside = await checks(coin(0.5, 'between: [0.45, 0.55]'), 300, 1000);
    const outside = await checks(coin(0.42, 'between: [0.45, 0.55]'), 300, 1000);
    const passRate = share(inside.filter((result) => result.status === 'pass').length, 300);
    const failRate = share(outside.filter((result) => result.status === 'fail').length, 300);
    const mean = (results: CheckResult[]): number => results.reduce((sum, result) => sum + result.matches, 0) / results.length;
    const fixed = inside[0]?.fixedSizeMatches as number;
    console.info(
      `check, coin at 50% in 45–55%: passed ${passRate.text}, mean ${mean(inside).toFixed(0)} matches; at 42%: failed ${failRate.text}, mean ${mean(outside).toFixed(0)}; fixed-size ${fixed}`,
    );
    expect(passRate.rate).toBeGreaterThanOrEqual(0.95);
    expect(failRate.rate).toBeGreaterThanOrEqual(0.95);
    expect(fixed).toBeGreaterThan(5000);
    expect(mean(inside)).toBeLessThanOrEqual(fixed / 2);
    expect(mean(outside)).toBeLessThanOrEqual(fixed / 2);
  });

  it('a one-sided check of a rate far above its edge passes quickly; one far below fails', async () => {
    const above = await checks(coin(0.6, 'atLeast: 0.5'), 100, 1000);
    const below = await checks(coin(0.4, 'atLeast: 0.5'), 100, 1000);
    const passed = share(above.filter((result) => result.status === 'pass').length, 100);
    const failed = share(below.filter((result) => result.status === 'fail').length, 100);
    console.info(`check, one-sided at least 50%: a 60% coin passed ${passed.text}; a 40% coin failed ${failed.text}`);
    expect(passed.rate).toBeGreaterThanOrEqual(0.95);
    expect(failed.rate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('check error rates of a mean at the band edge ± margin (repeated intervals)', () => {
  // Uniformly random tic-tac-toe: exact E[moves] and branching factor by enumeration.
  const exact = exactRandomTicTacToe();
  const truths = { moves: exact.moves, 'quality.branching': exact.legal / exact.moves } as const;
  const meanCheck = (metric: keyof typeof truths, low: number, margin: number) => (seed: number): string =>
    `  - name: m${seed}\n    game: tic-tac-toe\n    seats: [random, random]\n    seed: ${seed}\n    metric: ${metric}\n` +
    `    between: [${low}, ${low + 10}]\n    margin: ${margin}\n    budget: 40000\n    batch: 200\n`;
  const MEAN_REPETITIONS = 500;

  for (const [metric, margin] of [['moves', 0.15], ['quality.branching', 0.05]] as const) {
    it(`${metric}: inside by the margin fails at most 5%, outside by the margin passes at most 5%`, async () => {
      const started = performance.now();
      const truth = truths[metric];
      // Lower edge at truth − margin: the mean is inside the band by the margin.
      const fails = await checks(meanCheck(metric, truth - margin, margin), MEAN_REPETITIONS, 7000);
      // Lower edge at truth + margin: the mean is outside the band by the margin.
      const passes = await checks(meanCheck(metric, truth + margin, margin), MEAN_REPETITIONS, 8000);
      const wrongFail = share(fails.filter((result) => result.status === 'fail').length, MEAN_REPETITIONS);
      const wrongPass = share(passes.filter((result) => result.status === 'pass').length, MEAN_REPETITIONS);
      const matches = [...fails, ...passes].reduce((sum, result) => sum + result.matches, 0) / (2 * MEAN_REPETITIONS);
      const inconclusive = [...fails, ...passes].filter((result) => result.status === 'inconclusive').length;
      console.info(
        `check of a mean, random tic-tac-toe ${metric} (true ${truth.toFixed(4)}), margin ${margin}: inside by the margin failed ${wrongFail.text}; ` +
          `outside by the margin passed ${wrongPass.text}; mean ${matches.toFixed(0)} matches, ${inconclusive} inconclusive; ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(fails.every((result) => result.kind === 'mean')).toBe(true);
      expect(wrongFail.rate).toBeLessThanOrEqual(0.05);
      expect(wrongPass.rate).toBeLessThanOrEqual(0.05);
    });
  }
});
