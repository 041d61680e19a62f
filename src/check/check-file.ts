/**
 * Check files (`*.checks.yaml`): balance checks that gate CI. Each check names a scenario (a
 * file, relative to the checks file, or an inline game with parameters and seats), a rate or a
 * mean by its path in the run summary (`p1WinRate`, one agent's
 * `outcomes.byAgent.<name>.overall.win`, `quality.branching`), a band (a rate's within 0..1, a
 * mean's in its own units), a confidence and a match budget (bounds: `core/input-bounds.ts`):
 *
 * ```yaml
 * failOnInconclusive: false        # optional: exit 1 instead of 3 when a budget of this file's checks runs out
 * checks:
 *   - name: first-player-edge
 *     scenario: trainers-first-player.yaml
 *     metric: p1WinRate
 *     between: [0.45, 0.55]        # or atLeast: 0.5, or atMost: 0.6
 *     confidence: 0.95             # optional (0.95)
 *     margin: 0.01                 # optional: indifference either side of an edge, in the metric's units (0.01)
 *     budget: 20000                # most matches to play
 *     batch: 200                   # optional: the first batch; each next one doubles
 *     ladder: [random, greedy, "mcts:iterations=300"]   # optional: the band must hold at every level
 *   - name: coin
 *     game: coin-flip              # inline instead of a scenario file
 *     params: { winRate: 0.5 }
 *     seats: [random, random]
 *     metric: p1WinRate
 *     atLeast: 0.4
 *     budget: 5000
 * ```
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml, YAMLParseError } from 'yaml';
import { parseStrictYaml, yamlProblem } from '../core/strict-yaml.js';
import { z } from 'zod';
import { UsageError, type InputIssue } from '../core/errors.js';
import { utf8Text } from '../core/utf8-text.js';
import { BOUNDS } from '../core/input-bounds.js';
import { boundedNumber } from '../core/bounded-number.js';
import { formatPath } from '../core/parameters.js';
import { findUnsafeKey } from '../core/safe-keys.js';
import { isSpecialFile } from '../core/special-file.js';
import { loadScenario, notAMapping, parseScenario, type Scenario } from '../scenario/scenario.js';
import { levelScenario } from '../ladder/level-scenario.js';
import { levelCheckSuffix, readLevels, refuseRepeatedLevels } from '../ladder/levels.js';
import { refuseLevelsPlayedAlike } from '../ladder/ladder.js';
import { percentOf } from '../reports/format.js';

export type Band = { readonly kind: 'between'; readonly low: number; readonly high: number } | { readonly kind: 'atLeast'; readonly value: number } | { readonly kind: 'atMost'; readonly value: number };

export interface CheckSpec {
  readonly name: string;
  /** The checks file it came from, and its index there (for messages and reports). */
  readonly file: string;
  readonly index: number;
  /** The scenario, its match count set to the budget. */
  readonly scenario: Scenario;
  /**
   * The scenario as the checks file names it (`trainers-first-player.yaml`, relative to the
   * file) or `inline <game>`: what a baseline records, the same on every machine.
   */
  readonly scenarioLabel: string;
  readonly metric: string;
  readonly band: Band;
  readonly confidence: number;
  readonly margin: number;
  readonly budget: number;
  readonly batch: number;
  /**
   * For a check with `ladder:`, the check it came from and the skill level it plays: one check
   * per level, each with its own matches, all of which must pass.
   */
  readonly ladder?: { readonly check: string; readonly level: string };
  /**
   * The `--set` assignments that make `hordelab replay <scenario file>` play this check's matches,
   * or null when no replay of the scenario file can (an inline game, a ladder level's seats).
   */
  readonly replaySets: readonly string[] | null;
}

export interface CheckFile {
  readonly file: string;
  /** An inconclusive check of this file fails the run (exit 1, not 3); other files' checks are theirs to say. */
  readonly failOnInconclusive: boolean;
  readonly checks: readonly CheckSpec[];
}

// A band's edges: a rate's lie in 0..1, a mean's in its own units; which it is, the run says
// (checked before any match where the game's empty summary already has the metric).
const edge = z.number({ message: 'expected a number' });
const checkSchema = z
  .strictObject({
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: 'expected a letter or digit first, then letters, digits, ".", "_" or "-" (it names the baseline file)' }),
    scenario: z.string().min(1).optional(),
    game: z.string().min(1).optional(),
    params: z.record(z.string(), z.unknown()).optional(),
    seats: z.unknown().optional(),
    metrics: z.array(z.string()).optional(),
    set: z.array(z.string()).optional(),
    seed: boundedNumber(BOUNDS.seed).optional(),
    metric: z.string().min(1),
    between: z.tuple([edge, edge]).refine(([low, high]) => low < high, { message: 'expected [low, high] with low < high' }).optional(),
    atLeast: edge.optional(),
    atMost: edge.optional(),
    confidence: boundedNumber(BOUNDS.checkConfidence).default(0.95),
    margin: boundedNumber(BOUNDS.checkMargin).default(0.01),
    budget: boundedNumber(BOUNDS.budget),
    batch: boundedNumber(BOUNDS.budget).default(200),
    ladder: z.array(z.string().min(1), { message: 'expected a list of skill levels as agent specs, such as [random, greedy, "mcts:iterations=300"]' }).min(1).optional(),
  })
  .superRefine((check, context) => {
    const given = (['between', 'atLeast', 'atMost'] as const).filter((band) => check[band] !== undefined);
    // Named where the problem is: the second band given, or the check itself when none is (audit 26b: `between` was named for atLeast with atMost).
    if (given.length > 1) context.addIssue({ code: 'custom', path: [given[1] as string], message: `a second band beside ${given[0]}: give exactly one of between: [low, high], atLeast: x or atMost: x (for a band with both ends, between)` });
    else if (given.length === 0) context.addIssue({ code: 'custom', path: [], message: 'no band: give exactly one of between: [low, high], atLeast: x or atMost: x' });
    if ((check.scenario === undefined) === (check.game === undefined)) {
      context.addIssue({ code: 'custom', path: ['scenario'], message: 'give either scenario: <file> or an inline game: with seats:' });
    }
    if (check.game !== undefined && check.seats === undefined) context.addIssue({ code: 'custom', path: ['seats'], message: 'an inline game needs seats' });
    if (check.scenario !== undefined && (check.params !== undefined || check.seats !== undefined || check.metrics !== undefined)) {
      context.addIssue({ code: 'custom', path: ['params'], message: 'params, seats and metrics belong to inline checks; with scenario: use set: [key=value]' });
    }
  });

const fileSchema = z.strictObject({
  failOnInconclusive: z.boolean().default(false),
  checks: z.array(checkSchema).min(1, { message: 'expected at least one check' }),
});

const pathKey = (key: PropertyKey): string | number => (typeof key === 'number' ? key : String(key));

/** Reads and validates a checks file and every scenario it names, before anything runs. */
export async function loadCheckFile(file: string): Promise<CheckFile> {
  const data = readChecksData(file);
  const issues: InputIssue[] = [];
  const checks: CheckSpec[] = [];
  const names = new Set<string>();
  for (const [index, check] of data.checks.entries()) {
    const field = `checks[${index}]`;
    if (names.has(check.name)) issues.push({ source: file, field: `${field}.name`, message: `"${check.name}" is used twice; each check needs its own name` });
    names.add(check.name);
    const scenario = await checkScenario(file, field, check, issues);
    if (scenario === null) continue;
    if (scenario.tournament !== null) {
      issues.push({ source: file, field: `${field}.scenario`, message: 'a round robin cannot be checked; name one pairing as a rotated scenario' });
      continue;
    }
    if (scenario.rotate && (check.budget % 2 === 1 || check.batch % 2 === 1)) {
      issues.push({ source: file, field: `${field}.budget`, message: 'with rotated seats every seed is played twice: budget and batch must be even' });
      continue;
    }
    checks.push(...(await checkSpecs(file, index, check, scenario, issues)));
  }
  if (issues.length > 0) throw new UsageError(issues);
  return { file, failOnInconclusive: data.failOnInconclusive, checks };
}

type ChecksData = z.infer<typeof fileSchema>;
type CheckEntry = ChecksData['checks'][number];

/**
 * The file's data, checked against the checks file's schema: an unreadable file, YAML that is
 * not plain data, an unsafe key, a scenario given where a checks file was meant (said as such,
 * not as its fields' problems) and every field's problem are refused here.
 */
function readChecksData(file: string): ChecksData {
  if (isSpecialFile(file)) throw new UsageError([{ source: file, field: '', message: 'is not a file (a pipe, socket or device); expected a .checks.yaml file with a checks: list' }]);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? 'unreadable');
    throw new UsageError([{ source: file, field: '', message: `cannot read this checks file (${why}); expected a .checks.yaml file with a checks: list` }]);
  }
  const text = utf8Text(bytes, file);
  let raw: unknown;
  try {
    raw = parseStrictYaml(text);
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? ` at line ${error.linePos[0].line}` : '';
    throw new UsageError([{ source: file, field: '', message: yamlProblem(error, where) }]);
  }
  const shape = notAMapping(raw);
  if (shape !== null) throw new UsageError([{ source: file, field: '', message: `${shape}; expected a checks file: a mapping with a checks: list` }]);
  const unsafe = findUnsafeKey(raw);
  if (unsafe !== null) throw new UsageError([{ source: file, field: unsafe.field, message: unsafe.message }]);
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !('checks' in raw) && 'game' in raw) {
    throw new UsageError([{ source: file, field: '', message: 'is a scenario (it has game:), not a checks file; play it with hordelab run, or give check a file with a checks: list' }]);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((issue) => ({ source: file, field: formatPath(issue.path.map(pathKey)), message: issue.message })));
  }
  return parsed.data;
}

/**
 * The scenario a check plays: its scenario file (read from the checks file's folder) with the
 * check's budget, seed and `set`, or the scenario written inline in the check. Its problems go
 * to `issues`, named by the check; null then.
 */
async function checkScenario(file: string, field: string, check: CheckEntry, issues: InputIssue[]): Promise<Scenario | null> {
  // One name set twice: the later entry would win without a word, as `--set` refuses on the command line (audit 32a's follow-up).
  const names = (check.set ?? []).map((entry) => entry.slice(0, Math.max(0, entry.indexOf('='))).trim());
  const again = names.findIndex((name, at) => name !== '' && names.indexOf(name) !== at);
  if (again >= 0) {
    issues.push({ source: file, field: '', message: `${field}.set[${again}] (${check.name}): ${names[again] as string} is set twice (set[${names.indexOf(names[again] as string)}] sets it too); set each name once` });
    return null;
  }
  // With ladder: the levels replace the seats, and a seat's set: entry was dropped unsaid (audit 37b M8).
  const ladderSeats = check.ladder === undefined ? {} : { ladderSeats: `the check's ladder: list` };
  try {
    if (check.scenario !== undefined) {
      const scenarioPath = resolve(dirname(file), check.scenario);
      // A scenario that is not there is this file's mistake: named by its field here.
      if (!existsSync(scenarioPath)) {
        issues.push({ source: file, field: `${field}.scenario`, message: `no such file: ${scenarioPath} (read from the checks file's folder)` });
        return null;
      }
      if (statSync(scenarioPath).isDirectory()) {
        issues.push({ source: file, field: `${field}.scenario`, message: `${scenarioPath} is a folder; expected a scenario file (read from the checks file's folder)` });
        return null;
      }
      return await loadScenario(scenarioPath, {
        matches: check.budget,
        set: check.set ?? [],
        ...ladderSeats,
        ...(check.seed === undefined ? {} : { seed: check.seed }),
      });
    }
    const inline = stringifyYaml({
      name: check.name,
      game: check.game,
      matches: check.budget,
      seed: check.seed ?? 1,
      ...(check.params === undefined ? {} : { params: check.params }),
      ...(check.metrics === undefined ? {} : { metrics: check.metrics }),
      seats: check.seats,
    });
    return await parseScenario(inline, file, { set: check.set ?? [], ...ladderSeats });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    for (const problem of error.issues) issues.push(checkIssue(problem, file, field, check));
    return null;
  }
}

/** How loadScenario starts a problem of a file as a whole: not one to read, not YAML, not a scenario's mapping. */
const WHOLE_FILE_PROBLEM = /^(is |holds |no such file|cannot read it|not valid (JSON|YAML)|a key is given twice|unknown extension)/;

/**
 * A problem of a check's scenario as the checks file names it. Its `set:` entries are read as
 * `--set` flags are, and their problems come named so; `check` has no such flag, so they are
 * named as the file's `set` entries (audit 32a: "--set p1Hit=2: checks[0] (s): ...").
 */
function checkIssue(problem: InputIssue, file: string, field: string, check: CheckEntry): InputIssue {
  const inner = `${problem.field === '' ? '' : `${problem.field}: `}${problem.message}`;
  if (problem.source.startsWith('--set ')) {
    const at = (check.set ?? []).indexOf(problem.source.slice('--set '.length));
    return { source: file, field: '', message: `${field}.set${at < 0 ? '' : `[${at}]`} (${check.name}): ${inner.replace('e.g. --set ', 'e.g. ')}` };
  }
  // The scenario file as a whole is not one (a checks file, not YAML): the mistake is this
  // field's, and named as it (it read "b.checks.yaml: checks[0] (x): is a checks file", a field
  // b does not have). A problem inside it (an unknown key) is the file's, named as before (review 41r R2).
  if (problem.field === '' && WHOLE_FILE_PROBLEM.test(problem.message) && check.scenario !== undefined && problem.source === resolve(dirname(file), check.scenario)) {
    return { source: file, field: `${field}.scenario (${check.name})`, message: `${problem.source}: ${problem.message}` };
  }
  const withSets = problem.source.indexOf(' with --set ');
  const source = withSets < 0 ? problem.source : `${problem.source.slice(0, withSets)} with ${field}.set of ${file}`;
  return { source, field: '', message: `${field} (${check.name}): ${inner}` };
}

/**
 * The checks one entry makes: itself, or with `ladder:` the same check at every level (the band
 * must hold under each skill), named `name@level`. A level's problem goes to `issues`.
 */
async function checkSpecs(file: string, index: number, check: CheckEntry, scenario: Scenario, issues: InputIssue[]): Promise<CheckSpec[]> {
  const field = `checks[${index}]`;
  const band: Band =
    check.between !== undefined
      ? { kind: 'between', low: check.between[0], high: check.between[1] }
      : check.atLeast !== undefined
        ? { kind: 'atLeast', value: check.atLeast }
        : { kind: 'atMost', value: check.atMost as number };
  const scenarioLabel = check.scenario ?? `inline ${check.game ?? ''}`;
  const spec = { file, index, scenarioLabel, metric: check.metric, band, confidence: check.confidence, margin: check.margin, budget: check.budget, batch: check.batch };
  if (check.ladder === undefined) return [{ ...spec, name: check.name, scenario, replaySets: check.scenario === undefined ? null : (check.set ?? []) }];
  const specs: CheckSpec[] = [];
  try {
    // Read as `--levels` and a scenario's `ladder:` are (audit 42d F1: the three read one level three ways).
    const levels = readLevels(check.ladder, `${file}: ${field}.ladder`);
    // Each level is a check of its own name, with a baseline file of that name: two levels of one
    // name would share both (audit 30a: one level's baseline stored over the other's, and the next
    // gate failed a game nothing had changed), as `hordelab ladder` refuses them.
    refuseRepeatedLevels(levels, `${file}: ${field}.ladder`, levelCheckSuffix, (slug) => `one check, ${check.name}@${slug}, and its baseline file`);
    const scenarios: Scenario[] = [];
    for (const level of levels) scenarios.push(await levelScenario(scenario, level, `${file}: ${field}.ladder`));
    refuseLevelsPlayedAlike(levels, scenarios, `${file}: ${field}.ladder`);
    for (const [at, level] of levels.entries()) {
      const played = scenarios[at] as Scenario;
      if (played.rotate && (check.budget % 2 === 1 || check.batch % 2 === 1)) {
        issues.push({ source: file, field: `${field}.budget`, message: `level ${level.name} rotates the seats, so every seed is played twice: budget and batch must be even` });
        break;
      }
      specs.push({ ...spec, name: `${check.name}@${levelCheckSuffix(level.name)}`, scenario: played, ladder: { check: check.name, level: level.name }, replaySets: null });
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    issues.push(...error.issues);
  }
  return specs;
}

/** `between 45% and 55%` for a rate, `between 4.5 and 5.5` for a mean. */
export function formatBand(band: Band, kind: 'rate' | 'mean' = 'rate'): string {
  const pct = kind === 'rate' ? (x: number): string => `${+percentOf(x, 2)}%` : (x: number): string => `${x}`;
  if (band.kind === 'between') return `between ${pct(band.low)} and ${pct(band.high)}`;
  return band.kind === 'atLeast' ? `at least ${pct(band.value)}` : `at most ${pct(band.value)}`;
}
