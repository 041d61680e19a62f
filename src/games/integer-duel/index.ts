/** Integer Duel: the game definition and what reports and tests need from it. */
export { integerDuel, configFor } from './rules.js';
export { applySpell, parseCard, type Card } from './cards.js';
export { integerDuelHeuristic } from './heuristic.js';
export type { IntegerDuelParams } from './parameters.js';
export { PLANTS, ZOMBIES, Phase } from './types.js';
export type { IntegerDuelAction, IntegerDuelEvent, IntegerDuelObservation, IntegerDuelState } from './types.js';
