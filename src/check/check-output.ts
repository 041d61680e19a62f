/**
 * What `hordelab check` says, in the forms CI systems read: a table for the log, JUnit XML
 * (rendered by Jenkins, GitLab, GitHub test reporters), Markdown for a job summary, and GitHub
 * Actions workflow commands (`::error file=...::`) for annotations.
 */
import { fixedHalfEven, intervalDigits, percentInterval, table, percentOf } from '../reports/format.js';
import { shellQuote } from '../cli/shell-quote.js';
import type { CheckedKind, CheckResult } from './run-checks.js';
import { JUNIT_MARK, MARKDOWN_MARK } from '../present/own-files.js';
import { markdownCell, markdownCode, markdownInlineCode } from '../present/markdown.js';
import { RANDOM_PLAY_CAVEAT } from '../ladder/skill.js';

const pct = (x: number): string => `${percentOf(x, 1)}%`;
/** Four significant digits: a mean's scale is the metric's own (2.35 decisions, 48.6 rounds). */
const plain = (x: number): string => `${+x.toPrecision(4)}`;
function estimateText(result: CheckResult): string {
  const estimate = result.estimate;
  if (estimate.n === 0) return '- (no samples)';
  if ('rate' in estimate) return `${pct(estimate.rate)} ${percentInterval(estimate)}`;
  if (!Number.isFinite(estimate.lower) || !Number.isFinite(estimate.upper)) return `${plain(estimate.mean)} (${estimate.note ?? 'no interval'})`;
  // One count of decimals for the mean and both bounds, enough for the interval's half-width
  // to show: each to four significant digits read "0.525 [0.456, 0.5931]" (audit 37a).
  const digits = intervalDigits(estimate.lower, estimate.upper, 2);
  return `${fixedHalfEven(estimate.mean, digits)} [${fixedHalfEven(estimate.lower, digits)}, ${fixedHalfEven(estimate.upper, digits)}]`;
}
/** A note after what it qualifies, or nothing. */
const withNote = (note: string | null): string => (note === null ? '' : `; ${note}`);
const fixedSizeText = (result: CheckResult): string => (Number.isFinite(result.fixedSizeMatches) ? String(result.fixedSizeMatches) : 'n/a');
const STATUS = { pass: 'PASS', fail: 'FAIL', inconclusive: 'INCONCLUSIVE' } as const;

/** One line per check, then a count. */
export function formatChecks(results: readonly CheckResult[]): string {
  const header = ['check', 'result', 'metric', 'estimate [interval]', 'band', 'matches', 'fixed-size'];
  const rows = results.map((result) => [
    result.name,
    STATUS[result.status],
    result.metric,
    estimateText(result),
    result.band,
    String(result.matches),
    fixedSizeText(result),
  ]);
  const lines = table(header, rows, 5).split('\n');
  for (const result of results) if (result.status !== 'pass' || result.baseline?.moved === true || result.missingBaseline) lines.push(`  ${result.name}: ${result.reason}`);
  // A verdict read from a t interval on a figure skewed past what its matches carry (review 27e): said, pass or fail.
  for (const result of results) {
    const caution = (result.estimate as { caution?: unknown }).caution;
    if (typeof caution === 'string') lines.push(`  ${result.name}: caution: ${result.metric} is ${caution}`);
  }
  lines.push(...edgeInIntervalLines(results));
  lines.push(...skillLines(results));
  const count = (status: CheckResult['status']): number => results.filter((result) => result.status === status).length;
  lines.push(`${count('pass')} passed, ${count('fail')} failed, ${count('inconclusive')} inconclusive (fixed-size: matches a fixed-size test with the same error rates would need)`);
  return lines.join('\n');
}

/**
 * A verdict beside an interval that still holds its band's edge reads as a contradiction (audit
 * 26a: FAIL at 39.4% [37.7%, 41.2%] for "at most 38%"), so each output says why, by what the
 * check tested: neither test asks whether the interval shown clears the edge. A rate's SPRT
 * decides between the edge − margin and the edge + margin, in fewer matches than an interval
 * clear of the edge would take; a mean's repeated intervals (one-sided, the error split over
 * the planned looks) are asked to clear the edge − margin or stay under the edge + margin, so a
 * mean within the margin of its edge may go either way (audit 41b F2: a
 * mean's "7.59 [7.48, 7.69]" failed "at least 7.65" unexplained, and the Markdown, JUnit and
 * annotations said it for no check).
 */
const EDGE_IN_INTERVAL = "Decided with the band's edge inside the interval shown";
const EDGE_IN_INTERVAL_WHY: Readonly<Record<CheckedKind, string>> = {
  rate: "a rate's check tests the edge − margin against the edge + margin, which decides in fewer matches than an interval clear of the edge would take; the interval is the estimate's, the verdict the test's, at the check's confidence.",
  mean: "a mean's check asks at each look whether its lower bound, at its share of the error split over the planned looks, is above the edge − margin, or its upper bound below the edge + margin, not whether the interval shown clears the edge, so a mean within the margin of the edge may pass or fail; the interval is the estimate's, the verdict the test's, at the check's confidence.",
};

/**
 * Whether a pass or fail stands beside an interval holding an edge whose test decided it: a
 * rate's edge at 0 or 1 is no test (every rate is on one side of it), an edge still undecided
 * (a check failed only by its baseline) gave no verdict to explain, and a mean without an
 * interval shows none.
 */
function decidedWithEdgeInInterval(result: CheckResult): boolean {
  if (result.status === 'inconclusive') return false;
  const { lower, upper } = result.estimate;
  if (!Number.isFinite(lower) || !Number.isFinite(upper)) return false;
  const tested = (edge: number): boolean => result.kind === 'mean' || (edge > 0 && edge < 1);
  return result.edges.some(({ edge, decision }) => decision !== 'continue' && tested(edge) && lower <= edge && edge <= upper);
}

/** One check's explanation, for the outputs that speak of one check at a time (JUnit, annotations); null when none is due. */
function edgeInIntervalNote(result: CheckResult): string | null {
  return decidedWithEdgeInInterval(result) ? `${EDGE_IN_INTERVAL.toLowerCase()}: ${EDGE_IN_INTERVAL_WHY[result.kind]}` : null;
}

/**
 * The checks as `check --json` prints them: each result, with `edgeNote`, the explanation the
 * other outputs give of a verdict beside an interval holding its band's edge (null where none
 * is due), so that a script reading the JSON is told what a reader of the table is (audit 41b).
 */
export function checksJson(results: readonly CheckResult[]): string {
  return JSON.stringify(
    results.map((result) => ({ ...result, edgeNote: edgeInIntervalNote(result) })),
    null,
    2,
  );
}

/** The explanation once per kind of check, naming the checks it is for (`named` sets each name as its output needs). */
function edgeInIntervalLines(results: readonly CheckResult[], named: (name: string) => string = (name) => name): string[] {
  const lines: string[] = [];
  for (const kind of ['rate', 'mean'] as const) {
    const names = results.filter((result) => result.kind === kind && decidedWithEdgeInInterval(result)).map((result) => named(result.name));
    if (names.length > 0) lines.push(`${EDGE_IN_INTERVAL} (${names.join(', ')}): ${EDGE_IN_INTERVAL_WHY[kind]}`);
  }
  return lines;
}

/**
 * Who played, for each set of checks played by the same seats ("Played by random vs random:
 * coin, fair"), then the random-play warning once: a verdict is of the agents that produced it.
 */
function skillLines(results: readonly CheckResult[]): string[] {
  const byAgents = new Map<string, string[]>();
  for (const result of results) byAgents.set(result.agents, [...(byAgents.get(result.agents) ?? []), result.name]);
  const lines = [...byAgents].map(([agents, names]) => (byAgents.size === 1 ? `Played by ${agents}.` : `Played by ${agents}: ${names.join(', ')}.`));
  const random = results.filter((result) => result.randomPlay !== null);
  if (random.length > 0) {
    const which = random.length === results.length ? '' : ` (${random.map((result) => result.name).join(', ')})`;
    lines.push(`Random play${which}: ${RANDOM_PLAY_CAVEAT}, or give the check a ladder: of skill levels.`);
  }
  return lines;
}

/**
 * Text for XML 1.0, in an attribute or an element: markup characters as entities, tabs and line
 * breaks as character references (an attribute would read them as spaces), and the characters
 * XML 1.0 cannot hold at all (other controls, U+FFFE, U+FFFF) as a visible `\u0001`, or a file
 * name holding one made the whole report not XML (review 25e).
 */
const xml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[\t\n\r]/g, (character) => `&#${character.charCodeAt(0)};`)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * JUnit XML: one `testsuite` per checks file, one `testcase` per check; a failed check is a
 * `failure`, an inconclusive one `skipped`, both with the reason as message. An inconclusive
 * check that `failsRun` (`--fail-on-inconclusive`, or its file's `failOnInconclusive: true`) is a
 * `failure` of type `inconclusive`: as skipped, a CI report showed 0 failures for a job that
 * exited 1 (audit 39b).
 */
export function junitXml(results: readonly CheckResult[], timestamp: string, failsRun: (result: CheckResult) => boolean = () => false): string {
  const failed = (result: CheckResult): boolean => result.status === 'fail' || (result.status === 'inconclusive' && failsRun(result));
  const skippedCase = (result: CheckResult): boolean => result.status === 'inconclusive' && !failsRun(result);
  const files = [...new Set(results.map((result) => result.file))];
  const suites = files.map((file) => {
    const cases = results.filter((result) => result.file === file);
    const time = cases.reduce((sum, result) => sum + result.seconds, 0);
    const body = cases.map((result) => {
      const detail = `${result.metric} = ${estimateText(result)}, ${result.band}; ${result.matches} matches of ${result.budget}; played by ${result.agents}${result.randomPlay === null ? '' : ` (random play)`}${result.missingBaseline ? `; ${result.reason}` : ''}${withNote(edgeInIntervalNote(result))}`;
      const inner =
        result.status === 'fail'
          ? `\n      <failure message="${xml(result.reason)}" type="balance">${xml(detail)}</failure>`
          : failed(result)
            ? `\n      <failure message="${xml(`inconclusive: ${result.reason}`)}" type="inconclusive">${xml(detail)}</failure>`
            : skippedCase(result)
              ? `\n      <skipped message="${xml(`inconclusive: ${result.reason}`)}"/>`
              : '';
      return `    <testcase name="${xml(result.name)}" classname="${xml(file)}" time="${result.seconds.toFixed(3)}">${inner}\n      <system-out>${xml(detail)}</system-out>\n    </testcase>`;
    });
    const failures = cases.filter(failed).length;
    const skipped = cases.filter(skippedCase).length;
    return (
      `  <testsuite name="${xml(file)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}" timestamp="${timestamp}">\n` +
      `${body.join('\n')}\n  </testsuite>`
    );
  });
  const failures = results.filter(failed).length;
  const skipped = results.filter(skippedCase).length;
  const time = results.reduce((sum, result) => sum + result.seconds, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${JUNIT_MARK}\n<testsuites name="hordelab check" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/** A Markdown table for a CI job summary, marked as Hordelab's on its first line (hidden where it is shown). */
export function markdownSummary(results: readonly CheckResult[]): string {
  const icon = { pass: '✅ pass', fail: '❌ fail', inconclusive: '⚠️ inconclusive' } as const;
  const cell = markdownCell;
  const lines = [MARKDOWN_MARK, '## Balance checks', '', '| check | result | metric | estimate [interval] | band | matches | played by | why |', '| --- | --- | --- | --- | --- | ---: | --- | --- |'];
  for (const result of results) {
    lines.push(`| ${cell(result.name)} | ${icon[result.status]} | ${markdownCode(result.metric)} | ${estimateText(result)} | ${cell(result.band)} | ${result.matches} of ${result.budget} | ${cell(result.agents)}${result.randomPlay === null ? '' : ' (random play)'} | ${cell(result.reason)} |`);
  }
  const random = results.some((result) => result.randomPlay !== null);
  if (random) lines.push('', `_Random play: ${RANDOM_PLAY_CAVEAT}._`);
  for (const line of edgeInIntervalLines(results, markdownInlineCode)) lines.push('', `_${line}_`);
  // Where the rows come from, and the command that plays them again: a job summary of several
  // checks files named neither (audit 37a). A check's matches are fixed by its file alone.
  const files = [...new Set(results.map((result) => result.file))];
  if (files.length > 0) lines.push('', `From ${files.map((file) => markdownCode(file)).join(', ')}; ${markdownCode(`hordelab check ${files.map(shellQuote).join(' ')}`)} plays these checks again, to the same figures.`);
  return `${lines.join('\n')}\n`;
}

/** GitHub Actions workflow commands: an error per failed check, a warning per inconclusive one or one with no baseline to compare with. */
export function githubAnnotations(results: readonly CheckResult[], failsRun: (result: CheckResult) => boolean = () => false): string {
  // Workflow command data escapes %, CR and LF; properties also escape ":" and ",".
  const data = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string): string => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return results
    .filter((result) => result.status !== 'pass' || result.missingBaseline)
    .map((result) => {
      // An inconclusive check that fails the run is an error, as the job's exit code says.
      const level = result.status === 'fail' || (result.status === 'inconclusive' && failsRun(result)) ? 'error' : 'warning';
      return `::${level} file=${property(result.file)},title=${property(`balance check ${result.name}`)}::${data(`${result.metric} = ${estimateText(result)}, expected ${result.band}, played by ${result.agents}: ${result.reason}${withNote(edgeInIntervalNote(result))}`)}`;
    })
    .join('\n');
}
