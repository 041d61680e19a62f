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
import type { ChanceOutcome, GameDefinition, Heuristic } from '../../core/game.js';
import { TERMINAL } from '../../core/game.js';
import type { ParameterIssue } from '../../core/parameters.js';

/** A move: the cell index 0..8, row-major from the top-left. */
export interface TicTacToeAction {
  readonly kind: 'place';
  readonly cell: number;
}

export interface TicTacToeState {
  /** Cells holding X (seat 0) as a 9-bit mask, bit `row * 3 + column`. */
  xCells: number;
  /** Cells holding O (seat 1). */
  oCells: number;
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

const LINES: readonly number[] = [0b111, 0b111000, 0b111000000, 0b1001001, 0b10010010, 0b100100100, 0b100010001, 0b1010100];
const FULL = 0b111111111;

/** WINNING[cells] is 1 when a 9-bit set of cells holds a line: one lookup per move. */
const WINNING = new Uint8Array(512);
for (let cells = 0; cells < 512; cells++) WINNING[cells] = LINES.some((line) => (cells & line) === line) ? 1 : 0;

/**
 * Interned events, frozen: an event is a fact that never changes, and the few there are (a
 * seat's mark on a cell; a winner or none after some moves) are made once rather than at every
 * move of every game.
 */
const PLACE_EVENTS: readonly TicTacToeEvent[] = Array.from({ length: 18 }, (_, index) => Object.freeze({ type: 'place', seat: Math.floor(index / 9), cell: index % 9 }));
const END_EVENTS: readonly TicTacToeEvent[] = Array.from({ length: 30 }, (_, index) => Object.freeze({ type: 'matchEnd', winner: Math.floor(index / 10) - 1, moves: index % 10 }));

/** Interned actions: enumerating moves allocates nothing but the list (or nothing, given one). */
const PLACE: readonly TicTacToeAction[] = Array.from({ length: 9 }, (_, cell) => Object.freeze({ kind: 'place', cell }));

function clone(state: TicTacToeState): TicTacToeState {
  return { xCells: state.xCells, oCells: state.oCells, current: state.current, winner: state.winner, over: state.over, moves: state.moves };
}

/**
 * A heuristic for greedy play and MCTS cut-offs, per seat in [-1, 1]: the exact result when
 * over; otherwise open lines (no opponent mark) weighted by how many own marks they hold, minus
 * the same for the opponent, scaled to stay strictly inside (-1, 1).
 */
export const ticTacToeHeuristic: Heuristic<TicTacToeState> = Object.assign((state: TicTacToeState): number[] => {
  if (state.over) return returns(state);
  const value = valueBeforeOver(state);
  return [value, -value];
}, {
  /** The seat the values put strictly ahead (-1 when level), without building them. */
  leader(state: TicTacToeState): number {
    if (state.over) return state.winner;
    const value = valueBeforeOver(state);
    return value > 0 ? 0 : value < 0 ? 1 : -1;
  },
});

/** X's heuristic value of a position not yet over. */
function valueBeforeOver(state: TicTacToeState): number {
  // Read from a table by position: the quality figures ask at every turn start of every match.
  const values = (heuristicValues ??= new Float64Array(512 * 512).fill(Number.NaN));
  const index = (state.xCells << 9) | state.oCells;
  let value = values[index] as number;
  if (Number.isNaN(value)) {
    value = Math.tanh(lineScore(state.xCells, state.oCells) / 12);
    values[index] = value;
  }
  return value;
}

/** Seat 0's heuristic value by position (X cells · 512 + O cells), NaN until first asked for; made on first use (2 MB). */
let heuristicValues: Float64Array | null = null;

/** Open lines weighted by the square of the marks they hold: X's minus O's. */
function lineScore(xCells: number, oCells: number): number {
  let score = 0;
  for (const line of LINES) {
    const x = popcount(xCells & line);
    const o = popcount(oCells & line);
    if (o === 0 && x > 0) score += x * x;
    if (x === 0 && o > 0) score -= o * o;
  }
  return score;
}

function popcount(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b &= b - 1) count++;
  return count;
}

/** The mark at a cell: 0 empty, 1 X, 2 O. */
export function markAt(state: TicTacToeState, cell: number): 0 | 1 | 2 {
  return (state.xCells >>> cell) & 1 ? 1 : (state.oCells >>> cell) & 1 ? 2 : 0;
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
  setup: () => ({ xCells: 0, oCells: 0, current: 0, winner: -1, over: false, moves: 0 }),
  currentPlayer: (state) => (state.over ? TERMINAL : state.current),
  legalActions(state, into) {
    const actions = into ?? [];
    let count = 0;
    if (!state.over) {
      const empty = FULL & ~(state.xCells | state.oCells);
      for (let cell = 0; cell < 9; cell++) if ((empty >>> cell) & 1) actions[count++] = PLACE[cell] as TicTacToeAction;
    }
    // pop() is inlined by the JIT; assigning length is a runtime call (12% of a random playout).
    while (actions.length > count) actions.pop();
    return actions;
  },
  chanceOutcomes: (): ChanceOutcome<TicTacToeAction>[] => [],
  sampleChance: () => {
    throw new Error('tic-tac-toe has no chance nodes');
  },
  apply(state, action, emit) {
    const bit = 1 << action.cell;
    if (state.over || !(action.cell >= 0 && action.cell < 9) || !Number.isInteger(action.cell) || ((state.xCells | state.oCells) & bit) !== 0) throw new Error(`illegal move: cell ${action.cell}`);
    const seat = state.current;
    let mine: number;
    if (seat === 0) mine = state.xCells |= bit;
    else mine = state.oCells |= bit;
    state.moves++;
    if (emit !== null) emit(PLACE_EVENTS[seat * 9 + action.cell] as TicTacToeEvent);
    if (WINNING[mine] === 1) {
      state.over = true;
      state.winner = seat;
    } else if (state.moves === 9) {
      state.over = true;
    } else {
      state.current = seat === 0 ? 1 : 0;
    }
    if (state.over && emit !== null) emit(END_EVENTS[(state.winner + 1) * 10 + state.moves] as TicTacToeEvent);
  },
  isTerminal: (state) => state.over,
  returns,
  heuristic: ticTacToeHeuristic,
  observe: (state) => clone(state),
  clone,
  actionKey: (action) => `place(${action.cell})`,
  describeState(state) {
    const marks = Array.from({ length: 9 }, (_, cell) => ['.', 'X', 'O'][markAt(state, cell)]).join('');
    return `${marks.slice(0, 3)}/${marks.slice(3, 6)}/${marks.slice(6)} ${state.over ? 'over' : `${state.current === 0 ? 'X' : 'O'} to move`}`;
  },
};
