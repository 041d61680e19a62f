import { describe, expect, it } from 'vitest';
import { randomAgent } from '../agents/random.js';
import { HandWrittenPlayout } from '../bench/zombie-trainers-playout.js';
import { playMatch } from '../src/core/match-runner.js';
import { parseParameters } from '../src/core/parameters.js';
import { zombieTrainers, type ZombieTrainersParams, type ZombieTrainersState } from '../src/games/zombie-trainers/index.js';

// The bench's hand-written playout is the speed limit the engine is measured against; the
// ratio means something only if it plays the same game. It must end every match exactly as the
// engine does, from the same seeds.
const seats = [
  { factory: randomAgent, config: {} },
  { factory: randomAgent, config: {} },
];
const settings: Record<string, Record<string, unknown>> = {
  defaults: {},
  'no blocking, range 2': { blockingUnits: false, interactionRange: 2 },
  'more points, dearer moves, few rounds': { actionPoints: 5, moveCost: 2, maxRounds: 30 },
  'small map, kills not stacking': { map: '....\n.#..\n....', initialWildZombies: 2, maxWildZombies: 3, killXpStacks: false, traps: { 20: 2, 90: 2 } },
};

describe('the hand-written Zombie Trainers playout of the bench', () => {
  for (const [name, raw] of Object.entries(settings)) {
    it(`ends every match as the engine does (${name})`, () => {
      const parsed = parseParameters(zombieTrainers.parameters, raw);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const params = parsed.params as ZombieTrainersParams;
      const playout = new HandWrittenPlayout(params);
      const mismatches: string[] = [];
      for (let match = 0; match < 150; match++) {
        const engine = playMatch({ game: zombieTrainers, params, seats, runSeed: 7, matchIndex: match }, null);
        const state = engine.finalState as ZombieTrainersState;
        const hand = playout.play(7, match);
        const expected = { winner: state.winner, xp: [state.trainers[0].xp, state.trainers[1].xp], rounds: state.round, turns: state.turn, capped: state.endReason === 'maxRounds' };
        if (JSON.stringify(hand) !== JSON.stringify(expected)) mismatches.push(`match ${match}: ${JSON.stringify(hand)} vs ${JSON.stringify(expected)}`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});
