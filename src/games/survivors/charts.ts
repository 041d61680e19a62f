/** Survivors' report charts: sides and end conditions, per-card rates against exact, action points by kind. */
import { exactComparisonChart, FAIR, get, intervalChart, intervalRow, isRecord, present, type ChartSpec, type HistogramCap, type Row } from '../../present/chart-kit.js';
import type { RunSummary } from '../../present/metrics.js';

/** Survivors' own charts for report.html, from a run's results. */
export function survivorsCharts(results: Record<string, unknown>): ChartSpec[] {
  const charts: ChartSpec[] = [];
  const ends = get(results, 'endCondition');
  if (isRecord(ends)) {
    const rows = present([
      intervalRow('Humans win', results['humansWinRate'], { group: 'sides' }),
      intervalRow('Zombies win', results['zombiesWinRate'], { group: 'sides' }),
      ...Object.entries(ends).map(([condition, estimate]) => intervalRow(`ends by ${condition}`, estimate, { group: 'end conditions' })),
    ]);
    charts.push({ id: 'sides', title: 'Sides and end conditions', caption: 'Win rates and the share of games ending each way, with 95% intervals.', spec: intervalChart(rows, { axis: 'share of games', percent: true, group: 'group', references: [FAIR] }) });
  }
  const cards = get(results, 'cards');
  if (isRecord(cards)) {
    for (const [rate, exactKey, title] of [
      ['killRate', 'exactKill', 'kill'],
      ['pushRate', 'exactPush', 'push'],
      ['breakRate', 'exactBreak', 'break'],
    ] as const) {
      const rows: Row[] = [];
      for (const [name, card] of Object.entries(cards)) {
        for (const aim of ['unaimed', 'aimed'] as const) {
          const attack = get(card, aim);
          if (typeof get(attack, 'attacks') !== 'number' || (get(attack, 'attacks') as number) < 20) continue;
          const row = intervalRow(`${name}${aim === 'aimed' ? ' (aimed)' : ''}`, get(attack, rate), { exact: (get(attack, exactKey) as number | null | undefined) ?? null });
          if (row) rows.push(row);
        }
      }
      if (rows.length > 0) {
        charts.push({
          id: `card-${title}`,
          title: `Per-card ${title} rate per attack: simulated against exact`,
          caption: `Simulated ${title} rate with 95% intervals (cards with 20 attacks or more); orange diamonds: the exact rate from the card's icons, aim included. Right: simulated minus exact, in points.`,
          spec: exactComparisonChart(rows, { axis: `${title} rate`, percent: true }),
        });
      }
    }
  }
  const mix = get(results, 'actionMix');
  if (isRecord(mix)) {
    const rows = present([
      ...Object.entries(mix).map(([kind, figure]) => intervalRow(kind, get(figure, 'pointsPerGame'))),
      intervalRow('left unspent', get(results, 'actionPoints', 'unspentPerGame')),
    ]);
    charts.push({
      id: 'action-mix',
      title: "The humans' action points",
      caption: 'Action points spent per game on each kind of action, with 95% intervals; "left unspent" is what activations ended with (a pass, or a downing wound).',
      spec: intervalChart(rows, { axis: 'action points per game', percent: false }),
    });
  }
  return charts;
}

/** Rule 8: the game ends after `roundLimit` rounds (survived, or time ran out in an escape). */
export function survivorsLengthCap(summary: RunSummary): HistogramCap | null {
  const limit = summary.scenario.params['roundLimit'];
  return typeof limit === 'number' ? { value: limit, note: `the round limit, roundLimit = ${limit} (rule 8)` } : null;
}
