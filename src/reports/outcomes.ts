/**
 * Wins, draws and losses per seat and per agent, for every game, from the returns alone.
 * A seat wins when its return is strictly the highest, draws when it shares the highest, and
 * loses otherwise. With rotated seats each agent is reported overall and per seat, so a
 * first-player edge and a skill edge can be told apart.
 *
 * Each agent is counted once per match. Where it holds some seats of a match but not all, its
 * result is its best seat's return against the best of the other agents' seats (its own seats
 * sharing the top return are its win), overall and in its row for each seat it held; a match
 * where it holds every seat (one agent playing itself) says nothing about it: such matches are
 * left out of its overall rates and counted in `selfPlayMatches`, and its rows per seat give the
 * seats' own results there. Every rate is clustered by the run's independent unit (the match, or the
 * rotated pair), so its interval and measured design effect hold for paired seeds too.
 */
import { clusteredMean, clusteredRate, emptyTally, mergeTally, MatchFigures, recordMatch, settledFigures, type ClusterOf, type ClusterSums, type MeanEstimate, type Tally } from '../stats/clusters.js';
import type { RateEstimate } from '../stats/rate-interval.js';
import { formatMean, table, formatRate } from './format.js';

type Result = 'win' | 'draw' | 'loss';
const RESULTS: readonly Result[] = ['win', 'draw', 'loss'];

/** Plain-data, mergeable. */
export interface OutcomeAggregate {
  seats: number;
  /** Agent name → matches it sat in (self-play included). */
  agents: Record<string, number>;
  /** Agent name → matches where it held every seat. */
  selfPlay: Record<string, number>;
  /** Clustered figures, keyed by `seatKey` and `agentKey`. */
  tally: Tally;
}

export interface OutcomeRates {
  readonly n: number;
  readonly win: RateEstimate;
  readonly draw: RateEstimate;
  readonly loss: RateEstimate;
}

export interface AgentOutcomes {
  /** Matches against other agents: each counted once, its best seat's return against the other agents' best. */
  readonly overall: OutcomeRates & {
    /** Points per match (a win 1, a draw ½), the figure ratings are fitted to. */
    readonly score: MeanEstimate;
  };
  readonly bySeat: Record<string, OutcomeRates>;
  /** Matches where the agent held every seat: left out of `overall`. */
  readonly selfPlayMatches: number;
  readonly note?: string;
}

export interface OutcomeSummary {
  /** Keyed `seat1`, `seat2`, ... */
  readonly bySeat: Record<string, OutcomeRates>;
  /** Keyed by agent name: overall and per seat it played. */
  readonly byAgent: Record<string, AgentOutcomes>;
}

// Figure names: fields joined by a character no agent name contains. Built once per name and
// reused: the same string objects keep their hashes, and they are looked up for every match.
// Stryker disable next-line StringLiteral: every name ends in one of four fixed words after "all" or a seat number, so joined without a separator no two names of different figures are equal
const SEPARATOR = '\u0000';
// Each name set carries its slots in the module's one `figures` collector (win, draw, loss, then
// half-points), so a match records its figures without looking a name up.
type ResultKeys = Record<Result | 'halfPoints', string> & { readonly slots: readonly number[] };
const resultKeys = (prefix: string): ResultKeys => {
  const names = {
    win: `${prefix}${SEPARATOR}win`,
    draw: `${prefix}${SEPARATOR}draw`,
    loss: `${prefix}${SEPARATOR}loss`,
    halfPoints: `${prefix}${SEPARATOR}halfPoints`,
  };
  return { ...names, slots: [names.win, names.draw, names.loss, names.halfPoints].map((name) => figures.slotOf(name)) };
};
// Stryker disable next-line ArrayDeclaration: seats count from 1, so entry 0 is never read
const seatKeyCache: ResultKeys[] = [];
/** The figure names of seat `seat` (1-based). */
const seatKeys = (seat: number): ResultKeys => (seatKeyCache[seat] ??= resultKeys(`seat${SEPARATOR}${seat}`));
const agentKeyCache = new Map<string, { all: ResultKeys; seats: ResultKeys[] }>();
/** The figure names of agent `name`, overall (`all`) and per seat (1-based). */
function agentKeys(name: string, seat: number | 'all'): ResultKeys {
  let keys = agentKeyCache.get(name);
  // Stryker disable next-line ConditionalExpression: (true) names made anew are equal strings with the same slots; only the cache is lost
  if (keys === undefined) {
    // Stryker disable next-line ArrayDeclaration: seats count from 1, so entry 0 is never read
    keys = { all: resultKeys(`agent${SEPARATOR}${name}${SEPARATOR}all`), seats: [] };
    agentKeyCache.set(name, keys);
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: (false) the overall figures get names of their own under keys.seats['all'], as consistently in adding and in summing up
  if (seat === 'all') return keys.all;
  return (keys.seats[seat] ??= resultKeys(`agent${SEPARATOR}${name}${SEPARATOR}seat${seat}`));
}

export function emptyOutcomes(seats: number): OutcomeAggregate {
  return { seats, agents: {}, selfPlay: {}, tally: emptyTally() };
}

/** Classifies each seat's result from the returns. */
export function seatResults(returns: readonly number[]): Result[] {
  // Loops rather than a spread, a filter and a map: this runs twice per match (outcomes and
  // quality figures), and the returns it reads were checked finite by the runner.
  let best = Number.NEGATIVE_INFINITY;
  // Stryker disable next-line EqualityOperator: (>=) an equal return gives the same best; (<=) returns[length] is undefined, never above it
  for (let seat = 0; seat < returns.length; seat++) if ((returns[seat] as number) > best) best = returns[seat] as number;
  let atBest = 0;
  // Stryker disable next-line EqualityOperator: (<=) returns[length] is undefined, never the best
  for (let seat = 0; seat < returns.length; seat++) if (returns[seat] === best) atBest++;
  // Stryker disable next-line ArrayDeclaration: every entry is written below; the length only saves growing it
  const results = new Array<Result>(returns.length);
  for (let seat = 0; seat < returns.length; seat++) results[seat] = (returns[seat] as number) < best ? 'loss' : atBest === 1 ? 'win' : 'draw';
  return results;
}

/** Slot offsets within a name set's `slots`, by result: win, draw, loss. */
const RESULT_SLOT: Record<Result, number> = { win: 0, draw: 1, loss: 2 };

const figures = new MatchFigures();

/** Records one 0/1 trial for each of win, draw and loss: a success for `result` alone. */
function recordResult(slots: readonly number[], result: Result): void {
  const hit = RESULT_SLOT[result];
  for (let each = 0; each < 3; each++) figures.trialAt(slots[each] as number, each === hit);
}

/** Adds one match: `agentNames[seat]` played `seat`; `where` is the match's cluster. */
export function addOutcome(aggregate: OutcomeAggregate, returns: readonly number[], agentNames: readonly string[], where: ClusterOf): void {
  figures.clear();
  const results = seatResults(returns);
  const seats = results.length;
  // Stryker disable next-line EqualityOperator: (<=) a seat past the last records only failed trials under names no summary reads
  for (let seat = 0; seat < seats; seat++) recordResult(seatKeys(seat + 1).slots, results[seat] as Result);
  // Each agent once, in the order of its first seat: its best seat's return against the best of
  // the other agents' seats. Its own seats sharing the top return is its win, not a draw: no
  // other agent is level with it.
  // Stryker disable next-line EqualityOperator: (<=) agentNames[seats] is undefined, never a name first seen there
  for (let first = 0; first < seats; first++) {
    const name = agentNames[first] as string;
    if (agentNames.indexOf(name) !== first) continue;
    let own = Number.NEGATIVE_INFINITY;
    let others = Number.NEGATIVE_INFINITY;
    let held = 0;
    // Stryker disable next-line EqualityOperator: (<=) returns[seats] is undefined, never above a best
    for (let seat = 0; seat < seats; seat++) {
      const value = returns[seat] as number;
      if (agentNames[seat] === name) {
        held++;
        // Stryker disable next-line EqualityOperator: (>=) an equal return gives the same best
        if (value > own) own = value;
        // Stryker disable next-line EqualityOperator: (>=) an equal return gives the same best
      } else if (value > others) others = value;
    }
    aggregate.agents[name] = (aggregate.agents[name] ?? 0) + 1;
    if (held === seats) {
      aggregate.selfPlay[name] = (aggregate.selfPlay[name] ?? 0) + 1;
      // Against itself its rows per seat are the seats' own results (the first seat's edge).
      // Stryker disable next-line EqualityOperator: (<=) agentNames[seats] is undefined, never this name
      for (let seat = first; seat < seats; seat++) recordResult(agentKeys(name, seat + 1).slots, results[seat] as Result);
      continue;
    }
    const result: Result = own > others ? 'win' : own === others ? 'draw' : 'loss';
    const keys = agentKeys(name, 'all');
    recordResult(keys.slots, result);
    // Half-points keep the score a whole number.
    figures.sampleAt(keys.slots[3] as number, result === 'win' ? 2 : result === 'draw' ? 1 : 0);
    // Its row for each seat it held is its result in those matches, by the same rule: a team's
    // two seats sharing the top return are a win from either, not the draw the seat rule reads.
    // (Holding one seat, that is the seat's own result.)
    // Stryker disable next-line EqualityOperator: (<=) agentNames[seats] is undefined, never this name
    for (let seat = first; seat < seats; seat++) if (agentNames[seat] === name) recordResult(agentKeys(name, seat + 1).slots, result);
  }
  recordMatch(aggregate.tally, where, figures);
}

export function mergeOutcomes(into: OutcomeAggregate, other: OutcomeAggregate): void {
  for (const [name, count] of Object.entries(other.agents)) into.agents[name] = (into.agents[name] ?? 0) + count;
  for (const [name, count] of Object.entries(other.selfPlay)) into.selfPlay[name] = (into.selfPlay[name] ?? 0) + count;
  mergeTally(into.tally, other.tally);
}

/**
 * The score in points: the half-points mean halved, with the interval of a rate of half-points
 * (two a match, `clusteredRate`, clustered as the win rates are). A t interval on the
 * half-points, measured from the few rotated pairs that stray from one win each, covered an
 * agent's score about 85% of the time at 100 to 1,000 pairs (summed exactly); as a rate it
 * gets the rates' tail rule and their pseudo-clusters, and an interval even where every match
 * scored alike. Its sd, design effect and clusters stay the mean's (compare's tests read them).
 */
export function scoreOf(halfPoints: ClusterSums | undefined, confidence: number): MeanEstimate {
  const mean = clusteredMean(halfPoints, confidence);
  // No match of its own (it played itself throughout): no figure, NaN throughout, as a mean's.
  if (halfPoints === undefined || halfPoints.n === 0) return mean;
  const { clusters, x, n, xx, xn, nn } = halfPoints;
  const asRate = clusteredRate({ clusters, x, n: 2 * n, xx, xn: 2 * xn, nn: 4 * nn, ee: x }, confidence);
  // A rate's interval is no t interval: the mean's skewness caution is none of its business.
  const { note: _note, caution: _caution, ...measured } = mean;
  return { ...measured, mean: mean.mean / 2, lower: asRate.lower, upper: asRate.upper, sd: mean.sd / 2 };
}

export function summarizeOutcomes(aggregate: OutcomeAggregate, confidence: number): OutcomeSummary {
  const sums = settledFigures(aggregate.tally);
  const rates = (keys: ResultKeys): OutcomeRates => {
    const [win, draw, loss] = RESULTS.map((result) => clusteredRate(sums[keys[result]], confidence)) as [RateEstimate, RateEstimate, RateEstimate];
    return { n: win.n, win, draw, loss };
  };
  const bySeat: Record<string, OutcomeRates> = {};
  for (let seat = 1; seat <= aggregate.seats; seat++) bySeat[`seat${seat}`] = rates(seatKeys(seat));
  const byAgent: Record<string, AgentOutcomes> = {};
  for (const name of Object.keys(aggregate.agents).sort()) {
    const perSeat: Record<string, OutcomeRates> = {};
    for (let seat = 1; seat <= aggregate.seats; seat++) {
      const figure = rates(agentKeys(name, seat));
      if (figure.n > 0) perSeat[`seat${seat}`] = figure;
    }
    const selfPlayMatches = aggregate.selfPlay[name] ?? 0;
    const all = agentKeys(name, 'all');
    const overall = { ...rates(all), score: scoreOf(sums[all.halfPoints], confidence) };
    const note = overall.n === 0 ? 'plays itself in every match: its results are the seat table' : selfPlayMatches > 0 ? `${selfPlayMatches} matches against itself left out of overall` : undefined;
    byAgent[name] = { overall, bySeat: perSeat, selfPlayMatches, ...(note === undefined ? {} : { note }) };
  }
  return { bySeat, byAgent };
}

/**
 * The figures {@link summarizeOutcomes} gives once matches of every seating in `seatings` (the
 * agents' names seat by seat: one seating, or a rotated pair's two) are played, by their paths
 * under `outcomes` and their kinds: each seat's win, draw and loss rates; each agent's overall
 * rates and score (a mean), and its rates for every seat it holds in some seating. Known from the
 * seats alone, so a name can be checked before any match is played (a check's metric).
 */
export function outcomeFigureKinds(seats: number, seatings: readonly (readonly string[])[]): Map<string, 'rate' | 'mean'> {
  const kinds = new Map<string, 'rate' | 'mean'>();
  const rates = (prefix: string): void => {
    for (const result of RESULTS) kinds.set(`${prefix}.${result}`, 'rate');
  };
  for (let seat = 1; seat <= seats; seat++) rates(`bySeat.seat${seat}`);
  const held = new Map<string, Set<number>>();
  for (const names of seatings) {
    names.forEach((name, seat) => {
      const seatsHeld = held.get(name) ?? new Set<number>();
      held.set(name, seatsHeld.add(seat + 1));
    });
  }
  for (const name of [...held.keys()].sort()) {
    rates(`byAgent.${name}.overall`);
    kinds.set(`byAgent.${name}.overall.score`, 'mean');
    for (const seat of [...(held.get(name) as Set<number>)].sort((a, b) => a - b)) rates(`byAgent.${name}.bySeat.seat${seat}`);
  }
  return kinds;
}

/** The per-agent table printed when seats are rotated or agents differ. */
export function formatOutcomes(summary: OutcomeSummary, seatNames: readonly string[]): string {
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const [name, figures] of Object.entries(summary.byAgent)) {
    const line = (label: string, r: OutcomeRates, score: string): string[] => [label, String(r.n), ...formatRate(r.win), formatRate(r.draw)[0], formatRate(r.loss)[0], score];
    rows.push(line(name, figures.overall, figures.overall.n === 0 ? '-' : formatMean(figures.overall.score, 3)));
    for (const [seatKey, r] of Object.entries(figures.bySeat)) {
      const seatIndex = Number(seatKey.slice(4)) - 1;
      rows.push(line(`  as ${seatNames[seatIndex] ?? seatKey}`, r, ''));
    }
    if (figures.note !== undefined) notes.push(`${name}: ${figures.note}`);
  }
  // Match points (a win 1, a draw ½), not the game's own score: the ratings are fitted to them.
  const text = table(['agent', 'games', 'wins', '95% interval', 'draws', 'losses', 'match points per game (win 1, draw ½) [95%]'], rows);
  return notes.length === 0 ? text : `${text}\n${notes.map((note) => `(${note})`).join('\n')}`;
}
