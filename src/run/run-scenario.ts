/**
 * Runs a scenario's matches and writes its reports: `matches.csv`, one CSV per event table
 * (`catches.csv` for Zombie Trainers), `errors.csv` when matches failed, and `summary.json`.
 *
 * Three parts do the work: a {@link ChunkPlayer} plays chunks of matches (on a pool of worker
 * threads, or in this thread), a {@link ChunkScheduler} keeps chunks in flight and hands their
 * results back in match order, and a {@link RunJournal} appends them to working files with a
 * checkpoint now and then (at most one a second) and publishes the files at the end. This file
 * joins them in named steps: `openRun` (folder and journal), `playChunks` (the scheduler's
 * chunks into the journal and a `RunTally`, with `withinMaxErrors` cutting the chunk whose
 * failure stops the run) and `publishRun` (the summary, a shard's record, the publish).
 *
 * Only a finished run renames its files into place; an interrupted one (Ctrl-C) publishes the
 * complete matches with a summary marked interrupted; a killed one leaves its working files and
 * checkpoint. Both continue with `resume`, and end byte-identical to a run never interrupted.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { BOUNDS, withinBound } from '../core/input-bounds.js';
import { checkOptions, FLAG, FUNCTION, kind, TEXT, within, type OptionRule } from '../core/library-options.js';
import { performance } from 'node:perf_hooks';
import type { MatchFailureData } from '../core/match-runner.js';
import { emptyOutcomes, mergeOutcomes } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import { DEFAULT_CONFIDENCE } from '../stats/intervals.js';
import { HEARD_PART_MS, InThreadPlayer, PooledPlayer, type ChunkPlayer } from './chunk-player.js';
import { csv } from './csv.js';
import { ERRORS_FILE, MATCHES_FILE, REPORT_PAGES } from './run-files.js';
import { RunJournal, checkpointKeyIn, digestOf, type AppendedFile, type FileDigest, type JournalState } from './journal.js';
import { OutputFolder, PUBLISH_FILE } from './output-folder.js';
import { digest, runKey, runKeyParts, shardSetKey } from './run-key.js';
import { matchesHeader, type ChunkResult } from './play-chunk.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS, WorkerPool } from './pool.js';
import { AdaptiveChunkSizer, ChunkScheduler } from './scheduler.js';
import { SHARD_FILE, shardCommand, shardRange, type Shard, type ShardRecord } from './shard.js';
import { SUMMARY_FILE, summaryDocument, summaryTableFiles, toJson, type RunStatus, type SummaryDocument, type WholeFile } from './summary.js';
import { DEFAULT_CHUNK_SIZE } from '../core/limits.js';

export { CHECKPOINT_FILE } from './journal.js';
export { DEFAULT_MATCH_TIMEOUT_SECONDS, workerFile } from './pool.js';
export { SHARD_FILE, shardRange, type Shard, type ShardRecord } from './shard.js';
export { summaryDocument, toJson, type RunStatus, type SummaryDocument } from './summary.js';

export interface RunOptions {
  /** Folder for the reports; created if missing. */
  readonly outDir: string;
  /** How messages name `outDir`: `--out` on the command line (the default), `outDir` for the library. */
  readonly outDirSource?: string;
  /** How messages name `force` and `resume` (see the output folder's `optionNames`): `--force` and `--resume` by default. */
  readonly optionNames?: { readonly force: string; readonly resume: string | null };
  /** Write per-event CSV files such as `catches.csv` (the summary is complete either way). */
  readonly eventFiles: boolean;
  /**
   * The command line that reproduces the run, recorded in `summary.json`, with the flags that
   * shape its output (see `withOutputFlags`); a shard's adds `--shard i/n` to it.
   */
  readonly command: string;
  /** Called now and then with the number of matches done. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Called once, before play, with a count of the matches finished beyond the last `done` (in
   * chunks still playing on worker threads): progress can add it between updates.
   */
  readonly onFinishedInFlight?: (count: () => number) => void;
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
  /**
   * Replace the finished or unfinished run of the same scenario in `outDir` (the old one stays
   * whole until this one publishes). Without it such a folder is refused, as is, always, a
   * folder holding anything else.
   */
  readonly force?: boolean;
  /** Aborting stops the run after the chunks already written, which are published. */
  readonly signal?: AbortSignal;
  /** Play only shard `index` of `count` (a contiguous block of match indices), for `mergeRuns`. */
  readonly shard?: Shard;
  /**
   * Seconds one match may run in a worker thread before the thread is killed and the match
   * recorded as failed; 0 for no limit (default {@link DEFAULT_MATCH_TIMEOUT_SECONDS}). Matches
   * played in this thread (`workers: 0`) cannot be stopped this way.
   */
  readonly matchTimeoutSeconds?: number;
}

/**
 * Each option's check, as `hordelab run` checks its flags: `maxErrors` NaN, -1, 1.5 or Infinity
 * tolerated every failed match, `workers: -1` played, `chunkSize: 0` threw a RangeError (audit
 * 39c F6).
 */
const RUN_OPTION_RULES = {
  outDir: TEXT,
  outDirSource: TEXT,
  optionNames: kind((value) => typeof value === 'object' && value !== null && typeof (value as { force?: unknown }).force === 'string' && ['string', 'object'].includes(typeof (value as { resume?: unknown }).resume), '{ force: text, resume: text or null }'),
  eventFiles: FLAG,
  command: kind((value) => typeof value === 'string', 'text'),
  onProgress: FUNCTION,
  onFinishedInFlight: FUNCTION,
  workers: within(BOUNDS.workers),
  chunkSize: within(BOUNDS.chunkSize),
  maxErrors: within(BOUNDS.maxErrors),
  replayCommand: FUNCTION,
  resume: FLAG,
  force: FLAG,
  signal: kind((value) => value instanceof AbortSignal, 'an AbortSignal'),
  shard: kind(isShard, '{ index, count }: whole numbers with 0 <= index < count'),
  matchTimeoutSeconds: within(BOUNDS.matchTimeout),
} as const satisfies Record<keyof RunOptions, OptionRule>;

function isShard(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { index, count } = value as { index?: unknown; count?: unknown };
  return withinBound(BOUNDS.matchIndex, index as number) && withinBound(BOUNDS.matches, count as number) && (index as number) < (count as number);
}

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
  /** The failure of lowest match index this call played (a resumed run's earlier ones are in `errors.csv` only), or null. */
  readonly firstFailure: { readonly matchIndex: number; readonly matchSeed: string; readonly step: number | null; readonly reason: string } | null;
  /** Failures a resumed run had recorded before this call (listed first in `errors.csv`); 0 for a run played in one go. */
  readonly failuresBeforeResume: number;
}

/** `errors.csv`: one row per failed match. */
const ERROR_COLUMNS = ['match', 'seed', 'step', 'error', 'replay'];

/** The largest default chunk (kept in `limits.ts`, which `run --help` reads without loading this module). */
export { DEFAULT_CHUNK_SIZE };
/** How far chunks grow when the size is not fixed, and the play time per chunk they grow toward. */
const MAX_ADAPTIVE_CHUNK_SIZE = 20_000;
const ADAPTIVE_CHUNK_TARGET_MS = 50;

/**
 * The least time between two checkpoints of a running run, in milliseconds (the first is written
 * after the first chunk, and an interrupted or stopped run records its last state when it
 * publishes). A checkpoint is a synchronous write and rename on the thread that hands the
 * workers their next chunks: after every chunk of a fast game (tic-tac-toe, 200 matches in a
 * few milliseconds) it kept a worker waiting. A run killed outright loses at most this much
 * play; resuming truncates the working files back to the checkpoint, so the result is the same.
 */
export const CHECKPOINT_INTERVAL_MS = 1000;

/** The files a run appends to, in the order a chunk's text is handed to the journal. */
function appendedFiles(scenario: Scenario, eventFiles: boolean): AppendedFile[] {
  const { report } = scenario.entry;
  return [
    { name: MATCHES_FILE, header: matchesHeader(scenario) },
    ...(eventFiles ? report.eventTables.map((table) => ({ name: table.file, header: csv([[...table.columns]]) })) : []),
    { name: ERRORS_FILE, header: csv([ERROR_COLUMNS]) },
  ];
}

/** A chunk's text for each appended file, in {@link appendedFiles} order. */
function chunkTexts(result: ChunkResult, eventFiles: boolean, replayCommand: RunOptions['replayCommand']): (string | Uint8Array)[] {
  return [result.matchCsv, ...(eventFiles ? result.eventCsvs : []), errorRows(result.failures, replayCommand)];
}

function errorRows(failures: readonly MatchFailureData[], replayCommand: RunOptions['replayCommand']): string {
  return csv(
    failures.map((failure) => [
      failure.matchIndex,
      failure.matchSeed,
      failure.step ?? '',
      failure.cause.split('\n')[0] ?? '',
      replayCommand?.(failure.matchIndex, failure.matchSeed) ?? '',
    ]),
  );
}

/**
 * Plays every match of the scenario (from the checkpoint, with `resume`) and writes the reports.
 * A match that fails goes to `errors.csv` with its seed and replay command; past `maxErrors`
 * failures the run stops after the matches before the failure that tipped it.
 * @throws UsageError when `resume` finds nothing to resume, or another run's checkpoint;
 *   Error on an internal failure outside any match, leaving no working file behind.
 */
export async function runScenario(scenario: Scenario, options: RunOptions): Promise<RunResult> {
  checkOptions('runScenario', options, RUN_OPTION_RULES, ['outDir', 'eventFiles', 'command']);
  const workers = options.workers ?? 0;
  const maxErrors = options.maxErrors ?? 0;
  const range = shardRange(scenario.matches, options.shard);
  const { folder, journal, resumed } = openRun(scenario, options, maxErrors);
  let tally: RunTally | null = null;
  // Failures the run can still take: those kept so far are all before any chunk still playing.
  const player = chunkPlayer(scenario, options, workers, () => maxErrors - (tally?.errors ?? 0));
  if (player.finishedInFlight !== undefined) options.onFinishedInFlight?.(() => player.finishedInFlight?.() ?? 0);
  try {
    tally = new RunTally(scenario, resumed, range.start);
    const started = performance.now();
    const firstMatch = tally.nextMatch;
    const { status, chunkSize } = await playChunks(options, { workers, maxErrors, range }, player, journal, tally);
    // Whatever is still playing (chunks after a stop or an interruption) is not needed.
    await player.close();
    const seconds = (performance.now() - started) / 1000;
    const timing = { seconds: round(seconds, 3), matchesPerSecond: round((tally.nextMatch - firstMatch) / Math.max(seconds, 1e-9), 1), workers, chunkSize };
    return publishRun(scenario, options, { maxErrors, range }, journal, tally, status, timing);
  } catch (error) {
    journal.abandon();
    throw error;
  } finally {
    await player.close();
    folder.release();
  }
}

/** Claims the run's folder and starts its journal, or takes up the one a killed or interrupted run left (`resume`). */
function openRun(scenario: Scenario, options: RunOptions, maxErrors: number): { folder: OutputFolder; journal: RunJournal; resumed: JournalState | null } {
  const key = runKey(scenario, { eventFiles: options.eventFiles, maxErrors }, options.shard);
  const keyParts = runKeyParts(scenario, { eventFiles: options.eventFiles, maxErrors }, options.shard);
  const files = appendedFiles(scenario, options.eventFiles);
  if (options.resume === true) refuseOtherRunsPublish(options.outDir, key);
  const folder = OutputFolder.claim(options.outDir, {
    flag: options.outDirSource ?? '--out',
    kind: 'run',
    scenario: scenario.name,
    force: options.force === true,
    resume: options.resume === true,
    knownNames: runFileNames(scenario),
    knownHeads: runFileHeads(scenario),
    ...(options.optionNames === undefined ? {} : { optionNames: options.optionNames }),
  });
  try {
    folder.refuseNonFiles(runFileNames(scenario).filter((name) => !REPORT_PAGES.includes(name)));
    if (options.resume === true) {
      const { journal, state } = RunJournal.resume(folder, key, scenario.name, files, keyParts);
      return { folder, journal, resumed: state };
    }
    return { folder, journal: RunJournal.start(folder, key, scenario.name, files, keyParts), resumed: null };
  } catch (error) {
    folder.release();
    throw error;
  }
}

/**
 * A resume finishes a publish cut short in its folder (the claim does) only when that publish is
 * of this very run: the checkpoint it left records the run's key. Another scenario, parameters or
 * options, or no checkpoint to say, is refused before anything in the folder changes.
 */
function refuseOtherRunsPublish(dir: string, key: string): void {
  if (!existsSync(join(dir, PUBLISH_FILE))) return;
  const recorded = checkpointKeyIn(dir);
  if (recorded === key) return;
  throw new UsageError([
    {
      source: '--resume',
      field: '',
      message:
        recorded === null
          ? `${dir} holds a publish cut short that no checkpoint ties to a run, so --resume cannot tell it is this one; nothing was changed: replace the folder's output with --force, or write into a new folder`
          : `${dir} holds a publish cut short of a run started with another scenario, parameters or options, with a game, agent or metric module that has changed since, or by a Hordelab that recorded other figures; resume with the ones it was run with (nothing was changed)`,
    },
  ]);
}

/** Worker threads, or this thread when `workers` is 0. */
function chunkPlayer(scenario: Scenario, options: RunOptions, workers: number, failuresAllowed: () => number): ChunkPlayer {
  return workers > 0
    ? new PooledPlayer(new WorkerPool(workers, { matchTimeoutMs: 1000 * (options.matchTimeoutSeconds ?? DEFAULT_MATCH_TIMEOUT_SECONDS) }), scenario, options.eventFiles, failuresAllowed)
    : new InThreadPlayer(scenario, options.eventFiles, options.signal !== undefined, options.signal, { ms: HEARD_PART_MS, stopAtFailure: false });
}

/** What the run has played so far: the sums a checkpoint records and the summary is made of. */
class RunTally {
  readonly aggregate: unknown;
  readonly outcomes: JournalState['outcomes'];
  errors: number;
  matchesPlayed: number;
  nextMatch: number;
  /** The failure of lowest match index this call played, or null. */
  firstFailure: RunResult['firstFailure'] = null;
  /** The failures a resumed run had recorded before this call. */
  readonly failuresBeforeResume: number;

  private readonly report: Scenario['entry']['report'];

  constructor(scenario: Scenario, resumed: JournalState | null, start: number) {
    this.report = scenario.entry.report;
    this.aggregate = resumed?.aggregate ?? scenario.entry.report.emptyAggregate();
    this.outcomes = resumed?.outcomes ?? emptyOutcomes(scenario.entry.game.seats.length);
    this.errors = resumed?.errors ?? 0;
    this.failuresBeforeResume = this.errors;
    this.matchesPlayed = resumed?.matchesPlayed ?? 0;
    this.nextMatch = resumed?.nextMatch ?? start;
  }

  /** Adds the next chunk in match order. */
  add(result: ChunkResult): void {
    this.errors += result.failures.length;
    // Chunks arrive in match order, so the first failure seen is the lowest-numbered one.
    const first = result.failures[0];
    if (this.firstFailure === null && first !== undefined) this.firstFailure = { matchIndex: first.matchIndex, matchSeed: first.matchSeed, step: first.step, reason: first.cause.split(/\r?\n/)[0] ?? '' };
    this.matchesPlayed += result.end - result.start - result.failures.filter((failure) => failure.matchIndex < result.end).length;
    this.report.mergeAggregates(this.aggregate, result.aggregate);
    mergeOutcomes(this.outcomes, result.outcomes);
    this.nextMatch = result.end;
  }

  get state(): JournalState {
    return { nextMatch: this.nextMatch, aggregate: this.aggregate, outcomes: this.outcomes, errors: this.errors, matchesPlayed: this.matchesPlayed };
  }
}

/**
 * Plays the run's chunks in match order into the journal and `tally`, checkpointing now and
 * then, until the last match, an interruption, or one failure past `maxErrors`. Returns how the
 * run ended and the largest chunk size used.
 */
async function playChunks(
  options: RunOptions,
  limits: { readonly workers: number; readonly maxErrors: number; readonly range: { readonly start: number; readonly end: number } },
  player: ChunkPlayer,
  journal: RunJournal,
  tally: RunTally,
): Promise<{ status: RunStatus; chunkSize: number }> {
  const { workers, maxErrors, range } = limits;
  // By default, chunks small enough that every worker gets several: a 200-match MCTS run must
  // not sit in one chunk on one core. The output does not depend on it.
  const initialChunkSize = options.chunkSize ?? Math.max(1, Math.min(DEFAULT_CHUNK_SIZE, Math.ceil((range.end - range.start) / (Math.max(1, workers) * 4))));
  // Unless the user fixed the size, chunks grow while a fast game's come back in a few
  // milliseconds (the output does not depend on it).
  const sizer = options.chunkSize === undefined ? new AdaptiveChunkSizer(initialChunkSize, MAX_ADAPTIVE_CHUNK_SIZE, Math.max(1, workers), ADAPTIVE_CHUNK_TARGET_MS) : undefined;
  const chunkSize = (): number => (sizer !== undefined && sizer.largest > 0 ? sizer.largest : initialChunkSize);
  // The total is known now (shard and resume settled): say it before the first chunk ends.
  options.onProgress?.(tally.nextMatch - range.start, range.end - range.start);
  // Keep every worker busy with one chunk queued behind it; write strictly in match order.
  const scheduler = new ChunkScheduler({
    start: tally.nextMatch,
    end: range.end,
    chunkSize: sizer ?? initialChunkSize,
    maxInFlight: workers > 0 ? workers * 2 : 1,
    play: (start, end) => player.play(start, end),
    signal: options.signal,
  });
  let lastCheckpoint = Number.NEGATIVE_INFINITY;
  for await (const chunk of scheduler.results()) {
    const kept = await withinMaxErrors(chunk, maxErrors - tally.errors, player);
    if (kept === null) return { status: 'interrupted', chunkSize: chunkSize() };
    journal.append(chunkTexts(kept.result, options.eventFiles, options.replayCommand));
    tally.add(kept.result);
    if (kept.stopped) return { status: 'stopped', chunkSize: chunkSize() };
    const now = performance.now();
    if (now - lastCheckpoint >= CHECKPOINT_INTERVAL_MS) {
      journal.checkpoint(tally.state);
      lastCheckpoint = now;
    }
    options.onProgress?.(tally.nextMatch - range.start, range.end - range.start);
  }
  return { status: scheduler.interrupted && tally.nextMatch < range.end ? 'interrupted' : 'complete', chunkSize: chunkSize() };
}

/**
 * `result` as the run keeps it when `allowed` more failures are tolerated: whole, or, when one
 * failure too many falls in it, exactly its matches before that failure (replaying that prefix
 * is deterministic, so how the run was chunked does not matter) and `stopped`. Null when the
 * prefix could not be played (the run was interrupted meanwhile).
 */
async function withinMaxErrors(result: ChunkResult, allowed: number, player: ChunkPlayer): Promise<{ result: ChunkResult; stopped: boolean } | null> {
  const tipping = result.failures[allowed]?.matchIndex;
  if (tipping === undefined) return { result, stopped: false };
  const prefix = await player.play(result.start, tipping);
  if (prefix === null) return null;
  return { result: { ...prefix, failures: result.failures.filter((failure) => failure.matchIndex <= tipping) }, stopped: true };
}

/** Writes the summary (and a shard's record) and publishes the run's files, with `status`. */
function publishRun(
  scenario: Scenario,
  options: RunOptions,
  limits: { readonly maxErrors: number; readonly range: { readonly start: number; readonly end: number } },
  journal: RunJournal,
  tally: RunTally,
  status: RunStatus,
  timing: SummaryDocument['timing'],
): RunResult {
  const { errors, matchesPlayed } = tally;
  const state = tally.state;
  const command = options.shard === undefined ? options.command : shardCommand(options.command, options.shard);
  const document = summaryDocument(scenario, tally.aggregate, tally.outcomes, { status, matchesPlayed, errors }, command, timing);
  const tables = summaryTableFiles(scenario, document);
  const summary: WholeFile = { name: SUMMARY_FILE, text: `${toJson(document)}\n` };
  // errors.csv exists only when something failed; an old one from an earlier run goes.
  const omit = errors === 0 ? [ERRORS_FILE] : [];
  const shard: WholeFile[] = [];
  if (options.shard !== undefined) {
    const digests: Record<string, FileDigest> = Object.fromEntries(Object.entries(journal.digests()).filter(([name]) => !omit.includes(name)));
    for (const file of [...tables, summary]) digests[file.name] = digestOf(file.text);
    shard.push({ name: SHARD_FILE, text: `${JSON.stringify(shardRecord(scenario, options, limits.range, state, status, timing, limits.maxErrors, digests))}\n` });
  }
  const published = journal.publish(state, [...tables, ...shard, summary], omit, status);
  return { document, results: document.results, files: published, errors, status, firstFailure: tally.firstFailure, failuresBeforeResume: tally.failuresBeforeResume };
}

/**
 * Every name a run of `scenario` may write into its folder, and the pages `hordelab report`
 * adds there: what marks a folder written before folders had a manifest as a run's.
 */
export function runFileNames(scenario: Scenario): string[] {
  const { report } = scenario.entry;
  let tables: string[] = [];
  try {
    // Summary tables are named by the game, not by the results: an empty summary names them.
    const empty = report.summarize(report.emptyAggregate(), DEFAULT_CONFIDENCE);
    tables = (report.summaryTables?.(empty) ?? []).map((table) => table.file);
  } catch {
    // A report that cannot summarise nothing names no tables here; its folders need a manifest.
  }
  return [MATCHES_FILE, ERRORS_FILE, ...report.eventTables.map((table) => table.file), ...tables, SUMMARY_FILE, SHARD_FILE, ...REPORT_PAGES];
}

/**
 * By file name, the header row each CSV table a run of `scenario` writes starts with: how such a
 * table is known as Hordelab's in a folder without its mark (a copy made without hidden files),
 * where a user's errors.csv of the same name is not (audit 40c F1).
 */
export function runFileHeads(scenario: Scenario): Record<string, string> {
  const { report } = scenario.entry;
  const heads: Record<string, string> = {};
  for (const file of appendedFiles(scenario, true)) heads[file.name] = file.header;
  try {
    const empty = report.summarize(report.emptyAggregate(), DEFAULT_CONFIDENCE);
    for (const table of report.summaryTables?.(empty) ?? []) heads[table.file] = csv([[...table.columns]]);
  } catch {
    // As in runFileNames: a report that cannot summarise nothing names no tables here.
  }
  return heads;
}

function shardRecord(
  scenario: Scenario,
  options: RunOptions & { shard?: Shard },
  range: { start: number; end: number },
  state: JournalState,
  status: RunStatus,
  timing: SummaryDocument['timing'],
  maxErrors: number,
  files: Record<string, FileDigest>,
): ShardRecord {
  const shard = options.shard as Shard;
  return {
    version: 2,
    key: shardSetKey(scenario, { eventFiles: options.eventFiles, maxErrors }, shard.count),
    shard,
    ...range,
    status,
    source: scenario.source,
    scenarioPath: resolve(scenario.file),
    eventFiles: options.eventFiles,
    maxErrors,
    command: options.command,
    aggregate: state.aggregate,
    outcomes: state.outcomes,
    aggregateSha256: digest({ aggregate: state.aggregate, outcomes: state.outcomes }),
    files,
    errors: state.errors,
    matchesPlayed: state.matchesPlayed,
    seconds: timing.seconds,
    workers: timing.workers,
    chunkSize: timing.chunkSize,
  };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
