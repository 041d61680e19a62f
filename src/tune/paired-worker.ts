/**
 * The worker-thread side of a sweep (piscina): loads the configuration's scenario once per
 * thread from its source and plays the chunks it is handed with per-match contributions.
 */
import { parseScenario, type Scenario, type ScenarioSource } from '../scenario/scenario.js';
import { playPairedChunk, type PairedChunkResult } from './paired-chunk.js';

/** One chunk of one configuration. */
export interface PairedChunkTask {
  readonly source: ScenarioSource;
  readonly start: number;
  readonly end: number;
  readonly metrics: readonly string[];
}

const scenarios = new Map<string, Promise<Scenario>>();

/** Plays one chunk of one configuration, its scenario loaded once per thread. */
export default async function playPairedChunkTask(task: PairedChunkTask): Promise<PairedChunkResult> {
  const key = JSON.stringify(task.source);
  let scenario = scenarios.get(key);
  if (scenario === undefined) {
    scenario = parseScenario(task.source.text, task.source.file, task.source.overrides);
    scenarios.set(key, scenario);
    scenario.catch(() => scenarios.delete(key));
  }
  return playPairedChunk(await scenario, task.start, task.end, task.metrics);
}
