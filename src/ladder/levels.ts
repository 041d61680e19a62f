/**
 * Skill levels: the agents a question is asked of, written as agent specs.
 *
 * A level is `agent` or `agent:key=value,key=value` (`random`, `greedy`,
 * `mcts:iterations=200,rolloutDepth=0`), the same agent in every seat; or one spec per seat
 * joined with `/` (`greedy/scripted-zombies`). An agent may be a module path ending in a
 * module extension (`./agents/mine.mjs:depth=2`), as in a scenario's seats; its own slashes
 * do not split seats (`greedy/./mine.mjs` is two seats). Values are read as YAML (`true`, `0.7`, `turn`).
 * A list of levels is comma-separated: a part that is a setting, `key=value` before any `/`,
 * continues the settings of the level before it, so
 * `random,greedy,mcts:iterations=200,c=0.7,mcts:iterations=1000` is four levels and
 * `mcts:iterations=30,c=1/random` one. The level's name is the spec as written, normalised (`mcts:c=0.7,iterations=200`
 * keeps the order given).
 */
import { isAbsolute, resolve } from 'node:path';
import { parseStrictYaml, StrictYamlError } from '../core/strict-yaml.js';
import { UsageError } from '../core/errors.js';
import { fileNamePart } from '../core/file-name.js';
import { findUnsafeKey, isUnsafeKey } from '../core/safe-keys.js';
import { isModulePath } from '../scenario/agent-module.js';
import { settingsText } from '../core/settings-text.js';

/** The end of an agent module's path: the extensions a scenario's `agent:` loads. */
const MODULE_FILE = /\.(m?js|cjs|m?tsx?|cts)$/;

/** One seat's agent at a level. */
export interface SeatLevel {
  readonly agent: string;
  readonly config: Readonly<Record<string, unknown>>;
}

/** A skill level: its name and the agent of each seat (one entry: every seat). */
export interface Level {
  readonly name: string;
  readonly seats: readonly SeatLevel[];
}

/** Parses one seat's spec: `mcts:iterations=200,c=0.7`. @throws UsageError naming `source`. */
export function parseSeatLevel(spec: string, source: string): SeatLevel {
  const text = spec.trim();
  const colon = text.indexOf(':');
  const agent = (colon < 0 ? text : text.slice(0, colon)).trim();
  const modulePath = MODULE_FILE.test(agent) && isModulePath(agent);
  if (agent === '' || agent === '.' || agent === '..' || (modulePath ? /[=,]/.test(agent) : /[=,/\s]/.test(agent))) {
    throw new UsageError([
      { source, field: '', message: `"${spec}" is not an agent spec; expected agent or agent:key=value,..., such as mcts:iterations=200; a module path must end in .js, .mjs, .cjs or .ts, such as ./my-agent.mjs` },
    ]);
  }
  const config: Record<string, unknown> = {};
  if (colon >= 0) {
    for (const part of text.slice(colon + 1).split(',')) {
      const at = part.indexOf('=');
      const key = at < 0 ? '' : part.slice(0, at).trim();
      if (key === '') throw new UsageError([{ source, field: '', message: `"${part}" in "${spec}" is not a setting; expected key=value, such as iterations=200` }]);
      // Refused here, before the assignment below: `config.__proto__ = value` sets the object's
      // prototype instead of a key, which the later walk over its own keys never sees.
      if (isUnsafeKey(key)) throw new UsageError([{ source, field: '', message: `"${key}" in "${spec}" is not allowed as a setting name` }]);
      // The last value would silently win, as a typo for another setting's name would leave it.
      if (Object.hasOwn(config, key)) throw new UsageError([{ source, field: '', message: `${key} is given twice in "${spec}"; give each setting once` }]);
      let value: unknown;
      try {
        // Read as a --set value is (review 33c: 9007199254740993 was read as ...992, unsaid).
        value = parseStrictYaml(part.slice(at + 1));
      } catch (error) {
        const readable = error instanceof StrictYamlError && error.kind !== 'syntax';
        throw new UsageError([{ source, field: '', message: readable ? `${key} in "${spec}": ${error.message.replace(' at line 1 ', ' ').replace(' (line 1)', '')}` : `the value of ${key} in "${spec}" is not valid YAML` }]);
      }
      // As a --set value is read: an alias inside its own anchor, or a key that reaches every
      // object, refused here (review 30c: a cycle ended in an internal failure where the level was named).
      const inside = findUnsafeKey(value, [key]);
      if (inside !== null) throw new UsageError([{ source, field: '', message: `${inside.field} in "${spec}": ${inside.message}` }]);
      config[key] = value;
    }
  }
  return { agent, config };
}

/** The canonical text of a seat's spec. */
export function formatSeatLevel(seat: SeatLevel): string {
  // NaN and ±Infinity (`.nan`, `1e999`) as themselves, where JSON would write null.
  const settings = Object.entries(seat.config).map(([key, value]) => `${key}=${typeof value === 'string' || (typeof value === 'number' && !Number.isFinite(value)) ? String(value) : JSON.stringify(value)}`);
  return settings.length === 0 ? seat.agent : `${seat.agent}:${settings.join(',')}`;
}

/**
 * Splits a level into its seats' specs at `/`, keeping a module path whole: from a part, the
 * shortest run of parts whose agent (before any `:`) ends in a module extension is one path,
 * unless a `.`, `..` or empty part follows a named one in it (`greedy/./mine.mjs` is a seat and
 * then a path).
 */
export function splitSeatSpecs(spec: string): string[] {
  const parts = spec.split('/');
  const seats: string[] = [];
  for (let start = 0; start < parts.length; ) {
    const end = modulePathEnd(parts, start);
    seats.push(parts.slice(start, end + 1).join('/'));
    start = end + 1;
  }
  return seats;
}

/** The last part of the module path that begins at `parts[start]`, or `start` when none does. */
function modulePathEnd(parts: readonly string[], start: number): number {
  let named = false;
  for (let index = start; index < parts.length; index++) {
    const part = parts[index] as string;
    const dots = part === '' || part === '.' || part === '..';
    if (dots && named) return start;
    named ||= !dots;
    const colon = part.indexOf(':');
    if (MODULE_FILE.test(colon < 0 ? part : part.slice(0, colon))) return index;
    if (colon >= 0) return start;
  }
  return start;
}

/**
 * Parses one level: a spec, or per-seat specs joined with `/`. With `baseDir`, a relative
 * module path is resolved from there (a command line's paths are the shell's, not the
 * scenario file's); the level keeps the name it was written with.
 */
export function parseLevel(spec: string, source: string, baseDir?: string): Level {
  const seats = splitSeatSpecs(spec).map((part) => parseSeatLevel(part, source));
  const name = seats.map(formatSeatLevel).join('/');
  if (baseDir === undefined) return { name, seats };
  return { name, seats: seats.map((seat) => (isModulePath(seat.agent) && !isAbsolute(seat.agent) ? { ...seat, agent: resolve(baseDir, seat.agent) } : seat)) };
}

/**
 * Splits a comma-separated list of levels: a part that is a setting, `key=value` before any `/`
 * (its key holding no `:`), is one more setting of the level before it, so the seat it ends may
 * be followed by others (`mcts:iterations=30,c=1/random` is one level; audit 42d F1: a first or
 * middle seat with two settings was cut at its second). Every list of levels is read here:
 * `--levels`, a scenario's `ladder:` and a check's.
 */
export function splitLevels(text: string, source = '--levels'): string[] {
  const levels: string[] = [];
  // A blank item of a `ladder:` list is refused below as an empty level, not dropped unsaid.
  if (text === '') return levels;
  for (const raw of text.split(',')) {
    const part = raw.trim();
    // `random,,greedy` is a typo, not two levels: skipping it would run a different ladder.
    if (part === '') throw new UsageError([{ source, field: '', message: `"${text}" has an empty level; expected levels separated by single commas, such as random,greedy` }]);
    if (isSetting(part) && levels.length > 0) levels[levels.length - 1] = `${levels[levels.length - 1]},${part}`;
    else levels.push(part);
  }
  return levels;
}

/** Whether a comma-separated part is a `key=value` setting (up to any `/`), not a new level's `agent:key=value`. */
function isSetting(part: string): boolean {
  const seat = part.split('/', 1)[0] as string;
  const equals = seat.indexOf('=');
  return equals >= 0 && !seat.slice(0, equals).includes(':');
}

/** The levels of some comma-separated lists, as {@link splitLevels} and {@link parseLevel} read them, in order. */
export function readLevels(texts: readonly string[], source: string, baseDir?: string): Level[] {
  return texts.flatMap((text) => splitLevels(text, source)).map((spec) => parseLevel(spec, source, baseDir));
}

/** Parses `--levels` values (each a comma-separated list) into levels, refusing duplicates; `baseDir` as in {@link parseLevel}. */
export function parseLevels(texts: readonly string[], source: string, baseDir?: string): Level[] {
  const levels = readLevels(texts, source, baseDir);
  if (levels.length === 0) throw new UsageError([{ source, field: '', message: 'expected at least one level, such as random,greedy,mcts:iterations=200' }]);
  refuseRepeatedLevels(levels, source, levelSlug, (slug) => `levels/${slug}.yaml`);
  return levels;
}

/**
 * Refuses a level listed twice, the same agents and settings under two spellings, and two names
 * that make one file-safe name (`slugOf` makes it, `whereWritten` says what it is written as: a
 * ladder's level file, a check's name and baseline file).
 */
export function refuseRepeatedLevels(levels: readonly Level[], source: string, slugOf: (name: string) => string, whereWritten: (slug: string) => string): void {
  const names = levels.map((level) => level.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw new UsageError([{ source, field: '', message: `level "${repeated}" is listed twice` }]);
  // The same agent and settings written in another order (`c=1,iterations=20`) would be played,
  // and ranked, as two levels; two names that make one file name would share a level file.
  const played = new Map<string, string>();
  const files = new Map<string, string>();
  for (const level of levels) {
    const key = settingsText(level.seats);
    const same = played.get(key);
    if (same !== undefined) throw new UsageError([{ source, field: '', message: `level "${level.name}" is level "${same}" again (the same agents and settings); list each level once` }]);
    played.set(key, level.name);
    const slug = slugOf(level.name);
    const clash = files.get(slug);
    if (clash !== undefined) throw new UsageError([{ source, field: '', message: `levels "${clash}" and "${level.name}" would both be written to ${whereWritten(slug)}; give one of them another spelling (a module by another path)` }]);
    files.set(slug, level.name);
  }
}

/** A level's name as a ladder writes it into its file names (`mcts_iterations_200`, `agent.mjs` for `./agent.mjs`). */
export const levelSlug = (name: string): string => fileNamePart(name);

/**
 * A level's name as a check's name ends (`balance@mcts_iterations_200`, `balance@._agent.mjs`):
 * kept as it was before level files dropped leading dots, so baselines stored under these
 * names are still found; the check's own name comes first, so no file of it starts with a dot.
 */
export const levelCheckSuffix = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_');
