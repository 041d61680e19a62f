/**
 * The worker prestart: `hordelab run`'s threads are started from the raw arguments before the
 * command line loads, only when those arguments say for certain how many; the run takes that
 * pool, anything else gets its own; an unused one never holds the process. That a run's bytes
 * are the same either way is tested on the compiled CLI in the slow tier
 * (tests/slow/cli-process.test.ts).
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runWorkersFromArguments } from '../src/cli/prestart.js';
import { compiledWorkerFile, prestartThreadPool, releasePrestartedPool, startThreadPool } from '../src/run/thread-pool.js';

describe('the worker count read from the raw arguments', () => {
  it('is the run\'s --workers, or the run\'s default, and null whenever it is not certain', () => {
    const cores = Math.min(availableParallelism(), 256);
    expect(runWorkersFromArguments(['run', 's.yaml'])).toBe(cores);
    expect(runWorkersFromArguments(['run', 's.yaml', '-w', '2'])).toBe(2);
    expect(runWorkersFromArguments(['run', '--workers', '3', 's.yaml', '-q'])).toBe(3);
    expect(runWorkersFromArguments(['run', 's.yaml', '--workers=4'])).toBe(4);
    expect(runWorkersFromArguments(['run', 's.yaml', '-w', '1', '--workers', '5'])).toBe(5);
    for (const argv of [
      ['check', 'c.checks.yaml'],
      [],
      ['run', 's.yaml', '-w', '0'],
      ['run', 's.yaml', '-w'],
      ['run', 's.yaml', '-w', 'two'],
      ['run', 's.yaml', '-w', '1.5'],
      ['run', 's.yaml', '-w', '-1'],
      ['run', 's.yaml', '-w', '257'],
      ['run', 's.yaml', '-qw', '2'],
      ['run', 's.yaml', '--help'],
      ['run', '-h'],
      ['run', '--', 's.yaml'],
    ]) {
      expect(runWorkersFromArguments(argv), argv.join(' ')).toBeNull();
    }
  });
});

describe('a prestarted pool', () => {
  it('is taken by the first pool asked for with its file and thread count, and only by that', async () => {
    const file = compiledWorkerFile('run/worker.js');
    const prestarted = prestartThreadPool(file, 1);
    expect(prestartThreadPool(file, 1)).toBe(prestarted);
    const other = startThreadPool(file, 2);
    const taken = startThreadPool(file, 1);
    const fresh = startThreadPool(file, 1);
    expect([other === prestarted, taken === prestarted, fresh === prestarted]).toEqual([false, true, false]);
    // Taken once: nothing is left to release.
    releasePrestartedPool();
    await Promise.all([other.destroy(), taken.destroy(), fresh.destroy()]);
    const unused = prestartThreadPool(file, 1);
    releasePrestartedPool();
    const after = startThreadPool(file, 1);
    expect(after).not.toBe(unused);
    await after.destroy();
  });
});
