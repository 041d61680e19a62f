/**
 * Printed commands (replay, continue, reproduce) quote each word so that it pastes back into a
 * shell as the same word: checked by handing each quoted word to bash and reading it back.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../src/cli/shell-quote.js';

/** The word bash reads from `quoted`, printed back as it is. */
function readBack(quoted: string): string {
  // In a UTF-8 locale, where bash reads \u escapes as characters.
  const result = spawnSync('bash', ['-c', `printf %s ${quoted}`], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
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
    // C1 controls are characters, not bytes: \x85 in bash is one byte, another file (review 25e).
    expect(shellQuote('t\u0085x.yaml')).toBe("$'t\\u0085x.yaml'");
    for (const word of ['sc\u202eny.yaml', 'two\nlines', "tab\there's a \\ back", 'del\u007f', 'c1\u0085\u009f', 'isolate\u2066x\u2069', 'zero\u200bwidth\ufeff\u00ad', 'tag\u{e0041}', 'filler\u3164', "plain words, it's", 'scenarios/x.yaml', 'emoji 😀']) {
      expect(readBack(shellQuote(word)), JSON.stringify(word)).toBe(word);
      expect(shellQuote(word)).not.toMatch(/[\p{Cc}\p{Cf}\u3164]/u);
    }
  });
});
