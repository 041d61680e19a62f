/** Reading `--set`, shared by the commands that take it (see `setOption` in `common-options.ts`). */
import { parseAssignment } from '../scenario/scenario.js';
import type { ParsedArguments } from './command.js';
import { refuseRepeatedNames } from './flag-values.js';

/**
 * The `--set` assignments, each checked (syntax, unsafe keys) before the scenario file is read
 * or any of its modules loaded.
 */
export function assignments(args: ParsedArguments): readonly string[] {
  const set = args.list('set');
  for (const assignment of set) parseAssignment(assignment);
  // Two values for one key: the last would win silently.
  refuseRepeatedNames('--set', set);
  return set;
}
