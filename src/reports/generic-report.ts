/**
 * The report a game module gets when it brings none: per-seat win rates, the draw rate, the
 * number of decisions per match and how often each of the game's own events happens, every
 * figure with its interval. A report only hears events, so the game is wrapped
 * ({@link withEngineEvents}) to also emit one event per decision and one at the end with the
 * returns; those two carry a `hordelab.` prefix a game's own event types never need.
 *
 * The game's own events are counted, not estimated: which types a game emits is known only
 * once they happen, and a per-match sample recorded only from then on would make the figures
 * depend on how the run was cut into chunks.
 *
 * A seat wins when its return is strictly the highest, as in `outcomes.ts`.
 */
import { ContractBreach } from '../core/errors.js';
import type { AnyGame, GameEvent } from '../core/game.js';
import { describeValue } from '../core/match-runner.js';
import { isObjectPropertyName } from '../core/safe-keys.js';
import { CONTROL_CHARACTER } from '../core/one-line.js';
import { clusteredMean, clusteredRate, emptySums, emptyTally, MatchFigures, mergeTally, recordMatch, settledFigures, type ClusterSums, type MeanEstimate, type Tally } from '../stats/clusters.js';
import { addToHistogram, mergeHistograms, sortedHistogram, type Histogram } from '../stats/intervals.js';
import type { RateEstimate } from '../stats/rate-interval.js';
import { formatMean, formatRate, table } from './format.js';
import type { GameReport, MatchCollector, MatchContext, MatchRows } from './report.js';

/** Emitted before each decision (not chance outcomes) of a wrapped game. */
export const DECISION_EVENT_TYPE = 'hordelab.decision';
/** Emitted once, when a wrapped game reaches a terminal state. */
export const MATCH_END_EVENT_TYPE = 'hordelab.matchEnd';

/** The end-of-match event of a wrapped game. */
export interface EngineMatchEnd extends GameEvent {
  readonly type: typeof MATCH_END_EVENT_TYPE;
  readonly returns: readonly number[];
}

/** Whether an event is one {@link withEngineEvents} added, not the game's own (replays leave them out). */
export const isEngineEvent = (event: GameEvent): boolean => event.type === DECISION_EVENT_TYPE || event.type === MATCH_END_EVENT_TYPE;

const DECISION_EVENT: GameEvent = Object.freeze({ type: DECISION_EVENT_TYPE });

/** The wrapper's own end-of-match event: told apart from a game's event of the same type by its class. */
class EngineEnd implements EngineMatchEnd {
  readonly type = MATCH_END_EVENT_TYPE;
  constructor(readonly returns: readonly number[]) {}
}

/** Event types the wrapper's own events use: a game's events may not start so. */
const ENGINE_PREFIX = 'hordelab.';

/**
 * `game` with an `apply` that also emits {@link DECISION_EVENT_TYPE} before each decision and
 * {@link MATCH_END_EVENT_TYPE} (with the returns) once the match is over. Only when someone
 * listens (`emit` not null): search and playouts pay one null test.
 */
export function withEngineEvents(game: AnyGame): AnyGame {
  const apply = game.apply.bind(game);
  const wrapped: AnyGame = {
    ...game,
    apply(state, action, emit) {
      if (emit === null) {
        apply(state, action, null);
        return;
      }
      if (game.currentPlayer(state) >= 0) emit(DECISION_EVENT);
      apply(state, action, emit);
      if (game.isTerminal(state)) emit(new EngineEnd(game.returns(state)));
    },
  };
  GENERICALLY_REPORTED.add(wrapped);
  return wrapped;
}

/** The games {@link withEngineEvents} made: their own events go to the generic report. */
const GENERICALLY_REPORTED = new WeakSet<AnyGame>();

/** Whether `game`'s events go to the generic report (it was wrapped by {@link withEngineEvents}), whose rule on event types ({@link eventTypeProblem}) then holds. */
export function isGenericallyReported(game: AnyGame): boolean {
  return GENERICALLY_REPORTED.has(game);
}

/** Whether `event` is one the wrapper itself emitted (not a game's own event of the same type). */
export function isWrapperEvent(event: unknown): boolean {
  return event === DECISION_EVENT || event instanceof EngineEnd;
}

/** Plain-data, mergeable. */
export interface GenericAggregate {
  /** Per match: `win:seatN` and `draw` trials, a `decisions` sample (reported as `moves`). */
  tally: Tally;
  decisionsHistogram: Histogram;
  /** How many events of each of the game's own types the matches emitted, in all. */
  eventCounts: Record<string, number>;
  /** Matches counted. */
  matches: number;
}

/** What a game without its own report reports. */
export interface GenericSummary {
  /** `seat1WinRate`, `seat2WinRate`, ...: the share of matches the seat won outright. */
  readonly [seatWinRate: `seat${number}WinRate`]: RateEstimate;
  /** Matches where every seat's return was the same: no seat did better than another. */
  readonly drawRate: RateEstimate;
  /**
   * Three or more seats only: matches where some seats, not all, shared the highest return (a
   * team's win, or a tie for first), so that wins, shared tops and draws make up every match.
   */
  readonly sharedTopRate?: RateEstimate;
  /** Three or more seats only: `seat1TopRate`, ...: the share of matches the seat ended at the highest return, alone or shared, in a match that was no draw (its team's win rate). */
  readonly [seatTopRate: `seat${number}TopRate`]: RateEstimate | undefined;
  /**
   * Each seat's share of the decided matches (those with one seat strictly highest): `seat1WinRate`
   * of `decided` is seat 1's wins over the matches someone won. Draws say nothing of which seat
   * is stronger, so this is the figure to hold against 1/seats (the ladder's headline): with 40%
   * draws a seat winning 33% of all matches wins 56% of the decided ones, not "below 50%".
   * Trials are matches (rotated pairs as clusters), so its interval has the match as its unit.
   */
  readonly decided: { readonly [seatWinRate: `seat${number}WinRate`]: RateEstimate };
  /** Moves per match: decisions, chance outcomes not counted, with their histogram (the report's game-length chart). */
  readonly moves: MeanEstimate & { readonly histogram: [number, number][] };
  /**
   * The game's own events: how many of each type the run's matches emitted, in all and per
   * match, and the mean per match with its interval (its `mean` is `perMatch`).
   */
  readonly events: Record<string, { readonly total: number; readonly perMatch: number } & Partial<MeanEstimate>>;
}

class GenericCollector implements MatchCollector<GameEvent, GenericAggregate> {
  private decisions = 0;
  private returns: readonly number[] | null = null;
  private readonly counts = new Map<string, number>();
  private readonly figures = new MatchFigures();
  constructor(private readonly seats: number) {}

  onEvent(event: GameEvent): void {
    if (event === DECISION_EVENT) {
      this.decisions++;
      return;
    }
    if (event instanceof EngineEnd) {
      this.returns = event.returns;
      return;
    }
    const type = event?.type;
    const count = this.counts.get(type);
    if (count !== undefined) {
      this.counts.set(type, count + 1);
      return;
    }
    // A type first heard in this match: checked once, before it becomes a key of the summary.
    const problem = eventTypeProblem(type);
    if (problem !== null) throw new ContractBreach(problem);
    this.counts.set(type, 1);
  }

  discardMatch(): void {
    this.reset();
  }

  finishMatch(context: MatchContext, aggregate: GenericAggregate): MatchRows {
    // The runner's returns (checked) first: a match over at setup never applies an action, so
    // no match-end event is heard.
    const returns = context.returns ?? this.returns;
    if (returns === null) throw new Error('the match ended without reaching a terminal state');
    const best = Math.max(...returns);
    const atTop = returns.filter((value) => value === best).length;
    const winner = atTop === 1 ? returns.indexOf(best) : -1;
    // A draw only when no seat did better than another: a top some seats share while others
    // are below (a team's win) is no draw, and with three or more seats it is counted apart.
    const draw = winner === -1 && atTop === returns.length;
    this.figures.clear();
    for (let seat = 0; seat < this.seats; seat++) this.figures.trial(`win:seat${seat + 1}`, seat === winner);
    this.figures.trial('draw', draw);
    if (this.seats > 2) {
      this.figures.trial('sharedTop', winner === -1 && !draw);
      for (let seat = 0; seat < this.seats; seat++) this.figures.trial(`top:seat${seat + 1}`, !draw && returns[seat] === best);
    }
    if (winner !== -1) for (let seat = 0; seat < this.seats; seat++) this.figures.trial(`decided:seat${seat + 1}`, seat === winner);
    this.figures.sample('decisions', this.decisions);
    for (const [type, count] of this.counts) {
      aggregate.eventCounts[type] = (aggregate.eventCounts[type] ?? 0) + count;
      // The count with no sample count (n 0): only matches that emit a type record it, so its
      // cluster sums hold Σ counts and their squares alone, and every match's count of samples
      // is taken from `decisions`, which each match records ({@link eventsPerMatch}).
      this.figures.samples(`${EVENT_FIGURE}${type}`, 0, count, count * count);
    }
    aggregate.matches++;
    recordMatch(aggregate.tally, context, this.figures);
    addToHistogram(aggregate.decisionsHistogram, this.decisions);
    const row = [draw ? 'draw' : topSeats(returns, best), this.decisions];
    this.reset();
    return { matchRow: row, eventRows: [] };
  }

  private reset(): void {
    this.decisions = 0;
    this.returns = null;
    this.counts.clear();
  }
}

/** Figure names of the per-match event counts: the prefix, then the type. */
const EVENT_FIGURE = 'event:';

/**
 * Events of one type per match, with the interval of a clustered mean. A type's figure holds
 * each cluster's count and the squares of each match's count, recorded only where the type
 * happened, so its sums are the same however the run was cut into chunks; the matches and
 * clusters are those of `decisions`, which every match records. Σx_c·n_c needs each cluster's
 * matches: with every cluster the same size s (single matches, or whole rotated pairs) it is
 * s·Σx, exactly. Where sizes differ (a failed match, a run stopped or a shard cut inside a pair)
 * it is taken at the mean size, and the interval says it is approximate.
 */
function eventsPerMatch(counts: ClusterSums | undefined, matches: ClusterSums | undefined, confidence: number): MeanEstimate {
  const empty = emptySums();
  const events = counts ?? empty;
  const all = matches ?? empty;
  const size = all.clusters === 0 ? 0 : all.n / all.clusters;
  const equalSizes = all.nn * all.clusters === all.n * all.n;
  const cubes = events.aaa === undefined || events.xxx === undefined ? {} : { xxx: events.xxx, aaa: events.aaa };
  const sums: ClusterSums = { clusters: all.clusters, x: events.x, n: all.n, xx: events.xx, xn: size * events.x, nn: all.nn, ee: events.ee, ...cubes };
  let estimate = clusteredMean(sums, confidence);
  // Every match's count 0 or 1 (Σ count² = Σ count): the mean is the share of matches with the
  // event, a rate, and gets a rate's interval. A t interval on a rare event's 0/1 counts
  // under-covers on the low side (about 85-90% for 2% at 400 matches, audit 25a). Every match
  // once is a rate of 1, decided as any rate of 1 is: as a mean it had no interval ("all samples
  // equal"), and a check on it ended inconclusive where it had to fail (audit 37a). (A type no
  // match emitted has no figure here; `withUnseenEvents` gives it its zero.)
  if (equalSizes && events.ee === events.x && events.x > 0) {
    const share = clusteredRate({ ...sums, ee: events.x }, confidence);
    // A rate's interval is no t interval: the skewness of rare 0/1 counts is no caution for it,
    // and counts all alike ("all samples equal") are a rate of 1 with its interval.
    const { caution: _skewed, note: _alike, ...rateEstimate } = estimate;
    return { ...rateEstimate, lower: share.lower, upper: share.upper };
  }
  if (!equalSizes && Number.isFinite(estimate.lower)) {
    // Taken at the mean size, a few units can give a variance above a single match's, which no
    // mean has (its design effect past n): held at that bound, the interval narrowed alike.
    const factor = estimate.designEffect > estimate.n ? Math.sqrt(estimate.n / estimate.designEffect) : 1;
    const half = (estimate.upper - estimate.mean) * factor;
    estimate = { ...estimate, lower: estimate.mean - half, upper: estimate.mean + half, designEffect: Math.min(estimate.designEffect, estimate.n), note: 'approximate interval: the run\'s units differ in size (a failed match, or a rotated pair cut), so each unit is taken at the mean size' };
  }
  // A t interval on a few units can reach below 0 events: cut at the least there can be, as moves are.
  return estimate.lower < 0 ? { ...estimate, lower: 0 } : estimate;
}

/** The prefix of an event type's figure path in the generic report's results: `events.<type>`. */
const EVENTS_PREFIX = 'events.';

/** The fields of a type's figure under `events`: `events.roll.total` names one of them, not a type `roll.total`. */
const EVENT_FIGURE_FIELDS: ReadonlySet<string> = new Set(['total', 'perMatch', 'mean', 'lower', 'upper', 'sd', 'n', 'designEffect', 'clusters', 'note']);

/**
 * `summary` with a figure for each `events.<type>` of `paths` that no match emitted: 0 events in
 * every match, over the matches of `moves`. The generic report counts an event type only once a
 * match emits it (which types a game emits is known only by playing), so a rare event's figure is
 * missing from a summary of matches that happened not to see it. Readers that ask for the figure
 * by name (check, sweep, tune, compare) take its absence as that zero: read as no figure, a
 * sweep's paired difference lost every match of a window without the event (audit 25a), and a
 * check stopped as if the name were misspelt. The zero has no interval, as any mean every match
 * gave alike: a type no match emitted cannot be told from a misspelt one, so it must decide nothing
 * (a check's band, a tune's probability) that a typo would decide alike. Other summaries, names no
 * event type can have (`constructor`, a figure's own fields), and paths that are no event's are
 * left as they are.
 */
export function withUnseenEvents(summary: unknown, paths: readonly string[]): unknown {
  const generic = genericSummaryParts(summary);
  if (generic === null) return summary;
  const { events, n, clusters } = generic;
  const seen = Object.keys(events);
  const unseen = paths.filter((path) => {
    if (!path.startsWith(EVENTS_PREFIX) || path.length === EVENTS_PREFIX.length) return false;
    const type = path.slice(EVENTS_PREFIX.length);
    if (Object.hasOwn(events, type) || isObjectPropertyName(type)) return false;
    // A field of an emitted type's figure (`events.roll.total`) is no type of its own; a type with
    // a dot in its name (`card.drawn`) is one.
    return !seen.some((known) => type.startsWith(`${known}.`) && EVENT_FIGURE_FIELDS.has(type.slice(known.length + 1)));
  });
  if (unseen.length === 0) return summary;
  // The types that were emitted, so a misspelt one is plain to see.
  const emitted = seen.length === 0 ? 'none' : `${seen.slice(0, 8).join(', ')}${seen.length > 8 ? `, ... (${seen.length} in all)` : ''}`;
  const added: Record<string, unknown> = { ...events };
  for (const path of unseen) {
    const type = path.slice(EVENTS_PREFIX.length);
    // As clusteredMean gives every equal sample: no interval, and the note says why.
    added[type] = { total: 0, perMatch: 0, mean: n === 0 ? Number.NaN : 0, lower: Number.NaN, upper: Number.NaN, sd: n === 0 ? Number.NaN : 0, n, designEffect: 1, clusters, note: `no match emitted ${type}, all ${n} counts 0; types emitted: ${emitted}` };
  }
  return { ...(summary as Record<string, unknown>), events: added };
}

/**
 * The parts {@link withUnseenEvents} reads of a generic report's summary, or null for any other:
 * its events counted by type (each with `total` and `perMatch`), its matches and clusters (those
 * of `moves`, with its histogram), beside its seats' figures (`drawRate`, `decided`). A game's own
 * report whose `events` is a group of figures of its own is left alone: a zero added there was
 * read in place of its real figure (review 25c).
 */
function genericSummaryParts(summary: unknown): { events: Record<string, unknown>; n: number; clusters: number } | null {
  if (!isRecord(summary)) return null;
  const { events, moves, decided, drawRate } = summary;
  if (!isRecord(events) || !isRecord(moves) || !isRecord(decided) || !isRecord(drawRate) || !Array.isArray(moves['histogram'])) return null;
  const { n, clusters } = moves;
  if (typeof n !== 'number' || typeof clusters !== 'number') return null;
  const counted = Object.values(events).every((figure) => isRecord(figure) && typeof figure['total'] === 'number' && typeof figure['perMatch'] === 'number');
  return counted ? { events, n, clusters } : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The seats at the top return, as matches.csv's winner: `seat2`, or `seat1+seat3` where they share it. */
function topSeats(returns: readonly number[], best: number): string {
  const seats: string[] = [];
  for (let seat = 0; seat < returns.length; seat++) if (returns[seat] === best) seats.push(`seat${seat + 1}`);
  return seats.join('+');
}

/**
 * What is wrong with an event type the generic report would count under its name, or null: it
 * must be text, not start with `hordelab.` (the wrapper's own events, which a game's would
 * pass for), not name a property every object has (`constructor`, `__proto__`, ...), which
 * the summary's record of counts would read instead of a count, and be a non-empty name without
 * line breaks or control characters.
 */
export function eventTypeProblem(type: unknown): string | null {
  // Quoted on one line: JSON leaves the line and paragraph separators as they are.
  const quoted = (text: string): string => JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  if (typeof type !== 'string') return `an event's type is ${describeValue(type)}; expected text naming the event`;
  if (type.startsWith(ENGINE_PREFIX)) return `an event's type is ${quoted(type)}; types starting "${ENGINE_PREFIX}" are Hordelab's own (the decisions and match ends it counts), expected another`;
  if (isObjectPropertyName(type)) return `an event's type is ${quoted(type)}, a name every JavaScript object has as a property; expected another (the report counts events by type)`;
  // The summary prints a line per type: a line break in one would make lines of its own.
  if (type === '' || CONTROL_CHARACTER.test(type)) return `an event's type is ${quoted(type)}; expected a name, without line breaks or control characters (the summary prints one per line)`;
  return null;
}

/** The report of a game that brings none, with one win rate per seat of `seatNames`. */
export function genericReport(gameId: string, seatNames: readonly string[]): GameReport<GameEvent, GenericAggregate, GenericSummary> {
  const seats = seatNames.length;
  return {
    gameId,
    matchColumns: ['winner', 'moves'],
    eventTables: [],
    createCollector: () => new GenericCollector(seats),
    emptyAggregate: () => ({ tally: emptyTally(), decisionsHistogram: {}, eventCounts: {}, matches: 0 }),
    mergeAggregates(into, other) {
      mergeTally(into.tally, other.tally);
      mergeHistograms(into.decisionsHistogram, other.decisionsHistogram);
      for (const [type, count] of Object.entries(other.eventCounts)) into.eventCounts[type] = (into.eventCounts[type] ?? 0) + count;
      into.matches += other.matches;
    },
    summarize(aggregate, confidence) {
      const sums = settledFigures(aggregate.tally);
      const summary: Record<string, unknown> = {};
      for (let seat = 1; seat <= seats; seat++) summary[`seat${seat}WinRate`] = clusteredRate(sums[`win:seat${seat}`], confidence);
      summary['drawRate'] = clusteredRate(sums['draw'], confidence);
      if (seats > 2) {
        summary['sharedTopRate'] = clusteredRate(sums['sharedTop'], confidence);
        for (let seat = 1; seat <= seats; seat++) summary[`seat${seat}TopRate`] = clusteredRate(sums[`top:seat${seat}`], confidence);
      }
      const decided: Record<string, RateEstimate> = {};
      for (let seat = 1; seat <= seats; seat++) decided[`seat${seat}WinRate`] = clusteredRate(sums[`decided:seat${seat}`], confidence);
      summary['decided'] = decided;
      // A t interval on a few matches can reach below 0 moves: cut at the least there can be.
      const moves = clusteredMean(sums['decisions'], confidence);
      summary['moves'] = { ...moves, ...(moves.lower < 0 ? { lower: 0 } : {}), histogram: sortedHistogram(aggregate.decisionsHistogram) };
      summary['events'] = Object.fromEntries(
        Object.keys(aggregate.eventCounts)
          .sort()
          .map((type) => {
            const total = aggregate.eventCounts[type] as number;
            return [type, { total, perMatch: aggregate.matches === 0 ? 0 : total / aggregate.matches, ...eventsPerMatch(sums[`${EVENT_FIGURE}${type}`], sums['decisions'], confidence) }];
          }),
      );
      return summary as unknown as GenericSummary;
    },
    formatSummary(summary) {
      const rows = seatNames.map((name, seat) => [`${name} wins`, ...formatRate(summary[`seat${seat + 1}WinRate`] as RateEstimate)]);
      if (summary.sharedTopRate !== undefined) {
        rows.push(['top shared by some seats', ...formatRate(summary.sharedTopRate)]);
        rows.push(['draws (all seats equal)', ...formatRate(summary.drawRate)]);
        seatNames.forEach((name, seat) => {
          const top = summary[`seat${seat + 1}TopRate`];
          if (top !== undefined) rows.push([`${name} at the top, alone or shared`, ...formatRate(top)]);
        });
      } else rows.push(['draws', ...formatRate(summary.drawRate)]);
      // A summary from before the intervals has the figure alone.
      const approximate = (count: Partial<MeanEstimate>): string => (typeof count.note === 'string' && count.note.startsWith('approximate') ? ' (approximate interval: some units lack a match)' : '');
      const events = Object.entries(summary.events).map(([type, count]) => `  ${type}: ${typeof count.mean === 'number' ? `${formatMean(count as MeanEstimate)}${approximate(count)}` : count.perMatch.toFixed(2)} (${count.total} in all)`);
      return [
        table(['', 'rate', '95% interval'], rows),
        '',
        `Moves (decisions) per match ${formatMean(summary.moves)}`,
        ...(events.length === 0 ? [] : ['Events per match:', ...events]),
      ].join('\n');
    },
  };
}
