/**
 * Survivors rules 56–59, the zombie player's turn: actions and their costs, spawning, the
 * must-approach directive and the ambush event. Hand-built positions, forced dice.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, Phase, UNREACHABLE, ZOMBIES, zombiePathDistances, type SurvivorsAction, type SurvivorsState } from '../src/games/survivors/index.js';
import { canEndNear, setNearStampForTests } from '../src/games/survivors/rules.js';
import { zombieStepCost } from '../src/games/survivors/geometry.js';
import { CHANCE, TERMINAL } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import {
  E,
  HOUSE,
  MOVES,
  OPEN,
  S,
  W,
  act,
  actNow,
  addZombie,
  cardId,
  cellAt,
  edgeAt,
  eventsOf,
  force,
  game,
  human,
  isLegal,
  lastEvent,
  legalOfKind,
  makeParams,
  passHumanPhase,
  putHuman,
  recorder,
  start,
  zombieTurn,
  barricadeEdge,
} from './fixtures/survivors-scene.js';

describe('rule 56: zombie actions', () => {
  it('rule 56: 2 actions a turn; a step costs 1, a window 2, an obstacle 2', () => {
    const costs = (dir: number): number[] => {
      const state = start(MOVES, { zombiesMustApproach: false });
      putHuman(state, 0, 0, 2);
      addZombie(state, 1, 0);
      zombieTurn(state, 0);
      const rec = recorder();
      act(state, { kind: 'zombieMove', dir }, rec.sink);
      return eventsOf(rec.events, 'zombieAction').map((e) => e.cost);
    };
    expect(costs(W)).toEqual([2]); // through the window: its two actions
    expect(costs(E)).toEqual([2]); // onto the obstacle
    const state = start(MOVES, { zombiesMustApproach: false });
    putHuman(state, 0, 0, 2);
    addZombie(state, 1, 0);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).toEqual([E, S, W]);
    // With one action left: the floor step south, but neither the window nor the obstacle.
    state.zombieActionsLeft = 1;
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).toEqual([S]);
    act(state, { kind: 'zombieMove', dir: S });
    expect([state.phase, state.round]).toEqual([Phase.ChooseHuman, 2]); // its turn, the last, is over
  });

  it('rule 56: at most one attack on a human a turn, wounding on 4–6', () => {
    const state = start(OPEN);
    putHuman(state, 0, 2, 2);
    addZombie(state, 3, 2);
    zombieTurn(state, 0);
    const rec = recorder();
    act(state, { kind: 'zombieAttack', human: 0 }, rec.sink);
    force(state, 3, rec.sink);
    expect(human(state, 0).wounds).toBe(0);
    expect(lastEvent(rec.events, 'zombieAction')).toMatchObject({ action: 'attack', roll: 3, success: false, exactSuccess: 0.5 });
    // One action left, but its attack is spent.
    expect(state.zombieActionsLeft).toBe(1);
    expect(legalOfKind(state, 'zombieAttack')).toEqual([]);
    const hit = start(OPEN);
    putHuman(hit, 0, 2, 2);
    addZombie(hit, 3, 2);
    zombieTurn(hit, 0);
    act(hit, { kind: 'zombieAttack', human: 0 });
    force(hit, 4);
    expect(human(hit, 0).wounds).toBe(1);
  });

  it('rule 56: a zombie attacks a barricade on its cell\'s edge and destroys it on 5–6, as often as its actions allow', () => {
    const state = start(HOUSE);
    const edge = edgeAt(state, 1, 1, E);
    barricadeEdge(state, edge);
    addZombie(state, 2, 1);
    zombieTurn(state, 0);
    const rec = recorder();
    act(state, { kind: 'zombieBreak', dir: W }, rec.sink);
    force(state, 4, rec.sink);
    expect(state.barricades[edge]).toBe(1);
    act(state, { kind: 'zombieBreak', dir: W }, rec.sink);
    force(state, 5, rec.sink);
    expect(state.barricades[edge]).toBe(0);
    expect(eventsOf(rec.events, 'zombieAction').map((e) => [e.action, e.roll, e.success])).toEqual([
      ['break', 4, false],
      ['break', 5, true],
    ]);
    expect(lastEvent(rec.events, 'barricadeBroken')).toMatchObject({ edge, by: 'zombie' });
  });
});

describe('rule 57: spawning', () => {
  it('rule 57: up to spawnPerRound zombies on empty spawn points at least 2 from any human; they do not act that phase', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    passHumanPhase(state);
    expect(state.phase).toBe(Phase.Spawn);
    expect(game.currentPlayer(state)).toBe(ZOMBIES);
    expect(legalOfKind(state, 'place').map((a) => a.cell)).toEqual([cellAt(state, 0, 0), cellAt(state, 6, 0)]);
    act(state, { kind: 'place', cell: cellAt(state, 0, 0) });
    act(state, { kind: 'place', cell: cellAt(state, 6, 0) });
    // Both fresh: no zombie acts, the round is over.
    expect([state.round, state.phase, state.zombies.length]).toEqual([2, Phase.ChooseHuman, 2]);
    // A human 1 step from a spawn point keeps it closed.
    const near = start(OPEN);
    putHuman(near, 0, 1, 0);
    passHumanPhase(near);
    expect(legalOfKind(near, 'place').map((a) => a.cell)).toEqual([cellAt(near, 6, 0)]);
    // spawnedActImmediately: the new zombie acts at once.
    const quick = start(OPEN, { spawnedActImmediately: true });
    putHuman(quick, 0, 3, 4);
    passHumanPhase(quick);
    act(quick, { kind: 'place', cell: cellAt(quick, 0, 0) });
    act(quick, { kind: 'stopSpawning' });
    expect([quick.phase, quick.zombieIndex]).toEqual([Phase.ZombieAct, 0]);
    // At the cap (1 per human here), nothing spawns.
    const capped = start(OPEN, { zombieCapPerHuman: 1 });
    putHuman(capped, 0, 3, 4);
    addZombie(capped, 6, 2);
    passHumanPhase(capped);
    expect(capped.phase).toBe(Phase.ZombieAct);
  });
});

describe('rule 58: zombies must approach', () => {
  it('rule 58: a zombie blocked by another may step aside and around, ending as near as it began', () => {
    // The probe of issue 16: open 7×5, zombies on (3,0) and (3,1), the human on (3,4).
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 0);
    addZombie(state, 3, 1);
    zombieTurn(state, 0);
    // Path distance 4. West or east costs one step away (5), the second step back south (4).
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir).sort()).toEqual([E, W]);
    act(state, { kind: 'zombieMove', dir: W });
    // At distance 5 it may not stop there: only the steps that end at 4 again are legal (back
    // east, or south around the other zombie); west, to 6, is not.
    expect(isLegal(state, { kind: 'zombieEnd' })).toBe(false);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).toEqual([E, S]);
    act(state, { kind: 'zombieMove', dir: S });
    expect(state.zombies[0]).toBe(cellAt(state, 2, 1));
    // Its two actions spent, the turn passed to the second zombie.
    expect(state.zombieIndex).toBe(1);
  });

  it('rule 58: a step away is illegal when the actions left cannot bring it back', () => {
    const state = start(OPEN, { zombieActions: 1 });
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 0);
    addZombie(state, 3, 1);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieMove')).toEqual([]);
    expect(isLegal(state, { kind: 'zombieEnd' })).toBe(true);
    // Nothing in the way: the step toward the human is legal, and the steps away are not.
    const open = start(OPEN, { zombieActions: 1 });
    putHuman(open, 0, 3, 4);
    addZombie(open, 3, 0);
    zombieTurn(open, 0);
    expect(legalOfKind(open, 'zombieMove').map((a) => a.dir)).toEqual([S]);
  });

  it('rule 58: with no path to any human, or with zombiesMustApproach = false, a zombie moves freely', () => {
    const sealed = start(HOUSE);
    for (const dir of [E, S, W]) barricadeEdge(sealed, edgeAt(sealed, 1, 1, dir));
    addZombie(sealed, 3, 0);
    zombieTurn(sealed, 0);
    expect(legalOfKind(sealed, 'zombieMove').map((a) => a.dir).sort()).toEqual([E, S, W].sort());
    const free = start(OPEN, { zombiesMustApproach: false, zombieActions: 1 });
    putHuman(free, 0, 3, 4);
    addZombie(free, 3, 0);
    zombieTurn(free, 0);
    expect(legalOfKind(free, 'zombieMove').map((a) => a.dir).sort()).toEqual([E, S, W].sort());
  });
});

describe('rule 59: the ambush event', () => {
  /** Human 0 searches the spot on (0,2) of the house map and draws an Ambush. */
  function ambush(overrides: Parameters<typeof start>[1] = {}) {
    const state = start(HOUSE, { numHumans: 2, ...overrides });
    putHuman(state, 0, 0, 2);
    actNow(state, 0, 4);
    const rec = recorder();
    act(state, { kind: 'search' }, rec.sink);
    return { state, rec, draw: () => game.apply(state, { kind: 'draw', card: cardId(state, 'Ambush') }, rec.sink) };
  }

  it('rule 59: the zombie player puts one zombie on an empty cell next to the searcher', () => {
    const { state, rec, draw } = ambush();
    draw();
    expect(state.phase).toBe(Phase.Ambush);
    expect(game.currentPlayer(state)).toBe(ZOMBIES);
    expect(legalOfKind(state, 'place').map((a) => a.cell)).toEqual([cellAt(state, 0, 1), cellAt(state, 1, 2)]);
    act(state, { kind: 'place', cell: cellAt(state, 1, 2) }, rec.sink);
    expect(lastEvent(rec.events, 'spawn')).toMatchObject({ cell: cellAt(state, 1, 2), source: 'ambush' });
    expect([state.phase, human(state, 0).actionsLeft]).toEqual([Phase.Act, 3]);
  });

  it('rule 59: with no empty cell next to him, on the nearest empty spawn point; at the cap, none', () => {
    const blocked = ambush();
    putHuman(blocked.state, 1, 0, 1);
    addZombie(blocked.state, 1, 2);
    blocked.draw();
    expect(blocked.state.phase).toBe(Phase.Act);
    expect(lastEvent(blocked.rec.events, 'spawn')).toMatchObject({ cell: cellAt(blocked.state, 0, 0), source: 'ambush' });
    const capped = ambush({ zombieCapPerHuman: 1 });
    addZombie(capped.state, 4, 0);
    addZombie(capped.state, 3, 0);
    capped.draw();
    expect(capped.state.phase).toBe(Phase.Act);
    expect(eventsOf(capped.rec.events, 'spawn')).toEqual([]);
  });
});

describe('rule 58: whether a zombie can still end near enough, at any budget', () => {
  /** The walk the rules once tried, every one of them (4^budget): the oracle for small budgets. */
  function everyWalk(state: SurvivorsState, dist: Int32Array, origin: number, cell: number, budget: number, limit: number): boolean {
    if ((dist[cell] as number) <= limit) return true;
    for (let dir = 0; dir < 4; dir++) {
      const to = state.config.map.neighbour[cell * 4 + dir] as number;
      if (to < 0 || (state.occupant[to] !== -1 && to !== origin)) continue;
      const cost = zombieStepCost(state, cell, dir);
      if (cost !== 0 && cost <= budget && everyWalk(state, dist, origin, to, budget - cost, limit)) return true;
    }
    return false;
  }

  /** The same question by dynamic programming over (cell, budget left): the oracle for large budgets. */
  function byBudget(state: SurvivorsState, dist: Int32Array, origin: number, start: number, budget: number, limit: number): boolean {
    const cells = state.config.map.width * state.config.map.height;
    // can[b][c]: from c with b left, some walk ends within the limit.
    let can = Array.from({ length: cells }, (_, c) => (dist[c] as number) <= limit);
    const levels = [can];
    for (let left = 1; left <= budget; left++) {
      can = Array.from({ length: cells }, (_, c) => {
        if ((dist[c] as number) <= limit) return true;
        for (let dir = 0; dir < 4; dir++) {
          const to = state.config.map.neighbour[c * 4 + dir] as number;
          if (to < 0 || (state.occupant[to] !== -1 && to !== origin)) continue;
          const cost = zombieStepCost(state, c, dir);
          if (cost !== 0 && cost <= left && levels[left - cost]?.[to] === true) return true;
        }
        return false;
      });
      levels.push(can);
    }
    return levels[budget]?.[start] === true;
  }

  it('answers as trying every walk does, on the positions of seeded random playouts, and as a search by budget does where budgets are large (audit 26b: 4^budget walks hung a match at zombieActions 50)', () => {
    let compared = 0;
    let near = 0;
    let decisions = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const params = makeParams(DEFAULT_MAP, { numHumans: 2, initialZombies: 3, humanDeathsToWin: 2, zombieActions: 4, zombieWindowCost: 2, zombieObstacleCost: 3 });
      expect(game.validateParameters(params)).toEqual([]);
      const state = game.setup(params);
      const rng = Rng.fromSeed(BigInt(seed));
      for (let step = 0; step < 800 && game.currentPlayer(state) !== TERMINAL; step++) {
        const player = game.currentPlayer(state);
        if (player === ZOMBIES && state.zombieMoveStart < UNREACHABLE) {
          const dist = zombiePathDistances(state);
          const origin = state.zombies[state.zombieIndex] as number;
          decisions++;
          for (let cell = decisions % 11; cell < state.config.map.width * state.config.map.height; cell += 37) {
            if (state.occupant[cell] !== -1 && cell !== origin) continue;
            for (const [budget, limit] of [[0, state.zombieMoveStart], [3, state.zombieMoveStart], [6, state.zombieMoveStart - 1], [5, state.zombieMoveStart - 3]] as const) {
              const expected = everyWalk(state, dist, origin, cell, budget, limit);
              expect(canEndNear(state, dist, origin, cell, budget, limit), `seed ${seed}, step ${step}, cell ${cell}, budget ${budget}, limit ${limit}`).toBe(expected);
              compared++;
              if (expected) near++;
            }
            if (decisions % 10 === 0) {
              const big = canEndNear(state, dist, origin, cell, 60, state.zombieMoveStart - 4);
              expect(big, `seed ${seed}, step ${step}, cell ${cell}, budget 60`).toBe(byBudget(state, dist, origin, cell, 60, state.zombieMoveStart - 4));
            }
          }
        }
        const action = player === CHANCE ? game.sampleChance(state, rng) : (() => {
          const legal = game.legalActions(state);
          return legal[rng.int(legal.length)] as SurvivorsAction;
        })();
        game.apply(state, action, null);
      }
    }
    // On a board of 4 cells with a window and an obstacle, a large budget sends cells through the
    // search's ring of 4 slots many times over, cheaper costs found after dearer ones.
    const tiny = makeParams(['+-+-+', '|Z .|', '|  w', '|H #|', '+-+-+'], { zombieWindowCost: 3, zombieObstacleCost: 2, zombiesMustApproach: true });
    expect(game.validateParameters(tiny)).toEqual([]);
    const small = game.setup(tiny);
    const smallDist = zombiePathDistances(small);
    for (let budget = 0; budget <= 12; budget++) {
      for (let cell = 0; cell < 4; cell++) {
        for (const limit of [-1, 0, 1, 2, 3]) {
          const origin = 0;
          if (small.occupant[cell] !== -1 && cell !== origin) continue;
          expect(canEndNear(small, smallDist, origin, cell, budget, limit), `tiny board: cell ${cell}, budget ${budget}, limit ${limit}`).toBe(byBudget(small, smallDist, origin, cell, budget, limit));
          compared++;
        }
      }
    }
    // Both answers were met often: the comparison says something.
    expect(compared).toBeGreaterThan(500);
    expect(near).toBeGreaterThan(compared / 10);
    expect(near).toBeLessThan(compared);
  });
});

describe('rule 58: the search of where a zombie may end, when its stamps run out', () => {
  it('starts the stamps over with every mark cleared, and answers as before', () => {
    const params = makeParams(DEFAULT_MAP, { numHumans: 2, initialZombies: 3, humanDeathsToWin: 2 });
    const state = game.setup(params);
    const dist = zombiePathDistances(state);
    const cells = state.config.map.width * state.config.map.height;
    const free = Array.from({ length: cells }, (_, cell) => cell).filter((cell) => state.occupant[cell] === -1);
    const answers = (): boolean[] => free.slice(0, 40).map((cell, i) => canEndNear(state, dist, -1, cell, i % 4, (dist[cell] as number) - 2));
    const before = answers();
    expect(before.some(Boolean) && before.some((answer) => !answer)).toBe(true);
    setNearStampForTests(0x7fffffff - 5);
    expect(answers()).toEqual(before);
  });
});
