/**
 * Text widths for laying out charts without a browser. Vega measures text on a canvas when one
 * exists; in Node it has none and guesses 0.8 em per character, half again the real width of
 * Helvetica or Arial, so label columns came out far too wide and long labels were cut. This
 * gives vega the real advance widths of Arial (metric-compatible with Helvetica and Liberation
 * Sans, the fonts the pages ask for), which is what the browser will draw. (It reaches the copy
 * of vega's scene graph that lays charts out; the SVG writer's own copy still guesses when it
 * cuts a label at its limit, so limits are set with room for that guess: see `chart-kit.ts`.)
 */

/** Advance widths in thousandths of an em of Arial's printable ASCII, from the space (32) to "~" (126). */
const ARIAL = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611,
  778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556,
  556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** Characters outside ASCII (−, ·, ×, ≤, ◇): about as wide as a digit, a little more to be safe. */
const OTHER = 600;
/** Bold Arial runs about 8% wider. */
const BOLD = 1.08;

/** The width in pixels of `text` in Arial at `fontSize`, bold or not. */
export function arialWidth(text: string, fontSize: number, bold = false): number {
  let thousandths = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    thousandths += code >= 32 && code <= 126 ? (ARIAL[code - 32] as number) : OTHER;
  }
  return (thousandths / 1000) * fontSize * (bold ? BOLD : 1);
}

interface TextItem {
  readonly fontSize?: number;
  readonly fontWeight?: string | number;
  readonly limit?: number;
}

/**
 * Makes vega measure text with Arial's widths. A label longer than its item's `limit` is drawn
 * cut to the limit, so it is measured as the limit.
 */
export function useArialWidths(vega: object): void {
  // vega exports textMetrics at run time (vl-convert sets it the same way); its typings omit it.
  const { textMetrics } = vega as { textMetrics?: { width: (item: TextItem, text: unknown) => number } };
  if (textMetrics === undefined) return;
  textMetrics.width = (item: TextItem, text: unknown): number => {
    const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
    const bold = item.fontWeight === 'bold' || (typeof item.fontWeight === 'number' && item.fontWeight >= 600);
    const width = arialWidth(text == null ? '' : String(text).trim(), size, bold);
    return item.limit !== undefined && item.limit > 0 ? Math.min(width, item.limit) : width;
  };
}
