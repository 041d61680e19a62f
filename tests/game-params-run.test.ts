/**
 * A game module whose setup writes into its parameters, played through runs, shards, replays and
 * conform (src/core/game-params.ts; the unit tests are in game-params.test.ts, which mutation
 * testing runs: these need the build a fixture module imports).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkConformance } from '../src/conform/conformance.js';
import { isOwnGame } from '../src/core/game-params.js';
import type { AnyGame } from '../src/core/game.js';
import { deepFreeze } from '../src/core/read-only.js';
import { standaloneText } from '../src/ladder/level-scenario.js';
import { games } from '../src/registry.js';
import { replayMatch } from '../src/run/replay.js';
import { runKey } from '../src/run/run-key.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';

const WRITER = resolve('tests/fixtures/game-modules/param-writer.mjs');

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

  it('gives parameters JSON would write alike other run keys, and records them apart in summary.json (review 30b: shards of 0 and -0 merged)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-param-key-'));
    const keyOf = async (targets: string): Promise<string> => runKey(await parseScenario(`game: ${JSON.stringify(WRITER)}\nmatches: 4\nseed: 3\nparams: { targets: ${targets} }\nseats: [random, random]\n`, join(dir, 'k.yaml')), { eventFiles: true, maxErrors: 0 }, undefined);
    const keys = await Promise.all(['[0]', '[-0]', '[.nan]', '[null]', '[.inf]', '[{ $number: "-0" }]'].map(keyOf));
    expect(new Set(keys).size).toBe(keys.length);
    // The same parameters written otherwise are one run.
    expect(await keyOf('[0.0]')).toBe(keys[0]);
    const scenario = await parseScenario(`game: ${JSON.stringify(WRITER)}\nmatches: 2\nseed: 3\nparams: { targets: [-0, 5] }\nseats: [random, random]\n`, join(dir, 'z.yaml'));
    await runScenario(scenario, { outDir: join(dir, 'out'), eventFiles: false, command: 'test', workers: 0 });
    const summary = JSON.parse(readFileSync(join(dir, 'out', 'summary.json'), 'utf8')) as { scenario: { params: unknown } };
    expect(summary.scenario.params).toEqual({ rounds: 20, targets: [{ $number: '-0' }, 5] });
  });

  it('passes conform: each setup gets its own copy, as each match does', async () => {
    const scenario = await parseScenario(text, 'w.yaml');
    // More setups than the list has entries: a shared copy would run out, and play to a six.
    const report = checkConformance(scenario.entry.game, scenario.params, { playouts: 30 });
    expect(report.properties.filter((property) => property.status === 'fail')).toEqual([]);
  });

  it('conform passes a module game whose states keep its parameters, which clones and observations share', () => {
    const ttt = games.get('tic-tac-toe')?.game as AnyGame;
    type Kept = { config: unknown };
    const keeping = {
      ...ttt,
      // A parameter of its own for the states to keep: conform reads the parameters it is given
      // by the game's specs, as a run does (audit 41a F11).
      parameters: { size: { description: 'Kept, not read.', schema: z.number().int(), default: 3 } },
      setup: (p: unknown) => ({ ...(ttt.setup(p as never) as object), config: p }),
      clone: (s: Kept) => ({ ...(ttt.clone(s as never) as object), config: s.config }),
      observe: (s: Kept, seat: number) => ({ ...(ttt.observe(s as never, seat) as object), config: s.config }),
    } as unknown as AnyGame;
    expect(isOwnGame(keeping)).toBe(false);
    const report = checkConformance(keeping, deepFreeze({ size: 3 }), { playouts: 3 });
    expect(report.properties.filter((property) => property.status === 'fail')).toEqual([]);
  });
});
