/**
 * The worker-thread side of {@link TallyPlayer} (a {@link WorkerPool} entry): loads each scenario
 * once per thread from its source, as the run's worker does, plays the ranges it is handed, and
 * counts each match's start for the pool's watchdog (a dead or hung thread's match is known).
 */
import type { ThreadReply, ThreadTask } from '../run/pool.js';
import { countStarts, loadScenario, threadFailure } from '../run/worker.js';
import type { ScenarioSource } from '../scenario/scenario.js';
import { playTally, type Tally } from './tally.js';

export interface TallyTask {
  readonly source: ScenarioSource;
  readonly start: number;
  readonly end: number;
}

/** Never rejects: an internal failure outside any match is answered as `{ error }`. */
export default async function playTallyTask({ task, progress }: ThreadTask<TallyTask>): Promise<ThreadReply<Tally>> {
  try {
    const counter = new Int32Array(progress);
    const scenario = await loadScenario(task.source, counter);
    return { result: playTally(scenario, task.start, task.end, countStarts(counter)) };
  } catch (error) {
    return threadFailure(error);
  }
}
