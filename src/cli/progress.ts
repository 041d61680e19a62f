/**
 * Signs of life on stderr while matches are played. On a terminal, one line redrawn in place
 * (matches done, rate, time left). Off a terminal (a CI log, a cluster job's output), a plain
 * line every {@link PROGRESS_INTERVAL_MS}, whether or not a match finished since the last one,
 * so a log tells a slow run from a hung one. `--quiet` silences both. The clock and the timer
 * come from {@link CliIo}, so tests drive the line with a fake clock instead of waiting.
 */
import type { CliIo } from './command.js';

/** How often the plain progress line is printed off a terminal. */
export const PROGRESS_INTERVAL_MS = 30_000;

/** What a command reports as it plays. */
export interface Progress {
  /**
   * `done` matches of `total` so far; `label` says where (`check coin`). A total that is only an
   * upper bound (checks stop early) makes the time left "at most".
   */
  update(done: number, total: number, label?: string): void;
  /**
   * Optional: matches finished beyond `done` that the caller has not taken in yet (a worker
   * thread's part of a chunk still playing), added to what the line says. Chunks of a slow game
   * take minutes, and "none finished yet" while matches finish reads as a hung run.
   */
  alsoFinished?(count: () => number): void;
  /** Clears the terminal line and stops the timer. */
  stop(): void;
}

const silent: Progress = { update: () => {}, alsoFinished: () => {}, stop: () => {} };

/** How often the terminal line is redrawn when matches finish between the caller's updates. */
const REDRAW_INTERVAL_MS = 1000;

/** `45s`, `3m 05s`, `2h 04m`. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(whole / 3600)}h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}m`;
}

/** One progress sentence: done, rate and time left. */
function describe(done: number, total: number, label: string, elapsedMs: number, upperBound: boolean): string {
  const seconds = elapsedMs / 1000;
  const prefix = label === '' ? '' : `${label}: `;
  // A total of 0 is one not known yet (a run learns it once its folder and shard are settled).
  if (done === 0) return `${prefix}${total === 0 ? 'no' : `0 of ${total}`} matches done, none finished yet after ${formatDuration(seconds)}`;
  const rate = done / Math.max(seconds, 1e-9);
  const left = (total - done) / rate;
  const rateText = rate >= 10 ? String(Math.round(rate)) : rate.toPrecision(2);
  return `${prefix}${done} of ${total} matches done, ${rateText}/s, ${upperBound ? 'at most ' : 'about '}${formatDuration(left)} left`;
}

/**
 * Starts reporting progress for one command. `upperBound`: the total is a budget that may not
 * all be spent; `total`: the matches to play, when known before the first update.
 */
export function startProgress(io: CliIo, options: { readonly quiet: boolean; readonly upperBound?: boolean; readonly total?: number }): Progress {
  if (options.quiet) return silent;
  const started = io.now();
  const upperBound = options.upperBound === true;
  let done = 0;
  let total = options.total ?? 0;
  let label = '';
  let finishedBeyond: () => number = () => 0;
  // Never past the total, whatever the count beyond says.
  const doneNow = (): number => Math.min(total, done + finishedBeyond());
  if (io.stderr.isTTY === true) {
    let lastDraw = -Infinity;
    let drawn = false;
    let stopRedraws: (() => void) | null = null;
    const draw = (now: number): void => {
      lastDraw = now;
      drawn = true;
      io.stderr.write(`\r${describe(doneNow(), total, label, now - started, upperBound)}\x1b[K`);
    };
    return {
      update(nextDone, nextTotal, nextLabel = '') {
        done = nextDone;
        total = nextTotal;
        label = nextLabel;
        const now = io.now();
        if (nextDone < nextTotal && now - lastDraw < 200) return;
        draw(now);
      },
      alsoFinished(count) {
        finishedBeyond = count;
        stopRedraws ??= io.every(REDRAW_INTERVAL_MS, () => draw(io.now()));
      },
      stop() {
        stopRedraws?.();
        stopRedraws = null;
        if (drawn) io.stderr.write('\r\x1b[K');
        drawn = false;
      },
    };
  }
  const stopTimer = io.every(PROGRESS_INTERVAL_MS, () => {
    io.stderr.write(`hordelab: ${describe(doneNow(), total, label, io.now() - started, upperBound)}\n`);
  });
  return {
    update(nextDone, nextTotal, nextLabel = '') {
      done = nextDone;
      total = nextTotal;
      label = nextLabel;
    },
    alsoFinished(count) {
      finishedBeyond = count;
    },
    stop: stopTimer,
  };
}
