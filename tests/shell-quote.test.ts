/**
 * Printed commands (replay, continue, reproduce) quote each word so that it pastes back into a
 * shell as the same word: checked by handing each quoted word to bash and reading it back.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../src/cli/shell-quote.js';

/** The word bash reads from `quoted`, printed back as it is. */
function readBack(quoted: string): string {
  const result = spawnSync('bash', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe('shellQuote', () => {
  it('leaves a plain word as it is and single-quotes the rest', () => {
    expect(shellQuote('scenarios/x.yaml')).toBe('scenarios/x.yaml');
    expect(shellQuote('traps={40: 6}')).toBe("'traps={40: 6}'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });

  it('writes a word holding a character a terminal would not show as it is in $\'…\' with escapes, which reads back as the word (review 25d)', () => {
    expect(shellQuote('sc\u202eny.yaml')).toBe("$'sc\\u202eny.yaml'");
    expect(shellQuote('two\nlines')).toBe("$'two\\x0alines'");
    for (const word of ['sc\u202eny.yaml', 'two\nlines', "tab\there's a \\ back", 'del\u007f', 'isolate\u2066x\u2069', "plain words, it's", 'scenarios/x.yaml']) {
      expect(readBack(shellQuote(word)), JSON.stringify(word)).toBe(word);
      expect(shellQuote(word)).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/u);
    }
  });
});
