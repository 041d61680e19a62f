/**
 * The digest of a user's module covers the files it imports by relative paths (a game split into
 * an entry and its rules is edited in the rules), and stays the plain SHA-256 of a module that
 * imports none.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleGraphDigest, moduleGraphDigestOrName } from '../src/scenario/module-digest.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-module-digest-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('moduleGraphDigest', () => {
  it('is the SHA-256 of the file for a module importing no file of its own (packages are not followed)', () => {
    const dir = folder({ 'game.mjs': "import { param } from 'hordelab';\nexport default {};\n" });
    expect(moduleGraphDigest(join(dir, 'game.mjs'))).toBe(createHash('sha256').update(readFileSync(join(dir, 'game.mjs'))).digest('hex'));
  });

  it('changes with every file reached by a relative import, of each form, and with none other', () => {
    const dir = folder({
      'entry.mjs': "export { default } from './rules.mjs';\nimport './side.mjs';\nconst later = () => import (\"./later.mjs\");\nconst soon = () => import('./soon.mjs');\n",
      'rules.mjs': "import { dice } from '../shared-dice/dice.mjs';\nexport * from './more/cards.mjs';\nexport default { dice };\n",
      'side.mjs': '',
      'later.mjs': "const helper = require ('./helper');\nrequire('./plain');\nrequire('./esm');\nrequire('./data');\nrequire('./lib');\nrequire('./lib2');\nrequire(`./exact.cjs`);\n",
      'helper.cjs': 'module.exports = 1;\n',
      'plain.js': '',
      'soon.mjs': '',
      'esm.mjs': '',
      'data.json': '{}',
      'lib/index.js': '',
      'lib2/index.cjs': '',
      'exact.cjs': '',
      'more/cards.mjs': "import again from '../rules.mjs';\nexport const cards = 3;\n",
      'unused.mjs': 'export const unused = 1;\n',
      '../shared-dice/dice.mjs': 'export const dice = 6;\n',
    });
    const entry = join(dir, 'entry.mjs');
    const first = moduleGraphDigest(entry);
    expect(first).not.toBe(createHash('sha256').update(readFileSync(entry)).digest('hex'));
    writeFileSync(join(dir, 'unused.mjs'), 'export const unused = 2;\n');
    expect(moduleGraphDigest(entry)).toBe(first);
    let previous = first;
    for (const name of ['rules.mjs', 'side.mjs', 'later.mjs', 'soon.mjs', 'helper.cjs', 'plain.js', 'esm.mjs', 'data.json', 'lib/index.js', 'lib2/index.cjs', 'exact.cjs', 'more/cards.mjs', '../shared-dice/dice.mjs']) {
      writeFileSync(join(dir, name), `${readFileSync(join(dir, name), 'utf8')}// edited\n`);
      const now = moduleGraphDigest(entry);
      expect(now, name).not.toBe(previous);
      previous = now;
    }
  });

  it('does not take two files whose bytes run together for one', () => {
    const a = folder({ 'entry.mjs': "import './a.mjs';\nimport './b.mjs';\n", 'a.mjs': 'xy', 'b.mjs': 'z' });
    const b = folder({ 'entry.mjs': "import './a.mjs';\nimport './b.mjs';\n", 'a.mjs': 'x', 'b.mjs': 'yz' });
    expect(moduleGraphDigest(join(a, 'entry.mjs'))).not.toBe(moduleGraphDigest(join(b, 'entry.mjs')));
  });

  it('throws when the module itself cannot be read', () => {
    expect(() => moduleGraphDigest(join(tmpdir(), 'no-such-module-here.mjs'))).toThrow();
  });
});

describe('moduleGraphDigestOrName', () => {
  it('is the digest of a module that can be read', () => {
    const dir = folder({ 'entry.mjs': "import './a.mjs';\n", 'a.mjs': 'x' });
    expect(moduleGraphDigestOrName(join(dir, 'entry.mjs'), 'my-agent')).toBe(moduleGraphDigest(join(dir, 'entry.mjs')));
  });

  it('names a module that cannot be read, by the name given or else by its path, so no key holding it matches a readable one', () => {
    const missing = join(tmpdir(), 'no-such-module-here.mjs');
    expect(moduleGraphDigestOrName(missing, 'file:///agents/mine.mjs')).toBe('unreadable file:///agents/mine.mjs');
    expect(moduleGraphDigestOrName(missing)).toBe(`unreadable ${missing}`);
  });
});
