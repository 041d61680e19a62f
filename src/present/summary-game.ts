/**
 * The game a run's `summary.json` is of: a built-in game by its id, or the game module the run
 * loaded, at the path its summary records (`scenario.gameModule`). Pages are drawn by sync code,
 * so a summary's module is loaded once, when the summary is read ({@link loadSummaryGame}), and
 * looked up from then on ({@link summaryGame}).
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import type { GameModule } from '../core/game-module.js';
import { games } from '../registry.js';
import { loadGameModuleFile } from '../scenario/game-module-loader.js';

/** Game modules loaded for summaries, by the absolute path the summary records. */
const loaded = new Map<string, GameModule>();
/** Where each was loaded from, by that same path: beside the scenario when the run folder moved. */
const loadedFrom = new Map<string, string>();

/** The file a summary's game module was loaded from (the recorded path until it is loaded). */
export function gameModuleFile(scenario: SummaryGameRef): string | undefined {
  const recorded = scenario.gameModule?.path;
  return recorded === undefined ? undefined : (loadedFrom.get(recorded) ?? recorded);
}

/** What a summary says of its game. */
export interface SummaryGameRef {
  readonly game: string;
  readonly gameModule?: { readonly spec: string; readonly path: string; readonly sha256?: string } | undefined;
}

/**
 * Calls `part` of the summary's game (its charts, its report's text): a throw inside a game
 * module's own code is the module's, said as such, naming its file and the part. Drawing pages
 * otherwise takes a throw for a damaged summary.json, which would send the user to the wrong
 * file. A built-in game's parts are called as they are.
 */
export function callGamePart<T>(scenario: SummaryGameRef, part: string, call: () => T, doing = "drawing this run's pages"): T {
  if (scenario.gameModule === undefined) return call();
  try {
    return call();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError([{ source: gameModuleFile(scenario) ?? scenario.gameModule.path, field: part, message: `threw while ${doing} (${message}); ${GAME_MODULE_FIX}` }]);
  }
}

/**
 * What to do about a game module's part that fails on a run's summary: a run is drawn only with
 * the module it played (its SHA-256 is checked), so a fixed module needs the run played again
 * (review 31c: "fix it, then draw them again" led to a refusal of the changed module).
 */
export const GAME_MODULE_FIX = "a run's pages are drawn only with the game module it played, so fix the module and run the scenario again";

/** The game of a summary whose module (if any) {@link loadSummaryGame} loaded; undefined when unknown. */
export function summaryGame(scenario: SummaryGameRef): GameModule | undefined {
  if (scenario.gameModule !== undefined) return loaded.get(scenario.gameModule.path);
  return games.get(scenario.game);
}

/**
 * Loads the game module a parsed `summary.json` (`file`) records, if it records one: from the
 * path the run loaded it from, or else beside the scenario as the summary names it, from `cwd`
 * (a run folder and its scenario moved together).
 * @throws UsageError naming the file and `scenario.gameModule` when the module cannot be loaded.
 */
export async function loadSummaryGame(data: unknown, file: string, cwd = process.cwd()): Promise<void> {
  const scenario = (data as { scenario?: { file?: unknown; gameModule?: unknown } } | null)?.scenario;
  const recorded = scenario?.gameModule as { spec?: unknown; path?: unknown } | undefined;
  if (recorded === undefined) return;
  if (typeof recorded !== 'object' || recorded === null || typeof recorded.spec !== 'string' || typeof recorded.path !== 'string') {
    throw new UsageError([{ source: file, field: 'scenario.gameModule', message: 'expected { spec, path, sha256 } of the game module the run loaded' }]);
  }
  if (loaded.has(recorded.path)) return;
  const besideScenario = typeof scenario?.file === 'string' ? resolve(cwd, dirname(scenario.file), recorded.spec) : null;
  const path = existsSync(recorded.path) || besideScenario === null || !existsSync(besideScenario) ? recorded.path : besideScenario;
  if (!existsSync(path)) {
    // Name every place looked in: a moved run folder is the usual cause, and the fix is to run
    // from where the scenario's path resolves, or to put the module back.
    const tried = besideScenario === null || besideScenario === recorded.path ? '' : `, nor at ${besideScenario} (${recorded.spec} beside the scenario ${String(scenario?.file)}, from ${cwd})`;
    throw new UsageError([
      { source: file, field: 'scenario.gameModule', message: `no game module at ${recorded.path}, where the run loaded it${tried}; put it back, or run this command from the folder that scenario path is relative to` },
    ]);
  }
  const result = await loadGameModuleFile(recorded.spec, path);
  if ('problem' in result) throw new UsageError([{ source: file, field: 'scenario.gameModule', message: `${result.problem} (the run's game)` }]);
  // Pages drawn with other code than the run played (renamed seats, another report) would put
  // its words beside the run's numbers under the run's recorded hash.
  const recordedHash = (recorded as { sha256?: unknown }).sha256;
  const nowHash = result.module.source?.sha256;
  if (typeof recordedHash === 'string' && nowHash !== undefined && nowHash !== recordedHash) {
    throw new UsageError([
      {
        source: file,
        field: 'scenario.gameModule.sha256',
        message: `the game module ${path} changed since the run played it (sha256 ${recordedHash.slice(0, 12)} then, ${nowHash.slice(0, 12)} now); put back the module the run played, or run the scenario again`,
      },
    ]);
  }
  loaded.set(recorded.path, result.module);
  loadedFrom.set(recorded.path, path);
}
