/**
 * The files of a ladder: `ladder.json` (everything, each level's whole summary included),
 * `ladder.md` (the headlines per level with intervals, the verdicts, each seat's action mix and
 * each level's cost), `ladder.html` (the same with a chart per headline: the figure against the
 * level, its reference as a black tick), and `levels/<level>.yaml`, each level's scenario, to
 * rerun one level with `hordelab run` (and, with the chance share, each pairing's as
 * `levels/chance-<stronger>-vs-<weaker>.yaml`). Files are written under temporary names and renamed.
 */
import { counted } from '../core/counted.js';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { relocateModulePaths, scenarioYaml } from '../scenario/relocate.js';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { intervalChart, type Row } from '../present/chart-kit.js';
import { escapeHtml } from '../present/page-kit.js';
import { markdownCell, markdownInlineCode } from '../present/markdown.js';
import { renderSvg } from '../present/render.js';
import { percentInterval, table, fixedHalfEven, percentOf } from '../reports/format.js';
import { toJson } from '../run/run-scenario.js';
import { formatValue, type Figure } from './headlines.js';
import type { LadderHeadline, LadderSummary } from './ladder.js';
import { levelCheckSuffix, levelSlug } from './levels.js';
import { makeFolders } from '../run/atomic-file.js';
import { matchesWrittenDigest, publishOutputFiles } from '../present/output-folder.js';


/** A measured figure as `run` prints one: a rate to a tenth of a percent (`54.1% [53.1%, 55.0%]`), a mean to three places. */
function formatEstimate(value: number, percent: boolean): string {
  return percent ? `${percentOf(value, 1)}%` : value.toFixed(3);
}

function formatFigure(figure: Figure | null): string {
  if (figure === null) return '-';
  // A rate of no trials has no value: "NaN%" beside a match count read as a figure.
  if (figure.n === 0 || Number.isNaN(figure.value)) return 'no samples';
  // One rotated pair, or one match, gives a value but no variance to build an interval from.
  if (!Number.isFinite(figure.lower) || !Number.isFinite(figure.upper)) return `${formatEstimate(figure.value, figure.percent)} [no interval: too few matches]`;
  if (figure.percent) return `${formatEstimate(figure.value, true)} ${percentInterval({ rate: figure.value, lower: figure.lower, upper: figure.upper })}`;
  return `${formatEstimate(figure.value, false)} [${formatEstimate(figure.lower, false)}, ${formatEstimate(figure.upper, false)}]`;
}

/** The names `hordelab ladder` writes in its folder (an earlier ladder's may be replaced). */
export const LADDER_FILES: readonly string[] = ['ladder.json', 'ladder.md', 'ladder.html', 'levels'];

/** The headline table: one row per level, one column per headline. */
function headlineRows(summary: LadderSummary): string[][] {
  return summary.levels.map((level, index) => [level.name, String(level.matches), ...summary.headlines.map((headline) => formatFigure(headline.levels[index]?.figure ?? null))]);
}

/** The chance-share rows: the pairing, its basis, matches and how often the more skilled lost. */
function chanceRows(summary: LadderSummary): string[][] {
  return (summary.chanceShare?.pairings ?? []).map((pairing) => [
    `${pairing.stronger} vs ${pairing.weaker}`,
    pairing.basis,
    String(pairing.matches),
    // As the run's quality figures say it: a game without a choice to make has no share.
    pairing.estimate.n === 0
      ? `none: ${pairing.none ?? 'no match had a decision with a choice, so skill could not show'}`
      : formatFigure({ value: pairing.estimate.rate, lower: pairing.estimate.lower, upper: pairing.estimate.upper, n: pairing.estimate.n, percent: true }),
  ]);
}

/** The file name of a chance-share pairing's scenario under `levels/`. */
export const chanceFile = (stronger: string, weaker: string): string => `chance-${levelSlug(stronger)}-vs-${levelSlug(weaker)}.yaml`;

const CHANCE_HEADER = ['pairing (more skilled first)', 'order known because', 'matches', 'more skilled lost [95%]'];

/** The ladder as text, for the terminal. */
export function formatLadder(summary: LadderSummary): string {
  const lines: string[] = [];
  lines.push(table(['level', 'matches', ...summary.headlines.map((headline) => headline.label)], headlineRows(summary)));
  lines.push('');
  for (const headline of summary.headlines) lines.push(`${headline.label}: ${headline.verdict.text}`);
  if (summary.chanceShare !== undefined) {
    lines.push('', 'Chance share (consecutive levels of known order against each other, seats rotated):');
    if (summary.chanceShare.note !== undefined) lines.push(`  none: ${summary.chanceShare.note}`);
    else {
      lines.push(table(CHANCE_HEADER, chanceRows(summary), 2));
      for (const pairing of summary.chanceShare.pairings) if (pairing.orderContradicted !== undefined) lines.push(`  Caution: ${pairing.orderContradicted}.`);
    }
  }
  return lines.join('\n');
}

function mixRows(summary: LadderSummary): string[][] {
  const rows: string[][] = [];
  for (const level of summary.levels) {
    for (const seat of level.actionMix) {
      const shares = Object.entries(seat.shares)
        .filter(([, share]) => share > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, share]) => `${kind} ${fixedHalfEven(100 * share, 1)}%`)
        .join(', ');
      rows.push([level.name, seat.seat, String(seat.decisions), shares]);
    }
  }
  return rows;
}

const mdRow = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;

function markdown(summary: LadderSummary): string {
  const { scenario } = summary;
  const lines: string[] = [];
  lines.push(`# ${markdownCell(`Skill ladder: ${scenario.name} (${scenario.game})`)}`, '');
  lines.push(markdownInlineCode(summary.command), '');
  lines.push(
    `${counted(scenario.matchesPerLevel, 'match', 'matches')} per level on run seed ${scenario.seed} (every level meets the same dice and deals). ` +
      `${Math.round(summary.confidence * 100)}% intervals from the game's report (clustered by rotated pair where seats are rotated, with the design effect each level's run measures).`,
    '',
  );
  lines.push('## Verdicts', '');
  for (const headline of summary.headlines) lines.push(`- **${headline.label}** (\`${headline.path}\`): ${headline.verdict.text}.`);
  lines.push('', '## Headlines per level', '');
  const header = ['level', 'matches', ...summary.headlines.map((headline) => headline.label)];
  lines.push(mdRow(header), mdRow(header.map(() => '---')), ...headlineRows(summary).map(mdRow));
  if (summary.chanceShare !== undefined) {
    lines.push('', '## Chance share', '');
    lines.push(
      'How often the more skilled of two consecutive levels lost when they played each other, seats rotated, on the same run seed (Ludii\'s chance share; a draw is not a loss). ' +
        'Only pairs whose order of skill is known by construction are played: a level against random, or one agent at two iterations budgets.',
      '',
    );
    if (summary.chanceShare.note !== undefined) lines.push(`None: ${summary.chanceShare.note}.`);
    else {
      lines.push(mdRow(CHANCE_HEADER), mdRow(CHANCE_HEADER.map(() => '---')), ...chanceRows(summary).map(mdRow));
      for (const pairing of summary.chanceShare.pairings) if (pairing.orderContradicted !== undefined) lines.push('', `Caution: ${pairing.orderContradicted}.`);
      lines.push('', `Each pairing's scenario: ${(summary.chanceShare.pairings).map((pairing) => `\`levels/${chanceFile(pairing.stronger, pairing.weaker)}\``).join(', ')} (\`hordelab run\` reproduces it).`);
    }
  }
  lines.push('', '## What each seat chose', '');
  lines.push('Shares of the decisions each seat was asked for (a lone legal action is not a decision); descriptive, no interval.', '');
  lines.push(mdRow(['level', 'seat', 'decisions', 'action mix']), mdRow(['---', '---', '---', '---']), ...mixRows(summary).map(mdRow));
  lines.push('', '## Levels', '');
  lines.push(mdRow(['level', 'seats', 'core-seconds per match', 'scenario']), mdRow(['---', '---', '---', '---']));
  for (const level of summary.levels) {
    lines.push(mdRow([level.name, `${level.seats.join(' vs ')}${level.rotateSeats ? ' (rotated)' : ''}`, level.timing.coreSecondsPerMatch.toFixed(3), `levels/${levelSlug(level.name)}.yaml`]));
  }
  lines.push('', 'Charts: open `ladder.html` beside this file.', '');
  return lines.join('\n');
}

/** A headline against the level: one point with its interval per level, the reference as a tick. */
export function headlineChart(summary: LadderSummary, headline: LadderHeadline): Record<string, unknown> | null {
  const rows: Row[] = [];
  headline.levels.forEach((reading) => {
    if (reading.figure === null) return;
    rows.push({ label: reading.level, value: reading.figure.value, lower: reading.figure.lower, upper: reading.figure.upper, n: reading.figure.n });
  });
  if (rows.length === 0) return null;
  const first = headline.levels.find((reading) => reading.figure !== null)?.figure;
  const percent = first?.percent ?? false;
  const references = headline.reference === undefined ? [] : [{ value: headline.reference, label: `reference: ${formatValue(headline.reference, percent)}` }];
  const bands = headline.band === null ? [] : [{ from: headline.band.low, to: headline.band.high, label: 'band' }];
  // A difference drawn as a rate was cut at 0%, its negative levels off the plot (audit 40b F1).
  return intervalChart(rows, { axis: headline.label, percent, signed: first?.difference === true, references, bands });
}

async function html(summary: LadderSummary): Promise<string> {
  const figures: string[] = [];
  for (const headline of summary.headlines) {
    const spec = headlineChart(summary, headline);
    if (spec === null) continue;
    const reference = headline.reference === undefined ? '' : ` The dashed line is ${formatValue(headline.reference, headline.levels.find((r) => r.figure)?.figure?.percent ?? false)}, the value the question is judged against.`;
    figures.push(
      `<figure><h3>${escapeHtml(headline.label)}</h3><div class="chart">${await renderSvg(spec)}</div><figcaption>${escapeHtml(`Each level's figure with its ${Math.round(summary.confidence * 100)}% interval.${reference} Verdict: ${headline.verdict.text}.`)}</figcaption></figure>`,
    );
  }
  const mix = mixRows(summary)
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(`Skill ladder: ${summary.scenario.name}`)}</title>
<style>body { font-family: Helvetica, Arial, sans-serif; margin: 2rem auto; max-width: 980px; color: #222; padding: 0 1rem; }
table { border-collapse: collapse; font-size: 0.85rem; } td, th { padding: 0.2rem 0.6rem; border-bottom: 1px solid #eee; text-align: left; }
figure { margin: 1.5rem 0; } figcaption { color: #555; font-size: 0.85rem; max-width: 640px; } figure .chart svg { max-width: 100%; height: auto; }
pre { background: #f6f6f6; padding: 0.8rem; overflow-x: auto; font-size: 0.78rem; }</style></head>
<body>
<h1>${escapeHtml(`Skill ladder: ${summary.scenario.name} (${summary.scenario.game})`)}</h1>
<p><code>${escapeHtml(summary.command)}</code></p>
<pre>${escapeHtml(formatLadder(summary))}</pre>
${figures.join('\n')}
<h2>What each seat chose</h2>
<table><tr><th>level</th><th>seat</th><th>decisions</th><th>action mix</th></tr>
${mix}
</table>
</body>
</html>
`;
}

/** A level's scenario as written into `levelsDir`: its module paths named from there, so it runs as it is. */
function levelFileText(text: string, scenarioFile: string, levelsDir: string): string {
  const document = parseYaml(text) as Record<string, unknown>;
  relocateModulePaths(document, scenarioFile, levelsDir);
  // The base's ladder is not this level's, and its module paths would name files from the wrong
  // folder (review 30e: `hordelab ladder` of a level file failed on them).
  delete document['ladder'];
  return scenarioYaml(text, scenarioFile, document);
}

/** Writes the ladder's files into `outDir`; returns their paths. Nothing is written if a page fails to build. */
export async function writeLadder(summary: LadderSummary, outDir: string): Promise<string[]> {
  const pages: [string, string][] = [
    ['ladder.json', `${toJson(summary)}\n`],
    ['ladder.md', markdown(summary)],
    ['ladder.html', await html(summary)],
    ...summary.levels.map((level): [string, string] => [join('levels', `${levelSlug(level.name)}.yaml`), levelFileText(level.scenarioText, summary.scenario.file, join(outDir, 'levels'))]),
    ...(summary.chanceShare?.pairings ?? []).map((pairing): [string, string] => [join('levels', chanceFile(pairing.stronger, pairing.weaker)), levelFileText(pairing.scenarioText, summary.scenario.file, join(outDir, 'levels'))]),
  ];
  const earlier = earlierLevelFiles(outDir);
  makeFolders(join(outDir, 'levels'));
  const now = new Set(pages.map(([name]) => name));
  // A level or pairing the earlier ladder in this folder played and this one did not: its file
  // would read as one of this ladder's (audit 30a). Only the files the earlier ladder.json names
  // go, and before the new files arrive: a ladder stopped between leaves none of them beside the
  // new ladder.json, which does not name them. One edited since the earlier ladder wrote it (kept
  // under --force) is the user's now: left as it is.
  const removeEarlierLevels = (): void => {
    for (const name of earlier) if (!now.has(name) && matchesWrittenDigest(outDir, name)) rmSync(join(outDir, name), { force: true });
  };
  return publishOutputFiles(outDir, 'ladder', pages, { digests: true, beforeRenames: removeEarlierLevels });
}

/** The level files the ladder.json already in `outDir` names (its levels' and chance pairings'), or none. */
export function earlierLevelFiles(outDir: string): string[] {
  let earlier: Partial<Pick<LadderSummary, 'levels' | 'chanceShare'>>;
  try {
    // Read before the folder is checked (audit 37b H2): a pipe or folder of that name is refused there, not read here.
    if (statSync(join(outDir, 'ladder.json'), { throwIfNoEntry: false })?.isFile() !== true) return [];
    earlier = JSON.parse(readFileSync(join(outDir, 'ladder.json'), 'utf8')) as typeof earlier;
    // Under the names this version writes, and those an earlier one wrote before leading dots
    // were dropped (review 32c: a re-run left `levels/._agent.mjs.yaml` behind).
    return [
      ...(earlier.levels ?? []).flatMap((level) => [levelSlug(level.name), levelCheckSuffix(level.name)].map((slug) => join('levels', `${slug}.yaml`))),
      ...(earlier.chanceShare?.pairings ?? []).flatMap((pairing) => [chanceFile(pairing.stronger, pairing.weaker), `chance-${levelCheckSuffix(pairing.stronger)}-vs-${levelCheckSuffix(pairing.weaker)}.yaml`].map((file) => join('levels', file))),
    ].filter((name) => typeof name === 'string' && statSync(join(outDir, name), { throwIfNoEntry: false })?.isFile() === true);
  } catch {
    // No earlier ladder here, or its record is unreadable: nothing is removed.
    return [];
  }
}
