/**
 * The expectation search takes over a chance node: Σ p(o) · value(o(state)) over the node's
 * outcomes. Where the game groups outcomes that leave equal states (`chanceGroups`), one outcome
 * of each group is applied and valued; the sum still runs over every outcome, in list order, with
 * its own probability, so the figure is exactly the one applying each outcome gives (a Survivors
 * blast's kill rolls have two results among six faces: a third of the states to value).
 */
import type { AnyGame, ChanceOutcome } from './game.js';

/**
 * Σ p(o) · valueOf(child) over `outcomes` (the game's `chanceOutcomes(state)`), each child a
 * clone of `state` with its outcome applied (the caller's `valueOf` owns it). With `owned`, the
 * caller hands `state` over: the last outcome (or group) to be valued is applied to `state`
 * itself, one clone fewer.
 */
export function chanceExpectation(
  game: AnyGame,
  state: unknown,
  outcomes: readonly ChanceOutcome<unknown>[],
  valueOf: (child: unknown) => number,
  owned = false,
): number {
  const groups = game.chanceGroups === undefined ? undefined : game.chanceGroups(state);
  let value = 0;
  if (groups === undefined) {
    for (let i = 0; i < outcomes.length; i++) {
      const outcome = outcomes[i] as ChanceOutcome<unknown>;
      const child = owned && i === outcomes.length - 1 ? state : game.clone(state);
      game.apply(child, outcome.action, null);
      value += outcome.probability * valueOf(child);
    }
    return value;
  }
  // A module's groups are trusted as far as conform checks them; a list that cannot be read
  // stops the match with what is wrong, where it would otherwise value the node as NaN.
  if (groups.length !== outcomes.length) throw new Error(`${game.id}: chanceGroups gave ${groups.length} group numbers for ${outcomes.length} chance outcomes; expected one each (hordelab conform checks this)`);
  let lastGroup = 0;
  for (let i = 0; i < groups.length; i++) if ((groups[i] as number) > lastGroup) lastGroup = groups[i] as number;
  // Local, not shared: valueOf may search further chance nodes below this one.
  const groupValues: number[] = [];
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i] as ChanceOutcome<unknown>;
    const group = groups[i] as number;
    if (!(Number.isInteger(group) && group >= 0 && group <= groupValues.length)) {
      throw new Error(`${game.id}: chanceGroups gave ${String(group)} for outcome ${i}; expected a number already used or the next new one, ${groupValues.length} (numbered 0, 1, 2, … by first appearance; hordelab conform checks this)`);
    }
    // Groups are numbered by first appearance: a number not yet valued is the next one.
    if (group === groupValues.length) {
      // The last group to appear needs no copy when the state is ours: nothing applies to it after.
      const child = owned && group === lastGroup ? state : game.clone(state);
      game.apply(child, outcome.action, null);
      groupValues.push(valueOf(child));
    }
    value += outcome.probability * (groupValues[group] as number);
  }
  return value;
}
