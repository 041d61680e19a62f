/**
 * `hordelab replay <scenario> --match K`: one match again, exactly as the run played it, turn by
 * turn: decisions, dice, events and the state after each decision; or, with `--html FILE`, as a
 * page to watch, the board drawn at every step.
 */
import { WholeRunFailure } from '../../core/errors.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { formatSeed, matchSeed } from '../../core/rng.js';
import { withinTimeout } from '../../core/watchdog.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS } from '../../run/pool.js';
import { matchPlan } from '../../run/play-chunk.js';
import { checkOutputFile, writeOutputFile, type OutputFileRequest } from '../../present/output-folder.js';
import { recordReplay, replayPage } from '../../present/replay-page.js';
import { parsePairing, replayMatch } from '../../run/replay.js';
import { loadScenario } from '../../scenario/scenario.js';
import type { CliIo, CommandModule, ParsedArguments } from '../command.js';
import { assignments, seedOption, setOption } from '../common-options.js';

async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const matchIndex = args.number('match') as number;
  const seed = args.number('seed');
  const html = args.text('html');
  const scenarioFile = args.required('scenario');
  const request: OutputFileRequest = { flag: '--html', kind: 'replay page', inputFiles: [{ path: scenarioFile, what: 'the scenario file' }] };
  const pairingText = args.text('pairing');
  const pairing = pairingText === undefined ? undefined : parsePairing(pairingText);
  if (html !== undefined) checkOutputFile(html, request);
  const scenario = await loadScenario(scenarioFile, { ...(seed === undefined ? {} : { seed }), set: assignments(args), ...(pairing === undefined ? {} : { pairing }) });
  // The scenario's own match count does not limit which match may be replayed.
  const replayed = { ...scenario, matches: Math.max(scenario.matches, matchIndex + 1) };
  // A run of the scenario as written never plays it: said, in case the index was a slip.
  if (matchIndex >= scenario.matches) {
    io.stderr.write(`hordelab: (match ${matchIndex} is past the scenario's ${scenario.matches} matches, 0..${scenario.matches - 1}: replayed as a run of more matches, --matches ${matchIndex + 1} or more, plays it)\n`);
  }
  // A match stuck in a call that never returns (the run's "timed out" failures) ends here too,
  // after the same time a run gives it, instead of holding the terminal for ever.
  const seconds = (args.number('match-timeout') as number | undefined) ?? DEFAULT_MATCH_TIMEOUT_SECONDS;
  // Lines printed: the heading, then one or more per step.
  let printed = 0;
  const timedOut = (): WholeRunFailure => {
    const seed = formatSeed(matchSeed(replayed.seed, matchPlan(replayed, matchIndex).seedIndex));
    const where = html !== undefined ? '' : printed > 1 ? ': the last step printed is where it had got to' : ': before its first step (in setup, or an agent made for it)';
    return new WholeRunFailure(`match ${matchIndex} of run seed ${replayed.seed} (match seed ${seed}) did not end within ${seconds} s (--match-timeout)${where}`);
  };
  if (html !== undefined) {
    const recorded = withinTimeout(seconds * 1000, () => recordReplay(replayed, matchIndex));
    if (recorded.stopped) throw timedOut();
    writeOutputFile(html, replayPage(recorded.value), request);
    io.stdout.write(`Wrote ${html}\n`);
    return 0;
  }
  const write = (line: string): void => {
    printed++;
    io.stdout.write(`${line}\n`);
  };
  if (withinTimeout(seconds * 1000, () => replayMatch(replayed, matchIndex, write)).stopped) throw timedOut();
  return 0;
}

/** `hordelab replay`. */
export const replayCommand: CommandModule = {
  name: 'replay',
  summary: 'Replay one match of a scenario turn by turn: decisions, dice, events and the state after each decision; or as a page to watch',
  positionals: [{ name: 'scenario', describe: 'Scenario file (.yaml, .yml or .json)', path: true }],
  options: {
    match: { type: 'number', alias: 'm', required: true, bound: BOUNDS.matchIndex, placeholder: 'K', describe: 'Match index (the match column of matches.csv)' },
    seed: { ...seedOption, describe: 'Run seed, if the run overrode the scenario\'s' },
    set: { ...setOption, describe: 'The same parameter overrides as the run (key=value, repeatable)' },
    pairing: {
      type: 'string',
      placeholder: 'I,J',
      describe: 'A round robin\'s pairing: the positions of its two agents in seats.roundRobin, from 1 (the replay column of a pairing\'s errors.csv gives it) [default: 1,2]',
    },
    html: { type: 'path', placeholder: 'FILE', describe: 'Write the match as a page to watch instead: the board at every step, step/play/jump controls, the event log' },
    'match-timeout': {
      type: 'number',
      bound: BOUNDS.matchTimeout,
      placeholder: 'SECONDS',
      describe: `Seconds the match may run before it is stopped, exit 1 [default: ${DEFAULT_MATCH_TIMEOUT_SECONDS}]; 0 for no limit`,
    },
  },
  examples: [
    ['hordelab replay scenarios/trainers-first-player.yaml --match 42', 'Match 42 of the default run'],
    ['hordelab replay scenarios/trainers-first-player.yaml --match 42 --html match-42.html', 'The same match as a page'],
    ['hordelab replay scenarios/tictactoe-ratings.yaml --match 7 --pairing 2,4', 'Match 7 of a round robin\'s pairing of its second and fourth agents'],
  ],
  run,
};
