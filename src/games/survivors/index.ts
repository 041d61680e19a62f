/** Survivors: the game definition and what reports, agents and tests need from it. */
import { HUMANS } from './types.js';
import { markOwnGame } from '../../core/game-params.js';
import type { GameModule } from '../../core/game-module.js';
import { survivors as rules } from './rules.js';
import { survivorsReport } from './report.js';
import { survivorsCharts, survivorsLengthCap } from './charts.js';
import { survivorsRender } from './render.js';

export { survivors, configFor, blastCells, friendRoutes, moveLine, searchesLeftAt } from './rules.js';
export { allowance } from './allowance.js';
export { adjacent, lineOfSight, meleeAdjacent } from './geometry.js';
export { UNREACHABLE, freshZombieDistances, zombieDistancesAt, zombieDistancesToCell, renewBoardStamp, zombieDistancesThroughBarricades, zombiePathDistances } from './paths.js';
export { attackOdds, attackTwiceKill, attackTwiceKillStrict, attacksUntilBreak, faceChance, turnsUntilBreak, weaponOdds, type WeaponOdds } from './odds.js';
export { survivorsHeuristic } from './heuristic.js';
export { CAR_KEYS, DEFAULT_ITEM_DECK, isExplosive, isWeapon, type ItemCard } from './cards.js';
export { DEFAULT_MAP, Edge, parseMap, Terrain, mapCounts, type SurvivorsMap } from './map.js';
export type { SurvivorsParams } from './parameters.js';
export { HUMANS, Phase, Roll, ZOMBIE_CELL, ZOMBIES } from './types.js';
export type { AttackOdds, EndCondition, EscapeFigures, SurvivorsAction, SurvivorsEvent, SurvivorsState } from './types.js';

export { survivorsReport } from './report.js';

// One of Hordelab's own games: handed the scenario's frozen parameters as they are (it never
// writes into them), not a copy a match (see core/game-params.ts).
markOwnGame(rules);

/** Survivors, whole: rules, report, charts, map drawing and the metric sweeps and tunes report by default. */
export const survivorsModule: GameModule = {
  game: rules,
  report: survivorsReport,
  charts: survivorsCharts,
  lengthCap: survivorsLengthCap,
  render: survivorsRender,
  defaultMetric: 'humansWinRate',
  // Escape games can be drawn (escapeTimeLimit: draw): the humans' share of all games would then
  // fall below 50% with no edge changing, so the ladder reads their share of the decided games
  // against 50%, and the draws beside it. Without draws the two shares are the same figure.
  headlines: [
    { path: 'decided.humansWinRate', label: 'Humans among decided games', reference: 0.5 },
    { path: 'drawRate', label: 'Draws' },
  ],
  // The item deck is searched by the humans alone, so its cards move their win rate: declared,
  // `hordelab cards` needs no --deck, and a --deck itemDeck@Zombies is refused (audit 37b: it
  // was studied and labelled as the Zombies' deck, exit 0).
  decks: [{ path: 'itemDeck', seat: HUMANS }],
};
