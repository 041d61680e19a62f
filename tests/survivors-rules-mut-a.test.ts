/**
 * Survivors rules, lines 1–800 of `rules.ts` under mutation testing: wounds and deaths, the end of
 * an activation and where a carried human is put down, movement costs and routes through friends,
 * and what an active human is offered (rules 9, 15–17, 21, 27–33, 37–55, 61). Hand-built positions,
 * forced dice; each expectation is read from the rule it names.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_DECK, Edge, Phase, ZOMBIE_CELL, friendRoutes, type ItemCard } from '../src/games/survivors/index.js';
import {
  E,
  N,
  OPEN,
  ESCAPE,
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
  giveCard,
  human,
  lastEvent,
  legal,
  legalOfKind,
  passHumanPhase,
  passZombiePhase,
  putHuman,
  quietRound,
  recorder,
  start,
  zombieTurn,
} from './fixtures/survivors-scene.js';

type State = ReturnType<typeof start>;

const deckCard = (name: string): ItemCard => {
  const found = DEFAULT_ITEM_DECK.find((card) => card.name === name);
  if (found === undefined) throw new Error(`no card ${name}`);
  return found;
};

describe('rules 16, 21, 28, 29: wounds from a bite, and deaths', () => {
  it('rules 16, 29: a bite that downs the passing human ends his activation at once (reason downed), and the humans choose again', () => {
    // Human 0 on (2,2) with 4 wounds and 2 actions left (as after his own blast mid-activation); zombie on (3,2), (4,2) empty.
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 2, 2);
    actNow(state, 0, 2);
    human(state, 0).wounds = 4;
    addZombie(state, 3, 2);
    const rec = recorder();
    act(state, { kind: 'move', dir: E }, rec.sink);
    force(state, 6, rec.sink);
    expect(human(state, 0)).toMatchObject({ wounds: 5, downed: true, activated: true, cell: cellAt(state, 2, 2) });
    expect(lastEvent(rec.events, 'wound')).toMatchObject({ human: 0, source: 'bite' });
    expect(lastEvent(rec.events, 'activationEnd')).toMatchObject({ human: 0, reason: 'downed', round: 1 });
    expect(state.active).toBe(-1);
    expect(state.phase).toBe(Phase.ChooseHuman);
    expect(legalOfKind(state, 'activate')).toEqual([{ kind: 'activate', human: 1 }]);
  });

  it('rules 15, 29: a bite costs the steps to the zombie at once; the wound itself cuts nothing before the next activation', () => {
    // One wound already: the bite's wound is the second, which lowers the allowance from 4 to 3 (rule 13), but not now.
    const state = start(OPEN);
    putHuman(state, 0, 2, 2);
    human(state, 0).wounds = 1;
    actNow(state, 0, 4);
    addZombie(state, 3, 2);
    act(state, { kind: 'move', dir: E });
    force(state, 6);
    expect(human(state, 0)).toMatchObject({ wounds: 2, actionsLeft: 3 });
  });

  it('rules 29, 33: a carrier downed by a bite, with two cells vacated and playerChoice, leaves the humans to choose where the carried human goes', () => {
    // Mid-carry by hand: carrier 0 on (2,2) holds human 1 and left (1,2) and (1,1); 4 wounds, 4 actions left.
    const state = start(OPEN, { numHumans: 3, carryDropRule: 'playerChoice' });
    putHuman(state, 0, 2, 2);
    putHuman(state, 2, 6, 4);
    const carried = human(state, 1);
    state.occupant[carried.cell] = -1;
    Object.assign(carried, { cell: -1, wounds: 1 });
    actNow(state, 0, 4);
    human(state, 0).wounds = 4;
    state.carrying = 1;
    state.vacated.push(cellAt(state, 1, 1), cellAt(state, 1, 2));
    addZombie(state, 3, 2);
    const rec = recorder();
    act(state, { kind: 'move', dir: E }, rec.sink);
    force(state, 6, rec.sink);
    expect(human(state, 0).downed).toBe(true);
    expect(state.phase).toBe(Phase.DropCarried);
    expect(legalOfKind(state, 'dropAt').map((a) => a.cell)).toEqual([cellAt(state, 1, 1), cellAt(state, 1, 2)]);
    expect(eventsOf(rec.events, 'activationEnd')).toHaveLength(1);
  });

  it('rule 18: a human wounded by a zombie this round is not healed naturally at its end', () => {
    const state = start(OPEN, { naturalHealing: true, spawnPerRound: 0 });
    putHuman(state, 0, 3, 2);
    human(state, 0).wounds = 1;
    addZombie(state, 4, 2);
    passHumanPhase(state);
    expect(state.phase).toBe(Phase.ZombieAct);
    const rec = recorder();
    act(state, { kind: 'zombieAttack', human: 0 }, rec.sink);
    force(state, 6, rec.sink);
    act(state, { kind: 'zombieEnd' }, rec.sink);
    expect(state.round).toBe(2);
    expect(human(state, 0).wounds).toBe(2);
    expect(eventsOf(rec.events, 'heal')).toEqual([]);
  });

  it('rules 9, 16: a human downed in the zombie phase, his activation long over, ends no activation and the zombie phase goes on', () => {
    const state = start(OPEN, { numHumans: 2, spawnPerRound: 0 });
    putHuman(state, 1, 3, 2);
    human(state, 1).wounds = 4;
    addZombie(state, 4, 2);
    passHumanPhase(state);
    expect(state.phase).toBe(Phase.ZombieAct);
    const rec = recorder();
    act(state, { kind: 'zombieAttack', human: 1 }, rec.sink);
    force(state, 6, rec.sink);
    expect(human(state, 1)).toMatchObject({ downed: true, activated: true });
    expect(eventsOf(rec.events, 'activationEnd')).toEqual([]);
    expect([state.phase, state.round, state.zombieIndex, state.zombieActionsLeft]).toEqual([Phase.ZombieAct, 1, 0, 1]);
  });

  it('rules 16, 21: a human killed on the first cell of the board drops his items there, is dead and not downed, and rises there (no event sink)', () => {
    const state = start(OPEN, { numHumans: 3, humanDeathsToWin: 3, spawnPerRound: 0 });
    putHuman(state, 0, 0, 0);
    Object.assign(human(state, 0), { wounds: 5, downed: true });
    const knife = giveCard(state, 0, 'Kitchen knife');
    const bandage = giveCard(state, 0, 'Bandage');
    addZombie(state, 1, 0);
    zombieTurn(state, 0);
    act(state, { kind: 'zombieAttack', human: 0 });
    force(state, 6);
    expect(human(state, 0)).toMatchObject({ dead: true, downed: false, cell: -1, items: [] });
    expect(state.occupant[0]).toBe(-1);
    expect(state.floorItems).toEqual([0, knife, 0, bandage]);
    expect(state.rising).toEqual([0]);
  });

  it('rule 61: the Keys count as found when any one human holds them', () => {
    const state = start(ESCAPE, { numHumans: 2, scenario: 'escape', escapeQuota: 2, roundLimit: 1 });
    human(state, 1).items.push(state.config.keysCard);
    const rec = recorder();
    quietRound(state, rec.sink);
    expect(lastEvent(rec.events, 'matchEnd').escape?.keysFound).toBe(true);
  });
});

describe('rules 31–33: carrying, and where the carried human is put down', () => {
  it('rules 32, 33: a carrier on the first cell who did not move puts human 0 back on the nearest empty cell', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 1, 0, 0);
    putHuman(state, 0, 1, 0);
    human(state, 0).wounds = 1;
    act(state, { kind: 'activate', human: 1 });
    act(state, { kind: 'carry', human: 0 });
    expect(human(state, 0).cell).toBe(-1);
    const rec = recorder();
    act(state, { kind: 'endActivation' }, rec.sink);
    expect(human(state, 0).cell).toBe(cellAt(state, 1, 0));
    expect(state.occupant[cellAt(state, 1, 0)]).toBe(0);
    expect(state.carrying).toBe(-1);
    expect(lastEvent(rec.events, 'carryDrop')).toMatchObject({ carrier: 1, human: 0, cell: cellAt(state, 1, 0) });
  });

  it('rule 33: the last cell the carrier left is the first cell of the board: he is put there, not beside the carrier', () => {
    // Carrier 1 on (0,1) lifts human 0 from (0,0), steps onto it, then passes through human 2 on (1,0) to (2,0).
    const state = start(OPEN, { numHumans: 3 });
    putHuman(state, 0, 0, 0);
    putHuman(state, 1, 0, 1);
    putHuman(state, 2, 1, 0);
    human(state, 0).wounds = 1;
    act(state, { kind: 'activate', human: 1 });
    act(state, { kind: 'carry', human: 0 });
    act(state, { kind: 'move', dir: N });
    const rec = recorder();
    act(state, { kind: 'moveThrough', cell: cellAt(state, 2, 0) }, rec.sink);
    // All 4 actions spent: the activation ends and he goes on (0,0), the last cell left.
    expect(lastEvent(rec.events, 'activationEnd')).toMatchObject({ human: 1, reason: 'spent', unspent: 0 });
    expect(human(state, 0).cell).toBe(0);
    expect(state.occupant[0]).toBe(0);
  });

  it('rule 33: with playerChoice he may be put on the first cell of the board when it is not the last one left', () => {
    const state = start(OPEN, { numHumans: 2, carryDropRule: 'playerChoice' });
    putHuman(state, 1, 1, 0);
    putHuman(state, 0, 2, 0);
    human(state, 0).wounds = 1;
    act(state, { kind: 'activate', human: 1 });
    act(state, { kind: 'carry', human: 0 });
    act(state, { kind: 'move', dir: W }); // leaves (1,0)
    act(state, { kind: 'move', dir: S }); // leaves (0,0)
    act(state, { kind: 'move', dir: E }); // leaves (0,1)
    expect(state.phase).toBe(Phase.DropCarried);
    expect(legalOfKind(state, 'dropAt').map((a) => a.cell)).toEqual([0, cellAt(state, 1, 0), cellAt(state, 0, 1)]);
    act(state, { kind: 'dropAt', cell: 0 });
    expect(human(state, 0).cell).toBe(0);
    expect(state.occupant[0]).toBe(0);
  });

  it('rule 33: the nearest empty cell is counted in steps that walls block, the carrier\'s own neighbours first', () => {
    // 3 × 3, a wall east of (1,0). Carrier 1 on (1,1) lifts human 0 from (0,1); then every neighbour of (1,1) is taken.
    const state = start(['+-+-+-+', '|. .|Z|', '|     |', '|H H .|', '|     |', '|. . .|', '+-+-+-+'], { numHumans: 2 });
    human(state, 0).wounds = 1;
    act(state, { kind: 'activate', human: 1 });
    act(state, { kind: 'carry', human: 0 });
    for (const [x, y] of [[0, 1], [1, 0], [2, 1], [1, 2]] as const) addZombie(state, x, y);
    act(state, { kind: 'endActivation' });
    // Two steps away: (0,0) through (1,0), and (2,0) through (2,1); (2,0) is not reachable from (1,0) across the wall.
    // Searching north, east, south, west from each cell in turn, (0,0) (west of (1,0)) comes first.
    expect(human(state, 0).cell).toBe(0);
  });

  it('rule 33: with no empty cell to reach, the carried human cannot be put down: he stays off the board and nothing of his lands off it', () => {
    // 3 × 1: carrier 0 on (0,0) lifts human 1 from (1,0); zombies then fill (1,0) and (2,0) (as an ambush could).
    const state = start(['+-+-+-+', '|H H Z|', '+-+-+-+'], { numHumans: 2, spawnPerRound: 0 });
    Object.assign(human(state, 1), { wounds: 5, downed: true });
    const knife = giveCard(state, 1, 'Kitchen knife');
    act(state, { kind: 'activate', human: 0 });
    act(state, { kind: 'carry', human: 1 });
    addZombie(state, 1, 0);
    addZombie(state, 2, 0);
    const rec = recorder();
    act(state, { kind: 'endActivation' }, rec.sink);
    expect(eventsOf(rec.events, 'carryDrop')).toEqual([]);
    expect(state.carrying).toBe(-1);
    expect(human(state, 1).cell).toBe(-1);
    expect(Array.from(state.occupant)).toEqual([0, ZOMBIE_CELL, ZOMBIE_CELL]);
    // He bleeds out off the board: no item lands on the floor, none is reported dropped.
    passZombiePhase(state, rec.sink);
    quietRound(state, rec.sink);
    expect(human(state, 1).dead).toBe(true);
    expect(human(state, 1).items).not.toContain(knife);
    expect(state.floorItems).toEqual([]);
    expect(eventsOf(rec.events, 'itemDropped')).toEqual([]);
  });

  it('rule 32: carryMoveSurcharge is added to a carrier\'s step: with 3 actions left a step costs 2', () => {
    const state = start(OPEN, { numHumans: 2, carryMoveSurcharge: 1 });
    putHuman(state, 1, 1, 2);
    putHuman(state, 0, 2, 2);
    human(state, 0).wounds = 1;
    act(state, { kind: 'activate', human: 1 });
    act(state, { kind: 'carry', human: 0 });
    expect(legalOfKind(state, 'move').map((a) => a.dir)).toEqual([N, E, S, W]);
    act(state, { kind: 'move', dir: N });
    expect(human(state, 1).actionsLeft).toBe(1);
  });

  it('rules 31, 32: shouldering across an open edge costs 1 whatever carryAcrossWindowCost says, and 1 action is enough', () => {
    const state = start(OPEN, { numHumans: 2, carryAcrossWindowCost: 3 });
    putHuman(state, 1, 1, 2);
    putHuman(state, 0, 2, 2);
    human(state, 0).wounds = 1;
    actNow(state, 1, 1);
    expect(legalOfKind(state, 'carry')).toEqual([{ kind: 'carry', human: 0 }]);
    actNow(state, 1, 4);
    act(state, { kind: 'carry', human: 0 });
    expect(human(state, 1).actionsLeft).toBe(3);
  });

  it('rule 32: a carrier may not shoulder a second human, even one carrying human 0', () => {
    const state = start(OPEN, { numHumans: 3 });
    putHuman(state, 1, 1, 2);
    putHuman(state, 0, 2, 2);
    putHuman(state, 2, 0, 2);
    human(state, 0).wounds = 1;
    human(state, 2).wounds = 1;
    act(state, { kind: 'activate', human: 1 });
    expect(legalOfKind(state, 'carry').map((a) => a.human)).toEqual([0, 2]);
    act(state, { kind: 'carry', human: 0 });
    expect(legalOfKind(state, 'carry')).toEqual([]);
  });

  it('rule 32: while carrying (human 0 too) large items cannot be used, small ones can; with carryBlocksLargeItems false, large ones can', () => {
    const scene = (blocks: boolean): State => {
      const state = start(OPEN, { numHumans: 2, carryBlocksLargeItems: blocks, inventoryCapacity: 6 });
      putHuman(state, 1, 1, 2);
      putHuman(state, 0, 2, 2);
      human(state, 0).wounds = 1;
      giveCard(state, 1, 'Baseball bat');
      giveCard(state, 1, 'Kitchen knife');
      giveCard(state, 1, 'Crowbar');
      barricadeEdge(state, edgeAt(state, 1, 2, W));
      addZombie(state, 1, 1);
      act(state, { kind: 'activate', human: 1 });
      return state;
    };
    const attackCards = (state: State): number[] => legalOfKind(state, 'attack').map((a) => a.card);
    const free = scene(true);
    expect(attackCards(free)).toEqual([-1, cardId(free, 'Baseball bat'), cardId(free, 'Kitchen knife'), cardId(free, 'Crowbar')].sort((a, b) => a - b));
    expect(legalOfKind(free, 'unbarricade')).toEqual([{ kind: 'unbarricade', dir: W, card: cardId(free, 'Crowbar') }]);
    act(free, { kind: 'carry', human: 0 });
    expect(attackCards(free)).toEqual([-1, cardId(free, 'Kitchen knife')]);
    expect(legalOfKind(free, 'unbarricade')).toEqual([]);
    const allowed = scene(false);
    act(allowed, { kind: 'carry', human: 0 });
    expect(attackCards(allowed)).toEqual([-1, cardId(allowed, 'Baseball bat'), cardId(allowed, 'Kitchen knife'), cardId(allowed, 'Crowbar')].sort((a, b) => a - b));
  });

  it('rules 32, 51: a carrier whose thrown blast kills a downed human keeps carrying', () => {
    // Carrier 1 on (1,2) with human 0 on his shoulder throws Dynamite at (4,2); downed human 2 on (5,2) is in the blast.
    const state = start(OPEN, { numHumans: 3, humanDeathsToWin: 3 });
    putHuman(state, 1, 1, 2);
    putHuman(state, 0, 1, 1);
    putHuman(state, 2, 5, 2);
    human(state, 0).wounds = 1;
    Object.assign(human(state, 2), { wounds: 5, downed: true });
    const dynamite = giveCard(state, 1, 'Dynamite');
    act(state, { kind: 'activate', human: 1 });
    act(state, { kind: 'carry', human: 0 });
    const rec = recorder();
    act(state, { kind: 'throw', card: dynamite, cell: cellAt(state, 3, 2) }, rec.sink);
    force(state, 4, rec.sink);
    expect(human(state, 2).dead).toBe(true);
    expect(eventsOf(rec.events, 'carryDrop')).toEqual([]);
    expect(state.carrying).toBe(0);
    expect(human(state, 0).cell).toBe(-1);
    expect([state.phase, state.active]).toEqual([Phase.Act, 1]);
  });
});

describe('rules 22–29: steps and routes', () => {
  it('rules 22, 27, 29: a step is offered in each open direction, and toward a friend only as a move through him', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 2, 2);
    putHuman(state, 1, 3, 2);
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'move').map((a) => a.dir)).toEqual([N, S, W]);
    expect(legalOfKind(state, 'moveThrough').map((a) => a.cell)).toContain(cellAt(state, 4, 2));
  });

  it('rule 27: routes through friends come in cell order, each cell once at its cheapest cost', () => {
    // Human 0 on (2,2), friends north on (2,1) and south on (2,3): two steps reach six cells round them.
    const state = start(OPEN, { numHumans: 3 });
    putHuman(state, 0, 2, 2);
    putHuman(state, 1, 2, 1);
    putHuman(state, 2, 2, 3);
    const at = (x: number, y: number) => ({ cell: cellAt(state, x, y), cost: 2 });
    expect(friendRoutes(state, cellAt(state, 2, 2), 2)).toEqual([at(2, 0), at(1, 1), at(3, 1), at(1, 3), at(3, 3), at(2, 4)]);
  });

  it('rule 27: a cell reached through two friends is one route', () => {
    const state = start(OPEN, { numHumans: 3 });
    putHuman(state, 0, 2, 2);
    putHuman(state, 1, 2, 1);
    putHuman(state, 2, 3, 2);
    const routes = friendRoutes(state, cellAt(state, 2, 2), 2);
    expect(routes.filter((route) => route.cell === cellAt(state, 3, 1))).toEqual([{ cell: cellAt(state, 3, 1), cost: 2 }]);
    expect(routes.map((route) => route.cell)).toEqual([cellAt(state, 2, 0), cellAt(state, 1, 1), cellAt(state, 3, 1), cellAt(state, 4, 2), cellAt(state, 3, 3)]);
  });

  /** 5 × 4 with one window: under (1,1) (`south`) or east of (1,1) (`east`). Human 0 on (2,2), friends 1 on (2,1) and 2 on (1,2). */
  function windowed(window: 'south' | 'east', humans = 3): State {
    const map = [
      '+-+-+-+-+-+',
      '|Z . . . .|',
      '|         |',
      window === 'east' ? '|. .w. . .|' : '|. . . . .|',
      window === 'south' ? '|  w      |' : '|         |',
      '|. . . . .|',
      '|         |',
      '|H H H H .|',
      '+-+-+-+-+-+',
    ];
    const state = start(map, { numHumans: humans });
    putHuman(state, 0, 2, 2);
    putHuman(state, 1, 2, 1);
    putHuman(state, 2, 1, 2);
    return state;
  }

  it('rules 23, 27: the cheapest way through friends counts, whichever way is found first', () => {
    // (1,1) by friend 2 then across the window (1 + 3), or by friend 1 (1 + 1): 2.
    const south = windowed('south');
    expect(friendRoutes(south, cellAt(south, 2, 2), 4).find((route) => route.cell === cellAt(south, 1, 1))).toEqual({ cell: cellAt(south, 1, 1), cost: 2 });
    // The window east of (1,1) instead: by friend 2 (1 + 1) is the cheap way, by friend 1 costs 4.
    const east = windowed('east');
    expect(friendRoutes(east, cellAt(east, 2, 2), 4).find((route) => route.cell === cellAt(east, 1, 1))).toEqual({ cell: cellAt(east, 1, 1), cost: 2 });
  });

  it('rule 27: a friend reached again more cheaply is passed through at the cheaper cost', () => {
    // Friend 3 on (1,1): by friend 2 across the window (4), or by friend 1 (2); from him (0,1) and (1,0) cost 3.
    const state = windowed('south', 4);
    putHuman(state, 3, 1, 1);
    const routes = friendRoutes(state, cellAt(state, 2, 2), 4);
    expect(routes.find((route) => route.cell === cellAt(state, 0, 1))).toEqual({ cell: cellAt(state, 0, 1), cost: 3 });
    expect(routes.find((route) => route.cell === cellAt(state, 1, 0))).toEqual({ cell: cellAt(state, 1, 0), cost: 3 });
  });

  it('rules 26, 27: a wall in a friend\'s cell stops the way through him', () => {
    // 3 × 2, a wall east of (1,0). Human 0 on (0,0), friend on (1,0): (2,0) lies behind the wall.
    const state = start(['+-+-+-+', '|H H|.|', '|     |', '|. . Z|', '+-+-+-+'], { numHumans: 2 });
    expect(friendRoutes(state, cellAt(state, 0, 0), 2)).toEqual([{ cell: cellAt(state, 1, 1), cost: 2 }]);
  });

  it('rules 27, 28: a zombie is no friend: no route runs through its cell', () => {
    const state = start(OPEN);
    putHuman(state, 0, 2, 2);
    addZombie(state, 3, 2);
    expect(friendRoutes(state, cellAt(state, 2, 2), 4)).toEqual([]);
  });
});

describe('rules 19, 42–55: what an active human is offered', () => {
  it('rules 9, 19: with no action left (interleaving) he may only switch, drop or end; nothing that costs an action', () => {
    // Human 0 on a search spot with a Bandage and an item on the floor, wounded, a wounded friend and a zombie beside him.
    const state = start(['+-+-+-+', '|? H .|', '|     |', '|H . Z|', '+-+-+-+'], { numHumans: 2, interleaveActivations: true });
    putHuman(state, 0, 0, 0);
    putHuman(state, 1, 1, 0);
    human(state, 0).wounds = 1;
    human(state, 1).wounds = 1;
    addZombie(state, 0, 1);
    const bandage = giveCard(state, 0, 'Bandage');
    state.floorItems.push(0, cardId(state, 'Kitchen knife'));
    actNow(state, 0, 0);
    state.humans[1]!.activated = false;
    expect(legalOfKind(state, 'activate')).toEqual([{ kind: 'activate', human: 1 }]);
    expect(legalOfKind(state, 'drop')).toEqual([{ kind: 'drop', card: bandage }]);
    expect(legalOfKind(state, 'endActivation')).toHaveLength(1);
    const all = legal(state).map((a) => a.kind).sort();
    expect(all).toEqual(['activate', 'drop', 'endActivation']);
    // With one action the same position offers them all.
    actNow(state, 0, 1);
    const kinds = new Set(legal(state).map((a) => a.kind));
    for (const kind of ['attack', 'heal', 'give', 'aim', 'search', 'pickUp']) expect(kinds.has(kind as never)).toBe(true);
  });

  it('rules 42, 49: a card with no range is a melee weapon whatever its number; a ranged first card of a scenario deck fires', () => {
    const state = start(OPEN, { itemDeck: [deckCard('Pistol'), deckCard('Kitchen knife')] });
    putHuman(state, 0, 1, 2);
    expect(cardId(state, 'Pistol')).toBe(0);
    giveCard(state, 0, 'Pistol');
    addZombie(state, 4, 2);
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'attack')).toEqual([{ kind: 'attack', card: 0, cell: cellAt(state, 4, 2) }]);
  });

  it('rule 49: a zombie on the first cell of the board can be attacked from beside it', () => {
    const state = start(OPEN);
    putHuman(state, 0, 1, 0);
    addZombie(state, 0, 0);
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'attack')).toEqual([{ kind: 'attack', card: -1, cell: 0 }]);
  });

  it('rule 50: a ranged weapon is offered against each zombie in range and sight, in cell order, leaving the zombies\' order alone', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 2);
    const pistol = giveCard(state, 0, 'Pistol');
    addZombie(state, 5, 2);
    addZombie(state, 1, 2);
    addZombie(state, 3, 0);
    const order = state.zombies.slice();
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'attack')).toEqual([cellAt(state, 3, 0), cellAt(state, 1, 2), cellAt(state, 5, 2)].map((cell) => ({ kind: 'attack', card: pistol, cell })));
    expect(state.zombies).toEqual(order);
  });

  it('rules 42, 51: an explosive is thrown at every cell within its range on the board (here from the last row); a Bandage is never thrown', () => {
    const state = start(OPEN);
    expect(human(state, 0).cell).toBe(cellAt(state, 0, 4));
    const dynamite = giveCard(state, 0, 'Dynamite');
    giveCard(state, 0, 'Bandage');
    actNow(state, 0, 4);
    const targets = [cellAt(state, 0, 2), cellAt(state, 0, 3), cellAt(state, 1, 3), cellAt(state, 0, 4), cellAt(state, 1, 4), cellAt(state, 2, 4)];
    expect(legalOfKind(state, 'throw')).toEqual(targets.map((cell) => ({ kind: 'throw', card: dynamite, cell })));
  });

  it('rules 4, 45, 66: heal and give reach only wounded (for heal) neighbours on his side of a wall', () => {
    // 3 × 2, a wall east of (1,0): human 1 on (1,0) with a Bandage; human 0 unwounded on (0,0); human 2 wounded behind the wall on (2,0).
    const state = start(['+-+-+-+', '|H H|H|', '|     |', '|. . Z|', '+-+-+-+'], { numHumans: 3 });
    human(state, 2).wounds = 1;
    const bandage = giveCard(state, 1, 'Bandage');
    actNow(state, 1, 4);
    expect(legalOfKind(state, 'heal')).toEqual([]);
    expect(legalOfKind(state, 'give')).toEqual([{ kind: 'give', card: bandage, human: 0 }]);
    human(state, 0).wounds = 1;
    expect(legalOfKind(state, 'heal')).toEqual([{ kind: 'heal', card: bandage, human: 0 }]);
  });

  it('rule 45: a receiver needs room: an item fits exactly, and a bag counts the room it brings', () => {
    // A scenario's large bag (size cost 2) that adds 3 capacity; the receiver holds a bat and a pistol (3 of 4).
    const bag: ItemCard = { ...deckCard('Backpack'), name: 'Duffel bag', size: 'large', capacityBonus: 3 };
    const state = start(OPEN, { numHumans: 2, itemDeck: [...DEFAULT_ITEM_DECK, bag] });
    putHuman(state, 0, 2, 2);
    putHuman(state, 1, 3, 2);
    giveCard(state, 1, 'Baseball bat');
    giveCard(state, 1, 'Pistol');
    const bat = giveCard(state, 0, 'Baseball bat');
    const knife = giveCard(state, 0, 'Kitchen knife');
    const duffel = giveCard(state, 0, 'Duffel bag');
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'give')).toEqual([
      { kind: 'give', card: knife, human: 1 },
      { kind: 'give', card: duffel, human: 1 },
    ]);
    expect(bat).toBeLessThan(knife);
  });

  it('rule 48: no aim is offered when aiming gives no bonus', () => {
    const none = start(OPEN, { aimBonus: 0 });
    actNow(none, 0, 4);
    expect(legalOfKind(none, 'aim')).toEqual([]);
    const one = start(OPEN);
    actNow(one, 0, 4);
    expect(legalOfKind(one, 'aim')).toEqual([{ kind: 'aim' }]);
  });

  it('rules 38, 55: a barricade is removed only from his own cell\'s edges, the first edge of the map included', () => {
    const state = start(OPEN, { barricadeRemoveCostNoTool: 2 });
    putHuman(state, 0, 0, 0);
    const crowbar = giveCard(state, 0, 'Crowbar');
    barricadeEdge(state, edgeAt(state, 0, 0, E));
    expect(edgeAt(state, 0, 0, E)).toBe(0);
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'unbarricade')).toEqual([
      { kind: 'unbarricade', dir: E, card: crowbar },
      { kind: 'unbarricade', dir: E, card: -1 },
    ]);
    // A barricade on the edge north of (3,2) is not on the edges of (2,2).
    const far = start(OPEN, { barricadeRemoveCostNoTool: 2 });
    putHuman(far, 0, 2, 2);
    giveCard(far, 0, 'Crowbar');
    barricadeEdge(far, edgeAt(far, 3, 2, N));
    actNow(far, 0, 4);
    expect(legalOfKind(far, 'unbarricade')).toEqual([]);
  });

  it('rule 53: barricades go on window and doorway edges not yet barricaded, the first edge of the map included', () => {
    const state = start(['+-+-+-+', '|Hw. Z|', '|     |', '|. . .|', '+-+-+-+']);
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'barricade')).toEqual([{ kind: 'barricade', dir: E }]);
    act(state, { kind: 'barricade', dir: E });
    expect(state.barricades[0]).toBe(1);
    expect(legalOfKind(state, 'barricade')).toEqual([]);
  });

  it('rule 53: a window or a doorway always; open and destroyed edges only with barricadeOnOpenEdges', () => {
    // HOUSE: human 0 on (1,1): wall north, window east, doorway south, open west.
    const HOUSE_MAP = ['+-+-+-+-+-+', '|Z . . . .|', '|  -      |', '|. Hw. . .|', '|  d      |', '|? . . . H|', '+-+-+-+-+-+'];
    const dirs = (open: boolean, destroyNorth: boolean): number[] => {
      const state = start(HOUSE_MAP, { barricadeOnOpenEdges: open });
      if (destroyNorth) {
        state.edges = state.edges.slice();
        state.edges[edgeAt(state, 1, 1, N)] = Edge.Destroyed;
      }
      actNow(state, 0, 4);
      return legalOfKind(state, 'barricade').map((a) => a.dir);
    };
    expect(dirs(false, false)).toEqual([E, S]);
    expect(dirs(false, true)).toEqual([E, S]);
    expect(dirs(true, false)).toEqual([E, S, W]);
    expect(dirs(true, true)).toEqual([N, E, S, W]);
  });

  it('rule 53: the cheapest usable tool sets the price; other items do not; barricadeRequiresItem needs a tool', () => {
    // A scenario's large Toolbox builds for 2, the Hammer for 1; barricadeBuildCost 3 without a tool.
    const toolbox: ItemCard = { ...deckCard('Backpack'), name: 'Toolbox', size: 'large', capacityBonus: 0, barricadeCost: 2 };
    const scene = (overrides: Parameters<typeof start>[1], cards: string[]): State => {
      const state = start(['+-+-+-+', '|Hw. Z|', '|     |', '|H . .|', '+-+-+-+'], { numHumans: 2, itemDeck: [...DEFAULT_ITEM_DECK, toolbox], barricadeBuildCost: 3, ...overrides });
      for (const name of cards) giveCard(state, 0, name);
      return state;
    };
    const priceWith = (state: State, actions: number): number | null => {
      actNow(state, 0, actions);
      if (legalOfKind(state, 'barricade').length === 0) return null;
      act(state, { kind: 'barricade', dir: E });
      return actions - human(state, 0).actionsLeft;
    };
    expect(priceWith(scene({}, ['Toolbox', 'Hammer & nails']), 1)).toBe(1);
    expect(priceWith(scene({}, ['Hammer & nails', 'Toolbox']), 1)).toBe(1);
    expect(priceWith(scene({}, ['Toolbox']), 2)).toBe(2);
    expect(priceWith(scene({}, ['Kitchen knife']), 3)).toBe(3);
    expect(priceWith(scene({}, ['Kitchen knife']), 2)).toBeNull();
    expect(priceWith(scene({ barricadeRequiresItem: true }, ['Kitchen knife']), 4)).toBeNull();
    expect(priceWith(scene({ barricadeRequiresItem: true }, ['Hammer & nails']), 4)).toBe(1);
    // Carrying, the large Toolbox cannot be used (rule 32): the price without a tool.
    const carrier = scene({}, ['Toolbox']);
    human(carrier, 1).wounds = 1;
    putHuman(carrier, 1, 0, 1);
    act(carrier, { kind: 'activate', human: 0 });
    act(carrier, { kind: 'carry', human: 1 });
    expect(human(carrier, 0).actionsLeft).toBe(3);
    act(carrier, { kind: 'barricade', dir: E });
    expect(carrier.barricades[0]).toBe(1);
    expect(human(carrier, 0).actionsLeft).toBe(0);
  });

  it('rule 47: each card on his own cell is offered once to pick up, in card order, and only those', () => {
    const state = start(OPEN);
    const cell = human(state, 0).cell;
    const knife = cardId(state, 'Kitchen knife');
    const bandage = cardId(state, 'Bandage');
    const pistol = cardId(state, 'Pistol');
    state.floorItems.push(cell, bandage, cellAt(state, 3, 3), pistol, cell, knife, cell, bandage);
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'pickUp')).toEqual([
      { kind: 'pickUp', card: knife },
      { kind: 'pickUp', card: bandage },
    ]);
  });

  it('rule 47: each held card is offered once to drop, in card order', () => {
    const state = start(OPEN);
    const bandage = giveCard(state, 0, 'Bandage');
    const knife = giveCard(state, 0, 'Kitchen knife');
    giveCard(state, 0, 'Bandage');
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'drop')).toEqual([
      { kind: 'drop', card: knife },
      { kind: 'drop', card: bandage },
    ]);
  });
});

describe('rule 9: ending an activation', () => {
  it('rule 9: ending with actions left is reported as a pass of cost 0, then the activation end (reason pass)', () => {
    const state = start(OPEN, { numHumans: 2 });
    act(state, { kind: 'activate', human: 1 });
    const rec = recorder();
    act(state, { kind: 'endActivation' }, rec.sink);
    expect(rec.events.slice(0, 2)).toEqual([
      { type: 'action', human: 1, action: 'pass', cost: 0, round: 1 },
      { type: 'activationEnd', human: 1, unspent: 4, reason: 'pass', round: 1 },
    ]);
  });

  it('rule 9: with interleaving, ending after spending everything is no pass: reason spent', () => {
    const state = start(OPEN, { numHumans: 2, interleaveActivations: true });
    act(state, { kind: 'activate', human: 0 });
    for (let i = 0; i < 4; i++) act(state, { kind: 'move', dir: i % 2 === 0 ? N : S });
    expect([state.phase, state.active, human(state, 0).actionsLeft]).toEqual([Phase.Act, 0, 0]);
    const rec = recorder();
    act(state, { kind: 'endActivation' }, rec.sink);
    expect(eventsOf(rec.events, 'action')).toEqual([]);
    expect(lastEvent(rec.events, 'activationEnd')).toMatchObject({ human: 0, unspent: 0, reason: 'spent' });
  });

  it('rule 9: without interleaving, spending the last action ends the activation (reason spent)', () => {
    const state = start(OPEN);
    act(state, { kind: 'activate', human: 0 });
    const rec = recorder();
    for (let i = 0; i < 4; i++) act(state, { kind: 'move', dir: i % 2 === 0 ? N : S }, rec.sink);
    expect(eventsOf(rec.events, 'activationEnd')).toEqual([{ type: 'activationEnd', human: 0, unspent: 0, reason: 'spent', round: 1 }]);
  });
});

describe('rule 15: an immediate wound penalty', () => {
  it('rules 9, 15: with woundPenaltyImmediate a wound in the zombie phase does not rewrite what a human left unspent in his activation', () => {
    const state = start(OPEN, { woundPenaltyImmediate: true, spawnPerRound: 0 });
    putHuman(state, 0, 3, 2);
    human(state, 0).wounds = 1;
    addZombie(state, 4, 2);
    act(state, { kind: 'activate', human: 0 });
    act(state, { kind: 'aim' });
    act(state, { kind: 'endActivation' });
    expect(state.phase).toBe(Phase.ZombieAct);
    act(state, { kind: 'zombieAttack', human: 0 });
    force(state, 6);
    // The second wound lowers his allowance from 4 to 3; the 3 actions he left unspent stay 3.
    expect(human(state, 0)).toMatchObject({ wounds: 2, actionsLeft: 3 });
  });
});
