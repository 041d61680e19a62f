/**
 * The single files Hordelab writes where the user names them (`compare --out`, `replay --html`,
 * `check --junit`, `check --markdown`), and how it knows them again: each kind carries a mark at
 * its start (a generator `<meta>` in a page's head, the `<testsuites name="hordelab check">` of
 * JUnit XML, a first-line comment in Markdown), so that running the command again may replace
 * its own earlier file and never someone else's. Only the first few KB are read.
 *
 * Files written before the marks were added are known by the exact start Hordelab gave them.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Each kind of single file, by what it is called in messages. A report page is never written
 * where a user names a single file, but is known, so that naming one for another kind of file
 * says what it is rather than that hordelab did not write it.
 */
export type OwnFileKind = 'compare page' | 'replay page' | 'report page' | 'JUnit report' | 'Markdown summary';

/** The `<meta>` that marks a page written by `hordelab <command>`; it goes in the page's `<head>`. */
export const generatorMeta = (command: 'compare' | 'replay' | 'report'): string => `<meta name="generator" content="hordelab ${command}">`;

/** The first line of `hordelab check --markdown`: hidden where the Markdown is shown. */
export const MARKDOWN_MARK = '<!-- hordelab check -->';

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

const KINDS: readonly (readonly [OwnFileKind, (head: string) => boolean])[] = [
  ['compare page', (head) => isPageOf('compare', head) || (head.startsWith(OLD_PAGE_HEAD) && /^<title>[^<\n]*: comparison — Hordelab<\/title>\n/.test(head.slice(OLD_PAGE_HEAD.length)))],
  ['replay page', (head) => isPageOf('replay', head) || (head.startsWith(OLD_PAGE_HEAD) && /^<title>[^<\n]*: match \d+ of [^<\n]* — Hordelab replay<\/title>\n/.test(head.slice(OLD_PAGE_HEAD.length)))],
  ['report page', (head) => isPageOf('report', head) || (head.startsWith(OLD_PAGE_HEAD) && /^<title>[^<\n]* — Hordelab report<\/title>\n/.test(head.slice(OLD_PAGE_HEAD.length)))],
  ['JUnit report', (head) => head.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="hordelab check" ')],
  [
    'Markdown summary',
    (head) => head.startsWith(`${MARKDOWN_MARK}\n`) || head.startsWith('## Balance checks\n\n| check | result | metric | estimate [interval] | band | matches | why |\n'),
  ],
];

/** The kind of Hordelab file `head` (a file's first bytes) starts, or null for anything else. */
export function ownFileKind(head: string): OwnFileKind | null {
  return KINDS.find(([, test]) => test(head))?.[0] ?? null;
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
