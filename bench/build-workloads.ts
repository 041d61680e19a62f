/**
 * Workloads run against a build of Hordelab loaded by path (a checkout with `npm run build`
 * done), for the build comparisons: `compare-in-process` times them in this process,
 * `compare-builds` in a child process per sample. The harness is this build's code; the game,
 * agents and runner are the measured build's.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// The builds are loaded by path, so their types are not this build's.
type Loaded = any;

/** Imports `path` (relative to the checkout) from the build at `root`. */
export function loadFrom(root: string, path: string): Promise<Loaded> {
  return import(pathToFileURL(resolve(root, path)).href);
}

/**
 * A Zombie Trainers MCTS search of `iterations` from the first decision of a match (default
 * settings, run seed 1), with the build at `root`: the same search every call.
 */
export async function trainersMctsSearch(root: string): Promise<(iterations: number) => void> {
  const { zombieTrainers } = await loadFrom(root, 'dist/src/games/zombie-trainers/index.js');
  const { Mcts, mctsConfig } = await loadFrom(root, 'dist/agents/mcts.js');
  const { matchSeed, matchStream } = await loadFrom(root, 'dist/src/core/rng.js');
  const { defaultParameters } = await loadFrom(root, 'dist/src/core/parameters.js');
  const { CHANCE } = await loadFrom(root, 'dist/src/core/game.js');
  const rootState = zombieTrainers.setup(defaultParameters(zombieTrainers.parameters));
  const setupRng = matchStream(matchSeed(1, 0), 'chance');
  while (zombieTrainers.currentPlayer(rootState) === CHANCE) zombieTrainers.apply(rootState, zombieTrainers.sampleChance(rootState, setupRng), null);
  return (iterations) => {
    new Mcts(zombieTrainers, mctsConfig({ iterations }), matchStream(matchSeed(1, 0), 'bench')).search(zombieTrainers.legalActions(rootState), () => zombieTrainers.clone(rootState));
  };
}
