/**
 * Zombie path distances (rules 56, 58): from every cell to the nearest human on the board, over
 * zombie step costs (1 a step, `zombieWindowCost` through a window, `zombieObstacleCost` onto an
 * obstacle; walls impassable; figures ignored). The rules hold zombies to them with barricades
 * impassable (must-approach); the heuristic and the scripted zombie player read them with a
 * barricade crossed at a price, the actions expected to break it.
 *
 * Dijkstra backwards from the target cells, with Dial's bucket queue (step costs are small
 * integers): buckets by distance modulo (largest step + 1), each a slice of one buffer.
 *
 * Memo, since search asks for the same fields over and over: a field depends only on the board
 * (edges, barricades, terrain) and the humans' cells. The rules give a state a fresh
 * `boardStamp` whenever its board changes, and a copy keeps its original's; stamps come from one
 * counter, so equal stamps mean equal boards. The distance to the nearest human is the least of
 * the distances to each human, so each human's own field is kept per (board stamp, cell), and
 * the field of a whole position per (board stamp, humans' cells). A kept field is exactly what
 * computing it again would give: results never depend on hits or misses.
 */
import { Edge, Terrain } from './map.js';
import type { SurvivorsConfig, SurvivorsState } from './types.js';

/** Distance of a cell from which no human can be reached. */
export const UNREACHABLE = 0x3fffffff;

/** Work buffers for one (config, barricade price; −1: impassable): never read across calls. */
interface Buffers {
  readonly dist: Int32Array;
  readonly queue: Int32Array;
  readonly counts: Int32Array;
  readonly slots: number;
}

let lastStamp = 0;

/**
 * Marks `state`'s board (edges, barricades, terrain) as changed, so path distances are computed
 * afresh for it. Code that edits a board by hand must call it. (Humans' cells are read from the
 * state itself.)
 */
export function renewBoardStamp(state: SurvivorsState): void {
  state.boardStamp = ++lastStamp;
}

/** The stamp of each config's starting board (the map's own arrays), so two setups of one config start equal. */
const startingStamps = new WeakMap<SurvivorsConfig, number>();

/**
 * Gives a state fresh from setup the stamp of its config's starting board: every setup of one
 * config starts on the same board, so they share it (and two setups from the same parameters
 * are equal states, as the game contract asks).
 */
export function startingBoardStamp(state: SurvivorsState): void {
  let stamp = startingStamps.get(state.config);
  if (stamp === undefined) {
    stamp = ++lastStamp;
    startingStamps.set(state.config, stamp);
  }
  state.boardStamp = stamp;
}

/** What a change did to a board, as a number: the same change of the same board gives the same board. */
export const BoardChange = {
  /** A barricade built on edge e: `barricadeBuilt + e`. */
  barricadeBuilt: 0,
  /** A barricade gone from edge e (broken or removed): `barricadeGone + e`. */
  barricadeGone: 1 << 24,
  /** A blast of radius r (below 4096) on cell c: `blast + c · 4096 + r`. */
  blast: 2 << 24,
} as const;

/** Stamps of boards reached from a stamped board by a change, so search trying the same change twice finds the same board. */
const transitions = new Map<number, Map<number, number>>();
/** Past this many boards the table starts afresh (only hits are lost): memory stays flat over long runs. */
const TRANSITIONS_KEPT = 50_000;
let transitionCount = 0;

/**
 * Marks `state`'s board as changed by `change` (a {@link BoardChange} code). The board that
 * results from a given board and change is always the same, so it keeps one stamp: the blast
 * tried with each of the dice that set it off, or the barricade tried on the same edge decision
 * after decision, reuse the distances computed for it.
 */
export function boardChanged(state: SurvivorsState, change: number): void {
  let next = transitions.get(state.boardStamp);
  if (next === undefined) {
    if (transitionCount >= TRANSITIONS_KEPT) {
      transitions.clear();
      transitionCount = 0;
    }
    next = new Map();
    transitions.set(state.boardStamp, next);
  }
  let stamp = next.get(change);
  if (stamp === undefined) {
    stamp = ++lastStamp;
    next.set(change, stamp);
    transitionCount++;
  }
  state.boardStamp = stamp;
}

/** Boards whose single-human fields are kept, per (config, price); the least recently used is dropped. */
const BOARDS_KEPT = 32;
/** Whole-position fields kept per (config, price), the oldest replaced. */
const POSITIONS_KEPT = 32;

interface BoardFields {
  stamp: number;
  lastUse: number;
  /** Positions asked for on this board: the first is computed from all humans at once. */
  positions: number;
  /** Per cell, the field of a human standing there (or undefined). */
  readonly byCell: (Int32Array | undefined)[];
  /** The board's step costs at the memo's price (`stepCosts`), once `stepsReady`. */
  readonly steps: Int32Array;
  stepsReady: boolean;
}

/** Everything kept for one (config, price). */
interface Memo {
  readonly buffers: Buffers;
  readonly boards: BoardFields[];
  /** The board last asked for (or null): its entry in `boards`, whose stamp may since have been given to another board. */
  recentBoard: BoardFields | null;
  clock: number;
  /** Whole-position fields: board stamp and humans' cells (−1 off the board) per entry. */
  readonly positionStamps: number[];
  readonly positionCells: Int32Array[];
  readonly positionFields: Int32Array[];
  nextPosition: number;
}

const memoByConfig = new WeakMap<SurvivorsConfig, Map<number, Memo>>();

/** The last memo asked for: a run asks for the same one or two again and again. */
let lastMemo: { config: SurvivorsConfig; cost: number; memo: Memo } | null = null;

function memoFor(config: SurvivorsConfig, barricadeCost: number): Memo {
  // Stryker disable next-line ConditionalExpression: (false) only the fast path: memoFor then finds the same memo through memoByConfig
  if (lastMemo !== null && lastMemo.config === config && lastMemo.cost === barricadeCost) return lastMemo.memo;
  let byCost = memoByConfig.get(config);
  if (byCost === undefined) {
    byCost = new Map();
    memoByConfig.set(config, byCost);
  }
  let memo = byCost.get(barricadeCost);
  if (memo === undefined) {
    const { params, map } = config;
    const slots = Math.max(params.zombieWindowCost, params.zombieObstacleCost, 1) + Math.max(0, barricadeCost) + 1;
    memo = {
      buffers: { dist: new Int32Array(map.cells), queue: new Int32Array(slots * map.cells * 4), counts: new Int32Array(slots), slots },
      boards: [],
      recentBoard: null,
      clock: 0,
      // Stryker disable next-line ArrayDeclaration: (["Stryker was here"]) entry 0's stamp is then a string, never a board's stamp, until the first field kept overwrites it
      positionStamps: [],
      // Stryker disable next-line ArrayDeclaration: (["Stryker was here"]) an entry's cells are read only after its stamp matched, and the first field kept overwrites entry 0's cells with its stamp
      positionCells: [],
      // Stryker disable next-line ArrayDeclaration: (["Stryker was here"]) an entry's field is read only after its stamp matched, and the first field kept overwrites entry 0's field with its stamp
      positionFields: [],
      nextPosition: 0,
    };
    byCost.set(barricadeCost, memo);
  }
  // Stryker disable next-line ObjectLiteral: ({}) a lastMemo without a config never matches, so the next call takes the slow path to the same memo
  lastMemo = { config, cost: barricadeCost, memo };
  return memo;
}

/**
 * Into `into` (cell · 4 + direction), what a zombie pays to step into the cell from its neighbour
 * that way on `state`'s board: 1, `zombieWindowCost` through a window, `zombieObstacleCost` onto an
 * obstacle (the larger where both), plus `barricadeCost` across a barricade; −1 where it cannot
 * (off the board, a wall, a barricade when `barricadeCost` is −1). Read by every field of the board.
 */
function stepCosts(state: SurvivorsState, barricadeCost: number, into: Int32Array): Int32Array {
  const { map, params } = state.config;
  const { neighbour, edgeOf } = map;
  const edges = state.edges;
  const barricades = state.barricades;
  const terrain = state.terrain;
  const windowCost = params.zombieWindowCost;
  const obstacleCost = params.zombieObstacleCost;
  // Stryker disable next-line EqualityOperator: (<=) a cell past the board writes past the table, which a typed array ignores
  for (let cell = 0; cell < map.cells; cell++) {
    const obstacle = terrain[cell] === Terrain.Obstacle;
    // Stryker disable next-line EqualityOperator: (<=) a fifth direction writes the next cell's first entry, which that cell's own pass then writes again
    for (let dir = 0; dir < 4; dir++) {
      const at = cell * 4 + dir;
      into[at] = -1;
      // Off the board the neighbour and its edge are −1.
      // Stryker disable next-line ConditionalExpression: (false) a cost kept for a step from off the board is never taken: fill reads dist[−1], undefined, and queues nothing
      if ((neighbour[at] as number) < 0) continue;
      const edge = edgeOf[at] as number;
      const kind = edges[edge];
      if (kind === Edge.Wall) continue;
      // The zombie steps from the neighbour into `cell`.
      let cost = 1;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >= for windowCost > cost) cost is 1 here and zombieWindowCost is at least 1 (its schema), so the window's cost is taken either way
      if (kind === Edge.Window && windowCost > cost) cost = windowCost;
      // Stryker disable next-line EqualityOperator: (>= for obstacleCost > cost) on a tie, taking the obstacle's cost leaves cost as it was
      if (obstacle && obstacleCost > cost) cost = obstacleCost;
      if (barricades[edge] === 1) {
        if (barricadeCost < 0) continue;
        cost += barricadeCost;
      }
      into[at] = cost;
    }
  }
  return into;
}

/**
 * Fills `buffers.dist` with the distance to the nearest of `sources`, over a board's step costs
 * (`stepCosts`).
 */
function fill(state: SurvivorsState, buffers: Buffers, steps: Int32Array, sources: ArrayLike<number>): Int32Array {
  const neighbour = state.config.map.neighbour;
  const { dist, queue, counts, slots } = buffers;
  dist.fill(UNREACHABLE);
  const capacity = (queue.length / slots) | 0;
  counts.fill(0);
  let pending = 0;
  // Stryker disable next-line EqualityOperator: (<=) sources[length] is undefined: it queues cell 0 (undefined stored in an Int32Array) at distance 0, which is skipped when read unless cell 0 is a source, then expanded twice to no effect
  for (let s = 0; s < sources.length; s++) {
    const cell = sources[s] as number;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: (false, &&) a cell below 0 (a dead or carried human) queued anyway is skipped when read (dist[-1] is undefined, not d), and a cell queued twice is expanded twice to no effect
    if (cell < 0 || dist[cell] === 0) continue;
    dist[cell] = 0;
    queue[pending++] = cell;
  }
  counts[0] = pending;
  for (let d = 0; pending > 0; d++) {
    const slot = d % slots;
    const base = slot * capacity;
    // A step costs 1 .. slots − 1, so nothing is pushed into the bucket being read.
    for (let i = 0; i < counts[slot]!; i++) {
      const cell = queue[base + i]!;
      pending--;
      // Stryker disable next-line ConditionalExpression: (false) a cell read at d whose distance has since dropped was expanded at that lower distance already; expanding it again at d improves nothing
      if (dist[cell] !== d) continue;
      for (let at = cell * 4, end = at + 4; at < end; at++) {
        const cost = steps[at]!;
        // Stryker disable next-line EqualityOperator: (<=) no step costs 0: the least is 1, and a barricade's price is added to it
        if (cost < 0) continue;
        const from = neighbour[at]!;
        const nd = d + cost;
        if (nd < dist[from]!) {
          dist[from] = nd;
          const target = nd % slots;
          // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, <=) never full: a cell enters bucket d only when its distance drops to d, so a bucket holds at most one entry per cell, and it has room for four
          if (counts[target]! < capacity) {
            queue[target * capacity + counts[target]!] = from;
            counts[target]!++;
            pending++;
          }
        }
      }
    }
    counts[slot] = 0;
  }
  return dist;
}

/** This state's board in the memo, made the most recently used (added if new, over the least recently used). */
function boardOf(state: SurvivorsState, memo: Memo): BoardFields {
  // Search asks for one board many times running: the last one asked for is looked at first.
  const recent = memo.recentBoard;
  // Stryker disable next-line ConditionalExpression,BlockStatement: (false, {}) without the shortcut the scan below finds the same entry and uses it alike
  if (recent !== null && recent.stamp === state.boardStamp) {
    recent.lastUse = ++memo.clock;
    return recent;
  }
  // Search tries many boards once (a blast, a barricade) while the board in play is asked for
  // all along: keep the most recently used.
  let board: BoardFields | undefined;
  let oldest: BoardFields | undefined;
  for (const candidate of memo.boards) {
    if (candidate.stamp === state.boardStamp) board = candidate;
    // Stryker disable next-line EqualityOperator: (<= for the lastUse) every use takes the next clock tick, so no two boards tie
    if (oldest === undefined || candidate.lastUse < oldest.lastUse) oldest = candidate;
  }
  if (board === undefined) {
    // Stryker disable next-line ConditionalExpression: (false for oldest === undefined) with BOARDS_KEPT boards kept there is an oldest one
    if (memo.boards.length < BOARDS_KEPT || oldest === undefined) {
      board = { stamp: state.boardStamp, lastUse: 0, positions: 0, byCell: [], steps: new Int32Array(state.config.map.cells * 4), stepsReady: false };
      memo.boards.push(board);
    } else {
      board = oldest;
      board.stamp = state.boardStamp;
      board.positions = 0;
      board.byCell.length = 0;
      board.stepsReady = false;
    }
  }
  board.lastUse = ++memo.clock;
  memo.recentBoard = board;
  return board;
}

/** `board`'s step costs at `barricadeCost` (its memo's price), computed on first use. */
function boardSteps(state: SurvivorsState, board: BoardFields, barricadeCost: number): Int32Array {
  // Stryker disable next-line ConditionalExpression: (true) working the costs out again gives the same costs
  if (!board.stepsReady) {
    stepCosts(state, barricadeCost, board.steps);
    // Stryker disable next-line BooleanLiteral: (false) working the costs out again gives the same costs
    board.stepsReady = true;
  }
  return board.steps;
}

/** The field of one human standing on `cell`, on `board`. */
function humanField(state: SurvivorsState, memo: Memo, board: BoardFields, barricadeCost: number, cell: number): Int32Array {
  let field = board.byCell[cell];
  if (field === undefined) {
    field = fill(state, memo.buffers, boardSteps(state, board, barricadeCost), [cell]).slice();
    board.byCell[cell] = field;
  }
  return field;
}

/** The kept field of `state`'s position (board and humans' cells), or undefined. */
function keptPosition(memo: Memo, state: SurvivorsState): Int32Array | undefined {
  const humans = state.humans;
  // Stryker disable next-line EqualityOperator: (<=) positionStamps[length] is undefined, never a board's stamp
  for (let entry = 0; entry < memo.positionStamps.length; entry++) {
    if (memo.positionStamps[entry] !== state.boardStamp) continue;
    const cells = memo.positionCells[entry] as Int32Array;
    // Stryker disable next-line ConditionalExpression: (true) a memo serves one config, whose states all have numHumans humans, so the lengths always match
    let same = cells.length === humans.length;
    for (let h = 0; same && h < humans.length; h++) same = cells[h] === (humans[h] as { cell: number }).cell;
    if (same) return memo.positionFields[entry] as Int32Array;
  }
  return undefined;
}

/** Keeps `field` as the field of `cells` on `state`'s board, over the oldest position kept. */
function keepPosition(memo: Memo, state: SurvivorsState, cells: Int32Array, field: Int32Array): void {
  memo.positionStamps[memo.nextPosition] = state.boardStamp;
  memo.positionCells[memo.nextPosition] = cells;
  memo.positionFields[memo.nextPosition] = field;
  memo.nextPosition = (memo.nextPosition + 1) % POSITIONS_KEPT;
}

function humansCells(state: SurvivorsState): Int32Array {
  const humans = state.humans;
  const cells = new Int32Array(humans.length);
  for (let h = 0; h < humans.length; h++) cells[h] = (humans[h] as { cell: number }).cell;
  return cells;
}

/** The field of `state` for this price, kept or computed now; never modify it. */
function memoized(state: SurvivorsState, barricadeCost: number): Int32Array {
  const memo = memoFor(state.config, barricadeCost);
  const kept = keptPosition(memo, state);
  if (kept !== undefined) return kept;
  const cells = humansCells(state);
  // A board seen once (a blast tried in search) costs one search from all humans; a board in
  // play is asked again and again as humans move, so there each human's field is kept.
  const board = boardOf(state, memo);
  let field: Int32Array;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,UpdateOperator: (true, false, !==, positions--) one search from all humans and the least of each human's own field are the same field; which one is used only saves time
  if (board.positions++ === 0) {
    field = fill(state, memo.buffers, boardSteps(state, board, barricadeCost), cells).slice();
  } else {
    // A new array per entry: a field handed out stays valid after its entry is replaced.
    field = new Int32Array(state.config.map.cells).fill(UNREACHABLE);
    for (const cell of cells) {
      // Stryker disable next-line ConditionalExpression: (false) a human below 0 gets an all-UNREACHABLE field (fill skips sources below 0), which lowers nothing
      if (cell < 0) continue;
      const own = humanField(state, memo, board, barricadeCost, cell);
      // Stryker disable next-line EqualityOperator: (<= for i, <= for own) own[length] and field[length] are undefined, so the extra step copies nothing; copying an equal value changes nothing
      for (let i = 0; i < field.length; i++) if ((own[i] as number) < (field[i] as number)) field[i] = own[i] as number;
    }
  }
  keepPosition(memo, state, cells, field);
  return field;
}

/**
 * Into `out[i]`, the zombie path distance from `cells[i]` to the nearest human, a barricade
 * crossed at `barricadeCost` actions: `zombieDistancesThroughBarricades(state, cost)[cells[i]]`,
 * without building the whole field where each human's own is kept (the board seen before), so a
 * search reading a few cells of many positions (the heuristic, at the zombies) skips a pass over
 * the board per position.
 */
export function zombieDistancesAt(state: SurvivorsState, barricadeCost: number, cells: readonly number[], out: Int32Array): void {
  const memo = memoFor(state.config, barricadeCost);
  let field = keptPosition(memo, state);
  // Stryker disable next-line ConditionalExpression: (true) asking for the board of a kept position only makes it the most recently used
  const board = field === undefined ? boardOf(state, memo) : null;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,UpdateOperator,BlockStatement: (true, false, ===, !==, positions--, {}) one search from all humans and the least of each human's own field are the same figures; which one is used only saves time
  if (board !== null && board.positions++ === 0) {
    const humans = humansCells(state);
    field = fill(state, memo.buffers, boardSteps(state, board, barricadeCost), humans).slice();
    keepPosition(memo, state, humans, field);
  }
  if (field !== undefined) {
    for (let i = 0; i < cells.length; i++) out[i] = field[cells[i] as number] as number;
    return;
  }
  out.fill(UNREACHABLE, 0, cells.length);
  for (const human of state.humans) {
    // Stryker disable next-line ConditionalExpression: (false) a human off the board has a field of UNREACHABLE only, which lowers nothing
    if (human.cell < 0) continue;
    const own = humanField(state, memo, board as BoardFields, barricadeCost, human.cell);
    // Stryker disable next-line EqualityOperator: (<=) cells[length] is undefined, and own[undefined] < out[length] is false: nothing is written
    for (let i = 0; i < cells.length; i++) {
      const d = own[cells[i] as number] as number;
      // Stryker disable next-line EqualityOperator: (<=) writing an equal distance changes nothing
      if (d < (out[i] as number)) out[i] = d;
    }
  }
}

/**
 * Zombie path distance from every cell to the nearest human, barricades impassable (rule 58's
 * measure). Shared with other callers: read it, never modify it.
 */
export function zombiePathDistances(state: SurvivorsState): Int32Array {
  return memoized(state, -1);
}

/**
 * Zombie path distance from every cell to the nearest human, a barricade crossed at
 * `barricadeCost` actions on top of its step (the actions a zombie expects to spend breaking it).
 * Shared with other callers: read it, never modify it.
 */
export function zombieDistancesThroughBarricades(state: SurvivorsState, barricadeCost: number): Int32Array {
  if (!(barricadeCost >= 0) || !Number.isInteger(barricadeCost)) throw new RangeError(`a barricade's price must be a whole number >= 0, got ${barricadeCost}`);
  return memoized(state, barricadeCost);
}

/**
 * Zombie path distance from every cell to the one human standing on `cell`, a barricade crossed
 * at `barricadeCost` actions (for a zombie player that hunts one human, not the nearest). Kept
 * per board like the per-human fields of the nearest-human field; read it, never modify it. A
 * `cell` below 0 (dead or carried) gives every cell UNREACHABLE.
 */
export function zombieDistancesToCell(state: SurvivorsState, cell: number, barricadeCost: number): Int32Array {
  if (!(barricadeCost >= 0) || !Number.isInteger(barricadeCost)) throw new RangeError(`a barricade's price must be a whole number >= 0, got ${barricadeCost}`);
  if (cell < 0) return new Int32Array(state.config.map.cells).fill(UNREACHABLE);
  const memo = memoFor(state.config, barricadeCost);
  return humanField(state, memo, boardOf(state, memo), barricadeCost, cell);
}

/** The same fields computed afresh from all the humans at once, bypassing the memo (for tests that check it). */
export function freshZombieDistances(state: SurvivorsState, barricadeCost: number | null): Int32Array {
  const cost = barricadeCost ?? -1;
  const sources = state.humans.map((human) => human.cell);
  return fill(state, memoFor(state.config, cost).buffers, stepCosts(state, cost, new Int32Array(state.config.map.cells * 4)), sources).slice();
}
