/** Zombie Trainers: the game definition and what reports and tests need from it. */
import { markOwnGame } from '../../core/game-params.js';
import type { GameModule } from '../../core/game-module.js';
import { zombieTrainers as rules } from './rules.js';
import { zombieTrainersReport } from './report.js';
import { zombieTrainersCharts, zombieTrainersLengthCap } from './charts.js';
import { zombieTrainersRender } from './render.js';
import { spawnsFigure } from './figures/spawns.js';

export { zombieTrainers, configFor, placeWildZombie } from './rules.js';
export { CATCH_XP, HIT_XP, KILL_XP } from './constants.js';
export { DEFAULT_WEIGHTS, nearestWildDistance, zombieTrainersHeuristicWith, type RulesSteps, type TrainersHeuristicWeights } from './heuristic.js';
/** Per-seat estimates in [-1, 1] with the default weights; the returns themselves once the match is over. */
export const zombieTrainersHeuristic = rules.heuristic;
export { catchChanceGivenDice, catchSucceeds, diceDifferenceProbability, exactCatchChance } from './catch-chance.js';
export { DEFAULT_MAP, parseMap } from './map.js';
export type { ZombieTrainersParams } from './parameters.js';
export { Phase } from './types.js';
export type { ZombieTrainersAction, ZombieTrainersEvent, ZombieTrainersState } from './types.js';

export { zombieTrainersReport } from './report.js';

// One of Hordelab's own games: handed the scenario's frozen parameters as they are (it never
// writes into them), not a copy a match (see core/game-params.ts).
markOwnGame(rules);

/** Zombie Trainers, whole: rules, report, charts, board drawing and the metric sweeps and tunes report by default. */
export const zombieTrainersModule: GameModule = {
  game: rules,
  report: zombieTrainersReport,
  charts: zombieTrainersCharts,
  lengthCap: zombieTrainersLengthCap,
  render: zombieTrainersRender,
  figures: [spawnsFigure],
  defaultMetric: 'p1WinRate',
  headlines: [
    { path: 'p1WinRate', label: 'P1 win rate', reference: 0.5 },
    { path: 'tieRule.tieRate', label: 'Ties (to P1, rule 28)' },
    { path: 'decided.p1WinRate', label: 'P1 among decided', reference: 0.5 },
    // No reference: half the matches reaching the round cap is no balance line; the verdict
    // says between which levels the share moves beyond chance.
    { path: 'cappedRate', label: 'Capped share' },
  ],
};
