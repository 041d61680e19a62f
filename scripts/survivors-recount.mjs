// Re-counts the Survivors balance report's figures from a run folder's matches.csv and
// survivors-activations.csv alone, with the project's clustered statistics (one cluster per
// match): the check that every figure in reports/survivors-balance.md is one the CSV files
// reproduce. Usage (after npm run build):
//   node scripts/survivors-recount.mjs reports/survivors-survive [more run folders]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusteredMean, clusteredRate, emptySums } from '../dist/src/stats/clusters.js';

/** Rows of a CSV file with no quoted commas (true of these files), as objects by column. */
function rows(file) {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
}

/** Sums of a figure from per-match (x, n) pairs, as `stats/clusters.ts` keeps them. */
function sums(pairs) {
  const s = emptySums();
  for (const [x, n] of pairs) {
    if (x === 0 && n === 0) continue;
    s.clusters++;
    s.x += x;
    s.n += n;
    s.xx += x * x;
    s.xn += x * n;
    s.nn += n * n;
    s.ee += n === 1 ? x * x : x;
  }
  return s;
}

const pct = (r) => `${(100 * r.rate).toFixed(1)}% [${(100 * r.lower).toFixed(1)}, ${(100 * r.upper).toFixed(1)}]`;
const mean = (m, d = 2) => (Number.isFinite(m.lower) ? `${m.mean.toFixed(d)} [${m.lower.toFixed(d)}, ${m.upper.toFixed(d)}]` : `${m.mean.toFixed(d)} (${m.note})`);
const perMatch = (matches, column) => clusteredMean(sums(matches.map((m) => [Number(m[column] || 0), 1])));

for (const folder of process.argv.slice(2)) {
  const matches = rows(join(folder, 'matches.csv'));
  const out = { folder, matches: matches.length };
  out.humansWin = pct(clusteredRate(sums(matches.map((m) => [m.winner === 'humans' ? 1 : 0, 1]))));
  out.zombiesWin = pct(clusteredRate(sums(matches.map((m) => [m.winner === 'zombies' ? 1 : 0, 1]))));
  out.draw = pct(clusteredRate(sums(matches.map((m) => [m.winner === 'draw' ? 1 : 0, 1]))));
  for (const column of ['deaths', 'activations', 'activationsPassed', 'actionPointsSpent', 'actionPointsUnspent', 'attacks', 'aimedAttacks', 'kills', 'barricadesBuilt', 'barricadeAttacks', 'passes']) {
    out[`${column} per game`] = mean(perMatch(matches, column));
  }
  out['activations ended by a pass'] = pct(clusteredRate(sums(matches.map((m) => [Number(m.activationsPassed), Number(m.activations)]))));
  out['aimed share of attacks'] = pct(clusteredRate(sums(matches.map((m) => [Number(m.aimedAttacks), Number(m.attacks)]))));
  if (matches.some((m) => m.keysFound !== '')) out.keysFound = pct(clusteredRate(sums(matches.map((m) => [m.keysFound === 'true' ? 1 : 0, 1]))));
  // Action points by kind, per match, from the activation rows.
  const activations = rows(join(folder, 'survivors-activations.csv'));
  const kinds = Object.keys(activations[0] ?? {}).filter((c) => c.endsWith('Points')).map((c) => c.slice(0, -'Points'.length));
  const byMatch = new Map();
  for (const row of activations) {
    const points = byMatch.get(row.match) ?? Object.fromEntries(kinds.map((k) => [k, 0]));
    for (const kind of kinds) points[kind] += Number(row[`${kind}Points`]);
    byMatch.set(row.match, points);
  }
  const spent = (points) => kinds.reduce((sum, k) => sum + points[k], 0);
  out.actionPoints = Object.fromEntries(
    kinds.map((kind) => [kind, `${pct(clusteredRate(sums([...byMatch.values()].map((p) => [p[kind], spent(p)]))))} of points; ${mean(clusteredMean(sums(matches.map((m) => [byMatch.get(m.match)?.[kind] ?? 0, 1]))))} a game`]),
  );
  console.log(JSON.stringify(out, null, 1));
}
