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
  type ClusterSums,
  type MeanEstimate,
  type Tally,
} from '../../stats/clusters.js';
import type { RateEstimate } from '../../stats/rate-interval.js';
import { formatMean, formatRate, table } from '../../reports/format.js';
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
 * trials) and `<card>|effect` (plays as samples).
 */
export interface IntegerDuelAggregate {
  matches: number;
  tally: Tally;
  roundsHistogram: Histogram;
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
  return { matches: 0, tally: emptyTally(), roundsHistogram: {}, cards: {} };
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
  return {
    matches: aggregate.matches,
    ...outcomeRates(sums, '', confidence),
    byFirstStarter: { plants: outcomeRates(sums, 'plantsStarted.', confidence), zombies: outcomeRates(sums, 'zombiesStarted.', confidence) },
    cappedRate: rate('capped'),
    rounds: { ...mean('rounds'), histogram: sortedHistogram(aggregate.roundsHistogram) },
    tieRoundsPerGame: mean('tieRounds'),
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
  const points = (x: number): string => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
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
    mergeTally(into.tally, other.tally);
    mergeHistograms(into.roundsHistogram, other.roundsHistogram);
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
