/** Coin flip: the synthetic calibration game. */
export { coinFlip, coinFlipParameters } from './rules.js';
export type { CoinFlipAction, CoinFlipEvent, CoinFlipParams, CoinFlipState } from './rules.js';
