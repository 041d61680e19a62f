/**
 * CsvBytes, the writer of matches.csv rows as UTF-8 bytes: every byte against csv.ts's own text
 * for the same cells, so the file is the same whichever writer a row takes.
 */
import { describe, expect, it } from 'vitest';
import { formatSeed, matchSeed, matchStream } from '../src/core/rng.js';
import type { CsvValue } from '../src/reports/report.js';
import { csvCells, csvRow } from '../src/run/csv.js';
import { CsvBytes, plainCells } from '../src/run/csv-bytes.js';

describe('CsvBytes: matches.csv rows written as bytes', () => {
  const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
  const cells: CsvValue[] = [
    0, -0, 7, 10, 99, 100, -1, -10, 123456789, 2 ** 31, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER,
    2 ** 53, 1e21, 0.5, -0.25, 1 / 3, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
    '', 'X', 'draw', 'true', '=HYPERLINK("x")', '+1', '-0.5', '@me', 'a,b', 'say "hi"', 'two\nlines', 'café', '🧟 horde', '\u0000',
    true, false,
  ];

  it('writes each cell as csvCells does, encoded as UTF-8, however often it comes', () => {
    for (let round = 0; round < 2; round++) {
      for (const cell of cells) {
        const bytes = new CsvBytes(16);
        expect(bytes.cell(cell)).toBe(true);
        expect(utf8(bytes.take()), String(cell)).toBe(csvCells([cell]));
      }
    }
  });

  it('writes rows of mixed cells as csvRow does, growing from a small buffer', () => {
    const rng = matchStream(matchSeed(5, 0), 'csv-bytes');
    const bytes = new CsvBytes(16);
    let expected = '';
    for (let row = 0; row < 500; row++) {
      const index = rng.int(2 ** 30);
      const seed = { hi: rng.nextUint32(), lo: rng.nextUint32() };
      const picked = Array.from({ length: rng.int(5) }, () => cells[rng.int(cells.length)] as CsvValue);
      bytes.index(index);
      bytes.comma();
      bytes.seed(seed.hi, seed.lo);
      for (const cell of picked) {
        bytes.comma();
        bytes.cell(cell);
      }
      bytes.newline();
      expected += csvRow([index, formatSeed(seed), ...picked]);
    }
    expect(utf8(bytes.take())).toBe(expected);
  });

  it('writes seeds with every digit, as formatSeed does, and text as it is', () => {
    const bytes = new CsvBytes(4);
    for (const [hi, lo] of [[0, 0], [0, 1], [0xffffffff, 0xffffffff], [0x0000abcd, 0x12000000]] as const) bytes.seed(hi, lo);
    bytes.text('é,"x"\n');
    bytes.raw(new TextEncoder().encode(',random'));
    expect(utf8(bytes.take())).toBe(`${formatSeed({ hi: 0, lo: 0 })}${formatSeed({ hi: 0, lo: 1 })}ffffffffffffffff0000abcd12000000é,"x"\n,random`);
  });

  it('refuses, writing nothing, a cell that is not a number, text or a boolean; plainCells tells such rows apart', () => {
    const bytes = new CsvBytes();
    bytes.text('a');
    for (const odd of [null, undefined, { x: 1 }, [1], 10n]) expect(bytes.cell(odd as unknown as CsvValue)).toBe(false);
    expect(utf8(bytes.take())).toBe('a');
    expect(plainCells([1, 'x', true])).toBe(true);
    expect(plainCells([1, null])).toBe(false);
    expect(plainCells([undefined])).toBe(false);
    expect(plainCells([])).toBe(true);
  });

  it('hands out a copy: writing on does not change bytes already taken', () => {
    const bytes = new CsvBytes(4);
    bytes.text('abc');
    const taken = bytes.take();
    bytes.text('defgh');
    expect(utf8(taken)).toBe('abc');
    expect(utf8(bytes.take())).toBe('abcdefgh');
  });
});

describe('CsvBytes remembers text cells, a bounded number', () => {
  it('encodes a repeated text cell once, and keeps no more than 1,024 of them', () => {
    const bytes = new CsvBytes();
    bytes.cell('X');
    bytes.cell('X');
    bytes.cell(3);
    bytes.cell(true);
    expect([...bytes.cells.keys()]).toEqual(['X']);
    for (let i = 0; i < 2000; i++) bytes.cell(`name ${i}`);
    expect(bytes.cells.size).toBe(1024);
    expect(bytes.cells.has('name 1022')).toBe(true);
    expect(bytes.cells.has('name 1023')).toBe(false);
  });
});
