/** What `hordelab games` does; its flags and help are declared in `../commands/games.ts`. */
import { games } from '../../registry.js';
import type { CliIo } from '../command.js';

export async function run(_args: unknown, io: CliIo): Promise<number> {
  for (const { game } of games.values()) {
    io.stdout.write(`${game.id} — ${game.title} (${game.seats.length} seats)\n  parameters:\n`);
    for (const [name, spec] of Object.entries(game.parameters) as [string, { description: string; default: unknown }][]) {
      const json = JSON.stringify(spec.default);
      const shown =
        typeof spec.default === 'string' && spec.default.includes('\n')
          ? '(map text)'
          : Array.isArray(spec.default) && json.length > 100
            ? `(a list of ${spec.default.length}; see the README)`
            : json;
      io.stdout.write(`    ${name} = ${shown}\n      ${spec.description}\n`);
    }
  }
  return 0;
}

