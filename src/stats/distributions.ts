/**
 * The distribution functions the intervals need: the standard normal CDF and quantile, Student's
 * t quantile, the regularized incomplete gamma and beta functions, and the Poisson bound of the
 * tail-modified score interval. Numerical recipes (Press et al., Numerical Recipes, 3rd ed.,
 * §6.1–6.4): Lanczos' log-gamma, series and Lentz continued fractions; quantiles by bisection,
 * which is slow only next to what it feeds (a summary computes a few hundred of them).
 */

/**
 * The standard normal CDF by Marsaglia's Taylor series ("Evaluating the Normal Distribution",
 * J. Stat. Software 11(4), 2004): Φ(x) = ½ + φ(x)·(x + x³/3 + x⁵/(3·5) + …), accurate to about
 * 1e-15 for |x| < 8, far beyond what intervals need. (simple-statistics' `probit` is off in the
 * third decimal: 1.9572 for 1.95996.)
 */
export function normalCdf(x: number): number {
  // NaN never stops the series below (NaN + term !== NaN): a caller with no spread hung here.
  if (Number.isNaN(x)) return Number.NaN;
  if (x < -8) return 0;
  if (x > 8) return 1;
  let sum = x;
  let term = x;
  // Stryker disable next-line ArithmeticOperator: (sum - term) both stop once the term is below half an ulp of the sum, when adding or subtracting it leaves the sum unchanged
  for (let i = 3; sum + term !== sum; i += 2) {
    term = (term * x * x) / i;
    sum += term;
  }
  return 0.5 + sum * Math.exp(-0.5 * x * x - 0.9189385332046727);
}

const normalQuantiles = new Map<number, number>();

/** The two-sided standard normal quantile for a confidence level (1.959964 at 0.95), by bisection of Φ. */
export function normalQuantile(confidence: number): number {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const cached = normalQuantiles.get(confidence);
  // Stryker disable next-line ConditionalExpression: (false) recomputing gives the same value; the map is only a cache
  if (cached !== undefined) return cached;
  const target = 1 - (1 - confidence) / 2;
  let low = 0;
  let high = 8;
  // Stryker disable next-line EqualityOperator: (<=) 60 halvings of [0, 8] leave an interval of 2⁻⁵⁷, under one ulp of any quantile above 0.01; one more halving moves the result by less than that
  for (let i = 0; i < 60; i++) {
    const middle = (low + high) / 2;
    // Stryker disable next-line EqualityOperator: (<=) Φ(middle) equals the target only on a run of doubles where Φ is flat in floating point; either end of the run is an equally exact quantile
    if (normalCdf(middle) < target) low = middle;
    else high = middle;
  }
  const z = (low + high) / 2;
  normalQuantiles.set(confidence, z);
  return z;
}

const LANCZOS = [57.1562356658629235, -59.5979603554754912, 14.1360979747417471, -0.491913816097620199, 0.339946499848118887e-4, 0.465236289270485756e-4, -0.983744753048795646e-4, 0.158088703224912494e-3, -0.210264441724104883e-3, 0.217439618115212643e-3, -0.164318106536763890e-3, 0.844182239838527433e-4, -0.261908384015814087e-4, 0.368991826595316234e-5];

/** ln Γ(x) for x > 0 (Lanczos, g = 607/128, 14 terms: about 1e-15 relative). */
export function logGamma(x: number): number {
  let y = x;
  const tmp = x + 5.2421875;
  const base = (x + 0.5) * Math.log(tmp) - tmp;
  let series = 0.999999999999997092;
  for (const coefficient of LANCZOS) series += coefficient / ++y;
  return base + Math.log((2.5066282746310005 * series) / x);
}

/** The regularized lower incomplete gamma P(a, x) = γ(a, x)/Γ(a), for a > 0, x ≥ 0. */
export function regularizedGammaP(a: number, x: number): number {
  // Stryker disable next-line EqualityOperator: (<) at x = 0 the series gives (1/a)·e^(a·ln 0) = (1/a)·0 = 0 as well
  if (x <= 0) return 0;
  const logPrefix = a * Math.log(x) - x - logGamma(a);
// Stryker disable next-line EqualityOperator: (<=) at x = a + 1 both the series and the continued fraction converge to full precision; the switch is about speed
  if (x < a + 1) {
    // The series Σ xⁿ / (a(a+1)…(a+n)).
    let term = 1 / a;
    let sum = term;
    // Stryker disable next-line EqualityOperator: (<=) one more term matters only when 1000 terms have not converged (a above about 10⁴ with x near a), shapes no caller uses (half the chi-squared degrees of freedom, small Poisson counts) and where neither version is accurate
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) past this point each term is below half an ulp of the sum, so adding more (or one more) leaves the sum unchanged
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return Math.min(1, sum * Math.exp(logPrefix));
  }
  return Math.max(0, 1 - Math.exp(logPrefix) * gammaContinuedFraction(a, x));
}

/**
 * The regularized upper incomplete gamma Q(a, x) = 1 − P(a, x), computed directly by the
 * continued fraction above a + 1, so small tail probabilities keep their digits.
 */
export function regularizedGammaQ(a: number, x: number): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <) for x ≤ 0 the next line gives 1 − P(a, x) = 1 − 0 = 1 as well
  if (x <= 0) return 1;
  // Stryker disable next-line EqualityOperator: (<=) at x = a + 1, Q is near ½, and 1 − P by the series and Q by the continued fraction agree to full precision
  if (x < a + 1) return 1 - regularizedGammaP(a, x);
  return Math.min(1, Math.exp(a * Math.log(x) - x - logGamma(a)) * gammaContinuedFraction(a, x));
}

/** Lentz's continued fraction for Γ(a, x)·eˣ·x⁻ᵃ·Γ(a)… as Numerical Recipes' `gcf`. */
function gammaContinuedFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  // Stryker disable next-line EqualityOperator: (<=) above a + 1 the fraction converges long before 1000 steps for the shapes in use; one more step after convergence multiplies h by exactly 1
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) Lentz's guard against a zero denominator: across shapes 0.01–2000 on this branch's side of the switch, |d| and |c| never come below 3.5, so the guard never fires
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) Lentz's guard against a zero denominator: across shapes 0.01–2000 on this branch's side of the switch, |d| and |c| never come below 3.5, so the guard never fires
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    // Stryker disable next-line EqualityOperator: (<=) no double lies within 1e-16 of 1 but 1 itself (the neighbours are 1 − 1.1e-16 and 1 + 2.2e-16), so both stop exactly when delta is 1
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return h;
}

/** The regularized incomplete beta I_x(a, b), for a, b > 0 and 0 ≤ x ≤ 1. */
export function regularizedBeta(x: number, a: number, b: number): number {
  // Stryker disable next-line EqualityOperator: (<) at x = 0 the fraction gives e^(a·ln 0)·cf/a = 0 as well
  if (x <= 0) return 0;
  // Stryker disable next-line EqualityOperator: (>) at x = 1 the symmetric branch gives 1 − e^(b·ln 0)·cf/b = 1 as well
  if (x >= 1) return 1;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  // The continued fraction converges fast for x < (a + 1)/(a + b + 2); use the symmetry otherwise.
  // Stryker disable next-line EqualityOperator: (<=) at the switch point both sides of the symmetry converge to full precision; the switch is about speed
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * betaContinuedFraction(x, a, b)) / a;
  return 1 - (Math.exp(logFront) * betaContinuedFraction(1 - x, b, a)) / b;
}

function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) below the switch point x < (a + 1)/(a + b + 2), so (a + b)·x/(a + 1) < 1 and d > 0: the guard never fires
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  // Stryker disable next-line EqualityOperator: (<=) below the switch point the fraction converges in O(√max(a, b)) steps, long before 1000 for the shapes in use; one more step after convergence multiplies h by exactly 1
  for (let m = 1; m < 1000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) Lentz's guard against a zero denominator: across shapes 0.01–2000 below the switch point, |d| and |c| never come below 0.05, so the guard never fires
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) Lentz's guard against a zero denominator: across shapes 0.01–2000 below the switch point, |d| and |c| never come below 0.05, so the guard never fires
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) Lentz's guard against a zero denominator: across shapes 0.01–2000 below the switch point, |d| and |c| never come below 0.05, so the guard never fires
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) Lentz's guard against a zero denominator: across shapes 0.01–2000 below the switch point, |d| and |c| never come below 0.05, so the guard never fires
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
// Stryker disable next-line EqualityOperator: (<=) no double lies within 1e-16 of 1 but 1 itself (the neighbours are 1 − 1.1e-16 and 1 + 2.2e-16), so both stop exactly when delta is 1
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return h;
}

/** Student's t CDF with `df` degrees of freedom: 1 − ½·I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0. */
export function studentTCdf(t: number, df: number): number {
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  // Stryker disable next-line EqualityOperator: (>) at t = 0 the tail is ½·I_1 = ½, and 1 − ½ = ½
  return t >= 0 ? 1 - tail : tail;
}

const tQuantiles = new Map<string, number>();

/**
 * The two-sided Student t quantile for a confidence level and `df` degrees of freedom (2.262 at
 * 0.95 with 9); the normal quantile when `df` is infinite. Bisection of the CDF.
 */
export function studentTQuantile(confidence: number, df: number): number {
  // A confidence of 1 or more would double the bracket for ever (audit 42e F3: (29, 0.975), the arguments swapped, never returned).
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  if (!Number.isFinite(df) || df > 1e7) return normalQuantile(confidence);
  const key = `${confidence}/${df}`;
  const cached = tQuantiles.get(key);
  // Stryker disable next-line ConditionalExpression: (false) recomputing gives the same value; the map is only a cache
  if (cached !== undefined) return cached;
  const target = 1 - (1 - confidence) / 2;
  let low = 0;
  let high = 1;
  // Stryker disable next-line EqualityOperator: (<=) one more doubling only widens the bracket; 80 halvings still end on the same pair of adjacent doubles
  while (studentTCdf(high, df) < target) high *= 2;
  // Stryker disable next-line EqualityOperator: (<=) 80 halvings shrink the bracket by 2⁻⁸⁰, under one ulp of any root above 2⁻²⁸ of the bracket; one more leaves the adjacent doubles where they are
  for (let i = 0; i < 80; i++) {
    const middle = (low + high) / 2;
    // Stryker disable next-line EqualityOperator: (<=) the CDF equals the target only on a run of doubles where it is flat in floating point; either end of the run is an equally exact quantile
    if (studentTCdf(middle, df) < target) low = middle;
    else high = middle;
  }
  const quantile = (low + high) / 2;
  tQuantiles.set(key, quantile);
  return quantile;
}

/**
 * The Poisson mean λ with P(Poisson(λ) ≥ x) = `tail`, for real x > 0: the regularized gamma
 * P(x, λ) = tail (for whole x, ½·χ²_{2x} at `tail`). Brown, Cai & DasGupta's λ_x: 0.0513,
 * 0.3554, 0.8177 at tail 0.05 for x = 1, 2, 3.
 */
export function poissonLowerMean(x: number, tail: number): number {
  let low = 0;
  // Stryker disable next-line ArithmeticOperator,MethodExpression: the starting bound only has to be doubled up past the root by the next line; the bisection then ends on the same pair of adjacent doubles
  let high = Math.max(1, 2 * x + 10);
  // Stryker disable next-line EqualityOperator: (<=) one more doubling only widens the bracket; 80 halvings still end on the same pair of adjacent doubles
  while (regularizedGammaP(x, high) < tail) high *= 2;
  // Stryker disable next-line EqualityOperator: (<=) 80 halvings shrink the bracket by 2⁻⁸⁰, under one ulp of any root above 2⁻²⁸ of the bracket; one more leaves the adjacent doubles where they are
  for (let i = 0; i < 80; i++) {
    const middle = (low + high) / 2;
    // Stryker disable next-line EqualityOperator: (<=) P equals the tail only on a run of doubles where it is flat in floating point; either end of the run is an equally exact bound
    if (regularizedGammaP(x, middle) < tail) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
