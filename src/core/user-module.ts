/**
 * User modules (games, agents, custom metrics) are loaded by Node's own `import`, which runs
 * JavaScript: a TypeScript file is refused before loading, with the way to compile it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isSpecialFile } from './special-file.js';

/**
 * Why a module path cannot be loaded by Node as it is, or null: TypeScript is not run as it
 * stands, and the message says how to compile it.
 */
export function uncompiledModule(path: string, what: string): string | null {
  if (!/\.(m|c)?tsx?$/.test(path)) return null;
  const js = path.replace(/\.(m|c)?tsx?$/, (extension) => extension.replace('ts', 'js').replace('x', ''));
  // A .ts file compiles to CommonJS in a package whose "type" is commonjs (npm init's default),
  // where its imports of hordelab need a Node that requires ES modules: a .mts file compiles to
  // .mjs, an ES module in any package (audit 41a F3).
  const esm = /\.ts$/.test(path) ? ` (named .mts, it compiles to .mjs, an ES module whatever package.json's "type" says)` : '';
  return (
    `${what} "${path}" is TypeScript, which Node ${process.versions.node} does not run as it stands: compile it to JavaScript ` +
    `(for example: npx tsc --module nodenext --target es2022 --strict ${path}) and name "${js}" instead${esm}`
  );
}

/**
 * The default export of a loaded module's namespace. A CommonJS module compiled by tsc
 * (`Object.defineProperty(exports, "__esModule", { value: true }); exports.default = …`) gives
 * Node's `import` its `module.exports` as the default: its own `default` is what its author
 * exported, as bundlers and tsc's own interop take it (audit 41a F3: such a module was refused as
 * "an object that has no id"). Reading it runs the module's code (a getter, a proxy): it may throw.
 */
export function defaultExport(namespace: Readonly<Record<string, unknown>>): unknown {
  const exported = namespace['default'];
  if (typeof exported !== 'object' || exported === null) return exported;
  const compiled = exported as { __esModule?: unknown };
  return compiled.__esModule === true && Object.hasOwn(compiled, 'default') ? (compiled as { default: unknown }).default : exported;
}

/**
 * Why the module path `absolute` is no module file, said before it is imported, or null when it
 * is a file or is not there (the import then says "no module at …"). A folder failed the import
 * with Node's "Directory import … is not supported resolving ES modules imported from" one of
 * Hordelab's own files (an agent or metric module), or "no module at" (a game module), where it
 * is the same mistake; a named pipe was imported (or digested) until a writer came, the command
 * hung and outlived its SIGINT (audit 36b), refused as a scenario file that is one is.
 */
export function notAModuleFile(absolute: string): string | null {
  if (isSpecialFile(absolute)) return `${absolute} is not a file (a pipe, socket or device); expected a module file`;
  let folder: boolean;
  try {
    folder = statSync(absolute).isDirectory();
  } catch {
    return null;
  }
  return folder ? `${absolute} is a folder, not a module file` : null;
}

/**
 * Why `import` of the module at `absolute` failed, in one line: "no module at …" only when that
 * file is missing; a module that is there but imports something missing (a package not
 * installed) says what it could not find, as Node does.
 */
export function importFailure(error: unknown, absolute: string): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ERR_MODULE_NOT_FOUND' && !existsSync(absolute)) return `no module at ${absolute}`;
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  if (!(error instanceof SyntaxError) || !existsSync(absolute)) return message;
  const at = syntaxErrorAt(absolute);
  return at === null ? message : `${message} (${at})`;
}

/** How many files {@link syntaxErrorAt} checks at most: the module and what it imports, nearest first. */
const FILES_CHECKED = 50;

/**
 * Where the syntax error is (`file:line`) in the module at `absolute` or a file it imports by a
 * relative path, or null: Node's import error carries neither (Node prints them itself only for
 * an error it is not handed back), `node --check` does, one file at a time. The module is
 * checked first, then the files it imports, breadth first. Asked only once a load has failed,
 * so a module that loads costs nothing.
 */
function syntaxErrorAt(absolute: string): string | null {
  const queue = [absolute];
  const seen = new Set(queue);
  for (let checked = 0; checked < queue.length && checked < FILES_CHECKED; checked++) {
    const file = queue[checked] as string;
    const line = syntaxErrorLine(file);
    if (line !== null) return `${file}:${line}`;
    for (const imported of relativeImports(file)) {
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return null;
}

/** The files `file` imports or requires by a relative path (`./rules.mjs`, `../x.js`) that exist. */
function relativeImports(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g)) {
    const path = resolve(dirname(file), match[2] as string);
    if (existsSync(path)) found.push(path);
  }
  return found;
}

/** The line of a syntax error in the file at `absolute` (by `node --check`), or null. */
function syntaxErrorLine(absolute: string): number | null {
  try {
    const checked = spawnSync(process.execPath, ['--check', absolute], { encoding: 'utf8', timeout: 10_000 });
    const at = (checked.stderr ?? '').split('\n')[0]?.match(/:(\d+)$/);
    return at === null || at === undefined ? null : Number(at[1]);
  } catch {
    return null;
  }
}
