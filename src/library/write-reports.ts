/**
 * `writeReports` as the library exports it: its arguments checked as `hordelab report` checks
 * `--format`, then the pages written. Unchecked, `writeReports(dir, ['pdf'])` wrote nothing and
 * returned `[]`, no error (audit 39c F6).
 */
import { checkArgument, kind } from '../core/library-options.js';
import { REPORT_FORMATS, writeReports as writeReportPages, type ReportFormat } from '../present/report-page.js';

const isFormat = (value: unknown): boolean => (REPORT_FORMATS as readonly unknown[]).includes(value);

/**
 * Writes the report pages of the run in `runDir` (its `summary.json`) in each of `formats` into
 * `outDir` (the run's folder by default); returns the files written.
 * @throws UsageError naming the argument that is not a folder path or not a list of formats
 *   (`html`, `md`, `csv`, `json`, each once, at least one), or what the run folder lacks.
 */
export async function writeReports(runDir: string, formats: readonly ReportFormat[], outDir = runDir): Promise<string[]> {
  const folder = kind((value) => typeof value === 'string' && value !== '', 'a folder path');
  checkArgument('writeReports', 'runDir', runDir, folder);
  checkArgument(
    'writeReports',
    'formats',
    formats,
    kind((value) => Array.isArray(value) && value.length > 0 && value.every(isFormat) && new Set(value).size === value.length, `a list of ${REPORT_FORMATS.join(', ')}, each once`),
  );
  checkArgument('writeReports', 'outDir', outDir, folder);
  return writeReportPages(runDir, formats, outDir);
}
