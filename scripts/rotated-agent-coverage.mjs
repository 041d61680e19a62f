// Exact coverage of the 95% interval a rotated run gives an agent's win rate
// (outcomes.byAgent.*.overall.win, clusteredRate over rotated pairs) when the pair's outcome
// rarely strays from one win each: first, pairs each won once unless drawn (won by neither) with
// probability d, worst over d = 0.0005 · 1.003^k below 0.5; then, at 100 pairs, pairs won by
// neither with probability a, by both with b, once otherwise (trinomial). Sums over every count
// of such pairs, not samples: the figures are the same at every run. Last, an agent's score from the
// same pairs, as it is now and as it was. Usage (after npm run build):
//   node scripts/rotated-agent-coverage.mjs [pairs ...]     (default: 2 5 10 20 50 150 500 1000 3000)
import { clusteredRate } from '../dist/src/stats/clusters.js';
import { exactCoverage } from '../dist/src/stats/exact-coverage.js';

/** The clustered sums of `pairs` rotated pairs, `both` won twice, `none` not at all, the rest once. */
const pairsOf = (pairs, both, none) => {
  const ones = pairs - both - none;
  return { clusters: pairs, x: ones + 2 * both, n: 2 * pairs, xx: ones + 4 * both, xn: 2 * (ones + 2 * both), nn: 4 * pairs, ee: ones + 2 * both };
};
const covers = (pairs, truth) => (both, none) => {
  const { lower, upper } = clusteredRate(pairsOf(pairs, both, none));
  return lower <= truth && truth <= upper;
};

const counts = process.argv.slice(2).map(Number);
console.log('pairs | worst coverage, one win a pair unless drawn | at drawn share');
for (const pairs of counts.length > 0 ? counts : [2, 5, 10, 20, 50, 150, 500, 1000, 3000]) {
  let worst = { coverage: 1, drawn: 0 };
  for (let drawn = 0.0005; drawn < 0.5; drawn *= 1.003) {
    const coverage = exactCoverage(pairs, 0, drawn, covers(pairs, (1 - drawn) / 2));
    if (coverage < worst.coverage) worst = { coverage, drawn };
  }
  console.log(`${pairs} | ${(100 * worst.coverage).toFixed(2)}% | ${(100 * worst.drawn).toFixed(2)}%`);
}
let worst = { coverage: 1 };
const shares = [0, 0.0005, 0.001, 0.003, 0.005, 0.01, 0.02, 0.035, 0.05, 0.1, 0.15, 0.2, 0.3, 0.45];
for (const none of shares) {
  for (const both of shares) {
    if (none + both >= 1 || none + both === 0) continue;
    const coverage = exactCoverage(100, both, none, covers(100, both + (1 - none - both) / 2));
    if (coverage < worst.coverage) worst = { coverage, none, both };
  }
}
console.log(`100 pairs won by neither (a), both (b) or once: worst ${(100 * worst.coverage).toFixed(2)}% at a = ${worst.none}, b = ${worst.both}`);

// An agent's score (points a match: a win 1, a draw ½) from the same pairs, in half-points (0, 2
// or 4 a pair): as it is now (scoreOf: a rate of half-points, two a match) and as a t interval on
// the half-points (clusteredMean, how it was); a run with no interval counts as a miss.
const { clusteredMean } = await import('../dist/src/stats/clusters.js');
const { scoreOf } = await import('../dist/src/reports/outcomes.js');
const halfPointsOf = (pairs, both, none) => {
  const ones = pairs - both - none;
  const x = 2 * ones + 4 * both;
  return { clusters: pairs, x, n: 2 * pairs, xx: 4 * ones + 16 * both, xn: 2 * x, nn: 4 * pairs, ee: 4 * ones + 8 * both };
};
console.log('score: pairs | as a mean (before), worst | as a rate of half-points (now), worst');
for (const pairs of [30, 100, 300, 1000]) {
  const worst = { mean: { coverage: 1 }, rate: { coverage: 1 } };
  for (const none of [0.001, 0.003, 0.01, 0.03, 0.1, 0.3]) {
    for (const both of [0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3]) {
      const truth = both + (1 - none - both) / 2;
      const asMean = (b, n) => {
        const e = clusteredMean(halfPointsOf(pairs, b, n), 0.95);
        return e.lower / 2 <= truth && truth <= e.upper / 2;
      };
      const asRate = (b, n) => {
        const e = scoreOf(halfPointsOf(pairs, b, n), 0.95);
        return e.lower <= truth && truth <= e.upper;
      };
      for (const [key, covers] of [['mean', asMean], ['rate', asRate]]) {
        const coverage = exactCoverage(pairs, both, none, covers);
        if (coverage < worst[key].coverage) worst[key] = { coverage, none, both };
      }
    }
  }
  const text = (w) => `${(100 * w.coverage).toFixed(2)}% (neither ${w.none}, both ${w.both})`;
  console.log(`${pairs} | ${text(worst.mean)} | ${text(worst.rate)}`);
}
