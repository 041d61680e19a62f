/**
 * Quotes a word for a POSIX shell only when it needs it, so printed commands (the replay and
 * continue commands) can be pasted back as they are and stay readable.
 */

/** Characters a terminal would not show as they are: controls, line separators and bidirectional formatting. */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

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
    else if (UNPRINTABLE.test(character)) quoted += code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    else quoted += character;
  }
  return `$'${quoted}'`;
}
