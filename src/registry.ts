/**
 * The registry: the only list of games and agents. The CLI, scenario validation and the
 * conformance tests all iterate it, so a game or agent added here is everywhere at once. A game
 * is one folder exporting a {@link GameModule}; adding one is its folder plus one line below.
 */
import { greedyAgent } from '../agents/greedy.js';
import { rolloutAgent } from '../agents/rollout.js';
import { trainersTempoAgent } from '../agents/trainers-tempo.js';
import { mctsAgent } from '../agents/mcts.js';
import { randomAgent } from '../agents/random.js';
import { scriptedZombiesAgent } from '../agents/scripted-zombies.js';
import { huntingZombiesAgent } from '../agents/hunting-zombies.js';
import { survivorsPlannerAgent } from '../agents/survivors-planner.js';
import type { AgentFactory } from './core/agent.js';
import type { GameModule } from './core/game-module.js';
import { coinFlipModule } from './games/coin-flip/index.js';
import { integerDuelModule } from './games/integer-duel/index.js';
import { survivorsModule } from './games/survivors/index.js';
import { ticTacToeModule } from './games/tic-tac-toe/index.js';
import { zombieTrainersModule } from './games/zombie-trainers/index.js';

/** A registered game: its folder's {@link GameModule}. */
export type RegisteredGame = GameModule;

const gameList: readonly GameModule[] = [zombieTrainersModule, integerDuelModule, survivorsModule, ticTacToeModule, coinFlipModule];
const agentList: readonly AgentFactory[] = [randomAgent, greedyAgent, mctsAgent, rolloutAgent, scriptedZombiesAgent, huntingZombiesAgent, survivorsPlannerAgent, trainersTempoAgent];

/** Registered games by id, in registration order. */
export const games: ReadonlyMap<string, RegisteredGame> = new Map(gameList.map((entry) => [entry.game.id, entry]));

/** Registered agent factories by id, in registration order. */
export const agents: ReadonlyMap<string, AgentFactory> = new Map(agentList.map((factory) => [factory.id, factory]));
