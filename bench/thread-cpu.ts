/**
 * Preloaded with `node --import dist/bench/thread-cpu.js` (Linux only): at exit the main thread
 * prints the CPU seconds (user + system) of every thread the process had, the main thread, the
 * worker threads and V8's and libuv's helpers, read from `/proc/self/task/<id>/stat`. Threads
 * that end before the process does (a run's workers) are read every 200 ms, so their last
 * reading is at most that old. Says where a run's CPU goes beside its workers
 * (`reports/benchmarks.md`, issue 19: 2 workers over 1).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** Clock ticks per second of `/proc`'s times: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

if (isMainThread) {
  const seconds = new Map<string, { name: string; cpu: number }>();
  const read = (): void => {
    for (const id of readdirSync('/proc/self/task')) {
      try {
        const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        // After the name: state is field 3, utime field 14 and stime field 15 of the line.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        seconds.set(id, { name, cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
      } catch {
        // The thread ended between the listing and the read: its last reading stands.
      }
    }
  };
  setInterval(read, 200).unref();
  process.on('exit', () => {
    read();
    const lines = [...seconds].map(([id, { name, cpu }]) => `thread ${id} ${name} ${cpu.toFixed(2)} s${id === String(process.pid) ? ' (main)' : ''}`);
    process.stderr.write(`\n${lines.join('\n')}\n`);
  });
}
