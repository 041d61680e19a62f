// Draws the coverage studies simulate matches from (audit 42e's geo game), with a seeded stream:
// a match of geometric length, and a binomial count in it.

/** Rounds of a match that continues with probability `r` after each: geometric, mean 1/(1 − r), at most 1000. */
export const rounds = (rng, r) => {
  let k = 1;
  while (rng.float() < r && k < 1000) k++;
  return k;
};

/** Successes in `n` independent trials of probability `p`. */
export const binomial = (rng, n, p) => {
  let s = 0;
  for (let i = 0; i < n; i++) if (rng.float() < p) s++;
  return s;
};
