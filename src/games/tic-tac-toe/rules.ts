/**
 * Tic-tac-toe: the reference game, as in every game-AI toolkit. Solved (a draw under perfect
 * play), so agents are checked against known truth: MCTS must never lose to random, two strong
 * players must draw, greedy must never miss an immediate win.
 *
 * Rules: a 3 × 3 board; X (seat 0) moves first; players alternate placing their mark on an
 * empty cell; three in a row (row, column or diagonal) wins; a full board without a line is a
 * draw. Returns +1 win, -1 loss, 0 draw. No chance, no hidden information, no parameters.
 *
 * It is also the template for a new game: copy this folder, keep the contract.
 */
import type { ChanceOutcome, GameDefinition } from '../../core/game.js';
import { TERMINAL } from '../../core/game.js';
import type { ParameterIssue } from '../../core/parameters.js';

/** A move: the cell index 0..8, row-major from the top-left. */
export interface TicTacToeAction {
  readonly kind: 'place';
  readonly cell: number;
}

export interface TicTacToeState {
  /** 0 empty, 1 X (seat 0), 2 O (seat 1); index `row * 3 + column`. */
  board: Uint8Array;
  /** Seat to move. */
  current: 0 | 1;
  /** Seat of the winner, -1 none yet (or a draw), set with `over`. */
  winner: -1 | 0 | 1;
  over: boolean;
  moves: number;
}

export type TicTacToeEvent =
  | { readonly type: 'place'; readonly seat: number; readonly cell: number }
  | { readonly type: 'matchEnd'; readonly winner: number; readonly moves: number };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type TicTacToeParams = {};

const LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** Interned actions: enumerating moves allocates only the list. */
const PLACE: readonly TicTacToeAction[] = Array.from({ length: 9 }, (_, cell) => Object.freeze({ kind: 'place', cell }));

/** Whether the mark just placed at `cell` completes a line. */
function completesLine(board: Uint8Array, cell: number): boolean {
  const mark = board[cell];
  for (const line of LINES) {
    if ((line[0] === cell || line[1] === cell || line[2] === cell) && board[line[0]] === mark && board[line[1]] === mark && board[line[2]] === mark) {
      return true;
    }
  }
  return false;
}

function clone(state: TicTacToeState): TicTacToeState {
  return { board: state.board.slice(), current: state.current, winner: state.winner, over: state.over, moves: state.moves };
}

/**
 * A heuristic for greedy play and MCTS cut-offs, per seat in [-1, 1]: the exact result when
 * over; otherwise open lines (no opponent mark) weighted by how many own marks they hold, minus
 * the same for the opponent, scaled to stay strictly inside (-1, 1).
 */
export function ticTacToeHeuristic(state: TicTacToeState): number[] {
  if (state.over) return returns(state);
  let score = 0;
  for (const line of LINES) {
    let x = 0;
    let o = 0;
    for (const cell of line) {
      if (state.board[cell] === 1) x++;
      else if (state.board[cell] === 2) o++;
    }
    if (o === 0 && x > 0) score += x * x;
    if (x === 0 && o > 0) score -= o * o;
  }
  // The side to move would complete a two-in-a-row at once: weigh the threat accordingly.
  const value = Math.tanh(score / 12);
  return [value, -value];
}

function returns(state: TicTacToeState): number[] {
  if (!state.over || state.winner === -1) return [0, 0];
  return state.winner === 0 ? [1, -1] : [-1, 1];
}

export const ticTacToe: GameDefinition<TicTacToeParams, TicTacToeState, TicTacToeAction, TicTacToeEvent, TicTacToeState> = {
  id: 'tic-tac-toe',
  title: 'Tic-tac-toe',
  seats: ['X', 'O'],
  parameters: {},
  utilityBounds: [-1, 1],
  hiddenInformation: false,
  validateParameters: (): ParameterIssue[] => [],
  maxLength: () => 9,
  setup: () => ({ board: new Uint8Array(9), current: 0, winner: -1, over: false, moves: 0 }),
  currentPlayer: (state) => (state.over ? TERMINAL : state.current),
  legalActions(state) {
    const actions: TicTacToeAction[] = [];
    if (state.over) return actions;
    for (let cell = 0; cell < 9; cell++) if (state.board[cell] === 0) actions.push(PLACE[cell] as TicTacToeAction);
    return actions;
  },
  chanceOutcomes: (): ChanceOutcome<TicTacToeAction>[] => [],
  sampleChance: () => {
    throw new Error('tic-tac-toe has no chance nodes');
  },
  apply(state, action, emit) {
    if (state.over || state.board[action.cell] !== 0) throw new Error(`illegal move: cell ${action.cell}`);
    const seat = state.current;
    state.board[action.cell] = seat + 1;
    state.moves++;
    if (emit !== null) emit({ type: 'place', seat, cell: action.cell });
    if (completesLine(state.board, action.cell)) {
      state.over = true;
      state.winner = seat;
    } else if (state.moves === 9) {
      state.over = true;
    } else {
      state.current = seat === 0 ? 1 : 0;
    }
    if (state.over && emit !== null) emit({ type: 'matchEnd', winner: state.winner, moves: state.moves });
  },
  isTerminal: (state) => state.over,
  returns,
  heuristic: ticTacToeHeuristic,
  observe: (state) => clone(state),
  clone,
  actionKey: (action) => `place(${action.cell})`,
  describeState(state) {
    const marks = Array.from(state.board, (mark) => ['.', 'X', 'O'][mark]).join('');
    return `${marks.slice(0, 3)}/${marks.slice(3, 6)}/${marks.slice(6)} ${state.over ? 'over' : `${state.current === 0 ? 'X' : 'O'} to move`}`;
  },
};
