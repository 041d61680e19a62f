/**
 * The agent contract: a factory builds an agent from plain config for one seat of one match;
 * the agent picks one of the legal actions each time its seat must decide.
 *
 * Agents see what their seat may see: a decision hands them the legal actions and, on request,
 * the seat's observation (the whole state only in perfect-information games), never the live
 * state. Each agent draws randomness only from the stream it is given.
 */
import type { AnyGame } from './game.js';
import type { Rng } from './rng.js';

/** What an agent is told when its seat must act. The runner reuses this object between calls. */
export interface Decision<A = unknown, O = unknown> {
  /** The seat deciding, 0-based. */
  readonly seat: number;
  /** The legal actions, in the game's stable order. Do not mutate or keep: the runner refills this list. */
  readonly legalActions: readonly A[];
  /** Steps played so far in this match (decisions and chance outcomes). */
  readonly step: number;
  /**
   * Perfect-information games: the decisions played since this seat was last asked, its own
   * answer first (forced moves included, chance outcomes not; on its first decision, all since
   * the start). Null in hidden-information games. Lets search reuse its tree. Do not keep.
   */
  readonly actionsSince: readonly unknown[] | null;
  /** The seat's observation of the current state (computed on demand: random play never pays for it). */
  observe(): O;
  /**
   * A full state this seat may search from, owned by the caller: a copy of the true state in a
   * perfect-information game, a fresh determinization (hidden parts re-sampled from `rng`) in
   * a hidden-information one. Call it once per search iteration to re-sample.
   */
  searchState(rng: Rng): unknown;
}

/** A player for one seat of one match. */
export interface Agent<A = unknown, O = unknown> {
  /** Returns the index in `decision.legalActions` of the chosen action. */
  chooseAction(decision: Decision<A, O>): number;
}

/** What a factory is given besides the user's config. */
export interface AgentContext {
  /**
   * The game being played: for an agent from a user's module, a read-only view of it (calling
   * its rules works; changing any of it throws), so no agent can rewrite the rules for every seat
   * or catch the live state through them (`read-only.ts`).
   */
  readonly game: AnyGame;
  /** The validated game parameters of this match: for an agent from a user's module, a frozen copy. */
  readonly params: unknown;
  /** The seat this agent plays, 0-based. */
  readonly seat: number;
  /** The agent's own seeded stream for this match. */
  readonly rng: Rng;
}

/** A named, documented way to build agents. */
export interface AgentFactory {
  /** Registry key used in scenarios: `random`. */
  readonly id: string;
  /** One line for `hordelab agents` and error messages. */
  readonly description: string;
  /**
   * Checks a seat's config before any match runs; returns problems as `[field, expected]`
   * pairs (empty when fine), so a bad scenario fails before it writes anything.
   */
  validateConfig(config: Readonly<Record<string, unknown>>): { field: string; message: string }[];
  /**
   * The settings the agent plays with, defaults filled in, for a valid config: two seats under
   * one name whose configs differ only by a default written out (`{}` and `{ iterations: 1000 }`)
   * play alike, and are compared so. Without it, configs are compared as given.
   */
  settingsPlayed?(config: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;
  /** Builds the agent for one seat of one match. */
  create(config: Readonly<Record<string, unknown>>, context: AgentContext): Agent;
  /** For agents loaded from a user module: its absolute file URL, so any worker can load it again. */
  readonly moduleUrl?: string;
  /** For game-specific agents (a scripted side): the one game and the seats it can play. */
  readonly playsOnly?: { readonly game: string; readonly seats: readonly number[] };
}
