/**
 * The generic conformance suite: every registered game, through many seeded random playouts,
 * must keep the contract of src/core/game.ts. A new game joins the suite by joining the registry.
 * The checks are `src/conform/` (what `hordelab conform` runs); this file runs them per game and
 * adds the match runner's own determinism.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomAgent } from '../agents/random.js';
import { hiddenCard } from './fixtures/hidden-card.js';
import { checkConformance, CONFORMANCE_PROPERTIES, type ConformanceProperty, type ConformanceReport } from '../src/conform/conformance.js';
import type { AnyGame, GameEvent } from '../src/core/game.js';
import { playMatch } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { agents, games } from '../src/registry.js';

function recordedMatch(game: AnyGame, params: unknown, runSeed: number, matchIndex: number): { events: GameEvent[]; returns: number[] } {
  const events: GameEvent[] = [];
  const seats = game.seats.map(() => ({ factory: randomAgent, config: {} }));
  const outcome = playMatch({ game, params, seats, runSeed, matchIndex }, (event) => events.push(event));
  return { events, returns: outcome.returns };
}

/** Every registered game, plus test fixtures that exercise parts of the contract no shipped game uses yet. */
const gamesUnderTest: [string, AnyGame][] = [...[...games.values()].map((entry) => [entry.game.id, entry.game] as [string, AnyGame]), [hiddenCard.id, hiddenCard]];

/** Small configs so every registered agent can think on every decision of a playout. */
const agentConfigs: Record<string, Record<string, unknown>> = { mcts: { iterations: 60 }, rollout: { candidates: 2, samples: 2, policyNodes: 20, maxNodes: 40 } };

describe.each(gamesUnderTest)('conformance: %s', (_id, game) => {
  const params = defaultParameters(game.parameters);

  // The contract, property by property, through the same code as `hordelab conform`.
  let report: ConformanceReport;
  beforeAll(() => {
    report = checkConformance(game, params, { playouts: 24, agents: [...agents.values()], agentConfigs });
  }, 120_000);
  const hiddenOnly = new Set<ConformanceProperty>(['hidden-observation', 'determinization', 'no-peeking']);
  const properties = (Object.keys(CONFORMANCE_PROPERTIES) as ConformanceProperty[])
    .filter((property) => game.hiddenInformation || !hiddenOnly.has(property))
    // Chance groups and a heuristic's leader are checked for games that give them.
    .filter((property) => property !== 'chance-groups' || game.chanceGroups !== undefined)
    .filter((property) => property !== 'heuristic-leader' || game.heuristic.leader !== undefined);
  for (const property of properties) it(property, (context) => {
    const result = report.properties.find((p) => p.property === property);
    // A property with nothing to check (no chance node in tic-tac-toe) is reported as skipped.
    if (result?.status === 'skipped') context.skip();
    expect(result?.problems.map((problem) => `${problem.message} (seed ${problem.seed}, step ${problem.step})`)).toEqual([]);
    expect(result?.checks).toBeGreaterThan(0);
  });

  it('gives the same events for the same (run seed, match index) through the match runner', () => {
    const a = recordedMatch(game, params, 7, 3);
    const b = recordedMatch(game, params, 7, 3);
    expect(a.events.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(recordedMatch(game, params, 7, 4).events).not.toEqual(a.events);
  });
});
