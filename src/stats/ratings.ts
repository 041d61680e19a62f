/**
 * Elo-style ratings from a round robin: the Bradley–Terry model on the Elo scale,
 * P(i beats j) = 1 / (1 + 10^((R_j − R_i) / 400)), a draw counting half a win, ratings relative
 * with mean 0.
 *
 * Point estimates: maximum likelihood with no prior (no virtual games pulling ratings together).
 * It exists exactly when every split of the agents into two groups has each group scoring
 * against the other (Zermelo 1929; Ford 1957): a clean sweep across such a split sends the gap
 * to infinity, and then no finite rating is given (null) and a warning says which sweep.
 *
 * Intervals: the profile likelihood (likelihood-ratio) interval of each agent's rating,
 * {R : 2·(ℓ̂ − max ℓ with that rating) ≤ φ_R·χ²₁}, one-sided where the data bound only one side
 * (a sweep leaves the other open: "at least 512"). Each pairing has a dispersion φ, its score's
 * variance over the binomial one, measured from the pairing's independent units (rotated pairs;
 * draws make φ < 1, pairs sharing dice can make it > 1). The dispersions widen or narrow the
 * intervals, never move the fit: φ_R is the variance of the agent's maximum-likelihood rating
 * with each pairing's games carrying their dispersion (the sandwich H⁺(Σ φ_p H_p)H⁺) over its
 * variance without (H⁺), the scalar adjustment of a likelihood-ratio statistic for a
 * misspecified variance (Chandler & Bate, Biometrika 94(1), 2007); with one dispersion for every
 * pairing it is that dispersion, the quasi-likelihood of McCullagh & Nelder (Generalized Linear
 * Models, 1989, §9.2). Dividing each pairing's likelihood by its own dispersion instead, as this
 * did before, weighted the pairings by how much their shared dice cancel, which moved the ratings
 * away from the maximum-likelihood fit wherever Bradley–Terry does not fit exactly (audit 26a:
 * +30 [26, 33] where the fit, and the scores, said +37.5).
 *
 * Why not a bootstrap of the games: every resample of a 50–0 sweep is 50–0, so it cannot put a
 * bound on that gap, and near sweeps its percentiles sit on the wrong side of the truth; the
 * profile likelihood handles both with one rule. Coverage on synthetic Bradley–Terry data:
 * tests/ratings-coverage.test.ts and reports/calibration.md.
 */
import { studentTQuantile } from './distributions.js';
import { DEFAULT_CONFIDENCE } from './rate-interval.js';

/** The results of one pairing, from agent `a`'s side. */
export interface PairingResult {
  readonly a: number;
  readonly b: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /**
   * The score's variance over the binomial variance of as many independent games (1 by
   * default; below 1 with draws, above 1 when games come in correlated pairs).
   */
  readonly dispersion?: number;
  /**
   * Degrees of freedom the dispersion was measured with (its independent units − 1). An
   * estimated dispersion widens the intervals a little: the likelihood-ratio threshold becomes
   * t² with the pooled degrees of freedom instead of z², as for any quasi-likelihood.
   */
  readonly dispersionDf?: number;
}

export interface Rating {
  readonly agent: number;
  /** The maximum-likelihood rating; NaN (null in JSON) when a clean sweep leaves none finite. */
  readonly rating: number;
  /** −Infinity / Infinity (null in JSON) where the data leave that side open. */
  readonly lower: number;
  readonly upper: number;
  readonly games: number;
  /** Wins plus half the draws, over games. */
  readonly score: number;
}

export interface RatingResult {
  readonly ratings: Rating[];
  /** Clean or near-clean sweeps, and what they do to the ratings. */
  readonly warnings: string[];
}

/** Elo points per natural log-odds unit: 400 / ln 10. */
const ELO = 400 / Math.LN10;
/** Keeps the fit finite across a clean sweep without moving any finite estimate measurably. */
const RIDGE = 1e-12;
/** Beyond this many log-odds units from the estimate a side counts as unbounded (about 8,700 Elo). */
const SEARCH_LIMIT = 50;

// The two forms of each agree to rounding wherever exp(|x|) is finite; the branch keeps exp from
// overflowing beyond |x| ≈ 709, far past where fits and profile searches (≤ 50 units out) go.
/** log σ(x) = −log(1 + e^(−x)), stable for large |x|. */
// Stryker disable next-line ConditionalExpression,EqualityOperator: see above: agree to rounding below the overflow
const logSigmoid = (x: number): number => (x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x)));
// Stryker disable next-line ConditionalExpression,EqualityOperator: see above: agree to rounding below the overflow
const sigmoid = (x: number): number => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));

interface Term {
  readonly a: number;
  readonly b: number;
  /** Points of a, and games. */
  readonly score: number;
  readonly games: number;
  /** The pairing's dispersion (1 when none was measured): read for the intervals only. */
  readonly dispersion: number;
}

function terms(pairings: readonly PairingResult[]): Term[] {
  return pairings
    .map((p) => {
      const games = p.wins + p.draws + p.losses;
      // Stryker disable next-line ConditionalExpression: (true in place of the undefined test) undefined > 0 is false too; the undefined check is for the type
      const dispersion = p.dispersion !== undefined && p.dispersion > 0 ? p.dispersion : 1;
      return { a: p.a, b: p.b, score: p.wins + p.draws / 2, games, dispersion };
    })
    .filter((term) => term.games > 0);
}

/** Adds a pairing's curvature to a Bradley–Terry Hessian: +c on both diagonal entries, −c between them. */
function addCurvature(matrix: Float64Array[], term: Term, curvature: number): void {
  const ha = matrix[term.a] as Float64Array;
  const hb = matrix[term.b] as Float64Array;
  ha[term.a] = (ha[term.a] as number) + curvature;
  hb[term.b] = (hb[term.b] as number) + curvature;
  ha[term.b] = (ha[term.b] as number) - curvature;
  hb[term.a] = (hb[term.a] as number) - curvature;
}

/**
 * The Fisher information of the fit's log-odds at `beta`, each pairing's games counted
 * `weight(term)` times, without the ridge: Σ w·n·p(1 − p) on the pattern of the pairing.
 */
function information(beta: Float64Array, list: readonly Term[], weight: (term: Term) => number): Float64Array[] {
  const k = beta.length;
  const matrix = Array.from({ length: k }, () => new Float64Array(k));
  for (const term of list) {
    const p = sigmoid((beta[term.a] as number) - (beta[term.b] as number));
    addCurvature(matrix, term, weight(term) * term.games * p * (1 - p));
  }
  return matrix;
}

/**
 * The pseudo-inverse of a connected Bradley–Terry information matrix H (symmetric, null space the
 * constant vector): (H + 11ᵀ/k)⁻¹ − 11ᵀ/k, the covariance of log-odds held to mean 0.
 */
function pseudoInverse(matrix: readonly Float64Array[]): Float64Array[] {
  const k = matrix.length;
  const shifted = matrix.map((row) => Float64Array.from(row, (value) => value + 1 / k));
  return Array.from({ length: k }, (_, column) => {
    const unit = new Float64Array(k);
    unit[column] = 1;
    return solve(shifted, unit).map((value) => value - 1 / k);
  });
}

/**
 * Each agent's φ_R (see the head of this file): the variance of its rating with the pairings'
 * dispersions over the variance without, at the fit. The ratio is a weighted mean of every
 * pairing's dispersion (rowᵀH_p·row ≥ 0 over their sum), the agent's own pairings and others'
 * alike, so it lies between the smallest and the largest. Where every pairing has one
 * dispersion, that dispersion. Where the fit is not finite (a sweep) or the variance cannot be
 * read, the largest of all: a bound (review 26c: the largest of the agent's own pairings was none,
 * and a sweep elsewhere narrowed its interval 1.7 times).
 */
function ratingDispersions(list: readonly Term[], fit: Float64Array, finite: boolean): number[] {
  const k = fit.length;
  const largest = list.reduce((most, term) => Math.max(most, term.dispersion), 0) || 1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArrowFunction,OptionalChaining: (false) the sandwich of one dispersion is that dispersion to rounding; this only keeps it exact
  const common = list.every((term) => term.dispersion === list[0]?.dispersion);
  // Stryker disable next-line ConditionalExpression,OptionalChaining: as above; with no games there are no agents to give one
  if (common) return Array.from({ length: k }, () => list[0]?.dispersion ?? 1);
  if (!finite) return Array.from({ length: k }, () => largest);
  const covariance = pseudoInverse(information(fit, list, () => 1));
  const meat = information(fit, list, (term) => term.dispersion);
  return Array.from({ length: k }, (_, agent) => {
    const row = covariance[agent] as Float64Array;
    // (H⁺ M H⁺)_aa = rowᵀ M row, H⁺ being symmetric.
    let sandwich = 0;
    for (let i = 0; i < k; i++) {
      let dot = 0;
      for (let j = 0; j < k; j++) dot += ((meat[i] as Float64Array)[j] as number) * (row[j] as number);
      sandwich += (row[i] as number) * dot;
    }
    const naive = row[agent] as number;
    const ratio = sandwich / naive;
    // A finite fit of a connected round robin has a positive variance and sandwich: the fallback
    // guards rounding only.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: see above
    return naive > 0 && Number.isFinite(ratio) && ratio > 0 ? ratio : largest;
  });
}

/** The negative log-quasi-likelihood plus the tiny ridge, its gradient and Hessian. */
function objective(beta: Float64Array, list: readonly Term[]): { value: number; gradient: Float64Array; hessian: Float64Array[] } {
  const k = beta.length;
  let value = 0;
  const gradient = new Float64Array(k);
  const hessian = Array.from({ length: k }, () => new Float64Array(k));
// Stryker disable next-line ConditionalExpression,BlockStatement: (false, {}) the 1e−12 ridge only guards the Newton solve against a singular Hessian (a set of agents split by a sweep is not fitted at all: stronglyConnected gives NaN); finite estimates move by about 1e−12 relative, below any tolerance a fitted value can be held to
  for (let i = 0; i < k; i++) {
    const b = beta[i] as number;
// Stryker disable next-line AssignmentOperator: (-=) the ridge term is 1e−12·b²/2: with either sign it moves finite estimates by about 1e−12 relative
    value += 0.5 * RIDGE * b * b;
    gradient[i] = RIDGE * b;
    (hessian[i] as Float64Array)[i] = RIDGE;
  }
  for (const term of list) {
    const delta = (beta[term.a] as number) - (beta[term.b] as number);
    value -= term.score * logSigmoid(delta) + (term.games - term.score) * logSigmoid(-delta);
    const p = sigmoid(delta);
    const slope = term.games * p - term.score;
    gradient[term.a] = (gradient[term.a] as number) + slope;
    gradient[term.b] = (gradient[term.b] as number) - slope;
    addCurvature(hessian, term, term.games * p * (1 - p));
  }
  return { value, gradient, hessian };
}

/** Solves the square system M·x = y by Gaussian elimination with partial pivoting. */
function solve(matrix: Float64Array[], rhs: Float64Array): Float64Array {
  const n = rhs.length;
  const m: Float64Array[] = matrix.map((row) => Float64Array.from(row));
  const y = Float64Array.from(rhs);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    // Stryker disable next-line EqualityOperator: (>=) among rows of equal magnitude either is a valid pivot; the solution agrees to rounding
    for (let row = col + 1; row < n; row++) if (Math.abs((m[row] as Float64Array)[col] as number) > Math.abs((m[pivot] as Float64Array)[col] as number)) pivot = row;
    const swap = m[col] as Float64Array;
    m[col] = m[pivot] as Float64Array;
    m[pivot] = swap;
    [y[col], y[pivot]] = [y[pivot] as number, y[col] as number];
    const top = m[col] as Float64Array;
    const diagonal = top[col] as number;
    // Stryker disable next-line ConditionalExpression: (false) minimize's KKT matrices are nonsingular (the ridge makes H positive definite): no pivot is 0
    if (diagonal === 0) continue;
    for (let row = col + 1; row < n; row++) {
      const current = m[row] as Float64Array;
      const factor = (current[col] as number) / diagonal;
      // Stryker disable next-line ConditionalExpression: (false) subtracting 0 times a finite row changes nothing; this only skips the work
      if (factor === 0) continue;
      // Stryker disable next-line EqualityOperator: (<=) a typed array ignores the write at index n
      for (let j = col; j < n; j++) current[j] = (current[j] as number) - factor * (top[j] as number);
      y[row] = (y[row] as number) - factor * (y[col] as number);
    }
  }
  const x = new Float64Array(n);
  for (let row = n - 1; row >= 0; row--) {
    const current = m[row] as Float64Array;
    let sum = y[row] as number;
    for (let j = row + 1; j < n; j++) sum -= (current[j] as number) * (x[j] as number);
    const diagonal = current[row] as number;
    // Stryker disable next-line ConditionalExpression: (false) minimize's KKT matrices are nonsingular (the ridge makes H positive definite): no pivot is 0
    x[row] = diagonal === 0 ? 0 : sum / diagonal;
  }
  return x;
}

/**
 * Minimizes the objective under Σβ = 0 (and β_fixed = its current value, when given) by
 * Newton's method on the KKT system with a backtracking line search, from a feasible `beta`.
 * The objective is strictly convex, so this converges to the one minimum.
 */
function minimize(start: Float64Array, list: readonly Term[], fixed: number | null): { beta: Float64Array; value: number } {
  const k = start.length;
  let beta = Float64Array.from(start);
  let current = objective(beta, list);
  // Stryker disable next-line ConditionalExpression: (false, always 2) an unused constraint row and column are all 0 and solve to 0, leaving the step as it is
  const constraints = fixed === null ? 1 : 2;
// Stryker disable next-line EqualityOperator,UpdateOperator: (<=, --) Newton on this strictly convex objective meets the decrement test within a few dozen steps; the cap of 200 is never reached
  for (let iteration = 0; iteration < 200; iteration++) {
    const size = k + constraints;
    const kkt = Array.from({ length: size }, () => new Float64Array(size));
    const rhs = new Float64Array(size);
    for (let i = 0; i < k; i++) {
      // Stryker disable next-line EqualityOperator: (<=) the entry at j = k is overwritten with 1 on the next line but one
      for (let j = 0; j < k; j++) (kkt[i] as Float64Array)[j] = (current.hessian[i] as Float64Array)[j] as number;
      rhs[i] = -(current.gradient[i] as number);
      (kkt[i] as Float64Array)[k] = 1;
      (kkt[k] as Float64Array)[i] = 1;
    }
    if (fixed !== null) {
      (kkt[fixed] as Float64Array)[k + 1] = 1;
      (kkt[k + 1] as Float64Array)[fixed] = 1;
    }
    const step = solve(kkt, rhs).subarray(0, k);
    let decrement = 0;
    for (let i = 0; i < k; i++) decrement -= (step[i] as number) * (current.gradient[i] as number);
    // Stryker disable next-line EqualityOperator: (<=) a decrement of exactly 1e-14 is one more Newton step, which moves nothing measurable
    if (decrement < 1e-14) break;
    let scale = 1;
    let next = beta;
    let trial = current;
// Stryker disable next-line EqualityOperator,UpdateOperator: (<=, --) the search accepts a step within a few halvings; the cap of 60 is never reached
    for (let halving = 0; halving < 60; halving++) {
      next = Float64Array.from(beta, (value, i) => value + scale * (step[i] as number));
      trial = objective(next, list);
      if (trial.value <= current.value - 0.25 * scale * decrement) break;
      scale /= 2;
    }
    beta = next;
    current = trial;
  }
  return { beta, value: current.value };
}

/** Whether every agent with games is reachable from every other along "scored against" edges. */
function stronglyConnected(agents: number, list: readonly Term[], active: readonly boolean[]): boolean {
  // Stryker disable next-line ArrayDeclaration: a non-numeric entry is visited but never marks an agent as reached
  const edges: number[][] = Array.from({ length: agents }, () => []);
  // Stryker disable next-line ArrayDeclaration: a non-numeric entry is visited but never marks an agent as reached
  const reverse: number[][] = Array.from({ length: agents }, () => []);
  for (const term of list) {
    if (term.score > 0) {
// Stryker disable next-line OptionalChaining: term.a is an agent index below agents, so the entry exists; ?. only satisfies noUncheckedIndexedAccess
      edges[term.a]?.push(term.b);
// Stryker disable next-line OptionalChaining: term.b is an agent index below agents, so the entry exists; ?. only satisfies noUncheckedIndexedAccess
      reverse[term.b]?.push(term.a);
    }
    if (term.games - term.score > 0) {
// Stryker disable next-line OptionalChaining: term.b is an agent index below agents, so the entry exists; ?. only satisfies noUncheckedIndexedAccess
      edges[term.b]?.push(term.a);
// Stryker disable next-line OptionalChaining: term.a is an agent index below agents, so the entry exists; ?. only satisfies noUncheckedIndexedAccess
      reverse[term.a]?.push(term.b);
    }
  }
  const start = active.indexOf(true);
  // Stryker disable next-line ConditionalExpression: (false) with no agent active the check below is vacuously true as well
  if (start < 0) return true;
  const reach = (graph: number[][]): boolean[] => {
    // Stryker disable next-line ArrayDeclaration: an unset entry is undefined, as falsy as false
    const seen = new Array<boolean>(agents).fill(false);
    const stack = [start];
    // Stryker disable next-line BooleanLiteral: the start is marked when first reached again; only a revisit is saved
    seen[start] = true;
// Stryker disable next-line ArrayDeclaration: every agent index on the stack has an entry in the graph, so the fallback is never used
    while (stack.length > 0) for (const next of graph[stack.pop() as number] ?? []) if (!seen[next]) stack.push(next), (seen[next] = true);
    return seen;
  };
  const forward = reach(edges);
  const backward = reach(reverse);
  return active.every((isActive, agent) => !isActive || (forward[agent] && backward[agent]));
}

/**
 * Maximum-likelihood ratings (mean 0) for `agents` agents: Elo points, NaN for every agent when
 * a clean sweep leaves no finite maximum, and for agents without games.
 */
export function fitRatings(agents: number, pairings: readonly PairingResult[]): number[] {
  const { list, active, index } = activeProblem(agents, pairings);
  if (!stronglyConnected(agents, terms(pairings), active)) return new Array<number>(agents).fill(Number.NaN);
  const { beta } = minimize(new Float64Array(activeCount(active)), list, null);
  return active.map((isActive, agent) => (isActive ? (beta[index[agent] as number] as number) * ELO : Number.NaN));
}

const activeCount = (active: readonly boolean[]): number => active.filter(Boolean).length;

/**
 * The pairings' terms over the agents that have games, renumbered 0…k−1 (`index` maps an agent
 * to its number). Why: an agent without games would sit in the mean-0 constraint with nothing
 * but the ridge holding it, free to absorb any shift of the others, and every profile interval
 * would come out open.
 */
function activeProblem(agents: number, pairings: readonly PairingResult[]): { list: Term[]; active: boolean[]; index: number[] } {
  const all = terms(pairings);
  const active = Array.from({ length: agents }, (_, agent) => all.some((term) => term.a === agent || term.b === agent));
  const index: number[] = [];
  let next = 0;
  // Stryker disable next-line UnaryOperator: an agent without games is in no term, and its number is never read
  for (const isActive of active) index.push(isActive ? next++ : -1);
  const list = all.map((term) => ({ ...term, a: index[term.a] as number, b: index[term.b] as number }));
  return { list, active, index };
}

/** One side of an agent's profile-likelihood interval, in log-odds units; ±Infinity when open. */
function profileBound(agent: number, list: readonly Term[], fit: { beta: Float64Array; value: number }, threshold: number, direction: 1 | -1): number {
  const centre = fit.beta[agent] as number;
  let warm = fit.beta;
  const deviance = (t: number): number => {
    // A feasible start with β_agent = t: shift it, and the others together to keep the mean 0.
    const shift = t - (warm[agent] as number);
    const others = warm.length - 1;
    const start = Float64Array.from(warm, (value, i) => (i === agent ? t : value - shift / others));
    const profile = minimize(start, list, agent);
    warm = profile.beta;
    return 2 * (profile.value - fit.value);
  };
  let inside = 0;
  let step = 0.25;
  let outside = Number.NaN;
  // Stryker disable next-line EqualityOperator: (<) steps are 0.25·2^k, never exactly SEARCH_LIMIT
  while (step <= SEARCH_LIMIT) {
    // Stryker disable next-line EqualityOperator: (>=) a deviance equal to the threshold to the last bit moves the bound by at most the bisection's 1e-7
    if (deviance(centre + direction * step) > threshold) {
      outside = step;
      break;
    }
    inside = step;
    step *= 2;
  }
  if (Number.isNaN(outside)) return direction * Infinity;
  // The bracket (at most 25 units) halves each time: below 1e-7 after 28 halvings.
  // Stryker disable next-line EqualityOperator: (>=) a width of exactly 1e-7 is one more halving, within the tolerance
  while (outside - inside > 1e-7) {
    const middle = (inside + outside) / 2;
    // Stryker disable next-line EqualityOperator: (>=) a deviance equal to the threshold to the last bit moves the bound by at most the bisection's 1e-7
    if (deviance(centre + direction * middle) > threshold) outside = middle;
    else inside = middle;
  }
  return centre + direction * ((inside + outside) / 2);
}

/** The pairings that are clean or near-clean sweeps, as warnings naming them. */
function sweepWarnings(pairings: readonly PairingResult[], names: readonly string[]): string[] {
  const warnings: string[] = [];
  for (const p of pairings) {
    const games = p.wins + p.draws + p.losses;
    if (games === 0) continue;
    const aScore = p.wins + p.draws / 2;
    const weaker = Math.min(aScore, games - aScore);
    if (weaker >= 2) continue;
    const score = `${Math.max(aScore, games - aScore)}–${weaker}`;
    const name = (agent: number): string => names[agent] ?? `agent ${agent}`;
    // An even split of so few games (1–1, one draw) is no sweep, but its gap is as unsure.
    if (aScore === games - aScore) {
      warnings.push(`${name(p.a)} and ${name(p.b)} split ${score} in ${games} game${games === 1 ? '' : 's'}: their gap rests on so few points that its interval is wide`);
      continue;
    }
    // Stryker disable next-line EqualityOperator: (>=) equal scores were answered just above
    const [winner, loser] = aScore > games - aScore ? [p.a, p.b] : [p.b, p.a];
    warnings.push(
      weaker === 0
        ? `${name(winner)} swept ${name(loser)} ${score}: their gap has no finite estimate, only a lower bound`
        : `${name(winner)} beat ${name(loser)} ${score}, a near-clean sweep: their gap rests on ${weaker} point${weaker === 1 ? '' : 's'}, and its interval is wide and may be open above`,
    );
  }
  return warnings;
}

/**
 * Ratings with profile-likelihood intervals at `confidence`, and warnings for clean and
 * near-clean sweeps. `names` label the warnings.
 */
export function rateAgents(agents: number, pairings: readonly PairingResult[], confidence = DEFAULT_CONFIDENCE, names: readonly string[] = []): RatingResult {
  const { list, active, index } = activeProblem(agents, pairings);
  const finite = stronglyConnected(agents, terms(pairings), active);
  const fit = minimize(new Float64Array(activeCount(active)), list, null);
  const df = pairings.reduce((sum, p) => sum + (p.dispersion === undefined ? 0 : (p.dispersionDf ?? Infinity)), 0);
  const t = studentTQuantile(confidence, df > 0 ? df : Infinity);
  const tOne = studentTQuantile(2 * confidence - 1, df > 0 ? df : Infinity);
  const dispersions = ratingDispersions(list, fit.beta, finite);
  const warnings = sweepWarnings(pairings, names);
  if (!finite) warnings.push('a clean sweep splits the agents: no finite maximum-likelihood ratings, only the intervals (open on the swept side)');
  const ratings = Array.from({ length: agents }, (_, agent): Rating => {
    let games = 0;
    let points = 0;
    for (const p of pairings) {
      const n = p.wins + p.draws + p.losses;
      if (p.a === agent) {
        games += n;
        points += p.wins + p.draws / 2;
      } else if (p.b === agent) {
        games += n;
        points += p.losses + p.draws / 2;
      }
    }
    // points / games is NaN without games (null in JSON).
    if (!active[agent] || agents < 2) return { agent, rating: Number.NaN, lower: -Infinity, upper: Infinity, games, score: points / games };
    const at = index[agent] as number;
    const threshold = (dispersions[at] as number) * t * t;
    const oneSided = (dispersions[at] as number) * tOne * tOne;
    let lower = profileBound(at, list, fit, threshold, -1);
    let upper = profileBound(at, list, fit, threshold, 1);
    // Open on one side: the whole error budget goes to the other, a one-sided bound at `confidence`.
    if (Number.isFinite(lower) && !Number.isFinite(upper)) lower = profileBound(at, list, fit, oneSided, -1);
    else if (!Number.isFinite(lower) && Number.isFinite(upper)) upper = profileBound(at, list, fit, oneSided, 1);
    return {
      agent,
      rating: finite ? (fit.beta[at] as number) * ELO : Number.NaN,
      lower: lower * ELO,
      upper: upper * ELO,
      games,
      score: points / games,
    };
  });
  return { ratings, warnings };
}
