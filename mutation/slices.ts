/**
 * Line-range slices of a module: `--mutate src/games/survivors/rules.ts:1-400` runs Stryker on
 * the mutants of those lines only, and the slice's results are merged into the module's stored
 * results, so a large module can be measured in parts that each survive an interrupted session.
 *
 * The stored file records which lines were measured (`hordelabMeasured`) while the module has
 * not been run whole; a whole run drops the record. Stored mutants outside a slice are kept only
 * while the source is the one they were measured on: after a change, what was measured of the
 * old source says nothing of the new one, so only the slice counts (Stryker's own incremental
 * mode, on a whole run, is the way to carry results across a change).
 */

import { lineCount } from './summary.js';

/** An inclusive range of source lines. */
export type LineRange = readonly [from: number, to: number];

/** `path:from-to`, split; `null` when `value` names no range. */
export function parseSlice(value: string): { path: string; range: LineRange } | null {
  const match = /^(.+):(\d+)-(\d+)$/.exec(value);
  if (match === null) return null;
  const from = Number(match[2]);
  const to = Number(match[3]);
  return { path: match[1] as string, range: [from, to] };
}

interface StoredMutant {
  readonly location: { readonly start: { readonly line: number } };
  readonly [key: string]: unknown;
}

interface StoredFile {
  readonly source?: string;
  readonly mutants: readonly StoredMutant[];
  readonly [key: string]: unknown;
}

interface StoredTestFile {
  readonly tests: readonly { readonly id: string }[];
  readonly [key: string]: unknown;
}

/** The parts of a stored result that a merge touches. */
export interface StoredResults {
  files: Record<string, StoredFile>;
  testFiles?: Record<string, StoredTestFile>;
  /** Lines measured so far; absent when the whole module was run. */
  hordelabMeasured?: LineRange[];
  [key: string]: unknown;
}

/** Sorted, with touching or overlapping ranges joined. */
export function joinRanges(ranges: readonly LineRange[]): LineRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const joined: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = joined[joined.length - 1];
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else joined.push([from, to]);
  }
  return joined;
}

/**
 * The stored results of `source` after a slice over `range`: the slice's mutants, plus the
 * stored ones outside the range while the source is unchanged; the test files of both.
 */
export function mergeSlice(stored: StoredResults | null, slice: StoredResults, source: string, range: LineRange): StoredResults {
  const sliceFile = slice.files[source];
  if (sliceFile === undefined) throw new Error(`the slice's results have no file ${source}`);
  const storedFile = stored?.files[source];
  const sameSource = storedFile !== undefined && storedFile.source === sliceFile.source;
  const [from, to] = range;
  const kept = sameSource ? storedFile.mutants.filter((mutant) => mutant.location.start.line < from || mutant.location.start.line > to) : [];
  const measuredBefore: LineRange[] = sameSource ? (stored?.hordelabMeasured ?? [[1, Number.MAX_SAFE_INTEGER]]) : [];
  const testFiles: Record<string, StoredTestFile> = { ...(sameSource ? stored?.testFiles : {}) };
  for (const [name, file] of Object.entries(slice.testFiles ?? {})) {
    const before = testFiles[name];
    if (before === undefined) {
      testFiles[name] = file;
      continue;
    }
    const ids = new Set(file.tests.map((test) => test.id));
    testFiles[name] = { ...file, tests: [...before.tests.filter((test) => !ids.has(test.id)), ...file.tests] };
  }
  const lines = lineCount(sliceFile.source ?? '');
  const measured = joinRanges([...measuredBefore, [from, Math.min(to, lines)]]).map(([a, b]): LineRange => [a, Math.min(b, lines)]);
  const whole = measured.length === 1 && measured[0]?.[0] === 1 && measured[0][1] >= lines;
  // Stryker's report of a slice run also carries the stored mutants it reused from outside the
  // range: only the range's own are the slice's news, or every slice would add those again.
  const inRange = sliceFile.mutants.filter((mutant) => mutant.location.start.line >= from && mutant.location.start.line <= to);
  const merged: StoredResults = { ...slice, files: { ...slice.files, [source]: { ...sliceFile, mutants: [...kept, ...inRange] } }, testFiles };
  if (whole) delete merged.hordelabMeasured;
  else merged.hordelabMeasured = measured;
  return merged;
}
