/**
 * `hordelab replay`'s text: its step numbers are the ones a failure names ("failed at step N",
 * errors.csv's `step`), so a replay of a failed match ends just before the step that failed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MatchFailure } from '../src/core/match-runner.js';
import { integerDuelRender } from '../src/games/integer-duel/render.js';
import { zombieTrainersRender } from '../src/games/zombie-trainers/render.js';
import { replayMatch } from '../src/run/replay.js';
import { parseScenario } from '../src/scenario/scenario.js';

/** An agent that plays its first legal action and throws at its `fail`-th decision (from 0). */
const agentFailingAt = (fail: number): string => `export default () => {
  let decisions = 0;
  return { chooseAction: () => { if (decisions++ === ${fail}) throw new Error('gave up'); return 0; } };
};
`;

describe('the text replay', () => {
  it('numbers its steps from 0, as the failure it ends in does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-replay-text-'));
    // Tic-tac-toe has no chance: X plays steps 0, 2, 4, so X's third decision is step 4.
    writeFileSync(join(dir, 'third.mjs'), agentFailingAt(2));
    const file = join(dir, 's.yaml');
    const scenario = await parseScenario('game: tic-tac-toe\nmatches: 3\nseed: 5\nseats: [./third.mjs, random]\n', file);
    const lines: string[] = [];
    let failure: unknown;
    try {
      replayMatch(scenario, 1, (line) => lines.push(line));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(MatchFailure);
    expect((failure as MatchFailure).step).toBe(4);
    expect((failure as MatchFailure).message).toContain('failed at step 4: gave up');
    const numbers = lines.slice(1).map((line) => /^ *(\d+) {2}/.exec(line)?.[1]).filter((n) => n !== undefined).map(Number);
    expect(numbers).toEqual([0, 1, 2, 3]);
    expect(lines[1]).toMatch(/^ {4}0 {2}X: /);
  });

  it('numbers a finished match\'s steps 0 to steps − 1', async () => {
    const scenario = await parseScenario('game: tic-tac-toe\nmatches: 2\nseed: 5\nseats: [random, random]\n', join(tmpdir(), 'finished.yaml'));
    const lines: string[] = [];
    const outcome = replayMatch(scenario, 0, (line) => lines.push(line));
    const numbers = lines.map((line) => /^ *(\d+) {2}[XO]: /.exec(line)?.[1]).filter((n) => n !== undefined).map(Number);
    expect(numbers).toEqual(Array.from({ length: outcome.steps }, (_, i) => i));
  });
});

describe('hordelab replay of a match past the scenario\'s count', () => {
  it('replays it as a longer run would play it, and says it is past the count (audit 22b)', async () => {
    const { hordelabIn } = await import('./cli-harness.js');
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-replay-past-'));
    writeFileSync(join(dir, 's.yaml'), 'game: coin-flip\nmatches: 50\nseed: 3\nseats: [random, random]\n');
    const inside = await hordelabIn(dir, 'replay', 's.yaml', '--match', '49');
    expect([inside.status, inside.stderr]).toEqual([0, '']);
    const past = await hordelabIn(dir, 'replay', 's.yaml', '--match', '50');
    expect(past.status).toBe(0);
    expect(past.stderr).toBe("hordelab: (match 50 is past the scenario's 50 matches, 0..49: replayed as a run of more matches, --matches 51 or more, plays it)\n");
    // The same match a run of 51 plays, with no note there.
    writeFileSync(join(dir, 'longer.yaml'), 'name: s\ngame: coin-flip\nmatches: 51\nseed: 3\nseats: [random, random]\n');
    const longer = await hordelabIn(dir, 'replay', 'longer.yaml', '--match', '50');
    expect([longer.stderr, longer.stdout]).toEqual(['', past.stdout]);
  });
});

describe('counts of one in replays', () => {
  it('say "1 round" and "1 step", not "1 rounds" and "1 steps"', async () => {
    const trainersEnd = { type: 'matchEnd', winner: 0, xp: [0, 0], tieDecided: true, capped: true, rounds: 1, turns: 2 } as const;
    expect(zombieTrainersRender.event?.(trainersEnd as unknown as Parameters<NonNullable<typeof zombieTrainersRender.event>>[0])).toBe('the match ends after 1 round: P1 wins, XP 0–0 (tie rule, rule 28), capped at maxRounds');
    const duelEnd = { type: 'matchEnd', winner: -1, points: [3, 3], rounds: 1 } as const;
    expect(integerDuelRender.event?.(duelEnd as unknown as Parameters<NonNullable<typeof integerDuelRender.event>>[0])).toBe('the match ends: a draw, points 3 to 3 after 1 round');
    const coin = await parseScenario('game: coin-flip\nmatches: 1\nseed: 2\nseats: [random, random]\n', join(tmpdir(), 'one-coin.yaml'));
    const lines: string[] = [];
    const outcome = replayMatch(coin, 0, (line) => lines.push(line));
    expect(outcome.steps).toBe(1);
    expect(lines.at(-1)).toMatch(/ after 1 step \(match seed /);
  });
});

describe('counts of one in sweeps and ladders (review 40r R4)', () => {
  it('say "1 match per configuration", "1 match each", "1 match per level"', async () => {
    const { sweepResult } = await import('./fixtures/sweep-result.js');
    const { formatSweep } = await import('../src/tune/sweep.js');
    const { sweepPage } = await import('../src/present/sweep-page.js');
    const one = sweepResult([{ name: 'actionPoints', values: [3] }], [{ values: { actionPoints: 3 }, matches: 1, metrics: { p1WinRate: { kind: 'rate', value: 1, lower: 0.21, upper: 1, n: 1 } }, differences: {} }], { matchesPerPoint: 1 });
    expect(formatSweep(one)).toContain('(1 match per configuration, ');
    expect(await sweepPage(one, formatSweep(one))).toContain(', 1 match each, all on the same seeds');
  });
});
