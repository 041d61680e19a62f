/**
 * `npm run mutation`: mutation testing of the modules in `mutation/modules.ts`, one module at a
 * time, each against its own test files, then `reports/mutation.md` regenerated from the stored
 * results.
 *
 * Options: `--mutate <module>` (repeatable) to run only those configured modules, or
 * `--mutate <module>:<from>-<to>` for only the mutants on those lines, merged into the stored
 * results (`slices.ts`); `--force` to
 * re-test every mutant instead of only those whose code or tests changed; `--concurrency <n>`
 * (1 or 2) for that many test runners instead of one; `--report-only` to rewrite the report
 * from the stored results without running anything.
 *
 * Exit codes: 0 every module run is at the target; 1 a module is below it, or Stryker failed;
 * 2 bad flags or a broken module list. The process lowers its own priority (nice 10) and its
 * children inherit it: a run takes minutes of CPU on a machine other people share.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type MutationModule, TARGET_COVERED_SCORE, mutationModules, resultFile } from './modules.js';
import { REPORT_FILE, storedSummary, writeReport } from './report.js';
import { type LineRange, type StoredResults, mergeSlice, parseSlice } from './slices.js';

const STRYKER = 'node_modules/.bin/stryker';
const FLAGS = 'expected --mutate <module>, --force, --concurrency <1|2> or --report-only';

function usageError(message: string): never {
  process.stderr.write(`mutation: ${message}\n`);
  process.exit(2);
}

/** A module to run, whole (`range` null) or a slice of its lines. */
interface Target {
  readonly module: MutationModule;
  readonly range: LineRange | null;
}

interface Options {
  readonly targets: readonly Target[];
  readonly force: boolean;
  readonly reportOnly: boolean;
  /** Test runners Stryker starts; `null` keeps the config's one. */
  readonly concurrency: number | null;
}

function parseOptions(argv: readonly string[]): Options {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { mutate: { type: 'string', multiple: true }, force: { type: 'boolean' }, concurrency: { type: 'string' }, 'report-only': { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    const flag = /'([^']*)'/.exec((error as Error).message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') usageError(`unknown flag ${flag ?? ''}; ${FLAGS}`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') usageError(`unexpected argument ${flag ?? ''}; ${FLAGS}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag?.startsWith('--concurrency') === true) usageError('--concurrency needs a number of test runners, 1 or 2');
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') usageError(`--mutate needs a module path, for example --mutate ${mutationModules[0]?.source}`);
    usageError(`${(error as Error).message}; ${FLAGS}`);
  }
  const requested = (values.mutate ?? []).map((path) => path.replace(/^\.\//, ''));
  const targets = requested.length === 0 ? mutationModules.map((module) => ({ module, range: null })) : requested.map(target);
  return { targets, force: values.force === true, reportOnly: values['report-only'] === true, concurrency: parseConcurrency(values.concurrency) };
}

/** At most 2: the machine is shared, and a larger pool mostly waits for the same two cores. */
function parseConcurrency(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (text !== '1' && text !== '2') usageError(`--concurrency ${text}: expected 1 or 2 (test runners)`);
  return Number(text);
}

function target(value: string): Target {
  const slice = parseSlice(value);
  if (slice === null) return { module: configuredModule(value), range: null };
  const [from, to] = slice.range;
  if (!(from >= 1 && to >= from)) usageError(`--mutate ${value}: expected a line range <from>-<to> with 1 <= from <= to`);
  return { module: configuredModule(slice.path), range: slice.range };
}

function configuredModule(source: string): MutationModule {
  const module = mutationModules.find((candidate) => candidate.source === source);
  if (module === undefined) {
    usageError(
      `--mutate ${source}: not a configured module; expected one of ${mutationModules.map((m) => m.source).join(', ')} ` +
        '(add it with its test files to mutation/modules.ts)',
    );
  }
  return module;
}

function checkFilesExist(modules: readonly MutationModule[]): void {
  for (const module of modules) {
    for (const file of [module.source, ...module.tests]) {
      if (!existsSync(file)) usageError(`mutation/modules.ts: ${file} (of module ${module.source}) does not exist`);
    }
  }
}

/**
 * Drops the stored survivors among static mutants (values built when the module loads) so
 * Stryker tests them again. Its incremental mode re-tests a survivor only when a test covering
 * it changed, and static mutants have no per-test coverage: a new test that kills one would
 * never be noticed. They are few, and each runs the module's whole test list.
 */
function forgetStaticSurvivors(module: MutationModule): void {
  const file = resultFile(module);
  if (!existsSync(file)) return;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, { mutants: { static?: boolean; status: string }[] }> };
  for (const entry of Object.values(stored.files)) {
    entry.mutants = entry.mutants.filter((mutant) => !(mutant.static === true && mutant.status === 'Survived'));
  }
  writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`);
}

/** Runs Stryker on one module or slice; returns the wall time in seconds. Exits 1 when Stryker fails. */
function runModule({ module, range }: Target, force: boolean, concurrency: number | null): number {
  forgetStaticSurvivors(module);
  // A slice starts from the stored results (for Stryker's reuse) in a file of its own, merged back after.
  const sliceFile = `${resultFile(module)}.slice`;
  if (range !== null && existsSync(resultFile(module))) writeFileSync(sliceFile, readFileSync(resultFile(module)));
  const incremental = range === null ? resultFile(module) : sliceFile;
  const mutate = range === null ? module.source : `${module.source}:${range[0]}-${range[1]}`;
  const args = ['run', 'stryker.config.mjs', '--mutate', mutate, '--incrementalFile', incremental];
  if (force) args.push('--force');
  if (concurrency !== null) args.push('--concurrency', String(concurrency));
  process.stdout.write(`\nmutation: ${module.source} against ${module.tests.join(', ')}\n`);
  const started = performance.now();
  const env = { ...process.env, HORDELAB_MUTATION_TESTS: module.tests.join(',') };
  const result = spawnSync(STRYKER, args, { stdio: 'inherit', env });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    process.stderr.write(`mutation: Stryker failed on ${module.source} (exit ${String(result.status ?? result.signal)}); reproduce with: HORDELAB_MUTATION_TESTS=${env.HORDELAB_MUTATION_TESTS} ${STRYKER} ${args.join(' ')}\n`);
    rmSync(sliceFile, { force: true });
    process.exit(1);
  }
  if (range !== null) {
    const stored = existsSync(resultFile(module)) ? (JSON.parse(readFileSync(resultFile(module), 'utf8')) as StoredResults) : null;
    const slice = JSON.parse(readFileSync(sliceFile, 'utf8')) as StoredResults;
    writeFileSync(resultFile(module), `${JSON.stringify(mergeSlice(stored, slice, module.source, range), null, 2)}\n`);
    rmSync(sliceFile);
  } else {
    // A whole run measures every line.
    const stored = JSON.parse(readFileSync(resultFile(module), 'utf8')) as StoredResults;
    delete stored.hordelabMeasured;
    writeFileSync(resultFile(module), `${JSON.stringify(stored, null, 2)}\n`);
  }
  tidyResults(module);
  return seconds;
}

/**
 * Drops the machine-specific parts of a stored result (the absolute project root, the options
 * of the run) so the committed file changes only when results do. Stryker's incremental reader
 * needs only `files` and `testFiles`.
 */
function tidyResults(module: MutationModule): void {
  const file = resultFile(module);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  delete stored['projectRoot'];
  delete stored['config'];
  writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`);
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  checkFilesExist(options.targets.map((t) => t.module));
  if (!existsSync(STRYKER)) usageError(`${STRYKER} is missing; run npm ci first`);
  if (getPriority() < 10) setPriority(10);

  const seconds = new Map<MutationModule, number>();
  if (!options.reportOnly) {
    for (const t of options.targets) seconds.set(t.module, (seconds.get(t.module) ?? 0) + runModule(t, options.force, options.concurrency));
  }
  writeReport(mutationModules);

  let belowTarget = 0;
  process.stdout.write(`\nmutation: wrote ${REPORT_FILE}\n`);
  const modules = [...new Set(options.targets.map((t) => t.module))];
  for (const module of modules) {
    const summary = storedSummary(module);
    const time = seconds.has(module) ? `, ${Math.round(seconds.get(module) as number)} s` : '';
    if (summary === null) {
      process.stdout.write(`  ${module.source}: not run yet\n`);
      continue;
    }
    const covered = summary.coveredScore ?? 100;
    // Results of an earlier version say nothing of this one: not at the target until re-run.
    if (covered < TARGET_COVERED_SCORE || summary.stale) belowTarget++;
    process.stdout.write(
      `  ${module.source}: ${summary.mutants} mutants, ${summary.survived} survived, ${summary.noCoverage} uncovered, ` +
        `score of covered ${covered.toFixed(1)}%${summary.measured === null ? '' : ` (lines ${summary.measured.map(([f, t]) => `${f}-${t}`).join(', ')} only)`}${summary.stale ? ' (stale: measured on an earlier version of the source)' : ''}${time}\n`,
    );
  }
  if (belowTarget > 0) {
    process.stderr.write(`mutation: ${belowTarget} module(s) below the target score of covered code of ${TARGET_COVERED_SCORE}% or measured on an earlier version of their source\n`);
    process.exit(1);
  }
}

main();
