/**
 * `hordelab init game <name>`: a new folder holding a small complete game module, a scenario
 * that runs it, a balance check and a test that conforms it (`src/init/game-template.ts`).
 */
import { loadedOnRun, type CommandModule } from '../command.js';

/** `hordelab init`. */
export const initCommand: CommandModule = {
  name: 'init',
  summary: 'Start your own game: write a new folder with a small complete game module, a scenario, a balance check and a test',
  positionals: [
    { name: 'kind', describe: 'What to start: game' },
    { name: 'name', describe: 'The new folder; its last part names the game and its files (dice-race, games/dice-race)' },
  ],
  options: {},
  epilogue: 'The folder must be new or empty: nothing is overwritten. Exit codes: 0 written; 2 bad input (a name that is not kebab-case, a folder that is not empty).',
  examples: [['hordelab init game dice-race', 'dice-race/ with dice-race.mjs, dice-race.yaml, dice-race.checks.yaml and dice-race.test.mjs']],
  run: loadedOnRun(() => import('../handlers/init.js')),
};
