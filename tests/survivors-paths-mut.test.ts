/**
 * Survivors path distances (rules 54, 56, 58) and their memo, on small hand-built boards: every
 * expected distance is worked out by hand from rule 56's step costs (1 a step, a window
 * `zombieWindowCost`, a step onto an obstacle `zombieObstacleCost`), walls impassable, a
 * barricade impassable for rule 58 and crossed at its price on top of the step for the priced
 * measures. The memo is checked by changing boards and humans and comparing with what the rules
 * give, and by the identity of the arrays it hands out (a kept field is handed out again, not
 * recomputed). Quick and deterministic: a mutation run re-runs these per mutant.
 */
import { describe, expect, it } from 'vitest';
import { Edge, UNREACHABLE, freshZombieDistances, renewBoardStamp, zombieDistancesAt, zombieDistancesThroughBarricades, zombieDistancesToCell, zombiePathDistances } from '../src/games/survivors/index.js';
import type { SurvivorsState } from '../src/games/survivors/index.js';
import { zombieStepCost } from '../src/games/survivors/geometry.js';
import { BoardChange, boardChanged } from '../src/games/survivors/paths.js';
import { E, OPEN, game, makeParams, start } from './fixtures/survivors-scene.js';

const X = UNREACHABLE;

/** 6 × 1: a window east of cell 0, an obstacle on cell 2; the human starts on cell 0. */
const CORRIDOR = ['+-+-+-+-+-+-+', '|Hw. # . . Z|', '+-+-+-+-+-+-+'];
/** CORRIDOR with a second start cell on cell 4. */
const CORRIDOR2 = ['+-+-+-+-+-+-+', '|Hw. # . H Z|', '+-+-+-+-+-+-+'];
/** 4 × 1: a window east of cell 1 onto the obstacle on cell 2; the human starts on cell 3. */
const WINDOW_ONTO_OBSTACLE = ['+-+-+-+-+', '|Z .w# H|', '+-+-+-+-+'];
/** 3 × 3, the human in the middle. */
const SQUARE = ['+-+-+-+', '|Z . .|', '|     |', '|. H .|', '|     |', '|. . .|', '+-+-+-+'];
/**
 * 4 × 4, two rooms (x 0–1 and x 2–3): a barricaded doorway between them on row 0, walls on rows
 * 1 and 2, a barricaded window on row 3; the human starts on (1,3), cell 13.
 */
const ROOMS = ['+-+-+-+-+', '|. .b. Z|', '|       |', '|. .|. .|', '|       |', '|. .|. .|', '|       |', '|. HB. .|', '+-+-+-+-+'];

/** ROOMS for rule 58 (barricades impassable): the left room is Manhattan from (1,3); the right one cannot be reached. */
const ROOMS_58 = [4, 3, X, X, 3, 2, X, X, 2, 1, X, X, 1, 0, X, X];

/**
 * ROOMS with a barricade priced at `k`: the right room through the barricaded window (2 + k from
 * (2,3)) or, for (2,0), through the barricaded doorway (1 + k, then 3 steps to the human).
 */
function roomsPriced(k: number): number[] {
  return [4, 3, k + 4, k + 5, 3, 2, k + 4, k + 5, 2, 1, k + 3, k + 4, 1, 0, k + 2, k + 3];
}

/** zombieDistancesAt the corridor's cells 2 and 4, barricades at price 1. */
function zombieDistancesAt0(state: SurvivorsState): number[] {
  const out = new Int32Array(2);
  zombieDistancesAt(state, 1, [2, 4], out);
  return [...out];
}

/** Puts the humans on `cells` in order (−1: off the board); path distances ignore figures, so occupancy is left alone. */
function place(state: SurvivorsState, ...cells: number[]): void {
  state.humans.forEach((human, i) => {
    human.cell = cells[i] ?? -1;
  });
}

/** The edge between `cell` and its neighbour in `dir`. */
function edgeOf(state: SurvivorsState, cell: number, dir: number): number {
  return state.config.map.edgeOf[cell * 4 + dir] as number;
}

/** Turns the edge east of `cell` into `kind`, on the state's own copy of the edges. */
function setEdge(state: SurvivorsState, cell: number, kind: Edge): void {
  if (state.edges === state.config.map.edges) state.edges = state.edges.slice();
  state.edges[edgeOf(state, cell, E)] = kind;
}

/** Puts a barricade on the edge east of `cell`, on the state's own copy of the barricades. */
function barricadeEast(state: SurvivorsState, cell: number): number {
  if (state.barricades === state.config.map.barricades) state.barricades = state.barricades.slice();
  const edge = edgeOf(state, cell, E);
  state.barricades[edge] = 1;
  return edge;
}

const values = (field: Int32Array): number[] => Array.from(field);

/** A state that stands for a board only (the stamp functions read nothing else). */
const stampOnly = (boardStamp: number): SurvivorsState => ({ boardStamp }) as SurvivorsState;

describe('rules 56, 58: path distances, worked out by hand', () => {
  it('rule 56: a step costs 1, a window zombieWindowCost, a step onto an obstacle zombieObstacleCost', () => {
    const state = start(CORRIDOR);
    place(state, 0);
    // From cell 1 through the window (2), from 2 onto floor (1), from 3 onto the obstacle (2).
    expect(values(zombiePathDistances(state))).toEqual([0, 2, 3, 5, 6, 7]);
    place(state, 5);
    // The other way: cell 1 steps onto the obstacle (2), cell 0 through the window (2).
    expect(values(zombiePathDistances(state))).toEqual([7, 5, 3, 2, 1, 0]);
    const dear = start(CORRIDOR, { zombieWindowCost: 3, zombieObstacleCost: 4 });
    place(dear, 0);
    expect(values(zombiePathDistances(dear))).toEqual([0, 3, 4, 8, 9, 10]);
    place(dear, 5);
    expect(values(zombiePathDistances(dear))).toEqual([10, 7, 3, 2, 1, 0]);
  });

  it('rule 56: a step through a window onto an obstacle costs the larger of the two, as a zombie step does', () => {
    for (const [windowCost, obstacleCost, step] of [
      [2, 2, 2],
      [3, 2, 3],
      [2, 3, 3],
    ] as const) {
      const state = start(WINDOW_ONTO_OBSTACLE, { zombieWindowCost: windowCost, zombieObstacleCost: obstacleCost });
      expect(zombieStepCost(state, 1, E)).toBe(step);
      // Cell 2 steps onto the human's floor cell (1); cell 1 through the window onto the obstacle.
      expect(values(zombiePathDistances(state))).toEqual([step + 2, step + 1, 1, 0]);
    }
  });

  it('rules 54, 58: walls and barricades stop the rule-58 measure; a priced barricade costs its price on top of the step', () => {
    const state = start(ROOMS);
    expect(state.humans[0]?.cell).toBe(13);
    expect(values(zombiePathDistances(state))).toEqual(ROOMS_58);
    expect(values(zombieDistancesThroughBarricades(state, 3))).toEqual(roomsPriced(3));
    expect(values(zombieDistancesThroughBarricades(state, 0))).toEqual(roomsPriced(0));
    expect(values(zombieDistancesToCell(state, 13, 3))).toEqual(roomsPriced(3));
    expect(values(zombieDistancesToCell(state, 13, 0))).toEqual(roomsPriced(0));
    // Asked again after the other prices: each price keeps its own field.
    expect(values(zombiePathDistances(state))).toEqual(ROOMS_58);
    // The same fields computed afresh (null: barricades impassable).
    expect(values(freshZombieDistances(state, null))).toEqual(ROOMS_58);
    expect(values(freshZombieDistances(state, 3))).toEqual(roomsPriced(3));
    expect(values(freshZombieDistances(state, 0))).toEqual(roomsPriced(0));
  });

  it('rule 58: from each cell, the nearest human; a human off the board counts for nothing', () => {
    const state = start(CORRIDOR2, { numHumans: 2 });
    place(state, 0, 4);
    expect(values(zombiePathDistances(state))).toEqual([0, 2, 2, 1, 0, 1]);
    // The same board with the humans elsewhere: the least of each one's own field.
    place(state, 5, 0);
    expect(values(zombiePathDistances(state))).toEqual([0, 2, 3, 2, 1, 0]);
    place(state, -1, 5);
    expect(values(zombiePathDistances(state))).toEqual([7, 5, 3, 2, 1, 0]);
    place(state, 0, -1);
    expect(values(zombiePathDistances(state))).toEqual([0, 2, 3, 5, 6, 7]);
    place(state, -1, -1);
    expect(values(zombiePathDistances(state))).toEqual([X, X, X, X, X, X]);
    expect(values(freshZombieDistances(state, null))).toEqual([X, X, X, X, X, X]);
  });

  it('rule 58: every cell of an open square is reached, its corners by two ways', () => {
    const state = start(SQUARE);
    expect(values(zombiePathDistances(state))).toEqual([2, 1, 2, 1, 0, 1, 2, 1, 2]);
  });

  it('rule 58: on an open board the distance is the Manhattan distance, wherever the human stands', () => {
    const state = start(OPEN);
    const { width, cells } = state.config.map;
    for (let at = 0; at < cells; at++) {
      place(state, at);
      const expected = Array.from({ length: cells }, (_, cell) => Math.abs((cell % width) - (at % width)) + Math.abs(Math.floor(cell / width) - Math.floor(at / width)));
      expect(values(zombiePathDistances(state)), `human on cell ${at}`).toEqual(expected);
    }
  });

  it('rule 58: a corridor walled off beside a wide room is followed to its end, however many equal routes cross the room', () => {
    // 9 × 12: the human on (1,0); column 0 a corridor open to him at the top and walled off
    // from the room (x 1–8) below. Everything is at its Manhattan distance from him.
    const width = 9;
    const height = 12;
    const lines = ['+' + '-+'.repeat(width)];
    for (let y = 0; y < height; y++) {
      const cells = Array.from({ length: width }, (_, x) => (x === 1 && y === 0 ? 'H' : x === width - 1 && y === height - 1 ? 'Z' : '.'));
      lines.push('|' + cells.map((cell, x) => cell + (x === width - 1 ? '|' : x === 0 && y > 0 ? '|' : ' ')).join(''));
      if (y < height - 1) lines.push('|' + ' '.repeat(2 * width - 1) + '|');
    }
    lines.push('+' + '-+'.repeat(width));
    const state = start(lines);
    expect(state.humans[0]?.cell).toBe(1);
    const expected = Array.from({ length: width * height }, (_, cell) => Math.abs((cell % width) - 1) + Math.floor(cell / width));
    expect(values(zombiePathDistances(state))).toEqual(expected);
  });

  it('rule 58: zombieDistancesToCell hunts the one human on that cell; a cell below 0 leaves every cell unreachable', () => {
    const state = start(CORRIDOR2, { numHumans: 2 });
    place(state, 0, 4);
    expect(values(zombieDistancesToCell(state, 0, 1))).toEqual([0, 2, 3, 5, 6, 7]);
    expect(values(zombieDistancesToCell(state, 5, 1))).toEqual([7, 5, 3, 2, 1, 0]);
    expect(values(zombieDistancesToCell(state, -1, 1))).toEqual([X, X, X, X, X, X]);
    // The first field handed out is still whole after the second was computed.
    const first = zombieDistancesToCell(state, 0, 2);
    zombieDistancesToCell(state, 5, 2);
    expect(values(first)).toEqual([0, 2, 3, 5, 6, 7]);
  });

  it('a barricade price must be a whole number from 0', () => {
    const state = start(CORRIDOR);
    for (const bad of [-1, 0.5, Number.NaN]) {
      expect(() => zombieDistancesThroughBarricades(state, bad)).toThrow(new RangeError(`a barricade's price must be a whole number >= 0, got ${bad}`));
      expect(() => zombieDistancesToCell(state, 0, bad)).toThrow(new RangeError(`a barricade's price must be a whole number >= 0, got ${bad}`));
    }
    expect(values(zombieDistancesThroughBarricades(state, 0))).toEqual([0, 2, 3, 5, 6, 7]);
    expect(values(zombieDistancesToCell(state, 0, 0))).toEqual([0, 2, 3, 5, 6, 7]);
  });
});

describe('path distances: the memo never serves a stale field', () => {
  it('a board changed by hand and renewed gets its own distances; a copy keeps its original board and fields', () => {
    const state = start(CORRIDOR);
    place(state, 5);
    const before = zombiePathDistances(state);
    expect(values(before)).toEqual([7, 5, 3, 2, 1, 0]);
    const copy = game.clone(state);
    expect(zombiePathDistances(copy)).toBe(before);
    setEdge(copy, 3, Edge.Wall);
    renewBoardStamp(copy);
    expect(values(zombiePathDistances(copy))).toEqual([X, X, X, X, 1, 0]);
    expect(values(zombieDistancesToCell(copy, 5, 0))).toEqual([X, X, X, X, 1, 0]);
    expect(zombiePathDistances(state)).toBe(before);
    expect(values(before)).toEqual([7, 5, 3, 2, 1, 0]);
    expect(values(zombieDistancesToCell(state, 5, 0))).toEqual([7, 5, 3, 2, 1, 0]);
  });

  it('a board renewed by hand and then changed again never gets the distances of an earlier board', () => {
    const state = start(CORRIDOR);
    place(state, 5);
    expect(values(zombiePathDistances(state))).toEqual([7, 5, 3, 2, 1, 0]);
    setEdge(state, 3, Edge.Wall);
    renewBoardStamp(state);
    expect(values(zombiePathDistances(state))).toEqual([X, X, X, X, 1, 0]);
    setEdge(state, 3, Edge.Open);
    const edge = barricadeEast(state, 1);
    boardChanged(state, BoardChange.barricadeBuilt + edge);
    expect(values(zombiePathDistances(state))).toEqual([X, X, 3, 2, 1, 0]);
    setEdge(state, 4, Edge.Wall);
    renewBoardStamp(state);
    expect(values(zombiePathDistances(state))).toEqual([X, X, X, X, X, 0]);
  });

  it('humans moving on one board get their own field each time', () => {
    const state = start(CORRIDOR);
    place(state, 0);
    expect(values(zombiePathDistances(state))).toEqual([0, 2, 3, 5, 6, 7]);
    place(state, 5);
    expect(values(zombiePathDistances(state))).toEqual([7, 5, 3, 2, 1, 0]);
    place(state, 0);
    expect(values(zombiePathDistances(state))).toEqual([0, 2, 3, 5, 6, 7]);
  });

  it('a field handed out stays whole after later fields are computed', () => {
    const state = start(CORRIDOR);
    place(state, 0);
    const first = zombiePathDistances(state);
    const fresh = freshZombieDistances(state, null);
    place(state, 5);
    expect(values(zombiePathDistances(state))).toEqual([7, 5, 3, 2, 1, 0]);
    expect(values(freshZombieDistances(state, null))).toEqual([7, 5, 3, 2, 1, 0]);
    expect(values(first)).toEqual([0, 2, 3, 5, 6, 7]);
    expect(values(fresh)).toEqual([0, 2, 3, 5, 6, 7]);
  });

  it('one price or one config is never served for another; each keeps its fields while the other is asked', () => {
    const state = start(ROOMS);
    const impassable = zombiePathDistances(state);
    expect(values(zombieDistancesThroughBarricades(state, 3))).toEqual(roomsPriced(3));
    expect(zombiePathDistances(state)).toBe(impassable);
    const priced = zombieDistancesThroughBarricades(state, 3);
    expect(values(zombieDistancesThroughBarricades(state, 2))).toEqual(roomsPriced(2));
    expect(zombieDistancesThroughBarricades(state, 3)).toBe(priced);
    // A smaller board, then back: each config its own fields.
    const small = start(SQUARE);
    expect(values(zombiePathDistances(small))).toEqual([2, 1, 2, 1, 0, 1, 2, 1, 2]);
    const other = start(ROOMS);
    expect(values(zombiePathDistances(other))).toEqual(ROOMS_58);
    expect(zombiePathDistances(state)).toBe(impassable);
    expect(values(impassable)).toEqual(ROOMS_58);
  });
});

describe('path distances at a few cells (zombieDistancesAt)', () => {
  it('gives the field at the cells asked, on a board seen first, for a position kept, and from each human\'s own field; entries past the cells are left alone', () => {
    const state = start(CORRIDOR2, { numHumans: 2 });
    renewBoardStamp(state);
    const at = (cells: number[], cost: number): number[] => {
      const out = new Int32Array(cells.length + 1).fill(-7);
      zombieDistancesAt(state, cost, cells, out);
      expect(out[cells.length]).toBe(-7);
      return [...out.subarray(0, cells.length)];
    };
    const fresh = (cells: number[], cost: number): number[] => {
      const field = freshZombieDistances(state, cost < 0 ? null : cost);
      return cells.map((cell) => field[cell] as number);
    };
    // Humans on cells 0 and 5: the least of [0, 2, 3, 5, 6, 7] and [7, 5, 3, 2, 1, 0].
    place(state, 0, 5);
    expect(at([5, 1, 3, 2], -1)).toEqual([0, 2, 2, 3]);
    // The position is kept: asked again after another search has used the work buffers, it still reads its own field.
    fresh([0], -1);
    place(state, 3, 3);
    fresh([0], -1);
    place(state, 0, 5);
    expect(at([5, 1, 3, 2], -1)).toEqual([0, 2, 2, 3]);
    for (const cells of [
      [0, 4],
      [4, 0],
      [-1, 3],
      [2, -1],
    ]) {
      place(state, ...cells);
      for (const cost of [-1, 0, 2]) expect(at([0, 1, 2, 3, 4, 5], cost), `${cells} at ${cost}`).toEqual(fresh([0, 1, 2, 3, 4, 5], cost));
    }
    place(state, -1, -1);
    expect(at([0, 5], -1)).toEqual([X, X]);
  });
});

describe('path distances: board stamps', () => {
  it('setups of one config share their starting stamp and fields; every other board gets a stamp never given before', () => {
    const params = makeParams(CORRIDOR);
    const one = game.setup(params);
    const two = game.setup(params);
    expect(two.boardStamp).toBe(one.boardStamp);
    expect(zombiePathDistances(two)).toBe(zombiePathDistances(one));
    const renewed = game.clone(one);
    renewBoardStamp(renewed);
    const changed = game.clone(renewed);
    boardChanged(changed, BoardChange.blast + 7);
    const other = start(CORRIDOR);
    const again = game.clone(one);
    renewBoardStamp(again);
    const stamps = [one.boardStamp, renewed.boardStamp, changed.boardStamp, other.boardStamp, again.boardStamp];
    expect(new Set(stamps).size, `stamps ${stamps.join(', ')}`).toBe(stamps.length);
  });

  it('the same change of the same board gives the same board, and its fields are reused; another change or board does not', () => {
    const state = start(CORRIDOR);
    place(state, 5);
    const a = game.clone(state);
    const b = game.clone(state);
    const edge = barricadeEast(a, 1);
    barricadeEast(b, 1);
    boardChanged(a, BoardChange.barricadeBuilt + edge);
    // A change tried from another board in between.
    const elsewhere = game.clone(state);
    renewBoardStamp(elsewhere);
    boardChanged(elsewhere, BoardChange.barricadeBuilt + edge);
    boardChanged(b, BoardChange.barricadeBuilt + edge);
    expect(b.boardStamp).toBe(a.boardStamp);
    expect(a.boardStamp).not.toBe(state.boardStamp);
    expect(elsewhere.boardStamp).not.toBe(a.boardStamp);
    const field = zombiePathDistances(a);
    expect(values(field)).toEqual([X, X, 3, 2, 1, 0]);
    expect(zombiePathDistances(b)).toBe(field);
    const gone = game.clone(state);
    boardChanged(gone, BoardChange.barricadeGone + edge);
    expect(gone.boardStamp).not.toBe(a.boardStamp);
    expect(values(zombiePathDistances(gone))).toEqual([7, 5, 3, 2, 1, 0]);
  });

  it('the table of board changes holds 50,000 of them, then starts afresh', () => {
    const change = BoardChange.blast + 1;
    // A probe: one board and one change, whose stamp stays the same until the table is cleared.
    const probe = stampOnly(0);
    renewBoardStamp(probe);
    const from = probe.boardStamp;
    let known = -1;
    const cleared = (): boolean => {
      const board = stampOnly(from);
      boardChanged(board, change);
      const was = known;
      known = board.boardStamp;
      return board.boardStamp !== was;
    };
    expect(cleared()).toBe(true);
    expect(cleared()).toBe(false);
    // A chain of new boards, each one change from the last: one new entry a step.
    const chain = stampOnly(0);
    renewBoardStamp(chain);
    const stepsToClear = (): number => {
      for (let step = 1; step <= 60_000; step++) {
        boardChanged(chain, change);
        if (cleared()) return step;
      }
      return -1;
    };
    expect(stepsToClear()).toBeGreaterThan(0);
    // After a clear the table holds the chain's entry and the probe's; 49,998 more fill it to
    // 50,000, and the next new board starts it afresh.
    expect(stepsToClear()).toBe(49_999);
  });
});

describe('path distances: what the memo keeps', () => {
  it('32 boards are kept per price, the least recently used given up for a new one', () => {
    const base = start(CORRIDOR);
    place(base, 5);
    const boards: SurvivorsState[] = [];
    for (let i = 0; i < 33; i++) {
      const board = game.clone(base);
      renewBoardStamp(board);
      boards.push(board);
    }
    const board = (i: number): SurvivorsState => boards[i] as SurvivorsState;
    const fields = boards.slice(0, 32).map((b) => zombieDistancesToCell(b, 5, 1));
    expect(zombieDistancesToCell(board(0), 5, 1)).toBe(fields[0]);
    // A dead human's field takes no board.
    expect(values(zombieDistancesToCell(board(32), -1, 1))).toEqual([X, X, X, X, X, X]);
    expect(zombieDistancesToCell(board(1), 5, 1)).toBe(fields[1]);
    // Board 32 replaces the least recently used, board 2.
    expect(values(zombieDistancesToCell(board(32), 5, 1))).toEqual([7, 5, 3, 2, 1, 0]);
    expect(zombieDistancesToCell(board(0), 5, 1)).toBe(fields[0]);
    expect(zombieDistancesToCell(board(1), 5, 1)).toBe(fields[1]);
    expect(zombieDistancesToCell(board(31), 5, 1)).toBe(fields[31]);
    const recomputed = zombieDistancesToCell(board(2), 5, 1);
    expect(recomputed).not.toBe(fields[2]);
    expect(values(recomputed)).toEqual([7, 5, 3, 2, 1, 0]);
  });

  it('a board asked for again and again stays the most recently used, and an entry given to another board takes that board\'s step costs', () => {
    const base = start(CORRIDOR);
    place(base, 5);
    const boards = Array.from({ length: 32 }, () => {
      const board = game.clone(base);
      renewBoardStamp(board);
      return board;
    });
    const fields = boards.map((b) => zombieDistancesToCell(b, 5, 1));
    // Board 0, asked for 40 times running, is then the most recently used: a new board takes board 1's entry.
    for (let i = 0; i < 40; i++) expect(zombieDistancesToCell(boards[0] as SurvivorsState, 5, 1)).toBe(fields[0]);
    // The new board has a wall east of cell 3: the entry it takes must not keep board 1's step costs.
    const walled = game.clone(base);
    setEdge(walled, 3, Edge.Wall);
    renewBoardStamp(walled);
    expect(values(zombieDistancesToCell(walled, 5, 1))).toEqual([X, X, X, X, 1, 0]);
    expect(zombieDistancesAt0(walled)).toEqual([X, 1]);
    expect(zombieDistancesToCell(boards[0] as SurvivorsState, 5, 1)).toBe(fields[0]);
    expect(zombieDistancesToCell(boards[1] as SurvivorsState, 5, 1)).not.toBe(fields[1]);
  });

  it('32 positions are kept per price, the oldest replaced', () => {
    const state = start(OPEN);
    const fields: Int32Array[] = [];
    for (let at = 0; at < 33; at++) {
      place(state, at);
      fields.push(zombiePathDistances(state));
    }
    place(state, 1);
    expect(zombiePathDistances(state)).toBe(fields[1]);
    place(state, 32);
    expect(zombiePathDistances(state)).toBe(fields[32]);
    place(state, 0);
    const again = zombiePathDistances(state);
    expect(again).not.toBe(fields[0]);
    expect(again).toEqual(fields[0]);
    expect(values(again).slice(0, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
