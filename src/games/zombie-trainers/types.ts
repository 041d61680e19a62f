/**
 * Zombie Trainers state, actions and events: plain data, flat typed arrays for the grid.
 */
import type { GrassMap } from './map.js';
import type { ZombieTrainersParams } from './parameters.js';

/** Everything fixed for a run, derived once from the parameters and shared by every state. */
export interface ZombieTrainersConfig {
  readonly params: ZombieTrainersParams;
  readonly map: GrassMap;
  /** Distinct trap rates of either trainer, ascending; a trainer's trap counts are indexed like this. */
  readonly trapRates: readonly number[];
  /** Per trainer (player 1, player 2): starting count per entry of `trapRates`. */
  readonly startingTrapCounts: readonly [readonly number[], readonly number[]];
  /** Per trainer: action points each turn (rule 10; a per-seat parameter for compensation). */
  readonly actionPoints: readonly [number, number];
  /** Per trainer: XP at the start (0 by the rules; a per-seat parameter for compensation). */
  readonly startXp: readonly [number, number];
}

/** A zombie a trainer owns (rule 6): it keeps the health and attack it had when caught. */
export interface OwnedZombie {
  health: number;
  attack: number;
}

export interface Trainer {
  /** Cell index `y * width + x`. */
  cell: number;
  xp: number;
  /** Traps left per entry of `config.trapRates`. */
  trapCounts: number[];
  trapsLeft: number;
  /** Living owned zombies, in the order they were caught. */
  owned: OwnedZombie[];
}

/** What the state waits for. Decisions, or one of the chance nodes in the order they come. */
export const Phase = {
  Decision: 0,
  CatchAggressive: 1,
  CatchDefensive: 2,
  CatchRoll: 3,
  AttackAggressive: 4,
  AttackDefensive: 5,
  SpawnCell: 6,
  SpawnHealth: 7,
  SpawnAttack: 8,
  Over: 9,
} as const;
export type Phase = (typeof Phase)[keyof typeof Phase];

/** Why a match ended. */
export type EndReason = 'trapsExhausted' | 'maxRounds';

export interface ZombieTrainersState {
  readonly config: ZombieTrainersConfig;
  /**
   * Health of the wild zombie on each cell; 0 where there is none. Plain arrays of small
   * integers, not typed arrays: search clones a state at every iteration, and copying a plain
   * array of 100 cells costs a tenth of allocating a typed array with its own buffer.
   */
  wildHealth: number[];
  /** Attack of the wild zombie on each cell. */
  wildAttack: number[];
  wildCount: number;
  /**
   * The cells holding a wild zombie, ascending (`wildCount` of them): the heuristic's distance
   * pass reads these few rather than every cell of the map. The rules keep it beside
   * `wildHealth`; a hand-built state places zombies with `placeWildZombie` to keep it so.
   */
  wildCells: number[];
  trainers: [Trainer, Trainer];
  /** Seat whose turn it is (0 = player 1). */
  current: 0 | 1;
  actionPoints: number;
  /** 1-based; a round is player 1's turn then player 2's. */
  round: number;
  /** 1-based count of turns started. */
  turn: number;
  phase: Phase;
  /** Spawns still to place before the first turn (rule 8). */
  setupSpawnsLeft: number;
  /** The action being resolved by the current chance node. */
  pending: {
    /** Target cell of a catch or attack; spawn cell during a spawn. */
    cell: number;
    /** Index into `config.trapRates` of the trap in use. */
    trapIndex: number;
    /** Index into the trainer's `owned` of the attacking zombie. */
    ownedIndex: number;
    aggressive: number;
    defensive: number;
    /** Health drawn for the zombie being spawned. */
    health: number;
  };
  /** Seat of the winner once over, else -1. */
  winner: -1 | 0 | 1;
  /** The winner won only through rule 28 (equal XP). */
  tieDecided: boolean;
  endReason: EndReason | null;
}

/** A decision or a chance outcome. */
export type ZombieTrainersAction =
  /** Move to (x, y), `steps` cells away along the shortest grass path (rule 13). */
  | { readonly kind: 'move'; readonly x: number; readonly y: number; readonly steps: number }
  /** Try to catch the wild zombie at (x, y) with a trap of rate `trapRate` (rules 15 to 19). */
  | { readonly kind: 'catch'; readonly x: number; readonly y: number; readonly trapRate: number }
  /** Attack the wild zombie at (x, y) with owned zombie number `zombie` (rules 20 to 24). */
  | { readonly kind: 'attack'; readonly zombie: number; readonly x: number; readonly y: number }
  /** End the turn (rule 10). */
  | { readonly kind: 'endTurn' }
  /** A chance outcome: a die face, R, a spawn cell index, a health or attack value. */
  | { readonly kind: 'chance'; readonly value: number };

export type ZombieTrainersEvent =
  | {
      readonly type: 'spawn';
      readonly x: number;
      readonly y: number;
      readonly health: number;
      readonly attack: number;
      /** Placed at setup (rule 8) rather than at a turn's end (rule 25). */
      readonly initial: boolean;
      readonly round: number;
    }
  | {
      readonly type: 'move';
      readonly seat: number;
      readonly round: number;
      readonly turn: number;
      readonly fromX: number;
      readonly fromY: number;
      readonly x: number;
      readonly y: number;
      readonly steps: number;
      readonly cost: number;
    }
  | {
      readonly type: 'catch';
      readonly seat: number;
      readonly round: number;
      readonly turn: number;
      readonly trapRate: number;
      readonly aggressive: number;
      readonly defensive: number;
      readonly roll: number;
      readonly success: boolean;
      readonly zombieHealth: number;
      readonly zombieAttack: number;
      readonly trapsLeft: number;
    }
  | {
      readonly type: 'attack';
      readonly seat: number;
      readonly round: number;
      readonly turn: number;
      readonly aggressive: number;
      readonly defensive: number;
      /** Damage dealt to the wild zombie (0 when D > A). */
      readonly damageToWild: number;
      /** Damage dealt to the trainer's zombie (0 when A > D). */
      readonly damageToOwned: number;
      readonly killed: boolean;
      readonly ownedDied: boolean;
      readonly xpGained: number;
    }
  | { readonly type: 'turnEnd'; readonly seat: number; readonly round: number; readonly turn: number; readonly spectator: boolean }
  | {
      readonly type: 'matchEnd';
      /** Seat of the winner (0 = player 1). */
      readonly winner: number;
      readonly xp: readonly [number, number];
      /** Equal XP: player 1 won by rule 28 alone. */
      readonly tieDecided: boolean;
      /** Ended by the round cap (rule 29), not by traps running out. */
      readonly capped: boolean;
      readonly rounds: number;
      readonly turns: number;
    };
