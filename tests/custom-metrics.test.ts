/**
 * Custom metric modules: loaded from the scenario, fed every event, merged exactly, summarized
 * with intervals; bad modules and bad figures refused with the file, the field and the match.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../src/run/run-scenario.js';
import { hordelabIn } from './cli-harness.js';
import { parseScenario } from '../src/scenario/scenario.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-metrics-'));
const EXAMPLE = resolve('examples/moves-per-turn.mjs');

const scenarioText = (metrics: string, game = 'zombie-trainers'): string =>
  `game: ${game}\nmatches: 60\nseed: 4\n${game === 'zombie-trainers' ? 'params:\n  maxRounds: 30\n' : ''}metrics: ${metrics}\nseats: [random, random]\n`;

describe('custom metric modules', () => {
  it('adds the module\'s figures to the summary, equal to what the matches show', async () => {
    const dir = tempDir();
    const scenario = await parseScenario(scenarioText(`[${EXAMPLE}]`), join(dir, 'moves.yaml'));
    const run = await runScenario(scenario, { outDir: dir, eventFiles: true, command: 'test' });
    const custom = (run.results as { custom: Record<string, Record<string, { mean?: number; rate?: number; n: number; successes?: number; lower: number; upper: number }>> }).custom;
    const figures = custom['moves-per-turn'];
    expect(Object.keys(figures ?? {})).toEqual(['moves', 'movesPerTurn', 'turnsWithCatch']);
    // Moves per match from matches.csv: turns are recorded there, moves are not, so check the
    // ratio against the count figure: Σ moves / Σ turns.
    const rows = readFileSync(join(dir, 'matches.csv'), 'utf8').trim().split('\n');
    const header = rows[0]!.split(',');
    const turnsColumn = header.indexOf('turns');
    const turns = rows.slice(1).reduce((sum, row) => sum + Number(row.split(',')[turnsColumn]), 0);
    const moves = figures!['moves']!;
    expect(moves.n).toBe(60);
    expect(figures!['movesPerTurn']!.mean).toBeCloseTo(((moves.mean as number) * 60) / turns, 12);
    expect(figures!['turnsWithCatch']!.n).toBe(turns);
    // The catches.csv rows are the catch attempts: turns with one are at most that many.
    const attempts = readFileSync(join(dir, 'catches.csv'), 'utf8').trim().split('\n').length - 1;
    expect(figures!['turnsWithCatch']!.successes).toBeLessThanOrEqual(attempts);
    expect(figures!['turnsWithCatch']!.successes).toBeGreaterThan(0);
    for (const figure of Object.values(figures!)) expect(figure.lower).toBeLessThanOrEqual(figure.upper);
  });

  it('shows its figures, and the game\'s figure units, in the report page\'s summary as the run printed them', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'moves.yaml'), scenarioText(`[${JSON.stringify(EXAMPLE)}]`));
    const run = await hordelabIn(dir, 'run', 'moves.yaml', '-w', '0', '--out', 'out');
    expect(run.status, run.stderr).toBe(0);
    expect((await hordelabIn(dir, 'report', 'out', '-q')).status).toBe(0);
    // The run's text from the Figures table to the end of the Custom metrics table.
    const printed = run.stdout.slice(run.stdout.indexOf('\nFigures\n'), run.stdout.indexOf('\n\nGame quality'));
    expect(printed).toMatch(/^\nFigures\nfigure +kind +value +95% interval\nspawns\.atSetup /);
    expect(printed).toMatch(/\n\nCustom metrics\nfigure +kind +value +95% interval\nmoves-per-turn\.moves +per match /);
    for (const page of ['report.md', 'report.html']) {
      const text = readFileSync(join(dir, 'out', page), 'utf8');
      const summary = text.slice(text.indexOf('Summary'), text.indexOf('Game quality'));
      // The page sets each block of the text in its own <pre>, sized to fit.
      for (const block of page === 'report.md' ? [printed] : printed.trim().split('\n\n')) expect(summary, page).toContain(block);
    }
  });

  it('shows a rate without trials and a ratio whose denominators are all 0 as having no samples, in the summary, metrics.csv and report.md', async () => {
    const dir = tempDir();
    const module = resolve('tests/fixtures/no-samples-metric.mjs');
    writeFileSync(join(dir, 'empty.yaml'), `game: coin-flip\nmatches: 30\nseed: 2\nmetrics: [${JSON.stringify(module)}]\nseats: [random, random]\n`);
    const run = await hordelabIn(dir, 'run', 'empty.yaml', '-w', '0', '--out', 'out', '--report', 'md,csv');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^empty\.rate +rate +- +no samples$/m);
    expect(run.stdout).toMatch(/^empty\.ratio +ratio +- +no samples \(every denominator 0\)$/m);
    expect(run.stdout).not.toContain('NaN');
    const rows = readFileSync(join(dir, 'out', 'metrics.csv'), 'utf8').split('\n');
    // metric, kind, value, lower, upper, n, successes, sd, designEffect, clusters, note: no value,
    // no interval (a rate's [0, 1] would say nothing measured), n 0; a constant mean says why it
    // has no interval.
    expect(rows.find((row) => row.startsWith('custom.empty.rate,'))).toMatch(/^custom\.empty\.rate,rate,,,,0,0,,/);
    expect(rows.find((row) => row.startsWith('custom.empty.ratio,'))).toMatch(/^custom\.empty\.ratio,[a-z]+,,,,0,,,/);
    expect(rows.find((row) => row.startsWith('custom.empty.count,'))).toBe('custom.empty.count,mean,2,,,30,,0,1,30,all 30 samples equal');
    const page = readFileSync(join(dir, 'out', 'report.md'), 'utf8');
    expect(page).toContain('| `custom.empty.rate` | - | no samples | 0 |');
    expect(page).toContain('| `custom.empty.ratio` | - | no samples | 0 |');
    expect(page).not.toContain('NaN');
  });

  it('gives each match a fresh collector: one that never resets its count gives the same figures whatever the threads and chunks (audit 22)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'forgets.mjs'), "export default { name: 'forgets', create() { let k = 0; return { onEvent() { k++; }, finishMatch() { return { events: { count: k } }; } }; } };\n");
    writeFileSync(join(dir, 'resets.mjs'), "export default { name: 'resets', create() { let k = 0; return { onEvent() { k++; }, finishMatch() { const r = k; k = 0; return { events: { count: r } }; } }; } };\n");
    writeFileSync(join(dir, 's.yaml'), 'game: tic-tac-toe\nmatches: 60\nseed: 2\nmetrics: [./forgets.mjs, ./resets.mjs]\nseats: [random, random]\n');
    const figures = async (...flags: string[]): Promise<{ forgets: unknown; resets: unknown }> => {
      const out = `out${flags.join('')}`;
      const result = await hordelabIn(dir, 'run', 's.yaml', '-q', '--out', out, ...flags);
      expect(result.status, result.stderr).toBe(0);
      const custom = JSON.parse(readFileSync(join(dir, out, 'summary.json'), 'utf8')).results.custom;
      return { forgets: custom.forgets.events, resets: custom.resets.events };
    };
    const inThread = await figures('-w', '0');
    expect(inThread.forgets).toEqual(inThread.resets);
    expect(await figures('-w', '1', '--chunk-size', '7')).toEqual(inThread);
  });

  it("names a module whose code throws as its definition is read (a getter), or whose create() is async, as bad input (audit 25b)", async () => {
    const dir = tempDir();
    const collector = 'return { onEvent() {}, finishMatch() { return {}; } };';
    const cases: [string, string, string][] = [
      ['name.mjs', `export default { get name() { throw new Error("n boom"); }, create() { ${collector} } };\n`, 'metrics[0]: metric module "./name.mjs" threw while its definition was read: n boom'],
      ['create.mjs', 'export default { name: "m", get create() { throw new Error("c boom"); } };\n', 'metrics[0]: metric module "./create.mjs" threw while its definition was read: c boom'],
      ['games.mjs', `export default { name: "m", get games() { throw new Error("g boom"); }, create() { ${collector} } };\n`, 'metrics[0]: metric module "./games.mjs" threw while its definition was read: g boom'],
      ['async.mjs', `export default { name: "m", async create() { ${collector} } };\n`, 'metrics[0]: metric module ./async.mjs, metric "m": create() returned a promise (an async create?); expected an object { onEvent(event), finishMatch(match) }, returned at once'],
      ['getter.mjs', 'export default { name: "m", create() { return { get onEvent() { throw new Error("o boom"); }, finishMatch() { return {}; } }; } };\n', 'metrics[0]: metric module ./getter.mjs, metric "m": create() returned an object that threw as it was read: "o boom"'],
    ];
    for (const [name, text, message] of cases) {
      writeFileSync(join(dir, name), text);
      await expect(parseScenario(scenarioText(`[./${name}]`), join(dir, 's.yaml')), name).rejects.toThrow(message);
    }
  });

  it('refuses a missing module, a module for another game and a malformed export', async () => {
    const dir = tempDir();
    await expect(parseScenario(scenarioText('[./nowhere.mjs]'), join(dir, 'a.yaml'))).rejects.toThrow(/a\.yaml: metrics\[0\]: cannot load metric module "\.\/nowhere\.mjs": no module at/);
    // A module that is there but imports a package that is not: the package is what is missing.
    writeFileSync(join(dir, 'imports.mjs'), 'import "no-such-package-xyz";\nexport default {};\n');
    await expect(parseScenario(scenarioText('[./imports.mjs]'), join(dir, 'd.yaml'))).rejects.toThrow(/metrics\[0\]: cannot load metric module "\.\/imports\.mjs": Cannot find package 'no-such-package-xyz'/);
    const agentScenario = 'game: tic-tac-toe\nmatches: 2\nseed: 1\nseats: [random, ./imports.mjs]\n';
    await expect(parseScenario(agentScenario, join(dir, 'e.yaml'))).rejects.toThrow(/seats\[1\]: cannot load agent module "\.\/imports\.mjs": Cannot find package 'no-such-package-xyz'/);
    await expect(parseScenario(scenarioText(`[${EXAMPLE}]`, 'tic-tac-toe'), join(dir, 'b.yaml'))).rejects.toThrow(/metrics\[0\]: metric module ".*moves-per-turn\.mjs" is for zombie-trainers, not tic-tac-toe/);
    writeFileSync(join(dir, 'bad.mjs'), 'export default { name: "bad" };\n');
    await expect(parseScenario(scenarioText('[./bad.mjs]'), join(dir, 'c.yaml'))).rejects.toThrow(/expected a default export \{ name, create\(\) \}/);
  });

  it('stops on a figure that is not a whole number, naming the module, the figure and the match seed', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'half.mjs'),
      'export default { name: "half", create() { return { onEvent() {}, finishMatch() { return { share: { count: 0.5 } }; } }; } };\n',
    );
    const scenario = await parseScenario(scenarioText('[./half.mjs]'), join(dir, 'd.yaml'));
    await expect(runScenario(scenario, { outDir: join(dir, 'out'), eventFiles: false, command: 'test' })).rejects.toThrow(
      /^metric module \.\/half\.mjs, metric "half\.share": finishMatch returned count 0\.5 in match 0 \(match seed [0-9a-f]{16}\); expected count a whole number/,
    );
  });
});

describe('custom metric figures whose names or sums no record can hold', () => {
  it('refuses a metric named after a property every object has, at load', async () => {
    const dir = tempDir();
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      writeFileSync(join(dir, `${name}.mjs`), `export default { name: "${name}", create() { return { onEvent() {}, finishMatch() { return {}; } }; } };\n`);
      await expect(parseScenario(scenarioText(`[./${name}.mjs]`), join(dir, 'p.yaml'))).rejects.toThrow(
        `metrics[0]: metric module "./${name}.mjs": name "${name}" is a name every JavaScript object has as a property; expected another (results are keyed by metric name)`,
      );
    }
  });

  it('fails the run, naming the figure and not any match, when its sums of squares pass 2^53, however it is chunked', async () => {
    const dir = tempDir();
    // Each match's count is within bounds (its square is 2^53 − 2^27.5 or so), two matches' squares are not.
    writeFileSync(join(dir, 'big.mjs'), 'export default { name: "big", create() { return { onEvent() {}, finishMatch() { return { load: { count: 94906265 } }; } }; } };\n');
    for (const chunkSize of [1, 3]) {
      const scenario = await parseScenario(scenarioText('[./big.mjs]', 'tic-tac-toe').replace('matches: 60', 'matches: 3'), join(dir, 'q.yaml'));
      await expect(runScenario(scenario, { outDir: join(dir, `out-${chunkSize}`), eventFiles: false, command: 'test', chunkSize })).rejects.toThrow(
        'metric module ./big.mjs, metric "big.load": its sums of squares over the run\'s matches pass 9007199254740991, beyond which they do not add exactly',
      );
      expect(existsSync(join(dir, `out-${chunkSize}`, 'summary.json'))).toBe(false);
    }
    // A sweep sums its windows in worker threads: the same words, not an internal failure (review 26c).
    writeFileSync(join(dir, 's.yaml'), scenarioText('[./big.mjs]', 'coin-flip').replace('matches: 60', 'matches: 4'));
    const swept = await hordelabIn(dir, 'sweep', 's.yaml', '--vary', 'winRate=0.3,0.6', '-w', '1', '-q', '--out', 'swept');
    expect(swept.status, swept.stderr).toBe(1);
    expect(swept.stderr).toMatch(/^hordelab: metric module \.\/big\.mjs, metric "big\.load": its sums of squares over the run's matches pass 9007199254740991/);
    expect(swept.stderr).not.toContain('internal failure');
    // A sweep of one match a setting: its per-match steps are read on top of the window, twice
    // its sums, which must not be refused where the run's own are exact (review 26c).
    writeFileSync(join(dir, 'one.yaml'), scenarioText('[./big.mjs]', 'coin-flip').replace('matches: 60', 'matches: 1'));
    const single = await hordelabIn(dir, 'sweep', 'one.yaml', '--vary', 'winRate=0.3,0.6', '--metric', 'custom.big.load', '-w', '0', '-q', '--out', 'single');
    expect(single.status, single.stderr).toBe(0);
    // One such match alone sums exactly.
    const one = await parseScenario(scenarioText('[./big.mjs]', 'tic-tac-toe').replace('matches: 60', 'matches: 1'), join(dir, 'r.yaml'));
    const run = await runScenario(one, { outDir: join(dir, 'out-one'), eventFiles: false, command: 'test' });
    expect((run.results as { custom: Record<string, Record<string, { mean: number }>> }).custom['big']?.['load']?.mean).toBe(94906265);
  });
});

describe('custom metric figures keep one kind', () => {
  it('fails however the run is cut into chunks when a figure changes kind', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'mixed.mjs'),
      'let m = 0;\nexport default { name: "mixed", create() { return { onEvent() {}, finishMatch(match) { return { f: match.matchIndex < 10 ? { count: 1 } : { successes: 1, trials: 2 } }; } }; } };\n',
    );
    const text = 'game: coin-flip\nmatches: 20\nseed: 1\nmetrics: [./mixed.mjs]\nseats: [random, random]\n';
    // The same failure, naming the same two matches, however the matches were chunked.
    for (const chunkSize of [3, 10, 20]) {
      const scenario = await parseScenario(text, join(dir, 'mixed.yaml'));
      await expect(runScenario(scenario, { outDir: join(dir, `out-${chunkSize}`), eventFiles: false, command: 'test', chunkSize }), `chunks of ${chunkSize}`).rejects.toThrow(
        'metric module ./mixed.mjs, metric "mixed.f": finishMatch returned a rate in match 10, where match 0 gave a count; expected a figure to keep one kind',
      );
      expect(existsSync(join(dir, `out-${chunkSize}`))).toBe(false);
    }
    // At the command line: exit 1, the message, and the command itself (which meets it again).
    writeFileSync(join(dir, 'mixed.yaml'), text);
    for (const workers of ['0', '2']) {
      const result = await hordelabIn(dir, 'run', 'mixed.yaml', '-w', workers, '-q', '-o', `cli-${workers}`);
      expect([result.status, result.stderr]).toEqual([
        1,
        `hordelab: metric module ./mixed.mjs, metric "mixed.f": finishMatch returned a rate in match 10, where match 0 gave a count; expected a figure to keep one kind\n  reproduce: hordelab run mixed.yaml -w ${workers} -q -o cli-${workers}\n`,
      ]);
    }
  });
});

/**
 * A metric module that fails while collecting: the run stops (whatever --max-errors says) with
 * exit 1, one line naming the module, the metric, the match and what was expected, and the
 * replay command, which meets the same failure; nothing is published.
 */
describe('a metric module that fails while collecting a match', () => {
  // Match 2's figures are `bad`; every other match's are fine. `onEvent` runs `event`.
  const module = (bad: string, event = ''): string =>
    `export default { name: "hits", create() { return { onEvent(e) { ${event} }, finishMatch(m) { if (m.matchIndex === 2) { ${bad} } return { hits: { successes: 1, trials: 3 } }; } }; } };\n`;
  const SEED = '[0-9a-f]{16}';
  const cases: [string, string, string, RegExp][] = [
    ['onEvent throws', module('', 'throw new Error("no events today\\nsecond line");'), '0', new RegExp(`^hordelab: metric module \\./m\\.mjs, metric "hits": onEvent threw "no events today" on a "matchEnd" event in match 0 \\(match seed ${SEED}\\)$`)],
    ['finishMatch throws', module('throw new TypeError("cannot finish");'), '2', new RegExp(`^hordelab: metric module \\./m\\.mjs, metric "hits": finishMatch threw "cannot finish" in match 2 \\(match seed ${SEED}\\)$`)],
    ['a count of 0.5', module('return { hits: { count: 0.5 } };'), '2', /metric "hits\.hits": finishMatch returned count 0\.5 in match 2 .*; expected count a whole number from -94906265 to 94906265 \(its square a safe integer, so sums of squares add exactly\)$/],
    ['a count of NaN', module('return { hits: { count: NaN } };'), '2', /metric "hits\.hits": finishMatch returned count NaN in match 2 .*; expected count a whole number/],
    ['a count of 2**53', module('return { hits: { count: 2 ** 53 } };'), '2', /metric "hits\.hits": finishMatch returned count 9007199254740992 in match 2 .*; expected count a whole number from -94906265 to 94906265 /],
    ['a count whose square is past 2**53', module('return { hits: { count: 94906266 } };'), '2', /metric "hits\.hits": finishMatch returned count 94906266 in match 2 .*; expected count a whole number from -94906265 to 94906265 /],
    ['a figure named constructor', module('return { constructor: { count: 1 } };'), '2', /metric "hits": finishMatch returned a figure named "constructor" in match 2 .*; expected figure names without dots that no JavaScript object has as a property \(not constructor, toString, \.\.\.\), such as hitShare$/],
    ['a count as text', module('return { hits: { count: "3" } };'), '2', /metric "hits\.hits": finishMatch returned count "3" in match 2 .*; expected count a whole number/],
    ['successes > trials', module('return { hits: { successes: 5, trials: 3 } };'), '2', /^hordelab: metric module \.\/m\.mjs, metric "hits\.hits": finishMatch returned successes 5 > trials 3 in match 2 \(match seed [0-9a-f]{16}\); expected 0 ≤ successes ≤ trials$/],
    ['negative successes', module('return { hits: { successes: -1, trials: 3 } };'), '2', /finishMatch returned successes -1 < 0 in match 2 .*; expected 0 ≤ successes ≤ trials$/],
    ['an infinite denominator', module('return { hits: { numerator: 1, denominator: Infinity } };'), '2', /metric "hits\.hits": finishMatch returned denominator Infinity in match 2 .*; expected denominator a whole number/],
    ['a negative denominator', module('return { hits: { numerator: 1, denominator: -2 } };'), '2', /metric "hits\.hits": finishMatch returned denominator -2 < 0 in match 2 .*; expected a denominator ≥ 0$/],
    ['a figure named with a dot', module('return { "a.b": { count: 1 } };'), '2', /metric "hits": finishMatch returned a figure named "a\.b" in match 2 .*; expected figure names without dots that no JavaScript object has as a property/],
    ['a null figure', module('return { hits: null };'), '2', /metric "hits\.hits": finishMatch returned null in match 2 .*; expected \{ count \}, \{ successes, trials \} or \{ numerator, denominator \} of whole numbers$/],
    ['an unknown shape', module('return { hits: { hits: 1 } };'), '2', /metric "hits\.hits": finishMatch returned \{"hits":1\} in match 2 .*; expected \{ count \}/],
    ['null for the figures', module('return null;'), '2', /metric "hits": finishMatch returned null in match 2 .*; expected an object of figures/],
    ['a promise for the figures', module('return Promise.resolve({ hits: { count: 1 } });'), '2', /metric "hits": finishMatch returned a promise in match 2 .*; expected an object of figures, returned at once \(not a promise\)$/],
    ['a revoked proxy for the figures (review 25d)', module('const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy;'), '2', /metric "hits": finishMatch returned an object that threw as it was read: ".*revoked.*" in match 2 .*; expected an object of figures$/],
    ['a revoked proxy for a figure (review 25e)', module('const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return { a: proxy };'), '2', /metric "hits\.a": finishMatch returned a figure that threw as it was read: ".*revoked.*" in match 2 .*; expected \{ count \}/],
    ['a figure whose field throws as it is read (review 25e)', module('return { a: { get count() { throw new Error("count boom"); } } };'), '2', /metric "hits\.a": finishMatch returned a figure that threw as it was read: "count boom" in match 2 /],
    ['a figure whose keys cannot be listed (review 25e)', module('return { a: new Proxy({ count: 1 }, { ownKeys() { throw new Error("keys"); } }) };'), '2', /metric "hits\.a": finishMatch returned a figure that threw as it was read: "keys" in match 2 /],
  ];
  for (const workers of ['0', '1']) {
    describe(`with -w ${workers}`, () => {
      for (const [what, source, match, message] of cases) {
        it(`${what}: exit 1, the module, the metric and the match, its replay (which fails alike), nothing published`, { timeout: 30_000 }, async () => {
          const work = tempDir();
          writeFileSync(join(work, 'm.mjs'), source);
          writeFileSync(join(work, 's.yaml'), 'game: coin-flip\nmatches: 6\nseed: 3\nmetrics: [./m.mjs]\nseats: [random, random]\n');
          const result = await hordelabIn(work, 'run', 's.yaml', '-q', '-w', workers, '--max-errors', '5', '--out', 'out');
          expect(result.status, result.stderr).toBe(1);
          const lines = result.stderr.trimEnd().split('\n');
          expect(lines, result.stderr).toHaveLength(2);
          expect(lines[0]).toMatch(message);
          expect(lines[0]).toContain(` in match ${match} (match seed `);
          // The harness hands the command the scenario's absolute path, as a shell would not.
          expect(lines[1]).toBe(`  reproduce: hordelab replay ${join(work, 's.yaml')} --match ${match} --seed 3`);
          expect(result.stderr).not.toMatch(/^ {4}at /m);
          expect(existsSync(join(work, 'out', 'summary.json'))).toBe(false);
          expect(existsSync(join(work, 'out', 'matches.csv'))).toBe(false);
          const replay = await hordelabIn(work, ...(lines[1] as string).trim().split(' ').slice(2));
          expect(replay.status, replay.stderr).toBe(1);
          expect(replay.stderr.split('\n')[0]).toBe(lines[0]);
        });
      }
    });
  }

  it('a module whose create() returns no collector, or throws, is bad input: exit 2, one line, before any match', async () => {
    const work = tempDir();
    writeFileSync(join(work, 'shape.mjs'), 'export default { name: "shape", create() { return { onEvent() {} }; } };\n');
    writeFileSync(join(work, 'throws.mjs'), 'export default { name: "throws", create() { throw new Error("no collector"); } };\n');
    for (const [name, message] of [
      ['shape', /^hordelab: \S*\/shape\.yaml: metrics\[0\]: metric module \.\/shape\.mjs, metric "shape": create\(\) returned no \{ onEvent, finishMatch \}; expected an object \{ onEvent\(event\), finishMatch\(match\) \}\n$/],
      ['throws', /^hordelab: \S*\/throws\.yaml: metrics\[0\]: metric module "\.\/throws\.mjs": create\(\) threw "no collector"\n$/],
    ] as const) {
      writeFileSync(join(work, `${name}.yaml`), `game: coin-flip\nmatches: 4\nseed: 1\nmetrics: [./${name}.mjs]\nseats: [random, random]\n`);
      const result = await hordelabIn(work, 'run', `${name}.yaml`, '-q', '-w', '0', '--out', name);
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(existsSync(join(work, name))).toBe(false);
    }
  });
});
