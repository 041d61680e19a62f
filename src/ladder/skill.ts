/**
 * The skill behind a run's figures, named on every report: which agents played, and a warning
 * when any seat played at random, since a verdict from random players may not hold under
 * competent play (`hordelab ladder` asks whether it does).
 */

/** A seat as `summary.json` records it. */
export interface SeatRecord {
  readonly name: string;
  readonly agent: string;
  readonly config?: unknown;
}

/** "greedy vs mcts(iterations=300)", seat by seat (the name each seat is reported under). */
export function skillOf(seats: readonly SeatRecord[], rotated: boolean): string {
  return `${seats.map((seat) => (seat.name === seat.agent ? seat.agent : `${seat.name} (${seat.agent})`)).join(' vs ')}${rotated ? ', seats rotated' : ''}`;
}

/** Why random play is worth a warning, as every report words it. */
export const RANDOM_PLAY_CAVEAT = 'a verdict measured with random players may not hold under competent play; ask hordelab ladder whether it does';

/**
 * The 1-based seats a run's quality figures say made a decision, where some seat made none (see
 * `quality.firstMover.advantage.actingSeats`); null where every seat did, the results do not
 * say, or the seats were rotated (a seat that never acts then held each agent in turn).
 */
export function actingSeatsOf(results: unknown, rotated: boolean): readonly number[] | null {
  if (rotated) return null;
  let node: unknown = results;
  for (const key of ['quality', 'firstMover', 'advantage', 'actingSeats']) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return Array.isArray(node) && node.every((seat) => Number.isInteger(seat)) ? (node as number[]) : null;
}

/**
 * The warning for random play, or null when no seat plays at random. With `acting` (1-based
 * seats, {@link actingSeatsOf}) only those are counted: a seat that never acts plays no way at all.
 */
export function randomPlayWarning(seats: readonly SeatRecord[], acting: readonly number[] | null = null): string | null {
  const playing = acting === null ? seats : seats.filter((_, seat) => acting.includes(seat + 1));
  const random = playing.filter((seat) => seat.agent === 'random');
  if (random.length === 0) return null;
  const names = [...new Set(random.map((seat) => seat.name))];
  const those = playing.length === seats.length ? `the ${seats.length} seats` : `the ${playing.length} seats that act`;
  // Seats reported under one name (a rotation's, or one agent in several seats) are counted, not repeated.
  const who =
    random.length === playing.length
      ? playing.length === seats.length
        ? 'every seat plays'
        : `every seat that acts (${playing.length} of the ${seats.length}) plays`
      : names.length < random.length
        ? `${random.length} of ${those} (${names.join(', ')}) play`
        : `${names.join(' and ')} ${random.length === 1 ? 'plays' : 'play'}`;
  return `Random play: ${who} uniformly at random. ${RANDOM_PLAY_CAVEAT[0]?.toUpperCase()}${RANDOM_PLAY_CAVEAT.slice(1)}.`;
}

/**
 * The warning that a run is not reproducible because a seat's play depends on the clock (mcts
 * with `timeMs`: as many iterations as fit in the time, so the machine and its load decide them),
 * or null when no seat's does.
 */
export function clockPlayWarning(seats: readonly SeatRecord[]): string | null {
  const timed = seats.filter((seat) => seat.agent === 'mcts' && typeof seat.config === 'object' && seat.config !== null && (seat.config as Record<string, unknown>)['timeMs'] !== undefined);
  if (timed.length === 0) return null;
  const who = timed.map((seat) => seat.name).join(' and ');
  return `Not reproducible: ${who} ${timed.length === 1 ? 'plays' : 'play'} mcts with timeMs, a time budget: how many iterations fit depends on the machine and its load, so the same seeds can play other matches. Use iterations for a run that replays.`;
}

/**
 * The warning that a seat plays mcts with `reuseTree: true` at a game of hidden information, or
 * null where none does. There the search keeps no tree of the moves played (it starts from a new
 * determinization at each decision), so the setting does nothing: accepted, as before, but said,
 * since a ladder ranked `mcts:iterations=20` and `mcts:iterations=20,reuseTree=true` as two
 * levels of one agent (audit 42d F5).
 */
export function treeReuseWarning(seats: readonly SeatRecord[], game: { readonly title: string; readonly hiddenInformation: boolean }): string | null {
  if (!game.hiddenInformation) return null;
  const reusing = seats.filter((seat) => seat.agent === 'mcts' && typeof seat.config === 'object' && seat.config !== null && (seat.config as Record<string, unknown>)['reuseTree'] === true);
  if (reusing.length === 0) return null;
  const names = [...new Set(reusing.map((seat) => seat.name))];
  return `reuseTree does nothing here: ${names.join(' and ')} ${names.length === 1 ? 'plays' : 'play'} mcts with reuseTree: true, but ${game.title} hides information, so each search starts afresh and plays as mcts without it.`;
}

/** The skill of a loaded scenario's seats, and its random-play warning: what a sweep or tune names beside its figures. */
export function scenarioSkill(seats: readonly { readonly name: string; readonly factory: { readonly id: string } }[], rotated: boolean): { agents: string; randomPlay: string | null } {
  const records = seats.map((seat) => ({ name: seat.name, agent: seat.factory.id }));
  return { agents: skillOf(records, rotated), randomPlay: randomPlayWarning(records) };
}
