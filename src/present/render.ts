/**
 * Renders Vega-Lite specifications to SVG in Node: vega-lite compiles them to Vega, vega lays
 * them out and writes SVG without a browser or a canvas. The SVG goes into the page as it is,
 * with one addition: each mark's description (vega writes it as `aria-label`) is also given as
 * an SVG `<title>`, which browsers show on hover, so every point, bar and heatmap cell has its
 * tooltip (the estimate and its interval) without a line of script.
 *
 * vega and vega-lite are imported on the first chart drawn, not when this file loads: they take
 * about half a second to load, and every command that never draws a page (run, check, plan...)
 * would otherwise pay it at start.
 */
import type { TopLevelSpec } from 'vega-lite';
import { useArialWidths } from './text-width.js';

let renderers: Promise<[typeof import('vega'), typeof import('vega-lite')]> | null = null;

/** Gives each self-closing mark element with an `aria-label` a `<title>` child holding it. */
export function labelsAsTitles(svg: string): string {
  return svg.replace(/<(path|line|rect|circle|text)((?:\s[^<>]*?)?\saria-label="([^"]*)"[^<>]*?)\/>/g, (_whole, tag: string, attributes: string, label: string) =>
    attributes.includes('role="graphics-symbol"') ? `<${tag}${attributes}><title>${label}</title></${tag}>` : `<${tag}${attributes}/>`,
  );
}

/** One chart's SVG. */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  renderers ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vegaLite]) => {
    useArialWidths(vega);
    return [vega, vegaLite];
  });
  const [{ parse, View }, { compile }] = await renderers;
  const vegaSpec = compile(spec as unknown as TopLevelSpec).spec;
  const view = new View(parse(vegaSpec), { renderer: 'none' });
  try {
    return labelsAsTitles(await view.toSVG());
  } finally {
    view.finalize();
  }
}
