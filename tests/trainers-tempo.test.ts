/**
 * The trainers-tempo agent (Zombie Trainers greedy with tempo terms and keepLastTrap): its
 * choices on hand-built states, its tempo term against the round cap, and its config checks.
 * Small states and single decisions keep the file fast.
 */
import { describe, expect, it } from 'vitest';
import { greedyAgent } from '../agents/greedy.js';
import { ownTurnsLeft, tempoConfig, tempoGame, tempoXp, trainersTempoAgent } from '../agents/trainers-tempo.js';
import type { AgentFactory } from '../src/core/agent.js';
import type { AnyGame } from '../src/core/game.js';
import { SeatDecision } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { matchSeed, matchStream } from '../src/core/rng.js';
import { placeWildZombie, zombieTrainers, type ZombieTrainersAction, type ZombieTrainersState } from '../src/games/zombie-trainers/index.js';
import { levelScenario } from '../src/ladder/level-scenario.js';
import { parseLevel } from '../src/ladder/levels.js';
import { parseScenario } from '../src/scenario/scenario.js';

const params = defaultParameters(zombieTrainers.parameters);
const game = zombieTrainers as unknown as AnyGame;

function choose(factory: AgentFactory, state: ZombieTrainersState, config: Record<string, unknown> = {}, streamSeed = 1): ZombieTrainersAction {
  const player = game.currentPlayer(state);
  const decision = new SeatDecision(game, state);
  decision.seat = player;
  const legal = game.legalActions(state) as ZombieTrainersAction[];
  decision.legalActions = legal;
  const agent = factory.create(config, { game, params, seat: player, rng: matchStream(matchSeed(streamSeed, 0), `seat:${player}`) });
  return legal[agent.chooseAction(decision)] as ZombieTrainersAction;
}

/** Player 1 at (0,0), to act with full AP, no wild zombie yet; both trainers with the default traps. */
function start(): ZombieTrainersState {
  return zombieTrainers.setup({ ...params, initialWildZombies: 0 });
}

function putWild(state: ZombieTrainersState, x: number, y: number, health: number, attack: number): void {
  const cell = y * state.config.map.width + x;
  placeWildZombie(state, cell, health, attack);
}

/** Leaves `seat` one trap of the lowest rate. */
function lastTrap(state: ZombieTrainersState, seat: 0 | 1): void {
  const trainer = state.trainers[seat];
  trainer.trapCounts = trainer.trapCounts.map((_, i) => (i === 0 ? 1 : 0));
  trainer.trapsLeft = 1;
}

function noTraps(state: ZombieTrainersState, seat: 0 | 1): void {
  const trainer = state.trainers[seat];
  trainer.trapCounts = trainer.trapCounts.map(() => 0);
  trainer.trapsLeft = 0;
}

describe('trainers-tempo: the last trap (rules 26 to 28)', () => {
  /** P1 holds its last trap beside a zombie, with nothing to attack with; P2 still holds traps. */
  function lastTrapBesideZombie(): ZombieTrainersState {
    const state = start();
    putWild(state, 1, 0, 5, 2);
    lastTrap(state, 0);
    return state;
  }

  it('greedy throws its last trap while the opponent holds traps, becoming a spectator (rule 26)', () => {
    expect(choose(greedyAgent, lastTrapBesideZombie()).kind).toBe('catch');
  });

  it('keeps its last trap while the opponent holds one: no catch, whatever its stream', () => {
    for (const streamSeed of [1, 2, 3]) expect(choose(trainersTempoAgent, lastTrapBesideZombie(), {}, streamSeed).kind).not.toBe('catch');
  });

  it('its planner is offered that catch only with keepLastTrap: false', () => {
    const catches = (keepLastTrap: boolean) =>
      (tempoGame(0, tempoConfig({ keepLastTrap })).legalActions(lastTrapBesideZombie()) as ZombieTrainersAction[]).filter((a) => a.kind === 'catch');
    expect(catches(true)).toEqual([]);
    expect(catches(false)).toEqual([{ kind: 'catch', x: 1, y: 0, trapRate: 40 }]);
  });

  it('throws its last trap when the opponent has none and P1 leads: the match ends at once with its win (rules 27, 28)', () => {
    const state = lastTrapBesideZombie();
    noTraps(state, 1);
    state.trainers[0].xp = 5;
    state.trainers[1].xp = 5;
    // Equal XP: player 1 wins the tie (rule 28), so ending the match now wins it whatever the dice.
    expect(choose(trainersTempoAgent, state).kind).toBe('catch');
  });

  it('keeps attacking with its last trap held rather than end the match behind (rule 27)', () => {
    const state = start();
    putWild(state, 1, 0, 2, 1);
    lastTrap(state, 0);
    noTraps(state, 1);
    state.trainers[1].xp = 3;
    state.trainers[0].owned.push({ health: 9, attack: 4 });
    // Throwing the trap would end the match 0 (or 1) to 3, a loss; the attack kills (rule 23).
    expect(choose(trainersTempoAgent, state)).toEqual({ kind: 'attack', zombie: 0, x: 1, y: 0 });
  });
});

describe('trainers-tempo: taking and seeking XP (rules 22, 23)', () => {
  it('takes a killing attack over a catch', () => {
    const state = start();
    putWild(state, 1, 0, 2, 2);
    state.trainers[0].owned.push({ health: 9, attack: 4 });
    expect(choose(trainersTempoAgent, state)).toEqual({ kind: 'attack', zombie: 0, x: 1, y: 0 });
  });

  /**
   * P1 at (0,0) with a weak zombie of its own and only its kept trap: a dangerous wild zombie
   * two cells down, an easy kill five cells right. Greedy closes on the nearest; the agent
   * walks toward the one worth attacking.
   */
  function twoTargets(): ZombieTrainersState {
    const state = start();
    putWild(state, 0, 2, 10, 4);
    putWild(state, 5, 0, 1, 1);
    lastTrap(state, 0);
    state.trainers[0].owned.push({ health: 3, attack: 1 });
    return state;
  }

  it('greedy steps toward the nearest wild zombie, a dangerous one', () => {
    expect(choose(greedyAgent, twoTargets())).toEqual({ kind: 'move', x: 0, y: 1, steps: 1 });
  });

  it('walks toward the zombie worth attacking instead, as far as its action points go', () => {
    expect(choose(trainersTempoAgent, twoTargets())).toEqual({ kind: 'move', x: 3, y: 0, steps: 3 });
  });
});

describe('trainers-tempo: the tempo term and the round cap (rule 29)', () => {
  it("counts each trainer's own turns left before the cap", () => {
    const state = start();
    state.round = params.maxRounds;
    expect(ownTurnsLeft(state, 0)).toBe(1);
    expect(ownTurnsLeft(state, 1)).toBe(1);
    state.current = 1;
    expect(ownTurnsLeft(state, 0)).toBe(0);
    expect(ownTurnsLeft(state, 1)).toBe(1);
  });

  it("counts a zombie's attacks only while turns are left, and nothing for a spectator (rule 26)", () => {
    const config = tempoConfig({ turnsPerAttack: 1 });
    const state = start();
    state.trainers[0].owned.push({ health: 10, attack: 7 });
    // Attack 7 covers the mean wild health (6.5): a hit kills, 11 XP, on 21 of 36 dice outcomes.
    const perAttack = (21 / 36) * 11;
    const early = tempoXp(state, 0, config.turnsPerAttack);
    state.round = params.maxRounds;
    expect(tempoXp(state, 0, config.turnsPerAttack)).toBeCloseTo(perAttack, 12);
    expect(early).toBeGreaterThan(perAttack);
    noTraps(state, 0);
    expect(tempoXp(state, 0, config.turnsPerAttack)).toBe(0);
  });
});

describe('trainers-tempo: config', () => {
  it('rejects unknown and out-of-range settings, naming the field', () => {
    const problems = trainersTempoAgent.validateConfig({ keepLastTrap: 'yes', tempoWeight: -1, turnsPerAttack: 0, beam: 0.5, speed: 2 });
    expect(problems.map((p) => p.field).sort()).toEqual(['beam', 'keepLastTrap', 'speed', 'tempoWeight', 'turnsPerAttack']);
    expect(problems.find((p) => p.field === 'keepLastTrap')?.message).toContain('true, false');
    expect(trainersTempoAgent.validateConfig({ keepLastTrap: false, tempoWeight: 0.2, targetWeight: 1, cellCost: 0.3 })).toEqual([]);
  });

  it('a scenario with a bad setting fails with the field named; the agent plays Zombie Trainers only, in either seat', async () => {
    await expect(parseScenario('name: t\ngame: zombie-trainers\nmatches: 2\nseed: 1\nseats:\n  rotate:\n    - agent: trainers-tempo\n      config: { tempoWeight: 11 }\n    - greedy\n', 'bad.yaml')).rejects.toThrow(/tempoWeight/);
    await expect(parseScenario('name: t\ngame: integer-duel\nmatches: 2\nseed: 1\nseats:\n  - trainers-tempo\n  - greedy\n', 'other.yaml')).rejects.toThrow(/plays only zombie-trainers/);
    const rotated = await parseScenario('name: t\ngame: zombie-trainers\nmatches: 2\nseed: 1\nseats:\n  rotate:\n    - trainers-tempo\n    - greedy\n', 'ok.yaml');
    expect(rotated.rotate).toBe(true);
  });

  it('a ladder level takes both seats of a base that seats it (it plays every seat, so it holds none)', async () => {
    const base = await parseScenario('name: t\ngame: zombie-trainers\nmatches: 2\nseed: 1\nseats: [trainers-tempo, trainers-tempo]\n', 'base.yaml');
    const level = await levelScenario(base, parseLevel('greedy', '--levels'), '--levels');
    expect(level.seats.map((seat) => seat.factory.id)).toEqual(['greedy', 'greedy']);
  });
});
