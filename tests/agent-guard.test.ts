/**
 * What an agent other than Hordelab's own can do with what it is handed at a decision (audit
 * 28b): its decision object is its own and frozen (no seat can be set to another's, nothing
 * planted for the next seat), and a change it makes to the live game through a copy that shares
 * part of the state (the game's configuration, a map's arrays) stops the run, named, whatever
 * --max-errors says. The digest the runner reads the live state with is tested first.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentFactory, Decision } from '../src/core/agent.js';
import { RunStoppingError } from '../src/core/errors.js';
import { TERMINAL, type AnyGame } from '../src/core/game.js';
import { MatchFailure, playMatch, type MatchSpec } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { matchStream } from '../src/core/rng.js';
import { changedPart, fingerprint } from '../src/core/state-fingerprint.js';
import { games } from '../src/registry.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { hiddenCard } from './fixtures/hidden-card.js';
import { randomAgent } from '../agents/random.js';

describe('the digest of a live state', () => {
  const state = () => ({
    config: { params: { size: 3, name: 'default' }, map: { cells: new Int32Array([1, 2, 3, 4, 5]), bytes: new Uint8Array([1, 2, 3]), weights: [0.5, 1.5] } },
    board: [0, 1, -1, 2 ** 40, -0.25],
    names: new Map([['a', 1]]),
    seen: new Set(['x']),
    big: 10n,
  });

  it('is the same for equal states, and tells every kind of change apart, named by the top-level part it is in', () => {
    const before = fingerprint(state());
    expect(fingerprint(state())).toEqual(before);
    const changes: [string, (s: ReturnType<typeof state>) => void][] = [
      ['config', (s) => (s.config.params.size = 4)],
      ['config', (s) => (s.config.params.name = 'other')],
      ['config', (s) => ((s.config.params as Record<string, unknown>)['extra'] = undefined)],
      ['config', (s) => (s.config.map.cells[4] = 6)],
      ['config', (s) => (s.config.map.bytes[2] = 4)],
      ['config', (s) => (s.config.map.weights[0] = 0.75)],
      ['board', (s) => (s.board[1] = 2)],
      ['board', (s) => (s.board[3] = 2 ** 40 + 1)],
      ['board', (s) => s.board.push(0)],
      ['names', (s) => s.names.set('a', 2)],
      ['seen', (s) => s.seen.add('y')],
      ['big', (s) => (s.big = 11n)],
    ];
    for (const [part, change] of changes) {
      const changed = state();
      change(changed);
      expect(changedPart(before, fingerprint(changed)), String(change)).toBe(part);
    }
    const lost: Record<string, unknown> = state();
    delete lost['big'];
    expect(changedPart(before, fingerprint(lost))).toBe('big');
    expect(changedPart(fingerprint(7), fingerprint(8))).toBe('');
    expect(changedPart(fingerprint(7), fingerprint(7))).toBeNull();
  });

  it('reads a part shared by two others once, and a cycle without end', () => {
    const shared = [1, 2, 3];
    const a = { first: shared, second: shared };
    const b = { first: [1, 2, 3], second: [1, 2, 3] };
    // Shared or not is part of what a state is: a write through one name reaches the other.
    expect(fingerprint(a).whole).not.toBe(fingerprint(b).whole);
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic['self'] = cyclic;
    expect(fingerprint(cyclic)).toEqual(fingerprint(cyclic));
  });

  it('reads a state as deep as a long linked history without exhausting the stack, and sees a change at its far end (review 28c)', () => {
    let trail: { cell: number; prev: unknown } | null = null;
    const links: { cell: number; prev: unknown }[] = [];
    for (let i = 0; i < 100_000; i++) {
      trail = { cell: i, prev: trail };
      links.push(trail);
    }
    const before = fingerprint({ trail });
    (links[0] as { cell: number }).cell = -1;
    expect(changedPart(before, fingerprint({ trail }))).toBe('trail');
  });

  it('reads a typed array that starts off a 4-byte boundary by its bytes', () => {
    const buffer = new Uint8Array([9, 1, 2, 3, 4, 5]).buffer;
    const before = fingerprint({ view: new Uint8Array(buffer, 1, 5) });
    new Uint8Array(buffer)[5] = 6;
    expect(changedPart(before, fingerprint({ view: new Uint8Array(buffer, 1, 5) }))).toBe('view');
  });
});

/** A user's agent (not one of Hordelab's own) that plays at random after doing `meddle` to what it is handed. */
const meddling = (id: string, meddle: (decision: Decision) => void): AgentFactory => ({
  id,
  description: 'meddles, then plays at random',
  validateConfig: () => [],
  create: (_config, context) => ({
    chooseAction(decision) {
      meddle(decision);
      return context.rng.int(decision.legalActions.length);
    },
  }),
});

function matchOf(game: AnyGame, params: unknown, agents: readonly AgentFactory[]): MatchSpec {
  return { game, params, seats: agents.map((factory) => ({ factory, config: {} })), runSeed: 7, matchIndex: 0 };
}

function failureOf(run: () => unknown): MatchFailure {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MatchFailure);
    return error as MatchFailure;
  }
  throw new Error('expected the match to fail');
}

describe("an agent that changes the live game through what it is handed (audit 28b)", () => {
  const cases: [string, string, (decision: Decision) => void][] = [
    ['zombie-trainers', 'config', (decision) => ((decision.observe() as { config: { actionPoints: number[] } }).config.actionPoints[1] = 1)],
    ['zombie-trainers', 'config', (decision) => ((decision.searchState(matchStream(1n, 't')) as { config: { params: { catchCost: number } } }).config.params.catchCost = 0)],
    ['integer-duel', 'config', (decision) => ((decision.searchState(matchStream(1n, 't')) as { config: { cards: { value: number }[] } }).config.cards.forEach((card) => (card.value = 0)))],
    // The map's arrays, which the rules copy before their first change, shared until then.
    ['survivors', 'config', (decision) => (decision.observe() as { edges: number[] }).edges.fill(0)],
    ['survivors', 'config', (decision) => ((decision.observe() as { config: { zombieCap: number } }).config.zombieCap = 0)],
  ];

  for (const [id, part, meddle] of cases) {
    it(`${id}: stops the run at that decision, naming the agent, its seat and the state's part (${String(meddle).slice(20, 90)})`, () => {
      const game = (games.get(id) as { game: AnyGame }).game;
      const params = defaultParameters(game.parameters);
      const failure = failureOf(() => playMatch(matchOf(game, params, [meddling('./meddler.mjs', meddle), randomAgent]), null));
      expect(failure.cause).toBeInstanceOf(RunStoppingError);
      expect((failure.cause as Error).message).toBe(
        `agent "./meddler.mjs" of seat 1: the live game state changed (its "${part}") while it chose: it, or a game function it called (observe, searchState), wrote into a part the state shares (the game's configuration, a map's arrays); ` +
          'expected an agent to change only what it owns (copy a part before changing it: a spread, JSON, slice()), and a game whose observe and determinize hand out no part of the live state (hordelab conform checks that)',
      );
    });
  }

  it('stops a run whatever --max-errors allows, with the match that replays it (the change outlives its match)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-guard-'));
    const agent = join(dir, 'meddler.mjs');
    await import('node:fs').then(({ writeFileSync }) =>
      writeFileSync(agent, 'export default (config, { rng }) => ({ chooseAction(d) { if (d.step > 20) d.observe().config.actionPoints[1] = 1; return rng.int(d.legalActions.length); } });\n'),
    );
    const scenario = await parseScenario(`game: zombie-trainers\nmatches: 6\nseed: 2\nseats: [${agent}, random]\n`, join(dir, 's.yaml'));
    const stopped = await runScenario(scenario, { outDir: join(dir, 'out'), eventFiles: false, command: 'test', maxErrors: 5, workers: 0 }).catch((error: unknown) => error);
    expect((stopped as Error).name).toBe('MetricFailure');
    expect((stopped as Error).message).toMatch(new RegExp(`^agent "${agent.replace(/[.]/g, '\\.')}" of seat 1: the live game state changed \\(its "config"\\) while it chose: .*map's arrays\\) in match 0 \\(match seed [0-9a-f]+\\); expected an agent to change only what it owns`));
  });

  it("does not stop a user's agent that only reads what it shares and changes its own copies, in any built-in game", () => {
    // As examples/heuristic-picker.mjs: copy, apply each action to the copy, read the heuristic.
    const picker: AgentFactory = {
      id: './picker.mjs',
      description: 'one-step lookahead on its own copies',
      validateConfig: () => [],
      create: (_config, { game, seat, rng }) => ({
        chooseAction(decision) {
          const state = decision.searchState(rng);
          (decision.observe() as { config?: unknown }).config;
          let best = 0;
          let bestValue = -Infinity;
          decision.legalActions.forEach((action, index) => {
            const next = game.clone(state);
            game.apply(next, action, null);
            const value = (game.heuristic as (s: unknown) => number[])(next)[seat] as number;
            if (value > bestValue) [best, bestValue] = [index, value];
          });
          return best;
        },
      }),
    };
    for (const [id, entry] of games) {
      const game = entry.game as AnyGame;
      if (game.heuristic === undefined) continue;
      const params = defaultParameters(game.parameters);
      for (let matchIndex = 0; matchIndex < 2; matchIndex++) {
        const seats = game.seats.map((_, seat) => (seat === 0 ? picker : randomAgent));
        const outcome = playMatch({ ...matchOf(game, params, seats), matchIndex }, null);
        expect(game.currentPlayer(outcome.finalState), id).toBe(TERMINAL);
      }
    }
  });
});

describe("the decision handed to an agent that is not Hordelab's own (audit 28b)", () => {
  it('is its own seat\'s, frozen: its seat cannot be set to another\'s, nothing can be planted on it', () => {
    const handed: Decision[] = [];
    const keeping = meddling('./keeper.mjs', (decision) => handed.push(decision));
    playMatch(matchOf(hiddenCard as unknown as AnyGame, {}, [keeping, keeping]), null);
    const [first] = handed as [Decision];
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => ((first as { seat: number }).seat = 1)).toThrow(TypeError);
    expect(() => Object.defineProperty(first, 'searchState', { value: () => null })).toThrow(TypeError);
    expect(first.seat).toBe(0);
    // Player 1 never sees the secret card, whatever it does to its decision.
    expect((first.observe() as { secret: number | null }).secret).toBeNull();
  });

  it('is a separate object for each seat kept by a user agent, the same one at each of its decisions', () => {
    const bySeat = new Map<number, Set<Decision>>();
    const recording = meddling('./recorder.mjs', (decision) => {
      const seen = bySeat.get(decision.seat) ?? new Set<Decision>();
      seen.add(decision);
      bySeat.set(decision.seat, seen);
    });
    const game = (games.get('tic-tac-toe') as { game: AnyGame }).game;
    playMatch(matchOf(game, defaultParameters(game.parameters), [recording, recording]), null);
    const [zero, one] = [bySeat.get(0), bySeat.get(1)] as [Set<Decision>, Set<Decision>];
    expect([zero.size, one.size]).toEqual([1, 1]);
    expect([...zero][0]).not.toBe([...one][0]);
  });
});

describe('an agent that draws from Math.random, builds a bad agent later, or answers with what is not an index (audit 28b)', () => {
  const ticTacToe = (games.get('tic-tac-toe') as { game: AnyGame }).game;
  const params = defaultParameters(ticTacToe.parameters);
  const answering = (id: string, answer: (decision: Decision) => unknown): AgentFactory => ({
    id,
    description: 'answers as given',
    validateConfig: () => [],
    create: () => ({ chooseAction: (decision) => answer(decision) as number }),
  });

  it('Math.random fails the match while it is in play, naming the call, and is JavaScript\'s own outside a match', () => {
    const drawing = answering('./drawing.mjs', (decision) => Math.floor(Math.random() * decision.legalActions.length));
    const failure = failureOf(() => playMatch(matchOf(ticTacToe, params, [drawing, randomAgent]), null));
    expect(failure.message).toMatch(/Math.random was called during a match from .*agent-guard.test.ts:\d+: its draws are not seeded/);
    // Hordelab's own agents never call it: a match of theirs plays through, and afterwards it draws again.
    expect(game(playMatch(matchOf(ticTacToe, params, [randomAgent, randomAgent]), null))).toBe(TERMINAL);
    const drawn = Math.random();
    expect(drawn >= 0 && drawn < 1).toBe(true);
  });

  it("a metric module's finishMatch drawing from Math.random stops the run, naming the module and the file that called it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-unseeded-metric-'));
    const module = join(dir, 'noise.mjs');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(module, "export default { name: 'noise', create: () => ({ onEvent() {}, finishMatch: () => ({ noise: { count: Math.floor(10 * Math.random()) } }) }) };\n");
    const scenario = await parseScenario(`game: tic-tac-toe\nmatches: 4\nseed: 1\nseats: [random, random]\nmetrics: [${module}]\n`, join(dir, 's.yaml'));
    const stopped = await runScenario(scenario, { outDir: join(dir, 'out'), eventFiles: false, command: 'test', workers: 0 }).catch((error: unknown) => error);
    // The line as V8 counts it in the code it ran (vitest's transform adds one: no source map is read).
    expect((stopped as Error).message).toMatch(new RegExp(`metric module ${module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, metric "noise": finishMatch threw "Math.random was called during a match from noise\\.mjs:\\d+: its draws are not seeded`));
  });

  it('names the calling file whatever its name holds (spaces, parentheses, a %), past frames without a file, and code from a data: URL (review 29a)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'hordelab-unseeded-names-')), 'p q (r)');
    const { writeFileSync, mkdirSync, readFileSync } = await import('node:fs');
    mkdirSync(dir);
    const draw = '(decision) => Math.floor(Math.random() * decision.legalActions.length)';
    const agents: [string, string, string][] = [
      ['rnd (2).mjs', `export default () => ({ chooseAction: ${draw} });\n`, 'rnd (2).mjs:'],
      ['bad%zz.cjs', `module.exports = () => ({ chooseAction: ${draw} });\n`, 'bad%zz.cjs:'],
      ['map agent.mjs', 'export default () => ({ chooseAction: () => [0].map(Math.random)[0] > 2 ? 1 : 0 });\n', 'map agent.mjs:'],
      ['data.mjs', `export default (await import(${JSON.stringify(`data:text/javascript,export default () => ({ chooseAction: ${draw} });`)})).default;\n`, 'code from a data: URL:'],
    ];
    for (const [name, text, caller] of agents) {
      writeFileSync(join(dir, name), text);
      const scenario = await parseScenario(`game: tic-tac-toe\nmatches: 2\nseed: 1\nseats: [${JSON.stringify(`./${name}`)}, random]\n`, join(dir, 's.yaml'));
      await runScenario(scenario, { outDir: join(dir, `out-${name}`), eventFiles: false, command: 'test', workers: 0, maxErrors: 5, force: true });
      // The line as V8 counts it in the code it ran (vitest's transform may add one; a run from the command line reads 1).
      expect(readFileSync(join(dir, `out-${name}`, 'errors.csv'), 'utf8'), name).toMatch(new RegExp(`Math\\.random was called during a match from ${caller.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d+: its draws are not seeded`));
    }
  });

  it('a factory whose later agent has no chooseAction fails that match saying so', () => {
    let built = 0;
    const later: AgentFactory = { id: './later.mjs', description: 'good once', validateConfig: () => [], create: () => (built++ === 0 ? { chooseAction: () => 0 } : ({} as never)) };
    playMatch(matchOf(ticTacToe, params, [later, randomAgent]), null);
    expect(failureOf(() => playMatch(matchOf(ticTacToe, params, [later, randomAgent]), null)).message).toContain(
      'agent "./later.mjs" of seat 1 built an object without chooseAction for this match; expected an object with chooseAction(decision) returning a legal action\'s index',
    );
  });

  it('answers that are not an index are said as what they are', () => {
    const said = (answer: (decision: Decision) => unknown): string => failureOf(() => playMatch(matchOf(ticTacToe, params, [answering('./a.mjs', answer), randomAgent]), null)).message;
    expect(said(() => Promise.resolve(0))).toContain('agent "./a.mjs" of seat 1 chose a promise (an async function? it must answer at once), expected an integer in 0..8');
    expect(said((decision) => decision.legalActions[0])).toContain('chose an object (an action itself? the index of one is expected), expected an integer in 0..8');
    expect(said(() => new Number(0))).toContain('chose a Number object (0), not a primitive, expected an integer in 0..8');
    expect(said(() => [0])).toContain('chose an array of 1, expected');
    expect(said(() => '1')).toContain('chose index "1", expected an integer in 0..8');
  });
});

/** The player to act in a match's final state. */
function game(outcome: { finalState: unknown }): number {
  return (games.get('tic-tac-toe') as { game: AnyGame }).game.currentPlayer(outcome.finalState);
}

describe('what a module could reach and keep (review 28c)', () => {
  it("a kept reference to the scenario's parameters cannot change them (reviews 28c, 28e, 29a)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-params-record-'));
    const agent = join(dir, 'keeper.mjs');
    const { writeFileSync } = await import('node:fs');
    // Keeps the configuration it observed, and from its next factory call on rewrites its parameters: outside any decision, which the guard does not read.
    writeFileSync(agent, 'let kept = null;\nexport default (config, { rng }) => { if (kept) kept.params.maxRounds = 3; return { chooseAction(d) { kept ??= d.observe().config; return rng.int(d.legalActions.length); } }; };\n');
    const scenario = await parseScenario(`game: zombie-trainers\nmatches: 3\nseed: 2\nparams: { maxRounds: 40 }\nseats: [${agent}, random]\n`, join(dir, 's.yaml'));
    // The scenario's parameters are frozen (review 29a): the write throws, and match 0, played
    // twice before the run (a module keeping state from call to call), fails the second time.
    const stopped = await runScenario(scenario, { outDir: join(dir, 'out'), eventFiles: false, command: 'test', workers: 0, maxErrors: 5 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect((stopped as Error).message).toMatch(/played twice before the run from the same seed, the match went otherwise the second time at step 0 \(.* the first time; it failed: .*Cannot assign to read only property 'maxRounds'/);
    expect((scenario.params as { maxRounds: number }).maxRounds).toBe(40);
  });

  it("Hordelab's own agent factories are frozen: a module cannot replace how they are built", () => {
    expect(Object.isFrozen(randomAgent)).toBe(true);
    expect(() => ((randomAgent as { create: unknown }).create = () => null)).toThrow(TypeError);
  });
});
