import { describe, expect, it } from 'vitest';
import { checkConformance, checkConformanceYielding } from '../src/conform/conformance.js';
import type { AnyGame } from '../src/core/game.js';
import { CHANCE, TERMINAL } from '../src/core/game.js';
import { defaultParameters } from '../src/core/parameters.js';
import { param } from '../src/core/param.js';
import { brokenGames } from './fixtures/broken-games.js';
import { withEngineEvents } from '../src/reports/generic-report.js';
import { diceRace, type DiceRaceAction, type DiceRaceState } from './fixtures/dice-race.js';
import { hiddenCard } from './fixtures/hidden-card.js';
import { ticTacToe } from '../src/games/tic-tac-toe/index.js';
import { zombieTrainers } from '../src/games/zombie-trainers/index.js';

/** A game that never ends: one seat, one action ('wait') at every step, a count of steps played; `changes` replace any part. */
function neverEnding(id: string, changes: Partial<AnyGame>): AnyGame {
  type Waiting = { steps: number };
  return {
    ...(diceRace as AnyGame),
    id,
    setup: (): Waiting => ({ steps: 0 }),
    currentPlayer: () => 0,
    isTerminal: () => false,
    legalActions: (_state: Waiting, into: string[] = []) => {
      into.length = 0;
      into.push('wait');
      return into;
    },
    apply: (state: Waiting) => {
      state.steps++;
    },
    clone: (state: Waiting) => ({ ...state }),
    observe: (state: Waiting) => ({ ...state }),
    heuristic: () => [0, 0],
    actionKey: (action: string) => action,
    ...changes,
  };
}

describe('checkConformance', () => {
  it('passes correct games', () => {
    for (const game of [diceRace, hiddenCard] as AnyGame[]) {
      const report = checkConformance(game, defaultParameters(game.parameters), { playouts: 12 });
      expect(report.properties.filter((p) => p.status === 'fail').map((p) => `${p.property}: ${p.problems[0]?.message}`), game.id).toEqual([]);
      expect(report.ok).toBe(true);
    }
  });

  it('blames only the property broken: no actions at a decision is not also a clone failure, an invalid maxLength not also nondeterminism', () => {
    const none = (into: DiceRaceAction[] = []): DiceRaceAction[] => {
      into.length = 0;
      return into;
    };
    const stuck: AnyGame = { ...diceRace, id: 'stuck', legalActions: (state: DiceRaceState, into?: DiceRaceAction[]) => (state.moves >= 3 ? none(into) : diceRace.legalActions(state, into)) };
    const unbounded: AnyGame = { ...diceRace, id: 'nan-length', maxLength: () => Number.NaN };
    for (const [game, property] of [[stuck, 'legal-actions'], [unbounded, 'metadata']] as const) {
      const report = checkConformance(game, defaultParameters(game.parameters), { playouts: 12 });
      expect(report.properties.filter((p) => p.status === 'fail').map((p) => p.property), game.id).toEqual([property]);
    }
  });

  it('fails a playout that outruns its time on the clock given, naming the seed, plays no more, and says where it is as it goes', () => {
    type Waiting = { steps: number };
    const endless = neverEnding('endless', { maxLength: () => 1e15 });
    let now = 0;
    const told: [number, number, number][] = [];
    const options = { playouts: 5, playoutTimeMs: 500, clock: () => (now += 1), progressEveryMs: 100, onProgress: (playout: number, playouts: number, step: number) => told.push([playout, playouts, step]) };
    const report = checkConformance(endless, {}, options);
    const terminates = report.properties.find((p) => p.property === 'terminates');
    expect(terminates?.status).toBe('fail');
    expect(terminates?.checks).toBe(1);
    expect(terminates?.problems[0]?.message).toMatch(/^no terminal state after 0\.5 s \(--playout-time\) and \d+ steps, with maxLength 1000000000000000; the other 4 playouts were not played$/);
    expect(terminates?.problems[0]?.seed).toBe(1);
    expect(told.length).toBeGreaterThanOrEqual(3);
    expect(told.every(([playout, playouts]) => playout === 1 && playouts === 5)).toBe(true);
    expect(told.map(([, , step]) => step)).toEqual([...told.map(([, , step]) => step)].sort((a, b) => a - b));
    // The last playout timing out has no others to skip.
    const last = checkConformance(endless, {}, { ...options, playouts: 1 });
    expect(last.properties.find((p) => p.property === 'terminates')?.problems[0]?.message).toMatch(/with maxLength 1000000000000000$/);
    // A game that ends is untouched by a limit it never reaches.
    const ends = checkConformance(diceRace as AnyGame, defaultParameters(diceRace.parameters), { playouts: 6, playoutTimeMs: 1e9, clock: () => (now += 1) });
    expect(ends.ok).toBe(true);
    // With hidden information, the checks that play a seed again (determinizations, agents not
    // peeking) do not play the one that outran the limit: the suite still ends.
    let applied = 0;
    const hidden: AnyGame = {
      ...endless,
      id: 'endless-hidden',
      hiddenInformation: true,
      maxLength: () => 100_000,
      determinize: (state: Waiting) => ({ ...state }),
      apply: (state: Waiting) => {
        state.steps++;
        applied++;
      },
    };
    const hiddenReport = checkConformance(hidden, {}, { playouts: 3, playoutTimeMs: 500, clock: () => (now += 1), agents: [] });
    expect(hiddenReport.properties.find((p) => p.property === 'terminates')?.problems.map((problem) => problem.seed)).toEqual([1]);
    expect(applied).toBeLessThan(20_000);
  });

  it('stops a playout whose step never returns a second after its time, naming the seed and step, and plays no more (audit 21)', () => {
    // apply loops forever at the playout's fourth step (not on the copies the checks play ahead
    // on): the limit, checked between steps, is never reached.
    type Counting = { steps: number; copy?: true };
    const stuck = neverEnding('stuck-apply', {
      maxLength: () => 100,
      apply: (state: Counting) => {
        if (state.steps === 3 && state.copy === undefined) for (;;);
        state.steps++;
      },
      clone: (state: Counting): Counting => ({ ...state, copy: true }),
    });
    const began = performance.now();
    const report = checkConformance(stuck, {}, { playouts: 4, seed: 7, playoutTimeMs: 200 });
    const elapsed = performance.now() - began;
    const terminates = report.properties.find((p) => p.property === 'terminates');
    expect(terminates?.status).toBe('fail');
    expect(terminates?.problems).toEqual([
      { property: 'terminates', message: "the playout ran past 1.2 s (--playout-time 0.2 s and a second more) in step 3: a call into the game, or conform's checks of that step (they play copies of its state), did not return in time; if the game is only slow, raise --playout-time (0: no limit); the other 3 playouts were not played", seed: 7, step: 3 },
    ]);
    expect(report.ok).toBe(false);
    // One stopped playout, not four, and no replay of it for determinism.
    expect(elapsed).toBeLessThan(20_000);
    expect(report.properties.find((p) => p.property === 'determinism')?.checks).toBe(0);
    // A setup that never returns is stopped before any playout (review 21).
    const stuckSetup: AnyGame = {
      ...stuck,
      id: 'stuck-setup',
      setup: () => {
        for (;;);
      },
    };
    const none = checkConformance(stuckSetup, {}, { playouts: 4, seed: 7, playoutTimeMs: 200 });
    expect(none.properties.find((p) => p.property === 'setup')?.problems).toEqual([
      { property: 'setup', message: 'setup (or maxLength, or validateParameters) did not return within 1.2 s (--playout-time 0.2 s and a second more); no playout was played', seed: null, step: 0 },
    ]);
    expect(none.steps).toBe(0);
  });

  it('names a setup that hands every match one mutable object (module-level state), where a clone check alone sees a constant', () => {
    const shared = [0, 0];
    const sharing: AnyGame = { ...diceRace, id: 'shared-positions', setup: (params: { length: number }) => ({ length: params.length, positions: shared, current: 0, die: 0, moves: 0 }) };
    const report = checkConformance(sharing, defaultParameters(sharing.parameters), { playouts: 6 });
    const setup = report.properties.find((p) => p.property === 'setup');
    expect(setup?.status).toBe('fail');
    expect(setup?.problems[0]?.message).toBe('state.positions is one object every setup shares, and play changed it: each setup must make its own (or never change it)');
    // A shared object play never changes (a frozen table, a compiled map) is no problem.
    const table = [3, 1, 4];
    const constant: AnyGame = { ...diceRace, id: 'shared-table', setup: (params: { length: number }) => ({ ...diceRace.setup(params), table }) };
    expect(checkConformance(constant, defaultParameters(constant.parameters), { playouts: 6 }).ok).toBe(true);
  });

  it('shows a NaN or Infinity a heuristic gives as itself, not as JSON null', () => {
    const nan: AnyGame = { ...diceRace, id: 'nan-heuristic', heuristic: () => [Number.NaN, Number.POSITIVE_INFINITY] };
    const heuristic = checkConformance(nan, defaultParameters(nan.parameters), { playouts: 2 }).properties.find((p) => p.property === 'heuristic');
    expect(heuristic?.status).toBe('fail');
    expect(heuristic?.problems[0]?.message).toContain('heuristic gave [NaN, Infinity], expected 2 values');
  });

  it('fails an endedAtCap that throws or answers other than true or false at a terminal state, under returns alone, and passes one that answers (audit 31b)', () => {
    const withCap = (id: string, endedAtCap: (state: unknown) => unknown): AnyGame => ({ ...diceRace, id, endedAtCap: endedAtCap as (state: unknown) => boolean });
    for (const [game, message] of [
      [withCap('cap-number', () => 1), 'endedAtCap gave 1; expected true or false (whether the match ended at a length cap)'],
      [withCap('cap-throws', () => { throw new Error('cap boom'); }), 'endedAtCap threw: '],
    ] as const) {
      const report = checkConformance(game, defaultParameters(game.parameters), { playouts: 3 });
      expect(report.properties.filter((p) => p.status === 'fail').map((p) => p.property), game.id).toEqual(['returns']);
      expect(report.properties.find((p) => p.property === 'returns')?.problems[0]?.message, game.id).toContain(message);
    }
    const answering = checkConformance(withCap('cap-answers', () => false), defaultParameters(diceRace.parameters), { playouts: 3 });
    expect(answering.ok).toBe(true);
  });

  it('fails a heuristic whose values change between two reads of one state: agents reading it would not replay', () => {
    let reads = 0;
    // Deterministic in this test: every third read of a state is off by a little.
    const drifting: AnyGame = { ...diceRace, id: 'drifting-heuristic', heuristic: (state: unknown) => (diceRace.heuristic(state as DiceRaceState) as number[]).map((v, i) => (++reads % 3 === 0 && i === 0 ? v * 0.5 : v)) };
    const heuristic = checkConformance(drifting, defaultParameters(drifting.parameters), { playouts: 4 }).properties.find((p) => p.property === 'heuristic');
    expect(heuristic?.status).toBe('fail');
    expect(heuristic?.problems[0]?.message).toMatch(/^heuristic gave \[.*\], then \[.*\] for the same state; expected values that depend on the state alone$/);
    const steady = checkConformance(diceRace, defaultParameters(diceRace.parameters), { playouts: 4 }).properties.find((p) => p.property === 'heuristic');
    expect(steady?.status).toBe('pass');
  });

  it('checks chance groups where a game gives them: grouped outcomes leaving equal states pass, numbers out of order or of the wrong count fail, and a game without groups is not asked', () => {
    // A die whose low faces all move one cell and high faces six: the state keeps only which half came up.
    const halves: AnyGame = {
      ...diceRace,
      id: 'half-die',
      apply: (state: DiceRaceState, action: DiceRaceAction, emit) => diceRace.apply(state, action.kind === 'roll' ? { kind: 'roll', value: action.value <= 3 ? 1 : 6 } : action, emit),
      chanceGroups: (state: DiceRaceState) => diceRace.chanceOutcomes(state).map((outcome) => ((outcome.action as { value: number }).value <= 3 ? 0 : 1)),
    };
    const groupsOf = (game: AnyGame) => checkConformance(game, defaultParameters(game.parameters), { playouts: 6 }).properties.find((p) => p.property === 'chance-groups');
    const passing = groupsOf(halves);
    expect(passing?.status).toBe('pass');
    expect(passing?.checks).toBeGreaterThan(6);
    const reversed = groupsOf({ ...halves, id: 'reversed-groups', chanceGroups: (state: DiceRaceState) => diceRace.chanceOutcomes(state).map((outcome) => ((outcome.action as { value: number }).value <= 3 ? 1 : 0)) });
    expect(reversed?.status).toBe('fail');
    expect(reversed?.problems[0]?.message).toBe(
      'chanceGroups gave [1, 1, 1, 0, 0, 0]: outcome 0 (roll(1)) has 1, expected a group already used or the next new one, 0 (groups are numbered 0, 1, 2, … by first appearance)',
    );
    const short = groupsOf({ ...halves, id: 'short-groups', chanceGroups: () => [0, 1] });
    expect(short?.problems[0]?.message).toBe('chanceGroups gave [0, 1], expected one group number for each of the 6 outcomes');
    const merged = groupsOf({ ...diceRace, id: 'merged', chanceGroups: (state: DiceRaceState) => diceRace.chanceOutcomes(state).map(() => 0) });
    expect(merged?.problems[0]?.message).toBe('outcomes roll(1) and roll(2) share group 0 but leave different states: group only outcomes after which the state is the same in every field');
    expect(groupsOf(diceRace)).toBeUndefined();
  });

  it('checks a heuristic that names its leader against its values, and does not ask a heuristic without one', () => {
    const values = diceRace.heuristic;
    const withLeader = (leader: (state: DiceRaceState) => unknown): AnyGame => ({ ...diceRace, id: 'leader', heuristic: Object.assign((state: DiceRaceState) => values(state), { leader: leader as (state: DiceRaceState) => number }) });
    const leaderOf = (game: AnyGame) => checkConformance(game, defaultParameters(game.parameters), { playouts: 6 }).properties.find((p) => p.property === 'heuristic-leader');
    const right = leaderOf(withLeader((state) => { const [a, b] = values(state) as [number, number]; return a > b ? 0 : b > a ? 1 : -1; }));
    expect(right?.status).toBe('pass');
    expect(right?.checks).toBeGreaterThan(6);
    // Wrong only where the runners are level (the first turn start among them): conform finds it where a run's first-turn check could not.
    const levelWrong = leaderOf(withLeader((state) => { const [a, b] = values(state) as [number, number]; return a > b ? 0 : b > a ? 1 : 0; }));
    expect(levelWrong?.status).toBe('fail');
    expect(levelWrong?.problems[0]?.message).toMatch(/^heuristic\.leader gave 0 where the heuristic's values \[0, -?0\] make it -1$/);
    const throwing = leaderOf(withLeader(() => { throw new Error('no leader here'); }));
    expect(throwing?.problems[0]?.message).toBe('heuristic.leader threw: no leader here');
    expect(leaderOf(withLeader(() => Number.NaN))?.problems[0]?.message).toMatch(/^heuristic\.leader gave NaN where/);
    expect(leaderOf(diceRace)).toBeUndefined();
    // A leader that cannot be read, or is no function, is reported, not thrown.
    const getter = Object.defineProperty((state: DiceRaceState) => values(state), 'leader', { get: () => { throw new Error('boom'); } });
    expect(leaderOf({ ...diceRace, id: 'getter', heuristic: getter } as AnyGame)?.problems[0]?.message).toBe('heuristic.leader threw: it cannot be read: boom');
    expect(leaderOf({ ...diceRace, id: 'five', heuristic: Object.assign((state: DiceRaceState) => values(state), { leader: 5 }) } as unknown as AnyGame)?.problems[0]?.message).toBe('heuristic.leader threw: it is 5, not a function');
    // No heuristic at all is the heuristic property's failure, not the suite's.
    const none = checkConformance({ ...diceRace, id: 'no-heuristic', heuristic: undefined } as unknown as AnyGame, defaultParameters(diceRace.parameters), { playouts: 2 });
    expect(none.properties.find((p) => p.property === 'heuristic')?.status).toBe('fail');
    expect(none.properties.find((p) => p.property === 'heuristic-leader')).toBeUndefined();
    for (const game of [zombieTrainers, ticTacToe]) expect(leaderOf(game)?.status).toBe('pass');
  });

  it('refuses a one-seat game: a win is the strictly highest return among seats', () => {
    const solo: AnyGame = { ...diceRace, id: 'solo', seats: ['Only'] };
    const metadata = checkConformance(solo, defaultParameters(solo.parameters), { playouts: 1 }).properties.find((p) => p.property === 'metadata');
    expect(metadata?.problems.map((problem) => problem.message)).toContain('seats must name at least two seats (win rates and edges compare seats)');
  });

  it('says what legalActions returned when it is no list, instead of a TypeError from iterating it', () => {
    for (const returned of [undefined, 7]) {
      const game = { ...diceRace, id: 'no-list', legalActions: (state: DiceRaceState, into?: DiceRaceAction[]) => (state.moves >= 1 ? returned : diceRace.legalActions(state, into)) } as unknown as AnyGame;
      const report = checkConformance(game, defaultParameters(game.parameters), { playouts: 4 });
      const problems = report.properties.find((p) => p.property === 'legal-actions')?.problems.map((problem) => problem.message);
      expect(problems).toContain(`legalActions(state) returned ${String(returned)}; expected an array of actions`);
    }
  });

  it('names an actionKey that throws on a legal action as such, not as legal actions sharing keys', () => {
    const game = {
      ...ticTacToe,
      id: 'no-keys',
      actionKey: () => {
        throw new Error('no names here');
      },
    } as unknown as AnyGame;
    const report = checkConformance(game, {}, { playouts: 2 });
    const problems = report.properties.find((p) => p.property === 'legal-actions')?.problems.map((problem) => problem.message) ?? [];
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((message) => message.startsWith('actionKey threw') && message.endsWith('no names here'))).toBe(true);
    expect(problems.some((message) => message.includes('share keys'))).toBe(false);
  });

  it('says what a replay changed: the states, or the events, when the actions are the same', () => {
    const said = (id: string): string | undefined => {
      const game = brokenGames.find((broken) => broken.game.id === id)?.game as AnyGame;
      const report = checkConformance(game, defaultParameters(game.parameters), { playouts: 4 });
      expect(report.properties.filter((p) => p.status === 'fail').map((p) => p.property), id).toEqual(['determinism']);
      return report.properties.find((p) => p.property === 'determinism')?.problems[0]?.message;
    };
    expect(said('unseeded-state')).toMatch(/^the same seed played the same actions to another state at step \d+/);
    expect(said('unseeded-events')).toMatch(/^the same seed played the same actions, but step \d+ emitted other events$/);
  });

  it("fails, under the generic report, an event type a run would fail its match for, and not under a report of the game's own", () => {
    const emitting = (type: unknown): AnyGame => ({
      ...(diceRace as AnyGame),
      id: 'odd-events',
      apply: (state: DiceRaceState, action: DiceRaceAction, emit) => {
        diceRace.apply(state, action, emit);
        emit?.({ type } as never);
      },
    });
    for (const type of ['constructor', 'hordelab.decision', undefined, 7]) {
      const report = checkConformance(withEngineEvents(emitting(type)), defaultParameters(diceRace.parameters), { playouts: 3 });
      expect(report.properties.filter((p) => p.status === 'fail').map((p) => p.property), String(type)).toEqual(['apply']);
      expect(report.properties.find((p) => p.property === 'apply')?.problems[0]?.message).toMatch(/^applying \S+ emitted an event a run refuses: an event's type is /);
      expect(checkConformance(emitting(type), defaultParameters(diceRace.parameters), { playouts: 3 }).ok, String(type)).toBe(true);
    }
    expect(checkConformance(withEngineEvents(emitting('moved')), defaultParameters(diceRace.parameters), { playouts: 3 }).ok).toBe(true);
  });

  for (const { game, property } of brokenGames) {
    it(`names ${property} for ${game.id}, with a seed that reproduces it`, () => {
      const report = checkConformance(game, defaultParameters(game.parameters), { playouts: 12 });
      expect(report.ok).toBe(false);
      const failed = report.properties.filter((p) => p.status === 'fail');
      expect(failed.map((p) => p.property)).toContain(property);
      const problem = failed.find((p) => p.property === property)?.problems[0];
      expect(problem?.message.length).toBeGreaterThan(10);
      // Problems found in a playout name its seed; replaying that one seed finds it again.
      if (problem?.seed !== null && problem?.seed !== undefined && property !== 'stable-order') {
        const again = checkConformance(game, defaultParameters(game.parameters), { playouts: 1, seed: problem.seed });
        expect(again.properties.find((p) => p.property === property)?.status).toBe('fail');
      }
    });
  }
});

describe('what an agent is handed shares nothing it could change the match through (audit 28b)', () => {
  const problemsOf = (game: AnyGame, property: string): string[] =>
    checkConformance(game, defaultParameters(game.parameters), { playouts: 4 }).properties.find((p) => p.property === property)?.problems.map((problem) => problem.message) ?? [];

  it("an observation handing out a part the setup hung on the playout's parameters: named (review 35a, missed when the parameters were taken for parts of a run's constants)", () => {
    const rolls = [1, 2, 3, 4, 5, 6].map((value) => Object.freeze({ kind: 'roll', value }));
    const toss = Object.freeze({ kind: 'throw' });
    type State = { cfg: { rounds: number; score: number[] }; turn: number; current: number; thrown: boolean };
    const over = (s: State): boolean => s.turn >= 2 * s.cfg.rounds;
    const scoreOnParameters = {
      id: 'score-on-parameters',
      title: 'Score on the parameters',
      seats: ['First', 'Second'],
      parameters: { rounds: param.int({ default: 3, min: 1, max: 10, description: 'Rounds.' }) },
      utilityBounds: [-1, 1],
      hiddenInformation: false,
      validateParameters: () => [],
      maxLength: (p: { rounds: number }) => 4 * p.rounds,
      setup: (p: { rounds: number; score?: number[] }) => {
        p.score = [0, 0];
        return { cfg: p, turn: 0, current: 0, thrown: false };
      },
      currentPlayer: (s: State) => (over(s) ? TERMINAL : s.thrown ? CHANCE : s.current),
      legalActions: (s: State) => (over(s) || s.thrown ? [] : [toss]),
      chanceOutcomes: (s: State) => (s.thrown ? rolls.map((action) => ({ action, probability: 1 / 6 })) : []),
      sampleChance: (_s: State, rng: { int(n: number): number }) => rolls[rng.int(6)],
      apply(s: State, action: { kind: string; value?: number }) {
        if (action.kind === 'throw') {
          s.thrown = true;
          return;
        }
        s.thrown = false;
        s.cfg.score[s.current]! += action.value as number;
        s.turn++;
        s.current = 1 - s.current;
      },
      isTerminal: over,
      returns: (s: State) => (s.cfg.score[0]! > s.cfg.score[1]! ? [1, -1] : s.cfg.score[0]! < s.cfg.score[1]! ? [-1, 1] : [0, 0]),
      observe: (s: State) => ({ ...s }),
      clone: (s: State) => ({ ...s, cfg: { ...s.cfg, score: [...s.cfg.score] } }),
      actionKey: (a: { kind: string; value?: number }) => (a.kind === 'throw' ? 'throw' : `roll(${a.value})`),
      describeState: (s: State) => `turn ${s.turn}`,
    } as unknown as AnyGame;
    expect(problemsOf(scoreOnParameters, 'observation')[0]).toBe(
      'observe(state, 0) shares mutable parts with the live state: state.cfg.score; expected copies, or parts that are frozen or that every setup shares and play never changes',
    );
  });

  it('a clone and an observation sharing a part each setup hangs on an object every setup shares: named (review 35b)', () => {
    // Module-level, so two setups share it; each setup hangs its own deck on it, equal in text.
    const table: { deck?: number[] } = {};
    type State = { cfg: typeof table; deck: number[]; turn: number; score: number[] };
    const over = (s: State): boolean => s.turn >= s.deck.length;
    const deckOnTable = {
      ...diceRace,
      id: 'deck-on-table',
      parameters: {},
      validateParameters: () => [],
      maxLength: () => 8,
      setup: () => {
        const deck = [3, 1, 4, 1, 5, 9, 2, 6];
        table.deck = deck;
        return { cfg: table, deck, turn: 0, score: [0, 0] };
      },
      currentPlayer: (s: State) => (over(s) ? TERMINAL : s.turn % 2),
      legalActions: (s: State) => (over(s) ? [] : ['draw', 'pass']),
      chanceOutcomes: () => [],
      apply(s: State, action: string) {
        if (action === 'draw') s.score[s.turn % 2]! += s.deck[s.turn]!;
        s.turn++;
      },
      isTerminal: over,
      returns: (s: State) => (s.score[0]! > s.score[1]! ? [1, -1] : s.score[0]! < s.score[1]! ? [-1, 1] : [0, 0]),
      heuristic: (s: State) => (s.score[0]! > s.score[1]! ? [1, -1] : s.score[0]! < s.score[1]! ? [-1, 1] : [0, 0]),
      observe: (s: State) => ({ cfg: s.cfg, turn: s.turn, score: [...s.score] }),
      clone: (s: State) => ({ cfg: s.cfg, deck: [...s.deck], turn: s.turn, score: [...s.score] }),
      actionKey: (action: string) => action,
      describeState: (s: State) => `turn ${s.turn}`,
    } as unknown as AnyGame;
    expect(problemsOf(deckOnTable, 'clone')[0]).toMatch(/^a clone shares mutable parts with its original: state\.cfg\.deck/);
    expect(problemsOf(deckOnTable, 'observation')[0]).toMatch(/^observe\(state, 0\) shares mutable parts with the live state: state\.cfg\.deck/);
  });

  it("an observation sharing the live runners' positions, a search state that is the live state, an action object listed again unfrozen: each named", () => {
    expect(problemsOf({ ...diceRace, id: 'shared', observe: (state: DiceRaceState) => ({ ...state }) } as AnyGame, 'observation')[0]).toBe(
      'observe(state, 0) shares mutable parts with the live state: state.positions; expected copies, or parts that are frozen or that every setup shares and play never changes',
    );
    expect(problemsOf({ ...hiddenCard, id: 'live', determinize: (state: unknown) => state } as AnyGame, 'determinization')).toContain(
      'a determinization for seat 0 shares mutable parts with the live state: the state itself; expected copies, or parts that are frozen or that every setup shares and play never changes',
    );
    // No view at all (audit 29b: passed every property).
    expect(problemsOf({ ...hiddenCard, id: 'blind', observe: () => undefined } as AnyGame, 'observation')[0]).toBe('observe(state, 0) returned undefined; expected what seat 0 may see of the state');
    // At a step the full check skips too (review 29c): the seat to act, at every decision.
    const late = { ...diceRace, id: 'late-blind', observe: (state: DiceRaceState, seat: number) => (state.positions.some((cells) => cells > 0) ? null : diceRace.observe(state, seat)) } as AnyGame;
    const onlyFirstDeep = checkConformance(late, defaultParameters(late.parameters), { playouts: 4, deepCheckEvery: 100_000 });
    expect(onlyFirstDeep.properties.find((p) => p.property === 'observation')?.problems[0]?.message).toMatch(/^observe\(state, [01]\) returned null; expected what seat [01] may see of the state$/);
    const reused = brokenGames.find((broken) => broken.game.id === 'unfrozen-reused-actions')?.game as AnyGame;
    expect(problemsOf(reused, 'legal-actions')[0]).toMatch(/^legalActions hands out the same action object again \(step\(\d\)\), and it is not frozen: freeze it and every object in it \(Object\.freeze, all the way down\); expected new actions each call, or ones nothing can change$/);
    // Frozen outside, an object inside it open (review 28e): named too.
    const inner = [0, 1, 2, 3, 4, 5, 6].map((cells) => Object.freeze({ kind: 'step', cells, by: { cells } })) as unknown as DiceRaceAction[];
    const nested = { ...diceRace, id: 'nested', legalActions: (state: DiceRaceState, into?: DiceRaceAction[]) => {
      const actions = diceRace.legalActions(state, into) as DiceRaceAction[];
      actions.forEach((action, index) => {
        if (action.kind === 'step') actions[index] = inner[action.cells] as DiceRaceAction;
      });
      return actions;
    } } as AnyGame;
    expect(problemsOf(nested, 'legal-actions')[0]).toMatch(/^legalActions hands out the same action object again \(step\(\d\)\), and its by is not frozen: freeze it/);
    // Frozen all the way down, yet changeable: a Map, a Set, a Date inside, a typed array with elements (review 29a).
    const holding = (id: string, part: (cells: number) => unknown): AnyGame => {
      const actions = [0, 1, 2, 3, 4, 5, 6].map((cells) => Object.freeze({ kind: 'step', cells, by: Object.freeze({ part: part(cells) }) }));
      return { ...diceRace, id, legalActions: (state: DiceRaceState, into?: DiceRaceAction[]) => {
        const listed = diceRace.legalActions(state, into) as DiceRaceAction[];
        listed.forEach((action, index) => {
          if (action.kind === 'step') listed[index] = actions[action.cells] as unknown as DiceRaceAction;
        });
        return listed;
      } } as AnyGame;
    };
    const cases: [string, (cells: number) => unknown, string][] = [
      ['set', (cells) => Object.freeze(new Set([cells])), 'its by.part is a Set, which Object.freeze leaves changeable: hand out a frozen array or object instead'],
      ['map', (cells) => Object.freeze(new Map([[cells, cells]])), 'its by.part is a Map, which Object.freeze leaves changeable'],
      ['date', (cells) => Object.freeze(new Date(cells)), 'its by.part is a Date, which Object.freeze leaves changeable'],
      ['typed', (cells) => Int8Array.of(cells), 'its by.part is a typed array, which cannot be frozen: hand out a frozen plain array instead'],
    ];
    for (const [id, part, advice] of cases) expect(problemsOf(holding(id, part), 'legal-actions')[0], id).toContain(`), and ${advice}`);
    // Frozen parts that refer back to each other, or share parts many times over, pass, and at once.
    const group: { members: unknown[] } = { members: [] };
    const cyclic = holding('cyclic', (cells) => {
      const member = Object.freeze({ cells, group });
      group.members.push(member);
      return member;
    });
    Object.freeze(group.members);
    Object.freeze(group);
    expect(problemsOf(cyclic, 'legal-actions')).toEqual([]);
    let shared: unknown = Object.freeze({ leaf: 1 });
    for (let level = 0; level < 40; level++) shared = Object.freeze({ left: shared, right: shared });
    const diamond = shared;
    expect(problemsOf(holding('diamond', () => diamond), 'legal-actions')).toEqual([]);
  });

  it("passes what every setup shares and play never changes (a configuration, a map), and the built-in games", () => {
    const board = Object.freeze([0, 0]);
    // A constant array every setup shares: not a copy, yet nothing play could change.
    const withBoard = { ...diceRace, id: 'constant', setup: (params: unknown) => ({ ...(diceRace.setup(params as never) as object), board }), observe: (state: DiceRaceState) => ({ ...state, positions: [...state.positions] }) } as AnyGame;
    expect(problemsOf(withBoard, 'observation')).toEqual([]);
    for (const game of [zombieTrainers, ticTacToe] as AnyGame[]) expect(checkConformance(game, defaultParameters(game.parameters), { playouts: 2 }).ok).toBe(true);
  });
});

describe('short games are checked at every step and every chance node, at the default playouts and any seed (audit 34b F1/F2)', () => {
  // Three seats each pick a die (d4 or d6), then chance rolls it: six steps, three chance nodes,
  // the second and third rolling lists the first already rolled. Each breach below is one line,
  // from the second seat's turn on: the costlier checks had run at step 0 only (steps 0, 7, 14…
  // of every playout), and beyond the first node of each outcome list only the first chance node
  // of each playout had been tested.
  type Dice = { turn: number; pending: number; rolls: number[] };
  type DiceAction = { readonly kind: 'pick'; readonly sides: number } | { readonly kind: 'roll'; readonly value: number };
  const PICKS: DiceAction[] = [4, 6].map((sides) => Object.freeze({ kind: 'pick', sides }));
  const ROLLS = new Map([4, 6].map((sides) => [sides, Array.from({ length: sides }, (_, i): DiceAction => Object.freeze({ kind: 'roll', value: i + 1 }))]));
  const faces = (state: Dice): DiceAction[] => ROLLS.get(state.pending) as DiceAction[];
  const over = (state: Dice): boolean => state.turn >= 3;
  const returns = (state: Dice): number[] => state.rolls.map((roll) => (roll === Math.max(...state.rolls) ? 1 : 0));
  const threeDice: AnyGame = {
    id: 'three-dice',
    title: 'Three dice (test)',
    seats: ['Red', 'Green', 'Blue'],
    parameters: {},
    utilityBounds: [0, 1],
    hiddenInformation: false,
    validateParameters: () => [],
    maxLength: () => 6,
    setup: (): Dice => ({ turn: 0, pending: 0, rolls: [0, 0, 0] }),
    currentPlayer: (state: Dice) => (over(state) ? TERMINAL : state.pending > 0 ? CHANCE : state.turn),
    legalActions(state: Dice, into?: DiceAction[]) {
      const actions = into ?? [];
      actions.length = 0;
      if (!over(state) && state.pending === 0) actions.push(...PICKS);
      return actions;
    },
    chanceOutcomes: (state: Dice) => (state.pending === 0 ? [] : faces(state).map((action) => ({ action, probability: 1 / state.pending }))),
    sampleChance: (state: Dice, rng) => faces(state)[rng.int(state.pending)] as DiceAction,
    apply(state: Dice, action: DiceAction) {
      if (action.kind === 'pick') state.pending = action.sides;
      else {
        state.rolls[state.turn] = action.value;
        state.pending = 0;
        state.turn++;
      }
    },
    isTerminal: over,
    returns,
    heuristic: (state: Dice) => (over(state) ? returns(state) : state.rolls.map((roll) => roll / 6)),
    observe: (state: Dice) => ({ ...state, rolls: [...state.rolls] }),
    clone: (state: Dice) => ({ ...state, rolls: [...state.rolls] }),
    actionKey: (action: DiceAction) => (action.kind === 'pick' ? `d${action.sides}` : `roll(${action.value})`),
    describeState: (state: Dice) => `turn ${state.turn}, rolls ${state.rolls.join(',')}`,
  };

  // Two seats, a hidden card each (1..3). North keeps or redraws, then South: the higher card wins.
  type Redraw = { phase: number; hand: number[] };
  const CARDS = [1, 2, 3].map((value) => Object.freeze({ kind: 'card', value }));
  const CHOICES = ['keep', 'redraw'].map((kind) => Object.freeze({ kind }));
  // Phases: 0 and 1 deal North and South, 2 North decides, 3 North's redraw, 4 South decides, 5 South's redraw, 6 over.
  const dealt = (state: Redraw): number => (state.phase <= 1 ? state.phase : state.phase === 3 ? 0 : 1);
  const redrawReturns = (state: Redraw): number[] => {
    const [north, south] = state.hand as [number, number];
    return north > south ? [1, -1] : north < south ? [-1, 1] : [0, 0];
  };
  const redraw: AnyGame = {
    id: 'redraw',
    title: 'Redraw (test)',
    seats: ['North', 'South'],
    parameters: {},
    utilityBounds: [-1, 1],
    hiddenInformation: true,
    validateParameters: () => [],
    maxLength: () => 6,
    setup: (): Redraw => ({ phase: 0, hand: [0, 0] }),
    currentPlayer: (state: Redraw) => (state.phase >= 6 ? TERMINAL : state.phase === 2 ? 0 : state.phase === 4 ? 1 : CHANCE),
    legalActions(state: Redraw, into?: unknown[]) {
      const actions = into ?? [];
      actions.length = 0;
      if (state.phase === 2 || state.phase === 4) actions.push(...CHOICES);
      return actions;
    },
    chanceOutcomes: (state: Redraw) => ([0, 1, 3, 5].includes(state.phase) ? CARDS.map((action) => ({ action, probability: 1 / 3 })) : []),
    sampleChance: (_state: Redraw, rng) => CARDS[rng.int(3)],
    apply(state: Redraw, action: { kind: string; value?: number }) {
      if (action.kind === 'card') {
        state.hand[dealt(state)] = action.value as number;
        state.phase = state.phase === 0 ? 1 : state.phase === 1 ? 2 : state.phase === 3 ? 4 : 6;
      } else if (action.kind === 'redraw') state.phase = state.phase === 2 ? 3 : 5;
      else state.phase = state.phase === 2 ? 4 : 6;
    },
    isTerminal: (state: Redraw) => state.phase >= 6,
    returns: redrawReturns,
    heuristic: (state: Redraw) => (state.phase >= 6 ? redrawReturns(state) : [0, 0]),
    observe: (state: Redraw, seat: number) => ({ phase: state.phase, hand: state.hand.map((card, i) => (i === seat ? card : null)) }),
    determinize: (state: Redraw, seat: number, rng) => ({ phase: state.phase, hand: state.hand.map((card, i) => (i === seat || card === 0 ? card : 1 + rng.int(3))) }),
    clone: (state: Redraw) => ({ ...state, hand: [...state.hand] }),
    actionKey: (action: { kind: string; value?: number }) => (action.kind === 'card' ? `card(${action.value})` : action.kind),
    describeState: (state: Redraw) => `phase ${state.phase}, hands ${state.hand.join(',')}`,
  };

  const failed = (game: AnyGame, seed: number, playouts = 24): string[] =>
    checkConformance(game, {}, { seed, playouts, agents: [] })
      .properties.filter((p) => p.status === 'fail')
      .map((p) => p.property);
  const SEEDS = [1, 2, 5, 1000, 31_337];

  it('passes the correct short games, at any seed', () => {
    for (const seed of SEEDS) {
      expect(failed(threeDice, seed), `three-dice, seed ${seed}`).toEqual([]);
      expect(failed(redraw, seed), `redraw, seed ${seed}`).toEqual([]);
    }
  });

  const breaches: [string, AnyGame, string][] = [
    ['a heuristic NaN at the third seat', { ...threeDice, heuristic: (state: Dice) => (state.turn === 2 ? [Number.NaN, 0, 0] : threeDice.heuristic(state)) }, 'heuristic'],
    ['a heuristic out of bounds from the second seat on', { ...threeDice, heuristic: (state: Dice) => (over(state) ? returns(state) : state.rolls.map((roll) => roll / 3)) }, 'heuristic'],
    ['a clone sharing the rolls from the second seat on', { ...threeDice, clone: (state: Dice) => (state.turn >= 1 ? { ...state } : threeDice.clone(state)) }, 'clone'],
    ['an observation that is the live state from the second seat on', { ...threeDice, observe: (state: Dice, seat: number) => (state.turn >= 1 ? state : threeDice.observe(state, seat)) }, 'observation'],
    ['a sampler always rolling 1 at the third seat', { ...threeDice, sampleChance: (state: Dice, rng) => (state.turn === 2 ? faces(state)[0] : threeDice.sampleChance(state, rng)) }, 'chance-sampling'],
    [
      "a determinization copying North's true card at South's decision",
      { ...redraw, determinize: (state: Redraw, seat: number, rng) => (state.phase >= 4 ? { phase: state.phase, hand: [...state.hand] } : redraw.determinize?.(state, seat, rng)) },
      'determinization',
    ],
  ];
  for (const [what, game, property] of breaches) {
    it(`fails ${property} for ${what}, at any seed, naming a seed whose one playout fails it again`, () => {
      for (const seed of SEEDS) {
        const report = checkConformance(game, {}, { seed, agents: [] });
        expect(report.properties.filter((p) => p.status === 'fail').map((p) => p.property), `seed ${seed}`).toEqual([property]);
        const problem = report.properties.find((p) => p.property === property)?.problems[0];
        expect(problem?.seed).not.toBeNull();
        expect(failed(game, problem?.seed as number, 1), `replaying seed ${problem?.seed}`).toEqual([property]);
      }
    });
  }
});

describe('every chance node of a long game can be tested, a determinize is compared across playouts, and rare outcomes raise no false alarm (review 34f)', () => {
  // Two seats alternate 20 turns each: bank or half, then a d6 is rolled (40 chance nodes, one
  // outcome list). Each breach below biases the sampler at a few rolls deep in the playout only:
  // chance nodes 15–21 and 29–49 of a playout had never been tested, at any seed or playouts.
  type Long = { rolled: number; pending: string | null; score: number[] };
  const TURNS = 20;
  const CHOICES = [Object.freeze({ kind: 'bank' }), Object.freeze({ kind: 'half' })];
  const FACES = Object.freeze(Array.from({ length: 6 }, (_, i) => Object.freeze({ kind: 'roll', value: i + 1 })));
  const OUTCOMES = Object.freeze(FACES.map((action) => Object.freeze({ action, probability: 1 / 6 })));
  const longOver = (s: Long): boolean => s.rolled >= 2 * TURNS;
  const longReturns = (s: Long): number[] => (s.score[0] === s.score[1] ? [0, 0] : (s.score[0] as number) > (s.score[1] as number) ? [1, -1] : [-1, 1]);
  const longDice: AnyGame = {
    id: 'long-dice',
    title: 'Long dice (test)',
    seats: ['North', 'South'],
    parameters: {},
    utilityBounds: [-1, 1],
    hiddenInformation: false,
    validateParameters: () => [],
    maxLength: () => 4 * TURNS,
    setup: (): Long => ({ rolled: 0, pending: null, score: [0, 0] }),
    currentPlayer: (s: Long) => (longOver(s) ? TERMINAL : s.pending !== null ? CHANCE : s.rolled % 2),
    legalActions(s: Long, into?: unknown[]) {
      const actions = into ?? [];
      actions.length = 0;
      if (!longOver(s) && s.pending === null) actions.push(...CHOICES);
      return actions;
    },
    chanceOutcomes: (s: Long) => (s.pending === null ? [] : ([...OUTCOMES] as { action: unknown; probability: number }[])),
    sampleChance: (_s: Long, rng) => FACES[rng.int(6)],
    apply(s: Long, a: { kind: string; value?: number }) {
      if (a.kind !== 'roll') {
        s.pending = a.kind;
        return;
      }
      const seat = s.rolled % 2;
      s.score[seat] = (s.score[seat] as number) + (s.pending === 'bank' ? (a.value as number) : Math.ceil((a.value as number) / 2));
      s.pending = null;
      s.rolled++;
    },
    isTerminal: longOver,
    returns: longReturns,
    heuristic: (s: Long) => {
      if (longOver(s)) return longReturns(s);
      const d = Math.max(-1, Math.min(1, ((s.score[0] as number) - (s.score[1] as number)) / (6 * TURNS)));
      return [d, -d];
    },
    observe: (s: Long) => ({ ...s, score: [...s.score] }),
    clone: (s: Long) => ({ ...s, score: [...s.score] }),
    actionKey: (a: { kind: string; value?: number }) => (a.kind === 'roll' ? `roll(${a.value})` : a.kind),
    describeState: (s: Long) => `rolled ${s.rolled}`,
  };
  const biasedAt = (rolls: readonly number[]): AnyGame => ({ ...longDice, id: 'long-dice-biased', sampleChance: (s: Long, rng) => (rolls.includes(s.rolled) ? FACES[0] : FACES[rng.int(6)]) });
  const failing = (game: AnyGame, seed: number, playouts: number, params: unknown = {}): string[] =>
    checkConformance(game, params, { seed, playouts, agents: [] })
      .properties.filter((p) => p.status === 'fail')
      .map((p) => p.property);

  it("fails a sampler always rolling 1 at South's 8th–10th rolls (chance nodes 15, 17, 19 of 40) at 100 playouts, and at one roll only (node 35) at 300, at any seed; the seed named fails again alone", () => {
    for (const [game, playouts] of [
      [biasedAt([15, 17, 19]), 100],
      [biasedAt([35]), 300],
    ] as const) {
      for (const seed of [1, 4, 1000, 31_337]) {
        const report = checkConformance(game, {}, { seed, playouts, agents: [] });
        expect(report.properties.filter((p) => p.status === 'fail').map((p) => p.property), `seed ${seed}`).toEqual(['chance-sampling']);
        const problem = report.properties.find((p) => p.property === 'chance-sampling')?.problems[0];
        expect(problem?.message).toMatch(/^over 2000 draws, sampleChance disagrees with chanceOutcomes: roll\(1\) drawn 2000 times \(100%\), stated 16\.7%/);
        expect(failing(game, problem?.seed as number, 1), `replaying seed ${problem?.seed}`).toEqual(['chance-sampling']);
      }
    }
  });

  // The hidden-card showdown of review 34f: a hidden card 1..6 each; North calls or folds, then South.
  type Show = { phase: number; hand: number[]; folded: number };
  const SHOW_CHOICES = [Object.freeze({ kind: 'call' }), Object.freeze({ kind: 'fold' })];
  const DEAL = Object.freeze(Array.from({ length: 6 }, (_, i) => Object.freeze({ kind: 'card', value: i + 1 })));
  const showReturns = (s: Show): number[] => (s.folded === 0 ? [0, 0] : s.folded === 1 ? [0.5, -0.5] : (s.hand[0] as number) > (s.hand[1] as number) ? [1, -1] : s.hand[0] === s.hand[1] ? [0, 0] : [-1, 1]);
  const fairDeterminize = (s: Show, seat: number, rng: { int(n: number): number }): Show => ({ phase: s.phase, folded: s.folded, hand: s.hand.map((v, i) => (i === seat || v === 0 ? v : 1 + rng.int(6))) });
  const showdown: AnyGame = {
    id: 'showdown',
    title: 'Showdown (test)',
    seats: ['North', 'South'],
    parameters: {},
    utilityBounds: [-1, 1],
    hiddenInformation: true,
    validateParameters: () => [],
    maxLength: () => 4,
    setup: (): Show => ({ phase: 0, hand: [0, 0], folded: -1 }),
    currentPlayer: (s: Show) => (s.phase >= 4 ? TERMINAL : s.phase === 2 ? 0 : s.phase === 3 ? 1 : CHANCE),
    legalActions(s: Show, into?: unknown[]) {
      const actions = into ?? [];
      actions.length = 0;
      if (s.phase === 2 || s.phase === 3) actions.push(...SHOW_CHOICES);
      return actions;
    },
    chanceOutcomes: (s: Show) => (s.phase <= 1 ? DEAL.map((action) => ({ action, probability: 1 / 6 })) : []),
    sampleChance: (_s: Show, rng) => DEAL[rng.int(6)],
    apply(s: Show, a: { kind: string; value?: number }) {
      if (a.kind === 'card') {
        s.hand[s.phase] = a.value as number;
        s.phase++;
      } else if (a.kind === 'fold') {
        s.folded = s.phase - 2;
        s.phase = 4;
      } else s.phase++;
    },
    isTerminal: (s: Show) => s.phase >= 4,
    returns: showReturns,
    heuristic: (s: Show) => (s.phase >= 4 ? showReturns(s) : [0, 0]),
    observe: (s: Show, seat: number) => ({ phase: s.phase, folded: s.folded, hand: s.hand.map((v, i) => (i === seat ? v : null)) }),
    determinize: fairDeterminize,
    clone: (s: Show) => ({ ...s, hand: [...s.hand] }),
    actionKey: (a: { kind: string; value?: number }) => (a.kind === 'card' ? `card(${a.value})` : a.kind),
    describeState: (s: Show) => `phase ${s.phase}`,
  };
  const truthOr = (peeks: (s: Show, seat: number) => boolean) => (s: Show, seat: number, rng: { int(n: number): number }) => (peeks(s, seat) ? { ...s, hand: [...s.hand] } : fairDeterminize(s, seat, rng));
  const SEEDS = [1, 2, 5, 1000, 31_337];

  it("fails determinization for a determinize returning the truth at North's first (and only) decision, or for North always", () => {
    const peeks: [string, AnyGame][] = [
      ['at the first decision', { ...showdown, determinize: truthOr((s) => s.phase === 2) }],
      ['for North always', { ...showdown, determinize: truthOr((_s, seat) => seat === 0) }],
    ];
    for (const [what, game] of peeks) {
      for (const seed of SEEDS) {
        const report = checkConformance(game, {}, { seed, agents: [] });
        expect(report.properties.filter((p) => p.status === 'fail').map((p) => p.property), `${what}, seed ${seed}`).toEqual(['determinization']);
        const problem = report.properties.find((p) => p.property === 'determinization')?.problems[0];
        // Named by the first part where the two determinizations differ: South's card, which North cannot see.
        expect(problem?.message).toMatch(/^determinize for seat 0 read more than the seat observes: seat 0 observes the state at step 2 of seed \d+ as it observes the one at step 2 of seed \d+, yet one stream determinized them to other states, first at \.hand\[1\] \(\d and \d\); a determinization may depend only on observe\(state, seat\) and the stream/);
        // Two playouts' states compared: the replay plays from the first seed to the second.
        expect(problem?.step).toBeNull();
        expect(failing(game, problem?.seed as number, problem?.playouts as number), `replaying seed ${problem?.seed}, ${problem?.playouts} playouts`).toEqual(['determinization']);
      }
    }
  });

  it('asks only the seat to act, as a run does: a determinize that would copy the truth for a seat not to act is never called so, and passes (review 34h F2)', () => {
    const forOthers = { ...showdown, determinize: truthOr((s, seat) => seat !== (s.phase === 2 ? 0 : 1)) };
    for (const seed of SEEDS) expect(failing(forOthers, seed, 24), `seed ${seed}`).toEqual([]);
  });

  // Crit (review 34f F4): 24 turns, each rolling a d400 whose 1 is a critical hit, each turn its
  // own outcome list: 48 nodes tested, each with an outcome of probability 1/400. A correct sampler.
  type Crit = { t: number; rolling: boolean; score: number[] };
  const CRIT_TURNS = 24;
  const ATTACK = [Object.freeze({ kind: 'attack' }), Object.freeze({ kind: 'feint' })];
  const OUT = Array.from({ length: CRIT_TURNS }, (_, t) =>
    Object.freeze([Object.freeze({ action: Object.freeze({ kind: 'roll', t, crit: true }), probability: 1 / 400 }), Object.freeze({ action: Object.freeze({ kind: 'roll', t, crit: false }), probability: 399 / 400 })]),
  );
  const critOver = (s: Crit): boolean => s.t >= CRIT_TURNS;
  const critReturns = (s: Crit): number[] => (s.score[0] === s.score[1] ? [0, 0] : (s.score[0] as number) > (s.score[1] as number) ? [1, -1] : [-1, 1]);
  const crit: AnyGame = {
    id: 'crit',
    title: 'Crit (test)',
    seats: ['North', 'South'],
    parameters: {},
    utilityBounds: [-1, 1],
    hiddenInformation: false,
    validateParameters: () => [],
    maxLength: () => 2 * CRIT_TURNS,
    setup: (): Crit => ({ t: 0, rolling: false, score: [0, 0] }),
    currentPlayer: (s: Crit) => (critOver(s) ? TERMINAL : s.rolling ? CHANCE : s.t % 2),
    legalActions(s: Crit, into?: unknown[]) {
      const actions = into ?? [];
      actions.length = 0;
      if (!critOver(s) && !s.rolling) actions.push(...ATTACK);
      return actions;
    },
    chanceOutcomes: (s: Crit) => (s.rolling ? [...(OUT[s.t] as readonly { action: unknown; probability: number }[])] : []),
    sampleChance: (s: Crit, rng) => OUT[s.t]?.[rng.int(400) === 0 ? 0 : 1]?.action,
    apply(s: Crit, a: { kind: string; crit?: boolean }) {
      if (a.kind !== 'roll') {
        s.rolling = true;
        return;
      }
      s.score[s.t % 2] = (s.score[s.t % 2] as number) + (a.crit === true ? 10 : 1);
      s.rolling = false;
      s.t++;
    },
    isTerminal: critOver,
    returns: critReturns,
    heuristic: (s: Crit) => (critOver(s) ? critReturns(s) : [0, 0]),
    observe: (s: Crit) => ({ ...s, score: [...s.score] }),
    clone: (s: Crit) => ({ ...s, score: [...s.score] }),
    actionKey: (a: { kind: string; t?: number; crit?: boolean }) => (a.kind === 'roll' ? `t${a.t}:${a.crit === true ? 'crit' : 'hit'}` : a.kind),
    describeState: (s: Crit) => `turn ${s.t}`,
  };

  it('passes the correct games at several seeds: long dice, showdown, and crit with its 1/400 outcome (at the seeds where chi-squared on 2,000 draws had failed it)', () => {
    for (const seed of [1, 4, 1000]) {
      expect(failing(longDice, seed, 100), `long dice, seed ${seed}`).toEqual([]);
    }
    for (const seed of SEEDS) expect(failing(showdown, seed, 24), `showdown, seed ${seed}`).toEqual([]);
    for (const seed of [1, 28_001, 47_001, 73_001, 177_001]) expect(failing(crit, seed, 24), `crit, seed ${seed}`).toEqual([]);
  });

  it('names the outcome a sampler moved most in relative terms: a crit drawn at 1/100, not the common hit', () => {
    const hot: AnyGame = { ...crit, id: 'crit-hot', sampleChance: (s: Crit, rng) => OUT[s.t]?.[rng.int(100) === 0 ? 0 : 1]?.action };
    const problem = checkConformance(hot, {}, { seed: 1, agents: [] }).properties.find((p) => p.property === 'chance-sampling')?.problems[0];
    expect(problem?.message).toMatch(/^over 8000 draws, sampleChance disagrees with chanceOutcomes: t\d+:crit drawn \d+ times \([\d.]+%\), stated 0\.25%/);
  });
});

describe('conform in the command\'s own thread', () => {
  it('lets the event loop turn between playouts, so a Ctrl-C or SIGTERM handler can stop the suite (audit 36a: it ran to the end and exited 0)', async () => {
    let setups = 0;
    const counted: AnyGame = { ...(ticTacToe as AnyGame), setup: (params: unknown) => (setups++, (ticTacToe as AnyGame).setup(params)) };
    // A handler waiting on the loop, as a signal's is: it sees the suite mid-way, more than once.
    const seen: number[] = [];
    let done = false;
    const look = (): void => {
      seen.push(setups);
      if (!done) setImmediate(look);
    };
    setImmediate(look);
    const report = await checkConformanceYielding(counted, defaultParameters(ticTacToe.parameters), { playouts: 12, agents: [] });
    done = true;
    expect(report.ok).toBe(true);
    expect(new Set(seen.filter((count) => count < setups)).size).toBeGreaterThanOrEqual(12);
    // The same report as in one go.
    setups = 0;
    expect(checkConformance(counted, defaultParameters(ticTacToe.parameters), { playouts: 12, agents: [] })).toEqual(report);
  });
});

describe('conform on values that are no list', () => {
  it('names a typed array as what it is, not as a list of its numbers or a record of its indices (audit 36a)', () => {
    const typed: AnyGame = { ...(ticTacToe as AnyGame), returns: () => Float64Array.of(1, -1) as unknown as number[] };
    const report = checkConformance(typed, defaultParameters(ticTacToe.parameters), { playouts: 1, agents: [] });
    const returns = report.properties.find((property) => property.property === 'returns');
    expect(returns?.problems[0]?.message).toBe('returns gave a Float64Array [1, -1], expected a list (an Array) of 2 values');
  });
});
