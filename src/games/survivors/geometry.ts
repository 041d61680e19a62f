/**
 * Survivors geometry on the compiled map: what an edge blocks, adjacency (rule 4), range and
 * line of sight (rule 50), and what one zombie step costs (rule 56). Read by the rules, the
 * path distances and the heuristic alike.
 */
import { Edge, Terrain, type SurvivorsMap } from './map.js';
import type { SurvivorsState } from './types.js';

export const cellX = (map: SurvivorsMap, cell: number): number => cell % map.width;
export const cellY = (map: SurvivorsMap, cell: number): number => (cell - (cell % map.width)) / map.width;

/** An edge a figure cannot cross: a wall or a barricade (rules 26, 30, 54). */
export function edgeBlocksMovement(state: SurvivorsState, edge: number): boolean {
  return state.barricades[edge] === 1 || state.edges[edge] === Edge.Wall;
}

/**
 * Rule 4: "adjacent" means orthogonal with no wall or barricade on the shared edge; a window does
 * not break it. What needs an adjacent human or cell (heal rule 66, give rule 45, carry rules
 * 19/31, the ambush cell rule 59) reads this, never `meleeAcrossWindow` (audit 39d F2).
 */
export function adjacent(state: SurvivorsState, from: number, dir: number): boolean {
  const edge = state.config.map.edgeOf[from * 4 + dir] as number;
  return edge >= 0 && !edgeBlocksMovement(state, edge);
}

/** Rule 4: a melee attack (a human's or a zombie's) needs adjacency, and across a window `meleeAcrossWindow`. */
export function meleeAdjacent(state: SurvivorsState, from: number, dir: number): boolean {
  if (!adjacent(state, from, dir)) return false;
  return state.config.params.meleeAcrossWindow || state.edges[state.config.map.edgeOf[from * 4 + dir] as number] !== Edge.Window;
}

/** The direction from `from` to its neighbour `to`, or −1 when they are not neighbours. */
export function adjacentDir(map: SurvivorsMap, from: number, to: number): number {
  for (let dir = 0; dir < 4; dir++) if (map.neighbour[from * 4 + dir] === to) return dir;
  return -1;
}

/** Rule 50: the range between two cells, Manhattan or Chebyshev (`rangeMetric`). */
export function rangeBetween(state: SurvivorsState, a: number, b: number): number {
  const map = state.config.map;
  const dx = Math.abs(cellX(map, a) - cellX(map, b));
  const dy = Math.abs(cellY(map, a) - cellY(map, b));
  return state.config.params.rangeMetric === 'manhattan' ? dx + dy : Math.max(dx, dy);
}

/** Edges that block line of sight: walls and barricades; windows, doorways and rubble do not. */
function edgeBlocksSight(state: SurvivorsState, edge: number): boolean {
// Stryker disable next-line ConditionalExpression: (true for edge >= 0) barricades[−1] and edges[−1] are undefined, which blocks nothing either way
  return edge >= 0 && (state.barricades[edge] === 1 || state.edges[edge] === Edge.Wall);
}

/**
 * Rule 50: line of sight from centre to centre, walking the grid cells the segment touches
 * (integer supercover walk: at step (ix, iy) the segment next crosses a vertical line when
 * (1 + 2·ix)·ny < (1 + 2·iy)·nx, a horizontal one when greater, a corner when equal). At a
 * corner, "strict" blocks if either route's edges block, "permissive" only if both routes do.
 */
export function lineOfSight(state: SurvivorsState, from: number, to: number): boolean {
  const { map, params } = state.config;
  let x = cellX(map, from);
  let y = cellY(map, from);
  const tx = cellX(map, to);
  const ty = cellY(map, to);
  const nx = Math.abs(tx - x);
  const ny = Math.abs(ty - y);
// Stryker disable next-line EqualityOperator: (>=) when tx = x the line is vertical (nx = 0): every step is a y step and the x direction is never used
  const sx = tx > x ? 1 : -1;
// Stryker disable next-line EqualityOperator: (>=) when ty = y the line is horizontal (ny = 0): every step is an x step and the y direction is never used
  const sy = ty > y ? 1 : -1;
// Stryker disable next-line EqualityOperator: (>=) sx is 1 or −1, never 0
  const dirX = sx > 0 ? 1 : 3;
// Stryker disable next-line EqualityOperator: (>=) sy is 1 or −1, never 0
  const dirY = sy > 0 ? 2 : 0;
  let ix = 0;
  let iy = 0;
  while (ix < nx || iy < ny) {
    const cell = y * map.width + x;
    const decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    if (decision === 0) {
      // Through a corner: route A goes x then y, route B y then x.
      const a1 = map.edgeOf[cell * 4 + dirX] as number;
      const aCell = map.neighbour[cell * 4 + dirX] as number;
      const a2 = map.edgeOf[aCell * 4 + dirY] as number;
      const b1 = map.edgeOf[cell * 4 + dirY] as number;
      const bCell = map.neighbour[cell * 4 + dirY] as number;
      const b2 = map.edgeOf[bCell * 4 + dirX] as number;
      const routeA = edgeBlocksSight(state, a1) || edgeBlocksSight(state, a2);
      const routeB = edgeBlocksSight(state, b1) || edgeBlocksSight(state, b2);
      if (params.losCornerRule === 'strict' ? routeA || routeB : routeA && routeB) return false;
      x += sx;
      y += sy;
      ix++;
      iy++;
    } else if (
      // Stryker disable next-line EqualityOperator: (<=) decision 0 is taken by the corner branch above
      decision < 0
    ) {
      if (edgeBlocksSight(state, map.edgeOf[cell * 4 + dirX] as number)) return false;
      x += sx;
      ix++;
    } else {
      if (edgeBlocksSight(state, map.edgeOf[cell * 4 + dirY] as number)) return false;
      y += sy;
      iy++;
    }
    const next = y * map.width + x;
    if (params.figuresBlockLos && next !== to && state.occupant[next] !== -1) return false;
  }
  return true;
}

/** Rule 56: what one zombie step costs, or 0 when it cannot be taken (figures ignored). */
export function zombieStepCost(state: SurvivorsState, from: number, dir: number): number {
  const { map, params } = state.config;
  const edge = map.edgeOf[from * 4 + dir] as number;
  if (edge < 0 || edgeBlocksMovement(state, edge)) return 0;
  const to = map.neighbour[from * 4 + dir] as number;
  let cost = 1;
  if (state.edges[edge] === Edge.Window) cost = Math.max(cost, params.zombieWindowCost);
  if (state.terrain[to] === Terrain.Obstacle) cost = Math.max(cost, params.zombieObstacleCost);
  return cost;
}
