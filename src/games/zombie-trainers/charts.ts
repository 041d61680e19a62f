/** Zombie Trainers' report charts: the tie advantage, trap success against the exact chance, final XP. */
import { exactComparisonChart, FAIR, get, histogramChart, histogramRows, intervalChart, intervalRow, isRecord, present, type ChartSpec, type HistogramCap } from '../../present/chart-kit.js';
import type { RunSummary } from '../../present/metrics.js';

/** Zombie Trainers' own charts for report.html, from a run's results. */
export function zombieTrainersCharts(results: Record<string, unknown>): ChartSpec[] {
  const charts: ChartSpec[] = [];
  const tie = present([
    intervalRow('P1 wins', results['p1WinRate'], { group: 'win rates' }),
    intervalRow('P2 wins', results['p2WinRate'], { group: 'win rates' }),
    intervalRow('P1 wins if ties were draws', get(results, 'tieRule', 'p1WinRateIfTiesDraw'), { group: 'win rates' }),
    intervalRow('games ending on equal XP', get(results, 'tieRule', 'tieRate'), { group: 'the tie rule' }),
    intervalRow("share of P1's wins from the tie rule", get(results, 'tieRule', 'p1WinsFromTieShare'), { group: 'the tie rule' }),
  ]);
  if (tie.length > 0) {
    charts.push({
      id: 'tie-advantage',
      title: "First player's tie advantage",
      caption: 'Player 1 wins ties (rule 28): compare P1 wins with P1 wins if ties were draws to see how much of the edge is the tie rule.',
      spec: intervalChart(tie, { axis: 'rate', percent: true, group: 'group', references: [FAIR] }),
    });
  }
  const byRate = get(results, 'trapSuccess', 'byRate');
  if (isRecord(byRate)) {
    const rows = present(
      Object.values(byRate).map((figure) => intervalRow(`trap rate ${String(get(figure, 'trapRate'))}%`, get(figure, 'simulated'), { exact: (get(figure, 'exact') as number | undefined) ?? null })),
    );
    if (rows.length > 0) {
      charts.push({
        id: 'trap-rate',
        title: 'Trap success per trap rate: simulated against exact',
        caption: 'Points and lines: simulated success with 95% intervals; orange diamonds: the exact chance of rule 17 over the dice and R. Right: simulated minus exact, in points.',
        spec: exactComparisonChart(rows, { axis: 'success rate', percent: true }),
      });
    }
  }
  const byDifference = get(results, 'trapSuccess', 'byDifference');
  if (isRecord(byDifference)) {
    const rows = present(
      Object.values(byDifference).map((figure) =>
        intervalRow(`A − D = ${String(get(figure, 'difference'))}`, get(figure, 'simulated'), { exact: (get(figure, 'exactGivenTrapsUsed') as number | undefined) ?? null }),
      ),
    );
    if (rows.length > 0) {
      charts.push({
        id: 'trap-difference',
        title: 'Trap success per A − D: simulated against exact',
        caption: 'Orange diamonds: the exact chance given the traps actually used at that A − D. Right: simulated minus exact, in points.',
        spec: exactComparisonChart(rows, { axis: 'success rate', percent: true }),
      });
    }
  }
  const xp = [...histogramRows(get(results, 'xp', 'p1', 'histogram'), 'P1'), ...histogramRows(get(results, 'xp', 'p2', 'histogram'), 'P2')];
  if (xp.length > 0) charts.push({ id: 'xp', title: 'Final XP', caption: 'Share of games ending with each XP, per player.', spec: histogramChart(xp, 'XP at the end', true) });
  return charts;
}

/** Rule 29: a match that reaches `maxRounds` ends there, counted as capped. */
export function zombieTrainersLengthCap(summary: RunSummary): HistogramCap | null {
  const maxRounds = summary.scenario.params['maxRounds'];
  return typeof maxRounds === 'number' ? { value: maxRounds, note: `capped at maxRounds = ${maxRounds} (rule 29)` } : null;
}
