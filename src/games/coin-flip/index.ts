/** Coin flip: the synthetic calibration game. */
import { markOwnGame } from '../../core/game-params.js';
import type { GameModule } from '../../core/game-module.js';
import { coinFlip as rules } from './rules.js';
import { coinFlipReport } from './report.js';

export { coinFlip, coinFlipParameters } from './rules.js';
export type { CoinFlipAction, CoinFlipEvent, CoinFlipParams, CoinFlipState } from './rules.js';

export { coinFlipReport } from './report.js';

// One of Hordelab's own games: handed the scenario's frozen parameters as they are (it never
// writes into them), not a copy a match (see core/game-params.ts).
markOwnGame(rules);

/** Coin flip, whole: rules, report and the metric sweeps and tunes report by default. */
export const coinFlipModule: GameModule = {
  game: rules,
  report: coinFlipReport,
  defaultMetric: 'p1WinRate',
  // With drawRate above 0, P1's share of all flips reads below 50% on a fair coin: the ladder
  // reads P1's share of the decided flips against 50%, and the draws beside it.
  headlines: [
    { path: 'decided.p1WinRate', label: 'P1 among decided flips', reference: 0.5 },
    { path: 'drawRate', label: 'Draws' },
  ],
};
