/** Integer Duel's report charts: sides, per-spell effects and round win rates per card. */
import { FAIR, get, histogramChart, histogramRows, intervalChart, intervalRow, isRecord, present, type ChartSpec, type HistogramCap, type Row } from '../../present/chart-kit.js';
import type { RunSummary } from '../../present/metrics.js';
import { parseCard } from './cards.js';

/** The sides as the legend names them, in seat order. */
const SIDES = ['Plants', 'Zombies', 'draws'];

/** Integer Duel's own charts for report.html, from a run's results. */
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
      spec: intervalChart(sides, { axis: 'rate', percent: true, group: 'group', groupOrder: SIDES.filter((side) => sides.some((row) => row['group'] === side)), references: [FAIR] }),
    });
  }
  const decks = present(
    (['plants', 'zombies'] as const).flatMap((side) => {
      const label = side === 'plants' ? 'Plants' : 'Zombies';
      return [
        intervalRow(label, get(results, 'decks', side, 'winRate'), { group: 'games won' }),
        intervalRow(label, get(results, 'decks', side, 'roundWinRate'), { group: 'rounds won' }),
      ];
    }),
  );
  const tiedRounds = intervalRow('tied rounds', get(results, 'roundResults', 'tieRate'), { group: 'rounds won' });
  if (tiedRounds) decks.push(tiedRounds);
  if (decks.length > 0) {
    charts.push({
      id: 'decks',
      title: 'Each deck: games and rounds won',
      caption: 'Games won, and the share of the rounds scored that each side won; a tied round (value 0) is won by neither side and its cards stay on the table (rule 13).',
      spec: intervalChart(decks, { axis: 'rate', percent: true, group: 'group', groupOrder: ['games won', 'rounds won'], references: [FAIR] }),
    });
  }
  const roundValues = histogramRows(get(results, 'roundResults', 'value', 'histogram'), 'rounds');
  if (roundValues.length > 0) {
    charts.push({
      id: 'round-values',
      title: 'Round values',
      caption: 'Share of the rounds scored with each value (the table\'s sum): positive scores for Plants, negative for Zombies, 0 is a tied round.',
      spec: histogramChart(roundValues, 'round value', false, undefined, 'rounds'),
    });
  }
  const cards = get(results, 'cards');
  if (isRecord(cards)) {
    const effect: Row[] = [];
    const winRates: Row[] = [];
    for (const [side, list] of Object.entries(cards)) {
      if (!isRecord(list)) continue;
      const sideName = side === 'plants' ? 'Plants' : side === 'zombies' ? 'Zombies' : side;
      for (const [name, figure] of Object.entries(list)) {
        if (typeof get(figure, 'played') === 'number' && (get(figure, 'played') as number) < 30) continue;
        const label = `${sideName} ${name}`;
        // A combatant changes the round value by exactly its face value: charting it would
        // restate the card. Spells act on whatever they hit, which is what is worth measuring.
        const card = parseCard(name);
        if (typeof card !== 'string' && card.kind === 'spell') {
          const row = intervalRow(label, get(figure, 'meanEffectOnRoundValue'), { side: sideName });
          if (row) effect.push(row);
        }
        const played = intervalRow(label, get(figure, 'playedRoundWinRate'), { group: 'played' });
        const held = intervalRow(label, get(figure, 'heldNotPlayedRoundWinRate'), { group: 'held, not played' });
        if (played) winRates.push(played);
        if (held) winRates.push(held);
      }
    }
    if (effect.length > 0) {
      charts.push({
        id: 'card-effect',
        title: 'Per-spell effect on the round value',
        caption:
          "Mean change of the round value a play caused, for the card's side, with 95% intervals (cards played 30 times or more). Combatants are left out: each changes the round value by exactly its face value.",
        spec: intervalChart(effect, { axis: 'mean change of the round value, for the side that played it', percent: false, group: 'side', groupOrder: SIDES.slice(0, 2).filter((side) => effect.some((row) => row['side'] === side)), references: [{ value: 0, label: 'no effect' }] }),
      });
    }
    if (winRates.length > 0) {
      charts.push({
        id: 'card-rounds',
        title: 'Round win rate when a card is played against when it is held back',
        caption:
          "Descriptive, not causal: rounds in which a card was played differ from rounds in which it was held in other ways too (the rest of the hand, the throws, the table), so the gap is not the card's effect on the game; hordelab cards measures that by adding or removing a copy. A tied round counts as won by neither side.",
        spec: intervalChart(winRates, { axis: 'round win rate', percent: true, group: 'group', groupOrder: ['played', 'held, not played'], references: [FAIR] }),
      });
    }
  }
  return charts;
}

/** Rule 17: a match that reaches `maxRounds` ends there, counted as capped. */
export function integerDuelLengthCap(summary: RunSummary): HistogramCap | null {
  const maxRounds = summary.scenario.params['maxRounds'];
  return typeof maxRounds === 'number' ? { value: maxRounds, note: `capped at maxRounds = ${maxRounds} (rule 17)` } : null;
}
