/**
 * Warnings a command gives on stderr as it loads what its seats will play: a setting accepted but
 * doing nothing at the game (audit 42d F5), said before any match so the play is not mistaken
 * for another. Not refused: scenarios that carry it keep running.
 */
import type { AnyGame } from '../core/game.js';
import type { Level } from '../ladder/levels.js';
import { treeReuseWarning } from '../ladder/skill.js';
import type { Scenario } from '../scenario/scenario.js';
import type { CliIo } from './command.js';

/** The warning of a loaded scenario's seats (a round robin's every agent), or null. */
export function scenarioSeatWarning(scenario: Scenario): string | null {
  const seats = scenario.tournament ?? scenario.seats;
  return treeReuseWarning(seats.map((seat) => ({ name: seat.name, agent: seat.factory.id, config: seat.config })), scenario.entry.game);
}

/** The warning of a ladder's levels, each seat named by its level, or null. */
export function levelsWarning(levels: readonly Level[], game: AnyGame): string | null {
  return treeReuseWarning(levels.flatMap((level) => level.seats.map((seat) => ({ name: level.name, agent: seat.agent, config: seat.config }))), game);
}

/**
 * Writes each warning once, one line each: `hordelab: warning: ...` (several checks may share a
 * scenario); nothing under `--quiet`, which prints nothing but errors (review 42s F6).
 */
export function writeWarnings(io: CliIo, warnings: Iterable<string | null>, quiet: boolean): void {
  if (quiet) return;
  for (const warning of new Set(warnings)) if (warning !== null) io.stderr.write(`hordelab: warning: ${warning}\n`);
}
