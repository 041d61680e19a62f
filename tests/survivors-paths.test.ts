/**
 * The Survivors path-distance memo never serves a stale field: along seeded random playouts
 * (blasts, barricades built and broken, deaths, carries), every field the memo hands out equals
 * the same field computed afresh. One assertion per playout keeps it quick.
 */
import { describe, expect, it } from 'vitest';
import { CHANCE, TERMINAL } from '../src/core/game.js';
import { defaultParameters } from '../src/core/parameters.js';
import { Rng, matchSeed } from '../src/core/rng.js';
import { freshZombieDistances, survivors, zombieDistancesThroughBarricades, zombieDistancesToCell, zombiePathDistances, type SurvivorsAction, type SurvivorsState } from '../src/games/survivors/index.js';

const game = survivors;

/** Steps at which a memoised field differed from a fresh one, over one random playout. */
function staleSteps(seed: number): { steps: number; stale: number[] } {
  const params = defaultParameters(game.parameters);
  const rng = Rng.fromSeed(matchSeed(seed, 0));
  const state = game.setup(params) as SurvivorsState;
  const stale: number[] = [];
  let steps = 0;
  // A copy that lives on beside the original: its board changes must never leak into the original's fields.
  let copy: SurvivorsState | null = null;
  for (; game.currentPlayer(state) !== TERMINAL; steps++) {
    const fresh = freshZombieDistances(state, null);
    const freshThrough = freshZombieDistances(state, 3);
    if (!sameField(zombiePathDistances(state), fresh) || !sameField(zombieDistancesThroughBarricades(state, 3), freshThrough)) stale.push(steps);
    // The nearest human's distance is the least of each human's own (the hunting zombies' fields).
    if (!sameField(nearestOfEach(state), freshThrough)) stale.push(steps);
    if (copy !== null && game.currentPlayer(copy) !== TERMINAL) {
      if (!sameField(zombiePathDistances(copy), freshZombieDistances(copy, null))) stale.push(-steps);
      const legal = game.currentPlayer(copy) === CHANCE ? null : game.legalActions(copy);
      game.apply(copy, legal === null ? game.sampleChance(copy, rng) : (legal[rng.int(legal.length)] as SurvivorsAction), null);
    }
    if (steps % 50 === 0) copy = game.clone(state);
    const legal = game.currentPlayer(state) === CHANCE ? null : game.legalActions(state);
    game.apply(state, legal === null ? game.sampleChance(state, rng) : (legal[rng.int(legal.length)] as SurvivorsAction), null);
  }
  return { steps, stale };
}

/** The least over the humans of zombieDistancesToCell, a barricade priced at 3. */
function nearestOfEach(state: SurvivorsState): Int32Array {
  const least = zombieDistancesToCell(state, -1, 3).slice();
  for (const human of state.humans) {
    const own = zombieDistancesToCell(state, human.cell, 3);
    for (let i = 0; i < least.length; i++) if ((own[i] as number) < (least[i] as number)) least[i] = own[i] as number;
  }
  return least;
}

function sameField(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

describe('Survivors path distances', () => {
  it('the memo hands out exactly the fields computed afresh, for the state and for copies played apart', () => {
    for (const seed of [1, 2, 3]) {
      const { steps, stale } = staleSteps(seed);
      expect(steps).toBeGreaterThan(100);
      expect(stale, `seed ${seed}: steps with a stale field`).toEqual([]);
    }
  });
});
