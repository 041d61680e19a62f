/**
 * What `compare` says changed besides the game's parameters (audit 39a): the agents behind a
 * seat's name (its agent, its settings with defaults filled in, an agent module's file), the
 * metric modules that measured the figures; what the means plot cannot draw; and what `report`
 * says of a shard's folder.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRuns, formatComparison, playedBy, type Comparison, type MetricComparison } from '../src/present/compare.js';
import { comparisonPage } from '../src/present/compare-page.js';
import { readRunSummary, type RunSummary } from '../src/present/metrics.js';
import { writeReports } from '../src/present/report-page.js';
import { run } from '../src/index.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-compare-changes-'));
const sha256Of = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A coin flip (no decision: no agent is ever asked) of 40 matches, seat 1 `bot` playing mcts with `config`. */
async function mctsRun(seed: number, config: Record<string, unknown>): Promise<RunSummary> {
  const result = await run({ game: 'coin-flip', matches: 40, seed, seats: [{ agent: 'mcts', config, name: 'bot' }, 'random'] });
  return result.summary as unknown as RunSummary;
}

/** A run of `scenario` (YAML, its file in `dir`) into a new folder of `dir`, read back as compare reads it. */
async function runIn(dir: string, scenario: string, out: string): Promise<RunSummary> {
  const parsed = await parseScenario(scenario, join(dir, 'scenario.yaml'));
  await runScenario(parsed, { outDir: join(dir, out), eventFiles: false, command: 'test' });
  return (await readRunSummary(join(dir, out))) as RunSummary;
}

/** A summary as one written before seats recorded their settings and agent modules. */
const olderSeats = (summary: RunSummary): RunSummary => ({
  ...summary,
  scenario: { ...summary.scenario, seats: summary.scenario.seats.map(({ name, agent, config }) => ({ name, agent, config })) },
});


/** A rotated coin-flip run of 40 matches, its seats given as JSON. */
const rotated = async (seats: string, seed: number): Promise<RunSummary> =>
  (await run({ game: 'coin-flip', matches: 40, seed, seats: { rotate: JSON.parse(seats) as never } })).summary as unknown as RunSummary;

describe('compare tells the agents behind a seat name apart (audit 39a F1)', () => {
  it('notes settings that differ under one name, by seat, in the text, the JSON and the page, and never says "Both played by"', async () => {
    const few = await mctsRun(1, { iterations: 2 });
    const many = await mctsRun(2, { iterations: 100 });
    const comparison = compareRuns('few', few, 'many', many);
    expect(comparison.agentChanges).toEqual(['seat bot: iterations 2 → 100']);
    expect(comparison.agents).toEqual({ baseline: 'bot (mcts) vs random', run: 'bot (mcts) vs random' });
    const text = formatComparison(comparison, false).split('\n');
    expect(text[1]).toBe('Both runs seat bot (mcts) vs random, but not the same agents: see "Agents changed".');
    expect(text).toContain('Agents changed: seat bot: iterations 2 → 100');
    expect(JSON.parse(JSON.stringify(comparison)).agentChanges).toEqual(['seat bot: iterations 2 → 100']);
    const page = await comparisonPage(comparison, 'Coin Flip');
    expect(page).toContain('<h2>Agents changed</h2>\n<ul><li><code>seat bot: iterations 2 → 100</code></li></ul>');
    expect(page).not.toContain('Both played by');
  });

  it('compares the settings played, defaults filled in: a default written out is no change', async () => {
    const implicit = await mctsRun(1, {});
    const written = await mctsRun(2, { iterations: 1000 });
    expect(implicit.scenario.seats[0]?.settings).toMatchObject({ iterations: 1000, c: Math.SQRT2 });
    const comparison = compareRuns('implicit', implicit, 'written', written);
    expect(comparison.agentChanges).toEqual([]);
    expect(playedBy(comparison)).toBe('Both played by bot (mcts) vs random.');
    // Summaries that record only the config as written: compared so, and said to be.
    expect(compareRuns('implicit', olderSeats(implicit), 'written', written).agentChanges).toEqual([
      "seat bot: iterations (none) → 1000 (settings as written: the baseline's summary does not record them with defaults filled in, so a default written out in one run reads as a change)",
    ]);
  });

  it('names another agent in a seat, by its position where the names differ too', async () => {
    const mcts = await mctsRun(1, {});
    const greedy = (await run({ game: 'coin-flip', matches: 40, seed: 2, seats: [{ agent: 'greedy', name: 'bot' }, { agent: 'random', name: 'other' }] })).summary as unknown as RunSummary;
    expect(compareRuns('mcts', mcts, 'greedy', greedy).agentChanges).toEqual(['seat bot: agent mcts → greedy']);
    const renamed = { ...greedy, scenario: { ...greedy.scenario, seats: greedy.scenario.seats.map((seat, index) => (index === 0 ? { ...seat, agent: 'mcts', settings: mcts.scenario.seats[0]?.settings, name: 'searcher' } : seat)) } } as RunSummary;
    const comparison = compareRuns('mcts', mcts, 'renamed', renamed);
    expect(comparison.agentChanges).toEqual([]);
    expect(compareRuns('mcts', mcts, 'greedy', { ...renamed, scenario: { ...renamed.scenario, seats: [{ ...renamed.scenario.seats[0]!, agent: 'greedy' }, renamed.scenario.seats[1]!] } } as RunSummary).agentChanges).toEqual([
      'seat 1 (bot → searcher): agent mcts → greedy',
    ]);
  });

  it("records an agent module's SHA-256 and notes its file edited between the runs; an older summary's cannot be told", async () => {
    const dir = tempDir();
    const picker = (index: number): string => `export default function picker() { return { chooseAction() { return ${index}; } }; }\n`;
    const scenario = 'game: coin-flip\nmatches: 20\nseed: SEED\nseats:\n  - { agent: ./picker.mjs, name: picker }\n  - random\n';
    writeFileSync(join(dir, 'picker.mjs'), picker(0));
    const before = await runIn(dir, scenario.replace('SEED', '1'), 'before');
    expect(before.scenario.seats[0]?.module).toEqual({ path: join(dir, 'picker.mjs'), sha256: sha256Of(join(dir, 'picker.mjs')) });
    expect(before.scenario.seats[1]?.module).toBeUndefined();
    writeFileSync(join(dir, 'picker.mjs'), picker(0).replace('return 0;', 'return 0 + 0;'));
    const after = await runIn(dir, scenario.replace('SEED', '2'), 'after');
    const [was, now] = [before.scenario.seats[0]?.module?.sha256 as string, after.scenario.seats[0]?.module?.sha256 as string];
    expect(was).not.toBe(now);
    const comparison = compareRuns('before', before, 'after', after);
    expect(comparison.agentChanges).toEqual([`seat picker: agent module ./picker.mjs changed (its SHA-256 differs: ${was.slice(0, 12)} in the baseline, ${now.slice(0, 12)} in the run)`]);
    expect(playedBy(comparison)).toBe('Both runs seat picker (./picker.mjs) vs random, but not the same agents: see "Agents changed".');
    // The same file in both: nothing to say.
    expect(compareRuns('after', after, 'again', { ...after, scenario: { ...after.scenario, seed: 3 } }).agentChanges).toEqual([]);
    // A summary from before seats recorded their modules: not taken for the same code.
    const older = compareRuns('before', olderSeats(before), 'after', after);
    expect(older.agentChanges).toEqual([]);
    const untold = "seat picker: whether agent module ./picker.mjs is the same code in both runs cannot be told: the baseline's summary does not record its SHA-256 (written before summaries did)";
    expect(older.agentsUntold).toEqual([untold]);
    expect(older.notes).toContain(untold);
    expect(playedBy(older)).toBe('Both runs seat picker (./picker.mjs) vs random; whether with the same agents cannot be told (see the notes).');
    expect(compareRuns('before', olderSeats(before), 'after', olderSeats(after)).agentsUntold).toEqual([untold.replace("the baseline's summary does not record", 'neither summary records')]);
    // One file named by another path (a scenario in another folder) is the same agent (review 39r R3).
    const elsewhere = { ...after, scenario: { ...after.scenario, seats: after.scenario.seats.map((seat, index) => (index === 0 ? { ...seat, agent: '../games/picker.mjs' } : seat)) } } as RunSummary;
    expect(compareRuns('after', after, 'elsewhere', elsewhere).agentChanges).toEqual([]);
    expect(compareRuns('before', before, 'elsewhere', elsewhere).agentChanges).toEqual(['seat picker: agent ./picker.mjs → ../games/picker.mjs']);
  });

  it('compares rotated runs whose seats are listed from another seat on by name, not position (review 39r R4)', async () => {
    const one = await rotated('[{ "agent": "greedy", "name": "g" }, { "agent": "random", "name": "r" }]', 1);
    const other = await rotated('[{ "agent": "random", "name": "r" }, { "agent": "greedy", "name": "g" }]', 2);
    expect(compareRuns('one', one, 'other', other).agentChanges).toEqual([]);
    const deeper = await rotated('[{ "agent": "random", "name": "r" }, { "agent": "mcts", "name": "g" }]', 2);
    expect(compareRuns('one', one, 'deeper', deeper).agentChanges).toEqual(['agent g: agent greedy → mcts']);
    // Renamed as well as listed the other way round: the same two agents, matched by what they are (review 40r R3).
    const renamed = await rotated('[{ "agent": "random", "name": "rand" }, { "agent": "greedy", "name": "best" }]', 2);
    expect(compareRuns('one', one, 'renamed', renamed).agentChanges).toEqual([
      'first agent (g → best): the same agent greedy, renamed (its per-agent figures go by the new name)',
      'second agent (r → rand): the same agent random, renamed (its per-agent figures go by the new name)',
    ]);
    // A name both runs give is the per-agent figures' key: matched by it, not by what the agents are (review 41r R3).
    const swapped = await rotated('[{ "agent": "random", "name": "g" }, { "agent": "greedy", "name": "c" }]', 2);
    expect(compareRuns('one', one, 'swapped', swapped).agentChanges).toEqual(['agent g: agent greedy → random', 'second agent (r → c): agent random → greedy']);
  });

  it('names the changes of rotated runs by agent, in the rotation, and lists every one, a new name too (audit 40d F3)', async () => {
    const named = await rotated('[{ "agent": "random", "name": "alice" }, { "agent": "random", "name": "bob" }]', 1);
    const plain = await rotated('["greedy", "random"]', 2);
    const comparison = compareRuns('named', named, 'plain', plain);
    expect(comparison.agentChanges).toEqual(['first agent (alice → greedy): agent random → greedy', 'second agent (bob → random): the same agent random, renamed (its per-agent figures go by the new name)']);
    expect(formatComparison(comparison, false)).toContain(`Agents changed: ${comparison.agentChanges.join('; ')}\n`);
    // Seats that do not rotate are seats: a new name alone is no change of agent there.
    const fixed = async (seats: string, seed: number): Promise<RunSummary> => (await run({ game: 'coin-flip', matches: 40, seed, seats: JSON.parse(seats) as never })).summary as unknown as RunSummary;
    const fixedNamed = await fixed('[{ "agent": "random", "name": "alice" }, { "agent": "random", "name": "bob" }]', 1);
    expect(compareRuns('named', fixedNamed, 'plain', await fixed('["greedy", "random"]', 2)).agentChanges).toEqual(['seat 1 (alice → greedy): agent random → greedy']);
  });
});

describe('compare notes a metric module whose file differs between the runs (audit 39a F2)', () => {
  it('names the module, both SHA-256s and the figures it gives; an older summary that lists none cannot tell', async () => {
    const dir = tempDir();
    const metric = (count: number): string => `export default { name: 'm', create() { return { onEvent() {}, finishMatch() { return { n: { count: ${count} } }; } }; } };\n`;
    const scenario = 'game: coin-flip\nmatches: 40\nseed: SEED\nseats: [random, random]\nmetrics: [./m.mjs]\n';
    writeFileSync(join(dir, 'm.mjs'), metric(3));
    const before = await runIn(dir, scenario.replace('SEED', '1'), 'before');
    writeFileSync(join(dir, 'm.mjs'), metric(5));
    const after = await runIn(dir, scenario.replace('SEED', '2'), 'after');
    const [was, now] = [before.scenario.metricModules?.[0]?.sha256 as string, after.scenario.metricModules?.[0]?.sha256 as string];
    const comparison = compareRuns('before', before, 'after', after);
    const note = `the metric module m (./m.mjs) differs: SHA-256 ${was.slice(0, 12)} in the baseline, ${now.slice(0, 12)} in the run; its figures (custom.m.n) were measured by other code in each run, so their differences may be the module's as much as the game's`;
    expect(comparison.notes).toEqual([note]);
    expect(formatComparison(comparison, false)).toContain(`Note: ${note}`);
    expect(await comparisonPage(comparison, 'Coin Flip')).toContain(`<li>Note: ${note}</li>`);
    expect(compareRuns('after', after, 'again', { ...after, scenario: { ...after.scenario, seed: 3 } }).notes).toEqual([]);
    const { metricModules: _listed, ...unlisted } = before.scenario;
    expect(compareRuns('before', { ...before, scenario: unlisted }, 'after', after).notes).toEqual([
      "whether the metric module m (./m.mjs) is the same code in both runs cannot be told: the baseline's summary does not record its SHA-256; its figures: custom.m.n",
    ]);
  });
});

describe("the compare page's means plot (audit 39a F9)", () => {
  it('names the flagged means it cannot draw: a baseline of 0, or no interval', async () => {
    const comparison = compareRuns('few', await mctsRun(1, {}), 'many', await mctsRun(2, {}));
    const mean = (path: string, baseline: number, exact: boolean): MetricComparison => ({
      path,
      kind: 'mean',
      baseline: { value: baseline, lower: baseline - 0.1, upper: baseline + 0.1, n: 40 },
      run: { value: 1.55, lower: 1.4, upper: 1.7, n: 40 },
      difference: 1.55 - baseline,
      lower: exact ? Number.NaN : 1.3 - baseline,
      upper: exact ? Number.NaN : 1.8 - baseline,
      pValue: 0.0001,
      adjustedPValue: 0.001,
      changed: true,
      role: 'secondary',
      sameTestAs: null,
      ...(exact ? { exact: true as const } : {}),
    });
    const withMeans: Comparison = { ...comparison, metrics: [...comparison.metrics, mean('custom.m.zero', 0, false), mean('custom.m.drawn', 1, false), mean('custom.m.fixed', 2, true)] };
    const page = await comparisonPage(withMeans, 'Coin Flip');
    expect(page).toContain(
      '<p>2 flagged means are not drawn among the means: custom.m.fixed (2.00 → 1.55), with no interval (every match alike in each run); custom.m.zero (0.00 → 1.55), a baseline of 0 giving no difference relative to it. The table below lists them.</p>',
    );
    expect(page).toContain('custom.m.drawn: 1.00 → 1.55');
  });
});

describe("report on a shard's folder (audit 39a F12)", () => {
  it('says which shard and which matches it holds, and that the run is merged from its shards', async () => {
    const dir = tempDir();
    const scenario = await parseScenario('game: coin-flip\nmatches: 50\nseed: 1\nseats: [random, random]\n', join(dir, 'coin.yaml'));
    await runScenario(scenario, { outDir: join(dir, 'shard'), eventFiles: false, command: 'test', shard: { index: 1, count: 2 } });
    await writeReports(join(dir, 'shard'), ['md', 'html']);
    const row =
      "shard 1 of 2: 25 played of its matches 25..49 (complete as a shard); the run has 50, and its figures come from hordelab merge of its 2 shards: this report is of this shard's matches alone";
    expect(readFileSync(join(dir, 'shard', 'report.md'), 'utf8')).toContain(`| matches | ${row} |`);
    expect(readFileSync(join(dir, 'shard', 'report.html'), 'utf8')).toContain(`<tr><th>matches</th><td>${row}</td></tr>`);
    // A whole run's folder holds no shard.json: read as before.
    await runScenario(scenario, { outDir: join(dir, 'whole'), eventFiles: false, command: 'test' });
    await writeReports(join(dir, 'whole'), ['md']);
    expect(readFileSync(join(dir, 'whole', 'report.md'), 'utf8')).toContain('| matches | 50 played of 50 (complete) |');
  });
});
