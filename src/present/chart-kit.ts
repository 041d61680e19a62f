/**
 * The building blocks of report charts: Vega-Lite specifications built from a run's
 * `summary.json`. Charts are data, not drawing code: `render.ts` compiles them with vega-lite
 * and renders SVG with vega in Node, so the page needs no script and no network. Each game's
 * folder builds its own charts from these (`src/games/<id>/charts.ts`).
 */

/** One chart of the report. */
export interface ChartSpec {
  readonly id: string;
  readonly title: string;
  /** What to read in it, one sentence under the chart. */
  readonly caption: string;
  readonly spec: Record<string, unknown>;
}

export interface Interval {
  readonly rate?: number;
  readonly mean?: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
}

export type Row = Record<string, string | number | boolean | null>;

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const asInterval = (value: unknown): Interval | null =>
  isRecord(value) && typeof value['lower'] === 'number' && typeof value['upper'] === 'number' && typeof value['n'] === 'number' ? (value as unknown as Interval) : null;
export const centre = (interval: Interval): number => interval.rate ?? interval.mean ?? Number.NaN;
export const get = (value: unknown, ...path: string[]): unknown => path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), value);

const WIDTH = 560;
const FONT = 'Helvetica, Arial, sans-serif';
const base = (height: number): Record<string, unknown> => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  width: WIDTH,
  height,
  background: 'white',
  config: { font: FONT, axis: { labelFontSize: 11, titleFontSize: 12 }, legend: { labelFontSize: 11, titleFontSize: 12 }, view: { stroke: null } },
});

/**
 * Estimates as points with their interval as a rule, one row per label, optionally coloured by
 * group, with an optional exact value per row drawn as a black tick.
 */
export function intervalChart(rows: readonly Row[], options: { readonly axis: string; readonly percent: boolean; readonly group?: string; readonly exact?: boolean; readonly domain?: [number, number] }): Record<string, unknown> {
  const format = options.percent ? '.0%' : '.2f';
  const x = { field: 'value', type: 'quantitative', title: options.axis, axis: { format }, ...(options.domain ? { scale: { domain: options.domain } } : { scale: { zero: false } }) };
  const y = { field: 'label', type: 'nominal', title: null, sort: null, axis: { labelLimit: 320 } };
  const grouped = options.group !== undefined && new Set(rows.map((row) => row[options.group as string])).size > 1;
  const colour = grouped ? { color: { field: options.group, type: 'nominal', title: null, legend: { orient: 'bottom' } } } : {};
  const offset = grouped ? { yOffset: { field: options.group, type: 'nominal' } } : {};
  const tooltip = [
    { field: 'label', type: 'nominal' },
    { field: 'value', type: 'quantitative', format: options.percent ? '.1%' : '.3f' },
    { field: 'lower', type: 'quantitative', format: options.percent ? '.1%' : '.3f' },
    { field: 'upper', type: 'quantitative', format: options.percent ? '.1%' : '.3f' },
  ];
  const layers: Record<string, unknown>[] = [
    { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'lower', type: 'quantitative' }, x2: { field: 'upper' }, y, ...offset, ...colour } },
    { mark: { type: 'point', filled: true, size: 60 }, encoding: { x, y, ...offset, ...colour, tooltip } },
  ];
  if (options.exact === true) {
    layers.push({
      transform: [{ filter: 'isValid(datum.exact)' }],
      mark: { type: 'tick', color: 'black', thickness: 2, size: 14 },
      encoding: { x: { field: 'exact', type: 'quantitative' }, y, ...offset },
    });
  }
  const labels = new Set(rows.map((row) => row['label'])).size;
  const groups = grouped ? new Set(rows.map((row) => row[options.group as string])).size : 1;
  return { ...base(Math.max(60, labels * (groups > 1 ? 14 + 10 * groups : 22))), data: { values: rows }, layer: layers };
}

/** A histogram from `[value, count]` pairs, one series per group. */
export function histogramChart(rows: readonly Row[], axis: string, grouped: boolean): Record<string, unknown> {
  return {
    ...base(220),
    data: { values: rows },
    mark: { type: 'bar', opacity: grouped ? 0.6 : 0.9 },
    encoding: {
      x: { field: 'value', type: 'quantitative', title: axis, bin: false },
      y: { field: 'share', type: 'quantitative', title: 'share of games', axis: { format: '.0%' }, stack: null },
      ...(grouped ? { color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom' } } } : {}),
      tooltip: [
        { field: 'value', type: 'quantitative' },
        { field: 'count', type: 'quantitative' },
      ],
    },
  };
}

export function histogramRows(histogram: unknown, series: string): Row[] {
  if (!Array.isArray(histogram)) return [];
  const pairs = histogram.filter((pair): pair is [number, number] => Array.isArray(pair) && typeof pair[0] === 'number' && typeof pair[1] === 'number');
  const total = pairs.reduce((sum, [, count]) => sum + count, 0);
  return pairs.map(([value, count]) => ({ value, count, share: total === 0 ? 0 : count / total, series }));
}

export const intervalRow = (label: string, estimate: unknown, extra: Row = {}): Row | null => {
  const interval = asInterval(estimate);
  if (interval === null || interval.n === 0) return null;
  return { label, value: centre(interval), lower: interval.lower, upper: interval.upper, n: interval.n, ...extra };
};
export const present = (rows: readonly (Row | null)[]): Row[] => rows.filter((row): row is Row => row !== null);

