/**
 * `writeReports` as the library exports it: its arguments checked as `hordelab report` checks
 * `--format`, and its folder as it checks the folder it writes in, then the pages written.
 * Unchecked, `writeReports(dir, ['pdf'])` wrote nothing and returned `[]`, no error (audit 39c
 * F6), and the pages replaced a user's own report.md, or another run's report (audit 41a F1).
 */
import { checkArgument, checkOptions, FLAG, kind } from '../core/library-options.js';
import { writeCheckedReports } from '../present/report-folder.js';
import { REPORT_FORMATS, type ReportFormat } from '../present/report-page.js';

const isFormat = (value: unknown): boolean => (REPORT_FORMATS as readonly unknown[]).includes(value);

/** What {@link writeReports} takes besides its folders. */
export interface WriteReportsOptions {
  /**
   * Replace pages of the names it writes that nothing shows hordelab wrote (a user's own
   * report.md), and write beside files it did not write, as `hordelab report --force` does.
   */
  readonly force?: boolean;
}

/**
 * Writes the report pages of the run in `runDir` (its `summary.json`) in each of `formats` into
 * `outDir` (the run's folder by default); returns the files written. The folder is checked as
 * `hordelab report` checks it: without `force`, a page is not written over a file nothing shows
 * hordelab wrote, nor into a folder (other than the run's) holding files it did not write.
 * @throws UsageError naming the argument that is not a folder path or not a list of formats
 *   (`html`, `md`, `csv`, `json`, each once, at least one), what the run folder lacks, or the
 *   files in `outDir` the pages would replace or sit beside.
 */
export async function writeReports(runDir: string, formats: readonly ReportFormat[], outDir?: string, options?: WriteReportsOptions): Promise<string[]> {
  const folder = kind((value) => typeof value === 'string' && value !== '', 'a folder path');
  checkArgument('writeReports', 'runDir', runDir, folder);
  checkArgument(
    'writeReports',
    'formats',
    formats,
    kind((value) => Array.isArray(value) && value.length > 0 && value.every(isFormat) && new Set(value).size === value.length, `a list of ${REPORT_FORMATS.join(', ')}, each once`),
  );
  if (outDir !== undefined) checkArgument('writeReports', 'outDir', outDir, folder);
  checkOptions('writeReports', options, { force: FLAG });
  return writeCheckedReports({
    runDir,
    formats,
    outDir,
    force: options?.force === true,
    names: { outDir: 'writeReports: outDir', beside: outDir === undefined ? 'writeReports: runDir' : 'writeReports: outDir', force: 'force: true' },
  });
}
