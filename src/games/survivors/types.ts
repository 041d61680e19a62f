/** Survivors state, actions and events. */
import type { ItemCard } from './cards.js';
import type { SurvivorsMap } from './map.js';
import type { WeaponOdds } from './odds.js';
import type { SurvivorsParams } from './parameters.js';

export const HUMANS = 0;
export const ZOMBIES = 1;

/** Where a match is; decides who acts and what is legal. */
export const Phase = {
  /** Chance: a card comes off the deck (setup deal or a search). */
  Draw: 0,
  /** Chance: a die roll; `pending.roll` says what it is for. */
  Roll: 1,
  /** Zombies: place the starting zombies on spawn points (rule 6). */
  PlaceInitial: 2,
  /** Humans: pick the next human to activate (rule 9). */
  ChooseHuman: 3,
  /** Humans: the active human's next action. */
  Act: 4,
  /** Humans: over capacity, drop an item (rule 44). */
  Discard: 5,
  /** Humans: where the carried human goes (rule 33, `playerChoice`). */
  DropCarried: 6,
  /** Zombies: where the ambush zombie goes (rule 59). */
  Ambush: 7,
  /** Zombies: spawn or stop (rule 57). */
  Spawn: 8,
  /** Zombies: the current zombie's next action (rule 56). */
  ZombieAct: 9,
  Over: 10,
} as const;
export type Phase = (typeof Phase)[keyof typeof Phase];

/** What a pending die roll decides. */
export const Roll = {
  /** Rule 28: one roll per zombie cell of a pass, in order. */
  Bite: 0,
  /** Rule 49: a human's attack. */
  Attack: 1,
  /** Rule 46: a healing item's use roll. */
  Heal: 2,
  /** Rule 51: an explosive's use roll. */
  Throw: 3,
  /** Rule 51: the kill roll for one zombie in a blast. */
  BlastKill: 4,
  /** Rule 56: a zombie attacks a human. */
  ZombieAttack: 5,
  /** Rule 56: a zombie attacks a barricade. */
  ZombieBreak: 6,
  /** Rules 38, 46: the use roll of a special property ("X: removes barricade") on a card with `useOn`. */
  Special: 7,
} as const;
export type Roll = (typeof Roll)[keyof typeof Roll];

export interface Human {
  /** Cell, or −1 when dead or carried. */
  cell: number;
  wounds: number;
  downed: boolean;
  dead: boolean;
  /** End-of-round checks survived while downed (rule 16). */
  bleed: number;
  /** Card ids held. */
  items: number[];
  /** Done for this round. */
  activated: boolean;
  /** Started this round (only matters with `interleaveActivations`). */
  started: boolean;
  /** Actions left in his activation; once it has ended, those he left unspent (lost, rule 9). */
  actionsLeft: number;
  woundedThisRound: boolean;
}

/** A die roll or card draw waiting for chance, with what it is about. */
export interface Pending {
  roll: Roll;
  human: number;
  /** Card id of the item involved, −1 unarmed. */
  card: number;
  /** Target cell (attack, throw), target human (heal), zombie index (zombie rolls), edge (break, special). */
  target: number;
  /** Bite: the cells of the pass line; blast: the zombie cells to roll for. */
  cells: number[];
  /** Position in `cells`. */
  index: number;
  /** Bite: the cost of the whole pass. Attack: the aim bonus applied. */
  amount: number;
  /** Draw: remaining setup cards to deal (−1 for a search). */
  dealLeft: number;
}

/** Constant per run: parameters, the compiled map and the deck with derived figures. */
export interface SurvivorsConfig {
  readonly params: SurvivorsParams;
  readonly map: SurvivorsMap;
  /** The deck's cards; in the escape scenario the Car Keys are last. */
  readonly cards: readonly ItemCard[];
  readonly keysCard: number;
  /** Draws before the Keys can come (the top half of the deck, rule 61). */
  readonly keysTopSize: number;
  readonly zombieCap: number;
}

export interface SurvivorsState {
  readonly config: SurvivorsConfig;
  /**
   * Names the board (edges, barricades, terrain) for the path-distance memo: renewed by the rules
   * whenever the board changes, kept by copies (see `paths.ts`). No rule reads it.
   */
  boardStamp: number;
  edges: number[];
  barricades: number[];
  terrain: number[];
  /** −1 empty, a human's index, or ZOMBIE_CELL. */
  occupant: number[];
  /** Zombie cells in activation order. */
  zombies: number[];
  /** 1 for zombies spawned in this zombie phase (parallel to `zombies`). */
  zombieFresh: number[];
  /**
   * Searches left on each search spot, in the map's `searchSpotCells` order (rule 45): one entry
   * a spot, not a cell, so a copy of the state copies a few numbers, not the whole board.
   */
  searchLeft: number[];
  /** Dropped items as [cell, card] pairs. */
  floorItems: number[];
  deck: number[];
  deckSize: number;
  drawsMade: number;
  discards: number[];
  barricadeTokens: number;
  humans: Human[];
  round: number;
  phase: Phase;
  active: number;
  aim: number;
  carrying: number;
  /** Cells the carrier left since the pickup, in order. */
  vacated: number[];
  zombieIndex: number;
  zombieActionsLeft: number;
  /**
   * Rule 58: the acting zombie's path distance to the nearest human when its current move began
   * (its turn's start, or its last attack); it must end the move no farther. Unreachable: free.
   */
  zombieMoveStart: number;
  zombieAttacksLeft: number;
  spawnsLeft: number;
  placementsLeft: number;
  pending: Pending;
  /** Cells where dead humans rise at the next zombie phase (rule 21). */
  rising: number[];
  deaths: number;
  winner: -1 | 0 | 1;
  endCondition: EndCondition | null;
}

export const ZOMBIE_CELL = 1000;

export type EndCondition = 'kills' | 'survived' | 'escape' | 'timeLimit';

export type SurvivorsAction =
  | { readonly kind: 'activate'; readonly human: number }
  | { readonly kind: 'move'; readonly dir: number }
  /** Rule 27: through one or more friends' cells, by the cheapest way, to the empty `cell`. */
  | { readonly kind: 'moveThrough'; readonly cell: number }
  /** Rule 47: drop an item on his cell, free. */
  | { readonly kind: 'drop'; readonly card: number }
  | { readonly kind: 'carry'; readonly human: number }
  | { readonly kind: 'attack'; readonly card: number; readonly cell: number }
  | { readonly kind: 'throw'; readonly card: number; readonly cell: number }
  | { readonly kind: 'heal'; readonly card: number; readonly human: number }
  | { readonly kind: 'give'; readonly card: number; readonly human: number }
  | { readonly kind: 'aim' }
  | { readonly kind: 'search' }
  | { readonly kind: 'pickUp'; readonly card: number }
  | { readonly kind: 'barricade'; readonly dir: number }
  | { readonly kind: 'unbarricade'; readonly dir: number; readonly card: number }
  | { readonly kind: 'endActivation' }
  | { readonly kind: 'discard'; readonly card: number }
  | { readonly kind: 'dropAt'; readonly cell: number }
  | { readonly kind: 'place'; readonly cell: number }
  | { readonly kind: 'stopSpawning' }
  | { readonly kind: 'zombieMove'; readonly dir: number }
  | { readonly kind: 'zombieAttack'; readonly human: number }
  | { readonly kind: 'zombieBreak'; readonly dir: number }
  | { readonly kind: 'zombieEnd' }
  | { readonly kind: 'die'; readonly value: number }
  | { readonly kind: 'draw'; readonly card: number };

/** Human action kinds as the action mix reports them (rule 19). */
export type HumanActionKind = 'move' | 'pass' | 'drop' | 'carry' | 'attack' | 'throw' | 'heal' | 'give' | 'aim' | 'search' | 'pickUp' | 'barricade' | 'unbarricade';

/** Exact chances of one attack roll (rules 36, 37, 39–41, 48). */
export interface AttackOdds {
  /** The use roll succeeds (its natural roll in `useOn`, or no `useOn`) and the modified roll kills. */
  readonly kill: number;
  /** The use roll succeeds and the modified roll pushes (no kill). */
  readonly push: number;
  /** The natural roll is a `breakOn` face: the card is ruined (rule 40). */
  readonly break: number;
  /** The card goes to the discard pile after this attack: 1 for a single-use card (rule 41), else `break`. */
  readonly discard: number;
}

/**
 * How an attack ended: `failedUse` when the card has `useOn` and the natural roll is not one of
 * them (rules 39–40: the use failed, no kill and no push); `miss` when the use worked (or there
 * was no use roll) and the roll neither kills nor pushes.
 */
export type AttackResult = 'kill' | 'push' | 'pushBlocked' | 'miss' | 'failedUse';

export type SurvivorsEvent =
  | { readonly type: 'action'; readonly human: number; readonly action: HumanActionKind; readonly cost: number; readonly round: number }
  | { readonly type: 'pass'; readonly human: number; readonly zombies: number; readonly bitten: boolean; readonly actionsLost: number; readonly round: number; readonly exactBitten: number }
  | {
      readonly type: 'attack';
      readonly human: number;
      readonly card: string;
      readonly roll: number;
      readonly aimed: boolean;
      readonly result: AttackResult;
      /** Ruined on a `breakOn` face of the natural roll (rule 40). */
      readonly broke: boolean;
      /** The card went to the discard pile: broken, or single-use (rule 41) whatever the roll. */
      readonly discarded: boolean;
      readonly ranged: boolean;
      readonly round: number;
      /** Exact chances of this attack from the card's icons and the aim bonus applied. */
      readonly exact: AttackOdds;
      /** The weapon's exact chances unaimed and aimed (for the report's per-weapon figures). */
      readonly weapon: WeaponOdds;
    }
  /**
   * A use of an item (rules 39, 46): every heal and throw, and the use roll of an attack or a
   * special property with a card that has `useOn` (one without works with no roll and no event).
   */
  | { readonly type: 'itemUse'; readonly human: number; readonly card: string; readonly roll: number; readonly success: boolean; readonly exactSuccess: number; readonly round: number }
  | { readonly type: 'blastKill'; readonly card: string; readonly roll: number; readonly killed: boolean; readonly exactKill: number }
  | { readonly type: 'wound'; readonly human: number; readonly wounds: number; readonly source: 'zombie' | 'bite' | 'blast'; readonly round: number }
  | { readonly type: 'downed'; readonly human: number; readonly round: number }
  | { readonly type: 'death'; readonly human: number; readonly cause: 'wound' | 'bleedOut'; readonly round: number }
  | { readonly type: 'heal'; readonly human: number; readonly healed: number; readonly revived: boolean; readonly round: number }
  | { readonly type: 'carry'; readonly carrier: number; readonly human: number; readonly round: number }
  | { readonly type: 'carryDrop'; readonly carrier: number; readonly human: number; readonly cell: number }
  | { readonly type: 'cardDrawn'; readonly human: number; readonly card: string; readonly setup: boolean }
  | { readonly type: 'itemDropped'; readonly human: number; readonly card: string; readonly reason: 'capacity' | 'death' | 'choice' }
  /**
   * A human's activation ended: `unspent` actions were left (lost, rule 9); `reason` says why it
   * ended: all spent, the player ended it (a pass), or a wound downed him.
   */
  | { readonly type: 'activationEnd'; readonly human: number; readonly unspent: number; readonly reason: 'spent' | 'pass' | 'downed'; readonly round: number }
  | { readonly type: 'barricadeBuilt'; readonly edge: number; readonly human: number; readonly round: number }
  | { readonly type: 'barricadeBroken'; readonly edge: number; readonly by: 'zombie' | 'blast' | 'human'; readonly round: number }
  | { readonly type: 'wallDestroyed'; readonly edge: number; readonly window: boolean; readonly round: number }
  | { readonly type: 'zombieAction'; readonly action: 'move' | 'attack' | 'break' | 'end'; readonly cost: number; readonly edge: number; readonly roll: number; readonly success: boolean; readonly round: number; readonly exactSuccess: number }
  | { readonly type: 'spawn'; readonly cell: number; readonly source: 'initial' | 'spawn' | 'ambush' | 'risen'; readonly round: number }
  | { readonly type: 'zombieKilled'; readonly cell: number; readonly by: 'attack' | 'blast'; readonly round: number }
  | { readonly type: 'roundEnd'; readonly round: number; readonly zombies: number; readonly alive: number }
  | {
      readonly type: 'matchEnd';
      readonly winner: 'humans' | 'zombies' | 'draw';
      readonly condition: EndCondition;
      readonly round: number;
      readonly deaths: number;
      /** Escape scenario only: where the Keys could be and how far the humans got (rule 61). */
      readonly escape: EscapeFigures | null;
    };

/**
 * The arithmetic of rule 61 for one match: the Keys lie uniformly among the bottom
 * `deck − keysTopSize` cards, so they can come only from draw `keysTopSize + 1` on; the humans
 * can draw at most `drawsPossible` cards (starting cards, then one per search left on the map).
 */
export interface EscapeFigures {
  /** Cards in the deck at the start, the Keys included. */
  readonly deck: number;
  /** Draws that can never hold the Keys (the top half). */
  readonly keysTopSize: number;
  /** Draws the humans could make at most: the starting deal plus every search the map allows, within the deck. */
  readonly drawsPossible: number;
  /** Draws made in this match. */
  readonly drawsMade: number;
  readonly keysFound: boolean;
}
