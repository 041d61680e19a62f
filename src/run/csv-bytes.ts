/**
 * CSV rows written straight into UTF-8 bytes, for `matches.csv`: one row per match, so building
 * each row as a string, joining the rows and encoding them again on the main thread was a sixth
 * of a short game's time in a worker. The bytes are exactly those of `csvRow` (`csv.ts`) encoded
 * as UTF-8: numbers as `String(n)` writes them, text cells through `csvCells` (remembered for the
 * few distinct values a report writes, such as a winner's name).
 */
import type { CsvValue } from '../reports/report.js';
import { csvCells } from './csv.js';

const encoder = new TextEncoder();

/** Distinct text cells remembered per writer: enough for a report's names and labels, bounded for one that writes free text. */
const REMEMBERED_CELLS = 1024;

const COMMA = 0x2c;
const NEWLINE = 0x0a;
const ZERO = 0x30;
const MINUS = 0x2d;
/** Lowercase hex digits, as `formatSeed` writes a seed. */
const HEX = encoder.encode('0123456789abcdef');
/** Booleans as csv.ts casts them. */
const TRUE = encoder.encode('true');
const FALSE = encoder.encode('false');

/** A growing buffer of CSV bytes. */
export class CsvBytes {
  private bytes: Uint8Array;
  private length = 0;
  /** Text cells already encoded, at most {@link REMEMBERED_CELLS}. */
  readonly cells = new Map<string, Uint8Array>();

  constructor(capacity = 1 << 12) {
    // Stryker disable next-line MethodExpression: a smaller start only grows sooner, to the same bytes
    this.bytes = new Uint8Array(Math.max(16, capacity));
  }

  /** The bytes written so far, as a copy sized to them. */
  take(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }

  /** Room for `more` bytes after what is written. */
  private reserve(more: number): void {
    const needed = this.length + more;
    // Stryker disable next-line EqualityOperator: (<) growing when exactly full changes only the buffer's size
    if (needed <= this.bytes.length) return;
    // Stryker disable next-line MethodExpression,ArithmeticOperator: growing to just what is needed writes the same bytes, only more often
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** A line end. */
  newline(): void {
    this.reserve(1);
    this.bytes[this.length++] = NEWLINE;
  }

  /** A comma, before every cell but a row's first. */
  comma(): void {
    this.reserve(1);
    this.bytes[this.length++] = COMMA;
  }

  /** Bytes as they are (a seating's cells, encoded once). */
  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Text encoded as UTF-8, as it is (a row csv.ts has already written). */
  text(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.length += encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
  }

  /** A whole number from 0 to 2^53 − 1, in decimal: a match index. */
  index(value: number): void {
    this.reserve(16);
    this.digits(value);
  }

  /** A 64-bit seed's two 32-bit words as 16 lowercase hex digits, as `formatSeed` writes them. */
  seed(hi: number, lo: number): void {
    this.reserve(16);
    const bytes = this.bytes;
    let at = this.length;
    for (let shift = 28; shift >= 0; shift -= 4) bytes[at++] = HEX[(hi >>> shift) & 0xf] as number;
    for (let shift = 28; shift >= 0; shift -= 4) bytes[at++] = HEX[(lo >>> shift) & 0xf] as number;
    this.length = at;
  }

  /**
   * One cell as `csvCells` writes it; false, with nothing written, for a value it cannot write
   * (see {@link plainCells}: the caller then writes the row through csv-stringify).
   */
  cell(value: CsvValue): boolean {
    if (typeof value === 'number') {
      // Whole numbers digit by digit (-0 as 0, as String writes it); the rest as String writes them.
      // Stryker disable next-line ConditionalExpression: (false) String writes whole numbers the same; the digits only save a string
      if (Number.isSafeInteger(value)) {
        this.reserve(17);
        if (value < 0) {
          this.bytes[this.length++] = MINUS;
          this.digits(-value);
        } else {
          this.digits(value);
        }
      } else {
        this.text(String(value));
      }
      return true;
    }
    if (typeof value === 'boolean') {
      this.raw(value ? TRUE : FALSE);
      return true;
    }
    if (typeof value !== 'string') return false;
    let bytes = this.cells.get(value);
    // Stryker disable next-line ConditionalExpression: (true) encoding the cell again gives the same bytes
    if (bytes === undefined) {
      bytes = encoder.encode(csvCells([value]) as string);
      if (this.cells.size < REMEMBERED_CELLS) this.cells.set(value, bytes);
    }
    this.raw(bytes);
    return true;
  }

  /** `value` (a whole number from 0 to 2^53 − 1) in decimal; room reserved by the caller. */
  private digits(value: number): void {
    const bytes = this.bytes;
    if (value < 10) {
      bytes[this.length++] = ZERO + value;
      return;
    }
    let digits = 0;
    for (let rest = value; rest >= 1; rest = Math.floor(rest / 10)) digits++;
    let at = this.length + digits;
    this.length = at;
    for (let rest = value; rest >= 1; rest = Math.floor(rest / 10)) bytes[--at] = ZERO + (rest % 10);
  }
}

/** Whether every cell of `row` is a number, text or a boolean: the cells {@link CsvBytes.cell} writes. */
export function plainCells(row: readonly unknown[]): boolean {
  for (let i = 0; i < row.length; i++) {
    const type = typeof row[i];
    if (type !== 'number' && type !== 'string' && type !== 'boolean') return false;
  }
  return true;
}
