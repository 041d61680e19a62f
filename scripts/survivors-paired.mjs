// Paired differences between two Survivors runs played on the same seeds (the same scenario
// parameters, run seed and match count, one seat's agent or one parameter changed), from their
// matches.csv alone: per match, the Humans' win (1 or 0) and the per-game columns named, each
// run's mean with its 95% interval clustered by match, and run B minus run A with its paired
// interval (src/stats/paired-difference.ts; the unit is the match) and the interval
// independent seeds would have given. Usage (after npm run build):
//   node scripts/survivors-paired.mjs <run folder A> <run folder B> [column ...]
// Default columns: deaths, zombieHits, zombieAttacks, zombieMovePoints, barricadeAttacks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusteredMean, clusteredRate, emptySums } from '../dist/src/stats/clusters.js';
import { pairedDifference } from '../dist/src/stats/paired-difference.js';

/** Rows of a matches.csv (no quoted commas in Survivors' columns), as objects by column. */
function rows(folder) {
  const [header, ...lines] = readFileSync(join(folder, 'matches.csv'), 'utf8').trim().split('\n');
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
}

/** Per-match values of a figure: `humansWin` is derived from `winner`, the rest read as numbers. */
function values(table, column) {
  return table.map((row) => {
    if (column === 'humansWin') return row.winner === 'humans' ? 1 : 0;
    if (!(column in row)) throw new Error(`matches.csv has no column ${column}`);
    return Number(row[column]);
  });
}

/** A per-game mean (a rate for 0/1 figures) with its 95% interval, one cluster per match, as the report's. */
function mean(xs, rate) {
  const s = emptySums();
  for (const x of xs) {
    s.clusters++;
    s.x += x;
    s.n += 1;
    s.xx += x * x;
    s.xn += x;
    s.nn += 1;
    s.ee += x * x;
  }
  return rate ? clusteredRate(s, 0.95) : clusteredMean(s, 0.95);
}

const [folderA, folderB, ...asked] = process.argv.slice(2);
if (folderA === undefined || folderB === undefined) {
  console.error('usage: node scripts/survivors-paired.mjs <run folder A> <run folder B> [column ...]');
  process.exit(2);
}
const a = rows(folderA);
const b = rows(folderB);
for (let i = 0; i < Math.min(a.length, b.length); i++) {
  if (a[i].match !== b[i].match || a[i].seed !== b[i].seed) {
    console.error(`${folderB}/matches.csv: row ${i + 1} is match ${b[i].match} seed ${b[i].seed}, expected match ${a[i].match} seed ${a[i].seed} as in ${folderA}`);
    process.exit(2);
  }
}
const columns = ['humansWin', ...(asked.length > 0 ? asked : ['deaths', 'zombieHits', 'zombieAttacks', 'zombieMovePoints', 'barricadeAttacks'])];
const fmt = (x, digits) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
const show = (m, digits) => `${fmt(m.rate ?? m.mean, digits)} [${fmt(m.lower, digits)}, ${fmt(m.upper, digits)}]`;
console.log(`A: ${folderA} (${a[0]?.agent1} / ${a[0]?.agent2}, ${a.length} matches)`);
console.log(`B: ${folderB} (${b[0]?.agent1} / ${b[0]?.agent2}, ${b.length} matches)`);
console.log('figure, per game | A [95%] | B [95%] | B − A [95% paired] | (unpaired)');
for (const column of columns) {
  const xa = values(a, column);
  const xb = values(b, column);
  const ones = (xs) => xs.map(() => 1);
  const d = pairedDifference({ numerator: xa, denominator: ones(xa) }, { numerator: xb, denominator: ones(xb) }, 0.95);
  const digits = column === 'humansWin' ? 3 : 2;
  console.log(
    `${column} | ${show(mean(xa, column === 'humansWin'), digits)} | ${show(mean(xb, column === 'humansWin'), digits)} | ${fmt(d.difference, digits)} [${fmt(d.lower, digits)}, ${fmt(d.upper, digits)}] | [${fmt(d.unpairedLower, digits)}, ${fmt(d.unpairedUpper, digits)}] (${d.units} matches)`,
  );
}
