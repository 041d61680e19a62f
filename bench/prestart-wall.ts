/**
 * What the worker prestart (`src/cli/prestart.ts`) saves: the same `hordelab run` as a child
 * process through the bin (threads started before the command line loads) and through an entry
 * that calls the command line directly (threads started when the run asks for its pool),
 * alternated, with the whole process's wall time and the run's own `timing.seconds`; and a run
 * refused for bad input (a missing scenario) both ways, which pays for threads it never uses.
 *
 *     node dist/bench/prestart-wall.js [--rounds 7] [--matches 100] [--workers 1]
 *
 * Prints JSON: each sample, and the medians.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as stats from 'simple-statistics';
import { option } from './build-pair.js';

const rounds = Number(option('rounds') ?? 7);
const matches = option('matches') ?? '100';
const workers = option('workers') ?? '1';
const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'dist/src/cli/main.js');
const cli = pathToFileURL(join(root, 'dist/src/cli/cli.js')).href;
const io = pathToFileURL(join(root, 'dist/src/cli/process-io.js')).href;
// The bin without its prestart: the command line called as the bin calls it, and nothing else.
const direct = `const { main } = await import(${JSON.stringify(cli)}); const { processIo } = await import(${JSON.stringify(io)}); process.exitCode = await main(process.argv.slice(1), processIo());`;
const flags = ['--single-threaded-gc', '--max-semi-space-size=4', '--heap-growing-percent=50'];
const scenario = join(root, 'scenarios/trainers-first-player.yaml');
const scratch = mkdtempSync(join(tmpdir(), 'hordelab-prestart-'));

type Way = 'bin' | 'direct';
const entry = (way: Way): string[] => (way === 'bin' ? [...flags, bin] : [...flags, '--input-type=module', '-e', direct]);

function sample(way: Way, args: readonly string[], expectStatus: number): { wallSeconds: number; runSeconds: number | null } {
  const started = performance.now();
  const result = spawnSync(process.execPath, [...entry(way), ...args], { encoding: 'utf8', cwd: scratch });
  const wallSeconds = (performance.now() - started) / 1000;
  if (result.status !== expectStatus) throw new Error(`${way} ${args.join(' ')}: exit ${result.status}, expected ${expectStatus}\n${result.stderr}`);
  const runSeconds = expectStatus === 0 ? (JSON.parse(result.stdout) as { timing: { seconds: number } }).timing.seconds : null;
  return { wallSeconds, runSeconds };
}

const samples: Record<string, { wallSeconds: number[]; runSeconds: number[] }> = {};
const add = (key: string, value: { wallSeconds: number; runSeconds: number | null }): void => {
  const entry = (samples[key] ??= { wallSeconds: [], runSeconds: [] });
  entry.wallSeconds.push(Math.round(value.wallSeconds * 1000) / 1000);
  if (value.runSeconds !== null) entry.runSeconds.push(value.runSeconds);
};
try {
  for (let round = 0; round < rounds; round++) {
    const order: Way[] = round % 2 === 0 ? ['bin', 'direct'] : ['direct', 'bin'];
    for (const way of order) {
      add(`run.${way}`, sample(way, ['run', scenario, '-n', matches, '-w', workers, '--json', '-q', '--force', '-o', join(scratch, 'out')], 0));
      add(`refused.${way}`, sample(way, ['run', join(scratch, 'missing.yaml'), '-w', workers], 2));
    }
    process.stderr.write(`round ${round + 1} of ${rounds}\n`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
const median = (list: number[]): number | null => (list.length === 0 ? null : Math.round(stats.median(list) * 1000) / 1000);
const medians = Object.fromEntries(Object.entries(samples).map(([key, { wallSeconds, runSeconds }]) => [key, { wallSeconds: median(wallSeconds), runSeconds: median(runSeconds) }]));
process.stdout.write(`${JSON.stringify({ machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version }, matches: Number(matches), workers: Number(workers), rounds, medians, samples }, null, 2)}\n`);
