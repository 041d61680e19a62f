/**
 * Counterfactual card values: for every card type of a deck, how the win rate of the deck's side
 * changes with one copy fewer and with one copy more, everything else equal.
 *
 * A deck is a game parameter at a dotted path (`decks.plants` in Integer Duel, `itemDeck` in
 * Survivors) holding either counts by card name (`{ "+3": 4, negate: 2 }`) or a list of cards
 * with a `name` and a `count` (`[{ name: Axe, count: 2, ... }]`); the side is the seat whose win
 * rate it moves. The base and every variant play the same matches on the same seeds (common
 * random numbers), and each variant's change is the mean of the per-unit differences
 * `won(variant) − won(base)`, where the unit is a match, or a rotated pair of matches sharing a
 * seed: the independent unit, so the interval's variance is not understated by counting two
 * matches of one seed as independent. A draw counts as not won. The interval is
 * {@link pairedWinRateChange}'s.
 *
 * This answers "is this card too strong?": a card whose extra copy raises its side's win rate
 * beyond chance is worth more than an average card of the deck. It does not say why.
 */
import { UsageError } from '../core/errors.js';
import { readDeck, type Deck } from './deck.js';
import { TallyPlayer, type RunningTally } from '../ladder/tally-player.js';
import { randomPlayWarning, skillOf } from '../ladder/skill.js';
import { seatRecord, type SeatRecordDocument } from '../run/summary.js';
import { letSignalsIn } from '../run/let-signals-in.js';
import { replayCommand } from '../run/replay.js';
import { parseScenario, type Scenario } from '../scenario/scenario.js';
import { summarizeOutcomes } from '../reports/outcomes.js';
import { adjustedRateInterval } from '../stats/paired-difference.js';
import { DEFAULT_CONFIDENCE, type RateEstimate } from '../stats/rate-interval.js';
import { HORDELAB_VERSION } from '../version.js';

/** A deck to study: a parameter path and the seat (0-based) whose win rate it moves. */
export interface DeckSpec {
  readonly path: string;
  readonly seat: number;
}

/** A paired difference of win rates with its interval. */
export interface PairedDifference {
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  /** Independent units (matches, or rotated pairs). */
  readonly n: number;
}

export interface CardValue {
  readonly card: string;
  readonly count: number;
  /** One copy fewer: null when the count is 0 or the deck would be refused (`refused` says why). */
  readonly minusOne: { readonly winRate: RateEstimate; readonly change: PairedDifference } | { readonly refused: string } | null;
  readonly plusOne: { readonly winRate: RateEstimate; readonly change: PairedDifference } | { readonly refused: string };
}

export interface DeckValues {
  readonly path: string;
  readonly seat: string;
  readonly baseWinRate: RateEstimate;
  readonly cards: readonly CardValue[];
}

export interface CardValuesSummary {
  readonly hordelab: { readonly version: string };
  /** The scenario played; its seats as `summary.json` records them (agent, settings, module). */
  readonly scenario: { readonly name: string; readonly file: string; readonly game: string; readonly seed: number; readonly matches: number; readonly rotateSeats: boolean; readonly seats: readonly SeatRecordDocument[] };
  readonly command: string;
  /**
   * The skill behind every change (`skillOf`: "greedy-a (greedy) vs greedy-b (greedy), seats
   * rotated"), and the warning when a seat played at random, as a sweep or a run names them: a
   * card's value under random play may not hold under competent play (audit 40b F3).
   */
  readonly agents: string;
  readonly randomPlay: string | null;
  readonly confidence: number;
  readonly unit: 'match' | 'rotated pair';
  readonly decks: readonly DeckValues[];
}

function cardCounts(deck: Deck): [string, number][] {
  return deck.kind === 'counts' ? Object.entries(deck.counts) : deck.cards.map((card) => [card['name'] as string, card['count'] as number]);
}

function withCount(deck: Deck, name: string, count: number): unknown {
  if (deck.kind === 'counts') return { ...deck.counts, [name]: count };
  return deck.cards.map((card) => (card['name'] === name ? { ...card, count } : card));
}

/** The per-unit wins of `seat` in a tally (a rotated pair's two matches summed). */
function unitWins(tally: RunningTally, seats: number, seat: number, rotate: boolean): number[] {
  const wins: number[] = [];
  const matches = tally.scores.length / seats;
  for (let match = 0; match < matches; match++) {
    const won = tally.scores[match * seats + seat] === 1 ? 1 : 0;
    if (rotate && match % 2 === 1) wins[wins.length - 1] = (wins[wins.length - 1] as number) + won;
    else wins.push(won);
  }
  return wins;
}

/**
 * The paired difference of win rates between a variant and the base, per unit of
 * `matchesPerUnit` matches: the mean of the units' differences, with the adjusted interval of
 * {@link adjustedRateInterval} (z²/2 pseudo-units at +1 and at −1). One copy of a card moves few
 * units, the regime where a plain interval collapses: with half a pseudo-unit each way, as
 * before, its exact coverage fell to 86% at a change of about 2 units in m (audit 20); the
 * adjusted one stays at 94.9% or more from 5 units up, whatever share of the units moves
 * (92.3% at 2 units, 94.0% at 3; scripts/paired-rate-coverage.mjs, and tests/card-values.test.ts
 * checks it by exact sums).
 */
export function pairedWinRateChange(variant: readonly number[], base: readonly number[], matchesPerUnit: number, confidence: number): PairedDifference {
  const units = Math.min(variant.length, base.length);
  if (units < 2) return { difference: Number.NaN, lower: -1, upper: 1, n: units };
  let sum = 0;
  for (let i = 0; i < units; i++) sum += ((variant[i] as number) - (base[i] as number)) / matchesPerUnit;
  const mean = sum / units;
  let squares = 0;
  for (let i = 0; i < units; i++) squares += (((variant[i] as number) - (base[i] as number)) / matchesPerUnit - mean) ** 2;
  const { lower, upper } = adjustedRateInterval(mean, squares, units, confidence);
  return { difference: mean, lower, upper, n: units };
}

export interface CardValuesOptions {
  readonly decks: readonly DeckSpec[];
  readonly workers: number;
  /** Seconds a match may run on a worker thread before the thread is killed and the match fails; 0 for no limit. */
  readonly matchTimeoutSeconds?: number;
  readonly command: string;
  readonly onVariant?: (index: number, total: number, label: string) => void;
  /**
   * Hears, before each variant's scenario is built and once all are, how many are built of how
   * many: a deck of many kinds of card takes minutes to build before any match is played.
   */
  readonly onBuilding?: (built: number, total: number) => void;
}

/**
 * Plays all of `scenario`'s matches into `tally`; a failed match (an agent that threw, killed
 * or hung its thread) becomes a failure naming the variant and the replay of that match
 * (`sets`: the `--set` assignments that make the scenario file this variant).
 */
function extendExplained(player: TallyPlayer, scenario: Scenario, tally: RunningTally, label: string, sets: readonly string[], matchTimeoutSeconds: number | undefined): Promise<void> {
  return player.extendOrExplain(scenario, tally, scenario.matches, label, (failure) => replayCommand(scenario.file, failure.matchIndex, scenario.seed, sets, { matchTimeoutSeconds }));
}

/**
 * Plays the base and each one-copy variant of every deck on the same seeds and reports the
 * paired changes. @throws UsageError when a deck path is not a deck (nothing is played).
 */
export async function cardValues(base: Scenario, options: CardValuesOptions): Promise<CardValuesSummary> {
  const { game } = base.entry;
  if (base.tournament !== null) throw new UsageError([{ source: base.file, field: 'seats.roundRobin', message: 'card values need one seating; give a scenario without a round robin' }]);
  // A paired interval needs two independent units at least; with one, every change was NaN in
  // the files, written with exit 0.
  const units = base.rotate ? Math.floor(base.matches / 2) : base.matches;
  if (units < 2) {
    const given = base.source.overrides.matches !== undefined;
    const matches = `${base.matches} ${base.matches === 1 ? 'match' : 'matches'}`;
    const played = base.rotate ? `${matches}, ${units} rotated ${units === 1 ? 'pair' : 'pairs'}` : matches;
    throw new UsageError([
      { source: given ? `--matches ${base.matches}` : base.file, field: given ? '' : 'matches', message: `${played}; card values need at least 2 independent units (${base.rotate ? '4 matches with rotated seats' : '2 matches'})` },
    ]);
  }
  const plans: { deck: DeckSpec; name: string; count: number; delta: -1 | 1; assignment: string }[] = [];
  const decks = options.decks.map((spec) => {
    const deck = readDeck(base.params, spec.path);
    if (typeof deck === 'string') throw new UsageError([{ source: '--deck', field: spec.path, message: `${deck} in ${game.id}'s parameters` }]);
    if (spec.seat < 0 || spec.seat >= game.seats.length) {
      throw new UsageError([{ source: '--deck', field: spec.path, message: `seat ${spec.seat + 1} does not exist; ${game.title} has ${game.seats.length} (${game.seats.join(', ')})` }]);
    }
    for (const [name, count] of cardCounts(deck)) {
      for (const delta of [-1, 1] as const) {
        if (count + delta < 0) continue;
        plans.push({ deck: spec, name, count, delta, assignment: `${spec.path}=${JSON.stringify(withCount(deck, name, count + delta))}` });
      }
    }
    return { spec, deck };
  });
  // Variants the game refuses (an empty deck, too few cards to deal) are reported, not played.
  const variants: (Scenario | string)[] = [];
  for (const plan of plans) {
    options.onBuilding?.(variants.length, plans.length);
    // Each build reads the whole scenario again: with a deck of hundreds of kinds of card they
    // took minutes, deaf to Ctrl-C and SIGTERM without a turn of the loop (audit 40b F2).
    await letSignalsIn();
    try {
      variants.push(await parseScenario(base.source.text, base.source.file, { ...base.source.overrides, set: [...(base.source.overrides.set ?? []), plan.assignment] }));
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      variants.push(error.issues.map((issue) => issue.message).join('; '));
    }
  }
  options.onBuilding?.(variants.length, plans.length);
  const seats = game.seats.length;
  const perUnit = base.rotate ? 2 : 1;
  const player = new TallyPlayer(options.workers, options.matchTimeoutSeconds);
  const tallies: (RunningTally | null)[] = [];
  let baseTally: RunningTally;
  try {
    const total = 1 + variants.filter((variant) => typeof variant !== 'string').length;
    let played = 0;
    options.onVariant?.(played++, total, 'base');
    const baseSets = base.source.overrides.set ?? [];
    baseTally = TallyPlayer.empty(base);
    await extendExplained(player, base, baseTally, 'the base deck', baseSets, options.matchTimeoutSeconds);
    for (const [index, variant] of variants.entries()) {
      if (typeof variant === 'string') {
        tallies.push(null);
        continue;
      }
      const plan = plans[index] as (typeof plans)[number];
      options.onVariant?.(played++, total, `${plan.deck.path} ${plan.name} ${plan.delta > 0 ? '+1' : '−1'}`);
      const tally = TallyPlayer.empty(variant);
      await extendExplained(player, variant, tally, `the variant ${plan.deck.path} ${plan.name} ${plan.delta > 0 ? '+1' : '−1'}`, [...baseSets, plan.assignment], options.matchTimeoutSeconds);
      tallies.push(tally);
    }
  } finally {
    await player.close();
  }
  // The seat's win rate as every report gives it: clustered by the independent unit.
  const winRate = (tally: RunningTally, seat: number): RateEstimate => summarizeOutcomes(tally.outcomes, DEFAULT_CONFIDENCE).bySeat[`seat${seat + 1}`]?.win as RateEstimate;
  const result: DeckValues[] = decks.map(({ spec, deck }) => {
    const baseUnits = unitWins(baseTally, seats, spec.seat, base.rotate);
    const figure = (name: string, delta: -1 | 1): CardValue['plusOne'] | null => {
      const index = plans.findIndex((plan) => plan.deck === spec && plan.name === name && plan.delta === delta);
      if (index < 0) return null;
      const tally = tallies[index];
      if (tally === null || tally === undefined) return { refused: variants[index] as string };
      return { winRate: winRate(tally, spec.seat), change: pairedWinRateChange(unitWins(tally, seats, spec.seat, base.rotate), baseUnits, perUnit, DEFAULT_CONFIDENCE) };
    };
    return {
      path: spec.path,
      seat: game.seats[spec.seat] as string,
      baseWinRate: winRate(baseTally, spec.seat),
      cards: cardCounts(deck).map(([card, count]) => ({ card, count, minusOne: figure(card, -1), plusOne: figure(card, 1) as CardValue['plusOne'] })),
    };
  });
  const seatRecords = base.seats.map(seatRecord);
  return {
    hordelab: { version: HORDELAB_VERSION },
    scenario: { name: base.name, file: base.file, game: game.id, seed: base.seed, matches: base.matches, rotateSeats: base.rotate, seats: seatRecords },
    command: options.command,
    agents: skillOf(seatRecords, base.rotate),
    randomPlay: randomPlayWarning(seatRecords),
    confidence: DEFAULT_CONFIDENCE,
    unit: base.rotate ? 'rotated pair' : 'match',
    decks: result,
  };
}
