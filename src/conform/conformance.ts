/**
 * The conformance suite as a library: every property of the game contract (`src/core/game.ts`)
 * checked on any game, built in or brought by a designer, through seeded random playouts. After
 * OpenSpiel's generic random-simulation tests: what can be checked without knowing the rules is
 * checked here, once, for every game; each game's own tests add rule-by-rule checks.
 *
 * A problem names the property it breaks, the playout seed and the step, so
 * `hordelab conform <game> --seed S --playouts 1` replays exactly the failing playout.
 * Everything is a pure function of (game, parameters, options): seeded streams only, no clock.
 */
import { letSignalsIn } from '../run/let-signals-in.js';
import type { AgentFactory } from '../core/agent.js';
import { CHANCE, TERMINAL, type AnyGame } from '../core/game.js';
import { describeNonList, describeValue, describeValues, SeatDecision } from '../core/match-runner.js';
import { matchSeed, matchStream, MAX_RUN_SEED, type Rng } from '../core/rng.js';
import { changedPart, fingerprint } from '../core/state-fingerprint.js';
import { withinTimeout } from '../core/watchdog.js';
import { leaderOf } from '../quality/lead.js';
import { eventTypeProblem, isGenericallyReported, isWrapperEvent } from '../reports/generic-report.js';
import { regularizedBeta } from '../stats/distributions.js';
import { clippedApart, firstDifference, reachableObjects, runConstants, sharedMutableParts, snapshot } from './state-inspection.js';
import { copyOfData, paramsFor } from '../core/game-params.js';
import { formatPath, parameterIssuesOf, parseParameters } from '../core/parameters.js';
import { deepFreeze } from '../core/read-only.js';
import { shownInput } from '../core/zod-messages.js';
import { UsageError } from '../core/errors.js';
import { BOUNDS } from '../core/input-bounds.js';
import { checkOptions, FUNCTION, kind, OBJECT, within, type OptionRule } from '../core/library-options.js';

/** The properties checked, in report order, with what each means. */
export const CONFORMANCE_PROPERTIES = {
  metadata: 'seats, utility bounds, a positive length bound, and default parameters that validate',
  setup: 'setup is a pure function of the parameters: two setups are equal, and what they share play never changes',
  'current-player': 'the player to act is a seat, CHANCE or TERMINAL, and isTerminal agrees',
  'read-only': 'every function but apply leaves the state it is handed as it was: currentPlayer, isTerminal, legalActions, chanceOutcomes, chanceGroups, sampleChance, heuristic and its leader, returns, endedAtCap, describeState, clone and determinize (observe: see observation)',
  terminates: 'every playout ends within maxLength steps',
  returns: 'returns at a terminal state give one finite value per seat, within utilityBounds, the same values each time for the same state; endedAtCap, where the game has it, answers true or false there',
  heuristic: 'the heuristic gives one value per seat within utilityBounds, the same values each time for the same state, equal to returns at a terminal state',
  'heuristic-leader': "where the heuristic names its leader (heuristic.leader), it names the seat whose value is strictly the highest, or -1 when the highest is shared",
  'legal-actions': 'a decision node has legal actions, unique by actionKey, filled into a given array when one is passed, and any action object handed out again is frozen all the way down',
  'stable-order': 'legal actions come in an order the state alone decides: a second call and a clone list them alike',
  apply: 'applying any legal action or chance outcome never throws, and emits only event types a run accepts (under the generic report)',
  'chance-outcomes': 'a chance node lists unique outcomes with positive probabilities summing to 1, and samples one of them',
  'chance-groups': 'where a game groups chance outcomes (chanceGroups), one group number per outcome, numbered by first appearance, and outcomes of one group leave equal states',
  'chance-sampling': 'sampleChance draws each outcome as often as chanceOutcomes says (an exact binomial test per outcome, 0.5% false alarms over the whole run), at the first chance node of each outcome list and at one chance node of each playout, drawn at random over the whole playout',
  clone: 'a clone equals its original, shares no mutable part with it, and playing it on leaves the original as it was',
  determinism: 'the same seed plays the same trajectory, events, states and returns, for every playout',
  observation: 'observing a state leaves it unchanged, and hands out neither the live state nor a mutable part of it',
  'hidden-observation': "a seat's observation does not change when only what it cannot see does",
  determinization: "a determinization depends only on what the seat can see (two states the seat sees alike, met anywhere in the playouts, determinize alike), re-samples the rest, keeps the seat's legal actions, and shares no mutable part with the live state",
  'no-peeking': 'agents decide the same whether the hidden parts are true or re-sampled',
} as const;

/** One property of the contract. */
export type ConformanceProperty = keyof typeof CONFORMANCE_PROPERTIES;

/** One breach of the contract, with what reproduces it. */
export interface ConformanceProblem {
  readonly property: ConformanceProperty;
  readonly message: string;
  /** The playout seed (`--seed`), or null for checks outside playouts (metadata). */
  readonly seed: number | null;
  /** The step of the playout (decisions and chance outcomes so far), or null. */
  readonly step: number | null;
  /**
   * The playouts a replay needs from `seed`, where a problem spans more than one (two states of
   * different playouts compared); absent where `--seed S --playouts 1` replays it.
   */
  readonly playouts?: number;
}

/** The verdict on one property. */
export interface PropertyResult {
  readonly property: ConformanceProperty;
  readonly description: string;
  /** `skipped` where the property does not apply (no hidden information, no chance node met). */
  readonly status: 'pass' | 'fail' | 'skipped';
  /** How many times it was checked. */
  readonly checks: number;
  /** The first problems found (at most `maxProblemsPerProperty`). */
  readonly problems: readonly ConformanceProblem[];
  /** How many problems were found in all. */
  readonly problemCount: number;
}

/** The whole report. */
export interface ConformanceReport {
  readonly game: string;
  readonly title: string;
  readonly ok: boolean;
  readonly playouts: number;
  readonly steps: number;
  readonly seed: number;
  readonly properties: readonly PropertyResult[];
}

/** How hard to look. */
export interface ConformanceOptions {
  /** Random playouts (24). */
  readonly playouts?: number;
  /** The first playout's seed; playout i uses seed + i (1). */
  readonly seed?: number;
  /**
   * Every how many steps the costlier checks run: clones, observations, every legal action
   * applied, heuristic (7). At step 0 and at the steps where (step + seed) is a multiple of it:
   * the phase moves with the playout's seed, so that `every` playouts in a row check every step
   * of a short game between them, and `--seed S --playouts 1` checks the same steps again
   * (audit 34b F2: at steps 0, 7, 14… of every playout, a game of 7 steps was checked at its
   * first state only, whatever the playouts or seed).
   */
  readonly deepCheckEvery?: number;
  /**
   * The chance of a false alarm over the whole sampling check (0.005): the chance, over seeds,
   * that a correct sampler fails any of its tests. Every chance node tested (the first of each
   * outcome list, at most 24, and one node of each playout) gets one exact binomial test per
   * outcome, each two-sided at `chanceFamilySignificance / (nodes tested × outcomes at the node)`
   * (Bonferroni): the bound holds whatever the number of playouts or outcomes, and however rare an
   * outcome is (review 34f F4: chi-squared at 1e-4 with cells expecting 5 failed a correct 1/400
   * outcome in 3.3% of runs, not the 0.5% stated).
   */
  readonly chanceFamilySignificance?: number;
  /** Agents whose decisions must not depend on hidden parts; empty skips that check. */
  readonly agents?: readonly AgentFactory[];
  /** Config for each agent by id (small budgets keep the check quick). */
  readonly agentConfigs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Problems kept per property (3). */
  readonly maxProblemsPerProperty?: number;
  /**
   * The longest a playout may take, in milliseconds of `clock`: a game that never ends (with a
   * maxLength too large to reach) or takes seconds a step fails `terminates` there, naming the
   * seed, instead of holding the suite forever. Without it, no limit.
   */
  readonly playoutTimeMs?: number;
  /** The clock `playoutTimeMs` and `onProgress` read (milliseconds); `performance.now` by default. */
  readonly clock?: () => number;
  /** Told where the suite is (playout i of n, its step) at most every `progressEveryMs` of `clock`, from within a playout. */
  readonly onProgress?: (playout: number, playouts: number, step: number) => void;
  /** How often `onProgress` is told (30,000). */
  readonly progressEveryMs?: number;
}

class Findings {
  private readonly problems = new Map<ConformanceProperty, ConformanceProblem[]>();
  private readonly counts = new Map<ConformanceProperty, number>();
  private readonly checks = new Map<ConformanceProperty, number>();
  /** The playout seeds where `read-only` failed: a replay of one differs for that reason. */
  readonly readOnlyBroken = new Set<number>();
  constructor(private readonly keep: number) {}
  checked(property: ConformanceProperty, times = 1): void {
    this.checks.set(property, (this.checks.get(property) ?? 0) + times);
  }
  fail(property: ConformanceProperty, message: string, seed: number | null, step: number | null, playouts?: number): void {
    this.checked(property);
    this.counts.set(property, (this.counts.get(property) ?? 0) + 1);
    const list = this.problems.get(property) ?? [];
    if (list.length < this.keep) list.push(playouts === undefined ? { property, message, seed, step } : { property, message, seed, step, playouts });
    this.problems.set(property, list);
    if (property === 'read-only' && seed !== null) this.readOnlyBroken.add(seed);
  }
  result(property: ConformanceProperty): PropertyResult {
    const problemCount = this.counts.get(property) ?? 0;
    const checks = this.checks.get(property) ?? 0;
    return {
      property,
      description: CONFORMANCE_PROPERTIES[property],
      status: problemCount > 0 ? 'fail' : checks === 0 ? 'skipped' : 'pass',
      checks,
      problems: this.problems.get(property) ?? [],
      problemCount,
    };
  }
}

const describeError = (error: unknown): string => {
  if (error instanceof Error) return error.message;
  try {
    return `threw ${String(error)}`;
  } catch {
    return 'threw a value that cannot be printed';
  }
};

/** A chance node kept for the sampling test: a copy of its state and where it was met. */
interface ChanceNodeSample {
  readonly state: unknown;
  readonly seed: number;
  readonly step: number;
  /** Kept as the first node of its outcome list (else as its playout's randomly chosen node). */
  readonly firstOfKind: boolean;
}

/** Runs the whole suite on `game` with `params` (already validated), in one go. */
export function checkConformance(game: AnyGame, givenParams: unknown, options: ConformanceOptions = {}): ConformanceReport {
  checkConformanceInput('checkConformance', game, options);
  const suite = conformanceSuite(game, checkedParams('checkConformance', game, givenParams), options);
  for (;;) {
    const next = suite.next();
    if (next.done === true) return next.value;
  }
}

/**
 * {@link checkConformance}, letting the event loop turn before each playout (and each replay
 * of one): `hordelab conform` runs in the command's own thread, and a Ctrl-C or SIGTERM that
 * could not be read until the whole suite was done let it finish and exit 0 (audit 36a). A
 * playout in progress still finishes first (at most `--playout-time`).
 */
export async function checkConformanceYielding(game: AnyGame, givenParams: unknown, options: ConformanceOptions = {}): Promise<ConformanceReport> {
  checkConformanceInput('checkConformanceYielding', game, options);
  const suite = conformanceSuite(game, givenParams, options);
  for (;;) {
    const next = suite.next();
    if (next.done === true) return next.value;
    await letSignalsIn();
  }
}

/** Each option's check: the bounds of `hordelab conform`'s flags where it has one. */
const CONFORMANCE_OPTION_RULES = {
  playouts: within(BOUNDS.playouts),
  seed: within(BOUNDS.seed),
  deepCheckEvery: within({ whole: true, min: 1, max: BOUNDS.playouts.max }),
  chanceFamilySignificance: within(BOUNDS.rate),
  agents: kind((value) => Array.isArray(value) && value.every((agent) => typeof agent === 'object' && agent !== null && typeof (agent as { create?: unknown }).create === 'function' && typeof (agent as { id?: unknown }).id === 'string'), 'a list of agent factories (each with id and create)'),
  agentConfigs: OBJECT,
  maxProblemsPerProperty: within({ whole: true, min: 0, max: BOUNDS.playouts.max }),
  playoutTimeMs: kind((value) => typeof value === 'number' && value > 0, 'milliseconds above 0 (Infinity for no limit)'),
  clock: FUNCTION,
  onProgress: FUNCTION,
  progressEveryMs: kind((value) => typeof value === 'number' && value >= 0, 'milliseconds, 0 or more'),
} as const satisfies Record<keyof ConformanceOptions, OptionRule>;

/**
 * @throws UsageError naming the option (or `game`) that is not what the suite takes, as `hordelab
 *   conform` refuses its flags: `playouts: NaN` played nothing and reported the game as
 *   conforming, and a null game threw a TypeError (audit 39c F2).
 */
function checkConformanceInput(source: string, game: unknown, options: ConformanceOptions): void {
  if (typeof game !== 'object' || game === null) throw new UsageError([{ source, field: 'game', message: `expected a game definition (an object with id, setup, legalActions, apply, ...), got ${game === null ? 'null' : typeof game}` }]);
  checkOptions(source, options, CONFORMANCE_OPTION_RULES);
  const playouts = options.playouts ?? 24;
  const seed = options.seed ?? 1;
  // Playout i plays seed + i: the last must be a seed too.
  if (seed > MAX_RUN_SEED - (playouts - 1)) {
    throw new UsageError([{ source, field: 'options.seed', message: `expected at most ${MAX_RUN_SEED - (playouts - 1)} with playouts ${playouts} (playout i plays seed + i, and seeds go up to ${MAX_RUN_SEED}), got ${seed}` }]);
  }
}

/**
 * `params` read by the game's own parameter specs and `validateParameters`, as a run reads a
 * scenario's (defaults filled in, frozen); where the game declares no specs, as given, for the
 * suite's metadata check to name. Unchecked, `{ rounds: 'x' }` was played and reported as the
 * game failing ("maxLength must be a positive whole number, got NaN"), and an unknown parameter
 * passed (audit 41a F11). `hordelab conform` reads its `--set` so before it calls the suite.
 * @throws UsageError naming `source` and the parameter (`params.rounds`).
 */
function checkedParams(source: string, game: AnyGame, givenParams: unknown): unknown {
  const specs = (game as { parameters?: unknown }).parameters;
  if (typeof specs !== 'object' || specs === null) return givenParams;
  if (typeof givenParams !== 'object' || givenParams === null || Array.isArray(givenParams)) {
    throw new UsageError([{ source, field: 'params', message: `expected a mapping of the game's parameters (defaultParameters(game.parameters) gives its defaults), got ${shownInput(givenParams)}` }]);
  }
  const field = (path: readonly (string | number)[]): string => (path.length === 0 ? 'params' : `params.${formatPath(path)}`);
  let parsed: ReturnType<typeof parseParameters>;
  try {
    parsed = parseParameters(game.parameters, givenParams as Readonly<Record<string, unknown>>);
  } catch {
    // Specs that cannot be read (a parameter without a schema) are the game's: the suite's
    // metadata check names them (review 41s F2: a TypeError from reading them here).
    return givenParams;
  }
  if (!parsed.ok) throw new UsageError(parsed.issues.map((issue) => ({ source, field: field(issue.path), message: issue.message })));
  const params = deepFreeze(copyOfData(parsed.params));
  const problems = typeof game.validateParameters === 'function' ? parameterIssuesOf(game, paramsFor(game, params)) : [];
  // Where the game refuses its own defaults too, that is the game's to fix, and the suite says so
  // (review 41s F2: defaultParameters(...) given was blamed on the caller).
  if (problems.length > 0 && defaultsValidate(game)) throw new UsageError(problems.map((issue) => ({ source, field: field(issue.path), message: issue.message })));
  return params;
}

/** Whether the game's own parameter defaults pass its validateParameters (or it has none); false where reading them throws. */
function defaultsValidate(game: AnyGame): boolean {
  try {
    const defaults = parseParameters(game.parameters, {});
    return defaults.ok && parameterIssuesOf(game, paramsFor(game, deepFreeze(copyOfData(defaults.params)))).length === 0;
  } catch {
    return false;
  }
}

/** The suite, paused (`yield`) before each playout and each replay of one. */
function* conformanceSuite(game: AnyGame, givenParams: unknown, options: ConformanceOptions): Generator<undefined, ConformanceReport, undefined> {
  const playouts = options.playouts ?? 24;
  const baseSeed = options.seed ?? 1;
  const every = Math.max(1, options.deepCheckEvery ?? 7);
  const findings = new Findings(options.maxProblemsPerProperty ?? 3);
  const chanceNodes: ChanceNodeSample[] = [];
  const chanceKinds = new Set<string>();
  const groupings = new Set<string>();
  let steps = 0;

  const clock = options.clock ?? (() => performance.now());
  const timing: PlayoutTiming | null =
    options.playoutTimeMs === undefined && options.onProgress === undefined
      ? null
      : { clock, limitMs: options.playoutTimeMs ?? Number.POSITIVE_INFINITY, onProgress: options.onProgress ?? null, progressEveryMs: options.progressEveryMs ?? 30_000, lastProgress: clock(), step: 0 };
  let constants = new Set<object>();
  // The parameters as a run hands them (see game-params.ts): a game module gets a fresh copy
  // for each setup and playout, as for each match; Hordelab's own, the parameters themselves. A
  // copy's parts are its playout's, shared by every state of it as a match's are by its states:
  // they count as parts play never changes, like those every setup shares (a state keeping its
  // parameters, which its clones share). Only the latest copy's: a playout is over when the next
  // copy is made (review 29e: every copy's parts, kept, took 3.4 GB and a Set past its size).
  // What a setup builds from its copy (a configuration a memo keyed by the parameters object
  // keeps) is no such part: a clone or observation sharing it must have it frozen, as conform
  // cannot tell a part play never changes from one it changes rarely (review 29f).
  let copyParts: object[] = [];
  let setupConstants: ReadonlySet<object> = new Set();
  const fresh = (): unknown => {
    const copy = paramsFor(game, givenParams);
    if (copy === givenParams) return copy;
    for (const object of copyParts) if (!setupConstants.has(object)) constants.delete(object);
    copyParts = [...reachableObjects(copy).keys()];
    for (const object of copyParts) constants.add(object);
    return copy;
  };
  // Each shared object's path and snapshot before play: a "constant" that play changes is a
  // setup handing every match the same mutable object (a module-level array, say).
  const constantsBefore = new Map<object, { path: string; text: string }>();
  // The metadata and setup checks call into the game before any playout: a setup that never
  // returns is stopped as a playout's step would be, and then nothing else can be played.
  const prepared = withinWatchdog(
    timing,
    () => {
      checkMetadata(game, fresh(), findings);
      try {
        const firstCopy = fresh();
        const first = game.setup(firstCopy);
        const second = game.setup(fresh());
        findings.checked('setup');
        if (snapshot(first) !== snapshot(second)) findings.fail('setup', 'two setups from the same parameters differ', null, 0);
        constants = runConstants(first, second);
        setupConstants = new Set(constants);
        // The two copies' parts, so that each state's own parameters count as its constants.
        for (const object of reachableObjects(firstCopy).keys()) constants.add(object);
        for (const object of copyParts) constants.add(object);
        for (const [object, path] of reachableObjects(first)) if (constants.has(object)) constantsBefore.set(object, { path, text: snapshot(object) });
      } catch (error) {
        findings.fail('setup', `setup threw: ${describeError(error)}`, null, 0);
      }
      return true;
    },
    (limit) => {
      findings.fail('setup', `setup (or maxLength, or validateParameters) did not return within ${limitText(limit)}; no playout was played`, null, 0);
      return false;
    },
  );

  const trajectories = new Map<number, string[] | null>();
  const timedOut = new Set<number>();
  const views = game.hiddenInformation && game.determinize !== undefined ? new ViewLedger(game, Math.max(VIEW_VISITS_MIN_PER_PLAYOUT, Math.ceil(VIEW_ENTRIES / Math.max(1, playouts)))) : null;
  for (let i = 0; prepared && i < playouts; i++) {
    yield;
    const seed = baseSeed + i;
    const context: PlayoutContext = { every, findings, constants, chanceNodes, chanceKinds, groupings, playoutIndex: i, playouts, timing, views };
    const result = withinWatchdog(timing, () => checkedPlayout(game, fresh(), seed, context), (limit, step) => {
      findings.fail('terminates', `the playout ran past ${limitText(limit)} in step ${step}: a call into the game, or conform's checks of that step (they play copies of its state), did not return in time; if the game is only slow, raise --playout-time (0: no limit)${unplayed(playouts - i - 1)}`, seed, step);
      return { trajectory: null, steps: step, timedOut: true as const };
    });
    steps += result.steps;
    trajectories.set(seed, result.trajectory);
    // A game that outran the limit once would most likely outrun it every time: the suite says
    // so now, not after playouts × the limit.
    if (result.timedOut === true) {
      timedOut.add(seed);
      break;
    }
  }
  // Determinism: every playout again, from the same seed. A game that draws from an unseeded
  // source somewhere rare (one kind of chance node, one branch) shows it only in the playouts
  // that get there.
  for (const [seed, first] of trajectories) {
    if (first === null) continue;
    yield;
    const again = withinWatchdog(timing, () => replayTrajectory(game, fresh(), seed, every, timing), (limit, step) => {
      findings.fail('terminates', `playing the seed again (for determinism), the playout ran past ${limitText(limit)} in step ${step}: a call into the game, or conform's checks of that step, did not return in time`, seed, step);
      return undefined;
    });
    if (again === undefined) continue;
    findings.checked('determinism');
    const divergence = again === null ? null : firstDivergence(first, again, findings.readOnlyBroken.has(seed));
    if (again === null) findings.fail('determinism', 'the same seed played another trajectory', seed, null);
    else if (divergence !== null) findings.fail('determinism', divergence.message, seed, divergence.step);
  }
  for (const [object, before] of constantsBefore) {
    if (snapshot(object) !== before.text) {
      findings.fail('setup', `${before.path} is one object every setup shares, and play changed it: each setup must make its own (or never change it)`, null, null);
    }
  }
  checkChanceSampling(game, chanceNodes, options.chanceFamilySignificance ?? CHANCE_FAMILY_SIGNIFICANCE, findings);
  if (game.hiddenInformation) {
    let decisions = 0;
    let resampled = false;
    for (let i = 0; i < Math.min(playouts, 12); i++) {
      yield;
      // Only seeds whose playout was played and did not outrun the time limit: the pass plays
      // them again, and one that outran it once would hold the suite as long again.
      if (!trajectories.has(baseSeed + i) || timedOut.has(baseSeed + i)) continue;
      const seen = withinWatchdog(timing, () => checkHiddenInformation(game, fresh(), baseSeed + i, options, findings, timing, constants), (limit, step) => {
        findings.fail('terminates', `the hidden-information checks' playout ran past ${limitText(limit)} in step ${step}: a call into the game or an agent, or conform's checks of that step, did not return in time`, baseSeed + i, step);
        return { decisions: 0, resampled: false };
      });
      decisions += seen.decisions;
      resampled ||= seen.resampled;
    }
    // Problems found across playouts come after those a single playout replays.
    views?.report(findings);
    // Without a single re-sampled determinization the checks above prove nothing.
    if (decisions > 0 && !resampled && game.determinize !== undefined) {
      findings.fail('determinization', `over ${decisions} decisions, every determinization equalled the true state: nothing hidden is re-sampled`, baseSeed, null);
    }
  }

  const properties = (Object.keys(CONFORMANCE_PROPERTIES) as ConformanceProperty[])
    .filter((property) => game.hiddenInformation || !['hidden-observation', 'determinization', 'no-peeking'].includes(property))
    .filter((property) => property !== 'chance-groups' || game.chanceGroups !== undefined)
    .filter((property) => property !== 'heuristic-leader' || heuristicLeader(game) !== undefined)
    .map((property) => findings.result(property));
  return { game: game.id, title: game.title, ok: properties.every((p) => p.status !== 'fail'), playouts, steps, seed: baseSeed, properties };
}

function checkMetadata(game: AnyGame, params: unknown, findings: Findings): void {
  findings.checked('metadata');
  const fail = (message: string): void => findings.fail('metadata', message, null, null);
  if (typeof game.id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(game.id)) fail(`id "${String(game.id)}" is not kebab-case`);
  // A win is the one strictly highest return among seats: every figure compares seats.
  if (!Array.isArray(game.seats) || game.seats.length < 2) fail('seats must name at least two seats (win rates and edges compare seats)');
  const [low, high] = Array.isArray(game.utilityBounds) ? game.utilityBounds : [Number.NaN, Number.NaN];
  if (!(Number.isFinite(low) && Number.isFinite(high) && low < high)) fail(`utilityBounds must be two finite numbers, low < high; got ${JSON.stringify(game.utilityBounds)}`);
  try {
    const issues = game.validateParameters(params);
    if (issues.length > 0) fail(`the default parameters do not validate: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  } catch (error) {
    fail(`validateParameters threw: ${describeError(error)}`);
  }
  try {
    const bound = game.maxLength(params);
    if (!(Number.isInteger(bound) && bound > 0)) fail(`maxLength must be a positive whole number, got ${bound}`);
  } catch (error) {
    fail(`maxLength threw: ${describeError(error)}`);
  }
}

interface PlayoutContext {
  readonly every: number;
  readonly findings: Findings;
  readonly constants: ReadonlySet<object>;
  readonly chanceNodes: ChanceNodeSample[];
  /** The outcome lists (keys and probabilities) of the chance nodes kept as the first of their kind. */
  readonly chanceKinds: Set<string>;
  /** The groupings (outcome list and group numbers) whose states were compared as the first of their kind. */
  readonly groupings: Set<string>;
  readonly playoutIndex: number;
  readonly playouts: number;
  readonly timing: PlayoutTiming | null;
  /** Views met at decisions, over all playouts, for the determinization check across playouts (hidden-information games only). */
  readonly views: ViewLedger | null;
}

/** The suite's clock, for the playout time limit and the progress it reports. */
interface PlayoutTiming {
  readonly clock: () => number;
  readonly limitMs: number;
  readonly onProgress: ((playout: number, playouts: number, step: number) => void) | null;
  readonly progressEveryMs: number;
  /** When progress was last told (or the suite began). */
  lastProgress: number;
  /** The step the playout running is at: what a step that never returns is named by. */
  step: number;
}

const playoutRng = (seed: number): Rng => matchStream(matchSeed(seed, 0), 'conform');

/** `60 s`, `1.5 s`. */
const formatSeconds = (ms: number): string => `${Number((ms / 1000).toPrecision(3))} s`;

/** The watchdog's limit as a message says it: `--playout-time` and the second added to it. */
const limitText = (limitMs: number): string => `${formatSeconds(limitMs)} (--playout-time ${formatSeconds(limitMs - 1000)} and a second more)`;

/** What a playout that ran out of time leaves unplayed, as the end of its message. */
const unplayed = (left: number): string => (left === 0 ? '' : `; the other ${left} playout${left === 1 ? ' was' : 's were'} not played`);

/**
 * `play()`, stopped if it runs past the playout time limit and a second more: the limit itself
 * is checked between steps, which a step that never returns (an `apply` stuck in a loop) never
 * reaches. V8 stops the script from a watchdog thread (`vm`'s `timeout`), whatever code it is in,
 * the game's own included; `stopped(limit, step)` then says so, with the step the playout was at.
 * Without a limit, `play()` as it is.
 */
function withinWatchdog<T>(timing: PlayoutTiming | null, play: () => T, stopped: (limitMs: number, step: number) => T): T {
  if (timing === null) return play();
  const limitMs = timing.limitMs + 1000;
  timing.step = 0;
  const result = withinTimeout(limitMs, play);
  return result.stopped ? stopped(limitMs, timing.step) : result.value;
}

/**
 * Whether step `step` of the playout of `seed` gets the costlier checks (and its state goes into
 * the playout's record): its first state, and every `every`th step, at a phase the seed sets.
 * A pure function of seed and step, so a playout and its replay, and `--seed S --playouts 1`,
 * pick the same steps; and `every` seeds in a row pick every step between them (audit 34b F2:
 * steps 0, 7, 14… of every playout left a heuristic NaN at step 4 of a 6-step game unseen).
 */
function isDeepStep(seed: number, step: number, every: number): boolean {
  return step === 0 || (((step + seed) % every) + every) % every === 0;
}

/** One random playout with every per-step check. Returns the action keys played (null when it broke off). */
function checkedPlayout(game: AnyGame, params: unknown, seed: number, context: PlayoutContext): { trajectory: string[] | null; steps: number; timedOut?: true } {
  const chance: ChanceKeeping = { seen: 0, kept: null, groupsCompared: 0 };
  context.views?.startPlayout();
  const result = playChecked(game, params, seed, context, chance);
  // The node the playout drew, unless it is tested already as the first of its outcome list.
  if (chance.kept !== null && !chance.kept.alsoFirstOfKind) context.chanceNodes.push(chance.kept.node);
  return result;
}

function playChecked(game: AnyGame, params: unknown, seed: number, context: PlayoutContext, chance: ChanceKeeping): { trajectory: string[] | null; steps: number; timedOut?: true } {
  const { findings, every } = context;
  const rng = playoutRng(seed);
  const trajectory: string[] = [];
  let state: unknown;
  try {
    state = game.setup(params);
  } catch (error) {
    findings.fail('setup', `setup threw: ${describeError(error)}`, seed, 0);
    return { trajectory: null, steps: 0 };
  }
  const bound = playoutBound(game, params);
  const timing = context.timing;
  const began = timing === null ? 0 : timing.clock();
  for (let step = 0; ; step++) {
    if (timing !== null) timing.step = step;
    const readsCheckedHere = readsChecked(seed, step);
    if (readsCheckedHere) checkReadOnly(game, state, rng, seed, step, findings);
    const player = seatToAct(game, state, seed, step, findings);
    if (player === null) return { trajectory: null, steps: step };
    if (player === TERMINAL) {
      if (!readsCheckedHere) checkReadOnly(game, state, rng, seed, step, findings);
      findings.checked('terminates');
      checkTerminal(game, state, seed, step, findings);
      recordEnd(game, state, trajectory);
      return { trajectory, steps: step };
    }
    if (step >= bound) {
      findings.fail('terminates', `no terminal state within the declared maxLength of ${bound} steps`, seed, step);
      return { trajectory: null, steps: step };
    }
    if (timing !== null && outOfTime(timing, began, context, seed, step, bound)) return { trajectory: null, steps: step, timedOut: true };
    const deep = isDeepStep(seed, step, every);
    if (deep) {
      recordState(trajectory, state);
      checkHeuristic(game, state, seed, step, findings, false);
      checkClone(game, state, seed, step, context, rng);
      checkObservation(game, state, seed, step, findings, context.constants);
    }
    let action: unknown;
    if (player === CHANCE) {
      const drawn = checkChanceNode(game, state, rng, seed, step, findings);
      if (drawn === undefined) return { trajectory: null, steps: step };
      action = drawn.action;
      keepChanceNode(game, state, drawn.kind, deep, chance, context, seed, step);
    } else {
      // What the seat to act sees, at every decision (the full observation check runs at deep
      // steps only): no view at all is what an agent module's observe() would be handed (review 29c).
      if (!deep) checkSomeView(game, state, player, seed, step, findings);
      context.views?.visit(state, player, seed, step, findings);
      const legal = checkDecisionNode(game, state, seed, step, findings, deep);
      if (legal === null) return { trajectory: null, steps: step };
      if (deep) checkEveryActionApplies(game, state, legal, seed, step, findings);
      action = legal[rng.int(legal.length)];
    }
    if (!applyChecked(game, state, action, seed, step, findings, trajectory)) return { trajectory: null, steps: step };
  }
}

/** A playout's first steps all get the read-only check. */
const READ_ONLY_FIRST_STEPS = 4;
/** Later, every this many steps (at a phase the seed moves, as the deep checks'): a state's fingerprint costs about as much as a clone, and a function that changes the state mostly does so every time it is called. */
const READ_ONLY_EVERY = 16;

/** Whether step `step` of the playout of `seed` gets the read-only check (its end always does). */
function readsChecked(seed: number, step: number): boolean {
  return step < READ_ONLY_FIRST_STEPS || isDeepStep(seed, step, READ_ONLY_EVERY);
}

/**
 * Every function the contract gives but `apply` (and `observe`, which the observation check
 * reads alike) called once on `state`, its fingerprint (state-fingerprint.ts) read before and
 * after: where it changed, each is called again with the state read around it, and the first
 * that changes it fails `read-only`, named with the part it changed (or, where none does it
 * again, the calls are named together: a cache filled once). Without this, a count or a cache a
 * function keeps in the state showed only by its consequences, blamed elsewhere: replays differ
 * ("an unseeded random number, the clock"), a clone that copies the known fields differs from its
 * original (audit 40d F2). Run before anything else reads the state at its step; a function that
 * throws, or a player that is no seat, is the other checks' to report. `rng` is not drawn from
 * (sampleChance and determinize get a copy), so the playout plays as it would without this check.
 */
function checkReadOnly(game: AnyGame, state: unknown, rng: Rng, seed: number, step: number, findings: Findings): void {
  findings.checked('read-only');
  const before = fingerprint(state);
  if (!readEach(game, state, rng, () => true)) return;
  const after = fingerprint(state);
  const part = changedPart(before, after);
  if (part === null) return;
  let named = false;
  let last = after;
  // The same calls again, each read around: the first that changes the state is named.
  readEach(game, state, rng, (call) => {
    const now = fingerprint(state);
    const changed = changedPart(last, now);
    last = now;
    if (changed === null) return true;
    findings.fail('read-only', readOnlyMessage(call, changed), seed, step);
    named = true;
    return false;
  });
  if (!named) findings.fail('read-only', readOnlyMessage(`one of ${READ_ONLY_CALLS} (once: not when asked again)`, part), seed, step);
}

const READ_ONLY_CALLS = 'currentPlayer, isTerminal, legalActions, chanceOutcomes, chanceGroups, sampleChance, determinize, returns, endedAtCap, heuristic, heuristic.leader, describeState, clone';

const readOnlyMessage = (call: string, part: string): string =>
  `${call} changed the state it was handed (${part === '' ? 'the state' : `its ${JSON.stringify(part)}`}); only apply may change a state (a count, a cache or a sorted copy kept in the state must live elsewhere)`;

/**
 * Calls each function that only reads `state` once, in the contract's order for its kind of node,
 * telling `leftAlone` after each (by name); stops where it answers false. False where a call
 * threw (reported by that function's own check).
 */
function readEach(game: AnyGame, state: unknown, rng: Rng, leftAlone: (call: string) => boolean): boolean {
  try {
    const player = game.currentPlayer(state);
    if (!leftAlone('currentPlayer')) return true;
    game.isTerminal(state);
    if (!leftAlone('isTerminal')) return true;
    if (player === TERMINAL) {
      game.returns(state);
      if (!leftAlone('returns')) return true;
      if (game.endedAtCap !== undefined) {
        game.endedAtCap(state);
        if (!leftAlone('endedAtCap')) return true;
      }
    } else if (player === CHANCE) {
      game.chanceOutcomes(state);
      if (!leftAlone('chanceOutcomes')) return true;
      if (game.chanceGroups !== undefined) {
        game.chanceGroups(state);
        if (!leftAlone('chanceGroups')) return true;
      }
      game.sampleChance(state, rng.clone());
      if (!leftAlone('sampleChance')) return true;
    } else {
      game.legalActions(state);
      if (!leftAlone('legalActions')) return true;
      game.legalActions(state, []);
      if (!leftAlone('legalActions(state, into)')) return true;
      if (game.hiddenInformation && game.determinize !== undefined && Number.isInteger(player) && player >= 0 && player < game.seats.length) {
        game.determinize(state, player, rng.clone());
        if (!leftAlone('determinize')) return true;
      }
    }
    game.heuristic(state);
    if (!leftAlone('heuristic')) return true;
    const leader = heuristicLeader(game);
    if (leader !== undefined) {
      leader(state);
      if (!leftAlone('heuristic.leader')) return true;
    }
    game.describeState(state);
    if (!leftAlone('describeState')) return true;
    game.clone(state);
    leftAlone('clone');
    return true;
  } catch {
    return false;
  }
}

/**
 * The seat to act (or CHANCE, or TERMINAL), checked: `currentPlayer` must not throw and must
 * name a seat, CHANCE or TERMINAL, and `isTerminal` must agree with it. Null when the playout
 * cannot go on.
 */
function seatToAct(game: AnyGame, state: unknown, seed: number, step: number, findings: Findings): number | null {
  let player: number;
  try {
    player = game.currentPlayer(state);
  } catch (error) {
    findings.fail('current-player', `currentPlayer threw: ${describeError(error)}`, seed, step);
    return null;
  }
  findings.checked('current-player');
  const seats = game.seats.length;
  if (player !== TERMINAL && player !== CHANCE && !(Number.isInteger(player) && player >= 0 && player < seats)) {
    findings.fail('current-player', `currentPlayer returned ${player}, expected a seat 0..${seats - 1}, CHANCE (${CHANCE}) or TERMINAL (${TERMINAL})`, seed, step);
    return null;
  }
  let terminal: boolean;
  try {
    terminal = game.isTerminal(state);
  } catch (error) {
    findings.fail('current-player', `isTerminal threw: ${describeError(error)}`, seed, step);
    return null;
  }
  if (terminal !== (player === TERMINAL)) {
    findings.fail('current-player', `isTerminal says ${terminal} but currentPlayer says ${player === TERMINAL ? 'TERMINAL' : player}`, seed, step);
  }
  return player;
}

/**
 * Whether the playout has run past `--playout-time` (a `terminates` failure naming the steps
 * played and the playouts left unplayed); tells progress when it is due.
 */
function outOfTime(timing: NonNullable<PlayoutContext['timing']>, began: number, context: PlayoutContext, seed: number, step: number, bound: number): boolean {
  const now = timing.clock();
  if (now - began > timing.limitMs) {
    context.findings.fail('terminates', `no terminal state after ${formatSeconds(timing.limitMs)} (--playout-time) and ${step} steps, with maxLength ${bound}${unplayed(context.playouts - context.playoutIndex - 1)}`, seed, step);
    return true;
  }
  if (timing.onProgress !== null && now - timing.lastProgress >= timing.progressEveryMs) {
    timing.lastProgress = now;
    timing.onProgress(context.playoutIndex + 1, context.playouts, step);
  }
  return false;
}

/** A playout's count of the chance nodes it has seen, and the one it keeps for the sampling test. */
interface ChanceKeeping {
  /** Chance nodes met so far: the next one's place in the playout. */
  seen: number;
  /** The node kept so far (reservoir sampling, {@link keepsChanceNode}), and whether it is tested already as the first of its outcome list. */
  kept: { node: ChanceNodeSample; alsoFirstOfKind: boolean } | null;
  /** Chance groupings compared at deep-checked steps of this playout. */
  groupsCompared: number;
}

/**
 * A number in [0, 1) that is a pure function of (seed, index), well mixed (a 32-bit finalizer
 * over both halves of the seed and the index): what picks a playout's tested chance node, so
 * the playout's own stream is never touched and `--seed S --playouts 1` picks the same node.
 */
function unitHash(seed: number, index: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b);
  h ^= Math.imul(Math.floor(seed / 4294967296) ^ 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(index + 0x27d4eb2f, 0x165667b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * Whether the playout of `seed` keeps its chance node number `place` (from 0) in place of the one
 * it kept before: with probability 1 / (place + 1), by {@link unitHash}. Reservoir sampling: the
 * node kept at the end is each of the playout's chance nodes with equal chance, however long the
 * playout, and which one is a pure function of the seed (review 34f F1/F3: the places a fixed
 * scheme could reach left chance nodes 15–21 and 29–49 of a playout untested at any seed).
 */
function keepsChanceNode(seed: number, place: number): boolean {
  return unitHash(seed, place) * (place + 1) < 1;
}

/**
 * At a chance node: its groupings checked (at the first node of each grouping, and at a few of
 * the deeper-checked steps of each playout), and the node kept for the sampling test when it is
 * the first of its kind (a deal, a die, a draw from a deck of some size: every kind of chance the
 * game has is tested however late in a playout it comes), and as its playout's node while the
 * playout's reservoir keeps it ({@link keepsChanceNode}): one node a playout, each of its chance
 * nodes equally likely. Each node kept is tested on its own draws, from its own state: pooling
 * the draws of several nodes of one kind would thin a sampler wrong at one of them among those
 * right at the others.
 */
function keepChanceNode(game: AnyGame, state: unknown, kind: string, deep: boolean, chance: ChanceKeeping, context: PlayoutContext, seed: number, step: number): void {
  chance.seen++;
  if (game.chanceGroups !== undefined) {
    const compare = (grouping: string): boolean => {
      const first = !context.groupings.has(grouping) && context.groupings.size < GROUPINGS_COMPARED;
      if (first) context.groupings.add(grouping);
      else if (!(deep && chance.groupsCompared < GROUP_CHECKS_PER_PLAYOUT)) return false;
      chance.groupsCompared++;
      return true;
    };
    checkChanceGroups(game, state, kind, compare, seed, step, context.findings);
  }
  const place = chance.seen - 1;
  const firstOfKind = !context.chanceKinds.has(kind) && context.chanceKinds.size < CHANCE_KINDS_TESTED;
  const drawn = keepsChanceNode(seed, place);
  if (!firstOfKind && !drawn) return;
  let node: ChanceNodeSample;
  try {
    node = { state: game.clone(state), seed, step, firstOfKind };
  } catch {
    return; // The clone check reports a clone that throws.
  }
  if (firstOfKind) {
    context.chanceNodes.push(node);
    context.chanceKinds.add(kind);
  }
  if (drawn) chance.kept = { node: { ...node, firstOfKind: false }, alsoFirstOfKind: firstOfKind };
}

/**
 * Applies `action`, recording its key and events: `actionKey` and `apply` must not throw, and
 * for a game on the generic report each event's type is checked as a run checks it (one a run
 * would fail its match for fails here). False when the playout cannot go on.
 */
function applyChecked(game: AnyGame, state: unknown, action: unknown, seed: number, step: number, findings: Findings, trajectory: string[]): boolean {
  let key: string;
  try {
    key = game.actionKey(action);
  } catch (error) {
    findings.fail('legal-actions', `actionKey threw: ${describeError(error)}`, seed, step);
    return false;
  }
  recordAction(trajectory, key);
  findings.checked('apply');
  const events: unknown[] = [];
  try {
    game.apply(state, action, (event) => events.push(event));
  } catch (error) {
    findings.fail('apply', `applying ${key} threw: ${describeError(error)}`, seed, step);
    return false;
  }
  for (const event of isGenericallyReported(game) ? events : []) {
    if (isWrapperEvent(event)) continue;
    const problem = eventTypeProblem((event as { type?: unknown } | null)?.type);
    if (problem !== null) {
      findings.fail('apply', `applying ${key} emitted an event a run refuses: ${problem}`, seed, step);
      return false;
    }
  }
  recordEvents(trajectory, events);
  return true;
}

/** Why a replay can reach another state by the same actions. */
const STATE_FROM_OUTSIDE = 'something in the state comes from outside the seed: an unseeded random number, the clock, a module-level counter';
/** Why, where a function that only reads the state changed it (conform's checks call such functions more often than its replay does). */
const STATE_CHANGED_BY_READS = 'read-only failed in this playout: a function other than apply changed the state, and conform calls such functions more often than its replay does';

/** How a playout's record marks its entries: an action's key, the events its apply emitted, a state (at deep-checked steps), the end (returns and the final state). */
const ACTION_ENTRY = 'action ';
const EVENTS_ENTRY = 'events ';
const STATE_ENTRY = 'state ';
const END_ENTRY = 'end ';

// A playout's record (what the determinism check compares), written alike by the checked
// playout and its replay: these four are the only writers.

/** A state at a deep-checked step. */
function recordState(record: string[], state: unknown): void {
  record.push(`${STATE_ENTRY}${snapshot(state)}`);
}

/** The action (or chance outcome) played, by its key. */
function recordAction(record: string[], key: string): void {
  record.push(`${ACTION_ENTRY}${key}`);
}

/** The events the last apply emitted, if any. */
function recordEvents(record: string[], events: readonly unknown[]): void {
  if (events.length > 0) record.push(`${EVENTS_ENTRY}${snapshot(events)}`);
}

/** A terminal state's returns and the state itself. */
function recordEnd(game: AnyGame, state: unknown, record: string[]): void {
  let returns: string;
  try {
    returns = snapshot(game.returns(state));
  } catch {
    returns = '[threw]'; // the returns check reports it
  }
  record.push(`${END_ENTRY}${returns} ${snapshot(state)}`);
}

/**
 * Where a replay's record first departs from the playout's, said as what differed: the actions
 * (another trajectory), the events an action emitted, the state at a step, or the returns and
 * final state; null when the two are the same. A state that differs is put down to what comes
 * from outside the seed, or, where `read-only` failed in the playout, to that (audit 40d F2: a
 * count legalActions kept in the state sent people looking for an unseeded random number).
 */
function firstDivergence(first: readonly string[], again: readonly string[], readOnlyBroken: boolean): { message: string; step: number | null } | null {
  let step = 0;
  for (let i = 0; i < Math.max(first.length, again.length); i++) {
    const entry = first[i];
    const other = again[i];
    if (entry !== other) {
      if (entry === undefined || other === undefined || entry.startsWith(ACTION_ENTRY) || other.startsWith(ACTION_ENTRY)) return { message: `the same seed played another trajectory, first at step ${step}`, step };
      if (entry.startsWith(EVENTS_ENTRY) || other.startsWith(EVENTS_ENTRY)) return { message: `the same seed played the same actions, but step ${step - 1} emitted other events`, step: step - 1 };
      if (entry.startsWith(STATE_ENTRY)) return { message: `the same seed played the same actions to another state at step ${step} (${readOnlyBroken ? STATE_CHANGED_BY_READS : STATE_FROM_OUTSIDE})`, step };
      return { message: `the same seed played the same actions to another end (returns or final state) after step ${step - 1}`, step: Math.max(0, step - 1) };
    }
    if (entry?.startsWith(ACTION_ENTRY) === true) step++;
  }
  return null;
}

function checkTerminal(game: AnyGame, state: unknown, seed: number, step: number, findings: Findings): void {
  findings.checked('returns');
  let returns: number[];
  try {
    returns = game.returns(state);
  } catch (error) {
    findings.fail('returns', `returns threw: ${describeError(error)}`, seed, step);
    return;
  }
  const [low, high] = game.utilityBounds;
  if (!Array.isArray(returns) || returns.length !== game.seats.length) {
    findings.fail('returns', `returns gave ${shown(returns)}, expected ${Array.isArray(returns) ? '' : 'a list (an Array) of '}${game.seats.length} values`, seed, step);
    return;
  }
  const outside = returns.filter((value) => !(typeof value === 'number' && Number.isFinite(value) && value >= low && value <= high));
  if (outside.length > 0) findings.fail('returns', `returns ${shown(returns)} leave utilityBounds [${low}, ${high}]`, seed, step);
  // Read twice: returns that drift (drawn from an unseeded source, or a counter outside the
  // state) would otherwise show up as whatever reads them next (the heuristic at a terminal
  // state, an agent in the no-peeking check), blamed on the wrong part.
  if (!sameOnSecondRead('returns', () => game.returns(state), returns, seed, step, findings)) return;
  if (!answersCap(game, state, seed, step, findings)) return;
  checkHeuristic(game, state, seed, step, findings, true, returns);
}

/**
 * Whether the game's endedAtCap, if it has one, answers true or false at the terminal `state`: a
 * run fails every match where it does not (audit 31b: 1 for true had left the capped share 0%).
 */
function answersCap(game: AnyGame, state: unknown, seed: number, step: number, findings: Findings): boolean {
  if (game.endedAtCap === undefined) return true;
  let capped: unknown;
  try {
    capped = (game.endedAtCap as (state: unknown) => unknown)(state);
  } catch (error) {
    findings.fail('returns', `endedAtCap threw: ${describeError(error)}`, seed, step);
    return false;
  }
  if (typeof capped === 'boolean') return true;
  findings.fail('returns', `endedAtCap gave ${describeValue(capped)}; expected true or false (whether the match ended at a length cap)`, seed, step);
  return false;
}

/**
 * Asks `property` (returns, heuristic) of one state a second time; a throw, or values other than
 * `first`, fails it. Returns whether the second read agreed.
 */
function sameOnSecondRead(property: 'returns' | 'heuristic', read: () => unknown, first: readonly number[], seed: number, step: number, findings: Findings): boolean {
  let again: unknown;
  try {
    again = read();
  } catch (error) {
    findings.fail(property, `${property} threw when asked a second time for the same state: ${describeError(error)}`, seed, step);
    return false;
  }
  if (Array.isArray(again) && again.length === first.length && first.every((value, i) => Object.is(value, again[i]))) return true;
  findings.fail(property, `${property} gave ${shown(first)}, then ${shown(again)} for the same state; expected values that depend on the state alone`, seed, step);
  return false;
}

/** Per-seat values as a message shows them: NaN and Infinity as themselves, where JSON says null. */
function shown(values: unknown): string {
  if (Array.isArray(values)) return describeValues(values);
  return ArrayBuffer.isView(values) ? describeNonList(values) : (JSON.stringify(values) ?? String(values));
}

function checkHeuristic(game: AnyGame, state: unknown, seed: number, step: number, findings: Findings, terminal: boolean, returns?: readonly number[]): void {
  findings.checked('heuristic');
  let values: number[];
  try {
    values = game.heuristic(state);
  } catch (error) {
    findings.fail('heuristic', `heuristic threw: ${describeError(error)}`, seed, step);
    return;
  }
  const [low, high] = game.utilityBounds;
  if (!Array.isArray(values) || values.length !== game.seats.length || values.some((v) => !(typeof v === 'number' && Number.isFinite(v) && v >= low && v <= high))) {
    findings.fail('heuristic', `heuristic gave ${shown(values)}, expected ${Array.isArray(values) ? '' : 'a list (an Array) of '}${game.seats.length} values within [${low}, ${high}]`, seed, step);
    return;
  }
  if (terminal && returns !== undefined && values.some((v, i) => Math.abs(v - (returns[i] as number)) > 1e-9)) {
    findings.fail('heuristic', `at a terminal state the heuristic ${shown(values)} differs from returns ${shown(returns)}`, seed, step);
  }
  // Agents and the quality figures read it: values that change between two reads of one state
  // make runs with such agents unrepeatable, which no random playout (it never reads them) shows.
  sameOnSecondRead('heuristic', () => game.heuristic(state), values, seed, step, findings);
  const leader = heuristicLeader(game);
  if (leader !== undefined) checkLeader(leader, state, values, seed, step, findings);
}

/**
 * The heuristic's `leader`, bound to it, or undefined where it has none (or no heuristic at all,
 * which the heuristic property reports). A leader that cannot be read (a getter that throws) or
 * is no function is given as one that throws, so the check reports it instead of the suite.
 */
function heuristicLeader(game: AnyGame): ((state: unknown) => unknown) | undefined {
  let heuristic: unknown;
  let leader: unknown;
  try {
    heuristic = game.heuristic;
    leader = typeof heuristic === 'function' ? (heuristic as { leader?: unknown }).leader : undefined;
  } catch (error) {
    return () => {
      throw new Error(`it cannot be read: ${describeError(error)}`);
    };
  }
  if (leader === undefined) return undefined;
  if (typeof leader !== 'function') {
    return () => {
      throw new Error(`it is ${describeValue(leader)}, not a function`);
    };
  }
  return (state) => (leader as (this: unknown, state: unknown) => unknown).call(heuristic, state);
}

/** The heuristic's own leader against the leader its values make. */
function checkLeader(leader: (state: unknown) => unknown, state: unknown, values: readonly number[], seed: number, step: number, findings: Findings): void {
  findings.checked('heuristic-leader');
  let given: unknown;
  try {
    given = leader(state);
  } catch (error) {
    findings.fail('heuristic-leader', `heuristic.leader threw: ${describeError(error)}`, seed, step);
    return;
  }
  const expected = leaderOf(values);
  if (given !== expected) {
    findings.fail('heuristic-leader', `heuristic.leader gave ${describeValue(given)} where the heuristic's values ${shown(values)} make it ${expected}`, seed, step);
  }
}

/** Checks a chance node and samples its outcome; undefined when the node is broken. */
/** At most this many chance nodes are tested as the first of their outcome list. */
const CHANCE_KINDS_TESTED = 24;

/** The chance of a false alarm over the whole sampling check, by default ({@link ConformanceOptions.chanceFamilySignificance}). */
export const CHANCE_FAMILY_SIGNIFICANCE = 0.005;

/**
 * Checks a chance node's outcome list and draws one outcome; returns it and the list's kind (its
 * keys and probabilities), or undefined when the node cannot be played on.
 */
function checkChanceNode(game: AnyGame, state: unknown, rng: Rng, seed: number, step: number, findings: Findings): { action: unknown; kind: string } | undefined {
  findings.checked('chance-outcomes');
  let outcomes;
  try {
    outcomes = game.chanceOutcomes(state);
  } catch (error) {
    findings.fail('chance-outcomes', `chanceOutcomes threw: ${describeError(error)}`, seed, step);
    return undefined;
  }
  if (!Array.isArray(outcomes) || outcomes.length === 0) {
    findings.fail('chance-outcomes', 'a chance node lists no outcomes', seed, step);
    return undefined;
  }
  const keys = outcomes.map((outcome) => safeKey(game, outcome.action));
  const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
  if (duplicates.length > 0) findings.fail('chance-outcomes', `outcomes share keys: ${[...new Set(duplicates)].slice(0, 3).join(', ')}`, seed, step);
  const nonPositive = outcomes.filter((outcome) => !(typeof outcome.probability === 'number' && outcome.probability > 0 && outcome.probability <= 1));
  if (nonPositive.length > 0) findings.fail('chance-outcomes', `${nonPositive.length} outcome(s) have a probability outside (0, 1], such as ${String(nonPositive[0]?.probability)}`, seed, step);
  const total = outcomes.reduce((sum, outcome) => sum + outcome.probability, 0);
  if (!(Math.abs(total - 1) <= 1e-9)) findings.fail('chance-outcomes', `outcome probabilities sum to ${total}, expected 1`, seed, step);
  let sampled: unknown;
  try {
    sampled = game.sampleChance(state, rng);
  } catch (error) {
    findings.fail('chance-outcomes', `sampleChance threw: ${describeError(error)}`, seed, step);
    return undefined;
  }
  if (!keys.includes(safeKey(game, sampled))) findings.fail('chance-outcomes', `sampleChance drew ${safeKey(game, sampled)}, which chanceOutcomes does not list`, seed, step);
  return { action: sampled, kind: outcomes.map((outcome, i) => `${keys[i]}=${String(outcome.probability)}`).join('\n') };
}

/** Groupings whose states are compared as the first of their kind, at most. */
const GROUPINGS_COMPARED = 48;
/** Further chance nodes, at the deeper-checked steps, whose grouped states are compared in each playout. */
const GROUP_CHECKS_PER_PLAYOUT = 4;

/**
 * Checks the groups of a chance node's outcomes (`chanceGroups`): one whole number per outcome,
 * numbered 0, 1, 2, … by first appearance; and, where `compare` says so for this grouping (the
 * outcome list's `kind` and the numbers), that the outcomes of each group leave equal states.
 */
function checkChanceGroups(game: AnyGame, state: unknown, kind: string, compare: (grouping: string) => boolean, seed: number, step: number, findings: Findings): void {
  findings.checked('chance-groups');
  let groups: readonly number[];
  let outcomes;
  try {
    groups = (game.chanceGroups as (state: unknown) => readonly number[])(state);
    outcomes = game.chanceOutcomes(state);
  } catch (error) {
    findings.fail('chance-groups', `chanceGroups threw: ${describeError(error)}`, seed, step);
    return;
  }
  if (!(Array.isArray(groups) || ArrayBuffer.isView(groups)) || groups.length !== outcomes.length) {
    findings.fail('chance-groups', `chanceGroups gave ${shown(groups)}, expected one group number for each of the ${outcomes.length} outcomes`, seed, step);
    return;
  }
  let next = 0;
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i];
    if (!(Number.isInteger(group) && (group as number) >= 0 && (group as number) <= next)) {
      findings.fail('chance-groups', `chanceGroups gave ${shown(Array.from(groups))}: outcome ${i} (${safeKey(game, outcomes[i]?.action)}) has ${String(group)}, expected a group already used or the next new one, ${next} (groups are numbered 0, 1, 2, … by first appearance)`, seed, step);
      return;
    }
    if (group === next) next++;
  }
  // Nothing to compare where every outcome is its own group.
  if (next === groups.length || !compare(`${kind}\n${Array.from(groups).join(',')}`)) return;
  const firstOfGroup: (string | undefined)[] = [];
  for (let i = 0; i < outcomes.length; i++) {
    const group = groups[i] as number;
    let after: string;
    try {
      const child = game.clone(state);
      game.apply(child, (outcomes[i] as { action: unknown }).action, null);
      after = snapshot(child);
    } catch {
      return; // The apply and clone checks report a failure here.
    }
    const first = firstOfGroup[group];
    if (first === undefined) {
      firstOfGroup[group] = after;
    } else if (first !== after) {
      const member = groups.indexOf(group);
      findings.fail(
        'chance-groups',
        `outcomes ${safeKey(game, outcomes[member]?.action)} and ${safeKey(game, outcomes[i]?.action)} share group ${group} but leave different states: group only outcomes after which the state is the same in every field`,
        seed,
        step,
      );
      return;
    }
  }
}

/** How {@link safeKey} marks a key actionKey could not make. */
const KEY_FAILED = '<actionKey threw: ';

const safeKey = (game: AnyGame, action: unknown): string => {
  try {
    return game.actionKey(action);
  } catch (error) {
    return `${KEY_FAILED}${describeError(error)}>`;
  }
};

/**
 * Where `value` can still be changed, or null when nowhere: the path of the first part that is
 * not frozen (review 28e: `{ kind, by: { cells } }`, frozen outside, let an agent move every runner
 * six cells), or that freezing leaves changeable (review 29a: a frozen Map, Set or Date keeps its
 * entries or time changeable; a typed array with elements cannot be frozen), with what to do.
 * Each object is read once, from a stack: actions that refer back to each other, or share parts,
 * are read in time linear in their size (review 29a: a cycle failed, shared parts took
 * exponential time).
 */
function changeablePart(value: unknown): { path: string; advice: string } | null {
  const seen = new Set<object>();
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [part, path] = stack.pop() as [unknown, string];
    if (typeof part !== 'object' || part === null || seen.has(part)) continue;
    seen.add(part);
    const where = path === '' ? 'it' : `its ${path.slice(1)}`;
    if (ArrayBuffer.isView(part)) {
      if ((part as { byteLength: number }).byteLength > 0) return { path, advice: `${where} is a typed array, which cannot be frozen: hand out a frozen plain array instead` };
      continue;
    }
    if (part instanceof Map || part instanceof Set || part instanceof WeakMap || part instanceof WeakSet || part instanceof Date) {
      return { path, advice: `${where} is a ${part.constructor.name}, which Object.freeze leaves changeable: hand out a frozen array or object instead` };
    }
    if (!Object.isFrozen(part)) return { path, advice: `${where} is not frozen: freeze it and every object in it (Object.freeze, all the way down)` };
    for (const key of Reflect.ownKeys(part)) stack.push([(part as Record<string | symbol, unknown>)[key], `${path}.${String(key)}`]);
  }
  return null;
}

/** Checks a decision node's legal actions; null when there are none to play. */
function checkDecisionNode(game: AnyGame, state: unknown, seed: number, step: number, findings: Findings, deep: boolean): unknown[] | null {
  findings.checked('legal-actions');
  let listed: unknown;
  try {
    listed = game.legalActions(state);
  } catch (error) {
    findings.fail('legal-actions', `legalActions threw: ${describeError(error)}`, seed, step);
    return null;
  }
  if (!Array.isArray(listed)) {
    findings.fail('legal-actions', `legalActions(state) returned ${describeValue(listed)}; expected an array of actions`, seed, step);
    return null;
  }
  const legal: unknown[] = [...(listed as unknown[])];
  if (legal.length === 0) {
    findings.fail('legal-actions', 'a decision node has no legal actions', seed, step);
    return null;
  }
  const keys = legal.map((action) => safeKey(game, action));
  // A key that could not be made is actionKey's fault, not a duplicate (every failure reads alike).
  const failed = keys.find((key) => key.startsWith(KEY_FAILED));
  if (failed !== undefined) {
    findings.fail('legal-actions', `actionKey threw on a legal action: ${failed.slice(KEY_FAILED.length, -1)}`, seed, step);
    return null;
  }
  const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
  if (duplicates.length > 0) findings.fail('legal-actions', `legal actions share keys: ${[...new Set(duplicates)].slice(0, 3).join(', ')}`, seed, step);
  try {
    const buffer: unknown[] = [legal[0], legal[0], legal[0], ...legal, ...legal];
    const filled = game.legalActions(state, buffer);
    if (filled !== buffer) findings.fail('legal-actions', 'legalActions(state, into) must fill and return the array it is given', seed, step);
    else if (filled.map((action) => safeKey(game, action)).join('\n') !== keys.join('\n')) findings.fail('legal-actions', 'legalActions(state, into) filled the given array with other actions, or another order, than legalActions(state) returned', seed, step);
  } catch (error) {
    findings.fail('legal-actions', `legalActions(state, into) threw: ${describeError(error)}`, seed, step);
  }
  findings.checked('stable-order');
  try {
    const listedAgain = game.legalActions(state);
    const again = listedAgain.map((action) => safeKey(game, action));
    if (again.join('\n') !== keys.join('\n')) findings.fail('stable-order', 'a second call lists other legal actions, or in another order', seed, step);
    // An action object listed again (interned, kept in a table) is handed to every agent that
    // sees it: an agent's edit to one would change what is played, now or later, unless it is
    // frozen (audit 28b: a module that rewrote "swap" to "keep" took the move from the other seat).
    for (let index = 0; index < listedAgain.length; index++) {
      const action = listedAgain[index];
      if (typeof action !== 'object' || action === null || action !== legal[index]) continue;
      const changeable = changeablePart(action);
      if (changeable === null) continue;
      findings.fail('legal-actions', `legalActions hands out the same action object again (${safeKey(game, action)}), and ${changeable.advice}; expected new actions each call, or ones nothing can change`, seed, step);
      break;
    }
    if (deep) {
      const fromClone = game.legalActions(game.clone(state)).map((action) => safeKey(game, action));
      if (fromClone.join('\n') !== keys.join('\n')) findings.fail('stable-order', 'a clone of the state lists other legal actions, or in another order', seed, step);
    }
  } catch (error) {
    findings.fail('stable-order', `listing legal actions again threw: ${describeError(error)}`, seed, step);
  }
  return legal;
}

/**
 * Legal actions applied each to its own clone: none may throw. All of them up to 16, else 16
 * spread evenly over the list (the first and last included), which keeps big branching cheap.
 */
function checkEveryActionApplies(game: AnyGame, state: unknown, legal: readonly unknown[], seed: number, step: number, findings: Findings): void {
  const picked = legal.length <= 16 ? legal : Array.from({ length: 16 }, (_, i) => legal[Math.round((i * (legal.length - 1)) / 15)]);
  for (const action of picked) {
    findings.checked('apply');
    try {
      game.apply(game.clone(state), action, null);
    } catch (error) {
      findings.fail('apply', `applying the legal action ${safeKey(game, action)} threw: ${describeError(error)}`, seed, step);
      return;
    }
  }
}

function checkClone(game: AnyGame, state: unknown, seed: number, step: number, context: PlayoutContext, rng: Rng): void {
  const { findings } = context;
  findings.checked('clone');
  try {
    const before = snapshot(state);
    const copy = game.clone(state);
    if (copy === state) {
      findings.fail('clone', 'clone returned the state itself', seed, step);
      return;
    }
    if (snapshot(copy) !== before) {
      // A part a read-only function put into the state (a count) is one a clone of the known fields leaves out (audit 40d F2).
      const why = findings.readOnlyBroken.has(seed) ? ' (read-only failed in this playout: a part a function other than apply put into the state may be what the clone leaves out)' : '';
      findings.fail('clone', `a clone differs from its original${why}`, seed, step);
    }
    const shared = sharedMutableParts(context.constants, state, copy);
    if (shared.length > 0) findings.fail('clone', `a clone shares mutable parts with its original: ${shared.slice(0, 3).join(', ')}`, seed, step);
    playRandomly(game, copy, rng.clone(), 40);
    if (snapshot(state) !== before) findings.fail('clone', 'playing on a clone changed its original', seed, step);
  } catch (error) {
    findings.fail('clone', `cloning or playing a clone threw: ${describeError(error)}`, seed, step);
  }
}

/**
 * Observing leaves the state as it was, and an observation is the seat's own: neither the live
 * state nor any mutable part of it, beyond what every setup shares and play never changes (the
 * constants: a configuration, a map). An agent that edits its observation (to try a move) would
 * otherwise edit the match (audit 28b: `{ ...state, deck: state.deck }` passed, and an agent that
 * edited the deck changed the draws).
 */
/** Fails an observation that is undefined or null for `seat`, the seat to act. */
function checkSomeView(game: AnyGame, state: unknown, seat: number, seed: number, step: number, findings: Findings): void {
  let view: unknown;
  try {
    view = game.observe(state, seat);
  } catch (error) {
    findings.fail('observation', `observe threw: ${describeError(error)}`, seed, step);
    return;
  }
  if (view === undefined || view === null) findings.fail('observation', `observe(state, ${seat}) returned ${String(view)}; expected what seat ${seat} may see of the state`, seed, step);
}

function checkObservation(game: AnyGame, state: unknown, seed: number, step: number, findings: Findings, constants: ReadonlySet<object>): void {
  findings.checked('observation');
  try {
    const before = snapshot(state);
    for (let seat = 0; seat < game.seats.length; seat++) {
      const view = game.observe(state, seat);
      // An agent module's decision.observe() hands this on: nothing is no view (audit 29b).
      if (view === undefined || view === null) {
        findings.fail('observation', `observe(state, ${seat}) returned ${String(view)}; expected what seat ${seat} may see of the state`, seed, step);
        return;
      }
      if (view === state && typeof state === 'object' && state !== null) {
        findings.fail('observation', `observe(state, ${seat}) returned the live state`, seed, step);
        return;
      }
      const shared = sharedMutableParts(constants, state, view);
      if (shared.length > 0) {
        findings.fail('observation', `observe(state, ${seat}) shares mutable parts with the live state: ${shared.slice(0, 3).join(', ')}; expected copies, or parts that are frozen or that every setup shares and play never changes`, seed, step);
        return;
      }
    }
    if (snapshot(state) !== before) findings.fail('observation', 'observing the state changed it', seed, step);
  } catch (error) {
    findings.fail('observation', `observe threw: ${describeError(error)}`, seed, step);
  }
}

/**
 * The steps a playout may take: the game's maxLength, or, where that is not a positive whole
 * number (the metadata check reports it), a cap that keeps a game that never ends from hanging
 * the suite, the same for a playout and its replay (so determinism is not blamed for it).
 */
function playoutBound(game: AnyGame, params: unknown): number {
  try {
    const bound = game.maxLength(params);
    if (Number.isInteger(bound) && bound > 0) return bound;
  } catch {
    // Reported by the metadata check.
  }
  return FALLBACK_PLAYOUT_STEPS;
}
const FALLBACK_PLAYOUT_STEPS = 100_000;

function playRandomly(game: AnyGame, state: unknown, rng: Rng, steps: number): void {
  for (let i = 0; i < steps && game.currentPlayer(state) !== TERMINAL; i++) {
    if (game.currentPlayer(state) === CHANCE) game.apply(state, game.sampleChance(state, rng), null);
    else {
      const legal = game.legalActions(state);
      // A decision without actions is the legal-actions check's to report, not a clone's.
      if (legal.length === 0) return;
      game.apply(state, legal[rng.int(legal.length)], null);
    }
  }
}

/** A playout's record again, from the same seed, with the same entries as {@link checkedPlayout} keeps (states every `every` steps). */
function replayTrajectory(game: AnyGame, params: unknown, seed: number, every: number, timing: PlayoutTiming | null): string[] | null {
  try {
    const rng = playoutRng(seed);
    const state = game.setup(params);
    const trajectory: string[] = [];
    const bound = playoutBound(game, params);
    for (let step = 0; step <= bound && game.currentPlayer(state) !== TERMINAL; step++) {
      if (timing !== null) timing.step = step;
      if (isDeepStep(seed, step, every)) recordState(trajectory, state);
      let action: unknown;
      if (game.currentPlayer(state) === CHANCE) {
        // The checked playout listed the outcomes before sampling; listing never draws.
        action = game.sampleChance(state, rng);
      } else {
        const legal = game.legalActions(state);
        action = legal[rng.int(legal.length)];
      }
      recordAction(trajectory, game.actionKey(action));
      const events: unknown[] = [];
      game.apply(state, action, (event) => events.push(event));
      recordEvents(trajectory, events);
    }
    if (game.currentPlayer(state) === TERMINAL) recordEnd(game, state, trajectory);
    return trajectory;
  } catch {
    return null;
  }
}

/** Draws at a tested chance node: at least this many. */
const CHANCE_DRAWS_MIN = 2_000;
/** Draws at a tested chance node: enough for each outcome to be expected this many times, where the cap allows. */
const CHANCE_EXPECTED_MIN = 20;
/** Draws at a tested chance node: at most this many. */
const CHANCE_DRAWS_MAX = 100_000;

/**
 * The draws at a chance node with `outcomes` outcomes, the least likely of probability
 * `rarest`: 2,000, or more where an outcome is rare (each expected 20 times, up to 100,000 draws),
 * so that a rare outcome is tested on enough draws to show a bias (review 34f F4).
 */
export function chanceDraws(outcomes: number, rarest: number): number {
  const forRarest = rarest > 0 ? Math.ceil(CHANCE_EXPECTED_MIN / rarest) : CHANCE_DRAWS_MAX;
  return Math.min(CHANCE_DRAWS_MAX, Math.max(CHANCE_DRAWS_MIN, 60 * outcomes, forRarest));
}

/**
 * The two-sided exact binomial p-value of `count` successes in `trials` at probability
 * `probability`: twice the smaller tail (at most 1). Exact however small the expected count, where
 * chi-squared's approximation is poor (review 34f F4).
 */
export function binomialTwoSided(count: number, trials: number, probability: number): number {
  if (probability <= 0) return count > 0 ? 0 : 1;
  if (probability >= 1) return count < trials ? 0 : 1;
  const mean = trials * probability;
  // P(X ≥ count) = I_p(count, trials − count + 1); P(X ≤ count) = I_{1−p}(trials − count, count + 1).
  const tail = count >= mean ? (count === 0 ? 1 : regularizedBeta(probability, count, trials - count + 1)) : count >= trials ? 1 : regularizedBeta(1 - probability, trials - count, count + 1);
  return Math.min(1, 2 * tail);
}

/**
 * Samples each kept chance node many times (on one state: sampling must not change it) and tests
 * each outcome's count against its listed probability, by an exact binomial test. The family of
 * tests (every outcome of every node tested) has a false alarm with probability at most
 * `familySignificance`: each test is two-sided at `familySignificance / (nodes × its node's
 * outcomes)` (Bonferroni), so the bound holds whatever the number of playouts (each adds one node)
 * and however rare an outcome.
 */
function checkChanceSampling(game: AnyGame, nodes: readonly ChanceNodeSample[], familySignificance: number, findings: Findings): void {
  for (const node of nodes) {
    let outcomes;
    try {
      outcomes = game.chanceOutcomes(node.state);
    } catch {
      continue; // reported by the chance-outcomes check
    }
    const keys = outcomes.map((outcome) => safeKey(game, outcome.action));
    const index = new Map(keys.map((key, i) => [key, i]));
    const rarest = outcomes.reduce((least, outcome) => Math.min(least, outcome.probability), 1);
    const draws = chanceDraws(outcomes.length, rarest);
    const counts = new Array<number>(outcomes.length).fill(0);
    const rng = matchStream(matchSeed(node.seed, node.step + 1), 'conform:chance');
    let unlisted = 0;
    try {
      for (let i = 0; i < draws; i++) {
        const at = index.get(safeKey(game, game.sampleChance(node.state, rng)));
        if (at === undefined) unlisted++;
        else counts[at] = (counts[at] as number) + 1;
      }
    } catch (error) {
      findings.fail('chance-sampling', `sampleChance threw: ${describeError(error)}`, node.seed, node.step);
      continue;
    }
    findings.checked('chance-sampling');
    if (unlisted > 0) {
      findings.fail('chance-sampling', `${unlisted} of ${draws} draws were outcomes chanceOutcomes does not list`, node.seed, node.step);
      continue;
    }
    const level = familySignificance / (nodes.length * outcomes.length);
    const tested = counts.map((count, i) => {
      const stated = outcomes[i]?.probability ?? 0;
      return { key: keys[i] as string, count, seen: count / draws, stated, p: binomialTwoSided(count, draws, stated) };
    });
    const failed = tested.filter((outcome) => outcome.p < level);
    if (failed.length > 0) {
      // Of the outcomes whose test fails, the one that moved most in relative terms: a rare outcome drawn four times as often says more than a common one drawn 1% less.
      const moved = failed.reduce((best, outcome) => (Math.abs(outcome.seen / outcome.stated - 1) > Math.abs(best.seen / best.stated - 1) ? outcome : best));
      const percent = (x: number): string => `${Number((x * 100).toPrecision(3))}%`;
      findings.fail(
        'chance-sampling',
        `over ${draws} draws, sampleChance disagrees with chanceOutcomes: ${moved.key} drawn ${moved.count} times (${percent(moved.seen)}), stated ${percent(moved.stated)} (exact binomial p = ${moved.p.toExponential(1)}, below ${level.toExponential(1)}: ` +
          `the ${percent(familySignificance)} family level over ${nodes.length} node${nodes.length === 1 ? '' : 's'} × ${outcomes.length} outcomes)`,
        node.seed,
        node.step,
      );
    }
  }
}

/**
 * Where determinizing `a` and `b` for `seat`, each from its own copy of the stream `label` of
 * `streamSeed`, gives other states, said as `first at .hand[1] (3 and 5)` (values in the order
 * of `a` and `b`); null where they come out alike. The three determinization comparisons (with a
 * re-sampled state, with a shadow, across playouts) all ask this of two states the seat sees
 * alike.
 */
function determinizedApart(game: AnyGame, a: unknown, b: unknown, seat: number, streamSeed: ReturnType<typeof matchSeed>, label: string): string | null {
  const determinize = game.determinize as NonNullable<AnyGame['determinize']>;
  const difference = firstDifference(determinize.call(game, a, seat, matchStream(streamSeed, label)), determinize.call(game, b, seat, matchStream(streamSeed, label)));
  if (difference === null) return null;
  const [left, right] = clippedApart(difference.a, difference.b);
  return `${difference.path === '' ? 'as wholes' : `first at ${difference.path}`} (${left} and ${right})`;
}

/** (Seat, view) pairs kept for the determinization check across playouts, at most. */
const VIEW_ENTRIES = 4_096;
/** Characters of kept views and states (their snapshots), at most: about 64 MB. */
const VIEW_CHARS = 32_000_000;
/** Decisions of each playout visited for the check across playouts, at least (more with fewer playouts: 4,096 / playouts). */
const VIEW_VISITS_MIN_PER_PLAYOUT = 8;
/** Pairs of states compared by determinizing both, at most. */
const VIEW_COMPARISONS = 4_096;

/**
 * Determinization checked across playouts, without trusting the module's own determinize to make
 * the state compared with (review 34f F2: a determinize returning the truth at a seat's first
 * decision, or for one seat always, made the compared state the truth, and passed). At the first
 * decisions of every playout (4,096 / playouts of them, at least 8), the acting seat's view
 * (`observe`) is kept with a clone of the state, up to 4,096 views and about 64 MB. Where a state
 * met later gives the seat to act a view kept for another state, the seat cannot tell the two
 * apart, so determinizing both for it with one fresh stream must give equal states. Only the seat
 * to act, as a run asks (review 34h: every seat was asked, which no run does).
 */
class ViewLedger {
  private readonly kept = new Map<string, { snap: string; state: unknown; seed: number; step: number }>();
  /** Problems found, told by {@link report} after the checks each playout replays alone. */
  private readonly problems: { message: string; seed: number; playouts: number }[] = [];
  private chars = 0;
  private comparisons = 0;
  private visitsLeft = 0;
  constructor(
    private readonly game: AnyGame,
    private readonly visitsPerPlayout: number,
  ) {}

  startPlayout(): void {
    this.visitsLeft = this.visitsPerPlayout;
  }

  /** A decision of `seat` (the seat to act) at `step` of the playout of `seed`. */
  visit(state: unknown, seat: number, seed: number, step: number, findings: Findings): void {
    const game = this.game;
    const determinize = game.determinize;
    if (determinize === undefined || this.visitsLeft <= 0) return;
    this.visitsLeft--;
    let key: string;
    let snap: string;
    try {
      key = `${seat}\n${snapshot(game.observe(state, seat))}`;
      snap = snapshot(state);
    } catch {
      return; // The observation checks report an observe that throws.
    }
    const earlier = this.kept.get(key);
    if (earlier === undefined) {
      if (this.kept.size >= VIEW_ENTRIES || this.chars >= VIEW_CHARS) return;
      try {
        this.kept.set(key, { snap, state: game.clone(state), seed, step });
      } catch {
        return; // The clone check reports a clone that throws.
      }
      this.chars += key.length + 2 * snap.length;
      return;
    }
    if (earlier.snap === snap || this.comparisons >= VIEW_COMPARISONS) return;
    this.comparisons++;
    let apart: string | null;
    try {
      apart = determinizedApart(game, state, earlier.state, seat, matchSeed(seed, 5000 + step), 'conform:alike');
    } catch {
      return; // The checks at each decision report a determinize that throws.
    }
    findings.checked('determinization');
    if (apart === null) return;
    const first = Math.min(earlier.seed, seed);
    this.problems.push({
      message: `determinize for seat ${seat} read more than the seat observes: seat ${seat} observes the state at step ${step} of seed ${seed} as it observes the one at step ${earlier.step} of seed ${earlier.seed}, yet one stream determinized them to other states, ${apart}; a determinization may depend only on observe(state, seat) and the stream, so a part observe leaves out (the other hands, but also the order of the seat's own hand or a history) must be re-drawn, or shown by observe`,
      seed: first,
      playouts: Math.max(earlier.seed, seed) - first + 1,
    });
  }

  /** Fails determinization for each problem found (named by the first seed and the playouts that replay it). */
  report(findings: Findings): void {
    for (const problem of this.problems) findings.fail('determinization', problem.message, problem.seed, null, problem.playouts);
    this.problems.length = 0;
  }
}

/**
 * Hidden information, at every decision of one playout. For the deciding seat, `other` is a
 * determinization: a state that differs from the true one only in what the seat cannot see.
 * - the seat's observation of both must be equal;
 * - determinizing both with one stream must give equal states (a determinization may read only
 *   what the seat sees), and keep the seat's legal actions;
 * - over all playouts, determinizations must differ from the truth at least once (else nothing
 *   is re-sampled and the other checks prove nothing: the caller checks that);
 * - each given agent, with the same seed, must choose the same in both.
 * A determinize that copies the truth at some decision makes `other` the truth there, and the
 * second check idle. So each seat also has a shadow: a determinization for it made at an earlier
 * decision, played on with the playout's own actions and outcomes. Where the seat sees the shadow
 * as it sees the live state, the two differ only in what it cannot see, whatever determinize does
 * now, and determinizing both with one stream must give equal states (audit 34b F2: one copying
 * the other seat's true card at the second seat's decision passed).
 */
function checkHiddenInformation(game: AnyGame, params: unknown, seed: number, options: ConformanceOptions, findings: Findings, timing: PlayoutTiming | null, constants: ReadonlySet<object>): { decisions: number; resampled: boolean } {
  let resampled = false;
  let decisions = 0;
  if (game.determinize === undefined) {
    findings.fail('determinization', 'the game declares hidden information but has no determinize', seed, null);
    return { decisions, resampled };
  }
  const rng = matchStream(matchSeed(seed, 1), 'conform:hidden');
  const shadowRng = matchStream(matchSeed(seed, 2), 'conform:shadow');
  const shadows = new Shadows(game, game.seats.length);
  let state: unknown;
  try {
    state = game.setup(params);
  } catch {
    return { decisions, resampled }; // reported by the setup check
  }
  const bound = playoutBound(game, params);
  const began = timing === null ? 0 : timing.clock();
  for (let step = 0; step <= bound; step++) {
    if (timing !== null) timing.step = step;
    if (timing !== null && timing.clock() - began > timing.limitMs) {
      findings.fail('terminates', `the hidden-information checks' playout reached no terminal state after ${formatSeconds(timing.limitMs)} (--playout-time) and ${step} steps, with maxLength ${bound}`, seed, step);
      break;
    }
    let player: number;
    try {
      player = game.currentPlayer(state);
      if (player === TERMINAL) break;
      if (player === CHANCE) {
        const outcome = game.sampleChance(state, rng);
        shadows.follow(CHANCE, safeKey(game, outcome));
        game.apply(state, outcome, null);
        continue;
      }
    } catch {
      return { decisions, resampled }; // reported by the playout checks
    }
    decisions++;
    try {
      const truth = snapshot(state);
      const other = game.determinize(state, player, rng);
      if (snapshot(state) !== truth) findings.fail('determinization', 'determinize changed the state it was given', seed, step);
      // A search state is its agent's to play on: one sharing a mutable part with the live state would play on the match.
      const shared = other === state && typeof state === 'object' && state !== null ? ['the state itself'] : sharedMutableParts(constants, state, other);
      if (shared.length > 0) findings.fail('determinization', `a determinization for seat ${player} shares mutable parts with the live state: ${shared.slice(0, 3).join(', ')}; expected copies, or parts that are frozen or that every setup shares and play never changes`, seed, step);
      if (snapshot(other) !== truth) resampled = true;
      findings.checked('hidden-observation');
      if (snapshot(game.observe(other, player)) !== snapshot(game.observe(state, player))) {
        findings.fail('hidden-observation', `seat ${player}'s observation changed when only what it cannot see did`, seed, step);
      }
      findings.checked('determinization');
      const apart = determinizedApart(game, state, other, player, matchSeed(seed, 1000 + step), 'd');
      if (apart !== null) {
        findings.fail('determinization', `determinize for seat ${player} read what the seat cannot see: the same stream gave other states from states that differ only there, ${apart}`, seed, step);
      }
      const keys = (s: unknown): string => game.legalActions(s).map((action) => safeKey(game, action)).join('\n');
      if (keys(other) !== keys(state)) findings.fail('determinization', `a determinization for seat ${player} changed its legal actions`, seed, step);
      const shadow = shadows.alike(state, player);
      if (shadow !== null) {
        findings.checked('determinization');
        const apart = determinizedApart(game, state, shadow.state, player, matchSeed(seed, 3000 + step), 'd');
        if (apart !== null) {
          findings.fail(
            'determinization',
            `determinize for seat ${player} read what the seat cannot see: the same stream gave other states from the live state and from one that differs only there (a determinization for seat ${player} made at step ${shadow.madeAt}, played on alike), ${apart}; so its re-sampling is not what it hands out here`,
            seed,
            step,
          );
        }
      }
      shadows.make(state, step, shadowRng);
      // Agents think (MCTS searches): asking them on the first few playouts is enough.
      if ((options.agents ?? []).length > 0 && seed < (options.seed ?? 1) + 3) {
        findings.checked('no-peeking');
        const truthChoices = agentChoices(game, params, state, player, options);
        const otherChoices = agentChoices(game, params, other, player, options);
        const differing = truthChoices.filter((choice, i) => choice.index !== otherChoices[i]?.index).map((choice) => choice.agent);
        if (differing.length > 0) findings.fail('no-peeking', `agent(s) ${differing.join(', ')} chose differently when only hidden parts changed`, seed, step);
      }
    } catch (error) {
      findings.fail('determinization', `determinizing or observing threw: ${describeError(error)}`, seed, step);
      return { decisions, resampled };
    }
    const legal = game.legalActions(state);
    if (legal.length === 0) break;
    const action = legal[rng.int(legal.length)];
    shadows.follow(player, safeKey(game, action));
    game.apply(state, action, null);
  }
  return { decisions, resampled };
}

/**
 * One determinization per seat, made at a decision and played on with the live playout's actions
 * and chance outcomes (each found by its key in the shadow's own lists): a state that differs
 * from the live one only in what the seat could not see when it was made. A shadow that can no
 * longer follow (another seat to act, the action or outcome not listed there, a call that throws)
 * is dropped, and one equal to the live state is made anew; nothing here fails a property itself.
 */
class Shadows {
  private readonly shadows: ({ state: unknown; madeAt: number } | null)[];
  constructor(
    private readonly game: AnyGame,
    seats: number,
  ) {
    this.shadows = new Array(seats).fill(null);
  }

  /** The seat's shadow where the seat sees it as it sees `live` and it differs from `live`, else null. */
  alike(live: unknown, seat: number): { state: unknown; madeAt: number } | null {
    const shadow = this.shadows[seat] ?? null;
    if (shadow === null) return null;
    try {
      if (snapshot(shadow.state) === snapshot(live)) {
        this.shadows[seat] = null;
        return null;
      }
      return snapshot(this.game.observe(shadow.state, seat)) === snapshot(this.game.observe(live, seat)) ? shadow : null;
    } catch {
      this.shadows[seat] = null;
      return null;
    }
  }

  /** A shadow for each seat that has none, where a determinization for it differs from `live`. */
  make(live: unknown, step: number, rng: Rng): void {
    const determinize = this.game.determinize;
    if (determinize === undefined) return;
    for (let seat = 0; seat < this.shadows.length; seat++) {
      if (this.shadows[seat] !== null) continue;
      try {
        const state = determinize.call(this.game, live, seat, rng);
        if (snapshot(state) !== snapshot(live)) this.shadows[seat] = { state, madeAt: step };
      } catch {
        // The checks at the seat's own decisions report a determinize that throws.
      }
    }
  }

  /** Plays on every shadow what the live state plays: `player` (a seat or CHANCE) chose the action keyed `key`. */
  follow(player: number, key: string): void {
    for (let seat = 0; seat < this.shadows.length; seat++) {
      const shadow = this.shadows[seat];
      if (shadow === null || shadow === undefined) continue;
      try {
        const game = this.game;
        const listed: unknown[] =
          game.currentPlayer(shadow.state) !== player ? [] : player === CHANCE ? game.chanceOutcomes(shadow.state).map((outcome) => outcome.action) : game.legalActions(shadow.state);
        const action = listed.find((candidate) => safeKey(game, candidate) === key);
        if (action === undefined) this.shadows[seat] = null;
        else game.apply(shadow.state, action, null);
      } catch {
        this.shadows[seat] = null;
      }
    }
  }
}

function agentChoices(game: AnyGame, params: unknown, state: unknown, seat: number, options: ConformanceOptions): { agent: string; index: number }[] {
  const decision = new SeatDecision(game, state);
  decision.seat = seat;
  decision.legalActions = game.legalActions(state);
  return (options.agents ?? [])
    .filter((factory) => factory.playsOnly === undefined || (factory.playsOnly.game === game.id && factory.playsOnly.seats.includes(seat)))
    .map((factory) => {
      const rng = matchStream(matchSeed(77, 0), `seat:${seat}`);
      const agent = factory.create(options.agentConfigs?.[factory.id] ?? {}, { game, params, seat, rng });
      return { agent: factory.id, index: agent.chooseAction(decision) };
    });
}
