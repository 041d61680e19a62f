/**
 * The report contract: a game's report turns the typed events of each match into CSV rows and a
 * mergeable aggregate, then the aggregate into the summary. Rules never see this code (metrics
 * come from events), and aggregates are plain data merged exactly, so a run split into chunks
 * or across workers sums to the same bytes.
 */
import type { EventSink, GameEvent } from '../core/game.js';
import type { ClusterOf } from '../stats/clusters.js';

/** One CSV cell. */
export type CsvValue = string | number | boolean;

/** A per-event CSV file written beside `matches.csv`, such as `catches.csv`. */
export interface EventTable {
  readonly file: string;
  readonly columns: readonly string[];
}

/**
 * Identifies a match in its rows, and its independent unit: `cluster` is the match itself, or
 * the rotated pair (matches 2k and 2k+1 share their dice) it belongs to. A report records its
 * figures per cluster (`recordMatch` in `stats/clusters.ts`), so every interval's variance comes
 * from the independent units.
 */
export interface MatchContext extends ClusterOf {
  readonly matchIndex: number;
  /** The match seed as 16 hex digits. */
  readonly seed: string;
  /** Each seat's agent name in this match (rotated runs swap them); absent where unknown. */
  readonly agents?: readonly string[];
  /** The match's per-seat returns; absent for a match that is being discarded. */
  readonly returns?: readonly number[];
  /** The terminal state (read it, never change it); absent for a match that is being discarded. */
  readonly finalState?: unknown;
  /** The game's `endedAtCap` of the final state as the match asked it, once; absent where not asked. */
  readonly endedAtCap?: boolean | undefined;
}

/** The rows one match contributes. */
export interface MatchRows {
  /** The game's part of a `matches.csv` row, in `matchColumns` order (the runner puts the match, its seed and the agents first). */
  readonly matchRow: CsvValue[];
  /** Rows per event table, in `eventTables` order. */
  readonly eventRows: CsvValue[][][];
}

/** Listens to one match at a time. */
export interface MatchCollector<E extends GameEvent, A> {
  onEvent(event: E): void;
  /**
   * Optional: hears every decision before the agent is asked (the runner's `onDecision`): the
   * seat, its number of legal actions and the live state, to read and never keep.
   */
  onDecision?(seat: number, legalActions: number, state: unknown): void;
  /**
   * Optional: hears the index of the match about to be played, before any of its events or
   * decisions (a check spread over matches by their index, as the quality figures' leader check).
   */
  startMatch?(matchIndex: number): void;
  /** Ends the match: adds its figures to `aggregate`, returns its rows, and resets for the next. */
  finishMatch(context: MatchContext, aggregate: A): MatchRows;
  /** Forgets a match that failed part-way, so none of its events count. */
  discardMatch(): void;
}

/** A game's report. `A` is the plain-data aggregate, `S` the JSON summary. */
export interface GameReport<E extends GameEvent, A, S> {
  readonly gameId: string;
  readonly matchColumns: readonly string[];
  readonly eventTables: readonly EventTable[];
  /**
   * Optional: the event types its collectors read. A run then hands them only events of these
   * types; without it, every event. A game emits what replays and metric modules may want (a
   * Zombie Trainers match emits about 900 moves and turn ends, which its report never reads), and
   * passing each one down the chain of collectors was a visible share of a run.
   */
  readonly eventTypes?: readonly string[];
  /**
   * Optional: the metric modules added to the game's report, each with the digest of its file and
   * the files it imports, so a run's key changes when one is edited (a resume or merge then
   * refuses to mix figures of two definitions).
   */
  readonly metricModules?: readonly { readonly name: string; readonly spec: string; readonly path: string; readonly sha256: string }[];
  /** A collector for a run; `eventRows: false` skips per-event rows (the aggregate stays complete). */
  createCollector(options: { readonly eventRows: boolean }): MatchCollector<E, A>;
  emptyAggregate(): A;
  /** Adds `other` into `into`; the result does not depend on the order of merges. */
  mergeAggregates(into: A, other: A): void;
  /**
   * Every figure of the summary, with intervals, counts and measured design effects: each from
   * the clustered sums of its figure (`clusteredRate`, `clusteredMean`), so correlated events
   * and rotated pairs are accounted for by measurement, not by an assumed factor. Must not
   * change `aggregate` (checks and tuning summarize, then merge more matches into it).
   */
  summarize(aggregate: A, confidence: number): S;
  /** A short human summary for the terminal. */
  formatSummary(summary: S): string;
  /** CSV files computed from the summary, written beside it at the end (`cards.csv`). */
  summaryTables?(summary: S): { readonly file: string; readonly columns: readonly string[]; readonly rows: CsvValue[][] }[];
}

/**
 * The sink a run hands the game for `collector`, made by `report`: every event, or only those of
 * the types the report reads ({@link GameReport.eventTypes}).
 */
export function collectorSink<E extends GameEvent>(report: { readonly eventTypes?: readonly string[] }, collector: MatchCollector<E, unknown>): NonNullable<EventSink<E>> {
  if (report.eventTypes === undefined) return (event) => collector.onEvent(event);
  const types: ReadonlySet<string> = new Set(report.eventTypes);
  // The types are on the sink too, so rules can skip building events it would drop (hears()).
  return Object.assign(
    (event: E): void => {
      if (types.has(event.type)) collector.onEvent(event);
    },
    { types },
  );
}

/**
 * The event types a report wrapping `parts` reads: every type any of them reads, or undefined
 * (every event) when one of them reads every event.
 */
export function eventTypesOfAll(parts: readonly (readonly string[] | undefined)[]): readonly string[] | undefined {
  const types = new Set<string>();
  for (const part of parts) {
    if (part === undefined) return undefined;
    for (const type of part) types.add(type);
  }
  return [...types].sort();
}

/** A report with its type parameters erased, as the registry holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameReport = GameReport<any, any, any>;
