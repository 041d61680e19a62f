/**
 * Plays a range of a scenario's matches as `hordelab run` would (the same seeds, seatings and
 * streams), keeping besides the game report's aggregate what ladders and card values need: each
 * match's result per seat, and the mix of actions each seat chose.
 *
 * The action mix counts the decisions an agent was asked for (a seat with one legal action is
 * not asked), by kind: the part of the game's action key before `(` (`move`, `catch`, `spell`,
 * `pass`). It is read from the runner's own hooks (the decision's size, then the action played),
 * not by wrapping the agents: a wrapper read the action from the agent's own copy of the list,
 * which a module agent may change (review 30c: counts of 0, and a match 0 played otherwise than
 * the canary's unwrapped plays), and stood in for an agent built without `chooseAction`.
 */
import { MatchFailure, playMatch } from '../core/match-runner.js';
import { formatSeed } from '../core/rng.js';
import { addOutcome, emptyOutcomes, seatResults, type OutcomeAggregate } from '../reports/outcomes.js';
import { decisionHook, failingOnMetrics, matchPlan, type MatchStarts } from '../run/play-chunk.js';
import { checkMatchReplays, checkOwnPlay, needsCanary, PlayRecord, type PlayPart } from '../run/determinism-canary.js';
import { isRunStoppingError } from '../core/errors.js';
import { collectorSink } from '../reports/report.js';
import type { Scenario } from '../scenario/scenario.js';

/** Decisions per action kind, per seat (index: seat). Plain data, mergeable. */
export type ActionMix = Record<string, number>[];

/** What a range of matches contributes. Plain data: it crosses thread boundaries as it is. */
export interface Tally {
  readonly start: number;
  readonly end: number;
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly actionMix: ActionMix;
  /**
   * Per match, per seat: 1 a win, 0.5 a draw, 0 a loss (`scores[(match - start) * seats + seat]`),
   * the unit of paired comparisons between configurations on common seeds.
   */
  readonly scores: number[];
  /** The first failed match, or null; the caller stops there with what reproduces it. */
  readonly failure: { readonly matchIndex: number; readonly matchSeed: string; readonly message: string } | null;
}

const kindOf = (key: string): string => {
  const at = key.indexOf('(');
  return at < 0 ? key : key.slice(0, at);
};

/** Plays matches `start..end-1` of `scenario`, stopping at the first failure. */
export function playTally(scenario: Scenario, start: number, end: number, onMatchStart?: (again?: boolean) => void): Tally {
  return failingOnMetrics(scenario, start, (onMatch) => tallyMatches(scenario, start, end, (matchIndex, again) => {
    onMatch(matchIndex);
    onMatchStart?.(again);
  }));
}

function tallyMatches(scenario: Scenario, start: number, end: number, onMatchStart: MatchStarts): Tally {
  const { game, report } = scenario.entry;
  const seatCount = game.seats.length;
  const collector = report.createCollector({ eventRows: false });
  const sink = collectorSink(report, collector);
  const hooks = decisionHook(collector);
  const aggregate: unknown = report.emptyAggregate();
  const outcomes = emptyOutcomes(seatCount);
  const actionMix: ActionMix = Array.from({ length: seatCount }, () => ({}));
  const scores: number[] = [];
  // Whether the decision being played was asked of an agent (more than one legal action), from
  // the runner's decision hook; its action, counted from the runner's trace.
  let asked = false;
  const innerDecision = hooks.onDecision;
  const onDecision = (seat: number, legalActions: number, state: unknown): void => {
    asked = legalActions > 1;
    innerDecision?.(seat, legalActions, state);
  };
  let own: PlayRecord | null = null;
  const trace = (player: number, action: unknown): void => {
    own?.trace(player, action);
    if (player < 0 || !asked) return;
    asked = false;
    const counts = actionMix[player] as Record<string, number>;
    const kind = kindOf(game.actionKey(action));
    counts[kind] = (counts[kind] ?? 0) + 1;
  };
  // As a run does: a module that plays match 0 otherwise when played again stops the ladder (review 29d: it was not asked).
  const canary = start === 0 && end > 0 && needsCanary(scenario);
  let before: readonly PlayPart[] = [];
  for (let matchIndex = start; matchIndex < end; matchIndex++) {
    onMatchStart(matchIndex);
    // The plays before the tally, then its own play of match 0 (`own`), compared as a run's are.
    own = canary && matchIndex === 0 ? new PlayRecord(scenario) : null;
    if (own !== null) before = checkMatchReplays(scenario, false, () => onMatchStart(0, true));
    const plan = matchPlan(scenario, matchIndex);
    collector.startMatch?.(matchIndex);
    let outcome;
    try {
      outcome = playMatch({ game, params: scenario.params, runSeed: scenario.seed, matchIndex, ...plan, onDecision, trace }, sink);
    } catch (error) {
      if (!(error instanceof MatchFailure) || isRunStoppingError(error.cause)) throw error;
      collector.discardMatch();
      if (own !== null) {
        own.failed(error);
        checkOwnPlay(scenario, before, own);
      }
      return { start, end: matchIndex, aggregate, outcomes, actionMix, scores, failure: { matchIndex, matchSeed: error.matchSeed, message: error.message } };
    }
    // The same context as the run's: a rotated pair's two matches are one cluster.
    const names = plan.seats.map((seat) => seat.name);
    const context = { matchIndex, seed: formatSeed(outcome.seed), cluster: plan.seedIndex, clusterSize: scenario.rotate ? 2 : 1, agents: names, returns: outcome.returns, finalState: outcome.finalState, endedAtCap: outcome.endedAtCap };
    const rows = collector.finishMatch(context, aggregate);
    if (own !== null) {
      // Match 0 is the tally's first: the aggregate holds its figures alone.
      own.ended(outcome.returns, rows, aggregate);
      checkOwnPlay(scenario, before, own);
    }
    addOutcome(outcomes, outcome.returns, names, context);
    for (const result of seatResults(outcome.returns)) scores.push(result === 'win' ? 1 : result === 'draw' ? 0.5 : 0);
  }
  return { start, end, aggregate, outcomes, actionMix, scores, failure: null };
}

/** Adds `other` into `into` (per-seat counts). */
export function mergeActionMix(into: ActionMix, other: ActionMix): void {
  other.forEach((counts, seat) => {
    const target = (into[seat] ??= {});
    for (const [kind, count] of Object.entries(counts)) target[kind] = (target[kind] ?? 0) + count;
  });
}
