/**
 * Survivors: the Humans seat (all human figures) against the Zombie seat (all zombies) on a
 * walled grid. Rules: `shared/rules/survivors.md`, sections A–M; [D] rules are the parameters
 * of `parameters.ts` under the spec's names.
 *
 * A round is a human phase (each human activates once: move, carry, attack, aim, throw, heal,
 * give, search, pick up, barricade; 4 actions less wound penalties) and a zombie phase (risen
 * dead, spawns, then each zombie's 2 actions: move, attack a human, attack a barricade), then
 * bleed-out and victory checks. Every die is an explicit chance node (d6, faces 1–6) and every
 * card comes off the deck as a chance node over the cards left, so tests force rolls and draws.
 *
 * Readings where the spec leaves room (a player's reading, each a choice a reader could check):
 * - Rule 2's "doorways = 2" counts the house's outer doors; the four rooms connect through open
 *   gaps in the inner walls. The default map also has 4 exit cells ("the car") for rule 61.
 * - Rule 9: the Humans seat picks who activates next. The zombies act in a fixed order (the
 *   order they entered the board); the Zombie seat picks each one's actions.
 * - Rule 29: the pass line runs through any occupied cells (humans or zombies) to the first empty
 *   cell; only zombie cells roll. A failed pass still counts as movement and drops the aim.
 * - Rule 37: a push goes along the axis with the larger offset, the x axis on a tie. A wall, a
 *   barricade, a window, the board edge or a figure blocks it; obstacle cells do not.
 * - Rules 23, 24, 56: a step through a window onto an obstacle costs the larger of the window's
 *   and the obstacle's price (`humanWindowCost`/`humanObstacleCost`, for a zombie
 *   `zombieWindowCost`/`zombieObstacleCost`), not their sum: the window's price is the whole price
 *   of the step (rule 23), and it pays for the obstacle's as well. With the defaults (3 and 3, 2
 *   and 2) the two readings differ only where a scenario or a tuner sets them apart.
 * - Rule 44: when over capacity the human chooses which item to drop (a decision, free).
 * - Rule 53/55: a barricade a human removes returns its token; one destroyed is gone.
 * - Rule 27: a human steps through friends' cells at the normal price of each step, turning inside
 *   them as he likes, and ends on an empty cell (one `moveThrough` action per reachable cell, by
 *   the cheapest way). Only a line that holds a zombie is rule 29's straight pass.
 * - Rule 58: a zombie's move must end no farther, by zombie path distance (walls and barricades
 *   impassable, windows and obstacles at zombie cost, figures ignored), from the nearest human
 *   than it began. A "move" is the run of steps from the start of its turn or from its last
 *   attack (on a human or a barricade), so the distances it is held to are those of the board
 *   it walks. A step away is legal when the actions left can still bring it back that near;
 *   while it is farther it may not stop, attack or end. With no path to any human it moves freely.
 * - Rule 59: the Zombie seat picks the ambush cell among the empty cells adjacent to the
 *   searcher (rule 4 adjacency); with none, the nearest empty spawn point (first on a tie).
 * - Rule 61: at the round limit in the escape scenario nobody has met a win condition, so by
 *   default it is a draw (`escapeTimeLimit: draw`; `zombies` reads the failure to escape as a
 *   zombie win). A downed human carried onto an exit counts towards the quota.
 * - Rules 31–32, 4: shouldering a wounded human across a window costs `carryAcrossWindowCost`
 *   (1 by default: rule 31's price, a window not breaking adjacency), though walking through the
 *   window costs 3; then the carried human is put down on the carrier's side.
 * - Rule 47: dropping an item is free and legal at any point of the holder's activation.
 * - Rule 7: setup draws skip events (the redraw) and count as draws for the Keys' position.
 * - Rule 18, `naturalHealing = true`: a living human who took no wound in a round heals one at
 *   its end (the spec names the switch but not the rule).
 * - Rule 21: the dead rise on their own cell if it is empty and the cap allows; otherwise not.
 * - Aim (rule 48) helps attacks only; a blast's kill rolls are natural.
 * - Rules 9, 17: a downed human cannot act; healed back in the human phase he activates in it if
 *   he has not yet (whether he was downed before the round or during it).
 */
import type { ChanceOutcome, EventSink, GameDefinition } from '../../core/game.js';
import { CHANCE, TERMINAL } from '../../core/game.js';
import type { ParameterIssue } from '../../core/parameters.js';
import type { Rng } from '../../core/rng.js';
import { filledArray } from '../../core/state-arrays.js';
import { CAR_KEYS, isExplosive, isWeapon, type ItemCard } from './cards.js';
import { survivorsHeuristic } from './heuristic.js';
import { Edge, parseMap, Terrain } from './map.js';
import { ALWAYS_WORKS, attackOdds, faceChance, useWorks, weaponOdds } from './odds.js';
import { allowance } from './allowance.js';
import { adjacent, adjacentDir, cellX, cellY, edgeBlocksMovement, lineOfSight, meleeAdjacent, rangeBetween, zombieStepCost } from './geometry.js';
import { BoardChange, UNREACHABLE, boardChanged, renewBoardStamp, startingBoardStamp, zombiePathDistances } from './paths.js';
import { survivorsParameters, validateSurvivorsParams, type SurvivorsParams } from './parameters.js';
import {
  HUMANS,
  Phase,
  Roll,
  ZOMBIE_CELL,
  ZOMBIES,
  type EndCondition,
  type AttackResult,
  type EscapeFigures,
  type Human,
  type HumanActionKind,
  type Pending,
  type SurvivorsAction,
  type SurvivorsConfig,
  type SurvivorsEvent,
  type SurvivorsState,
} from './types.js';

type Emit = EventSink<SurvivorsEvent>;

const configCache = new WeakMap<SurvivorsParams, SurvivorsConfig>();

/** The run constants for `params`, built once per parameter object. */
export function configFor(params: SurvivorsParams): SurvivorsConfig {
  const cached = configCache.get(params);
// Stryker disable next-line ConditionalExpression: (false) the map is only a cache: building the config again from the same parameters gives equal values
  if (cached !== undefined) return cached;
  const parsed = parseMap(params.map);
// Stryker disable next-line OptionalChaining,StringLiteral: (non-optional, '') a map that does not parse has at least one issue, so issues[0] exists
  if (!parsed.ok) throw new Error(`invalid Survivors map: ${parsed.issues[0]?.message ?? ''}`);
  const map = parsed.map;
  const deck = params.itemDeck.filter((card) => params.eventCardsEnabled || card.event === null);
  const cards = params.scenario === 'escape' ? [...deck, CAR_KEYS] : deck;
  const total = cards.reduce((sum, card) => sum + card.count, 0);
  const config: SurvivorsConfig = {
    params,
    map,
    cards,
    keysCard: params.scenario === 'escape' ? cards.length - 1 : -1,
    keysTopSize: total - Math.floor(total / 2),
    zombieCap: params.zombieCapPerHuman * params.numHumans,
  };
  configCache.set(params, config);
  return config;
}

/** Searches left on `cell` (rule 45): its spot's, or 0 on a cell that is no search spot. */
export function searchesLeftAt(state: SurvivorsState, cell: number): number {
  const spot = state.config.map.spotOf[cell] as number;
  return spot < 0 ? 0 : (state.searchLeft[spot] as number);
}

// ---------------------------------------------------------------------------------------------
// Humans: allowance, wounds, inventory

function sizeCost(params: SurvivorsParams, card: ItemCard): number {
  return card.size === 'large' ? params.sizeCostLarge : card.size === 'small' ? params.sizeCostSmall : params.sizeCostNone;
}

function capacityOf(state: SurvivorsState, human: Human): number {
  let capacity = state.config.params.inventoryCapacity;
  for (const card of human.items) capacity += (state.config.cards[card] as ItemCard).capacityBonus;
  return capacity;
}

function load(state: SurvivorsState, human: Human): number {
  let used = 0;
  for (const card of human.items) used += sizeCost(state.config.params, state.config.cards[card] as ItemCard);
  return used;
}

function removeItem(human: Human, card: number): void {
  const index = human.items.indexOf(card);
// Stryker disable next-line ConditionalExpression: (true) every caller removes a card the human holds (the action was legal only for a held card), so the index is never −1
  if (index >= 0) human.items.splice(index, 1);
}

/** A held card goes to the discard pile: broken, ruined, or spent (rules 40, 41). */
function discardHeld(state: SurvivorsState, human: Human, card: number): void {
  removeItem(human, card);
  state.discards[card] = (state.discards[card] as number) + 1;
}

function humanAt(state: SurvivorsState, cell: number): number {
  const occupant = state.occupant[cell] as number;
// Stryker disable next-line ConditionalExpression: (true for occupant >= 0) the only occupant below 0 is −1, which is returned for an empty cell either way
  return occupant >= 0 && occupant < ZOMBIE_CELL ? occupant : -1;
}

// ---------------------------------------------------------------------------------------------
// Setup

function setup(params: SurvivorsParams): SurvivorsState {
  const config = configFor(params);
  const { map } = config;
  // The state's own per-cell arrays are plain arrays of small integers: a clone (thousands a
  // match for the turn-planning greedy) copies one for a tenth of a typed array's allocation.
  const occupant = filledArray(map.cells, -1);
  const humans: Human[] = [];
  for (let i = 0; i < params.numHumans; i++) {
    const cell = map.startCells[i] as number;
    occupant[cell] = i;
    humans.push({ cell, wounds: 0, downed: false, dead: false, bleed: 0, items: [], activated: false, started: false, actionsLeft: 0, woundedThisRound: false });
  }
  const searchLeft = filledArray(map.searchSpotCells.length, params.searchesPerSpot);
  const deck = config.cards.map((card) => card.count);
  const state: SurvivorsState = {
    config,
    boardStamp: 0,
    // The map's own arrays, until a change makes one the state's (ownBarricades, ownEdges, ownTerrain).
    edges: map.edges,
    barricades: map.barricades,
    terrain: map.terrain,
    occupant,
    zombies: [],
    zombieFresh: [],
    searchLeft,
    floorItems: [],
    deck,
    deckSize: deck.reduce((sum, count) => sum + count, 0),
    drawsMade: 0,
    discards: config.cards.map(() => 0),
    barricadeTokens: params.barricadeTokens,
    humans,
    round: 1,
    phase: Phase.PlaceInitial,
    active: -1,
    aim: 0,
    carrying: -1,
    vacated: [],
    zombieIndex: 0,
    zombieActionsLeft: 0,
    zombieMoveStart: UNREACHABLE,
    zombieAttacksLeft: 0,
    spawnsLeft: 0,
    placementsLeft: params.initialZombies,
    pending: { roll: Roll.Attack, human: -1, card: -1, target: -1, cells: [], index: 0, amount: 0, dealLeft: 0 },
    rising: [],
    deaths: 0,
    winner: -1,
    endCondition: null,
  };
  startingBoardStamp(state);
  const deal = params.numHumans * params.startingCardsPerHuman;
  if (deal > 0) {
    state.phase = Phase.Draw;
    state.pending.human = 0;
    state.pending.dealLeft = deal;
  } else {
    afterDeal(state, null);
  }
  return state;
}

/**
 * After the starting deal (rule 7): each human dealt more than he can carry drops the excess at
 * once, for free (rule 44, audit 39d F3), choosing what to drop as in the Discard phase, in index
 * order one after another; then the initial zombies, then round 1.
 */
function afterDeal(state: SurvivorsState, emit: Emit): void {
  const overloaded = state.humans.findIndex((human) => load(state, human) > capacityOf(state, human));
  if (overloaded >= 0) {
    state.active = overloaded;
    state.phase = Phase.Discard;
    return;
  }
  state.active = -1;
  placeInitialOrBegin(state, emit);
}

function placeInitialOrBegin(state: SurvivorsState, emit: Emit): void {
// Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >= for the spawn points) at setup no figure stands on a spawn point (a cell is a spawn point or a start cell, never both) and a map has at least one, so the count is never 0
  if (state.placementsLeft > 0 && emptySpawnPoints(state, false).length > 0) state.phase = Phase.PlaceInitial;
  else beginRound(state, emit);
}

function emptySpawnPoints(state: SurvivorsState, spacing: boolean): number[] {
  const { map, params } = state.config;
  const result: number[] = [];
  for (const cell of map.spawnPoints) {
    if (state.occupant[cell] !== -1) continue;
// Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >= for the distance) with a minimum distance of 0 no distance is below it, so checking changes nothing
    if (spacing && params.spawnMinDistanceToHuman > 0) {
      let near = false;
      for (const human of state.humans) {
        if (human.cell < 0) continue;
        const d = Math.abs(cellX(map, cell) - cellX(map, human.cell)) + Math.abs(cellY(map, cell) - cellY(map, human.cell));
        if (d < params.spawnMinDistanceToHuman) near = true;
      }
      if (near) continue;
    }
    result.push(cell);
  }
  return result;
}

function placeZombie(state: SurvivorsState, cell: number, source: 'initial' | 'spawn' | 'ambush' | 'risen', fresh: boolean, emit: Emit): void {
  state.occupant[cell] = ZOMBIE_CELL;
  state.zombies.push(cell);
  state.zombieFresh.push(fresh ? 1 : 0);
  if (emit !== null) emit({ type: 'spawn', cell, source, round: state.round });
}

// ---------------------------------------------------------------------------------------------
// Round flow

function beginRound(state: SurvivorsState, emit: Emit): void {
  for (const human of state.humans) {
    // Downed humans are not eligible; healed during the phase, they activate (rule 17).
    human.activated = false;
    human.started = false;
    human.actionsLeft = 0;
    human.woundedThisRound = false;
  }
// Stryker disable next-line UnaryOperator: (+1) every activation has ended (endActivation sets −1) before a round can begin; this only restates it
  state.active = -1;
  nextHumanChoice(state, emit);
}

function eligibleToActivate(human: Human): boolean {
// Stryker disable next-line ConditionalExpression: (true for human.cell >= 0) a human off the board is dead, or carried; the carried human is put down when the carrier's activation ends (rule 33), before anyone is chosen to activate, and no switch is allowed while carrying
  return !human.dead && !human.downed && human.cell >= 0 && !human.activated;
}

function nextHumanChoice(state: SurvivorsState, emit: Emit): void {
// Stryker disable next-line ConditionalExpression: (false) no caller reaches here with the match over: beginRound runs only in play, and endActivation's callers (a bite that downs, the end action, a blast whose thrower is downed) return first when a wound ended it
  if (state.phase === Phase.Over) return;
  if (state.humans.some(eligibleToActivate)) {
    state.phase = Phase.ChooseHuman;
    return;
  }
  endHumanPhase(state, emit);
}

function endHumanPhase(state: SurvivorsState, emit: Emit): void {
  const { params, map, keysCard } = state.config;
// Stryker disable next-line ConditionalExpression: (true) outside the escape scenario keysCard is −1, which no human holds, so the check never ends the match
  if (params.scenario === 'escape') {
    let onExit = 0;
    let keysOut = false;
    for (const human of state.humans) {
// Stryker disable next-line ConditionalExpression,LogicalOperator: (false, &&) a dead human is off the board (kill sets his cell to −1), and exit[−1] is undefined, not 1, so he is skipped by the last test anyway
      if (human.dead || human.cell < 0 || map.exit[human.cell] !== 1) continue;
      onExit++;
      if (human.items.includes(keysCard)) keysOut = true;
    }
    if (keysOut && onExit >= params.escapeQuota) {
      finish(state, 'escape', emit);
      return;
    }
  }
  beginZombiePhase(state, emit);
}

/** The zombie phase begins: the dead rise (rule 21), then spawns (rule 57). */
function beginZombiePhase(state: SurvivorsState, emit: Emit): void {
  const { params } = state.config;
  for (let i = 0; i < state.zombieFresh.length; i++) state.zombieFresh[i] = 0;
  for (const cell of state.rising) {
    if (state.occupant[cell] === -1 && state.zombies.length < state.config.zombieCap) placeZombie(state, cell, 'risen', true, emit);
  }
  state.rising.length = 0;
  state.spawnsLeft = params.spawnPerRound;
  continueSpawning(state, emit);
}

function spawnOptions(state: SurvivorsState): number[] {
  if (state.spawnsLeft <= 0 || state.zombies.length >= state.config.zombieCap) return [];
  return emptySpawnPoints(state, true);
}

function continueSpawning(state: SurvivorsState, emit: Emit): void {
  if (spawnOptions(state).length > 0) {
    state.phase = Phase.Spawn;
    return;
  }
  state.zombieIndex = -1;
  nextZombie(state, emit);
}

function nextZombie(state: SurvivorsState, emit: Emit): void {
  const { params } = state.config;
  for (let i = state.zombieIndex + 1; i < state.zombies.length; i++) {
    if (state.zombieFresh[i] === 1 && !params.spawnedActImmediately) continue;
    state.zombieIndex = i;
    state.zombieActionsLeft = params.zombieActions;
    state.zombieAttacksLeft = params.zombieAttacksPerTurn;
    state.phase = Phase.ZombieAct;
    beginZombieMove(state);
    return;
  }
  endRound(state, emit);
}

function endRound(state: SurvivorsState, emit: Emit): void {
  const { params } = state.config;
  for (let h = 0; h < state.humans.length; h++) {
    const human = state.humans[h] as Human;
    if (human.dead || !human.downed) continue;
    human.bleed++;
    if (human.bleed >= params.bleedOutRounds) {
      kill(state, h, 'bleedOut', emit);
      if (state.phase === Phase.Over) return;
    }
  }
  if (params.naturalHealing) {
    for (let h = 0; h < state.humans.length; h++) {
      const human = state.humans[h] as Human;
      if (!human.dead && human.wounds > 0 && !human.woundedThisRound) healHuman(state, h, 1, emit);
    }
  }
  if (emit !== null) {
    emit({ type: 'roundEnd', round: state.round, zombies: state.zombies.length, alive: state.humans.filter((human) => !human.dead).length });
  }
  if (state.round >= params.roundLimit) {
    const alive = state.humans.filter((human) => !human.dead).length;
    if (params.scenario === 'survive' && alive >= params.humansToSurvive) finish(state, 'survived', emit);
    else finish(state, 'timeLimit', emit, params.scenario === 'escape' && params.escapeTimeLimit === 'draw' ? -1 : ZOMBIES);
    return;
  }
  state.round++;
  beginRound(state, emit);
}

/** Ends the match; `winner` −1 is a draw (rule 61's time limit, `escapeTimeLimit: draw`). */
function finish(state: SurvivorsState, condition: EndCondition, emit: Emit, winner: -1 | 0 | 1 = condition === 'survived' || condition === 'escape' ? HUMANS : ZOMBIES): void {
  state.phase = Phase.Over;
  state.endCondition = condition;
  state.winner = winner;
  if (emit !== null) {
    const name = winner === HUMANS ? 'humans' : winner === ZOMBIES ? 'zombies' : 'draw';
    emit({ type: 'matchEnd', winner: name, condition, round: state.round, deaths: state.deaths, escape: escapeFigures(state) });
  }
}

/** Rule 61's arithmetic for the report: where the Keys can be and how many draws were possible. */
function escapeFigures(state: SurvivorsState): EscapeFigures | null {
  const { params, cards, keysCard, keysTopSize, map } = state.config;
  if (params.scenario !== 'escape') return null;
  const deck = cards.reduce((sum, card) => sum + card.count, 0);
  const searches = map.searchSpotCells.length * params.searchesPerSpot;
  const keysFound = state.humans.some((human) => human.items.includes(keysCard)) || state.floorItems.some((card, i) => i % 2 === 1 && card === keysCard) || state.deck[keysCard] === 0;
  return { deck, keysTopSize, drawsPossible: Math.min(deck, params.numHumans * params.startingCardsPerHuman + searches), drawsMade: state.drawsMade, keysFound };
}

// ---------------------------------------------------------------------------------------------
// Wounds, death, healing

function wound(state: SurvivorsState, h: number, count: number, source: 'zombie' | 'bite' | 'blast', emit: Emit): void {
  const { params } = state.config;
  const human = state.humans[h] as Human;
  if (human.dead || count <= 0) return;
  const before = allowance(params, human.wounds);
  const wasDowned = human.downed;
  human.wounds += count;
  human.woundedThisRound = true;
  if (emit !== null) emit({ type: 'wound', human: h, wounds: human.wounds, source, round: state.round });
  if (wasDowned) {
    if (params.downedDiesOnWound) kill(state, h, 'wound', emit);
    return;
  }
  const after = allowance(params, human.wounds);
  if (after === 0) {
    human.downed = true;
    human.bleed = 0;
    if (emit !== null) emit({ type: 'downed', human: h, round: state.round });
// Stryker disable next-line ConditionalExpression: (true) a human other than the wounded one is never active here (zombie attacks and blast wounds come with no one active), and endActivation with no one active does nothing
    if (state.active === h) endActivation(state, emit, 'downed');
    return;
  }
  // Rule 15, immediate: the cut falls on an activation under way, the active human's or, with
  // interleaving, one he started and switched away from (and a thrower in his own blast, whom
  // finishBlast sets aside as not active while the blast resolves).
  if (params.woundPenaltyImmediate && human.started && !human.activated) human.actionsLeft = Math.max(0, human.actionsLeft - (before - after));
}

function kill(state: SurvivorsState, h: number, cause: 'wound' | 'bleedOut', emit: Emit): void {
  const { params } = state.config;
  const human = state.humans[h] as Human;
// Stryker disable next-line ConditionalExpression: (false) kill is never called on the dead: wound returns for them and the round's end skips them
  if (human.dead) return;
// Stryker disable next-line ConditionalExpression,EqualityOperator: (false, and the carrying test behind it: true, > 0, < 0) nobody is active when a human dies (zombie phase, round end, blast wounds with the thrower set aside; a bite never kills, the active human is never downed), so the carrying test is never reached; true and !== are killed by tests/survivors-rules-mut-a.test.ts
  if (state.active === h && state.carrying >= 0) dropCarried(state, emit);
  const cell = human.cell;
  human.dead = true;
  human.downed = false;
  if (cell >= 0) {
    state.occupant[cell] = -1;
    for (const card of human.items) {
      state.floorItems.push(cell, card);
      if (emit !== null) emit({ type: 'itemDropped', human: h, card: (state.config.cards[card] as ItemCard).name, reason: 'death' });
    }
    if (params.deadRiseAsZombie) state.rising.push(cell);
  }
  human.items.length = 0;
  human.cell = -1;
  state.deaths++;
  if (emit !== null) emit({ type: 'death', human: h, cause, round: state.round });
// Stryker disable next-line ConditionalExpression,EqualityOperator,UnaryOperator: (true, false, !==, +1) nobody is active when a human dies (see above), so active is already −1 either way
  if (state.active === h) state.active = -1;
  if (state.deaths >= params.humanDeathsToWin) finish(state, 'kills', emit);
}

function healHuman(state: SurvivorsState, h: number, amount: number, emit: Emit): void {
  const human = state.humans[h] as Human;
  const healed = Math.min(amount, human.wounds);
  human.wounds -= healed;
  const revived = human.downed && allowance(state.config.params, human.wounds) > 0;
  if (revived) {
    human.downed = false;
    human.bleed = 0;
  }
  if (emit !== null) emit({ type: 'heal', human: h, healed, revived, round: state.round });
}

// ---------------------------------------------------------------------------------------------
// Activations

function beginActivation(state: SurvivorsState, h: number): void {
  const human = state.humans[h] as Human;
  if (!human.started) {
    human.started = true;
    human.actionsLeft = allowance(state.config.params, human.wounds);
  }
  state.active = h;
  state.aim = 0;
  state.phase = Phase.Act;
}

/** Ends the active human's activation: aim lost, the carried human put down (rules 33, 48). */
function endActivation(state: SurvivorsState, emit: Emit, reason: 'spent' | 'pass' | 'downed'): void {
  const h = state.active;
// Stryker disable next-line ConditionalExpression: (false) every caller ends the activation of an active human (the bite's wound, the end action, the last action spent, a downed thrower)
  if (h < 0) return;
  const human = state.humans[h] as Human;
  if (emit !== null) emit({ type: 'activationEnd', human: h, unspent: human.actionsLeft, reason, round: state.round });
  state.aim = 0;
// Stryker disable next-line ConditionalExpression: (true) not carrying, the vacated list is empty (filled only while carrying, cleared at each pickup and drop), so there is no choice, and dropCarried returns at once
  if (state.carrying >= 0) {
    const choices = dropChoices(state);
    if (state.config.params.carryDropRule === 'playerChoice' && choices.length > 1 && !human.dead) {
      state.phase = Phase.DropCarried;
      return;
    }
    dropCarried(state, emit);
  }
  // actionsLeft keeps what he left unspent this round (lost, rule 9): the heuristic reads it.
  human.activated = true;
  state.active = -1;
  nextHumanChoice(state, emit);
}

/** Empty cells the carrier left since the pickup, most recent first, each once. */
function dropChoices(state: SurvivorsState): number[] {
  const result: number[] = [];
// Stryker disable next-line ArithmeticOperator: (length + 1) the two indices past the end read undefined, which is no empty cell (occupant[undefined] is not −1)
  for (let i = state.vacated.length - 1; i >= 0; i--) {
    const cell = state.vacated[i] as number;
    if (state.occupant[cell] === -1 && !result.includes(cell)) result.push(cell);
  }
  return result;
}

/** Rule 33: on the last vacated empty cell (or `cell`), else the nearest empty cell. */
function dropCarried(state: SurvivorsState, emit: Emit, cell = -1): void {
  const carried = state.carrying;
// Stryker disable next-line ConditionalExpression: (false) dropCarried is only called while someone is carried (endActivation, kill and the DropCarried phase check it)
  if (carried < 0) return;
  let target = cell;
  if (target < 0) target = dropChoices(state)[0] ?? -1;
// Stryker disable next-line OptionalChaining,UnaryOperator: (non-optional, ?? +1) the carrier is active whenever a carried human is put down, so his cell is always read
  if (target < 0) target = nearestEmptyCell(state, state.humans[state.active]?.cell ?? -1);
  const human = state.humans[carried] as Human;
  state.carrying = -1;
  state.vacated.length = 0;
  if (target < 0) return;
  human.cell = target;
  state.occupant[target] = carried;
  if (emit !== null) emit({ type: 'carryDrop', carrier: state.active, human: carried, cell: target });
}

/** The empty cell nearest to `from` by walking (walls and barricades respected), or −1. */
function nearestEmptyCell(state: SurvivorsState, from: number): number {
// Stryker disable next-line ConditionalExpression,UnaryOperator: (false, +1) the only caller passes the carrier's cell, which is on the board
  if (from < 0) return -1;
  const map = state.config.map;
  const seen = new Uint8Array(map.cells);
  let frontier = [from];
  seen[from] = 1;
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const cell of frontier) {
      for (let dir = 0; dir < 4; dir++) {
        const to = map.neighbour[cell * 4 + dir] as number;
        const edge = map.edgeOf[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (false for to < 0) off the board the search only reaches undefined cells (neighbour[−4..−1]), none of them empty, and after the first one seen[undefined] stops it, so it finds the same cell or runs out as before
        if (to < 0 || seen[to] === 1 || edgeBlocksMovement(state, edge)) continue;
        seen[to] = 1;
        if (state.occupant[to] === -1) return to;
        next.push(to);
      }
    }
    frontier = next;
  }
  return -1;
}

/** The price of one human step (rules 22–24, 30, 32), or 0 when it cannot be taken. */
function humanStepCost(state: SurvivorsState, from: number, dir: number): number {
  const { map, params } = state.config;
  const edge = map.edgeOf[from * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (false for edge < 0) a step off the board leads only to undefined cells, never to an empty one, so moveLine still finds no line (its cost runs past the actions) and friendRoutes no route
  if (edge < 0 || edgeBlocksMovement(state, edge)) return 0;
  const to = map.neighbour[from * 4 + dir] as number;
  let cost = 1;
  if (state.edges[edge] === Edge.Window) cost = Math.max(cost, params.humanWindowCost);
  if (state.terrain[to] === Terrain.Obstacle) cost = Math.max(cost, params.humanObstacleCost);
  if (state.carrying >= 0) cost += params.carryMoveSurcharge;
  return cost;
}

/**
 * Rules 27–29: a move in `dir` from `from`. Returns the cells of the line up to and including
 * the empty cell it ends on, with its total cost, or null when it cannot be made with `actions`.
 */
export function moveLine(state: SurvivorsState, from: number, dir: number, actions: number): { cells: number[]; cost: number; zombies: number } | null {
  const map = state.config.map;
  const cells: number[] = [];
  let cost = 0;
  let zombies = 0;
  let cell = from;
  for (;;) {
    const step = humanStepCost(state, cell, dir);
    if (step === 0) return null;
    cost += step;
    if (cost > actions) return null;
    cell = map.neighbour[cell * 4 + dir] as number;
    cells.push(cell);
    const occupant = state.occupant[cell] as number;
    if (occupant === -1) return { cells, cost, zombies };
    if (occupant === ZOMBIE_CELL) zombies++;
  }
}

/**
 * Rule 27: the empty cells a human on `from` can reach with `actions` by stepping through one or
 * more friends' cells (any turns, each step at its normal price, never through a zombie), each
 * with the cheapest cost, in cell order. Cells next to him by a plain step are included only
 * when reached through a friend.
 */
export function friendRoutes(state: SurvivorsState, from: number, actions: number): { cell: number; cost: number }[] {
  const map = state.config.map;
  // Friends' cells reached so far with their cheapest cost; few, so arrays beat maps.
// Stryker disable next-line ArrayDeclaration: (a stray first entry) it shifts friendCells against friendCosts, which only lets a friend's cell be expanded once more at no cheaper cost; every expansion is bounded by the actions, and routes keep their cheapest cost
  const friendCells: number[] = [];
// Stryker disable next-line ArrayDeclaration: (a stray first entry) likewise: a friend reached again is expanded once more, bounded by the actions, finding no cheaper route
  const friendCosts: number[] = [];
  const routes: { cell: number; cost: number }[] = [];
  const work: number[] = [from, 0];
  while (work.length > 0) {
    const cost = work.pop() as number;
    const cell = work.pop() as number;
    const throughFriend = cell !== from;
    for (let dir = 0; dir < 4; dir++) {
      const step = humanStepCost(state, cell, dir);
      if (step === 0 || cost + step > actions) continue;
      const to = map.neighbour[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (false) his own cell, entered again at a cost above 0, is expanded as a friend's cell but reaches nothing cheaper than from the start (routes out of it are only taken when entered through a friend)
      if (to === from) continue;
      const occupant = state.occupant[to] as number;
      const total = cost + step;
      if (occupant === -1) {
        if (!throughFriend) continue;
        const known = routes.find((route) => route.cell === to);
        if (known === undefined) routes.push({ cell: to, cost: total });
        else if (total < known.cost) known.cost = total;
      } else if (occupant !== ZOMBIE_CELL) {
        const index = friendCells.indexOf(to);
// Stryker disable next-line ConditionalExpression,EqualityOperator: (false, true for index >= 0, index > 0, index < 0, < total) each only prunes less: a friend's cell expanded again at no cheaper cost finds nothing cheaper, bounded by the actions; the mutants that prune a cheaper visit (> total, ||, true for the cost test) are killed by tests/survivors-rules-mut-a.test.ts
        if (index >= 0 && (friendCosts[index] as number) <= total) continue;
// Stryker disable next-line ConditionalExpression,EqualityOperator: (true, false, > 0, < 0) a cost not recorded only prunes less (see above): same routes at the same costs
        if (index >= 0) friendCosts[index] = total;
        else {
          friendCells.push(to);
          friendCosts.push(total);
        }
        work.push(to, total);
      }
    }
  }
  return routes.sort((a, b) => a.cell - b.cell);
}

/** Rule 31: the price of shouldering the human across `dir` (a window may cost more, `carryAcrossWindowCost`). */
function shoulderCost(state: SurvivorsState, from: number, dir: number): number {
  const edge = state.config.map.edgeOf[from * 4 + dir] as number;
  return state.edges[edge] === Edge.Window ? state.config.params.carryAcrossWindowCost : 1;
}

function moveHuman(state: SurvivorsState, h: number, to: number): void {
  const human = state.humans[h] as Human;
  state.occupant[human.cell] = -1;
// Stryker disable next-line ConditionalExpression: (true) cells left while not carrying are cleared at the pickup, before the list is ever read
  if (state.carrying >= 0) state.vacated.push(human.cell);
  human.cell = to;
  state.occupant[to] = h;
}

function heldCards(state: SurvivorsState, human: Human): number[] {
  const result: number[] = [];
  for (const card of human.items) if (!result.includes(card)) result.push(card);
  return result.sort((a, b) => a - b);
}

function usable(state: SurvivorsState, card: ItemCard): boolean {
  return !(state.carrying >= 0 && state.config.params.carryBlocksLargeItems && card.size === 'large');
}

function humanActions(state: SurvivorsState, into: SurvivorsAction[]): void {
  const { map, params, cards } = state.config;
  const h = state.active;
  const human = state.humans[h] as Human;
  const actions = human.actionsLeft;
  const cell = human.cell;
  if (params.interleaveActivations && state.carrying < 0) {
    state.humans.forEach((other, index) => {
      if (index !== h && eligibleToActivate(other)) into.push({ kind: 'activate', human: index });
    });
  }
  if (actions > 0) {
    // A step onto an empty cell, or rule 29's straight pass through a line holding a zombie.
    for (let dir = 0; dir < 4; dir++) {
      const line = moveLine(state, cell, dir, actions);
      if (line !== null && (line.cells.length === 1 || line.zombies > 0)) into.push({ kind: 'move', dir });
    }
    for (const route of friendRoutes(state, cell, actions)) into.push({ kind: 'moveThrough', cell: route.cell });
    if (state.carrying < 0) {
      for (let dir = 0; dir < 4; dir++) {
        if (!adjacent(state, cell, dir) || shoulderCost(state, cell, dir) > actions) continue;
        const other = humanAt(state, map.neighbour[cell * 4 + dir] as number);
        if (other < 0) continue;
        const target = state.humans[other] as Human;
        if (target.wounds > 0 && (target.downed || !params.carryRequiresDowned)) into.push({ kind: 'carry', human: other });
      }
    }
    const held = heldCards(state, human);
    // Attacks (rules 42, 49, 50): unarmed or with a weapon, melee on adjacent zombies, ranged in range and sight.
    const weapons = [-1, ...held.filter((card) => isWeapon(cards[card] as ItemCard) && usable(state, cards[card] as ItemCard))];
    for (const card of weapons) {
      const item = card < 0 ? null : (cards[card] as ItemCard);
      if (item === null || item.range === 0) {
        for (let dir = 0; dir < 4; dir++) {
          const target = map.neighbour[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (true for target >= 0) off the board occupant[−1] is undefined, not a zombie
          if (target >= 0 && state.occupant[target] === ZOMBIE_CELL && meleeAdjacent(state, cell, dir)) into.push({ kind: 'attack', card, cell: target });
        }
      } else {
        for (const zombie of sortedZombies(state)) {
          if (rangeBetween(state, cell, zombie) <= item.range && lineOfSight(state, cell, zombie)) into.push({ kind: 'attack', card, cell: zombie });
        }
      }
    }
    for (const card of held) {
      const item = cards[card] as ItemCard;
      if (!usable(state, item)) continue;
      if (isExplosive(item)) {
        for (let target = 0; target < map.cells; target++) {
          if (rangeBetween(state, cell, target) <= item.range && lineOfSight(state, cell, target)) into.push({ kind: 'throw', card, cell: target });
        }
      }
      if (item.heal > 0) {
        if (human.wounds > 0) into.push({ kind: 'heal', card, human: h });
        for (let dir = 0; dir < 4; dir++) {
          if (!adjacent(state, cell, dir)) continue;
          const other = humanAt(state, map.neighbour[cell * 4 + dir] as number);
          if (other >= 0 && (state.humans[other] as Human).wounds > 0) into.push({ kind: 'heal', card, human: other });
        }
      }
      if (item.special?.effect === 'removeBarricade' && item.special.cost <= actions) {
        for (let dir = 0; dir < 4; dir++) {
          const edge = map.edgeOf[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (true for edge >= 0) barricades[−1] is undefined, not 1
          if (edge >= 0 && state.barricades[edge] === 1) into.push({ kind: 'unbarricade', dir, card });
        }
      }
    }
    if (params.barricadeRemoveCostNoTool !== null && params.barricadeRemoveCostNoTool <= actions) {
      for (let dir = 0; dir < 4; dir++) {
        const edge = map.edgeOf[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (true for edge >= 0) barricades[−1] is undefined, not 1
        if (edge >= 0 && state.barricades[edge] === 1) into.push({ kind: 'unbarricade', dir, card: -1 });
      }
    }
    // Rule 45: give an item to an adjacent human with room for it.
    for (let dir = 0; dir < 4; dir++) {
      if (!adjacent(state, cell, dir)) continue;
      const other = humanAt(state, map.neighbour[cell * 4 + dir] as number);
      if (other < 0) continue;
      const receiver = state.humans[other] as Human;
      const room = capacityOf(state, receiver) - load(state, receiver);
      for (const card of held) {
        const item = cards[card] as ItemCard;
// Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >= 0) a card's capacityBonus is never negative (the card schema's minimum is 0), so adding a bonus of 0 changes nothing; false and <= 0 are killed by tests/survivors-rules-mut-a.test.ts
        const roomAfter = item.capacityBonus > 0 ? room + item.capacityBonus : room;
        if (sizeCost(params, item) <= roomAfter) into.push({ kind: 'give', card, human: other });
      }
    }
    if (state.aim < params.aimMaxStack && params.aimBonus > 0) into.push({ kind: 'aim' });
    if (searchesLeftAt(state, cell) > 0) into.push({ kind: 'search' });
    for (const card of floorCardsAt(state, cell)) into.push({ kind: 'pickUp', card });
    const buildCost = barricadeCost(state, human);
    if (buildCost > 0 && buildCost <= actions && state.barricadeTokens > 0) {
      for (let dir = 0; dir < 4; dir++) {
        const edge = map.edgeOf[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (false for edge < 0) off the board edges[−1] is undefined, which is no kind a barricade goes on
        if (edge < 0 || state.barricades[edge] === 1) continue;
        const kind = state.edges[edge] as Edge;
        if (kind === Edge.Window || kind === Edge.Doorway || (params.barricadeOnOpenEdges && (kind === Edge.Open || kind === Edge.Destroyed))) {
          into.push({ kind: 'barricade', dir });
        }
      }
    }
  }
  // Rule 47: dropping is free, at any time.
  for (const card of heldCards(state, human)) into.push({ kind: 'drop', card });
  into.push({ kind: 'endActivation' });
}

/** Rule 53: the cheapest way to build now, or 0 when the human cannot. */
function barricadeCost(state: SurvivorsState, human: Human): number {
  const { params, cards } = state.config;
  let tool = 0;
  for (const card of human.items) {
    const item = cards[card] as ItemCard;
    if (item.barricadeCost !== null && usable(state, item)) tool = tool === 0 ? item.barricadeCost : Math.min(tool, item.barricadeCost);
  }
  if (params.barricadeRequiresItem) return tool;
  return tool === 0 ? params.barricadeBuildCost : Math.min(tool, params.barricadeBuildCost);
}

function sortedZombies(state: SurvivorsState): number[] {
  return state.zombies.slice().sort((a, b) => a - b);
}

function floorCardsAt(state: SurvivorsState, cell: number): number[] {
  const result: number[] = [];
// Stryker disable next-line EqualityOperator: (<=) the entry past the end is undefined, which matches no cell
  for (let i = 0; i < state.floorItems.length; i += 2) {
    if (state.floorItems[i] === cell && !result.includes(state.floorItems[i + 1] as number)) result.push(state.floorItems[i + 1] as number);
  }
  return result.sort((a, b) => a - b);
}

function spend(state: SurvivorsState, cost: number, action: HumanActionKind, emit: Emit): void {
  const human = state.humans[state.active] as Human;
  human.actionsLeft = Math.max(0, human.actionsLeft - cost);
  if (emit !== null) emit({ type: 'action', human: state.active, action, cost, round: state.round });
}

/** After an action resolves: the activation ends when nothing is left to spend. */
function afterHumanAction(state: SurvivorsState, emit: Emit): void {
  // A wound may have ended the activation (downed), or the match.
// Stryker disable next-line ConditionalExpression: (false for phase === Over) when an action ends the match no one is active any more (it ends at the end of the human phase, or by a blast's wounds, which return before this), so active < 0 returns; the other operands are killed by tests/survivors-rules-mut-a.test.ts
  if (state.phase === Phase.Over || state.phase === Phase.DropCarried || state.active < 0) return;
  const human = state.humans[state.active] as Human;
  if (load(state, human) > capacityOf(state, human)) {
    state.phase = Phase.Discard;
    return;
  }
  state.phase = Phase.Act;
  if (human.actionsLeft === 0 && !state.config.params.interleaveActivations) endActivation(state, emit, 'spent');
}

function applyHuman(state: SurvivorsState, action: SurvivorsAction, emit: Emit): void {
  const { map, params, cards } = state.config;
  const h = state.active;
  const human = state.humans[h] as Human;
  switch (action.kind) {
    case 'activate':
      state.aim = 0;
// Stryker disable next-line UnaryOperator: (+1) beginActivation sets the new active human on the next line
      state.active = -1;
      beginActivation(state, action.human);
      return;
    case 'endActivation':
      if (emit !== null && human.actionsLeft > 0) emit({ type: 'action', human: h, action: 'pass', cost: 0, round: state.round });
      endActivation(state, emit, human.actionsLeft > 0 ? 'pass' : 'spent');
      return;
    case 'move': {
      const line = moveLine(state, human.cell, action.dir, human.actionsLeft) as { cells: number[]; cost: number; zombies: number };
      state.aim = 0;
      if (line.zombies === 0) {
        spend(state, line.cost, 'move', emit);
        moveHuman(state, h, line.cells[line.cells.length - 1] as number);
        afterHumanAction(state, emit);
        return;
      }
      // Rule 28: roll for each zombie cell of the line, in order.
      const pending = state.pending;
      pending.roll = Roll.Bite;
      pending.human = h;
      pending.cells = line.cells;
      pending.index = firstZombieIndex(state, line.cells, 0);
      pending.amount = line.cost;
      state.phase = Phase.Roll;
      return;
    }
    case 'moveThrough': {
      const route = friendRoutes(state, human.cell, human.actionsLeft).find((candidate) => candidate.cell === action.cell) as { cell: number; cost: number };
      state.aim = 0;
      spend(state, route.cost, 'move', emit);
      moveHuman(state, h, route.cell);
      afterHumanAction(state, emit);
      return;
    }
    case 'drop': {
      removeItem(human, action.card);
      state.floorItems.push(human.cell, action.card);
      if (emit !== null) {
        emit({ type: 'action', human: h, action: 'drop', cost: 0, round: state.round });
        emit({ type: 'itemDropped', human: h, card: (cards[action.card] as ItemCard).name, reason: 'choice' });
      }
      afterHumanAction(state, emit);
      return;
    }
    case 'carry': {
      const target = state.humans[action.human] as Human;
      spend(state, shoulderCost(state, human.cell, adjacentDir(map, human.cell, target.cell)), 'carry', emit);
      state.occupant[target.cell] = -1;
      target.cell = -1;
      state.carrying = action.human;
      state.vacated.length = 0;
      if (emit !== null) emit({ type: 'carry', carrier: h, human: action.human, round: state.round });
      afterHumanAction(state, emit);
      return;
    }
    case 'attack': {
      spend(state, 1, 'attack', emit);
      const pending = state.pending;
      pending.roll = Roll.Attack;
      pending.human = h;
      pending.card = action.card;
      pending.target = action.cell;
      pending.amount = Math.min(state.aim, params.aimMaxStack) * params.aimBonus;
      state.aim = 0;
      state.phase = Phase.Roll;
      return;
    }
    case 'throw': {
      spend(state, 1, 'throw', emit);
      const pending = state.pending;
      pending.roll = Roll.Throw;
      pending.human = h;
      pending.card = action.card;
      pending.target = action.cell;
      const item = cards[action.card] as ItemCard;
      if (item.useOn.length === 0) resolveThrow(state, 0, emit);
      else state.phase = Phase.Roll;
      return;
    }
    case 'heal': {
      spend(state, 1, 'heal', emit);
      const item = cards[action.card] as ItemCard;
      state.pending.roll = Roll.Heal;
      state.pending.human = h;
      state.pending.card = action.card;
      state.pending.target = action.human;
      if (item.useOn.length === 0) resolveHeal(state, 0, emit);
      else state.phase = Phase.Roll;
      return;
    }
    case 'give': {
      spend(state, 1, 'give', emit);
      removeItem(human, action.card);
      (state.humans[action.human] as Human).items.push(action.card);
      afterHumanAction(state, emit);
      return;
    }
    case 'aim':
      spend(state, 1, 'aim', emit);
      state.aim++;
      afterHumanAction(state, emit);
      return;
    case 'search': {
      spend(state, 1, 'search', emit);
      const spot = state.config.map.spotOf[human.cell] as number;
      state.searchLeft[spot] = (state.searchLeft[spot] as number) - 1;
      if (params.reshuffleDiscards && state.deckSize === 0) {
        for (let card = 0; card < state.deck.length; card++) {
          state.deck[card] = state.discards[card] as number;
          state.deckSize += state.discards[card] as number;
          state.discards[card] = 0;
        }
      }
      if (state.deckSize === 0) {
        afterHumanAction(state, emit);
        return;
      }
      state.pending.human = h;
      state.pending.dealLeft = -1;
      state.phase = Phase.Draw;
      return;
    }
    case 'pickUp': {
      spend(state, 1, 'pickUp', emit);
// Stryker disable next-line EqualityOperator: (<=) a pickUp is legal only for a card on his cell's floor, so the loop breaks before i reaches the end; a pass more would read undefined
      for (let i = 0; i < state.floorItems.length; i += 2) {
        if (state.floorItems[i] === human.cell && state.floorItems[i + 1] === action.card) {
          state.floorItems.splice(i, 2);
          break;
        }
      }
      human.items.push(action.card);
      afterHumanAction(state, emit);
      return;
    }
    case 'barricade': {
      const cost = barricadeCost(state, human);
      spend(state, cost, 'barricade', emit);
      const edge = map.edgeOf[human.cell * 4 + action.dir] as number;
      ownBarricades(state)[edge] = 1;
// Stryker disable next-line ArithmeticOperator: (−) the change code only has to tell changes apart, and barricadeBuilt − edge is as distinct from every other code as + edge
      boardChanged(state, BoardChange.barricadeBuilt + edge);
      state.barricadeTokens--;
      if (emit !== null) emit({ type: 'barricadeBuilt', edge, human: h, round: state.round });
      afterHumanAction(state, emit);
      return;
    }
    case 'unbarricade': {
      const item = action.card < 0 ? null : (cards[action.card] as ItemCard);
// Stryker disable next-line OptionalChaining: (non-optional special) unbarricade with a card is legal only for a card whose special removes barricades, so special is never null here
      const cost = item === null ? (params.barricadeRemoveCostNoTool as number) : (item.special?.cost ?? 1);
      spend(state, cost, 'unbarricade', emit);
      const edge = map.edgeOf[human.cell * 4 + action.dir] as number;
      // Rule 46: roll the card's useOn if it has one; without, the use works with no roll.
      if (item === null || item.useOn.length === 0) {
        resolveRemoveBarricade(state, h, action.card, edge, 0, emit);
        return;
      }
      const pending = state.pending;
      pending.roll = Roll.Special;
      pending.human = h;
      pending.card = action.card;
      pending.target = edge;
      state.phase = Phase.Roll;
      return;
    }
    default:
      throw new Error(`not a human action in this phase: ${actionKey(action)}`);
  }
}

function firstZombieIndex(state: SurvivorsState, cells: readonly number[], from: number): number {
// Stryker disable next-line EqualityOperator: (<=) cells[length] is undefined, and occupant[undefined] is no zombie
  for (let i = from; i < cells.length; i++) if (state.occupant[cells[i] as number] === ZOMBIE_CELL) return i;
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Chance resolution

function resolveRoll(state: SurvivorsState, value: number, emit: Emit): void {
  const pending = state.pending;
  const { params } = state.config;
  switch (pending.roll) {
    case Roll.Bite: {
      const h = pending.human;
      const human = state.humans[h] as Human;
      if (params.crossBiteOn.includes(value)) {
        // Rule 29(c): he stays, loses a life and the steps up to the biting zombie.
        const steps = pending.index + 1;
        const lost = Math.min(steps, human.actionsLeft);
        human.actionsLeft -= lost;
        if (emit !== null) {
          emit({ type: 'pass', human: h, zombies: countZombies(state, pending.cells), bitten: true, actionsLost: lost, round: state.round, exactBitten: passBiteChance(state, pending.cells) });
          emit({ type: 'action', human: h, action: 'move', cost: lost, round: state.round });
        }
        state.phase = Phase.Act;
        wound(state, h, 1, 'bite', emit);
        afterHumanAction(state, emit);
        return;
      }
      const next = firstZombieIndex(state, pending.cells, pending.index + 1);
// Stryker disable next-line EqualityOperator: (> 0) the search starts at pending.index + 1 ≥ 1, so an index found is never 0
      if (next >= 0) {
        pending.index = next;
        return;
      }
      if (emit !== null) emit({ type: 'pass', human: h, zombies: countZombies(state, pending.cells), bitten: false, actionsLost: 0, round: state.round, exactBitten: passBiteChance(state, pending.cells) });
      state.phase = Phase.Act;
      spend(state, pending.amount, 'move', emit);
      moveHuman(state, h, pending.cells[pending.cells.length - 1] as number);
      afterHumanAction(state, emit);
      return;
    }
    case Roll.Attack:
      resolveAttack(state, value, emit);
      return;
    case Roll.Heal:
      resolveHeal(state, value, emit);
      return;
    case Roll.Throw:
      resolveThrow(state, value, emit);
      return;
    case Roll.Special:
      resolveRemoveBarricade(state, pending.human, pending.card, pending.target, value, emit);
      return;
    case Roll.BlastKill: {
      const cell = pending.cells[pending.index] as number;
      const item = state.config.cards[pending.card] as ItemCard;
      const killed = item.killOn.includes(value);
      if (emit !== null) emit({ type: 'blastKill', card: item.name, roll: value, killed, exactKill: faceChance(item.killOn) });
      if (killed) removeZombie(state, cell, 'blast', emit);
      pending.index++;
      if (pending.index >= pending.cells.length) finishBlast(state, emit);
      return;
    }
    case Roll.ZombieAttack: {
      const hit = params.zombieHitOn.includes(value);
      if (emit !== null) emit({ type: 'zombieAction', action: 'attack', cost: 1, edge: -1, roll: value, success: hit, round: state.round, exactSuccess: faceChance(params.zombieHitOn) });
      state.phase = Phase.ZombieAct;
      if (hit) wound(state, pending.target, 1, 'zombie', emit);
// Stryker disable next-line ConditionalExpression: (true) the only other phase here is Over (the wound ended the match), and a finished match never reads the move start
      if (state.phase === Phase.ZombieAct) beginZombieMove(state);
      afterZombieAction(state, emit);
      return;
    }
    case Roll.ZombieBreak: {
      const broken = params.barricadeBreakOn.includes(value);
      if (emit !== null) emit({ type: 'zombieAction', action: 'break', cost: 1, edge: pending.target, roll: value, success: broken, round: state.round, exactSuccess: faceChance(params.barricadeBreakOn) });
      if (broken) {
        ownBarricades(state)[pending.target] = 0;
// Stryker disable next-line ArithmeticOperator: (−) barricadeGone − edge stays distinct from every other change's code on any board under 2^23 edges
        boardChanged(state, BoardChange.barricadeGone + pending.target);
        if (emit !== null) emit({ type: 'barricadeBroken', edge: pending.target, by: 'zombie', round: state.round });
      }
      state.phase = Phase.ZombieAct;
      beginZombieMove(state);
      afterZombieAction(state, emit);
      return;
    }
  }
}

/** Rule 29: the chance a pass through these cells is stopped by a bite, 1 − (1 − b)^zombies. */
function passBiteChance(state: SurvivorsState, cells: readonly number[]): number {
  // Counted before the move resolves: a pass that went through leaves the zombies in place.
  return 1 - (1 - faceChance(state.config.params.crossBiteOn)) ** countZombies(state, cells);
}

function countZombies(state: SurvivorsState, cells: readonly number[]): number {
  let count = 0;
  for (const cell of cells) if (state.occupant[cell] === ZOMBIE_CELL) count++;
  return count;
}

/**
 * Rules 36–41, 48, 49: the natural roll is also the card's use roll (rule 40's [D]): not in its
 * `useOn`, the use fails and nothing is killed or pushed; else kill, else push. Then the break
 * check on the natural roll, and a single-use card goes to the discard pile whatever the roll.
 */
function resolveAttack(state: SurvivorsState, natural: number, emit: Emit): void {
  const { params, cards, map } = state.config;
  const pending = state.pending;
  const h = pending.human;
  const human = state.humans[h] as Human;
  const item = pending.card < 0 ? null : (cards[pending.card] as ItemCard);
  const modified = Math.min(6, natural + pending.amount);
  const killOn = item === null ? params.unarmedKillOn : item.killOn;
  const pushOn = item === null ? params.unarmedKnockbackOn : item.knockbackOn;
  const target = pending.target;
  const rolledUse = item !== null && item.useOn.length > 0;
  const used = item === null || useWorks(item, natural);
  if (rolledUse && emit !== null) emit({ type: 'itemUse', human: h, card: item.name, roll: natural, success: used, exactSuccess: faceChance(item.useOn), round: state.round });
  // Rules 39–40: a failed use kills and pushes nothing.
  let result: AttackResult = used ? 'miss' : 'failedUse';
  if (used && killOn.includes(modified)) {
    result = 'kill';
    removeZombie(state, target, 'attack', emit);
  } else if (used && pushOn.includes(modified)) {
    const dx = cellX(map, target) - cellX(map, human.cell);
    const dy = cellY(map, target) - cellY(map, human.cell);
// Stryker disable next-line EqualityOperator: (dx > 0, dy > 0) dx = 0 in the x branch would need dy = 0 too (the target on the attacker's cell), and dy is never 0 in the y branch; the tie (>) is pinned by the rule 37 tie test
    const dir = Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? 1 : 3) : dy >= 0 ? 2 : 0;
    const edge = map.edgeOf[target * 4 + dir] as number;
    const to = map.neighbour[target * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (true for to >= 0) off the board the edge is −1 and occupant[−1] is undefined, not −1, so the push is blocked anyway
    if (to >= 0 && !edgeBlocksMovement(state, edge) && state.edges[edge] !== Edge.Window && state.occupant[to] === -1) {
      state.occupant[target] = -1;
      state.occupant[to] = ZOMBIE_CELL;
      state.zombies[state.zombies.indexOf(target)] = to;
      result = 'push';
    } else {
      result = 'pushBlocked';
    }
  }
  const broke = item !== null && item.breakOn.includes(natural);
  const discarded = broke || (item !== null && item.singleUse);
  if (discarded) discardHeld(state, human, pending.card);
  if (emit !== null) {
    const use = item === null ? ALWAYS_WORKS : item;
    emit({
      type: 'attack',
      human: h,
      card: item === null ? 'Unarmed' : item.name,
      roll: natural,
      aimed: pending.amount > 0,
      result,
      broke,
      discarded,
      ranged: item !== null && item.range > 0,
      round: state.round,
      exact: attackOdds(killOn, pushOn, item === null ? [] : item.breakOn, pending.amount, use),
      weapon: weaponOdds(killOn, pushOn, item === null ? [] : item.breakOn, params.aimBonus, item === null || item.range === 0, use),
    });
  }
  state.phase = Phase.Act;
  afterHumanAction(state, emit);
}

function resolveHeal(state: SurvivorsState, roll: number, emit: Emit): void {
  const { cards } = state.config;
  const pending = state.pending;
  const item = cards[pending.card] as ItemCard;
  const human = state.humans[pending.human] as Human;
  const success = item.useOn.length === 0 || item.useOn.includes(roll);
  if (emit !== null) emit({ type: 'itemUse', human: pending.human, card: item.name, roll, success, exactSuccess: item.useOn.length === 0 ? 1 : faceChance(item.useOn), round: state.round });
  if (success) healHuman(state, pending.target, item.heal, emit);
  if (item.singleUse || (!success && item.breakOn.includes(roll))) {
    removeItem(human, pending.card);
    state.discards[pending.card] = (state.discards[pending.card] as number) + 1;
  }
  state.phase = Phase.Act;
  afterHumanAction(state, emit);
}

/**
 * Rules 38, 46, 55: a barricade removed with a card's special property (or, with
 * `barricadeRemoveCostNoTool`, bare-handed) by human `h` from `edge`. A card with `useOn` rolls (`roll`; 0 with no roll): on a failure the
 * barricade stays and the actions are spent, and a breakOn face ruins the card (as a heal's);
 * a single-use card goes to the discard pile after the use, worked or not (rule 41).
 */
function resolveRemoveBarricade(state: SurvivorsState, h: number, card: number, edge: number, roll: number, emit: Emit): void {
  const item = card < 0 ? null : (state.config.cards[card] as ItemCard);
  const success = item === null || useWorks(item, roll);
  if (item !== null && item.useOn.length > 0 && emit !== null) {
    emit({ type: 'itemUse', human: h, card: item.name, roll, success, exactSuccess: faceChance(item.useOn), round: state.round });
  }
  if (success) {
    ownBarricades(state)[edge] = 0;
// Stryker disable next-line ArithmeticOperator: (−) barricadeGone − edge stays distinct from every other change's code on any board under 2^23 edges
    boardChanged(state, BoardChange.barricadeGone + edge);
    state.barricadeTokens++;
    if (emit !== null) emit({ type: 'barricadeBroken', edge, by: 'human', round: state.round });
  }
  if (item !== null && (item.singleUse || (!success && item.breakOn.includes(roll)))) discardHeld(state, state.humans[h] as Human, card);
  state.phase = Phase.Act;
  afterHumanAction(state, emit);
}

/** Rules 43, 51: the use roll; on success the blast, its edges, its humans, then zombie rolls. */
function resolveThrow(state: SurvivorsState, roll: number, emit: Emit): void {
  const { cards, params } = state.config;
  const pending = state.pending;
  const item = cards[pending.card] as ItemCard;
  const human = state.humans[pending.human] as Human;
  const success = item.useOn.length === 0 || item.useOn.includes(roll);
  if (emit !== null) emit({ type: 'itemUse', human: pending.human, card: item.name, roll, success, exactSuccess: item.useOn.length === 0 ? 1 : faceChance(item.useOn), round: state.round });
  removeItem(human, pending.card);
  state.discards[pending.card] = (state.discards[pending.card] as number) + 1;
  state.phase = Phase.Act;
  if (!success) {
    afterHumanAction(state, emit);
    return;
  }
  const { cells: inBlast, edges: blastEdgeList } = blastArea(state, pending.target, item.blast);
// Stryker disable next-line BooleanLiteral: (true) starting as changed only gives an unchanged board a new stamp: its distances are computed again, equal
  let changed = false;
  for (const edge of blastEdgeList) {
    if (state.barricades[edge] === 1) {
      ownBarricades(state)[edge] = 0;
      changed = true;
      if (emit !== null) emit({ type: 'barricadeBroken', edge, by: 'blast', round: state.round });
    }
    const kind = state.edges[edge];
    if (kind === Edge.Wall || kind === Edge.Window) {
      ownEdges(state)[edge] = Edge.Destroyed;
      changed = true;
      if (emit !== null) emit({ type: 'wallDestroyed', edge, window: kind === Edge.Window, round: state.round });
    }
  }
  if (params.blastDestroysObstacles) {
    const terrain = ownTerrain(state);
    for (const cell of inBlast) terrain[cell] = Terrain.Floor;
    changed = true;
  }
// Stryker disable ConditionalExpression: (false on the if; true on the else) a changed board's renewed stamp, or an unchanged board's, only recomputes equal distances; the other conditions are pinned by the blast tests
// Stryker disable next-line ArithmeticOperator,EqualityOperator: (<=, >=; − blast) radii of 4096 and more cover any board under 4096 cells a side, so those boards are alike; c · 4096 − r stays distinct; the other codes are pinned by the blast tests
  if (changed && item.blast < 4096) boardChanged(state, BoardChange.blast + pending.target * 4096 + item.blast);
  else if (changed) renewBoardStamp(state);
// Stryker restore ConditionalExpression
  const zombies: number[] = [];
  for (const cell of inBlast) if (state.occupant[cell] === ZOMBIE_CELL) zombies.push(cell);
  // Zombie rolls first, the humans' wounds last: a thrower downed by his own blast ends his
  // activation, and nothing of the throw may be left to resolve after that.
  if (zombies.length > 0) {
    pending.roll = Roll.BlastKill;
    pending.cells = zombies;
    pending.index = 0;
    state.phase = Phase.Roll;
    return;
  }
  finishBlast(state, emit);
}

/**
 * Rule 51: every human in the blast takes its wounds (a carried human is off the board). All
 * of them are wounded before a downed thrower's activation ends: ending it first could run the
 * zombie phase and the round's end in between.
 */
function finishBlast(state: SurvivorsState, emit: Emit): void {
  const { cards, params } = state.config;
  const item = cards[state.pending.card] as ItemCard;
  const thrower = state.active;
  const human = state.humans[thrower] as Human;
  state.phase = Phase.Act;
  state.active = -1;
  for (const cell of blastArea(state, state.pending.target, item.blast).cells) {
    const h = humanAt(state, cell);
    if (h < 0) continue;
    wound(state, h, params.blastHumanWounds, 'blast', emit);
    if ((state.phase as Phase) === Phase.Over) return;
  }
  state.active = thrower;
  if (human.downed) {
    endActivation(state, emit, 'downed');
    return;
  }
  afterHumanAction(state, emit);
}

/** A blast's cells and edges by radius, then centre, per config: they depend on the map and rules only. */
const blastAreas = new WeakMap<SurvivorsConfig, Map<number, Map<number, BlastArea>>>();

interface BlastArea {
  readonly cells: readonly number[];
  readonly edges: readonly number[];
}

/** The cells and edges of a blast of `radius` on `centre` (rule 51): kept per config, shared, never written. */
function blastArea(state: SurvivorsState, centre: number, radius: number): BlastArea {
  let byRadius = blastAreas.get(state.config);
// Stryker disable next-line ConditionalExpression: (true) a fresh table each time only forgets areas, which are worked out again alike
  if (byRadius === undefined) {
    byRadius = new Map();
    blastAreas.set(state.config, byRadius);
  }
  let byCentre = byRadius.get(radius);
// Stryker disable next-line ConditionalExpression: (true) a fresh table each time only forgets areas, which are worked out again alike
  if (byCentre === undefined) {
    byCentre = new Map();
    byRadius.set(radius, byCentre);
  }
  let area = byCentre.get(centre);
// Stryker disable next-line ConditionalExpression: (true) an area worked out again is the same area
  if (area === undefined) {
    const cells = blastCells(state, centre, radius);
    area = { cells, edges: blastEdges(state, cells) };
    byCentre.set(centre, area);
  }
  return area;
}

/**
 * Rule 51: the edges a blast over `cells` destroys, in ascending order: those with at least one
 * side in it (`anyAffectedSide`) or both (`bothSides`). Only the blast cells' own edges can be.
 */
function blastEdges(state: SurvivorsState, cells: readonly number[]): number[] {
  const { map, params } = state.config;
  const both = params.blastEdgeRule === 'bothSides';
  const inBlast = markScratch(map.cells);
  for (const cell of cells) inBlast[cell] = 1;
// Stryker disable next-line ArrayDeclaration: (["Stryker was here"]) a string edge reads no barricade and no edge kind, so the blast does nothing with it
  const edges: number[] = [];
  for (const cell of cells) {
    for (let dir = 0; dir < 4; dir++) {
      const edge = map.edgeOf[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (false) the board's rim (edge −1) would be listed, and no barricade or edge kind is read at −1
      if (edge < 0) continue;
      const other = map.neighbour[cell * 4 + dir] as number;
      // Each edge once: from the cell with the smaller index when both sides are in the blast.
// Stryker disable next-line ConditionalExpression,EqualityOperator: (false; <=, >=) an edge with both sides in the blast listed twice is found destroyed the second time, and other is never the cell itself; taking it from the larger cell lists the same edges
      if (inBlast[other] === 1 && other < cell) continue;
      if (both && inBlast[other] !== 1) continue;
      edges.push(edge);
    }
  }
  for (const cell of cells) inBlast[cell] = 0;
  return edges.sort((a, b) => a - b);
}

let blastMarks = new Uint8Array(0);

/** A zeroed scratch array of at least `cells` entries; callers set and clear their own marks. */
function markScratch(cells: number): Uint8Array {
// Stryker disable next-line ConditionalExpression,EqualityOperator: (true; <=) a new zeroed array when one is big enough only costs an allocation; (false, >=) are pinned by the bothSides blast test
  if (blastMarks.length < cells) blastMarks = new Uint8Array(cells);
  return blastMarks;
}

/**
 * The state's barricades, edges or terrain, made its own before a change: a new state shares the
 * map's arrays until then (copies share them too), and each is made its own apart from the
 * others, so that after a barricade goes up a copy (thousands a match for the greedy agents)
 * copies the barricades alone, not the walls and terrain too. The caller then names the change
 * (`boardChanged`) for the path-distance memo.
 */
function ownBarricades(state: SurvivorsState): number[] {
  if (state.barricades === state.config.map.barricades) state.barricades = state.barricades.slice();
  return state.barricades;
}

function ownEdges(state: SurvivorsState): number[] {
  if (state.edges === state.config.map.edges) state.edges = state.edges.slice();
  return state.edges;
}

function ownTerrain(state: SurvivorsState): number[] {
  if (state.terrain === state.config.map.terrain) state.terrain = state.terrain.slice();
  return state.terrain;
}

/** Rule 51: cells within `radius` of `centre` (Chebyshev square or Manhattan diamond). */
export function blastCells(state: SurvivorsState, centre: number, radius: number): number[] {
  const { map, params } = state.config;
  const cx = cellX(map, centre);
  const cy = cellY(map, centre);
  const cells: number[] = [];
  for (let y = Math.max(0, cy - radius); y <= Math.min(map.height - 1, cy + radius); y++) {
    for (let x = Math.max(0, cx - radius); x <= Math.min(map.width - 1, cx + radius); x++) {
      if (params.blastShape === 'diamond' && Math.abs(x - cx) + Math.abs(y - cy) > radius) continue;
      cells.push(y * map.width + x);
    }
  }
  return cells;
}

function removeZombie(state: SurvivorsState, cell: number, by: 'attack' | 'blast', emit: Emit): void {
  const index = state.zombies.indexOf(cell);
// Stryker disable next-line ConditionalExpression: (false) every caller names a zombie's cell (an attack's target, a zombie in the blast), so the index is never −1
  if (index < 0) return;
  state.zombies.splice(index, 1);
  state.zombieFresh.splice(index, 1);
  // Only humans kill zombies, in the human phase, so no zombie turn is under way.
  state.occupant[cell] = -1;
  if (emit !== null) emit({ type: 'zombieKilled', cell, by, round: state.round });
}

/** A card off the deck (rule 52): setup deals skip events; the Keys wait for the bottom half. */
function drawWeights(state: SurvivorsState): { card: number; weight: number }[] {
  const { cards, keysCard, keysTopSize } = state.config;
// Stryker disable next-line EqualityOperator: (>=) a deal's draw has dealLeft ≥ 1 and a search's −1 (a deal ends at 0 before any search), so no draw reads 0
  const setup = state.pending.dealLeft > 0;
  const result: { card: number; weight: number }[] = [];
  let total = 0;
  for (let card = 0; card < state.deck.length; card++) {
    const count = state.deck[card] as number;
    if (count === 0 || card === keysCard || (setup && (cards[card] as ItemCard).event !== null)) continue;
    result.push({ card, weight: count });
    total += count;
  }
// Stryker disable next-line ConditionalExpression,EqualityOperator: (true; > 0) deck[−1] is undefined, not above 0; keysCard is 0 only when the Keys are the whole deck, which never reaches the Keys' half (keysTopSize 1, no draw ever made)
  const keysLeft = keysCard >= 0 ? (state.deck[keysCard] as number) : 0;
  if (keysLeft > 0 && state.drawsMade >= keysTopSize) {
    // The Keys lie uniformly among the bottom cards still in the deck: 1 / (cards left).
    const left = total + keysLeft;
    for (const entry of result) entry.weight = (entry.weight / total) * (1 - 1 / left);
    result.push({ card: keysCard, weight: 1 / left });
    return result;
  }
  for (const entry of result) entry.weight /= total;
  return result;
}

function resolveDraw(state: SurvivorsState, card: number, emit: Emit): void {
  const { cards, params } = state.config;
  const pending = state.pending;
  const item = cards[card] as ItemCard;
  const h = pending.human;
  const human = state.humans[h] as Human;
  state.deck[card] = (state.deck[card] as number) - 1;
  state.deckSize--;
  state.drawsMade++;
// Stryker disable next-line EqualityOperator: (>=) a deal's draw has dealLeft ≥ 1 and a search's −1, never 0
  const setup = pending.dealLeft > 0;
  if (emit !== null) emit({ type: 'cardDrawn', human: h, card: item.name, setup });
  if (setup) {
    human.items.push(card);
    pending.dealLeft--;
    if (pending.dealLeft > 0) {
      pending.human = (h + 1) % params.numHumans;
      if (drawWeights(state).length === 0) afterDeal(state, emit);
      return;
    }
    afterDeal(state, emit);
    return;
  }
  state.phase = Phase.Act;
  if (item.event !== null) {
    state.discards[card] = (state.discards[card] as number) + 1;
    if (item.event === 'ambush') {
      startAmbush(state, emit);
      return;
    }
    afterHumanAction(state, emit);
    return;
  }
  human.items.push(card);
  afterHumanAction(state, emit);
}

function ambushCells(state: SurvivorsState): number[] {
  const map = state.config.map;
  const human = state.humans[state.active] as Human;
  const cells: number[] = [];
  for (let dir = 0; dir < 4; dir++) {
    const to = map.neighbour[human.cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (true for to >= 0) off the board occupant[−1] is undefined, not −1
    if (to >= 0 && state.occupant[to] === -1 && adjacent(state, human.cell, dir)) cells.push(to);
  }
  return cells;
}

/** Rule 59: one zombie next to the searcher, else on the nearest empty spawn point. */
function startAmbush(state: SurvivorsState, emit: Emit): void {
  if (state.zombies.length >= state.config.zombieCap) {
    afterHumanAction(state, emit);
    return;
  }
  if (ambushCells(state).length > 0) {
    state.phase = Phase.Ambush;
    return;
  }
  const map = state.config.map;
  const from = (state.humans[state.active] as Human).cell;
  let best = -1;
  let bestDistance = Infinity;
  for (const cell of emptySpawnPoints(state, false)) {
    const d = Math.abs(cellX(map, cell) - cellX(map, from)) + Math.abs(cellY(map, cell) - cellY(map, from));
    if (d < bestDistance) [best, bestDistance] = [cell, d];
  }
// Stryker disable next-line BooleanLiteral: (true) the zombie phase clears every fresh mark before any zombie acts, so an ambusher's mark is never read
  if (best >= 0) placeZombie(state, best, 'ambush', false, emit);
  afterHumanAction(state, emit);
}

// ---------------------------------------------------------------------------------------------
// Zombies

/** Rule 58: a new move of the acting zombie begins here (its turn, or after an attack). */
function beginZombieMove(state: SurvivorsState): void {
  if (!state.config.params.zombiesMustApproach) {
    state.zombieMoveStart = UNREACHABLE;
    return;
  }
  const cell = state.zombies[state.zombieIndex] as number;
  state.zombieMoveStart = zombiePathDistances(state)[cell] as number;
}

// canEndNear's search scratch, reused (the rules run synchronously): the cheapest cost found to
// each cell, a stamp marking the cells reached, and the queue of cells to look from.
let nearCost = new Int32Array(0);
let nearReached = new Int32Array(0);
// Grown as far as a search needs it, not to its worst case (cells × (budget + 1)): review 26d.
const nearQueue: number[] = [];
let nearStamp = 0;

/** A stamp no cell of the scratch holds yet; the scratch sized for `cells`. */
function nextNearStamp(cells: number): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: reallocating more often changes only speed
  if (nearCost.length < cells) {
    nearCost = new Int32Array(cells);
    nearReached = new Int32Array(cells);
    nearStamp = 0;
  }
  // Past 2^31 − 1 a stamp would wrap: every mark cleared, and the stamps start over.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: starting over earlier clears marks no search still reads
  if (nearStamp >= 0x7fffffff) {
    nearReached.fill(0);
    nearStamp = 0;
  }
  // Stryker disable next-line UpdateOperator: stamps counted down (−1, −2, …) are as unlike each other and the cleared 0
  return ++nearStamp;
}

/** Sets the next search's stamp to `value` + 1: for the test of what happens when stamps run out. */
export function setNearStampForTests(value: number): void {
  nearStamp = value;
}

/**
 * Rule 58: can the zombie that left `origin`, now on `start` with `budget` actions, still end its
 * move on a cell no farther than `limit`? The cheapest cost of reaching each cell through empty
 * cells (or back through `origin`) at zombie step costs, within the budget: some cell within
 * `limit` is reached within it exactly when some walk of at most `budget` reaches one. (It tried
 * every walk before, 4^budget of them: a match at `zombieActions: 50` did not end in minutes,
 * audit 26b.) Exported for the test that checks it against that walk.
 */
export function canEndNear(state: SurvivorsState, dist: Int32Array, origin: number, start: number, budget: number, limit: number): boolean {
  const map = state.config.map;
  const cells = map.width * map.height;
  // A cell is queued each time its cost falls (whole numbers from `budget` down to 0, so at most
  // budget + 1 times); the queue keeps its entries from earlier searches and is overwritten.
  const mark = nextNearStamp(cells);
  const cost = nearCost;
  const reached = nearReached;
  const queue = nearQueue;
  reached[start] = mark;
  cost[start] = 0;
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  while (head < tail) {
    const cell = queue[head++] as number;
    if ((dist[cell] as number) <= limit) return true;
    const spent = cost[cell] as number;
    for (let dir = 0; dir < 4; dir++) {
      const to = map.neighbour[cell * 4 + dir] as number;
      // Stryker disable next-line ConditionalExpression: (false for to < 0) off the board occupant[−1] is undefined, not −1, and −1 is never the origin
      if (to < 0 || (state.occupant[to] !== -1 && to !== origin)) continue;
      const step = zombieStepCost(state, cell, dir);
      if (step === 0) continue;
      const total = spent + step;
      if (total > budget) continue;
      // Stryker disable next-line EqualityOperator: (<) queueing a cell again at an equal cost only repeats work
      if (reached[to] === mark && (cost[to] as number) <= total) continue;
      reached[to] = mark;
      cost[to] = total;
      queue[tail++] = to;
    }
  }
  return false;
}

function zombieActions(state: SurvivorsState, into: SurvivorsAction[]): void {
  const { map } = state.config;
  const cell = state.zombies[state.zombieIndex] as number;
  const left = state.zombieActionsLeft;
  const limit = state.zombieMoveStart;
// Stryker disable next-line ConditionalExpression,EqualityOperator: (false; >) no distance exceeds UNREACHABLE, so with that limit every cell is near enough and the must-approach checks pass
  const free = limit >= UNREACHABLE;
  const dist = free ? null : zombiePathDistances(state);
  for (let dir = 0; dir < 4; dir++) {
    const to = map.neighbour[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (false for to < 0) off the board occupant[−1] is undefined, not −1, so the step is skipped anyway
    if (to < 0 || state.occupant[to] !== -1) continue;
    const cost = zombieStepCost(state, cell, dir);
    if (cost === 0 || cost > left) continue;
    if (dist !== null && !canEndNear(state, dist, cell, to, left - cost, limit)) continue;
    into.push({ kind: 'zombieMove', dir });
  }
  // Farther than the move began: it must walk back before anything else (rule 58).
  if (dist !== null && (dist[cell] as number) > limit) return;
  if (state.zombieAttacksLeft > 0) {
    for (let dir = 0; dir < 4; dir++) {
      const to = map.neighbour[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (false for to < 0) off the board the edge is −1 too, and meleeAdjacent is false for it
      if (to < 0 || !meleeAdjacent(state, cell, dir)) continue;
      const h = humanAt(state, to);
      if (h >= 0) into.push({ kind: 'zombieAttack', human: h });
    }
  }
  for (let dir = 0; dir < 4; dir++) {
    const edge = map.edgeOf[cell * 4 + dir] as number;
// Stryker disable next-line ConditionalExpression: (true) the rim's edge −1 reads undefined from barricades, which is not 1
    if (edge >= 0 && state.barricades[edge] === 1) into.push({ kind: 'zombieBreak', dir });
  }
  into.push({ kind: 'zombieEnd' });
}

function applyZombie(state: SurvivorsState, action: SurvivorsAction, emit: Emit): void {
  const map = state.config.map;
  const cell = state.zombies[state.zombieIndex] as number;
  switch (action.kind) {
    case 'zombieMove': {
      const cost = zombieStepCost(state, cell, action.dir);
      const to = map.neighbour[cell * 4 + action.dir] as number;
      state.occupant[cell] = -1;
      state.occupant[to] = ZOMBIE_CELL;
      state.zombies[state.zombieIndex] = to;
      state.zombieActionsLeft -= cost;
      if (emit !== null) emit({ type: 'zombieAction', action: 'move', cost, edge: -1, roll: 0, success: true, round: state.round, exactSuccess: 1 });
      afterZombieAction(state, emit);
      return;
    }
    case 'zombieAttack':
      state.zombieActionsLeft--;
      state.zombieAttacksLeft--;
      state.pending.roll = Roll.ZombieAttack;
      state.pending.target = action.human;
      state.phase = Phase.Roll;
      return;
    case 'zombieBreak':
      state.zombieActionsLeft--;
      state.pending.roll = Roll.ZombieBreak;
      state.pending.target = map.edgeOf[cell * 4 + action.dir] as number;
      state.phase = Phase.Roll;
      return;
    case 'zombieEnd':
      if (emit !== null) emit({ type: 'zombieAction', action: 'end', cost: 0, edge: -1, roll: 0, success: true, round: state.round, exactSuccess: 1 });
      nextZombie(state, emit);
      return;
    default:
      throw new Error(`not a zombie action in this phase: ${actionKey(action)}`);
  }
}

function afterZombieAction(state: SurvivorsState, emit: Emit): void {
  if (state.phase === Phase.Over) return;
  if (state.zombieActionsLeft <= 0) nextZombie(state, emit);
  else state.phase = Phase.ZombieAct;
}

// ---------------------------------------------------------------------------------------------
// The contract

function currentPlayer(state: SurvivorsState): number {
  switch (state.phase) {
    case Phase.Over:
      return TERMINAL;
    case Phase.Draw:
    case Phase.Roll:
      return CHANCE;
    case Phase.ChooseHuman:
    case Phase.Act:
    case Phase.Discard:
    case Phase.DropCarried:
      return HUMANS;
    default:
      return ZOMBIES;
  }
}

// Stryker disable next-line ArrayDeclaration: the default array is emptied first (into.length = 0), so what it holds never shows
function legalActions(state: SurvivorsState, into: SurvivorsAction[] = []): SurvivorsAction[] {
  into.length = 0;
  switch (state.phase) {
    case Phase.ChooseHuman:
      state.humans.forEach((human, index) => {
        if (eligibleToActivate(human)) into.push({ kind: 'activate', human: index });
      });
      break;
    case Phase.Act:
      humanActions(state, into);
      break;
    case Phase.Discard:
      for (const card of heldCards(state, state.humans[state.active] as Human)) into.push({ kind: 'discard', card });
      break;
    case Phase.DropCarried:
      for (const cell of dropChoices(state).sort((a, b) => a - b)) into.push({ kind: 'dropAt', cell });
      break;
    case Phase.PlaceInitial:
      for (const cell of emptySpawnPoints(state, false)) into.push({ kind: 'place', cell });
      break;
    case Phase.Ambush:
      for (const cell of ambushCells(state)) into.push({ kind: 'place', cell });
      break;
    case Phase.Spawn:
      for (const cell of spawnOptions(state)) into.push({ kind: 'place', cell });
      into.push({ kind: 'stopSpawning' });
      break;
    case Phase.ZombieAct:
      zombieActions(state, into);
      break;
// Stryker disable next-line ConditionalExpression: (default without break) the default is the switch's last clause, so falling out of it and breaking out of it are the same
    default:
      break;
  }
  return into;
}

const DIE: ChanceOutcome<SurvivorsAction>[] = [1, 2, 3, 4, 5, 6].map((value) => ({ action: { kind: 'die', value }, probability: 1 / 6 }));

function chanceOutcomes(state: SurvivorsState): ChanceOutcome<SurvivorsAction>[] {
  if (state.phase === Phase.Roll) return DIE;
  if (state.phase === Phase.Draw) return drawWeights(state).map(({ card, weight }) => ({ action: { kind: 'draw', card }, probability: weight }));
  return [];
}

/**
 * What a face of this roll decides, as a small code: faces with one code leave equal states (the
 * rolled value reaches the state only through these tests; events name the face). Mirrors the
 * resolution functions above, test for test.
 */
function faceEffect(state: SurvivorsState, face: number): number {
  const { params, cards } = state.config;
  const pending = state.pending;
  switch (pending.roll) {
    case Roll.Bite:
      return params.crossBiteOn.includes(face) ? 1 : 0;
    case Roll.Attack: {
      const item = pending.card < 0 ? null : (cards[pending.card] as ItemCard);
      const modified = Math.min(6, face + pending.amount);
      const killOn = item === null ? params.unarmedKillOn : item.killOn;
      const pushOn = item === null ? params.unarmedKnockbackOn : item.knockbackOn;
      // A failed use (rules 39–40) leaves the zombie as a miss does; a single-use card goes whatever the face (rule 41).
      const used = item === null || useWorks(item, face);
      const ruined = item !== null && !item.singleUse && item.breakOn.includes(face);
// Stryker disable next-line ArithmeticOperator: (− for either +) each of the 8 combinations still has a code of its own (0 to 7 become 8 other distinct numbers), and only equality of codes is read
      return (used && killOn.includes(modified) ? 1 : 0) + (used && pushOn.includes(modified) ? 2 : 0) + (ruined ? 4 : 0);
    }
    case Roll.Special: {
      const item = cards[pending.card] as ItemCard;
      if (useWorks(item, face)) return 1;
      // A failed use ruins the card on a breakOn face; a single-use card goes either way.
      return !item.singleUse && item.breakOn.includes(face) ? 2 : 0;
    }
    case Roll.Heal: {
      const item = cards[pending.card] as ItemCard;
// Stryker disable next-line ConditionalExpression: (false for the first test) an item with no use faces works without a roll, so a heal roll always has use faces
      const success = item.useOn.length === 0 || item.useOn.includes(face);
      return success ? 1 : item.breakOn.includes(face) ? 2 : 0;
    }
    case Roll.Throw: {
      const item = cards[pending.card] as ItemCard;
// Stryker disable next-line ConditionalExpression: (false for the first test) an explosive with no use faces goes off without a roll, so a throw roll always has use faces
      if (!(item.useOn.length === 0 || item.useOn.includes(face))) return 0;
      // A blast this wide renews the board's stamp afresh (resolveThrow): each face its own state.
      return item.blast < 4096 ? 1 : face;
    }
    case Roll.BlastKill:
      return (cards[pending.card] as ItemCard).killOn.includes(face) ? 1 : 0;
    case Roll.ZombieAttack:
      return params.zombieHitOn.includes(face) ? 1 : 0;
    default:
      return params.barricadeBreakOn.includes(face) ? 1 : 0;
  }
}

/** The contract's `chanceGroups`: die faces that decide alike share a group; each card drawn is its own. */
function chanceGroups(state: SurvivorsState): readonly number[] {
  if (state.phase !== Phase.Roll) return Array.from({ length: chanceOutcomes(state).length }, (_, i) => i);
  // A new list each call: search asks again below this node while it reads this one.
  const codes: number[] = [];
  const groups: number[] = [];
  for (let face = 1; face <= 6; face++) {
    const code = faceEffect(state, face);
    let group = codes.indexOf(code);
    if (group < 0) group = codes.push(code) - 1;
    groups.push(group);
  }
  return groups;
}

function sampleChance(state: SurvivorsState, rng: Rng): SurvivorsAction {
  if (state.phase === Phase.Roll) return DIE[rng.int(6)]!.action;
  const weights = drawWeights(state);
  let u = rng.float();
  for (const entry of weights) {
    u -= entry.weight;
    if (u < 0) return { kind: 'draw', card: entry.card };
  }
  return { kind: 'draw', card: weights[weights.length - 1]!.card };
}

function apply(state: SurvivorsState, action: SurvivorsAction, emit: Emit): void {
  switch (state.phase) {
    case Phase.Roll:
      if (action.kind !== 'die') throw new Error(`expected a die roll, got ${actionKey(action)}`);
      resolveRoll(state, action.value, emit);
      break;
    case Phase.Draw:
      if (action.kind !== 'draw') throw new Error(`expected a card draw, got ${actionKey(action)}`);
      resolveDraw(state, action.card, emit);
      break;
    case Phase.ChooseHuman:
      if (action.kind !== 'activate') throw new Error(`expected a human to activate, got ${actionKey(action)}`);
      beginActivation(state, action.human);
      break;
    case Phase.Act:
      applyHuman(state, action, emit);
      break;
    case Phase.Discard: {
      if (action.kind !== 'discard') throw new Error(`expected an item to drop, got ${actionKey(action)}`);
      const human = state.humans[state.active] as Human;
      removeItem(human, action.card);
      state.floorItems.push(human.cell, action.card);
      if (emit !== null) emit({ type: 'itemDropped', human: state.active, card: (state.config.cards[action.card] as ItemCard).name, reason: 'capacity' });
      // A human who has not started an activation drops what the starting deal gave him too much of.
      if (human.started) afterHumanAction(state, emit);
      else afterDeal(state, emit);
      break;
    }
    case Phase.DropCarried: {
      if (action.kind !== 'dropAt') throw new Error(`expected a cell for the carried human, got ${actionKey(action)}`);
      const h = state.active;
      dropCarried(state, emit, action.cell);
      const human = state.humans[h] as Human;
      human.activated = true;
      state.active = -1;
      nextHumanChoice(state, emit);
      break;
    }
    case Phase.PlaceInitial:
      if (action.kind !== 'place') throw new Error(`expected a spawn point, got ${actionKey(action)}`);
// Stryker disable next-line BooleanLiteral: (true) fresh flags are cleared when the zombie phase begins (beginZombiePhase), before any zombie acts; only zombies placed in that phase keep theirs
      placeZombie(state, action.cell, 'initial', false, emit);
      state.placementsLeft--;
// Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >= for the spawn points) valid parameters hold no more initial zombies than spawn points, and nothing else stands on one before round 1, so while a zombie is left to place an empty spawn point is left too
      if (state.placementsLeft > 0 && emptySpawnPoints(state, false).length > 0) break;
      beginRound(state, emit);
      break;
    case Phase.Ambush:
      if (action.kind !== 'place') throw new Error(`expected a cell for the ambush, got ${actionKey(action)}`);
// Stryker disable next-line BooleanLiteral: (true) fresh flags are cleared when the zombie phase begins (beginZombiePhase), before any zombie acts; only zombies placed in that phase keep theirs
      placeZombie(state, action.cell, 'ambush', false, emit);
      state.phase = Phase.Act;
      afterHumanAction(state, emit);
      break;
    case Phase.Spawn:
      if (action.kind === 'stopSpawning') {
        state.spawnsLeft = 0;
      } else if (action.kind === 'place') {
        placeZombie(state, action.cell, 'spawn', true, emit);
        state.spawnsLeft--;
      } else {
        throw new Error(`expected a spawn point or stopSpawning, got ${actionKey(action)}`);
      }
      continueSpawning(state, emit);
      break;
    case Phase.ZombieAct:
      applyZombie(state, action, emit);
      break;
    default:
      throw new Error(`no action applies to a finished match: ${actionKey(action)}`);
  }
}

// Copies spelled out field by field: search clones states by the million, and object spread is slower.
function cloneHuman(human: Human): Human {
  return {
    cell: human.cell,
    wounds: human.wounds,
    downed: human.downed,
    dead: human.dead,
    bleed: human.bleed,
    items: human.items.slice(),
    activated: human.activated,
    started: human.started,
    actionsLeft: human.actionsLeft,
    woundedThisRound: human.woundedThisRound,
  };
}

function clonePending(pending: Pending): Pending {
  return {
    roll: pending.roll,
    human: pending.human,
    card: pending.card,
    target: pending.target,
    cells: pending.cells.slice(),
    index: pending.index,
    amount: pending.amount,
    dealLeft: pending.dealLeft,
  };
}

function cloneState(state: SurvivorsState): SurvivorsState {
  return {
    config: state.config,
    boardStamp: state.boardStamp,
    // The map's arrays are shared, never written (ownBarricades, ownEdges and ownTerrain copy them first); a state's own are copied.
    edges: state.edges === state.config.map.edges ? state.edges : state.edges.slice(),
    barricades: state.barricades === state.config.map.barricades ? state.barricades : state.barricades.slice(),
    terrain: state.terrain === state.config.map.terrain ? state.terrain : state.terrain.slice(),
    occupant: state.occupant.slice(),
    zombies: state.zombies.slice(),
    zombieFresh: state.zombieFresh.slice(),
    searchLeft: state.searchLeft.slice(),
    floorItems: state.floorItems.slice(),
    deck: state.deck.slice(),
    deckSize: state.deckSize,
    drawsMade: state.drawsMade,
    discards: state.discards.slice(),
    barricadeTokens: state.barricadeTokens,
    humans: state.humans.map(cloneHuman),
    round: state.round,
    phase: state.phase,
    active: state.active,
    aim: state.aim,
    carrying: state.carrying,
    vacated: state.vacated.slice(),
    zombieIndex: state.zombieIndex,
    zombieActionsLeft: state.zombieActionsLeft,
    zombieMoveStart: state.zombieMoveStart,
    zombieAttacksLeft: state.zombieAttacksLeft,
    spawnsLeft: state.spawnsLeft,
    placementsLeft: state.placementsLeft,
    pending: clonePending(state.pending),
    rising: state.rising.slice(),
    deaths: state.deaths,
    winner: state.winner,
    endCondition: state.endCondition,
  };
}

const DIRECTION = ['N', 'E', 'S', 'W'] as const;

function actionKey(action: SurvivorsAction): string {
  switch (action.kind) {
    case 'activate':
      return `activate(h${action.human})`;
    case 'move':
      return `move(${DIRECTION[action.dir]})`;
    case 'moveThrough':
      return `moveThrough(@${action.cell})`;
    case 'drop':
      return `drop(card${action.card})`;
    case 'carry':
      return `carry(h${action.human})`;
    case 'attack':
      return `attack(card${action.card},@${action.cell})`;
    case 'throw':
      return `throw(card${action.card},@${action.cell})`;
    case 'heal':
      return `heal(card${action.card},h${action.human})`;
    case 'give':
      return `give(card${action.card},h${action.human})`;
    case 'pickUp':
      return `pickUp(card${action.card})`;
    case 'barricade':
      return `barricade(${DIRECTION[action.dir]})`;
    case 'unbarricade':
      return `unbarricade(${DIRECTION[action.dir]},card${action.card})`;
    case 'discard':
      return `discard(card${action.card})`;
    case 'dropAt':
      return `dropAt(@${action.cell})`;
    case 'place':
      return `place(@${action.cell})`;
    case 'zombieMove':
      return `zombieMove(${DIRECTION[action.dir]})`;
    case 'zombieAttack':
      return `zombieAttack(h${action.human})`;
    case 'zombieBreak':
      return `zombieBreak(${DIRECTION[action.dir]})`;
    case 'die':
      return `die(${action.value})`;
    case 'draw':
      return `draw(card${action.card})`;
    default:
      return action.kind;
  }
}

function describeState(state: SurvivorsState): string {
  const alive = state.humans.filter((human) => !human.dead).length;
  const wounds = state.humans.map((human) => (human.dead ? 'x' : `${human.wounds}${human.downed ? 'd' : ''}`)).join('/');
  const phase = (Object.keys(Phase) as (keyof typeof Phase)[]).find((name) => Phase[name] === state.phase) ?? String(state.phase);
  const who = state.active >= 0 ? `, human ${state.active} acting with ${(state.humans[state.active] as Human).actionsLeft} actions` : '';
  return `round ${state.round}, ${phase}${who}, humans alive ${alive} (wounds ${wounds}), zombies ${state.zombies.length}, deaths ${state.deaths}, deck ${state.deckSize}`;
}

/**
 * A bound on the steps of a match: the deal with its drops, then per round, each human's activation (its choice, its free drops,
 * each action with its chance steps: a pass rolls per zombie, a blast per zombie, a draw may ambush and
 * overflow the inventory), the spawns, and each zombie's actions with their rolls.
 */
function maxLength(params: SurvivorsParams): number {
  const config = configFor(params);
  const cap = config.zombieCap;
  const deckCards = config.cards.reduce((sum, card) => sum + card.count, 0);
  const perAction = 4 + cap + deckCards;
  // Drops are free (rule 47): at most one per card in play in an activation, besides the actions.
  const humanPhase = params.numHumans * (2 + deckCards + 2 * params.baseActions * perAction);
  const zombiePhase = params.spawnPerRound + 2 + cap * (2 * params.zombieActions + 2);
  // The starting deal: a draw per card, and at most a drop per card for the excess (rule 44).
  const deal = 2 * params.numHumans * params.startingCardsPerHuman;
  return deal + params.initialZombies + params.roundLimit * (humanPhase + zombiePhase) + 16;
}

function validate(params: SurvivorsParams): ParameterIssue[] {
  return validateSurvivorsParams(params);
}

/** The Survivors game definition: seat 0 the Humans, seat 1 the Zombies. */
export const survivors: GameDefinition<SurvivorsParams, SurvivorsState, SurvivorsAction, SurvivorsEvent, SurvivorsState> = {
  id: 'survivors',
  title: 'Survivors',
  seats: ['Humans', 'Zombies'],
  parameters: survivorsParameters,
  utilityBounds: [-1, 1],
  hiddenInformation: false,
  validateParameters: validate,
  maxLength,
  setup,
  currentPlayer,
  legalActions,
  chanceOutcomes,
  chanceGroups,
  sampleChance,
  apply,
  isTerminal: (state) => state.phase === Phase.Over,
  returns: (state) => (state.phase !== Phase.Over || state.winner === -1 ? [0, 0] : state.winner === HUMANS ? [1, -1] : [-1, 1]),
  heuristic: survivorsHeuristic,
  // Perfect information (the deck is chance, unknown to both): a copy of the whole state.
  observe: (state) => cloneState(state),
  clone: cloneState,
  actionKey,
  describeState,
};
