/**
 * Renders Vega-Lite specifications to SVG in Node: vega-lite compiles them to Vega, vega lays
 * them out and writes SVG without a browser or a canvas. The SVG goes into the page as it is.
 *
 * vega and vega-lite are imported on the first chart drawn, not when this file loads: they take
 * about half a second to load, and every command that never draws a page (run, check, plan...)
 * would otherwise pay it at start.
 */
import type { TopLevelSpec } from 'vega-lite';

let renderers: Promise<[typeof import('vega'), typeof import('vega-lite')]> | null = null;

/** One chart's SVG. */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  renderers ??= Promise.all([import('vega'), import('vega-lite')]);
  const [{ parse, View }, { compile }] = await renderers;
  const vegaSpec = compile(spec as unknown as TopLevelSpec).spec;
  const view = new View(parse(vegaSpec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
