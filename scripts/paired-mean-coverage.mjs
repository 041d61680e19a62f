// Exact coverage of a sweep's paired interval for a difference of means when a setting changes
// few units: each unit's change is 0 or one of a few sizes, and the interval's coverage is summed
// exactly over every count of each change (multinomial), worst over the share of units changing.
// `plain` is the normal interval on the changes; `adjusted` the one sweeps give (pseudo-units the
// size of the largest change seen, src/stats/paired-difference.ts). The case of no unit changing
// (the floor, which needs the values' range) is counted as covered for both.
//   npm run build && node scripts/paired-mean-coverage.mjs
import { pseudoUnitInterval } from '../dist/src/stats/paired-difference.js';

const CONFIDENCE = 0.95;
const Z = 1.959963984540054;
const logFactorial = [0];
for (let i = 1; i <= 5000; i++) logFactorial[i] = logFactorial[i - 1] + Math.log(i);

function plain(difference, squares, units) {
  const half = Z * Math.sqrt(squares / (units * (units - 1)));
  return { lower: difference - half, upper: difference + half };
}

/** Coverage of both intervals when a unit changes by `sizes[k]` with probability `chances[k]`. */
export function coverage(units, sizes, chances) {
  const unchanged = 1 - chances.reduce((a, b) => a + b, 0);
  const truth = sizes.reduce((sum, size, k) => sum + size * chances[k], 0);
  const counts = new Array(sizes.length).fill(0);
  const covered = { plain: 0, adjusted: 0 };
  let total = 0;
  const visit = (k, left) => {
    if (k === sizes.length) {
      let logP = logFactorial[units] - logFactorial[left] + left * Math.log(unchanged);
      let sum = 0;
      let sumOfSquares = 0;
      let largest = 0;
      counts.forEach((count, j) => {
        if (count === 0) return;
        logP += count * Math.log(chances[j]) - logFactorial[count];
        sum += count * sizes[j];
        sumOfSquares += count * sizes[j] ** 2;
        largest = Math.max(largest, Math.abs(sizes[j]));
      });
      const p = Math.exp(logP);
      total += p;
      const difference = sum / units;
      const squares = sumOfSquares - units * difference * difference;
      if (squares <= 1e-12) {
        covered.plain += p;
        covered.adjusted += p;
        return;
      }
      const holds = ({ lower, upper }) => truth >= lower - 1e-12 && truth <= upper + 1e-12;
      if (holds(plain(difference, squares, units))) covered.plain += p;
      if (holds(pseudoUnitInterval(difference, squares, units, CONFIDENCE, largest))) covered.adjusted += p;
      return;
    }
    for (let count = 0; count <= left; count++) {
      counts[k] = count;
      visit(k + 1, left - count);
      // Counts far past their mean carry no probability worth summing.
      if (count > 60 + 4 * units * chances[k]) break;
    }
    counts[k] = 0;
  };
  visit(0, units);
  return { plain: covered.plain / total, adjusted: covered.adjusted / total };
}

export const SHAPES = {
  'changes of -1': [[-1], [1]],
  '-1, -2 and +1': [[-1, -2, 1], [0.6, 0.25, 0.15]],
  'sizes 1 to 5, one way': [[-1, -2, -3, -4, -5], [0.4, 0.25, 0.15, 0.12, 0.08]],
  'both ways': [[-1, 1, -3, 3], [0.35, 0.3, 0.2, 0.15]],
  'a rare large change': [[-1, -8], [0.9, 0.1]],
};
export const SHARES = [0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2, 0.35];

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const units of [30, 100, 200, 400]) {
    for (const [name, [sizes, relative]] of Object.entries(SHAPES)) {
      if (units === 400 && sizes.length > 3) continue; // minutes each; the smaller sizes show the pattern
      const worst = { plain: 1, adjusted: 1 };
      for (const share of SHARES) {
        const result = coverage(units, sizes, relative.map((r) => r * share));
        worst.plain = Math.min(worst.plain, result.plain);
        worst.adjusted = Math.min(worst.adjusted, result.adjusted);
      }
      console.log(`${String(units).padStart(4)} units, ${name.padEnd(22)} worst coverage: plain ${(100 * worst.plain).toFixed(1)}%, adjusted ${(100 * worst.adjusted).toFixed(1)}%`);
    }
  }
}
