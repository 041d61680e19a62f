/**
 * The `hordelab` command as a user meets it, on scenario files written to a temporary folder,
 * in-process through `main(argv, io)` (tests/cli-harness.ts). Runs stopped from outside (a
 * signal, a kill) are tested on the compiled CLI in the slow tier (tests/slow/).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../src/scenario/scenario.js';
import { studentTQuantile } from '../src/stats/distributions.js';
import { CLI_BIN, hordelabIn, summaryWithoutTiming as summaryOf, writtenFile, type CliResult } from './cli-harness.js';

const CLI = CLI_BIN;
let work = '';

// In this thread unless a test names --workers (see inThisThread in cli-harness.ts).
const hordelab = (...args: string[]): Promise<CliResult> => hordelabIn(work, ...args);

const summaryWithoutTiming = (dir: string): unknown => summaryOf(work, dir);
const scenarioFile = (name: string, text: string): string => writtenFile(work, name, text);

const SMALL = `
game: zombie-trainers
matches: 150
seed: 11
params:
  maxRounds: 40
seats: [random, random]
`;

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" (npm test does it first)`);
  work = mkdtempSync(join(tmpdir(), 'hordelab-cli-'));
});

describe('hordelab run', () => {
  it('prints the summary and writes matches.csv, catches.csv and summary.json', async () => {
    const file = scenarioFile('small.yaml', SMALL);
    const result = await hordelab('run', file, '--out', 'out-small');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    for (const label of ['P1 wins', 'P2 wins', 'handed to P1 by rule 28', 'P1 among decided matches', 'Capped', 'Trap success', 'exact', 'Mean rounds']) {
      expect(result.stdout).toContain(label);
    }
    const matches = readFileSync(join(work, 'out-small', 'matches.csv'), 'utf8').trim().split('\n');
    expect(matches[0]).toMatch(/^match,seed,agent1,agent2,winner,xp1,xp2,tieDecided,capped,rounds/);
    expect(matches).toHaveLength(151);
    const catches = readFileSync(join(work, 'out-small', 'catches.csv'), 'utf8').trim().split('\n');
    expect(catches[0]).toBe('match,turn,round,player,trapRate,aggressive,defensive,difference,roll,success');
    const summary = JSON.parse(readFileSync(join(work, 'out-small', 'summary.json'), 'utf8'));
    const results = summary.results;
    expect(results.matches).toBe(150);
    expect(results.p1WinRate.successes + results.p2WinRate.successes).toBe(150);
    expect(results.p1WinRate.lower).toBeLessThanOrEqual(results.p1WinRate.rate);
    expect(results.p1WinRate.upper).toBeGreaterThanOrEqual(results.p1WinRate.rate);
    // Every catch attempt in catches.csv is counted in the summary, and every match in matches.csv.
    const attempts = Object.values(results.trapSuccess.byRate as Record<string, { simulated: { n: number } }>).reduce(
      (sum, figure) => sum + figure.simulated.n,
      0,
    );
    expect(attempts).toBe(catches.length - 1);
    const p1WinsInCsv = matches.slice(1).filter((row) => row.split(',')[4] === '1').length;
    expect(results.p1WinRate.successes).toBe(p1WinsInCsv);
    expect(summary.scenario.params.maxRounds).toBe(40);
    expect(summary.command).toBe(`hordelab run ${file} --seed 11 --matches 150`);
  });

  it('writes byte-identical CSVs for the same seed and different ones for another seed', async () => {
    const file = scenarioFile('repeat.yaml', SMALL);
    expect((await hordelab('run', file, '-q', '--out', 'a')).status).toBe(0);
    expect((await hordelab('run', file, '-q', '--out', 'b')).status).toBe(0);
    expect((await hordelab('run', file, '-q', '--seed', '12', '--out', 'c')).status).toBe(0);
    for (const name of ['matches.csv', 'catches.csv']) {
      const a = readFileSync(join(work, 'a', name));
      expect(readFileSync(join(work, 'b', name)).equals(a)).toBe(true);
      expect(readFileSync(join(work, 'c', name)).equals(a)).toBe(false);
    }
    expect(summaryWithoutTiming('b')).toEqual(summaryWithoutTiming('a'));
  });

  it('writes the same bytes for any worker count and chunk size', async () => {
    const file = scenarioFile('workers.yaml', SMALL.replace('matches: 150', 'matches: 120'));
    const runs = [
      ['--workers', '0'],
      ['--workers', '1'],
      ['--workers', '2'],
      ['--workers', '2', '--chunk-size', '7'],
      ['--workers', '1', '--chunk-size', '1000'],
    ];
    for (const [index, flags] of runs.entries()) expect((await hordelab('run', file, '-q', '--out', `w${index}`, ...flags)).status).toBe(0);
    for (let index = 1; index < runs.length; index++) {
      for (const name of ['matches.csv', 'catches.csv']) {
        expect(readFileSync(join(work, `w${index}`, name)).equals(readFileSync(join(work, 'w0', name))), `${name} with ${runs[index]}`).toBe(true);
      }
      expect(summaryWithoutTiming(`w${index}`)).toEqual(summaryWithoutTiming('w0'));
    }
  });

  it('writes for sweep, ladder, cards and check on two worker threads what it writes in this thread (the tests of the other files play in this thread)', async () => {
    const duel = scenarioFile('threads-duel.yaml', 'name: duel\ngame: integer-duel\nmatches: 30\nseed: 3\nseats: [random, random]\n');
    const coin = scenarioFile('threads-coin.yaml', 'name: coin\ngame: coin-flip\nmatches: 40\nseed: 5\nseats: [random, random]\n');
    const grid = scenarioFile('threads-grid.yaml', 'name: grid\ngame: tic-tac-toe\nmatches: 40\nseed: 5\nseats: [random, random]\n');
    const checks = scenarioFile('threads.checks.yaml', 'checks:\n  - name: fair\n    game: coin-flip\n    seats: [random, random]\n    seed: 7\n    metric: p1WinRate\n    between: [0.2, 0.8]\n    budget: 400\n    batch: 100\n');
    // Timing is the one part allowed to differ: each level's timing block and seconds column, a check's seconds.
    const withoutTiming = (name: string, text: string): string => {
      // The mark's digests are of the files as written, timing included.
      if (name === '.hordelab-folder.json') return JSON.stringify({ ...JSON.parse(text), fileSha256: undefined });
      if (name.endsWith('.json')) return JSON.stringify(JSON.parse(text), (key, value: unknown) => (key === 'timing' || key === 'seconds' ? undefined : value));
      if (name === 'ladder.md') return text.replace(/^(\| \w+ \| [^|]+ \| )[0-9.]+( \|)/gm, '$1s$2');
      return text;
    };
    const files = (dir: string): Map<string, string> => {
      const found = new Map<string, string>();
      for (const name of readdirSync(join(work, dir), { recursive: true, encoding: 'utf8' }).sort()) {
        const path = join(work, dir, name);
        if (existsSync(path) && !statSync(path).isDirectory()) found.set(name, withoutTiming(name, readFileSync(path, 'utf8')));
      }
      return found;
    };
    const commands: [string, string[]][] = [
      ['sweep', ['sweep', coin, '--vary', 'winRate=0.3,0.6', '-q']],
      ['ladder', ['ladder', grid, '--levels', 'random,greedy', '-n', '40', '-q']],
      ['cards', ['cards', duel, '-n', '10', '-q']],
    ];
    for (const [name, args] of commands) {
      for (const workers of ['0', '2']) expect((await hordelab(...args, '-w', workers, '--out', `${name}-w${workers}`)).status, `${name} -w ${workers}`).toBe(0);
      const [inThread, threaded] = [files(`${name}-w0`), files(`${name}-w2`)];
      expect(inThread.size, name).toBeGreaterThan(2);
      expect(threaded, name).toEqual(inThread);
    }
    const inThread = await hordelab('check', checks, '-w', '0', '--json');
    const threaded = await hordelab('check', checks, '-w', '2', '--json');
    expect([inThread.status, threaded.status]).toEqual([0, 0]);
    expect(withoutTiming('check.json', threaded.stdout)).toBe(withoutTiming('check.json', inThread.stdout));
  });

  it('applies --matches, --seed and --set overrides and records them', async () => {
    const file = scenarioFile('override.yaml', SMALL);
    const result = await hordelab('run', file, '--json', '-n', '20', '-s', '5', '--set', 'actionPoints=4', '--set', 'traps.80=3', '--set', 'zombieHealth.1=5', '--out', 'ov');
    expect(result.status).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary.scenario.matches).toBe(20);
    expect(summary.scenario.seed).toBe(5);
    expect(summary.scenario.params.actionPoints).toBe(4);
    expect(summary.scenario.params.traps).toEqual({ '40': 4, '60': 2, '80': 3 });
    // A dotted key into a list changes that entry (the default's first entry stays), and only an index of it is taken.
    expect(summary.scenario.params.zombieHealth).toEqual([3, 5]);
    for (const key of ['2', 'x', '01']) {
      const refused = await hordelab('run', file, '-n', '20', '--set', `zombieHealth.${key}=5`, '--out', `ov-${key}`);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toBe(`hordelab: --set zombieHealth.${key}=5: zombieHealth: is a list of 2 entries: expected an index from 0 to 1 after it, got "${key}"\n`);
      expect(existsSync(join(work, `ov-${key}`))).toBe(false);
    }
    expect(summary.results.matches).toBe(20);
  });

  it('defaults the output folder to reports/<scenario name>/', async () => {
    const file = scenarioFile('named.yaml', `name: my-question\n${SMALL.replace('matches: 150', 'matches: 5')}`);
    expect((await hordelab('run', file, '-q')).status).toBe(0);
    // Beside the reports, the folder's record of what hordelab wrote there (.hordelab-folder.json).
    expect(readdirSync(join(work, 'reports', 'my-question')).sort()).toEqual(['.hordelab-folder.json', 'catches.csv', 'matches.csv', 'summary.json']);
  });

  it('skips catches.csv with --no-event-files but keeps the summary complete', async () => {
    const file = scenarioFile('noevents.yaml', SMALL);
    expect((await hordelab('run', file, '-q', '--no-event-files', '--out', 'ne')).status).toBe(0);
    expect(readdirSync(join(work, 'ne')).sort()).toEqual(['.hordelab-folder.json', 'matches.csv', 'summary.json']);
    expect((await hordelab('run', file, '-q', '--out', 'we')).status).toBe(0);
    const summary = (dir: string): unknown => JSON.parse(readFileSync(join(work, dir, 'summary.json'), 'utf8')).results;
    expect(summary('ne')).toEqual(summary('we'));
    // The recorded command names the flag, so it plays the run again as it was, files and all.
    const command = (dir: string): string => JSON.parse(readFileSync(join(work, dir, 'summary.json'), 'utf8')).command;
    expect(command('ne')).toBe(`${command('we')} --no-event-files`);
  });
});

describe('shipped scenarios', () => {
  const shipped = readdirSync(resolve('scenarios'));
  // Each is played (2 matches) in the slow tier (tests/slow/shipped-scenarios.test.ts): the
  // search agents some of them seat take most of a minute between them.
  it.each(shipped.filter((file) => !file.endsWith('.checks.yaml')))('%s is valid', async (file) => {
    const path = resolve('scenarios', file);
    const scenario = await parseScenario(readFileSync(path, 'utf8'), path);
    expect(scenario.matches).toBeGreaterThan(0);
  });
  it.each(shipped.filter((file) => file.endsWith('.checks.yaml')))('%s is a valid checks file that run refuses', async (file) => {
    const result = await hordelab('run', resolve('scenarios', file), '--matches', '2');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('is a checks file; run it with "hordelab check"');
  });
});

describe('bad input', () => {
  const base = (changes: Record<string, string>): string => {
    const fields: Record<string, string> = {
      game: 'zombie-trainers',
      matches: '10',
      seed: '1',
      seats: '[random, random]',
      ...changes,
    };
    return Object.entries(fields)
      .filter(([, value]) => value !== '')
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n');
  };

  const cases: [string, string, string[], RegExp][] = [
    ['unknown game', base({ game: 'chess' }), [], /bad\.yaml: game: unknown game "chess"; expected one of: zombie-trainers/],
    ['unknown agent', base({ seats: '[random, alphazero]' }), [], /bad\.yaml: seats\[1\]: unknown agent "alphazero"; expected one of: random, greedy, mcts, rollout, scripted-zombies, hunting-zombies, survivors-planner, trainers-tempo, or a module path/],
    ['a bad agent setting', base({ seats: '[random, {agent: mcts, config: {iterations: 0}}]' }), [], /bad\.yaml: seats\[1\]\.config\.iterations: expected a whole number in 1..1000000000, got 0/],
    ['an unknown agent setting', base({ seats: '[random, {agent: mcts, config: {iteration: 5}}]' }), [], /bad\.yaml: seats\[1\]\.config\.iteration: unknown setting/],
    ['rotation with an odd number of matches', base({ matches: '11', seats: '{rotate: [greedy, random]}' }), [], /bad\.yaml: matches: with seats\.rotate: every seed is played in both seatings, so matches must be even; got 11/],
    ['a round robin with an odd number of matches', base({ matches: '11', seats: '{roundRobin: [greedy, random]}' }), [], /bad\.yaml: matches: a round robin \(seats\.roundRobin\) plays every pairing with its seats rotated: every seed is played in both seatings, so matches must be even; got 11/],
    ['rotation of two seats with one name', base({ seats: '{rotate: [random, random]}' }), [], /bad\.yaml: seats\.rotate: two seats are both reported as "random"/],
    ['a missing agent module', base({ seats: '[random, ./nowhere.js]' }), [], /bad\.yaml: seats\[1\]: cannot load agent module "\.\/nowhere\.js": no module at/],
    ['a map that is neither text nor rows', base({ params: '{ map: 42 }' }), [], /bad\.yaml: params\.map: expected the map as text \(a YAML block of "\." and "#" rows\) or a list of rows, got 42\n$/],
    ['seats that are no list of seats', base({ seats: '{bench: [random, random]}' }), [], /bad\.yaml: seats: expected a list of seats \(each an agent name, a module path, or \{ agent, config, name \} with config a mapping of settings\), \{ rotate: \[two or more seats\] \} or \{ roundRobin: \[2 to 1000 agents\] \}\n$/],
    // Named where it is, as other seat mistakes are (audit 42f F6).
    ['a seat whose config is no mapping', base({ seats: '[{agent: mcts, config: 5}, random]' }), [], /bad\.yaml: seats\[0\]\.config: expected an object of fields \(name: value\), got 5\n$/],
    ['wrong type', base({ matches: 'ten' }), [], /bad\.yaml: matches: expected a whole number in 1\.\.1000000000/],
    ['negative matches', base({ matches: '-5' }), [], /bad\.yaml: matches: expected a whole number in 1\.\.1000000000, got -5/],
    ['unknown parameter', base({ params: '{ actionPoint: 4 }' }), [], /bad\.yaml: params\.actionPoint: unknown parameter; did you mean actionPoints\?\n$/],
    ['unknown parameter near none', base({ params: '{ speed: 4 }' }), [], /bad\.yaml: params\.speed: unknown parameter; expected one of: map, colors/],
    ['parameter of the wrong type', base({ params: '{ actionPoints: "many" }' }), [], /bad\.yaml: params\.actionPoints: .*expected number/],
    [
      'a map whose grass is split',
      base({ params: '{ map: "..#..\\n..#..\\n..#.." }' }),
      [],
      /bad\.yaml: params\.map: line 1, column 4: this grass cell cannot be reached/,
    ],
    ['two players with one color', base({ params: '{ colors: [red, red] }' }), [], /bad\.yaml: params\.colors: both trainers picked "red"/],
    ['an unknown top-level field', base({ mathces: '10' }), [], /bad\.yaml: .*mathces/],
    ['a seat too few', base({ seats: '[random]' }), [], /bad\.yaml: seats: Zombie Trainers has 2 seats/],
    ['negative --matches', base({}), ['--matches', '-5'], /--matches: expected a whole number in 1\.\.1000000000, got "-5"/],
    ['a --workers that is not a number', base({}), ['--workers', 'many'], /--workers: expected a whole number in 0\.\.256, got "many"/],
    ['a zero --chunk-size', base({}), ['--chunk-size', '0'], /--chunk-size: expected a whole number in 1\.\.1000000, got "0"/],
    ['a bad --set value', base({}), ['--set', 'actionPoints=0'], /--set actionPoints=0: actionPoints: expected a number of at least 1, got 0$/m],
    ['a --set without =', base({}), ['--set', 'actionPoints'], /--set actionPoints: expected key=value/],
    ['an unknown --set parameter', base({}), ['--set', 'speed=3'], /--set speed=3: speed: unknown parameter/],
  ];

  it.each(cases)('%s exits 2 with one message naming the file and field, and writes nothing', async (_label, text, flags, message) => {
    const file = scenarioFile('bad.yaml', text);
    const out = join(work, 'never');
    const result = await hordelab('run', file, '--out', out, ...flags);
    expect(result.stderr).toMatch(message);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });

  it('names a missing scenario file', async () => {
    const result = await hordelab('run', 'nowhere.yaml');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/nowhere\.yaml: no such file/);
  });

  it('names a scenario that is not valid YAML, with its line', async () => {
    const file = scenarioFile('broken.yaml', 'game: zombie-trainers\nseats: [random, random\n');
    const result = await hordelab('run', file);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/broken\.yaml: not valid YAML: .*line/);
  });

  it('accepts JSON scenarios and rejects other extensions', async () => {
    const json = scenarioFile('ok.json', JSON.stringify({ game: 'zombie-trainers', matches: 3, seed: 2, seats: ['random', 'random'] }));
    expect((await hordelab('run', json, '-q', '--out', 'json-out')).status).toBe(0);
    const txt = scenarioFile('scenario.txt', 'game: zombie-trainers');
    const result = await hordelab('run', txt);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/scenario\.txt: unknown extension ".txt"; expected .yaml, .yml or .json/);
  });

  it('rejects an unknown command or flag with usage help and exit 2', async () => {
    expect((await hordelab('fly')).status).toBe(2);
    const result = await hordelab('run', 'x.yaml', '--workerz', '3');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('hordelab: --workerz: unknown flag of "hordelab run"; did you mean --workers?\n');
  });
});

describe('hordelab help and listings', () => {
  it('explains run in --help', async () => {
    const result = await hordelab('run', '--help');
    expect(result.status).toBe(0);
    for (const flag of ['--matches', '--seed', '--out', '--set', '--workers', '--chunk-size', '--no-event-files', '--json', '--quiet']) {
      expect(result.stdout).toContain(flag);
    }
  });

  it('lists games with their parameters and the agents', async () => {
    const games = await hordelab('games');
    expect(games.status).toBe(0);
    expect(games.stdout).toContain('zombie-trainers');
    expect(games.stdout).toContain('actionPoints = 3');
    const agentList = await hordelab('agents');
    expect(agentList.stdout).toMatch(/^random — /m);
  });
});

describe('failures inside matches', () => {
  // Throws in matches whose seat stream's first draw is 0 of 40: deterministic, a few per hundred.
  const flaky = `export default (config, { rng }) => {
  const doomed = rng.int(40) === 0;
  return { chooseAction: (decision) => { if (doomed) throw new Error('flaky agent gave up'); return 0; } };
};
`;

  it('records each failed match in errors.csv with a replay command that reproduces it, and exits 1', async () => {
    writeFileSync(join(work, 'flaky.mjs'), flaky);
    const file = scenarioFile('flaky.yaml', 'game: tic-tac-toe\nmatches: 200\nseed: 3\nseats: [./flaky.mjs, random]\n');
    const result = await hordelab('run', file, '-q', '--workers', '2', '--chunk-size', '16', '--max-errors', '50', '--out', 'flaky');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/match\(es\) failed\. Each is in .*errors\.csv with the command that replays it/);
    const errors = readFileSync(join(work, 'flaky', 'errors.csv'), 'utf8').trim().split('\n');
    expect(errors[0]).toBe('match,seed,step,error,replay');
    const failed = errors.slice(1);
    expect(failed.length).toBeGreaterThan(0);
    const matches = readFileSync(join(work, 'flaky', 'matches.csv'), 'utf8').trim().split('\n');
    expect(matches.length - 1 + failed.length).toBe(200);
    const summary = JSON.parse(readFileSync(join(work, 'flaky', 'summary.json'), 'utf8'));
    expect(summary.run).toEqual({ status: 'complete', matchesPlayed: 200 - failed.length, errors: failed.length });
    // The run's recorded command keeps --max-errors: without it, it would stop at the first failure (review 28e).
    expect(summary.command).toBe(`hordelab run ${file} --seed 3 --matches 200 --max-errors 50`);
    // The replay command reproduces the failure, and names the same match seed.
    const [matchIndex, seed, , message, replay] = failed[0]!.split(',');
    expect(message).toMatch(/flaky agent gave up/);
    // The first failure's reason is on the terminal too, above the command that replays it.
    expect(result.stderr).toContain(`\n  first: match ${matchIndex}: ${message}\n  reproduce: hordelab replay `);
    expect(replay).toBe(`hordelab replay ${file} --match ${matchIndex} --seed 3`);
    // The terminal names the first failure's replay too (the lowest match, whatever the chunks).
    expect(result.stderr.trim().split('\n').at(-1)).toBe(`  reproduce: ${replay}`);
    const replayed = await hordelab(...replay!.split(' ').slice(1));
    expect(replayed.status).toBe(1);
    expect(replayed.stderr).toContain(`match ${matchIndex} of run seed 3 (match seed ${seed})`);
    expect(replayed.stderr).toContain('flaky agent gave up');
    // The message and its replay first; the agent's stack after them, labelled and indented.
    const [said, again, where, thrown] = replayed.stderr.split('\n');
    expect(said).toBe(`hordelab: match ${matchIndex} of run seed 3 (match seed ${seed}) failed at step 0: flaky agent gave up`);
    expect(again).toBe(`  reproduce: ${replay} (match seed ${seed})`);
    expect([where, thrown]).toEqual(['  where it was thrown:', '    Error: flaky agent gave up']);
    expect(replayed.stderr).toMatch(/\n {6}at .*flaky\.mjs:\d+:\d+/);
    // An agent whose choice Hordelab's own check refuses: the message is all, no stack of ours.
    writeFileSync(join(work, 'out-of-range.mjs'), 'export default () => ({ chooseAction: () => 99 });\n');
    const breach = scenarioFile('out-of-range.yaml', 'game: tic-tac-toe\nmatches: 5\nseed: 3\nseats: [./out-of-range.mjs, random]\n');
    const refused = await hordelab('replay', breach, '--match', '0');
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^hordelab: match 0 of run seed 3 \(match seed [0-9a-f]{16}\) failed at step 0: agent ".*out-of-range\.mjs" of seat 1 chose index 99, expected an integer in 0\.\.8$/),
      expect.stringMatching(/^ {2}reproduce: hordelab replay .*out-of-range\.yaml --match 0 --seed 3 \(match seed [0-9a-f]{16}\)$/),
    ]);
  });

  it('stops at the first failure by default, keeping exactly the matches before it, whatever the chunking', async () => {
    writeFileSync(join(work, 'flaky.mjs'), flaky);
    const file = scenarioFile('flaky-stop.yaml', 'game: tic-tac-toe\nmatches: 200\nseed: 3\nseats: [./flaky.mjs, random]\n');
    const a = await hordelab('run', file, '-q', '--workers', '2', '--chunk-size', '16', '--out', 'stop-a');
    const b = await hordelab('run', file, '-q', '--workers', '1', '--chunk-size', '100', '--out', 'stop-b');
    expect([a.status, b.status]).toEqual([1, 1]);
    expect(a.stderr).toMatch(/stopped after more than --max-errors 0/);
    for (const name of ['matches.csv', 'errors.csv']) {
      expect(readFileSync(join(work, 'stop-a', name), 'utf8')).toBe(readFileSync(join(work, 'stop-b', name), 'utf8'));
    }
    const errors = readFileSync(join(work, 'stop-a', 'errors.csv'), 'utf8').trim().split('\n');
    expect(errors).toHaveLength(2);
    const firstFailure = Number(errors[1]!.split(',')[0]);
    const matches = readFileSync(join(work, 'stop-a', 'matches.csv'), 'utf8').trim().split('\n');
    expect(matches).toHaveLength(firstFailure + 1);
    expect(JSON.parse(readFileSync(join(work, 'stop-a', 'summary.json'), 'utf8')).run.status).toBe('stopped');
  });

  it('retries the chunk of a worker that died, and the run ends as if nothing happened', async () => {
    const marker = join(work, 'died-once');
    writeFileSync(
      join(work, 'dies-once.mjs'),
      `import { existsSync, writeFileSync } from 'node:fs';
export default () => ({ chooseAction: () => { if (!existsSync(${JSON.stringify(marker)})) { writeFileSync(${JSON.stringify(marker)}, ''); process.exit(7); } return 0; } });
`,
    );
    const text = 'game: tic-tac-toe\nmatches: 60\nseed: 5\nseats: [./dies-once.mjs, random]\n';
    const file = scenarioFile('dies.yaml', text);
    const died = await hordelab('run', file, '-q', '--workers', '2', '--chunk-size', '10', '--out', 'died');
    expect(existsSync(marker)).toBe(true);
    expect(died.status).toBe(0);
    const clean = await hordelab('run', file, '-q', '--workers', '0', '--out', 'clean');
    expect(clean.status).toBe(0);
    expect(readFileSync(join(work, 'died', 'matches.csv'), 'utf8')).toBe(readFileSync(join(work, 'clean', 'matches.csv'), 'utf8'));
  });
});

describe('hordelab replay', () => {
  it('prints one match turn by turn: decisions, dice and XP, and the same result as the run', async () => {
    const file = scenarioFile('replay.yaml', SMALL);
    expect((await hordelab('run', file, '-q', '--out', 'replayed')).status).toBe(0);
    const row = readFileSync(join(work, 'replayed', 'matches.csv'), 'utf8').trim().split('\n')[8]!.split(',');
    const result = await hordelab('replay', file, '--match', row[0]!);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Player 1: (move|catch|attack|endTurn)/);
    expect(result.stdout).toMatch(/catch seat=\d .*aggressive=\d defensive=\d roll=\d+ success=(true|false)/);
    expect(result.stdout).toMatch(/XP \d+-\d+/);
    expect(result.stdout).toContain(`match seed ${row[1]}`);
    expect(result.stdout).toMatch(new RegExp(`matchEnd winner=${Number(row[4]) - 1} xp=\\[${row[5]},${row[6]}\\]`));
  });

  it('replays a rotated match with the seating, seed and agent streams the run used', async () => {
    const file = scenarioFile('replay-rotated.yaml', 'game: tic-tac-toe\nmatches: 40\nseed: 9\nseats:\n  rotate:\n    - { agent: random, name: random-a }\n    - { agent: random, name: random-b }\n');
    expect((await hordelab('run', file, '-q', '--out', 'replayed-rotated')).status).toBe(0);
    const rows = readFileSync(join(work, 'replayed-rotated', 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((row) => row.split(','));
    for (const row of rows.slice(0, 8)) {
      const result = await hordelab('replay', file, '--match', row[0]!);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`X: ${row[2]}, O: ${row[3]}`);
      expect(result.stdout).toContain(`match seed ${row[1]}`);
      const winner = { X: 0, O: 1, draw: -1 }[row[4] as 'X' | 'O' | 'draw'];
      expect(result.stdout).toMatch(new RegExp(`matchEnd winner=${winner} moves=${row[5]}$`, 'm'));
    }
  });

  it('stops a match whose call never returns at --match-timeout, exit 1, with the steps up to it (audit 21)', async () => {
    const agent = resolve('tests/fixtures/doomed-agent.mjs');
    // Every match hangs at the doomed seat's first decision, after the steps before it.
    const file = scenarioFile('replay-hang.yaml', `game: tic-tac-toe\nmatches: 5\nseed: 2\nseats:\n  - random\n  - { agent: ${JSON.stringify(agent)}, config: { fate: block, every: 1 } }\n`);
    const result = await hordelab('replay', file, '--match', '3', '--match-timeout', '1');
    expect(result.status).toBe(1);
    // X's first move is printed; O (the doomed seat) never returns from its first decision.
    expect(result.stdout).toMatch(/^ {4}0 {2}X: /m);
    expect(result.stdout).not.toMatch(/^ {4}1 /m);
    expect(result.stderr).toMatch(/^hordelab: match 3 of run seed 2 \(match seed [0-9a-f]{16}\) did not end within 1 s \(--match-timeout\): the last step printed is where it had got to\n {2}reproduce: hordelab replay .*replay-hang\.yaml --match 3 --match-timeout 1\n$/);
    // The page is written all the same, up to where the match had got to (audit 39a F5: none was).
    const page = await hordelab('replay', file, '--match', '3', '--match-timeout', '1', '--html', join(work, 'hang.html'));
    expect(page.status).toBe(1);
    expect(page.stderr).toMatch(/did not end within 1 s \(--match-timeout\): the page's last step, 1, is where it had got to\n/);
    const html = readFileSync(join(work, 'hang.html'), 'utf8');
    expect(html).toContain('<span class="position" id="position">step 0 of 1</span>');
    expect(html).toMatch(/<p class="failure" role="alert">match 3 of run seed 2 \(match seed [0-9a-f]{16}\) did not end within 1 s \(--match-timeout\): stopped at step 1\. The last step shown, 1, is the state the step that never returned was played from\.<\/p>/);
  });

  it('writes the run\'s --match-timeout into the replay line of a match that hung, so replay stops it at the same limit, not at its own 600 s', async () => {
    const agent = resolve('tests/fixtures/doomed-agent.mjs');
    // One hung match is enough (each costs its limit and a fresh thread).
    const file = scenarioFile('run-hang.yaml', `game: tic-tac-toe\nmatches: 5\nseed: 2\nseats:\n  - random\n  - { agent: ${JSON.stringify(agent)}, config: { fate: block, every: 12 } }\n`);
    const result = await hordelab('run', file, '-q', '--workers', '1', '--match-timeout', '1', '--max-errors', '5', '--out', 'run-hang');
    expect(result.status).toBe(1);
    const failed = readFileSync(join(work, 'run-hang', 'errors.csv'), 'utf8').trim().split('\n').slice(1);
    expect(failed.length).toBeGreaterThan(0);
    const [matchIndex, , , message, replay] = failed[0]!.split(',');
    expect(message).toMatch(/timed out after 1 s \(--match-timeout\)/);
    expect(replay).toBe(`hordelab replay ${file} --match ${matchIndex} --seed 2 --match-timeout 1`);
    const replayed = await hordelab(...replay!.split(' ').slice(1));
    expect(replayed.status).toBe(1);
    expect(replayed.stderr).toContain(`match ${matchIndex} of run seed 2`);
    expect(replayed.stderr).toContain('did not end within 1 s (--match-timeout)');
  });

  it('carries --match-timeout into the reproduce line of a sweep\'s failed match, and leaves it out when not given', async () => {
    const agent = resolve('tests/fixtures/doomed-agent.mjs');
    const file = scenarioFile('sweep-throw.yaml', `game: tic-tac-toe\nmatches: 20\nseed: 2\nseats:\n  - random\n  - { agent: ${JSON.stringify(agent)}, config: { fate: throw, every: 4 } }\n`);
    const limited = await hordelab('sweep', file, '--vary', 'seat2.every=4,5', '--match-timeout', '30', '-q', '--out', 'sweep-throw-a');
    expect(limited.status).toBe(1);
    expect(limited.stderr).toMatch(/\n {2}reproduce: hordelab replay .*sweep-throw\.yaml --match \d+ --seed 2 --set seat2\.every=4 --match-timeout 30\n$/);
    const plain = await hordelab('sweep', file, '--vary', 'seat2.every=4,5', '-q', '--out', 'sweep-throw-b');
    expect(plain.status).toBe(1);
    expect(plain.stderr).toMatch(/\n {2}reproduce: hordelab replay .*sweep-throw\.yaml --match \d+ --seed 2 --set seat2\.every=4\n$/);
  });

  it('rejects a match index that is not a whole number', async () => {
    const file = scenarioFile('replay-bad.yaml', SMALL);
    const result = await hordelab('replay', file, '--match', 'x');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--match: expected a whole number in 0\.\.999999999, got "x"/);
  });
});

describe('resume', () => {
  const LONG = 'game: zombie-trainers\nmatches: 2000\nseed: 21\nparams: { maxRounds: 60 }\nseats: [random, random]\n';

  it('refuses to resume where there is nothing to resume, or another run', async () => {
    const file = scenarioFile('long.yaml', LONG);
    const nothing = await hordelab('run', file, '--out', 'nothing-here', '--resume');
    expect(nothing.status).toBe(2);
    expect(nothing.stderr).toMatch(/--resume: .*nothing-here holds no interrupted run to resume/);
    mkdirSync(join(work, 'other'), { recursive: true });
    // Another run's checkpoint, sealed as Hordelab seals one (the SHA-256 of its fields' JSON).
    const fields = { version: 2, key: 'another run' };
    writeFileSync(join(work, 'other', '.hordelab-checkpoint.json'), JSON.stringify({ ...fields, integrity: createHash('sha256').update(JSON.stringify(fields)).digest('hex') }));
    const other = await hordelab('run', file, '--out', 'other', '--resume');
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/was started with another scenario/);
  });
});

describe('shards and merge', () => {
  const MERGE = 'game: zombie-trainers\nmatches: 301\nseed: 8\nparams: { maxRounds: 50 }\nseats: [random, random]\n';

  it('merges 3 shards into exactly what one run writes', async () => {
    const file = scenarioFile('merge.yaml', MERGE);
    expect((await hordelab('run', file, '-q', '--out', 'm-single')).status).toBe(0);
    for (const index of [2, 0, 1]) expect((await hordelab('run', file, '-q', '--shard', `${index}/3`, '--out', `m-shard-${index}`)).status).toBe(0);
    const merged = await hordelab('merge', 'm-shard-1', 'm-shard-0', 'm-shard-2', '--out', 'm-merged');
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    for (const name of ['matches.csv', 'catches.csv']) {
      expect(readFileSync(join(work, 'm-merged', name)).equals(readFileSync(join(work, 'm-single', name))), name).toBe(true);
    }
    expect(summaryWithoutTiming('m-merged')).toEqual(summaryWithoutTiming('m-single'));
  });

  it('refuses missing, repeated or foreign shards before writing anything', async () => {
    const file = scenarioFile('merge.yaml', MERGE);
    for (const index of [0, 1]) expect((await hordelab('run', file, '-q', '--shard', `${index}/3`, '--out', `r-shard-${index}`)).status).toBe(0);
    const missing = await hordelab('merge', 'r-shard-0', 'r-shard-1', '--out', 'r-merged');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/expected shards 0\.\.2 once each; missing 2/);
    const other = scenarioFile('other.yaml', MERGE.replace('seed: 8', 'seed: 9'));
    expect((await hordelab('run', other, '-q', '--shard', '2/3', '--out', 'r-foreign')).status).toBe(0);
    const foreign = await hordelab('merge', 'r-shard-0', 'r-shard-1', 'r-foreign', '--out', 'r-merged');
    expect(foreign.status).toBe(2);
    expect(foreign.stderr).toMatch(/r-foreign: a shard of another run/);
    expect(existsSync(join(work, 'r-merged', 'matches.csv'))).toBe(false);
    expect((await hordelab('run', file, '--shard', '3/3')).stderr).toMatch(/--shard: expected i\/n with 0 <= i < n/);
  });

  it('refuses shards that together failed more matches than the run tolerates', async () => {
    writeFileSync(join(work, 'often-fails.mjs'), 'export default (config, { rng }) => { const doomed = rng.int(4) === 0; return { chooseAction: () => { if (doomed) throw new Error("no"); return 0; } }; };\n');
    const file = scenarioFile('often.yaml', 'game: tic-tac-toe\nmatches: 60\nseed: 1\nseats: [./often-fails.mjs, random]\n');
    const statuses: number[] = [];
    for (const index of [0, 1]) statuses.push((await hordelab('run', file, '-q', '--max-errors', '10', '--shard', `${index}/2`, '--out', `often-${index}`)).status);
    expect(statuses).toEqual([1, 1]);
    const merged = await hordelab('merge', 'often-0', 'often-1', '--out', 'often-merged', '-q');
    expect(merged.status).toBe(2);
    expect(merged.stderr).toMatch(/more than the run's --max-errors 10/);
  });

  it('runs the Kubernetes Indexed Job command for each index, and the shards merge into one run', async () => {
    const { parse } = await import('yaml');
    const job = parse(readFileSync('docs/kubernetes/indexed-job.yaml', 'utf8'));
    const completions: number = job.spec.completions;
    const container = job.spec.template.spec.containers[0];
    // The image's entrypoint is hordelab, run from the package folder: here, the local CLI from the
    // repository root. Kubernetes expands $(NAME) in args from the container's env.
    const expand = (args: readonly string[], env: Record<string, string>): string[] => args.map((arg) => arg.replace(/\$\(([A-Z_]+)\)/g, (_, name: string) => env[name] ?? ''));
    const results = join(work, 'k8s');
    // The manifest's own args, with fewer matches: what is tested is that each pod's command runs
    // and the shards merge into the single run, not the manifest's run length.
    const podArgs = (env: Record<string, string>): string[] => {
      const args = expand(container.args, env);
      expect(args).toContain('--matches');
      args[args.indexOf('--matches') + 1] = '200';
      return args;
    };
    for (let index = 0; index < completions; index++) {
      const args = podArgs({ SHARD_INDEX: String(index), RESULTS_DIR: results });
      // In-process from the repository root (the pod's working folder): the command, not the
      // process, is what the manifest fixes.
      // In this thread: a pod's worker count is its machine's, and the bytes do not depend on it.
      const result = await hordelabIn(resolve('.'), ...args);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    }
    const shards = Array.from({ length: completions }, (_, index) => join(results, `shard-${index}`));
    expect((await hordelabIn(resolve('.'), 'merge', ...shards, '--out', join(results, 'merged'), '--quiet')).status).toBe(0);
    // The same run in one piece, from the args the manifest gives each pod, without --shard.
    const single = podArgs({ SHARD_INDEX: '0', RESULTS_DIR: results });
    single.splice(single.indexOf('--shard'), 2);
    single[single.indexOf('--out') + 1] = join(results, 'single');
    expect((await hordelabIn(resolve('.'), ...single)).status).toBe(0);
    expect(readFileSync(join(results, 'merged', 'matches.csv')).equals(readFileSync(join(results, 'single', 'matches.csv')))).toBe(true);
  });
});

describe('rotated seats', () => {
  it('lets two copies of one agent play their own games in a pair, and measures game-level intervals over the pairs', async () => {
    const file = scenarioFile(
      'rotate-copies.yaml',
      'game: tic-tac-toe\nmatches: 400\nseed: 4\nseats:\n  rotate:\n    - { agent: random, name: random-a }\n    - { agent: random, name: random-b }\n',
    );
    expect((await hordelab('run', file, '-q', '--out', 'rot')).status).toBe(0);
    const rows = readFileSync(join(work, 'rot', 'matches.csv'), 'utf8').trim().split('\n').slice(1).map((row) => row.split(','));
    // Matches 2k and 2k+1 share their seed but not their moves: agent streams follow the agent.
    let identical = 0;
    for (let k = 0; k < rows.length; k += 2) if (rows[k]![1] === rows[k + 1]![1] && rows[k]!.slice(4).join() === rows[k + 1]!.slice(4).join()) identical++;
    expect(identical).toBeLessThan(rows.length / 4);
    const summary = JSON.parse(readFileSync(join(work, 'rot', 'summary.json'), 'utf8'));
    expect(summary.independentUnit).toBe('rotated pair');
    const moves = summary.results.moves;
    expect(moves.clusters).toBe(200);
    // The variance over the 200 pairs, as a design effect on 400 matches, with t at 199 degrees.
    expect(moves.designEffect).toBeGreaterThan(0);
    expect((moves.upper - moves.lower) / 2).toBeCloseTo(studentTQuantile(0.95, 199) * Math.sqrt((moves.designEffect * moves.sd * moves.sd) / moves.n), 9);
  });
});
