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
 * At a chance node the estimate is itself the expectation over what is pending, computed from
 * rule 17 and rule 22 exactly: a pending catch counts p·(1 XP + an owned zombie) in place of the
 * trap's potential, with p the exact chance given the dice already thrown; a pending attack
 * counts its expected hit, kill and loss. Search can therefore stop at a chance node without
 * expanding its 100 values of R.
 */
import { catchChanceGivenDice, exactCatchChance } from './catch-chance.js';
import { CATCH_XP, DIE_SIDES, HIT_XP, KILL_XP } from './constants.js';
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

/** Expected XP and owned-zombie change of the pending attack (rules 22 to 24). */
function pendingAttackValue(state: ZombieTrainersState): number {
  const trainer = state.trainers[state.current];
  const attacker = trainer.owned[state.pending.ownedIndex];
  if (attacker === undefined) return 0;
  const wildHealth = state.wildHealth[state.pending.cell] as number;
  const wildAttack = state.wildAttack[state.pending.cell] as number;
  // P(A >= D) and P(D >= A), with A known once thrown.
  let hit: number;
  let hurt: number;
  if (state.phase === Phase.AttackAggressive) {
    hit = 21 / 36;
    hurt = 21 / 36;
  } else {
    hit = state.pending.aggressive / DIE_SIDES;
    hurt = (DIE_SIDES + 1 - state.pending.aggressive) / DIE_SIDES;
  }
  const kills = wildHealth <= attacker.attack;
  const xpOnHit = kills ? (state.config.params.killXpStacks ? HIT_XP + KILL_XP : KILL_XP) : HIT_XP;
  const dies = attacker.health <= wildAttack;
  return hit * xpOnHit - (dies ? hurt * OWNED_VALUE : 0);
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
  if (seat === state.current) {
    const phase = state.phase;
    if (phase === Phase.CatchAggressive || phase === Phase.CatchDefensive || phase === Phase.CatchRoll) {
      const rate = trapRates[state.pending.trapIndex] as number;
      // The trap is still counted above until the roll resolves: trade its potential for the catch.
      value += pendingCatchChance(state, rate) * (CATCH_XP + OWNED_VALUE) - exactCatchChance(rate) * TRAP_WEIGHT;
    } else if (phase === Phase.AttackAggressive || phase === Phase.AttackDefensive) {
      value += pendingAttackValue(state);
    }
  }
  return value;
}

/** Per-seat estimates in (-1, 1); the returns themselves once the match is over. */
export function zombieTrainersHeuristic(state: ZombieTrainersState): number[] {
  if (state.phase === Phase.Over) return state.winner === 0 ? [1, -1] : [-1, 1];
  const lead = trainerValue(state, 0) - trainerValue(state, 1) + TIE_ADVANTAGE;
  const value = Math.tanh(lead / SCALE);
  return [value, -value];
}
