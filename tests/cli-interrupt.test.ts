/**
 * Ctrl-C in the long commands other than `run` (which publishes what it finished, see
 * cli.test.ts): exit 130 with one line saying what stopped, where they used to die silently.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = resolve('dist/src/cli/main.js');

/** An agent that marks a file when it first decides (so the command is surely playing), then plays slowly. */
const MARKING_AGENT = `import { writeFileSync } from 'node:fs';
export default (config) => ({
  chooseAction() {
    writeFileSync(config.marker, 'playing');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    return 0;
  },
});
`;

async function interruptWhilePlaying(args: (dir: string) => string[]): Promise<{ code: number | null; stderr: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-interrupt-'));
  writeFileSync(join(dir, 'marking.mjs'), MARKING_AGENT);
  writeFileSync(join(dir, 's.yaml'), `name: slow\ngame: tic-tac-toe\nmatches: 100000\nseed: 1\nseats:\n  - { agent: ./marking.mjs, config: { marker: ${JSON.stringify(join(dir, 'playing'))} } }\n  - { agent: mcts, config: { iterations: 2 } }\n`);
  const child = spawn(process.execPath, [CLI, ...args(dir)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  for (let waited = 0; !existsSync(join(dir, 'playing')); waited++) {
    if (waited > 3000) throw new Error(`never started playing: ${stderr}`);
    await new Promise((done) => setTimeout(done, 10));
  }
  child.kill('SIGINT');
  return { code: await exited, stderr, dir };
}

describe('Ctrl-C in sweep, tune and check', () => {
  it('sweep: exit 130, saying it stopped, and nothing written', async () => {
    const { code, stderr, dir } = await interruptWhilePlaying(() => ['sweep', 's.yaml', '--vary', 'seat2.iterations=2,3', '-w', '1', '-q', '--out', 'out']);
    expect(code).toBe(130);
    expect(stderr).toBe('hordelab: interrupted (Ctrl-C): sweep stopped before it finished\n');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('tune: exit 130, saying how to go on', async () => {
    const { code, stderr } = await interruptWhilePlaying(() => ['tune', 's.yaml', '--target', 'moves=7', '--space', 'seat2.c=0.1..0.9', '--budget', '100000', '-w', '1', '-q', '--out', 'out']);
    expect(code).toBe(130);
    expect(stderr).toBe('hordelab: interrupted (Ctrl-C): tune stopped before it finished; if it finished a round, the same command with --resume goes on from there\n');
  });

  it('check: exit 130, saying it stopped', async () => {
    const { code, stderr } = await interruptWhilePlaying((dir) => {
      writeFileSync(join(dir, 'c.checks.yaml'), 'checks:\n  - name: slow\n    scenario: s.yaml\n    metric: outcomes.bySeat.seat1.win\n    between: [0.45, 0.55]\n    budget: 100000\n');
      return ['check', 'c.checks.yaml', '-w', '1', '-q'];
    });
    expect(code).toBe(130);
    expect(stderr).toBe('hordelab: interrupted (Ctrl-C): check stopped before it finished\n');
  });
});
