/**
 * Survivors rules at their edges: the cases mutation testing of `rules.ts` found unpinned, each
 * named by its rule (spawn spacing off the first row and from cell 0, the dead off the board,
 * fresh zombies, the initial placement, a bad map, the risen, exits, the deck outside escape,
 * the end of a round, where the carried are put down, the escape figures, healing the downed,
 * who can be reached from a cell). Hand-built positions, forced dice.
 */
import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../src/core/game.js';
import { HUMANS, Phase, parseMap } from '../src/games/survivors/index.js';
import { BLAST, E, HOUSE, N, OPEN, S, W, act, actNow, barricadeEdge, edgeAt, giveCard, passZombiePhase, quietRound, addZombie, cellAt, eventsOf, force, game, human, lastEvent, legalOfKind, makeParams, passHumanPhase, putHuman, recorder, retire, start, zombieTurn } from './fixtures/survivors-scene.js';

/** 3 × 3: spawn points on (1, 0) and (2, 1), the start cell on (0, 2). */
const SPACED = ['+-+-+-+', '|. Z .|', '|     |', '|. . Z|', '|     |', '|H . .|', '+-+-+-+'];

/** 2 × 2: the start cell (0, 1) right under the spawn point (0, 0). */
const CRAMPED = ['+-+-+', '|Z .|', '|   |', '|H .|', '+-+-+'];

/** The spawn points the zombie seat is offered after the humans pass. */
function spawnChoices(state: ReturnType<typeof start>): number[] {
  passHumanPhase(state);
  expect(state.phase).toBe(Phase.Spawn);
  return legalOfKind(state, 'place').map((a) => a.cell);
}

describe('rule 57: the spawn distance to humans', () => {
  it('rule 57: the distance is counted in steps across and down, from a spawn point off the first row', () => {
    // Human on (2, 2): 1 step below the spawn point (2, 1), which stays closed; (1, 0) is 1 + 2 = 3 away.
    const state = start(SPACED);
    putHuman(state, 0, 2, 2);
    expect(spawnChoices(state)).toEqual([cellAt(state, 1, 0)]);
  });

  it('rule 57: a human on the first cell of the board keeps the spawn point next to him closed', () => {
    // Human on (0, 0): 1 step from (1, 0); (2, 1) is 2 + 1 = 3 away.
    const state = start(SPACED);
    putHuman(state, 0, 0, 0);
    expect(spawnChoices(state)).toEqual([cellAt(state, 2, 1)]);
  });

  it('rule 57: a human off the board (dead) keeps no spawn point closed', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 3, 4);
    retire(state, 1);
    expect(spawnChoices(state)).toEqual([cellAt(state, 0, 0), cellAt(state, 6, 0)]);
  });

  it('rule 57: a zombie spawned this phase does not act, and acts from the next zombie phase on', () => {
    const state = start(OPEN, { spawnPerRound: 1, roundLimit: 3 });
    putHuman(state, 0, 3, 4);
    passHumanPhase(state);
    act(state, { kind: 'place', cell: cellAt(state, 0, 0) });
    // Fresh: no zombie turn this round.
    expect([state.round, state.phase]).toEqual([2, Phase.ChooseHuman]);
    passHumanPhase(state);
    act(state, { kind: 'stopSpawning' });
    expect([state.phase, state.zombieIndex]).toEqual([Phase.ZombieAct, 0]);
  });
});

describe('rule 6: the initial placement', () => {
  it('rule 6: initial zombies go on spawn points whatever the distance to the humans (rule 57 spaces spawns, not the setup)', () => {
    const state = game.setup(makeParams(CRAMPED, { initialZombies: 1 }));
    expect(human(state, 0).cell).toBe(cellAt(state, 0, 1));
    expect(state.phase).toBe(Phase.PlaceInitial);
    expect(legalOfKind(state, 'place').map((a) => a.cell)).toEqual([cellAt(state, 0, 0)]);
  });

  it('rule 6: during the initial placement nobody acts, nobody has activated or been wounded, and nothing is pending', () => {
    const state = game.setup(makeParams(OPEN, { numHumans: 2, initialZombies: 1 }));
    expect(state.phase).toBe(Phase.PlaceInitial);
    expect(state.active).toBe(-1);
    for (const figure of state.humans) {
      expect(figure).toMatchObject({ wounds: 0, downed: false, dead: false, items: [], activated: false, started: false, actionsLeft: 0, woundedThisRound: false });
    }
    expect(state.pending).toMatchObject({ human: -1, card: -1, target: -1, cells: [] });
    expect([state.vacated, state.rising, state.winner, state.endCondition]).toEqual([[], [], -1, null]);
  });

  it('rule 2: a map that does not parse is refused at setup, naming its first issue', () => {
    const params = { ...makeParams(OPEN), map: '+-+\n|x|\n+-+' };
    const parsed = parseMap(params.map);
    expect(parsed.ok).toBe(false);
    const first = parsed.ok ? '' : (parsed.issues[0]?.message ?? '');
    expect(first).not.toBe('');
    expect(() => game.setup(params)).toThrow(`invalid Survivors map: ${first}`);
  });
});

describe('rule 21: the dead rise where they fell', () => {
  it('rule 21: no zombie rises on a cell another human has stepped onto since', () => {
    const state = start(OPEN, { numHumans: 3 });
    putHuman(state, 0, 2, 2);
    putHuman(state, 1, 1, 2);
    Object.assign(human(state, 0), { wounds: 5, downed: true });
    addZombie(state, 3, 2);
    zombieTurn(state, 0);
    // A wound kills the downed human 0 on (2, 2) (rule 16).
    act(state, { kind: 'zombieAttack', human: 0 });
    force(state, 6);
    act(state, { kind: 'zombieEnd' });
    expect(human(state, 0).dead).toBe(true);
    expect(state.phase).toBe(Phase.ChooseHuman);
    // Human 1 steps onto the cell where human 0 fell.
    act(state, { kind: 'activate', human: 1 });
    act(state, { kind: 'move', dir: E });
    act(state, { kind: 'endActivation' });
    const rec = recorder();
    passHumanPhase(state, rec.sink);
    expect(state.occupant[cellAt(state, 2, 2)]).toBe(1);
    expect(eventsOf(rec.events, 'spawn').filter((e) => e.source === 'risen')).toEqual([]);
    expect(state.zombies).toEqual([cellAt(state, 3, 2)]);
  });
});

describe('rule 61: the exits', () => {
  it('rule 61: a human on an exit on the first cell of the board counts toward the escape', () => {
    // 3 × 2, the exit on (0, 0): the Keys holder alone there meets a quota of 1.
    const state = start(['+-+-+-+', '|E . Z|', '|     |', '|H . .|', '+-+-+-+'], { scenario: 'escape', escapeQuota: 1 });
    putHuman(state, 0, 0, 0);
    human(state, 0).items.push(state.config.keysCard);
    const rec = recorder();
    passHumanPhase(state, rec.sink);
    expect(state.phase).toBe(Phase.Over);
    expect(lastEvent(rec.events, 'matchEnd')).toMatchObject({ winner: 'humans', condition: 'escape', round: 1 });
  });
});

describe('rule 60: the match ends the moment the deaths are reached', () => {
  it('rules 16, 51, 60: a blast that kills the last human the zombies need ends the match at once, with other humans still to activate', () => {
    // BLAST map: thrower human 1 on (4,5); human 2 downed on (3,3), inside the blast on (4,3); human 0 on (8,0), not yet activated.
    const state = start(BLAST, { numHumans: 3, humanDeathsToWin: 1 });
    putHuman(state, 2, 3, 3);
    Object.assign(human(state, 2), { wounds: 5, downed: true });
    const dynamite = giveCard(state, 1, 'Dynamite');
    actNow(state, 1, 4);
    const rec = recorder();
    act(state, { kind: 'throw', card: dynamite, cell: cellAt(state, 4, 3) }, rec.sink);
    force(state, 4, rec.sink);
    expect(human(state, 2).dead).toBe(true);
    expect(human(state, 0).activated).toBe(false);
    expect(state.phase).toBe(Phase.Over);
    expect(game.currentPlayer(state)).toBe(TERMINAL);
    expect(lastEvent(rec.events, 'matchEnd')).toMatchObject({ winner: 'zombies', condition: 'kills', deaths: 1 });
  });
});

describe('rule 52: the deck outside the escape scenario', () => {
  it('rule 52: in the survive scenario a search draws every card left in proportion to its count, the last card and the second included', () => {
    const state = start(HOUSE);
    putHuman(state, 0, 0, 2);
    actNow(state, 0, 4);
    act(state, { kind: 'search' });
    const outcomes = game.chanceOutcomes(state);
    const total = state.deck.reduce((sum, count) => sum + count, 0);
    const expected = state.deck.flatMap((count, card) => (count > 0 ? [{ card, probability: count / total }] : []));
    expect(outcomes.map((o) => ({ card: (o.action as { card: number }).card, probability: o.probability }))).toEqual(
      expected.map((e) => ({ card: e.card, probability: expect.closeTo(e.probability, 12) })),
    );
    expect(state.config.keysCard).toBe(-1);
  });
});

describe('rules 16, 18, 60: the end of a round', () => {
  it('rule 18: natural healing heals one wound of each living human who was not wounded this round, and nobody else', () => {
    const state = start(OPEN, { numHumans: 4, naturalHealing: true, humanDeathsToWin: 4 });
    human(state, 1).wounds = 2;
    human(state, 2).wounds = 2;
    human(state, 3).wounds = 2;
    retire(state, 3);
    const rec = recorder();
    passHumanPhase(state, rec.sink);
    // Wounded during this round (as a zombie attack would leave him): no healing at its end.
    human(state, 2).woundedThisRound = true;
    passZombiePhase(state, rec.sink);
    expect(eventsOf(rec.events, 'heal').map((e) => [e.human, e.healed])).toEqual([[1, 1]]);
    expect(state.humans.map((h) => h.wounds)).toEqual([0, 1, 2, 2]);
  });

  it('rule 16: a bleed-out that gives the zombies their deaths ends the match there: no round end, no next round', () => {
    const state = start(OPEN, { numHumans: 2, humanDeathsToWin: 1 });
    Object.assign(human(state, 1), { wounds: 5, downed: true, bleed: 1 });
    const rec = recorder();
    quietRound(state, rec.sink);
    expect(state.phase).toBe(Phase.Over);
    expect(state.round).toBe(1);
    expect(lastEvent(rec.events, 'matchEnd')).toMatchObject({ winner: 'zombies', condition: 'kills', round: 1 });
    expect(eventsOf(rec.events, 'roundEnd')).toEqual([]);
  });

  it('rule 60: at the round limit the humans survive only with humansToSurvive alive; the dead do not count', () => {
    const end = (dead: number): ReturnType<typeof start> => {
      const state = start(OPEN, { numHumans: 3, humansToSurvive: 2, humanDeathsToWin: 3, roundLimit: 1, escapeTimeLimit: 'draw' });
      for (let h = 0; h < dead; h++) retire(state, 2 - h);
      const rec = recorder();
      quietRound(state, rec.sink);
      expect(lastEvent(rec.events, 'roundEnd')).toMatchObject({ round: 1, alive: 3 - dead });
      return state;
    };
    const one = end(1);
    expect([one.phase, one.winner, one.endCondition]).toEqual([Phase.Over, HUMANS, 'survived']);
    // Two dead: one alive of the two needed; the zombies win on time (escapeTimeLimit is the escape scenario's, no draw here).
    const two = end(2);
    expect([two.phase, two.endCondition]).toEqual([Phase.Over, 'timeLimit']);
    expect(game.returns(two)).toEqual([-1, 1]);
  });
});

describe('rules 32–33: where the carried human is put down', () => {
  /** Carrier 0 on (1,2) shoulders the wounded human 1 from (2,2); human 2 stands north of the carrier on (1,1). */
  function carrying(overrides: Parameters<typeof start>[1] = {}): ReturnType<typeof start> {
    const state = start(OPEN, { numHumans: 3, ...overrides });
    putHuman(state, 0, 1, 2);
    putHuman(state, 1, 2, 2);
    putHuman(state, 2, 1, 1);
    human(state, 1).wounds = 1;
    act(state, { kind: 'activate', human: 0 });
    act(state, { kind: 'carry', human: 1 });
    return state;
  }

  it('rule 33: a carrier who did not move puts him on the nearest empty cell, passing over a taken one', () => {
    const state = carrying();
    const rec = recorder();
    act(state, { kind: 'endActivation' }, rec.sink);
    // North of the carrier is human 2; east is the cell human 1 was lifted from.
    expect(human(state, 1).cell).toBe(cellAt(state, 2, 2));
    expect(lastEvent(rec.events, 'carryDrop')).toMatchObject({ carrier: 0, human: 1, cell: cellAt(state, 2, 2) });
    expect(lastEvent(rec.events, 'activationEnd')).toMatchObject({ human: 0, unspent: 3, reason: 'pass', round: 1 });
    expect(state.phase).toBe(Phase.ChooseHuman);
  });

  it('rule 33: a vacated cell taken since is skipped for the nearest empty one', () => {
    const state = carrying();
    act(state, { kind: 'move', dir: W }); // (1,2) → (0,2): (1,2) vacated
    addZombie(state, 1, 2); // taken again before the drop
    act(state, { kind: 'endActivation' });
    // From (0,2): north (0,1) is the first empty cell.
    expect(human(state, 1).cell).toBe(cellAt(state, 0, 1));
    expect(state.occupant[cellAt(state, 1, 2)]).not.toBe(1);
  });

  it('rule 33: with carryDropRule playerChoice the humans choose among the cells he vacated, most recent first', () => {
    const state = carrying({ carryDropRule: 'playerChoice' });
    act(state, { kind: 'move', dir: W }); // vacates (1,2)
    act(state, { kind: 'move', dir: S }); // vacates (0,2)
    act(state, { kind: 'endActivation' });
    expect(state.phase).toBe(Phase.DropCarried);
    expect(legalOfKind(state, 'dropAt').map((a) => a.cell)).toEqual([cellAt(state, 0, 2), cellAt(state, 1, 2)]);
    act(state, { kind: 'dropAt', cell: cellAt(state, 1, 2) });
    expect(human(state, 1).cell).toBe(cellAt(state, 1, 2));
    expect(state.phase).toBe(Phase.ChooseHuman);
    // A single vacated cell leaves nothing to choose: he is put there at once.
    const one = carrying({ carryDropRule: 'playerChoice' });
    act(one, { kind: 'move', dir: W });
    act(one, { kind: 'endActivation' });
    expect(one.phase).toBe(Phase.ChooseHuman);
    expect(human(one, 1).cell).toBe(cellAt(one, 1, 2));
  });
});

describe('rule 61: the escape figures at the end of a match', () => {
  /** An escape game of one round on a 3 × 2 map with 2 search spots searched twice each. */
  const MAP = ['+-+-+-+', '|Z ? ?|', '|     |', '|H . E|', '+-+-+-+'];
  function timeUp(prepare: (state: ReturnType<typeof start>) => void): ReturnType<typeof lastEvent<'matchEnd'>> {
    const state = start(MAP, { scenario: 'escape', escapeQuota: 1, roundLimit: 1, searchesPerSpot: 2 });
    prepare(state);
    const rec = recorder();
    quietRound(state, rec.sink);
    return lastEvent(rec.events, 'matchEnd');
  }

  it('rule 61: draws possible are the deal plus the searches, capped by the deck; the Keys are found when held, on the floor or out of the deck', () => {
    const none = timeUp(() => undefined);
    expect(none.escape).toMatchObject({ drawsPossible: 4, drawsMade: 0, keysFound: false });
    expect(timeUp((state) => human(state, 0).items.push(state.config.keysCard)).escape?.keysFound).toBe(true);
    expect(timeUp((state) => state.floorItems.push(cellAt(state, 1, 1), state.config.keysCard)).escape?.keysFound).toBe(true);
    // A floor item that is not the Keys, on the Keys' number as a cell: not found.
    expect(timeUp((state) => state.floorItems.push(state.config.keysCard, 0)).escape?.keysFound).toBe(false);
    expect(timeUp((state) => (state.deck[state.config.keysCard] = 0)).escape?.keysFound).toBe(true);
  });

  it('rule 60: a survive game reports no escape figures', () => {
    const state = start(OPEN, { roundLimit: 1 });
    const rec = recorder();
    quietRound(state, rec.sink);
    expect(lastEvent(rec.events, 'matchEnd').escape).toBeNull();
    expect(eventsOf(rec.events, 'matchEnd')).toHaveLength(1);
  });
});

describe('rules 16, 60 without an event sink', () => {
  it('rules 16, 60: a downing, a death and the end of the match play the same with no one listening for events', () => {
    const state = start(OPEN, { numHumans: 2, humanDeathsToWin: 1 });
    putHuman(state, 0, 2, 2);
    human(state, 0).wounds = 4;
    addZombie(state, 3, 2);
    zombieTurn(state, 0);
    act(state, { kind: 'zombieAttack', human: 0 });
    force(state, 6);
    expect(human(state, 0)).toMatchObject({ wounds: 5, downed: true, dead: false });
    act(state, { kind: 'zombieEnd' });
    // Two end-of-round checks without healing: he bleeds out, and one death is all the zombies need.
    quietRound(state);
    expect(human(state, 0).dead).toBe(true);
    expect([state.phase, state.endCondition]).toEqual([Phase.Over, 'kills']);
  });
});

describe('rules 17, 51: healing the downed, and a blast that wounds nobody', () => {
  it('rule 17: healing revives a downed human only once his wounds leave him an action', () => {
    const state = start(OPEN, { numHumans: 2 });
    putHuman(state, 0, 1, 2);
    putHuman(state, 1, 2, 2);
    Object.assign(human(state, 1), { wounds: 6, downed: true });
    const first = giveCard(state, 0, 'Bandage');
    const second = giveCard(state, 0, 'Bandage');
    act(state, { kind: 'activate', human: 0 });
    const rec = recorder();
    act(state, { kind: 'heal', card: first, human: 1 }, rec.sink);
    // 5 wounds: an allowance of 0, still downed.
    expect(human(state, 1)).toMatchObject({ wounds: 5, downed: true });
    expect(lastEvent(rec.events, 'heal')).toMatchObject({ human: 1, healed: 1, revived: false });
    act(state, { kind: 'heal', card: second, human: 1 }, rec.sink);
    expect(human(state, 1)).toMatchObject({ wounds: 4, downed: false });
    expect(lastEvent(rec.events, 'heal')).toMatchObject({ human: 1, healed: 1, revived: true });
  });

  it('rule 51: with blastHumanWounds 0 a blast wounds no human, and counts as no wound this round', () => {
    const state = start(BLAST, { numHumans: 3, blastHumanWounds: 0 });
    putHuman(state, 2, 3, 3);
    const dynamite = giveCard(state, 1, 'Dynamite');
    actNow(state, 1, 4);
    const rec = recorder();
    act(state, { kind: 'throw', card: dynamite, cell: cellAt(state, 4, 3) }, rec.sink);
    force(state, 4, rec.sink);
    expect(eventsOf(rec.events, 'wound')).toEqual([]);
    expect(state.humans.map((h) => [h.wounds, h.woundedThisRound])).toEqual([
      [0, false],
      [0, false],
      [0, false],
    ]);
  });
});

describe('rules 4, 19: what an active human may do to whom', () => {
  it('rules 4, 19, 31, 45, 49: carry, heal and give reach the orthogonal neighbours (human 0 among them), never the diagonal one', () => {
    // Human 1 acts on (2,2); wounded human 0 north on (2,1); wounded human 2 diagonally on (3,1).
    const state = start(OPEN, { numHumans: 3 });
    putHuman(state, 0, 2, 1);
    putHuman(state, 1, 2, 2);
    putHuman(state, 2, 3, 1);
    human(state, 0).wounds = 1;
    human(state, 2).wounds = 1;
    const bandage = giveCard(state, 1, 'Bandage');
    const knife = giveCard(state, 1, 'Kitchen knife');
    actNow(state, 1, 4);
    expect(legalOfKind(state, 'carry')).toEqual([{ kind: 'carry', human: 0 }]);
    expect(legalOfKind(state, 'heal')).toEqual([{ kind: 'heal', card: bandage, human: 0 }]);
    expect(legalOfKind(state, 'give').sort((a, b) => a.card - b.card)).toEqual(
      [
        { kind: 'give', card: bandage, human: 0 },
        { kind: 'give', card: knife, human: 0 },
      ].sort((a, b) => a.card - b.card),
    );
  });

  it('rule 49: a melee attack reaches an orthogonal zombie, never a diagonal one', () => {
    const state = start(OPEN);
    putHuman(state, 0, 2, 2);
    const knife = giveCard(state, 0, 'Kitchen knife');
    addZombie(state, 3, 1);
    addZombie(state, 2, 3);
    actNow(state, 0, 4);
    expect(legalOfKind(state, 'attack').sort((a, b) => a.card - b.card)).toEqual([
      { kind: 'attack', card: -1, cell: cellAt(state, 2, 3) },
      { kind: 'attack', card: knife, cell: cellAt(state, 2, 3) },
    ]);
  });
});

describe('rules 32, 53, 55: carrying costs, carrying and switching, removing barricades', () => {
  /** Carrier 1 on (1,2) next to wounded human 0 on (2,2), human 2 elsewhere. */
  function scene(overrides: Parameters<typeof start>[1] = {}): ReturnType<typeof start> {
    const state = start(OPEN, { numHumans: 3, ...overrides });
    putHuman(state, 1, 1, 2);
    putHuman(state, 0, 2, 2);
    putHuman(state, 2, 5, 4);
    human(state, 0).wounds = 1;
    act(state, { kind: 'activate', human: 1 });
    return state;
  }

  it('rule 32: carryMoveSurcharge is added to each step of a carrier, and only a carrier', () => {
    const state = scene({ carryMoveSurcharge: 1 });
    act(state, { kind: 'move', dir: N }); // not carrying: 1
    expect(human(state, 1).actionsLeft).toBe(3);
    act(state, { kind: 'move', dir: S }); // back south: 1
    act(state, { kind: 'carry', human: 0 }); // 1
    expect(human(state, 1).actionsLeft).toBe(1);
    expect(legalOfKind(state, 'move')).toEqual([]); // a step now costs 2
  });

  it('rule 32: with carryRequiresDowned only a downed human can be shouldered', () => {
    const state = scene({ carryRequiresDowned: true });
    expect(legalOfKind(state, 'carry')).toEqual([]);
    Object.assign(human(state, 0), { wounds: 5, downed: true });
    expect(legalOfKind(state, 'carry')).toEqual([{ kind: 'carry', human: 0 }]);
  });

  it('rule 9: with interleaveActivations the humans may switch, but not while one carries another (human 0 included)', () => {
    const state = scene({ interleaveActivations: true });
    expect(legalOfKind(state, 'activate').map((a) => a.human)).toEqual([0, 2]);
    act(state, { kind: 'carry', human: 0 });
    expect(legalOfKind(state, 'activate')).toEqual([]);
  });

  it('rule 55: a tool removes a barricade for its cost when that many actions are left; barricadeRemoveCostNoTool likewise without one', () => {
    const tool = start(OPEN);
    putHuman(tool, 0, 2, 2);
    const crowbar = giveCard(tool, 0, 'Crowbar');
    barricadeEdge(tool, edgeAt(tool, 2, 2, E));
    actNow(tool, 0, 2);
    expect(legalOfKind(tool, 'unbarricade')).toEqual([{ kind: 'unbarricade', dir: E, card: crowbar }]);
    actNow(tool, 0, 1);
    expect(legalOfKind(tool, 'unbarricade')).toEqual([]);
    const bare = start(OPEN, { barricadeRemoveCostNoTool: 2 });
    putHuman(bare, 0, 2, 2);
    barricadeEdge(bare, edgeAt(bare, 2, 2, W));
    actNow(bare, 0, 2);
    expect(legalOfKind(bare, 'unbarricade')).toEqual([{ kind: 'unbarricade', dir: W, card: -1 }]);
    actNow(bare, 0, 1);
    expect(legalOfKind(bare, 'unbarricade')).toEqual([]);
  });
});
