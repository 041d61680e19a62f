/**
 * Survivors rules 44–47 and 52–55: inventory, giving, using, picking up and dropping items,
 * searching, and building, holding and removing barricades. Hand-built positions, forced dice.
 */
import { describe, expect, it } from 'vitest';
import { Phase, lineOfSight, searchesLeftAt } from '../src/games/survivors/index.js';
import {
  E,
  HOUSE,
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
  giveCard,
  human,
  isLegal,
  lastEvent,
  legalOfKind,
  putHuman,
  recorder,
  start,
  zombieTurn,
  barricadeEdge,
} from './fixtures/survivors-scene.js';

describe('section H: inventory, giving, using, picking up, dropping', () => {
  it('rule 44: capacity 4, large 2, small 1, none 0; an excess item is dropped at once, free, by his choice', () => {
    const state = start(HOUSE);
    putHuman(state, 0, 0, 2);
    const bat = giveCard(state, 0, 'Baseball bat');
    const pistol = giveCard(state, 0, 'Pistol');
    giveCard(state, 0, 'Kitchen knife');
    giveCard(state, 0, 'Bandage'); // takes no space: 2 + 1 + 1 + 0 = 4, full but not over
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    game.apply(state, { kind: 'draw', card: cardId(state, 'Grenade') }, null);
    // Over capacity by one small card: he must drop something before anything else.
    expect(state.phase).toBe(Phase.Discard);
    expect(legalOfKind(state, 'discard').map((a) => a.card)).toHaveLength(5);
    const rec = recorder();
    act(state, { kind: 'discard', card: pistol }, rec.sink);
    expect(lastEvent(rec.events, 'itemDropped')).toMatchObject({ card: 'Pistol', reason: 'capacity' });
    expect([state.phase, human(state, 0).actionsLeft]).toEqual([Phase.Act, 3]);
    expect(human(state, 0).items).toContain(bat);
    // A Backpack adds 2: the same hand plus a Pistol fits.
    const packed = start(HOUSE);
    putHuman(packed, 0, 0, 2);
    for (const name of ['Baseball bat', 'Pistol', 'Kitchen knife', 'Backpack']) giveCard(packed, 0, name);
    actNow(packed, 0, 4);
    act(packed, { kind: 'search' });
    game.apply(packed, { kind: 'draw', card: cardId(packed, 'Grenade') }, null);
    expect(packed.phase).toBe(Phase.Act);
  });

  it('rule 45: giving to an adjacent human costs 1 and needs room; receiving is free', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 2, 2);
    putHuman(state, 1, 3, 2);
    const bat = giveCard(state, 0, 'Baseball bat');
    const bandage = giveCard(state, 0, 'Bandage');
    giveCard(state, 1, 'Shotgun');
    giveCard(state, 1, 'Pistol');
    actNow(state, 0, 4);
    // Human 1 holds 3 of 4: the bat (2) does not fit, the bandage (0) does.
    expect(legalOfKind(state, 'give')).toEqual([{ kind: 'give', card: bandage, human: 1 }]);
    act(state, { kind: 'give', card: bandage, human: 1 });
    expect(human(state, 0).actionsLeft).toBe(3);
    expect(human(state, 1).items).toContain(bandage);
    expect(human(state, 1).actionsLeft).toBe(0); // untouched: he has not activated
    putHuman(state, 1, 4, 2);
    expect(legalOfKind(state, 'give')).toEqual([]); // not adjacent any more
    expect(human(state, 0).items).toEqual([bat]);
  });

  it('rule 46: using an item costs 1 action, a special property its specialCost, and a use roll decides', () => {
    const state = start(HOUSE);
    const axe = giveCard(state, 0, 'Axe');
    const kit = giveCard(state, 0, 'First-aid kit');
    human(state, 0).wounds = 2;
    barricadeEdge(state, edgeAt(state, 1, 1, E));
    actNow(state, 0, 4);
    const rec = recorder();
    act(state, { kind: 'heal', card: kit, human: 0 }, rec.sink);
    expect(state.phase).toBe(Phase.Roll);
    force(state, 4, rec.sink);
    expect(human(state, 0).wounds).toBe(0);
    act(state, { kind: 'unbarricade', dir: E, card: axe }, rec.sink);
    expect(eventsOf(rec.events, 'action').map((e) => [e.action, e.cost])).toEqual([
      ['heal', 1],
      ['unbarricade', 2],
    ]);
    expect(lastEvent(rec.events, 'itemUse')).toMatchObject({ card: 'First-aid kit', roll: 4, success: true, exactSuccess: 5 / 6 });
    expect(human(state, 0).actionsLeft).toBe(1);
  });

  it('rule 47: picking up a dropped item from his own cell is a 1-action search', () => {
    const state = start(OPEN);
    putHuman(state, 0, 2, 2);
    const pistol = cardId(state, 'Pistol');
    state.floorItems.push(cellAt(state, 2, 2), pistol, cellAt(state, 3, 2), pistol);
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'pickUp')).toEqual([{ kind: 'pickUp', card: pistol }]);
    const rec = recorder();
    act(state, { kind: 'pickUp', card: pistol }, rec.sink);
    expect(lastEvent(rec.events, 'action')).toMatchObject({ action: 'pickUp', cost: 1 });
    expect(human(state, 0).items).toEqual([pistol]);
    expect(state.floorItems).toEqual([cellAt(state, 3, 2), pistol]);
  });

  it('rule 47: dropping is free at any time of the activation, not only over capacity', () => {
    const state = start(OPEN);
    putHuman(state, 0, 2, 2);
    const pistol = giveCard(state, 0, 'Pistol');
    actNow(state, 0, 4);
    const rec = recorder();
    act(state, { kind: 'drop', card: pistol }, rec.sink);
    expect(human(state, 0).items).toEqual([]);
    expect(human(state, 0).actionsLeft).toBe(4);
    expect(state.floorItems).toEqual([cellAt(state, 2, 2), pistol]);
    expect(lastEvent(rec.events, 'itemDropped')).toMatchObject({ human: 0, card: 'Pistol', reason: 'choice' });
    expect(lastEvent(rec.events, 'action')).toMatchObject({ action: 'drop', cost: 0 });
    expect(state.active).toBe(0);
  });
});

describe('section I: search', () => {
  it('rule 52: 1 action on a spot with its token draws a card and takes the token; an empty deck gives nothing', () => {
    const state = start(HOUSE);
    putHuman(state, 0, 0, 2);
    actNow(state, 0, 4);
    expect(isLegal(state, { kind: 'search' })).toBe(true);
    const before = state.deckSize;
    act(state, { kind: 'search' });
    expect(state.phase).toBe(Phase.Draw);
    const pistol = cardId(state, 'Pistol');
    game.apply(state, { kind: 'draw', card: pistol }, null);
    expect(human(state, 0).items).toEqual([pistol]);
    expect([state.deckSize, searchesLeftAt(state, cellAt(state, 0, 2)), human(state, 0).actionsLeft]).toEqual([before - 1, 0, 3]);
    expect(isLegal(state, { kind: 'search' })).toBe(false);
    // Off a spot there is nothing to search.
    putHuman(state, 0, 1, 2);
    expect(isLegal(state, { kind: 'search' })).toBe(false);
    // An empty deck: the search costs its action and draws nothing (reshuffleDiscards = false).
    const empty = start(HOUSE);
    putHuman(empty, 0, 0, 2);
    empty.deck.fill(0);
    empty.deckSize = 0;
    actNow(empty, 0, 4);
    act(empty, { kind: 'search' });
    expect([empty.phase, human(empty, 0).actionsLeft, human(empty, 0).items]).toEqual([Phase.Act, 3, []]);
  });
});

describe('section J: barricades', () => {
  it('rule 53: building costs 2 actions, on a window or doorway edge of his cell, from the 8 tokens; a Hammer makes it 1', () => {
    const state = start(HOUSE);
    actNow(state, 0, 4);
    expect(state.barricadeTokens).toBe(8);
    // East a window, south a doorway; north a wall and west open floor take none.
    expect(legalOfKind(state, 'barricade').map((a) => a.dir)).toEqual([E, S]);
    const rec = recorder();
    act(state, { kind: 'barricade', dir: E }, rec.sink);
    expect(state.barricades[edgeAt(state, 1, 1, E)]).toBe(1);
    expect([human(state, 0).actionsLeft, state.barricadeTokens]).toEqual([2, 7]);
    expect(lastEvent(rec.events, 'barricadeBuilt')).toMatchObject({ edge: edgeAt(state, 1, 1, E), human: 0 });
    expect(lastEvent(rec.events, 'action')).toMatchObject({ action: 'barricade', cost: 2 });
    expect(legalOfKind(state, 'barricade').map((a) => a.dir)).toEqual([S]);
    human(state, 0).actionsLeft = 1;
    expect(legalOfKind(state, 'barricade')).toEqual([]);
    giveCard(state, 0, 'Hammer & nails');
    act(state, { kind: 'barricade', dir: S }, rec.sink);
    expect(lastEvent(rec.events, 'action')).toMatchObject({ action: 'barricade', cost: 1 });
    // No token left, no barricade; open edges take one only with barricadeOnOpenEdges.
    const spent = start(HOUSE, { barricadeTokens: 0 });
    actNow(spent, 0, 4);
    expect(legalOfKind(spent, 'barricade')).toEqual([]);
    const open = start(HOUSE, { barricadeOnOpenEdges: true });
    actNow(open, 0, 4);
    expect(legalOfKind(open, 'barricade').map((a) => a.dir)).toEqual([E, S, W]);
  });

  it('rule 54: a barricade cannot be crossed, blocks sight and melee, and zombies may attack it', () => {
    const state = start(HOUSE);
    barricadeEdge(state, edgeAt(state, 1, 1, E));
    const zombie = addZombie(state, 2, 1);
    actNow(state, 0, 4);
    expect(isLegal(state, { kind: 'move', dir: E })).toBe(false);
    expect(legalOfKind(state, 'attack')).toEqual([]);
    expect(lineOfSight(state, cellAt(state, 1, 1), zombie)).toBe(false);
    expect(lineOfSight(state, cellAt(state, 1, 1), cellAt(state, 3, 1))).toBe(false);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieAttack')).toEqual([]);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).not.toContain(W);
    expect(legalOfKind(state, 'zombieBreak')).toEqual([{ kind: 'zombieBreak', dir: W }]);
  });

  it('rules 38, 55: humans remove a barricade only with a card whose special property says so, at its specialCost; the token returns', () => {
    const state = start(HOUSE);
    barricadeEdge(state, edgeAt(state, 1, 1, E));
    state.barricadeTokens = 7;
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'unbarricade')).toEqual([]); // barricadeRemoveCostNoTool = null
    const crowbar = giveCard(state, 0, 'Crowbar');
    expect(legalOfKind(state, 'unbarricade')).toEqual([{ kind: 'unbarricade', dir: E, card: crowbar }]);
    human(state, 0).actionsLeft = 1;
    expect(legalOfKind(state, 'unbarricade')).toEqual([]); // "2: removes barricade"
    human(state, 0).actionsLeft = 4;
    const rec = recorder();
    act(state, { kind: 'unbarricade', dir: E, card: crowbar }, rec.sink);
    expect([state.barricades[edgeAt(state, 1, 1, E)], state.barricadeTokens, human(state, 0).actionsLeft]).toEqual([0, 8, 2]);
    expect(lastEvent(rec.events, 'barricadeBroken')).toMatchObject({ by: 'human' });
    // With a tool-free cost set, bare hands can do it.
    const bare = start(HOUSE, { barricadeRemoveCostNoTool: 3 });
    barricadeEdge(bare, edgeAt(bare, 1, 1, S));
    actNow(bare, 0, 4);
    expect(legalOfKind(bare, 'unbarricade')).toEqual([{ kind: 'unbarricade', dir: S, card: -1 }]);
  });
});
