/** Integer Duel's report charts: sides, per-card effects and round win rates. */
import { get, histogramChart, histogramRows, intervalChart, intervalRow, isRecord, present, type ChartSpec, type Row } from '../../present/chart-kit.js';

export function integerDuelCharts(results: Record<string, unknown>): ChartSpec[] {
  const charts: ChartSpec[] = [];
  const outcome = (label: string, figures: unknown): (Row | null)[] => [
    intervalRow(label, get(figures, 'plantsWinRate'), { group: 'Plants' }),
    intervalRow(label, get(figures, 'zombiesWinRate'), { group: 'Zombies' }),
    intervalRow(label, get(figures, 'drawRate'), { group: 'draws' }),
  ];
  const sides = present([
    ...outcome('all games', results),
    ...outcome('Plants started round 1', get(results, 'byFirstStarter', 'plants')),
    ...outcome('Zombies started round 1', get(results, 'byFirstStarter', 'zombies')),
  ]);
  if (sides.length > 0) {
    charts.push({
      id: 'sides',
      title: 'Plants, Zombies and draws',
      caption: 'Win rates with 95% intervals, overall and by who started round 1.',
      spec: intervalChart(sides, { axis: 'rate', percent: true, group: 'group', domain: [0, 1] }),
    });
  }
  const cards = get(results, 'cards');
  if (isRecord(cards)) {
    const effect: Row[] = [];
    const winRates: Row[] = [];
    for (const [side, list] of Object.entries(cards)) {
      if (!isRecord(list)) continue;
      for (const [name, figure] of Object.entries(list)) {
        if (typeof get(figure, 'played') === 'number' && (get(figure, 'played') as number) < 30) continue;
        const label = `${side} ${name}`;
        const row = intervalRow(label, get(figure, 'meanEffectOnRoundValue'), { side });
        if (row) effect.push(row);
        const played = intervalRow(label, get(figure, 'playedRoundWinRate'), { group: 'played' });
        const held = intervalRow(label, get(figure, 'heldNotPlayedRoundWinRate'), { group: 'held, not played' });
        if (played) winRates.push(played);
        if (held) winRates.push(held);
      }
    }
    if (effect.length > 0) {
      charts.push({
        id: 'card-effect',
        title: 'Per-card effect on the round value',
        caption: "Mean change of the round value a play caused, for the card's side, with 95% intervals (cards played 30 times or more).",
        spec: intervalChart(effect, { axis: 'mean change of the round value', percent: false, group: 'side' }),
      });
    }
    if (winRates.length > 0) {
      charts.push({
        id: 'card-rounds',
        title: 'Round win rate when a card is played against when it is held back',
        caption: 'A card that wins more rounds when played than when held is worth playing; the gap is its weight in the deck.',
        spec: intervalChart(winRates, { axis: 'round win rate', percent: true, group: 'group', domain: [0, 1] }),
      });
    }
  }
  return charts;
}
