/** Zombie Trainers' report charts: the tie advantage, trap success against the exact chance, final XP. */
import { exactComparisonChart, FAIR, get, histogramChart, histogramRows, intervalChart, intervalRow, isRecord, present, type ChartSpec, type HistogramCap } from '../../present/chart-kit.js';
import type { RunSummary } from '../../present/metrics.js';
import { fixedHalfEven } from '../../reports/format.js';

/** Zombie Trainers' own charts for report.html, from a run's results. */
export function zombieTrainersCharts(results: Record<string, unknown>): ChartSpec[] {
  const charts: ChartSpec[] = [];
  const tie = present([
    intervalRow('P1 wins (ties included)', results['p1WinRate'], { group: 'win rates' }),
    intervalRow('P2 wins', results['p2WinRate'], { group: 'win rates' }),
    intervalRow('P1 ahead on XP', get(results, 'tieRule', 'p1WinRateIfTiesDraw'), { group: 'how matches end on XP' }),
    intervalRow('P2 ahead on XP', get(results, 'tieRule', 'p2WinRateIfTiesDraw'), { group: 'how matches end on XP' }),
    intervalRow('equal XP (to P1, rule 28)', get(results, 'tieRule', 'tieRate'), { group: 'how matches end on XP' }),
    intervalRow('P1 among decided matches', get(results, 'decided', 'p1WinRate'), { group: 'decided matches' }),
  ]);
  if (tie.length > 0) {
    charts.push({
      id: 'tie-advantage',
      title: 'Who wins, and what the tie rule hands player 1',
      caption:
        "A match ends with P1 ahead on XP, P2 ahead, or equal; rule 28 gives equal XP to P1, so P1's win rate is the first plus the third. " +
        "P1 among decided matches is P1's share of the matches not tied: read it against the dashed 50%.",
      spec: intervalChart(tie, { axis: 'rate', percent: true, group: 'group', references: [FAIR] }),
    });
  }
  const ends = present(
    (['trapsExhausted', 'capped'] as const).flatMap((reason) => {
      const label = reason === 'capped' ? 'capped (rule 29)' : 'traps exhausted (rule 27)';
      return [
        intervalRow(label, get(results, 'byEnd', reason, 'share'), { group: 'share of matches' }),
        intervalRow(label, get(results, 'byEnd', reason, 'p1WinRate'), { group: 'P1 wins' }),
        intervalRow(label, get(results, 'byEnd', reason, 'decidedP1WinRate'), { group: 'P1 among decided' }),
      ];
    }),
  );
  if (ends.length > 0) {
    charts.push({
      id: 'by-end',
      title: 'The headlines by how the match ended',
      caption: 'Matches end when every trap is used (rule 27) or at the round cap (rule 29); each figure here counts only the matches that ended that way.',
      spec: intervalChart(ends, { axis: 'rate', percent: true, group: 'group', references: [FAIR] }),
    });
  }
  const byRate = get(results, 'trapSuccess', 'byRate');
  if (isRecord(byRate)) {
    const rows = present(
      Object.values(byRate).map((figure) => {
        const exact = get(figure, 'exact');
        // The trap table gives the exact rate to two decimals (78.89%): its hover says the same (review 39s R6).
        const exactText = typeof exact === 'number' ? { exactText: `${fixedHalfEven(100 * exact, 2)}%` } : {};
        return intervalRow(`trap rate ${String(get(figure, 'trapRate'))}%`, get(figure, 'simulated'), { exact: typeof exact === 'number' ? exact : null, ...exactText });
      }),
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
