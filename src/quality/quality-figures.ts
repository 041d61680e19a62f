/**
 * Game-quality figures (after Ludii's metrics, with intervals): what one match contributes as
 * whole-number moments, how chunks merge, and the summary with every interval clustered by the
 * run's independent unit (the match, or the rotated pair) through `stats/clusters.ts`.
 *
 * Per match m, with T_m turn starts (decisions whose seat differs from the previous decision's),
 * D_m decisions, L_m legal actions summed over them, w_m the winner (the one seat with the
 * strictly highest return; none in a draw):
 * - per seat: win, draw and loss rates over matches;
 * - draws: rate of matches where every seat's return is the same; shared top (three or more
 *   seats): rate of matches where some seats, not all, share the highest return; caps: rate of matches the game says ended at
 *   its length cap (`endedAtCap`), for games that say;
 * - first mover: the seat of the first decision; its win rate over all matches and over decided
 *   ones, and its advantage, the decided win rate minus the fair share 1/k, k the seats that made
 *   a decision in some match of the run (a seat that never acts, a one-player game's fixed return
 *   to beat, has no share of moving first: audit 37a F5); with three or more seats, its rate of
 *   being at the top, alone or shared, in a match that was no draw;
 * - acted: per seat, whether it made a decision in the match (what k is counted from);
 * - length: mean decisions and mean turns per match, and the distribution of decisions;
 * - branching: ΣL / ΣD, legal actions per decision (a ratio estimator);
 * - decisiveness: Σk_m / ΣT_m over decided matches, k_m the turn starts before w_m's heuristic
 *   lead became permanent (0: led from the first turn; T_m: led only at the end);
 * - lead changes: mean per match of the changes of heuristic leader over the turn starts and the
 *   end (`lead.ts`);
 * - drama: rate of decided matches where another seat led w_m at some turn start;
 * - chance share: rate of matches the more skilled agent lost, where the run's agents have a
 *   skill order by construction (`skill-order.ts`), over the matches where some decision had a
 *   choice (L_m > D_m): in a match of forced moves alone skill cannot show.
 */
import type { AnyGame } from '../core/game.js';
import { fixedHalfEven, formatRate } from '../reports/format.js';
import { seatResults } from '../reports/outcomes.js';
import type { MatchContext } from '../reports/report.js';
import { clusteredMean, clusteredRate, emptyTally, mergeTally, ratioEstimate, recordMatch, settledFigures, within, type ClusterSums, type MatchFigures, type MeanEstimate, type Tally } from '../stats/clusters.js';
import type { RateEstimate } from '../stats/rate-interval.js';
import { leadChanges, NO_LEADER, turnsBeforePermanentLead, winnerTrailed } from './lead.js';
import type { MatchTrace } from './match-trace.js';
import type { SkillOrder } from './skill-order.js';

/** Plain data, merged exactly: the clustered figures and the count of matches by decisions. */
export interface QualityAggregate {
  tally: Tally;
  /** Decisions per match → matches. */
  lengths: Record<string, number>;
}

/** A ratio estimate, marked as one (sweeps pair only pooled counts). */
export type RatioFigure = MeanEstimate & { readonly kind: 'ratio' };

/** `quality` in a run's results. */
export interface QualitySummary {
  readonly matches: number;
  /**
   * Per seat: wins (alone at the top), draws (sharing the top: with three or more seats a team's
   * win or a tie for first too), losses; with three or more seats also `top`, at the top alone or
   * shared in a match that was no draw (its team's win rate).
   */
  readonly bySeat: Record<string, { readonly win: RateEstimate; readonly draw: RateEstimate; readonly loss: RateEstimate; readonly top?: RateEstimate }>;
  /** Matches where every seat's return was the same. */
  readonly draw: RateEstimate;
  /** Three or more seats only: matches where some seats, not all, shared the highest return (a team's win, a tie for first). */
  readonly sharedTop?: RateEstimate;
  readonly capped?: RateEstimate;
  readonly firstMover: {
    readonly win: RateEstimate;
    readonly decidedWin: RateEstimate;
    /** Three or more seats only: the first mover at the highest return, alone or shared, in a match that was no draw (its side's win in a team game). */
    readonly top?: RateEstimate;
    /**
     * The decided win rate minus the fair share 1/k, k the seats that made a decision in some
     * match (every seat, in most games), with the rate's interval shifted alike. `actingSeats`
     * (1-based) only where some seat made none: with one alone, every match has the same first
     * mover and there is no advantage to give (value and interval NaN, null in JSON).
     */
    readonly advantage: { readonly fair: number; readonly value: number; readonly lower: number; readonly upper: number; readonly actingSeats?: readonly number[] };
  };
  readonly length: {
    readonly decisions: MeanEstimate;
    readonly turns: MeanEstimate;
    /** [decisions, matches] pairs, by decisions. */
    readonly histogram: [number, number][];
    readonly quantiles: { readonly min: number; readonly median: number; readonly p90: number; readonly max: number } | null;
  };
  readonly branching: RatioFigure;
  /** The three lead figures: absent when the scenario says `quality: { leads: false }`. */
  readonly decisiveness?: RatioFigure;
  readonly leadChanges?: MeanEstimate;
  readonly drama?: RateEstimate;
  /**
   * Matches the agent taken as more skilled lost, and (`won`) those it won, over the same
   * matches: a `won` below the share lost says the order taken by construction did not hold.
   */
  /** With `none` where it has no matches: why (said in a note too). */
  readonly chanceShare?: RateEstimate & { readonly stronger: string; readonly weaker: string; readonly basis: string; readonly won: RateEstimate; readonly none?: string };
  /** Figures left out, and why. */
  readonly notes: string[];
}

const RESULTS = ['win', 'draw', 'loss'] as const;
const SEAT_KEYS: Record<string, string>[] = [];
const seatKey = (seat: number): Record<string, string> => (SEAT_KEYS[seat] ??= { win: `seat${seat}:win`, draw: `seat${seat}:draw`, loss: `seat${seat}:loss`, acted: `seat${seat}:acted` });

export const emptyQuality = (): QualityAggregate => ({ tally: emptyTally(), lengths: {} });

/** What the recorder needs to know about the run, fixed for its matches. */
export interface QualityRun {
  readonly game: AnyGame;
  /** Whether leads were read from the heuristic (decisiveness, lead changes, drama). */
  readonly leads: boolean;
  /** The run's skill order, or null with `skillNote` saying why there is none. */
  readonly skill: SkillOrder | null;
  readonly skillNote: string | null;
}

/** The slots of the quality figures in one collector's {@link MatchFigures}, looked up once. */
interface QualitySlots {
  /** Per seat (0-based): win, draw, loss. */
  readonly seats: (readonly number[])[];
  /** Per seat (0-based), three or more seats: at the top, alone or shared, in a match that was no draw. */
  readonly seatTops: number[];
  /** Per seat (0-based): made a decision in the match. */
  readonly seatActed: number[];
  readonly draw: number;
  readonly sharedTop: number;
  readonly capped: number;
  readonly firstMoverWin: number;
  readonly firstMoverDecidedWin: number;
  readonly firstMoverTop: number;
  /** The first mover's seat (1-based) as a sample: no spread means one seat moved first in every match. */
  readonly firstMoverSeat: number;
  readonly decisions: number;
  readonly turns: number;
  readonly branching: number;
  readonly leadChanges: number;
  readonly led: number;
  readonly decisiveness: number;
  readonly drama: number;
  readonly chanceShare: number;
  readonly chanceShareWon: number;
  /** By the seats the more skilled agent holds (a bit per 0-based seat): the share's slots, and its wins', over those matches. */
  readonly chanceBySeats: (readonly [share: number, won: number])[];
}

const slotsByFigures = new WeakMap<MatchFigures, QualitySlots>();

function qualitySlots(figures: MatchFigures): QualitySlots {
  let slots = slotsByFigures.get(figures);
  if (slots === undefined) {
    const slot = (key: string): number => figures.slotOf(key);
    slots = {
      seats: [],
      seatTops: [],
      seatActed: [],
      draw: slot('draw'),
      sharedTop: slot('sharedTop'),
      capped: slot('capped'),
      firstMoverWin: slot('firstMover:win'),
      firstMoverDecidedWin: slot('firstMover:decidedWin'),
      firstMoverTop: slot('firstMover:top'),
      firstMoverSeat: slot(FIRST_MOVER_SEAT),
      decisions: slot('decisions'),
      turns: slot('turns'),
      branching: slot('branching'),
      leadChanges: slot('leadChanges'),
      led: slot('led'),
      decisiveness: slot('decisiveness'),
      drama: slot('drama'),
      chanceShare: slot('chanceShare'),
      chanceShareWon: slot('chanceShare:won'),
      chanceBySeats: [],
    };
    slotsByFigures.set(figures, slots);
  }
  return slots;
}

/** The prefix of the chance share's figures by the seats the more skilled agent held (`chanceShare@1+3`, 1-based). */
const CHANCE_BY_SEATS = 'chanceShare@';

/** The chance share's slots for the matches where the more skilled agent held the seats of `mask` (a bit per 0-based seat). */
function chanceSlotsOf(slots: QualitySlots, figures: MatchFigures, mask: number): readonly [number, number] {
  let pair = slots.chanceBySeats[mask];
  if (pair === undefined) {
    const seats: number[] = [];
    for (let seat = 0; 1 << seat <= mask; seat++) if ((mask & (1 << seat)) !== 0) seats.push(seat + 1);
    const label = seats.join('+');
    pair = [figures.slotOf(`${CHANCE_BY_SEATS}${label}`), figures.slotOf(`${CHANCE_BY_SEATS}${label}:won`)];
    slots.chanceBySeats[mask] = pair;
  }
  return pair;
}

/** Seat `seat`'s (0-based) slot of being at the top, alone or shared, in a match that was no draw. */
function seatTopSlot(slots: QualitySlots, figures: MatchFigures, seat: number): number {
  return (slots.seatTops[seat] ??= figures.slotOf(`seat${seat + 1}:top`));
}

/** Seat `seat`'s (0-based) slot of having made a decision in the match. */
function seatActedSlot(slots: QualitySlots, figures: MatchFigures, seat: number): number {
  return (slots.seatActed[seat] ??= figures.slotOf(seatKey(seat + 1)['acted'] as string));
}

/** Seat `seat`'s (0-based) win, draw and loss slots. */
function seatSlots(slots: QualitySlots, figures: MatchFigures, seat: number): readonly number[] {
  return (slots.seats[seat] ??= RESULTS.map((each) => figures.slotOf(seatKey(seat + 1)[each] as string)));
}

/**
 * Adds one played match (its trace, returns and terminal state in `context`) to `aggregate`.
 * `figures` is the caller's reusable scratch.
 */
export function recordQuality(aggregate: QualityAggregate, run: QualityRun, trace: MatchTrace, context: MatchContext, figures: MatchFigures): void {
  const returns = context.returns ?? [];
  const slots = qualitySlots(figures);
  figures.clear();
  const results = seatResults(returns);
  let winner = NO_LEADER;
  for (let seat = 0; seat < results.length; seat++) {
    const result = results[seat];
    const resultSlots = seatSlots(slots, figures, seat);
    for (let each = 0; each < RESULTS.length; each++) figures.trialAt(resultSlots[each] as number, result === RESULTS[each]);
    if (result === 'win') winner = seat;
  }
  const decided = winner !== NO_LEADER;
  // A draw only when every seat shares the top (each 'draw'); with three or more seats a top
  // some share while others lost (a team's win) is counted apart, as a shared top.
  let lost = false;
  for (let seat = 0; seat < results.length; seat++) if (results[seat] === 'loss') lost = true;
  figures.trialAt(slots.draw, !decided && !lost);
  if (results.length > 2) {
    figures.trialAt(slots.sharedTop, !decided && lost);
    // Each seat at the top, alone or shared, in a match that was no draw: its team's win.
    for (let seat = 0; seat < results.length; seat++) figures.trialAt(seatTopSlot(slots, figures, seat), lost && results[seat] !== 'loss');
  }
  // The match's own answer, asked once and checked (review 32b: asked again here, a second answer could differ or throw, and crashed the run).
  if (run.game.endedAtCap !== undefined) figures.trialAt(slots.capped, (context.endedAtCap ?? run.game.endedAtCap(context.finalState)) === true);
  // Which seats acted: the fair share of moving first counts only those that ever do.
  for (let seat = 0; seat < trace.acted.length; seat++) figures.trialAt(seatActedSlot(slots, figures, seat), trace.acted[seat] === 1);
  if (trace.firstMover >= 0) {
    figures.trialAt(slots.firstMoverWin, results[trace.firstMover] === 'win');
    figures.sampleAt(slots.firstMoverSeat, trace.firstMover + 1);
    if (decided) figures.trialAt(slots.firstMoverDecidedWin, trace.firstMover === winner);
    // Its side's win where seats share the top: a team game has no single winner to count.
    if (results.length > 2) figures.trialAt(slots.firstMoverTop, lost && results[trace.firstMover] !== 'loss');
  }
  figures.sampleAt(slots.decisions, trace.decisions);
  figures.sampleAt(slots.turns, trace.turnStarts);
  figures.ratioAt(slots.branching, trace.legalActions, trace.decisions);
  if (run.leads) {
    figures.sampleAt(slots.leadChanges, leadChanges(trace.leaders, winner));
    // Whether the heuristic ever put a seat strictly ahead: one that never does (a flat
    // heuristic, hidden information valued alike) gives lead figures that say nothing.
    let led = false;
    for (let turn = 0; turn < trace.leaders.length && !led; turn++) led = trace.leaders[turn] !== NO_LEADER;
    figures.trialAt(slots.led, led);
  }
  if (run.leads && decided && trace.turnStarts > 0) {
    figures.ratioAt(slots.decisiveness, turnsBeforePermanentLead(trace.leaders, winner), trace.turnStarts);
    figures.trialAt(slots.drama, winnerTrailed(trace.leaders, winner));
  }
  const agents = context.agents;
  if (run.skill !== null && agents !== undefined && trace.legalActions > trace.decisions) {
    // Lost as outcomes count it: no seat of its at the top return (every seat a loss); a match
    // where it held every seat says nothing.
    // Won: a seat of its won (the order's check, over the same matches).
    let held = 0;
    let lostEverySeat = true;
    let wonSomeSeat = false;
    // By the seats the more skilled agent held as well, so the summary can leave out the matches
    // where one of the two agents held only seats that never act in the run (a fixed score to beat:
    // no contest of skill, review 37h), rotated or not (review 38g). Not match by match: a match
    // one agent won before the other moved is part of the contest (audit 38a).
    let strongerSeats = 0;
    for (let seat = 0; seat < agents.length; seat++) {
      if (agents[seat] !== run.skill.stronger) continue;
      strongerSeats |= 1 << seat;
      held++;
      if (results[seat] !== 'loss') lostEverySeat = false;
      if (results[seat] === 'win') wonSomeSeat = true;
    }
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: (true, ||, >=, <=) an order of skill is of two agents holding as many seats each (skill-order.ts), so in every match the more skilled holds some seats and not all
    if (held > 0 && held < returns.length) {
      figures.trialAt(slots.chanceShare, lostEverySeat);
      figures.trialAt(slots.chanceShareWon, wonSomeSeat);
      // A seat a bit: games of up to 30 seats (more, and the share is over every match).
      // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, <) only a game of 30 seats or more tells
      if (agents.length <= 30) {
        const [share, won] = chanceSlotsOf(slots, figures, strongerSeats);
        figures.trialAt(share, lostEverySeat);
        figures.trialAt(won, wonSomeSeat);
      }
    }
  }
  recordMatch(aggregate.tally, context, figures);
  const length = lengthKey(trace.decisions);
  aggregate.lengths[length] = (aggregate.lengths[length] ?? 0) + 1;
}

// The key of each match length seen, made once: a run counts one length per match.
const LENGTH_KEYS: string[] = [];
const lengthKey = (decisions: number): string => (LENGTH_KEYS[decisions] ??= String(decisions));

/** Adds `other` into `into`; the order of merges does not matter. */
export function mergeQuality(into: QualityAggregate, other: QualityAggregate): void {
  mergeTally(into.tally, other.tally);
  for (const length in other.lengths) into.lengths[length] = (into.lengths[length] ?? 0) + (other.lengths[length] as number);
}

/** The value at or above which a share `q` of the matches lie (lower quantile of the counts). */
function quantile(pairs: readonly [number, number][], total: number, q: number): number {
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [value, count] of pairs) {
    seen += count;
    if (seen >= rank) return value;
  }
  return pairs[pairs.length - 1]?.[0] ?? Number.NaN;
}

/**
 * The chance share, or undefined where the run's agents have no order of skill; over the matches
 * with a choice where both agents held a seat that makes a decision in some match of the run;
 * with no matches (and a note and `none` saying why) where none had a choice, or in none did both
 * hold such a seat.
 */
function chanceShareOf(sums: ReturnType<typeof settledFigures>, run: QualityRun, confidence: number, matches: number, notes: string[]): QualitySummary['chanceShare'] {
  const seats = run.game.seats.length;
  if (run.skill === null) return undefined;
  const { stronger, weaker, basis } = run.skill;
  const share = { ...clusteredRate(sums['chanceShare'], confidence), stronger, weaker, basis, won: clusteredRate(sums['chanceShare:won'], confidence) };
  if (share.n === 0) {
    if (matches === 0) return share;
    const none = 'no match had a decision with a choice, so skill could not show';
    notes.push(`chance share: ${none} and the share has no matches`);
    return { ...share, none };
  }
  // The matches where each agent held a seat that acts in the run (a seat that never does is a
  // fixed score to beat, not a player: review 37h, 38g). Recorded by the seats the more skilled
  // agent held (since RECORDED_FIGURES 6); a game of more than 30 seats records none, and its
  // share is over every match with a choice.
  const acting = actingSeats(sums, seats, matches);
  const groups = Object.keys(sums).filter((key) => key.startsWith(CHANCE_BY_SEATS) && !key.endsWith(':won'));
  if (groups.length === 0) return share;
  const contested = groups.filter((key) => {
    const held = key.slice(CHANCE_BY_SEATS.length).split('+').map(Number);
    const others = Array.from({ length: seats }, (_, seat) => seat + 1).filter((seat) => !held.includes(seat));
    return held.some((seat) => acting.includes(seat)) && others.some((seat) => acting.includes(seat));
  });
  if (contested.length === groups.length) return share;
  if (contested.length > 0) {
    // Some seatings contested, others not: the share over those alone. (Rotated pairs split
    // between seatings count as a cluster each: their pairing's variance is not read.)
    const over = (suffix: string): ClusterSums => contested.map((key) => sums[`${key}${suffix}`] as ClusterSums).reduce(addedSums);
    return { ...clusteredRate(over(''), confidence), stronger, weaker, basis, won: clusteredRate(over(':won'), confidence) };
  }
  const passive = passiveNames(run.game.seats, acting);
  const none = `${stronger} and ${weaker} never both held a seat that makes a decision (${passive.names} never ${passive.count === 1 ? 'does' : 'do'}), so no contest of skill was played`;
  notes.push(`chance share: ${none} and the share has no matches`);
  return { ...clusteredRate(undefined, confidence), stronger, weaker, basis, won: clusteredRate(undefined, confidence), none };
}

/** Two rates' sums over disjoint matches, added (the skewness sums, which a rate does not read, left out). */
function addedSums(a: ClusterSums, b: ClusterSums): ClusterSums {
  return { clusters: a.clusters + b.clusters, x: a.x + b.x, n: a.n + b.n, xx: a.xx + b.xx, xn: a.xn + b.xn, nn: a.nn + b.nn, ee: a.ee + b.ee };
}

/** The seats that never act, by name ("B", "B and C"), and how many. */
function passiveNames(names: readonly string[], acting: readonly number[]): { names: string; count: number } {
  const passive = names.filter((_, seat) => !acting.includes(seat + 1));
  return { names: passive.length <= 1 ? (passive[0] ?? 'no seat') : `${passive.slice(0, -1).join(', ')} and ${passive[passive.length - 1] as string}`, count: passive.length };
}

/** The summary of `aggregate`; does not change it. */
export function summarizeQuality(aggregate: QualityAggregate, run: QualityRun, confidence: number): QualitySummary {
  const sums = settledFigures(aggregate.tally);
  const rate = (key: string): RateEstimate => clusteredRate(sums[key], confidence);
  const histogram = Object.entries(aggregate.lengths)
    .map(([value, count]): [number, number] => [Number(value), count])
    .sort((a, b) => a[0] - b[0]);
  const matches = histogram.reduce((sum, [, count]) => sum + count, 0);
  const seats = run.game.seats.length;
  const bySeat: QualitySummary['bySeat'] = {};
  for (let seat = 1; seat <= seats; seat++) {
    const keys = seatKey(seat);
    bySeat[`seat${seat}`] = { win: rate(keys['win'] as string), draw: rate(keys['draw'] as string), loss: rate(keys['loss'] as string), ...(seats > 2 ? { top: rate(`seat${seat}:top`) } : {}) };
  }
  const decidedWin = rate('firstMover:decidedWin');
  const notes: string[] = [];
  const acting = actingSeats(sums, seats, matches);
  const fair = 1 / acting.length;
  const lone = acting.length === 1;
  if (acting.length < seats) notes.push(passiveSeatsNote(run.game.seats, acting, bySeat));
  else {
    const alwaysFirst = seatFirstInEveryMatch(sums[FIRST_MOVER_SEAT], sums['firstMover:win']?.n ?? 0);
    if (alwaysFirst !== null) notes.push(oneFirstMoverNote(run.game.seats[alwaysFirst - 1] ?? `seat ${alwaysFirst}`));
  }
  if (run.game.endedAtCap === undefined) notes.push('caps: the game does not say which matches ended at a length cap (endedAtCap), so the capped share is left out');
  if (run.skillNote !== null) notes.push(run.skillNote);
  if (!run.leads) notes.push('leads: the scenario says quality: { leads: false }, so decisiveness, lead changes and drama (which read the game heuristic at every turn start) are left out');
  const led = sums['led'];
  // Every match recorded whether a seat ever led (a checkpoint from before that was recorded has fewer).
  if (run.leads && led !== undefined && led.n === matches && matches > 0 && led.x === 0 && (sums['turns']?.x ?? 0) > 0) {
    notes.push(`leads: the game heuristic put no seat strictly ahead at any turn start of ${matches === 1 ? 'the match' : `the ${matches} matches`}, so decisiveness, lead changes and drama say nothing about this game; a heuristic that tells positions apart would`);
  }
  // A ratio's matches: those with a decision (branching) or decided with a turn (decisiveness),
  // counted by the one-trial-per-match rate recorded under the same condition.
  const ratio = (key: string, matchesFrom: string, low: number, high = Infinity): RatioFigure => ({ kind: 'ratio', ...within(ratioEstimate(sums[key], sums[matchesFrom]?.n ?? 0, confidence), low, high) });
  const count = (key: string): MeanEstimate => within(clusteredMean(sums[key], confidence), 0, Infinity);
  const chance = chanceShareOf(sums, run, confidence, matches, notes);
  // As the ladder's pairings say it (audit 28a): lost more than won, beyond both intervals, or
  // more often than not. Sums from before `won` was kept have no matches for it, and say the second alone.
  const contradicted = chance !== undefined && chance.n > 0 && (chance.lower > 0.5 || (chance.won.n === chance.n && chance.won.upper < chance.lower));
  if (contradicted) {
    const won = chance.won.n === chance.n ? `won ${formatRate(chance.won).join(' ')} and ` : '';
    notes.push(`chance share: ${chance.stronger}, taken as the more skilled (${chance.basis}), ${won}lost ${formatRate(chance).join(' ')} against ${chance.weaker}: that order did not hold in this run, so this share says nothing of chance`);
  }
  return {
    matches,
    bySeat,
    draw: rate('draw'),
    ...(seats > 2 ? { sharedTop: rate('sharedTop') } : {}),
    ...(run.game.endedAtCap === undefined ? {} : { capped: rate('capped') }),
    firstMover: {
      win: rate('firstMover:win'),
      decidedWin,
      ...(seats > 2 ? { top: rate('firstMover:top') } : {}),
      advantage: {
        fair,
        value: lone ? Number.NaN : decidedWin.rate - fair,
        lower: lone ? Number.NaN : decidedWin.lower - fair,
        upper: lone ? Number.NaN : decidedWin.upper - fair,
        ...(acting.length < seats ? { actingSeats: acting } : {}),
      },
    },
    length: {
      decisions: count('decisions'),
      turns: count('turns'),
      histogram,
      quantiles: matches === 0 ? null : { min: histogram[0]?.[0] as number, median: quantile(histogram, matches, 0.5), p90: quantile(histogram, matches, 0.9), max: histogram[histogram.length - 1]?.[0] as number },
    },
    branching: ratio('branching', 'firstMover:win', 1),
    ...(run.leads ? { decisiveness: ratio('decisiveness', 'drama', 0, 1), leadChanges: count('leadChanges'), drama: rate('drama') } : {}),
    ...(chance === undefined ? {} : { chanceShare: chance }),
    notes,
  };
}

/**
 * The seats (1-based) that made a decision in some match. Every seat where none did (no
 * decision at all: no first mover either) and where the sums hold no acted figures (a
 * checkpoint or shard from before they were recorded: n 0 over matches played), as before them.
 */
function actingSeats(sums: ReturnType<typeof settledFigures>, seats: number, matches: number): number[] {
  const all = Array.from({ length: seats }, (_, seat) => seat + 1);
  if (matches === 0) return all;
  const acting: number[] = [];
  for (let seat = 1; seat <= seats; seat++) {
    const acted = sums[`seat${seat}:acted`];
    if (acted === undefined || acted.n < matches) return all;
    if (acted.x > 0) acting.push(seat);
  }
  return acting.length === 0 ? all : acting;
}

/** The note of a run where some seats made no decision in any match. */
/** The key of the first mover's seat, a sample per match with a decision. */
const FIRST_MOVER_SEAT = 'firstMover:seat';

/**
 * The seat (1-based) that moved first in every match with a decision, or null when the seats
 * took turns at it (or the sums are from before the seat was kept, with fewer samples than
 * matches). Seats are whole numbers, so their mean is a whole k with Σ seat² = k²·n only when
 * every sample is k.
 */
function seatFirstInEveryMatch(seat: ClusterSums | undefined, matches: number): number | null {
  if (seat === undefined || seat.n !== matches) return null;
  // No samples: 0/0 is no whole number.
  const k = seat.x / seat.n;
  return Number.isInteger(k) && seat.ee === k * k * seat.n ? k : null;
}

/**
 * A fixed turn order: the first mover's figures are one seat's, and its advantage cannot be told
 * from whatever else sets that seat apart (audit 40d F4: a 3-seat game whose first seat had the
 * smallest bonus read "first-mover advantage -18.2 pts", turn order giving none).
 */
function oneFirstMoverNote(name: string): string {
  return `first mover: ${name} made the first decision in every match, so the first mover's figures are ${name}'s, and its advantage mixes moving first with anything else that sets ${name} apart (a game that varies who moves first tells the two apart)`;
}

function passiveSeatsNote(names: readonly string[], acting: readonly number[], bySeat: QualitySummary['bySeat']): string {
  const name = (seat: number): string => names[seat - 1] ?? `seat ${seat}`;
  const passive = names.map((_, seat) => seat + 1).filter((seat) => !acting.includes(seat));
  const list = (seats: readonly number[]): string => (seats.length <= 1 ? seats.map(name).join('') : `${seats.slice(0, -1).map(name).join(', ')} and ${name(seats[seats.length - 1] as number)}`);
  const none = `${list(passive)} made no decision in any match`;
  const said =
    acting.length === 1
      ? `first mover: ${none}, so ${name(acting[0] as number)}, the one seat that did, moved first in every match: the first-mover figures say nothing of moving first, and no advantage is given`
      : `first mover: ${none}, so the fair share of the decided matches is counted over the ${acting.length} seats that did (${list(acting)}): ${fixedHalfEven(100 / acting.length, 1)}%, not ${fixedHalfEven(100 / names.length, 1)}%`;
  const winners = passive.filter((seat) => (bySeat[`seat${seat}`]?.win.successes ?? 0) > 0);
  if (winners.length === 0) return said;
  const wins = winners.map((seat) => `${winners.length === 1 ? '' : `${name(seat)} `}${formatRate(bySeat[`seat${seat}`]?.win as RateEstimate)[0]}`).join(', ');
  const never = `${list(winners)} won matches alone without ever acting (${wins} of them)`;
  return acting.length === 1 ? `${said}; ${never}` : `${said}; yet ${never}, so even that share is no fair reference: some wins go to a seat that makes no move`;
}
