// Exact coverage of a run's 95% interval for a per-match mean whose values are rare and large:
// each match's figure is 0, 1 or 100 with chances 0.90, 0.09, 0.01 (audit 27a's `hit` events;
// true mean 1.09). The interval is the one `run` prints, from src/stats/clusters.ts's
// clusteredMean over single-match clusters; its coverage is summed exactly over every count of
// 1s and 100s (multinomial), far tails whose probability is below 1e-15 left out (the mass
// summed is printed). A t interval assumes the mean is near normal, which such a figure is not
// until its rare values have shown many times (Cochran's rule asks for more than 25·G² matches,
// G the skewness of one match's figure).
//   npm run build && node scripts/skewed-mean-coverage.mjs
import { clusteredMean } from '../dist/src/stats/clusters.js';

const VALUES = [0, 1, 100];
const CHANCES = [0.9, 0.09, 0.01];
const TRUTH = VALUES.reduce((sum, value, k) => sum + value * CHANCES[k], 0);
const logFactorial = [0];
for (let i = 1; i <= 20000; i++) logFactorial[i] = logFactorial[i - 1] + Math.log(i);

function coverage(matches) {
  let covered = 0;
  let mass = 0;
  for (let big = 0; big <= matches; big++) {
    let seenAny = false;
    for (let one = 0; one + big <= matches; one++) {
      const none = matches - one - big;
      const logP = logFactorial[matches] - logFactorial[none] - logFactorial[one] - logFactorial[big] + none * Math.log(CHANCES[0]) + one * Math.log(CHANCES[1]) + big * Math.log(CHANCES[2]);
      if (logP < Math.log(1e-15)) {
        if (seenAny) break;
        continue;
      }
      seenAny = true;
      const p = Math.exp(logP);
      mass += p;
      const x = one + 100 * big;
      const squares = one + 10000 * big;
      const estimate = clusteredMean({ clusters: matches, x, n: matches, xx: squares, xn: x, nn: matches, ee: squares }, 0.95);
      // No interval (every match equal) counts as a miss: the run claims nothing there.
      if (estimate.lower <= TRUTH && TRUTH <= estimate.upper) covered += p;
    }
    if (!seenAny && big > matches * CHANCES[2]) break;
  }
  return { covered, mass };
}

const skewness = (() => {
  const variance = VALUES.reduce((sum, value, k) => sum + CHANCES[k] * (value - TRUTH) ** 2, 0);
  const third = VALUES.reduce((sum, value, k) => sum + CHANCES[k] * (value - TRUTH) ** 3, 0);
  return third / variance ** 1.5;
})();
console.log(`values ${VALUES.join(', ')} with chances ${CHANCES.join(', ')}: mean ${TRUTH}, skewness G = ${skewness.toFixed(2)}, 25·G² = ${Math.round(25 * skewness ** 2)} matches`);
for (const matches of [100, 300, 1000, 3000, 10000]) {
  const { covered, mass } = coverage(matches);
  console.log(`${String(matches).padStart(6)} matches: coverage ${(100 * covered).toFixed(1)}% (probability summed ${mass.toFixed(9)})`);
}
