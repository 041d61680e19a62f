/**
 * The Integer Duel heuristic for greedy play and MCTS cut-offs, from Plants' side:
 *   points lead (Plants' points + Zombies' negative points)
 *   + the table's current value (what the round would score now)
 *   + a tenth of the combatant values in both hands (cards still to come)
 * squashed by tanh(· / 20); Zombies get the negation. Hands are read from the state given,
 * which for search is a determinization: the heuristic never sees a true hidden hand.
 */
import type { Card } from './cards.js';
import { PLANTS, Phase, type IntegerDuelState } from './types.js';

const HAND_WEIGHT = 0.1;
const SCALE = 20;

export function integerDuelHeuristic(state: IntegerDuelState): number[] {
  if (state.phase === Phase.Over) {
    if (state.winner === -1) return [0, 0];
    return state.winner === PLANTS ? [1, -1] : [-1, 1];
  }
  let lead = state.points[0] + state.points[1];
  for (const entry of state.table) lead += entry.value;
  const cards = state.config.cards;
  for (const hand of state.hands) {
    for (let card = 0; card < hand.length; card++) {
      const info = cards[card] as Card;
      if (info.kind === 'combatant') lead += HAND_WEIGHT * info.value * (hand[card] as number);
    }
  }
  const value = Math.tanh(lead / SCALE);
  return [value, -value];
}
