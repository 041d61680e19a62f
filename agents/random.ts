/**
 * The random agent: uniform over the legal actions, drawing from its own seat stream so it never
 * disturbs the dice. The baseline every balance question starts from.
 */
import type { AgentFactory } from '../src/core/agent.js';
import { markOwnAgent } from '../src/core/match-runner.js';

export const randomAgent: AgentFactory = {
  id: 'random',
  description: 'Picks uniformly among the legal actions, from its own seeded stream. Takes no config.',
  validateConfig(config) {
    return Object.keys(config).map((field) => ({ field, message: 'the random agent takes no config' }));
  },
  create(_config, { rng }) {
    return { chooseAction: (decision) => rng.int(decision.legalActions.length) };
  },
};
// One of Hordelab's own: the runner hands it its list of legal actions as it is.
markOwnAgent(randomAgent);
