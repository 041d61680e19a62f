/**
 * The quality figures as a terminal table: each row names its metric path (what `check`, `tune`
 * and `sweep` take), says what it is, and gives its value and interval.
 */
import { formatMean, formatRate, table, fixedHalfEven, signedFixed } from '../reports/format.js';
import type { MeanEstimate } from '../stats/clusters.js';
import type { RateEstimate } from '../stats/rate-interval.js';
import type { QualitySummary } from './quality-figures.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRate = (value: unknown): value is RateEstimate => isRecord(value) && typeof value['rate'] === 'number' && typeof value['n'] === 'number';
const isMean = (value: unknown): value is MeanEstimate => isRecord(value) && typeof value['n'] === 'number' && 'mean' in value;

/** A JSON mean: NaN was written as null. */
function mean(value: MeanEstimate): MeanEstimate {
  const number = (x: unknown): number => (typeof x === 'number' ? x : Number.NaN);
  return { ...value, mean: number(value.mean), lower: number(value.lower), upper: number(value.upper) };
}

/** The quality section of a summary's text; a line saying so where the summary has none (a run from before them). */
export function formatQuality(quality: unknown, seatNames: readonly string[]): string {
  if (!isRecord(quality) || !isRecord(quality['bySeat'])) return 'Game quality: not in this summary (run before quality metrics were recorded).';
  const q = quality as unknown as QualitySummary;
  const rows: string[][] = [];
  const rate = (path: string, what: string, value: unknown): void => {
    if (isRate(value)) rows.push([path, what, ...formatRate(value), String(value.n)]);
  };
  const average = (path: string, what: string, value: unknown, digits = 2): void => {
    if (!isMean(value)) return;
    // As a rate without samples reads: decisiveness has none where no match was decided.
    if (value.n === 0) {
      rows.push([path, what, '-', 'no samples', '0']);
      return;
    }
    const [shown, interval] = formatMean(mean(value), digits).split(' [');
    rows.push([path, what, shown ?? '-', interval === undefined ? '' : `[${interval}`, String(value.n)]);
  };
  for (const [key, figures] of Object.entries(q.bySeat)) {
    const seat = seatNames[Number(key.slice(4)) - 1] ?? key;
    rate(`quality.bySeat.${key}.win`, `${seat} wins`, figures.win);
    rate(`quality.bySeat.${key}.top`, `${seat} at the top, alone or shared`, figures.top);
  }
  if (q.sharedTop !== undefined) {
    rate('quality.sharedTop', 'top shared by some seats, not all', q.sharedTop);
    rate('quality.draw', "draws (every seat's return equal)", q.draw);
  } else rate('quality.draw', 'draws (no single winner)', q.draw);
  rate('quality.capped', 'ended at the length cap', q.capped);
  rate('quality.firstMover.win', 'first mover wins', q.firstMover.win);
  rate('quality.firstMover.decidedWin', 'first mover wins, decided matches', q.firstMover.decidedWin);
  rate('quality.firstMover.top', 'first mover at the top, alone or shared', q.firstMover.top);
  const advantage = q.firstMover.advantage;
  // Counted over the seats that act (audit 37a F5): a summary names them where some seat never did.
  const acting = Array.isArray(advantage.actingSeats) ? advantage.actingSeats : null;
  if (isRate(q.firstMover.decidedWin) && q.firstMover.decidedWin.n > 0) {
    const points = (x: number): string => signedFixed(100 * x, 1);
    if (acting !== null && acting.length === 1) rows.push(['', 'first-mover advantage: none, one seat alone acts (see the notes)', '-', '', '']);
    else {
      const over = acting === null ? '' : ` (of the ${acting.length} seats that act)`;
      rows.push(['', `first-mover advantage over fair ${fixedHalfEven(100 * advantage.fair, 1)}%${over}`, `${points(advantage.value)} pts`, `[${points(advantage.lower)}, ${points(advantage.upper)}]`, '']);
    }
  }
  average('quality.length.decisions', 'decisions per match', q.length.decisions, 1);
  const quantiles = q.length.quantiles;
  if (quantiles !== null && quantiles !== undefined) rows.push(['', `decisions: min ${quantiles.min}, median ${quantiles.median}, 90% ${quantiles.p90}, max ${quantiles.max}`, '', '', '']);
  average('quality.length.turns', 'turns per match', q.length.turns, 1);
  average('quality.branching', 'legal actions per decision', q.branching);
  average('quality.decisiveness', "share of turns before the winner's lead held", q.decisiveness, 3);
  average('quality.leadChanges', 'lead changes per match', q.leadChanges);
  rate('quality.drama', 'decided matches the winner trailed in', q.drama);
  if (q.chanceShare !== undefined) rate('quality.chanceShare', `${q.chanceShare.stronger} lost to ${q.chanceShare.weaker}`, q.chanceShare);
  if (q.chanceShare !== undefined) rate('quality.chanceShare.won', `${q.chanceShare.stronger} beat ${q.chanceShare.weaker}`, q.chanceShare.won);
  const notes = Array.isArray(q.notes) ? q.notes.map((note) => `(${String(note)})`) : [];
  if (q.chanceShare !== undefined) notes.unshift(`(chance share: ${q.chanceShare.stronger} taken as the more skilled agent by construction: ${q.chanceShare.basis})`);
  const heading = 'Game quality (leads read from the game heuristic at each turn start)';
  return [heading, table(['metric', 'what', 'value', '95% interval', 'n'], rows, 2), ...notes].join('\n');
}
