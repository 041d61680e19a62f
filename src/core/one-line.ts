/** Control characters, and the Unicode line and paragraph separators (U+2028, U+2029): what breaks a name printed on one line of a table. */
export const CONTROL_CHARACTER = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * Unicode's bidirectional embeddings, overrides and isolates: a name holding one reorders the
 * table row or CSV cell it is printed in. The marks (U+200E, U+200F, U+061C), which Hebrew and
 * Arabic names use and which reorder nothing beyond a neutral character beside them, are not
 * among them (review 36e), nor zero-width joiners, which emoji are built with.
 */
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;

/**
 * Unicode's bidirectional formatting characters: printed raw, they reorder the text around them,
 * so a name could make a message read as another ("Trojan Source"). And the characters that
 * print as nothing (zero-width spaces and joiners, a byte-order mark): a message quoting a file
 * that starts with one showed `Unexpected token '', "{` (audit 27b). And the control characters,
 * C0, DEL and C1, but tab and line feed: a NUL in a quoted module path went out as a raw byte
 * (audit 42f F4). A carriage return only at the start of a write, and an escape only as the
 * `ESC [K` that ends a line, are the progress line redrawing itself (`\r...\x1b[K`); anywhere
 * else they came from a file, and a `game:` holding `\x1b[2J` cleared the terminal, or `\r`
 * wrote over the error before it (review 42s F3).
 */
const INVISIBLE_CHARACTER = /(?<!^)\r|\x1b(?!\[K)|[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/** `text` (one write) with every bidirectional formatting, invisible and control character (but tab, line feed, and the progress line's leading carriage return and closing `ESC [K`) shown as its escape (`\u202e`, `\u0000`), so what a terminal shows is what the text says. */
export function withInvisibleCharactersShown(text: string): string {
  return text.replace(INVISIBLE_CHARACTER, (character) => `\\u${(character.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}
