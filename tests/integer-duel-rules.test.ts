/**
 * Integer Duel, rule by rule, on hand-built states with forced dice and draws.
 */
import { describe, expect, it } from 'vitest';
import { randomAgent } from '../agents/random.js';
import { CHANCE, TERMINAL, type GameEvent } from '../src/core/game.js';
import { playMatch } from '../src/core/match-runner.js';
import { defaultParameters, parseParameters } from '../src/core/parameters.js';
import { matchSeed, matchStream } from '../src/core/rng.js';
import { integerDuel, Phase, PLANTS, ZOMBIES, type IntegerDuelAction, type IntegerDuelEvent, type IntegerDuelParams, type IntegerDuelState } from '../src/games/integer-duel/index.js';
import { applySpell, parseCard } from '../src/games/integer-duel/cards.js';
import { validateIntegerDuelParams } from '../src/games/integer-duel/parameters.js';
import { seatResults } from '../src/reports/outcomes.js';
import { rateInterval } from '../src/stats/intervals.js';

const defaults = defaultParameters(integerDuel.parameters);

function params(changes: Partial<IntegerDuelParams> = {}): IntegerDuelParams {
  return { ...defaults, firstStarter: 'plants', openingHand: 0, ...changes };
}

/** A game at round 1, Plants to throw, with these hands (card names → counts). */
function game(hands: [Record<string, number>, Record<string, number>], changes: Partial<IntegerDuelParams> = {}): { state: IntegerDuelState; events: GameEvent[]; id: (name: string) => number } {
  const state = integerDuel.setup(params(changes));
  const id = (name: string): number => {
    const index = state.config.cards.findIndex((card) => card.name === name);
    if (index < 0) throw new Error(`no card ${name} in these decks`);
    return index;
  };
  for (const side of [PLANTS, ZOMBIES] as const) {
    for (const [name, count] of Object.entries(hands[side])) {
      state.hands[side][id(name)] = count;
      state.handSizes[side] += count;
    }
  }
  return { state, events: [], id };
}

function act(setup: { state: IntegerDuelState; events: GameEvent[] }, action: IntegerDuelAction): void {
  const { state } = setup;
  if (action.kind === 'chance') {
    expect(integerDuel.currentPlayer(state)).toBe(CHANCE);
    expect(integerDuel.chanceOutcomes(state).map((o) => integerDuel.actionKey(o.action))).toContain(integerDuel.actionKey(action));
  } else {
    expect(integerDuel.legalActions(state).map((a) => integerDuel.actionKey(a)), `legal at ${integerDuel.describeState(state)}`).toContain(integerDuel.actionKey(action));
  }
  integerDuel.apply(state, action, (event) => setup.events.push(event));
}

const chance = (value: number): IntegerDuelAction => ({ kind: 'chance', value });

/** `setup` in its last round with empty libraries: no draws, the hands as built. */
function lastRound<T extends { state: IntegerDuelState }>(setup: T): T {
  setup.state.librarySizes = [0, 0];
  setup.state.libraries = [setup.state.libraries[0].map(() => 0), setup.state.libraries[1].map(() => 0)];
  setup.state.lastRound = true;
  return setup;
}

/** Throws for both sides with no draws wanted: each draw phase is skipped by passing hands in. */
function throwBoth(setup: { state: IntegerDuelState; events: GameEvent[] }, plants: number, zombies: number): void {
  for (const [side, value] of [[setup.state.starter, setup.state.starter === PLANTS ? plants : zombies], [setup.state.starter === PLANTS ? ZOMBIES : PLANTS, setup.state.starter === PLANTS ? zombies : plants]] as const) {
    expect(setup.state.phase).toBe(Phase.Throw);
    expect(setup.state.current).toBe(side);
    act(setup, chance(value));
    // Draw what the throw allows from the library, forcing the first card kind each time.
    while (setup.state.phase === Phase.Draw || setup.state.phase === Phase.LibraryCard) {
      if (setup.state.phase === Phase.Draw) act(setup, { kind: 'drawLibrary' });
      else act(setup, integerDuel.chanceOutcomes(setup.state)[0]!.action);
    }
  }
}

describe('Integer Duel rules', () => {
  it('rule 3: spells are integer operations that stack in the order played', () => {
    expect(applySpell(3, parseCard('negate') as never)).toBe(-3);
    expect(applySpell(-4, parseCard('double') as never)).toBe(-8);
    expect(applySpell(5, parseCard('annul') as never)).toBe(0);
    expect(applySpell(-2, parseCard('add:3') as never)).toBe(1);
    expect(applySpell(2, parseCard('subtract:5') as never)).toBe(-3);
    const decks = { plants: { '+3': 4, double: 1, negate: 1, 'add:2': 1 }, zombies: { '-1': 30 } };
    const setup = game([{ '+3': 1, double: 1, negate: 1, 'add:2': 1 }, {}], { decks, maxRounds: 5 });
    setup.state.librarySizes = [0, 0]; // no draws: keep the hands as built
    setup.state.libraries = [setup.state.libraries[0].map(() => 0), setup.state.libraries[1].map(() => 0)];
    setup.state.lastRound = true;
    const { id } = setup;
    act(setup, chance(6));
    act(setup, chance(1));
    act(setup, { kind: 'combatant', card: id('+3') });
    for (const spell of ['double', 'negate', 'add:2']) act(setup, { kind: 'spell', card: id(spell), target: 0 });
    // ((3 × 2) × −1) + 2 = −4: a stack of spells turned a plant into a zombie-side value.
    const plays = setup.events.filter((e): e is IntegerDuelEvent & { type: 'cardPlayed' } => e.type === 'cardPlayed');
    expect(plays.map((e) => [e.valueBefore, e.valueAfter])).toEqual([
      [0, 3],
      [3, 6],
      [6, -6],
      [-6, -4],
    ]);
  });

  it('values past 2^53 − 1, where integers stop being exact in doubles, fail the match saying so instead of scoring rounded points (audit 26b)', () => {
    const setup = lastRound(game([{ '+3': 1, double: 2 }, {}], { decks: { plants: { '+3': 4, double: 2 }, zombies: { '-1': 30 } }, maxRounds: 5 }));
    const { id } = setup;
    act(setup, chance(6));
    act(setup, chance(1));
    act(setup, { kind: 'combatant', card: id('+3') });
    // A value doubled to 2^52 is exact; doubled again to 2^53 it is not.
    (setup.state.table[0] as { value: number }).value = 2 ** 51;
    act(setup, { kind: 'spell', card: id('double'), target: 0 });
    expect(setup.state.table[0]?.value).toBe(2 ** 52);
    expect(() => act(setup, { kind: 'spell', card: id('double'), target: 0 })).toThrow(`a combatant's value after double reached ${2 ** 53}, past 9007199254740991, beyond which these integers are not exact`);
  });

  it("a round's value or a side's points past 2^53 − 1 fail the match too", () => {
    // The +3 played last ends the round (each side throws 1; the Zombies hold nothing).
    for (const [table, points, said] of [
      [[2 ** 52, 2 ** 52], 0, /^the round value reached 9007199254740992, past 9007199254740991/],
      [[], Number.MAX_SAFE_INTEGER - 2, /^the Plants' points reached 9007199254740992, past 9007199254740991/],
      // The round's value after the card, as its event gives it.
      [[Number.MAX_SAFE_INTEGER - 1], 0, /^the round value reached 9007199254740992, past 9007199254740991/],
    ] as const) {
      const setup = lastRound(game([{ '+3': 1 }, {}], { decks: { plants: { '+3': 4 }, zombies: { '-1': 30 } }, maxRounds: 5 }));
      const { id } = setup;
      act(setup, chance(1));
      act(setup, chance(1));
      for (const value of table) setup.state.table.push({ card: id('+3'), side: PLANTS, spells: [], value });
      setup.state.points[PLANTS] = points;
      expect(() => act(setup, { kind: 'combatant', card: id('+3') })).toThrow(said);
    }
  });

  it('sums a table exactly whatever its order, where a partial sum passes 2^53 and the total does not (reviews 26c and 26d)', () => {
    const A = 6 * 2 ** 50;
    for (const table of [[A + 1, A, -A, -A], [A, A, -A], [A, -A, A, -A + 1]]) {
      const setup = lastRound(game([{ '+3': 1 }, {}], { decks: { plants: { '+3': 4 }, zombies: { '-1': 30 } }, maxRounds: 5 }));
      act(setup, chance(1));
      act(setup, chance(1));
      for (const value of table) setup.state.table.push({ card: setup.id('+3'), side: PLANTS, spells: [], value });
      act(setup, { kind: 'combatant', card: setup.id('+3') });
      const total = table.reduce((sum, value) => sum + BigInt(value), 3n);
      const scored = setup.events.find((event): event is IntegerDuelEvent & { type: 'roundScored' } => event.type === 'roundScored');
      expect(BigInt(scored?.value as number), table.join(', ')).toBe(total);
      expect(BigInt(setup.state.points[PLANTS]), table.join(', ')).toBe(total);
    }
    // A spell's event gives the table summed again, not the sum of the others in doubles, which rounds.
    const spell = lastRound(game([{ 'add:1': 1 }, {}], { decks: { plants: { '+3': 4, 'add:1': 1 }, zombies: { '-1': 30 } }, maxRounds: 5 }));
    for (const value of [A + 1, -A, A]) spell.state.table.push({ card: spell.id('+3'), side: PLANTS, spells: [], value });
    act(spell, chance(6));
    act(spell, chance(1));
    act(spell, { kind: 'spell', card: spell.id('add:1'), target: 1 });
    const played = spell.events.filter((event): event is IntegerDuelEvent & { type: 'cardPlayed' } => event.type === 'cardPlayed').at(-1);
    expect(BigInt(played?.roundValueAfter as number)).toBe(BigInt(A + 1) + BigInt(-A + 1) + BigInt(A));
  });

  it("the Zombies' points, and a round's value after a spell, past 2^53 − 1 fail the match as well", () => {
    // The Zombies score a round of −3 on points already at the bound.
    const zombies = lastRound(game([{}, { '-3': 1 }], { decks: { plants: { '+1': 4 }, zombies: { '-3': 30 } }, maxRounds: 5 }));
    act(zombies, chance(1));
    act(zombies, chance(1));
    zombies.state.points[ZOMBIES] = -(Number.MAX_SAFE_INTEGER - 1);
    expect(() => act(zombies, { kind: 'combatant', card: zombies.id('-3') })).toThrow(/^the Zombies' points reached -9007199254740992, past 9007199254740991/);
    // A double on a small combatant beside one near the bound: the combatant stays exact, the round does not.
    const spell = lastRound(game([{ '+3': 1, double: 1 }, {}], { decks: { plants: { '+3': 4, double: 1 }, zombies: { '-1': 30 } }, maxRounds: 5 }));
    act(spell, chance(6));
    act(spell, chance(1));
    spell.state.table.push({ card: spell.id('+3'), side: PLANTS, spells: [], value: Number.MAX_SAFE_INTEGER - 3 });
    act(spell, { kind: 'combatant', card: spell.id('+3') });
    expect(() => act(spell, { kind: 'spell', card: spell.id('double'), target: 1 })).toThrow(/^the round value reached 9007199254740994, past 9007199254740991/);
  });

  it('rule 10: a spell needs a combatant on the table; the throw caps the cards played; a pass ends a side\'s plays', () => {
    const setup = game([{ '+2': 3, negate: 1 }, { '-5': 2 }]);
    setup.state.lastRound = true;
    const { id } = setup;
    act(setup, chance(2));
    act(setup, chance(1));
    // Empty table: negate is not playable.
    expect(integerDuel.legalActions(setup.state).map((a) => a.kind)).toEqual(['combatant', 'pass']);
    act(setup, { kind: 'combatant', card: id('+2') });
    act(setup, { kind: 'combatant', card: id('-5') });
    // Zombies used their one card; Plants play again, now with a target for negate.
    expect(setup.state.current).toBe(PLANTS);
    act(setup, { kind: 'spell', card: id('negate'), target: 1 });
    // Plants used both cards: the round is scored, +2 + 5 = 7 for Plants.
    expect(setup.events.find((e) => e.type === 'roundScored')).toMatchObject({ value: 7, winner: PLANTS });
  });

  it('rules 11 and 12: a negate switches a combatant\'s side, and the winner takes every card of the round', () => {
    const setup = game([{ '+5': 1 }, { negate: 1 }]);
    setup.state.lastRound = true;
    const { id, state } = setup;
    act(setup, chance(1));
    act(setup, chance(1));
    act(setup, { kind: 'combatant', card: id('+5') });
    act(setup, { kind: 'spell', card: id('negate'), target: 0 });
    expect(setup.events.find((e) => e.type === 'roundScored')).toMatchObject({ value: -5, winner: ZOMBIES, cards: 2 });
    expect(state.points).toEqual([0, -5]);
    expect(state.cemeteries[ZOMBIES][id('+5')]).toBe(1);
    expect(state.cemeteries[ZOMBIES][id('negate')]).toBe(1);
    expect(state.table).toEqual([]);
  });

  it('rule 13: a tie round leaves the table for the next round, whose winner takes it all', () => {
    const setup = game([{ '+3': 1, '+2': 1 }, { '-3': 1 }]);
    const { id, state } = setup;
    throwBoth(setup, 1, 1);
    // Plants drew one card and Zombies one, from their libraries; the built cards are still there.
    act(setup, { kind: 'combatant', card: id('+3') });
    act(setup, { kind: 'combatant', card: id('-3') });
    expect(setup.events.find((e) => e.type === 'roundScored')).toMatchObject({ round: 1, value: 0, winner: -1 });
    expect(state.table.map((entry) => entry.value)).toEqual([3, -3]);
    expect(state.tieRounds).toBe(1);
    // Round 2: Zombies start (rule 14); the carried table still counts.
    expect(state.starter).toBe(ZOMBIES);
    throwBoth(setup, 1, 1);
    expect(state.current).toBe(ZOMBIES);
    act(setup, { kind: 'pass' });
    act(setup, { kind: 'combatant', card: id('+2') });
    const scored = setup.events.filter((e) => e.type === 'roundScored');
    expect(scored.at(-1)).toMatchObject({ round: 2, value: 2, winner: PLANTS, cards: 3 });
    expect(state.cemeteries[PLANTS][id('+3')]).toBe(1);
    expect(state.cemeteries[PLANTS][id('-3')]).toBe(1);
    expect(state.cemeteries[PLANTS][id('+2')]).toBe(1);
  });

  it('rule 8: each card drawn comes from the library or any card of the own cemetery, up to the throw', () => {
    const setup = game([{}, {}]);
    const { id, state } = setup;
    state.cemeteries[PLANTS][id('-4')] = 1;
    act(setup, chance(2));
    const keys = integerDuel.legalActions(state).map((a) => integerDuel.actionKey(a));
    expect(keys).toEqual(['drawLibrary', `drawCemetery(${id('-4')})`]);
    act(setup, { kind: 'drawCemetery', card: id('-4') });
    expect(state.knownInHand[PLANTS][id('-4')]).toBe(1);
    act(setup, { kind: 'drawLibrary' });
    act(setup, chance(id('+6')));
    expect(state.hands[PLANTS][id('+6')]).toBe(1);
    expect(state.handSizes[PLANTS]).toBe(2);
    expect(state.librarySizes[PLANTS]).toBe(29);
    // Two draws for a throw of 2: now it is Zombies' throw.
    expect(state.phase).toBe(Phase.Throw);
    expect(state.current).toBe(ZOMBIES);
  });

  it('library draws give each remaining card with its share of the library', () => {
    const setup = game([{}, {}]);
    act(setup, chance(1));
    act(setup, { kind: 'drawLibrary' });
    const outcomes = integerDuel.chanceOutcomes(setup.state);
    const plusSix = outcomes.find((o) => integerDuel.actionKey(o.action) === `chance(${setup.id('+6')})`);
    expect(plusSix?.probability).toBeCloseTo(4 / 30, 12);
    expect(outcomes.reduce((total, o) => total + o.probability, 0)).toBeCloseTo(1, 12);
  });

  it('rule 15: when a library is empty at the start of a round, it is the last: throws, no draws, then the end', () => {
    const setup = game([{ '+4': 1 }, { '-1': 1 }]);
    const { id, state } = setup;
    state.libraries[ZOMBIES] = state.libraries[ZOMBIES].map(() => 0);
    state.librarySizes[ZOMBIES] = 0;
    state.lastRound = true; // as beginRound sets it when a library is empty
    act(setup, chance(3));
    expect(state.phase).toBe(Phase.Throw); // no drawing for Plants despite its full library
    act(setup, chance(3));
    expect(state.phase).toBe(Phase.Play);
    act(setup, { kind: 'combatant', card: id('+4') });
    act(setup, { kind: 'combatant', card: id('-1') });
    expect(integerDuel.currentPlayer(state)).toBe(TERMINAL);
    expect(setup.events.at(-1)).toMatchObject({ type: 'matchEnd', winner: PLANTS, points: [3, 0], rounds: 1 });
  });

  it('rule 15: beginning a round with an empty library makes it the last', () => {
    const setup = game([{ '+1': 1 }, { '-1': 1 }], { openingHand: 0 });
    const { state, id } = setup;
    throwBoth(setup, 1, 1);
    state.libraries[PLANTS] = state.libraries[PLANTS].map(() => 0);
    state.librarySizes[PLANTS] = 0;
    act(setup, { kind: 'combatant', card: id('+1') });
    act(setup, { kind: 'pass' });
    // Round 2 begins with an empty Plants library.
    expect(state.round).toBe(2);
    expect(state.lastRound).toBe(true);
  });

  it('rule 16: the larger absolute total wins; equal totals are a draw unless finalTie says otherwise', () => {
    const end = (points: [number, number], finalTie: IntegerDuelParams['finalTie'] = 'draw'): number[] => {
      const setup = game([{ '+1': 1 }, {}], { finalTie });
      const { state, id } = setup;
      state.points = [points[0], points[1]];
      state.lastRound = true;
      act(setup, chance(1));
      act(setup, chance(1));
      act(setup, { kind: 'combatant', card: id('+1') });
      return integerDuel.returns(state);
    };
    // Plants end on 5 + 1 = 6 against |−7|: Zombies win.
    expect(end([5, -7])).toEqual([-1, 1]);
    expect(end([7, -7])).toEqual([1, -1]);
    // 3 + 1 = 4 against |−4|: equal absolute totals.
    expect(end([3, -4])).toEqual([0, 0]);
    expect(end([3, -4], 'zombies')).toEqual([-1, 1]);
  });

  it('rule 17: a game that reaches maxRounds ends as capped', () => {
    const outcome = playMatch({ game: integerDuel, params: params({ maxRounds: 2, openingHand: 6 }), seats: [{ factory: randomAgent, config: {} }, { factory: randomAgent, config: {} }], runSeed: 1, matchIndex: 0 }, null);
    const state = outcome.finalState as IntegerDuelState;
    expect(state.round).toBe(2);
    expect(state.capped).toBe(true);
    // The contract's endedAtCap says the same, and no for a game the cap has not cut off.
    expect(integerDuel.endedAtCap?.(state)).toBe(true);
    expect(integerDuel.endedAtCap?.(integerDuel.setup(params({ maxRounds: 2, openingHand: 6 })))).toBe(false);
  });

  it('rules 4 and 2: decks are validated card by card', () => {
    const check = (decks: IntegerDuelParams['decks']) => validateIntegerDuelParams({ ...defaults, decks }).map((issue) => [issue.path.join('.'), issue.message]);
    expect(check({ plants: { '+7': 1 }, zombies: { '-1': 1 } })[0]?.[0]).toBe('decks.plants.+7');
    expect(check({ plants: { '-2': 1 }, zombies: { '-1': 1 } })[0]?.[1]).toMatch(/plants combatants are \+1\.\.\+6/);
    expect(check({ plants: { fireball: 1 }, zombies: { '-1': 1 } })[0]?.[1]).toMatch(/unknown card "fireball"/);
    // A bare +3 in YAML is the number 3: the message says to write the sign, quoted (audit 36b).
    expect(check({ plants: { 3: 1 }, zombies: { '-1': 1 } })[0]?.[1]).toMatch(/unknown card "3"; .*a positive combatant is written with its sign, "\+3", quoted in YAML, which reads a bare \+3 as the number 3$/);
    expect(check({ plants: { fireball: 1 }, zombies: { '-1': 1 } })[0]?.[1]).not.toMatch(/written with its sign/);
    expect(check({ plants: { '+1': 0 }, zombies: { '-1': 1 } })[0]).toEqual(['decks.plants', 'the deck is empty; expected at least one card']);
    const negative = parseParameters(integerDuel.parameters, { decks: { plants: { '+1': -2 }, zombies: { '-1': 1 } } });
    expect(negative.ok).toBe(false);
    expect(validateIntegerDuelParams({ ...defaults, spellKinds: ['negate'] }).map((i) => i.path.join('.'))).toEqual([
      'decks.plants.double',
      'decks.plants.annul',
      'decks.zombies.double',
      'decks.zombies.annul',
    ]);
  });

  it('rule 18: a determinization keeps what the seat saw and re-deals only the opponent\'s unseen cards', () => {
    const setup = game([{ '+2': 2 }, { '-3': 3 }]);
    const { state, id } = setup;
    state.knownInHand[ZOMBIES][id('-3')] = 1; // Zombies took one -3 from their cemetery, in public
    const rng = matchStream(matchSeed(4, 0), 'test');
    for (let i = 0; i < 20; i++) {
      const sampled = integerDuel.determinize!(state, PLANTS, rng);
      expect(sampled.hands[PLANTS]).toEqual(state.hands[PLANTS]);
      expect(sampled.handSizes).toEqual(state.handSizes);
      expect(sampled.hands[ZOMBIES][id('-3')]).toBeGreaterThanOrEqual(1);
      // The opponent's cards overall (library and hand) are unchanged: only their split is new.
      const total = (s: IntegerDuelState) => s.libraries[ZOMBIES].map((count, card) => count + (s.hands[ZOMBIES][card] as number));
      expect(total(sampled)).toEqual(total(state));
    }
  });
});

describe('Integer Duel balance', () => {
  it('mirrored decks give Plants and Zombies win rates that agree within their intervals (seats rotated)', () => {
    const mirrored = params({ firstStarter: 'random', openingHand: 6 });
    const tally = [0, 0];
    const games = 300;
    for (let pair = 0; pair < games / 2; pair++) {
      for (const swap of [0, 1]) {
        const outcome = playMatch(
          { game: integerDuel, params: mirrored, seats: [{ factory: randomAgent, config: {} }, { factory: randomAgent, config: {} }], runSeed: 6, matchIndex: pair * 2 + swap, seedIndex: pair },
          null,
        );
        const results = seatResults(outcome.returns);
        if (results[0] === 'win') tally[0]!++;
        if (results[1] === 'win') tally[1]!++;
      }
    }
    const plants = rateInterval(tally[0]!, games);
    const zombies = rateInterval(tally[1]!, games);
    expect(plants.lower).toBeLessThan(zombies.upper);
    expect(zombies.lower).toBeLessThan(plants.upper);
  });
});

// ---------------------------------------------------------------------------------------------
// Gaps found by mutation testing (issue 20): each test below fails on a mutant that the tests
// above let through.
// ---------------------------------------------------------------------------------------------

type Played = IntegerDuelEvent & { type: 'cardPlayed' };
type Drawn = IntegerDuelEvent & { type: 'cardDrawn' };
const isDrawn = (e: GameEvent): e is Drawn => e.type === 'cardDrawn';

/** Small decks: Plants 2 × +1, 2 × +2, 1 negate; Zombies 3 × −1, 2 × −3. */
const SMALL_DECKS: IntegerDuelParams['decks'] = { plants: { '+1': 2, '+2': 2, negate: 1 }, zombies: { '-1': 3, '-3': 2 } };

describe('Integer Duel setup (rules 6 and 7)', () => {
  it('rule 6: each side draws its opening hand from its own library, Plants first, a card at a time', () => {
    const setup = { state: integerDuel.setup(params({ decks: SMALL_DECKS, openingHand: 2 })), events: [] as GameEvent[] };
    const { state } = setup;
    const id = (name: string): number => state.config.cards.findIndex((card) => card.name === name);
    expect(state.phase).toBe(Phase.Deal);
    expect(integerDuel.currentPlayer(state)).toBe(CHANCE);
    expect(state.current).toBe(PLANTS);
    // The outcomes are the library's cards, each with its share.
    const share = (): Record<string, number> =>
      Object.fromEntries(integerDuel.chanceOutcomes(state).map((o) => [state.config.cards[(o.action as { value: number }).value]!.name, o.probability]));
    expect(share()).toEqual({ '+1': 2 / 5, '+2': 2 / 5, negate: 1 / 5 });
    act(setup, chance(id('+2')));
    expect(share()).toEqual({ '+1': 2 / 4, '+2': 1 / 4, negate: 1 / 4 });
    act(setup, chance(id('negate')));
    expect(state.current).toBe(ZOMBIES);
    expect(share()).toEqual({ '-1': 3 / 5, '-3': 2 / 5 });
    act(setup, chance(id('-3')));
    act(setup, chance(id('-3')));
    expect(state.hands[PLANTS][id('+2')]).toBe(1);
    expect(state.hands[PLANTS][id('negate')]).toBe(1);
    expect(state.hands[ZOMBIES][id('-3')]).toBe(2);
    expect(state.handSizes).toEqual([2, 2]);
    expect(state.librarySizes).toEqual([3, 3]);
    expect(state.libraries[ZOMBIES][id('-3')]).toBe(0);
    const drawn = setup.events.filter(isDrawn);
    expect(drawn.map((e) => [e.side, e.opening])).toEqual([[0, true], [0, true], [1, true], [1, true]]);
    // Then round 1: Plants throw.
    expect(state.phase).toBe(Phase.Throw);
    expect(state.round).toBe(1);
    expect(state.current).toBe(PLANTS);
  });

  it('rule 6: an opening hand stops at an empty library, and at maxHandSize', () => {
    const short = integerDuel.setup(params({ decks: { plants: { '+1': 1 }, zombies: { '-1': 3 } }, openingHand: 2 }));
    integerDuel.apply(short, chance(0), null);
    expect(short.current).toBe(ZOMBIES); // Plants' library ran out after one card
    expect(short.handSizes).toEqual([1, 0]);

    const capped = integerDuel.setup(params({ decks: SMALL_DECKS, openingHand: 4, maxHandSize: 1 }));
    const rng = matchStream(matchSeed(20, 2), 'deal');
    while (capped.phase === Phase.Deal) integerDuel.apply(capped, integerDuel.sampleChance(capped, rng), null);
    expect(capped.handSizes).toEqual([1, 1]);
    expect(capped.phase).toBe(Phase.Throw);
  });

  it('rule 7: firstStarter zombies makes Zombies start round 1, deal order unchanged, and the report says so', () => {
    const setup = { state: integerDuel.setup(params({ decks: SMALL_DECKS, openingHand: 1, firstStarter: 'zombies' })), events: [] as GameEvent[] };
    const { state } = setup;
    expect(state.firstStarter).toBe(ZOMBIES);
    expect(state.current).toBe(PLANTS); // the deal is Plants first whoever starts
    act(setup, integerDuel.chanceOutcomes(state)[0]!.action);
    act(setup, integerDuel.chanceOutcomes(state)[0]!.action);
    expect(state.phase).toBe(Phase.Throw);
    expect(state.starter).toBe(ZOMBIES);
    expect(state.current).toBe(ZOMBIES);
    state.lastRound = true; // score this round and end
    act(setup, chance(1));
    act(setup, chance(1));
    while (integerDuel.currentPlayer(state) !== TERMINAL) act(setup, { kind: 'pass' });
    expect(setup.events.find((e) => e.type === 'roundStart')).toMatchObject({ starter: ZOMBIES });
    expect(setup.events.at(-1)).toMatchObject({ type: 'matchEnd', firstStarter: ZOMBIES });
  });

  it('rule 7: without an opening hand, firstStarter zombies still makes Zombies throw first', () => {
    const state = integerDuel.setup(params({ firstStarter: 'zombies' }));
    expect(state.phase).toBe(Phase.Throw);
    expect(state.starter).toBe(ZOMBIES);
    expect(state.current).toBe(ZOMBIES);
  });

  it('rule 7: firstStarter random is a fair coin before the deal, and its outcome starts round 1', () => {
    for (const side of [PLANTS, ZOMBIES] as const) {
      const setup = { state: integerDuel.setup(params({ decks: SMALL_DECKS, openingHand: 1, firstStarter: 'random' })), events: [] as GameEvent[] };
      const { state } = setup;
      expect(state.phase).toBe(Phase.Coin);
      expect(state.firstStarter).toBe(-1);
      expect(integerDuel.chanceOutcomes(state)).toEqual([
        { action: { kind: 'chance', value: PLANTS }, probability: 0.5 },
        { action: { kind: 'chance', value: ZOMBIES }, probability: 0.5 },
      ]);
      act(setup, chance(side));
      expect(setup.events).toEqual([{ type: 'starter', side }]);
      expect(state.firstStarter).toBe(side);
      expect(state.phase).toBe(Phase.Deal);
      expect(state.current).toBe(PLANTS);
      act(setup, integerDuel.chanceOutcomes(state)[0]!.action);
      act(setup, integerDuel.chanceOutcomes(state)[0]!.action);
      expect(state.starter).toBe(side);
      expect(state.current).toBe(side);
    }
  });

  it('sampling follows the listed chance outcomes: the coin, the die and the library', () => {
    const coin = integerDuel.setup(params({ firstStarter: 'random' }));
    const ask = (answer: number) => {
      const asked: string[] = [];
      const rng = {
        int: (n: number) => (asked.push(`int(${n})`), answer),
        intBetween: (low: number, high: number) => (asked.push(`intBetween(${low},${high})`), answer),
      } as unknown as Parameters<typeof integerDuel.sampleChance>[1];
      return { rng, asked };
    };
    let probe = ask(1);
    expect(integerDuel.sampleChance(coin, probe.rng)).toEqual(chance(ZOMBIES));
    expect(probe.asked).toEqual(['int(2)']);

    const thrown = integerDuel.setup(params({ dieFaces: 4 }));
    probe = ask(3);
    expect(integerDuel.sampleChance(thrown, probe.rng)).toEqual(chance(3));
    expect(probe.asked).toEqual(['intBetween(1,4)']);

    const dealt = integerDuel.setup(params({ decks: SMALL_DECKS, openingHand: 1 }));
    const names = (value: number): string => dealt.config.cards[value]!.name;
    // The library as a row: +1 +1 +2 +2 negate (counts in card order); position k is the k-th.
    const row = ['+1', '+1', '+2', '+2', 'negate'];
    for (let k = 0; k < 5; k++) {
      probe = ask(k);
      expect(names((integerDuel.sampleChance(dealt, probe.rng) as { value: number }).value)).toBe(row[k]);
      expect(probe.asked).toEqual(['int(5)']);
    }
    expect(() => integerDuel.sampleChance(dealt, ask(5).rng)).toThrow('no card number 5');
  });
});

describe('Integer Duel rounds: the die, the draws, the hands', () => {
  it('rule 8: the die gives 1..dieFaces, each equally likely', () => {
    const state = integerDuel.setup(params({ dieFaces: 4 }));
    expect(state.phase).toBe(Phase.Throw);
    expect(integerDuel.chanceOutcomes(state)).toEqual([1, 2, 3, 4].map((value) => ({ action: chance(value), probability: 1 / 4 })));
  });

  it('rule 8: drawing stops at maxHandSize, then the other side throws', () => {
    const setup = game([{ '+1': 1 }, {}], { maxHandSize: 2 });
    act(setup, chance(3));
    expect(setup.state.phase).toBe(Phase.Draw);
    act(setup, { kind: 'drawLibrary' });
    act(setup, integerDuel.chanceOutcomes(setup.state)[0]!.action);
    expect(setup.state.handSizes[PLANTS]).toBe(2);
    expect(setup.state.phase).toBe(Phase.Throw); // two of three draws left, but the hand is full
    expect(setup.state.current).toBe(ZOMBIES);
  });

  it('rule 8: with library and cemetery both empty a throw draws nothing', () => {
    const setup = game([{ '+1': 1 }, { '-1': 1 }]);
    const { state } = setup;
    state.libraries[PLANTS] = state.libraries[PLANTS].map(() => 0);
    state.librarySizes[PLANTS] = 0;
    act(setup, chance(4));
    expect(state.phase).toBe(Phase.Throw);
    expect(state.current).toBe(ZOMBIES);
    expect(state.handSizes[PLANTS]).toBe(1);
  });

  it('rule 10: each card played leaves the hand, and the event names its values', () => {
    const setup = game([{ '+4': 2, double: 1 }, { '-2': 1 }]);
    const { state, id } = setup;
    state.lastRound = true;
    act(setup, chance(3));
    act(setup, chance(3));
    act(setup, { kind: 'combatant', card: id('+4') });
    expect(state.handSizes).toEqual([2, 1]);
    expect(state.hands[PLANTS][id('+4')]).toBe(1);
    act(setup, { kind: 'combatant', card: id('-2') });
    expect(state.handSizes).toEqual([2, 0]);
    act(setup, { kind: 'spell', card: id('double'), target: 1 });
    expect(state.handSizes).toEqual([1, 0]);
    expect(state.hands[PLANTS][id('double')]).toBe(0);
    const plays = setup.events.filter((e): e is Played => e.type === 'cardPlayed');
    expect(plays.map((e) => [e.side, e.card, e.kind, e.target, e.targetSide, e.roundValueBefore, e.roundValueAfter])).toEqual([
      [PLANTS, '+4', 'combatant', null, null, 0, 4],
      [ZOMBIES, '-2', 'combatant', null, null, 4, 2],
      [PLANTS, 'double', 'spell', '-2', ZOMBIES, 2, 0],
    ]);
    expect(plays[2]).toMatchObject({ valueBefore: -2, valueAfter: -4, round: 1 });
  });

  it('rule 10: a card taken from the cemetery stops being known once played', () => {
    const setup = game([{}, { '-1': 1 }]);
    const { state, id } = setup;
    state.cemeteries[PLANTS][id('+5')] = 1;
    act(setup, chance(1));
    act(setup, { kind: 'drawCemetery', card: id('+5') });
    expect(state.knownInHand[PLANTS][id('+5')]).toBe(1);
    expect(state.cemeteries[PLANTS][id('+5')]).toBe(0);
    act(setup, chance(1));
    act(setup, { kind: 'drawLibrary' });
    act(setup, integerDuel.chanceOutcomes(state)[0]!.action);
    act(setup, { kind: 'combatant', card: id('+5') });
    expect(state.knownInHand[PLANTS][id('+5')]).toBe(0);
    expect(setup.events.filter(isDrawn).map((e) => e.from)).toEqual(['cemetery', 'library']);
  });

  it('round start tells who starts, whether it is the last round, and what each side holds', () => {
    const setup = game([{ '+4': 2, double: 1 }, { '-2': 1 }]);
    setup.state.lastRound = true;
    act(setup, chance(1));
    act(setup, chance(1));
    expect(setup.events.find((e) => e.type === 'roundStart')).toEqual({
      type: 'roundStart', round: 1, starter: PLANTS, last: true, held: [{ '+4': 2, double: 1 }, { '-2': 1 }],
    });
  });

  it('rule 10: a side with nothing playable is skipped, and the round ends when neither can play', () => {
    // Zombies hold only a spell and the table is empty: Plants start, Zombies cannot answer.
    const setup = game([{ '+1': 1 }, { negate: 1 }]);
    const { state, id } = setup;
    state.lastRound = true;
    act(setup, chance(2));
    act(setup, chance(2));
    expect(state.current).toBe(PLANTS);
    act(setup, { kind: 'combatant', card: id('+1') });
    // Now the table has a target: Zombies may negate it.
    expect(state.current).toBe(ZOMBIES);
    act(setup, { kind: 'spell', card: id('negate'), target: 0 });
    expect(setup.events.find((e) => e.type === 'roundScored')).toMatchObject({ value: -1, winner: ZOMBIES });

    // Zombies start holding only a spell on an empty table: Plants act first.
    const skip = game([{ '+2': 1 }, { double: 1 }]);
    skip.state.lastRound = true;
    skip.state.starter = ZOMBIES;
    skip.state.current = ZOMBIES;
    act(skip, chance(1));
    act(skip, chance(1));
    expect(skip.state.phase).toBe(Phase.Play);
    expect(skip.state.current).toBe(PLANTS);
  });

  it('rule 12: the winning side\'s cemetery gets the cards whichever side played them, the loser\'s none', () => {
    const setup = game([{ '+6': 1 }, { '-2': 1, double: 1 }]);
    const { state, id } = setup;
    state.lastRound = true;
    act(setup, chance(1));
    act(setup, chance(2));
    act(setup, { kind: 'combatant', card: id('+6') });
    act(setup, { kind: 'combatant', card: id('-2') });
    act(setup, { kind: 'spell', card: id('double'), target: 1 }); // +6 − 4 = +2: Plants win
    expect(state.points).toEqual([2, 0]);
    expect(state.cemeteries[PLANTS][id('+6')]).toBe(1);
    expect(state.cemeteries[PLANTS][id('-2')]).toBe(1);
    expect(state.cemeteries[PLANTS][id('double')]).toBe(1);
    expect(state.cemeteries[ZOMBIES].every((count) => count === 0)).toBe(true);
    expect(setup.events.find((e) => e.type === 'roundScored')).toMatchObject({ cards: 3, points: [2, 0] });
  });
});

describe('Integer Duel end (rules 15 to 17)', () => {
  it('rule 16: finalTie plants gives equal absolute totals to Plants', () => {
    const setup = game([{ '+1': 1 }, {}], { finalTie: 'plants' });
    const { state, id } = setup;
    state.points = [3, -4];
    state.lastRound = true;
    act(setup, chance(1));
    act(setup, chance(1));
    act(setup, { kind: 'combatant', card: id('+1') });
    expect(state.winner).toBe(PLANTS);
    expect(integerDuel.returns(state)).toEqual([1, -1]);
  });

  it('rule 16: a draw returns [0, 0]; before the end returns are [0, 0] too', () => {
    const setup = game([{ '+1': 1 }, {}]);
    expect(integerDuel.returns(setup.state)).toEqual([0, 0]);
    expect(integerDuel.isTerminal(setup.state)).toBe(false);
    setup.state.points = [3, -4];
    setup.state.lastRound = true;
    act(setup, chance(1));
    act(setup, chance(1));
    act(setup, { kind: 'combatant', card: setup.id('+1') });
    expect(integerDuel.isTerminal(setup.state)).toBe(true);
    expect(setup.state.winner).toBe(-1);
    expect(integerDuel.returns(setup.state)).toEqual([0, 0]);
    expect(setup.events.at(-1)).toMatchObject({ type: 'matchEnd', winner: -1, points: [4, -4], rounds: 1, tieRounds: 0, capped: false, firstStarter: PLANTS });
  });

  it('rule 17: maxRounds ends the game after that many rounds, as capped, scored as usual', () => {
    const setup = game([{ '+1': 3 }, { '-2': 3 }], { maxRounds: 2 });
    const { state, id } = setup;
    for (let round = 1; round <= 2; round++) {
      expect(state.round).toBe(round);
      throwBoth(setup, 1, 1);
      while (state.phase === Phase.Play) {
        const side = state.current;
        act(setup, side === PLANTS ? { kind: 'combatant', card: id('+1') } : { kind: 'combatant', card: id('-2') });
      }
    }
    expect(integerDuel.isTerminal(state)).toBe(true);
    expect(state.capped).toBe(true);
    expect(state.points).toEqual([0, -2]);
    expect(state.winner).toBe(ZOMBIES);
    expect(setup.events.at(-1)).toMatchObject({ type: 'matchEnd', capped: true, rounds: 2 });
  });

  it('rule 13 with rule 15: a tied last round keeps its cards on the table and the game ends', () => {
    const setup = game([{ '+2': 1 }, { '-2': 1 }]);
    const { state, id } = setup;
    state.lastRound = true;
    act(setup, chance(1));
    act(setup, chance(1));
    act(setup, { kind: 'combatant', card: id('+2') });
    act(setup, { kind: 'combatant', card: id('-2') });
    expect(integerDuel.isTerminal(state)).toBe(true);
    expect(state.tieRounds).toBe(1);
    expect(state.table.map((entry) => entry.value)).toEqual([2, -2]);
  });
});

describe('Integer Duel hidden information and copies (rule 18)', () => {
  /** Plants hold +2 ×2; Zombies hold five cards, one of them a −3 known from the cemetery. */
  function hidden() {
    const setup = game([{ '+2': 2 }, { '-3': 2, '-1': 1, double: 1, annul: 1 }]);
    const { state, id } = setup;
    state.knownInHand[ZOMBIES][id('-3')] = 1;
    return { state, id };
  }

  it('determinize re-deals every unseen card of the opponent from its library and hand, keeping the known ones', () => {
    const { state, id } = hidden();
    const rng = matchStream(matchSeed(20, 3), 'determinize');
    const hands = new Set<string>();
    const pool = state.libraries[ZOMBIES].map((count, card) => count + (state.hands[ZOMBIES][card] as number) - (state.knownInHand[ZOMBIES][card] as number));
    for (let i = 0; i < 200; i++) {
      const sampled = integerDuel.determinize!(state, PLANTS, rng);
      const hand = sampled.hands[ZOMBIES];
      expect(hand.reduce((a, b) => a + b, 0)).toBe(5);
      expect(sampled.handSizes[ZOMBIES]).toBe(5);
      expect(hand[id('-3')]).toBeGreaterThanOrEqual(1);
      // The re-dealt library is the pool minus the unseen part of the new hand.
      const library = sampled.libraries[ZOMBIES];
      expect(library.reduce((a, b) => a + b, 0)).toBe(sampled.librarySizes[ZOMBIES]);
      for (let card = 0; card < pool.length; card++) {
        expect((library[card] as number) + (hand[card] as number) - (state.knownInHand[ZOMBIES][card] as number), `card ${card}`).toBe(pool[card]);
      }
      // Nothing of Plants' own is touched; the true state is untouched.
      expect(sampled.hands[PLANTS]).toEqual(state.hands[PLANTS]);
      expect(sampled.libraries[PLANTS]).toEqual(state.libraries[PLANTS]);
      hands.add(hand.join(','));
    }
    expect(state.hands[ZOMBIES][id('double')]).toBe(1);
    // Four unseen cards drawn from a pool of 34: the samples differ from one another.
    expect(hands.size).toBeGreaterThan(100);
  });

  it('determinize for Zombies re-deals Plants\' hand, not its own', () => {
    const { state } = hidden();
    const rng = matchStream(matchSeed(20, 4), 'determinize');
    let changed = 0;
    for (let i = 0; i < 50; i++) {
      const sampled = integerDuel.determinize!(state, ZOMBIES, rng);
      expect(sampled.hands[ZOMBIES]).toEqual(state.hands[ZOMBIES]);
      expect(sampled.hands[PLANTS].reduce((a, b) => a + b, 0)).toBe(2);
      if (sampled.hands[PLANTS].join() !== state.hands[PLANTS].join()) changed++;
    }
    expect(changed).toBeGreaterThan(25);
  });

  it('observe shows the seat its own hand and of the opponent only the hand size and known cards', () => {
    const { state, id } = hidden();
    const seen = integerDuel.observe(state, PLANTS);
    expect(seen.side).toBe(PLANTS);
    expect(seen.hand).toEqual(state.hands[PLANTS]);
    expect(seen.opponentHandSize).toBe(5);
    expect(seen.opponentKnownCards[id('-3')]).toBe(1);
    expect(Object.values(seen)).not.toContainEqual(state.hands[ZOMBIES]);
    expect(seen).toMatchObject({ librarySizes: state.librarySizes, cemeteries: state.cemeteries, table: state.table, phase: state.phase, round: 1, starter: PLANTS, current: PLANTS, throws: [0, 0], played: [0, 0], done: [false, false], lastRound: false, points: [0, 0] });
    const zombies = integerDuel.observe(state, ZOMBIES);
    expect(zombies.hand).toEqual(state.hands[ZOMBIES]);
    expect(zombies.opponentHandSize).toBe(2);
    // A copy: changing it leaves the state alone.
    (seen.hand as number[])[id('+2')] = 9;
    (seen.cemeteries[PLANTS] as number[])[0] = 9;
    expect(state.hands[PLANTS][id('+2')]).toBe(2);
    expect(state.cemeteries[PLANTS][0]).toBe(0);
  });

  it('clone shares no mutable part with the original', () => {
    const setup = game([{ '+4': 2, double: 1 }, { '-2': 2 }]);
    const { state, id } = setup;
    act(setup, chance(2));
    act(setup, { kind: 'drawLibrary' });
    act(setup, integerDuel.chanceOutcomes(state)[0]!.action);
    act(setup, { kind: 'drawLibrary' });
    act(setup, integerDuel.chanceOutcomes(state)[0]!.action);
    act(setup, chance(1));
    act(setup, { kind: 'drawLibrary' });
    act(setup, integerDuel.chanceOutcomes(state)[0]!.action);
    act(setup, { kind: 'combatant', card: id('+4') });
    act(setup, { kind: 'combatant', card: id('-2') });
    act(setup, { kind: 'spell', card: id('double'), target: 1 });
    state.cemeteries[ZOMBIES][id('-1')] = 2;
    state.knownInHand[ZOMBIES][id('-2')] = 1;
    state.points = [3, -5];
    state.dealLeft = [1, 2];
    const before = JSON.stringify(state);
    const copy = integerDuel.clone(state);
    expect(JSON.stringify(copy)).toBe(before);
    // Change every array of the copy in place.
    for (const pair of [copy.libraries, copy.hands, copy.cemeteries, copy.knownInHand]) for (const counts of pair) counts.fill(7);
    for (const pair of [copy.librarySizes, copy.handSizes, copy.dealLeft, copy.throws, copy.played, copy.points]) pair.fill(7);
    copy.done.fill(true);
    for (const entry of copy.table) {
      entry.value = 99;
      entry.spells.push(0);
    }
    copy.table.push({ card: 0, side: PLANTS, spells: [], value: 1 });
    expect(JSON.stringify(state)).toBe(before);
  });

  it('declares two sides with hidden hands, returns in [-1, 1], and keys that tell actions apart', () => {
    expect(integerDuel.id).toBe('integer-duel');
    expect(integerDuel.title).toBe('Integer Duel');
    expect(integerDuel.seats).toEqual(['Plants', 'Zombies']);
    expect(integerDuel.utilityBounds).toEqual([-1, 1]);
    expect(integerDuel.hiddenInformation).toBe(true);
    const actions: IntegerDuelAction[] = [
      { kind: 'drawLibrary' },
      { kind: 'drawCemetery', card: 1 },
      { kind: 'drawCemetery', card: 2 },
      { kind: 'combatant', card: 1 },
      { kind: 'combatant', card: 2 },
      { kind: 'spell', card: 1, target: 0 },
      { kind: 'spell', card: 1, target: 1 },
      { kind: 'pass' },
      { kind: 'chance', value: 1 },
    ];
    const keys = actions.map((action) => integerDuel.actionKey(action));
    expect(keys).toEqual(['drawLibrary', 'drawCemetery(1)', 'drawCemetery(2)', 'combatant(1)', 'combatant(2)', 'spell(1@0)', 'spell(1@1)', 'pass', 'chance(1)']);
  });

  it('describes a state in one line', () => {
    const setup = game([{ '+4': 1 }, { '-2': 1 }]);
    setup.state.lastRound = true;
    act(setup, chance(2));
    act(setup, chance(1));
    act(setup, { kind: 'combatant', card: setup.id('+4') });
    expect(integerDuel.describeState(setup.state)).toBe('round 1, Zombies to act, points 0/0, hands 0/1, libraries 30/30, throws 2/1, table [4]');
    act(setup, { kind: 'combatant', card: setup.id('-2') });
    expect(integerDuel.describeState(setup.state)).toBe('round 1, over, points 2/0, hands 0/0, libraries 30/30, throws 2/1, table []');
  });

  it('the declared maximum length bounds the longest match', () => {
    // Per round: 2 throws, up to dieFaces draws a side (2 steps each from the library), up to
    // dieFaces plays a side, and spare steps; plus the coin and the opening deal.
    const p = params({ dieFaces: 3, openingHand: 2, maxRounds: 4 });
    expect(integerDuel.maxLength(p)).toBe(1 + 2 * 2 + 4 * (2 + 4 * 3 + 2 * 3 + 2));
  });
});

describe('Integer Duel: more gaps found by mutation testing', () => {
  it('lists the cards in a stable order, combatants by value then spells by name, whatever order the decks give', () => {
    const names = (decks: IntegerDuelParams['decks']): string[] => integerDuel.setup(params({ decks })).config.cards.map((card) => card.name);
    expect(names(SMALL_DECKS)).toEqual(['-3', '-1', '+1', '+2', 'negate']);
    expect(names({ plants: { negate: 1, '+2': 2, '+1': 2 }, zombies: { '-3': 2, '-1': 3 } })).toEqual(['-3', '-1', '+1', '+2', 'negate']);
    const p = params({ decks: SMALL_DECKS });
    expect(integerDuel.setup(p).config).toBe(integerDuel.setup(p).config); // built once per parameter object
  });

  it('a fresh match has no throws, plays, passes or winner yet', () => {
    const state = integerDuel.setup(params({ firstStarter: 'random' }));
    expect(state).toMatchObject({ throws: [0, 0], played: [0, 0], done: [false, false], lastRound: false, winner: -1, capped: false, points: [0, 0], table: [] });
  });

  it('rule 8: once the library runs out mid-draw, the rest may come from the cemetery', () => {
    const setup = game([{}, {}]);
    const { state, id } = setup;
    state.libraries[PLANTS] = state.libraries[PLANTS].map((_, card) => (card === id('+1') ? 1 : 0));
    state.librarySizes[PLANTS] = 1;
    state.cemeteries[PLANTS][id('+5')] = 1;
    act(setup, chance(3));
    act(setup, { kind: 'drawLibrary' });
    act(setup, chance(id('+1')));
    expect(integerDuel.legalActions(state)).toEqual([{ kind: 'drawCemetery', card: id('+5') }]);
    act(setup, { kind: 'drawCemetery', card: id('+5') });
    expect(state.handSizes[PLANTS]).toBe(2);
    expect(state.current).toBe(ZOMBIES); // nothing left to draw from: the third draw is skipped
    const drawn = setup.events.filter(isDrawn);
    expect(drawn.map((e) => [e.from, e.opening, e.round])).toEqual([['library', false, 1], ['cemetery', false, 1]]);
  });

  it('playing a card nobody knew about leaves the known cards as they were', () => {
    const setup = game([{ '+3': 1, '+5': 1 }, { '-1': 1 }]);
    const { state, id } = setup;
    state.knownInHand[PLANTS][id('+5')] = 1;
    state.lastRound = true;
    act(setup, chance(2));
    act(setup, chance(1));
    act(setup, { kind: 'combatant', card: id('+3') });
    expect(state.knownInHand[PLANTS][id('+3')]).toBe(0);
    expect(state.knownInHand[PLANTS][id('+5')]).toBe(1);
  });

  it('throws and passes are announced', () => {
    const setup = game([{ '+3': 1 }, { '-1': 1 }]);
    setup.state.lastRound = true;
    act(setup, chance(2));
    act(setup, chance(4));
    act(setup, { kind: 'pass' });
    expect(setup.events.filter((e) => e.type === 'throw' || e.type === 'pass')).toEqual([
      { type: 'throw', side: PLANTS, round: 1, value: 2 },
      { type: 'throw', side: ZOMBIES, round: 1, value: 4 },
      { type: 'pass', side: PLANTS, round: 1 },
    ]);
  });

  it('only decision nodes have legal actions, only chance nodes have outcomes, and misplaced actions fail', () => {
    const setup = game([{ '+3': 1, negate: 1 }, { '-1': 1 }]);
    const { state, id } = setup;
    state.lastRound = true;
    expect(integerDuel.legalActions(state)).toEqual([]); // a throw is chance
    act(setup, chance(2));
    act(setup, chance(1));
    expect(state.phase).toBe(Phase.Play);
    expect(integerDuel.chanceOutcomes(state)).toEqual([]);
    const rng = matchStream(matchSeed(20, 5), 'x');
    expect(() => integerDuel.sampleChance(state, rng)).toThrow('not a chance node');
    expect(() => integerDuel.apply(state, chance(1), null)).toThrow('a chance outcome at a decision or terminal node');
    expect(() => integerDuel.apply(state, { kind: 'combatant', card: id('negate') }, null)).toThrow('negate is not a combatant');
    expect(() => integerDuel.apply(state, { kind: 'spell', card: id('negate'), target: 0 }, null)).toThrow('no combatant at table position 0');
    act(setup, { kind: 'combatant', card: id('+3') });
    act(setup, { kind: 'combatant', card: id('-1') });
    act(setup, { kind: 'pass' }); // Plants keep their negate
    expect(integerDuel.isTerminal(state)).toBe(true);
    expect(integerDuel.chanceOutcomes(state)).toEqual([]);
    expect(integerDuel.legalActions(state)).toEqual([]);
  });

  it('determinize leaves the record of known cards as it was', () => {
    const setup = game([{ '+2': 2 }, { '-3': 2, '-1': 1 }]);
    const { state, id } = setup;
    state.knownInHand[ZOMBIES][id('-3')] = 1;
    const rng = matchStream(matchSeed(20, 6), 'determinize');
    for (let i = 0; i < 10; i++) expect(integerDuel.determinize!(state, PLANTS, rng).knownInHand).toEqual(state.knownInHand);
  });

  it('describes a table of several combatants, with Plants to act', () => {
    const setup = game([{ '+4': 1, '+1': 1 }, { '-2': 1 }]);
    setup.state.lastRound = true;
    act(setup, chance(2));
    act(setup, chance(1));
    act(setup, { kind: 'combatant', card: setup.id('+4') });
    act(setup, { kind: 'combatant', card: setup.id('-2') });
    expect(integerDuel.describeState(setup.state)).toBe('round 1, Plants to act, points 0/0, hands 1/0, libraries 30/30, throws 2/1, table [4 -2]');
  });
});
