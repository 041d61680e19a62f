/**
 * User modules (agents, custom metrics) are loaded by Node's own `import`, which runs
 * JavaScript: a TypeScript file is refused before loading, with the way to compile it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Why a module path cannot be loaded by Node as it is, or null: TypeScript is not run as it
 * stands, and the message says how to compile it.
 */
export function uncompiledModule(path: string, what: string): string | null {
  if (!/\.(m|c)?tsx?$/.test(path)) return null;
  const js = path.replace(/\.(m|c)?tsx?$/, (extension) => extension.replace('ts', 'js').replace('x', ''));
  return (
    `${what} "${path}" is TypeScript, which Node ${process.versions.node} does not run as it stands: compile it to JavaScript ` +
    `(for example: npx tsc --module nodenext --target es2022 --strict ${path}) and name "${js}" instead`
  );
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
  const line = syntaxErrorLine(absolute);
  return line === null ? message : `${message} (${absolute}:${line})`;
}

/**
 * The line of a syntax error in the file at `absolute`, or null: Node's import error does not
 * carry it (Node prints it itself only for an error it is not handed back), `node --check` does.
 * Asked only once a load has failed, so a module that loads costs nothing.
 */
function syntaxErrorLine(absolute: string): number | null {
  try {
    const checked = spawnSync(process.execPath, ['--check', absolute], { encoding: 'utf8', timeout: 10_000 });
    const at = (checked.stderr ?? '').split('\n')[0]?.match(/:(\d+)$/);
    return at === null || at === undefined ? null : Number(at[1]);
  } catch {
    return null;
  }
}
