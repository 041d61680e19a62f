/** Whether two paths name one file or folder, links followed. */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';

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
