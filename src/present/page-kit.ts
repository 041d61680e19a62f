/**
 * What every Hordelab page shares: escaping, the stylesheet, and text blocks that fit the
 * window. Pages are one self-contained file each (inline CSS and SVG), readable from disk.
 */

/** Text made safe inside HTML elements and attributes. */
export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The stylesheet of report, sweep and compare pages. */
export const PAGE_STYLE = `
body { font-family: Helvetica, Arial, sans-serif; margin: 2rem auto; max-width: 980px; color: #222; padding: 0 1rem; line-height: 1.4; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; } h3 { font-size: 1.02rem; margin: 1.2rem 0 0.4rem; }
p.lead { color: #555; margin-top: 0; }
table { border-collapse: collapse; font-size: 0.85rem; } td, th { padding: 0.2rem 0.6rem; border-bottom: 1px solid #eee; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.changed td { background: #fff7ed; }
pre { background: #f6f6f6; padding: 0.8rem; overflow-x: auto; font-size: 0.78rem; margin: 0 0 0.6rem; }
code { font-size: 0.9em; overflow-wrap: anywhere; }
figure { margin: 1.5rem 0; } figcaption { color: #555; font-size: 0.85rem; max-width: 720px; }
figure .chart svg { max-width: 100%; height: auto; }
details summary { cursor: pointer; color: #555; }
p.warning { background: #fff4e0; border-left: 4px solid #e69500; padding: 0.5rem 0.8rem; }
`;

/** Average advance of a monospace character, in em (DejaVu Sans Mono, Menlo, Consolas: 0.60–0.61). */
const MONOSPACE_ADVANCE = 0.61;

/**
 * Preformatted text, one `<pre>` per paragraph, each table set in a type size that fits its
 * longest line into the page's width (never larger than the normal size), so a wide table
 * shrinks instead of scrolling sideways and clipping at a 1,000 px window; a paragraph of one
 * line wraps.
 */
export function fittedPre(text: string): string {
  return text
    .split(/\n\s*\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      // A single line is prose: it wraps at the page's edge like prose.
      if (!block.trim().includes('\n')) return `<pre style="white-space: pre-wrap">${escapeHtml(block)}</pre>`;
      const longest = Math.max(...block.split('\n').map((line) => [...line].length));
      // The page's content box is min(980px, window − 2rem); a pre's padding takes 1.6rem more.
      const fit = `calc((min(980px, 100vw - 2rem) - 1.6rem - 20px) / ${(longest * MONOSPACE_ADVANCE).toFixed(2)})`;
      return `<pre style="font-size: min(0.78rem, ${fit})">${escapeHtml(block)}</pre>`;
    })
    .join('\n');
}
