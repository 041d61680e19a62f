/**
 * Survivors geometry (geometry.ts) against the rules it serves: line of sight in every direction
 * and through successive corners (rule 50), the range metrics (rule 50), adjacency and a zombie
 * step at the board edge (rules 4, 56). Hand-built maps.
 */
import { describe, expect, it } from 'vitest';
import { adjacentDir, rangeBetween, zombieStepCost } from '../src/games/survivors/geometry.js';
import { lineOfSight, meleeAdjacent } from '../src/games/survivors/index.js';
import { E, HOUSE, N, S, SIGHT, W, addZombie, cellAt, edgeAt, putHuman, start } from './fixtures/survivors-scene.js';

/** 3 × 3: a wall south of (1,0), a wall east of (0,0) (the map's first edge), a spawn point on (2,2). */
const WALLS = ['+-+-+-+', '|H|. .|', '|  -  |', '|. . .|', '|     |', '|. . Z|', '+-+-+-+'];

describe('rule 50: line of sight, every way round', () => {
  it('rule 50: a wall across a vertical line blocks it, looking down and looking up', () => {
    const state = start(WALLS);
    expect(lineOfSight(state, cellAt(state, 1, 0), cellAt(state, 1, 2))).toBe(false);
    expect(lineOfSight(state, cellAt(state, 1, 2), cellAt(state, 1, 0))).toBe(false);
    expect(lineOfSight(state, cellAt(state, 2, 2), cellAt(state, 2, 0))).toBe(true);
    // Up and across: (2,2) to (1,0) crosses the wall south of (1,0) on its last step.
    expect(lineOfSight(state, cellAt(state, 2, 2), cellAt(state, 1, 0))).toBe(false);
    expect(lineOfSight(state, cellAt(state, 0, 2), cellAt(state, 0, 1))).toBe(true);
  });

  it('rule 50: the first edge of the map blocks like any other wall', () => {
    const state = start(WALLS);
    expect(edgeAt(state, 0, 0, E)).toBe(0);
    expect(lineOfSight(state, cellAt(state, 0, 0), cellAt(state, 1, 0))).toBe(false);
    expect(lineOfSight(state, cellAt(state, 1, 0), cellAt(state, 0, 0))).toBe(false);
  });

  it('rule 50: a diagonal through two corners is checked at the second corner from where the first one left it', () => {
    // SIGHT: (0,0) → (2,2) passes the corner of (0,0) and (1,1) (open), then the corner of (1,1) and (2,2),
    // whose x-then-y route crosses the wall east of (1,1): blocked when strict.
    const state = start(SIGHT);
    expect(lineOfSight(state, cellAt(state, 0, 0), cellAt(state, 2, 2))).toBe(false);
    expect(lineOfSight(state, cellAt(state, 2, 2), cellAt(state, 0, 0))).toBe(false);
    expect(lineOfSight(state, cellAt(state, 2, 0), cellAt(state, 4, 2))).toBe(true);
    // Permissive: the second corner's y-then-x route is open, so the line is clear, walked on from (1,1).
    const permissive = start(SIGHT, { losCornerRule: 'permissive' });
    expect(lineOfSight(permissive, cellAt(permissive, 0, 0), cellAt(permissive, 2, 2))).toBe(true);
  });

  it('rule 50: with figuresBlockLos, a figure between blocks it; the target itself does not', () => {
    const state = start(SIGHT, { figuresBlockLos: true });
    addZombie(state, 5, 0);
    expect(lineOfSight(state, cellAt(state, 0, 0), cellAt(state, 5, 0))).toBe(true);
    addZombie(state, 3, 0);
    expect(lineOfSight(state, cellAt(state, 0, 0), cellAt(state, 5, 0))).toBe(false);
    // Vertical and slanted lines too: a human on (2,2) blocks (2,0)–(2,3), not (3,0)–(3,3).
    putHuman(state, 0, 2, 2);
    expect(lineOfSight(state, cellAt(state, 2, 0), cellAt(state, 2, 3))).toBe(false);
    expect(lineOfSight(state, cellAt(state, 3, 0), cellAt(state, 3, 3))).toBe(true);
    expect(lineOfSight(state, cellAt(state, 0, 3), cellAt(state, 4, 1))).toBe(false);
  });
});

describe('rules 4, 50, 56: adjacency, range and a zombie step at the board edge', () => {
  it('rule 4: nothing is adjacent across the board edge; with meleeAcrossWindow false only windows stop melee', () => {
    const state = start(HOUSE);
    expect(meleeAdjacent(state, cellAt(state, 0, 0), N)).toBe(false);
    expect(meleeAdjacent(state, cellAt(state, 0, 0), W)).toBe(false);
    const closed = start(HOUSE, { meleeAcrossWindow: false });
    const here = cellAt(closed, 1, 1);
    expect([N, E, S, W].map((dir) => meleeAdjacent(closed, here, dir))).toEqual([false, false, true, true]);
  });

  it('neighbours: the direction from a cell to its neighbour, −1 for a cell that is not one', () => {
    const state = start(HOUSE);
    const map = state.config.map;
    const here = cellAt(state, 1, 1);
    expect([cellAt(state, 1, 0), cellAt(state, 2, 1), cellAt(state, 1, 2), cellAt(state, 0, 1)].map((to) => adjacentDir(map, here, to))).toEqual([N, E, S, W]);
    // (2,0) is the north neighbour of the next cell, not of (1,1).
    expect(adjacentDir(map, here, cellAt(state, 2, 0))).toBe(-1);
    expect(adjacentDir(map, here, here)).toBe(-1);
  });

  it('rule 50: range is Manhattan by default and Chebyshev with rangeMetric chebyshev', () => {
    const manhattan = start(SIGHT);
    expect(rangeBetween(manhattan, cellAt(manhattan, 0, 0), cellAt(manhattan, 3, 1))).toBe(4);
    const chebyshev = start(SIGHT, { rangeMetric: 'chebyshev' });
    expect(rangeBetween(chebyshev, cellAt(chebyshev, 0, 0), cellAt(chebyshev, 3, 1))).toBe(3);
    expect(rangeBetween(chebyshev, cellAt(chebyshev, 5, 0), cellAt(chebyshev, 4, 3))).toBe(3);
  });

  it('rule 56: a zombie cannot step off the board', () => {
    const state = start(HOUSE);
    expect(zombieStepCost(state, cellAt(state, 0, 0), N)).toBe(0);
    expect(zombieStepCost(state, cellAt(state, 0, 0), W)).toBe(0);
    expect(zombieStepCost(state, cellAt(state, 0, 0), E)).toBe(1);
    expect(zombieStepCost(state, cellAt(state, 4, 2), S)).toBe(0);
  });
});
