/**
 * What `report`, `compare` and `check` accept as a run's `summary.json`: a schema for every
 * field they read, then the game's results compared with the shape its own report writes. A
 * damaged or hand-edited file is refused naming the file and the first wrong field, before any
 * page is drawn or any number compared; then every figure's values (`figure-values.ts`): an n,
 * rate or bound no run could have written is refused the same way.
 */
import { z } from 'zod';
// Its schemas read files a user hands over: zod's messages set first, whatever loaded this module.
import '../core/zod-messages.js';
import { UsageError } from '../core/errors.js';
import { formatPath } from '../core/parameters.js';
import { findUnsafeKey, MAX_SUMMARY_NESTING } from '../core/safe-keys.js';
import { games } from '../registry.js';
import { figureValueIssue, hasClusteredRates } from './figure-values.js';
import { callGamePart, summaryGame } from './summary-game.js';
import { QUALITY_KEY } from '../quality/quality-report.js';
import { CUSTOM_PLACEMENT, FIGURES_PLACEMENT } from '../reports/custom-metrics.js';

/** Results sections a run adds to its game's own summary. */
const ADDED_RESULTS: ReadonlySet<string> = new Set([QUALITY_KEY, CUSTOM_PLACEMENT.key, FIGURES_PLACEMENT.key]);

/** A whole count (n, successes, matches) as summaries write it. */
export const count = z.number().int().min(0);
// Loose: a rate's designEffect and clusters pass through to the figures compared and reported (stripped, every
// outcome rate was compared as if its matches were independent).
/** A rate with its interval and counts, as every summary figure writes one. */
export const rate = z.looseObject({ rate: z.number().nullable(), lower: z.number().nullable(), upper: z.number().nullable(), successes: count, n: count });
/** A seat as summary.json and card-values.json record it. */
// settings and module: absent in summaries written before compare told agents apart by them (audit 39a F1).
export const seatRecordSchema = z.object({ name: z.string(), agent: z.string(), config: z.record(z.string(), z.unknown()), settings: z.record(z.string(), z.unknown()).optional(), module: z.object({ path: z.string(), sha256: z.string() }).optional() });
const outcomeRates = z.object({ n: count, win: rate, draw: rate, loss: rate });

const summarySchema = z.strictObject({
  hordelab: z.object({ version: z.string() }),
  scenario: z.object({
    name: z.string(),
    file: z.string(),
    description: z.string().optional(),
    game: z.string(),
    gameModule: z.object({ spec: z.string(), path: z.string(), sha256: z.string() }).optional(),
    metricModules: z.array(z.object({ name: z.string(), spec: z.string(), path: z.string(), sha256: z.string() })).optional(),
    seed: z.number().int().min(0),
    matches: count,
    params: z.record(z.string(), z.unknown()),
    rotateSeats: z.boolean(),
    firstSeedIndex: z.number().int().min(0).optional(),
    seats: z.array(seatRecordSchema).min(1),
  }),
  command: z.string(),
  run: z.object({ status: z.enum(['complete', 'stopped', 'interrupted']), matchesPlayed: count, errors: count }),
  confidence: z.number().gt(0).lt(1),
  /** Each figure carries its own measured design effect; summaries written before that carry one for the run. */
  independentUnit: z.enum(['match', 'rotated pair']).optional(),
  designEffect: z.number().min(1).optional(),
  outcomes: z.object({
    bySeat: z.record(z.string(), outcomeRates),
    // Kept whole (score, self-play counts, notes): the per-agent table prints them.
    byAgent: z.record(z.string(), z.looseObject({ overall: z.looseObject(outcomeRates.shape), bySeat: z.record(z.string(), outcomeRates) })),
  }),
  results: z.record(z.string(), z.unknown()),
  timing: z.unknown().optional(),
})
  .refine((summary) => summary.independentUnit !== undefined || summary.designEffect !== undefined, { message: 'expected independentUnit ("match" or "rotated pair")', path: ['independentUnit'] })
  .refine((summary) => summary.run.matchesPlayed + summary.run.errors <= summary.scenario.matches, {
    message: 'expected matchesPlayed + errors to be at most scenario.matches (the matches the run was asked for)',
    path: ['run', 'matchesPlayed'],
  })
  // Every played match is one result per seat in the outcomes: an edited count shows against them.
  .refine((summary) => Object.values(summary.outcomes.bySeat).every((rates) => rates.n === summary.run.matchesPlayed), {
    message: "expected matchesPlayed to equal the matches the outcomes count (each seat's n)",
    path: ['run', 'matchesPlayed'],
  });

type Kind = 'object' | 'array' | 'number' | 'string' | 'boolean' | 'other';
const KIND_WORDS: Record<Kind, string> = { object: 'an object', array: 'a list', number: 'a number', string: 'text', boolean: 'true or false', other: 'something else' };

/** JSON writes NaN (an empty rate) as null: both count as a number here. */
function kindOf(value: unknown): Kind {
  if (value === null || typeof value === 'number') return 'number';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  return 'other';
}

/**
 * The first place where `actual` lacks a field of `expected` or has it of another kind, as a
 * path and message; null when `actual` has the whole shape. Fields only `actual` has (one per
 * card played, per trap rate seen) are not compared: they appear only once matches are played;
 * nor is what fills a field that is null before any match (a section of some scenarios only).
 */
function shapeProblem(expected: unknown, actual: unknown, path: (string | number)[]): { path: (string | number)[]; message: string } | null {
  const stack: { expected: unknown; actual: unknown; path: (string | number)[] }[] = [{ expected, actual, path }];
  while (stack.length > 0) {
    const next = stack.pop() as { expected: unknown; actual: unknown; path: (string | number)[] };
    const want = kindOf(next.expected);
    const got = kindOf(next.actual);
    // Null before any match is also a section only some scenarios fill (Survivors' `escape`).
    if (next.expected === null && got === 'object') continue;
    if (want !== got) return { path: next.path, message: `expected ${KIND_WORDS[want]}, got ${next.actual === undefined ? 'nothing' : KIND_WORDS[got]}` };
    if (want === 'object') {
      for (const [key, value] of Object.entries(next.expected as Record<string, unknown>)) {
        stack.push({ expected: value, actual: (next.actual as Record<string, unknown>)[key], path: [...next.path, key] });
      }
    }
  }
  return null;
}

/** A rate's fields, as a shape {@link shapeProblem} compares with. */
const RATE_SHAPE = { rate: 0, lower: 0, upper: 0, n: 0 };
/** A mean's fields, as a shape {@link shapeProblem} compares with. */
const MEAN_SHAPE = { mean: 0, lower: 0, upper: 0, n: 0 };

/**
 * The quality figures every version of hordelab has written in a run's `results.quality`, for
 * `seats` seats (`quality-figures.ts`); the rest (capped, leads, the chance share, shared tops)
 * only some games and scenarios have.
 */
function qualityShape(seats: number): Record<string, unknown> {
  const bySeat = Object.fromEntries(Array.from({ length: seats }, (_, seat) => [`seat${seat + 1}`, { win: RATE_SHAPE, draw: RATE_SHAPE, loss: RATE_SHAPE }]));
  return {
    matches: 0,
    bySeat,
    draw: RATE_SHAPE,
    firstMover: { win: RATE_SHAPE, decidedWin: RATE_SHAPE, advantage: { fair: 0, value: 0, lower: 0, upper: 0 } },
    length: { decisions: MEAN_SHAPE, turns: MEAN_SHAPE, histogram: [], quantiles: null },
    branching: MEAN_SHAPE,
    notes: [],
  };
}

/**
 * The quality figures only some runs write (three or more seats, a game with a cap, leads read,
 * a chance share, quantiles once a match is played), each by its path under `results.quality`
 * and its shape: checked where present, so that one edited out of shape is named rather than
 * drawn as "undefined" or dropped from a page without a word (review 41r R4).
 */
const OPTIONAL_QUALITY: readonly (readonly [readonly string[], unknown])[] = [
  [['sharedTop'], RATE_SHAPE],
  [['capped'], RATE_SHAPE],
  [['firstMover', 'top'], RATE_SHAPE],
  [['length', 'quantiles'], { min: 0, median: 0, p90: 0, max: 0 }],
  [['decisiveness'], MEAN_SHAPE],
  [['leadChanges'], MEAN_SHAPE],
  [['drama'], RATE_SHAPE],
  [['chanceShare'], { ...RATE_SHAPE, stronger: '', weaker: '', basis: '' }],
  // Written since 2026-12-05 (cb7b15c); a summary from before has none.
  [['chanceShare', 'won'], RATE_SHAPE],
];

/** The first optional quality figure (and each seat's `top`) present in `quality` but out of shape, or null. */
function optionalQualityProblem(quality: Record<string, unknown>): { path: (string | number)[]; message: string } | null {
  const at = (path: readonly string[]): unknown => path.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), quality);
  const seatTops = Object.keys(quality['bySeat'] as Record<string, unknown>).map((seat) => [['bySeat', seat, 'top'], RATE_SHAPE] as const);
  for (const [path, shape] of [...OPTIONAL_QUALITY, ...seatTops]) {
    const value = at(path);
    // Quantiles are null until a match is played.
    if (value === undefined || (value === null && path[1] === 'quantiles')) continue;
    const problem = shapeProblem(shape, value, ['results', QUALITY_KEY, ...path]);
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * Checks a parsed `summary.json` (`file` names it in errors) and returns it typed.
 * @throws UsageError naming the file and the first wrong field.
 */
export function validateRunSummary(data: unknown, file: string): z.infer<typeof summarySchema> {
  const refuse = (field: string, message: string): UsageError => new UsageError([{ source: file, field, message: `${message}; is this the summary.json of a "hordelab run"?` }]);
  const unsafe = findUnsafeKey(data, [], MAX_SUMMARY_NESTING);
  if (unsafe !== null) throw refuse(unsafe.field, unsafe.message);
  const parsed = summarySchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw refuse(formatPath((first?.path ?? []).map((key) => (typeof key === 'number' ? key : String(key)))), first?.message ?? 'not a run summary');
  }
  const summary = parsed.data;
  const entry = summaryGame(summary.scenario);
  if (entry === undefined) throw refuse('scenario.game', `unknown game "${summary.scenario.game}"; this hordelab knows ${[...games.keys()].join(', ')}, and the summary names no game module`);
  const { report } = entry;
  // A game module's report is its own code: a throw there is the module's, not the file's.
  const expected = callGamePart(summary.scenario, 'report.summarize', () => report.summarize(report.emptyAggregate(), summary.confidence), `reading ${file}`) as Record<string, unknown>;
  const shape = shapeProblem(expected, summary.results, ['results']);
  // The shape expected is the game's report's own for no matches: a game module's report that
  // answers otherwise for none than for a run is as likely as an edited file (review 31c).
  const orModule = summary.scenario.gameModule === undefined ? '' : ` (or the game module's report.summarize gives other figures for no matches than for a run)`;
  if (shape !== null) throw refuse(formatPath(shape.path), `${shape.message}, as a ${entry.game.id} run writes it${orModule}`);
  // A figure no run writes (an added results.verdict) would be shown and compared as measured.
  // Besides the game's own: the quality figures every run adds, a game's figure units and
  // custom metrics where it has them.
  const extra = Object.keys(summary.results as Record<string, unknown>).find((key) => !(key in expected) && !ADDED_RESULTS.has(key));
  if (extra !== undefined) throw refuse(formatPath(['results', extra]), `not a figure a ${entry.game.id} run writes${orModule}`);
  // The quality section is every run's, not the game's: what every version since it was recorded
  // writes there is checked the same way, so a section edited out of shape is named by its field
  // (audit 40c F6: a page met a TypeError, and the message named only \`results\`).
  const quality = (summary.results as Record<string, unknown>)[QUALITY_KEY];
  const qualityProblem = quality === undefined ? null : shapeProblem(qualityShape(summary.scenario.seats.length), quality, ['results', QUALITY_KEY]);
  if (qualityProblem !== null) throw refuse(formatPath(qualityProblem.path), `${qualityProblem.message}, as every run writes its quality figures`);
  const optionalProblem = quality === undefined ? null : optionalQualityProblem(quality as Record<string, unknown>);
  if (optionalProblem !== null) throw refuse(formatPath(optionalProblem.path), `${optionalProblem.message}, as a run that has this quality figure writes it`);
  // Right shape, but are the numbers ones a run could write? An edited n or rate would be compared as measured.
  const clustered = hasClusteredRates(summary.results) || hasClusteredRates(summary.outcomes);
  const values = figureValueIssue(summary.results, ['results'], summary.confidence, clustered) ?? figureValueIssue(summary.outcomes, ['outcomes'], summary.confidence, clustered);
  if (values !== null) throw new UsageError([{ source: file, ...values }]);
  return summary;
}
