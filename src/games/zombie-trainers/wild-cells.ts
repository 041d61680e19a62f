/**
 * The cells holding a wild zombie, for the passes that read only those (the heuristic's nearest
 * zombie, move generation's test for a unit near the mover): the state's own `wildCells` when it
 * is whole, else a list read from `wildHealth`.
 *
 * The rules keep `wildCells` (ascending) beside `wildHealth` and `wildCount`. A state built by
 * hand the way earlier versions documented (writing `wildHealth` and counting `wildCount` up,
 * with no `wildCells` kept) has fewer listed cells than `wildCount`: reading the list anyway
 * would walk moves through zombies and leave the heuristic NaN, so such a state is read from
 * `wildHealth` instead, as it was before the list existed. One length compare per read.
 */
import type { ZombieTrainersState } from './types.js';

// Scratch for a state whose list is not whole; the rules run synchronously, so sharing is safe.
let fromHealth: number[] = [];

/** The cells holding a wild zombie, ascending. Read, never kept: the scratch is reused. */
export function wildCellsOf(state: ZombieTrainersState): readonly number[] {
  const listed = state.wildCells;
  // `?.`: a hand-built state from before the list has none at all.
  if (listed?.length === state.wildCount) return listed;
  fromHealth.length = 0;
  const wildHealth = state.wildHealth;
  for (let cell = 0; cell < wildHealth.length; cell++) if (wildHealth[cell] !== 0) fromHealth.push(cell);
  return fromHealth;
}
