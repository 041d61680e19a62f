/**
 * The match runner's contract (src/core/match-runner.ts), on a scripted test game whose every
 * node is chosen by the test: which seat acts, how many legal actions it has, where chance
 * comes in, and how long the match is against its declared bound. Each expectation follows from
 * the contract, not from a recorded run: seeds and streams are recomputed from src/core/rng.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Agent, AgentContext, AgentFactory, Decision } from '../src/core/agent.js';
import { CHANCE, TERMINAL, type GameDefinition } from '../src/core/game.js';
import { CHANCE_STREAM, MatchFailure, MatchScratch, SeatDecision, describeThrown, isOwnAgent, markOwnAgent, playMatch, seatStream, type MatchSpec } from '../src/core/match-runner.js';
import { markOwnGame } from '../src/core/game-params.js';
import { deepFreeze } from '../src/core/read-only.js';
import { formatSeed, matchSeed, matchStream, type Rng } from '../src/core/rng.js';
import { ContractBreach } from '../src/core/errors.js';
import { defaultParameters } from '../src/core/parameters.js';
import { mctsAgent } from '../agents/mcts.js';
import { randomAgent } from '../agents/random.js';
import { ticTacToe } from '../src/games/tic-tac-toe/index.js';
import { zombieTrainers } from '../src/games/zombie-trainers/index.js';
import { hiddenCard } from './fixtures/hidden-card.js';

// ---------------------------------------------------------------------------------------------
// A scripted game: the parameters list the nodes in order.
// ---------------------------------------------------------------------------------------------

type ScriptNode =
  /** A chance node with `outcomes` equally likely values 0..outcomes-1. */
  | { readonly chance: number }
  /** A decision of `seat` among `actions` legal actions 0..actions-1. */
  | { readonly seat: number; readonly actions: number };

interface ScriptParams {
  readonly script: readonly ScriptNode[];
  /** The declared bound on steps. */
  readonly maxLength: number;
  /** Start the script over instead of ending: a match that never ends. */
  readonly endless?: boolean;
  /** Throw from `apply` at this step. */
  readonly failAt?: number;
}

interface ScriptState {
  at: number;
  /** Every applied action as `who:value`, who being a seat or `chance`. */
  readonly played: string[];
}

type ScriptAction = { readonly value: number };
type ScriptEvent = { readonly type: 'played'; readonly who: number; readonly value: number };

function nodeAt(params: ScriptParams, state: ScriptState): ScriptNode | undefined {
  return params.endless === true ? params.script[state.at % params.script.length] : params.script[state.at];
}

function scriptGame(params: ScriptParams, hiddenInformation = false): GameDefinition<ScriptParams, ScriptState, ScriptAction, ScriptEvent, ScriptState> {
  const clone = (state: ScriptState): ScriptState => ({ at: state.at, played: [...state.played] });
  const player = (state: ScriptState): number => {
    const node = nodeAt(params, state);
    if (node === undefined) return TERMINAL;
    return 'chance' in node ? CHANCE : node.seat;
  };
  return {
    id: 'script',
    title: 'Scripted test game',
    seats: ['First', 'Second'],
    parameters: {} as never,
    utilityBounds: [-1, 1],
    hiddenInformation,
    validateParameters: () => [],
    maxLength: (p) => p.maxLength,
    setup: () => ({ at: 0, played: [] }),
    currentPlayer: player,
    legalActions(state, into) {
      const actions = into ?? [];
      actions.length = 0;
      const node = nodeAt(params, state);
      if (node !== undefined && 'seat' in node) for (let value = 0; value < node.actions; value++) actions.push({ value });
      return actions;
    },
    chanceOutcomes(state) {
      const node = nodeAt(params, state);
      if (node === undefined || !('chance' in node)) return [];
      return Array.from({ length: node.chance }, (_, value) => ({ action: { value }, probability: 1 / node.chance }));
    },
    sampleChance(state, rng) {
      const node = nodeAt(params, state);
      if (node === undefined || !('chance' in node)) throw new Error('not a chance node');
      return { value: rng.int(node.chance) };
    },
    apply(state, action, emit) {
      if (state.at === params.failAt) throw new Error(`scripted failure at step ${state.at}`);
      const who = player(state);
      state.played.push(`${who === CHANCE ? 'chance' : who}:${action.value}`);
      state.at++;
      emit?.({ type: 'played', who, value: action.value });
    },
    isTerminal: (state) => player(state) === TERMINAL,
    returns: (state) => (state.played.length % 2 === 0 ? [1, -1] : [-1, 1]),
    heuristic: () => [0, 0],
    observe: (state) => clone(state),
    ...(hiddenInformation ? { determinize: (state: ScriptState) => ({ ...clone(state), at: state.at + 1000 }) } : {}),
    clone,
    actionKey: (action) => String(action.value),
    describeState: (state) => `at ${state.at}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Agents that record what they are told
// ---------------------------------------------------------------------------------------------

interface Seen {
  readonly seat: number;
  readonly legal: number;
  readonly step: number;
  readonly actionsSince: readonly unknown[] | null;
}

interface Recording {
  readonly factory: AgentFactory;
  /** Every decision each seat was asked, in order. */
  readonly seen: Seen[];
  /** The context each seat's agent was created with. */
  readonly contexts: AgentContext[];
  readonly configs: Readonly<Record<string, unknown>>[];
}

/** An agent answering `answer(decision, rng)`; records its decisions and contexts. */
function recordingAgent(answer: (decision: Decision, rng: Rng) => number, id = 'recording'): Recording {
  const seen: Seen[] = [];
  const contexts: AgentContext[] = [];
  const configs: Readonly<Record<string, unknown>>[] = [];
  const factory: AgentFactory = {
    id,
    description: 'test agent',
    validateConfig: () => [],
    create(config, context): Agent {
      contexts.push(context);
      configs.push(config);
      return {
        chooseAction(decision) {
          seen.push({ seat: decision.seat, legal: decision.legalActions.length, step: decision.step, actionsSince: decision.actionsSince });
          return answer(decision, context.rng);
        },
      };
    },
  };
  return { factory, seen, contexts, configs };
}

const last = (decision: Decision): number => decision.legalActions.length - 1;

function spec(game: ReturnType<typeof scriptGame>, params: ScriptParams, agents: readonly AgentFactory[], extra: Partial<MatchSpec> = {}): MatchSpec {
  return { game, params, seats: agents.map((factory) => ({ factory, config: { label: factory.id } })), runSeed: 42, matchIndex: 3, ...extra };
}

function play(params: ScriptParams, agents: readonly AgentFactory[], extra: Partial<MatchSpec> = {}, hidden = false) {
  const events: ScriptEvent[] = [];
  const game = scriptGame(params, hidden);
  const outcome = playMatch(spec(game, params, agents, extra), (event) => events.push(event as ScriptEvent));
  return { outcome, events, state: outcome.finalState as ScriptState };
}

function failure(run: () => unknown): MatchFailure {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MatchFailure);
    return error as MatchFailure;
  }
  throw new Error('expected a MatchFailure');
}

// ---------------------------------------------------------------------------------------------

describe('match runner: playing a match', () => {
  const script: ScriptNode[] = [
    { chance: 6 },
    { seat: 0, actions: 3 },
    { seat: 1, actions: 2 },
    { chance: 4 },
    { seat: 0, actions: 4 },
  ];

  it('plays every node in order to the terminal state, sending each event to the sink', () => {
    const agent = recordingAgent(last);
    const { outcome, events, state } = play({ script, maxLength: 5 }, [agent.factory, agent.factory]);
    expect(state.at).toBe(5);
    expect(outcome.steps).toBe(5);
    expect(state.played.filter((entry) => !entry.startsWith('chance')).map((entry) => entry)).toEqual(['0:2', '1:1', '0:3']);
    expect(events.map((event) => event.who)).toEqual([CHANCE, 0, 1, CHANCE, 0]);
    expect(outcome.returns).toEqual([-1, 1]); // five actions played: the scripted returns for an odd count
  });

  it('derives the match seed from (run seed, match index), or from seedIndex when given', () => {
    const agent = recordingAgent(last);
    expect(play({ script, maxLength: 5 }, [agent.factory, agent.factory]).outcome.seed).toEqual(matchSeed(42, 3));
    expect(play({ script, maxLength: 5 }, [agent.factory, agent.factory], { seedIndex: 7 }).outcome.seed).toEqual(matchSeed(42, 7));
  });

  it('draws chance outcomes from the match\'s chance stream, whatever the agents draw', () => {
    const expected = matchStream(matchSeed(42, 3), CHANCE_STREAM);
    const dice = [expected.int(6), expected.int(4)];
    const calm = recordingAgent(last);
    const busy = recordingAgent((decision, rng) => {
      for (let i = 0; i < 50; i++) rng.int(1000); // an agent thinking longer
      return last(decision);
    });
    for (const agent of [calm, busy]) {
      const { state } = play({ script, maxLength: 5 }, [agent.factory, agent.factory]);
      expect(state.played.filter((entry) => entry.startsWith('chance'))).toEqual([`chance:${dice[0]}`, `chance:${dice[1]}`]);
    }
    expect(CHANCE_STREAM).toBe('chance');
  });

  it('builds each seat\'s agent with its config, the game, the parameters, its seat and its own stream', () => {
    const agent = recordingAgent(last);
    const params = { script, maxLength: 5 };
    play(params, [agent.factory, agent.factory]);
    expect(agent.contexts.map((context) => context.seat)).toEqual([0, 1]);
    expect(agent.configs).toEqual([{ label: 'recording' }, { label: 'recording' }]);
    for (const [seat, context] of agent.contexts.entries()) {
      // A test's agent is not one of Hordelab's own: it gets a frozen copy (see below).
      expect(context.params).toEqual(params);
      expect(context.game.id).toBe('script');
      const own = matchStream(matchSeed(42, 3), seatStream(seat));
      expect(context.rng.int(1_000_000_000)).toBe(own.int(1_000_000_000));
    }
    expect(seatStream(1)).toBe('seat:1');

    // Stream labels, when given, name the streams instead.
    const labelled = recordingAgent(last);
    play(params, [labelled.factory, labelled.factory], { streamLabels: ['alpha', 'beta'] });
    expect(labelled.contexts[1]?.rng.int(1_000_000_000)).toBe(matchStream(matchSeed(42, 3), 'beta').int(1_000_000_000));
  });

  it('tells the agent its seat, the legal actions and the steps played so far', () => {
    const agent = recordingAgent(last);
    play({ script, maxLength: 5 }, [agent.factory, agent.factory]);
    expect(agent.seen.map(({ seat, legal, step }) => ({ seat, legal, step }))).toEqual([
      { seat: 0, legal: 3, step: 1 },
      { seat: 1, legal: 2, step: 2 },
      { seat: 0, legal: 4, step: 4 },
    ]);
  });

  it('calls the trace after every step with who acted, what, and the state after it', () => {
    const agent = recordingAgent(last);
    const traced: string[] = [];
    play({ script, maxLength: 5 }, [agent.factory, agent.factory], {
      trace: (player, action, state) => traced.push(`${player}:${(action as ScriptAction).value}@${(state as ScriptState).at}`),
    });
    expect(traced).toHaveLength(5);
    expect(traced.map((entry) => entry.split(':')[0])).toEqual([String(CHANCE), '0', '1', String(CHANCE), '0']);
    expect(traced.map((entry) => entry.split('@')[1])).toEqual(['1', '2', '3', '4', '5']);
    expect(traced[1]).toBe('0:2@2');
  });
});

describe('match runner: forced moves', () => {
  it('applies a lone legal action without consulting the agent, so its stream is not advanced', () => {
    const script: ScriptNode[] = [
      { seat: 0, actions: 1 },
      { seat: 1, actions: 1 },
      { seat: 0, actions: 3 },
    ];
    const firstDraws: number[] = [];
    const agent = recordingAgent((decision, rng) => {
      firstDraws.push(rng.int(1_000_000_000));
      return last(decision);
    });
    const { state, outcome } = play({ script, maxLength: 3 }, [agent.factory, agent.factory]);
    expect(state.played).toEqual(['0:0', '1:0', '0:2']);
    expect(outcome.steps).toBe(3);
    expect(agent.seen.map((seen) => seen.step)).toEqual([2]); // asked only at the real choice
    // Its first draw is the first number of its stream: the forced moves drew nothing.
    expect(firstDraws).toEqual([matchStream(matchSeed(42, 3), seatStream(0)).int(1_000_000_000)]);
  });
});

describe('match runner: the decisions since a seat last answered', () => {
  const script: ScriptNode[] = [
    { seat: 1, actions: 1 }, // forced
    { chance: 3 },
    { seat: 0, actions: 2 },
    { seat: 1, actions: 2 },
    { seat: 0, actions: 1 }, // forced
    { seat: 1, actions: 3 },
    { seat: 0, actions: 2 },
  ];

  it('perfect information: every decision since the start, then the seat\'s own last answer and what followed', () => {
    const agent = recordingAgent(last);
    play({ script, maxLength: 7 }, [agent.factory, agent.factory]);
    const since = agent.seen.map((seen) => [seen.seat, (seen.actionsSince ?? []).map((action) => (action as ScriptAction).value)]);
    // Every agent answers its last action: seat 0 picks 1 of 2, seat 1 picks 1 of 2, then 2 of 3.
    expect(since).toEqual([
      [0, [0]], // seat 0's first decision: seat 1's forced move (chance outcomes are not decisions)
      [1, [0, 1]], // seat 1 was only forced so far: everything since the start
      [1, [1, 0]], // its own answer, then seat 0's forced move
      [0, [1, 1, 0, 2]], // its own answer, seat 1's, its own forced move, seat 1's
    ]);
  });

  it('hidden information: none are given', () => {
    const agent = recordingAgent(last);
    play({ script, maxLength: 7 }, [agent.factory, agent.factory], {}, true);
    expect(agent.seen).toHaveLength(4);
    for (const seen of agent.seen) expect(seen.actionsSince).toBeNull();
  });
});

describe('match runner: failures', () => {
  const script: ScriptNode[] = [
    { seat: 0, actions: 2 },
    { chance: 2 },
    { seat: 1, actions: 3 },
  ];

  function answering(value: number): AgentFactory {
    return recordingAgent(() => value, 'fixed').factory;
  }

  it('rejects a negative, fractional, non-numeric or too large choice, naming the agent, the seat and the range', () => {
    const good = recordingAgent(last).factory;
    for (const bad of [-1, 0.5, 1.5, Number.NaN, 3]) {
      const error = failure(() => play({ script, maxLength: 3 }, [good, answering(bad)]));
      expect(error.message).toContain(`agent "fixed" of seat 2 chose index ${String(bad)}, expected an integer in 0..2`);
      expect(error.step).toBe(2);
    }
    // An object with no prototype (String() cannot print it) is still described, not thrown again.
    expect(failure(() => play({ script, maxLength: 3 }, [good, answering(Object.create(null) as never)])).message).toContain('agent "fixed" of seat 2 chose an object (an action itself? the index of one is expected), expected an integer in 0..2');
    // A string is shown as one: "0", not 0, which would read as a valid choice.
    expect(failure(() => play({ script, maxLength: 3 }, [good, answering('0' as never)])).message).toContain('agent "fixed" of seat 2 chose index "0", expected an integer in 0..2');
    expect(failure(() => play({ script, maxLength: 3 }, [good, answering(0n as never)])).message).toContain('agent "fixed" of seat 2 chose index 0n (a BigInt), expected an integer in 0..2');
    // The edges of the range are fine.
    expect(play({ script, maxLength: 3 }, [good, answering(0)]).state.played.at(-1)).toBe('1:0');
    expect(play({ script, maxLength: 3 }, [good, answering(2)]).state.played.at(-1)).toBe('1:2');
  });

  it('fails a match whose returns are not one number per seat within utilityBounds (a NaN would count as a draw), and accepts the bounds themselves', () => {
    const agent = recordingAgent(last).factory;
    const params = { script, maxLength: 3 };
    const withReturns = (returns: unknown): ReturnType<typeof scriptGame> => ({ ...scriptGame(params), returns: () => returns as number[] });
    const cases: [unknown, string][] = [
      [[Number.NaN, -1], 'returns gave NaN for seat 1, expected a number within utilityBounds [-1, 1]'],
      [[1, 1.5], 'returns gave 1.5 for seat 2, expected a number within utilityBounds [-1, 1]'],
      [[-1.0001, 1], 'returns gave -1.0001 for seat 1'],
      [[1, '1'], 'returns gave "1" for seat 2'],
      [[1, Number.POSITIVE_INFINITY], 'returns gave Infinity for seat 2'],
      [[1], 'returns gave 1 values ([1]), expected one number per seat (2)'],
      [[Number.NaN], 'returns gave 1 values ([NaN]), expected one number per seat (2)'],
      [[1, Number.NaN, '0'], 'returns gave 3 values ([1, NaN, "0"]), expected one number per seat (2)'],
      [null, 'returns gave null, expected a list (an Array) of one number per seat (2)'],
      // A typed array prints as its numbers, which read as the list it is not (audit 36a).
      [Float64Array.of(1, -1), 'returns gave a Float64Array [1, -1], expected a list (an Array) of one number per seat (2)'],
      [new Int8Array(2), 'returns gave an Int8Array [0, 0], expected a list (an Array)'],
      [new DataView(new ArrayBuffer(2)), 'returns gave [object DataView], expected a list (an Array)'],
    ];
    for (const [returns, message] of cases) {
      const error = failure(() => playMatch(spec(withReturns(returns), params, [agent, agent]), null));
      expect(error.message).toContain(message);
      expect(error.step).toBe(3);
    }
    expect(playMatch(spec(withReturns([-1, 1]), params, [agent, agent]), null).returns).toEqual([-1, 1]);
    expect(playMatch(spec(withReturns([0.25, -0.25]), params, [agent, agent]), null).returns).toEqual([0.25, -0.25]);
  });

  it("fails a match whose endedAtCap throws or answers other than true or false, at the terminal step, as a contract breach (audit 31b: the run crashed, or 1 counted as not capped)", () => {
    const agent = recordingAgent(last).factory;
    const params = { script, maxLength: 3 };
    const withCap = (endedAtCap: () => unknown): ReturnType<typeof scriptGame> => ({ ...scriptGame(params), endedAtCap: endedAtCap as () => boolean });
    for (const [answer, message] of [
      [1, 'endedAtCap gave 1; expected true or false (whether the match ended at a length cap)'],
      [undefined, 'endedAtCap gave undefined; expected true or false'],
      ['true', 'endedAtCap gave "true"; expected true or false'],
    ] as const) {
      const error = failure(() => playMatch(spec(withCap(() => answer), params, [agent, agent]), null));
      expect(error.message).toContain(message);
      expect(error.step).toBe(3);
      expect(error.cause).toBeInstanceOf(ContractBreach);
    }
    const thrown = failure(() => playMatch(spec(withCap(() => { throw new Error('cap boom'); }), params, [agent, agent]), null));
    expect([thrown.message.includes('cap boom'), thrown.step, thrown.cause instanceof ContractBreach]).toEqual([true, 3, false]);
    for (const answer of [true, false]) {
      let asked = 0;
      const outcome = playMatch(spec(withCap(() => { asked++; return answer; }), params, [agent, agent]), null);
      expect([outcome.returns.length, asked, outcome.endedAtCap]).toEqual([2, 1, answer]);
    }
    // A game without one has no answer in its outcome.
    expect(playMatch(spec(scriptGame(params), params, [agent, agent]), null).endedAtCap).toBeUndefined();
  });

  it('names the match, the run seed, the match seed and the step of any failure, keeping its cause', () => {
    const agent = recordingAgent(last).factory;
    const error = failure(() => play({ script, maxLength: 3, failAt: 1 }, [agent, agent]));
    expect(error.name).toBe('MatchFailure');
    expect(error.matchIndex).toBe(3);
    expect(error.runSeed).toBe(42);
    expect(error.matchSeed).toBe(formatSeed(matchSeed(42, 3)));
    expect(error.step).toBe(1);
    expect(error.message).toBe(`match 3 of run seed 42 (match seed ${formatSeed(matchSeed(42, 3))}) failed at step 1: scripted failure at step 1`);
    expect((error.cause as Error).message).toBe('scripted failure at step 1');
  });

  it('reports an agent that throws as a failure of the match', () => {
    const throwing = recordingAgent(() => {
      throw new Error('agent broke');
    }).factory;
    const error = failure(() => play({ script, maxLength: 3 }, [throwing, throwing]));
    expect(error.step).toBe(0);
    expect(error.message).toMatch(/failed at step 0: agent broke$/);
  });

  it('passes on a MatchFailure raised inside the match unchanged', () => {
    const inner = new MatchFailure(spec(scriptGame({ script, maxLength: 3 }), { script, maxLength: 3 }, []), 5n, 9, new Error('inner'));
    const rethrowing = recordingAgent(() => {
      throw inner;
    }).factory;
    expect(failure(() => play({ script, maxLength: 3 }, [rethrowing, rethrowing]))).toBe(inner);
  });

  it('turns a revoked proxy thrown by an agent into a failure of the match, not a crash of the runner', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const throwing = recordingAgent(() => {
      throw proxy;
    }).factory;
    const error = failure(() => play({ script, maxLength: 3 }, [throwing, throwing]));
    expect(error.message).toMatch(/failed at step 0: non-Error value thrown: an object that cannot be described$/);
  });

  it('refuses a seat count other than the game\'s, before building any agent', () => {
    const agent = recordingAgent(last);
    const error = failure(() => play({ script, maxLength: 3 }, [agent.factory]));
    expect(error.message).toMatch(/failed at step 0: script needs 2 seats, got 1$/);
    expect(agent.contexts).toEqual([]);
  });

  it('stops a match that outruns its declared maximum length, and lets one that ends right at it finish', () => {
    const agent = recordingAgent(last).factory;
    expect(play({ script, maxLength: 3 }, [agent, agent]).outcome.steps).toBe(3);
    const short = failure(() => play({ script, maxLength: 2 }, [agent, agent]));
    expect(short.step).toBe(2);
    expect(short.message).toMatch(/failed at step 2: no terminal state within the declared maximum of 2 steps$/);
    const endless = failure(() => play({ script, maxLength: 50, endless: true }, [agent, agent]));
    expect(endless.step).toBe(50);
  });

  it('fails when the game names a seat that is not one, saying what currentPlayer returned', () => {
    const agent = recordingAgent(last).factory;
    for (const seat of [2, -3, 0.5, Number.NaN]) {
      const error = failure(() => play({ script: [{ seat, actions: 2 }], maxLength: 3 }, [agent, agent]));
      expect(error.message).toMatch(new RegExp(`failed at step 0: currentPlayer returned ${String(seat)}, expected a seat 0\\.\\.1, CHANCE \\(-1\\) or TERMINAL \\(-2\\)$`));
    }
    // The last seat is one.
    expect(play({ script: [{ seat: 1, actions: 2 }], maxLength: 3 }, [agent, agent]).state.played).toEqual(['1:1']);
  });

  it('fails a match whose maxLength is not a whole number of steps (the guard against endless games would be off)', () => {
    const agent = recordingAgent(last).factory;
    const params = { script, maxLength: 3 };
    for (const bound of [Number.NaN, 0, 2.5, -1, '3', Number.POSITIVE_INFINITY, 2 ** 53]) {
      const game = { ...scriptGame(params), maxLength: () => bound as number };
      const error = failure(() => playMatch(spec(game, params, [agent, agent]), null));
      expect(error.message).toContain(`failed at step 0: maxLength gave ${typeof bound === 'string' ? `"${bound}"` : String(bound)}, expected a whole number of steps from 1 to 9007199254740991`);
    }
    // One step is a bound.
    expect(play({ script: [{ seat: 0, actions: 2 }], maxLength: 1 }, [agent, agent]).outcome.steps).toBe(1);
  });

  it("marks what its own checks found as a contract breach (no stack worth showing), and keeps a game's or agent's own error as it was", () => {
    const agent = recordingAgent(last).factory;
    const params = { script, maxLength: 3 };
    const breach = failure(() => playMatch(spec({ ...scriptGame(params), returns: () => [Number.NaN, 0] }, params, [agent, agent]), null));
    expect(breach.cause).toBeInstanceOf(ContractBreach);
    const short = failure(() => play({ script, maxLength: 2 }, [agent, agent]));
    expect(short.cause).toBeInstanceOf(ContractBreach);
    const own = failure(() => play({ script, maxLength: 3, failAt: 1 }, [agent, agent]));
    expect(own.cause).not.toBeInstanceOf(ContractBreach);
    expect((own.cause as Error).message).toBe('scripted failure at step 1');
  });

  it('fails when a seat to act has no legal action, naming the seat from 1 as every message does', () => {
    const agent = recordingAgent(last).factory;
    const error = failure(() => play({ script: [{ seat: 1, actions: 0 }], maxLength: 3 }, [agent, agent]));
    expect(error.message).toMatch(/failed at step 0: seat 2 has no legal action in a non-terminal state$/);
  });

  it('fails when legalActions returns anything but the list it was given (the last decision\'s actions would be played)', () => {
    const agent = recordingAgent(last).factory;
    const params = { script: [{ seat: 0, actions: 2 }, { seat: 1, actions: 3 }], maxLength: 3 };
    const cases: [(state: ScriptState, into?: ScriptAction[]) => unknown, string][] = [
      [() => [{ value: 0 }], 'legalActions(state, into) returned another array; expected it to fill and return the array it is given'],
      [() => undefined, 'legalActions(state, into) returned undefined; expected it to fill and return the array it is given'],
    ];
    for (const [legalActions, message] of cases) {
      const base = scriptGame(params);
      // Fills the given list at the first decision, then answers with something else.
      const game = { ...base, legalActions: (state: ScriptState, into?: ScriptAction[]) => (state.at === 0 ? base.legalActions(state, into) : legalActions(state, into)) };
      const error = failure(() => playMatch(spec(game as typeof base, params, [agent, agent]), null));
      expect(error.step).toBe(1);
      expect(error.message).toMatch(new RegExp(`failed at step 1: ${message.replace(/[()]/g, '\\$&')}$`));
    }
  });

  it("fails at a match's first chance node when its draw or its list is not a chance node's", () => {
    const agent = recordingAgent(last).factory;
    const params = { script: [{ chance: 2 }, { seat: 0, actions: 2 }, { chance: 2 }], maxLength: 3 };
    const base = scriptGame(params);
    const halves = (state: ScriptState): { action: ScriptAction; probability: number }[] => base.chanceOutcomes(state);
    const cases: [Partial<typeof base>, string][] = [
      [{ chanceOutcomes: (state) => halves(state).map((outcome, i) => ({ ...outcome, probability: i === 0 ? 1 / 3 : 1 / 2 })) }, "chanceOutcomes' probabilities sum to 0.8333333333333333; expected 1"],
      [{ chanceOutcomes: (state) => halves(state).map((outcome) => ({ ...outcome, probability: 1 })) }, "chanceOutcomes' probabilities sum to 2; expected 1"],
      [{ chanceOutcomes: (state) => halves(state).map((outcome, i) => ({ ...outcome, probability: i === 0 ? 0 : 1 })) }, 'chanceOutcomes gave a probability of 0; expected each in (0, 1]'],
      [{ chanceOutcomes: (state) => halves(state).map((outcome, i) => ({ ...outcome, probability: i === 0 ? 1.5 : -0.5 })) }, 'chanceOutcomes gave a probability of 1.5; expected each in (0, 1]'],
      [{ chanceOutcomes: () => [null] as never }, 'chanceOutcomes gave a probability of undefined; expected each in (0, 1]'],
      [{ chanceOutcomes: (state) => halves(state).map((outcome, i) => ({ ...outcome, probability: i === 0 ? Number.NaN : 1 })) }, 'chanceOutcomes gave a probability of NaN; expected each in (0, 1]'],
      [{ chanceOutcomes: (state) => halves(state).map((outcome, i) => ({ ...outcome, probability: i === 0 ? '0.5' : 0.5 })) as never }, 'chanceOutcomes gave a probability of "0.5"; expected each in (0, 1]'],
      [{ chanceOutcomes: () => [] }, 'chanceOutcomes gave no outcomes at a chance node; expected a non-empty list'],
      [{ chanceOutcomes: () => null as never }, 'chanceOutcomes gave null at a chance node; expected a non-empty list'],
      [{ sampleChance: () => ({ value: 7 }) }, 'sampleChance drew "7", which chanceOutcomes does not list'],
      [{ sampleChance: () => undefined as never }, "sampleChance drew undefined, which actionKey cannot name (Cannot read properties of undefined (reading 'value')); expected one of the outcomes chanceOutcomes lists"],
      [
        {
          actionKey: () => {
            throw new Error('no names here');
          },
        },
        'actionKey threw on an outcome chanceOutcomes lists: no names here; expected it to name every action',
      ],
    ];
    for (const [broken, message] of cases) {
      const error = failure(() => playMatch(spec({ ...base, ...broken }, params, [agent, agent]), null));
      expect(error.step, message).toBe(0);
      expect(error.message).toContain(`failed at step 0: ${message}`);
    }
    // Probabilities that sum to 1 within rounding, and a draw of the list's last outcome, pass.
    const thirds = { chanceOutcomes: () => [0, 1, 2].map((value) => ({ action: { value }, probability: 1 / 3 })), sampleChance: () => ({ value: 2 }) };
    expect((playMatch(spec({ ...base, ...thirds }, params, [agent, agent]), null).finalState as ScriptState).played[0]).toBe('chance:2');
    // Beyond the first chance node, one in 16 by the match index: match 3's second is not
    // checked (the test below: which ones are).
    let nodes = 0;
    const laterWrong = { chanceOutcomes: (state: ScriptState) => (++nodes > 1 ? [] : halves(state)) };
    expect(playMatch(spec({ ...base, ...laterWrong }, params, [agent, agent]), null).steps).toBe(3);
    expect(nodes).toBe(1);
  });

  it('checks one later chance node in 16, shifted by the match index, so every position is checked over 16 matches (audit 21)', () => {
    const agent = recordingAgent(last).factory;
    const params = { script: Array.from({ length: 20 }, () => ({ chance: 2 })), maxLength: 20 };
    const base = scriptGame(params);
    // The list is wrong only at a match's sixth chance node (position 5).
    const wrongAtSix = { ...base, chanceOutcomes: (state: ScriptState) => (state.at === 5 ? [] : base.chanceOutcomes(state)) };
    const failed: number[] = [];
    for (let matchIndex = 0; matchIndex < 40; matchIndex++) {
      try {
        playMatch(spec(wrongAtSix, params, [agent, agent], { matchIndex }), null);
      } catch (error) {
        expect(error).toBeInstanceOf(MatchFailure);
        expect((error as MatchFailure).step).toBe(5);
        expect((error as MatchFailure).message).toContain('failed at step 5: chanceOutcomes gave no outcomes at a chance node');
        failed.push(matchIndex);
      }
    }
    // Node 5 of match m is checked when (5 + m) is a multiple of 16.
    expect(failed).toEqual([11, 27]);
    // The first node of every match is checked.
    const wrongAtFirst = { ...base, chanceOutcomes: (state: ScriptState) => (state.at === 0 ? [] : base.chanceOutcomes(state)) };
    for (const matchIndex of [0, 1, 7, 15]) expect(failure(() => playMatch(spec(wrongAtFirst, params, [agent, agent], { matchIndex }), null)).step).toBe(0);
    // Lists are read at the first node and one in 16 after it: 2 of a 20-node match 3 (nodes 0 and 13).
    let lists = 0;
    const counting = { ...base, chanceOutcomes: (state: ScriptState) => (lists++, base.chanceOutcomes(state)) };
    playMatch(spec(counting, params, [agent, agent], { matchIndex: 3 }), null);
    expect(lists).toBe(2);
  });

  it('crosses a worker boundary as plain data and comes back with the same fields', () => {
    const agent = recordingAgent(last).factory;
    const error = failure(() => play({ script, maxLength: 3, failAt: 2 }, [agent, agent]));
    const data = error.toData();
    expect(data).toMatchObject({ message: error.message, matchIndex: 3, runSeed: 42, matchSeed: error.matchSeed, step: 2 });
    expect(data.cause).toContain('scripted failure at step 2');
    expect(data.cause).toContain('match-runner.test.ts'); // the stack, to find the failing line
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);

    const back = MatchFailure.fromData(data);
    expect(back).toBeInstanceOf(MatchFailure);
    expect(back.name).toBe('MatchFailure');
    expect(back.message).toBe(error.message);
    expect([back.matchIndex, back.runSeed, back.matchSeed, back.step]).toEqual([3, 42, error.matchSeed, 2]);
    expect((back.cause as Error).message).toBe(data.cause);

    const plain = new MatchFailure(spec(scriptGame({ script, maxLength: 3 }), { script, maxLength: 3 }, []), 1n, 0, 'a string cause');
    expect(plain.message).toMatch(/failed at step 0: a string cause$/);
    expect(plain.toData().cause).toBe('a string cause');
  });
});

describe('match runner: what a seat may see', () => {
  const params: ScriptParams = { script: [{ seat: 0, actions: 2 }], maxLength: 1 };

  it('perfect information: observe and searchState give copies of the true state, never the state itself', () => {
    const game = scriptGame(params);
    const state = game.setup(params);
    state.played.push('x');
    const decision = new SeatDecision(game, state);
    decision.seat = 1;
    const seen = decision.observe() as ScriptState;
    const search = decision.searchState(matchStream(1n, 'test')) as ScriptState;
    for (const copy of [seen, search]) {
      expect(copy).toEqual(state);
      expect(copy).not.toBe(state);
      copy.played.push('changed');
      expect(state.played).toEqual(['x']);
    }
    expect(decision.actionsSince).toBeNull(); // no history given
  });

  it('hidden information: searchState is the game\'s determinization for the seat', () => {
    const game = scriptGame(params, true);
    const state = game.setup(params);
    const decision = new SeatDecision(game, state);
    expect((decision.searchState(matchStream(1n, 'test')) as ScriptState).at).toBe(1000);

    const { determinize: _, ...withoutDeterminize } = game;
    const broken = new SeatDecision({ ...withoutDeterminize, hiddenInformation: true }, state);
    expect(() => broken.searchState(matchStream(1n, 'test'))).toThrow('script declares hidden information but has no determinize');
  });

  it('the history view starts where the seat last answered', () => {
    const game = scriptGame(params);
    const decision = new SeatDecision(game, game.setup(params), ['a', 'b', 'c']);
    expect(decision.actionsSince).toEqual(['a', 'b', 'c']);
    decision.historyStart = 2;
    expect(decision.actionsSince).toEqual(['c']);
  });
});

describe('match runner: what an agent is handed of the game and its parameters', () => {
  const params: ScriptParams = { script: [{ seat: 0, actions: 2 }, { seat: 1, actions: 2 }], maxLength: 2 };
  const seen: AgentContext[] = [];
  const recording = (id: string, onCreate: (context: AgentContext) => void = () => undefined): AgentFactory => ({
    id,
    description: 'records its context',
    validateConfig: () => [],
    create: (_config, context) => {
      seen.push(context);
      onCreate(context);
      return { chooseAction: () => 0 };
    },
  });

  it("one of Hordelab's own agents gets the game and the match's parameters themselves: a fresh copy a match for a game not Hordelab's, the frozen ones for Hordelab's", () => {
    seen.length = 0;
    const own = recording('own');
    markOwnAgent(own);
    const game = scriptGame(params);
    playMatch(spec(game, params, [own, own]), null);
    playMatch(spec(game, params, [own, own], { matchIndex: 1 }), null);
    const [first, second, third] = seen as [AgentContext, AgentContext, AgentContext];
    expect(seen.slice(0, 2).map((context) => [context.game === game, context.params === params, context.seat])).toEqual([[true, false, 0], [true, false, 1]]);
    // Both seats of a match share its copy, equal to the scenario's and not frozen; the next match has its own.
    expect([first.params === second.params, third.params === first.params, Object.isFrozen(first.params)]).toEqual([true, false, false]);
    expect(first.params).toEqual(params);
    expect([isOwnAgent(own), isOwnAgent(recording('other'))]).toEqual([true, false]);
    seen.length = 0;
    const ownGame = scriptGame(params);
    markOwnGame(ownGame);
    const frozen = deepFreeze(structuredClone(params));
    playMatch(spec(ownGame, frozen, [own, own]), null);
    expect(seen.map((context) => context.params === frozen)).toEqual([true, true]);
  });

  it("an agent from a user's module gets a read-only view of the game and a frozen copy of the match's parameters", () => {
    seen.length = 0;
    const user = recording('user');
    const game = scriptGame(params);
    playMatch(spec(game, params, [user, user]), null);
    playMatch(spec(game, params, [user, user], { matchIndex: 4 }), null);
    const [first, second, third] = seen as [AgentContext, AgentContext, AgentContext];
    expect(first.game).not.toBe(game);
    expect(first.game.id).toBe('script');
    expect(first.params).not.toBe(params);
    expect(first.params).toEqual(params);
    expect(Object.isFrozen(first.params)).toBe(true);
    expect(Object.isFrozen(params)).toBe(false);
    // The game's view is the same each match; the parameters are each match's copy, frozen for the agent.
    expect([second.seat, third.game === first.game, third.params === first.params]).toEqual([1, true, false]);
    expect(() => ((first.game as { returns: unknown }).returns = () => [1, -1])).toThrow('agent "user" tried to change game.returns: agents are handed the game and its parameters read-only');
  });

  it("fails the match of a user's agent that rewrites the rules as it is built, naming it; the rules stay as they were", () => {
    const game = scriptGame(params);
    const { returns, currentPlayer } = game;
    const rigging = recording('rig', (context) => {
      (context.game as { returns: unknown }).returns = () => [1, -1];
    });
    expect(failure(() => playMatch(spec(game, params, [rigging, rigging]), null)).message).toContain('agent "rig" tried to change game.returns');
    const peeking = recording('peek', (context) => {
      const live = context.game.currentPlayer;
      (context.game as { currentPlayer: unknown }).currentPlayer = (state: unknown) => live(state);
    });
    expect(failure(() => playMatch(spec(game, params, [randomAgent, peeking]), null)).message).toContain('agent "peek" tried to change game.currentPlayer');
    expect([game.returns, game.currentPlayer]).toEqual([returns, currentPlayer]);
  });

  it("fails the match of an agent that rewrites the streams' or the decisions' shared class: every seat's dice and decisions stay as they were", () => {
    const game = scriptGame(params);
    const before = [matchStream(matchSeed(1, 0), 'x').int(6), matchStream(matchSeed(1, 0), 'x').int(1000)];
    const loading = recording('dice', (context) => {
      (Object.getPrototypeOf(context.rng) as { int: unknown }).int = (count: number) => count - 1;
    });
    expect(failure(() => playMatch(spec(game, params, [loading, loading]), null)).message).toMatch(/read only property 'int'/);
    const restreaming = recording('streams', (context) => {
      (context.rng.constructor as unknown as { fromWords: unknown }).fromWords = () => null;
    });
    expect(failure(() => playMatch(spec(game, params, [restreaming, restreaming]), null)).message).toMatch(/read only property 'fromWords'/);
    const deciding = recording('decisions', () => {
      (SeatDecision.prototype as unknown as { searchState: unknown }).searchState = () => null;
    });
    expect(failure(() => playMatch(spec(game, params, [deciding, deciding]), null)).message).toMatch(/read only property 'searchState'/);
    expect([matchStream(matchSeed(1, 0), 'x').int(6), matchStream(matchSeed(1, 0), 'x').int(1000)]).toEqual(before);
  });
});

describe('describeThrown: what any thrown value says', () => {
  const both = (text: string) => ({ message: text, detail: text });

  it("an Error: its message, and its stack when it has one", () => {
    const error = new Error('broke');
    expect(describeThrown(error)).toEqual({ message: 'broke', detail: error.stack });
    expect(describeThrown(error).detail).toMatch(/^Error: broke\n {4}at /);
    const noStack = Object.assign(new Error('bare'), { stack: '' });
    expect(describeThrown(noStack)).toEqual(both('bare'));
    const oddStack = Object.assign(new Error('odd'), { stack: 42 });
    expect(describeThrown(oddStack)).toEqual(both('odd'));
  });

  it('an Error whose message or stack cannot be read', () => {
    const noMessage = new Error('hidden');
    Object.defineProperty(noMessage, 'message', {
      get() {
        throw new Error('no');
      },
    });
    expect(describeThrown(noMessage).message).toBe('an Error whose message cannot be read');
    const noStack = new Error('kept');
    Object.defineProperty(noStack, 'stack', {
      get() {
        throw new Error('no');
      },
    });
    expect(describeThrown(noStack)).toEqual(both('kept'));
  });

  it('a string as it is; other primitives named, a function without its source', () => {
    expect(describeThrown('plain words')).toEqual(both('plain words'));
    expect(describeThrown(7)).toEqual(both('non-Error value thrown: 7'));
    expect(describeThrown(null)).toEqual(both('non-Error value thrown: null'));
    expect(describeThrown(undefined)).toEqual(both('non-Error value thrown: undefined'));
    expect(describeThrown(false)).toEqual(both('non-Error value thrown: false'));
    expect(describeThrown(10n)).toEqual(both('non-Error value thrown: 10'));
    expect(describeThrown(Symbol('s'))).toEqual(both('non-Error value thrown: Symbol(s)'));
    expect(describeThrown(() => 'secret source')).toEqual(both('non-Error value thrown: a function'));
  });

  it('an object as its first 200 characters of JSON, else its tag, else a fixed phrase', () => {
    expect(describeThrown({ code: 3 })).toEqual(both('non-Error value thrown: {"code":3}'));
    expect(describeThrown(Object.create(null))).toEqual(both('non-Error value thrown: {}'));
    const long = { text: 'x'.repeat(500) };
    expect(describeThrown(long).message).toBe(`non-Error value thrown: ${JSON.stringify(long).slice(0, 200)}`);
    expect(describeThrown(long).message).toHaveLength('non-Error value thrown: '.length + 200);
    // JSON.stringify gives undefined for a value whose toJSON does: the tag is said instead.
    expect(describeThrown({ toJSON: () => undefined })).toEqual(both('non-Error value thrown: [object Object]'));
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(describeThrown(cyclic)).toEqual(both('non-Error value thrown: an object that cannot be described'));
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeThrown(proxy)).toEqual(both('non-Error value thrown: an object that cannot be described'));
  });
});

describe('seat streams', () => {
  it('are named seat:0, seat:1, …, the same text every time', () => {
    expect([seatStream(0), seatStream(1), seatStream(2), seatStream(0)]).toEqual(['seat:0', 'seat:1', 'seat:2', 'seat:0']);
  });
});

describe('a scratch reused match after match', () => {
  it('plays every match as a fresh one does: the same actions, returns and steps, and the same history for search', () => {
    const random = { factory: randomAgent, config: {} };
    // History-reading search: MCTS looks its previous subtree up in the decisions since its last answer.
    const mcts = { factory: mctsAgent, config: { iterations: 40 } };
    // And an agent that writes down what it is shown of the history at every decision.
    let shown: string[] = [];
    const reader = {
      factory: {
        id: 'history-reader',
        description: 'test',
        validateConfig: () => [],
        create: (_config: unknown, { rng }: AgentContext): Agent => ({
          chooseAction(decision: Decision) {
            shown.push(JSON.stringify(decision.actionsSince));
            return rng.int(decision.legalActions.length);
          },
        }),
      } as AgentFactory,
      config: {},
    };
    for (const [game, seats] of [
      [zombieTrainers, [random, random]],
      [ticTacToe, [mcts, random]],
      [ticTacToe, [reader, random]],
      [zombieTrainers, [random, reader]],
      [hiddenCard, [random, random]],
    ] as const) {
      const params = defaultParameters(game.parameters);
      const scratch = new MatchScratch();
      for (let matchIndex = 0; matchIndex < 12; matchIndex++) {
        const played = (withScratch: boolean) => {
          const actions: string[] = [];
          shown = [];
          const outcome = playMatch({ game, params, seats, runSeed: 5, matchIndex, trace: (_player, action) => actions.push(game.actionKey(action as never)), ...(withScratch ? { scratch } : {}) }, null);
          return { actions, shown, returns: outcome.returns, steps: outcome.steps };
        };
        expect(played(true), `${game.id} match ${matchIndex}`).toEqual(played(false));
      }
      // Lists of more than one decision were reused (a match's history is emptied, not replaced).
      expect(scratch.legal.length + scratch.history.length).toBeGreaterThan(0);
    }
  });

  it('shows a game that appends to the list it is given none of the last match\'s actions', () => {
    // One decision a match among three picks, appended without clearing (a contract breach conform
    // reports): each match must still choose among its own three, as with a fresh list.
    const PICKS = [0, 1, 2].map((pick) => Object.freeze({ pick }));
    const appending: GameDefinition<Record<string, never>, { picked: number }, { pick: number }> = {
      id: 'appending', title: 'Appending', seats: ['A', 'B'], parameters: {} as never, utilityBounds: [-1, 1], hiddenInformation: false,
      validateParameters: () => [], maxLength: () => 1, setup: () => ({ picked: -1 }),
      currentPlayer: (state) => (state.picked < 0 ? 0 : TERMINAL),
      legalActions(_state, into) {
        const actions = into ?? [];
        for (const pick of PICKS) actions.push(pick);
        return actions;
      },
      chanceOutcomes: () => [], sampleChance: () => { throw new Error('none'); },
      apply(state, action) { state.picked = action.pick; },
      isTerminal: (state) => state.picked >= 0, returns: (state) => (state.picked === 0 ? [1, -1] : [0, 0]), heuristic: () => [0, 0],
      observe: (state) => ({ ...state }), clone: (state) => ({ ...state }), actionKey: (action) => String(action.pick), describeState: () => '',
    };
    // The registry's random agent, handed the list as it is (another agent's list is listed afresh, which would add three more).
    markOwnAgent(randomAgent);
    const seats = [{ factory: randomAgent, config: {} }, { factory: randomAgent, config: {} }];
    const scratch = new MatchScratch();
    for (let matchIndex = 0; matchIndex < 10; matchIndex++) {
      const counts: number[] = [];
      const played = (withScratch: boolean) => playMatch({ game: appending, params: {}, seats, runSeed: 2, matchIndex, onDecision: (_seat, legal) => counts.push(legal), ...(withScratch ? { scratch } : {}) }, null).returns;
      expect(played(true)).toEqual(played(false));
      expect(counts).toEqual([3, 3]);
    }
  });
});

describe("an agent from a user's module edits the list it is handed", () => {
  // What a module agent sees is a copy: the runner applies the entry of its own list at the
  // index chosen, never an action the agent slipped into the list.
  const editing = (moduleUrl: string | undefined): AgentFactory => ({
    id: 'editor',
    description: 'slips an action of its own into the list, then empties it',
    validateConfig: () => [],
    create: () => ({
      chooseAction(decision) {
        const list = decision.legalActions as unknown[];
        list[list.length - 1] = { kind: 'place', cell: 99 };
        const index = list.length - 1;
        list.length = 0;
        return index;
      },
    }),
    ...(moduleUrl === undefined ? {} : { moduleUrl }),
  });

  it("plays the runner's own action at the index chosen, whatever the module agent did to its copy", () => {
    const played: unknown[] = [];
    const listed: string[][] = [];
    const recorder: AgentFactory = {
      ...randomAgent,
      create: (config, context) => {
        const inner = randomAgent.create(config, context);
        return { chooseAction: (decision) => (listed.push(decision.legalActions.map((action) => ticTacToe.actionKey(action as never))), inner.chooseAction(decision)) };
      },
    };
    const outcome = playMatch(
      { game: ticTacToe, params: {}, seats: [{ factory: editing('file:///agents/editor.mjs'), config: {} }, { factory: recorder, config: {} }], runSeed: 3, matchIndex: 0, trace: (player, action) => player === 0 && played.push(action) },
      null,
    );
    expect(played.length).toBeGreaterThan(0);
    // Each of the editor's moves is the last empty cell: the game's own action, not cell 99.
    for (const action of played) expect((action as { cell: number }).cell).toBeLessThan(9);
    expect(outcome.returns).toHaveLength(2);
    expect(listed.every((keys) => keys.length > 0 && keys.every((key) => !key.includes('99')))).toBe(true);
  });

  it("an agent that rewrites the action object it is handed (not the list) still has the game's own action played", () => {
    const params: ScriptParams = { script: [{ seat: 0, actions: 3 }], maxLength: 2 };
    const rewriting: AgentFactory = {
      id: 'rewriter',
      description: 'rewrites the first action it is handed into the last, then picks it',
      validateConfig: () => [],
      create: () => ({
        chooseAction(decision) {
          (decision.legalActions[0] as { value: number }).value = 2;
          return 0;
        },
      }),
    };
    const outcome = playMatch(spec(scriptGame(params), params, [rewriting, rewriting]), null);
    expect((outcome.finalState as ScriptState).played).toEqual(['0:0']);
    // Beside one of Hordelab's own agents as well.
    markOwnAgent(randomAgent);
    const second: ScriptParams = { script: [{ seat: 1, actions: 3 }], maxLength: 2 };
    const beside = playMatch(spec(scriptGame(second), second, [randomAgent, rewriting]), null);
    expect((beside.finalState as ScriptState).played).toEqual(['1:0']);
  });

  it("one of Hordelab's own agents is handed the live list, as the contract says: its edit reaches the game, which refuses it", () => {
    const builtIn = editing(undefined);
    markOwnAgent(builtIn);
    const error = failure(() => playMatch({ game: ticTacToe, params: {}, seats: [{ factory: builtIn, config: {} }, { factory: randomAgent, config: {} }], runSeed: 3, matchIndex: 0 }, null));
    expect(error.message).toMatch(/illegal move: cell 99|expected an integer in 0\.\.-1/);
  });

  it('fails the match of a game that lists another number of actions when listed again for the same state', () => {
    let calls = 0;
    const params: ScriptParams = { script: [{ seat: 0, actions: 3 }], maxLength: 2 };
    const base = scriptGame(params);
    const picking: AgentFactory = { id: 'picker', description: 'picks 1', validateConfig: () => [], create: () => ({ chooseAction: () => 1 }) };
    const again = (second: (state: ScriptState, into: ScriptAction[]) => ScriptAction[]): typeof base => {
      calls = 0;
      return { ...base, legalActions: (state: ScriptState, into?: ScriptAction[]) => (calls++ === 0 ? base.legalActions(state, into) : second(state, into ?? [])) } as typeof base;
    };
    expect(failure(() => playMatch(spec(again((_state, into) => (into.push({ value: 3 }), into)), params, [picking, picking]), null)).message).toContain('legalActions listed 3 actions, then 4 for the same state; expected the same list every time');
    expect(failure(() => playMatch(spec(again((state) => base.legalActions(state, [])), params, [picking, picking]), null)).message).toContain('legalActions(state, into) returned another array when asked again');
  });
});
