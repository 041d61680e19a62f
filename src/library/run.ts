/**
 * `run()`: plays a scenario given as an object, in memory, and returns its summary typed for
 * its game. Nothing is written unless `outDir` is given (then the files of `hordelab run`).
 *
 * ```ts
 * import { run } from 'hordelab';
 * const result = await run({ game: 'zombie-trainers', matches: 2000, seed: 1, seats: ['random', 'greedy'] });
 * result.results.p1WinRate.rate; // a number
 * ```
 *
 * A seat's agent is a built-in id, a module path (JavaScript; TypeScript is refused with the
 * way to compile it), or an object: an {@link AgentFactory}, a function `(config, context) =>
 * agent`, or `{ create(config, context) }`. Agent objects live in this thread, so a scenario
 * with one plays in this thread; otherwise matches run on `workers` threads. The matches are
 * those of `hordelab run` on the same scenario: match i has the same seed, so results are
 * byte-identical whatever `workers` is.
 */
import { findUnsafeKey, MAX_SUMMARY_NESTING, RECORDED_SEAT_CONFIG_KEYS } from '../core/safe-keys.js';
import { scenarioYaml } from '../scenario/relocate.js';
import { unwrittenValueAt } from '../scenario/written-scenario.js';
import { deepFreeze } from '../core/read-only.js';
import { recordedShapeProblem } from '../core/tagged-data.js';
import { shownInput } from '../core/zod-messages.js';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AgentFactory } from '../core/agent.js';
import { UsageError, type InputIssue } from '../core/errors.js';
import { MatchFailure } from '../core/match-runner.js';
import { boundProblem, BOUNDS } from '../core/input-bounds.js';
import type { OutcomeSummary } from '../reports/outcomes.js';
import type { QualitySummary } from '../quality/quality-figures.js';
import { BatchPlayer } from '../run/batches.js';
import { runScenario, summaryDocument, type SummaryDocument } from '../run/run-scenario.js';
import { checkAgentShape, describeExport, factoryFromExport, isModulePath, misspeltValidateConfig } from '../scenario/agent-module.js';
import { defaultAgentName, filledInShapeProblem, namesSharedByOthers, parseScenario, SCENARIO_FIELDS, secondReadProblem, sharedNameMessage, type NamedSeat, type Scenario } from '../scenario/scenario.js';
import { copyOfData } from '../core/game-params.js';
import { agents } from '../registry.js';
import { withQualitySeats } from '../quality/quality-report.js';
import type { GameId, ParamsOf, ResultsOf } from './game-types.js';

/** What a library caller may pass as an agent besides an id or a path: a factory, a function, or `{ create }`. */
export type AgentObject = AgentFactory | ((config: Readonly<Record<string, unknown>>, context: Parameters<AgentFactory['create']>[1]) => unknown) | { create: AgentFactory['create'] };

/** One seat: an agent id or module path, or an agent with its config and the name it is reported under. */
export type SeatObject = string | AgentObject | { readonly agent: string | AgentObject; readonly config?: Readonly<Record<string, unknown>>; readonly name?: string };

/**
 * A game module's path, as a scenario file's `game:` may give it: relative to the working folder
 * (or `baseDir`), absolute, or ending in `.js`, `.mjs` or `.cjs`. Its results are not typed.
 */
export type GameModulePath = `./${string}` | `../${string}` | `/${string}` | `${string}.js` | `${string}.mjs` | `${string}.cjs`;

/** The parameters a scenario of `G` may give: a built-in game's typed, a module's any. */
type ParamsGiven<G extends GameId | GameModulePath> = G extends GameId ? Partial<ParamsOf<G>> : Readonly<Record<string, unknown>>;
/** What a run of `G` reports under `results`: a built-in game's typed, a module's any. */
type ResultsGiven<G extends GameId | GameModulePath> = G extends GameId ? ResultsOf<G> : Readonly<Record<string, unknown>>;

/** A scenario as an object, the same fields as a scenario file. */
export interface ScenarioObject<G extends GameId | GameModulePath> {
  /** A built-in game's id, or a game module's path (audit 39c F4: the type refused a path that runs). */
  readonly game: G;
  readonly matches: number;
  readonly seed: number;
  /** Names the run (and its output folder); default `scenario`. */
  readonly name?: string;
  readonly description?: string;
  /** Any parameter left out takes its default; `hordelab games` lists them. */
  readonly params?: ParamsGiven<G>;
  /** One per seat, player 1 first; `{ rotate: [a, b] }` plays every seed in both seatings. */
  readonly seats: readonly SeatObject[] | { readonly rotate: readonly SeatObject[] };
  /** Custom metric modules (JavaScript), relative to the working folder. */
  readonly metrics?: readonly string[];
  /** `{ leads: false }` leaves out the game-quality figures that read the heuristic at every turn start. */
  readonly quality?: { readonly leads?: boolean };
}

/** How to run. */
export interface LibraryRunOptions {
  /** Worker threads; default 0 (this thread). Agent objects always play in this thread. */
  readonly workers?: number;
  /** Write the files of `hordelab run` (matches.csv, summary.json, ...) to this folder. */
  readonly outDir?: string;
  /** With `outDir`: also the per-event CSVs such as `catches.csv` (default true). */
  readonly eventFiles?: boolean;
  /** Relative agent and metric module paths are read from here (default: the working folder). */
  readonly baseDir?: string;
  /** With `outDir`: replace an earlier output of the same scenario there (default false: refused). */
  readonly force?: boolean;
  /**
   * Aborted, stops the run: its threads at once, this thread within about 50 ms (after the match
   * it is playing), and `run()` rejects with the signal's reason (as `fetch` does). With `outDir`,
   * the matches finished are published as an interrupted run's, as Ctrl-C leaves `hordelab run`'s.
   */
  readonly signal?: AbortSignal;
}

/** A run's summary, typed for its game. */
export interface LibraryRunResult<G extends GameId | GameModulePath> {
  /**
   * The game's figures: rates `{ rate, lower, upper, successes, n }`, means `{ mean, lower, upper, sd, n }`;
   * and `quality`, the game-quality figures every game gets.
   */
  readonly results: ResultsGiven<G> & { readonly quality: QualitySummary };
  /** Win, draw and loss rates per seat and per agent. */
  readonly outcomes: OutcomeSummary;
  /** The whole `summary.json` document (with the same `results`). */
  readonly summary: Omit<SummaryDocument, 'results' | 'outcomes'> & { readonly results: ResultsGiven<G> & { readonly quality: QualitySummary }; readonly outcomes: OutcomeSummary };
  /** Files written: none unless `outDir` was given. */
  readonly files: readonly string[];
}

const isAgentObject = (value: unknown): value is AgentObject => typeof value === 'function' || (typeof value === 'object' && value !== null && typeof (value as { create?: unknown }).create === 'function');

/**
 * The scenario as file text, agent objects replaced by a placeholder id (they are put back into
 * the parsed scenario), and the objects by seat index.
 */
function asScenarioText(scenario: ScenarioObject<GameId | GameModulePath>): { text: string; objects: Map<number, { agent: AgentObject; label: string; config: Record<string, unknown> }> } {
  const objects = new Map<number, { agent: AgentObject; label: string; config: Record<string, unknown> }>();
  // A game definition or module object: said as the game field's, before the walk below named a
  // part of it (`game.parameters.length.schema: got an instance of ZodNumber`) as if the game's
  // parameter were wrong (audit 39c F4).
  const { game } = scenario as { game?: unknown };
  if ((typeof game === 'object' && game !== null) || typeof game === 'function') {
    throw new UsageError([{ source: 'scenario', field: 'game', message: `expected text (a built-in game id or a game module path), got ${describeExport(game)}; a game of your own is named by the path of the module that exports it, such as game: './dice-race.mjs'` }]);
  }
  const seating = seatListOf(scenario.seats);
  const seats = (seating?.list ?? []).map((seat, index) => {
    const agent = typeof seat === 'object' && seat !== null && 'agent' in seat ? seat.agent : seat;
    // Anything but an agent object (a string, null, a number) goes to the schema as given, which
    // names what a seat may be.
    if (typeof agent !== 'function' && (typeof agent !== 'object' || agent === null)) return seat;
    const described = agent as { id?: unknown; name?: unknown };
    const config = typeof seat === 'object' && seat !== null && 'agent' in seat ? seat.config : undefined;
    // The registered factory itself (`randomAgent` as exported) is that built-in agent: a seat
    // naming its id, played and recorded as a scenario file's is.
    if (typeof described.id === 'string' && agents.get(described.id) === agent) return seatNaming(seat, described.id);
    if (described.id === '') throw new UsageError([{ source: 'scenario', field: `seats[${index}].agent.id`, message: 'is empty; expected the text the agent is reported under (or no id: a function is then named by its name)' }]);
    const label = typeof described.id === 'string' ? described.id : typeof described.name === 'string' && described.name !== '' ? described.name : `agent-object-${index + 1}`;
    // Its config is not in the text (the object checks it: NaN and Infinity may be settings), but
    // it is named and recorded as JSON all the same, which has no BigInt. Its size is bounded
    // first, then its nesting without recursion, before any walk along its every path (review 32b:
    // 20,000 levels overflowed the stack; 32d: a part reached 2^20 ways ran out of memory).
    // A config that is no mapping reached the agent's own checks and Hordelab's freezing, and was
    // reported as the agent throwing ("Invalid value used in weak set"), though none of it had
    // run (audit 41a F6). Refused as a built-in's is.
    if (config !== undefined && config !== null && (typeof config !== 'object' || Array.isArray(config))) {
      throw new UsageError([{ source: 'scenario', field: `seats[${index}].config`, message: `expected a mapping of settings, got ${shownInput(config)}` }]);
    }
    refuseTooLarge(config, `seats[${index}].config`);
    const deepConfig = findUnsafeKey(config, [`seats[${index}]`, 'config'], MAX_SUMMARY_NESTING);
    if (deepConfig !== null) throw new UsageError([{ source: 'scenario', field: deepConfig.field, message: deepConfig.message }]);
    const unfitConfig = unfitNumberAt(config, `seats[${index}].config`, true) ?? unwrittenValueAt(config, `seats[${index}].config`);
    if (unfitConfig !== null) throw new UsageError([{ source: 'scenario', field: unfitConfig.path, message: unfitConfig.message }]);
    // Read once: named, checked, played and recorded from this one copy (review 32e: a getter read
    // twice named the agent by one value and played another).
    const copied = structuredClone(config ?? {}) as Record<string, unknown>;
    objects.set(index, { agent, label: recordedAgent(agent, label), config: copied });
    const name = typeof seat === 'object' && seat !== null && 'agent' in seat && seat.name !== undefined ? seat.name : defaultAgentName(label, copied);
    // A built-in id stands in while the rest of the scenario is validated; its config is checked by the object itself.
    return { agent: 'random', name };
  });
  // Every other field as the caller gave it: the scenario schema takes what a scenario file may
  // hold (quality: { leads: false }, ...) and refuses, naming it, what it may not. Read by name
  // as well as listed, so an object whose fields are getters or inherited gives them too.
  const fields: Record<string, unknown> = {};
  for (const key of new Set([...SCENARIO_FIELDS, ...Object.keys(scenario)])) {
    const value: unknown = (scenario as unknown as Record<string, unknown>)[key];
    if (value !== undefined) fields[key] = value;
  }
  // Seats that are not a list, { rotate } or { roundRobin } go to the schema as given, which
  // names what a seats field may be.
  const document = { ...fields, name: scenario.name ?? 'scenario', seats: seating === null ? scenario.seats : seating.under === null ? seats : { [seating.under]: seats } };
  // Size bounded as summary.json bounds it, then nesting as a scenario file's is, before any walk
  // along every path or that recurses (review 32b: 20,000 levels overflowed the stack; 32d: a
  // part reached 2^20 ways, written out along each, ran out of memory).
  for (const [key, value] of Object.entries(document)) refuseTooLarge(value, key);
  const deep = findUnsafeKey(document);
  if (deep !== null) throw new UsageError([{ source: 'scenario', field: deep.field, message: deep.message }]);
  // Values the scenario text cannot carry, named here by their field: a BigInt, a function, a
  // class instance; NaN and ±Infinity only where a file may give them (`.nan` in a parameter or
  // a setting: review 32d), not as the match count or seed.
  const { matches, seed } = document as Record<string, unknown>;
  const unfit = unfitNumberAt({ matches, seed }, '') ?? unfitNumberAt(document, '', true) ?? unwrittenValueAt(document, '');
  if (unfit !== null) throw new UsageError([{ source: 'scenario', field: unfit.path, message: unfit.message }]);
  return { text: scenarioYaml('', 'scenario.yaml', document), objects };
}

/** `seat` with its agent given as the id `agentId` (its config and name kept). */
function seatNaming(seat: SeatObject, agentId: string): SeatObject {
  if (typeof seat !== 'object' || seat === null || !('agent' in seat)) return agentId;
  return { agent: agentId, ...(seat.config === undefined ? {} : { config: seat.config }), ...(seat.name === undefined ? {} : { name: seat.name }) };
}

/**
 * What summary.json records as the agent of a seat played by `agent`, an object of the caller's
 * labelled `label`: the label, unless it is a registered agent's id or reads as a module path.
 * Then `<function random>` or `<object random>`: the record, the skill order and the report's
 * banners key off a seat's agent, and took a function named `random` that always played the
 * first legal action for the built-in that plays uniformly at random (audit 39c F1).
 */
function recordedAgent(agent: AgentObject, label: string): string {
  if (!agents.has(label) && !isModulePath(label)) return label;
  return `<${typeof agent === 'function' ? 'function' : 'object'} ${label}>`;
}

/** @throws UsageError naming `field` when `value` would record more objects or entries than summary.json takes. */
function refuseTooLarge(value: unknown, field: string): void {
  const problem = recordedShapeProblem(value, Number.POSITIVE_INFINITY);
  if (problem !== null) throw new UsageError([{ source: 'scenario', field, message: `${problem}, or a run with it could not be reported` }]);
}

/**
 * The first number in plain data that a scenario cannot take (NaN, ±Infinity, a BigInt; only a
 * BigInt with `bigIntsOnly`), with its path (`params.winRate`, `seats[0].config.c`) and what was
 * expected; null when none.
 */
function unfitNumberAt(value: unknown, path: string, bigIntsOnly = false, seen: Set<object> = new Set()): { path: string; message: string } | null {
  if (typeof value === 'bigint') return { path, message: `got the BigInt ${value}n; expected a number` };
  if (typeof value === 'number') return Number.isFinite(value) || bigIntsOnly ? null : { path, message: `got ${value}; expected a finite number` };
  if (typeof value !== 'object' || value === null || seen.has(value)) return null;
  seen.add(value);
  // Array.from, not map: a list's holes are visited (review 32b: map left them, and the loop below threw a TypeError).
  const entries: [string, unknown][] = Array.isArray(value) ? Array.from(value, (item, index) => [`${path}[${index}]`, item]) : Object.entries(value).map(([key, item]) => [path === '' ? key : `${path}.${key}`, item]);
  for (const [at, item] of entries) {
    const found = unfitNumberAt(item, at, bigIntsOnly, seen);
    if (found !== null) return found;
  }
  return null;
}

/** The seats of a scenario object as a list, and the field they are under (null for a plain list); null when `seats` is none of those forms. */
function seatListOf(seats: unknown): { list: readonly SeatObject[]; under: 'rotate' | 'roundRobin' | null } | null {
  if (Array.isArray(seats)) return { list: seats as readonly SeatObject[], under: null };
  if (typeof seats !== 'object' || seats === null) return null;
  const keys = Object.keys(seats);
  const under = keys.length === 1 && (keys[0] === 'rotate' || keys[0] === 'roundRobin') ? keys[0] : null;
  if (under === null) return null;
  const list = (seats as Record<string, unknown>)[under];
  return Array.isArray(list) ? { list: list as readonly SeatObject[], under } : null;
}

/** Validates a scenario object into the scenario a run plays. @throws UsageError naming the field. */
export async function scenarioFromObject(scenario: ScenarioObject<GameId | GameModulePath>, baseDir = process.cwd()): Promise<Scenario> {
  if (typeof scenario !== 'object' || scenario === null) throw new UsageError([{ source: 'scenario', field: '', message: 'expected a scenario object with game, matches, seed and seats' }]);
  const { text, objects } = asScenarioText(scenario);
  const file = join(baseDir, `${scenario.name ?? 'scenario'}.yaml`);
  let parsed: Scenario;
  try {
    parsed = await parseScenario(text, file);
  } catch (error) {
    // The file is a name for the object's text, not a file the caller has: a problem in it is
    // the scenario object's.
    if (error instanceof UsageError) throw new UsageError(error.issues.map((issue) => (issue.source === file ? { ...issue, source: 'scenario' } : issue)));
    throw error;
  }
  if (objects.size === 0) return parsed;
  const issues: InputIssue[] = [];
  const seats: NamedSeat[] = parsed.seats.map((seat, index) => {
    const object = objects.get(index);
    if (object === undefined) return seat;
    const field = `seats[${index}].agent`;
    const misspelt = misspeltValidateConfig(object.agent);
    if (misspelt !== null) {
      issues.push({ source: 'scenario', field, message: `got an agent object that ${misspelt}` });
      return seat;
    }
    const factory = factoryFromExport(object.agent, object.label);
    if (factory === null) {
      issues.push({ source: 'scenario', field, message: `got ${describeExport(object.agent)}; expected an agent id, a module path, a function (config, context) => agent, or an object with create(config, context)` });
      return seat;
    }
    const { config } = object;
    // As a scenario file's settings are checked (review 31e: settings given here skipped it, and
    // their run wrote a summary.json no command could read).
    const unsafe = findUnsafeKey(config, [`seats[${index}]`, 'config']);
    if (unsafe !== null) issues.push({ source: 'scenario', field: unsafe.field, message: unsafe.message });
    const recorded = recordedShapeProblem(config, MAX_SUMMARY_NESTING - RECORDED_SEAT_CONFIG_KEYS);
    if (recorded !== null) issues.push({ source: 'scenario', field: `seats[${index}].config`, message: `${recorded}, or a run with it could not be reported` });
    const given = copyOfData(config) as Record<string, unknown>;
    const problems = factory.validateConfig(config);
    for (const problem of problems) issues.push({ source: 'scenario', field: `seats[${index}].config${problem.field === '' ? '' : `.${problem.field}`}`, message: problem.message });
    const otherwise = problems.length > 0 ? null : (filledInShapeProblem(factory, config, recorded !== null) ?? secondReadProblem(factory, given, config));
    if (otherwise !== null) issues.push({ source: 'scenario', field: `seats[${index}].config`, message: otherwise });
    // Frozen once checked, as a scenario file's settings are: every match's agent is handed this one object.
    deepFreeze(config);
    const shape = checkAgentShape(factory, config, { game: parsed.entry.game, params: parsed.params, seat: index });
    if (shape !== null) issues.push({ source: 'scenario', field, message: shape });
    return { factory, config, name: seat.name };
  });
  // Seats reported under one name are one agent in the per-agent table: two different agent
  // objects may not share one (a file's seats are checked by agent and settings as it is parsed).
  for (const [first, seat] of namesSharedByOthers(seats, (entry, index) => objects.get(index)?.agent ?? entry.factory)) {
    const index = seats.indexOf(seat);
    issues.push({ source: 'scenario', field: `seats[${index}]`, message: sharedNameMessage(seats.indexOf(first), index, seat.name) });
  }
  if (issues.length > 0) throw new UsageError(issues);
  // The quality figures' skill order was read from the stand-ins: read it from the agents played.
  const report = withQualitySeats(parsed.entry.report, seats.map((seat) => ({ name: seat.name, agent: seat.factory.id, config: seat.config })));
  return { ...parsed, entry: { ...parsed.entry, report }, seats };
}

/**
 * Plays `scenario` and returns its summary, typed for its game.
 * @throws UsageError for a scenario that does not validate (naming the field), MatchFailure for
 *   a match that fails (its fields and message name the match and its seeds).
 */
export async function run<G extends GameId | GameModulePath>(scenario: ScenarioObject<G>, options: LibraryRunOptions = {}): Promise<LibraryRunResult<G>> {
  checkRunOptions(options);
  const { signal } = options;
  signal?.throwIfAborted();
  const parsed = await scenarioFromObject(scenario as ScenarioObject<GameId | GameModulePath>, options.baseDir);
  if (parsed.tournament !== null) {
    // Its pairings would each need a summary of their own; playing only the first would return
    // one pairing's figures as if they were the round robin's.
    throw new UsageError([{ source: 'scenario', field: 'seats.roundRobin', message: 'run() plays one seating and returns its summary; play a round robin with hordelab run (one folder per pairing), or call run() once per pairing with seats: { rotate: [a, b] } and a seed of its own (on one seed the pairings are correlated, which ratings that add their variances do not allow)' }]);
  }
  // A factory that is neither registered nor loaded from a module is an object of this thread.
  const objects = parsed.seats.some((seat) => seat.factory.moduleUrl === undefined && agents.get(seat.factory.id) !== seat.factory);
  const workers = objects ? 0 : (options.workers ?? 0);
  if (options.outDir !== undefined) {
    const result = await runScenario(parsed, { outDir: options.outDir, outDirSource: 'outDir', force: options.force === true, optionNames: { force: 'force: true', resume: null }, eventFiles: options.eventFiles ?? true, command: 'hordelab library run()', workers, ...(signal === undefined ? {} : { signal }) });
    // What was finished is published, marked interrupted; the caller asked for no result.
    if (result.status === 'interrupted') signal?.throwIfAborted();
    const first = result.firstFailure;
    if (result.errors > 0) {
      const listed = `${result.errors} match(es) failed; ${join(options.outDir, 'errors.csv')} names them`;
      // Always this call's first: run() neither resumes nor keeps an earlier run's failures.
      if (first === null) throw new Error(listed);
      const message = `${listed}; the first, match ${first.matchIndex} of run seed ${parsed.seed} (match seed ${first.matchSeed}): ${first.reason}\n  reproduce: ${replayHint(first.matchIndex, parsed.seed)}`;
      throw MatchFailure.fromData({ message, matchIndex: first.matchIndex, runSeed: parsed.seed, matchSeed: first.matchSeed, step: first.step, cause: first.reason });
    }
    const document = result.document as unknown as LibraryRunResult<G>['summary'];
    return { results: document.results, outcomes: document.outcomes, summary: document, files: result.files };
  }
  const started = performance.now();
  const player = new BatchPlayer(workers, undefined, signal);
  try {
    const played = await player.play(parsed, 0, parsed.matches);
    const failure = played.failures[0];
    // The exported MatchFailure, with its fields (audit 39c F10: a plain Error, whose replay line
    // named a scenario file that an object has not, and a command that cannot load an agent object).
    if (failure !== undefined) throw MatchFailure.fromData({ ...failure, message: `${failure.message}\n  reproduce: ${replayHint(failure.matchIndex, failure.runSeed)}` });
    const seconds = (performance.now() - started) / 1000;
    const timing = { seconds: Math.round(seconds * 1000) / 1000, matchesPerSecond: Math.round(parsed.matches / Math.max(seconds, 1e-9)), workers, chunkSize: 0 };
    const document = summaryDocument(parsed, played.aggregate, played.outcomes, { status: 'complete', matchesPlayed: parsed.matches, errors: 0 }, 'hordelab library run()', timing) as unknown as LibraryRunResult<G>['summary'];
    return { results: document.results, outcomes: document.outcomes, summary: document, files: [] };
  } finally {
    await player.close();
  }
}

/** How a library caller plays a failed match again: a scenario object has no file for `hordelab replay` to read. */
function replayHint(matchIndex: number, runSeed: number): string {
  return `run() on the same scenario plays match ${matchIndex} of run seed ${runSeed} again (saved as a scenario file, with agents as module paths: hordelab replay <file> --match ${matchIndex} --seed ${runSeed})`;
}

/** @throws UsageError naming the first option that is unknown or out of its bounds (`options.workers`). */
function checkRunOptions(options: LibraryRunOptions): void {
  const fail = (field: string, message: string): never => {
    throw new UsageError([{ source: 'options', field, message }]);
  };
  if (typeof options !== 'object' || options === null) fail('', `expected an object of run options, got ${describeExport(options)}`);
  const known = ['workers', 'outDir', 'eventFiles', 'baseDir', 'force', 'signal'];
  const unknown = Object.keys(options).find((key) => !known.includes(key));
  if (unknown !== undefined) fail(unknown, `is not a run option; expected one of ${known.join(', ')}`);
  if (options.workers !== undefined) {
    const problem = boundProblem(BOUNDS.workers, options.workers);
    if (problem !== null) fail('workers', problem);
  }
  for (const field of ['eventFiles', 'force'] as const) {
    if (options[field] !== undefined && typeof options[field] !== 'boolean') fail(field, 'expected true or false');
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) fail('signal', `expected an AbortSignal, got ${describeExport(options.signal)}`);
  for (const field of ['outDir', 'baseDir'] as const) {
    const value = options[field];
    if (value !== undefined && (typeof value !== 'string' || value === '')) fail(field, 'expected a folder path');
  }
}
