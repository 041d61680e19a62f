/**
 * The Zombie Trainers heuristic's distance to the nearest wild zombie, which scans rows outward
 * from the trainer and stops early: checked against the plain definition (the minimum Manhattan
 * distance over every wild cell) on hand-built states and on seeded random fields.
 */
import { describe, expect, it } from 'vitest';
import { defaultParameters } from '../src/core/parameters.js';
import { matchSeed, matchStream } from '../src/core/rng.js';
import { nearestWildDistance } from '../src/games/zombie-trainers/heuristic.js';
import { placeWildZombie, zombieTrainers, type ZombieTrainersState } from '../src/games/zombie-trainers/index.js';

function stateOn(map: string, interactionRange = 1): ZombieTrainersState {
  const params = { ...defaultParameters(zombieTrainers.parameters), map, initialWildZombies: 0, interactionRange };
  const state = zombieTrainers.setup(params) as ZombieTrainersState;
  state.wildHealth.fill(0);
  state.wildCount = 0;
  state.wildCells.length = 0;
  return state;
}

function placeWild(state: ZombieTrainersState, cell: number): void {
  placeWildZombie(state, cell, 3, 1);
}

/** The definition: the minimum Manhattan distance over every wild cell, less the range, at least 0. */
function byDefinition(state: ZombieTrainersState, seat: 0 | 1): number {
  const { width } = state.config.map;
  const from = state.trainers[seat].cell;
  let best = Number.POSITIVE_INFINITY;
  for (let cell = 0; cell < state.wildHealth.length; cell++) {
    if (state.wildHealth[cell] === 0) continue;
    best = Math.min(best, Math.abs((cell % width) - (from % width)) + Math.abs(Math.floor(cell / width) - Math.floor(from / width)));
  }
  return Math.max(0, best - state.config.params.interactionRange);
}

describe('nearestWildDistance', () => {
  it('measures Manhattan distance less the interaction range, across rows both ways', () => {
    const state = stateOn(['.....', '.....', '.....', '.....'].join('\n'), 1);
    state.trainers[0].cell = 2 * 5 + 2; // (2, 2)
    placeWild(state, 0 * 5 + 4); // (4, 0): 4 away
    expect(nearestWildDistance(state, 0)).toBe(3);
    placeWild(state, 3 * 5 + 0); // (0, 3): 3 away
    expect(nearestWildDistance(state, 0)).toBe(2);
    placeWild(state, 2 * 5 + 1); // (1, 2): 1 away, in reach
    expect(nearestWildDistance(state, 0)).toBe(0);
  });

  it('is infinite with no wild zombie on the map', () => {
    const state = stateOn(['...', '...'].join('\n'), 0);
    expect(nearestWildDistance(state, 1)).toBe(Number.POSITIVE_INFINITY);
  });

  it('finds a zombie in a far corner when the trainer stands in the opposite one', () => {
    const state = stateOn(['......', '......', '......'].join('\n'), 0);
    state.trainers[1].cell = 0;
    placeWild(state, 17);
    expect(nearestWildDistance(state, 1)).toBe(7);
  });

  it('agrees with the definition on seeded random fields of several map shapes', () => {
    const rng = matchStream(matchSeed(19, 3), 'nearest-wild');
    const maps = [
      ['..........', '..##......', '..##...#..', '.......#..', '....#.....', '...###....', '..........', '.#.....##.', '.#.....#..', '..........'],
      ['.', '.', '.', '.', '.', '.', '.'],
      ['.......'],
      ['....', '.##.', '....'],
    ].map((rows) => rows.join('\n'));
    let checked = 0;
    for (const map of maps) {
      for (let trial = 0; trial < 300; trial++) {
        const state = stateOn(map, rng.int(3));
        const cells = state.wildHealth.length;
        state.trainers[0].cell = rng.int(cells);
        state.trainers[1].cell = rng.int(cells);
        const wild = rng.int(4);
        for (let k = 0; k < wild; k++) placeWild(state, rng.int(cells));
        for (const seat of [0, 1] as const) {
          expect(nearestWildDistance(state, seat)).toBe(byDefinition(state, seat));
          checked++;
        }
      }
    }
    expect(checked).toBe(2400);
  });
});
