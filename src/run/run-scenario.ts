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
import { stringify } from 'csv-stringify/sync';
import { playMatch } from '../core/match-runner.js';
import { formatSeed } from '../core/rng.js';
import { addOutcome, emptyOutcomes, summarizeOutcomes, type OutcomeSummary } from '../reports/outcomes.js';
import type { CsvValue } from '../reports/report.js';
import type { Scenario } from '../scenario/scenario.js';
import { DEFAULT_CONFIDENCE } from '../stats/intervals.js';
import { HORDELAB_VERSION } from '../version.js';

export interface RunOptions {
  /** Folder for the reports; created if missing. */
  readonly outDir: string;
  /** Write per-event CSV files such as `catches.csv` (the summary is complete either way). */
  readonly eventFiles: boolean;
  /** The command line that reproduces the run, recorded in `summary.json`. */
  readonly command: string;
  /** Called now and then with the number of matches done. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface RunResult {
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
  readonly confidence: number;
  /** Wins, draws and losses per seat and per agent (by name), for every game. */
  readonly outcomes: OutcomeSummary;
  /** The game's own report. */
  readonly results: unknown;
  /** Wall-clock figures: the only part that changes between identical runs. */
  readonly timing: { readonly seconds: number; readonly matchesPerSecond: number };
}

const FLUSH_EVERY_MATCHES = 256;

const csvOptions = { cast: { boolean: (value: boolean) => (value ? 'true' : 'false') } };

function csv(rows: CsvValue[][]): string {
  return rows.length === 0 ? '' : stringify(rows, csvOptions);
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

/**
 * Plays every match of the scenario in match-index order and writes the reports.
 * @throws MatchFailure (with the reproducing seed) when a match fails; nothing is left written.
 */
export function runScenario(scenario: Scenario, options: RunOptions): RunResult {
  const { entry } = scenario;
  const { game, report } = entry;
  const createdDir = !existsSync(options.outDir);
  mkdirSync(options.outDir, { recursive: true });

  const matchesFile = new PendingFile(join(options.outDir, 'matches.csv'));
  const eventFiles = options.eventFiles ? report.eventTables.map((table) => new PendingFile(join(options.outDir, table.file))) : [];
  const summaryFile = new PendingFile(join(options.outDir, 'summary.json'));
  const pending = [matchesFile, ...eventFiles, summaryFile];
  try {
    const agentColumns = game.seats.map((_, seat) => `agent${seat + 1}`);
    matchesFile.write(csv([['match', 'seed', ...agentColumns, ...report.matchColumns]]));
    report.eventTables.forEach((table, index) => eventFiles[index]?.write(csv([[...table.columns]])));

    const collector = report.createCollector({ eventRows: options.eventFiles });
    const sink = (event: Parameters<typeof collector.onEvent>[0]): void => collector.onEvent(event);
    const aggregate: unknown = report.emptyAggregate();
    const outcomes = emptyOutcomes(game.seats.length);
    const swapped = [...scenario.seats].reverse();
    const started = performance.now();
    let matchRows: CsvValue[][] = [];
    let eventRows: CsvValue[][][] = report.eventTables.map(() => []);
    for (let matchIndex = 0; matchIndex < scenario.matches; matchIndex++) {
      // Rotated seats: matches 2k and 2k+1 share seed k, the second with the seats swapped.
      const seating = scenario.rotate && matchIndex % 2 === 1 ? swapped : scenario.seats;
      const seedIndex = scenario.rotate ? Math.floor(matchIndex / 2) : matchIndex;
      const outcome = playMatch(
        { game, params: scenario.params, seats: seating, runSeed: scenario.seed, matchIndex, seedIndex },
        sink,
      );
      const seed = formatSeed(outcome.seed);
      const rows = collector.finishMatch({ matchIndex, seed }, aggregate);
      const names = seating.map((seat) => seat.name);
      addOutcome(outcomes, outcome.returns, names);
      matchRows.push([matchIndex, seed, ...names, ...rows.matchRow]);
      if (options.eventFiles) rows.eventRows.forEach((tableRows, index) => eventRows[index]?.push(...tableRows));
      if ((matchIndex + 1) % FLUSH_EVERY_MATCHES === 0 || matchIndex + 1 === scenario.matches) {
        matchesFile.write(csv(matchRows));
        matchesFile.flush();
        eventFiles.forEach((file, index) => {
          file.write(csv(eventRows[index] ?? []));
          file.flush();
        });
        matchRows = [];
        eventRows = report.eventTables.map(() => []);
        options.onProgress?.(matchIndex + 1, scenario.matches);
      }
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
      confidence: DEFAULT_CONFIDENCE,
      outcomes: outcomeSummary,
      results,
      timing: { seconds: round(seconds, 3), matchesPerSecond: round(scenario.matches / Math.max(seconds, 1e-9), 1) },
    };
    summaryFile.write(`${toJson(document)}\n`);
    for (const file of pending) file.commit();
    return { document, results, files: pending.map((file) => file.path) };
  } catch (error) {
    for (const file of pending) file.discard();
    if (createdDir && readdirSync(options.outDir).length === 0) rmdirSync(options.outDir);
    throw error;
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
