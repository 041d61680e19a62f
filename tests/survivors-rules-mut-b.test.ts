/**
 * Survivors rules, the cases mutation testing of `rules.ts` (its middle part: the human actions'
 * effects, the dice, blasts, draws, the ambush and the zombie's legal moves) found unpinned.
 * Hand-built positions, forced dice; each test names its rule.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_DECK, Edge, Phase, Roll, Terrain, ZOMBIE_CELL, blastCells, freshZombieDistances, searchesLeftAt, zombiePathDistances } from '../src/games/survivors/index.js';
import type { ItemCard, SurvivorsState } from '../src/games/survivors/index.js';
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
  isLegal,
  lastEvent,
  legal,
  legalOfKind,
  makeParams,
  passHumanPhase,
  putHuman,
  recorder,
  start,
  zombieTurn,
} from './fixtures/survivors-scene.js';

/** A deck card by name, with some icons changed. */
function variant(name: string, fields: Partial<ItemCard>): ItemCard {
  const base = DEFAULT_ITEM_DECK.find((card) => card.name === name);
  if (base === undefined) throw new Error(`no card ${name}`);
  return { ...base, ...fields };
}

/** The default deck plus `extra` cards at its end. */
function deckWith(...extra: ItemCard[]): ItemCard[] {
  return [...DEFAULT_ITEM_DECK, ...extra];
}

describe('rule 47: dropping', () => {
  it('rule 47: a dropped item lies on his cell and costs nothing, with no one listening for events', () => {
    const state = start(OPEN);
    const cell = putHuman(state, 0, 2, 2);
    const knife = giveCard(state, 0, 'Kitchen knife');
    actNow(state, 0, 4);
    act(state, { kind: 'drop', card: knife });
    expect(human(state, 0).items).toEqual([]);
    expect(state.floorItems).toEqual([cell, knife]);
    expect([state.phase, human(state, 0).actionsLeft]).toEqual([Phase.Act, 4]);
  });
});

describe('rule 48: aim', () => {
  it('rule 48: with aimBonus = 2 an aimed unarmed 4 counts as 6 and kills', () => {
    const state = start(OPEN, { aimBonus: 2 });
    putHuman(state, 0, 2, 2);
    const zombie = addZombie(state, 3, 2);
    actNow(state, 0, 4);
    act(state, { kind: 'aim' });
    act(state, { kind: 'attack', card: -1, cell: zombie });
    const rec = recorder();
    force(state, 4, rec.sink);
    expect(lastEvent(rec.events, 'attack')).toMatchObject({ roll: 4, aimed: true, result: 'kill' });
    expect(state.zombies).toEqual([]);
  });
});

describe('rules 46, 51: throwing', () => {
  it('rule 46: a throw costs 1 action, reported as a throw; the Dynamite\'s use chance is 5/6', () => {
    const state = start(OPEN);
    putHuman(state, 0, 0, 4);
    const dynamite = giveCard(state, 0, 'Dynamite');
    actNow(state, 0, 4);
    const rec = recorder();
    act(state, { kind: 'throw', card: dynamite, cell: cellAt(state, 2, 4) }, rec.sink);
    force(state, 1, rec.sink); // a dud
    expect(eventsOf(rec.events, 'action').map((e) => [e.action, e.cost])).toEqual([['throw', 1]]);
    expect(lastEvent(rec.events, 'itemUse')).toMatchObject({ card: 'Dynamite', roll: 1, success: false, exactSuccess: 5 / 6 });
    expect(human(state, 0).items).toEqual([]);
    expect(human(state, 0).wounds).toBe(0);
  });

  it('rules 40, 51: an explosive with no use faces goes off without a use roll; its zombies then roll to die', () => {
    const flash = variant('Grenade', { name: 'Flash', count: 1, range: 3, useOn: [] });
    const state = start(OPEN, { itemDeck: deckWith(flash) });
    putHuman(state, 0, 0, 4);
    const card = giveCard(state, 0, 'Flash');
    const zombie = addZombie(state, 3, 3);
    actNow(state, 0, 4);
    const rec = recorder();
    act(state, { kind: 'throw', card, cell: cellAt(state, 3, 4) }, rec.sink);
    // No use roll: the roll pending is the zombie's kill roll.
    expect(state.phase).toBe(Phase.Roll);
    expect(state.pending.roll).toBe(Roll.BlastKill);
    expect(state.pending.cells).toEqual([zombie]);
    expect(lastEvent(rec.events, 'itemUse')).toMatchObject({ card: 'Flash', success: true, exactSuccess: 1 });
    force(state, 6, rec.sink);
    expect(state.zombies).toEqual([]);
    expect([state.phase, human(state, 0).actionsLeft, human(state, 0).wounds]).toEqual([Phase.Act, 3, 0]);
  });
});

describe('rule 52: searching an empty deck', () => {
  /** Human 0 on the search spot (0,2) of the house, the deck set to `deck` and the discards to `discards` (card name → count). */
  function searchWith(overrides: Parameters<typeof start>[1], deck: Record<string, number> | null, discards: Record<string, number>): SurvivorsState {
    const state = start(HOUSE, overrides);
    putHuman(state, 0, 0, 2);
    if (deck !== null) {
      state.deck.fill(0);
      for (const [name, count] of Object.entries(deck)) state.deck[cardId(state, name)] = count;
      state.deckSize = state.deck.reduce((sum, count) => sum + count, 0);
    }
    for (const [name, count] of Object.entries(discards)) state.discards[cardId(state, name)] = count;
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    return state;
  }

  it('rule 52: with reshuffleDiscards an empty deck is refilled from the discards, then drawn from', () => {
    const state = searchWith({ reshuffleDiscards: true }, {}, { Bandage: 2, Pistol: 1 });
    const bandage = cardId(state, 'Bandage');
    const pistol = cardId(state, 'Pistol');
    expect(state.phase).toBe(Phase.Draw);
    expect(state.deckSize).toBe(3);
    expect([state.deck[bandage], state.deck[pistol]]).toEqual([2, 1]);
    expect(state.deck.reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(state.discards.every((count) => count === 0)).toBe(true);
    expect(game.chanceOutcomes(state).map((o) => [(o.action as { card: number }).card, o.probability])).toEqual([
      [pistol, expect.closeTo(1 / 3, 12)],
      [bandage, expect.closeTo(2 / 3, 12)],
    ]);
  });

  it('rule 52: with reshuffleDiscards a deck that still has cards is not refilled', () => {
    const state = searchWith({ reshuffleDiscards: true }, null, { Bandage: 2 });
    const bandage = cardId(state, 'Bandage');
    expect(state.phase).toBe(Phase.Draw);
    expect(state.deckSize).toBe(34);
    expect([state.deck[bandage], state.discards[bandage]]).toEqual([3, 2]);
  });

  it('rule 52: without reshuffleDiscards an empty deck gives nothing, discards or not', () => {
    const state = searchWith({}, {}, { Bandage: 2 });
    expect([state.phase, state.deckSize, human(state, 0).actionsLeft]).toEqual([Phase.Act, 0, 3]);
    expect(state.deck.every((count) => count === 0)).toBe(true);
    expect(state.discards[cardId(state, 'Bandage')]).toBe(2);
    expect(searchesLeftAt(state, cellAt(state, 0, 2))).toBe(0);
  });
});

describe('rule 47: picking up', () => {
  it('rule 47: he picks up the named card from his own cell, leaving the other cards and cells as they were', () => {
    const state = start(OPEN);
    const mine = putHuman(state, 0, 2, 2);
    const other = cellAt(state, 3, 2);
    const knife = cardId(state, 'Kitchen knife');
    const pistol = cardId(state, 'Pistol');
    state.floorItems.push(other, knife, mine, pistol, mine, knife);
    actNow(state, 0, 4);
    act(state, { kind: 'pickUp', card: knife });
    expect(human(state, 0).items).toEqual([knife]);
    expect(state.floorItems).toEqual([other, knife, mine, pistol]);
    expect(human(state, 0).actionsLeft).toBe(3);
  });
});

describe('rules 53, 55: building and removing barricades', () => {
  it('rule 53: a barricade built with no one listening for events is on the edge, a token spent', () => {
    const state = start(HOUSE);
    const edge = edgeAt(state, 1, 1, E);
    actNow(state, 0, 4);
    act(state, { kind: 'barricade', dir: E });
    expect([state.barricades[edge], state.barricadeTokens, human(state, 0).actionsLeft]).toEqual([1, 7, 2]);
  });

  it('rules 38, 55: removing a barricade costs the tool\'s special cost (the first card of the deck too), or barricadeRemoveCostNoTool without one', () => {
    const crowbar = DEFAULT_ITEM_DECK.find((card) => card.name === 'Crowbar') as ItemCard;
    const deck = [crowbar, ...DEFAULT_ITEM_DECK.filter((card) => card !== crowbar)];
    const removed = (card: number): SurvivorsState => {
      const state = start(HOUSE, { itemDeck: deck, barricadeRemoveCostNoTool: 3 });
      const edge = edgeAt(state, 1, 1, E);
      barricadeEdge(state, edge);
      expect(giveCard(state, 0, 'Crowbar')).toBe(0);
      actNow(state, 0, 4);
      act(state, { kind: 'unbarricade', dir: E, card });
      expect([state.barricades[edge], state.barricadeTokens]).toEqual([0, 9]);
      return state;
    };
    expect(human(removed(0), 0).actionsLeft).toBe(2);
    expect(human(removed(-1), 0).actionsLeft).toBe(1);
  });
});

describe('the contract: an action of the wrong phase', () => {
  it('a zombie\'s placement is refused while a human acts, naming the action', () => {
    const state = start(OPEN);
    actNow(state, 0, 4);
    expect(() => game.apply(state, { kind: 'place', cell: 0 }, null)).toThrow('not a human action in this phase: place(@0)');
  });
});

describe('rules 28, 29: passing zombies', () => {
  /** Human 0 on (0,2) passes east through zombies on (1,2) and (2,2) to (3,2), rolling `rolls`. */
  function pass(...rolls: number[]) {
    const state = start(OPEN);
    putHuman(state, 0, 0, 2);
    addZombie(state, 1, 2);
    addZombie(state, 2, 2);
    actNow(state, 0, 4);
    const rec = recorder();
    act(state, { kind: 'move', dir: E }, rec.sink);
    for (const roll of rolls) force(state, roll, rec.sink);
    return { state, rec };
  }

  it('rule 29(c): bitten by the second zombie he stays, loses the 2 steps to it, and the pass reports its chance 1 − (5/6)²', () => {
    const { state, rec } = pass(1, 6);
    expect(human(state, 0).cell).toBe(cellAt(state, 0, 2));
    expect([human(state, 0).actionsLeft, human(state, 0).wounds]).toEqual([2, 1]);
    expect(lastEvent(rec.events, 'pass')).toMatchObject({ zombies: 2, bitten: true, actionsLost: 2, exactBitten: expect.closeTo(11 / 36, 12) });
    expect(eventsOf(rec.events, 'action').map((e) => [e.action, e.cost])).toEqual([['move', 2]]);
  });

  it('rule 29(d): unbitten he ends on the empty cell, paying the 3 steps, reported as a move', () => {
    const { state, rec } = pass(1, 5);
    expect(human(state, 0).cell).toBe(cellAt(state, 3, 2));
    expect(human(state, 0).actionsLeft).toBe(1);
    expect(lastEvent(rec.events, 'pass')).toMatchObject({ zombies: 2, bitten: false, actionsLost: 0, exactBitten: expect.closeTo(11 / 36, 12) });
    expect(eventsOf(rec.events, 'action').map((e) => [e.action, e.cost])).toEqual([['move', 3]]);
  });
});

describe('rules 49, 51: zombies killed', () => {
  it('rule 49: an attack kill is reported as by attack; with no one listening the zombie is gone all the same', () => {
    const kill = (listen: boolean) => {
      const state = start(OPEN);
      putHuman(state, 0, 2, 2);
      const zombie = addZombie(state, 3, 2);
      actNow(state, 0, 4);
      act(state, { kind: 'attack', card: -1, cell: zombie });
      const rec = recorder();
      force(state, 6, listen ? rec.sink : null);
      expect([state.zombies, state.occupant[zombie]]).toEqual([[], -1]);
      return { rec, zombie };
    };
    const { rec, zombie } = kill(true);
    expect(eventsOf(rec.events, 'zombieKilled')).toEqual([{ type: 'zombieKilled', cell: zombie, by: 'attack', round: 1 }]);
    kill(false);
  });

  it('rule 51: a blast kill is reported as by blast; with no one listening the zombie is gone all the same', () => {
    const blast = (listen: boolean) => {
      const state = start(OPEN);
      putHuman(state, 0, 0, 4);
      const dynamite = giveCard(state, 0, 'Dynamite');
      const zombie = addZombie(state, 2, 3);
      actNow(state, 0, 4);
      const rec = recorder();
      const sink = listen ? rec.sink : null;
      act(state, { kind: 'throw', card: dynamite, cell: cellAt(state, 2, 4) }, sink);
      force(state, 4, sink);
      force(state, 4, sink);
      expect([state.zombies, state.occupant[zombie], human(state, 0).wounds]).toEqual([[], -1, 1]);
      return { rec, zombie };
    };
    const { rec, zombie } = blast(true);
    expect(eventsOf(rec.events, 'zombieKilled')).toEqual([{ type: 'zombieKilled', cell: zombie, by: 'blast', round: 1 }]);
    expect(lastEvent(rec.events, 'blastKill')).toMatchObject({ card: 'Dynamite', roll: 4, killed: true });
    blast(false);
  });
});

describe('rule 56: zombie attacks', () => {
  it('rule 56: an attack on a human is reported at cost 1 and on no edge', () => {
    const state = start(OPEN);
    putHuman(state, 0, 2, 2);
    addZombie(state, 3, 2);
    zombieTurn(state, 0);
    const rec = recorder();
    act(state, { kind: 'zombieAttack', human: 0 }, rec.sink);
    force(state, 5, rec.sink);
    expect(lastEvent(rec.events, 'zombieAction')).toMatchObject({ action: 'attack', cost: 1, edge: -1, roll: 5, success: true });
    expect(human(state, 0).wounds).toBe(1);
  });

  it('rule 56: a barricade broken with no one listening is gone', () => {
    const state = start(HOUSE);
    const edge = edgeAt(state, 1, 1, E);
    barricadeEdge(state, edge);
    addZombie(state, 2, 1);
    zombieTurn(state, 0);
    act(state, { kind: 'zombieBreak', dir: W });
    force(state, 5);
    expect(state.barricades[edge]).toBe(0);
    expect(state.zombieActionsLeft).toBe(1);
  });
});

describe('rule 37: the push', () => {
  /** Human 0 on `from` attacks the zombie on `at` with `card` (by name, or unarmed) and rolls a push; returns the zombie's cell after. */
  function push(from: [number, number], at: [number, number], card: string | null, roll: number): { state: SurvivorsState; result: string; cell: number } {
    const state = start(OPEN);
    putHuman(state, 0, from[0], from[1]);
    const zombie = addZombie(state, at[0], at[1]);
    const id = card === null ? -1 : giveCard(state, 0, card);
    actNow(state, 0, 4);
    act(state, { kind: 'attack', card: id, cell: zombie });
    const rec = recorder();
    force(state, roll, rec.sink);
    return { state, result: lastEvent(rec.events, 'attack').result, cell: state.zombies[0] as number };
  }

  it('rule 37: the zombie moves one cell straight away from the attacker, north, south or west', () => {
    const north = push([2, 3], [2, 2], null, 4);
    expect([north.result, north.cell]).toEqual(['push', cellAt(north.state, 2, 1)]);
    const south = push([2, 1], [2, 2], null, 4);
    expect([south.result, south.cell]).toEqual(['push', cellAt(south.state, 2, 3)]);
    const west = push([3, 2], [2, 2], null, 5);
    expect([west.result, west.cell]).toEqual(['push', cellAt(west.state, 1, 2)]);
  });

  it('rule 37: a ranged push on a diagonal tie goes along the x axis', () => {
    const tie = push([1, 1], [3, 3], 'Pistol', 4);
    expect([tie.result, tie.cell]).toEqual(['push', cellAt(tie.state, 4, 3)]);
  });

  it('rule 37: a push onto the first cell of the board is not blocked', () => {
    const corner = push([2, 0], [1, 0], null, 4);
    expect([corner.result, corner.cell]).toEqual(['push', 0]);
    expect([corner.state.occupant[0], corner.state.occupant[cellAt(corner.state, 1, 0)]]).toEqual([ZOMBIE_CELL, -1]);
  });
});

describe('rules 36–40, 49: the attack report', () => {
  /** Human 0 on (0,2) attacks the zombie on `at` with `card` (or unarmed), rolling `roll`; returns the attack event. */
  function attack(card: string | null, at: [number, number], roll: number) {
    const state = start(OPEN);
    putHuman(state, 0, 0, 2);
    const zombie = addZombie(state, at[0], at[1]);
    const id = card === null ? -1 : giveCard(state, 0, card);
    actNow(state, 0, 4);
    act(state, { kind: 'attack', card: id, cell: zombie });
    const rec = recorder();
    force(state, roll, rec.sink);
    return lastEvent(rec.events, 'attack');
  }
  // None of these cards is single-use: a break is what discards it.
  const odds = (kill: number, push: number, broke: number) => ({ kill: expect.closeTo(kill, 12), push: expect.closeTo(push, 12), break: expect.closeTo(broke, 12), discard: expect.closeTo(broke, 12) });

  it('rule 49: unarmed: kill 6, push 4–5, nothing to break; melee, so only 1–3 leave the zombie in reach for another try', () => {
    const event = attack(null, [1, 2], 1);
    expect(event).toMatchObject({ card: 'Unarmed', result: 'miss', broke: false, ranged: false });
    expect(event.exact).toEqual(odds(1 / 6, 2 / 6, 0));
    expect(event.weapon).toEqual({ unaimed: odds(1 / 6, 2 / 6, 0), aimed: odds(2 / 6, 2 / 6, 0), attackAgain: expect.closeTo(3 / 6, 12) });
  });

  it('rules 40, 63: a Baseball bat, melee: kill 5–6, push 3–4, break 1; a 2 leaves it in reach and whole', () => {
    const event = attack('Baseball bat', [1, 2], 2);
    expect(event).toMatchObject({ card: 'Baseball bat', result: 'miss', broke: false, ranged: false });
    expect(event.exact).toEqual(odds(2 / 6, 2 / 6, 1 / 6));
    expect(event.weapon.attackAgain).toBeCloseTo(1 / 6, 12);
  });

  it('rules 42, 64: a Pistol fires at range: ranged, and a push keeps the zombie a target', () => {
    const event = attack('Pistol', [2, 2], 2);
    expect(event).toMatchObject({ card: 'Pistol', result: 'miss', broke: false, ranged: true });
    expect(event.exact).toEqual(odds(2 / 6, 1 / 6, 1 / 6));
    expect(event.weapon.attackAgain).toBeCloseTo(3 / 6, 12);
  });
});

describe('rules 40, 41, 46: a healing item that is not single-use', () => {
  /** Human 0, 2 wounds, uses a reusable kit (use 3–6, break 1, heals 1) on himself, rolling `roll`. */
  function heal(roll: number) {
    const kit = variant('First-aid kit', { name: 'Medkit', count: 1, singleUse: false, useOn: [3, 4, 5, 6], breakOn: [1], heal: 1 });
    const state = start(OPEN, { itemDeck: deckWith(kit) });
    putHuman(state, 0, 2, 2);
    human(state, 0).wounds = 2;
    const card = giveCard(state, 0, 'Medkit');
    actNow(state, 0, 4);
    act(state, { kind: 'heal', card, human: 0 });
    force(state, roll);
    return { state, card, wounds: human(state, 0).wounds, kept: human(state, 0).items.includes(card), discarded: state.discards[card] };
  }

  it('rule 46: a use on 3–6 heals and he keeps the item', () => {
    expect(heal(4)).toMatchObject({ wounds: 1, kept: true, discarded: 0 });
  });

  it('rule 40: a failed use off the break faces heals nothing and he keeps the item', () => {
    expect(heal(2)).toMatchObject({ wounds: 2, kept: true, discarded: 0 });
  });

  it('rule 40: a failed use on a break face ruins it: discarded', () => {
    expect(heal(1)).toMatchObject({ wounds: 2, kept: false, discarded: 1 });
  });
});

// ---------------------------------------------------------------------------------------------
// Blasts: the board they change, the humans they wound, the cells and edges they cover

/** A width × height map in the fixture's text form: every cell floor unless named in `cells`, every edge open unless named. Keys are "x,y". */
function grid(width: number, height: number, spec: { cells?: Record<string, string>; east?: Record<string, string>; south?: Record<string, string> }): string[] {
  const frame = `+${'-+'.repeat(width)}`;
  const lines = [frame];
  for (let y = 0; y < height; y++) {
    let row = '|';
    let under = '|';
    for (let x = 0; x < width; x++) {
      row += spec.cells?.[`${x},${y}`] ?? '.';
      row += x < width - 1 ? (spec.east?.[`${x},${y}`] ?? ' ') : '|';
      under += spec.south?.[`${x},${y}`] ?? ' ';
      under += x < width - 1 ? ' ' : '|';
    }
    lines.push(row);
    if (y < height - 1) lines.push(under);
  }
  lines.push(frame);
  return lines;
}

describe('rules 43, 51, 58: a blast changes the board the zombies path over', () => {
  /**
   * 7 × 5, the human on (3,4), a zombie on (3,0); `south` on the edge under (3,1) stands between
   * them. The human throws a Grenade at (3,3) (blast 1: x 2–4, y 2–4, touching that edge).
   */
  function blastOpens(south: Record<string, string>, cells: Record<string, string>, overrides: Parameters<typeof start>[1] = {}) {
    const state = start(grid(7, 5, { cells: { '6,0': 'Z', '3,4': 'H', ...cells }, south }), overrides);
    const zombie = addZombie(state, 3, 0);
    const grenade = giveCard(state, 0, 'Grenade');
    actNow(state, 0, 4);
    const before = zombiePathDistances(state)[zombie] as number;
    expect(before).toBe(freshZombieDistances(state, null)[zombie]);
    act(state, { kind: 'throw', card: grenade, cell: cellAt(state, 3, 3) });
    force(state, 4);
    expect([state.phase, human(state, 0).wounds]).toEqual([Phase.Act, 1]);
    const after = zombiePathDistances(state);
    expect(after).toEqual(freshZombieDistances(state, null));
    return { state, before, after: after[zombie] as number };
  }

  it('rules 43, 55: a blast that only removes a barricade opens the zombie\'s straight path (6 → 4)', () => {
    const { state, before, after } = blastOpens({ '3,1': 'b' }, {});
    expect([before, after]).toEqual([6, 4]);
    expect(state.barricades[edgeAt(state, 3, 1, S)]).toBe(0);
    expect(state.edges[edgeAt(state, 3, 1, S)]).toBe(Edge.Doorway);
  });

  it('rule 43: a blast that only destroys a wall opens the zombie\'s straight path (6 → 4)', () => {
    const { state, before, after } = blastOpens({ '3,1': '-' }, {});
    expect([before, after]).toEqual([6, 4]);
    expect(state.edges[edgeAt(state, 3, 1, S)]).toBe(Edge.Destroyed);
  });

  it('rule 51: with blastDestroysObstacles the obstacles in the blast become floor, the zombie\'s path cheaper (5 → 4); those outside stay', () => {
    const { state, before, after } = blastOpens({}, { '3,2': '#', '0,3': '#' }, { blastDestroysObstacles: true });
    expect([before, after]).toEqual([5, 4]);
    expect([state.terrain[cellAt(state, 3, 2)], state.terrain[cellAt(state, 0, 3)]]).toEqual([Terrain.Floor, Terrain.Obstacle]);
  });

  it('a blast makes only the arrays it changes the state\'s own, once: a second blast writes the same copy', () => {
    const state = start(grid(7, 5, { cells: { '6,0': 'Z', '3,4': 'H', '4,2': '#', '0,3': '#' }, south: { '3,1': '-', '1,1': '-', '4,1': 'b', '0,1': 'b' } }), { blastDestroysObstacles: true });
    const map = state.config.map;
    const grenades = [giveCard(state, 0, 'Grenade'), giveCard(state, 0, 'Grenade')];
    actNow(state, 0, 4);
    act(state, { kind: 'throw', card: grenades[0] as number, cell: cellAt(state, 3, 3) });
    force(state, 4);
    expect(state.phase).toBe(Phase.Act);
    // A wall and an obstacle went: the edges and the terrain are the state's, the barricades
    // (untouched) still the map's, and the map is as it was.
    expect([state.edges === map.edges, state.terrain === map.terrain, state.barricades === map.barricades]).toEqual([false, false, false]);
    expect([map.edges[edgeAt(state, 3, 1, S)], map.terrain[cellAt(state, 4, 2)], map.barricades[edgeAt(state, 4, 1, S)]]).toEqual([Edge.Wall, Terrain.Obstacle, 1]);
    expect(state.barricades[edgeAt(state, 4, 1, S)]).toBe(0);
    const [edges, terrain, barricades] = [state.edges, state.terrain, state.barricades];
    act(state, { kind: 'throw', card: grenades[1] as number, cell: cellAt(state, 1, 3) });
    force(state, 4);
    expect([state.edges[edgeAt(state, 1, 1, S)], state.terrain[cellAt(state, 0, 3)]]).toEqual([Edge.Destroyed, Terrain.Floor]);
    expect(state.barricades[edgeAt(state, 0, 1, S)]).toBe(0);
    expect(state.edges).toBe(edges);
    expect(state.terrain).toBe(terrain);
    expect(state.barricades).toBe(barricades);
  });

  it('a blast that touches no barricade, wall or obstacle leaves the state on the map\'s arrays', () => {
    const state = start(grid(7, 5, { cells: { '6,0': 'Z', '3,4': 'H' } }));
    const map = state.config.map;
    const grenade = giveCard(state, 0, 'Grenade');
    actNow(state, 0, 4);
    act(state, { kind: 'throw', card: grenade, cell: cellAt(state, 3, 2) });
    force(state, 4);
    expect([state.edges, state.barricades, state.terrain]).toEqual([map.edges, map.barricades, map.terrain]);
    expect(state.edges).toBe(map.edges);
    expect(state.barricades).toBe(map.barricades);
    expect(state.terrain).toBe(map.terrain);
  });

  it('rule 51: by default obstacles survive a blast', () => {
    const { state, before, after } = blastOpens({}, { '3,2': '#' });
    expect([before, after]).toEqual([5, 5]);
    expect(state.terrain[cellAt(state, 3, 2)]).toBe(Terrain.Obstacle);
  });

  it('rule 51: a blast wider than any board (radius 4097) and a radius-1 blast one cell over each leave the distances of their own board', () => {
    // One parameter object, so both games share the board memo: the two blasts must not be taken for the same change.
    const nuke = variant('Grenade', { name: 'Nuke', count: 1, blast: 4097 });
    const params = makeParams(grid(7, 5, { cells: { '6,0': 'Z', '3,4': 'H' }, south: { '3,1': '-' } }), { itemDeck: deckWith(nuke), blastDestroysObstacles: true });
    expect(game.validateParameters(params)).toEqual([]);
    const wide = game.setup(params);
    const zombie = addZombie(wide, 3, 0);
    const bomb = giveCard(wide, 0, 'Nuke');
    actNow(wide, 0, 4);
    expect(zombiePathDistances(wide)[zombie]).toBe(6);
    act(wide, { kind: 'throw', card: bomb, cell: cellAt(wide, 4, 4) });
    force(wide, 4);
    force(wide, 1); // the zombie survives its kill roll
    expect(wide.edges[edgeAt(wide, 3, 1, S)]).toBe(Edge.Destroyed);
    expect(zombiePathDistances(wide)).toEqual(freshZombieDistances(wide, null));
    expect(zombiePathDistances(wide)[zombie]).toBe(4);
    const narrow = game.setup(params);
    addZombie(narrow, 3, 0);
    const grenade = giveCard(narrow, 0, 'Grenade');
    actNow(narrow, 0, 4);
    act(narrow, { kind: 'throw', card: grenade, cell: cellAt(narrow, 5, 4) });
    force(narrow, 4);
    expect(narrow.edges[edgeAt(narrow, 3, 1, S)]).toBe(Edge.Wall);
    expect(zombiePathDistances(narrow)).toEqual(freshZombieDistances(narrow, null));
    expect(zombiePathDistances(narrow)[zombie]).toBe(6);
  });
});

describe('rule 51: the humans in a blast', () => {
  /** Human 0 on (0,4) throws Dynamite at (2,4) (blast 2: x 0–4, y 2–4) and it goes off. */
  function dynamite(state: SurvivorsState, actions: number) {
    const card = giveCard(state, 0, 'Dynamite');
    actNow(state, 0, actions);
    const rec = recorder();
    act(state, { kind: 'throw', card, cell: cellAt(state, 2, 4) }, rec.sink);
    force(state, 4, rec.sink);
    return rec;
  }

  it('rules 16, 17, 51: another human downed by the blast has not had his activation ended: healed, he may still act this round', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 1, 2, 3);
    human(state, 1).wounds = 4;
    const rec = dynamite(state, 4);
    expect([human(state, 1).downed, human(state, 1).activated]).toEqual([true, false]);
    expect(eventsOf(rec.events, 'activationEnd')).toEqual([]);
    expect([state.phase, state.active, human(state, 0).actionsLeft, human(state, 0).wounds]).toEqual([Phase.Act, 0, 3, 1]);
  });

  it('rules 51, 60: a blast death that wins the match for the zombies wounds nobody after it', () => {
    const state = start(OPEN, { numHumans: 3, humanDeathsToWin: 1 });
    putHuman(state, 1, 1, 2);
    Object.assign(human(state, 1), { wounds: 5, downed: true });
    putHuman(state, 2, 3, 3);
    dynamite(state, 4);
    expect(state.phase).toBe(Phase.Over);
    expect(human(state, 1).dead).toBe(true);
    expect([human(state, 2).wounds, human(state, 0).wounds]).toEqual([0, 0]);
  });

  it('rules 16, 51: a thrower downed by his own blast ends his activation, as downed', () => {
    const state = start(OPEN);
    human(state, 0).wounds = 4;
    const rec = dynamite(state, 1);
    expect(human(state, 0).downed).toBe(true);
    expect(eventsOf(rec.events, 'activationEnd')).toEqual([{ type: 'activationEnd', human: 0, unspent: 0, reason: 'downed', round: 1 }]);
    expect(state.active).toBe(-1);
  });

  it('rules 9, 13, 15, 51: with interleaving, a blast wound cuts at once the actions of a human who started his activation and switched away, only with woundPenaltyImmediate', () => {
    const after = (immediate: boolean): number => {
      const state = start(OPEN, { numHumans: 2, interleaveActivations: true, woundPenaltyImmediate: immediate });
      putHuman(state, 1, 2, 3);
      human(state, 1).wounds = 1;
      // Human 1 starts his activation, aims (one action), and hands over to human 0.
      act(state, { kind: 'activate', human: 1 });
      act(state, { kind: 'aim' });
      act(state, { kind: 'activate', human: 0 });
      expect([human(state, 1).started, human(state, 1).activated, human(state, 1).actionsLeft]).toEqual([true, false, 3]);
      dynamite(state, 4);
      expect(human(state, 1).wounds).toBe(2);
      return human(state, 1).actionsLeft;
    };
    // The second wound lowers his allowance from 4 to 3: at once, his 3 actions left become 2.
    expect(after(false)).toBe(3);
    expect(after(true)).toBe(2);
  });

  it('rules 13, 15, 51: a thrower wounded by his own blast loses an action at once only with woundPenaltyImmediate', () => {
    const after = (immediate: boolean): number => {
      const state = start(OPEN, { woundPenaltyImmediate: immediate });
      human(state, 0).wounds = 1;
      dynamite(state, 4);
      expect([human(state, 0).wounds, state.phase]).toEqual([2, Phase.Act]);
      return human(state, 0).actionsLeft;
    };
    expect(after(false)).toBe(3);
    expect(after(true)).toBe(2);
  });
});

describe('rule 51: the edges a blast destroys', () => {
  /**
   * 7 × 5, a Grenade from (2,4) on (2,2): the blast is x 1–3, y 1–3. Walls: east of (1,1) and
   * east of (2,2) (both sides in), under (1,0) and under (3,3) (one side in), under (4,1)
   * (neither side in).
   */
  const WALLS = grid(7, 5, { cells: { '6,0': 'Z', '2,4': 'H' }, east: { '1,1': '|', '2,2': '|' }, south: { '1,0': '-', '3,3': '-', '4,1': '-' } });

  function blast(overrides: Parameters<typeof start>[1] = {}) {
    const state = start(WALLS, overrides);
    const grenade = giveCard(state, 0, 'Grenade');
    actNow(state, 0, 4);
    const rec = recorder();
    act(state, { kind: 'throw', card: grenade, cell: cellAt(state, 2, 2) }, rec.sink);
    force(state, 4, rec.sink);
    const walls = { inner: [edgeAt(state, 1, 1, E), edgeAt(state, 2, 2, E)], border: [edgeAt(state, 1, 0, S), edgeAt(state, 3, 3, S)], outside: edgeAt(state, 4, 1, S) };
    return { state, rec, walls };
  }

  it('rule 51: anyAffectedSide: the walls with one or both sides in the blast are destroyed, each reported once, in edge order; one beside it is not', () => {
    const { state, rec, walls } = blast();
    const destroyed = [...walls.inner, ...walls.border].sort((a, b) => a - b);
    expect(eventsOf(rec.events, 'wallDestroyed').map((e) => e.edge)).toEqual(destroyed);
    for (const edge of destroyed) expect(state.edges[edge]).toBe(Edge.Destroyed);
    expect(state.edges[walls.outside]).toBe(Edge.Wall);
  });

  it('rule 51: bothSides: only the walls with both sides in the blast are destroyed', () => {
    const { state, rec, walls } = blast({ blastEdgeRule: 'bothSides' });
    expect(eventsOf(rec.events, 'wallDestroyed').map((e) => e.edge)).toEqual(walls.inner);
    for (const edge of walls.inner) expect(state.edges[edge]).toBe(Edge.Destroyed);
    for (const edge of [...walls.border, walls.outside]) expect(state.edges[edge]).toBe(Edge.Wall);
  });

  it('rule 51: the first edge of the board (east of the first cell) is destroyed like any other', () => {
    const state = start(grid(4, 5, { cells: { '3,0': 'Z', '0,4': 'H' }, east: { '0,0': '|' } }));
    const edge = edgeAt(state, 0, 0, E);
    expect(edge).toBe(0);
    const grenade = giveCard(state, 0, 'Grenade');
    actNow(state, 0, 4);
    act(state, { kind: 'throw', card: grenade, cell: cellAt(state, 0, 1) });
    force(state, 4);
    expect(state.edges[edge]).toBe(Edge.Destroyed);
  });
});

describe('rules 43, 51, 53: a game\'s board is its own', () => {
  it('a blast and a barricade change this game\'s board only: the map, and a new game on it, keep their walls, barricades and obstacles', () => {
    // Blast x 1–3, y 1–3: a wall east of (2,2), a barricaded doorway under (3,2), an obstacle on (1,3).
    const params = makeParams(grid(7, 5, { cells: { '6,0': 'Z', '2,4': 'H', '1,3': '#' }, east: { '2,2': '|' }, south: { '3,2': 'b' } }), { blastDestroysObstacles: true, barricadeOnOpenEdges: true });
    expect(game.validateParameters(params)).toEqual([]);
    const state = game.setup(params);
    const map = state.config.map;
    const wall = edgeAt(state, 2, 2, E);
    const barricade = edgeAt(state, 3, 2, S);
    const obstacle = cellAt(state, 1, 3);
    const grenade = giveCard(state, 0, 'Grenade');
    actNow(state, 0, 4);
    act(state, { kind: 'throw', card: grenade, cell: cellAt(state, 2, 2) });
    force(state, 4);
    expect([state.edges[wall], state.barricades[barricade], state.terrain[obstacle]]).toEqual([Edge.Destroyed, 0, Terrain.Floor]);
    expect([map.edges[wall], map.barricades[barricade], map.terrain[obstacle]]).toEqual([Edge.Wall, 1, Terrain.Obstacle]);
    // A later change keeps the earlier ones.
    const built = edgeAt(state, 2, 4, N);
    act(state, { kind: 'barricade', dir: N });
    expect([state.barricades[built], state.edges[wall], state.barricades[barricade], state.terrain[obstacle]]).toEqual([1, Edge.Destroyed, 0, Terrain.Floor]);
    expect(map.barricades[built]).toBe(0);
    const fresh = game.setup(params);
    expect([fresh.edges[wall], fresh.barricades[barricade], fresh.terrain[obstacle], fresh.barricades[built]]).toEqual([Edge.Wall, 1, Terrain.Obstacle, 0]);
  });
});

describe('rule 51: the cells a blast covers', () => {
  it('rule 51: a square blast in the board\'s far corner stops at the board\'s edges', () => {
    const state = start(OPEN);
    expect(blastCells(state, cellAt(state, 6, 4), 1)).toEqual([cellAt(state, 5, 3), cellAt(state, 6, 3), cellAt(state, 5, 4), cellAt(state, 6, 4)]);
  });

  it('rule 51: blastShape = diamond covers the cells within Manhattan distance of the centre', () => {
    const state = start(OPEN, { blastShape: 'diamond' });
    const at = (x: number, y: number): number => cellAt(state, x, y);
    expect(blastCells(state, at(3, 2), 2)).toEqual([at(3, 0), at(2, 1), at(3, 1), at(4, 1), at(1, 2), at(2, 2), at(3, 2), at(4, 2), at(5, 2), at(2, 3), at(3, 3), at(4, 3), at(3, 4)]);
  });
});

// ---------------------------------------------------------------------------------------------
// Draws, the ambush, the zombie's turn

describe('rules 52, 61, 7: the cards a draw can give', () => {
  it('rule 52: a card whose copies are all gone is not among a search\'s outcomes', () => {
    const state = start(HOUSE);
    putHuman(state, 0, 0, 2);
    const pistol = cardId(state, 'Pistol');
    state.deck[pistol] = 0;
    state.deckSize -= 3;
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    const outcomes = game.chanceOutcomes(state);
    expect(outcomes.map((o) => (o.action as { card: number }).card)).toEqual(state.deck.flatMap((count, card) => (count > 0 ? [card] : [])));
    expect(outcomes).toHaveLength(state.config.cards.length - 1);
    expect(outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12);
  });

  it('rule 61: once the Keys are found, the bottom half of the deck holds only the other cards, each by its count', () => {
    const state = start(grid(5, 3, { cells: { '0,0': 'Z', '4,0': '?', '0,2': 'H', '3,2': 'E', '4,2': 'E' } }), { scenario: 'escape' });
    const { keysCard, keysTopSize } = state.config;
    state.deck[keysCard] = 0;
    state.deckSize -= 1;
    state.drawsMade = keysTopSize;
    putHuman(state, 0, 4, 0);
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    const outcomes = game.chanceOutcomes(state);
    expect(outcomes.map((o) => (o.action as { card: number }).card)).not.toContain(keysCard);
    expect(outcomes.map((o) => o.probability)).toEqual(state.deck.flatMap((count) => (count > 0 ? [expect.closeTo(count / 34, 12)] : [])));
  });

  it('rule 52: a card drawn in a search is reported with the searcher and as no setup draw', () => {
    const state = start(HOUSE);
    putHuman(state, 0, 0, 2);
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    const rec = recorder();
    game.apply(state, { kind: 'draw', card: cardId(state, 'Pistol') }, rec.sink);
    expect(eventsOf(rec.events, 'cardDrawn')).toEqual([{ type: 'cardDrawn', human: 0, card: 'Pistol', setup: false }]);
    expect(human(state, 0).items).toEqual([cardId(state, 'Pistol')]);
  });

  it('rule 7: a card dealt at setup is reported as a setup draw', () => {
    const state = game.setup(makeParams(OPEN, { startingCardsPerHuman: 1 }));
    expect(state.phase).toBe(Phase.Draw);
    const rec = recorder();
    game.apply(state, { kind: 'draw', card: cardId(state, 'Bandage') }, rec.sink);
    expect(eventsOf(rec.events, 'cardDrawn')).toEqual([{ type: 'cardDrawn', human: 0, card: 'Bandage', setup: true }]);
    expect(state.phase).toBe(Phase.ChooseHuman);
  });

  it('rules 7, 52: a deal that empties the deck stops there (parameters that fail validation: too few cards)', () => {
    const params = makeParams(OPEN, { startingCardsPerHuman: 2, itemDeck: [variant('Pistol', { count: 1 })] });
    expect(game.validateParameters(params).map((issue) => issue.path)).toEqual([['itemDeck']]);
    const state = game.setup(params);
    expect(state.phase).toBe(Phase.Draw);
    game.apply(state, { kind: 'draw', card: 0 }, null);
    expect([state.phase, state.deckSize, human(state, 0).items]).toEqual([Phase.ChooseHuman, 0, [0]]);
  });
});

describe('rule 59: where the ambush zombie goes', () => {
  /** Human 0 searches the spot his cell holds and draws an Ambush. */
  function ambush(state: SurvivorsState) {
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    const rec = recorder();
    game.apply(state, { kind: 'draw', card: cardId(state, 'Ambush') }, rec.sink);
    return rec;
  }

  it('rule 59: the first cell of the board, next to the searcher, is one of the ambush cells', () => {
    const state = start(grid(3, 2, { cells: { '1,0': '?', '2,0': 'Z', '0,1': 'H' } }));
    putHuman(state, 0, 1, 0);
    ambush(state);
    expect(state.phase).toBe(Phase.Ambush);
    expect(legalOfKind(state, 'place').map((a) => a.cell)).toEqual([cellAt(state, 2, 0), cellAt(state, 1, 1), 0]);
  });

  /** 5 × 5: the search spot (2,2) walled on the north, west and east; a zombie on (2,3) closes its south. `spawns` are the spawn points. */
  function walledIn(spawns: string[]): SurvivorsState {
    const cells: Record<string, string> = { '2,2': '?', '0,4': 'H' };
    for (const at of spawns) cells[at] = 'Z';
    const state = start(grid(5, 5, { cells, east: { '1,2': '|', '2,2': '|' }, south: { '2,1': '-' } }));
    putHuman(state, 0, 2, 2);
    addZombie(state, 2, 3);
    return state;
  }

  it('rule 59: with no cell next to him free, the zombie goes on the spawn point nearest in steps across and down', () => {
    // (4,2) is 2 steps away, (0,0) is 4.
    const state = walledIn(['0,0', '4,2']);
    const rec = ambush(state);
    expect(eventsOf(rec.events, 'spawn')).toEqual([{ type: 'spawn', cell: cellAt(state, 4, 2), source: 'ambush', round: 1 }]);
    expect([state.phase, state.zombies]).toEqual([Phase.Act, [cellAt(state, 2, 3), cellAt(state, 4, 2)]]);
  });

  it('rule 59: of two spawn points equally near, the first', () => {
    const state = walledIn(['0,0', '4,0']);
    const rec = ambush(state);
    expect(lastEvent(rec.events, 'spawn').cell).toBe(cellAt(state, 0, 0));
  });

  it('rule 59: with no spawn point free either, no zombie comes', () => {
    const state = walledIn(['0,0', '4,2']);
    addZombie(state, 0, 0);
    addZombie(state, 4, 2);
    const rec = ambush(state);
    expect(eventsOf(rec.events, 'spawn')).toEqual([]);
    expect(state.zombies).toEqual([cellAt(state, 2, 3), cellAt(state, 0, 0), cellAt(state, 4, 2)]);
    expect([state.phase, human(state, 0).actionsLeft]).toEqual([Phase.Act, 3]);
  });
});

describe('rule 58: the zombie\'s move in the flow of the round', () => {
  /** Human on (3,4), one zombie on (3,0) with one action; the humans pass and the zombie seat spawns nothing. */
  function firstZombieMoves(overrides: Parameters<typeof start>[1]): number[] {
    const state = start(OPEN, { zombieActions: 1, ...overrides });
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 0);
    passHumanPhase(state);
    act(state, { kind: 'stopSpawning' });
    expect([state.phase, state.zombieIndex]).toEqual([Phase.ZombieAct, 0]);
    return legalOfKind(state, 'zombieMove').map((a) => a.dir);
  }

  it('rule 58: when its turn comes, a zombie with one action may only step toward the human', () => {
    expect(firstZombieMoves({})).toEqual([S]);
  });

  it('rule 58: with zombiesMustApproach = false it may step anywhere', () => {
    expect(firstZombieMoves({ zombiesMustApproach: false })).toEqual([E, S, W]);
  });
});

describe('rule 58: where a zombie may step', () => {
  it('rule 58: it may step away when its next action can bring it back to where it began', () => {
    const state = start(OPEN);
    putHuman(state, 0, 3, 4);
    addZombie(state, 3, 1);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).toEqual([N, E, S, W]);
  });

  it('rule 58: from the first cell of the board, too', () => {
    // A wall under (1,0): stepping east, the way back is the first cell only.
    const state = start(grid(7, 5, { cells: { '6,0': 'Z', '0,4': 'H' }, south: { '1,0': '-' } }));
    addZombie(state, 0, 0);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).toEqual([E, S]);
  });

  /** 7 × 5: the human on (3,4), the zombie on an obstacle (3,1) (coming back onto it costs 2). */
  function onObstacle(): SurvivorsState {
    const state = start(grid(7, 5, { cells: { '6,0': 'Z', '3,4': 'H', '3,1': '#' } }));
    addZombie(state, 3, 1);
    return state;
  }

  it('rule 58: a step away is legal when another empty cell within reach is as near as it began', () => {
    const state = onObstacle();
    zombieTurn(state, 0);
    // East to (4,1), then south to (4,2): as near as the start.
    expect(isLegal(state, { kind: 'zombieMove', dir: E })).toBe(true);
  });

  it('rule 58: a cell held by another figure does not count as a way back', () => {
    const state = onObstacle();
    addZombie(state, 4, 2);
    zombieTurn(state, 0);
    expect(isLegal(state, { kind: 'zombieMove', dir: E })).toBe(false);
  });

  it('rule 58: nor does a cell behind a wall', () => {
    // One action: a step west to (2,1) would need a free way back to (2,2) through the wall.
    const state = start(grid(7, 5, { cells: { '6,0': 'Z', '3,4': 'H' }, south: { '2,1': '-' } }), { zombieActions: 1 });
    addZombie(state, 3, 1);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).toEqual([S]);
  });

  it('rule 58: nor does a cell only diagonally next to it (rule 56: moves are orthogonal)', () => {
    // The zombie on the obstacle (2,2), the human on (4,2); south to (2,3) leaves (3,3) taken
    // and the way back onto the obstacle too dear; (3,2), diagonal to (2,3), does not count.
    const state = start(grid(7, 5, { cells: { '6,0': 'Z', '4,2': 'H', '2,2': '#' } }));
    addZombie(state, 2, 2);
    addZombie(state, 3, 3);
    zombieTurn(state, 0);
    expect(isLegal(state, { kind: 'zombieMove', dir: S })).toBe(false);
  });

  it('rule 56: a free zombie moves in the four directions only, never through a wall, and attacks no one diagonal to it', () => {
    const state = start(grid(7, 5, { cells: { '6,0': 'Z', '4,1': 'H' }, south: { '3,2': '-' } }), { zombiesMustApproach: false });
    addZombie(state, 3, 2);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).toEqual([N, E, W]);
    expect(legalOfKind(state, 'zombieAttack')).toEqual([]);
    // In the open, with every cell around it empty (the diagonal ones too): the four steps, no more.
    const open = start(OPEN, { zombiesMustApproach: false });
    putHuman(open, 0, 0, 4);
    addZombie(open, 3, 2);
    zombieTurn(open, 0);
    expect(legal(open).filter((a) => a.kind === 'zombieMove')).toEqual([N, E, S, W].map((dir) => ({ kind: 'zombieMove', dir })));
  });
});

describe('rules 43, 51, 56, 58: board changes on a large board', () => {
  it('on a 65 × 64 board, a blast far down the board, a barricade broken and a blast on the first cell each leave the distances of their own board', () => {
    // A pocket on (1,0): walls west and south of it, its only way out the barricade east of it
    // (edge 1). The human on (1,31) holds launchers that reach the whole board. Three games on
    // one parameter object (one board memo): a zombie breaks the barricade; a blast of radius 1
    // on cell 4096, far from the pocket; a blast of radius 2 on cell 0, opening the pocket.
    const launcher = variant('Grenade', { name: 'Launcher', count: 1, range: 200 });
    const charge = variant('Dynamite', { name: 'Charge', count: 1, range: 200 });
    const params = makeParams(grid(65, 64, { cells: { '64,0': 'Z', '1,31': 'H' }, east: { '0,0': '|', '1,0': 'b' }, south: { '1,0': '-' } }), {
      itemDeck: deckWith(launcher, charge),
      blastDestroysObstacles: true,
    });
    expect(game.validateParameters(params)).toEqual([]);
    /** The first cell whose memo distance differs from a fresh computation's, or −1 (cheaper than a deep equality over 4,160 cells). */
    const stale = (state: SurvivorsState): number => {
      const memo = zombiePathDistances(state);
      const fresh = freshZombieDistances(state, null);
      return memo.findIndex((d, cell) => d !== fresh[cell]);
    };
    const pocket = 1;
    const broken = game.setup(params);
    expect(edgeAt(broken, 1, 0, E)).toBe(1);
    addZombie(broken, 2, 0);
    zombieTurn(broken, 0);
    act(broken, { kind: 'zombieBreak', dir: W });
    force(broken, 5);
    expect(broken.barricades[1]).toBe(0);
    expect(stale(broken)).toBe(-1);
    expect(zombiePathDistances(broken)[pocket]).toBe(33); // east, then down column 2

    const throwAt = (card: string, cell: number): SurvivorsState => {
      const state = game.setup(params);
      const id = giveCard(state, 0, card);
      actNow(state, 0, 4);
      // Applied without listing the legal actions: on this board that means 4,160 sight lines.
      game.apply(state, { kind: 'throw', card: id, cell }, null);
      force(state, 4);
      expect(state.phase).toBe(Phase.Act);
      expect(stale(state)).toBe(-1);
      return state;
    };
    const far = throwAt('Launcher', 4096);
    expect(far.barricades[1]).toBe(1);
    expect(zombiePathDistances(far)[pocket]).toBe(0x3fffffff);
    const near = throwAt('Charge', 0);
    expect(near.barricades[1]).toBe(0);
    expect(zombiePathDistances(near)[pocket]).toBe(31);
  });
});
