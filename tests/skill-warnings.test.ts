/**
 * What a run says about the play behind its figures: random play may not hold under competent
 * play, and play on a time budget does not replay.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';
import { clockPlayWarning } from '../src/ladder/skill.js';

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
