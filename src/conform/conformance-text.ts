/**
 * The conformance report as text people read: one line per property (pass, FAIL or skip), each
 * problem under its property with the seed and step that reproduce it, and the command that
 * replays that one playout.
 */
import { shellQuote } from '../cli/shell-quote.js';
import type { ConformanceReport } from './conformance.js';

/** How the report names the game and how to replay a playout of it. */
export interface ConformanceTextOptions {
  /** What the game was named on the command line: an id or a module path. */
  readonly gameArgument: string;
  /** The `--set` assignments given, repeated in the replay command. */
  readonly assignments: readonly string[];
}

const STATUS = { pass: 'pass', fail: 'FAIL', skipped: 'skip' } as const;

/** The whole report, ending with the verdict line. */
export function formatConformance(report: ConformanceReport, options: ConformanceTextOptions): string {
  const width = Math.max(...report.properties.map((result) => result.property.length));
  const sets = options.assignments.map((assignment) => ` --set ${shellQuote(assignment)}`).join('');
  const lines = [`Conformance of ${report.title} (${report.game}): ${report.playouts} ${report.playouts === 1 ? 'playout' : 'playouts'} from seed ${report.seed}, ${report.steps} steps`, ''];
  for (const result of report.properties) {
    const checked = result.status === 'skipped' ? 'nothing to check' : `${result.checks} ${result.checks === 1 ? "check" : "checks"}`;
    lines.push(`  ${STATUS[result.status]}  ${result.property.padEnd(width)}  ${result.description} (${checked})`);
    for (const problem of result.problems) {
      const where = problem.seed === null ? '' : ` [seed ${problem.seed}${problem.step === null ? '' : `, step ${problem.step}`}]`;
      lines.push(`          - ${problem.message}${where}`);
      if (problem.seed !== null) lines.push(`            replay: hordelab conform ${shellQuote(options.gameArgument)} --seed ${problem.seed} --playouts ${problem.playouts ?? 1}${sets}`);
    }
    if (result.problemCount > result.problems.length) lines.push(`          ... and ${result.problemCount - result.problems.length} more`);
  }
  const failed = report.properties.filter((result) => result.status === 'fail');
  const passed = report.properties.filter((result) => result.status === 'pass').length;
  const skipped = report.properties.filter((result) => result.status === 'skipped').length;
  lines.push('');
  lines.push(
    failed.length === 0
      ? `Conforms: ${passed} properties passed${skipped === 0 ? '' : `, ${skipped} skipped (nothing to check in these playouts)`}.`
      : `Does not conform: ${failed.length} of ${report.properties.length} properties failed (${failed.map((result) => result.property).join(', ')}).`,
  );
  return `${lines.join('\n')}\n`;
}
