/** `hordelab games`: the registered games, each parameter with its default and meaning. */
import { loadedOnRun, type CommandModule } from '../command.js';

/** `hordelab games`. */
export const gamesCommand: CommandModule = {
  name: 'games',
  summary: 'List the games and their parameters with defaults',
  positionals: [],
  options: {},
  run: loadedOnRun(() => import('../handlers/games.js')),
};
