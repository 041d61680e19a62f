/**
 * Text set into Markdown pages (report.md, the check and ladder summaries): names and values come
 * from scenarios, agents and game modules, so nothing in them may end a table cell, start a row,
 * or be rendered as HTML by a preview that does not sanitise it.
 */

/** Text for a table cell: `|` escaped, HTML characters as entities, line breaks as spaces. */
export function markdownCell(text: string): string {
  return withoutUnsafeLinks(escapeTags(text)).replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
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
 * The scenario author's own Markdown (a description): kept as Markdown, but HTML in it shown
 * rather than rendered; code spans are left as they are, where entities would show literally.
 */
export function markdownProse(text: string): string {
  return text
    .split(/(`+[^`][\s\S]*?`+)/)
    .map((part, index) => (index % 2 === 1 ? part : withoutUnsafeLinks(escapeTags(part))))
    .join('');
}

/**
 * A link (`[text](dest)`) or link definition (`[label]: dest`, wherever it stands: a list item or
 * a quote holds one too) whose destination names a scheme other than http, https or mailto:
 * `javascript:` runs in a preview that does not sanitise links. CommonMark lets spaces, tabs and
 * one line ending come before the destination.
 */
const BEFORE_DESTINATION = '[ \\t]*(?:\\r?\\n[ \\t]*)?';
const UNSAFE_SCHEME = '(?!(?:https?|mailto):)[a-z][a-z0-9+.-]*:';
const UNSAFE_INLINE_LINK = new RegExp(`\\]\\((?=${BEFORE_DESTINATION}${UNSAFE_SCHEME})`, 'gi');
const UNSAFE_LINK_DEFINITION = new RegExp(`\\[(?=[^\\]]+\\]:${BEFORE_DESTINATION}${UNSAFE_SCHEME})`, 'gi');

/** `text` with links to unsafe schemes left as text: the bracket that would open them escaped, so no link forms. */
function withoutUnsafeLinks(text: string): string {
  return text.replace(UNSAFE_INLINE_LINK, ']\\(').replace(UNSAFE_LINK_DEFINITION, '\\[');
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
