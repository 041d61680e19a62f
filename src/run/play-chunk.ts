/**
 * Plays a contiguous range of a scenario's matches and returns what the run writes for them:
 * CSV text in match order and mergeable aggregates. The same function runs in process and in
 * worker threads, so output bytes cannot depend on where a chunk was played.
 */
import { stringify } from 'csv-stringify/sync';
import { MatchFailure, playMatch, type MatchFailureData } from '../core/match-runner.js';
import { formatSeed } from '../core/rng.js';
import { addOutcome, emptyOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import type { CsvValue } from '../reports/report.js';
import type { Scenario } from '../scenario/scenario.js';

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

const csvOptions = { cast: { boolean: (value: boolean) => (value ? 'true' : 'false') } };

/** CSV text for rows (empty string for none), `true`/`false` for booleans. */
export function csv(rows: CsvValue[][]): string {
  return rows.length === 0 ? '' : stringify(rows, csvOptions);
}

/** The header line of `matches.csv`. */
export function matchesHeader(scenario: Scenario): string {
  const { game, report } = scenario.entry;
  return csv([['match', 'seed', ...game.seats.map((_, seat) => `agent${seat + 1}`), ...report.matchColumns]]);
}

/**
 * Agent streams of a seating: by seat normally; by agent name when seats rotate, so that two
 * copies of one agent swapping seats on the same seed do not play the very same game twice
 * (they would, with seat-keyed streams: every pair a duplicate, every interval too narrow).
 */
export function matchStreams(scenario: Scenario, seating: Scenario['seats']): { streamLabels?: string[] } {
  return scenario.rotate ? { streamLabels: seating.map((seat) => `agent:${seat.name}`) } : {};
}

/**
 * Plays matches `start..end-1` in order. A match that fails is recorded in `failures` (with the
 * seed that reproduces it) and left out of the rows and aggregates.
 */
export function playChunk(scenario: Scenario, start: number, end: number, eventFiles: boolean): ChunkResult {
  const { game, report } = scenario.entry;
  const collector = report.createCollector({ eventRows: eventFiles });
  const sink = (event: Parameters<typeof collector.onEvent>[0]): void => collector.onEvent(event);
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(game.seats.length);
  const swapped = [...scenario.seats].reverse();
  const matchRows: CsvValue[][] = [];
  const eventRows: CsvValue[][][] = report.eventTables.map(() => []);
  const failures: MatchFailureData[] = [];
  for (let matchIndex = start; matchIndex < end; matchIndex++) {
    // Rotated seats: matches 2k and 2k+1 share seed k, the second with the seats swapped.
    const seating = scenario.rotate && matchIndex % 2 === 1 ? swapped : scenario.seats;
    const seedIndex = scenario.rotate ? Math.floor(matchIndex / 2) : matchIndex;
    let outcome;
    try {
      outcome = playMatch({ game, params: scenario.params, seats: seating, runSeed: scenario.seed, matchIndex, seedIndex, ...matchStreams(scenario, seating) }, sink);
    } catch (error) {
      // A failing game or agent costs its match, not the run: the caller decides when to stop.
      if (!(error instanceof MatchFailure)) throw error;
      collector.discardMatch();
      failures.push(error.toData());
      continue;
    }
    const seed = formatSeed(outcome.seed);
    const rows = collector.finishMatch({ matchIndex, seed }, aggregate);
    const names = seating.map((seat) => seat.name);
    addOutcome(outcomes, outcome.returns, names);
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
