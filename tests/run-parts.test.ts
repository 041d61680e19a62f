/**
 * The parts of a run, each on its own: the journal (working files, checkpoint, resume, digests)
 * and the pool (a thread's death or hang reported with the match it was in). The scheduler has
 * its own file, tests/scheduler.test.ts.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchSeed, matchStream } from '../src/core/rng.js';
import { emptyOutcomes } from '../src/reports/outcomes.js';
import { RunJournal } from '../src/run/journal.js';
import { OutputFolder } from '../src/run/output-folder.js';
import { PooledPlayer } from '../src/run/chunk-player.js';
import type { ChunkResult } from '../src/run/play-chunk.js';
import { WorkerPool } from '../src/run/pool.js';
import { parseScenario } from '../src/scenario/scenario.js';

describe('the journal', () => {
  it('resumes from its checkpoint with the files cut back to it, and digests the whole file', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'hordelab-journal-')), 'run');
    const files = [
      { name: 'a.csv', header: 'x,y\n' },
      { name: 'b.csv', header: 'z\n' },
    ];
    const state = (nextMatch: number) => ({ nextMatch, aggregate: { n: nextMatch }, outcomes: emptyOutcomes(2), errors: 0, matchesPlayed: nextMatch });
    const folder = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, knownNames: ['a.csv', 'b.csv'] });
    const journal = RunJournal.start(folder, 'key-1', 's', files);
    journal.append(['1,2\n', 'one\n']);
    journal.checkpoint(state(1));
    journal.append(['3,4\n', 'two\n']); // written, never checkpointed: a kill comes here
    folder.release();

    const again = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, resume: true, knownNames: ['a.csv', 'b.csv'] });
    expect(() => RunJournal.resume(again, 'key-2', 's', files)).toThrow(/started with another scenario/);
    const { journal: resumed, state: restored } = RunJournal.resume(again, 'key-1', 's', files);
    expect(restored).toMatchObject({ nextMatch: 1, aggregate: { n: 1 } });
    resumed.append(['5,6\n', 'three\n']);
    const digests = resumed.digests();
    const published = resumed.publish(state(2), [{ name: 'summary.json', text: '{}\n' }], [], 'complete');
    again.release();
    expect(published.map((path) => path.slice(dir.length + 1))).toEqual(['a.csv', 'b.csv', 'summary.json']);
    expect(readFileSync(join(dir, 'a.csv'), 'utf8')).toBe('x,y\n1,2\n5,6\n');
    expect(readFileSync(join(dir, 'b.csv'), 'utf8')).toBe('z\none\nthree\n');
    const text = readFileSync(join(dir, 'a.csv'));
    expect(digests['a.csv']).toEqual({ bytes: text.length, sha256: createHash('sha256').update(text).digest('hex') });
  });
});

describe('the pool', () => {
  it('reports a thread that dies with the match it was in, and keeps playing on a fresh one', { timeout: 60_000 }, async () => {
    const agent = resolve('tests/fixtures/doomed-agent.mjs');
    const scenario = await parseScenario(`game: tic-tac-toe\nmatches: 100\nseed: 1\nseats:\n  - { agent: ${JSON.stringify(agent)}, config: { fate: exit, every: 4 } }\n  - random\n`, join(tmpdir(), 's.yaml'));
    // The fixture exits in the matches whose first seat's stream first draws 0 of 4.
    const doomed = (match: number): boolean => matchStream(matchSeed(1, match), 'seat:0').int(4) === 0;
    const firstDoomed = Array.from({ length: 20 }, (_, i) => 10 + i).find(doomed) as number;
    expect(firstDoomed).toBeGreaterThan(10);
    const pool = new WorkerPool(1, { matchTimeoutMs: 0 });
    try {
      const broken = await pool.run({ source: scenario.source, start: 10, end: 30, eventFiles: false });
      expect(broken).toEqual({ kind: 'broken', matchIndex: firstDoomed, reason: 'worker exited with code 7', timedOut: false });
      const clean = Array.from({ length: 100 }, (_, i) => i).find((i) => !doomed(i) && !doomed(i + 1)) as number;
      const played = await pool.run({ source: scenario.source, start: clean, end: clean + 2, eventFiles: false });
      expect(played.kind).toBe('played');
    } finally {
      await pool.terminate();
    }
    expect(await pool.run({ source: scenario.source, start: 0, end: 1, eventFiles: false })).toEqual({ kind: 'cancelled' });
  });

  it('counts the matches a chunk still playing has finished (every one before the match its thread is in)', { timeout: 60_000 }, async () => {
    const agent = resolve('tests/fixtures/doomed-agent.mjs');
    const scenario = await parseScenario(`game: tic-tac-toe\nmatches: 100\nseed: 2\nseats:\n  - { agent: ${JSON.stringify(agent)}, config: { fate: block, every: 4 } }\n  - random\n`, join(tmpdir(), 's.yaml'));
    const doomed = (match: number): boolean => matchStream(matchSeed(2, match), 'seat:0').int(4) === 0;
    const firstDoomed = Array.from({ length: 20 }, (_, i) => 10 + i).find(doomed) as number;
    const pool = new WorkerPool(1, { matchTimeoutMs: 0 });
    const player = new PooledPlayer(pool, scenario, false);
    try {
      expect(player.finishedInFlight()).toBe(0);
      const playing = player.play(10, 30);
      // The thread hangs in match firstDoomed for good: the count settles at the matches before it.
      for (let polls = 0; polls < 2000 && player.finishedInFlight() < firstDoomed - 10; polls++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(player.finishedInFlight()).toBe(firstDoomed - 10);
      await pool.terminate();
      expect(await playing).toBeNull();
      expect(player.finishedInFlight()).toBe(0);
    } finally {
      await pool.terminate();
    }
  });

  it('stops a thread stuck in one match after the timeout, names that match, and plays on a fresh thread', { timeout: 60_000 }, async () => {
    const agent = resolve('tests/fixtures/doomed-agent.mjs');
    const scenario = await parseScenario(`game: tic-tac-toe\nmatches: 100\nseed: 2\nseats:\n  - { agent: ${JSON.stringify(agent)}, config: { fate: hang, every: 4 } }\n  - random\n`, join(tmpdir(), 's.yaml'));
    const doomed = (match: number): boolean => matchStream(matchSeed(2, match), 'seat:0').int(4) === 0;
    const firstDoomed = Array.from({ length: 20 }, (_, i) => 10 + i).find(doomed) as number;
    expect(firstDoomed).toBeGreaterThan(10);
    // One thread: the chunk after the hung one can only play if the stuck thread was replaced.
    const pool = new WorkerPool(1, { matchTimeoutMs: 1000 });
    try {
      const broken = await pool.run({ source: scenario.source, start: 10, end: 30, eventFiles: false });
      expect(broken).toEqual({ kind: 'broken', matchIndex: firstDoomed, reason: 'timed out after 1 s (--match-timeout)', timedOut: true });
      const clean = Array.from({ length: 100 }, (_, i) => i).find((i) => !doomed(i) && !doomed(i + 1)) as number;
      const played = await pool.run({ source: scenario.source, start: clean, end: clean + 2, eventFiles: false });
      expect(played.kind).toBe('played');
    } finally {
      await pool.terminate();
    }
  });

  it('ends a broken chunk at the failure past the ones its caller can still take: the matches after it, each hanging to its timeout, are not played', { timeout: 60_000 }, async () => {
    const agent = resolve('tests/fixtures/doomed-agent.mjs');
    // Every match hangs at the doomed seat's first decision.
    const scenario = await parseScenario(`game: tic-tac-toe\nmatches: 10\nseed: 2\nseats:\n  - { agent: ${JSON.stringify(agent)}, config: { fate: block, every: 1 } }\n  - random\n`, join(tmpdir(), 's.yaml'));
    for (const allowed of [0, 1]) {
      const pool = new WorkerPool(1, { matchTimeoutMs: 300 });
      let asked = 0;
      const player = new PooledPlayer(pool, scenario, false, () => (asked++, allowed));
      try {
        const result = (await player.play(3, 9)) as ChunkResult;
        expect(result.start).toBe(3);
        expect(result.end, `allowed ${allowed}`).toBe(3 + allowed + 1);
        expect(result.failures.map((failure) => failure.matchIndex)).toEqual(Array.from({ length: allowed + 1 }, (_, i) => 3 + i));
        expect(asked).toBeGreaterThan(0);
      } finally {
        await player.close();
      }
    }
  });

  it('cancels the chunks playing and queued when it is terminated, even one stuck in a match', { timeout: 60_000 }, async () => {
    const agent = resolve('tests/fixtures/doomed-agent.mjs');
    const scenario = await parseScenario(`game: tic-tac-toe\nmatches: 10\nseed: 2\nseats:\n  - { agent: ${JSON.stringify(agent)}, config: { fate: block, every: 1 } }\n  - random\n`, join(tmpdir(), 's.yaml'));
    const pool = new WorkerPool(2, { matchTimeoutMs: 0 });
    const outcomes = [0, 1, 2].map((i) => pool.run({ source: scenario.source, start: i, end: i + 1, eventFiles: false }));
    await new Promise((done) => setTimeout(done, 200));
    await pool.terminate();
    expect(await Promise.all(outcomes)).toEqual([{ kind: 'cancelled' }, { kind: 'cancelled' }, { kind: 'cancelled' }]);
  });
});

describe('the run\'s progress', () => {
  it('is told the total before the first chunk ends, then after each chunk, ending at the total (a shard counts its own matches)', async () => {
    const { runScenario } = await import('../src/run/run-scenario.js');
    const scenario = await parseScenario('game: coin-flip\nmatches: 100\nseed: 1\nseats: [random, random]\n', 'coin.yaml');
    const calls: [number, number][] = [];
    await runScenario(scenario, { outDir: join(mkdtempSync(join(tmpdir(), 'hordelab-progress-')), 'out'), eventFiles: false, command: 'test', workers: 0, chunkSize: 20, shard: { index: 1, count: 2 }, onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual([
      [0, 50],
      [20, 50],
      [40, 50],
      [50, 50],
    ]);
  });
});

describe('playing until a failure', () => {
  it('plays every item up to the first failed one, in order, and starts none after it has failed', async () => {
    const { playUntilFailure } = await import('../src/run/batches.js');
    // Each play waits until the test settles it, so the order of completion is the test's.
    const pending = new Map<number, (failed: boolean) => void>();
    const started: number[] = [];
    const flush = (): Promise<void> => new Promise((done) => setImmediate(done));
    const run = playUntilFailure(10, 2, (index) => {
      started.push(index);
      return new Promise<boolean>((settle) => pending.set(index, settle));
    });
    await flush();
    expect(started).toEqual([0, 1]);
    pending.get(1)?.(false);
    await flush();
    expect(started).toEqual([0, 1, 2]);
    // Item 2 fails while 0 is still playing: 0 finishes, nothing after 2 starts.
    pending.get(2)?.(true);
    await flush();
    expect(started).toEqual([0, 1, 2]);
    pending.get(0)?.(false);
    await run;
    expect(started).toEqual([0, 1, 2]);
    // Without a failure every item is played; one lane plays them one after another.
    const all: number[] = [];
    await playUntilFailure(4, 1, async (index) => (all.push(index), false));
    expect(all).toEqual([0, 1, 2, 3]);
  });
});
