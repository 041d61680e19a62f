// Simulated coverage of the 95% interval of a ratio of totals Σx/Σn (a custom
// `{ numerator, denominator }` figure, quality.branching, quality.decisiveness), audit 42e F1:
// the interval before (R ± t_{C−1}·√V) against the one `ratioInterval` in src/stats/clusters.ts
// gives now (t at Kish's effective clusters − 1 degrees of freedom, on the square-root scale where
// no numerator is negative), over C independent clusters (matches) of each setting, 4,000 seeded
// runs each. Runs whose every cluster has the same ratio (no numerator at all) get no interval
// and are left out (`none`). `above` counts runs whose interval lay below the truth.
//   npm run build:emit && nice -n 19 node scripts/ratio-coverage.mjs [runs]
import { Rng } from '../dist/src/core/rng.js';
import { binomial, rounds } from './simulated-draws.mjs';
import { studentTQuantile } from '../dist/src/stats/distributions.js';
import { ratioInterval } from '../dist/src/stats/clusters.js';

const RUNS = Number(process.argv[2] ?? 4000);
const CLUSTERS = [5, 10, 20, 50, 100, 300, 1000];

/** Each setting: one cluster's [numerator, denominator] and the true E x / E n. */
const SETTINGS = [
  { name: 'hits per shot, h = 0.3 (geo)', truth: 0.3, cluster: (g) => { const n = rounds(g, 0.8); return [binomial(g, n, 0.3), n]; } },
  { name: 'hits per shot, h = 0.05', truth: 0.05, cluster: (g) => { const n = rounds(g, 0.8); return [binomial(g, n, 0.05), n]; } },
  { name: 'hits per shot, h = 0.01', truth: 0.01, cluster: (g) => { const n = rounds(g, 0.8); return [binomial(g, n, 0.01), n]; } },
  { name: 'hits per shot, h = 0.003', truth: 0.003, cluster: (g) => { const n = rounds(g, 0.8); return [binomial(g, n, 0.003), n]; } },
  { name: 'hits per shot, h = 0.95', truth: 0.95, cluster: (g) => { const n = rounds(g, 0.8); return [binomial(g, n, 0.95), n]; } },
  { name: 'share, each match at 0.2 or 0.8', truth: 0.5, cluster: (g) => { const n = rounds(g, 0.8); return [binomial(g, n, g.float() < 0.5 ? 0.2 : 0.8), n]; } },
  { name: 'branching 1 + Bin(3, 0.5)', truth: 2.5, cluster: (g) => { const n = rounds(g, 0.85); let x = 0; for (let i = 0; i < n; i++) x += 1 + binomial(g, 3, 0.5); return [x, n]; } },
  { name: 'branching 1 or 10 (0.9 / 0.1)', truth: 1.9, cluster: (g) => { const n = rounds(g, 0.85); let x = 0; for (let i = 0; i < n; i++) x += g.float() < 0.1 ? 10 : 1; return [x, n]; } },
  { name: 'bursts of 5 (p 0.1) per round', truth: 0.1, cluster: (g) => { const n = rounds(g, 0.8); return [g.float() < 0.1 ? 5 : 0, n]; } },
];

function before(s) {
  const ratio = s.x / s.n;
  const half = studentTQuantile(0.95, s.clusters - 1) * Math.sqrt(varianceOf(s));
  return { lower: ratio - half, upper: ratio + half };
}
function varianceOf(s) {
  const ratio = s.x / s.n;
  return (s.clusters / (s.clusters - 1)) * (Math.max(0, s.xx - 2 * ratio * s.xn + ratio * ratio * s.nn) / (s.n * s.n));
}
const percent = (k, of) => `${((100 * k) / of).toFixed(1)}%`.padStart(6);

console.log(`${RUNS} runs per row; coverage (runs with the truth above the interval / below it)`);
for (const setting of SETTINGS) {
  for (const clusters of CLUSTERS) {
    const rng = Rng.fromWords(clusters, setting.truth * 1e6);
    const tally = { before: [0, 0, 0], now: [0, 0, 0], none: 0 };
    for (let run = 0; run < RUNS; run++) {
      const s = { clusters, x: 0, n: 0, xx: 0, xn: 0, nn: 0, ee: 0, xxx: 0, aaa: 0 };
      for (let c = 0; c < clusters; c++) {
        const [x, n] = setting.cluster(rng);
        s.x += x; s.n += n; s.xx += x * x; s.xn += x * n; s.nn += n * n; s.ee += x * x; s.xxx += x ** 3; s.aaa += Math.abs(x) ** 3;
      }
      const variance = varianceOf(s);
      if (variance === 0) { tally.none++; continue; }
      for (const [key, interval] of [['before', before(s)], ['now', ratioInterval(s, variance, 0.95)]]) {
        const lower = Math.max(0, interval.lower);
        tally[key][setting.truth > interval.upper ? 1 : setting.truth < lower ? 2 : 0]++;
      }
    }
    const shown = RUNS - tally.none;
    const cell = ([covered, above, below]) => `${percent(covered, shown)} (${above}/${below})`;
    console.log(`${setting.name.padEnd(34)} ${String(clusters).padStart(5)} matches: before ${cell(tally.before)}  now ${cell(tally.now)}${tally.none ? `  none ${tally.none}` : ''}`);
  }
}
