/**
 * Every shipped scenario plays: two matches each through the command line, nothing on stderr,
 * exit 0. In the slow tier because the search agents (MCTS, the Survivors planner) some of them
 * seat take most of a minute between them; `npm test` checks that each one is valid.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from '../cli-harness.js';

const work = mkdtempSync(join(tmpdir(), 'hordelab-shipped-'));

describe('shipped scenarios', () => {
  const shipped = readdirSync(resolve('scenarios')).filter((file) => !file.endsWith('.checks.yaml'));
  it.each(shipped)('%s runs', async (file) => {
    const result = await hordelabIn(work, 'run', resolve('scenarios', file), '--matches', '2', '--quiet', '--out', join('shipped', file));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
