/**
 * Report pages written with the protection of their folder: what `hordelab report` and the
 * library's `writeReports` both do, so the two cannot drift apart. The library wrote without it,
 * replacing a user's own report.md and another run's pages, which the command refused (audit 41a F1).
 */
import { samePath } from '../core/same-path.js';
import { whileHoldingFolder, whileHoldingLock } from '../run/output-folder.js';
import { readRunSummary } from './metrics.js';
import { checkOutputFolder } from './output-folder.js';
import { REPORT_FILE_OF, REPORT_FILES, writeReports, type ReportFormat } from './report-page.js';

/** What to write where, and how a refusal names the caller's inputs. */
export interface ReportRequest {
  readonly runDir: string;
  readonly formats: readonly ReportFormat[];
  /** The folder the pages go to; the run's own folder when not given. */
  readonly outDir: string | undefined;
  /** Replace pages nothing shows hordelab wrote, and write beside other files (`--force`). */
  readonly force: boolean;
  /**
   * What a refusal names: the output folder given (`--out`), the run's folder where the pages
   * go beside the run (the path itself for the command line), and how to ask for force.
   */
  readonly names: { readonly outDir: string; readonly beside: string; readonly force: string };
  /** The folder relative paths are read from (a run of a game module loads it from there). */
  readonly cwd?: string;
}

/**
 * Writes the run's report pages after checking, under the folder's lock, that the folder may
 * receive them (see {@link checkOutputFolder}); returns the files written.
 * @throws UsageError for a run folder that cannot be read, or an output folder that holds files
 *   the pages would replace or sit beside without `force`.
 */
export async function writeCheckedReports(request: ReportRequest): Promise<string[]> {
  const { runDir, formats, outDir, force, names } = request;
  // The run is read and checked before anything is written.
  await readRunSummary(runDir, request.cwd);
  // The run's own folder by any spelling, a link to it included.
  const beside = outDir === undefined || samePath(outDir, runDir);
  // Beside the run its other files stay as they are; a page's name that the folder does not list
  // as Hordelab's (a user's own report.md) is replaced only with force.
  // Only the pages of the formats asked for are checked as ones to replace: a user's report.md
  // stays untouched by --format json, so it is no reason to refuse.
  const pages = formats.map((format) => REPORT_FILE_OF[format]);
  const checkOut = (): void =>
    checkOutputFolder(outDir ?? runDir, {
      flag: beside ? names.beside : names.outDir,
      command: 'report',
      ours: (name) => REPORT_FILES.includes(name),
      writes: (name) => pages.includes(name),
      force,
      forceName: names.force,
      othersAllowed: beside,
    });
  const write = (): Promise<string[]> => writeReports(runDir, formats, outDir ?? runDir);
  // Under the folder's lock: a run replacing that output (run --force) would remove the pages
  // when it publishes, so while one is at work the pages are refused; elsewhere, the output
  // folder (a live run's folder with force, audit 27b) is held as sweep holds its own.
  return outDir === undefined || beside
    ? whileHoldingLock(runDir, names.beside, async () => {
        checkOut();
        return write();
      })
    : whileHoldingFolder(outDir, names.outDir, checkOut, write);
}
