/**
 * A hand-specialised Zombie Trainers random-vs-random playout: the speed limit the engine is
 * measured against (`npm run bench`, `zombie-trainers.random-vs-random.hand-written`).
 *
 * It plays the same rules (shared/rules/zombie-trainers.md, as `src/games/zombie-trainers/`
 * reads them) with none of the generality of the game contract: the grid as one bitmask per
 * row, breadth-first search as bitmask dilation, no action objects (the k-th legal action is
 * found by counting), no events, no clones. It draws from the same streams in the same order as
 * `playMatch` with two random agents (the chance stream for every die and spawn, each seat's
 * stream for a choice among two or more actions), so each match ends exactly as the engine's
 * does; `tests/zombie-trainers-playout.test.ts` checks that match for match.
 *
 * Limits: maps up to 31 cells wide (a row is one 32-bit word) and `blockingUnits` on or off;
 * it refuses anything else rather than play a different game.
 */
import { matchSeed, matchStream, type Rng } from '../src/core/rng.js';
import { CHANCE_STREAM, seatStream } from '../src/core/match-runner.js';
import { CATCH_XP, DICE_DIFFERENCE_WEIGHT, DIE_SIDES, HIT_XP, KILL_XP, ROLL_MAX } from '../src/games/zombie-trainers/constants.js';
import { configFor } from '../src/games/zombie-trainers/rules.js';
import type { ZombieTrainersParams } from '../src/games/zombie-trainers/parameters.js';

/** How one match ended: enough to compare with the engine's. */
export interface PlayoutResult {
  readonly winner: 0 | 1;
  readonly xp: readonly [number, number];
  readonly rounds: number;
  readonly turns: number;
  readonly capped: boolean;
}

const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};
/** Index of the lowest set bit. */
const lowestBit = (x: number): number => 31 - Math.clz32(x & -x);

/** A reusable player of random-vs-random matches for one parameter set. */
export class HandWrittenPlayout {
  private readonly width: number;
  private readonly height: number;
  private readonly grassRows: Int32Array;
  private readonly grassCount: number;
  private readonly trapRates: Int32Array;
  private readonly startingTraps: Int32Array;
  /** The parameters with one value for both trainers (the only ones this playout takes). */
  private readonly params: ZombieTrainersParams & { readonly actionPoints: number };
  private readonly maxSteps: number;
  // Match state, reset by each match.
  private readonly wildRows: Int32Array;
  private readonly wildHealth: Int32Array;
  private readonly wildAttack: Int32Array;
  private wildCount = 0;
  private readonly cell = new Int32Array(2);
  private readonly xp = new Int32Array(2);
  private readonly traps: Int32Array;
  private readonly trapsLeft = new Int32Array(2);
  /** Owned zombies per seat, in catch order: health and attack, `ownedCount` of each. */
  private readonly ownedHealth: Int32Array[];
  private readonly ownedAttack: Int32Array[];
  private readonly ownedCount = new Int32Array(2);
  // Search scratch: one reachable mask per step count, per row.
  private readonly layers: Int32Array;
  private readonly passable: Int32Array;
  private readonly targetRows: Int32Array;
  /** What the last `reach` searched: its step count and start cell. */
  private searchedSteps = 0;
  private searchStart = 0;

  constructor(params: ZombieTrainersParams) {
    const config = configFor(params);
    const { map } = config;
    if (map.width > 31) throw new RangeError('the hand-written playout takes maps up to 31 cells wide');
    // Per-trainer values (compensation) are another game than the symmetric one played here.
    if (Array.isArray(params.actionPoints) || Array.isArray(params.traps) || params.startXp !== 0) {
      throw new RangeError('the hand-written playout takes the symmetric rules: one actionPoints and traps for both trainers, startXp 0');
    }
    this.params = { ...params, actionPoints: params.actionPoints };
    this.width = map.width;
    this.height = map.height;
    this.grassRows = new Int32Array(map.height);
    for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) if (map.grass[y * map.width + x] === 1) this.grassRows[y] = (this.grassRows[y] as number) | (1 << x);
    this.grassCount = map.grassCells.length;
    this.trapRates = Int32Array.from(config.trapRates);
    this.startingTraps = Int32Array.from(config.startingTrapCounts[0]);
    this.traps = new Int32Array(2 * this.trapRates.length);
    const totalTraps = this.startingTraps.reduce((a, b) => a + b, 0);
    this.ownedHealth = [new Int32Array(totalTraps), new Int32Array(totalTraps)];
    this.ownedAttack = [new Int32Array(totalTraps), new Int32Array(totalTraps)];
    this.maxSteps = Math.floor(this.params.actionPoints / params.moveCost);
    this.layers = new Int32Array((this.maxSteps + 1) * map.height);
    this.passable = new Int32Array(map.height);
    this.targetRows = new Int32Array(map.height);
    this.wildRows = new Int32Array(map.height);
    this.wildHealth = new Int32Array(map.width * map.height);
    this.wildAttack = new Int32Array(map.width * map.height);
  }

  /** Plays match `matchIndex` of run `runSeed`, as `playMatch` would with two random agents. */
  play(runSeed: number, matchIndex: number): PlayoutResult {
    const seed = matchSeed(runSeed, matchIndex);
    const chance = matchStream(seed, CHANCE_STREAM);
    const agents = [matchStream(seed, seatStream(0)), matchStream(seed, seatStream(1))] as const;
    const { params } = this;
    this.wildRows.fill(0);
    this.wildHealth.fill(0);
    this.wildAttack.fill(0);
    this.wildCount = 0;
    const grass = configFor(params).map.grassCells;
    this.cell[0] = grass[0] as number;
    this.cell[1] = grass[grass.length - 1] as number;
    this.xp.fill(0);
    const rates = this.trapRates.length;
    for (let seat = 0; seat < 2; seat++) {
      for (let i = 0; i < rates; i++) this.traps[seat * rates + i] = this.startingTraps[i] as number;
      this.trapsLeft[seat] = this.startingTraps.reduce((a, b) => a + b, 0);
      this.ownedCount[seat] = 0;
    }
    // Rule 8: the starting zombies.
    for (let left = params.initialWildZombies; left > 0 && this.freeCells() > 0; left--) this.spawn(chance);

    let round = 1;
    let turn = 1;
    for (let seat: 0 | 1 = 0; ; ) {
      let points = params.actionPoints;
      // One turn: decisions until the trainer ends it (rule 26: a spectator only ends it).
      for (;;) {
        const agent = agents[seat];
        let moveCount = 0;
        const steps = Math.floor(points / params.moveCost);
        if ((this.trapsLeft[seat] as number) > 0 && steps >= 1) {
          this.reach(seat, steps);
          moveCount = this.countReached();
        }
        let targetCount = 0;
        let catchKinds = 0;
        let attackKinds = 0;
        if ((this.trapsLeft[seat] as number) > 0) {
          const canCatch = points >= params.catchCost;
          const canAttack = points >= params.attackCost && (this.ownedCount[seat] as number) > 0;
          if (canCatch || canAttack) {
            targetCount = this.targets(seat);
            if (canCatch) for (let i = 0; i < rates; i++) if ((this.traps[seat * rates + i] as number) > 0) catchKinds++;
            if (canAttack) attackKinds = this.ownedCount[seat] as number;
          }
        }
        const total = moveCount + targetCount * (catchKinds + attackKinds) + 1;
        const choice = total === 1 ? 0 : agent.int(total);
        if (choice === total - 1) break; // end the turn
        if (choice < moveCount) {
          points -= this.moveToReached(seat, choice) * params.moveCost;
          continue;
        }
        const rest = choice - moveCount;
        const perTarget = catchKinds + attackKinds;
        const target = this.nthTarget(Math.floor(rest / perTarget));
        const within = rest % perTarget;
        if (within < catchKinds) {
          points -= params.catchCost;
          let rateIndex = -1;
          for (let i = 0, seen = -1; i < rates; i++) if ((this.traps[seat * rates + i] as number) > 0 && ++seen === within) rateIndex = i;
          if (this.resolveCatch(seat, target, rateIndex, chance)) {
            // Rule 27: the last trap of the last trainer ends the match at once.
            return this.finish(round, turn, false);
          }
        } else {
          points -= params.attackCost;
          this.resolveAttack(seat, target, within - catchKinds, chance);
        }
      }
      // Rules 10, 25 and 29.
      if (seat === 1 && round >= params.maxRounds) return this.finish(round, turn, true);
      if (this.wildCount < params.maxWildZombies && this.freeCells() > 0) this.spawn(chance);
      if (seat === 1) {
        seat = 0;
        round++;
      } else {
        seat = 1;
      }
      turn++;
    }
  }

  private finish(rounds: number, turns: number, capped: boolean): PlayoutResult {
    const xp0 = this.xp[0] as number;
    const xp1 = this.xp[1] as number;
    return { winner: xp0 >= xp1 ? 0 : 1, xp: [xp0, xp1], rounds, turns, capped };
  }

  private freeCells(): number {
    const a = this.cell[0] as number;
    const b = this.cell[1] as number;
    let occupied = this.wildCount;
    if (this.wildHealth[a] === 0) occupied++;
    if (b !== a && this.wildHealth[b] === 0) occupied++;
    return this.grassCount - occupied;
  }

  /** Rules 8 and 25: a uniformly chosen free grass cell, then health, then attack. */
  private spawn(chance: Rng): void {
    let k = chance.int(this.freeCells());
    const a = this.cell[0] as number;
    const b = this.cell[1] as number;
    const width = this.width;
    let cell = -1;
    for (let y = 0; y < this.height && cell < 0; y++) {
      let free = (this.grassRows[y] as number) & ~(this.wildRows[y] as number);
      if (((a / width) | 0) === y) free &= ~(1 << (a % width));
      if (((b / width) | 0) === y) free &= ~(1 << (b % width));
      const count = popcount(free);
      if (k >= count) {
        k -= count;
        continue;
      }
      for (; k > 0; k--) free &= free - 1;
      cell = y * width + lowestBit(free);
    }
    const [healthLow, healthHigh] = this.params.zombieHealth;
    const [attackLow, attackHigh] = this.params.zombieAttack;
    const health = chance.intBetween(healthLow, healthHigh);
    const attack = chance.intBetween(attackLow, attackHigh);
    this.wildHealth[cell] = health;
    this.wildAttack[cell] = attack;
    const row = (cell / width) | 0;
    this.wildRows[row] = (this.wildRows[row] as number) | (1 << cell % width);
    this.wildCount++;
  }

  private removeWild(cell: number): void {
    this.wildHealth[cell] = 0;
    this.wildAttack[cell] = 0;
    const row = (cell / this.width) | 0;
    this.wildRows[row] = (this.wildRows[row] as number) & ~(1 << cell % this.width);
    this.wildCount--;
  }

  /** Rules 12 to 14 as bitmask dilation: layer k holds the cells within k steps. */
  private reach(seat: 0 | 1, steps: number): void {
    const { width, height, layers, passable } = this;
    const start = this.cell[seat] as number;
    const other = this.cell[seat === 0 ? 1 : 0] as number;
    const blocking = this.params.blockingUnits;
    for (let y = 0; y < height; y++) passable[y] = blocking ? (this.grassRows[y] as number) & ~(this.wildRows[y] as number) : (this.grassRows[y] as number);
    const otherRow = (other / width) | 0;
    if (blocking) passable[otherRow] = (passable[otherRow] as number) & ~(1 << other % width);
    layers.fill(0, 0, height);
    const startY = (start / width) | 0;
    layers[startY] = 1 << start % width;
    for (let k = 1; k <= steps; k++) {
      const from = (k - 1) * height;
      const to = k * height;
      for (let y = Math.max(0, startY - k), last = Math.min(height - 1, startY + k); y <= last; y++) {
        const row = layers[from + y] as number;
        const up = y > 0 ? (layers[from + y - 1] as number) : 0;
        const down = y < height - 1 ? (layers[from + y + 1] as number) : 0;
        layers[to + y] = row | (((row << 1) | (row >>> 1) | up | down) & (passable[y] as number));
      }
      // Rows the wave has not reached hold nothing in this layer.
      for (let y = 0; y < startY - k; y++) layers[to + y] = 0;
      for (let y = startY + k + 1; y < height; y++) layers[to + y] = 0;
    }
    this.searchedSteps = steps;
    this.searchStart = start;
  }

  private countReached(): number {
    const base = this.searchedSteps * this.height;
    let count = -1; // the start cell is not a move
    for (let y = 0; y < this.height; y++) count += popcount(this.layers[base + y] as number);
    return count;
  }

  /** Moves to the `k`-th reached cell in row-major order (start excluded); returns its distance. */
  private moveToReached(seat: 0 | 1, k: number): number {
    const { width, height, layers } = this;
    const base = this.searchedSteps * height;
    const start = this.searchStart;
    for (let y = 0; y < height; y++) {
      let row = layers[base + y] as number;
      if (((start / width) | 0) === y) row &= ~(1 << start % width);
      const count = popcount(row);
      if (k >= count) {
        k -= count;
        continue;
      }
      for (; k > 0; k--) row &= row - 1;
      const x = lowestBit(row);
      let distance = 1;
      while (((layers[distance * height + y] as number) & (1 << x)) === 0) distance++;
      this.cell[seat] = y * width + x;
      return distance;
    }
    throw new Error('no such reached cell');
  }

  /** Rules 15 and 20: wild zombies within reach, as row masks; returns how many. */
  private targets(seat: 0 | 1): number {
    const { width, height, targetRows } = this;
    const range = this.params.interactionRange;
    const from = this.cell[seat] as number;
    const fromX = from % width;
    const fromY = (from / width) | 0;
    let count = 0;
    for (let y = 0; y < height; y++) {
      const reach = range - Math.abs(y - fromY);
      if (reach < 0) {
        targetRows[y] = 0;
        continue;
      }
      const low = Math.max(0, fromX - reach);
      const high = Math.min(width - 1, fromX + reach);
      const window = ((high - low + 1 >= 32 ? -1 : (1 << (high - low + 1)) - 1) << low) | 0;
      const row = (this.wildRows[y] as number) & window;
      targetRows[y] = row;
      count += popcount(row);
    }
    return count;
  }

  private nthTarget(k: number): number {
    for (let y = 0; y < this.height; y++) {
      let row = this.targetRows[y] as number;
      const count = popcount(row);
      if (k >= count) {
        k -= count;
        continue;
      }
      for (; k > 0; k--) row &= row - 1;
      return y * this.width + lowestBit(row);
    }
    throw new Error('no such target');
  }

  /** Rules 16 to 19; returns true when the match ends (rule 27). */
  private resolveCatch(seat: 0 | 1, cell: number, rateIndex: number, chance: Rng): boolean {
    const aggressive = chance.intBetween(1, DIE_SIDES);
    const defensive = chance.intBetween(1, DIE_SIDES);
    const roll = chance.intBetween(1, ROLL_MAX);
    const rates = this.trapRates.length;
    this.traps[seat * rates + rateIndex] = (this.traps[seat * rates + rateIndex] as number) - 1;
    this.trapsLeft[seat] = (this.trapsLeft[seat] as number) - 1;
    if ((this.trapRates[rateIndex] as number) + (aggressive - defensive) * DICE_DIFFERENCE_WEIGHT > roll) {
      const owned = this.ownedCount[seat] as number;
      (this.ownedHealth[seat] as Int32Array)[owned] = this.wildHealth[cell] as number;
      (this.ownedAttack[seat] as Int32Array)[owned] = this.wildAttack[cell] as number;
      this.ownedCount[seat] = owned + 1;
      this.removeWild(cell);
      this.xp[seat] = (this.xp[seat] as number) + CATCH_XP;
    }
    return this.trapsLeft[0] === 0 && this.trapsLeft[1] === 0;
  }

  /** Rules 21 to 24. */
  private resolveAttack(seat: 0 | 1, cell: number, zombie: number, chance: Rng): void {
    const aggressive = chance.intBetween(1, DIE_SIDES);
    const defensive = chance.intBetween(1, DIE_SIDES);
    const health = this.ownedHealth[seat] as Int32Array;
    const attack = this.ownedAttack[seat] as Int32Array;
    const wildAttack = this.wildAttack[cell] as number;
    let gained = 0;
    if (aggressive >= defensive) {
      gained = HIT_XP;
      const left = (this.wildHealth[cell] as number) - (attack[zombie] as number);
      if (left <= 0) {
        gained = this.params.killXpStacks ? HIT_XP + KILL_XP : KILL_XP;
        this.removeWild(cell);
      } else {
        this.wildHealth[cell] = left;
      }
    }
    if (defensive >= aggressive) {
      health[zombie] = (health[zombie] as number) - wildAttack;
      if ((health[zombie] as number) <= 0) {
        const count = this.ownedCount[seat] as number;
        health.copyWithin(zombie, zombie + 1, count);
        attack.copyWithin(zombie, zombie + 1, count);
        this.ownedCount[seat] = count - 1;
      }
    }
    this.xp[seat] = (this.xp[seat] as number) + gained;
  }
}
