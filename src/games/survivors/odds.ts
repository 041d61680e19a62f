/**
 * Exact chances from a card's icons (rules 36–40, 48), for the rules' events, the report's
 * exact-beside-simulated figures and the heuristic's choice between aiming and attacking.
 *
 * One attack rolls a d6: with `useOn`, a natural roll not in it is a failed use (nothing happens);
 * else kill if min(6, roll + aim bonus) is a kill face, else push if it is a push face; the break
 * check reads the natural roll, and a single-use card is discarded whatever the roll (rule 41).
 * From one attack's chances:
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

/** The use-roll icons of a card (rules 39–41): no `useOn` always works; `singleUse` goes after one use. */
export interface UseIcons {
  readonly useOn: readonly number[];
  readonly singleUse: boolean;
}

/** A card with no use roll that stays after use: unarmed, and every weapon of the default deck. */
export const ALWAYS_WORKS: UseIcons = { useOn: [], singleUse: false };

/** Rules 39–40: the natural roll is a successful use (any roll with no `useOn`). */
export function useWorks(use: UseIcons, natural: number): boolean {
  return use.useOn.length === 0 || use.useOn.includes(natural);
}

/**
 * Rules 36, 37, 39–41, 48: the exact chances of one attack from its faces and the aim bonus: a
 * failed use (natural roll not in `useOn`) neither kills nor pushes; else kill if min(6, roll +
 * bonus) is a kill face, else push if it is a push face; break on the natural roll; discarded on
 * a break, or always when single-use.
 */
export function attackOdds(killOn: readonly number[], knockbackOn: readonly number[], breakOn: readonly number[], bonus: number, use: UseIcons = ALWAYS_WORKS): AttackOdds {
  let kill = 0;
  let push = 0;
  for (let roll = 1; roll <= 6; roll++) {
    if (!useWorks(use, roll)) continue;
    const modified = Math.min(6, roll + bonus);
    if (killOn.includes(modified)) kill++;
    else if (knockbackOn.includes(modified)) push++;
  }
  const broken = faceChance(breakOn);
  return { kill: kill / 6, push: push / 6, break: broken, discard: use.singleUse ? 1 : broken };
}

/** A weapon's chances unaimed and aimed, and the chance an unaimed attack leaves room for another. */
export interface WeaponOdds {
  readonly unaimed: AttackOdds;
  readonly aimed: AttackOdds;
  /**
   * Unaimed: no kill, no break and, in melee, no push, so the same target can be attacked again
   * with it; 0 for a single-use card, which is gone after one attack (rule 41).
   */
  readonly attackAgain: number;
}

/** The chances of attacking with these icons, unaimed and with `aimBonus`; `melee`: a push takes the target out of reach. */
export function weaponOdds(
  killOn: readonly number[],
  knockbackOn: readonly number[],
  breakOn: readonly number[],
  aimBonus: number,
  melee: boolean,
  use: UseIcons = ALWAYS_WORKS,
): WeaponOdds {
  let again = 0;
  for (let roll = 1; roll <= 6; roll++) {
    if (use.singleUse || breakOn.includes(roll)) continue;
    // A failed use leaves the target where it was, like a miss.
    const works = useWorks(use, roll);
    if (!(works && killOn.includes(roll)) && !(works && melee && knockbackOn.includes(roll))) again++;
  }
  return { unaimed: attackOdds(killOn, knockbackOn, breakOn, 0, use), aimed: attackOdds(killOn, knockbackOn, breakOn, aimBonus, use), attackAgain: again / 6 };
}

/** Two actions spent as two attacks on one target that stays and a weapon that holds: 1 − (1 − k)². */
export function attackTwiceKill(kill: number): number {
  return 1 - (1 - kill) ** 2;
}

/** Two attacks where a break, or in melee a push (the target leaves reach), ends the chance of the second: k + a · k. */
export function attackTwiceKillStrict(odds: WeaponOdds): number {
  return odds.unaimed.kill + odds.attackAgain * odds.unaimed.kill;
}

/** Mean attacks until the weapon breaks (or is discarded), 1 / b; null for a weapon that never breaks. */
export function attacksUntilBreak(breakChance: number): number | null {
  return breakChance > 0 ? 1 / breakChance : null;
}

/** Mean turns until it breaks when it attacks `perTurn` times a turn, 1 / (1 − (1 − b)^t); null if it never breaks. */
export function turnsUntilBreak(breakChance: number, perTurn: number): number | null {
  return breakChance > 0 ? 1 / (1 - (1 - breakChance) ** perTurn) : null;
}
