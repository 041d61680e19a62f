/**
 * `summary.json`, the document every run, resumed run and merge of shards ends with, and the
 * game's summary tables beside it (`cards.csv`): built from merged aggregates by one code path,
 * so a merged run and a single run write the same bytes.
 */
import { fileURLToPath } from 'node:url';
import { taggedData } from '../core/tagged-data.js';
import { summarizeOutcomes, type OutcomeAggregate, type OutcomeSummary } from '../reports/outcomes.js';
import { settingsPlayed, type Scenario } from '../scenario/scenario.js';
import { moduleGraphDigestOrName } from '../scenario/module-digest.js';
import { DEFAULT_CONFIDENCE } from '../stats/intervals.js';
import { HORDELAB_VERSION } from '../version.js';
import { csv } from './csv.js';
import { reportOwner, summaryTablesProblem } from './run-files.js';
import { WholeRunFailure } from '../core/errors.js';
import { pairingFirstSeed } from './play-chunk.js';

/** How a run ended: `stopped` when failures passed `--max-errors`; `interrupted` by Ctrl-C. */
export type RunStatus = 'complete' | 'stopped' | 'interrupted';

/** The layout of `summary.json`. Everything but `timing` is a pure function of the scenario and seed. */
export interface SummaryDocument {
  readonly hordelab: { readonly version: string };
  readonly scenario: {
    readonly name: string;
    readonly file: string;
    readonly description: string;
    readonly game: string;
    /** A game module's file (absent for built-in games): `report`, `compare` and `check` load it from here. */
    readonly gameModule?: { readonly spec: string; readonly path: string; readonly sha256: string };
    /** The scenario's metric modules, as `gameModule`: each one's name, path as the scenario wrote it, file and SHA-256 (its file and what it imports), so the figures name the code that made them. */
    readonly metricModules?: readonly { readonly name: string; readonly spec: string; readonly path: string; readonly sha256: string }[];
    readonly seed: number;
    readonly matches: number;
    readonly params: unknown;
    readonly rotateSeats: boolean;
    /**
     * A round robin's pairing plays seeds from its own first seed index (`pairingFirstSeed`), not
     * from 0: absent for every other run. Two runs share dice only where seed and this agree.
     */
    readonly firstSeedIndex?: number;
    /**
     * Each seat: its name, agent and config as given; `settings`, what the agent played with
     * (defaults filled in, where the agent says how); and for an agent module, `module`, its file
     * and SHA-256 (of it and what it imports), so `compare` can tell two runs' agents apart where
     * their names agree (audit 39a F1). Summaries written before these lack them.
     */
    readonly seats: readonly SeatRecordDocument[];
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

/** A seat as `summary.json` records it. */
export interface SeatRecordDocument {
  readonly name: string;
  readonly agent: string;
  readonly config: unknown;
  readonly settings: unknown;
  readonly module?: { readonly path: string; readonly sha256: string };
}

/**
 * A seat's record: the settings its agent played with, and an agent module's file and digest,
 * taken as the run key takes it (a module edited between a run and its resume is refused there).
 */
export function seatRecord(seat: Scenario['seats'][number]): SeatRecordDocument {
  const url = seat.factory.moduleUrl;
  const path = url === undefined ? undefined : fileURLToPath(url);
  return {
    name: seat.name,
    agent: seat.factory.id,
    config: taggedData(seat.config),
    // A setting filled in as undefined (mcts's timeMs where iterations count) is one not set.
    settings: taggedData(Object.fromEntries(Object.entries(settingsPlayed(seat)).filter(([, value]) => value !== undefined))),
    ...(path === undefined ? {} : { module: { path, sha256: moduleGraphDigestOrName(path) } }),
  };
}

/** The name of the summary document in a run folder (kept with the run's other names in run-files.ts). */
export { SUMMARY_FILE } from './run-files.js';

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
      ...(scenario.entry.source === undefined ? {} : { gameModule: { ...scenario.entry.source } }),
      ...(report.metricModules === undefined ? {} : { metricModules: report.metricModules.map(({ name, spec, path, sha256 }) => ({ name, spec, path, sha256 })) }),
      seed: scenario.seed,
      matches: scenario.matches,
      // As given, in JSON that tells apart what JSON alone would write alike (-0 and 0, a Map and {}).
      params: taggedData(scenario.params),
      rotateSeats: scenario.rotate,
      ...(pairingFirstSeed(scenario) === 0 ? {} : { firstSeedIndex: pairingFirstSeed(scenario) }),
      seats: scenario.seats.map(seatRecord),
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

/** A file written whole: its name in the output folder and its text. */
export interface WholeFile {
  readonly name: string;
  readonly text: string;
}

/**
 * The report's summary tables (`cards.csv`) as files to write beside summary.json.
 * @throws WholeRunFailure when the tables the report gave for this run could not be written as
 *   given (a name outside the folder, or Hordelab's own, or a row of another length than the
 *   columns: audit 36c); the game module loader checks the names an empty summary gives.
 */
export function summaryTableFiles(scenario: Scenario, document: SummaryDocument): WholeFile[] {
  const { report } = scenario.entry;
  if (report.summaryTables === undefined) return [];
  const tables: unknown = report.summaryTables(document.results);
  const problem = summaryTablesProblem(tables, report.eventTables.map((table) => table.file));
  if (problem !== null) throw new WholeRunFailure(`${reportOwner(scenario.entry)}: its report's summaryTables(summary) gave ${problem}`);
  return (tables as ReturnType<NonNullable<typeof report.summaryTables>>).map((table) => ({ name: table.file, text: csv([[...table.columns], ...table.rows]) }));
}

/** JSON with NaN and infinities as null (a rate with no samples), two-space indented. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'number' && !Number.isFinite(item) ? null : item), 2);
}
