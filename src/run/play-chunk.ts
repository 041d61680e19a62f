/**
 * Plays a contiguous range of a scenario's matches and returns what the run writes for them:
 * CSV text in match order and mergeable aggregates. The same function runs in process and in
 * worker threads, so output bytes cannot depend on where a chunk was played.
 */
import { MatchFailure, playMatch, type MatchFailureData } from '../core/match-runner.js';
import { formatSeed } from '../core/rng.js';
import { addOutcome, emptyOutcomes, mergeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import type { CsvValue, MatchCollector } from '../reports/report.js';
import type { GameEvent } from '../core/game.js';
import type { Scenario } from '../scenario/scenario.js';
import { csv } from './csv.js';

/** What one chunk contributes to a run. Plain data: it crosses thread boundaries as it is. */
export interface ChunkResult {
  readonly start: number;
  readonly end: number;
  /** Rows of `matches.csv` for matches `start..end-1`, without the header. */
  readonly matchCsv: string;
  /** Rows of each event table, in `eventTables` order, without headers (empty when switched off). */
  readonly eventCsvs: string[];
  /** The game report's aggregate of these matches (failed ones left out). */
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  /** Matches that failed: recorded here instead of in `matchCsv`. */
  readonly failures: MatchFailureData[];
}

/** The header line of `matches.csv`. */
export function matchesHeader(scenario: Scenario): string {
  const { game, report } = scenario.entry;
  return csv([['match', 'seed', ...game.seats.map((_, seat) => `agent${seat + 1}`), ...report.matchColumns]]);
}

/**
 * How match `matchIndex` of a scenario is played: the one place the run and `replay` both ask,
 * so a replay is always the match the run played. With rotated seats, matches 2k and 2k+1 share
 * seed k, the second with the seats swapped, and agent streams are named after the agent, so two
 * copies of one agent swapping seats do not play the very same game twice.
 */
export function matchPlan(scenario: Scenario, matchIndex: number): { seats: Scenario['seats']; seedIndex: number; streamLabels?: string[] } {
  if (!scenario.rotate) return { seats: scenario.seats, seedIndex: matchIndex };
  const seats = matchIndex % 2 === 1 ? [...scenario.seats].reverse() : scenario.seats;
  return { seats, seedIndex: Math.floor(matchIndex / 2), streamLabels: seats.map((seat) => `agent:${seat.name}`) };
}

/**
 * Plays matches `start..end-1` in order. A match that fails is recorded in `failures` (with the
 * seed that reproduces it) and left out of the rows and aggregates. `onMatchStart` hears of each
 * match before it is played (a worker tells its pool which match it is in).
 */
export function playChunk(scenario: Scenario, start: number, end: number, eventFiles: boolean, onMatchStart?: (matchIndex: number) => void): ChunkResult {
  const { game, report } = scenario.entry;
  const collector = report.createCollector({ eventRows: eventFiles });
  const sink = (event: Parameters<typeof collector.onEvent>[0]): void => collector.onEvent(event);
  const hooks = decisionHook(collector);
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(game.seats.length);
  const matchRows: CsvValue[][] = [];
  const eventRows: CsvValue[][][] = report.eventTables.map(() => []);
  const failures: MatchFailureData[] = [];
  for (let matchIndex = start; matchIndex < end; matchIndex++) {
    onMatchStart?.(matchIndex);
    const plan = matchPlan(scenario, matchIndex);
    let outcome;
    try {
      outcome = playMatch({ game, params: scenario.params, runSeed: scenario.seed, matchIndex, ...plan, ...hooks }, sink);
    } catch (error) {
      // A failing game or agent costs its match, not the run: the caller decides when to stop.
      if (!(error instanceof MatchFailure)) throw error;
      collector.discardMatch();
      failures.push(error.toData());
      continue;
    }
    const seed = formatSeed(outcome.seed);
    // The independent unit: a rotated pair shares its seed, so its two matches are one cluster.
    const names = plan.seats.map((seat) => seat.name);
    const context = { matchIndex, seed, cluster: plan.seedIndex, clusterSize: scenario.rotate ? 2 : 1, agents: names, returns: outcome.returns, finalState: outcome.finalState };
    const rows = collector.finishMatch(context, aggregate);
    addOutcome(outcomes, outcome.returns, names, context);
    matchRows.push([matchIndex, seed, ...names, ...rows.matchRow]);
    if (eventFiles) rows.eventRows.forEach((tableRows, index) => eventRows[index]?.push(...tableRows));
  }
  return {
    start,
    end,
    matchCsv: csv(matchRows),
    eventCsvs: eventFiles ? eventRows.map(csv) : [],
    aggregate,
    outcomes,
    failures,
  };
}

/** The runner's `onDecision`, bound to a collector that listens for decisions; nothing for one that does not. */
export function decisionHook(collector: MatchCollector<GameEvent, unknown>): { onDecision?: (seat: number, legalActions: number, state: unknown) => void } {
  const onDecision = collector.onDecision?.bind(collector);
  return onDecision === undefined ? {} : { onDecision };
}

/**
 * Joins the results of consecutive ranges (`parts` in match order, each starting where the one
 * before ended) into the result of the whole range: rows concatenate and aggregates are exact
 * sums, so the join is byte-identical to playing the range as one chunk.
 */
export function joinChunkResults(scenario: Scenario, parts: readonly ChunkResult[]): ChunkResult {
  const first = parts[0];
  if (first === undefined) throw new Error('joinChunkResults needs at least one part');
  if (parts.length === 1) return first;
  const { game, report } = scenario.entry;
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(game.seats.length);
  let end = first.start;
  for (const part of parts) {
    if (part.start !== end) throw new Error(`chunk results are not consecutive: ${end} then ${part.start}`);
    end = part.end;
    report.mergeAggregates(aggregate, part.aggregate);
    mergeOutcomes(outcomes, part.outcomes);
  }
  return {
    start: first.start,
    end,
    matchCsv: parts.map((part) => part.matchCsv).join(''),
    eventCsvs: first.eventCsvs.map((_, index) => parts.map((part) => part.eventCsvs[index] ?? '').join('')),
    aggregate,
    outcomes,
    failures: parts.flatMap((part) => part.failures),
  };
}
