/**
 * What quality metrics hear of one match while it is played: decisions and their legal action
 * counts, the seat that made the first decision, the seats that made any, and the leader at each
 * turn start. A turn starts
 * at a decision whose seat differs from the previous decision's; only then is the game's
 * heuristic computed, once (or only its leader read, where the heuristic gives one), so a match
 * pays one heuristic per turn and nothing per chance step.
 * Reused match after match: its arrays are cleared, not reallocated.
 */
import type { AnyGame } from '../core/game.js';
import { ContractBreach } from '../core/errors.js';
import { describeValue, describeValues, perSeatProblem } from '../core/match-runner.js';
import { leaderOf, NO_LEADER } from './lead.js';

/** Every how many turn starts a heuristic's leader is checked against its values (from the first). */
const LEADER_CHECK_EVERY = 32;

/** Collects one match at a time; {@link reset} starts the next. */
export class MatchTrace {
  /** Decisions made (forced ones included). */
  decisions = 0;
  /** Σ legal actions over the decisions. */
  legalActions = 0;
  /** The seat of the first decision, or -1 before any. */
  firstMover = -1;
  /** The leader at each turn start, in order (`NO_LEADER` where the lead is shared). */
  readonly leaders: number[] = [];
  /**
   * Per seat (0-based): 1 where the seat made a decision in the match, else 0. Set at turn starts
   * alone (a seat's first decision always starts a turn), so the hot path pays one store per turn.
   */
  readonly acted: Uint8Array;
  private lastSeat = -1;

  /** With `leads` false the heuristic is never called and no leaders are kept. */
  constructor(
    private readonly game: AnyGame,
    private readonly leads: boolean,
  ) {
    this.acted = new Uint8Array(game.seats.length);
  }

  /** One decision: `seat` acts with `legalActions` choices in `state` (read, never kept). */
  decision(seat: number, legalActions: number, state: unknown): void {
    this.decisions++;
    this.legalActions += legalActions;
    if (seat === this.lastSeat) return;
    if (this.firstMover < 0) this.firstMover = seat;
    this.lastSeat = seat;
    this.acted[seat] = 1;
    this.turnStarts++;
    if (!this.leads) return;
    const heuristic = this.game.heuristic;
    if (heuristic.leader === undefined) {
      this.leaders.push(leaderOf(this.checkedValues(state)));
      return;
    }
    const leader: unknown = heuristic.leader(state);
    const seats = this.game.seats.length;
    if (!(leader === NO_LEADER || (Number.isInteger(leader) && (leader as number) >= 0 && (leader as number) < seats))) {
      throw new ContractBreach(`heuristic.leader gave ${describeValue(leader)}, expected a seat 0..${seats - 1} or ${NO_LEADER} (the highest value shared)`);
    }
    // The values at a match's first turn start, and at every 32nd from a turn start its match
    // index sets (a few per match, against hundreds of leaders read): over 32 matches every turn
    // start is checked, where a fixed phase had checked turn starts 1, 33, 65... of every match,
    // so a game of fewer turns was checked at its first alone (audit 36a: a leader wrong from
    // the second turn on gave a drama figure of 30% against 25%, exit 0). A leader that
    // disagrees with the heuristic it comes with fails the first match it is caught in, with its
    // seed. `conform` checks it wherever it checks the heuristic.
    if (this.turnStarts === 1 || this.turnStarts % LEADER_CHECK_EVERY === this.checkPhase) {
      const values = this.checkedValues(state);
      const fromValues = leaderOf(values);
      if (fromValues !== leader) {
        throw new ContractBreach(`heuristic.leader gave ${String(leader)} where the heuristic's values ${describeValues(values)} make it ${fromValues}; expected the seat whose value is strictly the highest, or ${NO_LEADER} when the highest is shared`);
      }
    }
    this.leaders.push(leader as number);
  }

  /** The heuristic's values, checked as returns are: a NaN or a missing seat would skew every lead figure unseen. */
  private checkedValues(state: unknown): readonly number[] {
    const values: unknown = this.game.heuristic(state);
    // The throw fails the match (the runner calls this within it), with its seed.
    const problem = perSeatProblem(this.game, values, 'heuristic');
    if (problem !== null) throw new ContractBreach(problem);
    return values as readonly number[];
  }

  /** Turn starts seen. */
  turnStarts = 0;
  /** The turn starts (modulo {@link LEADER_CHECK_EVERY}) whose leader is checked, from the match index. */
  private checkPhase = 1;

  /** The match about to be played: sets which of its turn starts have their leader checked. */
  startMatch(matchIndex: number): void {
    this.checkPhase = matchIndex % LEADER_CHECK_EVERY;
  }

  /** Forgets the match. */
  reset(): void {
    this.decisions = 0;
    this.legalActions = 0;
    this.firstMover = -1;
    this.lastSeat = -1;
    this.turnStarts = 0;
    this.acted.fill(0);
    // Emptied by pop, which keeps the storage: assigning length 0 frees it, and every match grew
    // it again from nothing.
    while (this.leaders.length > 0) this.leaders.pop();
  }
}
