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
import { around, checkMatchReplays, figureParts, firstDifference, needsCanary, PlayRecord, type PlayPart } from '../src/run/determinism-canary.js';
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
    // Hordelab's own game is not named, only the agent module.
    expect((stopped as Error).message.startsWith(`agent "${join(dir, 'counter-agent.mjs')}": played twice before the run`)).toBe(true);
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
    const parts = /^metric module [^,]*counter-metric\.mjs: played twice before the run from the same seed, the match went otherwise the second time at the end \(the report recorded the figures of metric module "counter" (.{1,241}) the first time; the report recorded the figures of metric module "counter" (.{1,241}) the second\)/.exec(message);
    expect(parts, message).not.toBeNull();
    expect(parts?.[1]).not.toBe(parts?.[2]);
    const counting = await parseScenario(`game: ${join(dir, 'counting.mjs')}\nmatches: 20\nseed: 1\nseats: [random, random]\n`, join(dir, 'counting.yaml'));
    expect(() => playTally(counting, 0, 20)).toThrow(/^game "counting": played twice before the run/);
    // A tally that does not start at match 0 plays no match again.
    expect(playTally(counting, 1, 3).end).toBe(3);
  });

  it("compares the run's own play of match 0 with the plays before it, in a run and a tally (review 30b: a module changing from its third call passed)", async () => {
    writeFileSync(join(dir, 'third.mjs'), `import base from ${JSON.stringify(PICK_DUEL)};\nlet setups = 0;\nexport default { ...base, id: 'third', setup(p) { setups++; return base.setup(p); }, legalActions(s, into) { const a = base.legalActions(s, into); if (a.length > 1 && setups % 3 === 0) a.reverse(); return a; } };\n`);
    const third = await parseScenario(`game: ${join(dir, 'third.mjs')}\nmatches: 6\nseed: 1\nseats: [random, random]\n`, join(dir, 'third.yaml'));
    for (const eventFiles of [false, true]) {
      const stopped = await runScenario(third, { outDir: join(dir, `out-third-${eventFiles}`), eventFiles, command: 'test', workers: 0 }).then(
        () => null,
        (error: unknown) => error,
      );
      expect((stopped as Error).message).toMatch(/^game "third": played before the run and then in it from the same seed, the run's own play went otherwise at step 0 \(seat 1 played pick(\d) before the run; seat 1 played pick(?!\1)\d in the run\) in match 0 /);
    }
    expect(() => playTally(third, 0, 6)).toThrow(/^game "third": played before the run and then in it from the same seed, the run's own play went otherwise at step 0 /);
    // The run's own play failing where the plays before it did not.
    writeFileSync(join(dir, 'third-fails.mjs'), `import base from ${JSON.stringify(PICK_DUEL)};\nlet setups = 0;\nexport default { ...base, id: 'third-fails', setup(p) { if (++setups % 3 === 0) throw new Error('third setup'); return base.setup(p); } };\n`);
    const fails = await parseScenario(`game: ${join(dir, 'third-fails.mjs')}\nmatches: 6\nseed: 1\nseats: [random, random]\n`, join(dir, 'third-fails.yaml'));
    const failed = await runScenario(fails, { outDir: join(dir, 'out-third-fails'), eventFiles: false, command: 'test', workers: 0, maxErrors: 5 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect((failed as Error).message).toMatch(/the run's own play went otherwise at step 0 \(seat 1 played pick\d before the run; it failed: match 0 of run seed 1 \(match seed [0-9a-f]{16}\) failed at step 0: third setup in the run\)/);
    expect(() => playTally(fails, 0, 6)).toThrow(/the run's own play went otherwise at step 0 \(seat 1 played pick\d before the run; it failed: .*third setup in the run\)/);
    // A game that plays alike every time passes, its own play compared too, with event files or without.
    const steady = await parseScenario(`game: ${PICK_DUEL}\nmatches: 6\nseed: 1\nseats: [random, random]\n`, join(dir, 'steady.yaml'));
    expect(needsCanary(steady)).toBe(true);
    for (const eventFiles of [false, true]) expect((await runScenario(steady, { outDir: join(dir, `out-steady-${eventFiles}`), eventFiles, command: 'test', workers: 0 })).status).toBe('complete');
    expect(playTally(steady, 0, 6).end).toBe(6);
  });

  it("plays match 0 again through the first play's report collector: a report counting across matches is stopped (review 30b)", async () => {
    // A module game with its own report, whose collector numbers the matches it has seen.
    writeFileSync(
      join(dir, 'seen-report.mjs'),
      `import game from ${JSON.stringify(PICK_DUEL)};\nconst report = { gameId: 'seen', matchColumns: ['seen'], eventTables: [], createCollector() { let seen = 0; return { onEvent() {}, finishMatch(context, aggregate) { seen++; aggregate.seen += seen; return { matchRow: [seen], eventRows: [] }; }, discardMatch() {} }; }, emptyAggregate: () => ({ seen: 0 }), mergeAggregates(into, other) { into.seen += other.seen; }, summarize: (a) => ({ seen: a.seen }), formatSummary: (s) => 'seen ' + s.seen };\nexport default { game: { ...game, id: 'seen' }, report, defaultMetric: 'seen' };\n`,
    );
    const seen = await parseScenario(`game: ${join(dir, 'seen-report.mjs')}\nmatches: 4\nseed: 1\nseats: [random, random]\n`, join(dir, 'seen.yaml'));
    expect(() => checkMatchReplays(seen, false, () => {})).toThrow(/^game "seen": played twice before the run from the same seed, the match went otherwise the second time at the end \(the report recorded the row \[1\] the first time; the report recorded the row \[2\] the second\)/);
  });

  it('compares each step, said as it was played, and calls back before the second play and after it', async () => {
    const counting = await parseScenario(`game: ${join(dir, 'counting.mjs')}\nmatches: 4\nseed: 1\nseats: [random, random]\n`, join(dir, 'counting.yaml'));
    let again = 0;
    let said = '';
    try {
      checkMatchReplays(counting, false, () => again++);
    } catch (error) {
      said = (error as Error).message;
    }
    // Which step parts depends on how many calls the tests above made of the counting game.
    const step = /^game "counting": played twice before the run from the same seed, the match went otherwise the second time at step (\d+) \(seat (\d) played pick(\d) the first time; seat (\d) played pick(\d) the second\); /.exec(said);
    expect(step, said).not.toBeNull();
    expect([step?.[2], step?.[3] === step?.[5]]).toEqual([step?.[4], false]);
    expect(said).toContain('; expected a match that depends on its seed alone: a module that keeps state from call to call (a counter, a memo of earlier matches) or reads the clock makes a run\'s results depend on how its matches are split over worker threads, which a replay of one match does not show; `hordelab conform` checks a game for it');
    expect(again).toBe(2);
    // A chance outcome drawn otherwise; an action whose key throws; a match that fails the second time.
    const variants: [string, string, RegExp][] = [
      ['chance', `sampleChance(s, rng) { rng.float(); return base.chanceOutcomes(s)[++calls % 2].action; }`, /at step 2 \(chance played win[01] the first time; chance played win[01] the second\)/],
      ['keyless', `legalActions(s, into) { const a = base.legalActions(s, into); if (a.length > 1 && ++calls % 3 === 0) a.reverse(); return a; }, actionKey(a) { if ('pick' in a) throw new Error('no key ' + a.pick); return base.actionKey(a); }`, /at step 0 \(seat 1 played an action whose key threw \(no key 1\) the first time; seat 1 played an action whose key threw \(no key 0\) the second\)/],
      ['failing', `setup(p) { if (++calls === 2) throw new Error('second setup'); return base.setup(p); }`, /at step 0 \(seat 1 played pick[01] the first time; it failed: match 0 of run seed 1 \(match seed [0-9a-f]{16}\) failed at step 0: second setup the second\)/],
      ['shorter', `setup(p) { const s = base.setup(p); if (++calls === 2) s.winner = 0; return s; }`, /at step 0 \(seat 1 played pick[01] the first time; it ended with returns \[1,-1\] the second\)/],
      ['longer', `setup(p) { const s = base.setup(p); if (++calls === 1) s.winner = 0; return s; }`, /at step 0 \(it ended with returns \[1,-1\] the first time; seat 1 played pick[01] the second\)/],
    ];
    for (const [name, body, message] of variants) {
      writeFileSync(join(dir, `${name}.mjs`), `import base from ${JSON.stringify(PICK_DUEL)};\nlet calls = 0;\nexport default { ...base, id: '${name}', ${body} };\n`);
      const scenario = await parseScenario(`game: ${join(dir, `${name}.mjs`)}\nmatches: 4\nseed: 1\nseats: [random, random]\n`, join(dir, `${name}.yaml`));
      expect(() => checkMatchReplays(scenario, false, () => {}), name).toThrow(message);
    }
    // What stops a run anyway (a metric module's figure of a kind it may not have) is thrown as it is.
    writeFileSync(join(dir, 'bad-metric.mjs'), "export default { name: 'bad', create: () => ({ onEvent() {}, finishMatch: () => ({ odd: { successes: 2, trials: 1 } }) }) };\n");
    const bad = await parseScenario(`game: tic-tac-toe\nmatches: 4\nseed: 1\nseats: [random, random]\nmetrics: [${join(dir, 'bad-metric.mjs')}]\n`, join(dir, 'bad.yaml'));
    let thrown: unknown = null;
    try {
      checkMatchReplays(bad, false, () => {});
    } catch (error) {
      thrown = error;
    }
    expect(isRunStoppingError(thrown)).toBe(true);
  });

  it('names the game and agents where play went otherwise, the metric modules where only their records did', async () => {
    writeFileSync(join(dir, 'steady-metric.mjs'), "export default { name: 'steady', create: () => ({ onEvent() {}, finishMatch: () => ({ one: { successes: 1, trials: 1 } }) }) };\n");
    const counter = join(dir, 'counter-metric.mjs');
    const metricOnly = await parseScenario(`game: ${PICK_DUEL}\nmatches: 4\nseed: 1\nseats: [random, random]\nmetrics: [${counter}]\n`, join(dir, 'm1.yaml'));
    expect(() => checkMatchReplays(metricOnly, false, () => {})).toThrow(new RegExp(`^metric module [^,]*counter-metric\\.mjs, game "pick-duel": played twice`));
    const gameOnly = await parseScenario(`game: ${join(dir, 'counting.mjs')}\nmatches: 4\nseed: 1\nseats: [random, ${join(dir, 'counter-agent.mjs')}]\nmetrics: [${join(dir, 'steady-metric.mjs')}]\n`, join(dir, 'm2.yaml'));
    expect(() => checkMatchReplays(gameOnly, false, () => {})).toThrow(new RegExp(`^game "counting", agent "${join(dir, 'counter-agent.mjs').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}", metric module \\S*steady-metric\\.mjs: played twice`));
    // The game's own figures differing (an event it emits every other match), beside a metric module that records alike: the game (review 29f).
    writeFileSync(join(dir, 'lucky.mjs'), `import base from ${JSON.stringify(PICK_DUEL)};\nlet calls = 0;\nexport default { ...base, id: 'lucky', apply(s, action, emit) { base.apply(s, action, emit); if ('winner' in action && ++calls % 2 === 0) emit?.({ type: 'lucky' }); } };\n`);
    const lucky = await parseScenario(`game: ${join(dir, 'lucky.mjs')}\nmatches: 4\nseed: 1\nseats: [random, random]\nmetrics: [${join(dir, 'steady-metric.mjs')}]\n`, join(dir, 'm3.yaml'));
    expect(() => checkMatchReplays(lucky, false, () => {})).toThrow(/^game "lucky", metric module \S*steady-metric\.mjs: played twice before the run from the same seed, the match went otherwise the second time at the end \(the report recorded the figures game .* the first time; the report recorded the figures game .*event:lucky.* the second\)/);
  });

  it('says what the report recorded a part at a time: the game\'s figures, each metric module\'s and figure unit\'s by name, the rest by key', () => {
    const said = (aggregate: Record<string, unknown>, metricModules: boolean): string[] =>
      figureParts(aggregate, metricModules).map((part) => `${part.step ?? 'the end'}|${part.label}${part.detail}|${part.recorded?.metricModule ?? '(game)'}`);
    // Metric modules (the outermost custom figures) and figure units (deeper ones) apart, though they share a name (review 29g).
    expect(said({ game: { game: { tally: 1 }, custom: { a: { x: 1 }, b: { y: 2 } } }, quality: { q: 1 } }, true)).toEqual([
      'the end|the report recorded the figures game {"tally":1}|(game)',
      'the end|the report recorded the figures of metric module "a" {"x":1}|a',
      'the end|the report recorded the figures of metric module "b" {"y":2}|b',
      'the end|the report recorded the figures quality {"q":1}|(game)',
    ]);
    expect(said({ game: { game: { tally: 1 }, custom: { a: { x: 1 } } } }, false)).toEqual(['the end|the report recorded the figures game {"tally":1}|(game)', 'the end|the report recorded the figures of "a" {"x":1}|(game)']);
    expect(said({ game: { game: { game: 3, custom: { rolls: 1 } }, custom: { rolls: 2 } } }, true)).toEqual([
      'the end|the report recorded the figures game 3|(game)',
      'the end|the report recorded the figures of "rolls" 1|(game)',
      'the end|the report recorded the figures of metric module "rolls" 2|rolls',
    ]);
    expect(said({ game: null, other: [1] }, true)).toEqual(['the end|the report recorded the figures game null|(game)', 'the end|the report recorded the figures other [1]|(game)']);
    // Told apart where JSON writes them alike (review 30b: a count kept in a Map).
    expect(said({ game: new Map([['hits', 1]]), other: -0 }, false)).toEqual(['the end|the report recorded the figures game {"$Map":[["hits",1]]}|(game)', 'the end|the report recorded the figures other {"$number":"-0"}|(game)']);
  });

  it('finds the first part two plays differ in, naming what may have made them differ', async () => {
    writeFileSync(join(dir, 'named-metric.mjs'), "export default { name: 'named', create: () => ({ onEvent() {}, finishMatch: () => ({}) }) };\n");
    const scenario = await parseScenario(`game: ${PICK_DUEL}\nmatches: 4\nseed: 1\nseats: [random, random]\nmetrics: [${join(dir, 'named-metric.mjs')}]\n`, join(dir, 'parts.yaml'));
    const metric = `metric module ${join(dir, 'named-metric.mjs')}`;
    const step = (at: number, seat: number, action: string): PlayPart => ({ step: at, label: `seat ${seat} played `, detail: action });
    const end: PlayPart = { step: null, label: 'it ended with returns ', detail: '[1,-1]' };
    const row = (detail: string, metricModule: string | null = null): PlayPart => ({ step: null, label: 'the report recorded the row ', detail, recorded: { metricModule } });
    const said = (first: PlayPart[], second: PlayPart[]): string | null => firstDifference(scenario, first, second, 'went otherwise', 'first', 'second')?.message ?? null;
    expect(said([step(0, 1, 'pick0'), end, row('[1]')], [step(0, 1, 'pick0'), end, row('[1]')])).toBeNull();
    // The same action by another seat.
    expect(said([step(0, 1, 'pick0')], [step(0, 2, 'pick0')])).toMatch(/^game "pick-duel", metric module \S+: went otherwise at step 0 \(seat 1 played pick0 first; seat 2 played pick0 second\)/);
    // One play a part longer than the other, at its end or at a step.
    expect(said([end, row('[1]')], [end, row('[1]'), row('[2]')])).toMatch(/^game "pick-duel", metric module \S+: went otherwise at the end \(it had ended first; the report recorded the row \[2\] second\)/);
    expect(said([end], [step(0, 1, 'pick1'), end])).toMatch(/went otherwise at step 0 \(it ended with returns \[1,-1\] first; seat 1 played pick1 second\)/);
    expect(said([step(3, 1, 'pick1')], [])).toMatch(/went otherwise at step 3 \(seat 1 played pick1 first; it had ended second\)/);
    // What was recorded alone: the metric module whose figures differ, from either play's part; else the game, then the metric modules.
    expect(said([row('[1]', null)], [row('[2]', 'named')])).toMatch(new RegExp(`^${metric.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, game "pick-duel": went otherwise at the end`));
    expect(said([row('[1]', 'named')], [row('[2]', null)])).toMatch(/^metric module \S+named-metric\.mjs, game "pick-duel": /);
    expect(said([row('[1]')], [row('[2]')])).toMatch(/^game "pick-duel", metric module \S+named-metric\.mjs: went otherwise at the end \(the report recorded the row \[1\] first; the report recorded the row \[2\] second\)/);
    // A recorded part against a part of play: play differed.
    expect(said([row('[1]', 'named')], [end])).toMatch(/^game "pick-duel", metric module \S+: /);
    expect(said([end], [row('[1]', 'named')])).toMatch(/^game "pick-duel", metric module \S+: /);
  });

  it('records how a play ended and what the report recorded of it, a part each', async () => {
    const scenario = await parseScenario(`game: ${PICK_DUEL}\nmatches: 4\nseed: 1\nseats: [random, random]\n`, join(dir, 'record.yaml'));
    const record = new PlayRecord(scenario);
    record.trace(0, { pick: 1 });
    record.trace(-1, { winner: 0 });
    record.ended([1, -1], { matchRow: ['seat1', 2], eventRows: [[['x', -0]]] }, { game: { n: 1 } });
    expect(record.parts).toEqual([
      { step: 0, label: 'seat 1 played ', detail: 'pick1' },
      { step: 1, label: 'chance played ', detail: 'win0' },
      { step: null, label: 'it ended with returns ', detail: '[1,-1]' },
      { step: null, label: 'the report recorded the row ', detail: '["seat1",2]', recorded: { metricModule: null } },
      { step: null, label: 'the report recorded the event rows ', detail: '[[["x",{"$number":"-0"}]]]', recorded: { metricModule: null } },
      { step: null, label: 'the report recorded the figures game ', detail: '{"n":1}', recorded: { metricModule: null } },
    ]);
    const failed = new PlayRecord(scenario);
    failed.trace(0, { pick: 0 });
    failed.failed(new Error('it broke\nhere'));
    failed.failed('a text');
    expect(failed.parts.slice(1)).toEqual([
      { step: 1, label: 'it failed: ', detail: 'it broke' },
      { step: 1, label: 'it failed: ', detail: 'a text' },
    ]);
  });

  it("raises no alarm where the run's own play is recorded otherwise than the plays before it but alike (the agents' names, event rows)", async () => {
    // A metric module reading the agents' names, and a game of Hordelab's own writing event rows (catches.csv).
    writeFileSync(join(dir, 'names-metric.mjs'), "export default { name: 'names', create: () => ({ onEvent() {}, finishMatch: (match) => ({ random: { successes: match.agents[0] === 'random' ? 1 : 0, trials: 1 } }) }) };\n");
    const named = await parseScenario(`game: zombie-trainers\nmatches: 2\nseed: 1\nparams: { maxRounds: 6 }\nseats: [random, random]\nmetrics: [${join(dir, 'names-metric.mjs')}]\n`, join(dir, 'names.yaml'));
    expect(needsCanary(named)).toBe(true);
    for (const eventFiles of [true, false]) expect((await runScenario(named, { outDir: join(dir, `out-names-${eventFiles}`), eventFiles, command: 'test', workers: 0 })).status).toBe('complete');
    expect(readdirSync(join(dir, 'out-names-true'))).toContain('catches.csv');
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
