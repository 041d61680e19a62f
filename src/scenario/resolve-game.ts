/**
 * What a `game:` field (or `hordelab conform`'s argument) names: a built-in id from the
 * registry, or else a game module, a path or an installed package looked up from the folder of
 * the file that names it.
 */
import { UsageError } from '../core/errors.js';
import { games, type RegisteredGame } from '../registry.js';
import { isModulePath } from './agent-module.js';
import { isGameModuleSpec, loadGameModule } from './game-module-loader.js';

/**
 * The game `spec` names; a module path is relative to the folder of `file`.
 * @throws UsageError at `where` (the file or flag, and the field) saying what was expected.
 */
export async function resolveGame(spec: string, file: string, where: { readonly source: string; readonly field: string }): Promise<RegisteredGame> {
  const builtIn = games.get(spec);
  if (builtIn !== undefined) return builtIn;
  const problem = (message: string): UsageError => new UsageError([{ ...where, message }]);
  const known = [...games.keys()].join(', ');
  if (!isGameModuleSpec(spec)) throw problem(`unknown game "${spec}"; expected one of: ${known}, or a game module path such as ./my-game.mjs`);
  const loaded = await loadGameModule(spec, file);
  if ('problem' in loaded) {
    // A plain word that is neither a built-in id nor an installed package reads as a typo of an id.
    const typo = !isModulePath(spec) && loaded.problem.startsWith('no package');
    throw problem(typo ? `unknown game "${spec}"; expected one of: ${known}, a game module path such as ./my-game.mjs, or an installed package (${loaded.problem})` : loaded.problem);
  }
  // Runs record the game by its id, and compare, check and merge match runs by it: a module
  // taking a built-in's id would be compared with that game's runs as if it were the same game.
  const id = loaded.module.game.id;
  if (games.has(id)) throw problem(`game module "${spec}" declares the id "${id}", which is a built-in game's; expected an id of its own`);
  return loaded.module;
}
