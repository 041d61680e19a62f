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
import { ROLL_MAX } from './constants.js';
// A cycle with rules.ts, safe because `zombieTrainers` is used only when the heuristic runs.
import { zombieTrainers } from './rules.js';
import { Phase, type ZombieTrainersState } from './types.js';

const TRAP_WEIGHT = 0.5;
const OWNED_VALUE = 0.5;
const PROXIMITY_WEIGHT = 0.05;
const SCALE = 4;
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
function valueAfter(state: ZombieTrainersState, values: readonly number[]): number {
  const next = zombieTrainers.clone(state);
  for (const value of values) zombieTrainers.apply(next, { kind: 'chance', value }, null);
  return staticValue(next);
}

/**
 * Player 1's expectation over a pending catch: the most favourable remaining outcomes (highest
 * A, lowest D and R) surely succeed when anything can, the least favourable surely fail.
 */
function pendingCatchValue(state: ZombieTrainersState): number {
  const chance = pendingCatchChance(state, state.config.trapRates[state.pending.trapIndex] as number);
  const [best, worst] =
    state.phase === Phase.CatchAggressive
      ? [[DIE_SIDES, 1, 1], [1, DIE_SIDES, ROLL_MAX]]
      : state.phase === Phase.CatchDefensive
        ? [[1, 1], [DIE_SIDES, ROLL_MAX]]
        : [[1], [ROLL_MAX]];
  return (chance > 0 ? chance * valueAfter(state, best) : 0) + (chance < 1 ? (1 - chance) * valueAfter(state, worst) : 0);
}

/** Player 1's expectation over a pending attack: A > D, D > A and A = D (rule 22). */
function pendingAttackValue(state: ZombieTrainersState): number {
  if (state.phase === Phase.AttackAggressive) {
    return (15 / 36) * valueAfter(state, [DIE_SIDES, 1]) + (15 / 36) * valueAfter(state, [1, DIE_SIDES]) + (6 / 36) * valueAfter(state, [1, 1]);
  }
  const aggressive = state.pending.aggressive;
  let value = (1 / DIE_SIDES) * valueAfter(state, [aggressive]);
  if (aggressive > 1) value += ((aggressive - 1) / DIE_SIDES) * valueAfter(state, [1]);
  if (aggressive < DIE_SIDES) value += ((DIE_SIDES - aggressive) / DIE_SIDES) * valueAfter(state, [DIE_SIDES]);
  return value;
}

function nearestWildDistance(state: ZombieTrainersState, seat: 0 | 1): number {
  const { map, params } = state.config;
  const from = state.trainers[seat].cell;
  const fromX = from % map.width;
  const fromY = (from - fromX) / map.width;
  let best = Number.POSITIVE_INFINITY;
  const cells = state.wildHealth.length;
  for (let cell = 0; cell < cells; cell++) {
    if (state.wildHealth[cell] === 0) continue;
    const x = cell % map.width;
    const distance = Math.abs(x - fromX) + Math.abs((cell - x) / map.width - fromY);
    if (distance < best) best = distance;
  }
  return Math.max(0, best - params.interactionRange);
}

function trainerValue(state: ZombieTrainersState, seat: 0 | 1): number {
  const { trapRates } = state.config;
  const trainer = state.trainers[seat];
  let value = trainer.xp + trainer.owned.length * OWNED_VALUE;
  for (let i = 0; i < trapRates.length; i++) {
    value += (trainer.trapCounts[i] as number) * exactCatchChance(trapRates[i] as number) * TRAP_WEIGHT;
  }
  if (trainer.trapsLeft > 0 && state.wildCount > 0) value -= PROXIMITY_WEIGHT * nearestWildDistance(state, seat);
  return value;
}

/** Player 1's estimate of the state as it stands, ignoring any pending chance. */
function staticValue(state: ZombieTrainersState): number {
  if (state.phase === Phase.Over) return state.winner === 0 ? 1 : -1;
  return Math.tanh((trainerValue(state, 0) - trainerValue(state, 1) + TIE_ADVANTAGE) / SCALE);
}

/** Per-seat estimates in [-1, 1]; the returns themselves once the match is over. */
export function zombieTrainersHeuristic(state: ZombieTrainersState): number[] {
  let value: number;
  switch (state.phase) {
    case Phase.CatchAggressive:
    case Phase.CatchDefensive:
    case Phase.CatchRoll:
      value = pendingCatchValue(state);
      break;
    case Phase.AttackAggressive:
    case Phase.AttackDefensive:
      value = pendingAttackValue(state);
      break;
    default:
      value = staticValue(state);
  }
  return [value, -value];
}
