/**
 * The names of what a run writes into its folder, and what a game's report may call its own
 * tables there (`eventTables`, `summaryTables`) and its columns of `matches.csv`. A leaf module,
 * so the game module loader refuses such names at load, for every command, without loading the
 * run code.
 *
 * A report's table names were written as given (audit 36c): `../escaped.csv` wrote a file
 * outside the run's folder, `matches.csv` replaced the matches with events, `summary.json` or
 * the manifest were listed twice, and all of it with exit 0.
 */

export const MATCHES_FILE = 'matches.csv';
/** `errors.csv`: one row per failed match. */
export const ERRORS_FILE = 'errors.csv';
/** The name of the summary document in a run folder. */
export const SUMMARY_FILE = 'summary.json';
/** The record's name in a shard's folder. */
export const SHARD_FILE = 'shard.json';

/**
 * The pages `hordelab report` and `hordelab compare --format html` write into a run folder by
 * default, and the card values `hordelab cards --out <run folder>` writes beside a run
 * (CARD_VALUE_FILES, named here: that module imports the run's).
 */
export const REPORT_PAGES: readonly string[] = ['report.html', 'report.md', 'metrics.csv', 'metrics.json', 'compare.html', 'card-values.json', 'card-values.csv', 'card-values.md', 'card-values.html'];

/**
 * The files of its own a run folder may hold besides a report's tables. Hordelab's control files
 * (the manifest, lock, checkpoint, `output-folder.ts`'s CONTROL_FILES) all start with a dot,
 * which no table name may, and its working and temporary files end in `.tmp`, which none may either.
 */
const OWN_FILES: readonly string[] = [MATCHES_FILE, ERRORS_FILE, SUMMARY_FILE, SHARD_FILE, ...REPORT_PAGES];

/** The ending of every working and temporary file Hordelab writes (`matches.csv.tmp`, `summary.json.tmp`). */
const TEMPORARY_ENDING = '.tmp';

/** A table's file name: letters, digits, `.`, `_` and `-`, starting with a letter or digit (so no path, no hidden file, no flag). */
const TABLE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** The longest table name: room for `.tmp` within any file system's 255. */
export const MAX_TABLE_FILE_LENGTH = 100;

/** The columns Hordelab puts first in each row of `matches.csv`, before the report's: the match, its seed and each seat's agent. */
export function ownMatchColumns(seats: number): string[] {
  return ['match', 'seed', ...Array.from({ length: seats }, (_, seat) => `agent${seat + 1}`)];
}

/** A value as a message shows it. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return typeof value;
  try {
    return JSON.stringify(value)?.slice(0, 80) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/**
 * Why `name` cannot be the file of a report's table in a run folder, said after "is", or null:
 * a path, a hidden or temporary file, or a file Hordelab writes there itself. Names are compared
 * without case, as a case-insensitive disk does.
 */
export function tableFileProblem(name: unknown): string | null {
  if (typeof name !== 'string' || !TABLE_FILE.test(name)) {
    return `${shown(name)}; expected a plain file name, written inside the run's folder: letters, digits, ".", "_" or "-", starting with a letter or digit, such as "cards.csv"`;
  }
  if (name.length > MAX_TABLE_FILE_LENGTH) return `${shown(name.slice(0, 40))}... (${name.length} characters); expected a file name of at most ${MAX_TABLE_FILE_LENGTH} characters`;
  if (name.toLowerCase().endsWith(TEMPORARY_ENDING)) return `${shown(name)}; expected a name not ending in "${TEMPORARY_ENDING}", which hordelab's working and temporary files end in`;
  const own = OWN_FILES.find((file) => file.toLowerCase() === name.toLowerCase());
  if (own !== undefined) return `${shown(name)}, a file hordelab itself writes in a run's folder; expected a name of the game's own, none of ${OWN_FILES.join(', ')}`;
  return null;
}

/** Why `value` is not the `columns` of a table (a list of column names, each once), said after "are"/"is", or null. */
export function columnNamesProblem(value: unknown, reserved: readonly string[] = []): string | null {
  if (!Array.isArray(value)) return `${shown(value)}; expected a list of column names`;
  for (const [index, column] of value.entries()) {
    if (typeof column !== 'string' || column === '' || /[\r\n]/.test(column)) return `${shown(value)}, whose [${index}] is ${shown(column)}; expected each column a non-empty name on one line`;
    if (reserved.includes(column)) return `${shown(value)}, naming ${shown(column)}, one of the columns hordelab writes first in matches.csv (${reserved.join(', ')}); expected names of the game's own`;
    if (value.indexOf(column) !== index) return `${shown(value)}, naming ${shown(column)} twice; expected each column once`;
  }
  return null;
}

/**
 * Why the tables `files` (each named by where it was declared: `eventTables[0].file`) cannot all
 * be written in one folder, or null: a name that cannot be a table's ({@link tableFileProblem}),
 * or two names one file (names are compared without case, as a case-insensitive disk does).
 */
export function tableFilesProblem(files: readonly { readonly field: string; readonly file: unknown }[]): string | null {
  for (const [index, { field, file }] of files.entries()) {
    const problem = tableFileProblem(file);
    if (problem !== null) return `${field} is ${problem}`;
    const earlier = files.slice(0, index).find((other) => typeof other.file === 'string' && other.file.toLowerCase() === (file as string).toLowerCase());
    if (earlier !== undefined) return `${field} is ${shown(file)}, the file ${earlier.field} names too; expected each table a file of its own`;
  }
  return null;
}

/**
 * Why `row` is not a row of `columns` cells, or null: what it is, said after "that" (`is ...`,
 * `has ...`), and what was expected.
 */
export function rowLengthProblem(row: unknown, columns: readonly string[]): { readonly found: string; readonly expected: string } | null {
  // Asked of every row a run writes: the words are made only for a wrong one.
  if (Array.isArray(row) && row.length === columns.length) return null;
  const each = `one per column (${columns.length === 0 ? 'none' : columns.join(', ')})`;
  if (!Array.isArray(row)) return { found: `is ${shown(row)}`, expected: `a list of ${columns.length} cells, ${each}` };
  return { found: `has ${row.length} cells (${shown(row)})`, expected: `${columns.length} cells, ${each}` };
}

/**
 * Why the tables `summaryTables(summary)` gave (`tables`) cannot be written beside the summary,
 * said after "gave", or null: not a list of `{ file, columns, rows }`, a file name no table may
 * have or one the event tables `eventFiles` (or another summary table) already name, a column
 * named twice, or a row of another length than the columns.
 */
export function summaryTablesProblem(tables: unknown, eventFiles: readonly string[]): string | null {
  if (!Array.isArray(tables)) return `${shown(tables)}; expected a list of tables, { file, columns, rows } each ([] for none)`;
  for (const [index, table] of tables.entries()) {
    if (typeof table !== 'object' || table === null || Array.isArray(table)) return `[${index}] ${shown(table)}; expected a table, { file, columns, rows }`;
  }
  const entries = tables as readonly Record<string, unknown>[];
  const files = tableFilesProblem([
    ...eventFiles.map((file, index) => ({ field: `eventTables[${index}].file`, file })),
    ...entries.map((table, index) => ({ field: `[${index}].file`, file: table['file'] })),
  ]);
  if (files !== null) return `a table whose ${files}`;
  for (const [index, table] of entries.entries()) {
    const columns = columnNamesProblem(table['columns']);
    if (columns !== null) return `[${index}] (${shown(table['file'])}) with columns ${columns}`;
    if (!Array.isArray(table['rows'])) return `[${index}] (${shown(table['file'])}) with rows ${shown(table['rows'])}; expected a list of rows`;
    for (const [at, row] of (table['rows'] as unknown[]).entries()) {
      const short = rowLengthProblem(row, table['columns'] as string[]);
      if (short !== null) return `[${index}] (${shown(table['file'])}) whose rows[${at}] ${short.found}; expected ${short.expected}`;
    }
  }
  return null;
}

/** Whose report a problem of it is: the game module's file as the scenario names it, or the built-in game. */
export function reportOwner(entry: { readonly game: { readonly id: string }; readonly source?: { readonly spec: string } }): string {
  return entry.source === undefined ? `game "${entry.game.id}"` : `game module "${entry.source.spec}"`;
}
