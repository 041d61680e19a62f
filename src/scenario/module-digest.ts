/**
 * The digest of a user's module (a game or an agent) as a run plays it: its file and every file
 * it imports by a relative path, followed from file to file. A game split into an entry and its
 * rules is edited in the rules; a digest of the entry alone would let `--resume` or `merge` join
 * matches of two different games under one key.
 *
 * Imports are found in the source text: string literals starting `./` or `../` after `from`,
 * `import`, `import(` or `require(`. A path computed at run time is not followed, nor is a
 * package imported by name (its installed version is the package manager's to pin). A module with
 * no relative imports keeps the plain SHA-256 of its file, as recorded before imports counted.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** Relative specifiers in source text: `from './x.js'`, `import './x.js'`, `import('./x.js')`, `require('./x.cjs')`. */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport|\bimport\s*\(|\brequire\s*\()\s*(['"`])(\.\.?\/[^'"`\n]*)\1/g;

/** Files CommonJS `require` tries for a specifier without its extension. */
const REQUIRE_SUFFIXES = ['', '.js', '.cjs', '.mjs', '.json', '/index.js', '/index.cjs'];

/** More files than any module is split into: a bound on the walk, whatever the source holds. */
const MAX_FILES = 10_000;

/**
 * SHA-256 over the module at `path` and the files it imports by relative paths, each named by
 * its path relative to the module's folder; the plain SHA-256 of the file when it imports none.
 * @throws the file system's error when `path` cannot be read.
 */
export function moduleGraphDigest(path: string): string {
  const entry = resolve(path);
  const root = dirname(entry);
  const bytesOf = new Map<string, Buffer>([[entry, readFileSync(entry)]]);
  const queue = [entry];
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the bound is met only by a module of 10,000 files
  for (let next = 0; next < queue.length && bytesOf.size < MAX_FILES; next++) {
    const file = queue[next] as string;
    for (const imported of relativeImports(file, bytesOf.get(file) as Buffer)) {
      if (bytesOf.has(imported)) continue;
      let bytes: Buffer;
      try {
        bytes = readFileSync(imported);
        // Stryker disable next-line BlockStatement: a file that exists but cannot be read (permissions); its import fails the module itself
      } catch {
        continue;
      }
      bytesOf.set(imported, bytes);
      queue.push(imported);
    }
  }
  if (bytesOf.size === 1) return createHash('sha256').update(bytesOf.get(entry) as Buffer).digest('hex');
  const hash = createHash('sha256');
  // In the walk's order, which the files alone decide; each file's name and length first, so no
  // two lists of files hash alike by their bytes running together.
  for (const file of bytesOf.keys()) {
    const bytes = bytesOf.get(file) as Buffer;
    hash.update(`${relative(root, file)}\u0000${bytes.length}\u0000`).update(bytes);
  }
  return hash.digest('hex');
}

/**
 * {@link moduleGraphDigest}, or `unreadable <name>` where the file cannot be read: a key holding
 * it then differs from any readable module's, so a resume or merge across the change is refused.
 */
export function moduleGraphDigestOrName(path: string, name: string = path): string {
  try {
    return moduleGraphDigest(path);
  } catch {
    return `unreadable ${name}`;
  }
}

/** The files `file`'s source imports by relative specifiers that exist (a missing one fails the import itself). */
function relativeImports(file: string, bytes: Buffer): string[] {
  // Stryker disable next-line ArrayDeclaration: an entry that names no file is skipped as unreadable
  const found: string[] = [];
  const from = dirname(file);
  for (const match of bytes.toString('utf8').matchAll(RELATIVE_IMPORT)) {
    const target = resolve(from, (match[2] as string).split(/[?#]/)[0] as string);
    const existing = REQUIRE_SUFFIXES.map((suffix) => target + suffix).find(isFile);
    // Stryker disable next-line ConditionalExpression: an undefined entry is skipped as unreadable
    if (existing !== undefined) found.push(existing);
  }
  return found;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
