/**
 * The worker-thread side of {@link TallyPlayer} (piscina): loads each scenario once per thread
 * from its source, as the run's worker does, and plays the ranges it is handed.
 */
import { parseScenario, type Scenario, type ScenarioSource } from '../scenario/scenario.js';
import { playTally, type Tally } from './tally.js';

export interface TallyTask {
  readonly source: ScenarioSource;
  readonly start: number;
  readonly end: number;
}

const scenarios = new Map<string, Promise<Scenario>>();

export default async function playTallyTask(task: TallyTask): Promise<Tally> {
  const key = JSON.stringify(task.source);
  let scenario = scenarios.get(key);
  if (scenario === undefined) {
    scenario = parseScenario(task.source.text, task.source.file, task.source.overrides);
    scenarios.set(key, scenario);
    scenario.catch(() => scenarios.delete(key));
  }
  return playTally(await scenario, task.start, task.end);
}
