/**
 * Scenario files: which game, its parameters, an agent per seat, how many matches, the run seed.
 * YAML (`.yaml`, `.yml`) or JSON (`.json`), validated with a schema; every problem is reported
 * with the file and the field, before anything runs or is written.
 *
 * ```yaml
 * name: trainers-first-player      # optional; default: the file name
 * description: Random vs random.   # optional
 * game: zombie-trainers
 * matches: 10000
 * seed: 1
 * params:                          # optional; every parameter has a default
 *   actionPoints: 3
 * seats:                           # one per seat: an agent id, or { agent, config, name }
 *   - random
 *   - agent: mcts
 *     config: { iterations: 1000 }
 * ```
 *
 * `ladder: [random, greedy, "mcts:iterations=200"]` gives `hordelab ladder` its default skill
 * levels; `cards: { decks: [{ path: decks.plants, seat: 1 }], matches: 2000 }` gives
 * `hordelab cards` its decks.
 *
 * `game` may be a game module instead of a built-in id: a path relative to the scenario file
 * (`./my-game.mjs`) or an installed package (`scenario/game-module-loader.ts`).
 *
 * `seats: { rotate: [a, b] }` plays every seed once in each seating (paired seeds), and
 * `agent` may be a module path (`./my-agent.js`, relative to the scenario file) instead of a
 * built-in id. `metrics: [./moves-per-turn.mjs]` adds custom metric modules
 * (`src/reports/custom-metrics.ts`). `quality: { leads: false }` leaves out the game-quality
 * figures that read the game's heuristic at every turn start (`src/quality/`), for speed.
 */
import { readDeck } from '../cards/deck.js';
import { BIDI_CONTROL, CONTROL_CHARACTER } from '../core/one-line.js';
import { readFileSync } from 'node:fs';
import { isSpecialFile } from '../core/special-file.js';
import { basename, extname } from 'node:path';
import { parse as parseYaml, parseDocument as parseYamlDocument, YAMLParseError } from 'yaml';
import { parseStrictYaml, refuseInexactWholeNumbers, StrictYamlError, yamlProblem } from '../core/strict-yaml.js';
import { z } from 'zod';
import type { AgentFactory } from '../core/agent.js';
import type { AnyGame } from '../core/game.js';
import { describeValue, isOwnAgent, type SeatSpec } from '../core/match-runner.js';
import { formatPath, parameterIssuesOf, parseParameters } from '../core/parameters.js';
import { BOUNDS, boundProblem } from '../core/input-bounds.js';
import { boundedNumber } from '../core/bounded-number.js';
import { findUnsafeKey, isUnsafeKey, MAX_SUMMARY_NESTING, RECORDED_PARAMETER_KEYS, RECORDED_SEAT_CONFIG_KEYS, unsafeKeyMessage } from '../core/safe-keys.js';
import { recordedShapeProblem, taggedData, taggedText } from '../core/tagged-data.js';
import { deepFreeze } from '../core/read-only.js';
import { settingsText } from '../core/settings-text.js';
import { copyOfData, paramsFor } from '../core/game-params.js';
import { UsageError, type InputIssue } from '../core/errors.js';
import { unionsOpened } from '../core/zod-messages.js';
import { utf8Text } from '../core/utf8-text.js';
import { agents, games, type RegisteredGame } from '../registry.js';
import { FIGURES_PLACEMENT, loadMetricModule, withCustomMetrics, type MetricModule } from '../reports/custom-metrics.js';
import { withQualityMetrics } from '../quality/quality-report.js';
import { checkAgentShape, describeExport, isModulePath, loadAgentModule } from './agent-module.js';
import { resolveGame } from './resolve-game.js';
import { parseLevels } from '../ladder/levels.js';

/** What a seat may be, said where one is not (zod's own word for a union is "Invalid input"). */
const SEAT_FORMS = 'an agent name, a module path, or { agent, config, name } with config a mapping of settings';

const seatSchema = z.union(
  [
    z.string().min(1),
    z.strictObject({
      agent: z.string().min(1),
      config: z.record(z.string(), z.unknown()).optional(),
      name: z.string().min(1).optional(),
    }),
  ],
  { error: `expected ${SEAT_FORMS}` },
);

const seatsSchema = z.union(
  [
    z.array(seatSchema).min(1),
    z.strictObject({ rotate: z.array(seatSchema).min(2) }),
    // At most 1,000 agents: each of their 499,500 pairings plays seeds from its own 2^32 (see
    // pairingFirstSeed), which must stay below 2^53 (review 28d: 2,100 agents ended in a stack trace).
    z.strictObject({ roundRobin: z.array(seatSchema).min(2, { message: 'a round robin needs at least 2 agents' }).max(1000, { message: 'a round robin takes at most 1000 agents' }) }),
  ],
  {
    error: (issue) =>
      // Both forms at once fit neither, and were refused as no list of seats (audit 42f F6).
      typeof issue.input === 'object' && issue.input !== null && 'rotate' in issue.input && 'roundRobin' in issue.input
        ? 'give rotate: or roundRobin:, not both'
        : `expected a list of seats (each ${SEAT_FORMS}), { rotate: [two or more seats] } or { roundRobin: [2 to 1000 agents] }${issue.input === undefined ? ', got nothing' : ''}`,
  },
);

/** What a scenario's name may be, given or taken from the file name: it names the output folder (`reports/<name>`) and heads every page. */
const SCENARIO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const SCENARIO_NAME_EXPECTED = 'expected a letter or digit first, then letters, digits, ".", "_" or "-" (it names the output folder)';

const scenarioSchema = z.strictObject({
  name: z
    .string()
    .regex(SCENARIO_NAME, { message: SCENARIO_NAME_EXPECTED })
    .optional(),
  description: z.string().optional(),
  game: z.string().min(1),
  matches: boundedNumber(BOUNDS.matches),
  seed: boundedNumber(BOUNDS.seed),
  params: z.record(z.string(), z.unknown()).optional(),
  seats: seatsSchema,
  metrics: z.array(z.string().min(1), { message: 'expected a list of metric module paths, such as [./moves-per-turn.mjs]' }).optional(),
  ladder: z
    .array(z.string().min(1), { message: 'expected a list of skill levels as agent specs, such as [random, greedy, "mcts:iterations=200"]' })
    .min(1, { message: 'expected at least one level' })
    .optional(),
  quality: z.strictObject({ leads: z.boolean({ message: 'expected true or false' }).optional() }, { message: 'expected { leads: false } to skip the heuristic lead figures' }).optional(),
  cards: z
    .strictObject({
      decks: z
        .array(
          z.strictObject({
            path: z.string().min(1),
            // A number from 1, or a seat's name, as --deck takes them (audit 37b: names were refused here alone).
            seat: z.union([z.number().int().min(1), z.string().min(1)], { message: 'expected a seat: a number from 1, or a seat\'s name' }),
          }),
          { message: 'expected a list of { path: decks.plants, seat: 1 }' },
        )
        .min(1, { message: 'expected at least one deck' })
        .optional(),
      matches: z.number().int().min(2).optional(),
    })
    .optional(),
});

/** The fields a scenario may hold, in the schema's order. */
export const SCENARIO_FIELDS: readonly string[] = Object.keys(scenarioSchema.shape);

/** Where a scenario came from: enough for a worker thread to load the very same scenario. */
export interface ScenarioSource {
  readonly text: string;
  readonly file: string;
  readonly overrides: ScenarioOverrides;
}

/** A scenario after validation: everything a run needs. */
export interface Scenario {
  readonly source: ScenarioSource;
  readonly name: string;
  readonly description: string;
  /** The path the scenario was read from, as given. */
  readonly file: string;
  readonly entry: RegisteredGame;
  /**
   * Validated parameters, defaults filled in, as the scenario and its `--set` flags gave them:
   * frozen all the way down when read from a file, before any of the game's functions saw them.
   * What `summary.json` records and run keys and level files read. A game other than Hordelab's
   * own is handed a fresh copy of them at each match (`paramsFor`): one whose setup writes into
   * its parameters (a clamp) plays (freezing what it was handed broke it, review 28e), and its
   * writes change that match alone (review 29a).
   */
  readonly params: unknown;
  /** Seat specs in seat order (the first seating when rotating). */
  readonly seats: readonly NamedSeat[];
  /** Every seed is played once in each seating: matches 2k and 2k+1 share seed k, seats swapped. */
  readonly rotate: boolean;
  /**
   * A round robin's agents (`seats: { roundRobin: [...] }`), or null. `seats` then holds one
   * pairing (the first two, or `overrides.pairing`), played with the seats rotated.
   */
  readonly tournament: readonly NamedSeat[] | null;
  readonly matches: number;
  readonly seed: number;
  /**
   * `quality: { leads: false }`: the lead figures are left out, so the figures recorded differ
   * (a part of the run key when given, audit 37b M2). Absent where a scenario was built without it.
   */
  readonly quality?: { readonly leads: boolean };
  /** The scenario's default skill levels for `hordelab ladder` (agent specs), or null. */
  readonly ladder: readonly string[] | null;
  /** Defaults for `hordelab cards`: decks (a parameter path and the seat whose win rate it moves) and matches. */
  readonly cards: { readonly decks: readonly { readonly path: string; readonly seat: number }[] | null; readonly matches: number | null } | null;
}

/** A seat's agent with the name it is reported under. */
export interface NamedSeat extends SeatSpec {
  /** Unique per scenario when rotating: `mcts(iterations=1000)` unless the scenario names it. */
  readonly name: string;
}

/** Changes asked for on the command line. */
export interface ScenarioOverrides {
  readonly matches?: number;
  readonly seed?: number;
  /** `--set key=value` strings, applied in order. */
  readonly set?: readonly string[];
  /** A round robin's pairing to play as a rotated two-agent scenario: indices into its list. */
  readonly pairing?: readonly [number, number];
  /**
   * Where a ladder's seats come from (`--levels (or the scenario's ladder:)`), for the base
   * scenario of a ladder: its levels replace the seats, so a `set` entry `seatN.<setting>` would
   * be checked against a seat no level plays and then dropped; it is refused, naming this.
   */
  readonly ladderSeats?: string;
}

/** Reads, parses and validates a scenario file. @throws UsageError naming the file and field. */
export async function loadScenario(file: string, overrides: ScenarioOverrides = {}): Promise<Scenario> {
  // readFileSync takes a number as a file descriptor: loadScenario(0) would read stdin.
  if (typeof file !== 'string' || file === '') {
    throw new UsageError([{ source: 'loadScenario', field: 'file', message: `expected the path of a scenario file, got ${file === '' ? 'empty text' : typeof file === 'number' ? `the number ${String(file)}` : describeExport(file)}` }]);
  }
  // A pipe would be read until a writer came, and the command hung without a word (audit 27b).
  if (isSpecialFile(file)) throw new UsageError([{ source: file, field: '', message: 'is not a file (a pipe, socket or device); expected a scenario file' }]);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, expected a scenario file' : `cannot read it: ${(error as Error).message}`;
    throw new UsageError([{ source: file, field: '', message: reason }]);
  }
  return parseScenario(utf8Text(bytes, file), file, overrides);
}

/**
 * Validates scenario text; `file` names it in errors, decides YAML or JSON by its extension and
 * anchors relative agent module paths.
 *
 * Agent and metric modules are code: they are imported only once everything else in the
 * scenario and its overrides is valid, so a scenario with a typo never runs a module's
 * top-level code (SECURITY.md). A game module is needed to check parameters and seats, so it is
 * imported once what can be checked without it is valid.
 */
export async function parseScenario(text: string, file: string, overrides: ScenarioOverrides = {}): Promise<Scenario> {
  const data = scenarioData(text, file);
  // The name taken from the file name is held to the rule of a given one: "...yaml" named the
  // output folder "reports/..", the working folder, and a line break split headers (audit 37b M7).
  const name = data.name ?? basename(file, extname(file));
  if (data.name === undefined && !SCENARIO_NAME.test(name)) {
    throw new UsageError([{ source: file, field: 'name', message: `none given, and the file name gives ${JSON.stringify(name)}: ${SCENARIO_NAME_EXPECTED}; add a name: field, or rename the file` }]);
  }
  // A game module is code, and the game is needed to check parameters and seats, so it is the
  // one module loaded before those are valid; what can be checked without it is checked first.
  if (!games.has(data.game)) {
    const early = issuesBeforeGameModule(data, overrides, file);
    if (early.length > 0) throw new UsageError(early);
  }
  const registered = await resolveGame(data.game, file, { source: file, field: 'game' });
  const { game } = registered;
  const issues: InputIssue[] = [];
  const sets = readSetFlags(game, data, overrides.set ?? [], overrides.ladderSeats);
  const params = checkedParams(game, sets, file, issues);
  const seating = seatingOf(data, file);
  const pendingSeats = pendingSeatsOf(seating, sets.seatSettings);
  issues.push(...seatIssues(game, params, seating, pendingSeats, sets.seatSettings, overrides, file));
  // Already checked before the game module when it is a module's.
  if (games.has(data.game)) issues.push(...ladderIssues(data, file));
  const cardDecks = cardDecksOf(data, game.seats, params, registered.decks ?? [], file, issues);
  const { matches, seed } = runSize(data, overrides, seating, file, issues);
  // Everything that needs no module is checked: only now may module code run.
  if (issues.length > 0) throw new UsageError(issues);
  // The game's length limit for these parameters, which every match asks for first: a bad one
  // is the module's fault, found before any match (not a failed match, exit 1, per match).
  const lengthIssue = maxLengthIssue(game, paramsFor(game, params), data.game, sets.setBy.size > 0 ? `${file} with ${setFlagsText(sets.setBy)}` : file);
  if (lengthIssue !== null) throw new UsageError([lengthIssue]);

  const entry = await withMetricModules(withGameFigures(registered, params), data.metrics ?? [], file, issues);
  const seats = await loadedSeats(pendingSeats, { game, params, ...seating }, file, issues);
  if (issues.length > 0) throw new UsageError(issues);

  const { tournament, playedSeats } = seatsToPlay(seats, seating.roundRobin, overrides.pairing);
  return {
    source: { text, file, overrides },
    name,
    description: data.description ?? '',
    file,
    // Every game's results get the quality figures, whatever else reads them.
    entry: { ...entry, report: withQualityMetrics(entry.report, game, playedSeats.map((seat) => ({ name: seat.name, agent: seat.factory.id, config: seat.config })), { leads: data.quality?.leads ?? true }) },
    quality: { leads: data.quality?.leads ?? true },
    params,
    seats: playedSeats,
    rotate: seating.rotate,
    tournament,
    matches,
    seed,
    ladder: data.ladder ?? null,
    cards: data.cards === undefined ? null : { decks: cardDecks, matches: data.cards.matches ?? null },
  };
}

/**
 * A scenario's `cards.decks`, each seat as a number from 1, checked where every command loads
 * the scenario (audit 37b: only `hordelab cards` read them, and its errors blamed `--deck`): a
 * seat of the game (by number or name), a parameter holding a deck, each deck once (one given
 * twice was studied twice, every row doubled), and the seat the game's module gives a deck it
 * declares (audit 37a: given to the other seat, its card values were that side's, exit 0).
 */
function cardDecksOf(data: ScenarioData, seatNames: readonly string[], params: unknown, declared: readonly { readonly path: string; readonly seat: number }[], file: string, issues: InputIssue[]): { path: string; seat: number }[] | null {
  const given = data.cards?.decks;
  if (given === undefined) return null;
  const decks: { path: string; seat: number }[] = [];
  for (const [index, deck] of given.entries()) {
    const field = `cards.decks[${index}]`;
    const seat = typeof deck.seat === 'number' ? deck.seat : seatNames.findIndex((name) => name.toLowerCase() === (deck.seat as string).toLowerCase()) + 1;
    if (seat < 1 || seat > seatNames.length) {
      issues.push({ source: file, field: `${field}.seat`, message: `is ${JSON.stringify(deck.seat)}; expected a seat: 1..${seatNames.length} or one of ${seatNames.join(', ')}` });
      continue;
    }
    const problem = readDeck(params, deck.path);
    if (typeof problem === 'string') {
      issues.push({ source: file, field: `${field}.path`, message: `${deck.path}: ${problem} in the game's parameters` });
      continue;
    }
    if (decks.some((other) => other.path === deck.path)) {
      issues.push({ source: file, field: `${field}.path`, message: `${deck.path} is given twice; give each deck once` });
      continue;
    }
    const owner = declared.find((known) => known.path === deck.path);
    if (owner !== undefined && owner.seat !== seat - 1) {
      issues.push({ source: file, field: `${field}.seat`, message: `${deck.path} is the deck of ${seatNames[owner.seat]} (seat ${owner.seat + 1}) in the game's module, not of ${seatNames[seat - 1]}; write seat: ${owner.seat + 1}` });
      continue;
    }
    decks.push({ path: deck.path, seat });
  }
  return decks;
}

type ScenarioData = z.infer<typeof scenarioSchema>;

/** The scenario text parsed and checked against the schema (no game known yet). */
function scenarioData(text: string, file: string): ScenarioData {
  const raw = scenarioFileData(text, file);
  // An empty file (or one holding only `~`, comments or a list) is no scenario: said as such, not as a schema's "expected object".
  const shape = notAMapping(raw);
  if (shape !== null) throw new UsageError([{ source: file, field: '', message: `${shape}; expected a scenario: a mapping with game, matches, seed and seats` }]);
  const unsafe = findUnsafeKey(raw);
  if (unsafe !== null) throw new UsageError([{ source: file, field: unsafe.field, message: unsafe.message }]);
  // A checks file given where a scenario was meant: said as such, not as its fields' problems.
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'checks' in raw && !('game' in raw)) {
    throw new UsageError([{ source: file, field: '', message: 'is a checks file (it has checks:), not a scenario; run its checks with hordelab check, or give a scenario with game: and seats:' }]);
  }
  const envelope = scenarioSchema.safeParse(raw);
  if (!envelope.success) {
    throw new UsageError(unionsOpened(envelope.error.issues).map((i) => ({ source: file, field: formatPath(i.path.map(pathKey)), message: i.message })));
  }
  return envelope.data;
}

/**
 * What a YAML or JSON document holds where a mapping was expected (`is empty`, `holds a list`,
 * `holds text "hello"`), or null when it is a mapping.
 */
export function notAMapping(raw: unknown): string | null {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return null;
  if (raw === null || raw === undefined) return 'is empty (no document, or only comments or ~)';
  if (Array.isArray(raw)) return 'holds a list';
  return `holds ${typeof raw === 'string' ? 'text' : typeof raw} ${JSON.stringify(raw)}`;
}

/** An agent setting given by `--set seatN.key=value`. */
interface SeatSetting {
  readonly path: string[];
  readonly value: unknown;
  readonly assignment: string;
}

/** The `--set` flags read: parameters with each flag applied on the file's, and agent settings by seat index. */
interface SetFlags {
  readonly rawParams: Record<string, unknown>;
  /** The flag that last set each top-level parameter. */
  readonly setBy: ReadonlyMap<string, string>;
  readonly seatSettings: ReadonlyMap<number, readonly SeatSetting[]>;
}

function readSetFlags(game: AnyGame, data: ScenarioData, assignments: readonly string[], ladderSeats?: string): SetFlags {
  // Parameters: the file's, then each --set on top; errors name where the value came from.
  const rawParams: Record<string, unknown> = copyOfData(data.params ?? {});
  const setBy = new Map<string, string>();
  // `seat2.iterations=100` sets an agent setting of the second seat (of the list when rotating).
  const seatSettings = new Map<number, SeatSetting[]>();
  for (const assignment of assignments) {
    const parsed = parseAssignment(assignment);
    const top = parsed.path[0] as string;
    const seatMatch = /^seat(\d+)$/.exec(top);
    if (seatMatch !== null && !Object.hasOwn(game.parameters, top)) {
      // A ladder's levels replace the seats: the setting was checked against a seat no level plays, then dropped (audit 37b M8).
      if (ladderSeats !== undefined) {
        const example = parsed.path.length < 2 ? 'agent:setting=value' : `agent:${parsed.path.slice(1).join('.')}=${assignment.slice(assignment.indexOf('=') + 1).trim()}`;
        throw new UsageError([{ source: `--set ${assignment}`, field: '', message: `a ladder's seats come from ${ladderSeats}, so a seat's setting would not be played; give it in the level, as ${example} (such as mcts:iterations=200)` }]);
      }
      if (parsed.path.length < 2) throw new UsageError([{ source: `--set ${assignment}`, field: top, message: 'name the agent setting: seat1.iterations=1000' }]);
      // One spelling a seat: seat02 beside seat2 set one setting twice, the later winning without a word (review 32c).
      const digits = seatMatch[1] as string;
      if (/^0+$/.test(digits)) throw new UsageError([{ source: `--set ${assignment}`, field: top, message: 'seats count from 1: seat1 is the first' }]);
      if (digits.startsWith('0')) throw new UsageError([{ source: `--set ${assignment}`, field: top, message: `write the seat as seat${digits.replace(/^0+/, '')}, without leading zeros` }]);
      const index = Number(seatMatch[1]) - 1;
      seatSettings.set(index, [...(seatSettings.get(index) ?? []), { path: parsed.path.slice(1), value: parsed.value, assignment }]);
      continue;
    }
    // A dotted key changes one part of a parameter: start from its default if the file has none.
    if (parsed.path.length > 1 && rawParams[top] === undefined && Object.hasOwn(game.parameters, top)) {
      rawParams[top] = copyOfData((game.parameters as Record<string, { default: unknown }>)[top]?.default);
    }
    try {
      setPath(rawParams, parsed.path, parsed.value);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      throw new UsageError(error.issues.map((issue) => ({ source: `--set ${assignment}`, field: issue.source, message: issue.message })));
    }
    setBy.set(top, assignment);
  }
  return { rawParams, setBy, seatSettings };
}

/**
 * `scenario`'s parameters as its file gives them with its `--set` flags of parameters applied,
 * before any default is filled in: what a file that reproduces the scenario writes. The game
 * fills in its defaults there as here; written whole, a default only some YAML holds (a Map, a
 * date, bytes) could come back as another value (review 30f).
 */
export function paramsAsWritten(scenario: Scenario): Record<string, unknown> {
  const { text, file, overrides } = scenario.source;
  const data = scenarioFileData(text, file) as ScenarioData;
  const sets = (overrides.set ?? []).filter((assignment) => !isSeatAssignment(assignment, scenario.entry.game));
  return readSetFlags(scenario.entry.game, data, sets).rawParams;
}

/** The game's parameters, defaults filled in, or undefined with their problems added to `issues` (each naming the file or the --set flag it came from). */
function checkedParams(game: AnyGame, sets: SetFlags, file: string, issues: InputIssue[]): unknown {
  const sourceOf = (path: readonly (string | number)[]): { source: string; field: string } => {
    // A problem of the parameters as a whole (two that must agree) is the file's values and the
    // flags' together: both named.
    if (path.length === 0 && sets.setBy.size > 0) return { source: `${file} with ${setFlagsText(sets.setBy)}`, field: 'params' };
    const top = String(path[0] ?? '');
    const assignment = sets.setBy.get(top);
    return assignment === undefined
      ? { source: file, field: formatPath(['params', ...path]) }
      : { source: `--set ${assignment}`, field: formatPath(path) };
  };
  const parsedParams = parseParameters(game.parameters, sets.rawParams);
  if (!parsedParams.ok) {
    for (const problem of parsedParams.issues) issues.push({ ...sourceOf(problem.path), message: problem.message });
    return undefined;
  }
  // A problem of parameters together (the game's validateParameters: too many zombies for the
  // map) may come from a --set of another parameter than the one it names: with --set flags given,
  // a parameter the file set is named with the flags too.
  const togetherSourceOf = (path: readonly (string | number)[]): { source: string; field: string } => {
    const named = sourceOf(path);
    return sets.setBy.size > 0 && named.source === file ? { source: `${file} with ${setFlagsText(sets.setBy)}`, field: named.field } : named;
  };
  // Frozen before any function of the game sees them; the game's own checks get a copy (see game-params.ts).
  const params = deepFreeze(copyOfData(parsedParams.params));
  // summary.json records each parameter three keys down, in tagged form: one nested deeper than a
  // summary is read back, or written out larger than any could be, would leave a run no command
  // could report (reviews 31a, 31d). A game module's defaults are checked as it loads; here, the
  // values the file and the flags give.
  for (const name of Object.keys(sets.rawParams)) {
    if (!Object.hasOwn(params as object, name)) continue;
    const problem = recordedShapeProblem((params as Record<string, unknown>)[name], MAX_SUMMARY_NESTING - RECORDED_PARAMETER_KEYS);
    if (problem !== null) issues.push({ ...sourceOf([name]), message: `${problem}, or a run of it could not be reported` });
  }
  for (const problem of parameterIssuesOf(game, paramsFor(game, params))) issues.push({ ...togetherSourceOf(problem.path), message: problem.message });
  return params;
}

/** Why `game.maxLength(params)` is no whole number of steps from 1 to 2^53 − 1 (or threw), blamed on the scenario's `game` (`file`: the file, with any --set flags); null when it is one. */
function maxLengthIssue(game: AnyGame, params: unknown, gameName: string, file: string): InputIssue | null {
  let steps: unknown;
  try {
    steps = game.maxLength(params);
  } catch (error) {
    return { source: file, field: 'game', message: `game "${gameName}": maxLength(params) threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}; expected a whole number of steps from 1 to ${Number.MAX_SAFE_INTEGER}` };
  }
  if (typeof steps === 'number' && Number.isSafeInteger(steps) && steps >= 1) return null;
  return { source: file, field: 'game', message: `game "${gameName}": maxLength(params) gave ${describeValue(steps)} for the scenario's parameters; expected a whole number of steps from 1 to ${Number.MAX_SAFE_INTEGER}` };
}

/** How the scenario seats its agents: in order, rotated, or a round robin (each pairing rotated). */
interface Seating {
  readonly roundRobin: boolean;
  readonly rotate: boolean;
  readonly seatList: readonly z.infer<typeof seatSchema>[];
  /** The field the seats are listed under, for messages. */
  readonly seatsField: string;
  readonly issue: (field: string, message: string) => InputIssue;
}

function seatingOf(data: ScenarioData, file: string): Seating {
  const roundRobin = !Array.isArray(data.seats) && 'roundRobin' in data.seats;
  const rotate = !Array.isArray(data.seats);
  const seatList = Array.isArray(data.seats) ? data.seats : 'roundRobin' in data.seats ? data.seats.roundRobin : data.seats.rotate;
  const seatsField = roundRobin ? 'seats.roundRobin' : rotate ? 'seats.rotate' : 'seats';
  return { roundRobin, rotate, seatList, seatsField, issue: (field, message) => ({ source: file, field, message }) };
}

/** Each listed seat with its config (its `--set seatN.` settings applied) and its agent, when built in. */
function pendingSeatsOf(seating: Seating, seatSettings: SetFlags['seatSettings']): PendingSeat[] {
  const { seatList, seatsField } = seating;
  return seatList.map((seat, index) => {
    const agentId = typeof seat === 'string' ? seat : seat.agent;
    const config: Record<string, unknown> = structuredClone(typeof seat === 'string' ? {} : (seat.config ?? {}));
    for (const setting of seatSettings.get(index) ?? []) setPath(config, setting.path, setting.value);
    const field = typeof seat === 'string' ? `${seatsField}[${index}]` : `${seatsField}[${index}].agent`;
    const name = typeof seat === 'string' || seat.name === undefined ? defaultAgentName(agentId, config) : seat.name;
    const setBy = new Map((seatSettings.get(index) ?? []).map((setting) => [setting.path[0] as string, setting.assignment]));
    return { index, agentId, config, field, name, factory: agents.get(agentId), setBy };
  });
}

/**
 * What is wrong with the seats before any agent module is loaded: their count for the game,
 * unknown agents, built-in agents' settings, `--set seatN` past the list, `--pairing`, and
 * rotated seats reported under one name.
 */
function seatIssues(game: AnyGame, params: unknown, seating: Seating, pendingSeats: readonly PendingSeat[], seatSettings: SetFlags['seatSettings'], overrides: ScenarioOverrides, file: string): InputIssue[] {
  const { roundRobin, rotate, seatList, seatsField, issue } = seating;
  const issues: InputIssue[] = [];
  // Seats: one per player, each a known agent (or an agent module) with a config it accepts. A
  // round robin lists any number of agents; each pairing is played with the seats rotated.
  if (roundRobin) {
    if (game.seats.length !== 2) issues.push(issue(seatsField, `a round robin pairs agents two by two; ${game.title} has ${game.seats.length} seats`));
  } else if (rotate && game.seats.length !== 2) {
    // Rotation plays each seed in both seatings of two seats; with more seats some agent would
    // keep its seat, and its figures would still mix its skill with that seat's edge.
    issues.push(issue(seatsField, `seats.rotate swaps two seats, and ${game.title} has ${game.seats.length}; list the seats in order (seats: [...]), or play one scenario per seating`));
  } else if (seatList.length !== game.seats.length) {
    issues.push(issue(seatsField, `${game.title} has ${game.seats.length} seats (${game.seats.join(', ')}), got ${seatList.length}`));
  }
  for (const seat of pendingSeats) {
    if (seat.factory === undefined && !isModulePath(seat.agentId)) {
      issues.push(
        issue(seat.field, `unknown agent "${seat.agentId}"; expected one of: ${[...agents.keys()].join(', ')}, or a module path such as ./my-agent.js`),
      );
    } else if (seat.factory !== undefined) {
      issues.push(...checkSeat(seat, seat.factory, { game, params, ...seating }));
    }
  }
  for (const [index, settings] of seatSettings) {
    if (index < 0 || index >= seatList.length) {
      // The seat as written: a number past 2^53 would print rounded (review 32e: seat99999999999999999999 as seat 100000000000000000000).
      const written = /^seat(\d+)\./.exec(settings[0]?.assignment.trim() ?? '')?.[1] ?? String(index + 1);
      issues.push({ source: `--set ${settings[0]?.assignment ?? ''}`, field: '', message: `there is no seat ${written}; the scenario lists ${seatList.length}` });
    }
  }
  if (overrides.pairing !== undefined) {
    // Positions from 1 on the command line (`replay --pairing 1,3`), as `--set seatN.key` counts seats.
    const [first, second] = overrides.pairing;
    const given = `${first + 1},${second + 1}`;
    if (!roundRobin) issues.push({ source: '--pairing', field: '', message: `only a round robin (seats.roundRobin) has pairings; ${file} lists its seats` });
    else if (!(Number.isSafeInteger(first) && Number.isSafeInteger(second) && first >= 0 && first < second && second < seatList.length)) {
      issues.push({ source: '--pairing', field: '', message: `expected two positions i,j with 1 <= i < j <= ${seatList.length} in seats.roundRobin, got ${given}` });
    }
  }
  if (rotate) {
    const names = pendingSeats.map((seat) => seat.name);
    const repeated = names.find((name, index) => names.indexOf(name) !== index);
    if (repeated !== undefined) {
      issues.push(issue(seatsField, `two seats are both reported as "${repeated}"; give one a distinct name (a seat's name field)`));
    }
  } else {
    issues.push(...sharedNameIssues(pendingSeats, seatsField, issue));
  }
  for (const seat of pendingSeats) {
    // A name is a cell of matches.csv and a row of the printed tables: a line break in it would
    // split a table row, and a bidirectional control reorder it, so it is refused rather than printed broken.
    if (CONTROL_CHARACTER.test(seat.name) || BIDI_CONTROL.test(seat.name)) {
      const given = typeof seatList[seat.index] === 'object' && (seatList[seat.index] as { name?: string }).name !== undefined;
      issues.push(
        given
          ? issue(`${seatsField}[${seat.index}].name`, 'contains a line break, another control character or a bidirectional formatting character; expected a name on one line')
          : issue(seat.field, `is reported as ${JSON.stringify(seat.name)}, which contains a line break, another control character or a bidirectional formatting character; give the seat a name: on one line`),
      );
    }
    // Results are kept by name in plain objects, where "__proto__" is no key: that agent's rows
    // vanished from every table, exit 0 (audit 27b).
    if (seat.name === '__proto__') {
      const given = typeof seatList[seat.index] === 'object' && (seatList[seat.index] as { name?: string }).name !== undefined;
      issues.push(given ? issue(`${seatsField}[${seat.index}].name`, 'is "__proto__", a name JavaScript reserves; expected another name') : issue(seat.field, 'is reported as "__proto__", a name JavaScript reserves; give the seat a name:'));
    }
  }
  return issues;
}


/**
 * Listed seats reported under one name are one agent in the per-agent table, and their matches
 * against each other count as self-play: so two seats may share a name only when they play the
 * same agent with the same settings (`seats: [random, random]`), never two different agents.
 */
function sharedNameIssues(pendingSeats: readonly PendingSeat[], seatsField: string, issue: Seating['issue']): InputIssue[] {
  return namesSharedByOthers(pendingSeats, (seat) => seat.agentId).map(([first, seat]) => {
    const message = sharedNameMessage(first.index, seat.index, seat.name);
    // Settings a flag gave (--set seat2.iterations=..., a sweep's values) are blamed on the flag.
    const flagged = first.agentId === seat.agentId ? differingSettingFlag(first, seat) : undefined;
    return flagged === undefined ? issue(`${seatsField}[${seat.index}]`, message) : { source: `--set ${flagged}`, field: '', message };
  });
}

/**
 * Each seat reported under a name an earlier seat has, paired with that earlier seat, where the
 * two differ: in `agentOf` (an agent id, or an agent object) or in the settings played (defaults
 * filled in where the agent says how, compared canonically). Shared by scenario files and the
 * library's scenario objects.
 */
export function namesSharedByOthers<S extends { readonly name: string; readonly config: Readonly<Record<string, unknown>>; readonly factory?: AgentFactory | undefined }>(
  seats: readonly S[],
  agentOf: (seat: S, index: number) => unknown,
): [S, S][] {
  const pairs: [S, S][] = [];
  const firstByName = new Map<string, [S, number]>();
  seats.forEach((seat, index) => {
    const first = firstByName.get(seat.name);
    if (first === undefined) firstByName.set(seat.name, [seat, index]);
    else if (agentOf(first[0], first[1]) !== agentOf(seat, index) || settingsText(settingsPlayed(first[0])) !== settingsText(settingsPlayed(seat))) pairs.push([first[0], seat]);
  });
  return pairs;
}

/** A seat's settings as its agent plays them (defaults filled in, where the agent says how), else as given. */
export function settingsPlayed(seat: { readonly config: Readonly<Record<string, unknown>>; readonly factory?: AgentFactory | undefined }): Readonly<Record<string, unknown>> {
  const { factory, config } = seat;
  return factory?.settingsPlayed === undefined || factory.validateConfig(config).length > 0 ? config : factory.settingsPlayed(config);
}

/** What is wrong with seats `first` and `second` (0-based) sharing `name`. */
export function sharedNameMessage(first: number, second: number, name: string): string {
  return `seats ${first + 1} and ${second + 1} play different agents or settings but are both reported as "${name}"; give one a distinct name`;
}

/** The flag assignment that set a top-level setting on which two seats' configs differ, if a flag set one. */
function differingSettingFlag(first: PendingSeat, second: PendingSeat): string | undefined {
  const keys = new Set([...Object.keys(first.config), ...Object.keys(second.config)]);
  for (const key of keys) {
    if (settingsText(first.config[key]) === settingsText(second.config[key])) continue;
    const assignment = second.setBy.get(key) ?? first.setBy.get(key);
    if (assignment !== undefined) return assignment;
  }
  return undefined;
}

/** The run's matches and seed (the file's, or the flags'), their problems added to `issues`. */
function runSize(data: ScenarioData, overrides: ScenarioOverrides, seating: Seating, file: string, issues: InputIssue[]): { matches: number; seed: number } {
  const matches = overrides.matches ?? data.matches;
  const matchesProblem = boundProblem(BOUNDS.matches, matches);
  if (matchesProblem !== null) {
    issues.push({ source: '--matches', field: '', message: matchesProblem });
  } else if (seating.rotate && matches % 2 === 1) {
    issues.push({
      ...(overrides.matches === undefined ? { source: file, field: 'matches' } : { source: '--matches', field: '' }),
      message: `${seating.roundRobin ? 'a round robin (seats.roundRobin) plays every pairing with its seats rotated' : 'with seats.rotate'}: every seed is played in both seatings, so matches must be even; got ${matches}`,
    });
  }
  const seed = overrides.seed ?? data.seed;
  const seedProblem = boundProblem(BOUNDS.seed, seed);
  if (seedProblem !== null) issues.push({ source: '--seed', field: '', message: seedProblem });
  return { matches, seed };
}

/** Every seat with its agent, loading agent modules (now that nothing else is wrong) and checking them as built-in ones were; problems go to `issues`. */
async function loadedSeats(pendingSeats: readonly PendingSeat[], context: Seating & { game: AnyGame; params: unknown }, file: string, issues: InputIssue[]): Promise<NamedSeat[]> {
  const seats: NamedSeat[] = [];
  for (const seat of pendingSeats) {
    let factory = seat.factory;
    if (factory === undefined) {
      const loaded = await loadAgentModule(seat.agentId, file);
      if ('problem' in loaded) {
        issues.push(context.issue(seat.field, loaded.problem));
        continue;
      }
      factory = loaded.factory;
      const problems = checkSeat(seat, factory, context);
      issues.push(...problems);
      if (problems.length > 0) continue;
    }
    seats.push({ factory, config: seat.config, name: seat.name });
  }
  return seats;
}

/** The seats a run plays: the listed ones, or a round robin's pairing (the first two unless `pairing` says), with the round robin's agents. */
function seatsToPlay(seats: readonly NamedSeat[], roundRobin: boolean, pairing: ScenarioOverrides['pairing']): { tournament: readonly NamedSeat[] | null; playedSeats: readonly NamedSeat[] } {
  if (!roundRobin) return { tournament: null, playedSeats: seats };
  const [first, second] = pairing ?? [0, 1];
  return { tournament: seats, playedSeats: [seats[first], seats[second]].filter((seat): seat is NamedSeat => seat !== undefined) };
}

/**
 * What is wrong with a scenario without knowing its game: run size and seed out of bounds, and
 * seats naming an agent that is neither built in nor a module path. Checked before a game module
 * is imported, so such a typo never runs its code; the full checks follow once it is loaded.
 */
function issuesBeforeGameModule(data: ScenarioData, overrides: ScenarioOverrides, file: string): InputIssue[] {
  const issues: InputIssue[] = [];
  const matchesProblem = boundProblem(BOUNDS.matches, overrides.matches ?? data.matches);
  if (matchesProblem !== null) issues.push(overrides.matches === undefined ? { source: file, field: 'matches', message: matchesProblem } : { source: '--matches', field: '', message: matchesProblem });
  const seedProblem = boundProblem(BOUNDS.seed, overrides.seed ?? data.seed);
  if (seedProblem !== null) issues.push(overrides.seed === undefined ? { source: file, field: 'seed', message: seedProblem } : { source: '--seed', field: '', message: seedProblem });
  const seatList = Array.isArray(data.seats) ? data.seats : 'roundRobin' in data.seats ? data.seats.roundRobin : data.seats.rotate;
  const seatsField = Array.isArray(data.seats) ? 'seats' : 'roundRobin' in data.seats ? 'seats.roundRobin' : 'seats.rotate';
  seatList.forEach((seat, index) => {
    const agentId = typeof seat === 'string' ? seat : seat.agent;
    if (agents.has(agentId) || isModulePath(agentId)) return;
    const field = typeof seat === 'string' ? `${seatsField}[${index}]` : `${seatsField}[${index}].agent`;
    issues.push({ source: file, field, message: `unknown agent "${agentId}"; expected one of: ${[...agents.keys()].join(', ')}, or a module path such as ./my-agent.js` });
  });
  issues.push(...ladderIssues(data, file));
  return issues;
}

/**
 * A `ladder:` list's problems as `hordelab ladder` would find them before playing (a spec that
 * does not parse, a level listed twice, an agent neither built in nor a module path), so a typo
 * there is refused by every command that reads the scenario, not first by `ladder`.
 */
function ladderIssues(data: ScenarioData, file: string): InputIssue[] {
  if (data.ladder === undefined) return [];
  try {
    const levels = parseLevels(data.ladder, `${file}: ladder`);
    const seats = levels.flatMap((level) => level.seats);
    const unknown = seats.find((seat) => !agents.has(seat.agent) && !isModulePath(seat.agent));
    if (unknown !== undefined) return [{ source: file, field: 'ladder', message: `unknown agent "${unknown.agent}"; expected one of: ${[...agents.keys()].join(', ')}, or a module path such as ./my-agent.js` }];
    // A built-in agent's settings, as its seat's are checked (review 28d: mcts:iterations=abc
    // passed run and failed only ladder). A module's are its own, read when it is loaded.
    for (const level of levels) {
      for (const seat of level.seats) {
        const problem = agents.get(seat.agent)?.validateConfig(seat.config)[0];
        if (problem !== undefined) return [{ source: file, field: 'ladder', message: `level "${level.name}": ${problem.field === '' ? '' : `${problem.field}: `}${problem.message}` }];
      }
    }
    return [];
  } catch (error) {
    if (error instanceof UsageError) return [...error.issues];
    throw error;
  }
}

/** A seat as written, before its agent module (if any) is loaded. */
interface PendingSeat {
  readonly index: number;
  readonly agentId: string;
  readonly config: Record<string, unknown>;
  /** Where errors about its agent point: `seats[1]` or `seats[1].agent`. */
  readonly field: string;
  readonly name: string;
  readonly factory: AgentFactory | undefined;
  /** The `--set seatN.key=...` that gave each top-level setting, so a problem with it names that flag. */
  readonly setBy: ReadonlyMap<string, string>;
}

/** A seat's agent against the game and the seating: which seats it plays, its settings, its shape. */
function checkSeat(
  seat: PendingSeat,
  factory: AgentFactory,
  context: { game: AnyGame; params: unknown; seatsField: string; roundRobin: boolean; rotate: boolean; issue: (field: string, message: string) => InputIssue },
): InputIssue[] {
  const { game, issue } = context;
  const issues: InputIssue[] = [];
  // summary.json records a seat's settings four keys down, as it records parameters (review 31d:
  // settings of 45 nested `!!omap`s made a run whose summary no command could read).
  const recordedLevels = MAX_SUMMARY_NESTING - RECORDED_SEAT_CONFIG_KEYS;
  const recorded = recordedShapeProblem(seat.config, recordedLevels);
  if (recorded !== null) {
    // A setting a --set gave is blamed on that flag (review 32b: the scenario file was named, which gave that seat no settings).
    const config = seat.config as Readonly<Record<string, unknown>>;
    const flagged = [...seat.setBy].map(([key, assignment]) => ({ key, assignment, problem: recordedShapeProblem(config[key], recordedLevels - 1) })).find((each) => each.problem !== null);
    if (flagged === undefined) issues.push(issue(`${context.seatsField}[${seat.index}].config`, `${recorded}, or a run with it could not be reported`));
    else issues.push({ source: `--set ${flagged.assignment}`, field: `seat${seat.index + 1}.${flagged.key}`, message: `${flagged.problem as string}, or a run with it could not be reported` });
  }
  const only = factory.playsOnly;
  if (only !== undefined) {
    const seatNames = only.seats.map((seatIndex) => game.seats[seatIndex] ?? `seat ${seatIndex + 1}`).join(' or ');
    // An agent for one game that plays each of its seats can rotate and play round robins.
    const everySeat = game.seats.every((_, seatIndex) => only.seats.includes(seatIndex));
    if (only.game !== game.id) issues.push(issue(seat.field, `agent "${seat.agentId}" plays only ${only.game}, not ${game.id}`));
    else if (everySeat) {
      // Nothing more to check: any seat, any seating.
    } else if (context.roundRobin) issues.push(issue(seat.field, `agent "${seat.agentId}" plays only the ${seatNames} seat, so it cannot play a round robin, where every agent plays both seats`));
    else if (context.rotate) issues.push(issue(seat.field, `agent "${seat.agentId}" plays only the ${seatNames} seat, so seats cannot be rotated; list the seats in order`));
    else if (!only.seats.includes(seat.index)) issues.push(issue(seat.field, `agent "${seat.agentId}" plays only the ${seatNames} seat (seat ${only.seats.map((s) => s + 1).join(', ')}), not seat ${seat.index + 1}`));
  }
  const given = isOwnAgent(factory) ? null : copyOfData(seat.config);
  const problems = factory.validateConfig(seat.config);
  const otherwise = given === null || problems.length > 0 ? null : (filledInShapeProblem(factory, seat.config, recorded !== null) ?? secondReadProblem(factory, given, seat.config));
  if (otherwise !== null) issues.push(issue(`${context.seatsField}[${seat.index}].config`, otherwise));
  // Frozen once checked (a module's validateConfig may fill in its defaults, as it may in any
  // thread that reads the scenario): every match's agent, and the check of a module agent's shape
  // below, is handed this one object, so an agent that wrote to it would hand its later matches,
  // in that worker thread alone, other settings than the run records (review 32c: a module's push
  // into a list setting was recorded as [0,1,1,1,1,1]; 32e: frozen before validateConfig, a
  // module that filled in a default there was refused).
  deepFreeze(seat.config);
  for (const problem of problems) {
    const assignment = seat.setBy.get(problem.field.split(/[.[]/)[0] as string);
    if (assignment !== undefined) issues.push({ source: `--set ${assignment}`, field: `seat${seat.index + 1}.${problem.field}`, message: problem.message });
    else issues.push(issue(`${context.seatsField}[${seat.index}].config${problem.field === '' ? '' : `.${problem.field}`}`, problem.message));
  }
  if (problems.length === 0 && context.params !== undefined && factory.moduleUrl !== undefined) {
    const shape = checkAgentShape(factory, seat.config, { game, params: context.params, seat: seat.index });
    if (shape !== null) issues.push(issue(seat.field, shape));
  }
  return issues;
}

/**
 * Why the settings `config`, as `factory`'s validateConfig filled them in, could not be recorded
 * (nested deeper, or larger, than summary.json reads back), or null; null too when the settings
 * as given were already refused for it (`givenRefused`). Review 33a: a setting filled in 300
 * levels deep made a run exit 0 that no command could report.
 */
export function filledInShapeProblem(factory: AgentFactory, config: Readonly<Record<string, unknown>>, givenRefused: boolean): string | null {
  if (givenRefused) return null;
  const problem = recordedShapeProblem(config, MAX_SUMMARY_NESTING - RECORDED_SEAT_CONFIG_KEYS);
  return problem === null ? null : `validateConfig of agent "${factory.id}" filled in settings that, as summary.json would record them, ${problem.replace(/^(nests|records) /, (verb) => (verb === 'nests ' ? 'nest ' : 'record '))}, or a run with them could not be reported`;
}

/**
 * Why `factory`'s validateConfig, asked again on a fresh copy of the settings `given`, fills them
 * in otherwise than it did into `validated`; null when it fills them alike. Every worker thread
 * reads the scenario and asks it, and the main thread's settings are the ones recorded: one that
 * fills in a seed from the clock or a count of its calls played other settings than summary.json
 * records, and other results with other worker counts (review 32f).
 */
export function secondReadProblem(factory: AgentFactory, given: Readonly<Record<string, unknown>>, validated: Readonly<Record<string, unknown>>): string | null {
  const again = copyOfData(given) as Record<string, unknown>;
  factory.validateConfig(again);
  // Both copied alike: a copy reads a list's hole as undefined (review 33c: `new Array(3)` filled
  // in was a hole on one side and undefined on the other, refused as filled in otherwise).
  const [first, second] = [copyOfData(validated), copyOfData(again)];
  if (settingsText(first) === settingsText(second)) return null;
  return `validateConfig of agent "${factory.id}" filled in the settings otherwise when asked again (${taggedText(taggedData(first))}, then ${taggedText(taggedData(second))}); every worker thread asks it, so it must fill in only what the settings given decide`;
}

/** The game's report with its own figure units (`GameModule.figures`) added, under `results.figures`, each seeing the run's parameters. */
function withGameFigures(registered: RegisteredGame, params: unknown): RegisteredGame {
  const units = registered.figures ?? [];
  if (units.length === 0) return registered;
  const modules: MetricModule[] = units.map((unit) => ({
    name: unit.name,
    description: unit.title,
    games: [registered.game.id],
    path: `${registered.game.id} figure "${unit.name}"`,
    label: `figure unit "${unit.name}" of game ${registered.game.id}`,
    ...(unit.eventTypes === undefined ? {} : { eventTypes: unit.eventTypes }),
    create: () => unit.create(paramsFor(registered.game, params)),
  }));
  return { ...registered, report: withCustomMetrics(registered.report, modules, FIGURES_PLACEMENT) };
}

/** The game's report with the scenario's metric modules added; problems go to `issues`. */
async function withMetricModules(registered: RegisteredGame, paths: readonly string[], file: string, issues: InputIssue[]): Promise<RegisteredGame> {
  const { game } = registered;
  const metricModules: MetricModule[] = [];
  for (const [index, path] of paths.entries()) {
    const field = `metrics[${index}]`;
    const loaded = await loadMetricModule(path, file);
    if ('problem' in loaded) {
      issues.push({ source: file, field, message: loaded.problem });
      continue;
    }
    const { module } = loaded;
    if (module.games !== null && !module.games.includes(game.id)) {
      issues.push({ source: file, field, message: `metric module "${path}" is for ${module.games.join(', ')}, not ${game.id}` });
    } else if (metricModules.some((other) => other.name === module.name)) {
      issues.push({ source: file, field, message: `two metric modules are both named "${module.name}"` });
    } else {
      metricModules.push(module);
    }
  }
  return metricModules.length === 0 ? registered : { ...registered, report: withCustomMetrics(registered.report, metricModules) };
}

/**
 * `mcts(iterations=1000,c=0.7)`, or the bare id without config. A setting JSON would write as
 * another value reads as itself (`c=NaN`, `m=Map(1) {"k" => [0]}`), as a refused resume shows it
 * (review 32d: bytes were named `b={"0":1}` and a Map `m={}`, so two agents of other settings
 * could share a name); plain data reads as its JSON.
 */
export function defaultAgentName(agentId: string, config: Readonly<Record<string, unknown>>): string {
  const settings = Object.entries(config).map(([key, value]) => `${key}=${typeof value === 'string' ? value : taggedText(taggedData(value))}`);
  return settings.length === 0 ? agentId : `${agentId}(${settings.join(',')})`;
}

function pathKey(key: PropertyKey): string | number {
  return typeof key === 'number' ? key : String(key);
}

/** A scenario file's text as data, read as its extension says (JSON or YAML, a byte-order mark skipped). @throws UsageError naming `file`. */
export function scenarioFileData(written: string, file: string): unknown {
  const extension = extname(file).toLowerCase();
  // A byte-order mark an editor put first is no part of the scenario: YAML skips it, and so does
  // JSON here (JSON.parse refused it, naming a character no one can see).
  const text = written.startsWith('\ufeff') ? written.slice(1) : written;
  if (extension === '.json') {
    let data: unknown;
    try {
      data = JSON.parse(text) as unknown;
    } catch (error) {
      throw new UsageError([{ source: file, field: '', message: `not valid JSON: ${(error as Error).message.split('\n')[0]}` }]);
    }
    // JSON.parse keeps the last of two equal keys; a scenario that says `game` twice is refused,
    // as in YAML, not run as whichever came last. (JSON is YAML, so its parser finds them.)
    const asYaml = parseYamlDocument(text);
    const duplicate = asYaml.errors.find((error) => error.code === 'DUPLICATE_KEY');
    if (duplicate !== undefined) {
      const at = duplicate.linePos?.[0];
      throw new UsageError([{ source: file, field: '', message: `a key is given twice${at === undefined ? '' : ` (the second at line ${at.line}, column ${at.col})`}; expected each key once` }]);
    }
    try {
      refuseInexactWholeNumbers(asYaml, text);
    } catch (error) {
      throw new UsageError([{ source: file, field: '', message: yamlProblem(error) }]);
    }
    return data;
  }
  if (extension !== '.yaml' && extension !== '.yml') {
    throw new UsageError([{ source: file, field: '', message: `unknown extension "${extension}"; expected .yaml, .yml or .json` }]);
  }
  try {
    return parseStrictYaml(text);
  } catch (error) {
    // The parser reports nesting deep enough to overflow the stack as a parse error too.
    throw new UsageError([{ source: file, field: '', message: yamlProblem(error instanceof YAMLParseError || error instanceof StrictYamlError ? error : String(error)) }]);
  }
}

/**
 * Whether `--set assignment` sets a seat's agent setting (`seat2.iterations=500`) rather than a
 * game parameter: a parameter the game itself names `seat2` is a parameter, as `--set` reads it
 * (review 33a: a ladder and tune took `--set seat1.x=2` of such a parameter for a seat's setting,
 * played the default, and recorded the flag).
 */
export function isSeatAssignment(assignment: string, game: AnyGame): boolean {
  const at = assignment.indexOf('=');
  const top = (at < 0 ? assignment : assignment.slice(0, at)).trim().split('.')[0] ?? '';
  return /^seat\d+$/.test(top) && !Object.hasOwn(game.parameters, top);
}

/**
 * Parses `--set key=value`: the key is a parameter name, optionally a dotted path into it
 * (`traps.40=5`); the value is read as YAML, so `4`, `true`, `[3, 10]` and `{40: 4}` all work.
 */
export function parseAssignment(assignment: string): { path: string[]; value: unknown } {
  const at = assignment.indexOf('=');
  const key = at < 0 ? '' : assignment.slice(0, at).trim();
  if (at < 0 || key === '' || key.split('.').some((part) => part === '')) {
    throw new UsageError([{ source: `--set ${assignment}`, field: '', message: 'expected key=value, e.g. --set actionPoints=4' }]);
  }
  const path = key.split('.');
  const unsafe = path.find(isUnsafeKey);
  if (unsafe !== undefined) throw new UsageError([{ source: `--set ${assignment}`, field: key, message: unsafeKeyMessage(unsafe) }]);
  let value: unknown;
  try {
    value = parseStrictYaml(assignment.slice(at + 1));
  } catch (error) {
    // One value on one line: its line number says nothing.
    const readable = error instanceof StrictYamlError && error.kind !== 'syntax';
    throw new UsageError([{ source: `--set ${assignment}`, field: key, message: readable ? yamlProblem(error).replace(' at line 1 ', ' ').replace(' (line 1)', '') : `value is ${yamlProblem(error)}` }]);
  }
  const inside = findUnsafeKey(value, path);
  if (inside !== null) throw new UsageError([{ source: `--set ${assignment}`, field: inside.field, message: inside.message }]);
  return { path, value };
}

/** The --set flags that gave parameters (`setBy`: parameter → assignment), each once, as typed: for a problem of the parameters as a whole. */
export function setFlagsText(setBy: ReadonlyMap<string, string>): string {
  return [...new Set(setBy.values())].map((assignment) => `--set ${assignment}`).join(' ');
}

/**
 * Sets `value` at a dotted path inside `target`, creating the objects on the way. Refuses the
 * keys of {@link isUnsafeKey}: every caller checks its input first, this is the last guard.
 */
export function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const unsafe = path.find(isUnsafeKey);
  if (unsafe !== undefined) throw new UsageError([{ source: path.join('.'), field: '', message: unsafeKeyMessage(unsafe) }]);
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < path.length; i++) {
    const key = path[i] as string;
    // A Map, Set, date or bytes (YAML 1.1's !!omap, !!set, timestamps, !!binary) holds no fields a
    // dotted key could set: one set on it was read by nothing (review 30f).
    const prototype: unknown = Object.getPrototypeOf(node);
    if (!Array.isArray(node) && prototype !== Object.prototype && prototype !== null) {
      throw new UsageError([{ source: path.slice(0, i).join('.'), field: '', message: `is ${describeHolder(node)}, whose entries a dotted key cannot set; expected the whole value, such as --set ${path[0] ?? ''}=...` }]);
    }
    // In a list (a pair of bounds, a deck's counts) a dotted key is an entry's index: `zombieHealth.1=5`.
    const at: string | number = Array.isArray(node) ? listIndex(node, key, path.slice(0, i)) : key;
    const container = node as Record<string | number, unknown>;
    if (i === path.length - 1) {
      container[at] = value;
      return;
    }
    const next = Array.isArray(node) || Object.hasOwn(node, key) ? container[at] : undefined;
    if (typeof next !== 'object' || next === null) container[at] = {};
    node = container[at] as Record<string, unknown> | unknown[];
  }
}

/** What a value no dotted key can reach into is, as a message says it. */
function describeHolder(value: object): string {
  if (value instanceof Map) return 'a Map (YAML 1.1 !!omap)';
  if (value instanceof Set) return 'a Set (YAML 1.1 !!set)';
  if (value instanceof Date) return 'a date';
  return ArrayBuffer.isView(value) ? 'bytes' : 'not a mapping';
}

/** `key` as an index of `list`, the value at `above`. @throws UsageError unless it is one of the list's indices. */
function listIndex(list: readonly unknown[], key: string, above: readonly string[]): number {
  const index = /^(0|[1-9]\d*)$/.test(key) ? Number(key) : Number.NaN;
  if (!(index < list.length)) {
    throw new UsageError([{ source: above.join('.'), field: '', message: `is a list of ${list.length} entries: expected an index from 0 to ${list.length - 1} after it, got "${key}"` }]);
  }
  return index;
}
