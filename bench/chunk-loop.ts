/**
 * `node dist/bench/chunk-loop.js SCENARIO [--matches-per-chunk N] [--chunks N] [--threads N]
 * [--processes N]`: the speed of a worker's own loop (`playChunk`, no event files), with no run
 * around it, in one or more worker threads or processes at once, to tell what the cores give
 * from what a run's scheduling and files cost. Each thread or process plays the same chunks three
 * times and reports the rate of the third round (the first two let V8 compile), in matches/s.
 * Prints JSON: each thread's or process's rate and their sum.
 */

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { option } from './build-pair.js';
import { loadScenario } from '../src/scenario/scenario.js';
import { playChunk } from '../src/run/play-chunk.js';

interface LoopSettings {
  readonly file: string;
  readonly perChunk: number;
  readonly chunks: number;
}

async function loopRate({ file, perChunk, chunks }: LoopSettings): Promise<number> {
  const scenario = await loadScenario(file);
  let rate = 0;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let chunk = 0; chunk < chunks; chunk++) playChunk(scenario, chunk * perChunk, (chunk + 1) * perChunk, false);
    rate = (perChunk * chunks) / ((performance.now() - started) / 1000);
  }
  return rate;
}

const whole = (name: string, fallback: number): number => {
  const value = Number(option(name) ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number >= 1`);
  return value;
};

if (!isMainThread) {
  parentPort?.postMessage(await loopRate(workerData as LoopSettings));
} else if (process.env['CHUNK_LOOP_CHILD'] === '1') {
  process.stdout.write(String(await loopRate(JSON.parse(process.env['CHUNK_LOOP_SETTINGS'] as string) as LoopSettings)));
} else {
  const file = process.argv[2];
  if (file === undefined || file.startsWith('--')) throw new Error('usage: chunk-loop.js SCENARIO [--matches-per-chunk N] [--chunks N] [--threads N] [--processes N]');
  const settings: LoopSettings = { file, perChunk: whole('matches-per-chunk', 1000), chunks: whole('chunks', 12) };
  const threads = whole('threads', 1);
  const processes = option('processes') === undefined ? 0 : whole('processes', 1);
  const self = fileURLToPath(import.meta.url);
  let rates: number[];
  if (processes > 0) {
    // Started together and waited for together.
    rates = await Promise.all(
      Array.from({ length: processes }, () =>
        new Promise<number>((resolve, reject) => {
          const child = spawn(process.execPath, [...process.execArgv, self], { env: { ...process.env, CHUNK_LOOP_CHILD: '1', CHUNK_LOOP_SETTINGS: JSON.stringify(settings) } });
          let out = '';
          child.stdout.on('data', (data: Buffer) => (out += data.toString()));
          child.on('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`a chunk-loop process exited with ${code}`))));
        }),
      ),
    );
  } else {
    rates = await Promise.all(
      Array.from({ length: threads }, () => new Promise<number>((resolve, reject) => new Worker(self, { workerData: settings }).on('message', resolve).on('error', reject))),
    );
  }
  const round = (value: number): number => Math.round(value);
  process.stdout.write(`${JSON.stringify({ ...settings, mode: processes > 0 ? 'processes' : 'threads', rates: rates.map(round), sum: round(rates.reduce((a, b) => a + b, 0)) })}\n`);
}
