/**
 * A scenario written somewhere else than where it was read (a tuned scenario, a ladder level):
 * the module paths it names (its game module, agent modules, metric modules) are relative to the
 * scenario file, so they are named again from the new folder, and the written file runs as it is.
 */
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { Document, isMap, isScalar, parseDocument, visit } from 'yaml';
import { isModulePath } from './agent-module.js';
import { splitSeatSpecs } from '../ladder/levels.js';
import { selfHoldingPath } from '../core/written-keys.js';

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
  // New lists and seats, not the ones read: YAML's aliases make one object of a seat list and a
  // parameter that names it, and a parameter is played as written (review 30e: a tuned file's
  // parameter aliasing the seats was rewritten with them).
  const seatList = (list: readonly unknown[]): unknown[] =>
    list.map((seat) => {
      if (typeof seat === 'string') return relocated(seat, fromFile, toDir);
      if (typeof seat === 'object' && seat !== null && 'agent' in seat) return { ...(seat as Record<string, unknown>), agent: relocated((seat as Record<string, unknown>)['agent'], fromFile, toDir) };
      return seat;
    });
  const seats = document['seats'];
  if (Array.isArray(seats)) document['seats'] = seatList(seats);
  else if (typeof seats === 'object' && seats !== null) document['seats'] = Object.fromEntries(Object.entries(seats).map(([key, list]) => [key, Array.isArray(list) ? seatList(list) : list]));
  if (Array.isArray(document['metrics'])) document['metrics'] = document['metrics'].map((path: unknown) => relocated(path, fromFile, toDir));
  // A ladder's levels name agent modules too, each seat of a level (`a.mjs/greedy`) apart (review 30f).
  if (Array.isArray(document['ladder'])) document['ladder'] = document['ladder'].map((level: unknown) => (typeof level === 'string' ? relocatedLevel(level, fromFile, toDir) : level));
}

/** A level spec (`./mine.mjs:depth=2/greedy`) with each seat's module path named from `toDir`. */
function relocatedLevel(level: string, fromFile: string, toDir: string): string {
  return splitSeatSpecs(level)
    .map((seat) => {
      const colon = seat.indexOf(':');
      const agent = colon < 0 ? seat : seat.slice(0, colon);
      return `${relocated(agent, fromFile, toDir) as string}${colon < 0 ? '' : seat.slice(colon)}`;
    })
    .join('/');
}


/**
 * `data` (a scenario read from `text`, then changed) written as YAML in the YAML version `text`
 * declares, so a parameter YAML 1.1 reads as a Map (`!!omap`), a Set, a date or bytes is written
 * as one again (review 30c: written as a plain mapping, a ladder's level file and a tuned
 * scenario played other parameters than the run). Written afresh from the data, not by editing
 * the document: aliases are written out whole (editing a field dropped an anchor another field's
 * alias named, review 30d), and only the comments before the first field are kept, unless
 * `keepHeading` is false (a ladder's level, whose heading spoke of other seats). A JSON
 * scenario (`file` ending in .json) is written as YAML 1.2, unless its data holds such values.
 */
export function scenarioYaml(text: string, file: string, data: Readonly<Record<string, unknown>>, keepHeading = true): string {
  const json = extname(file).toLowerCase() === '.json';
  const source = json ? null : parseDocument(text);
  // Values only YAML 1.1 writes as themselves (a Map as !!omap, a Set, a date, bytes), such as a
  // game's defaults written whole with the parameters, make the file YAML 1.1, which reads back
  // everything else it writes alike (review 30e: a default Map was written as a plain mapping).
  const version = source?.directives?.yaml.version === '1.1' || holdsTaggedValue(data) ? '1.1' : '1.2';
  // A value held twice is written out twice, not as an anchor and aliases: a reader takes at most
  // 100 aliases (review 32c: the library's run() of a list of 101 equal settings was refused as
  // "an attack"). A value that holds itself is written with an alias, so the writer ends; no
  // reader takes one, and neither a scenario nor a game module's default can give one (such a
  // default is refused as it loads).
  const written = new Document(data, { version, aliasDuplicateObjects: selfHoldingPath(data) !== null });
  if (written.directives !== undefined && (version === '1.1' || source?.directives?.yaml.explicit === true)) written.directives.yaml.explicit = true;
  // A key "<<" the scenario read is a key (YAML 1.1 merges a plain one, and the writer writes
  // any "<<" plain unless it is tagged a string): written `!!str "<<"` (review 30e).
  visit(written, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === '<<') Object.assign(pair.key, { tag: 'tag:yaml.org,2002:str', type: 'QUOTE_DOUBLE' });
    },
    // A whole number past 2^53 written out in digits (1e20 as 100000000000000000000) is one the
    // loader refuses as read inexactly: written as the exponent it was given as (review 30f).
    Scalar(_, scalar) {
      if (typeof scalar.value === 'number' && Number.isInteger(scalar.value) && !Number.isSafeInteger(scalar.value)) scalar.format = 'EXP';
    },
  });
  if (source === null || !keepHeading) return written.toString();
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

/** Whether `value` holds, anywhere, a Map, Set, Date or typed array: values only YAML 1.1 writes as themselves. Each object is read once (a default may hold itself). */
function holdsTaggedValue(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  if (value instanceof Map || value instanceof Set || value instanceof Date || ArrayBuffer.isView(value)) return true;
  seen.add(value);
  return Object.values(value).some((item) => holdsTaggedValue(item, seen));
}
