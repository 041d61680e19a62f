/** Every command of `hordelab`, in the order help lists them: the only list of commands. */
import type { CommandModule } from '../command.js';
import { agentsCommand } from './agents.js';
import { cardsCommand } from './cards.js';
import { checkCommand } from './check.js';
import { compareCommand } from './compare.js';
import { conformCommand } from './conform.js';
import { gamesCommand } from './games.js';
import { initCommand } from './init.js';
import { ladderCommand } from './ladder.js';
import { mergeCommand } from './merge.js';
import { planCommand } from './plan.js';
import { replayCommand } from './replay.js';
import { reportCommand } from './report.js';
import { runCommand } from './run.js';
import { sweepCommand } from './sweep.js';
import { tuneCommand } from './tune.js';

export const COMMANDS: readonly CommandModule[] = [
  runCommand,
  checkCommand,
  sweepCommand,
  tuneCommand,
  ladderCommand,
  cardsCommand,
  reportCommand,
  compareCommand,
  planCommand,
  replayCommand,
  mergeCommand,
  conformCommand,
  initCommand,
  gamesCommand,
  agentsCommand,
];
