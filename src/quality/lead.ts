/**
 * Who leads a match, read from the game's heuristic at the start of each turn, and what follows
 * from the sequence of leaders: lead changes, when the eventual winner's lead became permanent,
 * and whether the winner ever trailed. Pure functions of the sequence, so each figure can be
 * checked by hand.
 *
 * A sequence holds one leader per turn start (the seat whose heuristic is strictly highest, or
 * {@link NO_LEADER} when the highest is shared), in match order; the terminal state, where the
 * winner (if any) leads by definition, is passed apart.
 */

/** No seat strictly ahead: the highest value is shared. */
export const NO_LEADER = -1;

/** The seat with the strictly highest value, or {@link NO_LEADER} when the highest is shared (or there are none). */
export function leaderOf(values: readonly number[]): number {
  let best = NO_LEADER;
  let bestValue = -Infinity;
  let shared = false;
  for (let seat = 0; seat < values.length; seat++) {
    const value = values[seat] as number;
    if (value > bestValue) {
      best = seat;
      bestValue = value;
      shared = false;
    } else if (value === bestValue) {
      shared = true;
    }
  }
  return shared ? NO_LEADER : best;
}

/**
 * How often the lead passed from one seat to another over the turn starts and then the end
 * (`finalLeader`: the winner, or {@link NO_LEADER} for a draw). A shared lead in between is no
 * change of its own: A, tie, B counts one change, A, tie, A none.
 */
export function leadChanges(leaders: readonly number[], finalLeader: number): number {
  let changes = 0;
  let last = NO_LEADER;
  for (let i = 0; i <= leaders.length; i++) {
    const leader = i < leaders.length ? (leaders[i] as number) : finalLeader;
    if (leader === NO_LEADER) continue;
    if (last !== NO_LEADER && leader !== last) changes++;
    last = leader;
  }
  return changes;
}

/**
 * The number of turn starts before the winner's lead became permanent: the smallest k such that
 * `winner` leads at every turn start from k on. 0 when it led from the first turn, the number of
 * turns when it led only at the end.
 */
export function turnsBeforePermanentLead(leaders: readonly number[], winner: number): number {
  let k = leaders.length;
  while (k > 0 && leaders[k - 1] === winner) k--;
  return k;
}

/** Whether some other seat led at a turn start: the eventual loser was ahead at some point. */
export function winnerTrailed(leaders: readonly number[], winner: number): boolean {
  for (const leader of leaders) if (leader !== NO_LEADER && leader !== winner) return true;
  return false;
}
