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
  const loader = refusingLoader();
  const view = new View(parse(vegaSpec), { renderer: 'none', loader });
  try {
    const svg = await view.toSVG();
    if (loader.attempts.length > 0) throw new Error(`it asked to load ${loader.attempts.map((uri) => JSON.stringify(uri)).join(', ')}; a page fetches nothing`);
    return labelsAsTitles(svg);
  } finally {
    view.finalize();
  }
}

/**
 * A Vega loader that loads nothing and lets no URL but a `data:` URI into the SVG, noting each
 * attempt. Module charts that name a URL are refused before they are drawn (`chart-urls.ts`);
 * this is the second line (audit 39a F3): Vega's own loader would fetch `data.url` over the
 * network while `report` draws, and write an image's or a link's URL into the page.
 */
function refusingLoader(): { attempts: string[]; load(uri: string): Promise<never>; sanitize(uri: string): Promise<{ href: string }>; http(uri: string): Promise<never>; file(path: string): Promise<never> } {
  const attempts: string[] = [];
  const refuse = (uri: string): Promise<never> => {
    attempts.push(uri);
    return Promise.reject(new Error(`a page fetches nothing (asked for ${uri})`));
  };
  return {
    attempts,
    load: refuse,
    http: refuse,
    file: refuse,
    // Resolved, not rejected: Vega's SVG writer throws on a refused link (audit 39a F4). An
    // empty href links nowhere and loads nothing.
    sanitize(uri) {
      if (/^\s*data:/i.test(uri)) return Promise.resolve({ href: uri });
      attempts.push(uri);
      return Promise.resolve({ href: '' });
    },
  };
}
