/**
 * A YAML 1.1 file's dates read as written, or refused (src/core/strict-yaml.ts): the reader
 * carries a day past a month's end into the next month and takes years 0 to 99 as 1900 to 1999,
 * so `2001-02-30` had played as 2001-03-02 and `0050-01-01` as 1950, without a word (review 32d).
 */
import { describe, expect, it } from 'vitest';
import { duplicateJsonKey, parseStrictYaml, StrictYamlError, timestampProblem, yamlProblem } from '../src/core/strict-yaml.js';

const read = (value: string): unknown => parseStrictYaml(`%YAML 1.1\n---\nname: s\nv: ${value}\n`);
const refusal = (value: string): string => {
  try {
    read(value);
  } catch (error) {
    expect(error).toBeInstanceOf(StrictYamlError);
    expect((error as StrictYamlError).kind).toBe('inexact');
    return (error as Error).message;
  }
  throw new Error(`${value} was read`);
};

describe('timestampProblem', () => {
  it('takes every part inside its range, each end included, leap days by the Gregorian rule', () => {
    for (const source of ['0100-01-01', '9999-12-31', '2001-1-1', '2000-02-29', '2004-02-29', '2001-04-30', '2001-01-31 23:59:59', '2001-01-01T00:00:00Z', '2001-01-01 00:00:00.5 -23:59', '2001-01-01t01:02:03+0', '2001-12-14 21:59:43.10 +5']) {
      expect(timestampProblem(source), source).toBeNull();
    }
    // Not a timestamp's text: no part to check.
    expect(timestampProblem('hello')).toBeNull();
  });

  it('names the first part out of range and what was expected', () => {
    expect(timestampProblem('0099-12-31')).toEqual({ part: 'year', value: 99, expected: 'a year from 0100 to 9999' });
    expect(timestampProblem('0000-01-01')?.value).toBe(0);
    expect(timestampProblem('2001-0-1')).toEqual({ part: 'month', value: 0, expected: 'a month from 1 to 12' });
    expect(timestampProblem('2001-13-01')).toEqual({ part: 'month', value: 13, expected: 'a month from 1 to 12' });
    expect(timestampProblem('2001-01-00')).toEqual({ part: 'day', value: 0, expected: 'a day from 1 to 31 in that month' });
    expect(timestampProblem('2001-01-32')?.part).toBe('day');
    expect(timestampProblem('2001-02-29')).toEqual({ part: 'day', value: 29, expected: 'a day from 1 to 28 in that month' });
    expect(timestampProblem('1900-02-29')?.part).toBe('day');
    expect(timestampProblem('2100-02-29')?.part).toBe('day');
    for (const month of [4, 6, 9, 11]) expect(timestampProblem(`2001-${month}-31`)?.expected, String(month)).toBe('a day from 1 to 30 in that month');
    for (const month of [1, 3, 5, 7, 8, 10, 12]) expect(timestampProblem(`2001-${month}-31`), String(month)).toBeNull();
    expect(timestampProblem('2001-01-01 24:00:00')).toEqual({ part: 'hour', value: 24, expected: 'an hour from 0 to 23' });
    // However the parts are spaced, with a fraction of any length.
    expect(timestampProblem('2001-01-01 \t 24:00:00')?.part).toBe('hour');
    expect(timestampProblem('2001-01-01 23:59:59.125  +24')?.part).toBe('zone hour');
    expect(timestampProblem('2001-01-01 23:59:59.1+24')?.part).toBe('zone hour');
    // Not a timestamp's text, so no date YAML reads: nothing to check.
    expect(timestampProblem('x2001-13-01')).toBeNull();
    expect(timestampProblem('2001-13-01x')).toBeNull();
    expect(timestampProblem('2001-01-01 23:60:00')).toEqual({ part: 'minute', value: 60, expected: 'a minute from 0 to 59' });
    expect(timestampProblem('2001-01-01 23:59:60')).toEqual({ part: 'second', value: 60, expected: 'a second from 0 to 59' });
    expect(timestampProblem('2001-01-01 23:59:59 +24')).toEqual({ part: 'zone hour', value: 24, expected: 'a zone hour from 0 to 23' });
    expect(timestampProblem('2001-01-01 23:59:59 -05:60')).toEqual({ part: 'zone minute', value: 60, expected: 'a zone minute from 0 to 59' });
    // A zone under 30 minutes is read as that many hours (review 33c).
    const hours = 'a zone of whole hours, or of 30 minutes or more (YAML reads +00:01 to +00:29 as that many hours)';
    expect(timestampProblem('2001-12-14 21:59:43 +00:15')).toEqual({ part: 'zone minute', value: 15, expected: hours });
    expect(timestampProblem('2001-12-14 21:59:43 -0:29')).toEqual({ part: 'zone minute', value: 29, expected: hours });
    expect(timestampProblem('2001-12-14 21:59:43 +00:01')?.value).toBe(1);
    for (const zone of ['+00:30', '+00:00', '-00:45', '+01:15', '+5', 'Z']) expect(timestampProblem(`2001-12-14 21:59:43 ${zone}`), zone).toBeNull();
  });
});

describe('parseStrictYaml of dates', () => {
  it('refuses a date read as another, quoting it, its line and the date read', () => {
    expect(refusal('0050-01-01')).toBe('the date 0050-01-01 at line 4 is read by YAML as 1950-01-01T00:00:00.000Z, since its year is 50; expected a year from 0100 to 9999');
    expect(refusal('2001-99-99')).toBe('the date 2001-99-99 at line 4 is read by YAML as 2009-06-07T00:00:00.000Z, since its month is 99; expected a month from 1 to 12');
    expect(refusal('2001-02-30')).toBe('the date 2001-02-30 at line 4 is read by YAML as 2001-03-02T00:00:00.000Z, since its day is 30; expected a day from 1 to 28 in that month');
    // Wherever a date is: in a list, as an !!omap key, in a !!set.
    expect(refusal('[1, 2001-01-01 25:00:00]')).toContain('since its hour is 25');
    expect(refusal('!!omap [ 0099-01-01: 1 ]')).toContain('the date 0099-01-01 at line 4 is read by YAML as 1999-01-01');
    expect(refusal('!!set { 2001-02-29 }')).toContain('since its day is 29');
    // A date holds milliseconds: a fourth digit that is not 0 is dropped (review 34a).
    expect(refusal('2001-02-03T04:05:06.9999Z')).toBe('the date 2001-02-03T04:05:06.9999Z at line 4 is read by YAML as 2001-02-03T04:05:06.999Z, since its fraction of a second is .9999; expected at most three digits (a date holds milliseconds), or only zeros past them');
    expect(refusal('2001-02-03 04:05:06.0004')).toContain('since its fraction of a second is .0004');
    expect(read('2001-02-03 04:05:06.1230000')).toEqual({ name: 's', v: new Date('2001-02-03T04:05:06.123Z') });
    expect(refusal('2001-12-14 21:59:43 +00:15')).toBe('the date 2001-12-14 21:59:43 +00:15 at line 4 is read by YAML as 2001-12-14T06:59:43.000Z, since its zone minute is 15; expected a zone of whole hours, or of 30 minutes or more (YAML reads +00:01 to +00:29 as that many hours)');
  });

  it('refuses a date its zone moves out of years 0100 to 9999 in UTC, where every file writes it (review 33c: a ladder played it as text)', () => {
    const outside = 'outside years 0100 to 9999, which a file written again (a ladder\'s level, a tuned scenario) reads back as another value; expected a date within those years in UTC';
    expect(refusal('9999-12-31 23:30:00 -01:00')).toBe(`the date 9999-12-31 23:30:00 -01:00 at line 4 is +010000-01-01T00:30:00.000Z in UTC, ${outside}`);
    expect(refusal('0100-01-01 00:00:00 +01:00')).toBe(`the date 0100-01-01 00:00:00 +01:00 at line 4 is 0099-12-31T23:00:00.000Z in UTC, ${outside}`);
    // Just inside, either end.
    expect(read('9999-12-31 22:30:00 -01:00')).toEqual({ name: 's', v: new Date('9999-12-31T23:30:00Z') });
    expect(read('0100-01-01 01:00:00 +01:00')).toEqual({ name: 's', v: new Date('0100-01-01T00:00:00Z') });
    expect(read('9999-12-31')).toEqual({ name: 's', v: new Date('9999-12-31T00:00:00Z') });
  });

  it('reads dates as written, and the same text as text where the file is YAML 1.2', () => {
    expect(read('2000-02-29')).toEqual({ name: 's', v: new Date('2000-02-29T00:00:00Z') });
    expect(read('2001-12-14t21:59:43.10-05:00')).toEqual({ name: 's', v: new Date('2001-12-15T02:59:43.100Z') });
    expect(parseStrictYaml('v: 2001-02-30\n')).toEqual({ v: '2001-02-30' });
    expect(parseStrictYaml('v: "0050-01-01"\n')).toEqual({ v: '0050-01-01' });
    expect(read('"2001-02-30"')).toEqual({ name: 's', v: '2001-02-30' });
  });
});

describe('parseStrictYaml', () => {
  const problem = (text: string): { message: string; kind: string } => {
    try {
      parseStrictYaml(text);
    } catch (error) {
      expect(error).toBeInstanceOf(StrictYamlError);
      return { message: (error as Error).message, kind: (error as StrictYamlError).kind };
    }
    throw new Error('read');
  };

  it('reads plain data', () => {
    expect(parseStrictYaml('a: 1\nb: [x, 2.5]\nc: { d: null }\n')).toEqual({ a: 1, b: ['x', 2.5], c: { d: null } });
    expect(parseStrictYaml('')).toBeNull();
    // An alias reads its anchor's value; a whole number up to 2^53 - 1 reads exactly.
    expect(parseStrictYaml('a: &x [1]\nb: *x\nn: 9007199254740991\n')).toEqual({ a: [1], b: [1], n: 9007199254740991 });
  });

  it('refuses a second document, naming its line', () => {
    expect(problem('a: 1\n---\nb: 2\n')).toEqual({ message: 'holds 2 YAML documents (the second starts at line 2); expected one', kind: 'syntax' });
    expect(problem('a: 1\n...\n---\nb: 2\n---\nc: 3\n').message).toMatch(/^holds 3 YAML documents \(the second starts at line 3\)/);
  });

  it('refuses a syntax error or an unknown tag in one line', () => {
    const unclosed = problem('a: [1, 2\n');
    expect(unclosed.kind).toBe('syntax');
    expect(unclosed.message).not.toContain('\n');
    expect(unclosed.message).not.toMatch(/:\s*$/);
    expect(problem('a: !!js/function "x"\n').message).toMatch(/tag/i);
    // The parser's first line ends with a colon, before the excerpt it leaves out.
    expect(problem('a: b: c\n').message).toBe('Nested mappings are not allowed in compact mappings at line 1, column 4');
    expect(new StrictYamlError('x').name).toBe('StrictYamlError');
  });

  it('refuses a list or map as a key, naming its line', () => {
    expect(problem('a: 1\n? [1, 2]\n: 3\n')).toEqual({ message: 'a key must be a plain value, not a list or map, at line 2', kind: 'syntax' });
    // Named as a list key, not as a key "undefined" beside it.
    expect(problem('? [1]\n: 1\nundefined: 2\n').message).toBe('a key must be a plain value, not a list or map, at line 1');
  });

  it('refuses two keys naming one field, as written', () => {
    expect(problem('a: 1\n"-1": 1\n-1: 9\n')).toEqual({ message: 'the keys "-1" and -1 name the same field (line 3); expected each key once', kind: 'ambiguous' });
    expect(problem("a: 1\n'40': 1\n40: 2\n").message).toBe('the keys "40" and 40 name the same field (line 3); expected each key once');
    expect(problem('~: 1\n"": 2\n').message).toBe('the keys ~ and "" name the same field (line 2); expected each key once');
    expect(problem(': 1\n"": 2\n').message).toBe('the keys (empty) and "" name the same field (line 2); expected each key once');
    expect(problem('k: &n x\nx: 3\n*n : 2\n').message).toBe('the keys x and *n name the same field (line 3); expected each key once');
    // Keys apart in every map: one name in two maps is no clash.
    expect(parseStrictYaml('a: { x: 1 }\nb: { x: 2 }\n')).toEqual({ a: { x: 1 }, b: { x: 2 } });
  });

  it('refuses a whole number past 2^53 - 1 as written, quoting it; an exponent is read as approximate', () => {
    expect(problem('a: 1\nseed: 9007199254740993\n')).toEqual({
      message: 'the whole number 9007199254740993 at line 2 is past 9007199254740991, the largest read exactly; expected a smaller one (or, for an approximate value, an exponent such as 1.5e19)',
      kind: 'inexact',
    });
    expect(problem('a: -9007199254740993.0\n').message).toMatch(/^the whole number -9007199254740993\.0 at line 1/);
    expect(problem('a: 0x20000000000001\n').message).toMatch(/^the whole number 0x20000000000001 at line 1/);
    expect(parseStrictYaml('a: 1.5e19\n')).toEqual({ a: 1.5e19 });
    expect(problem('a: 9007199254740993.00\n').kind).toBe('inexact');
    expect(problem('a: 0o1000000000000000001\n').message).toMatch(/^the whole number 0o1000000000000000001 at line 1/);
    expect(parseStrictYaml('a: 0o17\n')).toEqual({ a: 15 });
    // Hexadecimal digits include e, no exponent there.
    expect(problem('a: 0x1e0000000000001\n').kind).toBe('inexact');
    // A decimal fraction is approximate by its own notation.
    expect(parseStrictYaml('a: 9007199254740993.5\n')).toEqual({ a: 9007199254740994 });
  });

  it("refuses a YAML 1.1 whole number past 2^53 - 1 written with _, in binary, octal or base 60 (review 34a: each was read rounded)", () => {
    const yaml11 = (value: string): string => `%YAML 1.1\n---\na: ${value}\n`;
    for (const written of ['9_007_199_254_740_993', '0b100000000000000000000000000000000000000000000000000001', '0400000000000000001', '1:0:0:0:0:0:0:0:0:0:1', '0x20_0000_0000_0001', '-9_007_199_254_740_993']) {
      expect(problem(yaml11(written)), written).toEqual({ message: `the whole number ${written} at line 3 is past 9007199254740991, the largest read exactly; expected a smaller one (or, for an approximate value, an exponent such as 1.5e19)`, kind: 'inexact' });
    }
    // Within 2^53 - 1 they read as written; an exponent or a fraction reads as approximate.
    expect(parseStrictYaml(yaml11('9_007_199_254_740_991'))).toEqual({ a: 9007199254740991 });
    expect(parseStrictYaml(yaml11('0b1010'))).toEqual({ a: 10 });
    expect(parseStrictYaml(yaml11('1:30:00'))).toEqual({ a: 5400 });
    expect(parseStrictYaml(yaml11('1_000.5e16'))).toEqual({ a: 1.0005e19 });
    expect(parseStrictYaml(yaml11('9_007_199_254_740_993.5'))).toEqual({ a: 9007199254740994 });
    expect(parseStrictYaml(yaml11('9007199254740993.05'))).toEqual({ a: 9007199254740994 });
    // A signed hexadecimal's e is a digit too.
    expect(problem(yaml11('-0x1e0000000000001')).kind).toBe('inexact');
  });

  it("refuses a date as a mapping's key, which YAML turns into text in the machine's time zone (review 34a)", () => {
    const message = 'the key 2001-01-01 at line 4 is a date, which YAML turns into text in the reading machine\'s time zone; expected it quoted as text ("2001-01-01"), or a !!omap to keep it a date';
    expect(problem('%YAML 1.1\n---\nv:\n  2001-01-01: 1\n')).toEqual({ message, kind: 'ambiguous' });
    expect(problem('%YAML 1.1\n---\nv: !!pairs [ 2001-01-01 00:00:00.5: 1 ]\n').message).toMatch(/^the key 2001-01-01 00:00:00\.5 at line 3 is a date/);
    expect(problem('%YAML 1.1\n---\nd: &d 2001-01-01\nv: { *d : 1 }\n').message).toMatch(/^the key \*d at line 4 is a date/);
    // Quoted it is text; an !!omap keeps it a date, and a !!set a member.
    expect(parseStrictYaml('%YAML 1.1\n---\nv: { "2001-01-01": 1 }\n')).toEqual({ v: { '2001-01-01': 1 } });
    expect(parseStrictYaml('%YAML 1.1\n---\nv: !!omap [ 2001-01-01: 1 ]\n')).toEqual({ v: new Map([[new Date('2001-01-01T00:00:00Z'), 1]]) });
    expect(parseStrictYaml('%YAML 1.1\n---\nv: !!set { 2001-01-01 }\n')).toEqual({ v: new Set([new Date('2001-01-01T00:00:00Z')]) });
    // In YAML 1.2 such a key is text already.
    expect(parseStrictYaml('v: { 2001-01-01: 1 }\n')).toEqual({ v: { '2001-01-01': 1 } });
  });

  it('refuses a hundred aliases of one value (the reader counts the anchor too)', () => {
    expect(() => parseStrictYaml(`a: &x 1\nb: [${Array.from({ length: 100 }, () => '*x').join(', ')}]\n`)).toThrow(/alias count/);
    expect(() => parseStrictYaml(`a: &x 1\nb: [${Array.from({ length: 99 }, () => '*x').join(', ')}]\n`)).not.toThrow();
  });
});

describe('yamlProblem and duplicateJsonKey', () => {
  it('introduce a syntax error as not valid YAML, and an inexact number as itself', () => {
    expect(yamlProblem(new StrictYamlError('bad thing'), ' at x')).toBe('not valid YAML at x: bad thing');
    expect(yamlProblem(new StrictYamlError('the whole number 1', 'inexact'))).toBe('the whole number 1');
    expect(yamlProblem(new Error('first\nsecond'))).toBe('not valid YAML: first');
    expect(yamlProblem('plain')).toBe('not valid YAML: plain');
    expect(yamlProblem(new RangeError('Maximum call stack size exceeded'), ' in f')).toBe("not valid YAML in f: nested too deeply to read (thousands of levels); expected a scenario's few");
  });

  it('finds a JSON key given twice, by line and column', () => {
    expect(duplicateJsonKey('{"a": 1,\n "a": 2}')).toBe('line 2, column 2');
    expect(duplicateJsonKey('{"a": 1, "b": {"a": 2}}')).toBeNull();
    // Another error is no key given twice.
    expect(duplicateJsonKey('{"a": [1, }')).toBeNull();
  });
});
