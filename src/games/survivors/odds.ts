/**
 * Exact chances from a card's icons (rules 36–40, 48), for the rules' events, the report's
 * exact-beside-simulated figures and the heuristic's choice between aiming and attacking.
 *
 * One attack rolls a d6: kill if min(6, roll + aim bonus) is a kill face, else push if it is a
 * push face; the break check reads the natural roll. From one attack's chances:
 *   aim then attack (2 actions):      P(kill) = k_aimed
 *   attack twice (2 actions):         P(kill) = 1 − (1 − k)²            (target stays, weapon kept)
 *   attack twice, a break (or, in melee, a push out of reach) ending the chance:
 *                                     k + a · k,  a = P(no kill, no break, [melee] no push)
 *   attacks until it breaks:          E[N] = 1 / b                        (geometric)
 *   turns until it breaks at t attacks a turn: E[⌈N / t⌉] = 1 / (1 − (1 − b)^t)
 */
import type { AttackOdds } from './types.js';

/** The share of the six die faces in `faces`. */
export function faceChance(faces: readonly number[]): number {
  return faces.length / 6;
}

/**
 * Rules 36, 37, 40, 48: the exact chances of one attack from its faces and the aim bonus: kill
 * if min(6, roll + bonus) is a kill face; else push if it is a push face; break on the natural roll.
 */
export function attackOdds(killOn: readonly number[], knockbackOn: readonly number[], breakOn: readonly number[], bonus: number): AttackOdds {
  let kill = 0;
  let push = 0;
  for (let roll = 1; roll <= 6; roll++) {
    const modified = Math.min(6, roll + bonus);
    if (killOn.includes(modified)) kill++;
    else if (knockbackOn.includes(modified)) push++;
  }
  return { kill: kill / 6, push: push / 6, break: faceChance(breakOn) };
}

/** A weapon's chances unaimed and aimed, and the chance an unaimed attack leaves room for another. */
export interface WeaponOdds {
  readonly unaimed: AttackOdds;
  readonly aimed: AttackOdds;
  /** Unaimed: no kill, no break and, in melee, no push, so the same target can be attacked again with it. */
  readonly attackAgain: number;
}

/** The chances of attacking with these icons, unaimed and with `aimBonus`; `melee`: a push takes the target out of reach. */
export function weaponOdds(killOn: readonly number[], knockbackOn: readonly number[], breakOn: readonly number[], aimBonus: number, melee: boolean): WeaponOdds {
  let again = 0;
  for (let roll = 1; roll <= 6; roll++) if (!killOn.includes(roll) && !(melee && knockbackOn.includes(roll)) && !breakOn.includes(roll)) again++;
  return { unaimed: attackOdds(killOn, knockbackOn, breakOn, 0), aimed: attackOdds(killOn, knockbackOn, breakOn, aimBonus), attackAgain: again / 6 };
}

/** Two actions spent as two attacks on one target that stays and a weapon that holds: 1 − (1 − k)². */
export function attackTwiceKill(kill: number): number {
  return 1 - (1 - kill) ** 2;
}

/** Two attacks where a break, or in melee a push (the target leaves reach), ends the chance of the second: k + a · k. */
export function attackTwiceKillStrict(odds: WeaponOdds): number {
  return odds.unaimed.kill + odds.attackAgain * odds.unaimed.kill;
}

/** Mean attacks until the weapon breaks, 1 / b; null for a weapon that never breaks. */
export function attacksUntilBreak(breakChance: number): number | null {
  return breakChance > 0 ? 1 / breakChance : null;
}

/** Mean turns until it breaks when it attacks `perTurn` times a turn, 1 / (1 − (1 − b)^t); null if it never breaks. */
export function turnsUntilBreak(breakChance: number, perTurn: number): number | null {
  return breakChance > 0 ? 1 / (1 - (1 - breakChance) ** perTurn) : null;
}
