/**
 * The Survivors activation planner, on hand-built positions: it sees plans one action cannot.
 */
import { describe, expect, it } from 'vitest';
import { survivorsPlannerAgent } from '../agents/survivors-planner.js';
import { SeatDecision } from '../src/core/match-runner.js';
import { matchSeed, matchStream } from '../src/core/rng.js';
import type { SurvivorsAction, SurvivorsState } from '../src/games/survivors/index.js';
import { HOUSE, S, actNow, addZombie, barricadeEdge, edgeAt, game, putHuman, start } from './fixtures/survivors-scene.js';

function plannerChoice(state: SurvivorsState, config: Record<string, unknown> = {}): string {
  const decision = new SeatDecision(game, state);
  decision.seat = 0;
  decision.legalActions = game.legalActions(state);
  const agent = survivorsPlannerAgent.create(config, { game, params: state.config.params, seat: 0, rng: matchStream(matchSeed(1, 0), 'seat:0') });
  return game.actionKey(decision.legalActions[agent.chooseAction(decision)] as SurvivorsAction);
}

describe('survivors-planner', () => {
  it('walks to a window and barricades it in one activation when a zombie comes through it', () => {
    // Human 0 one step west of the window cell (1,1), its doorway already barricaded; a zombie
    // outside, east of the window: 3 actions from him through it, 6 around.
    const state = start(HOUSE);
    barricadeEdge(state, edgeAt(state, 1, 1, S));
    putHuman(state, 0, 0, 1);
    addZombie(state, 3, 1);
    actNow(state, 0, 3);
    expect(plannerChoice(state)).toBe('move(E)');
    const next = game.clone(state);
    game.apply(next, { kind: 'move', dir: 1 }, null);
    expect(plannerChoice(next)).toBe('barricade(E)');
  });

  it('plays the Humans seat of Survivors only, and checks its settings', () => {
    expect(survivorsPlannerAgent.playsOnly).toEqual({ game: 'survivors', seats: [0] });
    expect(survivorsPlannerAgent.validateConfig({ depth: 0, speed: 1 }).map((problem) => problem.field).sort()).toEqual(['depth', 'speed']);
    expect(survivorsPlannerAgent.validateConfig({ depth: 3, width: 4 })).toEqual([]);
  });
});
