/**
 * Survivors rules 44–47 and 52–55: inventory, giving, using, picking up and dropping items,
 * searching, and building, holding and removing barricades. Hand-built positions, forced dice.
 */
import { describe, expect, it } from 'vitest';
import { OPEN, act, actNow, cellAt, giveCard, human, lastEvent, putHuman, recorder, start } from './fixtures/survivors-scene.js';

describe('rule 47: pick up and drop', () => {
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
    expect(state.active).toBe(0);
  });
});
