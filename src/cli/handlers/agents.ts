/** What `hordelab agents` does; its flags and help are declared in `../commands/agents.ts`. */
import { agents } from '../../registry.js';
import type { CliIo } from '../command.js';

export async function run(_args: unknown, io: CliIo): Promise<number> {
  for (const factory of agents.values()) io.stdout.write(`${factory.id} — ${factory.description}\n`);
  return 0;
}

