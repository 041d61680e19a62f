/**
 * The worker-thread side of {@link PairedPlayer} (a {@link WorkerPool} entry): loads each scenario
 * once per thread from its source, as the run's worker does, and plays the windows it is handed,
 * each with its matches' contributions to the metrics asked for (`paired-chunk.ts`): the
 * summaries those take, one per match, are most of a sweep's work, and here they run beside the
 * matches on every thread instead of one after another in the main thread.
 */
import type { ThreadReply, ThreadTask } from '../run/pool.js';
import { countStarts, loadScenario, threadFailure } from '../run/worker.js';
import type { ScenarioSource } from '../scenario/scenario.js';
import { playPairedWindow, type PairedWindow } from './paired-chunk.js';

export interface PairedTask {
  readonly source: ScenarioSource;
  readonly start: number;
  readonly end: number;
  /** The metrics whose per-match contributions the window answers; empty for none (a lone match replayed after its window broke a thread). */
  readonly metrics: readonly string[];
}

/** Never rejects: an internal failure outside any match is answered as `{ error }`. */
export default async function playPairedTask({ task, progress }: ThreadTask<PairedTask>): Promise<ThreadReply<PairedWindow>> {
  try {
    const counter = new Int32Array(progress);
    const scenario = await loadScenario(task.source, counter);
    const starts = countStarts(counter);
    return { result: playPairedWindow(scenario, task.start, task.end, task.metrics, (_matchIndex, again) => starts(again)) };
  } catch (error) {
    return threadFailure(error);
  }
}
