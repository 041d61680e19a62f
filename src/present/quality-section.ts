/**
 * The "Game quality" section of a report page, for every game: the quality table of the run's
 * `results.quality` (`src/quality/`) and its charts, the rates with their intervals and the
 * distribution of decisions per match.
 */
import { formatQuality } from '../quality/quality-text.js';
import { get, histogramChart, histogramRows, intervalChart, intervalRow, present, type ChartSpec, type Reference } from './chart-kit.js';
import type { RunSummary } from './metrics.js';
import { summaryGame } from './summary-game.js';
import { fixedHalfEven } from '../reports/format.js';

/** What the section says the figures are read from, before its table. */
export const QUALITY_LEAD =
  'Read from the rules alone (decisions, the game heuristic at each turn start, the returns), for any game: formulas in the README, "Game quality". ' +
  'Every interval is measured over the run\'s independent units. Leads are those of the game heuristic, so they are only as telling as it is.';

/** The quality table as text, or a line saying the summary has none. */
export function qualityText(summary: RunSummary): string {
  const seatNames = summaryGame(summary.scenario)?.game.seats ?? summary.scenario.seats.map((_, seat) => `seat ${seat + 1}`);
  return formatQuality(summary.results['quality'], seatNames);
}

/** The section's charts: its rates with intervals, and decisions per match. */
export function qualityCharts(summary: RunSummary): ChartSpec[] {
  const quality = summary.results['quality'];
  if (get(quality, 'bySeat') === undefined) return [];
  const charts: ChartSpec[] = [];
  const fair = get(quality, 'firstMover', 'advantage', 'fair');
  const rows = present([
    intervalRow('first mover wins (decided matches)', get(quality, 'firstMover', 'decidedWin')),
    intervalRow('draws', get(quality, 'draw')),
    intervalRow('top shared by some seats', get(quality, 'sharedTop')),
    intervalRow('ended at the length cap', get(quality, 'capped')),
    intervalRow('winner trailed at some turn (drama)', get(quality, 'drama')),
    intervalRow(`more skilled agent lost (chance share)`, get(quality, 'chanceShare')),
    intervalRow(`more skilled agent won, over the same matches`, get(quality, 'chanceShare', 'won')),
  ]);
  // Counted over the seats that act (audit 37a F5); none where one seat alone does.
  const acting = get(quality, 'firstMover', 'advantage', 'actingSeats');
  const lone = Array.isArray(acting) && acting.length === 1;
  const references: Reference[] = typeof fair === 'number' && !lone ? [{ value: fair, label: `fair share: ${fixedHalfEven(100 * fair, 0)}%` }] : [];
  const share = Array.isArray(acting) ? 'one over the number of seats that made a decision in some match' : 'one over the number of seats';
  if (rows.length > 0) {
    charts.push({
      id: 'quality-rates',
      title: 'Game quality: rates with 95% intervals',
      caption: `Each point a share of matches, the line through it its 95% interval; ${lone ? 'one seat alone made decisions, so there is no first mover\'s fair share to draw.' : `the dashed line is the first mover's fair share of decided matches (${share}).`}`,
      spec: intervalChart(rows, { axis: 'share of matches', percent: true, references }),
    });
  }
  const lengths = histogramRows(get(quality, 'length', 'histogram'), 'games');
  if (lengths.length > 0) {
    charts.push({
      id: 'quality-length',
      title: 'Decisions per match',
      caption: 'Share of matches by the number of decisions the seats made (forced ones included, chance steps not).',
      spec: histogramChart(lengths, 'decisions', false),
    });
  }
  return charts;
}
