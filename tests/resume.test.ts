/**
 * Resume that works as printed (issue 13, item 2): the resume key is the scenario as played and
 * the options that shape the output, not how the command line spelled them. That the "continue:"
 * command printed after Ctrl-C runs verbatim and ends where an uninterrupted run ends is tested
 * on the compiled CLI in the slow tier (tests/slow/interrupted-runs.test.ts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { digest, effectiveScenario, RECORDED_FIGURES, runKey } from '../src/run/run-key.js';
import { HORDELAB_VERSION } from '../src/version.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { playChunk } from '../src/run/play-chunk.js';
import type { Tally } from '../src/stats/clusters.js';

let work = '';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'hordelab-resume-'));
});

describe('the resume key', () => {
  const base = 'game: zombie-trainers\nmatches: 100\nseed: 3\nseats: [random, random]\n';
  const key = async (text: string, overrides: Parameters<typeof parseScenario>[2] = {}, shape = { eventFiles: true, maxErrors: 0 }): Promise<string> =>
    runKey(await parseScenario(text, join(work, 'k.yaml'), overrides), shape, undefined);

  it('is the scenario as played: the same whether a value is typed, given in the file, or left to its default', async () => {
    const reference = await key(base);
    expect(await key(base, { seed: 3, matches: 100 })).toBe(reference);
    expect(await key(base.replace('seats:', 'params: { actionPoints: 3 }\nseats:'))).toBe(reference); // 3 is the default
    expect(await key(base, { set: ['actionPoints=3'] })).toBe(reference);
    expect(await key(base.replace('game:', 'description: reworded\ngame:'))).toBe(reference);
    expect(await key(base.replace('game:', 'quality: { leads: true }\ngame:'))).toBe(reference); // the default
  });

  it('changes with anything that changes the output', async () => {
    const reference = await key(base);
    const changed = [
      await key(base, { seed: 4 }),
      await key(base, { matches: 101 }),
      await key(base, { set: ['actionPoints=4'] }),
      await key(base.replace('[random, random]', '[random, greedy]')),
      await key(base, {}, { eventFiles: false, maxErrors: 0 }),
      await key(base, {}, { eventFiles: true, maxErrors: 1 }),
      // The lead figures left out: other figures recorded (audit 37b M2).
      await key(base.replace('game:', 'quality: { leads: false }\ngame:')),
    ];
    for (const other of changed) expect(other).not.toBe(reference);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it('holds the number of the figures a match records: a checkpoint of a build that recorded fewer is another run (review 24b)', async () => {
    const scenario = await parseScenario(base, join(work, 'k.yaml'));
    const shape = { eventFiles: true, maxErrors: 0 };
    const before = { scenario: effectiveScenario(scenario), ...shape, shard: null, version: HORDELAB_VERSION };
    expect(RECORDED_FIGURES).toBe(7);
    expect(runKey(scenario, shape, undefined)).toBe(digest({ ...before, figures: RECORDED_FIGURES }));
    expect(runKey(scenario, shape, undefined)).not.toBe(digest(before));
  });

  it('is raised with the figures a match records: those of a team game and of a game with leads, listed here', async () => {
    // A figure added to what a match records shows here: raise RECORDED_FIGURES (src/run/run-key.ts)
    // with it, so that no checkpoint or shard without it is resumed or merged, then list it here.
    const recorded = async (game: string, seats: string): Promise<string[]> => {
      const scenario = await parseScenario(`game: ${resolve('tests/fixtures/game-modules', game)}\nmatches: 40\nseed: 1\nseats: ${seats}\n`, resolve('tests/fixtures/game-modules/pin.yaml'));
      const chunk = playChunk(scenario, 0, 40, true);
      const aggregate = chunk.aggregate as { game: { tally: Tally }; quality: { tally: Tally } };
      const names = (prefix: string, tally: Tally): string[] => Object.keys(tally.figures).map((name) => `${prefix}${name.replace(/\u0000/g, '/')}`);
      return [...names('game ', aggregate.game.tally), ...names('quality ', aggregate.quality.tally), ...names('outcomes ', chunk.outcomes.tally)].sort();
    };
    const seatsOf = (prefix: string, seats: number, results: readonly string[]): string[] => Array.from({ length: seats }, (_, seat) => results.map((result) => prefix.replace('#', String(seat + 1)) + result)).flat();
    expect(await recorded('team-coin.mjs', '[random, random, random, random]'), `RECORDED_FIGURES is ${RECORDED_FIGURES}`).toEqual(
      [
        'game decisions', 'game draw', 'game event:won', 'game sharedTop', ...seatsOf('game top:seat#', 4, ['']), ...seatsOf('game win:seat#', 4, ['']),
        'quality branching', 'quality decisions', 'quality draw', 'quality firstMover:seat', 'quality firstMover:top', 'quality firstMover:win', 'quality leadChanges', 'quality led', ...seatsOf('quality seat#:', 4, ['acted', 'draw', 'loss', 'top', 'win']), 'quality sharedTop', 'quality turns',
        ...seatsOf('outcomes agent/random/seat#/', 4, ['draw', 'loss', 'win']), ...seatsOf('outcomes seat/#/', 4, ['draw', 'loss', 'win']),
      ].sort(),
    );
    expect(await recorded('first-six.mjs', '[random, greedy]')).toEqual(
      [
        'game decided:seat1', 'game decided:seat2', 'game decisions', 'game draw', 'game event:rolled', 'game win:seat1', 'game win:seat2',
        'quality branching', 'quality decisions', 'quality decisiveness', 'quality draw', 'quality drama', 'quality firstMover:decidedWin', 'quality firstMover:seat', 'quality firstMover:win', 'quality leadChanges', 'quality led', ...seatsOf('quality seat#:', 2, ['acted', 'draw', 'loss', 'win']), 'quality turns',
        'outcomes agent/greedy/all/draw', 'outcomes agent/greedy/all/halfPoints', 'outcomes agent/greedy/all/loss', 'outcomes agent/greedy/all/win', 'outcomes agent/greedy/seat2/draw', 'outcomes agent/greedy/seat2/loss', 'outcomes agent/greedy/seat2/win',
        'outcomes agent/random/all/draw', 'outcomes agent/random/all/halfPoints', 'outcomes agent/random/all/loss', 'outcomes agent/random/all/win', 'outcomes agent/random/seat1/draw', 'outcomes agent/random/seat1/loss', 'outcomes agent/random/seat1/win',
        ...seatsOf('outcomes seat/#/', 2, ['draw', 'loss', 'win']),
      ].sort(),
    );
    // With an order of skill and choices to make: the chance share and the wins beside it (4), and
    // both again by the seats the more skilled agent held (6).
    const skilled = await recorded('../pick-duel.mjs', '[random, greedy]');
    expect(skilled.filter((name) => name.startsWith('quality chanceShare'))).toEqual(['quality chanceShare', 'quality chanceShare:won', 'quality chanceShare@2', 'quality chanceShare@2:won']);
  });

  it('changes when an agent module is edited between the run and its resume', async () => {
    const module = join(work, 'edited-agent.mjs');
    const text = 'game: tic-tac-toe\nmatches: 10\nseed: 1\nseats: [./edited-agent.mjs, random]\n';
    writeFileSync(module, 'export default () => ({ chooseAction: () => 0 });\n');
    const before = await key(text);
    writeFileSync(module, 'export default () => ({ chooseAction: (d) => d.legalActions.length - 1 });\n');
    expect(await key(text)).not.toBe(before);
  });
});
