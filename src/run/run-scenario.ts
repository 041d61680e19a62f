/**
 * Runs a scenario's matches and writes its reports: `matches.csv`, one CSV per event table
 * (`catches.csv` for Zombie Trainers) and `summary.json`.
 *
 * Output is written to temporary files and renamed into place only when every match has been
 * played, so a failed run leaves no half-written report behind. Rows are flushed in batches,
 * so memory stays flat however many matches run.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync, existsSync, readdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { emptyOutcomes, mergeOutcomes, summarizeOutcomes, type OutcomeSummary } from '../reports/outcomes.js';
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
}

/** `errors.csv`: one row per failed match. */
const ERROR_COLUMNS = ['match', 'seed', 'step', 'error', 'replay'];

export interface RunResult {
  /** Failed matches (each in `errors.csv`). */
  readonly errors: number;
  /** `stopped` when failures passed `maxErrors` and the run ended early. */
  readonly status: 'complete' | 'stopped';
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
  /** How the run ended: every match played, or stopped after too many failed matches. */
  readonly run: { readonly status: 'complete' | 'stopped'; readonly matchesPlayed: number; readonly errors: number };
  readonly confidence: number;
  /** Wins, draws and losses per seat and per agent (by name), for every game. */
  readonly outcomes: OutcomeSummary;
  /** The game's own report. */
  readonly results: unknown;
  /** Wall-clock figures and how the run was spread: the only part that may differ between runs of the same scenario and seed. */
  readonly timing: { readonly seconds: number; readonly matchesPerSecond: number; readonly workers: number; readonly chunkSize: number };
}

/** A file written under a temporary name and renamed into place on `commit`. */
class PendingFile {
  readonly path: string;
  private readonly tempPath: string;
  private fd: number;
  private buffer: string[] = [];

  constructor(path: string) {
    this.path = path;
    this.tempPath = `${path}.tmp`;
    this.fd = openSync(this.tempPath, 'w');
  }
  write(text: string): void {
    if (text !== '') this.buffer.push(text);
  }
  flush(): void {
    if (this.buffer.length > 0) writeSync(this.fd, this.buffer.join(''));
    this.buffer = [];
  }
  commit(): void {
    this.flush();
    closeSync(this.fd);
    this.fd = -1;
    renameSync(this.tempPath, this.path);
  }
  discard(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(this.tempPath, { force: true });
  }
}

/** Where the worker entry lives: beside this file once compiled; from sources, the dist/ copy. */
function workerFile(): string {
  const beside = fileURLToPath(new URL('./worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  const compiled = fileURLToPath(new URL('../../dist/src/run/worker.js', import.meta.url));
  if (existsSync(compiled)) return compiled;
  throw new Error('worker threads run compiled code: run "npm run build" first');
}

/** The default chunk size: large enough to dwarf the cost of handing a chunk to a worker. */
export const DEFAULT_CHUNK_SIZE = 200;

/**
 * Plays every match of the scenario and writes the reports. Chunks of matches run on a pool of
 * worker threads (or in this thread with `workers: 0`) and are written in match-index order as
 * they complete, with at most a few chunks held in memory; aggregates merge exactly, so the
 * output does not depend on the worker count or the chunk size. A match that fails goes to
 * `errors.csv` with its seed and replay command; past `maxErrors` failures the run stops after
 * the matches before the failure that tipped it.
 * @throws Error on an internal failure outside any match; nothing is then left written.
 */
export async function runScenario(scenario: Scenario, options: RunOptions): Promise<RunResult> {
  const { entry } = scenario;
  const { game, report } = entry;
  const workers = options.workers ?? 0;
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const createdDir = !existsSync(options.outDir);
  mkdirSync(options.outDir, { recursive: true });

  const matchesFile = new PendingFile(join(options.outDir, 'matches.csv'));
  const eventFiles = options.eventFiles ? report.eventTables.map((table) => new PendingFile(join(options.outDir, table.file))) : [];
  const summaryFile = new PendingFile(join(options.outDir, 'summary.json'));
  const errorsFile = new PendingFile(join(options.outDir, 'errors.csv'));
  const pending = [matchesFile, ...eventFiles, summaryFile, errorsFile];
  const maxErrors = options.maxErrors ?? 0;
  const pool = workers > 0 ? new Piscina<ChunkTask, ChunkResult>({ filename: workerFile(), minThreads: workers, maxThreads: workers }) : null;
  try {
    matchesFile.write(matchesHeader(scenario));
    report.eventTables.forEach((table, index) => eventFiles[index]?.write(csv([[...table.columns]])));

    const aggregate: unknown = report.emptyAggregate();
    const outcomes = emptyOutcomes(game.seats.length);
    const started = performance.now();
    const chunkCount = Math.ceil(scenario.matches / chunkSize);
    errorsFile.write(csv([ERROR_COLUMNS]));
    let errors = 0;
    let matchesPlayed = 0;
    let status: 'complete' | 'stopped' = 'complete';
    const play = async (chunk: number): Promise<ChunkResult> => {
      const start = chunk * chunkSize;
      const end = Math.min(scenario.matches, start + chunkSize);
      if (pool === null) return playChunk(scenario, start, end, options.eventFiles);
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
    // Keep every worker busy with one chunk queued behind it; write strictly in chunk order.
    const maxInFlight = pool === null ? 1 : workers * 2;
    const inFlight = new Map<number, Promise<ChunkResult>>();
    let submitted = 0;
    for (let written = 0; written < chunkCount; written++) {
      while (submitted < chunkCount && submitted - written < maxInFlight) {
        const promise = play(submitted);
        // Failures surface when their turn to be written comes; until then, do not let them go unhandled.
        promise.catch(() => undefined);
        inFlight.set(submitted++, promise);
      }
      let result = await (inFlight.get(written) as Promise<ChunkResult>);
      inFlight.delete(written);
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
      matchesFile.flush();
      eventFiles.forEach((file, index) => {
        file.write(result.eventCsvs[index] ?? '');
        file.flush();
      });
      report.mergeAggregates(aggregate, result.aggregate);
      mergeOutcomes(outcomes, result.outcomes);
      options.onProgress?.(result.end, scenario.matches);
      if (status === 'stopped') break;
    }
    const seconds = (performance.now() - started) / 1000;
    const results = report.summarize(aggregate, DEFAULT_CONFIDENCE);
    const outcomeSummary = summarizeOutcomes(outcomes, DEFAULT_CONFIDENCE);
    const document: SummaryDocument = {
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
      command: options.command,
      run: { status, matchesPlayed, errors },
      confidence: DEFAULT_CONFIDENCE,
      outcomes: outcomeSummary,
      results,
      timing: {
        seconds: round(seconds, 3),
        matchesPerSecond: round(scenario.matches / Math.max(seconds, 1e-9), 1),
        workers,
        chunkSize,
      },
    };
    summaryFile.write(`${toJson(document)}\n`);
    // errors.csv exists only when something failed; an old one from an earlier run goes.
    if (errors === 0) {
      errorsFile.discard();
      rmSync(errorsFile.path, { force: true });
    }
    const written = errors === 0 ? pending.filter((file) => file !== errorsFile) : pending;
    for (const file of written) file.commit();
    return { document, results, files: written.map((file) => file.path), errors, status };
  } catch (error) {
    for (const file of pending) file.discard();
    if (createdDir && readdirSync(options.outDir).length === 0) rmdirSync(options.outDir);
    throw error;
  } finally {
    await pool?.destroy();
  }
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** JSON with NaN and infinities as null (a rate with no samples), two-space indented. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'number' && !Number.isFinite(item) ? null : item), 2);
}
