/**
 * Output folders of `report --out`, `sweep` and `tune`: checked before any match is played or
 * any file written, so a command never clobbers files it did not write. A folder may receive a
 * command's files when it does not exist yet, is empty, or holds only files of the names that
 * command writes (an earlier result of it, which is replaced); anything else is refused unless
 * `--force`, and even then only the command's own file names are written, nothing else touched.
 * Problems of the path itself (a file where a folder should be, no permission, a read-only
 * disk) are bad input too, named by the flag.
 *
 * Single output files (`compare --out`, `replay --html`, `check --junit`/`--markdown`) follow
 * the same rule, see {@link checkOutputFile}: a new file, or one of the same kind Hordelab wrote,
 * still as it wrote it.
 *
 * (`run` and `merge` have their own, stricter rules for run folders: locks, resumable runs.)
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../core/errors.js';
import { refuseLongPath } from '../core/name-length.js';
import { entryKind, writeAtomically, writeFilesAtomically } from '../run/atomic-file.js';
// The file that marks a folder as written by hordelab: a run's manifest, and the others' mark.
import { CONTROL_FILES, MANIFEST_FILE, danglingLink, danglingLinkOnTheWay, danglingLinkProblem, fileDigest, matchesWrittenDigest, readManifest, recordPath, type FolderManifest } from '../run/output-folder.js';
import { holdsOnlyWhatWasWritten, ownFileKind, readHead, sealOwnFile, type OwnFileKind } from './own-files.js';

// Callers that check a published file against its mark import it from here with the rest of publishing.
export { matchesWrittenDigest };

/** What may be written where, and who is asking. */
export interface OutputFolderRequest {
  /** `--out`, or the run folder as given when pages go beside a run: what a message names as its source. */
  readonly flag: string;
  /** `report`, `sweep`, `tune`: named in the message. */
  readonly command: string;
  /** Whether a file of this name is one the command writes (and so may replace). */
  readonly ours: (name: string) => boolean;
  /**
   * Whether this invocation writes a file of this name, where it writes only some of the
   * command's names (`report --format json`): a file of the command's names that it will not
   * write is left as it is, so only these are checked as ones it would replace. All of
   * {@link ours} when not given.
   */
  readonly writes?: (name: string) => boolean;
  /** `--force`: write beside files the command did not write. */
  readonly force: boolean;
  /**
   * How a refusal tells the caller to ask for {@link force}: `--force` when not given; the
   * library's `force: true`, so that its caller is not pointed to a flag it cannot pass.
   */
  readonly forceName?: string;
  /**
   * Files of the command's names are replaced without `--force` only where the folder shows
   * hordelab wrote there (its `.hordelab-folder.json`; older folders, see `hordelabWroteIn`):
   * names alone would let a user's own report.md be overwritten. False where the files are checked one by
   * one instead (baselines).
   */
  readonly requireSign?: boolean;
  /**
   * Files of other names may stay beside the command's (pages written into a run's folder):
   * only files of the command's own names are checked.
   */
  readonly othersAllowed?: boolean;
  /**
   * Files the command reads (its scenario): refused, `--force` or not, where one lies in the
   * folder under a name the command writes (a sweep into the folder of its own `sweep.json`).
   */
  readonly inputs?: readonly { readonly path: string; readonly what: string }[];
  /** The names the command writes as folders of files (a ladder's `levels`); every other name it writes is a file. */
  readonly folders?: readonly string[];
  /**
   * The files inside those folders this invocation writes or removes, by path from `dir`
   * (`levels/greedy.yaml`): where the mark records what hordelab wrote there (its `fileSha256`),
   * one it does not list, or one edited since, is refused without `--force`, as a file of the
   * command's names at the top is.
   */
  readonly inside?: readonly string[];
  /** Those of {@link inside} the command removes rather than writes (an earlier ladder's level it does not play): left as they are where edited. */
  readonly removes?: readonly string[];
}

const problem = (flag: string, message: string): UsageError => new UsageError([{ source: flag, field: '', message }]);

/** The reason a file system call failed, in words, or null for an error that is not about the path. */
export function fileSystemReason(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the disk is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EISDIR':
      return 'is a folder, expected a file';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    case 'ENOENT':
      return 'no such file or folder';
    default:
      return null;
  }
}

/** An error of writing `path`, as bad input naming `flag` when it is about the path; else itself. */
export function writeProblem(error: unknown, flag: string, path: string): unknown {
  const reason = fileSystemReason(error);
  return reason === null ? error : problem(flag, `cannot write ${path}: ${reason}`);
}

/** The nearest folder of `path` that exists (itself if it does), or the file blocking the way. */
export function nearestExisting(path: string): { path: string; isFolder: boolean } {
  let current = resolve(path);
  for (;;) {
    try {
      return { path: current, isFolder: statSync(current).isDirectory() };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      const parent = dirname(current);
      if (parent === current) return { path: current, isFolder: true };
      current = parent;
    }
  }
}

/**
 * Checks that `dir` may receive the command's files; throws a UsageError naming the flag when
 * not. Writes nothing. The rules, in the order they are tried: the path itself, then in an
 * existing folder hordelab's own control files, the temporaries its files are written through,
 * the command's inputs, files it did not write, entries of its names that are not what it writes,
 * and last whether what is there of its names is hordelab's to replace.
 */
export function checkOutputFolder(dir: string, request: OutputFolderRequest): void {
  refuseLongPath(dir, request.flag);
  if (!checkFolderPath(dir, request.flag)) return;
  const entries = folderEntries(dir, request.flag);
  refuseControlFilesNotFiles(dir, entries);
  // Each file is written through `<name>.tmp`, which the write would replace: one already there is
  // someone's (or a stopped hordelab's, which cannot be told apart), so it is refused, --force or not.
  const writes = (name: string): boolean => request.ours(name) && (request.writes?.(name) ?? true);
  refuseTemporariesInTheWay(dir, entries, writes, request);
  refuseInputsUnderOwnNames(dir, request);
  // A mark that cannot be read says nothing about who wrote the folder: taken as Hordelab's, a
  // user's file of one of the command's names was replaced without --force.
  if (entries.includes(MANIFEST_FILE) && readManifest(dir) === null) {
    throw problem(request.flag, `${join(dir, MANIFEST_FILE)} is damaged or not hordelab's (expected the JSON mark hordelab leaves in its folders), so nothing says which files in ${dir} hordelab wrote; choose another folder, or remove it if the folder is hordelab's`);
  }
  // Files of the command's names are left alone unless this invocation writes them: only those
  // it writes could be replaced, so only those are checked below.
  const own = entries.filter(writes);
  refuseFilesOfOtherNames(dir, entries, own, request);
  refuseEntriesNotAsWritten(dir, own, request);
  if (request.requireSign === false || request.force) return;
  refuseUnsignedFiles(dir, entries, own, request);
}

/**
 * Checks the path `dir` itself: false when it is no folder yet and one can be made there (the
 * other rules are then met), true when it is a folder that can be written in.
 */
function checkFolderPath(dir: string, flag: string): boolean {
  // A link whose target is gone reads as missing, and making the folder failed with a bare EEXIST (review 27c).
  const link = danglingLinkOnTheWay(dir);
  if (link !== null) throw problem(flag, danglingLinkProblem(dir, link));
  const existing = nearestExisting(dir);
  if (!existing.isFolder) {
    const what = isRegularFile(existing.path) ? 'a file' : 'not a folder (a pipe, socket or device)';
    throw problem(flag, existing.path === resolve(dir) ? `${dir} is ${what}; expected a folder` : `${dir}: ${existing.path} is ${what}, so no folder can be made inside it`);
  }
  try {
    accessSync(existing.path, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw problem(flag, `cannot write in ${existing.path}: ${fileSystemReason(error) ?? (error as Error).message}`);
  }
  if (existing.path === resolve(dir)) return true;
  // Writable by its permissions is not always writable (a root user under /proc): make the
  // first missing folder and remove it again, so a folder that cannot be made is refused
  // before any match is played rather than after.
  const first = join(existing.path, relative(existing.path, resolve(dir)).split(sep)[0] as string);
  try {
    mkdirSync(first);
    rmdirSync(first);
  } catch (error) {
    throw problem(flag, `cannot create ${dir}: ${fileSystemReason(error) ?? (error as Error).message}`);
  }
  return false;
}

/** The names in the folder `dir`, sorted, so that a message names them in the same order on every file system. */
function folderEntries(dir: string, flag: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (error) {
    throw problem(flag, `cannot read ${dir}: ${fileSystemReason(error) ?? (error as Error).message}`);
  }
}

/**
 * The mark hordelab leaves, and the temporary it is written through, must be files: found only
 * when the mark is written, after every match, a link there wrote outside the folder and a pipe
 * hung the command (review 25e).
 */
function refuseControlFilesNotFiles(dir: string, entries: readonly string[]): void {
  for (const name of [MANIFEST_FILE, `${MANIFEST_FILE}.tmp`]) {
    const kind = entries.includes(name) ? entryKind(join(dir, name)) : null;
    if (kind !== null && kind !== 'file') throw new UsageError([{ source: join(dir, name), field: '', message: `is ${kind}, where hordelab keeps a file of its own; move it away, or write into a new folder` }]);
  }
}

/** Refuses the `<name>.tmp` of a file this invocation `writes`, --force or not. */
function refuseTemporariesInTheWay(dir: string, entries: readonly string[], writes: (name: string) => boolean, request: OutputFolderRequest): void {
  const inTheWay = entries.filter((name) => name.endsWith('.tmp') && writes(name.slice(0, -4)));
  if (inTheWay.length === 0) return;
  const one = inTheWay.length === 1;
  throw problem(request.flag, `${dir} holds ${shown(inTheWay)}, which "hordelab ${request.command}" would write ${one ? 'its file' : 'its files'} through; move ${one ? 'it' : 'them'} away (a hordelab stopped while writing leaves such files) or choose another folder`);
}

/** Refuses, --force or not, a folder where an input of the command lies under a name it writes (a sweep into the folder of its own `sweep.json`). */
function refuseInputsUnderOwnNames(dir: string, request: OutputFolderRequest): void {
  for (const input of request.inputs ?? []) {
    let place: string | null;
    try {
      place = existsSync(input.path) ? placeIn(dirname(input.path), dir) : null;
    } catch {
      place = null;
    }
    if (place === null) continue;
    // The entry of the folder the input is, or lies under (levels/ holds a ladder's scenarios).
    const entry = (place === '' ? basename(input.path) : place).split(sep)[0] as string;
    if (request.ours(entry)) throw problem(request.flag, `${input.path} is ${input.what}, which this command reads, and "hordelab ${request.command}" writes ${entry} in ${dir}; choose another folder`);
  }
}

/** Refuses files of names the command does not write, unless --force or the request lets them stay. */
function refuseFilesOfOtherNames(dir: string, entries: readonly string[], own: readonly string[], request: OutputFolderRequest): void {
  const foreign = entries.filter((name) => !CONTROL_FILES.has(name) && !request.ours(name));
  if (foreign.length === 0 || request.force || request.othersAllowed === true) return;
  // --force replaces the files of the command's own names, whoever wrote them: said, not left to be found.
  const replaced = own.length === 0 ? '' : `; ${shown(own)}, of the names it writes, would be replaced`;
  // Files hordelab's mark lists are an earlier command's output (a tune of another scenario
  // names its file otherwise): said as such, not as files hordelab did not write (audit 30a).
  const earlier = readManifest(dir)?.files ?? [];
  const others = foreign.filter((name) => !earlier.includes(name));
  const kept = foreign.filter((name) => earlier.includes(name));
  const held = [...(others.length === 0 ? [] : [`files "hordelab ${request.command}" did not write (${shown(others)})`]), ...(kept.length === 0 ? [] : [`${shown(kept)}, written by an earlier hordelab command and not by this one`])];
  throw problem(request.flag, `${dir} holds ${held.join(', and ')}; choose a new or empty folder, or add ${forceName(request)} to write beside them (they are left untouched${replaced})`);
}

/**
 * Refuses, whatever --force says, an entry of a name the command writes that the write could not
 * replace as it should: a folder where a file is written (or a file where a folder of them is),
 * which would fail after every match was played with some files written and others not (audit
 * 25b; --force replaces files and never removes a folder), and a link, which would be written
 * through (a ladder's levels/ linked elsewhere had its files replaced there).
 */
function refuseEntriesNotAsWritten(dir: string, own: readonly string[], request: OutputFolderRequest): void {
  for (const name of own) {
    const kind = entryKind(join(dir, name));
    const folder = request.folders?.includes(name) === true;
    if (kind === null || kind === 'a link' || kind === (folder ? 'a folder' : 'file')) continue;
    throw new UsageError([{ source: join(dir, name), field: '', message: `is ${kind === 'file' ? 'a file' : kind}, where "hordelab ${request.command}" writes ${folder ? 'a folder of files' : 'a file'}; nothing was written: move it away and run again` }]);
  }
  for (const name of own) {
    let link = false;
    try {
      link = lstatSync(join(dir, name)).isSymbolicLink();
    } catch {
      // Gone since the listing: nothing to write through.
    }
    if (link) throw problem(request.flag, `${join(dir, name)} is a symbolic link, and "hordelab ${request.command}" writes ${name} there; remove the link or choose another folder`);
  }
}

/**
 * Refuses, without --force, files of the command's names that nothing shows hordelab wrote: no
 * sign in the folder at all, a name its mark does not list, a file edited since the mark recorded
 * its bytes, or, where there is no mark, a file whose own content does not show it.
 */
function refuseUnsignedFiles(dir: string, entries: readonly string[], own: readonly string[], request: OutputFolderRequest): void {
  if (own.length > 0 && !hordelabWroteIn(dir, entries)) {
    throw problem(request.flag, `${dir} holds ${shown(own)}, named as "hordelab ${request.command}" names its files, but nothing says hordelab wrote them (no ${MANIFEST_FILE}); choose a new or empty folder, or add ${forceName(request)} to replace them`);
  }
  const manifest = readManifest(dir);
  if (manifest !== null) {
    refuseUnlistedOrEdited(dir, own, manifest, request);
    return;
  }
  // No mark (a copy made with `cp run/* copy/` leaves it behind: hidden files are not copied): a
  // summary.json of hordelab's says the run was hordelab's, not that a report.md beside it is
  // (audit 26b: a user's notes of that name were replaced), and a sweep.json not that a
  // sweep.csv beside it is (review 26c). Each file is replaced only where its own content shows
  // hordelab wrote it; the rest take --force.
  const unsigned = own.filter((name) => !hordelabWroteFile(dir, name));
  if (unsigned.length > 0) {
    throw problem(request.flag, `${dir} holds ${shown(unsigned)}, named as "hordelab ${request.command}" names its files, but nothing says hordelab wrote ${one(unsigned, 'it', 'them')} (no ${MANIFEST_FILE}, which a copy that leaves out hidden files loses); move ${one(unsigned, 'it', 'them')} away, choose another folder, or add ${forceName(request)} to replace ${one(unsigned, 'it', 'them')}`);
  }
}

/**
 * Where the folder's mark says which files Hordelab wrote: refuses one of the command's names it
 * does not list (a user's report.md beside a run), unless its content shows it is Hordelab's own
 * (a page or JSON output written before pages were listed), and one whose bytes differ from those
 * the mark records.
 */
function refuseUnlistedOrEdited(dir: string, own: readonly string[], manifest: FolderManifest, request: OutputFolderRequest): void {
  const listed = manifest.files;
  // A file inside a folder of the command's (a ladder's levels/greedy.yaml) is listed by the
  // mark's record of what was written there, where it has one (audit 37b H2: the folder's name
  // alone let a user's own file of a level's name be replaced).
  const record = { ...manifest.fileSha256, ...manifest.pendingSha256 };
  const recordedIn = (folder: string): boolean => Object.keys(record).some((path) => path.startsWith(`${folder}/`));
  const insideFiles = [...new Set(request.inside ?? [])].filter((path) => isRegularFile(join(dir, path)));
  const unlisted = [
    ...own.filter((name) => !listed.includes(name) && !hordelabWroteFile(dir, name)),
    ...insideFiles.filter((path) => record[path] === undefined && recordedIn(path.split('/')[0] as string)),
  ];
  if (unlisted.length > 0) {
    throw problem(request.flag, `${dir} holds ${shown(unlisted)}, named as "hordelab ${request.command}" names its files, but ${MANIFEST_FILE} does not list ${one(unlisted, 'it', 'them')} as written by hordelab; move ${one(unlisted, 'it', 'them')} away, choose another folder, or add ${forceName(request)} to replace ${one(unlisted, 'it', 'them')}`);
  }
  // A file hordelab wrote and someone changed since is theirs now: its bytes differ from the
  // digest the mark records (none recorded: an older mark, the names decide as before).
  const edited = [...own.filter((name) => isRegularFile(join(dir, name))), ...insideFiles].filter((path) => record[path] !== undefined && !matchesWrittenDigest(dir, path));
  if (edited.length === 0) return;
  const removed = edited.filter((path) => request.removes?.includes(path) === true);
  const withForce =
    removed.length === 0
      ? `add ${forceName(request)} to replace ${one(edited, 'it', 'them')}`
      : removed.length === edited.length
      ? `add ${forceName(request)} to leave ${one(edited, 'it', 'them')} as ${one(edited, 'it is', 'they are')} (an earlier result "hordelab ${request.command}" would otherwise remove)`
      : `add ${forceName(request)} to replace ${shown(edited.filter((path) => !removed.includes(path)))} and leave ${shown(removed)} (an earlier result it would otherwise remove) as ${one(removed, 'it is', 'they are')}`;
  throw problem(request.flag, `${dir} holds ${shown(edited)}, which hordelab wrote but which ${one(edited, 'was', 'were')} changed since (${MANIFEST_FILE} records other content); move ${one(edited, 'it', 'them')} away, choose another folder, or ${withForce}`);
}

/** How a refusal to `request` says to ask for `force`. */
function forceName(request: OutputFolderRequest): string {
  return request.forceName ?? '--force';
}

/** Up to three names, and how many more. */
function shown(names: readonly string[]): string {
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
}

/** `single` for one name, `plural` for more. */
function one(names: readonly string[], single: string, plural: string): string {
  return names.length === 1 ? single : plural;
}

/**
 * Whether `dir` (holding `entries`) shows hordelab wrote there: its mark, or, in a folder
 * written before the mark, a run's summary.json, a JSON output recording the hordelab command
 * that wrote it (sweep.json, ladder.json, ...), or a report page titled as hordelab titles it.
 */
function hordelabWroteIn(dir: string, entries: readonly string[]): boolean {
  if (entries.includes(MANIFEST_FILE)) return true;
  return entries.some((name) => hordelabWroteFile(dir, name));
}

/** Whether the file `name` in `dir` shows by its content that Hordelab wrote it: a report page's title, or a JSON output recording hordelab. */
function hordelabWroteFile(dir: string, name: string): boolean {
  try {
    if (name === 'report.html') return ownFileKind(readHead(join(dir, name))) === 'report page' || /<title>[^<\n]* — Hordelab report<\/title>/.test(readHead(join(dir, name)));
    if (!name.endsWith('.json')) return false;
    const data = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { hordelab?: { version?: unknown }; command?: unknown } | null;
    return typeof data?.hordelab?.version === 'string' || (typeof data?.command === 'string' && data.command.startsWith('hordelab '));
  } catch {
    return false;
  }
}

/**
 * Marks `dir` as written by `hordelab <command>` (its `files`), unless something already does
 * (a run's manifest stays as it is): the sign {@link checkOutputFolder} asks for before it lets
 * the command replace files of its names without `--force`.
 */
export function markOutputFolder(dir: string, command: string, files: readonly string[], options: { readonly digests?: boolean } = {}): void {
  // With `digests`, each file's bytes as written (`levels/random.yaml` by its path), so that a
  // user's file put among them, or one of them edited, is told from hordelab's next time.
  const written = options.digests === true ? Object.fromEntries(files.map((file) => [recordPath(file), fileDigest(join(dir, file))])) : null;
  writeMark(dir, command, files, written, null);
}

/**
 * Writes `files` (`[name, text]`, names from `dir`) as {@link writeFilesAtomically} does, and
 * marks the folder as {@link markOutputFolder} does, with the mark first noting the files about to
 * arrive (and with `digests` their bytes): a command stopped while it renames them into place
 * leaves a folder whose next run is not refused for files it cannot tell were hordelab's
 * (audit 38b: a ladder killed there was refused as "changed since"). `beforeRenames` runs after
 * that note and before the first rename (a ladder removing its earlier levels' files).
 * @returns the paths written.
 */
export function publishOutputFiles(
  dir: string,
  command: string,
  files: readonly (readonly [string, string])[],
  options: { readonly digests?: boolean; readonly beforeRenames?: () => void } = {},
): string[] {
  const names = files.map(([name]) => name);
  const pending = options.digests === true ? Object.fromEntries(files.map(([name, text]) => [recordPath(name), createHash('sha256').update(text).digest('hex')])) : null;
  const paths = writeFilesAtomically(dir, files, () => {
    writeMark(dir, command, names, null, pending);
    options.beforeRenames?.();
  });
  markOutputFolder(dir, command, names, options);
  return paths;
}

/**
 * The mark {@link markOutputFolder} writes, given the digests of the files as written (null: none
 * recorded) or, before they are renamed into place, as pending (null once they are).
 */
function writeMark(dir: string, command: string, files: readonly string[], written: Record<string, string> | null, pending: Record<string, string> | null): void {
  const path = join(dir, MANIFEST_FILE);
  const names = files.map((file) => file.split(/[\\/]/)[0] as string);
  const pendingRecord = pending === null ? {} : { pendingSha256: pending };
  if (existsSync(path)) {
    // Another command's folder (a run's, which report and cards write beside): its manifest
    // stays as it is, these files added to what it lists, so they are known as Hordelab's next time.
    const manifest = readManifest(dir);
    if (manifest === null) return;
    const { pendingSha256: wasPending, ...rest } = manifest;
    if (written === null && pending === null && wasPending === undefined && names.every((name) => manifest.files.includes(name))) return;
    // Files recorded before and gone since (an earlier ladder's level this one removed) leave the record.
    const record = written === null ? {} : { fileSha256: Object.fromEntries(Object.entries({ ...manifest.fileSha256, ...written }).filter(([file]) => isRegularFile(join(dir, file)))) };
    writeAtomically(path, `${JSON.stringify({ ...rest, files: [...new Set([...manifest.files, ...names])], ...record, ...pendingRecord }, null, 2)}\n`);
    return;
  }
  writeAtomically(path, `${JSON.stringify({ hordelab: 1, kind: command, scenario: '', status: 'complete', files: [...new Set(names)], ...(written === null ? {} : { fileSha256: written }), ...pendingRecord }, null, 2)}\n`);
}

/** What a single output file is, and what the command reads: the file must be none of those. */
export interface OutputFileRequest {
  /** `--out`, `--html`, `--junit`, `--markdown`, or `<run>` for a default path. */
  readonly flag: string;
  /** The kind of file written: an existing file may be replaced only when it is one of these. */
  readonly kind: OwnFileKind;
  /** Files the command reads, with what they are (`the checks file`). */
  readonly inputFiles?: readonly { readonly path: string; readonly what: string }[];
  /**
   * Folders the command reads (`the baseline run folder`): nothing inside them is written, but
   * for the names `allow` lets stand directly in it (`compare.html` in the compared run).
   */
  readonly inputFolders?: readonly { readonly path: string; readonly what: string; readonly allow?: (name: string) => boolean }[];
}

/** Where the existing folder `inner` lies in `outer`, links followed: `''` for `outer` itself, null outside it. */
function placeIn(inner: string, outer: string): string | null {
  let outerReal: string;
  try {
    outerReal = realpathSync(outer);
  } catch {
    return null;
  }
  const path = relative(outerReal, realpathSync(inner));
  return path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path) ? null : path;
}

/**
 * Why the existing `path` may not be replaced by a file of `kind`, or null when it may: when
 * it is empty (nothing to lose, such as the $GITHUB_STEP_SUMMARY a CI runner makes) or a file
 * of that kind Hordelab wrote, still as it was written: one its mark's digest shows was added
 * to or changed since holds someone's lines, which replacing it would lose (audit 41b F1: a
 * workflow's own lines appended to the step summary went without a word).
 */
function replaceProblem(path: string, kind: OwnFileKind): string | null {
  const stats = statSync(path);
  if (!stats.isFile()) return `${path} exists and is not a file hordelab wrote; name a new file or remove it`;
  if (stats.size === 0) return null;
  let head: string;
  try {
    head = readHead(path);
  } catch (error) {
    return `cannot read ${path} to tell whether hordelab wrote it: ${fileSystemReason(error) ?? (error as Error).message}`;
  }
  const found = ownFileKind(head);
  if (found === kind) {
    let asWritten: boolean;
    try {
      asWritten = holdsOnlyWhatWasWritten(path, kind);
    } catch (error) {
      return `cannot read ${path} to tell whether hordelab wrote it: ${fileSystemReason(error) ?? (error as Error).message}`;
    }
    return asWritten ? null : `${path} is not as hordelab wrote it: its content is not the ${kind} its mark records (added to, changed, or cut short); name a new file or remove it`;
  }
  if (found !== null) return `${path} is a hordelab ${found}, not a ${kind}; name a new file or remove it`;
  return `${path} exists and was not written by hordelab; name a new file or remove it`;
}

/**
 * A single output file (`compare --out`, `replay --html`, `check --junit`/`--markdown`):
 * checked before any match is played and again just before it is written. Its folder must
 * exist and take a new file; it must not be a folder, nor one of the command's inputs or a file
 * inside an input folder; and when it exists it must be empty or a file of the same kind that
 * Hordelab wrote, with nothing added or changed since, so that a command run again replaces its
 * own file and nothing else. The `<path>.tmp` it is written through (see {@link writeAtomically})
 * obeys the same rule: one a stopped write left cut short is refused too, and named.
 * Throws a UsageError naming the flag; writes nothing.
 */
export function checkOutputFile(path: string, request: OutputFileRequest): void {
  const { flag } = request;
  // Written through `<path>.tmp`, whose name must fit too.
  refuseLongPath(path, flag, '.tmp');
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    // Not there yet: its folder must be.
  }
  if (isFolder) throw problem(flag, `${path} is a folder; expected a file name`);
  const folder = dirname(resolve(path));
  let folderIsFolder = false;
  try {
    folderIsFolder = statSync(folder).isDirectory();
  } catch {
    // A folder that is a link to nothing, or in a loop of links, is named as one (review 29a).
    const link = danglingLinkOnTheWay(folder);
    if (link !== null) throw problem(flag, `cannot write ${path}: ${danglingLinkProblem(dirname(path), link)}`);
    throw problem(flag, `cannot write ${path}: no folder ${dirname(path)}`);
  }
  if (!folderIsFolder) throw problem(flag, `cannot write ${path}: ${dirname(path)} is a file, not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw problem(flag, `cannot write ${path}: ${fileSystemReason(error) ?? (error as Error).message}`);
  }
  const exists = existsSync(path);
  // A link to nothing reads as missing, and the write would replace the link (review 28d): it is
  // the user's, and where it points may be what they meant.
  const link = exists ? null : danglingLinkOnTheWay(path);
  if (link !== null) {
    const chained = !link.loop && danglingLink(resolve(dirname(resolve(path)), link.target)) !== null;
    const where = link.loop ? `${link.target} in a loop of links that never reaches a file` : `${link.target}, which ${chained ? 'is a link that leads to nothing' : 'does not exist'}`;
    throw problem(flag, `${path} is a link to ${where}; writing would replace the link: remove it, or name another file`);
  }
  // A link to a file: the write (a rename into place) would replace the link, not the file it
  // names, which kept its old content (review 29c).
  if (exists && entryKind(path) === 'a link') throw problem(flag, `${path} is a link to ${readlinkSync(path)}; writing would replace the link, not the file: name that file itself, or remove the link`);
  if (exists) {
    // The same file, however it is named: a link, a hard link, another spelling of the path.
    const target = statSync(path);
    for (const input of request.inputFiles ?? []) {
      let same = false;
      try {
        const stats = statSync(input.path);
        same = stats.dev === target.dev && stats.ino === target.ino;
      } catch {
        // An input that is not there cannot be overwritten.
      }
      if (same) throw problem(flag, `${path} is ${input.what}, which this command reads; name a new file`);
    }
  }
  for (const input of request.inputFolders ?? []) {
    const place = placeIn(folder, input.path);
    if (place === null || (place === '' && input.allow?.(basename(path)) === true)) continue;
    throw problem(flag, `${path} is inside ${input.what} ${input.path}, which this command reads; name a file outside it`);
  }
  if (exists) {
    const reason = replaceProblem(path, request.kind);
    if (reason !== null) throw problem(flag, reason);
  }
  const temporary = `${path}.tmp`;
  // Not followed: a link there (even a dangling one) is refused now, not after the matches (review 25f).
  const temporaryKind = entryKind(temporary);
  if (temporaryKind !== null && temporaryKind !== 'file') throw problem(flag, `${temporary} is ${temporaryKind}; ${path} is written through it, so remove it`);
  if (existsSync(temporary)) {
    const reason = replaceProblem(temporary, request.kind);
    if (reason !== null) throw problem(flag, `${reason.replace(/; name a new file or remove it$/, '')}; ${path} is written through it, so remove it`);
  }
}

/**
 * Writes `text` to the single output file `path`, checked again first (see {@link checkOutputFile}),
 * with its mark's digest filled in, so that the next run can tell it is still as written.
 */
export function writeOutputFile(path: string, text: string, request: OutputFileRequest): void {
  checkOutputFile(path, request);
  try {
    writeAtomically(path, sealOwnFile(request.kind, text));
  } catch (error) {
    throw writeProblem(error, request.flag, path);
  }
}

/** Whether `path` is a regular file (links followed); false where it cannot be read. */
function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
