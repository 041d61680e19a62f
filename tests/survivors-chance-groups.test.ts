/**
 * Survivors' `chanceGroups`: die faces that decide a roll alike share a group, and search applies
 * one face per group. Checked against the states themselves: at roll nodes met in play and in
 * the greedy agent's search, every face is applied to a copy and the copies compared field by
 * field (the conformance suite's snapshot). Faces of one group must leave equal states; for the
 * rolls whose results always differ (a bite or not, a kill or not, a hit or not, a break or not,
 * a throw's use), faces leaving equal states must share a group too.
 */
import { describe, expect, it } from 'vitest';
import { greedyAgent } from '../agents/greedy.js';
import { scriptedZombiesAgent } from '../agents/scripted-zombies.js';
import type { AnyGame } from '../src/core/game.js';
import { playMatch } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { Phase, Roll, survivors, type SurvivorsParams, type SurvivorsState } from '../src/games/survivors/index.js';
import { groupsByStates } from './fixtures/survivors-scene.js';

const ROLL_NAMES = Object.fromEntries(Object.entries(Roll).map(([name, value]) => [value, name])) as Record<number, string>;
/** Roll kinds whose faces have two or more results that never leave equal states. */
const ALWAYS_DISTINCT = new Set<number>([Roll.Bite, Roll.Throw, Roll.BlastKill, Roll.ZombieAttack, Roll.ZombieBreak]);
const KEPT_PER_KIND = 30;

/** Copies of roll nodes met while greedy humans play scripted zombies: in play (sampleChance) and in search (chanceGroups). */
function rollNodes(params: SurvivorsParams, matches: number): Map<number, SurvivorsState[]> {
  const byKind = new Map<number, SurvivorsState[]>();
  const keep = (state: SurvivorsState): void => {
    if (state.phase !== Phase.Roll) return;
    const list = byKind.get(state.pending.roll) ?? [];
    if (list.length < KEPT_PER_KIND) list.push(survivors.clone(state));
    byKind.set(state.pending.roll, list);
  };
  const watched: AnyGame = {
    ...survivors,
    chanceGroups: (state: SurvivorsState) => (keep(state), survivors.chanceGroups!(state)),
    sampleChance: (state: SurvivorsState, rng) => (keep(state), survivors.sampleChance(state, rng)),
  };
  const seats = [
    { factory: greedyAgent, config: { horizon: 'action' } },
    { factory: scriptedZombiesAgent, config: {} },
  ];
  for (let matchIndex = 0; matchIndex < matches; matchIndex++) playMatch({ game: watched, params, seats, runSeed: 7, matchIndex }, null);
  return byKind;
}

describe('Survivors chanceGroups', () => {
  const params: SurvivorsParams = { ...defaultParameters(survivors.parameters), scenario: 'survive' };
  const nodes = rollNodes(params, 6);

  it('meets every kind of roll but a heal in six matches of greedy humans against scripted zombies (so the checks below are not empty)', () => {
    const met = [...nodes.keys()].map((kind) => ROLL_NAMES[kind]).sort();
    expect(met).toEqual(expect.arrayContaining(['Attack', 'BlastKill', 'Bite', 'Throw', 'ZombieAttack']));
  });

  it('groups only faces that leave equal states, and, for rolls whose results always differ, every face that does', () => {
    let checked = 0;
    for (const [kind, states] of nodes) {
      for (const state of states) {
        const groups = survivors.chanceGroups!(state);
        const truth = groupsByStates(state);
        // Same group => same state.
        for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) if (groups[a] === groups[b]) expect(truth[a], `${ROLL_NAMES[kind]} faces ${a + 1}, ${b + 1}: ${survivors.describeState(state)}`).toBe(truth[b]);
        if (ALWAYS_DISTINCT.has(kind)) expect(groups, `${ROLL_NAMES[kind]}: ${survivors.describeState(state)}`).toEqual(truth);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('numbers groups 0, 1, 2, … by first appearance, and gives each drawn card a group of its own', () => {
    const [state] = nodes.get(Roll.Attack) ?? [];
    expect(state).toBeDefined();
    const groups = survivors.chanceGroups!(state as SurvivorsState);
    expect(groups[0]).toBe(0);
    expect(Math.max(...groups)).toBeLessThan(6);
    const draw = survivors.setup(params);
    expect(draw.phase).toBe(Phase.Draw);
    const count = survivors.chanceOutcomes(draw).length;
    expect(survivors.chanceGroups!(draw)).toEqual(Array.from({ length: count }, (_, i) => i));
  });
});
