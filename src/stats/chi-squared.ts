/**
 * Pearson's chi-squared goodness-of-fit test, for checking that a sampler draws outcomes as
 * often as their stated probabilities say (`hordelab conform`'s chance check).
 *
 * The survival function is the regularized upper incomplete gamma function Q(k/2, x/2),
 * evaluated by its series below a + 1 and by Lentz's continued fraction above (Numerical
 * Recipes, 3rd ed., §6.2); the log-gamma is Lanczos' approximation (g = 7, n = 9), accurate to
 * about 15 digits for positive arguments.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0] as number;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function, a > 0, x ≥ 0. */
export function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    // P(a, x) by its series; Q = 1 − P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Q(a, x) by its continued fraction (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** P(X ≥ statistic) for X chi-squared with `degreesOfFreedom` degrees of freedom. */
export function chiSquaredSurvival(statistic: number, degreesOfFreedom: number): number {
  if (degreesOfFreedom <= 0) return 1;
  return upperRegularizedGamma(degreesOfFreedom / 2, statistic / 2);
}

/** The outcome of a goodness-of-fit test. */
export interface GoodnessOfFit {
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  readonly pValue: number;
}

/**
 * Tests observed counts against expected probabilities (summing to 1). Categories expected
 * fewer than 5 times are pooled, from the least likely up, so the chi-squared approximation
 * holds; a category observed but given probability 0 makes the p-value 0.
 */
export function chiSquaredGoodnessOfFit(observed: readonly number[], probabilities: readonly number[]): GoodnessOfFit {
  if (observed.length !== probabilities.length) throw new RangeError('observed counts and probabilities differ in length');
  const total = observed.reduce((sum, count) => sum + count, 0);
  for (let i = 0; i < observed.length; i++) {
    if ((probabilities[i] as number) <= 0 && (observed[i] as number) > 0) return { statistic: Number.POSITIVE_INFINITY, degreesOfFreedom: 0, pValue: 0 };
  }
  // Pool small categories, least likely first, until every cell expects at least 5.
  const order = probabilities.map((p, i) => i).sort((a, b) => (probabilities[a] as number) - (probabilities[b] as number));
  const cells: { observed: number; expected: number }[] = [];
  let pooled = { observed: 0, expected: 0 };
  for (const i of order) {
    pooled.observed += observed[i] as number;
    pooled.expected += total * (probabilities[i] as number);
    if (pooled.expected >= 5) {
      cells.push(pooled);
      pooled = { observed: 0, expected: 0 };
    }
  }
  if (pooled.expected > 0 || pooled.observed > 0) {
    const last = cells[cells.length - 1];
    if (last === undefined) cells.push(pooled);
    else {
      last.observed += pooled.observed;
      last.expected += pooled.expected;
    }
  }
  let statistic = 0;
  for (const cell of cells) if (cell.expected > 0) statistic += (cell.observed - cell.expected) ** 2 / cell.expected;
  const degreesOfFreedom = cells.length - 1;
  return { statistic, degreesOfFreedom, pValue: chiSquaredSurvival(statistic, degreesOfFreedom) };
}
