/**
 * Match 0 played twice before a run's first chunk, where the game or an agent is not Hordelab's
 * own. A match must be a pure function of its scenario, run seed and index; a module that keeps
 * state from call to call (a counter, a memo of earlier matches) or reads the clock plays a
 * match otherwise the second time, and a run of it writes bytes that depend on how its matches
 * were split over worker threads (audit 29b: a game reordering its legal actions every third
 * call gave 222 of 2,000 rows that differed between --workers 0 and 2, exit 0). Such a run
 * stops before its first match is recorded, naming what differed, with the line that replays
 * match 0. It catches what shows in one match played twice; a module that changes only later
 * (at its thousandth call) passes, and `hordelab conform` checks a game further.
 */
import { isRunStoppingError, RunStoppingError } from '../core/errors.js';
import { isOwnGame } from '../core/game-params.js';
import { isOwnAgent, MatchFailure, playMatch, type MatchSpec } from '../core/match-runner.js';
import { clockPlayWarning } from '../ladder/skill.js';
import type { Scenario } from '../scenario/scenario.js';
import { matchPlan } from './play-chunk.js';

/** Whether a run of `scenario` plays match 0 twice first: a module plays, and no seat reads the clock by design (`mcts` with `timeMs`). */
export function needsCanary(scenario: Scenario): boolean {
  const { game } = scenario.entry;
  const modules = !isOwnGame(game) || scenario.seats.some((seat) => !isOwnAgent(seat.factory));
  return modules && clockPlayWarning(scenario.seats.map((seat) => ({ name: seat.name, agent: seat.factory.id, config: seat.config }))) === null;
}

/** What one play of match 0 did: each step's player and action key, then how it ended. */
function playedSteps(scenario: Scenario): string[] {
  const { game } = scenario.entry;
  const plan = matchPlan(scenario, 0);
  const steps: string[] = [];
  const key = (action: unknown): string => {
    try {
      return game.actionKey(action as never);
    } catch (error) {
      return `an action whose key threw (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  const spec: MatchSpec = {
    game,
    params: scenario.params,
    seats: plan.seats,
    runSeed: scenario.seed,
    matchIndex: 0,
    seedIndex: plan.seedIndex,
    ...(plan.streamLabels === undefined ? {} : { streamLabels: plan.streamLabels }),
    trace: (player, action) => steps.push(`${player < 0 ? 'chance' : `seat ${player + 1}`} played ${key(action)}`),
  };
  try {
    const outcome = playMatch(spec, null);
    steps.push(`it ended with returns ${JSON.stringify(outcome.returns)}`);
  } catch (error) {
    if (isRunStoppingError(error instanceof MatchFailure ? error.cause : error)) throw error;
    steps.push(`it failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return steps;
}

/**
 * Plays match 0 of `scenario` twice and compares what each play did.
 * @throws RunStoppingError naming the first difference.
 */
export function checkMatchReplays(scenario: Scenario): void {
  const first = playedSteps(scenario);
  const second = playedSteps(scenario);
  const length = Math.max(first.length, second.length);
  for (let step = 0; step < length; step++) {
    if (first[step] === second[step]) continue;
    const { game } = scenario.entry;
    const modules = [...(isOwnGame(game) ? [] : [`game "${game.id}"`]), ...scenario.seats.filter((seat) => !isOwnAgent(seat.factory)).map((seat) => `agent "${seat.factory.id}"`)];
    throw new RunStoppingError(
      [...new Set(modules)].join(', '),
      `match 0, played twice from the same seed before the run, went otherwise the second time at step ${step} (${first[step] ?? 'it had ended'} the first time; ${second[step] ?? 'it had ended'} the second)`,
      'a match that depends on its seed alone: a module that keeps state from call to call (a counter, a memo of earlier matches) or reads the clock makes a run\'s results depend on how its matches are split over worker threads; `hordelab conform` checks a game for it',
    );
  }
}
