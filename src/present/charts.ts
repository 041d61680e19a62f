/**
 * Every chart of a run's report, in reading order: the win rates every game has, then the
 * game's own charts (from its folder, through the registry), then game length.
 */
import { games } from '../registry.js';
import { get, histogramChart, histogramRows, intervalChart, intervalRow, isRecord, type ChartSpec, type Row } from './chart-kit.js';
import type { RunSummary } from './metrics.js';

export type { ChartSpec } from './chart-kit.js';

/** Win rates per agent (and per agent and seat) with their intervals: every game. */
function outcomeChart(summary: RunSummary): ChartSpec | null {
  const byAgent = get(summary.outcomes, 'byAgent');
  const rows: Row[] = [];
  if (isRecord(byAgent) && Object.keys(byAgent).length > 1) {
    for (const [agent, figures] of Object.entries(byAgent)) {
      const overall = intervalRow(agent, get(figures, 'overall', 'win'), { group: 'all seats' });
      if (overall) rows.push(overall);
      const bySeat = get(figures, 'bySeat');
      if (isRecord(bySeat)) for (const [seat, figure] of Object.entries(bySeat)) {
        const row = intervalRow(agent, get(figure, 'win'), { group: `as ${seat}` });
        if (row) rows.push(row);
      }
    }
  } else {
    const bySeat = get(summary.outcomes, 'bySeat');
    if (isRecord(bySeat)) for (const [seat, figure] of Object.entries(bySeat)) {
      const index = Number(seat.replace(/^seat/, ''));
      const name = summary.scenario.seats[index - 1]?.name;
      const row = intervalRow(name === undefined ? seat : `seat ${index} (${name})`, get(figure, 'win'), { group: 'wins' });
      if (row) rows.push(row);
    }
  }
  if (rows.length === 0) return null;
  return {
    id: 'outcomes',
    title: 'Win rates with 95% intervals',
    caption: 'Each point is a win rate; the line through it its 95% interval. Intervals that do not overlap differ beyond chance.',
    spec: intervalChart(rows, { axis: 'win rate', percent: true, group: 'group', domain: [0, 1] }),
  };
}

/** Every chart the report shows for this run, in reading order. */
export function chartsFor(summary: RunSummary): ChartSpec[] {
  const results = summary.results;
  const charts: ChartSpec[] = [];
  const outcomes = outcomeChart(summary);
  if (outcomes) charts.push(outcomes);
  const gameCharts = games.get(summary.scenario.game)?.charts;
  if (gameCharts) charts.push(...gameCharts(results, summary));
  const rounds = histogramRows(get(results, 'rounds', 'histogram') ?? get(results, 'moves', 'histogram'), 'games');
  if (rounds.length > 0) {
    const moves = get(results, 'rounds') === undefined;
    charts.push({
      id: 'length',
      title: 'Game length',
      caption: moves ? 'Share of games by number of moves.' : 'Share of games by rounds played.',
      spec: histogramChart(rounds, moves ? 'moves' : 'rounds', false),
    });
  }
  return charts;
}
