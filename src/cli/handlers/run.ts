/** What `hordelab run` does; its flags and help are declared in `../commands/run.ts`. */
import { nameMadeFrom } from '../../core/name-length.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT_FAILURE, EXIT_INTERRUPTED, UsageError } from '../../core/errors.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { parseFormats, writeReports, type ReportFormat } from '../../present/report-page.js';
import { shardRange, withOutputFlags, type Shard } from '../../run/shard.js';
import { formatOutcomes } from '../../reports/outcomes.js';
import { runScenario, toJson, type RunResult } from '../../run/run-scenario.js';
import { replayCommand } from '../../run/replay.js';
import { CHECKPOINT_FILE } from '../../run/journal.js';
import { formatTournament, runTournament } from '../../run/tournament.js';
import { loadScenario, type Scenario } from '../../scenario/scenario.js';
import { cautionLines } from '../../reports/format.js';
import { interruptName, type CliIo, type ParsedArguments } from '../command.js';
import { workerCount } from '../common-options.js';
import { assignments } from '../set-assignments.js';
import { resolvePath } from '../resolve-path.js';
import { startProgress, type Progress } from '../progress.js';
import { shellQuote } from '../shell-quote.js';
import { actingSeatsOf, clockPlayWarning, randomPlayWarning } from '../../ladder/skill.js';
import { scenarioSeatWarning, writeWarnings } from '../seat-warnings.js';

/** `--shard i/n`: shard i (0-based) of n. */
export function parseShard(text: string): { index: number; count: number } {
  // Spaces are refused, as in a number flag (`--matches ' 10'`): ' 0/2' was taken (audit 42f F7).
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index >= count || count > BOUNDS.matches.max) {
    throw new UsageError([{ source: '--shard', field: '', message: `expected i/n with 0 <= i < n, such as 0/4, got "${text}"` }]);
  }
  return { index, count };
}

/**
 * The command that continues an interrupted run: the run's command (effective seed and match
 * count, the --set flags as typed) with every flag that shapes the output, so its resume key is
 * the interrupted run's.
 */
export function continueCommand(
  command: string,
  options: { maxErrors: number; eventFiles: boolean; shard: { index: number; count: number } | undefined; matchTimeoutSeconds: number | undefined; outDir: string; reportFormats: readonly string[] },
): string {
  return [
    command,
    ...(options.maxErrors > 0 ? [`--max-errors ${options.maxErrors}`] : []),
    // The pages asked for: resumed without it, the finished run removed the interrupted one's pages and wrote none (audit 27b).
    ...(options.reportFormats.length > 0 ? [`--report ${options.reportFormats.join(',')}`] : []),
    ...(options.eventFiles ? [] : ['--no-event-files']),
    ...(options.shard === undefined ? [] : [`--shard ${options.shard.index}/${options.shard.count}`]),
    ...(options.matchTimeoutSeconds === undefined ? [] : [`--match-timeout ${options.matchTimeoutSeconds}`]),
    `--out ${shellQuote(options.outDir)}`,
    '--resume',
  ].join(' ');
}

/** What the run command prints and returns once the scenario is known to be a round robin. */
async function runRoundRobin(
  scenario: Scenario,
  args: ParsedArguments,
  io: CliIo,
  context: { outDir: string; command: string; workers: number; progress: Progress; scenarioFile: string; set: readonly string[] },
): Promise<number> {
  for (const flag of ['resume', 'shard', 'report']) {
    if (args.typed.has(flag)) throw new UsageError([{ source: `--${flag}`, field: '', message: 'not available for a round robin (seats.roundRobin); run a pairing as its own rotated scenario' }]);
  }
  const quiet = args.flag('quiet');
  const json = args.flag('json');
  const chunkSize = args.number('chunk-size');
  const matchTimeoutSeconds = args.number('match-timeout');
  const maxErrors = args.number('max-errors') ?? 0;
  let pairingLabel = '';
  // Ctrl-C as in a plain run: the pairing playing publishes what it finished, marked
  // interrupted, and the pairings after it are listed as not played.
  const interrupt = interruptOnCtrlC(io, () => `${context.outDir} holds at most the pairings finished before it, without the round robin's summary; a round robin cannot be resumed: to play it whole, run it again with --force`);
  const { summary, files, status, failures } = await runTournament(scenario, {
    signal: interrupt.signal,
    outDir: context.outDir,
    eventFiles: args.flag('event-files'),
    command: context.command,
    workers: context.workers,
    maxErrors,
    replayCommand: (pairing, matchIndex) => replayCommand(context.scenarioFile, matchIndex, scenario.seed, context.set, { pairing, matchTimeoutSeconds }),
    force: args.flag('force'),
    ...(matchTimeoutSeconds === undefined ? {} : { matchTimeoutSeconds }),
    ...(chunkSize === undefined ? {} : { chunkSize }),
    onProgress: (done, total) => context.progress.update(done, total, pairingLabel),
    onPairing: (index, total, a, b) => {
      pairingLabel = `pairing ${index + 1} of ${total}`;
      if (!quiet && !json) io.stderr.write(`pairing ${index + 1} of ${total}: ${a} vs ${b}\n`);
    },
  }).finally(interrupt.stopListening);
  context.progress.stop();
  if (json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else if (!quiet) {
    const { game } = scenario.entry;
    io.stdout.write(
      `${game.title}: ${scenario.name} — round robin of ${summary.scenario.agents.length} agents, ${scenario.matches} matches per pairing, seed ${scenario.seed}\n\n` +
        `${formatTournament(summary)}\n\nWrote ${files.join(', ')} and a folder per pairing\n`,
    );
  }
  if (status === 'interrupted') {
    const notPlayed = summary.pairings.filter((pairing) => pairing.status === 'not played').length;
    const cut = summary.pairings.find((pairing) => pairing.status === 'interrupted');
    io.stderr.write(
      `hordelab: interrupted; ${context.outDir} holds the pairings played so far${cut === undefined ? '' : ` (${cut.a} vs ${cut.b} cut short)`}, ${notPlayed} of ${summary.pairings.length} not played, marked interrupted.\n` +
        `  A round robin cannot be resumed: to play it whole, run it again with --force.\n`,
    );
    return EXIT_INTERRUPTED;
  }
  if (failures.length === 0) return 0;
  // Failures are not progress: said even with --quiet, as a plain run says them.
  const errors = failures.reduce((sum, failure) => sum + failure.errors, 0);
  const where = failures.map((failure) => `${failure.a} vs ${failure.b}: ${failure.errors}`).join(', ');
  const notPlayed = summary.pairings.filter((pairing) => pairing.status === 'not played').length;
  const errorFiles = failures.map((failure) => join(context.outDir, failure.folder, 'errors.csv')).join(', ');
  const reproduce = failures.find((failure) => failure.reproduce !== null)?.reproduce;
  io.stderr.write(
    `hordelab: ${errors} match(es) failed (${where})` +
      (status === 'stopped' ? `; stopped after more than --max-errors ${maxErrors}${notPlayed > 0 ? `, ${notPlayed} of ${summary.pairings.length} pairings not played` : ''}` : '') +
      `. Each is in ${errorFiles} with the command that replays it.\n` +
      (reproduce === undefined ? '' : `  reproduce: ${reproduce}\n`),
  );
  return EXIT_FAILURE;
}

/**
 * `2000 matches`, or, for a run that did not finish, what its figures rest on:
 * `77 of 2000 matches played (run stopped: 1 failed)`, so no one reads them as the whole run.
 */
export function matchesLine(played: { readonly status: string; readonly matchesPlayed: number; readonly errors: number }, matches: number, shard?: Shard): string {
  // A shard's figures rest on its own block of the run's matches (audit 32a: "30000 matches" over a third of them).
  if (shard !== undefined) {
    const { start, end } = shardRange(matches, shard);
    const block = end === start ? `none of the run's ${matches} matches` : `matches ${start} to ${end - 1} of ${matches}`;
    return `shard ${shard.index}/${shard.count}, ${block}${end === start ? '' : `: ${matchesLine(played, end - start)}`}`;
  }
  if (played.status === 'complete' && played.errors === 0) return `${matches} ${matches === 1 ? 'match' : 'matches'}`;
  const failed = played.errors === 0 ? '' : `, ${played.errors} failed`;
  if (played.status === 'complete') return `${played.matchesPlayed} of ${matches} matches played${failed}`;
  return `${played.matchesPlayed} of ${matches} matches played (run ${played.status}${failed})`;
}

/** The matches a run plays: `2000 matches`, or a shard's `1000 matches of shard 0/2` (review 32c: a shard's interrupt line counted the whole run's). */
function shardMatches(matches: number, shard: Shard | undefined): string {
  const counted = (count: number): string => `${count} ${count === 1 ? 'match' : 'matches'}`;
  if (shard === undefined) return counted(matches);
  const { start, end } = shardRange(matches, shard);
  return `${counted(end - start)} of shard ${shard.index}/${shard.count}`;
}

/**
 * Ctrl-C: the run finishes writing the chunks already done, publishes them with a summary
 * marked interrupted, and keeps the checkpoint for --resume. A second Ctrl-C leaves at once,
 * saying so with `leaving` (audit 40c F3: it ended with not a word, the continue line unsaid).
 */
function interruptOnCtrlC(io: CliIo, leaving: () => string): { readonly signal: AbortSignal; readonly stopListening: () => void } {
  const interrupt = new AbortController();
  const stopListening = io.onInterrupt(() => {
    if (interrupt.signal.aborted) {
      io.stderr.write(`hordelab: interrupted again (${interruptName(io)}): left at once, without publishing; ${leaving()}\n`);
      io.exit(EXIT_INTERRUPTED);
      return;
    }
    interrupt.abort();
  });
  return { signal: interrupt.signal, stopListening };
}

/**
 * What a run left at once keeps: its checkpoint, and the line that continues from it; or, before
 * its first checkpoint, nothing to continue.
 */
function leftAtOnce(outDir: string, continueLine: string): string {
  if (existsSync(join(outDir, CHECKPOINT_FILE))) return `${outDir} keeps the checkpoint of the matches finished so far.\n  continue: ${continueLine}`;
  return `no match was kept in ${outDir}; play the run again (with --force if its folder holds an earlier run)`;
}

/** What a finished run prints: what was played by whom, a warning for random play, the outcomes and the game's summary, then speed and files. */
function runText(scenario: Scenario, result: RunResult, shard: Shard | undefined): string {
  const { game, report } = scenario.entry;
  const seats = scenario.seats.map((seat) => seat.name).join(' vs ');
  const rotation = scenario.rotate ? ', seats rotated (each seed played in both seatings)' : '';
  const agentsDiffer = new Set(scenario.seats.map((seat) => seat.name)).size > 1;
  const outcomeTable = agentsDiffer ? `${formatOutcomes(result.document.outcomes, game.seats)}\n\n` : '';
  // The skill behind the figures is named in the line above; random play gets a warning.
  // A seat that never acts plays no way at all: not "at random" (audit 37a F5).
  const warning = randomPlayWarning(result.document.scenario.seats, actingSeatsOf(result.document.results, result.document.scenario.rotateSeats));
  const clock = clockPlayWarning(result.document.scenario.seats);
  const cautions = cautionLines(result.document);
  return (
    `${game.title}: ${scenario.name} — ${matchesLine(result.document.run, scenario.matches, shard)}, seed ${scenario.seed}, ${seats}${rotation}\n\n` +
    (warning === null ? '' : `${warning}\n\n`) +
    (clock === null ? '' : `${clock}\n\n`) +
    outcomeTable +
    `${report.formatSummary(result.results)}\n\n` +
    (cautions.length === 0 ? '' : `${cautions.join('\n')}\n\n`) +
    `${result.document.timing.matchesPerSecond} matches/s. Wrote ${result.files.join(', ')}\n`
  );
}

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const scenarioFile = args.required('scenario');
  if (scenarioFile.endsWith('.checks.yaml') || scenarioFile.endsWith('.checks.yml')) {
    throw new UsageError([{ source: scenarioFile, field: '', message: 'is a checks file; run it with "hordelab check"' }]);
  }
  const matches = args.number('matches');
  const seed = args.number('seed');
  const set = assignments(args);
  const quiet = args.flag('quiet');
  const json = args.flag('json');
  if (args.flag('resume') && args.flag('force')) {
    throw new UsageError([{ source: '--force', field: '', message: 'give either --resume (continue the run in the folder) or --force (replace it), not both' }]);
  }
  // Everything the flags alone decide is checked before the scenario's modules are loaded.
  const shardText = args.text('shard');
  const shard = shardText === undefined ? undefined : parseShard(shardText);
  const reportText = args.text('report');
  const reportFormats = reportText === undefined ? [] : parseFormats(reportText, '--report');
  const scenario = await loadScenario(scenarioFile, {
    ...(matches === undefined ? {} : { matches }),
    ...(seed === undefined ? {} : { seed }),
    set,
  });
  writeWarnings(io, [scenarioSeatWarning(scenario)], args.flag('quiet'));
  const outDir = args.text('out') ?? resolvePath(io.cwd, join('reports', nameMadeFrom(scenario.name, '', scenario.file, 'name')));
  const command = ['hordelab', 'run', scenarioFile, '--seed', String(scenario.seed), '--matches', String(scenario.matches), ...set.flatMap((assignment) => ['--set', assignment])]
    .map(shellQuote)
    .join(' ');
  const workers = workerCount(args);
  const maxErrors = args.number('max-errors') ?? 0;
  // What summary.json records: the command with the flags that shape the output, which plays
  // the run again as it was (the continue line adds them itself, with --out and --resume).
  const recordedCommand = withOutputFlags(command, { maxErrors, eventFiles: args.flag('event-files') });
  const chunkSize = args.number('chunk-size');
  const matchTimeoutSeconds = args.number('match-timeout');
  const progress = startProgress(io, { quiet });
  try {
    if (scenario.tournament !== null) return await runRoundRobin(scenario, args, io, { outDir, command: recordedCommand, workers, progress, scenarioFile, set });
    const continueLine = (): string => continueCommand(command, { maxErrors, eventFiles: args.flag('event-files'), shard, matchTimeoutSeconds, outDir, reportFormats });
    const interrupt = interruptOnCtrlC(io, () => leftAtOnce(outDir, continueLine()));
    const replayMatch = (matchIndex: number): string => replayCommand(scenarioFile, matchIndex, scenario.seed, set, { matchTimeoutSeconds });
    const result = await runScenario(scenario, {
      outDir,
      eventFiles: args.flag('event-files'),
      command: recordedCommand,
      workers,
      maxErrors,
      ...(matchTimeoutSeconds === undefined ? {} : { matchTimeoutSeconds }),
      resume: args.flag('resume'),
      force: args.flag('force'),
      signal: interrupt.signal,
      ...(shard === undefined ? {} : { shard }),
      replayCommand: replayMatch,
      ...(chunkSize === undefined ? {} : { chunkSize }),
      onProgress: (done, total) => progress.update(done, total),
      onFinishedInFlight: (count) => progress.alsoFinished?.(count),
    }).finally(interrupt.stopListening);
    // Played and published: a Ctrl-C from here on (the text, the pages) says what the folder holds.
    const stopAfterPlay = io.onInterrupt(() => interruptedAfterPlay(io, outDir, result.status, reportFormats));
    progress.stop();
    try {
      return await finishRun(scenario, result, { io, outDir, json, quiet, reportFormats, shard, command, maxErrors, eventFiles: args.flag('event-files'), matchTimeoutSeconds, replayMatch });
    } finally {
      stopAfterPlay();
    }
  } finally {
    progress.stop();
  }
}

/** Ctrl-C once a run has published: the folder holds the run; pages asked for and not yet written are named, with the command that writes them. */
function interruptedAfterPlay(io: CliIo, outDir: string, status: string, reportFormats: readonly string[]): void {
  const held = status === 'complete' ? 'holds the whole run' : `holds the run as it stopped (${status})`;
  const pages = reportFormats.length === 0 ? '' : `; its pages may not all be written: hordelab report ${shellQuote(outDir)} --format ${reportFormats.join(',')}`;
  io.stderr.write(`hordelab: interrupted (${interruptName(io)}) after the matches were played: ${outDir} ${held}${pages}\n`);
  io.exit(EXIT_INTERRUPTED);
}

/** What a run prints and writes once its matches are published, and its exit code. */
async function finishRun(
  scenario: Scenario,
  result: RunResult,
  context: {
    io: CliIo;
    outDir: string;
    json: boolean;
    quiet: boolean;
    reportFormats: readonly ReportFormat[];
    shard: Shard | undefined;
    command: string;
    maxErrors: number;
    eventFiles: boolean;
    matchTimeoutSeconds: number | undefined;
    replayMatch: (matchIndex: number) => string;
  },
): Promise<number> {
  const { io, outDir, json, quiet, reportFormats, shard, command, maxErrors, matchTimeoutSeconds, replayMatch } = context;
  if (json) io.stdout.write(`${toJson(result.document)}\n`);
  else if (!quiet) io.stdout.write(runText(scenario, result, shard));
  const pagesDrawn = reportFormats.length === 0 || shard !== undefined || (await drawPages(io, outDir, reportFormats, quiet || json, scenario.entry.source?.path));
  if (result.status === 'interrupted') {
    const played = result.document.run.matchesPlayed + result.errors;
    io.stderr.write(
      `hordelab: interrupted (${interruptName(io)}) after ${played} of ${shardMatches(scenario.matches, shard)}; ${outDir} holds them with a summary marked interrupted.\n` +
        `  continue: ${continueCommand(command, { maxErrors, eventFiles: context.eventFiles, shard, matchTimeoutSeconds, outDir, reportFormats })}\n`,
    );
    return EXIT_INTERRUPTED;
  }
  if (result.errors > 0) {
    io.stderr.write(
      `hordelab: ${result.errors} match(es) failed` +
        (result.status === 'stopped' ? `; stopped after more than --max-errors ${maxErrors}` : '') +
        `. Each is in ${join(outDir, 'errors.csv')} with the command that replays it.\n` +
        // A resumed run's earlier failures are in errors.csv, not in this call's results: its
        // first is named as the first since the resume (audit 36b: it read as the run's first).
        (result.firstFailure === null
          ? ''
          : `  ${result.failuresBeforeResume === 0 ? 'first' : `first since the resume (${result.failuresBeforeResume} before it, first in errors.csv)`}: match ${result.firstFailure.matchIndex}: ${result.firstFailure.reason}\n  reproduce: ${replayMatch(result.firstFailure.matchIndex)}\n`),
    );
    return EXIT_FAILURE;
  }
  return pagesDrawn ? 0 : EXIT_FAILURE;
}

/**
 * Writes the run's pages (`--report`); false when they could not be drawn. The run is played and
 * published by then, so exit 2 (nothing run, nothing written) would be untrue: a page that fails
 * (a game module's charts, a folder that cannot take them) is said with the command that draws
 * the pages again, and the run exits 1.
 */
async function drawPages(io: CliIo, outDir: string, reportFormats: readonly ReportFormat[], quiet: boolean, gameModule: string | undefined): Promise<boolean> {
  try {
    const pages = await writeReports(outDir, reportFormats);
    if (!quiet) io.stdout.write(`Wrote ${pages.join(', ')}\n`);
    return true;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // The game module's own part failed: the pages need the module the run played, so only a
    // run of the fixed module draws them (its advice says so). Anything else (a folder that
    // cannot take them) is drawn again as the run stands.
    // A problem named on summary.json may be the module's too (a report that answers otherwise
    // for no matches, review 31d): with a game module, the hint says a fix to it needs a new run.
    const modules = gameModule !== undefined && error.issues.some((issue) => issue.source === gameModule);
    const again = `  draw them once that is fixed: hordelab report ${shellQuote(outDir)} --format ${reportFormats.join(',')}${gameModule === undefined ? '' : ' (a fix to the game module needs the scenario run again)'}\n`;
    io.stderr.write(`hordelab: the run's results are in ${outDir}, but its pages were not drawn: ${error.message.split('\n')[0] ?? ''}\n${modules ? '' : again}`);
    return false;
  }
}

