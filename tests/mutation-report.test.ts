/**
 * The mutation-testing report (mutation/): counts read from Stryker's results, and
 * reports/mutation.md as the stored results render it, so the committed report is the one
 * `npm run mutation -- --report-only` would write.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mutationModules, resultFile } from '../mutation/modules.js';
import { REPORT_FILE, renderReport, storedSummary } from '../mutation/report.js';
import { type ReportedMutant, summarize } from '../mutation/summary.js';

function mutant(status: string, line: number, extra: Partial<ReportedMutant> = {}): ReportedMutant {
  return { mutatorName: 'EqualityOperator', replacement: 'a <= b', status, location: { start: { line, column: 3 } }, ...extra };
}

describe('mutation summary', () => {
  const report = {
    files: {
      'src/x.ts': {
        mutants: [
          mutant('Killed', 1),
          mutant('Killed', 2),
          mutant('Timeout', 3),
          mutant('Survived', 9, { testsCompleted: 4, mutatorName: 'BlockStatement', replacement: '{}' }),
          mutant('Survived', 4, { testsCompleted: 0 }),
          mutant('NoCoverage', 5),
          mutant('Ignored', 6),
          mutant('Ignored', 7),
          mutant('CompileError', 8),
        ],
      },
    },
  };

  it('counts timeouts as killed, reasoned disables as equivalent, and runs with no test as not measured', () => {
    const summary = summarize(report, 'src/x.ts');
    expect(summary).toMatchObject({ mutants: 9, killed: 3, survived: 1, noCoverage: 1, equivalent: 2, errors: 2 });
    expect(summary.score).toBeCloseTo((100 * 3) / 5, 12);
    expect(summary.coveredScore).toBeCloseTo((100 * 3) / 4, 12);
    expect(summary.open.map((open) => [open.line, open.status])).toEqual([
      [4, 'NotMeasured'],
      [5, 'NoCoverage'],
      [8, 'CompileError'],
      [9, 'Survived'],
    ]);
  });

  it('refuses a report without the module, or with a mutant still pending', () => {
    expect(() => summarize(report, 'src/y.ts')).toThrow('the mutation report has no results for src/y.ts');
    expect(() => summarize({ files: { 'src/x.ts': { mutants: [mutant('Pending', 1)] } } }, 'src/x.ts')).toThrow(/status Pending/);
  });

  it('marks results measured on another version of the source as stale', () => {
    const measured = { files: { 'src/x.ts': { source: 'const a = 1;\n', mutants: [mutant('Killed', 1)] } } };
    expect(summarize(measured, 'src/x.ts', 'const a = 1;\n').stale).toBe(false);
    expect(summarize(measured, 'src/x.ts', 'const a = 2;\n').stale).toBe(true);
    // Without the current text to compare with, nothing is said to be stale.
    expect(summarize(measured, 'src/x.ts').stale).toBe(false);
  });

  it('has no score where nothing counts towards it', () => {
    const summary = summarize({ files: { 'src/x.ts': { mutants: [mutant('Ignored', 1)] } } }, 'src/x.ts');
    expect(summary.score).toBeNull();
    expect(summary.coveredScore).toBeNull();
  });
});

describe('mutation report', () => {
  it('lists each configured module with its existing test files', () => {
    for (const module of mutationModules) {
      expect(existsSync(module.source), module.source).toBe(true);
      for (const test of module.tests) expect(existsSync(test), test).toBe(true);
      expect(resultFile(module)).toMatch(/^mutation\/results\/[a-z0-9-]+\.json$/);
    }
    expect(new Set(mutationModules.map(resultFile)).size).toBe(mutationModules.length);
  });

  it('is what the stored results render, with the command that regenerates each row', () => {
    const rendered = renderReport(mutationModules.map((module) => ({ module, summary: storedSummary(module) })));
    expect(readFileSync(REPORT_FILE, 'utf8')).toBe(rendered);
    expect(rendered).toContain('`npm run mutation`');
    for (const module of mutationModules) expect(rendered).toContain(`\`npm run mutation -- --mutate ${module.source}\``);
  });
});
