/**
 * Game modules from outside the repository (issue 17, point 1): a scenario's `game:` names a
 * module file, and the game takes every path a built-in one does: run on worker threads, shards
 * and merge, replay, report, compare, check, sweep, tune, ladder and user agents. The module is
 * `fixtures/game-modules/first-six.mjs`, written as a designer would (plain JavaScript, `param`
 * from the package): the first to roll a six wins, so the first player's edge is known by hand.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoProportionTest } from '../src/stats/tests.js';
import { hordelabIn, hordelabProcess } from './cli-harness.js';
import { loadScenario } from '../src/scenario/scenario.js';
import { runKey } from '../src/run/run-key.js';
import { gameDefinitionProblem, gameModuleFromExport } from '../src/scenario/game-module-loader.js';
import { diceRace } from './fixtures/dice-race.js';
import { games } from '../src/registry.js';
import { CONTROL_FILES } from '../src/run/output-folder.js';
import { SHARD_FILE, SUMMARY_FILE, tableFileProblem } from '../src/run/run-files.js';
import { REPORT_FILES } from '../src/present/report-page.js';
import { CARD_VALUE_FILES } from '../src/cards/card-values-output.js';

const FIXTURES = resolve('tests/fixtures/game-modules');
const PACKAGE_INDEX = pathToFileURL(resolve('dist/src/index.js')).href;

/** P(the first player wins) at First to six with `rounds` rounds: (6/11)(1 - (25/36)^rounds). */
const firstPlayerWins = (rounds: number): number => (6 / 11) * (1 - (25 / 36) ** rounds);

/** A fresh folder holding the game module (importing the built package) and its scenario. */
function gameFolder(scenario = 'game: ./first-six.mjs\nmatches: 4000\nseed: 3\nseats: [random, random]\n'): string {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-game-module-'));
  const game = readFileSync(join(FIXTURES, 'first-six.mjs'), 'utf8').replace("'../../../dist/src/index.js'", `'${PACKAGE_INDEX}'`);
  writeFileSync(join(dir, 'first-six.mjs'), game);
  writeFileSync(join(dir, 'first-six.yaml'), scenario);
  return dir;
}

const json = (path: string): Record<string, any> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
/** A summary without the parts allowed to differ between equal runs. */
const comparable = (path: string): unknown => {
  const { timing: _timing, command: _command, ...rest } = json(path);
  return rest;
};

describe('a game module run', () => {
  let dir = '';
  beforeAll(async () => {
    dir = gameFolder();
    const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'threads', '--workers', '2', '-q');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000);

  it("measures the first player's edge the hand calculation gives, with an interval that holds it", () => {
    const summary = json(join(dir, 'threads', 'summary.json'));
    const expected = firstPlayerWins(20);
    expect(expected).toBeCloseTo(0.5451, 4);
    const rate = summary['results']['seat1WinRate'];
    expect(rate.n).toBe(4000);
    expect(rate.lower).toBeLessThan(expected);
    expect(rate.upper).toBeGreaterThan(expected);
    // 4,000 matches tell a 54.5% edge from a fair 50%.
    expect(rate.lower).toBeGreaterThan(0.5);
    // The generic outcome table and the generic report agree.
    expect(summary['outcomes']['bySeat']['seat1']['win'].successes).toBe(rate.successes);
    expect(summary['results']['drawRate'].rate).toBeLessThan(0.01);
    expect(Object.keys(summary['results']['events'])).toEqual(['rolled']);
  });

  it('records the module (its path and content hash) in the summary', () => {
    const summary = json(join(dir, 'threads', 'summary.json'));
    expect(summary['scenario']['game']).toBe('first-six');
    expect(summary['scenario']['gameModule'].spec).toBe('./first-six.mjs');
    expect(summary['scenario']['gameModule'].path).toBe(join(dir, 'first-six.mjs'));
    expect(summary['scenario']['gameModule'].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes the same bytes on worker threads, in the main thread and as two merged shards', async () => {
    expect((await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'main', '--workers', '0', '-q')).status).toBe(0);
    expect((await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'shard0', '--shard', '0/2', '-q')).status).toBe(0);
    expect((await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'shard1', '--shard', '1/2', '--workers', '0', '-q')).status).toBe(0);
    const merged = await hordelabIn(dir, 'merge', 'shard0', 'shard1', '--out', 'merged', '-q');
    expect(merged.stderr).toBe('');
    for (const other of ['main', 'merged']) {
      expect(comparable(join(dir, other, 'summary.json'))).toEqual(comparable(join(dir, 'threads', 'summary.json')));
      expect(readFileSync(join(dir, other, 'matches.csv'), 'utf8')).toBe(readFileSync(join(dir, 'threads', 'matches.csv'), 'utf8'));
    }
  }, 120_000);

  it('reports and compares, naming the game and its module', async () => {
    const report = await hordelabIn(dir, 'report', 'threads', '--format', 'html,md');
    expect(report.stderr).toBe('');
    const page = readFileSync(join(dir, 'threads', 'report.md'), 'utf8');
    expect(page).toContain('# First to six');
    expect(page).toContain('game module ./first-six.mjs');
    expect(page).toContain('First wins');
    expect(readFileSync(join(dir, 'threads', 'report.html'), 'utf8')).toContain('<svg');
    const compare = await hordelabIn(dir, 'compare', 'threads', 'main');
    expect(compare.status, compare.stderr).toBe(0);
    expect(compare.stdout).toContain('No metric moved');
  }, 120_000);

  it('replays a match with the game\'s own events only', async () => {
    const replay = await hordelabIn(dir, 'replay', 'first-six.yaml', '--match', '0');
    expect(replay.status).toBe(0);
    expect(replay.stdout).toContain('rolled seat=');
    expect(replay.stdout).not.toContain('hordelab.');
    // Each chance outcome shows as itself, its events under it (audit 27a: an event that names a
    // consequence does not always say which outcome it was); without the event, the outcome alone.
    expect(replay.stdout).toMatch(/^ {4}1 {2}chance: \S+\n {7}rolled seat=0 value=\d$/m);
    const silent = join(dir, 'silent.mjs');
    writeFileSync(silent, readFileSync(join(dir, 'first-six.mjs'), 'utf8').replace("emit?.({ type: 'rolled', seat: state.current, value: action.value });", ''));
    writeFileSync(join(dir, 'silent.yaml'), readFileSync(join(dir, 'first-six.yaml'), 'utf8').replace('./first-six.mjs', './silent.mjs'));
    const quiet = await hordelabIn(dir, 'replay', 'silent.yaml', '--match', '0');
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stdout).toMatch(/^ {4}1 {2}chance: \S+$/m);
  });
});

describe('a game module in checks, sweeps, tuning, ladders and beside user agents', () => {
  it('gates a check on its edge, from a scenario and inline', async () => {
    const dir = gameFolder();
    writeFileSync(
      join(dir, 'edge.checks.yaml'),
      [
        'checks:',
        '  - name: edge-from-scenario',
        '    scenario: first-six.yaml',
        '    metric: seat1WinRate',
        `    between: [0.5, 0.6]`,
        '    budget: 20000',
        '  - name: edge-inline',
        '    game: ./first-six.mjs',
        '    params: { rounds: 1 }',
        '    seats: [random, random]',
        '    metric: outcomes.bySeat.seat1.win',
        '    atMost: 0.3',
        '    budget: 20000',
        '',
      ].join('\n'),
    );
    const check = await hordelabIn(dir, 'check', 'edge.checks.yaml');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/edge-from-scenario\s+PASS/);
    expect(check.stdout).toMatch(/edge-inline\s+PASS/);
  }, 120_000);

  it('sweeps and tunes its parameters, the rates matching the hand calculation', async () => {
    const dir = gameFolder();
    const sweep = await hordelabIn(dir, 'sweep', 'first-six.yaml', '--vary', 'rounds=1,3', '-n', '3000', '--out', 'sweep', '-q', '-w', '2');
    expect(sweep.stderr).toBe('');
    const points = json(join(dir, 'sweep', 'sweep.json'))['points'] as { values: { rounds: number }; metrics: { seat1WinRate: { lower: number; upper: number } } }[];
    expect(points.map((point) => point.values.rounds)).toEqual([1, 3]);
    for (const point of points) {
      const metric = point.metrics.seat1WinRate;
      expect([metric.lower < firstPlayerWins(point.values.rounds), metric.upper > firstPlayerWins(point.values.rounds)]).toEqual([true, true]);
    }
    // The sweep above played the module's paired chunks on worker threads; the tune plays them here.
    const tune = await hordelabIn(dir, 'tune', 'first-six.yaml', '--target', 'seat1WinRate=0.36', '--space', 'rounds=1..6', '--budget', '4000', '--confirm', '1000', '--out', 'tune', '-q', '-w', '0');
    expect(tune.stderr).toBe('');
    expect(tune.status).toBe(0);
    // (6/11)(1 - (25/36)^3) = 0.363: three rounds is the setting nearest the target.
    const tuned = readFileSync(join(dir, 'tune', 'first-six-tuned.yaml'), 'utf8');
    expect(tuned).toContain('rounds: 3');
    // The tuned scenario names the module from where it lies, so it runs as written.
    expect(tuned).toContain('game: ../first-six.mjs');
    expect((await hordelabIn(dir, 'run', 'tune/first-six-tuned.yaml', '-n', '50', '--out', 'tuned-run', '-q', '-w', '0')).status).toBe(0);
  }, 180_000);

  it('plays a ladder and a user agent module', async () => {
    const dir = gameFolder('game: ./first-six.mjs\nmatches: 200\nseed: 1\nseats: [./always-first.mjs, random]\n');
    writeFileSync(join(dir, 'always-first.mjs'), 'export default () => ({ chooseAction: () => 0 });\n');
    // On worker threads: the user's agent module is loaded in each.
    const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'agents', '-q', '-w', '2');
    expect(run.stderr).toBe('');
    expect(json(join(dir, 'agents', 'summary.json'))['scenario']['seats'][0].agent).toBe('./always-first.mjs');
    const ladder = await hordelabIn(dir, 'ladder', 'first-six.yaml', '--levels', 'random,greedy', '-n', '200', '--out', 'ladder', '-q');
    expect(ladder.stderr).toBe('');
    expect(ladder.status).toBe(0);
    expect(existsSync(join(dir, 'ladder', 'ladder.json'))).toBe(true);
    // Each level's scenario names the module from where it lies, so it reruns as written.
    const level = readFileSync(join(dir, 'ladder', 'levels', 'greedy.yaml'), 'utf8');
    expect(level).toContain('game: ../../first-six.mjs');
    const rerun = await hordelabIn(dir, 'run', 'ladder/levels/greedy.yaml', '-n', '20', '--out', 'level-run', '-q', '-w', '0');
    expect(rerun.stderr).toBe('');
  }, 120_000);
});

describe('an event type that some matches never see (audit 25a)', () => {
  const RARE = join(FIXTURES, 'rare-event.mjs');
  const folder = (chance: number): string => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-rare-event-'));
    writeFileSync(join(dir, 'rare.yaml'), `game: ${JSON.stringify(RARE)}\nmatches: 300\nseed: 1\nparams: { chance: ${chance} }\nseats: [random, random]\n`);
    return dir;
  };

  it("sweep: the paired difference of events.rare is the difference of the two settings' means, every match counted", async () => {
    const dir = folder(0.02);
    // 300 matches a setting, in windows of 256 and 44: a window with no 'rare' lost its matches
    // from the difference's denominator, which read 1/256 where the means differ by 1/300.
    const sweep = await hordelabIn(dir, 'sweep', 'rare.yaml', '--vary', 'chance=0.02,0.03', '-n', '300', '--metric', 'events.rare', '--metric', 'moves', '-w', '0', '-q', '--out', 'sweep');
    expect(sweep.stderr).toBe('');
    const points = json(join(dir, 'sweep', 'sweep.json'))['points'] as { metrics: Record<string, { value: number; n: number }>; differences: Record<string, { difference: number; units: number }> }[];
    const [first, second] = points as [(typeof points)[0], (typeof points)[0]];
    expect(first.metrics['events.rare']?.n).toBe(300);
    expect(second.differences['events.rare']?.units).toBe(300);
    expect(second.differences['events.rare']?.difference).toBeCloseTo((second.metrics['events.rare']?.value as number) - (first.metrics['events.rare']?.value as number), 12);
    // A setting that never sees the event reads 0 a match, and the difference to it is whole too.
    const never = await hordelabIn(dir, 'sweep', 'rare.yaml', '--vary', 'chance=0,0.05', '-n', '300', '--metric', 'events.rare', '-w', '0', '-q', '--out', 'never');
    expect(never.stderr).toBe('');
    const [none, some] = json(join(dir, 'never', 'sweep.json'))['points'] as typeof points;
    expect(none?.metrics['events.rare']).toMatchObject({ value: 0, n: 300 });
    expect(some?.differences['events.rare']?.difference).toBeCloseTo(some?.metrics['events.rare']?.value as number, 12);
  }, 60_000);

  it('sweep: settings neither of which happened to emit the event differ by an interval of some width, not "exactly 0" (audit 27a)', async () => {
    const dir = folder(0);
    const sweep = await hordelabIn(dir, 'sweep', 'rare.yaml', '--vary', 'chance=0,0.000000001', '-n', '300', '--metric', 'events.rare', '-w', '0', '--out', 'unseen');
    expect(sweep.stderr).not.toContain('rare=');
    const [, other] = json(join(dir, 'unseen', 'sweep.json'))['points'] as { differences: Record<string, { difference: number; lower: number; upper: number }> }[];
    // No match of 300 differed: read as a share of matches, as a rate's difference is, at least
    // the share that could have differed unseen, 1 − 0.025^(1/300) (the rule of three), and here
    // the pseudo-units' ±z·√(z²/(m + z²)/(m + z² − 1)) (src/stats/paired-difference.ts).
    const share = 1 - 0.025 ** (1 / 300);
    const z = 1.959963984540054;
    const half = z * Math.sqrt(z ** 2 / (300 + z ** 2) / (299 + z ** 2));
    expect(half).toBeGreaterThan(share);
    expect(other?.differences['events.rare']).toMatchObject({ difference: 0 });
    expect(other?.differences['events.rare']?.lower).toBeCloseTo(-half, 12);
    expect(other?.differences['events.rare']?.upper).toBeCloseTo(half, 12);
    expect(sweep.stdout).toMatch(/1e-9 +0\.00 \(no match emitted rare[^)]*\) +\+0\.00 \[-0\.01, \+0\.01\]/);
  }, 60_000);

  it('check: a batch without the event plays on, and an event never seen is inconclusive, naming the types that were', async () => {
    const dir = folder(0);
    writeFileSync(join(dir, 'rare.checks.yaml'), 'checks:\n  - name: rare-enough\n    scenario: rare.yaml\n    metric: events.rare\n    atMost: 0.05\n    margin: 0.01\n    batch: 100\n    budget: 400\n');
    const check = await hordelabIn(dir, 'check', 'rare.checks.yaml', '-w', '0');
    expect(check.status, check.stderr).toBe(3);
    expect(check.stdout).toContain('rare-enough: no match emitted rare, all 400 counts 0; types emitted: common; an event type that never happened cannot be told from a misspelt one, so it decides nothing');
  }, 60_000);

  it("compare: an event type one run emitted and the other did not is 0 a match in the other, compared, not skipped (review 25c)", async () => {
    const never = folder(0);
    const some = folder(0.05);
    for (const dir of [never, some]) expect((await hordelabIn(dir, 'run', 'rare.yaml', '-n', '1000', '-w', '0', '-q', '--out', 'run')).status).toBe(0);
    expect(json(join(never, 'run', 'summary.json'))['results']['events']['rare']).toBeUndefined();
    const compared = await hordelabIn(never, 'compare', join(never, 'run'), join(some, 'run'), '--primary', 'events.rare', '--json');
    expect(compared.status, compared.stderr).toBe(0);
    const primary = (JSON.parse(compared.stdout) as { metrics: { path: string; difference: number; changed: boolean }[] }).metrics.find((metric) => metric.path === 'events.rare');
    const rare = json(join(some, 'run', 'summary.json'))['results']['events']['rare'] as { mean: number };
    expect(primary).toMatchObject({ changed: true });
    expect(primary?.difference).toBeCloseTo(rare.mean, 12);
  }, 60_000);

  it('compare: an event every match of both runs counted 0 or 1 times is compared as the share of matches with it, the unseen side counting too (audit 27a)', async () => {
    const never = folder(0);
    const some = folder(0.005);
    for (const dir of [never, some]) expect((await hordelabIn(dir, 'run', 'rare.yaml', '-n', '1000', '-w', '0', '-q', '--out', 'run')).status).toBe(0);
    const compared = await hordelabIn(never, 'compare', join(never, 'run'), join(some, 'run'), '--json');
    expect(compared.status, compared.stderr).toBe(0);
    const rare = (JSON.parse(compared.stdout) as { metrics: { path: string; kind: string; difference: number; lower: number; upper: number }[] }).metrics.find((metric) => metric.path === 'events.rare');
    const total = (json(join(some, 'run', 'summary.json'))['results']['events']['rare'] as { total: number }).total;
    expect(total).toBeGreaterThan(0);
    // Newcombe's interval of two rates: 0 of 1,000 against `total` of 1,000, each side's own
    // uncertainty counted (as a mean, the side with no spread added none).
    const expected = twoProportionTest({ successes: 0, n: 1000 }, { successes: total, n: 1000 });
    expect(rare).toMatchObject({ kind: 'rate', difference: total / 1000 });
    expect(rare?.lower).toBeCloseTo(expected.lower, 12);
    expect(rare?.upper).toBeCloseTo(expected.upper, 12);
    const text = await hordelabIn(never, 'compare', join(never, 'run'), join(some, 'run'), '--all');
    expect(text.stdout).toMatch(new RegExp(`events\\.rare +0\\.0% +${(total / 10).toFixed(1)}% +\\+${(total / 10).toFixed(1)} \\[`));
  }, 60_000);

  it('tune: a target on an event no match of a setting emitted reads 0 a match there', async () => {
    const dir = folder(0.02);
    const tune = await hordelabIn(dir, 'tune', 'rare.yaml', '--target', 'events.rare=0.1', '--space', 'chance=0,0.1,0.5', '--budget', '3000', '--confirm', '1000', '-w', '0', '-q', '--out', 'tune');
    expect(tune.stderr).toBe('');
    expect(tune.status).toBe(0);
    expect(readFileSync(join(dir, 'tune', 'rare-tuned.yaml'), 'utf8')).toMatch(/chance: 0\.1\b/);
    // A misspelt type reads 0 for every candidate: nothing to rank by, so nothing is tuned, as
    // check decides nothing on it (audit 26a: the first candidate was "best", exit 0).
    const misspelt = await hordelabIn(dir, 'tune', 'rare.yaml', '--target', 'events.rarre=0.1', '--space', 'chance=0,0.1', '--budget', '400', '--confirm', '300', '-w', '0', '--out', 'misspelt');
    expect(misspelt.status, misspelt.stderr).toBe(2);
    expect(misspelt.stderr).toMatch(/(^|\n)hordelab: --target events\.rarre=0\.1: no match of any candidate's \d+ matches emitted rarre, so every candidate reads 0 and the search has nothing to rank by \(a misspelt type reads so too\); types emitted: common, rare\. Check the name/);
    expect(existsSync(join(dir, 'misspelt', 'rare-tuned.yaml'))).toBe(false);
    // Beside a real target that some candidates' matches emit and others do not (review 26c:
    // exit 0, each candidate naming only its first unseen target).
    const two = await hordelabIn(dir, 'tune', 'rare.yaml', '--target', 'events.rare=0.05', '--target', 'events.rarre=0.1', '--space', 'chance=0,0.1', '--budget', '400', '--confirm', '300', '-w', '0', '-q', '--out', 'two');
    expect(two.status, two.stderr).toBe(2);
    expect(two.stderr).toContain('hordelab: --target events.rarre=0.1: no match of any candidate');
    expect(two.stderr).toContain('types emitted: common, rare. Check the name');
    // A rare real event that only candidates the first round drops emit: no refusal in the
    // second round, which the dropped candidates' matches answer (review 26c: exit 2 there).
    const rare = await hordelabIn(dir, 'tune', 'rare.yaml', '--target', 'events.rare=0.002', '--space', 'chance=0,0.001,0.002,0.2', '--budget', '600', '--confirm', '300', '-w', '0', '-q', '--out', 'rare-small');
    expect(rare.status, rare.stderr).toBe(0);
  }, 60_000);
});

describe('a game module with custom metrics and in a round robin', () => {
  it('counts its events in a metric module and plays every pairing', async () => {
    const dir = gameFolder('game: ./first-six.mjs\nmatches: 400\nseed: 1\nseats: [random, random]\nmetrics: [./sixes.mjs]\n');
    writeFileSync(
      join(dir, 'sixes.mjs'),
      [
        'export default {',
        "  name: 'sixes',",
        "  games: ['first-six'],",
        '  create() {',
        '    let rolls = 0;',
        '    let sixes = 0;',
        '    return {',
        "      onEvent(event) { if (event.type === 'rolled') { rolls++; if (event.value === 6) sixes++; } },",
        '      finishMatch() { const figures = { sixes: { successes: sixes, trials: rolls } }; rolls = 0; sixes = 0; return figures; },',
        '    };',
        '  },',
        '};',
        '',
      ].join('\n'),
    );
    const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'metrics', '-q', '-w', '0');
    expect(run.stderr).toBe('');
    const sixes = json(join(dir, 'metrics', 'summary.json'))['results']['custom']['sixes']['sixes'];
    // A die shows a six one roll in six.
    expect([sixes.lower < 1 / 6, sixes.upper > 1 / 6]).toEqual([true, true]);

    writeFileSync(join(dir, 'robin.yaml'), 'game: ./first-six.mjs\nmatches: 100\nseed: 1\nseats: { roundRobin: [random, greedy, ./always-first.mjs] }\n');
    writeFileSync(join(dir, 'always-first.mjs'), 'export default () => ({ chooseAction: () => 0 });\n');
    const robin = await hordelabIn(dir, 'run', 'robin.yaml', '--out', 'robin', '-q', '-w', '0');
    expect(robin.stderr).toBe('');
    expect(robin.status).toBe(0);
    expect(existsSync(join(dir, 'robin', 'tournament.json'))).toBe(true);
  }, 120_000);
});

describe('a game module at the edges of the contract', () => {
  it('plays a game that is over at setup (no decision, no action applied): the returns decide it, exit 0', async () => {
    const dir = gameFolder('game: ./over.mjs\nmatches: 40\nseed: 1\nseats: [random, random]\n');
    writeFileSync(join(dir, 'over.mjs'), "import game from './first-six.mjs';\nexport default { ...game, id: 'over', setup: (params) => ({ ...game.setup(params), winner: 1 }) };\n");
    const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'out', '--workers', '0', '-q');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const summary = json(join(dir, 'out', 'summary.json'));
    expect(summary['results']['seat2WinRate'].successes).toBe(40);
    expect(summary['results']['moves'].mean).toBe(0);
  });

  it('refuses seats.rotate on a three-seat game (a swap would leave one agent in its seat): exit 2, one line, nothing written', async () => {
    const dir = gameFolder('game: ./three.mjs\nmatches: 40\nseed: 1\nseats:\n  rotate: [random, greedy, { agent: random, name: other }]\n');
    writeFileSync(join(dir, 'three.mjs'), "import game from './first-six.mjs';\nexport default { ...game, id: 'three', seats: ['A', 'B', 'C'] };\n");
    const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'out', '-q');
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('first-six.yaml: seats.rotate: seats.rotate swaps two seats, and First to six has 3; list the seats in order');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('refuses a maxLength that is no whole number of steps for the scenario\'s parameters, or throws, before any match: exit 2, one line, nothing written', async () => {
    const dir = gameFolder();
    const cases = [
      ['Infinity', 'gave Infinity'],
      ['NaN', 'gave NaN'],
      ['0', 'gave 0'],
      ["'80'", 'gave "80"'],
      ['(params.rounds > 20 ? 1.5 : 80)', 'gave 1.5'],
      ["(() => { throw new RangeError('no limit'); })()", 'threw RangeError: no limit'],
    ] as const;
    for (const [index, [length, shown]] of cases.entries()) {
      // A module of its own name each: a module, once imported, is not read again.
      writeFileSync(join(dir, `long${index}.mjs`), `import game from './first-six.mjs';\nexport default { ...game, id: 'long', maxLength: (params) => ${length} };\n`);
      writeFileSync(join(dir, `long${index}.yaml`), `game: ./long${index}.mjs\nmatches: 40\nseed: 1\nparams: { rounds: 30 }\nseats: [random, random]\n`);
      const run = await hordelabIn(dir, 'run', `long${index}.yaml`, '--out', 'out', '-q');
      const said = `hordelab: long${index}.yaml: game: game "./long${index}.mjs": maxLength(params) ${shown}${shown.startsWith('gave') ? " for the scenario's parameters" : ''}; expected a whole number of steps from 1 to 9007199254740991\n`;
      expect([run.status, run.stderr.replace(`${dir}/`, '')], length).toEqual([2, said]);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    }
    // Where only some parameters give a bad length, the --set that gave them is named (a sweep's value too).
    writeFileSync(join(dir, 'some.mjs'), "import game from './first-six.mjs';\nexport default { ...game, id: 'some', maxLength: (params) => (params.rounds > 35 ? 1.5 : 4 * params.rounds) };\n");
    writeFileSync(join(dir, 'some.yaml'), 'game: ./some.mjs\nmatches: 40\nseed: 1\nparams: { rounds: 30 }\nseats: [random, random]\n');
    expect((await hordelabIn(dir, 'run', 'some.yaml', '--out', 'fine', '-q')).status).toBe(0);
    const run = await hordelabIn(dir, 'run', 'some.yaml', '--set', 'rounds=40', '--out', 'out', '-q');
    expect(run.stderr.replace(`${dir}/`, '')).toBe(`hordelab: some.yaml with --set rounds=40: game: game "./some.mjs": maxLength(params) gave 1.5 for the scenario's parameters; expected a whole number of steps from 1 to 9007199254740991\n`);
  });

  it('fails a match whose heuristic gives NaN or too few values (the lead figures would skip it unseen): exit 1, and the replay fails alike', async () => {
    const dir = gameFolder('game: ./nan.mjs\nmatches: 40\nseed: 1\nseats: [random, random]\n');
    for (const [file, values, message] of [
      ['nan.mjs', '[Number.NaN, 0]', 'heuristic gave NaN for seat 1, expected a number within utilityBounds [-1, 1]'],
      ['short.mjs', '[0]', 'heuristic gave 1 values ([0]), expected one number per seat (2)'],
    ] as const) {
      writeFileSync(join(dir, file), `import game from './first-six.mjs';\nexport default { ...game, heuristic: () => ${values} };\n`);
      writeFileSync(join(dir, 'first-six.yaml'), `game: ./${file}\nmatches: 40\nseed: 1\nseats: [random, random]\n`);
      const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', `out-${file}`, '--workers', '0', '-q');
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/reproduce: hordelab replay \S*first-six\.yaml --match 0 --seed 1/);
      expect(readFileSync(join(dir, `out-${file}`, 'errors.csv'), 'utf8')).toContain(message);
      const replay = await hordelabIn(dir, 'replay', 'first-six.yaml', '--match', '0');
      expect(replay.status).toBe(1);
      expect(replay.stderr).toContain(message);
    }
  });
});

/** The run key of the folder's first-six.yaml as it now reads. */
const keyIn = async (dir: string): Promise<string> => runKey(await loadScenario(join(dir, 'first-six.yaml')), { eventFiles: true, maxErrors: 0 }, undefined);

/** Plays shard 0, appends a line to `file` in `dir`, plays shard 1: the run key changes, and merge refuses the two shards. */
async function expectEditSplitsShards(dir: string, file: string): Promise<void> {
  const before = await keyIn(dir);
  expect((await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'shard0', '--shard', '0/2', '-n', '100', '-q')).status).toBe(0);
  writeFileSync(join(dir, file), `${readFileSync(join(dir, file), 'utf8')}\n// a rule changed\n`);
  expect(await keyIn(dir)).not.toBe(before);
  expect((await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'shard1', '--shard', '1/2', '-n', '100', '-q')).status).toBe(0);
  const merged = await hordelabIn(dir, 'merge', 'shard0', 'shard1', '--out', 'merged');
  expect(merged.status).toBe(2);
  expect(merged.stderr.trim().split('\n')).toHaveLength(1);
  expect(existsSync(join(dir, 'merged', 'summary.json'))).toBe(false);
}

describe('a changed game module', () => {
  it('changes the run key, so resume and merge refuse a run of the module as it was', async () => {
    const dir = gameFolder();
    expect(await keyIn(dir)).toBe(await keyIn(dir));
    await expectEditSplitsShards(dir, 'first-six.mjs');
  }, 120_000);

  it('changes the run key when only the rules its entry imports change', async () => {
    const dir = gameFolder('game: ./entry.mjs\nmatches: 4000\nseed: 3\nseats: [random, random]\n');
    writeFileSync(join(dir, 'entry.mjs'), "export { default } from './first-six.mjs';\n");
    const before = await keyIn(dir);
    // A file beside it that nothing imports is not the game.
    writeFileSync(join(dir, 'notes.mjs'), 'export const unused = 1;\n');
    expect(await keyIn(dir)).toBe(before);
    await expectEditSplitsShards(dir, 'first-six.mjs');
  }, 120_000);
});

describe('a changed metric module', () => {
  it('changes the run key, so resume and merge refuse figures of two definitions (audit 22)', async () => {
    const dir = gameFolder('game: ./first-six.mjs\nmatches: 4000\nseed: 3\nmetrics: [./decisions.mjs]\nseats: [random, random]\n');
    writeFileSync(
      join(dir, 'decisions.mjs'),
      "export default { name: 'decisions', create() { let k = 0; return { onEvent() { k++; }, finishMatch() { const r = k; k = 0; return { events: { count: r } }; } }; } };\n",
    );
    expect(await keyIn(dir)).toBe(await keyIn(dir));
    await expectEditSplitsShards(dir, 'decisions.mjs');
  }, 120_000);

  it('is named in summary.json by its name, path and digest, which an edit changes, so the figures name the code that made them', async () => {
    const dir = gameFolder('game: ./first-six.mjs\nmatches: 40\nseed: 3\nmetrics: [./counted.mjs]\nseats: [random, random]\n');
    const recorded = async (out: string): Promise<{ name: string; spec: string; path: string; sha256: string }[]> => {
      expect((await hordelabIn(dir, 'run', 'first-six.yaml', '-q', '-w', '0', '--out', out)).status).toBe(0);
      return json(join(dir, out, 'summary.json'))['scenario']['metricModules'];
    };
    writeFileSync(join(dir, 'counted.mjs'), "export default { name: 'counted', create() { return { onEvent() {}, finishMatch() { return { one: { count: 1 } }; } }; } };\n");
    const before = await recorded('before');
    // As the game module is recorded: the path as the scenario wrote it, and the file it was loaded from.
    expect(before).toEqual([{ name: 'counted', spec: './counted.mjs', path: join(dir, 'counted.mjs'), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    // The digest is of the file as it is read when the run starts.
    writeFileSync(join(dir, 'counted.mjs'), "export default { name: 'counted', create() { return { onEvent() {}, finishMatch() { return { one: { count: 2 } }; } }; } };\n");
    const after = await recorded('after');
    expect(after[0]?.sha256).not.toBe(before[0]?.sha256);
    // The pages read a summary that records them.
    expect((await hordelabIn(dir, 'report', 'after', '-q')).status).toBe(0);
  });
});

describe('a misspelt optional function of a game definition', () => {
  it('is refused, naming the function meant, where the game would run without it unsaid (review 33)', () => {
    const never = () => [{ path: [], message: 'never' }];
    expect(gameDefinitionProblem({ ...diceRace, validateParameters: undefined, validateParamters: never })).toBe(
      'has a function "validateParamters", which is no part of a game definition; did you mean validateParameters? (as written, the game runs without it; rename a helper of your own)',
    );
    expect(gameDefinitionProblem({ ...diceRace, determinise: () => null })).toMatch(/^has a function "determinise", .*did you mean determinize\?/);
    expect(gameDefinitionProblem({ ...diceRace, endedatcap: () => false })).toMatch(/did you mean endedAtCap\?/);
    expect(gameDefinitionProblem({ ...diceRace, chanceGrups: () => [] })).toMatch(/did you mean chanceGroups\?/);
    // Beside the function itself, a near name is the game's own; so is a far one, or one that is no function.
    expect(gameDefinitionProblem({ ...diceRace, validateParamters: never })).toBeNull();
    expect(gameDefinitionProblem({ ...diceRace, validateRules: never })).toBeNull();
    // A helper's plausible name is no slip: two edits away, or one s more or less (review 33c).
    for (const helper of ['determine', 'endedAtMax', 'chanceGroup', 'validateParameter', 'chanceGroupss', '_validateParameters', '$determinize']) {
      expect(gameDefinitionProblem({ ...diceRace, validateParameters: undefined, [helper]: () => 1 }), helper).toBeNull();
    }
    expect(gameDefinitionProblem({ ...diceRace, determinise: 'text' })).toBeNull();
  });
});

describe('a getter in a parameter default', () => {
  it('is refused where it gives another value when read again, naming where (review 33a F7); one that gives the same is taken (review 34e)', () => {
    const schema = { safeParse: (data: unknown) => ({ success: true, data }) };
    let reads = 0;
    const withDefault = (spec: object): unknown => ({ ...diceRace, parameters: { ...diceRace.parameters, data: spec } });
    const again = 'gave another value when read again; expected a value that stays as it is (each match, level file and summary reads it anew)';
    const counting = Object.defineProperty({ description: 'd', schema }, 'default', { get: () => reads++, enumerable: true });
    expect(gameDefinitionProblem(withDefault(counting))).toBe(`has parameter "data" whose default is a getter that ${again}`);
    const nested = { k: 1, v: Object.defineProperty({ a: 1 }, 'b', { get: () => reads++, enumerable: true }) };
    expect(gameDefinitionProblem(withDefault({ description: 'd', schema, default: nested }))).toBe(`has parameter "data" whose default holds a getter at v.b that ${again}`);
    const inList = [1, 2];
    Object.defineProperty(inList, 1, { get: () => [reads++], enumerable: true });
    expect(gameDefinitionProblem(withDefault({ description: 'd', schema, default: { xs: inList } }))).toContain('whose default holds a getter at xs[1] that gave another value');
    const inMap = Object.defineProperty({}, 'w', { get: () => new Date(reads++), enumerable: true });
    expect(gameDefinitionProblem(withDefault({ description: 'd', schema, default: new Map([['m', inMap]]) }))).toContain('whose default holds a getter at m.w that');
    // A getter that gives the same each time, as a CommonJS module's re-exports do, is taken; so are plain values.
    const board = [[1, 0]];
    const reexports = Object.defineProperty({}, 'SMALL', { get: () => board, enumerable: true });
    expect(gameDefinitionProblem(withDefault({ description: 'd', schema, default: reexports }))).toBeNull();
    const fresh = Object.defineProperty({ description: 'd', schema }, 'default', { get: () => ({ k: [1, 2] }), enumerable: true });
    expect(gameDefinitionProblem(withDefault(fresh))).toBeNull();
    expect(gameDefinitionProblem(withDefault({ description: 'd', schema, default: { k: 1, v: [1, { a: 2 }] } }))).toBeNull();
  });
});

describe('seat names a report could not tell apart', () => {
  it('refuses a seat named twice, an empty one and one with a line break, naming them', () => {
    expect(gameDefinitionProblem({ ...diceRace, seats: ['A', 'A'] })).toBe('has seats ["A", "A"], naming "A" twice; expected a distinct name for each seat');
    const oneLine = "expected each seat's name non-empty and on one line, with no bidirectional formatting character (it would reorder the rows it is printed in)";
    expect(gameDefinitionProblem({ ...diceRace, seats: ['A', 'B\nC'] })).toBe(`has a seat named "B\\nC"; ${oneLine}`);
    expect(gameDefinitionProblem({ ...diceRace, seats: ['', 'B'] })).toBe(`has a seat named ""; ${oneLine}`);
    // A right-to-left override reordered the table rows naming it (audit 36a); a joiner inside an emoji is no control.
    expect(gameDefinitionProblem({ ...diceRace, seats: ['A', 'B\u202eC'] })).toBe(`has a seat named "B\u202eC"; ${oneLine}`);
    expect(gameDefinitionProblem({ ...diceRace, seats: ['A', '\u{1f468}\u200d\u{1f469}'] })).toBeNull();
    // A right-to-left mark, as a Hebrew or Arabic name may hold, is a name (review 36e).
    expect(gameDefinitionProblem({ ...diceRace, seats: ['A', '\u05d0\u200f (2)'] })).toBeNull();
    expect(gameDefinitionProblem({ ...diceRace, seats: ['A', 'B'] })).toBeNull();
  });

  it('refuses a title a summary could not print on one line, or that would reorder it (audit 36a)', () => {
    for (const title of ['Dice\nRace', 'Dice\u202eRace', 'Dice\u2066Race']) {
      expect(gameDefinitionProblem({ ...diceRace, title })).toBe(`has title ${JSON.stringify(title)}; expected text on one line, with no control or bidirectional formatting character`);
    }
    expect(gameDefinitionProblem({ ...diceRace, title: 'Dés — course' })).toBeNull();
  });
});

describe('a game module whose definition throws as it is read', () => {
  it('is a problem with the module, in one line, not an internal failure', () => {
    const parameters = {};
    Object.defineProperty(parameters, 'length', { enumerable: true, get: () => { throw new Error('getter boom'); } });
    for (const exported of [{ ...diceRace, parameters }, { game: { ...diceRace, parameters } }]) {
      expect(gameModuleFromExport(exported)).toEqual({ problem: 'threw while its definition was read: getter boom' });
    }
  });
});

describe('optional parts of a game definition', () => {
  it('takes a definition without them, and refuses one given as something other than a function, naming it', () => {
    const valid = diceRace as unknown as Record<string, unknown>;
    expect(gameDefinitionProblem(valid)).toBeNull();
    for (const name of ['validateParameters', 'determinize', 'endedAtCap', 'chanceGroups']) {
      expect(gameDefinitionProblem({ ...valid, [name]: [0, 1] }), name).toBe(`has a ${name} that is not a function (leave it out, or make it one)`);
      expect(gameDefinitionProblem({ ...valid, [name]: undefined }), name).toBeNull();
    }
    const values = diceRace.heuristic;
    expect(gameDefinitionProblem({ ...valid, heuristic: Object.assign((state: never) => values(state), { leader: 0 }) })).toBe('has a heuristic.leader that is not a function (leave it out, or make it one)');
    expect(gameDefinitionProblem({ ...valid, heuristic: Object.assign((state: never) => values(state), { leader: () => -1 }) })).toBeNull();
    const getter = Object.defineProperty((state: never) => values(state), 'leader', { get: () => { throw new Error('boom'); } });
    expect(gameDefinitionProblem({ ...valid, heuristic: getter })).toBe('has a heuristic.leader that cannot be read (boom)');
  });
});

describe('a game module that cannot be a game', () => {
  const cases: [string, string, RegExp][] = [
    ['missing.mjs', '', /cannot load game module "\.\/missing\.mjs": no module at .*missing\.mjs/],
    ['no-default.mjs', 'export const game = {};\n', /game module "\.\/no-default\.mjs" exports no default; expected a default export: a game definition/],
    ['number.mjs', 'export default 42;\n', /game module "\.\/number\.mjs" exports a number; expected a default export/],
    ['promise.mjs', "import game from './first-six.mjs';\nexport default Promise.resolve(game);\n", /game module "\.\/promise\.mjs" exports a promise, not the game \(a module may await before exporting: export default await makeGame\(\)\); expected a default export: a game definition/],
    ['no-legal-actions.mjs', "import game from './first-six.mjs';\nconst { legalActions, ...rest } = game;\nexport default rest;\n", /exports an object that has no legalActions\(\) function/],
    ['no-seats.mjs', "import game from './first-six.mjs';\nexport default { ...game, seats: [] };\n", /has no seats \(expected a list of seat names/],
    ['seats-text.mjs', "import game from './first-six.mjs';\nexport default { ...game, seats: 'AB' };\n", /has seats "AB" \(expected a list of seat names, such as \["First", "Second"\]\)$/],
    ['solo.mjs', "import game from './first-six.mjs';\nexport default { ...game, seats: ['Only'] };\n", /has one seat \(Only\); expected at least two: a win is the strictly highest return among seats, so every figure compares seats \(give a one-player game a second seat that never acts, with a fixed return to beat\)$/],
    ['bad-module.mjs', "import game from './first-six.mjs';\nexport default { game: { ...game, utilityBounds: 1 } };\n", /exports a game module whose game has utilityBounds 1 \(expected \[lowest, highest\] return, finite, lowest below highest/],
    ['reversed.mjs', "import game from './first-six.mjs';\nexport default { ...game, utilityBounds: [1, -1] };\n", /exports an object that has utilityBounds \[1, -1\] \(expected \[lowest, highest\] return, finite, lowest below highest, such as \[-1, 1\]\)/],
    ['equal-bounds.mjs', "import game from './first-six.mjs';\nexport default { ...game, utilityBounds: [1, 1] };\n", /has utilityBounds \[1, 1\] \(expected \[lowest, highest\] return, finite, lowest below highest/],
    ['nan-bounds.mjs', "import game from './first-six.mjs';\nexport default { ...game, utilityBounds: [NaN, 1] };\n", /has utilityBounds \[NaN, 1\] \(expected/],
    ['no-bounds.mjs', "import game from './first-six.mjs';\nconst { utilityBounds, ...rest } = game;\nexport default rest;\n", /exports an object that has no utilityBounds \(expected/],
    ['bad-id.mjs', "import game from './first-six.mjs';\nexport default { ...game, id: 'my game/../x' };\n", /exports an object that has id "my game\/\.\.\/x" \(expected text of letters, digits/],
    ['report-without-metric.mjs', "import game from './first-six.mjs';\nexport default { game, report: { matchColumns: [], eventTables: [], createCollector() {}, emptyAggregate() {}, mergeAggregates() {}, summarize() {}, formatSummary() {} } };\n", /with a report but no defaultMetric/],
    ['throws.mjs', "throw new Error('the module fails on load');\n", /cannot load game module "\.\/throws\.mjs": the module fails on load/],
    ['syntax.mjs', 'export default {\n', /cannot load game module "\.\/syntax\.mjs": /],
    ['game.ts', 'export default {};\n', /game module "\.\/game\.ts" is TypeScript.*compile it to JavaScript/],
    ['posing.mjs', "import game from './first-six.mjs';\nexport default { ...game, id: 'coin-flip' };\n", /game module "\.\/posing\.mjs" declares the id "coin-flip", which is a built-in game's; expected an id of its own/],
    // A default a copy for each match cannot follow: 20,000 levels overflowed the stack as the
    // run froze it (an internal failure), and one holding a part twice, 40 levels down, took 2^40.
    [
      'deep.mjs',
      "import game from './first-six.mjs';\nlet v = 1;\nfor (let i = 0; i < 20000; i++) v = { a: v };\nexport default { ...game, parameters: { ...game.parameters, deep: { description: 'd', default: v, schema: { safeParse: (data) => ({ success: true, data }) } } } };\n",
      /has parameter "deep" whose default is nested deeper than 100 levels as each match's copy follows it/,
    ],
    [
      'pairs.mjs',
      "import game from './first-six.mjs';\nlet v = [1];\nfor (let i = 0; i < 40; i++) v = { l: v, r: v };\nexport default { ...game, parameters: { ...game.parameters, pairs: { description: 'p', default: v, schema: { safeParse: (data) => ({ success: true, data }) } } } };\n",
      /has parameter "pairs" whose default is more than 1,000,000 (objects|entries) when copied/,
    ],
  ];
  it('a syntax error names the line it is on (Node\'s own import error does not)', () => {
    const dir = gameFolder('game: ./syntax.mjs\nmatches: 10\nseed: 1\nseats: [random, random]\n');
    writeFileSync(join(dir, 'syntax.mjs'), 'export default {\n  a: 1,\n  b:\n');
    const run = hordelabProcess(dir, 'run', 'first-six.yaml', '-w', '0', '--out', 'out');
    expect([run.status, run.stderr]).toEqual([2, `hordelab: first-six.yaml: game: cannot load game module "./syntax.mjs": Unexpected end of input (${join(dir, 'syntax.mjs')}:4)\n`]);
  });

  it('a syntax error in a file the module imports names that file and its line, not the module', () => {
    const dir = gameFolder('game: ./entry.mjs\nmatches: 10\nseed: 1\nseats: [random, random]\n');
    writeFileSync(join(dir, 'entry.mjs'), "import { rules } from './lib/index.mjs';\nexport default rules;\n");
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'index.mjs'), "export { rules } from './rules.mjs';\n");
    writeFileSync(join(dir, 'lib', 'rules.mjs'), 'export const rules = {\n  a: 1,\n  b: ;\n};\n');
    const run = hordelabProcess(dir, 'run', 'first-six.yaml', '-w', '0', '--out', 'out');
    expect([run.status, run.stderr]).toEqual([2, `hordelab: first-six.yaml: game: cannot load game module "./entry.mjs": Unexpected token ';' (${join(dir, 'lib', 'rules.mjs')}:3)\n`]);
  });

  for (const [file, text, message] of cases) {
    it(`${file}: exit 2, one line naming the scenario, the game field and what was expected; nothing written`, async () => {
      const dir = gameFolder(`game: ./${file}\nmatches: 10\nseed: 1\nseats: [random, random]\n`);
      if (text !== '') writeFileSync(join(dir, file), text);
      const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'out');
      expect(run.status).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toContain('first-six.yaml: game: ');
      expect(lines[0]).toMatch(message);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    });
  }

  it('report refuses a run whose game module is gone or whose record of it is damaged: exit 2, one line naming summary.json', async () => {
    const dir = gameFolder('game: ./first-six.mjs\nmatches: 20\nseed: 1\nseats: [random, random]\n');
    expect((await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'out', '-q', '-w', '0')).status).toBe(0);
    const summaryFile = join(dir, 'out', 'summary.json');
    const summary = json(summaryFile);
    writeFileSync(summaryFile, JSON.stringify({ ...summary, scenario: { ...summary['scenario'], gameModule: 7 } }));
    const damaged = await hordelabIn(dir, 'report', 'out');
    expect(damaged.status).toBe(2);
    expect(damaged.stderr.trim().split('\n')).toHaveLength(1);
    expect(damaged.stderr).toMatch(/summary\.json: scenario\.gameModule: expected \{ spec, path, sha256 \}/);
    writeFileSync(summaryFile, JSON.stringify({ ...summary, scenario: { ...summary['scenario'], file: 'elsewhere/first-six.yaml', gameModule: { ...summary['scenario']['gameModule'], path: join(dir, 'gone.mjs') } } }));
    const gone = await hordelabIn(dir, 'report', 'out');
    expect(gone.status).toBe(2);
    expect(gone.stderr.trim().split('\n')).toHaveLength(1);
    // Both places looked in are named: where the run loaded it, and beside the scenario.
    expect(gone.stderr.trim()).toBe(
      `hordelab: ${summaryFile}: scenario.gameModule: no game module at ${join(dir, 'gone.mjs')}, where the run loaded it, nor at ${join(dir, 'elsewhere', 'first-six.mjs')} ` +
        `(./first-six.mjs beside the scenario elsewhere/first-six.yaml, from ${dir}); put it back, or run this command from the folder that scenario path is relative to`,
    );
    expect(existsSync(join(dir, 'out', 'report.html'))).toBe(false);
  });

  it("a sweep without --metric blames a game module's wrong defaultMetric on the module, not on a flag no one typed", async () => {
    const dir = gameFolder('game: ./entry.mjs\nmatches: 10\nseed: 1\nseats: [random, random]\n');
    writeFileSync(join(dir, 'entry.mjs'), "import game from './first-six.mjs';\nexport default { game, defaultMetric: 'nope.metric' };\n");
    const sweep = await hordelabIn(dir, 'sweep', 'first-six.yaml', '--vary', 'rounds=5,6', '-n', '10', '-w', '0', '--out', 'out');
    expect(sweep.status, sweep.stderr).toBe(2);
    expect(sweep.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^hordelab: game module "\.\/entry\.mjs": defaultMetric \(no --metric given\): no metric "nope\.metric" in first-six results/)]);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('a problem of the parameters as a whole, met with --set flags, names the file and the flags together', async () => {
    const dir = gameFolder('game: ./first-six.mjs\nmatches: 10\nseed: 1\nseats: [random, random]\n');
    const file = join(dir, 'first-six.mjs');
    writeFileSync(file, readFileSync(file, 'utf8').replace('  parameters: {', "  validateParameters: (p) => (p.rounds > 30 ? [{ path: [], message: 'expected at most 30 rounds in all' }] : []),\n  parameters: {"));
    const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--set', 'rounds=40', '--out', 'out');
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([`hordelab: ${join(dir, 'first-six.yaml')} with --set rounds=40: params: expected at most 30 rounds in all`]);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('a problem the game names on a parameter the file set, met after a --set of another, names the file with the flags (audit 22b)', async () => {
    const dir = gameFolder('game: zombie-trainers\nmatches: 10\nseed: 1\nparams: { initialWildZombies: 3 }\nseats: [random, random]\n');
    const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--set', 'map=["..",".."]', '--out', 'out');
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toBe(`hordelab: ${join(dir, 'first-six.yaml')} with --set map=["..",".."]: params.initialWildZombies: the map has 4 grass cells: too few for 2 trainers and 3 zombies\n`);
    // Without a --set, the file alone.
    writeFileSync(join(dir, 'small.yaml'), 'game: zombie-trainers\nmatches: 10\nseed: 1\nparams: { initialWildZombies: 3, map: ["..", ".."] }\nseats: [random, random]\n');
    expect((await hordelabIn(dir, 'run', 'small.yaml', '--out', 'out')).stderr).toMatch(/^hordelab: \S*small\.yaml: params\.initialWildZombies: the map has 4 grass cells/);
  });

  it("a validateParameters that throws or answers in another shape is exit 2 naming the scenario's params, not an internal failure", async () => {
    const cases: [string, string][] = [
      ["() => { throw new Error('no'); }", `the game's validateParameters threw "no"`],
      ["() => 'oops'", "the game's validateParameters returned something other than a list of { path, message } (path a list of keys)"],
      ["() => [{ path: 'rounds', message: 'x' }]", 'returned something other than a list of { path, message }'],
    ];
    for (const [check, message] of cases) {
      const dir = gameFolder('game: ./first-six.mjs\nmatches: 10\nseed: 1\nseats: [random, random]\n');
      const file = join(dir, 'first-six.mjs');
      writeFileSync(file, readFileSync(file, 'utf8').replace('  parameters: {', `  validateParameters: ${check},\n  parameters: {`));
      const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'out');
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^hordelab: \S*first-six\.yaml: params: /)]);
      expect(run.stderr).toContain(message);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    }
  });

  it('report refuses a run whose game module changed since it played: exit 2 naming both hashes, nothing written', async () => {
    const dir = gameFolder('game: ./first-six.mjs\nmatches: 20\nseed: 1\nseats: [random, random]\n');
    expect((await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'out', '-q', '-w', '0')).status).toBe(0);
    const file = join(dir, 'first-six.mjs');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// edited after the run\n`);
    const changed = await hordelabIn(dir, 'report', 'out');
    expect(changed.status, changed.stderr).toBe(2);
    expect(changed.stderr.trim().split('\n')).toEqual([expect.stringMatching(/summary\.json: scenario\.gameModule\.sha256: the game module \S*first-six\.mjs changed since the run played it \(sha256 [0-9a-f]{12} then, [0-9a-f]{12} now\)/)]);
    expect(existsSync(join(dir, 'out', 'report.html'))).toBe(false);
  });

  it('refuses a default holding a key no scenario may give, since level and tuned files write defaults into scenarios (review 32b: a level file no run could read)', async () => {
    const dir = gameFolder();
    for (const [file, value, field] of [
      ['proto', `JSON.parse('{"x": {"__proto__": {"a": 1}}}')`, 'x.__proto__'],
      ['ctor', `[{ constructor: 1 }]`, '[0].constructor'],
      ['inmap', `new Map([['k', { prototype: 2 }]])`, 'k.prototype'],
    ]) {
      writeFileSync(
        join(dir, `${file}.mjs`),
        `import game from './first-six.mjs';\nexport default { ...game, parameters: { ...game.parameters, data: { description: 'd', default: ${value}, schema: { safeParse: (data) => ({ success: true, data }) } } } };\n`,
      );
      writeFileSync(join(dir, `${file}.yaml`), `game: ./${file}.mjs\nmatches: 5\nseed: 1\nseats: [random, random]\n`);
      const refused = await hordelabIn(dir, 'run', `${file}.yaml`, '--out', 'out', '-q', '-w', '0');
      expect([refused.status, refused.stderr], file).toEqual([2, expect.stringContaining(`game module "./${file}.mjs" exports an object that has parameter "data" whose default holds ${field}: "`)]);
      expect(refused.stderr, file).toContain('a scenario could not give it, so no level or tuned file could hold it; expected a default export');
    }
    // A Map key or Set member a scenario file cannot write, nor read back as it was (review 32e: level files no reader took, undefined became null).
    for (const [file, value, message] of [
      ['objkey', `new Map([[{ q: 1 }, 'v']])`, 'holds [0]: got a Map key {"q":1}; expected text, a number, true or false, null or a Date of years 100 to 9999'],
      ['undefkey', `{ m: new Map([[undefined, 1]]) }`, 'holds m[0]: got a Map key undefined;'],
      ['setnum', `[new Set([1, '1'])]`, 'holds [0][1]: got the Set members 1 and "1", which a scenario file\'s !!set reads as one'],
    ]) {
      writeFileSync(
        join(dir, `${file}.mjs`),
        `import game from './first-six.mjs';\nexport default { ...game, parameters: { ...game.parameters, data: { description: 'd', default: ${value}, schema: { safeParse: (data) => ({ success: true, data }) } } } };\n`,
      );
      writeFileSync(join(dir, `${file}.yaml`), `game: ./${file}.mjs\nmatches: 5\nseed: 1\nseats: [random, random]\n`);
      const refused = await hordelabIn(dir, 'run', `${file}.yaml`, '--out', 'out', '-q', '-w', '0');
      expect([refused.status, refused.stderr], file).toEqual([2, expect.stringContaining(`has parameter "data" whose default ${message}`)]);
    }
    // A default of one large list loads (review 32f: its parts spread onto the stack overflowed it).
    writeFileSync(
      join(dir, 'biglist.mjs'),
      `import game from './first-six.mjs';\nexport default { ...game, parameters: { ...game.parameters, data: { description: 'd', default: Array.from({ length: 200000 }, (_, i) => i), schema: { safeParse: (data) => ({ success: true, data }) } } } };\n`,
    );
    writeFileSync(join(dir, 'biglist.yaml'), 'game: ./biglist.mjs\nmatches: 2\nseed: 1\nseats: [random, random]\n');
    const bigList = await hordelabIn(dir, 'run', 'biglist.yaml', '--out', 'biglist-out', '-q', '-w', '0');
    expect(bigList.status, bigList.stderr).toBe(0);
    // A default that holds itself is refused at once (review 32c: followed for ever, it ran the process out of memory; 32d: run, its level and tuned files could not be read).
    writeFileSync(
      join(dir, 'board.mjs'),
      `import game from './first-six.mjs';\nclass Space { constructor(name) { this.name = name; this.neighbours = []; } }\nconst a = new Space('a'); const b = new Space('b'); a.neighbours.push(b); b.neighbours.push(a);\nexport default { ...game, parameters: { ...game.parameters, data: { description: 'd', default: [a, b], schema: { safeParse: (data) => ({ success: true, data }) } } } };\n`,
    );
    writeFileSync(join(dir, 'board.yaml'), 'game: ./board.mjs\nmatches: 5\nseed: 1\nseats: [random, random]\n');
    const board = await hordelabIn(dir, 'run', 'board.yaml', '--out', 'board-out', '-q', '-w', '0');
    expect([board.status, board.stderr]).toEqual([2, expect.stringContaining('has parameter "data" whose default holds itself ([0].neighbours[0].neighbours[0] is a part of itself); no scenario, level or tuned file can write it: build such a structure in setup() from plain data')]);
    expect(existsSync(join(dir, 'board-out'))).toBe(false);
    // A Map's own keys reach no prototype, and a !!omap in a level file gives them: allowed.
    writeFileSync(
      join(dir, 'mapkey.mjs'),
      `import game from './first-six.mjs';\nexport default { ...game, parameters: { ...game.parameters, data: { description: 'd', default: new Map([['__proto__', 1]]), schema: { safeParse: (data) => ({ success: true, data }) } } } };\n`,
    );
    writeFileSync(join(dir, 'mapkey.yaml'), 'game: ./mapkey.mjs\nmatches: 5\nseed: 1\nseats: [random, random]\n');
    const mapKey = await hordelabIn(dir, 'run', 'mapkey.yaml', '--out', 'out', '-q', '-w', '0');
    expect(mapKey.status, mapKey.stderr).toBe(0);
    expect(existsSync(join(dir, 'out', 'summary.json'))).toBe(true);
  });

  it('a ladder or tune whose dotted --set or --space writes a default no file reads back as played is refused before any match, naming the flag and the value (review 32f)', async () => {
    const dir = gameFolder();
    const withDefault = (file: string, value: string): void => {
      writeFileSync(
        join(dir, `${file}.mjs`),
        `import game from './first-six.mjs';\nclass Point { constructor(x) { this.x = x; } }\nexport default { ...game, parameters: { ...game.parameters, data: { description: 'd', default: { k: 1, v: ${value} }, schema: { safeParse: (data) => ({ success: true, data }) } } } };\n`,
      );
      writeFileSync(join(dir, `${file}.yaml`), `game: ./${file}.mjs\nmatches: 4\nseed: 1\nseats: [random, random]\n`);
    };
    for (const [file, value, message] of [
      // YAML reads years 0 to 99 as 1900 to 1999.
      ['year50', `new Date('0050-01-01T00:00:00Z')`, 'data.v: got a Date in year 50; expected one in years 100 to 9999'],
      // Written, it had stopped the ladder with an internal failure once every level had played.
      ['invalid', 'new Date(NaN)', 'data.v: got an invalid Date; expected a valid one'],
      ['point', 'new Point(1)', 'data.v: got an instance of Point; expected plain data'],
      ['floats', 'new Float64Array([1.5])', 'data.v: got an instance of Float64Array; expected plain data'],
      ['undef', 'undefined', 'data.v: holds undefined, which a file reads back as nothing (the field is left out)'],
      ['hole', '[1, , 3]', 'data.v[1]: holds undefined, which a file reads back as null'],
      ['bare', 'Object.assign(Object.create(null), { z: 1 })', 'data.v: holds a mapping without a prototype {"z":1}, which a file reads back as {"z":1}'],
    ] as [string, string, string][]) {
      withDefault(file, value);
      const ladder = await hordelabIn(dir, 'ladder', `${file}.yaml`, '--levels', 'random,greedy', '--set', 'data.k=2', '--out', `ladder-${file}`, '-q', '-w', '0');
      expect([ladder.status, ladder.stderr.trim().split('\n')], file).toEqual([2, [expect.stringMatching(/^hordelab: --set data\.k=2: /)]]);
      expect(ladder.stderr, file).toContain(`${message}`);
      expect(ladder.stderr, file).toContain('a level file (which reproduces this with hordelab run) could not hold it');
      expect(existsSync(join(dir, `ladder-${file}`)), file).toBe(false);
    }
    for (const file of ['year50', 'point']) {
      const tune = await hordelabIn(dir, 'tune', `${file}.yaml`, '--target', 'seat1WinRate=0.5', '--space', 'data.k=1..3', '--budget', '200', '--out', `tune-${file}`, '-q', '-w', '0');
      expect([tune.status, tune.stderr.trim().split('\n')], file).toEqual([2, [expect.stringMatching(/^hordelab: --space data\.k=1\.\.3: data\.v: got /)]]);
      expect(tune.stderr, file).toContain('the tuned scenario (which reproduces this with hordelab run) could not hold it');
      expect(existsSync(join(dir, `tune-${file}`)), file).toBe(false);
    }
    // A default a file writes as itself (a Set, a Map keyed by a Date, -0, bytes) is written, and a run of the level file plays it.
    withDefault('faithful', `new Map([['s', new Set([1, 'a', null])], [new Date('2001-01-01T00:00:00.5Z'), -0], ['b', new Uint8Array([1, 2])]])`);
    const ladder = await hordelabIn(dir, 'ladder', 'faithful.yaml', '--levels', 'random,greedy', '--set', 'data.k=2', '--out', 'ladder-faithful', '-q', '-w', '0');
    expect(ladder.status, ladder.stderr).toBe(0);
    const rerun = await hordelabIn(dir, 'run', 'ladder-faithful/levels/greedy.yaml', '--out', 'rerun-faithful', '-q', '-w', '0');
    expect(rerun.status, rerun.stderr).toBe(0);
    const recorded = json(join(dir, 'rerun-faithful', 'summary.json'))['scenario']['params'];
    expect(recorded).toEqual(json(join(dir, 'ladder-faithful', 'ladder.json'))['scenario']['params']);
    expect(JSON.stringify(recorded)).toContain('"k":2');
    // A default nested deeper than a scenario file may be is refused as no file could hold it (review 33a: run refused the files written).
    withDefault('deep', "Array.from({ length: 63 }).reduce((inner) => ({ x: inner }), 1)");
    const deep = await hordelabIn(dir, 'ladder', 'deep.yaml', '--levels', 'random,greedy', '--set', 'data.k=2', '--out', 'ladder-deep', '-q', '-w', '0');
    expect([deep.status, deep.stderr.trim().split('\n')]).toEqual([2, [expect.stringMatching(/^hordelab: --set data\.k=2: data\.v(\.x)+: nested deeper than 64 levels; a level file \(which reproduces this with hordelab run\) could not hold it$/)]]);
    expect(existsSync(join(dir, 'ladder-deep'))).toBe(false);
  });

  it("tune refuses, before any match, a --space choice its tuned scenario could not hold, whichever candidate it is (review 34a: found once it won)", async () => {
    const dir = gameFolder();
    writeFileSync(
      join(dir, 'anyv.mjs'),
      "import game from './first-six.mjs';\nexport default { ...game, parameters: { ...game.parameters, v: { description: 'd', default: 1, schema: { safeParse: (data) => ({ success: true, data }) } } } };\n",
    );
    writeFileSync(join(dir, 'anyv.yaml'), 'game: ./anyv.mjs\nmatches: 4\nseed: 1\nseats: [random, random]\n');
    const deep = `${'['.repeat(65)}1${']'.repeat(65)}`;
    const tune = await hordelabIn(dir, 'tune', 'anyv.yaml', '--target', 'seat1WinRate=0.5', '--space', `v=1,${deep}`, '--budget', '200', '--confirm', '2', '--out', 'tune', '-q', '-w', '0');
    expect([tune.status, tune.stderr.trim().split('\n')]).toEqual([2, [expect.stringMatching(/^hordelab: --space v=1,\[+1\]+: v(\[0\])+: nested deeper than 64 levels; the tuned scenario \(which reproduces this with hordelab run\) could not hold it$/)]]);
    expect(existsSync(join(dir, 'tune'))).toBe(false);
  });

  it("a game parameter named like a seat (seat1) is set as a parameter by a ladder's and tune's --set and --space, as by run's (review 33a)", async () => {
    const dir = gameFolder();
    writeFileSync(
      join(dir, 'seatparam.mjs'),
      "import game from './first-six.mjs';\nimport { appendFileSync } from 'node:fs';\n" +
        "export default { ...game, parameters: { ...game.parameters, seat1: { description: 'd', default: { x: 1 }, schema: { safeParse: (data) => ({ success: true, data }) } } },\n" +
        '  setup(params) { if (process.env.SEAT_LOG) appendFileSync(process.env.SEAT_LOG, `${params.seat1.x}\\n`); return game.setup(params); } };\n',
    );
    writeFileSync(join(dir, 'seatparam.yaml'), 'game: ./seatparam.mjs\nmatches: 4\nseed: 1\nseats: [random, random]\n');
    const log = join(dir, 'seen.log');
    const seen = (): string[] => [...new Set(readFileSync(log, 'utf8').trim().split('\n'))];
    process.env['SEAT_LOG'] = log;
    try {
      const ladder = await hordelabIn(dir, 'ladder', 'seatparam.yaml', '--levels', 'random,greedy', '--set', 'seat1.x=2', '--out', 'ladder', '-q', '-w', '0');
      expect(ladder.status, ladder.stderr).toBe(0);
      expect(seen()).toEqual(['2']);
      writeFileSync(log, '');
      const rerun = await hordelabIn(dir, 'run', 'ladder/levels/greedy.yaml', '--out', 'rerun', '-q', '-w', '0');
      expect(rerun.status, rerun.stderr).toBe(0);
      expect(seen()).toEqual(['2']);
      const tune = await hordelabIn(dir, 'tune', 'seatparam.yaml', '--target', 'seat1WinRate=0.5', '--space', 'seat1.x=3,4', '--candidates', '2', '--budget', '112', '--confirm', '2', '--out', 'tune', '-q', '-w', '0');
      expect(tune.status, tune.stderr).toBe(0);
      const tuned = readFileSync(join(dir, 'tune', 'seatparam-tuned.yaml'), 'utf8');
      expect(tuned).toMatch(/params:\n {2}seat1:\n {4}x: [34]\n/);
      expect(tuned).not.toContain('config');
      // A sweep varies it as a parameter, and says no seat setting changed by row (review 33c L4).
      writeFileSync(log, '');
      const sweep = await hordelabIn(dir, 'sweep', 'seatparam.yaml', '--vary', 'seat1.x=5,6', '-n', '4', '--out', 'sweep', '-w', '0');
      expect(sweep.status, sweep.stderr).toBe(0);
      expect(seen().sort()).toEqual(['5', '6']);
      expect(sweep.stdout).toContain('Played by random vs random.\n');
    } finally {
      delete process.env['SEAT_LOG'];
    }
  });

  it("a JSON scenario's ladder level with a NaN setting is refused, where it was played as null (JSON has no NaN; review 33a)", async () => {
    const dir = gameFolder();
    writeFileSync(join(dir, 'any-agent.mjs'), 'export default { validateConfig: () => [], create: () => ({ chooseAction: () => 0 }) };\n');
    writeFileSync(join(dir, 'json.json'), JSON.stringify({ game: './first-six.mjs', matches: 4, seed: 1, seats: ['random', 'random'] }));
    const ladder = await hordelabIn(dir, 'ladder', 'json.json', '--levels', 'random,./any-agent.mjs:v=.nan', '--out', 'ladder', '-q', '-w', '0');
    expect([ladder.status, ladder.stderr]).toEqual([2, 'hordelab: --levels: level "./any-agent.mjs:v=NaN": config.v: got NaN, which a JSON scenario cannot hold (JSON has no NaN); write the scenario as YAML, where .nan is a value\n']);
    expect(existsSync(join(dir, 'ladder'))).toBe(false);
    // -0 and ±Infinity a JSON file writes (as -0 and ±1e400) still play.
    const infinite = await hordelabIn(dir, 'ladder', 'json.json', '--levels', 'random,./any-agent.mjs:v=-.inf', '--out', 'ladder', '-q', '-w', '0');
    expect(infinite.status, infinite.stderr).toBe(0);
  });

  it('refuses a default that summary.json would record deeper than it is read back, naming the parameter; a run of one just inside is reported (reviews 31a, 31c, 31d)', async () => {
    const dir = gameFolder();
    // A Map's entry takes three levels as recorded: 41 Maps nest 123 levels, 42 nest 126.
    for (const maps of [41, 42]) {
      writeFileSync(
        join(dir, `maps${maps}.mjs`),
        `import game from './first-six.mjs';\nlet v = 1;\nfor (let i = 0; i < ${maps}; i++) v = new Map([['k', v]]);\n` +
          "export default { ...game, parameters: { ...game.parameters, maps: { description: 'm', default: v, schema: { safeParse: (data) => ({ success: true, data }) } } } };\n",
      );
      writeFileSync(join(dir, `maps${maps}.yaml`), `game: ./maps${maps}.mjs\nmatches: 5\nseed: 1\nseats: [random, random]\n`);
    }
    const refused = await hordelabIn(dir, 'run', 'maps42.yaml', '--out', 'out42', '-q', '-w', '0');
    expect(refused.status, refused.stderr).toBe(2);
    // Refused as the module loads (conform too), naming its default (review 31d: it was blamed on the scenario).
    expect(refused.stderr).toBe(
      `hordelab: ${join(dir, 'maps42.yaml')}: game: game module "./maps42.mjs" exports an object that has parameter "maps" whose default nests 126 levels as recorded (a Map's entry takes three, a Set's or a class instance's two); expected at most 125, or a run of it could not be reported\n`,
    );
    expect(existsSync(join(dir, 'out42'))).toBe(false);
    const run = await hordelabIn(dir, 'run', 'maps41.yaml', '--out', 'out41', '-q', '-w', '0');
    expect(run.status, run.stderr).toBe(0);
    const report = await hordelabIn(dir, 'report', 'out41', '--format', 'md');
    expect(report.status, report.stderr).toBe(0);
  });

  it("report blames a game module's own charts, lengthCap or report that throw or answer wrong on the module, not on summary.json (reviews 30e, 31a)", async () => {
    const withReport = (override: string): string =>
      `import { genericReport } from '${PACKAGE_INDEX}';\nconst base = genericReport(game.id, game.seats);\nconst parts = { defaultMetric: 'seat1WinRate', report: { ...base, ${override} } };\n`;
    const cases: [string, string, RegExp][] = [
      ['', "charts() { throw new Error('boom'); }", /: charts: threw while drawing this run's pages \(boom\)/],
      ['', 'charts() { return null; }', /: charts: threw while drawing this run's pages \(returned null, expected a list of charts\)/],
      ['', 'charts() { return [null]; }', /: charts: threw while drawing this run's pages \(returned a chart \(number 1\) that is null, expected \{ id, title, caption, spec \}\)/],
      ['', "charts() { return [{ id: 'x', caption: 'c', spec: {} }]; }", /returned a chart \(number 1\) whose title is undefined, expected text/],
      ['', "charts() { return [{ id: 'x', title: 'X', caption: 'c', spec: { mark: 'nonsense', data: { values: [] } } }]; }", /: charts \(chart "x"\): Vega could not draw its spec \(.+\); a run's pages are drawn only with the game module it played, so fix the module and run the scenario again\n/],
      // A chart that names a URL is refused before it is drawn: a report fetches nothing (audit 39a F3, F4).
      ['', "charts() { return [{ id: 'u', title: 'U', caption: 'c', spec: { data: { url: 'http://127.0.0.1:9/d.json' }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' } } } }]; }", /: charts \(chart "u"\): names a resource by URL at spec\.data\.url; a report is one self-contained file with nothing fetched, so a chart's data must be inline values \(data\.values\) and no URL may appear in it/],
      ['', "charts() { return [{ id: 'l', title: 'L', caption: 'c', spec: { data: { values: [{ a: 1 }] }, transform: [{ lookup: 'a', from: { data: { url: 'https://x.example/l.csv' }, key: 'a', fields: ['b'] } }], mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' } } } }]; }", /: charts \(chart "l"\): names a resource by URL at spec\.transform\[0\]\.from\.data\.url;/],
      ['', "charts() { return [{ id: 'img', title: 'I', caption: 'c', spec: { data: { values: [{ u: 'http://127.0.0.1:9/t.png' }] }, mark: 'image', encoding: { url: { field: 'u', type: 'nominal' }, x: { value: 10 }, y: { value: 10 } } } }]; }", /: charts \(chart "img"\): names a resource by URL at spec\.encoding\.url;/],
      ['', "charts() { return [{ id: 'h', title: 'H', caption: 'c', spec: { data: { values: [{ a: 1, h: 'javascript:void(0)' }] }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' }, href: { field: 'h', type: 'nominal' } } } }]; }", /: charts \(chart "h"\): names a resource by URL at spec\.encoding\.href;/],
      ['', "charts() { return [{ id: 'm', title: 'M', caption: 'c', spec: { layer: [{ data: { values: [{ a: 1 }] }, mark: { type: 'point', href: 'https://x.example' }, encoding: { x: { field: 'a', type: 'quantitative' } } }] } }]; }", /: charts \(chart "m"\): names a resource by URL at spec\.layer\[0\]\.mark\.href;/],
      // Data is inline values, a data: URI too (the loader refused it at drawing), and no mark is a link, a data: page neither (review 39s R4, R5).
      ['', "charts() { return [{ id: 'du', title: 'D', caption: 'c', spec: { data: { url: 'data:application/json,[{\"a\":1}]' }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' } } } }]; }", /: charts \(chart "du"\): names a resource by URL at spec\.data\.url;/],
      ['', "charts() { return [{ id: 'dh', title: 'D', caption: 'c', spec: { data: { values: [{ a: 1 }] }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' }, href: { value: 'data:text/html;base64,PHNjcmlwdD4=' } } } }]; }", /: charts \(chart "dh"\): names a resource by URL at spec\.encoding\.href;/],
      ['', "lengthCap() { throw new Error('cap'); }", /: lengthCap: threw while drawing this run's pages \(cap\)/],
      ['', 'lengthCap() { return { value: 3 }; }', /: lengthCap: threw while drawing this run's pages \(returned \{ value: number, note: undefined \}, expected null or \{ value, note \}/],
      ['', "lengthCap() { return { value: 3, get note() { throw new Error('getter'); } }; }", /: lengthCap: threw while drawing this run's pages \(getter\)/],
      [withReport("summarize(a, c) { if (a.matches === 0) throw new Error('cannot summarize'); return base.summarize(a, c); }"), '...parts', /: report\.summarize: threw while reading \S*summary\.json \(cannot summarize\)/],
      [withReport('formatSummary() { return undefined; }'), '...parts', /: report\.formatSummary: threw while drawing this run's pages \(returned undefined, expected the summary as text\)/],
    ];
    for (const [prelude, part, message] of cases) {
      const dir = gameFolder('game: ./entry.mjs\nmatches: 20\nseed: 1\nseats: [random, random]\n');
      const entry = join(dir, 'entry.mjs');
      writeFileSync(entry, `import game from './first-six.mjs';\n${prelude}export default { game, ${part} };\n`);
      const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'out', '-q', '-w', '0');
      expect(run.status, run.stderr).toBe(0);
      const report = await hordelabIn(dir, 'report', 'out');
      expect(report.status, `${part}: ${report.stderr}`).toBe(2);
      expect(report.stderr.trim().split('\n')).toHaveLength(1);
      expect(report.stderr.startsWith(`hordelab: ${entry}: `), report.stderr).toBe(true);
      expect(report.stderr).toMatch(message);
      expect(existsSync(join(dir, 'out', 'report.html'))).toBe(false);
    }
    // A report that answers for no matches with other figures than for a run: the file is named
    // (it may be edited), with the module as the other cause.
    const other = gameFolder('game: ./entry.mjs\nmatches: 20\nseed: 1\nseats: [random, random]\n');
    writeFileSync(
      join(other, 'entry.mjs'),
      `import game from './first-six.mjs';\n${withReport("summarize(a, c) { const all = base.summarize(a, c); if (a.matches > 0) return all; const { moves, ...rest } = all; return rest; }")}export default { game, ...parts };\n`,
    );
    expect((await hordelabIn(other, 'run', 'first-six.yaml', '--out', 'out', '-q', '-w', '0')).status).toBe(0);
    const shape = await hordelabIn(other, 'report', 'out');
    expect(shape.status, shape.stderr).toBe(2);
    expect(shape.stderr).toMatch(/summary\.json: results\.moves: not a figure a first-six run writes \(or the game module's report\.summarize gives other figures for no matches than for a run\)/);
    // Asked of the run itself, the run is played and published: exit 1 (not 2, which says
    // nothing was written), its results kept; a fixed module needs the run played again.
    const dir = gameFolder('game: ./entry.mjs\nmatches: 20\nseed: 1\nseats: [random, random]\n');
    writeFileSync(join(dir, 'entry.mjs'), "import game from './first-six.mjs';\nexport default { game, charts() { throw new Error('boom'); } };\n");
    const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'out', '-q', '-w', '0', '--report', 'html,md');
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `hordelab: the run's results are in ${join(dir, 'out')}, but its pages were not drawn: ${join(dir, 'entry.mjs')}: charts: threw while drawing this run's pages (boom); a run's pages are drawn only with the game module it played, so fix the module and run the scenario again`,
    ]);
    expect(['summary.json', 'matches.csv', 'report.html', 'report.md'].map((name) => existsSync(join(dir, 'out', name)))).toEqual([true, true, false, false]);
  });

  it('an unknown plain word is an unknown game, with the choices', async () => {
    const dir = gameFolder('game: zombie-trainer\nmatches: 10\nseed: 1\nseats: [random, random]\n');
    const run = await hordelabIn(dir, 'run', 'first-six.yaml');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/game: unknown game "zombie-trainer"; expected one of: zombie-trainers, .*game module path/);
  });

  it('a package name resolves from the node_modules above the scenario', async () => {
    const dir = gameFolder('game: first-six-game\nmatches: 100\nseed: 1\nseats: [random, random]\n');
    const pkg = join(dir, 'node_modules', 'first-six-game');
    cpSync(join(dir, 'first-six.mjs'), join(pkg, 'lib', 'index.mjs'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'first-six-game', type: 'module', exports: { '.': { import: './lib/index.mjs' } } }));
    const run = await hordelabIn(dir, 'run', 'first-six.yaml', '--out', 'out', '-q');
    expect(run.stderr).toBe('');
    expect(json(join(dir, 'out', 'summary.json'))['scenario']['gameModule'].spec).toBe('first-six-game');
    expect((await hordelabIn(dir, 'report', 'out')).status).toBe(0);
  });
});

/**
 * A game module with a report of its own (the first to roll a six, each roll an event row), its
 * parts given as JavaScript text: `matchColumns`, `eventTables`, `summaryTables`, and the
 * `matchRow` and each `eventRow` (of `value`) its collector gives. It lies two folders below the
 * test's folder, beside its scenario, so a table named `../../x` stays inside the test's folder.
 */
function reportModule(parts: { matchColumns?: string; eventTables?: string; summaryTables?: string; matchRow?: string; eventRow?: string } = {}): string {
  return `import game from '../../first-six.mjs';
const report = {
  gameId: 'first-six',
  matchColumns: ${parts.matchColumns ?? "['winner']"},
  eventTables: ${parts.eventTables ?? "[{ file: 'rolls.csv', columns: ['match', 'value'] }]"},
  createCollector() {
    let rolls = [];
    return {
      onEvent(event) { if (event.type === 'rolled') rolls.push(event.value); },
      finishMatch(context, aggregate) {
        aggregate.matches++;
        const eventRows = [rolls.map((value) => ${parts.eventRow ?? '[context.matchIndex, value]'})];
        rolls = [];
        return { matchRow: ${parts.matchRow ?? "[context.returns[0] > 0 ? 'First' : 'other']"}, eventRows };
      },
      discardMatch() { rolls = []; },
    };
  },
  emptyAggregate: () => ({ matches: 0 }),
  mergeAggregates(into, other) { into.matches += other.matches; },
  summarize: (aggregate) => ({ matches: aggregate.matches }),
  formatSummary: (summary) => 'matches ' + summary.matches,
  summaryTables: ${parts.summaryTables ?? "(summary) => [{ file: 'totals.csv', columns: ['matches'], rows: [[summary.matches]] }]"},
};
export default { game, report, defaultMetric: 'matches' };
`;
}

/** Every file under `dir` with its content: what a refused command must leave as it was. */
function filesUnder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    files[name] = statSync(path).isDirectory() ? '(folder)' : readFileSync(path, 'utf8');
  }
  return files;
}

/** A test folder with a file of the user's one folder above the module's, and a module `name` of `parts` with its scenario, in `a/b`. */
function reportFolder(name: string, parts: Parameters<typeof reportModule>[0]): { root: string; dir: string } {
  const root = gameFolder();
  const dir = join(root, 'a', 'b');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(root, 'a', 'victim.txt'), "the user's own\n");
  writeFileSync(join(dir, `${name}.mjs`), reportModule(parts));
  writeFileSync(join(dir, `${name}.yaml`), `game: ./${name}.mjs\nmatches: 20\nseed: 1\nseats: [random, random]\n`);
  return { root, dir };
}

describe("a report's table names and columns (audit 36c)", () => {
  it('a report of its own writes its tables beside matches.csv, its columns after the runner\'s (the module the cases below break)', async () => {
    const { dir } = reportFolder('fine', {});
    const run = await hordelabIn(dir, 'run', 'fine.yaml', '--out', 'out', '-q');
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(readdirSync(join(dir, 'out')).filter((name) => !name.startsWith('.')).sort()).toEqual(['matches.csv', 'rolls.csv', 'summary.json', 'totals.csv']);
    expect(readFileSync(join(dir, 'out', 'matches.csv'), 'utf8').split('\n')[0]).toBe('match,seed,agent1,agent2,winner');
    expect(readFileSync(join(dir, 'out', 'totals.csv'), 'utf8')).toBe('matches\n20\n');
  });

  it('a table named from the results, or by an earlier version of the module, is the run\'s own when --force replaces the run (review 40r R1)', async () => {
    // Written only once there are matches: a run of no matches names no such table.
    const { dir } = reportFolder('late', { summaryTables: "(summary) => summary.matches === 0 ? [] : [{ file: 'wins.csv', columns: ['matches'], rows: [[summary.matches]] }]" });
    expect((await hordelabIn(dir, 'run', 'late.yaml', '--out', 'out', '-q')).status).toBe(0);
    const again = await hordelabIn(dir, 'run', 'late.yaml', '--out', 'out', '-q', '--force');
    expect([again.status, again.stderr]).toEqual([0, '']);
    expect(readFileSync(join(dir, 'out', 'wins.csv'), 'utf8')).toBe('matches\n20\n');
    // The author renames the table (a module file of its own: this process has the first one loaded), the scenario's name kept.
    writeFileSync(join(dir, 'renamed.mjs'), reportModule({ summaryTables: "(summary) => [{ file: 'first-wins.csv', columns: ['matches'], rows: [[summary.matches]] }]" }));
    writeFileSync(join(dir, 'renamed.yaml'), 'name: late\ngame: ./renamed.mjs\nmatches: 20\nseed: 1\nseats: [random, random]\n');
    const renamed = await hordelabIn(dir, 'run', 'renamed.yaml', '--out', 'out', '-q', '--force');
    expect([renamed.status, renamed.stderr]).toEqual([0, '']);
    expect(readdirSync(join(dir, 'out')).filter((name) => !name.startsWith('.')).sort()).toEqual(['first-wins.csv', 'matches.csv', 'rolls.csv', 'summary.json']);
  });

  const owned = 'a file hordelab itself writes in a run\'s folder; expected a name of the game\'s own, none of matches.csv, errors.csv, summary.json, shard.json, report.html, report.md, metrics.csv, metrics.json, compare.html, card-values.json, card-values.csv, card-values.md, card-values.html';
  const plain = 'expected a plain file name, written inside the run\'s folder: letters, digits, ".", "_" or "-", starting with a letter or digit, such as "cards.csv"';
  const empty = 'summaryTables(summary) gave, for a run of no matches, a table whose';
  const cases: [string, Parameters<typeof reportModule>[0], string][] = [
    ['up-one', { eventTables: "[{ file: '../escaped.csv', columns: ['match', 'value'] }]" }, `eventTables[0].file is "../escaped.csv"; ${plain}`],
    ['up-two', { summaryTables: "() => [{ file: '../../victim.txt', columns: ['n'], rows: [] }]" }, `${empty} [0].file is "../../victim.txt"; ${plain}`],
    ['absolute', { eventTables: "[{ file: '/tmp/hordelab-36c-escaped.csv', columns: ['v'] }]" }, `eventTables[0].file is "/tmp/hordelab-36c-escaped.csv"; ${plain}`],
    ['dot-dot', { eventTables: "[{ file: '..', columns: ['v'] }]" }, `eventTables[0].file is ".."; ${plain}`],
    ['no-file', { eventTables: "[{ columns: ['v'] }]" }, `eventTables[0].file is undefined; ${plain}`],
    ['matches', { eventTables: "[{ file: 'matches.csv', columns: ['match', 'value'] }]" }, `eventTables[0].file is "matches.csv", ${owned}`],
    ['summary', { summaryTables: "() => [{ file: 'summary.json', columns: ['n'], rows: [] }]" }, `${empty} [0].file is "summary.json", ${owned}`],
    ['report-page', { eventTables: "[{ file: 'Report.HTML', columns: ['v'] }]" }, `eventTables[0].file is "Report.HTML", ${owned}`],
    ['manifest', { summaryTables: "() => [{ file: '.hordelab-folder.json', columns: ['n'], rows: [] }]" }, `${empty} [0].file is ".hordelab-folder.json"; ${plain}`],
    ['working', { eventTables: "[{ file: 'totals.csv.tmp', columns: ['v'] }]" }, `eventTables[0].file is "totals.csv.tmp"; expected a name not ending in ".tmp", which hordelab's working and temporary files end in`],
    ['twice', { eventTables: "[{ file: 'rolls.csv', columns: ['v'] }, { file: 'ROLLS.csv', columns: ['v'] }]" }, 'eventTables[1].file is "ROLLS.csv", the file eventTables[0].file names too; expected each table a file of its own'],
    ['beside-events', { summaryTables: "() => [{ file: 'rolls.csv', columns: ['n'], rows: [] }]" }, `${empty} [0].file is "rolls.csv", the file eventTables[0].file names too; expected each table a file of its own`],
    ['short-summary-row', { summaryTables: "(summary) => [{ file: 'totals.csv', columns: ['matches', 'rolls'], rows: [[summary.matches]] }]" }, 'summaryTables(summary) gave, for a run of no matches, [0] ("totals.csv") whose rows[0] has 1 cells ([0]); expected 2 cells, one per column (matches, rolls)'],
    ['seed-column', { matchColumns: "['seed']" }, 'matchColumns are ["seed"], naming "seed", one of the columns hordelab writes first in matches.csv (match, seed, agent1, agent2); expected names of the game\'s own'],
    ['agent-column', { matchColumns: "['winner', 'agent2']", matchRow: "['x', 'y']" }, 'matchColumns are ["winner","agent2"], naming "agent2", one of the columns hordelab writes first in matches.csv (match, seed, agent1, agent2); expected names of the game\'s own'],
    ['column-twice', { matchColumns: "['winner', 'winner']", matchRow: "['x', 'y']" }, 'matchColumns are ["winner","winner"], naming "winner" twice; expected each column once'],
    ['event-column-twice', { eventTables: "[{ file: 'rolls.csv', columns: ['value', 'value'] }]" }, 'eventTables[0].columns are ["value","value"], naming "value" twice; expected each column once'],
  ];

  it.each(cases)('%s: refused at load by run (exit 2, one line naming the module, the field and what was expected), nothing written inside or outside the folder', async (name, parts, message) => {
    const { root, dir } = reportFolder(name, parts);
    const before = filesUnder(root);
    const run = await hordelabIn(dir, 'run', `${name}.yaml`, '--out', 'out', '-q');
    expect([run.status, run.stderr.replace(`${dir}/`, '')]).toEqual([2, `hordelab: ${name}.yaml: game: game module "./${name}.mjs" exports a game module that has a report whose ${message}\n`]);
    expect(filesUnder(root)).toEqual(before);
    expect(existsSync('/tmp/hordelab-36c-escaped.csv')).toBe(false);
  });

  it('is refused alike by check, sweep, tune, ladder and conform, which passed both modules of the audit', async () => {
    for (const [name, parts, message] of cases.filter(([name]) => name === 'up-one' || name === 'up-two' || name === 'seed-column')) {
      const { root, dir } = reportFolder(`every-${name}`, parts);
      writeFileSync(join(dir, 'gate.checks.yaml'), `checks:\n  - name: gate\n    scenario: every-${name}.yaml\n    metric: matches\n    atLeast: 0\n    budget: 100\n`);
      const before = filesUnder(root);
      const said = `game module "./every-${name}.mjs" exports a game module that has a report whose ${message}`;
      for (const args of [
        ['check', 'gate.checks.yaml'],
        ['sweep', `every-${name}.yaml`, '--vary', 'rounds=1,3', '-n', '20', '--out', 'sweep', '-q'],
        ['tune', `every-${name}.yaml`, '--target', 'matches=1', '--space', 'rounds=1..6', '--budget', '100', '--out', 'tune', '-q'],
        ['ladder', `every-${name}.yaml`, '--levels', 'random,greedy', '-n', '20', '--out', 'ladder', '-q'],
        ['conform', `./every-${name}.mjs`],
      ]) {
        const result = await hordelabIn(dir, ...args);
        expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(2);
        expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
        expect(result.stderr, args.join(' ')).toContain(said);
        expect(filesUnder(root), args.join(' ')).toEqual(before);
      }
    }
  }, 60_000);

  it("refuses no built-in game's report, and every name hordelab writes in a run's folder", () => {
    for (const entry of games.values()) expect(gameModuleFromExport({ ...entry }), entry.game.id).not.toHaveProperty('problem');
    const own = [...CONTROL_FILES, ...REPORT_FILES, ...CARD_VALUE_FILES, SUMMARY_FILE, SHARD_FILE, 'matches.csv', 'errors.csv', 'compare.html'];
    for (const name of [...own, ...own.map((file) => `${file}.tmp`), ...own.map((file) => file.toUpperCase())]) expect(tableFileProblem(name), name).not.toBeNull();
    for (const name of ['cards.csv', 'catches.csv', 'card_values-2.csv', 'matches', 'summary.csv']) expect(tableFileProblem(name), name).toBeNull();
  });
});

describe("a report's rows and summary tables that break the contract while a run plays (audit 36c)", () => {
  it('stops a run whose matchRow or event row has another length than its columns, rather than write short rows: exit 1 naming the module, the match and what was expected, nothing written; the replay fails alike', async () => {
    const cases = [
      ['short-row', { matchRow: '[]' }, "its report's finishMatch gave a matchRow that has 0 cells ([]) in match 0 (match seed bfef8030ddc2d772); expected 1 cells, one per column (winner)"],
      ['long-row', { matchRow: "['First', 1]" }, 'its report\'s finishMatch gave a matchRow that has 2 cells (["First",1]) in match 0 (match seed bfef8030ddc2d772); expected 1 cells, one per column (winner)'],
      ['no-row', { matchRow: 'undefined' }, "its report's finishMatch gave a matchRow that is undefined in match 0 (match seed bfef8030ddc2d772); expected a list of 1 cells, one per column (winner)"],
      ['short-event', { eventRow: '[value]' }, "its report's finishMatch gave eventRows[0] (rolls.csv) whose row 0 has 1 cells ("],
    ] as const;
    for (const [name, parts, message] of cases) {
      const { root, dir } = reportFolder(name, parts);
      const before = filesUnder(root);
      for (const workers of ['0', '2']) {
        const run = await hordelabIn(dir, 'run', `${name}.yaml`, '--out', 'out', '-q', '--workers', workers);
        const lines = run.stderr.replace(`${dir}/`, '').trim().split('\n');
        expect(run.status, `${name} --workers ${workers}: ${run.stderr}`).toBe(1);
        expect(lines[0], name).toContain(`hordelab: game module "./${name}.mjs": ${message}`);
        expect(lines.slice(1), name).toEqual([`  reproduce: hordelab replay ${name}.yaml --match 0 --seed 1`]);
        expect(filesUnder(root), name).toEqual(before);
      }
      if (name === 'short-event') {
        // Without event files the event rows are not written: the run is as good as its matches.csv.
        const run = await hordelabIn(dir, 'run', `${name}.yaml`, '--out', 'out', '-q', '--no-event-files');
        expect([run.status, run.stderr]).toEqual([0, '']);
        continue;
      }
      const replay = await hordelabIn(dir, 'replay', `${name}.yaml`, '--match', '0');
      expect(replay.status, name).toBe(1);
      expect(replay.stderr, name).toContain(message);
    }
  }, 60_000);

  it("stops a run whose summaryTables names, for the run's summary, a file outside the folder, Hordelab's own or an event table's, or gives a short row: exit 1 naming the module, nothing written", async () => {
    const plain = 'expected a plain file name, written inside the run\'s folder: letters, digits, ".", "_" or "-", starting with a letter or digit, such as "cards.csv"';
    const cases = [
      ['late-escape', "(summary) => [{ file: summary.matches > 0 ? '../../victim.txt' : 'totals.csv', columns: ['matches'], rows: [[summary.matches]] }]", `a table whose [0].file is "../../victim.txt"; ${plain}`],
      ['late-summary', "(summary) => [{ file: summary.matches > 0 ? 'summary.json' : 'totals.csv', columns: ['matches'], rows: [[summary.matches]] }]", 'a table whose [0].file is "summary.json", a file hordelab itself writes'],
      ['late-events', "(summary) => [{ file: summary.matches > 0 ? 'rolls.csv' : 'totals.csv', columns: ['matches'], rows: [[summary.matches]] }]", 'a table whose [0].file is "rolls.csv", the file eventTables[0].file names too; expected each table a file of its own'],
      ['late-row', "(summary) => [{ file: 'totals.csv', columns: ['matches'], rows: summary.matches > 0 ? [[summary.matches, 1]] : [[0]] }]", '[0] ("totals.csv") whose rows[0] has 2 cells ([20,1]); expected 1 cells, one per column (matches)'],
    ] as const;
    for (const [name, summaryTables, message] of cases) {
      const { root, dir } = reportFolder(name, { summaryTables });
      const before = filesUnder(root);
      const run = await hordelabIn(dir, 'run', `${name}.yaml`, '--out', 'out', '-q');
      expect(run.status, `${name}: ${run.stderr}`).toBe(1);
      expect(run.stderr.trim().split('\n')[0], name).toContain(`hordelab: game module "./${name}.mjs": its report's summaryTables(summary) gave ${message}`);
      expect(filesUnder(root), name).toEqual(before);
      expect(readFileSync(join(root, 'a', 'victim.txt'), 'utf8')).toBe("the user's own\n");
    }
  }, 60_000);
});
