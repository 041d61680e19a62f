/** `hordelab agents`: the built-in agents, one line each. */
import { agents } from '../../registry.js';
import type { CliIo, CommandModule } from '../command.js';

async function run(_args: unknown, io: CliIo): Promise<number> {
  for (const factory of agents.values()) io.stdout.write(`${factory.id} — ${factory.description}\n`);
  return 0;
}

/** `hordelab agents`. */
export const agentsCommand: CommandModule = {
  name: 'agents',
  summary: 'List the built-in agents',
  positionals: [],
  options: {},
  run,
};
