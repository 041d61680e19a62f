/** What `hordelab check` does; its flags and help are declared in `../commands/check.ts`. */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT_FAILURE, UsageError } from '../../core/errors.js';
import { loadCheckFile, type CheckSpec } from '../../check/check-file.js';
import { checksJson, formatChecks, githubAnnotations, junitXml, markdownSummary } from '../../check/check-output.js';
import { runChecks, type CheckResult } from '../../check/run-checks.js';
import { checkOutputFile, writeOutputFile, type OutputFileRequest } from '../../present/output-folder.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { matchTimeout, workerCount } from '../common-options.js';
import { startProgress } from '../progress.js';
import { scenarioSeatWarning, writeWarnings } from '../seat-warnings.js';

/** Exit code of `hordelab check` when only inconclusive checks stand between it and a pass. */
export const EXIT_INCONCLUSIVE = 3;

/**
 * Every check of every file, names unique across the files, and the files that set
 * `failOnInconclusive: true` (for their own checks: audit 39b M4).
 */
async function loadChecks(files: readonly string[]): Promise<{ checks: CheckSpec[]; failOnInconclusive: Set<string> }> {
  const checks: CheckSpec[] = [];
  const failOnInconclusive = new Set<string>();
  const seen = new Map<string, string>();
  for (const file of files) {
    // The same file twice (by another spelling or a link too) would run and count every check twice.
    let real = resolve(file);
    try {
      real = realpathSync(file);
    } catch {
      // Missing: loadCheckFile names it.
    }
    const earlier = seen.get(real);
    if (earlier !== undefined) throw new UsageError([{ source: file, field: '', message: `is the checks file ${earlier} again; give each file once` }]);
    seen.set(real, file);
    const loaded = await loadCheckFile(file);
    checks.push(...loaded.checks);
    if (loaded.failOnInconclusive) failOnInconclusive.add(file);
  }
  const names = new Map<string, string>();
  for (const check of checks) {
    const other = names.get(check.name);
    if (other !== undefined && other !== check.file) {
      throw new UsageError([{ source: check.file, field: `checks[${check.index}].name`, message: `"${check.name}" is also a check in ${other}; names must be unique across the files checked together` }]);
    }
    names.set(check.name, check.file);
  }
  return { checks, failOnInconclusive };
}

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const baseline = args.text('baseline');
  const updateBaseline = args.flag('update-baseline');
  if (updateBaseline && baseline === undefined) {
    throw new UsageError([{ source: '--update-baseline', field: '', message: 'name the folder to store it in with --baseline DIR' }]);
  }
  const junit = args.text('junit');
  const markdown = args.text('markdown');
  const files = args.list('files');
  // Neither output is one of the files read, nor inside the baselines' folder, nor the other output.
  const inputs = {
    inputFiles: files.map((file) => ({ path: file, what: 'a checks file' })),
    inputFolders: baseline === undefined ? [] : [{ path: baseline, what: 'the --baseline folder' }],
  };
  const outputs: [string, OutputFileRequest][] = [];
  if (junit !== undefined) outputs.push([junit, { flag: '--junit', kind: 'JUnit report', ...inputs }]);
  if (markdown !== undefined) outputs.push([markdown, { flag: '--markdown', kind: 'Markdown summary', ...inputs }]);
  if (junit !== undefined && markdown !== undefined && resolve(junit) === resolve(markdown)) {
    throw new UsageError([{ source: '--markdown', field: '', message: `${markdown} is also the --junit file; name another file` }]);
  }
  // Output files are checked before any match: a typo there must not cost the checks.
  for (const [path, request] of outputs) checkOutputFile(path, request);
  const quiet = args.flag('quiet');
  const loaded = await loadChecks(files);
  writeWarnings(io, loaded.checks.map((check) => scenarioSeatWarning(check.scenario)), args.flag('quiet'));
  // The baselines' folder is checked by runChecks, before any match (checkBaselineTargets).
  const budget = loaded.checks.reduce((sum, check) => sum + check.budget, 0);
  const progress = startProgress(io, { quiet, upperBound: true, total: budget });
  const played = new Map<string, number>();
  let results;
  try {
    results = await runChecks(loaded.checks, {
      workers: workerCount(args),
      ...matchTimeout(args),
      ...(baseline === undefined ? {} : { baselineDir: baseline }),
      updateBaseline,
      // Checked again before the first baseline is stored: the checks may have taken a while.
      beforeStoring: () => {
        for (const [path, request] of outputs) checkOutputFile(path, request);
      },
      // Counted as each chunk finishes, not each batch: a slow game's batch takes minutes, and
      // "none finished yet" must mean that.
      onMatches: (check, matches) => {
        played.set(check.name, matches);
        progress.update([...played.values()].reduce((sum, count) => sum + count, 0), budget, `check ${check.name}`);
      },
    });
  } finally {
    progress.stop();
  }
  // Checked again, both before either is written (and, with --update-baseline, before storing).
  for (const [path, request] of outputs) checkOutputFile(path, request);
  const timestamp = new Date().toISOString().replace(/\.\d+Z$/, '');
  // An inconclusive check fails the run under --fail-on-inconclusive or its own file's failOnInconclusive.
  const flag = args.flag('fail-on-inconclusive');
  const failsRun = (result: CheckResult): boolean => result.status === 'inconclusive' && (flag || loaded.failOnInconclusive.has(result.file));
  for (const [path, request] of outputs) writeOutputFile(path, request.kind === 'JUnit report' ? junitXml(results, timestamp, failsRun) : markdownSummary(results), request);
  if (args.flag('json')) io.stdout.write(`${checksJson(results)}\n`);
  else if (!quiet) io.stdout.write(`${formatChecks(results)}\n`);
  if (args.flag('annotations')) {
    const annotations = githubAnnotations(results, failsRun);
    if (annotations !== '') io.stdout.write(`${annotations}\n`);
  }
  if (updateBaseline && !quiet) {
    // A check whose metric had no samples stores none (its line says so).
    const stored = results.filter((result) => result.estimate.n > 0).length;
    const without = results.length - stored;
    io.stderr.write(`Stored ${stored} baseline${stored === 1 ? '' : 's'} in ${baseline}${without === 0 ? '' : ` (${without} without samples not stored)`}\n`);
  }
  if (results.some((result) => result.status === 'fail')) return EXIT_FAILURE;
  const inconclusive = results.filter((result) => result.status === 'inconclusive');
  if (inconclusive.length > 0) {
    // A file's failOnInconclusive is its own checks' (the README puts it "at the top of the
    // file"): it made another file's inconclusive checks fail the run (audit 39b M4).
    const failing = inconclusive.filter(failsRun);
    if (failing.length === 0) return EXIT_INCONCLUSIVE;
    // The count says 0 failed: the exit code's reason is said, not left to be guessed, with the file that said so.
    const by = flag ? '--fail-on-inconclusive' : `failOnInconclusive: true in ${[...new Set(failing.map((result) => result.file))].join(', ')}`;
    if (!quiet) io.stderr.write(`hordelab: exit 1: no check failed, but an inconclusive one fails the run (${by})\n`);
    return EXIT_FAILURE;
  }
  return 0;
}

