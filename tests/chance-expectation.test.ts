/**
 * The expectation search takes over a chance node (`chanceExpectation`): with or without the
 * game's chance groups, the same figure bit for bit as applying every outcome; one state valued
 * per group; the caller's state left alone unless handed over (`owned`), and then used for the
 * last outcome or group instead of a copy.
 */
import { describe, expect, it } from 'vitest';
import { snapshot } from '../src/conform/state-inspection.js';
import { chanceExpectation } from '../src/core/chance-expectation.js';
import type { AnyGame } from '../src/core/game.js';
import { diceRace, type DiceRaceAction, type DiceRaceState } from './fixtures/dice-race.js';

/** Dice race whose die only tells low (1–3: one cell) from high (4–6: six cells), with groups to say so; counting clones and applies. */
function halfDie(grouped: boolean): { game: AnyGame; counts: { clones: number; applies: number } } {
  const counts = { clones: 0, applies: 0 };
  const game: AnyGame = {
    ...diceRace,
    clone: (state: DiceRaceState) => (counts.clones++, diceRace.clone(state)),
    apply: (state: DiceRaceState, action: DiceRaceAction, emit) => {
      counts.applies++;
      diceRace.apply(state, action.kind === 'roll' ? { kind: 'roll', value: action.value <= 3 ? 1 : 6 } : action, emit);
    },
    ...(grouped ? { chanceGroups: (state: DiceRaceState) => diceRace.chanceOutcomes(state).map((o) => ((o.action as { value: number }).value <= 3 ? 0 : 1)) } : {}),
  };
  return { game, counts };
}

/** A value that tells states apart: 1/7 of the die plus the first runner's place. */
const valueOf = (state: unknown): number => (state as DiceRaceState).die / 7 + (state as DiceRaceState).positions[0]!;

describe('chanceExpectation', () => {
  const start = (): DiceRaceState => ({ ...diceRace.setup({ length: 12 }), positions: [3, 5] });
  // Σ p · value, each outcome applied in list order: what every variant must give exactly.
  const exact = [1, 1, 1, 6, 6, 6].reduce((sum, die) => sum + (1 / 6) * (die / 7 + 3), 0);

  it('gives the figure of applying every outcome, bit for bit, with and without groups, and values one state per group', () => {
    const plain = halfDie(false);
    const state = start();
    expect(chanceExpectation(plain.game, state, plain.game.chanceOutcomes(state), valueOf)).toBe(exact);
    expect(plain.counts).toEqual({ clones: 6, applies: 6 });
    const grouped = halfDie(true);
    expect(chanceExpectation(grouped.game, state, grouped.game.chanceOutcomes(state), valueOf)).toBe(exact);
    expect(grouped.counts).toEqual({ clones: 2, applies: 2 });
  });

  it('leaves the caller\'s state alone, unless handed over: then the last outcome or group is applied to it, one copy fewer', () => {
    for (const grouped of [false, true]) {
      const { game, counts } = halfDie(grouped);
      const kept = start();
      const before = snapshot(kept);
      expect(chanceExpectation(game, kept, game.chanceOutcomes(kept), valueOf)).toBe(exact);
      expect(snapshot(kept)).toBe(before);
      const clonesKept = counts.clones;
      const given = start();
      expect(chanceExpectation(game, given, game.chanceOutcomes(given), valueOf, true)).toBe(exact);
      expect(counts.clones - clonesKept, `grouped ${grouped}`).toBe(clonesKept - 1);
      // The last outcome (a six: high) was played on the state handed over.
      expect(given.die).toBe(6);
    }
  });

  it('stops with what is wrong when a game\'s groups cannot be read: a number for each outcome, numbered by first appearance', () => {
    const { game } = halfDie(true);
    const state = start();
    const outcomes = game.chanceOutcomes(state);
    const wrong = (groups: number[]): AnyGame => ({ ...game, id: 'wrong-groups', chanceGroups: () => groups });
    expect(() => chanceExpectation(wrong([0, 1]), state, outcomes, valueOf)).toThrow('wrong-groups: chanceGroups gave 2 group numbers for 6 chance outcomes; expected one each (hordelab conform checks this)');
    expect(() => chanceExpectation(wrong([1, 1, 1, 0, 0, 0]), state, outcomes, valueOf)).toThrow('wrong-groups: chanceGroups gave 1 for outcome 0; expected a number already used or the next new one, 0');
    expect(() => chanceExpectation(wrong([0, 0, 0, 1, 1, -1]), state, outcomes, valueOf)).toThrow('gave -1 for outcome 5');
    expect(() => chanceExpectation(wrong([0, 0, 0, 1, 1, 1.5]), state, outcomes, valueOf)).toThrow('gave 1.5 for outcome 5');
  });
});
