/** Text formatting for terminal summaries. */
import type { MeanEstimate, RateEstimate } from '../stats/intervals.js';

/** `[ "52.3%", "[51.3%, 53.3%]" ]`, or dashes when there was no sample. */
export function formatRate(estimate: RateEstimate, digits = 1): [string, string] {
  if (estimate.n === 0) return ['-', 'no samples'];
  const pct = (value: number): string => `${(value * 100).toFixed(digits)}%`;
  return [pct(estimate.rate), `[${pct(estimate.lower)}, ${pct(estimate.upper)}]`];
}

/** `34.2 [33.9, 34.5]`; `50.00 (all 10 samples equal)` where there is no interval to give. */
export function formatMean(estimate: MeanEstimate, digits = 2): string {
  if (estimate.n === 0) return '-';
  if (!Number.isFinite(estimate.lower) || !Number.isFinite(estimate.upper)) return `${estimate.mean.toFixed(digits)} (${estimate.note ?? 'no interval'})`;
  return `${estimate.mean.toFixed(digits)} [${estimate.lower.toFixed(digits)}, ${estimate.upper.toFixed(digits)}]`;
}

/** A plain aligned text table: the first `leftColumns` columns left-aligned (names), the others right-aligned (numbers). */
export function table(header: readonly string[], rows: readonly (readonly string[])[], leftColumns = 1): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column < leftColumns ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
