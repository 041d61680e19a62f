/**
 * Match 0 played twice more when a chunk starts at it, where the game, an agent or a metric
 * module is not Hordelab's own. A match must be a pure function of its scenario, run seed and
 * index; a module that keeps state from call to call (a counter, a memo of earlier matches) or
 * reads the clock plays a match otherwise the next time, and a run of it writes bytes that depend
 * on how its matches were split over worker threads (audit 29b: a game reordering its legal
 * actions every third call gave 222 of 2,000 rows that differed between --workers 0 and 2, exit
 * 0). Each play is compared whole: every step's player and action, the returns, and what the
 * report (the game's figures and every metric module) records of it, its row and event rows (a
 * metric counting across matches, review 29d), values told apart where JSON would write them
 * alike (a Map's entries, -0; review 30b). The second play goes through the first's report
 * collector, as a chunk's later matches do. Then the run's own play of match 0, recorded as it is
 * played, is compared with the first. A difference stops the run before match 0 is recorded,
 * naming it. It catches what shows in match 0 played three times; a module that changes only
 * later (at its thousandth call) passes, and `hordelab conform` checks a game further.
 */
import { isRunStoppingError, RunStoppingError } from '../core/errors.js';
import { formatSeed } from '../core/rng.js';
import { isOwnGame } from '../core/game-params.js';
import { isOwnAgent, MatchFailure, playMatch, type MatchSpec } from '../core/match-runner.js';
import { clockPlayWarning } from '../ladder/skill.js';
import { collectorSink, type MatchCollector, type MatchRows } from '../reports/report.js';
import type { GameEvent } from '../core/game.js';
import { taggedData } from '../core/tagged-data.js';
import type { Scenario } from '../scenario/scenario.js';
import { decisionHook, matchPlan } from './play-chunk.js';

/** Whether a run of `scenario` plays match 0 again: a module plays or records, and no seat reads the clock by design (`mcts` with `timeMs`). */
export function needsCanary(scenario: Scenario): boolean {
  const { game, report } = scenario.entry;
  const modules = !isOwnGame(game) || scenario.seats.some((seat) => !isOwnAgent(seat.factory)) || (report.metricModules?.length ?? 0) > 0;
  return modules && clockPlayWarning(scenario.seats.map((seat) => ({ name: seat.name, agent: seat.factory.id, config: seat.config }))) === null;
}

/**
 * One part of what a play of match 0 did: a step (who played what), how it ended, or a part of
 * what the report recorded. Said as `label` then `detail`: a long detail is cut around where two
 * plays part, and the label is kept whole (review 30b: a cut record no longer said which part).
 */
export interface PlayPart {
  /** The step it is, or null for how the match ended and what was recorded. */
  readonly step: number | null;
  readonly label: string;
  readonly detail: string;
  /** Set on what the report recorded: the metric module's name where the part is its figures, else null (the game's). */
  readonly recorded?: { readonly metricModule: string | null };
}

/** What one play of match 0 did, part by part: a play before the run, or the run's own. */
export class PlayRecord {
  // Stryker disable next-line ArrayDeclaration: every record would start with the same junk part, compared alike
  readonly parts: PlayPart[] = [];
  #steps = 0;
  readonly #scenario: Scenario;

  constructor(scenario: Scenario) {
    this.#scenario = scenario;
  }

  /** For the match's `trace`: each step's player and action key. */
  readonly trace = (player: number, action: unknown): void => {
    this.parts.push({ step: this.#steps++, label: `${player < 0 ? 'chance' : `seat ${player + 1}`} played `, detail: this.#key(action) });
  };

  /** How the match ended (its returns) and what the report recorded: its row, event rows and figures. */
  ended(returns: readonly number[], rows: MatchRows, aggregate: unknown): void {
    const metricModules = (this.#scenario.entry.report.metricModules?.length ?? 0) > 0;
    this.parts.push(
      { step: null, label: 'it ended with returns ', detail: dataText(returns) },
      { step: null, label: `${RECORDED} the row `, detail: dataText(rows.matchRow), recorded: GAME },
      // Event rows: only Hordelab's own reports write any (a module game's report has none), and
      // theirs follow from the actions compared above.
      { step: null, label: `${RECORDED} the event rows `, detail: dataText(rows.eventRows), recorded: GAME },
      ...figureParts(aggregate as Record<string, unknown>, metricModules),
    );
  }

  /** The match failed: said at the step it had reached. */
  failed(error: unknown): void {
    this.parts.push({ step: this.#steps, label: 'it failed: ', detail: error instanceof Error ? (error.message.split('\n')[0] as string) : String(error) });
  }

  #key(action: unknown): string {
    try {
      return this.#scenario.entry.game.actionKey(action as never);
    } catch (error) {
      return `an action whose key threw (${error instanceof Error ? error.message : String(error)})`;
    }
  }
}

/** A recorded part of the game's (its report, figure units, quality figures): not a metric module's. */
// Stryker disable next-line ObjectLiteral: ({}) an undefined module name is read as null is, the game's
const GAME = Object.freeze({ metricModule: null });

/**
 * Plays match 0 of `scenario` through `collector` and says what it did. The collector is kept
 * between the plays before the run, so a report that carries anything from one match to the next
 * shows (review 30b: a module report counting the matches it had seen wrote rows that depended on
 * worker count).
 */
function played(scenario: Scenario, collector: MatchCollector<GameEvent, unknown>): PlayRecord {
  const { game, report } = scenario.entry;
  const plan = matchPlan(scenario, 0);
  const record = new PlayRecord(scenario);
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
    trace: record.trace,
  };
  collector.startMatch?.(0);
  try {
    const outcome = playMatch(spec, collectorSink(report, collector));
    const context = { matchIndex: 0, seed: formatSeed(outcome.seed), cluster: plan.seedIndex, clusterSize: scenario.rotate ? 2 : 1, agents: plan.seats.map((seat) => seat.name), returns: outcome.returns, finalState: outcome.finalState, endedAtCap: outcome.endedAtCap };
    const aggregate = report.emptyAggregate();
    record.ended(outcome.returns, collector.finishMatch(context, aggregate), aggregate);
  } catch (error) {
    if (isRunStoppingError(error instanceof MatchFailure ? error.cause : error)) throw error;
    collector.discardMatch();
    record.failed(error);
  }
  return record;
}

/**
 * Plays match 0 of `scenario` twice and compares the plays; returns what the first did, for the
 * run's own play of match 0 to be compared with ({@link checkOwnPlay}). `eventRows` as the run's
 * report writes them. `again` is called before the second play and after it (before the run's own
 * play of match 0), so that a time limit counts each play alone.
 * @throws RunStoppingError naming the first difference.
 */
export function checkMatchReplays(scenario: Scenario, eventRows: boolean, again: () => void): readonly PlayPart[] {
  const collector = scenario.entry.report.createCollector({ eventRows });
  const first = played(scenario, collector).parts;
  again();
  const second = played(scenario, collector).parts;
  again();
  compare(scenario, first, second, 'played twice before the run from the same seed, the match went otherwise the second time', 'the first time', 'the second');
  return first;
}

/**
 * Compares the run's own play of match 0 (`own`, recorded as it was played) with the first play
 * before the run: a module that changes from its third call on plays the run's otherwise (review
 * 30b: the two plays before the run agreed, and the run recorded a match its replay does not give).
 * @throws RunStoppingError naming the first difference.
 */
export function checkOwnPlay(scenario: Scenario, first: readonly PlayPart[], own: PlayRecord): void {
  compare(scenario, first, own.parts, "played before the run and then in it from the same seed, the run's own play went otherwise", 'before the run', 'in the run');
}

function compare(scenario: Scenario, first: readonly PlayPart[], second: readonly PlayPart[], what: string, firstTime: string, secondTime: string): void {
  const difference = firstDifference(scenario, first, second, what, firstTime, secondTime);
  if (difference !== null) throw difference;
}

/**
 * The first part where `first` and `second` differ, as the error that stops the run (naming the
 * modules it may come from), or null where they agree part for part. A play with more parts than
 * the other differs where the other had ended.
 */
export function firstDifference(scenario: Scenario, first: readonly PlayPart[], second: readonly PlayPart[], what: string, firstTime: string, secondTime: string): RunStoppingError | null {
  const length = Math.max(first.length, second.length);
  // Stryker disable next-line EqualityOperator: (<=) one past both ends reads two ended parts, which agree
  for (let index = 0; index < length; index++) {
    const a = first[index] ?? ENDED;
    const b = second[index] ?? ENDED;
    if (a.label === b.label && a.detail === b.detail) continue;
    // The step either had reached where one play went on and the other ended, else the end.
    const step = a.step ?? b.step;
    return new RunStoppingError(
      suspects(scenario, a, b),
      `${what} at ${step === null ? 'the end' : `step ${step}`} (${a.label}${around(a.detail, b.detail)} ${firstTime}; ${b.label}${around(b.detail, a.detail)} ${secondTime})`,
      'a match that depends on its seed alone: a module that keeps state from call to call (a counter, a memo of earlier matches) or reads the clock makes a run\'s results depend on how its matches are split over worker threads, which a replay of one match does not show; `hordelab conform` checks a game for it',
    );
  }
  return null;
}

/** Where one play has more parts than the other. */
const ENDED: PlayPart = Object.freeze({ step: null, label: 'it had ended', detail: '' });

/** How a part that says what the report recorded begins. */
const RECORDED = 'the report recorded';

/** A value as the comparison reads it: JSON that tells apart what JSON alone writes alike (-0 and 0, a Map's entries). */
function dataText(value: unknown): string {
  return JSON.stringify(taggedData(value));
}

/**
 * What the report recorded of a match, a part per part of its aggregate: each metric module's
 * and each figure unit's figures apart (`custom`, by name), and the rest, so that a difference
 * is put down to the module whose figures differ (review 29f: a game's own figure was blamed on
 * a metric module beside it).
 */
export function figureParts(aggregate: Readonly<Record<string, unknown>>, metricModules: boolean): PlayPart[] {
  return Object.entries(aggregate).flatMap(([key, value]): PlayPart[] => {
    const part = value as Readonly<Record<string, unknown>>;
    // The outermost `custom` is the metric modules' where the scenario has any (they wrap the
    // game's report and its figure units last); any deeper one, the game's figure units, which may
    // share a metric module's name (review 29g).
    if (key === 'custom') {
      return Object.entries(part).map(([name, figures]) => ({
        step: null,
        label: `${RECORDED} the figures of ${metricModules ? 'metric module ' : ''}${JSON.stringify(name)} `,
        detail: dataText(figures),
        recorded: metricModules ? { metricModule: name } : GAME,
      }));
    }
    // Stryker disable next-line ConditionalExpression: (true for the key) only the game's part of an aggregate holds figure units under custom
    if (key === 'game' && typeof value === 'object' && value !== null && 'custom' in value) return figureParts(part, metricModules && !('custom' in aggregate));
    return [{ step: null, label: `${RECORDED} the figures ${key} `, detail: dataText(value), recorded: GAME }];
  });
}

/**
 * The modules that may have made the plays differ: where play went alike and only what was
 * recorded of it differs, the metric module whose figures differ (and a game module after it,
 * whose events those figures are read from), else the game, whose figures the rest are (and the
 * metric modules after it); where play differed, the game and agents that are modules (review 29d: every
 * module was named), then the metric modules, which hear the match's events as it is played and
 * could change it by writing into them (review 30b: one that did was not named).
 */
function suspects(scenario: Scenario, a: PlayPart, b: PlayPart): string {
  const { game, report } = scenario.entry;
  const metrics = (report.metricModules ?? []).map((module) => `metric module ${module.path}`);
  if (a.recorded !== undefined && b.recorded !== undefined) {
    // A metric module's own figures; anything else recorded is the game's (its report, its figure
    // units, the quality figures), then the metric modules', which could have written into the
    // events the game's report read after them (review 30b).
    const name = a.recorded.metricModule ?? b.recorded.metricModule;
    // Stryker disable next-line ArrayDeclaration: a name is only ever read from a metric module's own figures
    const metric = (report.metricModules ?? []).find((module) => module.name === name);
    // A metric module's figures differing may come from the events a game module emitted (review 30c): that game after it.
    const gameModule = isOwnGame(game) ? [] : [`game "${game.id}"`];
    return metric === undefined ? [`game "${game.id}"`, ...metrics].join(', ') : [`metric module ${metric.path}`, ...gameModule].join(', ');
  }
  const gameModule = isOwnGame(game) ? [] : [`game "${game.id}"`];
  const agents = scenario.seats.filter((seat) => !isOwnAgent(seat.factory)).map((seat) => `agent "${seat.factory.id}"`);
  return [...new Set([...gameModule, ...agents, ...metrics])].join(', ');
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
