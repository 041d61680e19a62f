/**
 * `node dist/bench/compare-in-process.js --base DIR [--head DIR] [--rounds N] [--only NAME]`:
 * two builds of Hordelab loaded into one process, their workloads timed in alternation (base
 * first in even rounds, head first in odd ones). On a machine whose speed drifts by a third
 * from one minute to the next, separate processes (`compare-builds`) need many rounds to show a
 * 5% change; here each pair of timings runs under the same load, and the median of the paired
 * ratios shows it in a minute. Both builds are warm (each workload runs twice before timing), so
 * these are steady-state figures, not a run's start-up.
 *
 * Workloads:
 * - `zombie-trainers.mcts-search`: one 5,000-iteration MCTS search from the first decision of a
 *   Zombie Trainers match (default settings), as `compare-builds` times it;
 * - `zombie-trainers.random-matches`: 300 random-vs-random Zombie Trainers matches through the
 *   match runner (no report);
 * - `zombie-trainers.quality-matches`: the same 300 matches with the report and the game-quality
 *   figures a run adds (leads read from the heuristic at each turn start), for builds that have
 *   them (not the build issue 19 measured);
 * - `tic-tac-toe.chunk`: 20,000 random-vs-random tic-tac-toe games through a worker's own loop
 *   (`playChunk`: the report, the game-quality figures and the CSV text, no event files);
 * - `zombie-trainers.chunk`: 300 matches of `trainers-first-player` through the same loop, with
 *   the event files a run writes by default (the worker's part of `hordelab run`);
 * - `survivors.one-step-greedy`: 4 Survivors matches ("survive", default map and deck), the
 *   one-step greedy against the scripted zombies: `horizon: action`, or, for a build whose greedy
 *   has no such setting, its greedy (then one step only), as `compare-builds` takes it.
 *
 * Prints JSON: per workload, each build's median milliseconds and the median of base/head
 * ratios of the pairs (above 1: head faster).
 */
import { cpus } from 'node:os';
import { buildPairFromArguments } from './build-pair.js';
import { loadFrom, trainersMctsSearch } from './build-workloads.js';

const { builds, rounds, only } = buildPairFromArguments(30);

type Workload = () => void;

async function workloads(root: string): Promise<Record<string, Workload>> {
  const search = await trainersMctsSearch(root);
  const { zombieTrainers } = await loadFrom(root, 'dist/src/games/zombie-trainers/index.js');
  const { randomAgent } = await loadFrom(root, 'dist/agents/random.js');
  const { defaultParameters } = await loadFrom(root, 'dist/src/core/parameters.js');
  const { playMatch } = await loadFrom(root, 'dist/src/core/match-runner.js');
  const params = defaultParameters(zombieTrainers.parameters);
  const seats = [
    { factory: randomAgent, config: {} },
    { factory: randomAgent, config: {} },
  ];
  let matchIndex = 0;
  const work: Record<string, Workload> = {
    'zombie-trainers.mcts-search': () => search(5000),
    'zombie-trainers.random-matches': () => {
      for (let i = 0; i < 300; i++) playMatch({ game: zombieTrainers, params, seats, runSeed: 1, matchIndex: matchIndex++ }, null);
    },
  };
  const quality = await loadFrom(root, 'dist/src/quality/quality-report.js').catch(() => null);
  if (quality !== null) {
    const { zombieTrainersReport } = await loadFrom(root, 'dist/src/games/zombie-trainers/report.js');
    const { formatSeed } = await loadFrom(root, 'dist/src/core/rng.js');
    const report = quality.withQualityMetrics(zombieTrainersReport, zombieTrainers, [
      { name: 'random0', agent: 'random', config: {} },
      { name: 'random1', agent: 'random', config: {} },
    ]);
    const collector = report.createCollector({ eventRows: true });
    const aggregate = report.emptyAggregate();
    const onEvent = (event: unknown): void => collector.onEvent(event);
    const onDecision = (seat: number, legal: number, state: unknown): void => collector.onDecision(seat, legal, state);
    let qualityIndex = 0;
    work['zombie-trainers.quality-matches'] = () => {
      for (let i = 0; i < 300; i++) {
        const index = qualityIndex++;
        const outcome = playMatch({ game: zombieTrainers, params, seats, runSeed: 1, matchIndex: index, onDecision }, onEvent);
        collector.finishMatch({ matchIndex: index, seed: formatSeed(outcome.seed), cluster: index, clusterSize: 1, agents: ['random0', 'random1'], returns: outcome.returns, finalState: outcome.finalState }, aggregate);
      }
    };
  }
  const greedy = await loadFrom(root, 'dist/agents/greedy.js');
  // A build whose greedy has no horizon setting has only the one-step greedy (as compare-builds takes it).
  const hasHorizon = greedy.greedyAgent.validateConfig({ horizon: 'action' }).length === 0;
  {
    const { survivors } = await loadFrom(root, 'dist/src/games/survivors/index.js');
    const { scriptedZombiesAgent } = await loadFrom(root, 'dist/agents/scripted-zombies.js');
    const survive = { ...defaultParameters(survivors.parameters), scenario: 'survive' };
    const survivorSeats = [
      { factory: greedy.greedyAgent, config: hasHorizon ? { horizon: 'action' } : {} },
      { factory: scriptedZombiesAgent, config: {} },
    ];
    let survivorsIndex = 0;
    work['survivors.one-step-greedy'] = () => {
      for (let i = 0; i < 4; i++) playMatch({ game: survivors, params: survive, seats: survivorSeats, runSeed: 1, matchIndex: survivorsIndex++ % 40 }, null);
    };
  }
  // The worker's own loop on tic-tac-toe (report, quality figures, CSV text), for builds whose
  // playChunk and scenario loader take these arguments.
  const chunk = await loadFrom(root, 'dist/src/run/play-chunk.js').catch(() => null);
  const scenarioModule = await loadFrom(root, 'dist/src/scenario/scenario.js').catch(() => null);
  if (chunk !== null && typeof scenarioModule?.parseScenario === 'function') {
    const scenario = await scenarioModule.parseScenario(TIC_TAC_TOE_RANDOM, 'compare-in-process:tic-tac-toe.yaml');
    let chunkStart = 0;
    work['tic-tac-toe.chunk'] = () => {
      chunk.playChunk(scenario, chunkStart, chunkStart + 20_000, false);
      chunkStart += 20_000;
    };
    // The worker's loop of the default scenario, as `hordelab run` plays it (event files on).
    const trainers = await scenarioModule.parseScenario(TRAINERS_FIRST_PLAYER, 'compare-in-process:trainers-first-player.yaml');
    let trainersStart = 0;
    work['zombie-trainers.chunk'] = () => {
      chunk.playChunk(trainers, trainersStart, trainersStart + 300, true);
      trainersStart += 300;
    };
  }
  return work;
}

/** `scenarios/trainers-first-player.yaml`: random against random Zombie Trainers, default rules. */
const TRAINERS_FIRST_PLAYER = 'name: trainers-first-player\ngame: zombie-trainers\nmatches: 10000\nseed: 1\nseats: [random, random]\n';

/** Random against random tic-tac-toe, the scenario of the bench's `tic-tac-toe.run.workers-1`. */
const TIC_TAC_TOE_RANDOM = 'name: bench-tic-tac-toe\ngame: tic-tac-toe\nmatches: 1000\nseed: 1\nseats: [random, random]\n';

function milliseconds(work: Workload): number {
  const started = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const baseWork = await workloads(builds.base);
const headWork = await workloads(builds.head);
const results: Record<string, unknown> = {};
for (const name of Object.keys(headWork)) {
  if (!name.startsWith(only)) continue;
  const a = baseWork[name];
  const b = headWork[name];
  if (a === undefined || b === undefined) continue;
  for (let i = 0; i < 2; i++) {
    a();
    b();
  }
  const baseMs: number[] = [];
  const headMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      baseMs.push(milliseconds(a));
      headMs.push(milliseconds(b));
    } else {
      headMs.push(milliseconds(b));
      baseMs.push(milliseconds(a));
    }
  }
  const round3 = (x: number): number => Math.round(x * 1000) / 1000;
  results[name] = {
    baseMedianMs: round3(median(baseMs)),
    headMedianMs: round3(median(headMs)),
    medianBaseOverHead: round3(median(baseMs.map((ms, i) => ms / (headMs[i] as number)))),
  };
  process.stderr.write(`${name}: done\n`);
}
process.stdout.write(`${JSON.stringify({ machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version }, builds, rounds, figures: results }, null, 2)}\n`);
