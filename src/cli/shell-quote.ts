/**
 * Quotes a word for a shell only when it needs it, so printed commands (the replay and continue
 * commands) can be pasted back as they are and stay readable: plain words as they are, others in
 * POSIX single quotes, and a word holding a character a terminal would not show in bash's (and
 * zsh's) `$'…'` quotes, read back as the same word in a UTF-8 locale.
 */

/**
 * Characters a terminal would not show as they are: controls, line and paragraph separators,
 * format characters (bidirectional controls, zero-width spaces, soft hyphens, tags) and the
 * Hangul fillers, which show as blanks.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/u;

/**
 * `scenarios/x.yaml` as it is; `traps={40: 6}` in single quotes. A word holding a character a
 * terminal would not show as it is (a line break, a bidirectional control) is written in bash's
 * `$'…'` quotes with that character as an escape, so the line both reads as what it is and
 * pastes back as the same word (review 25d: a shown escape in plain quotes named another file).
 */
export function shellQuote(word: string): string {
  if (/^[\w./:=,@+-]+$/.test(word)) return word;
  if (!UNPRINTABLE.test(word)) return `'${word.replace(/'/g, `'\\''`)}'`;
  let quoted = '';
  for (const character of word) {
    const code = character.codePointAt(0) as number;
    if (character === '\\' || character === "'") quoted += `\\${character}`;
    // \xHH is a byte in bash, so only ASCII is written so; beyond it \u (or \U) names the character.
    else if (UNPRINTABLE.test(character)) quoted += code <= 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\U${code.toString(16).padStart(8, '0')}`;
    else quoted += character;
  }
  return `$'${quoted}'`;
}
