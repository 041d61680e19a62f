/**
 * `hordelab sweep`: a grid over game parameters and agent settings (`--vary traps.80=1,2,3
 * --vary seat1.iterations=100,1000`), every configuration on the same match seeds, so the
 * differences between configurations are measured paired. Writes `sweep.csv`, `sweep.json` and
 * `sweep.html` (each metric against the first varied value, with its interval band).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { renderSvg } from '../present/render.js';
import { writeProblem } from '../present/output-folder.js';
import { escapeHtml } from '../present/report-page.js';
import { table } from '../reports/format.js';
import type { CsvValue } from '../reports/report.js';
import { csv } from '../run/play-chunk.js';
import type { Scenario } from '../scenario/scenario.js';
import { Evaluator, pickMetric, refuseUnsafeName, splitValues } from './evaluate.js';

export interface SweepAxis {
  readonly name: string;
  readonly values: readonly string[];
}

export interface SweepPoint {
  /** The value of each axis, as written. */
  readonly values: Record<string, string>;
  readonly matches: number;
  readonly metrics: Record<string, { readonly kind: 'rate' | 'mean'; readonly value: number; readonly lower: number; readonly upper: number; readonly n: number }>;
}

export interface SweepResult {
  readonly scenario: { readonly name: string; readonly file: string; readonly game: string; readonly seed: number };
  readonly matchesPerPoint: number;
  readonly axes: readonly SweepAxis[];
  readonly metrics: readonly string[];
  readonly points: readonly SweepPoint[];
}

/** Parses `--vary name=v1,v2,...`; `a+b=v1,v2` varies a and b together (both seats' iterations). */
export function parseAxis(text: string): SweepAxis {
  const at = text.indexOf('=');
  const name = at < 0 ? '' : text.slice(0, at).trim();
  const values = at < 0 ? [] : splitValues(text.slice(at + 1));
  if (name === '' || values.length === 0) throw new UsageError([{ source: `--vary ${text}`, field: '', message: 'expected name=v1,v2,..., such as --vary actionPoints=2,3,4 or --vary seat1.iterations=100,1000' }]);
  refuseUnsafeName(name, `--vary ${text}`);
  return { name, values };
}

function grid(axes: readonly SweepAxis[]): Record<string, string>[] {
  let points: Record<string, string>[] = [{}];
  for (const axis of axes) points = points.flatMap((point) => axis.values.map((value) => ({ ...point, [axis.name]: value })));
  return points;
}

/** `--set` assignments of a grid point; an axis `a+b` sets both names to its value. */
function assignmentsOf(values: Record<string, string>): string[] {
  return Object.entries(values).flatMap(([name, value]) => name.split('+').map((part) => `${part}=${value}`));
}

export async function runSweep(
  scenario: Scenario,
  axes: readonly SweepAxis[],
  options: {
    readonly metrics?: readonly string[];
    readonly matches?: number;
    readonly workers: number;
    readonly onPoint?: (index: number, total: number, values: Record<string, string>) => void;
    /** Matches played by each batch as it finishes. */
    readonly onPlayed?: (matches: number) => void;
  },
): Promise<SweepResult> {
  if (axes.length === 0) throw new UsageError([{ source: '--vary', field: '', message: 'give at least one --vary name=v1,v2,...' }]);
  const metricNames = options.metrics && options.metrics.length > 0 ? options.metrics : [scenario.entry.defaultMetric];
  const matches = options.matches ?? scenario.matches;
  const evaluator = new Evaluator(scenario.source, options.workers, options.onPlayed);
  const points: SweepPoint[] = [];
  try {
    const all = grid(axes);
    // Every configuration and metric is checked before any match runs: a typo must not cost the
    // sweep. (Deeper metric names, such as one card's, exist only once matches are played.)
    for (const values of all) await evaluator.scenario(assignmentsOf(values));
    const { report } = scenario.entry;
    const empty = report.summarize(report.emptyAggregate(), 0.95, 1) as Record<string, unknown>;
    for (const name of metricNames) {
      if (!Object.hasOwn(empty, name.split('.')[0] as string) && !name.startsWith('outcomes.')) {
        throw new UsageError([{ source: '--metric', field: '', message: `no metric "${name}" in ${scenario.entry.game.id} results; they start with: ${Object.keys(empty).join(', ')}` }]);
      }
    }
    for (const [index, values] of all.entries()) {
      options.onPoint?.(index, all.length, values);
      const evaluation = await evaluator.start(assignmentsOf(values));
      await evaluator.extend(evaluation, matches);
      const metrics = await evaluator.metrics(evaluation);
      const picked: SweepPoint['metrics'] = {};
      for (const name of metricNames) {
        const metric = pickMetric(metrics, name, '--metric');
        picked[name] = { kind: metric.kind, value: metric.value, lower: metric.lower, upper: metric.upper, n: metric.n };
      }
      points.push({ values, matches: evaluation.matches, metrics: picked });
    }
  } finally {
    await evaluator.close();
  }
  return {
    scenario: { name: scenario.name, file: scenario.file, game: scenario.entry.game.id, seed: scenario.seed },
    matchesPerPoint: matches,
    axes,
    metrics: metricNames,
    points,
  };
}

/** The sweep as a text table. */
export function formatSweep(result: SweepResult): string {
  const header = [...result.axes.map((axis) => axis.name), ...result.metrics.map((metric) => `${metric} [95%]`)];
  const format = (value: number, kind: 'rate' | 'mean'): string => (kind === 'rate' ? `${(100 * value).toFixed(1)}%` : value.toFixed(2));
  const rows = result.points.map((point) => [
    ...result.axes.map((axis) => point.values[axis.name] ?? ''),
    ...result.metrics.map((metric) => {
      const figure = point.metrics[metric];
      return figure === undefined ? '-' : `${format(figure.value, figure.kind)} [${format(figure.lower, figure.kind)}, ${format(figure.upper, figure.kind)}]`;
    }),
  ]);
  const lines = table(header, rows, result.axes.length).split('\n');
  lines.push(`(${result.matchesPerPoint} matches per configuration, all on the same seeds from run seed ${result.scenario.seed})`);
  return lines.join('\n');
}

/** One chart per metric: the metric against the first axis, one line per combination of the others. */
function sweepChart(result: SweepResult, metric: string): Record<string, unknown> {
  const [first, ...others] = result.axes;
  const numeric = first !== undefined && first.values.every((value) => Number.isFinite(Number(value)));
  const rows = result.points.map((point) => ({
    x: numeric ? Number(point.values[first?.name ?? '']) : point.values[first?.name ?? ''],
    series: others.map((axis) => `${axis.name}=${point.values[axis.name]}`).join(', ') || metric,
    value: point.metrics[metric]?.value ?? null,
    lower: point.metrics[metric]?.lower ?? null,
    upper: point.metrics[metric]?.upper ?? null,
  }));
  const x = { field: 'x', type: numeric ? 'quantitative' : 'ordinal', title: first?.name ?? '', scale: numeric ? { zero: false } : undefined };
  const colour = { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom' } };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 560,
    height: 300,
    background: 'white',
    config: { font: 'Helvetica, Arial, sans-serif', view: { stroke: null } },
    data: { values: rows },
    layer: [
      { mark: { type: 'area', opacity: 0.2 }, encoding: { x, y: { field: 'lower', type: 'quantitative', title: metric }, y2: { field: 'upper' }, color: colour } },
      { mark: { type: 'line', point: true }, encoding: { x, y: { field: 'value', type: 'quantitative', scale: { zero: false } }, color: colour } },
    ],
  };
}

/** The files `hordelab sweep` writes: the only names it may replace in a folder. */
export const SWEEP_FILES: readonly string[] = ['sweep.csv', 'sweep.json', 'sweep.html'];

/** Writes sweep.csv, sweep.json and sweep.html into `outDir`; returns the paths. */
export async function writeSweep(result: SweepResult, outDir: string): Promise<string[]> {
  const header = [...result.axes.map((axis) => axis.name), 'matches', ...result.metrics.flatMap((metric) => [metric, `${metric}Lower`, `${metric}Upper`, `${metric}N`])];
  const rows: CsvValue[][] = result.points.map((point) => [
    ...result.axes.map((axis) => point.values[axis.name] ?? ''),
    point.matches,
    ...result.metrics.flatMap((metric): CsvValue[] => {
      const figure = point.metrics[metric];
      return figure === undefined ? ['', '', '', ''] : [figure.value, figure.lower, figure.upper, figure.n];
    }),
  ]);
  const charts: string[] = [];
  for (const metric of result.metrics) charts.push(`<figure><h3>${escapeHtml(metric)}</h3>${await renderSvg(sweepChart(result, metric))}<figcaption>Line: the estimate; band: its 95% interval. Every point on the same match seeds.</figcaption></figure>`);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sweep: ${escapeHtml(result.scenario.name)}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;color:#222}pre{background:#f6f6f6;padding:.8rem;font-size:.8rem;overflow-x:auto}figcaption{color:#555;font-size:.85rem}</style>
</head><body>
<h1>Sweep: ${escapeHtml(result.scenario.name)}</h1>
<p>${escapeHtml(result.scenario.file)}, game ${escapeHtml(result.scenario.game)}, run seed ${result.scenario.seed}; ${result.matchesPerPoint} matches per configuration.</p>
<pre>${escapeHtml(formatSweep(result))}</pre>
${charts.join('\n')}
</body></html>
`;
  const files: [string, string][] = [
    ['sweep.csv', csv([header, ...rows])],
    ['sweep.json', `${JSON.stringify(result, null, 2)}\n`],
    ['sweep.html', html],
  ];
  const written: string[] = [];
  try {
    mkdirSync(outDir, { recursive: true });
    for (const [name, text] of files) {
      const path = join(outDir, name);
      writeFileSync(`${path}.tmp`, text);
      renameSync(`${path}.tmp`, path);
      written.push(path);
    }
  } catch (error) {
    throw writeProblem(error, outDir, outDir);
  }
  return written;
}
