/**
 * Where a chunk of matches is played: in this thread, or on a {@link WorkerPool}. Either way the
 * result is the same bytes, since both call `playChunk`; they differ in what they survive.
 */
import { letSignalsIn } from './let-signals-in.js';
import { Script } from 'node:vm';
import { formatSeed, matchSeed } from '../core/rng.js';
import { emptyOutcomes } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import { joinChunkResults, matchPlan, playChunk, type ChunkResult } from './play-chunk.js';
import type { PoolOutcome, WorkerPool } from './pool.js';
import { AdaptiveChunkSizer } from './scheduler.js';
import type { ChunkTask } from './worker.js';

/** Plays ranges of one scenario's matches. */
export interface ChunkPlayer {
  /**
   * Plays matches `start..end-1`. Resolves null when the chunk was cancelled: the player was
   * closed, or Ctrl-C interrupted a chunk playing in this thread.
   * @throws Error (rejects) on an internal failure outside any match.
   */
  play(start: number, end: number): Promise<ChunkResult | null>;
  /** Optional: matches finished in chunks still playing (for progress: a slow game's chunk takes minutes). */
  finishedInFlight?(): number;
  /** Stops whatever is playing, at once. */
  close(): Promise<void>;
}

const CHUNK_ENTRY = Symbol.for('hordelab.playChunkInThisThread');
/** Runs the function stored under {@link CHUNK_ENTRY}, as a script Ctrl-C can interrupt. */
let chunkScript: Script | null = null;

/** About how long a part of a chunk played in this thread runs before signals and an abort are heard. */
export const HEARD_PART_MS = 50;

/**
 * Plays in this thread. A match that never ends cannot be stopped here, but Ctrl-C can: with
 * `interruptible`, each chunk runs as a script with `breakOnSigint`, so a SIGINT ends it (the
 * chunk is dropped, and the run stops as interrupted) instead of waiting for the chunk. With
 * `parts`, a chunk is played in parts of about `parts.ms` milliseconds, the event loop turned
 * between them, so SIGTERM, a Ctrl-C handler and `signal` are heard within a part, not a chunk
 * (audit 40b: `check --workers 0` heard them only between chunks of a stage; review 41r: the
 * library's run() with outDir, only after a chunk of 15 Survivors matches); the parts join into
 * the chunk's own bytes, as a chunk replayed match by match does. With `parts.stopAtFailure`
 * (callers that stop at any failed match) the chunk ends with the part that holds one.
 */
export class InThreadPlayer implements ChunkPlayer {
  private closed = false;

  constructor(
    private readonly scenario: Scenario,
    private readonly eventFiles: boolean,
    private readonly interruptible: boolean,
    private readonly signal?: AbortSignal,
    private readonly parts?: { readonly ms: number; readonly stopAtFailure: boolean },
  ) {}

  async play(start: number, end: number): Promise<ChunkResult | null> {
    const { parts } = this;
    if (parts === undefined || start >= end) return this.playPart(start, end);
    // One match first, to learn the game's pace; then parts of about parts.ms each.
    const sizer = new AdaptiveChunkSizer(1, end - start, 1, parts.ms);
    const played: ChunkResult[] = [];
    for (let from = start; from < end; ) {
      const to = Math.min(end, from + sizer.next(end - from));
      const part = await this.playPart(from, to);
      if (part === null) return null;
      sizer.returned(to - from, part.playMs);
      played.push(part);
      from = to;
      if (parts.stopAtFailure && part.failures.length > 0) break;
    }
    try {
      return joinChunkResults(this.scenario, played);
    } catch {
      // Parts that do not merge (a metric module's figure changing kind between them) are played
      // again as one, so that the run's own merge, from match 0 on, names the match its figure
      // first had the other kind in, as it does however the run is chunked: joined, the parts
      // named the first match of the part instead.
      return this.playPart(start, (played[played.length - 1] as ChunkResult).end);
    }
  }

  private async playPart(start: number, end: number): Promise<ChunkResult | null> {
    // Let signals (Ctrl-C) and other events in between chunks: a Ctrl-C that came while this
    // thread was busy (a module's top level) must be read before the script below takes the
    // SIGINT listeners away while it runs, or the signal still waiting was lost with them (a run
    // went on to exit 0, audit 25b).
    await letSignalsIn();
    if (this.closed || this.signal?.aborted === true) return null;
    if (!this.interruptible) return playChunk(this.scenario, start, end, this.eventFiles);
    const global = globalThis as unknown as Record<symbol, () => ChunkResult>;
    global[CHUNK_ENTRY] = () => playChunk(this.scenario, start, end, this.eventFiles);
    try {
      chunkScript ??= new Script(`globalThis[Symbol.for(${JSON.stringify(CHUNK_ENTRY.description)})]()`);
      return chunkScript.runInThisContext({ breakOnSigint: true }) as ChunkResult;
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') return null;
      throw error;
    } finally {
      delete global[CHUNK_ENTRY];
    }
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/**
 * Plays on a pool of worker threads (possibly shared with other players). A chunk whose thread
 * died or hung is played again one match at a time, so the match that breaks a thread costs
 * itself only: it becomes a failure ("worker exited with code 7", "out of memory", "timed out")
 * and every other match of the chunk is kept, with the same bytes as if nothing had happened.
 */
export class PooledPlayer implements ChunkPlayer {
  /**
   * `failuresAllowed` says how many failed matches the caller can still take (at least: it may
   * learn of more before it reaches this chunk, never of fewer). A chunk that broke its thread
   * ends at the failed match past that many (the result then covers `start` to that match): the
   * caller stops there anyway, and every match after it would be played for nothing (each to its
   * timeout, with a game that hangs). Callers that stop at any failure give `() => 0`.
   */
  constructor(
    private readonly pool: WorkerPool,
    private readonly scenario: Scenario,
    private readonly eventFiles: boolean,
    private readonly failuresAllowed: () => number = () => Number.POSITIVE_INFINITY,
  ) {}

  finishedInFlight(): number {
    return this.pool.matchesFinishedInFlight();
  }

  async play(start: number, end: number): Promise<ChunkResult | null> {
    // No matches need no thread. A run whose first match failed one too many asks for the matches
    // before it, none: a thread that dies as it loads the modules (an agent calling process.exit
    // at its top level in a worker) broke that task too, and its one-by-one replay of no matches
    // joined no parts, an internal failure with a stack where the failure was the match's (audit 36b).
    if (start >= end) return emptyChunk(this.scenario, start, this.eventFiles);
    const outcome = await this.pool.run(this.task(start, end));
    if (outcome.kind === 'played') return outcome.result;
    if (outcome.kind === 'cancelled') return null;
    return this.playOneByOne(start, end, outcome);
  }

  /**
   * Plays `start..end-1` as single-match tasks after `broken` ended the chunk. A match that
   * timed out is not played again (it would only hang again); one that killed its thread is, so
   * the failure is the match's own and not an accident of the chunk it was in.
   */
  private async playOneByOne(start: number, end: number, broken: Extract<PoolOutcome, { kind: 'broken' }>): Promise<ChunkResult | null> {
    const parts: ChunkResult[] = [];
    let failures = 0;
    for (let matchIndex = start; matchIndex < end; matchIndex++) {
      let part: ChunkResult;
      if (broken.timedOut && matchIndex === broken.matchIndex) {
        part = brokenMatch(this.scenario, matchIndex, broken.reason, this.eventFiles);
      } else {
        const single = await this.pool.run(this.task(matchIndex, matchIndex + 1));
        if (single.kind === 'cancelled') return null;
        part = single.kind === 'played' ? single.result : brokenMatch(this.scenario, matchIndex, single.reason, this.eventFiles);
      }
      parts.push(part);
      failures += part.failures.length;
      if (failures > this.failuresAllowed()) break;
    }
    return joinChunkResults(this.scenario, parts);
  }

  private task(start: number, end: number): ChunkTask {
    return { source: this.scenario.source, start, end, eventFiles: this.eventFiles };
  }

  close(): Promise<void> {
    return this.pool.terminate();
  }
}

/** How a match that broke its worker thread is described (runs and ladders alike), with its match seed. */
export function brokenMatchMessage(scenario: Scenario, matchIndex: number, reason: string): { seed: string; message: string } {
  const seed = formatSeed(matchSeed(scenario.seed, matchPlan(scenario, matchIndex).seedIndex));
  return { seed, message: `match ${matchIndex} of run seed ${scenario.seed} (match seed ${seed}) broke its worker thread: ${reason}` };
}

/** The result of no matches, from `start`: no rows, no failures. */
export function emptyChunk(scenario: Scenario, start: number, eventFiles: boolean): ChunkResult {
  const { game, report } = scenario.entry;
  return {
    start,
    end: start,
    matchCsv: new Uint8Array(0),
    eventCsvs: eventFiles ? report.eventTables.map(() => '') : [],
    aggregate: report.emptyAggregate(),
    outcomes: emptyOutcomes(game.seats.length),
    failures: [],
    playMs: 0,
  };
}

/** The result of one match that broke its thread: no rows, one failure with `reason`. */
export function brokenMatch(scenario: Scenario, matchIndex: number, reason: string, eventFiles: boolean): ChunkResult {
  const { seed, message } = brokenMatchMessage(scenario, matchIndex, reason);
  return {
    ...emptyChunk(scenario, matchIndex, eventFiles),
    end: matchIndex + 1,
    failures: [
      {
        message,
        matchIndex,
        runSeed: scenario.seed,
        matchSeed: seed,
        step: null,
        cause: reason,
      },
    ],
    // No play to time: the chunk sizer leaves it out (playMs 0, as emptyChunk's).
  };
}
