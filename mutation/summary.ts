/**
 * Counts of one module's mutation results, read from Stryker's report JSON (the
 * mutation-testing-report-schema that its incremental file also uses).
 */

/** The part of a mutant in Stryker's report that the summary reads. */
export interface ReportedMutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  /** Tests run against the mutant; Stryker 9.6.1's vitest runner can report 0 with Survived. */
  readonly testsCompleted?: number;
  readonly location: { readonly start: { readonly line: number; readonly column: number } };
}

/** The part of Stryker's report JSON that the summary reads. */
export interface MutationReportJson {
  readonly files: Readonly<Record<string, { readonly source?: string; readonly mutants: readonly ReportedMutant[] }>>;
  /** Lines measured so far, when only slices of the module have run (`slices.ts`). */
  readonly hordelabMeasured?: readonly (readonly [number, number])[];
}

/** One module's counts. Scores are percentages, `null` where nothing counts towards them. */
export interface MutationSummary {
  /** Every mutant Stryker made, marked equivalent ones included. */
  readonly mutants: number;
  /** Killed by a failing test, or by a timeout (an endless loop is a detected change). */
  readonly killed: number;
  readonly survived: number;
  /** No test executes the mutated code. */
  readonly noCoverage: number;
  /** Disabled in place with a `// Stryker disable` comment giving the reason (equivalent). */
  readonly equivalent: number;
  /**
   * Not measured, counted in neither score: compile or runtime errors, and "survivors" against
   * which no test ran (a runner fault, stryker-js issue 6213, not evidence of a gap).
   */
  readonly errors: number;
  /** Killed over killed + survived + no coverage. */
  readonly score: number | null;
  /** Killed over killed + survived: how often a test notices a change to code it runs. */
  readonly coveredScore: number | null;
  /** The line ranges measured, when only slices of the module have run; `null` when it ran whole. */
  readonly measured: readonly (readonly [number, number])[] | null;
  /** Lines in the measured source. */
  readonly lines: number;
  /**
   * The results were measured on another version of the source than the one now in the tree
   * (an edit since the last run): its counts describe the old code, not this one.
   */
  readonly stale: boolean;
  /** Survivors, uncovered and unmeasured mutants, in source order. */
  readonly open: readonly { readonly line: number; readonly mutator: string; readonly replacement: string; readonly status: string }[];
}

const KILLED = new Set(['Killed', 'Timeout']);

/** Lines of a source text, a final newline ending the last line rather than starting another. */
export function lineCount(source: string): number {
  return source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
}
const ERRORS = new Set(['CompileError', 'RuntimeError']);

/**
 * Counts the mutants of `source` in a Stryker report; `current`, when given, is the source text
 * now in the tree, and results measured on other text are marked stale. Throws when the report
 * lacks the file.
 */
export function summarize(report: MutationReportJson, source: string, current?: string): MutationSummary {
  const file = report.files[source];
  if (file === undefined) throw new Error(`the mutation report has no results for ${source}`);
  let killed = 0;
  let survived = 0;
  let noCoverage = 0;
  let equivalent = 0;
  let errors = 0;
  const open: { line: number; mutator: string; replacement: string; status: string }[] = [];
  for (const mutant of file.mutants) {
    if (KILLED.has(mutant.status)) killed++;
    else if (mutant.status === 'Survived' && mutant.testsCompleted === 0) errors++;
    else if (mutant.status === 'Survived') survived++;
    else if (mutant.status === 'NoCoverage') noCoverage++;
    else if (mutant.status === 'Ignored') equivalent++;
    else if (ERRORS.has(mutant.status)) errors++;
    else throw new Error(`${source}: mutant with status ${mutant.status} (an unfinished run?)`);
    if (mutant.status === 'Survived' || mutant.status === 'NoCoverage' || ERRORS.has(mutant.status)) {
      const status = mutant.status === 'Survived' && mutant.testsCompleted === 0 ? 'NotMeasured' : mutant.status;
      open.push({ line: mutant.location.start.line, mutator: mutant.mutatorName, replacement: mutant.replacement ?? '', status });
    }
  }
  open.sort((a, b) => a.line - b.line || a.mutator.localeCompare(b.mutator));
  const percent = (part: number, whole: number): number | null => (whole === 0 ? null : (100 * part) / whole);
  return {
    mutants: file.mutants.length,
    killed,
    survived,
    noCoverage,
    equivalent,
    errors,
    score: percent(killed, killed + survived + noCoverage),
    coveredScore: percent(killed, killed + survived),
    measured: report.hordelabMeasured ?? null,
    lines: lineCount(file.source ?? ''),
    stale: current !== undefined && file.source !== current,
    open,
  };
}
