/**
 * The Survivors heuristic rewards what a turn can change: hand-built positions, each compared
 * with the same position one action on (chance resolved exactly, as the greedy agent does).
 */
import { describe, expect, it } from 'vitest';
import { expectedValue } from '../agents/greedy.js';
import type { SurvivorsAction, SurvivorsState } from '../src/games/survivors/index.js';
import { E, HOUSE, OPEN, actNow, addZombie, barricadeEdge, edgeAt, game, giveCard, putHuman, start } from './fixtures/survivors-scene.js';

/** The Humans' expected heuristic value one action on from `state`. */
function after(state: SurvivorsState, action: SurvivorsAction): number {
  const next = game.clone(state);
  game.apply(next, action, null);
  return expectedValue(game, next, 0, 64);
}

/** Human 0 on (2,2) with `card` and `actions`, a zombie next to him on (3,2). */
function duel(card: string, actions: number): { state: SurvivorsState; id: number; zombie: number } {
  const state = start(OPEN, { numHumans: 2 });
  putHuman(state, 0, 2, 2);
  putHuman(state, 1, 6, 4);
  const id = giveCard(state, 0, card);
  const zombie = addZombie(state, 3, 2);
  actNow(state, 0, actions);
  return { state, id, zombie };
}

describe('Survivors heuristic', () => {
  it('prefers aiming first with a 6-only weapon (aim + attack 33.3% beats two attacks 30.6%)', () => {
    const { state, id, zombie } = duel('Kitchen knife', 2);
    expect(after(state, { kind: 'aim' })).toBeGreaterThan(after(state, { kind: 'attack', card: id, cell: zombie }));
  });

  it('prefers aiming first with the Chainsaw: its misses are breaks, so no second attack follows (83.3% against 66.7%)', () => {
    const { state, id, zombie } = duel('Chainsaw', 2);
    expect(after(state, { kind: 'aim' })).toBeGreaterThan(after(state, { kind: 'attack', card: id, cell: zombie }));
  });

  it('prefers aiming first with the Axe: aim + blow 66.7% beats two blows 58.3%, a push or a break ending the second', () => {
    // Axe, melee: kill 4–6, push 3, break 1: two blows kill with 1/2 + 1/6 · 1/2 (only a 2 allows a second).
    const { state, id, zombie } = duel('Axe', 2);
    expect(after(state, { kind: 'aim' })).toBeGreaterThan(after(state, { kind: 'attack', card: id, cell: zombie }));
  });

  it('counts ending an activation that could still attack as a loss', () => {
    const { state, id, zombie } = duel('Baseball bat', 2);
    expect(after(state, { kind: 'attack', card: id, cell: zombie })).toBeGreaterThan(after(state, { kind: 'endActivation' }));
  });

  it('prefers ending the activation to an action that changes nothing', () => {
    const { state } = duel('Baseball bat', 2);
    const far = game.clone(state);
    // No zombie in reach: aiming is an action spent for nothing.
    far.occupant[far.zombies[0] as number] = -1;
    far.zombies.length = 0;
    far.zombieFresh.length = 0;
    expect(after(far, { kind: 'endActivation' })).toBeGreaterThan(after(far, { kind: 'aim' }));
  });

  it('values a barricade on the way of an approaching zombie', () => {
    const state = start(HOUSE);
    addZombie(state, 4, 1); // east of the window, its way to human 0 on (1,1)
    actNow(state, 0, 4);
    expect(after(state, { kind: 'barricade', dir: E })).toBeGreaterThan(after(state, { kind: 'endActivation' }));
    // A barricade on the window raises the zombie's path from 4 to 7 actions.
    const barred = game.clone(state);
    barricadeEdge(barred, edgeAt(barred, 1, 1, E));
    expect(game.heuristic(barred)[0]).toBeGreaterThan(game.heuristic(state)[0] as number);
  });

  it('values each position alone, whatever it valued before: the openings\' danger kept for one board and set of zombies serves no other', () => {
    const near = start(HOUSE);
    addZombie(near, 4, 1);
    actNow(near, 0, 4);
    // The same board, one zombie more; two zombies on other cells; the first position with the window barricaded.
    const more = game.clone(near);
    addZombie(more, 3, 2);
    const moved = start(HOUSE);
    addZombie(moved, 4, 0);
    addZombie(moved, 3, 0);
    actNow(moved, 0, 4);
    const barred = game.clone(near);
    barricadeEdge(barred, edgeAt(barred, 1, 1, E));
    const positions = [near, more, moved, barred];
    const value = (state: SurvivorsState): number => game.heuristic(state)[0] as number;
    const first = positions.map(value);
    expect(new Set(first).size).toBe(4);
    // Each again, after each other one.
    for (const [i, state] of positions.entries()) {
      for (const other of positions) {
        value(other);
        expect(value(state)).toBe(first[i]);
      }
    }
  });
});
