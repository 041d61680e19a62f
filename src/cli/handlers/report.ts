/** What `hordelab report` does; its flags and help are declared in `../commands/report.ts`. */
import { writeCheckedReports } from '../../present/report-folder.js';
import { parseFormats } from '../../present/report-page.js';
import type { CliIo, ParsedArguments } from '../command.js';

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const runDir = args.required('run-dir');
  const formats = parseFormats(args.required('format'), '--format');
  const written = await writeCheckedReports({
    runDir,
    formats,
    outDir: args.text('out'),
    force: args.flag('force'),
    // Beside the run, a refusal names the run folder as given.
    names: { outDir: '--out', beside: runDir, force: '--force' },
    cwd: io.cwd,
  });
  if (!args.flag('quiet')) io.stdout.write(`Wrote ${written.join(', ')}\n`);
  return 0;
}
