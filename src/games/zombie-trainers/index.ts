/** Zombie Trainers: the game definition and what reports and tests need from it. */
export { zombieTrainers, configFor } from './rules.js';
export { CATCH_XP, HIT_XP, KILL_XP } from './constants.js';
export { zombieTrainersHeuristic } from './heuristic.js';
export { catchChanceGivenDice, catchSucceeds, diceDifferenceProbability, exactCatchChance } from './catch-chance.js';
export { DEFAULT_MAP, parseMap } from './map.js';
export type { ZombieTrainersParams } from './parameters.js';
export { Phase } from './types.js';
export type { ZombieTrainersAction, ZombieTrainersEvent, ZombieTrainersState } from './types.js';
