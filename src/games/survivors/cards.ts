/**
 * The Survivors item deck (section M) as data. A card's icons are fields, so a scenario can
 * change one card or the whole deck (`itemDeck`): the rules read only these fields, never a
 * card's name.
 *
 * Icons (rules 35–43): `killOn` [N], `knockbackOn` [€], `useOn` [!], `breakOn` [r with
 * numbers], `singleUse` [r alone], `range` [Å], `blast` [*], `specialCost` X with its effect.
 */
import { z } from 'zod';

/** Size on the card: large, small or "takes no space" (rule 35). */
export type ItemSize = 'large' | 'small' | 'none';

/** One kind of card and how many of it the deck holds. */
export interface ItemCard {
  readonly name: string;
  readonly count: number;
  readonly size: ItemSize;
  /** Die results on which an attack kills (rule 36); also the blast kill roll of an explosive. */
  readonly killOn: readonly number[];
  /** Die results on which an attack that did not kill pushes the zombie back (rule 37). */
  readonly knockbackOn: readonly number[];
  /** Natural die results on which the item is ruined (rule 40). */
  readonly breakOn: readonly number[];
  /**
   * Die results on which a use succeeds; empty means it always works (rules 39, 40). An attack's
   * natural roll is its use roll; a heal, a throw and a special property roll it apart. Only a
   * card with such a use may have it (`hasUse`).
   */
  readonly useOn: readonly number[];
  /** Discarded after one use (an attack, heal, throw or special property), worked or not (rule 41); only on a card with a use. */
  readonly singleUse: boolean;
  /** Firing or throwing range in cells; 0 is a melee weapon (rule 42). */
  readonly range: number;
  /** Explosion radius; above 0 the card is thrown, not fired (rules 43, 51). */
  readonly blast: number;
  /** A special property and its action cost (rule 38), or null. */
  readonly special: { readonly cost: number; readonly effect: 'removeBarricade' } | null;
  /** Wounds healed on yourself or an adjacent human (rule 66). */
  readonly heal: number;
  /** Extra inventory capacity while held (the Backpack). */
  readonly capacityBonus: number;
  /** Action cost of building a barricade while held (the Hammer), or null. */
  readonly barricadeCost: number | null;
  /** Event cards resolve when drawn and never enter an inventory (rule 67). */
  readonly event: 'nothing' | 'ambush' | null;
  /** The Car Keys of the escape scenario (rule 61). */
  readonly keys: boolean;
}

const dieFaces = z.array(z.number().int().min(1).max(6)).refine((faces) => new Set(faces).size === faces.length, {
  message: 'expected distinct die faces 1..6',
});

/** The schema of one card in a scenario; fields left out take the blank card's values. */
export const itemCardSchema = z
  .object({
    name: z.string().min(1),
    count: z.number().int().min(0),
    size: z.enum(['large', 'small', 'none']).default('small'),
    killOn: dieFaces.default([]),
    knockbackOn: dieFaces.default([]),
    breakOn: dieFaces.default([]),
    useOn: dieFaces.default([]),
    singleUse: z.boolean().default(false),
    range: z.number().int().min(0).default(0),
    blast: z.number().int().min(0).default(0),
    special: z.object({ cost: z.number().int().min(1), effect: z.literal('removeBarricade') }).strict().nullable().default(null),
    heal: z.number().int().min(0).default(0),
    capacityBonus: z.number().int().min(0).default(0),
    barricadeCost: z.number().int().min(1).nullable().default(null),
    event: z.enum(['nothing', 'ambush']).nullable().default(null),
    keys: z.boolean().default(false),
  })
  .strict();

const blank = {
  size: 'small',
  killOn: [],
  knockbackOn: [],
  breakOn: [],
  useOn: [],
  singleUse: false,
  range: 0,
  blast: 0,
  special: null,
  heal: 0,
  capacityBonus: 0,
  barricadeCost: null,
  event: null,
  keys: false,
} as const satisfies Omit<ItemCard, 'name' | 'count'>;

const card = (name: string, count: number, fields: Partial<ItemCard>): ItemCard => ({ ...blank, name, count, ...fields });
const range = (low: number, high: number): number[] => Array.from({ length: high - low + 1 }, (_, i) => low + i);

/** Section M: 34 cards (the Car Keys are added for the escape scenario only, rule 61). */
export const DEFAULT_ITEM_DECK: readonly ItemCard[] = [
  // Rule 63: melee weapons.
  card('Baseball bat', 3, { size: 'large', killOn: [5, 6], knockbackOn: [3, 4], breakOn: [1] }),
  card('Kitchen knife', 3, { size: 'small', killOn: [6], knockbackOn: [4, 5] }),
  card('Axe', 2, { size: 'large', killOn: range(4, 6), knockbackOn: [3], breakOn: [1], special: { cost: 2, effect: 'removeBarricade' } }),
  card('Crowbar', 2, { size: 'large', killOn: [6], knockbackOn: range(3, 5), special: { cost: 2, effect: 'removeBarricade' } }),
  card('Chainsaw', 1, { size: 'large', killOn: range(3, 6), breakOn: [1, 2] }),
  // Rule 64: ranged weapons.
  card('Pistol', 3, { size: 'small', range: 4, killOn: [5, 6], knockbackOn: [4], breakOn: [1] }),
  card('Shotgun', 2, { size: 'large', range: 2, killOn: range(4, 6), knockbackOn: [2, 3], breakOn: [1] }),
  card('Hunting rifle', 1, { size: 'large', range: 8, killOn: [5, 6], breakOn: [1] }),
  // Rule 65: explosives, all single-use.
  card('Dynamite', 2, { size: 'small', range: 2, useOn: range(2, 6), blast: 2, killOn: range(2, 6), singleUse: true }),
  card('Grenade', 1, { size: 'small', range: 4, useOn: range(2, 6), blast: 1, killOn: range(2, 6), singleUse: true }),
  // Rule 66: items.
  card('Bandage', 3, { size: 'none', singleUse: true, heal: 1 }),
  card('First-aid kit', 2, { size: 'small', singleUse: true, useOn: range(2, 6), heal: 2 }),
  card('Hammer & nails', 1, { size: 'small', barricadeCost: 1, killOn: [6], knockbackOn: [5] }),
  card('Backpack', 1, { size: 'none', capacityBonus: 2 }),
  // Rule 67: events.
  card('Nothing', 4, { size: 'none', event: 'nothing' }),
  card('Ambush', 3, { size: 'none', event: 'ambush' }),
];

/** The card the escape scenario adds to the bottom half of the deck (rule 61). */
export const CAR_KEYS: ItemCard = card('Car Keys', 1, { size: 'none', keys: true });

/** A card attacks (rules 36, 37) when it has kill or push faces and is not thrown. */
export const isWeapon = (item: ItemCard): boolean => item.blast === 0 && item.heal === 0 && (item.killOn.length > 0 || item.knockbackOn.length > 0);

/** A card is thrown (rule 51) when it has a blast radius. */
export const isExplosive = (item: ItemCard): boolean => item.blast > 0;

/**
 * A card is used (rules 39, 41, 46) when it attacks, heals, is thrown or has a special property:
 * only then do `useOn` and `singleUse` apply. The rest act while held (a barricade cost, a
 * capacity bonus, the Keys) or on the draw (events).
 */
export const hasUse = (item: ItemCard): boolean => item.event === null && (isWeapon(item) || item.heal > 0 || isExplosive(item) || item.special !== null);
