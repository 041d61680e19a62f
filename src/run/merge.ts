/**
 * Merges the outputs of a run split with `--shard i/n` (on a cluster, a CI matrix, several
 * machines) into exactly what one run would have written: shards hold contiguous blocks of match
 * indices, so their CSV rows concatenate in shard order, and aggregates are integer sums, so
 * they merge exactly.
 *
 * Nothing a shard says is taken on trust. Its `shard.json` is checked against a schema; every
 * file it wrote must have the length and SHA-256 the shard recorded; its aggregate must match
 * its digest, its row counts and its own summary.json; and the scenario, loaded with module
 * paths resolved from the scenario file (never from where merge runs), must give the shards'
 * key. Any mismatch is exit 2 naming the shard and the file, with nothing published. The
 * merged folder is claimed and published like a run's (`OutputFolder`).
 */
import { closeSync, createReadStream, existsSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, extname, join } from 'node:path';
import { z } from 'zod';
// Its schemas read files a user hands over: zod's messages set first, whatever loaded this module.
import '../core/zod-messages.js';
import { UsageError } from '../core/errors.js';
import { checkArgument, checkOptions, FLAG, kind } from '../core/library-options.js';
import { liesInside, samePath } from '../core/same-path.js';
import { formatPath } from '../core/parameters.js';
import { emptyOutcomes, mergeOutcomes, type OutcomeAggregate } from '../reports/outcomes.js';
import { parseScenario, scenarioFileData, type Scenario } from '../scenario/scenario.js';
import { namingFile } from './atomic-file.js';
import { OutputFolder } from './output-folder.js';
import { canonicalJson, digest, runKeyParts, shardSetKey } from './run-key.js';
import { keyPartDifferences } from './journal.js';
import { runFileHeads, runFileNames } from './run-scenario.js';
import { SHARD_FILE, shardCommand, withOutputFlags, type ShardRecord } from './shard.js';
import { SUMMARY_FILE, summaryDocument, summaryTableFiles, toJson, type SummaryDocument } from './summary.js';

const wholeNumber = z.number().int().min(0);
const digestSchema = z.strictObject({ bytes: wholeNumber, sha256: z.string().regex(/^[0-9a-f]{64}$/) });
const shardSchema = z.strictObject({
  version: z.literal(2, { message: 'expected 2 (a shard written by this version of hordelab; re-run older shards)' }),
  key: z.string(),
  shard: z.strictObject({ index: wholeNumber, count: z.number().int().min(1) }),
  start: wholeNumber,
  end: wholeNumber,
  status: z.enum(['complete', 'stopped', 'interrupted']),
  source: z.strictObject({ text: z.string(), file: z.string(), overrides: z.record(z.string(), z.unknown()) }),
  scenarioPath: z.string(),
  eventFiles: z.boolean(),
  maxErrors: wholeNumber,
  command: z.string(),
  aggregate: z.unknown(),
  outcomes: z.strictObject({ seats: z.number().int().min(1), agents: z.record(z.string(), wholeNumber), selfPlay: z.record(z.string(), wholeNumber), tally: z.unknown() }),
  aggregateSha256: z.string(),
  files: z.record(z.string(), digestSchema),
  errors: wholeNumber,
  matchesPlayed: wholeNumber,
  seconds: z.number().min(0),
  workers: wholeNumber,
  chunkSize: z.number().int().min(1),
});

interface LoadedShard {
  readonly dir: string;
  readonly record: ShardRecord;
}

/**
 * What `make` reads from a shard's aggregate (its summary, or the aggregate merged into the
 * run's). An aggregate that passes its digest yet holds no figures (a sum that is no number:
 * edited, its digest recomputed by hand) is refused as the edited record it is, where it ended
 * in an internal failure with a stack (review 27e).
 */
function readAggregate<T>(dir: string, make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw shardIssue(dir, SHARD_FILE, `its aggregate does not read as a run's figures (${(error as Error).message}): shard.json was edited, or written by another Hordelab; re-run the shard`, 'aggregate');
  }
}

function shardIssue(dir: string, file: string, message: string, field = ''): UsageError {
  return new UsageError([{ source: join(dir, file), field, message }]);
}

/**
 * Refuses a shard's `file` that is there but no file: a folder failed the read with EISDIR, an
 * internal failure with a stack, and a pipe was read until a writer came, the merge hanging
 * without a word (audit 36b). Every file merge reads passes here first.
 */
function refuseNonFile(dir: string, file: string): void {
  let stats;
  try {
    stats = statSync(join(dir, file));
  } catch {
    return; // not there (or unreadable): the read that follows says so
  }
  if (stats.isDirectory()) throw shardIssue(dir, file, 'is a folder, expected a file; the shard folder is damaged: re-run the shard');
  if (!stats.isFile()) throw shardIssue(dir, file, 'is not a file (a pipe, socket or device); the shard folder is damaged: re-run the shard');
}

function readShard(dir: string): LoadedShard {
  const path = join(dir, SHARD_FILE);
  if (!existsSync(path)) {
    // Said as what it is: "no shard.json here" read as if the folder were there (audit 37b L5).
    const what = ((): string => {
      try {
        const stats = statSync(dir);
        return stats.isDirectory() ? `no ${SHARD_FILE} here` : stats.isFile() ? 'is a file, not a folder' : 'is not a folder (a pipe, socket or device)';
      } catch {
        return 'no such folder';
      }
    })();
    throw new UsageError([{ source: dir, field: '', message: `${what}: expected the output folder of "hordelab run --shard i/n"` }]);
  }
  refuseNonFile(dir, SHARD_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw shardIssue(dir, SHARD_FILE, `not valid JSON (${(error as Error).message}); the shard folder is damaged: re-run the shard`);
  }
  const parsed = shardSchema.safeParse(raw);
  if (!parsed.success) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: (true, false, !==, '') the record's schema has no arrays, so every key of an issue's path is a string already
    throw new UsageError(parsed.error.issues.map((issue) => ({ source: path, field: formatPath(issue.path.map((key) => (typeof key === 'number' ? key : String(key)))), message: issue.message })));
  }
  const record = parsed.data as unknown as ShardRecord;
  if (record.shard.index >= record.shard.count || record.start > record.end) {
    throw shardIssue(dir, SHARD_FILE, `shard ${record.shard.index}/${record.shard.count} covering matches ${record.start}..${record.end} is not a shard`, 'shard');
  }
  return { dir, record };
}

/**
 * The scenario the shards played, loaded from the text they recorded with module paths resolved
 * from the scenario file's own folder; reported under the file name the run was given.
 */
async function shardScenario(record: ShardRecord): Promise<Scenario> {
  const { source } = record;
  const scenario = await parseScenario(source.text, record.scenarioPath, source.overrides);
  return { ...scenario, file: source.file, source };
}

/**
 * The parts of the run key on which shard `other` differs from shard `first`, as a resume names
 * them (`params.tricks (3 in the first shard, 2 here)`): each shard's scenario read again from
 * what it recorded (audit 33b: "a shard of another run" named none). Empty when a scenario cannot
 * be read again (a module gone) or no part differs that way (a module's content).
 */
async function partsDifferingFrom(first: ShardRecord, other: ShardRecord): Promise<string[]> {
  try {
    const [a, b] = [await shardScenario(first), await shardScenario(other)];
    const partsOf = (scenario: Scenario, record: ShardRecord): Record<string, string> => runKeyParts(scenario, { eventFiles: record.eventFiles, maxErrors: record.maxErrors }, undefined);
    // Worded as the message is made: rewording it after, by a pattern, changed a value holding
    // " then," or " now)" too (review 34a F7).
    return keyPartDifferences(partsOf(a, first), partsOf(b, other), { recorded: 'in the first shard', current: 'here' });
  } catch {
    return [];
  }
}

/**
 * The name and description a shard's recorded scenario text gives (the name from its file's where
 * the text gives none), read without loading anything it names; null where the text cannot be
 * read (the key check that follows names what is wrong with such a shard).
 */
function recordedNaming(record: ShardRecord): { name: string; description: string } | null {
  let data: unknown;
  try {
    data = scenarioFileData(record.source.text, record.source.file);
  } catch {
    return null;
  }
  const fields = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const name = typeof fields['name'] === 'string' ? fields['name'] : basename(record.source.file, extname(record.source.file));
  return { name, description: typeof fields['description'] === 'string' ? fields['description'] : '' };
}

/** How a refusal names the output folder and `force`: the command's flags, or the library's arguments. */
export interface MergeNames {
  /** `--out`, or `mergeRuns: outDir`. */
  readonly outDir: string;
  /** `--force` and `--resume`, or the library's `force: true` (no resume). */
  readonly optionNames: { readonly force: string; readonly resume: string | null };
}

/** `hordelab merge`'s names. */
const COMMAND_NAMES: MergeNames = { outDir: '--out', optionNames: { force: '--force', resume: '--resume' } };

/**
 * Merges shard folders into `outDir`. With `force`, a finished run of the same scenario there
 * is replaced; any other content of `outDir` is refused. A refusal names the output folder and
 * `force` as `naming` says: `hordelab merge`'s flags unless the library's wrapper names its own.
 * @throws UsageError (exit 2) when a folder is not a shard, shards come from different runs,
 *   one is missing, repeated or unfinished, a shard's files or aggregate do not match what it
 *   recorded, or the output folder is one of the inputs or holds something else.
 */
export async function mergeRuns(dirs: readonly string[], outDir: string, options: { readonly force?: boolean } = {}, naming: MergeNames = COMMAND_NAMES): Promise<{ document: SummaryDocument; files: string[] }> {
  // As the command line's arguments are checked, for a library caller (audit 39c F6).
  checkArgument('mergeRuns', 'dirs', dirs, kind((value) => Array.isArray(value) && value.every((dir) => typeof dir === 'string' && dir !== ''), 'a list of shard folder paths'));
  checkArgument('mergeRuns', 'outDir', outDir, kind((value) => typeof value === 'string' && value !== '', 'a folder path'));
  checkOptions('mergeRuns', options, { force: FLAG });
  if (dirs.length === 0) throw new UsageError([{ source: 'merge', field: '', message: 'name the shard folders to merge' }]);
  // By the real path: a link to a shard (or a shard reached through one) is that shard.
  if (dirs.some((dir) => samePath(dir, outDir))) {
    throw new UsageError([{ source: naming.outDir, field: '', message: `${outDir} is one of the shards; merge into another folder` }]);
  }
  // Inside one, the merged run would be files the shard's next run (--force) refuses as not its own (audit 39b L4).
  const holding = dirs.find((dir) => liesInside(outDir, dir));
  if (holding !== undefined) {
    throw new UsageError([{ source: naming.outDir, field: '', message: `${outDir} is inside the shard ${holding}; merge into a folder outside the shards` }]);
  }
  const shards = dirs.map(readShard);
  const first = shards[0] as LoadedShard;
  await refuseShardsOfOtherRuns(shards, first);
  shards.sort((a, b) => a.record.shard.index - b.record.shard.index);
  refuseIncompleteSet(shards, first.record.shard.count);
  const scenario = await shardScenario(first.record);
  const shape = { eventFiles: first.record.eventFiles, maxErrors: first.record.maxErrors };
  if (shardSetKey(scenario, shape, first.record.shard.count) !== first.record.key) {
    throw shardIssue(first.dir, SHARD_FILE, `the scenario it records (${first.record.scenarioPath}, with its game, agent and metric modules) no longer gives the shards' key: the scenario or a module changed since the shards ran, a Hordelab that records other figures ran them, or shard.json was edited`, 'key');
  }
  const names = ['matches.csv', ...(first.record.eventFiles ? scenario.entry.report.eventTables.map((table) => table.file) : [])];
  let expectedStart = 0;
  for (const shard of shards) {
    checkShardRecord(scenario, shard, names, expectedStart);
    expectedStart = shard.record.end;
  }
  if (expectedStart !== scenario.matches) throw shardIssue(first.dir, SHARD_FILE, `the shards cover matches 0..${expectedStart - 1}, the scenario has ${scenario.matches}`);
  refuseShardsOfOtherNames(shards, first, scenario);
  const totalErrors = shards.reduce((sum, { record }) => sum + record.errors, 0);
  if (totalErrors > first.record.maxErrors) {
    throw new UsageError([
      {
        source: 'merge',
        field: '',
        message:
          `the shards hold ${totalErrors} failed matches, more than the run's --max-errors ${first.record.maxErrors}: ` +
          'one run would have stopped at the failure that tipped it. Rerun the shards with a larger --max-errors, or fix the failures',
      },
    ]);
  }
  return publishMerged(shards, scenario, names, mergedFigures(shards, scenario), outDir, options.force === true, naming);
}

/**
 * Refuses a shard of another run than the first (told by its key, naming what differs) and an
 * unfinished one.
 */
async function refuseShardsOfOtherRuns(shards: readonly LoadedShard[], first: LoadedShard): Promise<void> {
  for (const { dir, record } of shards) {
    if (record.key !== first.record.key) {
      // The split is part of the key but not of the run's own parts (audit 39b M3: named by none).
      const split = record.shard.count === first.record.shard.count ? [] : [`the split (${first.record.shard.count} shards in the first shard, ${record.shard.count} here)`];
      const differing = [...split, ...(await partsDifferingFrom(first.record, record))];
      const which = differing.length > 0 ? `: ${differing.join(', ')}` : ' (scenario, parameters, seed, options, or a game, agent or metric module differ, or a Hordelab that records other figures ran one of them)';
      throw new UsageError([{ source: dir, field: '', message: `a shard of another run than ${first.dir}${which}` }]);
    }
    if (record.status === 'stopped') {
      // Stopped at its own --max-errors: resuming has nothing to add (audit 39b M2: the advice to resume failed).
      throw new UsageError([{ source: dir, field: '', message: `shard ${record.shard.index}/${record.shard.count} stopped at its --max-errors ${record.maxErrors} after ${record.errors} failed matches, as one run would have; rerun the shards with a larger --max-errors, or fix the failures` }]);
    }
    if (record.status !== 'complete') {
      throw new UsageError([{ source: dir, field: '', message: `shard ${record.shard.index}/${record.shard.count} is ${record.status}; finish it (hordelab run ... --resume) before merging` }]);
    }
  }
}

/** Refuses shards (sorted by index) that are not 0..count-1 once each. */
function refuseIncompleteSet(shards: readonly LoadedShard[], count: number): void {
  const indices = shards.map(({ record }) => record.shard.index);
  const missing = Array.from({ length: count }, (_, index) => index).filter((index) => !indices.includes(index));
  const repeated = indices.filter((index, at) => indices.indexOf(index) !== at);
  if (missing.length === 0 && repeated.length === 0) return;
  throw new UsageError([
    {
      source: 'merge',
      field: '',
      message: `expected shards 0..${count - 1} once each` + (missing.length > 0 ? `; missing ${missing.join(', ')}` : '') + (repeated.length > 0 ? `; repeated ${repeated.join(', ')}` : ''),
    },
  ]);
}

/**
 * Refuses a shard whose scenario has another name or description than the first shard's. Checked
 * after each shard's own record (an edited file name is said as such). The name and description do
 * not change play, so the key leaves them out: a shard of another scenario file that plays alike
 * was merged under the first shard's name without a word (audit 37b M3). The file's path may
 * differ (a shard run from another working folder). Read from the text each shard records, no
 * module loaded: a shard's scenario folder (and its game module) is often on another machine
 * (review 37h: loading it stopped the merge).
 */
function refuseShardsOfOtherNames(shards: readonly LoadedShard[], first: LoadedShard, scenario: Scenario): void {
  for (const { dir, record } of shards) {
    if (record === first.record) continue;
    if (record.source.text === first.record.source.text && basename(record.source.file) === basename(first.record.source.file)) continue;
    const own = recordedNaming(record);
    for (const field of ['name', 'description'] as const) {
      if (own !== null && own[field] !== scenario[field]) {
        throw new UsageError([{ source: dir, field, message: `a shard of another scenario than ${first.dir} (${JSON.stringify(scenario[field])} in the first shard, ${JSON.stringify(own[field])} here); expected shards of one scenario` }]);
      }
    }
  }
}

/** The shards' figures added together: the report's aggregate, the outcomes, and the counts and time. */
interface MergedFigures {
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly errors: number;
  readonly matchesPlayed: number;
  readonly seconds: number;
}

/** Adds the shards' recorded figures together, blaming a sum that is no number on its own shard. */
function mergedFigures(shards: readonly LoadedShard[], scenario: Scenario): MergedFigures {
  const { report } = scenario.entry;
  const aggregate = report.emptyAggregate();
  const outcomes = emptyOutcomes(scenario.entry.game.seats.length);
  let errors = 0;
  let matchesPlayed = 0;
  let seconds = 0;
  for (const { dir, record } of shards) {
    // Merged into an empty aggregate, a shard's sums are only copied: merged twice, every sum of
    // its own is read, so one that is no number is blamed on its shard, not on the next one.
    readAggregate(dir, () => {
      const own = report.emptyAggregate();
      report.mergeAggregates(own, record.aggregate);
      report.mergeAggregates(own, record.aggregate);
    });
    report.mergeAggregates(aggregate, record.aggregate);
    mergeOutcomes(outcomes, record.outcomes);
    errors += record.errors;
    matchesPlayed += record.matchesPlayed;
    seconds += record.seconds;
  }
  return { aggregate, outcomes, errors, matchesPlayed, seconds };
}

/**
 * Writes the merged run into `outDir`: the shards' CSV files joined (each checked against its
 * shard's record as it is read), the summary and its tables, published together or not at all.
 */
async function publishMerged(shards: readonly LoadedShard[], scenario: Scenario, names: readonly string[], merged: MergedFigures, outDir: string, force: boolean, naming: MergeNames): Promise<{ document: SummaryDocument; files: string[] }> {
  const first = shards[0] as LoadedShard;
  const folder = OutputFolder.claim(outDir, { flag: naming.outDir, optionNames: naming.optionNames, kind: 'run', scenario: scenario.name, force, knownNames: runFileNames(scenario), knownHeads: runFileHeads(scenario) });
  const dataNames = [...names, ...(merged.errors > 0 ? ['errors.csv'] : [])];
  try {
    // Before any file is joined: a link, folder or pipe where one goes, or its working file (review 25f).
    folder.refuseNonFiles(runFileNames(scenario));
  } catch (error) {
    folder.release();
    throw error;
  }
  // Stryker disable next-line ArrayDeclaration: (a stray entry) removing a file that is not there, with force, does nothing
  const temps: string[] = [];
  try {
    for (const name of dataNames) {
      temps.push(name);
      await concatenateVerified(shards, name, folder.workingPath(name));
    }
    const { seconds } = merged;
    const timing = { seconds: Math.round(seconds * 1000) / 1000, matchesPerSecond: Math.round((scenario.matches / Math.max(seconds, 1e-9)) * 10) / 10, workers: first.record.workers, chunkSize: first.record.chunkSize };
    const document = summaryDocument(scenario, merged.aggregate, merged.outcomes, { status: 'complete', matchesPlayed: merged.matchesPlayed, errors: merged.errors }, first.record.command, timing);
    const wholeFiles = [...summaryTableFiles(scenario, document), { name: SUMMARY_FILE, text: `${toJson(document)}\n` }];
    for (const file of wholeFiles) {
      temps.push(file.name);
      folder.writeTemp(file.name, file.text);
    }
    const files = folder.publish([...dataNames, ...wholeFiles.map((file) => file.name)], 'complete', ['.hordelab-checkpoint.json']);
    return { document, files };
  } catch (error) {
    for (const name of temps) rmSync(folder.tempPath(name), { force: true });
    throw error;
  } finally {
    folder.release();
  }
}

/**
 * Checks what can be checked of a shard before reading its CSV files: it starts where the one
 * before ended, it recorded a digest for every file merge needs, its aggregate matches its
 * digest and its counts, and its summary.json (checked against its digest) says what the
 * aggregate says.
 */
function checkShardRecord(scenario: Scenario, { dir, record }: LoadedShard, names: readonly string[], expectedStart: number): void {
  if (record.start !== expectedStart) {
    throw shardIssue(dir, SHARD_FILE, `starts at match ${record.start}; the shard before it ends at ${expectedStart}`, 'start');
  }
  for (const name of [...names, ...(record.errors > 0 ? ['errors.csv'] : []), SUMMARY_FILE]) {
    if (!existsSync(join(dir, name))) throw shardIssue(dir, name, 'is missing; re-run the shard');
    refuseNonFile(dir, name);
    if (record.files[name] === undefined) throw shardIssue(dir, SHARD_FILE, `records no length and SHA-256 for ${name}`, 'files');
  }
  if (digest({ aggregate: record.aggregate, outcomes: record.outcomes }) !== record.aggregateSha256) {
    throw shardIssue(dir, SHARD_FILE, 'the aggregate does not match the digest recorded with it: shard.json was edited or damaged; re-run the shard', 'aggregate');
  }
  if (record.matchesPlayed + record.errors !== record.end - record.start) {
    throw shardIssue(dir, SHARD_FILE, `records ${record.matchesPlayed} matches played and ${record.errors} failed, but covers ${record.end - record.start} matches`, 'matchesPlayed');
  }
  const summaryPath = join(dir, SUMMARY_FILE);
  // Stryker disable next-line StringLiteral: (no encoding) a Buffer of the file has the same length, SHA-256 and JSON as its text
  const text = readFileSync(summaryPath, 'utf8');
  const recorded = record.files[SUMMARY_FILE] as { bytes: number; sha256: string };
  // Stryker disable next-line ConditionalExpression: (false for the length test) a text of another length has another SHA-256 as well
  if (Buffer.byteLength(text) !== recorded.bytes || createHash('sha256').update(text).digest('hex') !== recorded.sha256) {
    throw shardIssue(dir, SUMMARY_FILE, `does not have the length and SHA-256 shard.json records (${recorded.bytes} bytes): it was changed or cut short; re-run the shard`);
  }
  // Only the outcomes and results of `expected` are compared below: neither depends on its timing or run status.
  // Stryker disable next-line ObjectLiteral: (empty) see above
  const timing = { seconds: record.seconds, matchesPerSecond: 0, workers: record.workers, chunkSize: record.chunkSize };
  // Stryker disable next-line ObjectLiteral: (empty) see above
  const expected = readAggregate(dir, () => summaryDocument(scenario, record.aggregate, record.outcomes, { status: record.status, matchesPlayed: record.matchesPlayed, errors: record.errors }, record.command, timing));
  for (const [seat, rates] of Object.entries(expected.outcomes.bySeat)) {
    if (rates.n !== record.matchesPlayed) {
      throw shardIssue(dir, SHARD_FILE, `its outcomes count ${rates.n} results for ${seat}, not its ${record.matchesPlayed} matches`, 'outcomes');
    }
  }
  const published = JSON.parse(text) as SummaryDocument;
  // The merged summary takes its command and scenario file from shard.json: they must be the
  // ones the shard's own (checked) summary.json records.
  // A shard's own summary.json records the whole run's command (with the flags that shape its
  // output, as shard.json keeps it) and `--shard i/n`, which plays that shard again. Earlier
  // builds kept the command without those flags in shard.json and recorded it bare, then with
  // `--shard i/n` alone, then with the flags and `--shard i/n`: each is this shard's command as
  // those builds wrote it (reviews 28d, 28e: such shards were refused as edited).
  const own = shardCommand(record.command, record.shard);
  const earlier = [record.command, shardCommand(withOutputFlags(record.command, { maxErrors: record.maxErrors, eventFiles: record.eventFiles }), record.shard)];
  if (published.command !== own && !earlier.includes(published.command)) throw shardIssue(dir, SHARD_FILE, `records the command ${JSON.stringify(record.command)}, but ${summaryPath} says ${JSON.stringify(published.command)}, not ${JSON.stringify(own)}: shard.json was edited; re-run the shard`, 'command');
  if (published.scenario.file !== record.source.file) throw shardIssue(dir, SHARD_FILE, `records the scenario file ${JSON.stringify(record.source.file)}, but ${summaryPath} says ${JSON.stringify(published.scenario.file)}: shard.json was edited; re-run the shard`, 'source.file');
  if (canonicalJson(JSON.parse(toJson({ outcomes: expected.outcomes, results: expected.results }))) !== canonicalJson({ outcomes: published.outcomes, results: published.results })) {
    throw shardIssue(dir, SHARD_FILE, `the aggregate does not give the figures of ${summaryPath}: shard.json was edited; re-run the shard`, 'aggregate');
  }
}

/**
 * Writes `name` of every shard, in order, into `target` (the first header only), checking each
 * shard's file against the length and SHA-256 it recorded and its matches.csv and errors.csv
 * against the row counts it recorded.
 */
async function concatenateVerified(shards: readonly LoadedShard[], name: string, target: string): Promise<void> {
  const fd = openSync(target, 'w');
  try {
    let keepHeader = true;
    for (const { dir, record } of shards) {
      const recorded = record.files[name];
      const path = join(dir, name);
      if (recorded === undefined || !existsSync(path)) continue; // only errors.csv: a shard without failures has none
      refuseNonFile(dir, name);
      // A failed read names the shard's file; a failed write (a full disk) names none: this one.
      const { bytes, sha256, records } = await appendCsv(fd, path, keepHeader).catch((error: unknown) => Promise.reject(namingFile(error, target)));
      keepHeader = false;
      // Stryker disable next-line ConditionalExpression: (false for the length test) a file of another length has another SHA-256 as well
      if (bytes !== recorded.bytes || sha256 !== recorded.sha256) {
        throw shardIssue(dir, name, `is ${bytes} bytes with another SHA-256 than the ${recorded.bytes} bytes shard.json records: it was cut short or changed since the shard ran; re-run the shard`);
      }
      const rows = records - 1;
      const expectedRows = name === 'matches.csv' ? record.matchesPlayed : name === 'errors.csv' ? record.errors : rows;
      if (rows !== expectedRows) throw shardIssue(dir, name, `holds ${rows} rows; shard.json records ${expectedRows}`);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Appends the CSV file at `path` to `fd` (without its header line unless `keepHeader`) and
 * returns its length, SHA-256 and number of records (newlines outside quoted fields).
 */
async function appendCsv(fd: number, path: string, keepHeader: boolean): Promise<{ bytes: number; sha256: string; records: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let records = 0;
  let quoted = false;
  let inHeader = !keepHeader;
  const QUOTE = 0x22;
  const NEWLINE = 0x0a;
  for await (const chunk of createReadStream(path)) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    bytes += buffer.length;
    let from = 0;
    for (let i = 0; i < buffer.length; i++) {
      const byte = buffer[i];
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === NEWLINE && !quoted) {
        records++;
        if (inHeader) {
          inHeader = false;
          from = i + 1;
        }
      }
    }
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: (true, ||, <=) a header ends within the first 64 KiB read, and writing from = length writes nothing
    if (!inHeader && from < buffer.length) writeSync(fd, buffer, from, buffer.length - from);
  }
  return { bytes, sha256: hash.digest('hex'), records };
}
