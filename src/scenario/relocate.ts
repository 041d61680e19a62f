/**
 * A scenario written somewhere else than where it was read (a tuned scenario, a ladder level):
 * the module paths it names (its game module, agent modules, metric modules) are relative to the
 * scenario file, so they are named again from the new folder, and the written file runs as it is.
 */
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { parseDocument, stringify as stringifyYaml } from 'yaml';
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

/**
 * `data` (a scenario read from `text`, then changed) written as YAML. A YAML scenario is written
 * through its own document: its directive and its top-level fields' order are kept, so a
 * parameter YAML 1.1 reads as a Map (`!!omap`) is written as one again (review 30c: written as
 * a plain mapping, a ladder's level file and a tuned scenario played other parameters than the
 * run). A JSON scenario (`file` ending in .json) holds no such values: written as plain YAML.
 */
export function scenarioYaml(text: string, file: string, data: Readonly<Record<string, unknown>>): string {
  if (extname(file).toLowerCase() === '.json') return stringifyYaml(data);
  const document = parseDocument(text);
  const before = document.toJS({ maxAliasCount: 100 }) as Record<string, unknown> | null;
  for (const key of Object.keys(before ?? {})) if (!Object.hasOwn(data, key)) document.delete(key);
  for (const [key, value] of Object.entries(data)) document.set(key, document.createNode(value));
  return document.toString();
}
