/**
 * Plays a contiguous range of a scenario's matches and returns what the run writes for them:
 * CSV text in match order and mergeable aggregates. The same function runs in process and in
 * worker threads, so output bytes cannot depend on where a chunk was played.
 */
import { MatchFailure, MatchScratch, playMatch, type MatchFailureData, type MatchSpec } from '../core/match-runner.js';
import { formatSeed, matchSeed } from '../core/rng.js';
import { metricFailureOf } from '../reports/custom-metrics.js';
import { isRunStoppingError, RunStoppingError } from '../core/errors.js';
import { addOutcome, emptyOutcomes, mergeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import { collectorSink, type CsvValue, type MatchCollector, type MatchRows } from '../reports/report.js';
import type { GameEvent } from '../core/game.js';
import type { Scenario } from '../scenario/scenario.js';
import { performance } from 'node:perf_hooks';
import { csv, csvCells, csvRow } from './csv.js';
import { CsvBytes, plainCells } from './csv-bytes.js';
import { ownMatchColumns, reportOwner, rowLengthProblem } from './run-files.js';
import { checkMatchReplays, checkOwnPlay, needsCanary, PlayRecord, type PlayPart } from './determinism-canary.js';

/** What one chunk contributes to a run. Plain data: it crosses thread boundaries as it is. */
export interface ChunkResult {
  readonly start: number;
  readonly end: number;
  /** Rows of `matches.csv` for matches `start..end-1`, without the header, as UTF-8. */
  readonly matchCsv: Uint8Array;
  /** Rows of each event table, in `eventTables` order, without headers (empty when switched off). */
  readonly eventCsvs: string[];
  /** The game report's aggregate of these matches (failed ones left out). */
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  /** Matches that failed: recorded here instead of in `matchCsv`. */
  readonly failures: MatchFailureData[];
  /**
   * Milliseconds the thread spent playing the chunk: only for sizing the chunks that follow
   * (never written; a run's output does not depend on chunk sizes).
   */
  readonly playMs: number;
}

/** The header line of `matches.csv`. */
export function matchesHeader(scenario: Scenario): string {
  const { game, report } = scenario.entry;
  return csv([[...ownMatchColumns(game.seats.length), ...report.matchColumns]]);
}

/**
 * How match `matchIndex` of a scenario is played: the one place the run and `replay` both ask,
 * so a replay is always the match the run played. With rotated seats, matches 2k and 2k+1 share
 * seed k, the second with the seats swapped, and agent streams are named after the agent, so two
 * copies of one agent swapping seats do not play the very same game twice.
 */
export function matchPlan(scenario: Scenario, matchIndex: number): { seats: Scenario['seats']; seedIndex: number; streamLabels?: string[] } {
  if (!scenario.rotate) return { seats: scenario.seats, seedIndex: matchIndex };
  const seating = rotatedSeatings(scenario)[matchIndex % 2] as RotatedSeating;
  return { seats: seating.seats, seedIndex: seating.firstSeed + Math.floor(matchIndex / 2), streamLabels: seating.streamLabels };
}

/**
 * Seed indices a round robin's pairings keep apart: pairing k (in the order i < j of the list)
 * plays seeds k·2^32 on, past any run's matches (at most 10⁹), so the first pairing keeps the
 * seeds a rotated scenario plays. Pairings on common seeds were correlated (an agent draws the
 * same stream against every opponent): the ratings, whose variance adds the pairings' as
 * independent, covered the true values 87–89% of the time where they said 95% (audit 28a).
 */
const PAIRING_SEEDS = 2 ** 32;

/** The first seed index of the round robin's pairing `scenario` plays; 0 for any other scenario. */
export function pairingFirstSeed(scenario: Pick<Scenario, 'tournament' | 'source'>): number {
  if (scenario.tournament === null) return 0;
  const [i, j] = scenario.source.overrides.pairing ?? [0, 1];
  const agents = scenario.tournament.length;
  // Pairs (0,1), (0,2), ..., (0,k−1), (1,2), ...: those of every row above i, then j's place in i's.
  const ordinal = i * agents - (i * (i + 1)) / 2 + (j - i - 1);
  return ordinal * PAIRING_SEEDS;
}

interface RotatedSeating {
  readonly seats: Scenario['seats'];
  readonly streamLabels: string[];
  readonly firstSeed: number;
}

// A rotated scenario's two seatings, made once: a run asks for them at every match.
const seatingsOfScenario = new WeakMap<Scenario, readonly RotatedSeating[]>();

function rotatedSeatings(scenario: Scenario): readonly RotatedSeating[] {
  let seatings = seatingsOfScenario.get(scenario);
  if (seatings === undefined) {
    const firstSeed = pairingFirstSeed(scenario);
    seatings = [scenario.seats, [...scenario.seats].reverse()].map((seats) => ({ seats, streamLabels: seats.map((seat) => `agent:${seat.name}`), firstSeed }));
    seatingsOfScenario.set(scenario, seatings);
  }
  return seatings;
}

/**
 * Plays matches `start..end-1` in order. A match that fails is recorded in `failures` (with the
 * seed that reproduces it) and left out of the rows and aggregates. `onMatchStart` hears of each
 * match before it is played (a worker tells its pool which match it is in).
 * @throws MetricFailure when a metric module throws or returns a bad figure: the chunk, and the
 *   run, stop there (a metric that skipped the matches it failed on would be biased).
 */
export function playChunk(scenario: Scenario, start: number, end: number, eventFiles: boolean, onMatchStart?: MatchStarts): ChunkResult {
  return failingOnMetrics(scenario, start, (onMatch) =>
    playMatches(scenario, start, end, eventFiles, (index, again) => {
      onMatch(index);
      onMatchStart?.(index, again);
    }),
  );
}

/**
 * Told as each match starts (`again` when match 0 is played once more, for the canary: a time
 * limit then counts that play alone, and it is no further match).
 */
export type MatchStarts = (matchIndex: number, again?: boolean) => void;

/**
 * Runs `play` (matches of `scenario` from `start`, each announced to the `onMatch` it is given)
 * and turns a metric module's failure into a {@link MetricFailure} naming the match it was in.
 */
export function failingOnMetrics<T>(scenario: Scenario, start: number, play: (onMatch: (matchIndex: number) => void) => T): T {
  let matchIndex = start;
  try {
    return play((index) => {
      matchIndex = index;
    });
  } catch (error) {
    throw metricFailureOf(error, matchIndex, scenario.seed, formatSeed(matchSeed(scenario.seed, matchPlan(scenario, matchIndex).seedIndex))) ?? error;
  }
}

function playMatches(scenario: Scenario, start: number, end: number, eventFiles: boolean, onMatchStart: MatchStarts): ChunkResult {
  const { game, report } = scenario.entry;
  const collector = report.createCollector({ eventRows: eventFiles });
  const sink = collectorSink(report, collector);
  const hooks = decisionHook(collector);
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(game.seats.length);
  // Rows are kept as the bytes they will be written as, not as arrays of cells or strings: what
  // a chunk holds until it is sent is then just those bytes (large chunks otherwise fill the
  // young heap), and the main thread writes them as they are.
  // Room for a short row per match, up to a megabyte: a longer chunk's buffer grows as it fills.
  const matchBytes = new CsvBytes(Math.min(64 * (end - start), 1 << 20));
  const eventLines = report.eventTables.map(() => new LineBuffer());
  const failures: MatchFailureData[] = [];
  const began = performance.now();
  const seatings = new SeatingText();
  // One spec for the chunk, its per-match fields set before each match: the runner reads a spec
  // while it plays and keeps none of it, and a literal with two spreads per match was a visible
  // share of a short game's time. Every field is present from the start, so its shape is fixed.
  const spec: ReusedSpec = { game, params: scenario.params, seats: scenario.seats, runSeed: scenario.seed, matchIndex: start, seedIndex: start, streamLabels: undefined, onDecision: hooks.onDecision, trace: undefined, scratch: new MatchScratch() };
  // A module that plays match 0 otherwise when played again stops the run here (see
  // determinism-canary.ts): the plays before the run, then the run's own (`own`, recorded as played).
  const canary = start === 0 && end > 0 && needsCanary(scenario);
  let before: readonly PlayPart[] = [];
  let own: PlayRecord | null = null;
  for (let matchIndex = start; matchIndex < end; matchIndex++) {
    onMatchStart(matchIndex);
    if (canary && matchIndex === 0) {
      before = checkMatchReplays(scenario, eventFiles, () => onMatchStart(0, true));
      own = new PlayRecord(scenario);
      spec.trace = own.trace;
    }
    const plan = matchPlan(scenario, matchIndex);
    spec.matchIndex = matchIndex;
    spec.seats = plan.seats;
    spec.seedIndex = plan.seedIndex;
    spec.streamLabels = plan.streamLabels;
    collector.startMatch?.(matchIndex);
    let outcome;
    try {
      outcome = playMatch(spec as MatchSpec, sink);
    } catch (error) {
      // A failing game or agent costs its match, not the run: the caller decides when to stop.
      if (!(error instanceof MatchFailure) || isRunStoppingError(error.cause)) throw error;
      collector.discardMatch();
      if (own !== null) {
        own.failed(error);
        checkOwnPlay(scenario, before, own);
        own = null;
        spec.trace = undefined;
      }
      failures.push(error.toData());
      continue;
    }
    const seed = formatSeed(outcome.seed);
    const seating = seatings.of(plan.seats);
    // The independent unit: a rotated pair shares its seed, so its two matches are one cluster.
    const context = { matchIndex, seed, cluster: plan.seedIndex, clusterSize: scenario.rotate ? 2 : 1, agents: seating.names, returns: outcome.returns, finalState: outcome.finalState, endedAtCap: outcome.endedAtCap };
    const rows = collector.finishMatch(context, aggregate);
    checkRows(scenario, rows, eventFiles);
    if (own !== null) {
      // Match 0 is the chunk's first: the aggregate holds its figures alone.
      own.ended(outcome.returns, rows, aggregate);
      checkOwnPlay(scenario, before, own);
      own = null;
      spec.trace = undefined;
    }
    addOutcome(outcomes, outcome.returns, seating.names, context);
    const reportCells = rows.matchRow;
    if (seating.cells === null || !plainCells(reportCells)) {
      matchBytes.text(csvRow([matchIndex, seed, ...seating.names, ...reportCells]));
    } else {
      matchBytes.index(matchIndex);
      matchBytes.comma();
      matchBytes.seed(outcome.seed.hi, outcome.seed.lo);
      matchBytes.raw(seating.cells);
      for (let i = 0; i < reportCells.length; i++) {
        matchBytes.comma();
        matchBytes.cell(reportCells[i] as CsvValue);
      }
      matchBytes.newline();
    }
    if (eventFiles) {
      for (let table = 0; table < rows.eventRows.length; table++) {
        const lines = eventLines[table];
        if (lines !== undefined) for (const row of rows.eventRows[table] as CsvValue[][]) lines.add(csvRow(row));
      }
    }
  }
  return {
    start,
    end,
    matchCsv: matchBytes.take(),
    eventCsvs: eventFiles ? eventLines.map((lines) => lines.text()) : [],
    aggregate,
    outcomes,
    failures,
    playMs: performance.now() - began,
  };
}

/**
 * Refuses rows a match's report gave that would not fit their files: a matchRow of another
 * length than `matchColumns`, or an event row of another length than its table's columns
 * (audit 36c: short rows were written as they were). Its figures are in the aggregate by now, so
 * the match cannot just fail: the run stops (a {@link RunStoppingError}), naming the match.
 * @throws RunStoppingError naming the report and the row.
 */
export function checkRows(scenario: Scenario, rows: MatchRows, eventFiles: boolean): void {
  const { report } = scenario.entry;
  const matchRow = (rows as Partial<MatchRows> | undefined)?.matchRow;
  const short = rowLengthProblem(matchRow, report.matchColumns);
  if (short !== null) throw new RunStoppingError(reportOwner(scenario.entry), `its report's finishMatch gave a matchRow that ${short.found}`, short.expected);
  if (!eventFiles || !Array.isArray(rows.eventRows)) return;
  // Index loops: asked of every match, so no iterator or array is made for a match whose rows fit.
  const tables = report.eventTables;
  for (let index = 0; index < tables.length; index++) {
    const table = tables[index] as (typeof tables)[number];
    const tableRows: unknown = rows.eventRows[index];
    if (tableRows === undefined) continue;
    if (!Array.isArray(tableRows)) {
      const wrong = rowLengthProblem(tableRows, table.columns);
      if (wrong !== null) throw new RunStoppingError(reportOwner(scenario.entry), `its report's finishMatch gave eventRows[${index}] (${table.file}) whose row 0 ${wrong.found}`, wrong.expected);
      continue;
    }
    for (let at = 0; at < tableRows.length; at++) {
      const wrong = rowLengthProblem(tableRows[at], table.columns);
      if (wrong !== null) throw new RunStoppingError(reportOwner(scenario.entry), `its report's finishMatch gave eventRows[${index}] (${table.file}) whose row ${at} ${wrong.found}`, wrong.expected);
    }
  }
}

/**
 * A {@link MatchSpec} whose per-match fields are rewritten match after match. Its optional
 * fields are present as undefined when unused (the runner reads each with `?.` or `??`), which
 * MatchSpec's exact optional types do not spell, hence the cast where it is passed.
 */
interface ReusedSpec {
  readonly game: MatchSpec['game'];
  readonly params: unknown;
  seats: MatchSpec['seats'];
  readonly runSeed: number;
  matchIndex: number;
  seedIndex: number;
  streamLabels: readonly string[] | undefined;
  readonly onDecision: MatchSpec['onDecision'] | undefined;
  /** Set for match 0 where the canary records the run's own play of it. */
  trace: MatchSpec['trace'] | undefined;
  readonly scratch: MatchScratch;
}

/**
 * Lines of text gathered into flat strings a few hundred at a time. A line built by concatenation
 * is a tree of small string pieces (a seed alone is eight); joined soon, a chunk of thousands of
 * matches keeps one flat string per batch alive instead of every piece of every line.
 */
class LineBuffer {
  private readonly parts: string[] = [];
  private readonly pending: string[] = [];

  add(line: string): void {
    this.pending.push(line);
    if (this.pending.length >= LINES_PER_JOIN) this.flush();
  }

  text(): string {
    this.flush();
    return this.parts.join('');
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.parts.push(this.pending.join(''));
    this.pending.length = 0;
  }
}
const LINES_PER_JOIN = 256;

/**
 * The agents' names of a seating, and their CSV cells (each after a comma), made once per
 * seating rather than once per match: a run has one seating, or two with rotated seats, and
 * `matchPlan` hands out the same seats array for each, so they are found by identity.
 */
class SeatingText {
  private readonly bySeats = new Map<Scenario['seats'], { readonly names: string[]; readonly cells: Uint8Array | null }>();

  of(seats: Scenario['seats']): { readonly names: string[]; readonly cells: Uint8Array | null } {
    let seating = this.bySeats.get(seats);
    if (seating === undefined) {
      const names = seats.map((seat) => seat.name);
      const cells = csvCells(names);
      seating = { names, cells: cells === null ? null : new TextEncoder().encode(names.length > 0 ? `,${cells}` : '') };
      this.bySeats.set(seats, seating);
    }
    return seating;
  }
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
    matchCsv: Buffer.concat(parts.map((part) => part.matchCsv)),
    eventCsvs: first.eventCsvs.map((_, index) => parts.map((part) => part.eventCsvs[index] ?? '').join('')),
    aggregate,
    outcomes,
    failures: parts.flatMap((part) => part.failures),
    playMs: parts.reduce((sum, part) => sum + part.playMs, 0),
  };
}
