/**
 * Replays one match of a scenario, turn by turn: every decision with the state after it, and
 * every event the rules emit (dice, catches, attacks, spawns, the end). A match is a pure
 * function of (scenario, run seed, match index), so this is the very match a run played.
 */
import { counted } from '../core/counted.js';
import { isEngineEvent } from '../reports/generic-report.js';
import { CHANCE, type GameEvent } from '../core/game.js';
import { playMatch, type MatchOutcome } from '../core/match-runner.js';
import { formatSeed } from '../core/rng.js';
import type { Scenario } from '../scenario/scenario.js';
import { UsageError } from '../core/errors.js';
import { checkArgument, kind, SCENARIO } from '../core/library-options.js';
import { checkRows, decisionHook, failingOnMetrics, matchPlan } from './play-chunk.js';
import { shellQuote } from '../cli/shell-quote.js';

function formatEvent(event: GameEvent): string {
  const { type, ...fields } = event as GameEvent & Record<string, unknown>;
  return `${type} ${Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' ')}`;
}

/**
 * Plays match `matchIndex` of the scenario, writing one line per decision and per event.
 * @throws UsageError when the match index is outside the scenario; MatchFailure when it fails;
 *   MetricFailure when a metric module fails on it, as in the run.
 */
export function replayMatch(scenario: Scenario, matchIndex: number, write: (line: string) => void): MatchOutcome {
  // Without it, a library caller got "write is not a function" (audit 39c F6).
  if (typeof write !== 'function') throw new UsageError([{ source: 'replayMatch', field: 'write', message: `expected a function that takes each line of the trace, such as (line) => process.stdout.write(line), got ${write === undefined ? 'nothing' : typeof write}` }]);
  // Named as the function and its arguments: `hordelab replay` runs a scenario of enough matches
  // for its --match, so only a library caller meets these (audit 41a F5: "--match: ... got 0"
  // for the text "0", and a TypeError for a scenario object not from loadScenario).
  checkArgument('replayMatch', 'scenario', scenario, SCENARIO);
  checkArgument('replayMatch', 'matchIndex', matchIndex, kind((value) => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < scenario.matches, `a whole number in 0..${scenario.matches - 1}`));
  const { game } = scenario.entry;
  const plan = matchPlan(scenario, matchIndex);
  write(`${game.title}: match ${matchIndex} of ${scenario.name}, run seed ${scenario.seed}, ${plan.seats.map((seat, i) => `${game.seats[i]}: ${seat.name}`).join(', ')}`);
  let step = 0;
  // Events are emitted inside apply, before the trace sees the action: hold them so each
  // decision prints first and its consequences under it.
  const events: string[] = [];
  // The run's report hears the match's events and decisions as in the run, so that a metric
  // module, or a heuristic the quality figures read, that failed on this match fails here the
  // same way.
  const { report } = scenario.entry;
  const outcome = failingOnMetrics(scenario, matchIndex, () => {
    const collector = report.createCollector({ eventRows: false });
    collector.startMatch?.(matchIndex);
    const played = playMatch(
      {
        game,
        params: scenario.params,
        runSeed: scenario.seed,
        matchIndex,
        ...plan,
        ...decisionHook(collector),
        trace: (player, action, state) => {
          // Steps count from 0, as "failed at step N", errors.csv and the match runner count
          // them: a replay of a failed match lists steps 0 to N − 1, then the failure at N.
          const number = String(step++).padStart(5);
          if (player !== CHANCE) write(`${number}  ${game.seats[player]}: ${game.actionKey(action)}  →  ${game.describeState(state)}`);
          // A chance outcome is shown as the outcome itself, its events under it: events that
          // describe a consequence ("out") do not always say which outcome it was (audit 27a).
          else write(`${number}  chance: ${game.actionKey(action)}`);
          for (const line of events) write(line);
          events.length = 0;
        },
      },
      (event) => {
        collector.onEvent(event);
        if (!isEngineEvent(event)) events.push(`${' '.repeat(7)}${formatEvent(event)}`);
      },
    );
    const agents = plan.seats.map((seat) => seat.name);
    const rows = collector.finishMatch(
      { matchIndex, seed: formatSeed(played.seed), cluster: plan.seedIndex, clusterSize: scenario.rotate ? 2 : 1, agents, returns: played.returns, finalState: played.finalState, endedAtCap: played.endedAtCap },
      report.emptyAggregate(),
    );
    // A matchRow the run refused is refused here too, so the replay line reproduces the run's stop.
    checkRows(scenario, rows, false);
    return played;
  });
  write(`returns: ${outcome.returns.join(', ')} after ${counted(outcome.steps, 'step')} (match seed ${formatSeed(outcome.seed)})`);
  return outcome;
}

/** What a replay line carries beyond the match: the pairing of a round robin, the match's time limit. */
export interface ReplayLineOptions {
  /** A round robin's pairing of agents (indices into `seats.roundRobin`, written from 1 as `--pairing` takes them). */
  readonly pairing?: readonly [number, number] | undefined;
  /**
   * The `--match-timeout` the command that met the failure was given: the replay stops a match
   * that hangs at the same limit instead of at replay's own default.
   */
  readonly matchTimeoutSeconds?: number | undefined;
}

/**
 * The `hordelab replay` command line that plays match `matchIndex` of run seed `runSeed` again,
 * with the run's `--set` assignments (and, in `options`, its pairing and time limit).
 */
export function replayCommand(scenarioFile: string, matchIndex: number, runSeed: number, sets: readonly string[] = [], options: ReplayLineOptions = {}): string {
  const { pairing, matchTimeoutSeconds } = options;
  const words = [
    'hordelab',
    'replay',
    scenarioFile,
    '--match',
    String(matchIndex),
    '--seed',
    String(runSeed),
    ...(pairing === undefined ? [] : ['--pairing', formatPairing(pairing)]),
    ...sets.flatMap((set) => ['--set', set]),
    ...(matchTimeoutSeconds === undefined ? [] : ['--match-timeout', String(matchTimeoutSeconds)]),
  ];
  // The placeholder of a command that names no file is printed as it is, not quoted.
  return words.map((word) => (word === '<scenario>' ? word : shellQuote(word))).join(' ');
}

/** A round robin's pairing as `--pairing` takes it: the two agents' positions in `seats.roundRobin`, from 1. */
export function formatPairing(pairing: readonly [number, number]): string {
  return `${pairing[0] + 1},${pairing[1] + 1}`;
}

/**
 * `--pairing i,j` read back into indices into `seats.roundRobin` (from 0); the range is checked
 * against the scenario when it is loaded.
 * @throws UsageError when it is not two whole numbers from 1.
 */
export function parsePairing(text: string): [number, number] {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  const first = Number(match?.[1]);
  const second = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 1 || second < 1) {
    throw new UsageError([{ source: '--pairing', field: '', message: `expected the positions of two agents in seats.roundRobin, from 1, such as 1,3; got "${text}"` }]);
  }
  return [first - 1, second - 1];
}
