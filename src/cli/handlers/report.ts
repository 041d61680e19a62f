/** What `hordelab report` does; its flags and help are declared in `../commands/report.ts`. */
import { samePath } from '../../core/same-path.js';
import { checkOutputFolder } from '../../present/output-folder.js';
import { readRunSummary } from '../../present/metrics.js';
import { whileHoldingFolder, whileHoldingLock } from '../../run/output-folder.js';
import { parseFormats, REPORT_FILE_OF, REPORT_FILES, writeReports } from '../../present/report-page.js';
import type { CliIo, ParsedArguments } from '../command.js';

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const runDir = args.required('run-dir');
  const formats = parseFormats(args.required('format'), '--format');
  // The run is read and checked before anything is written.
  await readRunSummary(runDir, io.cwd);
  const out = args.text('out');
  // The run's own folder by any spelling, a link to it included.
  const beside = out === undefined || samePath(out, runDir);
  // Beside the run its other files stay as they are; a page's name that the folder does not list
  // as Hordelab's (a user's own report.md) is replaced only with --force.
  // Only the pages of the formats asked for are checked as ones to replace: a user's report.md
  // stays untouched by --format json, so it is no reason to refuse.
  const pages = formats.map((format) => REPORT_FILE_OF[format]);
  const checkOut = (): void =>
    checkOutputFolder(out ?? runDir, {
      flag: beside ? runDir : '--out',
      command: 'report',
      ours: (name) => REPORT_FILES.includes(name),
      writes: (name) => pages.includes(name),
      force: args.flag('force'),
      othersAllowed: beside,
    });
  const write = (): Promise<string[]> => writeReports(runDir, formats, out ?? runDir);
  // Under the folder's lock: a run replacing that output (run --force) would remove the pages
  // when it publishes, so while one is at work the pages are refused; elsewhere, --out (a live
  // run's folder with --force, audit 27b) is held as sweep holds its own.
  const written = beside
    ? await whileHoldingLock(runDir, runDir, async () => {
        checkOut();
        return write();
      })
    : await whileHoldingFolder(out, '--out', checkOut, write);
  if (!args.flag('quiet')) io.stdout.write(`Wrote ${written.join(', ')}\n`);
  return 0;
}

