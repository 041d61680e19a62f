/**
 * Zombie Trainers, rule by rule (shared/rules/zombie-trainers.md).
 *
 * Every test builds a small state by hand (custom map, no initial zombies, fields set directly)
 * and forces every chance node, so each expectation follows from the rule it names.
 */
import { describe, expect, it } from 'vitest';
import type { EventSink } from '../src/core/game.js';
import { CHANCE, TERMINAL } from '../src/core/game.js';
import { defaultParameters } from '../src/core/parameters.js';
import { matchSeed, matchStream, type Rng } from '../src/core/rng.js';
import {
  CATCH_XP,
  HIT_XP,
  KILL_XP,
  Phase,
  catchChanceGivenDice,
  catchSucceeds,
  exactCatchChance,
  parseMap,
  placeWildZombie,
  zombieTrainers,
} from '../src/games/zombie-trainers/index.js';
import { searchStampForTests, setSearchStampForTests } from '../src/games/zombie-trainers/rules.js';
import type {
  ZombieTrainersAction,
  ZombieTrainersEvent,
  ZombieTrainersParams,
  ZombieTrainersState,
} from '../src/games/zombie-trainers/index.js';
import { validateZombieTrainersParams } from '../src/games/zombie-trainers/parameters.js';

const game = zombieTrainers;

type MoveAction = Extract<ZombieTrainersAction, { kind: 'move' }>;
type CatchAction = Extract<ZombieTrainersAction, { kind: 'catch' }>;
type AttackAction = Extract<ZombieTrainersAction, { kind: 'attack' }>;
type EventOf<T extends ZombieTrainersEvent['type']> = Extract<ZombieTrainersEvent, { type: T }>;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** A 5 × 5 map of grass only. */
const OPEN_5 = ['.....', '.....', '.....', '.....', '.....'].join('\n');

function makeParams(overrides: Partial<ZombieTrainersParams> = {}): ZombieTrainersParams {
  return { ...defaultParameters(game.parameters), initialWildZombies: 0, ...overrides };
}

interface Recorder {
  events: ZombieTrainersEvent[];
  sink: EventSink<ZombieTrainersEvent>;
}

function recorder(): Recorder {
  const events: ZombieTrainersEvent[] = [];
  return {
    events,
    sink: (event) => {
      events.push(event);
    },
  };
}

function eventsOf<T extends ZombieTrainersEvent['type']>(events: readonly ZombieTrainersEvent[], type: T): EventOf<T>[] {
  return events.filter((event): event is EventOf<T> => event.type === type);
}

function lastEvent<T extends ZombieTrainersEvent['type']>(events: readonly ZombieTrainersEvent[], type: T): EventOf<T> {
  const found = eventsOf(events, type);
  const last = found[found.length - 1];
  if (last === undefined) throw new Error(`no ${type} event among ${events.map((e) => e.type).join(', ')}`);
  return last;
}

/** A fresh state at player 1's first decision (no initial zombies). */
function start(map: string, overrides: Partial<ZombieTrainersParams> = {}): ZombieTrainersState {
  const state = game.setup(makeParams({ map, ...overrides }));
  expect(game.currentPlayer(state)).toBe(0);
  expect(state.phase).toBe(Phase.Decision);
  return state;
}

function cellOf(state: ZombieTrainersState, x: number, y: number): number {
  return y * state.config.map.width + x;
}

function placeWild(state: ZombieTrainersState, x: number, y: number, health: number, attack: number): number {
  const cell = cellOf(state, x, y);
  expect(state.config.map.grass[cell]).toBe(1);
  expect(state.wildHealth[cell]).toBe(0);
  placeWildZombie(state, cell, health, attack);
  return cell;
}

/** Empties a trainer's traps (a spectator, rule 26). */
function emptyTraps(state: ZombieTrainersState, seat: 0 | 1): void {
  const trainer = state.trainers[seat];
  trainer.trapCounts = trainer.trapCounts.map(() => 0);
  trainer.trapsLeft = 0;
}

/** Leaves a trainer exactly `count` traps, all of rate `rate`. */
function onlyTraps(state: ZombieTrainersState, seat: 0 | 1, rate: number, count: number): void {
  const index = state.config.trapRates.indexOf(rate);
  expect(index).toBeGreaterThanOrEqual(0);
  const trainer = state.trainers[seat];
  trainer.trapCounts = trainer.trapCounts.map((_, i) => (i === index ? count : 0));
  trainer.trapsLeft = count;
}

function legal(state: ZombieTrainersState): ZombieTrainersAction[] {
  return game.legalActions(state);
}
function movesOf(state: ZombieTrainersState): MoveAction[] {
  return legal(state).filter((a): a is MoveAction => a.kind === 'move');
}
function catchesOf(state: ZombieTrainersState): CatchAction[] {
  return legal(state).filter((a): a is CatchAction => a.kind === 'catch');
}
function attacksOf(state: ZombieTrainersState): AttackAction[] {
  return legal(state).filter((a): a is AttackAction => a.kind === 'attack');
}
function kinds(state: ZombieTrainersState): Set<string> {
  return new Set(legal(state).map((a) => a.kind));
}
function maxMoveSteps(state: ZombieTrainersState): number {
  return Math.max(0, ...movesOf(state).map((m) => m.steps));
}
function moveTo(state: ZombieTrainersState, x: number, y: number): MoveAction | undefined {
  return movesOf(state).find((m) => m.x === x && m.y === y);
}

/** Applies a forced chance outcome, checking it is one the node lists. */
function force(state: ZombieTrainersState, value: number, sink: EventSink<ZombieTrainersEvent> = null): void {
  expect(game.currentPlayer(state)).toBe(CHANCE);
  const listed = game.chanceOutcomes(state).some((o) => o.action.kind === 'chance' && o.action.value === value);
  expect(listed, `chance value ${value} listed at phase ${state.phase}`).toBe(true);
  game.apply(state, { kind: 'chance', value }, sink);
}

function chanceValues(state: ZombieTrainersState): number[] {
  return game.chanceOutcomes(state).map((o) => (o.action.kind === 'chance' ? o.action.value : Number.NaN));
}

/** Plays the legal catch of (x, y) with a trap of `rate`, forcing A, D and R. */
function doCatch(
  state: ZombieTrainersState,
  x: number,
  y: number,
  rate: number,
  aggressive: number,
  defensive: number,
  roll: number,
  sink: EventSink<ZombieTrainersEvent> = null,
): void {
  const action = catchesOf(state).find((a) => a.x === x && a.y === y && a.trapRate === rate);
  expect(action, `catch (${x},${y}) rate ${rate} is legal`).toBeDefined();
  game.apply(state, action as CatchAction, sink);
  expect(state.phase).toBe(Phase.CatchAggressive);
  force(state, aggressive, sink);
  expect(state.phase).toBe(Phase.CatchDefensive);
  force(state, defensive, sink);
  expect(state.phase).toBe(Phase.CatchRoll);
  force(state, roll, sink);
}

/** Plays the legal attack of (x, y) by owned zombie `zombie`, forcing A and D. */
function doAttack(
  state: ZombieTrainersState,
  zombie: number,
  x: number,
  y: number,
  aggressive: number,
  defensive: number,
  sink: EventSink<ZombieTrainersEvent> = null,
): void {
  const action = attacksOf(state).find((a) => a.zombie === zombie && a.x === x && a.y === y);
  expect(action, `attack (${x},${y}) with zombie ${zombie} is legal`).toBeDefined();
  game.apply(state, action as AttackAction, sink);
  expect(state.phase).toBe(Phase.AttackAggressive);
  force(state, aggressive, sink);
  expect(state.phase).toBe(Phase.AttackDefensive);
  force(state, defensive, sink);
}

function endTurn(state: ZombieTrainersState, sink: EventSink<ZombieTrainersEvent> = null): void {
  expect(legal(state).some((a) => a.kind === 'endTurn')).toBe(true);
  game.apply(state, { kind: 'endTurn' }, sink);
}

/** Forces a whole spawn: its cell, health and attack. */
function spawn(state: ZombieTrainersState, cell: number, health: number, attack: number, sink: EventSink<ZombieTrainersEvent> = null): void {
  expect(state.phase).toBe(Phase.SpawnCell);
  force(state, cell, sink);
  expect(state.phase).toBe(Phase.SpawnHealth);
  force(state, health, sink);
  expect(state.phase).toBe(Phase.SpawnAttack);
  force(state, attack, sink);
}

// ---------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------

describe('Zombie Trainers setup', () => {
  it('rule 7: player 1 on the first grass cell and player 2 on the last, row-major from the top-left', () => {
    // Row 0 starts with rock; the last row ends with rock. Grass cells row-major: 2,3,4..7,8,10.
    // Column-major order would give first (0,1) = 4 and last (3,1) = 7 instead.
    const map = ['##..', '....', '.#.#'].join('\n');
    const state = start(map);
    expect(state.trainers[0].cell).toBe(2); // (2, 0)
    expect(state.trainers[1].cell).toBe(10); // (2, 2)
    expect(state.current).toBe(0);
    // One wild-zombie slot per cell of the 4 × 3 map, all empty.
    expect(state.wildHealth).toEqual(new Array(12).fill(0));
    expect(state.wildAttack).toEqual(new Array(12).fill(0));
  });

  it('rules 8 and 25: initial zombies are placed through forced chance with the forced health and attack', () => {
    // 3 × 3 with rock at (2,0) and (1,1). Grass: 0,1,3,5,6,7,8. Trainers on 0 and 8.
    const map = ['..#', '.#.', '...'].join('\n');
    const params = makeParams({ map, initialWildZombies: 2, zombieHealth: [2, 5], zombieAttack: [1, 3] });
    const state = game.setup(params);
    const { events, sink } = recorder();

    expect(game.currentPlayer(state)).toBe(CHANCE);
    expect(state.phase).toBe(Phase.SpawnCell);
    // Only free grass cells: not rock (2, 4), not trainers (0, 8).
    expect(chanceValues(state)).toEqual([1, 3, 5, 6, 7]);

    force(state, 5, sink);
    expect(chanceValues(state)).toEqual([2, 3, 4, 5]); // zombieHealth [2, 5]
    force(state, 4, sink);
    expect(chanceValues(state)).toEqual([1, 2, 3]); // zombieAttack [1, 3]
    force(state, 3, sink);
    expect(state.wildHealth[5]).toBe(4);
    expect(state.wildAttack[5]).toBe(3);
    expect(state.wildCount).toBe(1);
    expect(lastEvent(events, 'spawn')).toMatchObject({ x: 2, y: 1, health: 4, attack: 3, initial: true });

    // The second spawn cannot land on the first zombie.
    expect(state.phase).toBe(Phase.SpawnCell);
    expect(chanceValues(state)).toEqual([1, 3, 6, 7]);
    force(state, 6, sink);
    force(state, 2, sink);
    force(state, 1, sink);
    expect(state.wildHealth[6]).toBe(2);
    expect(state.wildAttack[6]).toBe(1);
    expect(state.wildCount).toBe(2);
    expect(eventsOf(events, 'spawn')).toHaveLength(2);

    // Both placed: player 1's first turn begins with full AP.
    expect(game.currentPlayer(state)).toBe(0);
    expect(state.phase).toBe(Phase.Decision);
    expect(state.turn).toBe(1);
    expect(state.round).toBe(1);
    expect(state.actionPoints).toBe(params.actionPoints);
  });

  it('rules 8 and 25: spawn chance outcomes are the free grass cells, uniform, summing to 1; health covers exactly zombieHealth', () => {
    const map = ['..#', '.#.', '...'].join('\n');
    const params = makeParams({ map, initialWildZombies: 0, maxWildZombies: 5 }); // default zombieHealth [3, 10], attack [1, 4]
    const state = game.setup(params);
    placeWild(state, 1, 2, 5, 2); // cell 7
    // Player 1 moves to (1, 0): the spawn must avoid the trainer where it now stands.
    const move = moveTo(state, 1, 0);
    expect(move).toBeDefined();
    game.apply(state, move as MoveAction, null);
    endTurn(state);
    expect(state.phase).toBe(Phase.SpawnCell);

    const outcomes = game.chanceOutcomes(state);
    // Grass 0,1,3,5,6,7,8 minus trainer 1 (P1), 8 (P2), zombie 7.
    expect(chanceValues(state)).toEqual([0, 3, 5, 6]);
    for (const outcome of outcomes) expect(outcome.probability).toBeCloseTo(1 / 4, 12);
    expect(outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12);

    force(state, 3);
    const health = game.chanceOutcomes(state);
    expect(chanceValues(state)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    for (const outcome of health) expect(outcome.probability).toBeCloseTo(1 / 8, 12);
    expect(health.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12);
    force(state, 10);
    expect(chanceValues(state)).toEqual([1, 2, 3, 4]);
    force(state, 4);
    expect(state.wildHealth[3]).toBe(10);
    expect(state.wildAttack[3]).toBe(4);
  });
});

// ---------------------------------------------------------------------------------------------
// Turns and action points
// ---------------------------------------------------------------------------------------------

describe('Zombie Trainers action points', () => {
  /** P1 at (2, 2), a wild zombie above it, one owned zombie; no spawns. */
  function apState(overrides: Partial<ZombieTrainersParams> = {}): ZombieTrainersState {
    const state = start(OPEN_5, { maxWildZombies: 0, ...overrides });
    state.trainers[0].cell = cellOf(state, 2, 2);
    placeWild(state, 2, 1, 9, 1);
    state.trainers[0].owned.push({ health: 20, attack: 1 });
    return state;
  }

  it('rules 10 and 11: actions whose cost exceeds the AP left are not legal; endTurn always is', () => {
    const state = apState();
    expect(state.actionPoints).toBe(3);
    expect(kinds(state)).toEqual(new Set(['move', 'catch', 'attack', 'endTurn']));
    expect(maxMoveSteps(state)).toBe(3);

    state.actionPoints = 2; // attack costs 3
    expect(kinds(state)).toEqual(new Set(['move', 'catch', 'endTurn']));
    expect(maxMoveSteps(state)).toBe(2);

    state.actionPoints = 1; // catch costs 2
    expect(kinds(state)).toEqual(new Set(['move', 'endTurn']));
    expect(maxMoveSteps(state)).toBe(1);

    state.actionPoints = 0;
    expect(legal(state)).toEqual([{ kind: 'endTurn' }]);
  });

  it('rule 11: move costs 1 AP a cell, catch 2 AP, attack 3 AP', () => {
    const moved = apState();
    const move = moveTo(moved, 4, 2); // two cells right, nothing in the way
    expect(move?.steps).toBe(2);
    game.apply(moved, move as MoveAction, null);
    expect(moved.actionPoints).toBe(1);

    const caught = apState();
    doCatch(caught, 2, 1, 40, 1, 6, 100); // fails; cost paid anyway
    expect(caught.actionPoints).toBe(1);
    expect(kinds(caught).has('catch')).toBe(false);

    const attacked = apState();
    doAttack(attacked, 0, 2, 1, 1, 6); // D > A
    expect(attacked.actionPoints).toBe(0);
    expect(legal(attacked)).toEqual([{ kind: 'endTurn' }]);
  });

  it('rule 11: costs and AP come from the parameters (actionPoints 5, moveCost 2, catchCost 4, attackCost 5)', () => {
    const state = apState({ actionPoints: 5, moveCost: 2, catchCost: 4, attackCost: 5 });
    expect(state.actionPoints).toBe(5);
    expect(kinds(state)).toEqual(new Set(['move', 'catch', 'attack', 'endTurn']));
    expect(maxMoveSteps(state)).toBe(2); // floor(5 / 2)
    state.actionPoints = 4;
    expect(kinds(state)).toEqual(new Set(['move', 'catch', 'endTurn']));
    const move = moveTo(state, 3, 2);
    expect(move?.steps).toBe(1);
    game.apply(state, move as MoveAction, null);
    expect(state.actionPoints).toBe(2); // 1 step × moveCost 2
    expect(kinds(state)).toEqual(new Set(['move', 'endTurn']));
  });

  it('rules 9 and 10: AP reset at the next turn, unused AP lost, players alternate', () => {
    const state = apState();
    const { events, sink } = recorder();
    game.apply(state, moveTo(state, 1, 2) as MoveAction, sink);
    expect(state.actionPoints).toBe(2);
    endTurn(state, sink); // 2 AP unused
    expect(game.currentPlayer(state)).toBe(1);
    expect(state.actionPoints).toBe(3); // not 3 + 2
    expect(state.round).toBe(1);

    const p2Move = movesOf(state).find((m) => m.steps === 1);
    expect(p2Move).toBeDefined();
    game.apply(state, p2Move as MoveAction, sink);
    expect(state.actionPoints).toBe(2);
    endTurn(state, sink);
    expect(game.currentPlayer(state)).toBe(0);
    expect(state.actionPoints).toBe(3);
    expect(state.round).toBe(2);
    expect(state.turn).toBe(3);
    expect(eventsOf(events, 'turnEnd').map((e) => e.seat)).toEqual([0, 1]);
  });

  it('a sink that names the types it takes is handed moves and turn ends only when it names them', () => {
    for (const [types, heard] of [
      [['catch'], []],
      [['move'], ['move']],
      [['turnEnd', 'spawn'], ['turnEnd']],
    ] as const) {
      const state = apState();
      const handed: string[] = [];
      const sink = Object.assign((event: ZombieTrainersEvent) => void handed.push(event.type), { types: new Set<string>(types) });
      game.apply(state, moveTo(state, 1, 2) as MoveAction, sink);
      game.apply(state, { kind: 'endTurn' }, sink);
      expect(handed.filter((type) => type === 'move' || type === 'turnEnd'), types.join()).toEqual(heard);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Moving
// ---------------------------------------------------------------------------------------------

describe('Zombie Trainers moving', () => {
  // 5 × 4. From (0,0) to (2,0) is 2 cells as the crow flies but 8 steps around the rock wall:
  // (0,1) (0,2) (0,3) (1,3) (2,3) (2,2) (2,1) (2,0). Then (3,0) 9, (4,0) 10, ... P2 on (4,3).
  const MAZE = ['.#...', '.#.#.', '.#.#.', '...#.'].join('\n');

  it('rules 12 and 13: the cost of a move is the shortest grass path, never through rock', () => {
    const state = start(MAZE, { actionPoints: 8 });
    expect(state.trainers[0].cell).toBe(0);
    const moves = movesOf(state);
    for (const move of moves) expect(state.config.map.grass[cellOf(state, move.x, move.y)]).toBe(1); // rule 12
    const expected: Record<string, number> = {
      '0,1': 1, '0,2': 2, '0,3': 3, '1,3': 4, '2,3': 5, '2,2': 6, '2,1': 7, '2,0': 8,
    };
    expect(Object.fromEntries(moves.map((m) => [`${m.x},${m.y}`, m.steps]))).toEqual(expected);
    expect(moveTo(state, 3, 0)).toBeUndefined(); // 9 steps > 8 AP

    const { events, sink } = recorder();
    game.apply(state, moveTo(state, 2, 0) as MoveAction, sink);
    expect(state.trainers[0].cell).toBe(cellOf(state, 2, 0));
    expect(state.actionPoints).toBe(0);
    expect(lastEvent(events, 'move')).toMatchObject({ fromX: 0, fromY: 0, x: 2, y: 0, steps: 8, cost: 8 });
  });

  it('rule 12: a trainer written onto rock by hand moves nowhere, however the moves are found (review 32b: 11 moves on a map 31 wide with a unit near)', () => {
    for (const width of [5, 31, 32]) {
      for (const zombieNear of [false, true]) {
        const map = ['.'.repeat(width), `.#${'.'.repeat(width - 2)}`, '.'.repeat(width)].join('\n');
        const state = start(map, { actionPoints: 3, initialWildZombies: 0 });
        state.trainers[0].cell = cellOf(state, 1, 1);
        state.trainers[1].cell = cellOf(state, width - 1, 2);
        if (zombieNear) placeWild(state, 2, 0, 3, 1);
        expect(movesOf(state), `${width} wide, zombie near: ${zombieNear}`).toEqual([]);
      }
    }
  });

  it('rule 13: a cell whose path cost exceeds the AP left is not offered', () => {
    const state = start(MAZE, { actionPoints: 7 });
    expect(moveTo(state, 2, 1)?.steps).toBe(7);
    expect(moveTo(state, 2, 0)).toBeUndefined();
  });

  it('rule 13: moving deducts steps × moveCost', () => {
    const state = start(MAZE, { actionPoints: 8, moveCost: 2 });
    expect(maxMoveSteps(state)).toBe(4);
    expect(moveTo(state, 2, 3)).toBeUndefined(); // 5 steps would cost 10
    const move = moveTo(state, 1, 3);
    expect(move?.steps).toBe(4);
    game.apply(state, move as MoveAction, null);
    expect(state.actionPoints).toBe(0);
  });

  it('rule 13: the seed example, (1,0) to (1,2) costs 2 AP', () => {
    const state = start(OPEN_5);
    state.trainers[0].cell = cellOf(state, 1, 0);
    const move = moveTo(state, 1, 2);
    expect(move?.steps).toBe(2);
    game.apply(state, move as MoveAction, null);
    expect(state.actionPoints).toBe(1);
    expect(state.trainers[0].cell).toBe(cellOf(state, 1, 2));
  });

  it('rule 13: steps are orthogonal, so a diagonal neighbour costs 2', () => {
    const state = start(OPEN_5);
    state.trainers[0].cell = cellOf(state, 1, 0);
    expect(moveTo(state, 2, 1)?.steps).toBe(2);
    expect(moveTo(state, 0, 1)?.steps).toBe(2);
    expect(moveTo(state, 3, 1)?.steps).toBe(3);
  });

  it('rule 14: with blockingUnits a trainer cannot end on or step through a wild zombie', () => {
    // A 1 × 5 corridor; P1 on (0,0), P2 on (4,0), a zombie on (2,0).
    const state = start('.....', { actionPoints: 3 });
    placeWild(state, 2, 0, 5, 1);
    expect(movesOf(state).map((m) => [m.x, m.steps])).toEqual([[1, 1]]);
  });

  it('rule 14: with blockingUnits a trainer cannot end on or step through the other trainer', () => {
    const state = start('.....', { actionPoints: 4 });
    expect(movesOf(state).map((m) => [m.x, m.steps])).toEqual([[1, 1], [2, 2], [3, 3]]); // not (4,0)
    state.trainers[1].cell = cellOf(state, 2, 0);
    expect(movesOf(state).map((m) => [m.x, m.steps])).toEqual([[1, 1]]);
  });

  it('rule 14: a blocking zombie forces a detour, raising the cost', () => {
    // 4 × 2 open; P1 (0,0), P2 (3,1), zombie (1,0): (2,0) is 4 steps around it, 2 without blocking.
    const open = start(['....', '....'].join('\n'), { actionPoints: 5 });
    expect(open.trainers[1].cell).toBe(cellOf(open, 3, 1));
    placeWild(open, 1, 0, 5, 1);
    expect(moveTo(open, 2, 0)?.steps).toBe(4);
    const free = start(['....', '....'].join('\n'), { actionPoints: 5, blockingUnits: false });
    placeWild(free, 1, 0, 5, 1);
    expect(moveTo(free, 2, 0)?.steps).toBe(2);
  });

  it('rule 14: with blockingUnits false a trainer may step through and end on a zombie or the other trainer', () => {
    const state = start('.....', { actionPoints: 4, blockingUnits: false });
    placeWild(state, 2, 0, 5, 1);
    expect(movesOf(state).map((m) => [m.x, m.steps])).toEqual([[1, 1], [2, 2], [3, 3], [4, 4]]);
    game.apply(state, moveTo(state, 4, 0) as MoveAction, null); // onto player 2
    expect(state.trainers[0].cell).toBe(4);
    expect(state.actionPoints).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Catching
// ---------------------------------------------------------------------------------------------

describe('Zombie Trainers catching', () => {
  it('rule 15: catch targets only wild zombies within Manhattan distance 1; one action per distinct trap rate owned', () => {
    const state = start(OPEN_5);
    state.trainers[0].cell = cellOf(state, 2, 2);
    placeWild(state, 2, 1, 5, 1); // adjacent
    placeWild(state, 1, 2, 5, 1); // adjacent
    placeWild(state, 3, 3, 5, 1); // diagonal: distance 2
    placeWild(state, 2, 4, 5, 1); // distance 2
    placeWild(state, 0, 2, 5, 1); // distance 2
    const key = (a: CatchAction): string => `${a.x},${a.y}@${a.trapRate}`;
    // Default traps 4 × 40, 2 × 60, 1 × 80: three distinct rates, not seven actions per target.
    expect(catchesOf(state).map(key).sort()).toEqual(
      ['1,2@40', '1,2@60', '1,2@80', '2,1@40', '2,1@60', '2,1@80'].sort(),
    );

    // Without any trap of rate 60 left, no catch with rate 60 is offered.
    const i60 = state.config.trapRates.indexOf(60);
    state.trainers[0].trapCounts[i60] = 0;
    state.trainers[0].trapsLeft -= 2;
    expect(catchesOf(state).map(key).sort()).toEqual(['1,2@40', '1,2@80', '2,1@40', '2,1@80'].sort());
  });

  it('rule 15: interactionRange widens the Manhattan reach', () => {
    const state = start(OPEN_5, { interactionRange: 2, traps: { '50': 1 } });
    state.trainers[0].cell = cellOf(state, 2, 2);
    placeWild(state, 2, 1, 5, 1); // 1
    placeWild(state, 3, 3, 5, 1); // 2
    placeWild(state, 0, 2, 5, 1); // 2
    placeWild(state, 4, 3, 5, 1); // 3: out of reach
    placeWild(state, 0, 0, 5, 1); // 4: out of reach
    expect(catchesOf(state).map((a) => `${a.x},${a.y}`).sort()).toEqual(['0,2', '2,1', '3,3']);
  });

  /** P1 at (0,0) with `count` traps of `rate`; a zombie at (1,0). Returns the catch event. */
  function catchOutcome(rate: number, aggressive: number, defensive: number, roll: number): EventOf<'catch'> {
    const state = start(OPEN_5, { traps: { [String(rate)]: 2 } });
    placeWild(state, 1, 0, 6, 2);
    const { events, sink } = recorder();
    doCatch(state, 1, 0, rate, aggressive, defensive, roll, sink);
    const event = lastEvent(events, 'catch');
    // The state agrees with the event.
    expect(state.trainers[0].owned.length).toBe(event.success ? 1 : 0);
    expect(state.wildHealth[1]).toBe(event.success ? 0 : 6);
    expect(event).toMatchObject({ trapRate: rate, aggressive, defensive, roll });
    return event;
  }

  it('rule 16: A, D are fair dice 1..6 and R is uniform 1..100', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    game.apply(state, catchesOf(state)[0] as CatchAction, null);
    for (const phase of [Phase.CatchAggressive, Phase.CatchDefensive]) {
      expect(state.phase).toBe(phase);
      expect(chanceValues(state)).toEqual([1, 2, 3, 4, 5, 6]);
      for (const o of game.chanceOutcomes(state)) expect(o.probability).toBeCloseTo(1 / 6, 12);
      force(state, 3);
    }
    expect(state.phase).toBe(Phase.CatchRoll);
    expect(chanceValues(state)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (const o of game.chanceOutcomes(state)) expect(o.probability).toBeCloseTo(1 / 100, 12);
  });

  it('rule 17: success iff trapRate + (A − D) × 5 > R, at the boundary', () => {
    // Rate 40, A − D = +2: threshold 50.
    expect(catchOutcome(40, 3, 1, 50).success).toBe(false);
    expect(catchOutcome(40, 3, 1, 49).success).toBe(true);
    // Rate 40, A − D = −3: threshold 25.
    expect(catchOutcome(40, 1, 4, 25).success).toBe(false);
    expect(catchOutcome(40, 1, 4, 24).success).toBe(true);
    // Rate 60, A = D: threshold 60.
    expect(catchOutcome(60, 5, 5, 60).success).toBe(false);
    expect(catchOutcome(60, 5, 5, 59).success).toBe(true);
  });

  it('rule 17: rate 0 — fails whenever A ≤ D, can still succeed when A > D', () => {
    expect(catchOutcome(0, 4, 4, 1).success).toBe(false); // 0 > 1 is false
    expect(catchOutcome(0, 1, 6, 1).success).toBe(false); // −25 > 1 is false
    expect(catchOutcome(0, 6, 1, 24).success).toBe(true); // 25 > 24
    expect(catchOutcome(0, 6, 1, 25).success).toBe(false);
    expect(catchOutcome(0, 2, 1, 4).success).toBe(true); // 5 > 4
    expect(catchOutcome(0, 2, 1, 5).success).toBe(false);
  });

  it('rule 17: rate 100 — not certain: R = 100 fails on equal dice, bad dice lower the threshold', () => {
    expect(catchOutcome(100, 3, 3, 100).success).toBe(false); // 100 > 100 is false
    expect(catchOutcome(100, 3, 3, 99).success).toBe(true);
    expect(catchOutcome(100, 1, 6, 75).success).toBe(false); // threshold 75
    expect(catchOutcome(100, 1, 6, 74).success).toBe(true);
    expect(catchOutcome(100, 6, 1, 100).success).toBe(true); // threshold 125
  });

  it('rule 17: over all 100 forced rolls, rate 40 with A − D = +2 succeeds for exactly R = 1..49', () => {
    const wins: number[] = [];
    for (let roll = 1; roll <= 100; roll++) if (catchOutcome(40, 4, 2, roll).success) wins.push(roll);
    expect(wins).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
  });

  /** Independent brute force: the rule 17 inequality counted over 6 × 6 × 100 outcomes. */
  function bruteForceChance(rate: number): number {
    let wins = 0;
    for (let a = 1; a <= 6; a++) for (let d = 1; d <= 6; d++) for (let r = 1; r <= 100; r++) if (rate + (a - d) * 5 > r) wins++;
    return wins / 3600;
  }
  /** Independent closed form: mean over dice of clamp(rate − 1 + 5(A − D), 0, 100) / 100. */
  function clampFormChance(rate: number): number {
    let total = 0;
    for (let a = 1; a <= 6; a++) for (let d = 1; d <= 6; d++) total += Math.min(100, Math.max(0, rate - 1 + 5 * (a - d)));
    return total / 36 / 100;
  }

  it('rule 17: exactCatchChance equals the brute-force mean over dice and R', () => {
    for (const rate of [0, 5, 40, 60, 80, 95, 100]) {
      expect(exactCatchChance(rate), `rate ${rate}`).toBeCloseTo(bruteForceChance(rate), 12);
      expect(exactCatchChance(rate), `rate ${rate}`).toBeCloseTo(clampFormChance(rate), 12);
    }
    // By hand. Rate 40: 39 + 5d stays within 0..100 for d in −5..5 and d is symmetric: 0.39.
    expect(exactCatchChance(40)).toBeCloseTo(0.39, 12);
    // Rate 0: only d = 1..5 count, 4, 9, 14, 19, 24 wins weighted 5, 4, 3, 2, 1: 160 / 3600.
    expect(exactCatchChance(0)).toBeCloseTo(160 / 3600, 12);
    // Rate 5: d = 0..5 give 4, 9, 14, 19, 24, 29 weighted 6..1: 259 / 3600.
    expect(exactCatchChance(5)).toBeCloseTo(259 / 3600, 12);
    // Rate 95: 69·1 + 74·2 + 79·3 + 84·4 + 89·5 + 94·6 + 99·5 + 100·10 = 3294.
    expect(exactCatchChance(95)).toBeCloseTo(3294 / 3600, 12);
    // Rate 100: 74·1 + 79·2 + 84·3 + 89·4 + 94·5 + 99·6 + 100·15 = 3404.
    expect(exactCatchChance(100)).toBeCloseTo(3404 / 3600, 12);
  });

  it('rule 17: catchChanceGivenDice and catchSucceeds agree with the inequality, including the clamps', () => {
    for (const rate of [0, 5, 40, 95, 100]) {
      for (let diff = -5; diff <= 5; diff++) {
        let wins = 0;
        for (let r = 1; r <= 100; r++) if (rate + diff * 5 > r) wins++;
        expect(catchChanceGivenDice(rate, diff), `rate ${rate} diff ${diff}`).toBeCloseTo(wins / 100, 12);
      }
    }
    expect(catchSucceeds(40, 3, 1, 49)).toBe(true);
    expect(catchSucceeds(40, 3, 1, 50)).toBe(false);
  });

  it('rule 18: the trap is consumed on failure', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    const i40 = state.config.trapRates.indexOf(40);
    const i60 = state.config.trapRates.indexOf(60);
    const i80 = state.config.trapRates.indexOf(80);
    expect(state.trainers[0].trapsLeft).toBe(7);
    const { events, sink } = recorder();
    doCatch(state, 1, 0, 60, 1, 6, 100, sink); // 60 − 25 = 35 > 100: fails
    expect(lastEvent(events, 'catch').success).toBe(false);
    const trainer = state.trainers[0];
    expect(trainer.trapsLeft).toBe(6);
    expect(trainer.trapCounts[i60]).toBe(1);
    expect(trainer.trapCounts[i40]).toBe(4);
    expect(trainer.trapCounts[i80]).toBe(1);
    expect(lastEvent(events, 'catch').trapsLeft).toBe(6);
    // Nothing else changed: the zombie is still there, no XP, the other trainer's traps intact.
    expect(state.wildHealth[1]).toBe(6);
    expect(state.wildCount).toBe(1);
    expect(trainer.xp).toBe(0);
    expect(state.trainers[1].trapsLeft).toBe(7);
  });

  it('rule 18: the trap is consumed on success, and a rate with no trap left is no longer offered', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    const i80 = state.config.trapRates.indexOf(80);
    doCatch(state, 1, 0, 80, 6, 1, 1); // succeeds
    expect(state.trainers[0].owned).toHaveLength(1);
    expect(state.trainers[0].trapsLeft).toBe(6);
    expect(state.trainers[0].trapCounts[i80]).toBe(0);
    placeWild(state, 0, 1, 6, 2);
    state.actionPoints = 3;
    expect(catchesOf(state).map((a) => a.trapRate)).toEqual([40, 60]);
  });

  it('rule 19: a successful catch gives 1 XP; the zombie leaves the map and joins the trainer with its health and attack', () => {
    const state = start(OPEN_5);
    const cell = placeWild(state, 1, 0, 7, 3);
    placeWild(state, 0, 1, 4, 1);
    state.trainers[0].xp = 5;
    const { events, sink } = recorder();
    doCatch(state, 1, 0, 40, 6, 1, 1, sink);
    const event = lastEvent(events, 'catch');
    expect(event).toMatchObject({ success: true, zombieHealth: 7, zombieAttack: 3 });
    expect(CATCH_XP).toBe(1);
    expect(state.trainers[0].xp).toBe(6);
    expect(state.wildHealth[cell]).toBe(0);
    expect(state.wildAttack[cell]).toBe(0);
    expect(state.wildCount).toBe(1);
    expect(state.trainers[0].owned).toEqual([{ health: 7, attack: 3 }]);
    expect(state.trainers[1].owned).toEqual([]);
    // The cell is free again: the trainer may step on it.
    expect(moveTo(state, 1, 0)?.steps).toBe(1);
    // A second catch joins after the first, with its own numbers.
    state.actionPoints = 3;
    doCatch(state, 0, 1, 40, 6, 1, 1);
    expect(state.trainers[0].owned).toEqual([
      { health: 7, attack: 3 },
      { health: 4, attack: 1 },
    ]);
    expect(state.trainers[0].xp).toBe(7);
    expect(state.wildCount).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Attacking
// ---------------------------------------------------------------------------------------------

describe('Zombie Trainers attacking', () => {
  it('rule 20: attacking requires an owned zombie', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    expect(state.actionPoints).toBe(3);
    expect(kinds(state).has('catch')).toBe(true); // in range and affordable
    expect(attacksOf(state)).toEqual([]);
    state.trainers[0].owned.push({ health: 3, attack: 1 });
    expect(attacksOf(state)).toEqual([{ kind: 'attack', zombie: 0, x: 1, y: 0 }]);
  });

  it('rule 20: the player chooses the attacking owned zombie and the target in range', () => {
    const state = start(OPEN_5);
    state.trainers[0].cell = cellOf(state, 2, 2);
    const a = placeWild(state, 2, 1, 10, 1);
    const b = placeWild(state, 3, 2, 10, 1);
    placeWild(state, 4, 4, 10, 1); // out of range
    state.trainers[0].owned.push({ health: 5, attack: 1 }, { health: 5, attack: 4 });
    expect(attacksOf(state).map((x) => `z${x.zombie}@${x.x},${x.y}`).sort()).toEqual(
      ['z0@2,1', 'z0@3,2', 'z1@2,1', 'z1@3,2'].sort(),
    );
    doAttack(state, 1, 3, 2, 5, 2); // zombie 1 (attack 4) hits target b
    expect(state.wildHealth[b]).toBe(6);
    expect(state.wildHealth[a]).toBe(10);

    const other = start(OPEN_5);
    other.trainers[0].cell = cellOf(other, 2, 2);
    const a2 = placeWild(other, 2, 1, 10, 1);
    placeWild(other, 3, 2, 10, 1);
    other.trainers[0].owned.push({ health: 5, attack: 1 }, { health: 5, attack: 4 });
    doAttack(other, 0, 2, 1, 5, 2); // zombie 0 (attack 1) hits target a
    expect(other.wildHealth[a2]).toBe(9);
  });

  /** P1 at (0,0) owning one zombie, a wild zombie at (1,0). */
  function duel(owned: { health: number; attack: number }, wild: { health: number; attack: number }, overrides: Partial<ZombieTrainersParams> = {}) {
    const state = start(OPEN_5, overrides);
    const cell = placeWild(state, 1, 0, wild.health, wild.attack);
    state.trainers[0].owned.push({ ...owned });
    const rec = recorder();
    return { state, cell, ...rec };
  }

  it('rule 22: A > D — only the wild zombie is hit, by the attacker\'s attack', () => {
    const { state, cell, events, sink } = duel({ health: 6, attack: 3 }, { health: 10, attack: 2 });
    doAttack(state, 0, 1, 0, 5, 2, sink);
    expect(state.wildHealth[cell]).toBe(7);
    expect(state.trainers[0].owned).toEqual([{ health: 6, attack: 3 }]);
    expect(lastEvent(events, 'attack')).toMatchObject({ damageToWild: 3, damageToOwned: 0, killed: false, ownedDied: false });
  });

  it('rule 22: D > A — only the owned zombie is hit, by the wild zombie\'s attack', () => {
    const { state, cell, events, sink } = duel({ health: 6, attack: 3 }, { health: 10, attack: 2 });
    doAttack(state, 0, 1, 0, 2, 5, sink);
    expect(state.wildHealth[cell]).toBe(10);
    expect(state.trainers[0].owned).toEqual([{ health: 4, attack: 3 }]);
    expect(state.trainers[0].xp).toBe(0);
    expect(lastEvent(events, 'attack')).toMatchObject({ damageToWild: 0, damageToOwned: 2, xpGained: 0 });
  });

  it('rule 22: A = D — both hits happen', () => {
    const { state, cell, events, sink } = duel({ health: 6, attack: 3 }, { health: 10, attack: 2 });
    doAttack(state, 0, 1, 0, 4, 4, sink);
    expect(state.wildHealth[cell]).toBe(7);
    expect(state.trainers[0].owned).toEqual([{ health: 4, attack: 3 }]);
    expect(state.trainers[0].xp).toBe(1);
    expect(lastEvent(events, 'attack')).toMatchObject({ damageToWild: 3, damageToOwned: 2 });
  });

  it('rule 23: a hit that does not kill gives 1 XP', () => {
    const { state, cell, events, sink } = duel({ health: 6, attack: 3 }, { health: 4, attack: 2 });
    state.trainers[0].xp = 2;
    doAttack(state, 0, 1, 0, 6, 1, sink);
    expect(HIT_XP).toBe(1);
    expect(state.wildHealth[cell]).toBe(1); // 4 − 3, still alive
    expect(state.wildCount).toBe(1);
    expect(state.trainers[0].xp).toBe(3);
    expect(lastEvent(events, 'attack')).toMatchObject({ killed: false, xpGained: 1 });
  });

  it('rule 23: a killing hit (health to exactly 0) gives 1 + 10 = 11 XP with killXpStacks (default) and removes the zombie', () => {
    const { state, cell, events, sink } = duel({ health: 6, attack: 3 }, { health: 3, attack: 2 });
    expect(state.config.params.killXpStacks).toBe(true);
    doAttack(state, 0, 1, 0, 6, 1, sink);
    expect(KILL_XP).toBe(10);
    expect(state.trainers[0].xp).toBe(11);
    expect(state.wildHealth[cell]).toBe(0);
    expect(state.wildAttack[cell]).toBe(0);
    expect(state.wildCount).toBe(0);
    expect(attacksOf(state)).toEqual([]);
    expect(lastEvent(events, 'attack')).toMatchObject({ killed: true, xpGained: 11 });
  });

  it('rule 23: lowering health below 0 also kills', () => {
    const { state, cell } = duel({ health: 6, attack: 5 }, { health: 2, attack: 2 });
    doAttack(state, 0, 1, 0, 3, 2);
    expect(state.wildHealth[cell]).toBe(0);
    expect(state.wildCount).toBe(0);
    expect(state.trainers[0].xp).toBe(11);
  });

  it('rule 23: with killXpStacks false a killing hit gives 10 XP', () => {
    const { state, cell, events, sink } = duel({ health: 6, attack: 3 }, { health: 3, attack: 2 }, { killXpStacks: false });
    doAttack(state, 0, 1, 0, 6, 1, sink);
    expect(state.trainers[0].xp).toBe(10);
    expect(state.wildHealth[cell]).toBe(0);
    expect(state.wildCount).toBe(0);
    expect(lastEvent(events, 'attack')).toMatchObject({ killed: true, xpGained: 10 });
  });

  it('rule 24: an owned zombie brought to 0 health dies and is removed, with no XP or trap penalty', () => {
    const state = start(OPEN_5);
    const cell = placeWild(state, 1, 0, 10, 2);
    state.trainers[0].owned.push({ health: 9, attack: 1 }, { health: 2, attack: 1 }, { health: 8, attack: 2 });
    state.trainers[0].xp = 5;
    const { events, sink } = recorder();
    doAttack(state, 1, 1, 0, 1, 6, sink); // D > A: zombie 1 takes 2, health 0
    expect(state.trainers[0].owned).toEqual([
      { health: 9, attack: 1 },
      { health: 8, attack: 2 },
    ]);
    expect(state.trainers[0].xp).toBe(5);
    expect(state.trainers[0].trapsLeft).toBe(7);
    expect(state.wildHealth[cell]).toBe(10);
    expect(lastEvent(events, 'attack')).toMatchObject({ ownedDied: true, xpGained: 0 });
  });

  it('rule 24: an owned zombie left with 1 health survives; one knocked below 0 dies too', () => {
    const survive = start(OPEN_5);
    placeWild(survive, 1, 0, 10, 2);
    survive.trainers[0].owned.push({ health: 3, attack: 1 });
    doAttack(survive, 0, 1, 0, 2, 3);
    expect(survive.trainers[0].owned).toEqual([{ health: 1, attack: 1 }]);

    const below = start(OPEN_5);
    placeWild(below, 1, 0, 10, 4);
    below.trainers[0].owned.push({ health: 1, attack: 1 });
    below.trainers[0].xp = 3;
    doAttack(below, 0, 1, 0, 3, 3); // A = D: hit (+1 XP) and hit back (−4 → dies)
    expect(below.trainers[0].owned).toEqual([]);
    expect(below.trainers[0].xp).toBe(4);
    expect(attacksOf(below)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// End of turn, spectators, end of the game
// ---------------------------------------------------------------------------------------------

describe('Zombie Trainers end of turn and spawning', () => {
  it('rule 25: a turn ending with fewer than maxWildZombies wild zombies is followed by a spawn', () => {
    const state = start(OPEN_5, { maxWildZombies: 2 });
    placeWild(state, 2, 2, 5, 1);
    const { events, sink } = recorder();
    endTurn(state, sink);
    expect(game.currentPlayer(state)).toBe(CHANCE);
    expect(state.phase).toBe(Phase.SpawnCell);
    expect(lastEvent(events, 'turnEnd')).toMatchObject({ seat: 0, spectator: false });
    spawn(state, cellOf(state, 3, 1), 6, 2, sink);
    expect(state.wildCount).toBe(2);
    expect(state.wildHealth[cellOf(state, 3, 1)]).toBe(6);
    expect(state.wildAttack[cellOf(state, 3, 1)]).toBe(2);
    expect(lastEvent(events, 'spawn')).toMatchObject({ x: 3, y: 1, health: 6, attack: 2, initial: false });
    // Then player 2's turn.
    expect(game.currentPlayer(state)).toBe(1);
    expect(state.actionPoints).toBe(3);
  });

  it('rule 25: with maxWildZombies already on the map no spawn happens; the next turn starts at once', () => {
    const state = start(OPEN_5, { maxWildZombies: 2 });
    placeWild(state, 2, 2, 5, 1);
    placeWild(state, 3, 1, 5, 1);
    const { events, sink } = recorder();
    endTurn(state, sink);
    expect(game.currentPlayer(state)).toBe(1);
    expect(state.phase).toBe(Phase.Decision);
    expect(eventsOf(events, 'spawn')).toEqual([]);
    endTurn(state, sink);
    expect(game.currentPlayer(state)).toBe(0);
    expect(state.round).toBe(2);
    expect(eventsOf(events, 'spawn')).toEqual([]);
    expect(state.wildCount).toBe(2);
  });

  it('rule 26: a trainer with no traps has only endTurn, and that endTurn still triggers the spawn check', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    state.trainers[0].owned.push({ health: 5, attack: 3 });
    emptyTraps(state, 0);
    expect(state.actionPoints).toBe(3);
    expect(legal(state)).toEqual([{ kind: 'endTurn' }]);
    const { events, sink } = recorder();
    endTurn(state, sink);
    expect(lastEvent(events, 'turnEnd')).toMatchObject({ seat: 0, spectator: true });
    expect(game.isTerminal(state)).toBe(false); // player 2 still has traps
    expect(state.phase).toBe(Phase.SpawnCell); // 1 wild < 5
    spawn(state, cellOf(state, 2, 2), 3, 1, sink);
    expect(game.currentPlayer(state)).toBe(1);
    expect(state.wildCount).toBe(2);
  });
});

describe('Zombie Trainers end of the game', () => {
  /** P2 has no traps left; P1 has one trap (rate 40) and a zombie at (1,0) beside it. */
  function lastTrap(xp1: number, xp2: number) {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    emptyTraps(state, 1);
    onlyTraps(state, 0, 40, 1);
    state.trainers[0].xp = xp1;
    state.trainers[1].xp = xp2;
    return { state, ...recorder() };
  }

  it('rules 27 and 28: last trap used, equal XP — the game ends at once and player 1 wins on the tie', () => {
    const { state, events, sink } = lastTrap(0, 0);
    doCatch(state, 1, 0, 40, 1, 6, 100, sink); // fails: XP stay 0 - 0
    expect(game.isTerminal(state)).toBe(true);
    expect(game.currentPlayer(state)).toBe(TERMINAL);
    expect(legal(state)).toEqual([]);
    expect(game.returns(state)).toEqual([1, -1]);
    expect(lastEvent(events, 'matchEnd')).toMatchObject({ winner: 0, xp: [0, 0], tieDecided: true, capped: false });
    // At once: 1 AP was left, but no turnEnd and no spawn follow.
    expect(eventsOf(events, 'turnEnd')).toEqual([]);
    expect(eventsOf(events, 'spawn')).toEqual([]);
    expect(state.tieDecided).toBe(true);
    expect(state.endReason).toBe('trapsExhausted');
    // Ended by rule 27, not cut off by the round cap (what the quality figures' capped share reads).
    expect(game.endedAtCap?.(state)).toBe(false);
  });

  it('rule 27: more XP wins — player 2 ahead after player 1\'s last catch', () => {
    const { state, events, sink } = lastTrap(3, 5);
    doCatch(state, 1, 0, 40, 6, 1, 1, sink); // succeeds: 4 - 5
    expect(game.isTerminal(state)).toBe(true);
    expect(game.returns(state)).toEqual([-1, 1]);
    expect(lastEvent(events, 'matchEnd')).toMatchObject({ winner: 1, xp: [4, 5], tieDecided: false, capped: false });
  });

  it('rule 27: more XP wins — the last catch takes player 1 from a tie to a win without the tie rule', () => {
    const { state, events, sink } = lastTrap(4, 4);
    doCatch(state, 1, 0, 40, 6, 1, 1, sink); // 5 - 4
    expect(game.returns(state)).toEqual([1, -1]);
    expect(lastEvent(events, 'matchEnd')).toMatchObject({ winner: 0, xp: [5, 4], tieDecided: false });
  });

  it('rule 27: the game goes on while only one trainer has run out of traps', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    onlyTraps(state, 0, 40, 1);
    doCatch(state, 1, 0, 40, 1, 6, 100);
    expect(state.trainers[0].trapsLeft).toBe(0);
    expect(game.isTerminal(state)).toBe(false);
    expect(game.currentPlayer(state)).toBe(0);
    expect(legal(state)).toEqual([{ kind: 'endTurn' }]); // now a spectator (rule 26)
  });

  it('rules 27 and 28: player 2 using the last trap ends the game in its own turn; a tie still goes to player 1', () => {
    const state = start(OPEN_5, { maxWildZombies: 0 });
    emptyTraps(state, 0);
    onlyTraps(state, 1, 80, 1);
    state.trainers[0].xp = 2;
    state.trainers[1].xp = 1;
    endTurn(state);
    expect(game.currentPlayer(state)).toBe(1);
    placeWild(state, 3, 4, 6, 2); // beside player 2 at (4,4)
    const { events, sink } = recorder();
    doCatch(state, 3, 4, 80, 6, 1, 1, sink); // +1: 2 - 2
    expect(game.isTerminal(state)).toBe(true);
    expect(game.returns(state)).toEqual([1, -1]);
    expect(lastEvent(events, 'matchEnd')).toMatchObject({ winner: 0, xp: [2, 2], tieDecided: true, capped: false });
  });

  it('rule 29: after player 2\'s turn ends in round maxRounds the game ends as capped, scored by XP', () => {
    const state = start(OPEN_5, { maxRounds: 2 }); // default maxWildZombies 5: spawns between turns
    state.trainers[0].xp = 1;
    state.trainers[1].xp = 3;
    const { events, sink } = recorder();
    const spawnCells = [cellOf(state, 2, 2), cellOf(state, 2, 1), cellOf(state, 2, 3)];
    for (const [i, cell] of spawnCells.entries()) {
      endTurn(state, sink);
      expect(game.isTerminal(state), `after turn ${i + 1}`).toBe(false);
      spawn(state, cell, 5, 1, sink);
    }
    expect(state.round).toBe(2);
    expect(game.currentPlayer(state)).toBe(1);
    endTurn(state, sink);
    expect(game.isTerminal(state)).toBe(true);
    expect(game.currentPlayer(state)).toBe(TERMINAL);
    expect(state.phase).not.toBe(Phase.SpawnCell); // the game ended: no spawn
    expect(game.returns(state)).toEqual([-1, 1]);
    expect(state.endReason).toBe('maxRounds');
    expect(game.endedAtCap?.(state)).toBe(true);
    expect(lastEvent(events, 'matchEnd')).toMatchObject({ winner: 1, xp: [1, 3], capped: true, tieDecided: false, rounds: 2 });
    expect(eventsOf(events, 'spawn')).toHaveLength(3);
  });

  it('rule 29 with rule 28: a capped game with equal XP goes to player 1 on the tie', () => {
    const state = start(OPEN_5, { maxRounds: 2, maxWildZombies: 0 });
    state.trainers[0].xp = 2;
    state.trainers[1].xp = 2;
    const { events, sink } = recorder();
    for (let i = 0; i < 3; i++) endTurn(state, sink);
    expect(game.isTerminal(state)).toBe(false);
    endTurn(state, sink);
    expect(game.isTerminal(state)).toBe(true);
    expect(game.returns(state)).toEqual([1, -1]);
    expect(lastEvent(events, 'matchEnd')).toMatchObject({ winner: 0, capped: true, tieDecided: true });
  });
});

// ---------------------------------------------------------------------------------------------
// Map and parameter validation
// ---------------------------------------------------------------------------------------------

describe('Zombie Trainers map validation', () => {
  it('rule 2: the default parameters and the default 10 × 10 map are valid', () => {
    const params = defaultParameters(game.parameters);
    expect(validateZombieTrainersParams(params)).toEqual([]);
    const parsed = parseMap(params.map);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.map.width).toBe(10);
      expect(parsed.map.height).toBe(10);
    }
  });

  it('rule 2: split grass is rejected, naming the line and column of an unreachable cell', () => {
    // (2,1) is grass walled off by rock at (2,0) and (1,1).
    const map = ['..#', '.#.', '..#'].join('\n');
    const parsed = parseMap(map);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.issues).toHaveLength(1);
      expect(parsed.issues[0]).toMatchObject({ line: 2, column: 3 });
      expect(parsed.issues[0]?.message).toMatch(/reach/);
    }
    const issues = validateZombieTrainersParams(makeParams({ map }));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(['map']);
    expect(issues[0]?.message).toMatch(/line 2, column 3/);
    expect(issues[0]?.message).toMatch(/reach/);
  });

  it('rule 2: unknown characters are rejected with their line and column', () => {
    const map = ['...', '.x.', '...'].join('\n');
    const parsed = parseMap(map);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues[0]).toMatchObject({ line: 2, column: 2 });
    const issues = validateZombieTrainersParams(makeParams({ map }));
    expect(issues.map((i) => i.path)).toEqual([['map']]);
    expect(issues[0]?.message).toMatch(/line 2, column 2/);
    expect(issues[0]?.message).toContain('"x"');
  });

  it('rule 2: ragged rows are rejected, naming the line', () => {
    const map = ['....', '...', '....'].join('\n');
    const parsed = parseMap(map);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues[0]).toMatchObject({ line: 2 });
    const issues = validateZombieTrainersParams(makeParams({ map }));
    expect(issues.map((i) => i.path)).toEqual([['map']]);
    expect(issues[0]?.message).toMatch(/line 2/);
  });

  it('rule 2: line numbers count leading blank lines of the map text as given', () => {
    const parsed = parseMap('\n..#\n.#.\n..#');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues[0]).toMatchObject({ line: 3, column: 3 });
  });

  it('rule 3: two trainers cannot pick the same color', () => {
    const same = validateZombieTrainersParams(makeParams({ colors: ['red', 'red'] }));
    expect(same).toHaveLength(1);
    expect(same[0]?.path).toEqual(['colors']);
    expect(same[0]?.message).toMatch(/red/);
    expect(validateZombieTrainersParams(makeParams({ colors: ['red', 'green'] }))).toEqual([]);
    // A player reads "Red" and "red " as one color.
    expect(validateZombieTrainersParams(makeParams({ colors: ['Red', 'red '] })).map((i) => i.path)).toEqual([['colors']]);
  });
});

// ---------------------------------------------------------------------------------------------
// Gaps found by mutation testing (issue 20): each test below fails on a mutant that the tests
// above let through.
// ---------------------------------------------------------------------------------------------

/** An Rng stand-in that answers `int` and `intBetween` as told, recording what it was asked. */
function scriptedRng(answer: { int?: (n: number) => number; intBetween?: (low: number, high: number) => number }) {
  const asked: string[] = [];
  const rng = {
    int(n: number): number {
      asked.push(`int(${n})`);
      if (answer.int === undefined) throw new Error('int not expected');
      return answer.int(n);
    },
    intBetween(low: number, high: number): number {
      asked.push(`intBetween(${low},${high})`);
      if (answer.intBetween === undefined) throw new Error('intBetween not expected');
      return answer.intBetween(low, high);
    },
  } as unknown as Rng;
  return { rng, asked };
}

describe('Zombie Trainers chance sampling (rules 8, 16, 17 and 25)', () => {
  it('rules 8 and 25: a random spawn cell is uniform over the free grass cells: the stream picks the k-th listed one', () => {
    // 3 × 3 with rock at (2,0) and (1,1); trainers on 0 and 8; free cells 1, 3, 5, 6, 7.
    const map = ['..#', '.#.', '...'].join('\n');
    const state = game.setup(makeParams({ map, initialWildZombies: 2 }));
    expect(state.phase).toBe(Phase.SpawnCell);
    const listed = chanceValues(state);
    expect(listed).toEqual([1, 3, 5, 6, 7]);
    for (let k = 0; k < listed.length; k++) {
      const { rng, asked } = scriptedRng({ int: () => k });
      expect(game.sampleChance(state, rng)).toEqual({ kind: 'chance', value: listed[k] });
      expect(asked).toEqual([`int(${listed.length})`]); // one draw over the free cells, each equally likely
    }
    // After a zombie lands on cell 5 the next spawn draws over the four cells left.
    force(state, 5);
    force(state, 3);
    force(state, 1);
    const { rng, asked } = scriptedRng({ int: () => 3 });
    expect(game.sampleChance(state, rng)).toEqual({ kind: 'chance', value: 7 });
    expect(asked).toEqual(['int(4)']);
    // A stream answering outside the range it was asked for fails loudly instead of guessing.
    expect(() => game.sampleChance(state, scriptedRng({ int: () => 4 }).rng)).toThrow('no free cell number 4');
  });

  it('rules 8 and 25: with blockingUnits false, sampling draws over exactly the listed free cells wherever the trainers stand', () => {
    const placements: [string, (state: ZombieTrainersState) => void][] = [
      ['player 1 on a zombie', (state) => (state.trainers[0].cell = cellOf(state, 2, 2))],
      ['player 2 on a zombie', (state) => (state.trainers[1].cell = cellOf(state, 2, 2))],
      ['both trainers on one cell', (state) => (state.trainers[1].cell = state.trainers[0].cell)],
    ];
    for (const [where, place] of placements) {
      const state = start(OPEN_5, { blockingUnits: false });
      placeWild(state, 2, 2, 5, 1);
      placeWild(state, 3, 0, 5, 1);
      place(state);
      endTurn(state);
      expect(state.phase, where).toBe(Phase.SpawnCell);
      const listed = chanceValues(state);
      const { rng, asked } = scriptedRng({ int: (n) => n - 1 });
      expect(game.sampleChance(state, rng), where).toEqual({ kind: 'chance', value: listed.at(-1) });
      expect(asked, where).toEqual([`int(${listed.length})`]);
    }
  });

  it('rules 8 and 25: seeded spawns land on every free cell about equally often', () => {
    const map = ['..#', '.#.', '...'].join('\n');
    const state = game.setup(makeParams({ map, initialWildZombies: 1 }));
    const rng = matchStream(matchSeed(20, 0), 'spawn-test');
    const counts = new Map<number, number>();
    const draws = 5000;
    for (let i = 0; i < draws; i++) {
      const action = game.sampleChance(state, rng);
      const cell = action.kind === 'chance' ? action.value : -1;
      counts.set(cell, (counts.get(cell) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([1, 3, 5, 6, 7]);
    // Each share of 1/5 within 4.5 binomial standard deviations (a failure rate below 1e-5).
    const sd = Math.sqrt((0.2 * 0.8) / draws);
    for (const count of counts.values()) expect(Math.abs(count / draws - 0.2)).toBeLessThan(4.5 * sd);
  });

  it('rules 8, 16 and 17: dice, R, health and attack are drawn over exactly their ranges', () => {
    const state = start(OPEN_5, { zombieHealth: [2, 7], zombieAttack: [3, 5] });
    placeWild(state, 1, 0, 6, 2);
    const draw = (expected: string, value: number): void => {
      const { rng, asked } = scriptedRng({ intBetween: () => value });
      expect(game.sampleChance(state, rng)).toEqual({ kind: 'chance', value });
      expect(asked).toEqual([expected]);
      game.apply(state, { kind: 'chance', value }, null);
    };
    game.apply(state, catchesOf(state).find((a) => a.trapRate === 40) as CatchAction, null);
    draw('intBetween(1,6)', 2); // A
    draw('intBetween(1,6)', 5); // D
    draw('intBetween(1,100)', 99); // R: fails
    endTurn(state);
    expect(state.phase).toBe(Phase.SpawnCell);
    force(state, cellOf(state, 3, 3));
    draw('intBetween(2,7)', 7); // health
    draw('intBetween(3,5)', 3); // attack
    expect(state.wildHealth[cellOf(state, 3, 3)]).toBe(7);
    expect(state.wildAttack[cellOf(state, 3, 3)]).toBe(3);
  });

  it('decision and terminal nodes have no chance outcomes, and sampling or forcing chance there fails', () => {
    const state = start(OPEN_5);
    expect(game.chanceOutcomes(state)).toEqual([]);
    const { rng } = scriptedRng({ int: () => 0, intBetween: (low) => low });
    expect(() => game.sampleChance(state, rng)).toThrow(/not a uniform-value chance node/);
    expect(() => game.apply(state, { kind: 'chance', value: 1 }, null)).toThrow(/chance outcome applied at a decision or terminal node/);

    placeWild(state, 1, 0, 6, 2);
    onlyTraps(state, 0, 40, 1);
    emptyTraps(state, 1);
    doCatch(state, 1, 0, 40, 1, 6, 100);
    expect(game.isTerminal(state)).toBe(true);
    expect(game.chanceOutcomes(state)).toEqual([]);
    expect(() => game.apply(state, { kind: 'endTurn' }, null)).toThrow(/decision endTurn applied at a chance or terminal node/);
  });

  it('a decision applied at a chance node fails', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    game.apply(state, catchesOf(state)[0] as CatchAction, null);
    expect(() => game.apply(state, { kind: 'endTurn' }, null)).toThrow(/decision endTurn applied at a chance or terminal node/);
  });
});

describe('Zombie Trainers: no free cell, no spawn (rules 8 and 25)', () => {
  it('rule 8: with no free grass cell at setup the first turn begins at once', () => {
    const state = game.setup(makeParams({ map: '..', initialWildZombies: 3 }));
    expect(state.phase).toBe(Phase.Decision);
    expect(game.currentPlayer(state)).toBe(0);
    expect(state.turn).toBe(1);
    expect(state.setupSpawnsLeft).toBe(0);
  });

  it('rule 8: initial spawns stop when the free cells run out', () => {
    // Three grass cells: two trainers and one free cell for three wanted zombies.
    const state = game.setup(makeParams({ map: '...', initialWildZombies: 3 }));
    expect(chanceValues(state)).toEqual([1]);
    spawn(state, 1, 4, 2);
    expect(state.wildCount).toBe(1);
    expect(state.phase).toBe(Phase.Decision);
    expect(game.currentPlayer(state)).toBe(0);
    expect(state.turn).toBe(1);
  });

  it('rule 25: a turn ending with fewer than maxWildZombies but no free cell spawns nothing', () => {
    const state = start('...', { maxWildZombies: 5 });
    placeWild(state, 1, 0, 4, 2);
    const { events, sink } = recorder();
    endTurn(state, sink);
    expect(state.phase).toBe(Phase.Decision);
    expect(game.currentPlayer(state)).toBe(1);
    expect(eventsOf(events, 'spawn')).toEqual([]);
  });
});

describe('Zombie Trainers: rule 27 needs both trainers out of traps', () => {
  it('player 1 using a trap while only player 2 is out of traps does not end the game', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    emptyTraps(state, 1);
    onlyTraps(state, 0, 40, 2);
    doCatch(state, 1, 0, 40, 1, 6, 100);
    expect(state.trainers[0].trapsLeft).toBe(1);
    expect(game.isTerminal(state)).toBe(false);
    expect(game.returns(state)).toEqual([0, 0]);
    expect(state.winner).toBe(-1);
    expect(game.currentPlayer(state)).toBe(0);
  });

  it('the end is scored the same without an event sink', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    emptyTraps(state, 1);
    onlyTraps(state, 0, 40, 1);
    state.trainers[1].xp = 1;
    doCatch(state, 1, 0, 40, 1, 6, 100, null);
    expect(game.isTerminal(state)).toBe(true);
    expect(game.returns(state)).toEqual([-1, 1]);
  });
});

describe('Zombie Trainers: each trainer owns its traps (rule 5)', () => {
  it('a catch uses up a trap of the catching trainer only, and a new match starts with full traps', () => {
    const params = makeParams({ map: OPEN_5 });
    const state = game.setup(params);
    placeWild(state, 1, 0, 6, 2);
    const before = [...state.trainers[1].trapCounts];
    doCatch(state, 1, 0, 80, 1, 6, 100);
    expect(state.trainers[1].trapCounts).toEqual(before);
    expect(state.trainers[1].trapsLeft).toBe(7);
    const again = game.setup(params);
    expect(again.trainers[0].trapCounts).toEqual(before);
    expect(again.trainers[0].trapsLeft).toBe(7);
  });

  it('rates with no trap are not part of the trap set', () => {
    const state = start(OPEN_5, { traps: { '80': 1, '20': 0, '40': 2 } });
    expect(state.config.trapRates).toEqual([40, 80]);
    expect(state.trainers[0].trapCounts).toEqual([2, 1]);
    expect(state.trainers[0].trapsLeft).toBe(3);
  });

  it('matches with one parameter object share the run-level config', () => {
    const params = makeParams({ map: OPEN_5 });
    expect(game.setup(params).config).toBe(game.setup(params).config);
  });
});

describe('Zombie Trainers: cells at the corners and edges (rules 12 to 15)', () => {
  it('rule 13: cell (0,0) can be reached, and a zombie there caught or attacked', () => {
    const state = start(OPEN_5);
    state.trainers[0].cell = cellOf(state, 2, 0);
    expect(moveTo(state, 0, 0)?.steps).toBe(2);
    state.trainers[0].cell = cellOf(state, 1, 0);
    placeWild(state, 0, 0, 6, 2);
    state.trainers[0].owned.push({ health: 5, attack: 6 });
    expect(catchesOf(state).map((a) => `${a.x},${a.y}@${a.trapRate}`)).toEqual(['0,0@40', '0,0@60', '0,0@80']);
    expect(attacksOf(state)).toEqual([{ kind: 'attack', zombie: 0, x: 0, y: 0 }]);
    doAttack(state, 0, 0, 0, 6, 1);
    expect(state.wildHealth[0]).toBe(0);
    expect(state.trainers[0].xp).toBe(11);
  });

  it('rule 8: a zombie can spawn on cell (0,0) once it is free', () => {
    const state = start(OPEN_5, { maxWildZombies: 1 });
    game.apply(state, moveTo(state, 1, 0) as MoveAction, null);
    endTurn(state);
    expect(chanceValues(state)[0]).toBe(0);
    spawn(state, 0, 5, 2);
    expect(state.wildHealth[0]).toBe(5);
  });

  it('rule 15: reach never wraps from one end of a row onto the next, or off the bottom of the map', () => {
    const state = start(OPEN_5, { interactionRange: 2 });
    const targets = (): string[] => [...new Set(catchesOf(state).map((a) => `${a.x},${a.y}`))];
    // Right edge: (0,2) and (1,2) follow (4,1) in row-major order but are 4 and 5 columns away.
    state.trainers[0].cell = cellOf(state, 4, 1);
    placeWild(state, 0, 2, 6, 2);
    placeWild(state, 1, 2, 6, 2);
    expect(targets()).toEqual([]);
    // Left edge: (4,2) comes just before (0,3) in row-major order but is 4 columns away.
    state.trainers[0].cell = cellOf(state, 0, 3);
    placeWild(state, 4, 2, 6, 2);
    expect(targets()).toEqual(['0,2', '1,2']);
    // Bottom row: there is nothing below it.
    const bottom = start(OPEN_5, { interactionRange: 2 });
    bottom.trainers[0].cell = cellOf(bottom, 2, 4);
    expect(catchesOf(bottom)).toEqual([]);
  });

  it('rule 14: player 1 blocks player 2 as player 2 blocks player 1', () => {
    const state = start('.....', { actionPoints: 4, maxWildZombies: 0 });
    endTurn(state);
    expect(game.currentPlayer(state)).toBe(1);
    expect(movesOf(state).map((m) => [m.x, m.steps])).toEqual([[1, 3], [2, 2], [3, 1]]); // not (0,0)
    state.trainers[0].cell = cellOf(state, 2, 0);
    expect(movesOf(state).map((m) => [m.x, m.steps])).toEqual([[3, 1]]);
  });

  it('rule 13: moves come in row-major order of their destination, not in search order', () => {
    const state = start(OPEN_5, { actionPoints: 2 });
    state.trainers[0].cell = cellOf(state, 2, 2);
    expect(movesOf(state).map((m) => `${m.x},${m.y}`)).toEqual([
      '2,0', '1,1', '2,1', '3,1', '0,2', '1,2', '3,2', '4,2', '1,3', '2,3', '3,3', '2,4',
    ]);
  });

  it('rule 15: targets come in row-major order', () => {
    const state = start(OPEN_5, { interactionRange: 2, traps: { '50': 1 } });
    state.trainers[0].cell = cellOf(state, 2, 2);
    for (const [x, y] of [[2, 4], [1, 3], [3, 3], [0, 2], [4, 2], [2, 0], [1, 1], [3, 1]] as const) placeWild(state, x, y, 5, 1);
    expect(catchesOf(state).map((a) => `${a.x},${a.y}`)).toEqual(['2,0', '1,1', '3,1', '0,2', '4,2', '1,3', '3,3', '2,4']);
  });

  it('rule 11: with catchCost above attackCost, AP between them allow an attack but no catch', () => {
    const state = start(OPEN_5, { catchCost: 3, attackCost: 2 });
    placeWild(state, 1, 0, 6, 2);
    state.trainers[0].owned.push({ health: 4, attack: 1 });
    state.actionPoints = 2;
    expect(kinds(state)).toEqual(new Set(['move', 'attack', 'endTurn']));
  });

  it('rule 13: the move event names where the trainer came from', () => {
    const state = start(OPEN_5);
    state.trainers[0].cell = cellOf(state, 3, 2);
    const { events, sink } = recorder();
    game.apply(state, moveTo(state, 3, 4) as MoveAction, sink);
    expect(lastEvent(events, 'move')).toMatchObject({ seat: 0, fromX: 3, fromY: 2, x: 3, y: 4, steps: 2, cost: 2, round: 1, turn: 1 });
  });
});

/**
 * An independent reading of rules 11 to 15, 20 and 26: breadth-first search over grass, blocked
 * by zombies and the other trainer (when `blockingUnits`), Manhattan reach for targets.
 */
function expectedActions(state: ZombieTrainersState): { moves: string[]; catches: string[]; attacks: string[]; targets: string[] } {
  const { map, params, trapRates } = state.config;
  const me = state.trainers[state.current];
  const other = state.trainers[state.current === 0 ? 1 : 0];
  const none = { moves: [], catches: [], attacks: [], targets: [] };
  if (me.trapsLeft === 0) return none;
  const blocked = (cell: number): boolean => params.blockingUnits && ((state.wildHealth[cell] as number) > 0 || cell === other.cell);
  const distance = new Map<number, number>([[me.cell, 0]]);
  const frontier = [me.cell];
  const maxSteps = Math.floor(state.actionPoints / params.moveCost);
  while (frontier.length > 0) {
    const cell = frontier.shift() as number;
    const steps = distance.get(cell) as number;
    if (steps === maxSteps) continue;
    const x = cell % map.width;
    const y = (cell - x) / map.width;
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
      if (nx < 0 || ny < 0 || nx >= map.width || ny >= map.height) continue;
      const next = ny * map.width + nx;
      if (map.grass[next] !== 1 || distance.has(next) || blocked(next)) continue;
      distance.set(next, steps + 1);
      frontier.push(next);
    }
  }
  const xy = (cell: number): string => `${cell % map.width},${Math.floor(cell / map.width)}`;
  const moves = [...distance.entries()].filter(([cell]) => cell !== me.cell).sort((a, b) => a[0] - b[0]).map(([cell, steps]) => `${xy(cell)}:${steps}`);
  const targets: string[] = [];
  const catches: string[] = [];
  const attacks: string[] = [];
  const fromX = me.cell % map.width;
  const fromY = Math.floor(me.cell / map.width);
  for (let cell = 0; cell < map.width * map.height; cell++) {
    if ((state.wildHealth[cell] as number) === 0) continue;
    if (Math.abs((cell % map.width) - fromX) + Math.abs(Math.floor(cell / map.width) - fromY) > params.interactionRange) continue;
    const canCatch = state.actionPoints >= params.catchCost;
    const canAttack = state.actionPoints >= params.attackCost && me.owned.length > 0;
    if (canCatch || canAttack) targets.push(xy(cell));
    if (canCatch) trapRates.forEach((rate, i) => (me.trapCounts[i] as number) > 0 && catches.push(`${xy(cell)}@${rate}`));
    if (canAttack) me.owned.forEach((_, zombie) => attacks.push(`z${zombie}@${xy(cell)}`));
  }
  return { moves, catches: catches.sort(), attacks: attacks.sort(), targets };
}

describe('Zombie Trainers legal actions against an independent reading of the rules', () => {
  /** 6 × 5 with rock inside and on the edges. */
  const MAP = ['..#...', '......', '.##.#.', '......', '#.....'].join('\n');
  /** `width` × 4, rock scattered and in its last two columns, the trainers and zombies often near the right edge. */
  const WIDE = (width: number): string =>
    ['.'.repeat(width - 2) + '#.', '.'.repeat(width - 3) + '#..', '..#' + '.'.repeat(width - 3), '.'.repeat(width - 1) + '#'].join('\n');
  const configs: Partial<ZombieTrainersParams>[] = [
    {},
    { interactionRange: 2, actionPoints: 5 },
    { blockingUnits: false, moveCost: 2, actionPoints: 6, catchCost: 3, attackCost: 2 },
    { interactionRange: 0, blockingUnits: false, traps: { '10': 1, '30': 2, '50': 1, '70': 3 } },
    // A square map and a narrow one: shapes where a wrong index for an interned action would
    // make two different actions share one entry.
    { map: OPEN_5, interactionRange: 2 },
    { map: ['..', '..', '..', '..'].join('\n'), interactionRange: 3 },
    // Move generation copies a start cell's moves on the map alone when no unit is near enough
    // to block, while a config's tables hold at most 250,000 moves (cells × 2L(L + 1) for moves
    // of up to L steps), and searches beyond: configs on each side of that.
    { map: ['.......', '..#....', '.......', '...#...', '.......', '.#.....', '.......'].join('\n'), actionPoints: 7 },
    { actionPoints: 8, blockingUnits: false },
    // 30 cells × 2 · 70 · 71 = 298,200 moves: always searched, the whole map in reach.
    { actionPoints: 70 },
    { actionPoints: 70, blockingUnits: false },
    // Searched by row masks up to 31 cells wide (a move to column 30 sets a row's bit 30), cell
    // by cell from 32: each side of that, rock across the widest column.
    { map: WIDE(31), interactionRange: 2, actionPoints: 5 },
    { map: WIDE(32), interactionRange: 2, actionPoints: 5 },
    { map: WIDE(33), blockingUnits: false, actionPoints: 4 },
    { map: WIDE(31), actionPoints: 40 },
    { map: WIDE(32), actionPoints: 40 },
  ];

  it('rules 11 to 15, 20 and 26: moves, catches and attacks over many seeded positions, several in one config', () => {
    const rng = matchStream(matchSeed(20, 1), 'positions');
    const reused: ZombieTrainersAction[] = [{ kind: 'endTurn' }, { kind: 'endTurn' }];
    for (const overrides of configs) {
      // One parameter object per config: the positions share its interned actions.
      const params = makeParams({ map: MAP, ...overrides });
      const grassCount = params.map.split('').filter((char) => char === '.').length;
      for (let trial = 0; trial < 120; trial++) {
        const state = game.setup(params);
        const grass = Array.from(state.config.map.grassCells);
        const pick = (): number => grass.splice(rng.int(grass.length), 1)[0] as number;
        state.trainers[0].cell = pick();
        state.trainers[1].cell = pick();
        for (let z = rng.int(Math.min(7, grassCount - 1)); z > 0; z--) {
          const cell = pick();
          placeWildZombie(state, cell, 1 + rng.int(9), 1 + rng.int(4));
        }
        state.current = rng.int(2) === 0 ? 0 : 1;
        state.actionPoints = rng.int(state.config.actionPoints[state.current] + 1);
        const me = state.trainers[state.current];
        me.trapCounts = me.trapCounts.map(() => rng.int(3));
        me.trapsLeft = me.trapCounts.reduce((a, b) => a + b, 0);
        for (let z = rng.int(4); z > 0; z--) me.owned.push({ health: 1 + rng.int(5), attack: 1 + rng.int(5) });

        const expected = expectedActions(state);
        const actions = game.legalActions(state, reused);
        expect(actions).toBe(reused); // the list handed in is refilled, not replaced
        const where = `trial ${trial} of ${JSON.stringify(overrides)}: ${game.describeState(state)}`;
        const moves = actions.filter((a): a is MoveAction => a.kind === 'move').map((m) => `${m.x},${m.y}:${m.steps}`);
        expect(moves, where).toEqual(expected.moves);
        const catches = actions.filter((a): a is CatchAction => a.kind === 'catch');
        expect(catches.map((a) => `${a.x},${a.y}@${a.trapRate}`).sort(), where).toEqual(expected.catches);
        const attacks = actions.filter((a): a is AttackAction => a.kind === 'attack');
        expect(attacks.map((a) => `z${a.zombie}@${a.x},${a.y}`).sort(), where).toEqual(expected.attacks);
        const targetOrder = [...new Set([...actions].filter((a) => a.kind === 'catch' || a.kind === 'attack').map((a) => ('x' in a ? `${a.x},${a.y}` : '')))];
        expect(targetOrder, where).toEqual(expected.targets.filter((t) => targetOrder.includes(t)));
        expect(actions.at(-1), where).toEqual({ kind: 'endTurn' });
        expect(actions).toHaveLength(moves.length + catches.length + attacks.length + 1);
      }
    }
  });
});

describe('Zombie Trainers state contract', () => {
  it('clone copies every mutable part: changing the copy leaves the original as it was', () => {
    const state = start(OPEN_5);
    placeWild(state, 1, 0, 6, 2);
    state.trainers[0].owned.push({ health: 4, attack: 2 });
    state.trainers[1].owned.push({ health: 3, attack: 1 });
    game.apply(state, catchesOf(state)[0] as CatchAction, null);
    force(state, 4);
    const snapshot = JSON.stringify(state, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v));
    const copy = game.clone(state);
    expect(JSON.stringify(copy, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v))).toBe(snapshot);
    copy.wildHealth[1] = 0;
    copy.wildAttack[1] = 0;
    copy.wildCells.length = 0;
    for (const trainer of copy.trainers) {
      trainer.trapCounts[0] = 99;
      trainer.owned[0]!.health = 99;
      trainer.owned.push({ health: 1, attack: 1 });
      trainer.cell = 12;
    }
    copy.trainers[0] = copy.trainers[1];
    copy.pending.aggressive = 6;
    force(copy, 1);
    force(copy, 1);
    expect(JSON.stringify(state, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v))).toBe(snapshot);
    // The copy plays on by itself: finishing the catch in the original still works.
    force(state, 1);
    force(state, 1);
    expect(state.phase).toBe(Phase.Decision);
  });

  it('wildCells lists the cells holding a wild zombie, ascending, after every step of seeded random playouts', () => {
    const rng = matchStream(matchSeed(21, 1), 'wild-cells');
    const chance = matchStream(matchSeed(21, 1), 'chance');
    const legal: ZombieTrainersAction[] = [];
    let checked = 0;
    let removals = 0;
    for (const overrides of [{}, { map: OPEN_5, maxWildZombies: 6, initialWildZombies: 4 }, { maxWildZombies: 12 }, { blockingUnits: false, maxWildZombies: 10 }]) {
      const params = makeParams(overrides);
      for (let match = 0; match < 8; match++) {
        const state = game.setup(params);
        for (let step = 0; !game.isTerminal(state) && step < 5000; step++) {
          const before = state.wildCount;
          if (game.currentPlayer(state) === CHANCE) game.apply(state, game.sampleChance(state, chance), null);
          else {
            game.legalActions(state, legal);
            game.apply(state, legal[rng.int(legal.length)] as ZombieTrainersAction, null);
          }
          if (state.wildCount < before) removals++;
          const holding = state.wildHealth.flatMap((health, cell) => (health === 0 ? [] : [cell]));
          expect(state.wildCells).toEqual(holding);
          expect(state.wildCount).toBe(holding.length);
          checked++;
        }
      }
    }
    // The playouts spawned, caught and killed: the list was kept through removals, not only spawns.
    expect(removals).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(1000);
  });

  it('a position built by writing wildHealth and wildCount alone (no wildCells) plays and values as one built with placeWildZombie', () => {
    // The way earlier versions had hand-built positions written: the rules then read the cells
    // from wildHealth, so such a zombie still blocks moves and counts for the heuristic.
    const listed = start(OPEN_5, { initialWildZombies: 0 });
    const written = start(OPEN_5, { initialWildZombies: 0 });
    for (const state of [listed, written]) {
      state.trainers[0].cell = cellOf(state, 0, 0);
      state.trainers[1].cell = cellOf(state, 4, 4);
    }
    placeWild(listed, 2, 0, 5, 2);
    placeWild(listed, 0, 1, 5, 2);
    placeWild(written, 2, 0, 5, 2); // one through the list, as a spawn is
    const cell = cellOf(written, 0, 1); // one written in by hand
    written.wildHealth[cell] = 5;
    written.wildAttack[cell] = 2;
    written.wildCount++;
    expect(legal(written)).toEqual(legal(listed));
    expect(game.heuristic(written)).toEqual(game.heuristic(listed));
    // Catching the hand-written zombie leaves the other listed and counted.
    for (const state of [listed, written]) doCatch(state, 0, 1, 40, 6, 1, 1);
    expect(written.wildHealth).toEqual(listed.wildHealth);
    expect(written.wildCount).toBe(1);
    expect(written.wildCells).toEqual([cellOf(written, 2, 0)]);
    expect(legal(written)).toEqual(legal(listed));
    expect(game.heuristic(written)).toEqual(game.heuristic(listed));
  });

  it('move generation still finds the moves when its search stamps run out and start over', () => {
    // Player 1 at (0, 0) with a zombie beside it, so every call searches; 2^31 - 1 is the last
    // stamp a 32-bit mark holds, and a worker of a long run makes billions of searches. The map
    // is 32 cells wide, one past what the row masks take, so the search is the cell-by-cell one.
    const state = start(Array.from({ length: 5 }, () => '.'.repeat(32)).join('\n'), { initialWildZombies: 0 });
    placeWild(state, 1, 0, 5, 2);
    const expected = expectedActions(state).moves;
    expect(expected.length).toBeGreaterThan(3);
    // Once first, so the search scratch exists for this map (making it resets the stamps).
    expect(movesOf(state).map((m) => `${m.x},${m.y}:${m.steps}`)).toEqual(expected);
    try {
      setSearchStampForTests(0x7fffffff - 3);
      for (let call = 0; call < 8; call++) {
        expect(movesOf(state).map((m) => `${m.x},${m.y}:${m.steps}`), `call ${call}`).toEqual(expected);
      }
      // They did run out and start over: the 4th search after the set one took the last stamp.
      expect(searchStampForTests()).toBeLessThan(10);
    } finally {
      setSearchStampForTests(0);
    }
  });

  it('refuses a state written with more action points than a turn starts with, naming them', () => {
    const state = start(OPEN_5, { initialWildZombies: 0, actionPoints: [4, 3] });
    state.actionPoints = 99;
    expect(() => game.legalActions(state)).toThrow('99 action points left, more than a turn starts with (4): not a state these rules reach');
  });

  it('reads every cell\'s column and row right, on a map wider than tall and one taller than wide', () => {
    for (const [width, height] of [[12, 3], [3, 7]] as const) {
      const state = start(Array.from({ length: height }, () => '.'.repeat(width)).join('\n'), { initialWildZombies: 0 });
      const { column, row } = state.config.map;
      for (let cell = 0; cell < width * height; cell++) expect([column[cell], row[cell]], `${width} x ${height}, cell ${cell}`).toEqual([cell % width, Math.floor(cell / width)]);
    }
  });

  it('observe gives a copy of the whole state (perfect information), never the state itself', () => {
    const state = start(OPEN_5);
    placeWild(state, 2, 2, 6, 2);
    const seen = game.observe(state, 1);
    expect(seen).not.toBe(state);
    expect(seen.wildHealth).toEqual(state.wildHealth);
    expect(seen.trainers).toEqual(state.trainers);
    seen.wildHealth[cellOf(state, 2, 2)] = 0;
    expect(state.wildHealth[cellOf(state, 2, 2)]).toBe(6);
  });

  it('declares two seats, perfect information, returns in [-1, 1], and [0, 0] before the end', () => {
    expect(game.id).toBe('zombie-trainers');
    expect(game.title).toBe('Zombie Trainers');
    expect(game.seats).toEqual(['Player 1', 'Player 2']);
    expect(game.utilityBounds).toEqual([-1, 1]);
    expect(game.hiddenInformation).toBe(false);
    const state = start(OPEN_5);
    expect(game.isTerminal(state)).toBe(false);
    expect(game.returns(state)).toEqual([0, 0]);
    expect(state.winner).toBe(-1);
    expect(state.tieDecided).toBe(false);
    expect(state.endReason).toBeNull();
  });

  it('action keys tell every action apart', () => {
    const actions: ZombieTrainersAction[] = [
      { kind: 'move', x: 1, y: 2, steps: 3 },
      { kind: 'move', x: 2, y: 1, steps: 3 },
      { kind: 'catch', x: 1, y: 2, trapRate: 40 },
      { kind: 'catch', x: 1, y: 2, trapRate: 60 },
      { kind: 'attack', zombie: 0, x: 1, y: 2 },
      { kind: 'attack', zombie: 1, x: 1, y: 2 },
      { kind: 'endTurn' },
      { kind: 'chance', value: 1 },
      { kind: 'chance', value: 2 },
    ];
    const keys = actions.map((action) => game.actionKey(action));
    for (const key of keys) expect(key).toMatch(/^[a-zA-Z]+/);
    expect(new Set(keys).size).toBe(actions.length);
    expect(game.actionKey({ kind: 'move', x: 1, y: 2, steps: 3 })).toBe(keys[0]);
    expect(keys).toEqual(['move(1,2)', 'move(2,1)', 'catch(1,2,rate40)', 'catch(1,2,rate60)', 'attack(z0,1,2)', 'attack(z1,1,2)', 'endTurn', 'chance(1)', 'chance(2)']);
  });

  it('describes a state in one line: round, turn, who acts, AP, XP, traps, owned and wild zombies', () => {
    const state = start(OPEN_5, { maxWildZombies: 1 });
    placeWild(state, 2, 2, 6, 2);
    state.trainers[0].xp = 4;
    state.trainers[1].owned.push({ health: 1, attack: 1 });
    endTurn(state);
    game.apply(state, moveTo(state, 4, 3) as MoveAction, null);
    expect(game.describeState(state)).toBe('round 1, turn 2, P2 to act, AP 2, XP 4-0, traps 7/7, owned 0/1, wild 1');
    placeWild(state, 3, 3, 4, 1);
    game.apply(state, catchesOf(state)[0] as CatchAction, null);
    expect(game.describeState(state)).toBe('round 1, turn 2, chance, AP 0, XP 4-0, traps 7/7, owned 0/1, wild 2');
    const over = start(OPEN_5);
    emptyTraps(over, 1);
    onlyTraps(over, 0, 40, 1);
    placeWild(over, 1, 0, 6, 2);
    doCatch(over, 1, 0, 40, 1, 6, 100);
    expect(game.describeState(over)).toBe('round 1, turn 1, over, AP 1, XP 0-0, traps 0/0, owned 0/0, wild 1');
  });

  it('rule 29: the declared maximum length covers the longest match the rules allow, with one spawn to spare', () => {
    // The longest turn: every action the cheapest one, a catch (4 steps: the decision, A, D, R),
    // each failing, then the end of turn and a spawn (4 steps). With 4 AP and a catch at 2 AP
    // that is 2 × 4 + 4 = 12 steps a turn; one round is 2 turns after 3 initial spawns (9 steps).
    // The bound counts a spawn after the last turn too, which the end pre-empts: 3 steps spare.
    // (A loose bound would only delay the runner's guard against a runaway match.)
    const params = makeParams({
      map: OPEN_5, actionPoints: 4, catchCost: 2, moveCost: 3, attackCost: 4,
      maxRounds: 1, initialWildZombies: 3, maxWildZombies: 5, traps: { '10': 9 },
    });
    const state = game.setup(params);
    let steps = 0;
    const step = (action: ZombieTrainersAction): void => {
      game.apply(state, action, null);
      steps++;
    };
    for (const [x, y] of [[1, 0], [3, 4], [2, 2]] as const) {
      step({ kind: 'chance', value: cellOf(state, x, y) });
      step({ kind: 'chance', value: 5 });
      step({ kind: 'chance', value: 1 });
    }
    for (const [seat, [x, y]] of [[0, [1, 0]], [1, [3, 4]]] as const) {
      expect(state.current).toBe(seat);
      for (let i = 0; i < 2; i++) {
        step(catchesOf(state).find((a) => a.x === x && a.y === y) as CatchAction);
        step({ kind: 'chance', value: 1 });
        step({ kind: 'chance', value: 6 });
        step({ kind: 'chance', value: 100 });
      }
      expect(legal(state)).toEqual([{ kind: 'endTurn' }]);
      step({ kind: 'endTurn' });
      if (seat === 0) {
        step({ kind: 'chance', value: cellOf(state, 0, 4) });
        step({ kind: 'chance', value: 5 });
        step({ kind: 'chance', value: 1 });
      }
    }
    expect(game.isTerminal(state)).toBe(true);
    expect(steps).toBe(9 + 12 + 9);
    expect(game.maxLength(params)).toBe(steps + 3);
  });
});

describe('per-seat action points in move generation and the length bound', () => {
  // A 4-wide map: from column 0 the last cell of a row (3 steps) and the first of the next (1 step)
  // are where a move table sized for the smaller allowance would put two moves on one entry.
  const OPEN_4 = ['....', '....', '....', '....'].join('\n');
  for (const [seat, points] of [[0, [4, 1]], [1, [1, 4]]] as const) {
    it(`player ${seat + 1} with ${points[seat]} action points to his opponent's ${points[1 - seat]} is offered every cell his own points reach, each at its own distance`, () => {
      const state = start(OPEN_4, { actionPoints: [...points], maxWildZombies: 0 });
      if (seat === 1) endTurn(state);
      expect(state.current).toBe(seat);
      expect(state.actionPoints).toBe(4);
      const width = state.config.map.width;
      const from = state.trainers[seat].cell;
      const blocked = state.trainers[seat === 0 ? 1 : 0].cell;
      const [fx, fy] = [from % width, Math.floor(from / width)];
      // On an open map the only obstacle is the other trainer's cell (rule 14), in a corner no shortest path needs.
      expect([0, 3, 12, 15]).toContain(blocked);
      const expected: string[] = [];
      for (let y = 0; y < 4; y++) {
        for (let x = 0; x < 4; x++) {
          const steps = Math.abs(x - fx) + Math.abs(y - fy);
          if (steps >= 1 && steps <= 4 && y * width + x !== blocked) expected.push(`${x},${y}:${steps}`);
        }
      }
      expect(expected.some((move) => move.endsWith(':4'))).toBe(true);
      const offered = movesOf(state).map((move) => `${move.x},${move.y}:${move.steps}`);
      expect(offered.sort()).toEqual(expected.sort());
    });
  }

  it('catches list the trap rates in ascending order, whichever trainer\'s traps name a rate first', () => {
    // Player 1 names only 80%; player 2 holds 40% and 80%: the rates are gathered from both.
    const state = start(OPEN_4, { traps: [{ 80: 1 }, { 40: 1, 80: 1 }], maxWildZombies: 0 });
    expect(state.config.trapRates).toEqual([40, 80]);
    endTurn(state);
    const me = state.trainers[1].cell;
    const [x, y] = [me % 4, Math.floor(me / 4)];
    placeWild(state, x === 0 ? 1 : x - 1, y, 3, 1);
    expect(catchesOf(state).map((action) => action.trapRate)).toEqual([40, 80]);
  });

  it('rule 29 bounds the length by the larger of the two trainers\' action points', () => {
    const params = makeParams({ actionPoints: [2, 6], moveCost: 1, catchCost: 2, attackCost: 2, initialWildZombies: 3, maxRounds: 10 });
    // Per turn at most 6 cheapest actions, each with up to 3 dice and its decision, plus a spawn and its dice.
    expect(game.maxLength(params)).toBe(3 * 3 + 10 * 2 * (6 * 4 + 1 + 3));
    expect(game.maxLength(makeParams({ actionPoints: [6, 2], moveCost: 1, initialWildZombies: 3, maxRounds: 10 }))).toBe(game.maxLength(params));
  });
});
