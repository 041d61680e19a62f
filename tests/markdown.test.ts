/**
 * Names and values set into Markdown pages come from scenarios, agents and game modules: none may
 * split a table cell, end a row or a fenced block, or be rendered as HTML.
 */
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
    // Outside a table a command keeps its pipes; the author's prose keeps its code spans as written.
    expect(markdownInlineCode("hordelab run s.yaml --set 'x=a|b'")).toBe("`hordelab run s.yaml --set 'x=a|b'`");
    expect(markdownProse('**bold** <b>tag</b> and `code <b>` & more')).toBe('**bold** &lt;b&gt;tag&lt;/b&gt; and `code <b>` &amp; more');
    // Links are shown as text: brackets as entities, which CommonMark never reads as a link,
    // whatever the scheme, escapes or labels (review 24c: `javascript\:`, a label with `\]`).
    expect(markdownProse('see [rules](https://example.org/r), an interval [1, 2]')).toBe('see [rules&#93;(https://example.org/r), an interval [1, 2]');
    for (const hostile of ['[a](javascript\\:alert(1))', '[x][a\\]b]\n\n[a\\]b]: javascript:alert(1)', '[nl](\njavascript:alert(4))', '- [l]: javascript:alert(5)', '![i](data:image/svg+xml,x)']) {
      // No "](", "][", "]:" (a link, a reference, a definition) and no "<" (a tag, an autolink).
      expect(markdownProse(hostile), hostile).not.toMatch(/\][([:]|</);
      expect(markdownCell(hostile), hostile).not.toMatch(/\][([:]|</);
    }
    // Code spans as CommonMark finds them: unequal backtick runs open none, so the HTML after them is shown, not rendered.
    expect(markdownProse('`[x](javascript:1)` stays code')).toBe('`[x](javascript:1)` stays code');
    expect(markdownProse('`` <img src=x onerror=alert(2)> `')).toBe('`` &lt;img src=x onerror=alert(2)&gt; `');
    expect(markdownProse('``a`b`` then <b>')).toBe('``a`b`` then &lt;b&gt;');
    // A span never crosses a line here: paired across blocks, a link or a tag would pass (review 24d).
    for (const hostile of ['`\n\n[click](javascript:alert(1))\n\n`', '`\n\n<img src=x onerror=alert(1)>\n\n`', 'a `b\n- <script>alert(1)</script>\n`', '[x`]: javascript:alert(1)\n`\n\n[x`]', '`\r\n\r\n<b>x</b>\r\n`']) {
      expect(markdownProse(hostile), hostile).not.toMatch(/\][([:]|</);
    }
    // An escaped backtick opens nothing: the span is "` and `", and the <i> after it is prose.
    expect(markdownProse('\\`<b>` and `<i>`')).toBe('\\`&lt;b&gt;` and `&lt;i&gt;`');
    expect(markdownCell('[s](javascript:alert(8))')).toBe('[s&#93;(javascript:alert(8))');
    expect(markdownFenced('plain')).toEqual(['```text', 'plain', '```']);
    expect(markdownFenced('a ```` b')).toEqual(['`````text', 'a ```` b', '`````']);
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
