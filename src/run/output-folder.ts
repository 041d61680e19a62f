/**
 * Output folders that are never silently clobbered.
 *
 * A command that writes a folder of results (`run`, `merge`, and the same way `report --out`,
 * `sweep`, `tune`) claims it first with {@link OutputFolder.claim}:
 *
 * - a new or empty folder is taken;
 * - a folder holding a finished output of the same kind and scenario is replaced only with
 *   `--force`; an unfinished one (an interrupted or killed run) asks for `--resume` or `--force`;
 * - a folder holding another scenario's output, another command's, or any file Hordelab did not
 *   write (`--out ..`) is refused: exit 2, one line, nothing touched.
 *
 * A lock file (`.hordelab-lock`, created atomically) makes a second process claiming the same
 * folder fail at once, naming the first; a lock left by a process that is gone is taken over
 * (on this host: no process has its pid; from another host: not refreshed for 10 minutes, while
 * a live holder refreshes it every 30 seconds). Files are written under temporary names and published together by
 * {@link OutputFolder.publish}: a publish journal (`.hordelab-publish.json`) lists the renames
 * and removals before any is made, summary.json is renamed last, and a publish cut short (a
 * kill, a crash) is completed by the next claim that resumes or replaces the output (any other
 * is refused, the folder untouched). A full disk fails while writing the temporary
 * files, before any rename: the folder keeps its previous complete output.
 *
 * `.hordelab-folder.json` records what a folder holds: the kind, the scenario, its status and
 * the files Hordelab wrote there.
 */
import { createHash } from 'node:crypto';
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, rmdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { refuseLongPath } from '../core/name-length.js';
import { entryKind, makeFolders, writeAtomically, writeTemporary } from './atomic-file.js';
import { ownFileKind, readHead } from '../present/own-files.js';
import { prefixSha256 } from './journal.js';
import { digest } from './run-key.js';

/** What a folder holds. A merge of shards is a `run` folder like any other. */
export type OutputKind = 'run' | 'report' | 'sweep' | 'tune' | 'tournament' | 'ladder' | 'cards';

/** Whether an output is whole (`complete`, `stopped` at `--max-errors`) or unfinished (`interrupted`). */
export type OutputStatus = 'complete' | 'stopped' | 'interrupted';

/** `.hordelab-folder.json`. */
export interface FolderManifest {
  readonly hordelab: 1;
  readonly kind: OutputKind;
  /** The scenario's name. */
  readonly scenario: string;
  readonly status: OutputStatus;
  /** Names of the files (and folders) Hordelab wrote here. */
  readonly files: readonly string[];
  /**
   * By file name, the SHA-256 (hex) of a JSON file's content as canonical JSON (keys sorted, no
   * spacing), checked when the file is read and before a run replaces it (audit 40c F2): a run's
   * summary.json, which pages and comparisons are drawn from, so an edit that keeps it valid (a
   * bound, a rate, the seed) is still found, while reformatting it is no edit. Absent in folders
   * written before it was recorded.
   */
  readonly contentSha256?: Readonly<Record<string, string>>;
  /**
   * By path from the folder (`ladder.json`, `levels/random.yaml`), the SHA-256 (hex) of the bytes
   * hordelab wrote there: a ladder's, a sweep's and cards' (audit 40c F4). A file whose bytes differ was edited since, and
   * a file in a folder of files it lists (a ladder's `levels/`) that it does not list is someone
   * else's (audit 37b H2): both are refused without `--force`. Absent in marks written before it
   * was recorded, whose files are known by their names alone.
   */
  readonly fileSha256?: Readonly<Record<string, string>>;
  /**
   * Written just before such a command renames its new files into place and dropped just after:
   * the SHA-256 of each new file's bytes, by path as in {@link fileSha256}. A command stopped
   * between the two leaves each file holding either the bytes recorded or those pending, both
   * hordelab's, so the next run there is not refused as if a user had edited them (audit 38b).
   */
  readonly pendingSha256?: Readonly<Record<string, string>>;
}

/** The JSON files whose content digest a publish records in the manifest (small, read back whole). */
const DIGESTED_FILES: readonly string[] = ['summary.json'];

/** The digest {@link FolderManifest.contentSha256} records for a JSON file's text; null when it is not JSON. */
function contentDigest(text: string): string | null {
  try {
    return digest(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Whether `text`, read from `name` in `dir`, has the content the folder's manifest records for it:
 * true where none is recorded (an older folder, a file copied out of its folder).
 */
export function matchesRecordedContent(dir: string, name: string, text: string): boolean {
  const recorded = readManifest(dir)?.contentSha256?.[name];
  return recorded === undefined || recorded === contentDigest(text);
}

export const MANIFEST_FILE = '.hordelab-folder.json';
export const LOCK_FILE = '.hordelab-lock';
export const PUBLISH_FILE = '.hordelab-publish.json';
/** A run's checkpoint (written by the run's journal): its `lengths` name the run's working files. */
export const CHECKPOINT_FILE = '.hordelab-checkpoint.json';
/** Where a resume copies a published file before renaming the copy to its working name (see the journal). */
export const RESUME_COPY_FILE = '.hordelab-resume-copy.tmp';
/** Files Hordelab keeps for itself in an output folder: never anyone's output. */
export const CONTROL_FILES: ReadonlySet<string> = new Set([MANIFEST_FILE, LOCK_FILE, PUBLISH_FILE, CHECKPOINT_FILE, `${CHECKPOINT_FILE}.tmp`, `${MANIFEST_FILE}.tmp`, `${PUBLISH_FILE}.tmp`, RESUME_COPY_FILE]);

/** What an existing folder was found to hold. */
export interface FolderContents {
  /** `missing`: no such folder; `empty`; `output`: Hordelab's output (see the other fields); `foreign`: files Hordelab did not write. */
  readonly state: 'missing' | 'empty' | 'output' | 'foreign';
  readonly kind: OutputKind | null;
  /** The scenario the output is of; null when unknown (a run killed before it recorded it). */
  readonly scenario: string | null;
  readonly status: OutputStatus | null;
  /** Hordelab's files present in the folder: the ones a replacing output removes if it does not rewrite them. */
  readonly owned: readonly string[];
  /** Entries Hordelab did not write. */
  readonly foreign: readonly string[];
  /**
   * Of {@link foreign}, files of names the command writes that nothing shows Hordelab wrote: no
   * mark of this folder lists them, and their content does not show it (audit 40c F1).
   */
  readonly unsigned?: readonly string[];
  /** Of {@link foreign}, files whose content differs from what the folder's mark records Hordelab wrote there (audit 40c F2). */
  readonly edited?: readonly string[];
}

export interface ClaimOptions {
  /** The flag that named the folder, for messages: `--out`. */
  readonly flag: string;
  readonly kind: OutputKind;
  /** The scenario the new output is of. */
  readonly scenario: string;
  /** Replace a finished or unfinished output of the same kind and scenario. */
  readonly force: boolean;
  /** Continue the unfinished output in the folder (the caller checks it is the same one). */
  readonly resume?: boolean;
  /**
   * Names this kind of output writes, recognised as Hordelab's even without a manifest (folders
   * written before manifests existed; pages `hordelab report` adds to a run folder).
   */
  readonly knownNames?: readonly string[];
  /**
   * By name of {@link knownNames}, the start a file of that name has when the command wrote it (a
   * CSV table's header row): where no mark of the folder lists its files, a file of a known name
   * is Hordelab's only where its content shows it (see {@link inspectFolder}).
   */
  readonly knownHeads?: Readonly<Record<string, string>>;
  /**
   * Kinds of output this one may be added to without `--force`, leaving them in place (report
   * pages beside a run). Then {@link OutputFolder.publish} adds files instead of replacing.
   */
  readonly addsTo?: readonly OutputKind[];
  /**
   * How the caller's users ask for `force` and `resume`, for the messages: `--force` and
   * `--resume` by default (the command line); the library names its options, and has no resume
   * (null).
   */
  readonly optionNames?: { readonly force: string; readonly resume: string | null };
}

/** A folder held by this process: locked, checked, ready for temporary files and a publish. */
export class OutputFolder {
  private released = false;
  /** Whether a publish was begun. */
  private publishedAny = false;

  private constructor(
    /** The folder. */
    readonly dir: string,
    /** What the folder held when it was claimed. */
    readonly previous: FolderContents,
    private readonly options: ClaimOptions,
    private readonly createdDir: boolean,
    private readonly lock: LockRecord,
    /** The lock of a process that is gone, which this claim took over (null when there was none). */
    private readonly staleLock: StaleLock | null = null,
  ) {
    workOnExit.set(join(dir, LOCK_FILE), { dir, identity: folderIdentity(dir), names: this.workingNames, createdDir, lock });
    if (staleLock !== null) staleOnExit.set(join(dir, LOCK_FILE), { dir, stale: staleLock, restorable: () => !this.publishedAny });
  }

  /**
   * The names whose working file (`<name>.tmp`) this claim has opened: the only ones it removes
   * when the process ends unresumably, and the ones a publish needs to find still there.
   */
  private readonly workingNames = new Set<string>();

  /**
   * Takes `dir` for an output (creating it if missing): locks it, completes a publish an earlier
   * process left half done, and checks what it holds against the rules above.
   * @throws UsageError naming the folder and what to do, with nothing in it changed (a folder
   *   this call created is removed again).
   */
  static claim(dir: string, options: ClaimOptions): OutputFolder {
    const createdDir = prepareFolder(dir, options.flag);
    let taken: TakenLock;
    try {
      refuseDamagedControlFiles(dir);
      taken = acquireLock(dir, options.flag);
    } catch (error) {
      if (createdDir) removeIfEmpty(dir);
      throw error;
    }
    const { lock, stale } = taken;
    try {
      const finishedPublish = completeInterruptedPublish(dir, options);
      // Temporary files are a killed process's only where that process left its lock behind.
      const previous = inspectFolder(dir, options.knownNames ?? [], { killedRunLeftLock: stale !== null }, options.knownHeads ?? {});
      if (finishedPublish && options.resume === true && previous.status === 'complete' && previous.kind === options.kind && previous.scenario === options.scenario) {
        // What --resume was asked to finish was the publish: the output is whole now.
        throw new PublishFinished(dir, options.kind);
      }
      const refusal = refusalFor(dir, previous, options);
      if (refusal !== null) throw new UsageError([{ source: refusal.source, field: '', message: refusal.message }]);
      return new OutputFolder(dir, previous, options, createdDir, lock, stale);
    } catch (error) {
      releaseLock(dir, lock);
      // The dead process's lock goes back: it is what marks its temporary files as Hordelab's
      // for the next claim (the one that is told to add --force, say).
      if (stale !== null && holdsWorkingFiles(dir)) restoreStaleLock(dir, stale);
      if (createdDir) removeIfEmpty(dir);
      throw error;
    }
  }

  /** The path of `name` in the folder. */
  path(name: string): string {
    return join(this.dir, name);
  }

  /** The temporary path `name` is written under until it is published. */
  tempPath(name: string): string {
    return join(this.dir, `${name}.tmp`);
  }

  /**
   * The temporary path of `name`, noted as this claim's working file: one the claim writes
   * (rather than only reads or removes) is asked for here.
   */
  workingPath(name: string): string {
    this.workingNames.add(name);
    return this.tempPath(name);
  }

  /**
   * Writes `text` to `name`'s temporary path. On failure (a full disk) the temporary file is
   * removed and the error rethrown; the folder's published files are untouched.
   */
  writeTemp(name: string, text: string): void {
    writeTemporary(this.workingPath(name), text);
  }

  /**
   * Publishes the temporary files of `names` (each `name.tmp` must be complete) in that order:
   * put summary.json last. Replacing an output, the files of the previous one not rewritten are
   * removed, and so are `alsoRemove` (such as a finished run's checkpoint); adding to one, they
   * stay. The renames are listed in a publish journal first, so a publish cut short is
   * completed by the next claim.
   * @returns the paths published.
   */
  publish(names: readonly string[], status: OutputStatus, alsoRemove: readonly string[] = []): string[] {
    this.publishedAny = true;
    const adding = this.adding();
    const stale = adding ? [] : this.previous.owned.filter((name) => !names.includes(name));
    const current = readManifest(this.dir);
    // Digests of the files published now; adding to an output, those of its files stay.
    const digests: Record<string, string> = adding ? { ...current?.contentSha256 } : {};
    for (const name of names) {
      const content = DIGESTED_FILES.includes(name) && existsSync(this.tempPath(name)) ? contentDigest(readFileSync(this.tempPath(name), 'utf8')) : null;
      if (content !== null) digests[name] = content;
    }
    const recorded = Object.keys(digests).length > 0 ? { contentSha256: digests } : {};
    const manifest: FolderManifest = adding
      ? { hordelab: 1, kind: current?.kind ?? this.previous.kind ?? this.options.kind, scenario: current?.scenario ?? this.previous.scenario ?? this.options.scenario, status: current?.status ?? this.previous.status ?? 'complete', files: unique([...(current?.files ?? this.previous.owned), ...names]), ...recorded }
      : { hordelab: 1, kind: this.options.kind, scenario: this.options.scenario, status, files: [...names], ...recorded };
    const journal: PublishJournal = { renames: names.map((name) => [`${name}.tmp`, name]), remove: unique([...stale, ...alsoRemove]), manifest };
    this.checkPublishable(names);
    this.refuseLostWork(names);
    writeAtomically(join(this.dir, PUBLISH_FILE), JSON.stringify(journal));
    applyPublish(this.dir, journal);
    return names.map((name) => this.path(name));
  }

  /**
   * Refuses, before an output is made, a folder (or anything but a file) where one of `names` is
   * to be published: found only at the publish, it would cost the whole run.
   * @throws UsageError naming the entry in the way.
   */
  refuseNonFiles(names: readonly string[]): void {
    for (const name of names) {
      const kind = entryKind(this.path(name));
      if (kind !== null && kind !== 'file') throw new UsageError([{ source: this.path(name), field: '', message: `is ${kind}, where hordelab publishes a file; nothing was changed: move it away and run again` }]);
      // And the working file it is written through (a killed run's is taken as this run's own):
      // a link there was written through, a pipe hung the run, a folder failed it after every
      // match (review 25f).
      const working = entryKind(this.tempPath(name));
      if (working !== null && working !== 'file') throw new UsageError([{ source: this.tempPath(name), field: '', message: `is ${working}, where hordelab writes ${name} as the run goes; nothing was changed: move it away and run again` }]);
    }
  }

  /**
   * Refuses a publish of `names` whose renames would fail halfway: a folder (or anything but a
   * file) where one of the files is to go. Checked before the publish journal is written, so a
   * later claim never completes a journal with only some of its files.
   * @throws UsageError naming the entry in the way.
   */
  checkPublishable(names: readonly string[]): void {
    for (const name of names) {
      // (A name published without a temporary file, a round robin's pairing folder, is no rename.)
      if (!existsSync(this.tempPath(name))) continue;
      const kind = entryKind(this.path(name));
      if (kind !== null && kind !== 'file') throw new UsageError([{ source: this.path(name), field: '', message: `is ${kind}, where hordelab publishes a file; nothing was published: move it away and run again` }]);
    }
  }

  /**
   * Refuses a publish of `names` where a working file this claim wrote is gone (removed by hand,
   * or by another process while the folder was not this one's): published without it, the output
   * would list a file it does not hold.
   * @throws UsageError naming the missing file.
   */
  private refuseLostWork(names: readonly string[]): void {
    for (const name of names) {
      if (this.workingNames.has(name) && !existsSync(this.tempPath(name))) {
        throw new UsageError([{ source: this.tempPath(name), field: '', message: 'this run\'s working file is gone (removed while the run played); nothing was published: run again' }]);
      }
    }
  }

  /**
   * Lets go of the folder: removes the lock, and the folder itself if this claim created it and
   * nothing was published. Safe to call twice.
   */
  release(): void {
    if (this.released) return;
    this.released = true;
    releaseLock(this.dir, this.lock);
    // Let go before writing or publishing anything (a --resume with nothing to resume), the dead
    // process's lock goes back: it is what marks that process's working files as Hordelab's, and
    // without it the folder was refused as a stranger's for good, even with --force (audit 27b).
    if (this.staleLock !== null && this.workingNames.size === 0 && !this.publishedAny && holdsWorkingFiles(this.dir)) restoreStaleLock(this.dir, this.staleLock);
    if (this.createdDir) removeIfEmpty(this.dir);
  }

  private adding(): boolean {
    return this.previous.state === 'output' && this.previous.kind !== null && (this.options.addsTo ?? []).includes(this.previous.kind);
  }
}

/**
 * What `dir` holds. Hordelab's files are those its manifest lists (of names the command writes,
 * holding the content the manifest records), those a run's checkpoint names, and the temporary
 * files of any of these where a run left them (beside its checkpoint, or where
 * `killedRunLeftLock`: the claim found the lock of a process that is gone). Without a manifest of
 * this folder, a file of `knownNames` is Hordelab's only where its content shows it (`knownHeads`
 * gives the start of each CSV table). Anything else is foreign. A `matches.csv.tmp` in a folder
 * no killed run left is someone else's file, and the run would overwrite it.
 */
export function inspectFolder(
  dir: string,
  knownNames: readonly string[],
  found: { readonly killedRunLeftLock: boolean } = { killedRunLeftLock: false },
  knownHeads: Readonly<Record<string, string>> = {},
): FolderContents {
  if (!existsSync(dir)) return { state: 'missing', kind: null, scenario: null, status: null, owned: [], foreign: [] };
  const entries = entriesOf(dir);
  const manifest = readManifest(dir);
  // The manifest's list of names is this folder's record only where the digests it records hold
  // a file here: one that records a summary.json the folder does not hold was copied from
  // another folder (audit 40c F2: a user's matches.csv beside it was overwritten, exit 0).
  const listed = manifest !== null && describesFolder(dir, manifest) ? manifest.files : null;
  const checkpoint = readJson(join(dir, CHECKPOINT_FILE)) as { lengths?: Record<string, number>; sha256?: Record<string, string>; location?: string; scenario?: string } | null;
  // A checkpoint that cannot be read still marks an unfinished run: a plain run must not take
  // its damage as leave to start afresh over the matches already played.
  const unfinished = checkpoint !== null || existsSync(join(dir, CHECKPOINT_FILE));
  const summary = readJson(join(dir, 'summary.json')) as { hordelab?: { version?: string }; scenario?: { name?: string }; run?: { status?: string } } | null;
  // With a manifest, Hordelab's files are the ones it lists (and an unfinished run's working
  // files), and pages other commands mark as theirs: a user's report.md or catches.csv beside a
  // finished run is theirs, whatever its name. The names a command writes count alone only in a
  // folder without a manifest (a run killed before its first publish, a summary from before
  // manifests).
  // An interrupted run (Ctrl-C) published its files and left its checkpoint at "final": a file of
  // a name it records (published or `.tmp`) and its manifest does not list is its own only where
  // it holds the bytes the checkpoint recorded (a resume taking files back renames them to
  // `.tmp`); a user's errors.csv or matches.csv.tmp beside it is theirs.
  const interrupted = checkpoint?.location === 'final' ? checkpoint : null;
  const recorded = new Set(Object.keys(checkpoint?.lengths ?? {}));
  // A run killed before it first published (a checkpoint not at "final", no manifest) has
  // written nothing but its working files (`.tmp`): a file of a name it would publish is not its
  // own yet. Taken as its own by name, a user's report.md, summary.json or matches.csv beside
  // it was deleted or replaced by the resume, exit 0 (audit 36b).
  // Unless a summary of Hordelab's says the files of its names are an earlier output's (one
  // copied without its hidden mark, or written before marks): a killed --force over it had left
  // a folder neither --resume nor --force would take (review 36e).
  const hordelabSummary = summary !== null && typeof summary.hordelab?.version === 'string';
  const killedBeforePublish = listed === null && unfinished && interrupted === null && !hordelabSummary;
  const workingNames = new Set([...(listed === null ? knownNames : []), ...(listed ?? []), ...(interrupted === null ? recorded : [])]);
  const known = killedBeforePublish ? new Set<string>() : workingNames;
  // A run's working files are its checkpoint's (an interrupted run), or a killed run's.
  const runLeftFiles = unfinished || found.killedRunLeftLock;
  const isWorkingFile = (name: string): boolean => runLeftFiles && interrupted === null && name.endsWith('.tmp') && workingNames.has(name.slice(0, -4));
  const isRecordedCopy = (name: string): boolean => {
    const base = name.endsWith('.tmp') ? name.slice(0, -4) : name;
    const length = interrupted?.lengths?.[base];
    const sha256 = interrupted?.sha256?.[base];
    if (typeof length !== 'number' || typeof sha256 !== 'string') return false;
    try {
      const path = join(dir, name);
      const stats = statSync(path);
      return stats.isFile() && stats.size >= length && prefixSha256(path, length) === sha256;
    } catch {
      return false;
    }
  };
  // With a mark of this folder: what it lists (of the command's names), a checkpoint's names, and
  // pages marked as hordelab's at their start. Without: a known name whose content shows it.
  const isOwn = (name: string): boolean => {
    const path = join(dir, name);
    if (listed === null) return known.has(name) && showsHordelabWrote(path, knownHeads[name]);
    // Every name this folder's own mark lists, not only those the command writes now: a table
    // named from the results, by a module's earlier version, or by another game the scenario
    // played before is its output too (review 40r R1: taken for the user's, --force and the
    // printed continue line were refused). Its digests, where recorded, were checked above.
    if (listed.includes(name)) return true;
    return known.has(name) || (knownNames.includes(name) && isMarkedOwnFile(path));
  };
  const owned: string[] = [];
  const foreign: string[] = [];
  const unsigned: string[] = [];
  const edited: string[] = [];
  for (const name of entries) {
    if (CONTROL_FILES.has(name)) continue;
    if (interrupted !== null && recorded.has(name.endsWith('.tmp') ? name.slice(0, -4) : name) && !(listed?.includes(name) ?? false)) {
      if (!isRecordedCopy(name)) foreign.push(name);
      else if (!name.endsWith('.tmp')) owned.push(name);
      continue;
    }
    // A run killed before its first checkpoint leaves only its temporary files and its lock:
    // with that lock found, they are taken as ours by name.
    if (isWorkingFile(name)) continue;
    // A file the manifest records other content of is the user's now, or was changed by them
    // (audit 40c F2): replaced, their edit was lost.
    if (listed !== null && changedSinceRecorded(dir, name, manifest)) {
      foreign.push(name);
      edited.push(name);
      continue;
    }
    if (isOwn(name)) {
      // A folder of its own (a round robin's pairing) is removed whole when no longer played: a
      // user's file inside it is theirs, named as such (review 40s S1: deleted, exit 0).
      const strays = straysInside(join(dir, name));
      if (strays.length > 0) {
        foreign.push(...strays.map((stray) => `${name}/${stray}`));
        continue;
      }
      owned.push(name);
      continue;
    }
    foreign.push(name);
    // Without a mark of this folder, a name alone is no sign (audit 40c F1: run --force, --resume
    // and merge --force deleted a user's report.md or errors.csv from a copy made without hidden
    // files, exit 0): said as such, so the user knows why their file is in the way.
    if (listed === null && known.has(name)) unsigned.push(name);
  }
  // A run's unfinished work beside the strays is said as such, so a resume is told to move them (review 36e).
  if (foreign.length > 0) return { state: 'foreign', kind: manifest?.kind ?? null, scenario: manifest?.scenario ?? null, status: manifest?.status ?? (unfinished ? 'interrupted' : null), owned, foreign, unsigned, edited };
  if (manifest !== null) {
    // A checkpoint beside a finished output: a replacement of it was started and not finished.
    const status = unfinished ? 'interrupted' : manifest.status;
    return { state: 'output', kind: manifest.kind, scenario: manifest.scenario, status, owned, foreign };
  }
  if (unfinished) return { state: 'output', kind: 'run', scenario: checkpoint?.scenario ?? (hordelabSummary ? (summary.scenario?.name ?? null) : null), status: 'interrupted', owned, foreign };
  if (hordelabSummary) {
    const status = summary.run?.status === 'interrupted' ? 'interrupted' : 'complete';
    return { state: 'output', kind: 'run', scenario: summary.scenario?.name ?? null, status, owned, foreign };
  }
  // A round robin killed in its first pairing leaves, beside its lock, only that pairing's run
  // folder: a folder of a known name holding a run's own records is that round robin's.
  if (owned.some((name) => holdsRunRecords(join(dir, name)))) return { state: 'output', kind: 'tournament', scenario: null, status: 'interrupted', owned, foreign };
  // Entries but no record of whose they are (known names alone, such as a stray errors.csv): not ours to replace.
  if (owned.length > 0) return { state: 'foreign', kind: null, scenario: null, status: null, owned: [], foreign: owned };
  return { state: 'empty', kind: null, scenario: null, status: null, owned: [], foreign: [] };
}

const COMMAND_OF: Record<OutputKind, string> = { run: 'hordelab run or merge', report: 'hordelab report', sweep: 'hordelab sweep', tune: 'hordelab tune', tournament: 'a round robin (hordelab run)', ladder: 'hordelab ladder', cards: 'hordelab cards' };

/** Why `options` may not write into a folder holding `contents` (the flag to blame, and what to do); null when it may. */
export function refusalFor(dir: string, contents: FolderContents, options: ClaimOptions): { source: string; message: string } | null {
  const refuse = (message: string, source = options.flag): { source: string; message: string } => ({ source, message });
  if (contents.state === 'missing' || contents.state === 'empty') return null;
  if (contents.state === 'foreign') {
    const listed = contents.foreign.slice(0, 3).join(', ') + (contents.foreign.length > 3 ? ` and ${contents.foreign.length - 3} more` : '');
    // A resume cannot go to another folder: the stray files are what to move (audit 30a).
    const resuming = options.resume === true && (contents.owned.length > 0 || contents.status === 'interrupted');
    const why = whyNotOwn(contents);
    const them = contents.foreign.length === 1 ? 'it' : 'them';
    if (why !== null) return resuming ? refuse(`${dir} holds ${listed}, ${why}; move ${them} out of the folder, then resume`, '--resume') : refuse(`${dir} holds ${listed}, ${why}; move ${them} out of the folder, or write into a new or empty folder`);
    if (resuming) return refuse(`${dir} holds files hordelab did not write (${listed}) beside its own; move them out of the folder, then resume`, '--resume');
    return refuse(`${dir} holds files hordelab did not write (${listed}); write into a new or empty folder`);
  }
  const kind = contents.kind ?? 'run';
  if ((options.addsTo ?? []).includes(kind)) return null;
  if (kind !== options.kind) return refuse(`${dir} holds the output of ${COMMAND_OF[kind]}; write into a new or empty folder`);
  if (contents.scenario !== null && contents.scenario !== options.scenario) {
    return refuse(`${dir} holds the output of scenario "${contents.scenario}", not "${options.scenario}"; write into a new or empty folder (or delete that one yourself)`);
  }
  const unfinished = contents.status === 'interrupted';
  if (options.resume === true) return unfinished ? null : refuse(`${dir} holds no interrupted run to resume; run without --resume`, '--resume');
  if (options.force) return null;
  const names = options.optionNames ?? { force: '--force', resume: '--resume' };
  const canResume = (kind === 'run' || kind === 'tune') && names.resume !== null;
  // A run's checkpoint removed (a damaged one is still there, and --resume names its damage):
  // --resume has nothing to resume from, and is not offered (audit 40c F5).
  if (unfinished && canResume && kind === 'run' && !existsSync(join(dir, CHECKPOINT_FILE))) {
    return refuse(`${dir} holds an unfinished run of "${options.scenario}" without the checkpoint to resume it from: start it again with ${names.force}`);
  }
  return unfinished
    ? refuse(`${dir} holds an unfinished ${kind} of "${options.scenario}": ${canResume ? `continue it with ${names.resume}, or ` : ''}start again with ${names.force}`)
    : refuse(`${dir} holds a finished ${kind} of "${options.scenario}"; pass ${names.force} to replace it`);
}

/**
 * Why the folder's foreign files are not Hordelab's, where each is one the command writes, either
 * changed since the mark recorded it or not shown to be Hordelab's without a mark; null otherwise
 * (files of other names are said as files hordelab did not write).
 */
function whyNotOwn(contents: FolderContents): string | null {
  const { foreign, unsigned = [], edited = [] } = contents;
  const one = foreign.length === 1;
  if (edited.length === foreign.length) return `which hordelab wrote but which ${one ? 'was' : 'were'} changed since (${MANIFEST_FILE} records other content)`;
  if (unsigned.length === foreign.length) {
    return `named as hordelab names its files, but nothing shows hordelab wrote ${one ? 'it' : 'them'}: no ${MANIFEST_FILE} of this folder lists ${one ? 'it' : 'them'} (a copy that leaves out hidden files loses it), and ${one ? 'its' : 'their'} content does not show it`;
  }
  return null;
}

interface PublishJournal {
  /** `[temporary name, final name]`, in order. */
  readonly renames: readonly (readonly [string, string])[];
  readonly remove: readonly string[];
  readonly manifest: FolderManifest;
}

/** Makes the renames and removals of a publish journal (each at most once), then drops it. */
function applyPublish(dir: string, journal: PublishJournal): void {
  for (const [from, to] of journal.renames) {
    // Already renamed by a publish that was cut short after it: nothing to do.
    if (existsSync(join(dir, from))) renameSync(join(dir, from), join(dir, to));
  }
  for (const name of journal.remove) rmSync(join(dir, name), { force: true, recursive: true });
  writeAtomically(join(dir, MANIFEST_FILE), `${JSON.stringify(journal.manifest, null, 2)}\n`);
  rmSync(join(dir, PUBLISH_FILE), { force: true });
}

/**
 * Completes a publish an earlier process was stopped in the middle of. A journal is written
 * whole (atomically) or not at all, so one that is not as {@link OutputFolder.publish} writes it
 * was damaged or edited: refused, nothing touched (its names could point anywhere).
 * @throws UsageError naming the journal.
 */
function completeInterruptedPublish(dir: string, options: ClaimOptions): boolean {
  const path = join(dir, PUBLISH_FILE);
  if (!existsSync(path)) return false;
  const journal = readJson(path);
  if (!isPublishJournal(journal)) {
    throw new UsageError([{ source: path, field: '', message: "is damaged (expected the renames of a publish, as hordelab writes them, of files in this folder); nothing was changed: delete it if the folder's files are whole, or write into a new folder" }]);
  }
  const foreign = journalOverreach(dir, journal, options.knownNames ?? []);
  if (foreign !== null) {
    throw new UsageError([{ source: path, field: foreign.field, message: `names ${JSON.stringify(foreign.name)}, ${foreign.why} (expected only files of the folder's previous output, or the new output's own); nothing was changed: delete the journal if the folder's files are whole, or write into a new folder` }]);
  }
  refuseCutShortPublish(dir, journal, options);
  applyPublish(dir, journal);
  return true;
}

/**
 * A claim that neither resumes nor replaces leaves a publish cut short as it is: finishing it
 * changes the folder, and a command refused for the folder it names changes nothing. `--resume`
 * (a run's, checked by the caller to be of that very run) and `--force` finish it; `--force` only
 * where the output being published is one it may replace (the same command and scenario), since
 * the claim would refuse that output once published, with the folder already changed.
 */
function refuseCutShortPublish(dir: string, journal: PublishJournal, options: ClaimOptions): void {
  if (options.resume === true) return;
  if (options.force) {
    const { kind, scenario, status } = journal.manifest;
    const refusal = refusalFor(dir, { state: 'output', kind, scenario, status, owned: [], foreign: [] }, options);
    if (refusal !== null) throw new UsageError([{ source: refusal.source, field: '', message: `${refusal.message}; its publish was cut short, and nothing was changed` }]);
    return;
  }
  throw new UsageError([
    {
      source: join(dir, PUBLISH_FILE),
      field: '',
      message: `a publish into ${dir} was cut short, so its files may be of two outputs; nothing was changed: finish it with "hordelab run <scenario> --out ${dir} --resume" (a run's), replace the folder's output with ${options.flag} ${dir} --force, or write into a new folder`,
    },
  ]);
}

/**
 * Thrown by {@link OutputFolder.claim} with `resume` when all that was left to do was a publish
 * an earlier process was stopped in the middle of, and the claim finished it: the folder holds
 * a complete output of the same scenario, and nothing remains to resume (exit 0, said).
 */
export class PublishFinished extends Error {
  constructor(
    readonly dir: string,
    kind: OutputKind,
  ) {
    super(`finished the publish a stopped ${kind} left in ${dir}; its output there is complete, with nothing left to resume`);
    this.name = 'PublishFinished';
  }
}

/**
 * Where a publish journal reaches past what Hordelab wrote in `dir`, or null. Hordelab's files
 * are those the folder's record (its manifest, written last by a publish, so still the previous
 * output's while one is cut short) lists, those of `knownNames` that carry Hordelab's mark (a
 * compare page another command added), and a run's checkpoint. A publish removes only such files
 * (one already gone is skipped: a publish cut short removed it), renames its temporary files over
 * nothing or over such files, and records only such files or the ones it renamed into place: a
 * name the command writes, or a round robin's pairing folder (which holds a run's records).
 */
function journalOverreach(dir: string, journal: PublishJournal, knownNames: readonly string[]): { field: string; name: string; why: string } | null {
  const manifest = readManifest(dir);
  const recorded = new Set([CHECKPOINT_FILE, `${CHECKPOINT_FILE}.tmp`, ...(manifest?.files ?? [])]);
  const path = (name: string): string => join(dir, name);
  const isOurs = (name: string): boolean => recorded.has(name) || (knownNames.includes(name) && isMarkedOwnFile(path(name)));
  const present = (name: string): boolean => entryKind(path(name)) !== null;
  for (const name of journal.remove) {
    if (present(name) && !isOurs(name)) return { field: 'remove', name, why: 'which hordelab did not write here' };
  }
  const pending = new Set<string>();
  const renamed = new Set<string>();
  for (const [from, to] of journal.renames) {
    if (present(from)) {
      pending.add(to);
      if (present(to) && !isOurs(to)) return { field: 'renames', name: to, why: 'which hordelab did not write here and a rename would replace' };
    } else {
      renamed.add(to);
    }
  }
  // A name renamed into place before the cut is the command's own by its name or, for a pairing
  // folder, by the run records it holds: a file of any other name is not taken for one.
  const mayHaveRenamed = (name: string): boolean => renamed.has(name) && (knownNames.includes(name) || holdsRunRecords(path(name)));
  for (const name of journal.manifest.files) {
    if (present(name) && !pending.has(name) && !isOurs(name) && !mayHaveRenamed(name)) return { field: 'manifest', name, why: 'which hordelab did not write here and the record would claim' };
  }
  return null;
}

/** A name of an entry directly in the folder: no path separator, not `.` or `..`. */
function isPlainName(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value !== '.' && value !== '..' && !/[/\\\0]/.test(value);
}

const KINDS: readonly OutputKind[] = ['run', 'report', 'sweep', 'tune', 'tournament', 'ladder', 'cards'];
const STATUSES: readonly OutputStatus[] = ['complete', 'stopped', 'interrupted'];

function isManifest(value: unknown): value is FolderManifest {
  if (typeof value !== 'object' || value === null) return false;
  const manifest = value as Record<string, unknown>;
  return (
    manifest['hordelab'] === 1 &&
    KINDS.includes(manifest['kind'] as OutputKind) &&
    typeof manifest['scenario'] === 'string' &&
    STATUSES.includes(manifest['status'] as OutputStatus) &&
    Array.isArray(manifest['files']) &&
    manifest['files'].every(isPlainName) &&
    (manifest['contentSha256'] === undefined || isDigestRecord(manifest['contentSha256'])) &&
    (manifest['fileSha256'] === undefined || isDigestRecord(manifest['fileSha256'], true)) &&
    (manifest['pendingSha256'] === undefined || isDigestRecord(manifest['pendingSha256'], true))
  );
}

/** `{ name: 64 hex digits }` for plain names (or, with `paths`, plain names joined by `/`). */
function isDigestRecord(value: unknown, paths = false): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([name, digest]) => (paths ? name.split('/').every(isPlainName) : isPlainName(name)) && typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest));
}

function isPublishJournal(value: unknown): value is PublishJournal {
  if (typeof value !== 'object' || value === null) return false;
  const journal = value as Record<string, unknown>;
  const renames = journal['renames'];
  const remove = journal['remove'];
  return (
    Array.isArray(renames) &&
    renames.every((pair: unknown) => Array.isArray(pair) && pair.length === 2 && isPlainName(pair[1]) && pair[0] === `${pair[1] as string}.tmp`) &&
    Array.isArray(remove) &&
    remove.every((name: unknown) => isPlainName(name) && name !== PUBLISH_FILE && name !== LOCK_FILE) &&
    isManifest(journal['manifest'])
  );
}

/** `file`, `a folder`, `a link` or `something other than a file` for what is at `path`; null when nothing is. */

/** Whether `path` is a folder holding a run's lock, checkpoint or manifest. */
/** What a folder of Hordelab's (a pairing's) holds that is not its own, as its own mark and records tell; nothing for a file. */
function straysInside(path: string): string[] {
  if (entryKind(path) !== 'a folder') return [];
  // A lock left inside is a killed pairing's: its working files are its own.
  const inner = inspectFolder(path, [], { killedRunLeftLock: entryKind(join(path, LOCK_FILE)) === 'file' });
  return inner.state === 'foreign' ? [...inner.foreign] : [];
}

function holdsRunRecords(path: string): boolean {
  return entryKind(path) === 'a folder' && [LOCK_FILE, CHECKPOINT_FILE, MANIFEST_FILE].some((name) => entryKind(join(path, name)) === 'file');
}

/** The lock, manifest, checkpoint, publish journal and a resume's scratch copy must be files where they exist: a folder there is refused (exit 2) before anything is taken or written. */
function refuseDamagedControlFiles(dir: string): void {
  // The temporaries they are written through too: found only at the publish, a folder, link or
  // pipe there failed (or hung) it after every match was played (review 25e).
  for (const name of [LOCK_FILE, MANIFEST_FILE, PUBLISH_FILE, CHECKPOINT_FILE, RESUME_COPY_FILE, `${MANIFEST_FILE}.tmp`, `${PUBLISH_FILE}.tmp`, `${CHECKPOINT_FILE}.tmp`]) {
    const kind = entryKind(join(dir, name));
    if (kind !== null && kind !== 'file') throw new UsageError([{ source: join(dir, name), field: '', message: `is ${kind}, where hordelab keeps a file of its own; move it away, or write into a new folder` }]);
  }
}

interface LockRecord {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
  readonly command: string;
}

/** Errors creating a file that say the folder's path cannot hold one. */
const FOLDER_PATH_ERRORS: ReadonlySet<string> = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'ELOOP', 'EINVAL']);

/** How often a held lock's modification time is refreshed, so other hosts can tell it is alive. */
const LOCK_HEARTBEAT_MS = 30_000;
/** A lock from another host not refreshed for this long is taken over (its holder is gone). */
const OTHER_HOST_STALE_MS = 10 * 60_000;

/**
 * Creates the lock atomically (a complete file linked into place, or nothing). A lock whose
 * process is gone is taken over: on this host, when no process has its pid; from another host
 * (a shared volume, a retried cluster pod), when it has not been refreshed for
 * {@link OTHER_HOST_STALE_MS}. One held by a live process is reported.
 */
function acquireLock(dir: string, flag: string): TakenLock {
  const path = join(dir, LOCK_FILE);
  const record: LockRecord = { pid: process.pid, host: hostname(), started: new Date().toISOString(), command: process.argv.slice(1).join(' ') };
  const draft = join(dir, `${LOCK_FILE}.${process.pid}.tmp`);
  let stale: StaleLock | null = null;
  try {
    writeTemporary(draft, JSON.stringify(record));
  } catch (error) {
    // The first file written into the folder: a folder this user may not write into is bad
    // input, named by its flag, not an internal failure.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new UsageError([{ source: flag, field: '', message: `cannot write into ${dir} (${code === 'EROFS' ? 'a read-only file system' : 'permission denied'}); expected a folder you can write` }]);
    }
    // A path that cannot hold a file (a folder such as /proc/self that takes none, a name too
    // long) is the folder's fault, not Hordelab's: said in one line. A full disk or too many open
    // files stay internal failures.
    if (typeof code === 'string' && FOLDER_PATH_ERRORS.has(code)) throw new UsageError([{ source: flag, field: '', message: `cannot write into ${dir} (${String((error as Error).message).split(',')[0]}); expected a folder you can write` }]);
    throw error;
  }
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, path);
        ownLocks.set(path, record);
        heartbeats.set(
          path,
          setInterval(() => {
            try {
              const now = new Date();
              utimesSync(path, now, now);
            } catch {
              // The folder went away: nothing left to keep alive.
            }
          }, LOCK_HEARTBEAT_MS).unref(),
        );
        return { lock: record, stale };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readJson(path) as LockRecord | null;
      if (holder !== null && !isStale(holder, path)) {
        throw new UsageError([
          {
            source: flag,
            field: '',
            message:
              `${dir} is in use by another hordelab (pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}, since ${holder.started}: ${holder.command}); ` +
              `wait for it to end, or delete ${path} if that process is gone` +
              (holder.host === hostname() ? '' : ` (a lock from another host not refreshed for ${OTHER_HOST_STALE_MS / 60_000} minutes is taken over)`),
          },
        ]);
      }
      // Stale (its process is gone) or unreadable: move it aside, and only drop what was moved
      // if it is still the stale lock (another process may have taken over in between).
      const aside = join(dir, `${LOCK_FILE}.${process.pid}.stale`);
      try {
        renameSync(path, aside);
      } catch {
        continue;
      }
      const moved = readJson(aside) as LockRecord | null;
      if (holder !== null && (moved === null || moved.pid !== holder.pid || moved.started !== holder.started)) {
        if (!existsSync(path)) renameSync(aside, path);
        continue;
      }
      stale = { text: readText(aside), modified: modifiedAt(aside) };
      rmSync(aside, { force: true });
    }
    throw new UsageError([{ source: flag, field: '', message: `${dir}: could not take the lock ${path}; another hordelab keeps taking it` }]);
  } finally {
    rmSync(draft, { force: true });
  }
}

/** Whether the process that holds `lock` (at `path`) is gone. */
function isStale(lock: LockRecord, path: string): boolean {
  if (lock.host !== hostname()) {
    try {
      return Date.now() - statSync(path).mtimeMs > OTHER_HOST_STALE_MS;
    } catch {
      return true;
    }
  }
  if (!Number.isSafeInteger(lock.pid)) return true;
  // Our own pid on a lock we did not take: a process before us had it (pids are reused, and in
  // a container every run may be pid 1).
  if (lock.pid === process.pid) return ![...ownLocks.values()].some((own) => own.started === lock.started);
  try {
    process.kill(lock.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Locks this process holds, removed even on process.exit (a second Ctrl-C). */
const ownLocks = new Map<string, LockRecord>();
/** The timers that keep this process's locks fresh. */
const heartbeats = new Map<string, NodeJS.Timeout>();
/**
 * By lock: the folder, the names its output is written under and whether the claim created it,
 * for a process that ends while it holds the lock (a module that called process.exit, a second
 * Ctrl-C). Where no checkpoint makes the work resumable, the working files (`<name>.tmp`) it
 * wrote are removed with the lock: left, with neither lock nor checkpoint to mark them as
 * Hordelab's, they read as a stranger's and the folder was refused for good.
 */
const workOnExit = new Map<string, ClaimedWork>();

/** What {@link workOnExit} keeps of a claim. */
interface ClaimedWork {
  readonly dir: string;
  /** The folder's device and inode when claimed: a folder removed and made again at the same path is another's. */
  readonly identity: string | null;
  /** The names whose working files the claim opened (see {@link OutputFolder.workingPath}). */
  readonly names: ReadonlySet<string>;
  readonly createdDir: boolean;
  readonly lock: LockRecord;
}

/** `dir`'s device and inode, or null when it cannot be read. */
function folderIdentity(dir: string): string | null {
  try {
    const { dev, ino } = statSync(dir);
    return `${dev}:${ino}`;
  } catch {
    return null;
  }
}

/** Whether the lock at `path` is still `record` (this process's), and not another's that took the folder since. */
function holdsLock(path: string, record: LockRecord): boolean {
  const holder = readJson(path) as LockRecord | null;
  return holder !== null && holder.pid === record.pid && holder.started === record.started;
}

/**
 * Removes the unresumable working files of the claim that holds lock `path`; @returns the folder
 * to remove if empty once the lock is gone, or null. Nothing is removed unless the folder is still
 * the one claimed and its lock still this process's: a folder deleted and taken by another run
 * while this one played holds that run's working files under the same names.
 */
function removeUnresumableWork(path: string): string | null {
  const work = workOnExit.get(path);
  if (work === undefined || !holdsLock(path, work.lock) || folderIdentity(work.dir) !== work.identity) return null;
  if (existsSync(join(work.dir, CHECKPOINT_FILE))) return null;
  // Only the files this claim opened: the lock keeps other runs out, but not the commands that
  // add pages to a run folder without one (report, compare), whose working files share the suffix.
  for (const name of work.names) rmSync(join(work.dir, `${name}.tmp`), { force: true });
  return work.createdDir ? work.dir : null;
}

process.on('exit', () => {
  for (const [path, record] of ownLocks) {
    let emptied: string | null = null;
    try {
      emptied = removeUnresumableWork(path);
    } catch {
      // The process is ending: what cannot be removed stays, and the next claim names it.
    }
    if (holdsLock(path, record)) rmSync(path, { force: true });
    // A dead process's lock this one took over goes back where its working files are still
    // there, as when a command lets go in its own time (a Ctrl-C exits past that, review 27c).
    const taken = staleOnExit.get(path);
    if (taken !== undefined && taken.restorable() && holdsWorkingFiles(taken.dir)) restoreStaleLock(taken.dir, taken.stale);
    if (emptied !== null) removeIfEmpty(emptied);
  }
  for (const made of foldersMadeForCommands) for (const folder of made) removeIfEmpty(folder);
});

/** By lock: a dead process's lock this process took over, for the exit handler to put back where its working files remain. */
const staleOnExit = new Map<string, { readonly dir: string; readonly stale: StaleLock; readonly restorable: () => boolean }>();

/** The lock this process holds, and the dead process's lock it replaced (null when there was none). */
interface TakenLock {
  readonly lock: LockRecord;
  readonly stale: StaleLock | null;
}

/** A dead process's lock as it was: its text, and when it was last refreshed (which tells another host's lock is stale). */
interface StaleLock {
  readonly text: string;
  readonly modified: Date | null;
}

/** Puts a dead process's lock back, as it was, where a claim that took it over let go again (unless another process holds the folder by now). */
function restoreStaleLock(dir: string, stale: StaleLock): void {
  const path = join(dir, LOCK_FILE);
  try {
    writeFileSync(path, stale.text, { flag: 'wx' });
    if (stale.modified !== null) utimesSync(path, stale.modified, stale.modified);
  } catch {
    // Another hordelab took the folder in between: its lock stands.
  }
}

function releaseLock(dir: string, record: LockRecord): void {
  const path = join(dir, LOCK_FILE);
  ownLocks.delete(path);
  workOnExit.delete(path);
  staleOnExit.delete(path);
  clearInterval(heartbeats.get(path));
  heartbeats.delete(path);
  if (holdsLock(path, record)) rmSync(path, { force: true });
}

/**
 * The hordelab process holding `dir` now (a run still being played there), as "pid N, since …:
 * command", or null when no live process holds it (none, or a dead one's lock).
 */
export function liveHolderOf(dir: string): string | null {
  const path = join(dir, LOCK_FILE);
  const holder = readJson(path) as LockRecord | null;
  // A lock that is not one (`{}`) names no process (review 26d: "pid undefined on undefined").
  if (holder === null || typeof holder !== 'object' || !Number.isSafeInteger(holder.pid) || typeof holder.host !== 'string' || isStale(holder, path)) return null;
  return `pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}, since ${holder.started}: ${holder.command}`;
}

/**
 * Runs `act` holding the lock of the existing folder `dir`, as a run holds it while it writes
 * there: pages written beside a run (`report`) are refused, exit 2, while another hordelab is
 * using the folder, rather than written into a folder whose publish would then remove them. A
 * dead process's lock taken over is put back afterwards: it marks that process's working files.
 */
export async function whileHoldingLock<T>(dir: string, flag: string, act: () => Promise<T>): Promise<T> {
  refuseDamagedControlFiles(dir);
  const { lock, stale } = acquireLock(dir, flag);
  if (stale !== null) staleOnExit.set(join(dir, LOCK_FILE), { dir, stale, restorable: () => true });
  try {
    return await act();
  } finally {
    releaseLock(dir, lock);
    // Only where working files remain for it to mark: put back beside none (a sweep killed, then
    // run again), it was rewritten after every command, and once its pid was another process's
    // the folder was refused for good (review 27c).
    if (stale !== null && holdsWorkingFiles(dir)) restoreStaleLock(dir, stale);
  }
}

/**
 * Runs `act` holding the lock of the output folder `dir`, made first if missing: what `sweep`,
 * `tune`, `ladder` and `cards` write is then refused (exit 2, naming the holder) while another
 * hordelab uses the folder, instead of two commands writing one folder's files in turns, each
 * replacing what the other wrote. `check` runs once the lock is held (a folder checked before
 * is not the folder written after). Folders made here are removed again if left empty.
 */
export async function whileHoldingFolder<T>(dir: string, flag: string, check: () => void, act: () => Promise<T>): Promise<T> {
  // Refusals about the folder itself (a file in the way, no permission) come from the check,
  // before anything is made.
  check();
  const made = missingFolders(dir);
  try {
    makeFolders(dir);
  } catch (error) {
    throw new UsageError([{ source: flag, field: '', message: `cannot create ${dir}: ${(error as Error).message.split(',')[0]}` }]);
  }
  // Also on an exit mid-play (Ctrl-C exits with 130, past this function's `finally`).
  foldersMadeForCommands.add(made);
  try {
    return await whileHoldingLock(dir, flag, async () => {
      check();
      return act();
    });
  } finally {
    foldersMadeForCommands.delete(made);
    for (const folder of made) removeIfEmpty(folder);
  }
}

/** Folders {@link whileHoldingFolder} made (deepest first) for commands still going: removed at exit where left empty. */
const foldersMadeForCommands = new Set<readonly string[]>();

/** The folders `dir` needs made, deepest first. */
function missingFolders(dir: string): string[] {
  const missing: string[] = [];
  for (let current = resolve(dir); !existsSync(current) && dirname(current) !== current; current = dirname(current)) missing.push(current);
  return missing;
}

/** The target of `path` when it is a symbolic link, null otherwise: asked where `path` reads as missing, a link to nothing. */
export function danglingLink(path: string): string | null {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : null;
  } catch {
    return null;
  }
}

/**
 * The nearest of `dir` and its missing parents that is a link to nothing, with its target; null
 * when none is. Making `dir` through such a link fails with a bare ENOENT or EEXIST.
 */
export function danglingLinkOnTheWay(dir: string): { path: string; target: string; loop: boolean } | null {
  for (let current = resolve(dir); !existsSync(current) && dirname(current) !== current; current = dirname(current)) {
    const target = danglingLink(current);
    if (target !== null) return { path: current, target, loop: linksInALoop(current) };
  }
  return null;
}

/** Whether following the link at `path` comes back to a link already followed (ELOOP), rather than to nothing. */
function linksInALoop(path: string): boolean {
  try {
    statSync(path);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ELOOP';
  }
}

/** What {@link danglingLinkOnTheWay} found, as the reason a folder cannot be made. */
export function danglingLinkProblem(dir: string, link: { path: string; target: string; loop: boolean }): string {
  const which = link.path === resolve(dir) ? dir : `${dir}: ${link.path}`;
  // Review 28d: a loop of links was called a link to something that does not exist.
  if (link.loop) return `${which} is a link to ${link.target} in a loop of links that never reaches a folder; expected a folder, or a link to one`;
  // Review 29c: a link to a link to nothing read "a link to dang, which does not exist" where dang is there, a link.
  const target = resolve(dirname(link.path), link.target);
  const chained = danglingLink(target) !== null;
  return `${which} is a link to ${link.target}, which ${chained ? 'is a link that leads to nothing' : 'does not exist'}; expected a folder, or a link to one`;
}

/** Whether `dir` holds a working file (`<name>.tmp`), such as a killed run leaves. */
function holdsWorkingFiles(dir: string): boolean {
  try {
    return readdirSync(dir).some((name) => name.endsWith('.tmp'));
  } catch {
    return false;
  }
}

/** Creates the folder if missing; @returns whether it did. @throws UsageError when it is a file or cannot be written. */
function prepareFolder(dir: string, flag: string): boolean {
  refuseLongPath(dir, flag);
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new UsageError([{ source: flag, field: '', message: `${dir} is ${statSync(dir).isFile() ? 'a file' : 'not a folder (a pipe, socket or device)'}; expected a folder` }]);
    return false;
  }
  // A link whose target is gone: existsSync follows it and finds nothing, and making the folder
  // would fail with a bare ENOENT.
  const link = danglingLinkOnTheWay(dir);
  if (link !== null) throw new UsageError([{ source: flag, field: '', message: danglingLinkProblem(dir, link) }]);
  try {
    makeFolders(dir);
  } catch (error) {
    const file = fileInTheWay(dir);
    const why = file !== null ? `${file} is a file, not a folder` : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    throw new UsageError([{ source: flag, field: '', message: `cannot create ${dir}: ${why}` }]);
  }
  return true;
}

/** The nearest ancestor of `dir` that exists and is not a folder (what makes creating `dir` fail with EEXIST or ENOTDIR), or null. */
function fileInTheWay(dir: string): string | null {
  for (let at = dirname(dir); at !== dirname(at); at = dirname(at)) {
    if (!existsSync(at)) continue;
    return statSync(at).isDirectory() ? null : at;
  }
  return null;
}

function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // Gone already, or not ours to remove.
  }
}

function entriesOf(dir: string): string[] {
  return readdirSync(dir).sort();
}

/** The folder's manifest (what Hordelab wrote there), or null when it has none or it is damaged. */
export function readManifest(dir: string): FolderManifest | null {
  const manifest = readJson(join(dir, MANIFEST_FILE));
  return isManifest(manifest) ? manifest : null;
}

/**
 * A file another command writes into a finished output without listing it (`compare.html` in
 * the compared run), known by the mark at its start (`own-files.ts`).
 */
function isMarkedOwnFile(path: string): boolean {
  try {
    return statSync(path).isFile() && ownFileKind(readHead(path)) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether `manifest` is `dir`'s own record: every file whose content digest it records is there
 * (a run's summary.json). One copied into another folder, beside files of the same names, records
 * a summary the folder does not hold; its list then says nothing of the files there.
 */
function describesFolder(dir: string, manifest: FolderManifest): boolean {
  return Object.keys(manifest.contentSha256 ?? {}).every((name) => existsSync(join(dir, name)));
}

/**
 * Whether the file `name` in `dir` holds other content than `manifest` records Hordelab wrote
 * there: a summary.json whose content digest differs, or a file (cards' pages) whose bytes are
 * neither those recorded nor those a publish stopped while renaming was about to put there. False
 * where nothing is recorded of it (an older mark, a file it records no digest of).
 */
function changedSinceRecorded(dir: string, name: string, manifest: FolderManifest | null): boolean {
  const content = manifest?.contentSha256?.[name];
  if (content === undefined && recordedBytesOf(manifest, name).length === 0) return false;
  try {
    // A folder in a file's place is no edit: the publish's own check refuses it, naming it as a folder.
    if (!statSync(join(dir, name)).isFile()) return false;
    if (content !== undefined && contentDigest(readFileSync(join(dir, name), 'utf8')) !== content) return true;
  } catch {
    return true;
  }
  return !matchesWrittenDigest(dir, name, manifest);
}

/** A file's path from its folder as a mark records it: `/`-separated on every system. */
export function recordPath(file: string): string {
  return file.split(/[\\/]/).join('/');
}

/** The SHA-256 (hex) of a file's bytes, as a mark's `fileSha256` records it. */
export function fileDigest(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * The digests a mark records of the file at `path` (from its folder): as written, and, after a
 * publish stopped while renaming, as it was about to be; a file is as it was before or as it was to be.
 */
function recordedBytesOf(manifest: FolderManifest | null, path: string): string[] {
  const name = recordPath(path);
  return [manifest?.fileSha256?.[name], manifest?.pendingSha256?.[name]].filter((recorded) => recorded !== undefined);
}

/**
 * Whether the file at `path` (from `dir`) holds the bytes the folder's mark records hordelab wrote
 * there (or, after a publish stopped while renaming, was about to): true where none is recorded
 * (an older mark, a file it does not list), false where it was edited since or cannot be read.
 */
export function matchesWrittenDigest(dir: string, path: string, manifest: FolderManifest | null = readManifest(dir)): boolean {
  const recorded = recordedBytesOf(manifest, path);
  if (recorded.length === 0) return true;
  try {
    return recorded.includes(fileDigest(join(dir, path)));
  } catch {
    return false;
  }
}

/**
 * Whether the entry at `path`, of a name the command writes, shows by its content that Hordelab
 * wrote it, where no mark of its folder lists it: a file marked at its start (a page, see
 * `own-files.ts`), a CSV table starting with the `head` the command writes it with, a JSON output
 * recording the hordelab version that wrote it or a shard's record, a round robin's pairing folder
 * holding a run's records. Its name alone is not: a user's report.md or errors.csv is theirs.
 */
function showsHordelabWrote(path: string, head: string | undefined): boolean {
  if (holdsRunRecords(path)) return true;
  let start: string;
  try {
    if (!statSync(path).isFile()) return false;
    start = readHead(path);
  } catch {
    return false;
  }
  if (ownFileKind(start) !== null) return true;
  if (head !== undefined) return start.startsWith(head);
  return path.endsWith('.json') && isHordelabRecord(readJson(path));
}

/** A JSON output of Hordelab's: it records the hordelab version that wrote it (summary.json, tournament.json), or is a shard's record (shard.json). */
function isHordelabRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as { hordelab?: { version?: unknown }; key?: unknown; shard?: { index?: unknown; count?: unknown } };
  if (typeof record.hordelab?.version === 'string') return true;
  return typeof record.key === 'string' && /^[0-9a-f]{64}$/.test(record.key) && typeof record.shard?.index === 'number' && typeof record.shard.count === 'number';
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function modifiedAt(path: string): Date | null {
  try {
    return statSync(path).mtime;
  } catch {
    return null;
  }
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return null;
  }
}


function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}

export { writeAtomically };
