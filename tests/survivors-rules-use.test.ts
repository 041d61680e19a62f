/**
 * Survivors rules 4, 38–41, 44 and 46 as audit 39d found them broken: a card's `useOn` and
 * `singleUse` on attacks and special properties, and refused on cards with no use (F1);
 * adjacency that a window does not break, whatever `meleeAcrossWindow` says of melee (F2); the
 * starting deal's excess dropped before round 1 (F3). Hand-built positions, forced dice and draws.
 */
import { describe, expect, it } from 'vitest';
import { CHANCE } from '../src/core/game.js';
import { DEFAULT_ITEM_DECK, HUMANS, Phase, Roll, adjacent, meleeAdjacent, type ItemCard, type SurvivorsState } from '../src/games/survivors/index.js';
import { survivorsRender } from '../src/games/survivors/render.js';
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
  groupsAt,
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
/** Single-use and ruined on a failed 1: goes after any use, so the ruin decides nothing. */
const BRITTLE_CUTTER = { ...CUTTER, name: 'Brittle cutter', singleUse: true };
/** Used on a 6 only, though it would kill on 5–6 and push on 4. */
const JAMMED = variant('Pistol', { name: 'Jammed gun', range: 2, killOn: [5, 6], knockbackOn: [4], breakOn: [], useOn: [6] });
const DECK = [...DEFAULT_ITEM_DECK, PIPE, FLARE, CUTTER, ONE_SHOT_CUTTER, BRITTLE_CUTTER, JAMMED];

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


describe('audit 39d F1: useOn and singleUse on weapons (rules 39–41, 49)', () => {
  it('rules 39–40: a natural roll outside useOn is a failed use: no kill, no push, told apart from a miss', () => {
    // 6 is a kill face, but a use on 2 fails; aimed, a natural 2 makes 3, a push face: still a failed use.
    for (const aimed of [false, true]) {
      const { state, zombie, events } = attackWith('Rusty pipe', 2, aimed);
      expect(state.zombies).toEqual([zombie]);
      expect(lastEvent(events, 'attack')).toMatchObject({ result: 'failedUse', roll: 2, broke: false, discarded: false });
      expect(lastEvent(events, 'itemUse')).toMatchObject({ card: 'Rusty pipe', roll: 2, success: false, exactSuccess: 4 / 6 });
      expect(human(state, 0).items).toEqual([cardId(state, 'Rusty pipe')]);
    }
    // Within useOn the attack resolves as ever: 5 kills, 3 pushes.
    const kill = attackWith('Rusty pipe', 5);
    expect(kill.state.zombies).toEqual([]);
    expect(lastEvent(kill.events, 'attack').result).toBe('kill');
    expect(lastEvent(kill.events, 'itemUse')).toMatchObject({ success: true });
    const push = attackWith('Rusty pipe', 3);
    expect(push.state.zombies).toEqual([cellAt(push.state, 4, 2)]);
    expect(lastEvent(push.events, 'attack').result).toBe('push');
  });

  it('rule 40: breakOn is still read on the natural roll of a failed use', () => {
    const { state, card, events } = attackWith('Rusty pipe', 1);
    expect(lastEvent(events, 'attack')).toMatchObject({ result: 'failedUse', broke: true, discarded: true });
    expect(human(state, 0).items).toEqual([]);
    expect(state.discards[card]).toBe(1);
  });

  it('rule 41: a single-use weapon goes to the discard pile after its attack, whatever the roll', () => {
    for (const roll of [2, 6]) {
      const { state, card, events } = attackWith('Flare gun', roll);
      expect(lastEvent(events, 'attack')).toMatchObject({ result: roll === 6 ? 'kill' : 'miss', broke: false, discarded: true });
      expect(human(state, 0).items).toEqual([]);
      expect(state.discards[card]).toBe(1);
      expect(legalOfKind(state, 'attack').filter((a) => a.card === card)).toEqual([]);
    }
    // No use roll: a weapon without useOn brings no itemUse event.
    expect(eventsOf(attackWith('Flare gun', 2).events, 'itemUse')).toEqual([]);
  });

  it('the attack event carries exact odds that count the use faces and the single use', () => {
    const pipe = lastEvent(attackWith('Rusty pipe', 2).events, 'attack');
    // Uses on 3–6: kill on 5–6, push on 3–4; aimed, natural 3–6 make 4, 5, 6, 6: push once, kill thrice.
    expect(pipe.exact).toEqual({ kill: 2 / 6, push: 2 / 6, break: 1 / 6, discard: 1 / 6 });
    expect(pipe.weapon.aimed).toEqual({ kill: 3 / 6, push: 1 / 6, break: 1 / 6, discard: 1 / 6 });
    // Melee: again after a failed use (2) only; 1 breaks, 3–4 push out of reach, 5–6 kill.
    expect(pipe.weapon.attackAgain).toBeCloseTo(1 / 6, 12);
    const flare = lastEvent(attackWith('Flare gun', 2).events, 'attack');
    expect(flare.exact).toEqual({ kill: 2 / 6, push: 0, break: 1 / 6, discard: 1 });
    expect(flare.weapon.attackAgain).toBe(0);
  });

  it('chance groups: a failed use groups with a miss; a single-use card\'s break changes nothing the discard did not', () => {
    // Pipe: 1 fails and breaks, 2 fails, 3–4 push, 5–6 kill.
    const pipe = facingZombie('Rusty pipe');
    act(pipe.state, { kind: 'attack', card: pipe.card, cell: pipe.zombie });
    expect(groupsAt(pipe.state, Roll.Attack)).toEqual([0, 1, 2, 2, 3, 3]);
    // Flare: 1–4 miss (1 breaking it, but it goes anyway), 5–6 kill.
    const flare = facingZombie('Flare gun');
    act(flare.state, { kind: 'attack', card: flare.card, cell: flare.zombie });
    expect(groupsAt(flare.state, Roll.Attack)).toEqual([0, 0, 0, 0, 1, 1]);
    // Jammed: a 4 or a 5, a push or kill face, is a failed use like 1–3; only 6 kills.
    const jammed = facingZombie('Jammed gun');
    act(jammed.state, { kind: 'attack', card: jammed.card, cell: jammed.zombie });
    expect(groupsAt(jammed.state, Roll.Attack)).toEqual([0, 0, 0, 0, 0, 1]);
  });
});

describe('audit 39d F1: useOn and singleUse on a special property (rules 38, 41, 46)', () => {
  /** Human 0 on (1,1) of the house with `card`, 4 actions, a barricade on his east window. */
  function barred(card: string): { state: SurvivorsState; card: number; edge: number } {
    const state = start(HOUSE, { itemDeck: DECK });
    const id = giveCard(state, 0, card);
    const edge = edgeAt(state, 1, 1, E);
    barricadeEdge(state, edge);
    actNow(state, 0, 4);
    return { state, card: id, edge };
  }

  it('a card with useOn rolls: on a failure the barricade stays and the actions are spent', () => {
    const { state, card, edge } = barred('Bolt cutter');
    const tokens = state.barricadeTokens;
    const rec = recorder();
    act(state, { kind: 'unbarricade', dir: E, card }, rec.sink);
    expect(game.currentPlayer(state)).toBe(CHANCE);
    expect(state.pending).toMatchObject({ roll: Roll.Special, human: 0, card, target: edge });
    expect(survivorsRender.chance?.(state, { kind: 'die', value: 2 })).toBe("human 1's use roll for removing a barricade: 2");
    force(state, 2, rec.sink);
    expect([state.phase, state.barricades[edge], state.barricadeTokens, human(state, 0).actionsLeft]).toEqual([Phase.Act, 1, tokens, 2]);
    expect(human(state, 0).items).toEqual([card]);
    expect(lastEvent(rec.events, 'itemUse')).toMatchObject({ card: 'Bolt cutter', roll: 2, success: false, exactSuccess: 0.5 });
    expect(eventsOf(rec.events, 'barricadeBroken')).toEqual([]);
    // On a use face it goes, and its token comes back (rule 53/55's reading).
    act(state, { kind: 'unbarricade', dir: E, card }, rec.sink);
    force(state, 5, rec.sink);
    expect([state.barricades[edge], state.barricadeTokens]).toEqual([0, tokens + 1]);
    expect(lastEvent(rec.events, 'barricadeBroken')).toMatchObject({ edge, by: 'human' });
    expect(human(state, 0).items).toEqual([card]);
  });

  it('a failed use on a breakOn face ruins the card, as a heal\'s does', () => {
    const { state, card, edge } = barred('Bolt cutter');
    act(state, { kind: 'unbarricade', dir: E, card });
    force(state, 1);
    expect([state.barricades[edge], human(state, 0).items, state.discards[card]]).toEqual([1, [], 1]);
  });

  it('rule 41: a single-use card is discarded after the use, worked or not', () => {
    for (const roll of [2, 6]) {
      const { state, card, edge } = barred('One-shot cutter');
      act(state, { kind: 'unbarricade', dir: E, card });
      force(state, roll);
      expect([state.barricades[edge], human(state, 0).items, state.discards[card]]).toEqual([roll === 6 ? 0 : 1, [], 1]);
    }
  });

  it('chance groups: the use faces, a ruinous failure apart unless the card goes anyway', () => {
    const cutter = barred('Bolt cutter');
    act(cutter.state, { kind: 'unbarricade', dir: E, card: cutter.card });
    expect(groupsAt(cutter.state, Roll.Special)).toEqual([0, 1, 1, 2, 2, 2]);
    const oneShot = barred('One-shot cutter');
    act(oneShot.state, { kind: 'unbarricade', dir: E, card: oneShot.card });
    expect(groupsAt(oneShot.state, Roll.Special)).toEqual([0, 0, 0, 1, 1, 1]);
    const brittle = barred('Brittle cutter');
    act(brittle.state, { kind: 'unbarricade', dir: E, card: brittle.card });
    expect(groupsAt(brittle.state, Roll.Special)).toEqual([0, 0, 0, 1, 1, 1]);
  });

  it('the first card of the deck is a card like any other: its use rolled, not taken for bare hands', () => {
    const state = start(HOUSE, { itemDeck: [CUTTER, ...DEFAULT_ITEM_DECK] });
    const card = giveCard(state, 0, 'Bolt cutter');
    expect(card).toBe(0);
    const edge = edgeAt(state, 1, 1, E);
    barricadeEdge(state, edge);
    actNow(state, 0, 4);
    act(state, { kind: 'unbarricade', dir: E, card });
    force(state, 2);
    expect([state.barricades[edge], human(state, 0).items]).toEqual([1, [0]]);
  });
});

describe('audit 39d F1: useOn and singleUse refused on a card with no use', () => {
  const problems = (itemDeck: ItemCard[]): string[] =>
    game.validateParameters(makeParams(OPEN, { itemDeck })).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('a passive card (capacity, barricade cost) or an event with singleUse or useOn is refused, naming the card and field', () => {
    const deck = [
      ...DEFAULT_ITEM_DECK,
      variant('Backpack', { name: 'Paper bag', singleUse: true }),
      { ...variant('Hammer & nails', { name: 'Nail box', useOn: [3, 4, 5, 6] }), killOn: [], knockbackOn: [] },
      variant('Nothing', { name: 'Rumour', singleUse: true }),
    ];
    const at = DEFAULT_ITEM_DECK.length;
    const why = '" neither attacks (killOn, knockbackOn), heals (heal), is thrown (blast) nor has a special property (special)';
    const rest = 'so the rules give it no use to roll for or to spend';
    expect(problems(deck)).toEqual([
      `itemDeck.${at}.singleUse: "Paper bag${why}, ${rest}; expected singleUse: false on this card`,
      `itemDeck.${at + 1}.useOn: "Nail box${why}, ${rest}; expected no useOn on this card`,
      `itemDeck.${at + 2}.singleUse: "Rumour${why}, being an event, ${rest}; expected singleUse: false on this card`,
    ]);
  });

  it('a card that attacks, heals, is thrown or has a special property may have them; the Hammer\'s apply to its attack', () => {
    const deck = [...DEFAULT_ITEM_DECK.filter((card) => card.name !== 'Hammer & nails'), variant('Hammer & nails', { useOn: [2, 3, 4, 5, 6], singleUse: true }), PIPE, FLARE, CUTTER, ONE_SHOT_CUTTER];
    expect(problems(deck)).toEqual([]);
  });
});

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
