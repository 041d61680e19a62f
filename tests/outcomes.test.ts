/**
 * The outcome tables every game gets: each agent counted once per match (an agent playing
 * itself says nothing about itself and is left out of its overall rates), and every rate
 * clustered by the run's independent unit.
 */
import { describe, expect, it } from 'vitest';
import { addOutcome, emptyOutcomes, mergeOutcomes, summarizeOutcomes } from '../src/reports/outcomes.js';

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
});
