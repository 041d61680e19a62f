/**
 * The text of a file a user writes (a scenario, a checks file), which must be UTF-8. Decoded
 * leniently, a Latin-1 `café` became `caf\uFFFD` in every name and report with exit 0, and a
 * UTF-16 file was refused as holding text `"��g\u0000a\u0000…"` without saying why (audit 42f F3).
 * And of a bounded size: see {@link MAX_INPUT_FILE_BYTES}.
 */
import { UsageError } from './errors.js';
import { MAX_INPUT_FILE_BYTES } from './input-bounds.js';

/** Refuses bytes that are not UTF-8; a byte-order mark is kept, as `readFileSync(file, 'utf8')` keeps it, for the readers that skip it. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The byte-order marks of UTF-16, little- and big-endian. */
const UTF16_MARKS: readonly (readonly [number, number])[] = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

/**
 * `bytes`, the content of `file`, as text. @throws UsageError naming `file` and the line of the
 * first byte that is not UTF-8, with that byte, or its size past {@link MAX_INPUT_FILE_BYTES}.
 */
export function utf8Text(bytes: Uint8Array, file: string): string {
  if (bytes.length > MAX_INPUT_FILE_BYTES) {
    throw new UsageError([{ source: file, field: '', message: `is ${sizeText(bytes.length)}; a scenario or checks file is expected to be a few KB, and at most ${MAX_INPUT_FILE_BYTES / 1024} KB is read` }]);
  }
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    const at = firstInvalidByte(bytes);
    const line = 1 + bytes.subarray(0, at).filter((byte) => byte === 0x0a).length;
    const utf16 = UTF16_MARKS.some(([first, second]) => bytes[0] === first && bytes[1] === second);
    const byte = `0x${(bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0')}`;
    const hint = utf16 ? 'it starts as UTF-16 text does; save it as UTF-8' : 'save it as UTF-8';
    throw new UsageError([{ source: file, field: '', message: `line ${line}: not UTF-8 text (byte ${byte}); ${hint}` }]);
  }
}

/**
 * The offset of the first byte of `bytes` that is not part of valid UTF-8: the lenient decoding
 * turns each invalid sequence into U+FFFD, so the first U+FFFD not written as such (EF BF BD)
 * is where it starts, past the bytes of the characters before it.
 */
function firstInvalidByte(bytes: Uint8Array): number {
  let offset = 0;
  for (const character of Buffer.from(bytes).toString('utf8')) {
    if (character === '\ufffd' && !(bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)) return offset;
    offset += utf8Length(character.codePointAt(0) as number);
  }
  return offset;
}

/** How many bytes UTF-8 takes for the code point `codePoint`. */
const utf8Length = (codePoint: number): number => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** `bytes` in KB or MB, as a person reads a file's size. */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
