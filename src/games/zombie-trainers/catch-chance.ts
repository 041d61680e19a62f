/**
 * Rule 17, exactly: a catch succeeds when `trapRate + (A − D) × 5 > R`, with A and D fair
 * six-sided dice and R uniform in 1..100. These are [seed] rules, hence constants.
 */

import { DICE_DIFFERENCE_WEIGHT, DIE_SIDES, ROLL_MAX } from './constants.js';

export { DICE_DIFFERENCE_WEIGHT, DIE_SIDES, ROLL_MAX };

/** Whether a catch with these numbers succeeds (rule 17). */
export function catchSucceeds(trapRate: number, aggressive: number, defensive: number, roll: number): boolean {
  return trapRate + (aggressive - defensive) * DICE_DIFFERENCE_WEIGHT > roll;
}

/**
 * The chance of a catch given the dice: the share of R in 1..100 below the threshold. The clamp
 * matters near rates 0 and 100, where the threshold leaves R's range.
 */
export function catchChanceGivenDice(trapRate: number, diceDifference: number): number {
  const threshold = trapRate + diceDifference * DICE_DIFFERENCE_WEIGHT;
  // R succeeds for R in 1..threshold-1.
  const winningRolls = Math.min(ROLL_MAX, Math.max(0, threshold - 1));
  return winningRolls / ROLL_MAX;
}

/** The probability that A − D equals `difference`, for two fair dice. */
export function diceDifferenceProbability(difference: number): number {
  const ways = DIE_SIDES - Math.abs(difference);
  return ways > 0 ? ways / (DIE_SIDES * DIE_SIDES) : 0;
}

/**
 * The exact catch chance of a trap: the finite sum over the 36 dice outcomes and the 100 values
 * of R, computed as an exact count divided once at the end (no floating drift).
 */
export function exactCatchChance(trapRate: number): number {
  let chance = exactChanceByRate.get(trapRate);
  if (chance === undefined) {
    chance = countExactCatchChance(trapRate);
    exactChanceByRate.set(trapRate, chance);
  }
  return chance;
}

// Heuristics ask for it at every evaluation; the 3,600-term sum is worth computing once a rate.
const exactChanceByRate = new Map<number, number>();

function countExactCatchChance(trapRate: number): number {
  let winning = 0;
  for (let aggressive = 1; aggressive <= DIE_SIDES; aggressive++) {
    for (let defensive = 1; defensive <= DIE_SIDES; defensive++) {
      for (let roll = 1; roll <= ROLL_MAX; roll++) {
        if (catchSucceeds(trapRate, aggressive, defensive, roll)) winning++;
      }
    }
  }
  return winning / (DIE_SIDES * DIE_SIDES * ROLL_MAX);
}
