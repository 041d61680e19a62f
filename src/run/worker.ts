/**
 * The worker-thread side of a run (piscina): loads the scenario once per thread from its source
 * (the same text, file and overrides as the main thread, so agent modules resolve alike) and
 * plays the chunks it is handed.
 */
import { parseScenario, type Scenario, type ScenarioSource } from '../scenario/scenario.js';
import { playChunk, type ChunkResult } from './play-chunk.js';

export interface ChunkTask {
  readonly source: ScenarioSource;
  readonly start: number;
  readonly end: number;
  readonly eventFiles: boolean;
}


const scenarios = new Map<string, Promise<Scenario>>();

export default async function playChunkTask(task: ChunkTask): Promise<ChunkResult> {
  const key = JSON.stringify(task.source);
  let scenario = scenarios.get(key);
  if (scenario === undefined) {
    scenario = parseScenario(task.source.text, task.source.file, task.source.overrides);
    scenarios.set(key, scenario);
    // A load that failed is not remembered: the next task tries again.
    scenario.catch(() => scenarios.delete(key));
  }
  return playChunk(await scenario, task.start, task.end, task.eventFiles);
}
