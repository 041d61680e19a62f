/** Control characters, and the Unicode line and paragraph separators (U+2028, U+2029): what breaks a name printed on one line of a table. */
export const CONTROL_CHARACTER = /[\p{Cc}\p{Zl}\p{Zp}]/u;
