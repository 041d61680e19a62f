/**
 * `hordelab report`: turns a run folder into pages people read.
 * - `report.html`: one self-contained file (inline CSS and SVG, no script, no network) with what
 *   reproduces the run, the text summary, the charts and every metric with its interval;
 * - `report.md`: the same tables in Markdown, for a pull request;
 * - `metrics.csv` and `metrics.json`: every metric as one flat row (path, value, interval, n).
 * Each file is written to a temporary name and renamed, so a failure leaves no half-written page.
 */
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { cautionLines, percentInterval, percentOf, signedFixed } from '../reports/format.js';
import { formatOutcomes, type OutcomeSummary } from '../reports/outcomes.js';
import { CUSTOM_PLACEMENT, FIGURES_PLACEMENT, formatFigureTable, type CustomFigure } from '../reports/custom-metrics.js';
import { csv } from '../run/csv.js';
import { shardOfFolder } from '../run/shard.js';
import { HORDELAB_VERSION } from '../version.js';
import { cardValueCharts, formatCardValues, readCardValues } from '../cards/card-values-output.js';
import type { CardValuesSummary } from '../cards/card-values.js';
import { actingSeatsOf, randomPlayWarning, skillOf } from '../ladder/skill.js';
import { chartsFor } from './charts.js';
import type { ChartSpec } from './chart-kit.js';
import { QUALITY_LEAD, qualityCharts, qualityText } from './quality-section.js';
import { markdownCell, markdownCode, markdownFenced, markdownInlineCode, markdownProse } from './markdown.js';
import { readRunSummary, runMetrics, type Metric, type RunSummary } from './metrics.js';
import { writeProblem } from './output-folder.js';
import { escapeHtml, fittedPre, PAGE_STYLE } from './page-kit.js';
import { renderSvg } from './render.js';
import { callGamePart, GAME_MODULE_FIX, summaryGame } from './summary-game.js';
import { publishOutputFiles } from './output-folder.js';
import { generatorMeta } from './own-files.js';

export const REPORT_FORMATS = ['html', 'md', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Parses `html,md`; names the flag and what was expected when a format is unknown. */
export function parseFormats(text: string, flag: string): ReportFormat[] {
  const formats = text.split(',').map((part) => part.trim());
  const unknown = formats.filter((format) => !(REPORT_FORMATS as readonly string[]).includes(format));
  // An empty entry (a comma too many) or one listed twice is a typo, as it is in --vary's lists.
  const twice = formats.find((format, index) => formats.indexOf(format) !== index);
  if (unknown.length > 0 || twice !== undefined) {
    const why = unknown.includes('') ? ' (an empty entry: a comma too many)' : unknown.length === 0 && twice !== undefined ? ` (${twice} listed twice)` : '';
    throw new UsageError([{ source: flag, field: '', message: `expected a comma-separated list of ${REPORT_FORMATS.join(', ')}, each once, got "${text}"${why}` }]);
  }
  return formats as ReportFormat[];
}

export { escapeHtml } from './page-kit.js';
function formatMetric(metric: Metric): [string, string] {
  if (Number.isNaN(metric.value)) return ['-', metric.n === 0 ? 'no samples' : ''];
  if (metric.kind === 'rate') {
    return [`${percentOf(metric.value, 1)}%`, percentInterval({ rate: metric.value, lower: metric.lower, upper: metric.upper })];
  }
  const digits = Math.abs(metric.value) >= 100 ? 1 : 2;
  if (!Number.isFinite(metric.lower) || !Number.isFinite(metric.upper)) return [metric.value.toFixed(digits), metric.sd === 0 ? `no interval: all ${metric.n} samples equal` : 'no interval'];
  // An interval its figure says is approximate (a generic report's events where a unit lacks a match) says so here too.
  const approximate = metric.note?.startsWith('approximate') === true ? ' (approximate)' : '';
  return [metric.value.toFixed(digits), `[${metric.lower.toFixed(digits)}, ${metric.upper.toFixed(digits)}]${approximate}`];
}

/** The measured design effect as printed: two decimals. */
const formatDesignEffect = (metric: Metric): string => (Number.isFinite(metric.designEffect) ? metric.designEffect.toFixed(2) : '-');

/** The random-play warning of a run, counting the seats that act (audit 37a F5: a seat that never acts plays no way at all). */
function randomPlay(summary: RunSummary): string | null {
  return randomPlayWarning(summary.scenario.seats, actingSeatsOf(summary.results, summary.scenario.rotateSeats));
}

/** Which shard of a run a folder holds, where it holds one (its shard.json says). */
type ShardOfFolder = ReturnType<typeof shardOfFolder>;

/**
 * The matches row: how many were played of how many, and how the run ended; for a shard, of its
 * own block of match indices, with the whole run's figures left to merge (audit 39a F12: a
 * shard's page read "250 played of 500 (complete)", as if half a run had been all of it).
 */
function matchesPlayed(summary: RunSummary, shard: ShardOfFolder): string {
  const failed = summary.run.errors > 0 ? `, ${summary.run.errors} failed` : '';
  if (shard === null) return `${summary.run.matchesPlayed} played of ${summary.scenario.matches} (${summary.run.status}${failed})`;
  const block = shard.end > shard.start ? `matches ${shard.start}..${shard.end - 1}` : 'no matches';
  return (
    `shard ${shard.shard.index} of ${shard.shard.count}: ${summary.run.matchesPlayed} played of its ${block} (${summary.run.status} as a shard${failed}); ` +
    `the run has ${summary.scenario.matches}, and its figures come from hordelab merge of its ${shard.shard.count} shards: this report is of this shard's matches alone`
  );
}

/** What reproduces the run and what it ran, as label/value pairs. */
function provenance(summary: RunSummary, shard: ShardOfFolder): [string, string][] {
  const scenario = summary.scenario;
  const seatNames = summaryGame(scenario)?.game.seats ?? [];
  const seats = scenario.seats
    .map((seat, index) => {
      const config = Object.keys(seat.config).length === 0 ? '' : ` ${JSON.stringify(seat.config)}`;
      const agent = seat.name === seat.agent && config === '' ? seat.name : `${seat.name} (${seat.agent}${config})`;
      return `${seatNames[index] ?? `seat ${index + 1}`}: ${agent}`;
    })
    .join('; ');
  return [
    ['scenario', `${scenario.name} (${scenario.file})`],
    ['game', scenario.gameModule === undefined ? scenario.game : `${scenario.game} (game module ${scenario.gameModule.spec}, ${scenario.gameModule.path}, sha256 ${scenario.gameModule.sha256.slice(0, 12)})`],
    ['matches', matchesPlayed(summary, shard)],
    ['run seed', String(scenario.seed)],
    ['seats', `${seats}${scenario.rotateSeats ? '; rotated: each seed played in both seatings' : ''}`],
    ['skill', `${skillOf(scenario.seats, scenario.rotateSeats)}${randomPlay(summary) === null ? '' : ` (warning: ${randomPlay(summary)})`}`],
    ['command', summary.command],
    ['versions', `run with hordelab ${summary.hordelab.version}; page made by hordelab ${HORDELAB_VERSION} on Node ${process.versions.node}`],
    [
      'intervals',
      `${Math.round(summary.confidence * 100)}% (rates: Wilson with the Brown–Cai–DasGupta tail rule; means: t), each with its variance measured over ` +
        `${summary.independentUnit === 'rotated pair' ? 'rotated pairs (two matches on one seed)' : 'matches'}; the table's "deff" is each figure's measured design effect`,
    ],
  ];
}

/** A report's text, which a game module's report might not give as text. */
function summaryTextOf(text: unknown): string {
  if (typeof text !== 'string') throw new Error(`returned ${text === null ? 'null' : typeof text}, expected the summary as text`);
  return text;
}

function summaryText(summary: RunSummary): string {
  const entry = summaryGame(summary.scenario);
  if (entry === undefined) return '';
  const agentsDiffer = new Set(summary.scenario.seats.map((seat) => seat.name)).size > 1;
  const outcomes = agentsDiffer ? `${formatOutcomes(summary.outcomes as OutcomeSummary, entry.game.seats)}\n\n` : '';
  const tables = [FIGURES_PLACEMENT, CUSTOM_PLACEMENT].flatMap(({ key, heading }) => {
    const figures = figureTable(summary.results[key]);
    return figures === null ? [] : [`\n\n${formatFigureTable(figures, heading)}`];
  });
  const cautions = cautionLines(summary);
  return `${outcomes}${callGamePart(summary.scenario, 'report.formatSummary', () => summaryTextOf(entry.report.formatSummary(summary.results)))}${tables.join('')}${cautions.length === 0 ? '' : `\n\n${cautions.join('\n')}`}`;
}

/**
 * A game's figure units or a run's metric modules as `summary.json` holds them (`results.figures`,
 * `results.custom`), or null when there are none: the tables the run printed below the game's
 * summary. The report's own entry is the game's alone (the modules are not loaded to draw a
 * page), so the tables are drawn from the figures. Every figure is read for its kind and numbers
 * first: a summary edited by hand shows its tables only where they are whole.
 */
function figureTable(value: unknown): Record<string, Record<string, CustomFigure>> | null {
  if (typeof value !== 'object' || value === null || Object.keys(value).length === 0) return null;
  for (const figures of Object.values(value)) {
    if (typeof figures !== 'object' || figures === null) return null;
    for (const figure of Object.values(figures) as unknown[]) if (!isCustomFigure(figure)) return null;
  }
  return value as Record<string, Record<string, CustomFigure>>;
}

function isCustomFigure(figure: unknown): figure is CustomFigure {
  if (typeof figure !== 'object' || figure === null) return false;
  const { kind, n, lower, upper } = figure as Record<string, unknown>;
  const central = kind === 'rate' ? (figure as Record<string, unknown>)['rate'] : (figure as Record<string, unknown>)['mean'];
  // A mean with no interval (every sample equal) has null bounds in JSON.
  return (kind === 'rate' || kind === 'count' || kind === 'ratio') && typeof n === 'number' && typeof central === 'number' && [lower, upper].every((bound) => typeof bound === 'number' || bound === null);
}


/**
 * `chart` drawn as SVG. A game module's own chart that Vega cannot draw is the module's to fix:
 * said so, naming its file and the chart, rather than taken for a damaged summary.json.
 */
async function drawnChart(chart: ChartSpec): Promise<string> {
  if (chart.source === undefined) return renderSvg(chart.spec);
  try {
    return await renderSvg(chart.spec);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError([{ source: chart.source, field: `charts (chart "${chart.id}")`, message: `Vega could not draw its spec (${message}); ${GAME_MODULE_FIX}` }]);
  }
}

async function htmlPage(summary: RunSummary, cardValues: CardValuesSummary | null, shard: ShardOfFolder): Promise<string> {
  const charts = chartsFor(summary);
  const cardFigures: string[] = [];
  for (const chart of cardValues === null ? [] : cardValueCharts(cardValues)) {
    cardFigures.push(`<figure id="${escapeHtml(chart.id)}"><h3>${escapeHtml(chart.title)}</h3><div class="chart">${await renderSvg(chart.spec)}</div><figcaption>${escapeHtml(chart.caption)}</figcaption></figure>`);
  }
  const cardsSection =
    cardValues === null
      ? ''
      : `<h2 id="cards">Card values (counterfactual)</h2>\n<p class="lead">From <code>card-values.json</code> in this folder: <code>${escapeHtml(cardValues.command)}</code></p>\n<pre>${escapeHtml(formatCardValues(cardValues))}</pre>\n${cardFigures.join('\n')}`;
  const warning = randomPlay(summary);
  const rendered: string[] = [];
  for (const chart of charts) {
    const svg = await drawnChart(chart);
    rendered.push(
      `<figure id="${escapeHtml(chart.id)}"><h3>${escapeHtml(chart.title)}</h3><div class="chart">${svg}</div><figcaption>${escapeHtml(chart.caption)}</figcaption></figure>`,
    );
  }
  const qualityFigures: string[] = [];
  for (const chart of qualityCharts(summary)) {
    qualityFigures.push(`<figure id="${escapeHtml(chart.id)}"><h3>${escapeHtml(chart.title)}</h3><div class="chart">${await renderSvg(chart.spec)}</div><figcaption>${escapeHtml(chart.caption)}</figcaption></figure>`);
  }
  const title = summaryGame(summary.scenario)?.game.title ?? summary.scenario.game;
  const rows = provenance(summary, shard)
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${label === 'command' ? `<code>${escapeHtml(value)}</code>` : escapeHtml(value)}</td></tr>`)
    .join('\n');
  const metrics = everyMetric(summary)
    .map((row) => {
      const [value, interval, n, designEffect] = tableCells(row);
      return `<tr><td>${escapeHtml(row.path)}</td><td class="num">${value}</td><td class="num">${interval}</td><td class="num">${n}</td><td class="num">${designEffect}</td></tr>`;
    })
    .join('\n');
  const params = escapeHtml(JSON.stringify(summary.scenario.params, null, 2));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${generatorMeta('report')}
<title>${escapeHtml(`${title}: ${summary.scenario.name}`)} — Hordelab report</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<h1>${escapeHtml(`${title}: ${summary.scenario.name}`)}</h1>
<p class="lead">${escapeHtml(summary.scenario.description ?? '')}</p>
${warning === null ? '' : `<p class="warning"><strong>${escapeHtml(warning)}</strong></p>`}
<h2>How to reproduce it</h2>
<table>
${rows}
</table>
<details><summary>Every game parameter of the run</summary><pre>${params}</pre></details>
<h2>Summary</h2>
${fittedPre(summaryText(summary))}
<h2>Charts</h2>
${rendered.join('\n')}
<h2 id="quality">Game quality</h2>
<p class="lead">${escapeHtml(QUALITY_LEAD)}</p>
${fittedPre(qualityText(summary))}
${qualityFigures.join('\n')}
${cardsSection}
<h2>Every metric</h2>
<p class="lead">Each rate or mean of <code>summary.json</code>, with its ${Math.round(summary.confidence * 100)}% interval, its sample count and its design effect (deff: its variance over what as many independent samples would give, measured over the run's independent units).</p>
<table>
<tr><th>metric</th><th>value</th><th>interval</th><th>n</th><th>deff</th></tr>
${metrics}
</table>
</body>
</html>
`;
}

function markdownPage(summary: RunSummary, cardValues: CardValuesSummary | null, shard: ShardOfFolder): string {
  const title = summaryGame(summary.scenario)?.game.title ?? summary.scenario.game;
  const lines: string[] = [];
  lines.push(`# ${markdownCell(`${title}: ${summary.scenario.name}`)}`, '');
  // The scenario's own words, Markdown kept; HTML in them is shown, not rendered.
  if (summary.scenario.description) lines.push(markdownProse(summary.scenario.description), '');
  const warning = randomPlay(summary);
  if (warning !== null) lines.push(`**${markdownCell(warning)}**`, '');
  lines.push('| | |', '| --- | --- |');
  for (const [label, value] of provenance(summary, shard)) lines.push(`| ${label} | ${label === 'command' ? markdownCode(value) : markdownCell(value)} |`);
  lines.push('', '## Summary', '', ...markdownFenced(summaryText(summary)), '');
  lines.push('## Game quality', '', QUALITY_LEAD, '', ...markdownFenced(qualityText(summary)), '');
  if (cardValues !== null) lines.push('## Card values (counterfactual)', '', markdownInlineCode(cardValues.command), '', ...markdownFenced(formatCardValues(cardValues)), '');
  lines.push('## Every metric', '', `| metric | value | ${Math.round(summary.confidence * 100)}% interval | n | deff |`, '| --- | ---: | ---: | ---: | ---: |');
  for (const row of everyMetric(summary)) lines.push(`| ${markdownCode(row.path)} | ${tableCells(row).join(' | ')} |`);
  lines.push('', 'Charts: open `report.html` beside this file.', '');
  return lines.join('\n');
}

const METRIC_COLUMNS = ['metric', 'kind', 'value', 'lower', 'upper', 'n', 'successes', 'sd', 'designEffect', 'clusters', 'note'];

function metricRows(summary: RunSummary): (string | number)[][] {
  // Differences from a reference (the first mover's advantage over a fair share): value and interval.
  const cell = (value: number | null): number | string => (value !== null && Number.isFinite(value) ? value : '');
  return everyMetric(summary).map((row) => (row.kind === 'difference' ? [row.path, 'difference', cell(row.value), cell(row.lower), cell(row.upper), '', '', '', '', '', ''] : metricRow(row)));
}

/** A rate's or a mean's row of metrics.csv. */
function metricRow(metric: Metric): (string | number)[] {
  return [
    metric.path,
    metric.kind === 'mean' && metric.ratio === true ? 'ratio' : metric.kind,
    // A figure without samples has no value: an empty cell, as for a missing bound.
    Number.isFinite(metric.value) ? metric.value : '',
    Number.isFinite(metric.lower) ? metric.lower : '',
    Number.isFinite(metric.upper) ? metric.upper : '',
    metric.n,
    metric.kind === 'rate' ? metric.successes : '',
    metric.kind === 'mean' && Number.isFinite(metric.sd) ? metric.sd : '',
    metric.designEffect,
    metric.clusters,
    // Why a mean has no interval, or that its interval may cover less than it says (a skewed
    // figure's caution): a reader of the bounds alone would take them as exact.
    metric.kind === 'mean' ? (metric.note ?? (metric.caution === undefined ? '' : `caution: ${metric.caution}`)) : '',
  ];
}

/**
 * A difference from a reference in a summary (the first mover's advantage over a fair share), as
 * metrics.json writes it: null where there is no value, and then no bounds either (summary.json
 * keeps the decided win's [0, 1] shifted, an interval around no estimate; audit 39a F8).
 */
export interface DifferenceMetric {
  readonly kind: 'difference';
  readonly path: string;
  readonly value: number | null;
  readonly lower: number | null;
  readonly upper: number | null;
}

/**
 * Every metric the four outputs list, in one order: the run's rates and means, each difference
 * from a reference placed after the last row of its parent (quality.firstMover.* then its
 * advantage). One list, so that report.html, report.md, metrics.csv and metrics.json list the
 * same metrics with the same figures (audit 39a F8: the advantage was in two of them).
 */
export function everyMetric(summary: RunSummary): (Metric | DifferenceMetric)[] {
  const placed: (Metric | DifferenceMetric)[] = [...runMetrics(summary)];
  for (const difference of differencesIn(summary.results, '')) {
    const parent = difference.path.slice(0, difference.path.lastIndexOf('.') + 1);
    let after = placed.length - 1;
    while (after >= 0 && !(placed[after] as Metric | DifferenceMetric).path.startsWith(parent)) after--;
    placed.splice(after + 1, 0, difference);
  }
  return placed;
}

/** The figures of `node` that are a difference from a reference (`{ fair, value, lower, upper }`), by path. */
function differencesIn(node: unknown, path: string): DifferenceMetric[] {
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  const numberOrNull = (key: string): number | null => (typeof record[key] === 'number' && Number.isFinite(record[key]) ? (record[key] as number) : null);
  if (typeof record['fair'] === 'number' && 'value' in record && 'lower' in record && 'upper' in record) {
    const value = numberOrNull('value');
    return [{ kind: 'difference', path, value, lower: value === null ? null : numberOrNull('lower'), upper: value === null ? null : numberOrNull('upper') }];
  }
  return Object.entries(record).flatMap(([key, child]) => differencesIn(child, path === '' ? key : `${path}.${key}`));
}

/**
 * The value, interval, n and deff cells of a row of the pages' "Every metric" table. A difference
 * is of rates, so in points, with no n or deff of its own; one with no value (one seat alone
 * acts: no advantage to give) says so, not "- pts" (review 37h).
 */
function tableCells(row: Metric | DifferenceMetric): [string, string, string, string] {
  if (row.kind !== 'difference') return [...formatMetric(row), String(row.n), formatDesignEffect(row)];
  if (row.value === null) return ['none', 'no interval', '', ''];
  const points = (x: number): string => signedFixed(100 * x, 1);
  return [`${points(row.value)} pts`, row.lower === null || row.upper === null ? '' : `[${points(row.lower)}, ${points(row.upper)}] pts`, '', ''];
}

/**
 * Writes the chosen formats into `outDir` (default: the run folder); returns the files written.
 * A summary that passes its schema but still cannot be drawn, or a folder that cannot be
 * written, is bad input naming the file; nothing is written when any page fails.
 */
export async function writeReports(runDir: string, formats: readonly ReportFormat[], outDir = runDir): Promise<string[]> {
  const summary = await readRunSummary(runDir);
  const source = join(runDir, 'summary.json');
  // Card values written into this folder by `hordelab cards --out` belong on the page, when they are this game's.
  const found = readCardValues(runDir);
  const cardValues = found !== null && found.scenario.game === summary.scenario.game ? found : null;
  const shard = shardOfFolder(runDir);
  // Build every page first, then write: nothing is written when any page fails.
  const pages: [string, string][] = [];
  try {
    for (const format of formats) {
      if (format === 'html') pages.push([REPORT_FILE_OF.html, await htmlPage(summary, cardValues, shard)]);
      if (format === 'md') pages.push([REPORT_FILE_OF.md, markdownPage(summary, cardValues, shard)]);
      if (format === 'csv') pages.push([REPORT_FILE_OF.csv, csv([METRIC_COLUMNS, ...metricRows(summary)])]);
      if (format === 'json') pages.push([REPORT_FILE_OF.json, `${JSON.stringify(everyMetric(summary), null, 2)}\n`]);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // The schema passed, so the figures are where a run puts them; one that still breaks a page
    // was edited or damaged. Say so, and what broke, rather than print a stack.
    throw new UsageError([{ source, field: 'results', message: `cannot be drawn as a ${summary.scenario.game} report (${(error as Error).message}); is the file damaged?` }]);
  }
  const written: string[] = [];
  try {
    written.push(...publishOutputFiles(outDir, 'report', pages));
  } catch (error) {
    throw writeProblem(error, outDir, outDir);
  }
  return written;
}

/** The page files `hordelab report` writes: the only names it may replace in a folder. */
export const REPORT_FILES: readonly string[] = ['report.html', 'report.md', 'metrics.csv', 'metrics.json'];

/** The file each format is written to. */
export const REPORT_FILE_OF: Readonly<Record<ReportFormat, string>> = { html: 'report.html', md: 'report.md', csv: 'metrics.csv', json: 'metrics.json' };
