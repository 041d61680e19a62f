/**
 * Headline figures and their verdicts across skill levels.
 *
 * A game names its headlines in its module (`headlines`: a `results` path, a label and, where
 * the question has one, the value it is judged against: 50% for a win rate, 0 for a
 * difference); a game that names none is judged on its default metric, against 50% when that
 * is a rate. At each level a headline's interval puts it above the reference, below it, or not
 * distinguishable from it; with a band (a check's, or `--band`) inside, outside or unclear.
 * The verdict says whether that reading holds at every level, and where it changes: where the
 * figure crosses the reference (changes sign, for a difference), where it is outside the band, or,
 * without a reference, between which levels (any two, not only neighbours) it moves beyond chance.
 */
import type { GameHeadline, GameModule } from '../core/game-module.js';
import { normalQuantile } from '../stats/distributions.js';
import { percentOf } from '../reports/format.js';

/** A figure the balance question is about. */
export type Headline = GameHeadline;

/** An estimate with its interval, read from a summary: a rate, a mean or a difference. */
export interface Figure {
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly n: number;
  /** Percent for rates and differences of rates; plain numbers for means. */
  readonly percent: boolean;
  /** Set on a difference (Plants − Zombies): it may be negative, so its chart's axis is signed. */
  readonly difference?: true;
}

/** The headlines of a game: its own, or its default metric. */
export function headlinesOf(module: GameModule): readonly Headline[] {
  return module.headlines ?? [{ path: module.defaultMetric, label: module.defaultMetric, reference: 0.5 }];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The figure at `path` in a summary's `results`, or null when there is none (or no sample). */
export function readFigure(results: unknown, path: string): Figure | null {
  let node: unknown = results;
  for (const key of path.split('.')) node = isRecord(node) ? node[key] : undefined;
  if (!isRecord(node) || typeof node['lower'] !== 'number' || typeof node['upper'] !== 'number' || typeof node['n'] !== 'number') return null;
  const value = typeof node['rate'] === 'number' ? node['rate'] : typeof node['difference'] === 'number' ? node['difference'] : typeof node['mean'] === 'number' ? node['mean'] : null;
  if (value === null || !Number.isFinite(value) || node['n'] === 0) return null;
  const difference = typeof node['rate'] !== 'number' && typeof node['difference'] === 'number';
  return { value, lower: node['lower'], upper: node['upper'], n: node['n'], percent: typeof node['mean'] !== 'number', ...(difference ? { difference: true as const } : {}) };
}

/** A band a headline should stay in. */
export interface Band {
  readonly low: number;
  readonly high: number;
}

export type Side = 'above' | 'below' | 'at';
export type BandReading = 'inside' | 'outside' | 'unclear';

/** One level's reading of a headline. */
export interface LevelReading {
  readonly level: string;
  readonly figure: Figure | null;
  readonly side: Side | null;
  readonly band: BandReading | null;
}

export interface Verdict {
  /** True when the reading is the same at every level (and inside the band, if one is given). */
  readonly holds: boolean;
  /**
   * True when the figure is shown to change with skill: it crosses its reference (changes sign),
   * or some two levels differ beyond chance. False where the readings only differ (one level
   * "not distinguishable", another "above"): neither held nor shown to change, which levels of
   * one exact value read 12% of the time at three levels (audit 28a), so a gate on `holds` alone
   * fails there for no real change.
   */
  readonly shownToChange: boolean;
  readonly text: string;
}

/** Which side of `reference` an interval lies on. */
export function sideOf(figure: Figure, reference: number): Side {
  if (figure.lower > reference) return 'above';
  if (figure.upper < reference) return 'below';
  return 'at';
}

/** Where an interval lies against a band. */
export function bandOf(figure: Figure, band: Band): BandReading {
  if (figure.lower >= band.low && figure.upper <= band.high) return 'inside';
  if (figure.upper < band.low || figure.lower > band.high) return 'outside';
  return 'unclear';
}

/** `50%`, `0`, `0.25`: a reference or band edge as the reader knows it. */
export function formatValue(value: number, percent: boolean): string {
  return percent ? `${+percentOf(value, 2)}%` : String(+value.toFixed(3));
}

/**
 * Whether two levels' figures differ beyond chance (independent intervals: conservative on common
 * seeds). The difference's interval is built from each figure's own interval arm toward the other
 * (MOVER, Zou and Donner 2008; Newcombe's for two rates): a rate's interval near 0% or 100% is
 * lopsided, and a spread read from its whole width took 4 of 4 against 0 of 4 as beyond chance and
 * flagged two levels of one rate up to 29% of the time at 4 matches (audit 38d). For a symmetric
 * interval (a mean's) it is the plain test on the two standard errors.
 */
function differ(a: Figure, b: Figure, confidence: number, comparisons: number): boolean {
  const [high, low] = a.value >= b.value ? [a, b] : [b, a];
  const armHigh = high.value - high.lower;
  const armLow = low.upper - low.value;
  const arm = Math.sqrt(armHigh * armHigh + armLow * armLow);
  // Bonferroni over the pairs compared: with every pair at the plain level, levels of one and the
  // same value read "changes" 7.5% of the time at 3 levels and 10.8% at 5 (audit 22), the more
  // the more levels; so each pair is held to (1 − confidence) / comparisons, the arms (drawn at
  // `confidence`) widened to that level.
  const widen = normalQuantile(1 - (1 - confidence) / Math.max(1, comparisons)) / normalQuantile(confidence);
  return arm > 0 && high.value - low.value > arm * widen;
}

/** Why a level has no figure: its matches gave the figure no sample. */
const NO_SAMPLE = 'no figure with an interval there: no match gave it a sample (a share of the decided matches where none was decided), or every sample was alike';

const list = (names: readonly string[]): string => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/**
 * The first two levels, in order, between which a reading goes from one side of its reference
 * to the other (above, then below, or the reverse), passing over levels not distinguishable from
 * it between them; null where it never does.
 */
function crossingOf(measured: readonly LevelReading[]): [LevelReading, LevelReading] | null {
  let last: LevelReading | null = null;
  for (const reading of measured) {
    if (reading.side === 'at') continue;
    if (last !== null && reading.side !== last.side) return [last, reading];
    last = reading;
  }
  return null;
}

/** Reads a headline at every level and says whether the reading holds. */
export function judge(headline: Headline, figures: readonly { level: string; figure: Figure | null }[], band: Band | null, confidence: number): { readings: LevelReading[]; verdict: Verdict } {
  const readings: LevelReading[] = figures.map(({ level, figure }) => ({
    level,
    figure,
    side: figure === null || headline.reference === undefined ? null : sideOf(figure, headline.reference),
    band: figure === null || band === null ? null : bandOf(figure, band),
  }));
  const measured = readings.filter((reading) => reading.figure !== null);
  if (measured.length === 0) return { readings, verdict: { holds: false, shownToChange: false, text: `not measured at any level (${NO_SAMPLE})` } };
  const percent = (measured[0]?.figure as Figure).percent;
  const parts: string[] = [];
  let holds = true;
  let shownToChange = false;
  if (headline.reference !== undefined) {
    const reference = formatValue(headline.reference, percent);
    const word = (side: Side): string => (side === 'above' ? `above ${reference}` : side === 'below' ? `below ${reference}` : `not distinguishable from ${reference}`);
    const sides = [...new Set(measured.map((reading) => reading.side as Side))];
    if (sides.length === 1) {
      parts.push(word(sides[0] as Side));
    } else {
      holds = false;
      const groups = sides.map((side) => `${word(side)} at ${list(measured.filter((reading) => reading.side === side).map((reading) => reading.level))}`);
      // Where it crosses, the two levels it crosses between (audit 42d F3: "crosses 50% (first
      // between random and greedy)" named where the reading first differed, not at 50% to below,
      // where greedy to mcts crossed); else the first two in a row whose readings differ.
      const crossed = crossingOf(measured);
      const crossing = crossed !== null;
      const first = measured.findIndex((reading) => reading.side !== measured[0]?.side);
      const [from, to] = crossed ?? [measured[first - 1], measured[first]];
      const where = `between ${from?.level} and ${to?.level}`;
      // A reading that only fades into its interval (above at one level, not distinguishable at
      // the next) may be the intervals' resolution, not the game: "changes" only where some two
      // levels also differ beyond chance (audit 20: a true edge growing from 2.2 to 4.5 points
      // read "changes" in 119 of 171 ladders). Every pair is compared, so the words "no two
      // levels differ beyond chance" are true as said (review 20).
      const pairs = (measured.length * (measured.length - 1)) / 2;
      const moved = measured.some((reading, i) => measured.some((other, j) => j < i && differ(other.figure as Figure, reading.figure as Figure, confidence, pairs)));
      shownToChange = crossing || moved;
      const change = crossing ? (headline.reference === 0 ? `changes sign` : `crosses ${reference}`) : moved ? `changes` : `reads differently, though no two levels differ beyond chance`;
      parts.push(`${change} (first ${where}): ${groups.join('; ')}`);
    }
  } else {
    // Every pair of levels, Bonferroni over them all, as where there is a reference: compared only
    // level by level, a figure that drifted from 10% to 15% over three levels in steps within
    // chance read "holds at every level" (shownToChange false) where its two ends alone read
    // "changes" (audit 37a); the more levels, the more a drift hid.
    const pairs = (measured.length * (measured.length - 1)) / 2;
    const moves: string[] = [];
    for (let i = 0; i < measured.length; i++) {
      for (let j = i + 1; j < measured.length; j++) {
        const a = measured[i] as LevelReading;
        const b = measured[j] as LevelReading;
        if (differ(a.figure as Figure, b.figure as Figure, confidence, pairs)) moves.push(`${a.level} → ${b.level}: ${formatValue((a.figure as Figure).value, percent)} → ${formatValue((b.figure as Figure).value, percent)}`);
      }
    }
    if (moves.length === 0) parts.push('no two levels differ beyond chance');
    else {
      holds = false;
      shownToChange = true;
      parts.push(`changes beyond chance between levels (${moves.join('; ')})`);
    }
  }
  if (band !== null) {
    const bandText = `[${formatValue(band.low, percent)}, ${formatValue(band.high, percent)}]`;
    const outside = measured.filter((reading) => reading.band === 'outside').map((reading) => reading.level);
    const unclear = measured.filter((reading) => reading.band === 'unclear').map((reading) => reading.level);
    if (outside.length === 0 && unclear.length === 0) parts.push(`inside the band ${bandText}`);
    else {
      holds = false;
      if (outside.length > 0) parts.push(`outside the band ${bandText} at ${list(outside)}`);
      if (unclear.length > 0) parts.push(`not clearly inside the band ${bandText} at ${list(unclear)}`);
    }
  }
  if (measured.length < readings.length) {
    holds = false;
    parts.push(`not measured at ${list(readings.filter((reading) => reading.figure === null).map((reading) => reading.level))} (${NO_SAMPLE})`);
  }
  const text = parts.join('; ');
  return { readings, verdict: { holds, shownToChange, text: holds ? `holds at every level: ${text}` : text } };
}

/** The 1-based seats a level's quality figures say made a decision, or null where every seat did (or the summary does not say). */
function actingSeatsIn(results: unknown): readonly number[] | null {
  let node: unknown = results;
  for (const key of ['quality', 'firstMover', 'advantage', 'actingSeats']) node = isRecord(node) ? node[key] : undefined;
  return Array.isArray(node) && node.every((seat) => Number.isInteger(seat)) ? (node as number[]) : null;
}

/**
 * A fair-share headline (`fairShare`, its reference 1/seats) with its reference counted over the
 * seats that made a decision in some match at some level (audit 37a F5: with a seat that never
 * acts, two players of one fair game read "above 33.33%" at every level), and the note saying
 * so; where one seat alone acts, no reference: there is no fair share to hold it against. As it
 * was, and no note, where every seat acted at some level, or a level's results do not say.
 */
export function withActingSeats(headline: Headline, seatNames: readonly string[], levelResults: readonly unknown[]): { headline: Headline; note: string | null } {
  if (headline.fairShare !== true || levelResults.length === 0) return { headline, note: null };
  const acting = new Set<number>();
  for (const results of levelResults) {
    const seats = actingSeatsIn(results);
    if (seats === null) return { headline, note: null };
    for (const seat of seats) acting.add(seat);
  }
  const seats = seatNames.length;
  if (acting.size === 0 || acting.size >= seats) return { headline, note: null };
  const name = (seat: number): string => seatNames[seat - 1] ?? `seat ${seat}`;
  const passive = seatNames.map((_, seat) => seat + 1).filter((seat) => !acting.has(seat));
  const none = `${list(passive.map(name))} made no decision at any level`;
  // A seat that never acts yet wins: its wins are no player's, so no share is fair.
  const won = passive.filter((seat) => levelResults.some((results) => {
    let node: unknown = results;
    for (const key of ['quality', 'bySeat', `seat${seat}`, 'win', 'successes']) node = isRecord(node) ? node[key] : undefined;
    return typeof node === 'number' && node > 0;
  }));
  const yet = won.length === 0 ? '' : `; yet ${list(won.map(name))} won matches without ever acting, so even that share is no fair reference`;
  const { reference, ...rest } = headline;
  if (acting.size === 1) {
    const only = name([...acting][0] as number);
    return { headline: rest, note: `no reference: ${only} alone made decisions (${none}), so there is no fair share to hold it against${won.length === 0 ? '' : `; ${list(won.map(name))} won matches without ever acting`}` };
  }
  const fair = 1 / acting.size;
  const was = reference === undefined ? '' : `, not ${formatValue(reference, true)}`;
  return { headline: { ...rest, reference: fair }, note: `reference ${formatValue(fair, true)}${was}: ${none}, so the fair share counts the ${acting.size} seats that did${yet}` };
}
