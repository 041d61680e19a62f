/**
 * The hunting zombie player on hand-built positions: every zombie goes for the one human nearest
 * to death, where the scripted zombies go for whichever human is nearest.
 */
import { describe, expect, it } from 'vitest';
import { huntingZombiesAgent } from '../agents/hunting-zombies.js';
import { scriptedZombiesAgent } from '../agents/scripted-zombies.js';
import type { AgentFactory } from '../src/core/agent.js';
import { SeatDecision } from '../src/core/match-runner.js';
import { matchSeed, matchStream } from '../src/core/rng.js';
import { Phase, type SurvivorsAction, type SurvivorsState } from '../src/games/survivors/index.js';
import { OPEN, addZombie, game, human, passHumanPhase, putHuman, start, zombieTurn } from './fixtures/survivors-scene.js';

function choice(factory: AgentFactory, state: SurvivorsState, config: Record<string, unknown> = {}): string {
  const decision = new SeatDecision(game, state);
  decision.seat = 1;
  decision.legalActions = game.legalActions(state);
  const agent = factory.create(config, { game, params: state.config.params, seat: 1, rng: matchStream(matchSeed(1, 0), 'seat:1') });
  return game.actionKey(decision.legalActions[agent.chooseAction(decision)] as SurvivorsAction);
}

/** Two humans three steps either side of a zombie on the open map, the western one wounded. */
function between(): SurvivorsState {
  const state = start(OPEN, { numHumans: 2 });
  putHuman(state, 0, 0, 2);
  putHuman(state, 1, 6, 2);
  human(state, 0).wounds = 3;
  addZombie(state, 3, 2);
  zombieTurn(state, 0);
  return state;
}

describe('hunting-zombies', () => {
  it('walks towards the wounded human where the scripted zombie walks to the first nearest one', () => {
    const state = between();
    expect(choice(scriptedZombiesAgent, state)).toBe('zombieMove(E)');
    expect(choice(huntingZombiesAgent, state)).toBe('zombieMove(W)');
    // Healed, the two are alike and the quarry is the first human: still west.
    human(state, 0).wounds = 0;
    human(state, 1).wounds = 3;
    expect(choice(huntingZombiesAgent, state)).toBe('zombieMove(E)');
  });

  it('attacks a human next to it before walking to a more wounded quarry', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 0, 4);
    putHuman(state, 1, 6, 0);
    human(state, 0).wounds = 1;
    addZombie(state, 5, 0);
    addZombie(state, 6, 1);
    zombieTurn(state, 0);
    // Zombie 0 is next to human 1: it attacks him whatever the quarry.
    expect(choice(huntingZombiesAgent, state)).toBe('zombieAttack(h1)');
  });

  it('attacks a downed neighbour before a more lightly wounded quarry', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 2, 2);
    putHuman(state, 1, 4, 2);
    human(state, 0).wounds = 5;
    human(state, 0).downed = true;
    human(state, 1).wounds = 4;
    addZombie(state, 3, 2);
    zombieTurn(state, 0);
    expect(choice(huntingZombiesAgent, state)).toBe('zombieAttack(h0)');
  });

  it('spawns at the spawn point nearest its quarry', () => {
    // Spawn points in the top corners: the healthy human 0 three steps under the western one,
    // the wounded human 1 four steps under the eastern one.
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 0, 3);
    putHuman(state, 1, 6, 4);
    human(state, 1).wounds = 3;
    passHumanPhase(state);
    expect(state.phase).toBe(Phase.Spawn);
    expect(choice(huntingZombiesAgent, state)).toBe('place(@6)');
    expect(choice(scriptedZombiesAgent, state)).toBe('place(@0)');
  });

  it('plays the Zombies seat of Survivors only, and checks its settings', () => {
    expect(huntingZombiesAgent.playsOnly).toEqual({ game: 'survivors', seats: [1] });
    expect(huntingZombiesAgent.validateConfig({ focus: 0, speed: 1 }).map((problem) => problem.field).sort()).toEqual(['focus', 'speed']);
    expect(huntingZombiesAgent.validateConfig({ focus: 4, barricadeDetour: 2 })).toEqual([]);
  });
});
