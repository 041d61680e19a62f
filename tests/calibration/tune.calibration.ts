/**
 * `tune` on a coin whose win rate is the tuned parameter itself, so the optimum is known: the
 * target p1WinRate = 0.3 is reached at winRate = 0.3. Over seeded repetitions, with and without
 * the refinement round: the share of tunes whose answer lies within ±0.01 of the optimum, and
 * the mean reported P(within ±0.01) beside the share that really was within it (the true rate of
 * the answer is its winRate). Refinement must not do worse than the starting candidates alone.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/scenario.js';
import { parseDimension, parseTarget, tune } from '../../src/tune/tune.js';
import { share } from './pool.js';

const REPETITIONS = 30;
/**
 * Tunes of the mixed space that must land within ±0.01 at the right choice, of 30: a floor
 * below what was measured (15 of 30 with the session-33 refinement, 13 of 30 before it; see
 * reports/calibration.md), so seeds do not decide the verdict, and a refinement that stopped
 * refining the real value at the winning choice (6 of 30 with a wide box alone) fails it.
 */
const MIXED_WITHIN_AT_LEAST = 10;

/** A study's search: its targets and space, with or without the refinement, and when an answer counts as within. */
interface Study {
  readonly targets: readonly string[];
  readonly space: readonly string[];
  readonly refine: boolean;
  readonly within: (best: Readonly<Record<string, string>>) => boolean;
}

/** `REPETITIONS` seeded tunes of the coin: how many answers were within, and the mean P(within ±0.01) reported for the first target. */
async function run(plan: Study): Promise<{ within: number; probability: number }> {
  let within = 0;
  let probability = 0;
  for (let seed = 1; seed <= REPETITIONS; seed++) {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-tune-calibration-'));
    const scenario = await parseScenario(`game: coin-flip\nmatches: 2\nseed: ${seed}\nseats: [random, random]\n`, join(dir, 'coin.yaml'));
    const result = await tune(scenario, {
      targets: plan.targets.map(parseTarget),
      space: plan.space.map(parseDimension),
      budget: 20000,
      candidates: 16,
      confirm: 2000,
      tolerance: 0.01,
      workers: 0,
      outDir: dir,
      refine: plan.refine,
    });
    if (plan.within(result.best)) within++;
    probability += result.targets[0]?.probabilityInBand ?? 0;
  }
  return { within, probability: probability / REPETITIONS };
}

/** The coin's win rate is the tuned parameter: the optimum for a target of 0.3 is 0.3. */
const study = (refine: boolean): Promise<{ within: number; probability: number }> =>
  run({ targets: ['p1WinRate=0.3'], space: ['winRate=0.05..0.95'], refine, within: (best) => Math.abs(Number(best['winRate']) - 0.3) <= 0.01 });

/**
 * A real value beside numeric choices (audit 33b): the coin's win rate and its draw rate, with
 * targets on both, so the optimum is winRate = 0.3 at drawRate = 0.2, one of five choices.
 */
const mixedStudy = (): Promise<{ within: number; probability: number }> =>
  run({
    targets: ['p1WinRate=0.3', 'drawRate=0.2'],
    space: ['winRate=0.05..0.75', 'drawRate=0,0.1,0.2,0.3,0.4'],
    refine: true,
    within: (best) => Math.abs(Number(best['winRate']) - 0.3) <= 0.01 && best['drawRate'] === '0.2',
  });

describe('tune on a coin with a known optimum', () => {
  it('lands within ±0.01 of the optimum at least as often with the refinement round as without', async () => {
    const started = performance.now();
    const plain = await study(false);
    const refined = await study(true);
    const plainShare = share(plain.within, REPETITIONS);
    const refinedShare = share(refined.within, REPETITIONS);
    console.info(
      `tune, coin, target 0.3, budget 20000, 16 candidates, confirm 2000: without refinement within ±0.01 in ${plainShare.text} of tunes, mean P(within ±0.01) reported ${plain.probability.toFixed(2)}; ` +
        `with refinement within ±0.01 in ${refinedShare.text}, mean P reported ${refined.probability.toFixed(2)}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(refined.within).toBeGreaterThanOrEqual(plain.within);
  });

  it('beside numeric choices, refines the real value at the winning choice and lands within ±0.01 of the optimum in most tunes', async () => {
    const started = performance.now();
    const mixed = await mixedStudy();
    const mixedShare = share(mixed.within, REPETITIONS);
    console.info(
      `tune, coin, targets p1WinRate 0.3 and drawRate 0.2, winRate real beside 5 draw-rate choices, budget 20000, 16 candidates: within ±0.01 at the right choice in ${mixedShare.text} of tunes, mean P(within ±0.01) reported ${mixed.probability.toFixed(2)}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(mixed.within).toBeGreaterThanOrEqual(MIXED_WITHIN_AT_LEAST);
  });
});
