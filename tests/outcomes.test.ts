/**
 * The outcome tables every game gets: each agent counted once per match (an agent playing
 * itself says nothing about itself and is left out of its overall rates), and every rate
 * clustered by the run's independent unit.
 */
import { describe, expect, it } from 'vitest';
import { addOutcome, emptyOutcomes, formatOutcomes, mergeOutcomes, seatResults, summarizeOutcomes } from '../src/reports/outcomes.js';
import { clusteredMean, clusteredRate, emptyTally, MatchFigures, recordMatch, settledFigures, type ClusterSums, type MeanEstimate } from '../src/stats/clusters.js';
import { exactCoverage } from '../src/stats/exact-coverage.js';

const WIN = [1, -1];
const LOSS = [-1, 1];
const DRAW = [0, 0];

describe('outcome tables', () => {
  it('count an agent in both seats once per match: its self-play is left out of its overall rates, with a note', () => {
    const aggregate = emptyOutcomes(2);
    const results = [WIN, LOSS, DRAW, WIN, DRAW, LOSS, WIN, WIN, DRAW, LOSS];
    results.forEach((returns, match) => addOutcome(aggregate, returns, ['coin', 'coin'], { cluster: match, clusterSize: 1 }));
    const summary = summarizeOutcomes(aggregate, 0.95);
    // The seat table counts matches: 10, not 20.
    expect(summary.bySeat['seat1']?.n).toBe(10);
    expect(summary.bySeat['seat1']?.draw.successes).toBe(3);
    const agent = summary.byAgent['coin'];
    expect(agent?.overall.n).toBe(0);
    expect(agent?.selfPlayMatches).toBe(10);
    expect(agent?.note).toBe('plays itself in every match: its results are the seat table');
    // No match against another agent: no score either.
    expect(agent?.overall.score).toEqual({ mean: Number.NaN, lower: Number.NaN, upper: Number.NaN, sd: Number.NaN, n: 0, designEffect: 1, clusters: 0 });
    // Its seat rows count each match once, as the seat table does.
    expect(agent?.bySeat['seat1']?.n).toBe(10);
    expect(agent?.bySeat['seat2']?.win.successes).toBe(3);
  });

  it('count two agents once each per match, with points per match, and merge the same however split', () => {
    const results = [WIN, LOSS, DRAW, WIN, DRAW, LOSS, WIN, WIN];
    const whole = emptyOutcomes(2);
    results.forEach((returns, match) => addOutcome(whole, returns, ['a', 'b'], { cluster: match, clusterSize: 1 }));
    const left = emptyOutcomes(2);
    const right = emptyOutcomes(2);
    results.forEach((returns, match) => addOutcome(match < 3 ? left : right, returns, ['a', 'b'], { cluster: match, clusterSize: 1 }));
    mergeOutcomes(right, left);
    expect(summarizeOutcomes(right, 0.95)).toEqual(summarizeOutcomes(whole, 0.95));
    const { byAgent } = summarizeOutcomes(whole, 0.95);
    expect(byAgent['a']?.overall.n).toBe(8);
    expect(byAgent['a']?.overall.win.successes).toBe(4);
    expect(byAgent['b']?.overall.loss.successes).toBe(4);
    // 4 wins and 2 draws of 8: (4 + 1) / 8 points per match.
    expect(byAgent['a']?.overall.score.mean).toBe(5 / 8);
    expect(byAgent['a']?.selfPlayMatches).toBe(0);
  });

  it("judge an agent holding several seats by its best seat against the other agents' best: its own seats sharing the top is its win", () => {
    const aggregate = emptyOutcomes(4);
    const agents = ['a', 'a', 'b', 'b'];
    const at = (match: number) => ({ cluster: match, clusterSize: 1 });
    // a's two seats share the top, no b seat is level: a wins, b loses (each seat alone drew or lost).
    addOutcome(aggregate, [3, 3, 1, 0], agents, at(0));
    // a's best is level with b's best: a draw for both.
    addOutcome(aggregate, [3, 1, 3, 0], agents, at(1));
    // b's best is above a's: b wins.
    addOutcome(aggregate, [1, 2, 0, 5], agents, at(2));
    // a's one seat strictly on top: a wins.
    addOutcome(aggregate, [0, 4, 1, 1], agents, at(3));
    const { byAgent, bySeat } = summarizeOutcomes(aggregate, 0.95);
    const counts = (name: string) => {
      const overall = byAgent[name]!.overall;
      return [overall.win.successes, overall.draw.successes, overall.loss.successes];
    };
    expect(counts('a')).toEqual([2, 1, 1]);
    expect(counts('b')).toEqual([1, 1, 2]);
    // The seat table is still per seat: seats 1 and 2 each drew match 0, seat 1 drew match 1 too.
    expect([bySeat['seat1']!.draw.successes, bySeat['seat2']!.draw.successes]).toEqual([2, 1]);
    // (2 + 1/2) / 4 points a match.
    expect(byAgent['a']!.overall.score.mean).toBe(2.5 / 4);
    // Its rows per seat judge it by the same rule (audit 22a: a team's seats read 0% wins as each
    // seat alone, under an overall row of 50%): in every match it held both seats, so each row is
    // its overall result.
    for (const name of ['a', 'b']) {
      for (const seat of name === 'a' ? ['seat1', 'seat2'] : ['seat3', 'seat4']) {
        const row = byAgent[name]!.bySeat[seat]!;
        expect([row.win.successes, row.draw.successes, row.loss.successes], `${name} ${seat}`).toEqual(counts(name));
      }
    }
  });

  it("give an agent holding some seats of some matches its result there in each seat's row, and self-play the seats' own results", () => {
    const aggregate = emptyOutcomes(3);
    const at = (match: number) => ({ cluster: match, clusterSize: 1 });
    // a holds seats 1 and 3: its seat 3 shares the top with seat 1, above b: a wins in rows 1 and 3.
    addOutcome(aggregate, [2, 1, 2], ['a', 'b', 'a'], at(0));
    // a holds seat 2 alone: its seat's own result, a loss.
    addOutcome(aggregate, [2, 1, 0], ['b', 'a', 'b'], at(1));
    // a plays itself: left out of overall; each row the seat's result (seat 1 wins, seats 2, 3 lose).
    addOutcome(aggregate, [3, 1, 0], ['a', 'a', 'a'], at(2));
    const a = summarizeOutcomes(aggregate, 0.95).byAgent['a']!;
    const row = (seat: string) => [a.bySeat[seat]!.win.successes, a.bySeat[seat]!.draw.successes, a.bySeat[seat]!.loss.successes, a.bySeat[seat]!.n];
    expect([a.overall.win.successes, a.overall.loss.successes, a.overall.n, a.selfPlayMatches]).toEqual([1, 1, 2, 1]);
    expect(row('seat1')).toEqual([2, 0, 0, 2]);
    expect(row('seat2')).toEqual([0, 0, 2, 2]);
    expect(row('seat3')).toEqual([1, 0, 1, 2]);
  });

  it('cluster rotated pairs: the agents\' rates count pairs as their independent units', () => {
    const aggregate = emptyOutcomes(2);
    // Every pair split: a wins one seating and loses the other, so a's rate has no spread across pairs.
    for (let pair = 0; pair < 20; pair++) {
      addOutcome(aggregate, WIN, ['a', 'b'], { cluster: pair, clusterSize: 2 });
      addOutcome(aggregate, WIN, ['b', 'a'], { cluster: pair, clusterSize: 2 });
    }
    const summary = summarizeOutcomes(aggregate, 0.95);
    expect(summary.byAgent['a']?.overall.win.clusters).toBe(20);
    expect(summary.byAgent['a']?.overall.win.rate).toBe(0.5);
    // Seat 1 won every match: a seat rate of 1 over 20 pairs.
    expect(summary.bySeat['seat1']?.win.clusters).toBe(20);
    expect(summary.bySeat['seat1']?.win.rate).toBe(1);
  });

  it('classify each seat from the returns: strictly highest wins, a shared highest draws, the rest lose', () => {
    expect(seatResults([2, 3])).toEqual(['loss', 'win']);
    expect(seatResults([1, 1, 0])).toEqual(['draw', 'draw', 'loss']);
    expect(seatResults([-5, -5])).toEqual(['draw', 'draw']);
    expect(seatResults([0, 4, 4, 4])).toEqual(['loss', 'draw', 'draw', 'draw']);
    expect(seatResults([7])).toEqual(['win']);
  });

  it('merge counts of matches and of self-play, so notes and rates are the same however the run is split', () => {
    const agents = ['a', 'a', 'b'];
    const matches: [number[], string[]][] = [
      [[1, 0, 0], agents],
      [[0, 0, 1], ['a', 'a', 'a']],
      [[2, 1, 0], ['a', 'a', 'a']],
      [[0, 1, 2], agents],
      [[3, 3, 3], agents],
    ];
    const whole = emptyOutcomes(3);
    matches.forEach(([returns, names], match) => addOutcome(whole, returns, names, { cluster: match, clusterSize: 1 }));
    const parts = [emptyOutcomes(3), emptyOutcomes(3)];
    matches.forEach(([returns, names], match) => addOutcome(parts[match % 2]!, returns, names, { cluster: match, clusterSize: 1 }));
    const merged = emptyOutcomes(3);
    mergeOutcomes(merged, parts[0]!);
    mergeOutcomes(merged, parts[1]!);
    expect(merged.agents).toEqual({ a: 5, b: 3 });
    expect(merged.selfPlay).toEqual({ a: 2 });
    expect(whole.agents).toEqual(merged.agents);
    expect(whole.selfPlay).toEqual(merged.selfPlay);
    const summary = summarizeOutcomes(merged, 0.95);
    expect(summary).toEqual(summarizeOutcomes(whole, 0.95));
    expect(summary.byAgent['a']?.selfPlayMatches).toBe(2);
    expect(summary.byAgent['a']?.note).toBe('2 matches against itself left out of overall');
    // b never played itself: no note at all.
    expect(summary.byAgent['b']?.selfPlayMatches).toBe(0);
    expect('note' in (summary.byAgent['b'] as object)).toBe(false);
    // a: a win, a loss and a three-way draw over the 3 matches against b.
    expect([summary.byAgent['a']?.overall.win.successes, summary.byAgent['a']?.overall.draw.successes, summary.byAgent['a']?.overall.loss.successes]).toEqual([1, 1, 1]);
  });

  it('list seats 1..N, agents in name order, and only the seats an agent played', () => {
    const aggregate = emptyOutcomes(3);
    addOutcome(aggregate, [1, 0, 0], ['zed', 'amy', 'amy'], { cluster: 0, clusterSize: 1 });
    addOutcome(aggregate, [0, 1, 0], ['zed', 'amy', 'amy'], { cluster: 1, clusterSize: 1 });
    const summary = summarizeOutcomes(aggregate, 0.95);
    expect(Object.keys(summary.bySeat)).toEqual(['seat1', 'seat2', 'seat3']);
    expect(Object.keys(summary.byAgent)).toEqual(['amy', 'zed']);
    expect(Object.keys(summary.byAgent['zed']!.bySeat)).toEqual(['seat1']);
    expect(Object.keys(summary.byAgent['amy']!.bySeat)).toEqual(['seat2', 'seat3']);
  });

  it('give the score in points: the half-points mean halved, its interval that of a rate of half-points, two a match', () => {
    const aggregate = emptyOutcomes(2);
    const results = [WIN, DRAW, LOSS, WIN, WIN, DRAW, LOSS, LOSS, WIN, DRAW, WIN, LOSS];
    results.forEach((returns, match) => addOutcome(aggregate, returns, ['a', 'b'], { cluster: match, clusterSize: 1 }));
    const score = summarizeOutcomes(aggregate, 0.95).byAgent['a']!.overall.score;
    // The same points (1, ½, 0) measured directly.
    const tally = emptyTally();
    const figures = new MatchFigures();
    results.forEach((returns, match) => {
      figures.clear();
      figures.sample('halfPoints', returns[0] === 1 ? 2 : returns[0] === 0 ? 1 : 0);
      recordMatch(tally, { cluster: match, clusterSize: 1 }, figures);
    });
    const sums = settledFigures(tally)['halfPoints'] as ClusterSums;
    const direct = clusteredMean(sums, 0.95);
    expect(score.mean).toBeCloseTo(direct.mean / 2, 12);
    expect(score.sd).toBeCloseTo(direct.sd / 2, 12);
    expect([score.n, score.designEffect, score.clusters]).toEqual([direct.n, direct.designEffect, direct.clusters]);
    // 13 half-points of 24 (two a match), the matches the clusters.
    const asRate = clusteredRate({ clusters: 12, x: 13, n: 24, xx: sums.xx, xn: 2 * sums.xn, nn: 4 * sums.nn, ee: 13 }, 0.95);
    expect([sums.x, sums.n]).toEqual([13, 12]);
    expect([score.lower, score.upper]).toEqual([asRate.lower, asRate.upper]);
    expect(score.lower).toBeLessThan(score.mean);
    expect(score.upper).toBeGreaterThan(score.mean);
    // Every match drawn: no spread, and still an interval (the mean alone would give none).
    const drawn = emptyOutcomes(2);
    for (let match = 0; match < 10; match++) addOutcome(drawn, DRAW, ['a', 'b'], { cluster: match, clusterSize: 1 });
    const even = summarizeOutcomes(drawn, 0.95).byAgent['a']!.overall.score;
    expect(even.mean).toBe(0.5);
    expect(even.lower).toBeLessThan(0.5);
    expect(even.upper).toBeGreaterThan(0.5);
    expect(even.note).toBeUndefined();
  });

  it("covers a rotated agent's score at least 94.5% of the time, exactly, where pairs rarely stray from one win each (review 21)", () => {
    // 100 rotated pairs: a pair is won by a twice with probability `both`, by b twice with `none`,
    // else split; summed over the trinomial of such pairs (each outcome's run built and summarized).
    const scoreOf = (both: number, none: number): MeanEstimate => {
      const aggregate = emptyOutcomes(2);
      for (let pair = 0; pair < 100; pair++) {
        const aWins = pair < both ? [true, true] : pair < both + none ? [false, false] : [true, false];
        aWins.forEach((won, k) => {
          const aSeat = k;
          const returns = won === (aSeat === 0) ? WIN : LOSS;
          addOutcome(aggregate, returns, k === 0 ? ['a', 'b'] : ['b', 'a'], { cluster: pair, clusterSize: 2 });
        });
      }
      return summarizeOutcomes(aggregate, 0.95).byAgent['a']!.overall.score;
    };
    for (const [none, both] of [[0.01, 0], [0.03, 0.005]] as const) {
      const truth = both + (1 - none - both) / 2;
      const coverage = exactCoverage(100, both, none, (twice, never) => {
        const score = scoreOf(twice, never);
        return score.lower <= truth && truth <= score.upper;
      });
      expect(coverage, `none ${none}, both ${both}`).toBeGreaterThanOrEqual(0.945);
    }
  });

  it('print one row per agent and per seat it played, named by the seat, with the notes below', () => {
    const aggregate = emptyOutcomes(2);
    [WIN, LOSS, DRAW, WIN].forEach((returns, match) => addOutcome(aggregate, returns, match % 2 === 0 ? ['a', 'b'] : ['b', 'a'], { cluster: match, clusterSize: 1 }));
    addOutcome(aggregate, WIN, ['a', 'a'], { cluster: 4, clusterSize: 1 });
    addOutcome(aggregate, DRAW, ['b', 'b'], { cluster: 5, clusterSize: 1 });
    const text = formatOutcomes(summarizeOutcomes(aggregate, 0.95), ['first', 'second']);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^agent +games +wins +95% interval +draws +losses +match points per game \(win 1, draw ½\) \[95%\]$/);
    // a: won match 0 (seat 1) and match 1 (seat 2), drew match 2, lost match 3 (seat 2).
    expect(lines[1]).toMatch(/^a +4 +50\.0% +\[[\d.]+%, [\d.]+%\] +25\.0% +25\.0% +0\.625 /);
    expect(lines[2]).toMatch(/^ {2}as first +3 /);
    expect(lines[3]).toMatch(/^ {2}as second +3 /);
    // A seat row has no score cell: label, games, wins, interval, draws, losses.
    expect(lines[2]?.trim().split(/\s{2,}/)).toHaveLength(6);
    expect(lines[4]).toMatch(/^b +4 +25\.0% /);
    expect(lines.slice(-2)).toEqual(['(a: 1 matches against itself left out of overall)', '(b: 1 matches against itself left out of overall)']);
    // Without notes, no lines after the table; an agent that only played itself shows no score.
    const alone = emptyOutcomes(2);
    addOutcome(alone, WIN, ['c', 'c'], { cluster: 0, clusterSize: 1 });
    const aloneText = formatOutcomes(summarizeOutcomes(alone, 0.95), ['first', 'second']);
    expect(aloneText.split('\n')[1]?.trim().split(/\s{2,}/)).toEqual(['c', '0', '-', 'no samples', '-', '-', '-']);
    expect(aloneText.split('\n').at(-1)).toBe('(c: plays itself in every match: its results are the seat table)');
    const plain = emptyOutcomes(2);
    addOutcome(plain, WIN, ['a', 'b'], { cluster: 0, clusterSize: 1 });
    expect(formatOutcomes(summarizeOutcomes(plain, 0.95), ['first', 'second']).split('\n')).toHaveLength(5);
  });
});
