/**
 * The game contract. Every game is a folder of pure rules exporting one {@link GameDefinition}.
 *
 * Model (after OpenSpiel's explicit-stochastic games): a match is a sequence of steps from
 * `setup` to a terminal state. At each step {@link GameDefinition.currentPlayer} says who acts:
 * a seat (0-based), {@link CHANCE} for a chance node (dice, spawns, shuffles) or {@link TERMINAL}.
 * Chance is explicit: the game lists a chance node's outcomes with their probabilities, so tests
 * can force a die, search can reason over outcomes and exact probabilities come for free.
 *
 * States are plain mutable data owned by the caller: `apply` changes its state in place (fast
 * playouts), and `clone` is an explicit deep copy (search). Games emit typed events through the
 * sink passed to `apply`; they keep no reporting code.
 */
import type { ParameterIssue, ParameterSpecs } from './parameters.js';
import type { Rng } from './rng.js';

/** `currentPlayer` of a chance node. */
export const CHANCE = -1;
/** `currentPlayer` of a terminal state. */
export const TERMINAL = -2;

/** A typed event emitted by the rules; `type` discriminates the union each game declares. */
export interface GameEvent {
  readonly type: string;
}

/**
 * Receives events as they happen. `null` where nobody listens (search, benchmarks). A sink that
 * takes only some types says which in `types` (a run whose report reads a few, see
 * `GameReport.eventTypes`): rules may skip building the others ({@link hears}).
 */
export type EventSink<E extends GameEvent> = (((event: E) => void) & { readonly types?: ReadonlySet<string> }) | null;

/**
 * Whether `emit` takes events of `type`: a sink, and one that takes every type or names this
 * one. Rules that emit many events no report reads (a move per step, for replays) ask before
 * building each; handing one to a sink that does not take it is no error, only wasted work.
 */
export function hears<E extends GameEvent>(emit: EventSink<E>, type: E['type']): emit is ((event: E) => void) & { readonly types?: ReadonlySet<string> } {
  return emit !== null && (emit.types === undefined || emit.types.has(type));
}

/** One outcome of a chance node. Probabilities of a node's outcomes sum to 1. */
export interface ChanceOutcome<A> {
  readonly action: A;
  readonly probability: number;
}

/**
 * A game definition. `P` parameters, `S` state, `A` action (decisions and chance outcomes),
 * `E` events, `O` what one seat observes. Only `apply` changes a state: every other function
 * reads the state it is handed and leaves it as it was (`hordelab conform` checks each, as
 * `read-only`), since the runner and search call them as often as they like.
 */
export interface GameDefinition<P, S, A, E extends GameEvent = GameEvent, O = unknown> {
  /** Registry key, kebab-case, used in scenarios: `zombie-trainers`. */
  readonly id: string;
  /** Human name: `Zombie Trainers`. */
  readonly title: string;
  /** One name per seat, in seat order; the length is the number of players. */
  readonly seats: readonly string[];
  /** Every parameter with its default, schema and tunable range. */
  readonly parameters: ParameterSpecs<P>;
  /** Lowest and highest value any entry of `returns` can take. */
  readonly utilityBounds: readonly [number, number];
  /** True when seats must not see the whole state (hidden hands): agents then get observations. */
  readonly hiddenInformation: boolean;

  /** Checks that go across fields (a map and the zombies it must hold, distinct colors, ...). */
  validateParameters(params: P): ParameterIssue[];
  /** An upper bound on the number of steps (decisions plus chance outcomes) of any match. */
  maxLength(params: P): number;
  /** The initial state. It may start at a chance node (initial dice, deals, placements). */
  setup(params: P): S;
  /** The seat to act (0-based), {@link CHANCE} or {@link TERMINAL}. */
  currentPlayer(state: S): number;
  /**
   * The decisions available to the current seat, in a deterministic order that depends only on
   * the state; unique by {@link actionKey}; non-empty at every decision node. Given `into`, the
   * game clears and fills that array and returns it, so playouts and search can enumerate
   * without allocating; callers must then not keep it across calls.
   */
  legalActions(state: S, into?: A[]): A[];
  /** The outcomes of the current chance node with their probabilities. */
  chanceOutcomes(state: S): ChanceOutcome<A>[];
  /**
   * Optional, for search: which outcomes of `chanceOutcomes(state)` leave equal states. One group
   * number per outcome, in that list's order, numbered 0, 1, 2, … by first appearance; outcomes
   * given one number must leave states equal in every field after `apply` (their events may
   * differ: the face rolled). Search that values states (greedy, the Survivors planner) then
   * applies one outcome of each group and weighs its value by every outcome's own probability, in
   * list order, so its figures are exactly those of applying each outcome. Without it, every
   * outcome is its own group. Grouping less than possible is allowed; the conformance suite
   * checks that grouped outcomes do leave equal states.
   */
  chanceGroups?(state: S): readonly number[];
  /** Draws one outcome of the current chance node, distributed as `chanceOutcomes` says. */
  sampleChance(state: S, rng: Rng): A;
  /**
   * Applies a legal decision or a chance outcome to `state` in place, emitting events to `emit`.
   * The caller guarantees legality (the match runner checks every agent's choice).
   */
  apply(state: S, action: A, emit: EventSink<E>): void;
  /** True once the match is over. */
  isTerminal(state: S): boolean;
  /**
   * Optional: true when a terminal state ended at a length cap (a round limit that cuts the
   * match off, as opposed to the rules' own ending). Quality metrics report the share of capped
   * matches for games that say; for a game without it, that share is left out with a note.
   */
  endedAtCap?(state: S): boolean;
  /** Per-seat returns of a terminal state (e.g. +1 win, -1 loss), within `utilityBounds`. */
  returns(state: S): number[];
  /**
   * A cheap estimate of each seat's return from this state, within `utilityBounds`; equal to
   * `returns` at a terminal state. Greedy play and MCTS cut-offs rely on it. It may carry its
   * {@link Heuristic.leader}.
   */
  readonly heuristic: Heuristic<S>;
  /** What `seat` may see. For perfect-information games, a deep copy of the state. */
  observe(state: S, seat: number): O;
  /**
   * Hidden-information games only: a full state consistent with everything `seat` has seen,
   * the unseen parts (opponent's hand, library order) re-sampled from `rng`. Search runs on
   * these, never on the true state. It must read nothing of the hidden parts of `state`:
   * `hordelab conform` requires two states that `observe` shows the seat alike to determinize
   * alike from one stream, so what it keeps of the state (a public history) belongs in `observe`.
   */
  determinize?(state: S, seat: number, rng: Rng): S;
  /** A deep copy sharing no mutable part with `state`. */
  clone(state: S): S;
  /** A short stable text naming an action, unique among the legal actions of a state. */
  actionKey(action: A): string;
  /** A one-line human description of the state, for traces and error messages. */
  describeState(state: S): string;
}

/**
 * A game's heuristic: per-seat estimates of the returns. Optionally, for speed, it carries
 * `leader`: the seat whose value it would give as strictly the highest, or -1 when the highest is
 * shared, read without building the values (the game-quality leads read one at every turn start
 * of every match). The leader lives on the function it describes, so a game that swaps in another
 * heuristic (`{ ...game, heuristic: mine }`) drops it rather than keep one that disagrees.
 * `conform` checks it against the values at every state it checks the heuristic, and a run checks
 * it at each match's first turn start and every 32nd from one its match index sets (32 matches
 * check every turn start).
 */
export type Heuristic<S> = ((state: S) => number[]) & { readonly leader?: (state: S) => number };

/** A game with its type parameters erased, as the registry and the runner hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, GameEvent, any>;
