/**
 * `sweep.html`: a sweep drawn so a designer reads it at a glance. Settings are discrete, so each
 * is a point with its interval as a bar (nothing is interpolated between settings); integer
 * settings get ticks at exactly the values played. Under each metric, the paired difference
 * from the baseline setting: common seeds make it much tighter than the per-point intervals,
 * and the page shows both (the thin pale bar is the interval independent seeds would have
 * given). Two varied settings make heatmaps, each cell with its value, its interval in the
 * hover title, and the same for the differences.
 */
import { counted } from '../core/counted.js';
import type { SweepAxis, SweepFigure, SweepPoint, SweepResult, SweepValue } from '../tune/sweep.js';
import { axisFormat, ESTIMATE_COLOUR, FAIR, metricTitle, PLOT_WIDTH, specBase, symmetricDomain, zoomedDomain, type Reference } from './chart-kit.js';
import { escapeHtml, fittedPre, PAGE_STYLE } from './page-kit.js';
import { renderSvg } from './render.js';
import { intervalDigits, fixedHalfEven, percentOf } from '../reports/format.js';

/** Whether a metric path names a win rate, whose fair value is 50%. */
export const isWinRate = (path: string): boolean => /winrate$/i.test(path.split('.').pop() ?? '') || /(^|\.)win$/.test(path);

const PAIRED_COLOUR = '#2c7a7b';
const UNPAIRED_COLOUR = '#b8c4d6';

const percentText = (value: number, digits = 1): string => `${percentOf(value, digits)}%`;
const signed = (value: number, percent: boolean, digits = percent ? 1 : 2): string => {
  const text = percent ? fixedHalfEven(100 * value, digits) : value.toFixed(digits);
  return value >= 0 ? `+${text}` : text;
};
const figureText = (value: number, percent: boolean, digits = percent ? 1 : 2): string => (percent ? percentText(value, digits) : value.toFixed(digits));

/** Decimals for a figure and its interval `lower..upper`: enough to show its half-width (a rate's in points). */
const digitsFor = (lower: number, upper: number, percent: boolean): number => (percent ? intervalDigits(100 * lower, 100 * upper, 1) : intervalDigits(lower, upper, 2));

/**
 * A figure with its interval, `4.00 [3.90, 4.10]`, or where it has none (a mean that never
 * varied) the figure and why, `4.00 (all 300 samples equal)`, as `run`, `report`, `check` and
 * `compare` print it: never `[NaN, NaN]`. Decimals as many as the interval's width needs.
 */
export function formatSweepFigure(figure: SweepFigure): string {
  const percent = figure.kind === 'rate';
  if (!Number.isFinite(figure.lower) || !Number.isFinite(figure.upper)) return `${figureText(figure.value, percent)} (${figure.note ?? 'no interval'})`;
  const digits = digitsFor(figure.lower, figure.upper, percent);
  return `${figureText(figure.value, percent, digits)} [${figureText(figure.lower, percent, digits)}, ${figureText(figure.upper, percent, digits)}]`;
}

/**
 * A paired difference with its interval, `+0.4 [-0.3, +1.1]` (a rate's in points), with decimals
 * enough for its width: a rare event's `+0.002 [-0.002, +0.006]` read `+0.00 [-0.00, +0.00]` (audit 27a).
 */
export function formatSweepDifference(difference: { readonly difference: number; readonly lower: number; readonly upper: number }, percent: boolean): string {
  const digits = digitsFor(difference.lower, difference.upper, percent);
  return `${signed(difference.difference, percent, digits)} [${signed(difference.lower, percent, digits)}, ${signed(difference.upper, percent, digits)}]`;
}

/** The x encoding of a varied setting: numbers on a numeric axis ticked at the values played, text as categories. */
function settingAxis(axis: SweepAxis): Record<string, unknown> {
  const numeric = axis.values.every((value) => typeof value === 'number');
  if (!numeric) return { field: 'setting', type: 'ordinal', title: axis.name, sort: axis.values.map(String), axis: { labelAngle: 0 } };
  const values = axis.values as readonly number[];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const integers = values.every((value) => Number.isInteger(value));
  const logarithmic = low > 0 && high / low >= 20;
  const pad = logarithmic ? 1.25 : (high - low || 1) * 0.08;
  const domain = logarithmic ? [low / pad, high * pad] : [low - pad, high + pad];
  return {
    field: 'setting',
    type: 'quantitative',
    title: `${axis.name}${logarithmic ? ' (log scale)' : ''}`,
    // A log scale has no zero to drop: given `zero`, Vega-Lite warned on stderr at every sweep page.
    scale: logarithmic ? { type: 'log', domain, nice: false } : { type: 'linear', domain, nice: false, zero: false },
    axis: { values, format: integers ? 'd' : '~g', grid: false, labelFlush: false },
  };
}

interface PointRow {
  readonly setting: SweepValue;
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
  readonly baseline: boolean;
  readonly tip: string;
}

/** One varied setting: the metric per setting, and below it the paired difference from the baseline. */
function lineCharts(result: SweepResult, metric: string): Record<string, unknown> {
  const axis = result.axes[0] as SweepAxis;
  const percent = result.points.some((point) => point.metrics[metric]?.kind === 'rate');
  const references: Reference[] = isWinRate(metric) ? [FAIR] : [];
  const rows: PointRow[] = result.points.flatMap((point, index) => {
    const figure = point.metrics[metric];
    if (figure === undefined || !Number.isFinite(figure.value)) return [];
    const setting = point.values[axis.name] ?? '';
    // A figure without an interval (a mean that never varied) is drawn as its point alone.
    const bounded = Number.isFinite(figure.lower) && Number.isFinite(figure.upper);
    const lower = bounded ? figure.lower : figure.value;
    const upper = bounded ? figure.upper : figure.value;
    return [{ setting, value: figure.value, lower, upper, n: figure.n, baseline: index === result.baseline, tip: `${axis.name} = ${setting}: ${formatSweepFigure(figure)}, n = ${figure.n}` }];
  });
  const domain = zoomedDomain([...rows.flatMap((row) => [row.lower, row.upper]), ...references.map((reference) => reference.value)], percent);
  const x = settingAxis(axis);
  const y = { type: 'quantitative', scale: { domain, nice: false, zero: false } };
  const top = {
    width: PLOT_WIDTH,
    height: 240,
    layer: [
      ...references.map((reference) => ({ data: { values: [reference] }, mark: { type: 'rule', color: '#6b7280', strokeDash: [5, 4] }, encoding: { y: { field: 'value', ...y } } })),
      ...references.map((reference) => ({ data: { values: [reference] }, mark: { type: 'text', color: '#6b7280', fontSize: 10, align: 'left', baseline: 'middle', dx: 4, x: PLOT_WIDTH }, encoding: { y: { field: 'value', ...y }, text: { field: 'label' } } })),
      { data: { values: rows }, mark: { type: 'rule', strokeWidth: 3, strokeCap: 'round', color: ESTIMATE_COLOUR }, encoding: { x, y: { field: 'lower', ...y }, y2: { field: 'upper' } } },
      {
        data: { values: rows },
        mark: { type: 'point', filled: true, size: 80, color: ESTIMATE_COLOUR, stroke: 'white', strokeWidth: 1 },
        encoding: { x, y: { field: 'value', ...y, title: metricTitle(metric), axis: { format: axisFormat(domain, percent), tickCount: 6 } }, tooltip: { field: 'tip' }, description: { field: 'tip' } },
      },
      {
        data: { values: rows.filter((row) => row.baseline) },
        mark: { type: 'text', fontSize: 10, color: '#555', dy: -14, baseline: 'bottom' },
        encoding: { x, y: { field: 'upper', ...y }, text: { value: 'baseline' } },
      },
    ],
  };
  const scale = percent ? 100 : 1;
  const differences = result.points.flatMap((point) => {
    const difference = point.differences[metric];
    if (difference === undefined) return [];
    const setting = point.values[axis.name] ?? '';
    const unit = percent ? ' points' : '';
    const unpaired = formatSweepDifference({ difference: difference.difference, lower: difference.unpairedLower, upper: difference.unpairedUpper }, percent).split(' [')[1];
    return [
      {
        setting,
        difference: difference.difference * scale,
        lower: difference.lower * scale,
        upper: difference.upper * scale,
        unpairedLower: difference.unpairedLower * scale,
        unpairedUpper: difference.unpairedUpper * scale,
        tip: `${axis.name} = ${setting} minus the baseline: ${formatSweepDifference(difference, percent).replace(' [', `${unit}, paired 95% [`)}; with independent seeds it would be [${unpaired}`,
      },
    ];
  });
  if (differences.length === 0) return { ...specBase(), ...top };
  const differenceDomain = zoomedDomain([0, ...differences.flatMap((row) => [row.unpairedLower, row.unpairedUpper])], false);
  const dy = { type: 'quantitative', scale: { domain: differenceDomain, nice: false, zero: false } };
  const bottom = {
    width: PLOT_WIDTH,
    height: 170,
    title: { text: 'Minus the baseline: dark, the paired 95% interval (same seeds); pale, the interval independent seeds would give', fontSize: 11, fontWeight: 'normal', anchor: 'start', color: '#444' },
    data: { values: differences },
    layer: [
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: '#6b7280' }, encoding: { y: { field: 'zero', ...dy } } },
      { mark: { type: 'rule', strokeWidth: 9, color: UNPAIRED_COLOUR, opacity: 0.8 }, encoding: { x, y: { field: 'unpairedLower', ...dy }, y2: { field: 'unpairedUpper' } } },
      { mark: { type: 'rule', strokeWidth: 3, strokeCap: 'round', color: PAIRED_COLOUR }, encoding: { x, y: { field: 'lower', ...dy }, y2: { field: 'upper' } } },
      {
        mark: { type: 'point', filled: true, size: 70, color: PAIRED_COLOUR, stroke: 'white', strokeWidth: 1 },
        encoding: {
          x,
          y: { field: 'difference', ...dy, title: `minus the baseline${percent ? ' (points)' : ''}`, axis: { format: '+.1~f', tickCount: 5, labelExpr: "datum.value === 0 ? '0' : datum.label" } },
          tooltip: { field: 'tip' },
          description: { field: 'tip' },
        },
      },
    ],
  };
  return { ...specBase(), vconcat: [top, bottom], spacing: 18 };
}

/** Every combination of the axes after the first two: one pair of heatmaps each. */
function facets(axes: readonly SweepAxis[]): Record<string, SweepValue>[] {
  let combinations: Record<string, SweepValue>[] = [{}];
  for (const axis of axes.slice(2)) combinations = combinations.flatMap((combination) => axis.values.map((value) => ({ ...combination, [axis.name]: value })));
  return combinations;
}

/** Two or more varied settings: the metric as a heatmap over the first two, and its paired difference. */
function heatmapCharts(result: SweepResult, metric: string): Record<string, unknown> {
  const [xAxis, yAxis] = result.axes as [SweepAxis, SweepAxis];
  const percent = result.points.some((point) => point.metrics[metric]?.kind === 'rate');
  const scale = percent ? 100 : 1;
  const cellWidth = Math.min(90, Math.floor(380 / xAxis.values.length));
  const cellHeight = Math.min(44, Math.max(26, Math.floor(300 / yAxis.values.length)));
  const x = { field: 'x', type: 'ordinal', title: xAxis.name, sort: xAxis.values.map(String), axis: { labelAngle: 0 } };
  const y = { field: 'y', type: 'ordinal', title: yAxis.name, sort: [...yAxis.values].reverse().map(String) };
  const values = result.points.map((point) => point.metrics[metric]?.value).filter((value): value is number => value !== undefined && Number.isFinite(value));
  const fair = isWinRate(metric);
  const valueDomain = fair ? symmetricAround(values, 0.5) : [Math.min(...values), Math.max(...values)];
  const valueScale = fair ? { scheme: 'blueorange', domainMid: 0.5, domain: valueDomain } : { scheme: 'blues', domain: valueDomain };
  const valueMid = fair ? 0.5 : (valueDomain[0] as number);
  const valueReach = fair ? 0.5 * ((valueDomain[1] as number) - (valueDomain[0] as number)) : (valueDomain[1] as number) - (valueDomain[0] as number) || 1;
  const differences = result.points.map((point) => point.differences[metric]?.difference).filter((value): value is number => value !== undefined);
  const differenceDomain = symmetricDomain(differences.map((d) => d * scale));
  const differenceReach = differenceDomain[1];
  const views: Record<string, unknown>[] = [];
  for (const facet of facets(result.axes)) {
    const inFacet = (point: SweepPoint): boolean => Object.entries(facet).every(([name, value]) => point.values[name] === value);
    const facetTitle = Object.entries(facet).map(([name, value]) => `${name} = ${value}`).join(', ');
    const cells = result.points.flatMap((point, index) => {
      const figure = point.metrics[metric];
      if (!inFacet(point) || figure === undefined || !Number.isFinite(figure.value)) return [];
      const where = `${xAxis.name} = ${point.values[xAxis.name]}, ${yAxis.name} = ${point.values[yAxis.name]}`;
      const difference = point.differences[metric];
      const differenceTip =
        index === result.baseline ? ' (the baseline)' : difference === undefined ? '' : `; minus the baseline ${formatSweepDifference(difference, percent)} paired`;
      return [
        {
          x: String(point.values[xAxis.name]),
          y: String(point.values[yAxis.name]),
          value: figure.value,
          label: figureText(figure.value, percent),
          spread: !Number.isFinite(figure.lower) || !Number.isFinite(figure.upper) ? 'no spread' : `±${percent ? (50 * (figure.upper - figure.lower)).toFixed(digitsFor(figure.lower, figure.upper, true)) : ((figure.upper - figure.lower) / 2).toFixed(digitsFor(figure.lower, figure.upper, false))}`,
          difference: index === result.baseline ? 0 : difference === undefined ? null : difference.difference * scale,
          differenceLabel: index === result.baseline ? 'baseline' : difference === undefined ? '' : signed(difference.difference, percent, digitsFor(difference.lower, difference.upper, percent)),
          differenceSpread: difference === undefined ? '' : `±${(((difference.upper - difference.lower) / 2) * scale).toFixed(digitsFor(difference.lower, difference.upper, percent))}`,
          clear: difference !== undefined && (difference.lower > 0 || difference.upper < 0),
          // Text turns white on the darkest third of either colour scale.
          dark: Math.abs(figure.value - valueMid) > 0.62 * valueReach,
          differenceDark: difference !== undefined && Math.abs(difference.difference * scale) > 0.62 * differenceReach,
          tip: `${where}: ${formatSweepFigure(figure)}, n = ${figure.n}${differenceTip}`,
        },
      ];
    });
    const size = { width: cellWidth * xAxis.values.length, height: cellHeight * yAxis.values.length };
    const textLayers = (field: string, spread: string, dark: string, bold?: string): Record<string, unknown>[] => {
      const colour = { color: { condition: { test: `datum.${dark}`, value: 'white' }, value: '#222' } };
      return [
        // A difference whose interval leaves out 0 is set in bold (vega-lite has no font-weight channel: two layers).
        ...(bold === undefined
          ? [{ mark: { type: 'text', fontSize: 12, baseline: 'bottom', dy: 1 }, encoding: { x, y, text: { field }, ...colour } }]
          : [
              { transform: [{ filter: `!datum.${bold}` }], mark: { type: 'text', fontSize: 12, baseline: 'bottom', dy: 1 }, encoding: { x, y, text: { field }, ...colour } },
              { transform: [{ filter: `datum.${bold}` }], mark: { type: 'text', fontSize: 12, fontWeight: 'bold', baseline: 'bottom', dy: 1 }, encoding: { x, y, text: { field }, ...colour } },
            ]),
        { mark: { type: 'text', fontSize: 9, baseline: 'top', dy: 2 }, encoding: { x, y, text: { field: spread }, ...colour } },
      ];
    };
    const valueMap = {
      ...size,
      title: { text: facetTitle === '' ? metricTitle(metric) : `${metricTitle(metric)} · ${facetTitle}`, fontSize: 12, fontWeight: 'normal', anchor: 'start' },
      data: { values: cells },
      layer: [
        {
          mark: { type: 'rect', stroke: 'white', strokeWidth: 1.5 },
          encoding: { x, y, color: { field: 'value', type: 'quantitative', title: null, scale: valueScale, legend: { format: percent ? '.0%' : '.2~f', orient: 'bottom', gradientLength: size.width } }, tooltip: { field: 'tip' }, description: { field: 'tip' } },
        },
        ...textLayers('label', 'spread', 'dark'),
      ],
    };
    const differenceMap = {
      ...size,
      title: { text: `Minus the baseline, paired${percent ? ' (points)' : ''}${facetTitle === '' ? '' : ` · ${facetTitle}`}`, fontSize: 12, fontWeight: 'normal', anchor: 'start' },
      data: { values: cells },
      layer: [
        {
          mark: { type: 'rect', stroke: 'white', strokeWidth: 1.5 },
          encoding: {
            x,
            y: { ...y, title: null },
            color: { field: 'difference', type: 'quantitative', title: null, scale: { scheme: 'purplegreen', domainMid: 0, domain: differenceDomain }, legend: { format: '+.1~f', orient: 'bottom', gradientLength: size.width, labelExpr: "datum.value === 0 ? '0' : datum.label" } },
            tooltip: { field: 'tip' },
            description: { field: 'tip' },
          },
        },
        ...textLayers('differenceLabel', 'differenceSpread', 'differenceDark', 'clear'),
      ],
    };
    views.push({ hconcat: [valueMap, differenceMap], spacing: 28, resolve: { scale: { color: 'independent' }, legend: { color: 'independent' } } });
  }
  // Domains are computed over every facet, so independent scales still colour alike.
  return { ...specBase(), vconcat: views, spacing: 24, resolve: { scale: { color: 'independent' }, legend: { color: 'independent' } } };
}

/** A domain centred on `mid` holding every value. */
function symmetricAround(values: readonly number[], mid: number): [number, number] {
  const reach = Math.max(0.01, ...values.map((value) => Math.abs(value - mid)));
  return [mid - reach, mid + reach];
}

/** The chart of one metric: lines for one varied setting, heatmaps for two or more. */
export function sweepChart(result: SweepResult, metric: string): Record<string, unknown> {
  return result.axes.length === 1 ? lineCharts(result, metric) : heatmapCharts(result, metric);
}

/** What to read in the chart of a metric. */
function sweepCaption(result: SweepResult, metric: string): string {
  const baseline = result.points[result.baseline];
  const where = baseline === undefined ? 'the first setting' : Object.entries(baseline.values).map(([name, value]) => `${name} = ${value}`).join(', ');
  const pooled = result.points.some((point) => point.differences[metric] !== undefined);
  const paired = pooled
    ? ` Differences are from the baseline (${where}), measured match by match on the same seeds: the dark bar is their paired 95% interval, the pale bar the interval independent seeds would have given.`
    : ' This figure is not pooled over matches, so no paired difference is shown.';
  return result.axes.length === 1
    ? `Each point is one setting's value with its 95% interval (${counted(result.matchesPerPoint, 'match', 'matches')} each).${paired}`
    : `Each cell is one combination's value, ± half its 95% interval; hover a cell for the interval.${paired.replace('the dark bar is their paired 95% interval, the pale bar the interval independent seeds would have given', 'bold differences are those whose paired 95% interval leaves out 0')}`;
}

/** The whole page. `table` is the sweep as text. */
export async function sweepPage(result: SweepResult, table: string): Promise<string> {
  const charts: string[] = [];
  for (const metric of result.metrics) {
    const svg = await renderSvg(sweepChart(result, metric));
    charts.push(`<figure><h3>${escapeHtml(metricTitle(metric))} <code>${escapeHtml(metric)}</code></h3><div class="chart">${svg}</div><figcaption>${escapeHtml(sweepCaption(result, metric))}</figcaption></figure>`);
  }
  const settings = result.axes.map((axis) => `${axis.name} ∈ {${axis.values.join(', ')}}`).join('; ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sweep: ${escapeHtml(result.scenario.name)} — Hordelab</title>
<style>${PAGE_STYLE}</style>
</head><body>
<h1>Sweep: ${escapeHtml(result.scenario.name)}</h1>
<p class="lead">${escapeHtml(settings)}: ${result.points.length} configurations of ${escapeHtml(result.scenario.game)}, ${counted(result.matchesPerPoint, 'match', 'matches')} each, all on the same seeds from run seed ${result.scenario.seed}.</p>
<table><tr><th>scenario</th><td>${escapeHtml(result.scenario.file)}</td></tr><tr><th>command</th><td><code>${escapeHtml(result.command)}</code></td></tr></table>
${charts.join('\n')}
<h2>Every configuration</h2>
${fittedPre(table)}
</body></html>
`;
}
