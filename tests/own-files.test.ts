/**
 * How Hordelab knows a single file it wrote where a user named it (src/present/own-files.ts):
 * by the mark at its start, or by the exact start an older version gave it, and whether it still
 * holds what was written by the SHA-256 its mark records. In process and on hand-built texts, so
 * that the module's mutants are measured against it; the rules that act on these answers are in
 * output-folder-rules.test.ts.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  generatorMeta,
  HEAD_BYTES,
  holdsOnlyWhatWasWritten,
  JUNIT_MARK,
  MARKDOWN_MARK,
  ownFileKind,
  PAGE_DIGEST_META,
  readHead,
  sealOwnFile,
  type OwnFileKind,
} from '../src/present/own-files.js';

let work = '';
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'hordelab-own-files-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** The 64 zeros a mark holds in its digest's place until the file is sealed. */
const UNSEALED = '0'.repeat(64);
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A compare or replay page as its writer builds it: generator and digest `<meta>`s in the head. */
function pageOf(command: 'compare' | 'replay', title: string, body: string): string {
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n${generatorMeta(command)}\n${PAGE_DIGEST_META}\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${title}</title>\n<style>p { margin: 0 }</style>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}

/** Each kind that records a digest, as its writer builds it (digest unfilled), with text beyond ASCII. */
const UNSEALED_FILES: readonly (readonly [OwnFileKind, string])[] = [
  ['compare page', pageOf('compare', 'Coin: comparison — Hordelab', '<p>greedy − random: +12 % ✅</p>')],
  ['replay page', pageOf('replay', 'Coin: match 12 of coin.yaml — Hordelab replay', '<p>Zoë wins, returns +1, −1</p>')],
  ['JUnit report', `${XML_DECLARATION}${JUNIT_MARK}\n<testsuites name="hordelab check" tests="1" failures="0" errors="0" skipped="0" time="0.010">\n<testsuite name="coin — façade"></testsuite>\n</testsuites>\n`],
  ['Markdown summary', `${MARKDOWN_MARK}\n## Balance checks\n\n| check | result |\n| --- | --- |\n| coin — fair | ✅ pass |\n`],
];

/** `text` with its first run of 64 zeros (the mark's digest place) replaced by `digest`. */
const withDigest = (text: string, digest: string): string => text.replace(UNSEALED, digest);

/** A file under the scratch folder holding `content`; its path. */
function fileHolding(name: string, content: string | Buffer): string {
  const path = join(work, name);
  writeFileSync(path, content);
  return path;
}

/** The head every page had before the generator `<meta>`: only the title differs. */
const OLD_PAGE_HEAD = '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n';
const oldPage = (titleLine: string): string => `${OLD_PAGE_HEAD}${titleLine}\n<style>p { margin: 0 }</style>\n</head>\n<body>\n</body>\n</html>\n`;
const OLD_JUNIT = `${XML_DECLARATION}<testsuites name="hordelab check" tests="1" failures="0" errors="0" skipped="0" time="0.010">\n</testsuites>\n`;
const OLD_MARKDOWN = '<!-- hordelab check -->\n## Balance checks\n\n| check | result |\n| --- | --- |\n| coin | ✅ pass |\n';
const OLDEST_MARKDOWN = '## Balance checks\n\n| check | result | metric | estimate [interval] | band | matches | why |\n| --- | --- | --- | --- | --- | ---: | --- |\n';
const A_DIGEST = sha256(Buffer.from('any bytes'));

describe('ownFileKind: each kind by its current mark', () => {
  it.each(UNSEALED_FILES)('a %s as written, unsealed or sealed', (kind, text) => {
    expect(ownFileKind(text)).toBe(kind);
    expect(ownFileKind(sealOwnFile(kind, text))).toBe(kind);
  });

  it('a report page by its generator <meta>, and a page of one command is not taken for another', () => {
    const reportPage = `<!doctype html>\n<html lang="en">\n<head>\n${generatorMeta('report')}\n<title>Coin — Hordelab report</title>\n</head>\n<body></body>\n`;
    expect(ownFileKind(reportPage)).toBe('report page');
    expect(ownFileKind(reportPage.replace(generatorMeta('report'), '<meta name="generator" content="hordelab sweep">'))).toBeNull();
  });

  it('the head read may end before </head>: all of it is searched, up to its last character', () => {
    // A head of HEAD_BYTES can stop right after the generator <meta>, its </head> further on.
    expect(ownFileKind(`<!doctype html>\n<html lang="en">\n<head>\n${generatorMeta('compare')}`)).toBe('compare page');
    expect(ownFileKind(`<!doctype html>\n<html lang="en">\n<head>\n${generatorMeta('replay')}`)).toBe('replay page');
  });

  it('any lowercase hex digest in the check mark, not only zeros', () => {
    expect(ownFileKind(`${MARKDOWN_MARK.replace(UNSEALED, A_DIGEST)}\n`)).toBe('Markdown summary');
    expect(ownFileKind(`${XML_DECLARATION}${JUNIT_MARK.replace(UNSEALED, A_DIGEST)}\n<testsuites name="hordelab check" tests="0">\n`)).toBe('JUnit report');
  });
});

describe('ownFileKind: each kind by the start an older version gave it', () => {
  it.each([
    ['compare page', '<title>Coin: comparison — Hordelab</title>'],
    ['compare page', '<title>Hunting Zombies &amp; co: comparison — Hordelab</title>'],
    ['replay page', '<title>Coin: match 12 of coin.yaml — Hordelab replay</title>'],
    ['replay page', '<title>Coin: match 0 of scenarios/coin fair.yaml — Hordelab replay</title>'],
    ['report page', '<title>Coin — Hordelab report</title>'],
    ['report page', '<title>Hunting Zombies (3 seats) — Hordelab report</title>'],
  ] as const)('an old %s by its head and title %s', (kind, titleLine) => {
    expect(ownFileKind(oldPage(titleLine))).toBe(kind);
  });

  it('an old JUnit report by its unsealed start, an old summary by its comment line, the oldest by its table header', () => {
    expect(ownFileKind(OLD_JUNIT)).toBe('JUnit report');
    expect(ownFileKind(OLD_MARKDOWN)).toBe('Markdown summary');
    expect(ownFileKind(OLDEST_MARKDOWN)).toBe('Markdown summary');
  });
});

describe('ownFileKind: near misses are nobody’s', () => {
  it.each([
    ['an old head with a title of no kind', '<title>My notes</title>'],
    ['an old head with a compare title missing its “— Hordelab”', '<title>Coin: comparison</title>'],
    ['an old head with a replay title without a match number', '<title>Coin: match x of coin.yaml — Hordelab replay</title>'],
    ['an old head with a report title not ending its line', '<title>Coin — Hordelab report</title><title>'],
    ['an old head whose title line comes after a line of its own', '<style></style>\n<title>Coin: comparison — Hordelab</title>'],
    ['an old head with a title split over lines', '<title>Coin\n: comparison — Hordelab</title>'],
  ])('%s', (_, titleLine) => {
    expect(ownFileKind(oldPage(titleLine))).toBeNull();
  });

  it('an old replay title after a line of its own, and an old report title after one, are not known', () => {
    expect(ownFileKind(oldPage('<style></style>\n<title>Coin: match 1 of coin.yaml — Hordelab replay</title>'))).toBeNull();
    expect(ownFileKind(oldPage('<style></style>\n<title>Coin — Hordelab report</title>'))).toBeNull();
  });

  it('a generator <meta> only after </head>, or in a page not starting with its doctype line', () => {
    // A page that quotes the mark in its body is not marked by it.
    expect(ownFileKind(`<!doctype html>\n<html lang="en">\n<head>\n<title>Notes</title>\n</head>\n<body>\n${generatorMeta('compare')}\n</body>\n`)).toBeNull();
    expect(ownFileKind(`<html lang="en">\n<head>\n${generatorMeta('compare')}\n</head>\n`)).toBeNull();
    expect(ownFileKind(`<!DOCTYPE html>\n<html lang="en">\n<head>\n${generatorMeta('replay')}\n</head>\n`)).toBeNull();
    expect(ownFileKind(` <!doctype html>\n<head>\n${generatorMeta('report')}\n</head>\n`)).toBeNull();
  });

  it('a check mark whose digest is 63 or 65 hex digits, in capitals, or not right after “sha256=”', () => {
    const markWith = (digest: string): string => `<!-- hordelab check sha256=${digest} -->\n## Balance checks\n`;
    expect(ownFileKind(markWith(A_DIGEST.slice(1)))).toBeNull();
    expect(ownFileKind(markWith(`${A_DIGEST}a`))).toBeNull();
    expect(ownFileKind(markWith(A_DIGEST.toUpperCase()))).toBeNull();
    expect(ownFileKind(markWith(` ${A_DIGEST}`))).toBeNull();
    expect(ownFileKind(`<!-- hordelab check sha256=${A_DIGEST} -->## Balance checks\n`)).toBeNull();
    // The same length as the mark's start, but not it: the digest's place alone does not make a mark.
    expect(ownFileKind(`<!-- hordelab check sha512=${A_DIGEST} -->\n`)).toBeNull();
    expect(ownFileKind(`<!-- HORDELAB CHECK SHA256=${A_DIGEST} -->\n`)).toBeNull();
  });

  it('a mark not at the very start of the file', () => {
    expect(ownFileKind(`\n${MARKDOWN_MARK}\n`)).toBeNull();
    expect(ownFileKind(` ${OLD_MARKDOWN}`)).toBeNull();
    expect(ownFileKind(`# Notes\n${OLDEST_MARKDOWN}`)).toBeNull();
    expect(ownFileKind(`<?xml version="1.0"?>\n${JUNIT_MARK}\n<testsuites name="hordelab check" tests="1">\n`)).toBeNull();
    expect(ownFileKind(` ${OLD_JUNIT}`)).toBeNull();
    expect(ownFileKind(`\n${oldPage('<title>Coin: comparison — Hordelab</title>')}`)).toBeNull();
  });

  it('a JUnit check mark before some other testsuites, or an old start naming another tool', () => {
    expect(ownFileKind(`${XML_DECLARATION}${JUNIT_MARK}\n<testsuites name="pytest" tests="1">\n`)).toBeNull();
    expect(ownFileKind(`${XML_DECLARATION}<testsuites name="pytest" tests="1">\n`)).toBeNull();
    expect(ownFileKind(`${XML_DECLARATION}<testsuites name="hordelab check">\n`)).toBeNull();
  });

  it('an oldest summary whose table header differs (the header check wrote has no “played by”)', () => {
    expect(ownFileKind(OLDEST_MARKDOWN.replace('| why |', '| played by | why |'))).toBeNull();
    expect(ownFileKind('## Balance checks\n')).toBeNull();
  });
});

describe('ownFileKind reads CRLF line ends as LF where the mark records a digest, and nothing else', () => {
  const crlf = (text: string): string => text.replace(/\n/g, '\r\n');
  it.each(UNSEALED_FILES.map(([kind, text]) => [kind, sealOwnFile(kind, text)] as const))('a %s with CRLF line ends', (kind, text) => {
    expect(ownFileKind(crlf(text))).toBe(kind);
  });

  // Hordelab never wrote CRLF, and a start without a digest is trusted alone: a user's file that
  // merely begins like an old one of Hordelab's, with CRLF, would be replaced (review 42r F1).
  it.each([
    ['compare page', oldPage('<title>Coin: comparison — Hordelab</title>')],
    ['replay page', oldPage('<title>Coin: match 3 of coin.yaml — Hordelab replay</title>')],
    ['report page', oldPage('<title>Coin — Hordelab report</title>')],
    ['JUnit report', OLD_JUNIT],
    ['Markdown summary', OLD_MARKDOWN],
    ['Markdown summary', OLDEST_MARKDOWN],
    ['report page', `<!doctype html>\n<html>\n<head>\n${generatorMeta('report')}\n</head>\n`],
    ['compare page', `<!doctype html>\n<html>\n<head>\n${generatorMeta('compare')}\n</head>\n`],
  ] as const)('an older start of a %s, without a digest, is not known with CRLF line ends', (kind, text) => {
    expect(ownFileKind(text)).toBe(kind);
    expect(ownFileKind(crlf(text))).toBeNull();
  });

  it("an older start with LF line ends is known whatever line ends follow it, and a user's CRLF file is no kind", () => {
    expect(ownFileKind(`${OLD_MARKDOWN}| my own | row |\r\n`)).toBe('Markdown summary');
    expect(ownFileKind('my own notes\r\nsecond line\r\n')).toBeNull();
  });

  it('lone CRs are not line ends', () => {
    expect(ownFileKind(OLD_MARKDOWN.replace(/\n/g, '\r'))).toBeNull();
    expect(ownFileKind(sealOwnFile('Markdown summary', UNSEALED_FILES[3]![1]).replace(/\n/g, '\r'))).toBeNull();
    expect(ownFileKind(OLD_JUNIT.replace(/\n/g, '\r'))).toBeNull();
  });
});

describe('sealOwnFile', () => {
  it.each(UNSEALED_FILES)('a %s: the digest is the SHA-256 of its UTF-8 bytes with the digest’s place zeros', (kind, text) => {
    const sealed = sealOwnFile(kind, text);
    expect(sealed).toBe(withDigest(text, sha256(Buffer.from(text, 'utf8'))));
    expect(sealed).not.toBe(text);
    // The same text seals to the same bytes, and a sealed text is left as it is.
    expect(sealOwnFile(kind, text)).toBe(sealed);
    expect(sealOwnFile(kind, sealed)).toBe(sealed);
  });

  it('a text whose mark holds some other digest (a sealed file since changed) is returned as it is', () => {
    for (const [kind, text] of UNSEALED_FILES) {
      const changed = `${sealOwnFile(kind, text)}one more line\n`;
      expect(sealOwnFile(kind, changed)).toBe(changed);
      const wrongDigest = withDigest(text, A_DIGEST);
      expect(sealOwnFile(kind, wrongDigest)).toBe(wrongDigest);
    }
  });

  it('a text whose mark records no digest (an old start, a report page) is returned as it is', () => {
    expect(sealOwnFile('JUnit report', OLD_JUNIT)).toBe(OLD_JUNIT);
    expect(sealOwnFile('Markdown summary', OLD_MARKDOWN)).toBe(OLD_MARKDOWN);
    expect(sealOwnFile('Markdown summary', OLDEST_MARKDOWN)).toBe(OLDEST_MARKDOWN);
    const oldCompare = oldPage('<title>Coin: comparison — Hordelab</title>');
    expect(sealOwnFile('compare page', oldCompare)).toBe(oldCompare);
    const reportPage = `<!doctype html>\n<head>\n${generatorMeta('report')}\n${PAGE_DIGEST_META}\n</head>\n`;
    expect(sealOwnFile('report page', reportPage)).toBe(reportPage);
    // Zeros at the very start are not a digest's place where no mark stands before them.
    expect(sealOwnFile('Markdown summary', `${UNSEALED}\n`)).toBe(`${UNSEALED}\n`);
  });

  it('the digest <meta> counts only right after the generator <meta>, in the head', () => {
    // A page that quotes the pair in its body is not marked by it: nothing there is filled in.
    const quoting = `<!doctype html>\n<html lang="en">\n<head>\n${generatorMeta('compare')}\n<title>Notes</title>\n</head>\n<body>\n${generatorMeta('compare')}\n${PAGE_DIGEST_META}\n</body>\n`;
    expect(sealOwnFile('compare page', quoting)).toBe(quoting);
    const apart = `<!doctype html>\n<head>\n${generatorMeta('replay')}\n<meta charset="utf-8">\n${PAGE_DIGEST_META}\n</head>\n`;
    expect(sealOwnFile('replay page', apart)).toBe(apart);
    // A compare page's pair does not seal a replay page.
    const compareText = UNSEALED_FILES[0]![1];
    expect(sealOwnFile('replay page', compareText)).toBe(compareText);
  });

  it('a page that leaves out </head> (HTML allows it) is sealed all the same', () => {
    const page = `<!doctype html>\n<html lang="en">\n<meta charset="utf-8">\n${generatorMeta('compare')}\n${PAGE_DIGEST_META}\n<title>Coin: comparison — Hordelab</title>\n<p>é</p>\n`;
    expect(sealOwnFile('compare page', page)).toBe(withDigest(page, sha256(Buffer.from(page, 'utf8'))));
  });

  it('the JUnit mark counts only on the line after the XML declaration', () => {
    const later = `${XML_DECLARATION}<testsuites name="hordelab check" tests="1">\n${XML_DECLARATION}${JUNIT_MARK}\n</testsuites>\n`;
    expect(sealOwnFile('JUnit report', later)).toBe(later);
  });

  it('a text with CRLF line ends is sealed where the mark reads with them', () => {
    for (const [kind, text] of UNSEALED_FILES) {
      const crlfText = text.replace(/\n/g, '\r\n');
      expect(sealOwnFile(kind, crlfText)).toBe(withDigest(crlfText, sha256(Buffer.from(crlfText, 'utf8'))));
    }
  });
});

describe('holdsOnlyWhatWasWritten', () => {
  it.each(UNSEALED_FILES)('a sealed %s as written holds only what was written', (kind, text) => {
    expect(holdsOnlyWhatWasWritten(fileHolding('file', sealOwnFile(kind, text)), kind)).toBe(true);
  });

  it.each(UNSEALED_FILES)('a sealed %s with one byte changed anywhere, appended to or cut short does not', (kind, text) => {
    const sealed = Buffer.from(sealOwnFile(kind, text), 'utf8');
    const digestAt = sealed.indexOf(sha256(Buffer.from(text, 'utf8')));
    expect(digestAt).toBeGreaterThan(0);
    // One byte changed: in the mark's digest, just after it, halfway on, at the last byte. (A byte
    // changed before the digest unmakes the mark: the file is then not known as Hordelab's at all.)
    for (const at of [digestAt, digestAt + 63, digestAt + 64, Math.floor((digestAt + sealed.length) / 2), sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
      expect(holdsOnlyWhatWasWritten(fileHolding('changed', changed), kind), `byte ${at} changed`).toBe(false);
    }
    expect(holdsOnlyWhatWasWritten(fileHolding('appended', Buffer.concat([sealed, Buffer.from('\n')])), kind)).toBe(false);
    expect(holdsOnlyWhatWasWritten(fileHolding('truncated', sealed.subarray(0, sealed.length - 1)), kind)).toBe(false);
    // Cut inside the digest: what is left of it is no digest of anything.
    expect(holdsOnlyWhatWasWritten(fileHolding('cut in digest', sealed.subarray(0, digestAt + 10)), kind)).toBe(false);
    // Still unsealed: its zeros are not the digest of the file.
    expect(holdsOnlyWhatWasWritten(fileHolding('unsealed', text), kind)).toBe(false);
  });

  it.each(UNSEALED_FILES)('a sealed %s given CRLF line ends is changed', (kind, text) => {
    const crlfSealed = sealOwnFile(kind, text).replace(/\n/g, '\r\n');
    expect(ownFileKind(crlfSealed)).toBe(kind);
    expect(holdsOnlyWhatWasWritten(fileHolding('crlf', crlfSealed), kind)).toBe(false);
  });

  it('a file whose mark records no digest (written before marks did) is taken by its start alone', () => {
    expect(holdsOnlyWhatWasWritten(fileHolding('old.xml', OLD_JUNIT), 'JUnit report')).toBe(true);
    expect(holdsOnlyWhatWasWritten(fileHolding('old.md', OLD_MARKDOWN), 'Markdown summary')).toBe(true);
    expect(holdsOnlyWhatWasWritten(fileHolding('oldest.md', OLDEST_MARKDOWN), 'Markdown summary')).toBe(true);
    expect(holdsOnlyWhatWasWritten(fileHolding('old.html', oldPage('<title>Coin: comparison — Hordelab</title>')), 'compare page')).toBe(true);
    expect(holdsOnlyWhatWasWritten(fileHolding('old replay.html', oldPage('<title>Coin: match 1 of c.yaml — Hordelab replay</title>')), 'replay page')).toBe(true);
    const unmarkedPage = `<!doctype html>\n<html lang="en">\n<head>\n${generatorMeta('compare')}\n<title>Coin: comparison — Hordelab</title>\n</head>\n<body></body>\n`;
    expect(holdsOnlyWhatWasWritten(fileHolding('generator only.html', unmarkedPage), 'compare page')).toBe(true);
  });

  it('a report page records no digest of its own (its folder’s mark does): taken as written', () => {
    const reportPage = `<!doctype html>\n<html lang="en">\n<head>\n${generatorMeta('report')}\n<title>Coin — Hordelab report</title>\n</head>\n<body>added by hand</body>\n`;
    expect(holdsOnlyWhatWasWritten(fileHolding('report.html', reportPage), 'report page')).toBe(true);
  });

  it('a mark quoted further on is not the file’s mark: an old file with one later is taken by its start', () => {
    // An old JUnit report with a sealed one appended: its start records no digest.
    const sealedJunit = sealOwnFile('JUnit report', UNSEALED_FILES[2]![1]);
    expect(holdsOnlyWhatWasWritten(fileHolding('appended.xml', `${OLD_JUNIT}${sealedJunit}`), 'JUnit report')).toBe(true);
    // A page quoting a sealed page's head in its body.
    const sealedCompare = sealOwnFile('compare page', UNSEALED_FILES[0]![1]);
    const quoting = `<!doctype html>\n<html lang="en">\n<head>\n${generatorMeta('compare')}\n<title>Notes</title>\n</head>\n<body>\n${sealedCompare}</body>\n`;
    expect(holdsOnlyWhatWasWritten(fileHolding('quoting.html', quoting), 'compare page')).toBe(true);
  });

  it('a page without </head> is checked by its digest all the same', () => {
    const page = `<!doctype html>\n<meta charset="utf-8">\n${generatorMeta('replay')}\n${PAGE_DIGEST_META}\n<title>Coin: match 1 of c.yaml — Hordelab replay</title>\n<p>ü</p>\n`;
    const sealed = sealOwnFile('replay page', page);
    expect(holdsOnlyWhatWasWritten(fileHolding('no head end.html', sealed), 'replay page')).toBe(true);
    expect(holdsOnlyWhatWasWritten(fileHolding('no head end, changed.html', `${sealed}<p>more</p>\n`), 'replay page')).toBe(false);
  });

  it('a page whose digest was cut out of its mark, up to </head>, is changed, not taken for an old page', () => {
    const page = `<!doctype html>\n<head>\n${generatorMeta('compare')}\n<meta name="hordelab-sha256" content="</head>\n<body>${'x'.repeat(80)}</body>\n`;
    expect(holdsOnlyWhatWasWritten(fileHolding('cut.html', page), 'compare page')).toBe(false);
  });

  it('throws the file system’s error', () => {
    expect(() => holdsOnlyWhatWasWritten(join(work, 'missing.md'), 'Markdown summary')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});

describe('readHead', () => {
  it(`reads only the first ${HEAD_BYTES} bytes of a larger file`, () => {
    const text = `${MARKDOWN_MARK}\n${'a'.repeat(HEAD_BYTES)}${'b'.repeat(100)}`;
    const head = readHead(fileHolding('large.md', text));
    expect(head).toBe(text.slice(0, HEAD_BYTES));
    expect(Buffer.byteLength(head)).toBe(HEAD_BYTES);
  });

  it('reads a shorter file whole, multi-byte characters and all, and an empty one as nothing', () => {
    const text = UNSEALED_FILES[1]![1];
    expect(readHead(fileHolding('short.html', text))).toBe(text);
    expect(readHead(fileHolding('empty', ''))).toBe('');
  });

  it('closes the file it opened: the next file opened gets the same descriptor', () => {
    const path = fileHolding('closed.md', OLD_MARKDOWN);
    const before = openSync(path, 'r');
    closeSync(before);
    readHead(path);
    const after = openSync(path, 'r');
    closeSync(after);
    expect(after).toBe(before);
  });

  it('throws the file system’s error', () => {
    expect(() => readHead(join(work, 'missing.md'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
