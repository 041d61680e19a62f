/** What `hordelab replay` does; its flags and help are declared in `../commands/replay.ts`. */
import { WholeRunFailure } from '../../core/errors.js';
import { formatSeed, matchSeed } from '../../core/rng.js';
import { withinTimeout } from '../../core/watchdog.js';
import { DEFAULT_MATCH_TIMEOUT_SECONDS } from '../../core/limits.js';
import { matchPlan } from '../../run/play-chunk.js';
import { checkOutputFile, writeOutputFile, type OutputFileRequest } from '../../present/output-folder.js';
import { recordReplay, replayPage } from '../../present/replay-page.js';
import { parsePairing, replayMatch } from '../../run/replay.js';
import { loadScenario } from '../../scenario/scenario.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { assignments } from '../set-assignments.js';
import { scenarioSeatWarning, writeWarnings } from '../seat-warnings.js';

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const matchIndex = args.number('match') as number;
  const seed = args.number('seed');
  const html = args.text('html');
  const scenarioFile = args.required('scenario');
  const request: OutputFileRequest = { flag: '--html', kind: 'replay page', inputFiles: [{ path: scenarioFile, what: 'the scenario file' }] };
  const pairingText = args.text('pairing');
  const pairing = pairingText === undefined ? undefined : parsePairing(pairingText);
  if (html !== undefined) checkOutputFile(html, request);
  const scenario = await loadScenario(scenarioFile, { ...(seed === undefined ? {} : { seed }), set: assignments(args), ...(pairing === undefined ? {} : { pairing }) });
  writeWarnings(io, [scenarioSeatWarning(scenario)], false);
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
  // `pageStep`: the last step of the page written, where the match had got to.
  const timedOut = (pageStep?: number): WholeRunFailure => {
    const seed = formatSeed(matchSeed(replayed.seed, matchPlan(replayed, matchIndex).seedIndex));
    const shown = html === undefined ? printed > 1 : pageStep !== undefined;
    const where = !shown ? ': before its first step (in setup, or an agent made for it)' : html === undefined ? ': the last step printed is where it had got to' : `: the page's last step, ${pageStep}, is where it had got to`;
    return new WholeRunFailure(`match ${matchIndex} of run seed ${replayed.seed} (match seed ${seed}) did not end within ${seconds} s (--match-timeout)${where}`);
  };
  if (html !== undefined) {
    const replay = recordReplay(replayed, matchIndex, seconds * 1000);
    // Stopped before its table was set: there is no state to draw.
    if (replay.steps.length === 0) throw timedOut();
    // A match that failed or was stopped is written all the same, its steps up to there and the
    // failure shown, then reported as the text replay reports it (exit 1): the README sends a
    // reader to FILE#step=N for the state a failure "at step N" was played from (audit 39a F5).
    writeOutputFile(html, replayPage(replay), request);
    io.stdout.write(`Wrote ${html}${replay.failure === null ? '' : ` (the match did not end: its steps up to step ${replay.failure.step}, then why)`}\n`);
    if (replay.failure?.timedOut === true) throw timedOut(replay.failure.step);
    if (replay.failure !== null) throw replay.failure.error;
    return 0;
  }
  const write = (line: string): void => {
    printed++;
    io.stdout.write(`${line}\n`);
  };
  if (withinTimeout(seconds * 1000, () => replayMatch(replayed, matchIndex, write)).stopped) throw timedOut();
  return 0;
}

