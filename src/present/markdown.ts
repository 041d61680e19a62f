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
 * The scenario author's own Markdown (a description): emphasis, lists and headings render, but
 * HTML in it is shown rather than rendered and links are shown as text, everywhere, code spans
 * included (where the entities then show as written). Keeping code spans raw was tried and given
 * up: a stretch kept raw is safe only where every renderer reads it as code, and spans over
 * lines, definition labels holding a backtick and GFM table rows each made it not so
 * (reviews 24c to 24e), letting a `javascript:` link or a tag through.
 */
export function markdownProse(text: string): string {
  return withoutMarkup(text);
}

/**
 * HTML characters as entities, and a closing bracket that a link would need next to what follows
 * it (`](`, `][`, `]:`): no tag, autolink, link, image or link definition can form, and brackets
 * standing alone (an interval, `[37.5%, 56.7%]`) stay as they are. Bare URLs are broken too
 * ({@link withoutBareLinks}).
 */
function withoutMarkup(text: string): string {
  return withoutBareLinks(escapeTags(text).replace(/\](?=[([:])/g, '&#93;'));
}

/**
 * An invisible character that joins what is on either side of it (U+2060 WORD JOINER): the text
 * reads, and wraps, as it did.
 */
const WORD_JOINER = '\u2060';

/**
 * `text` with a word joiner where GitHub-flavoured Markdown's autolink extension would start a
 * link from bare text: after the `:` of `scheme://` (`http://`, `https://`, `ftp://` and any
 * other), between `www` and its `.`, and after the `@` of an e-mail address (also in `mailto:`
 * and `xmpp:`).
 * A bare `https://…` in a description or a seat name was a link on GitHub, where the README says
 * none is made (audit 39a F6). An entity (`https&#58;//`) is not enough: cmark-gfm finds e-mail
 * addresses after entities are decoded, and its output was checked for each of these forms.
 */
export function withoutBareLinks(text: string): string {
  // Code (a span, a fenced block) is never linked, and is text to copy: an invisible character
  // in it broke a command pasted from report.md (review 39s R3). Only the text between is changed.
  let out = '';
  let from = 0;
  for (const code of text.matchAll(CODE)) {
    out += breakLinks(text.slice(from, code.index)) + code[0];
    from = code.index + code[0].length;
  }
  return out + breakLinks(text.slice(from));
}

/**
 * A fenced code block (to its closing fence, or the end of the text) or a code span (a run of
 * backticks to the next run of the same length), as CommonMark reads them.
 */
const CODE = /^ {0,3}(`{3,}|~{3,})[^\n]*(?:\n[\s\S]*?(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$(?![\s\S]))|$(?![\s\S]))|$(?![\s\S]))|(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\2(?!`)/gm;

function breakLinks(text: string): string {
  return text
    .replace(/:(?=\/\/)/g, `:${WORD_JOINER}`)
    .replace(/\b(www)(?=\.)/gi, `$1${WORD_JOINER}`)
    // An address's domain has a dot (GFM's rule) and, as a mail domain does, a name of letters
    // last: `decks.plants@1` (a deck as `--deck` names it) and a folder `pkg@1.2.0` stay as typed.
    .replace(/@(?=[\w-]+(?:\.[\w-]+)*\.[A-Za-z])/g, `@${WORD_JOINER}`);
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
