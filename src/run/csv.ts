/**
 * CSV text, the one writer behind every CSV file Hordelab writes (matches, event tables, errors,
 * summary tables, metrics, sweeps, round robins), so every file quotes and casts alike.
 */
import { stringify } from 'csv-stringify/sync';
import type { CsvValue } from '../reports/report.js';

const csvOptions = { cast: { boolean: (value: boolean) => (value ? 'true' : 'false') } };

/** CSV text for rows (empty string for none), `true`/`false` for booleans. */
export function csv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.length === 0 ? '' : stringify(rows as CsvValue[][], csvOptions);
}
