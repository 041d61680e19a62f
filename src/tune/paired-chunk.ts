/**
 * Each match's own contribution to the metrics of a sweep: what its paired differences are
 * computed from (`src/stats/paired-difference.ts`).
 *
 * A metric is a ratio Σx / Σy of whole counts merged over matches (a rate: successes over
 * trials; a mean: the sum of values over their count). Its per-match (x, y) are found without
 * reading any game's aggregate: the summary of (the window + the matches so far) is compared
 * before and after adding each match. Counts are additive, so the difference is exactly that
 * match's (x, y). The window's own total is the starting point so that every summary has enough
 * samples to skip small-sample bootstraps, which only widen intervals and never change counts.
 */
import type { MatchFailureData } from '../core/match-runner.js';
import { flattenMetrics, pathsAndAbove, type Metric } from '../present/metrics.js';
import { withUnseenEvents } from '../reports/generic-report.js';
import { emptyOutcomes, mergeOutcomes, summarizeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import type { AnyGameReport } from '../reports/report.js';
import { playChunk, type MatchStarts } from '../run/play-chunk.js';
import type { Scenario } from '../scenario/scenario.js';
import type { UnitContributions } from '../stats/paired-difference.js';
import { withoutSumsCheck } from '../stats/clusters.js';

/** What one match contributed: its aggregate and its outcome table, as a one-match batch returns them. */
export interface PlayedMatch {
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
}

/** The (x, y) of a metric in a summary; (0, 0) when it has no samples yet. */
function counts(metric: Metric | undefined): [number, number] {
  if (metric === undefined || metric.n === 0) return [0, 0];
  if (metric.kind === 'rate') return [metric.successes, metric.n];
  const sum = metric.value * metric.n;
  // Sums of whole values are whole: keep them exact so the bytes never depend on chunking.
  const whole = Math.round(sum);
  return [Math.abs(sum - whole) < 1e-6 * Math.max(1, Math.abs(sum)) ? whole : sum, metric.n];
}

/** Paths of the figures that are not pooled ratios of per-match counts (custom ratio figures). */
function unpooled(summary: unknown, prefix = '', into: Set<string> = new Set()): Set<string> {
  if (typeof summary !== 'object' || summary === null || Array.isArray(summary)) return into;
  const node = summary as Record<string, unknown>;
  if (node['kind'] === 'ratio' && typeof node['mean'] === 'number') into.add(prefix);
  for (const [key, child] of Object.entries(node)) unpooled(child, prefix === '' ? key : `${prefix}.${key}`, into);
  return into;
}

/**
 * A window of matches played in order: their merged aggregate and outcomes, the failure that
 * ended it (every caller stops at a failed match, so none after it is played), and, when none
 * failed, each metric's per-match contributions. Plain data: it crosses thread boundaries.
 */
export interface PairedWindow {
  readonly start: number;
  /** One past the last match played: `end` of the window asked for, or one past its failed match. */
  readonly end: number;
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly failures: MatchFailureData[];
  /** Per metric asked for and pooled, one (x, y) per match; null when a match failed. */
  readonly contributions: Record<string, UnitContributions> | null;
}

/**
 * Plays matches `start..end-1` of `scenario` one at a time (each match's aggregate is needed
 * alone), stopping at the first that fails, and works out their contributions to `metrics`.
 * The same function runs in this thread and in worker threads, over the same windows, so the
 * contributions are the same numbers wherever they were played.
 */
export function playPairedWindow(scenario: Scenario, start: number, end: number, metrics: readonly string[], onMatchStart?: MatchStarts): PairedWindow {
  const played: PlayedMatch[] = [];
  const failures: MatchFailureData[] = [];
  let matchIndex = start;
  // Every caller stops at a failed match: none after it is played.
  for (let going = true; going && matchIndex < end; matchIndex++) going = playWindowMatch(scenario, matchIndex, played, failures, onMatchStart);
  const last = matchIndex - 1;
  // The merges and summaries come after the window's last match has started: each tells the
  // thread's watchdog the thread is still moving, or their time would count against that match's
  // --match-timeout (review 21: a healthy match failed as "timed out").
  return pairedWindow(scenario, start, matchIndex, played, failures, metrics, onMatchStart === undefined ? undefined : () => onMatchStart(last));
}

/**
 * {@link playPairedWindow} in this thread, a match per turn of the event loop: Ctrl-C (and
 * progress) are heard between matches, not only between windows of 256 slow ones.
 */
export async function playPairedWindowHeard(scenario: Scenario, start: number, end: number, metrics: readonly string[]): Promise<PairedWindow> {
  const played: PlayedMatch[] = [];
  const failures: MatchFailureData[] = [];
  let matchIndex = start;
  for (let going = true; going && matchIndex < end; matchIndex++) {
    await new Promise((resolve) => setImmediate(resolve));
    going = playWindowMatch(scenario, matchIndex, played, failures);
  }
  return pairedWindow(scenario, start, matchIndex, played, failures, metrics);
}

/** Plays match `matchIndex` alone into `played`, or its failure into `failures`: whether the window goes on. */
function playWindowMatch(scenario: Scenario, matchIndex: number, played: PlayedMatch[], failures: MatchFailureData[], onMatchStart?: MatchStarts): boolean {
  const result = playChunk(scenario, matchIndex, matchIndex + 1, false, onMatchStart);
  if (result.failures.length > 0) {
    failures.push(...result.failures);
    return false;
  }
  played.push(result);
  return true;
}

/** The {@link PairedWindow} of matches `start..end-1`, of which `played` are the ones that did not fail, in order. */
export function pairedWindow(scenario: Scenario, start: number, end: number, played: readonly PlayedMatch[], failures: MatchFailureData[], metrics: readonly string[], onSummary?: () => void): PairedWindow {
  const { report, game } = scenario.entry;
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(game.seats.length);
  for (const match of played) {
    report.mergeAggregates(aggregate, match.aggregate);
    mergeOutcomes(outcomes, match.outcomes);
    onSummary?.();
  }
  const contributions = failures.length > 0 || metrics.length === 0 ? null : matchContributions(report, game.seats.length, played, metrics, onSummary);
  return { start, end, aggregate, outcomes, failures, contributions };
}

/**
 * Per metric, one (x, y) per match of `matches`, in order; metrics that are not pooled ratios of
 * counts are left out.
 */
export function matchContributions(report: AnyGameReport, seats: number, matches: readonly PlayedMatch[], metrics: readonly string[], onSummary?: () => void): Record<string, UnitContributions> {
  const cumulative: unknown = report.emptyAggregate();
  const cumulativeOutcomes = emptyOutcomes(seats);
  for (const match of matches) {
    report.mergeAggregates(cumulative, match.aggregate);
    mergeOutcomes(cumulativeOutcomes, match.outcomes);
    onSummary?.();
  }
  // The outcome tables are summarized only when a metric asked for is one of theirs.
  const readsOutcomes = metrics.some((path) => path.startsWith('outcomes.'));
  // Only the figures asked for are read from each summary.
  const only = pathsAndAbove(metrics);
  const byPath = (results: unknown): Map<string, Metric> => {
    // An event type no match of the window emitted counts 0 in each, not no figure (audit 25a).
    const all = flattenMetrics(withUnseenEvents(results, metrics), '', 1, only);
    if (readsOutcomes) all.push(...flattenMetrics(summarizeOutcomes(cumulativeOutcomes, 0.95), 'outcomes', 1, only));
    return new Map(all.map((metric) => [metric.path, metric]));
  };
  const first = report.summarize(cumulative, 0.95);
  // Which figures are pooled is read from the first summary alone (read from every one, it was a
  // tenth of a sweep's time).
  const skip = unpooled(first);
  let before = byPath(first);
  const wanted = metrics.filter((path) => !skip.has(path));
  const contributions: Record<string, { numerator: number[]; denominator: number[] }> = {};
  for (const path of wanted) contributions[path] = { numerator: [], denominator: [] };
  for (const match of matches) {
    report.mergeAggregates(cumulative, match.aggregate);
    mergeOutcomes(cumulativeOutcomes, match.outcomes);
    // The window's sums twice over by the last match: counts alone are read here.
    const after = withoutSumsCheck(() => byPath(report.summarize(cumulative, 0.95)));
    onSummary?.();
    for (const path of wanted) {
      const [x0, y0] = counts(before.get(path));
      const [x1, y1] = counts(after.get(path));
      const target = contributions[path] as { numerator: number[]; denominator: number[] };
      target.numerator.push(x1 - x0);
      target.denominator.push(y1 - y0);
    }
    before = after;
  }
  return contributions;
}
