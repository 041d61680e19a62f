/**
 * `npm run bench`: speed figures, printed as JSON, all in one run so their ratios hold on a noisy
 * machine.
 *
 * Like tinybench, each figure warms up first, then takes several timed samples and reports their
 * median, mean and spread rather than one number. Single-threaded figures:
 * - tic-tac-toe random games/s and MCTS iterations/s, three ways: through Hordelab's generic game
 *   contract, with boardgame.io's own bots on the same game, and with a hand-written
 *   allocation-free bitboard (the practical limit of Node); then the ratios;
 * - Zombie Trainers random-vs-random matches/s (engine alone, with the report collecting every
 *   event as `hordelab run` does, and a hand-specialised playout of the same matches as the
 *   limit: `zombie-trainers-playout.ts`), the report with the game-quality figures every run adds
 *   (with and without the heuristic leads), and MCTS iterations/s.
 *
 * - `hordelab run` on tic-tac-toe random vs random with 1 worker thread (300,000 games) and its
 *   ratio to the contract loop above;
 * - `hordelab run` on Zombie Trainers random vs random with 1 and 2 worker threads (60,000
 *   matches, files written, in a child process as users run it; up to 3 pairs, the two runs of a
 *   pair one after the other), the speedup (of the medians, and the median of the pairs' own
 *   ratios), and the peak
 *   memory (resident set, worker threads included) of runs of 100,000, 1,000,000 and 3,000,000
 *   matches (with `maxRounds: 10` so a million takes minutes, not tens of minutes: memory
 *   depends on the pipeline, not on match length, since only a few chunks are held). Whether
 *   memory stays flat is the comparison of these three.
 *
 * Options: `--samples N` (default 5), `--only PREFIX` to run the figures whose name starts so,
 * `--clock cpu` to time the in-process figures in CPU seconds instead of wall seconds,
 * `--memory-matches 100000,1000000,3000000` for the run lengths whose peak memory is measured.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Mcts, mctsConfig } from '../agents/mcts.js';
import { randomAgent } from '../agents/random.js';
import { greedyAgent } from '../agents/greedy.js';
import { scriptedZombiesAgent } from '../agents/scripted-zombies.js';
import { CHANCE, TERMINAL, type AnyGame, type EventSink, type GameEvent } from '../src/core/game.js';
import type { AnyGameReport } from '../src/reports/report.js';
import { playMatch } from '../src/core/match-runner.js';
import { fingerprint } from '../src/core/state-fingerprint.js';
import { defaultParameters } from '../src/core/parameters.js';
import { formatSeed, matchSeed, matchStream } from '../src/core/rng.js';
import { survivors } from '../src/games/survivors/index.js';
import { ticTacToe } from '../src/games/tic-tac-toe/index.js';
import { zombieTrainers } from '../src/games/zombie-trainers/index.js';
import { zombieTrainersReport } from '../src/games/zombie-trainers/report.js';
import { withQualityMetrics } from '../src/quality/quality-report.js';
import { boardgameMcts, boardgameRandomGames } from './boardgameio-tic-tac-toe.js';
import { bitboardRandomGames, bitboardUct } from './tic-tac-toe-bitboard.js';
import * as stats from 'simple-statistics';
import { HandWrittenPlayout } from './zombie-trainers-playout.js';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const samples = Number(option('samples') ?? 5);
if (!Number.isInteger(samples) || samples < 1) throw new Error('--samples takes a whole number >= 1');
const only = option('only') ?? '';
const clockOption = option('clock') ?? 'wall';
if (clockOption !== 'wall' && clockOption !== 'cpu') throw new Error('--clock takes wall or cpu');
/**
 * Milliseconds on the chosen clock: wall time, or with `--clock cpu` this process's CPU time
 * (user + system, all its threads), which a machine loaded by other jobs inflates far less.
 * In-process figures only; the CLI runs report their own wall-clock timing.
 */
function now(): number {
  if (clockOption === 'wall') return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

interface Figure {
  readonly name: string;
  readonly unit: string;
  readonly perSecond: { median: number; mean: number; min: number; max: number; relativeMarginOfError: number };
  readonly samples: number;
  readonly countPerSample: number;
}

const figures: Figure[] = [];
const round = (value: number): number => Math.round(value * 10) / 10;

/** Times `run(count)` over `samples` samples after one warm-up; records count per second. */
async function measure(name: string, unit: string, countPerSample: number, run: (count: number) => void | Promise<void>, sampleCount = samples): Promise<void> {
  if (!name.startsWith(only)) return;
  const sample = async (): Promise<number> => {
    const started = now();
    await run(countPerSample);
    return countPerSample / ((now() - started) / 1000);
  };
  await sample(); // warm-up: let the JIT settle before timing
  const rates: number[] = [];
  for (let i = 0; i < sampleCount; i++) rates.push(await sample());
  figures.push({ name, unit, perSecond: describeRates(rates), samples: sampleCount, countPerSample });
}

/**
 * Median, mean, extremes and the relative 95% margin of the mean of per-second rates, by
 * simple-statistics (whose median averages the middle two of an even count).
 */
function describeRates(rates: readonly number[]): Figure['perSecond'] {
  const values = [...rates];
  const mean = stats.mean(values);
  const sd = values.length > 1 ? stats.sampleStandardDeviation(values) : 0;
  return {
    median: round(stats.median(values)),
    mean: round(mean),
    min: round(stats.min(values)),
    max: round(stats.max(values)),
    // 95% margin of the mean, relative (normal approximation), as tinybench reports "rme".
    relativeMarginOfError: Math.round(((1.96 * sd) / Math.sqrt(values.length) / mean) * 10000) / 10000,
  };
}

/** Random playouts straight through the game contract: what search and tuning loops pay. */
function contractRandomGames(game: AnyGame, params: unknown, count: number): void {
  const rng = matchStream(matchSeed(1, 0), 'bench');
  const buffer: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const state = game.setup(params);
    for (let player = game.currentPlayer(state); player !== TERMINAL; player = game.currentPlayer(state)) {
      if (player === CHANCE) game.apply(state, game.sampleChance(state, rng), null);
      else {
        const legal = game.legalActions(state, buffer);
        game.apply(state, legal[rng.int(legal.length)], null);
      }
    }
  }
}

function contractMcts(game: AnyGame, root: unknown, iterations: number, extra: Record<string, unknown> = {}): void {
  const search = new Mcts(game, mctsConfig({ iterations, ...extra }), matchStream(matchSeed(1, 0), 'bench'));
  search.search(game.legalActions(root), () => game.clone(root));
}

const randomSeats = [
  { factory: randomAgent, config: {} },
  { factory: randomAgent, config: {} },
];

// Tic-tac-toe, three ways.
const ticTacToeRoot = ticTacToe.setup({});
await measure('tic-tac-toe.random-games.contract', 'games', 200_000, (n) => contractRandomGames(ticTacToe, {}, n));
await measure('tic-tac-toe.random-games.match-runner', 'games', 50_000, (n) => {
  for (let i = 0; i < n; i++) playMatch({ game: ticTacToe, params: {}, seats: randomSeats, runSeed: 1, matchIndex: i }, null);
});
await measure('tic-tac-toe.random-games.boardgameio', 'games', 500, (n) => boardgameRandomGames(n));
await measure('tic-tac-toe.random-games.bitboard', 'games', 2_000_000, (n) => bitboardRandomGames(n));
await measure('tic-tac-toe.mcts-iterations.contract', 'iterations', 100_000, (n) => contractMcts(ticTacToe, ticTacToeRoot, n));
await measure('tic-tac-toe.mcts-iterations.boardgameio', 'iterations', 1_000, (n) => boardgameMcts(n));
await measure('tic-tac-toe.mcts-iterations.bitboard', 'iterations', 500_000, (n) => {
  bitboardUct(n);
});

// Zombie Trainers.
const trainersParams = defaultParameters(zombieTrainers.parameters);
await measure('zombie-trainers.random-vs-random.engine', 'matches', 1000, (n) => {
  for (let i = 0; i < n; i++) playMatch({ game: zombieTrainers, params: trainersParams, seats: randomSeats, runSeed: 1, matchIndex: i }, null);
});
// The limit: the same matches (same seeds, same results) from a hand-specialised playout.
const handWritten = new HandWrittenPlayout(trainersParams);
await measure('zombie-trainers.random-vs-random.hand-written', 'matches', 2000, (n) => {
  for (let i = 0; i < n; i++) handWritten.play(1, i);
});
const collector = zombieTrainersReport.createCollector({ eventRows: true });
const aggregate = zombieTrainersReport.emptyAggregate();
const sink: EventSink<GameEvent> = (event) => collector.onEvent(event as Parameters<typeof collector.onEvent>[0]);
await measure('zombie-trainers.random-vs-random.report', 'matches', 1000, (n) => {
  for (let i = 0; i < n; i++) {
    const outcome = playMatch({ game: zombieTrainers, params: trainersParams, seats: randomSeats, runSeed: 1, matchIndex: i }, sink);
    collector.finishMatch({ matchIndex: i, seed: formatSeed(outcome.seed), cluster: i, clusterSize: 1 }, aggregate);
  }
});
// The cost of the game-quality figures every run adds (`src/quality/`): the report alone, with
// the quality figures (the runner's decision hook and the heuristic at each turn start), and
// with `quality: { leads: false }` (the hook without the heuristic). Timed in turns, one
// sample of each per round, so a change of load on a shared machine hits all three alike.
const qualitySeats = randomSeats.map((_, seat) => ({ name: `random${seat}`, agent: 'random', config: {} }));
const qualityVariants: [string, AnyGameReport][] = [
  ['zombie-trainers.quality-cost.report-alone', zombieTrainersReport],
  ['zombie-trainers.quality-cost.with-quality', withQualityMetrics(zombieTrainersReport, zombieTrainers, qualitySeats)],
  ['zombie-trainers.quality-cost.with-quality-no-leads', withQualityMetrics(zombieTrainersReport, zombieTrainers, qualitySeats, { leads: false })],
];
if ('zombie-trainers.quality-cost'.startsWith(only) || only.startsWith('zombie-trainers.quality-cost')) {
  const QUALITY_MATCHES = 300;
  const playWith = (report: AnyGameReport): number => {
    const reportCollector = report.createCollector({ eventRows: true });
    const reportAggregate: unknown = report.emptyAggregate();
    const reportSink: EventSink<GameEvent> = (event) => reportCollector.onEvent(event);
    const hook = reportCollector.onDecision === undefined ? {} : { onDecision: (seat: number, legal: number, state: unknown): void => reportCollector.onDecision?.(seat, legal, state) };
    const started = now();
    for (let i = 0; i < QUALITY_MATCHES; i++) {
      const outcome = playMatch({ game: zombieTrainers, params: trainersParams, seats: randomSeats, runSeed: 1, matchIndex: i, ...hook }, reportSink);
      reportCollector.finishMatch({ matchIndex: i, seed: formatSeed(outcome.seed), cluster: i, clusterSize: 1, agents: ['random0', 'random1'], returns: outcome.returns, finalState: outcome.finalState }, reportAggregate);
    }
    return QUALITY_MATCHES / ((now() - started) / 1000);
  };
  for (const [, report] of qualityVariants) playWith(report); // warm-up
  const rates: number[][] = qualityVariants.map(() => []);
  for (let round = 0; round < samples; round++) qualityVariants.forEach(([, report], index) => rates[index]?.push(playWith(report)));
  qualityVariants.forEach(([name], index) => figures.push({ name, unit: 'matches', perSecond: describeRates(rates[index] ?? []), samples, countPerSample: QUALITY_MATCHES }));
}
// MCTS from the first decision of a match (initial zombies placed), default settings.
const trainersRoot = zombieTrainers.setup(trainersParams);
const setupRng = matchStream(matchSeed(1, 0), 'chance');
while (zombieTrainers.currentPlayer(trainersRoot) === CHANCE) zombieTrainers.apply(trainersRoot, zombieTrainers.sampleChance(trainersRoot, setupRng), null);
await measure('zombie-trainers.mcts-iterations', 'iterations', 5000, (n) => contractMcts(zombieTrainers, trainersRoot, n));

// Survivors: random against random through the match runner, and greedy humans against the
// scripted zombie player (the shipped survive scenario's seats), engine only.
const survivorsParams = defaultParameters(survivors.parameters);
await measure('survivors.random-vs-random.engine', 'matches', 200, (n) => {
  for (let i = 0; i < n; i++) playMatch({ game: survivors, params: survivorsParams, seats: randomSeats, runSeed: 1, matchIndex: i }, null);
});
const survivorsSeats = [
  { factory: greedyAgent, config: {} },
  { factory: scriptedZombiesAgent, config: {} },
];
await measure('survivors.greedy-vs-scripted.engine', 'matches', 20, (n) => {
  for (let i = 0; i < n; i++) playMatch({ game: survivors, params: survivorsParams, seats: survivorsSeats, runSeed: 1, matchIndex: i }, null);
});

// The reading of the live state a module agent's decision costs, twice (before and after it
// answers: src/core/state-fingerprint.ts), of each game's state after setup.
for (const [id, game, params] of [['zombie-trainers', zombieTrainers, trainersParams], ['survivors', survivors, survivorsParams], ['tic-tac-toe', ticTacToe, {}]] as [string, AnyGame, unknown][]) {
  const state = game.setup(params);
  await measure(`agent-guard.fingerprint.${id}`, 'readings', 2000, (n) => {
    for (let i = 0; i < n; i++) fingerprint(state);
  });
}

// Whole runs of the CLI in child processes, with the node flags the `hordelab` bin passes
// (see the top of src/cli/main.ts).
// Matches/s is read from the run's own timing block, so node's start-up is not counted; the
// worker pool's start-up is.
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
function cliRun(args: readonly string[], preload: readonly string[] = [], scenario = here('../../scenarios/trainers-first-player.yaml')): { status: number | null; stdout: string; stderr: string } {
  const outDir = mkdtempSync(join(tmpdir(), 'hordelab-bench-'));
  const child = spawnSync(
    process.execPath,
    ['--single-threaded-gc', '--max-semi-space-size=4', '--heap-growing-percent=50', ...preload, here('../src/cli/main.js'), 'run', scenario, ...args, '--quiet', '--out', outDir],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  rmSync(outDir, { recursive: true, force: true });
  return child;
}
const RUN_MATCHES = 60_000;
// Runs of 1 and 2 workers alternate (1 then 2, then 2 then 1, ...), so a change in the machine's
// load between samples hits both, and each pair gives its own 2-over-1 ratio.
const RUN_PAIRS = Math.min(samples, 3);
const runWorkers = [1, 2].filter((workers) => `zombie-trainers.run.workers-${workers}`.startsWith(only));
const runRates = new Map<number, number[]>(runWorkers.map((workers) => [workers, []]));
const pairedRunRatios: number[] = [];
for (let pair = 0; pair < RUN_PAIRS && runWorkers.length > 0; pair++) {
  const ratesOfPair = new Map<number, number>();
  for (const workers of pair % 2 === 0 ? runWorkers : [...runWorkers].reverse()) {
    const child = cliRun(['--matches', String(RUN_MATCHES), '--workers', String(workers), '--json']);
    if (child.status !== 0) throw new Error(`zombie-trainers.run.workers-${workers}: the run failed: ${child.stderr}`);
    const rate = (JSON.parse(child.stdout) as { timing: { matchesPerSecond: number } }).timing.matchesPerSecond;
    runRates.get(workers)?.push(rate);
    ratesOfPair.set(workers, rate);
  }
  const one = ratesOfPair.get(1);
  const two = ratesOfPair.get(2);
  if (one !== undefined && two !== undefined) pairedRunRatios.push(two / one);
}
for (const [workers, rates] of runRates) {
  // Three samples at most: a margin of error from them would mean nothing.
  figures.push({ name: `zombie-trainers.run.workers-${workers}`, unit: 'matches', perSecond: { ...describeRates(rates), relativeMarginOfError: 0 }, samples: rates.length, countPerSample: RUN_MATCHES });
}

// Tic-tac-toe through the CLI, 1 worker: issue 19 asks for at least 0.2 of the contract loop.
const TIC_TAC_TOE_RUN_MATCHES = 300_000;
if ('tic-tac-toe.run.workers-1'.startsWith(only)) {
  const scenarioDir = mkdtempSync(join(tmpdir(), 'hordelab-bench-ttt-'));
  const scenario = join(scenarioDir, 'tic-tac-toe-random.yaml');
  writeFileSync(scenario, 'name: bench-tic-tac-toe\ngame: tic-tac-toe\nmatches: 1000\nseed: 1\nseats: [random, random]\n');
  const rates: number[] = [];
  for (let i = 0; i < Math.min(samples, 2); i++) {
    const child = cliRun(['--matches', String(TIC_TAC_TOE_RUN_MATCHES), '--workers', '1', '--json'], [], scenario);
    if (child.status !== 0) throw new Error(`tic-tac-toe.run.workers-1: the run failed: ${child.stderr}`);
    rates.push((JSON.parse(child.stdout) as { timing: { matchesPerSecond: number } }).timing.matchesPerSecond);
  }
  rmSync(scenarioDir, { recursive: true, force: true });
  figures.push({ name: 'tic-tac-toe.run.workers-1', unit: 'games', perSecond: { ...describeRates(rates), relativeMarginOfError: 0 }, samples: rates.length, countPerSample: TIC_TAC_TOE_RUN_MATCHES });
}

/** Peak memory of a whole CLI run, read from a preloaded exit hook in the child process. */
function peakMemoryMegabytes(matches: number): number | null {
  const child = cliRun(['--matches', String(matches), '--set', 'maxRounds=10', '--workers', '2', '--no-event-files'], ['--import', here('./max-rss.js')]);
  const kilobytes = /maxRSS (\d+)/.exec(child.stderr)?.[1];
  return child.status === 0 && kilobytes !== undefined ? Math.round(Number(kilobytes) / 1024) : null;
}
const memoryMatches = (option('memory-matches') ?? '100000,1000000,3000000').split(',').map(Number);
if (memoryMatches.some((matches) => !Number.isSafeInteger(matches) || matches < 1)) throw new Error('--memory-matches takes whole numbers >= 1, comma-separated');
const memory: Record<string, number | null> = {};
if ('zombie-trainers.run.peak-memory'.startsWith(only)) {
  for (const matches of memoryMatches) memory[`zombie-trainers.run.${matches}-matches.maxRounds-10.workers-2.no-event-files`] = peakMemoryMegabytes(matches);
}

const median = (name: string): number | undefined => figures.find((figure) => figure.name === name)?.perSecond.median;
const ratio = (a: string, b: string): number | null => {
  const x = median(a);
  const y = median(b);
  return x === undefined || y === undefined ? null : Math.round((x / y) * 1000) / 1000;
};

process.stdout.write(
  `${JSON.stringify(
    {
      machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version, platform: process.platform },
      clock: clockOption,
      figures,
      ratios: {
        'tic-tac-toe.random-games.contract/bitboard': ratio('tic-tac-toe.random-games.contract', 'tic-tac-toe.random-games.bitboard'),
        'tic-tac-toe.random-games.contract/boardgameio': ratio('tic-tac-toe.random-games.contract', 'tic-tac-toe.random-games.boardgameio'),
        'tic-tac-toe.mcts-iterations.contract/bitboard': ratio('tic-tac-toe.mcts-iterations.contract', 'tic-tac-toe.mcts-iterations.bitboard'),
        'tic-tac-toe.mcts-iterations.contract/boardgameio': ratio('tic-tac-toe.mcts-iterations.contract', 'tic-tac-toe.mcts-iterations.boardgameio'),
        'zombie-trainers.random-vs-random.engine/hand-written': ratio('zombie-trainers.random-vs-random.engine', 'zombie-trainers.random-vs-random.hand-written'),
        'zombie-trainers.run.workers-1/hand-written': ratio('zombie-trainers.run.workers-1', 'zombie-trainers.random-vs-random.hand-written'),
        'tic-tac-toe.run.workers-1/contract': ratio('tic-tac-toe.run.workers-1', 'tic-tac-toe.random-games.contract'),
        'zombie-trainers.run.workers-2/workers-1': ratio('zombie-trainers.run.workers-2', 'zombie-trainers.run.workers-1'),
        // The median of the ratios of runs played one after the other, and every pair's.
        'zombie-trainers.run.workers-2/workers-1.paired': pairedRunRatios.length === 0 ? null : Math.round(stats.median(pairedRunRatios) * 1000) / 1000,
        'zombie-trainers.run.workers-2/workers-1.pairs': pairedRunRatios.map((value) => Math.round(value * 1000) / 1000),
        'zombie-trainers.quality-cost.with-quality/report-alone': ratio('zombie-trainers.quality-cost.with-quality', 'zombie-trainers.quality-cost.report-alone'),
        'zombie-trainers.quality-cost.with-quality-no-leads/report-alone': ratio('zombie-trainers.quality-cost.with-quality-no-leads', 'zombie-trainers.quality-cost.report-alone'),
      },
      peakMemoryMegabytes: memory,
    },
    null,
    2,
  )}\n`,
);
