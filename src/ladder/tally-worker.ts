/**
 * The worker-thread side of {@link TallyPlayer} (on `worker_threads`): loads each scenario once per thread
 * from its source, as the run's worker does, and plays the ranges it is handed.
 */
import { parentPort } from 'node:worker_threads';
import { parseScenario, type Scenario, type ScenarioSource } from '../scenario/scenario.js';
import { playTally, type Tally } from './tally.js';

export interface TallyTask {
  readonly source: ScenarioSource;
  readonly start: number;
  readonly end: number;
}

/** What a tally worker posts back: the tally, or an internal failure outside any match. */
export type TallyReply = { readonly tally: Tally } | { readonly error: string };

const scenarios = new Map<string, Promise<Scenario>>();

/** Plays one task, loading its scenario once per thread. */
export async function playTallyTask(task: TallyTask): Promise<Tally> {
  const key = JSON.stringify(task.source);
  let scenario = scenarios.get(key);
  if (scenario === undefined) {
    scenario = parseScenario(task.source.text, task.source.file, task.source.overrides);
    scenarios.set(key, scenario);
    scenario.catch(() => scenarios.delete(key));
  }
  return playTally(await scenario, task.start, task.end);
}

if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (task: TallyTask) => {
    playTallyTask(task).then(
      (tally) => port.postMessage({ tally } satisfies TallyReply),
      (error: unknown) => port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies TallyReply),
    );
  });
}
