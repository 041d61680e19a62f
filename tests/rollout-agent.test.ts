/**
 * The rollout agent (greedy improved by rollouts): it finds the move greedy's heuristic hides,
 * reduces to greedy with one candidate, is a pure function of its stream, never reads hidden
 * cards, and refuses bad config. Small budgets keep the file fast.
 */
import { describe, expect, it } from 'vitest';
import { greedyAgent } from '../agents/greedy.js';
import { bestCandidate, rolloutAgent } from '../agents/rollout.js';
import type { AgentFactory } from '../src/core/agent.js';
import type { AnyGame } from '../src/core/game.js';
import { SeatDecision, playMatch, type SeatSpec } from '../src/core/match-runner.js';
import { defaultParameters } from '../src/core/parameters.js';
import { matchSeed, matchStream } from '../src/core/rng.js';
import { integerDuel } from '../src/games/integer-duel/index.js';
import { zombieTrainers } from '../src/games/zombie-trainers/index.js';
import { bait } from './fixtures/bait.js';
import { hiddenCardWinRate } from './fixtures/hidden-card.js';

const seat = (factory: AgentFactory, config: Record<string, unknown> = {}): SeatSpec => ({ factory, config });

/** The index `factory` (built with `config` on stream `streamSeed`) picks in `state`. */
function choose(factory: AgentFactory, game: AnyGame, state: unknown, config: Record<string, unknown> = {}, streamSeed = 1): number {
  const player = game.currentPlayer(state);
  const decision = new SeatDecision(game, state);
  decision.seat = player;
  decision.legalActions = game.legalActions(state);
  const agent = factory.create(config, { game, params: {}, seat: player, rng: matchStream(matchSeed(streamSeed, 0), `seat:${player}`) });
  return agent.chooseAction(decision);
}

/** Budgets small enough for a test, large enough to play. */
const SMALL = { candidates: 2, samples: 2, policyNodes: 30, maxNodes: 60 };

describe('rollout agent: improves on greedy', () => {
  const start = (): unknown => bait.setup({});

  it('greedy takes the bait the heuristic rates higher', () => {
    expect(choose(greedyAgent, bait, start())).toBe(0);
  });

  it('rollouts play the reply out and take the safe move', () => {
    for (const streamSeed of [1, 2, 3]) expect(choose(rolloutAgent, bait, start(), {}, streamSeed)).toBe(1);
  });

  it('is greedy with one candidate, and with rollouts cut before the reply', () => {
    expect(choose(rolloutAgent, bait, start(), { candidates: 1 })).toBe(0);
    expect(choose(rolloutAgent, bait, start(), { turns: 1 })).toBe(0);
  });
});

describe('rollout agent: leaving greedy only on evidence', () => {
  // Greedy's choice first; per-sample values on common random numbers.
  const greedyChoice = [0, 0, 0, 0];
  const noisy = [1, -0.8, 1, -0.8]; // mean gain 0.1, standard error 0.52
  const steady = [0.05, 0.05, 0.06, 0.04]; // mean gain 0.05, standard error 0.004

  it('takes the best mean at confidence 0', () => {
    expect(bestCandidate([greedyChoice, noisy, steady], 0)).toBe(1);
  });

  it('keeps to candidates whose paired gain clears the standard errors asked for', () => {
    expect(bestCandidate([greedyChoice, noisy, steady], 1)).toBe(2);
    expect(bestCandidate([greedyChoice, noisy], 1)).toBe(0);
    expect(bestCandidate([greedyChoice, steady], 20)).toBe(0);
  });

  it("stays with greedy's choice when nothing beats it", () => {
    expect(bestCandidate([[0.3, 0.3], [0.3, 0.3], [0.1, 0.2]], 0)).toBe(0);
  });
});

describe('rollout agent: determinism', () => {
  const params = defaultParameters(zombieTrainers.parameters);
  const match = (runSeed: number) =>
    playMatch({ game: zombieTrainers, params, seats: [seat(rolloutAgent, SMALL), seat(greedyAgent)], runSeed, matchIndex: 0 }, null);

  it('plays the same Zombie Trainers match from the same seeds, another from others', () => {
    const a = match(5);
    const b = match(5);
    expect(b.returns).toEqual(a.returns);
    expect(b.steps).toBe(a.steps);
    expect(b.finalState).toEqual(a.finalState);
    expect(match(6).finalState).not.toEqual(a.finalState);
  });
});

describe('rollout agent: hidden information', () => {
  it('guesses a hidden card no better than chance: it cannot peek', () => {
    const interval = hiddenCardWinRate(seat(rolloutAgent, { samples: 8 }));
    // A peeking agent would win every game; an honest one a third of them.
    expect(interval.lower).toBeLessThan(1 / 3);
    expect(interval.upper).toBeGreaterThan(1 / 3);
  });

  it('chooses the same Integer Duel action whatever the opponent really holds', () => {
    const params = defaultParameters(integerDuel.parameters);
    const state = integerDuel.setup(params);
    // Play to the first decision of the side to act, then swap the opponent's hidden hand for
    // another consistent with what the seat has seen: the choice must not change.
    const rng = matchStream(matchSeed(3, 0), 'chance');
    let checked = 0;
    for (let step = 0; step < 400 && checked < 6; step++) {
      const player = integerDuel.currentPlayer(state);
      if (player < -1) break;
      if (player === -1) {
        integerDuel.apply(state, integerDuel.sampleChance(state, rng), null);
        continue;
      }
      const other = integerDuel.determinize!(state, player, rng);
      if (JSON.stringify(other.hands) !== JSON.stringify(state.hands) && integerDuel.legalActions(state).length > 1) {
        expect(choose(rolloutAgent, integerDuel, other, SMALL, step)).toBe(choose(rolloutAgent, integerDuel, state, SMALL, step));
        checked++;
      }
      const legal = integerDuel.legalActions(state);
      integerDuel.apply(state, legal[rng.int(legal.length)]!, null);
    }
    expect(checked).toBe(6);
  });
});

describe('rollout agent: config', () => {
  it('accepts its documented fields and refuses others, naming the field', () => {
    expect(rolloutAgent.validateConfig({ candidates: 3, samples: 8, turns: 4, maxNodes: 200, policyNodes: 50, beam: 2, confidence: 1.5 })).toEqual([]);
    expect(rolloutAgent.validateConfig({ confidence: -1 }).map((p) => p.field)).toEqual(['confidence']);
    expect(rolloutAgent.validateConfig({ samples: 0 }).map((p) => p.field)).toEqual(['samples']);
    expect(rolloutAgent.validateConfig({ turns: 1.5 }).map((p) => p.field)).toEqual(['turns']);
    expect(rolloutAgent.validateConfig({ depth: 3 }).map((p) => p.field)).toEqual(['depth']);
  });
});
