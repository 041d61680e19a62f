/**
 * Zombie path distances (rules 56, 58): from every cell to the nearest human on the board, over
 * zombie step costs (1 a step, `zombieWindowCost` through a window, `zombieObstacleCost` onto an
 * obstacle; walls impassable; figures ignored). The rules hold zombies to them with barricades
 * impassable (must-approach); the heuristic and the scripted zombie player read them with a
 * barricade crossed at a price, the actions expected to break it.
 *
 * Dijkstra from the humans backwards, with Dial's bucket queue (step costs are small integers):
 * buckets by distance modulo (largest step + 1), each a slice of one buffer.
 */
import { Edge, Terrain } from './map.js';
import { ZOMBIE_CELL, type SurvivorsConfig, type SurvivorsState } from './types.js';

/** Distance of a cell from which no human can be reached. */
export const UNREACHABLE = 0x3fffffff;

/** Work buffers for one (config, barricade price; −1: impassable): never part of a state, never read across calls. */
interface Buffers {
  readonly dist: Int32Array;
  readonly queue: Int32Array;
  readonly counts: Int32Array;
  readonly slots: number;
}

const buffersByConfig = new WeakMap<SurvivorsConfig, Map<number, Buffers>>();

function buffersFor(config: SurvivorsConfig, barricadeCost: number): Buffers {
  let byCost = buffersByConfig.get(config);
  if (byCost === undefined) {
    byCost = new Map();
    buffersByConfig.set(config, byCost);
  }
  let buffers = byCost.get(barricadeCost);
  if (buffers === undefined) {
    const { params, map } = config;
    const slots = Math.max(params.zombieWindowCost, params.zombieObstacleCost, 1) + Math.max(0, barricadeCost) + 1;
    buffers = { dist: new Int32Array(map.cells), queue: new Int32Array(slots * map.cells * 4), counts: new Int32Array(slots), slots };
    byCost.set(barricadeCost, buffers);
  }
  return buffers;
}

/**
 * Fills `buffers.dist` from the humans. `barricadeCost` −1: barricades are impassable; otherwise
 * a barricaded edge costs that much on top of its step. `zombiesOnly` stops once every zombie's
 * cell is settled (only those entries are then final).
 */
function fill(state: SurvivorsState, buffers: Buffers, barricadeCost: number, zombiesOnly: boolean): Int32Array {
  const { map, params } = state.config;
  const { dist, queue, counts, slots } = buffers;
  const { neighbour, edgeOf } = map;
  const edges = state.edges;
  const barricades = state.barricades;
  const terrain = state.terrain;
  const windowCost = params.zombieWindowCost;
  const obstacleCost = params.zombieObstacleCost;
  dist.fill(UNREACHABLE);
  const capacity = (queue.length / slots) | 0;
  counts.fill(0);
  let pending = 0;
  for (const human of state.humans) {
    if (human.cell < 0 || dist[human.cell] === 0) continue;
    dist[human.cell] = 0;
    queue[pending++] = human.cell;
  }
  counts[0] = pending;
  let zombiesLeft = zombiesOnly ? state.zombies.length : -1;
  for (let d = 0; pending > 0; d++) {
    const slot = d % slots;
    const base = slot * capacity;
    // A step costs 1 .. slots − 1, so nothing is pushed into the bucket being read.
    for (let i = 0; i < counts[slot]!; i++) {
      const cell = queue[base + i]!;
      pending--;
      if (dist[cell] !== d) continue;
      if (zombiesLeft > 0 && state.occupant[cell] === ZOMBIE_CELL && --zombiesLeft === 0) return dist;
      for (let dir = 0; dir < 4; dir++) {
        const from = neighbour[cell * 4 + dir]!;
        if (from < 0) continue;
        const edge = edgeOf[cell * 4 + dir]!;
        const kind = edges[edge];
        if (kind === Edge.Wall) continue;
        // The zombie steps from `from` into `cell`.
        let cost = 1;
        if (kind === Edge.Window && windowCost > cost) cost = windowCost;
        if (terrain[cell] === Terrain.Obstacle && obstacleCost > cost) cost = obstacleCost;
        if (barricades[edge] === 1) {
          if (barricadeCost < 0) continue;
          cost += barricadeCost;
        }
        const nd = d + cost;
        if (nd < dist[from]!) {
          dist[from] = nd;
          const target = nd % slots;
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

/**
 * Zombie path distance from every cell to the nearest human, barricades impassable (rule 58's
 * measure). With `zombiesOnly`, only the zombies' cells are final. Returns a buffer the next
 * call refills: read it first.
 */
export function zombiePathDistances(state: SurvivorsState, zombiesOnly = false): Int32Array {
  return fill(state, buffersFor(state.config, -1), -1, zombiesOnly);
}

/**
 * Zombie path distance from every cell to the nearest human, a barricade crossed at
 * `barricadeCost` actions on top of its step (the actions a zombie expects to spend breaking it).
 * Returns a buffer the next call with the same price refills: read it first.
 */
export function zombieDistancesThroughBarricades(state: SurvivorsState, barricadeCost: number): Int32Array {
  if (!(barricadeCost >= 0) || !Number.isInteger(barricadeCost)) throw new RangeError(`a barricade's price must be a whole number >= 0, got ${barricadeCost}`);
  return fill(state, buffersFor(state.config, barricadeCost), barricadeCost, false);
}
