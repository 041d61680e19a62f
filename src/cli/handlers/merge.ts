/** What `hordelab merge` does; its flags and help are declared in `../commands/merge.ts`. */
import { EXIT_FAILURE } from '../../core/errors.js';
import { mergeRuns } from '../../run/merge.js';
import type { CliIo, ParsedArguments } from '../command.js';

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const dirs = args.list('dirs');
  const { document, files } = await mergeRuns(dirs, args.required('out'), { force: args.flag('force') });
  if (!args.flag('quiet')) io.stdout.write(`Merged ${dirs.length} shards: ${document.run.matchesPlayed} matches. Wrote ${files.join(', ')}\n`);
  return document.run.errors > 0 ? EXIT_FAILURE : 0;
}

