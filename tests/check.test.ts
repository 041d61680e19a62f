/**
 * Balance checks: error rates that hold under early stopping (a synthetic coin with known
 * rates, many seeded repetitions), fewer matches than a fixed-size test on clear cases, the exit
 * codes, baselines (a missing or damaged one is bad input, the shipped workflow's are committed),
 * checks on one agent's win rate, and a JUnit file that validates against the common schema.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';
import { loadCheckFile } from '../src/check/check-file.js';
import { readBaseline, runChecks, type CheckResult } from '../src/check/run-checks.js';
import { formatChecks } from '../src/check/check-output.js';
import { flattenMetrics } from '../src/present/metrics.js';
import { outcomeFigureKinds, summarizeOutcomes } from '../src/reports/outcomes.js';
import { BatchPlayer } from '../src/run/batches.js';
import { loadScenario } from '../src/scenario/scenario.js';
import type { MeanEstimate } from '../src/stats/clusters.js';
import { rateInterval, type RateEstimate } from '../src/stats/rate-interval.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-check-'));

/** A checks file of `count` coin checks, each on its own run seed. */
function coinChecks(dir: string, winRate: number, band: string, count: number, budget = 40000): string {
  const checks = Array.from(
    { length: count },
    (_, i) => `  - name: coin-${i}\n    game: coin-flip\n    params: { winRate: ${winRate} }\n    seats: [random, random]\n    seed: ${1000 + i}\n    metric: p1WinRate\n    ${band}\n    budget: ${budget}\n    batch: 100\n`,
  );
  const file = join(dir, `coin-${winRate}.checks.yaml`);
  writeFileSync(file, `checks:\n${checks.join('')}`);
  return file;
}

const hordelab = hordelabIn;

/** The path of a tool on this machine, or null. */
function findTool(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : null;
}
const xmllint = findTool('xmllint');

describe('sequential checks', () => {
  // Their error rates over hundreds of seeded repetitions, at the band edges and under
  // correlation, are measured in the calibration tier (tests/calibration/check.calibration.ts).
  it('pass a rate inside the band and fail one outside, in fewer matches than a fixed-size test', async () => {
    const dir = tempDir();
    const [inside] = await runChecks((await loadCheckFile(coinChecks(dir, 0.5, 'between: [0.45, 0.55]', 1))).checks, { workers: 0 });
    const [outside] = await runChecks((await loadCheckFile(coinChecks(dir, 0.42, 'between: [0.45, 0.55]', 1))).checks, { workers: 0 });
    expect(inside?.status).toBe('pass');
    expect(outside?.status).toBe('fail');
    expect(inside?.fixedSizeMatches).toBeGreaterThan(5000);
    expect(inside?.matches).toBeLessThanOrEqual((inside?.fixedSizeMatches as number) / 2);
    // One trial per match: the design effect is exactly 1.
    expect(inside?.estimate.designEffect).toBe(1);
  });

  it('count correlated trials by the design effect they measure: rotated pairs sharing their flip, three trials per match', async () => {
    const dir = tempDir();
    const module = resolve('tests/fixtures/clustered-coin-metric.mjs');
    writeFileSync(
      join(dir, 'correlated.checks.yaml'),
      'checks:\n' +
        '  - name: rotated\n    game: coin-flip\n    params: { winRate: 0.5 }\n    seats: { rotate: [random, { agent: random, name: random-b }] }\n    metric: p1WinRate\n    between: [0.4, 0.6]\n    budget: 4000\n' +
        `  - name: clustered\n    game: coin-flip\n    params: { winRate: 0.4, drawRate: 0.3 }\n    seats: [random, random]\n    metrics: [${module}]\n    metric: custom.clustered.trials\n    between: [0.4, 0.6]\n    budget: 4000\n`,
    );
    const [rotated, clustered] = await runChecks((await loadCheckFile(join(dir, 'correlated.checks.yaml'))).checks, { workers: 0 });
    // A pair's two matches flip the same coin: twice the matches, the information of half.
    expect(rotated?.estimate.designEffect).toBeGreaterThan(1.9);
    expect(rotated?.estimate.designEffect).toBeLessThan(2.1);
    // Three trials all won, one of three on a draw, or none: Var(x − 3R)/(3R(1 − R)) with R = 0.5 is 2.2.
    expect(clustered?.estimate.designEffect).toBeGreaterThan(1.9);
    expect(clustered?.estimate.designEffect).toBeLessThan(2.5);
    // The interval is that of n / designEffect trials, wider than counting every trial.
    const counts = clustered?.estimate as RateEstimate;
    const plain = rateInterval(counts.successes, counts.n);
    expect((clustered?.estimate.upper as number) - (clustered?.estimate.lower as number)).toBeGreaterThan(1.35 * (plain.upper - plain.lower));
  });
});

describe('checks of a skewed mean', () => {
  it("say, pass or fail, that the figure is skewed past what its matches carry (review 27e)", async () => {
    const dir = tempDir();
    const module = resolve('tests/fixtures/clustered-coin-metric.mjs');
    writeFileSync(join(dir, 'skewed.checks.yaml'), `checks:\n  - name: skewed\n    game: coin-flip\n    params: { winRate: 0.01 }\n    seats: [random, random]\n    seed: 3\n    metrics: [${module}]\n    metric: custom.clustered.hits\n    atMost: 5\n    budget: 400\n    batch: 400\n`);
    const [result] = await runChecks((await loadCheckFile(join(dir, 'skewed.checks.yaml'))).checks, { workers: 0 });
    const caution = (result?.estimate as MeanEstimate).caution;
    expect(caution).toMatch(/^skewed \(G₁ = \d+\.\d\): Cochran's rule asks for more than \d+ matches for a t interval, and it was measured over 400, so its interval may cover less than it says$/);
    expect(formatChecks([result as CheckResult])).toContain(`  skewed: caution: custom.clustered.hits is ${caution as string}`);
  });
});

describe('checks of a metric without samples', () => {
  it('are inconclusive saying so, with no estimate, no fixed-size count and no baseline stored', async () => {
    const dir = tempDir();
    const module = resolve('tests/fixtures/no-samples-metric.mjs');
    const check = (name: string, metric: string, band: string): string =>
      `  - name: ${name}\n    game: coin-flip\n    seats: [random, random]\n    metrics: [${module}]\n    metric: ${metric}\n    ${band}\n    budget: 200\n`;
    writeFileSync(join(dir, 'empty.checks.yaml'), `checks:\n${check('rate', 'custom.empty.rate', 'atLeast: 0.5')}${check('ratio', 'custom.empty.ratio', 'atLeast: 0.5')}`);
    const [rate, ratio] = await runChecks((await loadCheckFile(join(dir, 'empty.checks.yaml'))).checks, { workers: 0 });
    expect([rate?.status, ratio?.status]).toEqual(['inconclusive', 'inconclusive']);
    expect(rate?.reason).toBe('no samples: in 200 matches no match gave it a trial, so the rate has no value to judge; its budget was played looking for one');
    expect(ratio?.reason).toBe('no samples: in 200 matches no match gave it a sample (every denominator 0), so the ratio has no value to judge; its budget was played looking for one');
    expect([rate?.fixedSizeMatches, ratio?.fixedSizeMatches]).toEqual([Number.NaN, Number.NaN]);
    const shown = await hordelab(dir, 'check', 'empty.checks.yaml', '-w', '0', '--baseline', 'base', '--update-baseline');
    expect(shown.status).toBe(3);
    expect(shown.stdout).toMatch(/^rate +INCONCLUSIVE +custom\.empty\.rate +- \(no samples\) +at least 50% +200 +n\/a$/m);
    expect(shown.stdout).toMatch(/^ratio +INCONCLUSIVE +custom\.empty\.ratio +- \(no samples\) +at least 0\.5 +200 +n\/a$/m);
    expect(shown.stdout).toContain('; with no samples, it was not stored as a baseline');
    expect(shown.stderr).toMatch(/^Stored 0 baselines in \S*base \(2 without samples not stored\)$/m);
    const stored = existsSync(join(dir, 'base')) ? readdirSync(join(dir, 'base')) : [];
    expect(stored).toEqual([]);
  });

  it("of a game module's event type: judged where its matches emit it, and where none did read as 0 a match, the note naming the types emitted", async () => {
    const dir = tempDir();
    const module = resolve('tests/fixtures/game-modules/first-six.mjs');
    const check = (metric: string): string => `checks:\n  - name: events\n    game: ${module}\n    seats: [random, random]\n    metric: ${metric}\n    atLeast: 0.5\n    budget: 200\n`;
    writeFileSync(join(dir, 'rolled.checks.yaml'), check('events.rolled'));
    const [rolled] = await runChecks((await loadCheckFile(join(dir, 'rolled.checks.yaml'))).checks, { workers: 0 });
    expect(rolled?.status).toBe('pass');
    writeFileSync(join(dir, 'never.checks.yaml'), check('events.castled'));
    // A rare event and a misspelt one look alike until one happens: the check plays on, and ends
    // inconclusive saying which types were emitted (audit 25a: it used to stop at the first batch
    // without the event, exit 2, with the other checks of the file unplayed).
    const [never] = await runChecks((await loadCheckFile(join(dir, 'never.checks.yaml'))).checks, { workers: 0 });
    expect(never?.status).toBe('inconclusive');
    expect(never?.matches).toBe(200);
    expect(never?.reason).toBe('no match emitted castled, all 200 counts 0; types emitted: rolled; an event type that never happened cannot be told from a misspelt one, so it decides nothing; its budget of 200 matches was played looking for it');
  });
});

describe('hordelab check', () => {
  const CHECKS = (winRate: number, budget = 20000, extra = ''): string =>
    `${extra}checks:\n  - name: coin\n    game: coin-flip\n    params: { winRate: ${winRate} }\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.45, 0.55]\n    budget: ${budget}\n`;

  it('exits 0 when every check passes, 1 on a failure, 3 when only inconclusive (1 with --fail-on-inconclusive)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'pass.checks.yaml'), CHECKS(0.5));
    writeFileSync(join(dir, 'fail.checks.yaml'), CHECKS(0.3));
    writeFileSync(join(dir, 'edge.checks.yaml'), CHECKS(0.45, 400));
    const pass = await hordelab(dir, 'check', 'pass.checks.yaml', '-w', '0');
    expect(pass.status).toBe(0);
    expect(pass.stdout).toContain('1 passed, 0 failed, 0 inconclusive');
    const fail = await hordelab(dir, 'check', 'fail.checks.yaml', '-w', '0', '--annotations');
    expect(fail.status).toBe(1);
    expect(fail.stdout).toMatch(/^::error file=(.*\/)?fail\.checks\.yaml,title=balance check coin::p1WinRate = /m);
    const edge = await hordelab(dir, 'check', 'edge.checks.yaml', '-w', '0');
    expect(edge.status).toBe(3);
    expect(edge.stdout).toContain('the budget of 400 matches ran out');
    const strict = await hordelab(dir, 'check', 'edge.checks.yaml', '-w', '0', '--fail-on-inconclusive');
    expect(strict.status).toBe(1);
    // Its count says 0 failed: the reason for exit 1 is said.
    expect(strict.stdout).toContain('0 passed, 0 failed, 1 inconclusive');
    expect(strict.stderr).toBe('hordelab: exit 1: no check failed, but an inconclusive one fails the run (--fail-on-inconclusive)\n');
    writeFileSync(join(dir, 'strict.checks.yaml'), CHECKS(0.45, 400, 'failOnInconclusive: true\n'));
    expect((await hordelab(dir, 'check', 'strict.checks.yaml', '-w', '0')).stderr).toBe(`hordelab: exit 1: no check failed, but an inconclusive one fails the run (failOnInconclusive: true in ${join(dir, 'strict.checks.yaml')})\n`);
  });

  it("takes a file's failOnInconclusive for its own checks only, naming that file (audit 39b M4)", async () => {
    const dir = tempDir();
    const named = (text: string, name: string): string => text.replace('name: coin', `name: ${name}`);
    // Undecided in 400 matches, in a file that does not set the key; beside a file that does.
    writeFileSync(join(dir, 'inconclusive.checks.yaml'), named(CHECKS(0.45, 400), 'edge'));
    writeFileSync(join(dir, 'strict-pass.checks.yaml'), named(CHECKS(0.5, 20000, 'failOnInconclusive: true\n'), 'fair'));
    const mixed = await hordelab(dir, 'check', 'inconclusive.checks.yaml', 'strict-pass.checks.yaml', '-w', '0');
    expect([mixed.status, mixed.stderr]).toEqual([3, '']);
    expect(mixed.stdout).toContain('1 passed, 0 failed, 1 inconclusive');
    // The file that sets it, with its own check undecided, fails the run and is named.
    writeFileSync(join(dir, 'strict-edge.checks.yaml'), named(CHECKS(0.45, 400, 'failOnInconclusive: true\n'), 'strict-edge'));
    const own = await hordelab(dir, 'check', 'inconclusive.checks.yaml', 'strict-edge.checks.yaml', '-w', '0');
    expect([own.status, own.stderr]).toEqual([1, `hordelab: exit 1: no check failed, but an inconclusive one fails the run (failOnInconclusive: true in ${join(dir, 'strict-edge.checks.yaml')})\n`]);
  });

  it('refuses bad check files with the file, the field and what was expected, exit 2', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'two-bands.checks.yaml'), CHECKS(0.5).replace('    budget:', '    atLeast: 0.4\n    budget:'));
    const twoBands = await hordelab(dir, 'check', 'two-bands.checks.yaml');
    expect(twoBands.status).toBe(2);
    expect(twoBands.stderr).toContain('two-bands.checks.yaml: checks[0].atLeast: a second band beside between: give exactly one of between: [low, high], atLeast: x or atMost: x');
    // Both one-sided bands: the second named, not a between the file does not hold (audit 26b).
    const oneSided = CHECKS(0.5).replace(/ {4}between: .*\n/, '    atLeast: 0.4\n    atMost: 0.6\n');
    expect(oneSided).not.toContain('between');
    writeFileSync(join(dir, 'one-sided.checks.yaml'), oneSided);
    expect((await hordelab(dir, 'check', 'one-sided.checks.yaml')).stderr).toContain('one-sided.checks.yaml: checks[0].atMost: a second band beside atLeast: give exactly one of');
    writeFileSync(join(dir, 'no-band.checks.yaml'), CHECKS(0.5).replace(/ {4}between: .*\n/, ''));
    expect((await hordelab(dir, 'check', 'no-band.checks.yaml')).stderr).toContain('no-band.checks.yaml: checks[0]: no band: give exactly one of between: [low, high], atLeast: x or atMost: x');
    writeFileSync(join(dir, 'metric.checks.yaml'), CHECKS(0.5).replace('metric: p1WinRate', 'metric: p1WinRatio'));
    const metric = await hordelab(dir, 'check', 'metric.checks.yaml', '-w', '0');
    expect(metric.status).toBe(2);
    expect(metric.stderr).toContain('metric.checks.yaml: checks[0].metric: no metric "p1WinRatio" in coin-flip results; they start with: p1WinRate, p2WinRate, drawRate');
    writeFileSync(join(dir, 'param.checks.yaml'), CHECKS(1.5));
    const param = await hordelab(dir, 'check', 'param.checks.yaml');
    expect(param.status).toBe(2);
    expect(param.stderr).toMatch(/param\.checks\.yaml: checks\[0\] \(coin\): params\.winRate: /);
    // A set: entry is read as a --set flag is, but check has no --set: the entry is named (audit 32a).
    writeFileSync(join(dir, 'coin.yaml'), 'game: coin-flip\nmatches: 10\nseed: 1\nseats: [random, random]\n');
    const setEntry = (set: string): string => `checks:\n  - name: coin\n    scenario: coin.yaml\n    set: ${set}\n    metric: p1WinRate\n    between: [0.4, 0.6]\n    budget: 100\n`;
    for (const [set, message] of [
      ['[drawRate=0.1, winRate=2]', 'checks[0].set[1] (coin): winRate: '],
      ['[winRate]', 'checks[0].set[0] (coin): expected key=value, e.g. actionPoints=4'],
      ['[nosuch=1]', 'checks[0].set[0] (coin): nosuch: unknown parameter'],
    ]) {
      writeFileSync(join(dir, 'set.checks.yaml'), setEntry(set as string));
      const refused = await hordelab(dir, 'check', 'set.checks.yaml', '-w', '0');
      expect([refused.status, refused.stderr], set).toEqual([2, expect.stringContaining(`hordelab: ${join(dir, 'set.checks.yaml')}: ${message}`)]);
      expect(refused.stderr, set).not.toContain('--set');
    }
    // One name set twice: the later would win without a word, as --set refuses.
    writeFileSync(join(dir, 'set.checks.yaml'), setEntry('[winRate=0.5, " winRate = 0.6"]'));
    const twice = await hordelab(dir, 'check', 'set.checks.yaml', '-w', '0');
    expect([twice.status, twice.stderr]).toEqual([2, `hordelab: ${join(dir, 'set.checks.yaml')}: checks[0].set[1] (coin): winRate is set twice (set[0] sets it too); set each name once\n`]);
    // A problem of the parameters together, met with set: entries, names the scenario with the file's set.
    writeFileSync(join(dir, 'zt.yaml'), 'game: zombie-trainers\nmatches: 10\nseed: 1\nparams: { initialWildZombies: 3 }\nseats: [random, random]\n');
    writeFileSync(join(dir, 'zt.checks.yaml'), `checks:\n  - name: zt\n    scenario: zt.yaml\n    set: ['map=["..", ".."]']\n    metric: p1WinRate\n    between: [0.4, 0.6]\n    budget: 100\n`);
    const together = await hordelab(dir, 'check', 'zt.checks.yaml', '-w', '0');
    expect([together.status, together.stderr]).toEqual([2, `hordelab: ${join(dir, 'zt.yaml')} with checks[0].set of ${join(dir, 'zt.checks.yaml')}: checks[0] (zt): params.initialWildZombies: the map has 4 grass cells: too few for 2 trainers and 3 zombies\n`]);
    // A scenario file that is not there: the checks file and its field are at fault.
    writeFileSync(join(dir, 'lost.checks.yaml'), 'checks:\n  - name: lost\n    scenario: nope.yaml\n    metric: p1WinRate\n    between: [0.4, 0.6]\n    budget: 100\n');
    const lost = await hordelab(dir, 'check', 'lost.checks.yaml');
    expect([lost.status, lost.stderr]).toEqual([2, `hordelab: ${join(dir, 'lost.checks.yaml')}: checks[0].scenario: no such file: ${join(dir, 'nope.yaml')} (read from the checks file's folder)\n`]);
  });

  it('fails a check whose rate moved significantly from its stored baseline', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'base.checks.yaml'), CHECKS(0.47, 20000));
    const stored = await hordelab(dir, 'check', 'base.checks.yaml', '-w', '0', '--baseline', 'baseline', '--update-baseline');
    expect(stored.status).toBe(0);
    const record = JSON.parse(readFileSync(join(dir, 'baseline', 'coin.json'), 'utf8'));
    expect(record.metric).toBe('p1WinRate');
    // The same rules again on the same seeds: the same figures, nothing moved.
    expect((await hordelab(dir, 'check', 'base.checks.yaml', '-w', '0', '--baseline', 'baseline')).status).toBe(0);
    // Still inside the band, but moved by 6 points: the baseline catches it.
    writeFileSync(join(dir, 'base.checks.yaml'), CHECKS(0.53, 20000));
    const moved = await hordelab(dir, 'check', 'base.checks.yaml', '-w', '0', '--baseline', 'baseline');
    expect(moved.status).toBe(1);
    expect(moved.stdout).toContain("coin: the rate moved from the baseline's");
  });

  it('stores baselines beside a subfolder of the baseline folder, and refuses a folder standing where a baseline goes (audit 27b)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'base.checks.yaml'), CHECKS(0.5, 20000));
    mkdirSync(join(dir, 'baseline', 'archive'), { recursive: true });
    const stored = await hordelab(dir, 'check', 'base.checks.yaml', '-w', '0', '-q', '--baseline', 'baseline', '--update-baseline');
    expect([stored.status, stored.stderr]).toEqual([0, '']);
    expect(existsSync(join(dir, 'baseline', 'coin.json'))).toBe(true);
    mkdirSync(join(dir, 'other', 'coin.json'), { recursive: true });
    const refused = await hordelab(dir, 'check', 'base.checks.yaml', '-w', '0', '-q', '--baseline', 'other', '--update-baseline');
    expect([refused.status, refused.stderr]).toEqual([2, `hordelab: ${join(dir, 'other', 'coin.json')}: is a folder, where "hordelab check" writes a file; nothing was written: move it away and run again\n`]);
  });

  it('says of a check the baseline folder has no baseline for that its regression test did not run, in the text, JUnit and annotations', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'base.checks.yaml'), CHECKS(0.5, 20000));
    expect((await hordelab(dir, 'check', 'base.checks.yaml', '-w', '0', '--baseline', 'baseline', '--update-baseline')).status).toBe(0);
    // A second check, renamed or new, whose baseline was never stored: it passes its band, and says so.
    writeFileSync(join(dir, 'base.checks.yaml'), `${CHECKS(0.5, 20000)}${CHECKS(0.5, 20000).replace('checks:\n', '').replace('name: coin', 'name: coin-renamed')}`);
    const run = await hordelab(dir, 'check', 'base.checks.yaml', '-w', '0', '--baseline', 'baseline', '--junit', 'out.xml', '--annotations');
    expect(run.status).toBe(0);
    const note = 'no baseline stored for it in the baseline folder, so its regression test did not run (store one with --update-baseline)';
    expect(run.stdout).toContain(`  coin-renamed: the rate is inside the band; ${note}`);
    expect(run.stdout).not.toContain('  coin: ');
    expect(readFileSync(join(dir, 'out.xml'), 'utf8')).toContain(`matches of 20000; played by random vs random (random play); the rate is inside the band; ${note}`);
    expect(run.stdout).toMatch(/::warning file=.*title=balance check coin-renamed::.*no baseline stored/);
  });

  it('names who played each verdict, in the text, JSON, JUnit, Markdown and annotations, and warns of random play', async () => {
    const dir = tempDir();
    const greedy = CHECKS(0.5, 400).replace('checks:\n', '').replace('name: coin', 'name: coin-greedy').replace('seats: [random, random]', 'seats: [greedy, greedy]');
    writeFileSync(join(dir, 'skill.checks.yaml'), `${CHECKS(0.5, 20000)}${greedy}`);
    const text = await hordelab(dir, 'check', 'skill.checks.yaml', '-w', '0', '--junit', 'skill.xml', '--markdown', 'skill.md');
    expect([0, 3]).toContain(text.status);
    expect(text.stdout).toContain('Played by random vs random: coin.\n');
    expect(text.stdout).toContain('Played by greedy vs greedy: coin-greedy.\n');
    expect(text.stdout).toContain('Random play (coin): a verdict measured with random players may not hold under competent play');
    // The count stays the last line, for CI logs that read it.
    expect(text.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, \d+ failed, \d+ inconclusive/);
    const json = JSON.parse((await hordelab(dir, 'check', 'skill.checks.yaml', '-w', '0', '--json')).stdout) as { name: string; agents: string; randomPlay: string | null }[];
    expect(json.map((result) => [result.name, result.agents, result.randomPlay !== null])).toEqual([
      ['coin', 'random vs random', true],
      ['coin-greedy', 'greedy vs greedy', false],
    ]);
    expect(readFileSync(join(dir, 'skill.xml'), 'utf8')).toContain('; played by greedy vs greedy</system-out>');
    expect(readFileSync(join(dir, 'skill.md'), 'utf8')).toContain('| random vs random (random play) |');
    // Only one agent plays: no warning.
    writeFileSync(join(dir, 'greedy.checks.yaml'), `checks:\n${greedy}`);
    expect((await hordelab(dir, 'check', 'greedy.checks.yaml', '-w', '0')).stdout).not.toContain('Random play');
  });

  it('reports progress as each chunk of a batch finishes, not only when the batch does', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'progress.checks.yaml'), CHECKS(0.5, 400).replace('budget: 400', 'budget: 400\n    batch: 200'));
    const seen: number[] = [];
    const batches: number[] = [];
    await runChecks((await loadCheckFile(join(dir, 'progress.checks.yaml'))).checks, {
      workers: 0,
      onMatches: (_check, matches) => seen.push(matches),
      onBatch: (_check, matches) => batches.push(matches),
    });
    // A batch of 200 in one thread is played in chunks of 50: progress at each.
    expect(batches[0]).toBe(200);
    expect(seen.slice(0, 4)).toEqual([50, 100, 150, 200]);
    expect(seen.at(-1)).toBe(batches.at(-1));
  });

  /** Checks that pass, fail and run out of budget, with their JUnit and Markdown files. */
  async function mixedChecks(): Promise<{ dir: string; status: number }> {
    const dir = tempDir();
    const more = (text: string, name: string): string => text.replace('checks:\n', '').replace('name: coin', `name: ${name}`);
    writeFileSync(join(dir, 'mixed.checks.yaml'), `${CHECKS(0.5)}${more(CHECKS(0.3), 'biased')}${more(CHECKS(0.45, 200), 'edge')}`);
    const result = await hordelab(dir, 'check', 'mixed.checks.yaml', '-w', '0', '--junit', 'junit.xml', '--markdown', 'summary.md');
    return { dir, status: result.status };
  }

  it('writes JUnit XML with a test case per check, and a Markdown summary', async () => {
    const { dir, status } = await mixedChecks();
    expect(status).toBe(1);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('<testsuites name="hordelab check" tests="3" failures="1" errors="0" skipped="1"');
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('| biased | ❌ fail | `p1WinRate` |');
  });

  it('counts an inconclusive check that fails the run as a failure in JUnit and an error annotation, not as skipped (audit 39b)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'edge.checks.yaml'), CHECKS(0.45, 200).replace('name: coin', 'name: edge'));
    writeFileSync(join(dir, 'strict.checks.yaml'), `failOnInconclusive: true\n${CHECKS(0.45, 200).replace('name: coin', 'name: strict')}`);
    const both = await hordelab(dir, 'check', 'edge.checks.yaml', 'strict.checks.yaml', '-w', '0', '--junit', 'junit.xml', '--annotations', '-q');
    expect(both.status).toBe(1);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('<testsuites name="hordelab check" tests="2" failures="1" errors="0" skipped="1"');
    expect(junit).toMatch(/<testcase name="strict"[^>]*>\n {6}<failure message="inconclusive: [^"]*" type="inconclusive">/);
    expect(junit).toMatch(/<testcase name="edge"[^>]*>\n {6}<skipped message="inconclusive: /);
    expect(both.stdout).toMatch(/^::error file=\S*strict\.checks\.yaml,title=balance check strict::/m);
    expect(both.stdout).toMatch(/^::warning file=\S*edge\.checks\.yaml,title=balance check edge::/m);
    // --fail-on-inconclusive makes every file's a failure.
    const flagged = await hordelab(dir, 'check', 'edge.checks.yaml', '-w', '0', '--junit', 'junit.xml', '--fail-on-inconclusive', '-q');
    expect(flagged.status).toBe(1);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('tests="1" failures="1" errors="0" skipped="0"');
  });

  it('--junit and --markdown never overwrite a file hordelab did not write, nor the checks file; their own earlier files they replace', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'c.checks.yaml'), CHECKS(0.45, 200));
    mkdirSync(join(dir, 'baseline'));
    writeFileSync(join(dir, 'notes.md'), '# notes\n');
    writeFileSync(join(dir, 'report.xml'), '<?xml version="1.0"?>\n<testsuites name="other tool"/>\n');
    // The file is written through <file>.tmp: someone else's file of that name is theirs too.
    writeFileSync(join(dir, 'fresh.xml.tmp'), 'mine\n');
    // Links to nothing, and a loop of links: the user's, not to be replaced (review 28d).
    symlinkSync('nowhere.xml', join(dir, 'gone.xml'));
    symlinkSync('loop-b.xml', join(dir, 'loop-a.xml'));
    symlinkSync('loop-a.xml', join(dir, 'loop-b.xml'));
    symlinkSync('notes.md', join(dir, 'linked.md'));
    symlinkSync('gone.xml', join(dir, 'chain.xml'));
    // Every file and its bytes, and every link's target: a refusal writes and changes nothing.
    const snapshot = (): string[] =>
      readdirSync(dir, { recursive: true })
        .map(String)
        .sort()
        .map((name) => {
          const stats = lstatSync(join(dir, name));
          if (stats.isSymbolicLink()) return `${name} -> ${readlinkSync(join(dir, name))}`;
          return stats.isDirectory() ? `${name}/` : `${name}: ${readFileSync(join(dir, name), 'base64')}`;
        });
    const checksFile = readFileSync(join(dir, 'c.checks.yaml'));
    const refusals: [string[], string][] = [
      [['--junit', 'c.checks.yaml'], `--junit: ${join(dir, 'c.checks.yaml')} is a checks file, which this command reads; name a new file`],
      [['--markdown', 'c.checks.yaml'], `--markdown: ${join(dir, 'c.checks.yaml')} is a checks file`],
      [['--markdown', 'notes.md'], `--markdown: ${join(dir, 'notes.md')} exists and was not written by hordelab; name a new file or remove it`],
      [['--junit', 'report.xml'], `--junit: ${join(dir, 'report.xml')} exists and was not written by hordelab; name a new file or remove it`],
      [['--junit', 'fresh.xml'], `--junit: ${join(dir, 'fresh.xml.tmp')} exists and was not written by hordelab; ${join(dir, 'fresh.xml')} is written through it, so remove it`],
      [['--junit', 'new.xml', '--markdown', 'notes.md'], `--markdown: ${join(dir, 'notes.md')} exists and was not written by hordelab`],
      [['--junit', 'both', '--markdown', 'both'], `--markdown: ${join(dir, 'both')} is also the --junit file`],
      [['--junit', 'gone.xml'], `--junit: ${join(dir, 'gone.xml')} is a link to nowhere.xml, which does not exist; writing would replace the link: remove it, or name another file`],
      [['--junit', join('loop-a.xml', 'j.xml')], `--junit: cannot write ${join(dir, 'loop-a.xml', 'j.xml')}: ${join(dir, 'loop-a.xml')} is a link to loop-b.xml in a loop of links that never reaches a folder; expected a folder, or a link to one`],
      [['--markdown', 'linked.md'], `--markdown: ${join(dir, 'linked.md')} is a link to notes.md; writing would replace the link, not the file: name that file itself, or remove the link`],
      [['--junit', 'chain.xml'], `--junit: ${join(dir, 'chain.xml')} is a link to gone.xml, which is a link that leads to nothing; writing would replace the link: remove it, or name another file`],
      [['--markdown', 'loop-a.xml'], `--markdown: ${join(dir, 'loop-a.xml')} is a link to loop-b.xml in a loop of links that never reaches a file; writing would replace the link: remove it, or name another file`],
      [['--junit', join('baseline', 'new.xml'), '--baseline', 'baseline', '--update-baseline'], `--junit: ${join(dir, 'baseline', 'new.xml')} is inside the --baseline folder`],
    ];
    for (const [flags, message] of refusals) {
      const listing = snapshot();
      const result = await hordelab(dir, 'check', 'c.checks.yaml', '-w', '0', ...flags);
      expect(result.status, flags.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')).toEqual([expect.stringContaining(`hordelab: ${message}`), '']);
      expect(snapshot()).toEqual(listing);
    }
    expect(readFileSync(join(dir, 'c.checks.yaml')).equals(checksFile)).toBe(true);
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('# notes\n');
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toBe('<?xml version="1.0"?>\n<testsuites name="other tool"/>\n');
    // Run again in CI: the files of the last run are replaced; an empty file (a fresh
    // $GITHUB_STEP_SUMMARY) holds nothing to lose.
    writeFileSync(join(dir, 'step-summary.md'), '');
    for (let i = 0; i < 2; i++) {
      const again = await hordelab(dir, 'check', 'c.checks.yaml', '-w', '0', '--junit', 'junit.xml', '--markdown', 'step-summary.md');
      expect(again.status, again.stderr).toBe(3);
    }
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<testsuites name="hordelab check" tests="1"');
    expect(readFileSync(join(dir, 'step-summary.md'), 'utf8')).toMatch(/^<!-- hordelab check sha256=[0-9a-f]{64} -->\n## Balance checks\n/);
    // A summary written before the mark was added is still known as Hordelab's.
    writeFileSync(join(dir, 'old.md'), '## Balance checks\n\n| check | result | metric | estimate [interval] | band | matches | why |\n| --- | --- | --- | --- | --- | ---: | --- |\n| coin | ✅ pass | `p1WinRate` | 50.0% [49.0%, 51.0%] | between 40% and 60% | 400 of 400 | the rate is inside the band |\n');
    expect((await hordelab(dir, 'check', 'c.checks.yaml', '-w', '0', '--markdown', 'old.md')).status).toBe(3);
    expect(readFileSync(join(dir, 'old.md'), 'utf8')).toMatch(/^<!-- hordelab check sha256=[0-9a-f]{64} -->\n/);
    // Not each other's, though.
    const swapped = await hordelab(dir, 'check', 'c.checks.yaml', '-w', '0', '--junit', 'step-summary.md');
    expect(swapped.status).toBe(2);
    expect(swapped.stderr).toContain('is a hordelab Markdown summary, not a JUnit report');
  });

  it('--junit and --markdown refuse their own earlier file once something was added to it, changing nothing (audit 41b F1)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'c.checks.yaml'), CHECKS(0.45, 200));
    // README's own --markdown "$GITHUB_STEP_SUMMARY", then a workflow's lines appended, then check again.
    for (const [flag, file, added] of [
      ['--markdown', 'summary.md', '## My own notes appended by the workflow\n'],
      ['--junit', 'junit.xml', '<!-- my notes -->\n'],
    ] as const) {
      expect((await hordelab(dir, 'check', 'c.checks.yaml', '-w', '0', flag, file)).status).toBe(3);
      writeFileSync(join(dir, file), added, { flag: 'a' });
      const before = readFileSync(join(dir, file), 'utf8');
      const refused = await hordelab(dir, 'check', 'c.checks.yaml', '-w', '0', flag, file);
      expect(refused.status, file).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.split('\n')).toEqual([
        `hordelab: ${flag}: ${join(dir, file)} is not as hordelab wrote it: its content is not the ${flag === '--junit' ? 'JUnit report' : 'Markdown summary'} its mark records (added to, changed, or cut short); name a new file or remove it`,
        '',
      ]);
      expect(readFileSync(join(dir, file), 'utf8')).toBe(before);
      // With the added lines taken out again, it is the file as written, and is replaced.
      writeFileSync(join(dir, file), before.slice(0, -added.length));
      expect((await hordelab(dir, 'check', 'c.checks.yaml', '-w', '0', flag, file)).status).toBe(3);
    }
    // A line of the table changed is refused as well.
    writeFileSync(join(dir, 'summary.md'), readFileSync(join(dir, 'summary.md'), 'utf8').replace('inconclusive', 'pass'));
    expect((await hordelab(dir, 'check', 'c.checks.yaml', '-w', '0', '--markdown', 'summary.md')).status).toBe(2);
    // A summary written before the mark recorded a digest is known by its start alone, as it was.
    writeFileSync(join(dir, 'old.md'), '<!-- hordelab check -->\n## Balance checks\n\nnotes\n');
    expect((await hordelab(dir, 'check', 'c.checks.yaml', '-w', '0', '--markdown', 'old.md')).status).toBe(3);
    expect(readFileSync(join(dir, 'old.md'), 'utf8')).not.toContain('notes');
  });

  // Skipped, and reported as skipped, where xmllint is missing; in CI (CI=true) it must be there.
  it.skipIf(xmllint === null && process.env['CI'] !== 'true')('the JUnit file validates against the common JUnit schema (xmllint)', async () => {
    expect(xmllint, 'xmllint is missing: install it (apt-get install libxml2-utils)').not.toBeNull();
    const { dir } = await mixedChecks();
    const valid = spawnSync(xmllint as string, ['--noout', '--schema', resolve('tests/fixtures/junit.xsd'), join(dir, 'junit.xml')], { encoding: 'utf8' });
    expect(valid.stderr).toContain('validates');
    expect(valid.status).toBe(0);
    // A checks file whose name holds a control character XML cannot hold (review 25e: the whole
    // report was not XML).
    const odd = tempDir();
    writeFileSync(join(odd, 'c\u0001.checks.yaml'), 'checks:\n  - name: fair\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.45, 0.55]\n    budget: 200\n');
    const checked = await hordelab(odd, 'check', 'c\u0001.checks.yaml', '-w', '0', '--junit', 'junit.xml');
    expect([0, 1, 3]).toContain(checked.status);
    const report = readFileSync(join(odd, 'junit.xml'), 'utf8');
    expect(report).toContain('c\\u0001.checks.yaml');
    const oddValid = spawnSync(xmllint as string, ['--noout', '--schema', resolve('tests/fixtures/junit.xsd'), join(odd, 'junit.xml')], { encoding: 'utf8' });
    expect(oddValid.status, oddValid.stderr).toBe(0);
  });
});

describe('a check whose match fails', () => {
  it('exits 1 with the failure and the command that plays the match again, no stack', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'throws.mjs'), 'export default () => ({ chooseAction: () => { throw new Error("no move"); } });\n');
    writeFileSync(join(dir, 's.yaml'), 'game: tic-tac-toe\nmatches: 10\nseed: 1\nseats: [./throws.mjs, random]\n');
    writeFileSync(join(dir, 'file.checks.yaml'), 'checks:\n  - name: fair\n    scenario: s.yaml\n    metric: outcomes.bySeat.seat1.win\n    between: [0.4, 0.6]\n    budget: 200\n    seed: 5\n');
    const fromFile = await hordelab(dir, 'check', 'file.checks.yaml', '-w', '0');
    expect(fromFile.status).toBe(1);
    expect(fromFile.stderr).toMatch(/^hordelab: check fair: match 0 of run seed 5 \(match seed [0-9a-f]{16}\) failed at step 0: no move\n  reproduce: hordelab replay \S*s\.yaml --match 0 --seed 5\n$/);
    // The replay it names meets the same failure.
    const replay = await hordelab(dir, ...(/reproduce: hordelab (.*)\n/.exec(fromFile.stderr)?.[1] ?? '').split(' '));
    expect(replay.status).toBe(1);
    expect(replay.stderr).toContain('failed at step 0: no move');
    // A ladder level's seats are not the scenario file's: the checks file itself plays it again.
    writeFileSync(join(dir, 'ladder.checks.yaml'), 'checks:\n  - name: fair\n    scenario: s.yaml\n    metric: outcomes.bySeat.seat1.win\n    between: [0.4, 0.6]\n    budget: 200\n    ladder: [random, ./throws.mjs]\n');
    const fromLadder = await hordelab(dir, 'check', 'ladder.checks.yaml', '-w', '0');
    expect(fromLadder.status).toBe(1);
    expect(fromLadder.stderr).toMatch(/^hordelab: check fair@\._throws\.mjs: match 0 of run seed 1 .*: no move\n  reproduce: hordelab check \S*ladder\.checks\.yaml \(check fair@\._throws\.mjs fails again at match 0\)\n$/);
  });

  it("names the first match a figure changed kind in whichever worker thread finished first (review 30c: named match 0 or match 5 from run to run)", async () => {
    const dir = tempDir();
    // A rate, but a count in match 5; match 0 is made slow, so the thread playing the first chunk
    // finishes after the other's.
    writeFileSync(join(dir, 'kind.mjs'), 'export default { name: "kind", create() { return { onEvent() {}, finishMatch(match) { if (match.matchIndex === 0) { const until = Date.now() + 400; while (Date.now() < until); } return { f: match.matchIndex === 5 ? { count: 1 } : { successes: 1, trials: 2 } }; } }; } };\n');
    writeFileSync(join(dir, 'k.checks.yaml'), 'checks:\n  - name: k\n    game: coin-flip\n    metrics: [./kind.mjs]\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.1, 0.9]\n    budget: 40\n    batch: 40\n');
    const checked = await hordelab(dir, 'check', 'k.checks.yaml', '-w', '2');
    expect(checked.status).toBe(1);
    expect(checked.stderr).toContain('finishMatch returned a count in match 5, where match 0 gave a rate');
  });

  it("a metric module's failure names the check's scenario file in its replay line, not a placeholder", async () => {
    const dir = tempDir();
    // Counts its matches: from the second on (match 0 played again before the run) its figure
    // differs, so the check stops before any verdict.
    writeFileSync(join(dir, 'counter.mjs'), 'let made = 0;\nexport default { name: "counter", description: "matches made", games: ["coin-flip"], create() { made++; return { onEvent() {}, finishMatch: () => ({ made: { count: made } }) }; } };\n');
    writeFileSync(join(dir, 's.yaml'), 'game: coin-flip\nmatches: 10\nseed: 1\nseats: [random, random]\nmetrics: [./counter.mjs]\n');
    writeFileSync(join(dir, 'file.checks.yaml'), 'checks:\n  - name: fair\n    scenario: s.yaml\n    metric: outcomes.bySeat.seat1.win\n    between: [0.4, 0.6]\n    budget: 200\n    seed: 5\n');
    const checked = await hordelab(dir, 'check', 'file.checks.yaml', '-w', '0');
    expect(checked.status).toBe(1);
    expect(checked.stderr).toMatch(/^hordelab: check fair: metric module \S*counter\.mjs: played twice before the run from the same seed[^\n]*\n  reproduce: hordelab replay \S*s\.yaml --match 0 --seed 5\n$/);
  });
});

describe('checks at the ends of the scale and their baselines', () => {
  it('passes a rate of 0 in [0, 0.1] and of 1 in [0.9, 1]: an edge at 0 or 1 cannot be crossed', async () => {
    const dir = tempDir();
    const file = join(dir, 'ends.checks.yaml');
    writeFileSync(
      file,
      'checks:\n  - name: zero\n    game: coin-flip\n    params: { winRate: 0 }\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0, 0.1]\n    budget: 5000\n' +
        '  - name: one\n    game: coin-flip\n    params: { winRate: 1 }\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.9, 1]\n    budget: 5000\n',
    );
    const results = await runChecks((await loadCheckFile(file)).checks, { workers: 0 });
    expect(results.map((result) => result.status)).toEqual(['pass', 'pass']);
  });

  it('refuses a baseline stored for another metric, before playing', async () => {
    const dir = tempDir();
    const text = (metric: string): string => `checks:\n  - name: coin\n    game: coin-flip\n    seats: [random, random]\n    metric: ${metric}\n    between: [0.4, 0.6]\n    budget: 4000\n`;
    writeFileSync(join(dir, 'a.checks.yaml'), text('p1WinRate'));
    expect((await hordelab(dir, 'check', 'a.checks.yaml', '-w', '0', '--baseline', 'b', '--update-baseline')).status).toBe(0);
    writeFileSync(join(dir, 'a.checks.yaml'), text('p2WinRate'));
    const other = await hordelab(dir, 'check', 'a.checks.yaml', '-w', '0', '--baseline', 'b');
    expect(other.status).toBe(2);
    expect(other.stderr).toContain('is the baseline of p1WinRate');
  });
});

describe('storing baselines', () => {
  it('stores none while any check is still to fail, or when the caller refuses at the end', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'throws.mjs'), 'export default () => ({ chooseAction: () => { throw new Error("no move"); } });\n');
    const coin = '  - name: coin\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.4, 0.6]\n    budget: 400\n';
    writeFileSync(join(dir, 'two.checks.yaml'), `checks:\n${coin}  - name: broken\n    game: tic-tac-toe\n    seats: [./throws.mjs, random]\n    metric: outcomes.bySeat.seat1.win\n    between: [0.4, 0.6]\n    budget: 200\n`);
    const baselineDir = join(dir, 'b');
    // The first check passes; the second's match fails: the first's baseline is not stored either.
    await expect(runChecks((await loadCheckFile(join(dir, 'two.checks.yaml'))).checks, { workers: 0, baselineDir, updateBaseline: true })).rejects.toThrow('no move');
    expect(() => readdirSync(baselineDir)).toThrow();
    writeFileSync(join(dir, 'one.checks.yaml'), `checks:\n${coin}`);
    const { checks } = await loadCheckFile(join(dir, 'one.checks.yaml'));
    let asked = 0;
    const refuse = (): void => {
      asked++;
      throw new Error('output gone');
    };
    await expect(runChecks(checks, { workers: 0, baselineDir, updateBaseline: true, beforeStoring: refuse })).rejects.toThrow('output gone');
    expect(asked).toBe(1);
    expect(() => readdirSync(baselineDir)).toThrow();
    await runChecks(checks, { workers: 0, baselineDir, updateBaseline: true, beforeStoring: () => asked++ });
    expect([asked, readdirSync(baselineDir)]).toEqual([2, ['coin.json']]);
  });
});

describe('a gate that a typo cannot switch off', () => {
  const COIN = 'checks:\n  - name: coin\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.4, 0.6]\n    budget: 4000\n';

  /** A check that takes a few looks to decide (1,400 matches), then one with `metric` and `band`. */
  const slowThen = (metric: string, band: string, extra = ''): string =>
    'checks:\n  - name: slow\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.45, 0.55]\n    budget: 20000\n' +
    `  - name: later\n${extra}    metric: ${metric}\n    ${band}\n    budget: 1000\n`;
  const COIN_SEATS = '    game: coin-flip\n    seats: [{ agent: random, name: first }, { agent: random, name: second }]\n';

  /** The matches each check played before `checks` refused it, or resolved. */
  async function playedBefore(checksText: string): Promise<{ played: Record<string, number>; error: string }> {
    const dir = tempDir();
    writeFileSync(join(dir, 'trainers-first-player.yaml'), readFileSync('scenarios/trainers-first-player.yaml', 'utf8'));
    writeFileSync(join(dir, 'late.checks.yaml'), checksText);
    const played: Record<string, number> = {};
    const onMatches = (check: { name: string }, matches: number): void => void (played[check.name] = matches);
    const error = await runChecks((await loadCheckFile(join(dir, 'late.checks.yaml'))).checks, { workers: 0, onMatches }).then(
      () => '',
      (thrown: unknown) => String(thrown instanceof Error ? thrown.message : thrown),
    );
    return { played, error };
  }

  it('refuses a later check\'s metric below its first name, or an outcome rate\'s band outside 0..1, before any match (audit 39b M1)', async () => {
    for (const [metric, band, extra, message] of [
      ['outcomes.bySeat.seat1.wins', 'atLeast: 0.4', COIN_SEATS, 'no metric "outcomes.bySeat.seat1.wins"; the outcome figures near it are outcomes.bySeat.seat1.win, outcomes.bySeat.seat1.draw, outcomes.bySeat.seat1.loss'],
      ['outcomes.byAgent.first.bySeat.seat2.win', 'atLeast: 0.4', COIN_SEATS, 'no metric "outcomes.byAgent.first.bySeat.seat2.win"; the outcome figures near it are outcomes.byAgent.first.bySeat.seat1.win'],
      ['outcomes.bySeat.seat1.win', 'atLeast: 55', COIN_SEATS, 'checks[1].atLeast: expected a band within 0..1, got 55 (outcomes.bySeat.seat1.win is a rate)'],
      ['outcomes.byAgent.first.overall.win', 'between: [0, 1]', COIN_SEATS, 'every rate is between 0 and 1, so this check cannot fail'],
      ['decided.p1WinRat', 'atLeast: 0.4', COIN_SEATS, 'no metric "decided.p1WinRat" in coin-flip results: decided has no "p1WinRat"; rates and means near it: decided.p1WinRate'],
      ['p1WinRate.rat', 'atLeast: 0.4', COIN_SEATS, 'p1WinRate is a figure, with no figures inside it; name p1WinRate'],
      ['decided', 'atLeast: 0.4', COIN_SEATS, 'decided is a group of figures, not one; name one of them, such as decided.p1WinRate'],
      ['trapSuccess.overal', 'atLeast: 0.4', '    scenario: trainers-first-player.yaml\n', 'trapSuccess has no "overal"; rates and means near it: trapSuccess.overall'],
    ] as const) {
      const { played, error } = await playedBefore(slowThen(metric, band, extra));
      expect([error, played], metric).toEqual([expect.stringContaining(message), {}]);
    }
    // A rotated pair's second match seats the agents the other way round: both seats are each agent's.
    const rotated = '    game: coin-flip\n    seats: { rotate: [{ agent: random, name: first }, { agent: random, name: second }] }\n';
    const bothSeats = await playedBefore(slowThen('outcomes.byAgent.first.bySeat.seat2.win', 'atLeast: 1', rotated).replace('budget: 1000', 'budget: 20'));
    expect([bothSeats.error, bothSeats.played]).toEqual([expect.stringContaining('checks[1].atLeast: no number of matches shows a rate of exactly 100%'), {}]);
  });

  it('plays no check past its first batch before every check\'s first look has checked a name only play can tell (audit 39b M1)', async () => {
    // One rate's name below a group that only play fills (the trap rates by catch chance).
    const { played, error } = await playedBefore(slowThen('trapSuccess.byRate.rate80.simulatd', 'atLeast: 0.4', '    scenario: trainers-first-player.yaml\n'));
    expect(error).toContain('checks[1].metric: no metric "trapSuccess.byRate.rate80.simulatd" in zombie-trainers results; rates and means near it: trapSuccess.byRate.rate80.simulated');
    // Each check's first batch (200), no more: the slow check decides only at 1,400.
    expect(played).toEqual({ slow: 200, later: 200 });
  });

  it("leaves a name a game module's filled group lacks before play to the first look: its report may add it in play", async () => {
    const dir = tempDir();
    const index = pathToFileURL(resolve('dist/src/index.js')).href;
    writeFileSync(join(dir, 'first-six.mjs'), readFileSync('tests/fixtures/game-modules/first-six.mjs', 'utf8').replace("'../../../dist/src/index.js'", `'${index}'`));
    // `byLength` holds `all` before any match and `played` once some are played.
    writeFileSync(
      join(dir, 'grows.mjs'),
      `import game from './first-six.mjs';\nimport { genericReport } from '${index}';\nconst base = genericReport(game.id, game.seats);\n` +
        'export default { game, defaultMetric: "seat1WinRate", report: { ...base, summarize(a, c) { const s = base.summarize(a, c); return { ...s, byLength: { all: s.seat1WinRate, ...(a.matches > 0 ? { played: s.seat1WinRate } : {}) } }; } } };\n',
    );
    const check = (metric: string): string => `checks:\n  - name: grows\n    game: ./grows.mjs\n    seats: [random, random]\n    metric: ${metric}\n    between: [0.05, 0.95]\n    budget: 400\n`;
    writeFileSync(join(dir, 'grows.checks.yaml'), check('byLength.played'));
    const [result] = await runChecks((await loadCheckFile(join(dir, 'grows.checks.yaml'))).checks, { workers: 0 });
    expect([result?.status, result?.metric]).toEqual(['pass', 'byLength.played']);
    // A name play does not add either is still refused, at the first look.
    writeFileSync(join(dir, 'grows.checks.yaml'), check('byLength.playd'));
    await expect(runChecks((await loadCheckFile(join(dir, 'grows.checks.yaml'))).checks, { workers: 0 })).rejects.toThrow(/no metric "byLength\.playd"/);
  });

  it('gives each check the verdict it has alone, in the checks\' order, when first looks come first', async () => {
    const both = slowThen('trapSuccess.byRate.rate80.simulated', 'atLeast: 0.6', '    scenario: trainers-first-player.yaml\n');
    const dir = tempDir();
    writeFileSync(join(dir, 'trainers-first-player.yaml'), readFileSync('scenarios/trainers-first-player.yaml', 'utf8'));
    writeFileSync(join(dir, 'both.checks.yaml'), both);
    const checks = (await loadCheckFile(join(dir, 'both.checks.yaml'))).checks;
    const together = await runChecks(checks, { workers: 0 });
    const alone = [...(await runChecks(checks.slice(0, 1), { workers: 0 })), ...(await runChecks(checks.slice(1), { workers: 0 }))];
    const withoutTime = (results: CheckResult[]): unknown => results.map(({ seconds: _seconds, ...rest }) => rest);
    expect(together.map((result) => result.name)).toEqual(['slow', 'later']);
    expect(withoutTime(together)).toEqual(withoutTime(alone));
    expect(together.map((result) => result.matches)).toEqual([1400, 200]);
  });

  it('knows every outcome figure a played run reports from the seats alone', async () => {
    const dir = tempDir();
    for (const seats of ['[{ agent: random, name: a }, { agent: random, name: b }]', '{ rotate: [{ agent: random, name: a }, { agent: random, name: b }] }', '[random, random]']) {
      writeFileSync(join(dir, 'o.yaml'), `game: tic-tac-toe\nmatches: 20\nseed: 3\nseats: ${seats}\n`);
      const scenario = await loadScenario(join(dir, 'o.yaml'));
      const player = new BatchPlayer(0);
      const played = await player.play(scenario, 0, 20);
      await player.close();
      const reported = flattenMetrics(summarizeOutcomes(played.outcomes, 0.95)).map((metric) => [metric.path, metric.kind] as const);
      const names = scenario.seats.map((seat) => seat.name);
      const known = outcomeFigureKinds(2, scenario.rotate ? [names, [...names].reverse()] : [names]);
      expect(new Map(reported), seats).toEqual(known);
    }
  });

  it('refuses a --baseline folder that does not exist, or holds none of the checks, before playing', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'coin.checks.yaml'), COIN);
    const missing = await hordelab(dir, 'check', 'coin.checks.yaml', '-w', '0', '--baseline', 'baselnies');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`hordelab: --baseline: no folder ${join(dir, 'baselnies')}; store the first baselines there with --baseline ${join(dir, 'baselnies')} --update-baseline\n`);
    mkdirSync(join(dir, 'empty'));
    const empty = await hordelab(dir, 'check', 'coin.checks.yaml', '-w', '0', '--baseline', 'empty');
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('holds no baseline of these checks (expected files such as coin.json)');
    expect(readdirSync(dir).sort()).toEqual(['coin.checks.yaml', 'empty']);
  });

  it('refuses a damaged baseline file naming the file and field', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'coin.checks.yaml'), COIN);
    expect((await hordelab(dir, 'check', 'coin.checks.yaml', '-w', '0', '--baseline', 'b', '--update-baseline')).status).toBe(0);
    const stored = readFileSync(join(dir, 'b', 'coin.json'), 'utf8');
    const record = JSON.parse(stored);
    expect(record.scenario).toBe('inline coin-flip');
    const damages: [string, string][] = [
      [stored.slice(0, 30), 'coin.json: not a baseline file'],
      // n said one way whatever is given (audit 41b F3: -3 was "expected a number of at least 0",
      // and 0, with its successes, "more than n (0)").
      ...[-1, 0, 1.5, '5'].map((n): [string, string] => [JSON.stringify({ ...record, n }), `coin.json: n: expected a whole number >= 1 (a baseline of no trials compares nothing), got ${JSON.stringify(n)}`]),
      [JSON.stringify({ ...record, successes: record.n + 1 }), 'coin.json: successes: '],
      [JSON.stringify({ ...record, rate: undefined }), 'coin.json: rate: '],
      [JSON.stringify({ ...record, designEffect: '1' }), 'coin.json: designEffect: '],
    ];
    for (const [text, message] of damages) {
      writeFileSync(join(dir, 'b', 'coin.json'), text);
      const result = await hordelab(dir, 'check', 'coin.checks.yaml', '-w', '0', '--baseline', 'b');
      expect(result.status, text).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('--update-baseline');
    }
    // As the message says, --update-baseline replaces the damaged record (even a cut one).
    writeFileSync(join(dir, 'b', 'coin.json'), stored.slice(0, 30));
    expect((await hordelab(dir, 'check', 'coin.checks.yaml', '-w', '0', '--baseline', 'b', '--update-baseline')).status).toBe(0);
    expect(readFileSync(join(dir, 'b', 'coin.json'), 'utf8')).toBe(stored);
  });

  it('--update-baseline replaces no file that is not a baseline of its check (a check named package beside package.json), and a folder in a baseline\'s place is exit 2', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.checks.yaml'), COIN.replace('name: coin', 'name: package'));
    writeFileSync(join(dir, 'package.json'), '{"name":"my-app"}\n');
    const refused = await hordelab(dir, 'check', 'package.checks.yaml', '-w', '0', '--baseline', '.', '--update-baseline');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(`hordelab: ${join(dir, 'package.json')}: is not a baseline of check "package", and --update-baseline would replace it; move it away, or pick another --baseline folder\n`);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{"name":"my-app"}\n');
    mkdirSync(join(dir, 'b', 'coin.json'), { recursive: true });
    writeFileSync(join(dir, 'coin.checks.yaml'), COIN);
    const folder = await hordelab(dir, 'check', 'coin.checks.yaml', '-w', '0', '--baseline', 'b');
    expect(folder.status).toBe(2);
    expect(folder.stderr).toContain(`${join(dir, 'b', 'coin.json')}: is not a file; expected the baseline of check "coin"`);
  });

  it('the shipped workflow\'s baseline folder is committed, not ignored, and holds a valid baseline of every check', async () => {
    const workflow = readFileSync('docs/github-actions/balance-checks.yml', 'utf8');
    const folder = /--baseline (\S+)/.exec(workflow)?.[1] as string;
    const checksFile = /hordelab check (\S+\.checks\.yaml)/.exec(workflow)?.[1] as string;
    expect(folder).toBeDefined();
    const ignored = spawnSync('git', ['check-ignore', '--no-index', '-q', join(folder, 'coin-is-fair.json')]);
    expect(ignored.status, `${folder} is ignored by .gitignore`).toBe(1);
    const { checks } = await loadCheckFile(checksFile);
    for (const check of checks) {
      const record = readBaseline(folder, check);
      expect(record, `${folder} has no baseline of ${check.name}`).not.toBeNull();
      const tracked = spawnSync('git', ['ls-files', '--error-unmatch', join(folder, `${check.name}.json`)]);
      expect(tracked.status, `${folder}/${check.name}.json is not committed`).toBe(0);
    }
  });
});

describe('checks on per-agent metrics', () => {
  const AGENTS = (metric: string, band: string): string =>
    `checks:\n  - name: agents\n    game: tic-tac-toe\n    seats:\n      rotate:\n        - { agent: mcts, name: mine, config: { iterations: 200 } }\n        - { agent: random, name: baseline }\n    metric: ${metric}\n    ${band}\n    budget: 400\n    batch: 40\n`;

  it('"my agent must beat random" passes for MCTS and fails the other way round', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'mine.checks.yaml'), AGENTS('outcomes.byAgent.mine.overall.win', 'atLeast: 0.6'));
    writeFileSync(join(dir, 'theirs.checks.yaml'), AGENTS('outcomes.byAgent.baseline.overall.win', 'atLeast: 0.6'));
    const mine = await hordelab(dir, 'check', 'mine.checks.yaml', '-w', '0', '--json');
    expect(mine.status).toBe(0);
    const [result] = JSON.parse(mine.stdout);
    expect(result.metric).toBe('outcomes.byAgent.mine.overall.win');
    expect(result.estimate.lower).toBeGreaterThan(0.6);
    expect((await hordelab(dir, 'check', 'theirs.checks.yaml', '-w', '0')).status).toBe(1);
  });

  it('refuses an agent the scenario does not have, naming the ones it does, and one seated twice', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'typo.checks.yaml'), AGENTS('outcomes.byAgent.mien.overall.win', 'atLeast: 0.6'));
    const typo = await hordelab(dir, 'check', 'typo.checks.yaml', '-w', '0');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('typo.checks.yaml: checks[0].metric: no metric "outcomes.byAgent.mien.overall.win"');
    expect(typo.stderr).toContain('with agents mine, baseline');
    writeFileSync(join(dir, 'twice.checks.yaml'), 'checks:\n  - name: t\n    game: coin-flip\n    seats: [random, random]\n    metric: outcomes.byAgent.random.overall.win\n    atLeast: 0.4\n    budget: 100\n');
    const twice = await hordelab(dir, 'check', 'twice.checks.yaml', '-w', '0');
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('"random" plays more than one seat of each match');
  });
});
