/**
 * Files written so that a kill, a full disk or a read-only folder leaves either the old file or
 * the new one, never half of one: the text goes to `<path>.tmp`, which is renamed over `path`
 * (atomic within a folder), and the `.tmp` is removed if anything fails on the way.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `text` to `path` atomically; throws the file system's error, leaving no `.tmp` behind. */
export function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.tmp`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Writes each `[name, text]` into `dir` (made if missing, names may hold subfolders that exist), atomically; the paths written. */
export function writeFilesAtomically(dir: string, files: readonly (readonly [string, string])[]): string[] {
  mkdirSync(dir, { recursive: true });
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeAtomically(path, text);
    return path;
  });
}
