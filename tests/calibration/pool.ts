/**
 * Helpers of the calibration studies: a pool of played clusters (matches, or rotated pairs) of a
 * scenario, runs drawn from it with replacement, their summaries as `summary.json` holds them,
 * and the Monte Carlo interval of a share of repetitions.
 *
 * Drawing runs from a pool makes the pool the population: its ratios Σx/Σn are the true values,
 * and two runs drawn from it are an exact A/A pair. It keeps studies of slow games to seconds,
 * while every figure still goes through the game's own report, `summarize` and `compare`.
 *
 * Aggregates are sums of whole numbers, so a run's aggregate is the sum of its clusters' ones:
 * `denseDraw` adds them as vectors over the pool's leaves (thousands of times faster than
 * merging objects), and `drawRun` merges them with the report's own `mergeAggregates`; the
 * studies check once that both give the same summary.
 */
import { expect } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { compareRuns } from '../../src/present/compare.js';
import { runMetrics, type RunSummary } from '../../src/present/metrics.js';
import { emptyOutcomes, mergeOutcomes, summarizeOutcomes, type OutcomeAggregate } from '../../src/reports/outcomes.js';
import { playChunk } from '../../src/run/play-chunk.js';
import { parseScenario, type Scenario } from '../../src/scenario/scenario.js';
import { rateInterval, type RateEstimate } from '../../src/stats/rate-interval.js';

export interface Cluster {
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
}

export interface Pool {
  readonly scenario: Scenario;
  readonly clusters: readonly Cluster[];
}

/** Plays `count` clusters of the scenario (pairs when its seats rotate), each its own aggregate. */
export async function playPool(text: string, count: number): Promise<Pool> {
  const scenario = await parseScenario(text, 'calibration.yaml');
  const size = scenario.rotate ? 2 : 1;
  const clusters: Cluster[] = [];
  for (let k = 0; k < count; k++) {
    const chunk = playChunk(scenario, k * size, (k + 1) * size, false);
    if (chunk.failures.length > 0) throw new Error(`match ${chunk.failures[0]?.matchIndex} failed`);
    clusters.push({ aggregate: chunk.aggregate, outcomes: chunk.outcomes });
  }
  return { scenario, clusters };
}

/** `size` clusters drawn with replacement, merged as a run would merge them. */
export function drawRun(pool: Pool, size: number, rng: Rng): Cluster {
  const { report, game } = pool.scenario.entry;
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(game.seats.length);
  for (let i = 0; i < size; i++) {
    const cluster = pool.clusters[rng.int(pool.clusters.length)] as Cluster;
    report.mergeAggregates(aggregate, cluster.aggregate);
    mergeOutcomes(outcomes, cluster.outcomes);
  }
  return { aggregate, outcomes };
}

/** The pool as vectors: every leaf of the merged aggregates, and each cluster's values at them. */
export interface DensePool {
  readonly pool: Pool;
  /** The whole pool's aggregate and outcomes, the shape every drawn run is written into. */
  readonly template: Cluster;
  readonly paths: readonly (readonly (string | number)[])[];
  /** Leaves that are not sums: the outcome table's seat count. */
  readonly constant: readonly boolean[];
  readonly vectors: readonly Float64Array[];
}

function leaves(value: unknown, path: (string | number)[], visit: (path: (string | number)[], value: number) => void): void {
  if (typeof value === 'number') visit(path, value);
  else if (Array.isArray(value)) value.forEach((item, index) => leaves(item, [...path, index], visit));
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) leaves(item, [...path, key], visit);
}

/** Indexes the pool's leaves and turns every cluster into a vector over them. */
export function densePool(pool: Pool): DensePool {
  const template = wholePool(pool);
  const index = new Map<string, number>();
  const paths: (string | number)[][] = [];
  leaves(template, [], (path) => {
    index.set(JSON.stringify(path), paths.length);
    paths.push(path);
  });
  const constant = paths.map((path) => path.length === 2 && path[0] === 'outcomes' && path[1] === 'seats');
  const vectors = pool.clusters.map((cluster, k) => {
    const vector = new Float64Array(paths.length);
    leaves(cluster, [], (path, value) => {
      const at = index.get(JSON.stringify(path));
      if (at === undefined) throw new Error(`leaf ${JSON.stringify(path)} of cluster ${k} is not in the merged pool`);
      vector[at] = value;
    });
    return vector;
  });
  return { pool, template, paths, constant, vectors };
}

/** `size` clusters drawn with replacement and added as vectors, written into the pool's shape. */
export function denseDraw(dense: DensePool, size: number, rng: Rng): Cluster {
  const sum = new Float64Array(dense.paths.length);
  for (let i = 0; i < size; i++) {
    const vector = dense.vectors[rng.int(dense.vectors.length)] as Float64Array;
    for (let j = 0; j < sum.length; j++) sum[j] = (sum[j] as number) + (vector[j] as number);
  }
  const run = structuredClone(dense.template) as unknown as Record<string | number, unknown>;
  dense.paths.forEach((path, j) => {
    if (dense.constant[j]) return;
    let node = run;
    for (let d = 0; d < path.length - 1; d++) node = node[path[d] as string | number] as Record<string | number, unknown>;
    node[path[path.length - 1] as string | number] = sum[j];
  });
  return run as unknown as Cluster;
}

/** Every cluster of the pool merged: its figures are the population's true values. */
export function wholePool(pool: Pool): Cluster {
  const { report, game } = pool.scenario.entry;
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(game.seats.length);
  for (const cluster of pool.clusters) {
    report.mergeAggregates(aggregate, cluster.aggregate);
    mergeOutcomes(outcomes, cluster.outcomes);
  }
  return { aggregate, outcomes };
}

/** The parts of `summary.json` that `compare` reads, for a run of the pool. */
export function summaryOf(pool: Pool, run: Cluster): RunSummary {
  const { scenario } = pool;
  const outcomes = summarizeOutcomes(run.outcomes, 0.95);
  return {
    hordelab: { version: 'calibration' },
    scenario: {
      name: 'calibration',
      file: 'calibration.yaml',
      game: scenario.entry.game.id,
      seed: scenario.seed,
      matches: scenario.matches,
      params: {},
      rotateSeats: scenario.rotate,
      seats: scenario.seats.map((seat) => ({ name: seat.name, agent: seat.factory.id, config: {} })),
    },
    command: 'calibration',
    run: { status: 'complete', matchesPlayed: outcomes.bySeat['seat1']?.n ?? 0, errors: 0 },
    confidence: 0.95,
    independentUnit: scenario.rotate ? 'rotated pair' : 'match',
    outcomes,
    results: scenario.entry.report.summarize(run.aggregate, 0.95) as Record<string, unknown>,
  };
}

/** `k` of `n` repetitions with its 95% interval, as the studies print it: "4.1% [3.2, 5.2] (82 of 2000)". */
export function share(k: number, n: number): RateEstimate & { readonly text: string } {
  const estimate = rateInterval(k, n);
  const pct = (x: number): string => (100 * x).toFixed(1);
  return { ...estimate, text: `${pct(estimate.rate)}% [${pct(estimate.lower)}, ${pct(estimate.upper)}] (${k} of ${n})` };
}

/**
 * A/A comparisons of runs of `size` clusters drawn from the pool: the share of comparisons in
 * which `compare` flags any metric at α = 5%, with its interval, and the metrics per comparison.
 * Checks first that vector draws and the report's own merge give the same figures.
 */
export function familyWiseFalseFlags(pool: Pool, size: number, repetitions: number, seed: bigint): RateEstimate & { readonly text: string } {
  const dense = densePool(pool);
  const withSamples = (summary: RunSummary): unknown => runMetrics(summary).filter((metric) => metric.n > 0);
  expect(withSamples(summaryOf(pool, denseDraw(dense, size, Rng.fromSeed(seed))))).toEqual(withSamples(summaryOf(pool, drawRun(pool, size, Rng.fromSeed(seed)))));
  const rng = Rng.fromSeed(seed);
  let flagged = 0;
  let metrics = 0;
  for (let r = 0; r < repetitions; r++) {
    const comparison = compareRuns('a', summaryOf(pool, denseDraw(dense, size, rng)), 'b', summaryOf(pool, denseDraw(dense, size, rng)), 0.05);
    metrics += comparison.compared;
    if (comparison.changed > 0) flagged++;
  }
  const rate = share(flagged, repetitions);
  return { ...rate, text: `any metric flagged in ${rate.text} of comparisons, ${(metrics / repetitions).toFixed(0)} metrics each, runs of ${size} clusters from a pool of ${pool.clusters.length}` };
}
