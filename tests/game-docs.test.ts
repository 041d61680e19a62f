/**
 * The games' rules as shipped in docs/games/: every rule number the code cites is a rule there,
 * and every parameter of the game is named, so "rule 17" in a report or a comment can be looked
 * up in the package itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { games } from '../src/registry.js';

const DOCUMENTED = ['zombie-trainers', 'integer-duel', 'survivors'];

/** Rule numbers cited in a text: "rule 17", "Rules 15 to 19", "rules 36–43", "rules 1, 5, 6". */
function citedRules(text: string): Set<number> {
  const cited = new Set<number>();
  for (const match of text.matchAll(/\brules? (\d+)(?:\s*(?:–|-|to)\s*(\d+))?/gi)) {
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    for (let rule = from; rule <= to; rule++) cited.add(rule);
  }
  return cited;
}

describe('docs/games', () => {
  it.each(DOCUMENTED)('%s: every rule the code cites is written out, and every parameter named', (id) => {
    const doc = readFileSync(join('docs', 'games', `${id}.md`), 'utf8');
    const written = new Set([...doc.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1])));
    const folder = join('src', 'games', id);
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
      for (const rule of citedRules(readFileSync(join(folder, file), 'utf8'))) expect(written.has(rule), `${folder}/${file} cites rule ${rule}`).toBe(true);
    }
    // Numbered from 1 with no gaps: a citation always lands on its rule.
    expect([...written].sort((a, b) => a - b)).toEqual(Array.from({ length: written.size }, (_, index) => index + 1));
    const game = games.get(id)?.game;
    for (const name of Object.keys(game?.parameters ?? {})) expect(doc, `${id}.${name}`).toContain(`\`${name}\``);
  });
});
