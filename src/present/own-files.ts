/**
 * The single files Hordelab writes where the user names them (`compare --out`, `replay --html`,
 * `check --junit`, `check --markdown`), and how it knows them again: each kind carries a mark at
 * its start (a generator `<meta>` in a page's head, the `<testsuites name="hordelab check">` of
 * JUnit XML, a first-line comment in Markdown), so that running the command again may replace
 * its own earlier file and never someone else's. Only the first few KB are read to tell the kind.
 *
 * The mark also records the SHA-256 of the whole file as written (see {@link sealOwnFile}), so
 * that a file of Hordelab's that someone added to or changed since (a `$GITHUB_STEP_SUMMARY`
 * that a workflow appended its own lines to) is told from one still as written, and is not
 * replaced with their lines lost (audit 41b F1).
 *
 * Files written before the marks were added, and before the marks recorded a digest, are known
 * by the exact start Hordelab gave them, as before: nothing in them says what else was written.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

/**
 * Each kind of single file, by what it is called in messages. A report page is never written
 * where a user names a single file, but is known, so that naming one for another kind of file
 * says what it is rather than that hordelab did not write it.
 */
export type OwnFileKind = 'compare page' | 'replay page' | 'report page' | 'JUnit report' | 'Markdown summary';

/** The `<meta>` that marks a page written by `hordelab <command>`; it goes in the page's `<head>`. */
export const generatorMeta = (command: 'compare' | 'replay' | 'report'): string => `<meta name="generator" content="hordelab ${command}">`;

/**
 * Where a mark's digest stands until the file is sealed: the digest is of the file's bytes with
 * these 64 zeros in its place, so that the mark can hold the digest of the file it is part of.
 */
const UNSEALED = '0'.repeat(64);

/** What stands just before the digest in the comment that marks `check`'s files. */
const CHECK_DIGEST_BEFORE = '<!-- hordelab check sha256=';

/**
 * The first line of `hordelab check --markdown`, hidden where the Markdown is shown; the digest
 * is filled in as the file is written ({@link sealOwnFile}).
 */
export const MARKDOWN_MARK = `${CHECK_DIGEST_BEFORE}${UNSEALED} -->`;

/** The JUnit file's mark: the same comment, on the line after the XML declaration. */
export const JUNIT_MARK = MARKDOWN_MARK;

/** The first line of a summary written before the mark recorded a digest. */
const OLD_MARKDOWN_MARK = '<!-- hordelab check -->';

/** The XML declaration that starts `hordelab check --junit`. */
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** What stands just before the digest in the `<meta>` a compare or replay page records it in, beside its generator `<meta>`. */
const PAGE_DIGEST_BEFORE = '<meta name="hordelab-sha256" content="';

/**
 * The `<meta>` that records a compare or replay page's digest, right after its generator `<meta>`.
 * A report page has none: it is written into a folder whose mark records each file's digest.
 */
export const PAGE_DIGEST_META = `${PAGE_DIGEST_BEFORE}${UNSEALED}">`;

/** How many bytes from the start are read to tell a file's kind. */
export const HEAD_BYTES = 4096;

/** A page of Hordelab's: a doctype first, the generator `<meta>` before the end of the head. */
function isPageOf(command: 'compare' | 'replay' | 'report', head: string): boolean {
  if (!head.startsWith('<!doctype html>\n')) return false;
  const end = head.indexOf('</head>');
  return head.slice(0, end === -1 ? head.length : end).includes(generatorMeta(command));
}

/** The head every page had before the generator `<meta>`: only the title differs. */
const OLD_PAGE_HEAD = '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n';

/** Each kind by its mark as now written, or by the start an earlier version gave it. */
const KINDS: readonly (readonly [OwnFileKind, (head: string) => boolean])[] = [
  ['compare page', (head) => isPageOf('compare', head) || (head.startsWith(OLD_PAGE_HEAD) && /^<title>[^<\n]*: comparison — Hordelab<\/title>\n/.test(head.slice(OLD_PAGE_HEAD.length)))],
  ['replay page', (head) => isPageOf('replay', head) || (head.startsWith(OLD_PAGE_HEAD) && /^<title>[^<\n]*: match \d+ of [^<\n]* — Hordelab replay<\/title>\n/.test(head.slice(OLD_PAGE_HEAD.length)))],
  ['report page', (head) => isPageOf('report', head) || (head.startsWith(OLD_PAGE_HEAD) && /^<title>[^<\n]* — Hordelab report<\/title>\n/.test(head.slice(OLD_PAGE_HEAD.length)))],
  ['JUnit report', (head) => head.startsWith(`${XML_DECLARATION}<testsuites name="hordelab check" `) || startsWithCheckMark(head, XML_DECLARATION, '<testsuites name="hordelab check" ')],
  [
    'Markdown summary',
    (head) =>
      startsWithCheckMark(head, '', '') ||
      head.startsWith(`${OLD_MARKDOWN_MARK}\n`) ||
      head.startsWith('## Balance checks\n\n| check | result | metric | estimate [interval] | band | matches | why |\n'),
  ],
];

/** Whether `head` starts with `before`, then `check`'s mark recording a digest on a line of its own, then `after`. */
function startsWithCheckMark(head: string, before: string, after: string): boolean {
  if (!head.startsWith(`${before}${CHECK_DIGEST_BEFORE}`)) return false;
  const rest = head.slice(before.length + CHECK_DIGEST_BEFORE.length);
  return /^[0-9a-f]{64} -->\n/.test(rest) && rest.slice(UNSEALED.length + ' -->\n'.length).startsWith(after);
}

/**
 * The kind of Hordelab file `head` (a file's first bytes) starts, or null for anything else.
 * A file of Hordelab's that a checkout or an editor gave CRLF line ends is still known as
 * Hordelab's where its mark records a digest, which then finds it changed, rather than said not
 * to be Hordelab's at all (review 41s F4). An older start with CRLF line ends stays unknown:
 * Hordelab never wrote one, and such a file is trusted by its start alone, so knowing it would
 * replace a user's file that merely begins like one (review 42r F1).
 */
export function ownFileKind(head: string): OwnFileKind | null {
  const kind = KINDS.find(([, test]) => test(head))?.[0] ?? null;
  // Stryker disable next-line MethodExpression,StringLiteral: (includes("")) a head without CRLF reads the same with its CRLF replaced; the test only spares the second reading
  if (kind !== null || !head.includes('\r\n')) return kind;
  const lineFeedsOnly = head.replace(/\r\n/g, '\n');
  const crlfKind = KINDS.find(([, test]) => test(lineFeedsOnly))?.[0] ?? null;
  // Stryker disable next-line ConditionalExpression,StringLiteral: (true) no kind has no digest to find, so null either way; ("") an empty encoding is UTF-8
  return crlfKind !== null && digestOffset(crlfKind, Buffer.from(lineFeedsOnly, 'utf8')) !== null ? crlfKind : null;
}

/** Where `before` (its line ends `\n`) ends in `bytes`, searching from `from`, read with `\n` or `\r\n` line ends; -1 when neither is there. */
function endOf(bytes: Buffer, before: string, from: 'start' | 'anywhere'): number {
  for (const form of [before, before.replace(/\n/g, '\r\n')]) {
    const at = from === 'start' ? (bytes.subarray(0, Buffer.byteLength(form)).toString('latin1') === form ? 0 : -1) : bytes.indexOf(form);
    if (at !== -1) return at + Buffer.byteLength(form);
  }
  return -1;
}

/** The first {@link HEAD_BYTES} of the regular file `path`, as text; throws the file system's error. */
export function readHead(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const length = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Where the digest that the mark of `bytes` (a file of `kind`) records begins, or null where its
 * mark records none: a report page, or a file written before marks recorded digests.
 */
function digestOffset(kind: OwnFileKind, bytes: Buffer): number | null {
  switch (kind) {
    case 'Markdown summary':
      return bytes.subarray(0, CHECK_DIGEST_BEFORE.length).toString('latin1') === CHECK_DIGEST_BEFORE ? CHECK_DIGEST_BEFORE.length : null;
    case 'JUnit report': {
      const end = endOf(bytes, `${XML_DECLARATION}${CHECK_DIGEST_BEFORE}`, 'start');
      return end === -1 ? null : end;
    }
    case 'compare page':
    case 'replay page': {
      // Right after the generator <meta>, in the head: a page that only quotes it further on is not marked by it.
      const end = endOf(bytes, `${generatorMeta(kind === 'compare page' ? 'compare' : 'replay')}\n${PAGE_DIGEST_BEFORE}`, 'anywhere');
      const headEnd = bytes.indexOf('</head>');
      return end === -1 || (headEnd !== -1 && end > headEnd) ? null : end;
    }
    case 'report page':
      return null;
  }
}

/** The SHA-256 (hex) of `bytes` with the 64 bytes of the digest at `offset` read as zeros. */
function digestWithout(bytes: Buffer, offset: number): string {
  const blanked = Buffer.from(bytes);
  blanked.fill('0', offset, Math.min(offset + UNSEALED.length, blanked.length));
  return createHash('sha256').update(blanked).digest('hex');
}

/**
 * `text`, a file of `kind` as a writer builds it, with its mark's digest filled in: the SHA-256 of
 * its UTF-8 bytes with the digest's place zeros. The same text seals to the same bytes. Text
 * whose mark holds no unfilled digest is returned as it is.
 */
export function sealOwnFile(kind: OwnFileKind, text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const offset = digestOffset(kind, bytes);
  if (offset === null || bytes.subarray(offset, offset + UNSEALED.length).toString('latin1') !== UNSEALED) return text;
  bytes.write(digestWithout(bytes, offset), offset, 'latin1');
  return bytes.toString('utf8');
}

/**
 * Whether the file at `path`, of `kind` by its start, holds exactly what Hordelab wrote there:
 * its bytes match the digest its mark records. A file whose mark records none (written before
 * marks recorded digests) is taken as it was before, by its start alone. Throws the file system's error.
 */
export function holdsOnlyWhatWasWritten(path: string, kind: OwnFileKind): boolean {
  const bytes = readFileSync(path);
  const offset = digestOffset(kind, bytes);
  if (offset === null) return true;
  return bytes.subarray(offset, offset + UNSEALED.length).toString('latin1') === digestWithout(bytes, offset);
}
