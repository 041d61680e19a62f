/**
 * What a run says about the play behind its figures: random play may not hold under competent
 * play, and play on a time budget does not replay.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';
import { clockPlayWarning, treeReuseWarning } from '../src/ladder/skill.js';

describe('the clock-play warning', () => {
  it('names the seats that play mcts with timeMs, and only those', () => {
    expect(clockPlayWarning([{ name: 'fast', agent: 'mcts', config: { timeMs: 5 } }, { name: 'mcts', agent: 'mcts', config: { iterations: 50 } }])).toMatch(/^Not reproducible: fast plays mcts with timeMs/);
    expect(clockPlayWarning([{ name: 'a', agent: 'mcts', config: { timeMs: 5 } }, { name: 'b', agent: 'mcts', config: { timeMs: 9 } }])).toMatch(/^Not reproducible: a and b play mcts/);
    expect(clockPlayWarning([{ name: 'mcts', agent: 'mcts', config: {} }, { name: 'random', agent: 'random' }])).toBeNull();
    // A module agent's own timeMs setting is its own business.
    expect(clockPlayWarning([{ name: 'mine', agent: './mine.mjs', config: { timeMs: 5 } }])).toBeNull();
  });

  it('is printed by run beside its figures', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-clock-'));
    writeFileSync(join(dir, 's.yaml'), 'game: tic-tac-toe\nmatches: 2\nseed: 1\nseats:\n  - { agent: mcts, config: { timeMs: 1 } }\n  - { agent: mcts, config: { iterations: 5 } }\n');
    const result = await hordelabIn(dir, 'run', 's.yaml', '-w', '0', '--out', 'out');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Not reproducible: mcts(timeMs=1) plays mcts with timeMs');
    expect(result.stdout).not.toContain('Random play');
  });
});

describe('the tree-reuse warning (audit 42d F5)', () => {
  const hidden = { title: 'Integer Duel', hiddenInformation: true };
  it('names the mcts seats that set reuseTree at a game of hidden information, and only there', () => {
    const reusing = { name: 'deep', agent: 'mcts', config: { iterations: 20, reuseTree: true } };
    expect(treeReuseWarning([reusing, { name: 'mcts', agent: 'mcts', config: { reuseTree: false } }], hidden)).toBe(
      'reuseTree does nothing here: deep plays mcts with reuseTree: true, but Integer Duel hides information, so each search starts afresh and plays as mcts without it.',
    );
    expect(treeReuseWarning([reusing, { ...reusing, name: 'wide' }], hidden)).toMatch(/^reuseTree does nothing here: deep and wide play mcts/);
    expect(treeReuseWarning([reusing], { title: 'Tic-tac-toe', hiddenInformation: false })).toBeNull();
    // A module agent's own reuseTree setting is its own business.
    expect(treeReuseWarning([{ name: 'mine', agent: './mine.mjs', config: { reuseTree: true } }], hidden)).toBeNull();
  });

  it('is said on stderr, once, by ladder, run and check as they load the seats, which still play', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-reuse-'));
    writeFileSync(join(dir, 's.yaml'), 'game: integer-duel\nmatches: 2\nseed: 1\nseats:\n  - { agent: mcts, config: { iterations: 5, reuseTree: true } }\n  - random\n');
    writeFileSync(join(dir, 'r.checks.yaml'), 'checks:\n  - name: a\n    scenario: s.yaml\n    metric: plantsWinRate\n    between: [0, 1]\n    budget: 2\n    batch: 2\n  - name: b\n    scenario: s.yaml\n    metric: plantsWinRate\n    between: [0, 1]\n    budget: 2\n    batch: 2\n');
    const line = (who: string): string => `hordelab: warning: reuseTree does nothing here: ${who} plays mcts with reuseTree: true, but Integer Duel hides information, so each search starts afresh and plays as mcts without it.\n`;
    const ladder = await hordelabIn(dir, 'ladder', 's.yaml', '--levels', 'mcts:iterations=5,mcts:iterations=5,reuseTree=true', '-n', '2', '-w', '0', '--out', 'lad');
    expect([ladder.status, ladder.stderr.split('\n')[0]]).toEqual([0, line('mcts:iterations=5,reuseTree=true').trimEnd()]);
    expect(ladder.stderr.match(/warning/g)).toHaveLength(1);
    const run = await hordelabIn(dir, 'run', 's.yaml', '-w', '0', '--out', 'out');
    expect([run.status, run.stderr]).toEqual([0, line('mcts(iterations=5,reuseTree=true)')]);
    // --quiet prints nothing but errors (review 42s F6).
    const quiet = await hordelabIn(dir, 'run', 's.yaml', '-w', '0', '-q', '--out', 'out', '--force');
    expect([quiet.status, quiet.stderr]).toEqual([0, '']);
    const check = await hordelabIn(dir, 'check', 'r.checks.yaml', '-w', '0');
    expect(check.stderr.split('\n').filter((text) => text.startsWith('hordelab: warning:'))).toEqual([line('mcts(iterations=5,reuseTree=true)').trimEnd()]);
    // Without the setting, or at a game of perfect information, nothing is said.
    const plain = await hordelabIn(dir, 'ladder', 's.yaml', '--levels', 'mcts:iterations=5', '-n', '2', '-w', '0', '-q', '--out', 'lad2');
    expect([plain.status, plain.stderr]).toEqual([0, '']);
  });
});
