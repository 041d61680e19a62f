/**
 * The Survivors heuristic for greedy play and MCTS cut-offs, from the Humans' side (the Zombies
 * get the negation), squashed by tanh. It values what a turn can change, so that a player
 * looking one action ahead still spends its actions where they pay:
 *
 *   + 1.2 · share of the rounds survived (survive); escape: the Keys' progress (below)
 *   − 0.8 · deaths · 2 / humanDeathsToWin − 0.12 per wound − 0.3 per downed human
 *   − 0.12 · Σ over zombies of threat(z) · P(z survives the humans still to act this round)
 *   + Σ over held cards of the card's worth (weapons by kill chance and range, explosives,
 *     healing, the Hammer, the Backpack); over capacity, less the least worth card (rule 44)
 *   − Σ over open windows and doorways e of 0.04 · danger(e), and for the most endangered one
 *     0.01 · danger(e) · the walk of the nearest human to it (at most 8), while tokens last
 *   − 0.01 · Σ over humans of the walk to the nearest spot with a search left (deck not empty)
 *   − 0.02 per zombie; − 0.0005 while an aim is pending; + 0.0001 per action not yet spent
 *     this round (so an action that changes nothing else loses to ending the activation)
 *
 * threat(z): the wounds zombie z is expected to deal over the rounds left. It reaches a human
 * in T = ⌈d / zombieActions⌉ turns, d its path distance to the nearest human with a barricade
 * crossed at 3 extra actions (the attacks expected to break one on 5–6), and then hits on
 * zombieHitOn each round it survives: threat = h · Σ_{t=T}^{R} γ^(t−1), γ = 0.7, R the zombie
 * phases left. A barricade on its way lengthens d: that is what a barricade is worth.
 *
 * P(z survives): each human who can still act this round picks the target his remaining
 * actions are best spent on, with the chance of killing it by the best of attacking and aiming
 * (an exact recursion over his actions and the die faces: attack with kill chance k, else, if
 * the roll neither broke the weapon nor pushed the target out of melee reach, go on; or aim first), so a pending aim, a target in reach
 * and the actions left are worth something, and ending an activation with actions that could
 * have attacked is a loss.
 *
 * danger(e) = Σ_z 0.6^(Manhattan distance from z to e / zombieActions), spawn points counted
 * as half a zombie each (zombies to come). Walks are a human's walking distances on the map as
 * drawn (windows and obstacles at his price), computed once per run.
 *
 * Escape: Keys held: + 0.5 − 0.05 · mean Manhattan distance to an exit; not yet: + 0.03 per card
 * drawn − 0.02 · the distance from the nearest human to a search spot left.
 */
import { isExplosive, isWeapon, type ItemCard } from './cards.js';
import { allowance } from './allowance.js';
import { lineOfSight, meleeAdjacent, rangeBetween } from './geometry.js';
import { Edge, Terrain, type SurvivorsMap } from './map.js';
import { ALWAYS_WORKS, faceChance, useWorks, type UseIcons } from './odds.js';
import { UNREACHABLE, zombieDistancesAt } from './paths.js';
import { HUMANS, Phase, ZOMBIE_CELL, type SurvivorsConfig, type SurvivorsState } from './types.js';

/** The weights of the terms above. */
const WEIGHTS = {
  survival: 1.2,
  death: 0.8,
  wound: 0.12,
  downed: 0.3,
  perZombie: 0.02,
  openingClosed: 0.04,
  openingWalk: 0.01,
  openingCap: 8,
  spawnShare: 0.5,
  searchWalk: 0.01,
  searchCap: 20,
  aimPending: 0.0005,
  keptAction: 0.0001,
} as const;
/** Actions a zombie is expected to spend on a barricade in its way (1 / P(break) on 5–6). */
const BARRICADE_PRICE = 3;
/** Per round, the chance a zombie's threat carries on (it is not killed meanwhile). */
const THREAT_DECAY = 0.7;
/** Per zombie-turn of distance, how much less an opening's danger weighs. */
const DANGER_DECAY = 0.6;

/** What the heuristic precomputes per run: each card's worth and its kill chances by actions left. */
interface Tables {
  /** Per card id: what holding it is worth. */
  readonly worth: Float64Array;
  /** Per card id (unarmed at index `cards.length`): P(kill) with `a` actions, [aimed ? 1 : 0][a]. */
  readonly kill: (readonly [Float64Array, Float64Array] | null)[];
  /** Window and doorway edges (barricade sites). */
  readonly openings: readonly number[];
  /** Per opening: a human's walking distance from every cell to a cell on either side of it. */
  readonly openingWalks: readonly Int32Array[];
  /** Per search spot (in `map.searchSpotCells` order): a human's walking distance from every cell to it. */
  readonly spotWalks: readonly Int32Array[];
  /** Per opening: the danger of the zombies to come (the spawn points' share). */
  readonly spawnDanger: Float64Array;
  /** DANGER_DECAY^(d / zombieActions) by Manhattan distance d. */
  readonly dangerByDistance: Float64Array;
  /** threat(T, R) = h · (γ^(T−1) − γ^R) / (1 − γ) at `R · (roundLimit + 1) + T`, for 1 ≤ T ≤ R ≤ roundLimit. */
  readonly threatByTurns: Float64Array;
  /** Work arrays for one evaluation, as long as the zombie cap: a zombie's threat, survival chance and path distance. */
  readonly threat: Float64Array;
  readonly survives: Float64Array;
  readonly zombieDistances: Int32Array;
  /** The openings' danger last computed, with the board and zombies it was computed for. */
  readonly lastDanger: OpeningsDanger;
  /** Work space of `killChances`: one human's best target. */
  readonly targetPick: TargetPick;
  /** The fewest wounds at which a human has no actions left to take (`allowance` 0). */
  readonly woundsToDown: number;
}

/** The part of `openDanger` that depends on the board and the zombies alone. */
interface OpeningsDanger {
  /** The board's stamp (−1: nothing computed yet) and the zombies' cells, `count` of them. */
  stamp: number;
  zombies: Int32Array;
  count: number;
  total: number;
  worst: number;
  worstIndex: number;
}

/**
 * A human's walking distance from every cell to the nearest of `targets` on the map as drawn
 * (rules 22–24: 1 a step, windows and obstacles at the human's price; walls and the map's
 * barricades block), by Dijkstra with a plain array queue: computed once per run.
 */
function walkField(map: SurvivorsMap, params: SurvivorsConfig['params'], targets: readonly number[]): Int32Array {
  const dist = new Int32Array(map.cells).fill(UNREACHABLE);
  const queue: number[] = [];
  for (const target of targets) {
    dist[target] = 0;
    queue.push(target);
  }
  // Costs are 1 or a few: relax until nothing improves (the map is small and this runs once).
  while (queue.length > 0) {
    const cell = queue.shift() as number;
    for (let dir = 0; dir < 4; dir++) {
      const from = map.neighbour[cell * 4 + dir] as number;
      if (from < 0) continue;
      const edge = map.edgeOf[cell * 4 + dir] as number;
      if (map.edges[edge] === Edge.Wall || map.barricades[edge] === 1) continue;
      let cost = 1;
      if (map.edges[edge] === Edge.Window) cost = Math.max(cost, params.humanWindowCost);
      if (map.terrain[cell] === Terrain.Obstacle) cost = Math.max(cost, params.humanObstacleCost);
      const d = (dist[cell] as number) + cost;
      if (d < (dist[from] as number)) {
        dist[from] = d;
        queue.push(from);
      }
    }
  }
  return dist;
}

const tablesByConfig = new WeakMap<SurvivorsConfig, Tables>();

/**
 * The chance of killing one target with `actions` left, attacking or aiming first (aim bonus
 * once), by exact recursion over the die faces: attack = k + c · P(a − 1, unaimed), where c is
 * the chance of a roll that neither kills, nor breaks the weapon (natural roll), nor, in melee,
 * pushes the target out of reach (0 for a single-use weapon; a failed use kills nothing);
 * aim = P(a − 1, aimed).
 */
function killTable(
  killOn: readonly number[],
  knockbackOn: readonly number[],
  breakOn: readonly number[],
  melee: boolean,
  aimBonus: number,
  maxActions: number,
  use: UseIcons = ALWAYS_WORKS,
): [Float64Array, Float64Array] {
  const chances = (bonus: number): { kill: number; again: number } => {
    let kill = 0;
    let again = 0;
    for (let roll = 1; roll <= 6; roll++) {
      const modified = Math.min(6, roll + bonus);
      // A failed use (rules 39–40) kills and pushes nothing; a single-use card is gone after one attack (rule 41).
      const works = useWorks(use, roll);
      if (works && killOn.includes(modified)) kill++;
      else if (!use.singleUse && !breakOn.includes(roll) && !(works && melee && knockbackOn.includes(modified))) again++;
    }
    return { kill: kill / 6, again: again / 6 };
  };
  const plainOdds = chances(0);
  const aimedOdds = chances(aimBonus);
  const plain = new Float64Array(maxActions + 1);
  const aimed = new Float64Array(maxActions + 1);
  for (let a = 1; a <= maxActions; a++) {
    aimed[a] = aimedOdds.kill + aimedOdds.again * (plain[a - 1] as number);
    const attack = plainOdds.kill + plainOdds.again * (plain[a - 1] as number);
    plain[a] = aimBonus > 0 && a >= 2 ? Math.max(attack, aimed[a - 1] as number) : attack;
  }
  return [plain, aimed];
}

function cardWorth(card: ItemCard): number {
  if (isExplosive(card)) return 0.25;
  let worth = 0.02;
  if (isWeapon(card)) worth += 0.08 + 0.3 * faceChance(card.killOn) * (card.range > 0 ? 1.5 : 1);
  if (card.heal > 0) worth += 0.1 + 0.05 * card.heal;
  if (card.barricadeCost !== null) worth += 0.1;
  worth += 0.03 * card.capacityBonus;
  return worth;
}

function tablesFor(config: SurvivorsConfig): Tables {
  const cached = tablesByConfig.get(config);
  if (cached !== undefined) return cached;
  const { cards, params, map } = config;
  const maxActions = params.baseActions;
  const worth = new Float64Array(cards.length);
  const kill: (readonly [Float64Array, Float64Array] | null)[] = [];
  cards.forEach((card, id) => {
    worth[id] = card.keys ? 0 : cardWorth(card);
    kill.push(isWeapon(card) ? killTable(card.killOn, card.knockbackOn, card.breakOn, card.range === 0, params.aimBonus, maxActions, card) : null);
  });
  kill.push(killTable(params.unarmedKillOn, params.unarmedKnockbackOn, [], true, params.aimBonus, maxActions));
  const openings: number[] = [];
  for (let edge = 0; edge < map.edges.length; edge++) if (map.edges[edge] === Edge.Window || map.edges[edge] === Edge.Doorway) openings.push(edge);
  const openingWalks = openings.map((edge) => walkField(map, params, [map.edgeCells[edge * 2] as number, map.edgeCells[edge * 2 + 1] as number]));
  const spotWalks = map.searchSpotCells.map((cell) => walkField(map, params, [cell]));
  const dangerByDistance = new Float64Array(map.width + map.height);
  for (let d = 0; d < dangerByDistance.length; d++) dangerByDistance[d] = DANGER_DECAY ** (d / params.zombieActions);
  const spawnDanger = new Float64Array(openings.length);
  openings.forEach((edge, i) => {
    const cell = map.edgeCells[edge * 2] as number;
    for (const spawn of map.spawnPoints) spawnDanger[i] = (spawnDanger[i] as number) + WEIGHTS.spawnShare * (dangerByDistance[manhattan(map, spawn, cell)] as number);
  });
  const hit = faceChance(params.zombieHitOn);
  const threatByTurns = new Float64Array((params.roundLimit + 1) * (params.roundLimit + 1));
  for (let phasesLeft = 1; phasesLeft <= params.roundLimit; phasesLeft++) {
    for (let turns = 1; turns <= phasesLeft; turns++) {
      // h · Σ_{t=T}^{R} γ^(t−1), a geometric sum.
      threatByTurns[phasesLeft * (params.roundLimit + 1) + turns] = (hit * (THREAT_DECAY ** (turns - 1) - THREAT_DECAY ** phasesLeft)) / (1 - THREAT_DECAY);
    }
  }
  // Risen dead and ambushes can pass the cap only by placement rules; the board never holds more.
  const most = Math.max(config.zombieCap, 1) + params.numHumans + 8;
  let woundsToDown = 1;
  while (allowance(params, woundsToDown) > 0) woundsToDown++;
  const tables = { woundsToDown, worth, kill, openings, openingWalks, spotWalks, spawnDanger, dangerByDistance, threatByTurns, threat: new Float64Array(most), survives: new Float64Array(most), zombieDistances: new Int32Array(most), lastDanger: { stamp: -1, zombies: new Int32Array(most), count: 0, total: 0, worst: 0, worstIndex: -1 }, targetPick: { best: 0, target: -1, chance: 0 } };
  tablesByConfig.set(config, tables);
  return tables;
}

/** The Survivors heuristic: [Humans, Zombies] in [−1, 1], the returns themselves at the end. */
export function survivorsHeuristic(state: SurvivorsState): number[] {
  if (state.phase === Phase.Over) return state.winner === -1 ? [0, 0] : state.winner === HUMANS ? [1, -1] : [-1, 1];
  const config = state.config;
  const { params } = config;
  const tables = tablesFor(config);
  const woundsToDown = tables.woundsToDown;
  let score = 0;
  let wounds = 0;
  let downed = 0;
  let worth = 0;
  for (const human of state.humans) {
    if (human.dead) continue;
    wounds += Math.min(human.wounds, woundsToDown);
    if (human.downed) downed++;
    for (const card of human.items) worth += tables.worth[card] as number;
  }
  score += params.scenario === 'survive' ? (WEIGHTS.survival * (state.round - 1)) / params.roundLimit : escapeProgress(state);
  score -= (WEIGHTS.death * 2 * state.deaths) / params.humanDeathsToWin;
  score -= WEIGHTS.wound * wounds + WEIGHTS.downed * downed;
  score += worth;
  // Over capacity (rule 44), the least worth item must go, and the action that brought it was spent for that.
  if (state.phase === Phase.Discard) score -= leastWorth(state, tables) + WEIGHTS.aimPending;
  score -= WEIGHTS.perZombie * state.zombies.length;
  if (state.zombies.length > 0) {
    score -= WEIGHTS.wound * expectedThreat(state, tables);
  }
  if (state.barricadeTokens > 0) score -= openDanger(state, tables);
  if (params.scenario === 'survive' && state.deckSize > 0) score -= WEIGHTS.searchWalk * searchWalk(state, tables);
  if (state.aim > 0) score -= WEIGHTS.aimPending;
  // Actions not spent are worth a trifle: an action that changes nothing else loses to a pass.
  if (state.active >= 0 || state.phase === Phase.ChooseHuman) for (const human of state.humans) score += WEIGHTS.keptAction * human.actionsLeft;
  const value = Math.tanh(score);
  return [value, -value];
}

/** The worth of the least worth card the active human holds. */
function leastWorth(state: SurvivorsState, tables: Tables): number {
  const human = state.humans[state.active];
  if (human === undefined) return 0;
  let least = Infinity;
  for (const card of human.items) least = Math.min(least, tables.worth[card] as number);
  return least === Infinity ? 0 : least;
}

/** Escape (rule 61): the Keys held and the way to the exits, or the search for them. */
function escapeProgress(state: SurvivorsState): number {
  const { map, keysCard } = state.config;
  let keys = false;
  let exitDistance = 0;
  let alive = 0;
  for (const human of state.humans) {
    if (human.dead) continue;
    alive++;
    if (human.items.includes(keysCard)) keys = true;
    if (human.cell >= 0) exitDistance += nearestOf(map, human.cell, map.exitCells);
  }
  if (keys) return 0.5 - (0.05 * exitDistance) / Math.max(1, alive);
  return 0.03 * state.drawsMade - 0.02 * nearestSearchSpot(state);
}

/**
 * Σ over zombies of the wounds each is expected to deal over the rounds left, times the chance
 * the humans still to act this round do not kill it first.
 */
function expectedThreat(state: SurvivorsState, tables: Tables): number {
  const { params } = state.config;
  const phasesLeft = params.roundLimit - state.round + 1;
  const zombies = state.zombies;
  const threat = zombies.length <= tables.threat.length ? tables.threat : new Float64Array(zombies.length);
  const dist = zombies.length <= tables.zombieDistances.length ? tables.zombieDistances : new Int32Array(zombies.length);
  zombieDistancesAt(state, BARRICADE_PRICE, zombies, dist);
  for (let i = 0; i < zombies.length; i++) {
    threat[i] = 0;
    const d = dist[i] as number;
    if (d >= UNREACHABLE) continue;
    const turns = Math.max(1, Math.ceil(d / params.zombieActions));
    if (turns > phasesLeft) continue;
    threat[i] = tables.threatByTurns[phasesLeft * (params.roundLimit + 1) + turns] as number;
  }
  const survives = killChances(state, tables, threat);
  let total = 0;
  for (let i = 0; i < zombies.length; i++) total += (threat[i] as number) * (survives[i] as number);
  return total;
}

/**
 * Per zombie, the chance it survives the humans still to act this round: each picks the target
 * worth most (threat × kill chance with his actions left) among those his weapons reach now.
 */
function killChances(state: SurvivorsState, tables: Tables, threat: Float64Array): Float64Array {
  const count = state.zombies.length;
  const survives = count <= tables.survives.length ? tables.survives : new Float64Array(count);
  survives.fill(1, 0, count);
  // Only in the human phase: a human choice to make, or one human's activation under way.
  if (state.active < 0 && state.phase !== Phase.ChooseHuman) return survives;
  const { params, cards, map } = state.config;
  for (let h = 0; h < state.humans.length; h++) {
    const human = state.humans[h]!;
    if (human.dead || human.downed || human.cell < 0) continue;
    const active = state.active === h;
    if (!active && human.activated) continue;
    const actions = active ? human.actionsLeft : allowance(params, human.wounds);
    if (actions <= 0) continue;
    const aimed = active && state.aim > 0 ? 1 : 0;
    const pick = tables.targetPick;
    pick.best = 0;
    pick.target = -1;
    pick.chance = 0;
    const unarmed = tables.kill[cards.length]!;
    for (let dir = 0; dir < 4; dir++) {
      const to = map.neighbour[human.cell * 4 + dir] as number;
      if (to < 0 || state.occupant[to] !== ZOMBIE_CELL || !meleeAdjacent(state, human.cell, dir)) continue;
      const zombie = state.zombies.indexOf(to);
      considerTarget(pick, unarmed, aimed, actions, threat, zombie);
      for (const card of human.items) {
        const table = tables.kill[card];
        if (table != null && (cards[card] as ItemCard).range === 0) considerTarget(pick, table, aimed, actions, threat, zombie);
      }
    }
    for (const card of human.items) {
      const table = tables.kill[card];
      const item = cards[card] as ItemCard;
      if (table == null || item.range === 0) continue;
      for (let z = 0; z < state.zombies.length; z++) {
        const cell = state.zombies[z] as number;
        if ((threat[z] as number) > 0 && rangeBetween(state, human.cell, cell) <= item.range && lineOfSight(state, human.cell, cell)) considerTarget(pick, table, aimed, actions, threat, z);
      }
    }
    if (pick.target >= 0) survives[pick.target] = (survives[pick.target] as number) * (1 - pick.chance);
  }
  return survives;
}

/** One human's best target so far: its worth (threat × kill chance), index and kill chance. */
interface TargetPick {
  best: number;
  target: number;
  chance: number;
}

/** Takes `zombie` as `pick`'s target if attacking it with `table` is worth more than the best so far. */
function considerTarget(pick: TargetPick, table: readonly [Float64Array, Float64Array], aimed: number, actions: number, threat: Float64Array, zombie: number): void {
  const chance = table[aimed]![Math.min(actions, table[0].length - 1)] as number;
  const value = chance * (threat[zombie] as number);
  if (value > pick.best) {
    pick.best = value;
    pick.target = zombie;
    pick.chance = chance;
  }
}

/**
 * Σ over open windows and doorways of how near zombies are, and for the most endangered one the
 * walk of the nearest human to it: one human at a time is drawn to the opening most worth closing.
 */
function openDanger(state: SurvivorsState, tables: Tables): number {
  const last = tables.lastDanger;
  // Search values many positions of one board and one set of zombies (every human move tried):
  // the openings' danger is then the last one computed.
  if (last.stamp !== state.boardStamp || !sameCells(last.zombies, last.count, state.zombies)) {
    dangerOfOpenings(state, tables, last);
  }
  let total = last.total;
  const worstIndex = last.worstIndex;
  if (worstIndex >= 0) {
    const walks = tables.openingWalks[worstIndex] as Int32Array;
    let walk: number = WEIGHTS.openingCap;
    for (const human of state.humans) if (!human.dead && !human.downed && human.cell >= 0) walk = Math.min(walk, walks[human.cell] as number);
    total += last.worst * WEIGHTS.openingWalk * walk;
  }
  return total;
}

/** Whether the first `count` of `kept` are `cells`. */
function sameCells(kept: Int32Array, count: number, cells: readonly number[]): boolean {
  if (count !== cells.length) return false;
  for (let i = 0; i < count; i++) if (kept[i] !== cells[i]) return false;
  return true;
}

/** Into `into`: Σ over open windows and doorways of their danger, and the most endangered one, for this board and these zombies. */
function dangerOfOpenings(state: SurvivorsState, tables: Tables, into: OpeningsDanger): void {
  const { map } = state.config;
  let total = 0;
  let worst = 0;
  let worstIndex = -1;
  for (let i = 0; i < tables.openings.length; i++) {
    const edge = tables.openings[i] as number;
    if (state.barricades[edge] === 1 || state.edges[edge] === Edge.Destroyed) continue;
    const a = map.edgeCells[edge * 2] as number;
    // Zombies to come (spawn points weigh as zombies standing there, at a share), then those here.
    let danger = tables.spawnDanger[i] as number;
    for (const zombie of state.zombies) danger += tables.dangerByDistance[manhattan(map, zombie, a)] as number;
    total += danger * WEIGHTS.openingClosed;
    if (danger > worst) {
      worst = danger;
      worstIndex = i;
    }
  }
  const zombies = state.zombies;
  if (into.zombies.length < zombies.length) into.zombies = new Int32Array(zombies.length);
  for (let i = 0; i < zombies.length; i++) into.zombies[i] = zombies[i] as number;
  into.count = zombies.length;
  into.stamp = state.boardStamp;
  into.total = total;
  into.worst = worst;
  into.worstIndex = worstIndex;
}

function manhattan(map: SurvivorsMap, a: number, b: number): number {
  const ax = a % map.width;
  const bx = b % map.width;
  return Math.abs(ax - bx) + Math.abs((a - ax) / map.width - (b - bx) / map.width);
}

/** Manhattan distance from `cell` to the nearest of `targets` (Infinity when there are none). */
function nearestOf(map: SurvivorsMap, cell: number, targets: readonly number[], keep: (target: number) => boolean = () => true): number {
  let best = Infinity;
  for (const target of targets) if (keep(target)) best = Math.min(best, manhattan(map, cell, target));
  return best;
}

/** Σ over humans able to act of the Manhattan distance to the nearest spot with a search left, each capped. */
function searchWalk(state: SurvivorsState, tables: Tables): number {
  const spots = state.config.map.searchSpotCells;
  let total = 0;
  for (const human of state.humans) {
    if (human.dead || human.downed || human.cell < 0) continue;
    let nearest: number = WEIGHTS.searchCap;
    for (let i = 0; i < spots.length; i++) {
      if ((state.searchLeft[i] as number) > 0) nearest = Math.min(nearest, (tables.spotWalks[i] as Int32Array)[human.cell] as number);
    }
    total += nearest;
  }
  return total;
}

/** Manhattan distance from the closest living human on the board to a spot with a search left (0 when none is left). */
function nearestSearchSpot(state: SurvivorsState): number {
  const map = state.config.map;
  const open = (cell: number): boolean => (state.searchLeft[map.spotOf[cell] as number] as number) > 0;
  let best = Infinity;
  for (const human of state.humans) if (!human.dead && human.cell >= 0) best = Math.min(best, nearestOf(map, human.cell, map.searchSpotCells, open));
  return best === Infinity ? 0 : best;
}
