/** Control characters, and the Unicode line and paragraph separators (U+2028, U+2029): what breaks a name printed on one line of a table. */
export const CONTROL_CHARACTER = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** Unicode's bidirectional formatting characters: printed raw, they reorder the text around them, so a name could make a message read as another ("Trojan Source"). */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** `text` with every bidirectional formatting character shown as its escape (`\u202e`), so what a terminal shows is what the text says. */
export function withBidiControlsShown(text: string): string {
  return text.replace(BIDI_CONTROL, (character) => `\\u${(character.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}
