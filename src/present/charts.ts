/**
 * Every chart of a run's report, in reading order: the win rates every game has, then the
 * game's own charts (from its folder, through the registry), then game length.
 */
import { FAIR, get, histogramChart, histogramRows, intervalChart, intervalRow, isRecord, metricTitle, present, type ChartSpec, type HistogramCap, type Row } from './chart-kit.js';
import { UsageError } from '../core/errors.js';
import { chartUrlProblem } from './chart-urls.js';
import type { RunSummary } from './metrics.js';
import { callGamePart, GAME_MODULE_FIX, gameModuleFile, summaryGame } from './summary-game.js';

export type { ChartSpec } from './chart-kit.js';

/** `seat2` → the game's name for that seat ("Zombies"), or the key itself when unknown. */
export function seatName(seatKey: string, seatNames: readonly string[]): string {
  const index = Number(seatKey.replace(/^seat/, ''));
  return seatNames[index - 1] ?? seatKey;
}

/** Win rates per agent (and per agent and seat) with their intervals: every game. */
function outcomeChart(summary: RunSummary): ChartSpec | null {
  const seatNames = summaryGame(summary.scenario)?.game.seats ?? [];
  const byAgent = get(summary.outcomes, 'byAgent');
  const rows: Row[] = [];
  const order: string[] = [];
  if (isRecord(byAgent) && Object.keys(byAgent).length > 1) {
    order.push('all seats');
    for (const [agent, figures] of Object.entries(byAgent)) {
      const overall = intervalRow(agent, get(figures, 'overall', 'win'), { group: 'all seats' });
      if (overall) rows.push(overall);
      const bySeat = get(figures, 'bySeat');
      if (isRecord(bySeat)) for (const [seat, figure] of Object.entries(bySeat)) {
        const group = `as ${seatName(seat, seatNames)}`;
        if (!order.includes(group)) order.push(group);
        const row = intervalRow(agent, get(figure, 'win'), { group });
        if (row) rows.push(row);
      }
    }
  } else {
    const bySeat = get(summary.outcomes, 'bySeat');
    if (isRecord(bySeat)) for (const [seat, figure] of Object.entries(bySeat)) {
      const index = Number(seat.replace(/^seat/, ''));
      const agent = summary.scenario.seats[index - 1]?.name;
      const label = agent === undefined ? seatName(seat, seatNames) : `${seatName(seat, seatNames)} (${agent})`;
      const row = intervalRow(label, get(figure, 'win'), { group: 'wins' });
      if (row) rows.push(row);
    }
  }
  if (rows.length === 0) return null;
  return {
    id: 'outcomes',
    title: 'Win rates with 95% intervals',
    caption: 'Each point is a win rate; the line through it its 95% interval. Intervals that do not overlap differ beyond chance.',
    spec: intervalChart(rows, { axis: 'win rate', percent: true, group: 'group', groupOrder: order.length > 0 ? order : ['wins'], references: seatNames.length === 2 ? [FAIR] : [] }),
  };
}

/**
 * One chart per figure unit of the game (`GameModule.figures`) and kind of figure: its rates on
 * a percent axis, its means and ratios on their own, each with its interval.
 */
function figureUnitCharts(summary: RunSummary, units: NonNullable<GameModuleFigures>): ChartSpec[] {
  const charts: ChartSpec[] = [];
  for (const unit of units) {
    const figures = get(summary.results, 'figures', unit.name);
    if (!isRecord(figures)) continue;
    for (const percent of [true, false]) {
      const rows = present(
        Object.entries(figures)
          .filter(([, figure]) => (get(figure, 'kind') === 'rate') === percent)
          .map(([name, figure]) => intervalRow(metricTitle(name), figure)),
      );
      if (rows.length === 0) continue;
      charts.push({
        id: `figures-${unit.name}${percent ? '-rates' : ''}`,
        title: unit.title,
        caption: `${unit.description} Each point with its 95% interval (results.figures.${unit.name}).`,
        spec: intervalChart(rows, { axis: percent ? 'rate' : 'per match', percent }),
      });
    }
  }
  return charts;
}

type GameModuleFigures = NonNullable<ReturnType<typeof summaryGame>>['figures'];

/** Every chart the report shows for this run, in reading order. */
export function chartsFor(summary: RunSummary): ChartSpec[] {
  const results = summary.results;
  const entry = summaryGame(summary.scenario);
  const charts: ChartSpec[] = [];
  const outcomes = outcomeChart(summary);
  if (outcomes) charts.push(outcomes);
  if (entry?.charts) {
    const own = callGamePart(summary.scenario, 'charts', () => {
      const made: unknown = entry.charts!(results, summary);
      if (!Array.isArray(made)) throw new Error(`returned ${made === null ? 'null' : typeof made}, expected a list of charts`);
      made.forEach((chart: unknown, index) => {
        const problem = chartProblem(chart);
        if (problem !== null) throw new Error(`returned a chart (number ${index + 1}) ${problem}`);
      });
      return made as ChartSpec[];
    });
    const source = gameModuleFile(summary.scenario);
    for (const chart of own) refuseChartUrls(chart, source ?? summary.scenario.game);
    charts.push(...own.map((chart) => (source === undefined ? chart : { ...chart, source })));
  }
  if (entry?.figures) charts.push(...figureUnitCharts(summary, entry.figures));
  const rounds = histogramRows(get(results, 'rounds', 'histogram') ?? get(results, 'moves', 'histogram'), 'games');
  if (rounds.length > 0) {
    const moves = get(results, 'rounds') === undefined;
    const limit = entry?.lengthCap === undefined ? undefined : (callGamePart(summary.scenario, 'lengthCap', () => checkedCap(entry.lengthCap!(summary))) ?? undefined);
    // Only a limit some game reached is worth a note.
    const cap = limit !== undefined && rounds.some((row) => row['value'] === limit.value && Number(row['count']) > 0) ? limit : undefined;
    charts.push({
      id: 'length',
      title: 'Game length',
      caption: `${moves ? 'Share of games by number of moves.' : 'Share of games by rounds played.'}${cap ? ` The bar at ${cap.value} (in orange) holds the games that reached the limit: ${cap.note}.` : ''}`,
      spec: histogramChart(rounds, moves ? 'moves' : 'rounds', false, cap),
    });
  }
  return charts;
}

/**
 * Refuses a game's own chart that names a resource by URL (data fetched while drawing, an image
 * or a link the page would load or follow): a report fetches nothing (audit 39a F3, F4).
 * @throws UsageError naming `source` (the game module's file), the chart and where its URL is.
 */
function refuseChartUrls(chart: ChartSpec, source: string): void {
  const where = chartUrlProblem(chart.spec);
  if (where === null) return;
  throw new UsageError([
    {
      source,
      field: `charts (chart "${chart.id}")`,
      message: `names a resource by URL at ${where}; a report is one self-contained file with nothing fetched, so a chart's data must be inline values (data.values) and no URL may appear in it (a data: URI given as a constant is the one allowed, for an image); ${GAME_MODULE_FIX}`,
    },
  ]);
}

/** What is wrong with a chart a game module's `charts` returned, or null: a page needs each part. */
function chartProblem(chart: unknown): string | null {
  if (typeof chart !== 'object' || chart === null) return `that is ${chart === null ? 'null' : typeof chart}, expected { id, title, caption, spec }`;
  const { id, title, caption, spec } = chart as Record<string, unknown>;
  for (const [name, value] of [['id', id], ['title', title], ['caption', caption]] as const) {
    if (typeof value !== 'string') return `whose ${name} is ${value === null ? 'null' : typeof value}, expected text`;
  }
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return 'whose spec is not an object, expected a Vega-Lite specification';
  return null;
}

/** A game's `lengthCap` answer, when it is one: null, or a finite `value` and a `note` of text (review 31c: a note of {} was drawn as "[object Object]"). */
function checkedCap(cap: unknown): HistogramCap | null {
  if (cap === null || cap === undefined) return null;
  const { value, note } = (typeof cap === 'object' ? cap : {}) as { value?: unknown; note?: unknown };
  if (typeof value === 'number' && Number.isFinite(value) && typeof note === 'string') return { value, note };
  throw new Error(`returned ${typeof cap === 'object' ? `{ value: ${typeof value}, note: ${typeof note} }` : typeof cap}, expected null or { value, note }: a number of rounds or moves and a line of text`);
}
