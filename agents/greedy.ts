/**
 * The greedy agent: one-step lookahead on the game's heuristic.
 *
 * For each legal action it applies the action to a copy of the state it may search (a
 * determinization in hidden-information games) and scores the result with the game's
 * heuristic for its own seat. Where the action leads to chance it scores the exact expectation
 * Σ p(outcome) · value(outcome) over the outcomes the game lists, recursively through chained
 * chance nodes, as long as the leaves stay within `maxChanceLeaves`; past that it scores the
 * chance node with the heuristic itself, which games define as their own expectation there
 * (Zombie Trainers computes a pending catch from rule 17 exactly). Ties are broken uniformly
 * from the agent's own stream.
 *
 * Config: `maxChanceLeaves` (default 64).
 */
import type { AgentFactory } from '../src/core/agent.js';
import { CHANCE, type AnyGame } from '../src/core/game.js';
import { integerField, unknownFields } from './config.js';

/** Values closer than this are ties (floating sums of the same terms in another order). */
const TIE_TOLERANCE = 1e-12;

/** The expected heuristic value of `state` for `seat`, expanding chance within `leafBudget`. */
export function expectedValue(game: AnyGame, state: unknown, seat: number, leafBudget: number): number {
  if (game.currentPlayer(state) !== CHANCE) return game.heuristic(state)[seat] as number;
  const outcomes = game.chanceOutcomes(state);
  if (outcomes.length > leafBudget) return game.heuristic(state)[seat] as number;
  const childBudget = Math.floor(leafBudget / outcomes.length);
  let value = 0;
  for (const outcome of outcomes) {
    const child = game.clone(state);
    game.apply(child, outcome.action, null);
    value += outcome.probability * expectedValue(game, child, seat, childBudget);
  }
  return value;
}

export const greedyAgent: AgentFactory = {
  id: 'greedy',
  description:
    'One-step lookahead on the game heuristic, with the exact expectation over chance outcomes; ties broken from its own stream. Config: maxChanceLeaves (64).',
  validateConfig(config) {
    const problems: { field: string; message: string }[] = [];
    unknownFields(config, ['maxChanceLeaves'], problems);
    integerField(config, 'maxChanceLeaves', 1, problems);
    return problems;
  },
  create(config, { game, seat, rng }) {
    const maxChanceLeaves = (config['maxChanceLeaves'] as number | undefined) ?? 64;
    const ties: number[] = [];
    return {
      chooseAction(decision) {
        const base = decision.searchState(rng);
        let best = Number.NEGATIVE_INFINITY;
        ties.length = 0;
        decision.legalActions.forEach((action, index) => {
          const next = game.clone(base);
          game.apply(next, action, null);
          const value = expectedValue(game, next, seat, maxChanceLeaves);
          if (value > best + TIE_TOLERANCE) {
            best = value;
            ties.length = 0;
            ties.push(index);
          } else if (value >= best - TIE_TOLERANCE) {
            ties.push(index);
          }
        });
        return ties.length === 1 ? (ties[0] as number) : (ties[rng.int(ties.length)] as number);
      },
    };
  },
};
