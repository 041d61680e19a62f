/**
 * Files written so that a kill, a full disk or a read-only folder leaves either the old file or
 * the new one, never half of one: the text goes to `<path>.tmp`, which is renamed over `path`
 * (atomic within a folder), and the `.tmp` is removed if anything fails on the way.
 */
import { closeSync, constants, lstatSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { UsageError } from '../core/errors.js';
import { dirname, join, resolve } from 'node:path';

/**
 * `error` naming `path` as the file it was writing, where the file system named none: a write to
 * an open descriptor fails without a path (a full disk's ENOSPC), and the line said "cannot write
 * its output" (audit 38b). Errors that are not the file system's, or that name a file, are left
 * as they are.
 */
export function namingFile(error: unknown, path: string): unknown {
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' && (error as { path?: unknown }).path === undefined) {
    (error as { path?: string }).path = path;
  }
  return error;
}

/**
 * How a temporary file is opened: created afresh for writing, never through a link (a link at the
 * name wrote over a file outside the folder, review 25e), never into a file another name shares
 * (a hard link: review 25f) and never waiting on a pipe (one at the name held the write open for
 * ever): each fails at once instead.
 */
const TEMPORARY_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Opens `temporary` for writing, created afresh: a file left at that name (a killed run's) is
 * removed first, its name only, so a hard link's other name keeps its content; a link, a folder
 * or a pipe there is refused, naming it, and left as it is.
 * @throws UsageError naming the entry in the way; the file system's error otherwise.
 */
function openTemporary(temporary: string): number {
  const refuse = (kind: string): UsageError => new UsageError([{ source: temporary, field: '', message: `is ${kind}, where hordelab writes a temporary file; nothing was written there: move it away and run again` }]);
  const found = entryKind(temporary);
  if (found !== null && found !== 'file') throw refuse(found);
  if (found === 'file') rmSync(temporary, { force: true });
  try {
    return openSync(temporary, TEMPORARY_FLAGS, 0o666);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Put there since it was looked at: refused as it is now.
    const kind = code === 'ELOOP' || code === 'EISDIR' || code === 'ENXIO' || code === 'EEXIST' ? entryKind(temporary) : null;
    if (kind !== null) throw refuse(kind === 'file' ? 'a file put there while hordelab wrote' : kind);
    throw error;
  }
}

/** Writes `text` to the fresh temporary file `temporary` (see {@link openTemporary}); on failure removes what it wrote and rethrows. */
export function writeTemporary(temporary: string, text: string): void {
  const fd = openTemporary(temporary);
  try {
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    namingFile(error, temporary.replace(/\.tmp$/, ''));
    removeTemporary(temporary);
    throw error;
  }
}

/** Removes a temporary file this process made, if it is there; a failure to is left unsaid (the caller's own error says what failed). */
function removeTemporary(temporary: string): void {
  try {
    rmSync(temporary, { force: true });
  } catch {
    // Left behind.
  }
}

/** Writes `text` to `path` atomically; throws the file system's error, leaving no `.tmp` of its own behind. */
export function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.tmp`;
  writeTemporary(temporary, text);
  try {
    renameSync(temporary, path);
  } catch (error) {
    removeTemporary(temporary);
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

/**
 * Writes each `[name, text]` into `dir` (made if missing, names may hold subfolders that exist),
 * each atomically, and all or none where it can tell: every file goes to its `.tmp` first and is
 * renamed only once all are written, and a folder (or anything but a file) where one of them goes
 * is refused before any is written. `beforeRenames` runs once every temporary is whole and before
 * the first rename (a folder's mark noting the files about to arrive); when it throws, nothing is
 * renamed and the temporaries go. Returns the paths written.
 * @throws UsageError naming the entry in the way; the file system's error for a failed write,
 *   with no `.tmp` left behind.
 */
export function writeFilesAtomically(dir: string, files: readonly (readonly [string, string])[], beforeRenames?: () => void): string[] {
  makeFolders(dir);
  const paths = files.map(([name]) => join(dir, name));
  for (const path of paths) {
    const kind = entryKind(path);
    if (kind !== null && kind !== 'file' && kind !== 'a link') throw new UsageError([{ source: path, field: '', message: `is ${kind}, where hordelab writes a file; nothing was written: move it away and run again` }]);
  }
  // A temporary name that is no file is refused as it is opened (openTemporary), and the
  // temporaries written before it are removed: still none renamed.
  const written: string[] = [];
  try {
    files.forEach(([, text], index) => {
      const temporary = `${paths[index] as string}.tmp`;
      const fd = openTemporary(temporary);
      written.push(temporary);
      try {
        writeSync(fd, text);
      } catch (error) {
        throw namingFile(error, paths[index] as string);
      } finally {
        closeSync(fd);
      }
    });
  } catch (error) {
    // Only the temporaries this call made, each on its own: one that cannot be removed leaves
    // the others' removal, and the write's own error, as they are.
    for (const temporary of written) removeTemporary(temporary);
    throw error;
  }
  try {
    beforeRenames?.();
  } catch (error) {
    for (const temporary of written) removeTemporary(temporary);
    throw error;
  }
  for (const path of paths) renameSync(`${path}.tmp`, path);
  return paths;
}

/** What `path` is, as messages name it (links not followed); null where nothing is. */
export function entryKind(path: string): 'file' | 'a folder' | 'a link' | 'a named pipe' | 'something other than a file' | null {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return null;
  }
  return stats.isFile() ? 'file' : stats.isDirectory() ? 'a folder' : stats.isSymbolicLink() ? 'a link' : stats.isFIFO() ? 'a named pipe' : 'something other than a file';
}
