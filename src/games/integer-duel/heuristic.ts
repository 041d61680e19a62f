/**
 * The Integer Duel heuristic for greedy play and MCTS cut-offs, from Plants' side:
 *
 *   points lead (Plants' points + Zombies' negative points)
 *   + the table's current value (what the round would score now)
 *   + Σ over both hands of what each held card can still do for its holder, signed for its side:
 *       a combatant of the holder's sign: its value × `combatantWeight` (one of the other sign is
 *         dead weight: playing it only helps the other side);
 *       a spell: the gain it is expected to bring when cast on a good target × `spellWeight`
 *         (negate: twice a mean combatant, flipping an enemy; double: a mean combatant, on a
 *         friend; annul: a mean combatant, on an enemy; add:k or subtract:k: k, for the side it
 *         helps, else nothing)
 *
 * squashed by tanh(· / `scale`); Zombies get the negation. Valuing held spells is what makes a
 * side keep a negate for a big enemy instead of spending it on a −1: casting it scores its gain
 * on the table at once, keeping it scores `spellWeight` of its expected gain, so it is cast when
 * the gain beats that. Hands are read from the state given, which for search is a
 * determinization: the heuristic never sees a true hidden hand.
 */
import type { Card } from './cards.js';
import { PLANTS, Phase, type IntegerDuelState } from './types.js';

/** The heuristic's weights; {@link integerDuelHeuristicWith} builds a heuristic from others. */
export interface DuelHeuristicWeights {
  /** Share of a held combatant's value counted now. */
  readonly combatantWeight: number;
  /** Share of a held spell's expected gain counted now. */
  readonly spellWeight: number;
  /** Lead that maps to tanh(1) ≈ 0.76. */
  readonly scale: number;
}

export const DEFAULT_DUEL_WEIGHTS: DuelHeuristicWeights = { combatantWeight: 0.1, spellWeight: 0.5, scale: 20 };

/** The mean magnitude of a combatant (1..6): the target a spell is expected to meet. */
const MEAN_COMBATANT = 3.5;

/** What a card held by the side of sign `sign` (+1 Plants, −1 Zombies) is expected to add, for that side. */
function heldWorth(card: Card, sign: number, weights: DuelHeuristicWeights): number {
  if (card.kind === 'combatant') return Math.max(0, sign * card.value) * weights.combatantWeight;
  switch (card.operation) {
    case 'negate':
      return 2 * MEAN_COMBATANT * weights.spellWeight;
    case 'double':
    case 'annul':
      return MEAN_COMBATANT * weights.spellWeight;
    case 'add':
      return sign > 0 ? card.amount * weights.spellWeight : 0;
    case 'subtract':
      return sign < 0 ? card.amount * weights.spellWeight : 0;
  }
}

/** The heuristic with other weights: per-seat values in [-1, 1], the returns once over. */
export function integerDuelHeuristicWith(weights: DuelHeuristicWeights): (state: IntegerDuelState) => number[] {
  return (state) => {
    if (state.phase === Phase.Over) {
      if (state.winner === -1) return [0, 0];
      return state.winner === PLANTS ? [1, -1] : [-1, 1];
    }
    let lead = state.points[0] + state.points[1];
    for (const entry of state.table) lead += entry.value;
    const cards = state.config.cards;
    for (let side = 0; side < 2; side++) {
      const sign = side === PLANTS ? 1 : -1;
      const hand = state.hands[side] as number[];
      for (let card = 0; card < hand.length; card++) {
        const count = hand[card] as number;
        if (count > 0) lead += sign * count * heldWorth(cards[card] as Card, sign, weights);
      }
    }
    const value = Math.tanh(lead / weights.scale);
    return [value, -value];
  };
}

/** Per-seat values in [-1, 1] with the default weights. */
export const integerDuelHeuristic: (state: IntegerDuelState) => number[] = integerDuelHeuristicWith(DEFAULT_DUEL_WEIGHTS);
