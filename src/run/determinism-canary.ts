/**
 * Match 0 played twice more when a chunk starts at it, where the game, an agent or a metric
 * module is not Hordelab's own. A match must be a pure function of its scenario, run seed and
 * index; a module that keeps state from call to call (a counter, a memo of earlier matches) or
 * reads the clock plays a match otherwise the next time, and a run of it writes bytes that depend
 * on how its matches were split over worker threads (audit 29b: a game reordering its legal
 * actions every third call gave 222 of 2,000 rows that differed between --workers 0 and 2, exit
 * 0). Each play is compared whole: every step's player and action, the returns, and what the
 * report (the game's figures and every metric module) records of it, its row and event rows (a
 * metric counting across matches, review 29d). A difference stops the run before match 0 is
 * recorded, naming it. It catches what shows in match 0 played three times; a module that
 * changes only later (at its thousandth call) passes, and `hordelab conform` checks a game further.
 */
import { isRunStoppingError, RunStoppingError } from '../core/errors.js';
import { formatSeed } from '../core/rng.js';
import { isOwnGame } from '../core/game-params.js';
import { isOwnAgent, MatchFailure, playMatch, type MatchSpec } from '../core/match-runner.js';
import { clockPlayWarning } from '../ladder/skill.js';
import { collectorSink } from '../reports/report.js';
import type { Scenario } from '../scenario/scenario.js';
import { decisionHook, matchPlan } from './play-chunk.js';

/** Whether a run of `scenario` plays match 0 again: a module plays or records, and no seat reads the clock by design (`mcts` with `timeMs`). */
export function needsCanary(scenario: Scenario): boolean {
  const { game, report } = scenario.entry;
  const modules = !isOwnGame(game) || scenario.seats.some((seat) => !isOwnAgent(seat.factory)) || (report.metricModules?.length ?? 0) > 0;
  return modules && clockPlayWarning(scenario.seats.map((seat) => ({ name: seat.name, agent: seat.factory.id, config: seat.config }))) === null;
}

/** What one play of match 0 did: each step's player and action key, how it ended, and what the report recorded of it. */
function playedSteps(scenario: Scenario): string[] {
  const { game, report } = scenario.entry;
  const plan = matchPlan(scenario, 0);
  const steps: string[] = [];
  const key = (action: unknown): string => {
    try {
      return game.actionKey(action as never);
    } catch (error) {
      return `an action whose key threw (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  // Event rows are compared too, though only Hordelab's own reports write any (a module game's
  // report has no event tables), and theirs follow from the actions compared above.
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: ({}, false) see above
  const collector = report.createCollector({ eventRows: true });
  const spec: MatchSpec = {
    game,
    params: scenario.params,
    seats: plan.seats,
    runSeed: scenario.seed,
    matchIndex: 0,
    seedIndex: plan.seedIndex,
    // Match 0 of a rotated run is its first seating's, whose streams are the seats' own: the labels change nothing there.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral: see above
    ...(plan.streamLabels === undefined ? {} : { streamLabels: plan.streamLabels }),
    ...decisionHook(collector),
    trace: (player, action) => steps.push(`${player < 0 ? 'chance' : `seat ${player + 1}`} played ${key(action)}`),
  };
  try {
    const outcome = playMatch(spec, collectorSink(report, collector));
    steps.push(`it ended with returns ${JSON.stringify(outcome.returns)}`);
    const context = { matchIndex: 0, seed: formatSeed(outcome.seed), cluster: plan.seedIndex, clusterSize: scenario.rotate ? 2 : 1, agents: plan.seats.map((seat) => seat.name), returns: outcome.returns, finalState: outcome.finalState };
    const aggregate = report.emptyAggregate();
    const rows = collector.finishMatch(context, aggregate);
    steps.push(`the report recorded the row ${JSON.stringify(rows.matchRow)}`, `the report recorded the event rows ${JSON.stringify(rows.eventRows)}`, ...figureSteps(aggregate as Record<string, unknown>, (report.metricModules?.length ?? 0) > 0));
  } catch (error) {
    if (isRunStoppingError(error instanceof MatchFailure ? error.cause : error)) throw error;
    collector.discardMatch();
    steps.push(`it failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return steps;
}

/**
 * Plays match 0 of `scenario` twice and compares the plays. `again` is called before the second
 * play and after it (before the run's own play of match 0), so that a time limit counts each
 * play alone.
 * @throws RunStoppingError naming the first difference.
 */
export function checkMatchReplays(scenario: Scenario, again: () => void): void {
  const first = playedSteps(scenario);
  again();
  const second = playedSteps(scenario);
  again();
  const length = Math.max(first.length, second.length);
  for (let step = 0; step < length; step++) {
    const a = first[step] ?? 'it had ended';
    const b = second[step] ?? 'it had ended';
    if (a === b) continue;
    throw new RunStoppingError(
      suspects(scenario, a.startsWith(RECORDED) && b.startsWith(RECORDED), a),
      `played twice before the run from the same seed, the match went otherwise the second time at step ${step} (${around(a, b)} the first time; ${around(b, a)} the second)`,
      'a match that depends on its seed alone: a module that keeps state from call to call (a counter, a memo of earlier matches) or reads the clock makes a run\'s results depend on how its matches are split over worker threads, which a replay of one match does not show; `hordelab conform` checks a game for it',
    );
  }
}

/** How a step that says what the report recorded begins. */
const RECORDED = 'the report recorded';

/**
 * What the report recorded of a match, a step per part of its aggregate: each metric module's
 * and each figure unit's figures apart (`custom`, by name), and the rest, so that a difference
 * is put down to the module whose figures differ (review 29f: a game's own figure was blamed on
 * a metric module beside it).
 */
export function figureSteps(aggregate: Readonly<Record<string, unknown>>, metricModules: boolean): string[] {
  return Object.entries(aggregate).flatMap(([key, value]) => {
    const part = value as Readonly<Record<string, unknown>>;
    // The outermost `custom` is the metric modules' where the scenario has any (they wrap the
    // game's report and its figure units last); any deeper one, the game's figure units, which may
    // share a metric module's name (review 29g).
    if (key === 'custom') return Object.entries(part).map(([name, figures]) => `${RECORDED} the figures of ${metricModules ? 'metric module ' : ''}${JSON.stringify(name)} ${JSON.stringify(figures)}`);
    if (key === 'game' && typeof value === 'object' && value !== null && 'custom' in value) return figureSteps(part, metricModules && !('custom' in aggregate));
    return [`${RECORDED} the figures ${key} ${JSON.stringify(value)}`];
  });
}

/**
 * The modules that may have made the plays differ: where play went alike and only what was
 * recorded of it differs, the metric module whose figures differ (`step`), else the game, whose
 * figures the rest are; where play differed, the game and agents that are modules (review 29d:
 * every module was named).
 */
function suspects(scenario: Scenario, recordedOnly: boolean, step: string): string {
  const { game, report } = scenario.entry;
  const metrics = (report.metricModules ?? []).map((module) => `metric module ${module.path}`);
  const gameModule = isOwnGame(game) ? [] : [`game "${game.id}"`];
  if (recordedOnly) {
    // A metric module's own figures; anything else recorded is the game's (its report, its figure units, the quality figures).
    const metric = (report.metricModules ?? []).find((module) => step.startsWith(`${RECORDED} the figures of metric module ${JSON.stringify(module.name)} `));
    return metric === undefined ? `game "${game.id}"` : `metric module ${metric.path}`;
  }
  const agents = scenario.seats.filter((seat) => !isOwnAgent(seat.factory)).map((seat) => `agent "${seat.factory.id}"`);
  return [...new Set([...gameModule, ...agents])].join(', ') || metrics.join(', ');
}

/**
 * `text` where it parts from `other`: whole when short, else 200 characters around the first
 * difference (review 29d: two long records cut at their start showed the same text).
 */
export function around(text: string, other: string): string {
  if (text.length <= 240) return text;
  let at = 0;
  while (at < text.length && text[at] === other[at]) at++;
  const start = Math.max(0, at - 60);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + 200)}${start + 200 < text.length ? '…' : ''}`;
}
