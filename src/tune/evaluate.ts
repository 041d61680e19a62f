/**
 * Evaluating configurations of a scenario: the same scenario with some `--set` assignments
 * (game parameters such as `traps.80=2`, agent settings such as `seat1.iterations=1000`),
 * played on the same match seeds as every other configuration (common random numbers: two
 * configurations differ by their rules, not by their dice). Matches can be added to a
 * configuration later, continuing its aggregate, so a search spends matches where they matter.
 */
import { MetricFailure, ReproducibleFailure, UsageError } from '../core/errors.js';
import type { MatchFailureData } from '../core/match-runner.js';
import { isUnsafeKey, unsafeKeyMessage } from '../core/safe-keys.js';
import { parseStrictYaml } from '../core/strict-yaml.js';
import { flattenMetrics, type Metric } from '../present/metrics.js';
import { withUnseenEvents } from '../reports/generic-report.js';
import { BatchPlayer } from '../run/batches.js';
import { replayCommand } from '../run/replay.js';
import { parseScenario, type Scenario, type ScenarioSource } from '../scenario/scenario.js';
import { DEFAULT_CONFIDENCE } from '../stats/intervals.js';
import { jointParts } from './joint-names.js';

// Kept in its own module, which imports nothing: the command line reads flags with it before any of this is loaded.
export { jointParts };

/**
 * The part of `path` at which the empty summary holds something that is no figure and cannot
 * become one: a number, text or true/false, or an interval of its own kind (a difference, with
 * `lower` and `upper` but no rate or mean). Null when the walk meets none (an object, a map that
 * fills as matches are played, null).
 */
export function summaryNodeAt(summary: Record<string, unknown>, path: string): string | null {
  let node: unknown = summary;
  const parts = path.split('.');
  for (let depth = 0; depth < parts.length; depth++) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, parts[depth] as string)) return null;
    node = (node as Record<string, unknown>)[parts[depth] as string];
    const kind = typeof node;
    const here = parts.slice(0, depth + 1).join('.');
    if (kind === 'number' || kind === 'string' || kind === 'boolean') return here;
    if (kind === 'object' && node !== null) {
      const keys = node as Record<string, unknown>;
      if ('lower' in keys && 'upper' in keys && !('rate' in keys) && !('mean' in keys)) return here;
    }
  }
  return null;
}

/** What the node at `path` of the summary is, in words. */
export function describeNode(summary: Record<string, unknown>, path: string): string {
  let node: unknown = summary;
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node === 'number') return 'a plain number';
  if (typeof node === 'object' && node !== null) return `an interval of another kind (${Object.keys(node).slice(0, 3).join(', ')})`;
  return `a ${typeof node}`;
}

/** A metric name as typed, with the flag that typed it (`--metric`, `--target p1WinRate=0.5`). */
export interface NamedMetric {
  readonly name: string;
  readonly source: string;
}

/**
 * Checks metric names against what `scenario`'s game reports, before any match is played: a
 * typo must not cost the matches played before it is met. The empty summary names every
 * figure whose name does not depend on what happens (deeper names, such as one card's, exist
 * only once matches are played, and are checked then). `outcomes` allows the outcome tables'
 * `outcomes.` names (a sweep has them; a tune's targets do not). Returns the kind of each name
 * the empty summary already has.
 */
export function checkMetricNames(scenario: Scenario, names: readonly NamedMetric[], outcomes: boolean): Map<string, 'rate' | 'mean'> {
  const { report } = scenario.entry;
  const empty = report.summarize(report.emptyAggregate(), DEFAULT_CONFIDENCE) as Record<string, unknown>;
  const known = flattenMetrics(empty);
  const kinds = new Map<string, 'rate' | 'mean'>();
  for (const { name, source } of names) {
    if (name.startsWith('outcomes.')) {
      if (outcomes) continue;
      throw new UsageError([{ source, field: '', message: `no metric "${name}": a tune reads the game's results, not the outcome tables; per-seat rates are quality.bySeat.<seat>.win (or .draw, .loss)` }]);
    }
    if (!Object.hasOwn(empty, name.split('.')[0] as string)) {
      throw new UsageError([{ source, field: '', message: `no metric "${name}" in ${scenario.entry.game.id} results; they start with: ${Object.keys(empty).join(', ')}` }]);
    }
    const metric = known.find((candidate) => candidate.path === name);
    if (metric !== undefined) {
      kinds.set(name, metric.kind);
      continue;
    }
    // A group of figures (`quality`), not one: refused now rather than after a configuration.
    const inside = known.filter((candidate) => candidate.path.startsWith(`${name}.`)).map((candidate) => candidate.path);
    if (inside.length > 0) throw new UsageError([{ source, field: '', message: `is a group of figures, not one; name one of them, such as ${inside.slice(0, 3).join(', ')}` }]);
    // Below a figure (`p1WinRate.lower`): its parts are not figures of their own.
    const above = known.find((candidate) => name.startsWith(`${candidate.path}.`));
    if (above !== undefined) throw new UsageError([{ source, field: '', message: `no metric "${name}": ${above.path} is a figure, with no figures inside it; name ${above.path}` }]);
    // A count or a difference in the summary (`matches`, `plantsMinusZombies`) is there from
    // the start, and never a figure with an interval to rank or compare by.
    const notFigure = summaryNodeAt(empty, name);
    if (notFigure !== null) throw new UsageError([{ source, field: '', message: `no metric "${name}": ${notFigure} is ${describeNode(empty, notFigure)}, not a rate or mean with an interval` }]);
    // The quality figures are Hordelab's own, the same whatever the matches: every one is there.
    if (name.startsWith('quality.')) {
      const quality = known.filter((candidate) => candidate.path.startsWith('quality.')).map((candidate) => candidate.path);
      throw new UsageError([{ source, field: '', message: `no metric "${name}" in ${scenario.entry.game.id} results; the quality figures are: ${quality.join(', ')}` }]);
    }
  }
  return kinds;
}

/** A configuration: `--set` assignments in a stable order. */
export type Assignments = readonly string[];

/** Where one configuration stands: matches played so far and its merged aggregate. */
export interface Evaluation {
  readonly assignments: Assignments;
  matches: number;
  aggregate: unknown;
}


export class Evaluator {
  private readonly player: BatchPlayer;
  private readonly scenarios = new Map<string, Promise<Scenario>>();

  /**
   * `source` is the base scenario; `seed`, when given, replaces its run seed (fresh seeds for a
   * confirmation run).
   */
  constructor(
    private readonly source: ScenarioSource,
    workers: number,
    /** Told how many matches each batch played, as they finish (a progress line). */
    private readonly onPlayed?: (matches: number) => void,
    /** As {@link BatchPlayer}'s; also carried by the replay line of a failed match. */
    private readonly matchTimeoutSeconds?: number,
  ) {
    this.player = new BatchPlayer(workers, matchTimeoutSeconds);
  }

  /** The scenario with `assignments` applied on top of the base's own `--set`s. */
  scenario(assignments: Assignments, seed?: number): Promise<Scenario> {
    const key = JSON.stringify([assignments, seed ?? null]);
    let scenario = this.scenarios.get(key);
    if (scenario === undefined) {
      scenario = parseScenario(this.source.text, this.source.file, {
        ...this.source.overrides,
        // Stryker disable next-line ConditionalExpression: { seed: undefined } reads as no seed override, as {} does
        ...(seed === undefined ? {} : { seed }),
        set: [...(this.source.overrides.set ?? []), ...assignments],
      });
      this.scenarios.set(key, scenario);
    }
    return scenario;
  }

  /** Plays matches until `evaluation` has `matches` of them (indices continue where it stopped). */
  async extend(evaluation: Evaluation, matches: number, seed?: number): Promise<void> {
    if (matches <= evaluation.matches) return;
    const scenario = await this.scenario(evaluation.assignments, seed);
    let end = matches;
    if (scenario.rotate && end % 2 === 1) end++;
    const result = await this.explainingMetricFailures(scenario, evaluation.assignments, () => this.player.play(scenario, evaluation.matches, end));
    const failure = result.failures[0];
    if (failure !== undefined) throw this.failed(scenario, evaluation.assignments, failure);
    scenario.entry.report.mergeAggregates(evaluation.aggregate, result.aggregate);
    this.onPlayed?.(end - evaluation.matches);
    evaluation.matches = end;
  }

  /**
   * A configuration's failed match (its agent threw, or its thread died) as the error to stop
   * with: the search cannot judge a configuration missing a match, and `hordelab replay` with the
   * configuration's run seed and assignments plays that match again.
   */
  failed(scenario: Scenario, assignments: Assignments, failure: MatchFailureData): ReproducibleFailure {
    const sets = [...(this.source.overrides.set ?? []), ...assignments];
    return new ReproducibleFailure(`configuration ${assignments.join(' ') || '(base)'}: ${failure.message}`, replayCommand(scenario.file, failure.matchIndex, scenario.seed, sets, { matchTimeoutSeconds: this.matchTimeoutSeconds }));
  }

  /**
   * `play()`, with a metric module's failure in one of its matches said as the configuration's
   * (its assignments, and the replay command with them, which the command's own --set lacks):
   * review 21 found a sweep's reproduce line that replayed the base configuration, exit 0.
   */
  async explainingMetricFailures<T>(scenario: Scenario, assignments: Assignments, play: () => Promise<T>): Promise<T> {
    try {
      return await play();
    } catch (error) {
      if (!(error instanceof MetricFailure)) throw error;
      throw this.failed(scenario, assignments, { ...error.toData(), step: null, cause: error.message });
    }
  }

  /** A fresh evaluation of `assignments` with no matches yet. */
  async start(assignments: Assignments): Promise<Evaluation> {
    const scenario = await this.scenario(assignments);
    return { assignments, matches: 0, aggregate: scenario.entry.report.emptyAggregate() };
  }

  /**
   * Every metric of an evaluation, with intervals clustered by the scenario's independent unit;
   * each event type of `wanted` that no match emitted is there too, at 0 events a match.
   */
  // Stryker disable next-line ArrayDeclaration: a default naming a path that is no event's adds no figure
  async metrics(evaluation: Evaluation, seed?: number, wanted: readonly string[] = []): Promise<Metric[]> {
    const scenario = await this.scenario(evaluation.assignments, seed);
    const summary = scenario.entry.report.summarize(evaluation.aggregate, DEFAULT_CONFIDENCE);
    return flattenMetrics(withUnseenEvents(summary, wanted));
  }

  async close(): Promise<void> {
    await this.player.close();
  }
}

/** The named metric from a list, or a clear error listing what there is. */
export function pickMetric(metrics: readonly Metric[], path: string, source: string): Metric {
  const metric = metrics.find((candidate) => candidate.path === path);
  if (metric === undefined) {
    const paths = metrics.map((candidate) => candidate.path);
    const shown = paths.length > 15 ? `${paths.slice(0, 15).join(', ')}, ... (${paths.length} in all)` : paths.join(', ');
    throw new UsageError([{ source, field: '', message: `no metric "${path}" in the results; there are: ${shown}` }]);
  }
  return metric;
}

/**
 * Refuses a `--vary` or `--space` name (`traps.80`, `seat1.iterations+seat2.iterations`) with a
 * part that could reach every object's prototype.
 */
export function refuseUnsafeName(name: string, source: string): void {
  const unsafe = name.split(/[.+]/).map((part) => part.trim()).find(isUnsafeKey);
  if (unsafe !== undefined) throw new UsageError([{ source, field: name, message: unsafeKeyMessage(unsafe) }]);
}

/**
 * Splits `a,b,[1,2],{x: 1}` at top-level commas, so list and map values stay whole; each part
 * is later read as YAML by `--set`.
 */
export function splitValues(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '[' || ch === '{') depth++;
    if (ch === ']' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  // A trailing comma leaves an empty value, refused as `a,,b` is: `--vary winRate=0.4,` had run
  // one configuration where two were meant.
  if (parts.length > 0 || current.trim() !== '') parts.push(current.trim());
  return parts;
}

/**
 * The first value of `values` given twice (as written; `0.50 (the same as 0.5)` when written
 * two ways), or null: a repeated value would be played, and counted, twice. Values are compared
 * as `--set` reads them (YAML): `5`, `05`, `5.0`, `0x5` and `0o5` are one number.
 */
export function repeatedValue(values: readonly string[]): string | null {
  const seen = new Map<string, string>();
  for (const value of values) {
    const key = valueAsRead(value);
    const earlier = seen.get(key);
    if (earlier !== undefined) return earlier === value ? value : `${value} (the same as ${earlier})`;
    seen.set(key, value);
  }
  return null;
}

/**
 * A varied value (`--vary`, a `--space` choice) as it is played and recorded: the finite number
 * `--set` reads it as (`0.50` is 0.5, `1e1` 10, `0x2` and `0o2` 2), else the text as written
 * (`0b10`, `-0x2` and `1_000` are text to YAML, so to `--set`; `1e999` stays as typed, where as a
 * number it would be echoed as "Infinity"). One rule for every notation: `0x2` was played as 2 but
 * recorded as "0x2", while `1e1` was recorded as 10 (audit 40a F5).
 */
export function valueAsPlayed(text: string): string | number {
  let read: unknown;
  try {
    read = parseStrictYaml(text);
  } catch {
    // Not a value --set takes (a whole number past 2⁵³ included): it refuses it later, as typed.
    return text;
  }
  return typeof read === 'number' && Number.isFinite(read) ? read : text;
}

/** `value` as `--set` reads it, as a key: the same for two spellings of one value. */
function valueAsRead(value: string): string {
  let read: unknown;
  try {
    read = parseStrictYaml(value);
  } catch {
    // Not a value --set takes: it refuses it later, as typed.
    return `text:${value}`;
  }
  // Numbers by their value (JSON would write NaN and Infinity alike as null).
  return typeof read === 'number' ? `number:${read}` : `value:${JSON.stringify(read)}`;
}
