/**
 * Renders Vega-Lite specifications to SVG in Node: vega-lite compiles them to Vega, vega lays
 * them out and writes SVG without a browser or a canvas. The SVG goes into the page as it is,
 * with one addition: each mark's description (vega writes it as `aria-label`) is also given as
 * an SVG `<title>`, which browsers show on hover, so every point, bar and heatmap cell has its
 * tooltip (the estimate and its interval) without a line of script.
 */
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { useArialWidths } from './text-width.js';

useArialWidths();

/** Gives each self-closing mark element with an `aria-label` a `<title>` child holding it. */
export function labelsAsTitles(svg: string): string {
  return svg.replace(/<(path|line|rect|circle|text)((?:\s[^<>]*?)?\saria-label="([^"]*)"[^<>]*?)\/>/g, (_whole, tag: string, attributes: string, label: string) =>
    attributes.includes('role="graphics-symbol"') ? `<${tag}${attributes}><title>${label}</title></${tag}>` : `<${tag}${attributes}/>`,
  );
}

/** One chart's SVG. */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  const vegaSpec = compile(spec as unknown as TopLevelSpec).spec;
  const view = new View(parse(vegaSpec), { renderer: 'none' });
  try {
    return labelsAsTitles(await view.toSVG());
  } finally {
    view.finalize();
  }
}
