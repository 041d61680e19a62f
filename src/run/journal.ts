/**
 * A run's journal: its working files, its checkpoint and its publishing.
 *
 * Rows are appended to working files (`matches.csv.tmp`, ...) in match order; after each chunk
 * a checkpoint records the next match, the byte length of each file and the aggregates so far,
 * written atomically (a kill leaves the old checkpoint or the new one). A resumed run cuts each
 * working file back to the checkpoint's length before appending, so no row is lost or written
 * twice. Publishing writes the whole files (summary.json, summary tables, shard.json) under
 * temporary names too, marks the checkpoint `final`, then renames everything into place with
 * summary.json last: a kill during the renames leaves a folder `--resume` takes back as it is.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import type { OutcomeAggregate } from '../reports/outcomes.js';
import type { WholeFile } from './summary.js';

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
  readonly version: 1;
  /** Identifies the scenario and the options that shape the output; resume refuses another. */
  readonly key: string;
  /** `temp`: the data is in `*.tmp` (killed); `final`: in the published files (interrupted). */
  readonly location: 'temp' | 'final';
  /** Byte length of each working file, by final name, at the checkpoint. */
  readonly lengths: Record<string, number>;
}

/** A file appended under a temporary name and renamed into place when published. */
class WorkingFile {
  readonly path: string;
  readonly tempPath: string;
  private fd: number;
  private buffer: string[] = [];
  /** Bytes written so far (flushed or not). */
  length = 0;

  /** Opens a fresh working file, or one cut back to `resumeLength` bytes to append after it. */
  constructor(path: string, resumeLength?: number) {
    this.path = path;
    this.tempPath = `${path}.tmp`;
    if (resumeLength === undefined) {
      this.fd = openSync(this.tempPath, 'w');
    } else {
      truncateSync(this.tempPath, resumeLength);
      this.fd = openSync(this.tempPath, 'a');
      this.length = resumeLength;
    }
  }
  write(text: string): void {
    if (text === '') return;
    this.buffer.push(text);
    this.length += Buffer.byteLength(text);
  }
  flush(): void {
    if (this.buffer.length > 0) writeSync(this.fd, this.buffer.join(''));
    this.buffer = [];
  }
  close(): void {
    if (this.fd < 0) return;
    this.flush();
    closeSync(this.fd);
    this.fd = -1;
  }
  discard(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(this.tempPath, { force: true });
  }
}

function readCheckpoint(dir: string): Checkpoint | null {
  const path = join(dir, CHECKPOINT_FILE);
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as Checkpoint;
}

/** Whether `dir` holds an unfinished run's checkpoint. */
export function hasCheckpoint(dir: string): boolean {
  return existsSync(join(dir, CHECKPOINT_FILE));
}

function resumeError(message: string): UsageError {
  return new UsageError([{ source: '--resume', field: '', message }]);
}

/** The working files and checkpoint of one run in one folder. */
export class RunJournal {
  private constructor(
    private readonly dir: string,
    private readonly key: string,
    private readonly files: readonly WorkingFile[],
    private readonly names: readonly string[],
    private readonly fresh: boolean,
    private readonly createdDir: boolean,
  ) {}

  /**
   * Starts a fresh run in `dir` (created if missing): working files with their headers, and
   * `stale` files of an earlier run removed so they cannot leak into this one.
   */
  static start(dir: string, key: string, files: readonly AppendedFile[], stale: readonly string[]): RunJournal {
    const createdDir = !existsSync(dir);
    mkdirSync(dir, { recursive: true });
    for (const name of [CHECKPOINT_FILE, ...stale]) rmSync(join(dir, name), { force: true });
    const opened: WorkingFile[] = [];
    try {
      for (const file of files) {
        const working = new WorkingFile(join(dir, file.name));
        opened.push(working);
        working.write(file.header);
      }
    } catch (error) {
      for (const working of opened) working.discard();
      throw error;
    }
    return new RunJournal(
      dir,
      key,
      opened,
      files.map((file) => file.name),
      true,
      createdDir,
    );
  }

  /**
   * Reopens the interrupted or killed run in `dir`, cut back to its last checkpoint.
   * @throws UsageError when there is nothing to resume, the checkpoint is another run's, or a
   *   working file holds less than the checkpoint records.
   */
  static resume(dir: string, key: string, files: readonly AppendedFile[]): { journal: RunJournal; state: JournalState } {
    const checkpoint = existsSync(dir) ? readCheckpoint(dir) : null;
    if (checkpoint === null) throw resumeError(`${dir} holds no interrupted run to resume; run without --resume`);
    if (checkpoint.key !== key) {
      throw resumeError(`the run in ${dir} was started with another scenario, parameters or options; resume it with the same ones, or run without --resume`);
    }
    if (checkpoint.location === 'final') {
      // An interrupted run published its files: take them back as working files (some may be
      // back already, if a resume was killed right here). Files it did not publish held just
      // their header (errors.csv without errors).
      for (const file of files) {
        const published = join(dir, file.name);
        if (existsSync(published)) renameSync(published, `${published}.tmp`);
        else if (!existsSync(`${published}.tmp`)) {
          if ((checkpoint.lengths[file.name] ?? 0) > Buffer.byteLength(file.header)) {
            throw resumeError(`${published} is missing; the interrupted run cannot be resumed`);
          }
          writeFileSync(`${published}.tmp`, file.header);
        }
      }
      writeCheckpointFile(dir, { ...checkpoint, location: 'temp' });
    }
    for (const file of files) {
      const working = join(dir, `${file.name}.tmp`);
      const size = existsSync(working) ? statSync(working).size : -1;
      if (size < (checkpoint.lengths[file.name] ?? 0)) {
        throw resumeError(`${working} holds less than the checkpoint records; the run cannot be resumed safely: run it afresh`);
      }
    }
    const opened = files.map((file) => new WorkingFile(join(dir, file.name), checkpoint.lengths[file.name]));
    const state: JournalState = {
      nextMatch: checkpoint.nextMatch,
      aggregate: checkpoint.aggregate,
      outcomes: checkpoint.outcomes,
      errors: checkpoint.errors,
      matchesPlayed: checkpoint.matchesPlayed,
    };
    return {
      journal: new RunJournal(
        dir,
        key,
        opened,
        files.map((file) => file.name),
        false,
        false,
      ),
      state,
    };
  }

  /** Appends one chunk's text to each file (`texts[i]` to the i-th file), and writes it out. */
  append(texts: readonly string[]): void {
    this.files.forEach((file, index) => file.write(texts[index] ?? ''));
    for (const file of this.files) file.flush();
  }

  /** Records `state` as the point a resume continues from. */
  checkpoint(state: JournalState): void {
    writeCheckpointFile(this.dir, this.checkpointOf(state, 'temp'));
  }

  /**
   * Publishes the run: `wholeFiles` written beside the working files, then everything renamed
   * into place, summary.json (the last of `wholeFiles`) last. Working files named in `omit`
   * are dropped, and an earlier published copy of them removed. With `keepCheckpoint` (an
   * interrupted run) the checkpoint stays, marked `final`, for `--resume`.
   * @returns the paths published.
   */
  publish(state: JournalState, wholeFiles: readonly WholeFile[], omit: readonly string[], keepCheckpoint: boolean): string[] {
    try {
      for (const file of wholeFiles) writeFileSync(join(this.dir, `${file.name}.tmp`), file.text);
    } catch (error) {
      // A full disk fails here, before anything is renamed: the folder keeps what it had.
      for (const file of wholeFiles) rmSync(join(this.dir, `${file.name}.tmp`), { force: true });
      throw error;
    }
    for (const file of this.files) file.close();
    writeCheckpointFile(this.dir, this.checkpointOf(state, 'final'));
    const published: string[] = [];
    this.files.forEach((file, index) => {
      if (omit.includes(this.names[index] as string)) {
        file.discard();
        rmSync(file.path, { force: true });
      } else {
        renameSync(file.tempPath, file.path);
        published.push(file.path);
      }
    });
    for (const file of wholeFiles) {
      const path = join(this.dir, file.name);
      renameSync(`${path}.tmp`, path);
      published.push(path);
    }
    if (!keepCheckpoint) rmSync(join(this.dir, CHECKPOINT_FILE), { force: true });
    return published;
  }

  /**
   * After a failure: a fresh run leaves nothing half-written behind (and no folder it created);
   * a resumed run keeps what it had, since its last checkpoint still describes its working files.
   */
  abandon(): void {
    if (!this.fresh) {
      for (const file of this.files) file.close();
      return;
    }
    for (const file of this.files) file.discard();
    rmSync(join(this.dir, CHECKPOINT_FILE), { force: true });
    if (this.createdDir && readdirSync(this.dir).length === 0) rmdirSync(this.dir);
  }

  private checkpointOf(state: JournalState, location: Checkpoint['location']): Checkpoint {
    const lengths = Object.fromEntries(this.names.map((name, index) => [name, (this.files[index] as WorkingFile).length]));
    return { version: 1, key: this.key, location, lengths, ...state };
  }
}

/** Writes the checkpoint atomically: a kill leaves either the old one or the new one. */
function writeCheckpointFile(dir: string, checkpoint: Checkpoint): void {
  const path = join(dir, CHECKPOINT_FILE);
  writeFileSync(`${path}.tmp`, JSON.stringify(checkpoint));
  renameSync(`${path}.tmp`, path);
}
