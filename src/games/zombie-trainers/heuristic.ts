/**
 * The Zombie Trainers heuristic for greedy play and MCTS cut-offs: XP lead plus catch potential.
 *
 * Each trainer is valued at
 *   XP + Σ traps × exactCatchChance(rate) × TRAP_WEIGHT + owned zombies × OWNED_VALUE
 *      − PROXIMITY_WEIGHT × (Manhattan distance to the nearest wild zombie beyond reach)
 * and the seat's estimate is tanh((own − other ± ½) / SCALE), the ½ going to player 1, who wins
 * ties (rule 28). A trap is worth less unused than its expected catch (TRAP_WEIGHT < 1), so using
 * one when in reach scores higher than holding it.
 *
 * At a pending catch or attack the estimate is the exact expectation over its chance outcomes:
 * however the dice and R fall, a catch ends in one of two states (caught or not) and an attack
 * in one of three (hit, hurt, both), so the heuristic builds those states with the rules, weighs
 * them with the exact probabilities of rules 17 and 22, and search can stop at the chance node
 * without expanding its 3,600 outcomes. At a pending spawn it values the state as it stands.
 */
import { DIE_SIDES, catchChanceGivenDice, exactCatchChance } from './catch-chance.js';
import { HIT_XP, KILL_XP, ROLL_MAX } from './constants.js';

/** Rule 22 over two fair dice: the trainer's zombie hits on A ≥ D, is hit on D ≥ A (21 of 36 each). */
const HIT_CHANCE = 21 / 36;
const HURT_CHANCE = 21 / 36;
import type { Heuristic } from '../../core/game.js';
import type { GrassMap } from './map.js';
import { Phase, type ZombieTrainersAction, type ZombieTrainersState } from './types.js';
import { wildCellsOf } from './wild-cells.js';

/**
 * What the heuristic needs of the rules to value a pending catch or attack: a copy of a state
 * and a step of play. The rules pass their own in when they build the game definition, so this
 * file does not import them (the rules import the heuristic; the other way round was a cycle).
 */
export interface RulesSteps {
  clone(state: ZombieTrainersState): ZombieTrainersState;
  apply(state: ZombieTrainersState, action: ZombieTrainersAction, emit: null): void;
}

/**
 * The heuristic's weights. Defaults in {@link DEFAULT_WEIGHTS}; a game built with other weights
 * (for studies of the heuristic itself) uses {@link zombieTrainersHeuristicWith}.
 */
export interface TrainersHeuristicWeights {
  /** An unused trap is worth this share of its expected catch (below 1, so using one in reach scores higher). */
  readonly trapWeight: number;
  /** Flat value of an owned zombie, whatever its numbers. */
  readonly ownedValue: number;
  /** Share of an owned zombie's expected future XP (its attacks until it dies) counted now. */
  readonly futureXpWeight: number;
  /** Per cell of distance to the nearest wild zombie beyond reach. */
  readonly proximityWeight: number;
  /** XP lead that maps to tanh(1) ≈ 0.76. */
  readonly scale: number;
}

export const DEFAULT_WEIGHTS: TrainersHeuristicWeights = { trapWeight: 0.5, ownedValue: 0.5, futureXpWeight: 0.1, proximityWeight: 0.05, scale: 6 };
const TIE_ADVANTAGE = 0.5;

/** The exact catch chance of the pending catch, given the dice thrown so far. */
function pendingCatchChance(state: ZombieTrainersState, trapRate: number): number {
  const { aggressive } = state.pending;
  switch (state.phase) {
    case Phase.CatchAggressive:
      return exactCatchChance(trapRate);
    case Phase.CatchDefensive: {
      let sum = 0;
      for (let defensive = 1; defensive <= DIE_SIDES; defensive++) sum += catchChanceGivenDice(trapRate, aggressive - defensive);
      return sum / DIE_SIDES;
    }
    default:
      return catchChanceGivenDice(trapRate, aggressive - state.pending.defensive);
  }
}

/** Player 1's static estimate of the state reached by applying the chance `values` in order. */
function valueAfter(state: ZombieTrainersState, values: readonly number[], weights: TrainersHeuristicWeights, rules: RulesSteps): number {
  const next = rules.clone(state);
  for (const value of values) rules.apply(next, { kind: 'chance', value }, null);
  return staticValue(next, weights);
}

/**
 * Player 1's expectation over a pending catch: the most favourable remaining outcomes (highest
 * A, lowest D and R) surely succeed when anything can, the least favourable surely fail.
 */
function pendingCatchValue(state: ZombieTrainersState, weights: TrainersHeuristicWeights, rules: RulesSteps): number {
  const chance = pendingCatchChance(state, state.config.trapRates[state.pending.trapIndex] as number);
  const [best, worst] =
    state.phase === Phase.CatchAggressive
      ? [[DIE_SIDES, 1, 1], [1, DIE_SIDES, ROLL_MAX]]
      : state.phase === Phase.CatchDefensive
        ? [[1, 1], [DIE_SIDES, ROLL_MAX]]
        : [[1], [ROLL_MAX]];
  // Stryker disable next-line ConditionalExpression,EqualityOperator: each guard only skips a term weighted 0 (a sure or impossible catch), whose state is valued all the same
  return (chance > 0 ? chance * valueAfter(state, best, weights, rules) : 0) + (chance < 1 ? (1 - chance) * valueAfter(state, worst, weights, rules) : 0);
}

/** Player 1's expectation over a pending attack: A > D, D > A and A = D (rule 22). */
function pendingAttackValue(state: ZombieTrainersState, weights: TrainersHeuristicWeights, rules: RulesSteps): number {
  if (state.phase === Phase.AttackAggressive) {
    return (15 / 36) * valueAfter(state, [DIE_SIDES, 1], weights, rules) + (15 / 36) * valueAfter(state, [1, DIE_SIDES], weights, rules) + (6 / 36) * valueAfter(state, [1, 1], weights, rules);
  }
  const aggressive = state.pending.aggressive;
  let value = (1 / DIE_SIDES) * valueAfter(state, [aggressive], weights, rules);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: at A = 1 the term's weight is (1 - 1) / 6 = 0
  if (aggressive > 1) value += ((aggressive - 1) / DIE_SIDES) * valueAfter(state, [1], weights, rules);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: at A = 6 the term's weight is (6 - 6) / 6 = 0
  if (aggressive < DIE_SIDES) value += ((DIE_SIDES - aggressive) / DIE_SIDES) * valueAfter(state, [DIE_SIDES], weights, rules);
  return value;
}


// The distances {@link findNearestWild} found, for each trainer. The rules run synchronously, so
// sharing them is safe.
const nearestOf = new Float64Array(2);

/**
 * Fills {@link nearestOf} with each trainer's Manhattan distance to the nearest wild zombie,
 * less the interaction range (0 when one is in reach), +Infinity when there is none: one pass
 * over the wild zombies' cells for both trainers. The heuristic runs at every evaluation (greedy,
 * MCTS, the quality figures' leads); a pass over every cell of the map was most of its cost.
 */
function findNearestWild(state: ZombieTrainersState): void {
  const { map, params } = state.config;
  const { column: columnOf, row: rowOf } = map;
  const first = state.trainers[0].cell;
  const second = state.trainers[1].cell;
  const firstX = columnOf[first] as number;
  const firstY = rowOf[first] as number;
  const secondX = columnOf[second] as number;
  const secondY = rowOf[second] as number;
  let firstBest = Number.POSITIVE_INFINITY;
  let secondBest = Number.POSITIVE_INFINITY;
  const wildCells = wildCellsOf(state);
  // Stryker disable next-line EqualityOperator: (<=) the cell past the end is undefined: its distances are NaN, never below a best
  for (let i = 0, count = wildCells.length; i < count; i++) {
    const cell = wildCells[i] as number;
    const x = columnOf[cell] as number;
    const y = rowOf[cell] as number;
    const firstDistance = Math.abs(x - firstX) + Math.abs(y - firstY);
    // Stryker disable next-line EqualityOperator: (<=) taking an equal distance keeps the same minimum
    if (firstDistance < firstBest) firstBest = firstDistance;
    const secondDistance = Math.abs(x - secondX) + Math.abs(y - secondY);
    // Stryker disable next-line EqualityOperator: (<=) taking an equal distance keeps the same minimum
    if (secondDistance < secondBest) secondBest = secondDistance;
  }
  nearestOf[0] = Math.max(0, firstBest - params.interactionRange);
  nearestOf[1] = Math.max(0, secondBest - params.interactionRange);
}

/**
 * Manhattan distance from `seat`'s trainer to the nearest wild zombie, less the interaction range
 * (0 when one is in reach); +Infinity when there is none.
 */
export function nearestWildDistance(state: ZombieTrainersState, seat: 0 | 1): number {
  findNearestWild(state);
  return nearestOf[seat] as number;
}

/** What {@link futureXp} reads of the parameters, derived once per parameter object. */
interface FutureXpTerms {
  /** Expected damage an owned zombie takes per attack (rule 22): HURT_CHANCE × the mean wild attack. */
  readonly damagePerAttack: number;
  readonly meanWildHealth: number;
  /** XP for a kill on top of the hit's (rule 23: the two stack, or the kill replaces the hit). */
  readonly killXp: number;
}

// The terms of the last parameters seen: a run values one parameter object over and over.
let termsOf: ZombieTrainersState['config']['params'] | null = null;
// Stryker disable next-line ObjectLiteral: replaced before its first read
let terms: FutureXpTerms = { damagePerAttack: 1, meanWildHealth: 1, killXp: 0 };

function futureXpTerms(params: ZombieTrainersState['config']['params']): FutureXpTerms {
  // Stryker disable next-line ConditionalExpression: (true) deriving the terms at every read gives the same terms
  if (termsOf !== params) {
    const meanWildAttack = (params.zombieAttack[0] + params.zombieAttack[1]) / 2;
    terms = {
      damagePerAttack: HURT_CHANCE * meanWildAttack,
      meanWildHealth: (params.zombieHealth[0] + params.zombieHealth[1]) / 2,
      killXp: params.killXpStacks ? KILL_XP : KILL_XP - HIT_XP,
    };
    termsOf = params;
  }
  return terms;
}

/**
 * The XP an owned zombie is expected to earn before it dies: attacks it survives
 * (health ÷ expected damage taken per attack, rule 22) times the XP per attack (a hit on A ≥ D,
 * and a kill when its attack reaches the mean wild health).
 */
function futureXp({ damagePerAttack, meanWildHealth, killXp }: FutureXpTerms, attack: number, health: number): number {
  const attacks = health / damagePerAttack;
  const xpPerAttack = HIT_CHANCE * (HIT_XP + killXp * Math.min(1, attack / meanWildHealth));
  return attacks * xpPerAttack;
}

// The exact catch chance of each trap rate of the last config seen, so valuing the traps looks
// nothing up in a Map.
let chancesFor: readonly number[] | null = null;
let chancesByRateIndex = new Float64Array(0);

function catchChancesOf(trapRates: readonly number[]): Float64Array {
  // Stryker disable next-line ConditionalExpression: (true) deriving the chances at every read gives the same chances
  if (chancesFor !== trapRates) {
    chancesByRateIndex = Float64Array.from(trapRates, exactCatchChance);
    chancesFor = trapRates;
  }
  return chancesByRateIndex;
}

/** `seat`'s value, given its {@link valueBeforeDistance}; {@link findNearestWild} has been run on `state` when it holds a wild zombie. */
function trainerValue(state: ZombieTrainersState, seat: 0 | 1, weights: TrainersHeuristicWeights, beforeDistance: number): number {
  let value = beforeDistance;
  if (state.trainers[seat].trapsLeft > 0 && state.wildCount > 0) value -= weights.proximityWeight * (nearestOf[seat] as number);
  return value;
}

/**
 * {@link trainerValue} without its distance term, and the most that term can take off: the
 * leader reads these first and searches the wild zombies only when the distances could decide.
 */
function valueBeforeDistance(state: ZombieTrainersState, seat: 0 | 1, weights: TrainersHeuristicWeights): number {
  const { trapRates } = state.config;
  const trainer = state.trainers[seat];
  let value = trainer.xp + trainer.owned.length * weights.ownedValue;
  // A spectator's zombies never attack again (rule 26): their future is worth nothing.
  if (trainer.trapsLeft > 0) {
    const xpTerms = futureXpTerms(state.config.params);
    for (const zombie of trainer.owned) value += weights.futureXpWeight * futureXp(xpTerms, zombie.attack, zombie.health);
  }
  const chances = catchChancesOf(trapRates);
  for (let i = 0; i < trapRates.length; i++) {
    value += (trainer.trapCounts[i] as number) * (chances[i] as number) * weights.trapWeight;
  }
  return value;
}

/**
 * How far `seat`'s distance term can reach: the Manhattan distance from its trainer to the map's
 * farthest corner less the interaction range (the nearest wild zombie is at most that far), or 0
 * for a spectator, whose term is not counted.
 */
// Stryker disable next-line BlockStatement: (undefined) the bounds are then NaN and the values decide, the same leader
function farthestReach(state: ZombieTrainersState, seat: 0 | 1): number {
  const trainer = state.trainers[seat];
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a spectator's reach counted anyway only widens the bounds: the values decide more often, the same leader
  if (trainer.trapsLeft <= 0) return 0;
  const { map, params } = state.config;
  const x = map.column[trainer.cell] as number;
  const y = map.row[trainer.cell] as number;
  // Stryker disable next-line ArithmeticOperator: each surviving change makes the reach larger (a looser bound, the values decide more often); a smaller one gives wrong leaders, which the tests catch
  return Math.max(0, Math.max(x, map.width - 1 - x) + Math.max(y, map.height - 1 - y) - params.interactionRange);
}

/**
 * The sign of {@link staticArgument}, reading the wild zombies' distances only when they could
 * change it. Player 1's distance term takes `proximityWeight × d₁` off and player 2's adds
 * `proximityWeight × d₂`, each d between 0 and {@link farthestReach}; when the rest of the
 * difference stays on one side of 0 whatever the two terms are (with a margin of a millionth of
 * the values, far above their rounding, so the sign is the one the full sum gives), the distances
 * cannot decide. At most turn
 * starts of a match with an XP lead, they cannot.
 */
function decisionLeader(state: ZombieTrainersState, weights: TrainersHeuristicWeights): number {
  // Dividing by a scale that is not positive and finite (a study's odd weights, NaN, Infinity)
  // changes or loses the sign: then the values decide, as they are.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: (false, {}) the values decide, the same leader; with no zombie (wildCount) the distance terms are 0, within the bounds; at scale 0 the values are ±Infinity of the bounds' sign
  if (state.wildCount > 0 && weights.scale > 0 && weights.scale < Number.POSITIVE_INFINITY) {
    const first = valueBeforeDistance(state, 0, weights);
    const second = valueBeforeDistance(state, 1, weights);
    const rest = first - second + TIE_ADVANTAGE;
    const firstTerm = -weights.proximityWeight * farthestReach(state, 0);
    const secondTerm = weights.proximityWeight * farthestReach(state, 1);
    // The full sum rounds at the scale of each trainer's value, not of their difference: two
    // values of 1e8 an ulp apart differ by 1.5e-8. A millionth of the magnitudes is far above that.
    const margin = 1e-6 * (1 + Math.abs(first) + Math.abs(second) + Math.abs(firstTerm) + Math.abs(secondTerm));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (false) the values decide, the same leader; (>=) a sum exactly at the margin is still a margin away from 0
    if (rest + Math.min(0, firstTerm) + Math.min(0, secondTerm) > margin) return 0;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (false) the values decide, the same leader; (<=) as above
    if (rest + Math.max(0, firstTerm) + Math.max(0, secondTerm) < -margin) return 1;
    // The distances decide: the values without them are already known.
    return leaderBySign(argumentGiven(state, weights, first, second));
  }
  return leaderBySign(staticArgument(state, weights));
}

/** Player 1's estimate of the state as it stands, ignoring any pending chance. */
function staticValue(state: ZombieTrainersState, weights: TrainersHeuristicWeights): number {
  if (state.phase === Phase.Over) return state.winner === 0 ? 1 : -1;
  return Math.tanh(staticArgument(state, weights));
}

/** What {@link staticValue} takes the tanh of, before the match is over. */
function staticArgument(state: ZombieTrainersState, weights: TrainersHeuristicWeights): number {
  return argumentGiven(state, weights, valueBeforeDistance(state, 0, weights), valueBeforeDistance(state, 1, weights));
}

/** {@link staticArgument}, given each trainer's {@link valueBeforeDistance}. */
function argumentGiven(state: ZombieTrainersState, weights: TrainersHeuristicWeights, first: number, second: number): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: with no zombie the pass finds none, and trainerValue reads no distance then
  if (state.wildCount > 0) findNearestWild(state);
  return (trainerValue(state, 0, weights, first) - trainerValue(state, 1, weights, second) + TIE_ADVANTAGE) / weights.scale;
}

/** Player 1's estimate, pending chance valued by playing it out. */
function valueOf(state: ZombieTrainersState, weights: TrainersHeuristicWeights, rules: RulesSteps): number {
  switch (state.phase) {
    case Phase.CatchAggressive:
    case Phase.CatchDefensive:
    case Phase.CatchRoll:
      return pendingCatchValue(state, weights, rules);
    case Phase.AttackAggressive:
    case Phase.AttackDefensive:
      return pendingAttackValue(state, weights, rules);
    default:
      return staticValue(state, weights);
  }
}

/**
 * The seat the values [v, −v] put strictly ahead: player 1 for v > 0, player 2 for v < 0, none
 * (−1) for 0; NaN for a NaN value, which the caller reports as the values' NaN would be.
 */
function leaderBySign(value: number): number {
  if (value > 0) return 0;
  if (value < 0) return 1;
  return value === 0 ? -1 : Number.NaN;
}

/**
 * The heuristic with `weights`, valuing pending chance by playing it out with `rules`: per-seat
 * estimates in [-1, 1], the returns once over. The game's own is `zombieTrainers.heuristic`
 * (the default weights); a study of other weights builds one with the game's `clone` and `apply`.
 * Its `leader` is the sign of player 1's value; at a decision, where the quality leads read it,
 * that is the sign of the tanh's argument (tanh keeps the sign, and 0 only at 0), so it skips
 * the tanh and the values' array.
 */
export function zombieTrainersHeuristicWith(weights: TrainersHeuristicWeights, rules: RulesSteps): Heuristic<ZombieTrainersState> {
  const heuristic = (state: ZombieTrainersState): number[] => {
    const value = valueOf(state, weights, rules);
    return [value, -value];
  };
  const leader = (state: ZombieTrainersState): number =>
    // Stryker disable next-line ConditionalExpression: (false) the value itself has the same sign; only the tanh is spent
    state.phase === Phase.Decision ? decisionLeader(state, weights) : leaderBySign(valueOf(state, weights, rules));
  return Object.assign(heuristic, { leader });
}
