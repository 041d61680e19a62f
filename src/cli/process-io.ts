/**
 * The real process as a {@link CliIo}: its streams, folder, clock, timers and Ctrl-C. The only
 * place the command line touches `process` directly, so commands can run in-process in tests.
 */
import { performance } from 'node:perf_hooks';
import type { CliIo } from './command.js';

/** Whether the command line itself ended the process (a second Ctrl-C), rather than something it loaded. */
let exitedDeliberately = false;
export const exitingDeliberately = (): boolean => exitedDeliberately;

/**
 * This process's streams, folder, monotonic clock, unref'd timers and SIGINT. `writeStdout` is
 * the command's way to stdout where `process.stdout.write` itself was sent elsewhere (to keep
 * what loaded modules write out of the command's output: see main.ts); `untilListening`, a
 * SIGINT listener that stops listening once the command does.
 */
export function processIo(writeStdout: (text: string) => unknown = (text) => process.stdout.write(text), untilListening?: () => void): CliIo {
  return {
    stdout: { write: writeStdout, isTTY: process.stdout.isTTY },
    stderr: process.stderr,
    cwd: process.cwd(),
    now: () => performance.now(),
    every: (ms, tick) => {
      // unref: the progress timer alone must never keep a finished command alive.
      const timer = setInterval(tick, ms);
      timer.unref();
      return () => clearInterval(timer);
    },
    onInterrupt: (handler) => {
      // The handler for the time before a command listened (main.ts) gives way to the command's.
      if (untilListening !== undefined) process.off('SIGINT', untilListening);
      process.on('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
    exit: (code) => {
      exitedDeliberately = true;
      process.exit(code);
    },
  };
}
