/**
 * `mergeRuns` as the library exports it: the merge `hordelab merge` does, its refusals about the
 * output folder naming `mergeRuns: outDir` and `force: true` where the command names `--out` and
 * `--force` (audit 41a F5).
 */
import type { SummaryDocument } from '../run/summary.js';
import { mergeRuns as mergeShards, type MergeNames } from '../run/merge.js';

const LIBRARY_NAMES: MergeNames = { outDir: 'mergeRuns: outDir', optionNames: { force: 'force: true', resume: null } };

/**
 * Merges the shard folders `dirs` into `outDir`, as `hordelab merge` does. With `force`, a
 * finished run of the same scenario there is replaced; any other content of `outDir` is refused.
 * @throws UsageError naming the argument at fault when a folder is not a shard, shards come from
 *   different runs, one is missing, repeated or unfinished, a shard's files or aggregate do not
 *   match what it recorded, or the output folder is one of the inputs or holds something else.
 */
export function mergeRuns(dirs: readonly string[], outDir: string, options: { readonly force?: boolean } = {}): Promise<{ document: SummaryDocument; files: string[] }> {
  return mergeShards(dirs, outDir, options, LIBRARY_NAMES);
}
