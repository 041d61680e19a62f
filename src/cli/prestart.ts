/**
 * Starts `hordelab run`'s worker threads before the command line is even loaded, when the
 * arguments plainly ask for a pooled run: the threads then compile their module graph (some
 * 300-400 ms each, a V8 isolate shares no compiled code) while this thread compiles its own,
 * instead of after it. Only a guess from the raw arguments: whatever it cannot read for certain
 * (a help request, a flag cluster, an odd worker count) it leaves alone, and the run starts its
 * pool as always. A pool nothing takes is stopped when the command ends. Results never depend
 * on it: which threads play a chunk does not change its bytes.
 */
import { availableParallelism } from 'node:os';
import { MAX_WORKERS } from '../core/limits.js';

/** The worker threads `hordelab run` with these arguments will start, or null when unsure or none. */
export function runWorkersFromArguments(argv: readonly string[]): number | null {
  if (argv[0] !== 'run') return null;
  let workers: number | null = null;
  for (let i = 1; i < argv.length; i++) {
    const token = argv[i] as string;
    if (token === '--' || token === '--help' || token === '-h') return null;
    let value: string | undefined;
    if (token === '--workers' || token === '-w') value = argv[++i];
    else if (token.startsWith('--workers=')) value = token.slice('--workers='.length);
    else if (/^-[A-Za-z]*w/.test(token) && !token.startsWith('--')) return null;
    else continue;
    if (value === undefined || !/^[0-9]+$/.test(value)) return null;
    workers = Number(value);
  }
  const threads = workers ?? Math.min(availableParallelism(), MAX_WORKERS);
  return threads >= 1 && threads <= MAX_WORKERS ? threads : null;
}

/**
 * Prestarts the run's pool when {@link runWorkersFromArguments} is sure of it; resolves to the
 * function that stops it if nothing took it. The pool's module (and piscina) is loaded only then:
 * help and every other command go without it.
 */
export async function prestartRunWorkers(argv: readonly string[]): Promise<() => void> {
  const threads = runWorkersFromArguments(argv);
  if (threads === null) return () => {};
  try {
    const { compiledWorkerFile, prestartThreadPool, releasePrestartedPool } = await import('../run/thread-pool.js');
    prestartThreadPool(compiledWorkerFile('run/worker.js'), threads);
    return releasePrestartedPool;
  } catch {
    // Only a head start: the run starts its own pool, and reports whatever stops that.
    return () => {};
  }
}
