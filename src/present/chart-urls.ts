/**
 * A game module's own charts are Vega-Lite specifications, and Vega-Lite can name resources by
 * URL: `data: { url }` (and a lookup's `from.data.url`) is fetched while `report` draws the page,
 * an `image` mark's `url` is written into the SVG for the browser to load when the page is
 * opened, and an `href` makes a mark a link (a `javascript:` one even crashed Vega's SVG writer;
 * audit 39a F3, F4). A report is one self-contained file with nothing fetched, so such a chart is
 * refused before it is drawn, naming where in its spec the URL is. An image's `url` may be a
 * `data:` URI given as a constant: it holds its content and fetches nothing.
 */


/** A `data:` URI: its content is in it, nothing is fetched. */
function isDataUri(value: unknown): boolean {
  return typeof value === 'string' && /^\s*data:/i.test(value);
}

/** A `url`/`href` that fetches nothing: a `data:` URI, as it is or as an encoding's `{ value }`. */
function isInlineResource(value: unknown): boolean {
  if (isDataUri(value)) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'value' && isDataUri((value as { value: unknown }).value);
}

/**
 * Where `spec` names a resource by URL, as `spec.data.url`, or null when it names none. Inline
 * data rows (`values`, `datasets`) are not searched: a field of theirs called `url` is data, and
 * reaches a page only through an encoding, which is.
 */
export function chartUrlProblem(spec: unknown): string | null {
  const seen = new Set<object>();
  const visit = (value: unknown, path: string): string | null => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return null;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        const found = visit(item, `${path}[${index}]`);
        if (found !== null) return found;
      }
      return null;
    }
    for (const [key, item] of Object.entries(value)) {
      const at = `${path}.${key}`;
      // Data is inline values only, and a link goes nowhere: a `data:` URI there was refused by
      // the loader at drawing, or made a link to a page of its own (review 39s R4, R5).
      if (key === 'href' || (key === 'url' && (path.endsWith('.data') || !isInlineResource(item)))) return at;
      if (key === 'values' || (key === 'datasets' && path === 'spec')) continue;
      const found = visit(item, at);
      if (found !== null) return found;
    }
    return null;
  };
  return visit(spec, 'spec');
}
