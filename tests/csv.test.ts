/**
 * CSV cells a spreadsheet would run as formulas are neutralised (issue 13, item 6; OWASP "CSV
 * Injection"): text starting with =, +, -, @, tab or carriage return gets a leading '; numbers
 * stay numbers. Every CSV Hordelab writes goes through `csv()`; a run checks the cells that
 * come from users (agent names, error messages).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { matchSeed, matchStream } from '../src/core/rng.js';
import type { CsvValue } from '../src/reports/report.js';
import { csv, csvCells, csvRow, neutraliseCell } from '../src/run/csv.js';
import { runScenario } from '../src/run/run-scenario.js';
import { parseScenario } from '../src/scenario/scenario.js';

describe('neutraliseCell', () => {
  it('prefixes text that starts a formula, and nothing else', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+cmd', '-x', '-2+3+cmd', '@SUM(A1)', '\tdata', '\rdata', '=1+1']) {
      expect(neutraliseCell(text), JSON.stringify(text)).toBe(`'${text}`);
    }
    for (const value of ['plain', '', 'a=b', "'=already", 'mcts(iterations=1000)', true, false]) expect(neutraliseCell(value)).toBe(value);
  });

  it('leaves numbers alone, as numbers and as text that is exactly a decimal number', () => {
    for (const value of [-3, 0, 2.5, -0.25, Number.NaN]) expect(neutraliseCell(value)).toBe(value);
    for (const text of ['-3', '+4', '-0.5', '-.5', '1e-9', '-2E+3']) expect(neutraliseCell(text)).toBe(text);
    expect(csv([['a', 'b'], [-3, '-3']])).toBe('a,b\n-3,-3\n');
  });

  it('is applied by csv() to every cell, headers included', () => {
    expect(csv([['=head', 'ok'], ['@x', -1]])).toBe("'=head,ok\n'@x,-1\n");
  });
});

describe('csv()', () => {
  // What csv() wrote before it built rows itself: csv-stringify on the neutralised cells.
  const byCsvStringify = (rows: CsvValue[][]): string =>
    rows.length === 0 ? '' : stringify(rows.map((row) => row.map(neutraliseCell)), { cast: { boolean: (value: boolean) => (value ? 'true' : 'false') } });

  it('writes the bytes csv-stringify writes, quoting and all', () => {
    const cells: CsvValue[] = ['', 'plain', 'a,b', 'say "hi"', '"', 'two\nlines', 'cr\rhere', 'crlf\r\n', '=1+1', '-x', '-0.5', ' padded ', 'é ü 漢', 'x\u2028y', "'quoted'", '\t', 0, -0, -3, 2.5, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, -Number.MAX_VALUE, true, false];
    const rng = matchStream(matchSeed(19, 1), 'csv');
    for (let trial = 0; trial < 2000; trial++) {
      const rows: CsvValue[][] = [];
      for (let r = rng.int(4); r > 0; r--) {
        const row: CsvValue[] = [];
        for (let c = rng.int(5); c > 0; c--) row.push(cells[rng.int(cells.length)] as CsvValue);
        rows.push(row);
      }
      expect(csv(rows), JSON.stringify(rows)).toBe(byCsvStringify(rows));
    }
    expect(csv([[]])).toBe('\n');
    expect(csv([['a,"b"', 1, true]])).toBe('"a,""b""",1,true\n');
  });

  it('hands a cell of another type to csv-stringify, as before', () => {
    const rows = [[1, null as unknown as CsvValue, undefined as unknown as CsvValue, 'x']];
    expect(csv(rows)).toBe(byCsvStringify(rows));
    expect(csv(rows)).toBe('1,,,x\n');
  });

  it('is the concatenation of its rows by csvRow(), special cells included', () => {
    // What a chunk writes row by row must be what csv() writes for all rows at once.
    const cells: CsvValue[] = ['', 'a,b', 'say "hi"', 'two\nlines', '=1+1', '-0.5', 'é', 0, -3, 2.5, Number.NaN, true, false, null as unknown as CsvValue, undefined as unknown as CsvValue];
    const rng = matchStream(matchSeed(23, 4), 'csv-rows');
    for (let trial = 0; trial < 1000; trial++) {
      const rows: CsvValue[][] = [];
      for (let r = 1 + rng.int(4); r > 0; r--) {
        const row: CsvValue[] = [];
        for (let c = rng.int(5); c > 0; c--) row.push(cells[rng.int(cells.length)] as CsvValue);
        rows.push(row);
      }
      expect(rows.map(csvRow).join(''), JSON.stringify(rows)).toBe(csv(rows));
    }
    expect(csvCells(['=x', 1, true])).toBe("'=x,1,true");
    expect(csvCells([1, null as unknown as CsvValue])).toBeNull();
    expect(csvCells([])).toBe('');
  });
});

describe('a run', () => {
  it('writes agent names and error messages that look like formulas as text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-csv-'));
    writeFileSync(join(dir, 'shouter.mjs'), "export default (config, { rng }) => { const doomed = rng.int(5) === 0; return { chooseAction: () => { if (doomed) throw '=cmd|\\' /C calc\\'!A0'; return 0; } }; };\n");
    const text = [
      'game: tic-tac-toe',
      'matches: 40',
      'seed: 2',
      'seats:',
      '  rotate:',
      '    - { agent: ./shouter.mjs, name: "=HYPERLINK(\\"http://evil\\",\\"x\\")" }',
      '    - { agent: random, name: "@SUM(1+1)" }',
    ].join('\n');
    const scenario = await parseScenario(text, join(dir, 'csv.yaml'));
    await runScenario(scenario, { outDir: join(dir, 'out'), eventFiles: true, command: 'test', maxErrors: 100 });
    const rows = readFileSync(join(dir, 'out', 'matches.csv'), 'utf8').trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatch(/^\d+,[0-9a-f]{16},("'=HYPERLINK\(""http:\/\/evil"",""x""\)",'@SUM\(1\+1\)|'@SUM\(1\+1\),"'=HYPERLINK\(""http:\/\/evil"",""x""\)"),/);
    }
    const errors = readFileSync(join(dir, 'out', 'errors.csv'), 'utf8').trim().split('\n').slice(1);
    expect(errors.length).toBeGreaterThan(0);
    for (const row of errors) expect(row).toContain(",'=cmd|' /C calc'!A0,");
  });
});
