/**
 * Every figure of a run's `summary.json` as a flat list of metrics named by path
 * (`p1WinRate`, `trapSuccess.byRate.rate80.simulated`, `cards.zombies.negate.playedRoundWinRate`),
 * for comparisons, CSV and the report's tables. A rate is any object with `rate`, `lower`,
 * `upper`, `successes` and `n`; a mean any with `mean`, `lower`, `upper`, `sd` and `n`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { CHECKPOINT_FILE, liveHolderOf, MANIFEST_FILE, matchesRecordedContent, PUBLISH_FILE, readManifest } from '../run/output-folder.js';
import { duplicateJsonKey } from '../core/strict-yaml.js';
import { checkpointKeyIn } from '../run/journal.js';
import { loadSummaryGame } from './summary-game.js';
import { validateRunSummary } from './summary-schema.js';

export interface RateMetric {
  readonly kind: 'rate';
  readonly path: string;
  readonly value: number;
  readonly lower: number;
  readonly upper: number;
  readonly successes: number;
  readonly n: number;
  /** Measured variance over independent trials' (1 in summaries older than measured design effects, unless the run said otherwise). */
  readonly designEffect: number;
  /** Independent units the trials came in. */
  readonly clusters: number;
}

export interface MeanMetric {
  readonly kind: 'mean';
  readonly path: string;
  readonly value: number;
  /** NaN where the summary gives no interval (all samples equal, one cluster). */
  readonly lower: number;
  readonly upper: number;
  readonly sd: number;
  readonly n: number;
  readonly designEffect: number;
  readonly clusters: number;
  /** Why there is no interval ("all 10 samples equal"), where the summary says. */
  readonly note?: string;
  /** Why the interval may cover less than it says (a skewed figure), where the summary says. */
  readonly caution?: string;
  /** A ratio of two pooled totals (`kind: "ratio"` in summary.json), not a mean of per-match values. */
  readonly ratio?: true;
}

export type Metric = RateMetric | MeanMetric;

/** The parts of `summary.json` the presentation reads. */
export interface RunSummary {
  readonly hordelab: { readonly version: string };
  readonly scenario: {
    readonly name: string;
    readonly file: string;
    readonly description?: string;
    readonly game: string;
    readonly gameModule?: { readonly spec: string; readonly path: string; readonly sha256: string };
    readonly seed: number;
    readonly matches: number;
    readonly params: Record<string, unknown>;
    readonly rotateSeats: boolean;
    /** A round robin pairing's first seed index (see the run summary's); absent for other runs. */
    readonly firstSeedIndex?: number;
    readonly metricModules?: readonly { readonly name: string; readonly spec: string; readonly path: string; readonly sha256: string }[];
    /** `settings` (defaults filled in) and an agent module's `module` are absent in older summaries. */
    readonly seats: readonly { readonly name: string; readonly agent: string; readonly config: Record<string, unknown>; readonly settings?: Record<string, unknown>; readonly module?: { readonly path: string; readonly sha256: string } }[];
  };
  readonly command: string;
  readonly run: { readonly status: string; readonly matchesPlayed: number; readonly errors: number };
  readonly confidence: number;
  /** `match` or `rotated pair` (summaries from before measured design effects have `designEffect` instead). */
  readonly independentUnit?: string;
  readonly designEffect?: number;
  readonly outcomes: unknown;
  readonly results: Record<string, unknown>;
  readonly timing?: unknown;
}

/**
 * What {@link RunSummary} readers accept from a caller: a `summary.json` as read, or the library's
 * `run()` result's `summary`, whose results are typed per game (no index signature) and whose
 * parameters and agent settings are typed as unknown.
 */
export type SummaryInput = Omit<RunSummary, 'results' | 'scenario'> & {
  readonly results: object;
  readonly scenario: Omit<RunSummary['scenario'], 'params' | 'seats'> & {
    readonly params: unknown;
    readonly seats: readonly { readonly name: string; readonly agent: string; readonly config: unknown; readonly settings?: unknown; readonly module?: { readonly path: string; readonly sha256: string } }[];
  };
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A bound from JSON: a number, or null (written for NaN: no interval). */
const bound = (value: unknown): number | undefined => (typeof value === 'number' ? value : value === null ? Number.NaN : undefined);

/**
 * The paths of `paths` and every path above them (`a` and `a.b` for `a.b.c`): where a walk for
 * those paths alone must go ({@link flattenMetrics}'s `only`).
 */
export function pathsAndAbove(paths: Iterable<string>): Set<string> {
  const within = new Set<string>();
  for (const path of paths) {
    within.add(path);
    for (let dot = path.indexOf('.'); dot !== -1; dot = path.indexOf('.', dot + 1)) within.add(path.slice(0, dot));
  }
  return within;
}

/**
 * Walks `value` in key order and collects every rate and mean under `prefix`. `designEffect` is
 * what a figure without its own measured one gets (a summary from before they were measured).
 * With `only` (from {@link pathsAndAbove}), the walk goes only where those paths lie: the same
 * metrics for those paths, in the same order, without building every other (a sweep reads a
 * few figures from a summary per match).
 */
export function flattenMetrics(value: unknown, prefix = '', designEffect = 1, only?: ReadonlySet<string>): Metric[] {
  const metrics: Metric[] = [];
  const walk = (node: unknown, path: string): void => {
    if (!isRecord(node)) return;
    const n = node['n'];
    const lower = bound(node['lower']);
    const upper = bound(node['upper']);
    if (typeof n === 'number' && lower !== undefined && upper !== undefined) {
      const deff = typeof node['designEffect'] === 'number' ? node['designEffect'] : designEffect;
      const clusters = typeof node['clusters'] === 'number' ? node['clusters'] : n;
      // A figure without samples (n 0) has no value: NaN, which summary.json holds as null.
      const rate = n === 0 ? bound(node['rate']) : node['rate'];
      if (typeof rate === 'number' && typeof node['successes'] === 'number') {
        // Nor an interval: a rate's [0, 1] says nothing measured, and a mean's bounds are empty too.
        metrics.push({ kind: 'rate', path, value: rate, lower: n === 0 ? Number.NaN : lower, upper: n === 0 ? Number.NaN : upper, successes: node['successes'], n, designEffect: deff, clusters });
        // A figure beside it over the same matches (quality.chanceShare.won, review 29c) is one too.
        for (const [key, child] of Object.entries(node)) {
          const childPath = `${path}.${key}`;
          if (isRecord(child) && (only === undefined || only.has(childPath))) walk(child, childPath);
        }
        return;
      }
      const mean = n === 0 ? bound(node['mean']) : node['mean'];
      if (typeof mean === 'number' && (typeof node['sd'] === 'number' || node['sd'] === null)) {
        const note = typeof node['note'] === 'string' ? { note: node['note'] } : {};
        const caution = typeof node['caution'] === 'string' ? { caution: node['caution'] } : {};
        const ratio = node['kind'] === 'ratio' ? { ratio: true as const } : {};
        metrics.push({ kind: 'mean', path, value: mean, lower, upper, sd: typeof node['sd'] === 'number' ? node['sd'] : Number.NaN, n, designEffect: deff, clusters, ...note, ...caution, ...ratio });
        return;
      }
    }
    for (const [key, child] of Object.entries(node)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (only === undefined || only.has(childPath)) walk(child, childPath);
    }
  };
  walk(value, prefix);
  return metrics;
}

/** The metrics of a run: its results, then the outcome tables under `outcomes.`. */
export function runMetrics(summary: RunSummary): Metric[] {
  const legacy = summary.designEffect ?? 1;
  return [...flattenMetrics(summary.results, '', legacy), ...flattenMetrics(summary.outcomes, 'outcomes', legacy)];
}

/**
 * Reads a run folder's `summary.json`, checked field by field ({@link validateRunSummary}), or
 * says clearly why it cannot. A run of a game module loads that module again (`summary-game.ts`).
 */
export async function readRunSummary(dir: string, cwd = process.cwd()): Promise<RunSummary> {
  const file = join(dir, 'summary.json');
  // A publish cut short leaves its journal: summary.json may still be the previous output's while
  // matches.csv is already the new one's. Read as it stands, a page would mix two runs.
  if (existsSync(join(dir, PUBLISH_FILE))) {
    throw new UsageError([
      {
        source: join(dir, PUBLISH_FILE),
        field: '',
        message: `a publish into ${dir} was cut short, so its files may be of two outputs; finish it with "hordelab run <scenario> --out ${dir} --resume", then read the folder again`,
      },
    ]);
  }
  // A file given for the folder, or a summary.json that is a folder or a pipe (which reading would
  // wait on forever), is said as what it is, not as a folder without a summary (audit 36b).
  const dirKind = kindOf(dir);
  if (dirKind !== null && dirKind !== 'a folder') throw new UsageError([{ source: dir, field: '', message: `is ${dirKind}; expected the output folder of "hordelab run"` }]);
  const fileKind = kindOf(file);
  if (fileKind !== null && fileKind !== 'a file') throw new UsageError([{ source: file, field: '', message: `is ${fileKind}; expected the summary file "hordelab run" writes` }]);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    const tournament = existsSync(join(dir, 'tournament.json'));
    // A run stopped before its first publish (killed, or its machine lost) holds its checkpoint
    // and matches so far, and no summary yet: it is a run folder, one --resume finishes.
    const unfinished = existsSync(join(dir, CHECKPOINT_FILE));
    // One still being played holds the folder's lock: it will write its summary.json itself (audit 26b).
    // Before its first checkpoint (written after its first chunk) it holds the lock all the same (review 26c).
    const playing = tournament ? null : liveHolderOf(dir);
    throw new UsageError([
      {
        source: dir,
        field: '',
        message: tournament
          ? 'this is a round robin (tournament.json): each pairing has its own run folder inside it, such as <a>-vs-<b>/'
          : playing !== null
            ? `still being written (by hordelab ${playing}); read the folder when that command has ended`
            : unfinished && checkpointKeyIn(dir) === null
            ? // A checkpoint --resume would refuse (audit 33b: sent to --resume, which sent it to --force).
              `a run that stopped before it wrote its summary.json, and whose checkpoint cannot be read (damaged, changed, or from another Hordelab), so it cannot be resumed; play it afresh with the command that started it and --force ("hordelab run <scenario> --out ${dir} --force"), then read the folder again`
            : unfinished
            ? `a run that stopped before it wrote its summary.json (its checkpoint is here); finish it with the command that started it and --resume ("hordelab run <scenario> --out ${dir} --resume", with its --shard if it was a shard; a round robin's pairing is played again by its round robin, with --force), then read the folder again`
            : 'no summary.json here; expected the output folder of "hordelab run"',
      },
    ]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError([{ source: file, field: '', message: `not valid JSON: ${(error as Error).message.split('\n')[0]}` }]);
  }
  // Two values for one figure: which one a page shows would be JSON.parse's choice, not the run's.
  const duplicate = duplicateJsonKey(text);
  if (duplicate !== null) throw new UsageError([{ source: file, field: '', message: `a key is given twice (the second at ${duplicate}); hordelab writes each once, so the file was edited` }]);
  await loadSummaryGame(data, file, cwd);
  const summary = validateRunSummary(data, file) as RunSummary;
  // Checked after the schema, so a file edited out of shape is told what is wrong with it; one
  // edited and still valid (a bound, a rate, the seed) is found by its digest. A mark that cannot
  // be read would let any edit through, so it is refused rather than passed over.
  if (existsSync(join(dir, MANIFEST_FILE)) && readManifest(dir) === null) {
    throw new UsageError([
      {
        source: join(dir, MANIFEST_FILE),
        field: '',
        message: "is damaged or not hordelab's (expected the JSON mark hordelab leaves in its folders), so summary.json cannot be checked against the digest it records; restore the folder, or run the scenario again",
      },
    ]);
  }
  if (!matchesRecordedContent(dir, 'summary.json', text)) {
    throw new UsageError([
      {
        source: file,
        field: '',
        message: `is not the summary hordelab wrote: its content's SHA-256 differs from the one ${MANIFEST_FILE} records, so a value was edited since, and figures drawn from it would not be the run's; restore it, or run the scenario again`,
      },
    ]);
  }
  return summary;
}

/** What is at `path`, links followed: null where nothing is (or it cannot be read). */
function kindOf(path: string): 'a file' | 'a folder' | 'a named pipe' | 'something other than a file or folder' | null {
  try {
    const stats = statSync(path);
    return stats.isFile() ? 'a file' : stats.isDirectory() ? 'a folder' : stats.isFIFO() ? 'a named pipe' : 'something other than a file or folder';
  } catch {
    return null;
  }
}
