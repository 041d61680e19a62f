/**
 * The scenario of one skill level: the base scenario's question (game, parameters, metrics,
 * matches, run seed) with its seats played by the level's agents.
 *
 * A single-spec level takes every seat, except a seat held by an agent that plays only that
 * seat (`scripted-zombies`): such an agent is part of the question, like the game's own AI, and
 * keeps its seat. When the base scenario rotates its seats and the level takes them all, the
 * level rotates too, with two named copies (`greedy-a`, `greedy-b`), so each seed is played in
 * both seatings as the base does. A per-seat level (`greedy/scripted-zombies`) sets each seat
 * as written, unrotated. Every level plays the base's run seed, so all levels meet the same
 * dice and deals (common random numbers). A level's description names the level and its seats
 * in place of the base's, whose description and heading comments spoke of the base's seats.
 */
import { extname } from 'node:path';
import type { AgentFactory } from '../core/agent.js';
import { UsageError } from '../core/errors.js';
import { isSeatAssignment, paramsAsWritten, parseAssignment, parseScenario, scenarioFileData, type Scenario } from '../scenario/scenario.js';
import { scenarioYaml } from '../scenario/relocate.js';
import { faithfulScenarioYaml, fieldSourceOf } from '../scenario/written-scenario.js';
import { settingsText } from '../core/settings-text.js';
import { agents } from '../registry.js';
import { readBackDifference } from '../core/read-back.js';
import { formatSeatLevel, type Level, type SeatLevel } from './levels.js';

type RawSeat = string | { agent: string; config?: Record<string, unknown>; name?: string };

const seatEntry = (seat: SeatLevel, name?: string): RawSeat => ({
  agent: seat.agent,
  ...(Object.keys(seat.config).length === 0 ? {} : { config: { ...seat.config } }),
  ...(name === undefined ? {} : { name }),
});

/** The raw seat list of a scenario document (the rotated list when rotating). */
function rawSeats(document: Record<string, unknown>): RawSeat[] {
  const seats = document['seats'];
  if (Array.isArray(seats)) return seats as RawSeat[];
  if (typeof seats === 'object' && seats !== null && 'rotate' in seats) return (seats as { rotate: RawSeat[] }).rotate;
  return [];
}

/** An agent that plays only some of the game's seats (a scripted side) keeps its seat in every level. */
function keepsItsSeat(factory: AgentFactory, seats: number): boolean {
  const only = factory.playsOnly;
  return only !== undefined && only.seats.length < seats;
}

/** The seats a level plays: each seat's entry, and whether the level rotates them. */
function levelSeats(base: Scenario, raw: readonly RawSeat[], level: Level, source: string): { seats: unknown; rotate: boolean } {
  const count = base.entry.game.seats.length;
  if (level.seats.length > 1) {
    if (level.seats.length !== count) {
      throw new UsageError([{ source, field: '', message: `level "${level.name}" names ${level.seats.length} seats; ${base.entry.game.title} has ${count} (${base.entry.game.seats.join(', ')})` }]);
    }
    return { seats: level.seats.map((seat) => seatEntry(seat)), rotate: false };
  }
  const seat = level.seats[0] as SeatLevel;
  const kept = base.seats.map((named) => keepsItsSeat(named.factory, count));
  // Every seat kept: the level would play the base's own agents, and every such level alike
  // (audit 38d: refused as "plays as level random", which sent the user to the wrong cause).
  if (kept.every(Boolean)) {
    const holders = base.seats.map((named, index) => `${named.factory.id} for ${base.entry.game.seats[index]}`).join(', ');
    // The level's agent in a seat it plays (one-sided itself, its own side: review 38g), the others as they are.
    const into = agents.get(seat.agent)?.playsOnly?.seats[0] ?? 0;
    const example = base.seats.map((named, index) => (index === into ? level.name : named.factory.id)).join('/');
    throw new UsageError([{ source, field: '', message: `takes no seat: every seat of ${base.file} holds an agent that plays only its own side (${holders}), which a level of one agent leaves in place; expected per-seat levels, such as ${example}` }]);
  }
  if (base.rotate && !kept.some(Boolean)) {
    return { seats: { rotate: [seatEntry(seat, `${level.name}-a`), seatEntry(seat, `${level.name}-b`)] }, rotate: true };
  }
  return { seats: Array.from({ length: count }, (_, index) => (kept[index] ? (raw[index] as RawSeat) : seatEntry(seat))), rotate: false };
}

/**
 * The base scenario's document with `seats` in place of its own, parsed as a scenario. `label`
 * names the level (or pairing) in errors, `single` says whether one spec took every seat (its
 * errors are then said once, without the seat).
 */
async function withSeats(base: Scenario, seatsFor: (raw: RawSeat[]) => unknown, label: string, single: boolean, source: string, matches?: number): Promise<Scenario> {
  if (base.tournament !== null) {
    throw new UsageError([{ source: base.file, field: 'seats.roundRobin', message: 'a round robin already compares agents; give the ladder a scenario with one seating' }]);
  }
  const { text, file, overrides } = base.source;
  // `--set seatN.x=...` configured the base's own agents, not the level's.
  const set = (overrides.set ?? []).filter((assignment) => !isSeatAssignment(assignment, base.entry.game));
  let level: Scenario;
  try {
    // The scenario's description and opening comments speak of its own seats, which a report of
    // the level's run printed beside another skill (audit 42d F2): the level's own in their place.
    const levelText = withFields(text, file, (document) => {
      const seats = seatsFor(rawSeats(document));
      return { description: `${label[0]?.toUpperCase()}${label.slice(1)} of a skill ladder on scenario ${base.name}: ${seatingText(seats, base.entry.game.seats)}.`, seats };
    });
    level = await parseScenario(levelText, file, { ...overrides, set, ...(matches === undefined ? {} : { matches }) });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const messages = error.issues.map((issue) => {
      const field = single ? issue.field.replace(/^seats(\.rotate)?\[\d+\](\.agent)?\.?/, '') : issue.field.replace(/^seats\[(\d+)\]/, (_, index: string) => `seat ${Number(index) + 1}`);
      return `${label}: ${field === '' ? '' : `${field}: `}${issue.message}`;
    });
    throw new UsageError([...new Set(messages)].map((message) => ({ source, field: '', message })));
  }
  // Named by the scenario file, whose value it is, not by the level.
  refuseOtherParams(base, level);
  return level;
}

/** A level's seats as its description names them: `greedy as X, random as O`, then `, seats rotated` where they are. */
function seatingText(seats: unknown, seatNames: readonly string[]): string {
  const rotated = typeof seats === 'object' && seats !== null && !Array.isArray(seats);
  const entries = rotated ? (seats as { rotate: RawSeat[] }).rotate : (seats as RawSeat[]);
  const named = entries.map((entry, index) => `${seatEntryText(entry)} as ${seatNames[index] ?? `seat ${index + 1}`}`).join(', ');
  return rotated ? `${named}, seats rotated` : named;
}

/** One seat's entry as written in a level (`mcts:iterations=200`), with the name it is reported under where it has another. */
function seatEntryText(entry: RawSeat): string {
  if (typeof entry === 'string') return entry;
  const spec = formatSeatLevel({ agent: entry.agent, config: entry.config ?? {} });
  return entry.name === undefined || entry.name === spec ? spec : `${entry.name} (${spec})`;
}

/**
 * Refuses a level whose scenario, written out from the base's text with its own seats, reads
 * its parameters back otherwise than the base played them: the ladder would rank levels of
 * another game than `run` plays (review 33c: a date its zone moved past year 9999 came back as
 * text). Compared as an agent or game is handed them.
 */
function refuseOtherParams(base: Scenario, level: Scenario): void {
  if (settingsText(base.params) === settingsText(level.params)) return;
  const difference = readBackDifference(base.params, level.params, 'params');
  throw new UsageError([{ source: base.file, field: difference?.path ?? 'params', message: `holds ${difference?.written ?? 'a value'}, which a level's scenario, written out with its seats, reads back as ${difference?.read ?? 'another'}; give it as a file writes it back` }]);
}

/**
 * The base scenario played at `level`. `source` names where the level came from (`--levels`, a
 * scenario's `ladder:`, a check's `ladder:`) in errors.
 * @throws UsageError when the level cannot play the scenario (an unknown agent, a bad setting,
 *   a seat it cannot take), naming the level.
 */
export async function levelScenario(base: Scenario, level: Level, source: string): Promise<Scenario> {
  return withSeats(base, (raw) => levelSeats(base, raw, level, source).seats, `level "${level.name}"`, level.seats.length === 1, source);
}

/**
 * Two single-spec levels against each other, seats rotated so each seed is played in both
 * seatings (the base's match count, made even), each level's agent named after its level: the
 * run a chance share is read from.
 * Null where the pairing cannot be played that way: a game without exactly two seats, or a
 * seat kept by an agent that plays only it.
 */
export async function pairingScenario(base: Scenario, stronger: Level, weaker: Level, source: string): Promise<Scenario | null> {
  if (base.entry.game.seats.length !== 2 || base.seats.some((seat) => keepsItsSeat(seat.factory, 2))) return null;
  if (stronger.seats.length !== 1 || weaker.seats.length !== 1) return null;
  // Rotation plays each seed twice: an odd match count loses its last match.
  const matches = base.matches - (base.matches % 2);
  if (matches === 0) return null;
  const seats = { rotate: [seatEntry(stronger.seats[0] as SeatLevel, stronger.name), seatEntry(weaker.seats[0] as SeatLevel, weaker.name)] };
  return withSeats(base, () => seats, `pairing "${stronger.name}" against "${weaker.name}"`, false, source, matches);
}

/**
 * A level's (or pairing's) scenario as a file that reproduces it alone with `hordelab run`: the
 * overrides the ladder was given (`--matches`, `--seed`, `--set` of parameters) written into it,
 * the parameters as the file and those flags give them. With `readBack`, refused (see
 * faithfulScenarioYaml) when the file would not read back as played; a ladder's levels share
 * their parameters, so one level's file is read back for all.
 */
export function standaloneText(scenario: Scenario, readBack = true): string {
  const { text, file, overrides } = scenario.source;
  const paramsSet = (overrides.set ?? []).some((assignment) => !isSeatAssignment(assignment, scenario.entry.game));
  // As YAML whatever the scenario was written in: a level file is a .yaml file, and JSON cannot
  // hold what --set may give (.nan), review 30f.
  const data = { ...(scenarioFileData(text, file) as Record<string, unknown>), matches: scenario.matches, seed: scenario.seed, ...(paramsSet ? { params: paramsAsWritten(scenario) } : {}) };
  // A dotted --set writes the parameter's default whole, which must read back as played.
  const flags = new Map<string, string>();
  for (const assignment of overrides.set ?? []) {
    const top = String(parseAssignment(assignment).path[0]);
    if (!flags.has(top)) flags.set(top, `--set ${assignment}`);
  }
  return readBack ? faithfulScenarioYaml(text, file, data, 'a level file', fieldSourceOf(file, flags)) : scenarioYaml(text, file, data);
}

/**
 * The scenario text of `file` with the top-level fields `fields` gives (from the document read as
 * data) set in it: JSON as JSON, YAML as {@link scenarioYaml} writes it (its version's tags kept).
 */
function withFields(text: string, file: string, fields: (document: Record<string, unknown>) => Record<string, unknown>): string {
  const document = scenarioFileData(text, file) as Record<string, unknown>;
  const edited = inPlace(document, fields(document));
  if (extname(file).toLowerCase() !== '.json') return scenarioYaml(text, file, edited, false);
  // JSON has no NaN: JSON.stringify wrote null, and a level's `v=.nan` played null (review 33a).
  const nan = nanPath(edited, '');
  if (nan !== null) throw new UsageError([{ source: file, field: nan, message: 'got NaN, which a JSON scenario cannot hold (JSON has no NaN); write the scenario as YAML, where .nan is a value' }]);
  return exactJson(edited);
}

/** `document` with `fields` set: each in its place, or one it lacks after the name (first without one), so a description still heads the file. */
function inPlace(document: Record<string, unknown>, fields: Record<string, unknown>): Record<string, unknown> {
  const added = Object.fromEntries(Object.entries(fields).filter(([key]) => !Object.hasOwn(document, key)));
  const edited: Record<string, unknown> = Object.hasOwn(document, 'name') ? {} : { ...added };
  for (const [key, value] of Object.entries(document)) {
    edited[key] = Object.hasOwn(fields, key) ? fields[key] : value;
    if (key === 'name') Object.assign(edited, added);
  }
  return edited;
}

/** The path of the first NaN in plain data (`seats[0].config.v`), or null. */
function nanPath(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isNaN(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [`${path}[${index}]`, item]) : Object.entries(value).map(([key, item]) => [path === '' ? key : `${path}.${key}`, item]);
  for (const [at, item] of entries) {
    const found = nanPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * `value` as JSON that reads back as it is: -0 and ±Infinity (a JSON scenario's `-0` and `1e400`)
 * written as `-0` and `±1e400`, where JSON.stringify writes 0 and null, and whole numbers past
 * 2^53 as exponents (review 30e: a JSON
 * scenario's ladder levels played other parameters). Each is marked as a string first, with a
 * mark no text of the data holds.
 */
function exactJson(value: unknown): string {
  const plain = JSON.stringify(value, null, 2);
  let mark = '#number';
  while (plain.includes(mark)) mark += '#';
  const written: Record<string, string> = { [`${mark}-0`]: '-0', [`${mark}+inf`]: '1e400', [`${mark}-inf`]: '-1e400' };
  const marked = (item: unknown): unknown => {
    if (typeof item !== 'number') return item;
    if (Object.is(item, -0)) return `${mark}-0`;
    if (item === Infinity || item === -Infinity) return `${mark}${item > 0 ? '+' : '-'}inf`;
    // A whole number past 2^53 in digits is one the loader refuses as read inexactly (review 30f): as an exponent.
    if (Number.isInteger(item) && !Number.isSafeInteger(item)) {
      written[`${mark}${item}`] = item.toExponential();
      return `${mark}${item}`;
    }
    return item;
  };
  const text = JSON.stringify(value, (_key, item: unknown) => marked(item), 2);
  // Every string of JSON text, escapes and all, from left to right: a mark is only ever a whole one.
  return text.replace(/"((?:[^"\\]|\\.)*)"/g, (quoted, inner: string) => written[inner] ?? quoted);
}
