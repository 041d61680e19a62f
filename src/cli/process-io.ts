/**
 * The real process as a {@link CliIo}: its streams, folder, clock, timers and Ctrl-C. The only
 * place the command line touches `process` directly, so commands can run in-process in tests.
 */
import { performance } from 'node:perf_hooks';
import type { CliIo } from './command.js';

/** The signals that interrupt a command. */
export const INTERRUPTS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
/** The last of them this process heard. */
let lastSignal: NodeJS.Signals | null = null;

/** Whether the command line itself ended the process (a second Ctrl-C), rather than something it loaded. */
let exitedDeliberately = false;
export const exitingDeliberately = (): boolean => exitedDeliberately;

/**
 * This process's streams, folder, monotonic clock, unref'd timers and SIGINT. `writeStdout` is
 * the command's way to stdout where `process.stdout.write` itself was sent elsewhere (to keep
 * what loaded modules write out of the command's output: see main.ts); `untilListening`, a
 * SIGINT listener that stops listening once the command does.
 */
export function processIo(writeStdout: (text: string) => unknown = (text) => process.stdout.write(text), untilListening?: (signal: NodeJS.Signals) => void): CliIo {
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
      if (untilListening !== undefined) for (const signal of INTERRUPTS) process.off(signal, untilListening);
      // SIGTERM (a CI job's time limit, a container stopped) stops a command as Ctrl-C does: a run
      // publishes what it played, marked interrupted, and keeps its checkpoint (audit 27b: it
      // ended with 143 and not a word).
      const heard = (signal: NodeJS.Signals): void => {
        lastSignal = signal;
        handler();
      };
      for (const signal of INTERRUPTS) process.on(signal, heard);
      return () => {
        for (const signal of INTERRUPTS) process.off(signal, heard);
      };
    },
    interruptedBy: () => (lastSignal === 'SIGTERM' ? 'SIGTERM' : 'Ctrl-C'),
    exit: (code) => {
      exitedDeliberately = true;
      process.exit(code);
    },
  };
}
