/**
 * `npm run bench`: matches per second, printed as JSON.
 *
 * Like tinybench, it warms up first, then takes several timed samples and reports their median,
 * mean and spread rather than one number. Figures:
 * - `zombie-trainers.random-vs-random.engine`: matches played with no event listener (the
 *   ceiling a search or tuner sees);
 * - `zombie-trainers.random-vs-random.report`: matches with the report collecting every event,
 *   as `hordelab run` does (file writing excluded).
 *
 * Options: `--samples N` (default 7), `--matches N` per sample (default 1000).
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomAgent } from '../agents/random.js';
import type { EventSink, GameEvent } from '../src/core/game.js';
import { playMatch } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { formatSeed } from '../src/core/rng.js';
import { zombieTrainers } from '../src/games/zombie-trainers/index.js';
import { zombieTrainersReport } from '../src/reports/zombie-trainers-report.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number >= 1`);
  return value;
}

const samples = option('samples', 7);
const matchesPerSample = option('matches', 1000);
const params = defaultParameters(zombieTrainers.parameters);
const seats = [
  { factory: randomAgent, config: {} },
  { factory: randomAgent, config: {} },
];

interface Figure {
  name: string;
  matchesPerSecond: { median: number; mean: number; min: number; max: number; relativeMarginOfError: number };
  samples: number;
  matchesPerSample: number;
}

function measure(name: string, playOne: (matchIndex: number) => void): Figure {
  let nextIndex = 0;
  const sample = (): number => {
    const started = performance.now();
    for (let i = 0; i < matchesPerSample; i++) playOne(nextIndex++);
    return matchesPerSample / ((performance.now() - started) / 1000);
  };
  sample(); // warm-up: let the JIT settle before timing
  const rates = Array.from({ length: samples }, sample).sort((a, b) => a - b);
  const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
  const sd = Math.sqrt(rates.reduce((s, r) => s + (r - mean) ** 2, 0) / Math.max(1, rates.length - 1));
  const round = (value: number): number => Math.round(value * 10) / 10;
  return {
    name,
    matchesPerSecond: {
      median: round(rates[Math.floor(rates.length / 2)] as number),
      mean: round(mean),
      min: round(rates[0] as number),
      max: round(rates[rates.length - 1] as number),
      // 95% margin of the mean, relative (normal approximation), as tinybench reports "rme".
      relativeMarginOfError: Math.round(((1.96 * sd) / Math.sqrt(rates.length) / mean) * 10000) / 10000,
    },
    samples,
    matchesPerSample,
  };
}

const engine = measure('zombie-trainers.random-vs-random.engine', (matchIndex) => {
  playMatch({ game: zombieTrainers, params, seats, runSeed: 1, matchIndex }, null);
});

const collector = zombieTrainersReport.createCollector({ eventRows: true });
const aggregate = zombieTrainersReport.emptyAggregate();
const sink: EventSink<GameEvent> = (event) => collector.onEvent(event as Parameters<typeof collector.onEvent>[0]);
const withReport = measure('zombie-trainers.random-vs-random.report', (matchIndex) => {
  const outcome = playMatch({ game: zombieTrainers, params, seats, runSeed: 1, matchIndex }, sink);
  collector.finishMatch({ matchIndex, seed: formatSeed(outcome.seed) }, aggregate);
});

process.stdout.write(
  `${JSON.stringify(
    {
      machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version, platform: process.platform },
      figures: [engine, withReport],
    },
    null,
    2,
  )}\n`,
);
