/**
 * Where a chunk of matches is played: in this thread, or on a {@link WorkerPool}. Either way the
 * result is the same bytes, since both call `playChunk`; they differ in what they survive.
 */
import { Script } from 'node:vm';
import type { Scenario } from '../scenario/scenario.js';
import { playChunk, type ChunkResult } from './play-chunk.js';
import type { WorkerPool } from './pool.js';

/** Plays ranges of one scenario's matches. */
export interface ChunkPlayer {
  /**
   * Plays matches `start..end-1`. Resolves null when the chunk was cancelled: the player was
   * closed, or Ctrl-C interrupted a chunk playing in this thread.
   * @throws Error (rejects) on an internal failure outside any match.
   */
  play(start: number, end: number): Promise<ChunkResult | null>;
  /** Stops whatever is playing, at once. */
  close(): Promise<void>;
}

const CHUNK_ENTRY = Symbol.for('hordelab.playChunkInThisThread');
/** Runs the function stored under {@link CHUNK_ENTRY}, as a script Ctrl-C can interrupt. */
let chunkScript: Script | null = null;

/**
 * Plays in this thread. A match that never ends cannot be stopped here, but Ctrl-C can: with
 * `interruptible`, each chunk runs as a script with `breakOnSigint`, so a SIGINT ends it (the
 * chunk is dropped, and the run stops as interrupted) instead of waiting for the chunk.
 */
export class InThreadPlayer implements ChunkPlayer {
  private closed = false;

  constructor(
    private readonly scenario: Scenario,
    private readonly eventFiles: boolean,
    private readonly interruptible: boolean,
    private readonly signal?: AbortSignal,
  ) {}

  async play(start: number, end: number): Promise<ChunkResult | null> {
    // Let signals (Ctrl-C) and other events in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
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

/** Plays on a pool of worker threads shared with other players. */
export class PooledPlayer implements ChunkPlayer {
  constructor(
    private readonly pool: WorkerPool,
    private readonly scenario: Scenario,
    private readonly eventFiles: boolean,
  ) {}

  async play(start: number, end: number): Promise<ChunkResult | null> {
    const task = { source: this.scenario.source, start, end, eventFiles: this.eventFiles };
    const first = await this.pool.run(task);
    if (first.kind === 'played') return first.result;
    if (first.kind === 'cancelled') return null;
    // A thread that died is replaced by the pool; its chunk gets one more try before the run gives up.
    const second = await this.pool.run(task);
    if (second.kind === 'played') return second.result;
    if (second.kind === 'cancelled') return null;
    throw new Error(`matches ${start}..${end - 1} failed twice in a worker: ${first.reason}; then: ${second.reason}`);
  }

  close(): Promise<void> {
    return this.pool.terminate();
  }
}
