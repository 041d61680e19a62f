/**
 * `hordelab check`: plays each check's matches in growing batches (the first `batch`, then twice
 * as many each time) on a shared worker pool, and after every batch asks an SPRT at each band
 * edge whether the rate is clearly above or below it. A check stops as soon as the answer is
 * clear: pass, fail, or inconclusive when the budget runs out first.
 *
 * Error rates (α = 1 − confidence): at the lower edge of a band the SPRT tests edge − margin
 * against edge + margin with α for a wrong "above" (a wrong pass) and α/2 for a wrong "below"
 * (a wrong fail); at the upper edge the other way round. So a rate inside the band (by more than
 * the margin) fails with chance at most α, and a rate outside passes with chance at most α, under
 * early stopping. Correlated trials (events of one match, the matches of a rotated pair) count
 * as n / designEffect, with the design effect the summary measures from the clusters at each
 * look (Kish's effective sample; the variance inflation the SPRT's binomial likelihood omits).
 *
 * The matches are those of `hordelab run` on the same scenario: match i has the same seed.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';
import { BOUNDS, boundedNumber } from '../core/input-bounds.js';
import { formatPath } from '../core/parameters.js';
import { emptyOutcomes, mergeOutcomes, summarizeOutcomes } from '../reports/outcomes.js';
import { flattenMetrics, type RateMetric } from '../present/metrics.js';
import { BatchPlayer } from '../run/batches.js';
import { effectiveRateInterval, type RateEstimate } from '../stats/rate-interval.js';
import { fixedSizeTrials, sprt, type SprtState } from '../stats/sprt.js';
import { twoProportionTest } from '../stats/tests.js';
import { formatBand, type CheckSpec } from './check-file.js';
import { writeAtomically } from '../run/atomic-file.js';

export type CheckStatus = 'pass' | 'fail' | 'inconclusive';

export interface BaselineRecord {
  readonly check: string;
  readonly metric: string;
  readonly successes: number;
  readonly n: number;
  readonly designEffect: number;
  readonly rate: number;
  readonly scenario: string;
  readonly seed: number;
}

export interface CheckResult {
  readonly name: string;
  readonly file: string;
  readonly metric: string;
  readonly band: string;
  readonly status: CheckStatus;
  /** Why, in one sentence. */
  readonly reason: string;
  readonly matches: number;
  readonly budget: number;
  /** Matches a fixed-size test with the same error rates at this margin would have needed. */
  readonly fixedSizeMatches: number;
  readonly estimate: RateEstimate;
  readonly edges: readonly { readonly edge: number; readonly llr: number; readonly lowerBound: number; readonly upperBound: number; readonly decision: string }[];
  readonly baseline: { readonly rate: number; readonly n: number; readonly difference: number; readonly lower: number; readonly upper: number; readonly pValue: number; readonly moved: boolean } | null;
  readonly seconds: number;
  readonly failedMatches: number;
}

export interface CheckOptions {
  readonly workers: number;
  readonly baselineDir?: string;
  readonly updateBaseline?: boolean;
  readonly onBatch?: (check: CheckSpec, matches: number) => void;
}

/** The metric's rate in a summary, or a clear error listing the rates there are. */
function findRate(summary: unknown, check: CheckSpec): RateMetric {
  const metrics = flattenMetrics(summary);
  const metric = metrics.find((candidate) => candidate.path === check.metric);
  if (metric === undefined || metric.kind !== 'rate') {
    const rates = metrics.filter((candidate) => candidate.kind === 'rate').map((candidate) => candidate.path);
    const shown = rates.length > 12 ? `${rates.slice(0, 12).join(', ')}, ... (${rates.length} in all)` : rates.join(', ');
    throw new UsageError([
      {
        source: check.file,
        field: `checks[${check.index}].metric`,
        message: `${metric === undefined ? `no metric "${check.metric}"` : `"${check.metric}" is a mean, and checks test rates`} in ${check.scenario.entry.game.id} results; rates there: ${shown}`,
      },
    ]);
  }
  return metric;
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

function decide(check: CheckSpec, states: readonly SprtState[]): { status: CheckStatus | null; reason: string } {
  const [first, second] = states;
  if (check.band.kind === 'between') {
    if (first?.decision === 'below') return { status: 'fail', reason: 'the rate is below the band' };
    if (second?.decision === 'above') return { status: 'fail', reason: 'the rate is above the band' };
    if (first?.decision === 'above' && second?.decision === 'below') return { status: 'pass', reason: 'the rate is inside the band' };
    return { status: null, reason: '' };
  }
  if (first?.decision === 'continue') return { status: null, reason: '' };
  const above = first?.decision === 'above';
  const pass = check.band.kind === 'atLeast' ? above : !above;
  return { status: pass ? 'pass' : 'fail', reason: above ? 'the rate is above the edge' : 'the rate is below the edge' };
}

const baselinePath = (dir: string, check: CheckSpec): string => join(dir, `${check.name}.json`);

const wholeCount = z.number().int().min(0);
const baselineSchema = z.strictObject({
  check: z.string(),
  metric: z.string(),
  successes: wholeCount,
  n: wholeCount,
  // Measured: below 1 where a rotated pair's matches pull apart (an agent's rates).
  designEffect: z.number().positive(),
  rate: z.number().min(0).max(1),
  scenario: z.string(),
  seed: boundedNumber(BOUNDS.seed),
});

/**
 * The stored baseline of a check, or null when there is none. A damaged file, or the baseline
 * of another metric or scenario, is refused naming the file and field: comparing with it would
 * mean nothing.
 */
export function readBaseline(dir: string, check: CheckSpec): BaselineRecord | null {
  const path = baselinePath(dir, check);
  if (!existsSync(path)) return null;
  const again = 'store a new one with --update-baseline';
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError([{ source: path, field: '', message: `not a baseline file: ${(error as Error).message.split('\n')[0]}; ${again}` }]);
  }
  const parsed = baselineSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = first === undefined ? '' : formatPath(first.path.map((key) => (typeof key === 'number' ? key : String(key))));
    throw new UsageError([{ source: path, field, message: `${first?.message ?? 'not a baseline file'}; ${again}` }]);
  }
  const record = parsed.data;
  if (record.successes > record.n) throw new UsageError([{ source: path, field: 'successes', message: `${record.successes} is more than n (${record.n}); ${again}` }]);
  if (record.metric !== check.metric || record.scenario !== check.scenarioLabel) {
    throw new UsageError([
      {
        source: path,
        field: record.metric !== check.metric ? 'metric' : 'scenario',
        message: `is the baseline of ${record.metric} in ${record.scenario}, but check ${check.name} measures ${check.metric} in ${check.scenarioLabel}; ${again}`,
      },
    ]);
  }
  return record;
}

/**
 * Before any match: the baseline folder must exist and hold the baseline of at least one of the
 * checks, so a mistyped `--baseline` cannot quietly switch the regression check off.
 */
export function checkBaselineFolder(dir: string, checks: readonly CheckSpec[]): void {
  let isFolder = false;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch {
    throw new UsageError([{ source: '--baseline', field: '', message: `no folder ${dir}; store the first baselines there with --baseline ${dir} --update-baseline` }]);
  }
  if (!isFolder) throw new UsageError([{ source: '--baseline', field: '', message: `${dir} is a file; expected the folder of baselines` }]);
  const stored = checks.filter((check) => readBaseline(dir, check) !== null);
  if (stored.length === 0 && checks.length > 0) {
    throw new UsageError([
      { source: '--baseline', field: '', message: `${dir} holds no baseline of these checks (expected files such as ${checks[0]?.name}.json); store them with --update-baseline` },
    ]);
  }
}

/** What a check's metric can name: the game's results, then `outcomes.bySeat...` and `outcomes.byAgent.<name>...`. */
function checkMetricName(check: CheckSpec): void {
  const { report } = check.scenario.entry;
  const empty = report.summarize(report.emptyAggregate(), check.confidence) as Record<string, unknown>;
  const field = `checks[${check.index}].metric`;
  if (check.metric.startsWith('outcomes.')) {
    const names = [...new Set(check.scenario.seats.map((seat) => seat.name))];
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
    return;
  }
  const top = check.metric.split('.')[0] as string;
  if (!Object.hasOwn(empty, top)) {
    throw new UsageError([
      { source: check.file, field, message: `no metric "${check.metric}" in ${check.scenario.entry.game.id} results; they start with: ${Object.keys(empty).join(', ')}, or outcomes.byAgent.<agent>.overall.win` },
    ]);
  }
}

/** Runs one check to its decision or its budget. */
async function runCheck(check: CheckSpec, player: BatchPlayer, options: CheckOptions): Promise<CheckResult> {
  const started = performance.now();
  const { report } = check.scenario.entry;
  let designEffect = 1;
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(check.scenario.entry.game.seats.length);
  const tests = edgeTests(check);
  let played = 0;
  let batch = check.batch;
  let failedMatches = 0;
  let metric: RateMetric | null = null;
  let states: SprtState[] = [];
  let status: CheckStatus | null = null;
  let reason = '';
  while (played < check.budget && status === null) {
    let end = Math.min(check.budget, played + batch);
    if (check.scenario.rotate && end % 2 === 1) end--;
    const result = await player.play(check.scenario, played, end);
    failedMatches += result.failures.length;
    if (result.failures.length > 0) {
      const failure = result.failures[0];
      throw new Error(`check ${check.name}: match ${failure?.matchIndex} failed (match seed ${failure?.matchSeed}): ${failure?.message}; replay it with hordelab replay ${check.scenario.file} --match ${failure?.matchIndex} --seed ${check.scenario.seed}`);
    }
    report.mergeAggregates(aggregate, result.aggregate);
    mergeOutcomes(outcomes, result.outcomes);
    played = end;
    options.onBatch?.(check, played);
    metric = findRate({ ...(report.summarize(aggregate, check.confidence) as Record<string, unknown>), outcomes: summarizeOutcomes(outcomes, check.confidence) }, check);
    // The measured variance inflation; a rate at 0 or 1 (or every cluster alike) measures none.
    designEffect = metric.designEffect > 0 ? metric.designEffect : 1;
    const successes = metric.successes / designEffect;
    const trials = metric.n / designEffect;
    // An edge at 0 or 1 cannot be crossed: every rate is above 0 and below 1.
    states = tests.map((test): SprtState => {
      if (test.edge <= 0) return { llr: Infinity, lowerBound: 0, upperBound: 0, decision: 'above' };
      if (test.edge >= 1) return { llr: -Infinity, lowerBound: 0, upperBound: 0, decision: 'below' };
      return sprt(successes, trials, test.edge, check.margin, test.alpha, test.beta);
    });
    ({ status, reason } = decide(check, states));
    batch *= 2;
  }
  if (metric === null) throw new Error(`check ${check.name} played no match`);
  if (status === null) {
    status = 'inconclusive';
    reason = `the budget of ${check.budget} matches ran out before the rate was clearly inside or outside`;
  }
  // The fixed-size test counts trials of the rate; per-event rates (catch attempts) have several
  // per match, so convert with the trials per match seen.
  const trialsPerMatch = metric.n / played;
  const fixedSizeMatches = Math.ceil((Math.max(0, ...tests.filter((test) => test.edge > 0 && test.edge < 1).map((test) => fixedSizeTrials(test.edge, check.margin, test.alpha, test.beta))) * designEffect) / Math.max(trialsPerMatch, 1e-9));
  const estimate = effectiveRateInterval(metric.successes, metric.n, designEffect, metric.clusters, check.confidence);
  let baseline: CheckResult['baseline'] = null;
  if (options.baselineDir !== undefined && !options.updateBaseline) {
    const stored = readBaseline(options.baselineDir, check);
    if (stored !== null) {
      const test = twoProportionTest(stored, { successes: metric.successes, n: metric.n, designEffect, clusters: metric.clusters }, check.confidence);
      const moved = test.pValue < 1 - check.confidence;
      baseline = { rate: stored.rate, n: stored.n, difference: test.difference, lower: test.lower, upper: test.upper, pValue: test.pValue, moved };
      if (moved) {
        status = 'fail';
        reason = `the rate moved from the baseline's ${(100 * stored.rate).toFixed(1)}% by ${(100 * test.difference).toFixed(1)} points [${(100 * test.lower).toFixed(1)}, ${(100 * test.upper).toFixed(1)}]${reason === '' ? '' : `; ${reason}`}`;
      }
    } else {
      reason = `${reason}; no baseline stored for it yet`;
    }
  }
  if (options.baselineDir !== undefined && options.updateBaseline) {
    mkdirSync(options.baselineDir, { recursive: true });
    const record: BaselineRecord = {
      check: check.name,
      metric: check.metric,
      successes: metric.successes,
      n: metric.n,
      designEffect,
      rate: metric.value,
      scenario: check.scenarioLabel,
      seed: check.scenario.seed,
    };
    const path = baselinePath(options.baselineDir, check);
    writeAtomically(path, `${JSON.stringify(record, null, 2)}\n`);
  }
  return {
    name: check.name,
    file: check.file,
    metric: check.metric,
    band: formatBand(check.band),
    status,
    reason,
    matches: played,
    budget: check.budget,
    fixedSizeMatches,
    estimate,
    edges: states.map((state, index) => ({ edge: tests[index]?.edge ?? Number.NaN, ...state })),
    baseline,
    seconds: Math.round(performance.now() - started) / 1000,
    failedMatches,
  };
}

/** Runs every check in order on one worker pool. */
export async function runChecks(checks: readonly CheckSpec[], options: CheckOptions): Promise<CheckResult[]> {
  // Before any match: baselines must be there and match their checks, and each metric's first
  // name must be one the game reports (deeper names, such as one card's, exist only once
  // matches are played).
  if (options.baselineDir !== undefined && !options.updateBaseline) checkBaselineFolder(options.baselineDir, checks);
  for (const check of checks) checkMetricName(check);
  const player = new BatchPlayer(options.workers);
  try {
    const results: CheckResult[] = [];
    for (const check of checks) results.push(await runCheck(check, player, options));
    return results;
  } finally {
    await player.close();
  }
}
