/**
 * `hordelab compare`: every metric two runs share, side by side, with the difference (second
 * minus first), its interval and a two-sided test, each on the figure's own measured variance
 * (its design effect in either run). Many metrics are compared at once, so the p-values are
 * Holm-adjusted: a metric is flagged as changed when its adjusted p-value is below α, which
 * keeps the chance of flagging anything in a mere re-run (another seed, same rules) at most α.
 *
 * A declared primary metric (`--primary`) is tested alone, unadjusted, at α: the question the
 * run was planned for keeps the power `plan` promised. The others are then secondary: Holm
 * among themselves, a family of their own at α.
 */
import { logGamma } from '../stats/distributions.js';
import { randomPlayWarning, skillOf } from '../ladder/skill.js';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { meanDifferenceTest, holmAdjust, twoProportionTest, type DifferenceTest } from '../stats/tests.js';
import { intervalDigits, table, fixedHalfEven, percentOf } from '../reports/format.js';
import { runMetrics, type Metric, type RateMetric, type RunSummary, type SummaryInput } from './metrics.js';
import { rateInterval } from '../stats/rate-interval.js';
import { withUnseenEvents } from '../reports/generic-report.js';
import { taggedText } from '../core/tagged-data.js';
import { isModulePath } from '../scenario/agent-module.js';

export interface MetricComparison {
  readonly path: string;
  readonly kind: 'rate' | 'mean';
  readonly baseline: { readonly value: number; readonly lower: number; readonly upper: number; readonly n: number };
  readonly run: { readonly value: number; readonly lower: number; readonly upper: number; readonly n: number };
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  readonly pValue: number;
  /** Holm-adjusted over every compared secondary metric; the primary's own p-value for the primary. */
  readonly adjustedPValue: number;
  readonly changed: boolean;
  /**
   * `primary` for the metric named by `--primary` and for any row that repeats its test (the
   * same counts under another name), tested unadjusted; else `secondary`.
   */
  readonly role: 'primary' | 'secondary';
  /** The metric whose test this row repeats (same counts, or their complement), or null. */
  readonly sameTestAs: string | null;
  /**
   * Every match (or unit of a ratio) of each run gave one value: the difference is that of the
   * two values, with no interval (NaN bounds: other matches may still differ); p is 1 where they
   * are equal (left out of Holm's family: it can never flag), and where they differ the exact
   * permutation p of the runs' independent units.
   */
  readonly exact?: true;
  /**
   * A mean compared with a t interval where either run's own interval carried a caution
   * (`meanCaution`: skewed, or measured over few units): which run's, and why. The difference's interval rests on the same normal
   * approximation.
   */
  readonly caution?: string;
}

export interface Comparison {
  readonly baseline: string;
  readonly run: string;
  readonly game: string;
  readonly alpha: number;
  /** The metric tested unadjusted, or null when every metric is one of the Holm family. */
  readonly primary: string | null;
  /** Metrics compared (rows), and of them those flagged as changed. */
  readonly compared: number;
  readonly changed: number;
  /**
   * The tests behind them: one for each set of metrics with the same counts or estimates
   * (`sameTestAs`), less those that can never flag (one value in every match of both runs, or a
   * rate at 0% or 100% in both):
   * Holm's family, with the primary's own test where there is one; and of those, the changed.
   */
  readonly distinctTests: number;
  readonly distinctChanged: number;
  /** Metrics only one of the runs has, or with no samples in one. */
  readonly skipped: readonly string[];
  /** Parameters that differ between the two scenarios, as `name: baseline → run`. */
  readonly parameterChanges: readonly string[];
  /**
   * How the seats' agents differ, seat by seat (position by position), as the summaries record
   * them: another agent, other settings (defaults filled in), an agent module whose file changed,
   * as `seat bot: iterations 2 → 100`. Empty when every seat played the same agent alike.
   */
  readonly agentChanges: readonly string[];
  /**
   * Seats whose agents the summaries cannot tell alike or not (an older summary records no agent
   * module's SHA-256), one sentence each; each is among the notes too.
   */
  readonly agentsUntold: readonly string[];
  /**
   * What the figures do not say on their own: a run that was interrupted, seats that differ,
   * a game or metric module whose file differs, agents that cannot be told alike.
   */
  readonly notes: readonly string[];
  /** Who played each run, seat by seat: the skill its figures, and so any change, are of. */
  readonly agents: { readonly baseline: string; readonly run: string };
  /** The warning that a seat of either run played at random; null when none did. */
  readonly randomPlay: string | null;
  readonly metrics: readonly MetricComparison[];
}

const brief = (metric: Metric): MetricComparison['baseline'] => ({ value: metric.value, lower: metric.lower, upper: metric.upper, n: metric.n });

function testPair(a: Metric, b: Metric, confidence: number): (DifferenceTest & { readonly exact?: true }) | null {
  if (a.n === 0 || b.n === 0) return null;
  if (a.kind === 'rate' && b.kind === 'rate') return twoProportionTest(a, b, confidence);
  if (a.kind === 'mean' && b.kind === 'mean') {
    if (a.n < 2 || b.n < 2 || !Number.isFinite(a.sd) || !Number.isFinite(b.sd)) return null;
    // No spread in either run (a fixed game length): each run's figure is the value every unit
    // gave, and a t test has no variance to work with. Equal values: p 1. Different ones: the
    // exact permutation p of the runs' independent units, the share of ways to split the pooled
    // units into the two runs' counts that puts one value wholly on each side (two of them when
    // the counts are equal): 2 units each give 1/3, never a change at 5%; 200 each, about 1e-119.
    if (a.sd === 0 && b.sd === 0 && a.clusters >= 2 && b.clusters >= 2) {
      const difference = b.value - a.value;
      const splits = (a.clusters === b.clusters ? 2 : 1) * Math.exp(logGamma(a.clusters + 1) + logGamma(b.clusters + 1) - logGamma(a.clusters + b.clusters + 1));
      const pValue = difference === 0 ? 1 : Math.min(1, splits);
      // No interval on the difference: no spread seen in either run rules out none in other matches.
      return { difference, lower: Number.NaN, upper: Number.NaN, z: difference === 0 ? 0 : Math.sign(difference) * Number.POSITIVE_INFINITY, pValue, exact: true };
    }
    return meanDifferenceTest({ ...a, mean: a.value }, { ...b, mean: b.value }, confidence);
  }
  return null;
}

/**
 * Two rates' counts as a test sees them: a rate and its complement (P2's wins where there are no
 * draws, a seat's losses) give the same two-proportion test, so they share a key; null for a
 * mean.
 */
function sameTestKey(a: Metric, b: Metric): string | null {
  // Two means with the same estimate in each run are one figure under two names (`moves` and
  // `quality.length.decisions`): the same test.
  if (a.kind === 'mean' && b.kind === 'mean') {
    const estimate = (metric: Metric & { kind: 'mean' }): string => `${metric.value.toPrecision(12)}|${metric.sd.toPrecision(12)}|${metric.n}|${metric.clusters}|${metric.designEffect.toPrecision(12)}`;
    return `mean|${estimate(a)}|${estimate(b)}`;
  }
  if (a.kind !== 'rate' || b.kind !== 'rate') return null;
  // The design effect and the clusters too: the test's variance and degrees of freedom read them.
  // To 12 digits: a rate and its complement get design effects that differ in the last bits
  // (review 24d: 2.013422818791947 and 2.0134228187919465 made one test two).
  const spread = `${a.designEffect.toPrecision(12)}|${b.designEffect.toPrecision(12)}|${a.clusters}|${b.clusters}`;
  const counts = `${a.successes}/${a.n}|${b.successes}/${b.n}|${spread}`;
  const complement = `${a.n - a.successes}/${a.n}|${b.n - b.successes}/${b.n}|${spread}`;
  return counts < complement ? counts : complement;
}

/**
 * Two runs' `events.<type>` figures as the share of matches with the event (rates), where every
 * match of both counted it 0 or 1 times, as a run's own interval reads such counts; else as they
 * are. A type one run never emitted, compared as a mean, had no spread on that side, and the
 * difference's interval left out how often it could have happened there unseen (0 of 1,000
 * against 1 of 1,000: [−0.10, +0.30] points; audit 27a found the like in sweep).
 */
function sharesOfMatches(a: Metric, b: Metric): [Metric, Metric] {
  const shareA = shareOfMatches(a);
  const shareB = shareOfMatches(b);
  return shareA === null || shareB === null ? [a, b] : [shareA, shareB];
}

/** An `events.<type>` figure whose every count was 0 or 1, as a rate of matches; null for any other figure. */
export function shareOfMatches(metric: Metric): RateMetric | null {
  // One match says nothing of its counts' spread (review 27d: 100 events in one match read as 100 of 1).
  if (metric.kind !== 'mean' || !metric.path.startsWith('events.') || metric.ratio === true || !(metric.n >= 2) || !Number.isFinite(metric.sd)) return null;
  const total = metric.value * metric.n;
  const successes = Math.round(total);
  if (!(Math.abs(total - successes) <= 1e-6 * Math.max(1, successes)) || successes > metric.n) return null;
  // Σ count² equals Σ count only where every count is 0 or 1: a count of 2 adds 2 more to Σ
  // count² than to Σ count, so the two are told apart within half of that, whatever the total
  // (review 27d: a relative tolerance let one 2 pass among millions). The sample variance gives
  // Σ count² back: s²(n − 1) + (Σ count)²/n.
  const squares = metric.sd ** 2 * (metric.n - 1) + (successes * successes) / metric.n;
  if (!(Math.abs(squares - successes) < 0.5)) return null;
  const measured = { kind: 'rate' as const, path: metric.path, value: successes / metric.n, successes, n: metric.n, clusters: metric.clusters };
  if (Number.isFinite(metric.lower) && Number.isFinite(metric.upper)) return { ...measured, lower: metric.lower, upper: metric.upper, designEffect: metric.designEffect };
  // Every count alike (a type the run never emitted: every count 0) has no interval of its own,
  // and nothing measured how a unit's matches go together: a rotated pair may share the event
  // wholly. So the rate's interval is that of its units, as if each were one match, with the
  // design effect that says so (review 27d: 0 in 1,000 rotated matches read at most 0.38%, where
  // its 500 pairs allow 0.76%).
  const units = metric.clusters;
  if ((successes === 0 || successes === metric.n) && units >= 1 && units < metric.n) {
    const own = rateInterval(successes === 0 ? 0 : units, units);
    return { ...measured, lower: own.lower, upper: own.upper, designEffect: metric.n / units };
  }
  const own = rateInterval(successes, metric.n);
  return { ...measured, lower: own.lower, upper: own.upper, designEffect: metric.designEffect };
}

/** The runs' cautions (skewed, or few units) on a mean compared with a t interval, as one sentence; nothing where neither run has one. */
function cautionOf(a: Metric, b: Metric, test: { readonly exact?: true }): { caution?: string } {
  if (a.kind !== 'mean' || b.kind !== 'mean' || test.exact === true) return {};
  const which = [
    ...(a.caution === undefined ? [] : [`in the baseline ${a.caution}`]),
    ...(b.caution === undefined ? [] : [`in the run ${b.caution}`]),
  ];
  return which.length === 0 ? {} : { caution: `${which.join('; ')}; the difference's interval is a t interval on the same figures` };
}

/** Whether two rates' pooled trials were all failures or all successes: no split of them can differ. */
function cannotFlag(a: Metric, b: Metric): boolean {
  if (a.kind !== 'rate' || b.kind !== 'rate') return false;
  const successes = a.successes + b.successes;
  return successes === 0 || successes === a.n + b.n;
}

/**
 * The adjusted p-value of every compared metric but the primary (which keeps its own), by path.
 * Holm's family holds each distinct test once: a summary repeats the same counts under several
 * names (P1's win rate, the seat table's, the quality figures', P2's as its complement), and
 * counting one test seven times made the correction seven times stricter for every metric,
 * halving the power `plan` promised (audit 20). A repeat gets its first occurrence's adjusted
 * p-value, or the primary's own when it repeats the primary.
 */
function holmOverDistinctTests(pairs: readonly { a: Metric; b: Metric; test: DifferenceTest & { readonly exact?: true } }[], primary: string | undefined): { adjusted: Map<string, number>; sameTestAs: Map<string, string>; tests: number } {
  const primaryPair = pairs.find(({ b }) => b.path === primary);
  const primaryKey = primaryPair === undefined ? null : sameTestKey(primaryPair.a, primaryPair.b);
  const family: { path: string; pValue: number }[] = [];
  const firstOf = new Map<string, string>();
  if (primaryKey !== null) firstOf.set(primaryKey, primary as string);
  const sameTestAs = new Map<string, string>();
  const neverFlag: [string, number][] = [];
  for (const { a, b, test } of pairs) {
    if (b.path === primary) continue;
    // Every unit of both runs alike (p 1 whatever the split), or a rate at 0% or 100% in both
    // (every trial alike): a test that can never flag, left out of the family as Tarone's rule
    // leaves out tests that cannot reach significance; counting it would only make the others'
    // stricter.
    if ((test.exact === true && test.pValue === 1) || cannotFlag(a, b)) {
      neverFlag.push([b.path, test.pValue]);
      continue;
    }
    const key = sameTestKey(a, b);
    const first = key === null ? undefined : firstOf.get(key);
    if (first !== undefined) {
      sameTestAs.set(b.path, first);
      continue;
    }
    if (key !== null) firstOf.set(key, b.path);
    family.push({ path: b.path, pValue: test.pValue });
  }
  const holm = holmAdjust(family.map(({ pValue }) => pValue));
  const adjusted = new Map(family.map(({ path }, index) => [path, holm[index] as number]));
  if (primaryPair !== undefined) adjusted.set(primaryPair.b.path, primaryPair.test.pValue);
  for (const [path, pValue] of neverFlag) adjusted.set(path, pValue);
  for (const [path, of] of sameTestAs) adjusted.set(path, adjusted.get(of) as number);
  // The tests that count: the family, and the primary's own.
  return { adjusted, sameTestAs, tests: family.length + (primaryPair === undefined ? 0 : 1) };
}

/**
 * Refuses, naming the argument, what is no run summary: the library's `run()` result whole (its
 * `summary` is the summary) threw a bare TypeError from deep inside (audit 38c F5).
 */
function refuseNonSummary(input: unknown, argument: 'baseline' | 'run'): void {
  const record = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
  const inner = record?.['run'];
  if (typeof inner === 'object' && inner !== null && typeof (inner as Record<string, unknown>)['matchesPlayed'] === 'number' && typeof record?.['results'] === 'object' && record['results'] !== null) return;
  const whole = record !== null && typeof record['summary'] === 'object' && record['summary'] !== null;
  const got = whole ? "run()'s whole result; pass its .summary" : input === null ? 'null' : Array.isArray(input) ? 'a list' : typeof input === 'object' ? 'an object without run.matchesPlayed and results' : `a ${typeof input}`;
  throw new UsageError([{ source: 'compareRuns', field: argument, message: `expected a run summary (summary.json as read, or the summary of the library's run()), got ${got}` }]);
}

/**
 * Compares `run` with `baseline`: every shared metric, Holm-adjusted at `alpha`, or with
 * `primary` named, that one unadjusted and the rest Holm-adjusted as secondary.
 * @throws UsageError when `primary` names no metric both runs have with samples.
 */
export function compareRuns(baselineDir: string, baselineInput: SummaryInput, runDir: string, runInput: SummaryInput, alpha = 0.05, primary?: string): Comparison {
  // A run's summary always has object parameters, agent settings and results: the wider input
  // type only lets the library's typed `run()` result in as it is.
  refuseNonSummary(baselineInput, 'baseline');
  refuseNonSummary(runInput, 'run');
  const baseline = baselineInput as RunSummary;
  const run = runInput as RunSummary;
  const confidence = 1 - alpha;
  // A run stopped before its first matches has no figure to compare: "nothing moved" would be
  // a verdict drawn from nothing.
  for (const [dir, summary] of [[baselineDir, baseline], [runDir, run]] as const) {
    if (summary.run.matchesPlayed === 0) throw new UsageError([{ source: join(dir, 'summary.json'), field: 'run.matchesPlayed', message: 'is 0: the run was stopped before any match was played; compare runs that played matches' }]);
  }
  // An event type one run's matches emitted and the other's did not is 0 a match in the other,
  // as check, sweep and tune read it (review 25c), not a figure to skip.
  const eventPaths = [...runMetrics(baseline), ...runMetrics(run)].map((metric) => metric.path).filter((path) => path.startsWith('events.'));
  const withEvents = (summary: RunSummary): RunSummary => ({ ...summary, results: withUnseenEvents(summary.results, eventPaths) as Record<string, unknown> });
  const before = new Map(runMetrics(withEvents(baseline)).map((metric) => [metric.path, metric]));
  const skipped: string[] = [];
  const pairs: { a: Metric; b: Metric; test: DifferenceTest & { readonly exact?: true } }[] = [];
  // outcomes.bySeat.seat1.win is p1WinRate again: an outcomes row repeating counts listed before
  // is left out of the listing (Holm's family counts each distinct test once anyway: see
  // holmOverDistinctTests).
  const seen = new Set<string>();
  for (const measured of runMetrics(withEvents(run))) {
    const found = before.get(measured.path);
    before.delete(measured.path);
    const [a, b] = found === undefined ? [found, measured] : sharesOfMatches(found, measured);
    const identity = b.kind === 'rate' && a?.kind === 'rate' ? `${a.successes}/${a.n}|${b.successes}/${b.n}` : null;
    if (identity !== null && seen.has(identity) && b.path.startsWith('outcomes.') && b.path !== primary) continue;
    if (identity !== null) seen.add(identity);
    const test = a === undefined ? null : testPair(a, b, confidence);
    if (a === undefined || test === null || Number.isNaN(test.pValue)) {
      skipped.push(b.path);
      continue;
    }
    pairs.push({ a, b, test });
  }
  skipped.push(...before.keys());
  if (primary !== undefined && !pairs.some(({ b }) => b.path === primary)) {
    const why = skipped.includes(primary) ? `is not comparable in these runs (${SKIPPED_WHY})` : 'is not a metric of these runs';
    throw new UsageError([{ source: '--primary', field: '', message: `"${primary}" ${why}; name a rate or mean path as compare --all lists them` }]);
  }
  if (pairs.length === 0) throw new UsageError([{ source: runDir, field: 'summary.json', message: `shares no metric with samples with the baseline ${baselineDir}; there is nothing to compare` }]);
  const { adjusted, sameTestAs, tests } = holmOverDistinctTests(pairs, primary);
  const metrics = pairs.map(({ a, b, test }): MetricComparison => {
    const repeats = sameTestAs.get(b.path) ?? null;
    // A repeat of the primary's test is the primary under another name: counting it among the
    // secondary metrics would report one change twice, once unadjusted.
    const role = b.path === primary || (repeats !== null && repeats === primary) ? 'primary' : 'secondary';
    const adjustedPValue = adjusted.get(b.path) as number;
    return {
      path: b.path,
      kind: b.kind,
      baseline: brief(a),
      run: brief(b),
      difference: test.difference,
      lower: test.lower,
      upper: test.upper,
      pValue: test.pValue,
      adjustedPValue,
      changed: adjustedPValue < alpha,
      role,
      sameTestAs: repeats,
      ...(test.exact === true ? { exact: true as const } : {}),
      ...cautionOf(a, b, test),
    };
  });
  const parameterChanges: string[] = [];
  const names = new Set([...Object.keys(baseline.scenario.params), ...Object.keys(run.scenario.params)]);
  for (const name of names) {
    const x = JSON.stringify(baseline.scenario.params[name]);
    const y = JSON.stringify(run.scenario.params[name]);
    if (x !== y) parameterChanges.push(`${name}: ${x === undefined ? '(none)' : taggedText(baseline.scenario.params[name])} → ${y === undefined ? '(none)' : taggedText(run.scenario.params[name])}`);
  }
  const notes: string[] = [];
  for (const [dir, summary] of [[baselineDir, baseline], [runDir, run]] as const) {
    if (summary.run.status !== 'complete') notes.push(`${dir} is an unfinished run (${summary.run.status}): ${summary.run.matchesPlayed} of ${summary.scenario.matches} matches`);
  }
  // The same run seed gives both runs the same dice: their figures are correlated, and the
  // tests here, made for independent runs, are then conservative where the dice move both runs
  // alike (audit 20: a 5-point change was found 13% of the time on one seed against 37% on two),
  // and flag more than --alpha says where they move them apart (audit 37a: a setting that mirrors
  // which rolls favour P1 flagged 18% of A/A pairs at 5%). Neither can be told from the summaries,
  // so both are said, with the two ways to tests that hold.
  // A round robin's pairing plays from its own first seed index: another pairing, or a plain
  // run, on the same run seed shares no dice with it (review 28d).
  if (baseline.scenario.seed === run.scenario.seed && (baseline.scenario.firstSeedIndex ?? 0) === (run.scenario.firstSeedIndex ?? 0)) {
    notes.push(`both runs played run seed ${run.scenario.seed}: their matches share dice, and these intervals and tests assume independent runs; they are conservative where the shared dice move both runs alike, but flag changes more often than --alpha says where a change moves them apart (swapped sides, a die that favours the other seat); play one run with another --seed for tests that hold either way, or use hordelab sweep for a paired difference on common seeds`);
  }
  // The same game id with other rules (a module edited between the runs) changes every figure.
  const moduleOf = (summary: RunSummary): string | undefined => summary.scenario.gameModule?.sha256;
  if (moduleOf(baseline) !== moduleOf(run)) {
    const which = (summary: RunSummary): string => (summary.scenario.gameModule === undefined ? 'a built-in game' : `${summary.scenario.gameModule.spec} (SHA-256 ${summary.scenario.gameModule.sha256.slice(0, 12)})`);
    notes.push(`the game's rules differ: the baseline played ${which(baseline)}, the run ${which(run)}; every difference may be the rules' as much as the setting's`);
  }
  notes.push(...metricModuleNotes(baseline, run, [...runMetrics(baseline), ...runMetrics(run)].map((metric) => metric.path)));
  const seatsOf = (summary: RunSummary): string => summary.scenario.seats.map((seat) => seat.name).join(' vs ') + (summary.scenario.rotateSeats ? ' (rotated)' : '');
  if (seatsOf(baseline) !== seatsOf(run)) notes.push(`the seats differ: ${seatsOf(baseline)} in the baseline, ${seatsOf(run)} in the run`);
  // Names alone said nothing of who played: mcts at 2 iterations and at 100 under one name read
  // "Both played by bot (mcts)", and the whole change was laid on the parameter (audit 39a F1).
  const { changes: agentChanges, untold: agentsUntold } = seatDifferences(baseline.scenario.seats, run.scenario.seats, baseline.scenario.rotateSeats === true && run.scenario.rotateSeats === true);
  notes.push(...agentsUntold);
  const randomPlay = randomPlayWarning(run.scenario.seats) ?? randomPlayWarning(baseline.scenario.seats);
  return {
    agents: { baseline: skillOf(baseline.scenario.seats, baseline.scenario.rotateSeats), run: skillOf(run.scenario.seats, run.scenario.rotateSeats) },
    randomPlay,
    baseline: baselineDir,
    run: runDir,
    game: run.scenario.game,
    alpha,
    primary: primary ?? null,
    compared: metrics.length,
    changed: metrics.filter((metric) => metric.changed).length,
    distinctTests: tests,
    distinctChanged: metrics.filter((metric) => metric.sameTestAs === null && metric.changed).length,
    skipped,
    parameterChanges,
    agentChanges,
    agentsUntold,
    notes,
    metrics,
  };
}

type RecordedSeat = RunSummary['scenario']['seats'][number];

/** `name value` pairs where two recorded settings differ, as `iterations 2 → 100`; `(none)` where one lacks the setting. */
function settingChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const changes: string[] = [];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const x = JSON.stringify(before[name]);
    const y = JSON.stringify(after[name]);
    if (x !== y) changes.push(`${name} ${x === undefined ? '(none)' : taggedText(before[name])} → ${y === undefined ? '(none)' : taggedText(after[name])}`);
  }
  return changes;
}

/**
 * How two runs' seats differ, position by position: their agent, the settings it played with
 * (defaults filled in, as the summary records them; as written where an older summary records
 * only that) and an agent module's SHA-256 (of it and what it imports). What a summary does not
 * record cannot be told, and is said so rather than taken for sameness. Where both runs rotate
 * their seats, each entry is an agent holding every seat in turn, named by its place in the
 * baseline's rotation and its name, and a new name is a change too: the per-agent figures go by
 * it (audit 40d F3: "seat 1 (alice → greedy)", and bob's rename to random left out).
 */
function seatDifferences(before: readonly RecordedSeat[], after: readonly RecordedSeat[], rotated: boolean): { changes: string[]; untold: string[] } {
  const changes: string[] = [];
  const untold: string[] = [];
  // Rotated runs play every rotation of their seats: a list given from another seat on plays the
  // same seatings, so its seats are compared with the same names' (review 39r R4).
  const shift = rotated ? rotationOf(before, after) : 0;
  for (let index = 0; index < Math.min(before.length, after.length); index++) {
    const a = before[index] as RecordedSeat;
    const b = after[(index + shift) % after.length] as RecordedSeat;
    const label = rotated ? rotatedAgentLabel(index, a.name, b.name) : a.name === b.name ? `seat ${a.name}` : `seat ${index + 1} (${a.name} → ${b.name})`;
    // One file by two paths (./x.mjs, ../x.mjs from another folder) is one agent (review 39r R3).
    const sameModule = a.module !== undefined && b.module !== undefined && a.module.sha256 === b.module.sha256;
    if (a.agent !== b.agent && !sameModule) {
      changes.push(`${label}: agent ${a.agent} → ${b.agent}`);
      continue;
    }
    const changesSoFar = changes.length;
    const recorded = a.settings !== undefined && b.settings !== undefined;
    const settings = recorded ? settingChanges(a.settings as Record<string, unknown>, b.settings as Record<string, unknown>) : settingChanges(a.config, b.config);
    if (settings.length > 0) {
      const older = a.settings === undefined ? 'baseline' : 'run';
      changes.push(`${label}: ${settings.join(', ')}${recorded ? '' : ` (settings as written: the ${older}'s summary does not record them with defaults filled in, so a default written out in one run reads as a change)`}`);
    }
    if (a.module !== undefined && b.module !== undefined) {
      if (a.module.sha256 !== b.module.sha256) changes.push(`${label}: agent module ${a.agent} changed (its SHA-256 differs: ${a.module.sha256.slice(0, 12)} in the baseline, ${b.module.sha256.slice(0, 12)} in the run)`);
    } else if (a.module !== undefined || b.module !== undefined || isModulePath(a.agent)) {
      const which = a.module === undefined && b.module === undefined ? 'neither summary records' : `the ${a.module === undefined ? 'baseline' : 'run'}'s summary does not record`;
      untold.push(`${label}: whether agent module ${a.agent} is the same code in both runs cannot be told: ${which} its SHA-256 (written before summaries did)`);
    }
    if (rotated && a.name !== b.name && changes.length === changesSoFar) changes.push(`${label}: the same agent ${a.agent}, renamed (its per-agent figures go by the new name)`);
  }
  return { changes, untold };
}

const ORDINALS = ['first', 'second', 'third', 'fourth'];

/** A rotated run's entry by its place in the baseline's rotation: `agent g`, or `first agent (alice → greedy)` where the runs name it apart. */
function rotatedAgentLabel(index: number, before: string, after: string): string {
  if (before === after) return `agent ${before}`;
  const place = ORDINALS[index] ?? `${index + 1}th`;
  return `${place} agent (${before} → ${after})`;
}

/**
 * The k by which `after` lists `before`'s seats from another seat on, or 0 where it does not: by
 * name, or, where the runs share no name at all, by the agent each seat is (its agent or module
 * and its settings): the same two agents renamed and listed the other way round play the same
 * seatings (review 40r R3: read as both agents changed). A name both runs give is matched by
 * name alone: the per-agent figures are compared by it (review 41r R3: "a" now another agent read as renamed).
 */
function rotationOf(before: readonly RecordedSeat[], after: readonly RecordedSeat[]): number {
  if (before.length !== after.length) return 0;
  const byName = shiftWhere(before, after, (a, b) => a.name === b.name);
  if (byName !== null) return byName;
  const sharedName = before.some((a) => after.some((b) => b.name === a.name));
  return sharedName ? 0 : (shiftWhere(before, after, sameAgent) ?? 0);
}

/** The first k for which `alike` holds of every seat of `before` and `after`'s seat k places on; null where none. */
function shiftWhere(before: readonly RecordedSeat[], after: readonly RecordedSeat[], alike: (a: RecordedSeat, b: RecordedSeat) => boolean): number | null {
  for (let shift = 0; shift < after.length; shift++) {
    if (before.every((seat, index) => alike(seat, after[(index + shift) % after.length] as RecordedSeat))) return shift;
  }
  return null;
}

/** Whether two recorded seats are the same agent at the same settings, whatever their names ({@link seatDifferences}'s test). */
function sameAgent(a: RecordedSeat, b: RecordedSeat): boolean {
  const sameModule = a.module !== undefined && b.module !== undefined && a.module.sha256 === b.module.sha256;
  if (a.agent !== b.agent && !sameModule) return false;
  const recorded = a.settings !== undefined && b.settings !== undefined;
  return settingChanges(recorded ? (a.settings as Record<string, unknown>) : a.config, recorded ? (b.settings as Record<string, unknown>) : b.config).length === 0;
}

/**
 * Notes on the scenario's metric modules (`metrics:`) whose file differs between the runs, or
 * cannot be told alike: their figures were measured by other code, and a change in them may be
 * the instrument's, not the game's (audit 39a F2). `paths` are the runs' metric paths, to name
 * each module's figures.
 */
function metricModuleNotes(baseline: RunSummary, run: RunSummary, paths: readonly string[]): string[] {
  const before = new Map((baseline.scenario.metricModules ?? []).map((module) => [module.name, module]));
  const after = new Map((run.scenario.metricModules ?? []).map((module) => [module.name, module]));
  const notes: string[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const figures = [...new Set(paths.filter((path) => path.startsWith(`custom.${name}.`)))];
    const shown = figures.length > 6 ? `${figures.slice(0, 6).join(', ')} and ${figures.length - 6} more` : figures.join(', ');
    const a = before.get(name);
    const b = after.get(name);
    if (a !== undefined && b !== undefined) {
      if (a.sha256 === b.sha256) continue;
      const spec = a.spec === b.spec ? a.spec : `${a.spec} → ${b.spec}`;
      notes.push(
        `the metric module ${name} (${spec}) differs: SHA-256 ${a.sha256.slice(0, 12)} in the baseline, ${b.sha256.slice(0, 12)} in the run; its figures (${shown === '' ? 'none compared' : shown}) were measured by other code in each run, so their differences may be the module's as much as the game's`,
      );
      continue;
    }
    // In one run's list only: the other run either had no such module (its figures are then in
    // one run only, and not compared), or was written before summaries listed metric modules.
    const recorded = (a ?? b) as NonNullable<typeof a>;
    const unrecorded = a === undefined ? baseline : run;
    if (!runMetrics(unrecorded).some((metric) => metric.path.startsWith(`custom.${name}.`))) continue;
    notes.push(`whether the metric module ${name} (${recorded.spec}) is the same code in both runs cannot be told: the ${a === undefined ? 'baseline' : 'run'}'s summary does not record its SHA-256; its figures: ${shown}`);
  }
  return notes;
}

/**
 * Decimals for a figure of `kind` whose interval runs `lower..upper`: enough to show its
 * half-width (a rate's in points). A rare event's 0.000 → 0.001, +0.001 [−0.001, +0.003], read
 * 0.00 → 0.00, +0.00 [−0.00, +0.00].
 */
export const digitsOf = (kind: 'rate' | 'mean', lower: number, upper: number): number => (kind === 'rate' ? intervalDigits(100 * lower, 100 * upper, 1) : intervalDigits(lower, upper, 2));
export const formatValue = (kind: 'rate' | 'mean', value: number, digits = kind === 'rate' ? 1 : 2): string => (kind === 'rate' ? `${percentOf(value, digits)}%` : value.toFixed(digits));
export const formatDifference = (kind: 'rate' | 'mean', value: number, digits = kind === 'rate' ? 1 : 2): string => {
  const text = kind === 'rate' ? fixedHalfEven(100 * value, digits) : value.toFixed(digits);
  return value >= 0 ? `+${text}` : text;
};
/** A difference and its interval, `+0.4 [-0.3, +1.1]`, with the decimals the interval needs. */
export const formatChange = (metric: Pick<MetricComparison, 'kind' | 'difference' | 'lower' | 'upper'>): string => {
  const digits = digitsOf(metric.kind, metric.lower, metric.upper);
  return `${formatDifference(metric.kind, metric.difference, digits)} [${formatDifference(metric.kind, metric.lower, digits)}, ${formatDifference(metric.kind, metric.upper, digits)}]`;
};

/** Why some metrics are not in the table, and which: the first few by name. */
export const SKIPPED_WHY = 'in one run only, or without samples in one (a figure no match gave, an agent that only played itself), or of a single sample or unit';
function skippedLine(skipped: readonly string[]): string {
  const shown = skipped.length > 6 ? `${skipped.slice(0, 6).join(', ')} and ${skipped.length - 6} more (--json lists them)` : skipped.join(', ');
  return `(${skipped.length} metric${skipped.length === 1 ? '' : 's'} not compared, ${SKIPPED_WHY}: ${shown})`;
}

const formatP = (p: number): string => (p < 0.0001 ? '<0.0001' : p.toFixed(4));

/**
 * Who played: "Both played by greedy vs random.", or each run's agents where they differ; never
 * "both" where the seats' names agree but their agents or settings do not, or cannot be told to.
 */
export function playedBy(comparison: Comparison): string {
  const { baseline, run } = comparison.agents;
  if (baseline !== run) return `The baseline played by ${baseline}; the run by ${run}.`;
  if (comparison.agentChanges.length > 0) return `Both runs seat ${run}, but not the same agents: see "Agents changed".`;
  if (comparison.agentsUntold.length > 0) return `Both runs seat ${run}; whether with the same agents cannot be told (see the notes).`;
  return `Both played by ${run}.`;
}

/** The comparison as text: the primary metric, then changed metrics, then the rest. */
export function formatComparison(comparison: Comparison, showAll: boolean): string {
  const lines: string[] = [];
  lines.push(`Comparing ${comparison.run} against the baseline ${comparison.baseline} (${comparison.game})`);
  lines.push(playedBy(comparison));
  if (comparison.randomPlay !== null) lines.push(comparison.randomPlay);
  if (comparison.parameterChanges.length > 0) lines.push(`Parameters changed: ${comparison.parameterChanges.join('; ')}`);
  if (comparison.agentChanges.length > 0) lines.push(`Agents changed: ${comparison.agentChanges.join('; ')}`);
  for (const note of comparison.notes) lines.push(`Note: ${note}`);
  const primary = comparison.metrics.find((metric) => metric.path === comparison.primary);
  if (primary !== undefined) {
    const primaryRows = comparison.metrics.filter((metric) => metric.role === 'primary');
    const secondary = comparison.metrics.filter((metric) => metric.role === 'secondary');
    lines.push(
      `Primary metric ${primary.path}: ${primary.exact === true ? `${formatDifference(primary.kind, primary.difference)} (no interval)` : formatChange(primary)}, ` +
        `p = ${formatP(primary.pValue)}${primary.exact === true ? ' (every match alike in each run)' : ''} (unadjusted): ${primary.changed ? `changed (p < ${comparison.alpha})` : 'no change shown'}`,
    );
    if (primary.caution !== undefined) lines.push(`Caution: ${primary.path}: ${primary.caution}.`);
    if (primaryRows.length > 1) {
      lines.push(`The same test as the primary, under other names: ${primaryRows.filter((metric) => metric !== primary).map((metric) => metric.path).join(', ')}`);
    }
    const secondaryChanged = secondary.filter((metric) => metric.changed).length;
    lines.push(
      `${secondary.length} secondary metrics; ${secondaryChanged} changed significantly (Holm-adjusted among themselves, p < ${comparison.alpha}; rates in points, means in their units)`,
    );
  } else {
    lines.push(
      `${comparison.compared} shared metrics${comparison.distinctTests === comparison.compared ? '' : ` (${comparison.distinctTests} distinct tests: the rest repeat another's figures, or every match of both runs gave one value)`}; ${comparison.changed} changed significantly (Holm-adjusted p < ${comparison.alpha}; rates in points, means in their units)`,
    );
  }
  const rows = comparison.metrics
    .filter((metric) => showAll || metric.changed)
    .sort((x, y) => Number(y.path === comparison.primary) - Number(x.path === comparison.primary) || Number(y.role === 'primary') - Number(x.role === 'primary') || Number(y.changed) - Number(x.changed) || x.adjustedPValue - y.adjustedPValue);
  if (rows.length === 0) {
    lines.push('No metric moved beyond what chance explains.');
    if (comparison.skipped.length > 0) lines.push(skippedLine(comparison.skipped));
    return lines.join('\n');
  }
  const header = ['', 'metric', 'baseline', 'run', `difference [${Math.round(100 * (1 - comparison.alpha))}%]`, 'p (adjusted)'];
  const body = rows.map((metric) => [
    metric.changed ? '*' : '',
    metric.path,
    formatValue(metric.kind, metric.baseline.value, metric.exact === true ? undefined : digitsOf(metric.kind, metric.lower, metric.upper)),
    formatValue(metric.kind, metric.run.value, metric.exact === true ? undefined : digitsOf(metric.kind, metric.lower, metric.upper)),
    metric.exact === true ? `${formatDifference(metric.kind, metric.difference)} (no interval)` : formatChange(metric),
    `${formatP(metric.adjustedPValue)}${metric.exact === true ? ' (every match alike in each run)' : ''}${metric.path === comparison.primary ? ' (primary, unadjusted)' : metric.role === 'primary' ? ' (the primary\'s test, unadjusted)' : ''}`,
  ]);
  lines.push(table(header, body, 2));
  // The primary's caution is printed under its line, above.
  for (const metric of rows) if (metric.caution !== undefined && metric !== primary) lines.push(`Caution: ${metric.path}: ${metric.caution}.`);
  if (!showAll) lines.push(`(${comparison.compared - rows.length} unchanged metrics not shown; --all shows them)`);
  if (comparison.skipped.length > 0) lines.push(skippedLine(comparison.skipped));
  return lines.join('\n');
}

