/**
 * Counterfactual card values: decks in both shapes, the paired interval (its arithmetic and its
 * coverage), and the whole study on small decks, refused variants included.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardValues, pairedWinRateChange } from '../src/cards/card-values.js';
import { readDeck } from '../src/cards/deck.js';
import { worstOneWayCoverage } from '../src/stats/exact-coverage.js';
import { cardValueCharts, formatCardValues, readCardValues, writeCardValues } from '../src/cards/card-values-output.js';
import { Rng } from '../src/core/rng.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { hordelabIn } from './cli-harness.js';

describe('decks', () => {
  it('reads counts by name and lists of cards with counts', () => {
    expect(readDeck({ decks: { plants: { '+1': 2, negate: 1 } } }, 'decks.plants')).toEqual({ kind: 'counts', counts: { '+1': 2, negate: 1 } });
    expect(readDeck({ itemDeck: [{ name: 'Axe', count: 2, range: 0 }] }, 'itemDeck')).toEqual({ kind: 'list', cards: [{ name: 'Axe', count: 2, range: 0 }] });
    expect(readDeck({ map: '...' }, 'map')).toMatch(/not a deck/);
    expect(readDeck({}, 'decks.x')).toBe('no parameter there');
    // Only the parameters' own keys: not what every object inherits.
    expect(readDeck({ decks: {} }, 'decks.__proto__')).toBe('no parameter there');
    expect(readDeck({ decks: {} }, 'toString')).toBe('no parameter there');
    expect(readDeck({ decks: {} }, 'decks.hasOwnProperty')).toBe('no parameter there');
  });

  it("takes a scenario's cards.decks seat as a number from 1 or a seat's name, as --deck does (audit 37b)", async () => {
    const scenario = await parseScenario('game: integer-duel\nmatches: 4\nseed: 1\nseats: [random, random]\ncards: { decks: [{ path: decks.zombies, seat: zombies }, { path: decks.plants, seat: 1 }] }\n', 'duel.yaml');
    expect(scenario.cards?.decks).toEqual([{ path: 'decks.zombies', seat: 2 }, { path: 'decks.plants', seat: 1 }]);
  });
});

describe('paired differences', () => {
  it('is the mean of the per-unit differences, with the adjusted interval of z²/2 pseudo-units at +1 and at −1', () => {
    const variant = [1, 1, 0, 1, 0, 1];
    const base = [0, 1, 0, 0, 0, 1];
    // Differences 1, 0, 0, 1, 0, 0: mean 1/3; with z² pseudo-units (half each way) n = 6 + z²;
    // the interval runs from the shrunk centre 2 / n less the half-width to 1/3 plus it.
    const z = 1.959963984540054;
    const n = 6 + z * z;
    const squares = 2 * (2 / 3) ** 2 + 4 * (1 / 3) ** 2 + z * z + (z * z * 6 * (1 / 9)) / n;
    const half = z * Math.sqrt(squares / (n - 1) / n);
    const estimate = pairedWinRateChange(variant, base, 1, 0.95);
    expect(estimate.difference).toBeCloseTo(1 / 3, 12);
    expect(estimate.lower).toBeCloseTo(2 / n - half, 9);
    expect(estimate.upper).toBeCloseTo(1 / 3 + half, 9);
    expect(estimate.n).toBe(6);
    // A rotated pair's two matches count as one unit; its wins are halved to a rate.
    expect(pairedWinRateChange([2, 1, 1], [0, 1, 1], 2, 0.95).difference).toBeCloseTo(1 / 3, 12);
  });

  it('covers the change of one copy 94.9% or more by exact sums, where half a pseudo-unit each way fell to 86% (audit 20)', () => {
    // One copy moving units all one way (common seeds): the count of units it moves is binomial;
    // the coverage is the sum of its probabilities where the interval holds the truth. Expected
    // counts of moved units from 1/3 to 10, and every share of the units in steps of 1/100.
    for (const m of [5, 20, 100, 200, 500]) {
      const counts = [...Array.from({ length: 30 }, (_, i) => (i + 1) / 3), ...Array.from({ length: 99 }, (_, i) => ((i + 1) * m) / 100)].filter((count) => count < m);
      const worst = worstOneWayCoverage(m, counts, (moved) => pairedWinRateChange(Array.from({ length: m }, (_, u) => (u < moved ? 1 : 0)), Array<number>(m).fill(0), 1, 0.95));
      expect(worst, `${m} units`).toBeGreaterThan(0.949);
    }
  });

  /** Share of `replications` studies of 300 units whose interval holds the true difference. */
  function coverage(seed: bigint, draw: (rng: Rng) => [number, number], truth: number, replications = 2000): number {
    const rng = Rng.fromSeed(seed);
    let covered = 0;
    for (let r = 0; r < replications; r++) {
      const variant: number[] = [];
      const base: number[] = [];
      for (let i = 0; i < 300; i++) {
        const [v, b] = draw(rng);
        variant.push(v);
        base.push(b);
      }
      const estimate = pairedWinRateChange(variant, base, 1, 0.95);
      if (estimate.lower <= truth && truth <= estimate.upper) covered++;
    }
    return covered / replications;
  }

  it('covers a known difference 95% of the time or more in simulation, even when few units differ', () => {
    // Common random numbers at their strongest: one uniform decides both (win rates 50% and 51%),
    // so only about 3 units in 300 differ. The plain interval covers about 80% here; the adjusted
    // one over-covers (3 changes all one way are a sign test's 3 of 3, p = 0.25: no effect shown).
    const strong = coverage(42n, (rng) => {
      const u = rng.float();
      return [u < 0.51 ? 1 : 0, u < 0.5 ? 1 : 0];
    }, 0.01);
    expect(strong).toBeGreaterThan(0.95);
    // Independent matches, no difference: changes both ways, at the nominal level.
    const independent = coverage(43n, (rng) => [rng.float() < 0.5 ? 1 : 0, rng.float() < 0.5 ? 1 : 0], 0);
    expect(independent).toBeGreaterThan(0.935);
    expect(independent).toBeLessThan(0.965);
  });
});

describe('a study of small decks', () => {
  it('plays every one-copy variant on the base seeds, and reports the ones the game refuses', async () => {
    const base = await parseScenario(
      'game: integer-duel\nmatches: 20\nseed: 4\nparams:\n  openingHand: 2\n  decks:\n    plants: { "+6": 3, negate: 1 }\n    zombies: { "-6": 4 }\nseats: { rotate: [random, {agent: random, name: other}] }\n',
      'duel.yaml',
    );
    const summary = await cardValues(base, { decks: [{ path: 'decks.plants', seat: 0 }, { path: 'decks.zombies', seat: 1 }], workers: 0, command: 'test' });
    expect(summary.unit).toBe('rotated pair');
    const plants = summary.decks[0];
    expect(plants?.cards.map((card) => [card.card, card.count])).toEqual([
      ['+6', 3],
      ['negate', 1],
    ]);
    for (const card of plants?.cards ?? []) {
      expect(card.plusOne && 'change' in card.plusOne ? card.plusOne.change.n : null).toBe(10);
    }
    // A zombie deck of four −6: one fewer is still a deck; the variants are paired with the base.
    const zombies = summary.decks[1];
    expect(zombies?.seat).toBe('Zombies');
    expect(zombies?.cards[0]?.minusOne && 'change' in zombies.cards[0].minusOne ? zombies.cards[0].minusOne.change.n : null).toBe(10);
    expect(formatCardValues(summary)).toContain('decks.plants (Plants): base win rate');
  });

  it('refuses fewer than two independent units: one rotated pair gave NaN changes with exit 0', async () => {
    const pair = await parseScenario('game: integer-duel\nmatches: 2\nseed: 4\nseats: { rotate: [random, {agent: random, name: other}] }\n', 'duel.yaml');
    await expect(cardValues(pair, { decks: [{ path: 'decks.plants', seat: 0 }], workers: 0, command: 'test' })).rejects.toThrow(
      'duel.yaml: matches: 2 matches, 1 rotated pair; card values need at least 2 independent units (4 matches with rotated seats)',
    );
    const one = await parseScenario('game: integer-duel\nmatches: 1\nseed: 4\nseats: [random, random]\n', 'duel.yaml');
    await expect(cardValues(one, { decks: [{ path: 'decks.plants', seat: 0 }], workers: 0, command: 'test' })).rejects.toThrow('duel.yaml: matches: 1 match; card values need at least 2 independent units (2 matches)');
    // Given by --matches, the flag is named, not the file (audit 20).
    const flag = await parseScenario('game: integer-duel\nmatches: 50\nseed: 4\nseats: [random, random]\n', 'duel.yaml', { matches: 1 });
    await expect(cardValues(flag, { decks: [{ path: 'decks.plants', seat: 0 }], workers: 0, command: 'test' })).rejects.toThrow(/^--matches 1: 1 match; card values need at least 2/);
  });

  it('names the agents behind the values, records them as summary.json does, and warns on random play (audit 40b F3)', async () => {
    const seats = 'seats:\n  - { agent: random, name: mcts-expert }\n  - { agent: greedy, config: { horizon: action }, name: greedy-pro }\n';
    const base = await parseScenario(`game: integer-duel\nmatches: 4\nseed: 4\nparams:\n  openingHand: 1\n  decks:\n    plants: { "+6": 2 }\n    zombies: { "-6": 2 }\n${seats}`, 'duel.yaml');
    const summary = await cardValues(base, { decks: [{ path: 'decks.plants', seat: 0 }], workers: 0, command: 'test' });
    expect(summary.scenario.seats.map((seat) => [seat.name, seat.agent, (seat.settings as Record<string, unknown>)['horizon']])).toEqual([
      ['mcts-expert', 'random', undefined],
      ['greedy-pro', 'greedy', 'action'],
    ]);
    const warning = 'Random play: mcts-expert plays uniformly at random. A verdict measured with random players may not hold under competent play; ask hordelab ladder whether it does.';
    expect(summary.agents).toBe('mcts-expert (random) vs greedy-pro (greedy)');
    expect(summary.randomPlay).toBe(warning);
    const text = formatCardValues(summary);
    expect(text).toContain('Played by mcts-expert (random) vs greedy-pro (greedy).');
    expect(text.endsWith(warning)).toBe(true);
    expect(cardValueCharts(summary)[0]?.caption).toContain(warning);
    // The files carry them too, and card-values.json reads back whole.
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-cards-skill-'));
    writeCardValues(summary, dir, '<html></html>');
    expect(readFileSync(join(dir, 'card-values.md'), 'utf8')).toContain(`Played by mcts-expert (random) vs greedy-pro (greedy).\n\n**${warning}**`);
    expect(readCardValues(dir)).toEqual(JSON.parse(JSON.stringify(summary)));
    // A file from before (seats as names, no skill) is read, saying its agents were not recorded, not refused.
    const older = JSON.parse(readFileSync(join(dir, 'card-values.json'), 'utf8')) as Record<string, unknown> & { scenario: { seats: unknown } };
    delete older['agents'];
    delete older['randomPlay'];
    older.scenario.seats = ['mcts-expert', 'greedy-pro'];
    writeFileSync(join(dir, 'card-values.json'), JSON.stringify(older));
    const read = readCardValues(dir);
    expect(read?.agents).toBe('mcts-expert vs greedy-pro (their agents not recorded: card values written before "hordelab cards" named them)');
    expect(read?.randomPlay).toBeNull();
    expect(formatCardValues(read as NonNullable<typeof read>)).toContain('Played by mcts-expert vs greedy-pro (their agents not recorded');
    // No seat at random: no warning.
    const skilled = await parseScenario(`game: integer-duel\nmatches: 4\nseed: 4\nparams:\n  openingHand: 1\n  decks:\n    plants: { "+6": 2 }\n    zombies: { "-6": 2 }\nseats: [greedy, greedy]\n`, 'duel.yaml');
    const skilledValues = await cardValues(skilled, { decks: [{ path: 'decks.plants', seat: 0 }], workers: 0, command: 'test' });
    expect(skilledValues.randomPlay).toBeNull();
    expect(formatCardValues(skilledValues)).not.toContain('Random play');
  });

  it('a variant the game refuses is reported with the reason, not played', async () => {
    const base = await parseScenario('game: integer-duel\nmatches: 4\nseed: 4\nparams:\n  openingHand: 1\n  decks:\n    plants: { "+6": 1 }\n    zombies: { "-6": 2 }\nseats: [random, random]\n', 'duel.yaml');
    const summary = await cardValues(base, { decks: [{ path: 'decks.plants', seat: 0 }], workers: 0, command: 'test' });
    const six = summary.decks[0]?.cards[0];
    expect(six?.minusOne).toEqual({ refused: 'the deck is empty; expected at least one card' });
    expect(six?.plusOne && 'change' in six.plusOne).toBe(true);
  });
});

describe('degenerate Integer Duel decks are refused', () => {
  it('two decks without a combatant: no card could ever be played', async () => {
    await expect(parseScenario('game: integer-duel\nmatches: 2\nseed: 1\nparams:\n  decks: { plants: { negate: 3 }, zombies: { double: 3 } }\nseats: [random, random]\n', 'duel.yaml')).rejects.toThrow(
      /duel\.yaml: params\.decks: neither deck holds a combatant/,
    );
    // One side with spells only can still play them on the other's combatants.
    await expect(parseScenario('game: integer-duel\nmatches: 2\nseed: 1\nparams:\n  decks: { plants: { negate: 3 }, zombies: { "-2": 3 } }\nseats: [random, random]\n', 'duel.yaml')).resolves.toBeDefined();
  });
});

describe('a card-values study whose agent fails', () => {
  it('stops with the failed match and the replay that meets it again, naming the deck it was playing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-cards-'));
    writeFileSync(join(dir, 'throws.mjs'), 'export default () => ({ chooseAction: () => { throw new Error("no card"); } });\n');
    writeFileSync(join(dir, 'duel.yaml'), 'game: integer-duel\nmatches: 20\nseed: 3\nseats: [./throws.mjs, random]\n');
    const result = await hordelabIn(dir, 'cards', 'duel.yaml', '-w', '0', '-q', '--out', 'values');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^hordelab: the base deck: match 0 of run seed 3 \(match seed [0-9a-f]{16}\) failed at step \d+: no card\n  reproduce: hordelab replay \S*duel\.yaml --match 0 --seed 3\n$/);
    expect(existsSync(join(dir, 'values'))).toBe(false);
  });
});

describe('a card-values folder run again', () => {
  it('refuses a page the user edited since, unless --force, as sweep and ladder do (audit 40c F4: card-values.md was replaced, exit 0)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-cards-'));
    writeFileSync(join(dir, 'duel.yaml'), 'game: integer-duel\nmatches: 4\nseed: 3\nseats: [random, random]\n');
    const cards = (...extra: string[]): ReturnType<typeof hordelabIn> => hordelabIn(dir, 'cards', 'duel.yaml', '--deck', 'decks.plants@1', '-w', '0', '-q', '--out', 'values', ...extra);
    expect((await cards()).status).toBe(0);
    // Its own pages, untouched, are replaced without --force.
    expect((await cards()).status).toBe(0);
    const page = join(dir, 'values', 'card-values.md');
    appendFileSync(page, 'MY ANALYSIS NOTES\n');
    const edited = readFileSync(page, 'utf8');
    const refused = await cards();
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringContaining('values holds card-values.md, which hordelab wrote but which was changed since (.hordelab-folder.json records other content)')]);
    expect(readFileSync(page, 'utf8')).toBe(edited);
    expect((await cards('--force')).status).toBe(0);
    expect(readFileSync(page, 'utf8')).not.toContain('MY ANALYSIS NOTES');
  });
});
