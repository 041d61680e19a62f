/**
 * Plays one match: one agent per seat, chance from the rules' own stream, events to a sink.
 *
 * A match is a pure function of (game, parameters, agents and their configs, run seed, match
 * index): the match seed comes from (run seed, match index) alone, and the rules and each seat
 * draw from separate streams derived from it, so nothing depends on which worker or chunk
 * plays the match.
 */
import type { Agent, AgentContext, AgentFactory, Decision } from './agent.js';
import { ContractBreach, RunStoppingError } from './errors.js';
import { CHANCE, TERMINAL, type AnyGame, type EventSink, type GameEvent } from './game.js';
import { formatSeed, matchSeed, matchStream, type Rng, type Seed64 } from './rng.js';
import { ReadOnlyViews } from './read-only.js';
import { paramsFor } from './game-params.js';
import { changedPart, fingerprint } from './state-fingerprint.js';
import { enterMatch, leaveMatch } from './unseeded-random.js';

/** One seat of a match: which factory builds its agent, and with what config. */
export interface SeatSpec {
  readonly factory: AgentFactory;
  readonly config: Readonly<Record<string, unknown>>;
}

/** Everything that determines a match. */
export interface MatchSpec {
  readonly game: AnyGame;
  readonly params: unknown;
  readonly seats: readonly SeatSpec[];
  readonly runSeed: number;
  /** The match's position in the run (for messages and reports). */
  readonly matchIndex: number;
  /**
   * The index the match seed is derived from; defaults to `matchIndex`. Rotated seats give two
   * matches the same seed index so each seed is played in both seatings.
   */
  readonly seedIndex?: number;
  /**
   * Stream label per seat; default `seat:<index>`. Rotated runs label streams by agent name,
   * so two copies of one agent swapping seats do not replay the very same game.
   */
  readonly streamLabels?: readonly string[];
  /** Called after every step with who acted (a seat or CHANCE) and what, for replays and traces. */
  readonly trace?: (player: number, action: unknown, state: unknown) => void;
  /**
   * Called at every decision before the agent is asked: the seat acting, how many legal actions
   * it has, and the live state (read it, never change or keep it). Quality metrics hear the
   * match through this; without it the loop pays one check per decision.
   */
  readonly onDecision?: (seat: number, legalActions: number, state: unknown) => void;
  /**
   * Lists to reuse, for a caller that plays match after match (a chunk): the legal actions, the
   * decisions so far and each seat's last answer are then refilled, not made anew each match.
   * Never give one scratch to two matches in play at once.
   */
  readonly scratch?: MatchScratch;
}

/** The lists a match fills as it goes, kept from one match to the next: see {@link MatchSpec.scratch}. */
export class MatchScratch {
  // Stryker disable next-line ArrayDeclaration: legalActions refills the list it is given, clearing it first
  readonly legal: unknown[] = [];
  // Stryker disable next-line ArrayDeclaration: emptied at the start of every match
  readonly history: unknown[] = [];
  // Stryker disable next-line ArrayDeclaration: each seat's entry is set to 0 at the start of every match, and only seats' entries are read
  readonly lastAnswer: number[] = [];
}

/** The end of a match. */
export interface MatchOutcome {
  /** The match seed, from (run seed, match index). */
  readonly seed: Seed64;
  /** The terminal state (owned by the caller). */
  readonly finalState: unknown;
  /** Per-seat returns. */
  readonly returns: number[];
  /** Steps played: decisions plus chance outcomes. */
  readonly steps: number;
  /** The game's `endedAtCap` of the final state, asked once (undefined for a game without one). */
  readonly endedAtCap?: boolean | undefined;
}

/** Role names of the streams inside a match. */
export const CHANCE_STREAM = 'chance';
export function seatStream(seat: number): string {
  // Made once per seat: every match derives its seats' streams by these names.
  return (SEAT_STREAMS[seat] ??= `seat:${seat}`);
}
const SEAT_STREAMS: string[] = [];

/**
 * A failure inside a match (a rules bug, an agent that throws or answers out of range), with
 * the seed and index that reproduce it.
 */
export class MatchFailure extends Error {
  readonly matchIndex: number;
  readonly runSeed: number;
  readonly matchSeed: string;
  readonly step: number | null;

  constructor(spec: MatchSpec, seed: Seed64 | bigint, step: number, cause: unknown) {
    const reason = describeThrown(cause).message;
    super(
      `match ${spec.matchIndex} of run seed ${spec.runSeed} (match seed ${formatSeed(seed)}) ` +
        `failed at step ${step}: ${reason}`,
      { cause },
    );
    this.name = 'MatchFailure';
    this.matchIndex = spec.matchIndex;
    this.runSeed = spec.runSeed;
    this.matchSeed = formatSeed(seed);
    this.step = step;
  }

  /** Plain data, to cross a worker boundary (an Error's own fields do not). */
  toData(): MatchFailureData {
    const cause = describeThrown(this.cause).detail;
    return { message: this.message, matchIndex: this.matchIndex, runSeed: this.runSeed, matchSeed: this.matchSeed, step: this.step, cause };
  }

  /** Rebuilds a failure reported by a worker. */
  static fromData(data: MatchFailureData): MatchFailure {
    const failure = Object.create(MatchFailure.prototype) as MatchFailure;
    Object.assign(failure, { ...data, name: 'MatchFailure', cause: new Error(data.cause) });
    // Stryker disable next-line StringLiteral,ObjectLiteral: Object.assign above has already set message; this only states it
    Object.defineProperty(failure, 'message', { value: data.message });
    return failure;
  }
}

/** A {@link MatchFailure} as plain data. */
export interface MatchFailureData {
  readonly message: string;
  readonly matchIndex: number;
  readonly runSeed: number;
  readonly matchSeed: string;
  /** Steps played before the failure; null when unknown (the match's worker thread died or hung). */
  readonly step: number | null;
  /** The original error's stack, or a description of what was thrown; its first line is the reason. */
  readonly cause: string;
}

/** `instanceof MatchFailure`, false for a value on which instanceof itself throws (a revoked proxy). */
function isMatchFailure(value: unknown): value is MatchFailure {
  try {
    return value instanceof MatchFailure;
  } catch {
    return false;
  }
}

/**
 * What a thrown value says, whatever it is: an Error's message and stack, a string as it is,
 * anything else (undefined, `Object.create(null)`, a revoked proxy, an object whose getters
 * throw) described without calling code that could throw again. A failing agent must cost its
 * match, never the run.
 */
export function describeThrown(value: unknown): { message: string; detail: string } {
  try {
    if (value instanceof Error) {
      const message = safeText(() => String(value.message), 'an Error whose message cannot be read');
      // Stryker disable next-line ConditionalExpression: (true for the typeof test) a stack that is not a string is refused by safeText, which falls back to the message all the same
      return { message, detail: safeText(() => (typeof value.stack === 'string' && value.stack !== '' ? value.stack : message), message) };
    }
  } catch {
    // instanceof itself throws on a revoked proxy: described below.
  }
  if (typeof value === 'string') return { message: value, detail: value };
  // Stryker disable next-line ConditionalExpression: (false for value === null) null described as an object is JSON's "null", the same words
  if (value === null || typeof value !== 'object') {
    const text = typeof value === 'function' ? 'a function' : safeText(() => String(value), typeof value);
    return { message: `non-Error value thrown: ${text}`, detail: `non-Error value thrown: ${text}` };
  }
  const text = safeText(() => JSON.stringify(value)?.slice(0, 200) ?? Object.prototype.toString.call(value), 'an object that cannot be described');
  return { message: `non-Error value thrown: ${text}`, detail: `non-Error value thrown: ${text}` };
}

function safeText(read: () => string, fallback: string): string {
  try {
    const text = read();
    // Stryker disable next-line ConditionalExpression: (true) every reader given here returns a string or throws (String(), a string stack, JSON text ?? a tag); the check guards later readers
    return typeof text === 'string' ? text : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The decision handed to agents. The true state sits in a JavaScript private field: an agent
 * reaches it only through `observe` (what its seat may see) and `searchState` (a copy, or a
 * determinization in hidden-information games).
 */
export class SeatDecision implements Decision {
  seat = 0;
  // Stryker disable next-line ArrayDeclaration: replaced before any agent sees the decision
  legalActions: readonly unknown[] = [];
  step = 0;
  /** Where this seat's view of the match's decisions starts, in `#history`. */
  historyStart = 0;
  readonly #game: AnyGame;
  readonly #state: unknown;
  readonly #history: readonly unknown[] | null;
  constructor(game: AnyGame, state: unknown, history: readonly unknown[] | null = null) {
    this.#game = game;
    this.#state = state;
    this.#history = history;
  }
  /** Computed only when asked for: most agents never look. */
  get actionsSince(): readonly unknown[] | null {
    return this.#history === null ? null : this.#history.slice(this.historyStart);
  }
  observe(): unknown {
    return this.#game.observe(this.#state, this.seat);
  }
  searchState(rng: Rng): unknown {
    return searchStateOf(this.#game, this.#state, this.seat, rng);
  }
}
// Every seat's decision shares this class: frozen, so no agent can change how another's answers.
Object.freeze(SeatDecision.prototype);
Object.freeze(SeatDecision);

/** A state `seat` may search from: a copy of `state`, or a determinization of it for that seat. */
function searchStateOf(game: AnyGame, state: unknown, seat: number, rng: Rng): unknown {
  if (!game.hiddenInformation) return game.clone(state);
  if (game.determinize === undefined) throw new Error(`${game.id} declares hidden information but has no determinize`);
  return game.determinize(state, seat, rng);
}

/**
 * The decisions of a seat whose agent is not one of Hordelab's own: an object of its own, frozen,
 * whose seat is fixed when it is made and whose other fields only the runner sets. The runner's
 * {@link SeatDecision} is one writable object for every seat of a match (allocation-free for
 * Hordelab's agents); handed to a module, one seat could set `seat` to another's and observe
 * that seat's hidden hand, or plant a `searchState` that fed the next seat's agent a board of
 * its making (audit 28b).
 */
class GuardedDecision {
  readonly decision: Decision;
  #legalActions: readonly unknown[] = [];
  #step = 0;
  #historyStart = 0;
  constructor(game: AnyGame, state: unknown, history: readonly unknown[] | null, seat: number) {
    // Stryker disable next-line ObjectLiteral: the accessors are what an agent reads; tests read each
    const decision: Decision = {
      seat,
      legalActions: [],
      step: 0,
      actionsSince: null,
      observe: () => game.observe(state, seat),
      searchState: (rng: Rng) => searchStateOf(game, state, seat, rng),
    };
    const self = this;
    Object.defineProperties(decision, {
      legalActions: { get: () => self.#legalActions, enumerable: true },
      step: { get: () => self.#step, enumerable: true },
      actionsSince: { get: () => (history === null ? null : history.slice(self.#historyStart)), enumerable: true },
    });
    this.decision = Object.freeze(decision);
  }
  /** The decision about to be asked: its actions (a copy of the runner's list), step and where its history starts. */
  update(legalActions: readonly unknown[], step: number, historyStart: number): Decision {
    this.#legalActions = legalActions;
    this.#step = step;
    this.#historyStart = historyStart;
    return this.decision;
  }
}

/**
 * Asks a guarded seat's agent, and stops the run if the live state changed while it chose: what
 * it was handed may share parts of the live state that the game never writes (its configuration,
 * a map's arrays the rules copy before changing them), and such a part outlives the match (see
 * `state-fingerprint.ts`). The change is named by the state's top-level part it is in.
 * @throws RunStoppingError when the live state changed.
 */
function askGuarded(agent: Agent, decision: Decision, state: unknown, who: string): number {
  const before = fingerprint(state);
  let choice: number;
  try {
    choice = agent.chooseAction(decision);
  } finally {
    const part = changedPart(before, fingerprint(state));
    if (part !== null) {
      throw new RunStoppingError(
        who,
        `the live game state changed (${part === '' ? 'the state' : `its ${JSON.stringify(part)}`}) while it chose: it, or a game function it called (observe, searchState), wrote into a part the state shares (the game's configuration, a map's arrays)`,
        "an agent to change only what it owns (copy a part before changing it: a spread, JSON, slice()), and a game whose observe and determinize hand out no part of the live state (hordelab conform checks that)",
      );
    }
  }
  return choice;
}

/**
 * What is wrong with `values` as the per-seat figures `what` gave (returns, a heuristic): one
 * finite number per seat within the game's utility bounds is expected; null when they are that.
 * A NaN would be counted as a draw or skip a lead, a value out of bounds skews every mean.
 */
export function perSeatProblem(game: AnyGame, values: unknown, what: string): string | null {
  const [low, high] = game.utilityBounds;
  if (!Array.isArray(values)) return `${what} gave ${describeNonList(values)}, expected a list (an Array) of one number per seat (${game.seats.length})`;
  if (values.length !== game.seats.length) return `${what} gave ${values.length} values (${describeValues(values)}), expected one number per seat (${game.seats.length})`;
  for (let seat = 0; seat < values.length; seat++) {
    const value: unknown = values[seat];
    if (typeof value !== 'number' || !(value >= low && value <= high)) {
      return `${what} gave ${describeValue(value)} for seat ${seat + 1}, expected a number within utilityBounds [${low}, ${high}]`;
    }
  }
  return null;
}

/** A value as a message shows it: NaN and Infinity as themselves (JSON would say null). */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  // 0n printed as 0 would read as a valid index.
  if (typeof value === 'bigint') return `${value}n (a BigInt)`;
  try {
    return String(value);
  } catch {
    // Object.create(null), a revoked proxy: a hostile module's value must not throw again here.
    return 'an object that cannot be printed';
  }
}

/**
 * What was given where a list was expected, said as what it is: a typed array prints as its
 * numbers (`1,-1`), which read as the list it is not (audit 36a).
 */
export function describeNonList(value: unknown): string {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const kind = value.constructor.name;
    return `${kind.startsWith('I') ? 'an' : 'a'} ${kind} ${describeValues(Array.from(value as unknown as ArrayLike<unknown>))}`;
  }
  return describeValue(value);
}

/** `[0.5, NaN]`: the values as {@link describeValue} shows each. */
export function describeValues(values: readonly unknown[]): string {
  return `[${values.map(describeValue).join(', ')}]`;
}

/** Beyond a match's first chance node, the runner checks one node in this many against its list. */
const CHANCE_CHECK_SPREAD = 16;

/**
 * What is wrong with a chance node whose `sampleChance` drew `drawn`: its `chanceOutcomes` list
 * empty, a probability outside (0, 1], probabilities not summing to 1 (within 1e-9), or `drawn`
 * not among the listed outcomes (by `actionKey`); null when nothing is.
 */
export function chanceNodeProblem(game: AnyGame, state: unknown, drawn: unknown): string | null {
  const outcomes: unknown = game.chanceOutcomes(state);
  if (!Array.isArray(outcomes) || outcomes.length === 0) return `chanceOutcomes gave ${Array.isArray(outcomes) ? 'no outcomes' : describeValue(outcomes)} at a chance node; expected a non-empty list`;
  let total = 0;
  let listed = false;
  let drawnKey: string;
  try {
    drawnKey = game.actionKey(drawn);
  } catch (error) {
    // An actionKey that fails on a listed outcome as well is at fault itself; else what was
    // drawn is the news (undefined, say), not the TypeError it causes downstream.
    const listedFails = (() => {
      try {
        game.actionKey((outcomes[0] as { action: unknown }).action);
        return false;
      } catch {
        return true;
      }
    })();
    if (listedFails) return `actionKey threw on an outcome chanceOutcomes lists: ${describeThrown(error).message}; expected it to name every action`;
    return `sampleChance drew ${describeValue(drawn)}, which actionKey cannot name (${describeThrown(error).message}); expected one of the outcomes chanceOutcomes lists`;
  }
  for (const outcome of outcomes as { action: unknown; probability: unknown }[]) {
    const probability = outcome?.probability;
    if (typeof probability !== 'number' || !(probability > 0 && probability <= 1)) return `chanceOutcomes gave a probability of ${describeValue(probability)}; expected each in (0, 1]`;
    total += probability;
    if (!listed && game.actionKey(outcome.action) === drawnKey) listed = true;
  }
  // Stryker disable next-line EqualityOperator: (<) a sum exactly 1e-9 away from 1 is not one a list of doubles lands on
  if (!(Math.abs(total - 1) <= 1e-9)) return `chanceOutcomes' probabilities sum to ${total}; expected 1`;
  if (!listed) return `sampleChance drew ${JSON.stringify(drawnKey)}, which chanceOutcomes does not list`;
  return null;
}

/**
 * `list` with no entries, its storage kept: pop() is inlined by the JIT, and assigning `length`
 * a runtime call that also frees the storage the next match grows again.
 */
function emptied<T>(list: T[]): T[] {
  while (list.length > 0) list.pop();
  return list;
}

/** Hordelab's own agent factories (those in `agents/`): handed the runner's list as it is. */
const OWN_AGENTS = new WeakSet<AgentFactory>();

/** Marks `factory` as one of Hordelab's own agents (each in `agents/` marks itself where it is defined). */
export function markOwnAgent(factory: AgentFactory): void {
  // Frozen: an unguarded seat's agent is handed the live game and the decision every seat
  // shares, so a module that replaced `randomAgent.create` read the other seat's hand (review 28c).
  Object.freeze(factory);
  OWN_AGENTS.add(factory);
}

const agentViews = new ReadOnlyViews();

/**
 * What `factory`'s agent for `seat` is told: the game and parameters themselves for Hordelab's
 * own agents; read-only views of them for any other (see `read-only.ts`), which an agent cannot
 * use to rewrite the rules or reach the live state.
 */
export function agentContext(factory: AgentFactory, game: AnyGame, params: unknown, seat: number, rng: Rng): AgentContext {
  if (OWN_AGENTS.has(factory)) return { game, params, seat, rng };
  const who = `agent "${factory.id}"`;
  // The match's parameters: a game not Hordelab's has a fresh copy each match, of which the
  // agent gets a frozen copy made after setup (review 29a: it read the values before).
  return { game: agentViews.of(factory, game, 'game', who), params: agentViews.params(factory, params, who), seat, rng };
}

/** The settings `factory`'s agent is created with: the run's own for Hordelab's agents, else as `ReadOnlyViews.config` hands them. */
export function agentConfig(factory: AgentFactory, config: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  return OWN_AGENTS.has(factory) ? config : agentViews.config(config);
}

/** Whether `factory` is one of Hordelab's own agents (or wraps one without changing its play). */
export function isOwnAgent(factory: AgentFactory): boolean {
  return OWN_AGENTS.has(factory);
}

/**
 * A module's factory builds an agent for every match; the module's check when it was loaded saw
 * only the first (audit 28b: a later one without chooseAction failed as "agents[player].chooseAction
 * is not a function").
 * @throws ContractBreach when `agent` has no chooseAction function.
 */
function checkBuiltAgent(agent: unknown, seat: SeatSpec, index: number): void {
  let chooseAction: unknown;
  let thenable = false;
  try {
    chooseAction = typeof agent === 'object' && agent !== null ? (agent as { chooseAction?: unknown }).chooseAction : undefined;
    thenable = typeof (agent as { then?: unknown } | null)?.then === 'function';
  } catch (error) {
    throw new ContractBreach(`agent "${seat.factory.id}" of seat ${index + 1} built an agent that threw when its chooseAction was read: ${describeThrown(error).message}`);
  }
  if (typeof chooseAction !== 'function') {
    // Worded as the check of the module's first agent words it.
    const built = thenable ? 'a promise (an async factory?)' : typeof agent === 'object' && agent !== null ? 'an object without chooseAction' : describeChoice(agent);
    throw new ContractBreach(`agent "${seat.factory.id}" of seat ${index + 1} built ${built} for this match; expected an object with chooseAction(decision) returning a legal action's index`);
  }
}

/**
 * What an agent returned where an index was expected, said as what it is: a promise (an async
 * chooseAction), a wrapped number (`new Number(0)` printed as 0, "expected an integer"), an
 * object (the action itself?), or the value as {@link describeValue} shows it.
 */
export function describeChoice(value: unknown): string {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return describeValue(value);
  try {
    if (typeof (value as { then?: unknown }).then === 'function') return 'a promise (an async function? it must answer at once)';
    if (value instanceof Number || value instanceof String || value instanceof Boolean) return `a ${value.constructor.name} object (${String(value.valueOf())}), not a primitive`;
    if (Array.isArray(value)) return `an array of ${value.length}`;
    if (typeof value === 'function') return 'a function';
  } catch {
    // A hostile proxy: said as an object below.
  }
  return 'an object (an action itself? the index of one is expected)';
}

/** Whether a seat's agent is guarded: not one of Hordelab's own. */
const isGuarded = (seat: SeatSpec): boolean => !OWN_AGENTS.has(seat.factory);

/**
 * Lists `state`'s legal actions into `legal` again, after a guarded agent answered: what it was
 * handed may have been edited, and the game's own action at the index chosen is what is played.
 * @throws ContractBreach when the game lists another number of actions for the same state.
 */
function relist(game: AnyGame, state: unknown, legal: unknown[]): void {
  const count = legal.length;
  const listed: unknown = game.legalActions(state, legal);
  if (listed !== legal) throw new ContractBreach(`legalActions(state, into) returned ${Array.isArray(listed) ? 'another array' : describeValue(listed)} when asked again; expected it to fill and return the array it is given`);
  if (legal.length !== count) throw new ContractBreach(`legalActions listed ${count} actions, then ${legal.length} for the same state; expected the same list every time`);
}

/** `list` emptied and filled with `from`'s entries. */
function refilled(list: unknown[], from: readonly unknown[]): unknown[] {
  emptied(list);
  for (let i = 0; i < from.length; i++) list.push(from[i]);
  return list;
}

/** `returns` when {@link perSeatProblem} finds nothing wrong with them; else the match fails. */
function checkedReturns(game: AnyGame, returns: unknown): number[] {
  const problem = perSeatProblem(game, returns, 'returns');
  if (problem !== null) throw new ContractBreach(problem);
  return returns as number[];
}

/** Whether the terminal `state` ended at a length cap, when the game answers true or false; else the match fails. */
function checkedCap(game: AnyGame, state: unknown): boolean {
  const capped: unknown = (game.endedAtCap as (state: unknown) => unknown)(state);
  if (typeof capped !== 'boolean') throw new ContractBreach(`endedAtCap gave ${describeValue(capped)}; expected true or false (whether the match ended at a length cap)`);
  return capped;
}

/**
 * Plays one match to the end and returns its outcome. Game events go to `sink`.
 * @throws MatchFailure when the rules or an agent fail; the message names the seeds.
 */
export function playMatch(spec: MatchSpec, sink: EventSink<GameEvent>): MatchOutcome {
  enterMatch();
  try {
    return playGuardedMatch(spec, sink);
  } finally {
    leaveMatch();
  }
}

function playGuardedMatch(spec: MatchSpec, sink: EventSink<GameEvent>): MatchOutcome {
  const { game, seats } = spec;
  // The match's parameters: a fresh copy for a game not Hordelab's (see game-params.ts).
  const params = paramsFor(game, spec.params);
  const seed = matchSeed(spec.runSeed, spec.seedIndex ?? spec.matchIndex);
  let step = 0;
  try {
    if (seats.length !== game.seats.length) {
      throw new ContractBreach(`${game.id} needs ${game.seats.length} seats, got ${seats.length}`);
    }
    // Derived at the first chance step: a game without chance (tic-tac-toe) then pays for the
    // seats' streams alone. Derivation is a pure function of the seed, so when is immaterial.
    let chanceRng: Rng | null = null;
    let chanceNodes = 0;
    const state = game.setup(params);
    const agents: Agent[] = seats.map((seat, index) => seat.factory.create(agentConfig(seat.factory, seat.config), agentContext(seat.factory, game, params, index, matchStream(seed, spec.streamLabels?.[index] ?? seatStream(index)))));
    // Agents other than Hordelab's own (a user's module, a library caller's object) are guarded:
    // each agent they build is checked, and each is handed a copy of the list (see below).
    const guarded = seats.some(isGuarded) ? seats.map(isGuarded) : null;
    if (guarded !== null) for (let seat = 0; seat < seats.length; seat++) if (guarded[seat] === true) checkBuiltAgent(agents[seat], seats[seat] as SeatSpec, seat);
    const maxSteps = game.maxLength(params);
    // NaN or a fraction would switch the guard against a game that never ends off unseen.
    if (!Number.isSafeInteger(maxSteps) || maxSteps < 1) throw new ContractBreach(`maxLength gave ${describeValue(maxSteps)}, expected a whole number of steps from 1 to ${Number.MAX_SAFE_INTEGER}`);
    // Perfect information only: every decision of the match, so search can find its previous
    // subtree (hidden games may keep actions private). Each seat's view starts at its last answer.
    const scratch = spec.scratch;
    // Stryker disable next-line ArrayDeclaration: a fresh list is emptied all the same
    const history: unknown[] | null = game.hiddenInformation ? null : emptied(scratch?.history ?? []);
    // Stryker disable next-line ArrayDeclaration: each seat's entry is set just below, and only seats' entries are read
    const lastAnswer = scratch?.lastAnswer ?? [];
    // Stryker disable next-line EqualityOperator: (<=) one entry past the seats is never read
    for (let seat = 0; seat < seats.length; seat++) lastAnswer[seat] = 0;
    const decision = new SeatDecision(game, state, history);
    // One list for the whole match (or the chunk): the game refills it at every decision.
    // Stryker disable next-line ArrayDeclaration: legalActions refills the list it is given, clearing it first
    // Emptied: a game that appends to the list it is given (breaking the contract, which conform
    // reports) must still see none of the last match's actions.
    const legal: unknown[] = emptied(scratch?.legal ?? []);
    // Guarded agents are handed a copy of the list, and after they answer the game lists its
    // actions afresh: one that edits what it is handed (slips in an action of its own, or
    // rewrites one) changes nothing played.
    // Each guarded seat's own decision object (see GuardedDecision).
    const guardedDecisions = guarded === null ? null : guarded.map((isGuardedSeat, index) => (isGuardedSeat ? new GuardedDecision(game, state, history, index) : null));
    // Stryker disable next-line ArrayDeclaration: refilled before every decision it is handed to
    const copy: unknown[] = [];

    for (;;) {
      const player = game.currentPlayer(state);
      if (player === TERMINAL) break;
      if (step >= maxSteps) {
        throw new ContractBreach(`no terminal state within the declared maximum of ${maxSteps} steps`);
      }
      if (player === CHANCE) {
        chanceRng ??= matchStream(seed, CHANCE_STREAM);
        const outcome = game.sampleChance(state, chanceRng);
        // A match's first chance node is checked against its list (search weighs outcomes by the
        // list, play draws them from sampleChance): a module whose two disagree at every node
        // fails its first match, not just conform. Beyond it, one node in CHANCE_CHECK_SPREAD,
        // shifted by the match index, so that over that many matches every position of a chance
        // node in a match is checked once (a list wrong only after the first node, audit 21),
        // at a sixteenth of the lists' cost.
        if (chanceNodes === 0 || (chanceNodes + spec.matchIndex) % CHANCE_CHECK_SPREAD === 0) {
          const problem = chanceNodeProblem(game, state, outcome);
          if (problem !== null) throw new ContractBreach(problem);
        }
        chanceNodes++;
        game.apply(state, outcome, sink);
        spec.trace?.(player, outcome, state);
      } else {
        if (!(player >= 0 && player < agents.length) || !Number.isInteger(player)) {
          throw new ContractBreach(`currentPlayer returned ${describeValue(player)}, expected a seat 0..${agents.length - 1}, CHANCE (${CHANCE}) or TERMINAL (${TERMINAL})`);
        }
        const listed: unknown = game.legalActions(state, legal);
        // A list other than the one given (a fresh array, undefined) would leave the last decision's actions in `legal`.
        if (listed !== legal) throw new ContractBreach(`legalActions(state, into) returned ${Array.isArray(listed) ? 'another array' : describeValue(listed)}; expected it to fill and return the array it is given`);
        if (legal.length === 0) throw new ContractBreach(`seat ${player + 1} has no legal action in a non-terminal state`);
        spec.onDecision?.(player, legal.length, state);
        let choice = 0;
        // A forced move needs no agent: the random agent's stream is then not advanced either.
        if (legal.length > 1) {
          const own = guardedDecisions === null ? null : guardedDecisions[player];
          if (own === null || own === undefined) {
            decision.seat = player;
            decision.legalActions = legal;
            decision.step = step;
            decision.historyStart = lastAnswer[player] as number;
            // A seat, checked above: every seat has its agent.
            choice = (agents[player] as Agent).chooseAction(decision);
          } else {
            const asked = own.update(refilled(copy, legal), step, lastAnswer[player] as number);
            // Stryker disable next-line OptionalChaining: a seat that has an agent has a spec
            choice = askGuarded(agents[player] as Agent, asked, state, `agent "${seats[player]?.factory.id}" of seat ${player + 1}`);
          }
          if (!Number.isInteger(choice) || choice < 0 || choice >= legal.length) {
            throw new ContractBreach(
              // Stryker disable next-line OptionalChaining: a seat that has an agent has a spec
              `agent "${seats[player]?.factory.id}" of seat ${player + 1} chose ${(typeof choice === 'object' && choice !== null) || typeof choice === 'function' ? describeChoice(choice) : `index ${describeValue(choice)}`}, ` +
                `expected an integer in 0..${legal.length - 1}`,
            );
          }
          if (own !== null && own !== undefined) relist(game, state, legal);
        }
        const action = legal[choice];
        if (history !== null) {
          if (legal.length > 1) lastAnswer[player] = history.length;
          history.push(action);
        }
        game.apply(state, action, sink);
        spec.trace?.(player, action, state);
      }
      step++;
    }
    const returns = checkedReturns(game, game.returns(state));
    // Asked here, within the match, though only the quality figures read it: one that throws or
    // answers 1 for true then fails its match, with its seed, instead of the whole run or the
    // capped share unseen (audit 31b).
    const endedAtCap = game.endedAtCap === undefined ? undefined : checkedCap(game, state);
    return { seed, finalState: state, returns, steps: step, endedAtCap };
  } catch (error) {
    if (isMatchFailure(error)) throw error;
    throw new MatchFailure(spec, seed, step, error);
  }
}
