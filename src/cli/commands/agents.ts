/** `hordelab agents`: the built-in agents, one line each. */
import { loadedOnRun, type CommandModule } from '../command.js';

/** `hordelab agents`. */
export const agentsCommand: CommandModule = {
  name: 'agents',
  summary: 'List the built-in agents',
  positionals: [],
  options: {},
  run: loadedOnRun(() => import('../handlers/agents.js')),
};
