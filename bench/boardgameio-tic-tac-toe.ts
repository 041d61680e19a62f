/**
 * The same tic-tac-toe written as a boardgame.io game, to measure boardgame.io's own bots
 * (`Simulate` with `RandomBot`, and `MCTSBot`) beside Hordelab's contract. Benchmark-only.
 *
 * boardgame.io has no exports map, so its `ai` and `internal` entries load through CommonJS.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface BoardgameState {
  ctx: { gameover?: unknown; currentPlayer: string };
}
interface Bot {
  play(state: BoardgameState, playerID: string): Promise<{ action: unknown }>;
}
interface BoardgameAi {
  RandomBot: new (options: { enumerate: unknown; seed?: string }) => Bot;
  MCTSBot: new (options: { game: unknown; enumerate: unknown; seed?: string; iterations: number; playoutDepth?: number }) => Bot;
  Simulate(options: { game: unknown; bots: Record<string, Bot>; state: BoardgameState; depth?: number }): Promise<{ state: BoardgameState }>;
}
const ai = require('boardgame.io/ai') as BoardgameAi;
const internal = require('boardgame.io/internal') as { InitializeGame(options: { game: unknown }): BoardgameState };

interface Cells {
  cells: (string | null)[];
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

const isVictory = (cells: (string | null)[]): boolean =>
  LINES.some(([a, b, c]) => cells[a as number] !== null && cells[a as number] === cells[b as number] && cells[a as number] === cells[c as number]);

const enumerate = (G: Cells): { move: string; args: number[] }[] => {
  const moves: { move: string; args: number[] }[] = [];
  G.cells.forEach((cell, index) => {
    if (cell === null) moves.push({ move: 'clickCell', args: [index] });
  });
  return moves;
};

/** Tic-tac-toe as boardgame.io's tutorial writes it. */
export const boardgameTicTacToe = {
  setup: (): Cells => ({ cells: Array<string | null>(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }: { G: Cells; playerID: string }, id: number) => {
      if (G.cells[id] !== null) return 'INVALID_MOVE';
      G.cells[id] = playerID;
      return undefined;
    },
  },
  endIf: ({ G, ctx }: { G: Cells; ctx: { currentPlayer: string } }) => {
    if (isVictory(G.cells)) return { winner: ctx.currentPlayer };
    if (G.cells.every((cell) => cell !== null)) return { draw: true };
    return undefined;
  },
  ai: { enumerate },
};

const initial = internal.InitializeGame({ game: boardgameTicTacToe });

/** Plays `games` random games with boardgame.io's Simulate and RandomBot. */
export async function boardgameRandomGames(games: number): Promise<void> {
  const bots = { '0': new ai.RandomBot({ enumerate, seed: 'a' }), '1': new ai.RandomBot({ enumerate, seed: 'b' }) };
  for (let i = 0; i < games; i++) {
    const { state } = await ai.Simulate({ game: boardgameTicTacToe, bots, state: initial });
    if (state.ctx.gameover === undefined) throw new Error('boardgame.io simulation did not finish');
  }
}

/** Runs one MCTSBot search of `iterations` from the empty board. */
export async function boardgameMcts(iterations: number): Promise<void> {
  const bot = new ai.MCTSBot({ game: boardgameTicTacToe, enumerate, seed: 'm', iterations, playoutDepth: 9 });
  await bot.play(initial, '0');
}
