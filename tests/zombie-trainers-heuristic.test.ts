/**
 * The Zombie Trainers heuristic: its distance to the nearest wild zombie (a pass over the wild
 * zombies' cells) checked against the plain definition (the minimum Manhattan distance over
 * every wild cell) on hand-built states and seeded random fields; and its static value, term by
 * term, against the formula its file states, on hand-built states.
 */
import { describe, expect, it } from 'vitest';
import { expectedValue } from '../agents/greedy.js';
import { defaultParameters } from '../src/core/parameters.js';
import { matchSeed, matchStream } from '../src/core/rng.js';
import { tempoConfig, tempoGame } from '../agents/trainers-tempo.js';
import { CHANCE, type Heuristic } from '../src/core/game.js';
import { leaderOf } from '../src/quality/lead.js';
import { DEFAULT_WEIGHTS, nearestWildDistance, zombieTrainersHeuristicWith } from '../src/games/zombie-trainers/heuristic.js';
import { exactCatchChance, HIT_XP, KILL_XP, Phase } from '../src/games/zombie-trainers/index.js';
import type { ZombieTrainersAction, ZombieTrainersParams } from '../src/games/zombie-trainers/index.js';
import { placeWildZombie, zombieTrainers, type ZombieTrainersState } from '../src/games/zombie-trainers/index.js';

function stateOn(map: string, interactionRange = 1): ZombieTrainersState {
  const params = { ...defaultParameters(zombieTrainers.parameters), map, initialWildZombies: 0, interactionRange };
  const state = zombieTrainers.setup(params) as ZombieTrainersState;
  state.wildHealth.fill(0);
  state.wildCount = 0;
  state.wildCells.length = 0;
  return state;
}

function placeWild(state: ZombieTrainersState, cell: number): void {
  placeWildZombie(state, cell, 3, 1);
}

/** The definition: the minimum Manhattan distance over every wild cell, less the range, at least 0. */
function byDefinition(state: ZombieTrainersState, seat: 0 | 1): number {
  const { width } = state.config.map;
  const from = state.trainers[seat].cell;
  let best = Number.POSITIVE_INFINITY;
  for (let cell = 0; cell < state.wildHealth.length; cell++) {
    if (state.wildHealth[cell] === 0) continue;
    best = Math.min(best, Math.abs((cell % width) - (from % width)) + Math.abs(Math.floor(cell / width) - Math.floor(from / width)));
  }
  return Math.max(0, best - state.config.params.interactionRange);
}

describe('nearestWildDistance', () => {
  it('measures Manhattan distance less the interaction range, across rows both ways', () => {
    const state = stateOn(['.....', '.....', '.....', '.....'].join('\n'), 1);
    state.trainers[0].cell = 2 * 5 + 2; // (2, 2)
    placeWild(state, 0 * 5 + 4); // (4, 0): 4 away
    expect(nearestWildDistance(state, 0)).toBe(3);
    placeWild(state, 3 * 5 + 0); // (0, 3): 3 away
    expect(nearestWildDistance(state, 0)).toBe(2);
    placeWild(state, 2 * 5 + 1); // (1, 2): 1 away, in reach
    expect(nearestWildDistance(state, 0)).toBe(0);
  });

  it('is infinite with no wild zombie on the map', () => {
    const state = stateOn(['...', '...'].join('\n'), 0);
    expect(nearestWildDistance(state, 1)).toBe(Number.POSITIVE_INFINITY);
  });

  it('finds a zombie in a far corner when the trainer stands in the opposite one', () => {
    const state = stateOn(['......', '......', '......'].join('\n'), 0);
    state.trainers[1].cell = 0;
    placeWild(state, 17);
    expect(nearestWildDistance(state, 1)).toBe(7);
  });

  it('agrees with the definition on seeded random fields of several map shapes', () => {
    const rng = matchStream(matchSeed(19, 3), 'nearest-wild');
    const maps = [
      ['..........', '..##......', '..##...#..', '.......#..', '....#.....', '...###....', '..........', '.#.....##.', '.#.....#..', '..........'],
      ['.', '.', '.', '.', '.', '.', '.'],
      ['.......'],
      ['....', '.##.', '....'],
    ].map((rows) => rows.join('\n'));
    let checked = 0;
    for (const map of maps) {
      for (let trial = 0; trial < 300; trial++) {
        const state = stateOn(map, rng.int(3));
        const cells = state.wildHealth.length;
        state.trainers[0].cell = rng.int(cells);
        state.trainers[1].cell = rng.int(cells);
        const wild = rng.int(4);
        for (let k = 0; k < wild; k++) {
          const cell = rng.int(cells);
          if (state.wildHealth[cell] === 0) placeWild(state, cell);
        }
        for (const seat of [0, 1] as const) {
          expect(nearestWildDistance(state, seat)).toBe(byDefinition(state, seat));
          checked++;
        }
      }
    }
    expect(checked).toBe(2400);
  });
});

describe('the heuristic\'s static value, by its formula', () => {
  // Each trainer: XP + owned × 0.5 + Σ owned 0.1 × future XP (while it has traps)
  //   + Σ traps × exact catch chance × 0.5 − 0.05 × distance to the nearest wild zombie beyond
  //   reach (while it has traps and a wild zombie stands); player 1's value is
  //   tanh((own − other + ½) / 6), player 2's its negation.
  const OPEN = ['.....', '.....', '.....', '.....', '.....'].join('\n');
  const params = (overrides: Partial<ZombieTrainersParams> = {}): ZombieTrainersParams => ({
    ...(defaultParameters(zombieTrainers.parameters) as ZombieTrainersParams),
    map: OPEN,
    initialWildZombies: 0,
    ...overrides,
  });
  /** Future XP of an owned zombie with the default wild ranges: mean wild attack 2.5, health 6.5. */
  const futureXp = (attack: number, health: number, killXp = HIT_XP + KILL_XP - HIT_XP): number =>
    (health / ((21 / 36) * 2.5)) * ((21 / 36) * (HIT_XP + killXp * Math.min(1, attack / 6.5)));
  const traps = (counts: Record<string, number>): number => Object.entries(counts).reduce((sum, [rate, count]) => sum + count * exactCatchChance(Number(rate)) * 0.5, 0);

  /** P1 at (0, 0), P2 at (4, 4), on the open 5 x 5 map with the parameters given. */
  function position(overrides: Partial<ZombieTrainersParams> = {}): ZombieTrainersState {
    const state = zombieTrainers.setup(params(overrides)) as ZombieTrainersState;
    expect(state.phase).toBe(Phase.Decision);
    state.trainers[0].cell = 0;
    state.trainers[1].cell = 24;
    return state;
  }

  it('equal trainers: player 1 is ahead by the tie rule alone', () => {
    const state = position();
    expect(zombieTrainers.heuristic(state)).toEqual([Math.tanh(0.5 / 6), -Math.tanh(0.5 / 6)]);
  });

  it('adds XP, owned zombies, their future XP, traps and distance, each as the formula says', () => {
    const state = position();
    const [p1, p2] = state.trainers;
    p1.xp = 3;
    p1.owned.push({ health: 4, attack: 5 }, { health: 2, attack: 9 });
    p2.xp = 1;
    p2.trapCounts = [1, 0, 0];
    p2.trapsLeft = 1;
    // A wild zombie at (1, 3): 4 from P1 and 4 from P2, both 3 beyond reach (range 1).
    placeWildZombie(state, 3 * 5 + 1, 5, 2);
    const own = 3 + 2 * 0.5 + 0.1 * (futureXp(5, 4) + futureXp(9, 2)) + traps({ 40: 4, 60: 2, 80: 1 }) - 0.05 * 3;
    const other = 1 + traps({ 40: 1 }) - 0.05 * 3;
    const [value, negated] = zombieTrainers.heuristic(state) as number[];
    expect(value).toBeCloseTo(Math.tanh((own - other + 0.5) / 6), 14);
    expect(negated).toBe(-(value as number));
  });

  it('counts each trainer\'s own distance: moving the zombie nearer one trainer shifts the value by 0.05 a cell', () => {
    const state = position();
    placeWildZombie(state, 4 * 5 + 0, 5, 2); // (0, 4): 4 from P1 (3 beyond reach), 4 from P2 (3 beyond)
    const even = zombieTrainers.heuristic(state)[0] as number;
    expect(even).toBeCloseTo(Math.tanh(0.5 / 6), 14);
    const nearer = position();
    placeWildZombie(nearer, 1 * 5 + 0, 5, 2); // (0, 1): in P1's reach (0), 7 from P2 (6 beyond)
    expect(zombieTrainers.heuristic(nearer)[0]).toBeCloseTo(Math.tanh((0.5 + 0.05 * 6) / 6), 14);
  });

  it('a spectator (no traps left) gets nothing for its zombies\' future and no distance penalty', () => {
    const state = position();
    const [p1, p2] = state.trainers;
    p1.trapCounts = [0, 0, 0];
    p1.trapsLeft = 0;
    p1.owned.push({ health: 4, attack: 5 });
    p2.trapCounts = [0, 0, 0];
    p2.trapsLeft = 0;
    // (0, 1): in P1's reach, 6 beyond P2's: a distance term for either would tip the value.
    placeWildZombie(state, 1 * 5 + 0, 5, 2);
    expect(zombieTrainers.heuristic(state)[0]).toBeCloseTo(Math.tanh((0.5 + 0.5) / 6), 14);
  });

  it('with no wild zombie there is no distance term, whatever the state read before had', () => {
    const before = position();
    placeWildZombie(before, 1 * 5 + 0, 5, 2); // in P1's reach, 6 beyond P2's
    expect(zombieTrainers.heuristic(before)[0]).toBeCloseTo(Math.tanh((0.5 + 0.05 * 6) / 6), 14);
    expect(zombieTrainers.heuristic(position())[0]).toBeCloseTo(Math.tanh(0.5 / 6), 14);
  });

  it('values every pending catch and attack as the expectation over its chance outcomes', () => {
    // expectedValue expands every chance outcome down to the next decision and reads the
    // static value there: the heuristic's closed forms must agree at every chance node.
    const exact = (state: ZombieTrainersState): void => {
      expect(zombieTrainers.heuristic(state)[0]).toBeCloseTo(expectedValue(zombieTrainers, state, 0, 100_000), 12);
    };
    /** Plays each action in turn, checking the phase it leads to and the value there. */
    const through = (state: ZombieTrainersState, steps: readonly (readonly [ZombieTrainersAction, Phase])[]): void => {
      for (const [action, phase] of steps) {
        zombieTrainers.apply(state, action, null);
        expect(state.phase).toBe(phase);
        exact(state);
      }
    };
    const chance = (value: number): ZombieTrainersAction => ({ kind: 'chance', value });
    for (const [aggressive, defensive] of [[1, 6], [6, 1], [3, 3], [4, 2]] as const) {
      const state = position();
      placeWildZombie(state, 1, 5, 2); // (1, 0), in P1's reach
      through(state, [
        [{ kind: 'catch', x: 1, y: 0, trapRate: 60 }, Phase.CatchAggressive],
        [chance(aggressive), Phase.CatchDefensive],
        [chance(defensive), Phase.CatchRoll],
      ]);
    }
    for (const aggressive of [1, 2, 5, 6]) {
      const state = position();
      placeWildZombie(state, 1, 4, 3);
      state.trainers[0].owned.push({ health: 4, attack: 2 });
      through(state, [
        [{ kind: 'attack', zombie: 0, x: 1, y: 0 }, Phase.AttackAggressive],
        [chance(aggressive), Phase.AttackDefensive],
      ]);
    }
  });

  it('with killXpStacks false a kill is worth the kill XP alone, and two parameter sets read in turn keep their own terms', () => {
    const stacking = position();
    stacking.trainers[0].owned.push({ health: 4, attack: 5 });
    const alone = position({ killXpStacks: false, zombieAttack: [2, 2] });
    alone.trainers[0].owned.push({ health: 4, attack: 5 });
    const expectStacking = Math.tanh((0.5 + 0.5 + 0.1 * futureXp(5, 4)) / 6);
    // Mean wild attack 2 here, so the expected damage per attack is 21/36 × 2.
    const expectAlone = Math.tanh((0.5 + 0.5 + 0.1 * (4 / ((21 / 36) * 2)) * ((21 / 36) * (HIT_XP + (KILL_XP - HIT_XP) * Math.min(1, 5 / 6.5)))) / 6);
    for (let round = 0; round < 2; round++) {
      expect(zombieTrainers.heuristic(stacking)[0]).toBeCloseTo(expectStacking, 14);
      expect(zombieTrainers.heuristic(alone)[0]).toBeCloseTo(expectAlone, 14);
    }
  });

  it('is the returns once the match is over', () => {
    const state = position();
    state.phase = Phase.Over;
    state.winner = 1;
    expect(zombieTrainers.heuristic(state)).toEqual([-1, 1]);
    state.winner = 0;
    expect(zombieTrainers.heuristic(state)).toEqual([1, -1]);
  });
});

describe("the heuristic's leader (what the quality leads read)", () => {
  const leaderOfState = (heuristic: Heuristic<ZombieTrainersState>, state: ZombieTrainersState): number => (heuristic.leader as (state: ZombieTrainersState) => number)(state);
  const OPEN = ['.....', '.....', '.....', '.....', '.....'].join('\n');
  function position(): ZombieTrainersState {
    const params = { ...(defaultParameters(zombieTrainers.parameters) as ZombieTrainersParams), map: OPEN, initialWildZombies: 0 };
    const state = zombieTrainers.setup(params) as ZombieTrainersState;
    state.trainers[0].cell = 0;
    state.trainers[1].cell = 24;
    return state;
  }

  it('is the seat the values put strictly ahead, and none where they are level', () => {
    // Player 2 half an XP ahead cancels player 1's tie advantage exactly: the values are [0, -0].
    for (const [xp, leader] of [[0.4, 0], [0.5, -1], [0.6, 1]] as const) {
      const state = position();
      state.trainers[1].xp = xp;
      expect(leaderOf(zombieTrainers.heuristic(state))).toBe(leader);
      expect(leaderOfState(zombieTrainers.heuristic, state)).toBe(leader);
    }
    const over = position();
    over.phase = Phase.Over;
    for (const winner of [0, 1] as const) {
      over.winner = winner;
      expect(leaderOfState(zombieTrainers.heuristic, over)).toBe(winner);
    }
  });

  it('agrees with the values at every state of seeded random playouts, pending dice included, for the default weights and others', () => {
    const other = zombieTrainersHeuristicWith({ trapWeight: 2, ownedValue: 3, futureXpWeight: 0.7, proximityWeight: 0.4, scale: 0.5 }, zombieTrainers);
    const params = defaultParameters(zombieTrainers.parameters) as ZombieTrainersParams;
    const legal: ZombieTrainersAction[] = [];
    const seen = new Set<number>();
    for (let playout = 0; playout < 30; playout++) {
      const rng = matchStream(matchSeed(7, playout), 'leader-test');
      const state = zombieTrainers.setup(params) as ZombieTrainersState;
      while (!zombieTrainers.isTerminal(state)) {
        for (const heuristic of [zombieTrainers.heuristic, other]) {
          const leader = leaderOfState(heuristic, state);
          expect(leader).toBe(leaderOf(heuristic(state)));
          seen.add(leader);
        }
        const action = zombieTrainers.currentPlayer(state) === CHANCE ? zombieTrainers.sampleChance(state, rng) : (zombieTrainers.legalActions(state, legal)[rng.int(legal.length)] as ZombieTrainersAction);
        zombieTrainers.apply(state, action, null);
      }
      expect(leaderOfState(zombieTrainers.heuristic, state)).toBe(leaderOf(zombieTrainers.returns(state)));
    }
    // Both seats led somewhere: the test saw more than one answer.
    expect([seen.has(0), seen.has(1)]).toEqual([true, true]);
  });

  it('agrees with the values where the distances to the wild zombies decide, and just past where they cannot', () => {
    // Player 1 in a corner and a zombie in the far corner, player 2 beside one: the distance terms
    // are as far apart as the map allows (0.05 × 8 less the range), and an XP gap on either side
    // of that is decided by them or not.
    const heuristics = [
      zombieTrainers.heuristic,
      zombieTrainersHeuristicWith({ ...DEFAULT_WEIGHTS, proximityWeight: -0.3 }, zombieTrainers),
      zombieTrainersHeuristicWith({ ...DEFAULT_WEIGHTS, scale: -2 }, zombieTrainers),
      // tanh(x / Infinity) is 0 for every x: the values are level, and so must the leader be.
      zombieTrainersHeuristicWith({ ...DEFAULT_WEIGHTS, scale: Number.POSITIVE_INFINITY }, zombieTrainers),
    ];
    const outcomes = new Set<string>();
    // XP gaps every 0.05 from -1.5 to 1, and the trainers in corners, beside the zombie and in the middle.
    const gaps = Array.from({ length: 51 }, (_, i) => Math.round((i * 0.05 - 1.5) * 100) / 100);
    for (const gap of gaps) {
      for (const [first, second, spectator] of [[0, 23, -1], [23, 0, -1], [12, 13, -1], [4, 20, -1], [20, 4, -1], [0, 23, 0], [23, 0, 1]] as const) {
        const state = position();
        // A spectator (no trap left) has no distance term.
        if (spectator >= 0) {
          const trainer = state.trainers[spectator as 0 | 1];
          trainer.trapCounts.fill(0);
          trainer.trapsLeft = 0;
        }
        state.trainers[0].cell = first;
        state.trainers[1].cell = second;
        placeWildZombie(state, 24, 3, 3);
        state.trainers[0].xp = 10 + gap;
        state.trainers[1].xp = 10;
        for (const heuristic of heuristics) {
          const leader = leaderOfState(heuristic, state);
          expect(leader, `gap ${gap}, cells ${first} and ${second}`).toBe(leaderOf(heuristic(state)));
          outcomes.add(`${first}:${leader}`);
        }
      }
    }
    // Both seats led from the same cells at some gap: the distances' reach was crossed.
    expect([...outcomes].filter((entry) => entry.startsWith('0:')).length).toBeGreaterThanOrEqual(2);
    // Values of 1e8 and more round at 1e-8: a distance term a few billionths short of the XP
    // difference it would cancel is lost in the sum, and the leader says what the sum says.
    for (const xp of [1e7, 1e8, 1e9, 1e12]) {
      for (const shortBy of [3e-9, 5e-9, 1e-7, 1e-5]) {
        const weights = { ...DEFAULT_WEIGHTS, proximityWeight: (0.5 - shortBy) / 7 };
        const heuristic = zombieTrainersHeuristicWith(weights, zombieTrainers);
        const state = position();
        state.trainers[0].cell = 0;
        state.trainers[1].cell = 23;
        placeWildZombie(state, 24, 3, 3);
        state.trainers[0].xp = xp;
        state.trainers[1].xp = xp;
        expect(leaderOfState(heuristic, state), `xp ${xp}, short by ${shortBy}`).toBe(leaderOf(heuristic(state)));
      }
    }
    // A scale of NaN gives NaN values, and NaN for the leader too, with zombies on the map.
    const state = position();
    placeWildZombie(state, 24, 3, 3);
    state.trainers[0].xp = 30;
    expect(leaderOfState(zombieTrainersHeuristicWith({ ...DEFAULT_WEIGHTS, scale: Number.NaN }, zombieTrainers), state)).toBeNaN();
  });

  it('is NaN where the value is, so a run reports it as no seat rather than as a shared lead', () => {
    const broken = zombieTrainersHeuristicWith({ trapWeight: 0.5, ownedValue: 0.5, futureXpWeight: 0.1, proximityWeight: 0.05, scale: Number.NaN }, zombieTrainers);
    expect(broken(position())[0]).toBeNaN();
    expect(leaderOfState(broken, position())).toBeNaN();
  });

  it('is dropped by a game that swaps in its own heuristic (the tempo agent\'s planner)', () => {
    expect(tempoGame(0, tempoConfig({})).heuristic.leader).toBeUndefined();
  });
});
