/** What `hordelab compare` does; its flags and help are declared in `../commands/compare.ts`. */
import { join, resolve } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { samePath } from '../../core/same-path.js';
import { summaryGame } from '../../present/summary-game.js';
import { comparisonPage } from '../../present/compare-page.js';
import { compareRuns, formatComparison } from '../../present/compare.js';
import { readRunSummary } from '../../present/metrics.js';
import { checkOutputFile, writeOutputFile, type OutputFileRequest } from '../../present/output-folder.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { whileHoldingLock } from '../../run/output-folder.js';

const FORMATS = ['text', 'json', 'html'] as const;

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const baselineDir = args.required('baseline');
  const runDir = args.required('run');
  const format = args.text('format') ?? (args.flag('json') ? 'json' : 'text');
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError([{ source: '--format', field: '', message: `expected text, json or html, got "${format}"` }]);
  if (args.flag('json') && format !== 'json') throw new UsageError([{ source: '--json', field: '', message: `is --format json; it cannot go with --format ${format}` }]);
  const out = args.text('out');
  if (out !== undefined && format !== 'html') throw new UsageError([{ source: '--out', field: '', message: 'names the page --format html writes; give --format html with it, or leave --out out' }]);
  const baseline = await readRunSummary(baselineDir, io.cwd);
  const summary = await readRunSummary(runDir, io.cwd);
  // A run against itself can only say "nothing moved": almost surely a typo for another folder.
  if (samePath(resolve(io.cwd, baselineDir), resolve(io.cwd, runDir))) {
    throw new UsageError([{ source: runDir, field: '', message: `is the baseline folder itself (${baselineDir}); compare two different runs` }]);
  }
  if (baseline.scenario.game !== summary.scenario.game) {
    throw new UsageError([{ source: runDir, field: 'summary.json', message: `is ${article(summary.scenario.game)} ${summary.scenario.game} run and the baseline ${article(baseline.scenario.game)} ${baseline.scenario.game} one; compare runs of one game` }]);
  }
  const page = out ?? join(runDir, 'compare.html');
  // Neither run is written over: only the page, by default compare.html in the compared run.
  const request: OutputFileRequest = {
    flag: out === undefined ? '<run>' : '--out',
    kind: 'compare page',
    inputFolders: [
      { path: baselineDir, what: 'the baseline run folder' },
      { path: runDir, what: 'the run folder', allow: (name) => name === 'compare.html' },
    ],
  };
  if (format === 'html') checkOutputFile(page, request);
  const comparison = compareRuns(baselineDir, baseline, runDir, summary, args.number('alpha') as number, args.text('primary'));
  if (format === 'html') {
    const html = await comparisonPage(comparison, summaryGame(summary.scenario)?.game.title ?? summary.scenario.game);
    const write = async (): Promise<void> => {
      checkOutputFile(page, request);
      writeOutputFile(page, html, request);
    };
    // Into the run's folder, under its lock, as report writes pages there: a run replacing that
    // output (run --force) would remove the page when it publishes.
    await (out === undefined ? whileHoldingLock(runDir, '<run>', write) : write());
    io.stdout.write(`Wrote ${page}\n`);
    return 0;
  }
  io.stdout.write(format === 'json' ? `${JSON.stringify(comparison, null, 2)}\n` : `${formatComparison(comparison, args.flag('all'))}\n`);
  return 0;
}

/** "an" before a game id that starts with a vowel sound as written (integer-duel), else "a". */
function article(id: string): string {
  return /^[aeiou]/i.test(id) ? 'an' : 'a';
}
