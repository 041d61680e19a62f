/**
 * Files written so that a kill, a full disk or a read-only folder leaves either the old file or
 * the new one, never half of one: the text goes to `<path>.tmp`, which is renamed over `path`
 * (atomic within a folder), and the `.tmp` is removed if anything fails on the way.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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

/**
 * Makes `dir` and any missing folders above it, one level at a time; throws the file system's
 * error for the first that cannot be made. Node 20's `mkdirSync(dir, { recursive: true })` spins
 * forever under `/proc` (each level reports ENOENT, and it retries), which turned
 * `--out /proc/x` into a hang.
 */
export function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let current = resolve(dir); ; current = dirname(current)) {
    try {
      if (statSync(current).isDirectory()) break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    }
    if (dirname(current) === current) break;
    missing.push(current);
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(folder).isDirectory()) throw error;
    }
  }
}

/** Writes each `[name, text]` into `dir` (made if missing, names may hold subfolders that exist), atomically; the paths written. */
export function writeFilesAtomically(dir: string, files: readonly (readonly [string, string])[]): string[] {
  makeFolders(dir);
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeAtomically(path, text);
    return path;
  });
}
