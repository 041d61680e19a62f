/**
 * Names and values set into Markdown pages come from scenarios, agents and game modules: none may
 * split a table cell, end a row or a fenced block, or be rendered as HTML.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hordelabIn } from './cli-harness.js';
import { markdownCell, markdownCode, markdownFenced, markdownInlineCode, markdownProse } from '../src/present/markdown.js';

/** The cells of a table row as GitHub splits it: on every `|` not escaped by a backslash. */
const cellsOf = (row: string): string[] => row.split(/(?<!\\)\|/).slice(1, -1);

describe('markdown cells, code spans and fenced blocks', () => {
  it('escape what would split a cell, render as HTML or end a row', () => {
    expect(markdownCell("=cmd|' /C calc'!A0")).toBe("=cmd\\|' /C calc'!A0");
    expect(markdownCell('</script><img src=x onerror=alert(2)> & co')).toBe('&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; co');
    expect(markdownCell('two\nlines\r\nhere')).toBe('two lines here');
    expect(markdownCode('outcomes.byAgent.a|b.overall.win')).toBe('`outcomes.byAgent.a\\|b.overall.win`');
    expect(markdownCode('a`b')).toBe('``a`b``');
    expect(markdownCode('`edge`')).toBe('`` `edge` ``');
    expect(markdownCode('x\ny')).toBe('`x y`');
    // Outside a table a command keeps its pipes.
    expect(markdownInlineCode("hordelab run s.yaml --set 'x=a|b'")).toBe("`hordelab run s.yaml --set 'x=a|b'`");
    // The author's prose keeps its emphasis and backticks, but HTML and a link's brackets are
    // escaped everywhere, code spans included: a stretch kept raw as "code" that a renderer does
    // not read as code let a link or a tag through (reviews 24c to 24e).
    expect(markdownProse('**bold** <b>tag</b> and `code <b>` & more')).toBe('**bold** &lt;b&gt;tag&lt;/b&gt; and `code &lt;b&gt;` &amp; more');
    expect(markdownProse('see [rules](https://example.org/r), an interval [1, 2]')).toBe('see [rules&#93;(https:\u2060//example.org/r), an interval [1, 2]');
    const hostile = [
      '[a](javascript\\:alert(1))', '[x][a\\]b]\n\n[a\\]b]: javascript:alert(1)', '[nl](\njavascript:alert(4))', '- [l]: javascript:alert(5)', '![i](data:image/svg+xml,x)',
      '`[x](javascript:1)`', '`` <img src=x onerror=alert(2)> `', '`\n\n[click](javascript:alert(1))\n\n`', 'a `b\n- <script>alert(1)</script>\n`', '[x`]: javascript:alert(1)\n`\n\n[x`]',
      // Review 24e: a span over two lines taking a one-line span's opener; a backtick label; a table row.
      '`a\n`<img src=x onerror=alert(1)>`', '`a\r`[x](javascript:alert(1))`', '[`]: javascript:alert(1)`', '| a |\n|---|\n| `<img src=x onerror=alert(1)>|` |',
    ];
    for (const text of hostile) {
      // No "](", "][", "]:" (a link, a reference, a definition) and no "<" (a tag, an autolink).
      expect(markdownProse(text), text).not.toMatch(/\][([:]|</);
      expect(markdownCell(text), text).not.toMatch(/\][([:]|</);
    }
    expect(markdownCell('[s](javascript:alert(8))')).toBe('[s&#93;(javascript:alert(8))');
    expect(markdownFenced('plain')).toEqual(['```text', 'plain', '```']);
    expect(markdownFenced('a ```` b')).toEqual(['`````text', 'a ```` b', '`````']);
  });
});

describe('bare URLs in Markdown', () => {
  // GitHub-flavoured Markdown links a bare URL, a www. name and an e-mail address (its autolink
  // extension); the README says report.md makes no links (audit 39a F6).
  const BARE = ['https://evil.example/phish', 'HTTP://X.EXAMPLE', 'ftp://x.example/f', 'www.evil.example', 'Www.evil.example', '(www.evil.example/a)', 'a.b+c@evil.example', 'mailto:a@evil.example', 'xmpp:a@evil.example/r', '**https://evil.example**'];

  it('are broken by an invisible word joiner, the text reading as it did', () => {
    expect(markdownCell('See https://evil.example/phish')).toBe('See https:\u2060//evil.example/phish');
    expect(markdownProse('www.evil.example and a@evil.example')).toBe('www\u2060.evil.example and a@\u2060evil.example');
    for (const text of BARE) {
      for (const escaped of [markdownCell(text), markdownProse(text)]) {
        expect(escaped, text).not.toMatch(/[a-z]:\/\/|\bwww\.|@[^\u2060]/i);
        expect(escaped.replace(/\u2060/g, ''), text).toBe(text);
      }
    }
    // An @ with no domain after it is no address: a deck as --deck names it stays as typed.
    expect(markdownCell('decks.plants@1 and fair@random')).toBe('decks.plants@1 and fair@random');
    // Code spans are never linked, and keep their text exact to copy.
    expect(markdownCode('https://x.example')).toBe('`https://x.example`');
  });

  it('leaves code in a description, a span or a fenced block, as it is to copy, and a folder like pkg@1.2.0 (review 39s R3)', () => {
    expect(markdownProse('Run `git clone https://x.example/d && npm i hordelab@0.1.0`, see https://y.example')).toBe(
      'Run `git clone https://x.example/d &amp;&amp; npm i hordelab@0.1.0`, see https:\u2060//y.example',
    );
    expect(markdownProse('``a ` https://in.example`` then `lone https://out.example')).toBe('``a ` https://in.example`` then `lone https:\u2060//out.example');
    expect(markdownProse('```sh\ncurl https://x.example/r.sh\n```\nhttps://y.example')).toBe('```sh\ncurl https://x.example/r.sh\n```\nhttps:\u2060//y.example');
    expect(markdownProse('~~~\nunclosed https://x.example')).toBe('~~~\nunclosed https://x.example');
    expect(markdownCell('/tmp/dice@1.2.0/d.yaml, git@github.com:x')).toBe('/tmp/dice@1.2.0/d.yaml, git@\u2060github.com:x');
  });

  it('render as no link in cmark-gfm, GitHub\'s renderer, where it is installed', () => {
    const found = spawnSync('sh', ['-c', 'command -v cmark-gfm'], { encoding: 'utf8' });
    if (found.status !== 0) return;
    const markdown = BARE.flatMap((text) => [markdownProse(text), `| ${markdownCell(text)} |`, '']).join('\n');
    const html = spawnSync('cmark-gfm', ['-e', 'autolink', '-e', 'table'], { input: markdown, encoding: 'utf8' }).stdout;
    expect(html).toContain('evil.example');
    expect(html).not.toContain('<a ');
    // The same text unescaped is linked: the check can fail.
    expect(spawnSync('cmark-gfm', ['-e', 'autolink'], { input: BARE.join('\n\n'), encoding: 'utf8' }).stdout.match(/<a /g)).toHaveLength(BARE.length - 1);
  });
});

describe('report.md of a run whose names are hostile', () => {
  it('keeps every table row whole and renders no HTML from a name (audit 22b)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hordelab-markdown-'));
    writeFileSync(
      join(dir, 'hostile.yaml'),
      'name: hostile\ndescription: "hostile <b>bold</b> | pipe"\ngame: coin-flip\nmatches: 40\nseed: 1\nseats:\n  - agent: random\n    name: "=cmd|\' /C calc\'!A0"\n  - agent: random\n    name: "</script><img src=x onerror=alert(2)>"\n',
    );
    const run = await hordelabIn(dir, 'run', 'hostile.yaml', '-w', '0', '-q', '--out', 'out', '--report', 'md');
    expect(run.status, run.stderr).toBe(0);
    const page = readFileSync(join(dir, 'out', 'report.md'), 'utf8');
    // Outside fenced blocks and code spans (whose text is shown as it is, never rendered) no name is HTML.
    const rendered = page.replace(/^(`{3,})text\n[\s\S]*?\n\1$/gm, '').replace(/(`+)[^`][\s\S]*?\1/g, '');
    expect(rendered).not.toBe(page);
    expect(rendered).not.toMatch(/<img|<\/script|<b>/);
    const tables = page.split('\n').filter((line) => line.startsWith('|'));
    const metricRows = tables.filter((line) => line.startsWith('| `'));
    expect(metricRows.some((line) => line.includes('=cmd\\|'))).toBe(true);
    // Every metric row has its five cells, whatever the agent's name holds.
    for (const row of metricRows) expect(cellsOf(row), row).toHaveLength(5);
    // The provenance rows have their two.
    for (const row of tables.filter((line) => !line.startsWith('| `') && !line.startsWith('| metric') && !line.startsWith('| ---') && !line.startsWith('| |'))) expect(cellsOf(row), row).toHaveLength(2);
  });
});
