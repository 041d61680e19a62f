/**
 * A worker pool stopped while its threads are still loading their modules stops cleanly. The
 * command line starts the run's threads before it has read its arguments (cli/prestart.ts), and a
 * command refused at once stops them mid-load. Piscina loads a task file with require(), and a
 * thread stopped inside a require() of an ES module aborted the whole process on Node 20 (exit
 * 134, "FATAL ERROR: v8::Module::IsGraphAsync"), about twice in 140 stop times swept as below;
 * the threads now start from a CommonJS entry that import()s the module (run/thread-entry.cts).
 * Each pool is stopped in a child process, at stop times swept across the whole load, since a
 * process that aborts cannot report it itself.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const THREAD_POOL = pathToFileURL(resolve('dist/src/run/thread-pool.js')).href;

/** Starts the run's pool of two threads, stops it after `delayMs`, exits 0 once it is stopped. */
const STOP = `
const { compiledWorkerFile, startThreadPool } = await import(${JSON.stringify(THREAD_POOL)});
const pool = startThreadPool(compiledWorkerFile('run/worker.js'), 2);
setTimeout(() => pool.destroy().then(() => process.exit(0)), Number(process.argv[1]));
`;

describe('a worker pool stopped while its threads load their modules', () => {
  it('exits cleanly at every stop time from 0 to 400 ms', () => {
    expect(existsSync(new URL(THREAD_POOL)), 'run "npm run build" first').toBe(true);
    const failures: string[] = [];
    for (let delayMs = 0; delayMs <= 400; delayMs += 4) {
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', STOP, String(delayMs)], { encoding: 'utf8', timeout: 60_000 });
      if (child.status !== 0) failures.push(`${delayMs} ms: exit ${String(child.status ?? child.signal)} ${child.stderr.split('\n').slice(0, 2).join(' ')}`);
    }
    expect(failures).toEqual([]);
  });
});
