/**
 * `node dist/bench/trainers-heuristic.js [--build DIR]`: nanoseconds per read of the Zombie
 * Trainers heuristic on the states the quality figures' leads read it on (the turn starts of
 * random matches of `scenarios/trainers-first-player.yaml`), in the build at DIR (a checkout with
 * `npm ci && npm run build` done; this one by default), so two builds can be compared on one
 * machine in one session.
 *
 * The first 4,000 turn-start states of the run's first matches are copied, then read 50 times
 * over in each of 40 rounds; the last 5 rounds are printed (the first ones let V8 compile). The
 * states fit in cache, so this is the heuristic's own cost: inside a run it meets colder caches.
 * Prints JSON: the build, the states, each round's nanoseconds per read, and the sum of every
 * value read (the same in two builds whose heuristics give the same values).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { option } from './build-pair.js';
import type { Scenario } from '../src/scenario/scenario.js';
import type { ChunkResult } from '../src/run/play-chunk.js';

const STATES = 4_000;
const READS_PER_STATE = 50;
const ROUNDS = 40;
const PRINTED_ROUNDS = 5;

const build = resolve(option('build') ?? fileURLToPath(new URL('../..', import.meta.url)));
if (!existsSync(resolve(build, 'dist/src/run/play-chunk.js'))) {
  process.stderr.write(`trainers-heuristic: --build ${build}: no dist/src/run/play-chunk.js; expected a checkout with npm ci && npm run build done\n`);
  process.exit(2);
}
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(resolve(build, 'dist', path)).href)) as T;
const { loadScenario } = await load<{ loadScenario(file: string): Promise<Scenario> }>('src/scenario/scenario.js');
const { playChunk } = await load<{ playChunk(scenario: Scenario, start: number, end: number, eventFiles: boolean): ChunkResult }>('src/run/play-chunk.js');

const scenario = await loadScenario(resolve(build, 'scenarios/trainers-first-player.yaml'));
// The game object is the build's own; its heuristic is swapped for a recorder while matches play.
const game = scenario.entry.game as { heuristic(state: unknown): readonly number[]; clone(state: unknown): unknown };
const heuristic = game.heuristic.bind(game);
const states: unknown[] = [];
game.heuristic = (state) => {
  if (states.length < STATES) states.push(game.clone(state));
  return heuristic(state);
};
for (let start = 0; states.length < STATES; start += 100) playChunk(scenario, start, start + 100, false);
game.heuristic = heuristic;

let sum = 0;
const nanoseconds: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  for (let pass = 0; pass < READS_PER_STATE; pass++) for (const state of states) sum += heuristic(state)[0] as number;
  nanoseconds.push(((performance.now() - started) * 1e6) / (READS_PER_STATE * states.length));
}
process.stdout.write(`${JSON.stringify({ build, states: states.length, nanosecondsPerRead: nanoseconds.slice(-PRINTED_ROUNDS).map((value) => Math.round(value * 10) / 10), sumOfValues: sum })}\n`);
