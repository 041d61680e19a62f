/**
 * Plays a configuration's matches with each match's contribution to the metrics asked for
 * (`paired-chunk.ts`), for sweeps: the merged aggregate gives each configuration's values, the
 * contributions the paired differences between configurations. Matches are played in windows of
 * {@link WINDOW}, each window a task of its own on a worker pool (or in this thread), which plays
 * the window's matches and works out their contributions where it played them; the windows'
 * results are taken in match order, so nothing depends on the number of threads.
 */
import type { MatchFailureData } from '../core/match-runner.js';
import { emptyOutcomes, mergeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import { playUntilFailure } from '../run/batches.js';
import { brokenMatch } from '../run/chunk-player.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS, WorkerPool, type PoolOutcome } from '../run/pool.js';
import { compiledWorkerFile } from '../run/thread-pool.js';
import type { Scenario } from '../scenario/scenario.js';
import type { UnitContributions } from '../stats/paired-difference.js';
import { pairedWindow, playPairedWindowHeard, type PairedWindow, type PlayedMatch } from './paired-chunk.js';
import type { PairedTask } from './paired-worker.js';

/** A configuration's matches, merged, with per-match contributions in match order. */
export interface PairedPlay {
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly failures: readonly MatchFailureData[];
  readonly contributions: Record<string, UnitContributions>;
}

/**
 * Matches summarized together: each match's contributions are read from the summaries of its
 * window's matches so far, so the window's bounds are part of how the numbers are made and must
 * not change with the threads.
 */
const WINDOW = 256;

/** Plays configurations' matches on `workers` threads (or this one) with per-match contributions. */
export class PairedPlayer {
  private readonly pool: WorkerPool<PairedTask, PairedWindow> | null;

  /**
   * `workers` threads; 0 plays in this thread (where a hung match cannot be stopped). A match
   * running longer than `matchTimeoutSeconds` (0: no limit) has its thread killed and fails.
   */
  constructor(
    private readonly workers: number,
    matchTimeoutSeconds = DEFAULT_MATCH_TIMEOUT_SECONDS,
  ) {
    this.pool = workers > 0 ? new WorkerPool<PairedTask, PairedWindow>(workers, { matchTimeoutMs: 1000 * matchTimeoutSeconds }, compiledWorkerFile('tune/paired-worker.js')) : null;
  }

  /** Plays matches `0..matches-1` of `scenario`; contributions for `metrics` in match order. */
  async play(scenario: Scenario, matches: number, metrics: readonly string[], onPlayed?: (matches: number) => void): Promise<PairedPlay> {
    const windows: [number, number][] = [];
    for (let start = 0; start < matches; start += WINDOW) windows.push([start, Math.min(matches, start + WINDOW)]);
    const taken = new WindowsInOrder(scenario, metrics);
    // One lane per thread, windows in match order; none is started after one that failed.
    await playUntilFailure(windows.length, this.workers, async (index) => {
      const [from, to] = windows[index] as [number, number];
      let window: PairedWindow;
      try {
        window = await this.playWindow(scenario, from, to, metrics);
      } catch (error) {
        // A metric module's failure (or an internal one) is taken in match order too: the one
        // reported is the first by index, whichever thread met it first (review 21).
        taken.add(index, { error });
        return true;
      }
      if (window.failures.length === 0) onPlayed?.(to - from);
      taken.add(index, window);
      return window.failures.length > 0;
    });
    return taken.result();
  }

  private async playWindow(scenario: Scenario, from: number, to: number, metrics: readonly string[]): Promise<PairedWindow> {
    if (this.pool === null) return playPairedWindowHeard(scenario, from, to, metrics);
    const outcome = await this.pool.run({ source: scenario.source, start: from, end: to, metrics });
    return this.windowOf(scenario, from, to, metrics, outcome);
  }

  /**
   * A window's result from the pool. A window whose thread died or hung is played again one match
   * at a time, so the match that broke a thread costs itself only (a failure naming it, "worker
   * exited with code 7", "timed out"), and a window whose matches all play after all gives the
   * same numbers, its contributions worked out here from its matches' own aggregates. A match
   * that timed out is not played again: it would only hang again.
   */
  private async windowOf(scenario: Scenario, from: number, to: number, metrics: readonly string[], outcome: PoolOutcome<PairedWindow>): Promise<PairedWindow> {
    if (outcome.kind === 'played') return outcome.result;
    const pool = this.pool as WorkerPool<PairedTask, PairedWindow>;
    if (outcome.kind === 'cancelled') throw new Error('the sweep\'s worker pool was closed while it played');
    const played: PlayedMatch[] = [];
    const failures: MatchFailureData[] = [];
    let matchIndex = from;
    while (matchIndex < to && failures.length === 0) {
      const single: PoolOutcome<PairedWindow> = outcome.timedOut && matchIndex === outcome.matchIndex ? outcome : await pool.run({ source: scenario.source, start: matchIndex, end: matchIndex + 1, metrics: [] });
      if (single.kind === 'cancelled') throw new Error('the sweep\'s worker pool was closed while it played');
      if (single.kind === 'played' && single.result.failures.length === 0) played.push(single.result);
      else failures.push(...(single.kind === 'played' ? single.result.failures : brokenMatch(scenario, matchIndex, single.reason, false).failures));
      matchIndex++;
    }
    return pairedWindow(scenario, from, matchIndex, played, failures, metrics);
  }

  async close(): Promise<void> {
    await this.pool?.terminate();
  }
}

/** A window that threw instead of answering (a metric module's failure, an internal one). */
interface WindowError {
  readonly error: unknown;
}

/**
 * Windows' results taken in match order as they arrive (they finish in any order): merged into the
 * configuration's aggregate and contributions as soon as every window before them is in, so only
 * windows that finished early are held. Taking stops at the first window with a failed match.
 */
class WindowsInOrder {
  private readonly aggregate: unknown;
  private readonly outcomes: OutcomeAggregate;
  private readonly failures: MatchFailureData[] = [];
  private readonly contributions: Record<string, { numerator: number[]; denominator: number[] }> = {};
  private readonly waiting = new Map<number, PairedWindow | WindowError>();
  private next = 0;
  private pooled: readonly string[];
  /** The error of the first window in order that threw, if one did before any failed match. */
  private error: WindowError | null = null;

  constructor(
    private readonly scenario: Scenario,
    metrics: readonly string[],
  ) {
    this.aggregate = scenario.entry.report.emptyAggregate();
    this.outcomes = emptyOutcomes(scenario.entry.game.seats.length);
    this.pooled = metrics;
  }

  add(index: number, window: PairedWindow | WindowError): void {
    this.waiting.set(index, window);
    for (let ready = this.waiting.get(this.next); ready !== undefined && this.failures.length === 0 && this.error === null; ready = this.waiting.get(this.next)) {
      this.waiting.delete(this.next);
      this.next++;
      if ('error' in ready) this.error = ready;
      else this.take(ready);
    }
  }

  private take(window: PairedWindow): void {
    if (window.failures.length > 0) {
      this.failures.push(...window.failures);
      return;
    }
    this.scenario.entry.report.mergeAggregates(this.aggregate, window.aggregate);
    mergeOutcomes(this.outcomes, window.outcomes);
    const from = window.contributions ?? {};
    // A metric is pooled or not by its kind: the first window decides for all.
    this.pooled = this.pooled.filter((metric) => from[metric] !== undefined);
    for (const metric of this.pooled) {
      const perMatch = from[metric] as UnitContributions;
      const into = (this.contributions[metric] ??= { numerator: [], denominator: [] });
      for (const value of perMatch.numerator) into.numerator.push(value);
      for (const value of perMatch.denominator) into.denominator.push(value);
    }
  }

  /** @throws the first window's error in match order, when it came before any failed match. */
  result(): PairedPlay {
    if (this.error !== null) throw this.error.error;
    for (const metric of Object.keys(this.contributions)) if (!this.pooled.includes(metric)) delete this.contributions[metric];
    const failures = [...this.failures].sort((a, b) => a.matchIndex - b.matchIndex);
    return { aggregate: this.aggregate, outcomes: this.outcomes, failures, contributions: this.contributions };
  }
}
