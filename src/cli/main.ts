#!/usr/bin/env -S node --single-threaded-gc --max-semi-space-size=4
/**
 * The `hordelab` command line. Exit codes: 0 success, 1 a failed match or internal failure
 * (printed with what reproduces it), 2 bad input (a scenario, a flag), with nothing written,
 * 130 interrupted.
 *
 * Node flags (the shebang above; V8 flags are process-wide and cannot be set once running):
 * --single-threaded-gc, because V8's parallel GC helpers otherwise contend with the worker
 * threads for the same cores (2 workers on 2 cores: 1.6× → 1.85× the speed of 1); and
 * --max-semi-space-size=4 (MB), which keeps the three isolates' heaps from growing to over
 * 300 MB on a million-match run (the live heap stays near 12 MB each) for about 6% speed.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, UsageError } from '../core/errors.js';
import { MatchFailure } from '../core/match-runner.js';
import { agents, games } from '../registry.js';
import { loadCheckFile, type CheckSpec } from '../check/check-file.js';
import { formatChecks, githubAnnotations, junitXml, markdownSummary } from '../check/check-output.js';
import { runChecks } from '../check/run-checks.js';
import { compareRuns, formatComparison } from '../present/compare.js';
import { formatSweep, parseAxis, runSweep, writeSweep } from '../tune/sweep.js';
import { formatTune, parseDimension, parseTarget, tune } from '../tune/tune.js';
import { readRunSummary } from '../present/metrics.js';
import { parseFormats, writeReports } from '../present/report-page.js';
import { formatOutcomes } from '../reports/outcomes.js';
import { matchesForDifference, matchesForDifferenceMargin, matchesForMargin } from '../stats/plan.js';
import { mergeRuns } from '../run/merge.js';
import { replayMatch } from '../run/replay.js';
import { DEFAULT_CHUNK_SIZE, runScenario, toJson } from '../run/run-scenario.js';
import { formatTournament, runTournament } from '../run/tournament.js';
import { loadScenario } from '../scenario/scenario.js';
import { ladderCommand } from '../ladder/ladder-command.js';
import { cardsCommand } from '../cards/cards-command.js';
import { HORDELAB_VERSION } from '../version.js';

interface RunArguments {
  scenario: string;
  matches: string | undefined;
  seed: string | undefined;
  out: string | undefined;
  set: string[] | undefined;
  eventFiles: boolean;
  quiet: boolean;
  json: boolean;
  workers: string | undefined;
  chunkSize: string | undefined;
  maxErrors: string | undefined;
  resume: boolean;
  shard: string | undefined;
  report: string | undefined;
}

/** Parses a whole-number flag itself, so an error can quote what the user typed. */
function wholeNumberFlag(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = /^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new UsageError([{ source: `--${name}`, field: '', message: `expected a whole number >= ${min}, got "${text}"` }]);
  }
  return value;
}

function shellQuote(word: string): string {
  return /^[\w./:=,@+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function progressReporter(quiet: boolean): ((done: number, total: number) => void) | undefined {
  if (quiet || !process.stderr.isTTY) return undefined;
  const started = performance.now();
  let lastDraw = 0;
  return (done, total) => {
    const now = performance.now();
    if (done < total && now - lastDraw < 200) return;
    lastDraw = now;
    const elapsedSeconds = (now - started) / 1000;
    const perSecond = done / Math.max(elapsedSeconds, 1e-9);
    const eta = done < total ? ` · ETA ${Math.ceil((total - done) / perSecond)}s` : '';
    process.stderr.write(`\r${done}/${total} matches · ${Math.round(perSecond)}/s${eta}\x1b[K`);
    if (done === total) process.stderr.write('\r\x1b[K');
  };
}

async function runCommand(args: RunArguments): Promise<number> {
  if (args.scenario.endsWith('.checks.yaml') || args.scenario.endsWith('.checks.yml')) {
    throw new UsageError([{ source: args.scenario, field: '', message: 'is a checks file; run it with "hordelab check"' }]);
  }
  const matches = wholeNumberFlag('matches', args.matches, 1);
  const seed = wholeNumberFlag('seed', args.seed, 0);
  const scenario = await loadScenario(args.scenario, {
    ...(matches === undefined ? {} : { matches }),
    ...(seed === undefined ? {} : { seed }),
    set: args.set ?? [],
  });
  const outDir = args.out ?? join('reports', scenario.name);
  const command = [
    'hordelab',
    'run',
    args.scenario,
    '--seed',
    String(scenario.seed),
    '--matches',
    String(scenario.matches),
    ...(args.set ?? []).flatMap((assignment) => ['--set', assignment]),
  ]
    .map(shellQuote)
    .join(' ');
  const shard = args.shard === undefined ? undefined : parseShard(args.shard);
  const workers = wholeNumberFlag('workers', args.workers, 0) ?? availableParallelism();
  const maxErrors = wholeNumberFlag('max-errors', args.maxErrors, 0) ?? 0;
  const chunkSize = wholeNumberFlag('chunk-size', args.chunkSize, 1);
  // Checked before any match runs: a typo in --report must not cost the run.
  const reportFormats = args.report === undefined ? [] : parseFormats(args.report, '--report');
  const onProgress = progressReporter(args.quiet);
  if (scenario.tournament !== null) {
    for (const [flag, used] of [
      ['--resume', args.resume],
      ['--shard', shard !== undefined],
      ['--report', reportFormats.length > 0],
    ] as const) {
      if (used) throw new UsageError([{ source: flag, field: '', message: 'not available for a round robin (seats.roundRobin); run a pairing as its own rotated scenario' }]);
    }
    const { summary, runs, files } = await runTournament(scenario, {
      outDir,
      eventFiles: args.eventFiles,
      command,
      workers,
      maxErrors,
      ...(chunkSize === undefined ? {} : { chunkSize }),
      ...(onProgress === undefined ? {} : { onProgress }),
      onPairing: (index, total, a, b) => {
        if (!args.quiet && !args.json) process.stderr.write(`pairing ${index + 1} of ${total}: ${a} vs ${b}\n`);
      },
    });
    if (args.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    else if (!args.quiet) {
      const { game } = scenario.entry;
      process.stdout.write(
        `${game.title}: ${scenario.name} — round robin of ${summary.scenario.agents.length} agents, ${scenario.matches} matches per pairing, seed ${scenario.seed}\n\n` +
          `${formatTournament(summary)}\n\nWrote ${files.join(', ')} and a folder per pairing\n`,
      );
    }
    return runs.some((run) => run.errors > 0) ? EXIT_FAILURE : 0;
  }
  // Ctrl-C: finish writing the chunks already done, publish them with a summary marked
  // interrupted, and keep the checkpoint for --resume. A second Ctrl-C leaves at once.
  const interrupt = new AbortController();
  const onSigint = (): void => {
    if (interrupt.signal.aborted) process.exit(EXIT_INTERRUPTED);
    interrupt.abort();
  };
  process.on('SIGINT', onSigint);
  const result = await runScenario(scenario, {
    outDir,
    eventFiles: args.eventFiles,
    command,
    workers,
    maxErrors,
    resume: args.resume,
    signal: interrupt.signal,
    ...(shard === undefined ? {} : { shard }),
    replayCommand: (matchIndex) =>
      ['hordelab', 'replay', args.scenario, '--match', String(matchIndex), '--seed', String(scenario.seed), ...(args.set ?? []).flatMap((a) => ['--set', a])]
        .map(shellQuote)
        .join(' '),
    ...(chunkSize === undefined ? {} : { chunkSize }),
    ...(onProgress === undefined ? {} : { onProgress }),
  }).finally(() => process.off('SIGINT', onSigint));
  if (args.json) {
    process.stdout.write(`${toJson(result.document)}\n`);
  } else if (!args.quiet) {
    const { game, report } = scenario.entry;
    const seats = scenario.seats.map((seat) => seat.name).join(' vs ');
    const rotation = scenario.rotate ? ', seats rotated (each seed played in both seatings)' : '';
    const agentsDiffer = new Set(scenario.seats.map((seat) => seat.name)).size > 1;
    const outcomeTable = agentsDiffer ? `${formatOutcomes(result.document.outcomes, game.seats)}\n\n` : '';
    process.stdout.write(
      `${game.title}: ${scenario.name} — ${scenario.matches} matches, seed ${scenario.seed}, ${seats}${rotation}\n\n` +
        outcomeTable +
        `${report.formatSummary(result.results)}\n\n` +
        `${result.document.timing.matchesPerSecond} matches/s. Wrote ${result.files.join(', ')}\n`,
    );
  }
  if (reportFormats.length > 0 && shard === undefined) {
    const pages = await writeReports(outDir, reportFormats);
    if (!args.quiet && !args.json) process.stdout.write(`Wrote ${pages.join(', ')}\n`);
  }
  if (result.status === 'interrupted') {
    const played = result.document.run.matchesPlayed + result.errors;
    process.stderr.write(
      `hordelab: interrupted after ${played} of ${scenario.matches} matches; ${outDir} holds them with a summary marked interrupted.\n` +
        `  continue: ${command} --out ${shellQuote(outDir)} --resume\n`,
    );
    return EXIT_INTERRUPTED;
  }
  if (result.errors > 0) {
    process.stderr.write(
      `hordelab: ${result.errors} match(es) failed` +
        (result.status === 'stopped' ? `; stopped after more than --max-errors ${maxErrors}` : '') +
        `. Each is in ${join(outDir, 'errors.csv')} with the command that replays it.\n`,
    );
    return EXIT_FAILURE;
  }
  return 0;
}

/** `--shard i/n`: shard i (0-based) of n. */
function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index >= count) {
    throw new UsageError([{ source: '--shard', field: '', message: `expected i/n with 0 <= i < n, such as 0/4, got "${text}"` }]);
  }
  return { index, count };
}

async function mergeCommand(dirs: readonly string[], out: string, quiet: boolean): Promise<number> {
  const { document, files } = await mergeRuns(dirs, out);
  if (!quiet) process.stdout.write(`Merged ${dirs.length} shards: ${document.run.matchesPlayed} matches. Wrote ${files.join(', ')}\n`);
  return document.run.errors > 0 ? EXIT_FAILURE : 0;
}

/** Parses a number flag in an open interval, quoting what the user typed when it is not. */
function fractionFlag(name: string, text: string | undefined, low: number, high: number): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\s*-?(\d+\.?\d*|\.\d+)(e-?\d+)?\s*$/i.test(text) ? Number(text) : Number.NaN;
  if (!(value > low && value < high)) {
    throw new UsageError([{ source: `--${name}`, field: '', message: `expected a number between ${low} and ${high} (exclusive), got "${text}"` }]);
  }
  return value;
}

interface CheckArguments {
  files: string[];
  junit: string | undefined;
  markdown: string | undefined;
  annotations: boolean;
  baseline: string | undefined;
  updateBaseline: boolean;
  failOnInconclusive: boolean;
  workers: string | undefined;
  quiet: boolean;
  json: boolean;
}

/** Exit code of `hordelab check` when only inconclusive checks stand between it and a pass. */
export const EXIT_INCONCLUSIVE = 3;

async function checkCommand(args: CheckArguments): Promise<number> {
  if (args.updateBaseline && args.baseline === undefined) {
    throw new UsageError([{ source: '--update-baseline', field: '', message: 'name the folder to store it in with --baseline DIR' }]);
  }
  const workers = wholeNumberFlag('workers', args.workers, 0) ?? availableParallelism();
  const checks: CheckSpec[] = [];
  let failOnInconclusive = args.failOnInconclusive;
  for (const file of args.files) {
    const loaded = await loadCheckFile(file);
    checks.push(...loaded.checks);
    failOnInconclusive ||= loaded.failOnInconclusive;
  }
  const names = new Map<string, string>();
  for (const check of checks) {
    const other = names.get(check.name);
    if (other !== undefined && other !== check.file) {
      throw new UsageError([{ source: check.file, field: `checks[${check.index}].name`, message: `"${check.name}" is also a check in ${other}; names must be unique across the files checked together` }]);
    }
    names.set(check.name, check.file);
  }
  const progress = !args.quiet && process.stderr.isTTY;
  const results = await runChecks(checks, {
    workers,
    ...(args.baseline === undefined ? {} : { baselineDir: args.baseline }),
    updateBaseline: args.updateBaseline,
    onBatch: (check, matches) => {
      if (progress) process.stderr.write(`\r\x1b[K${check.name}: ${matches} of ${check.budget} matches`);
    },
  });
  if (progress) process.stderr.write('\r\x1b[K');
  const write = (path: string, text: string): void => {
    writeFileSync(`${path}.tmp`, text);
    renameSync(`${path}.tmp`, path);
  };
  if (args.junit !== undefined) write(args.junit, junitXml(results, new Date().toISOString().replace(/\.\d+Z$/, '')));
  if (args.markdown !== undefined) write(args.markdown, markdownSummary(results));
  if (args.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else if (!args.quiet) process.stdout.write(`${formatChecks(results)}\n`);
  if (args.annotations) {
    const annotations = githubAnnotations(results);
    if (annotations !== '') process.stdout.write(`${annotations}\n`);
  }
  if (args.updateBaseline && !args.quiet) process.stderr.write(`Stored ${results.length} baselines in ${args.baseline}\n`);
  if (results.some((result) => result.status === 'fail')) return EXIT_FAILURE;
  if (results.some((result) => result.status === 'inconclusive')) return failOnInconclusive ? EXIT_FAILURE : EXIT_INCONCLUSIVE;
  return 0;
}

async function sweepCommand(args: { scenario: string; vary: string[]; metric: string[]; matches: string | undefined; seed: string | undefined; set: string[]; out: string | undefined; workers: string | undefined; quiet: boolean; json: boolean }): Promise<number> {
  const axes = args.vary.map(parseAxis);
  const matches = wholeNumberFlag('matches', args.matches, 1);
  const seed = wholeNumberFlag('seed', args.seed, 0);
  const workers = wholeNumberFlag('workers', args.workers, 0) ?? availableParallelism();
  const scenario = await loadScenario(args.scenario, { ...(seed === undefined ? {} : { seed }), set: args.set, ...(matches === undefined ? {} : { matches }) });
  const outDir = args.out ?? join('reports', `${scenario.name}-sweep`);
  const result = await runSweep(scenario, axes, {
    metrics: args.metric,
    matches: scenario.matches,
    workers,
    onPoint: (index, total, values) => {
      if (!args.quiet && !args.json) process.stderr.write(`configuration ${index + 1} of ${total}: ${Object.entries(values).map(([k, v]) => `${k}=${v}`).join(' ')}\n`);
    },
  });
  const files = await writeSweep(result, outDir);
  if (args.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (!args.quiet) process.stdout.write(`${formatSweep(result)}\nWrote ${files.join(', ')}\n`);
  return 0;
}

async function tuneCommand(args: {
  scenario: string;
  target: string[];
  space: string[];
  budget: string;
  candidates: string | undefined;
  confirm: string | undefined;
  tolerance: string | undefined;
  seed: string | undefined;
  set: string[];
  out: string | undefined;
  workers: string | undefined;
  resume: boolean;
  quiet: boolean;
  json: boolean;
}): Promise<number> {
  const targets = args.target.map(parseTarget);
  const space = args.space.map(parseDimension);
  const budget = wholeNumberFlag('budget', args.budget, 2) as number;
  const candidates = wholeNumberFlag('candidates', args.candidates, 2);
  const confirm = wholeNumberFlag('confirm', args.confirm, 2);
  const tolerance = fractionFlag('tolerance', args.tolerance, 0, 1);
  const seed = wholeNumberFlag('seed', args.seed, 0);
  const workers = wholeNumberFlag('workers', args.workers, 0) ?? availableParallelism();
  const scenario = await loadScenario(args.scenario, { ...(seed === undefined ? {} : { seed }), set: args.set });
  const outDir = args.out ?? join('reports', `${scenario.name}-tune`);
  const result = await tune(scenario, {
    targets,
    space,
    budget,
    workers,
    outDir,
    resume: args.resume,
    ...(candidates === undefined ? {} : { candidates }),
    ...(confirm === undefined ? {} : { confirm }),
    ...(tolerance === undefined ? {} : { tolerance }),
    onRound: (round, rounds, alive, matchesEach) => {
      if (!args.quiet && !args.json) process.stderr.write(`round ${round} of ${rounds}: ${alive} candidates, ${matchesEach} matches each\n`);
    },
  });
  if (args.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (!args.quiet) process.stdout.write(`${formatTune(result)}\n`);
  return 0;
}

async function reportCommand(runDir: string, formatText: string, out: string | undefined, quiet: boolean): Promise<number> {
  const formats = parseFormats(formatText, '--format');
  const written = await writeReports(runDir, formats, out ?? runDir);
  if (!quiet) process.stdout.write(`Wrote ${written.join(', ')}\n`);
  return 0;
}

function compareCommand(baselineDir: string, runDir: string, options: { alpha: string | undefined; json: boolean; all: boolean }): number {
  const alpha = fractionFlag('alpha', options.alpha, 0, 0.5) ?? 0.05;
  const baseline = readRunSummary(baselineDir);
  const run = readRunSummary(runDir);
  if (baseline.scenario.game !== run.scenario.game) {
    throw new UsageError([{ source: runDir, field: 'summary.json', message: `is a ${run.scenario.game} run and the baseline a ${baseline.scenario.game} one; compare runs of one game` }]);
  }
  const comparison = compareRuns(baselineDir, baseline, runDir, run, alpha);
  process.stdout.write(options.json ? `${JSON.stringify(comparison, null, 2)}\n` : `${formatComparison(comparison, options.all)}\n`);
  return 0;
}

interface PlanArguments {
  rate: string;
  vs: string | undefined;
  margin: string | undefined;
  power: string | undefined;
  confidence: string | undefined;
  rotated: boolean;
  json: boolean;
}

function planCommand(args: PlanArguments): number {
  const rate = fractionFlag('rate', args.rate, 0, 1) as number;
  const vs = fractionFlag('vs', args.vs, 0, 1);
  const margin = fractionFlag('margin', args.margin, 0, 0.5);
  const power = fractionFlag('power', args.power, 0.5, 1);
  const confidence = fractionFlag('confidence', args.confidence, 0, 1) ?? 0.95;
  const designEffect = args.rotated ? 2 : 1;
  const percent = (x: number): string => `${+(100 * x).toFixed(3)}%`;
  const seats = args.rotated ? ' (seats rotated: paired matches count as one, so twice as many)' : '';
  let matches: number;
  let text: string;
  if (vs === undefined) {
    if (margin === undefined) throw new UsageError([{ source: '--margin', field: '', message: 'give the interval half-width you want, such as --margin 0.01 for ±1 point' }]);
    if (power !== undefined) throw new UsageError([{ source: '--power', field: '', message: 'power is for telling two rates apart; add --vs RATE' }]);
    matches = matchesForMargin(rate, margin, confidence, designEffect);
    text = `${matches} matches pin a rate near ${percent(rate)} to ±${+(100 * margin).toFixed(3)} points (${percent(confidence)} Wilson interval)${seats}.`;
  } else if (margin !== undefined) {
    if (power !== undefined) throw new UsageError([{ source: '--power', field: '', message: 'give either --margin (interval width) or --power (a test), not both' }]);
    matches = matchesForDifferenceMargin(rate, vs, margin, confidence, designEffect);
    text = `${matches} matches per run measure the difference between ${percent(rate)} and ${percent(vs)} to ±${+(100 * margin).toFixed(3)} points (${percent(confidence)} interval)${seats}.`;
  } else {
    if (rate === vs) throw new UsageError([{ source: '--vs', field: '', message: 'equal to --rate: no number of matches tells a rate from itself' }]);
    const wanted = power ?? 0.8;
    matches = matchesForDifference(rate, vs, wanted, confidence, designEffect);
    text = `${matches} matches per run detect ${percent(rate)} against ${percent(vs)} with ${percent(wanted)} power at the ${percent(1 - confidence)} level (two-sided)${seats}.`;
  }
  process.stdout.write(args.json ? `${JSON.stringify({ matches, rate, vs: vs ?? null, margin: margin ?? null, power: vs !== undefined && margin === undefined ? (power ?? 0.8) : null, confidence, designEffect })}\n` : `${text}\n`);
  return 0;
}

interface ReplayArguments {
  scenario: string;
  match: string;
  seed: string | undefined;
  set: string[] | undefined;
}

async function replayCommand(args: ReplayArguments): Promise<number> {
  const matchIndex = wholeNumberFlag('match', args.match, 0) as number;
  const seed = wholeNumberFlag('seed', args.seed, 0);
  const scenario = await loadScenario(args.scenario, { ...(seed === undefined ? {} : { seed }), set: args.set ?? [] });
  // The scenario's own match count does not limit which match may be replayed.
  replayMatch({ ...scenario, matches: Math.max(scenario.matches, matchIndex + 1) }, matchIndex, (line) => process.stdout.write(`${line}\n`));
  return 0;
}

function listGames(): number {
  for (const { game } of games.values()) {
    process.stdout.write(`${game.id} — ${game.title} (${game.seats.length} seats)\n  parameters:\n`);
    for (const [name, spec] of Object.entries(game.parameters) as [string, { description: string; default: unknown }][]) {
      const json = JSON.stringify(spec.default);
      const shown =
        typeof spec.default === 'string' && spec.default.includes('\n')
          ? '(map text)'
          : Array.isArray(spec.default) && json.length > 100
            ? `(a list of ${spec.default.length}; see the README)`
            : json;
      process.stdout.write(`    ${name} = ${shown}\n      ${spec.description}\n`);
    }
  }
  return 0;
}

function listAgents(): number {
  for (const factory of agents.values()) process.stdout.write(`${factory.id} — ${factory.description}\n`);
  return 0;
}

/** Reports an error the way the exit code promises, and returns that code. */
function reportError(error: unknown, scenarioFile = '<scenario>'): number {
  if (error instanceof UsageError) {
    process.stderr.write(`hordelab: ${error.issues.length === 1 ? 'bad input' : `${error.issues.length} problems`}\n`);
    for (const line of error.message.split('\n')) process.stderr.write(`  ${line}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof MatchFailure) {
    process.stderr.write(
      `hordelab: internal failure in ${error.message}\n` +
        `  reproduce: hordelab replay ${scenarioFile} --match ${error.matchIndex} --seed ${error.runSeed}` +
        ` (match seed ${error.matchSeed})\n`,
    );
    if (error.cause instanceof Error && error.cause.stack) process.stderr.write(`${error.cause.stack}\n`);
    return EXIT_FAILURE;
  }
  process.stderr.write(`hordelab: internal failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return EXIT_FAILURE;
}

export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = 0;
  const run = async (task: () => number | Promise<number>, scenarioFile?: string): Promise<void> => {
    try {
      exitCode = await task();
    } catch (error) {
      exitCode = reportError(error, scenarioFile);
    }
  };
  await yargs(argv as string[])
    .scriptName('hordelab')
    .usage('$0 <command> [options]\n\nPlays tabletop games headlessly, thousands of seeded matches at a time, to measure their balance.')
    .command(
      'run <scenario>',
      'Play a scenario\'s matches and write matches.csv, per-event CSVs and summary.json',
      (command) =>
        command
          .positional('scenario', { type: 'string', demandOption: true, describe: 'Scenario file (.yaml, .yml or .json)' })
          .option('matches', { alias: 'n', type: 'string', requiresArg: true, describe: 'Number of matches (overrides the scenario)' })
          .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'Run seed (overrides the scenario); same seed, same bytes' })
          .option('out', { alias: 'o', type: 'string', describe: 'Output folder [default: reports/<scenario name>/]' })
          .option('set', {
            type: 'string',
            array: true,
            describe: 'Override a game parameter: key=value, value in YAML (--set actionPoints=4 --set "traps={40: 6, 80: 1}" --set traps.80=2). Repeatable',
          })
          .option('workers', {
            alias: 'w',
            type: 'string',
            requiresArg: true,
            describe: 'Worker threads [default: the available cores]; 0 plays in the main thread. Results do not depend on it',
          })
          .option('chunk-size', { type: 'string', requiresArg: true, describe: `Matches per chunk handed to a worker [default: up to ${DEFAULT_CHUNK_SIZE}, fewer on short runs so every worker gets several]; results do not depend on it` })
          .option('max-errors', {
            type: 'string',
            requiresArg: true,
            describe: 'Failed matches tolerated before the run stops [default: 0]; any failure makes the exit code 1',
          })
          .option('shard', {
            type: 'string',
            requiresArg: true,
            describe: 'Play only shard i of n (0-based; a contiguous block of match indices), for "hordelab merge": --shard 0/4',
          })
          .option('resume', {
            type: 'boolean',
            default: false,
            describe: 'Continue the interrupted (Ctrl-C) or killed run in the output folder; ends identical to an uninterrupted run',
          })
          .option('event-files', { type: 'boolean', default: true, describe: 'Write per-event CSVs such as catches.csv (--no-event-files skips them; the summary stays complete)' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing but errors' })
          .option('json', { type: 'boolean', default: false, describe: 'Print summary.json to stdout instead of the text summary' })
          .option('report', { type: 'string', requiresArg: true, describe: 'Also write pages, as "hordelab report" does: html, md, csv, json (comma-separated)' })
          .example('$0 run scenarios/trainers-first-player.yaml', 'The default scenario: 10,000 random-vs-random matches')
          .example('$0 run scenarios/duel-deck-balance.yaml --report html', 'The deck report with report.html to open in a browser')
          .example('$0 run scenarios/trainers-first-player.yaml -n 2000 --set actionPoints=4 -o reports/ap4', 'A variant into its own folder'),
      (args) =>
        run(() =>
          runCommand({
            scenario: args.scenario,
            matches: args.matches,
            seed: args.seed,
            out: args.out,
            set: args.set?.map(String),
            eventFiles: args.eventFiles,
            quiet: args.quiet,
            json: args.json,
            workers: args.workers,
            chunkSize: args.chunkSize,
            maxErrors: args.maxErrors,
            resume: args.resume,
            shard: args.shard,
            report: args.report,
          }),
          args.scenario,
        ),
    )
    .command(
      'replay <scenario>',
      'Replay one match of a scenario turn by turn: decisions, dice, events and the state after each decision',
      (command) =>
        command
          .positional('scenario', { type: 'string', demandOption: true, describe: 'Scenario file (.yaml, .yml or .json)' })
          .option('match', { alias: 'm', type: 'string', demandOption: true, requiresArg: true, describe: 'Match index (the match column of matches.csv)' })
          .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'Run seed, if the run overrode the scenario\'s' })
          .option('set', { type: 'string', array: true, describe: 'The same parameter overrides as the run (key=value, repeatable)' })
          .example('$0 replay scenarios/trainers-first-player.yaml --match 42', 'Match 42 of the default run'),
      (args) => run(() => replayCommand({ scenario: args.scenario, match: args.match, seed: args.seed, set: args.set?.map(String) }), args.scenario),
    )
    .command(
      'merge <dirs..>',
      'Merge the output folders of a run split with --shard into exactly what one run would have written',
      (command) =>
        command
          .positional('dirs', { type: 'string', array: true, demandOption: true, describe: 'Shard output folders, all n of them' })
          .option('out', { alias: 'o', type: 'string', demandOption: true, requiresArg: true, describe: 'Folder for the merged reports' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing but errors' })
          .example('$0 merge shards/0 shards/1 shards/2 --out reports/merged', 'Three shards into one report'),
      (args) => run(() => mergeCommand((args.dirs ?? []).map(String), args.out, args.quiet)),
    )
    .command(
      'check <files..>',
      'Run balance checks (*.checks.yaml): each plays matches in growing batches until an SPRT is sure the rate is inside or outside its band',
      (command) =>
        command
          .positional('files', { type: 'string', array: true, demandOption: true, describe: 'Checks files' })
          .option('junit', { type: 'string', requiresArg: true, describe: 'Write JUnit XML to this file' })
          .option('markdown', { type: 'string', requiresArg: true, describe: 'Write a Markdown table to this file (for $GITHUB_STEP_SUMMARY)' })
          .option('annotations', { type: 'boolean', default: false, describe: 'Print GitHub Actions annotations (::error / ::warning) for failed and inconclusive checks' })
          .option('baseline', { type: 'string', requiresArg: true, describe: 'Folder of stored figures: also fail a check whose rate moved significantly from its baseline' })
          .option('update-baseline', { type: 'boolean', default: false, describe: 'Store this run\'s figures in the --baseline folder instead of comparing' })
          .option('fail-on-inconclusive', { type: 'boolean', default: false, describe: 'Exit 1 instead of 3 when a budget runs out before a check is decided' })
          .option('workers', { alias: 'w', type: 'string', requiresArg: true, describe: 'Worker threads [default: the available cores]; 0 plays in the main thread' })
          .option('json', { type: 'boolean', default: false, describe: 'Print the results as JSON' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing but errors and annotations' })
          .epilogue('Exit codes: 0 every check passed; 1 a check failed (or, with --fail-on-inconclusive, was inconclusive); 3 only inconclusive checks; 2 bad input.')
          .example('$0 check scenarios/ci-balance.checks.yaml --junit balance.xml', 'The CI gate, with a JUnit report'),
      (args) =>
        run(() =>
          checkCommand({
            files: (args.files ?? []).map(String),
            junit: args.junit,
            markdown: args.markdown,
            annotations: args.annotations,
            baseline: args.baseline,
            updateBaseline: args.updateBaseline,
            failOnInconclusive: args.failOnInconclusive,
            workers: args.workers,
            quiet: args.quiet,
            json: args.json,
          }),
        ),
    )
    .command(
      'sweep <scenario>',
      'Play a grid of parameter values and agent settings on the same seeds; write sweep.csv, sweep.json and sweep.html',
      (command) =>
        command
          .positional('scenario', { type: 'string', demandOption: true, describe: 'Scenario file' })
          .option('vary', { type: 'string', array: true, demandOption: true, describe: 'name=v1,v2,...: a game parameter (dotted keys allowed) or seatN.setting; a+b=... varies both together; repeatable (a grid)' })
          .option('metric', { type: 'string', array: true, describe: 'Metric path(s) to report [default: the game\'s main win rate]' })
          .option('matches', { alias: 'n', type: 'string', requiresArg: true, describe: 'Matches per configuration [default: the scenario\'s]' })
          .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'Run seed (shared by every configuration)' })
          .option('set', { type: 'string', array: true, describe: 'Fixed overrides applied to every configuration' })
          .option('out', { alias: 'o', type: 'string', requiresArg: true, describe: 'Output folder [default: reports/<scenario name>-sweep/]' })
          .option('workers', { alias: 'w', type: 'string', requiresArg: true, describe: 'Worker threads [default: the available cores]' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing but errors' })
          .option('json', { type: 'boolean', default: false, describe: 'Print the sweep as JSON' })
          .example('$0 sweep scenarios/trainers-mcts.yaml --vary seat1.iterations+seat2.iterations=100,300,1000 -n 200', 'The first-player edge as play gets stronger'),
      (args) =>
        run(() =>
          sweepCommand({
            scenario: String(args.scenario),
            vary: (args.vary ?? []).map(String),
            metric: (args.metric ?? []).map(String),
            matches: args.matches,
            seed: args.seed,
            set: (args.set ?? []).map(String),
            out: args.out,
            workers: args.workers,
            quiet: args.quiet,
            json: args.json,
          }),
          String(args.scenario),
        ),
    )
    .command(
      'tune <scenario>',
      'Search parameters so that metrics hit their targets: successive halving on paired seeds, the winner confirmed on fresh seeds',
      (command) =>
        command
          .positional('scenario', { type: 'string', demandOption: true, describe: 'Scenario file' })
          .option('target', { type: 'string', array: true, demandOption: true, describe: 'metric=value, such as p1WinRate=0.5; repeatable' })
          .option('space', { type: 'string', array: true, demandOption: true, describe: 'name=lo..hi[:step] or name=a,b,c: a parameter (dotted keys, deck counts) or seatN.setting; repeatable' })
          .option('budget', { type: 'string', demandOption: true, requiresArg: true, describe: 'Matches for the search, all candidates and rounds together' })
          .option('candidates', { type: 'string', requiresArg: true, describe: 'Settings to start from [default: 24; the whole grid when smaller]' })
          .option('confirm', { type: 'string', requiresArg: true, describe: 'Fresh-seed matches to confirm the winner [default: 2000, or the last round\'s if more]' })
          .option('tolerance', { type: 'string', requiresArg: true, describe: 'Band around each target for the reported probability [default: 0.01]' })
          .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'Run seed of the search' })
          .option('set', { type: 'string', array: true, describe: 'Fixed overrides applied to every candidate' })
          .option('out', { alias: 'o', type: 'string', requiresArg: true, describe: 'Output folder [default: reports/<scenario name>-tune/]' })
          .option('workers', { alias: 'w', type: 'string', requiresArg: true, describe: 'Worker threads [default: the available cores]' })
          .option('resume', { type: 'boolean', default: false, describe: 'Continue the search saved in the output folder' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing but errors' })
          .option('json', { type: 'boolean', default: false, describe: 'Print the result as JSON' })
          .example('$0 tune scenarios/trainers-tune-fairness.yaml --target p1WinRate=0.5 --space actionPoints=2..5 --space traps.80=0..3 --budget 40000', 'Fair starting traps and action points'),
      (args) =>
        run(() =>
          tuneCommand({
            scenario: String(args.scenario),
            target: (args.target ?? []).map(String),
            space: (args.space ?? []).map(String),
            budget: String(args.budget),
            candidates: args.candidates,
            confirm: args.confirm,
            tolerance: args.tolerance,
            seed: args.seed,
            set: (args.set ?? []).map(String),
            out: args.out,
            workers: args.workers,
            resume: args.resume,
            quiet: args.quiet,
            json: args.json,
          }),
          String(args.scenario),
        ),
    )
    .command(
      'ladder <scenario>',
      'Ask a scenario\'s question at several skill levels on common seeds: every headline per level with intervals, and whether its verdict holds',
      (command) =>
        command
          .positional('scenario', { type: 'string', demandOption: true, describe: 'Scenario file' })
          .option('levels', { type: 'string', array: true, describe: 'Skill levels as agent specs, comma-separated: random,greedy,mcts:iterations=200 (a/b for one spec per seat) [default: the scenario\'s ladder:]' })
          .option('matches', { alias: 'n', type: 'string', requiresArg: true, describe: 'Matches per level [default: the scenario\'s]' })
          .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'Run seed, shared by every level' })
          .option('set', { type: 'string', array: true, describe: 'Game parameter overrides (key=value), as for run' })
          .option('band', { type: 'string', array: true, describe: 'headline=low..high: also judge whether a headline stays in this band at every level' })
          .option('out', { alias: 'o', type: 'string', requiresArg: true, describe: 'Output folder [default: reports/<scenario name>-ladder/]' })
          .option('workers', { alias: 'w', type: 'string', requiresArg: true, describe: 'Worker threads [default: the available cores]' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing but errors' })
          .option('json', { type: 'boolean', default: false, describe: 'Print the ladder as JSON' })
          .example('$0 ladder scenarios/trainers-first-player.yaml --levels random,greedy,mcts:iterations=300 -n 400', 'Does the first-player verdict survive competent play?'),
      (args) =>
        run(() =>
          ladderCommand({
            scenario: String(args.scenario),
            levels: (args.levels ?? []).map(String),
            matches: args.matches,
            seed: args.seed,
            set: (args.set ?? []).map(String),
            band: (args.band ?? []).map(String),
            out: args.out,
            workers: args.workers,
            quiet: args.quiet,
            json: args.json,
          }),
          String(args.scenario),
        ),
    )
    .command(
      'cards <scenario>',
      'The counterfactual value of every card of a deck: the change in its side\'s win rate from one copy fewer and one more, on common seeds',
      (command) =>
        command
          .positional('scenario', { type: 'string', demandOption: true, describe: 'Scenario file' })
          .option('deck', { type: 'string', array: true, describe: 'path@seat: a deck parameter and the seat it plays for (decks.plants@1, itemDeck@Humans) [default: the scenario\'s cards.decks, else the game\'s decks]' })
          .option('matches', { alias: 'n', type: 'string', requiresArg: true, describe: 'Matches per configuration [default: the scenario\'s cards.matches, else its matches]' })
          .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'Run seed, shared by every configuration' })
          .option('set', { type: 'string', array: true, describe: 'Game parameter overrides (key=value), as for run' })
          .option('out', { alias: 'o', type: 'string', requiresArg: true, describe: 'Output folder [default: reports/<scenario name>-cards/]; a run folder also works: its report then shows the card values' })
          .option('workers', { alias: 'w', type: 'string', requiresArg: true, describe: 'Worker threads [default: the available cores]' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing but errors' })
          .option('json', { type: 'boolean', default: false, describe: 'Print the card values as JSON' })
          .example('$0 cards scenarios/duel-deck-balance.yaml -n 2000', 'Every card of both Integer Duel decks')
          .example('$0 cards scenarios/survivors-survive.yaml --deck itemDeck@Humans -n 400', 'Every Survivors item'),
      (args) =>
        run(() =>
          cardsCommand({
            scenario: String(args.scenario),
            deck: (args.deck ?? []).map(String),
            matches: args.matches,
            seed: args.seed,
            set: (args.set ?? []).map(String),
            out: args.out,
            workers: args.workers,
            quiet: args.quiet,
            json: args.json,
          }),
          String(args.scenario),
        ),
    )
    .command(
      'report <run-dir>',
      'Write pages people read from a run folder: report.html (self-contained, with charts), report.md, metrics.csv, metrics.json',
      (command) =>
        command
          .positional('run-dir', { type: 'string', demandOption: true, describe: 'Output folder of "hordelab run" (holds summary.json)' })
          .option('format', { alias: 'f', type: 'string', requiresArg: true, default: 'html,md', describe: 'Comma-separated: html, md, csv, json' })
          .option('out', { alias: 'o', type: 'string', requiresArg: true, describe: 'Folder for the pages [default: the run folder]' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Print nothing but errors' })
          .example('$0 report reports/trainers-first-player', 'report.html and report.md beside the run\'s CSVs'),
      (args) => run(() => reportCommand(String(args.runDir), String(args.format), args.out, args.quiet)),
    )
    .command(
      'compare <baseline> <run>',
      'Compare two runs metric by metric: the difference with its interval and a test, significant changes flagged',
      (command) =>
        command
          .positional('baseline', { type: 'string', demandOption: true, describe: 'Output folder of the baseline run (holds summary.json)' })
          .positional('run', { type: 'string', demandOption: true, describe: 'Output folder of the run to compare with it' })
          .option('alpha', { type: 'string', requiresArg: true, describe: 'Significance level after Holm\'s correction over all metrics [default: 0.05]' })
          .option('all', { type: 'boolean', default: false, describe: 'List unchanged metrics too' })
          .option('json', { type: 'boolean', default: false, describe: 'Print the comparison as JSON' })
          .example('$0 compare reports/baseline reports/trap-rates-up', 'What raising the trap rates changed'),
      (args) => run(() => compareCommand(String(args.baseline), String(args.run), { alpha: args.alpha, json: args.json, all: args.all })),
    )
    .command(
      'plan',
      'How many matches a question needs: a rate to within a margin, or two rates told apart',
      (command) =>
        command
          .option('rate', { type: 'string', demandOption: true, requiresArg: true, describe: 'The rate you expect, such as 0.5' })
          .option('margin', { type: 'string', requiresArg: true, describe: 'Interval half-width you want, such as 0.01 for ±1 point' })
          .option('vs', { type: 'string', requiresArg: true, describe: 'A second rate: plan matches per run to tell the two apart' })
          .option('power', { type: 'string', requiresArg: true, describe: 'With --vs: the chance of detecting the difference [default: 0.8]' })
          .option('confidence', { type: 'string', requiresArg: true, describe: 'Confidence level [default: 0.95]' })
          .option('rotated', { type: 'boolean', default: false, describe: 'Seats rotated: paired matches share their dice, so plan twice as many' })
          .option('json', { type: 'boolean', default: false, describe: 'Print the plan as JSON' })
          .example('$0 plan --rate 0.5 --margin 0.01', 'Matches to pin a 50% rate to ±1 point')
          .example('$0 plan --rate 0.5 --vs 0.55', 'Matches per run to detect 50% against 55% with 80% power'),
      (args) =>
        run(() =>
          planCommand({ rate: String(args.rate), vs: args.vs, margin: args.margin, power: args.power, confidence: args.confidence, rotated: args.rotated, json: args.json }),
        ),
    )
    .command('games', 'List the games and their parameters with defaults', () => {}, () => run(listGames))
    .command('agents', 'List the built-in agents', () => {}, () => run(listAgents))
    .demandCommand(1, 'Name a command: run, check, report, compare, plan, sweep, tune, ladder, cards, replay, merge, games or agents.')
    .strict()
    .version(HORDELAB_VERSION)
    .help()
    .alias('help', 'h')
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .fail((message, error) => {
      // Command handlers catch their own errors, so whatever reaches here is a usage problem
      // found by yargs (unknown flag, missing argument).
      process.stderr.write(`hordelab: ${message ?? error?.message}\nRun "hordelab --help" for usage.\n`);
      exitCode = EXIT_USAGE;
    })
    .parseAsync();
  return exitCode;
}

// Piping into `head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const exitCode = await main(hideBin(process.argv));
process.exitCode = exitCode;
