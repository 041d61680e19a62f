/**
 * Merges the outputs of a run split with `--shard i/n` (on a cluster, a CI matrix, several
 * machines) into exactly what one run would have written: shards hold contiguous blocks of match
 * indices, so their CSV rows concatenate in shard order, and aggregates are integer sums, so
 * they merge exactly. Every check happens before anything is written.
 */
import { createReadStream, existsSync, readFileSync, renameSync, rmSync, writeFileSync, mkdirSync, openSync, closeSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { UsageError } from '../core/errors.js';
import { emptyOutcomes, mergeOutcomes } from '../reports/outcomes.js';
import { parseScenario } from '../scenario/scenario.js';
import { SHARD_FILE, type ShardRecord } from './shard.js';
import { summaryDocument, summaryTableFiles, toJson, type SummaryDocument } from './summary.js';

function readShard(dir: string): ShardRecord {
  const path = join(dir, SHARD_FILE);
  if (!existsSync(path)) {
    throw new UsageError([{ source: dir, field: '', message: `no ${SHARD_FILE} here: expected the output folder of "hordelab run --shard i/n"` }]);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as ShardRecord;
}

/** Appends `file` to the open output `fd`, dropping its header line unless `keepHeader`. */
async function appendCsv(fd: number, file: string, keepHeader: boolean): Promise<void> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let first = true;
  let batch: string[] = [];
  lines.on('line', (line) => {
    if (first && !keepHeader) {
      first = false;
      return;
    }
    first = false;
    batch.push(line);
    if (batch.length >= 4096) {
      writeSync(fd, `${batch.join('\n')}\n`);
      batch = [];
    }
  });
  await once(lines, 'close');
  if (batch.length > 0) writeSync(fd, `${batch.join('\n')}\n`);
}

/**
 * Merges shard folders into `outDir`.
 * @throws UsageError when a folder is not a shard, shards come from different runs, one is
 *   missing, repeated or unfinished, or the output folder is one of the inputs.
 */
export async function mergeRuns(dirs: readonly string[], outDir: string): Promise<{ document: SummaryDocument; files: string[] }> {
  if (dirs.length === 0) throw new UsageError([{ source: 'merge', field: '', message: 'name the shard folders to merge' }]);
  if (dirs.some((dir) => resolve(dir) === resolve(outDir))) {
    throw new UsageError([{ source: '--out', field: '', message: `${outDir} is one of the shards; merge into another folder` }]);
  }
  const shards = dirs.map((dir) => ({ dir, record: readShard(dir) }));
  const first = shards[0] as { dir: string; record: ShardRecord };
  const count = first.record.shard.count;
  for (const { dir, record } of shards) {
    if (record.key !== first.record.key) {
      throw new UsageError([{ source: dir, field: '', message: `a shard of another run than ${first.dir} (scenario, parameters, seed or options differ)` }]);
    }
    if (record.status !== 'complete') {
      throw new UsageError([{ source: dir, field: '', message: `shard ${record.shard.index}/${count} is ${record.status}; finish it (hordelab run ... --resume) before merging` }]);
    }
  }
  shards.sort((a, b) => a.record.shard.index - b.record.shard.index);
  const indices = shards.map(({ record }) => record.shard.index);
  const missing = Array.from({ length: count }, (_, index) => index).filter((index) => !indices.includes(index));
  const repeated = indices.filter((index, at) => indices.indexOf(index) !== at);
  if (missing.length > 0 || repeated.length > 0) {
    throw new UsageError([
      {
        source: 'merge',
        field: '',
        message: `expected shards 0..${count - 1} once each` + (missing.length > 0 ? `; missing ${missing.join(', ')}` : '') + (repeated.length > 0 ? `; repeated ${repeated.join(', ')}` : ''),
      },
    ]);
  }

  const { source } = first.record;
  const scenario = await parseScenario(source.text, source.file, source.overrides);
  const { report } = scenario.entry;
  // Everything each shard must hold, checked before a byte is written.
  const needed = ['matches.csv', ...(first.record.eventFiles ? report.eventTables.map((table) => table.file) : [])];
  for (const { dir, record } of shards) {
    for (const name of [...needed, ...(record.errors > 0 ? ['errors.csv'] : [])]) {
      if (!existsSync(join(dir, name))) throw new UsageError([{ source: dir, field: '', message: `${name} is missing` }]);
    }
  }
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

  const aggregate = report.emptyAggregate();
  const outcomes = emptyOutcomes(scenario.entry.game.seats.length);
  let errors = 0;
  let matchesPlayed = 0;
  let seconds = 0;
  for (const { record } of shards) {
    report.mergeAggregates(aggregate, record.aggregate);
    mergeOutcomes(outcomes, record.outcomes);
    errors += record.errors;
    matchesPlayed += record.matchesPlayed;
    seconds += record.seconds;
  }

  mkdirSync(outDir, { recursive: true });
  const names = ['matches.csv', ...(first.record.eventFiles ? report.eventTables.map((table) => table.file) : []), ...(errors > 0 ? ['errors.csv'] : [])];
  const written: string[] = [];
  try {
    for (const name of names) {
      const target = join(outDir, name);
      const fd = openSync(`${target}.tmp`, 'w');
      try {
        let header = true;
        for (const { dir } of shards) {
          const file = join(dir, name);
          if (!existsSync(file)) continue; // only errors.csv may be absent: a shard without failures has none
          await appendCsv(fd, file, header);
          header = false;
        }
      } finally {
        closeSync(fd);
      }
      written.push(target);
    }
    const timing = { seconds: Math.round(seconds * 1000) / 1000, matchesPerSecond: Math.round((scenario.matches / Math.max(seconds, 1e-9)) * 10) / 10, workers: first.record.workers, chunkSize: first.record.chunkSize };
    const document = summaryDocument(scenario, aggregate, outcomes, { status: 'complete', matchesPlayed, errors }, first.record.command, timing);
    writeFileSync(join(outDir, 'summary.json.tmp'), `${toJson(document)}\n`);
    written.push(join(outDir, 'summary.json'));
    for (const path of written) renameSync(`${path}.tmp`, path);
    for (const table of summaryTableFiles(scenario, document)) {
      const path = join(outDir, table.name);
      writeFileSync(`${path}.tmp`, table.text);
      renameSync(`${path}.tmp`, path);
      written.push(path);
    }
    if (errors === 0) rmSync(join(outDir, 'errors.csv'), { force: true });
    return { document, files: written };
  } catch (error) {
    for (const path of [...written, ...names.map((name) => join(outDir, name))]) rmSync(`${path}.tmp`, { force: true });
    throw error;
  }
}
