/**
 * Quotes a word for a POSIX shell only when it needs it, so printed commands (the replay and
 * continue commands) can be pasted back as they are and stay readable.
 */

/** `scenarios/x.yaml` as it is; `traps={40: 6}` in single quotes. */
export function shellQuote(word: string): string {
  return /^[\w./:=,@+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
