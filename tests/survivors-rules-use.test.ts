/**
 * Survivors rules 4, 38–41, 44 and 46 as audit 39d found them broken: a card's `useOn` and
 * `singleUse` on attacks and special properties, and refused on cards with no use (F1);
 * adjacency that a window does not break, whatever `meleeAcrossWindow` says of melee (F2); the
 * starting deal's excess dropped before round 1 (F3). Hand-built positions, forced dice and draws.
 */
import { describe, expect, it } from 'vitest';
import { CHANCE } from '../src/core/game.js';
import { DEFAULT_ITEM_DECK, HUMANS, Phase, Roll, adjacent, meleeAdjacent, type ItemCard, type SurvivorsState } from '../src/games/survivors/index.js';
import {
  E,
  HOUSE,
  OPEN,
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
  groupsByStates,
  human,
  isLegal,
  lastEvent,
  legalOfKind,
  makeParams,
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

/** Used on 3–6 only: kill 5–6, push 3–4, ruined on a natural 1. */
const PIPE = variant('Kitchen knife', { name: 'Rusty pipe', killOn: [5, 6], knockbackOn: [3, 4], breakOn: [1], useOn: [3, 4, 5, 6] });
/** A single-use ranged weapon: kill 5–6, gone after one shot. */
const FLARE = variant('Pistol', { name: 'Flare gun', range: 3, killOn: [5, 6], knockbackOn: [], breakOn: [1], singleUse: true });
/** "2: removes barricade", working on 4–6, ruined on a failed 1. */
const CUTTER = variant('Crowbar', { name: 'Bolt cutter', size: 'small', killOn: [], knockbackOn: [], useOn: [4, 5, 6], breakOn: [1] });
const ONE_SHOT_CUTTER = { ...CUTTER, name: 'One-shot cutter', breakOn: [], singleUse: true };
const DECK = [...DEFAULT_ITEM_DECK, PIPE, FLARE, CUTTER, ONE_SHOT_CUTTER];

/** Human 0 on (2,2) of the open board holding `card`, 4 actions, a zombie east of him. */
function facingZombie(card: string): { state: SurvivorsState; card: number; zombie: number } {
  const state = start(OPEN, { itemDeck: DECK });
  putHuman(state, 0, 2, 2);
  const id = giveCard(state, 0, card);
  const zombie = addZombie(state, 3, 2);
  actNow(state, 0, 4);
  return { state, card: id, zombie };
}

/** Attacks with `card` (aimed first when asked) and forces the natural roll; returns the events. */
function attackWith(card: string, roll: number, aimed = false) {
  const scene = facingZombie(card);
  const rec = recorder();
  if (aimed) act(scene.state, { kind: 'aim' });
  act(scene.state, { kind: 'attack', card: scene.card, cell: scene.zombie }, rec.sink);
  force(scene.state, roll, rec.sink);
  return { ...scene, events: rec.events };
}

/** The roll node's groups, checked against the states its faces leave. */
function groupsAt(state: SurvivorsState, roll: number): readonly number[] {
  expect(state.phase).toBe(Phase.Roll);
  expect(state.pending.roll).toBe(roll);
  const groups = game.chanceGroups!(state);
  expect(groups).toEqual(groupsByStates(state));
  return groups;
}

describe('audit 39d F2: adjacency ignores meleeAcrossWindow; only melee reads it (rule 4)', () => {
  it('across a window with meleeAcrossWindow false: heal, give and carry stay, melee attacks go both ways', () => {
    // House: human 0 on (1,1), a window east of him; human 1 on (2,1), across it, wounded.
    const state = start(HOUSE, { numHumans: 2, meleeAcrossWindow: false });
    putHuman(state, 1, 2, 1);
    human(state, 1).wounds = 2;
    const here = cellAt(state, 1, 1);
    expect([adjacent(state, here, E), meleeAdjacent(state, here, E)]).toEqual([true, false]);
    const bandage = giveCard(state, 0, 'Bandage');
    actNow(state, 0, 4);
    expect(isLegal(state, { kind: 'heal', card: bandage, human: 1 })).toBe(true);
    expect(isLegal(state, { kind: 'give', card: bandage, human: 1 })).toBe(true);
    expect(isLegal(state, { kind: 'carry', human: 1 })).toBe(true);
    // Melee across the window is what the switch stops: a zombie there can neither be struck nor strike.
    const melee = start(HOUSE, { meleeAcrossWindow: false });
    const zombie = addZombie(melee, 2, 1);
    actNow(melee, 0, 4);
    expect(isLegal(melee, { kind: 'attack', card: -1, cell: zombie })).toBe(false);
    zombieTurn(melee, 0);
    expect(legalOfKind(melee, 'zombieAttack')).toEqual([]);
  });

  it('rule 59: the ambush zombie may go across a window next to the searcher with meleeAcrossWindow false', () => {
    // A search spot on (0,0) with a window east of it; the cell south of it open.
    const state = start(['+-+-+-+', '|?w. Z|', '|     |', '|H . .|', '+-+-+-+'], { meleeAcrossWindow: false });
    putHuman(state, 0, 0, 0);
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    game.apply(state, { kind: 'draw', card: cardId(state, 'Ambush') }, null);
    expect(state.phase).toBe(Phase.Ambush);
    expect(legalOfKind(state, 'place').map((a) => a.cell)).toEqual([cellAt(state, 1, 0), cellAt(state, 0, 1)]);
  });
});

describe('audit 39d F3: the starting deal\'s excess is dropped before round 1 (rules 7, 44)', () => {
  /** Setup with the deal forced: `hands[h]` are the cards human h is dealt, dealt in turn. */
  function dealt(hands: string[][], overrides: Parameters<typeof makeParams>[1] = {}): SurvivorsState {
    const perHuman = (hands[0] as string[]).length;
    const state = game.setup(makeParams(OPEN, { numHumans: hands.length, startingCardsPerHuman: perHuman, ...overrides }));
    for (let round = 0; round < perHuman; round++) {
      for (const hand of hands) game.apply(state, { kind: 'draw', card: cardId(state, hand[round] as string) }, null);
    }
    return state;
  }

  it('a human over capacity chooses what to drop, for free, on his cell; then round 1 begins', () => {
    const state = dealt([['Baseball bat', 'Axe', 'Chainsaw'], ['Kitchen knife', 'Pistol', 'Bandage']]);
    expect([state.phase, state.active, game.currentPlayer(state)]).toEqual([Phase.Discard, 0, HUMANS]);
    const held = human(state, 0).items.slice().sort((a, b) => a - b);
    expect(legalOfKind(state, 'discard').map((a) => a.card)).toEqual(held);
    const rec = recorder();
    const chainsaw = cardId(state, 'Chainsaw');
    act(state, { kind: 'discard', card: chainsaw }, rec.sink);
    expect(lastEvent(rec.events, 'itemDropped')).toMatchObject({ human: 0, card: 'Chainsaw', reason: 'capacity' });
    expect(state.floorItems).toEqual([human(state, 0).cell, chainsaw]);
    // Human 1 holds 2 of 4: nothing to drop; round 1 begins with nobody active and no action spent.
    expect([state.phase, state.active, state.round]).toEqual([Phase.ChooseHuman, -1, 1]);
    expect(state.humans.map((figure) => [figure.started, figure.actionsLeft])).toEqual([[false, 0], [false, 0]]);
  });

  it('humans in index order, one after another, each down to capacity; then the initial zombies are placed', () => {
    const state = dealt([['Baseball bat', 'Axe', 'Kitchen knife'], ['Chainsaw', 'Shotgun', 'Pistol']], { inventoryCapacity: 2, initialZombies: 1 });
    expect([state.phase, state.active]).toEqual([Phase.Discard, 0]);
    act(state, { kind: 'discard', card: cardId(state, 'Kitchen knife') });
    // 4 of 2: still over, still his choice.
    expect([state.phase, state.active]).toEqual([Phase.Discard, 0]);
    act(state, { kind: 'discard', card: cardId(state, 'Axe') });
    expect([state.phase, state.active]).toEqual([Phase.Discard, 1]);
    act(state, { kind: 'discard', card: cardId(state, 'Pistol') });
    act(state, { kind: 'discard', card: cardId(state, 'Shotgun') });
    expect(state.humans.map((figure) => figure.items.map((card) => state.config.cards[card]?.name))).toEqual([['Baseball bat'], ['Chainsaw']]);
    expect([state.phase, state.active]).toEqual([Phase.PlaceInitial, -1]);
  });

  it('with the default deck and parameters no deal can overflow: one card each, none above the capacity', () => {
    const params = makeParams(OPEN);
    const defaults = game.parameters;
    expect(defaults.startingCardsPerHuman.default).toBe(1);
    const costs = { large: params.sizeCostLarge, small: params.sizeCostSmall, none: params.sizeCostNone };
    for (const card of DEFAULT_ITEM_DECK) expect(costs[card.size]).toBeLessThanOrEqual(params.inventoryCapacity);
    // And a state dealt the largest card goes straight on.
    expect(dealt([['Chainsaw']], { startingCardsPerHuman: 1 }).phase).toBe(Phase.ChooseHuman);
  });
});
