/**
 * Whether a mean printed without a caution can be read as covering 95%, audit 42e F2: simulated
 * runs of a figure as skewed as a geometric game length (G₁ = 2), summed as a run sums them and
 * read by `clusteredMean`. Cochran's rule alone left the runs whose skewness read low (the long
 * matches not seen) without a caution, and those covered 86–93% at 10–100 matches. Now every
 * run below FEW_UNITS units carries a caution, and from there on the runs without one must
 * cover within Monte Carlo error of 94.5% or more. The wider study is
 * `scripts/mean-caution-coverage.mjs` (reports/calibration.md).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { addCluster, clusteredMean, emptySums, FEW_UNITS, type ClusterSums } from '../../src/stats/clusters.js';
import { share } from './pool.js';
import { binomial, rounds } from './simulated-draws.js';

const FIGURES: readonly { readonly name: string; readonly truth: number; readonly draw: (rng: Rng) => number }[] = [
  { name: 'moves (geometric, mean 5)', truth: 5, draw: (rng) => rounds(rng, 0.8) },
  { name: 'hits (Bin(moves, 0.3), mean 1.5)', truth: 1.5, draw: (rng) => binomial(rng, rounds(rng, 0.8), 0.3) },
];

function runSums(rng: Rng, matches: number, draw: (rng: Rng) => number): ClusterSums {
  const sums = emptySums();
  for (let c = 0; c < matches; c++) {
    const x = draw(rng);
    addCluster(sums, x, 1, x * x);
  }
  return sums;
}

describe('means printed without a caution (audit 42e F2)', () => {
  it('carry a caution in every run below FEW_UNITS matches, and from there cover about 94.5% or more where they carry none', () => {
    const RUNS = 4000;
    FIGURES.forEach((figure, index) => {
      for (const matches of [10, 50, 100, 150, 200, 300]) {
        const rng = Rng.fromWords(4200 + index, matches);
        let quiet = 0;
        let covered = 0;
        for (let r = 0; r < RUNS; r++) {
          const estimate = clusteredMean(runSums(rng, matches, figure.draw), 0.95);
          if (estimate.caution !== undefined || Number.isNaN(estimate.lower)) continue;
          quiet++;
          if (estimate.lower <= figure.truth && figure.truth <= estimate.upper) covered++;
        }
        if (matches < FEW_UNITS) {
          expect(quiet, `${figure.name}, ${matches} matches`).toBe(0);
          continue;
        }
        const coverage = share(covered, quiet);
        console.info(`coverage without a caution, ${figure.name}, ${matches} matches: ${coverage.text} of 95% intervals (${quiet} of ${RUNS} runs without one)`);
        expect(coverage.upper, `${figure.name}, ${matches} matches`).toBeGreaterThanOrEqual(0.945);
        expect(coverage.rate, `${figure.name}, ${matches} matches`).toBeGreaterThanOrEqual(0.935);
      }
    });
  });
});
