/**
 * `hordelab ladder`: the same balance question asked at several skill levels.
 *
 * Each level plays the base scenario's matches with its agents (`level-scenario.ts`), on the
 * base's run seed, so every level meets the same dice and deals. For each level the ladder keeps
 * the game's whole summary, the win rates per seat, the mix of actions each seat chose and the
 * cost per match; for each headline of the game (`headlines.ts`) it gives the figure with its
 * interval at every level and a verdict: whether the reading holds at every level, or where it
 * changes.
 */
import { performance } from 'node:perf_hooks';
import { UsageError } from '../core/errors.js';
import { summarizeOutcomes, type OutcomeSummary } from '../reports/outcomes.js';
import type { Scenario } from '../scenario/scenario.js';
import { DEFAULT_CONFIDENCE } from '../stats/rate-interval.js';
import { HORDELAB_VERSION } from '../version.js';
import { headlinesOf, judge, readFigure, type Band, type Figure, type Headline, type LevelReading, type Verdict } from './headlines.js';
import { levelScenario } from './level-scenario.js';
import { parseLevels, type Level } from './levels.js';
import { TallyPlayer, type RunningTally } from './tally-player.js';

/** What a seat chose at one level, as shares of its decisions (descriptive: no interval). */
export interface SeatActionMix {
  readonly seat: string;
  readonly decisions: number;
  /** Kind → share of the seat's decisions. */
  readonly shares: Readonly<Record<string, number>>;
}

export interface LadderLevel {
  readonly name: string;
  /** Each seat's agent as the level scenario names it. */
  readonly seats: readonly string[];
  readonly rotateSeats: boolean;
  /** The level's scenario text, to reproduce it with `hordelab run`. */
  readonly scenarioText: string;
  readonly matches: number;
  readonly outcomes: OutcomeSummary;
  readonly actionMix: readonly SeatActionMix[];
  /** The game's whole summary at this level. */
  readonly results: unknown;
  /**
   * What the level cost on this machine: wall-clock seconds, and seconds per match times the
   * workers (core-seconds per match). The only figures that differ between runs.
   */
  readonly timing: { readonly seconds: number; readonly coreSecondsPerMatch: number; readonly workers: number };
}

export interface LadderHeadline extends Headline {
  readonly band: Band | null;
  readonly levels: readonly { readonly level: string; readonly figure: Figure | null; readonly side: LevelReading['side']; readonly band: LevelReading['band'] }[];
  readonly verdict: Verdict;
}

export interface LadderSummary {
  readonly hordelab: { readonly version: string };
  readonly scenario: { readonly name: string; readonly file: string; readonly game: string; readonly seed: number; readonly matchesPerLevel: number; readonly params: unknown };
  readonly command: string;
  readonly confidence: number;
  readonly levels: readonly LadderLevel[];
  readonly headlines: readonly LadderHeadline[];
}

export interface LadderOptions {
  /** Level specs; default: the scenario's `ladder:`. */
  readonly levels?: readonly string[];
  /** Bands by headline path (`--band p1WinRate=0.45..0.55`). */
  readonly bands?: ReadonlyMap<string, Band>;
  readonly workers: number;
  readonly command: string;
  readonly onLevel?: (index: number, total: number, level: string) => void;
}

/** The levels to climb: `--levels`, else the scenario's `ladder:`. @throws UsageError when neither gives any. */
export function ladderLevels(scenario: Scenario, given: readonly string[] | undefined): Level[] {
  if (given !== undefined && given.length > 0) return parseLevels(given, '--levels');
  if (scenario.ladder !== null) return parseLevels(scenario.ladder, `${scenario.file}: ladder`);
  throw new UsageError([{ source: '--levels', field: '', message: `name the skill levels, such as --levels random,greedy,mcts:iterations=200 (or give the scenario a ladder: list)` }]);
}

function actionShares(scenario: Scenario, tally: RunningTally): SeatActionMix[] {
  return tally.actionMix.map((counts, seat) => {
    const decisions = Object.values(counts).reduce((sum, count) => sum + count, 0);
    const kinds = Object.keys(counts).sort();
    return {
      seat: scenario.entry.game.seats[seat] ?? `seat ${seat + 1}`,
      decisions,
      shares: Object.fromEntries(kinds.map((kind) => [kind, decisions === 0 ? 0 : (counts[kind] as number) / decisions])),
    };
  });
}

/** Plays every level and judges every headline. */
export async function runLadder(base: Scenario, options: LadderOptions): Promise<LadderSummary> {
  const levels = ladderLevels(base, options.levels);
  const source = options.levels !== undefined && options.levels.length > 0 ? '--levels' : `${base.file}: ladder`;
  // Every level must be a valid scenario before any match runs.
  const scenarios: Scenario[] = [];
  for (const level of levels) scenarios.push(await levelScenario(base, level, source));
  const headlines = headlinesOf(base.entry);
  for (const path of options.bands?.keys() ?? []) {
    if (!headlines.some((headline) => headline.path === path)) {
      throw new UsageError([{ source: '--band', field: '', message: `"${path}" is not a headline of ${base.entry.game.id}; its headlines are ${headlines.map((h) => h.path).join(', ')}` }]);
    }
  }
  const player = new TallyPlayer(options.workers);
  const played: LadderLevel[] = [];
  try {
    for (const [index, scenario] of scenarios.entries()) {
      const level = levels[index] as Level;
      options.onLevel?.(index, levels.length, level.name);
      const tally = TallyPlayer.empty(scenario);
      const started = performance.now();
      await player.extend(scenario, tally, scenario.matches);
      const seconds = (performance.now() - started) / 1000;
      played.push({
        name: level.name,
        seats: scenario.seats.map((seat) => seat.name),
        rotateSeats: scenario.rotate,
        scenarioText: scenario.source.text,
        matches: tally.matches,
        outcomes: summarizeOutcomes(tally.outcomes, DEFAULT_CONFIDENCE),
        actionMix: actionShares(scenario, tally),
        results: scenario.entry.report.summarize(tally.aggregate, DEFAULT_CONFIDENCE),
        timing: {
          seconds: Math.round(1000 * seconds) / 1000,
          coreSecondsPerMatch: Math.round((1e4 * seconds * Math.max(1, options.workers)) / Math.max(1, tally.matches)) / 1e4,
          workers: options.workers,
        },
      });
    }
  } finally {
    await player.close();
  }
  const judged: LadderHeadline[] = headlines.map((headline) => {
    const band = options.bands?.get(headline.path) ?? null;
    const { readings, verdict } = judge(
      headline,
      played.map((level) => ({ level: level.name, figure: readFigure(level.results, headline.path) })),
      band,
      DEFAULT_CONFIDENCE,
    );
    return { ...headline, band, levels: readings, verdict };
  });
  return {
    hordelab: { version: HORDELAB_VERSION },
    scenario: { name: base.name, file: base.file, game: base.entry.game.id, seed: base.seed, matchesPerLevel: base.matches, params: base.params },
    command: options.command,
    confidence: DEFAULT_CONFIDENCE,
    levels: played,
    headlines: judged,
  };
}
