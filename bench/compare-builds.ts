/**
 * `node dist/bench/compare-builds.js --base DIR [--head DIR] [--rounds N]`: issue 19's "× today"
 * figures for two builds of Hordelab on one machine in one session. Each build is a checkout
 * with `npm ci` and `npm run build` done (`--head` defaults to this checkout).
 *
 * Figures, each measured in a fresh child process of the build it measures:
 * - `zombie-trainers.mcts-iterations`: MCTS iterations/s from the first decision of a Zombie
 *   Trainers match (default settings), 6 searches of 5,000 after one untimed search;
 *   `….steady` 20 searches after 4 untimed ones, once V8 has compiled the search, as
 *   `npm run bench` measures it;
 * - `tic-tac-toe.run.workers-1`: `hordelab run` of random against random tic-tac-toe, 1 worker;
 * - `zombie-trainers.run.workers-1`: `hordelab run scenarios/trainers-first-player.yaml`, 1 worker;
 * - `survivors.one-step-greedy-vs-scripted.run`: `scenarios/survivors-survive.yaml`, 1 worker,
 *   40 matches, with the one-step greedy: the base's `greedy` if it has no `horizon` setting,
 *   else the head's `greedy` with `horizon: action` (the turn-planning greedy is a different
 *   agent); `….run-300` the same with 300 matches, past the first seconds' compilation.
 * Runs read `timing.matchesPerSecond` from the run's own JSON (node's start-up not counted; a
 * build whose worker threads start before the timed run begins does not count theirs either),
 * and, beside it, matches per wall second of the whole child process, every start-up included.
 *
 * Every figure also gets its CPU time (user + system, all threads: of the timed searches for
 * MCTS, of the whole child, start-up included, for runs), so a loaded machine can be read per
 * CPU second as well as per wall second. Rounds alternate the order of the two
 * builds (base first in even rounds, head first in odd ones), so a drift in load hits both; the
 * printed JSON has each sample, the medians and the head/base ratio of the medians.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as stats from 'simple-statistics';
import { buildPairFromArguments } from './build-pair.js';

const { builds, rounds, only } = buildPairFromArguments(3);

const scratch = mkdtempSync(join(tmpdir(), 'hordelab-compare-'));
// Preloaded into each child: its whole CPU time (every thread) on stderr at exit.
const cpuHook = join(scratch, 'cpu-hook.mjs');
writeFileSync(cpuHook, "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`\\ncpuMicroseconds ${u.userCPUTime + u.systemCPUTime}\\n`); });\n");
const ticTacToeScenario = join(scratch, 'tic-tac-toe-random.yaml');
writeFileSync(ticTacToeScenario, 'name: compare-tic-tac-toe\ngame: tic-tac-toe\nmatches: 1000\nseed: 1\nseats:\n  - random\n  - random\n');

// The MCTS child: this build's workload (build-workloads.ts) run against the build it measures,
// loaded by path, so both builds are timed by the same harness.
const mctsScript = `
const { trainersMctsSearch } = await import(process.env.WORKLOADS);
const search = await trainersMctsSearch(process.env.HORDELAB_ROOT);
for (let i = 0; i < Number(process.env.WARMUP_SEARCHES); i++) search(5000);
const searches = Number(process.env.SEARCHES);
const started = process.hrtime.bigint();
const cpuStarted = process.cpuUsage();
for (let i = 0; i < searches; i++) search(5000);
const cpu = process.cpuUsage(cpuStarted);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(JSON.stringify({ perSecond: (5000 * searches) / seconds, perCpuSecond: (5000 * searches) / ((cpu.user + cpu.system) / 1e6) }));
`;

interface Sample {
  readonly perSecond: number;
  /** Runs: units per wall second of the whole child process, start-up included; null for MCTS. */
  readonly perProcessSecond: number | null;
  /** Units per CPU second (all threads; for runs, of the whole child, start-up included). */
  readonly perCpuSecond: number;
}

function child(args: readonly string[], env: Record<string, string> = {}): { stdout: string; cpuSeconds: number; wallSeconds: number } {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', pathToFileURL(cpuHook).href, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } });
  const micro = /cpuMicroseconds (\d+)/.exec(result.stderr)?.[1];
  if (result.status !== 0 || micro === undefined) throw new Error(`failed (${result.status}): node ${args.join(' ')}\n${result.stderr}`);
  return { stdout: result.stdout, cpuSeconds: Number(micro) / 1e6, wallSeconds: (performance.now() - started) / 1000 };
}

function mctsSample(root: string, warmupSearches = 1, searches = 6): Sample {
  const { stdout } = child(['--input-type=module', '-e', mctsScript], { HORDELAB_ROOT: root, WORKLOADS: new URL('./build-workloads.js', import.meta.url).href, WARMUP_SEARCHES: String(warmupSearches), SEARCHES: String(searches) });
  return { ...(JSON.parse(stdout) as Omit<Sample, 'perProcessSecond'>), perProcessSecond: null };
}

function runSample(root: string, scenario: string, matches: number, extra: readonly string[] = []): Sample {
  const out = join(mkdtempSync(join(scratch, 'run-')), 'out');
  try {
    const args = ['--single-threaded-gc', '--max-semi-space-size=4', '--heap-growing-percent=50', join(root, 'dist/src/cli/main.js'), 'run', scenario, '--matches', String(matches), '--workers', '1', '--json', '--quiet', '--out', out, ...extra];
    const { stdout, cpuSeconds, wallSeconds } = child(args);
    const summary = JSON.parse(stdout) as { timing: { matchesPerSecond: number } };
    return { perSecond: summary.timing.matchesPerSecond, perCpuSecond: matches / cpuSeconds, perProcessSecond: matches / wallSeconds };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Whether a build's greedy agent has the turn-planning horizon (and so needs `horizon: action` for the one-step greedy). */
function greedyHasHorizon(root: string): boolean {
  return readFileSync(join(root, 'dist/agents/greedy.js'), 'utf8').includes('horizon');
}

const figureRuns: Record<string, (root: string) => Sample> = {
  'zombie-trainers.mcts-iterations': (root) => mctsSample(root),
  // After V8 has compiled the search (the first searches above still include it), as
  // `npm run bench` times it and as a long MCTS run spends nearly all its time.
  'zombie-trainers.mcts-iterations.steady': (root) => mctsSample(root, 4, 20),
  'tic-tac-toe.run.workers-1': (root) => runSample(root, ticTacToeScenario, 300_000),
  'zombie-trainers.run.workers-1': (root) => runSample(root, join(root, 'scenarios/trainers-first-player.yaml'), 10_000),
  'survivors.one-step-greedy-vs-scripted.run': (root) =>
    runSample(root, join(root, 'scenarios/survivors-survive.yaml'), 40, greedyHasHorizon(root) ? ['--set', 'seat1.horizon=action'] : []),
  // The same past its first seconds: the shipped scenario plays 1,000 matches, and 40 last about
  // as long as V8 takes to compile the search's hot code, so the short run times mostly warm-up.
  'survivors.one-step-greedy-vs-scripted.run-300': (root) =>
    runSample(root, join(root, 'scenarios/survivors-survive.yaml'), 300, greedyHasHorizon(root) ? ['--set', 'seat1.horizon=action'] : []),
};

const samples: Record<string, Record<'base' | 'head', Sample[]>> = {};
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const);
    for (const [figure, run] of Object.entries(figureRuns)) {
      if (!figure.startsWith(only)) continue;
      const entry = (samples[figure] ??= { base: [], head: [] });
      for (const build of order) {
        const sample = run(builds[build]);
        entry[build].push(sample);
        const whole = sample.perProcessSecond === null ? '' : `, ${sample.perProcessSecond.toFixed(1)}/s of the whole process`;
        process.stderr.write(`round ${round + 1} ${figure} ${build}: ${sample.perSecond.toFixed(1)}/s, ${sample.perCpuSecond.toFixed(1)}/CPU s${whole}\n`);
      }
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const median = (list: readonly Sample[], key: 'perSecond' | 'perCpuSecond'): number => Math.round(stats.median(list.map((sample) => sample[key])) * 10) / 10;
/** The median of the whole-process rates, or null where there are none (MCTS). */
const medianWhole = (list: readonly Sample[]): number | null => {
  const values = list.map((sample) => sample.perProcessSecond).filter((value): value is number => value !== null);
  return values.length === 0 ? null : Math.round(stats.median(values) * 10) / 10;
};
const ratio = (head: number | null, base: number | null): number | null => (head === null || base === null ? null : Math.round((head / base) * 100) / 100);
const figures = Object.fromEntries(
  Object.entries(samples).map(([figure, { base: b, head: h }]) => [
    figure,
    {
      base: { medianPerSecond: median(b, 'perSecond'), medianPerCpuSecond: median(b, 'perCpuSecond'), medianPerProcessSecond: medianWhole(b), perSecond: b.map((s) => Math.round(s.perSecond * 10) / 10) },
      head: { medianPerSecond: median(h, 'perSecond'), medianPerCpuSecond: median(h, 'perCpuSecond'), medianPerProcessSecond: medianWhole(h), perSecond: h.map((s) => Math.round(s.perSecond * 10) / 10) },
      headOverBase: Math.round((median(h, 'perSecond') / median(b, 'perSecond')) * 100) / 100,
      headOverBasePerCpuSecond: Math.round((median(h, 'perCpuSecond') / median(b, 'perCpuSecond')) * 100) / 100,
      headOverBasePerProcessSecond: ratio(medianWhole(h), medianWhole(b)),
    },
  ]),
);
process.stdout.write(`${JSON.stringify({ machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version }, builds, rounds, figures }, null, 2)}\n`);
