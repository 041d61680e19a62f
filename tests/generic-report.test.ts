/**
 * The report a game module gets when it brings none: it counts the wrapper's decisions and the
 * game's own events by type, and refuses event types that would pass for the wrapper's own or
 * that no record of counts can hold.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';
import { randomAgent } from '../agents/random.js';
import { ContractBreach } from '../src/core/errors.js';
import type { GameEvent } from '../src/core/game.js';
import { playMatch } from '../src/core/match-runner.js';
import { ticTacToe } from '../src/games/tic-tac-toe/index.js';
import { eventTypeProblem, genericReport, withEngineEvents, withUnseenEvents, type GenericAggregate } from '../src/reports/generic-report.js';
import { clusteredMean, clusteredRate, emptyTally, MatchFigures, recordMatch, settledFigures } from '../src/stats/clusters.js';

const report = genericReport('tic-tac-toe', ['X', 'O']);
const seats = [
  { factory: randomAgent, config: {} },
  { factory: randomAgent, config: {} },
];

/**
 * Plays `counts[i]` 'hit' events into match i's collector, recorded into `aggregateOf(i)` in
 * clusters of `clusterSize`; returns the exact figure, every match's count a sample, zeros too.
 */
function recordHits(counts: readonly number[], clusterSize: number, aggregateOf: (matchIndex: number) => GenericAggregate): ReturnType<typeof clusteredMean> {
  const oracle = emptyTally();
  const figures = new MatchFigures();
  counts.forEach((count, matchIndex) => {
    const where = { cluster: Math.floor(matchIndex / clusterSize), clusterSize };
    const collector = report.createCollector({ eventRows: false });
    for (let event = 0; event < count; event++) collector.onEvent({ type: 'hit' });
    collector.finishMatch({ matchIndex, seed: '', ...where, returns: [1, 0] }, aggregateOf(matchIndex));
    figures.clear();
    figures.sample('hit', count);
    recordMatch(oracle, where, figures);
  });
  return clusteredMean(settledFigures(oracle)['hit'], 0.95);
}

describe('the generic report', () => {
  it("counts each match's decisions (from the wrapper) and the game's own events by type", () => {
    const game = withEngineEvents(ticTacToe);
    const aggregate = report.emptyAggregate() as GenericAggregate;
    const collector = report.createCollector({ eventRows: false });
    let steps = 0;
    for (let matchIndex = 0; matchIndex < 20; matchIndex++) {
      const outcome = playMatch({ game, params: {}, seats, runSeed: 9, matchIndex }, (event) => collector.onEvent(event));
      const rows = collector.finishMatch({ matchIndex, seed: '', cluster: matchIndex, clusterSize: 1, returns: outcome.returns }, aggregate);
      expect(rows.matchRow[1]).toBe(outcome.steps);
      steps += outcome.steps;
    }
    expect(aggregate.eventCounts).toEqual({ place: steps, matchEnd: 20 });
    const summary = report.summarize(aggregate, 0.95);
    expect(summary.moves.mean).toBeCloseTo(steps / 20, 12);
    expect(summary.events['place']).toMatchObject({ total: steps, perMatch: steps / 20, mean: steps / 20, n: 20, clusters: 20 });
  });

  it("gives each seat's share of the decided matches, draws left out, with the match as the unit", () => {
    // Four seats, 10 hand-made matches: seat 1 alone on top 3 times, seat 2 twice, a shared top 5
    // times (two seats or all four). Seat 1 won 30% of the matches and 60% of the decided ones.
    const four = genericReport('four', ['N', 'E', 'S', 'W']);
    const aggregate = four.emptyAggregate() as GenericAggregate;
    const collector = four.createCollector({ eventRows: false });
    const results: number[][] = [[3, 1, 0, 0], [5, 2, 2, 2], [1, 0, 0, 0], [0, 4, 1, 1], [1, 2, 0, 0], [2, 2, 0, 0], [1, 1, 1, 1], [0, 3, 3, 0], [4, 4, 4, 4], [0, 0, 7, 7]];
    const winners = results.map((returns, matchIndex) => collector.finishMatch({ matchIndex, seed: '', cluster: matchIndex, clusterSize: 1, returns }, aggregate).matchRow[0]);
    const summary = four.summarize(aggregate, 0.95);
    expect(summary.seat1WinRate).toMatchObject({ successes: 3, n: 10 });
    // Of the five without a single winner, two are draws (every seat equal) and three a top that
    // some seats share while others are below (a team's win): no draw.
    expect(summary.drawRate).toMatchObject({ successes: 2, n: 10 });
    expect(summary.sharedTopRate).toMatchObject({ successes: 3, n: 10 });
    expect([1, 2, 3, 4].map((seat) => summary[`seat${seat}TopRate`]?.successes)).toEqual([4, 4, 2, 1]);
    expect(winners).toEqual(['seat1', 'seat1', 'seat1', 'seat2', 'seat2', 'seat1+seat2', 'draw', 'seat2+seat3', 'draw', 'seat3+seat4']);
    const text = four.formatSummary(summary);
    expect(text).toMatch(/top shared by some seats +30\.0%/);
    expect(text).toMatch(/draws \(all seats equal\) +20\.0%/);
    expect(text).toMatch(/S at the top, alone or shared +20\.0%/);
    expect(summary.decided['seat1WinRate']).toMatchObject({ rate: 0.6, successes: 3, n: 5, clusters: 5 });
    expect(summary.decided['seat2WinRate']).toMatchObject({ rate: 0.4, successes: 2, n: 5 });
    expect(summary.decided['seat3WinRate']).toMatchObject({ successes: 0, n: 5 });
    expect(Object.keys(summary.decided)).toEqual(['seat1WinRate', 'seat2WinRate', 'seat3WinRate', 'seat4WinRate']);
  });

  it("gives each event type's count per match the interval of every match's count, zeros included, whatever the chunks and clusters", () => {
    // An oracle tally records every match's count of 'hit' as a sample, zeros too; the report
    // records a type only in matches that emit it. Their figures must agree exactly, for single
    // matches and for rotated pairs, in one aggregate or merged from two.
    const counts = Array.from({ length: 60 }, (_, i) => ((i * 7919) % 13) % 4 === 0 ? 0 : ((i * 104729) % 17) % 5);
    for (const clusterSize of [1, 2]) {
      const parts = [report.emptyAggregate() as GenericAggregate, report.emptyAggregate() as GenericAggregate];
      // The two parts split inside a pair (matches 0-24 and 25-59): a chunk boundary.
      const expected = recordHits(counts, clusterSize, (matchIndex) => parts[matchIndex < 25 ? 0 : 1] as GenericAggregate);
      const merged = report.emptyAggregate() as GenericAggregate;
      for (const part of [parts[1], parts[0]] as GenericAggregate[]) report.mergeAggregates(merged, part);
      const hit = report.summarize(merged, 0.95).events['hit'];
      expect(hit, `clusters of ${clusterSize}`).toMatchObject({ total: counts.reduce((a, b) => a + b, 0), n: 60, clusters: 60 / clusterSize });
      for (const key of ['mean', 'lower', 'upper', 'sd', 'designEffect'] as const) expect(hit?.[key], `${key}, clusters of ${clusterSize}`).toBeCloseTo(expected[key], 12);
      expect(Number.isFinite(hit?.lower)).toBe(true);
      expect(hit?.note).toBeUndefined();
    }
  });

  it("gives a rare event's 0/1 counts the interval of a rate (the share of matches with it), for single matches and rotated pairs", () => {
    // 8 of 400 matches with one event each, the rest none: a t interval on such counts under-covers
    // on the low side (audit 25a); the rate's interval of 8 in 400 is the figure's.
    const counts = Array.from({ length: 400 }, (_, i) => (i % 50 === 7 ? 1 : 0));
    for (const clusterSize of [1, 2]) {
      const aggregate = report.emptyAggregate() as GenericAggregate;
      const oracle = emptyTally();
      const figures = new MatchFigures();
      counts.forEach((count, matchIndex) => {
        figures.clear();
        figures.trial('hit', count === 1);
        recordMatch(oracle, { cluster: Math.floor(matchIndex / clusterSize), clusterSize }, figures);
      });
      const asMean = recordHits(counts, clusterSize, () => aggregate);
      const asRate = clusteredRate(settledFigures(oracle)['hit'], 0.95);
      const hit = report.summarize(aggregate, 0.95).events['hit'];
      expect(hit, `clusters of ${clusterSize}`).toMatchObject({ mean: 0.02, n: 400, clusters: 400 / clusterSize });
      expect(hit?.lower, `clusters of ${clusterSize}`).toBeCloseTo(asRate.lower, 12);
      expect(hit?.upper, `clusters of ${clusterSize}`).toBeCloseTo(asRate.upper, 12);
      // Not the t interval, which is symmetric about the mean; the spread and design effect stay the mean's.
      expect(hit?.upper).not.toBeCloseTo(asMean.upper, 6);
      expect(hit?.sd).toBeCloseTo(asMean.sd, 12);
      expect(hit?.designEffect).toBeCloseTo(asMean.designEffect, 12);
    }
    // Every match once: a rate of 1, with a rate's interval (audit 37a: no interval, as a mean
    // whose samples were all equal, and a check on it inconclusive), for single matches and pairs.
    for (const clusterSize of [1, 2]) {
      const every = report.emptyAggregate() as GenericAggregate;
      recordHits(counts.map(() => 1), clusterSize, () => every);
      const once = report.summarize(every, 0.95).events['hit'];
      const oracle = emptyTally();
      const figures = new MatchFigures();
      counts.forEach((_, matchIndex) => {
        figures.clear();
        figures.trial('hit', true);
        recordMatch(oracle, { cluster: Math.floor(matchIndex / clusterSize), clusterSize }, figures);
      });
      const asRate = clusteredRate(settledFigures(oracle)['hit'], 0.95);
      expect(once, `clusters of ${clusterSize}`).toMatchObject({ mean: 1, upper: 1, n: 400 });
      expect(once?.lower, `clusters of ${clusterSize}`).toBeCloseTo(asRate.lower, 12);
      expect(once?.lower).toBeLessThan(clusterSize === 1 ? 0.995 : 0.99);
      expect(once?.lower).toBeGreaterThan(0.98);
      expect(once?.note).toBeUndefined();
    }
    // One match with two events: the counts are no rate, and the t interval stands.
    const aggregate = report.emptyAggregate() as GenericAggregate;
    const twice = counts.map((count, i) => (i === 7 ? 2 : count));
    const expected = recordHits(twice, 1, () => aggregate);
    const hit = report.summarize(aggregate, 0.95).events['hit'];
    expect(hit?.lower).toBeCloseTo(expected.lower, 12);
    expect(hit?.upper).toBeCloseTo(expected.upper, 12);
  });

  it('gives an event type no match emitted 0 a match where a reader asks for it by name, and leaves every other figure and summary alone', () => {
    const aggregate = report.emptyAggregate() as GenericAggregate;
    recordHits([0, 2, 0, 1], 1, () => aggregate);
    const summary = report.summarize(aggregate, 0.95);
    const read = withUnseenEvents(summary, ['events.miss', 'events.hit', 'moves', 'eventsmiss', 'events.']) as typeof summary;
    expect(read.events['miss']).toEqual({ total: 0, perMatch: 0, mean: 0, lower: Number.NaN, upper: Number.NaN, sd: 0, n: 4, designEffect: 1, clusters: 4, note: 'no match emitted miss, all 4 counts 0; types emitted: hit' });
    expect(Object.keys(read.events)).toEqual(['hit', 'miss']);
    expect(read.events['hit']).toBe(summary.events['hit']);
    expect(read.moves).toBe(summary.moves);
    // The summary read is not changed; one with every asked type, or none, is handed back as it is.
    expect(Object.keys(summary.events)).toEqual(['hit']);
    expect(withUnseenEvents(summary, ['events.hit', 'p1WinRate'])).toBe(summary);
    // No match at all: no value either. A summary that is not the generic report's is left alone.
    const empty = withUnseenEvents(report.summarize(report.emptyAggregate(), 0.95), ['events.miss']) as typeof summary;
    expect(empty.events['miss']).toMatchObject({ mean: Number.NaN, n: 0, clusters: 0, note: 'no match emitted miss, all 0 counts 0; types emitted: none' });
    const trainers = { p1WinRate: { rate: 0.5 }, events: 'not a record' };
    expect(withUnseenEvents(trainers, ['events.miss'])).toBe(trainers);
    expect(withUnseenEvents(null, ['events.miss'])).toBeNull();
    // A game's own report with moves and a group of figures under events: its events.rare.share
    // is its own, and a zero added beside it was read in its place (review 25c).
    const own = { p1WinRate: summary.seat1WinRate, moves: summary.moves, decided: summary.decided, drawRate: summary.drawRate, events: { rare: { share: summary.seat1WinRate } } };
    expect(withUnseenEvents(own, ['events.rare.share', 'events.miss'])).toBe(own);
    // A field of an emitted type's figure is no type of its own; a type with a dot in its name is
    // one (review 25d: 'card.drawn' beside 'card' was refused); a name every object has is none.
    expect(withUnseenEvents(summary, ['events.hit.perMatch', 'events.hit.total', 'events.constructor', 'events.__proto__'])).toBe(summary);
    const dotted = withUnseenEvents(summary, ['events.hit.drawn']) as typeof summary;
    expect(dotted.events['hit.drawn']).toMatchObject({ mean: 0, n: 4, note: 'no match emitted hit.drawn, all 4 counts 0; types emitted: hit' });
    expect(Object.getPrototypeOf(dotted.events)).toBe(Object.prototype);
  });

  it('gives an approximate interval, and says so, where a rotated pair lacks a match', () => {
    // 59 matches in pairs: the last pair has one. Each unit is taken at the mean size, 59/30.
    const counts = Array.from({ length: 59 }, (_, i) => ((i * 7919) % 13) % 5);
    const aggregate = report.emptyAggregate() as GenericAggregate;
    const exact = recordHits(counts, 2, () => aggregate);
    const summary = report.summarize(aggregate, 0.95);
    const hit = summary.events['hit'];
    expect(hit?.mean).toBeCloseTo(exact.mean, 12);
    expect(hit?.note).toMatch(/^approximate interval/);
    // Close to the exact interval, not equal to it.
    const half = (exact.upper - exact.lower) / 2;
    expect(Math.abs((hit?.lower as number) - exact.lower)).toBeLessThan(0.05 * half);
    expect(Math.abs((hit?.upper as number) - exact.upper)).toBeLessThan(0.05 * half);
    expect(report.formatSummary(summary)).toMatch(/hit: .*\(approximate interval: some units lack a match\)/);
  });

  it("keeps an approximate interval of few units within what a mean can have, and says it is approximate in report.md", async () => {
    // Three matches in pairs, counts 0, 0 and 9: taken at the mean size the variance would pass a
    // single match's (a design effect above n, which summary.json refuses), and the interval 0.
    const aggregate = report.emptyAggregate() as GenericAggregate;
    recordHits([0, 0, 9], 2, () => aggregate);
    const hit = report.summarize(aggregate, 0.95).events['hit'];
    expect(hit?.designEffect).toBeLessThanOrEqual(3);
    expect(hit?.lower).toBeGreaterThanOrEqual(0);
    expect(hit?.note).toMatch(/^approximate interval/);
    // A shard that cuts a rotated pair: its own report reads the figure and marks it.
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-generic-'));
    writeFileSync(join(dir, 'fs.yaml'), `game: ${resolve('tests/fixtures/game-modules/first-six.mjs')}\nmatches: 6\nseed: 2\nseats:\n  rotate: [random, greedy]\n`);
    expect((await hordelabIn(dir, 'run', 'fs.yaml', '--shard', '1/2', '-w', '0', '-q', '-o', 's1')).status).toBe(0);
    const written = await hordelabIn(dir, 'report', 's1', '--format', 'md,csv');
    expect(written.stderr).toBe('');
    expect(readFileSync(join(dir, 's1', 'report.md'), 'utf8')).toMatch(/^\| `events\.rolled` \| [\d.]+ \| \[[\d.]+, [\d.]+\] \(approximate\) \|/m);
    // And metrics.csv's note column, where a reader of the bounds alone would take them as exact.
    expect(readFileSync(join(dir, 's1', 'metrics.csv'), 'utf8')).toMatch(/^events\.rolled,mean,[^\n]*,"approximate interval: [^"\n]*"$/m);
  });

  it('keeps two seats as they were: a shared top is every seat, so a draw, and no shared-top figures', () => {
    const aggregate = report.emptyAggregate() as GenericAggregate;
    const collector = report.createCollector({ eventRows: false });
    const winners = [[1, 1], [1, 0], [0, 2]].map((returns, matchIndex) => collector.finishMatch({ matchIndex, seed: '', cluster: matchIndex, clusterSize: 1, returns }, aggregate).matchRow[0]);
    const summary = report.summarize(aggregate, 0.95);
    expect(winners).toEqual(['draw', 'seat1', 'seat2']);
    expect(summary.drawRate).toMatchObject({ successes: 1, n: 3 });
    expect(summary.sharedTopRate).toBeUndefined();
    expect(summary.seat1TopRate).toBeUndefined();
    expect(report.formatSummary(summary)).toMatch(/^draws +33\.3%/m);
  });

  it("refuses a game's event typed as the wrapper's own, as a property every object has, with a line break, or not as text: the match fails", () => {
    const bad: [unknown, string][] = [
      ['hordelab.decision', 'types starting "hordelab." are Hordelab\'s own'],
      ['hordelab.matchEnd', 'types starting "hordelab." are Hordelab\'s own'],
      ['hordelab.other', 'types starting "hordelab." are Hordelab\'s own'],
      ['constructor', 'a name every JavaScript object has as a property'],
      ['__proto__', 'a name every JavaScript object has as a property'],
      ['toString', 'a name every JavaScript object has as a property'],
      [42, "an event's type is 42; expected text naming the event"],
      [undefined, "an event's type is undefined; expected text naming the event"],
      ['moved\n<b>', 'expected a name, without line breaks or control characters'],
      ['tab\there', 'expected a name, without line breaks or control characters'],
      ['a\u2028b', 'an event\'s type is "a\\u2028b"; expected a name'],
      ['', 'expected a name, without line breaks or control characters'],
    ];
    for (const [type, message] of bad) {
      const collector = report.createCollector({ eventRows: false });
      collector.onEvent({ type: 'hit' });
      expect(() => collector.onEvent({ type } as GameEvent), String(type)).toThrow(ContractBreach);
      expect(() => collector.onEvent({ type } as GameEvent), String(type)).toThrow(message);
      expect(eventTypeProblem(type)).toContain(message);
    }
    expect(eventTypeProblem('hit')).toBeNull();
    expect(eventTypeProblem('hordelab')).toBeNull();
    expect(eventTypeProblem('card played (ü)')).toBeNull();
  });

  it("takes a game's events of an allowed type however often they come, and counts the wrapper's events only once each", () => {
    const aggregate = report.emptyAggregate() as GenericAggregate;
    const collector = report.createCollector({ eventRows: false });
    for (let i = 0; i < 3; i++) collector.onEvent({ type: 'hit' });
    collector.onEvent({ type: 'valueOf ' });
    const rows = collector.finishMatch({ matchIndex: 0, seed: '', cluster: 0, clusterSize: 1, returns: [1, -1] }, aggregate);
    expect(rows.matchRow).toEqual(['seat1', 0]);
    expect(aggregate.eventCounts).toEqual({ hit: 3, 'valueOf ': 1 });
  });
});
