/**
 * Plays ranges of matches of any number of scenarios on one shared worker pool and merges their
 * tallies in match order, so results do not depend on worker count or chunking: aggregates are
 * exact integer sums, and per-match scores are concatenated by match index.
 */
import { MetricFailure, ReproducibleFailure } from '../core/errors.js';
import { playUntilFailure } from '../run/batches.js';
import { brokenMatchMessage } from '../run/chunk-player.js';
import { emptyOutcomes, mergeOutcomes } from '../reports/outcomes.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS, WorkerPool } from '../run/pool.js';
import { letSignalsIn } from '../run/let-signals-in.js';
import { AdaptiveChunkSizer } from '../run/scheduler.js';
import { compiledWorkerFile } from '../run/thread-pool.js';
import type { Scenario } from '../scenario/scenario.js';
import { mergeActionMix, playTally, type Tally } from './tally.js';
import type { TallyTask } from './tally-worker.js';

/** A mergeable tally of matches `0..matches` of one scenario (or of a continuing range). */
export interface RunningTally {
  matches: number;
  aggregate: unknown;
  outcomes: Tally['outcomes'];
  actionMix: Tally['actionMix'];
  scores: number[];
}

/** A match of a tally that failed (its agent threw, or its worker thread died), by index. */
export class TallyFailure extends Error {
  constructor(
    message: string,
    /** The failed match: the one that threw, or the one a dead or hung thread was in. */
    readonly matchIndex: number,
  ) {
    super(message);
    this.name = 'TallyFailure';
  }
}

/**
 * About how long a part of a range played in this thread runs before the event loop turns: as a
 * run's chunks (`ADAPTIVE_CHUNK_TARGET_MS` in run-scenario.ts), short enough that Ctrl-C and
 * SIGTERM stop the command at once, long enough that the turns and merges cost nothing measurable.
 */
const HEARD_PART_MS = 50;

/**
 * Matches `start..end-1` played in this thread, in parts of about {@link HEARD_PART_MS} with a
 * turn of the event loop before each: played at one go, a configuration of `cards --workers 0`
 * held off Ctrl-C and SIGTERM until every configuration was played (audit 40b F2), since
 * awaiting a value only runs microtasks and the signal handler waits for the loop. The parts'
 * bounds are measured times, which is harmless: every figure merges exactly, whatever the ranges
 * (as for any worker count). Stops after the part holding the first failed match.
 * @throws TallyFailure naming that match.
 */
async function playHeard(scenario: Scenario, start: number, end: number): Promise<Tally[]> {
  // One match first, to learn the game's pace; then parts of about HEARD_PART_MS each.
  const sizer = new AdaptiveChunkSizer(1, end - start, 1, HEARD_PART_MS);
  const parts: Tally[] = [];
  for (let from = start; from < end; ) {
    await letSignalsIn();
    const to = Math.min(end, from + sizer.next(end - from));
    const began = performance.now();
    const part = playTally(scenario, from, to);
    sizer.returned(to - from, performance.now() - began);
    // The message names the match, its run seed and match seed already.
    if (part.failure !== null) throw new TallyFailure(part.failure.message, part.failure.matchIndex);
    parts.push(part);
    from = to;
  }
  return parts;
}

export class TallyPlayer {
  private readonly pool: WorkerPool<TallyTask, Tally> | null;

  /**
   * `workers` threads; 0 plays in this thread (where a hung match cannot be stopped). A match
   * running longer than `matchTimeoutSeconds` (0: no limit) has its thread killed and fails.
   */
  constructor(
    private readonly workers: number,
    matchTimeoutSeconds = DEFAULT_MATCH_TIMEOUT_SECONDS,
  ) {
    this.pool = workers > 0 ? new WorkerPool<TallyTask, Tally>(workers, { matchTimeoutMs: 1000 * matchTimeoutSeconds }, compiledWorkerFile('ladder/tally-worker.js')) : null;
  }

  /** An empty tally for `scenario`. */
  static empty(scenario: Scenario): RunningTally {
    const seats = scenario.entry.game.seats.length;
    return { matches: 0, aggregate: scenario.entry.report.emptyAggregate(), outcomes: emptyOutcomes(seats), actionMix: Array.from({ length: seats }, () => ({})), scores: [] };
  }

  /**
   * Plays matches `tally.matches..end-1` of `scenario` into `tally`.
   * @throws TallyFailure naming the first failed match and its seed.
   */
  async extend(scenario: Scenario, tally: RunningTally, end: number): Promise<void> {
    const start = tally.matches;
    if (end <= start) return;
    const results = this.pool === null ? await playHeard(scenario, start, end) : await this.playPooled(this.pool, scenario, start, end);
    const { report } = scenario.entry;
    for (const result of results) {
      report.mergeAggregates(tally.aggregate, result.aggregate);
      mergeOutcomes(tally.outcomes, result.outcomes);
      mergeActionMix(tally.actionMix, result.actionMix);
      for (const score of result.scores) tally.scores.push(score);
    }
    tally.matches = end;
  }

  /**
   * Matches `start..end-1` played on the pool, as ranges in match order.
   * @throws TallyFailure naming the first failed match by index.
   */
  private async playPooled(pool: WorkerPool<TallyTask, Tally>, scenario: Scenario, start: number, end: number): Promise<Tally[]> {
    const size = Math.max(2, Math.ceil((end - start) / (Math.max(1, this.workers) * 4)));
    const ranges: [number, number][] = [];
    for (let from = start; from < end; from += size) ranges.push([from, Math.min(end, from + size)]);
    // Ranges are played in match order, and none after a failed one is started: the first failed
    // match by index is the one reported (every range before it is played, so which thread fails
    // first in time does not decide it), and an agent that fails or hangs in every match costs
    // about one failure a thread, not one a range.
    const failures: TallyFailure[] = [];
    const results: Tally[] = new Array(ranges.length);
    await playUntilFailure(ranges.length, this.workers, async (index) => {
      const [from, to] = ranges[index] as [number, number];
      try {
        const result = await this.pooled(pool, scenario, from, to);
        results[index] = result;
        // The message names the match, its run seed and match seed already.
        if (result.failure === null) return false;
        failures.push(new TallyFailure(result.failure.message, result.failure.matchIndex));
        return true;
      } catch (error) {
        if (!(error instanceof TallyFailure)) throw error;
        failures.push(error);
        return true;
      }
    });
    const first = failures.reduce<TallyFailure | null>((earliest, failure) => (earliest === null || failure.matchIndex < earliest.matchIndex ? failure : earliest), null);
    if (first !== null) throw first;
    return results;
  }

  /**
   * {@link extend}, with a failed match turned into a {@link ReproducibleFailure}: `label` says
   * what was being played, `reproduce` gives the command that meets the same failure.
   */
  async extendOrExplain(scenario: Scenario, tally: RunningTally, end: number, label: string, reproduce: (failure: TallyFailure) => string): Promise<void> {
    try {
      await this.extend(scenario, tally, end);
    } catch (error) {
      // A metric module's failure, or a module agent's change to the live game, stops the ladder
      // too: with the ladder's own reproduce line, not a replay of the base scenario, which plays
      // another level (review 28c).
      if (error instanceof MetricFailure) throw new ReproducibleFailure(`${label}: ${error.message}`, reproduce(new TallyFailure(error.message, error.matchIndex)), { cause: error });
      if (!(error instanceof TallyFailure)) throw error;
      throw new ReproducibleFailure(`${label}: ${error.message}`, reproduce(error), { cause: error });
    }
  }

  /** A range played on the pool; a thread that died (an agent's process.exit, out of memory) or hung fails its match. */
  private async pooled(pool: WorkerPool<TallyTask, Tally>, scenario: Scenario, from: number, to: number): Promise<Tally> {
    const outcome = await pool.run({ source: scenario.source, start: from, end: to });
    if (outcome.kind === 'played') return outcome.result;
    if (outcome.kind === 'cancelled') throw new Error('the ladder\'s worker pool was closed while it played');
    throw new TallyFailure(brokenMatchMessage(scenario, outcome.matchIndex, outcome.reason).message, outcome.matchIndex);
  }

  async close(): Promise<void> {
    await this.pool?.terminate();
  }
}
