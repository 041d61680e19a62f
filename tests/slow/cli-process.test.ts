/**
 * The command line as a process (the slow tier: each test starts the compiled CLI, most with
 * worker threads): a prestarted pool gives the same bytes as a run in one thread; a module's
 * console output goes to stderr in every thread, so --json prints JSON alone; and a process a
 * module ends early is never a result. The prestart's own rules are tested in-process in
 * tests/prestart.test.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, hordelabIn, hordelabProcess } from '../cli-harness.js';

describe('a prestarted pool', () => {
  it('gives the same bytes as a run in one thread, and a refused run still ends at once with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-prestart-'));
    writeFileSync(join(dir, 's.yaml'), 'name: s\ngame: zombie-trainers\nmatches: 60\nseed: 4\nparams: { maxRounds: 20 }\nseats: [random, random]\n');
    const pooled = hordelabProcess(dir, 'run', 's.yaml', '-w', '2', '-q', '-o', 'pooled');
    expect(pooled.status, pooled.stderr).toBe(0);
    expect((await hordelabIn(dir, 'run', 's.yaml', '-w', '0', '-q', '-o', 'inline')).status).toBe(0);
    expect(readFileSync(join(dir, 'pooled', 'matches.csv'), 'utf8')).toBe(readFileSync(join(dir, 'inline', 'matches.csv'), 'utf8'));
    const refused = hordelabProcess(dir, 'run', 'missing.yaml', '-w', '2');
    expect([refused.status, refused.stderr]).toEqual([2, `hordelab: missing.yaml: no such file\n`]);
  });
});

describe("a module's console output", () => {
  it('goes to stderr, in this thread and in worker threads, so --json prints JSON alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-console-'));
    // The global console, and the console module's own object (what `import console from
    // 'node:console'` and a CommonJS require hand a module).
    writeFileSync(join(dir, 'chatty.mjs'), "import imported from 'node:console';\nimport { createRequire } from 'node:module';\nconst required = createRequire(import.meta.url)('console');\nexport default () => { console.log('chosen by chatty'); console.info('info'); imported.log('imported'); required.warn('required'); imported.table([1]); return { chooseAction: () => 0 }; };\n");
    writeFileSync(join(dir, 'chatty.yaml'), 'name: chatty\ngame: tic-tac-toe\nmatches: 6\nseed: 1\nseats: [./chatty.mjs, random]\n');
    for (const workers of ['0', '1']) {
      const result = hordelabProcess(dir, 'run', 'chatty.yaml', '-w', workers, '--json', '-o', `out${workers}`);
      expect(result.status, result.stderr).toBe(0);
      expect((JSON.parse(result.stdout) as { scenario: { name: string } }).scenario.name).toBe('chatty');
      expect(result.stderr).toContain('chosen by chatty\ninfo\nimported\nrequired\n');
    }
  });

  it('written with process.stdout.write goes to stderr too, at import and in play, in this thread and in worker threads (audit 22)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-raw-stdout-'));
    writeFileSync(join(dir, 'raw.mjs'), "process.stdout.write('RAW AT IMPORT\\n');\nexport default () => ({ chooseAction: () => { process.stdout.write('RAW IN PLAY\\n'); return 0; } });\n");
    writeFileSync(join(dir, 'raw.yaml'), 'name: raw\ngame: tic-tac-toe\nmatches: 4\nseed: 1\nseats: [./raw.mjs, random]\n');
    for (const workers of ['0', '1']) {
      const result = hordelabProcess(dir, 'run', 'raw.yaml', '-w', workers, '--json', '-o', `out${workers}`);
      expect(result.status, result.stderr).toBe(0);
      expect((JSON.parse(result.stdout) as { scenario: { name: string } }).scenario.name).toBe('raw');
      expect(result.stderr).toContain('RAW AT IMPORT\n');
      expect(result.stderr).toContain('RAW IN PLAY\n');
    }
  });
});

describe('a process a module ends early', () => {
  it('is exit 1 with a line saying so, never the exit 0 of a gate that passed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-exit-'));
    writeFileSync(join(dir, 'quits.mjs'), 'process.exit(0);\n');
    writeFileSync(join(dir, 'waits.mjs'), 'await new Promise(() => {});\nexport default () => ({ chooseAction: () => 0 });\n');
    writeFileSync(join(dir, 'leaves.mjs'), 'export default () => ({ chooseAction: () => process.exit(0) });\n');
    for (const agent of ['quits', 'waits', 'leaves']) writeFileSync(join(dir, `${agent}.yaml`), `game: tic-tac-toe\nmatches: 4\nseed: 1\nseats: [./${agent}.mjs, random]\n`);
    writeFileSync(join(dir, 'gate.checks.yaml'), 'checks:\n  - name: a\n    scenario: quits.yaml\n    metric: p1WinRate\n    between: [0.3, 0.7]\n    budget: 200\n');
    const said = /^hordelab: the command ended before it finished: a module it loaded \(an agent, game or metric module\) called process\.exit\(0\), or waits on a promise that never settles; nothing it printed or wrote is a result\n {2}reproduce: hordelab (.+) \(hordelab \d+\.\d+\.\d+, Node v\d+\.\d+\.\d+\)\n$/;
    for (const args of [['run', 'quits.yaml', '-w', '1', '-o', 'q'], ['check', 'gate.checks.yaml', '-w', '1', '--junit', 'j.xml'], ['run', 'waits.yaml', '-w', '0', '-o', 'w'], ['run', 'leaves.yaml', '-w', '0', '-o', 'l']]) {
      const result = hordelabProcess(dir, ...args);
      expect([result.status, result.stderr], args.join(' ')).toEqual([1, expect.stringMatching(said)]);
      expect(said.exec(result.stderr)?.[1]).toBe(args.join(' '));
    }
  });

  it('leaves no working files of its own behind: a folder it made is gone, and the next run into one it was given is not refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-exit-files-'));
    writeFileSync(join(dir, 'leaves.mjs'), 'let calls = 0;\nexport default () => ({ chooseAction: () => (++calls > 200 ? process.exit(0) : 0) });\n');
    writeFileSync(join(dir, 'leaves.yaml'), 'name: leaves\ngame: zombie-trainers\nmatches: 40\nseed: 1\nseats: [./leaves.mjs, random]\n');
    writeFileSync(join(dir, 'plain.yaml'), 'name: plain\ngame: zombie-trainers\nmatches: 20\nseed: 1\nseats: [random, random]\n');
    expect(hordelabProcess(dir, 'run', 'leaves.yaml', '-w', '0', '-o', 'made').status).toBe(1);
    expect(existsSync(join(dir, 'made'))).toBe(false);
    mkdirSync(join(dir, 'given'));
    expect(hordelabProcess(dir, 'run', 'leaves.yaml', '-w', '0', '-o', 'given').status).toBe(1);
    expect(readdirSync(join(dir, 'given'))).toEqual([]);
    const next = hordelabProcess(dir, 'run', 'plain.yaml', '-w', '1', '-q', '-o', 'given');
    expect([next.status, next.stderr]).toEqual([0, '']);
  });

  it("removes nothing from a folder that is no longer its own: one deleted and taken by another run while it played", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-exit-race-'));
    // The agent says when the run is playing, then waits (spinning: a decision is synchronous)
    // until told to end the process.
    writeFileSync(
      join(dir, 'waits.mjs'),
      "import { existsSync, writeFileSync } from 'node:fs';\nexport default () => ({ chooseAction: () => { writeFileSync('playing', ''); while (!existsSync('go')) {} process.exit(0); } });\n",
    );
    writeFileSync(join(dir, 'waits.yaml'), 'name: waits\ngame: zombie-trainers\nmatches: 40\nseed: 1\nseats: [./waits.mjs, random]\n');
    const first = spawn(process.execPath, [CLI_BIN, 'run', 'waits.yaml', '-w', '0', '-q', '-o', 'out'], { cwd: dir, stdio: 'ignore' });
    const ended = new Promise<number | null>((settle) => first.on('exit', (code) => settle(code)));
    while (!existsSync(join(dir, 'playing'))) await new Promise((wake) => setTimeout(wake, 20));
    expect(readdirSync(join(dir, 'out'))).toContain('matches.csv.tmp');
    // The folder is thrown away and another run (a live process: this one) takes the path.
    rmSync(join(dir, 'out'), { recursive: true });
    mkdirSync(join(dir, 'out'));
    const lock = JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString(), command: 'another run' });
    writeFileSync(join(dir, 'out', '.hordelab-lock'), lock);
    writeFileSync(join(dir, 'out', 'matches.csv.tmp'), "another run's rows\n");
    writeFileSync(join(dir, 'out', 'errors.csv.tmp'), "another run's errors\n");
    writeFileSync(join(dir, 'go'), '');
    expect(await ended).toBe(1);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['.hordelab-lock', 'errors.csv.tmp', 'matches.csv.tmp']);
    expect(readFileSync(join(dir, 'out', 'matches.csv.tmp'), 'utf8')).toBe("another run's rows\n");
    expect(readFileSync(join(dir, 'out', '.hordelab-lock'), 'utf8')).toBe(lock);
  });
});
