/** Tic-tac-toe, the reference game. */
import { markOwnGame } from '../../core/game-params.js';
import type { GameModule } from '../../core/game-module.js';
import { ticTacToe as rules } from './rules.js';
import { ticTacToeReport } from './report.js';

export { ticTacToe, ticTacToeHeuristic } from './rules.js';
export type { TicTacToeAction, TicTacToeEvent, TicTacToeParams, TicTacToeState } from './rules.js';

export { ticTacToeReport } from './report.js';

// One of Hordelab's own games: handed the scenario's frozen parameters as they are (it never
// writes into them), not a copy a match (see core/game-params.ts).
markOwnGame(rules);

/** Tic-tac-toe, whole: rules, report and the metric sweeps and tunes report by default. */
export const ticTacToeModule: GameModule = {
  game: rules,
  report: ticTacToeReport,
  defaultMetric: 'outcomes.bySeat.seat1.win',
  // Competent players draw most games: X's win rate alone falls below 50% as play improves with
  // no edge changing, so the ladder reads the first mover's (X's) share of the decided games
  // against 50%, and the draws beside it.
  headlines: [
    { path: 'quality.firstMover.decidedWin', label: 'X among decided games', reference: 0.5 },
    { path: 'quality.draw', label: 'Draws' },
  ],
};
