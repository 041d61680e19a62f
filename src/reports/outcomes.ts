/**
 * Wins, draws and losses per seat and per agent, for every game, from the returns alone.
 * A seat wins when its return is strictly the highest, draws when it shares the highest, and
 * loses otherwise. With rotated seats each agent is reported overall and per seat, so a
 * first-player edge and a skill edge can be told apart.
 */
import { wilsonInterval, type RateEstimate } from '../stats/intervals.js';
import { table, formatRate } from './format.js';

interface OutcomeCount {
  wins: number;
  draws: number;
  losses: number;
}

/** Plain-data, mergeable. */
export interface OutcomeAggregate {
  /** Index: seat. */
  bySeat: OutcomeCount[];
  /** Agent name → per seat (index: seat). */
  byAgent: Record<string, OutcomeCount[]>;
}

export interface OutcomeRates {
  readonly n: number;
  readonly win: RateEstimate;
  readonly draw: RateEstimate;
  readonly loss: RateEstimate;
}

export interface OutcomeSummary {
  /** Keyed `seat1`, `seat2`, ... */
  readonly bySeat: Record<string, OutcomeRates>;
  /** Keyed by agent name: overall and per seat it played. */
  readonly byAgent: Record<string, { readonly overall: OutcomeRates; readonly bySeat: Record<string, OutcomeRates> }>;
}

const emptyCount = (): OutcomeCount => ({ wins: 0, draws: 0, losses: 0 });

export function emptyOutcomes(seats: number): OutcomeAggregate {
  return { bySeat: Array.from({ length: seats }, emptyCount), byAgent: {} };
}

/** Classifies each seat's result from the returns. */
export function seatResults(returns: readonly number[]): ('win' | 'draw' | 'loss')[] {
  const best = Math.max(...returns);
  const atBest = returns.filter((value) => value === best).length;
  return returns.map((value) => (value < best ? 'loss' : atBest === 1 ? 'win' : 'draw'));
}

function count(into: OutcomeCount, result: 'win' | 'draw' | 'loss'): void {
  if (result === 'win') into.wins++;
  else if (result === 'draw') into.draws++;
  else into.losses++;
}

/** Adds one match: `agentNames[seat]` played `seat`. */
export function addOutcome(aggregate: OutcomeAggregate, returns: readonly number[], agentNames: readonly string[]): void {
  seatResults(returns).forEach((result, seat) => {
    count(aggregate.bySeat[seat] as OutcomeCount, result);
    const name = agentNames[seat] as string;
    const perSeat = (aggregate.byAgent[name] ??= aggregate.bySeat.map(emptyCount));
    count(perSeat[seat] as OutcomeCount, result);
  });
}

export function mergeOutcomes(into: OutcomeAggregate, other: OutcomeAggregate): void {
  const add = (a: OutcomeCount, b: OutcomeCount): void => {
    a.wins += b.wins;
    a.draws += b.draws;
    a.losses += b.losses;
  };
  other.bySeat.forEach((c, seat) => add(into.bySeat[seat] as OutcomeCount, c));
  for (const [name, seats] of Object.entries(other.byAgent)) {
    const target = (into.byAgent[name] ??= seats.map(emptyCount));
    seats.forEach((c, seat) => add(target[seat] as OutcomeCount, c));
  }
}

function rates(c: OutcomeCount, confidence: number): OutcomeRates {
  const n = c.wins + c.draws + c.losses;
  return {
    n,
    win: wilsonInterval(c.wins, n, confidence),
    draw: wilsonInterval(c.draws, n, confidence),
    loss: wilsonInterval(c.losses, n, confidence),
  };
}

export function summarizeOutcomes(aggregate: OutcomeAggregate, confidence: number): OutcomeSummary {
  const bySeat: Record<string, OutcomeRates> = {};
  aggregate.bySeat.forEach((c, seat) => (bySeat[`seat${seat + 1}`] = rates(c, confidence)));
  const byAgent: OutcomeSummary['byAgent'] = {};
  for (const name of Object.keys(aggregate.byAgent).sort()) {
    const seats = aggregate.byAgent[name] as OutcomeCount[];
    const total = emptyCount();
    const perSeat: Record<string, OutcomeRates> = {};
    seats.forEach((c, seat) => {
      total.wins += c.wins;
      total.draws += c.draws;
      total.losses += c.losses;
      if (c.wins + c.draws + c.losses > 0) perSeat[`seat${seat + 1}`] = rates(c, confidence);
    });
    byAgent[name] = { overall: rates(total, confidence), bySeat: perSeat };
  }
  return { bySeat, byAgent };
}

/** The per-agent table printed when seats are rotated or agents differ. */
export function formatOutcomes(summary: OutcomeSummary, seatNames: readonly string[]): string {
  const rows: string[][] = [];
  for (const [name, figures] of Object.entries(summary.byAgent)) {
    const line = (label: string, r: OutcomeRates): string[] => [label, String(r.n), ...formatRate(r.win), formatRate(r.draw)[0], formatRate(r.loss)[0]];
    rows.push(line(name, figures.overall));
    for (const [seatKey, r] of Object.entries(figures.bySeat)) {
      const seatIndex = Number(seatKey.slice(4)) - 1;
      rows.push(line(`  as ${seatNames[seatIndex] ?? seatKey}`, r));
    }
  }
  return table(['agent', 'games', 'wins', '95% interval', 'draws', 'losses'], rows);
}
