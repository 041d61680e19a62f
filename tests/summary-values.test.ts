/**
 * Edited numbers in a run's `summary.json` and in a check's baseline: the right shape, values no
 * run could have written (n = -5, a design effect of 0, a bound on the wrong side of its rate,
 * a rate that is not successes / n). `report` and `compare` refuse them, and `check` its
 * baseline, with exit 2 naming the file and field, instead of comparing them as measured. And
 * the summaries every built-in game writes pass.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, hordelabIn, type CliResult } from './cli-harness.js';
import { loadCheckFile } from '../src/check/check-file.js';
import { readBaseline } from '../src/check/run-checks.js';
import { readRunSummary, runMetrics } from '../src/present/metrics.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-summary-values-'));
const listing = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).sort();


/** A run of `scenario` (a path, or the text of one) into a new folder; the folder. */
async function played(scenario: string, ...flags: string[]): Promise<string> {
  const dir = tempDir();
  let file = scenario;
  if (scenario.includes('\n')) {
    file = join(dir, 's.yaml');
    writeFileSync(file, scenario);
  }
  const result = await hordelabIn(dir, 'run', resolve(file), '-w', '0', '-q', '--out', 'run', ...flags);
  expect(result.status, result.stderr).toBe(0);
  return join(dir, 'run');
}

describe('a summary.json with impossible figures, given to report and compare', () => {
  /** A Zombie Trainers run: rates, means with histograms, quantiles, per-event rates, outcomes. */
  let runDir = '';
  let work = '';
  beforeAll(async () => {
    runDir = await played('scenarios/trainers-first-player.yaml', '-n', '30');
    work = tempDir();
  });

  function edited(edit: (summary: Record<string, any>) => void): string {
    const dir = join(tempDir(), 'run');
    cpSync(runDir, dir, { recursive: true });
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    edit(summary);
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary, null, 2));
    return dir;
  }

  const edits: [string, (summary: Record<string, any>) => void, string][] = [
    ['a negative n', (s) => void (s['results']['p1WinRate']['n'] = -5), 'results.p1WinRate.n: expected a whole number ≥ 0, got -5'],
    ['a fractional n', (s) => void (s['results']['p1WinRate']['n'] = 29.5), 'results.p1WinRate.n: expected a whole number ≥ 0, got 29.5'],
    ['a design effect of 0', (s) => void (s['results']['p1WinRate']['designEffect'] = 0), 'results.p1WinRate.designEffect: expected a finite number above 0, got 0'],
    ['a design effect of -1', (s) => void (s['results']['p1WinRate']['designEffect'] = -1), 'results.p1WinRate.designEffect: expected a finite number above 0, got -1'],
    ['0 clusters', (s) => void (s['results']['p1WinRate']['clusters'] = 0), 'results.p1WinRate.clusters: expected a whole number from 1 to n (30), got 0'],
    ['a design effect above n (an effective count of nothing)', (s) => void (s['results']['p1WinRate']['designEffect'] = 1e300), 'results.p1WinRate.designEffect: expected at most n (30), got 1e+300'],
    ['a design effect its bounds were not drawn with', (s) => void (s['results']['p1WinRate']['designEffect'] = 3), 'results.p1WinRate.lower: expected '],
    ['bounds wider than its counts give', (s) => void Object.assign(s['results']['p1WinRate'], { lower: 0.01, upper: 0.999 }), 'results.p1WinRate.lower: expected '],
    ['an outcome rate with an edited bound', (s) => void (s['outcomes']['bySeat']['seat1']['win']['upper'] = 0.999), 'outcomes.bySeat.seat1.win.upper: expected '],
    [
      'a rate whose design effect was taken away with its bounds edited',
      (s) => void Object.assign(s['outcomes']['bySeat']['seat1']['win'], { designEffect: undefined, clusters: undefined, lower: 0.01, upper: 0.999 }),
      'outcomes.bySeat.seat1.win.designEffect: expected a number, as every other rate of this summary has one, got nothing',
    ],
    ['more clusters than trials', (s) => void (s['results']['p1WinRate']['clusters'] = 31), 'results.p1WinRate.clusters: expected a whole number from 1 to n (30), got 31'],
    ['a lower bound above the rate', (s) => void (s['results']['p1WinRate']['lower'] = 0.99), 'results.p1WinRate.lower: expected at most rate'],
    ['an upper bound below the rate', (s) => void (s['results']['p1WinRate']['upper'] = s['results']['p1WinRate']['rate'] / 2), 'results.p1WinRate.upper: expected at least rate'],
    ['an upper bound above 1', (s) => void (s['results']['p1WinRate']['upper'] = 1.5), 'results.p1WinRate.upper: expected a number from 0 to 1, got 1.5'],
    ['successes beside another rate', (s) => void (s['results']['p1WinRate']['successes'] = (s['results']['p1WinRate']['successes'] + 5) % 31), 'results.p1WinRate.rate: expected successes / n'],
    ['more successes than trials', (s) => void (s['results']['p1WinRate']['successes'] = 31), 'results.p1WinRate.successes: expected a whole number from 0 to n (30), got 31'],
    ['a rate of an empty figure', (s) => void Object.assign(s['results']['byEnd']['capped']['p1WinRate'], { n: 0, successes: 0, clusters: 0, rate: 0.5 }), 'results.byEnd.capped.p1WinRate.rate: expected null, as n is 0, got 0.5'],
    ['an edited outcome rate', (s) => void (s['outcomes']['bySeat']['seat1']['win']['rate'] = 0.9), 'outcomes.bySeat.seat1.win.rate: expected successes / n'],
    ['fewer matches played than the outcomes count', (s) => void (s['run']['matchesPlayed'] = 7), "run.matchesPlayed: expected matchesPlayed to equal the matches the outcomes count (each seat's n)"],
    ['a per-event rate with more clusters than events', (s) => void (s['results']['trapSuccess']['overall']['clusters'] = s['results']['trapSuccess']['overall']['n'] + 1), 'results.trapSuccess.overall.clusters: expected a whole number from 1 to n'],
    ['a negative mean count', (s) => void (s['results']['rounds']['n'] = -1), 'results.rounds.n: expected a whole number ≥ 0, got -1'],
    ['a mean outside its interval', (s) => void (s['results']['rounds']['mean'] = s['results']['rounds']['upper'] + 50), 'results.rounds.upper: expected at least mean'],
    ['a mean with a negative sd', (s) => void (s['results']['rounds']['sd'] = -2), 'results.rounds.sd: expected a finite number ≥ 0 or null, got -2'],
    ['a mean with a design effect of 0', (s) => void (s['results']['perGame']['kills']['designEffect'] = 0), 'results.perGame.kills.designEffect: expected a finite number above 0, got 0'],
    ['a mean with a design effect above n', (s) => void (s['results']['perGame']['kills']['designEffect'] = 1e6), 'results.perGame.kills.designEffect: expected at most n (30), got 1000000'],
    ['a mean with 0 clusters', (s) => void (s['results']['perGame']['kills']['clusters'] = 0), 'results.perGame.kills.clusters: expected a whole number from 1 to n (30), got 0'],
    ['a histogram count of 0', (s) => void (s['results']['rounds']['histogram'][0][1] = 0), 'results.rounds.histogram[0][1]: expected a whole count ≥ 1, got 0'],
    ['quantiles out of order', (s) => void (s['results']['quality']['length']['quantiles']['min'] = 1e6), 'results.quality.length.quantiles.median: expected at least min (1000000)'],
    ['an advantage outside its interval', (s) => void (s['results']['quality']['firstMover']['advantage']['value'] = 0.9), 'results.quality.firstMover.advantage.upper: expected at least value (0.9)'],
    ['a quality section without its first mover (audit 40c F6: a TypeError, naming only results)', (s) => void delete s['results']['quality']['firstMover'], 'results.quality.firstMover: expected an object, got nothing, as every run writes its quality figures'],
    ['quantiles emptied (review 41r R4: drawn as "min undefined")', (s) => void (s['results']['quality']['length']['quantiles'] = {}), 'results.quality.length.quantiles.max: expected a number, got nothing, as a run that has this quality figure writes it'],
    ['a lead figure as text (review 41r R4: its row dropped without a word)', (s) => void (s['results']['quality']['decisiveness'] = 'x'), 'results.quality.decisiveness: expected an object, got text, as a run that has this quality figure writes it'],
    ["a quality seat's loss rate taken away", (s) => void delete s['results']['quality']['bySeat']['seat2']['loss'], 'results.quality.bySeat.seat2.loss: expected an object, got nothing'],
    ['an exact catch chance of 500%', (s) => void (s['results']['trapSuccess']['byRate']['rate40']['exact'] = 5), 'results.trapSuccess.byRate.rate40.exact: expected a probability from 0 to 1, got 5'],
    ['"exact inside" flipped', (s) => void (s['results']['trapSuccess']['byRate']['rate40']['exactInsideInterval'] = !s['results']['trapSuccess']['byRate']['rate40']['exactInsideInterval']), 'results.trapSuccess.byRate.rate40.exactInsideInterval: expected '],
    ['a status no run has', (s) => void (s['run']['status'] = 'bogus'), 'run.status: '],
    ['more matches played than asked for', (s) => void (s['run']['matchesPlayed'] = 999), 'run.matchesPlayed: expected matchesPlayed + errors to be at most scenario.matches'],
    ['a key hordelab never writes', (s) => void (s['verdict'] = 'balanced'), '"verdict" is not a field here; expected '],
    ['a results figure hordelab never writes', (s) => void (s['results']['bogus'] = 1), 'results.bogus: not a figure a zombie-trainers run writes'],
  ];

  it.each(edits)('report on a summary with %s is exit 2 naming the file and field, nothing written', async (_label, edit, message) => {
    const dir = edited(edit);
    const before = listing(dir);
    expectRefused(await hordelabIn(work, 'report', dir), `${join(dir, 'summary.json')}: ${message}`);
    expect(listing(dir)).toEqual(before);
  });

  it.each(edits)('compare with a summary with %s is exit 2 naming the file and field', async (_label, edit, message) => {
    const dir = edited(edit);
    expectRefused(await hordelabIn(work, 'compare', runDir, dir, '--primary', 'p1WinRate'), `${join(dir, 'summary.json')}: ${message}`);
    expectRefused(await hordelabIn(work, 'compare', dir, runDir), `${join(dir, 'summary.json')}: ${message}`);
  });

  it('a key given twice (JSON.parse would keep the last) is exit 2 for report and compare', async () => {
    const dir = edited(() => {});
    const text = readFileSync(join(dir, 'summary.json'), 'utf8');
    writeFileSync(join(dir, 'summary.json'), text.replace('"confidence": 0.95,', '"confidence": 0.95,\n  "confidence": 0.5,'));
    expectRefused(await hordelabIn(work, 'report', dir), `${join(dir, 'summary.json')}: a key is given twice (the second at line `);
    expectRefused(await hordelabIn(work, 'compare', runDir, dir), 'a key is given twice');
  });

  it('an edit that keeps every figure consistent (the seed, a mean) is found by the digest the folder records; reformatting is no edit', async () => {
    const edits: ((summary: Record<string, any>) => void)[] = [
      (summary) => void (summary['scenario']['seed'] += 1),
      (summary) => void (summary['command'] = `${summary['command']} `),
    ];
    for (const edit of edits) {
      const dir = edited(edit);
      const before = listing(dir);
      const message = `${join(dir, 'summary.json')}: is not the summary hordelab wrote: its content's SHA-256 differs from the one .hordelab-folder.json records`;
      expectRefused(await hordelabIn(work, 'report', dir), message);
      expectRefused(await hordelabIn(work, 'compare', runDir, dir), message);
      expect(listing(dir)).toEqual(before);
    }
    // The same values spaced another way, and pages added beside the run (which rewrite its
    // manifest), are still the run's.
    const spaced = edited(() => {});
    writeFileSync(join(spaced, 'summary.json'), JSON.stringify(JSON.parse(readFileSync(join(spaced, 'summary.json'), 'utf8')), null, 4));
    expect((await hordelabIn(work, 'report', spaced, '-q')).status).toBe(0);
    expect((await hordelabIn(work, 'report', spaced, '-q', '--format', 'json')).status).toBe(0);
    const summary = JSON.parse(readFileSync(join(spaced, 'summary.json'), 'utf8'));
    summary['scenario']['seed'] += 1;
    writeFileSync(join(spaced, 'summary.json'), JSON.stringify(summary));
    expectRefused(await hordelabIn(work, 'report', spaced), 'is not the summary hordelab wrote');
    // A damaged mark would let any edit through: refused, by report and compare alike.
    const damaged = edited((s) => void (s['scenario']['seed'] += 1));
    const mark = JSON.parse(readFileSync(join(damaged, '.hordelab-folder.json'), 'utf8'));
    mark['contentSha256'] = { 'summary.json': 'x' };
    writeFileSync(join(damaged, '.hordelab-folder.json'), JSON.stringify(mark));
    expectRefused(await hordelabIn(work, 'compare', damaged, runDir), `${join(damaged, '.hordelab-folder.json')}: is damaged or not hordelab's`);
    expectRefused(await hordelabIn(work, 'report', damaged, '--format', 'json'), '.hordelab-folder.json');
    // A folder written before digests were recorded says nothing either way: its summary is read.
    const older = edited((s) => void (s['scenario']['seed'] += 1));
    const manifest = JSON.parse(readFileSync(join(older, '.hordelab-folder.json'), 'utf8'));
    delete manifest['contentSha256'];
    writeFileSync(join(older, '.hordelab-folder.json'), JSON.stringify(manifest));
    expect((await hordelabIn(work, 'report', older, '-q')).status).toBe(0);
  });

  it('the unedited run is compared with itself, and nothing changed', async () => {
    const result = await hordelabIn(work, 'compare', runDir, edited(() => {}), '--primary', 'p1WinRate');
    expect(result.status, result.stderr).toBe(0);
  });
});

describe('the summaries every built-in game writes', () => {
  const runs: [string, () => Promise<string[]>][] = [
    ['Coin Flip, rotated seats', async () => [await played('name: coin\ngame: coin-flip\nmatches: 20\nseed: 3\nseats:\n  rotate: [random, greedy]\n')]],
    ['Coin Flip, one match', async () => [await played('name: coin1\ngame: coin-flip\nmatches: 1\nseed: 1\nseats: [random, random]\n')]],
    ['Zombie Trainers', async () => [await played('scenarios/trainers-first-player.yaml', '-n', '12')]],
    ['Integer Duel, rotated', async () => [await played('scenarios/duel-deck-balance.yaml', '-n', '4')]],
    ['Survivors escape', async () => [await played('name: se\ngame: survivors\nmatches: 3\nseed: 1\nparams: { scenario: escape }\nseats: [random, scripted-zombies]\n')]],
    ['Survivors survive', async () => [await played('name: ss\ngame: survivors\nmatches: 3\nseed: 2\nseats: [random, scripted-zombies]\n')]],
    ['custom metrics (rates, counts, ratios)', async () => [await played('scenarios/examples-custom-metric.yaml', '-n', '4')]],
    [
      'a tic-tac-toe round robin',
      async () => {
        const dir = await played('name: rr\ngame: tic-tac-toe\nmatches: 6\nseed: 1\nseats:\n  roundRobin: [random, greedy, { agent: mcts, config: { iterations: 20 } }]\n');
        return readdirSync(dir, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(dir, entry.name));
      },
    ],
  ];

  it.each(runs)('%s: every run folder is read by report and compare', async (_label, play) => {
    const dirs = await play();
    expect(dirs.length).toBeGreaterThan(0);
    for (const dir of dirs) {
      await expect(readRunSummary(dir)).resolves.toBeDefined();
      // Against a copy of itself: compare refuses a folder given twice, a likely typo.
      const copy = `${dir}-copy`;
      cpSync(dir, copy, { recursive: true });
      const compared = await hordelabIn(dir, 'compare', dir, copy);
      expect(compared.status, `${dir}: ${compared.stderr}`).toBe(0);
    }
    const reported = await hordelabIn(dirs[0] as string, 'report', dirs[0] as string, '--format', 'md');
    expect(reported.status, reported.stderr).toBe(0);
  });
});

describe('the outcome figures report and compare read', () => {
  it("keep each rate's measured design effect and clusters (a rotated run's pairs are not independent matches)", async () => {
    const dir = await played('name: rot\ngame: coin-flip\nmatches: 400\nseed: 5\nseats:\n  rotate: [random, greedy]\n');
    const written = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<string, any>;
    const metrics = runMetrics(await readRunSummary(dir));
    const checked = ['outcomes.bySeat.seat1.win', 'outcomes.byAgent.greedy.overall.win', 'outcomes.byAgent.random.bySeat.seat2.loss'];
    for (const path of checked) {
      const figure = path.split('.').slice(1).reduce((node, key) => node[key], written['outcomes']);
      const metric = metrics.find((each) => each.path === path);
      expect(figure.clusters, path).toBe(200);
      expect(metric?.clusters, path).toBe(figure.clusters);
      expect(metric?.designEffect, path).toBe(figure.designEffect);
    }
  });
});

describe('a check baseline with impossible values', () => {
  const CHECKS = 'checks:\n  - name: coin\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.4, 0.6]\n    budget: 4000\n' +
    '  - name: length\n    game: tic-tac-toe\n    seats: [random, random]\n    metric: moves\n    between: [5, 9]\n    budget: 4000\n';
  const RATE = { check: 'coin', metric: 'p1WinRate', n: 200, designEffect: 1, scenario: 'inline coin-flip', seed: 1, successes: 104, rate: 0.52 };
  const MEAN = { check: 'length', metric: 'moves', n: 200, designEffect: 1, scenario: 'inline tic-tac-toe', seed: 1, kind: 'mean', mean: 7.6, sd: 1.2, clusters: 200 };

  /** readBaseline on the given records, written as the baselines of the two checks. */
  async function read(rate: object, mean: object): Promise<() => unknown> {
    const dir = tempDir();
    writeFileSync(join(dir, 'c.checks.yaml'), CHECKS);
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'coin.json'), JSON.stringify(rate));
    writeFileSync(join(dir, 'b', 'length.json'), JSON.stringify(mean));
    const { checks } = await loadCheckFile(join(dir, 'c.checks.yaml'));
    return () => checks.map((check) => readBaseline(join(dir, 'b'), check));
  }

  it('reads records as --update-baseline writes them', async () => {
    expect((await read(RATE, MEAN))()).toEqual([RATE, MEAN]);
  });

  it('refuses a design effect above n, which would keep the check from ever flagging a move', async () => {
    expect(await read({ ...RATE, designEffect: 1e300 }, MEAN)).toThrow(/coin\.json: designEffect: expected at most n \(200\), got 1e\+300; store a new one with --update-baseline/);
    expect(await read(RATE, { ...MEAN, designEffect: 201 })).toThrow(/length\.json: designEffect: expected at most n \(200\), got 201/);
    expect((await read({ ...RATE, designEffect: 200 }, MEAN))()).toEqual([{ ...RATE, designEffect: 200 }, MEAN]);
    // No trials at all: nothing to compare, and no count to bound the rest by.
    expect(await read({ ...RATE, n: 0, successes: 0, rate: 0.9, designEffect: 1e300 }, MEAN)).toThrow(/coin\.json: n: expected a whole number >= 1 \(a baseline of no trials compares nothing\), got 0/);
  });

  it('refuses a rate that is not its successes / n, naming the file and field', async () => {
    expect(await read({ ...RATE, rate: 0.9 }, MEAN)).toThrow(/coin\.json: rate: expected successes \/ n \(104 \/ 200 = 0\.52\), got 0\.9; store a new one with --update-baseline/);
  });

  it('refuses a record of another check (copied or renamed), and a key given twice', async () => {
    expect(await read({ ...RATE, check: 'other' }, MEAN)).toThrow(/coin\.json: check: is the baseline of check "other", not "coin"; store a new one with --update-baseline/);
    const dir = tempDir();
    writeFileSync(join(dir, 'c.checks.yaml'), CHECKS);
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'coin.json'), JSON.stringify(RATE).replace('"rate":0.52', '"rate":0.52,"rate":0.52'));
    const { checks } = await loadCheckFile(join(dir, 'c.checks.yaml'));
    expect(() => readBaseline(join(dir, 'b'), checks[0]!)).toThrow(/coin\.json: a key is given twice \(the second at line 1, column \d+\)/);
  });

  it('refuses a mean\'s clusters outside 1..n', async () => {
    expect(await read(RATE, { ...MEAN, clusters: 0 })).toThrow(/length\.json: clusters: expected a whole number from 1 to n \(200\), got 0/);
    expect(await read(RATE, { ...MEAN, clusters: 201 })).toThrow(/length\.json: clusters: expected a whole number from 1 to n \(200\), got 201/);
  });

  it('hordelab check with such a baseline is exit 2, one line naming the file and field, before playing', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'c.checks.yaml'), CHECKS.split('  - name: length')[0] as string);
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'coin.json'), JSON.stringify({ ...RATE, rate: 0.9 }));
    expectRefused(await hordelabIn(dir, 'check', 'c.checks.yaml', '-w', '0', '--baseline', 'b'), 'b/coin.json: rate: expected successes / n (104 / 200 = 0.52), got 0.9');
  });
});
