/**
 * Paths that are there but are neither a file nor a folder: a scenario, checks file or module
 * read or imported from one waits for a writer that may never come, the command hung without a
 * word (audits 27b, 36b).
 */
import { statSync } from 'node:fs';

/** Whether `path` is there and neither a file nor a folder (a pipe, a socket, a device): reading one may never end. */
export function isSpecialFile(path: string): boolean {
  try {
    const stats = statSync(path);
    return !stats.isFile() && !stats.isDirectory();
  } catch {
    return false;
  }
}
