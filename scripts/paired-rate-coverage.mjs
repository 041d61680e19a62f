// Exact coverage of the 95% interval sweep gives a rate's paired difference
// (pairedDifference, kind 'rate') and card values give a copy's change (pairedWinRateChange):
// for m units each changing +1 with probability p (all one way), the sum of the binomial
// probabilities of the counts whose interval holds p, worst over 799 shares p = 1/800 .. 799/800;
// then a few mixes of +1 and −1 changes at 100 units (trinomial). Sums, not samples: the figures
// are the same at every run. Usage (after npm run build):
//   node scripts/paired-rate-coverage.mjs [units ...]     (default: 2 3 5 10 30 100 300 1000)
import { pairedWinRateChange } from '../dist/src/cards/card-values.js';
import { exactCoverage } from '../dist/src/stats/exact-coverage.js';
import { pairedDifference } from '../dist/src/stats/paired-difference.js';

/** The exact coverage of `interval(m, up, down)` when each unit changes +1 with pUp, −1 with pDown. */
const coverage = (m, pUp, pDown, interval) =>
  exactCoverage(m, pUp, pDown, (up, down) => {
    const { lower, upper } = interval(m, up, down);
    return lower <= pUp - pDown && pUp - pDown <= upper;
  });

// Unit u changes +1 when u < up, −1 when up <= u < up + down.
const sweep = (m, up, down) => {
  const a = { numerator: [], denominator: Array(m).fill(1) };
  const b = { numerator: [], denominator: Array(m).fill(1) };
  for (let u = 0; u < m; u++) {
    a.numerator.push(u >= up && u < up + down ? 1 : 0);
    b.numerator.push(u < up ? 1 : 0);
  }
  return pairedDifference(a, b, 0.95, 'rate');
};
const cards = (m, up, down) => {
  const variant = [];
  const base = [];
  for (let u = 0; u < m; u++) {
    variant.push(u < up ? 1 : 0);
    base.push(u >= up && u < up + down ? 1 : 0);
  }
  return pairedWinRateChange(variant, base, 1, 0.95);
};

const sizes = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [2, 3, 5, 10, 30, 100, 300, 1000];
for (const [name, interval] of [['sweep', sweep], ['cards', cards]]) {
  for (const m of sizes) {
    let worst = [2, 0];
    for (let q = 1; q < 800; q++) {
      const c = coverage(m, q / 800, 0, interval);
      if (c < worst[0]) worst = [c, q / 800];
    }
    console.log(`${name}, ${m} units, every change one way: worst ${(100 * worst[0]).toFixed(2)}% at a share of ${worst[1]}`);
  }
  for (const [up, down] of [[0.3, 0.3], [0.45, 0.45], [0.6, 0.2], [0.8, 0.1], [0.1, 0.05]]) {
    console.log(`${name}, 100 units, +1 with ${up} and −1 with ${down}: ${(100 * coverage(100, up, down, interval)).toFixed(2)}%`);
  }
}
