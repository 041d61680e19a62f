/**
 * Game-quality metrics: each figure against a hand count on scripted matches (the runner's own
 * decision hook, a heuristic known at every step), exact merges, the skill order behind the
 * chance share (whole runs: tests/quality-run.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { greedyAgent } from '../agents/greedy.js';
import { randomAgent } from '../agents/random.js';
import type { AgentFactory } from '../src/core/agent.js';
import type { AnyGame, Heuristic } from '../src/core/game.js';
import { playMatch } from '../src/core/match-runner.js';
import { formatSeed } from '../src/core/rng.js';
import { leadChanges, leaderOf, NO_LEADER, turnsBeforePermanentLead, winnerTrailed } from '../src/quality/lead.js';
import { emptyQuality, mergeQuality, recordQuality, summarizeQuality, type QualitySummary } from '../src/quality/quality-figures.js';
import { MatchTrace } from '../src/quality/match-trace.js';
import { formatQuality } from '../src/quality/quality-text.js';
import { MatchFigures } from '../src/stats/clusters.js';
import { withQualityMetrics } from '../src/quality/quality-report.js';
import { skillOrder } from '../src/quality/skill-order.js';
import type { AnyGameReport, MatchCollector } from '../src/reports/report.js';
import { scriptedLeads, type ScriptParams } from './fixtures/scripted-leads.js';

/** A report with no figures of its own, so only the quality figures show. */
const bare: AnyGameReport = {
  gameId: 'scripted-leads',
  matchColumns: [],
  eventTables: [],
  createCollector: () => ({ onEvent() {}, finishMatch: () => ({ matchRow: [], eventRows: [] }), discardMatch() {} }),
  emptyAggregate: () => ({}),
  mergeAggregates() {},
  summarize: () => ({}),
  formatSummary: () => '',
};

const A = (legal: number, h: [number, number]) => ({ seat: 0, legal, h });
const B = (legal: number, h: [number, number]) => ({ seat: 1, legal, h });

/**
 * Lead changes twice at turn starts (none, A, A, B, A), though reading the heuristic at every
 * decision would see four (B's second decision has B ahead); A wins, led for good from turn 5 of 5.
 */
const twoChanges: ScriptParams = {
  steps: [A(3, [0, 0]), { chance: true }, B(2, [1, -1]), B(4, [-1, 1]), A(1, [1, -1]), B(2, [-0.5, 0.5]), A(2, [0.2, -0.2])],
  returns: [1, -1],
  capped: false,
};
/** A draw at the cap: leaders A then B, none at the end. */
const cappedDraw: ScriptParams = { steps: [A(2, [1, 0]), B(2, [0, 1])], returns: [0, 0], capped: true };
/** B moves first and leads throughout. */
const wireToWire: ScriptParams = { steps: [B(5, [-1, 1]), A(1, [-1, 1])], returns: [-1, 1], capped: false };

interface Played {
  readonly params: ScriptParams;
  readonly agents: readonly AgentFactory[];
  readonly names?: readonly string[];
}

const seatsOf = (names: readonly string[]) => names.map((name) => ({ name, agent: name, config: {} }));

/** Plays each match through the runner into one collector, as a chunk does. */
function play(report: AnyGameReport, matches: readonly Played[], aggregate: unknown = report.emptyAggregate(), cluster?: (index: number) => { cluster: number; clusterSize: number }, game: AnyGame = scriptedLeads, firstIndex = 0): unknown {
  const collector = report.createCollector({ eventRows: false }) as MatchCollector<never, unknown>;
  matches.forEach((match, position) => {
    const matchIndex = firstIndex + position;
    // As a run's chunk does: the collector hears which match comes.
    collector.startMatch?.(matchIndex);
    const outcome = playMatch(
      {
        game,
        params: match.params,
        seats: match.agents.map((factory) => ({ factory, config: {} })),
        runSeed: 1,
        matchIndex,
        onDecision: (seat, legal, state) => collector.onDecision?.(seat, legal, state),
      },
      null,
    );
    const where = cluster?.(matchIndex) ?? { cluster: matchIndex, clusterSize: 1 };
    collector.finishMatch({ matchIndex, seed: formatSeed(outcome.seed), ...where, agents: match.names ?? ['a', 'b'], returns: outcome.returns, finalState: outcome.finalState, endedAtCap: outcome.endedAtCap }, aggregate);
  });
  return aggregate;
}

const quality = (report: AnyGameReport, aggregate: unknown): QualitySummary => (report.summarize(aggregate, 0.95) as { quality: QualitySummary }).quality;

describe('lead figures', () => {
  it('finds a strict leader, or none when the highest is shared', () => {
    expect(leaderOf([0.2, -0.2])).toBe(0);
    expect(leaderOf([1, 3, 2])).toBe(1);
    expect(leaderOf([1, 1, 0])).toBe(NO_LEADER);
    expect(leaderOf([])).toBe(NO_LEADER);
  });

  it('counts changes of leader, a shared lead in between changing nothing', () => {
    expect(leadChanges([0, NO_LEADER, 0], 0)).toBe(0);
    expect(leadChanges([0, NO_LEADER, 1], 1)).toBe(1);
    expect(leadChanges([NO_LEADER, 0, 0, 1, 0], 0)).toBe(2);
    // The end counts: a last-turn overtake is a change.
    expect(leadChanges([1, 1], 0)).toBe(1);
    expect(leadChanges([], 0)).toBe(0);
  });

  it('finds the turn from which the winner led for good, and whether it ever trailed', () => {
    expect(turnsBeforePermanentLead([0, 0, 0], 0)).toBe(0);
    expect(turnsBeforePermanentLead([1, 0, NO_LEADER, 0], 0)).toBe(3);
    expect(turnsBeforePermanentLead([0, 1], 0)).toBe(2);
    expect(winnerTrailed([NO_LEADER, 0, 0], 0)).toBe(false);
    expect(winnerTrailed([0, 1, 0], 0)).toBe(true);
  });
});

describe('quality figures of scripted matches', () => {
  const report = withQualityMetrics(bare, scriptedLeads, seatsOf(['greedy', 'random']));
  const matches: Played[] = [
    { params: twoChanges, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] },
    { params: cappedDraw, agents: [randomAgent, randomAgent], names: ['random', 'greedy'] },
    { params: wireToWire, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] },
  ];

  it("read the match's own answer of endedAtCap, asked once within it, not the game again (review 32b: a second answer that threw crashed the run)", () => {
    let asked = 0;
    const askedOnce: AnyGame = {
      ...scriptedLeads,
      endedAtCap: (state) => {
        asked++;
        if (asked > matches.length) throw new Error('endedAtCap asked a second time');
        return (scriptedLeads.endedAtCap as (state: unknown) => boolean)(state);
      },
    };
    const once = withQualityMetrics(bare, askedOnce, seatsOf(['greedy', 'random']));
    const q = quality(once, play(once, matches, undefined, undefined, askedOnce));
    expect([q.capped?.successes, q.capped?.n, asked]).toEqual([1, 3, 3]);
  });

  it('equal what a hand count of the three matches gives', () => {
    const q = quality(report, play(report, matches));
    expect(q.matches).toBe(3);
    expect([q.bySeat['seat1']?.win.successes, q.bySeat['seat1']?.draw.successes, q.bySeat['seat2']?.win.successes, q.bySeat['seat2']?.loss.successes]).toEqual([1, 1, 1, 1]);
    expect([q.draw.successes, q.draw.n]).toEqual([1, 3]);
    expect([q.capped?.successes, q.capped?.n]).toEqual([1, 3]);
    // First movers: A won, A drew, B won.
    expect([q.firstMover.win.successes, q.firstMover.win.n]).toEqual([2, 3]);
    expect([q.firstMover.decidedWin.successes, q.firstMover.decidedWin.n]).toEqual([2, 2]);
    expect(q.firstMover.advantage.value).toBeCloseTo(0.5, 12);
    // Decisions 6, 2, 2; turns 5, 2, 2; legal actions 3+2+4+1+2+2, 2+2, 5+1.
    expect(q.length.decisions.mean).toBeCloseTo(10 / 3, 12);
    expect(q.length.turns.mean).toBe(3);
    expect(q.length.histogram).toEqual([[2, 2], [6, 1]]);
    expect(q.length.quantiles).toEqual({ min: 2, median: 2, p90: 6, max: 6 });
    expect(q.branching.mean).toBeCloseTo(24 / 10, 12);
    expect(q.branching.n).toBe(3);
    // Decided matches: A led for good from turn 5 of 5 (4 before), B from turn 1 of 2 (0 before).
    expect(q.decisiveness!.mean).toBeCloseTo(4 / 7, 12);
    expect(q.decisiveness!.n).toBe(2);
    expect(q.leadChanges!.mean).toBe(1);
    expect([q.drama!.successes, q.drama!.n]).toEqual([1, 2]);
    // greedy (against random) lost only the third match.
    expect([q.chanceShare?.successes, q.chanceShare?.n, q.chanceShare?.stronger]).toEqual([1, 3, 'greedy']);
    for (const figure of [q.draw, q.drama!, q.branching, q.leadChanges!]) {
      const value = 'rate' in figure ? figure.rate : figure.mean;
      expect(figure.lower).toBeLessThanOrEqual(value);
      expect(figure.upper).toBeGreaterThanOrEqual(value);
    }
  });

  it('merge exactly: matches split across two aggregates give the same summary, in either order', () => {
    const whole = JSON.stringify(report.summarize(play(report, matches), 0.95));
    const first = play(report, matches.slice(0, 1));
    const rest = play(report, matches.slice(1));
    for (const parts of [[first, rest], [rest, first]]) {
      const merged = report.emptyAggregate();
      for (const part of parts) report.mergeAggregates(merged, part);
      expect(JSON.stringify(report.summarize(merged, 0.95))).toBe(whole);
    }
  });

  it('show no leader before the end where the heuristic is flat: decisiveness 1, drama 0, no lead change', () => {
    const flat: ScriptParams = { steps: [A(2, [0, 0]), B(3, [0, 0]), A(2, [0, 0])], returns: [1, -1], capped: false };
    const q = quality(report, play(report, [{ params: flat, agents: [randomAgent, randomAgent] }]));
    expect(q.decisiveness!.mean).toBe(1);
    expect([q.drama!.successes, q.drama!.n]).toEqual([0, 1]);
    expect(q.leadChanges!.mean).toBe(0);
    // Figures from a heuristic that never told the seats apart: said, not left to pass as measured.
    expect(q.notes.join('\n')).toContain('leads: the game heuristic put no seat strictly ahead at any turn start of the match, so decisiveness');
    expect(quality(report, play(report, matches)).notes.join('\n')).not.toContain('put no seat strictly ahead');
    const twice = quality(report, play(report, [{ params: flat, agents: [randomAgent, randomAgent] }, { params: flat, agents: [randomAgent, randomAgent] }]));
    expect(twice.notes.join('\n')).toContain('put no seat strictly ahead at any turn start of the 2 matches, so decisiveness');
  });

  it('refuse to merge a part recorded without quality figures, naming why', () => {
    expect(() => report.mergeAggregates(report.emptyAggregate(), { game: {} })).toThrow(/recorded without game-quality figures/);
  });

  it('count a rotated pair as one independent unit', () => {
    const pairs = [...matches, matches[0] as Played];
    const q = quality(report, play(report, pairs, undefined, (index) => ({ cluster: Math.floor(index / 2), clusterSize: 2 })));
    expect(q.draw.n).toBe(4);
    expect(q.draw.clusters).toBe(2);
    expect(q.leadChanges!.clusters).toBe(2);
    // The chance share over every seating is read as recorded, pairs and all, not added up seating by seating.
    expect([q.chanceShare?.n, q.chanceShare?.clusters]).toEqual([4, 2]);
  });

  it('count shared tops, each seat at the top and the first mover at the top with three seats, and none of them with two', () => {
    const three = { ...scriptedLeads, seats: ['A', 'B', 'C'] } as AnyGame;
    const threeReport = withQualityMetrics(bare, three, seatsOf(['a', 'b', 'c']));
    const step = (seat: number) => ({ seat, legal: 2, h: [0, 0, 0] });
    const ended = (returns: number[]): Played => ({ params: { steps: [step(0), step(1), step(2)], returns, capped: false }, agents: [randomAgent, randomAgent, randomAgent], names: ['a', 'b', 'c'] });
    // A and B share the top; B alone; C alone; a three-way draw.
    const q = quality(threeReport, play(threeReport, [ended([1, 1, -1]), ended([-1, 1, -1]), ended([-1, -1, 1]), ended([0, 0, 0])], undefined, undefined, three));
    expect([q.sharedTop?.successes, q.sharedTop?.n]).toEqual([1, 4]);
    expect([q.bySeat['seat1']?.top?.successes, q.bySeat['seat2']?.top?.successes, q.bySeat['seat3']?.top?.successes]).toEqual([1, 2, 1]);
    // A moved first in every match: at the top in the first.
    expect([q.firstMover.top?.successes, q.firstMover.top?.n]).toEqual([1, 4]);
    const aggregate = play(report, matches) as { quality: { tally: { figures: Record<string, unknown> } } };
    const recorded = Object.keys(aggregate.quality.tally.figures);
    expect(recorded.filter((name) => /top/i.test(name))).toEqual([]);
    expect(recorded).toEqual(expect.arrayContaining(['seat1:win', 'seat1:draw', 'seat1:loss', 'seat2:win', 'chanceShare@1', 'chanceShare@2:won']));
  });

  it('give no first mover to a match where no seat made a decision', () => {
    const chanceOnly: ScriptParams = { steps: [{ chance: true }], returns: [1, -1], capped: false };
    const q = quality(report, play(report, [{ params: chanceOnly, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] }]));
    expect([q.firstMover.win.n, q.draw.n]).toEqual([0, 1]);
  });

  it('count the chance share over matches where some decision had a choice: in forced moves alone skill cannot show', () => {
    const forced: ScriptParams = { steps: [A(1, [0, 0]), B(1, [0, 0])], returns: [-1, 1], capped: false };
    const onlyForced = quality(report, play(report, [{ params: forced, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] }]));
    expect([onlyForced.chanceShare?.successes, onlyForced.chanceShare?.n]).toEqual([0, 0]);
    expect(onlyForced.notes.join('\n')).toMatch(/chance share: no match had a decision with a choice/);
    // Beside the three matches above (greedy lost one of them): still 1 of 3.
    const mixed = quality(report, play(report, [...matches, { params: forced, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] }]));
    expect([mixed.chanceShare?.successes, mixed.chanceShare?.n]).toEqual([1, 3]);
    expect(mixed.notes.join('\n')).not.toMatch(/no match had a decision with a choice/);
    // An agent that holds only a seat that never acts in the run (a fixed score to beat): no
    // contest of skill, so no share (review 37h: "greedy lost to random" where random never
    // moved), said in a note and in the share's `none`.
    const alone: ScriptParams = { steps: [A(2, [0, 0]), A(3, [0, 0])], returns: [-1, 1], capped: false };
    const passive = quality(report, play(report, [{ params: alone, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] }]));
    expect([passive.chanceShare?.successes, passive.chanceShare?.n]).toEqual([0, 0]);
    expect(passive.chanceShare?.none).toBe('greedy and random never both held a seat that makes a decision (B never does), so no contest of skill was played');
    expect(passive.notes.join('\n')).toMatch(/chance share: greedy and random never both held a seat that makes a decision \(B never does\), so no contest of skill was played and the share has no matches/);
    // Rotated, each agent holds the seat that acts half the time, and the other never acts then:
    // no contest either (review 38g: "greedy lost to random 25%", every loss with greedy in B).
    const lostUnmoved: ScriptParams = { ...alone, returns: [1, -1] };
    const rotated = quality(report, play(report, [
      { params: alone, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] },
      { params: lostUnmoved, agents: [randomAgent, randomAgent], names: ['random', 'greedy'] },
    ]));
    expect([rotated.chanceShare?.n, rotated.chanceShare?.none]).toEqual([0, 'greedy and random never both held a seat that makes a decision (B never does), so no contest of skill was played']);
    expect(onlyForced.chanceShare?.none).toBe('no match had a decision with a choice, so skill could not show');
    expect(mixed.chanceShare?.none).toBeUndefined();
    // Over the run, not match by match (audit 38a): where both agents decide in some matches, a
    // match one of them won before the other moved is part of the contest. Greedy lost the one
    // where random, alone to decide, won (1 of 3 before: 2 of 4), and won the one where it alone
    // decided (its wins 1 of 3 before: 2 of 4).
    const beside = quality(report, play(report, [...matches, { params: lostUnmoved, agents: [randomAgent, randomAgent], names: ['random', 'greedy'] }]));
    expect([beside.chanceShare?.successes, beside.chanceShare?.n, beside.chanceShare?.none]).toEqual([2, 4, undefined]);
    const wonUnmoved = quality(report, play(report, [...matches, { params: lostUnmoved, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] }]));
    expect([wonUnmoved.chanceShare?.successes, wonUnmoved.chanceShare?.won.successes, wonUnmoved.chanceShare?.n]).toEqual([1, 2, 4]);
  });

  it('count the chance share, with four seats two of which never act, over the seatings where both agents held a seat that acts', () => {
    const four = { ...scriptedLeads, seats: ['A', 'B', 'C', 'D'] } as AnyGame;
    const fourReport = withQualityMetrics(bare, four, seatsOf(['greedy', 'random', 'greedy', 'random']));
    const step = (seat: number) => ({ seat, legal: 2, h: [0, 0, 0, 0] });
    const ends = (returns: number[]): ScriptParams => ({ steps: [step(0), step(1)], returns, capped: false });
    const interleaved = ['greedy', 'random', 'greedy', 'random'];
    const split = ['greedy', 'greedy', 'random', 'random'];
    const q = quality(fourReport, play(fourReport, [
      // Greedy in A and C, random in B and D: both hold a seat that acts (A, B). Greedy wins one, loses one.
      { params: ends([1, -1, -1, -1]), agents: [randomAgent, randomAgent, randomAgent, randomAgent], names: interleaved },
      { params: ends([-1, 1, -1, -1]), agents: [randomAgent, randomAgent, randomAgent, randomAgent], names: interleaved },
      // Greedy in B and D, random in A and C: both hold a seat that acts again. Greedy wins.
      { params: ends([-1, 1, -1, -1]), agents: [randomAgent, randomAgent, randomAgent, randomAgent], names: ['random', 'greedy', 'random', 'greedy'] },
      // Greedy in A and B, random in C and D, which never act: no contest, left out (its loss too).
      { params: ends([-1, -1, 1, -1]), agents: [randomAgent, randomAgent, randomAgent, randomAgent], names: split },
    ], undefined, undefined, four));
    // Lost 1 and won 2 of the 3 contested matches, over two seatings added together (three clusters).
    expect([q.chanceShare?.successes, q.chanceShare?.n, q.chanceShare?.won.successes, q.chanceShare?.won.n, q.chanceShare?.clusters, q.chanceShare?.none]).toEqual([1, 3, 2, 3, 3, undefined]);
    // Only the seating where random holds the two seats that never act: no contest at all.
    const none = quality(fourReport, play(fourReport, [{ params: ends([-1, -1, 1, -1]), agents: [randomAgent, randomAgent, randomAgent, randomAgent], names: split }], undefined, undefined, four));
    expect(none.chanceShare?.none).toBe('greedy and random never both held a seat that makes a decision (C and D never do), so no contest of skill was played');
  });

  it('say nothing of figures no match gave: an empty run has no quantiles, no chance-share note, and every seat counted as acting', () => {
    const empty = quality(report, report.emptyAggregate());
    expect(empty.length.quantiles).toBeNull();
    expect(empty.firstMover.advantage.fair).toBe(0.5);
    expect(empty.firstMover.advantage.actingSeats).toBeUndefined();
    expect(empty.notes.join('\n')).not.toContain('chance share:');
    // The scripted game says which matches were capped, and leads are read: neither note.
    const played = quality(report, play(report, matches));
    expect(played.notes.join('\n')).not.toMatch(/^(caps|leads): /m);
    // Agents with no order of skill: no share at all.
    const bySelf = withQualityMetrics(bare, scriptedLeads, seatsOf(['random', 'random']));
    expect('chanceShare' in quality(bySelf, play(bySelf, [{ params: twoChanges, agents: [randomAgent, randomAgent], names: ['random', 'random'] }]))).toBe(false);
  });

  it('say where the agent taken as more skilled won less than it lost, counting its wins over the same matches (audit 28a, for a run)', () => {
    // greedy holds seat 1 throughout: a win (twoChanges), a draw (cappedDraw) or a loss (wireToWire).
    const of = (wins: number, draws: number, losses: number): Played[] => [
      ...Array.from({ length: wins }, (): Played => ({ params: twoChanges, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] })),
      ...Array.from({ length: draws }, (): Played => ({ params: cappedDraw, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] })),
      ...Array.from({ length: losses }, (): Played => ({ params: wireToWire, agents: [randomAgent, randomAgent], names: ['greedy', 'random'] })),
    ];
    // Lost 30 of 60 (not more often than not), won 5: the intervals part.
    const worse = quality(report, play(report, of(5, 25, 30)));
    expect([worse.chanceShare?.won.successes, worse.chanceShare?.won.n, worse.chanceShare?.successes, worse.chanceShare?.n]).toEqual([5, 60, 30, 60]);
    expect(worse.chanceShare!.lower).toBeLessThan(0.5);
    expect(worse.chanceShare!.won.upper).toBeLessThan(worse.chanceShare!.lower);
    const note = worse.notes.find((line) => line.startsWith('chance share: greedy'));
    expect(note).toMatch(/^chance share: greedy, taken as the more skilled \(.+\), won 8\.3% \[[\d.]+%, [\d.]+%\] and lost 50\.0% \[[\d.]+%, [\d.]+%\] against random: that order did not hold in this run, so this share says nothing of chance$/);
    expect(formatQuality(worse, ['seat 1', 'seat 2'])).toContain(`(${note as string})`);
    // The same matches the other way round, and a near tie, say nothing.
    for (const [wins, draws, losses] of [[30, 25, 5], [14, 30, 16]] as const) {
      const held = quality(report, play(report, of(wins, draws, losses)));
      expect(held.notes.join('\n'), `${wins}/${draws}/${losses}`).not.toMatch(/order did not hold/);
    }
    // Lost more often than not says so too.
    expect(quality(report, play(report, of(2, 2, 20))).notes.join('\n')).toMatch(/won 8\.3% .* and lost 83\.3% .*: that order did not hold in this run/);
  });

  it('leave out the capped share and the chance share, with notes, where the run cannot say', () => {
    const { endedAtCap: _, ...uncapped } = scriptedLeads;
    const plain = withQualityMetrics(bare, uncapped, seatsOf(['random']));
    const q = quality(plain, play(plain, matches));
    expect(q.capped).toBeUndefined();
    expect(q.chanceShare).toBeUndefined();
    expect(q.notes.join('\n')).toMatch(/caps: the game does not say[\s\S]*chance share needs two agents of known different skill.*one agent/);
    expect(plain.formatSummary(plain.summarize(plain.emptyAggregate(), 0.95))).toMatch(/quality\.branching/);
  });

  it('never ask for the heuristic with leads off, and leave the lead figures out with a note', () => {
    const noHeuristic = { ...scriptedLeads, heuristic: () => { throw new Error('heuristic called'); } };
    const fast = withQualityMetrics(bare, noHeuristic, seatsOf(['greedy', 'random']), { leads: false });
    const q = quality(fast, play(fast, matches));
    expect([q.leadChanges, q.decisiveness, q.drama]).toEqual([undefined, undefined, undefined]);
    expect(q.length.turns.mean).toBe(3);
    expect(q.branching.mean).toBeCloseTo(2.4, 12);
    expect(q.notes.join('\n')).toMatch(/leads: the scenario says quality: \{ leads: false \}/);
  });

  it('take each match\'s first mover and turn starts afresh, seat 2 first included', () => {
    // A fresh collector's first match, and a match after one that seat 2 opened.
    const b = quality(report, play(report, [matches[2] as Played]));
    expect([b.length.turns.mean, b.firstMover.win.successes, b.firstMover.win.n]).toEqual([2, 1, 1]);
    const then = quality(report, play(report, [matches[2] as Played, matches[0] as Played]));
    expect([then.length.turns.mean, then.firstMover.win.successes, then.firstMover.win.n]).toEqual([3.5, 2, 2]);
  });

  it('fail a match whose heuristic gives a value that is no number within the bounds, naming it', () => {
    const nan = { ...scriptedLeads, heuristic: () => [Number.NaN, 0] } as AnyGame;
    const checked = withQualityMetrics(bare, nan, seatsOf(['greedy', 'random']));
    expect(() => play(checked, matches, undefined, undefined, nan)).toThrow('heuristic gave NaN for seat 1, expected a number within utilityBounds [-1, 1]');
  });

  describe('where the heuristic names its leader (heuristic.leader)', () => {
    /** scriptedLeads with a heuristic that counts its calls and carries `leader`. */
    const withLeader = (leader: (state: never, values: readonly number[]) => unknown) => {
      const calls = { values: 0, leader: 0 };
      const values = (state: never): number[] => scriptedLeads.heuristic(state);
      const heuristic = Object.assign(
        (state: never): number[] => {
          calls.values++;
          return values(state);
        },
        {
          leader: (state: never): number => {
            calls.leader++;
            return leader(state, values(state)) as number;
          },
        },
      ) as Heuristic<unknown>;
      return { game: { ...scriptedLeads, heuristic } as AnyGame, calls };
    };

    it('read the leader at every turn start and the values once a match, with the same figures', () => {
      const { game, calls } = withLeader((_state, values) => leaderOf(values));
      const fast = withQualityMetrics(bare, game, seatsOf(['greedy', 'random']));
      const q = quality(fast, play(fast, matches, undefined, undefined, game));
      expect(q).toEqual(quality(report, play(report, matches)));
      // Turn starts: 5, 2 and 2; the values at the first of each of the 3 matches, and at the
      // second of match 2, whose index sets turn starts 2, 34, 66... to be checked too.
      expect(calls).toEqual({ values: 4, leader: 9 });
    });

    it('fail the match whose first turn start has a leader the values do not make', () => {
      const { game } = withLeader((_state, values) => (leaderOf(values) === NO_LEADER ? 0 : leaderOf(values)));
      const fast = withQualityMetrics(bare, game, seatsOf(['greedy', 'random']));
      expect(() => play(fast, matches, undefined, undefined, game)).toThrow(/heuristic\.leader gave 0 where the heuristic's values \[0, 0\] make it -1; expected the seat whose value is strictly the highest, or -1 when the highest is shared/);
    });

    it('check the values at the first turn start and every 32nd from one the match index sets: over 32 matches every turn start is checked (audit 36a: only turn starts 1, 33, 65... of every match were)', () => {
      const long: ScriptParams = { steps: Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? A(2, [0.1, -0.1]) : B(2, [0.1, -0.1]))), returns: [1, -1], capped: false };
      // Wrong at turn start t (step t − 1: every step starts a turn).
      const wrongAt = (turnStart: number) => withLeader((state, values) => ((state as unknown as { at: number }).at === turnStart - 1 ? 1 : leaderOf(values))).game;
      const run = (game: AnyGame, matchIndex: number) => play(withQualityMetrics(bare, game, seatsOf(['greedy', 'random'])), [{ params: long, agents: [randomAgent, randomAgent] }], undefined, undefined, game, matchIndex);
      const caught = "heuristic.leader gave 1 where the heuristic's values [0.1, -0.1] make it 0";
      for (const matchIndex of [0, 7, 64, 95]) expect(() => run(wrongAt(1), matchIndex)).toThrow(caught);
      for (const turnStart of [2, 5, 31, 32, 33, 40]) {
        expect(() => run(wrongAt(turnStart), turnStart % 32)).toThrow(caught);
        expect(() => run(wrongAt(turnStart), 32 + (turnStart % 32))).toThrow(caught);
        expect(() => run(wrongAt(turnStart), (turnStart + 1) % 32)).not.toThrow();
      }
    });

    it.each([
      [2, '2'],
      [-2, '-2'],
      [Number.NaN, 'NaN'],
      [0.5, '0.5'],
      ['0', '"0"'],
    ])('fail a match whose leader is no seat (%s)', (given, shown) => {
      const { game } = withLeader(() => given);
      const fast = withQualityMetrics(bare, game, seatsOf(['greedy', 'random']));
      expect(() => play(fast, matches, undefined, undefined, game)).toThrow(`heuristic.leader gave ${shown}, expected a seat 0..1 or -1 (the highest value shared)`);
    });

    it('never read the leader or the values with leads off', () => {
      const { game, calls } = withLeader((_state, values) => leaderOf(values));
      const fast = withQualityMetrics(bare, game, seatsOf(['greedy', 'random']), { leads: false });
      play(fast, matches, undefined, undefined, game);
      expect(calls).toEqual({ values: 0, leader: 0 });
    });
  });

  it('never ask for the heuristic when no one listens for decisions', () => {
    const noHeuristic = { ...scriptedLeads, heuristic: () => { throw new Error('heuristic called'); } };
    expect(() => playMatch({ game: noHeuristic, params: twoChanges, seats: [{ factory: randomAgent, config: {} }, { factory: randomAgent, config: {} }], runSeed: 1, matchIndex: 0 }, null)).not.toThrow();
  });
});

describe('skill order', () => {
  it('orders an agent above random, and more search iterations above fewer', () => {
    expect(skillOrder([{ name: 'random', agent: 'random', config: {} }, { name: 'greedy', agent: 'greedy', config: {} }])).toMatchObject({ stronger: 'greedy', weaker: 'random' });
    expect(skillOrder([{ name: 'big', agent: 'mcts', config: { iterations: 800, c: 1 } }, { name: 'small', agent: 'mcts', config: { iterations: 100, c: 1 } }])).toMatchObject({ stronger: 'big', weaker: 'small' });
  });

  it('gives no order where construction does not say', () => {
    expect(skillOrder([{ name: 'greedy', agent: 'greedy', config: {} }, { name: 'mcts', agent: 'mcts', config: { iterations: 100 } }])).toHaveProperty('note');
    expect(skillOrder([{ name: 'a', agent: 'mcts', config: { iterations: 800, c: 1 } }, { name: 'b', agent: 'mcts', config: { iterations: 100, c: 2 } }])).toHaveProperty('note');
    // Settings JSON writes alike are other settings too: no order by construction.
    expect(skillOrder([{ name: 'a', agent: 'm.mjs', config: { iterations: 800, w: new Map([['k', 1]]) } }, { name: 'b', agent: 'm.mjs', config: { iterations: 100, w: new Map([['k', 2]]) } }])).toHaveProperty('note');
    expect(skillOrder([{ name: 'a', agent: 'm.mjs', config: { iterations: 800, w: 0 } }, { name: 'b', agent: 'm.mjs', config: { iterations: 100, w: -0 } }])).toHaveProperty('note');
    expect(skillOrder([{ name: 'a', agent: 'm.mjs', config: { iterations: 800, w: new Map([['k', 1]]) } }, { name: 'b', agent: 'm.mjs', config: { iterations: 100, w: new Map([['k', 1]]) } }])).toMatchObject({ stronger: 'a', weaker: 'b' });
    expect(skillOrder([{ name: 'r1', agent: 'random', config: {} }, { name: 'r2', agent: 'random', config: {} }])).toHaveProperty('note');
    expect(skillOrder([{ name: 'greedy', agent: 'greedy', config: {} }, { name: 'greedy', agent: 'greedy', config: {} }])).toHaveProperty('note');
  });

  it('gives no order where the two agents hold unequal numbers of seats (audit 27a: one seat of five loses most matches at any skill)', () => {
    const greedy = { name: 'greedy', agent: 'greedy', config: {} };
    const random = { name: 'random', agent: 'random', config: {} };
    expect(skillOrder([greedy, random, random, random, random])).toEqual({ note: 'chance share needs the two agents to hold as many seats each; greedy holds 1 and random 4 of 5' });
    expect(skillOrder([random, greedy, random])).toHaveProperty('note');
    // Two seats each of four (a team game): the order stands.
    expect(skillOrder([greedy, random, greedy, random])).toMatchObject({ stronger: 'greedy', weaker: 'random' });
  });
});

describe('intervals cut to what a figure can take', () => {
  it('a stopped or partly failed run says how many matches its figures rest on', async () => {
    const { matchesLine } = await import('../src/cli/handlers/run.js');
    expect(matchesLine({ status: 'complete', matchesPlayed: 2000, errors: 0 }, 2000)).toBe('2000 matches');
    expect(matchesLine({ status: 'complete', matchesPlayed: 1, errors: 0 }, 1)).toBe('1 match');
    expect(matchesLine({ status: 'complete', matchesPlayed: 296, errors: 4 }, 300)).toBe('296 of 300 matches played, 4 failed');
    expect(matchesLine({ status: 'stopped', matchesPlayed: 77, errors: 1 }, 2000)).toBe('77 of 2000 matches played (run stopped, 1 failed)');
    expect(matchesLine({ status: 'interrupted', matchesPlayed: 50, errors: 0 }, 2000)).toBe('50 of 2000 matches played (run interrupted)');
    // A shard's own block of the run's matches (audit 32a: "30000 matches" over a third of them).
    expect(matchesLine({ status: 'complete', matchesPlayed: 10000, errors: 0 }, 30000, { index: 1, count: 3 })).toBe('shard 1/3, matches 10000 to 19999 of 30000: 10000 matches');
    expect(matchesLine({ status: 'interrupted', matchesPlayed: 7, errors: 1 }, 30, { index: 2, count: 3 })).toBe('shard 2/3, matches 20 to 29 of 30: 7 of 10 matches played (run interrupted, 1 failed)');
    expect(matchesLine({ status: 'complete', matchesPlayed: 0, errors: 0 }, 10, { index: 0, count: 20 })).toBe("shard 0/20, none of the run's 10 matches");
  });
});

describe('quality figures with three or more seats', () => {
  /** A four-seat stub: only its seats, heuristic and lack of endedAtCap are read (leads off). */
  // Without endedAtCap, which reads the scripted state: these matches are recorded, not played.
  const { endedAtCap: _endedAtCap, ...uncapped } = scriptedLeads as AnyGame;
  const fourSeats: AnyGame = { ...uncapped, seats: ['A1', 'B1', 'A2', 'B2'] };
  const run = { game: fourSeats, leads: false, skill: null, skillNote: null };

  /** Records one match whose first decision was `firstMover`'s and which ended with `returns`. */
  const record = (aggregate: ReturnType<typeof emptyQuality>, figures: MatchFigures, matchIndex: number, firstMover: number, returns: number[]): void => {
    const trace = new MatchTrace(fourSeats, false);
    trace.decision(firstMover, 2, null);
    recordQuality(aggregate, run, trace, { matchIndex, seed: '', cluster: matchIndex, clusterSize: 1, returns, finalState: null }, figures);
  };

  it("tell a team's win (a top some seats share, others below) from a draw (every seat equal), and give the first mover's side its wins", () => {
    const aggregate = emptyQuality();
    const figures = new MatchFigures();
    // Seat 1 moves first in each. Team A (seats 1, 3) wins, team B wins, a draw, seat 1 alone, seat 3 alone.
    const matches: number[][] = [[1, 0, 1, 0], [0, 1, 0, 1], [2, 2, 2, 2], [3, 1, 0, 0], [0, 0, 5, 0]];
    matches.forEach((returns, index) => record(aggregate, figures, index, 0, returns));
    const q = summarizeQuality(aggregate, run, 0.95);
    expect([q.draw.successes, q.draw.n]).toEqual([1, 5]);
    expect([q.sharedTop?.successes, q.sharedTop?.n]).toEqual([2, 5]);
    expect([q.firstMover.win.successes, q.firstMover.decidedWin.successes, q.firstMover.decidedWin.n]).toEqual([1, 1, 2]);
    // At the top, alone or shared, in a match that was no draw: the team's win and the outright one.
    expect([q.firstMover.top?.successes, q.firstMover.top?.n]).toEqual([2, 5]);
    // Each seat at the top, alone or shared, in a match that was no draw: its team's wins.
    expect([1, 2, 3, 4].map((seat) => q.bySeat[`seat${seat}`]?.top?.successes)).toEqual([2, 1, 2, 1]);
    const text = formatQuality(q, fourSeats.seats);
    expect(text).toMatch(/quality\.sharedTop +top shared by some seats, not all +40\.0%/);
    expect(text).toMatch(/quality\.draw +draws \(every seat's return equal\) +20\.0%/);
    expect(text).toMatch(/quality\.firstMover\.top +first mover at the top, alone or shared +40\.0%/);
    expect(text).toMatch(/quality\.bySeat\.seat2\.top +B1 at the top, alone or shared +20\.0%/);
  });

  it('leave two-seat figures as they were: no shared top, no first mover at the top', () => {
    const twoSeats: AnyGame = uncapped;
    const two = { game: twoSeats, leads: false, skill: null, skillNote: null };
    const aggregate = emptyQuality();
    const trace = new MatchTrace(twoSeats, false);
    trace.decision(0, 2, null);
    recordQuality(aggregate, two, trace, { matchIndex: 0, seed: '', cluster: 0, clusterSize: 1, returns: [0, 0], finalState: null }, new MatchFigures());
    const q = summarizeQuality(aggregate, two, 0.95);
    expect([q.draw.successes, q.draw.n]).toEqual([1, 1]);
    expect(q.sharedTop).toBeUndefined();
    expect(q.firstMover.top).toBeUndefined();
    expect(q.bySeat['seat1']?.top).toBeUndefined();
    expect(formatQuality(q, scriptedLeads.seats)).toMatch(/quality\.draw +draws \(no single winner\) +100\.0%/);
  });
});

describe('the first-mover fair share counts the seats that act (audit 37a F5)', () => {
  // Without endedAtCap, which reads the scripted state: these matches are recorded, not played.
  const { endedAtCap: _endedAtCap, ...uncapped } = scriptedLeads as AnyGame;
  const threeSeats: AnyGame = { ...uncapped, seats: ['A', 'B', 'C'] };
  const twoSeats: AnyGame = uncapped;
  const runOf = (game: AnyGame) => ({ game, leads: false, skill: null, skillNote: null });

  /** Records matches, each `[movers, returns]`: the seats (0-based) that decide, in order, and the match's returns. */
  const recorded = (game: AnyGame, matches: readonly [readonly number[], readonly number[]][]): ReturnType<typeof emptyQuality> => {
    const aggregate = emptyQuality();
    const figures = new MatchFigures();
    const trace = new MatchTrace(game, false);
    matches.forEach(([movers, returns], matchIndex) => {
      for (const seat of movers) trace.decision(seat, 2, null);
      recordQuality(aggregate, runOf(game), trace, { matchIndex, seed: '', cluster: matchIndex, clusterSize: 1, returns: [...returns], finalState: null }, figures);
      trace.reset();
    });
    return aggregate;
  };
  const firstMoverNotes = (q: QualitySummary): string[] => q.notes.filter((note) => note.startsWith('first mover'));

  it('with three seats, one never acting, holds the first mover against 1/2, not 1/3, and says why', () => {
    // A and B alternate, A first in three matches, B in one; C never moves. A wins 2 of the 3 decided.
    const matches: [number[], number[]][] = [
      [[0, 1, 0], [1, -1, -1]],
      [[0, 1], [-1, 1, -1]],
      [[1, 0, 1], [-1, 1, -1]],
      [[0, 1], [0, 0, 0]],
    ];
    const q = summarizeQuality(recorded(threeSeats, matches), runOf(threeSeats), 0.95);
    expect([q.firstMover.decidedWin.successes, q.firstMover.decidedWin.n]).toEqual([2, 3]);
    expect(q.firstMover.advantage.fair).toBe(0.5);
    expect(q.firstMover.advantage.value).toBeCloseTo(2 / 3 - 0.5, 12);
    expect(q.firstMover.advantage.actingSeats).toEqual([1, 2]);
    expect(firstMoverNotes(q)).toEqual(['first mover: C made no decision in any match, so the fair share of the decided matches is counted over the 2 seats that did (A and B): 50.0%, not 33.3%']);
    expect(formatQuality(q, threeSeats.seats)).toMatch(/first-mover advantage over fair 50\.0% \(of the 2 seats that act\) +\+16\.7 pts/);
  });

  it('says so where the seat that never acts yet wins: even the share of the acting seats is no reference', () => {
    const q = summarizeQuality(recorded(threeSeats, [[[0, 1], [1, -1, -1]], [[0, 1], [-1, -1, 1]]]), runOf(threeSeats), 0.95);
    expect(q.firstMover.advantage.fair).toBe(0.5);
    expect(firstMoverNotes(q)[0]).toMatch(/; yet C won matches alone without ever acting \(50\.0% of them\), so even that share is no fair reference: some wins go to a seat that makes no move$/);
  });

  it('leaves a game where every seat acts as it was: 1/seats, no acting seats named, no note', () => {
    const q = summarizeQuality(recorded(twoSeats, [[[0, 1], [1, -1]], [[1, 0], [1, -1]], [[0, 1, 0], [-1, 1]]]), runOf(twoSeats), 0.95);
    expect(q.firstMover.advantage).toEqual({ fair: 0.5, value: q.firstMover.decidedWin.rate - 0.5, lower: q.firstMover.decidedWin.lower - 0.5, upper: q.firstMover.decidedWin.upper - 0.5 });
    expect(firstMoverNotes(q)).toEqual([]);
    // Every match recorded which seats acted: both, in each.
    const acted = recorded(twoSeats, [[[0, 1], [1, -1]], [[1], [1, -1]]]).tally.figures;
    expect([acted['seat1:acted']?.x, acted['seat1:acted']?.n, acted['seat2:acted']?.x, acted['seat2:acted']?.n]).toEqual([1, 2, 2, 2]);
  });

  it('gives no advantage where one seat alone acts: the first mover is the same in every match', () => {
    const matches: [number[], number[]][] = [
      [[0, 0], [1, -1, -1]],
      [[0], [-1, -1, 1]],
      [[0, 0, 0], [1, -1, -1]],
    ];
    const q = summarizeQuality(recorded(threeSeats, matches), runOf(threeSeats), 0.95);
    expect(q.firstMover.advantage.actingSeats).toEqual([1]);
    expect(q.firstMover.advantage.fair).toBe(1);
    expect([q.firstMover.advantage.value, q.firstMover.advantage.lower, q.firstMover.advantage.upper]).toEqual([Number.NaN, Number.NaN, Number.NaN]);
    expect(firstMoverNotes(q)).toEqual([
      'first mover: B and C made no decision in any match, so A, the one seat that did, moved first in every match: the first-mover figures say nothing of moving first, and no advantage is given; C won matches alone without ever acting (33.3% of them)',
    ]);
    const text = formatQuality(q, threeSeats.seats);
    expect(text).toMatch(/first-mover advantage: none, one seat alone acts \(see the notes\) +-/);
    expect(text).not.toMatch(/over fair/);
  });

  it('says where one seat moved first in every match: the first mover\'s figures are that seat\'s (audit 40d F4)', () => {
    // B first in every match, every seat acting: its advantage cannot be told from what else sets B apart.
    const matches: [number[], number[]][] = [
      [[1, 2, 0], [1, -1, -1]],
      [[1, 0, 2], [-1, 1, -1]],
      [[1, 2, 0, 1], [-1, -1, 1]],
    ];
    const q = summarizeQuality(recorded(threeSeats, matches), runOf(threeSeats), 0.95);
    expect(q.firstMover.advantage.actingSeats).toBeUndefined();
    expect(firstMoverNotes(q)).toEqual([
      "first mover: B made the first decision in every match, so the first mover's figures are B's, and its advantage mixes moving first with anything else that sets B apart (a game that varies who moves first tells the two apart)",
    ]);
    // One match with another first mover, or seats whose mean is a seat but that vary (1 and 3 about 2), and it is not said.
    expect(firstMoverNotes(summarizeQuality(recorded(threeSeats, [...matches, [[0, 1, 2], [1, -1, -1]]]), runOf(threeSeats), 0.95))).toEqual([]);
    expect(firstMoverNotes(summarizeQuality(recorded(threeSeats, [[[0, 1, 2], [1, -1, -1]], [[2, 0, 1], [1, -1, -1]]]), runOf(threeSeats), 0.95))).toEqual([]);
    // Sums from before the seat was kept (a checkpoint, a shard) merged with newer ones cover fewer matches: not said.
    const old = recorded(threeSeats, matches);
    delete old.tally.figures['firstMover:seat'];
    expect(firstMoverNotes(summarizeQuality(old, runOf(threeSeats), 0.95))).toEqual([]);
    const merged = recorded(threeSeats, matches);
    mergeQuality(merged, old);
    expect(firstMoverNotes(summarizeQuality(merged, runOf(threeSeats), 0.95))).toEqual([]);
  });

  it('takes an aggregate from before the acted figures (a checkpoint, a shard) as every seat acting, as it was read then', () => {
    const matches: [number[], number[]][] = [
      [[0, 1], [1, -1, -1]],
      [[1, 0], [1, -1, -1]],
    ];
    const old = recorded(threeSeats, matches);
    for (const key of Object.keys(old.tally.figures)) if (key.endsWith(':acted')) delete old.tally.figures[key];
    const q = summarizeQuality(old, runOf(threeSeats), 0.95);
    expect(q.firstMover.advantage.fair).toBe(1 / 3);
    expect(q.firstMover.advantage.actingSeats).toBeUndefined();
    expect(firstMoverNotes(q)).toEqual([]);
    // Merged with a newer part, the acted figures cover fewer matches than the run: still every seat.
    const merged = recorded(threeSeats, matches);
    mergeQuality(merged, old);
    const both = summarizeQuality(merged, runOf(threeSeats), 0.95);
    expect(both.matches).toBe(4);
    expect(both.firstMover.advantage.fair).toBe(1 / 3);
    expect(firstMoverNotes(both)).toEqual([]);
    // The newer part alone says C never acted.
    expect(summarizeQuality(recorded(threeSeats, matches), runOf(threeSeats), 0.95).firstMover.advantage.fair).toBe(0.5);
  });
});
