/**
 * Zombie path distances (rules 56, 58): from every cell to the nearest human on the board, over
 * zombie step costs. The rules hold zombies to them (must-approach), the heuristic measures the
 * threat by them and the scripted zombie player walks by them.
 */
import { Edge, Terrain } from './map.js';
import { ZOMBIE_CELL, type SurvivorsState } from './types.js';

/** Distance of a cell from which no human can be reached. */
export const UNREACHABLE = 0x3fffffff;

/**
 * Zombie path distance from every cell to the nearest human on the board: Dijkstra from the
 * humans backwards over zombie step costs (walls and barricades impassable, figures ignored),
 * with Dial's bucket queue since step costs are small integers. With `zombiesOnly`, it stops
 * once every zombie's cell is settled, and only those entries are final. Fills and returns the
 * config's scratch buffer: read it before the next call.
 */
export function zombiePathDistances(state: SurvivorsState, zombiesOnly = false): Int32Array {
  const { map, params, scratch } = state.config;
  const { dist, heap: queue } = scratch;
  const { neighbour, edgeOf } = map;
  const edges = state.edges;
  const barricades = state.barricades;
  const terrain = state.terrain;
  const windowCost = params.zombieWindowCost;
  const obstacleCost = params.zombieObstacleCost;
  dist.fill(UNREACHABLE);
  // Buckets by distance modulo (largest step + 1), each a slice of `queue` with its own count.
  const slots = Math.max(windowCost, obstacleCost, 1) + 1;
  const capacity = (queue.length / slots) | 0;
  const counts = scratch.counts;
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
    // Cells pushed into this bucket while it is being read (cost 0 never happens) stay for d + slots.
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
        if (kind === Edge.Wall || barricades[edge] === 1) continue;
        // The zombie steps from `from` into `cell`.
        let cost = 1;
        if (kind === Edge.Window && windowCost > cost) cost = windowCost;
        if (terrain[cell] === Terrain.Obstacle && obstacleCost > cost) cost = obstacleCost;
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
