/**
 * Integer Duel (shared/rules/integer-duel.md, seed 003): Plants (positive combatants) against
 * Zombies (negative combatants), spells as integer operations, hidden hands.
 *
 * Each side draws an opening hand. Each round the starter throws a die and draws that many
 * cards (each from the library, or any card of its own cemetery), then the other side does the
 * same; the throws also cap how many cards each may play. Starting with the starter, the sides
 * alternate putting down a combatant, or a spell on any combatant on the table, or passing
 * (which ends their plays). The table's sum scores for Plants if positive, Zombies if negative;
 * the winner takes every card of the round to its cemetery; on a tie the table stays for the
 * next round. Starters alternate. When a library is empty at the start of a round, that round
 * is the last: throws as usual, no drawing. The larger absolute total of points wins.
 *
 * Parameters (parameters.ts): decks, spellKinds, openingHand, firstStarter, dieFaces,
 * maxHandSize, finalTie, maxRounds.
 *
 * Readings where the spec leaves room (a player's reading, as the mission asks):
 * - A library is unordered here: drawing from it takes a uniformly random remaining card, which
 *   is exactly the distribution of drawing the top card of a fairly shuffled deck (rule 6),
 *   and leaves search nothing to re-sample but the opponent's hand.
 * - Throw and draws go side by side: the starter throws and draws, then the opponent throws and
 *   draws; both limits are public before the first card is played (rule 9).
 * - A side whose turn comes while it has nothing playable (say, only spells and an empty table)
 *   skips that turn without passing, and may play later when a target appears; the round ends
 *   when neither side can or will play.
 * - Cards on the table from a tied round still count in the next round's value, and spells may
 *   be cast on them (they are on the table).
 * - A card taken from a cemetery is public; the opponent knows the taker holds it until a card
 *   of that kind is played. Determinization keeps those cards in the hand it re-deals.
 * - A tied last round leaves its cards on the table; the game ends anyway (rule 15).
 */
import type { ChanceOutcome, EventSink, GameDefinition } from '../../core/game.js';
import { CHANCE, TERMINAL } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { applySpell, compareCardNames, parseCard, type Card } from './cards.js';
import { integerDuelHeuristic } from './heuristic.js';
import { integerDuelParameters, validateIntegerDuelParams, type IntegerDuelParams } from './parameters.js';
import {
  PLANTS,
  Phase,
  ZOMBIES,
  type IntegerDuelAction,
  type IntegerDuelConfig,
  type IntegerDuelEvent,
  type IntegerDuelObservation,
  type IntegerDuelState,
  type Side,
  type TableEntry,
} from './types.js';

const configs = new WeakMap<IntegerDuelParams, IntegerDuelConfig>();

/** The run-level constants for a parameter set: the card table and the decks as counts. */
export function configFor(params: IntegerDuelParams): IntegerDuelConfig {
  let config = configs.get(params);
  if (config === undefined) {
    // Stryker disable next-line MethodExpression: dropping the first filter or the dedup changes nothing once decks are validated: names parse and are canonical, and the Set removed repeats
    const names = [...new Set([...Object.keys(params.decks.plants), ...Object.keys(params.decks.zombies)])]
      .filter(
        // Stryker disable next-line ConditionalExpression,StringLiteral: decks are validated before setup, so every name parses
        (name) => typeof parseCard(name) !== 'string',
      )
      .map((name) => (parseCard(name) as Card).name)
      .filter(
        // Stryker disable next-line ConditionalExpression: validated names are already canonical, and the Set above removed repeats
        (name, index, all) => all.indexOf(name) === index,
      );
    names.sort(compareCardNames);
    const cards = names.map((name) => parseCard(name) as Card);
    const counts = (deck: Readonly<Record<string, number>>): number[] => {
      const result = cards.map(() => 0);
      for (const [name, count] of Object.entries(deck)) {
        const card = parseCard(name);
        // Stryker disable next-line ConditionalExpression,StringLiteral,LogicalOperator: validated names parse, and each card appears once per deck (keys are canonical), so its count starts at 0
        if (typeof card !== 'string') result[names.indexOf(card.name)] = (result[names.indexOf(card.name)] ?? 0) + count;
      }
      return result;
    };
    config = { params, cards, decks: [counts(params.decks.plants), counts(params.decks.zombies)] };
    configs.set(params, config);
  }
  return config;
}

const other = (side: Side): Side => (side === PLANTS ? ZOMBIES : PLANTS);
const sum = (counts: readonly number[]): number => counts.reduce((a, b) => a + b, 0);

const PASS: IntegerDuelAction = Object.freeze({ kind: 'pass' });
const DRAW_LIBRARY: IntegerDuelAction = Object.freeze({ kind: 'drawLibrary' });
const chanceActions: IntegerDuelAction[] = [];
function chanceAction(value: number): IntegerDuelAction {
  for (let v = chanceActions.length; v <= value; v++) chanceActions.push(Object.freeze({ kind: 'chance', value: v }));
  return chanceActions[value] as IntegerDuelAction;
}

function setup(params: IntegerDuelParams): IntegerDuelState {
  const config = configFor(params);
  const empty = (): number[] => config.cards.map(() => 0);
  const starter: Side = params.firstStarter === 'zombies' ? ZOMBIES : PLANTS;
  const state: IntegerDuelState = {
    config,
    libraries: [config.decks[0].slice(), config.decks[1].slice()],
    librarySizes: [sum(config.decks[0]), sum(config.decks[1])],
    hands: [empty(), empty()],
    handSizes: [0, 0],
    cemeteries: [empty(), empty()],
    knownInHand: [empty(), empty()],
    table: [],
    phase: Phase.Coin,
    round: 0,
    firstStarter: params.firstStarter === 'random' ? -1 : starter,
    starter,
    current: PLANTS,
    dealLeft: [params.openingHand, params.openingHand],
    throws: [0, 0],
    drawsLeft: 0,
    played: [0, 0],
    done: [false, false],
    lastRound: false,
    points: [0, 0],
    tieRounds: 0,
    winner: -1,
    capped: false,
  };
  if (state.firstStarter !== -1) beginDeal(state, null);
  return state;
}

/** Rule 6: the opening hands, Plants first, a card at a time. */
function beginDeal(state: IntegerDuelState, emit: EventSink<IntegerDuelEvent> | null): void {
  state.phase = Phase.Deal;
  state.current = PLANTS;
  continueDeal(state, emit);
}

function continueDeal(state: IntegerDuelState, emit: EventSink<IntegerDuelEvent> | null): void {
  for (const side of [PLANTS, ZOMBIES] as const) {
    if (state.dealLeft[side] > 0 && state.librarySizes[side] > 0 && !handFull(state, side)) {
      state.current = side;
      state.phase = Phase.Deal;
      return;
    }
    state.dealLeft[side] = 0;
  }
  state.round = 0;
  // Stryker disable next-line ConditionalExpression: the coin has always set firstStarter before the deal ends
  state.starter = state.firstStarter === -1 ? PLANTS : state.firstStarter;
  beginRound(state, emit);
}

function handFull(state: IntegerDuelState, side: Side): boolean {
  const max = state.config.params.maxHandSize;
  return max !== null && state.handSizes[side] >= max;
}

/** Rules 14, 15 and 17: the next round, or the end. */
function beginRound(state: IntegerDuelState, emit: EventSink<IntegerDuelEvent> | null): void {
  if (state.round >= state.config.params.maxRounds) {
    state.capped = true;
    finish(state, emit);
    return;
  }
  if (state.round > 0) state.starter = other(state.starter);
  state.round++;
  state.lastRound = state.librarySizes[0] === 0 || state.librarySizes[1] === 0;
  state.throws = [0, 0];
  state.played = [0, 0];
  state.done = [false, false];
  state.current = state.starter;
  state.phase = Phase.Throw;
}

/** Rule 8: the current side's draws, or on to the next throw or to play. */
function continueDraws(state: IntegerDuelState, emit: EventSink<IntegerDuelEvent> | null): void {
  const side = state.current;
  if (state.drawsLeft > 0 && !handFull(state, side) && (state.librarySizes[side] > 0 || sum(state.cemeteries[side]) > 0)) {
    state.phase = Phase.Draw;
    return;
  }
  state.drawsLeft = 0;
  if (side === state.starter) {
    state.current = other(side);
    state.phase = Phase.Throw;
    return;
  }
  beginPlay(state, emit);
}

function beginPlay(state: IntegerDuelState, emit: EventSink<IntegerDuelEvent> | null): void {
  if (emit !== null) {
    const held = (side: Side): Record<string, number> => {
      const result: Record<string, number> = {};
      state.hands[side].forEach((count, card) => {
        if (count > 0) result[(state.config.cards[card] as Card).name] = count;
      });
      return result;
    };
    emit({ type: 'roundStart', round: state.round, starter: state.starter, last: state.lastRound, held: [held(PLANTS), held(ZOMBIES)] });
  }
  state.phase = Phase.Play;
  state.current = state.starter;
  if (!canAct(state, state.current)) advancePlay(state, emit);
}

function hasPlayable(state: IntegerDuelState, side: Side): boolean {
  const hand = state.hands[side];
  const cards = state.config.cards;
  for (let card = 0; card < hand.length; card++) {
    if ((hand[card] as number) === 0) continue;
    if ((cards[card] as Card).kind === 'combatant' || state.table.length > 0) return true;
  }
  return false;
}

function canAct(state: IntegerDuelState, side: Side): boolean {
  return !state.done[side] && state.played[side] < state.throws[side] && hasPlayable(state, side);
}

/** Alternation (rule 10): the other side if it can act, else this one, else score the round. */
function advancePlay(state: IntegerDuelState, emit: EventSink<IntegerDuelEvent> | null): void {
  const next = other(state.current);
  if (canAct(state, next)) state.current = next;
  else if (!canAct(state, state.current)) scoreRound(state, emit);
}

/**
 * The table's sum, exactly: in doubles while every partial sum is a safe integer, else again in
 * BigInt, refused only when the total itself passes 2^53 − 1. A partial sum past it rounds, and a
 * later term can bring the total back below it, wrong (review 26c: [A + 1, A, −A, −A] and +3
 * scored 3, not 4); refusing every such partial sum refused exact rounds in one order and not in
 * another (review 26d).
 */
function tableValue(table: readonly TableEntry[]): number {
  let value = 0;
  for (const entry of table) {
    value += entry.value;
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: (true, or the test reversed) summing in BigInt at once gives the same exact sum, more slowly
    if (!Number.isSafeInteger(value)) return exactTableValue(table);
  }
  return value;
}

function exactTableValue(table: readonly TableEntry[]): number {
  let total = 0n;
  // Each combatant's value is a safe integer (every spell's result is checked).
  for (const entry of table) total += BigInt(entry.value);
  // Number(total) is exact within ±(2^53 − 1) and, past it, not a safe integer: refused.
  return exact(Number(total), 'the round value');
}

/**
 * `value` when it is a whole number doubles hold exactly; else the match cannot be played by the
 * rules (their integers would round, audit 26b: a deck of doubles passed 10⁵³), and it fails
 * saying so rather than scoring rounded points.
 */
function exact(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} reached ${value}, past ${Number.MAX_SAFE_INTEGER}, beyond which these integers are not exact; expected decks whose spells keep values below it (fewer double cards, or a smaller dieFaces or maxRounds)`);
  }
  return value;
}

/** Rules 11 to 13. */
function scoreRound(state: IntegerDuelState, emit: EventSink<IntegerDuelEvent> | null): void {
  const value = tableValue(state.table);
  const winner: -1 | Side = value > 0 ? PLANTS : value < 0 ? ZOMBIES : -1;
  const cards = state.table.reduce((count, entry) => count + 1 + entry.spells.length, 0);
  if (winner === -1) {
    state.tieRounds++;
  } else {
    state.points[winner] = exact(state.points[winner] + value, `${winner === PLANTS ? 'the Plants' : 'the Zombies'}' points`);
    // Rule 12: every card of the round, whichever side played it, to the winner's cemetery.
    const cemetery = state.cemeteries[winner];
    for (const entry of state.table) {
      cemetery[entry.card] = (cemetery[entry.card] as number) + 1;
      for (const spell of entry.spells) cemetery[spell] = (cemetery[spell] as number) + 1;
    }
    state.table = [];
  }
  if (emit !== null) emit({ type: 'roundScored', round: state.round, starter: state.starter, value, winner, cards, points: [state.points[0], state.points[1]] });
  if (state.lastRound) finish(state, emit);
  else beginRound(state, emit);
}

/** Rule 16: the larger absolute total wins; equal totals as `finalTie` says. */
function finish(state: IntegerDuelState, emit: EventSink<IntegerDuelEvent> | null): void {
  const plants = Math.abs(state.points[PLANTS]);
  const zombies = Math.abs(state.points[ZOMBIES]);
  const tie = state.config.params.finalTie;
  state.winner = plants > zombies ? PLANTS : zombies > plants ? ZOMBIES : tie === 'plants' ? PLANTS : tie === 'zombies' ? ZOMBIES : -1;
  state.phase = Phase.Over;
  if (emit !== null) {
    emit({
      type: 'matchEnd',
      winner: state.winner,
      points: [state.points[0], state.points[1]],
      rounds: state.round,
      tieRounds: state.tieRounds,
      capped: state.capped,
      // Stryker disable next-line ConditionalExpression: the coin has always set firstStarter before the match ends
      firstStarter: state.firstStarter === -1 ? PLANTS : state.firstStarter,
    });
  }
}

function removeFromHand(state: IntegerDuelState, side: Side, card: number): void {
  state.hands[side][card] = (state.hands[side][card] as number) - 1;
  state.handSizes[side]--;
  const known = state.knownInHand[side];
  if ((known[card] as number) > 0) known[card] = (known[card] as number) - 1;
}

function addToHand(state: IntegerDuelState, side: Side, card: number): void {
  state.hands[side][card] = (state.hands[side][card] as number) + 1;
  state.handSizes[side]++;
}

function legalActions(state: IntegerDuelState, into?: IntegerDuelAction[]): IntegerDuelAction[] {
  // Stryker disable next-line ArrayDeclaration: a junk entry in a fresh list is popped just below
  const actions = into ?? [];
  while (actions.length > 0) actions.pop();
  const side = state.current;
  if (state.phase === Phase.Draw) {
    if (state.librarySizes[side] > 0) actions.push(DRAW_LIBRARY);
    state.cemeteries[side].forEach((count, card) => {
      if (count > 0) actions.push({ kind: 'drawCemetery', card });
    });
    return actions;
  }
  if (state.phase !== Phase.Play) return actions;
  const hand = state.hands[side];
  const cards = state.config.cards;
  for (let card = 0; card < hand.length; card++) {
    if ((hand[card] as number) === 0) continue;
    if ((cards[card] as Card).kind === 'combatant') actions.push({ kind: 'combatant', card });
    else for (let target = 0; target < state.table.length; target++) actions.push({ kind: 'spell', card, target });
  }
  actions.push(PASS);
  return actions;
}

function currentPlayer(state: IntegerDuelState): number {
  switch (state.phase) {
    case Phase.Draw:
    case Phase.Play:
      return state.current;
    case Phase.Over:
      return TERMINAL;
    default:
      return CHANCE;
  }
}

function chanceOutcomes(state: IntegerDuelState): ChanceOutcome<IntegerDuelAction>[] {
  switch (state.phase) {
    case Phase.Coin:
      return [PLANTS, ZOMBIES].map((side) => ({ action: chanceAction(side), probability: 0.5 }));
    case Phase.Throw: {
      const faces = state.config.params.dieFaces;
      return Array.from({ length: faces }, (_, face) => ({ action: chanceAction(face + 1), probability: 1 / faces }));
    }
    case Phase.Deal:
    case Phase.LibraryCard: {
      const library = state.libraries[state.current];
      const size = state.librarySizes[state.current];
      const outcomes: ChanceOutcome<IntegerDuelAction>[] = [];
      library.forEach((count, card) => {
        if (count > 0) outcomes.push({ action: chanceAction(card), probability: count / size });
      });
      return outcomes;
    }
    default:
      return [];
  }
}

/** The card at position `k` of a multiset given as counts. */
function nthCard(counts: readonly number[], k: number): number {
  let seen = 0;
  // Stryker disable next-line EqualityOperator: one step past the end adds undefined, making seen NaN, and still ends in the throw below
  for (let card = 0; card < counts.length; card++) {
    seen += counts[card] as number;
    if (k < seen) return card;
  }
  throw new Error(`no card number ${k}`);
}

function sampleChance(state: IntegerDuelState, rng: Rng): IntegerDuelAction {
  switch (state.phase) {
    case Phase.Coin:
      return chanceAction(rng.int(2));
    case Phase.Throw:
      return chanceAction(rng.intBetween(1, state.config.params.dieFaces));
    case Phase.Deal:
    case Phase.LibraryCard:
      return chanceAction(nthCard(state.libraries[state.current], rng.int(state.librarySizes[state.current])));
    default:
      throw new Error(`not a chance node (phase ${state.phase})`);
  }
}

function drawFromLibrary(state: IntegerDuelState, card: number, opening: boolean, emit: EventSink<IntegerDuelEvent> | null): void {
  const side = state.current;
  state.libraries[side][card] = (state.libraries[side][card] as number) - 1;
  state.librarySizes[side]--;
  addToHand(state, side, card);
  if (emit !== null) emit({ type: 'cardDrawn', side, round: state.round, card: (state.config.cards[card] as Card).name, from: 'library', opening });
}

function apply(state: IntegerDuelState, action: IntegerDuelAction, emit: EventSink<IntegerDuelEvent> | null): void {
  const side = state.current;
  const cards = state.config.cards;
  switch (action.kind) {
    case 'chance':
      applyChance(state, action.value, emit);
      return;
    case 'drawLibrary':
      state.phase = Phase.LibraryCard;
      return;
    case 'drawCemetery': {
      state.cemeteries[side][action.card] = (state.cemeteries[side][action.card] as number) - 1;
      addToHand(state, side, action.card);
      state.knownInHand[side][action.card] = (state.knownInHand[side][action.card] as number) + 1;
      if (emit !== null) emit({ type: 'cardDrawn', side, round: state.round, card: (cards[action.card] as Card).name, from: 'cemetery', opening: false });
      state.drawsLeft--;
      continueDraws(state, emit);
      return;
    }
    case 'combatant': {
      const card = cards[action.card] as Card;
      if (card.kind !== 'combatant') throw new Error(`${card.name} is not a combatant`);
      const before = tableValue(state.table);
      removeFromHand(state, side, action.card);
      state.table.push({ card: action.card, side, spells: [], value: card.value });
      state.played[side]++;
      if (emit !== null) {
        emit({
          type: 'cardPlayed',
          side,
          round: state.round,
          card: card.name,
          kind: 'combatant',
          target: null,
          targetSide: null,
          valueBefore: 0,
          valueAfter: card.value,
          roundValueBefore: before,
          // Two safe integers: their sum is exact, or past the bound and refused.
          roundValueAfter: exact(before + card.value, 'the round value'),
        });
      }
      advancePlay(state, emit);
      return;
    }
    case 'spell': {
      const spell = cards[action.card] as Card;
      const entry = state.table[action.target];
      if (entry === undefined) throw new Error(`no combatant at table position ${action.target}`);
      const before = tableValue(state.table);
      const valueBefore = entry.value;
      removeFromHand(state, side, action.card);
      entry.spells.push(action.card);
      entry.value = exact(applySpell(entry.value, spell), `a combatant's value after ${spell.name}`);
      state.played[side]++;
      if (emit !== null) {
        emit({
          type: 'cardPlayed',
          side,
          round: state.round,
          card: spell.name,
          kind: 'spell',
          target: (cards[entry.card] as Card).name,
          targetSide: entry.side,
          valueBefore,
          valueAfter: entry.value,
          roundValueBefore: before,
          // The table summed again, not before − old + new: the sum of the others can round (review 26d).
          roundValueAfter: tableValue(state.table),
        });
      }
      advancePlay(state, emit);
      return;
    }
    case 'pass':
      state.done[side] = true;
      if (emit !== null) emit({ type: 'pass', side, round: state.round });
      advancePlay(state, emit);
      return;
  }
}

function applyChance(state: IntegerDuelState, value: number, emit: EventSink<IntegerDuelEvent> | null): void {
  switch (state.phase) {
    case Phase.Coin:
      state.firstStarter = value as Side;
      if (emit !== null) emit({ type: 'starter', side: value as Side });
      beginDeal(state, emit);
      return;
    case Phase.Deal:
      drawFromLibrary(state, value, true, emit);
      state.dealLeft[state.current]--;
      continueDeal(state, emit);
      return;
    case Phase.Throw:
      state.throws[state.current] = value;
      if (emit !== null) emit({ type: 'throw', side: state.current, round: state.round, value });
      // Rule 15: in the last round nobody draws.
      state.drawsLeft = state.lastRound ? 0 : value;
      continueDraws(state, emit);
      return;
    case Phase.LibraryCard:
      drawFromLibrary(state, value, false, emit);
      state.drawsLeft--;
      continueDraws(state, emit);
      return;
    default:
      throw new Error(`a chance outcome at a decision or terminal node (phase ${state.phase})`);
  }
}

function clone(state: IntegerDuelState): IntegerDuelState {
  return {
    ...state,
    libraries: [state.libraries[0].slice(), state.libraries[1].slice()],
    librarySizes: [state.librarySizes[0], state.librarySizes[1]],
    hands: [state.hands[0].slice(), state.hands[1].slice()],
    handSizes: [state.handSizes[0], state.handSizes[1]],
    cemeteries: [state.cemeteries[0].slice(), state.cemeteries[1].slice()],
    knownInHand: [state.knownInHand[0].slice(), state.knownInHand[1].slice()],
    table: state.table.map((entry) => ({ card: entry.card, side: entry.side, spells: entry.spells.slice(), value: entry.value })),
    dealLeft: [state.dealLeft[0], state.dealLeft[1]],
    throws: [state.throws[0], state.throws[1]],
    played: [state.played[0], state.played[1]],
    done: [state.done[0], state.done[1]],
    points: [state.points[0], state.points[1]],
  };
}

function observe(state: IntegerDuelState, seat: number): IntegerDuelObservation {
  const side = seat as Side;
  const copy = clone(state);
  return {
    side,
    hand: copy.hands[side],
    opponentHandSize: copy.handSizes[other(side)],
    opponentKnownCards: copy.knownInHand[other(side)],
    librarySizes: copy.librarySizes,
    cemeteries: copy.cemeteries,
    table: copy.table,
    phase: copy.phase,
    round: copy.round,
    starter: copy.starter,
    current: copy.current,
    throws: copy.throws,
    played: copy.played,
    done: copy.done,
    lastRound: copy.lastRound,
    points: copy.points,
  };
}

/**
 * Re-deals the opponent's hand for `seat` (rule 18). The opponent's library and hand together
 * hold its deck, plus what it took from its cemetery, minus what it played: all public. Cards it
 * is known to hold stay; the rest of its hand is drawn afresh from that pool, the remainder
 * becoming its library. The result depends on nothing the seat cannot see.
 */
function determinize(state: IntegerDuelState, seat: number, rng: Rng): IntegerDuelState {
  const copy = clone(state);
  const opponent = other(seat as Side);
  const known = copy.knownInHand[opponent];
  const pool = copy.libraries[opponent].map((count, card) => count + (copy.hands[opponent][card] as number) - (known[card] as number));
  let poolSize = sum(pool);
  const hand = known.slice();
  for (let unknown = copy.handSizes[opponent] - sum(known); unknown > 0; unknown--) {
    const card = nthCard(pool, rng.int(poolSize));
    pool[card] = (pool[card] as number) - 1;
    poolSize--;
    hand[card] = (hand[card] as number) + 1;
  }
  copy.hands[opponent] = hand;
  copy.libraries[opponent] = pool;
  return copy;
}

function actionKey(action: IntegerDuelAction): string {
  switch (action.kind) {
    case 'drawLibrary':
      return 'drawLibrary';
    case 'drawCemetery':
      return `drawCemetery(${action.card})`;
    case 'combatant':
      return `combatant(${action.card})`;
    case 'spell':
      return `spell(${action.card}@${action.target})`;
    case 'pass':
      return 'pass';
    case 'chance':
      return `chance(${action.value})`;
  }
}

function describeState(state: IntegerDuelState): string {
  const table = state.table.map((entry) => String(entry.value)).join(' ');
  return (
    `round ${state.round}, ${state.phase === Phase.Over ? 'over' : `${state.current === PLANTS ? 'Plants' : 'Zombies'} to act`}, ` +
    `points ${state.points[0]}/${state.points[1]}, hands ${state.handSizes[0]}/${state.handSizes[1]}, ` +
    `libraries ${state.librarySizes[0]}/${state.librarySizes[1]}, throws ${state.throws[0]}/${state.throws[1]}, table [${table}]`
  );
}

function maxLength(params: IntegerDuelParams): number {
  const perRound = 2 + 4 * params.dieFaces + 2 * params.dieFaces + 2;
  return 1 + 2 * params.openingHand + params.maxRounds * perRound;
}

function returns(state: IntegerDuelState): number[] {
  // Stryker disable next-line ConditionalExpression: the winner is set only when the match ends, so winner === -1 alone covers every state before it
  if (state.phase !== Phase.Over || state.winner === -1) return [0, 0];
  return state.winner === PLANTS ? [1, -1] : [-1, 1];
}

/** The Integer Duel game definition. Seat 0 plays Plants, seat 1 Zombies. */
export const integerDuel: GameDefinition<IntegerDuelParams, IntegerDuelState, IntegerDuelAction, IntegerDuelEvent, IntegerDuelObservation> = {
  id: 'integer-duel',
  title: 'Integer Duel',
  seats: ['Plants', 'Zombies'],
  parameters: integerDuelParameters,
  utilityBounds: [-1, 1],
  hiddenInformation: true,
  validateParameters: validateIntegerDuelParams,
  maxLength,
  setup,
  currentPlayer,
  legalActions,
  chanceOutcomes,
  sampleChance,
  apply,
  isTerminal: (state) => state.phase === Phase.Over,
  // Rule 17: the round cap cuts the match off.
  endedAtCap: (state) => state.capped,
  returns,
  heuristic: integerDuelHeuristic,
  observe,
  determinize,
  clone,
  actionKey,
  describeState,
};
