/**
 * Preloaded with `node --import dist/bench/memory-log.js` (worker threads inherit it): every
 * 15 s each thread prints its resident set (the process's) and its own V8 heap to stderr, and
 * the main thread prints the peak resident set at exit. Shows which heap a run's memory follows
 * over time, which a single peak cannot (`reports/benchmarks.md`, issue 19).
 */
import { isMainThread, threadId } from 'node:worker_threads';

const started = Date.now();
const megabytes = (bytes: number): string => (bytes / 1048576).toFixed(1);

function logMemory(): void {
  const memory = process.memoryUsage();
  process.stderr.write(
    `MEM t=${Math.round((Date.now() - started) / 1000)} thread=${threadId} rss=${megabytes(memory.rss)} heapTotal=${megabytes(memory.heapTotal)} heapUsed=${megabytes(memory.heapUsed)} external=${megabytes(memory.external)}\n`,
  );
}

setInterval(logMemory, 15_000).unref();
if (isMainThread) {
  process.on('exit', () => {
    logMemory();
    process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS}\n`);
  });
}
