/**
 * A round robin (`seats: { roundRobin: [a, b, c, ...] }`): every pair of agents plays the
 * scenario's matches with the seats rotated, each pairing on seeds of its own (`pairingFirstSeed`:
 * the ratings add the pairings' variances as independent ones, which pairings on common seeds are
 * not). Each pairing is an
 * ordinary run in its own folder; the tournament adds the win rates per pairing (from the
 * pairing's run, clustered by its rotated pairs) and Elo-style ratings with profile-likelihood
 * intervals (`stats/ratings.ts`), in `tournament.json`, `pairings.csv` and `ratings.csv`.
 */
import { join } from 'node:path';
import { MetricFailure, ReproducibleFailure, UsageError } from '../core/errors.js';
import { fileNamePart } from '../core/file-name.js';
import { NAME_MAX, shortened } from '../core/name-length.js';
import { percentBound, table, percentOf } from '../reports/format.js';
import type { AgentOutcomes, OutcomeSummary } from '../reports/outcomes.js';
import { parseScenario, type Scenario } from '../scenario/scenario.js';
import { DEFAULT_CONFIDENCE, type RateEstimate } from '../stats/rate-interval.js';
import { rateAgents, type PairingResult } from '../stats/ratings.js';
import { HORDELAB_VERSION } from '../version.js';
import { csv } from './csv.js';
import { OutputFolder, type OutputStatus } from './output-folder.js';
import { runScenario, type RunOptions, type RunResult } from './run-scenario.js';

export interface PairingSummary {
  readonly a: string;
  readonly b: string;
  readonly folder: string;
  /** Games with a result: 0 when every match of the pairing failed, or it was not played. */
  readonly games: number;
  /** Rates of a pairing without games are null in JSON (empty in `pairings.csv`). */
  readonly aWinRate: RateEstimate;
  readonly drawRate: RateEstimate;
  readonly bWinRate: RateEstimate;
  /** The pairing run's status (`complete`, `stopped`, `interrupted`), or `not played` after a stop. */
  readonly status: string;
}

/** Failed matches of one pairing, and the command that replays the first of them. */
export interface PairingFailures {
  readonly a: string;
  readonly b: string;
  /** The pairing's folder (its `errors.csv` lists every failure). */
  readonly folder: string;
  readonly errors: number;
  /** The replay command of the pairing's first failure, when a `replayCommand` was given. */
  readonly reproduce: string | null;
}

/** How a round robin is run: a run's options, but every pairing's failures replayed with its pairing. */
export type TournamentOptions = Omit<RunOptions, 'replayCommand'> & {
  readonly onPairing?: (index: number, total: number, a: string, b: string) => void;
  /**
   * The command that replays match `matchIndex` of the pairing of agents `pairing` (indices into
   * the round robin's list), written beside each failure in the pairing's `errors.csv`.
   */
  readonly replayCommand?: (pairing: readonly [number, number], matchIndex: number, matchSeed: string) => string;
};

/** What a round robin did: its summary, the pairing runs played, the files written, and its failures. */
export interface TournamentResult {
  readonly summary: TournamentSummary;
  readonly runs: RunResult[];
  readonly files: string[];
  /**
   * `stopped` when failed matches passed `maxErrors` (counted over the whole round robin; the
   * pairings after are not played), `interrupted` when a pairing run was.
   */
  readonly status: OutputStatus;
  /** Pairings with failed matches, in order of play. */
  readonly failures: readonly PairingFailures[];
}

export interface TournamentSummary {
  readonly hordelab: { readonly version: string };
  readonly scenario: { readonly name: string; readonly file: string; readonly game: string; readonly seed: number; readonly matchesPerPairing: number; readonly agents: readonly string[] };
  readonly command: string;
  readonly confidence: number;
  readonly pairings: readonly PairingSummary[];
  /**
   * Best first. Relative ratings: their mean is 0; 400 points are 10:1 odds. `rating` is null
   * when a clean sweep leaves no finite estimate, `lower`/`upper` null where the data leave that
   * side open.
   */
  readonly ratings: readonly { readonly agent: string; readonly rating: number; readonly lower: number; readonly upper: number; readonly games: number; readonly score: number }[];
  /** Clean and near-clean sweeps, and what they do to the ratings. */
  readonly warnings: readonly string[];
}

/**
 * A pairing's dispersion for the ratings: its score's measured variance over the binomial
 * variance of as many independent games, from the run's clustered points per game (1 where it
 * cannot be measured: a clean sweep, or one cluster).
 */
function dispersion(overall: AgentOutcomes['overall']): { dispersion: number; dispersionDf: number } {
  const { mean, sd, n, designEffect, clusters } = overall.score;
  const binomial = mean * (1 - mean);
  const dispersionDf = Math.max(1, clusters - 1);
  if (!(binomial > 0) || !Number.isFinite(sd) || n < 2) return { dispersion: 1, dispersionDf };
  const measured = (designEffect * sd * sd) / binomial;
  return { dispersion: measured > 0 ? measured : 1, dispersionDf };
}


/**
 * Plays every pairing of a round robin, each an ordinary run in its own folder, and writes the
 * tables. Failed matches go to the pairing's `errors.csv`; `maxErrors` counts them over the whole
 * round robin, and past it the pairing that tipped it stops and no later pairing is played. A
 * pairing without games (every match failed, or not played) is reported with no rates and left
 * out of the ratings.
 * @throws UsageError when the folder may not be written; Error on an internal failure, after
 *   recording the pairing folders already written as this round robin's (unfinished).
 */
export async function runTournament(scenario: Scenario, options: TournamentOptions): Promise<TournamentResult> {
  const agents = scenario.tournament ?? scenario.seats;
  const names = agents.map((seat) => seat.name);
  const pairs: [number, number][] = [];
  for (let i = 0; i < agents.length; i++) for (let j = i + 1; j < agents.length; j++) pairs.push([i, j]);
  const folders = pairs.map(([i, j]) => `${fileNamePart(names[i] as string)}-vs-${fileNamePart(names[j] as string)}`);
  refuseSharedFolders(scenario, pairs, names, folders);
  refuseLongFolders(scenario, pairs, names, folders);
  const outFolder = OutputFolder.claim(options.outDir, {
    flag: '--out',
    kind: 'tournament',
    scenario: scenario.name,
    force: options.force === true,
    knownNames: [...folders, ...TOURNAMENT_FILES],
    // Known by their headers where the folder's mark is gone (a copy without hidden files), as a run's tables are (review 40r R2).
    knownHeads: { 'pairings.csv': csv([PAIRINGS_COLUMNS]), 'ratings.csv': csv([RATINGS_COLUMNS]) },
  });
  try {
    return await playTournament(scenario, options, pairs, folders, outFolder);
  } finally {
    outFolder.release();
  }
}

/**
 * Refuses, before anything is written, a round robin whose pairing folder `<a>-vs-<b>` would be a
 * name too long for the file system, naming the agents' names it is made from: it was refused as
 * a long `--out`, even where no `--out` was given (review 42s F2).
 * @throws UsageError naming the scenario file's round robin and the pairing.
 */
function refuseLongFolders(scenario: Scenario, pairs: readonly [number, number][], names: readonly string[], folders: readonly string[]): void {
  for (const [index, folder] of folders.entries()) {
    const bytes = Buffer.byteLength(folder);
    if (bytes <= NAME_MAX) continue;
    const [i, j] = pairs[index] as [number, number];
    throw new UsageError([
      {
        source: scenario.file,
        field: scenario.tournament === undefined ? 'seats' : 'seats.roundRobin',
        message: `the folder of the pairing of ${JSON.stringify(shortened(names[i] as string))} and ${JSON.stringify(shortened(names[j] as string))}, <a>-vs-<b>, would be a name of ${bytes} bytes, where file systems take ${NAME_MAX}; expected shorter agent names`,
      },
    ]);
  }
}

const TOURNAMENT_FILES = ['pairings.csv', 'ratings.csv', 'tournament.json'];
const PAIRINGS_COLUMNS = ['a', 'b', 'games', 'aWinRate', 'aWinLower', 'aWinUpper', 'drawRate', 'bWinRate', 'bWinLower', 'bWinUpper', 'folder'];
const RATINGS_COLUMNS = ['agent', 'rating', 'lower', 'upper', 'games', 'score'];

/**
 * Refuses, before anything is written, a round robin two of whose pairings would share a folder:
 * names that differ only in what the folder name replaces (`a/b` and `a_b`), or in case (one
 * folder on a case-insensitive disk), or that split around "-vs-" alike. Played, the later
 * pairing would replace the earlier one's matches (audit 22).
 * @throws UsageError naming the two pairings and the folder.
 */
function refuseSharedFolders(scenario: Scenario, pairs: readonly [number, number][], names: readonly string[], folders: readonly string[]): void {
  const seen = new Map<string, number>();
  for (const [index, folder] of folders.entries()) {
    const key = folder.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      const pairing = (at: number): string => {
        const [i, j] = pairs[at] as [number, number];
        return `${JSON.stringify(names[i])} vs ${JSON.stringify(names[j])}`;
      };
      throw new UsageError([
        {
          source: scenario.file,
          field: 'seats.roundRobin',
          message: `the pairings ${pairing(earlier)} and ${pairing(index)} would share the folder ${folders[earlier]}${folders[earlier] === folder ? '' : ` (${folder} on a disk that ignores case)`}; expected agent names that stay apart in folder names (letters, digits, ".", "_" and "-" are kept, anything else becomes "_", and leading ".", "_" and "-" are dropped)`,
        },
      ]);
    }
    seen.set(key, index);
  }
}

/** The rate of no games: NaN (null in JSON, as a run's summary gives it), its interval all of [0, 1]. */
const NO_GAMES: RateEstimate = { rate: Number.NaN, lower: 0, upper: 1, successes: 0, n: 0, designEffect: 1, clusters: 0 };

async function playTournament(
  scenario: Scenario,
  options: TournamentOptions,
  pairs: readonly [number, number][],
  folders: readonly string[],
  outFolder: OutputFolder,
): Promise<TournamentResult> {
  const agents = scenario.tournament ?? scenario.seats;
  const names = agents.map((seat) => seat.name);
  const played = await playPairings(scenario, options, pairs, folders, outFolder, names);
  const summary: TournamentSummary = {
    hordelab: { version: HORDELAB_VERSION },
    scenario: { name: scenario.name, file: scenario.file, game: scenario.entry.game.id, seed: scenario.seed, matchesPerPairing: scenario.matches, agents: names },
    command: options.command,
    confidence: DEFAULT_CONFIDENCE,
    pairings: played.pairings,
    ...ratedAgents(names, played.results),
  };
  writeTournamentFiles(outFolder, summary);
  const { runs } = played;
  const status: OutputStatus = runs.some((run) => run.status === 'interrupted') ? 'interrupted' : runs.some((run) => run.status === 'stopped') ? 'stopped' : 'complete';
  // Every pairing folder stays Hordelab's, played this time or not: an interrupted or stopped
  // round robin removes none of an earlier one's folders.
  const files = outFolder.publish([...folders, ...TOURNAMENT_FILES], status).slice(folders.length);
  return { summary, runs, files, status, failures: played.failures };
}

/**
 * Plays each pairing as a run of its own into its folder, in order, with the round robin's
 * budget of failures shared between them; once one stops or is interrupted, the pairings left
 * are listed as not played. A failure outside the runs publishes the folders written so far as
 * an unfinished round robin before it is thrown.
 */
async function playPairings(
  scenario: Scenario,
  options: TournamentOptions,
  pairs: readonly [number, number][],
  folders: readonly string[],
  outFolder: OutputFolder,
  names: readonly string[],
): Promise<{ runs: RunResult[]; pairings: PairingSummary[]; results: PairingResult[]; failures: PairingFailures[] }> {
  const { replayCommand, onPairing, ...runOptions } = options;
  const maxErrors = options.maxErrors ?? 0;
  const runs: RunResult[] = [];
  const pairings: PairingSummary[] = [];
  const results: PairingResult[] = [];
  const failures: PairingFailures[] = [];
  let errors = 0;
  let halted = false;
  try {
    for (const [index, [i, j]] of pairs.entries()) {
      const a = names[i] as string;
      const b = names[j] as string;
      const folder = folders[index] as string;
      // After a stop or an interruption, the pairings left are reported as not played.
      if (halted) {
        pairings.push({ a, b, folder, games: 0, aWinRate: NO_GAMES, drawRate: NO_GAMES, bWinRate: NO_GAMES, status: 'not played' });
        continue;
      }
      onPairing?.(index, pairs.length, a, b);
      const pairing = await parseScenario(scenario.source.text, scenario.source.file, { ...scenario.source.overrides, pairing: [i, j] });
      let reproduce: string | null = null;
      // A metric module's failure (or a module agent's change to the live game) stops the round
      // robin: said as the pairing's, with the replay line that plays that pairing (review 28d:
      // without --pairing it replayed another pairing's match, exit 0).
      const run = await inPairing(a, b, (matchIndex, matchSeed) => replayCommand?.([i, j], matchIndex, matchSeed), () => runScenario(pairing, {
        ...runOptions,
        outDir: join(options.outDir, folder),
        command: `${options.command} # pairing ${a} vs ${b}`,
        // The round robin's budget of failures, less what earlier pairings spent.
        maxErrors: maxErrors - errors,
        ...(replayCommand === undefined
          ? {}
          : {
              replayCommand: (matchIndex: number, matchSeed: string): string => {
                const line = replayCommand([i, j], matchIndex, matchSeed);
                reproduce ??= line;
                return line;
              },
            }),
      }));
      runs.push(run);
      errors += run.errors;
      if (run.errors > 0) failures.push({ a, b, folder, errors: run.errors, reproduce });
      const outcomes = run.document.outcomes as OutcomeSummary;
      const overall = outcomes.byAgent[a]?.overall;
      if (overall === undefined || overall.n === 0) {
        // Every match failed (or none was played): no rates, and nothing for the ratings.
        pairings.push({ a, b, folder, games: 0, aWinRate: NO_GAMES, drawRate: NO_GAMES, bWinRate: NO_GAMES, status: run.status });
      } else {
        results.push({ a: i, b: j, wins: overall.win.successes, draws: overall.draw.successes, losses: overall.loss.successes, ...dispersion(overall) });
        pairings.push({ a, b, folder, games: overall.n, aWinRate: overall.win, drawRate: overall.draw, bWinRate: overall.loss, status: run.status });
      }
      // Past the budget of failures (or interrupted): the loop goes on only to list the rest.
      if (run.status !== 'complete') halted = true;
    }
  } catch (error) {
    // The pairing folders written so far are this round robin's, whatever failed after them:
    // recorded as an unfinished round robin, which --force replaces.
    if (runs.length > 0) outFolder.publish(folders, 'interrupted');
    throw error;
  }
  return { runs, pairings, results, failures };
}

/** `play()`, a MetricFailure in it said as the pairing's failure with `replay`'s line for it. */
async function inPairing<T>(a: string, b: string, replay: (matchIndex: number, matchSeed: string) => string | undefined, play: () => Promise<T>): Promise<T> {
  try {
    return await play();
  } catch (error) {
    if (!(error instanceof MetricFailure)) throw error;
    const line = replay(error.matchIndex, error.matchSeed);
    if (line === undefined) throw error;
    throw new ReproducibleFailure(`pairing ${a} vs ${b}: ${error.message}`, line, { cause: error });
  }
}

/** The agents' ratings from the pairings' results, by agent name, best first, and the fit's warnings. */
function ratedAgents(names: readonly string[], results: readonly PairingResult[]): Pick<TournamentSummary, 'ratings' | 'warnings'> {
  const rated = rateAgents(names.length, results, DEFAULT_CONFIDENCE, names);
  const ratings = rated.ratings
    .map((rating) => ({ ...rating, agent: names[rating.agent] as string }))
    // Without finite ratings (a clean sweep), the order is the score's; agents without games last.
    .sort(
      (x, y) =>
        Number(x.games === 0) - Number(y.games === 0) ||
        (Number.isNaN(x.rating) || Number.isNaN(y.rating) ? y.score - x.score : y.rating - x.rating) ||
        x.agent.localeCompare(y.agent),
    );
  return { ratings, warnings: rated.warnings };
}

/** `pairings.csv`, `ratings.csv` and `tournament.json`, as working files the folder publishes. */
function writeTournamentFiles(outFolder: OutputFolder, summary: TournamentSummary): void {
  const write = (file: string, text: string): void => outFolder.writeTemp(file, text);
  write(
    'pairings.csv',
    csv([
      PAIRINGS_COLUMNS,
      // A pairing without games has no rates: empty cells, as null is in tournament.json.
      ...summary.pairings.map((p) => [
        p.a,
        p.b,
        p.games,
        ...(p.games === 0 ? ['', '', '', '', '', '', ''] : [p.aWinRate.rate, p.aWinRate.lower, p.aWinRate.upper, p.drawRate.rate, p.bWinRate.rate, p.bWinRate.lower, p.bWinRate.upper]),
        p.folder,
      ]),
    ]),
  );
  // Open sides, missing ratings and the score of an agent without games are empty cells, as
  // null is in tournament.json.
  const cell = (value: number): number | string => (Number.isFinite(value) ? value : '');
  write('ratings.csv', csv([RATINGS_COLUMNS, ...summary.ratings.map((r) => [r.agent, cell(r.rating), cell(r.lower), cell(r.upper), r.games, cell(r.score)])]));
  write('tournament.json', `${JSON.stringify(summary, null, 2)}\n`);
}

/** The tournament as text: pairings, then ratings. */
export function formatTournament(summary: TournamentSummary): string {
  const pct = (r: RateEstimate): string => `${percentOf(r.rate, 1)}% [${percentBound(r.lower, r.rate)}, ${percentBound(r.upper, r.rate)}]`;
  const lines: string[] = [];
  const rows = summary.pairings.map((p) =>
    p.games === 0
      ? [`${p.a} vs ${p.b}`, '0', p.status === 'not played' ? 'not played' : 'no results (every match failed)', '-', '-']
      : [`${p.a} vs ${p.b}`, String(p.games), pct(p.aWinRate), `${percentOf(p.drawRate.rate, 1)}%`, pct(p.bWinRate)],
  );
  lines.push(table(['pairing (seats rotated)', 'games', 'first wins [95%]', 'draws', 'second wins [95%]'], rows));
  lines.push('');
  const elo = (value: number | null): string => (value === null || !Number.isFinite(value) ? '' : value.toFixed(0));
  const interval = (lower: number | null, upper: number | null): string => {
    const low = elo(lower);
    const high = elo(upper);
    if (low === '' && high === '') return 'unbounded';
    if (high === '') return `≥ ${low}`;
    if (low === '') return `≤ ${high}`;
    return `[${low}, ${high}]`;
  };
  const ratingRows = summary.ratings.map((r) =>
    r.games === 0 ? [r.agent, '-', 'no games', '0', '-'] : [r.agent, elo(r.rating) || '-', interval(r.lower, r.upper), String(r.games), `${percentOf(r.score, 1)}%`],
  );
  lines.push(table(['agent', 'Elo', '95% interval', 'games', 'score'], ratingRows));
  lines.push('(ratings are relative, mean 0; 400 points are 10:1 odds; a draw counts half; intervals from the profile likelihood)');
  for (const warning of summary.warnings) lines.push(`warning: ${warning}`);
  return lines.join('\n');
}
