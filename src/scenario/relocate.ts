/**
 * A scenario written somewhere else than where it was read (a tuned scenario, a ladder level):
 * the module paths it names (its game module, agent modules, metric modules) are relative to the
 * scenario file, so they are named again from the new folder, and the written file runs as it is.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { isModulePath } from './agent-module.js';

/** `spec` as named from `toDir`, when it is a relative module path read beside `fromFile`. */
function relocated(spec: unknown, fromFile: string, toDir: string): unknown {
  if (typeof spec !== 'string' || !isModulePath(spec) || isAbsolute(spec)) return spec;
  const path = relative(resolve(toDir), resolve(dirname(fromFile), spec)).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * Renames, in a parsed scenario document (changed in place), every relative module path read
 * beside `fromFile` so that it names the same file from `toDir`.
 */
export function relocateModulePaths(document: Record<string, unknown>, fromFile: string, toDir: string): void {
  document['game'] = relocated(document['game'], fromFile, toDir);
  const seats = document['seats'];
  const lists = Array.isArray(seats) ? [seats] : typeof seats === 'object' && seats !== null ? Object.values(seats).filter(Array.isArray) : [];
  for (const list of lists as unknown[][]) {
    list.forEach((seat, index) => {
      if (typeof seat === 'string') list[index] = relocated(seat, fromFile, toDir);
      else if (typeof seat === 'object' && seat !== null && 'agent' in seat) (seat as Record<string, unknown>)['agent'] = relocated((seat as Record<string, unknown>)['agent'], fromFile, toDir);
    });
  }
  if (Array.isArray(document['metrics'])) document['metrics'] = document['metrics'].map((path: unknown) => relocated(path, fromFile, toDir));
}
