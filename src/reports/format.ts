/** Text formatting for terminal summaries. */
import stringWidth from 'string-width';
import type { MeanEstimate, RateEstimate } from '../stats/intervals.js';

/**
 * `value` with `digits` decimals, as `toFixed` writes it, except that a value halfway between two
 * (within the error of the arithmetic that made it) goes to the even one. `toFixed` rounds the
 * binary number, which lies a hair to one side of a decimal half: 0.4905 × 100 printed 49.0 and
 * its complement 0.5095 × 100 printed 50.9, two rates of one split that summed to 99.9% (audit
 * 36a). To the even one, a rate and its complement always sum to what their sum prints.
 */
export function fixedHalfEven(value: number, digits: number): string {
  const scaled = value * 10 ** digits;
  const below = Math.floor(scaled);
  // A half within a few units in the last place of the product (k/n, then × 100, then × 10^d:
  // three roundings): a relative 1e-9, as first written, took 123456789.4 for a half (review
  // 37h); no decimal a table shows is that close to a half and not one.
  const text = !Number.isFinite(scaled) || Math.abs(scaled - below - 0.5) > 8 * Number.EPSILON * Math.max(1, Math.abs(scaled)) ? value.toFixed(digits) : ((below % 2 === 0 ? below : below + 1) / 10 ** digits).toFixed(digits);
  // Zero is written one way: toFixed wrote -0.049 as "-0.0" where -0.05 went to "0.0" (review 37h).
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** `value` as {@link fixedHalfEven} writes it, with its sign always: `+1.5`, `-0.3`, `+0.0`. */
export function signedFixed(value: number, digits: number): string {
  const text = fixedHalfEven(value, digits);
  return text.startsWith('-') || Number.isNaN(value) ? text : `+${text}`;
}

/**
 * A rate as a percentage, without the sign: {@link fixedHalfEven} with `digits` decimals, or more
 * where fewer would print a rate short of all or none as all or none. 3,999 wins in 4,000 printed
 * "100.0%" and the one loss "0.0%", which read as certainty (audit 37a); they print 99.98% and
 * 0.02%. At most six decimals more: a rate nearer than that to 0 or 1 prints as it rounds.
 */
export function percentOf(rate: number, digits = 1): string {
  let shown = fixedHalfEven(100 * rate, digits);
  if (!(rate > 0 && rate < 1)) return shown;
  for (let more = digits + 1; more <= digits + 6 && (Number(shown) === 0 || Number(shown) === 100); more++) shown = fixedHalfEven(100 * rate, more);
  return shown;
}

/**
 * A bound of a rate's interval as a percentage, without the sign, with `digits` decimals: rounded
 * to the nearest, or, where that would print it equal to the rate it bounds, rounded away from
 * the rate (a lower bound down, an upper bound up). `100.0% [100.0%, 100.0%]` reads as an interval
 * of zero width, certainty no finite sample gives; `100.0% [99.9%, 100.0%]` does not. Rounding
 * never crosses the printed rate: a bound printed with more decimals than the rate could
 * (`2.5% [2.4%, 2.49%]` for a rate of 2.468% and an upper bound of 2.4934%).
 */
export function percentBound(bound: number, rate: number, digits = 1): string {
  const nearest = fixedHalfEven(100 * bound, digits);
  if (bound === rate || nearest !== fixedHalfEven(100 * rate, digits)) return nearest;
  const scale = 10 ** digits;
  // The tolerance keeps a bound that is a whole number of steps in decimal, but a hair off it in
  // binary (0.07 × 100 = 7.000000000000001), from being pushed a step further out.
  const steps = bound < rate ? Math.floor(bound * 100 * scale + 1e-9) : Math.ceil(bound * 100 * scale - 1e-9);
  return (steps / scale).toFixed(digits);
}

/** `[51.3%, 53.3%]`: a rate's interval, each bound as {@link percentBound} prints it. */
export function percentInterval(estimate: { readonly rate: number; readonly lower: number; readonly upper: number }, digits = 1): string {
  return `[${percentBound(estimate.lower, estimate.rate, digits)}%, ${percentBound(estimate.upper, estimate.rate, digits)}%]`;
}

/** `[ "52.3%", "[51.3%, 53.3%]" ]`, or dashes when there was no sample. */
export function formatRate(estimate: RateEstimate, digits = 1): [string, string] {
  if (estimate.n === 0) return ['-', 'no samples'];
  return [`${percentOf(estimate.rate, digits)}%`, percentInterval(estimate, digits)];
}

/** `34.2 [33.9, 34.5]`; `50.00 (all 10 samples equal)` where there is no interval to give. */
export function formatMean(estimate: MeanEstimate, digits = 2): string {
  if (estimate.n === 0) return '-';
  if (!Number.isFinite(estimate.lower) || !Number.isFinite(estimate.upper)) return `${estimate.mean.toFixed(digits)} (${estimate.note ?? 'no interval'})`;
  const shown = intervalDigits(estimate.lower, estimate.upper, digits);
  return `${estimate.mean.toFixed(shown)} [${estimate.lower.toFixed(shown)}, ${estimate.upper.toFixed(shown)}]`;
}

/**
 * Decimals enough to show an interval's half-width to one significant digit, and at least
 * `digits`: two decimals read a rare event's 0.0325 [0.0301, 0.0350] as "0.03 [0.03, 0.03]",
 * its target 0.03 then "outside the interval" (audit 26a). At most 10.
 */
export function intervalDigits(lower: number, upper: number, digits: number): number {
  const half = (upper - lower) / 2;
  if (!(half > 0) || !Number.isFinite(half)) return digits;
  // A half-width of 0.0001 computed as 0.0000999…: still 4 decimals.
  return Math.min(10, Math.max(digits, Math.ceil(-Math.log10(half) - 1e-9)));
}

/**
 * A plain aligned text table: the first `leftColumns` columns left-aligned (names), the others
 * right-aligned (numbers). Cells are padded by the columns a terminal gives them, not by their
 * UTF-16 length: a seat or card named in Chinese, Japanese or Korean takes two columns a
 * character, an emoji two, an accent written as a combining mark none (audit 36a: such names
 * pushed their rows out of line).
 */
export function table(header: readonly string[], rows: readonly (readonly string[])[], leftColumns = 1): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => stringWidth(row[column] ?? ''))));
  const pad = (cell: string, column: number): string => ' '.repeat(Math.max(0, (widths[column] ?? 0) - stringWidth(cell)));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column < leftColumns ? cell + pad(cell, column) : pad(cell, column) + cell))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * A line for each figure of `results` whose interval carries a caution (a mean skewed past what
 * its units carry: `clusters.ts`'s `meanCaution`), by its metric path, at most `most` of them and
 * a count of the rest; none when no figure has one.
 */
export function cautionLines(summary: { readonly results: unknown; readonly outcomes?: unknown }, most = 8): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: string): void => {
    if (typeof value !== 'object' || value === null) return;
    const caution = (value as Record<string, unknown>)['caution'];
    if (typeof caution === 'string') found.push(`Caution: ${path}: ${caution}.`);
    for (const [key, child] of Object.entries(value)) if (key !== 'caution') visit(child, path === '' ? key : `${path}.${key}`);
  };
  // Paths as check, compare and sweep name metrics: results' without a prefix, outcomes' under "outcomes".
  visit(summary.results, '');
  visit(summary.outcomes, 'outcomes');
  if (found.length <= most) return found;
  return [...found.slice(0, most), `(and ${found.length - most} more figures with a caution: summary.json has each under "caution")`];
}
