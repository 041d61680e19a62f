/**
 * How long a file or folder name, and a whole path, may be. A name past the file system's limit
 * failed with ENAMETOOLONG where it was first used: an internal failure with a stack in `sweep`,
 * `tune`, `ladder`, `cards` and `report`, and in `check --update-baseline` after every match, with
 * the baselines before the long one already replaced (audit 42f F1). Every such name is held to
 * these limits up front, before any match is played and before anything is written.
 */
import { resolve } from 'node:path';
import { UsageError } from './errors.js';

/** The longest file or folder name, in bytes, the common file systems take (NAME_MAX on Linux and macOS). */
export const NAME_MAX = 255;

/** The longest path, in bytes, Linux takes (PATH_MAX, 4096, less the closing NUL). */
export const PATH_MAX = 4095;

/** The start of a long name, enough to know it by: the whole of a 300-byte name made the line unreadable. */
export function shortened(name: string): string {
  const start = [...name].slice(0, 24).join('');
  return start.length < name.length ? `${start}…` : name;
}

/**
 * Why the name `name` is too long for a file name, once `suffix` is added (what hordelab appends
 * to it: `-sweep`, `.json.tmp`), or null when it fits in {@link NAME_MAX} bytes.
 */
export function nameTooLong(name: string, suffix = ''): string | null {
  const bytes = Buffer.byteLength(name + suffix);
  if (bytes <= NAME_MAX) return null;
  if (suffix === '') return `${shortened(name)} is a name of ${bytes} bytes, where file systems take ${NAME_MAX}; expected a shorter name`;
  return `${shortened(name)} is too long: ${shortened(name)}${suffix}, a name hordelab makes from it, would be ${bytes} bytes, where file systems take ${NAME_MAX}; expected a name of at most ${NAME_MAX - Buffer.byteLength(suffix)} bytes`;
}

/**
 * Why `path` cannot be made on the common file systems, or null when it can: a part of it longer
 * than {@link NAME_MAX} bytes (the last with `suffix` added, such as the `.tmp` a file is written
 * through), or the whole, made absolute, longer than {@link PATH_MAX}.
 */
export function pathTooLong(path: string, suffix = ''): string | null {
  const parts = path.split(/[\\/]/);
  for (const [at, part] of parts.entries()) {
    const problem = nameTooLong(part, at === parts.length - 1 ? suffix : '');
    if (problem !== null) return problem;
  }
  const whole = Buffer.byteLength(resolve(path) + suffix);
  if (whole > PATH_MAX) return `${shortened(path)} is a path of ${whole} bytes, where file systems take ${PATH_MAX}; expected a shorter path`;
  return null;
}

/**
 * `name` with `suffix`, a file or folder name made from a name given in `source`'s `field` (a
 * scenario's `name:` in its default output folder `reports/<name>-sweep`); `through` is what the
 * file is written through (`.tmp`). @throws UsageError naming the field when the file system
 * would refuse it as too long.
 */
export function nameMadeFrom(name: string, suffix: string, source: string, field: string, through = ''): string {
  const problem = nameTooLong(name, suffix + through);
  if (problem !== null) throw new UsageError([{ source, field, message: problem }]);
  return name + suffix;
}

/** Throws a UsageError naming `flag` when {@link pathTooLong} finds `path` too long. */
export function refuseLongPath(path: string, flag: string, suffix = ''): void {
  const problem = pathTooLong(path, suffix);
  if (problem !== null) throw new UsageError([{ source: flag, field: '', message: problem }]);
}
