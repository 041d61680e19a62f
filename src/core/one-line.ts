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
 * that starts with one showed `Unexpected token '', "{` (audit 27b). And the control characters
 * but tab, line feed, carriage return and escape (which the progress line redraws itself with):
 * a NUL in a quoted module path went out as a raw byte (audit 42f F4).
 */
const INVISIBLE_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/** `text` with every bidirectional formatting, invisible and control character (but tab, line feed, carriage return and escape) shown as its escape (`\u202e`, `\u0000`), so what a terminal shows is what the text says. */
export function withInvisibleCharactersShown(text: string): string {
  return text.replace(INVISIBLE_CHARACTER, (character) => `\\u${(character.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}
