/**
 * `hordelab tune`: a noise-aware search for the setting that puts metrics on their targets
 * ("which trap counts make the first player win half the games?").
 *
 * Successive halving with paired seeds (Jamieson & Talwalkar 2016, as racing methods do): every
 * candidate plays the same first matches; the worse half by squared distance to the targets is
 * dropped, the rest play more matches (continuing, on the same seeds for all), and so on, so
 * matches are spent on the promising settings. The winner is then played again on fresh seeds
 * (run seed + 7919), and reported with its interval per target and the probability that the
 * true value lies within `tolerance` of the target. The tuned scenario is written as a file ready
 * to run. Progress is saved after every round; `--resume` continues an interrupted search.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { setPath, type Scenario } from '../scenario/scenario.js';
import { normalCdf } from '../stats/intervals.js';
import { Evaluator, pickMetric, refuseUnsafeName, splitValues, type Assignments, type Evaluation } from './evaluate.js';

export interface Target {
  readonly metric: string;
  readonly value: number;
}

export type SpaceDimension =
  | { readonly name: string; readonly kind: 'int'; readonly min: number; readonly max: number; readonly step: number }
  | { readonly name: string; readonly kind: 'real'; readonly min: number; readonly max: number }
  | { readonly name: string; readonly kind: 'choice'; readonly choices: readonly string[] };

export interface TuneOptions {
  readonly targets: readonly Target[];
  readonly space: readonly SpaceDimension[];
  /** Matches for the search, over all candidates and rounds (the confirmation not included). */
  readonly budget: number;
  /** Candidates to start from (a full grid when it is smaller). */
  readonly candidates?: number;
  /** Matches of the fresh-seed confirmation of the winner. */
  readonly confirm?: number;
  /** Half-width of the band around each target for the reported probability. */
  readonly tolerance?: number;
  readonly workers: number;
  readonly outDir: string;
  readonly resume?: boolean;
  readonly onRound?: (round: number, rounds: number, alive: number, matchesEach: number) => void;
  /** Matches played by each batch as it finishes (a progress line). */
  readonly onPlayed?: (matches: number) => void;
}

export interface TargetResult {
  readonly metric: string;
  /** A rate (shown in percent) or a mean (in its own unit). */
  readonly kind: 'rate' | 'mean';
  readonly target: number;
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
  /** Chance that the true value lies in target ± tolerance (normal approximation). */
  readonly probabilityInBand: number;
  readonly intervalContainsTarget: boolean;
}

export interface TuneResult {
  readonly scenario: { readonly name: string; readonly file: string; readonly game: string; readonly seed: number };
  readonly best: Record<string, string>;
  readonly assignments: readonly string[];
  readonly targets: readonly TargetResult[];
  readonly tolerance: number;
  readonly searchMatches: number;
  readonly confirmMatches: number;
  readonly confirmSeed: number;
  readonly candidates: number;
  readonly rounds: readonly { readonly alive: number; readonly matchesEach: number; readonly best: Record<string, string>; readonly bestDistance: number }[];
  readonly seconds: number;
  readonly tunedScenario: string;
}

/** Parses `name=lo..hi[:step]` (a range) or `name=a,b,c` (choices). */
export function parseDimension(text: string): SpaceDimension {
  const at = text.indexOf('=');
  const name = at < 0 ? '' : text.slice(0, at).trim();
  const spec = at < 0 ? '' : text.slice(at + 1).trim();
  const bad = (): UsageError =>
    new UsageError([{ source: `--space ${text}`, field: '', message: 'expected name=lo..hi (a range), name=lo..hi:step, or name=a,b,c (choices), such as --space actionPoints=2..6' }]);
  if (name === '' || spec === '') throw bad();
  refuseUnsafeName(name, `--space ${text}`);
  const range = /^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?$/.exec(spec);
  if (range !== null) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    const step = range[3] === undefined ? undefined : Number(range[3]);
    if (!(min < max) || (step !== undefined && !(step > 0))) throw bad();
    const decimals = [range[1], range[2], range[3]].some((number) => number !== undefined && number.includes('.'));
    const integral = Number.isInteger(min) && Number.isInteger(max) && (step === undefined || Number.isInteger(step)) && !decimals;
    if (integral) return { name, kind: 'int', min, max, step: step ?? 1 };
    if (step !== undefined) {
      const choices: string[] = [];
      for (let value = min; value <= max + 1e-9; value += step) choices.push(String(+value.toFixed(10)));
      return { name, kind: 'choice', choices };
    }
    return { name, kind: 'real', min, max };
  }
  const choices = splitValues(spec);
  if (choices.length < 2) throw bad();
  return { name, kind: 'choice', choices };
}

/** Whether `name` is a file `hordelab tune` writes in its folder (and so may replace). */
export function isTuneFile(name: string): boolean {
  return name === 'tune.json' || name === 'tune-state.json' || name.endsWith('-tuned.yaml');
}

/** Parses `metric=value`. */
export function parseTarget(text: string): Target {
  const at = text.lastIndexOf('=');
  const metric = at < 0 ? '' : text.slice(0, at).trim();
  const value = at < 0 ? Number.NaN : Number(text.slice(at + 1));
  if (metric === '' || !Number.isFinite(value)) throw new UsageError([{ source: `--target ${text}`, field: '', message: 'expected metric=value, such as --target p1WinRate=0.5' }]);
  return { metric, value };
}

function dimensionValues(dimension: SpaceDimension): string[] | null {
  if (dimension.kind === 'choice') return [...dimension.choices];
  if (dimension.kind === 'int') {
    const values: string[] = [];
    for (let value = dimension.min; value <= dimension.max; value += dimension.step) values.push(String(value));
    return values;
  }
  return null;
}

/** The full grid when it has at most `count` points; else `count` seeded Latin-hypercube samples. */
export function candidateSettings(space: readonly SpaceDimension[], count: number, seed: number): Record<string, string>[] {
  const lists = space.map(dimensionValues);
  if (lists.every((list) => list !== null)) {
    let grid: Record<string, string>[] = [{}];
    (lists as string[][]).forEach((values, index) => {
      const name = (space[index] as SpaceDimension).name;
      grid = grid.flatMap((point) => values.map((value) => ({ ...point, [name]: value })));
    });
    if (grid.length <= count) return grid;
  }
  const rng = Rng.fromSeed(BigInt(seed) * 2654435761n + 97n);
  const strata = space.map(() => {
    const order = Array.from({ length: count }, (_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    return order;
  });
  const points: Record<string, string>[] = [];
  const seen = new Set<string>();
  for (let k = 0; k < count; k++) {
    const point: Record<string, string> = {};
    space.forEach((dimension, d) => {
      const u = ((strata[d]?.[k] as number) + rng.float()) / count;
      const values = dimensionValues(dimension);
      if (values !== null) point[dimension.name] = values[Math.min(values.length - 1, Math.floor(u * values.length))] as string;
      else if (dimension.kind === 'real') point[dimension.name] = String(+(dimension.min + u * (dimension.max - dimension.min)).toPrecision(4));
    });
    const key = JSON.stringify(point);
    if (!seen.has(key)) {
      seen.add(key);
      points.push(point);
    }
  }
  return points;
}

const toAssignments = (setting: Record<string, string>): Assignments => Object.entries(setting).map(([name, value]) => `${name}=${value}`);

interface SavedState {
  readonly key: string;
  readonly settings: Record<string, string>[];
  readonly evaluations: { matches: number; aggregate: unknown }[];
  readonly alive: number[];
  readonly round: number;
  readonly rounds: TuneResult['rounds'][number][];
  readonly spent: number;
}

const savedStateSchema = z.object({
  key: z.string(),
  settings: z.array(z.record(z.string(), z.string())),
  evaluations: z.array(z.object({ matches: z.number().int().min(0), aggregate: z.unknown() })),
  alive: z.array(z.number().int().min(0)).min(1),
  round: z.number().int().min(0),
  rounds: z.array(z.object({ alive: z.number(), matchesEach: z.number(), best: z.record(z.string(), z.string()), bestDistance: z.number().nullable() })),
  spent: z.number().int().min(0),
});

/** A saved search, checked field by field: a damaged file is bad input naming it, not a crash. */
function readSavedState(path: string): SavedState {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError([{ source: path, field: '', message: `not a saved tuning: ${(error as Error).message.split('\n')[0]}; start afresh without --resume` }]);
  }
  const parsed = savedStateSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new UsageError([{ source: path, field: (first?.path ?? []).map(String).join('.'), message: `${first?.message ?? 'not a saved tuning'}; start afresh without --resume` }]);
  }
  const state = parsed.data as SavedState;
  if (state.alive.some((index) => index >= state.evaluations.length)) {
    throw new UsageError([{ source: path, field: 'alive', message: 'names a candidate the file does not hold; start afresh without --resume' }]);
  }
  return state;
}

/** Squared distance of an evaluation's metrics to the targets. */
async function distance(evaluator: Evaluator, evaluation: Evaluation, targets: readonly Target[]): Promise<number> {
  const metrics = await evaluator.metrics(evaluation);
  let sum = 0;
  for (const target of targets) sum += (pickMetric(metrics, target.metric, '--target').value - target.value) ** 2;
  return sum;
}

export async function tune(scenario: Scenario, options: TuneOptions): Promise<TuneResult> {
  const started = performance.now();
  if (options.targets.length === 0) throw new UsageError([{ source: '--target', field: '', message: 'give at least one --target metric=value' }]);
  if (options.space.length === 0) throw new UsageError([{ source: '--space', field: '', message: 'give at least one --space name=lo..hi' }]);
  const tolerance = options.tolerance ?? 0.01;
  // `winRate=0..1` reads as whole numbers; a parameter the game declares real is searched as real.
  const specs = scenario.entry.game.parameters as Record<string, { tunable?: { kind: string } } | undefined>;
  const space = options.space.map((dimension): SpaceDimension =>
    dimension.kind === 'int' && specs[dimension.name]?.tunable?.kind === 'real' && dimension.step === 1 ? { name: dimension.name, kind: 'real', min: dimension.min, max: dimension.max } : dimension,
  );
  const settings = candidateSettings(space, options.candidates ?? 24, scenario.seed);
  const rounds = Math.max(1, Math.ceil(Math.log2(settings.length)));
  const perRound = options.budget / rounds;
  const even = (n: number): number => (scenario.rotate ? Math.ceil(n / 2) * 2 : n);
  // The whole schedule, worked out before any match: each round gives every candidate still in
  // the race its share of the round's budget (at least 2 matches), then keeps the better half.
  const increment = (alive: number, share: number): number => even(Math.max(2, Math.floor(share / alive)));
  const scheduleTotal = (share: number): number => {
    let total = 0;
    let alive = settings.length;
    for (let round = 0; round < rounds; round++) {
      total += increment(alive, share) * alive;
      alive = Math.max(1, Math.ceil(alive / 2));
    }
    return total;
  };
  if (scheduleTotal(perRound) > options.budget) {
    throw new UsageError([{ source: '--budget', field: '', message: `${options.budget} matches are too few for ${settings.length} candidates in ${rounds} rounds; give at least ${scheduleTotal(0)}, or fewer --candidates` }]);
  }
  const key = JSON.stringify({ source: scenario.source, targets: options.targets, space, budget: options.budget, candidates: settings.length });
  const statePath = join(options.outDir, 'tune-state.json');
  mkdirSync(options.outDir, { recursive: true });
  const evaluator = new Evaluator(scenario.source, options.workers, options.onPlayed);
  try {
    // Every candidate must be a valid scenario before any match runs.
    for (const setting of settings) await evaluator.scenario(toAssignments(setting));
    const evaluations: Evaluation[] = [];
    let alive = settings.map((_, index) => index);
    let round = 0;
    let spent = 0;
    const history: TuneResult['rounds'][number][] = [];
    const saved: SavedState | null = options.resume === true && existsSync(statePath) ? readSavedState(statePath) : null;
    if (options.resume === true && saved === null) throw new UsageError([{ source: '--resume', field: '', message: `no tuning to resume in ${options.outDir}` }]);
    if (saved !== null && saved.key !== key) {
      throw new UsageError([{ source: '--resume', field: '', message: `${statePath} is from another search (scenario, targets, space or budget differ)` }]);
    }
    for (const [index, setting] of settings.entries()) {
      const evaluation = await evaluator.start(toAssignments(setting));
      const restored = saved?.evaluations[index];
      if (restored !== undefined) Object.assign(evaluation, restored);
      evaluations.push(evaluation);
    }
    if (saved !== null) {
      alive = [...saved.alive];
      round = saved.round;
      spent = saved.spent;
      history.push(...saved.rounds);
    }
    let matchesEach = alive.reduce((most, index) => Math.max(most, evaluations[index]?.matches ?? 0), 0);
    for (; round < rounds; round++) {
      matchesEach += increment(alive.length, perRound);
      options.onRound?.(round + 1, rounds, alive.length, matchesEach);
      const scored: { index: number; distance: number }[] = [];
      for (const index of alive) {
        const evaluation = evaluations[index] as Evaluation;
        spent += Math.max(0, matchesEach - evaluation.matches);
        await evaluator.extend(evaluation, matchesEach);
        scored.push({ index, distance: await distance(evaluator, evaluation, options.targets) });
      }
      scored.sort((a, b) => a.distance - b.distance || a.index - b.index);
      history.push({ alive: alive.length, matchesEach, best: settings[scored[0]?.index ?? 0] ?? {}, bestDistance: scored[0]?.distance ?? Number.NaN });
      alive = scored.slice(0, round === rounds - 1 ? 1 : Math.max(1, Math.ceil(scored.length / 2))).map((entry) => entry.index);
      const state: SavedState = {
        key,
        settings,
        evaluations: evaluations.map((evaluation) => ({ matches: evaluation.matches, aggregate: evaluation.aggregate })),
        alive,
        round: round + 1,
        rounds: history,
        spent,
      };
      writeFileSync(`${statePath}.tmp`, JSON.stringify(state));
      renameSync(`${statePath}.tmp`, statePath);
      if (alive.length === 1 && round < rounds - 1) {
        round++;
        break;
      }
    }
    const bestIndex = alive[0] as number;
    const best = settings[bestIndex] as Record<string, string>;
    // Confirmation on fresh seeds: the search's own matches favour its winner (it was picked
    // for looking good on them), so only new matches say how good it is.
    const confirmSeed = scenario.seed + 7919;
    const confirmMatches = even(options.confirm ?? Math.max(2000, matchesEach));
    const fresh = await evaluator.start(toAssignments(best));
    await evaluator.extend(fresh, confirmMatches, confirmSeed);
    const metrics = await evaluator.metrics(fresh, confirmSeed);
    const targets = options.targets.map((target): TargetResult => {
      const metric = pickMetric(metrics, target.metric, '--target');
      // Normal approximation of where the true value lies, from the interval's half-width.
      const se = Math.max(1e-12, (metric.upper - metric.lower) / (2 * 1.959964));
      const probabilityInBand = normalCdf((target.value + tolerance - metric.value) / se) - normalCdf((target.value - tolerance - metric.value) / se);
      return {
        metric: target.metric,
        kind: metric.kind,
        target: target.value,
        value: metric.value,
        lower: metric.lower,
        upper: metric.upper,
        n: metric.n,
        probabilityInBand,
        intervalContainsTarget: metric.lower <= target.value && target.value <= metric.upper,
      };
    });
    const tunedScenario = join(options.outDir, `${scenario.name}-tuned.yaml`);
    const result: TuneResult = {
      scenario: { name: scenario.name, file: scenario.file, game: scenario.entry.game.id, seed: scenario.seed },
      best,
      assignments: toAssignments(best),
      targets,
      tolerance,
      searchMatches: spent,
      confirmMatches,
      confirmSeed,
      candidates: settings.length,
      rounds: history,
      seconds: Math.round(performance.now() - started) / 1000,
      tunedScenario,
    };
    writeTunedScenario(scenario, result);
    const summaryPath = join(options.outDir, 'tune.json');
    writeFileSync(`${summaryPath}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
    renameSync(`${summaryPath}.tmp`, summaryPath);
    return result;
  } finally {
    await evaluator.close();
  }
}

/** The scenario with the best setting applied, as YAML, with how it was found on top. */
function writeTunedScenario(scenario: Scenario, result: TuneResult): void {
  const data = parseYaml(scenario.source.text) as Record<string, unknown>;
  const params = (data['params'] ??= {}) as Record<string, unknown>;
  for (const assignment of [...(scenario.source.overrides.set ?? []), ...result.assignments]) {
    const at = assignment.indexOf('=');
    const path = assignment.slice(0, at).split('.');
    const value = parseYaml(assignment.slice(at + 1)) as unknown;
    const seat = /^seat(\d+)$/.exec(path[0] as string);
    if (seat !== null) {
      const seats = data['seats'] as unknown;
      const list = (Array.isArray(seats) ? seats : ((seats as Record<string, unknown>)['rotate'] as unknown[])) as unknown[];
      const index = Number(seat[1]) - 1;
      const entry = list[index];
      const object = (typeof entry === 'string' ? { agent: entry } : { ...(entry as Record<string, unknown>) }) as Record<string, unknown>;
      const config = ((object['config'] as Record<string, unknown> | undefined) ?? {}) as Record<string, unknown>;
      setPath(config, path.slice(1), value);
      object['config'] = config;
      list[index] = object;
      continue;
    }
    // As --set does: a dotted key changes one entry of a parameter, the rest at its default.
    const top = path[0] as string;
    const spec = (scenario.entry.game.parameters as Record<string, { default: unknown } | undefined>)[top];
    if (path.length > 1 && params[top] === undefined && spec !== undefined) params[top] = structuredClone(spec.default);
    setPath(params, path, value);
  }
  data['name'] = `${scenario.name}-tuned`;
  const lines = result.targets.map(
    (target) => `#   ${target.metric}: ${formatEstimate(target)} on ${result.confirmMatches} fresh matches (target ${target.target}; P(within ±${result.tolerance}) = ${target.probabilityInBand.toFixed(2)})`,
  );
  const header = [
    `# Tuned by hordelab tune from ${scenario.file}: ${result.assignments.join(' ')}`,
    `# Search: ${result.candidates} candidates, ${result.searchMatches} matches; confirmation on run seed ${result.confirmSeed}:`,
    ...lines,
    '',
  ].join('\n');
  writeFileSync(`${result.tunedScenario}.tmp`, `${header}${stringifyYaml(data)}`);
  renameSync(`${result.tunedScenario}.tmp`, result.tunedScenario);
}


/** `49.0% [47.5, 50.6]` for a rate, `6.27 [6.10, 6.44]` for a mean. */
function formatEstimate(target: TargetResult): string {
  if (target.kind === 'rate') return `${(100 * target.value).toFixed(1)}% [${(100 * target.lower).toFixed(1)}, ${(100 * target.upper).toFixed(1)}]`;
  return `${target.value.toFixed(2)} [${target.lower.toFixed(2)}, ${target.upper.toFixed(2)}]`;
}

/** The result as text. */
export function formatTune(result: TuneResult): string {
  const lines: string[] = [];
  lines.push(`Best setting: ${result.assignments.join('  ')}`);
  for (const target of result.targets) {
    lines.push(
      `  ${target.metric} = ${formatEstimate(target)} on ${result.confirmMatches} fresh matches; ` +
        `target ${target.target}${target.intervalContainsTarget ? ' (inside the interval)' : ' (outside the interval)'}; P(within ±${result.tolerance}) = ${target.probabilityInBand.toFixed(2)}`,
    );
  }
  lines.push(`Search: ${result.candidates} candidates in ${result.rounds.length} rounds, ${result.searchMatches} matches; ${result.seconds} s`);
  for (const [index, round] of result.rounds.entries()) {
    lines.push(`  round ${index + 1}: ${round.alive} candidates × ${round.matchesEach} matches; best ${toAssignments(round.best).join(' ')} (squared distance ${round.bestDistance.toExponential(2)})`);
  }
  lines.push(`Wrote ${result.tunedScenario}`);
  return lines.join('\n');
}
