/** `card-values.html`: the card values' text and a chart per deck, one self-contained page. */
import { escapeHtml } from '../present/page-kit.js';
import { renderSvg } from '../present/render.js';
import type { CardValuesSummary } from './card-values.js';
import { cardValueCharts, formatCardValues } from './card-values-output.js';

/** The page, charts rendered to inline SVG. */
export async function cardValuesPage(summary: CardValuesSummary): Promise<string> {
  const figures: string[] = [];
  for (const chart of cardValueCharts(summary)) {
    figures.push(`<figure><h3>${escapeHtml(chart.title)}</h3><div class="chart">${await renderSvg(chart.spec)}</div><figcaption>${escapeHtml(chart.caption)}</figcaption></figure>`);
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`Card values: ${summary.scenario.name}`)}</title>
<style>body { font-family: Helvetica, Arial, sans-serif; margin: 2rem auto; max-width: 980px; color: #222; padding: 0 1rem; }
figure { margin: 1.5rem 0; } figcaption { color: #555; font-size: 0.85rem; max-width: 640px; } figure .chart svg { max-width: 100%; height: auto; }
pre { background: #f6f6f6; padding: 0.8rem; overflow-x: auto; font-size: 0.78rem; }</style></head>
<body><h1>${escapeHtml(`Card values: ${summary.scenario.name} (${summary.scenario.game})`)}</h1>
<p><code>${escapeHtml(summary.command)}</code></p>
<pre>${escapeHtml(formatCardValues(summary))}</pre>
${figures.join('\n')}
</body></html>
`;
}
