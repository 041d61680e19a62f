/**
 * Survivors' `chanceGroups` on hand-built rolls of every kind: die faces that decide a roll alike
 * share a group (numbered by first appearance), as the rule's faces say; and, checked against the
 * states themselves, faces of one group leave equal states and faces of two groups do not (every
 * face applied to a copy, the copies compared field by field). Search applies one face per group.
 */
import { describe, expect, it } from 'vitest';
import { defaultParameters } from '../src/core/parameters.js';
import { DEFAULT_ITEM_DECK, Phase, Roll, type SurvivorsState } from '../src/games/survivors/index.js';
import { BLAST, E, HOUSE, OPEN, W, act, actNow, addZombie, barricadeEdge, edgeAt, force, game, giveCard, groupsAt, human, makeParams, putHuman, start, zombieTurn } from './fixtures/survivors-scene.js';


/** Human 0 on (2,2) with `card` (null: unarmed) and 4 actions, a zombie east of him; aimed first when asked. */
function attack(card: string | null, aimed = false): SurvivorsState {
  const state = start(OPEN);
  putHuman(state, 0, 2, 2);
  const id = card === null ? -1 : giveCard(state, 0, card);
  const zombie = addZombie(state, 3, 2);
  actNow(state, 0, 4);
  if (aimed) act(state, { kind: 'aim' });
  act(state, { kind: 'attack', card: id, cell: zombie });
  return state;
}

/** Human 1 throws Dynamite (use on 2–6, kills on 2–6) at (4,3), zombies in the blast. */
function dynamite(overrides: Parameters<typeof start>[1] = {}): SurvivorsState {
  const state = start(BLAST, { numHumans: 3, ...overrides });
  putHuman(state, 2, 3, 3);
  const card = giveCard(state, 1, 'Dynamite');
  addZombie(state, 5, 2);
  addZombie(state, 2, 4);
  actNow(state, 1, 4);
  act(state, { kind: 'throw', card, cell: state.config.map.width * 3 + 4 });
  return state;
}

describe('Survivors chance groups, rule by rule', () => {
  it('rule 28: a pass bites on the crossBiteOn faces, and every other face lets him on', () => {
    const pass = (crossBiteOn: number[]): SurvivorsState => {
      const state = start(OPEN, { crossBiteOn });
      putHuman(state, 0, 1, 2);
      addZombie(state, 2, 2);
      actNow(state, 0, 4);
      act(state, { kind: 'move', dir: E });
      return state;
    };
    expect(groupsAt(pass([6]), Roll.Bite)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(groupsAt(pass([1, 6]), Roll.Bite)).toEqual([0, 1, 1, 1, 1, 0]);
  });

  it('rules 36, 37, 40, 49: an attack\'s faces by kill, push and break: unarmed, aimed, a weapon that breaks, one that never pushes', () => {
    // Unarmed: 1–3 miss, 4–5 push, 6 kill.
    expect(groupsAt(attack(null), Roll.Attack)).toEqual([0, 0, 0, 1, 1, 2]);
    // Aimed (+1): 1–2 miss, 3–4 push, 5–6 kill.
    expect(groupsAt(attack(null, true), Roll.Attack)).toEqual([0, 0, 1, 1, 2, 2]);
    // Baseball bat: 1 misses and breaks, 2 misses, 3–4 push, 5–6 kill.
    expect(groupsAt(attack('Baseball bat'), Roll.Attack)).toEqual([0, 1, 2, 2, 3, 3]);
    // Chainsaw: 1–2 break, 3–6 kill.
    expect(groupsAt(attack('Chainsaw'), Roll.Attack)).toEqual([0, 0, 1, 1, 1, 1]);
  });

  it('rules 39, 46: a healing roll by its use faces; a kit that also breaks on a failed face splits the failures', () => {
    const heal = (overrides: Parameters<typeof start>[1] = {}): SurvivorsState => {
      const state = start(OPEN, overrides);
      const kit = giveCard(state, 0, 'First-aid kit');
      human(state, 0).wounds = 2;
      actNow(state, 0, 4);
      act(state, { kind: 'heal', card: kit, human: 0 });
      return state;
    };
    expect(groupsAt(heal(), Roll.Heal)).toEqual([0, 1, 1, 1, 1, 1]);
    // A reusable kit that works on 4–6 and breaks on a failed 1.
    const deck = DEFAULT_ITEM_DECK.map((card) => (card.name === 'First-aid kit' ? { ...card, singleUse: false, useOn: [4, 5, 6], breakOn: [1] } : card));
    expect(groupsAt(heal({ itemDeck: deck }), Roll.Heal)).toEqual([0, 1, 1, 2, 2, 2]);
  });

  it('rules 43, 51: a throw by its use faces, then each zombie in the blast by its kill faces', () => {
    const state = dynamite();
    expect(groupsAt(state, Roll.Throw)).toEqual([0, 1, 1, 1, 1, 1]);
    force(state, 4);
    expect(groupsAt(state, Roll.BlastKill)).toEqual([0, 1, 1, 1, 1, 1]);
    force(state, 1);
    expect(groupsAt(state, Roll.BlastKill)).toEqual([0, 1, 1, 1, 1, 1]);
  });

  it('rule 51: a blast wide enough to take a fresh board stamp on every throw leaves each use face its own state', () => {
    const deck = DEFAULT_ITEM_DECK.map((card) => (card.name === 'Dynamite' ? { ...card, blast: 4096 } : card));
    expect(groupsAt(dynamite({ itemDeck: deck }), Roll.Throw)).toEqual([0, 1, 2, 3, 4, 5]);

  });

  it('rule 56: a zombie\'s attack wounds on zombieHitOn, its blow on a barricade breaks it on barricadeBreakOn', () => {
    const hit = start(OPEN);
    putHuman(hit, 0, 2, 2);
    addZombie(hit, 3, 2);
    zombieTurn(hit, 0);
    act(hit, { kind: 'zombieAttack', human: 0 });
    expect(groupsAt(hit, Roll.ZombieAttack)).toEqual([0, 0, 0, 1, 1, 1]);
    const barred = start(HOUSE);
    barricadeEdge(barred, edgeAt(barred, 1, 1, E));
    addZombie(barred, 2, 1);
    zombieTurn(barred, 0);
    act(barred, { kind: 'zombieBreak', dir: W });
    expect(groupsAt(barred, Roll.ZombieBreak)).toEqual([0, 0, 0, 0, 1, 1]);
  });

  it('rule 51: a blast reaches its own radius\'s cells, whatever blasts of another radius were set off on that cell before under the same parameters', () => {
    const params = makeParams(OPEN, { numHumans: 2 });
    for (const order of [
      ['Grenade', 'Dynamite'],
      ['Dynamite', 'Grenade'],
    ]) {
      for (const name of order) {
        const state = game.setup(params);
        putHuman(state, 0, 1, 2);
        putHuman(state, 1, 5, 2);
        const card = giveCard(state, 0, name);
        actNow(state, 0, 4);
        act(state, { kind: 'throw', card, cell: state.config.map.width * 2 + 3 });
        force(state, 4);
        // (5,2) is 2 from the target: in the Dynamite's blast (radius 2), not the Grenade's (1).
        expect(human(state, 1).wounds, `${name} after ${order.join(', ')}`).toBe(name === 'Dynamite' ? 1 : 0);
      }
    }
  });

  it('every card a draw can bring is its own group', () => {
    // The default setup deals starting cards first.
    const state = game.setup(defaultParameters(game.parameters));
    expect(state.phase).toBe(Phase.Draw);
    const count = game.chanceOutcomes(state).length;
    expect(count).toBeGreaterThan(5);
    expect(game.chanceGroups!(state)).toEqual(Array.from({ length: count }, (_, i) => i));
  });
});
