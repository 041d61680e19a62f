/**
 * The one place that configures piscina, the worker-thread pool every command shares (the run's
 * {@link WorkerPool}, the ladder's tally player): a fixed number of threads, one task per thread
 * at a time, started at once and replaced when one dies or is stopped.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';

/**
 * The compiled worker entry `pathInSrc` (such as `run/worker.js`): beside the compiled sources,
 * or, when running from the sources themselves (tests), its copy under `dist/`.
 * @throws Error when neither exists: worker threads run compiled code only.
 */
export function compiledWorkerFile(pathInSrc: string): string {
  const beside = fileURLToPath(new URL(`../${pathInSrc}`, import.meta.url));
  if (existsSync(beside)) return beside;
  const compiled = fileURLToPath(new URL(`../../dist/src/${pathInSrc}`, import.meta.url));
  if (existsSync(compiled)) return compiled;
  throw new Error('worker threads run compiled code: run "npm run build" first');
}

/**
 * A pool started before the command knew it needed one (see `cli/prestart.ts`), waiting to be
 * taken by the first {@link startThreadPool} call for the same file and thread count.
 */
let prestarted: { readonly file: string; readonly threads: number; readonly pool: Piscina<unknown, unknown> } | null = null;

/**
 * Starts the pool a command is about to ask for, so its threads load their modules while this
 * thread is still loading its own: every thread is a separate V8 isolate that compiles the whole
 * module graph again (some 300-400 ms), and on a core of its own that costs no wall time.
 */
export function prestartThreadPool(file: string, threads: number): Piscina<unknown, unknown> {
  prestarted ??= { file, threads, pool: newPool(file, threads) };
  return prestarted.pool;
}

/**
 * Lets go of a prestarted pool nothing took (the command failed, or ran in this thread): it is
 * told to stop, and its threads no longer keep the process alive, so the command ends without
 * waiting for them.
 */
export function releasePrestartedPool(): void {
  const unused = prestarted;
  prestarted = null;
  if (unused === null) return;
  for (const thread of unused.pool.threads) thread.unref();
  void unused.pool.destroy();
}

/**
 * `threads` worker threads running the default export of `file`, one task each at a time.
 * Threads inherit this process's node flags (`--single-threaded-gc`, `--max-old-space-size`),
 * as `new Worker` does. `destroy()` stops them all at once, whatever they are doing.
 * @throws RangeError when `threads` is not a whole number ≥ 1.
 */
export function startThreadPool<Task, Result>(file: string, threads: number): Piscina<Task, Result> {
  if (!Number.isSafeInteger(threads) || threads < 1) throw new RangeError(`a pool needs at least one thread, got ${threads}`);
  if (prestarted !== null && prestarted.file === file && prestarted.threads === threads) {
    const { pool } = prestarted;
    prestarted = null;
    return pool as Piscina<Task, Result>;
  }
  return newPool(file, threads);
}

function newPool<Task, Result>(file: string, threads: number): Piscina<Task, Result> {
  const pool = new Piscina<Task, Result>({
    // Each thread's entry imports the task module: see thread-entry.cts for why not the module itself.
    filename: compiledWorkerFile('run/thread-entry.cjs'),
    workerData: { module: pathToFileURL(file).href },
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    // Between tasks a thread's event loop runs, as a plain worker's does, instead of blocking
    // in Atomics.wait: a stray timer an agent left behind fires between tasks, where it costs
    // no match, and not inside the next task, where it would blame a match that did nothing.
    atomics: 'disabled',
    recordTiming: false,
  });
  // A thread that fails between tasks (such as that stray timer throwing) costs no match, and
  // piscina replaces it; without a listener piscina's 'error' event would end this process.
  pool.on('error', () => undefined);
  return pool;
}
