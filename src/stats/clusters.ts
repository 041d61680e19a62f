/**
 * One variance model for every figure of a summary: each figure is a ratio Σx/Σn over the
 * independent units its trials come in (its clusters), with the cluster-robust variance of a
 * ratio estimator (Cochran, Sampling Techniques, 3rd ed., 1977, §6.3 and §9A; Kish, Survey
 * Sampling, 1965, §8.2), as survey statistics does for cluster samples:
 *
 *   R = Σx_c / Σn_c,   V(R) = C/(C − 1) · Σ(x_c − R·n_c)² / (Σn_c)²
 *
 * over C clusters (a rate of one 0/1 trial per cluster is the plain binomial, R(1 − R)/Σn).
 *
 * The cluster is a match for per-event figures (catches, card plays, attacks within one match
 * share its state), a rotated pair of matches in rotated runs (matches 2k and 2k+1 share their
 * dice), so one game's many events, or a pair's two matches, never count as independent.
 *
 * The design effect deff = V(R) / V_independent is measured per figure: R(1 − R)/Σn for a rate
 * of trials, s²/Σn for a mean of samples with spread s. A rate's interval is the tail-modified
 * Wilson interval on the effective counts Σn/deff (`rate-interval.ts`); a mean's is R ± t·√V
 * with C − 1 degrees of freedom. A rate's design effect below 1 is measured with z²/2
 * pseudo-clusters at each extreme added to its spread, and held at most 1 by them (see
 * `belowOneAdjusted`): measured from the few clusters that stray (one win in every rotated pair but
 * the drawn ones), it would claim a certainty the clusters do not give.
 *
 * What a summary keeps are whole-number sums (Σx, Σn, Σx², Σxn, Σn², Σ of squared samples and
 * the cluster count), so merges across chunks, workers and shards are exact and the summary's
 * bytes do not depend on them. A cluster cut by a chunk or shard boundary waits, keyed by its
 * index, until its other matches are merged in; one that never completes (a failed match) is
 * counted as it stands.
 */
import { WholeRunFailure } from '../core/errors.js';
import { normalQuantile, studentTQuantile } from './distributions.js';
import { DEFAULT_CONFIDENCE, effectiveRateInterval, type RateEstimate } from './rate-interval.js';

/** Whole-number sums of one figure over its clusters. Plain data. */
export interface ClusterSums {
  /** Clusters that contributed at least one trial or sample. */
  clusters: number;
  /** Σx: successes of a rate, or the sum of a mean's samples. */
  x: number;
  /** Σn: trials of a rate, or a mean's sample count. */
  n: number;
  /** Σ over clusters of x_c², x_c·n_c and n_c². */
  xx: number;
  xn: number;
  nn: number;
  /** Σ of the squared samples themselves (a mean's spread); for a rate of 0/1 trials it equals x. */
  ee: number;
  /**
   * Σ x_c³ and Σ |x_c|³ over the clusters: the skewness a mean's interval is read against (see
   * {@link meanCaution}). Numbers while Σ |x_c|³ is below 2^53, where they add exactly in any
   * order; from there on the decimal text of the exact sums (a figure of 10⁶ a match passes it
   * in its first match), so neither the sums nor their bytes depend on how a run was chunked.
   * Absent from sums written before they were kept, or made by hand. Neither is refused: the
   * interval does not read them.
   */
  xxx?: number | string;
  aaa?: number | string;
}

/**
 * The matches of a cluster merged so far, while others are still to come: figure names and,
 * three per name, x, n and the sum of squared samples.
 */
interface OpenCluster {
  matches: number;
  size: number;
  keys: string[];
  values: number[];
}

/** Clustered figures by name, mergeable exactly. Plain data: it crosses worker threads and goes into checkpoints as it is. */
export interface Tally {
  figures: Record<string, ClusterSums>;
  /** Clusters still missing matches, by cluster index. */
  open: Record<string, OpenCluster>;
}

/** Where a match sits among the independent units of its run. */
export interface ClusterOf {
  /** The cluster's index: the match index, or the seed index of a rotated pair. */
  readonly cluster: number;
  /** Matches in a full cluster: 1, or 2 for a rotated pair. */
  readonly clusterSize: number;
}

export const emptySums = (): ClusterSums => ({ clusters: 0, x: 0, n: 0, xx: 0, xn: 0, nn: 0, ee: 0, xxx: 0, aaa: 0 });

export const emptyTally = (): Tally => ({ figures: {}, open: {} });

/**
 * One match's figures as they are collected: per figure, x and n (successes and trials, or a
 * sum of samples and their count) and the sum of the squared samples. Reused match after match
 * without allocating: figures get slots the first time their name is seen.
 */
export class MatchFigures {
  private readonly slots = new Map<string, number>();
  private readonly names: string[] = [];
  private values: number[] = [];
  private readonly used: number[] = [];
  private readonly inUse: boolean[] = [];
  /** The open cluster this collector last wrote, and where each slot's values sit in it. */
  private openWritten: OpenCluster | null = null;
  // Stryker disable next-line ArrayDeclaration: addTo fills it with −1 before its first read
  private readonly position: number[] = [];
  /**
   * The figures record this collector last closed matches into, and each slot's sums in it:
   * a run closes every match into the same record, so each figure is looked up by name once.
   */
  private closedInto: Record<string, ClusterSums> | null = null;
  // Stryker disable next-line ArrayDeclaration: closeInto fills it with undefined before its first read
  private readonly sumsOf: (ClusterSums | undefined)[] = [];

  /**
   * The slot of figure `key`, for the `…At` methods: a caller that records the same figures
   * match after match looks each name up once instead of at every match.
   */
  slotOf(key: string): number {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.names.length;
      this.slots.set(key, slot);
      this.names.push(key);
      this.values.push(0, 0, 0);
      this.inUse.push(false);
      this.position.push(-1);
      this.sumsOf.push(undefined);
    }
    return slot;
  }

  private addAt(slot: number, x: number, n: number, ee: number): void {
    if (!this.inUse[slot]) {
      this.inUse[slot] = true;
      this.used.push(slot);
    }
    const at = 3 * slot;
    this.values[at] = (this.values[at] as number) + x;
    this.values[at + 1] = (this.values[at + 1] as number) + n;
    this.values[at + 2] = (this.values[at + 2] as number) + ee;
  }

  /** `successes` of `trials` more trials of a rate (one trial by default). */
  trial(key: string, successes: number | boolean, trials = 1): void {
    this.trialAt(this.slotOf(key), successes, trials);
  }

  /** {@link trial} by slot. */
  trialAt(slot: number, successes: number | boolean, trials = 1): void {
    const s = Number(successes);
    this.addAt(slot, s, trials, s);
  }

  /** One more sample of a mean. */
  sample(key: string, value: number): void {
    this.sampleAt(this.slotOf(key), value);
  }

  /** {@link sample} by slot. */
  sampleAt(slot: number, value: number): void {
    this.addAt(slot, value, 1, value * value);
  }

  /** `count` more samples of a mean at once, with their sum and sum of squares. */
  samples(key: string, count: number, sum: number, squares: number): void {
    this.addAt(this.slotOf(key), sum, count, squares);
  }

  /** A ratio's numerator and denominator for this match (a custom ratio figure). */
  ratio(key: string, numerator: number, denominator: number): void {
    this.ratioAt(this.slotOf(key), numerator, denominator);
  }

  /** {@link ratio} by slot. */
  ratioAt(slot: number, numerator: number, denominator: number): void {
    this.addAt(slot, numerator, denominator, numerator * numerator);
  }

  /** Forgets this match's figures. */
  clear(): void {
    for (const slot of this.used) {
      this.inUse[slot] = false;
      this.values[3 * slot] = 0;
      this.values[3 * slot + 1] = 0;
      this.values[3 * slot + 2] = 0;
    }
    this.used.length = 0;
  }

  /** Closes this match as a cluster of its own. */
  closeInto(figures: Record<string, ClusterSums>): void {
    // Stryker disable next-line ConditionalExpression: (true) forgetting the sums at every match looks the same entries up again; the check saves the look-ups
    if (this.closedInto !== figures) {
      this.closedInto = figures;
      this.sumsOf.fill(undefined);
    }
    for (const slot of this.used) {
      const at = 3 * slot;
      const x = this.values[at] as number;
      const n = this.values[at + 1] as number;
      const ee = this.values[at + 2] as number;
      // Stryker disable next-line ConditionalExpression: (true for x === 0) a non-zero x always comes with a non-zero ee (trial: ee = successes; sample and ratio: ee = Σ value²), so ee = 0 implies x = 0; only a samples() call with inconsistent sums could tell
      if (x === 0 && n === 0 && ee === 0) continue;
      checkWhole(this.names[slot] as string, x, n, ee);
      // Entries of a figures record are only ever added to in place (here, by merges), never
      // replaced, so a slot's sums found once stay the record's.
      let sums = this.sumsOf[slot];
      // Stryker disable next-line ConditionalExpression: (true) looking the entry up again finds the same sums object
      if (sums === undefined) {
        sums = sumsIn(figures, this.names[slot] as string);
        this.sumsOf[slot] = sums;
      }
      addCluster(sums, x, n, ee);
    }
  }

  /** Adds this match to an open cluster (positions remembered, so its pair's other match finds them at once). */
  addTo(open: OpenCluster): void {
    // Stryker disable next-line ConditionalExpression: (true) looking the positions up again finds the same ones; the check saves the lookup
    if (this.openWritten !== open) {
      this.openWritten = open;
      this.position.fill(-1);
      // Another writer (a merge) may have started it: find the names already there.
      // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >=) an empty cluster finds no names, leaving every position −1 as filled
      if (open.keys.length > 0) {
        const index = new Map(open.keys.map((key, i) => [key, i]));
        this.names.forEach((name, slot) => (this.position[slot] = index.get(name) ?? -1));
      }
    }
    for (const slot of this.used) {
      let at = this.position[slot] as number;
      if (at < 0) {
        at = open.keys.length;
        open.keys.push(this.names[slot] as string);
        open.values.push(0, 0, 0);
        this.position[slot] = at;
      }
      const from = 3 * slot;
      open.values[3 * at] = (open.values[3 * at] as number) + (this.values[from] as number);
      open.values[3 * at + 1] = (open.values[3 * at + 1] as number) + (this.values[from + 1] as number);
      open.values[3 * at + 2] = (open.values[3 * at + 2] as number) + (this.values[from + 2] as number);
    }
  }
}

/** The sums of figure `key` in `figures`, created empty when it has none yet. */
function sumsIn(figures: Record<string, ClusterSums>, key: string): ClusterSums {
  let sums = figures[key];
  if (sums === undefined) {
    sums = emptySums();
    figures[key] = sums;
  }
  return sums;
}

/**
 * @throws RangeError unless a cluster's x and n are safe integers and its Σ squared samples a
 *   whole number (which may pass 2^53: {@link inexactFigure} tells a run whose sums did).
 */
function checkWhole(key: string, x: number, n: number, ee: number): void {
  if (!Number.isSafeInteger(x) || !Number.isSafeInteger(n) || !Number.isInteger(ee)) throw new RangeError(`figure "${key}" takes whole numbers, got ${x}, ${n}, ${ee}`);
}

/**
 * The first figure (by key) whose sums of squares (Σx², Σn², Σ squared samples) pass 2^53 − 1,
 * or null. Below that every sum is exact whatever the order of its terms (|x| ≤ x² and
 * |xn| ≤ (x² + n²) / 2 for whole numbers bound the other sums by these), so the figures do not
 * depend on chunking; above it they may, and a sum that passes it in one order passes it in all.
 */
export function inexactFigure(figures: Record<string, ClusterSums>): string | null {
  for (const key of Object.keys(figures).sort()) {
    const sums = figures[key] as ClusterSums;
    if (!(sums.xx <= Number.MAX_SAFE_INTEGER && sums.nn <= Number.MAX_SAFE_INTEGER && sums.ee <= Number.MAX_SAFE_INTEGER)) return key;
  }
  return null;
}

/** Adds one cluster's x, n and Σ squared samples to a figure's sums (as a run does; tests and calibration studies build sums with it too). */
export function addCluster(sums: ClusterSums, x: number, n: number, ee: number): void {
  sums.clusters++;
  sums.x += x;
  sums.n += n;
  sums.xx += x * x;
  sums.xn += x * n;
  sums.nn += n * n;
  sums.ee += ee;
  addCubes(sums, x);
}

/** Where sums of whole numbers stop being exact in doubles. */
const EXACT_BELOW = 2 ** 53;

/**
 * Adds the cube of a cluster's total `x` (a safe integer) to `sums`' Σ x_c³ and Σ |x_c|³: in
 * doubles while Σ |x_c|³ stays below 2^53, exactly in BigInt from there. Its terms are never
 * negative, so it passes that bound in every order of adding or in none (below it every sum of
 * whole numbers is exact, and rounding never takes a sum at or past it back below): which form
 * the sums take, and their value, do not depend on the order.
 */
function addCubes(sums: ClusterSums, x: number): void {
  const absolute = sums.aaa;
  if (absolute === undefined) return;
  const cube = x * x * x;
  const magnitude = Math.abs(cube);
  // The fast path, in doubles: the exact one below gives the same sums, only slower.
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral,BlockStatement: (any) where this path is not taken the exact one gives the same sums; past 2^53 the last test alone sends it there
  if (typeof absolute === 'number' && magnitude < EXACT_BELOW && absolute + magnitude < EXACT_BELOW) {
    sums.xxx = (sums.xxx as number) + cube;
    sums.aaa = absolute + magnitude;
    return;
  }
  const exact = BigInt(x) ** 3n;
  // Stryker disable next-line EqualityOperator: (<=) −0n is 0n
  setCubes(sums, BigInt(sums.xxx as number | string) + exact, BigInt(absolute) + (exact < 0n ? -exact : exact));
}

/** Adds `other`'s cubes into `into`'s as {@link addCubes} does; sums that kept none leave none. */
function mergeCubes(into: ClusterSums, other: ClusterSums): void {
  if (into.aaa === undefined) return;
  if (other.aaa === undefined) {
    delete into.xxx;
    delete into.aaa;
    return;
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral,BlockStatement: (any) as in addCubes, the fast path: the exact one gives the same sums
  if (typeof into.aaa === 'number' && typeof other.aaa === 'number' && into.aaa + other.aaa < EXACT_BELOW) {
    into.xxx = (into.xxx as number) + (other.xxx as number);
    into.aaa += other.aaa;
    return;
  }
  setCubes(into, BigInt(into.xxx as number | string) + BigInt(other.xxx as number | string), BigInt(into.aaa) + BigInt(other.aaa));
}

/**
 * Exact cube sums as decimal text: only sums whose Σ |x_c|³ is 2^53 or more come here (Σ |x_c|³
 * never falls, and below 2^53 the fast paths keep them as numbers).
 */
function setCubes(sums: ClusterSums, cubes: bigint, absolute: bigint): void {
  sums.xxx = cubes.toString();
  sums.aaa = absolute.toString();
}

function close(figures: Record<string, ClusterSums>, key: string, x: number, n: number, ee: number): void {
  // Stryker disable next-line ConditionalExpression: (true for x === 0) a non-zero x always comes with a non-zero ee (trial: ee = successes; sample and ratio: ee = Σ value²), so ee = 0 implies x = 0; only a samples() call with inconsistent sums could tell
  if (x === 0 && n === 0 && ee === 0) return;
  checkWhole(key, x, n, ee);
  addCluster(sumsIn(figures, key), x, n, ee);
}

function closeCluster(tally: Tally, open: OpenCluster): void {
  open.keys.forEach((key, i) => close(tally.figures, key, open.values[3 * i] as number, open.values[3 * i + 1] as number, open.values[3 * i + 2] as number));
}

/** Adds one match's figures to the tally, as part of its cluster. Clears nothing: the caller reuses `figures`. */
export function recordMatch(tally: Tally, where: ClusterOf, figures: MatchFigures): void {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: (false, <, {}) a cluster of 1 taken through the open path closes at once with the same sums, in the same order; this is the fast path
  if (where.clusterSize <= 1) {
    figures.closeInto(tally.figures);
    return;
  }
  const id = String(where.cluster);
  let open = tally.open[id];
  if (open === undefined) {
    open = { matches: 0, size: where.clusterSize, keys: [], values: [] };
    tally.open[id] = open;
  }
  open.matches++;
  figures.addTo(open);
  if (open.matches >= open.size) {
    closeCluster(tally, open);
    delete tally.open[id];
  }
}

/**
 * The failure of a run whose sums of squares for a figure passed 2^53 − 1: past it the sums do
 * not add exactly and the intervals (and the summary's bytes) would depend on how the run was
 * chunked (audit 26b: an Integer Duel deck of doubles gave points near 10¹¹, and `--chunk-size`
 * changed the last digits). Conservative: a figure of 10⁸ in one match is exact, and refused.
 */
export function inexactSums(subject: string): WholeRunFailure {
  return new WholeRunFailure(`${subject}: its sums of squares over the run's matches pass ${Number.MAX_SAFE_INTEGER}, beyond which they do not add exactly (the intervals would depend on how the run was chunked); expected smaller figures per match, or fewer matches`);
}

/** How a figure of a game's own report is named in {@link inexactSums}. */
const figureNamed = (key: string): string => `figure "${key}"`;

/** Adds `other` into `into`; clusters completed by the merge are closed. Order of merges does not matter. */
export function mergeTally(into: Tally, other: Tally): void {
  // for...in over plain records: no entry arrays allocated.
  for (const key in other.figures) {
    const sums = other.figures[key] as ClusterSums;
    const target = into.figures[key];
    if (target === undefined) {
      into.figures[key] = { ...sums };
      continue;
    }
    target.clusters += sums.clusters;
    target.x += sums.x;
    target.n += sums.n;
    target.xx += sums.xx;
    target.xn += sums.xn;
    target.nn += sums.nn;
    target.ee += sums.ee;
    // Sums written before cubes were kept make the merged cubes unknown too.
    mergeCubes(target, sums);
  }
  for (const id in other.open) {
    const cluster = other.open[id] as OpenCluster;
    const target = into.open[id];
    if (target === undefined) {
      into.open[id] = { matches: cluster.matches, size: cluster.size, keys: [...cluster.keys], values: [...cluster.values] };
      continue;
    }
    target.matches += cluster.matches;
    const index = new Map(target.keys.map((key, i) => [key, i]));
    cluster.keys.forEach((key, i) => {
      let at = index.get(key);
      if (at === undefined) {
        at = target.keys.length;
        target.keys.push(key);
        target.values.push(0, 0, 0);
      }
      for (let j = 0; j < 3; j++) target.values[3 * at + j] = (target.values[3 * at + j] as number) + (cluster.values[3 * i + j] as number);
    });
    if (target.matches >= target.size) {
      closeCluster(into, target);
      delete into.open[id];
    }
  }
}

/** Whether summaries refuse sums past 2^53 − 1 (see {@link withoutSumsCheck}). */
let checkingSums = true;

/**
 * `read()` with summaries that do not refuse sums past 2^53 − 1: for a reader of counts alone
 * (x and n stay exact below 2^53 whatever the squares do) from tallies that are not a run's, such
 * as a sweep's per-match steps, summed on top of their whole window (review 26c: the doubled
 * sums could pass the bound where the run's do not).
 */
export function withoutSumsCheck<T>(read: () => T): T {
  const was = checkingSums;
  checkingSums = false;
  try {
    return read();
  } finally {
    checkingSums = was;
  }
}

/**
 * @throws WholeRunFailure naming every figure (by key) whose sums of squares pass 2^53 − 1. Read
 * where a summary is made from the sums, never at a merge: which figures have passed it part-way
 * depends on how the run was chunked, and the message must not (review 26c).
 */
function refuseInexact(figures: Record<string, ClusterSums>, subject: (key: string) => string): void {
  if (!checkingSums) return;
  // One pass, no sort: every summary reads this; only the figures past the bound are sorted.
  const past: string[] = [];
  for (const key in figures) {
    const sums = figures[key] as ClusterSums;
    if (!(sums.xx <= Number.MAX_SAFE_INTEGER && sums.nn <= Number.MAX_SAFE_INTEGER && sums.ee <= Number.MAX_SAFE_INTEGER)) past.push(key);
  }
  if (past.length === 0) return;
  past.sort();
  const others = past.length - 1;
  throw inexactSums(`${subject(past[0] as string)}${others === 0 ? '' : ` (and ${others} more figure${others === 1 ? '' : 's'}: ${past.slice(1, 4).join(', ')}${others > 3 ? ', ...' : ''})`}`);
}

/**
 * The tally's figures with every unfinished cluster counted as it stands (a run that stopped
 * or lost a match). Does not change the tally, which may still be merged with more matches.
 */
export function settledFigures(tally: Tally, subject: (key: string) => string = figureNamed): Record<string, ClusterSums> {
  const openClusters = Object.values(tally.open);
  // A tally built match by match (never merged) is checked here, before any interval is read from it.
  refuseInexact(tally.figures, subject);
  // Stryker disable next-line ConditionalExpression: (false) with nothing open the copy equals the figures; returning them saves the clone
  if (openClusters.length === 0) return tally.figures;
  const settled: Tally = { figures: structuredClone(tally.figures), open: {} };
  for (const open of openClusters) closeCluster(settled, open);
  refuseInexact(settled.figures, subject);
  return settled.figures;
}

/** A rate's sums turned into those of its complement (failures of the same trials). */
export function complementSums(sums: ClusterSums): ClusterSums {
  return {
    clusters: sums.clusters,
    x: sums.n - sums.x,
    n: sums.n,
    xx: sums.nn - 2 * sums.xn + sums.xx,
    xn: sums.nn - sums.xn,
    nn: sums.nn,
    ee: sums.n - sums.x,
  };
}

/**
 * Σ(x_c − R·n_c)² from the sums; exactly 0 where it is within rounding of 0. Why: where every
 * cluster has the ratio R the three terms cancel exactly, but R = Σx/Σn is rounded (0.2 is not a
 * binary fraction), which leaves a few ulps of Σx_c² behind; taken as spread, that would shrink
 * the design effect to ~1e−16 and the interval to nothing.
 */
function residual(sums: ClusterSums, ratio: number): number {
  const value = sums.xx - 2 * ratio * sums.xn + ratio * ratio * sums.nn;
  // Stryker disable next-line EqualityOperator: (>=) a residual at the threshold to the last bit is within rounding of 0 either way
  return value > ROUNDING * sums.xx ? value : 0;
}

/** Relative rounding of the residual's three cancelling terms: a few ulps each, with a margin. */
const ROUNDING = 16 * Number.EPSILON;

/**
 * The rate Σx/Σn with the tail-modified Wilson interval on its effective counts, and the
 * measured design effect C/(C − 1)·Σ(x_c − R·n_c)² / (R(1 − R)·Σn): exactly 1 for one 0/1 trial
 * per cluster (taken as the binomial), so a rate of matches in an unrotated run gets exactly
 * `rateInterval`'s interval. At a rate of 0 or 1 the design effect cannot be measured and is
 * taken as Σn/C (each cluster one trial); one measured below 1 is raised by pseudo-clusters
 * (`belowOneAdjusted`); the interval is corrected for the clusters' degrees of freedom
 * (`effectiveRateInterval`).
 */
export function clusteredRate(sums: ClusterSums | undefined, confidence = DEFAULT_CONFIDENCE): RateEstimate {
  const s = sums ?? emptySums();
  // Stryker disable next-line ConditionalExpression: (false) effectiveRateInterval gives the same empty estimate for n = 0 whatever else it is passed
  if (s.n === 0) return effectiveRateInterval(0, 0, 1, 0, confidence);
  const rate = s.x / s.n;
  const spread = rate * (1 - rate) * s.n;
  // One 0/1 trial per cluster is the plain binomial, whose variance the rate itself gives
  // (exactly: no rounding). Otherwise the survey estimator, with its C/(C − 1).
  // Stryker disable next-line ConditionalExpression: (true for s.xx === s.x) in a rate's sums every cluster holds at least one trial, so clusters = Σn means one trial each, x_c ∈ {0, 1} and Σx_c² = Σx_c; only sums with a trial-less cluster (a ratio's cancelling numerators), not a rate's, could tell
  const binomial = s.clusters === s.n && s.xx === s.x;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (true, >=) a single cluster's residual is 0, so the factor multiplies 0 either way
  const between = binomial ? 0 : residual(s, rate) * (s.clusters > 1 ? s.clusters / (s.clusters - 1) : 1);
  // A rate of 0 or 1 (spread 0) has every x_c = R·n_c exactly, so between is 0 there and the
  // design effect cannot be measured. Taking it as 1 would count every trial as independent:
  // a rotated pair whose two matches flip the same coin, all heads, would claim twice the
  // flips there were (0 of 200 matches at a true 2%: [0%, 1.9%]). Taken instead as the mean
  // cluster size, each cluster counts as one trial, which holds however the trials correlate.
  const designEffect = binomial ? 1 : spread === 0 ? Math.max(1, s.n / s.clusters) : belowOneAdjusted(between / spread, s, rate, spread, confidence);
  return effectiveRateInterval(s.x, s.n, designEffect, s.clusters, confidence);
}

/**
 * A measured design effect below 1, raised by what z²/2 pseudo-clusters at ratio 0 and as many at
 * ratio 1 (each of the mean cluster size) add to the clusters' spread, and never above 1; one of
 * 1 or more as measured. Why: below 1, the variance often comes from a few clusters that stray
 * (a rotated pair where an agent wins once unless the pair is drawn: its rate's spread is the
 * count of drawn pairs), and measured from those few it is a Wald estimate of a rare count's
 * variance, as short as the count is small: 84% exact coverage at 1,000 pairs with 0.3% drawn,
 * and an interval that went from the binomial's at no drawn pair to a twenty-second of its width at
 * one (audit 21). Wilson's z²/2 pseudo-successes and failures mend the same fault for a plain
 * rate; here they go to the clusters. The added spread fades as the clusters grow (it is z²/2
 * clusters' worth, however many there are) and leaves a design effect of 1 or more as it is.
 */
function belowOneAdjusted(measured: number, s: ClusterSums, rate: number, spread: number, confidence: number): number {
  // Stryker disable next-line EqualityOperator: (>) at exactly 1, min(1, 1 + pseudo / spread) is 1 as well
  if (measured >= 1) return measured;
  const z = normalQuantile(confidence);
  const size = s.n / s.clusters;
  const pseudo = ((z * z) / 2) * size * size * (rate * rate + (1 - rate) * (1 - rate));
  return Math.min(1, measured + pseudo / spread);
}

/** A mean with its interval, spread, count, design effect and clusters. */
export interface MeanEstimate {
  readonly mean: number;
  /** NaN (null in JSON) when there is no interval to give; `note` says why. */
  readonly lower: number;
  readonly upper: number;
  /** Spread of the samples (n − 1 in the denominator). */
  readonly sd: number;
  readonly n: number;
  /** The mean's variance over what independent samples would give (1 for independent samples). */
  readonly designEffect: number;
  readonly clusters: number;
  /** Why there is no interval: "all 10 samples equal", "1 cluster". */
  readonly note?: string;
  /** Why the interval may cover less than it says: its units' figure is skewed past what their number carries (see {@link meanCaution}). */
  readonly caution?: string;
}

/**
 * The mean Σx/Σn with R ± t_{C−1}·√V, V = C/(C − 1)·Σ(x_c − R·n_c)²/(Σn)² (with one sample per
 * cluster, exactly the textbook t interval). No interval, and a note saying why, when every
 * sample is equal or there is a single cluster: a zero-width interval there would claim a
 * certainty no sample gave. Where the samples vary but every cluster has the same mean, the
 * design effect cannot be measured and is taken as 1 (V = s²/Σn).
 */
export function clusteredMean(sums: ClusterSums | undefined, confidence = DEFAULT_CONFIDENCE): MeanEstimate {
  const s = sums ?? emptySums();
  const { n, clusters } = s;
  if (n === 0) return { mean: Number.NaN, lower: Number.NaN, upper: Number.NaN, sd: Number.NaN, n: 0, designEffect: 1, clusters: 0 };
  const mean = s.x / n;
  const sampleSpread = n > 1 ? Math.max(0, (s.ee - (s.x * s.x) / n) / (n - 1)) : 0;
  const sd = Math.sqrt(sampleSpread);
  const none = (note: string): MeanEstimate => ({ mean, lower: Number.NaN, upper: Number.NaN, sd, n, designEffect: 1, clusters, note });
  if (sampleSpread === 0) return none(n === 1 ? '1 sample' : `all ${n} samples equal`);
  if (clusters < 2) return none(`all ${n} samples in 1 cluster`);
  const between = (clusters / (clusters - 1)) * (residual(s, mean) / (n * n));
  const variance = between > 0 ? between : sampleSpread / n;
  const designEffect = variance / (sampleSpread / n);
  const half = studentTQuantile(confidence, clusters - 1) * Math.sqrt(variance);
  const caution = meanCaution(s);
  return { mean, lower: mean - half, upper: mean + half, sd, n, designEffect, clusters, ...(caution === null ? {} : { caution }) };
}

/**
 * The ratio R = Σx / Σy with the cluster-robust variance of a ratio estimator,
 * C/(C − 1)·Σ(x_c − R·y_c)²/(Σy)² (Cochran, Sampling Techniques, 1977, §6.3), and the t
 * interval of {@link ratioInterval} (on the square-root scale where no numerator is negative).
 * `sd` is √(matches·V), so that sd²/n is the variance as for every other mean; a ratio has no
 * independent-sample baseline, so its design effect is 1 by definition.
 */
export function ratioEstimate(sums: ClusterSums | undefined, matches: number, confidence: number): MeanEstimate {
  // Every denominator 0: the ratio has no sample to stand on (n 0, as a rate without trials).
  if (sums === undefined || sums.n === 0) return { mean: Number.NaN, lower: Number.NaN, upper: Number.NaN, sd: Number.NaN, n: 0, designEffect: 1, clusters: 0, note: 'every denominator 0' };
  const estimate = clusteredMean(sums, confidence);
  if (sums.clusters < 2) return { ...estimate, sd: Number.NaN, n: matches, designEffect: 1 };
  const ratio = sums.x / sums.n;
  const variance = (sums.clusters / (sums.clusters - 1)) * (Math.max(0, sums.xx - 2 * ratio * sums.xn + ratio * ratio * sums.nn) / (sums.n * sums.n));
  if (variance === 0) return { mean: ratio, lower: Number.NaN, upper: Number.NaN, sd: 0, n: matches, designEffect: 1, clusters: sums.clusters, note: `all ${sums.clusters} clusters have the same ratio` };
  const { lower, upper } = ratioInterval(sums, variance, confidence);
  return { mean: ratio, lower, upper, sd: Math.sqrt(matches * variance), n: matches, designEffect: 1, clusters: sums.clusters };
}

/**
 * The interval of a ratio of totals R = Σx/Σn (a custom `{ numerator, denominator }` figure,
 * branching, decisiveness) from its cluster-robust variance V (audit 42e F1). The plain
 * R ± t_{C−1}·√V covered 91–94% at 5–20 matches or with a rare numerator, missing mostly below
 * the truth: a run that saw few events reads both R and V low. Two corrections, each from the
 * sums a summary keeps (`scripts/ratio-coverage.mjs`, reports/calibration.md):
 *
 * - t with C_eff − 1 degrees of freedom, C_eff = (Σn_c)²/Σn_c² (Kish's effective number of
 *   clusters, C where they are of one size): a few long matches carry most of V's information,
 *   so V from clusters of very unequal sizes varies as one from fewer clusters would.
 * - where no cluster's numerator is negative (Σx_c³ = Σ|x_c|³), the interval is taken on the
 *   square-root scale, √R ± t·√V/(2√R), and squared back: the variance-stabilising scale of a
 *   count, on which a ratio of non-negative totals is near symmetric, so the interval reaches
 *   further above R than below it. Otherwise (a numerator that can be negative, or cubes not
 *   kept) it stays R ± t·√V.
 */
export function ratioInterval(sums: ClusterSums, variance: number, confidence: number): { readonly lower: number; readonly upper: number } {
  const ratio = sums.x / sums.n;
  const t = studentTQuantile(confidence, Math.max(1, effectiveClusters(sums) - 1));
  const half = t * Math.sqrt(variance);
  if (!numeratorsNonNegative(sums)) return { lower: ratio - half, upper: ratio + half };
  const root = Math.sqrt(ratio);
  const rootHalf = half / (2 * root);
  return { lower: Math.max(0, root - rootHalf) ** 2, upper: (root + rootHalf) ** 2 };
}

/** Kish's effective number of clusters, (Σn_c)²/Σn_c²: C for clusters of one size, fewer the more their sizes differ. */
export function effectiveClusters(sums: ClusterSums): number {
  return (sums.n * sums.n) / sums.nn;
}

/** Whether every cluster's x_c is 0 or more, as its cubes say (Σx_c³ = Σ|x_c|³); false where they were not kept. */
function numeratorsNonNegative(sums: ClusterSums): boolean {
  return sums.aaa !== undefined && sums.xxx === sums.aaa;
}

/**
 * `estimate` with its interval cut to the values the figure can take (a share lies in 0..1, a
 * count per match or a ratio of counts is at least 0, legal actions per decision at least 1). A
 * t interval, symmetric about the mean, on a handful of matches (a run stopped early, a card
 * seldom played) can reach past them, which no reader should see; cutting only ever raises
 * coverage. NaN bounds (no interval) are left as they are.
 */
export function within<E extends { readonly lower: number; readonly upper: number }>(estimate: E, low: number, high: number): E {
  if (!(estimate.lower < low) && !(estimate.upper > high)) return estimate;
  return { ...estimate, lower: Math.max(low, estimate.lower), upper: Math.min(high, estimate.upper) };
}

/**
 * Units below which every mean's t interval carries a caution (audit 42e F2): Cochran's rule
 * reads G₁ from the units themselves, and from few of them it reads low in just the runs whose
 * interval misses (a geometric game length, G₁ = 2, covered 86–88% in the runs of 10 matches
 * printed without a caution, 91% at 50, 93% at 100, 93.7–94.1% at 150). From 200 units on, the
 * runs whose skewness passes the rule cover 94.0–94.8% for such figures, as all runs do
 * (`scripts/mean-caution-coverage.mjs`, reports/calibration.md); a figure more skewed than that
 * may still read low in some of its runs.
 */
export const FEW_UNITS = 200;

/**
 * Whether a mean's t interval may cover less than it says: read from fewer units than their
 * skewness asks for, by Cochran's rule of thumb (Sampling Techniques, 1977, §2.15: more than
 * 25·G₁² units for the mean to be near normal, G₁ the sample skewness of one unit's figure), or
 * from fewer than {@link FEW_UNITS}, too few to tell a skewness that the rule would ask more for.
 * A figure that is 0, 1 or 100 in 90%, 9% and 1% of matches (G₁ near 9.8) is covered 83.6% of
 * the time at 300 matches and 92.7% at 1,000 (`scripts/skewed-mean-coverage.mjs`): said, with the
 * count the rule asks for, where the skewness is known (units of one size, cubes summed exactly)
 * and the interval would claim more than it has. A rare large value not seen yet shows no
 * skewness: no caution can say that.
 */
export function meanCaution(sums: ClusterSums): string | null {
  const { clusters, n } = sums;
  const unitWord = clusters === n ? 'matches' : 'units';
  const skewness = unitSkewness(sums);
  const asked = 25 * skewness * skewness;
  // The units measured, not the matches played: a figure some matches lack (a round of first death) has fewer (review 27d).
  // Stryker disable next-line EqualityOperator: (<) a count of units exactly 25·G₁² is where the rule's line falls either way
  if (clusters <= asked) return `skewed (G₁ = ${skewness.toFixed(1)}): Cochran's rule asks for more than ${Math.ceil(asked)} ${unitWord} for a t interval, and it was measured over ${clusters}, so its interval may cover less than it says`;
  if (clusters < FEW_UNITS) return `measured over few units (${clusters} ${unitWord}): a t interval needs ${FEW_UNITS} for a figure as skewed as a geometric game length (G₁ = 2), which so few cannot rule out, so its interval may cover less than it says`;
  return null;
}

/**
 * G₁, the adjusted sample skewness of the units' totals x_c, where it can be read; NaN where it
 * cannot (no comparison with NaN holds, so no count passes for asking more than it): cubes
 * unknown (sums kept before them, or made by hand), fewer than 3 units (two are always
 * symmetric), units of several sizes (a failed match left a pair one short: no one unit's figure
 * to be skewed), or every unit's total alike.
 */
function unitSkewness(sums: ClusterSums): number {
  const { clusters, n, x, xx } = sums;
  if (sums.aaa === undefined || sums.xxx === undefined) return Number.NaN;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) two units are always symmetric: a third moment of 0 times the adjustment's 1/0 is NaN, and three units have a skewness
  if (clusters < 3) return Number.NaN;
  if (sums.nn * clusters !== n * n) return Number.NaN;
  // Central moments of the units' totals x_c (one size, so the skewness of x_c − R·n_c alike),
  // from the exact sums in BigInt: C²·m₂ = C·Σx² − (Σx)², C³·m₃ = C²·Σx³ − 3C·Σx·Σx² + 2(Σx)³.
  // In doubles their terms (10¹⁸ for figures near 10⁶) cancel to rounding: figures of 999,999
  // and 1,000,000 alike read G₁ = 2,000 (review 27e). A second moment of 0 (every unit's total
  // alike) leaves a skewness of NaN.
  const units = BigInt(clusters);
  const total = BigInt(x);
  const squares = BigInt(xx);
  const second = units * squares - total * total;
  const third = units * units * BigInt(sums.xxx as number | string) - 3n * units * total * squares + 2n * total * total * total;
  return (Number(third) / Number(second) ** 1.5) * (Math.sqrt(clusters * (clusters - 1)) / (clusters - 2));
}
