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
import { formatRate } from '../reports/format.js';
import { flattenMetrics } from '../present/metrics.js';
import { settingsPlayed, type Scenario } from '../scenario/scenario.js';
import { settingsText } from '../core/settings-text.js';
import { taggedData } from '../core/tagged-data.js';
import { DEFAULT_CONFIDENCE } from '../stats/rate-interval.js';
import { HORDELAB_VERSION } from '../version.js';
import { headlinesOf, judge, readFigure, withActingSeats, type Band, type Figure, type Headline, type LevelReading, type Verdict } from './headlines.js';
import { levelScenario, pairingScenario, standaloneText } from './level-scenario.js';
import { skillOrder } from '../quality/skill-order.js';
import type { RateEstimate } from '../stats/rate-interval.js';
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
  /** The level's scenario text, overrides included, to reproduce it with `hordelab run`. */
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

/**
 * Ludii's chance share from the ladder: two consecutive levels whose order of skill is known by
 * construction (a level against random, one agent at two iterations budgets) played against
 * each other, seats rotated; how often the more skilled lost.
 */
export interface LadderChanceShare {
  readonly stronger: string;
  readonly weaker: string;
  readonly basis: string;
  readonly matches: number;
  /** Matches the more skilled level lost, clustered by rotated pair (`quality.chanceShare`). */
  readonly estimate: RateEstimate;
  /** Where the estimate has no matches, why (as the pairing's run says it). */
  readonly none?: string;
  /** The pairing's scenario text, to reproduce it with `hordelab run`. */
  readonly scenarioText: string;
  /**
   * Where the level taken as more skilled won less than it lost, beyond chance (its win rate's
   * interval below its loss rate's): the order by construction did not hold at this game, and the
   * share is not one of chance. Absent otherwise (audit 28a: a module that plays badly was
   * called the more skilled against random, winning 32%, with no word of it).
   */
  readonly orderContradicted?: string;
}

export interface LadderSummary {
  readonly hordelab: { readonly version: string };
  readonly scenario: { readonly name: string; readonly file: string; readonly game: string; readonly seed: number; readonly matchesPerLevel: number; readonly params: unknown };
  readonly command: string;
  readonly confidence: number;
  readonly levels: readonly LadderLevel[];
  readonly headlines: readonly LadderHeadline[];
  /** With `chanceShare`: one entry per consecutive pair of levels with a known order; else absent. */
  readonly chanceShare?: { readonly pairings: readonly LadderChanceShare[]; readonly note?: string };
}

export interface LadderOptions {
  /** Level specs; default: the scenario's `ladder:`. */
  readonly levels?: readonly string[];
  /** The folder relative module paths in `levels` are read from (the shell's); default this process's. */
  readonly levelsDir?: string;
  /** Bands by headline path (`--band p1WinRate=0.45..0.55`). */
  readonly bands?: ReadonlyMap<string, Band>;
  readonly workers: number;
  /** Seconds a match may run on a worker thread before the thread is killed and the match fails; 0 for no limit. */
  readonly matchTimeoutSeconds?: number;
  readonly command: string;
  readonly onLevel?: (index: number, total: number, level: string) => void;
  /** Also play consecutive levels of known order against each other for the chance share. */
  readonly chanceShare?: boolean;
  readonly onPairing?: (index: number, total: number, pairing: string) => void;
  /**
   * The command that plays one level's first `matches` matches again, for the line a failed
   * match is reported with; default: the ladder's own `command`.
   */
  readonly reproduceLevel?: (level: string, matches: number) => string;
}

/**
 * Plays `end` matches of one level into `tally`, turning a failed match into a
 * ReproducibleFailure with the command that plays the level up to it again (the same
 * seeds: the same first failure).
 */
function extendLevel(player: TallyPlayer, scenario: Scenario, tally: RunningTally, end: number, label: string, reproduce: (matches: number) => string): Promise<void> {
  // A rotated level plays each seed twice: stop at the end of the failed match's pair.
  return player.extendOrExplain(scenario, tally, end, label, (failure) =>
    reproduce(Math.min(end, scenario.rotate ? 2 * Math.floor(failure.matchIndex / 2) + 2 : failure.matchIndex + 1)),
  );
}

/** Consecutive levels whose order of skill the construction says (`quality/skill-order.ts`), stronger first. */
export function chancePairings(levels: readonly Level[]): { stronger: Level; weaker: Level; basis: string }[] {
  const pairings: { stronger: Level; weaker: Level; basis: string }[] = [];
  for (let index = 0; index + 1 < levels.length; index++) {
    const [a, b] = [levels[index] as Level, levels[index + 1] as Level];
    if (a.seats.length !== 1 || b.seats.length !== 1) continue;
    const seat = (level: Level) => ({ name: level.name, agent: (level.seats[0] as Level['seats'][number]).agent, config: (level.seats[0] as Level['seats'][number]).config });
    const order = skillOrder([seat(a), seat(b)]);
    if (!('stronger' in order)) continue;
    pairings.push(order.stronger === a.name ? { stronger: a, weaker: b, basis: order.basis } : { stronger: b, weaker: a, basis: order.basis });
  }
  return pairings;
}

/** The levels to climb: `--levels`, else the scenario's `ladder:`. @throws UsageError when neither gives any. */
export function ladderLevels(scenario: Scenario, given: readonly string[] | undefined, givenDir = process.cwd()): Level[] {
  // A command line's relative module paths are the shell's; a scenario's ladder: list's are the file's.
  if (given !== undefined && given.length > 0) return parseLevels(given, '--levels', givenDir);
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

/**
 * Where a headline's path is read: `outcomes.…` paths (a game's default metric may be one, as
 * tic-tac-toe's `outcomes.bySeat.seat1.win` is) from the level's outcomes, the rest from its results.
 */
function figureSource(level: LadderLevel, path: string): unknown {
  return path.startsWith('outcomes.') ? { outcomes: level.outcomes } : level.results;
}

/**
 * Refuses, before any match, a band for a rate headline that reaches outside 0..1 (`0..5`
 * meant as percent): every level would read "inside" whatever it measured. A headline whose
 * kind the empty summary does not show is judged as given.
 */
function refuseRateBandsPastRange(base: Scenario, bands: ReadonlyMap<string, Band> | undefined): void {
  if (bands === undefined || bands.size === 0) return;
  const { report } = base.entry;
  const kinds = new Map(flattenMetrics(report.summarize(report.emptyAggregate(), DEFAULT_CONFIDENCE)).map((metric) => [metric.path, metric.kind]));
  for (const [path, band] of bands) {
    if (kinds.get(path) === 'rate' && (band.low < 0 || band.high > 1)) {
      throw new UsageError([{ source: `--band ${path}=${band.low}..${band.high}`, field: '', message: `${path} is a rate; expected a band within 0..1, such as 0.45..0.55` }]);
    }
    // Every rate is inside 0..1: the verdict "holds at every level" would be no measurement (as check refuses it, audit 27b).
    if (kinds.get(path) === 'rate' && band.low === 0 && band.high === 1) {
      throw new UsageError([{ source: `--band ${path}=${band.low}..${band.high}`, field: '', message: `every rate is between 0 and 1, so this band holds at every level whatever they measure; expected a band that excludes some rates (${path} is a rate)` }]);
    }
  }
}

/**
 * Refuses two levels whose seats play the same agents with the same settings once each agent's
 * defaults are filled in (`greedy` and `greedy:beam=4` where 4 is greedy's default beam): the
 * ladder would play, and rank, one agent as two levels. Levels written alike are refused
 * earlier, as written (`parseLevels`).
 */
export function refuseLevelsPlayedAlike(levels: readonly Level[], scenarios: readonly Scenario[], source: string): void {
  const played = new Map<string, string>();
  scenarios.forEach((scenario, index) => {
    const name = (levels[index] as Level).name;
    const key = settingsText(scenario.seats.map((seat) => [seat.factory.moduleUrl ?? seat.factory.id, settingsPlayed(seat)]));
    const same = played.get(key);
    if (same !== undefined) throw new UsageError([{ source, field: '', message: `level "${name}" plays as level "${same}" (the same agents and settings once defaults are filled in); list each level once` }]);
    played.set(key, name);
  });
}

/** Plays every level and judges every headline. */
export async function runLadder(base: Scenario, options: LadderOptions): Promise<LadderSummary> {
  const levels = ladderLevels(base, options.levels, options.levelsDir);
  const source = options.levels !== undefined && options.levels.length > 0 ? '--levels' : `${base.file}: ladder`;
  // Every level must be a valid scenario before any match runs.
  const scenarios: Scenario[] = [];
  for (const level of levels) scenarios.push(await levelScenario(base, level, source));
  refuseLevelsPlayedAlike(levels, scenarios, source);
  // Each level's file is written before any match: one that would not read back as played is
  // refused now, not once every level has played. Levels differ only in their seats, whose
  // settings are read from text: the first level's file is read back for all (a large default
  // read back per level cost seconds each, review 33a).
  const scenarioTexts = scenarios.map((scenario, index) => standaloneText(scenario, index === 0));
  const headlines = headlinesOf(base.entry);
  for (const path of options.bands?.keys() ?? []) {
    if (!headlines.some((headline) => headline.path === path)) {
      throw new UsageError([{ source: '--band', field: '', message: `"${path}" is not a headline of ${base.entry.game.id}; its headlines are ${headlines.map((h) => h.path).join(', ')}` }]);
    }
  }
  refuseRateBandsPastRange(base, options.bands);
  const player = new TallyPlayer(options.workers, options.matchTimeoutSeconds);
  const played: LadderLevel[] = [];
  let chance: LadderSummary['chanceShare'];
  try {
    for (const [index, scenario] of scenarios.entries()) {
      const level = levels[index] as Level;
      options.onLevel?.(index, levels.length, level.name);
      const tally = TallyPlayer.empty(scenario);
      const started = performance.now();
      await extendLevel(player, scenario, tally, scenario.matches, `level "${level.name}"`, (matches) => options.reproduceLevel?.(level.name, matches) ?? options.command);
      const seconds = (performance.now() - started) / 1000;
      played.push({
        name: level.name,
        seats: scenario.seats.map((seat) => seat.name),
        rotateSeats: scenario.rotate,
        scenarioText: scenarioTexts[index] as string,
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
    if (options.chanceShare === true) chance = await playPairings(base, levels, player, source, options);
  } finally {
    await player.close();
  }
  const judged: LadderHeadline[] = headlines.map((given) => {
    const band = options.bands?.get(given.path) ?? null;
    // A fair share counts the seats that act (audit 37a F5); the marker itself is not written.
    const { headline, note } = withActingSeats(given, base.entry.game.seats, played.map((level) => level.results));
    const { fairShare: _fairShare, ...shown } = headline;
    const { readings, verdict } = judge(
      shown,
      played.map((level) => ({ level: level.name, figure: readFigure(figureSource(level, shown.path), shown.path) })),
      band,
      DEFAULT_CONFIDENCE,
    );
    return { ...shown, band, levels: readings, verdict: note === null ? verdict : { ...verdict, text: `${verdict.text} (${note})` } };
  });
  return {
    hordelab: { version: HORDELAB_VERSION },
    scenario: { name: base.name, file: base.file, game: base.entry.game.id, seed: base.seed, matchesPerLevel: base.matches, params: taggedData(base.params) },
    command: options.command,
    confidence: DEFAULT_CONFIDENCE,
    levels: played,
    headlines: judged,
    ...(chance === undefined ? {} : { chanceShare: chance }),
  };
}

/** Plays each pairing of {@link chancePairings} and reads its chance share. */
async function playPairings(base: Scenario, levels: readonly Level[], player: TallyPlayer, source: string, options: LadderOptions): Promise<NonNullable<LadderSummary['chanceShare']>> {
  const pairings = chancePairings(levels);
  const scenarios: (Scenario | null)[] = [];
  for (const pairing of pairings) scenarios.push(await pairingScenario(base, pairing.stronger, pairing.weaker, source));
  const playable = pairings.flatMap((pairing, index) => (scenarios[index] === null ? [] : [{ ...pairing, scenario: scenarios[index] as Scenario, scenarioText: standaloneText(scenarios[index] as Scenario, false) }]));
  if (playable.length === 0) {
    const why =
      pairings.length === 0
        ? 'no two consecutive levels have an order of skill known by construction (a level against random, or one agent at two iterations budgets)'
        : 'the pairings need a two-seat game whose seats every level takes, and at least two matches';
    return { pairings: [], note: why };
  }
  const results: LadderChanceShare[] = [];
  for (const [index, pairing] of playable.entries()) {
    options.onPairing?.(index, playable.length, `${pairing.stronger.name} against ${pairing.weaker.name}`);
    const tally = TallyPlayer.empty(pairing.scenario);
    // A pairing has no command of its own: the whole ladder replays it on the same seeds.
    await extendLevel(player, pairing.scenario, tally, pairing.scenario.matches, `pairing ${pairing.stronger.name} against ${pairing.weaker.name}`, () => options.command);
    const summary = pairing.scenario.entry.report.summarize(tally.aggregate, DEFAULT_CONFIDENCE) as { quality?: { chanceShare?: RateEstimate & { none?: string } } };
    const estimate = summary.quality?.chanceShare;
    if (estimate === undefined) throw new Error(`ladder: the pairing ${pairing.stronger.name} against ${pairing.weaker.name} gave no chance share; its scenario:\n${pairing.scenario.source.text}`);
    const { rate, lower, upper, successes, n, designEffect, clusters } = estimate;
    const stronger = summarizeOutcomes(tally.outcomes, DEFAULT_CONFIDENCE).byAgent[pairing.stronger.name]?.overall;
    const contradicted = stronger !== undefined && stronger.n > 0 && stronger.win.upper < stronger.loss.lower;
    results.push({
      stronger: pairing.stronger.name,
      weaker: pairing.weaker.name,
      basis: pairing.basis,
      matches: tally.matches,
      estimate: { rate, lower, upper, successes, n, designEffect, clusters },
      ...(estimate.none === undefined ? {} : { none: estimate.none }),
      scenarioText: pairing.scenarioText,
      ...(contradicted
        ? { orderContradicted: `${pairing.stronger.name}, taken as the more skilled (${pairing.basis}), won ${formatRate(stronger.win).join(" ")} and lost ${formatRate(stronger.loss).join(" ")} against ${pairing.weaker.name}: that order did not hold at this game, so this share says nothing of chance` }
        : {}),
    });
  }
  return { pairings: results };
}
