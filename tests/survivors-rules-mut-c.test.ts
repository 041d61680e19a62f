/**
 * Survivors rules, the last part of `rules.ts` as mutation testing found it unpinned: what a zombie
 * may attack and break (rule 56), its moves and ends as events, the contract around the rules
 * (who plays, the chance nodes and their sampling, the wrong action for a phase refused), the
 * initial placement (rule 6), the carried human put down by choice (rule 33), the ambush zombie
 * (rule 59), the copy of a state, the action keys, the state's one-line description, the bound on
 * a match's length and the game's metadata. Hand-built positions, forced dice.
 */
import { describe, expect, it } from 'vitest';
import { CHANCE, TERMINAL } from '../src/core/game.js';
import type { Rng } from '../src/core/rng.js';
import { HUMANS, Phase, ZOMBIES, configFor } from '../src/games/survivors/index.js';
import type { SurvivorsAction, SurvivorsState } from '../src/games/survivors/index.js';
import {
  E,
  HOUSE,
  N,
  OPEN,
  S,
  W,
  act,
  actNow,
  addZombie,
  barricadeEdge,
  cardId,
  cellAt,
  edgeAt,
  eventsOf,
  force,
  game,
  giveCard,
  human,
  lastEvent,
  legalOfKind,
  makeParams,
  putHuman,
  recorder,
  retire,
  start,
  zombieTurn,
} from './fixtures/survivors-scene.js';

/** A stand-in for the match's chance stream: `int` and `float` return what the test says. */
function fixedRng(intValue: number, floatValue: number): Rng {
  return { int: () => intValue, float: () => floatValue } as unknown as Rng;
}

describe('rule 56: what a zombie may attack and break', () => {
  it('rule 56: a zombie attacks a human on the first cell of the board next to it', () => {
    const state = start(OPEN);
    putHuman(state, 0, 0, 0);
    addZombie(state, 1, 0);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieAttack')).toEqual([{ kind: 'zombieAttack', human: 0 }]);
  });

  it('rule 56: a zombie breaks the barricade on the first edge of the board, on its own west side', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    // Edge 0 is the one between (0,0) and (1,0).
    expect(edgeAt(state, 1, 0, W)).toBe(0);
    barricadeEdge(state, 0);
    addZombie(state, 1, 0);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieBreak')).toEqual([{ kind: 'zombieBreak', dir: W }]);
  });

  it('rule 56: a barricade on an edge of a neighbouring cell, not of its own, is not the zombie’s to break', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    // North of (2,1): an edge of the cell east of the zombie on (1,1), none of the zombie's.
    barricadeEdge(state, edgeAt(state, 2, 1, N));
    addZombie(state, 1, 1);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieBreak')).toEqual([]);
  });

  it('rule 56: an attack on a barricade takes one of the zombie’s two actions, failed or not', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    barricadeEdge(state, edgeAt(state, 1, 1, E));
    addZombie(state, 1, 1);
    zombieTurn(state, 0);
    act(state, { kind: 'zombieBreak', dir: E });
    force(state, 1); // barricadeBreakOn = {5, 6}: it holds
    expect([state.phase, state.zombieIndex, state.zombieActionsLeft]).toEqual([Phase.ZombieAct, 0, 1]);
    act(state, { kind: 'zombieBreak', dir: E });
    force(state, 2);
    // Both actions spent: its turn is over, and with it the zombie phase (round 2 begins).
    expect([state.phase, state.round]).toEqual([Phase.ChooseHuman, 2]);
  });

  it('rule 56: a zombie move and the end of its turn are reported with their cost, no edge, no roll', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 1);
    zombieTurn(state, 0);
    const rec = recorder();
    act(state, { kind: 'zombieMove', dir: S }, rec.sink);
    act(state, { kind: 'zombieEnd' }, rec.sink);
    expect(eventsOf(rec.events, 'zombieAction')).toEqual([
      { type: 'zombieAction', action: 'move', cost: 1, edge: -1, roll: 0, success: true, round: 1, exactSuccess: 1 },
      { type: 'zombieAction', action: 'end', cost: 0, edge: -1, roll: 0, success: true, round: 1, exactSuccess: 1 },
    ]);
  });

  it('a human action in the zombie phase is refused, named', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 1);
    zombieTurn(state, 0);
    expect(() => game.apply(state, { kind: 'move', dir: N }, null)).toThrow('not a zombie action in this phase: move(N)');
  });
});

describe('the contract: players, decisions, chance', () => {
  it('nobody decides at a chance node or at the end: no legal decisions there', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 3);
    zombieTurn(state, 0);
    act(state, { kind: 'zombieAttack', human: 0 });
    expect(game.currentPlayer(state)).toBe(CHANCE);
    expect(game.legalActions(state)).toEqual([]);
    state.phase = Phase.Over;
    expect(game.legalActions(state, [{ kind: 'aim' }])).toEqual([]);
  });

  it('a die roll has six faces of 1/6 each; a decision node has no chance outcomes', () => {
    const state = start(OPEN);
    expect(game.chanceOutcomes(state)).toEqual([]);
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 3);
    zombieTurn(state, 0);
    expect(game.chanceOutcomes(state)).toEqual([]);
    act(state, { kind: 'zombieAttack', human: 0 });
    expect(game.chanceOutcomes(state)).toEqual([1, 2, 3, 4, 5, 6].map((value) => ({ action: { kind: 'die', value }, probability: 1 / 6 })));
  });

  it('sampling a die takes the face the stream gives: int(6) = 3 is a 4', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 3);
    zombieTurn(state, 0);
    act(state, { kind: 'zombieAttack', human: 0 });
    expect(game.sampleChance(state, fixedRng(3, 0.999))).toEqual({ kind: 'die', value: 4 });
  });

  /** Human 0 on the search spot of the house map, searching: a card is about to come off the deck. */
  function searching(): SurvivorsState {
    const state = start(HOUSE);
    putHuman(state, 0, 0, 2);
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    expect(state.phase).toBe(Phase.Draw);
    return state;
  }

  it('rule 52: sampling a draw walks the cards in order, each over [its start, its end) of the unit interval', () => {
    const state = searching();
    const outcomes = game.chanceOutcomes(state);
    const first = outcomes[0]!;
    const second = outcomes[1]!;
    const last = outcomes[outcomes.length - 1]!;
    expect(game.sampleChance(state, fixedRng(0, 0))).toEqual(first.action);
    expect(game.sampleChance(state, fixedRng(0, first.probability / 2))).toEqual(first.action);
    // Exactly on the boundary: the second card's interval begins there.
    expect(game.sampleChance(state, fixedRng(0, first.probability))).toEqual(second.action);
    expect(game.sampleChance(state, fixedRng(0, 1 - last.probability / 2))).toEqual(last.action);
  });

  it('rule 52: a draw the rounding of the weights leaves past the last card takes the last card', () => {
    const state = searching();
    // Six cards left, one of each: six weights of 1/6, whose sum in floating point falls short of 1.
    state.deck.fill(0);
    for (const card of [0, 1, 2, 3, 4, 5]) state.deck[card] = 1;
    state.deckSize = 6;
    const outcomes = game.chanceOutcomes(state);
    expect(outcomes.map((o) => o.probability)).toEqual([1, 2, 3, 4, 5, 6].map(() => 1 / 6));
    const last = outcomes[outcomes.length - 1]!;
    expect(last.action).toEqual({ kind: 'draw', card: 5 });
    // The largest float below 1: past all six weights, subtracted in turn.
    const u = 1 - 2 ** -53;
    let rest = u;
    for (const o of outcomes) rest -= o.probability;
    expect(rest).toBeGreaterThanOrEqual(0);
    expect(game.sampleChance(state, fixedRng(0, u))).toEqual(last.action);
  });
});

describe('the wrong action for a phase is refused, named', () => {
  it('at a die roll, at a card draw, at the choice of a human', () => {
    const state = start(OPEN);
    expect(() => game.apply(state, { kind: 'move', dir: N }, null)).toThrow('expected a human to activate, got move(N)');
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 3);
    zombieTurn(state, 0);
    act(state, { kind: 'zombieAttack', human: 0 });
    expect(() => game.apply(state, { kind: 'draw', card: 0 }, null)).toThrow('expected a die roll, got draw(card0)');
    const drawing = start(HOUSE);
    putHuman(drawing, 0, 0, 2);
    actNow(drawing, 0, 4);
    act(drawing, { kind: 'search' });
    expect(() => game.apply(drawing, { kind: 'die', value: 6 }, null)).toThrow('expected a card draw, got die(6)');
  });

  it('over capacity, at the drop of the carried, at the initial placement, at an ambush, at a spawn, after the end', () => {
    const full = start(HOUSE);
    putHuman(full, 0, 0, 2);
    for (const name of ['Baseball bat', 'Pistol', 'Kitchen knife']) giveCard(full, 0, name);
    actNow(full, 0, 4);
    act(full, { kind: 'search' });
    game.apply(full, { kind: 'draw', card: cardId(full, 'Grenade') }, null);
    expect(full.phase).toBe(Phase.Discard);
    expect(() => game.apply(full, { kind: 'aim' }, null)).toThrow('expected an item to drop, got aim');

    const dropping = carriedAlong();
    expect(dropping.phase).toBe(Phase.DropCarried);
    expect(() => game.apply(dropping, { kind: 'endActivation' }, null)).toThrow('expected a cell for the carried human, got endActivation');

    const placing = game.setup(makeParams(OPEN, { initialZombies: 1 }));
    expect(placing.phase).toBe(Phase.PlaceInitial);
    expect(() => game.apply(placing, { kind: 'stopSpawning' }, null)).toThrow('expected a spawn point, got stopSpawning');

    const ambushed = start(HOUSE);
    putHuman(ambushed, 0, 0, 2);
    actNow(ambushed, 0, 4);
    act(ambushed, { kind: 'search' });
    game.apply(ambushed, { kind: 'draw', card: cardId(ambushed, 'Ambush') }, null);
    expect(ambushed.phase).toBe(Phase.Ambush);
    expect(() => game.apply(ambushed, { kind: 'stopSpawning' }, null)).toThrow('expected a cell for the ambush, got stopSpawning');

    const spawning = start(OPEN);
    putHuman(spawning, 0, 3, 4);
    act(spawning, { kind: 'activate', human: 0 });
    act(spawning, { kind: 'endActivation' });
    expect(spawning.phase).toBe(Phase.Spawn);
    const zombiesBefore = spawning.zombies.slice();
    expect(() => game.apply(spawning, { kind: 'dropAt', cell: cellAt(spawning, 0, 0) }, null)).toThrow('expected a spawn point or stopSpawning, got dropAt(@0)');
    expect(spawning.zombies).toEqual(zombiesBefore);

    spawning.phase = Phase.Over;
    expect(() => game.apply(spawning, { kind: 'zombieEnd' }, null)).toThrow('no action applies to a finished match: zombieEnd');
  });
});

/**
 * Rule 33 with carryDropRule playerChoice: carrier 0 on (1,2) shoulders the wounded human 1 from
 * (2,2), then walks east twice and north once along (2,2), (3,2), (3,1), so the cells he left are
 * (1,2), (2,2) and (3,2); human 2 waits on (0,4).
 */
function carriedAlong(): SurvivorsState {
  const state = start(OPEN, { numHumans: 3, carryDropRule: 'playerChoice' });
  putHuman(state, 0, 1, 2);
  putHuman(state, 1, 2, 2);
  putHuman(state, 2, 0, 4);
  human(state, 1).wounds = 1;
  act(state, { kind: 'activate', human: 0 });
  act(state, { kind: 'carry', human: 1 });
  act(state, { kind: 'move', dir: E });
  act(state, { kind: 'move', dir: E });
  act(state, { kind: 'move', dir: N });
  return state;
}

describe('rule 33: the carried human put down by the humans’ choice', () => {
  it('rule 33: the cells he vacated are offered in board order, and after the drop the carrier has activated', () => {
    const state = carriedAlong();
    expect(state.phase).toBe(Phase.DropCarried);
    expect(game.currentPlayer(state)).toBe(HUMANS);
    expect(legalOfKind(state, 'dropAt').map((a) => a.cell)).toEqual([cellAt(state, 1, 2), cellAt(state, 2, 2), cellAt(state, 3, 2)]);
    act(state, { kind: 'dropAt', cell: cellAt(state, 2, 2) });
    expect(human(state, 1).cell).toBe(cellAt(state, 2, 2));
    // Rule 9: the carrier activated once; the next choice is among the others, nobody acting yet.
    expect(state.phase).toBe(Phase.ChooseHuman);
    expect(state.active).toBe(-1);
    expect(human(state, 0).activated).toBe(true);
    expect(legalOfKind(state, 'activate').map((a) => a.human)).toEqual([1, 2]);
    expect(game.describeState(state)).not.toContain('acting');
  });
});

describe('rule 6: the initial placement', () => {
  /** 3 × 2: spawn points on (0,0) and (2,0); the start cell (0,1) right under the first. */
  const TWO = ['+-+-+-+', '|Z . Z|', '|     |', '|H . .|', '+-+-+-+'];

  it('rule 6: each initial zombie goes on a spawn point, any spawn point, till all are placed; then round 1 begins', () => {
    const state = game.setup(makeParams(TWO, { initialZombies: 2 }));
    expect(game.validateParameters(makeParams(TWO, { initialZombies: 2 }))).toEqual([]);
    expect(game.currentPlayer(state)).toBe(ZOMBIES);
    const rec = recorder();
    act(state, { kind: 'place', cell: cellAt(state, 2, 0) }, rec.sink);
    // The spawn point next to the human stays open to the initial placement (rule 57 spaces spawns only).
    expect([state.phase, state.placementsLeft]).toEqual([Phase.PlaceInitial, 1]);
    expect(legalOfKind(state, 'place').map((a) => a.cell)).toEqual([cellAt(state, 0, 0)]);
    act(state, { kind: 'place', cell: cellAt(state, 0, 0) }, rec.sink);
    expect([state.phase, state.round, state.placementsLeft]).toEqual([Phase.ChooseHuman, 1, 0]);
    expect(eventsOf(rec.events, 'spawn')).toEqual([
      { type: 'spawn', cell: cellAt(state, 2, 0), source: 'initial', round: 1 },
      { type: 'spawn', cell: cellAt(state, 0, 0), source: 'initial', round: 1 },
    ]);
  });

  it('rule 6: with fewer zombies than spawn points the placement stops at the last zombie', () => {
    const state = game.setup(makeParams(TWO, { initialZombies: 1 }));
    act(state, { kind: 'place', cell: cellAt(state, 2, 0) });
    expect([state.phase, state.round, state.zombies]).toEqual([Phase.ChooseHuman, 1, [cellAt(state, 2, 0)]]);
  });

  it('rule 6: the initial zombies act in the zombie phase of round 1 (only spawns wait a phase, rule 57)', () => {
    const state = game.setup(makeParams(OPEN, { initialZombies: 1 }));
    act(state, { kind: 'place', cell: cellAt(state, 0, 0) });
    act(state, { kind: 'activate', human: 0 });
    act(state, { kind: 'endActivation' });
    act(state, { kind: 'stopSpawning' });
    expect([state.phase, state.round, state.zombieIndex]).toEqual([Phase.ZombieAct, 1, 0]);
  });
});

describe('rules 57 and 59: spawned and ambush zombies', () => {
  it('rule 57: a zombie placed in the spawn phase is reported as a spawn', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    act(state, { kind: 'activate', human: 0 });
    act(state, { kind: 'endActivation' });
    const rec = recorder();
    act(state, { kind: 'place', cell: cellAt(state, 6, 0) }, rec.sink);
    expect(lastEvent(rec.events, 'spawn')).toEqual({ type: 'spawn', cell: cellAt(state, 6, 0), source: 'spawn', round: 1 });
  });

  it('rule 59: the ambush zombie is no spawn (rule 57 holds back spawns only): it acts in this round’s zombie phase', () => {
    const state = start(HOUSE);
    putHuman(state, 0, 0, 2);
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    game.apply(state, { kind: 'draw', card: cardId(state, 'Ambush') }, null);
    act(state, { kind: 'place', cell: cellAt(state, 1, 2) });
    act(state, { kind: 'endActivation' });
    act(state, { kind: 'stopSpawning' });
    expect([state.phase, state.round, state.zombies[state.zombieIndex]]).toEqual([Phase.ZombieAct, 1, cellAt(state, 1, 2)]);
  });

  it('rule 44: an item dropped over capacity with no listener goes to the floor all the same', () => {
    const state = start(HOUSE);
    putHuman(state, 0, 0, 2);
    for (const name of ['Baseball bat', 'Pistol', 'Kitchen knife']) giveCard(state, 0, name);
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    game.apply(state, { kind: 'draw', card: cardId(state, 'Grenade') }, null);
    const pistol = cardId(state, 'Pistol');
    act(state, { kind: 'discard', card: pistol });
    expect(state.floorItems).toEqual([cellAt(state, 0, 2), pistol]);
    expect(state.phase).toBe(Phase.Act);
  });
});

describe('a copy of the state', () => {
  /** Every mutable array of a state, found by walking it (the config is shared, not copied). */
  function arraysOf(state: SurvivorsState): (number[] | Int16Array | Uint8Array | Int32Array)[] {
    const found: (number[] | Int16Array | Uint8Array | Int32Array)[] = [];
    for (const [key, value] of Object.entries(state)) {
      if (key === 'config') continue;
      if (Array.isArray(value) || ArrayBuffer.isView(value)) found.push(value as number[]);
    }
    for (const figure of state.humans) found.push(figure.items);
    found.push(state.pending.cells);
    return found;
  }

  /** A position using every part of the state: own board, floor items, the carried, a blast pending. */
  function busy(): SurvivorsState {
    const state = start(OPEN, { numHumans: 3 });
    putHuman(state, 0, 1, 2);
    putHuman(state, 1, 2, 2);
    human(state, 1).wounds = 1;
    barricadeEdge(state, edgeAt(state, 4, 1, E));
    // The state's own walls and terrain too, as after a blast (never the map's, which are shared).
    state.edges = state.edges.slice();
    state.terrain = state.terrain.slice();
    addZombie(state, 5, 0);
    giveCard(state, 0, 'Pistol');
    state.floorItems.push(cellAt(state, 0, 0), cardId(state, 'Axe'));
    state.rising.push(cellAt(state, 6, 4));
    state.pending.cells.push(cellAt(state, 5, 0));
    act(state, { kind: 'activate', human: 0 });
    act(state, { kind: 'carry', human: 1 });
    act(state, { kind: 'move', dir: N });
    return state;
  }

  it('a copy equals its original field by field and shares no mutable part with it', () => {
    const state = busy();
    const map = state.config.map;
    expect([state.edges, state.barricades, state.terrain].some((a) => a === map.edges || a === map.barricades || a === map.terrain)).toBe(false);
    const copy = game.clone(state);
    expect(copy).toEqual(state);
    const snapshot = structuredClone({ ...state, config: null });
    for (const figure of copy.humans) figure.wounds = 9;
    copy.pending.target = 99;
    for (const array of arraysOf(copy)) {
      if (Array.isArray(array)) array.push(7);
      else array[0] = (array[0] as number) + 1;
    }
    expect({ ...state, config: null }).toEqual(snapshot);
  });

  it('a copy of a state that never changed the board shares the map’s arrays (no board copied per clone)', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    const map = state.config.map;
    const copy = game.clone(state);
    expect([copy.edges, copy.barricades, copy.terrain]).toEqual([map.edges, map.barricades, map.terrain]);
    expect(copy.edges).toBe(map.edges);
    expect(copy.barricades).toBe(map.barricades);
    expect(copy.terrain).toBe(map.terrain);
  });

  it('rule 56: a barricade broken in a copy stays whole in the original (a board the state owns is copied)', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    const edge = edgeAt(state, 1, 1, E);
    barricadeEdge(state, edge);
    state.terrain = state.terrain.slice();
    state.edges = state.edges.slice();
    addZombie(state, 1, 1);
    zombieTurn(state, 0);
    const copy = game.clone(state);
    expect(copy.edges).not.toBe(state.edges);
    expect(copy.terrain).not.toBe(state.terrain);
    expect(copy.barricades).not.toBe(state.barricades);
    act(copy, { kind: 'zombieBreak', dir: E });
    force(copy, 6);
    expect(copy.barricades[edge]).toBe(0);
    expect(state.barricades[edge]).toBe(1);
  });

  it('observing the state gives such a copy (perfect information)', () => {
    const state = busy();
    const seen = game.observe(state, HUMANS);
    expect(seen).toEqual(state);
    expect(seen).not.toBe(state);
    (seen as SurvivorsState).occupant[0] = 5;
    expect(state.occupant[0]).not.toBe(5);
  });
});

describe('action keys', () => {
  it('each kind of action has its own stable key, naming its human, cell, card or direction', () => {
    const keys: [SurvivorsAction, string][] = [
      [{ kind: 'activate', human: 2 }, 'activate(h2)'],
      [{ kind: 'move', dir: W }, 'move(W)'],
      [{ kind: 'moveThrough', cell: 17 }, 'moveThrough(@17)'],
      [{ kind: 'drop', card: 3 }, 'drop(card3)'],
      [{ kind: 'carry', human: 1 }, 'carry(h1)'],
      [{ kind: 'attack', card: 4, cell: 12 }, 'attack(card4,@12)'],
      [{ kind: 'throw', card: 8, cell: 20 }, 'throw(card8,@20)'],
      [{ kind: 'heal', card: 10, human: 3 }, 'heal(card10,h3)'],
      [{ kind: 'give', card: 5, human: 0 }, 'give(card5,h0)'],
      [{ kind: 'aim' }, 'aim'],
      [{ kind: 'search' }, 'search'],
      [{ kind: 'pickUp', card: 6 }, 'pickUp(card6)'],
      [{ kind: 'barricade', dir: N }, 'barricade(N)'],
      [{ kind: 'unbarricade', dir: E, card: 2 }, 'unbarricade(E,card2)'],
      [{ kind: 'endActivation' }, 'endActivation'],
      [{ kind: 'discard', card: 7 }, 'discard(card7)'],
      [{ kind: 'dropAt', cell: 9 }, 'dropAt(@9)'],
      [{ kind: 'place', cell: 6 }, 'place(@6)'],
      [{ kind: 'stopSpawning' }, 'stopSpawning'],
      [{ kind: 'zombieMove', dir: S }, 'zombieMove(S)'],
      [{ kind: 'zombieAttack', human: 1 }, 'zombieAttack(h1)'],
      [{ kind: 'zombieBreak', dir: W }, 'zombieBreak(W)'],
      [{ kind: 'zombieEnd' }, 'zombieEnd'],
      [{ kind: 'die', value: 5 }, 'die(5)'],
      [{ kind: 'draw', card: 11 }, 'draw(card11)'],
    ];
    expect(keys.map(([action]) => game.actionKey(action))).toEqual(keys.map(([, key]) => key));
  });
});

describe('the one-line description of a state', () => {
  it('names the round, the phase, who acts, the living, their wounds (d downed, x dead), zombies, deaths and the deck', () => {
    const state = start(OPEN, { numHumans: 3, humanDeathsToWin: 3 });
    Object.assign(human(state, 1), { wounds: 5, downed: true });
    human(state, 2).wounds = 2;
    retire(state, 2);
    addZombie(state, 5, 0);
    // Section M: 34 cards in the deck outside the escape scenario.
    expect(game.describeState(state)).toBe('round 1, ChooseHuman, humans alive 2 (wounds 0/5d/x), zombies 1, deaths 0, deck 34');
    actNow(state, 0, 3);
    state.deaths = 1;
    expect(game.describeState(state)).toBe('round 1, Act, human 0 acting with 3 actions, humans alive 2 (wounds 0/5d/x), zombies 1, deaths 1, deck 34');
    actNow(state, 1, 0);
    state.phase = Phase.ZombieAct;
    expect(game.describeState(state)).toBe('round 1, ZombieAct, human 1 acting with 0 actions, humans alive 2 (wounds 0/5d/x), zombies 1, deaths 1, deck 34');
  });
});

describe('the bound on the length of a match', () => {
  it('counts per round each human’s choice, free drops and actions with their chance steps, then spawns and zombie turns', () => {
    const params = makeParams(OPEN, { numHumans: 2, startingCardsPerHuman: 3, initialZombies: 2, roundLimit: 5, baseActions: 4, zombieActions: 3, spawnPerRound: 2 });
    expect(game.validateParameters(params)).toEqual([]);
    // Rule 6: a cap of zombieCapPerHuman (5) per starting human; section M: 34 cards.
    const cap = 5 * 2;
    expect(configFor(params).zombieCap).toBe(cap);
    const deckCards = 34;
    // One action: itself, a roll per zombie (a pass or a blast), a draw with its ambush and drops (deck).
    const perAction = 4 + cap + deckCards;
    // Each human: his choice and his end, a free drop per card in play (rule 47), and twice his base actions with their steps.
    const humanPhase = 2 * (2 + deckCards + 2 * 4 * perAction);
    // The spawns (rule 57) and two steps more, then each zombie up to the cap: two steps per action (it and its roll), and two more.
    const zombiePhase = 2 + 2 + cap * (2 * 3 + 2);
    // The deal with a drop per card dealt (rule 44), the initial placement, the rounds, and a margin.
    expect(game.maxLength(params)).toBe(2 * 2 * 3 + 2 + 5 * (humanPhase + zombiePhase) + 16);
  });
});

describe('the game’s metadata', () => {
  it('Survivors: the humans in seat 0, the zombies in seat 1, returns in [−1, 1], all information open', () => {
    expect(game.id).toBe('survivors');
    expect(game.title).toBe('Survivors');
    expect(game.seats).toEqual(['Humans', 'Zombies']);
    expect([HUMANS, ZOMBIES]).toEqual([0, 1]);
    expect(game.utilityBounds).toEqual([-1, 1]);
    expect(game.hiddenInformation).toBe(false);
  });

  it('rule 60: a match in progress is not over and pays nothing; an ended one pays the winner', () => {
    const state = start(OPEN);
    expect(game.isTerminal(state)).toBe(false);
    expect(game.returns(state)).toEqual([0, 0]);
    state.winner = HUMANS;
    expect(game.returns(state)).toEqual([0, 0]);
    state.phase = Phase.Over;
    expect(game.isTerminal(state)).toBe(true);
    expect(game.currentPlayer(state)).toBe(TERMINAL);
    expect(game.returns(state)).toEqual([1, -1]);
    state.winner = ZOMBIES;
    expect(game.returns(state)).toEqual([-1, 1]);
    state.winner = -1;
    expect(game.returns(state)).toEqual([0, 0]);
  });
});
