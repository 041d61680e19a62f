/**
 * The Integer Duel report: is the zombie deck as strong as the plant deck, and which cards make
 * the difference? Win and draw rates overall and by who started round 1; per card and side, how
 * often it is drawn and played, its play rate when held, the round win rate when played versus
 * held but not played, and its mean effect on the round value (from its side's view); rounds,
 * tie rounds, capped share and points per side. Per-card figures also go to `cards.csv`.
 */
import type { IntegerDuelEvent } from './types.js';
import { addToHistogram, mergeHistograms, sortedHistogram, type Histogram } from '../../stats/intervals.js';
import {
  clusteredMean,
  clusteredRate,
  emptyTally,
  MatchFigures,
  mergeTally,
  recordMatch,
  settledFigures,
  within,
  type ClusterSums,
  type MeanEstimate,
  type Tally,
} from '../../stats/clusters.js';
import type { RateEstimate } from '../../stats/rate-interval.js';
import { formatMean, formatRate, table, signedFixed } from '../../reports/format.js';
import type { CsvValue, GameReport, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

const SIDES = ['plants', 'zombies'] as const;

/** One card's counts in one match. */
interface CardCounts {
  drawn: number;
  played: number;
  heldRounds: number;
  playedRounds: number;
  playedRoundWins: number;
  heldNotPlayedRoundWins: number;
  /** Change of the round value its plays caused, signed so that good for the card's side is positive: sum and sum of squares. */
  effectSum: number;
  effectSquares: number;
}

/** A card's totals over matches (its rates are clustered figures of the tally). */
interface CardTotals {
  drawn: number;
  played: number;
  heldRounds: number;
}

/**
 * Plain-data, exactly mergeable aggregate. The tally holds, per match (clustered by the run's
 * independent unit), the trials `plantsWin`, `zombiesWin`, `draw` and the sample
 * `plantsMinusZombies` (+1, 0, −1), the same under `plantsStarted.` and `zombiesStarted.`,
 * the trial `capped`, the samples `rounds`, `tieRounds`, `plantsPoints`, `zombiesPoints`, and per
 * card `<card>|playRate`, `<card>|playedRoundWin`, `<card>|heldNotPlayedRoundWin` (rounds as
 * trials) and `<card>|effect` (plays as samples); over the rounds scored, `roundPlants`,
 * `roundZombies`, `roundTie` (rounds as trials, so a match's rounds stay one cluster), the
 * samples `roundValue` and, per side, `plantsWonRoundValue` and `zombiesWonRoundValue` (the
 * absolute value of the rounds it won). `roundValuesHistogram` counts rounds by value.
 */
export interface IntegerDuelAggregate {
  matches: number;
  tally: Tally;
  roundsHistogram: Histogram;
  /** Rounds by their value (the table's sum when scored; positive for Plants). */
  roundValuesHistogram: Histogram;
  /** Keyed `plants:+3`, `zombies:negate`. */
  cards: Record<string, CardTotals>;
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

/** A difference of two shares of the same games, with its interval. */
export interface DifferenceEstimate {
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
  readonly designEffect: number;
  readonly clusters: number;
}

interface OutcomeRates {
  readonly plantsWinRate: RateEstimate;
  readonly zombiesWinRate: RateEstimate;
  readonly drawRate: RateEstimate;
  /** Plants' win rate minus Zombies', from the same games (0 when the decks are equally strong): the mean of +1, 0, −1 per game. */
  readonly plantsMinusZombies: DifferenceEstimate;
}

/** One side's deck as the games showed it. */
export interface DeckFigures {
  /** Games the side won. */
  readonly winRate: RateEstimate;
  /** Rounds the side won, of all rounds scored (a tied round is won by neither side). */
  readonly roundWinRate: RateEstimate;
  /** Points per game (absolute). */
  readonly pointsPerGame: MeanEstimate;
  /** The absolute value of the rounds it won. */
  readonly wonRoundValue: MeanEstimate;
}

export interface IntegerDuelSummary extends OutcomeRates {
  readonly matches: number;
  /** Every round scored: its value (positive for Plants) and who won it; ties keep the table (rule 13). */
  readonly roundResults: {
    readonly plantsRate: RateEstimate;
    readonly zombiesRate: RateEstimate;
    readonly tieRate: RateEstimate;
    readonly value: MeanEstimate & { readonly histogram: [number, number][] };
  };
  /** Each deck's strength: games and rounds won, points, the size of its wins. */
  readonly decks: { readonly plants: DeckFigures; readonly zombies: DeckFigures };
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
  effectSum: 0,
  effectSquares: 0,
});

const SHARES = ['plantsWin', 'zombiesWin', 'draw'] as const;

class IntegerDuelCollector implements MatchCollector<IntegerDuelEvent, IntegerDuelAggregate> {
  private cards: Record<string, CardCounts> = {};
  private held: [Record<string, number>, Record<string, number>] = [{}, {}];
  private playedThisRound: [Set<string>, Set<string>] = [new Set(), new Set()];
  private end: Extract<IntegerDuelEvent, { type: 'matchEnd' }> | null = null;
  private readonly figures = new MatchFigures();
  /** This match's rounds: scored, won by Plants, by Zombies, tied; values' sum and squares, and per side the won values'. */
  private rounds = { scored: 0, plants: 0, zombies: 0, ties: 0, valueSum: 0, valueSquares: 0, wonSum: [0, 0], wonSquares: [0, 0] };
  private roundValues: Histogram = {};

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
        const effect = (event.side === 0 ? 1 : -1) * (event.roundValueAfter - event.roundValueBefore);
        counts.effectSum += effect;
        counts.effectSquares += effect * effect;
        this.playedThisRound[event.side].add(event.card);
        return;
      }
      case 'roundScored': {
        const rounds = this.rounds;
        rounds.scored++;
        rounds.valueSum += event.value;
        rounds.valueSquares += event.value * event.value;
        addToHistogram(this.roundValues, event.value);
        if (event.winner === -1) rounds.ties++;
        else {
          if (event.winner === 0) rounds.plants++;
          else rounds.zombies++;
          rounds.wonSum[event.winner] = (rounds.wonSum[event.winner] as number) + Math.abs(event.value);
          rounds.wonSquares[event.winner] = (rounds.wonSquares[event.winner] as number) + event.value * event.value;
        }
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
      }
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
    this.resetRounds();
  }

  private resetRounds(): void {
    this.rounds = { scored: 0, plants: 0, zombies: 0, ties: 0, valueSum: 0, valueSquares: 0, wonSum: [0, 0], wonSquares: [0, 0] };
    this.roundValues = {};
  }

  finishMatch(context: MatchContext, aggregate: IntegerDuelAggregate): MatchRows {
    const end = this.end;
    if (end === null) throw new Error('the match ended without a matchEnd event');
    aggregate.matches++;
    const figures = this.figures;
    figures.clear();
    const outcome = end.winner === -1 ? 2 : end.winner;
    const started = end.firstStarter === 0 ? 'plantsStarted.' : 'zombiesStarted.';
    for (const prefix of ['', started]) {
      SHARES.forEach((share, index) => figures.trial(`${prefix}${share}`, index === outcome));
      figures.sample(`${prefix}plantsMinusZombies`, outcome === 0 ? 1 : outcome === 1 ? -1 : 0);
    }
    figures.trial('capped', end.capped);
    figures.sample('rounds', end.rounds);
    addToHistogram(aggregate.roundsHistogram, end.rounds);
    figures.sample('tieRounds', end.tieRounds);
    figures.sample('plantsPoints', end.points[0]);
    figures.sample('zombiesPoints', -end.points[1]);
    const rounds = this.rounds;
    figures.trial('roundPlants', rounds.plants, rounds.scored);
    figures.trial('roundZombies', rounds.zombies, rounds.scored);
    figures.trial('roundTie', rounds.ties, rounds.scored);
    figures.samples('roundValue', rounds.scored, rounds.valueSum, rounds.valueSquares);
    SIDES.forEach((side, index) => figures.samples(`${side}WonRoundValue`, index === 0 ? rounds.plants : rounds.zombies, rounds.wonSum[index] as number, rounds.wonSquares[index] as number));
    mergeHistograms(aggregate.roundValuesHistogram, this.roundValues);
    this.resetRounds();
    for (const [key, counts] of Object.entries(this.cards)) {
      const totals = (aggregate.cards[key] ??= { drawn: 0, played: 0, heldRounds: 0 });
      totals.drawn += counts.drawn;
      totals.played += counts.played;
      totals.heldRounds += counts.heldRounds;
      figures.trial(`${key}|playRate`, counts.playedRounds, counts.heldRounds);
      figures.trial(`${key}|playedRoundWin`, counts.playedRoundWins, counts.playedRounds);
      figures.trial(`${key}|heldNotPlayedRoundWin`, counts.heldNotPlayedRoundWins, counts.heldRounds - counts.playedRounds);
      figures.samples(`${key}|effect`, counts.played, counts.effectSum, counts.effectSquares);
    }
    recordMatch(aggregate.tally, context, figures);
    this.cards = {};
    this.end = null;
    const winner = end.winner === -1 ? 'draw' : SIDES[end.winner];
    return {
      matchRow: [winner, end.points[0], end.points[1], end.rounds, end.tieRounds, end.capped, SIDES[end.firstStarter]],
      eventRows: [],
    };
  }
}

function emptyAggregate(): IntegerDuelAggregate {
  return { matches: 0, tally: emptyTally(), roundsHistogram: {}, roundValuesHistogram: {}, cards: {} };
}

function outcomeRates(sums: Record<string, ClusterSums>, prefix: string, confidence: number): OutcomeRates {
  const difference = clusteredMean(sums[`${prefix}plantsMinusZombies`], confidence);
  return {
    plantsWinRate: clusteredRate(sums[`${prefix}plantsWin`], confidence),
    zombiesWinRate: clusteredRate(sums[`${prefix}zombiesWin`], confidence),
    drawRate: clusteredRate(sums[`${prefix}draw`], confidence),
    plantsMinusZombies: {
      difference: difference.mean,
      // Every game drawn (or one game): no spread to build an interval on.
      lower: Number.isFinite(difference.lower) ? Math.max(-1, difference.lower) : Number.NaN,
      upper: Number.isFinite(difference.upper) ? Math.min(1, difference.upper) : Number.NaN,
      n: difference.n,
      designEffect: difference.designEffect,
      clusters: difference.clusters,
    },
  };
}

/** Card names in deck order: combatants by value, then spells. */
function cardOrder(a: string, b: string): number {
  const value = (name: string): number => (/^[+-]\d+$/.test(name) ? Number(name) : Number.POSITIVE_INFINITY);
  return value(a) - value(b) || a.localeCompare(b);
}

function summarize(aggregate: IntegerDuelAggregate, confidence: number): IntegerDuelSummary {
  const sums = settledFigures(aggregate.tally);
  const rate = (key: string): RateEstimate => clusteredRate(sums[key], confidence);
  const mean = (key: string): MeanEstimate => clusteredMean(sums[key], confidence);
  // Rounds and tie rounds per game, and the value of a round won (its absolute value), are never
  // negative: their intervals, symmetric about the mean, are cut at 0 where few matches would take
  // them below (audit 41c F4). Points, a round's value and a card's effect can be negative: left whole.
  const count = (key: string): MeanEstimate => within(mean(key), 0, Infinity);
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
    const totals = aggregate.cards[key] as CardTotals;
    cards[side][name] = {
      drawn: totals.drawn,
      played: totals.played,
      heldRounds: totals.heldRounds,
      playRateWhenHeld: rate(`${key}|playRate`),
      playedRoundWinRate: rate(`${key}|playedRoundWin`),
      heldNotPlayedRoundWinRate: rate(`${key}|heldNotPlayedRoundWin`),
      meanEffectOnRoundValue: mean(`${key}|effect`),
    };
  }
  const outcomes = outcomeRates(sums, '', confidence);
  const deck = (side: (typeof SIDES)[number]): DeckFigures => ({
    winRate: side === 'plants' ? outcomes.plantsWinRate : outcomes.zombiesWinRate,
    roundWinRate: rate(side === 'plants' ? 'roundPlants' : 'roundZombies'),
    pointsPerGame: mean(`${side}Points`),
    wonRoundValue: count(`${side}WonRoundValue`),
  });
  return {
    matches: aggregate.matches,
    ...outcomes,
    roundResults: {
      plantsRate: rate('roundPlants'),
      zombiesRate: rate('roundZombies'),
      tieRate: rate('roundTie'),
      value: { ...mean('roundValue'), histogram: sortedHistogram(aggregate.roundValuesHistogram) },
    },
    decks: { plants: deck('plants'), zombies: deck('zombies') },
    byFirstStarter: { plants: outcomeRates(sums, 'plantsStarted.', confidence), zombies: outcomeRates(sums, 'zombiesStarted.', confidence) },
    cappedRate: rate('capped'),
    rounds: { ...count('rounds'), histogram: sortedHistogram(aggregate.roundsHistogram) },
    tieRoundsPerGame: count('tieRounds'),
    points: { plants: mean('plantsPoints'), zombies: mean('zombiesPoints') },
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
  const points = (x: number): string => signedFixed(100 * x, 1);
  if (!Number.isFinite(estimate.lower) || !Number.isFinite(estimate.upper)) return `${points(estimate.difference)} pts (no spread to build an interval on)`;
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
  const deckRow = (label: string, figures: DeckFigures): string[] => [
    label,
    ...formatRate(figures.winRate),
    ...formatRate(figures.roundWinRate),
    formatMean(figures.pointsPerGame, 1),
    formatMean(figures.wonRoundValue, 2),
  ];
  lines.push('Decks: games and rounds won (a tied round is won by neither side), points per game, value of the rounds won');
  lines.push(
    table(
      ['', 'games won', '95% interval', 'rounds won', '95% interval', 'points per game [95%]', 'value of a round won [95%]'],
      [deckRow('Plants', summary.decks.plants), deckRow('Zombies', summary.decks.zombies)],
    ),
  );
  const values = summary.roundResults.value;
  lines.push(
    `Rounds: ${formatRate(summary.roundResults.tieRate)[0]} tied (the table stays for the next round, rule 13); ` +
      `mean round value ${formatMean(values, 2)} (positive favours Plants); values from ${values.histogram[0]?.[0] ?? '-'} to ${values.histogram[values.histogram.length - 1]?.[0] ?? '-'}`,
  );
  lines.push('');
  lines.push('Cards (descriptive): drawn, played, play rate when held, round win rate when played vs held but not played, and mean effect on the round value (for its side).');
  lines.push('Rounds in which a card was played differ from rounds in which it was held in other ways too, so the gap is not the card\'s effect; `hordelab cards` measures that. A tied round counts as won by neither side.');
  const rows: string[][] = [];
  for (const side of SIDES) {
    for (const [name, figure] of Object.entries(summary.cards[side])) {
      rows.push([
        `${side} ${name}`,
        String(figure.drawn),
        String(figure.played),
        formatRate(figure.playRateWhenHeld)[0],
        formatRate(figure.playedRoundWinRate)[0],
        formatRate(figure.heldNotPlayedRoundWinRate)[0],
        formatMean(figure.meanEffectOnRoundValue, 1),
      ]);
    }
  }
  lines.push(table(['card', 'drawn', 'played', 'play rate', 'won played', 'won held', 'mean effect [95%]'], rows));
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
    mergeTally(into.tally, other.tally);
    mergeHistograms(into.roundsHistogram, other.roundsHistogram);
    mergeHistograms(into.roundValuesHistogram, other.roundValuesHistogram);
    for (const [key, totals] of Object.entries(other.cards)) {
      const target = (into.cards[key] ??= { drawn: 0, played: 0, heldRounds: 0 });
      target.drawn += totals.drawn;
      target.played += totals.played;
      target.heldRounds += totals.heldRounds;
    }
  },
  summarize,
  formatSummary,
};
