/**
 * Zombie Trainers (shared/rules/zombie-trainers.md, seed 000).
 *
 * Two trainers on a grid of grass and rock take turns with 3 action points: move (1 AP a cell,
 * shortest orthogonal grass path), try to catch an adjacent wild zombie with one of their traps
 * (2 AP; succeeds when trapRate + (A − D) × 5 > R, R in 1..100; the trap is always used up;
 * +1 XP and the zombie becomes theirs), or attack a wild zombie with an owned one (3 AP; on
 * A ≥ D the wild zombie loses the attacker's attack in health, +1 XP, +10 XP on a kill; on
 * D ≥ A the owned zombie is hit back). A trainer without traps is a spectator. When both are,
 * the one with more XP wins, player 1 on equal XP. After each turn a wild zombie spawns while
 * fewer than 5 are on the map.
 *
 * Parameters (see parameters.ts): map, colors, traps, startXp, initialWildZombies, zombieHealth,
 * zombieAttack, actionPoints, moveCost, catchCost, attackCost, interactionRange, blockingUnits,
 * killXpStacks, maxWildZombies, maxRounds. `traps`, `startXp` and `actionPoints` take one value
 * for both trainers (the rules) or a pair, one per trainer: compensation for moving first, which
 * the rules do not have (`startXp` is 0 for both by the rules).
 *
 * Readings where the spec leaves room (a player's reading, as the mission asks):
 * - The match ends the moment the last trap of the last trainer is used (rule 27), even in the
 *   middle of a turn; no spawn follows, since the game has ended (rule 25).
 * - A spectator (rule 26) cannot attack either, even with owned zombies: the seed says
 *   spectators "can no longer attack and catch zombies".
 * - On A = D both hits happen (rule 22) even when the trainer's hit kills the wild zombie.
 * - When no free grass cell is left, a spawn (rule 8 or 25) is skipped.
 * - Reach (rules 15 and 20) is Manhattan distance up to `interactionRange`. With
 *   `blockingUnits: false` a trainer may stand on a zombie's cell, and may then catch or attack
 *   that zombie too (distance 0 is within reach).
 * - Two colors that differ only in case or surrounding spaces are the same color (rule 3).
 * - A spectator's turn passes at once (rule 26): its only legal action is to end the turn, and
 *   the match runner applies a lone legal action without asking the agent.
 * - With `killXpStacks: false` a killing hit gives 10 XP in all.
 *
 * Chance is explicit: each die, R, and each spawn's cell, health and attack is its own chance
 * node, so tests force any outcome and search can weigh them exactly.
 */
import type { ChanceOutcome, EventSink, GameDefinition } from '../../core/game.js';
import { CHANCE, hears, TERMINAL } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import { filledArray } from '../../core/state-arrays.js';
import { catchSucceeds } from './catch-chance.js';
import { CATCH_XP, DIE_SIDES, HIT_XP, KILL_XP, ROLL_MAX } from './constants.js';
import { DEFAULT_WEIGHTS, zombieTrainersHeuristicWith } from './heuristic.js';
import { compiledMap, type GrassMap } from './map.js';
import { wildCellsOf } from './wild-cells.js';
import { type ZombieTrainersParams, seatValue, validateZombieTrainersParams, zombieTrainersParameters } from './parameters.js';
import {
  Phase,
  type OwnedZombie,
  type Trainer,
  type ZombieTrainersAction,
  type ZombieTrainersConfig,
  type ZombieTrainersEvent,
  type ZombieTrainersState,
} from './types.js';


const END_TURN: ZombieTrainersAction = Object.freeze({ kind: 'endTurn' });

/** Chance outcomes are interned: sampling a die allocates nothing. */
const chanceActions: ZombieTrainersAction[] = [];
function chanceAction(value: number): ZombieTrainersAction {
  let action = chanceActions[value];
  // Stryker disable next-line ConditionalExpression: re-interning always (true) gives an equal frozen outcome; only allocation differs
  if (action === undefined) {
    for (let v = chanceActions.length; v <= value; v++) chanceActions.push(Object.freeze({ kind: 'chance', value: v }));
    action = chanceActions[value] as ZombieTrainersAction;
  }
  return action;
}

const configs = new WeakMap<ZombieTrainersParams, ZombieTrainersConfig>();

/** The run-level constants for a parameter set, built once per parameter object. */
export function configFor(params: ZombieTrainersParams): ZombieTrainersConfig {
  let config = configs.get(params);
  if (config === undefined) {
    const traps = [seatValue(params.traps, 0), seatValue(params.traps, 1)] as const;
    const rates = [...new Set(traps.flatMap((counts) => Object.entries(counts).filter(([, count]) => count > 0).map(([rate]) => Number(rate))))].sort((a, b) => a - b);
    const countsOf = (counts: Readonly<Record<string, number>>): number[] => rates.map((rate) => counts[String(rate)] ?? 0);
    config = {
      params,
      map: compiledMap(params.map),
      trapRates: rates,
      startingTrapCounts: [countsOf(traps[0]), countsOf(traps[1])],
      actionPoints: [seatValue(params.actionPoints, 0), seatValue(params.actionPoints, 1)],
      startXp: [seatValue(params.startXp, 0), seatValue(params.startXp, 1)],
    };
    configs.set(params, config);
  }
  return config;
}

function newTrainer(seat: 0 | 1, cell: number, config: ZombieTrainersConfig): Trainer {
  const trapCounts = config.startingTrapCounts[seat].slice();
  return { cell, xp: config.startXp[seat], trapCounts, trapsLeft: trapCounts.reduce((a, b) => a + b, 0), owned: [] };
}

/** Rule 7 and 8: trainers on the first and last grass cells, then the initial spawns. */
export function setup(params: ZombieTrainersParams): ZombieTrainersState {
  const config = configFor(params);
  const { map } = config;
  const cells = map.width * map.height;
  const state: ZombieTrainersState = {
    config,
    wildHealth: filledArray(cells, 0),
    wildAttack: filledArray(cells, 0),
    wildCount: 0,
    wildCells: [],
    trainers: [
      newTrainer(0, map.grassCells[0] as number, config),
      newTrainer(1, map.grassCells[map.grassCells.length - 1] as number, config),
    ],
    current: 0,
    actionPoints: config.actionPoints[0],
    round: 1,
    turn: 0,
    phase: Phase.Decision,
    setupSpawnsLeft: params.initialWildZombies,
    // Stryker disable next-line ObjectLiteral,UnaryOperator: scratch for the action being resolved; every field is written before it is read
    pending: { cell: -1, trapIndex: -1, ownedIndex: -1, aggressive: 0, defensive: 0, health: 0 },
    winner: -1,
    tieDecided: false,
    endReason: null,
  };
  if (state.setupSpawnsLeft > 0 && countFreeCells(state) > 0) state.phase = Phase.SpawnCell;
  else beginFirstTurn(state);
  return state;
}

function beginFirstTurn(state: ZombieTrainersState): void {
  state.setupSpawnsLeft = 0;
  state.turn = 1;
  state.round = 1;
  state.current = 0;
  state.actionPoints = state.config.actionPoints[0];
  state.phase = Phase.Decision;
}

/** A grass cell with no wild zombie and no trainer (rules 8 and 25). */
function isFreeCell(state: ZombieTrainersState, cell: number): boolean {
  return state.wildHealth[cell] === 0 && state.trainers[0].cell !== cell && state.trainers[1].cell !== cell;
}

/**
 * Free grass cells, counted without a scan: every wild zombie stands on grass, so the free cells
 * are the grass cells minus the wild zombies minus the cells trainers stand on alone (with
 * `blockingUnits: false` a trainer may share a zombie's cell, or the other trainer's).
 */
function countFreeCells(state: ZombieTrainersState): number {
  const a = state.trainers[0].cell;
  const b = state.trainers[1].cell;
  let occupied = state.wildCount;
  if (state.wildHealth[a] === 0) occupied++;
  if (b !== a && state.wildHealth[b] === 0) occupied++;
  return state.config.map.grassCells.length - occupied;
}

/** The k-th free grass cell in row-major order. */
function nthFreeCell(state: ZombieTrainersState, k: number): number {
  const grassCells = state.config.map.grassCells;
  const wildHealth = state.wildHealth;
  const a = state.trainers[0].cell;
  const b = state.trainers[1].cell;
  let seen = 0;
  // Stryker disable next-line EqualityOperator: one step past the end reads no cell (undefined is never free) and still ends in the throw below
  for (let i = 0; i < grassCells.length; i++) {
    const cell = grassCells[i] as number;
    if (wildHealth[cell] === 0 && cell !== a && cell !== b) {
      if (seen === k) return cell;
      seen++;
    }
  }
  throw new Error(`no free cell number ${k}`);
}

// Search scratch, reused across calls: legal actions are asked for at every decision, so move
// generation allocates nothing. The rules run synchronously, so sharing is safe.
let distance = new Int32Array(0);
let visitStamp = new Int32Array(0);
let queue = new Int32Array(0);
let targets = new Int32Array(0);
let stamp = 0;

/**
 * The stamp the next search marks its cells with. `visitStamp` holds 32-bit integers: past
 * 2^31 − 1 a stamp would be stored wrapped and never match again, and every search after it
 * would find no cell (a worker playing a long run makes billions of searches). So the stamps
 * start over from 1, with every mark cleared, when they run out.
 */
function nextStamp(): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, <) starting over at every search, or at every one but the last, gives the same marks
  if (stamp >= STAMP_LIMIT) {
    visitStamp.fill(0);
    stamp = 0;
  }
  // Stryker disable next-line UpdateOperator: counting stamps down is as good as up: each search needs only a stamp unlike the previous ones
  return ++stamp;
}

/** The last stamp before they start over: the largest a 32-bit integer holds. */
const STAMP_LIMIT = 0x7fffffff;

/** Sets the next search's stamp to `value` + 1: for the test of what happens when stamps run out. */
export function setSearchStampForTests(value: number): void {
  stamp = value;
}

/** The last search's stamp: for the same test, to see the stamps started over. */
export function searchStampForTests(): number {
  return stamp;
}

function ensureScratch(cells: number): void {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: reallocating the scratch more often changes only speed
  if (distance.length >= cells) return;
  distance = new Int32Array(cells);
  visitStamp = new Int32Array(cells);
  queue = new Int32Array(cells);
  targets = new Int32Array(cells);
  stamp = 0;
}

/**
 * Shortest grass-path distances from the trainer's cell, up to `maxSteps` (rule 13), through
 * cells a trainer may step on (rules 12 and 14): the reached cells get `visitStamp === stamp`
 * and their distance in `distance`.
 */
function searchReachable(state: ZombieTrainersState, seat: 0 | 1, maxSteps: number): void {
  const { map, params } = state.config;
  const other = state.trainers[seat === 0 ? 1 : 0].cell;
  breadthFirst(map, state.trainers[seat].cell, maxSteps, params.blockingUnits ? state.wildHealth : null, other);
}

/**
 * Breadth-first search over `map`'s grass from `start`, up to `maxSteps` steps, never entering
 * a cell where `wildHealth` holds a zombie or the cell `other` (when `wildHealth` is given: the
 * units that block, rule 14): the reached cells get `visitStamp === stamp` and their distance
 * in `distance`.
 */
function breadthFirst(map: GrassMap, start: number, maxSteps: number, wildHealth: readonly number[] | null, other: number): void {
  ensureScratch(map.width * map.height);
  const mark = nextStamp();
  const neighbours = map.grassNeighbours;
  // The scratch in locals rather than read from the module's lets at each neighbour: measured a
  // few percent faster.
  const visited = visitStamp;
  const distances = distance;
  const cells = queue;
  visited[start] = mark;
  distances[start] = 0;
  let head = 0;
  let tail = 0;
  cells[tail++] = start;
  while (head < tail) {
    const cell = cells[head++] as number;
    const nextDistance = (distances[cell] as number) + 1;
    // Breadth-first: every later cell is at least as far, so the search can stop here.
    if (nextDistance > maxSteps) break;
    for (let k = cell * 4, end = k + 4; k < end; k++) {
      const next = neighbours[k] as number;
      if (next < 0 || visited[next] === mark) continue;
      if (wildHealth !== null && (wildHealth[next] !== 0 || next === other)) continue;
      visited[next] = mark;
      distances[next] = nextDistance;
      cells[tail++] = next;
    }
  }
}

/**
 * Wild zombies within `interactionRange` of the trainer (rules 15 and 20), row-major, into
 * `targets`; returns how many.
 */
function targetsInRange(state: ZombieTrainersState, seat: 0 | 1): number {
  const { map, params } = state.config;
  // Stryker disable next-line ArithmeticOperator: targets is filled from index 0 and holds at most the zombies in reach; the search sizes the scratch by the cell count first
  ensureScratch(map.width * map.height);
  const range = params.interactionRange;
  const width = map.width;
  const from = state.trainers[seat].cell;
  const fromX = from % width;
  const fromY = (from - fromX) / width;
  const wildHealth = state.wildHealth;
  let count = 0;
  for (let y = Math.max(0, fromY - range), lastY = Math.min(map.height - 1, fromY + range); y <= lastY; y++) {
    const reach = range - Math.abs(y - fromY);
    const row = y * width;
    for (let x = Math.max(0, fromX - reach), lastX = Math.min(width - 1, fromX + reach); x <= lastX; x++) {
      if (wildHealth[row + x] !== 0) targets[count++] = row + x;
    }
  }
  return count;
}

/**
 * Interned decision objects per run config, filled on first use: legal actions are built from
 * these, so enumerating moves allocates nothing but the list. Kept beside the state, not in it,
 * so states stay plain data.
 */
interface InternedActions {
  /** Index `cell * (stepsLimit + 1) + steps`, stepsLimit the longest move; dense (null until first used) so lookups stay fast. */
  moves: (ZombieTrainersAction | null)[];
  /** By start cell: its {@link StaticReach}, made on first use. */
  readonly reach: (StaticReach | undefined)[];
  /** Index `cell * trapRates.length + rateIndex`. */
  readonly catches: (ZombieTrainersAction | undefined)[];
  /** Index `ownedIndex * cells + cell`. */
  readonly attacks: (ZombieTrainersAction | undefined)[];
  /** The row-mask search's tables ({@link RowSearch}), made on first use; null where the map is too wide for them. */
  rows: RowSearch | null | undefined;
}

/**
 * The search by row masks: each map row as a 32-bit mask of its grass cells (bit x for column
 * x), so one step of the breadth-first search widens every reached row at once (shifts left
 * and right, the rows above and below) instead of visiting cell by cell. Only for maps up to 31
 * cells wide; a wider map is searched cell by cell ({@link breadthFirst}).
 */
interface RowSearch {
  /** Row y's grass cells as bits. */
  readonly grass: Int32Array;
  /** Scratch: row y's cells a trainer may step on in the current search. */
  readonly open: Int32Array;
  /** Scratch: the cells reached within s steps, row y at index `s * height + y`. */
  readonly within: Int32Array;
}

/** The widest map searched by row masks: a row is one 32-bit integer, its top bit left clear so shifts stay positive. */
const ROW_SEARCH_MAX_WIDTH = 31;

function rowSearch(tables: InternedActions, config: ZombieTrainersConfig, stepsLimit: number): RowSearch | null {
  // Stryker disable next-line ConditionalExpression: (false) making the tables again at every search gives the same moves
  if (tables.rows !== undefined) return tables.rows;
  const { map } = config;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >=) a map searched cell by cell gets the same moves, in the same order
  if (map.width > ROW_SEARCH_MAX_WIDTH) {
    tables.rows = null;
    return null;
  }
  const grass = new Int32Array(map.height);
  // Stryker disable next-line EqualityOperator: (<=) a typed array takes no write past its end
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) if (map.grass[y * map.width + x] === 1) grass[y] = (grass[y] as number) | (1 << x);
  }
  tables.rows = { grass, open: new Int32Array(map.height), within: new Int32Array((stepsLimit + 1) * map.height) };
  return tables.rows;
}

/**
 * The moves of `seat`'s trainer from `start` with `maxSteps` steps, units blocking (rule 14) when
 * `blocking`, found by row masks and written into `actions` from `count` in row-major order of
 * their destination; returns the new count. The same moves, in the same order, as the
 * cell-by-cell search and the scan of its diamond.
 */
function rowSearchMoves(state: ZombieTrainersState, seat: 0 | 1, tables: InternedActions, search: RowSearch, start: number, maxSteps: number, stepsLimit: number, actions: ZombieTrainersAction[], count: number): number {
  const { config } = state;
  const { map } = config;
  const { column, row, width, height } = map;
  const { grass, open, within } = search;
  const startX = column[start] as number;
  const startY = row[start] as number;
  const top = Math.max(0, startY - maxSteps);
  const bottom = Math.min(height - 1, startY + maxSteps);
  for (let y = top; y <= bottom; y++) {
    open[y] = grass[y] as number;
    within[y] = 0;
  }
  // The start only where it is grass: a trainer written onto rock by hand (rule 12 never puts one
  // there) has no move, as the cell-by-cell search and the copied moves find (review 32b).
  within[startY] = (grass[startY] as number) & (1 << startX);
  // The units that block (rule 14) closed, wherever they stand: a row outside this search's is
  // set from the grass again before any search reads it.
  if (config.params.blockingUnits) {
    const other = state.trainers[seat === 0 ? 1 : 0].cell;
    open[row[other] as number] = (open[row[other] as number] as number) & ~(1 << (column[other] as number));
    const wildCells = wildCellsOf(state);
    // Stryker disable next-line EqualityOperator: (<=) the cell past the end is undefined, and so is its row: that write lands on no row of the map
    for (let i = 0; i < wildCells.length; i++) {
      const cell = wildCells[i] as number;
      open[row[cell] as number] = (open[row[cell] as number] as number) & ~(1 << (column[cell] as number));
    }
  }
  // Layer s from layer s - 1: what it held, and every open cell beside it.
  for (let s = 1; s <= maxSteps; s++) {
    const before = (s - 1) * height;
    const layer = s * height;
    for (let y = top; y <= bottom; y++) {
      const held = within[before + y] as number;
      let beside = (held << 1) | (held >>> 1);
      if (y > top) beside |= within[before + y - 1] as number;
      if (y < bottom) beside |= within[before + y + 1] as number;
      within[layer + y] = held | (beside & (open[y] as number));
    }
  }
  const last = maxSteps * height;
  for (let y = top; y <= bottom; y++) {
    let bits = within[last + y] as number;
    if (y === startY) bits &= ~(1 << startX);
    const rowStart = y * width;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      let steps = 1;
      while (((within[steps * height + y] as number) & bit) === 0) steps++;
      count = put(actions, count, moveAction(tables, config, rowStart + 31 - Math.clz32(bit), steps, stepsLimit));
    }
  }
  return count;
}
const internedByConfig = new WeakMap<ZombieTrainersConfig, InternedActions>();
// A run plays one config over and over: remembering the last one skips the WeakMap lookup.
let lastConfig: ZombieTrainersConfig | null = null;
let lastTables: InternedActions | null = null;
function interned(config: ZombieTrainersConfig): InternedActions {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: skipping the one-entry cache falls back to the WeakMap, which holds the same tables
  if (config === lastConfig && lastTables !== null) return lastTables;
  let tables = internedByConfig.get(config);
  // Stryker disable next-line ConditionalExpression: fresh tables on every call (true) intern equal actions; only allocation differs
  if (tables === undefined) {
    // Stryker disable next-line ArrayDeclaration: each table entry is checked for null or undefined before use, and the move table is replaced by a dense one on first use
    tables = { moves: [], catches: [], attacks: [], reach: [], rows: undefined };
    internedByConfig.set(config, tables);
  }
  lastConfig = config;
  lastTables = tables;
  return tables;
}

function moveAction(tables: InternedActions, config: ZombieTrainersConfig, cell: number, steps: number, maxSteps: number): ZombieTrainersAction {
  // Stryker disable next-line ArithmeticOperator: cell * stride - steps is as collision-free as + steps (steps < stride)
  const index = cell * (maxSteps + 1) + steps;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArrayDeclaration,ArithmeticOperator: the dense table is only for speed: a missing, rebuilt or short table reads undefined and interns anew
  if (tables.moves.length === 0) tables.moves = new Array<ZombieTrainersAction | null>(config.map.width * config.map.height * (maxSteps + 1)).fill(null);
  let action = tables.moves[index];
  // Stryker disable next-line ConditionalExpression,EqualityOperator: re-interning always gives an equal frozen action, and the dense table holds null, never undefined
  if (action === null || action === undefined) {
    const x = cell % config.map.width;
    action = Object.freeze({ kind: 'move', x, y: (cell - x) / config.map.width, steps });
    tables.moves[index] = action;
  }
  return action;
}

function catchAction(tables: InternedActions, config: ZombieTrainersConfig, cell: number, rateIndex: number): ZombieTrainersAction {
  // Stryker disable next-line ArithmeticOperator: cell * rates - rateIndex is as collision-free as + rateIndex (rateIndex < rates)
  const index = cell * config.trapRates.length + rateIndex;
  let action = tables.catches[index];
  // Stryker disable next-line ConditionalExpression: re-interning always (true) gives an equal frozen action; only allocation differs
  if (action === undefined) {
    const x = cell % config.map.width;
    action = Object.freeze({ kind: 'catch', x, y: (cell - x) / config.map.width, trapRate: config.trapRates[rateIndex] as number });
    tables.catches[index] = action;
  }
  return action;
}

function attackAction(tables: InternedActions, config: ZombieTrainersConfig, zombie: number, cell: number): ZombieTrainersAction {
  // Stryker disable next-line ArithmeticOperator: zombie * cells - cell is as collision-free as + cell (cell < cells)
  const index = zombie * config.map.width * config.map.height + cell;
  let action = tables.attacks[index];
  // Stryker disable next-line ConditionalExpression: re-interning always (true) gives an equal frozen action; only allocation differs
  if (action === undefined) {
    const x = cell % config.map.width;
    action = Object.freeze({ kind: 'attack', zombie, x, y: (cell - x) / config.map.width });
    tables.attacks[index] = action;
  }
  return action;
}

/**
 * The moves from one start cell on the map alone (walls, no units), to every grass cell within
 * the longest move (`stepsLimit`), in row-major order of their destination, as interned actions
 * with their shortest-path steps. With no unit near the start these are the moves themselves
 * (see {@link unitsAround}), so move generation copies them instead of searching.
 */
interface StaticReach {
  readonly moves: readonly ZombieTrainersAction[];
  /** Destination cell of each move. */
  readonly cells: Int32Array;
  /** Steps of each move (its shortest path on the map alone). */
  readonly steps: Int32Array;
  /**
   * By a number of steps m from 1 to the longest move: the moves of at most m steps, in the same
   * order. With no unit within m of the start these are the moves themselves, copied as they are.
   */
  readonly within: (readonly ZombieTrainersAction[])[];
}

/**
 * The moves from every start cell kept for one config are at most this many (the map's cells
 * times the cells within the longest move, `2L(L + 1)` for L steps): beyond it, on a large map
 * or with many action points, every start is searched as before, so the tables never hold more
 * than a few megabytes. The default map with 3-step moves keeps at most 100 × 24.
 */
const MAX_STATIC_MOVES = 250_000;

/** The {@link StaticReach} of `start`, made on first use; null where it would be too large to keep. */
function staticReach(tables: InternedActions, config: ZombieTrainersConfig, start: number, stepsLimit: number): StaticReach | null {
  let reach = tables.reach[start];
  // Stryker disable next-line ConditionalExpression: (false) making the reach again at every call gives the same moves; keeping it saves the search
  if (reach !== undefined) return reach;
  const { map } = config;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: a looser bound keeps more tables, a tighter one searches more often; the moves are the same
  if (map.width * map.height * 2 * stepsLimit * (stepsLimit + 1) > MAX_STATIC_MOVES) return null;
  // Stryker disable next-line UnaryOperator: with no blocking units given the search reads no other cell
  breadthFirst(map, start, stepsLimit, null, -1);
  const mark = stamp;
  const moves: ZombieTrainersAction[] = [];
  const cells: number[] = [];
  const steps: number[] = [];
  const { width, height } = map;
  const startX = start % width;
  const startY = (start - startX) / width;
  // Stryker disable next-line MethodExpression,ArithmeticOperator: scanning rows off the map reads no reached cell (visitStamp is undefined there)
  for (let y = Math.max(0, startY - stepsLimit), lastY = Math.min(height - 1, startY + stepsLimit); y <= lastY; y++) {
    // Stryker disable next-line ArithmeticOperator: a wider scan of a row finds no more reached cells, in the same order
    const rowReach = stepsLimit - Math.abs(y - startY);
    for (let x = Math.max(0, startX - rowReach), lastX = Math.min(width - 1, startX + rowReach); x <= lastX; x++) {
      const cell = y * width + x;
      if (visitStamp[cell] !== mark || cell === start) continue;
      moves.push(moveAction(tables, config, cell, distance[cell] as number, stepsLimit));
      cells.push(cell);
      steps.push(distance[cell] as number);
    }
  }
  // Stryker disable next-line ArrayDeclaration: within[0] is never read (a copy needs maxSteps >= 1)
  const within: ZombieTrainersAction[][] = [[]];
  for (let limit = 1; limit <= stepsLimit; limit++) within.push(moves.filter((_, i) => (steps[i] as number) <= limit));
  reach = { moves, cells: Int32Array.from(cells), steps: Int32Array.from(steps), within };
  tables.reach[start] = reach;
  return reach;
}

/** {@link unitsAround}: no unit that blocks stands within `maxSteps` of the start. */
const NO_UNIT_NEAR = 0;
/** {@link unitsAround}: none stands closer than `maxSteps`, but one stands at exactly `maxSteps`. */
const UNIT_AT_EDGE = 1;
/** {@link unitsAround}: one stands closer than `maxSteps`. */
const UNIT_NEAR = 2;

/**
 * Where the units that block moves (rule 14: the wild zombies and the other trainer) stand
 * against the trainer at `start`: {@link UNIT_NEAR} when one is closer than `maxSteps`
 * (Manhattan), else {@link UNIT_AT_EDGE} when one is at exactly `maxSteps`, else
 * {@link NO_UNIT_NEAR}. When none is near, no path of at most `maxSteps` steps passes one: a
 * path's i-th cell lies within i of the start, so a unit at `maxSteps` or beyond can only be a
 * path's last cell, and the moves are the start's {@link StaticReach} less the cells such units
 * stand on (none of them when no unit is at the edge either).
 */
// Stryker disable next-line BlockStatement: (an empty body) answers undefined, neither clear nor at the edge: every start is searched, with the same moves
function unitsAround(state: ZombieTrainersState, seat: 0 | 1, start: number, maxSteps: number, column: Int32Array, row: Int32Array): number {
  const startX = column[start] as number;
  const startY = row[start] as number;
  const wildCells = wildCellsOf(state);
  let around = NO_UNIT_NEAR;
  // The other trainer first (index -1), then each wild zombie. A wrong "near" only makes move
  // generation search where it could have copied, and a wrong "at the edge" filter where it
  // could have copied, with the same moves (the mutants marked below); a wrong "not near" or
  // "not at the edge" gives wrong moves, which the oracle test catches.
  // Stryker disable next-line EqualityOperator: (<=) wildCells[length] is undefined, and an undefined cell is never near
  for (let i = -1; i < wildCells.length; i++) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the trainer's own cell (at 0) is always near, and skipping the other trainer for a zombie repeats one
    const cell = i < 0 ? state.trainers[seat === 0 ? 1 : 0].cell : (wildCells[i] as number);
    // Stryker disable next-line ArithmeticOperator: (|dx| - |dy|) is at most the distance: near or at the edge at least as often, so searched or filtered where a copy would do
    const distance = Math.abs((column[cell] as number) - startX) + Math.abs((row[cell] as number) - startY);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: (true, <=, |dx| - |dy|) each says near at least as often
    if (distance < maxSteps) return UNIT_NEAR;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, <=) says at the edge at least as often: the moves are then filtered where a copy would do
    if (distance === maxSteps) around = UNIT_AT_EDGE;
  }
  return around;
}

/**
 * The moves of `seat`'s trainer from `start` with `maxSteps` steps, found by the cell-by-cell
 * search ({@link searchReachable}) and written into `actions` from `count` in row-major order of
 * their destination; returns the new count. Every reached cell lies within the diamond of
 * Manhattan radius maxSteps around the start, so scanning the diamond row by row gives that order
 * with no sort and no pass over the whole map.
 */
function cellSearchMoves(state: ZombieTrainersState, seat: 0 | 1, tables: InternedActions, start: number, maxSteps: number, stepsLimit: number, actions: ZombieTrainersAction[], count: number): number {
  searchReachable(state, seat, maxSteps);
  const visited = visitStamp;
  const distances = distance;
  const mark = stamp;
  const { config } = state;
  const { width, height } = config.map;
  const startX = start % width;
  const startY = (start - startX) / width;
  // Stryker disable next-line MethodExpression,ArithmeticOperator: scanning rows off the map reads no reached cell (visitStamp is undefined there)
  for (let y = Math.max(0, startY - maxSteps), lastY = Math.min(height - 1, startY + maxSteps); y <= lastY; y++) {
    // Stryker disable next-line ArithmeticOperator: a wider scan of a row finds no more reached cells, in the same order
    const rowReach = maxSteps - Math.abs(y - startY);
    const row = y * width;
    for (let x = Math.max(0, startX - rowReach), lastX = Math.min(width - 1, startX + rowReach); x <= lastX; x++) {
      const cell = row + x;
      if (visited[cell] === mark && cell !== start) count = put(actions, count, moveAction(tables, config, cell, distances[cell] as number, stepsLimit));
    }
  }
  return count;
}

/** Writes `action` at index `count` of `actions` (overwriting or appending); returns the new count. */
function put(actions: ZombieTrainersAction[], count: number, action: ZombieTrainersAction): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: assigning one past the end appends too; push() only keeps the array packed
  if (count < actions.length) actions[count] = action;
  else actions.push(action);
  return count + 1;
}

/** `actions` cut to its first `count` entries. */
function truncate(actions: ZombieTrainersAction[], count: number): ZombieTrainersAction[] {
  while (actions.length > count) actions.pop();
  return actions;
}

function legalActions(state: ZombieTrainersState, into?: ZombieTrainersAction[]): ZombieTrainersAction[] {
  // Stryker disable next-line ArrayDeclaration: a junk entry in a fresh list is overwritten or trimmed below
  const actions = into ?? [];
  if (state.phase !== Phase.Decision) return truncate(actions, 0);
  // The list is overwritten in place and trimmed once at the end: consecutive decisions have
  // lists of similar length, so few entries are pushed or popped (pop() is inlined by the JIT;
  // assigning length is a runtime call, and emptying the list first cost a pop per entry).
  let count = 0;
  const { config } = state;
  const { params, trapRates } = config;
  const tables = interned(config);
  const seat = state.current;
  const trainer = state.trainers[seat];
  // Rule 26: a spectator can only let the turn pass.
  if (trainer.trapsLeft > 0) {
    const maxSteps = Math.floor(state.actionPoints / params.moveCost);
    // Stryker disable next-line ArithmeticOperator: any stride of at least the longest move keeps move table indices apart; AP × moveCost is one
    const stepsLimit = Math.floor(Math.max(config.actionPoints[0], config.actionPoints[1]) / params.moveCost);
    // Rule 10 sets a turn's points from the config and moves only spend them; a state with more
    // (written by hand) has moves no table is made for.
    if (maxSteps > stepsLimit) {
      throw new Error(`${state.actionPoints} action points left, more than a turn starts with (${Math.max(config.actionPoints[0], config.actionPoints[1])}): not a state these rules reach`);
    }
    const start = trainer.cell;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the copy and the search give the same moves, none with 0 steps to go (every copied move has steps >= 1)
    const reach = maxSteps >= 1 ? staticReach(tables, config, start, stepsLimit) : null;
    // With blockingUnits false no unit blocks a move, wherever it stands (rule 14).
    // Stryker disable next-line ConditionalExpression: (NO_UNIT_NEAR) a copy where blocking is off is what the oracle test checks; (UNIT_NEAR) only searches, with the same moves
    const around = reach === null ? UNIT_NEAR : params.blockingUnits ? unitsAround(state, seat, start, maxSteps, config.map.column, config.map.row) : NO_UNIT_NEAR;
    // Stryker disable next-line ConditionalExpression: (false) a start with no unit near is then searched, with the same moves
    if (around === NO_UNIT_NEAR) {
      // No unit can block a path or stands on a destination: the start's moves on the map alone.
      const within = (reach as StaticReach).within[maxSteps] as readonly ZombieTrainersAction[];
      for (let i = 0; i < within.length; i++) count = put(actions, count, within[i] as ZombieTrainersAction);
    } else if (
      // Stryker disable next-line ConditionalExpression: (false) a start with a unit at the edge is then searched, with the same moves
      around === UNIT_AT_EDGE
    ) {
      // No unit can block a path: the start's moves on the map alone, within maxSteps, less the
      // cells units stand on at exactly maxSteps (rule 14).
      const wildHealth = state.wildHealth;
      const other = state.trainers[seat === 0 ? 1 : 0].cell;
      const { moves, cells, steps } = reach as StaticReach;
      // Stryker disable next-line EqualityOperator: (<=) the entry past the end has no cell, and wildHealth[undefined] is not 0: skipped
      for (let i = 0; i < moves.length; i++) {
        if ((steps[i] as number) > maxSteps) continue;
        const cell = cells[i] as number;
        if (wildHealth[cell] !== 0 || cell === other) continue;
        count = put(actions, count, moves[i] as ZombieTrainersAction);
      }
    } else if (
      // Stryker disable next-line ConditionalExpression: a search limited to 0 steps reaches only the start, which is not a move
      maxSteps >= 1
    ) {
      // A map up to 31 cells wide is searched by row masks, a wider one cell by cell: the same
      // moves in the same order (the oracle test plays both).
      const rows = rowSearch(tables, config, stepsLimit);
      // Stryker disable next-line ConditionalExpression: (false) searching cell by cell gives the same moves, in the same order
      count = rows !== null ? rowSearchMoves(state, seat, tables, rows, start, maxSteps, stepsLimit, actions, count) : cellSearchMoves(state, seat, tables, start, maxSteps, stepsLimit, actions, count);
    }
    const canCatch = state.actionPoints >= params.catchCost;
    const canAttack =
      state.actionPoints >= params.attackCost &&
      // Stryker disable next-line ConditionalExpression,EqualityOperator: with no owned zombie the attack loop below pushes nothing anyway
      trainer.owned.length > 0;
    // Stryker disable next-line ConditionalExpression: entering with neither allowed pushes nothing; the test only saves the scan
    if (canCatch || canAttack) {
      const targetCount = targetsInRange(state, seat);
      for (let t = 0; t < targetCount; t++) {
        const cell = targets[t] as number;
        if (canCatch) {
          // Stryker disable next-line EqualityOperator: trapCounts[trapRates.length] is undefined, never > 0
          for (let i = 0; i < trapRates.length; i++) {
            if ((trainer.trapCounts[i] as number) > 0) count = put(actions, count, catchAction(tables, config, cell, i));
          }
        }
        if (canAttack) {
          for (let zombie = 0; zombie < trainer.owned.length; zombie++) count = put(actions, count, attackAction(tables, config, zombie, cell));
        }
      }
    }
  }
  count = put(actions, count, END_TURN);
  return truncate(actions, count);
}

function currentPlayer(state: ZombieTrainersState): number {
  if (state.phase === Phase.Decision) return state.current;
  if (state.phase === Phase.Over) return TERMINAL;
  return CHANCE;
}

/** The values of the current chance node, lowest first, each equally likely. */
function chanceRange(state: ZombieTrainersState): [number, number] {
  const { params } = state.config;
  switch (state.phase) {
    case Phase.CatchAggressive:
    case Phase.CatchDefensive:
    case Phase.AttackAggressive:
    case Phase.AttackDefensive:
      return [1, DIE_SIDES];
    case Phase.CatchRoll:
      return [1, ROLL_MAX];
    case Phase.SpawnHealth:
      return params.zombieHealth;
    case Phase.SpawnAttack:
      return params.zombieAttack;
    default:
      throw new Error(`not a uniform-value chance node (phase ${state.phase})`);
  }
}

function chanceOutcomes(state: ZombieTrainersState): ChanceOutcome<ZombieTrainersAction>[] {
  if (state.phase === Phase.SpawnCell) {
    const free: number[] = [];
    for (const cell of state.config.map.grassCells) if (isFreeCell(state, cell)) free.push(cell);
    return free.map((cell) => ({ action: chanceAction(cell), probability: 1 / free.length }));
  }
  if (state.phase === Phase.Decision || state.phase === Phase.Over) return [];
  const [low, high] = chanceRange(state);
  const outcomes: ChanceOutcome<ZombieTrainersAction>[] = [];
  for (let value = low; value <= high; value++) outcomes.push({ action: chanceAction(value), probability: 1 / (high - low + 1) });
  return outcomes;
}

function sampleChance(state: ZombieTrainersState, rng: Rng): ZombieTrainersAction {
  if (state.phase === Phase.SpawnCell) return chanceAction(nthFreeCell(state, rng.int(countFreeCells(state))));
  const [low, high] = chanceRange(state);
  return chanceAction(rng.intBetween(low, high));
}

function apply(state: ZombieTrainersState, action: ZombieTrainersAction, emit: EventSink<ZombieTrainersEvent>): void {
  if (action.kind === 'chance') {
    applyChance(state, action.value, emit);
    return;
  }
  if (state.phase !== Phase.Decision) throw new Error(`decision ${action.kind} applied at a chance or terminal node`);
  const { params, map } = state.config;
  const trainer = state.trainers[state.current];
  switch (action.kind) {
    case 'move': {
      const cost = action.steps * params.moveCost;
      // A move is most of a match's events, and only replays and metric modules read them.
      if (hears(emit, 'move')) {
        const fromX = trainer.cell % map.width;
        emit({
          type: 'move',
          seat: state.current,
          round: state.round,
          turn: state.turn,
          fromX,
          fromY: (trainer.cell - fromX) / map.width,
          x: action.x,
          y: action.y,
          steps: action.steps,
          cost,
        });
      }
      trainer.cell = action.y * map.width + action.x;
      state.actionPoints -= cost;
      return;
    }
    case 'catch':
      state.actionPoints -= params.catchCost;
      state.pending.cell = action.y * map.width + action.x;
      state.pending.trapIndex = state.config.trapRates.indexOf(action.trapRate);
      state.phase = Phase.CatchAggressive;
      return;
    case 'attack':
      state.actionPoints -= params.attackCost;
      state.pending.cell = action.y * map.width + action.x;
      state.pending.ownedIndex = action.zombie;
      state.phase = Phase.AttackAggressive;
      return;
    case 'endTurn':
      endTurn(state, emit);
      return;
  }
}

function applyChance(state: ZombieTrainersState, value: number, emit: EventSink<ZombieTrainersEvent>): void {
  const pending = state.pending;
  switch (state.phase) {
    case Phase.CatchAggressive:
      pending.aggressive = value;
      state.phase = Phase.CatchDefensive;
      return;
    case Phase.CatchDefensive:
      pending.defensive = value;
      state.phase = Phase.CatchRoll;
      return;
    case Phase.CatchRoll:
      resolveCatch(state, value, emit);
      return;
    case Phase.AttackAggressive:
      pending.aggressive = value;
      state.phase = Phase.AttackDefensive;
      return;
    case Phase.AttackDefensive:
      pending.defensive = value;
      resolveAttack(state, emit);
      return;
    case Phase.SpawnCell:
      pending.cell = value;
      state.phase = Phase.SpawnHealth;
      return;
    case Phase.SpawnHealth:
      pending.health = value;
      state.phase = Phase.SpawnAttack;
      return;
    case Phase.SpawnAttack:
      placeSpawn(state, value, emit);
      return;
    default:
      throw new Error(`chance outcome applied at a decision or terminal node (phase ${state.phase})`);
  }
}

/** Rules 17 to 19, then rule 27. */
function resolveCatch(state: ZombieTrainersState, roll: number, emit: EventSink<ZombieTrainersEvent>): void {
  const { pending, config } = state;
  const seat = state.current;
  const trainer = state.trainers[seat];
  const trapRate = config.trapRates[pending.trapIndex] as number;
  const success = catchSucceeds(trapRate, pending.aggressive, pending.defensive, roll);
  // Rule 18: the trap is used up whatever happens.
  trainer.trapCounts[pending.trapIndex] = (trainer.trapCounts[pending.trapIndex] as number) - 1;
  trainer.trapsLeft--;
  const zombieHealth = state.wildHealth[pending.cell] as number;
  const zombieAttack = state.wildAttack[pending.cell] as number;
  if (success) {
    trainer.owned.push({ health: zombieHealth, attack: zombieAttack });
    removeWild(state, pending.cell);
    trainer.xp += CATCH_XP;
  }
  if (emit !== null) {
    emit({
      type: 'catch',
      seat,
      round: state.round,
      turn: state.turn,
      trapRate,
      aggressive: pending.aggressive,
      defensive: pending.defensive,
      roll,
      success,
      zombieHealth,
      zombieAttack,
      trapsLeft: trainer.trapsLeft,
    });
  }
  state.phase = Phase.Decision;
  if (state.trainers[0].trapsLeft === 0 && state.trainers[1].trapsLeft === 0) finish(state, 'trapsExhausted', emit);
}

/** Rules 21 to 24. */
function resolveAttack(state: ZombieTrainersState, emit: EventSink<ZombieTrainersEvent>): void {
  const { pending, config } = state;
  const seat = state.current;
  const trainer = state.trainers[seat];
  const attacker = trainer.owned[pending.ownedIndex] as OwnedZombie;
  const { aggressive, defensive } = pending;
  const wildAttack = state.wildAttack[pending.cell] as number;
  let xpGained = 0;
  let killed = false;
  let ownedDied = false;
  const damageToWild = aggressive >= defensive ? attacker.attack : 0;
  const damageToOwned = defensive >= aggressive ? wildAttack : 0;
  if (aggressive >= defensive) {
    xpGained += HIT_XP;
    const health = (state.wildHealth[pending.cell] as number) - attacker.attack;
    if (health <= 0) {
      killed = true;
      xpGained = config.params.killXpStacks ? HIT_XP + KILL_XP : KILL_XP;
      removeWild(state, pending.cell);
    } else {
      state.wildHealth[pending.cell] = health | 0;
    }
  }
  if (defensive >= aggressive) {
    attacker.health -= wildAttack;
    if (attacker.health <= 0) {
      ownedDied = true;
      trainer.owned.splice(pending.ownedIndex, 1);
    }
  }
  trainer.xp += xpGained;
  if (emit !== null) {
    emit({
      type: 'attack',
      seat,
      round: state.round,
      turn: state.turn,
      aggressive,
      defensive,
      damageToWild,
      damageToOwned,
      killed,
      ownedDied,
      xpGained,
    });
  }
  state.phase = Phase.Decision;
}

function removeWild(state: ZombieTrainersState, cell: number): void {
  state.wildHealth[cell] = 0;
  state.wildAttack[cell] = 0;
  state.wildCount--;
  // Shifted down by hand: splice would allocate the array of what it removed.
  const cells = state.wildCells;
  let at = cells.indexOf(cell);
  // A zombie written in by hand without the list (see wild-cells.ts) is not in it.
  if (at < 0) return;
  // Stryker disable next-line EqualityOperator: (<=) one step further copies the undefined past the end onto the last entry, which pop() then removes
  while (++at < cells.length) cells[at - 1] = cells[at] as number;
  cells.pop();
}

/**
 * Puts a wild zombie with `health` and `attack` on `cell`, which holds none (a spawn, rule 25;
 * or a test's hand-built position), keeping `wildCells` ascending.
 */
export function placeWildZombie(state: ZombieTrainersState, cell: number, health: number, attack: number): void {
  // `| 0`: dice arrive as doubles, and one double stored would turn the arrays into arrays of
  // doubles, making every read of them in move generation polymorphic.
  state.wildHealth[cell] = health | 0;
  state.wildAttack[cell] = attack | 0;
  state.wildCount++;
  const cells = state.wildCells;
  let at = cells.length;
  cells.push(cell);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: at 0, cells[-1] is undefined and never > cell; a cell is never placed twice (it holds no zombie), so >= is >
  for (; at > 0 && (cells[at - 1] as number) > cell; at--) cells[at] = cells[at - 1] as number;
  cells[at] = cell;
}

function placeSpawn(state: ZombieTrainersState, attack: number, emit: EventSink<ZombieTrainersEvent>): void {
  const { pending, config } = state;
  const cell = pending.cell;
  placeWildZombie(state, cell, pending.health, attack);
  const initial = state.turn === 0;
  if (emit !== null) {
    const x = cell % config.map.width;
    emit({ type: 'spawn', x, y: (cell - x) / config.map.width, health: pending.health, attack, initial, round: state.round });
  }
  if (initial) {
    state.setupSpawnsLeft--;
    if (state.setupSpawnsLeft > 0 && countFreeCells(state) > 0) state.phase = Phase.SpawnCell;
    else beginFirstTurn(state);
  } else {
    beginNextTurn(state);
  }
}

/** Rules 10, 25 and 29. */
function endTurn(state: ZombieTrainersState, emit: EventSink<ZombieTrainersEvent>): void {
  const { params } = state.config;
  if (hears(emit, 'turnEnd')) {
    emit({
      type: 'turnEnd',
      seat: state.current,
      round: state.round,
      turn: state.turn,
      spectator: state.trainers[state.current].trapsLeft === 0,
    });
  }
  if (state.current === 1 && state.round >= params.maxRounds) {
    finish(state, 'maxRounds', emit);
    return;
  }
  if (state.wildCount < params.maxWildZombies && countFreeCells(state) > 0) {
    state.phase = Phase.SpawnCell;
    return;
  }
  beginNextTurn(state);
}

function beginNextTurn(state: ZombieTrainersState): void {
  if (state.current === 1) {
    state.current = 0;
    state.round++;
  } else {
    state.current = 1;
  }
  state.turn++;
  state.actionPoints = state.config.actionPoints[state.current];
  state.phase = Phase.Decision;
}

/** Rules 27 to 29: more XP wins; equal XP goes to player 1. */
function finish(state: ZombieTrainersState, reason: 'trapsExhausted' | 'maxRounds', emit: EventSink<ZombieTrainersEvent>): void {
  const xp0 = state.trainers[0].xp;
  const xp1 = state.trainers[1].xp;
  state.phase = Phase.Over;
  state.endReason = reason;
  state.winner = xp0 >= xp1 ? 0 : 1;
  state.tieDecided = xp0 === xp1;
  if (emit !== null) {
    emit({
      type: 'matchEnd',
      winner: state.winner,
      xp: [xp0, xp1],
      tieDecided: state.tieDecided,
      capped: reason === 'maxRounds',
      rounds: state.round,
      turns: state.turn,
    });
  }
}

function cloneTrainer(trainer: Trainer): Trainer {
  return {
    cell: trainer.cell,
    xp: trainer.xp,
    trapCounts: trainer.trapCounts.slice(),
    trapsLeft: trainer.trapsLeft,
    owned: trainer.owned.map((zombie) => ({ health: zombie.health, attack: zombie.attack })),
  };
}

function clone(state: ZombieTrainersState): ZombieTrainersState {
  return {
    config: state.config,
    wildHealth: state.wildHealth.slice(),
    wildAttack: state.wildAttack.slice(),
    wildCount: state.wildCount,
    wildCells: state.wildCells.slice(),
    trainers: [cloneTrainer(state.trainers[0]), cloneTrainer(state.trainers[1])],
    current: state.current,
    actionPoints: state.actionPoints,
    round: state.round,
    turn: state.turn,
    phase: state.phase,
    setupSpawnsLeft: state.setupSpawnsLeft,
    pending: { ...state.pending },
    winner: state.winner,
    tieDecided: state.tieDecided,
    endReason: state.endReason,
  };
}

function actionKey(action: ZombieTrainersAction): string {
  switch (action.kind) {
    case 'move':
      return `move(${action.x},${action.y})`;
    case 'catch':
      return `catch(${action.x},${action.y},rate${action.trapRate})`;
    case 'attack':
      return `attack(z${action.zombie},${action.x},${action.y})`;
    case 'endTurn':
      return 'endTurn';
    case 'chance':
      return `chance(${action.value})`;
  }
}

function describeState(state: ZombieTrainersState): string {
  const [p1, p2] = state.trainers;
  const who = state.phase === Phase.Over ? 'over' : state.phase === Phase.Decision ? `P${state.current + 1} to act` : 'chance';
  return (
    `round ${state.round}, turn ${state.turn}, ${who}, AP ${state.actionPoints}, ` +
    `XP ${p1.xp}-${p2.xp}, traps ${p1.trapsLeft}/${p2.trapsLeft}, owned ${p1.owned.length}/${p2.owned.length}, wild ${state.wildCount}`
  );
}

/** The bound of rule 29 in steps: every turn's decisions, their dice, and a spawn. */
function maxLength(params: ZombieTrainersParams): number {
  const cheapest = Math.min(params.moveCost, params.catchCost, params.attackCost);
  const actionsPerTurn = Math.floor(Math.max(seatValue(params.actionPoints, 0), seatValue(params.actionPoints, 1)) / cheapest);
  const stepsPerTurn = actionsPerTurn * 4 + 1 + 3;
  return params.initialWildZombies * 3 + params.maxRounds * 2 * stepsPerTurn;
}

/** The Zombie Trainers game definition. */
export const zombieTrainers: GameDefinition<
  ZombieTrainersParams,
  ZombieTrainersState,
  ZombieTrainersAction,
  ZombieTrainersEvent,
  ZombieTrainersState
> = {
  id: 'zombie-trainers',
  title: 'Zombie Trainers',
  seats: ['Player 1', 'Player 2'],
  parameters: zombieTrainersParameters,
  utilityBounds: [-1, 1],
  hiddenInformation: false,
  validateParameters: validateZombieTrainersParams,
  maxLength,
  setup,
  currentPlayer,
  legalActions,
  chanceOutcomes,
  sampleChance,
  apply,
  isTerminal: (state) => state.phase === Phase.Over,
  // Rule 29: the round cap cuts the match off.
  endedAtCap: (state) => state.endReason === 'maxRounds',
  returns: (state) =>
    state.phase !== Phase.Over ? [0, 0] : state.winner === 0 ? [1, -1] : [-1, 1],
  // The default weights; the heuristic plays pending chance out with these rules' own steps.
  heuristic: zombieTrainersHeuristicWith(DEFAULT_WEIGHTS, { clone, apply }),
  // Perfect information: a seat may see everything, but never the live state itself.
  observe: (state) => clone(state),
  clone,
  actionKey,
  describeState,
};
