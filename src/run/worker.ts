/**
 * The worker-thread side of a {@link WorkerPool} (a piscina task function): loads each scenario
 * once per thread from its source (the same text, file and overrides as the main thread, so agent
 * modules resolve alike) and plays the chunks it is handed, one at a time. Before each match it
 * writes how many matches of the task it has started to the task's shared counter, so the pool
 * can tell which match was playing if the thread dies or hangs; that costs one atomic store per
 * match, where a message per match would cost far more.
 */
import { formatIssue, MetricFailure, UsageError, WholeRunFailure, type MetricFailureData } from '../core/errors.js';
import { parseScenario, type Scenario, type ScenarioSource } from '../scenario/scenario.js';
import { playChunk, type ChunkResult } from './play-chunk.js';
import type { ThreadReply, ThreadTask } from './pool.js';

/** A range of a scenario's matches to play. Plain data: it is posted to a worker thread. */
export interface ChunkTask {
  readonly source: ScenarioSource;
  readonly start: number;
  readonly end: number;
  readonly eventFiles: boolean;
}

/** What the pool hands a thread: the chunk, and the counter of its matches started (one per task, so a dying thread cannot write into another task's). */
export type WorkerTask = ThreadTask<ChunkTask>;

/**
 * What a thread answers: the chunk, or an internal failure outside any match. The failure is an
 * answer, not a rejection, so that the pool can tell it from the thread dying.
 */
export type WorkerReply = ThreadReply<ChunkResult>;

/**
 * The shared counter's layout (Int32 slots): matches started, match 0's plays again (the
 * canary's, see determinism-canary.ts), and 1 while the thread loads the task's scenario (its
 * game, agent and metric modules), so the pool's watchdog can time a load apart from a task
 * still queued.
 */
export const PROGRESS_MATCHES_STARTED = 0;
export const PROGRESS_PLAYED_AGAIN = 1;
export const PROGRESS_LOADING = 2;
export const PROGRESS_SLOTS = 3;

const scenarios = new Map<string, Promise<Scenario>>();

/**
 * The scenario of `source`, parsed once per thread; `progress` (the task's shared counter) says
 * while it loads. The main thread loaded it already: a module that fails to load only here (its
 * top level throws in a worker) is a failure of the whole run, said in one line with the command
 * that meets it again, not bad input nor an internal failure with Hordelab's stack (audit 36b).
 */
export async function loadScenario(source: ScenarioSource, progress?: Int32Array): Promise<Scenario> {
  const key = JSON.stringify(source);
  let scenario = scenarios.get(key);
  if (scenario === undefined) {
    scenario = parseScenario(source.text, source.file, source.overrides);
    scenarios.set(key, scenario);
    // A load that failed is not remembered: the next task tries again.
    scenario.catch(() => scenarios.delete(key));
  }
  if (progress !== undefined) Atomics.store(progress, PROGRESS_LOADING, 1);
  try {
    return await scenario;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new WholeRunFailure(`${error.issues.map(formatIssue).join('; ')} (in a worker thread only: it loaded in the main thread)`);
  } finally {
    if (progress !== undefined) Atomics.store(progress, PROGRESS_LOADING, 0);
  }
}

/** A match-start callback that counts starts into `progress`, for the pool's watchdog; a play again is counted apart. */
export function countStarts(progress: Int32Array): (again?: boolean) => void {
  let started = 0;
  return (again) => {
    if (again === true) Atomics.add(progress, PROGRESS_PLAYED_AGAIN, 1);
    else Atomics.store(progress, PROGRESS_MATCHES_STARTED, ++started);
  };
}

/** Plays one chunk, counting each match's start in `progress`. */
export async function playTask(task: ChunkTask, progress: Int32Array): Promise<ChunkResult> {
  const scenario = await loadScenario(task.source, progress);
  const starts = countStarts(progress);
  return playChunk(scenario, task.start, task.end, task.eventFiles, (_matchIndex, again) => starts(again));
}

/** The task function piscina calls in the thread. Never rejects: an internal failure is answered as `{ error }`. */
export default async function playWorkerTask({ task, progress }: WorkerTask): Promise<WorkerReply> {
  try {
    return { result: await playTask(task, new Int32Array(progress)) };
  } catch (error) {
    return threadFailure(error);
  }
}

/**
 * A failure as a thread answers it: a metric module's as data (it names the match to replay), a
 * whole run's by its message (the command reproduces it; a sweep's windows are summed in the
 * threads, review 26c), anything else as its stack.
 */
export function threadFailure(error: unknown): { readonly error: string } | { readonly metricFailure: MetricFailureData } | { readonly wholeRunFailure: string } {
  if (error instanceof MetricFailure) return { metricFailure: error.toData() };
  if (error instanceof WholeRunFailure) return { wholeRunFailure: error.message };
  return { error: describeInternalError(error) };
}

/** An internal failure's stack (or message), as a thread answers it. */
export function describeInternalError(error: unknown): string {
  try {
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
  } catch {
    return 'an internal failure that cannot be described';
  }
}
