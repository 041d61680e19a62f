/**
 * The ladder's chance share (`--chance-share`): which consecutive levels are paired (only those
 * whose order of skill is known by construction), that each pairing is the rotated run its
 * level file reproduces, and the note when none can be played.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chancePairings, runLadder } from '../src/ladder/ladder.js';
import { formatLadder } from '../src/ladder/ladder-output.js';
import { standaloneText } from '../src/ladder/level-scenario.js';
import { parseLevels } from '../src/ladder/levels.js';
import { TallyPlayer } from '../src/ladder/tally-player.js';
import { parseScenario } from '../src/scenario/scenario.js';

const names = (levels: string[]): [string, string, string][] =>
  chancePairings(parseLevels(levels, 'test')).map((pairing) => [pairing.stronger.name, pairing.weaker.name, pairing.basis]);

describe('chancePairings', () => {
  it('pairs consecutive levels whose order is known by construction, the more skilled first', () => {
    expect(names(['random', 'greedy', 'mcts:iterations=50', 'mcts:iterations=10'])).toEqual([
      ['greedy', 'random', 'random plays uniformly at random'],
      ['mcts:iterations=50', 'mcts:iterations=10', 'mcts with 50 against 10 iterations'],
    ]);
    expect(names(['mcts:iterations=10', 'random'])).toEqual([['mcts:iterations=10', 'random', 'random plays uniformly at random']]);
  });

  it('pairs nothing where the order is not known: two different agents, other settings differing, per-seat levels', () => {
    expect(names(['greedy', 'mcts:iterations=10'])).toEqual([]);
    expect(names(['mcts:iterations=10,c=1', 'mcts:iterations=50,c=2'])).toEqual([]);
    expect(names(['random', 'greedy/random'])).toEqual([]);
  });
});

describe('the ladder with the chance share', () => {
  it('plays each pairing rotated on the base seed, and its level file reproduces the figure', async () => {
    const base = await parseScenario('game: tic-tac-toe\nmatches: 41\nseed: 3\nseats: [random, random]\n', 'ttt.yaml');
    const summary = await runLadder(base, { levels: ['random', 'mcts:iterations=30'], workers: 0, command: 'test', chanceShare: true });
    const [pairing] = summary.chanceShare?.pairings ?? [];
    expect(summary.chanceShare?.pairings).toHaveLength(1);
    expect([pairing?.stronger, pairing?.weaker, pairing?.matches]).toEqual(['mcts:iterations=30', 'random', 40]);
    // MCTS at 30 iterations rarely loses tic-tac-toe to random play.
    expect(pairing?.estimate.rate).toBeLessThan(0.3);
    expect(pairing?.estimate.n).toBe(40);
    // The pairing's file alone: rotated, 40 matches, seed 3, the same figure.
    const alone = await parseScenario(pairing?.scenarioText as string, 'ttt.yaml');
    expect([alone.rotate, alone.matches, alone.seed]).toEqual([true, 40, 3]);
    // Its description names the pairing, not the scenario's random seats (audit 42d F2).
    expect(alone.description).toBe('Pairing "mcts:iterations=30" against "random" of a skill ladder on scenario ttt: mcts:iterations=30 as X, random as O, seats rotated.');
    const player = new TallyPlayer(0);
    try {
      const tally = TallyPlayer.empty(alone);
      await player.extend(alone, tally, alone.matches);
      const results = alone.entry.report.summarize(tally.aggregate, 0.95) as { quality: { chanceShare: { rate: number; successes: number } } };
      expect(results.quality.chanceShare.successes).toBe(pairing?.estimate.successes);
      expect(results.quality.chanceShare.rate).toBe(pairing?.estimate.rate);
    } finally {
      await player.close();
    }
  });

  it('says a pairing has no share where no match had a choice to make, not "NaN%" beside its matches (audit 21)', async () => {
    // The coin flip's seats decide nothing: the share has no matches to count.
    const base = await parseScenario('game: coin-flip\nmatches: 40\nseed: 3\nseats: [random, random]\n', 'coin.yaml');
    const summary = await runLadder(base, { levels: ['random', 'greedy'], workers: 0, command: 'test', chanceShare: true });
    expect(summary.chanceShare?.pairings[0]?.estimate.n).toBe(0);
    const text = formatLadder(summary);
    expect(text).toMatch(/greedy vs random .* 40 +none: no match had a decision with a choice, so skill could not show/);
    expect(text).not.toContain('NaN');
    // Another reason the pairing's run gives (an agent that never decided) is the one said.
    const pairing = summary.chanceShare?.pairings[0];
    const idle = { ...summary, chanceShare: { pairings: [{ ...pairing!, none: 'random made no decision in any of the 40 matches with a choice, so no contest of skill was played' }] } };
    expect(formatLadder(idle)).toMatch(/greedy vs random .* 40 +none: random made no decision in any of the 40 matches with a choice, so no contest of skill was played$/m);
  });

  it('says why there is no chance share when no pairing has a known order, and plays none unasked', async () => {
    const base = await parseScenario('game: tic-tac-toe\nmatches: 4\nseed: 3\nseats: [random, random]\n', 'ttt.yaml');
    const none = await runLadder(base, { levels: ['greedy', 'mcts:iterations=5'], workers: 0, command: 'test', chanceShare: true });
    expect(none.chanceShare).toEqual({ pairings: [], note: expect.stringContaining('no two consecutive levels have an order of skill known by construction') });
    const unasked = await runLadder(base, { levels: ['random', 'mcts:iterations=5'], workers: 0, command: 'test' });
    expect(unasked.chanceShare).toBeUndefined();
  });

  it('writes the overrides into a level file, so it reproduces the level alone', async () => {
    const base = await parseScenario('game: zombie-trainers\nmatches: 10\nseed: 1\nseats: [random, random]\n', 'zt.yaml', { matches: 6, seed: 9, set: ['maxRounds=4'] });
    const level = await parseScenario(standaloneText(base), 'zt.yaml');
    expect([level.matches, level.seed, (level.params as { maxRounds: number }).maxRounds]).toEqual([6, 9, 4]);
  });
});

describe('a pairing whose order by construction does not hold (audit 28a)', () => {
  it('says so where the level taken as more skilled won less than it lost, and not where it won more', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-chance-order-'));
    // At the pick duel, picking 0 always scores 35% against random, picking 1 always 65%.
    const [zero, one] = [join(dir, 'zero.mjs'), join(dir, 'one.mjs')];
    writeFileSync(zero, 'export default () => ({ chooseAction: () => 0 });\n');
    writeFileSync(one, 'export default () => ({ chooseAction: () => 1 });\n');
    const base = await parseScenario(`game: ${JSON.stringify(resolve('tests/fixtures/pick-duel.mjs'))}\nmatches: 400\nseed: 3\nseats: [random, random]\n`, join(dir, 'pick.yaml'));
    const summary = await runLadder(base, { levels: ['random', zero], workers: 0, command: 'test', chanceShare: true });
    const [pairing] = summary.chanceShare?.pairings ?? [];
    expect([pairing?.stronger, pairing?.weaker]).toEqual([zero, 'random']);
    expect(pairing?.orderContradicted).toMatch(new RegExp(`^${zero.replace(/[.]/g, '\\.')}, taken as the more skilled \\(random plays uniformly at random\\), won \\d+\\.\\d% \\[.*\\] and lost \\d+\\.\\d% \\[.*\\] against random: that order did not hold at this game, so this share says nothing of chance$`));
    expect(formatLadder(summary)).toContain(`  Caution: ${pairing?.orderContradicted as string}.`);
    const held = await runLadder(base, { levels: ['random', one], workers: 0, command: 'test', chanceShare: true });
    expect(held.chanceShare?.pairings[0]?.orderContradicted).toBeUndefined();
  });
});
