/**
 * Shards: a run split into contiguous blocks of match indices (`--shard i/n`), each played on
 * its own (a cluster, a CI matrix) and joined by `hordelab merge`. Each shard's folder holds a
 * `shard.json` record of what merge needs besides its CSV files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutcomeAggregate } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import type { FileDigest } from './journal.js';
import type { RunStatus } from './summary.js';
import { SHARD_FILE } from './run-files.js';

/** One of `count` contiguous shares of a run's match indices (0-based `index`). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The match indices of a shard: `[start, end)`, contiguous so shards concatenate in order. */
export function shardRange(matches: number, shard: Shard | undefined): { start: number; end: number } {
  if (shard === undefined) return { start: 0, end: matches };
  return { start: Math.floor((shard.index * matches) / shard.count), end: Math.floor(((shard.index + 1) * matches) / shard.count) };
}

/**
 * A run's command as its summary.json records it: the command line with the flags that shape the
 * run's output where they were given (`--max-errors`, `--no-event-files`), so that playing it
 * again writes the same files (review 28e: without `--max-errors 3` a run that stopped after
 * three failures was replayed as one that stopped at the first).
 */
export function withOutputFlags(command: string, options: { readonly maxErrors: number; readonly eventFiles: boolean }): string {
  const maxErrors = options.maxErrors > 0 ? ` --max-errors ${options.maxErrors}` : '';
  const eventFiles = options.eventFiles ? '' : ' --no-event-files';
  return `${command}${maxErrors}${eventFiles}`;
}

/**
 * The command a shard's own summary.json records: the whole run's (with its output flags, as
 * {@link withOutputFlags} gives it) and `--shard i/n`, which plays that shard again (the whole
 * run's command, as shard.json keeps it, would play every match).
 */
export function shardCommand(runCommand: string, shard: Shard): string {
  return `${runCommand} --shard ${shard.index}/${shard.count}`;
}

/** The record's name in a shard's folder (kept with the run's other names in run-files.ts). */
export { SHARD_FILE } from './run-files.js';

/**
 * Which shard a folder holds and its match indices `[start, end)`, as its shard.json records
 * them; null where the folder has no shard.json, or one that does not say so (a report then
 * reads the folder as a run). `report` names a shard as one (audit 39a F12: a shard's page read
 * "250 played of 500 (complete)").
 */
export function shardOfFolder(dir: string): { readonly shard: Shard; readonly start: number; readonly end: number } | null {
  let record: unknown;
  try {
    record = JSON.parse(readFileSync(join(dir, SHARD_FILE), 'utf8'));
  } catch {
    return null;
  }
  if (typeof record !== 'object' || record === null) return null;
  const { shard, start, end } = record as { shard?: unknown; start?: unknown; end?: unknown };
  const { index, count } = (typeof shard === 'object' && shard !== null ? shard : {}) as { index?: unknown; count?: unknown };
  const whole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
  if (!whole(index) || !whole(count) || !whole(start) || !whole(end) || index >= count || start > end) return null;
  return { shard: { index, count }, start, end };
}

/** `shard.json`: what `mergeRuns` needs from each shard besides its CSV files, and what it checks them against. */
export interface ShardRecord {
  readonly version: 2;
  /** Equal for every shard of one run (the scenario and the options that shape the output). */
  readonly key: string;
  readonly shard: Shard;
  readonly start: number;
  readonly end: number;
  readonly status: RunStatus;
  readonly source: Scenario['source'];
  /** The scenario file's absolute path when the shard ran: module paths in it resolve from there, not from where merge runs. */
  readonly scenarioPath: string;
  readonly eventFiles: boolean;
  /** The run's --max-errors: merge checks it against the shards' failures together. */
  readonly maxErrors: number;
  /** The command of the whole run, without `--shard` (with its output flags since the twenty-ninth session's build). */
  readonly command: string;
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  /** SHA-256 of the canonical JSON of `{ aggregate, outcomes }`: an edited aggregate does not match it. */
  readonly aggregateSha256: string;
  /** Length and SHA-256 of every other file the shard wrote, by name. */
  readonly files: Readonly<Record<string, FileDigest>>;
  readonly errors: number;
  readonly matchesPlayed: number;
  readonly seconds: number;
  readonly workers: number;
  readonly chunkSize: number;
}
