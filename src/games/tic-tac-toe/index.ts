/** Tic-tac-toe, the reference game. */
export { ticTacToe, ticTacToeHeuristic } from './rules.js';
export type { TicTacToeAction, TicTacToeEvent, TicTacToeParams, TicTacToeState } from './rules.js';
