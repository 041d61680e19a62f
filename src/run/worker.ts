/**
 * The worker-thread side of a run (piscina): loads the scenario once per thread from its source
 * (the same text, file and overrides as the main thread, so agent modules resolve alike) and
 * plays the chunks it is handed.
 */
import { MatchFailure, type MatchFailureData } from '../core/match-runner.js';
import { parseScenario, type Scenario, type ScenarioSource } from '../scenario/scenario.js';
import { playChunk, type ChunkResult } from './play-chunk.js';

export interface ChunkTask {
  readonly source: ScenarioSource;
  readonly start: number;
  readonly end: number;
  readonly eventFiles: boolean;
}

/** A chunk's result, or the failure of one of its matches as plain data. */
export type ChunkOutcome = { readonly ok: true; readonly result: ChunkResult } | { readonly ok: false; readonly failure: MatchFailureData };

const scenarios = new Map<string, Promise<Scenario>>();

export default async function playChunkTask(task: ChunkTask): Promise<ChunkOutcome> {
  const key = JSON.stringify(task.source);
  let scenario = scenarios.get(key);
  if (scenario === undefined) {
    scenario = parseScenario(task.source.text, task.source.file, task.source.overrides);
    scenarios.set(key, scenario);
  }
  try {
    return { ok: true, result: playChunk(await scenario, task.start, task.end, task.eventFiles) };
  } catch (error) {
    if (error instanceof MatchFailure) return { ok: false, failure: error.toData() };
    throw error;
  }
}
