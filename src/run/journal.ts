/**
 * A run's journal: its working files, its checkpoint and its publishing, inside an
 * {@link OutputFolder} the run has claimed.
 *
 * Rows are appended to working files (`matches.csv.tmp`, ...) in match order; after each chunk
 * a checkpoint records the next match, the byte length of each file and the aggregates so far,
 * written atomically (a kill leaves the old checkpoint or the new one). A resumed run cuts each
 * working file back to the checkpoint's length before appending, so no row is lost or written
 * twice. Publishing writes the whole files (summary.json, summary tables, shard.json) under
 * temporary names too, marks the checkpoint `final`, then has the folder publish everything at
 * once, summary.json last: until then the folder's earlier output stands untouched, and a kill
 * during the renames leaves a publish the next claim completes.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, copyFileSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { taggedText } from '../core/tagged-data.js';
import type { OutcomeAggregate } from '../reports/outcomes.js';
import { RESUME_COPY_FILE, type OutputFolder, type OutputStatus } from './output-folder.js';
import type { WholeFile } from './summary.js';
import { namingFile, writeAtomically } from './atomic-file.js';

/** The checkpoint a run keeps in its output folder while it is unfinished. */
export const CHECKPOINT_FILE = '.hordelab-checkpoint.json';

/** A file the run appends rows to, with the header a fresh run starts it with. */
export interface AppendedFile {
  readonly name: string;
  readonly header: string;
}

/** Where a run stands: everything needed to continue it. */
export interface JournalState {
  readonly nextMatch: number;
  readonly aggregate: unknown;
  readonly outcomes: OutcomeAggregate;
  readonly errors: number;
  readonly matchesPlayed: number;
}

interface Checkpoint extends JournalState {
  readonly version: 2;
  /** Identifies the scenario and the options that shape the output; resume refuses another. */
  readonly key: string;
  /** The key's parts by name (`runKeyParts`), when the run gave them: a refused resume names those that differ. */
  readonly keyParts?: Readonly<Record<string, string>>;
  /** The scenario's name, so a folder holding this unfinished run says whose it is. */
  readonly scenario: string;
  /** `temp`: the data is in `*.tmp` (killed); `final`: in the published files (interrupted). */
  readonly location: 'temp' | 'final';
  /** Byte length of each working file, by final name, at the checkpoint. */
  readonly lengths: Record<string, number>;
  /** SHA-256 of each working file's first `lengths` bytes, by final name: a resume refuses a file edited since. */
  readonly sha256: Record<string, string>;
}

/** The checkpoint as written: its fields, then the SHA-256 of their JSON, so a resume refuses an edited one. */
interface SealedCheckpoint extends Checkpoint {
  readonly integrity: string;
}

/** The length and SHA-256 of a file as written: what `merge` checks a shard's files against. */
export interface FileDigest {
  readonly bytes: number;
  readonly sha256: string;
}

/** The digest of a whole text. */
export function digestOf(text: string): FileDigest {
  return { bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') };
}

/** A file appended under a temporary name and renamed into place when published. */
/** Text as its UTF-8 bytes; bytes as they are (a chunk's rows are not copied again to be written). */
// Stryker disable next-line ConditionalExpression: (true) Buffer.from of bytes copies them, the same bytes
const bytesOf = (part: string | Uint8Array): Uint8Array => (typeof part === 'string' ? Buffer.from(part) : part);

/** Writes all of `bytes` at the file's end: a write may take fewer bytes than it is given. */
function writeWhole(fd: number, bytes: Uint8Array): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
}

class WorkingFile {
  readonly path: string;
  readonly tempPath: string;
  private fd: number;
  private buffer: (string | Uint8Array)[] = [];
  /** SHA-256 of every byte written so far. */
  private readonly hash = createHash('sha256');
  /** Bytes written so far (flushed or not). */
  length = 0;

  /** Opens a fresh working file, or one cut back to `resumeLength` bytes to append after it. */
  constructor(path: string, tempPath: string, resumeLength?: number) {
    this.path = path;
    this.tempPath = tempPath;
    if (resumeLength === undefined) {
      this.fd = openSync(this.tempPath, 'w');
    } else {
      truncateSync(this.tempPath, resumeLength);
      this.fd = openSync(this.tempPath, 'r+');
      // The digest covers the whole file: take in what the interrupted run wrote.
      const block = Buffer.allocUnsafe(1 << 16);
      // Stryker disable next-line EqualityOperator: (<=) one more read, of 0 bytes, which the break below ends
      for (let position = 0; position < resumeLength; ) {
        // Stryker disable next-line ArithmeticOperator: (+) the file was just cut to resumeLength, so a longer read returns the same bytes
        const read = readSync(this.fd, block, 0, Math.min(block.length, resumeLength - position), position);
        // Stryker disable next-line ConditionalExpression: (false) the file was just truncated to resumeLength (which pads a shorter one), so no read before it comes back empty
        if (read === 0) break;
        this.hash.update(block.subarray(0, read));
        position += read;
      }
      closeSync(this.fd);
      this.fd = openSync(this.tempPath, 'a');
      this.length = resumeLength;
    }
  }
  /** Appends text (written as UTF-8) or bytes. */
  write(text: string | Uint8Array): void {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: (false, <=) appending nothing changes neither buffer contents, hash nor length; this only skips the work
    if (text.length === 0) return;
    this.buffer.push(text);
    this.hash.update(text);
    // Stryker disable next-line ConditionalExpression: (true) Buffer.byteLength of bytes is their length
    this.length += typeof text === 'string' ? Buffer.byteLength(text) : text.length;
  }
  /** Length and SHA-256 of everything written (call once, when writing is over). */
  digest(): FileDigest {
    return { bytes: this.length, sha256: this.hash.copy().digest('hex') };
  }
  flush(): void {
    try {
      for (const part of this.buffer) writeWhole(this.fd, bytesOf(part));
    } catch (error) {
      throw namingFile(error, this.path);
    }
    this.buffer = [];
  }
  close(): void {
    // Stryker disable next-line EqualityOperator: (<=) a descriptor opened here is never 0, which is stdin's
    if (this.fd < 0) return;
    this.flush();
    closeSync(this.fd);
    this.fd = -1;
  }
  discard(): void {
    // Stryker disable next-line EqualityOperator: (>) a descriptor opened here is never 0, which is stdin's
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(this.tempPath, { force: true });
  }
}

/**
 * The checkpoint in `dir`, or null when there is none.
 * @throws UsageError when it is damaged, edited, or written by an earlier Hordelab.
 */
function readCheckpoint(dir: string): Checkpoint | null {
  const path = join(dir, CHECKPOINT_FILE);
  if (!existsSync(path)) return null;
  let sealed: Partial<SealedCheckpoint>;
  try {
    sealed = JSON.parse(readFileSync(path, 'utf8')) as Partial<SealedCheckpoint>;
  } catch (error) {
    throw resumeError(`${path} is damaged (${(error as Error).message}); the run cannot be resumed: run it afresh with --force`);
  }
  if (typeof sealed !== 'object' || sealed === null || sealed.version !== 2) {
    throw resumeError(`${path} was not written by this version of hordelab; the run cannot be resumed: run it afresh with --force`);
  }
  const { integrity, ...checkpoint } = sealed;
  if (integrity !== sealOf(checkpoint)) throw resumeError(`${path} was changed after the run wrote it; the run cannot be resumed safely: run it afresh with --force`);
  return checkpoint as Checkpoint;
}

/**
 * The resume key of the run whose checkpoint is in `dir`, or null when there is none or it
 * cannot be read: what a resume checks before finishing a publish that run left cut short.
 */
export function checkpointKeyIn(dir: string): string | null {
  try {
    // Stryker disable next-line OptionalChaining: reading .key of no checkpoint throws, and the catch answers null too
    return readCheckpoint(dir)?.key ?? null;
  } catch {
    return null;
  }
}

function sealOf(checkpoint: unknown): string {
  return createHash('sha256').update(JSON.stringify(checkpoint)).digest('hex');
}

/** SHA-256 of the first `length` bytes of the file at `path` (read, never changed). */
export function prefixSha256(path: string, length: number): string {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    const block = Buffer.allocUnsafe(1 << 16);
    // Stryker disable next-line EqualityOperator: (<=) one more read, of 0 bytes, which the break below ends
    for (let position = 0; position < length; ) {
      const read = readSync(fd, block, 0, Math.min(block.length, length - position), position);
      // Stryker disable next-line ConditionalExpression: (false) callers check the file holds at least `length` bytes first, so no read before it comes back empty
      if (read === 0) break;
      hash.update(block.subarray(0, read));
      position += read;
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** The words a difference of key parts says its two sides with: a resume's `then` and `now`. */
export interface KeyPartSides {
  /** Said after the recorded side's value: `then`. */
  readonly recorded: string;
  /** Said after the other side's value: `now`. */
  readonly current: string;
}

/** The parts of a run's key its Hordelab decides, not its command: a difference in them alone is no setting to give again. */
const VERSION_PARTS = ['hordelab version', 'figures recorded'];

/**
 * Which parts differ between a run's key parts then (`recorded`) and now, as a reader reads
 * them: `matches (1000 then, 2000 now)`, `params.traps`, `seat 2 (none then)`; empty when none do.
 * `sides` words the two sides otherwise (merge: `in the first shard` and `here`), said where the
 * text is made, so a value holding the words is shown as it is (review 34a F7).
 */
export function keyPartDifferences(recorded: Readonly<Record<string, string>>, now: Readonly<Record<string, string>>, sides: KeyPartSides = { recorded: 'then', current: 'now' }): string[] {
  const differences: string[] = [];
  const { recorded: thenWord, current: nowWord } = sides;
  for (const name of [...new Set([...Object.keys(recorded), ...Object.keys(now)])]) {
    const then = Object.hasOwn(recorded, name) ? recorded[name] : undefined;
    const current = Object.hasOwn(now, name) ? now[name] : undefined;
    if (then === current) continue;
    const shownName = printable(name);
    if (then === undefined) differences.push((current as string).startsWith('sha256:') ? `${shownName} (none ${thenWord})` : `${shownName} (none ${thenWord}, ${partShown(current as string)} ${nowWord})`);
    else if (current === undefined) differences.push(then.startsWith('sha256:') ? `${shownName} (none ${nowWord})` : `${shownName} (${partShown(then)} ${thenWord}, none ${nowWord})`);
    else if (then.startsWith('sha256:') || current.startsWith('sha256:')) differences.push(shownName);
    else {
      // Texts past ASCII may differ where they print alike (é, and e with its accent apart; a blank
      // Braille cell): then every such character is shown as its escape (review 32e).
      const [before, after] = [partShown(then), partShown(current)];
      const alike = /[^\x20-\x7e]/.test(before + after);
      differences.push(`${shownName} (${alike ? asciiOnly(before) : before} ${thenWord}, ${alike ? asciiOnly(after) : after} ${nowWord})`);
    }
  }
  return differences;
}

/**
 * A key part's text (canonical JSON of the recorded form) as a reader knows the value: `-0`, not
 * `{"$number":"-0"}` (the thirty-first session's leftover); text that is not JSON as it is.
 */
function partShown(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return printable(text);
  }
  return printable(taggedText(value));
}

/** `text` with every character past printable ASCII shown as its escape. */
function asciiOnly(text: string): string {
  return text.replace(/[^\x20-\x7e]/gu, escaped);
}

/** A character as its JavaScript escape: `\u00e9`, `\u{e0001}`. */
function escaped(character: string): string {
  const code = character.codePointAt(0) as number;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with control, format and other invisible characters shown as escapes: an edited
 * checkpoint's parts are printed (review 32b: an ESC sequence reached the terminal raw; 32c: a
 * soft hyphen, a tag character and a combining grapheme joiner too).
 */
function printable(text: string): string {
  // Control, format, unassigned and private characters, spaces other than the plain one, and the marks that print as nothing (variation selectors, the grapheme joiner, Khmer's inherent vowels).
  return text.replace(/[\p{Cc}\p{Cf}\p{Cn}\p{Zl}\p{Zp}\p{Cs}\p{Co}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u3164\ufe00-\ufe0f\uffa0\u{e0100}-\u{e01ef}]/gu, escaped);
}

/**
 * `value` when it is an object of text values, as a run records its key's parts; else undefined.
 * The checkpoint's seal is a digest anyone can recompute, so an edited one is read with care
 * (review 31c: a part recorded as a number stopped a resume with a TypeError).
 */
function textRecord(value: unknown): Readonly<Record<string, string>> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.values(value).every((item) => typeof item === 'string') ? (value as Record<string, string>) : undefined;
}

function resumeError(message: string): UsageError {
  return new UsageError([{ source: '--resume', field: '', message }]);
}

/** The working files and checkpoint of one run in one folder. */
export class RunJournal {
  private readonly dir: string;

  private constructor(
    private readonly folder: OutputFolder,
    private readonly key: string,
    private readonly scenario: string,
    private readonly files: readonly WorkingFile[],
    private readonly names: readonly string[],
    private readonly fresh: boolean,
    private readonly keyParts: Readonly<Record<string, string>> | undefined,
  ) {
    this.dir = folder.dir;
  }

  /**
   * Starts a fresh run of `scenario` in `folder`: working files with their headers. An earlier
   * output in the folder stays as it is until this run publishes; an earlier unfinished run's
   * checkpoint goes (its working files are overwritten).
   */
  static start(folder: OutputFolder, key: string, scenario: string, files: readonly AppendedFile[], keyParts?: Readonly<Record<string, string>>): RunJournal {
    const dir = folder.dir;
    rmSync(join(dir, CHECKPOINT_FILE), { force: true });
    const opened: WorkingFile[] = [];
    try {
      for (const file of files) {
        const working = new WorkingFile(join(dir, file.name), folder.workingPath(file.name));
        opened.push(working);
        working.write(file.header);
      }
    } catch (error) {
      for (const working of opened) working.discard();
      throw error;
    }
    return new RunJournal(
      folder,
      key,
      scenario,
      opened,
      files.map((file) => file.name),
      true,
      keyParts,
    );
  }

  /**
   * Reopens the interrupted or killed run in `dir`, cut back to its last checkpoint.
   * @throws UsageError when there is nothing to resume, the checkpoint is another run's, or a
   *   working file holds less than the checkpoint records.
   */
  static resume(folder: OutputFolder, key: string, scenario: string, files: readonly AppendedFile[], keyParts?: Readonly<Record<string, string>>): { journal: RunJournal; state: JournalState } {
    const dir = folder.dir;
    const checkpoint = readCheckpoint(dir);
    if (checkpoint === null) {
      // A new or empty folder has nothing to resume; an unfinished run whose checkpoint is gone
      // cannot be resumed, and only --force starts it again (without --resume it asks for one of the two).
      // (A missing folder is made by the claim, and found empty.)
      const empty = folder.previous.state === 'empty';
      throw resumeError(empty ? `${dir} holds no interrupted run to resume; run without --resume` : `${dir} holds an unfinished run without the checkpoint to resume it from; start it again with --force (in place of --resume)`);
    }
    if (checkpoint.key !== key) {
      // Named where both runs recorded the parts of their keys; a checkpoint from before they were kept, as before.
      const recorded = textRecord(checkpoint.keyParts);
      const differences = recorded === undefined || keyParts === undefined ? [] : keyPartDifferences(recorded, keyParts);
      // What the version decides is no setting to give again (review 40r R4: "figures recorded (6 then, 7 now); resume it with the ones it was started with").
      const versionParts = differences.filter((difference) => VERSION_PARTS.some((part) => difference.startsWith(`${part} (`) || difference === part));
      // With them, no setting given again resumes it here, whatever else differs (review 40s S3).
      if (versionParts.length > 0) {
        throw resumeError(`the run in ${dir} was started by a Hordelab that records it otherwise: ${differences.join(', ')}; this version cannot continue it: start it again with --force (in place of --resume), or continue it with the version that started it`);
      }
      if (differences.length > 0) throw resumeError(`the run in ${dir} was started with other settings: ${differences.join(', ')}; resume it with the ones it was started with, or run without --resume`);
      throw resumeError(`the run in ${dir} was started with another scenario, parameters or options, with a game, agent or metric module that has changed since, or by a Hordelab that recorded other figures; resume it with the same ones, or run without --resume`);
    }
    // Every file is checked before anything in the folder changes: a damaged run is refused as it stands.
    for (const file of files) {
      const length = checkpoint.lengths[file.name] ?? 0;
      const published = join(dir, file.name);
      const working = `${published}.tmp`;
      // A finished checkpoint's files are published (or back as working files, if a resume was killed while taking them back).
      const path = checkpoint.location === 'final' && existsSync(published) ? published : working;
      if (!existsSync(path)) {
        if (checkpoint.location === 'final' && length <= Buffer.byteLength(file.header)) continue; // written back from its header below
        throw resumeError(`${checkpoint.location === 'final' ? published : working} is missing; the interrupted run cannot be resumed`);
      }
      if (statSync(path).size < length) throw resumeError(`${path} holds less than the checkpoint records; the run cannot be resumed safely: run it afresh with --force`);
      if (prefixSha256(path, length) !== checkpoint.sha256[file.name]) {
        throw resumeError(`${path} was changed after the checkpoint; the run cannot be resumed safely: run it afresh with --force`);
      }
    }
    if (checkpoint.location === 'final') {
      // An interrupted run published its files: continue copies of them as working files, so
      // the folder keeps the interrupted run whole (summary.json and its CSVs) until this one
      // publishes over it, even if this one is killed. Each copy is made under a control name
      // and renamed, so a kill mid-copy leaves no short working file. (A resume by an earlier
      // version may have renamed them back already.) Files it did not publish held just their
      // header (errors.csv without errors).
      for (const file of files) {
        const published = join(dir, file.name);
        if (existsSync(published)) copyWhole(published, `${published}.tmp`, join(dir, RESUME_COPY_FILE));
        else if (!existsSync(`${published}.tmp`)) writeFileSync(`${published}.tmp`, file.header);
      }
      writeCheckpointFile(dir, { ...checkpoint, location: 'temp' });
    }
    const opened = files.map((file) => new WorkingFile(join(dir, file.name), folder.workingPath(file.name), checkpoint.lengths[file.name]));
    const state: JournalState = {
      nextMatch: checkpoint.nextMatch,
      aggregate: checkpoint.aggregate,
      outcomes: checkpoint.outcomes,
      errors: checkpoint.errors,
      matchesPlayed: checkpoint.matchesPlayed,
    };
    return {
      journal: new RunJournal(
        folder,
        key,
        scenario,
        opened,
        files.map((file) => file.name),
        false,
        keyParts,
      ),
      state,
    };
  }

  /** Appends one chunk's text to each file (`texts[i]` to the i-th file), and writes it out. */
  append(texts: readonly (string | Uint8Array)[]): void {
    this.files.forEach((file, index) => file.write(texts[index] ?? ''));
    for (const file of this.files) file.flush();
  }

  /** Length and SHA-256 of each appended file so far, by name. */
  digests(): Record<string, FileDigest> {
    return Object.fromEntries(this.names.map((name, index) => [name, (this.files[index] as WorkingFile).digest()]));
  }

  /** Records `state` as the point a resume continues from. */
  checkpoint(state: JournalState): void {
    writeCheckpointFile(this.dir, this.checkpointOf(state, 'temp'));
  }

  /**
   * Publishes the run: `wholeFiles` written beside the working files (summary.json last among
   * them), then the folder publishes everything at once. Working files named in `omit` are
   * dropped (and an earlier output's copy of them goes). An `interrupted` run keeps its
   * checkpoint, marked `final`, for `--resume`.
   * @returns the paths published.
   */
  publish(state: JournalState, wholeFiles: readonly WholeFile[], omit: readonly string[], status: OutputStatus): string[] {
    // Stryker disable next-line ArrayDeclaration: (a stray entry) removing a file that is not there, with force, does nothing
    const written: string[] = [];
    try {
      for (const file of wholeFiles) {
        this.folder.writeTemp(file.name, file.text);
        written.push(file.name);
      }
      for (const file of this.files) file.close();
    } catch (error) {
      // A full disk fails here, before anything is renamed: the folder keeps what it had.
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: (no force) every name in written was written, so its file is there to remove
      for (const name of written) rmSync(this.folder.tempPath(name), { force: true });
      throw error;
    }
    const names = [...this.names.filter((name) => !omit.includes(name)), ...wholeFiles.map((file) => file.name)];
    try {
      this.folder.checkPublishable(names);
    } catch (error) {
      // Refused before anything changed: the whole files' temporaries go too.
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: (no force) every name in written was written, so its file is there to remove
      for (const name of written) rmSync(this.folder.tempPath(name), { force: true });
      throw error;
    }
    writeCheckpointFile(this.dir, this.checkpointOf(state, 'final'));
    this.files.forEach((file, index) => {
      if (omit.includes(this.names[index] as string)) file.discard();
    });
    // Stryker disable next-line ArrayDeclaration: (a stray name) publishing removes a file that is not there as a no-op
    // (A resume's scratch copy is left only by a kill in the middle of a copy.)
    return this.folder.publish(names, status, status === 'interrupted' ? [RESUME_COPY_FILE] : [CHECKPOINT_FILE, RESUME_COPY_FILE]);
  }

  /**
   * After a failure: a fresh run leaves nothing half-written behind; a resumed run keeps what
   * it had, since its last checkpoint still describes its working files.
   */
  abandon(): void {
    if (!this.fresh) {
      for (const file of this.files) file.close();
      return;
    }
    for (const file of this.files) file.discard();
    rmSync(join(this.dir, CHECKPOINT_FILE), { force: true });
  }

  private checkpointOf(state: JournalState, location: Checkpoint['location']): Checkpoint {
    const lengths = Object.fromEntries(this.names.map((name, index) => [name, (this.files[index] as WorkingFile).length]));
    const sha256 = Object.fromEntries(this.names.map((name, index) => [name, (this.files[index] as WorkingFile).digest().sha256]));
    // Stryker disable next-line ConditionalExpression: (false) { keyParts: undefined } is written as no field at all, by JSON
    return { version: 2, key: this.key, ...(this.keyParts === undefined ? {} : { keyParts: this.keyParts }), scenario: this.scenario, location, lengths, sha256, ...state };
  }
}

/** Copies `from` to `to` by way of `scratch`, so `to` is the whole copy or what it was before. */
function copyWhole(from: string, to: string, scratch: string): void {
  // A copy-on-write clone where the file system has them; a plain copy elsewhere.
  copyFileSync(from, scratch, constants.COPYFILE_FICLONE);
  renameSync(scratch, to);
}

/** Writes the checkpoint atomically: a kill leaves either the old one or the new one. */
function writeCheckpointFile(dir: string, checkpoint: Checkpoint): void {
  const path = join(dir, CHECKPOINT_FILE);
  const sealed: SealedCheckpoint = { ...checkpoint, integrity: sealOf(checkpoint) };
  writeAtomically(path, JSON.stringify(sealed));
}
