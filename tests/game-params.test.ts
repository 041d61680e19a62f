/**
 * The parameters a game's functions are handed (src/core/game-params.ts): a scenario's are frozen
 * once read, and a game other than Hordelab's own gets a fresh copy a match, so a setup that
 * writes into its parameters changes that match alone (review 29a).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConformance } from '../src/conform/conformance.js';
import { copyOfData, isOwnGame, paramsFor } from '../src/core/game-params.js';
import { defaultParameters } from '../src/core/parameters.js';
import { deepFreeze } from '../src/core/read-only.js';
import type { AnyGame } from '../src/core/game.js';
import { standaloneText } from '../src/ladder/level-scenario.js';
import { games } from '../src/registry.js';
import { replayMatch } from '../src/run/replay.js';
import { runKey } from '../src/run/run-key.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';

const WRITER = resolve('tests/fixtures/game-modules/param-writer.mjs');

describe('copyOfData', () => {
  it('copies objects, arrays and what they hold, anew; Maps, Sets, Dates and typed arrays by structured clone; hands anything else on', () => {
    class Die {
      constructor(readonly sides: number) {}
    }
    const die = new Die(6);
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    const value = { list: [1, [2, { x: 3 }]], map: new Map([[1, 'a']]), set: new Set([2]), when: new Date(5), bytes: Int8Array.of(1, 2), die, bare, text: 'a', none: null };
    const copy = copyOfData(value);
    expect(copy).toEqual(value);
    for (const part of ['list', 'map', 'set', 'when', 'bytes', 'bare'] as const) expect(copy[part], part).not.toBe(value[part]);
    expect((copy.list[1] as unknown[])[1]).not.toBe((value.list[1] as unknown[])[1]);
    expect(Object.getPrototypeOf(copy.bare)).toBeNull();
    expect(copy.map).toBeInstanceOf(Map);
    expect(copy.die).toBe(die);
    expect([copyOfData(7), copyOfData('x'), copyOfData(null), copyOfData(undefined)]).toEqual([7, 'x', null, undefined]);
  });

  it("hands Hordelab's own games the parameters themselves, any other game a copy", () => {
    const own = games.get('zombie-trainers')?.game as AnyGame;
    const params = { maxRounds: 40 };
    expect(isOwnGame(own)).toBe(true);
    expect(paramsFor(own, params)).toBe(params);
    const other = { ...own } as AnyGame;
    expect(isOwnGame(other)).toBe(false);
    expect(paramsFor(other, params)).not.toBe(params);
    expect(paramsFor(other, params)).toEqual(params);
  });
});

describe('what a game module is handed', () => {
  const base = { ...(games.get('tic-tac-toe')?.game as AnyGame) } as AnyGame;
  const given = deepFreeze({ rounds: 100, targets: [5, 5, 5], nested: { list: [1, 2], name: 'a' } });
  type Given = { rounds: number; targets: number[]; nested: { list: number[]; name: string } };
  const writing = (write: (p: Given) => void): AnyGame => ({ ...base, setup: (p: unknown) => { write(p as Given); return base.setup(p as never); } }) as AnyGame;

  it('the frozen parameters themselves where its setup leaves a copy of them as it was', () => {
    const reading = { ...base, setup: (p: unknown) => base.setup(p as never) } as AnyGame;
    expect(paramsFor(reading, given)).toBe(given);
    expect(paramsFor(reading, given)).toBe(given);
  });

  it('a fresh copy at every call where its setup wrote into one, however it wrote (reviews 29a, 29c)', () => {
    const writes: [string, (p: Given) => void][] = [
      ['a value', (p) => (p.rounds = 50)],
      ['a list taken from', (p) => p.targets.splice(0, 1)],
      ['a key added', (p) => Object.assign(p, { added: 1 })],
      ['a key deleted and added again, now last', (p) => { const { rounds } = p; delete (p as Partial<Given>).rounds; p.rounds = rounds; }],
      ['a named property on an array', (p) => Object.assign(p.targets, { extra: 1 })],
      ['a symbol property on an array', (p) => Object.assign(p.targets, { [Symbol('x')]: 1 })],
      ['a key made a getter', (p) => Object.defineProperty(p, 'rounds', { get: () => 100, set: () => {}, enumerable: true })],
      ['a key made non-enumerable', (p) => Object.defineProperty(p, 'rounds', { enumerable: false })],
      ['an object made non-extensible', (p) => Object.preventExtensions(p.nested)],
      ['a part frozen', (p) => Object.freeze(p.nested.list)],
      ['a nested object replaced by an equal one', (p) => (p.nested = { list: [1, 2], name: 'a' })],
    ];
    for (const [what, write] of writes) {
      const game = writing(write);
      const first = paramsFor(game, given);
      const second = paramsFor(game, given);
      expect(first === given || second === given || first === second, what).toBe(false);
      expect(second, what).toEqual(given);
      expect(Reflect.ownKeys(second), what).toEqual(Reflect.ownKeys(given));
    }
    // A setup that throws on the copy: a copy too (always safe).
    expect(paramsFor(writing(() => { throw new Error('no'); }), given)).not.toBe(given);
  });

  it('a copy too where its setup writes the value already there (a clamp within range), which frozen parameters refuse in strict code (review 28e)', () => {
    const clamp = writing((p) => (p.rounds = Math.min(p.rounds, 200)));
    const first = paramsFor(clamp, given);
    expect(first).not.toBe(given);
    expect(first).toEqual(given);
  });
});

describe('a game whose setup writes into its parameters', () => {
  const text = `game: ${JSON.stringify(WRITER)}\nmatches: 30\nseed: 3\nparams: { rounds: 100 }\nseats: [random, random]\n`;

  it('plays every match from the parameters as given, whatever the matches before it wrote: the run, a shard, a replay and the records agree (review 29a)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-param-writer-'));
    const scenario = await parseScenario(text, join(dir, 'w.yaml'));
    const before = runKey(scenario, { eventFiles: true, maxErrors: 0 }, undefined);
    expect(Object.isFrozen(scenario.params)).toBe(true);
    await runScenario(scenario, { outDir: join(dir, 'whole'), eventFiles: true, command: 'test', workers: 0 });
    await runScenario(scenario, { outDir: join(dir, 'shard'), eventFiles: true, command: 'test', workers: 0, shard: { index: 1, count: 2 } });
    // The shard's matches are the whole run's.
    const rows = (folder: string): string[][] => readFileSync(join(dir, folder, 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((row) => row.split(','));
    expect(rows('shard')).toEqual(rows('whole').slice(15));
    // Each match replayed alone plays as the run did (winner, moves), against a target of 5: the
    // list was never used up, where shared parameters ran out after twenty matches.
    const whole = rows('whole');
    for (let match = 0; match < 30; match++) {
      const replayed = replayMatch(scenario, match, () => {});
      const final = replayed.finalState as { target: number; rounds: number };
      const winner = replayed.returns[0] === 1 ? 'seat1' : replayed.returns[1] === 1 ? 'seat2' : 'draw';
      expect([final.target, final.rounds, winner, 2 * Number(whole[match]?.[5])], `match ${match}`).toEqual([5, 50, whole[match]?.[4], replayed.steps]);
    }
    // The records: as given, before and after the matches.
    const summary = JSON.parse(readFileSync(join(dir, 'whole', 'summary.json'), 'utf8')) as { scenario: { params: { rounds: number; targets: number[] } } };
    expect([summary.scenario.params.rounds, summary.scenario.params.targets.length]).toEqual([100, 20]);
    expect(runKey(scenario, { eventFiles: true, maxErrors: 0 }, undefined)).toBe(before);
    expect(standaloneText(scenario)).toContain('rounds: 100');
    expect((scenario.params as { rounds: number; targets: number[] }).targets).toHaveLength(20);
  });

  it('passes conform: each setup gets its own copy, as each match does', async () => {
    const scenario = await parseScenario(text, 'w.yaml');
    // More setups than the list has entries: a shared copy would run out, and play to a six.
    const report = checkConformance(scenario.entry.game, scenario.params, { playouts: 30 });
    expect(report.properties.filter((property) => property.status === 'fail')).toEqual([]);
  });

  it("conform passes a module game that keeps its parameters in its states, which clones share, as Zombie Trainers does (a copy of it, not Hordelab's own)", () => {
    const own = games.get('zombie-trainers')?.game as AnyGame;
    const copy = { ...own } as AnyGame;
    expect(isOwnGame(copy)).toBe(false);
    const report = checkConformance(copy, deepFreeze(defaultParameters(own.parameters)), { playouts: 3 });
    expect(report.properties.filter((property) => property.status === 'fail')).toEqual([]);
  });
});
