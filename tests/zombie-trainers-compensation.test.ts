/**
 * Zombie Trainers' per-seat parameters (compensation for moving first) and the parameter checks
 * that refuse degenerate settings (a core action made impossible).
 */
import { describe, expect, it } from 'vitest';
import { parseParameters } from '../src/core/parameters.js';
import { Phase, placeWildZombie, zombieTrainers, type ZombieTrainersParams, type ZombieTrainersState } from '../src/games/zombie-trainers/index.js';

function params(raw: Record<string, unknown>): ZombieTrainersParams {
  const parsed = parseParameters(zombieTrainers.parameters, { initialWildZombies: 0, ...raw });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.params;
}

const issues = (raw: Record<string, unknown>): string[] => zombieTrainers.validateParameters(params(raw)).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

/** Ends turns (no spawns: maxWildZombies 0) until `seat` is to act. */
function turnOf(state: ZombieTrainersState, seat: 0 | 1): void {
  while (state.current !== seat || state.phase !== Phase.Decision) zombieTrainers.apply(state, { kind: 'endTurn' }, null);
}

describe('per-seat parameters', () => {
  it('scalars give both trainers the same start, as the rules do', () => {
    const state = zombieTrainers.setup(params({ maxWildZombies: 0 }));
    expect(state.trainers.map((trainer) => trainer.xp)).toEqual([0, 0]);
    expect(state.trainers.map((trainer) => trainer.trapsLeft)).toEqual([7, 7]);
    expect(state.actionPoints).toBe(3);
    turnOf(state, 1);
    expect(state.actionPoints).toBe(3);
  });

  it('startXp: [0, 1] starts player 2 one XP ahead', () => {
    const state = zombieTrainers.setup(params({ startXp: [0, 1] }));
    expect(state.trainers.map((trainer) => trainer.xp)).toEqual([0, 1]);
  });

  it('actionPoints: [3, 4] gives each trainer his own action points every turn', () => {
    const state = zombieTrainers.setup(params({ actionPoints: [3, 4], maxWildZombies: 0 }));
    expect(state.actionPoints).toBe(3);
    turnOf(state, 1);
    expect(state.actionPoints).toBe(4);
    // A 4-step move is legal for player 2 only.
    expect(zombieTrainers.legalActions(state).some((action) => action.kind === 'move' && action.steps === 4)).toBe(true);
    turnOf(state, 0);
    expect(state.actionPoints).toBe(3);
    expect(zombieTrainers.legalActions(state).some((action) => action.kind === 'move' && action.steps === 4)).toBe(false);
  });

  it('traps per trainer: each gets his own counts, indexed by the rates of both', () => {
    const state = zombieTrainers.setup(params({ traps: [{ 40: 2 }, { 40: 1, 90: 1 }] }));
    expect(state.config.trapRates).toEqual([40, 90]);
    expect(state.trainers[0].trapCounts).toEqual([2, 0]);
    expect(state.trainers[1].trapCounts).toEqual([1, 1]);
    expect(state.trainers.map((trainer) => trainer.trapsLeft)).toEqual([2, 2]);
  });

  it('startXp counts in the final score: both traps fail, and player 2 wins on his start', () => {
    const state = zombieTrainers.setup(params({ startXp: [0, 1], traps: { 40: 1 }, maxWildZombies: 0 }));
    // A wild zombie beside each trainer (maxWildZombies 0: nothing else spawns).
    for (const trainer of state.trainers) {
      const neighbour = [...state.config.map.grassNeighbours.slice(trainer.cell * 4, trainer.cell * 4 + 4)].find((cell) => cell >= 0) as number;
      placeWildZombie(state, neighbour, 5, 1);
    }
    for (const seat of [0, 1] as const) {
      turnOf(state, seat);
      const attempt = zombieTrainers.legalActions(state).find((action) => action.kind === 'catch');
      if (attempt === undefined) throw new Error('no catch offered');
      zombieTrainers.apply(state, attempt, null);
      // A = 1, D = 6, R = 100: the catch fails (rule 17).
      for (const value of [1, 6, 100]) zombieTrainers.apply(state, { kind: 'chance', value }, null);
    }
    expect(state.phase).toBe(Phase.Over);
    expect(state.winner).toBe(1);
    expect(state.tieDecided).toBe(false);
  });
});

describe('degenerate parameters are refused', () => {
  it('action points below the catch cost make catching impossible', () => {
    expect(issues({ actionPoints: 3, catchCost: 4 })).toEqual([
      'actionPoints: 3 action points are below catchCost (4), so catching would be impossible; expected at least 4',
    ]);
  });

  it('action points below the attack or move cost too, per trainer when given per trainer', () => {
    expect(issues({ actionPoints: [3, 2] })).toEqual(['actionPoints.1: player 2\'s 2 action points are below attackCost (3), so attacking would be impossible; expected at least 3']);
    expect(issues({ actionPoints: 3, moveCost: 4, catchCost: 1, attackCost: 1 })).toEqual([
      'actionPoints: 3 action points are below moveCost (4), so moving would be impossible; expected at least 4',
    ]);
  });

  it('a trainer without traps is refused, per trainer', () => {
    expect(issues({ traps: [{ 40: 1 }, { 40: 0 }] })).toEqual(['traps.1: expected at least one trap for player 2']);
  });

  it('the defaults and every value of the tunable ranges are valid with the other defaults', () => {
    expect(issues({})).toEqual([]);
    for (const name of ['actionPoints', 'moveCost', 'catchCost', 'attackCost'] as const) {
      const range = zombieTrainers.parameters[name].tunable;
      if (range?.kind !== 'int') throw new Error(`${name} has no int range`);
      for (let value = range.min; value <= range.max; value++) expect(issues({ [name]: value }), `${name}=${value}`).toEqual([]);
    }
  });
});
