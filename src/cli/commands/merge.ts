/**
 * `hordelab merge <dirs...> --out DIR`: the output folders of a run split with `--shard`, merged
 * into exactly what one run would have written.
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { quietOption } from '../common-options.js';

/** `hordelab merge`. */
export const mergeCommand: CommandModule = {
  name: 'merge',
  summary: 'Merge the output folders of a run split with --shard into exactly what one run would have written',
  positionals: [{ name: 'dirs', describe: 'Shard output folders, all n of them', variadic: true, path: true }],
  options: {
    out: { type: 'path', alias: 'o', required: true, placeholder: 'DIR', describe: 'Folder for the merged reports: new or empty, or holding a run of the same scenario with --force' },
    force: { type: 'boolean', describe: 'Replace the finished run of the same scenario in the --out folder (a folder holding anything else is always refused)' },
    quiet: quietOption,
  },
  examples: [['hordelab merge shards/0 shards/1 shards/2 --out reports/merged', 'Three shards into one report']],
  run: loadedOnRun(() => import('../handlers/merge.js')),
};
