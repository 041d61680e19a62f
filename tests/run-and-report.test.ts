/**
 * The runner and the Zombie Trainers report, in process: simulated catch rates against the exact
 * rule-17 figures, failures that name their seed, and no half-written output.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomAgent } from '../agents/random.js';
import type { AgentFactory } from '../src/core/agent.js';
import { MatchFailure, playMatch } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { exactCatchChance, zombieTrainers } from '../src/games/zombie-trainers/index.js';
import type { ZombieTrainersSummary } from '../src/games/zombie-trainers/report.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { rateInterval } from '../src/stats/intervals.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'hordelab-run-'));

describe('trap success against rule 17', () => {
  it('agrees with the exact rate at every trap rate, near 0 and 100 included', async () => {
    // A crowded open map and many traps, so random trainers attempt thousands of catches.
    const scenario = await parseScenario(
      `
game: zombie-trainers
matches: 1500
seed: 2026
params:
  map: ["......", "......", "......", "......", "......", "......"]
  traps: { 0: 3, 5: 3, 50: 2, 95: 3, 100: 3 }
  initialWildZombies: 8
  maxWildZombies: 10
  maxRounds: 60
seats: [random, random]
`,
      'catch-rates.yaml',
    );
    const run = await runScenario(scenario, { outDir: tempDir(), eventFiles: false, command: 'test' });
    const results = run.results as ZombieTrainersSummary;
    const figures = Object.values(results.trapSuccess.byRate);
    expect(figures.map((figure) => figure.trapRate)).toEqual([0, 5, 50, 95, 100]);
    for (const figure of figures) {
      expect(figure.exact).toBe(exactCatchChance(figure.trapRate));
      expect(figure.simulated.n, `attempts at rate ${figure.trapRate}`).toBeGreaterThan(1500);
      // A 99.9% interval: five rates checked at once must not trip on ordinary luck.
      const interval = rateInterval(figure.simulated.successes, figure.simulated.n, 0.999);
      expect(figure.exact, `rate ${figure.trapRate}`).toBeGreaterThanOrEqual(interval.lower);
      expect(figure.exact, `rate ${figure.trapRate}`).toBeLessThanOrEqual(interval.upper);
    }
    // The clamp of R matters at the ends: rate 0 still catches sometimes, rate 100 misses sometimes.
    expect(exactCatchChance(0)).toBeGreaterThan(0);
    expect(exactCatchChance(100)).toBeLessThan(1);
    // Per A − D, the exact figure given the traps used must sit in the simulated interval too.
    for (const figure of Object.values(results.trapSuccess.byDifference)) {
      const interval = rateInterval(figure.simulated.successes, figure.simulated.n, 0.999);
      expect(figure.exactGivenTrapsUsed, `A - D = ${figure.difference}`).toBeGreaterThanOrEqual(interval.lower);
      expect(figure.exactGivenTrapsUsed, `A - D = ${figure.difference}`).toBeLessThanOrEqual(interval.upper);
    }
  });
});

describe('tie rule figures', () => {
  it('splits player 1 wins into XP wins and tie-rule wins consistently', async () => {
    const scenario = await parseScenario('game: zombie-trainers\nmatches: 400\nseed: 4\nparams: { maxRounds: 30 }\nseats: [random, random]\n', 't.yaml');
    const results = (await runScenario(scenario, { outDir: tempDir(), eventFiles: false, command: 'test' })).results as ZombieTrainersSummary;
    const { p1WinRate, tieRule } = results;
    expect(tieRule.p1WinRateIfTiesDraw.successes + tieRule.tieRate.successes).toBe(p1WinRate.successes);
    // Every match ends with P1 ahead, P2 ahead or equal; the decided ones are the first two.
    expect(tieRule.p1WinRateIfTiesDraw.successes + tieRule.p2WinRateIfTiesDraw.successes + tieRule.tieRate.successes).toBe(400);
    expect(results.decided.p1WinRate.n).toBe(400 - tieRule.tieRate.successes);
    expect(results.decided.p1WinRate.successes).toBe(tieRule.p1WinRateIfTiesDraw.successes);
    // Split by how they ended: the two shares cover every match, each headline its own matches.
    const { trapsExhausted, capped } = results.byEnd;
    expect(trapsExhausted.share.successes + capped.share.successes).toBe(400);
    expect(capped.share.successes).toBe(results.cappedRate.successes);
    expect(trapsExhausted.p1WinRate.n).toBe(trapsExhausted.share.successes);
    expect(trapsExhausted.p1WinRate.successes + capped.p1WinRate.successes).toBe(p1WinRate.successes);
    expect(trapsExhausted.tieRate.successes + capped.tieRate.successes).toBe(tieRule.tieRate.successes);
    // Short games end on equal XP often: the tie rule must show up.
    expect(tieRule.tieRate.successes).toBeGreaterThan(0);
  });
});

const outOfRange: AgentFactory = {
  id: 'broken',
  description: 'answers an index that is not a legal action',
  validateConfig: () => [],
  create: () => ({ chooseAction: (decision) => decision.legalActions.length }),
};

const throwsLate: AgentFactory = {
  id: 'crashes',
  description: 'throws on its 30th decision',
  validateConfig: () => [],
  create: () => {
    let decisions = 0;
    return {
      chooseAction: () => {
        decisions++;
        if (decisions === 30) throw new Error('agent bug');
        return 0;
      },
    };
  },
};

describe('match runner failures', () => {
  const params = defaultParameters(zombieTrainers.parameters);

  it('rejects an agent choice outside the legal actions, naming the agent and the seeds', () => {
    const spec = { game: zombieTrainers, params, seats: [{ factory: randomAgent, config: {} }, { factory: outOfRange, config: {} }], runSeed: 9, matchIndex: 4 };
    expect(() => playMatch(spec, null)).toThrow(MatchFailure);
    try {
      playMatch(spec, null);
    } catch (error) {
      const failure = error as MatchFailure;
      expect(failure.message).toMatch(/match 4 of run seed 9 \(match seed [0-9a-f]{16}\)/);
      expect(failure.message).toMatch(/agent "broken" of seat 2 chose index \d+, expected an integer in 0\.\.\d+/);
      expect(failure.matchIndex).toBe(4);
    }
  });

  it('records a failed match in errors.csv and stops there by default', async () => {
    const scenario = await parseScenario('game: zombie-trainers\nmatches: 50\nseed: 1\nseats: [random, random]\n', 'x.yaml');
    const broken = { ...scenario, seats: [{ factory: throwsLate, config: {}, name: 'crashes' }, scenario.seats[1]!] };
    const outDir = join(tempDir(), 'report');
    const run = await runScenario(broken, { outDir, eventFiles: true, command: 'test', replayCommand: (match) => `replay ${match}` });
    expect(run.status).toBe('stopped');
    expect(run.errors).toBe(1);
    // The agent fails in the very first match: no match is complete, the failure is on record.
    expect(readFileSync(join(outDir, 'matches.csv'), 'utf8').trim().split('\n')).toHaveLength(1);
    const errors = readFileSync(join(outDir, 'errors.csv'), 'utf8').trim().split('\n');
    expect(errors).toHaveLength(2);
    expect(errors[1]).toMatch(/^0,[0-9a-f]{16},\d+,.*agent bug.*,replay 0$/);
    expect(JSON.parse(readFileSync(join(outDir, 'summary.json'), 'utf8')).run).toEqual({ status: 'stopped', matchesPlayed: 0, errors: 1 });
  });

  it('does not consult an agent when only one action is legal', () => {
    let consulted = 0;
    const counting: AgentFactory = {
      id: 'counting',
      description: 'counts its decisions',
      validateConfig: () => [],
      create: () => ({
        chooseAction: (decision) => {
          consulted++;
          expect(decision.legalActions.length).toBeGreaterThan(1);
          return decision.legalActions.length - 1; // always end the turn: never catches
        },
      }),
    };
    const short = { ...params, maxRounds: 3 };
    const outcome = playMatch({ game: zombieTrainers, params: short, seats: [{ factory: counting, config: {} }, { factory: counting, config: {} }], runSeed: 1, matchIndex: 0 }, null);
    expect(outcome.returns).toEqual([1, -1]);
    expect(consulted).toBe(6);
  });
});

describe('a folder where a run publishes a file', () => {
  it('is refused before a match is played (the check precedes a resume as well), the folder as it was', async () => {
    const scenario = await parseScenario('game: tic-tac-toe\nmatches: 50\nseed: 3\nseats: [random, random]\n', 'in-the-way.yaml');
    const outDir = tempDir();
    await runScenario(scenario, { outDir, eventFiles: false, command: 'test', workers: 0 });
    rmSync(join(outDir, 'summary.json'));
    mkdirSync(join(outDir, 'summary.json'));
    const before = readdirSync(outDir).sort();
    for (const how of [{ force: true }]) {
      let played = 0;
      const counting = { ...scenario, seats: scenario.seats.map((seat) => ({ ...seat, factory: { ...seat.factory, create: (...args: Parameters<AgentFactory['create']>) => (played++, seat.factory.create(...args)) } })) };
      await expect(runScenario(counting, { outDir, eventFiles: false, command: 'test', workers: 0, ...how })).rejects.toThrow(`${join(outDir, 'summary.json')}: is a folder, where hordelab publishes a file; nothing was changed`);
      expect(played, JSON.stringify(how)).toBe(0);
      expect(readdirSync(outDir).sort()).toEqual(before);
    }
  });
});
