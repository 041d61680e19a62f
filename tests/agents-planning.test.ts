/**
 * What the greedy agent's turn planning and the games' heuristics are for, on hand-built states:
 * a plan of several actions seen as one (move then catch), action points left unspent when
 * spending them does not help, and a held spell kept for a target worth it.
 */
import { describe, expect, it } from 'vitest';
import { greedyAgent } from '../agents/greedy.js';
import type { AgentFactory } from '../src/core/agent.js';
import type { AnyGame } from '../src/core/game.js';
import { SeatDecision } from '../src/core/match-runner.js';
import { defaultParameters, parseParameters } from '../src/core/parameters.js';
import { matchSeed, matchStream } from '../src/core/rng.js';
import { integerDuel, Phase as DuelPhase, PLANTS, type IntegerDuelParams, type IntegerDuelState } from '../src/games/integer-duel/index.js';
import { placeWildZombie, zombieTrainers, type ZombieTrainersParams, type ZombieTrainersState } from '../src/games/zombie-trainers/index.js';

/** The action `factory` picks at `state`, with the agent's stream for `streamSeed`. */
function pick(factory: AgentFactory, game: AnyGame, state: unknown, config: Record<string, unknown>, streamSeed: number): string {
  const seat = game.currentPlayer(state);
  const decision = new SeatDecision(game, state);
  decision.seat = seat;
  decision.legalActions = game.legalActions(state);
  const agent = factory.create(config, { game, params: {}, seat, rng: matchStream(matchSeed(streamSeed, 0), `seat:${seat}`) });
  return game.actionKey(decision.legalActions[agent.chooseAction(decision)]);
}

function trainers(raw: Record<string, unknown>): ZombieTrainersState {
  const parsed = parseParameters(zombieTrainers.parameters, { map: '.....\n.....\n.....', initialWildZombies: 0, ...raw });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return zombieTrainers.setup(parsed.params as ZombieTrainersParams);
}

describe('greedy plans its whole turn', () => {
  // Player 1 at (0,0), a wild zombie at (2,0): (1,0) is 1 step away and next to it, (2,1) 3 steps.
  // Only the move to (1,0) leaves the 2 action points a catch needs.
  const besideAfterOneStep = (): ZombieTrainersState => {
    const state = trainers({ maxWildZombies: 1 });
    placeWildZombie(state, 2, 6, 2);
    return state;
  };

  it('moves one step and keeps the action points for the catch, whatever its stream', () => {
    for (let seed = 1; seed <= 12; seed++) expect(pick(greedyAgent, zombieTrainers, besideAfterOneStep(), {}, seed)).toBe('move(1,0)');
  });

  it('one-step lookahead cannot tell the two cells next to the zombie apart', () => {
    const picks = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) picks.add(pick(greedyAgent, zombieTrainers, besideAfterOneStep(), { horizon: 'action' }, seed));
    expect(picks).toEqual(new Set(['move(1,0)', 'move(2,1)']));
  });

  it('ends its turn rather than spend action points that change nothing', () => {
    // No wild zombie: every move ends as well as standing still.
    for (let seed = 1; seed <= 6; seed++) expect(pick(greedyAgent, zombieTrainers, trainers({ maxWildZombies: 0 }), {}, seed)).toBe('endTurn');
  });
});

describe('the Integer Duel heuristic values held spells', () => {
  /** Plants to play with a negate in hand, the Zombies' combatant `value` on the table. */
  function plantsToPlay(value: number): IntegerDuelState {
    const params: IntegerDuelParams = { ...defaultParameters(integerDuel.parameters), firstStarter: 'plants', openingHand: 0 };
    const state = integerDuel.setup(params);
    const id = (name: string): number => state.config.cards.findIndex((card) => card.name === name);
    state.phase = DuelPhase.Play;
    state.round = 1;
    state.current = PLANTS;
    state.starter = PLANTS;
    state.throws = [2, 2];
    state.hands[PLANTS][id('negate')] = 1;
    state.handSizes[PLANTS] = 1;
    state.table.push({ card: id(String(value)), side: 1, spells: [], value });
    return state;
  }

  it('keeps a negate rather than spend it on a −1', () => {
    expect(pick(greedyAgent, integerDuel, plantsToPlay(-1), {}, 1)).toBe('pass');
  });

  it('casts it on a −6', () => {
    expect(pick(greedyAgent, integerDuel, plantsToPlay(-6), {}, 1)).toMatch(/^spell/);
  });
});
