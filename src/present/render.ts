/**
 * Renders Vega-Lite specifications to SVG in Node: vega-lite compiles them to Vega, vega lays
 * them out and writes SVG without a browser or a canvas. The SVG goes into the page as it is.
 */
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** One chart's SVG. */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  const vegaSpec = compile(spec as unknown as TopLevelSpec).spec;
  const view = new View(parse(vegaSpec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
