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
 *   match runner (no report).
 *
 * Prints JSON: per workload, each build's median milliseconds and the median of base/head
 * ratios of the pairs (above 1: head faster).
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { cpus } from 'node:os';
import { buildPairFromArguments } from './build-pair.js';

const { builds, rounds, only } = buildPairFromArguments(30);

type Workload = () => void;
// The builds are loaded by path, so their types are not this build's.
type Loaded = any;

async function workloads(root: string): Promise<Record<string, Workload>> {
  const load = (path: string): Promise<Loaded> => import(pathToFileURL(resolve(root, path)).href);
  const { zombieTrainers } = await load('dist/src/games/zombie-trainers/index.js');
  const { Mcts, mctsConfig } = await load('dist/agents/mcts.js');
  const { randomAgent } = await load('dist/agents/random.js');
  const { matchSeed, matchStream } = await load('dist/src/core/rng.js');
  const { defaultParameters } = await load('dist/src/core/parameters.js');
  const { CHANCE } = await load('dist/src/core/game.js');
  const { playMatch } = await load('dist/src/core/match-runner.js');
  const params = defaultParameters(zombieTrainers.parameters);
  const root0 = zombieTrainers.setup(params);
  const setupRng = matchStream(matchSeed(1, 0), 'chance');
  while (zombieTrainers.currentPlayer(root0) === CHANCE) zombieTrainers.apply(root0, zombieTrainers.sampleChance(root0, setupRng), null);
  const seats = [
    { factory: randomAgent, config: {} },
    { factory: randomAgent, config: {} },
  ];
  let matchIndex = 0;
  return {
    'zombie-trainers.mcts-search': () => {
      new Mcts(zombieTrainers, mctsConfig({ iterations: 5000 }), matchStream(matchSeed(1, 0), 'bench')).search(zombieTrainers.legalActions(root0), () => zombieTrainers.clone(root0));
    },
    'zombie-trainers.random-matches': () => {
      for (let i = 0; i < 300; i++) playMatch({ game: zombieTrainers, params, seats, runSeed: 1, matchIndex: matchIndex++ }, null);
    },
  };
}

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
  const a = baseWork[name] as Workload;
  const b = headWork[name] as Workload;
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
