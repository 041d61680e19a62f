/**
 * The worker-thread side of a {@link WorkerPool}: loads each scenario once per thread from its
 * source (the same text, file and overrides as the main thread, so agent modules resolve alike)
 * and plays the chunks it is handed, one at a time. Before each match it writes which match it is
 * in to a shared counter, so the pool can tell which match was playing if the thread dies or
 * hangs; that costs one atomic store per match, where a message per match would cost far more.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseScenario, type Scenario, type ScenarioSource } from '../scenario/scenario.js';
import { playChunk, type ChunkResult } from './play-chunk.js';

/** A range of a scenario's matches to play. Plain data: it is posted to a worker thread. */
export interface ChunkTask {
  readonly source: ScenarioSource;
  readonly start: number;
  readonly end: number;
  readonly eventFiles: boolean;
}

/** What the pool posts to a worker. */
export interface TaskMessage {
  readonly id: number;
  readonly task: ChunkTask;
}

/** What a worker posts back: the chunk, or an internal failure outside any match. */
export type ReplyMessage = { readonly id: number; readonly result: ChunkResult } | { readonly id: number; readonly error: string };

/** The shared counter's layout (Int32 slots). */
export const PROGRESS_TASK = 0;
export const PROGRESS_MATCHES_STARTED = 1;
export const PROGRESS_SLOTS = 2;

const scenarios = new Map<string, Promise<Scenario>>();

function loadScenario(source: ScenarioSource): Promise<Scenario> {
  const key = JSON.stringify(source);
  let scenario = scenarios.get(key);
  if (scenario === undefined) {
    scenario = parseScenario(source.text, source.file, source.overrides);
    scenarios.set(key, scenario);
    // A load that failed is not remembered: the next task tries again.
    scenario.catch(() => scenarios.delete(key));
  }
  return scenario;
}

/** Plays one task, reporting each match's start in `progress`. */
export async function playTask(message: TaskMessage, progress: Int32Array): Promise<ChunkResult> {
  const { id, task } = message;
  Atomics.store(progress, PROGRESS_MATCHES_STARTED, 0);
  Atomics.store(progress, PROGRESS_TASK, id);
  const scenario = await loadScenario(task.source);
  let started = 0;
  return playChunk(scenario, task.start, task.end, task.eventFiles, () => {
    Atomics.store(progress, PROGRESS_MATCHES_STARTED, ++started);
  });
}

if (parentPort !== null && workerData !== null && typeof workerData === 'object' && 'progress' in workerData) {
  const port = parentPort;
  const progress = new Int32Array((workerData as { progress: SharedArrayBuffer }).progress);
  port.on('message', (message: TaskMessage) => {
    playTask(message, progress).then(
      (result) => port.postMessage({ id: message.id, result } satisfies ReplyMessage),
      (error: unknown) => port.postMessage({ id: message.id, error: describeInternalError(error) } satisfies ReplyMessage),
    );
  });
}

function describeInternalError(error: unknown): string {
  try {
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
  } catch {
    return 'an internal failure that cannot be described';
  }
}
