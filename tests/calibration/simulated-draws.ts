/**
 * Draws the calibration studies of intervals simulate matches from (audit 42e's geo game: a
 * match of geometric length, a binomial count of hits in it), with a seeded stream.
 */
import type { Rng } from '../../src/core/rng.js';

/** Rounds of a match continuing with probability `continuing` after each: geometric, mean 1/(1 − continuing), at most 1000. */
export function rounds(rng: Rng, continuing: number): number {
  let k = 1;
  while (rng.float() < continuing && k < 1000) k++;
  return k;
}

/** Successes in `trials` independent trials of probability `p`. */
export function binomial(rng: Rng, trials: number, p: number): number {
  let successes = 0;
  for (let i = 0; i < trials; i++) if (rng.float() < p) successes++;
  return successes;
}
