/**
 * The building blocks of report charts: Vega-Lite specifications built from a run's
 * `summary.json`. Charts are data, not drawing code: `render.ts` compiles them with vega-lite
 * and renders SVG with vega in Node, so the page needs no script and no network. Each game's
 * folder builds its own charts from these (`src/games/<id>/charts.ts`).
 *
 * Every chart is drawn to be read at a glance: axes zoomed to the data (a 54 against 46 edge
 * must not be a few pixels of a 0–100% axis), rates as percentages, reference lines where a
 * value means something (50%: fair; a target; a band), intervals on every estimate, and a total
 * width that fits a 1,000 px window.
 */
import { fixedHalfEven, percentBound, percentOf } from '../reports/format.js';

/** One chart of the report. */
export interface ChartSpec {
  readonly id: string;
  readonly title: string;
  /** What to read in it, one sentence under the chart. */
  readonly caption: string;
  readonly spec: Record<string, unknown>;
  /** The game module file a chart came from, when it is a module's own: a spec that cannot be drawn is then the module's to fix. */
  readonly source?: string;
}

/** An estimate with its interval, as `summary.json` stores rates and means. */
export interface Interval {
  readonly rate?: number;
  readonly mean?: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
}

/** One datum of a chart. */
export type Row = Record<string, string | number | boolean | null>;

/** A value with a meaning, drawn as a labelled dashed line across a chart (50%: fair; a target). */
export interface Reference {
  readonly value: number;
  readonly label: string;
}

/** A range with a meaning, drawn as a shaded band (a check's acceptable band). */
export interface Band {
  readonly from: number;
  readonly to: number;
  readonly label: string;
}

/** The reference line of a two-sided win rate. */
export const FAIR: Reference = { value: 0.5, label: 'fair: 50%' };

/** Whether a JSON value is an object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The value as an estimate with an interval (`lower`, `upper`, `n`), or null. */
export const asInterval = (value: unknown): Interval | null =>
  isRecord(value) && typeof value['lower'] === 'number' && typeof value['upper'] === 'number' && typeof value['n'] === 'number' ? (value as unknown as Interval) : null;
/** An estimate's point value: its rate, or its mean. */
export const centre = (interval: Interval): number => interval.rate ?? interval.mean ?? Number.NaN;
/** The value at a path of keys inside nested objects, or undefined. */
export const get = (value: unknown, ...path: string[]): unknown => path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), value);

/** Plot area width of a single chart; with its labels it stays under 900 px. */
export const PLOT_WIDTH = 540;
/**
 * Longest row label drawn before vega cuts it. Layout measures labels with Arial's widths
 * (`text-width.ts`), but the SVG writer is another copy of vega's scene graph that still guesses
 * 0.8 em per character when it decides where to cut: this limit keeps labels of up to about 40
 * characters whole under that guess.
 */
const LABEL_LIMIT = 360;
/** The font of every chart: what the pages' own text uses. */
export const FONT = 'Helvetica, Arial, sans-serif';
/** Estimates (simulated values): blue. */
export const ESTIMATE_COLOUR = '#2b6cb0';
/** Exact values, caps and flagged changes: orange, apart from blue for colour-blind readers too. */
export const EXACT_COLOUR = '#dd6b20';
const REFERENCE_COLOUR = '#6b7280';
/** Categorical colours: blue, orange, teal, red, purple (Tableau-like, colour-blind safer than the default). */
export const CATEGORY_COLOURS = ['#2b6cb0', '#dd6b20', '#2c7a7b', '#c53030', '#6b46c1', '#975a16'];

const CONFIG = {
  font: FONT,
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', titleColor: '#333', labelColor: '#333', gridColor: '#eceff3', domainColor: '#9ca3af', tickColor: '#9ca3af' },
  legend: { labelFontSize: 11, titleFontSize: 12, orient: 'top', direction: 'horizontal', symbolStrokeWidth: 2, labelLimit: 400 },
  view: { stroke: null },
  range: { category: CATEGORY_COLOURS },
  concat: { spacing: 24 },
};

/** The top of every specification: schema, font, palette; `width`/`height` only for single views. */
export function specBase(size?: { readonly width: number; readonly height: number }): Record<string, unknown> {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    ...(size === undefined ? {} : { width: size.width, height: size.height }),
    background: 'white',
    padding: { left: 4, right: 16, top: 8, bottom: 4 },
    config: CONFIG,
  };
}

/**
 * A domain around the data: the smallest tidy range (whole steps of 1, 2, 5 × 10^k) holding every
 * value with a little room; rates stay inside [0, 1].
 */
export function zoomedDomain(values: readonly number[], percent: boolean): [number, number] {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return percent ? [0, 1] : [0, 1];
  let low = Math.min(...finite);
  let high = Math.max(...finite);
  const span = Math.max(high - low, percent ? 0.02 : Math.max(Math.abs(high), 1) * 0.05);
  low -= span * 0.08;
  high += span * 0.08;
  const step = tidyStep((high - low) / 6);
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  if (percent) {
    low = Math.max(0, low);
    high = Math.min(1, high);
  }
  return [round(low), round(high)];
}

/** 1, 2 or 5 × 10^k, the nearest at or above `raw`. */
function tidyStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const multiple of [1, 2, 5, 10]) if (multiple * power >= raw) return multiple * power;
  return 10 * power;
}

const round = (value: number): number => Number(value.toPrecision(12));

/** The d3 format of an axis over `domain`: whole percents unless the range is narrow. */
export function axisFormat(domain: readonly [number, number], percent: boolean): string {
  const span = domain[1] - domain[0];
  if (percent) return span < 0.06 ? '.1%' : '.0%';
  return span < 0.5 ? '.2f' : span < 5 ? '.1f' : '~s';
}

/** The d3 format of a value in a tooltip. */
export const valueFormat = (percent: boolean): string => (percent ? '.1%' : '.3~f');

/** The fields of a row that a tooltip shows as a rate, and the text field that holds each. */
const RATE_TEXT_FIELDS = ['value', 'lower', 'upper', 'exact'] as const;
const rateText = (field: string): string => `${field}Text`;

/**
 * `rows` with each rate and bound also as text, written as the tables write them: d3's `.1%`
 * rounds a half up, so 129/400 hovered as 32.3% where every table said 32.2% (half to even), and
 * a rate and its complement hovered as summing to 100.1% (audit 39a F7, as 36a for the tables).
 */
function withRateTexts(rows: readonly Row[]): Row[] {
  return rows.map((row) => {
    const rate = row['value'];
    const texts: Row = {};
    for (const field of RATE_TEXT_FIELDS) {
      const value = row[field];
      // A row may bring its own text, as its table prints it (an exact rate to two decimals).
      if (typeof value !== 'number' || typeof row[rateText(field)] === 'string') continue;
      const bound = (field === 'lower' || field === 'upper') && typeof rate === 'number';
      texts[rateText(field)] = `${bound ? percentBound(value, rate) : percentOf(value)}%`;
    }
    return { ...row, ...texts };
  });
}

/** A tooltip's line for `field`: a rate as the text {@link withRateTexts} wrote, other values by their d3 format. */
function tooltipLine(field: (typeof RATE_TEXT_FIELDS)[number], title: string, percent: boolean): Record<string, unknown> {
  return percent ? { field: rateText(field), type: 'nominal', title } : { field, type: 'quantitative', format: valueFormat(false), title };
}

/** Layers drawing bands and labelled reference lines across an x scale. */
function referenceLayers(references: readonly Reference[], bands: readonly Band[]): Record<string, unknown>[] {
  const layers: Record<string, unknown>[] = [];
  if (bands.length > 0) {
    layers.push({
      data: { values: bands },
      mark: { type: 'rect', color: '#38a169', opacity: 0.1 },
      encoding: { x: { field: 'from', type: 'quantitative' }, x2: { field: 'to' }, tooltip: [{ field: 'label', type: 'nominal' }] },
    });
  }
  if (references.length > 0) {
    layers.push(
      { data: { values: references }, mark: { type: 'rule', color: REFERENCE_COLOUR, strokeDash: [5, 4], strokeWidth: 1.2 }, encoding: { x: { field: 'value', type: 'quantitative' } } },
      {
        data: { values: references },
        mark: { type: 'text', color: REFERENCE_COLOUR, fontSize: 10, baseline: 'bottom', dy: -3, y: 0 },
        encoding: { x: { field: 'value', type: 'quantitative' }, text: { field: 'label' } },
      },
    );
  }
  return layers;
}

/** Options of {@link intervalChart}. */
export interface IntervalChartOptions {
  /** Title of the value axis. */
  readonly axis: string;
  /** Values are rates: percentage axis, domain inside [0, 1] (inside [−1, 1] when `signed`). */
  readonly percent: boolean;
  /**
   * Values are differences (a change in a win rate, Plants − Zombies): the domain is symmetric
   * around 0, as the sweep's and compare's differences are. Zoomed as a rate, it was cut at 0%
   * and every negative change was drawn off the plot (audit 40b F1).
   */
  readonly signed?: boolean;
  /** A field splitting each row's estimates into coloured groups (seats, sides). */
  readonly group?: string;
  /** Dashed reference lines (50%: fair; a target). */
  readonly references?: readonly Reference[];
  readonly bands?: readonly Band[];
  /** A fixed domain instead of one zoomed to the data. */
  readonly domain?: readonly [number, number];
  /** Colours per group value, in the order of `groupOrder`. */
  readonly groupOrder?: readonly string[];
}

/**
 * A forest of estimates: one row per label, a point with its interval as a line through it,
 * optionally several coloured estimates per row, over an axis zoomed to the data and the
 * reference lines (symmetric around 0 for differences: `signed`).
 */
export function intervalChart(rows: readonly Row[], options: IntervalChartOptions): Record<string, unknown> {
  const references = options.references ?? [];
  const bands = options.bands ?? [];
  const values = [...rows.flatMap((row) => [row['lower'], row['upper'], row['value']]), ...references.map((r) => r.value), ...bands.flatMap((b) => [b.from, b.to])].filter((v): v is number => typeof v === 'number');
  const domain = options.domain ?? (options.signed === true ? signedDomain(values, options.percent) : zoomedDomain(values, options.percent));
  const groupField = options.group;
  const groups = groupField === undefined ? [] : [...new Set(rows.map((row) => String(row[groupField])))];
  const grouped = groups.length > 1;
  const y = { field: 'label', type: 'nominal', title: null, sort: null, axis: { labelLimit: LABEL_LIMIT, labelFontSize: 11, ticks: false, domain: false, labelPadding: 6 } };
  const x = { field: 'value', type: 'quantitative', title: options.axis, scale: { domain, nice: false, zero: false }, axis: { format: axisFormat(domain, options.percent), grid: true, tickCount: 8 } };
  const colour = grouped
    ? { color: { field: groupField, type: 'nominal', title: null, sort: options.groupOrder ?? groups, scale: { domain: options.groupOrder ?? groups } } }
    : { color: { value: ESTIMATE_COLOUR } };
  const offset = grouped ? { yOffset: { field: groupField, type: 'nominal', sort: options.groupOrder ?? groups } } : {};
  const tooltip = [
    { field: 'label', type: 'nominal', title: 'row' },
    ...(grouped ? [{ field: groupField, type: 'nominal', title: 'group' }] : []),
    tooltipLine('value', 'estimate', options.percent),
    tooltipLine('lower', '95% from', options.percent),
    tooltipLine('upper', '95% to', options.percent),
    { field: 'n', type: 'quantitative', title: 'n' },
  ];
  const labels = new Set(rows.map((row) => row['label'])).size;
  const rowHeight = grouped ? 12 + 11 * groups.length : 24;
  return {
    ...specBase({ width: PLOT_WIDTH, height: Math.max(48, labels * rowHeight) }),
    data: { values: options.percent ? withRateTexts(rows) : rows },
    layer: [
      ...referenceLayers(references, bands),
      { mark: { type: 'rule', strokeWidth: 2.5, strokeCap: 'round' }, encoding: { x: { field: 'lower', type: 'quantitative', scale: { domain, nice: false, zero: false } }, x2: { field: 'upper' }, y, ...offset, ...colour, tooltip } },
      { mark: { type: 'point', filled: true, size: 70, opacity: 1, stroke: 'white', strokeWidth: 1 }, encoding: { x, y, ...offset, ...colour, tooltip } },
    ],
  };
}

/**
 * Simulated estimates against exact values, in two panels side by side: the overlay (the
 * estimate with its interval, the exact value as an open diamond on top, so it never hides
 * under the point) and the residual, simulated − exact with its interval around a zero line,
 * where a miss of half a point is as visible as one of ten. Rows without an exact value show in
 * the overlay only.
 */
export function exactComparisonChart(rows: readonly Row[], options: { readonly axis: string; readonly percent: boolean }): Record<string, unknown> {
  const withExact = rows.filter((row) => typeof row['exact'] === 'number');
  const scale = options.percent ? 100 : 1;
  const residuals = withExact.map((row) => {
    const exact = row['exact'] as number;
    return {
      label: row['label'] ?? '',
      residual: ((row['value'] as number) - exact) * scale,
      residualLower: ((row['lower'] as number) - exact) * scale,
      residualUpper: ((row['upper'] as number) - exact) * scale,
      exact,
      value: row['value'] ?? null,
    };
  });
  const labels = new Set(rows.map((row) => row['label'])).size;
  const height = Math.max(48, labels * 24);
  const domain = zoomedDomain(rows.flatMap((row) => [row['lower'], row['upper'], row['exact']]).filter((v): v is number => typeof v === 'number'), options.percent);
  const y = { field: 'label', type: 'nominal', title: null, sort: rows.map((row) => row['label']), axis: { labelLimit: LABEL_LIMIT, ticks: false, domain: false, labelPadding: 6 } };
  const x = { type: 'quantitative', scale: { domain, nice: false, zero: false } };
  const overlay = {
    width: 330,
    height,
    data: { values: options.percent ? withRateTexts(rows) : rows },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2.5, strokeCap: 'round', color: ESTIMATE_COLOUR }, encoding: { x: { ...x, field: 'lower' }, x2: { field: 'upper' }, y } },
      {
        mark: { type: 'point', filled: true, size: 60, color: ESTIMATE_COLOUR },
        encoding: {
          x: { ...x, field: 'value', title: `${options.axis}: simulated ● and exact ◇`, axis: { format: axisFormat(domain, options.percent), tickCount: 6 } },
          y,
          tooltip: [
            { field: 'label', type: 'nominal', title: 'row' },
            tooltipLine('value', 'simulated', options.percent),
            tooltipLine('lower', '95% from', options.percent),
            tooltipLine('upper', '95% to', options.percent),
            tooltipLine('exact', 'exact', options.percent),
          ],
        },
      },
      {
        transform: [{ filter: 'isValid(datum.exact)' }],
        mark: { type: 'point', shape: 'diamond', filled: false, size: 150, strokeWidth: 2, color: EXACT_COLOUR },
        encoding: { x: { ...x, field: 'exact' }, y, tooltip: [{ field: 'label', type: 'nominal', title: 'row' }, tooltipLine('exact', 'exact', options.percent)] },
      },
    ],
  };
  const residualDomain = symmetricDomain(residuals.flatMap((row) => [row.residualLower, row.residualUpper]));
  const unit = options.percent ? 'points' : 'units';
  const residual = {
    width: 200,
    height,
    data: { values: residuals },
    layer: [
      { mark: { type: 'rule', color: EXACT_COLOUR, strokeWidth: 1.5 }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      { mark: { type: 'rule', strokeWidth: 2.5, strokeCap: 'round', color: ESTIMATE_COLOUR }, encoding: { x: { field: 'residualLower', type: 'quantitative', scale: { domain: residualDomain, nice: false } }, x2: { field: 'residualUpper' }, y: { ...y, axis: null } } },
      {
        mark: { type: 'point', filled: true, size: 60, color: ESTIMATE_COLOUR },
        encoding: {
          x: { field: 'residual', type: 'quantitative', title: `simulated − exact (${unit})`, scale: { domain: residualDomain, nice: false }, axis: { format: '+.1~f', tickCount: 5, labelExpr: "datum.value === 0 ? '0' : datum.label" } },
          y: { ...y, axis: null },
          tooltip: [
            { field: 'label', type: 'nominal', title: 'row' },
            { field: 'residual', type: 'quantitative', format: '+.2f', title: `difference (${unit})` },
            { field: 'residualLower', type: 'quantitative', format: '+.2f', title: '95% from' },
            { field: 'residualUpper', type: 'quantitative', format: '+.2f', title: '95% to' },
          ],
        },
      },
    ],
  };
  return { ...specBase(), hconcat: residuals.length > 0 ? [overlay, residual] : [overlay] };
}

/** A domain symmetric around 0 holding every value, with a little room. */
export function symmetricDomain(values: readonly number[]): [number, number] {
  const reach = Math.max(0, ...values.filter((v) => Number.isFinite(v)).map((v) => Math.abs(v)));
  const step = tidyStep(Math.max(reach * 1.1, 1e-9) / 3);
  const edge = Math.ceil((reach * 1.1) / step) * step || 1;
  return [-round(edge), round(edge)];
}

/**
 * The domain of differences: symmetric around 0 and holding every value; a difference of two
 * rates never passes ±100%, so its axis stops there.
 */
export function signedDomain(values: readonly number[], percent: boolean): [number, number] {
  const [low, high] = symmetricDomain(values);
  return percent ? [Math.max(-1, low), Math.min(1, high)] : [low, high];
}

/** A note on a histogram's bar where matches were cut off by a round or move cap. */
export interface HistogramCap {
  /** The capped value (say 200 rounds). */
  readonly value: number;
  /** What it means, written beside the bar: "capped at maxRounds = 200". */
  readonly note: string;
}

/**
 * A histogram from `[value, count]` rows, one series per group side by side. Integer values
 * fill their whole range (a missing value is a zero bar, not a gap closed up), with ticks at
 * whole steps; a capped value is drawn in another colour with its note and share above it.
 * `unit` names what the shares are of (games, unless the histogram counts rounds or the like).
 */
export function histogramChart(rows: readonly Row[], axis: string, grouped: boolean, cap?: HistogramCap, unit = 'games'): Record<string, unknown> {
  const values = rows.map((row) => row['value']).filter((value): value is number => typeof value === 'number');
  const integers = values.every((value) => Number.isInteger(value));
  const series = [...new Set(rows.map((row) => String(row['series'])))];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const filled: Row[] = [...rows];
  if (integers && high - low <= 400) {
    for (const name of series) {
      const seen = new Set(rows.filter((row) => String(row['series']) === name).map((row) => row['value']));
      for (let value = low; value <= high; value++) if (!seen.has(value)) filled.push({ value, count: 0, share: 0, series: name });
    }
  }
  // Each bar described once, its share as the tables print a rate: left to vega-lite, the
  // description named the share twice, by the axis's whole percents and the tooltip's tenths
  // ("share of games: 0%; ... share: 0.1%", audit 37a).
  for (const row of filled) {
    row['capped'] = cap !== undefined && row['value'] === cap.value;
    const share = typeof row['share'] === 'number' ? row['share'] : 0;
    row['description'] = `${axis}: ${String(row['value'])}${grouped ? `; ${String(row['series'])}` : ''}; ${unit}: ${String(row['count'])}; share: ${percentOf(share)}%`;
  }
  const span = high - low + 1;
  const tickStep = tidyStep(Math.max(1, span / 12));
  const ticks: number[] = [];
  for (let value = Math.ceil(low / tickStep) * tickStep; value <= high; value += tickStep) ticks.push(value);
  if (cap !== undefined && !ticks.includes(cap.value) && cap.value >= low && cap.value <= high) ticks.push(cap.value);
  const x = integers && span <= 400
    ? { field: 'value', type: 'ordinal', title: axis, sort: 'ascending', scale: { paddingInner: span > 60 ? 0 : 0.15 }, axis: { values: ticks, labelAngle: 0, labelOverlap: true } }
    : { field: 'value', type: 'quantitative', title: axis, bin: false };
  const colour = grouped
    ? { color: { field: 'series', type: 'nominal', title: null, sort: series, scale: { domain: series } } }
    : { color: { condition: { test: 'datum.capped', value: EXACT_COLOUR }, value: ESTIMATE_COLOUR } };
  const capRow = cap === undefined ? undefined : rows.find((row) => row['value'] === cap.value);
  const capShare = typeof capRow?.['share'] === 'number' ? capRow['share'] : 0;
  const layers: Record<string, unknown>[] = [
    {
      mark: { type: 'bar' },
      encoding: {
        x,
        ...(grouped && integers && span <= 400 ? { xOffset: { field: 'series', type: 'nominal', sort: series } } : {}),
        y: { field: 'share', type: 'quantitative', title: `share of ${unit}`, axis: { format: '.0%', tickCount: 5 }, stack: null },
        ...colour,
        description: { field: 'description', type: 'nominal' },
        tooltip: [
          { field: 'value', type: integers ? 'ordinal' : 'quantitative', title: axis },
          ...(grouped ? [{ field: 'series', type: 'nominal', title: 'series' }] : []),
          { field: 'count', type: 'quantitative', title: 'games' },
          { field: 'share', type: 'quantitative', format: '.1%', title: 'share' },
        ],
      },
    },
  ];
  if (cap !== undefined && capRow !== undefined) {
    layers.push({
      data: { values: [{ value: cap.value, share: capShare, note: `${cap.note}: ${fixedHalfEven(100 * capShare, 1)}% of games ran to it` }] },
      mark: { type: 'text', align: 'right', baseline: 'middle', dx: -8, fontSize: 11, color: EXACT_COLOUR, fontWeight: 'bold' },
      encoding: { x: { field: 'value', type: x.type, sort: 'ascending' }, y: { field: 'share', type: 'quantitative' }, text: { field: 'note' } },
    });
  }
  const main = { width: PLOT_WIDTH + 120, height: 220, data: { values: filled }, layer: layers };
  // Most games at the cap leave the others as slivers: show them again with the y axis zoomed.
  const before = filled.filter((row) => row['capped'] !== true);
  const beforeShare = before.reduce((sum, row) => sum + (typeof row['share'] === 'number' ? row['share'] : 0), 0);
  if (cap === undefined || capShare < 0.5 || beforeShare === 0 || grouped) return { ...specBase(), ...main };
  const zoomed = {
    width: PLOT_WIDTH + 120,
    height: 110,
    title: { text: `The other ${fixedHalfEven(100 * beforeShare, 1)}% of games, which ended before the limit (y axis zoomed)`, fontSize: 11, fontWeight: 'normal', anchor: 'start', color: '#555' },
    // The cap's bar stays in as zero, so both panels share their x axis.
    data: { values: filled.map((row) => (row['capped'] === true ? { ...row, share: 0, count: 0 } : row)) },
    mark: { type: 'bar', color: ESTIMATE_COLOUR },
    encoding: {
      x,
      y: { field: 'share', type: 'quantitative', title: `share of ${unit}`, axis: { format: Math.max(...before.map((row) => Number(row['share']))) < 0.01 ? '.2%' : '.1%', tickCount: 3 } },
      tooltip: (layers[0] as { encoding: { tooltip: unknown } }).encoding.tooltip,
      description: { field: 'description', type: 'nominal' },
    },
  };
  return { ...specBase(), vconcat: [main, zoomed] };
}

/** A histogram's `[value, count]` pairs as rows with their share of all counts, for one series. */
export function histogramRows(histogram: unknown, series: string): Row[] {
  if (!Array.isArray(histogram)) return [];
  const pairs = histogram.filter((pair): pair is [number, number] => Array.isArray(pair) && typeof pair[0] === 'number' && typeof pair[1] === 'number');
  const total = pairs.reduce((sum, [, count]) => sum + count, 0);
  return pairs.map(([value, count]) => ({ value, count, share: total === 0 ? 0 : count / total, series }));
}

/** A row of {@link intervalChart} from a summary estimate; null when it has no samples. */
export const intervalRow = (label: string, estimate: unknown, extra: Row = {}): Row | null => {
  const interval = asInterval(estimate);
  if (interval === null || interval.n === 0 || !Number.isFinite(centre(interval))) return null;
  return { label, value: centre(interval), lower: interval.lower, upper: interval.upper, n: interval.n, ...extra };
};

/** The rows that are there. */
export const present = (rows: readonly (Row | null)[]): Row[] => rows.filter((row): row is Row => row !== null);

/**
 * A metric path as words for a title: `p1WinRate` → "P1 win rate",
 * `trapSuccess.byRate.rate80.simulated` → "Trap success · by rate · rate80 · simulated".
 */
export function metricTitle(path: string): string {
  const words = path.split('.').map((part) =>
    part
      .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
      .replace(/([0-9])([A-Za-z])/g, '$1 $2')
      .toLowerCase()
      .replace(/\bp (\d)/g, 'P$1')
      .replace(/\bxp\b/g, 'XP'),
  );
  const text = words.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
