// Simulated coverage of a run's 95% mean interval in the runs printed without a caution, audit
// 42e F2: Cochran's rule (a caution where the units are at most 25·G₁², G₁ read from the units)
// alone, against the rule `meanCaution` in src/stats/clusters.ts follows now (that, or fewer than
// FEW_UNITS units). Each run is C matches of one figure, summed as a run sums them and read by
// clusteredMean; 6,000 seeded runs a row. "quiet" is the share of runs with no caution, "cov" the
// coverage among them; "all" the coverage of every run.
//   npm run build:emit && nice -n 19 node scripts/mean-caution-coverage.mjs [runs]
import { Rng } from '../dist/src/core/rng.js';
import { binomial, rounds } from './simulated-draws.mjs';
import { clusteredMean } from '../dist/src/stats/clusters.js';

const RUNS = Number(process.argv[2] ?? 6000);
const CLUSTERS = [10, 20, 50, 100, 150, 199, 200, 300, 1000];

const FIGURES = [
  { name: 'game length, geometric mean 5 (G₁ 2.0)', truth: 5, draw: (g) => rounds(g, 0.8) },
  { name: 'hits, Bin(length, 0.3), mean 1.5', truth: 1.5, draw: (g) => binomial(g, rounds(g, 0.8), 0.3) },
  { name: 'game length, geometric mean 2 (G₁ 2.1)', truth: 2, draw: (g) => rounds(g, 0.5) },
  { name: 'Bin(20, 0.1) (G₁ 0.6)', truth: 2, draw: (g) => binomial(g, 20, 0.1) },
  { name: 'uniform 0..9 (symmetric)', truth: 4.5, draw: (g) => Math.floor(g.float() * 10) },
];
const percent = (k, of) => (of === 0 ? '    -' : `${((100 * k) / of).toFixed(1)}%`.padStart(6));

console.log(`${RUNS} runs per row`);
for (const figure of FIGURES) {
  for (const clusters of CLUSTERS) {
    const rng = Rng.fromWords(clusters, figure.truth * 1000 + 7);
    let shown = 0, covered = 0;
    const rule = { cochran: [0, 0], now: [0, 0] };
    for (let run = 0; run < RUNS; run++) {
      const sums = { clusters: 0, x: 0, n: 0, xx: 0, xn: 0, nn: 0, ee: 0, xxx: 0, aaa: 0 };
      for (let c = 0; c < clusters; c++) {
        const x = figure.draw(rng);
        sums.clusters++; sums.x += x; sums.n++; sums.xx += x * x; sums.xn += x; sums.nn++; sums.ee += x * x; sums.xxx += x ** 3; sums.aaa += x ** 3;
      }
      const estimate = clusteredMean(sums, 0.95);
      if (Number.isNaN(estimate.lower)) continue;
      shown++;
      const hit = estimate.lower <= figure.truth && figure.truth <= estimate.upper;
      if (hit) covered++;
      const quiet = { cochran: !(estimate.caution ?? '').startsWith('skewed'), now: estimate.caution === undefined };
      for (const key of ['cochran', 'now']) if (quiet[key]) { rule[key][0]++; if (hit) rule[key][1]++; }
    }
    const cell = ([quiet, hit]) => `quiet ${percent(quiet, shown)} cov ${percent(hit, quiet)}`;
    console.log(`${figure.name.padEnd(40)} ${String(clusters).padStart(5)} matches: all ${percent(covered, shown)} | Cochran alone: ${cell(rule.cochran)} | now: ${cell(rule.now)}`);
  }
}
