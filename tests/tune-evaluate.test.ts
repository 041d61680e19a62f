/**
 * What sweep and tune share (`src/tune/evaluate.ts`), pinned down one part at a time in the
 * main thread: configurations on common seeds (a rotated scenario plays whole seed pairs, a
 * seed override gives other matches), the failed-match error and its replay command, metric
 * names checked before any match, values split at top-level commas, joint and card names,
 * repeated values written two ways, and names that could reach an object's prototype.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/errors.js';
import type { Metric } from '../src/present/metrics.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { Evaluator, checkMetricNames, describeNode, jointParts, pickMetric, refuseUnsafeName, repeatedValue, splitValues, summaryNodeAt } from '../src/tune/evaluate.js';
import { ReproducibleFailure } from '../src/core/errors.js';
import { resolve } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'hordelab-evaluate-'));
const COIN = 'name: coin\ngame: coin-flip\nmatches: 100\nseed: 7\nseats: [random, random]\n';
const ROTATED = 'name: rotated\ngame: coin-flip\nmatches: 100\nseed: 7\nseats: { rotate: [random, { agent: random, name: random-b }] }\n';

const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof UsageError) return error.issues.map((issue) => `${issue.source}: ${issue.field === '' ? '' : `${issue.field}: `}${issue.message}`).join('; ');
    throw error;
  }
  return 'no error';
};

describe('an evaluator', () => {
  it('plays a configuration on, continuing its match indices, and counts what it played', async () => {
    const scenario = await parseScenario(COIN, join(dir, 'coin.yaml'), { set: ['drawRate=0.2'] });
    const played: number[] = [];
    const evaluator = new Evaluator(scenario.source, 0, (count) => played.push(count));
    try {
      const configuration = await evaluator.scenario(['winRate=0.3']);
      // The base's own --set stays, the configuration's comes on top.
      expect(configuration.params).toMatchObject({ winRate: 0.3, drawRate: 0.2 });
      expect(await evaluator.scenario(['winRate=0.3'])).toBe(configuration);
      const evaluation = await evaluator.start(['winRate=0.3']);
      expect(evaluation.matches).toBe(0);
      await evaluator.extend(evaluation, 30);
      await evaluator.extend(evaluation, 30);
      await evaluator.extend(evaluation, 10);
      expect(evaluation.matches).toBe(30);
      await evaluator.extend(evaluation, 50);
      expect(played).toEqual([30, 20]);
      // In two steps or one, the same 50 matches.
      const whole = await evaluator.start(['winRate=0.3']);
      await evaluator.extend(whole, 50);
      expect(JSON.stringify(whole.aggregate)).toBe(JSON.stringify(evaluation.aggregate));
      const metric = pickMetric(await evaluator.metrics(evaluation), 'p1WinRate', '--metric');
      expect(metric.n).toBe(50);
      // Another run seed: other matches, another scenario.
      const elsewhere = await evaluator.scenario(['winRate=0.3'], 99);
      expect(elsewhere.seed).toBe(99);
      expect(elsewhere).not.toBe(configuration);
      const other = await evaluator.start(['winRate=0.3']);
      await evaluator.extend(other, 50, 99);
      expect(JSON.stringify(other.aggregate)).not.toBe(JSON.stringify(evaluation.aggregate));
      expect(pickMetric(await evaluator.metrics(other, 99), 'p1WinRate', '--metric').n).toBe(50);
    } finally {
      await evaluator.close();
    }
  });

  it('plays whole seed pairs when seats rotate, and only then', async () => {
    for (const [text, expected] of [
      [ROTATED, [8, 10]],
      [COIN, [7, 10]],
    ] as const) {
      const scenario = await parseScenario(text, join(dir, 'pairs.yaml'));
      const played: number[] = [];
      const evaluator = new Evaluator(scenario.source, 0, (count) => played.push(count));
      try {
        const evaluation = await evaluator.start([]);
        await evaluator.extend(evaluation, 7);
        expect(evaluation.matches).toBe(expected[0]);
        await evaluator.extend(evaluation, 10);
        expect(evaluation.matches).toBe(expected[1]);
        expect(played).toEqual([expected[0], expected[1] - expected[0]]);
      } finally {
        await evaluator.close();
      }
    }
    // Without a progress callback it plays all the same.
    const quiet = new Evaluator((await parseScenario(COIN, join(dir, 'quiet.yaml'))).source, 0);
    const evaluation = await quiet.start([]);
    await quiet.extend(evaluation, 4);
    expect(evaluation.matches).toBe(4);
    await quiet.close();
  });

  it('stops at a failed match with the error that replays it, keeping none of that batch', async () => {
    const doomed = resolve('tests/fixtures/doomed-agent.mjs');
    const text = `game: zombie-trainers\nmatches: 20\nseed: 4\nseats:\n  - { agent: ${JSON.stringify(doomed)}, name: doomed, config: { fate: throw, every: 7 } }\n  - random\n`;
    const scenario = await parseScenario(text, join(dir, 'doomed.yaml'));
    const evaluator = new Evaluator(scenario.source, 0);
    try {
      const evaluation = await evaluator.start(['startXp=1']);
      const failure = await evaluator.extend(evaluation, 10).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ReproducibleFailure);
      expect((failure as ReproducibleFailure).message).toMatch(/^configuration startXp=1: match \d+ of run seed 4 .*doomed agent gave up$/);
      expect((failure as ReproducibleFailure).reproduce).toMatch(/^hordelab replay \S*doomed\.yaml --match \d+ --seed 4 --set startXp=1$/);
      expect(evaluation.matches).toBe(0);
    } finally {
      await evaluator.close();
    }
  });

  it('turns a failed match into the error that names the configuration and the replay command', async () => {
    const scenario = await parseScenario(COIN, join(dir, 'coin.yaml'), { set: ['drawRate=0.2'] });
    const evaluator = new Evaluator(scenario.source, 0);
    try {
      const configuration = await evaluator.scenario(['winRate=0.3']);
      const failure = evaluator.failed(configuration, ['winRate=0.3'], { matchIndex: 4, message: 'match 4 failed' } as never);
      expect(failure.message).toBe('configuration winRate=0.3: match 4 failed');
      expect(failure.reproduce).toBe(`hordelab replay ${join(dir, 'coin.yaml')} --match 4 --seed 7 --set drawRate=0.2 --set winRate=0.3`);
      const base = new Evaluator((await parseScenario(COIN, join(dir, 'coin.yaml'))).source, 0);
      expect(base.failed(configuration, [], { matchIndex: 1, message: 'gone' } as never).message).toBe('configuration (base): gone');
      expect(base.failed(configuration, [], { matchIndex: 1, message: 'gone' } as never).reproduce).toBe(`hordelab replay ${join(dir, 'coin.yaml')} --match 1 --seed 7`);
      expect(base.failed(configuration, ['winRate=0.3', 'drawRate=0.1'], { matchIndex: 1, message: 'gone' } as never).message).toBe('configuration winRate=0.3 drawRate=0.1: gone');
      await base.close();
      // The command's --match-timeout goes with it, so replay stops a hung match where the command did.
      const limited = new Evaluator((await parseScenario(COIN, join(dir, 'coin.yaml'))).source, 0, undefined, 5);
      expect(limited.failed(configuration, [], { matchIndex: 1, message: 'gone' } as never).reproduce).toBe(`hordelab replay ${join(dir, 'coin.yaml')} --match 1 --seed 7 --match-timeout 5`);
      await limited.close();
    } finally {
      await evaluator.close();
    }
  });
});

describe('metric names', () => {
  const metrics = Array.from({ length: 20 }, (_, index) => ({ path: `m${index}`, kind: 'rate' }) as unknown as Metric);

  it('are picked by their whole path, or refused listing the first 15 of what there is', () => {
    expect(pickMetric(metrics, 'm3', '--metric')).toBe(metrics[3]);
    expect(messageOf(() => pickMetric(metrics, 'm', '--metric'))).toBe(`--metric: no metric "m" in the results; there are: ${metrics.slice(0, 15).map((metric) => metric.path).join(', ')}, ... (20 in all)`);
    expect(messageOf(() => pickMetric(metrics.slice(0, 15), 'x', '--target x=1'))).toBe(`--target x=1: no metric "x" in the results; there are: ${metrics.slice(0, 15).map((metric) => metric.path).join(', ')}`);
  });

  it('are checked against the empty summary: a top-level typo, a group, a part of a figure, a quality typo, a count', async () => {
    const scenario = await parseScenario(COIN, join(dir, 'coin.yaml'));
    const check = (name: string, outcomes = false): string => messageOf(() => checkMetricNames(scenario, [{ name, source: `--metric ${name}` }], outcomes));
    expect(check('p1WinRatio')).toBe('--metric p1WinRatio: no metric "p1WinRatio" in coin-flip results; they start with: p1WinRate, p2WinRate, drawRate, decided, quality');
    expect(check('quality.firstMover')).toBe('--metric quality.firstMover: is a group of figures, not one; name one of them, such as quality.firstMover.win, quality.firstMover.decidedWin');
    expect(check('p1WinRate.lower')).toBe('--metric p1WinRate.lower: no metric "p1WinRate.lower": p1WinRate is a figure, with no figures inside it; name p1WinRate');
    expect(check('quality.drama.x')).toBe('--metric quality.drama.x: no metric "quality.drama.x": quality.drama is a figure, with no figures inside it; name quality.drama');
    const qualityNames = 'quality.bySeat.seat1.win, quality.bySeat.seat1.draw, quality.bySeat.seat1.loss, quality.bySeat.seat2.win, quality.bySeat.seat2.draw, quality.bySeat.seat2.loss, quality.draw, quality.firstMover.win, quality.firstMover.decidedWin, quality.length.decisions, quality.length.turns, quality.branching, quality.decisiveness, quality.leadChanges, quality.drama';
    expect(check('quality.dram')).toBe(`--metric quality.dram: no metric "quality.dram" in coin-flip results; the quality figures are: ${qualityNames}`);
    // The outcome tables only where the command has them.
    expect(check('outcomes.bySeat.seat1.win', true)).toBe('no error');
    expect(check('p1WinRatio', true)).toContain('no metric "p1WinRatio" in coin-flip results');
    expect(check('outcomes.bySeat.seat1.win')).toBe('--metric outcomes.bySeat.seat1.win: no metric "outcomes.bySeat.seat1.win": a tune reads the game\'s results, not the outcome tables; per-seat rates are quality.bySeat.<seat>.win (or .draw, .loss)');
    const kinds = checkMetricNames(scenario, [{ name: 'p1WinRate', source: '-' }, { name: 'quality.length.turns', source: '-' }], false);
    expect([...kinds]).toEqual([
      ['p1WinRate', 'rate'],
      ['quality.length.turns', 'mean'],
    ]);
    const duel = await parseScenario('game: integer-duel\nmatches: 4\nseed: 1\nseats: [random, random]\n', join(dir, 'duel.yaml'));
    const inDuel = (name: string): string => messageOf(() => checkMetricNames(duel, [{ name, source: `--metric ${name}` }], false));
    expect(inDuel('matches')).toBe('--metric matches: no metric "matches": matches is a plain number, not a rate or mean with an interval');
    expect(inDuel('plantsMinusZombies')).toBe('--metric plantsMinusZombies: no metric "plantsMinusZombies": plantsMinusZombies is an interval of another kind (difference, lower, upper), not a rate or mean with an interval');
    expect(inDuel('plantsMinusZombies.difference')).toContain('plantsMinusZombies is an interval of another kind');
    // Names that exist only once matches are played (one card's) pass, and so does a whole group of them.
    expect(inDuel('cards.plants.+6.playRateWhenHeld')).toBe('no error');
    expect(inDuel('cards')).toBe('no error');
  });
});

describe('flag values', () => {
  it('split at top-level commas only, trimmed, refusing nothing themselves', () => {
    expect(splitValues('a, b,[1,2],{x: 1, y: 2}')).toEqual(['a', 'b', '[1,2]', '{x: 1, y: 2}']);
    expect(splitValues('[[1,2],[3]],4')).toEqual(['[[1,2],[3]]', '4']);
    expect(splitValues('{a: [1, 2]}, {b: 3}')).toEqual(['{a: [1, 2]}', '{b: 3}']);
    expect(splitValues('x')).toEqual(['x']);
    expect(splitValues('')).toEqual([]);
    expect(splitValues('  ')).toEqual([]);
    // A trailing or doubled comma leaves an empty value for the caller to refuse.
    expect(splitValues('0.4,')).toEqual(['0.4', '']);
    expect(splitValues('a,,b')).toEqual(['a', '', 'b']);
    expect(splitValues(',')).toEqual(['', '']);
  });

  it('name a value given twice, as written, values compared as --set reads them', () => {
    expect(repeatedValue(['a', 'b', 'c'])).toBeNull();
    expect(repeatedValue(['a', 'b', 'a'])).toBe('a');
    expect(repeatedValue(['0.5', '0.50'])).toBe('0.50 (the same as 0.5)');
    expect(repeatedValue(['.5', '5e-1'])).toBe('5e-1 (the same as .5)');
    expect(repeatedValue(['+2', '2'])).toBe('2 (the same as +2)');
    expect(repeatedValue(['-2', '2'])).toBeNull();
    expect(repeatedValue(['1E2', '100'])).toBe('100 (the same as 1E2)');
    expect(repeatedValue(['1e+2', '100.0'])).toBe('100.0 (the same as 1e+2)');
    // As --set reads them (YAML): hex and octal are numbers too (audit 22b); text is compared as written.
    expect(repeatedValue(['0x10', '16'])).toBe('16 (the same as 0x10)');
    expect(repeatedValue(['0o5', '5'])).toBe('5 (the same as 0o5)');
    expect(repeatedValue(['True', 'true'])).toBe('true (the same as True)');
    expect(repeatedValue(['.nan', '.inf'])).toBeNull();
    expect(repeatedValue(['"5"', '5'])).toBeNull();
    expect(repeatedValue(['1.', '1'])).toBe('1 (the same as 1.)');
    expect(repeatedValue(['5e', '5'])).toBeNull();
    expect(repeatedValue(['a5', '5'])).toBeNull();
    expect(repeatedValue(['5a', '5'])).toBeNull();
    expect(repeatedValue(['--5', '-5'])).toBeNull();
    expect(repeatedValue(['.', '0'])).toBeNull();
    expect(repeatedValue(['1e2x', '100'])).toBeNull();
    expect(repeatedValue(['1ex', '1'])).toBeNull();
    expect(repeatedValue(['1e-x', '1'])).toBeNull();
    expect(repeatedValue(['12', '12.0'])).toBe('12.0 (the same as 12)');
    expect(repeatedValue(['.25', '0.25'])).toBe('0.25 (the same as .25)');
    expect(repeatedValue(['2e10', '20000000000'])).toBe('20000000000 (the same as 2e10)');
    // As the flag parser leaves them, untrimmed: a number with spaces is still that number.
    expect(repeatedValue([' 0.5', '0.50'])).toBe('0.50 (the same as  0.5)');
  });

  it('walk the empty summary to a count, text, a switch or an interval of another kind, and stop at what may fill', () => {
    const summary = { a: { b: 3, s: 'text', t: true, n: null, map: {}, diff: { difference: 0, lower: -1, upper: 1 }, rate: { rate: 0.5, lower: 0, upper: 1 }, mean: { mean: 2, lower: 1, upper: 3 } }, odd: { undefined: 5 }, low: { lower: 0 }, up: { upper: 1 } };
    expect(summaryNodeAt(summary, 'a.b')).toBe('a.b');
    expect(summaryNodeAt(summary, 'a.b.c')).toBe('a.b');
    expect(summaryNodeAt(summary, 'a.s')).toBe('a.s');
    expect(summaryNodeAt(summary, 'a.t')).toBe('a.t');
    expect(summaryNodeAt(summary, 'a.diff')).toBe('a.diff');
    expect(summaryNodeAt(summary, 'a.diff.lower')).toBe('a.diff');
    for (const path of ['a', 'x', 'a.x', 'a.n', 'a.n.x', 'a.map', 'a.map.x', 'a.rate', 'a.mean', 'odd', 'low', 'up']) expect(summaryNodeAt(summary, path), path).toBeNull();
    expect(describeNode(summary, 'a.b')).toBe('a plain number');
    expect(describeNode(summary, 'a.s')).toBe('a string');
    expect(describeNode(summary, 'a.t')).toBe('a boolean');
    expect(describeNode(summary, 'a.diff')).toBe('an interval of another kind (difference, lower, upper)');
  });

  it('join settings at a + after a character, and keep a card name whole', () => {
    expect(jointParts('a+b')).toEqual(['a', 'b']);
    expect(jointParts(' a + b ')).toEqual(['a', 'b']);
    expect(jointParts('decks.plants.+6')).toEqual(['decks.plants.+6']);
    expect(jointParts('+1')).toEqual(['+1']);
  });

  it('refuse a name that could reach an object prototype, in any part', () => {
    expect(messageOf(() => refuseUnsafeName('traps.80', '--vary traps.80=1,2'))).toBe('no error');
    for (const name of ['__proto__', 'a.__proto__', 'a+constructor', 'a. prototype']) {
      expect(messageOf(() => refuseUnsafeName(name, `--vary ${name}=1`))).toMatch(/is not allowed/);
    }
  });
});
