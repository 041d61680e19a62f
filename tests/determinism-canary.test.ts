/**
 * Match 0 played twice before a run of a module (src/run/determinism-canary.ts): a game or agent
 * that keeps state from call to call is stopped before its results can depend on worker count.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MetricFailure } from '../src/core/errors.js';
import { playTally } from '../src/ladder/tally.js';
import { around, checkMatchReplays, figureSteps, needsCanary } from '../src/run/determinism-canary.js';
import { isRunStoppingError } from '../src/core/errors.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';

// Imports nothing of Hordelab's build: mutation testing runs these tests where there is none.
const PICK_DUEL = resolve('tests/fixtures/pick-duel.mjs');

describe('a run of a module plays match 0 twice first', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-canary-'));
  // Lists its actions in another order every third call: match 0 goes otherwise the second time.
  writeFileSync(
    join(dir, 'counting.mjs'),
    `import base from ${JSON.stringify(PICK_DUEL)};\nlet calls = 0;\nexport default { ...base, id: 'counting', legalActions(s, into) { const a = base.legalActions(s, into); if (a.length > 1 && ++calls % 3 === 0) a.reverse(); return a; } };\n`,
  );
  // An agent that answers by a count of its calls across matches.
  writeFileSync(join(dir, 'counter-agent.mjs'), 'let calls = 0;\nexport default () => ({ chooseAction: (decision) => (calls++ % 2) % decision.legalActions.length });\n');

  it('stops a game keeping state from call to call before any match is recorded, naming what differed (audit 29b)', async () => {
    const scenario = await parseScenario(`game: ${join(dir, 'counting.mjs')}\nmatches: 20\nseed: 1\nseats: [random, random]\n`, join(dir, 'counting.yaml'));
    expect(needsCanary(scenario)).toBe(true);
    const stopped = await runScenario(scenario, { outDir: join(dir, 'out-counting'), eventFiles: false, command: 'test', workers: 0 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(MetricFailure);
    expect((stopped as MetricFailure).message).toMatch(/^game "counting": played twice before the run from the same seed, the match went otherwise the second time at step \d+ \(.+ the first time; .+ the second\) in match 0 \(match seed [0-9a-f]{16}\); expected a match that depends on its seed alone/);
    expect((stopped as MetricFailure).matchIndex).toBe(0);
  });

  it('stops an agent module keeping state from call to call, and passes a module that plays alike', async () => {
    const agent = await parseScenario(`game: tic-tac-toe\nmatches: 4\nseed: 1\nseats: [${join(dir, 'counter-agent.mjs')}, random]\n`, join(dir, 'agent.yaml'));
    const stopped = await runScenario(agent, { outDir: join(dir, 'out-agent'), eventFiles: false, command: 'test', workers: 0 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect((stopped as Error).message).toContain(`agent "${join(dir, 'counter-agent.mjs')}": played twice before the run`);
    const fine = await parseScenario(`game: ${PICK_DUEL}\nmatches: 10\nseed: 1\nseats: [random, random]\n`, join(dir, 'fine.yaml'));
    expect(needsCanary(fine)).toBe(true);
    const result = await runScenario(fine, { outDir: join(dir, 'out-fine'), eventFiles: false, command: 'test', workers: 0 });
    expect(result.status).toBe('complete');
    expect(readdirSync(join(dir, 'out-fine'))).toContain('matches.csv');
  });

  it('stops a metric module counting across matches beside a game of Hordelab\'s own, and a ladder of a module game as a run (review 29d)', async () => {
    writeFileSync(join(dir, 'counter-metric.mjs'), "let seen = 0;\nexport default { name: 'counter', create: () => ({ onEvent() {}, finishMatch: () => ({ odd: { successes: seen++ % 2, trials: 1 } }) }) };\n");
    const metric = await parseScenario(`game: tic-tac-toe\nmatches: 6\nseed: 1\nseats: [random, random]\nmetrics: [${join(dir, 'counter-metric.mjs')}]\n`, join(dir, 'metric.yaml'));
    expect(needsCanary(metric)).toBe(true);
    const stopped = await runScenario(metric, { outDir: join(dir, 'out-metric'), eventFiles: false, command: 'test', workers: 0 }).then(
      () => null,
      (error: unknown) => error,
    );
    // Only the metric module is named (play went alike), and the excerpts show where the records part.
    const message = (stopped as Error).message;
    const parts = /^metric module [^,]*counter-metric\.mjs: played twice before the run from the same seed, the match went otherwise the second time at step \d+ \((.{1,241}) the first time; (.{1,241}) the second\)/.exec(message);
    expect(parts, message).not.toBeNull();
    expect(parts?.[1]).not.toBe(parts?.[2]);
    const counting = await parseScenario(`game: ${join(dir, 'counting.mjs')}\nmatches: 20\nseed: 1\nseats: [random, random]\n`, join(dir, 'counting.yaml'));
    expect(() => playTally(counting, 0, 20)).toThrow(/^game "counting": played twice before the run/);
    // A tally that does not start at match 0 plays no match again.
    expect(playTally(counting, 1, 3).end).toBe(3);
  });

  it('compares each step, said as it was played, and calls back before the second play and after it', async () => {
    const counting = await parseScenario(`game: ${join(dir, 'counting.mjs')}\nmatches: 4\nseed: 1\nseats: [random, random]\n`, join(dir, 'counting.yaml'));
    let again = 0;
    expect(() => checkMatchReplays(counting, () => again++)).toThrow(
      'game "counting": played twice before the run from the same seed, the match went otherwise the second time at step 0 (seat 1 played pick1 the first time; seat 1 played pick0 the second); expected a match that depends on its seed alone: a module that keeps state from call to call (a counter, a memo of earlier matches) or reads the clock makes a run\'s results depend on how its matches are split over worker threads, which a replay of one match does not show; `hordelab conform` checks a game for it',
    );
    expect(again).toBe(2);
    // A chance outcome drawn otherwise; an action whose key throws; a match that fails the second time.
    const variants: [string, string, RegExp][] = [
      ['chance', `sampleChance(s, rng) { rng.float(); return base.chanceOutcomes(s)[++calls % 2].action; }`, /at step 2 \(chance played win[01] the first time; chance played win[01] the second\)/],
      ['keyless', `legalActions(s, into) { const a = base.legalActions(s, into); if (a.length > 1 && ++calls % 3 === 0) a.reverse(); return a; }, actionKey(a) { if ('pick' in a) throw new Error('no key ' + a.pick); return base.actionKey(a); }`, /at step 0 \(seat 1 played an action whose key threw \(no key 1\) the first time; seat 1 played an action whose key threw \(no key 0\) the second\)/],
      ['failing', `setup(p) { if (++calls === 2) throw new Error('second setup'); return base.setup(p); }`, /at step 0 \(seat 1 played pick[01] the first time; it failed: match 0 of run seed 1 \(match seed [0-9a-f]{16}\) failed at step 0: second setup the second\)/],
      ['shorter', `setup(p) { const s = base.setup(p); if (++calls === 2) s.winner = 0; return s; }`, /at step 0 \(seat 1 played pick[01] the first time; it ended with returns \[1,-1\] the second\)/],
    ];
    for (const [name, body, message] of variants) {
      writeFileSync(join(dir, `${name}.mjs`), `import base from ${JSON.stringify(PICK_DUEL)};\nlet calls = 0;\nexport default { ...base, id: '${name}', ${body} };\n`);
      const scenario = await parseScenario(`game: ${join(dir, `${name}.mjs`)}\nmatches: 4\nseed: 1\nseats: [random, random]\n`, join(dir, `${name}.yaml`));
      expect(() => checkMatchReplays(scenario, () => {}), name).toThrow(message);
    }
    // What stops a run anyway (a metric module's figure of a kind it may not have) is thrown as it is.
    writeFileSync(join(dir, 'bad-metric.mjs'), "export default { name: 'bad', create: () => ({ onEvent() {}, finishMatch: () => ({ odd: { successes: 2, trials: 1 } }) }) };\n");
    const bad = await parseScenario(`game: tic-tac-toe\nmatches: 4\nseed: 1\nseats: [random, random]\nmetrics: [${join(dir, 'bad-metric.mjs')}]\n`, join(dir, 'bad.yaml'));
    let thrown: unknown = null;
    try {
      checkMatchReplays(bad, () => {});
    } catch (error) {
      thrown = error;
    }
    expect(isRunStoppingError(thrown)).toBe(true);
  });

  it('names the game and agents where play went otherwise, the metric modules where only their records did', async () => {
    writeFileSync(join(dir, 'steady-metric.mjs'), "export default { name: 'steady', create: () => ({ onEvent() {}, finishMatch: () => ({ one: { successes: 1, trials: 1 } }) }) };\n");
    const counter = join(dir, 'counter-metric.mjs');
    const metricOnly = await parseScenario(`game: ${PICK_DUEL}\nmatches: 4\nseed: 1\nseats: [random, random]\nmetrics: [${counter}]\n`, join(dir, 'm1.yaml'));
    expect(() => checkMatchReplays(metricOnly, () => {})).toThrow(new RegExp(`^metric module [^,]*counter-metric\\.mjs: played twice`));
    const gameOnly = await parseScenario(`game: ${join(dir, 'counting.mjs')}\nmatches: 4\nseed: 1\nseats: [random, ${join(dir, 'counter-agent.mjs')}]\nmetrics: [${join(dir, 'steady-metric.mjs')}]\n`, join(dir, 'm2.yaml'));
    expect(() => checkMatchReplays(gameOnly, () => {})).toThrow(new RegExp(`^game "counting", agent "${join(dir, 'counter-agent.mjs').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": played twice`));
    // The game's own figures differing (an event it emits every other match), beside a metric module that records alike: the game (review 29f).
    writeFileSync(join(dir, 'lucky.mjs'), `import base from ${JSON.stringify(PICK_DUEL)};\nlet calls = 0;\nexport default { ...base, id: 'lucky', apply(s, action, emit) { base.apply(s, action, emit); if ('winner' in action && ++calls % 2 === 0) emit?.({ type: 'lucky' }); } };\n`);
    const lucky = await parseScenario(`game: ${join(dir, 'lucky.mjs')}\nmatches: 4\nseed: 1\nseats: [random, random]\nmetrics: [${join(dir, 'steady-metric.mjs')}]\n`, join(dir, 'm3.yaml'));
    expect(() => checkMatchReplays(lucky, () => {})).toThrow(/^game "lucky": played twice before the run from the same seed, the match went otherwise the second time at step \d+ \(.* the first time; .*event:lucky.* the second\)/);
  });

  it('says what the report recorded a part at a time: the game\'s figures, each metric module\'s and figure unit\'s by name, the rest by key', () => {
    // Metric modules (the outermost custom figures) and figure units (deeper ones) apart, though they share a name (review 29g).
    expect(figureSteps({ game: { game: { tally: 1 }, custom: { a: { x: 1 }, b: { y: 2 } } }, quality: { q: 1 } }, true)).toEqual([
      'the report recorded the figures game {"tally":1}',
      'the report recorded the figures of metric module "a" {"x":1}',
      'the report recorded the figures of metric module "b" {"y":2}',
      'the report recorded the figures quality {"q":1}',
    ]);
    expect(figureSteps({ game: { game: { tally: 1 }, custom: { a: { x: 1 } } } }, false)).toEqual(['the report recorded the figures game {"tally":1}', 'the report recorded the figures of "a" {"x":1}']);
    expect(figureSteps({ game: { game: { game: 3, custom: { rolls: 1 } }, custom: { rolls: 2 } } }, true)).toEqual([
      'the report recorded the figures game 3',
      'the report recorded the figures of "rolls" 1',
      'the report recorded the figures of metric module "rolls" 2',
    ]);
    expect(figureSteps({ game: null, other: [1] }, true)).toEqual(['the report recorded the figures game null', 'the report recorded the figures other [1]']);
  });

  it('shows a long record where it parts from the other: 60 characters before the first difference, 200 in all', () => {
    const before = 'a'.repeat(300);
    const first = `${before}X${'b'.repeat(300)}`;
    const second = `${before}Y${'b'.repeat(300)}`;
    expect(around(first, second)).toBe(`…${'a'.repeat(60)}X${'b'.repeat(139)}…`);
    expect(around(second, first)).toBe(`…${'a'.repeat(60)}Y${'b'.repeat(139)}…`);
    // Short: whole. Parted near the start: no leading mark. Parted near the end: no trailing one.
    expect(around('short', 'other')).toBe('short');
    expect(around(`X${'b'.repeat(300)}`, `Y${'b'.repeat(300)}`)).toBe(`X${'b'.repeat(199)}…`);
    const tail = `${'a'.repeat(300)}X`;
    expect(around(tail, `${'a'.repeat(300)}Y`)).toBe(`…${'a'.repeat(60)}X`);
    // 240 characters is still short; 241 is not.
    expect(around('c'.repeat(240), 'd')).toBe('c'.repeat(240));
    expect(around('c'.repeat(241), 'c'.repeat(241))).toBe(`…${'c'.repeat(60)}`);
  });

  it("is not played for Hordelab's own game and agents, nor where a seat reads the clock by design", async () => {
    expect(needsCanary(await parseScenario('game: tic-tac-toe\nmatches: 4\nseed: 1\nseats: [random, greedy]\n', join(dir, 'own.yaml')))).toBe(false);
    expect(needsCanary(await parseScenario(`game: ${PICK_DUEL}\nmatches: 4\nseed: 1\nseats: [random, { agent: mcts, config: { timeMs: 5 } }]\n`, join(dir, 'clock.yaml')))).toBe(false);
  });
});
