/** Text formatting for terminal summaries. */
import type { MeanEstimate, RateEstimate } from '../stats/intervals.js';

/**
 * A bound of a rate's interval as a percentage, without the sign: with `digits` decimals, or with up to four more
 * when those would print it equal to the rate it bounds. `100.0% [100.0%, 100.0%]` reads as an
 * interval of zero width, certainty no finite sample gives; `100.0% [99.963%, 100.0%]` does not.
 */
export function percentBound(bound: number, rate: number, digits = 1): string {
  let places = digits;
  const rateText = (value: number, at: number): string => (value * 100).toFixed(at);
  while (bound !== rate && places < digits + 4 && rateText(bound, places) === rateText(rate, places)) places++;
  return rateText(bound, places);
}

/** `[51.3%, 53.3%]`: a rate's interval, each bound as {@link percentBound} prints it. */
export function percentInterval(estimate: { readonly rate: number; readonly lower: number; readonly upper: number }, digits = 1): string {
  return `[${percentBound(estimate.lower, estimate.rate, digits)}%, ${percentBound(estimate.upper, estimate.rate, digits)}%]`;
}

/** `[ "52.3%", "[51.3%, 53.3%]" ]`, or dashes when there was no sample. */
export function formatRate(estimate: RateEstimate, digits = 1): [string, string] {
  if (estimate.n === 0) return ['-', 'no samples'];
  return [`${(estimate.rate * 100).toFixed(digits)}%`, percentInterval(estimate, digits)];
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
