/**
 * The Survivors heuristic for greedy play and MCTS cut-offs, from the Humans' side (the
 * Zombies get the negation), squashed by tanh:
 *   + 1.2 · share of the rounds survived (survive scenario)
 *   escape scenario, Keys found: + 0.5 − 0.05 · mean Manhattan distance to an exit;
 *   Keys not found: + 0.03 per card drawn (the Keys lie deep in the deck) − 0.02 · the distance
 *   from the nearest human to a search spot with a search left
 *   − 1.5 · deaths / deaths the zombies need
 *   − 1.0 · wounds / (wounds that down a human · humans) − 0.3 per downed human
 *   − 0.15 · Σ over zombies of 1 / (zombie path distance to the nearest human)
 *   + 0.1 · weapons and explosives held per human
 * The threat term walks zombie paths, so walls, windows and barricades count as they slow
 * zombies: a barricade that lengthens the zombies' path is worth its actions.
 */
import { isExplosive, isWeapon, type ItemCard } from './cards.js';
import { allowance } from './allowance.js';
import { zombiePathDistances } from './paths.js';
import type { SurvivorsMap } from './map.js';
import { HUMANS, Phase, type SurvivorsState } from './types.js';

export function survivorsHeuristic(state: SurvivorsState): number[] {
  if (state.phase === Phase.Over) return state.winner === -1 ? [0, 0] : state.winner === HUMANS ? [1, -1] : [-1, 1];
  const { params, cards, map, keysCard } = state.config;
  let woundsToDown = 1;
  while (allowance(params, woundsToDown) > 0) woundsToDown++;
  let score = 0;
  let wounds = 0;
  let downed = 0;
  let armed = 0;
  let keys = false;
  let exitDistance = 0;
  let alive = 0;
  for (const human of state.humans) {
    if (human.dead) continue;
    alive++;
    wounds += human.wounds;
    if (human.downed) downed++;
    for (const card of human.items) {
      const item = cards[card] as ItemCard;
      if (isWeapon(item) || isExplosive(item)) armed++;
      if (card === keysCard) keys = true;
    }
  }
  if (params.scenario === 'escape' && keys) {
    for (const human of state.humans) if (!human.dead && human.cell >= 0) exitDistance += nearestOf(map, human.cell, map.exitCells);
  }
  if (params.scenario === 'survive') score += (1.2 * (state.round - 1)) / params.roundLimit;
  else if (keys) score += 0.5 - (0.05 * exitDistance) / Math.max(1, alive);
  else score += 0.03 * state.drawsMade - 0.02 * nearestSearchSpot(state);
  score -= (1.5 * state.deaths) / params.humanDeathsToWin;
  score -= wounds / (woundsToDown * params.numHumans) + 0.3 * downed;
  score += (0.1 * armed) / params.numHumans;
  if (state.zombies.length > 0) {
    const dist = zombiePathDistances(state, true);
    let threat = 0;
    for (const cell of state.zombies) threat += 1 / Math.max(1, dist[cell] as number);
    score -= 0.15 * threat;
  }
  const value = Math.tanh(score);
  return [value, -value];
}

/** Manhattan distance from `cell` to the nearest of `targets` (Infinity when there are none). */
function nearestOf(map: SurvivorsMap, cell: number, targets: readonly number[], keep: (target: number) => boolean = () => true): number {
  const x = cell % map.width;
  const y = (cell - x) / map.width;
  let best = Infinity;
  for (const target of targets) {
    if (!keep(target)) continue;
    const tx = target % map.width;
    best = Math.min(best, Math.abs(tx - x) + Math.abs((target - tx) / map.width - y));
  }
  return best;
}

/** Manhattan distance from the closest living human on the board to a spot with a search left (0 when none is left). */
function nearestSearchSpot(state: SurvivorsState): number {
  const map = state.config.map;
  const open = (cell: number): boolean => (state.searchLeft[cell] as number) > 0;
  let best = Infinity;
  for (const human of state.humans) if (!human.dead && human.cell >= 0) best = Math.min(best, nearestOf(map, human.cell, map.searchSpotCells, open));
  return best === Infinity ? 0 : best;
}
