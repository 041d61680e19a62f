/** Integer Duel state, actions and events: plain data, card multisets as count arrays. */
import type { Card } from './cards.js';
import type { IntegerDuelParams } from './parameters.js';

/** Seat 0 plays Plants, seat 1 Zombies. */
export const PLANTS = 0;
export const ZOMBIES = 1;
export type Side = 0 | 1;

/** Everything fixed for a run, derived once from the parameters. */
export interface IntegerDuelConfig {
  readonly params: IntegerDuelParams;
  /** Every card that occurs in either deck; a card's id is its index. */
  readonly cards: readonly Card[];
  /** Starting library of each side, as counts per card id. */
  readonly decks: readonly [readonly number[], readonly number[]];
}

export const Phase = {
  /** Chance: the coin for the first starter (rule 7). */
  Coin: 0,
  /** Chance: the opening hands, a card at a time (rule 6). */
  Deal: 1,
  /** Chance: the current side's die throw (rule 8). */
  Throw: 2,
  /** Decision: where the current side draws its next card from (rule 8). */
  Draw: 3,
  /** Chance: which card the library gives (a uniformly random remaining card: a shuffled deck). */
  LibraryCard: 4,
  /** Decision: the current side plays a card or passes (rule 10). */
  Play: 5,
  Over: 6,
} as const;
export type Phase = (typeof Phase)[keyof typeof Phase];

/** A combatant on the table with the spells played on it, in order. */
export interface TableEntry {
  card: number;
  /** The side that played the combatant. */
  side: Side;
  spells: number[];
  /** Its current value: the base value with every spell applied in order. */
  value: number;
}

export interface IntegerDuelState {
  readonly config: IntegerDuelConfig;
  /** Counts per card id. Libraries are unordered here: drawing takes a uniformly random card. */
  libraries: [number[], number[]];
  librarySizes: [number, number];
  hands: [number[], number[]];
  handSizes: [number, number];
  cemeteries: [number[], number[]];
  /** Cards each side is publicly known to hold: taken from its cemetery and not seen played since. */
  knownInHand: [number[], number[]];
  table: TableEntry[];
  phase: Phase;
  /** 1-based round number. */
  round: number;
  /** Who started round 1; -1 until the coin falls. */
  firstStarter: -1 | Side;
  starter: Side;
  /** The side throwing, drawing or playing now. */
  current: Side;
  /** Opening cards still to deal to each side. */
  dealLeft: [number, number];
  /** This round's throws (0 before throwing). */
  throws: [number, number];
  /** Cards the current side may still draw this round. */
  drawsLeft: number;
  played: [number, number];
  /** A side that passed, or played as many cards as its throw. */
  done: [boolean, boolean];
  /** Rule 15: a library was empty at the start of this round, so it is the last. */
  lastRound: boolean;
  /** Plants' points (≥ 0) and Zombies' points (≤ 0), summed over the rounds each won. */
  points: [number, number];
  tieRounds: number;
  /** 0 Plants, 1 Zombies, -1 a draw; set when over. */
  winner: -1 | Side;
  capped: boolean;
}

export type IntegerDuelAction =
  /** Draw the next card from the library (its identity is the chance outcome that follows). */
  | { readonly kind: 'drawLibrary' }
  /** Draw a card of this id from the own cemetery. */
  | { readonly kind: 'drawCemetery'; readonly card: number }
  /** Put a combatant of this id on the table. */
  | { readonly kind: 'combatant'; readonly card: number }
  /** Cast a spell of this id on the table entry at `target`. */
  | { readonly kind: 'spell'; readonly card: number; readonly target: number }
  /** End this side's plays for the round (rule 10). */
  | { readonly kind: 'pass' }
  /** Chance outcomes: a coin side, a die face, or a card id from a library. */
  | { readonly kind: 'chance'; readonly value: number };

export type IntegerDuelEvent =
  | { readonly type: 'starter'; readonly side: Side }
  | { readonly type: 'throw'; readonly side: Side; readonly round: number; readonly value: number }
  | { readonly type: 'cardDrawn'; readonly side: Side; readonly round: number; readonly card: string; readonly from: 'library' | 'cemetery'; readonly opening: boolean }
  | {
      readonly type: 'cardPlayed';
      readonly side: Side;
      readonly round: number;
      readonly card: string;
      readonly kind: 'combatant' | 'spell';
      /** The combatant a spell was cast on, and whose it was. */
      readonly target: string | null;
      readonly targetSide: Side | null;
      /** The target's value before and after (for a combatant: 0 and its value). */
      readonly valueBefore: number;
      readonly valueAfter: number;
      /** The round's value (sum of the table) before and after. */
      readonly roundValueBefore: number;
      readonly roundValueAfter: number;
    }
  | { readonly type: 'pass'; readonly side: Side; readonly round: number }
  | {
      readonly type: 'roundStart';
      readonly round: number;
      readonly starter: Side;
      readonly last: boolean;
      /** Cards each side holds as play begins (names with counts), for "held but not played". */
      readonly held: readonly [Readonly<Record<string, number>>, Readonly<Record<string, number>>];
    }
  | {
      readonly type: 'roundScored';
      readonly round: number;
      readonly starter: Side;
      readonly value: number;
      /** -1 for a tie: the table carries over (rule 13). */
      readonly winner: -1 | Side;
      readonly cards: number;
      readonly points: readonly [number, number];
    }
  | {
      readonly type: 'matchEnd';
      readonly winner: -1 | Side;
      readonly points: readonly [number, number];
      readonly rounds: number;
      readonly tieRounds: number;
      readonly capped: boolean;
      readonly firstStarter: Side;
    };

/** What one side may see (rule 18): its own hand, and everything public. */
export interface IntegerDuelObservation {
  readonly side: Side;
  readonly hand: readonly number[];
  readonly opponentHandSize: number;
  readonly opponentKnownCards: readonly number[];
  readonly librarySizes: readonly [number, number];
  readonly cemeteries: readonly [readonly number[], readonly number[]];
  readonly table: readonly TableEntry[];
  readonly phase: Phase;
  readonly round: number;
  readonly starter: Side;
  readonly current: Side;
  readonly throws: readonly [number, number];
  readonly played: readonly [number, number];
  readonly done: readonly [boolean, boolean];
  readonly lastRound: boolean;
  readonly points: readonly [number, number];
}
