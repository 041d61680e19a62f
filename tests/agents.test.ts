/**
 * Agents against known truth: tic-tac-toe is a draw under perfect play, a hidden card cannot be
 * guessed better than chance, and Zombie Trainers' greedy and MCTS agents must beat random.
 * Seeded and small; balance-style claims use intervals, never exact counts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedValue, greedyAgent, pickBest } from '../agents/greedy.js';
import { logOfCount, Mcts, mctsAgent, mctsConfig } from '../agents/mcts.js';
import { randomAgent } from '../agents/random.js';
import type { AgentFactory } from '../src/core/agent.js';
import type { AnyGame, GameEvent } from '../src/core/game.js';
import { MatchFailure, SeatDecision, playMatch, type SeatSpec } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { matchSeed, matchStream } from '../src/core/rng.js';
import { ticTacToe, type TicTacToeState } from '../src/games/tic-tac-toe/index.js';
import { Phase, placeWildZombie, zombieTrainers, type ZombieTrainersState } from '../src/games/zombie-trainers/index.js';
import { seatResults } from '../src/reports/outcomes.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { rateInterval } from '../src/stats/intervals.js';
import { hiddenCardWinRate } from './fixtures/hidden-card.js';

const seat = (factory: AgentFactory, config: Record<string, unknown> = {}): SeatSpec => ({ factory, config });

/** Plays `pairs` seeds in both seatings; returns the results of `hero` (win/draw/loss counts). */
function rotatedResults(game: AnyGame, params: unknown, hero: SeatSpec, villain: SeatSpec, pairs: number, runSeed = 1) {
  const tally = { win: 0, draw: 0, loss: 0 };
  for (let pair = 0; pair < pairs; pair++) {
    for (const heroSeat of [0, 1]) {
      const seats = heroSeat === 0 ? [hero, villain] : [villain, hero];
      const outcome = playMatch({ game, params, seats, runSeed, matchIndex: pair * 2 + heroSeat, seedIndex: pair }, null);
      tally[seatResults(outcome.returns)[heroSeat] as 'win' | 'draw' | 'loss']++;
    }
  }
  return tally;
}

function choose(factory: AgentFactory, game: AnyGame, state: unknown, config: Record<string, unknown> = {}, streamSeed = 1): number {
  const player = game.currentPlayer(state);
  const decision = new SeatDecision(game, state);
  decision.seat = player;
  decision.legalActions = game.legalActions(state);
  const agent = factory.create(config, { game, params: {}, seat: player, rng: matchStream(matchSeed(streamSeed, 0), `seat:${player}`) });
  return agent.chooseAction(decision);
}

function ticTacToeBoard(rows: string): TicTacToeState {
  const state = ticTacToe.setup({});
  for (const [cell, mark] of [...rows.replace(/\s/g, '')].entries()) {
    if (mark === 'X' || mark === 'O') {
      if (mark === 'X') state.xCells |= 1 << cell;
      else state.oCells |= 1 << cell;
      state.moves++;
    }
  }
  state.current = state.moves % 2 === 0 ? 0 : 1;
  return state;
}

describe('tic-tac-toe: agents against known truth', () => {
  it('MCTS with 2,000 iterations never loses to random in 200 seeded games (both seatings)', () => {
    const tally = rotatedResults(ticTacToe, {}, seat(mctsAgent, { iterations: 2000 }), seat(randomAgent), 100);
    expect(tally.loss).toBe(0);
    expect(tally.win + tally.draw).toBe(200);
  });

  it('MCTS against MCTS draws at least 95% of 100 games', () => {
    let draws = 0;
    for (let matchIndex = 0; matchIndex < 100; matchIndex++) {
      const outcome = playMatch(
        { game: ticTacToe, params: {}, seats: [seat(mctsAgent, { iterations: 2000 }), seat(mctsAgent, { iterations: 2000 })], runSeed: 3, matchIndex },
        null,
      );
      if (outcome.returns[0] === 0) draws++;
    }
    expect(draws).toBeGreaterThanOrEqual(95);
  });

  it('greedy never misses an immediate win', () => {
    const positions = [
      'XX. OO. ...', // X completes the top row
      'X.. XO. .O.', // X completes the left column
      'O.X .X. ..O', // X completes the anti-diagonal at 6
      'XX. OO. X..', // O to move completes the middle row
      'X.O .XO X..', // O to move completes the right column
    ];
    for (const rows of positions) {
      const state = ticTacToeBoard(rows);
      for (let streamSeed = 0; streamSeed < 5; streamSeed++) {
        const legal = ticTacToe.legalActions(state);
        const next = ticTacToe.clone(state);
        ticTacToe.apply(next, legal[choose(greedyAgent, ticTacToe, state, {}, streamSeed)]!, null);
        expect(next.over && next.winner === state.current, `greedy at ${rows}`).toBe(true);
      }
    }
  });

  it('MCTS blocks a threat it cannot outrun', () => {
    // O threatens the middle row; X has no immediate win and must block at 5.
    const state = ticTacToeBoard('X.. OO. ..X');
    const legal = ticTacToe.legalActions(state);
    expect(legal[choose(mctsAgent, ticTacToe, state, { iterations: 2000 })]).toMatchObject({ cell: 5 });
  });

  it('MCTS gives the same decisions from the same seed', () => {
    const play = (): GameEvent[] => {
      const events: GameEvent[] = [];
      playMatch({ game: ticTacToe, params: {}, seats: [seat(mctsAgent, { iterations: 300 }), seat(mctsAgent, { iterations: 300 })], runSeed: 5, matchIndex: 2 }, (e) => events.push(e));
      return events;
    };
    expect(play()).toEqual(play());
  });
});

describe('MCTS selection arithmetic', () => {
  it('reads the same logarithms as Math.log, below, across and beyond its table', () => {
    // Larger counts first, so the table grows from a large request and then serves small ones.
    for (const n of [(1 << 20) + 7, 5000, 1, 2, 3, 1023, 1024, 1025, 4096, (1 << 20) - 1]) expect(logOfCount(n)).toBe(Math.log(n));
    for (let n = 0; n <= 3000; n++) if (logOfCount(n) !== Math.log(n)) expect.fail(`logOfCount(${n}) = ${logOfCount(n)}, Math.log gives ${Math.log(n)}`);
  });
});

describe('tree reuse', () => {
  it('tells each seat the decisions played since it was last asked, its own answer first', () => {
    const seen: (readonly unknown[] | null)[] = [];
    const recorder: AgentFactory = {
      id: 'recorder',
      description: 'records actionsSince and plays the first legal cell',
      validateConfig: () => [],
      create: (_config, { seat: mySeat }) => ({
        chooseAction: (decision) => {
          if (mySeat === 0) seen.push(decision.actionsSince === null ? null : [...decision.actionsSince]);
          return 0;
        },
      }),
    };
    playMatch({ game: ticTacToe, params: {}, seats: [seat(recorder), seat(recorder)], runSeed: 1, matchIndex: 0 }, null);
    // X takes 0, O 1, X 2, O 3, X 4, O 5, X 6 (wins on the 0-3-6 column).
    expect(seen.map((actions) => actions?.map((a) => (a as { cell: number }).cell))).toEqual([[], [0, 1], [2, 3], [4, 5]]);
  });

  it('reuses the subtree reached by the moves played, keeping its statistics', () => {
    const search = new Mcts(ticTacToe, mctsConfig({ iterations: 500, reuseTree: true }), matchStream(matchSeed(2, 0), 'seat:0'));
    const state = ticTacToe.setup({});
    const first = search.search(ticTacToe.legalActions(state), () => ticTacToe.clone(state));
    const mine = ticTacToe.legalActions(state)[first.choice]!;
    ticTacToe.apply(state, mine, null);
    const reply = ticTacToe.legalActions(state)[0]!;
    ticTacToe.apply(state, reply, null);
    const subtree = search.descend(first.root, [mine, reply]);
    expect(subtree).not.toBeNull();
    const before = subtree!.visits;
    expect(before).toBeGreaterThan(0);
    const second = search.search(ticTacToe.legalActions(state), () => ticTacToe.clone(state), subtree);
    expect(second.root).toBe(subtree);
    expect(second.root.visits).toBe(before + 500);
    expect(search.descend(first.root, [mine, { kind: 'place', cell: 42 }])).toBeNull();
  });

  it('MCTS with tree reuse still never loses to random', () => {
    const tally = rotatedResults(ticTacToe, {}, seat(mctsAgent, { iterations: 1000, reuseTree: true }), seat(randomAgent), 50, 9);
    expect(tally.loss).toBe(0);
  });
});

describe('hidden information', () => {
  it('MCTS guesses a hidden card no better than chance: it cannot peek', () => {
    const interval = hiddenCardWinRate(seat(mctsAgent, { iterations: 100 }));
    // A peeking search would win every game; an honest one a third of them.
    expect(interval.lower).toBeLessThan(1 / 3);
    expect(interval.upper).toBeGreaterThan(1 / 3);
  });
});

describe('Zombie Trainers: agents that play well', () => {
  const params = defaultParameters(zombieTrainers.parameters);

  /** P1 next to one wild zombie with the default traps, at the start of its turn. */
  function besideZombie(health = 5, attack = 2): ZombieTrainersState {
    const state = zombieTrainers.setup({ ...params, initialWildZombies: 0 });
    placeWildZombie(state, 1, health, attack);
    return state;
  }

  it('greedy tries a catch when a zombie is in reach, with its best trap', () => {
    const state = besideZombie();
    const legal = zombieTrainers.legalActions(state);
    expect(legal[choose(greedyAgent, zombieTrainers, state)]).toEqual({ kind: 'catch', x: 1, y: 0, trapRate: 80 });
  });

  it('greedy takes a killing attack over a catch', () => {
    const state = besideZombie(2, 2);
    state.trainers[0].owned.push({ health: 9, attack: 4 });
    const legal = zombieTrainers.legalActions(state);
    expect(legal[choose(greedyAgent, zombieTrainers, state)]).toEqual({ kind: 'attack', zombie: 0, x: 1, y: 0 });
  });

  it('scores chance exactly: the expectation over the dice of a catch equals the sum over its 3,600 outcomes', () => {
    const state = besideZombie();
    zombieTrainers.apply(state, { kind: 'catch', x: 1, y: 0, trapRate: 60 }, null);
    expect(state.phase).toBe(Phase.CatchAggressive);
    // A budget large enough to expand A, D and R fully, against the heuristic's own exact expectation.
    const expanded = expectedValue(zombieTrainers, state, 0, 10_000);
    const analytic = zombieTrainers.heuristic(state)[0]!;
    expect(expanded).toBeCloseTo(analytic, 12);
    expect(expectedValue(zombieTrainers, state, 0, 1)).toBe(analytic);
  });

  it('scores a pending attack exactly too, before and after A is thrown', () => {
    const state = besideZombie(3, 4);
    state.trainers[0].owned.push({ health: 4, attack: 2 });
    zombieTrainers.apply(state, { kind: 'attack', zombie: 0, x: 1, y: 0 }, null);
    expect(expectedValue(zombieTrainers, state, 0, 10_000)).toBeCloseTo(zombieTrainers.heuristic(state)[0]!, 12);
    zombieTrainers.apply(state, { kind: 'chance', value: 4 }, null);
    expect(expectedValue(zombieTrainers, state, 0, 10_000)).toBeCloseTo(zombieTrainers.heuristic(state)[0]!, 12);
  });

  it('greedy beats random, seats rotated: the lower end of the 95% interval is above 50%', () => {
    const tally = rotatedResults(zombieTrainers, params, seat(greedyAgent), seat(randomAgent), 20);
    expect(rateInterval(tally.win, 40).lower).toBeGreaterThan(0.5);
  });

  it('MCTS beats random, seats rotated: the lower end of the 95% interval is above 50%', () => {
    const tally = rotatedResults(zombieTrainers, params, seat(mctsAgent, { iterations: 100, rolloutDepth: 6 }), seat(randomAgent), 10);
    expect(rateInterval(tally.win, 20).lower).toBeGreaterThan(0.5);
  });
});

describe('agent configs and user agent modules', () => {
  it('rejects unknown and out-of-range settings, naming the field', () => {
    expect(mctsAgent.validateConfig({ iterations: 0, rollout: 'smart', epsilon: 2, speed: 1 }).map((p) => p.field).sort()).toEqual([
      'epsilon',
      'iterations',
      'rollout',
      'speed',
    ]);
    expect(mctsAgent.validateConfig({ iterations: 1e12, timeMs: 3_600_001, rolloutDepth: 1e7 }).map((p) => p.message)).toEqual([
      'expected a whole number in 1..1000000000, got 1000000000000',
      'expected a whole number in 1..3600000, got 3600001',
      'expected a whole number in 0..1000000, got 10000000',
    ]);
    expect(mctsAgent.validateConfig({ iterations: 1e9, timeMs: 3_600_000, rolloutDepth: 1e6 })).toEqual([]);
    expect(greedyAgent.validateConfig({ maxChanceLeaves: -1 })[0]?.field).toBe('maxChanceLeaves');
    expect(randomAgent.validateConfig({ anything: 1 })[0]?.field).toBe('anything');
  });

  const folder = mkdtempSync(join(tmpdir(), 'hordelab-agents-'));
  const scenarioWith = async (agentFile: string, source: string, config = '{}') => {
    writeFileSync(join(folder, agentFile), source);
    const file = join(folder, 'scenario.yaml');
    return parseScenario(`game: tic-tac-toe\nmatches: 2\nseed: 1\nseats:\n  - agent: ./${agentFile}\n    config: ${config}\n  - random\n`, file);
  };

  it('loads a module exporting a factory function, relative to the scenario, and plays it', async () => {
    const scenario = await scenarioWith(
      'first-legal.mjs',
      'export default function firstLegal(config) { return { chooseAction: () => config.pick ?? 0 }; }\n',
      '{ pick: 0 }',
    );
    expect(scenario.seats[0]?.name).toBe('./first-legal.mjs(pick=0)');
    const outcome = playMatch({ game: scenario.entry.game, params: scenario.params, seats: scenario.seats, runSeed: 1, matchIndex: 0 }, null);
    expect(outcome.steps).toBeGreaterThan(0);
  });

  it('loads a module exporting an object with create and validateConfig', async () => {
    await expect(
      scenarioWith(
        'object.mjs',
        'export default { validateConfig: (c) => (c.depth === undefined ? [{ field: "depth", message: "required" }] : []), create: () => ({ chooseAction: () => 0 }) };\n',
      ),
    ).rejects.toThrow(/seats\[0\]\.config\.depth: required/);
  });

  it('names a module\'s validateConfig that throws or returns something other than a list as a problem of that seat\'s config', async () => {
    const agent = (validate: string): string => `export default { validateConfig: ${validate}, create: () => ({ chooseAction: () => 0 }) };\n`;
    await expect(scenarioWith('throws.mjs', agent('() => { throw new Error("validate boom"); }'))).rejects.toThrow(
      /seats\[0\]\.config: validateConfig of agent module "\.\/throws\.mjs" threw: validate boom/,
    );
    await expect(scenarioWith('text.mjs', agent('() => "fine"'))).rejects.toThrow(/seats\[0\]\.config: validateConfig of agent module "\.\/text\.mjs" returned a string; expected a list of \{ field, message \}/);
    await expect(scenarioWith('loose.mjs', agent('() => [{ problem: "depth" }]'))).rejects.toThrow(/returned a list with an entry that is not \{ field, message \}; expected a list of \{ field, message \}/);
  });

  it("refuses settings a module's validateConfig fills in too deep for summary.json, where the run's summary could not be reported (review 33a)", async () => {
    const filling = (depth: number): string =>
      `export default { validateConfig: (c) => { let v = 1; for (let i = 0; i < ${depth}; i++) v = { x: v }; c.deep = v; return []; }, create: () => ({ chooseAction: () => 0 }) };\n`;
    await expect(scenarioWith('deep.mjs', filling(300))).rejects.toThrow(
      /seats\[0\]\.config: validateConfig of agent "\.\/deep\.mjs" filled in settings that, as summary\.json would record them, nest \d+ levels as recorded .*expected at most 124, or a run with them could not be reported$/,
    );
    await expect(scenarioWith('shallow.mjs', filling(100))).resolves.toBeDefined();
    // A list of holes filled in alike each time is no setting filled in otherwise (review 33c).
    await expect(scenarioWith('holes.mjs', 'export default { validateConfig: (c) => { c.slots = new Array(3); return []; }, create: () => ({ chooseAction: () => 0 }) };\n')).resolves.toBeDefined();
  });

  it('refuses an agent object whose validateConfig is misspelt, where its settings went unchecked (review 33)', async () => {
    const agent = (name: string): string => `export default { ${name}: () => [{ field: "x", message: "never" }], create: () => ({ chooseAction: () => 0 }) };\n`;
    await expect(scenarioWith('typo.mjs', agent('validateConfg'))).rejects.toThrow(
      /seats\[0\]\.agent: agent module "\.\/typo\.mjs" exports an object that has a function "validateConfg"; did you mean validateConfig\? \(as written, its settings go unchecked\)$/,
    );
    await expect(scenarioWith('lower.mjs', agent('validateconfig'))).rejects.toThrow(/has a function "validateconfig"; did you mean validateConfig\?/);
    // A slip is one edit (two letters swapped count one) or another case; a private helper, a
    // plural or another word is the agent's own (review 34a: these were refused).
    const { misspeltValidateConfig } = await import('../src/scenario/agent-module.js');
    const withFunction = (name: string): unknown => ({ [name]: () => [], create: () => ({ chooseAction: () => 0 }) });
    for (const slip of ['validateCofnig', 'validateConfigg', 'VALIDATECONFIG', 'validateConfiq']) expect(misspeltValidateConfig(withFunction(slip)), slip).toMatch(/did you mean validateConfig\?/);
    for (const own of ['_validateConfig', '$validateConfig', 'invalidateConfig', 'validateConfigs', 'validateConf', 'create']) expect(misspeltValidateConfig(withFunction(own)), own).toBeNull();
    // Beside validateConfig, or far from it, a function is the agent's own.
    await expect(scenarioWith('own.mjs', 'export default { validateConfig: () => [], validateConfg: () => [], validate: () => [], create: () => ({ chooseAction: () => 0 }) };\n')).resolves.toBeDefined();
    // The library's agent objects alike.
    const { run } = await import('../src/library/run.js');
    await expect(run({ game: 'coin-flip', matches: 2, seed: 1, seats: [{ agent: { validateConfg: () => [], create: () => ({ chooseAction: () => 0 }) } }, 'random'] } as never)).rejects.toThrow(
      /seats\[0\]\.agent: got an agent object that has a function "validateConfg"; did you mean validateConfig\?/,
    );
  });

  it("names a module whose code throws as its definition or its agent is read (a getter), or whose factory is async, as bad input, not an internal failure (audit 25b)", async () => {
    const cases: [string, string, RegExp][] = [
      ['create.mjs', 'export default { get create() { throw new Error("c boom"); } };\n', /seats\[0\]\.agent: agent module "\.\/create\.mjs" threw while its definition was read: c boom$/],
      ['validate.mjs', 'export default { create: () => ({ chooseAction: () => 0 }), get validateConfig() { throw new Error("v boom"); } };\n', /agent module "\.\/validate\.mjs" threw while its definition was read: v boom$/],
      ['description.mjs', 'export default { create: () => ({ chooseAction: () => 0 }), get description() { throw new Error("d boom"); } };\n', /agent module "\.\/description\.mjs" threw while its definition was read: d boom$/],
      ['choose.mjs', 'export default () => ({ get chooseAction() { throw new Error("g boom"); } });\n', /agent module "\.\/choose\.mjs" built an agent that threw when its chooseAction was read: g boom$/],
      ['async.mjs', 'export default async () => ({ chooseAction: () => 0 });\n', /agent module "\.\/async\.mjs" built a promise \(an async factory\?\); expected it to return an object with chooseAction\(decision\) at once$/],
      ['problems.mjs', 'export default { create: () => ({ chooseAction: () => 0 }), validateConfig: () => [{ get field() { throw new Error("f boom"); }, message: "m" }] };\n', /seats\[0\]\.config: validateConfig of agent module "\.\/problems\.mjs" returned a list that threw as it was read: f boom$/],
      // A list whose own every and map answer what they like is read by index (review 25d).
      ['own-map.mjs', 'export default { create: () => ({ chooseAction: () => 0 }), validateConfig: () => Object.assign([{ field: "depth", message: "too deep" }], { every: () => true, map: () => ({ some: () => false }) }) };\n', /seats\[0\]\.config\.depth: too deep$/],
      ['empty-map.mjs', 'export default { create: () => ({ chooseAction: () => 0 }), validateConfig: () => Object.assign([], { map: () => [{ get field() { throw new Error("late"); } }] }) };\n', null as unknown as RegExp],
      ['length.mjs', 'export default { create: () => ({ chooseAction: () => 0 }), validateConfig: () => new Proxy([], { get: (target, key) => { if (key === "length") throw new Error("len boom"); return target[key]; } }) };\n', /validateConfig of agent module "\.\/length\.mjs" returned a list that threw as it was read: len boom$/],
    ];
    for (const [name, text, message] of cases) {
      // An empty list is a valid config: whatever its own map would say, nothing is refused.
      if (message === null) await expect(scenarioWith(name, text), name).resolves.toBeDefined();
      else await expect(scenarioWith(name, text), name).rejects.toThrow(message);
    }
  });

  it('rejects a module whose factory returns the wrong shape, or that exports nothing usable', async () => {
    await expect(scenarioWith('shape.mjs', 'export default () => ({ choose: () => 0 });\n')).rejects.toThrow(
      /seats\[0\]\.agent: agent module "\.\/shape\.mjs" built an object without chooseAction; expected an object with chooseAction\(decision\)/,
    );
    await expect(scenarioWith('none.mjs', 'export const agent = 1;\n')).rejects.toThrow(/exports no default; expected a default export/);
    await expect(scenarioWith('syntax.mjs', 'export default (;\n')).rejects.toThrow(/cannot load agent module "\.\/syntax\.mjs"/);
  });
});

describe('greedy on a game whose values are NaN (audit 25b)', () => {
  it('fails the match blaming the NaN, not the draw among no ties', () => {
    const rng = matchStream(matchSeed(1, 0), 'test');
    expect(() => pickBest([Number.NaN, Number.NaN], rng)).toThrow("an action's value is NaN: the game's heuristic or returns gave NaN where the agent read them (hordelab conform checks both)");
    expect(() => pickBest([0.5, Number.NaN, 0.2], rng)).toThrow(/an action's value is NaN/);
    expect(pickBest([0.5, 0.7, 0.2], rng)).toBe(1);
    const nan: AnyGame = { ...ticTacToe, heuristic: () => [Number.NaN, Number.NaN] };
    const seats: SeatSpec[] = [
      { factory: greedyAgent, config: {} },
      { factory: greedyAgent, config: {} },
    ];
    let failure: unknown;
    try {
      playMatch({ game: nan, params: {}, seats, runSeed: 1, matchIndex: 0 }, null);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(MatchFailure);
    expect(String((failure as Error).message)).toMatch(/an action's value is NaN/);
  });
});
