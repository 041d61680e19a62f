/**
 * The run's scheduler on its own: chunks in flight, results handed back in match order, abort,
 * and the sizes of chunks (from their own play time). No worker thread and no build needed.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { emptyOutcomes } from '../src/reports/outcomes.js';
import type { ChunkResult } from '../src/run/play-chunk.js';
import { AdaptiveChunkSizer, ChunkScheduler, settledOrAborted } from '../src/run/scheduler.js';

function chunk(start: number, end: number): ChunkResult {
  return { start, end, matchCsv: Buffer.from(`${start}-${end}\n`), eventCsvs: [], aggregate: null, outcomes: emptyOutcomes(2), failures: [], playMs: end - start };
}

/** A play function whose chunks finish only when the test says, in any order. */
function controlledPlay(): { play: (start: number, end: number) => Promise<ChunkResult | null>; finish: (start: number, value?: ChunkResult | null) => void; started: number[] } {
  const pending = new Map<number, (value: ChunkResult | null) => void>();
  const ranges = new Map<number, number>();
  const started: number[] = [];
  return {
    started,
    play: (start, end) =>
      new Promise((resolve) => {
        started.push(start);
        ranges.set(start, end);
        pending.set(start, resolve);
      }),
    finish: (start, value) => pending.get(start)?.(value === undefined ? chunk(start, ranges.get(start) as number) : value),
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Takes `scheduler`'s results as they come: the starts seen so far, and the end of the taking. */
function consume(scheduler: ChunkScheduler): { seen: number[]; consuming: Promise<void> } {
  const seen: number[] = [];
  const consuming = (async () => {
    for await (const result of scheduler.results()) seen.push(result.start);
  })();
  return { seen, consuming };
}

describe('the scheduler', () => {
  it('keeps at most maxInFlight chunks out and hands results back in match order, whatever order they finish in', async () => {
    const control = controlledPlay();
    const scheduler = new ChunkScheduler({ start: 0, end: 50, chunkSize: 10, maxInFlight: 3, play: control.play });
    const { seen, consuming } = consume(scheduler);
    await tick();
    expect(control.started).toEqual([0, 10, 20]);
    control.finish(20);
    control.finish(10);
    await tick();
    expect(seen).toEqual([]);
    control.finish(0);
    await tick();
    expect(seen).toEqual([0, 10, 20]);
    expect(control.started).toEqual([0, 10, 20, 30, 40]);
    control.finish(40);
    control.finish(30);
    await consuming;
    expect(seen).toEqual([0, 10, 20, 30, 40]);
    expect(scheduler.interrupted).toBe(false);
  });

  it('on abort returns only the chunks already finished in order, and stops', async () => {
    const control = controlledPlay();
    const abort = new AbortController();
    const scheduler = new ChunkScheduler({ start: 0, end: 100, chunkSize: 10, maxInFlight: 4, play: control.play, signal: abort.signal });
    const { seen, consuming } = consume(scheduler);
    await tick();
    control.finish(0);
    control.finish(10);
    control.finish(30);
    await tick();
    abort.abort();
    await consuming;
    expect(seen).toEqual([0, 10]);
    expect(scheduler.interrupted).toBe(true);
    expect(control.started).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it('on abort still returns chunks that finished before it, though not yet taken, and starts none after it', async () => {
    const control = controlledPlay();
    const abort = new AbortController();
    const scheduler = new ChunkScheduler({ start: 0, end: 100, chunkSize: 10, maxInFlight: 3, play: control.play, signal: abort.signal });
    const results = scheduler.results();
    const first = results.next();
    await tick();
    expect(control.started).toEqual([0, 10, 20]);
    control.finish(0);
    control.finish(10);
    expect((await first).value?.start).toBe(0);
    // Chunk 10 finished while the consumer was away; the abort comes before it asks again.
    await tick();
    abort.abort();
    const seen: number[] = [];
    for (let next = await results.next(); next.done !== true; next = await results.next()) seen.push(next.value.start);
    expect(seen).toEqual([10]);
    expect(scheduler.interrupted).toBe(true);
    // Taking chunk 0 made room for one more, but the abort came before the scheduler ran again:
    // none was started after it.
    expect(control.started).toEqual([0, 10, 20]);
  });

  it('refuses a chunk size or chunks in flight below 1, and takes 1 of each or a sizer', async () => {
    const play = (start: number, end: number): Promise<ChunkResult> => Promise.resolve(chunk(start, end));
    expect(() => new ChunkScheduler({ start: 0, end: 5, chunkSize: 0, maxInFlight: 1, play })).toThrow('chunk size and chunks in flight must be at least 1');
    expect(() => new ChunkScheduler({ start: 0, end: 5, chunkSize: 0.5, maxInFlight: 1, play })).toThrow(RangeError);
    expect(() => new ChunkScheduler({ start: 0, end: 5, chunkSize: Number.NaN, maxInFlight: 1, play })).toThrow(RangeError);
    expect(() => new ChunkScheduler({ start: 0, end: 5, chunkSize: 2, maxInFlight: 0, play })).toThrow('chunk size and chunks in flight must be at least 1');
    const ranges: number[][] = [];
    for await (const result of new ChunkScheduler({ start: 0, end: 3, chunkSize: 1, maxInFlight: 1, play }).results()) ranges.push([result.start, result.end]);
    expect(ranges).toEqual([[0, 1], [1, 2], [2, 3]]);
    const sized: number[][] = [];
    for await (const result of new ChunkScheduler({ start: 0, end: 5, chunkSize: new AdaptiveChunkSizer(2, 2, 1, 50), maxInFlight: 1, play }).results()) sized.push([result.start, result.end]);
    expect(sized).toEqual([[0, 2], [2, 4], [4, 5]]);
  });

  it('stops as interrupted when a chunk is cancelled', async () => {
    const control = controlledPlay();
    const scheduler = new ChunkScheduler({ start: 0, end: 30, chunkSize: 10, maxInFlight: 1, play: control.play });
    const { seen, consuming } = consume(scheduler);
    await tick();
    control.finish(0);
    await tick();
    control.finish(10, null);
    await consuming;
    expect(seen).toEqual([0]);
    expect(scheduler.interrupted).toBe(true);
  });

  it('leaves no listener on the abort signal once a wait is over (a listener per wait would keep every result)', async () => {
    const abort = new AbortController();
    for (let i = 0; i < 100; i++) await settledOrAborted(Promise.resolve(chunk(i, i + 1)), abort.signal);
    await expect(settledOrAborted(Promise.reject(new Error('x')), abort.signal)).rejects.toThrow('x');
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(0);
  });

  it('answers at once for a signal already aborted, and drops its listener when the abort comes first', async () => {
    const never = new Promise<ChunkResult>(() => {});
    const aborted = new AbortController();
    aborted.abort();
    expect(typeof (await settledOrAborted(never, aborted.signal))).toBe('symbol');
    expect(getEventListeners(aborted.signal, 'abort')).toHaveLength(0);
    const later = new AbortController();
    const waiting = settledOrAborted(never, later.signal);
    expect(getEventListeners(later.signal, 'abort')).toHaveLength(1);
    later.abort();
    expect(typeof (await waiting)).toBe('symbol');
    // The promise never settles, so only the abort itself can have removed the listener.
    expect(getEventListeners(later.signal, 'abort')).toHaveLength(0);
  });

  it('asks its sizer with what is left to hand out', async () => {
    // A sizer that has seen a fast game: every chunk is then the even share of what is left (two
    // a lane, 2 lanes), at least its initial 10.
    const sizer = new AdaptiveChunkSizer(10, 20_000, 2, 50);
    sizer.returned(1_000_000, 1);
    const fast = (start: number, end: number): Promise<ChunkResult> => Promise.resolve({ ...chunk(start, end), playMs: 1e-3 });
    const sizes: number[] = [];
    for await (const result of new ChunkScheduler({ start: 100, end: 1300, chunkSize: sizer, maxInFlight: 1, play: fast }).results()) sizes.push(result.end - result.start);
    const expected: number[] = [];
    for (let left = 1200; left > 0; left -= expected.at(-1) as number) expected.push(Math.min(left, Math.max(10, Math.ceil(left / 4))));
    expect(sizes).toEqual(expected);
    expect(sizes.slice(0, 3)).toEqual([300, 225, 169]);
  });
});

describe('adaptive chunk sizes', () => {
  it('start at the initial size, grow toward the target play time per lane from the chunks\' own play times, and stay within their bounds', () => {
    const sizer = new AdaptiveChunkSizer(200, 5000, 2, 50);
    expect(sizer.next(1_000_000)).toBe(200);
    // 4,000 matches in 20 ms of their lanes: 200 a millisecond, 10,000 in 50 ms, capped at 5,000.
    sizer.returned(4000, 20);
    expect(sizer.next(1_000_000)).toBe(5000);
    // 1,000 matches a lane a 50 ms (2,100 in 105 ms): grows to 1,000.
    const slow = new AdaptiveChunkSizer(100, 5000, 1, 50);
    slow.returned(100, 5);
    slow.returned(2000, 100);
    expect(slow.next(1_000_000)).toBe(1000);
    // Near the end no more than an even share for two chunks a lane, but never below the initial size.
    expect(slow.next(1200)).toBe(600);
    expect(slow.next(150)).toBe(100);
    expect(slow.largest).toBe(1000);
    // A slow game keeps the initial size.
    const mcts = new AdaptiveChunkSizer(50, 5000, 2, 50);
    mcts.returned(50, 5000);
    mcts.returned(50, 5000);
    expect(mcts.next(1_000_000)).toBe(50);
    expect(() => new AdaptiveChunkSizer(0, 10, 1, 50)).toThrow('an adaptive chunk size needs 1 <= initial <= maximum, lanes >= 1 and a positive target');
    expect(() => new AdaptiveChunkSizer(20, 10, 1, 50)).toThrow(RangeError);
    expect(() => new AdaptiveChunkSizer(1, 10, 0, 50)).toThrow(RangeError);
    expect(() => new AdaptiveChunkSizer(1, 10, 1, 0)).toThrow(RangeError);
    expect(() => new AdaptiveChunkSizer(1, 10, 1, Number.NaN)).toThrow(RangeError);
    // The least of each is allowed.
    expect(new AdaptiveChunkSizer(1, 1, 1, 1e-9).next(5)).toBe(1);
  });

  it('near the end share what is left among the lanes, two chunks each', () => {
    const sizer = new AdaptiveChunkSizer(10, 20_000, 2, 50);
    sizer.returned(10_000, 10);
    // 1,000 a millisecond a lane: 20,000 (the maximum) in 50 ms, but 1,200 left over 2 lanes is 300 a chunk.
    expect(sizer.next(1_000_000)).toBe(20_000);
    expect(sizer.next(1200)).toBe(300);
  });

  it('learn nothing from a chunk without a play time, and forget nothing after one', () => {
    // A NaN time first must not leave the rate NaN for the rest of the run.
    const sizer = new AdaptiveChunkSizer(200, 20_000, 2, 50);
    sizer.returned(1, Number.NaN);
    sizer.returned(2, 0);
    sizer.returned(3, -5);
    sizer.returned(600, 100);
    // 6 a millisecond (the 600 alone): 300 in 50 ms; counting the 6 timeless matches would give 303.
    expect(sizer.next(1_000_000)).toBe(300);
  });

  it('take the rate from play times, not from when results arrive: a burst of results finished behind a slow chunk does not grow the next chunk', () => {
    // Per lane, 2 matches a millisecond: 100 in the 50 ms target, below the initial 200.
    const sizer = new AdaptiveChunkSizer(200, 20_000, 2, 50);
    for (let i = 0; i < 6; i++) sizer.returned(200, 100);
    expect(sizer.next(60_000)).toBe(200);
    // A chunk without a play time (one broken match) says nothing about the rate.
    sizer.returned(1, 0);
    sizer.returned(1, Number.NaN);
    expect(sizer.next(60_000)).toBe(200);
    expect(sizer.largest).toBe(200);
    // Three times as fast: 6 a millisecond over the whole, 300 in 50 ms.
    const fast = new AdaptiveChunkSizer(200, 20_000, 2, 50);
    fast.returned(600, 100);
    expect(fast.next(60_000)).toBe(300);
  });

  it('hand out consecutive ranges that cover the run exactly, whatever sizes the sizer picks', async () => {
    const sizes = [3, 7, 1, 50, 2];
    let asked = 0;
    const heard: number[] = [];
    const sizer = { next: (remaining: number) => Math.min(remaining + 5, sizes[asked++ % sizes.length] as number), returned: (matches: number) => void heard.push(matches) };
    const scheduler = new ChunkScheduler({ start: 4, end: 90, chunkSize: sizer, maxInFlight: 2, play: (start, end) => Promise.resolve(chunk(start, end)) });
    const ranges: [number, number][] = [];
    for await (const result of scheduler.results()) ranges.push([result.start, result.end]);
    expect(ranges[0]?.[0]).toBe(4);
    expect(ranges.at(-1)?.[1]).toBe(90);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]?.[0]).toBe(ranges[i - 1]?.[1]);
    expect(heard).toEqual(ranges.map(([start, end]) => end - start));
  });
});
