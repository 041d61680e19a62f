/**
 * Signs of life off a terminal: a plain progress line every 30 s on stderr for run, check,
 * sweep and tune, silenced by --quiet. Driven by a fake clock and a fake ticker: no test waits.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Ticker } from '../src/cli/command.js';
import { main } from '../src/cli/cli.js';
import { formatDuration, PROGRESS_INTERVAL_MS, startProgress } from '../src/cli/progress.js';
import { capturedIo } from './cli-harness.js';

/** A clock the test sets, and a ticker whose ticks the test fires. */
function fakeTime(): { now: () => number; set: (ms: number) => void; every: Ticker; intervals: number[]; tick: () => void; stops: number } {
  let time = 0;
  const ticks: (() => void)[] = [];
  const state = {
    now: () => time,
    set: (ms: number) => void (time = ms),
    intervals: [] as number[],
    stops: 0,
    every: ((ms, tick) => {
      state.intervals.push(ms);
      ticks.push(tick);
      return () => {
        state.stops++;
        ticks.splice(ticks.indexOf(tick), 1);
      };
    }) as Ticker,
    tick: () => ticks.forEach((tick) => tick()),
  };
  return state;
}

describe('the progress line', () => {
  it('off a terminal prints matches done, rate and time left when the ticker fires, every 30 s', () => {
    const time = fakeTime();
    const { io, stderr } = capturedIo(tmpdir(), { now: time.now, every: time.every });
    const progress = startProgress(io, { quiet: false });
    expect(time.intervals).toEqual([PROGRESS_INTERVAL_MS]);
    expect(PROGRESS_INTERVAL_MS).toBe(30_000);
    progress.update(0, 1000);
    time.set(30_000);
    time.tick();
    progress.update(300, 1000);
    time.set(60_000);
    time.tick();
    progress.update(900, 1000, 'pairing 2 of 3');
    time.set(90_000);
    time.tick();
    progress.stop();
    time.tick();
    expect(stderr()).toBe(
      'hordelab: 0 of 1000 matches done, none finished yet after 30s\n' +
        'hordelab: 300 of 1000 matches done, 5.0/s, about 2m 20s left\n' +
        'hordelab: pairing 2 of 3: 900 of 1000 matches done, 10/s, about 10s left\n',
    );
    expect(time.stops).toBe(1);
  });

  it('before the first update says the total it was given, or that none is known yet, never "0 of 0"', () => {
    for (const [options, line] of [
      [{ quiet: false, total: 800 }, 'hordelab: 0 of 800 matches done, none finished yet after 30s\n'],
      [{ quiet: false }, 'hordelab: no matches done, none finished yet after 30s\n'],
    ] as const) {
      const time = fakeTime();
      const { io, stderr } = capturedIo('.', { now: time.now, every: time.every });
      const progress = startProgress(io, options);
      time.set(30_000);
      time.tick();
      progress.stop();
      expect(stderr()).toBe(line);
    }
  });

  it('says "at most" when the total is a budget that may not all be spent', () => {
    const time = fakeTime();
    const { io, stderr } = capturedIo(tmpdir(), { now: time.now, every: time.every });
    const progress = startProgress(io, { quiet: false, upperBound: true });
    progress.update(100, 1100, 'check coin');
    time.set(10_000);
    time.tick();
    expect(stderr()).toBe('hordelab: check coin: 100 of 1100 matches done, 10/s, at most 1m 40s left\n');
  });

  it('on a terminal redraws one line in place and clears it at the end; --quiet prints nothing and starts no timer', () => {
    const time = fakeTime();
    const tty = capturedIo(tmpdir(), { tty: true, now: time.now, every: time.every });
    const progress = startProgress(tty.io, { quiet: false });
    time.set(1000);
    progress.update(50, 100);
    progress.update(60, 100); // within 200 ms of the last draw: skipped
    time.set(2000);
    progress.update(100, 100);
    progress.stop();
    expect(tty.stderr()).toBe('\r50 of 100 matches done, 50/s, about 1s left\x1b[K\r100 of 100 matches done, 50/s, about 0s left\x1b[K\r\x1b[K');
    expect(time.intervals).toEqual([]);
    const quiet = capturedIo(tmpdir(), { now: time.now, every: time.every });
    const silent = startProgress(quiet.io, { quiet: true });
    silent.update(1, 2);
    silent.stop();
    expect(quiet.stderr()).toBe('');
    expect(time.intervals).toEqual([]);
  });

  it('adds the matches finished in chunks still playing, never past the total, on and off a terminal', () => {
    const time = fakeTime();
    const plain = capturedIo(tmpdir(), { now: time.now, every: time.every });
    const progress = startProgress(plain.io, { quiet: false });
    let playing = 0;
    progress.alsoFinished?.(() => playing);
    progress.update(0, 300);
    time.set(30_000);
    time.tick();
    playing = 24;
    time.set(60_000);
    time.tick();
    progress.update(100, 300);
    playing = 500;
    time.set(90_000);
    time.tick();
    progress.stop();
    expect(plain.stderr()).toBe(
      'hordelab: 0 of 300 matches done, none finished yet after 30s\n' +
        'hordelab: 24 of 300 matches done, 0.40/s, about 11m 30s left\n' +
        'hordelab: 300 of 300 matches done, 3.3/s, about 0s left\n',
    );

    const ttyTime = fakeTime();
    const tty = capturedIo(tmpdir(), { tty: true, now: ttyTime.now, every: ttyTime.every });
    const line = startProgress(tty.io, { quiet: false });
    expect(ttyTime.intervals).toEqual([]);
    let beyond = 0;
    line.alsoFinished?.(() => beyond);
    expect(ttyTime.intervals).toEqual([1000]);
    ttyTime.set(1000);
    line.update(0, 100);
    beyond = 10;
    ttyTime.set(2000);
    ttyTime.tick();
    line.stop();
    ttyTime.tick();
    expect(tty.stderr()).toBe('\r0 of 100 matches done, none finished yet after 1s\x1b[K\r10 of 100 matches done, 5.0/s, about 18s left\x1b[K\r\x1b[K');
    expect(ttyTime.stops).toBe(1);
  });

  it('formats durations', () => {
    expect(formatDuration(0.2)).toBe('1s');
    expect(formatDuration(185)).toBe('3m 05s');
    expect(formatDuration(7440)).toBe('2h 04m');
  });
});

describe('run, check, sweep and tune report progress off a terminal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-progress-'));
  writeFileSync(join(dir, 's.yaml'), 'game: coin-flip\nmatches: 40\nseed: 1\nseats: [random, random]\n');
  writeFileSync(join(dir, 'c.checks.yaml'), 'checks:\n  - name: coin\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    atLeast: 0.2\n    budget: 400\n');

  /** Runs a command with a ticker that fires once more as it is stopped: the last state shows. */
  async function lastLine(args: string[]): Promise<{ status: number; stderr: string; intervals: number[] }> {
    const time = fakeTime();
    const every: Ticker = (ms, tick) => {
      const stop = time.every(ms, tick);
      return () => {
        tick();
        stop();
      };
    };
    let clock = 0;
    const { io, stderr } = capturedIo(dir, { now: () => (clock += 1000), every });
    const status = await main(args, io);
    return { status, stderr: stderr(), intervals: time.intervals };
  }

  const commands: [string, string[], RegExp][] = [
    ['run', ['run', 's.yaml', '-w', '0', '--out', 'r', '--json'], /^hordelab: 40 of 40 matches done, [\d.]+\/s, about 0s left$/m],
    ['check', ['check', 'c.checks.yaml', '-w', '0', '--json'], /^hordelab: check coin: \d+ of 400 matches done, [\d.]+\/s, at most .* left$/m],
    ['sweep', ['sweep', 's.yaml', '--vary', 'winRate=0.3,0.6', '-w', '0', '--out', 'sw', '--json'], /^hordelab: sweep, at configuration 2 of 2: 80 of 80 matches done/m],
    ['tune', ['tune', 's.yaml', '--target', 'p1WinRate=0.5', '--space', 'winRate=0.3,0.5,0.7', '--budget', '120', '--confirm', '40', '-w', '0', '--out', 'tu', '--json'], /^hordelab: round \d of \d: \d+ of 160 matches done/m],
    // A target past the list's end: its other end is played on the confirmation's 40 matches, past the budget and the confirmation, and the total says so (audit 38c F1).
    ['tune, a target missed', ['tune', 's.yaml', '--target', 'p1WinRate=0.95', '--space', 'winRate=0.3,0.5,0.7', '--budget', '120', '--confirm', '40', '-w', '0', '--out', 'tm', '--json'], /^hordelab: ends of the ranges: (1[6-9]\d|200) of 200 matches done/m],
  ];

  it.each(commands)('%s: a 30 s ticker, fed with the matches played', async (_name, args, line) => {
    const result = await lastLine(args);
    expect(result.status, result.stderr).toBe(0);
    expect(result.intervals).toEqual([30_000]);
    expect(result.stderr).toMatch(line);
  });

  it('sweep: while it checks its configurations before play, the line says how many are checked (audit 40a F1)', async () => {
    // A ticker that fires at every turn of the event loop (the check must let it turn), until the
    // first configuration is played.
    let playing = (): boolean => false;
    const every: Ticker = (_ms, tick) => {
      let ticking = true;
      const again = (): void => {
        if (!ticking || playing()) return;
        tick();
        setImmediate(again);
      };
      setImmediate(again);
      return () => void (ticking = false);
    };
    const { io, stderr } = capturedIo(dir, { every });
    playing = () => stderr().includes('sweep, at configuration');
    const status = await main(['sweep', 's.yaml', '--vary', 'winRate=0.3,0.6', '--vary', 'drawRate=0,0.1', '-n', '2', '-w', '0', '--out', 'checking', '--json'], io);
    expect(status, stderr()).toBe(0);
    for (const checked of [1, 2, 3]) expect(stderr()).toMatch(new RegExp(`^hordelab: sweep, checking configurations before play, ${checked} of 4 done: 0 of 8 matches done, none finished yet after \\d+s$`, 'm'));
  });

  it.each(commands)('%s --quiet: no ticker, no line', async (_name, args) => {
    // Into new folders: the runs above wrote theirs.
    const quiet = args.map((arg, index) => (args[index - 1] === '--out' ? `${arg}-quiet` : arg)).filter((arg) => arg !== '--json');
    const result = await lastLine([...quiet, '--quiet']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.intervals).toEqual([]);
    expect(result.stderr).toBe('');
  });
});

describe('cards, while it builds its variants (audit 40b F2: minutes without a word on a deck of many kinds)', () => {
  it('a 30 s ticker, heard between variants: the event loop turns as they are built', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-cards-building-'));
    writeFileSync(join(dir, 'duel.yaml'), 'game: integer-duel\nmatches: 4\nseed: 1\nseats: [random, random]\n');
    const intervals: number[] = [];
    // The tick is due at the next turn of the loop: it comes while the variants are built only if the loop turns there.
    const every: Ticker = (ms, tick) => {
      intervals.push(ms);
      const due = setImmediate(tick);
      return () => clearImmediate(due);
    };
    let clock = 0;
    const { io, stderr } = capturedIo(dir, { now: () => (clock += 1000), every });
    expect(await main(['cards', 'duel.yaml', '-w', '0', '--out', 'values'], io)).toBe(0);
    expect(intervals).toEqual([30_000]);
    expect(stderr()).toMatch(/^hordelab: cards: 0 of \d+ variants built, after \d+s; play starts once all are\nconfiguration 1 of \d+: base\n/);
  });
});
