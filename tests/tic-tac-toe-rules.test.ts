/** Tic-tac-toe rules, by hand-built positions: lines win, a full board draws, turns alternate. */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/core/game.js';
import { TERMINAL } from '../src/core/game.js';
import { ticTacToe, type TicTacToeState } from '../src/games/tic-tac-toe/index.js';
import { markAt } from '../src/games/tic-tac-toe/rules.js';
import { leaderOf } from '../src/quality/lead.js';

function play(cells: number[]): { state: TicTacToeState; events: GameEvent[] } {
  const state = ticTacToe.setup({});
  const events: GameEvent[] = [];
  for (const cell of cells) ticTacToe.apply(state, { kind: 'place', cell }, (event) => events.push(event));
  return { state, events };
}

describe('tic-tac-toe rules', () => {
  it('X moves first and the players alternate', () => {
    const { state } = play([4, 0]);
    expect(markAt(state, 4)).toBe(1);
    expect(markAt(state, 0)).toBe(2);
    expect(ticTacToe.currentPlayer(state)).toBe(0);
    expect(ticTacToe.legalActions(state).map((a) => a.cell)).toEqual([1, 2, 3, 5, 6, 7, 8]);
  });

  it.each([
    ['a row', [0, 3, 1, 4, 2], 0],
    ['a column', [1, 0, 4, 2, 7], 0],
    ['a diagonal', [0, 1, 4, 2, 8], 0],
    ['the other diagonal, for O', [0, 2, 1, 4, 8, 6], 1],
  ] as const)('three in %s wins at once', (_label, cells, winner) => {
    const { state, events } = play([...cells]);
    expect(ticTacToe.isTerminal(state)).toBe(true);
    expect(ticTacToe.currentPlayer(state)).toBe(TERMINAL);
    expect(ticTacToe.returns(state)).toEqual(winner === 0 ? [1, -1] : [-1, 1]);
    expect(events.at(-1)).toEqual({ type: 'matchEnd', winner, moves: cells.length });
    expect(ticTacToe.legalActions(state)).toEqual([]);
  });

  it('a full board without a line is a draw', () => {
    // X O X / X O O / O X X
    const { state } = play([0, 1, 2, 4, 3, 5, 7, 6, 8]);
    expect(state.over).toBe(true);
    expect(ticTacToe.returns(state)).toEqual([0, 0]);
  });

  it('an occupied cell cannot be played', () => {
    const { state } = play([4]);
    expect(() => ticTacToe.apply(state, { kind: 'place', cell: 4 }, null)).toThrow(/illegal/);
  });

  it('the heuristic favours the side with more open lines and is the result when over', () => {
    const { state } = play([4]);
    const [x, o] = ticTacToe.heuristic(state);
    expect(x).toBeGreaterThan(0);
    expect(o).toBe(-x!);
    const won = play([0, 3, 1, 4, 2]).state;
    expect(ticTacToe.heuristic(won)).toEqual([1, -1]);
  });

  it('fills and returns a given array instead of allocating one', () => {
    const { state } = play([4]);
    const buffer = [ticTacToe.legalActions(state)[0]!, ticTacToe.legalActions(state)[0]!];
    const same = ticTacToe.legalActions(play([4, 0]).state, buffer);
    expect(same).toBe(buffer);
    expect(same.map((a) => a.cell)).toEqual([1, 2, 3, 5, 6, 7, 8]);
  });
});

describe('tic-tac-toe moves off the board', () => {
  it.each([9, -1, 1.5, Number.NaN])('are refused (cell %s)', (cell) => {
    expect(() => ticTacToe.apply(ticTacToe.setup({}), { kind: 'place', cell }, null)).toThrow(`illegal move: cell ${cell}`);
  });
});

describe('tic-tac-toe events', () => {
  it('name each mark as placed, then the end, whoever wins or none', () => {
    expect(play([4, 0, 8]).events).toEqual([
      { type: 'place', seat: 0, cell: 4 },
      { type: 'place', seat: 1, cell: 0 },
      { type: 'place', seat: 0, cell: 8 },
    ]);
    const draw = play([0, 1, 2, 4, 3, 5, 7, 6, 8]).events;
    expect(draw.at(-2)).toEqual({ type: 'place', seat: 0, cell: 8 });
    expect(draw.at(-1)).toEqual({ type: 'matchEnd', winner: -1, moves: 9 });
    expect(play([0, 3, 1, 4, 8, 5]).events.at(-1)).toEqual({ type: 'matchEnd', winner: 1, moves: 6 });
    // Shared between games, so no one may change one.
    expect(draw.every((event) => Object.isFrozen(event))).toBe(true);
  });
});

describe("tic-tac-toe's heuristic leader", () => {
  it('is the seat its values put strictly ahead, or -1, at every position a game can reach', () => {
    const leader = ticTacToe.heuristic.leader as (state: TicTacToeState) => number;
    const seen = new Set<string>();
    const counts = [0, 0, 0];
    const visit = (state: TicTacToeState): void => {
      const key = `${state.xCells},${state.oCells}`;
      if (seen.has(key)) return;
      seen.add(key);
      const expected = leaderOf(ticTacToe.heuristic(state));
      expect(leader(state)).toBe(expected);
      counts[expected + 1] = (counts[expected + 1] as number) + 1;
      for (const action of ticTacToe.legalActions(state)) {
        const next = ticTacToe.clone(state);
        ticTacToe.apply(next, action, null);
        visit(next);
      }
    };
    visit(ticTacToe.setup({}));
    // The 5,478 positions of tic-tac-toe, with each answer given somewhere.
    expect(seen.size).toBe(5478);
    expect(counts.every((count) => count > 0)).toBe(true);
  });
});
