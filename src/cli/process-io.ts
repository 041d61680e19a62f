/**
 * The real process as a {@link CliIo}: its streams, folder, clock, timers and Ctrl-C. The only
 * place the command line touches `process` directly, so commands can run in-process in tests.
 */
import { performance } from 'node:perf_hooks';
import type { CliIo } from './command.js';

/** The last of them this process heard. */
let lastSignal: NodeJS.Signals | null = null;

/** Whether the command line itself ended the process (a second Ctrl-C), rather than something it loaded. */
let exitedDeliberately = false;
export const exitingDeliberately = (): boolean => exitedDeliberately;

/**
 * Where the process's Ctrl-C and SIGTERM go: to `current`, through one listener per signal that
 * main.ts registers as the process starts and never removes. Listeners removed and added instead
 * lose a signal that arrived between (Node drops a signal pending for a listener removed before
 * it was dispatched): a SIGTERM as a command handed back its handler was lost, and the process
 * held on (audit 38b).
 */
export interface SignalRoute {
  current: (signal: NodeJS.Signals) => void;
}

/** A signal after the command let go of its handler and before the process could say it finished. */
function whileEnding(signal: NodeJS.Signals): void {
  process.stderr.write(`hordelab: interrupted (${signal === 'SIGTERM' ? 'SIGTERM' : 'Ctrl-C'}) as the command ended; what it printed and wrote may be incomplete\n`);
  exitedDeliberately = true;
  process.exit(130);
}

/**
 * This process's streams, folder, monotonic clock, unref'd timers and SIGINT. `writeStdout` is
 * the command's way to stdout where `process.stdout.write` itself was sent elsewhere (to keep
 * what loaded modules write out of the command's output: see main.ts); `signals`, the route of
 * Ctrl-C and SIGTERM, whose handler a command replaces while it listens.
 */
export function processIo(writeStdout: (text: string) => unknown, signals: SignalRoute): CliIo {
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
      // SIGTERM (a CI job's time limit, a container stopped) stops a command as Ctrl-C does: a run
      // publishes what it played, marked interrupted, and keeps its checkpoint (audit 27b: it
      // ended with 143 and not a word).
      const heard = (signal: NodeJS.Signals): void => {
        lastSignal = signal;
        handler();
      };
      signals.current = heard;
      return () => {
        // Let go as the command ends (its error said, its output closed): a signal then is no
        // longer one "before the command started" (review 38g), and ends the process as such.
        if (signals.current === heard) signals.current = whileEnding;
      };
    },
    interruptedBy: () => (lastSignal === 'SIGTERM' ? 'SIGTERM' : 'Ctrl-C'),
    exit: (code) => {
      exitedDeliberately = true;
      process.exit(code);
    },
  };
}
