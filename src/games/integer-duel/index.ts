/** Integer Duel: the game definition and what reports and tests need from it. */
import { markOwnGame } from '../../core/game-params.js';
import type { GameModule } from '../../core/game-module.js';
import { integerDuel as rules } from './rules.js';
import { integerDuelReport } from './report.js';
import { integerDuelCharts, integerDuelLengthCap } from './charts.js';
import { integerDuelRender } from './render.js';

export { integerDuel, configFor } from './rules.js';
export { applySpell, parseCard, type Card } from './cards.js';
export { integerDuelHeuristic } from './heuristic.js';
export type { IntegerDuelParams } from './parameters.js';
export { PLANTS, ZOMBIES, Phase } from './types.js';
export type { IntegerDuelAction, IntegerDuelEvent, IntegerDuelObservation, IntegerDuelState } from './types.js';

export { integerDuelReport } from './report.js';

// One of Hordelab's own games: handed the scenario's frozen parameters as they are (it never
// writes into them), not a copy a match (see core/game-params.ts).
markOwnGame(rules);

/** Integer Duel, whole: rules, report, charts, table drawing, its decks and the metric sweeps and tunes report by default. */
export const integerDuelModule: GameModule = {
  game: rules,
  report: integerDuelReport,
  charts: integerDuelCharts,
  lengthCap: integerDuelLengthCap,
  render: integerDuelRender,
  defaultMetric: 'plantsWinRate',
  headlines: [
    { path: 'plantsMinusZombies', label: 'Plants − Zombies', reference: 0 },
    { path: 'plantsWinRate', label: 'Plants win rate' },
    { path: 'drawRate', label: 'Draw rate' },
  ],
  decks: [
    { path: 'decks.plants', seat: 0 },
    { path: 'decks.zombies', seat: 1 },
  ],
};
