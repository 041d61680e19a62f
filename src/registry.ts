/**
 * The registry: the only list of games and agents. The CLI, scenario validation and the
 * conformance tests all iterate it, so a game or agent added here is everywhere at once.
 */
import { greedyAgent } from '../agents/greedy.js';
import { mctsAgent } from '../agents/mcts.js';
import { randomAgent } from '../agents/random.js';
import { scriptedZombiesAgent } from '../agents/scripted-zombies.js';
import type { AgentFactory } from './core/agent.js';
import type { AnyGame } from './core/game.js';
import { coinFlip } from './games/coin-flip/index.js';
import { integerDuel } from './games/integer-duel/index.js';
import { survivors } from './games/survivors/index.js';
import { ticTacToe } from './games/tic-tac-toe/index.js';
import { zombieTrainers } from './games/zombie-trainers/index.js';
import type { AnyGameReport } from './reports/report.js';
import { coinFlipReport } from './reports/coin-flip-report.js';
import { integerDuelReport } from './reports/integer-duel-report.js';
import { survivorsReport } from './reports/survivors-report.js';
import { ticTacToeReport } from './reports/tic-tac-toe-report.js';
import { zombieTrainersReport } from './reports/zombie-trainers-report.js';

/** A game with the report that reads its events. */
export interface RegisteredGame {
  readonly game: AnyGame;
  readonly report: AnyGameReport;
}

const gameList: readonly RegisteredGame[] = [
  { game: zombieTrainers, report: zombieTrainersReport },
  { game: integerDuel, report: integerDuelReport },
  { game: survivors, report: survivorsReport },
  { game: ticTacToe, report: ticTacToeReport },
  { game: coinFlip, report: coinFlipReport },
];
const agentList: readonly AgentFactory[] = [randomAgent, greedyAgent, mctsAgent, scriptedZombiesAgent];

/** Registered games by id, in registration order. */
export const games: ReadonlyMap<string, RegisteredGame> = new Map(gameList.map((entry) => [entry.game.id, entry]));

/** Registered agent factories by id, in registration order. */
export const agents: ReadonlyMap<string, AgentFactory> = new Map(agentList.map((factory) => [factory.id, factory]));
