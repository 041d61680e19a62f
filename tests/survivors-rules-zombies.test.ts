/**
 * Survivors rules 56–59, the zombie player's turn: actions and their costs, spawning, the
 * must-approach directive and the ambush event. Hand-built positions, forced dice.
 */
import { describe, expect, it } from 'vitest';
import { E, N, OPEN, S, W, act, addZombie, cellAt, isLegal, legalOfKind, putHuman, start, zombieTurn } from './fixtures/survivors-scene.js';

describe('rule 58: zombies must approach', () => {
  it('rule 58: a zombie blocked by another may step aside and around, ending as near as it began', () => {
    // The probe of issue 16: open 7×5, zombies on (3,0) and (3,1), the human on (3,4).
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 0);
    addZombie(state, 3, 1);
    zombieTurn(state, 0);
    // Path distance 4. West or east costs one step away (5), the second step back south (4).
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir).sort()).toEqual([E, W]);
    act(state, { kind: 'zombieMove', dir: W });
    // At distance 5 it may not stop there: only the steps that end at 4 again are legal (back
    // east, or south around the other zombie); west, to 6, is not.
    expect(isLegal(state, { kind: 'zombieEnd' })).toBe(false);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).toEqual([E, S]);
    act(state, { kind: 'zombieMove', dir: S });
    expect(state.zombies[0]).toBe(cellAt(state, 2, 1));
    // Its two actions spent, the turn passed to the second zombie.
    expect(state.zombieIndex).toBe(1);
  });

  it('rule 58: a step away is illegal when the actions left cannot bring it back', () => {
    const state = start(OPEN, { zombieActions: 1 });
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 0);
    addZombie(state, 3, 1);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieMove')).toEqual([]);
    expect(isLegal(state, { kind: 'zombieEnd' })).toBe(true);
    // Nothing in the way: the step toward the human is legal, and the steps away are not.
    const open = start(OPEN, { zombieActions: 1 });
    putHuman(open, 0, 3, 4);
    addZombie(open, 3, 0);
    zombieTurn(open, 0);
    expect(legalOfKind(open, 'zombieMove').map((a) => a.dir)).toEqual([S]);
    expect(N).toBe(0);
  });
});
