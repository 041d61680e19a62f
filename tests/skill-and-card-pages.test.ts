/**
 * What a report says about the skill behind it, and the card values a designer points at a
 * deck: `run` and `report` name the agents and warn on random play; `cards` writes its files,
 * into a run folder too, whose report then carries a Card values section.
 */
import { existsSync, readdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actingSeatsOf, randomPlayWarning, skillOf } from '../src/ladder/skill.js';
import { hordelabIn } from './cli-harness.js';

const DUEL = 'game: integer-duel\nmatches: 6\nseed: 2\nparams:\n  openingHand: 2\n  decks:\n    plants: { "+5": 3, negate: 1 }\n    zombies: { "-5": 3, double: 1 }\nseats: [random, greedy]\n';

describe('the skill behind a report', () => {
  it('names each seat\'s agent and warns only when a seat plays at random', () => {
    expect(skillOf([{ name: 'greedy-a', agent: 'greedy' }, { name: 'greedy-b', agent: 'greedy' }], true)).toBe('greedy-a (greedy) vs greedy-b (greedy), seats rotated');
    expect(randomPlayWarning([{ name: 'greedy', agent: 'greedy' }, { name: 'greedy', agent: 'greedy' }])).toBeNull();
    expect(randomPlayWarning([{ name: 'random', agent: 'random' }, { name: 'greedy', agent: 'greedy' }])).toMatch(/^Random play: random plays uniformly at random\./);
    // Seats reported under one name are counted, not named again and again.
    const fourSeats = [{ name: 'greedy', agent: 'greedy' }, ...[1, 2, 3].map(() => ({ name: 'random', agent: 'random' }))];
    expect(randomPlayWarning(fourSeats)).toMatch(/^Random play: 3 of the 4 seats \(random\) play uniformly at random\./);
    expect(randomPlayWarning([{ name: 'a', agent: 'random' }, { name: 'b', agent: 'random' }, { name: 'c', agent: 'greedy' }])).toMatch(/^Random play: a and b play uniformly at random\./);
    expect(randomPlayWarning([{ name: 'random', agent: 'random' }, { name: 'random', agent: 'random' }])).toMatch(/^Random play: every seat plays uniformly at random/);
  });

  it('counts only the seats that act: a seat that never moves does not play "at random" (audit 37a F5)', () => {
    const three = [1, 2, 3].map(() => ({ name: 'random', agent: 'random' }));
    const results = { quality: { firstMover: { advantage: { fair: 0.5, value: 0, lower: 0, upper: 0, actingSeats: [1, 2] } } } };
    expect(actingSeatsOf(results, false)).toEqual([1, 2]);
    // Rotated seats each held the passive seat in turn; a summary without the list had every seat act.
    expect(actingSeatsOf(results, true)).toBeNull();
    expect(actingSeatsOf({ quality: { firstMover: { advantage: { fair: 0.5 } } } }, false)).toBeNull();
    expect(randomPlayWarning(three, actingSeatsOf(results, false))).toMatch(/^Random play: every seat that acts \(2 of the 3\) plays uniformly at random\./);
    expect(randomPlayWarning(three, null)).toMatch(/^Random play: every seat plays uniformly at random/);
    // The random seat that never acts: no warning.
    expect(randomPlayWarning([{ name: 'greedy', agent: 'greedy' }, { name: 'random', agent: 'random' }], [1])).toBeNull();
  });

  it('run prints the warning, and report.md and report.html carry it with the skill', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-skill-'));
    writeFileSync(join(dir, 'duel.yaml'), DUEL);
    const run = await hordelabIn(dir, 'run', 'duel.yaml', '-w', '0', '--out', 'run', '--report', 'html,md');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Random play: random plays uniformly at random.');
    const markdown = readFileSync(join(dir, 'run', 'report.md'), 'utf8');
    expect(markdown).toContain('| skill | random vs greedy (warning: Random play:');
    expect(readFileSync(join(dir, 'run', 'report.html'), 'utf8')).toContain('<p class="warning">');
  });
});

describe('hordelab cards', () => {
  it('writes the card values, and a run folder that takes them shows them in its report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-cards-'));
    writeFileSync(join(dir, 'duel.yaml'), DUEL);
    const alone = await hordelabIn(dir, 'cards', 'duel.yaml', '-w', '0', '--out', 'values', '-q');
    expect(alone.status, alone.stderr).toBe(0);
    for (const file of ['card-values.json', 'card-values.csv', 'card-values.md', 'card-values.html']) expect(existsSync(join(dir, 'values', file)), file).toBe(true);
    const csv = readFileSync(join(dir, 'values', 'card-values.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('deck,seat,card,count,change,winRate,difference,lower,upper,units,refused');
    // Both decks (the game declares them), two cards each, one fewer and one more of every card.
    expect(csv.filter((line) => line.startsWith('decks.')).length).toBe(8);

    expect((await hordelabIn(dir, 'run', 'duel.yaml', '-w', '0', '--out', 'run', '-q')).status).toBe(0);
    const into = await hordelabIn(dir, 'cards', 'duel.yaml', '-w', '0', '--out', 'run', '--deck', 'decks.plants@Plants', '-q');
    expect(into.status, into.stderr).toBe(0);
    expect((await hordelabIn(dir, 'report', 'run', '--format', 'md')).status).toBe(0);
    const markdown = readFileSync(join(dir, 'run', 'report.md'), 'utf8');
    expect(markdown).toContain('## Card values (counterfactual)');
    expect(markdown).toContain('decks.plants (Plants): base win rate');
    // The card values are Hordelab's files: the run can be played again into its folder.
    const again = await hordelabIn(dir, 'run', 'duel.yaml', '-w', '0', '--out', 'run', '-q', '--force');
    expect(again.status, again.stderr).toBe(0);
    expect(existsSync(join(dir, 'run', 'card-values.json'))).toBe(false);
  });

  it('refuses a run folder whose run played other parameters or seats: its report would show card values of another scenario', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-cards-'));
    writeFileSync(join(dir, 'duel.yaml'), DUEL);
    expect((await hordelabIn(dir, 'run', 'duel.yaml', '-w', '0', '--out', 'run', '-q', '--set', 'openingHand=3')).status).toBe(0);
    const before = readdirSync(join(dir, 'run')).sort();
    const other = await hordelabIn(dir, 'cards', 'duel.yaml', '-w', '0', '--out', 'run', '-q');
    expect(other.status).toBe(2);
    expect(other.stderr.trim()).toBe(
      `hordelab: --out: ${join(dir, 'run')} holds a run played with other parameters than these card values; its report would show them as its own: write them elsewhere, or give the scenario and --set that run played`,
    );
    expect(readdirSync(join(dir, 'run')).sort()).toEqual(before);
    const same = await hordelabIn(dir, 'cards', 'duel.yaml', '-w', '0', '--out', 'run', '-q', '--set', 'openingHand=3');
    expect(same.status, same.stderr).toBe(0);
    // A value summary.json writes tagged (-0) is the same parameter, not another (review 30c).
    expect((await hordelabIn(dir, 'run', 'duel.yaml', '-w', '0', '--out', 'zero', '-q', '--set', 'decks.plants.negate=-0')).status).toBe(0);
    const zero = await hordelabIn(dir, 'cards', 'duel.yaml', '-w', '0', '--out', 'zero', '-q', '--set', 'decks.plants.negate=-0');
    expect(zero.status, zero.stderr).toBe(0);
  });

  it('refuses a folder holding other files, writing nothing there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-cards-'));
    writeFileSync(join(dir, 'duel.yaml'), DUEL);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const result = await hordelabIn(dir, 'cards', 'duel.yaml', '-w', '0', '--out', '.');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--out/);
    expect(existsSync(join(dir, 'card-values.json'))).toBe(false);
  });
});
