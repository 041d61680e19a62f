/**
 * Line-range slices of a mutation run (mutation/slices.ts): the `path:from-to` form, joined
 * ranges, and the merge of a slice's results into the stored ones.
 */
import { describe, expect, it } from 'vitest';
import { type StoredResults, joinRanges, mergeSlice, parseSlice } from '../mutation/slices.js';

const mutant = (line: number, status: string): { location: { start: { line: number; column: number } }; status: string } => ({ location: { start: { line, column: 1 } }, status });
const SOURCE = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n');

function results(source: string, mutants: ReturnType<typeof mutant>[], tests: string[], measured?: [number, number][]): StoredResults {
  return {
    files: { 'src/x.ts': { source, mutants } },
    testFiles: { 'tests/x.test.ts': { tests: tests.map((id) => ({ id, name: id })) } },
    ...(measured === undefined ? {} : { hordelabMeasured: measured }),
  };
}

describe('parseSlice', () => {
  it('splits path:from-to, and gives null for a plain path', () => {
    expect(parseSlice('src/games/survivors/rules.ts:1-400')).toEqual({ path: 'src/games/survivors/rules.ts', range: [1, 400] });
    expect(parseSlice('src/games/survivors/rules.ts')).toBeNull();
    expect(parseSlice('src/x.ts:12')).toBeNull();
  });
});

describe('joinRanges', () => {
  it('sorts and joins touching or overlapping ranges', () => {
    expect(joinRanges([[5, 8], [1, 4], [20, 30], [7, 12]])).toEqual([[1, 12], [20, 30]]);
    expect(joinRanges([[1, 3], [5, 6]])).toEqual([[1, 3], [5, 6]]);
  });
});

describe('mergeSlice', () => {
  it('a first slice is all there is: its mutants, and the lines it measured', () => {
    const merged = mergeSlice(null, results(SOURCE, [mutant(2, 'Killed')], ['a'], undefined), 'src/x.ts', [1, 4]);
    expect(merged.files['src/x.ts']?.mutants).toEqual([mutant(2, 'Killed')]);
    expect(merged.hordelabMeasured).toEqual([[1, 4]]);
  });

  it('replaces the stored mutants inside the range, keeps those outside, and joins the tests', () => {
    const stored = results(SOURCE, [mutant(2, 'Survived'), mutant(7, 'Killed')], ['a', 'b'], [[1, 8]]);
    const slice = results(SOURCE, [mutant(2, 'Killed'), mutant(3, 'Killed')], ['b', 'c']);
    const merged = mergeSlice(stored, slice, 'src/x.ts', [1, 4]);
    expect(merged.files['src/x.ts']?.mutants).toEqual([mutant(7, 'Killed'), mutant(2, 'Killed'), mutant(3, 'Killed')]);
    expect(merged.testFiles?.['tests/x.test.ts']?.tests.map((test) => test.id)).toEqual(['a', 'b', 'c']);
    expect(merged.hordelabMeasured).toEqual([[1, 8]]);
  });

  it('takes only the range\'s mutants from the slice: the stored ones Stryker reused and reported again are not counted twice', () => {
    const stored = results(SOURCE, [mutant(2, 'Survived'), mutant(7, 'Killed')], ['a'], [[1, 8]]);
    // Stryker's report of a slice run on lines 1-4 repeats the reused mutant of line 7.
    const slice = results(SOURCE, [mutant(2, 'Killed'), mutant(7, 'Killed')], ['a']);
    const merged = mergeSlice(stored, slice, 'src/x.ts', [1, 4]);
    expect(merged.files['src/x.ts']?.mutants).toEqual([mutant(7, 'Killed'), mutant(2, 'Killed')]);
  });

  it('drops the record of measured lines once every line is measured', () => {
    const stored = results(SOURCE, [mutant(7, 'Killed')], ['a'], [[5, 10]]);
    const merged = mergeSlice(stored, results(SOURCE, [mutant(2, 'Killed')], ['a']), 'src/x.ts', [1, 4]);
    expect(merged.hordelabMeasured).toBeUndefined();
    // A whole run stored without a record counts as every line measured.
    const whole = mergeSlice(results(SOURCE, [mutant(7, 'Killed')], ['a']), results(SOURCE, [], ['a']), 'src/x.ts', [1, 4]);
    expect(whole.hordelabMeasured).toBeUndefined();
    expect(whole.files['src/x.ts']?.mutants).toEqual([mutant(7, 'Killed')]);
  });

  it('keeps nothing measured on another version of the source', () => {
    const stored = results(`${SOURCE}\nline 11`, [mutant(7, 'Killed')], ['a'], [[5, 11]]);
    const merged = mergeSlice(stored, results(SOURCE, [mutant(2, 'Killed')], ['b']), 'src/x.ts', [1, 4]);
    expect(merged.files['src/x.ts']?.mutants).toEqual([mutant(2, 'Killed')]);
    expect(Object.keys(merged.testFiles?.['tests/x.test.ts']?.tests ?? {})).toHaveLength(1);
    expect(merged.hordelabMeasured).toEqual([[1, 4]]);
  });

  it('refuses a slice without the file', () => {
    expect(() => mergeSlice(null, { files: {} }, 'src/x.ts', [1, 4])).toThrow('no file src/x.ts');
  });
});
