/**
 * A scenario written somewhere else than where it was read (a tuned scenario, a ladder level):
 * the module paths it names (its game module, agent modules, metric modules) are relative to the
 * scenario file, so they are named again from the new folder, and the written file runs as it is.
 */
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { Document, isMap, isScalar, parseDocument, stringify as stringifyYaml } from 'yaml';
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

/** A scenario file's text as data: JSON (a byte-order mark an editor put first skipped, as the loader does) or YAML, as the scenario was read. */
export function scenarioData(text: string, file: string): Record<string, unknown> {
  if (extname(file).toLowerCase() === '.json') return JSON.parse(text.startsWith('\ufeff') ? text.slice(1) : text) as Record<string, unknown>;
  return (parseDocument(text).toJS({ maxAliasCount: 100 }) ?? {}) as Record<string, unknown>;
}

/**
 * `data` (a scenario read from `text`, then changed) written as YAML in the YAML version `text`
 * declares, so a parameter YAML 1.1 reads as a Map (`!!omap`), a Set, a date or bytes is written
 * as one again (review 30c: written as a plain mapping, a ladder's level file and a tuned
 * scenario played other parameters than the run). Written afresh from the data, not by editing
 * the document: aliases are written out whole (editing a field dropped an anchor another field's
 * alias named, review 30d), and only the comments before the first field are kept. A JSON
 * scenario (`file` ending in .json) holds no such values: written as plain YAML.
 */
export function scenarioYaml(text: string, file: string, data: Readonly<Record<string, unknown>>): string {
  if (extname(file).toLowerCase() === '.json') return stringifyYaml(data);
  const source = parseDocument(text);
  const written = new Document(data, { version: source.directives?.yaml.version ?? '1.2' });
  if (source.directives?.yaml.explicit === true && written.directives !== undefined) written.directives.yaml.explicit = true;
  // The comments heading the file: before a directive's `---`, after it, or on the first field.
  written.commentBefore = source.commentBefore;
  if (isMap(source.contents) && isMap(written.contents)) {
    written.contents.commentBefore = source.contents.commentBefore ?? null;
    const [firstSource] = source.contents.items;
    const [firstWritten] = written.contents.items;
    if (isScalar(firstSource?.key) && isScalar(firstWritten?.key) && firstSource.key.value === firstWritten.key.value) firstWritten.key.commentBefore = firstSource.key.commentBefore ?? null;
  }
  return written.toString();
}
