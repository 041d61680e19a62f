/**
 * `hordelab check`: plays each check's matches in growing batches (the first `batch`, then twice
 * as many each time) on a shared worker pool, and after every batch (a *look*) asks at each band
 * edge whether the metric is clearly above or below it. A check stops as soon as the answer is
 * clear: pass, fail, or inconclusive when the budget runs out first.
 *
 * Error rates (α = 1 − confidence): at the lower edge of a band the test sets edge − margin
 * against edge + margin with α for a wrong "above" (a wrong pass) and α/2 for a wrong "below"
 * (a wrong fail); at the upper edge the other way round. So a metric inside the band (by more
 * than the margin) fails with chance at most α, and one outside passes with chance at most α,
 * under early stopping.
 *
 * A rate is tested with Wald's SPRT (`stats/sprt.ts`). Correlated trials (events of one match,
 * the matches of a rotated pair) count as n / designEffect, with the design effect the summary
 * measures from the clusters at each look (Kish's effective sample; the variance inflation the
 * SPRT's binomial likelihood omits). A mean has no likelihood to test; it is judged by repeated
 * confidence intervals over the planned looks (`stats/repeated-interval.ts`), the summary's own
 * clustered intervals asked for at each look's confidence.
 *
 * The matches are those of `hordelab run` on the same scenario: match i has the same seed.
 */
import { scenarioSkill } from '../ladder/skill.js';
import { games } from '../registry.js';
import { QUALITY_KEY } from '../quality/quality-report.js';
import { CUSTOM_PLACEMENT } from '../reports/custom-metrics.js';
import { MetricFailure, ReproducibleFailure, UsageError } from '../core/errors.js';
import type { MatchFailureData } from '../core/match-runner.js';
import { shellQuote } from '../cli/shell-quote.js';
import { replayCommand } from '../run/replay.js';
import { boundProblem, BOUNDS } from '../core/input-bounds.js';
import { withUnseenEvents } from '../reports/generic-report.js';
import { emptyOutcomes, mergeOutcomes, outcomeFigureKinds, summarizeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import { flattenMetrics, type MeanMetric, type Metric, type RateMetric } from '../present/metrics.js';
import { BatchPlayer } from '../run/batches.js';
import type { MeanEstimate } from '../stats/clusters.js';
import { effectiveRateInterval, type RateEstimate } from '../stats/rate-interval.js';
import { fixedSizeMeanMatches, lookConfidence, lookSchedule, meanEdgeDecision, type MeanEdgeLook } from '../stats/repeated-interval.js';
import { fixedSizeTrials, sprt, type SprtDecision, type SprtState } from '../stats/sprt.js';
import { baselineRecord, checkBaselineFolder, checkBaselineTargets, compareWithBaseline, readBaseline, writeBaseline, type BaselineComparison } from './baseline.js';
import { formatBand, type Band, type CheckSpec } from './check-file.js';
import { fixedHalfEven, percentOf } from '../reports/format.js';

export { checkBaselineFolder, readBaseline, type BaselineRecord } from './baseline.js';

export type CheckStatus = 'pass' | 'fail' | 'inconclusive';

/** What a check measures: a rate (SPRT) or a mean (repeated intervals). */
export type CheckedKind = 'rate' | 'mean';

/** The state of one edge's test at the last look. */
export type EdgeState = ({ readonly edge: number } & SprtState) | MeanEdgeLook;

/** Why a check with a baseline folder given was not compared with a baseline. */
const NO_BASELINE = 'no baseline stored for it in the baseline folder, so its regression test did not run (store one with --update-baseline)';

export interface CheckResult {
  readonly name: string;
  readonly file: string;
  readonly metric: string;
  readonly kind: CheckedKind;
  readonly band: string;
  readonly status: CheckStatus;
  /** Why, in one sentence. */
  readonly reason: string;
  readonly matches: number;
  readonly budget: number;
  /** Matches a fixed-size test with the same error rates at this margin would have needed (NaN for a mean without spread). */
  readonly fixedSizeMatches: number;
  /** The metric at the check's confidence: a rate, or a mean. */
  readonly estimate: RateEstimate | MeanEstimate;
  readonly edges: readonly EdgeState[];
  readonly baseline: BaselineComparison | null;
  /** A baseline folder was given (not to update) but held no baseline for this check: its regression test did not run. */
  readonly missingBaseline: boolean;
  readonly seconds: number;
  readonly failedMatches: number;
  /** Who played the check's matches, seat by seat ("greedy vs random, seats rotated"): the skill its verdict is of. */
  readonly agents: string;
  /** The warning that a seat played at random, whose verdict may not hold under competent play; null when none did. */
  readonly randomPlay: string | null;
}

export interface CheckOptions {
  readonly workers: number;
  /** Seconds a match may run on a worker thread before the thread is killed and the match fails; 0 for no limit. */
  readonly matchTimeoutSeconds?: number;
  readonly baselineDir?: string;
  readonly updateBaseline?: boolean;
  /**
   * With `updateBaseline`: called once every check has played, before the first baseline is
   * stored; a throw stores none (the CLI re-checks its output files here).
   */
  readonly beforeStoring?: () => void;
  readonly onBatch?: (check: CheckSpec, matches: number) => void;
  /** The matches of `check` played so far, as each chunk of a batch finishes (progress: a batch of a slow game takes minutes). */
  readonly onMatches?: (check: CheckSpec, matches: number) => void;
}

/** The metric in a summary, or a clear error listing the figures there are. */
function findMetric(summary: unknown, check: CheckSpec): Metric {
  // An event type no match has emitted yet counts 0 in each: a rare event is no misspelt metric.
  const metrics = flattenMetrics(withUnseenEvents(summary, [check.metric]));
  const metric = metrics.find((candidate) => candidate.path === check.metric);
  if (metric !== undefined) return metric;
  // The figures beside the name where there are any (trapSuccess.byRate.rate80's for a misspelt one of them), else all.
  const near = figuresNear(new Map(metrics.map((candidate) => [candidate.path, candidate.kind])), check.metric);
  throw new UsageError([{ source: check.file, field: `checks[${check.index}].metric`, message: `no metric "${check.metric}" in ${check.scenario.entry.game.id} results; rates and means near it: ${someNames(near)}` }]);
}

const bandField = (band: Band): string => (band.kind === 'between' ? 'between' : band.kind);
const bandValues = (band: Band): number[] => (band.kind === 'between' ? [band.low, band.high] : [band.value]);

/**
 * A rate's band lies in 0..1 and its margin under 0.5 (the SPRT's two rates must be rates); a
 * mean's are in the mean's own units. Checked as soon as the metric's kind is known: before any
 * match where the empty summary already has it, else at the first look.
 */
function checkBandFits(check: CheckSpec, kind: CheckedKind): void {
  if (kind === 'mean') return;
  const field = `checks[${check.index}]`;
  const outside = bandValues(check.band).find((value) => value < 0 || value > 1);
  if (outside !== undefined) {
    throw new UsageError([{ source: check.file, field: `${field}.${bandField(check.band)}`, message: `expected a band within 0..1, got ${outside} (${check.metric} is a rate)` }]);
  }
  // A band holding every rate cannot fail: a gate that always passes, whatever the game does.
  const band = check.band;
  const holdsAll = band.kind === 'between' ? band.low <= 0 && band.high >= 1 : band.kind === 'atLeast' ? band.value <= 0 : band.value >= 1;
  if (holdsAll) {
    throw new UsageError([
      { source: check.file, field: `${field}.${bandField(band)}`, message: `every rate is ${band.kind === 'between' ? 'between 0 and 1' : band.kind === 'atLeast' ? 'at least 0' : 'at most 1'}, so this check cannot fail; expected a band that excludes some rates (${check.metric} is a rate)` },
    ]);
  }
  // The margin's own bound before any edge is suggested beside it: a margin of 0.6 was told to
  // try atLeast: -0.2, and never that the margin itself was out of bounds (review 34a F6).
  const margin = boundProblem(BOUNDS.margin, check.margin);
  if (margin !== null) throw new UsageError([{ source: check.file, field: `${field}.margin`, message: `${margin} (${check.metric} is a rate)` }]);
  // A band holding no rate but 1 (or 0) cannot pass: no count of matches, all won, shows a rate
  // of 100% rather than just below it (audit 33b: `atLeast: 1` failed a game won every time,
  // saying the rate was below the edge). A `between` band is wider than one rate and within 0..1.
  const holdsOnlyAnEnd = band.kind === 'atLeast' ? band.value >= 1 : band.kind === 'atMost' && band.value <= 0;
  if (holdsOnlyAnEnd) {
    const end = band.kind === 'atLeast' ? 1 : 0;
    // An edge the margin fits beside, as the test below takes one: twice the margin in from the
    // end (review 33c: 0.99 with the default margin of 0.01 was refused in turn), or, where that
    // leaves the margin reaching past the other end (a margin of 1/3 or more), the middle, which
    // every margin under 0.5 fits beside (review 34a F6: with 0.4, atLeast: 0.2 was suggested and
    // then refused).
    const twice = +(2 * check.margin).toPrecision(6);
    const near = end === 1 ? +(1 - twice).toPrecision(6) : twice;
    const suggested = `${band.kind}: ${marginFitsBeside(near, check.margin) ? near : 0.5}`;
    throw new UsageError([
      {
        source: check.file,
        field: `${field}.${bandField(band)}`,
        message: `no number of matches shows a rate of exactly ${end === 1 ? '100%' : '0%'} (every one ${end === 1 ? 'a success' : 'a failure'} still allows a rate just ${end === 1 ? 'below' : 'above'} it), so this check cannot pass; expected an edge inside 0..1 that the margin of ${check.margin} fits beside, such as ${suggested} (${check.metric} is a rate)`,
      },
    ]);
  }
  // Each edge inside (0, 1) is tested as edge − margin against edge + margin, both rates: a zone
  // running past 0 or 1 was clamped inside the test, which then had other error rates than said.
  for (const edge of bandValues(band)) {
    if (edge <= 0 || edge >= 1 || marginFitsBeside(edge, check.margin)) continue;
    const room = Math.min(edge, 1 - edge);
    throw new UsageError([
      {
        source: check.file,
        field: `${field}.margin`,
        message: `${check.margin} reaches past ${edge - check.margin <= 0 ? 0 : 1} from the edge ${edge} (the test weighs edge − margin against edge + margin, both rates); expected a margin below ${+room.toPrecision(6)} for this band`,
      },
    ]);
  }
}

/** A rate's edge inside (0, 1) whose test, edge − margin against edge + margin, weighs two rates. */
function marginFitsBeside(edge: number, margin: number): boolean {
  return edge - margin > 0 && edge + margin < 1;
}

interface EdgeTest {
  readonly edge: number;
  /** Error rate of a wrong "above", and of a wrong "below". */
  readonly alpha: number;
  readonly beta: number;
}

function edgeTests(check: CheckSpec): EdgeTest[] {
  const error = 1 - check.confidence;
  if (check.band.kind === 'between') {
    return [
      { edge: check.band.low, alpha: error, beta: error / 2 },
      { edge: check.band.high, alpha: error / 2, beta: error },
    ];
  }
  return [{ edge: check.band.value, alpha: error, beta: error }];
}

/** The verdict the edges' decisions give, or null to play on. */
function decide(check: CheckSpec, kind: CheckedKind, decisions: readonly SprtDecision[]): { status: CheckStatus | null; reason: string } {
  const [first, second] = decisions;
  if (check.band.kind === 'between') {
    if (first === 'below') return { status: 'fail', reason: `the ${kind} is below the band` };
    if (second === 'above') return { status: 'fail', reason: `the ${kind} is above the band` };
    if (first === 'above' && second === 'below') return { status: 'pass', reason: `the ${kind} is inside the band` };
    return { status: null, reason: '' };
  }
  if (first === 'continue' || first === undefined) return { status: null, reason: '' };
  const above = first === 'above';
  const pass = check.band.kind === 'atLeast' ? above : !above;
  return { status: pass ? 'pass' : 'fail', reason: above ? `the ${kind} is above the edge` : `the ${kind} is below the edge` };
}

/** The states of a rate's SPRTs at this look. */
function rateEdges(metric: RateMetric, tests: readonly EdgeTest[], margin: number): EdgeState[] {
  // The measured variance inflation; a rate at 0 or 1 (or every cluster alike) measures none.
  const designEffect = metric.designEffect > 0 ? metric.designEffect : 1;
  const successes = metric.successes / designEffect;
  const trials = metric.n / designEffect;
  // An edge at 0 or 1 cannot be crossed: every rate is above 0 and below 1.
  return tests.map((test): EdgeState => {
    if (test.edge <= 0) return { edge: test.edge, llr: Infinity, lowerBound: 0, upperBound: 0, decision: 'above' };
    if (test.edge >= 1) return { edge: test.edge, llr: -Infinity, lowerBound: 0, upperBound: 0, decision: 'below' };
    return { edge: test.edge, ...sprt(successes, trials, test.edge, margin, test.alpha, test.beta) };
  });
}

/** The states of a mean's repeated-interval tests at this look: each bound at its look confidence. */
function meanEdges(meanAt: (confidence: number) => MeanMetric, tests: readonly EdgeTest[], margin: number, looks: number): EdgeState[] {
  return tests.map((test) => {
    const low = meanAt(lookConfidence(test.alpha, looks));
    const high = meanAt(lookConfidence(test.beta, looks));
    return meanEdgeDecision(low.value, low.lower, high.upper, test.edge, margin);
  });
}

/**
 * A check's match failed (its agent or game threw, or broke its thread), or its figures did (a
 * metric module threw, or match 0 played again went otherwise): the check cannot be judged. Names the match and what plays it again: `hordelab replay` of the scenario file when
 * one can (with the check's `set:` and seed), else the checks file itself, whose matches are a
 * pure function of it, so the same match fails again; either with the `--match-timeout` given.
 */
function matchFailed(check: CheckSpec, failure: Pick<MatchFailureData, 'message' | 'matchIndex'>, matchTimeoutSeconds: number | undefined): ReproducibleFailure {
  const limit = matchTimeoutSeconds === undefined ? '' : ` --match-timeout ${matchTimeoutSeconds}`;
  const reproduce =
    check.replaySets === null
      ? `hordelab check ${shellQuote(check.file)}${limit} (check ${check.name} fails again at match ${failure.matchIndex})`
      : replayCommand(check.scenario.file, failure.matchIndex, check.scenario.seed, check.replaySets, { matchTimeoutSeconds });
  return new ReproducibleFailure(`check ${check.name}: ${failure.message}`, reproduce);
}

/**
 * One check in play: its batches, played one look at a time, each its own (its seeds, its
 * batches' ends), so a check's verdict is the same whatever other checks play between its looks.
 */
class CheckInPlay {
  private readonly aggregate: unknown;
  private readonly outcomes: OutcomeAggregate;
  private readonly tests: EdgeTest[];
  private readonly schedule: number[];
  private looks = 0;
  private played = 0;
  private failedMatches = 0;
  private metric: Metric | null = null;
  private states: EdgeState[] = [];
  private status: CheckStatus | null = null;
  private reason = '';
  /** Milliseconds spent on this check's own looks: other checks play between them. */
  private busy = 0;

  constructor(
    private readonly check: CheckSpec,
    private readonly player: BatchPlayer,
    private readonly options: CheckOptions,
  ) {
    this.aggregate = check.scenario.entry.report.emptyAggregate();
    this.outcomes = emptyOutcomes(check.scenario.entry.game.seats.length);
    this.tests = edgeTests(check);
    this.schedule = lookSchedule(check.batch, check.budget, check.scenario.rotate);
  }

  /** Decided, or its budget played. */
  get done(): boolean {
    return this.status !== null || this.looks === this.schedule.length;
  }

  private summaryAt(confidence: number): unknown {
    const { report } = this.check.scenario.entry;
    return { ...(report.summarize(this.aggregate, confidence) as Record<string, unknown>), outcomes: summarizeOutcomes(this.outcomes, confidence) };
  }

  /**
   * Plays the next batch and judges the check on everything played so far. The first look also
   * checks the metric's name and band where only play could tell them (`checkMetricName`).
   */
  async look(): Promise<void> {
    const started = performance.now();
    const { check, options } = this;
    const end = this.schedule[this.looks] as number;
    let inBatch = 0;
    const result = await this.player
      .play(check.scenario, this.played, end, (matches) => {
        inBatch += matches;
        options.onMatches?.(check, this.played + inBatch);
      })
      .catch((error: unknown) => {
        // A metric failure stops the whole command; said with the check's own replay line, which
        // names its scenario file (the command's own arguments name only the checks file).
        throw error instanceof MetricFailure ? matchFailed(check, error, options.matchTimeoutSeconds) : error;
      });
    this.looks++;
    this.failedMatches += result.failures.length;
    if (result.failures.length > 0) {
      throw matchFailed(check, result.failures[0] as MatchFailureData, options.matchTimeoutSeconds);
    }
    check.scenario.entry.report.mergeAggregates(this.aggregate, result.aggregate);
    mergeOutcomes(this.outcomes, result.outcomes);
    this.played = end;
    options.onBatch?.(check, this.played);
    const metric = findMetric(this.summaryAt(check.confidence), check);
    this.metric = metric;
    checkBandFits(check, metric.kind);
    // A band's two edges ask for the same two confidences: summarize each once per look.
    const atConfidence = new Map<number, MeanMetric>();
    const meanAt = (confidence: number): MeanMetric => {
      let found = atConfidence.get(confidence);
      if (found === undefined) atConfidence.set(confidence, (found = findMetric(this.summaryAt(confidence), check) as MeanMetric));
      return found;
    };
    this.states = metric.kind === 'rate' ? rateEdges(metric, this.tests, check.margin) : meanEdges(meanAt, this.tests, check.margin, this.schedule.length);
    ({ status: this.status, reason: this.reason } = decide(check, metric.kind, this.states.map((state) => state.decision)));
    this.busy += performance.now() - started;
  }

  /** The check's result once it is done, with its baseline compared, or queued on `toStore`. */
  result(toStore: (() => void)[]): CheckResult {
    const started = performance.now();
    const { check, options, metric, tests, played } = this;
    if (metric === null) throw new Error(`check ${check.name} played no match`);
    let status = this.status;
    let reason = this.reason;
    if (status === null) {
      status = 'inconclusive';
      reason = inconclusiveReason(check, metric);
    }
    const designEffect = metric.designEffect > 0 ? metric.designEffect : 1;
    // A metric without a single sample (a rate no match gave a trial, a ratio whose denominators
    // were all 0) has no value: nothing to store as a baseline, or to set against one.
    const noSamples = metric.n === 0;
    const baseline = noSamples ? null : compareOrStore(check, metric, designEffect, options, toStore);
    if (baseline?.moved === true) {
      status = 'fail';
      const was = 'rate' in baseline ? `${percentOf(baseline.rate, 1)}%` : `${baseline.mean}`;
      const by = 'rate' in baseline ? (x: number): string => fixedHalfEven(100 * x, 1) : (x: number): string => `${+x.toPrecision(4)}`;
      const unit = 'rate' in baseline ? ' points' : '';
      reason = `the ${metric.kind} moved from the baseline's ${was} by ${by(baseline.difference)}${unit} [${by(baseline.lower)}, ${by(baseline.upper)}]${reason === '' ? '' : `; ${reason}`}`;
    }
    const missingBaseline = !noSamples && baseline === null && options.baselineDir !== undefined && options.updateBaseline !== true;
    if (missingBaseline) reason = reason === '' ? NO_BASELINE : `${reason}; ${NO_BASELINE}`;
    if (noSamples && options.baselineDir !== undefined) reason = `${reason}; with no samples, it was not ${options.updateBaseline === true ? 'stored as a baseline' : 'compared with its baseline'}`;
    return {
      name: check.name,
      file: check.file,
      metric: check.metric,
      kind: metric.kind,
      band: formatBand(check.band, metric.kind),
      status,
      reason,
      matches: played,
      budget: check.budget,
      fixedSizeMatches: fixedSize(check, metric, tests, played, designEffect),
      estimate: estimateOf(metric, check, designEffect),
      edges: this.states,
      baseline,
      missingBaseline,
      seconds: Math.round(this.busy + performance.now() - started) / 1000,
      failedMatches: this.failedMatches,
      ...scenarioSkill(check.scenario.seats, check.scenario.rotate),
    };
  }
}

/**
 * Why a check ran out of budget. A mean that never varied gets its own reason: no count of equal
 * matches can decide it. A rate that is always 0 or always 1 is decided anyway, because every
 * trial is 0 or 1: the rule of three bounds how often a trial could differ, and that bounds the
 * rate. A mean's values have no known bound. Say 2,000 matches all last 12 decisions. That limits
 * matches of another length to under 0.2% (at 97.5%), but not how long they are. One match in
 * 1,000 lasting 5,000 decisions would still put the mean near 17, so "at most 11" cannot be
 * failed, or "at most 13" passed, at the stated error rate. The check still plays its whole
 * budget, since a figure that varies rarely may yet show its spread, and then it is judged.
 */
export function inconclusiveReason(check: Pick<CheckSpec, 'budget'>, metric: Metric): string {
  if (metric.n === 0) {
    const what = metric.kind === 'rate' ? 'no match gave it a trial' : `no match gave it a sample${metric.note === undefined ? '' : ` (${metric.note})`}`;
    const kind = metric.kind === 'mean' && metric.ratio === true ? 'ratio' : metric.kind;
    return `no samples: in ${check.budget} matches ${what}, so the ${kind} has no value to judge; its budget was played looking for one`;
  }
  // An event type no match of the budget emitted (withUnseenEvents): it cannot be told from a
  // misspelt type, so it decides nothing, and says which types were emitted.
  if (metric.kind === 'mean' && metric.note?.startsWith('no match emitted ') === true) {
    return `${metric.note}; an event type that never happened cannot be told from a misspelt one, so it decides nothing; its budget of ${check.budget} matches was played looking for it`;
  }
  if (metric.kind === 'mean' && !Number.isFinite(metric.lower) && metric.sd === 0 && metric.n > 1) {
    return (
      `no variation observed (${metric.note ?? `all ${metric.n} samples equal`}: ${+metric.value.toPrecision(6)}), so the mean has no interval; ` +
      `equal samples bound how often a match could differ, not by how much (a mean has no known bounds), so no count of them decides the check; ` +
      `its budget of ${check.budget} matches was played looking for variation`
    );
  }
  const noInterval = metric.kind === 'mean' && !Number.isFinite(metric.lower) ? ` (no interval: ${metric.note ?? 'no spread'})` : '';
  return `the budget of ${check.budget} matches ran out before the ${metric.kind} was clearly inside or outside${noInterval}`;
}

/** The metric at the check's confidence, as the result reports it. */
function estimateOf(metric: Metric, check: CheckSpec, designEffect: number): RateEstimate | MeanEstimate {
  if (metric.kind === 'rate') return effectiveRateInterval(metric.successes, metric.n, designEffect, metric.clusters, check.confidence);
  const { value: mean, lower, upper, sd, n, clusters, note, caution } = metric;
  return { mean, lower, upper, sd, n, designEffect, clusters, ...(note === undefined ? {} : { note }), ...(caution === undefined ? {} : { caution }) };
}

/**
 * Matches a fixed-size test with the same error rates would need. A rate's counts trials, and
 * per-event rates (catch attempts) have several per match, so convert with the trials per match
 * seen; a mean's comes from its measured variance.
 */
function fixedSize(check: CheckSpec, metric: Metric, tests: readonly EdgeTest[], played: number, designEffect: number): number {
  // No samples, no variance and no trials per match to scale by.
  if (metric.n === 0) return Number.NaN;
  const inner = tests.filter((test) => metric.kind === 'mean' || (test.edge > 0 && test.edge < 1));
  if (metric.kind === 'mean') {
    const variance = (designEffect * metric.sd * metric.sd) / metric.n;
    const counts = inner.map((test) => fixedSizeMeanMatches(variance, played, check.margin, test.alpha, test.beta)).filter((count) => Number.isFinite(count));
    return counts.length === 0 ? Number.NaN : Math.max(...counts);
  }
  const trialsPerMatch = metric.n / played;
  return Math.ceil((Math.max(0, ...inner.map((test) => fixedSizeTrials(test.edge, check.margin, test.alpha, test.beta))) * designEffect) / Math.max(trialsPerMatch, 1e-9));
}

/**
 * With `--baseline`: the comparison with the stored figures, or (`--update-baseline`) the
 * baseline to store, queued on `toStore`: none is written until every check has played.
 */
function compareOrStore(check: CheckSpec, metric: Metric, designEffect: number, options: CheckOptions, toStore: (() => void)[]): BaselineComparison | null {
  const dir = options.baselineDir;
  if (dir === undefined) return null;
  if (options.updateBaseline) {
    const record = baselineRecord(check, metric, designEffect);
    toStore.push(() => writeBaseline(dir, check, record));
    return null;
  }
  const stored = readBaseline(dir, check);
  return stored === null ? null : compareWithBaseline(dir, check, stored, metric, designEffect);
}

/** Up to a dozen names, and how many there are past those. */
function someNames(names: readonly string[]): string {
  return names.length > 12 ? `${names.slice(0, 12).join(', ')}, ... (${names.length} in all)` : names.join(', ');
}

/** The figures of `figures` under the deepest group above `path` that holds any: a misspelt name's neighbours. */
function figuresNear(figures: ReadonlyMap<string, CheckedKind>, path: string): string[] {
  const parts = path.split('.');
  for (let depth = parts.length - 1; depth >= 0; depth--) {
    const prefix = depth === 0 ? '' : `${parts.slice(0, depth).join('.')}.`;
    const near = [...figures.keys()].filter((figure) => figure.startsWith(prefix));
    if (near.length > 0) return near;
  }
  return [];
}

const isGroup = (node: unknown): node is Record<string, unknown> => typeof node === 'object' && node !== null && !Array.isArray(node);

/** A group the empty summary cannot name the contents of: a section only some matches fill (null), or one keyed by what happens ({}). */
const filledByPlay = (node: unknown): boolean => node === null || (isGroup(node) && Object.keys(node).length === 0);

/**
 * The kind of the figure `path` names in a game's results for no matches (`empty`), null where
 * those cannot tell (the path reaches a group filled only by play: one card's, one event
 * type's, checked at the check's first look), or why no run has it. With `namesKnown` (results
 * Hordelab's own reports write), a group the empty summary already fills keeps its names in
 * play, so a name it lacks, at any depth, is a typo; a game module's report or a custom metric
 * may add names in play to a group it fills before, so there such a name waits for the first look.
 */
function kindInEmptySummary(empty: Record<string, unknown>, path: string, namesKnown: boolean): { kind: CheckedKind | null } | { problem: string } {
  const figures = new Map(flattenMetrics(empty).map((metric) => [metric.path, metric.kind]));
  const known = figures.get(path);
  if (known !== undefined) return { kind: known };
  const parts = path.split('.');
  // A name below a figure (`p1WinRate.rat`, `p1WinRate.lower`): its parts are no figures of their own.
  const above = (depth: number): string => parts.slice(0, depth).join('.');
  const figureAbove = parts
    .map((_, depth) => above(depth))
    .find((prefix) => figures.has(prefix) && ![...figures.keys()].some((figure) => figure.startsWith(`${prefix}.`)));
  let node: unknown = empty;
  for (const [depth, part] of parts.entries()) {
    if (filledByPlay(node)) return { kind: null };
    if (figureAbove !== undefined && above(depth) === figureAbove) return { problem: `${figureAbove} is a figure, with no figures inside it; name ${figureAbove}` };
    if (!isGroup(node)) return { problem: `${above(depth)} is ${describeValue(node)}, with no figures inside it` };
    if (!Object.hasOwn(node, part)) {
      if (!namesKnown) return { kind: null };
      const near = figuresNear(figures, path);
      return { problem: `${above(depth)} has no "${part}"${near.length === 0 ? `; it holds ${Object.keys(node).join(', ')}` : `; rates and means near it: ${someNames(near)}`}` };
    }
    node = node[part];
  }
  if (filledByPlay(node)) return { kind: null };
  const inside = [...figures.keys()].filter((figure) => figure.startsWith(`${path}.`));
  if (inside.length > 0) return { problem: `${path} is a group of figures, not one; name one of them, such as ${inside.slice(0, 3).join(', ')}` };
  // A group holding groups filled by play (trapSuccess.byRate) may yet hold figures.
  if (isGroup(node) && Object.values(node).some((child) => filledByPlay(child) || isGroup(child))) return { kind: null };
  return { problem: `${path} is ${describeValue(node)}, not a rate or mean with an interval` };
}

/** A summary's value that is no figure, in words. */
function describeValue(value: unknown): string {
  if (typeof value === 'number') return 'a plain number';
  if (isGroup(value)) return `an interval of another kind (${Object.keys(value).slice(0, 3).join(', ')})`;
  return Array.isArray(value) ? 'a list' : `a ${typeof value}`;
}

/**
 * What a check's metric can name, checked before any match as far as it can be known then: the
 * outcome tables' figures, which the seats fix (`outcomes.bySeat.<seat>.win`, ...,
 * `outcomes.byAgent.<name>.overall.win`, ...), and the game's results as far as its empty
 * summary goes (audit 39b M1: a typo below the first name, or a band of 55 on an outcome rate,
 * was found only after every earlier check had played). Returns the metric's kind where known,
 * whose band is then checked too; null where only play can tell (a name below a group filled by
 * play), which the check's first look checks, before any check plays on (`runChecks`).
 */
function checkMetricName(check: CheckSpec): CheckedKind | null {
  const { report } = check.scenario.entry;
  const empty = report.summarize(report.emptyAggregate(), check.confidence) as Record<string, unknown>;
  const field = `checks[${check.index}].metric`;
  if (check.metric.startsWith('outcomes.')) {
    const seating = check.scenario.seats.map((seat) => seat.name);
    const names = [...new Set(seating)];
    const seats = check.scenario.entry.game.seats.map((_, index) => `seat${index + 1}`);
    const known = [...names.map((name) => `outcomes.byAgent.${name}.`), ...seats.map((seat) => `outcomes.bySeat.${seat}.`)];
    const twice = names.find((name) => check.scenario.seats.filter((seat) => seat.name === name).length > 1);
    if (twice !== undefined && check.metric.startsWith(`outcomes.byAgent.${twice}.`)) {
      throw new UsageError([
        { source: check.file, field, message: `"${twice}" plays more than one seat of each match, so its matches are not independent trials; name the seats apart (seats: [{ agent, name }]) or check outcomes.bySeat` },
      ]);
    }
    if (!known.some((prefix) => check.metric.startsWith(prefix))) {
      throw new UsageError([
        {
          source: check.file,
          field,
          message: `no metric "${check.metric}"; per-agent rates are outcomes.byAgent.<agent>.overall.win (or .draw, .loss, .bySeat.seat1.win), with agents ${names.join(', ')}; per-seat rates outcomes.bySeat.<seat>.win, with seats ${seats.join(', ')}`,
        },
      ]);
    }
    // A rotated pair's second match seats the agents the other way round.
    const seatings = check.scenario.rotate ? [seating, [...seating].reverse()] : [seating];
    const figures = new Map([...outcomeFigureKinds(seats.length, seatings)].map(([path, kind]) => [`outcomes.${path}`, kind]));
    const kind = figures.get(check.metric);
    if (kind === undefined) {
      throw new UsageError([{ source: check.file, field, message: `no metric "${check.metric}"; the outcome figures near it are ${someNames(figuresNear(figures, check.metric))}` }]);
    }
    return kind;
  }
  const top = check.metric.split('.')[0] as string;
  if (!Object.hasOwn(empty, top)) {
    throw new UsageError([
      { source: check.file, field, message: `no metric "${check.metric}" in ${check.scenario.entry.game.id} results; they start with: ${Object.keys(empty).join(', ')}, or outcomes.byAgent.<agent>.overall.win` },
    ]);
  }
  // Hordelab's own reports name every figure of a filled group before play: a built-in game's,
  // and the quality figures every run adds (checked over all five games); a game module's report
  // and a custom metric are someone else's code.
  // A scenario holds a copy of the entry (its report wrapped), not the registry's: told by the game itself.
  const builtIn = games.get(check.scenario.entry.game.id)?.game === check.scenario.entry.game;
  const namesKnown = top === QUALITY_KEY || (builtIn && top !== CUSTOM_PLACEMENT.key);
  const found = kindInEmptySummary(empty, check.metric, namesKnown);
  if ('problem' in found) throw new UsageError([{ source: check.file, field, message: `no metric "${check.metric}" in ${check.scenario.entry.game.id} results: ${found.problem}` }]);
  return found.kind;
}

/**
 * Runs every check on one worker pool: the first batch of each, in order, then each in order to
 * its verdict. The results are in the checks' order.
 */
export async function runChecks(checks: readonly CheckSpec[], options: CheckOptions): Promise<CheckResult[]> {
  // Before any match: baselines must be there and match their checks, and each metric must be
  // one the game reports as far as that is known without play, with a band that fits it where
  // its kind is known.
  if (options.baselineDir !== undefined && !options.updateBaseline) checkBaselineFolder(options.baselineDir, checks);
  if (options.baselineDir !== undefined && options.updateBaseline === true) checkBaselineTargets(options.baselineDir, checks);
  for (const check of checks) {
    const kind = checkMetricName(check);
    if (kind !== null) checkBandFits(check, kind);
  }
  const player = new BatchPlayer(options.workers, options.matchTimeoutSeconds);
  try {
    const results: CheckResult[] = [];
    // Baselines are stored together at the end: a later check's failed match, or an output the
    // caller can no longer write, must not leave the folder half old and half new.
    const toStore: (() => void)[] = [];
    const inPlay = checks.map((check) => new CheckInPlay(check, player, options));
    // Every check's first look before any check's second: a metric name or band only play can
    // check (a name below a group filled by play) is refused after one batch of each check, not
    // after every earlier check has played its budget (audit 39b M1). Each check's looks are its
    // own, so only the order they are played in moves, never a verdict.
    for (const check of inPlay) await check.look();
    for (const check of inPlay) {
      while (!check.done) await check.look();
      results.push(check.result(toStore));
    }
    if (toStore.length > 0) {
      options.beforeStoring?.();
      for (const store of toStore) store();
    }
    return results;
  } finally {
    await player.close();
  }
}
