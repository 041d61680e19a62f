/**
 * CSV text, the one writer behind every CSV file Hordelab writes (matches, event tables, errors,
 * summary tables, metrics, sweeps, round robins), so every file quotes, casts and neutralises
 * alike.
 *
 * Formula injection (OWASP, "CSV Injection"): a spreadsheet opening a CSV runs a cell that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, so an agent named
 * `=HYPERLINK(...)` would become a link in a designer's spreadsheet. Such text cells get a
 * leading `'`, which spreadsheets show as text. Numbers stay numbers: a number cell (`-3`) and
 * text that is exactly a decimal number (`-0.5`, a swept parameter's value) are left as they
 * are, since a spreadsheet reads them as numbers, never as formulas.
 */
import { stringify } from 'csv-stringify/sync';
import type { CsvValue } from '../reports/report.js';

const csvOptions = { cast: { boolean: (value: boolean) => (value ? 'true' : 'false') } };

const FORMULA_START = /^[=+\-@\t\r]/;
const DECIMAL_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A cell as written: text that a spreadsheet would run as a formula gets a leading `'`. */
export function neutraliseCell(value: CsvValue): CsvValue {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || DECIMAL_NUMBER.test(value)) return value;
  return `'${value}`;
}

/**
 * CSV text for rows (empty string for none), `true`/`false` for booleans, formula-like text
 * neutralised. The bytes are csv-stringify's with the options above (a cell is quoted when it
 * holds a comma, a double quote, CR or LF, its quotes doubled; every record ends in `\n`):
 * rows of strings, numbers and booleans are written here directly, since a run writes one row
 * per match and csv-stringify's per-cell option handling was a visible share of a worker's
 * time; anything else goes through csv-stringify itself.
 */
export function csv(rows: readonly (readonly CsvValue[])[]): string {
  if (rows.length === 0) return '';
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const cell = cellText(row[i]);
      if (cell === null) return stringifiedCsv(rows);
      text += i === 0 ? cell : `,${cell}`;
    }
    text += '\n';
  }
  return text;
}

/**
 * One row of {@link csv}'s text, ending in `\n`: the same bytes as that row's share of `csv(rows)`
 * (csv-stringify writes each record on its own), for writers that keep finished rows as text
 * rather than as arrays of cells.
 */
export function csvRow(row: readonly CsvValue[]): string {
  const cells = csvCells(row);
  return cells === null ? stringifiedCsv([row]) : `${cells}\n`;
}

/** The cells of a row joined by commas, without the line end; null when a cell needs csv-stringify. */
export function csvCells(row: readonly CsvValue[]): string | null {
  let text = '';
  for (let i = 0; i < row.length; i++) {
    const cell = cellText(row[i]);
    if (cell === null) return null;
    text += i === 0 ? cell : `,${cell}`;
  }
  return text;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** A cell as csv-stringify writes it, or null for a value it would cast some other way. */
function cellText(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'string') return null;
  const text = neutraliseCell(value) as string;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function stringifiedCsv(rows: readonly (readonly CsvValue[])[]): string {
  return stringify(
    rows.map((row) => row.map(neutraliseCell)),
    csvOptions,
  );
}
