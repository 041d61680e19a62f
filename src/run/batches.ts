/**
 * Plays ranges of a scenario's matches on a shared worker pool and returns their merged
 * aggregate, for callers that decide as they go how many matches to play (balance checks,
 * tuning). The matches are the run's own: match i has the seed of match i of `hordelab run`.
 */
import type { MatchFailureData } from '../core/match-runner.js';
import { emptyOutcomes, mergeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import { HEARD_PART_MS, InThreadPlayer, PooledPlayer, type ChunkPlayer } from './chunk-player.js';
import type { ChunkResult } from './play-chunk.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS, WorkerPool } from './pool.js';

export interface BatchResult {
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly failures: MatchFailureData[];
}

/**
 * Calls `play(i)` for `i` in `0..count-1` in order on `lanes` concurrent lanes, starting none
 * after the lowest `i` whose play failed (`play` resolves true when it did). For callers that
 * stop at any failure: every item up to the first failed one is still played, so the first
 * failure is found whatever the number of lanes, and an agent that fails (or hangs until its
 * timeout) in every match costs about one failure per lane, not one per item.
 */
export async function playUntilFailure(count: number, lanes: number, play: (index: number) => Promise<boolean>): Promise<void> {
  let next = 0;
  let firstFailed = Number.POSITIVE_INFINITY;
  const lane = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      if (index > firstFailed) return;
      if (await play(index)) firstFailed = Math.min(firstFailed, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
}

export class BatchPlayer {
  private readonly pool: WorkerPool | null;

  /**
   * `workers` threads; 0 plays in this thread, in parts of about {@link HEARD_PART_MS} with the
   * event loop turned between them (so Ctrl-C and SIGTERM are heard). A match running longer than
   * `matchTimeoutSeconds` (0: no limit) on a thread has the thread killed and fails. `signal`
   * aborted stops the play: the threads are stopped at once (in this thread, after its part), and
   * {@link play} rejects with the signal's reason; the player is then closed.
   */
  constructor(
    private readonly workers: number,
    matchTimeoutSeconds = DEFAULT_MATCH_TIMEOUT_SECONDS,
    private readonly signal?: AbortSignal,
  ) {
    this.pool = workers > 0 ? new WorkerPool(workers, { matchTimeoutMs: 1000 * matchTimeoutSeconds }) : null;
  }

  /**
   * Plays matches `start..end-1` of `scenario` and merges what they contribute. Every caller
   * stops at a failed match, so once one has failed no chunk after it is started (and a chunk
   * that broke its thread ends at its first failure): an agent that hangs in every match costs a
   * timeout or two, not one per match. The failure with the lowest index is always among the
   * failures returned, whatever the worker count, since every chunk before it is played.
   * `onChunk` hears each chunk's match count as it finishes (for progress; order is timing's).
   */
  async play(scenario: Scenario, start: number, end: number, onChunk?: (matches: number) => void): Promise<BatchResult> {
    const { report, game } = scenario.entry;
    const aggregate: unknown = report.emptyAggregate();
    const outcomes = emptyOutcomes(game.seats.length);
    const failures: MatchFailureData[] = [];
    const { signal } = this;
    signal?.throwIfAborted();
    const player: ChunkPlayer = this.pool === null ? new InThreadPlayer(scenario, false, false, signal, { ms: HEARD_PART_MS, stopAtFailure: true }) : new PooledPlayer(this.pool, scenario, false, () => 0);
    const stop = (): void => void player.close();
    signal?.addEventListener('abort', stop, { once: true });
    const chunks: [number, number][] = [];
    const size = Math.max(2, Math.ceil((end - start) / (Math.max(1, this.workers) * 4)));
    for (let from = start; from < end; from += size) chunks.push([from, Math.min(end, from + size)]);
    // By chunk, in match order: the sums merge alike in any order, but what a merge reports (the
    // first match a metric module's figure changed kind in) must not depend on which chunk
    // finished first (review 30c: --workers 2 named match 0 or match 3 from run to run).
    const results: (ChunkResult | null | undefined)[] = chunks.map(() => undefined);
    // One lane per thread, taking chunks in match order.
    try {
      await playUntilFailure(chunks.length, this.workers, async (index) => {
        const [from, to] = chunks[index] as [number, number];
        const result = await player.play(from, to);
        results[index] = result;
        if (result !== null) onChunk?.(to - from);
        // An aborted play starts nothing more: its lanes end as a failed one's do.
        return result === null || result.failures.length > 0;
      });
    } finally {
      signal?.removeEventListener('abort', stop);
    }
    signal?.throwIfAborted();
    for (const result of results) {
      // A chunk not started: one before it failed, and the caller stops there.
      if (result === undefined) continue;
      if (result === null) throw new Error('the worker pool was closed while it played');
      report.mergeAggregates(aggregate, result.aggregate);
      mergeOutcomes(outcomes, result.outcomes);
      failures.push(...result.failures);
    }
    // Chunks finish in any order; callers report the first failure by index.
    failures.sort((a, b) => a.matchIndex - b.matchIndex);
    return { aggregate, outcomes, failures };
  }

  async close(): Promise<void> {
    await this.pool?.terminate();
  }
}
