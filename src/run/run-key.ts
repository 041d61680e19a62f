/**
 * What identifies a run's output: the scenario as played (after defaults and overrides) and the
 * options that shape the files, never how the command line spelled them, nor the workers or
 * chunks. `--resume` continues a run only under the same key, and `merge` joins shards only
 * under the same key; so a run started as `hordelab run s.yaml` resumes as
 * `hordelab run s.yaml --seed 1 --matches 10000 --resume`, and shards started from different
 * folders merge.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { taggedData } from '../core/tagged-data.js';
import { moduleGraphDigestOrName } from '../scenario/module-digest.js';
import type { Scenario } from '../scenario/scenario.js';
import { HORDELAB_VERSION } from '../version.js';
import type { Shard } from './shard.js';

/** The options besides the scenario that change what a run writes. */
export interface OutputShape {
  readonly eventFiles: boolean;
  readonly maxErrors: number;
}

/**
 * What a match records into a run's aggregate, numbered: raised whenever a figure is added or
 * recorded otherwise, so that a checkpoint or shard recorded before is not resumed or merged into
 * figures it holds no part of (it would count only the later matches). 2: shared tops with three
 * or more seats, event counts per match, whether a seat ever led; 3: each seat at the top, alone
 * or shared (December 2026); 4: the chance share's wins of the agent taken as more skilled
 * (review 29c: a run resumed from a checkpoint without them counted them over fewer matches);
 * 5: whether each seat made a decision in the match (audit 37a F5: the first mover's fair share
 * counts the seats that act); 6: whether each agent of the chance share's order made a decision,
 * over the share's matches (audit 38a: the share is of every match with a choice, and an agent
 * that never decides in any of them plays no contest); 7: the first mover's seat (audit 40d F4: a note
 * says when one seat moved first in every match). `tests/resume.test.ts` lists the figures a few matches record, so adding one fails it until
 * this number is raised.
 */
export const RECORDED_FIGURES = 7;

/** The key of one run (or one shard of a run). */
export function runKey(scenario: Scenario, shape: OutputShape, shard: Shard | undefined): string {
  return digest({ scenario: effectiveScenario(scenario), ...shape, shard: shard ?? null, version: HORDELAB_VERSION, figures: RECORDED_FIGURES });
}

/**
 * The parts of a run's key by name, each as short text: a short value as its JSON, a longer one
 * as the start of its digest. A checkpoint records them beside the key, so a resume refused for
 * another key can say which parts differ (audit 31b: "another scenario, parameters or options"
 * named none of them).
 */
export function runKeyParts(scenario: Scenario, shape: OutputShape, shard: Shard | undefined): Record<string, string> {
  const parts: Record<string, string> = {};
  const put = (name: string, value: unknown): void => {
    const text = canonicalJson(value) ?? 'undefined';
    parts[name] = text.length <= MAX_PART_TEXT ? text : `sha256:${digest(value).slice(0, 16)}`;
  };
  for (const [name, value] of Object.entries(effectiveScenario(scenario) as Record<string, unknown>)) {
    if (name === 'params') for (const [param, given] of Object.entries(value as Record<string, unknown>)) put(`params.${param}`, given);
    else if (name === 'seats') (value as unknown[]).forEach((seat, index) => put(`seat ${index + 1}`, seat));
    else put(name, value);
  }
  put('event files', shape.eventFiles);
  put('--max-errors', shape.maxErrors);
  // As the flag counts them, from 0 (review 31c: "2/2" named a shard the flag refuses), and as the flag is written (review 32b: "0/2" in quotes); none for a whole run.
  if (shard !== undefined) parts['--shard'] = `${shard.index}/${shard.count}`;
  put('hordelab version', HORDELAB_VERSION);
  put('figures recorded', RECORDED_FIGURES);
  return parts;
}

/** Longest part text {@link runKeyParts} keeps as it is. */
const MAX_PART_TEXT = 60;

/** The key every shard of one run shares: what `merge` checks. */
export function shardSetKey(scenario: Scenario, shape: OutputShape, count: number): string {
  return runKey(scenario, shape, { index: -1, count });
}

/**
 * The scenario as played: game, parameters with their defaults, seats (agent, settings, the
 * name it is reported under, and the content of an agent module), the content of a game module,
 * rotation, matches, run seed,
 * the report's shape (custom metric modules show in its columns and aggregate), the content
 * of each metric module, and `quality: { leads: false }` when given.
 */
export function effectiveScenario(scenario: Scenario): unknown {
  const { game, report } = scenario.entry;
  const seat = (spec: Scenario['seats'][number]): unknown => ({
    agent: spec.factory.id,
    config: taggedData(spec.config),
    name: spec.name,
    module: spec.factory.moduleUrl === undefined ? null : moduleDigest(spec.factory.moduleUrl),
  });
  return {
    game: game.id,
    // A game module edited between a run and its resume (or between shards) is another game.
    ...(scenario.entry.source === undefined ? {} : { gameModule: scenario.entry.source.sha256 }),
    // Tagged: -0 and 0, NaN and null, a Map and {} are other parameters, and other runs (review 30b).
    params: taggedData(scenario.params),
    seats: scenario.seats.map(seat),
    tournament: scenario.tournament?.map(seat) ?? null,
    rotate: scenario.rotate,
    matches: scenario.matches,
    seed: scenario.seed,
    report: { matchColumns: report.matchColumns, eventTables: report.eventTables, emptyAggregate: report.emptyAggregate() },
    // The lead figures left out are other figures recorded: a run resumed, or a shard merged,
    // with the other choice mixed them (audit 37b M2). Only when left out, so the keys of
    // runs that keep them are the ones earlier builds recorded.
    ...(scenario.quality?.leads === false ? { quality: { leads: false } } : {}),
    // A metric module edited between a run and its resume (or between shards) is another metric.
    ...(report.metricModules === undefined ? {} : { metricModules: report.metricModules.map(({ name, sha256 }) => ({ name, sha256 })) }),
  };
}

/** The digest of an agent module's file and the files it imports: an agent edited between a run and its resume is another agent. */
function moduleDigest(url: string): string {
  return moduleGraphDigestOrName(fileURLToPath(url), url);
}

/** SHA-256 of a value's canonical JSON (object keys sorted), so key order never matters. */
export function digest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** JSON with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(Object.keys(item).sort().map((key) => [key, (item as Record<string, unknown>)[key]]));
  });
}
