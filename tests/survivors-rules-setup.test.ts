/**
 * Survivors rules 1–10, 18–21, 35 and 63–67: the board, sides and setup, the round, healing and
 * the dead, and the item deck as data. Hand-built positions, forced dice and draws.
 */
import { describe, expect, it } from 'vitest';
import { defaultParameters } from '../src/core/parameters.js';
import { DEFAULT_ITEM_DECK, DEFAULT_MAP, Edge, HUMANS, Phase, Terrain, ZOMBIES, ZOMBIE_CELL, mapCounts, meleeAdjacent, parseMap, searchesLeftAt } from '../src/games/survivors/index.js';
import { survivorsParameters } from '../src/games/survivors/parameters.js';
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
  makeParams,
  passHumanPhase,
  passZombiePhase,
  putHuman,
  quietRound,
  recorder,
  start,
  zombieTurn,
  barricadeEdge,
} from './fixtures/survivors-scene.js';

const defaults = defaultParameters(game.parameters);

function defaultMap() {
  const parsed = parseMap(DEFAULT_MAP);
  if (!parsed.ok) throw new Error('the default map does not parse');
  return parsed.map;
}

describe('section A: the board', () => {
  it('rule 1: a square grid, 20 × 20 by default, with edge kinds and cell kinds', () => {
    const map = defaultMap();
    expect([map.width, map.height, defaults.boardWidth, defaults.boardHeight]).toEqual([20, 20, 20, 20]);
    // Every edge kind the map text can hold, and every cell kind.
    const parsed = parseMap(['+-+-+-+-+', '|Z|Hw? #|', '|    b B|', '|. E . .|', '+-+-+-+-+'].join('\n'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const m = parsed.map;
    const edge = (x: number, y: number, dir: number): number => m.edgeOf[(y * m.width + x) * 4 + dir] as number;
    expect(m.edges[edge(0, 0, E)]).toBe(Edge.Wall);
    expect(m.edges[edge(1, 0, E)]).toBe(Edge.Window);
    expect(m.edges[edge(2, 0, E)]).toBe(Edge.Open);
    expect([m.edges[edge(3, 0, S)], m.barricades[edge(3, 0, S)]]).toEqual([Edge.Window, 1]);
    expect([m.edges[edge(2, 0, S)], m.barricades[edge(2, 0, S)]]).toEqual([Edge.Doorway, 1]);
    expect(m.spawnPoints).toEqual([0]);
    expect(m.startCells).toEqual([1]);
    expect(m.searchSpot[2]).toBe(1);
    expect(m.terrain[3]).toBe(Terrain.Obstacle);
    expect(m.exit[5]).toBe(1);
    // The parameters that describe the board must match the map.
    expect(game.validateParameters({ ...defaults, boardWidth: 19 }).map((issue) => issue.path[0])).toEqual(['boardWidth']);
  });

  it('a line shorter than the first is refused, not read as open edges: a wall line cut short would open every wall it lost (audit 26b)', () => {
    const whole = ['+-+-+', '|H .|', '+-+ +', '|. Z|', '+-+-+'];
    expect(parseMap(whole.join('\n')).ok).toBe(true);
    const cut = parseMap(['+-+-+', '|H .|', '+', '|. Z|', '+-+-+'].join('\n'));
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.issues).toContainEqual({ message: 'line is 1 characters long; expected 5 like the first line', line: 3, column: 2 });
    // One character short, the last one missing: the frame's, decoration a trailing space's trimming may take.
    const oneShort = parseMap(['+-+-+', '|H .|', '+-+ +', '|. Z', '+-+-+'].join('\n'));
    expect(oneShort.ok).toBe(true);
    const twoShort = parseMap(['+-+-+', '|H .|', '+-+', '|. Z|', '+-+-+'].join('\n'));
    expect(twoShort.ok).toBe(false);
  });

  it('rule 2: the default map: a 10 × 8 house of 4 rooms, 6 windows, 2 doorways, 6 furniture, 8 bushes, 16 search spots, 4 starts indoors, 8 spawns 2 per edge', () => {
    const map = defaultMap();
    expect(mapCounts(map)).toMatchObject({ windows: 6, doorways: 2, searchSpots: 16, spawnPoints: 8, startCells: 4 });
    expect([defaults.windows, defaults.doorways, defaults.searchSpots, defaults.spawnPoints]).toEqual([6, 2, 16, 8]);
    const inHouse = (cell: number): boolean => {
      const x = cell % 20;
      const y = Math.floor(cell / 20);
      return x >= 5 && x <= 14 && y >= 6 && y <= 13;
    };
    let furniture = 0;
    let bushes = 0;
    for (let cell = 0; cell < map.cells; cell++) if (map.terrain[cell] === Terrain.Obstacle) inHouse(cell) ? furniture++ : bushes++;
    expect([furniture, bushes]).toEqual([6, 8]);
    expect(map.startCells.every(inHouse)).toBe(true);
    const sides = map.spawnPoints.map((cell) => {
      const x = cell % 20;
      const y = Math.floor(cell / 20);
      return y === 0 ? 'N' : y === 19 ? 'S' : x === 0 ? 'W' : x === 19 ? 'E' : '?';
    });
    expect(sides.sort()).toEqual(['E', 'E', 'N', 'N', 'S', 'S', 'W', 'W']);
    // Four rooms: the house's cells fall into 4 parts when the inner open gaps are closed, so
    // count the gaps of the inner walls instead: walls between x 9|10 and between y 9|10.
    let innerGaps = 0;
    for (let y = 6; y <= 13; y++) if (map.edges[map.edgeOf[(y * 20 + 9) * 4 + E] as number] !== Edge.Wall) innerGaps++;
    for (let x = 5; x <= 14; x++) if (map.edges[map.edgeOf[(9 * 20 + x) * 4 + S] as number] !== Edge.Wall) innerGaps++;
    expect(innerGaps).toBeGreaterThanOrEqual(3);
    // One entry per cell and per edge of the 20 × 20 board, in the map and in a fresh state.
    const edgeCount = 19 * 20 * 2;
    expect([map.terrain.length, map.edges.length, map.barricades.length]).toEqual([400, edgeCount, edgeCount]);
    const state = game.setup(defaults);
    expect([state.occupant.length, state.searchLeft.length]).toEqual([400, 16]);
    expect(state.occupant.filter((occupant) => occupant === -1)).toHaveLength(400 - 4);
    expect(state.searchLeft.filter((left) => left === defaults.searchesPerSpot)).toHaveLength(16);
    expect(state.config.map.searchSpotCells.map((cell) => searchesLeftAt(state, cell))).toEqual(state.searchLeft);
    expect(searchesLeftAt(state, state.config.map.startCells[0] as number)).toBe(0);
  });

  it('rule 3: one figure per cell: no move ends on a figure, and zombies cannot step into one', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 2, 2);
    putHuman(state, 1, 2, 1);
    addZombie(state, 3, 2);
    actNow(state, 0, 4);
    // North is human 1, east a zombie: the only ways there are passes that end beyond them.
    expect(legalOfKind(state, 'moveThrough').map((a) => a.cell)).not.toContain(cellAt(state, 2, 1));
    state.humans[0]!.actionsLeft = 1;
    expect(isLegal(state, { kind: 'move', dir: N })).toBe(false);
    expect(isLegal(state, { kind: 'move', dir: E })).toBe(false);
    addZombie(state, 4, 2);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).not.toContain(W);
    expect(legalOfKind(state, 'zombieMove').map((a) => a.dir)).not.toContain(E);
    expect(survivorsParameters.maxFiguresPerCell.schema.safeParse(2).success).toBe(false);
  });

  it('rule 4: adjacent is orthogonal with no wall or barricade between; a window does not block melee unless meleeAcrossWindow is false', () => {
    const state = start(HOUSE);
    const here = cellAt(state, 1, 1);
    expect([N, E, S, W].map((dir) => meleeAdjacent(state, here, dir))).toEqual([false, true, true, true]);
    barricadeEdge(state, edgeAt(state, 1, 1, S));
    expect(meleeAdjacent(state, here, S)).toBe(false);
    const closed = start(HOUSE, { meleeAcrossWindow: false });
    expect(meleeAdjacent(closed, cellAt(closed, 1, 1), E)).toBe(false);
    // A zombie across the window attacks only when windows do not block.
    addZombie(state, 2, 1);
    zombieTurn(state, 0);
    expect(legalOfKind(state, 'zombieAttack')).toEqual([{ kind: 'zombieAttack', human: 0 }]);
    addZombie(closed, 2, 1);
    zombieTurn(closed, 0);
    expect(legalOfKind(closed, 'zombieAttack')).toEqual([]);
  });
});

describe('section B: sides and setup', () => {
  it('rule 5: one Humans seat moves all 4 human figures against one Zombies seat', () => {
    expect(game.seats).toEqual(['Humans', 'Zombies']);
    expect(defaults.numHumans).toBe(4);
    const state = game.setup(defaults);
    expect(state.humans).toHaveLength(4);
    // Skip the deal and the placements to the first human choice: seat 0 picks among all four.
    while (state.phase === Phase.Draw || state.phase === Phase.PlaceInitial) {
      const next = state.phase === Phase.Draw ? game.chanceOutcomes(state)[0]!.action : game.legalActions(state)[0]!;
      game.apply(state, next, null);
    }
    expect(game.currentPlayer(state)).toBe(HUMANS);
    expect(legalOfKind(state, 'activate').map((a) => a.human)).toEqual([0, 1, 2, 3]);
  });

  it('rule 6: humans start on the start cells; the zombie player places initialZombies on spawn points; the board holds zombieCapPerHuman per human', () => {
    const params = makeParams(OPEN, { numHumans: 2, initialZombies: 2, zombieCapPerHuman: 1 });
    const state = game.setup(params);
    expect(state.humans.map((h) => h.cell)).toEqual([cellAt(state, 0, 4), cellAt(state, 1, 4)]);
    expect(state.phase).toBe(Phase.PlaceInitial);
    expect(game.currentPlayer(state)).toBe(ZOMBIES);
    expect(legalOfKind(state, 'place').map((a) => a.cell)).toEqual([cellAt(state, 0, 0), cellAt(state, 6, 0)]);
    act(state, { kind: 'place', cell: cellAt(state, 6, 0) });
    expect(legalOfKind(state, 'place').map((a) => a.cell)).toEqual([cellAt(state, 0, 0)]);
    act(state, { kind: 'place', cell: cellAt(state, 0, 0) });
    expect(state.phase).toBe(Phase.ChooseHuman);
    expect(state.config.zombieCap).toBe(2);
    // At the cap, the zombie phase offers no spawn.
    passHumanPhase(state);
    expect(state.phase).toBe(Phase.ZombieAct);
    expect(state.zombies).toHaveLength(2);
  });

  it('rule 7: each human draws startingCardsPerHuman cards, events redrawn', () => {
    const state = game.setup(makeParams(OPEN, { numHumans: 2, startingCardsPerHuman: 2 }));
    let draws = 0;
    while (state.phase === Phase.Draw) {
      const outcomes = game.chanceOutcomes(state);
      // Events are never dealt: the deal draws among item cards only.
      expect(outcomes.every((o) => o.action.kind === 'draw' && state.config.cards[o.action.card]!.event === null)).toBe(true);
      game.apply(state, outcomes[0]!.action, null);
      draws++;
    }
    expect(draws).toBe(4);
    expect(state.humans.map((h) => h.items.length)).toEqual([2, 2]);
  });
});

describe('section C: the round', () => {
  it('rule 8: a round is a human phase, then a zombie phase; the match ends after roundLimit rounds', () => {
    const state = start(OPEN, { roundLimit: 2 });
    addZombie(state, 6, 0);
    const rec = recorder();
    passHumanPhase(state, rec.sink);
    expect(state.phase).toBe(Phase.Spawn);
    passZombiePhase(state, rec.sink);
    expect([state.round, state.phase]).toEqual([2, Phase.ChooseHuman]);
    quietRound(state, rec.sink);
    expect(state.phase).toBe(Phase.Over);
    expect(eventsOf(rec.events, 'roundEnd').map((e) => e.round)).toEqual([1, 2]);
  });

  it('rule 9: each human activates once, in the order the Humans choose; unspent actions are lost; interleaving only when allowed', () => {
    const state = start(OPEN, { numHumans: 2 });
    act(state, { kind: 'activate', human: 1 });
    expect(legalOfKind(state, 'activate')).toEqual([]);
    act(state, { kind: 'endActivation' });
    expect(legalOfKind(state, 'activate')).toEqual([{ kind: 'activate', human: 0 }]);
    act(state, { kind: 'activate', human: 0 });
    act(state, { kind: 'move', dir: N });
    act(state, { kind: 'endActivation' });
    passZombiePhase(state);
    act(state, { kind: 'activate', human: 0 });
    expect(human(state, 0).actionsLeft).toBe(4); // the 3 left last round are gone
    const mixed = start(OPEN, { numHumans: 2, interleaveActivations: true });
    act(mixed, { kind: 'activate', human: 0 });
    act(mixed, { kind: 'move', dir: N });
    expect(legalOfKind(mixed, 'activate')).toEqual([{ kind: 'activate', human: 1 }]);
    act(mixed, { kind: 'activate', human: 1 });
    act(mixed, { kind: 'activate', human: 0 });
    expect(human(mixed, 0).actionsLeft).toBe(3);
  });

  it('rule 10: the zombie phase spawns, then each zombie acts, then bleed-out and victory are checked', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 3, 4);
    putHuman(state, 1, 1, 3);
    Object.assign(human(state, 1), { wounds: 5, downed: true, bleed: 1 });
    addZombie(state, 6, 2);
    const rec = recorder();
    passHumanPhase(state, rec.sink);
    act(state, { kind: 'place', cell: cellAt(state, 6, 0) }, rec.sink);
    act(state, { kind: 'stopSpawning' }, rec.sink);
    expect(state.zombieIndex).toBe(0);
    act(state, { kind: 'zombieEnd' }, rec.sink);
    const order = rec.events.filter((e) => ['spawn', 'zombieAction', 'death', 'roundEnd'].includes(e.type)).map((e) => e.type);
    expect(order).toEqual(['spawn', 'zombieAction', 'death', 'roundEnd']);
    expect(lastEvent(rec.events, 'death')).toMatchObject({ human: 1, cause: 'bleedOut' });
  });
});

describe('section D: healing and the dead', () => {
  it('rule 18: no healing without items (naturalHealing = false); with it, an unhurt round heals one wound', () => {
    const state = start(OPEN);
    human(state, 0).wounds = 2;
    quietRound(state);
    expect(human(state, 0).wounds).toBe(2);
    const healing = start(OPEN, { naturalHealing: true });
    human(healing, 0).wounds = 2;
    quietRound(healing);
    expect(human(healing, 0).wounds).toBe(1);
  });

  it('rule 19: move, shoulder, use an item, give, aim, attack and search each cost 1 action', () => {
    const state = start(HOUSE, { numHumans: 2 });
    putHuman(state, 0, 0, 1);
    putHuman(state, 1, 0, 0);
    human(state, 1).wounds = 1;
    const bandage = giveCard(state, 0, 'Bandage');
    const knife = giveCard(state, 0, 'Kitchen knife');
    const zombie = addZombie(state, 0, 2);
    const rec = recorder();
    const cost = (): number => lastEvent(rec.events, 'action').cost;
    actNow(state, 0, 4);
    act(state, { kind: 'heal', card: bandage, human: 1 }, rec.sink);
    expect(cost()).toBe(1);
    act(state, { kind: 'give', card: knife, human: 1 }, rec.sink);
    expect(cost()).toBe(1);
    act(state, { kind: 'aim' }, rec.sink);
    expect(cost()).toBe(1);
    act(state, { kind: 'attack', card: -1, cell: zombie }, rec.sink);
    force(state, 1, rec.sink);
    expect(cost()).toBe(1);
    expect(eventsOf(rec.events, 'action').map((e) => [e.action, e.cost])).toEqual([
      ['heal', 1],
      ['give', 1],
      ['aim', 1],
      ['attack', 1],
    ]);
    // The move, the shoulder and the search, on a second human.
    const other = start(HOUSE, { numHumans: 2 });
    putHuman(other, 1, 1, 2);
    human(other, 1).wounds = 1;
    const rec2 = recorder();
    actNow(other, 0, 4);
    act(other, { kind: 'carry', human: 1 }, rec2.sink);
    act(other, { kind: 'move', dir: S }, rec2.sink);
    act(other, { kind: 'move', dir: W }, rec2.sink);
    act(other, { kind: 'search' }, rec2.sink);
    expect(eventsOf(rec2.events, 'action').map((e) => [e.action, e.cost])).toEqual([
      ['carry', 1],
      ['move', 1],
      ['move', 1],
      ['search', 1],
    ]);
  });

  it('rule 20: humans may build barricades (section J)', () => {
    const state = start(HOUSE);
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'barricade').map((a) => a.dir)).toEqual([E, S]);
  });

  it('rule 21: a dead human\'s items drop into his cell, and he rises as a zombie at the next zombie phase, within the cap', () => {
    const scene = (overrides: Parameters<typeof start>[1] = {}) => {
      const state = start(OPEN, { numHumans: 3, ...overrides });
      putHuman(state, 0, 2, 2);
      Object.assign(human(state, 0), { wounds: 5, downed: true });
      const pistol = giveCard(state, 0, 'Pistol');
      addZombie(state, 3, 2);
      zombieTurn(state, 0);
      const rec = recorder();
      act(state, { kind: 'zombieAttack', human: 0 }, rec.sink);
      force(state, 6, rec.sink);
      act(state, { kind: 'zombieEnd' }, rec.sink);
      return { state, rec, pistol };
    };
    const { state, rec, pistol } = scene();
    expect(human(state, 0).dead).toBe(true);
    expect(state.floorItems).toEqual([cellAt(state, 2, 2), pistol]);
    expect(lastEvent(rec.events, 'itemDropped')).toMatchObject({ human: 0, card: 'Pistol', reason: 'death' });
    expect(state.occupant[cellAt(state, 2, 2)]).toBe(-1);
    passHumanPhase(state, rec.sink);
    expect(state.occupant[cellAt(state, 2, 2)]).toBe(ZOMBIE_CELL);
    expect(lastEvent(rec.events, 'spawn')).toMatchObject({ cell: cellAt(state, 2, 2), source: 'risen' });
    // Without deadRiseAsZombie, or at the cap, he stays dead.
    const stays = scene({ deadRiseAsZombie: false });
    passHumanPhase(stays.state);
    expect(stays.state.occupant[cellAt(stays.state, 2, 2)]).toBe(-1);
    const capped = scene({ zombieCapPerHuman: 1, initialZombies: 0 });
    addZombie(capped.state, 6, 4);
    addZombie(capped.state, 0, 2);
    passHumanPhase(capped.state);
    expect(capped.state.occupant[cellAt(capped.state, 2, 2)]).toBe(-1);
  });
});

describe('sections G and M: the item deck as data', () => {
  const deck = Object.fromEntries(DEFAULT_ITEM_DECK.map((card) => [card.name, card]));

  it('rule 35: every card has a name, a size (large, small or none), an effect and icons as fields; a scenario may give its own', () => {
    for (const card of DEFAULT_ITEM_DECK) {
      expect(card.name.length).toBeGreaterThan(0);
      expect(['large', 'small', 'none']).toContain(card.size);
      for (const faces of [card.killOn, card.knockbackOn, card.breakOn, card.useOn]) for (const face of faces) expect(face >= 1 && face <= 6).toBe(true);
    }
    const custom = game.validateParameters({ ...defaults, itemDeck: [{ ...deck['Pistol']!, name: 'Laser', killOn: [2, 3, 4, 5, 6] }, ...DEFAULT_ITEM_DECK.slice(1)] });
    expect(custom).toEqual([]);
  });

  it('rule 61: an escape deck needs a card besides the Car Keys, counting events only when they are enabled', () => {
    const eventsOnly = DEFAULT_ITEM_DECK.filter((card) => card.event !== null);
    expect(eventsOnly.length).toBeGreaterThan(0);
    const problems = (params: Record<string, unknown>) => game.validateParameters({ ...defaults, startingCardsPerHuman: 0, ...params }).map((issue) => `${issue.path?.join('.')}: ${issue.message}`);
    expect(problems({ scenario: 'escape', itemDeck: [] })).toEqual([
      'itemDeck: the escape scenario puts the Car Keys in the bottom half of the deck (rule 61), so the deck needs at least one other card',
    ]);
    expect(problems({ scenario: 'escape', itemDeck: eventsOnly, eventCardsEnabled: false })).toEqual([
      'itemDeck: the escape scenario puts the Car Keys in the bottom half of the deck (rule 61), so the deck needs at least one other card (eventCardsEnabled: false leaves out its event cards)',
    ]);
    expect(problems({ scenario: 'escape', itemDeck: eventsOnly })).toEqual([]);
    expect(problems({ scenario: 'survive', itemDeck: [] })).toEqual([]);
    expect(problems({ scenario: 'escape', itemDeck: [{ ...deck['Axe']!, count: 1 }] })).toEqual([]);
  });

  const icons = (name: string) => {
    const card = deck[name]!;
    return { count: card.count, size: card.size, kill: card.killOn, push: card.knockbackOn, break: card.breakOn, range: card.range };
  };

  it('rule 63: melee weapons: bat, knife, axe, crowbar, chainsaw with their icons', () => {
    expect(icons('Baseball bat')).toEqual({ count: 3, size: 'large', kill: [5, 6], push: [3, 4], break: [1], range: 0 });
    expect(icons('Kitchen knife')).toEqual({ count: 3, size: 'small', kill: [6], push: [4, 5], break: [], range: 0 });
    expect(icons('Axe')).toEqual({ count: 2, size: 'large', kill: [4, 5, 6], push: [3], break: [1], range: 0 });
    expect(deck['Axe']!.special).toEqual({ cost: 2, effect: 'removeBarricade' });
    expect(icons('Crowbar')).toEqual({ count: 2, size: 'large', kill: [6], push: [3, 4, 5], break: [], range: 0 });
    expect(deck['Crowbar']!.special).toEqual({ cost: 2, effect: 'removeBarricade' });
    expect(icons('Chainsaw')).toEqual({ count: 1, size: 'large', kill: [3, 4, 5, 6], push: [], break: [1, 2], range: 0 });
  });

  it('rule 64: ranged weapons: pistol, shotgun, hunting rifle with their ranges; no ammo system', () => {
    expect(icons('Pistol')).toEqual({ count: 3, size: 'small', kill: [5, 6], push: [4], break: [1], range: 4 });
    expect(icons('Shotgun')).toEqual({ count: 2, size: 'large', kill: [4, 5, 6], push: [2, 3], break: [1], range: 2 });
    expect(icons('Hunting rifle')).toEqual({ count: 1, size: 'large', kill: [5, 6], push: [], break: [1], range: 8 });
    expect(defaults.ammoSystem).toBe(false);
  });

  it('rule 65: explosives: dynamite and grenade, single-use, with use faces, range and blast', () => {
    expect(deck['Dynamite']).toMatchObject({ count: 2, size: 'small', range: 2, useOn: [2, 3, 4, 5, 6], blast: 2, killOn: [2, 3, 4, 5, 6], singleUse: true });
    expect(deck['Grenade']).toMatchObject({ count: 1, size: 'small', range: 4, useOn: [2, 3, 4, 5, 6], blast: 1, killOn: [2, 3, 4, 5, 6], singleUse: true });
  });

  it('rule 66: items: bandage, first-aid kit, hammer and nails, backpack', () => {
    expect(deck['Bandage']).toMatchObject({ count: 3, size: 'none', singleUse: true, heal: 1, useOn: [] });
    expect(deck['First-aid kit']).toMatchObject({ count: 2, size: 'small', singleUse: true, heal: 2, useOn: [2, 3, 4, 5, 6] });
    expect(deck['Hammer & nails']).toMatchObject({ count: 1, size: 'small', barricadeCost: 1, killOn: [6], knockbackOn: [5] });
    expect(deck['Backpack']).toMatchObject({ count: 1, size: 'none', capacityBonus: 2 });
    expect(DEFAULT_ITEM_DECK.reduce((sum, card) => sum + card.count, 0)).toBe(34);
  });

  it('rule 67: events: Nothing ×4 and Ambush ×3 resolve when drawn; eventCardsEnabled = false leaves them out', () => {
    expect([deck['Nothing']!.count, deck['Nothing']!.event, deck['Ambush']!.count, deck['Ambush']!.event]).toEqual([4, 'nothing', 3, 'ambush']);
    const state = start(HOUSE);
    putHuman(state, 0, 0, 2);
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    const nothing = state.config.cards.findIndex((card) => card.name === 'Nothing');
    game.apply(state, { kind: 'draw', card: nothing }, null);
    expect(human(state, 0).items).toEqual([]);
    expect(state.discards[nothing]).toBe(1);
    expect([state.phase, human(state, 0).actionsLeft]).toEqual([Phase.Act, 3]);
    const without = start(HOUSE, { eventCardsEnabled: false });
    expect(without.config.cards.some((card) => card.event !== null)).toBe(false);
    expect(without.deckSize).toBe(27);
  });
});
