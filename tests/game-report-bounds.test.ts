/**
 * A figure that can never be negative (a count per game, a ratio of counts) keeps its interval at
 * 0 or above in every game's report, where the t interval, symmetric about the mean, would reach
 * below it over a few matches that disagree (audit 41c F4); a figure that can be negative keeps
 * its interval whole. Hand-built matches, and each summary checked as `summary.json` is when read
 * (`present/figure-values.ts`), through JSON as a run writes it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';
import { weaponOdds, type SurvivorsEvent } from '../src/games/survivors/index.js';
import { survivorsReport, type SurvivorsSummary } from '../src/games/survivors/report.js';
import { integerDuelReport, type IntegerDuelSummary } from '../src/games/integer-duel/report.js';
import { zombieTrainersReport, type ZombieTrainersSummary } from '../src/games/zombie-trainers/report.js';
import { figureValueIssue } from '../src/present/figure-values.js';
import { clusteredMean, MatchFigures, ratioEstimate, recordMatch, settledFigures, type Tally } from '../src/stats/clusters.js';

/** The summary as `summary.json` holds it (NaN written as null), checked as a summary read back is. */
function readBack(summary: unknown): void {
  expect(figureValueIssue(JSON.parse(JSON.stringify(summary)), ['results'], 0.95, true)).toBeNull();
}

/** One match per value list, each its own cluster, recording `record` into `tally`. */
function matches(tally: Tally, count: number, record: (figures: MatchFigures, match: number) => void): void {
  for (let match = 0; match < count; match++) {
    const figures = new MatchFigures();
    record(figures, match);
    recordMatch(tally, { cluster: match, clusterSize: 1 }, figures);
  }
}

/** A knife attack, a miss unless `kill`, breaking (and discarded) when `broke`. */
interface KnifeAttack {
  readonly kill?: boolean;
  readonly broke?: boolean;
}

/** The aggregate of one Survivors match per list of knife attacks, each its own cluster. */
function knifeMatches(attacks: readonly (readonly KnifeAttack[])[]): ReturnType<typeof survivorsReport.emptyAggregate> {
  const knife = weaponOdds([6], [4, 5], [], 1, true);
  const end: SurvivorsEvent = { type: 'matchEnd', winner: 'humans', condition: 'survived', round: 12, deaths: 0, escape: null };
  const collector = survivorsReport.createCollector({ eventRows: false });
  const aggregate = survivorsReport.emptyAggregate();
  attacks.forEach((match, index) => {
    for (const { kill = false, broke = false } of match) {
      collector.onEvent({ type: 'attack', human: 0, card: 'Kitchen knife', roll: 3, aimed: false, result: kill ? 'kill' : 'miss', broke, discarded: broke, ranged: false, round: 1, exact: knife.unaimed, weapon: knife });
    }
    collector.onEvent(end);
    collector.finishMatch({ matchIndex: index, seed: String(index), cluster: index, clusterSize: 1 }, aggregate);
  });
  return aggregate;
}

const times = (count: number, attack: KnifeAttack): KnifeAttack[] => Array.from({ length: count }, () => attack);

describe('intervals of figures that cannot be negative stop at 0 (audit 41c F4)', () => {
  it('Survivors: kills per action of a weapon seldom used, from its attacks', () => {
    // 1 kill in 5 actions, then 0 in 5 twice: R = 1/15, V = 3/2 · (4/9 + 1/9 + 1/9)/15² = 1/15²; the
    // ratio estimator's interval (audit 42e F1), on the square-root scale with t₂ = 4.303 (the
    // matches' actions equal): √R − t₂·√V/(2√R) < 0, so the lower bound is 0; the upper (√R + t₂·√V/(2√R))².
    const aggregate = knifeMatches([[{ kill: true }, ...times(4, {})], times(5, {}), times(5, {})]);
    const summary = survivorsReport.summarize(aggregate, 0.95) as SurvivorsSummary;
    const perAction = summary.weapons['Kitchen knife']?.killsPerAction;
    expect(perAction?.simulated).toBeCloseTo(1 / 15, 12);
    expect(perAction?.lower).toBe(0);
    const root = Math.sqrt(1 / 15);
    expect(perAction?.upper).toBeCloseTo((root + (4.302652729749464 / 15) / (2 * root)) ** 2, 9);
    expect(survivorsReport.formatSummary(summary)).toContain('0.07 [0.00, 0.66]');
    readBack(summary);
  });

  it('Survivors: kills per action stop at 1 too: an attack kills at most one zombie', () => {
    // 5 kills in 5 actions, then 0 in 1 twice: R = 5/7, its ratio interval reaching past 1.
    const aggregate = knifeMatches([times(5, { kill: true }), [{}], [{}]]);
    const perAction = ratioEstimate(settledFigures(aggregate.tally)['Kitchen knife|killsPerAction'], 3, 0.95);
    expect(perAction.upper).toBeGreaterThan(1);
    const summary = survivorsReport.summarize(aggregate, 0.95) as SurvivorsSummary;
    expect(summary.weapons['Kitchen knife']?.killsPerAction).toMatchObject({ lower: 0, upper: 1 });
    readBack(summary);
  });

  it('Survivors: attacks and turns until a weapon breaks, whose break chance reaches near 0, have their huge upper bound in two digits, not 1/p written whole (audit 41c: 5.6987586737547665e+22)', () => {
    // One break in the first match's one attack, none in the others' four: its interval reaches near 0.
    const aggregate = knifeMatches([[{ broke: true }], times(4, {}), times(4, {})]);
    const summary = survivorsReport.summarize(aggregate, 0.95) as SurvivorsSummary;
    const text = survivorsReport.formatSummary(summary);
    const row = text.split('\n').filter((line) => line.startsWith('Kitchen knife')).join('\n');
    expect(summary.weapons['Kitchen knife']?.attacksUntilBreak.upper).toBeGreaterThan(1e12);
    expect(row).toContain('9.00 [1.03, 5.3e+12] vs -  2.66 [1.00, 1.3e+12] vs -');
    readBack(summary);
  });

  it('Survivors: a count per game (deaths), from its samples', () => {
    const aggregate = survivorsReport.emptyAggregate();
    matches(aggregate.tally, 3, (figures, match) => figures.sample('deaths', match === 0 ? 9 : 0));
    expect(clusteredMean(settledFigures(aggregate.tally)['deaths']).lower).toBeLessThan(0);
    const summary = survivorsReport.summarize(aggregate, 0.95) as SurvivorsSummary;
    expect(summary.deathsPerGame).toMatchObject({ mean: 3, lower: 0 });
    expect(summary.deathsPerGame.upper).toBeGreaterThan(3);
    readBack(summary);
  });

  it('Zombie Trainers: kills per game and XP', () => {
    const aggregate = zombieTrainersReport.emptyAggregate();
    matches(aggregate.tally, 3, (figures, match) => {
      figures.sample('kills', match === 0 ? 9 : 0);
      figures.sample('xp1', match === 0 ? 9 : 0);
    });
    const summary = zombieTrainersReport.summarize(aggregate, 0.95) as ZombieTrainersSummary;
    expect(summary.perGame.kills).toMatchObject({ mean: 3, lower: 0 });
    expect(summary.xp.p1).toMatchObject({ mean: 3, lower: 0 });
    readBack(summary);
  });

  it('Integer Duel: tie rounds per game and the value of a round won are cut; points, which can be negative, are not', () => {
    const aggregate = integerDuelReport.emptyAggregate();
    matches(aggregate.tally, 3, (figures, match) => {
      figures.sample('tieRounds', match === 0 ? 9 : 0);
      figures.sample('rounds', match === 0 ? 9 : 0);
      figures.sample('plantsWonRoundValue', match === 0 ? 9 : 0);
      figures.sample('plantsPoints', match === 0 ? 9 : 0);
    });
    const summary = integerDuelReport.summarize(aggregate, 0.95) as IntegerDuelSummary;
    expect(summary.tieRoundsPerGame).toMatchObject({ mean: 3, lower: 0 });
    expect(summary.rounds).toMatchObject({ mean: 3, lower: 0 });
    expect(summary.decks.plants.wonRoundValue).toMatchObject({ mean: 3, lower: 0 });
    expect(summary.points.plants.mean).toBe(3);
    expect(summary.points.plants.lower).toBeLessThan(0);
    readBack(summary);
  });

  it('a run whose weapon intervals were cut is read back by hordelab report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-bounds-'));
    // Few attacks with most cards: their kills per action reach past 0 unless cut.
    writeFileSync(join(dir, 's.yaml'), 'game: survivors\nmatches: 6\nseed: 1\nparams: { roundLimit: 8 }\nseats: [random, scripted-zombies]\n');
    const run = await hordelabIn(dir, 'run', 's.yaml', '-w', '0', '-q', '--out', 'o');
    expect(run.status, run.stderr).toBe(0);
    const weapons = (JSON.parse(readFileSync(join(dir, 'o', 'summary.json'), 'utf8')) as { results: SurvivorsSummary }).results.weapons;
    const cut = Object.values(weapons).filter((weapon) => (weapon.killsPerAction.simulated ?? 0) > 0 && weapon.killsPerAction.lower === 0);
    expect(cut.length).toBeGreaterThan(0);
    const report = await hordelabIn(dir, 'report', 'o');
    expect(report.status, report.stderr).toBe(0);
  });
});
