/**
 * The generic conformance suite: every registered game, through many seeded random playouts,
 * must keep the contract of src/core/game.ts. A new game joins the suite by joining the registry.
 */
import { describe, expect, it } from 'vitest';
import { randomAgent } from '../agents/random.js';
import { hiddenCard } from './fixtures/hidden-card.js';
import { CHANCE, TERMINAL, type AnyGame, type GameEvent } from '../src/core/game.js';
import { SeatDecision, playMatch } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { Rng, matchSeed, matchStream } from '../src/core/rng.js';
import { agents, games } from '../src/registry.js';

const PLAYOUTS = 24;

/** JSON of a state with typed arrays written as arrays, for deep equality. */
function snapshot(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (ArrayBuffer.isView(item) ? Array.from(item as Uint8Array) : item));
}

/** Every object reachable from `root` (typed arrays included), with the path that reaches it first. */
function reachableObjects(root: unknown): Map<object, string> {
  const seen = new Map<object, string>();
  const visit = (value: unknown, path: string): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.set(value, path);
    if (ArrayBuffer.isView(value)) return;
    for (const [key, child] of Object.entries(value)) visit(child, `${path}.${key}`);
  };
  visit(root, 'state');
  return seen;
}

/**
 * Objects a clone shares with its original must be run-level constants: things that two separate
 * `setup` calls with the same parameters also share (a compiled map). Anything else is a copy bug.
 */
function sharedMutableParts(game: AnyGame, params: unknown, original: unknown, copy: unknown): string[] {
  const constants = new Set<object>();
  const first = reachableObjects(game.setup(params));
  for (const object of reachableObjects(game.setup(params)).keys()) if (first.has(object)) constants.add(object);
  const originalObjects = reachableObjects(original);
  const shared: string[] = [];
  for (const [object, path] of reachableObjects(copy)) {
    if (originalObjects.has(object) && !constants.has(object)) shared.push(path);
  }
  return shared;
}

/** Plays one random playout, checking the contract at every step; returns the action keys played. */
function checkedPlayout(game: AnyGame, params: unknown, seed: number): string[] {
  const rng = Rng.fromSeed(matchSeed(seed, 0));
  const state = game.setup(params);
  const bound = game.maxLength(params);
  const trajectory: string[] = [];
  for (let step = 0; ; step++) {
    const player = game.currentPlayer(state);
    if (player === TERMINAL) {
      expect(game.isTerminal(state)).toBe(true);
      const returns = game.returns(state);
      expect(returns).toHaveLength(game.seats.length);
      for (const value of returns) {
        expect(value).toBeGreaterThanOrEqual(game.utilityBounds[0]);
        expect(value).toBeLessThanOrEqual(game.utilityBounds[1]);
      }
      return trajectory;
    }
    expect(game.isTerminal(state)).toBe(false);
    expect(step, `terminal within the declared bound of ${bound} steps`).toBeLessThan(bound);

    let action: unknown;
    if (player === CHANCE) {
      const outcomes = game.chanceOutcomes(state);
      expect(outcomes.length).toBeGreaterThan(0);
      const keys = outcomes.map((outcome) => game.actionKey(outcome.action));
      expect(new Set(keys).size, 'chance outcomes are unique').toBe(keys.length);
      const total = outcomes.reduce((sum, outcome) => sum + outcome.probability, 0);
      expect(total).toBeCloseTo(1, 9);
      for (const outcome of outcomes) expect(outcome.probability).toBeGreaterThan(0);
      action = game.sampleChance(state, rng);
      expect(keys, 'a sampled outcome is one of the listed outcomes').toContain(game.actionKey(action));
    } else {
      expect(player).toBeGreaterThanOrEqual(0);
      expect(player).toBeLessThan(game.seats.length);
      const legal = game.legalActions(state);
      expect(legal.length, 'a decision node has legal actions').toBeGreaterThan(0);
      const keys = legal.map((a) => game.actionKey(a));
      expect(new Set(keys).size, 'legal actions are unique').toBe(keys.length);
      expect(game.legalActions(state).map((a) => game.actionKey(a)), 'legal actions are stable').toEqual(keys);
      const buffer = [legal[0], legal[0], legal[0], legal[0]].concat(legal, legal);
      const filled = game.legalActions(state, buffer);
      expect(filled, 'a given array is filled and returned').toBe(buffer);
      expect(filled.map((a) => game.actionKey(a)), 'a given array holds exactly the legal actions').toEqual(keys);
      expect(game.legalActions(game.clone(state)).map((a) => game.actionKey(a)), 'a clone has the same legal actions').toEqual(keys);
      action = legal[rng.int(legal.length)];
    }

    // Every few steps: a clone shares nothing mutable, and playing it on leaves the original as it was.
    if (step % 7 === 0) {
      const before = snapshot(state);
      const copy = game.clone(state);
      expect(snapshot(copy)).toBe(before);
      expect(sharedMutableParts(game, params, state, copy)).toEqual([]);
      const view = game.observe(state, 0);
      expect(view).not.toBe(state);
      playRandomly(game, copy, rng.clone(), 40);
      expect(snapshot(state), 'playing a clone does not change its original').toBe(before);
    }
    trajectory.push(game.actionKey(action));
    game.apply(state, action, null);
  }
}

function playRandomly(game: AnyGame, state: unknown, rng: Rng, steps: number): void {
  for (let i = 0; i < steps && game.currentPlayer(state) !== TERMINAL; i++) {
    if (game.currentPlayer(state) === CHANCE) {
      game.apply(state, game.sampleChance(state, rng), null);
    } else {
      const legal = game.legalActions(state);
      game.apply(state, legal[rng.int(legal.length)], null);
    }
  }
}

function recordedMatch(game: AnyGame, params: unknown, runSeed: number, matchIndex: number): { events: GameEvent[]; returns: number[] } {
  const events: GameEvent[] = [];
  const seats = game.seats.map(() => ({ factory: randomAgent, config: {} }));
  const outcome = playMatch({ game, params, seats, runSeed, matchIndex }, (event) => events.push(event));
  return { events, returns: outcome.returns };
}

/** Every registered game, plus test fixtures that exercise parts of the contract no shipped game uses yet. */
const gamesUnderTest: [string, AnyGame][] = [...[...games.values()].map((entry) => [entry.game.id, entry.game] as [string, AnyGame]), [hiddenCard.id, hiddenCard]];

/** Small configs so every registered agent can think on every decision of a playout. */
const agentConfigs: Record<string, Record<string, unknown>> = { mcts: { iterations: 60 } };

/** The index each registered agent picks for `seat` at `state`, from fixed seeds. */
function agentChoices(game: AnyGame, params: unknown, state: unknown, seat: number): number[] {
  const decision = new SeatDecision(game, state);
  decision.seat = seat;
  decision.legalActions = game.legalActions(state);
  return [...agents.values()].map((factory) => {
    const rng = matchStream(matchSeed(77, 0), `seat:${seat}`);
    const agent = factory.create(agentConfigs[factory.id] ?? {}, { game, params, seat, rng });
    return agent.chooseAction(decision);
  });
}

/**
 * No peeking: at each decision, a determinization for the deciding seat differs from the true
 * state only in what that seat cannot see. Its observation must be the same, and every agent
 * with the same seed must choose the same action in both.
 */
function checkNoPeeking(game: AnyGame, params: unknown, seed: number): number {
  const rng = Rng.fromSeed(matchSeed(seed, 1));
  const state = game.setup(params);
  let decisions = 0;
  while (game.currentPlayer(state) !== TERMINAL) {
    const player = game.currentPlayer(state);
    if (player === CHANCE) {
      game.apply(state, game.sampleChance(state, rng), null);
      continue;
    }
    if (game.determinize === undefined) throw new Error(`${game.id} has hidden information but no determinize`);
    const other = game.determinize(state, player, rng);
    expect(snapshot(game.observe(other, player)), 'observation ignores what the seat cannot see').toBe(snapshot(game.observe(state, player)));
    expect(game.legalActions(other).map((a) => game.actionKey(a))).toEqual(game.legalActions(state).map((a) => game.actionKey(a)));
    expect(agentChoices(game, params, other, player), 'agents decide the same without the hidden truth').toEqual(
      agentChoices(game, params, state, player),
    );
    decisions++;
    const legal = game.legalActions(state);
    game.apply(state, legal[rng.int(legal.length)], null);
  }
  return decisions;
}

describe.each(gamesUnderTest)('conformance: %s', (_id, game) => {
  const params = defaultParameters(game.parameters);

  it('has sound metadata and default parameters that validate', () => {
    expect(game.seats.length).toBeGreaterThan(0);
    expect(game.utilityBounds[0]).toBeLessThan(game.utilityBounds[1]);
    expect(game.validateParameters(params)).toEqual([]);
    expect(game.maxLength(params)).toBeGreaterThan(0);
  });

  it(`keeps the contract through ${PLAYOUTS} seeded random playouts`, () => {
    for (let seed = 0; seed < PLAYOUTS; seed++) checkedPlayout(game, params, seed);
  });

  it('plays the same trajectory from the same seed and another from another seed', () => {
    const first = checkedPlayout(game, params, 101);
    expect(checkedPlayout(game, params, 101)).toEqual(first);
    expect(checkedPlayout(game, params, 102)).not.toEqual(first);
  });

  if (game.hiddenInformation) {
    it('never lets an agent peek at hidden information', () => {
      let decisions = 0;
      for (let seed = 0; seed < 12; seed++) decisions += checkNoPeeking(game, params, seed);
      expect(decisions).toBeGreaterThan(0);
    });
  }

  it('gives the same events for the same (run seed, match index) through the match runner', () => {
    const a = recordedMatch(game, params, 7, 3);
    const b = recordedMatch(game, params, 7, 3);
    expect(a.events.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(recordedMatch(game, params, 7, 4).events).not.toEqual(a.events);
  });
});
