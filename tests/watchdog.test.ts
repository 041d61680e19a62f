import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MAX_WATCHDOG_MS, withinTimeout } from '../src/core/watchdog.js';
import type { AgentFactory } from '../src/core/agent.js';
import type { AnyGame } from '../src/core/game.js';
import { playMatch } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { enterMatch, leaveMatch, matchesInPlayNow } from '../src/core/unseeded-random.js';
import { games } from '../src/registry.js';
import { randomAgent } from '../agents/random.js';

const endless = (): never => {
  for (;;);
};

describe('withinTimeout', () => {
  it('gives the value of a call that returns', () => {
    expect(withinTimeout(1000, () => 42)).toEqual({ stopped: false, value: 42 });
  });

  it('stops a call that never returns, and says so', () => {
    expect(withinTimeout(30, endless)).toEqual({ stopped: true });
  });

  it('leaves no match in play after stopping one mid-match (a stop skips its finally): Math.random is JavaScript\'s own again', () => {
    const ticTacToe = (games.get('tic-tac-toe') as { game: AnyGame }).game;
    const looping: AgentFactory = { id: './loop.mjs', description: 'never answers', validateConfig: () => [], create: () => ({ chooseAction: endless }) };
    const spec = { game: ticTacToe, params: defaultParameters(ticTacToe.parameters), seats: [looping, randomAgent].map((factory) => ({ factory, config: {} })), runSeed: 1, matchIndex: 0 };
    expect(withinTimeout(30, () => playMatch(spec, null))).toEqual({ stopped: true });
    expect(matchesInPlayNow()).toBe(0);
    const drawn = Math.random();
    expect(drawn >= 0 && drawn < 1).toBe(true);
    // Stopped inside a match that goes on: the count is that match's again.
    enterMatch();
    try {
      expect(withinTimeout(30, () => playMatch(spec, null))).toEqual({ stopped: true });
      expect(matchesInPlayNow()).toBe(1);
      expect(() => Math.random()).toThrow('Math.random was called during a match');
    } finally {
      leaveMatch();
    }
  });

  it('runs the call unwatched when the timeout is not a whole number of milliseconds it can take', () => {
    for (const timeout of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31]) expect(withinTimeout(timeout, () => 'plain')).toEqual({ stopped: false, value: 'plain' });
  });

  it('watches from 1 ms to vm\'s longest timeout, 2^31 − 1 ms, and no further', () => {
    // A watched call runs inside the watch's script: its stack shows the script's frame.
    const watched = (timeout: number): boolean => {
      const result = withinTimeout(timeout, () => new Error('where').stack ?? '');
      return !result.stopped && result.value.includes('evalmachine');
    };
    expect(MAX_WATCHDOG_MS).toBe(2 ** 31 - 1);
    expect([watched(0.5), watched(MAX_WATCHDOG_MS), watched(MAX_WATCHDOG_MS + 1)]).toEqual([false, true, false]);
    // 1 ms is watched: a loop is stopped (a call that returns could be stopped too, at 1 ms).
    expect(withinTimeout(1, endless)).toEqual({ stopped: true });
  });

  it('leaves nothing of the call on the global object once it is done, stopped or not', () => {
    const watchedKey = Symbol.for('hordelab.watched');
    withinTimeout(1000, () => withinTimeout(1000, () => 1));
    withinTimeout(20, endless);
    expect((globalThis as unknown as Record<symbol, unknown>)[watchedKey]).toBeUndefined();
  });

  it('passes on what the call throws, an imitation of its stop included: a failure is not reported as a hang', () => {
    const thrown = new Error('no');
    expect(() => withinTimeout(1000, () => { throw thrown; })).toThrow(thrown);
    // An object with the stop's code, and an Error with its code and this watch's very message.
    const imitation = { code: 'ERR_SCRIPT_EXECUTION_TIMEOUT' };
    expect(() => withinTimeout(1000, () => { throw imitation; })).toThrow();
    const forged = Object.assign(new Error('Script execution timed out after 1000ms'), { code: 'ERR_SCRIPT_EXECUTION_TIMEOUT' });
    let caught: unknown;
    try {
      withinTimeout(1000, () => { throw forged; });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(forged);
  });

  it('passes on the stop of a vm timeout the call set itself, as a failure of the call', () => {
    let caught: unknown;
    try {
      withinTimeout(5000, () => new Script('for(;;);').runInThisContext({ timeout: 20 }));
    } catch (error) {
      caught = error;
    }
    expect((caught as { code?: unknown }).code).toBe('ERR_SCRIPT_EXECUTION_TIMEOUT');
  });

  it('nests: an inner watch stops at its own limit and the outer call goes on', () => {
    const outer = withinTimeout(5000, () => {
      const inner = withinTimeout(20, endless);
      return inner.stopped ? 'inner stopped' : 'inner returned';
    });
    expect(outer).toEqual({ stopped: false, value: 'inner stopped' });
    // The outer limit stops a loop inside an inner watch with a longer one.
    expect(withinTimeout(30, () => withinTimeout(60_000, endless))).toEqual({ stopped: true });
  });
});
