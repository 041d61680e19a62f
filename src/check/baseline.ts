/**
 * A check's stored baseline (`<dir>/<check>.json`): the figures of an earlier run, so a check
 * can also fail when its metric moved significantly, even inside its band. A rate stores its
 * counts and is compared with a two-proportion test; a mean stores its spread and is compared
 * with Welch's test on the clustered variances. Files from before means could be checked have
 * no `kind` and are rates.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UsageError, type InputIssue } from '../core/errors.js';
import { NAME_MAX, nameTooLong } from '../core/name-length.js';
import { duplicateJsonKey } from '../core/strict-yaml.js';
import { BOUNDS } from '../core/input-bounds.js';
import { boundedNumber } from '../core/bounded-number.js';
import { formatPath } from '../core/parameters.js';
import { shownInput } from '../core/zod-messages.js';
import type { Metric } from '../present/metrics.js';
import { checkOutputFolder } from '../present/output-folder.js';
import { makeFolders, writeAtomically } from '../run/atomic-file.js';
import { meanDifferenceTest, twoProportionTest } from '../stats/tests.js';
import type { CheckSpec } from './check-file.js';

interface BaselineCommon {
  readonly check: string;
  readonly metric: string;
  readonly n: number;
  readonly designEffect: number;
  readonly scenario: string;
  readonly seed: number;
}

/** A rate's baseline: its successes in n trials. */
export interface RateBaselineRecord extends BaselineCommon {
  readonly successes: number;
  readonly rate: number;
}

/** A mean's baseline: its value, spread and independent units. */
export interface MeanBaselineRecord extends BaselineCommon {
  readonly kind: 'mean';
  readonly mean: number;
  readonly sd: number;
  readonly clusters: number;
}

export type BaselineRecord = RateBaselineRecord | MeanBaselineRecord;

/** How the current run compares with its baseline. */
export type BaselineComparison = ({ readonly rate: number } | { readonly mean: number }) & {
  readonly n: number;
  readonly difference: number;
  readonly lower: number;
  readonly upper: number;
  readonly pValue: number;
  readonly moved: boolean;
};

const wholeCount = z.number().int().min(0);
/**
 * A baseline's count of trials or samples: `--update-baseline` stores measured figures only, so
 * at least 1. One message for whatever else is given: `n: -3` was "expected a number of at least
 * 0" and `n: 0` "expected a whole number >= 1", so the first was not true (audit 41b F3).
 */
const TRIAL_COUNT = 'expected a whole number >= 1 (a baseline of no trials compares nothing)';
const trialCount = z.number({ error: (issue) => `${TRIAL_COUNT}, got ${shownInput(issue.input)}` }).superRefine((value, context) => {
  if (!Number.isSafeInteger(value) || value < 1) context.addIssue({ code: 'custom', message: `${TRIAL_COUNT}, got ${shownInput(value)}` });
});
const common = {
  check: z.string(),
  metric: z.string(),
  n: trialCount,
  // Measured: below 1 where a rotated pair's matches pull apart (an agent's rates).
  designEffect: z.number().positive(),
  scenario: z.string(),
  seed: boundedNumber(BOUNDS.seed),
};
const rateSchema = z.strictObject({ ...common, successes: wholeCount, rate: z.number().min(0).max(1) });
const meanSchema = z.strictObject({ ...common, kind: z.literal('mean'), mean: z.number(), sd: z.number().min(0), clusters: wholeCount });

const baselinePath = (dir: string, check: CheckSpec): string => join(dir, `${check.name}.json`);

/**
 * The checks whose baseline file, `<name>.json` written through `.tmp`, would have a name too long
 * for the file system, each named by its check's `name` field. Asked only where baselines are
 * read or stored (`--baseline`): without one a long name is no file name, and such a check ran
 * (review 42s F1). All are found before the first baseline is stored: the file system's refusal
 * came after every match, with the baselines before it already replaced (audit 42f F1).
 */
export function longBaselineNames(checks: readonly CheckSpec[]): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const check of checks) {
    const long = nameTooLong(check.name, '.json.tmp');
    // A ladder's level is part of its check's name (`name@level`): say so, or the bound given
    // reads as the name's alone (review 42s F1).
    const problem =
      long === null || check.ladder === undefined
        ? long
        : `the baseline file of its ladder level ${JSON.stringify(check.ladder.level)}, <name>@<level>.json (written through .tmp), would be ${Buffer.byteLength(`${check.name}.json.tmp`)} bytes, where file systems take ${NAME_MAX}; expected a shorter name or level`;
    // One line per check, not one per level of its ladder (`name@level`).
    if (problem !== null && !issues.some((issue) => issue.source === check.file && issue.field === `checks[${check.index}].name`)) issues.push({ source: check.file, field: `checks[${check.index}].name`, message: problem });
  }
  return issues;
}
const AGAIN = 'store a new one with --update-baseline';

function schemaProblem(path: string, error: z.ZodError): UsageError {
  const first = error.issues[0];
  const field = first === undefined ? '' : formatPath(first.path.map((key) => (typeof key === 'number' ? key : String(key))));
  return new UsageError([{ source: path, field, message: `${first?.message ?? 'not a baseline file'}; ${AGAIN}` }]);
}

/**
 * Where a well-formed record holds values `baselineRecord` could not have written: a rate that
 * is not its successes / n (the test compares the counts, so an edited rate would be shown while
 * other counts are tested), or a mean's clusters outside 1..n (each cluster holds a sample).
 */
function valueProblem(record: BaselineRecord): { field: string; message: string } | null {
  // At most n: every trial in one cluster counts as one trial (`clusters.ts`). A larger one
  // would shrink the stored figure's effective count toward 0, and the check could never flag it.
  if (record.designEffect > record.n) return { field: 'designEffect', message: `expected at most n (${record.n}), got ${record.designEffect}` };
  if ('kind' in record) {
    if (record.clusters < 1 || record.clusters > record.n) return { field: 'clusters', message: `expected a whole number from 1 to n (${record.n}), got ${record.clusters}` };
    return null;
  }
  if (Math.abs(record.rate - record.successes / record.n) > RATE_ROUNDING) {
    return { field: 'rate', message: `expected successes / n (${record.successes} / ${record.n} = ${record.successes / record.n}), got ${record.rate}` };
  }
  return null;
}

/** How far a stored rate may be from successes / n: rounding only. */
const RATE_ROUNDING = 1e-9;

/**
 * The stored baseline of a check, or null when there is none. A damaged file, or the baseline
 * of another metric or scenario, is refused naming the file and field: comparing with it would
 * mean nothing.
 */
export function readBaseline(dir: string, check: CheckSpec): BaselineRecord | null {
  const path = baselinePath(dir, check);
  if (!existsSync(path)) return null;
  if (!statSync(path).isFile()) throw new UsageError([{ source: path, field: '', message: `is not a file; expected the baseline of check ${JSON.stringify(check.name)}: move it away, or pick another --baseline folder` }]);
  let raw: unknown;
  const text = readFileSync(path, 'utf8');
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new UsageError([{ source: path, field: '', message: `not a baseline file: ${(error as Error).message.split('\n')[0]}; ${AGAIN}` }]);
  }
  const duplicate = duplicateJsonKey(text);
  if (duplicate !== null) throw new UsageError([{ source: path, field: '', message: `a key is given twice (the second at ${duplicate}); ${AGAIN}` }]);
  const isMean = typeof raw === 'object' && raw !== null && (raw as Record<string, unknown>)['kind'] !== undefined;
  let record: BaselineRecord;
  if (isMean) {
    const parsed = meanSchema.safeParse(raw);
    if (!parsed.success) throw schemaProblem(path, parsed.error);
    record = parsed.data;
  } else {
    const parsed = rateSchema.safeParse(raw);
    if (!parsed.success) throw schemaProblem(path, parsed.error);
    if (parsed.data.successes > parsed.data.n) throw new UsageError([{ source: path, field: 'successes', message: `${parsed.data.successes} is more than n (${parsed.data.n}); ${AGAIN}` }]);
    record = parsed.data;
  }
  const impossible = valueProblem(record);
  if (impossible !== null) throw new UsageError([{ source: path, field: impossible.field, message: `${impossible.message}; ${AGAIN}` }]);
  // The file is found by the check's name; a record naming another check was copied or renamed.
  if (record.check !== check.name) {
    throw new UsageError([{ source: path, field: 'check', message: `is the baseline of check ${JSON.stringify(record.check)}, not ${JSON.stringify(check.name)}; ${AGAIN}` }]);
  }
  if (record.metric !== check.metric || record.scenario !== check.scenarioLabel) {
    throw new UsageError([
      {
        source: path,
        field: record.metric !== check.metric ? 'metric' : 'scenario',
        message: `is the baseline of ${record.metric} in ${record.scenario}, but check ${check.name} measures ${check.metric} in ${check.scenarioLabel}; ${AGAIN}`,
      },
    ]);
  }
  return record;
}

/**
 * Before any match: the baseline folder must exist and hold the baseline of at least one of the
 * checks, so a mistyped `--baseline` cannot quietly switch the regression check off.
 */
export function checkBaselineFolder(dir: string, checks: readonly CheckSpec[]): void {
  let isFolder = false;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch {
    throw new UsageError([{ source: '--baseline', field: '', message: `no folder ${dir}; store the first baselines there with --baseline ${dir} --update-baseline` }]);
  }
  if (!isFolder) throw new UsageError([{ source: '--baseline', field: '', message: `${dir} is a file; expected the folder of baselines` }]);
  const longNames = longBaselineNames(checks);
  if (longNames.length > 0) throw new UsageError(longNames);
  const stored = checks.filter((check) => readBaseline(dir, check) !== null);
  if (stored.length === 0 && checks.length > 0) {
    throw new UsageError([
      { source: '--baseline', field: '', message: `${dir} holds no baseline of these checks (expected files such as ${checks[0]?.name}.json); store them with --update-baseline` },
    ]);
  }
}

/**
 * Before any match of `--update-baseline`: the folder must be one this process can make and
 * write, where no baseline's name is taken by a folder or a link; each file it will replace must be
 * a baseline of its check (one an earlier `--update-baseline` wrote) or absent, and no temporary
 * file of a user's may sit where it writes. A check named `package` must not replace a project's
 * package.json. Here rather than in `hordelab check` alone: the library's `runChecks` played every
 * check and then threw a raw EEXIST for a file given as the folder, and replaced a link named as a
 * baseline, both of which the command refused before any match (audit 41a F1, for runChecks).
 * @throws UsageError naming the folder or the file.
 */
export function checkBaselineTargets(dir: string, checks: readonly CheckSpec[]): void {
  // Baselines are stored by check name (`<check>.json`) beside whatever else the folder holds
  // (a subfolder of older ones was refused as where a file goes, audit 27b).
  const written = new Set(checks.map((check) => `${check.name}.json`));
  const longNames = longBaselineNames(checks);
  if (longNames.length > 0) throw new UsageError(longNames);
  checkOutputFolder(dir, { flag: '--baseline', command: 'check', ours: (name) => written.has(name), force: false, requireSign: false, othersAllowed: true });
  for (const check of checks) {
    const path = baselinePath(dir, check);
    if (existsSync(`${path}.tmp`)) throw new UsageError([{ source: `${path}.tmp`, field: '', message: 'is in the way of storing the baseline (written there first); move it away' }]);
    // Any baseline of this check, even a damaged or cut one, may be replaced (the refusal of a
    // check says to); anything else is not ours.
    if (existsSync(path) && !isBaselineOf(path, check)) {
      throw new UsageError([{ source: path, field: '', message: `is not a baseline of check ${JSON.stringify(check.name)}, and --update-baseline would replace it; move it away, or pick another --baseline folder` }]);
    }
  }
}

/** Whether `path` holds a record of `check` as {@link writeBaseline} writes it: JSON naming it, or text that starts as such a record does (a cut one). */
function isBaselineOf(path: string, check: CheckSpec): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return false;
  }
  if (text.startsWith(`{\n  "check": ${JSON.stringify(check.name)},`)) return true;
  try {
    const raw = JSON.parse(text) as unknown;
    return typeof raw === 'object' && raw !== null && (raw as Record<string, unknown>)['check'] === check.name;
  } catch {
    return false;
  }
}

/** The record of a metric as it stands now, for `--update-baseline`. */
export function baselineRecord(check: CheckSpec, metric: Metric, designEffect: number): BaselineRecord {
  const base = { check: check.name, metric: check.metric, n: metric.n, designEffect, scenario: check.scenarioLabel, seed: check.scenario.seed };
  if (metric.kind === 'rate') return { ...base, successes: metric.successes, rate: metric.value };
  return { ...base, kind: 'mean', mean: metric.value, sd: Number.isFinite(metric.sd) ? metric.sd : 0, clusters: metric.clusters };
}

/** Stores a check's baseline, replacing the file whole or not at all. */
export function writeBaseline(dir: string, check: CheckSpec, record: BaselineRecord): void {
  makeFolders(dir);
  writeAtomically(baselinePath(dir, check), `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * The current metric against its stored baseline at the check's confidence: `moved` when the
 * difference is significant. A rate baseline cannot judge a mean, nor the other way round.
 */
export function compareWithBaseline(dir: string, check: CheckSpec, stored: BaselineRecord, metric: Metric, designEffect: number): BaselineComparison {
  const storedKind = 'kind' in stored ? 'mean' : 'rate';
  if (storedKind !== metric.kind) {
    throw new UsageError([{ source: baselinePath(dir, check), field: 'kind', message: `is the baseline of a ${storedKind}, but ${check.metric} is a ${metric.kind}; ${AGAIN}` }]);
  }
  const alpha = 1 - check.confidence;
  if (!('kind' in stored) && metric.kind === 'rate') {
    const test = twoProportionTest(stored, { successes: metric.successes, n: metric.n, designEffect, clusters: metric.clusters }, check.confidence);
    return { rate: stored.rate, n: stored.n, difference: test.difference, lower: test.lower, upper: test.upper, pValue: test.pValue, moved: test.pValue < alpha };
  }
  const old = stored as MeanBaselineRecord;
  if (metric.kind !== 'mean') throw new Error('unreachable: kinds were compared above');
  const test = meanDifferenceTest(old, { mean: metric.value, sd: metric.sd, n: metric.n, designEffect, clusters: metric.clusters }, check.confidence);
  if (test === null) {
    // Neither run varies: two constants either are the same or are not.
    const difference = metric.value - old.mean;
    return { mean: old.mean, n: old.n, difference, lower: difference, upper: difference, pValue: difference === 0 ? 1 : 0, moved: difference !== 0 };
  }
  return { mean: old.mean, n: old.n, difference: test.difference, lower: test.lower, upper: test.upper, pValue: test.pValue, moved: test.pValue < alpha };
}
