/**
 * The Zombie Trainers report: who wins and how much of player 1's edge is the tie rule (rule 28),
 * trap success per rate and per A − D beside the exact chance of rule 17, XP, game length,
 * capped share, and catches, attacks and kills per game.
 */
import { addToHistogram, mergeHistograms, sortedHistogram, type Histogram } from '../../stats/intervals.js';
import {
  clusteredMean,
  clusteredRate,
  complementSums,
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
import { ROLL_MAX, catchChanceGivenDice, exactCatchChance } from './catch-chance.js';
import type { ZombieTrainersEvent } from './types.js';
import { formatMean, formatRate, table, fixedHalfEven } from '../../reports/format.js';
import type { CsvValue, GameReport, MatchCollector, MatchContext, MatchRows } from '../../reports/report.js';

interface SuccessCount {
  attempts: number;
  successes: number;
}

/** Per A − D difference: also the exact winning rolls summed over attempts (an integer, so exact). */
interface DifferenceCount extends SuccessCount {
  exactWinningRolls: number;
}

/**
 * Plain-data, exactly mergeable aggregate of any number of matches. The tally holds, per match
 * (clustered by the run's independent unit): the trials `p1Win`, `tieWin`, `p1WinIfTiesDraw`
 * (player 1 strictly ahead on XP), `p2MoreXp`, `decidedP1Win` (player 1's win, over the matches
 * not tied), `capped`, and the same four under `end:<trapsExhausted|capped>:` for the matches
 * that ended that way (with `end:<reason>` itself over all matches); the samples `rounds`, `xp1`, `xp2`,
 * `catchAttempts`, `catches`, `attacks`, `kills`, `zombiesLost`; and the catch attempts of the
 * match as trials of `trap`, `trap:<rate>` and `difference:<A − D>`.
 */
export interface ZombieTrainersAggregate {
  matches: number;
  tally: Tally;
  roundsHistogram: Histogram;
  xpHistogram: [Histogram, Histogram];
  catchesHistogram: Histogram;
  /** Per A − D: the exact winning rolls summed over its attempts. */
  exactWinningRolls: Record<string, number>;
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

/** How a match ended: every trap used (rule 27), or the round cap (rule 29). */
const END_REASONS = ['trapsExhausted', 'capped'] as const;

/** The headlines of the matches that ended one way. */
export interface EndFigures {
  /** Share of all matches that ended this way. */
  readonly share: RateEstimate;
  readonly p1WinRate: RateEstimate;
  readonly tieRate: RateEstimate;
  /** Player 1's wins among these matches' decided (not tied) ones. */
  readonly decidedP1WinRate: RateEstimate;
}

export interface ZombieTrainersSummary {
  readonly matches: number;
  /** Player 1's wins, ties included (rule 28 gives them to player 1). */
  readonly p1WinRate: RateEstimate;
  readonly p2WinRate: RateEstimate;
  /** How matches end on XP: player 1 ahead, player 2 ahead, or equal (the three sum to 1). */
  readonly tieRule: {
    /** Matches that ended on equal XP: what rule 28 hands player 1. */
    readonly tieRate: RateEstimate;
    /** Player 1 strictly ahead on XP (his win rate if ties were draws). */
    readonly p1WinRateIfTiesDraw: RateEstimate;
    /** Player 2 strictly ahead on XP (his win rate either way). */
    readonly p2WinRateIfTiesDraw: RateEstimate;
  };
  /** The matches not tied: player 1's share of them, to read against 50%. */
  readonly decided: { readonly p1WinRate: RateEstimate };
  /** The same figures for the matches that ended each way. */
  readonly byEnd: { readonly trapsExhausted: EndFigures; readonly capped: EndFigures };
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
  private readonly figures = new MatchFigures();

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
    const figures = this.figures;
    figures.clear();
    const p1Won = end.winner === 0;
    figures.trial('p1Win', p1Won);
    figures.trial('tieWin', end.tieDecided);
    figures.trial('p1WinIfTiesDraw', p1Won && !end.tieDecided);
    figures.trial('p2MoreXp', !p1Won);
    if (!end.tieDecided) figures.trial('decidedP1Win', p1Won);
    figures.trial('capped', end.capped);
    // Every headline split by how the match ended: traps exhausted (rule 27) or the cap (rule 29).
    for (const reason of END_REASONS) {
      const here = (end.capped ? 'capped' : 'trapsExhausted') === reason;
      figures.trial(`end:${reason}`, here);
      if (!here) continue;
      figures.trial(`end:${reason}:p1Win`, p1Won);
      figures.trial(`end:${reason}:tieWin`, end.tieDecided);
      if (!end.tieDecided) figures.trial(`end:${reason}:decidedP1Win`, p1Won);
    }
    figures.sample('rounds', end.rounds);
    addToHistogram(aggregate.roundsHistogram, end.rounds);
    for (const seat of [0, 1] as const) {
      figures.sample(`xp${seat + 1}`, end.xp[seat]);
      addToHistogram(aggregate.xpHistogram[seat], end.xp[seat]);
    }
    const sum = (pair: [number, number]): number => pair[0] + pair[1];
    figures.sample('catchAttempts', sum(this.catchAttempts));
    figures.sample('catches', sum(this.catches));
    addToHistogram(aggregate.catchesHistogram, sum(this.catches));
    figures.sample('attacks', sum(this.attacks));
    figures.sample('kills', sum(this.kills));
    figures.sample('zombiesLost', sum(this.zombiesLost));
    for (const [rate, count] of this.byTrapRate) {
      figures.trial(`trap:${rate}`, count.successes, count.attempts);
      figures.trial('trap', count.successes, count.attempts);
    }
    for (const [difference, count] of this.byDifference) {
      figures.trial(`difference:${difference}`, count.successes, count.attempts);
      aggregate.exactWinningRolls[difference] = (aggregate.exactWinningRolls[difference] ?? 0) + count.exactWinningRolls;
    }
    recordMatch(aggregate.tally, context, figures);
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
  return { matches: 0, tally: emptyTally(), roundsHistogram: {}, xpHistogram: [{}, {}], catchesHistogram: {}, exactWinningRolls: {} };
}

function mergeAggregates(into: ZombieTrainersAggregate, other: ZombieTrainersAggregate): void {
  into.matches += other.matches;
  mergeTally(into.tally, other.tally);
  mergeHistograms(into.roundsHistogram, other.roundsHistogram);
  for (const seat of [0, 1] as const) mergeHistograms(into.xpHistogram[seat], other.xpHistogram[seat]);
  mergeHistograms(into.catchesHistogram, other.catchesHistogram);
  mergeHistograms(into.exactWinningRolls, other.exactWinningRolls);
}

/** The figures under a `prefix:` in numeric order of what follows it. */
function keyedFigures(sums: Record<string, ClusterSums>, prefix: string): [number, ClusterSums][] {
  return Object.keys(sums)
    .filter((key) => key.startsWith(`${prefix}:`))
    .map((key): [number, ClusterSums] => [Number(key.slice(prefix.length + 1)), sums[key] as ClusterSums])
    .sort((a, b) => a[0] - b[0]);
}

function summarize(aggregate: ZombieTrainersAggregate, confidence: number): ZombieTrainersSummary {
  const sums = settledFigures(aggregate.tally);
  const rate = (key: string): RateEstimate => clusteredRate(sums[key], confidence);
  // Every mean here is a count per game (rounds, catches, attacks...) or a trainer's XP, which
  // starts at 0 or more and only grows: never negative, so its interval, symmetric about the
  // mean, is cut at 0 where few matches would take it below (audit 41c F4).
  const mean = (key: string): MeanEstimate => within(clusteredMean(sums[key], confidence), 0, Infinity);
  const withHistogram = (key: string, histogram: Histogram): MeanEstimate & { histogram: [number, number][] } => ({ ...mean(key), histogram: sortedHistogram(histogram) });
  const byRate: Record<string, TrapRateFigure> = {};
  for (const [trapRate, figure] of keyedFigures(sums, 'trap')) {
    const simulated = clusteredRate(figure, confidence);
    const exact = exactCatchChance(trapRate);
    byRate[`rate${trapRate}`] = { trapRate, simulated, exact, exactInsideInterval: exact >= simulated.lower && exact <= simulated.upper };
  }
  const byDifference: Record<string, DifferenceFigure> = {};
  for (const [difference, figure] of keyedFigures(sums, 'difference')) {
    byDifference[`d${difference}`] = {
      difference,
      simulated: clusteredRate(figure, confidence),
      exactGivenTrapsUsed: (aggregate.exactWinningRolls[String(difference)] ?? 0) / (ROLL_MAX * figure.n),
    };
  }
  const p1Win = sums['p1Win'];
  const endFigures = (reason: (typeof END_REASONS)[number]): EndFigures => ({
    share: rate(`end:${reason}`),
    p1WinRate: rate(`end:${reason}:p1Win`),
    tieRate: rate(`end:${reason}:tieWin`),
    decidedP1WinRate: rate(`end:${reason}:decidedP1Win`),
  });
  return {
    matches: aggregate.matches,
    p1WinRate: clusteredRate(p1Win, confidence),
    p2WinRate: clusteredRate(p1Win === undefined ? undefined : complementSums(p1Win), confidence),
    tieRule: {
      tieRate: rate('tieWin'),
      p1WinRateIfTiesDraw: rate('p1WinIfTiesDraw'),
      p2WinRateIfTiesDraw: rate('p2MoreXp'),
    },
    decided: { p1WinRate: rate('decidedP1Win') },
    byEnd: {
      trapsExhausted: endFigures('trapsExhausted'),
      capped: endFigures('capped'),
    },
    cappedRate: rate('capped'),
    rounds: withHistogram('rounds', aggregate.roundsHistogram),
    xp: {
      p1: withHistogram('xp1', aggregate.xpHistogram[0]),
      p2: withHistogram('xp2', aggregate.xpHistogram[1]),
    },
    perGame: {
      catchAttempts: mean('catchAttempts'),
      catches: withHistogram('catches', aggregate.catchesHistogram),
      attacks: mean('attacks'),
      kills: mean('kills'),
      zombiesLost: mean('zombiesLost'),
    },
    trapSuccess: { overall: rate('trap'), byRate, byDifference },
  };
}

function formatSummary(summary: ZombieTrainersSummary): string {
  const lines: string[] = [];
  const tie = summary.tieRule;
  lines.push(
    table(
      ['', 'rate', '95% interval'],
      [
        ['P1 wins (ties included: rule 28)', ...formatRate(summary.p1WinRate)],
        ['P2 wins', ...formatRate(summary.p2WinRate)],
        ['Ties (equal XP), handed to P1 by rule 28', ...formatRate(tie.tieRate)],
        ['P1 ahead on XP', ...formatRate(tie.p1WinRateIfTiesDraw)],
        ['P2 ahead on XP', ...formatRate(tie.p2WinRateIfTiesDraw)],
        ['P1 among decided matches (against 50%)', ...formatRate(summary.decided.p1WinRate)],
        ['Capped at maxRounds', ...formatRate(summary.cappedRate)],
      ],
    ),
  );
  lines.push('');
  const endRow = (label: string, figures: EndFigures): string[] => [
    label,
    formatRate(figures.share)[0],
    ...formatRate(figures.p1WinRate),
    formatRate(figures.tieRate)[0],
    ...formatRate(figures.decidedP1WinRate),
  ];
  lines.push('By how the match ended');
  lines.push(
    table(
      ['', 'share', 'P1 wins', '95% interval', 'ties', 'P1 among decided', '95% interval'],
      [endRow('traps exhausted (rule 27)', summary.byEnd.trapsExhausted), endRow('capped (rule 29)', summary.byEnd.capped)],
    ),
  );
  if (summary.cappedRate.n > 0 && summary.cappedRate.rate > 0.5) {
    lines.push(
      `Most matches (${formatRate(summary.cappedRate)[0]}) ended at the maxRounds cap, not by traps running out: ` +
        'the figures above describe capped games more than the game the rules end.',
    );
  }
  lines.push('');
  const rateRows = Object.values(summary.trapSuccess.byRate).map((figure) => {
    const [rate, interval] = formatRate(figure.simulated);
    return [
      `${figure.trapRate}%`,
      String(figure.simulated.n),
      rate,
      interval,
      `${fixedHalfEven(100 * figure.exact, 2)}%`,
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
  // What the collector reads: moves and turn ends (most of a match's events) are for replays.
  eventTypes: ['catch', 'attack', 'spawn', 'matchEnd'],
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
