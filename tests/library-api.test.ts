/**
 * The library API (`import ... from 'hordelab'`) holds to what the command line holds to: a
 * caller's agent is never taken for a built-in one, options are checked as flags are, the
 * registry cannot be changed behind a run's back (audit 39c).
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/errors.js';
import { randomPlayWarning } from '../src/ladder/skill.js';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agents, MatchFailure, Rng, checkConformance, compareRuns, defaultParameters, games, mergeRuns, parseAxis, parseDimension, parseScenario, parseTarget, randomAgent, replayMatch, run, runChecks, loadCheckFile, runScenario, runSweep, tune, writeReports, type AnyGame } from '../src/index.js';
import { diceRace, type DiceRaceState } from './fixtures/dice-race.js';

/** An agent of the caller's that always plays the first legal action: anything but uniform play. */
const firstLegalCreate = () => ({ chooseAction: () => 0 });

describe("run() records a caller's agent as the caller's, never as a built-in (audit 39c F1)", () => {
  const base = { game: 'tic-tac-toe', matches: 20, seed: 1 } as const;

  it('a function or object labelled with a built-in id is recorded apart from it, with no random-play claim', async () => {
    const random = (): ReturnType<typeof firstLegalCreate> => firstLegalCreate();
    for (const [agent, recorded] of [
      [random, '<function random>'],
      [{ id: 'greedy', create: firstLegalCreate }, '<object greedy>'],
      [{ id: './fake.mjs', create: firstLegalCreate }, '<object ./fake.mjs>'],
    ] as const) {
      const result = await run({ ...base, seats: { rotate: [{ agent, name: 'first-legal' }, 'greedy'] } } as never);
      const seats = result.summary.scenario.seats;
      expect(seats[0]).toEqual({ name: 'first-legal', agent: recorded, config: {}, settings: {} });
      expect(randomPlayWarning(seats)).toBeNull();
      expect(result.results.quality.chanceShare).toBeUndefined();
    }
  });

  it("an agent object's chance share is read from the agents played, not from the built-in standing in while the scenario is checked", async () => {
    const firstLegal = (): ReturnType<typeof firstLegalCreate> => firstLegalCreate();
    const result = await run({ ...base, seats: { rotate: [firstLegal, 'greedy'] } } as never);
    expect(result.summary.scenario.seats[0]?.agent).toBe('firstLegal');
    expect(result.results.quality.chanceShare).toBeUndefined();
    expect(result.results.quality.notes).toContain('chance share needs two agents of known different skill (an agent against random, or one agent at two iterations budgets); firstLegal and greedy have no such order');
    // Against the built-in random, the order holds as it does for a module agent on the command line.
    const againstRandom = await run({ ...base, seats: { rotate: [firstLegal, 'random'] } } as never);
    expect(againstRandom.results.quality.chanceShare).toMatchObject({ stronger: 'firstLegal', weaker: 'random', basis: 'random plays uniformly at random' });
  });

  it('the exported built-in factory itself is that built-in: recorded by its id, played on worker threads', async () => {
    const result = await run({ ...base, seats: { rotate: [{ agent: randomAgent, name: 'r' }, 'greedy'] } } as never, { workers: 2 });
    expect(result.summary.scenario.seats[0]).toEqual({ name: 'r', agent: 'random', config: {}, settings: {} });
    expect(result.summary.timing.workers).toBe(2);
    expect(result.results.quality.chanceShare).toMatchObject({ weaker: 'r', basis: 'r plays uniformly at random' });
  });

  it('an empty id is refused as the id it is, not as a name the caller never gave (audit 39c F10)', async () => {
    const attempt = run({ ...base, seats: [{ id: '', create: firstLegalCreate }, 'greedy'] } as never);
    await expect(attempt).rejects.toBeInstanceOf(UsageError);
    await expect(attempt).rejects.toThrow('scenario: seats[0].agent.id: is empty; expected the text the agent is reported under');
  });
});

describe('the exported registry cannot be changed behind a run (audit 39c F7)', () => {
  it('set, delete and clear throw a TypeError saying what to do instead, and change nothing', () => {
    const mine = { ...randomAgent, id: 'mine' };
    const agentMap = agents as Map<string, unknown>;
    const gameMap = games as Map<string, unknown>;
    expect(() => agentMap.set('mine', mine)).toThrow(TypeError);
    expect(() => agentMap.set('random', mine)).toThrow('agents is read-only: worker threads load the registry afresh, so an agent added or changed here would play in this thread only; pass your agent object to run() instead');
    expect(() => agentMap.delete('random')).toThrow(TypeError);
    expect(() => agentMap.clear()).toThrow(TypeError);
    expect(() => gameMap.set('tic-tac-toe', {})).toThrow("games is read-only: worker threads load the registry afresh, so a game added or changed here would play in this thread only; give run() or a scenario your game module's path instead");
    expect(() => gameMap.delete('tic-tac-toe')).toThrow(TypeError);
    expect(() => gameMap.clear()).toThrow(TypeError);
    // Nor by a Map's own methods called on it (audit 39c's note: Map.prototype.set.call got past an override).
    expect(() => Map.prototype.set.call(agents, 'random', mine)).toThrow(TypeError);
    expect(() => Map.prototype.delete.call(games, 'tic-tac-toe')).toThrow(TypeError);
    expect(() => Map.prototype.clear.call(agents)).toThrow(TypeError);
    expect(agents.get('random')).toBe(randomAgent);
    expect(agents.has('mine')).toBe(false);
    expect([...agents.keys()]).toContain('random');
    expect([...games].map(([id]) => id)).toEqual([...games.keys()]);
    expect(games.size).toBeGreaterThan(0);
  });

  it('the registered definitions are frozen: a rule replaced would play in this thread only', () => {
    const ticTacToe = games.get('tic-tac-toe');
    expect(() => {
      (ticTacToe?.game as { apply: unknown }).apply = () => undefined;
    }).toThrow(TypeError);
    expect(() => {
      (randomAgent as { create: unknown }).create = () => undefined;
    }).toThrow(TypeError);
  });

  it('so are their parameters, defaults whole: a default changed would be recorded for every thread and played in one (review 39s R2)', () => {
    const parameters = games.get('coin-flip')?.game.parameters as Record<string, { default: unknown }>;
    expect(() => {
      (parameters['winRate'] as { default: unknown }).default = 0.9;
    }).toThrow(TypeError);
    expect(() => {
      parameters['extra'] = { default: 1 };
    }).toThrow(TypeError);
    // A default that is data (Survivors' deck) is frozen to its last card.
    const deck = (games.get('survivors')?.game.parameters as Record<string, { default: { name: string }[] }>)['itemDeck']?.default;
    expect(() => {
      (deck?.[0] as { name: string }).name = 'Nerf bat';
    }).toThrow(TypeError);
  });
});

describe('checkConformance refuses options as hordelab conform refuses its flags (audit 39c F2)', () => {
  // A clone that shares the positions: the suite fails it whenever it plays.
  const broken = { ...diceRace, clone: (state: DiceRaceState) => ({ ...state }) } as AnyGame;
  const params = defaultParameters(diceRace.parameters);

  it('playouts NaN, -1, 0 or 2.5 is a UsageError naming playouts and its range, not a pass that played nothing', () => {
    expect(checkConformance(broken, params, { playouts: 24 }).ok).toBe(false);
    for (const playouts of [Number.NaN, -1, 0, 2.5]) {
      expect(() => checkConformance(broken, params, { playouts })).toThrow(UsageError);
      expect(() => checkConformance(broken, params, { playouts })).toThrow(`checkConformance: options.playouts: expected a whole number in 1..100000, got ${playouts}`);
    }
  });

  it('an unknown option, a seed out of range, a null game or options of the wrong kind: a UsageError naming it', () => {
    expect(() => checkConformance(broken, params, { playoutz: 2 } as never)).toThrow('checkConformance: options.playoutz: is not an option of checkConformance (did you mean playouts?); expected one of playouts, seed,');
    expect(() => checkConformance(broken, params, { seed: -5 })).toThrow('checkConformance: options.seed: expected a whole number in 0..9007199254740991, got -5');
    expect(() => checkConformance(broken, params, { seed: 2 ** 53 })).toThrow('checkConformance: options.seed: expected a whole number in 0..9007199254740991, got 9007199254740992');
    expect(() => checkConformance(broken, params, { seed: 2 ** 53 - 2, playouts: 4 })).toThrow('checkConformance: options.seed: expected at most 9007199254740988 with playouts 4');
    expect(() => checkConformance(null as never, params)).toThrow('checkConformance: game: expected a game definition (an object with id, setup, legalActions, apply, ...), got null');
    expect(() => checkConformance(broken, params, null as never)).toThrow('checkConformance: options: expected an object of options (playouts, seed,');
    expect(() => checkConformance(broken, params, { playoutTimeMs: Number.NaN })).toThrow('checkConformance: options.playoutTimeMs: expected milliseconds above 0 (Infinity for no limit), got NaN');
    expect(() => checkConformance(broken, params, { agents: ['random'] } as never)).toThrow('checkConformance: options.agents: expected a list of agent factories (each with id and create), got ["random"]');
  });

  it("params are read by the game's own parameter specs, as run reads them: a bad value or an unknown name is the caller's, not the game's (audit 41a F11)", () => {
    for (const [given, message] of [
      [{ length: 'x' }, 'checkConformance: params.length: expected a number, got "x"'],
      [{ length: 12, bogus: 1 }, 'checkConformance: params.bogus: unknown parameter'],
      ['length=12', 'checkConformance: params: expected a mapping of the game\'s parameters'],
    ] as const) {
      expect(() => checkConformance(diceRace, given, { playouts: 2 })).toThrow(UsageError);
      expect(() => checkConformance(diceRace, given, { playouts: 2 })).toThrow(message);
    }
    // The game's own validateParameters too, as run asks it.
    const picky = { ...diceRace, validateParameters: (given: { length: number }) => (given.length > 50 ? [{ path: ['length'], message: 'at most 50 cells' }] : []) } as AnyGame;
    expect(() => checkConformance(picky, { length: 60 }, { playouts: 2 })).toThrow('checkConformance: params.length: at most 50 cells');
    // Left out, a parameter takes its default, as in a scenario.
    expect(checkConformance(diceRace, {}, { playouts: 2 }).ok).toBe(true);
    // A game that refuses its own defaults, or whose specs cannot be read, is the game's to fix: the suite reports it (review 41s F2).
    const refusesDefaults = { ...diceRace, validateParameters: () => [{ path: ['length'], message: 'never valid' }] } as AnyGame;
    const ownFault = checkConformance(refusesDefaults, defaultParameters(diceRace.parameters), { playouts: 2 });
    expect(ownFault.ok).toBe(false);
    const noSchema = { ...diceRace, parameters: { length: { default: 20 } } } as unknown as AnyGame;
    expect(() => checkConformance(noSchema, { length: 20 }, { playouts: 2 })).not.toThrow();
  });
});

describe("the lower-level exports check their options as the command line checks its flags (audit 39c F6)", () => {
  const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-library-'));
  const coinScenario = () => parseScenario('game: coin-flip\nmatches: 10\nseed: 1\nseats: [random, random]\n', join(tempDir(), 'coin.yaml'));

  it('runScenario: maxErrors, workers and chunkSize out of bounds, an unknown option, or no options are a UsageError naming the option', async () => {
    const scenario = await coinScenario();
    const base = { outDir: join(tempDir(), 'out'), eventFiles: false, command: 'test' };
    for (const [extra, message] of [
      [{ maxErrors: Number.NaN }, 'runScenario: options.maxErrors: expected a whole number in 0..1000000000, got NaN'],
      [{ maxErrors: -1 }, 'runScenario: options.maxErrors: expected a whole number in 0..1000000000, got -1'],
      [{ maxErrors: 1.5 }, 'runScenario: options.maxErrors: expected a whole number in 0..1000000000, got 1.5'],
      [{ maxErrors: Number.POSITIVE_INFINITY }, 'runScenario: options.maxErrors: expected a whole number in 0..1000000000, got Infinity'],
      [{ workers: -1 }, 'runScenario: options.workers: expected a whole number in 0..256, got -1'],
      [{ chunkSize: 0 }, 'runScenario: options.chunkSize: expected a whole number in 1..1000000, got 0'],
      [{ maxErorrs: 3 }, 'runScenario: options.maxErorrs: is not an option of runScenario (did you mean maxErrors?)'],
      [{ shard: { index: 4, count: 4 } }, 'runScenario: options.shard: expected { index, count }: whole numbers with 0 <= index < count'],
    ] as const) {
      const attempt = runScenario(scenario, { ...base, ...extra } as never);
      await expect(attempt).rejects.toBeInstanceOf(UsageError);
      await expect(attempt).rejects.toThrow(message);
    }
    await expect(runScenario(scenario, undefined as never)).rejects.toThrow('runScenario: options: expected an object of options (outDir,');
    await expect(runScenario(scenario, { outDir: base.outDir, command: 'test' } as never)).rejects.toThrow('runScenario: options.eventFiles: is missing; expected true or false, got nothing');
  });

  it('writeReports: a format it does not write, or none, is a UsageError naming formats, not an empty list of files', async () => {
    const dir = tempDir();
    for (const formats of [['pdf'], [], ['html', 'html'], 'html']) {
      const attempt = writeReports(dir, formats as never);
      await expect(attempt).rejects.toBeInstanceOf(UsageError);
      await expect(attempt).rejects.toThrow('writeReports: formats: expected a list of html, md, csv, json, each once, got');
    }
  });

  it('replayMatch without a writer, mergeRuns with an unknown option, tune and runSweep with a bad option: a UsageError naming it', async () => {
    const scenario = await coinScenario();
    expect(() => replayMatch(scenario, 0, undefined as never)).toThrow('replayMatch: write: expected a function that takes each line of the trace');
    await expect(mergeRuns([tempDir()], tempDir(), { forse: true } as never)).rejects.toThrow('mergeRuns: options.forse: is not an option of mergeRuns (did you mean force?); expected one of force');
    await expect(mergeRuns('shard-0' as never, tempDir())).rejects.toThrow('mergeRuns: dirs: expected a list of shard folder paths, got "shard-0"');
    const tuning = { targets: [parseTarget('p1WinRate=0.5')], space: [parseDimension('winRate=0.2..0.8')], budget: 200, workers: 0, outDir: tempDir() };
    await expect(tune(scenario, { ...tuning, workers: -1 })).rejects.toThrow('tune: options.workers: expected a whole number in 0..256, got -1');
    await expect(tune(scenario, { ...tuning, tolerance: Number.NaN })).rejects.toThrow('tune: options.tolerance: expected a number > 0 and <= 1000000000000, got NaN');
    // The texts a flag takes, not parsed: a TypeError about startsWith (review 39s R8).
    await expect(tune(scenario, { ...tuning, targets: ['p1WinRate=0.5'] as never })).rejects.toThrow('tune: options.targets: expected a list of targets, each as parseTarget("metric=value") makes it, got ["p1WinRate=0.5"]');
    await expect(tune(scenario, { ...tuning, space: ['actionPoints=3..5'] as never })).rejects.toThrow('tune: options.space: expected a list of dimensions, each as parseDimension("name=low..high") makes it');
    await expect(runSweep(scenario, [parseAxis('winRate=0.2,0.8')], { workers: 0, matches: 0 })).rejects.toThrow('runSweep: options.matches: expected a whole number in 1..1000000000, got 0');
    await expect(runSweep(scenario, [parseAxis('winRate=0.2,0.8')], { workers: 0, metric: ['p1WinRate'] } as never)).rejects.toThrow('runSweep: options.metric: is not an option of runSweep (did you mean metrics?)');
    // Its axes as parseAxis makes them: the flag's text threw a TypeError; a value twice played one configuration twice.
    await expect(runSweep(scenario, ['winRate=0.2,0.8'] as never, { workers: 0 })).rejects.toThrow('runSweep: axes: expected a list of axes, each as parseAxis("name=v1,v2,...") makes it');
    await expect(runSweep(scenario, [{ name: 'winRate', values: [NaN] }], { workers: 0 })).rejects.toThrow('runSweep: axes: expected a list of axes');
    await expect(runSweep(scenario, [{ name: 'winRate', values: [0.2, 0.2] }], { workers: 0 })).rejects.toThrow('runSweep: axes[0].values: the value 0.2 is listed twice; list each value once');
    await expect(runSweep(scenario, [{ name: '__proto__', values: [1] }], { workers: 0 })).rejects.toThrow(UsageError);
  });

  it('compareRuns: alpha out of (0, 0.5) is a UsageError naming alpha, not a RangeError about a confidence, nor a comparison at 10%', async () => {
    const coin = { game: 'coin-flip', matches: 20, seats: ['random', 'random'] } as const;
    const [baseline, other] = [await run({ ...coin, seed: 1 }), await run({ ...coin, seed: 2 })];
    for (const alpha of [Number.NaN, -1, 0.9]) {
      expect(() => compareRuns('a', baseline.summary, 'b', other.summary, alpha)).toThrow(UsageError);
      expect(() => compareRuns('a', baseline.summary, 'b', other.summary, alpha)).toThrow(`compareRuns: alpha: expected a number > 0 and < 0.5, got ${alpha}`);
    }
  });
});

describe('run() takes a game module path, typed as it runs (audit 39c F4)', () => {
  const modules = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'game-modules');

  it('a module path compiles (tsc refused it with TS2322) and plays, its results untyped', async () => {
    const result = await run({ game: './first-six.mjs', matches: 20, seed: 1, params: { rounds: 5 }, seats: ['random', 'random'] }, { baseDir: modules });
    const results: Readonly<Record<string, unknown>> = result.results;
    expect(result.summary.scenario.game).toBe('first-six');
    expect(result.summary.run.matchesPlayed).toBe(20);
    expect(Object.keys(results)).toContain('quality');
  });

  it("a game definition object is refused as the game field's, not as a part of its parameters", async () => {
    const attempt = run({ game: diceRace, matches: 20, seed: 1, seats: ['random', 'random'] } as never);
    await expect(attempt).rejects.toBeInstanceOf(UsageError);
    await expect(attempt).rejects.toThrow("scenario: game: expected text (a built-in game id or a game module path), got an object; a game of your own is named by the path of the module that exports it, such as game: './dice-race.mjs'");
  });
});

describe('polish (audit 39c F10)', () => {
  const throwsAtOnce = {
    id: 'throws',
    create: () => ({
      chooseAction: () => {
        throw new Error('deliberate');
      },
    }),
  };

  it('a failed match in run() throws the exported MatchFailure, its fields set, in memory and with outDir', async () => {
    const steps: unknown[] = [];
    for (const options of [{}, { outDir: join(mkdtempSync(join(tmpdir(), 'hordelab-library-')), 'out') }]) {
      const failure = await run({ game: 'tic-tac-toe', matches: 4, seed: 3, seats: [throwsAtOnce, 'random'] } as never, options).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MatchFailure);
      expect(failure).toMatchObject({ name: 'MatchFailure', matchIndex: 0, runSeed: 3 });
      expect((failure as MatchFailure).matchSeed).toMatch(/^[0-9a-f]{16}$/);
      expect((failure as Error).message).toContain('reproduce: run() on the same scenario plays match 0 of run seed 3 again');
      expect((failure as Error).message).toContain('deliberate');
      steps.push((failure as MatchFailure).step);
    }
    // The step it failed at, with outDir as in memory (review 39s R7: null with outDir).
    expect(steps).toEqual([0, 0]);
  });

  it('Rng.fromSeed with a number says what a seed is and how to make one, not that a word is undefined', () => {
    expect(() => Rng.fromSeed(5 as never)).toThrow('Rng.fromSeed: expected a 64-bit seed, { hi, lo } as matchSeed returns or a bigint such as 5n; got the number 5; seedFromInteger(5) or 5n makes one');
    expect(Rng.fromSeed(5n).nextUint32()).toBe(Rng.fromSeed({ hi: 0, lo: 5 }).nextUint32());
  });
});

describe('run() stops when its AbortSignal is aborted, as fetch does', () => {
  /** A first-legal agent that takes at least `waitMs` a decision and calls `onDecision` first: a game slow enough to be stopped partway. */
  const slowAgent = (waitMs: number, onDecision: () => void) => () => ({
    chooseAction: () => {
      onDecision();
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, waitMs);
      return 0;
    },
  });

  /** A slow agent (2 ms a decision) that aborts `controller` at its `decision`-th decision, and counts those it is asked for after. */
  const abortingAt = (decision: number) => {
    const controller = new AbortController();
    let decisions = 0;
    let after = 0;
    const agent = slowAgent(2, () => {
      decisions++;
      if (controller.signal.aborted) after++;
      if (decisions === decision) controller.abort();
    });
    return { controller, agent, afterAbort: () => after };
  };

  it('an aborted signal rejects with its reason before anything is played; a signal that is none is a UsageError naming it', async () => {
    let decisions = 0;
    const controller = new AbortController();
    const reason = new Error('stopped by the caller');
    controller.abort(reason);
    const scenario = { game: 'coin-flip', matches: 10, seed: 1, seats: [slowAgent(0, () => void decisions++), 'random'] } as never;
    await expect(run(scenario, { signal: controller.signal })).rejects.toBe(reason);
    expect(decisions).toBe(0);
    await expect(run(scenario, { signal: { aborted: false } as never })).rejects.toThrow('options: signal: expected an AbortSignal');
  });

  it('aborted while an agent object plays in this thread: the rest of the part it was playing, not the rest of its chunk (audit 40b: heard only between chunks)', async () => {
    // 400 matches play as 4 chunks of 100 in this thread (some 400 decisions of this agent's each);
    // a part is about 50 ms, and every decision takes at least 2 ms.
    const { controller, agent, afterAbort } = abortingAt(5);
    const rejected = await run({ game: 'tic-tac-toe', matches: 400, seed: 1, seats: [agent, 'random'] } as never, { signal: controller.signal }).catch((error: unknown) => error);
    expect((rejected as Error).name).toBe('AbortError');
    expect(afterAbort()).toBeLessThan(60);
  });

  it('the same with outDir: heard within the part, not after the run\'s chunk, and the finished matches published as interrupted (review 41r R1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-library-abort-'));
    const { controller, agent, afterAbort } = abortingAt(40);
    const rejected = await run({ game: 'tic-tac-toe', matches: 400, seed: 1, seats: [agent, 'random'] } as never, { signal: controller.signal, outDir: join(dir, 'out') }).catch((error: unknown) => error);
    expect((rejected as Error).name).toBe('AbortError');
    expect(afterAbort()).toBeLessThan(60);
    const summary = JSON.parse(readFileSync(join(dir, 'out', 'summary.json'), 'utf8'));
    expect(summary.run.status).toBe('interrupted');
  });

  it('aborted while worker threads play: rejects at once with the reason, the threads stopped; with outDir the matches finished are published, marked interrupted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-library-abort-'));
    // Far more matches than can be played before the abort lands.
    const scenario = { game: 'zombie-trainers', matches: 1_000_000, seed: 1, seats: ['random', 'random'] } as const;
    for (const options of [{ workers: 2 }, { workers: 1, outDir: join(dir, 'out'), eventFiles: false }]) {
      const controller = new AbortController();
      const reason = new Error('enough');
      setTimeout(() => controller.abort(reason), 300);
      await expect(run(scenario, { ...options, signal: controller.signal })).rejects.toBe(reason);
    }
    const summary = JSON.parse(readFileSync(join(dir, 'out', 'summary.json'), 'utf8'));
    expect(summary.run.status).toBe('interrupted');
    expect(summary.run.matchesPlayed).toBeLessThan(1_000_000);
  });
});

describe('writeReports checks the folder it writes in as hordelab report does (audit 41a F1)', () => {
  const runFolder = async (game: 'tic-tac-toe' | 'coin-flip'): Promise<string> => {
    const dir = join(mkdtempSync(join(tmpdir(), 'hordelab-library-report-')), game);
    await run({ name: game, game, matches: 4, seed: 1, seats: ['random', 'random'] }, { outDir: dir, eventFiles: false });
    return dir;
  };
  const firstLine = (path: string): string => readFileSync(path, 'utf8').split('\n')[0] as string;

  it("another run's folder keeps its own report: refused naming outDir, unless force", async () => {
    const [ticTacToe, coin] = [await runFolder('tic-tac-toe'), await runFolder('coin-flip')];
    await writeReports(coin, ['md']);
    const attempt = writeReports(ticTacToe, ['md'], coin);
    await expect(attempt).rejects.toBeInstanceOf(UsageError);
    await expect(attempt).rejects.toThrow(`writeReports: outDir: ${coin} holds matches.csv, summary.json, written by an earlier hordelab command and not by this one`);
    await expect(attempt).rejects.toThrow('add force: true to write beside them');
    expect(firstLine(join(coin, 'report.md'))).toBe('# Coin flip: coin-flip');
    await writeReports(ticTacToe, ['md'], coin, { force: true });
    expect(firstLine(join(coin, 'report.md'))).toBe('# Tic-tac-toe: tic-tac-toe');
  });

  it("a user's own report.md, in a folder of theirs or beside the run, is replaced only with force", async () => {
    const ticTacToe = await runFolder('tic-tac-toe');
    const mine = mkdtempSync(join(tmpdir(), 'hordelab-library-mine-'));
    for (const [dir, outDir, named] of [
      [mine, mine, 'writeReports: outDir'],
      [ticTacToe, undefined, 'writeReports: runDir'],
    ] as const) {
      writeFileSync(join(dir, 'report.md'), 'MY NOTES\n');
      const attempt = writeReports(ticTacToe, ['md'], outDir);
      await expect(attempt).rejects.toBeInstanceOf(UsageError);
      await expect(attempt).rejects.toThrow(`${named}: ${dir} holds report.md, named as "hordelab report" names its files`);
      await expect(attempt).rejects.toThrow('add force: true to replace');
      expect(readFileSync(join(dir, 'report.md'), 'utf8')).toBe('MY NOTES\n');
      await writeReports(ticTacToe, ['md'], outDir, { force: true });
      expect(firstLine(join(dir, 'report.md'))).toBe('# Tic-tac-toe: tic-tac-toe');
    }
    await expect(writeReports(ticTacToe, ['md'], undefined, { forse: true } as never)).rejects.toThrow('writeReports: options.forse: is not an option of writeReports (did you mean force?)');
    await expect(writeReports(ticTacToe, ['md'], undefined, { force: 'yes' } as never)).rejects.toThrow('writeReports: options.force: expected true or false, got "yes"');
  });
});

describe('tune checks the folder it writes in as hordelab tune checks --out (audit 41a F1)', () => {
  const coinScenario = () => parseScenario('game: coin-flip\nmatches: 10\nseed: 1\nseats: [random, random]\n', join(mkdtempSync(join(tmpdir(), 'hordelab-library-tune-folder-')), 'coin.yaml'));
  const tuning = (outDir: string) => ({ targets: [parseTarget('p1WinRate=0.5')], space: [parseDimension('winRate=0.3,0.7')], budget: 200, confirm: 40, workers: 0, outDir });

  it("a user's own tune.json or <name>-tuned.yaml is refused naming options.outDir, nothing written; force: true replaces it", async () => {
    const scenario = await coinScenario();
    for (const name of ['tune.json', 'coin-tuned.yaml']) {
      const mine = mkdtempSync(join(tmpdir(), 'hordelab-library-tune-mine-'));
      writeFileSync(join(mine, name), 'MY NOTES\n');
      const attempt = tune(scenario, tuning(mine));
      await expect(attempt).rejects.toBeInstanceOf(UsageError);
      await expect(attempt).rejects.toThrow(`tune: options.outDir: ${mine} holds ${name}, named as "hordelab tune" names its files, but nothing says hordelab wrote them`);
      await expect(attempt).rejects.toThrow('add force: true to replace them');
      expect(readdirSync(mine)).toEqual([name]);
      expect(readFileSync(join(mine, name), 'utf8')).toBe('MY NOTES\n');
      const result = await tune(scenario, { ...tuning(mine), force: true });
      expect(readFileSync(join(mine, name), 'utf8')).not.toBe('MY NOTES\n');
      expect(JSON.parse(readFileSync(join(mine, 'tune.json'), 'utf8')).best).toEqual(result.best);
    }
  });

  it('a second search into the folder of a finished one replaces it; one saved and never finished is refused, naming resume: true and force: true', async () => {
    const scenario = await coinScenario();
    const outDir = mkdtempSync(join(tmpdir(), 'hordelab-library-tune-again-'));
    await tune(scenario, tuning(outDir));
    const again = await tune(scenario, tuning(outDir));
    expect(JSON.parse(readFileSync(join(outDir, 'tune.json'), 'utf8')).stateSha256).toBe(again.stateSha256);
    // The saved search outlives its result: a search stopped after a round leaves it so.
    unlinkSync(join(outDir, 'tune.json'));
    const attempt = tune(scenario, tuning(outDir));
    await expect(attempt).rejects.toBeInstanceOf(UsageError);
    await expect(attempt).rejects.toThrow(`tune: options.outDir: ${outDir} holds an unfinished search (tune-state.json); add resume: true to continue it, or force: true to start again`);
    await expect(tune(scenario, { ...tuning(outDir), force: 'yes' } as never)).rejects.toThrow('tune: options.force: expected true or false, got "yes"');
  });
});

describe('runChecks checks the baselines\' folder as hordelab check --update-baseline does (audit 41a F1)', () => {
  const fairChecks = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-library-checks-'));
    writeFileSync(join(dir, 'c.checks.yaml'), 'checks:\n  - name: fair\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.3, 0.7]\n    budget: 200\n');
    return loadCheckFile(join(dir, 'c.checks.yaml'));
  };

  it('a file given as the folder, or a link where a baseline goes, is refused before any match; the link is left as it is', async () => {
    const { checks } = await fairChecks();
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-library-baselines-'));
    writeFileSync(join(dir, 'mine.txt'), 'MY NOTES\n');
    const played: number[] = [];
    const asFolder = runChecks(checks, { workers: 0, baselineDir: join(dir, 'mine.txt'), updateBaseline: true, onMatches: (_check, matches) => played.push(matches) });
    await expect(asFolder).rejects.toBeInstanceOf(UsageError);
    await expect(asFolder).rejects.toThrow(`--baseline: ${join(dir, 'mine.txt')} is a file; expected a folder`);
    symlinkSync(join(dir, 'nowhere.json'), join(dir, 'fair.json'));
    const link = runChecks(checks, { workers: 0, baselineDir: dir, updateBaseline: true, onMatches: (_check, matches) => played.push(matches) });
    await expect(link).rejects.toBeInstanceOf(UsageError);
    await expect(link).rejects.toThrow(`${join(dir, 'fair.json')} is a symbolic link, and "hordelab check" writes fair.json there`);
    expect(readlinkSync(join(dir, 'fair.json'))).toBe(join(dir, 'nowhere.json'));
    expect(played).toEqual([]);
  });
});

describe("tune checks each entry of its targets and space as parseTarget and parseDimension make them (audit 41a F4)", () => {
  it('a malformed entry is a UsageError naming it, not a TypeError from inside the search', async () => {
    const scenario = await parseScenario('game: coin-flip\nmatches: 10\nseed: 1\nseats: [random, random]\n', join(mkdtempSync(join(tmpdir(), 'hordelab-library-tune-')), 'coin.yaml'));
    const tuning = { targets: [parseTarget('p1WinRate=0.5')], space: [parseDimension('winRate=0.2..0.8')], budget: 200, workers: 0, outDir: mkdtempSync(join(tmpdir(), 'hordelab-library-tune-out-')) };
    const dimension = 'expected an entry as parseDimension("name=low..high") makes it';
    for (const [changed, message] of [
      [{ space: [{ name: 'winRate', min: 0.2, max: 0.8 }] }, `tune: options.space[0]: ${dimension}, got {"name":"winRate","min":0.2,"max":0.8}`],
      [{ space: [parseDimension('winRate=0.2..0.8'), { name: 'winRate' }] }, `tune: options.space[1]: ${dimension}`],
      [{ space: [{ name: 'winRate', kind: 'real', min: 0.8, max: 0.2 }] }, `tune: options.space[0]: ${dimension}`],
      [{ space: [{ name: 'winRate', kind: 'int', min: 0, max: 2, step: 0 }] }, `tune: options.space[0]: ${dimension}`],
      [{ space: [{ name: 'winRate', kind: 'choice', choices: ['0.5', '0.5'] }] }, `tune: options.space[0]: ${dimension}`],
      [{ space: [{ name: '__proto__', kind: 'real', min: 0, max: 1 }] }, 'tune: options.space[0]: __proto__:'],
      [{ targets: [{ value: 0.5 }] }, 'tune: options.targets[0]: expected an entry as parseTarget("metric=value") makes it, got {"value":0.5}'],
      [{ targets: [{ metric: 'p1WinRate', value: 'half' }] }, 'tune: options.targets[0]: expected an entry as parseTarget("metric=value") makes it'],
    ] as const) {
      const attempt = tune(scenario, { ...tuning, ...changed } as never);
      await expect(attempt).rejects.toBeInstanceOf(UsageError);
      await expect(attempt).rejects.toThrow(message);
    }
  });
});

describe('library errors name the function and its argument, not a flag of the command line (audit 41a F5)', () => {
  const work = (): string => mkdtempSync(join(tmpdir(), 'hordelab-library-names-'));
  const coinScenario = () => parseScenario('game: coin-flip\nmatches: 20\nseed: 1\nseats: [random, random]\n', join(work(), 'coin.yaml'));

  it('replayMatch: a match index as text, or out of range, names matchIndex; a scenario object not from loadScenario names scenario', async () => {
    const scenario = await coinScenario();
    for (const [index, got] of [['0', '"0"'], [20, '20'], [-1, '-1'], [1.5, '1.5']] as const) {
      expect(() => replayMatch(scenario, index as never, () => {})).toThrow(UsageError);
      expect(() => replayMatch(scenario, index as never, () => {})).toThrow(`replayMatch: matchIndex: expected a whole number in 0..19, got ${got}`);
    }
    const written = { game: 'tic-tac-toe', matches: 3, seed: 1, seats: ['random', 'random'] };
    expect(() => replayMatch(written as never, 0, () => {})).toThrow(UsageError);
    expect(() => replayMatch(written as never, 0, () => {})).toThrow('replayMatch: scenario: expected a scenario as loadScenario returns it, got {"game":"tic-tac-toe"');
  });

  it("tune: a budget too small, a rate target out of range, an unknown metric and a scenario object name tune's options", async () => {
    const scenario = await coinScenario();
    const tuning = { targets: [parseTarget('p1WinRate=0.5')], space: [parseDimension('winRate=0.2..0.8')], budget: 30, workers: 0, outDir: work() };
    const budget = tune(scenario, tuning);
    await expect(budget).rejects.toBeInstanceOf(UsageError);
    await expect(budget).rejects.toThrow(/^tune: options\.budget: 30 matches are too few for 24 candidates/);
    // The advice names the option the caller gives, not the command's flag (review 41s F5).
    await expect(budget).rejects.toThrow(/, or 112 with options\.candidates: \d+ or fewer$/);
    await expect(tune(scenario, { ...tuning, budget: 100, candidates: 2 })).rejects.toThrow(/; a smaller options\.candidates would not lower it \(the refinement needs it\)$/);
    await expect(tune(scenario, { ...tuning, budget: 4000, targets: [parseTarget('p1WinRate=0.5'), parseTarget('p1WinRate=2')] })).rejects.toThrow('tune: options.targets[1]: p1WinRate is a rate; expected a target from 0 to 1');
    await expect(tune(scenario, { ...tuning, budget: 4000, targets: [parseTarget('p1WinRat=0.5')] })).rejects.toThrow(/^tune: options\.targets\[0\]: no metric "p1WinRat"/);
    await expect(tune(scenario, { ...tuning, budget: 4000, targets: [] })).rejects.toThrow('tune: options.targets: is empty; expected at least one entry as parseTarget("metric=value") makes it');
    await expect(tune({ game: 'coin-flip' } as never, tuning)).rejects.toThrow('tune: scenario: expected a scenario as loadScenario returns it');
  });

  it("mergeRuns: an output folder among the shards, or holding the merged run, names outDir and force: true", async () => {
    const dir = work();
    const scenario = await coinScenario();
    const shards = [join(dir, 'shard-0'), join(dir, 'shard-1')];
    for (const [index, shard] of shards.entries()) await runScenario(scenario, { outDir: shard, eventFiles: false, command: 'test', shard: { index, count: 2 } });
    await expect(mergeRuns(shards, shards[0] as string)).rejects.toThrow(`mergeRuns: outDir: ${shards[0] as string} is one of the shards; merge into another folder`);
    const target = join(dir, 'merged');
    await mergeRuns(shards, target);
    await expect(mergeRuns(shards, target)).rejects.toThrow(`mergeRuns: outDir: ${target} holds a finished run of "coin"; pass force: true to replace it`);
  });
});

describe("an agent object's config that is no mapping is refused as the scenario's, before any of the agent runs (audit 41a F6)", () => {
  it('config "fast", 7 or a list: a UsageError naming seats[0].config; the agent never asked', async () => {
    for (const [config, got] of [['fast', '"fast"'], [7, '7'], [['fast'], '["fast"]']] as const) {
      let asked = 0;
      const agent = {
        id: 'mine',
        validateConfig: () => {
          asked++;
          return [];
        },
        create: () => {
          asked++;
          return { chooseAction: () => 0 };
        },
      };
      const attempt = run({ game: 'tic-tac-toe', matches: 4, seed: 1, seats: [{ agent, config }, 'random'] } as never);
      await expect(attempt).rejects.toBeInstanceOf(UsageError);
      await expect(attempt).rejects.toThrow(`scenario: seats[0].config: expected a mapping of settings, got ${got}`);
      expect(asked).toBe(0);
    }
  });
});
