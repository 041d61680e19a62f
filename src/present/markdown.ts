/**
 * Text set into Markdown pages (report.md, the check and ladder summaries): names and values come
 * from scenarios, agents and game modules, so nothing in them may end a table cell, start a row,
 * or be rendered as HTML by a preview that does not sanitise it.
 */

/** Text for a table cell: `|` escaped, HTML characters and a link's brackets as entities, line breaks as spaces. */
export function markdownCell(text: string): string {
  return withoutMarkup(text).replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}

/**
 * A code span for a table cell: fenced with more backticks than any run inside it, `|` escaped
 * (GitHub's tables split on it even inside code), line breaks as spaces.
 */
export function markdownCode(text: string): string {
  return codeSpan(text.replace(/\|/g, '\\|'));
}

/** A code span outside a table (a command to copy): as {@link markdownCode}, but `|` as it is. */
export function markdownInlineCode(text: string): string {
  return codeSpan(text);
}

/**
 * The scenario author's own Markdown (a description): kept as Markdown (emphasis, lists, headings,
 * code spans), but HTML in it shown rather than rendered, and links shown as text: a link's closing
 * bracket becomes an entity, which CommonMark never reads as part of a link, so no scheme, escape
 * or label can make one (a `javascript:` link would run in a preview that does not sanitise
 * links). Code spans, found
 * as CommonMark finds them, are left as they are, where entities would show literally.
 */
export function markdownProse(text: string): string {
  return codeSpansAndProse(text)
    .map((part) => (part.code ? part.text : withoutMarkup(part.text)))
    .join('');
}

/**
 * HTML characters as entities, and a closing bracket that a link would need next to what follows
 * it (`](`, `][`, `]:`): no tag, autolink, link, image or link definition can form, and brackets
 * standing alone (an interval, `[37.5%, 56.7%]`) stay as they are.
 */
function withoutMarkup(text: string): string {
  return escapeTags(text).replace(/\](?=[([:])/g, '&#93;');
}

/**
 * `text` cut into code spans and the rest: a run of n backticks opens a span that the next run of
 * exactly n on the same line closes; with none, the run is literal text. A backslash outside a
 * span makes the next character literal (so an escaped backtick opens nothing); inside one it is
 * itself. CommonMark lets a span run over lines of one paragraph but never across blocks (a blank
 * line, a list item, a quote), and a link definition's label may hold a backtick: taking only
 * one-line spans as code, everything else is escaped, never the reverse (review 24d: a span paired
 * across paragraphs let a link and a tag through).
 */
function codeSpansAndProse(text: string): { code: boolean; text: string }[] {
  const parts: { code: boolean; text: string }[] = [];
  let start = 0;
  let at = 0;
  while (at < text.length) {
    if (text[at] === '\\') {
      at += 2;
      continue;
    }
    if (text[at] !== '`') {
      at++;
      continue;
    }
    const open = backtickRunEnd(text, at);
    const length = open - at;
    let close = -1;
    for (let next = open; next < text.length; ) {
      if (text[next] === '\n' || text[next] === '\r') break;
      if (text[next] !== '`') {
        next++;
        continue;
      }
      const end = backtickRunEnd(text, next);
      if (end - next === length) {
        close = end;
        break;
      }
      next = end;
    }
    if (close < 0) {
      at = open;
      continue;
    }
    if (at > start) parts.push({ code: false, text: text.slice(start, at) });
    parts.push({ code: true, text: text.slice(at, close) });
    start = at = close;
  }
  if (start < text.length) parts.push({ code: false, text: text.slice(start) });
  return parts;
}

/** Where the run of backticks that starts at `at` ends. */
function backtickRunEnd(text: string, at: number): number {
  let end = at;
  while (text[end] === '`') end++;
  return end;
}

function codeSpan(text: string): string {
  const fence = '`'.repeat(longestBacktickRun(text) + 1);
  const inner = text.replace(/[\r\n]+/g, ' ');
  // A span that starts or ends with a backtick needs a space between it and the fence.
  const pad = inner.startsWith('`') || inner.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${inner}${pad}${fence}`;
}

/** The lines of a fenced block holding `text` as it is: a fence longer than any run of backticks in it. */
export function markdownFenced(text: string, info = 'text'): string[] {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return [`${fence}${info}`, text, fence];
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * `&`, `<` and `>` as entities, so no HTML is rendered; quotes stay as they are (page-kit's
 * escapeHtml writes `&quot;`, which a reader of the raw Markdown would see).
 */
function escapeTags(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
