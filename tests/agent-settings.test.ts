/**
 * What `hordelab agents` lists of each built-in agent's settings against what the agent itself
 * accepts and fills in: the listing printed each factory's description, whose "Config:" list was
 * written by hand and left out rollout's `confidence` (audit 34b L3).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agents } from '../src/registry.js';

/** The settings a description lists, name and what it shows beside it, in order. */
function listed(description: string): [string, string][] {
  if (description.endsWith(' Takes no config.')) return [];
  const sentence = /Config: (.*)\.$/.exec(description);
  if (sentence === null) throw new Error(`no "Config:" sentence at the end of: ${description}`);
  return (sentence[1] as string).split(/, (?=\w+ \()/).map((item) => {
    const parts = /^(\w+) \((.*)\)$/.exec(item);
    if (parts === null) throw new Error(`not "name (shown)": ${item}`);
    return [parts[1] as string, parts[2] as string];
  });
}

/** A shown default as the value it stands for, when it is one (a number or a boolean) or starts with one before a `;` (`1000; none with timeMs alone`), else undefined. */
function shownValue(shown: string): number | boolean | undefined {
  const value = shown.split(';', 1)[0] as string;
  if (value === 'true' || value === 'false') return value === 'true';
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
}

describe('hordelab agents: the settings listed are the settings taken', () => {
  for (const factory of agents.values()) {
    it(`${factory.id}: lists every setting its validateConfig accepts, and none other`, () => {
      const names = listed(factory.description).map(([name]) => name);
      // A setting no agent takes: the refusal names the settings the agent does take.
      const problems = factory.validateConfig({ noSuchSetting: 1 });
      expect(problems.map((problem) => problem.field)).toEqual(['noSuchSetting']);
      const accepted = /expected one of: (.*)$/.exec(problems[0]?.message ?? '');
      expect(accepted === null ? [] : (accepted[1] as string).split(', ')).toEqual(names);
      for (const name of names) {
        // Each one listed is a setting the agent knows (its value may be refused, not its name).
        expect(factory.validateConfig({ [name]: null }).map((problem) => problem.message)).not.toContainEqual(expect.stringMatching(/unknown setting|takes no config/));
      }
    });

    if (factory.settingsPlayed !== undefined) {
      it(`${factory.id}: lists every setting it fills in, with the default it fills in`, () => {
        const settings = listed(factory.description);
        const played = factory.settingsPlayed?.({}) ?? {};
        expect(settings.map(([name]) => name).sort()).toEqual(Object.keys(played).sort());
        for (const [name, shown] of settings) {
          const value = shownValue(shown);
          if (value === undefined) continue;
          expect({ [name]: played[name] }).toEqual({ [name]: value });
          expect(factory.validateConfig({ [name]: value })).toEqual([]);
        }
      });
    }
  }
});

describe("mcts's time budget alone (audit 42d F4)", () => {
  it('plays with no iteration cap, and hordelab agents and the README say so where they give the 1000 default', () => {
    const mcts = agents.get('mcts');
    expect(mcts?.settingsPlayed?.({ timeMs: 200 })).toMatchObject({ iterations: undefined, timeMs: 200 });
    expect(mcts?.settingsPlayed?.({ timeMs: 200, iterations: 50 })).toMatchObject({ iterations: 50, timeMs: 200 });
    expect(Object.fromEntries(listed(mcts?.description ?? ''))).toMatchObject({ iterations: '1000; none with timeMs alone', timeMs: 'off; alone, no iteration cap; not reproducible' });
    const row = readFileSync('README.md', 'utf8').split('\n').find((line) => line.startsWith('| `mcts` |')) ?? '';
    expect(row).toContain('`iterations: 1000` (up to 10⁹; none with `timeMs` alone)');
    expect(row).toContain('without it there is no iteration cap: the search spends the whole time budget');
  });
});
