/**
 * Writes `reports/mutation.md` from the stored per-module results in `mutation/results/`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type MutationModule, TARGET_COVERED_SCORE, resultFile } from './modules.js';
import { type MutationReportJson, type MutationSummary, summarize } from './summary.js';

/** Where the report goes. */
export const REPORT_FILE = 'reports/mutation.md';

/** The stored summary of a module, or `null` when it has never been run. */
export function storedSummary(module: MutationModule): MutationSummary | null {
  const file = resultFile(module);
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as MutationReportJson;
  return summarize(report, module.source, existsSync(module.source) ? readFileSync(module.source, 'utf8') : undefined);
}

function percent(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(1)}%`;
}

/** Keeps a mutant's replacement on one table-safe line. */
function oneLine(code: string): string {
  const flat = code.replace(/\s+/g, ' ').trim();
  const short = flat.length > 70 ? `${flat.slice(0, 67)}...` : flat;
  return short.replace(/`/g, "'").replace(/\|/g, '\\|');
}

const STATUS_WORDS: Readonly<Record<string, string>> = {
  Survived: 'survived',
  NoCoverage: 'no coverage',
  NotMeasured: 'no test ran: not measured',
  CompileError: 'compile error',
  RuntimeError: 'runtime error',
};

function ranges(measured: readonly (readonly [number, number])[]): string {
  return measured.map(([from, to]) => `${from}–${to}`).join(', ');
}

function command(module: MutationModule): string {
  return `npm run mutation -- --mutate ${module.source}`;
}

/** The report's Markdown for these modules and their summaries (`null`: not run yet). */
export function renderReport(entries: readonly { module: MutationModule; summary: MutationSummary | null }[]): string {
  const lines: string[] = [
    '# Mutation testing',
    '',
    'Would the tests fail if the code were wrong? StrykerJS (9.6.1, vitest runner) changes one',
    'operator, condition or value of a module at a time (a *mutant*) and runs the test files that',
    'exercise that module in-process (listed in `mutation/modules.ts`); a mutant that makes a test',
    'fail, or loop until the time limit, is *killed*. These are exact counts over every mutant, not',
    'samples. Target (issue 20): a score of covered code of at least',
    `${TARGET_COVERED_SCORE}% in every configured module.`,
    '',
    '- Regenerate this file: `npm run mutation` (every module). It is incremental: only mutants',
    '  whose code or covering tests changed since the stored results in `mutation/results/` are',
    '  re-tested; `npm run mutation -- --force` re-tests them all.',
    '- One module: the command in its section below; the rest of the table keeps its stored results.',
    '- *Marked equivalent*: disabled in the source by a `// Stryker disable next-line <mutator>: <reason>`',
    '  comment, where the reason says why no test can tell the mutant from the original. A comment',
    '  covers every mutant of the mutators it names on its line; where the reason is about one of',
    '  them (named first in brackets: `(false)`, `(>=)`), the others of those mutators on that line',
    '  are left out of the scores as well.',
    '- *Not measured*: mutants that did not compile or crashed the runner, or against which no test',
  '  ran; Stryker counts them in neither score, and they are listed below.',
  '- *Score*: killed ÷ (killed + survived + no coverage). *Score of covered*: killed ÷ (killed +',
    '  survived), the mutants in code the tests run.',
    '',
    '| Module | Mutants | Killed | Survived | No coverage | Marked equivalent | Not measured | Score | Score of covered |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { module, summary } of entries) {
    if (summary === null) {
      lines.push(`| \`${module.source}\` | not run yet | | | | | | | |`);
      continue;
    }
    lines.push(
      `| \`${module.source}\`${summary.measured === null ? '' : ` (lines ${ranges(summary.measured)} of ${summary.lines} only)`}${summary.stale ? ' (**stale**: measured on an earlier version)' : ''} | ${summary.mutants} | ${summary.killed} | ${summary.survived} | ${summary.noCoverage} | ` +
        `${summary.equivalent} | ${summary.errors} | ${percent(summary.score)} | ${percent(summary.coveredScore)} |`,
    );
  }
  for (const { module, summary } of entries) {
    lines.push('', `## \`${module.source}\``, '');
    lines.push(`Tests: ${module.tests.map((test) => `\`${test}\``).join(', ')}. Command: \`${command(module)}\`.`);
    if (module.note !== undefined) lines.push('', module.note);
    if (summary === null) continue;
    if (summary.stale) {
      lines.push(
        '',
        '**Stale:** the stored results were measured on an earlier version of this file; the source has changed since, so the counts ' +
          'below describe the old code. The command above re-tests what changed.',
      );
    }
    if (summary.measured !== null) {
      lines.push(
        '',
        `**Partly measured:** only the mutants on lines ${ranges(summary.measured)} of ${summary.lines} have been run (in slices, ` +
          `\`npm run mutation -- --mutate ${module.source}:<from>-<to>\`); the counts and scores above are of those lines, ` +
          'not of the module. A whole run (the command above) measures the rest.',
      );
    }
    lines.push('');
    if (summary.open.length === 0) {
      lines.push('No surviving, uncovered or unmeasured mutant.');
      continue;
    }
    lines.push('Open mutants:', '');
    for (const mutant of summary.open) {
      lines.push(`- line ${mutant.line}, ${mutant.mutator} → \`${oneLine(mutant.replacement)}\` (${STATUS_WORDS[mutant.status] ?? mutant.status})`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

/** Regenerates `reports/mutation.md` from the stored results of `modules`. */
export function writeReport(modules: readonly MutationModule[]): void {
  writeFileSync(REPORT_FILE, renderReport(modules.map((module) => ({ module, summary: storedSummary(module) }))));
}
