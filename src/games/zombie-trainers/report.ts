/**
 * The Zombie Trainers report: who wins and how much of player 1's edge is the tie rule (rule 28),
 * trap success per rate and per A − D beside the exact chance of rule 17, XP, game length,
 * capped share, and catches, attacks and kills per game.
 */
import {
  addSample,
  addToHistogram,
  emptyMoments,
  meanEstimate,
  meanWithHistogram,
  mergeHistograms,
  mergeMoments,
  sortedHistogram,
  wilsonInterval,
  type Histogram,
  type IntegerMoments,
  type MeanEstimate,
  type RateEstimate,
} from '../../stats/intervals.js';
import { ROLL_MAX, catchChanceGivenDice, exactCatchChance } from './catch-chance.js';
import type { ZombieTrainersEvent } from './types.js';
import { formatMean, formatRate, table } from '../../reports/format.js';
import type { CsvValue, GameReport, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

interface SuccessCount {
  attempts: number;
  successes: number;
}

/** Per A − D difference: also the exact winning rolls summed over attempts (an integer, so exact). */
interface DifferenceCount extends SuccessCount {
  exactWinningRolls: number;
}

/** Plain-data, exactly mergeable aggregate of any number of matches. */
export interface ZombieTrainersAggregate {
  matches: number;
  p1Wins: number;
  /** Player 1 wins on equal XP (rule 28). */
  tieWins: number;
  capped: number;
  rounds: IntegerMoments;
  roundsHistogram: Histogram;
  xp: [IntegerMoments, IntegerMoments];
  xpHistogram: [Histogram, Histogram];
  /** Per match: catch attempts, catches, attacks, kills, owned zombies lost (both players together). */
  catchAttempts: IntegerMoments;
  catches: IntegerMoments;
  catchesHistogram: Histogram;
  attacks: IntegerMoments;
  kills: IntegerMoments;
  zombiesLost: IntegerMoments;
  byTrapRate: Record<string, SuccessCount>;
  byDifference: Record<string, DifferenceCount>;
}

export interface TrapRateFigure {
  readonly trapRate: number;
  readonly simulated: RateEstimate;
  /** Rule 17 computed exactly over the 36 dice outcomes and 100 values of R. */
  readonly exact: number;
  /** Whether the exact rate lies inside the simulated interval. */
  readonly exactInsideInterval: boolean;
}

export interface DifferenceFigure {
  readonly difference: number;
  readonly simulated: RateEstimate;
  /** The exact chance given this A − D, averaged over the trap rates actually used. */
  readonly exactGivenTrapsUsed: number;
}

export interface ZombieTrainersSummary {
  readonly matches: number;
  readonly p1WinRate: RateEstimate;
  readonly p2WinRate: RateEstimate;
  /** The first-player tie advantage (rule 28). */
  readonly tieRule: {
    /** Matches that ended on equal XP (all won by player 1). */
    readonly tieRate: RateEstimate;
    /** Share of player 1's wins that came only from the tie rule. */
    readonly p1WinsFromTieShare: RateEstimate;
    /** Player 1's win rate if ties were draws (strictly more XP). */
    readonly p1WinRateIfTiesDraw: RateEstimate;
  };
  readonly cappedRate: RateEstimate;
  readonly rounds: MeanEstimate & { readonly histogram: [number, number][] };
  readonly xp: {
    readonly p1: MeanEstimate & { readonly histogram: [number, number][] };
    readonly p2: MeanEstimate & { readonly histogram: [number, number][] };
  };
  readonly perGame: {
    readonly catchAttempts: MeanEstimate;
    readonly catches: MeanEstimate & { readonly histogram: [number, number][] };
    readonly attacks: MeanEstimate;
    readonly kills: MeanEstimate;
    readonly zombiesLost: MeanEstimate;
  };
  readonly trapSuccess: {
    readonly overall: RateEstimate;
    /** Keyed `rate40`, `rate60`, ... */
    readonly byRate: Record<string, TrapRateFigure>;
    /** Keyed `d-5` to `d5` by A − D (string keys keep their numeric order in JSON). */
    readonly byDifference: Record<string, DifferenceFigure>;
  };
}

class ZombieTrainersCollector implements MatchCollector<ZombieTrainersEvent, ZombieTrainersAggregate> {
  private catchRows: CsvValue[][] = [];
  private readonly catchAttempts: [number, number] = [0, 0];
  private readonly catches: [number, number] = [0, 0];
  private readonly attacks: [number, number] = [0, 0];
  private readonly kills: [number, number] = [0, 0];
  private readonly zombiesLost: [number, number] = [0, 0];
  private spawns = 0;
  private readonly byTrapRate = new Map<number, SuccessCount>();
  private readonly byDifference = new Map<string, DifferenceCount>();
  private end: Extract<ZombieTrainersEvent, { type: 'matchEnd' }> | null = null;

  constructor(private readonly writeEventRows: boolean) {}

  onEvent(event: ZombieTrainersEvent): void {
    switch (event.type) {
      case 'catch': {
        const seat = event.seat as 0 | 1;
        this.catchAttempts[seat]++;
        if (event.success) this.catches[seat]++;
        const byRate = this.byTrapRate.get(event.trapRate) ?? { attempts: 0, successes: 0 };
        byRate.attempts++;
        if (event.success) byRate.successes++;
        this.byTrapRate.set(event.trapRate, byRate);
        const difference = event.aggressive - event.defensive;
        const key = String(difference);
        const byDifference = this.byDifference.get(key) ?? { attempts: 0, successes: 0, exactWinningRolls: 0 };
        byDifference.attempts++;
        if (event.success) byDifference.successes++;
        byDifference.exactWinningRolls += Math.round(catchChanceGivenDice(event.trapRate, difference) * ROLL_MAX);
        this.byDifference.set(key, byDifference);
        if (this.writeEventRows) {
          // The match index is put in front when the match finishes.
          this.catchRows.push([
            event.turn,
            event.round,
            seat + 1,
            event.trapRate,
            event.aggressive,
            event.defensive,
            difference,
            event.roll,
            event.success,
          ]);
        }
        return;
      }
      case 'attack':
        this.attacks[event.seat as 0 | 1]++;
        if (event.killed) this.kills[event.seat as 0 | 1]++;
        if (event.ownedDied) this.zombiesLost[event.seat as 0 | 1]++;
        return;
      case 'spawn':
        if (!event.initial) this.spawns++;
        return;
      case 'matchEnd':
        this.end = event;
        return;
      default:
        return;
    }
  }

  finishMatch(context: MatchContext, aggregate: ZombieTrainersAggregate): MatchRows {
    const end = this.end;
    if (end === null) throw new Error('the match ended without a matchEnd event');
    aggregate.matches++;
    if (end.winner === 0) aggregate.p1Wins++;
    if (end.tieDecided) aggregate.tieWins++;
    if (end.capped) aggregate.capped++;
    addSample(aggregate.rounds, end.rounds);
    addToHistogram(aggregate.roundsHistogram, end.rounds);
    for (const seat of [0, 1] as const) {
      addSample(aggregate.xp[seat], end.xp[seat]);
      addToHistogram(aggregate.xpHistogram[seat], end.xp[seat]);
    }
    const sum = (pair: [number, number]): number => pair[0] + pair[1];
    addSample(aggregate.catchAttempts, sum(this.catchAttempts));
    addSample(aggregate.catches, sum(this.catches));
    addToHistogram(aggregate.catchesHistogram, sum(this.catches));
    addSample(aggregate.attacks, sum(this.attacks));
    addSample(aggregate.kills, sum(this.kills));
    addSample(aggregate.zombiesLost, sum(this.zombiesLost));
    for (const [rate, count] of this.byTrapRate) {
      const into = (aggregate.byTrapRate[String(rate)] ??= { attempts: 0, successes: 0 });
      into.attempts += count.attempts;
      into.successes += count.successes;
    }
    for (const [difference, count] of this.byDifference) {
      const into = (aggregate.byDifference[difference] ??= { attempts: 0, successes: 0, exactWinningRolls: 0 });
      into.attempts += count.attempts;
      into.successes += count.successes;
      into.exactWinningRolls += count.exactWinningRolls;
    }
    const rows: MatchRows = {
      matchRow: [
        end.winner + 1,
        end.xp[0],
        end.xp[1],
        end.tieDecided,
        end.capped,
        end.rounds,
        end.turns,
        this.catchAttempts[0],
        this.catches[0],
        this.catchAttempts[1],
        this.catches[1],
        this.attacks[0],
        this.attacks[1],
        this.kills[0],
        this.kills[1],
        this.zombiesLost[0],
        this.zombiesLost[1],
        this.spawns,
      ],
      eventRows: [this.catchRows.map((row) => [context.matchIndex, ...row])],
    };
    this.reset();
    return rows;
  }

  discardMatch(): void {
    this.reset();
  }

  private reset(): void {
    this.catchRows = [];
    for (const pair of [this.catchAttempts, this.catches, this.attacks, this.kills, this.zombiesLost]) pair.fill(0);
    this.spawns = 0;
    this.byTrapRate.clear();
    this.byDifference.clear();
    this.end = null;
  }
}

function emptyAggregate(): ZombieTrainersAggregate {
  return {
    matches: 0,
    p1Wins: 0,
    tieWins: 0,
    capped: 0,
    rounds: emptyMoments(),
    roundsHistogram: {},
    xp: [emptyMoments(), emptyMoments()],
    xpHistogram: [{}, {}],
    catchAttempts: emptyMoments(),
    catches: emptyMoments(),
    catchesHistogram: {},
    attacks: emptyMoments(),
    kills: emptyMoments(),
    zombiesLost: emptyMoments(),
    byTrapRate: {},
    byDifference: {},
  };
}

function mergeAggregates(into: ZombieTrainersAggregate, other: ZombieTrainersAggregate): void {
  into.matches += other.matches;
  into.p1Wins += other.p1Wins;
  into.tieWins += other.tieWins;
  into.capped += other.capped;
  mergeMoments(into.rounds, other.rounds);
  mergeHistograms(into.roundsHistogram, other.roundsHistogram);
  for (const seat of [0, 1] as const) {
    mergeMoments(into.xp[seat], other.xp[seat]);
    mergeHistograms(into.xpHistogram[seat], other.xpHistogram[seat]);
  }
  mergeMoments(into.catchAttempts, other.catchAttempts);
  mergeMoments(into.catches, other.catches);
  mergeHistograms(into.catchesHistogram, other.catchesHistogram);
  mergeMoments(into.attacks, other.attacks);
  mergeMoments(into.kills, other.kills);
  mergeMoments(into.zombiesLost, other.zombiesLost);
  for (const [rate, count] of Object.entries(other.byTrapRate)) {
    const target = (into.byTrapRate[rate] ??= { attempts: 0, successes: 0 });
    target.attempts += count.attempts;
    target.successes += count.successes;
  }
  for (const [difference, count] of Object.entries(other.byDifference)) {
    const target = (into.byDifference[difference] ??= { attempts: 0, successes: 0, exactWinningRolls: 0 });
    target.attempts += count.attempts;
    target.successes += count.successes;
    target.exactWinningRolls += count.exactWinningRolls;
  }
}

function summarize(aggregate: ZombieTrainersAggregate, confidence: number, designEffect: number): ZombieTrainersSummary {
  const n = aggregate.matches;
  const byRate: Record<string, TrapRateFigure> = {};
  let attempts = 0;
  let successes = 0;
  for (const rate of Object.keys(aggregate.byTrapRate).map(Number).sort((a, b) => a - b)) {
    const count = aggregate.byTrapRate[String(rate)] as SuccessCount;
    attempts += count.attempts;
    successes += count.successes;
    const simulated = wilsonInterval(count.successes, count.attempts, confidence, designEffect);
    const exact = exactCatchChance(rate);
    byRate[`rate${rate}`] = {
      trapRate: rate,
      simulated,
      exact,
      exactInsideInterval: exact >= simulated.lower && exact <= simulated.upper,
    };
  }
  const byDifference: Record<string, DifferenceFigure> = {};
  for (const difference of Object.keys(aggregate.byDifference).map(Number).sort((a, b) => a - b)) {
    const count = aggregate.byDifference[String(difference)] as DifferenceCount;
    byDifference[`d${difference}`] = {
      difference,
      simulated: wilsonInterval(count.successes, count.attempts, confidence, designEffect),
      exactGivenTrapsUsed: count.exactWinningRolls / (ROLL_MAX * count.attempts),
    };
  }
  const withHistogram = (moments: IntegerMoments, histogram: Histogram): MeanEstimate & { histogram: [number, number][] } =>
    meanWithHistogram(moments, histogram, confidence, designEffect);
  return {
    matches: n,
    p1WinRate: wilsonInterval(aggregate.p1Wins, n, confidence, designEffect),
    p2WinRate: wilsonInterval(n - aggregate.p1Wins, n, confidence, designEffect),
    tieRule: {
      tieRate: wilsonInterval(aggregate.tieWins, n, confidence, designEffect),
      p1WinsFromTieShare: wilsonInterval(aggregate.tieWins, aggregate.p1Wins, confidence, designEffect),
      p1WinRateIfTiesDraw: wilsonInterval(aggregate.p1Wins - aggregate.tieWins, n, confidence, designEffect),
    },
    cappedRate: wilsonInterval(aggregate.capped, n, confidence, designEffect),
    rounds: withHistogram(aggregate.rounds, aggregate.roundsHistogram),
    xp: {
      p1: withHistogram(aggregate.xp[0], aggregate.xpHistogram[0]),
      p2: withHistogram(aggregate.xp[1], aggregate.xpHistogram[1]),
    },
    perGame: {
      catchAttempts: meanEstimate(aggregate.catchAttempts, confidence, designEffect),
      catches: withHistogram(aggregate.catches, aggregate.catchesHistogram),
      attacks: meanEstimate(aggregate.attacks, confidence, designEffect),
      kills: meanEstimate(aggregate.kills, confidence, designEffect),
      zombiesLost: meanEstimate(aggregate.zombiesLost, confidence, designEffect),
    },
    trapSuccess: { overall: wilsonInterval(successes, attempts, confidence, designEffect), byRate, byDifference },
  };
}

function formatSummary(summary: ZombieTrainersSummary): string {
  const lines: string[] = [];
  const tie = summary.tieRule;
  lines.push(
    table(
      ['', 'rate', '95% interval'],
      [
        ['P1 wins', ...formatRate(summary.p1WinRate)],
        ['P2 wins', ...formatRate(summary.p2WinRate)],
        ['P1 wins from the tie rule, share of P1 wins', ...formatRate(tie.p1WinsFromTieShare)],
        ['P1 win rate if ties were draws', ...formatRate(tie.p1WinRateIfTiesDraw)],
        ['Ties (equal XP)', ...formatRate(tie.tieRate)],
        ['Capped at maxRounds', ...formatRate(summary.cappedRate)],
      ],
    ),
  );
  lines.push('');
  const rateRows = Object.values(summary.trapSuccess.byRate).map((figure) => {
    const [rate, interval] = formatRate(figure.simulated);
    return [
      `${figure.trapRate}%`,
      String(figure.simulated.n),
      rate,
      interval,
      `${(figure.exact * 100).toFixed(2)}%`,
      figure.exactInsideInterval ? 'yes' : 'NO',
    ];
  });
  lines.push('Trap success by trap rate (exact: rule 17 over all dice and R)');
  lines.push(table(['trap', 'attempts', 'simulated', '95% interval', 'exact', 'exact inside'], rateRows));
  lines.push('');
  const rounds = summary.rounds;
  lines.push(
    `Mean rounds ${formatMean(rounds)}; catches per game ${formatMean(summary.perGame.catches)}; ` +
      `kills per game ${formatMean(summary.perGame.kills)}`,
  );
  lines.push(`Mean XP: P1 ${formatMean(summary.xp.p1)}, P2 ${formatMean(summary.xp.p2)}`);
  return lines.join('\n');
}

export const zombieTrainersReport: GameReport<ZombieTrainersEvent, ZombieTrainersAggregate, ZombieTrainersSummary> = {
  gameId: 'zombie-trainers',
  matchColumns: [
    'winner',
    'xp1',
    'xp2',
    'tieDecided',
    'capped',
    'rounds',
    'turns',
    'catchAttempts1',
    'catches1',
    'catchAttempts2',
    'catches2',
    'attacks1',
    'attacks2',
    'kills1',
    'kills2',
    'zombiesLost1',
    'zombiesLost2',
    'spawns',
  ],
  eventTables: [
    {
      file: 'catches.csv',
      columns: ['match', 'turn', 'round', 'player', 'trapRate', 'aggressive', 'defensive', 'difference', 'roll', 'success'],
    },
  ],
  createCollector: (options) => new ZombieTrainersCollector(options.eventRows),
  emptyAggregate,
  mergeAggregates,
  summarize,
  formatSummary,
};
