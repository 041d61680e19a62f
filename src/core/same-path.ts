/** Whether two paths name one file or folder, links followed. */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep, isAbsolute } from 'node:path';

/** `path` with links resolved, or made absolute as written when it does not exist. */
export function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Whether `a` and `b` name the same place, links followed (each as written when it is missing). */
export function samePath(a: string, b: string): boolean {
  return realOrResolved(a) === realOrResolved(b);
}

/**
 * `path` with the links of its deepest existing folder resolved and the rest as written: where a
 * folder not made yet would be.
 */
function realWhereItWouldBe(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realWhereItWouldBe(parent), basename(absolute));
  }
}

/** Whether `path` (made or not) lies strictly inside the folder `folder`, links followed. */
export function liesInside(path: string, folder: string): boolean {
  const within = relative(realOrResolved(folder), realWhereItWouldBe(path));
  return within !== '' && within !== '..' && !within.startsWith(`..${sep}`) && !isAbsolute(within);
}
