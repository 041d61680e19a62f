/**
 * A game's folder, exported as one object: its rules, the report that reads its events, its
 * charts and the metric most questions about it are about. The registry is a list of these, and
 * nothing outside a game's folder switches on its id, so adding a game is its folder plus one
 * line of the registry.
 */
import type { ChartSpec, HistogramCap } from '../present/chart-kit.js';
import type { RunSummary } from '../present/metrics.js';
import type { AnyGameReport } from '../reports/report.js';
import type { AnyGame } from './game.js';
import type { AnyGameRender } from './game-render.js';
import type { AnyFigureUnit } from './figure-unit.js';

/** A figure a game's balance question is about (see `src/ladder/headlines.ts`). */
export interface GameHeadline {
  /** Its path in the run summary's `results`, such as `p1WinRate`. */
  readonly path: string;
  /** How a reader names it. */
  readonly label: string;
  /** The value it is judged against, if the question has one: 0.5 for a win rate, 0 for a difference. */
  readonly reference?: number;
  /**
   * True where `reference` is the fair share 1/seats of a seat's wins: the ladder then counts
   * only the seats that made a decision in some match (a seat that never acts has no share),
   * and says so in the verdict.
   */
  readonly fairShare?: boolean;
}

/** One game, whole. */
export interface GameModule {
  /** The rules. */
  readonly game: AnyGame;
  /** Events in, CSV rows and a mergeable aggregate out, then the summary. */
  readonly report: AnyGameReport;
  /**
   * The game's own charts for `report.html`, built from the summary's `results` (the page adds
   * the win-rate and game-length charts every game gets). A chart's data is inline
   * (`data.values`): a spec that names a URL (`data.url`, an image's `url`, an `href`) is refused,
   * as the page fetches nothing.
   */
  readonly charts?: (results: Record<string, unknown>, summary: RunSummary) => ChartSpec[];
  /**
   * Figures as small units, one file each in the game's folder (`figures/*.ts`): each lands in
   * `results.figures.<name>`, the text summary and a chart of `report.html`. A new figure is a
   * new unit file plus its entry here; the game's `report` stays as it is.
   */
  readonly figures?: readonly AnyFigureUnit[];
  /** The `results` path that `sweep` and `tune` report when no `--metric` is given. */
  readonly defaultMetric: string;
  /**
   * The figures a verdict about the game rests on, in reading order: what `hordelab ladder`
   * follows across skill levels. Without it, the default metric (against 50%).
   */
  readonly headlines?: readonly GameHeadline[];
  /**
   * The game's decks, for `hordelab cards`: each a parameter path holding counts by card name
   * (or a list of cards with `name` and `count`) and the seat (0-based) whose win rate it moves.
   */
  readonly decks?: readonly { readonly path: string; readonly seat: number }[];
  /**
   * The most rounds (or moves) a match may last under the run's parameters, with a note saying
   * so; the game-length chart marks that bar, so a pile of capped games reads as the cap.
   */
  readonly lengthCap?: (summary: RunSummary) => HistogramCap | null;
  /** The board drawing of `hordelab replay --html`; without it the page shows state descriptions. */
  readonly render?: AnyGameRender;
  /**
   * Where a game module from outside the repository was loaded from (absent for built-in
   * games): the summary records it, so `report`, `compare` and `check` load the same module, and
   * its content hash is part of the run key, so a module edited between a run and its resume is
   * another game.
   */
  readonly source?: GameModuleSource;
}

/** A game module's file: as the scenario names it, where it was found, and its content. */
export interface GameModuleSource {
  /** As written in the scenario's `game:` field: `./dice-race.mjs`, `my-game-package`. */
  readonly spec: string;
  /** The absolute path of the file loaded. */
  readonly path: string;
  /** SHA-256 of the file's bytes, in hex. */
  readonly sha256: string;
}
