/**
 * Output folders of `report --out`, `sweep` and `tune`: checked before any match is played or
 * any file written, so a command never clobbers files it did not write. A folder may receive a
 * command's files when it does not exist yet, is empty, or holds only files of the names that
 * command writes (an earlier result of it, which is replaced); anything else is refused unless
 * `--force`, and even then only the command's own file names are written, nothing else touched.
 * Problems of the path itself (a file where a folder should be, no permission, a read-only
 * disk) are bad input too, named by the flag.
 *
 * (`run` and `merge` have their own, stricter rules for run folders: locks, resumable runs.)
 */
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';

/** What may be written where, and who is asking. */
export interface OutputFolderRequest {
  /** `--out`, or `<run-dir>` when pages go beside a run. */
  readonly flag: string;
  /** `report`, `sweep`, `tune`: named in the message. */
  readonly command: string;
  /** Whether a file of this name is one the command writes (and so may replace). */
  readonly ours: (name: string) => boolean;
  /** `--force`: write beside files the command did not write. */
  readonly force: boolean;
}

const problem = (flag: string, message: string): UsageError => new UsageError([{ source: flag, field: '', message }]);

/** The reason a file system call failed, in words, or null for an error that is not about the path. */
export function fileSystemReason(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the disk is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EISDIR':
      return 'is a folder, expected a file';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    case 'ENOENT':
      return 'no such file or folder';
    default:
      return null;
  }
}

/** An error of writing `path`, as bad input naming `flag` when it is about the path; else itself. */
export function writeProblem(error: unknown, flag: string, path: string): unknown {
  const reason = fileSystemReason(error);
  return reason === null ? error : problem(flag, `cannot write ${path}: ${reason}`);
}

/** The nearest folder of `path` that exists (itself if it does), or the file blocking the way. */
function nearestExisting(path: string): { path: string; isFolder: boolean } {
  let current = resolve(path);
  for (;;) {
    try {
      return { path: current, isFolder: statSync(current).isDirectory() };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      const parent = dirname(current);
      if (parent === current) return { path: current, isFolder: true };
      current = parent;
    }
  }
}

/**
 * Checks that `dir` may receive the command's files; throws a UsageError naming the flag when
 * not. Writes nothing.
 */
export function checkOutputFolder(dir: string, request: OutputFolderRequest): void {
  const { flag } = request;
  const existing = nearestExisting(dir);
  if (!existing.isFolder) {
    throw problem(flag, existing.path === resolve(dir) ? `${dir} is a file; expected a folder` : `${dir}: ${existing.path} is a file, so no folder can be made inside it`);
  }
  try {
    accessSync(existing.path, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw problem(flag, `cannot write in ${existing.path}: ${fileSystemReason(error) ?? (error as Error).message}`);
  }
  if (existing.path !== resolve(dir)) return;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (error) {
    throw problem(flag, `cannot read ${dir}: ${fileSystemReason(error) ?? (error as Error).message}`);
  }
  const foreign = entries.filter((name) => !request.ours(name) && !(name.endsWith('.tmp') && request.ours(name.slice(0, -4))));
  if (foreign.length > 0 && !request.force) {
    const shown = foreign.length > 3 ? `${foreign.slice(0, 3).join(', ')} and ${foreign.length - 3} more` : foreign.join(', ');
    throw problem(flag, `${dir} holds files "hordelab ${request.command}" did not write (${shown}); choose a new or empty folder, or add --force to write beside them (they are left untouched)`);
  }
}

/** A `--junit`/`--markdown` style output file: its folder must exist and take a new file; it must not be a folder. */
export function checkOutputFile(path: string, flag: string): void {
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    // Not there yet: its folder must be.
  }
  if (isFolder) throw problem(flag, `${path} is a folder; expected a file name`);
  const folder = dirname(resolve(path));
  let folderIsFolder = false;
  try {
    folderIsFolder = statSync(folder).isDirectory();
  } catch {
    throw problem(flag, `cannot write ${path}: no folder ${dirname(path)}`);
  }
  if (!folderIsFolder) throw problem(flag, `cannot write ${path}: ${dirname(path)} is a file, not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw problem(flag, `cannot write ${path}: ${fileSystemReason(error) ?? (error as Error).message}`);
  }
}
