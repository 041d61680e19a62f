/**
 * Round-robin scenarios: every pairing played with seats rotated on the same seeds, and the
 * agents rated (the ratings themselves: tests/ratings.test.ts).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';
import { runTournament } from '../src/run/tournament.js';
import { runScenario } from '../src/run/run-scenario.js';
import { compareRuns } from '../src/present/compare.js';
import { readRunSummary, type RunSummary } from '../src/present/metrics.js';
import { pairingFirstSeed } from '../src/run/play-chunk.js';
import { parseScenario, type Scenario } from '../src/scenario/scenario.js';
import { formatSeed, matchSeed } from '../src/core/rng.js';

describe('a round robin interrupted by Ctrl-C', () => {
  it('publishes the pairings played, marked interrupted, says it cannot be resumed, exit 130, and leaves no working file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-tournament-'));
    writeFileSync(join(dir, 'rr.yaml'), 'game: tic-tac-toe\nmatches: 2000000\nseed: 3\nseats:\n  roundRobin: [random, greedy, {agent: mcts, config: {iterations: 20}}]\n');
    const child = spawn(process.execPath, [resolve('dist/src/cli/main.js'), 'run', 'rr.yaml', '-w', '1', '--out', 'out'], { cwd: dir });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Interrupted within the first pairing, once it has a checkpoint: finished chunks to publish.
    const checkpoint = join(dir, 'out', 'random-vs-greedy', '.hordelab-checkpoint.json');
    for (let waited = 0; !existsSync(checkpoint); waited++) {
      if (waited > 6000) throw new Error(`the first pairing never wrote a checkpoint: ${stderr}`);
      await new Promise((done) => setTimeout(done, 10));
    }
    child.kill('SIGINT');
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code, stderr).toBe(130);
    expect(stderr).toContain(`hordelab: interrupted; out holds the pairings played so far (random vs greedy cut short), 2 of 3 not played, marked interrupted.\n  A round robin cannot be resumed: to play it whole, run it again with --force.\n`);
    const left = (readdirSync(join(dir, 'out'), { recursive: true }) as string[]).filter((name) => name.endsWith('.tmp') || name.endsWith('.hordelab-lock'));
    expect(left).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, 'out', '.hordelab-folder.json'), 'utf8')).status).toBe('interrupted');
    expect(JSON.parse(readFileSync(join(dir, 'out', 'random-vs-greedy', 'summary.json'), 'utf8')).run.status).toBe('interrupted');
    const again = await hordelabIn(dir, 'run', 'rr.yaml', '-q', '-w', '0', '-n', '10', '--out', 'out', '--force');
    expect(again.status, again.stderr).toBe(0);
  }, 120_000);
});

describe('round-robin scenarios', () => {
  it('play every pairing with seats rotated, each on seeds of its own, and rate the agents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-tournament-'));
    const scenario = await parseScenario(
      'game: tic-tac-toe\nmatches: 40\nseed: 3\nseats:\n  roundRobin: [random, greedy, {agent: mcts, config: {iterations: 300}}]\n',
      join(dir, 'rr.yaml'),
    );
    expect(scenario.tournament?.map((seat) => seat.name)).toEqual(['random', 'greedy', 'mcts(iterations=300)']);
    const { summary } = await runTournament(scenario, { outDir: dir, eventFiles: false, command: 'test' });
    expect(summary.pairings.map((p) => `${p.a}/${p.b}`)).toEqual(['random/greedy', 'random/mcts(iterations=300)', 'greedy/mcts(iterations=300)']);
    for (const pairing of summary.pairings) expect(pairing.games).toBe(40);
    // Each pairing on seeds of its own (audit 28a: on common seeds an agent drew the same stream
    // against every opponent, and the ratings' intervals, which add the pairings' variances as
    // independent, covered 87-89%): pairing k from seed index k·2^32, each seed played in both seatings.
    const seeds = summary.pairings.map((p) =>
      readFileSync(join(dir, p.folder, 'matches.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.split(',')[1]),
    );
    seeds.forEach((list, k) => {
      expect(list).toEqual(Array.from({ length: 40 }, (_, match) => formatSeed(matchSeed(3, k * 2 ** 32 + Math.floor(match / 2)))));
    });
    expect(new Set(seeds.flat()).size).toBe(60);
    // Random is the weakest at tic-tac-toe, with an interval clear of the others'.
    const worst = summary.ratings[summary.ratings.length - 1];
    expect(worst?.agent).toBe('random');
    expect(worst?.upper).toBeLessThan(summary.ratings[0]?.lower as number);
    expect(JSON.parse(readFileSync(join(dir, 'tournament.json'), 'utf8')).ratings).toHaveLength(3);
  });

  it('replaces its own output copied without the hidden mark: its tables known by their headers (review 40r R2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-rr-copy-'));
    writeFileSync(join(dir, 'rr.yaml'), 'name: rr\ngame: tic-tac-toe\nmatches: 4\nseed: 1\nseats:\n  roundRobin: [random, greedy]\n');
    expect((await hordelabIn(dir, 'run', 'rr.yaml', '-q', '--out', 'out')).status).toBe(0);
    // As `cp -r out/* copy/` copies it: the pairing folders whole, the top folder's mark left out.
    cpSync(join(dir, 'out'), join(dir, 'copy'), { recursive: true, filter: (source) => source !== join(dir, 'out', '.hordelab-folder.json') });
    expect(existsSync(join(dir, 'copy', '.hordelab-folder.json'))).toBe(false);
    const again = await hordelabIn(dir, 'run', 'rr.yaml', '-q', '--out', 'copy', '--force');
    expect([again.status, again.stderr]).toEqual([0, '']);
    // A user's ratings.csv of another shape there is still theirs.
    cpSync(join(dir, 'out'), join(dir, 'mine'), { recursive: true, filter: (source) => source !== join(dir, 'out', '.hordelab-folder.json') });
    writeFileSync(join(dir, 'mine', 'ratings.csv'), 'my,ratings\n');
    const refused = await hordelabIn(dir, 'run', 'rr.yaml', '-q', '--out', 'mine', '--force');
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringContaining('ratings.csv')]);
    expect(readFileSync(join(dir, 'mine', 'ratings.csv'), 'utf8')).toBe('my,ratings\n');
  });

  it('keeps a user\'s file inside a pairing folder the new agent list no longer plays: refused, not deleted with the folder (review 40s S1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-rr-strays-'));
    writeFileSync(join(dir, 'three.yaml'), 'name: rr\ngame: tic-tac-toe\nmatches: 4\nseed: 1\nseats:\n  roundRobin: [random, greedy, mcts]\n');
    writeFileSync(join(dir, 'two.yaml'), 'name: rr\ngame: tic-tac-toe\nmatches: 4\nseed: 1\nseats:\n  roundRobin: [random, mcts]\n');
    expect((await hordelabIn(dir, 'run', 'three.yaml', '-q', '--out', 'out')).status).toBe(0);
    writeFileSync(join(dir, 'out', 'random-vs-greedy', 'notes.txt'), 'mine\n');
    const refused = await hordelabIn(dir, 'run', 'two.yaml', '-q', '--out', 'out', '--force');
    expect([refused.status, refused.stderr]).toEqual([2, `hordelab: --out: ${join(dir, 'out')} holds files hordelab did not write (random-vs-greedy/notes.txt); write into a new or empty folder\n`]);
    expect(readFileSync(join(dir, 'out', 'random-vs-greedy', 'notes.txt'), 'utf8')).toBe('mine\n');
    // Without it, the pairing no longer played goes with the round robin it belonged to.
    rmSync(join(dir, 'out', 'random-vs-greedy', 'notes.txt'));
    expect((await hordelabIn(dir, 'run', 'two.yaml', '-q', '--out', 'out', '--force')).status).toBe(0);
    expect(existsSync(join(dir, 'out', 'random-vs-greedy'))).toBe(false);
  });

  it('refuses a round robin with an agent that cannot swap seats', async () => {
    await expect(
      parseScenario('game: survivors\nmatches: 4\nseed: 1\nseats:\n  roundRobin: [random, greedy, scripted-zombies]\n', 'rr.yaml'),
    ).rejects.toThrow(/seats\.roundRobin\[2\]: agent "scripted-zombies" plays only the Zombies seat, so it cannot play a round robin/);
  });
});


describe('a round robin whose agent fails', () => {
  const doomed = resolve('tests/fixtures/doomed-agent.mjs');
  /** A folder holding `rr.yaml`: tic-tac-toe, random vs the doomed agent (failing in 1 of `every` of its matches) vs another random. */
  function project(every: number): string {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-rr-fail-'));
    const seats = `[random, {agent: ${JSON.stringify(doomed)}, name: thr, config: {every: ${every}}}, {agent: random, name: r3}]`;
    writeFileSync(join(dir, 'rr.yaml'), `name: rr-fail\ngame: tic-tac-toe\nmatches: 8\nseed: 4\nseats:\n  roundRobin: ${seats}\n`);
    // The same scenario name with no failing agent, to replace the failed run's folder.
    writeFileSync(join(dir, 'clean.yaml'), 'name: rr-fail\ngame: tic-tac-toe\nmatches: 8\nseed: 4\nseats:\n  roundRobin: [random, {agent: random, name: thr}, {agent: random, name: r3}]\n');
    return dir;
  }
  const rows = (path: string): string[][] =>
    readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
  /** The replay column of errors.csv (the last cell, quoted as it holds the pairing's comma). */
  const replays = (dir: string, file: string): string[] =>
    readFileSync(join(dir, file), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => (/,"?(hordelab replay [^"]*)"?$/.exec(line)?.[1] ?? '').replace(`${dir}/`, ''));
  const noNaN = (dir: string): void => {
    for (const file of ['pairings.csv', 'ratings.csv']) expect(readFileSync(join(dir, file), 'utf8'), file).not.toMatch(/NaN/);
  };
  /** Runs a replay line from errors.csv (`hordelab replay ...`, no quoted words) in `dir`. */
  const replay = (dir: string, line: string): ReturnType<typeof hordelabIn> => hordelab(dir, ...line.split(' ').slice(1));
  /** `hordelab ...args` in `dir`, with `dir/` left out of what it prints (the CLI names files by their resolved paths). */
  const hordelab = async (dir: string, ...args: string[]): ReturnType<typeof hordelabIn> => {
    const result = await hordelabIn(dir, ...args);
    return { ...result, stdout: result.stdout.replaceAll(`${dir}/`, ''), stderr: result.stderr.replaceAll(`${dir}/`, '') };
  };

  it('in some matches: stops at --max-errors, says so with a replay of the pairing even with -q, and --force replaces the folder', async () => {
    const dir = project(3);
    const result = await hordelab(dir, 'run', 'rr.yaml', '-q', '-w', '0', '--max-errors', '1', '-o', 'out');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^hordelab: 2 match\(es\) failed \(random vs thr: 2\); stopped after more than --max-errors 1, 2 of 3 pairings not played\. Each is in out\/random-vs-thr\/errors\.csv/);
    expect(result.stderr).not.toMatch(/internal failure|\n\s+at /);
    const lines = replays(dir, 'out/random-vs-thr/errors.csv');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^hordelab replay rr\.yaml --match \d+ --seed 4 --pairing 1,2$/);
    expect(result.stderr.endsWith(`  reproduce: ${lines[0]}\n`)).toBe(true);
    // The replay line plays the failing match of that pairing again, and it fails again.
    const replayed = await replay(dir, lines[0] as string);
    expect(replayed.status).toBe(1);
    expect(replayed.stdout).toContain('X: random, O: thr');
    expect(replayed.stderr).toContain('doomed agent gave up');
    expect(replayed.stderr).toContain(`reproduce: ${lines[0]}`);
    noNaN(join(dir, 'out'));
    const pairings = rows(join(dir, 'out', 'pairings.csv'));
    expect(Number(pairings[1]?.[2])).toBeGreaterThan(0);
    expect(pairings.slice(2).map((row) => row.slice(2, 10).join(','))).toEqual(['0,,,,,,,', '0,,,,,,,']);
    const tournament = JSON.parse(readFileSync(join(dir, 'out', 'tournament.json'), 'utf8')) as { pairings: { status: string }[]; ratings: { agent: string; games: number; score: number | null }[] };
    expect(tournament.pairings.map((p) => p.status)).toEqual(['stopped', 'not played', 'not played']);
    expect(tournament.ratings.at(-1)).toMatchObject({ agent: 'r3', games: 0, score: null });
    // Not quiet, the tables say what is missing instead of NaN.
    const loud = await hordelab(dir, 'run', 'rr.yaml', '-w', '0', '--max-errors', '1', '-o', 'out', '--force');
    expect(loud.status).toBe(1);
    expect(loud.stdout).not.toMatch(/NaN/);
    expect(loud.stdout).toMatch(/random vs r3 +0 +not played/);
    expect(loud.stdout).toMatch(/r3 +- +no games +0 +-/);
    const replaced = await hordelab(dir, 'run', 'clean.yaml', '-q', '-w', '0', '-o', 'out', '--force');
    expect(replaced).toMatchObject({ status: 0, stderr: '' });
    expect(existsSync(join(dir, 'out', 'random-vs-thr', 'errors.csv'))).toBe(false);
  });

  it('replays the pairing --pairing names, and refuses one the scenario does not have', async () => {
    const dir = project(1);
    writeFileSync(join(dir, 'plain.yaml'), 'game: tic-tac-toe\nmatches: 2\nseed: 4\nseats:\n  rotate: [random, greedy]\n');
    expect((await hordelab(dir, 'replay', 'rr.yaml', '--match', '1', '--pairing', '1,3')).stdout).toMatch(/^Tic-tac-toe: match 1 of rr-fail, run seed 4, X: r3, O: random\n/);
    for (const [file, pairing, message] of [
      ['rr.yaml', '2,1', 'expected two positions i,j with 1 <= i < j <= 3 in seats.roundRobin, got 2,1'],
      ['rr.yaml', '1,4', 'expected two positions i,j with 1 <= i < j <= 3 in seats.roundRobin, got 1,4'],
      ['rr.yaml', 'thr', 'expected the positions of two agents in seats.roundRobin, from 1, such as 1,3; got "thr"'],
      ['plain.yaml', '1,2', 'only a round robin (seats.roundRobin) has pairings; plain.yaml lists its seats'],
    ] as const) {
      expect(await hordelab(dir, 'replay', file, '--match', '0', '--pairing', pairing)).toEqual({ status: 2, stdout: '', stderr: `hordelab: --pairing: ${message}\n` });
    }
  });

  it('in every match, stopped at the first: a clean failure, no stack, and a folder --force replaces', async () => {
    const dir = project(1);
    const result = await hordelab(dir, 'run', 'rr.yaml', '-q', '-w', '0', '-o', 'out');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'hordelab: 1 match(es) failed (random vs thr: 1); stopped after more than --max-errors 0, 2 of 3 pairings not played. Each is in out/random-vs-thr/errors.csv with the command that replays it.\n' +
        '  reproduce: hordelab replay rr.yaml --match 0 --seed 4 --pairing 1,2\n',
    );
    expect(replays(dir, 'out/random-vs-thr/errors.csv')).toEqual(['hordelab replay rr.yaml --match 0 --seed 4 --pairing 1,2']);
    noNaN(join(dir, 'out'));
    expect(rows(join(dir, 'out', 'ratings.csv')).slice(1).map((row) => row.slice(1).join(','))).toEqual([',,,0,', ',,,0,', ',,,0,']);
    const again = await hordelab(dir, 'run', 'rr.yaml', '-q', '-w', '0', '-o', 'out');
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('pass --force to replace it');
    const replaced = await hordelab(dir, 'run', 'clean.yaml', '-q', '-w', '0', '-o', 'out', '--force');
    expect(replaced).toMatchObject({ status: 0, stderr: '' });
  });

  it('in every match, with errors tolerated: the pairings without games are reported as such, the same bytes on a worker thread', async () => {
    const dir = project(1);
    const threaded = await hordelab(dir, 'run', 'rr.yaml', '-q', '-w', '1', '--max-errors', '100', '-o', 'w1');
    expect(threaded.status).toBe(1);
    expect(threaded.stderr).toMatch(/^hordelab: 16 match\(es\) failed \(random vs thr: 8, thr vs r3: 8\)\. Each is in w1\/random-vs-thr\/errors\.csv, w1\/thr-vs-r3\/errors\.csv/);
    expect(threaded.stderr).not.toMatch(/internal failure|\n\s+at /);
    expect(threaded.stderr).toMatch(/\n  reproduce: hordelab replay rr\.yaml --match 0 --seed 4 --pairing 1,2\n$/);
    expect(replays(dir, 'w1/thr-vs-r3/errors.csv')[7]).toBe('hordelab replay rr.yaml --match 7 --seed 4 --pairing 2,3');
    noNaN(join(dir, 'w1'));
    expect(rows(join(dir, 'w1', 'pairings.csv')).map((row) => row[2])).toEqual(['games', '0', '8', '0']);
    const ratings = rows(join(dir, 'w1', 'ratings.csv'));
    expect(ratings.at(-1)).toEqual(['thr', '', '', '', '0', '']);
    const inThread = await hordelab(dir, 'run', 'rr.yaml', '-q', '-w', '0', '--max-errors', '100', '-o', 'w0');
    expect(inThread.stderr).toBe(threaded.stderr.replaceAll('w1/', 'w0/'));
    for (const file of ['pairings.csv', 'ratings.csv', 'random-vs-thr/errors.csv', 'thr-vs-r3/errors.csv', 'random-vs-r3/matches.csv']) {
      expect(readFileSync(join(dir, 'w0', file), 'utf8'), file).toBe(readFileSync(join(dir, 'w1', file), 'utf8'));
    }
    const forced = await hordelab(dir, 'run', 'rr.yaml', '-q', '-w', '0', '--max-errors', '100', '-o', 'w1', '--force');
    expect(forced.status).toBe(1);
    expect(forced.stderr).not.toContain('did not write');
  });
});

describe('a round robin whose pairings would share a folder', () => {
  it('is refused before anything is written, naming both pairings and the folder (audit 22)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-tournament-'));
    // "a/b" and "a_b" both become a_b in a folder name; "C" and "c" share one on a disk that ignores case.
    writeFileSync(join(dir, 'slash.yaml'), 'game: tic-tac-toe\nmatches: 4\nseed: 1\nseats:\n  roundRobin:\n    - { agent: random, name: "a/b" }\n    - { agent: greedy, name: a_b }\n    - { agent: random, name: c }\n');
    writeFileSync(join(dir, 'case.yaml'), 'game: tic-tac-toe\nmatches: 4\nseed: 1\nseats:\n  roundRobin:\n    - { agent: random, name: x }\n    - { agent: greedy, name: C }\n    - { agent: random, name: c }\n');
    for (const force of [[], ['--force']]) {
      const slash = await hordelabIn(dir, 'run', 'slash.yaml', '-q', '-w', '0', '--out', 'out', ...force);
      expect(slash.status).toBe(2);
      expect(slash.stderr).toBe(`hordelab: ${join(dir, 'slash.yaml')}: seats.roundRobin: the pairings "a/b" vs "c" and "a_b" vs "c" would share the folder a_b-vs-c; expected agent names that stay apart in folder names (letters, digits, ".", "_" and "-" are kept, anything else becomes "_", and leading ".", "_" and "-" are dropped)\n`);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    }
    // A module agent's name starts with "./": its folder drops the leading dot, so ls shows it (review 31e), and "first.mjs" by that name would share it.
    writeFileSync(join(dir, 'first.mjs'), 'export default () => ({ chooseAction: () => 0 });\n');
    writeFileSync(join(dir, 'module.yaml'), 'game: tic-tac-toe\nmatches: 4\nseed: 1\nseats:\n  roundRobin: [./first.mjs, random]\n');
    const module = await hordelabIn(dir, 'run', 'module.yaml', '-q', '-w', '0', '--out', 'module-out');
    expect(module.status, module.stderr).toBe(0);
    expect(readdirSync(join(dir, 'module-out')).filter((name) => name.includes('-vs-'))).toEqual(['first.mjs-vs-random']);
    writeFileSync(join(dir, 'dotted.yaml'), 'game: tic-tac-toe\nmatches: 4\nseed: 1\nseats:\n  roundRobin: [./first.mjs, { agent: random, name: first.mjs }, greedy]\n');
    const dotted = await hordelabIn(dir, 'run', 'dotted.yaml', '-q', '-w', '0', '--out', 'out');
    expect(dotted.status).toBe(2);
    expect(dotted.stderr).toContain('the pairings "./first.mjs" vs "greedy" and "first.mjs" vs "greedy" would share the folder first.mjs-vs-greedy');
    const cased = await hordelabIn(dir, 'run', 'case.yaml', '-q', '-w', '0', '--out', 'out');
    expect(cased.status).toBe(2);
    expect(cased.stderr).toContain('the pairings "x" vs "C" and "x" vs "c" would share the folder x-vs-C (x-vs-c on a disk that ignores case)');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

describe("a metric module's failure in a round robin (review 28d)", () => {
  it('is said as its pairing\'s, with the replay line that plays that pairing\'s match', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-rr-metric-'));
    // Throws in the first match whose agents are random and greedy.
    writeFileSync(join(dir, 'picky.mjs'), "export default { name: 'picky', create: () => { let agents = ''; return { onEvent() {}, finishMatch(match) { if (match.agents.includes('greedy') && match.agents.includes('random')) throw new Error('mixed'); return {}; } }; } };\n");
    const scenario = await parseScenario('game: tic-tac-toe\nmatches: 4\nseed: 2\nmetrics: [./picky.mjs]\nseats:\n  roundRobin: [random, {agent: random, name: r2}, greedy]\n', join(dir, 'rr.yaml'));
    const failed = await runTournament(scenario, { outDir: join(dir, 'out'), eventFiles: false, command: 'test', workers: 0, replayCommand: (pairing, matchIndex) => `replay --match ${matchIndex} --pairing ${pairing[0] + 1},${pairing[1] + 1}` }).catch((error: unknown) => error);
    expect((failed as Error).name).toBe('ReproducibleFailure');
    expect((failed as Error).message).toMatch(/^pairing random vs greedy: metric module .*picky\.mjs, metric "picky": finishMatch threw "mixed" in match 0 \(match seed [0-9a-f]+\)/);
    expect((failed as { reproduce: string }).reproduce).toBe('replay --match 0 --pairing 1,3');
  });
});

describe('the seeds of a round robin\'s pairings (review 28d)', () => {
  it('number every pairing of five agents 0, 1, 2, ... in the order of the list, none shared', () => {
    const tournament = Array.from({ length: 5 }, () => ({})) as unknown as Scenario['tournament'];
    const firsts: number[] = [];
    for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) firsts.push(pairingFirstSeed({ tournament, source: { text: '', file: 'rr.yaml', overrides: { pairing: [i, j] } } }));
    expect(firsts).toEqual(Array.from({ length: 10 }, (_, k) => k * 2 ** 32));
    expect(pairingFirstSeed({ tournament: null, source: { text: '', file: 's.yaml', overrides: {} } })).toBe(0);
  });
});

describe('a round robin of more agents than its seeds can keep apart (review 28d)', () => {
  it('is refused past 1,000 agents, naming seats, where 2,100 ended in a stack trace', async () => {
    const seats = Array.from({ length: 1001 }, (_, i) => `{agent: random, name: a${i}}`).join(', ');
    await expect(parseScenario(`game: tic-tac-toe\nmatches: 2\nseed: 1\nseats:\n  roundRobin: [${seats}]\n`, 'big.yaml')).rejects.toThrow(/^big\.yaml: seats\.roundRobin: a round robin takes at most 1000 agents$/);
  });
});

describe("a pairing's own seeds, as its summary records them (review 28d)", () => {
  it('are in summary.json past the first pairing, and compare says two runs share dice only where they do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-rr-first-seed-'));
    const scenario = await parseScenario('game: tic-tac-toe\nmatches: 20\nseed: 5\nseats:\n  roundRobin: [random, {agent: random, name: r2}, greedy]\n', join(dir, 'rr.yaml'));
    const { summary } = await runTournament(scenario, { outDir: join(dir, 'out'), eventFiles: false, command: 'test', workers: 0 });
    const read = async (folder: string) => readRunSummary(join(dir, 'out', folder));
    const [first, second] = [await read(summary.pairings[0]?.folder as string), await read(summary.pairings[1]?.folder as string)];
    expect([first.scenario.firstSeedIndex, second.scenario.firstSeedIndex]).toEqual([undefined, 2 ** 32]);
    const shared = (a: RunSummary, b: RunSummary): boolean => compareRuns('a', a, 'b', b).notes.some((note) => note.startsWith('both runs played run seed 5'));
    expect(shared(first, second)).toBe(false);
    // A plain rotated run of the first pairing's seats plays the first pairing's seeds.
    const plain = join(dir, 'plain');
    await runScenario(await parseScenario('game: tic-tac-toe\nmatches: 20\nseed: 5\nseats:\n  rotate: [random, {agent: random, name: r2}]\n', join(dir, 'plain.yaml')), { outDir: plain, eventFiles: false, command: 'test', workers: 0 });
    expect(shared(await readRunSummary(plain), first)).toBe(true);
    expect(shared(await readRunSummary(plain), second)).toBe(false);
  });
});
