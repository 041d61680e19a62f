/**
 * A figure unit: one figure of a game's report as one small file in the game's folder. It hears
 * the typed events of each match and returns that match's whole-number figures, exactly like a
 * custom metric module (`src/reports/custom-metrics.ts`), but it is part of the game: it sees
 * the run's game parameters, is listed in the game's {@link GameModule} (`figures`), and lands
 * in every run's `results.figures.<name>.<figure>`, the text summary, `report.html` (a chart of
 * its figures with their intervals) and every `check`, `tune` and `sweep` metric path.
 *
 * Adding a figure to a game's report is one new file in its folder exporting a unit, plus its
 * name in the module's `figures` list.
 */
import type { GameEvent } from './game.js';
import type { FigureValue } from '../reports/custom-metrics.js';
import type { MatchContext } from '../reports/report.js';

/** One figure unit of a game. `P` is the game's parameters, `E` its events. */
export interface FigureUnit<P = unknown, E extends GameEvent = GameEvent> {
  /** Its key under `results.figures`: letters, digits, "-" or "_", starting with a letter. */
  readonly name: string;
  /** What it measures, in a reader's words: the chart's title. */
  readonly title: string;
  /** How to read it: the chart's caption. */
  readonly description: string;
  /** Optional: the event types its collector reads; a run then hands it only these. Without it, every event. */
  readonly eventTypes?: readonly string[];
  /**
   * A collector for one chunk of matches under these parameters. `finishMatch` returns the
   * match's figures, each `{ count }`, `{ successes, trials }` or `{ numerator, denominator }`
   * of whole numbers, so merges across workers, chunks and shards stay exact.
   */
  create(params: P): FigureCollector<E>;
}

/** Hears one match at a time; `finishMatch` returns its figures and resets for the next. */
export interface FigureCollector<E extends GameEvent = GameEvent> {
  onEvent(event: E): void;
  finishMatch(match: MatchContext): Record<string, FigureValue>;
}

/** A figure unit with its type parameters erased, as a game module holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFigureUnit = FigureUnit<any, any>;
