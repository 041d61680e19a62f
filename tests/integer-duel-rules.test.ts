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
  });

  it('rules 4 and 2: decks are validated card by card', () => {
    const check = (decks: IntegerDuelParams['decks']) => validateIntegerDuelParams({ ...defaults, decks }).map((issue) => [issue.path.join('.'), issue.message]);
    expect(check({ plants: { '+7': 1 }, zombies: { '-1': 1 } })[0]?.[0]).toBe('decks.plants.+7');
    expect(check({ plants: { '-2': 1 }, zombies: { '-1': 1 } })[0]?.[1]).toMatch(/plants combatants are \+1\.\.\+6/);
    expect(check({ plants: { fireball: 1 }, zombies: { '-1': 1 } })[0]?.[1]).toMatch(/unknown card "fireball"/);
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
