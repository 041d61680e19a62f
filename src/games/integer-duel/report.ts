/**
 * The Integer Duel report: is the zombie deck as strong as the plant deck, and which cards make
 * the difference? Win and draw rates overall and by who started round 1; per card and side, how
 * often it is drawn and played, its play rate when held, the round win rate when played versus
 * held but not played, and its mean effect on the round value (from its side's view); rounds,
 * tie rounds, capped share and points per side. Per-card figures also go to `cards.csv`.
 */
import type { IntegerDuelEvent } from './types.js';
import {
  addSample,
  addToHistogram,
  emptyMoments,
  meanEstimate,
  meanWithHistogram,
  mergeHistograms,
  mergeMoments,
  sortedHistogram,
  shareDifferenceInterval,
  wilsonInterval,
  type DifferenceEstimate,
  type Histogram,
  type IntegerMoments,
  type MeanEstimate,
  type RateEstimate,
} from '../../stats/intervals.js';
import { formatMean, formatRate, table } from '../../reports/format.js';
import type { CsvValue, GameReport, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

const SIDES = ['plants', 'zombies'] as const;

interface CardCounts {
  drawn: number;
  played: number;
  heldRounds: number;
  playedRounds: number;
  playedRoundWins: number;
  heldNotPlayedRoundWins: number;
  /** Change of the round value a play caused, signed so that good for the card's side is positive. */
  effect: IntegerMoments;
}

export interface IntegerDuelAggregate {
  matches: number;
  /** [plants wins, zombies wins, draws], overall and by who started round 1. */
  outcomes: [number, number, number];
  byFirstStarter: [[number, number, number], [number, number, number]];
  capped: number;
  rounds: IntegerMoments;
  roundsHistogram: Histogram;
  tieRounds: IntegerMoments;
  plantsPoints: IntegerMoments;
  zombiesPoints: IntegerMoments;
  /** Keyed `plants:+3`, `zombies:negate`. */
  cards: Record<string, CardCounts>;
}

export interface CardFigure {
  readonly drawn: number;
  readonly played: number;
  readonly heldRounds: number;
  readonly playRateWhenHeld: RateEstimate;
  readonly playedRoundWinRate: RateEstimate;
  readonly heldNotPlayedRoundWinRate: RateEstimate;
  readonly meanEffectOnRoundValue: MeanEstimate;
}

interface OutcomeRates {
  readonly plantsWinRate: RateEstimate;
  readonly zombiesWinRate: RateEstimate;
  readonly drawRate: RateEstimate;
  /** Plants' win rate minus Zombies', from the same games (0 when the decks are equally strong). */
  readonly plantsMinusZombies: DifferenceEstimate;
}

export interface IntegerDuelSummary extends OutcomeRates {
  readonly matches: number;
  readonly byFirstStarter: { readonly plants: OutcomeRates; readonly zombies: OutcomeRates };
  readonly cappedRate: RateEstimate;
  readonly rounds: MeanEstimate & { readonly histogram: [number, number][] };
  readonly tieRoundsPerGame: MeanEstimate;
  readonly points: { readonly plants: MeanEstimate; readonly zombies: MeanEstimate };
  /** `cards.plants["+3"]`, `cards.zombies.negate`, ... */
  readonly cards: { readonly plants: Record<string, CardFigure>; readonly zombies: Record<string, CardFigure> };
}

const emptyCard = (): CardCounts => ({
  drawn: 0,
  played: 0,
  heldRounds: 0,
  playedRounds: 0,
  playedRoundWins: 0,
  heldNotPlayedRoundWins: 0,
  effect: emptyMoments(),
});

class IntegerDuelCollector implements MatchCollector<IntegerDuelEvent, IntegerDuelAggregate> {
  private cards: Record<string, CardCounts> = {};
  private held: [Record<string, number>, Record<string, number>] = [{}, {}];
  private playedThisRound: [Set<string>, Set<string>] = [new Set(), new Set()];
  private end: Extract<IntegerDuelEvent, { type: 'matchEnd' }> | null = null;

  private card(side: 0 | 1, name: string): CardCounts {
    const key = `${SIDES[side]}:${name}`;
    return (this.cards[key] ??= emptyCard());
  }

  onEvent(event: IntegerDuelEvent): void {
    switch (event.type) {
      case 'cardDrawn':
        this.card(event.side, event.card).drawn++;
        return;
      case 'roundStart':
        this.held = [{ ...event.held[0] }, { ...event.held[1] }];
        this.playedThisRound = [new Set(), new Set()];
        return;
      case 'cardPlayed': {
        const counts = this.card(event.side, event.card);
        counts.played++;
        const sign = event.side === 0 ? 1 : -1;
        addSample(counts.effect, sign * (event.roundValueAfter - event.roundValueBefore));
        this.playedThisRound[event.side].add(event.card);
        return;
      }
      case 'roundScored':
        for (const side of [0, 1] as const) {
          const won = event.winner === side;
          for (const name of Object.keys(this.held[side])) {
            const counts = this.card(side, name);
            counts.heldRounds++;
            if (this.playedThisRound[side].has(name)) {
              counts.playedRounds++;
              if (won) counts.playedRoundWins++;
            } else if (won) {
              counts.heldNotPlayedRoundWins++;
            }
          }
        }
        this.held = [{}, {}];
        return;
      case 'matchEnd':
        this.end = event;
        return;
      default:
        return;
    }
  }

  discardMatch(): void {
    this.cards = {};
    this.end = null;
  }

  finishMatch(_context: MatchContext, aggregate: IntegerDuelAggregate): MatchRows {
    const end = this.end;
    if (end === null) throw new Error('the match ended without a matchEnd event');
    aggregate.matches++;
    const outcome = end.winner === -1 ? 2 : end.winner;
    aggregate.outcomes[outcome]++;
    aggregate.byFirstStarter[end.firstStarter][outcome]++;
    if (end.capped) aggregate.capped++;
    addSample(aggregate.rounds, end.rounds);
    addToHistogram(aggregate.roundsHistogram, end.rounds);
    addSample(aggregate.tieRounds, end.tieRounds);
    addSample(aggregate.plantsPoints, end.points[0]);
    addSample(aggregate.zombiesPoints, -end.points[1]);
    mergeCards(aggregate.cards, this.cards);
    this.cards = {};
    this.end = null;
    const winner = end.winner === -1 ? 'draw' : SIDES[end.winner];
    return {
      matchRow: [winner, end.points[0], end.points[1], end.rounds, end.tieRounds, end.capped, SIDES[end.firstStarter]],
      eventRows: [],
    };
  }
}

function mergeCards(into: Record<string, CardCounts>, other: Readonly<Record<string, CardCounts>>): void {
  for (const [key, counts] of Object.entries(other)) {
    const target = (into[key] ??= emptyCard());
    target.drawn += counts.drawn;
    target.played += counts.played;
    target.heldRounds += counts.heldRounds;
    target.playedRounds += counts.playedRounds;
    target.playedRoundWins += counts.playedRoundWins;
    target.heldNotPlayedRoundWins += counts.heldNotPlayedRoundWins;
    mergeMoments(target.effect, counts.effect);
  }
}

function emptyAggregate(): IntegerDuelAggregate {
  return {
    matches: 0,
    outcomes: [0, 0, 0],
    byFirstStarter: [
      [0, 0, 0],
      [0, 0, 0],
    ],
    capped: 0,
    rounds: emptyMoments(),
    roundsHistogram: {},
    tieRounds: emptyMoments(),
    plantsPoints: emptyMoments(),
    zombiesPoints: emptyMoments(),
    cards: {},
  };
}

function outcomeRates(counts: readonly number[], confidence: number, designEffect: number): OutcomeRates {
  const n = (counts[0] ?? 0) + (counts[1] ?? 0) + (counts[2] ?? 0);
  return {
    plantsWinRate: wilsonInterval(counts[0] ?? 0, n, confidence, designEffect),
    zombiesWinRate: wilsonInterval(counts[1] ?? 0, n, confidence, designEffect),
    drawRate: wilsonInterval(counts[2] ?? 0, n, confidence, designEffect),
    plantsMinusZombies: shareDifferenceInterval(counts[0] ?? 0, counts[1] ?? 0, n, confidence, designEffect),
  };
}

/** Card names in deck order: combatants by value, then spells. */
function cardOrder(a: string, b: string): number {
  const value = (name: string): number => (/^[+-]\d+$/.test(name) ? Number(name) : Number.POSITIVE_INFINITY);
  return value(a) - value(b) || a.localeCompare(b);
}

function summarize(aggregate: IntegerDuelAggregate, confidence: number, designEffect: number): IntegerDuelSummary {
  const cards: { plants: Record<string, CardFigure>; zombies: Record<string, CardFigure> } = { plants: {}, zombies: {} };
  const keys = Object.keys(aggregate.cards).sort((a, b) => {
    const [sideA, nameA] = a.split(':', 2) as [string, string];
    const [sideB, nameB] = b.split(':', 2) as [string, string];
    return sideA.localeCompare(sideB) || cardOrder(nameA, nameB);
  });
  for (const key of keys) {
    const at = key.indexOf(':');
    const side = key.slice(0, at) as 'plants' | 'zombies';
    const name = key.slice(at + 1);
    const counts = aggregate.cards[key] as CardCounts;
    cards[side][name] = {
      drawn: counts.drawn,
      played: counts.played,
      heldRounds: counts.heldRounds,
      playRateWhenHeld: wilsonInterval(counts.playedRounds, counts.heldRounds, confidence, designEffect),
      playedRoundWinRate: wilsonInterval(counts.playedRoundWins, counts.playedRounds, confidence, designEffect),
      heldNotPlayedRoundWinRate: wilsonInterval(counts.heldNotPlayedRoundWins, counts.heldRounds - counts.playedRounds, confidence, designEffect),
      meanEffectOnRoundValue: meanEstimate(counts.effect, confidence, designEffect),
    };
  }
  return {
    matches: aggregate.matches,
    ...outcomeRates(aggregate.outcomes, confidence, designEffect),
    byFirstStarter: { plants: outcomeRates(aggregate.byFirstStarter[0], confidence, designEffect), zombies: outcomeRates(aggregate.byFirstStarter[1], confidence, designEffect) },
    cappedRate: wilsonInterval(aggregate.capped, aggregate.matches, confidence, designEffect),
    rounds: meanWithHistogram(aggregate.rounds, aggregate.roundsHistogram, confidence, designEffect),
    tieRoundsPerGame: meanEstimate(aggregate.tieRounds, confidence, designEffect),
    points: { plants: meanEstimate(aggregate.plantsPoints, confidence, designEffect), zombies: meanEstimate(aggregate.zombiesPoints, confidence, designEffect) },
    cards,
  };
}

const CARD_COLUMNS = [
  'side',
  'card',
  'drawn',
  'played',
  'heldRounds',
  'playRateWhenHeld',
  'playRateWhenHeldLower',
  'playRateWhenHeldUpper',
  'playedRounds',
  'playedRoundWinRate',
  'playedRoundWinRateLower',
  'playedRoundWinRateUpper',
  'heldNotPlayedRounds',
  'heldNotPlayedRoundWinRate',
  'heldNotPlayedRoundWinRateLower',
  'heldNotPlayedRoundWinRateUpper',
  'meanEffect',
  'meanEffectLower',
  'meanEffectUpper',
];

function cardRows(summary: IntegerDuelSummary): CsvValue[][] {
  const rows: CsvValue[][] = [];
  const number = (value: number): CsvValue => (Number.isFinite(value) ? Math.round(value * 1e6) / 1e6 : '');
  for (const side of SIDES) {
    for (const [name, figure] of Object.entries(summary.cards[side])) {
      const rate = (estimate: RateEstimate): CsvValue[] => [number(estimate.rate), number(estimate.lower), number(estimate.upper)];
      rows.push([
        side,
        name,
        figure.drawn,
        figure.played,
        figure.heldRounds,
        ...rate(figure.playRateWhenHeld),
        figure.playedRoundWinRate.n,
        ...rate(figure.playedRoundWinRate),
        figure.heldNotPlayedRoundWinRate.n,
        ...rate(figure.heldNotPlayedRoundWinRate),
        number(figure.meanEffectOnRoundValue.mean),
        number(figure.meanEffectOnRoundValue.lower),
        number(figure.meanEffectOnRoundValue.upper),
      ]);
    }
  }
  return rows;
}

/** A difference of rates in percentage points with its interval: "+0.1 [-2.7, +2.9] pts". */
function formatPoints(estimate: DifferenceEstimate): string {
  if (estimate.n === 0) return '-';
  const points = (x: number): string => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
  return `${points(estimate.difference)} [${points(estimate.lower)}, ${points(estimate.upper)}] pts`;
}

function formatSummary(summary: IntegerDuelSummary): string {
  const lines: string[] = [];
  const outcomeRow = (label: string, rates: OutcomeRates): string[] => [
    label,
    ...formatRate(rates.plantsWinRate),
    ...formatRate(rates.zombiesWinRate),
    formatRate(rates.drawRate)[0],
    formatPoints(rates.plantsMinusZombies),
  ];
  lines.push(
    table(
      ['', 'Plants', '95% interval', 'Zombies', '95% interval', 'draws', 'Plants − Zombies [95%]'],
      [
        outcomeRow('all games', summary),
        outcomeRow('Plants started round 1', summary.byFirstStarter.plants),
        outcomeRow('Zombies started round 1', summary.byFirstStarter.zombies),
      ],
    ),
  );
  lines.push('');
  lines.push('Cards: round win rate when played vs held but not played, and mean effect on the round value (for its side)');
  const rows: string[][] = [];
  for (const side of SIDES) {
    for (const [name, figure] of Object.entries(summary.cards[side])) {
      rows.push([
        `${side} ${name}`,
        String(figure.played),
        formatRate(figure.playRateWhenHeld)[0],
        formatRate(figure.playedRoundWinRate)[0],
        formatRate(figure.heldNotPlayedRoundWinRate)[0],
        formatMean(figure.meanEffectOnRoundValue, 1),
      ]);
    }
  }
  lines.push(table(['card', 'played', 'play rate', 'won played', 'won held', 'mean effect [95%]'], rows));
  lines.push('');
  lines.push(
    `Rounds per game ${formatMean(summary.rounds)}; tie rounds per game ${formatMean(summary.tieRoundsPerGame)}; ` +
      `capped ${formatRate(summary.cappedRate)[0]}; points: Plants ${formatMean(summary.points.plants, 1)}, Zombies ${formatMean(summary.points.zombies, 1)}`,
  );
  return lines.join('\n');
}

export const integerDuelReport: GameReport<IntegerDuelEvent, IntegerDuelAggregate, IntegerDuelSummary> = {
  gameId: 'integer-duel',
  matchColumns: ['winner', 'plantsPoints', 'zombiesPoints', 'rounds', 'tieRounds', 'capped', 'firstStarter'],
  eventTables: [],
  summaryTables: (summary) => [{ file: 'cards.csv', columns: CARD_COLUMNS, rows: cardRows(summary) }],
  createCollector: () => new IntegerDuelCollector(),
  emptyAggregate,
  mergeAggregates(into, other) {
    into.matches += other.matches;
    for (let i = 0; i < 3; i++) {
      into.outcomes[i] = (into.outcomes[i] ?? 0) + (other.outcomes[i] ?? 0);
      for (const starter of [0, 1] as const) into.byFirstStarter[starter][i] = (into.byFirstStarter[starter][i] ?? 0) + (other.byFirstStarter[starter][i] ?? 0);
    }
    into.capped += other.capped;
    mergeMoments(into.rounds, other.rounds);
    mergeHistograms(into.roundsHistogram, other.roundsHistogram);
    mergeMoments(into.tieRounds, other.tieRounds);
    mergeMoments(into.plantsPoints, other.plantsPoints);
    mergeMoments(into.zombiesPoints, other.zombiesPoints);
    mergeCards(into.cards, other.cards);
  },
  summarize,
  formatSummary,
};
