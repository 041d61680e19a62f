/**
 * User modules (agents, custom metrics) are loaded by Node's own `import`, which runs
 * JavaScript: a TypeScript file is refused before loading, with the way to compile it.
 */

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
