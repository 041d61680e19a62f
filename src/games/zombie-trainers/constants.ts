/** The [seed] numbers of Zombie Trainers: stated by the original text, so not parameters. */

/** Faces of the dice thrown for A and D (rules 16 and 21). */
export const DIE_SIDES = 6;
/** R is uniform in 1..ROLL_MAX (rule 17). */
export const ROLL_MAX = 100;
/** Each point of A − D moves the catch threshold by this many percent (rule 17). */
export const DICE_DIFFERENCE_WEIGHT = 5;
/** Rule 19: XP for a successful catch. */
export const CATCH_XP = 1;
/** Rule 23: XP for a hit on a wild zombie. */
export const HIT_XP = 1;
/** Rule 23: XP for killing a wild zombie. */
export const KILL_XP = 10;
