/** Where a path typed on the command line points, for commands run from any folder. */
import { isAbsolute, join } from 'node:path';

/** `path` as given, or joined to `cwd` when relative and `cwd` is not this process's own folder. */
export function resolvePath(cwd: string, path: string): string {
  // From the process's own folder a relative path already means the right file: keep it as
  // typed, so messages and recorded commands show what the user wrote.
  return isAbsolute(path) || cwd === process.cwd() ? path : join(cwd, path);
}
