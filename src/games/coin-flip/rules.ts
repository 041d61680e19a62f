/**
 * Coin flip: a synthetic game whose outcome is one chance node. Player 1 wins with probability
 * `winRate`, the match is drawn with `drawRate`, player 2 wins otherwise. Its rates are known
 * exactly, so it calibrates what Hordelab measures: interval coverage, balance checks and their
 * error rates, tuning on a noisy objective. Agents are never asked anything.
 */
import { z } from 'zod';
import type { ChanceOutcome, EventSink, GameDefinition } from '../../core/game.js';
import { CHANCE, TERMINAL } from '../../core/game.js';
import type { ParameterIssue, ParameterSpecs } from '../../core/parameters.js';
import type { Rng } from '../../core/rng.js';

export interface CoinFlipParams {
  winRate: number;
  drawRate: number;
}

export interface CoinFlipState {
  readonly params: CoinFlipParams;
  /** −1 before the flip; then 0 (player 1 wins), 1 (player 2 wins) or 2 (draw). */
  outcome: number;
}

export type CoinFlipAction = { readonly kind: 'flip'; readonly outcome: number };
export type CoinFlipEvent = { readonly type: 'matchEnd'; readonly outcome: 'p1' | 'p2' | 'draw' };

const probability = z.number().min(0).max(1);

export const coinFlipParameters: ParameterSpecs<CoinFlipParams> = {
  winRate: { description: "Player 1's chance to win.", schema: probability, default: 0.5, tunable: { kind: 'real', min: 0, max: 1 } },
  drawRate: { description: 'The chance of a draw.', schema: probability, default: 0, tunable: { kind: 'real', min: 0, max: 1 } },
};

const OUTCOME_NAMES = ['p1', 'p2', 'draw'] as const;

function chanceOutcomes(state: CoinFlipState): ChanceOutcome<CoinFlipAction>[] {
  const { winRate, drawRate } = state.params;
  const outcomes: ChanceOutcome<CoinFlipAction>[] = [
    { action: { kind: 'flip', outcome: 0 }, probability: winRate },
    { action: { kind: 'flip', outcome: 1 }, probability: 1 - winRate - drawRate },
    { action: { kind: 'flip', outcome: 2 }, probability: drawRate },
  ];
  return outcomes.filter((outcome) => outcome.probability > 0);
}

export const coinFlip: GameDefinition<CoinFlipParams, CoinFlipState, CoinFlipAction, CoinFlipEvent, CoinFlipState> = {
  id: 'coin-flip',
  title: 'Coin flip',
  seats: ['Player 1', 'Player 2'],
  parameters: coinFlipParameters,
  utilityBounds: [-1, 1],
  hiddenInformation: false,
  validateParameters(params): ParameterIssue[] {
    return params.winRate + params.drawRate > 1 ? [{ path: ['drawRate'], message: `winRate + drawRate is ${params.winRate + params.drawRate}; expected at most 1` }] : [];
  },
  maxLength: () => 1,
  setup: (params) => ({ params, outcome: -1 }),
  currentPlayer: (state) => (state.outcome === -1 ? CHANCE : TERMINAL),
  legalActions: (_state, into = []) => {
    into.length = 0;
    return into;
  },
  chanceOutcomes,
  sampleChance(state, rng: Rng) {
    const u = rng.float();
    const { winRate, drawRate } = state.params;
    return { kind: 'flip', outcome: u < winRate ? 0 : u < winRate + drawRate ? 2 : 1 };
  },
  apply(state, action, emit: EventSink<CoinFlipEvent>) {
    state.outcome = action.outcome;
    if (emit !== null) emit({ type: 'matchEnd', outcome: OUTCOME_NAMES[action.outcome] as CoinFlipEvent['outcome'] });
  },
  isTerminal: (state) => state.outcome !== -1,
  returns: (state) => (state.outcome === 0 ? [1, -1] : state.outcome === 1 ? [-1, 1] : [0, 0]),
  heuristic: (state) => (state.outcome === -1 ? [2 * state.params.winRate + state.params.drawRate - 1, 1 - 2 * state.params.winRate - state.params.drawRate] : state.outcome === 0 ? [1, -1] : state.outcome === 1 ? [-1, 1] : [0, 0]),
  observe: (state) => ({ ...state }),
  clone: (state) => ({ ...state }),
  actionKey: (action) => `flip(${OUTCOME_NAMES[action.outcome]})`,
  describeState: (state) => (state.outcome === -1 ? 'before the flip' : `over: ${OUTCOME_NAMES[state.outcome]}`),
};
