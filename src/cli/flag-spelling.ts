/**
 * How a flag was written on the command line (`-n`, `--matches`, `--matches=20`), for messages
 * only: yargs reports a flag by its name without dashes and merges aliases, but a message names
 * what the user typed ("given twice (-n 10, then --matches 20)"). Values are never read here.
 *
 * A word is a flag's spelling when it starts with `-` and comes before `--`: yargs never takes
 * such a word as a value (a value may start with `-` only as a number, and numbers are no
 * declared names), so the spellings found are exactly the flags yargs read.
 */

/** One flag as typed: `--out=x` is `{ written: '--out', name: 'out', inline: 'x' }`. */
export interface FlagSpelling {
  /** The word up to any `=`: `-n`, `--matches`. */
  readonly written: string;
  /** The name yargs files it under: the written word without its dashes. */
  readonly name: string;
  /** What followed `=`, if the value was attached. */
  readonly inline?: string;
  /** The position of the word in argv. */
  readonly index: number;
}

/** Every flag spelling in `argv`, in order, up to `--`. */
export function flagSpellings(argv: readonly string[]): FlagSpelling[] {
  const spellings: FlagSpelling[] = [];
  for (const [index, word] of argv.entries()) {
    if (word === '--') break;
    if (!word.startsWith('-') || word === '-') continue;
    const equals = word.indexOf('=');
    const written = equals < 0 ? word : word.slice(0, equals);
    const bare = written.replace(/^--?/, '');
    // yargs-parser stores `--__proto__` as `___proto___`, so that no flag reaches a prototype.
    const name = bare === '__proto__' ? '___proto___' : bare;
    spellings.push(equals < 0 ? { written, name, index } : { written, name, inline: word.slice(equals + 1), index });
  }
  return spellings;
}
