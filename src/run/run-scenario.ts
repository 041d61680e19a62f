/**
 * Runs a scenario's matches and writes its reports: `matches.csv`, one CSV per event table
 * (`catches.csv` for Zombie Trainers), `errors.csv` when matches failed, and `summary.json`.
 *
 * Chunks of matches run on a pool of worker threads (or in this thread) and are appended in
 * match-index order to working files (`*.tmp`) as they complete, with a checkpoint after each
 * chunk (the next match, the byte length of each file, the aggregates so far). Only a finished
 * run renames its files into place; an interrupted one (Ctrl-C) publishes the complete matches
 * with a summary marked interrupted; a killed one leaves its working files and checkpoint. Both
 * continue with `resume`, and end byte-identical to a run never interrupted: no match lost or
 * duplicated, since the files are cut back to the checkpoint before appending.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { UsageError } from '../core/errors.js';
import { emptyOutcomes, mergeOutcomes, summarizeOutcomes, type OutcomeAggregate, type OutcomeSummary } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import { DEFAULT_CONFIDENCE } from '../stats/intervals.js';
import { HORDELAB_VERSION } from '../version.js';
import { csv, matchesHeader, playChunk, type ChunkResult } from './play-chunk.js';
import type { ChunkTask } from './worker.js';

export interface RunOptions {
  /** Folder for the reports; created if missing. */
  readonly outDir: string;
  /** Write per-event CSV files such as `catches.csv` (the summary is complete either way). */
  readonly eventFiles: boolean;
  /** The command line that reproduces the run, recorded in `summary.json`. */
  readonly command: string;
  /** Called now and then with the number of matches done. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Worker threads; 0 (the default) plays in this thread. Output bytes do not depend on it. */
  readonly workers?: number;
  /** Matches per chunk handed to a worker; output bytes do not depend on it. */
  readonly chunkSize?: number;
  /** Failed matches tolerated before the run stops (default 0: stop at the first). */
  readonly maxErrors?: number;
  /** The command that replays one match, written beside each failure in `errors.csv`. */
  readonly replayCommand?: (matchIndex: number, matchSeed: string) => string;
  /** Continue the interrupted or killed run in `outDir` instead of starting afresh. */
  readonly resume?: boolean;
  /** Aborting stops the run after the chunks already written, which are published. */
  readonly signal?: AbortSignal;
  /** Play only shard `index` of `count` (a contiguous block of match indices), for `mergeRuns`. */
  readonly shard?: Shard;
}

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

/** `shard.json`: what `mergeRuns` needs from each shard besides its CSV files. */
export interface ShardRecord {
  readonly version: 1;
  /** Equal for every shard of one run (the scenario and the options that shape the output). */
  readonly key: string;
  readonly shard: Shard;
  readonly start: number;
  readonly end: number;
  readonly status: RunStatus;
  readonly source: Scenario['source'];
  readonly eventFiles: boolean;
  /** The run's --max-errors: merge checks it against the shards' failures together. */
  readonly maxErrors: number;
  /** The command of the whole run, without `--shard`. */
  readonly command: string;
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly errors: number;
  readonly matchesPlayed: number;
  readonly seconds: number;
  readonly workers: number;
  readonly chunkSize: number;
}

export const SHARD_FILE = 'shard.json';

export type RunStatus = 'complete' | 'stopped' | 'interrupted';

export interface RunResult {
  /** Failed matches (each in `errors.csv`). */
  readonly errors: number;
  /** `stopped` when failures passed `maxErrors`; `interrupted` when the signal aborted the run. */
  readonly status: RunStatus;
  /** The whole `summary.json` document. */
  readonly document: SummaryDocument;
  /** The game's summary (also `document.results`). */
  readonly results: unknown;
  /** Paths written. */
  readonly files: readonly string[];
}

/** The layout of `summary.json`. Everything but `timing` is a pure function of the scenario and seed. */
export interface SummaryDocument {
  readonly hordelab: { readonly version: string };
  readonly scenario: {
    readonly name: string;
    readonly file: string;
    readonly description: string;
    readonly game: string;
    readonly seed: number;
    readonly matches: number;
    readonly params: unknown;
    readonly rotateSeats: boolean;
    readonly seats: readonly { readonly name: string; readonly agent: string; readonly config: unknown }[];
  };
  readonly command: string;
  /** How the run ended, and how many matches it holds. */
  readonly run: { readonly status: RunStatus; readonly matchesPlayed: number; readonly errors: number };
  readonly confidence: number;
  /**
   * The independent unit every interval's variance is measured over: a match, or a rotated pair
   * (two matches on one seed). Each figure carries its own measured `designEffect`.
   */
  readonly independentUnit: 'match' | 'rotated pair';
  /** Wins, draws and losses per seat and per agent (by name), for every game. */
  readonly outcomes: OutcomeSummary;
  /** The game's own report. */
  readonly results: unknown;
  /** Wall-clock figures and how the run was spread: the only part that may differ between runs of the same scenario and seed. */
  readonly timing: { readonly seconds: number; readonly matchesPerSecond: number; readonly workers: number; readonly chunkSize: number };
}

/** `errors.csv`: one row per failed match. */
const ERROR_COLUMNS = ['match', 'seed', 'step', 'error', 'replay'];

/** The checkpoint a run keeps in its output folder while it is unfinished. */
export const CHECKPOINT_FILE = '.hordelab-checkpoint.json';

/** The largest default chunk: enough matches to dwarf the cost of handing a chunk to a worker. */
export const DEFAULT_CHUNK_SIZE = 200;

interface Checkpoint {
  readonly version: 1;
  /** Identifies the scenario and the options that shape the output; resume refuses another. */
  readonly key: string;
  /** `temp`: the data is in `*.tmp` (killed); `final`: in the published files (interrupted). */
  readonly location: 'temp' | 'final';
  readonly nextMatch: number;
  /** Byte length of each working file, by final name, at the checkpoint. */
  readonly lengths: Record<string, number>;
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly errors: number;
  readonly matchesPlayed: number;
}

/** A file appended under a temporary name and renamed into place when published. */
class WorkingFile {
  readonly path: string;
  readonly tempPath: string;
  private fd: number;
  private buffer: string[] = [];
  /** Bytes written so far (flushed or not). */
  length = 0;

  /** Opens a fresh working file, or one cut back to `resumeLength` bytes to append after it. */
  constructor(path: string, resumeLength?: number) {
    this.path = path;
    this.tempPath = `${path}.tmp`;
    if (resumeLength === undefined) {
      this.fd = openSync(this.tempPath, 'w');
    } else {
      truncateSync(this.tempPath, resumeLength);
      this.fd = openSync(this.tempPath, 'a');
      this.length = resumeLength;
    }
  }
  write(text: string): void {
    if (text === '') return;
    this.buffer.push(text);
    this.length += Buffer.byteLength(text);
  }
  flush(): void {
    if (this.buffer.length > 0) writeSync(this.fd, this.buffer.join(''));
    this.buffer = [];
  }
  close(): void {
    this.flush();
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
  /** Moves the file into place. */
  publish(): void {
    this.close();
    renameSync(this.tempPath, this.path);
  }
  discard(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(this.tempPath, { force: true });
  }
}

/** Where the worker entry lives: beside this file once compiled; from sources, the dist/ copy. */
export function workerFile(): string {
  const beside = fileURLToPath(new URL('./worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  const compiled = fileURLToPath(new URL('../../dist/src/run/worker.js', import.meta.url));
  if (existsSync(compiled)) return compiled;
  throw new Error('worker threads run compiled code: run "npm run build" first');
}

/** Identifies a run's output: the scenario and the options that shape it (never workers or chunks). */
function runKey(scenario: Scenario, eventFiles: boolean, maxErrors: number, shard: Shard | undefined): string {
  const shape = { source: scenario.source, eventFiles, maxErrors, version: HORDELAB_VERSION, shard: shard ?? null };
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex');
}

/** The same key for every shard of one run: what `mergeRuns` checks. */
export function shardSetKey(scenario: Scenario, eventFiles: boolean, maxErrors: number, count: number): string {
  return runKey(scenario, eventFiles, maxErrors, { index: -1, count });
}

/** Builds `summary.json` from merged aggregates: one code path for runs and merged shards. */
export function summaryDocument(
  scenario: Scenario,
  aggregate: unknown,
  outcomes: OutcomeAggregate,
  run: SummaryDocument['run'],
  command: string,
  timing: SummaryDocument['timing'],
): SummaryDocument {
  const { game, report } = scenario.entry;
  return {
    hordelab: { version: HORDELAB_VERSION },
    scenario: {
      name: scenario.name,
      file: scenario.file,
      description: scenario.description,
      game: game.id,
      seed: scenario.seed,
      matches: scenario.matches,
      params: scenario.params,
      rotateSeats: scenario.rotate,
      seats: scenario.seats.map((seat) => ({ name: seat.name, agent: seat.factory.id, config: seat.config })),
    },
    command,
    run,
    confidence: DEFAULT_CONFIDENCE,
    independentUnit: scenario.rotate ? 'rotated pair' : 'match',
    outcomes: summarizeOutcomes(outcomes, DEFAULT_CONFIDENCE),
    results: report.summarize(aggregate, DEFAULT_CONFIDENCE),
    timing,
  };
}

function readCheckpoint(outDir: string): Checkpoint | null {
  const path = join(outDir, CHECKPOINT_FILE);
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as Checkpoint;
}

/** Writes the checkpoint atomically: a kill leaves either the old one or the new one. */
function writeCheckpoint(outDir: string, checkpoint: Checkpoint): void {
  const path = join(outDir, CHECKPOINT_FILE);
  writeFileSync(`${path}.tmp`, JSON.stringify(checkpoint));
  renameSync(`${path}.tmp`, path);
}

/**
 * Plays every match of the scenario (from the checkpoint, with `resume`) and writes the reports.
 * A match that fails goes to `errors.csv` with its seed and replay command; past `maxErrors`
 * failures the run stops after the matches before the failure that tipped it.
 * @throws UsageError when `resume` finds nothing to resume, or another run's checkpoint;
 *   Error on an internal failure outside any match, leaving no working file behind.
 */
export async function runScenario(scenario: Scenario, options: RunOptions): Promise<RunResult> {
  const { entry } = scenario;
  const { game, report } = entry;
  const workers = options.workers ?? 0;

  const maxErrors = options.maxErrors ?? 0;
  const key = runKey(scenario, options.eventFiles, maxErrors, options.shard);
  const range = shardRange(scenario.matches, options.shard);
  // By default, chunks small enough that every worker gets several: a 200-match MCTS run must
  // not sit in one chunk on one core. The output does not depend on it.
  const chunkSize = options.chunkSize ?? Math.max(1, Math.min(DEFAULT_CHUNK_SIZE, Math.ceil((range.end - range.start) / (Math.max(1, workers) * 4))));

  const checkpoint = existsSync(options.outDir) ? readCheckpoint(options.outDir) : null;
  if (options.resume === true) {
    if (checkpoint === null) {
      throw new UsageError([{ source: '--resume', field: '', message: `${options.outDir} holds no interrupted run to resume; run without --resume` }]);
    }
    if (checkpoint.key !== key) {
      throw new UsageError([
        {
          source: '--resume',
          field: '',
          message: `the run in ${options.outDir} was started with another scenario, parameters or options; resume it with the same ones, or run without --resume`,
        },
      ]);
    }
  }
  const resumeFrom = options.resume === true ? checkpoint : null;
  const createdDir = !existsSync(options.outDir);
  mkdirSync(options.outDir, { recursive: true });
  const checkpointPath = join(options.outDir, CHECKPOINT_FILE);

  const fileNames = ['matches.csv', ...(options.eventFiles ? report.eventTables.map((table) => table.file) : []), 'errors.csv'];
  let files: WorkingFile[] = [];
  let pool: Piscina<ChunkTask, ChunkResult> | null = null;
  let onAbort: (() => void) | null = null;
  try {
    if (resumeFrom === null) {
      // A fresh run: nothing of an earlier run in this folder may leak into it (a stale
      // checkpoint would later resume over these files; a stale shard.json would merge).
      rmSync(checkpointPath, { force: true });
      if (options.shard === undefined) rmSync(join(options.outDir, SHARD_FILE), { force: true });
      if (!options.eventFiles) for (const table of report.eventTables) rmSync(join(options.outDir, table.file), { force: true });
    } else {
      if (resumeFrom.location === 'final') {
        // An interrupted run published its files: take them back as working files (some may be
        // back already, if a resume was killed right here). An errors.csv without errors was
        // not published: it held just its header.
        for (const name of fileNames) {
          const published = join(options.outDir, name);
          if (existsSync(published)) renameSync(published, `${published}.tmp`);
          else if (!existsSync(`${published}.tmp`)) {
            if (name !== 'errors.csv') {
              throw new UsageError([{ source: '--resume', field: '', message: `${published} is missing; the interrupted run cannot be resumed` }]);
            }
            writeFileSync(`${published}.tmp`, csv([ERROR_COLUMNS]));
          }
        }
        writeCheckpoint(options.outDir, { ...resumeFrom, location: 'temp' });
      }
      for (const name of fileNames) {
        const working = join(options.outDir, `${name}.tmp`);
        const size = existsSync(working) ? statSync(working).size : -1;
        if (size < (resumeFrom.lengths[name] ?? 0)) {
          throw new UsageError([
            { source: '--resume', field: '', message: `${working} holds less than the checkpoint records; the run cannot be resumed safely: run it afresh` },
          ]);
        }
      }
    }
    files = fileNames.map((name) => new WorkingFile(join(options.outDir, name), resumeFrom?.lengths[name]));
    pool = workers > 0 ? new Piscina<ChunkTask, ChunkResult>({ filename: workerFile(), minThreads: workers, maxThreads: workers }) : null;
    const [matchesFile, ...rest] = files as [WorkingFile, ...WorkingFile[]];
    const errorsFile = rest[rest.length - 1] as WorkingFile;
    const eventFiles = rest.slice(0, -1);
    if (resumeFrom === null) {
      matchesFile.write(matchesHeader(scenario));
      eventFiles.forEach((file, index) => file.write(csv([[...(report.eventTables[index]?.columns ?? [])]])));
      errorsFile.write(csv([ERROR_COLUMNS]));
    }
    const aggregate: unknown = resumeFrom?.aggregate ?? report.emptyAggregate();
    const outcomes = resumeFrom?.outcomes ?? emptyOutcomes(game.seats.length);
    let errors = resumeFrom?.errors ?? 0;
    let matchesPlayed = resumeFrom?.matchesPlayed ?? 0;
    let nextMatch = resumeFrom?.nextMatch ?? range.start;
    let status: RunStatus = 'complete';
    const started = performance.now();
    const firstMatch = nextMatch;

    const play = async (start: number, end: number): Promise<ChunkResult> => {
      if (pool === null) {
        // Let signals (Ctrl-C) in between chunks played in this thread.
        await new Promise((resolve) => setImmediate(resolve));
        return playChunk(scenario, start, end, options.eventFiles);
      }
      const task: ChunkTask = { source: scenario.source, start, end, eventFiles: options.eventFiles };
      try {
        return await pool.run(task);
      } catch (firstError) {
        // A worker that died (out of memory, process.exit in an agent) is replaced by the pool;
        // its chunk gets one more try before the run gives up.
        try {
          return await pool.run(task);
        } catch (secondError) {
          throw new Error(
            `matches ${start}..${end - 1} failed twice in a worker: ${(firstError as Error).message}; then: ${(secondError as Error).message}`,
          );
        }
      }
    };
    const aborted = new Promise<'aborted'>((resolve) => {
      if (options.signal?.aborted === true) resolve('aborted');
      onAbort = () => resolve('aborted');
      options.signal?.addEventListener('abort', onAbort, { once: true });
    });

    // Keep every worker busy with one chunk queued behind it; write strictly in match order.
    const maxInFlight = pool === null ? 1 : workers * 2;
    const inFlight: Promise<ChunkResult>[] = [];
    let submitted = nextMatch;
    // Ctrl-C stops new chunks; the ones already running are still written, in order. (Tasks
    // are not cancelled in the pool: a worker answering a forgotten task crashes piscina.)
    let stopping = false;
    while (nextMatch < range.end) {
      while (!stopping && submitted < range.end && inFlight.length < maxInFlight) {
        const end = Math.min(range.end, submitted + chunkSize);
        const promise = play(submitted, end);
        // Failures surface when their turn to be written comes; until then, do not let them go unhandled.
        promise.catch(() => undefined);
        inFlight.push(promise);
        submitted = end;
      }
      if (inFlight.length === 0) break;
      const next = await (stopping ? (inFlight[0] as Promise<ChunkResult>) : Promise.race([inFlight[0] as Promise<ChunkResult>, aborted]));
      if (next === 'aborted') {
        stopping = true;
        continue;
      }
      inFlight.shift();
      let result = next;
      const stopAt = result.failures[maxErrors - errors]?.matchIndex;
      if (stopAt !== undefined) {
        // One failure too many: keep exactly the matches before it, however the run was chunked
        // (replaying that prefix here is deterministic), and stop.
        result = { ...playChunk(scenario, result.start, stopAt, options.eventFiles), failures: result.failures.filter((f) => f.matchIndex <= stopAt) };
        status = 'stopped';
      }
      errors += result.failures.length;
      matchesPlayed += result.end - result.start - result.failures.filter((f) => f.matchIndex < result.end).length;
      errorsFile.write(
        csv(
          result.failures.map((failure) => [
            failure.matchIndex,
            failure.matchSeed,
            failure.step,
            failure.cause.split('\n')[0] ?? '',
            options.replayCommand?.(failure.matchIndex, failure.matchSeed) ?? '',
          ]),
        ),
      );
      matchesFile.write(result.matchCsv);
      eventFiles.forEach((file, index) => file.write(result.eventCsvs[index] ?? ''));
      report.mergeAggregates(aggregate, result.aggregate);
      mergeOutcomes(outcomes, result.outcomes);
      nextMatch = result.end;
      for (const file of files) file.flush();
      if (status === 'stopped') break;
      writeCheckpoint(options.outDir, {
        version: 1,
        key,
        location: 'temp',
        nextMatch,
        lengths: Object.fromEntries(fileNames.map((name, index) => [name, (files[index] as WorkingFile).length])),
        aggregate,
        outcomes,
        errors,
        matchesPlayed,
      });
      options.onProgress?.(nextMatch - range.start, range.end - range.start);
    }

    // A stop for failures leaves chunks running: let them end before the pool goes.
    await Promise.allSettled(inFlight);
    if (stopping && nextMatch < range.end && status === 'complete') status = 'interrupted';
    const seconds = (performance.now() - started) / 1000;
    const timing = {
      seconds: round(seconds, 3),
      matchesPerSecond: round((nextMatch - firstMatch) / Math.max(seconds, 1e-9), 1),
      workers,
      chunkSize,
    };
    const document = summaryDocument(scenario, aggregate, outcomes, { status, matchesPlayed, errors }, options.command, timing);
    const results = document.results;
    if (options.shard !== undefined) {
      const record: ShardRecord = {
        version: 1,
        key: shardSetKey(scenario, options.eventFiles, maxErrors, options.shard.count),
        shard: options.shard,
        ...range,
        status,
        source: scenario.source,
        eventFiles: options.eventFiles,
        maxErrors,
        command: options.command,
        aggregate,
        outcomes,
        errors,
        matchesPlayed,
        seconds: timing.seconds,
        workers,
        chunkSize,
      };
      writeFileSync(join(options.outDir, SHARD_FILE), `${JSON.stringify(record)}\n`);
    }
    writeFileSync(join(options.outDir, 'summary.json'), `${toJson(document)}\n`);
    const summaryFiles = writeSummaryTables(scenario, document, options.outDir);
    // Publish under a 'final' checkpoint, so that a kill while renaming leaves a folder that
    // --resume takes back as it is.
    for (const file of files) file.close();
    const lengths = Object.fromEntries(fileNames.map((name, index) => [name, (files[index] as WorkingFile).length]));
    writeCheckpoint(options.outDir, { version: 1, key, location: 'final', nextMatch, lengths, aggregate, outcomes, errors, matchesPlayed });
    // errors.csv exists only when something failed; an old one from an earlier run goes.
    const published = errors === 0 ? files.filter((file) => file !== errorsFile) : files;
    for (const file of published) file.publish();
    if (errors === 0) {
      errorsFile.discard();
      rmSync(errorsFile.path, { force: true });
    }
    if (status !== 'interrupted') rmSync(checkpointPath, { force: true });
    return {
      document,
      results,
      files: [
        ...published.map((file) => file.path),
        ...summaryFiles,
        join(options.outDir, 'summary.json'),
        ...(options.shard === undefined ? [] : [join(options.outDir, SHARD_FILE)]),
      ],
      errors,
      status,
    };
  } catch (error) {
    if (resumeFrom === null) {
      // A fresh run that fails leaves nothing half-written behind.
      for (const file of files) file.discard();
      rmSync(checkpointPath, { force: true });
      if (createdDir && readdirSync(options.outDir).length === 0) rmdirSync(options.outDir);
    } else {
      // A resumed run keeps what it had: its last checkpoint still describes its working files.
      for (const file of files) file.close();
    }
    throw error;
  } finally {
    if (onAbort !== null) options.signal?.removeEventListener('abort', onAbort);
    await pool?.destroy();
  }
}

/** Writes the report's summary tables (`cards.csv`) beside summary.json; returns their paths. */
export function writeSummaryTables(scenario: Scenario, document: SummaryDocument, outDir: string): string[] {
  const tables = scenario.entry.report.summaryTables?.(document.results) ?? [];
  return tables.map((summaryTable) => {
    const path = join(outDir, summaryTable.file);
    writeFileSync(`${path}.tmp`, csv([[...summaryTable.columns], ...summaryTable.rows]));
    renameSync(`${path}.tmp`, path);
    return path;
  });
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** JSON with NaN and infinities as null (a rate with no samples), two-space indented. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'number' && !Number.isFinite(item) ? null : item), 2);
}
