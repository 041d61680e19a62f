/**
 * Game modules from outside the repository: a scenario's `game:` may name a module file
 * (`./my-game.mjs`, relative to the scenario file, like agent modules) or an installed package,
 * instead of a built-in id. Its default export is either a {@link GameDefinition} (the rules
 * alone: the game then gets the generic report of `reports/generic-report.ts`) or a
 * {@link GameModule} (`{ game, report?, charts?, defaultMetric?, ... }`), the same object a
 * built-in game's folder exports, so a module game takes the same path as a built-in one.
 *
 * The module is loaded by its absolute path, which the returned module keeps (`source`), so a
 * worker thread, `report` and `merge` load the very same file again.
 */
import { editDistance, isSlipOf } from '../core/did-you-mean.js';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { AnyGame } from '../core/game.js';
import type { AnyFigureUnit } from '../core/figure-unit.js';
import type { GameModule, GameModuleSource } from '../core/game-module.js';
import { describeValues } from '../core/match-runner.js';
import { pathToFileURL } from 'node:url';
import { defaultExport, importFailure, notAModuleFile, uncompiledModule } from '../core/user-module.js';
import { genericReport, withEngineEvents } from '../reports/generic-report.js';
import { describeExport, isModulePath } from './agent-module.js';
import { moduleGraphDigest } from './module-digest.js';
import { BIDI_CONTROL, CONTROL_CHARACTER } from '../core/one-line.js';
import { copiedDataProblem } from '../core/game-params.js';
import { MAX_SUMMARY_NESTING, RECORDED_PARAMETER_KEYS } from '../core/safe-keys.js';
import { recordedShapeProblem } from '../core/tagged-data.js';
import { accessorPath, selfHoldingPath, unwritablePart } from '../core/written-keys.js';
import { settingsText } from '../core/settings-text.js';
import { columnNamesProblem, ownMatchColumns, summaryTablesProblem, tableFilesProblem } from '../run/run-files.js';
import { DEFAULT_CONFIDENCE } from '../stats/rate-interval.js';

/** The functions every game definition has (`src/core/game.ts`); `validateParameters` may be left out. */
const GAME_FUNCTIONS = [
  'maxLength',
  'setup',
  'currentPlayer',
  'legalActions',
  'chanceOutcomes',
  'sampleChance',
  'apply',
  'isTerminal',
  'returns',
  'heuristic',
  'observe',
  'clone',
  'actionKey',
  'describeState',
] as const;
/** The functions a game definition may leave out; given, each must be a function. */
const OPTIONAL_GAME_FUNCTIONS = ['validateParameters', 'determinize', 'endedAtCap', 'chanceGroups'] as const;
const REPORT_FUNCTIONS = ['createCollector', 'emptyAggregate', 'mergeAggregates', 'summarize', 'formatSummary'] as const;

const EXPECTED =
  'expected a default export: a game definition (id, title, seats, parameters, utilityBounds, hiddenInformation, setup, legalActions, apply, ...) ' +
  'or a game module ({ game, report?, defaultMetric?, charts? })';

/** Whether `game:` names a package (`my-game`, `@studio/my-game`) rather than a file. */
const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

/** Whether a scenario's `game:` could name a module (a path or a package name) rather than only a built-in id. */
export function isGameModuleSpec(spec: string): boolean {
  return isModulePath(spec) || PACKAGE_NAME.test(spec);
}

/**
 * The file a package name stands for, looked up in the `node_modules` folders above `from`: its
 * `exports` (the `import`, `node` or `default` condition of `.`), else `main`, else `index.js`.
 */
function packageEntry(name: string, from: string): string | null {
  for (let folder = from; ; folder = dirname(folder)) {
    const root = join(folder, 'node_modules', name);
    const manifest = join(root, 'package.json');
    if (existsSync(manifest)) {
      let data: { exports?: unknown; main?: unknown };
      try {
        data = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown; main?: unknown };
      } catch {
        return null;
      }
      const entry = exportTarget(data.exports) ?? (typeof data.main === 'string' ? data.main : 'index.js');
      return resolve(root, entry);
    }
    if (dirname(folder) === folder) return null;
  }
}

/** The file `exports` maps `.` to, under the conditions an ES module import uses. */
function exportTarget(exports: unknown): string | null {
  if (typeof exports === 'string') return exports;
  if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) return null;
  const record = exports as Record<string, unknown>;
  if ('.' in record) return exportTarget(record['.']);
  for (const condition of ['import', 'node', 'default']) {
    if (condition in record) {
      const target = exportTarget(record[condition]);
      if (target !== null) return target;
    }
  }
  return null;
}

/** A field's value as a message shows it: JSON where it can be, else its type. */
function shownValue(value: unknown): string {
  // A list as its values (NaN and Infinity as themselves, where JSON says null).
  if (Array.isArray(value) && value.length <= 8) return describeValues(value);
  try {
    return JSON.stringify(value)?.slice(0, 80) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/**
 * A function of the game definition named as a slip of an optional function it does not have:
 * the same letters in another case (`endedAtcap`), or one edit away (`validateParamters`,
 * `determinise`) but not one `s` more or less (`chanceGroup`, `validateParameter`, a helper's
 * plausible name). The game would run without it, unsaid: a misspelt validateParameters checked
 * no parameters at all. Null when there is none; a near name beside the function itself is the
 * game's own. Review 33c: two edits took helpers (`determine`, `endedAtMax`) for slips.
 */
function misspeltOptionalFunction(game: Readonly<Record<string, unknown>>): string | null {
  for (const key of Object.keys(game)) {
    if (typeof game[key] !== 'function' || (GAME_FUNCTIONS as readonly string[]).includes(key) || (OPTIONAL_GAME_FUNCTIONS as readonly string[]).includes(key)) continue;
    const meant = OPTIONAL_GAME_FUNCTIONS.find((name) => game[name] === undefined && isSlipOf(key, name));
    if (meant !== undefined) return `has a function "${key}", which is no part of a game definition; did you mean ${meant}? (as written, the game runs without it; rename a helper of your own)`;
  }
  return null;
}

/**
 * Why a parameter's default, read by a getter (the default itself, or a field inside it), could
 * give each use another value, or null: each match's copy, each level file and the summary read
 * it anew (review 33a F7: a level file could hold another value than the run played). A getter
 * that gives the same each time (a CommonJS module's re-exports, as tsc writes them) is taken
 * (review 34e): the default is read twice and compared as an agent's settings are.
 */
function unsteadyDefault(spec: object): string | null {
  const isGetter = Object.getOwnPropertyDescriptor(spec, 'default')?.get !== undefined;
  const first = (spec as { default: unknown }).default;
  const where = isGetter ? null : accessorPath(first);
  if (!isGetter && where === null) return null;
  if (settingsText(first) === settingsText((spec as { default: unknown }).default)) return null;
  const at = where === null ? 'is a getter that' : `holds a getter at ${where} that`;
  return `${at} gave another value when read again; expected a value that stays as it is (each match, level file and summary reads it anew)`;
}

/** Why `value` is not a game definition (naming the first field at fault), or null. */
export function gameDefinitionProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `is ${describeExport(value)}, not a game definition`;
  const game = value as Record<string, unknown>;
  // Said as "has no" only when it is missing; a value that is there but wrong is shown.
  const has = (name: string): string => (game[name] === undefined ? `has no ${name}` : `has ${name} ${shownValue(game[name])}`);
  if (typeof game['id'] !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/i.test(game['id'])) return `${has('id')} (expected text of letters, digits, ".", "_" or "-", starting with a letter or digit, such as "dice-race")`;
  if (typeof game['title'] !== 'string') return 'has no title (expected text, such as "Dice Race")';
  // The title heads every summary: a line break split it, a bidirectional control reordered it (audit 36a).
  if (CONTROL_CHARACTER.test(game['title']) || BIDI_CONTROL.test(game['title'])) return `has title ${JSON.stringify(game['title'])}; expected text on one line, with no control or bidirectional formatting character`;
  const seats = game['seats'];
  if (!Array.isArray(seats) || seats.length === 0 || !seats.every((seat) => typeof seat === 'string')) return `${Array.isArray(seats) && seats.length === 0 ? 'has no seats' : has('seats')} (expected a list of seat names, such as ["First", "Second"])`;
  // Every figure Hordelab reports of a match (wins, draws, first-mover edges, agents' results)
  // compares seats' returns: a win is the one strictly highest.
  if (seats.length === 1) return `has one seat (${String(seats[0])}); expected at least two: a win is the strictly highest return among seats, so every figure compares seats (give a one-player game a second seat that never acts, with a fixed return to beat)`;
  // Reports name seats: two alike print two rows no reader can tell apart, a line break splits one.
  const repeated = seats.find((seat, index) => seats.indexOf(seat) !== index);
  if (repeated !== undefined) return `has seats ${shownValue(seats)}, naming ${JSON.stringify(repeated)} twice; expected a distinct name for each seat`;
  const broken = seats.find((seat) => seat === '' || CONTROL_CHARACTER.test(seat as string) || BIDI_CONTROL.test(seat as string));
  if (broken !== undefined) return `has a seat named ${JSON.stringify(broken)}; expected each seat's name non-empty and on one line, with no bidirectional formatting character (it would reorder the rows it is printed in)`;
  const parameters = game['parameters'];
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) return 'has no parameters (expected an object of param.int(...), param.real(...), ...; {} for none)';
  for (const [name, spec] of Object.entries(parameters)) {
    const schema = (spec as { schema?: { safeParse?: unknown } } | null)?.schema;
    if (typeof schema?.safeParse !== 'function' || !Object.hasOwn(spec as object, 'default')) return `has parameter "${name}" without a schema and default (expected param.int({ ... }) or the like)`;
    // Every match gets its own copy of the parameters: a default a copy cannot follow would
    // overflow the stack or take hours, and only once a run has started.
    const uncopiable = copiedDataProblem((spec as { default: unknown }).default);
    if (uncopiable !== null) return `has parameter "${name}" whose default is ${uncopiable}`;
    // summary.json records the parameters (review 31d: a default too deep for it was blamed on the scenario, and passed conform).
    const unrecordable = recordedShapeProblem((spec as { default: unknown }).default, MAX_SUMMARY_NESTING - RECORDED_PARAMETER_KEYS);
    if (unrecordable !== null) return `has parameter "${name}" whose default ${unrecordable}, or a run of it could not be reported`;
    // A ladder's level file and tune's tuned scenario write a default into a scenario, which can
    // hold no value that holds itself (review 32d), no key that reaches a prototype (32b), and only
    // plain Map keys (32e): such a default made files no run could read. Walked after the copy's
    // check, which bounds its size.
    const ring = selfHoldingPath((spec as { default: unknown }).default);
    if (ring !== null) return `has parameter "${name}" whose default holds itself (${ring === '' ? 'the default' : ring} is a part of itself); no scenario, level or tuned file can write it: build such a structure in setup() from plain data`;
    const unsafe = unwritablePart((spec as { default: unknown }).default);
    if (unsafe !== null) return `has parameter "${name}" whose default holds ${unsafe.field}: ${unsafe.message}; a scenario could not give it, so no level or tuned file could hold it`;
    const unsteady = unsteadyDefault(spec as object);
    if (unsteady !== null) return `has parameter "${name}" whose default ${unsteady}`;
  }
  const bounds = game['utilityBounds'];
  // Equal bounds leave no room for a result: every return, and every heuristic, would be one value.
  if (!Array.isArray(bounds) || bounds.length !== 2 || !bounds.every((bound) => typeof bound === 'number' && Number.isFinite(bound)) || (bounds[0] as number) >= (bounds[1] as number)) {
    return `${has('utilityBounds')} (expected [lowest, highest] return, finite, lowest below highest, such as [-1, 1])`;
  }
  if (typeof game['hiddenInformation'] !== 'boolean') return 'has no hiddenInformation (expected true or false)';
  const missing = GAME_FUNCTIONS.find((name) => typeof game[name] !== 'function');
  if (missing !== undefined) return `has no ${missing}() function`;
  const notFunction = OPTIONAL_GAME_FUNCTIONS.find((name) => game[name] !== undefined && typeof game[name] !== 'function');
  if (notFunction !== undefined) return `has a ${notFunction} that is not a function (leave it out, or make it one)`;
  const misspelt = misspeltOptionalFunction(game);
  if (misspelt !== null) return misspelt;
  let leader: unknown;
  try {
    leader = (game['heuristic'] as { leader?: unknown }).leader;
  } catch (error) {
    return `has a heuristic.leader that cannot be read (${error instanceof Error ? error.message : 'a value was thrown'})`;
  }
  if (leader !== undefined && typeof leader !== 'function') return 'has a heuristic.leader that is not a function (leave it out, or make it one)';
  if (game['hiddenInformation'] === true && typeof game['determinize'] !== 'function') return 'hides information but has no determinize() function';
  return null;
}

/** Why `value` (the `report` of a game module whose game has `seats` seats) is not a report, or null. */
function reportProblem(value: unknown, seats: number): string | null {
  if (typeof value !== 'object' || value === null) return `has a report that is ${describeExport(value)}`;
  const report = value as Record<string, unknown>;
  if (!Array.isArray(report['matchColumns'])) return 'has a report without matchColumns (expected a list of column names, [] for none)';
  if (!Array.isArray(report['eventTables'])) return 'has a report without eventTables (expected a list of tables, [] for none)';
  const missing = REPORT_FUNCTIONS.find((name) => typeof report[name] !== 'function');
  if (missing !== undefined) return `has a report without ${missing}()`;
  const types = eventTypesProblem(report['eventTypes']);
  if (types !== null) return `has a report whose ${types}`;
  const tables = reportTablesProblem(report, seats);
  return tables === null ? null : `has a report whose ${tables}`;
}

/**
 * Why a report's tables could not be written as declared, said after "whose", or null: its
 * columns of matches.csv (each once, none of Hordelab's own), its event tables and the summary
 * tables it gives for an empty summary (each a plain file name of its own in the run's folder,
 * none Hordelab's, each once). Audit 36c: `../escaped.csv` was written outside the run's folder,
 * `matches.csv` was replaced by events, a `seed` column was written twice, all with exit 0.
 * Summary tables are named by the game, not by the results (`runFileNames`): the names an empty
 * summary gives are checked here, before anything is written, and those of the run's summary
 * again as it is written (a report that cannot summarise nothing is left to that).
 */
function reportTablesProblem(report: Readonly<Record<string, unknown>>, seats: number): string | null {
  const columns = columnNamesProblem(report['matchColumns'], ownMatchColumns(seats));
  if (columns !== null) return `matchColumns are ${columns}`;
  const tables = report['eventTables'] as unknown[];
  for (const [index, table] of tables.entries()) {
    if (typeof table !== 'object' || table === null || Array.isArray(table)) return `eventTables[${index}] is ${shownValue(table)}; expected a table, { file, columns }`;
    const tableColumns = columnNamesProblem((table as Record<string, unknown>)['columns']);
    if (tableColumns !== null) return `eventTables[${index}].columns are ${tableColumns}`;
  }
  const files = tables.map((table) => (table as Record<string, unknown>)['file']);
  const eventFiles = tableFilesProblem(files.map((file, index) => ({ field: `eventTables[${index}].file`, file })));
  if (eventFiles !== null) return eventFiles;
  const summaryTables = report['summaryTables'];
  if (summaryTables === undefined) return null;
  if (typeof summaryTables !== 'function') return `summaryTables is ${describeExport(summaryTables)}; expected a function of the summary giving a list of { file, columns, rows } (leave it out for none)`;
  let given: unknown;
  try {
    const empty: unknown = (report['summarize'] as (aggregate: unknown, confidence: number) => unknown).call(report, (report['emptyAggregate'] as () => unknown).call(report), DEFAULT_CONFIDENCE);
    given = (summaryTables as (summary: unknown) => unknown).call(report, empty);
  } catch {
    return null;
  }
  const problem = summaryTablesProblem(given, files as string[]);
  return problem === null ? null : `summaryTables(summary) gave, for a run of no matches, ${problem}`;
}

/**
 * Why an optional `eventTypes` (the event types a report or figure unit reads) is not a list of
 * type names, said from `eventTypes`, or null. A wrong one would not fail: its collectors would
 * just not hear some events.
 */
function eventTypesProblem(value: unknown): string | null {
  if (value === undefined) return null;
  if (!Array.isArray(value)) return `eventTypes is ${describeExport(value)}; expected a list of event type names (leave it out to hear every event)`;
  const index = value.findIndex((type) => typeof type !== 'string' || type === '');
  if (index < 0) return null;
  const entry: unknown = value[index];
  const shown = typeof entry === 'string' ? '""' : typeof entry === 'number' || typeof entry === 'boolean' ? String(entry) : describeExport(entry);
  return `eventTypes[${index}] is ${shown}; expected an event type name`;
}

/**
 * A {@link GameModule} from what a module exports (or a library caller passes): a game module
 * taken as it is, or a bare game definition given the generic report. A problem message
 * (without the module's name) instead when it is neither.
 */
export function gameModuleFromExport(exported: unknown): { module: GameModule } | { problem: string } {
  // Reading the definition runs the module's code (a getter, a proxy): a throw there is the
  // module's problem, said in one line, not an internal failure of Hordelab's.
  try {
    return readGameModule(exported);
  } catch (error) {
    return { problem: `threw while its definition was read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function readGameModule(exported: unknown): { module: GameModule } | { problem: string } {
  if (typeof exported !== 'object' || exported === null || Array.isArray(exported)) return { problem: `exports ${exported === undefined ? 'no default' : describeExport(exported)}` };
  const candidate = exported as Record<string, unknown>;
  if (typeof candidate['then'] === 'function') return { problem: 'exports a promise, not the game (a module may await before exporting: export default await makeGame())' };
  if (!('game' in candidate)) {
    const problem = gameDefinitionProblem(candidate);
    if (problem !== null) return { problem: `exports an object that ${problem}` };
    // A game module's parts set on the definition itself would be read by nothing (review 29d:
    // figures given so were silently left out of every report).
    const moduleParts = moduleLookingParts(candidate);
    if (moduleParts.length > 0) {
      return { problem: `exports a game definition with ${moduleParts.join(', ')} on it, which a definition does not read; expected them beside it: export default { game, ${moduleParts.join(', ')} }` };
    }
    return { module: withGenericReport(normalized(candidate as unknown as AnyGame)) };
  }
  const problem = gameDefinitionProblem(candidate['game']);
  if (problem !== null) return { problem: `exports a game module whose game ${problem}` };
  // The module's parts are read from its top level only: set on its game they would be read by
  // nothing (review 30c: figures silently missing).
  const inner = moduleLookingParts(candidate['game'] as Record<string, unknown>);
  if (inner.length > 0) return { problem: `exports a game module whose game carries ${inner.join(', ')}, which only the module's top level is read for; expected them beside the game: export default { game, ${inner.join(', ')} }` };
  // A near miss of a part's name, holding what that part holds (figure: [a figure unit]), is that
  // part misspelt, read by nothing (review 30e); other keys of a module's own are left alone.
  for (const key of Object.keys(candidate)) {
    if (key === 'game' || key === 'source' || Object.hasOwn(PART_SHAPES, key)) continue;
    // One edit from a part whose shape is its own (not any function or text): `figure: [unit]`,
    // where `cards: () => [...]` beside the game is the module's own (review 30f).
    const meant = Object.keys(PART_SHAPES).find((name) => editDistance(key, name) <= 1);
    if (meant !== undefined && (PART_SHAPES[meant] as (value: unknown) => boolean)(candidate[key])) return { problem: `exports a game module with "${key}", which is not the name of a part of a game module; did you mean ${meant}?` };
  }
  const game = normalized(candidate['game'] as AnyGame);
  for (const name of ['charts', 'lengthCap'] as const) {
    if (candidate[name] !== undefined && typeof candidate[name] !== 'function') return { problem: `exports a game module whose ${name} is not a function` };
  }
  // A board drawing without its size fails only when a replay page is drawn (review 30g): said at load.
  const render = candidate['render'] as Record<string, unknown> | undefined;
  if (render !== undefined && (typeof render !== 'object' || render === null || typeof render['board'] !== 'function' || typeof render['size'] !== 'function')) {
    return { problem: 'exports a game module whose render is not an object with board(state) and size(state) functions' };
  }
  const figures = figureUnits(candidate['figures']);
  if (typeof figures === 'string') return { problem: `exports a game module whose figures ${figures}` };
  const decks = decksProblem(candidate['decks'], game.seats);
  if (decks !== null) return { problem: `exports a game module whose decks ${decks}` };
  const parts = (figures === undefined ? candidate : { ...candidate, figures }) as unknown as GameModule;
  if (candidate['report'] === undefined) {
    const base = withGenericReport(game);
    const defaultMetric = candidate['defaultMetric'];
    return { module: { ...base, ...parts, game: base.game, report: base.report, defaultMetric: typeof defaultMetric === 'string' ? defaultMetric : base.defaultMetric } };
  }
  const problemOfReport = reportProblem(candidate['report'], game.seats.length);
  if (problemOfReport !== null) return { problem: `exports a game module that ${problemOfReport}` };
  if (typeof candidate['defaultMetric'] !== 'string') return { problem: 'exports a game module with a report but no defaultMetric (expected the results path sweep and tune report, such as "p1WinRate")' };
  return { module: { ...parts, game } };
}

const isFunction = (value: unknown): boolean => typeof value === 'function';
/** A list with some entry an object that `item` says is of the part's kind: one malformed entry does not make the rest a game's own (review 30f). */
const isListWith = (value: unknown, item: (entry: Record<string, unknown>) => boolean): boolean =>
  Array.isArray(value) && value.some((entry) => typeof entry === 'object' && entry !== null && item(entry as Record<string, unknown>));

/**
 * A {@link GameModule}'s parts besides its game, each with the shape of what it holds. A game
 * definition carrying one in that shape surely meant it for its module, which alone reads it
 * (review 29d, 30c: figures so given were silently missing from every report); one of another
 * shape (a game keeping its own `decks` of cards, a list of `figures` pieces) is the game's own
 * (review 30d).
 */
const PART_SHAPES: Readonly<Record<string, (value: unknown) => boolean>> = {
  report: (value) => typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)['createCollector'] === 'function',
  defaultMetric: (value) => typeof value === 'string',
  headlines: (value) => isListWith(value, (entry) => typeof entry['path'] === 'string' && typeof entry['label'] === 'string'),
  figures: (value) => isListWith(value, (entry) => typeof entry['name'] === 'string' && typeof entry['create'] === 'function'),
  charts: isFunction,
  lengthCap: isFunction,
  decks: (value) => isListWith(value, (entry) => typeof entry['path'] === 'string' && typeof entry['seat'] === 'number'),
  render: (value) => typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)['board'] === 'function',
};


/** The parts of a game module `object` (a game definition) holds in their part's shape. */
function moduleLookingParts(object: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(PART_SHAPES).filter((name) => object[name] !== undefined && (PART_SHAPES[name] as (value: unknown) => boolean)(object[name]));
}

const FIGURE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * A game module's `figures` with titles and descriptions filled in, or why they are not a list
 * of figure units ({ name, create(params) }, names unique and usable as result keys).
 */
function figureUnits(value: unknown): AnyFigureUnit[] | string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return `are ${describeExport(value)}; expected a list of { name, create(params) }`;
  const units: AnyFigureUnit[] = [];
  for (const [index, unit] of value.entries()) {
    const record = (typeof unit === 'object' && unit !== null ? unit : {}) as Record<string, unknown>;
    const name = record['name'];
    if (typeof name !== 'string' || !FIGURE_NAME.test(name)) return `[${index}] has name ${JSON.stringify(name)}; expected letters, digits, "-" or "_", starting with a letter`;
    if (typeof record['create'] !== 'function') return `[${index}] ("${name}") has no create(params) function`;
    if (units.some((other) => other.name === name)) return `name "${name}" twice; each figure needs a name of its own`;
    const types = eventTypesProblem(record['eventTypes']);
    if (types !== null) return `[${index}] ("${name}"): ${types}`;
    const create = record['create'] as AnyFigureUnit['create'];
    units.push({
      name,
      title: typeof record['title'] === 'string' ? record['title'] : name,
      description: typeof record['description'] === 'string' ? record['description'] : '',
      ...(record['eventTypes'] === undefined ? {} : { eventTypes: [...(record['eventTypes'] as string[])] }),
      create: (params: unknown) => create.call(unit, params),
    });
  }
  return units;
}

/**
 * Why a game module's `decks` is not a list of `{ path, seat }`, each path once and each seat a
 * seat of the game, 0-based as the game's own seats are; null when it is. A seat past the last
 * studied no one's win rate, and one given 1-based (as a scenario's `cards.decks` writes it)
 * is caught where it falls past the last seat; said with the seat's name, so the side is plain.
 */
function decksProblem(value: unknown, seats: readonly string[]): string | null {
  const shownValue = (item: unknown): string => (typeof item === 'number' ? String(item) : typeof item === 'string' ? JSON.stringify(item) : describeExport(item));
  if (value === undefined) return null;
  if (!Array.isArray(value)) return `are ${describeExport(value)}; expected a list of { path, seat }, seat 0-based (0 is ${seats[0]})`;
  const paths = new Set<string>();
  for (const [index, deck] of value.entries()) {
    const record = (typeof deck === 'object' && deck !== null ? deck : {}) as Record<string, unknown>;
    const path = record['path'];
    if (typeof path !== 'string' || path === '') return `[${index}] has path ${shownValue(path)}; expected the parameter path of a deck, such as "decks.plants"`;
    const seat = record['seat'];
    if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= seats.length) {
      return `[${index}] ("${path}") has seat ${shownValue(seat)}; expected a seat 0..${seats.length - 1}, 0-based as the game's seats are (${seats.map((name, i) => `${i} ${name}`).join(', ')})`;
    }
    if (paths.has(path)) return `[${index}] gives "${path}" again; give each deck once`;
    paths.add(path);
  }
  return null;
}

/** A definition with the optional parts filled in. */
function normalized(game: AnyGame): AnyGame {
  return typeof game.validateParameters === 'function' ? game : { ...game, validateParameters: () => [] };
}

/** The rules wrapped to emit what the generic report reads, with that report and its default metric. */
function withGenericReport(game: AnyGame): GameModule {
  return {
    game: withEngineEvents(game),
    report: genericReport(game.id, game.seats),
    defaultMetric: 'seat1WinRate',
    // Seat 1's share of the decided matches, against 1/seats: its share of all matches would be
    // pulled below 1/seats by draws alone (review19g: 33% wins with 40% draws read "below 50%").
    // The draws beside it: a level where every match is drawn has no decided share to read.
    headlines: [
      // Its reference counted over the seats that act, where some never do (audit 37a F5).
      { path: 'decided.seat1WinRate', label: `${game.seats[0] ?? 'seat 1'} wins among decided matches`, reference: 1 / game.seats.length, fairShare: true },
      { path: 'drawRate', label: game.seats.length > 2 ? 'Draws (every seat alike)' : 'Draws' },
      // With three or more seats a team's win is a shared top: the first seat's share of the
      // matches it ended at the top, alone or shared (no reference: a fair share depends on the teams).
      ...(game.seats.length > 2
        ? [
            { path: 'sharedTopRate', label: 'Top shared by some seats' },
            { path: 'seat1TopRate', label: `${game.seats[0] ?? 'seat 1'} at the top, alone or shared` },
          ]
        : []),
    ],
  };
}

/**
 * Loads the game module `spec` names (a path relative to `scenarioFile`, or a package name
 * looked up from the scenario's folder). A problem message naming the module and what was
 * expected instead when it cannot be loaded or is not a game.
 */
export async function loadGameModule(spec: string, scenarioFile: string): Promise<{ module: GameModule } | { problem: string }> {
  const uncompiled = uncompiledModule(spec, 'game module');
  if (uncompiled !== null) return { problem: uncompiled };
  const from = dirname(resolve(scenarioFile));
  const path = isModulePath(spec) ? (isAbsolute(spec) ? spec : resolve(from, spec)) : packageEntry(spec, from);
  if (path === null) return { problem: `no package "${spec}" installed in a node_modules folder above ${from}` };
  return loadGameModuleFile(spec, path);
}

/** Loads the game module at the absolute `path`; `spec` names it in messages. */
export async function loadGameModuleFile(spec: string, path: string): Promise<{ module: GameModule } | { problem: string }> {
  // The file and the files it imports: a game whose rules sit beside its entry is edited there.
  const notAFile = notAModuleFile(path);
  if (notAFile !== null) return { problem: `cannot load game module "${spec}": ${notAFile}` };
  let sha256: string;
  try {
    sha256 = moduleGraphDigest(path);
  } catch {
    return { problem: `cannot load game module "${spec}": no module at ${path}` };
  }
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    return { problem: `cannot load game module "${spec}": ${importFailure(error, path)}` };
  }
  let exported: unknown;
  try {
    exported = defaultExport(loaded);
  } catch (error) {
    return { problem: `game module "${spec}" threw while its definition was read: ${error instanceof Error ? error.message : String(error)}` };
  }
  const result = gameModuleFromExport(exported);
  // What a module should export is said where the problem does not already say what it expected.
  if ('problem' in result) return { problem: `game module "${spec}" ${result.problem}${/\bexpected\b/.test(result.problem) ? '' : `; ${EXPECTED}`}` };
  const source: GameModuleSource = { spec, path, sha256 };
  return { module: { ...result.module, source } };
}
