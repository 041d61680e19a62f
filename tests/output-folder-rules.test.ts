/**
 * The rules that keep `report`, `sweep`, `tune`, `ladder`, `cards` and `check --baseline` from
 * clobbering what they did not write (src/present/output-folder.ts), on the module itself: each
 * rule by the folder it meets, built file by file here, and the one line it refuses with. The
 * same rules through the command line are in output-folder.test.ts and ladder-folder.test.ts;
 * this file needs no build, so the module's mutants are measured against it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/errors.js';
import { MANIFEST_FILE } from '../src/run/output-folder.js';
import {
  checkOutputFile,
  checkOutputFolder,
  fileSystemReason,
  markOutputFolder,
  matchesWrittenDigest,
  nearestExisting,
  publishOutputFiles,
  writeOutputFile,
  writeProblem,
  type OutputFileRequest,
  type OutputFolderRequest,
} from '../src/present/output-folder.js';
import { generatorMeta, JUNIT_MARK, MARKDOWN_MARK, PAGE_DIGEST_META, sealOwnFile } from '../src/present/own-files.js';

let work = '';
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'hordelab-folder-rules-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

const SWEEP_FILES = ['sweep.json', 'sweep.csv', 'sweep.html'];

/** A sweep's request for `--out`, with `changes` on top. */
function sweepRequest(changes: Partial<OutputFolderRequest> = {}): OutputFolderRequest {
  return { flag: '--out', command: 'sweep', ours: (name) => SWEEP_FILES.includes(name), force: false, ...changes };
}

/** The one issue `check` refused with (its source and message), or null when it passed. */
function refusal(check: () => void): { source: string; message: string; field?: string } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    expect(error.issues).toHaveLength(1);
    const [issue] = error.issues;
    // Every rule names a file or flag, never a field of one: the field is left out when empty.
    return { source: issue!.source, message: issue!.message, ...(issue!.field === '' ? {} : { field: issue!.field }) };
  }
}

/** A folder under `work` holding `files` (name to text; a name ending in `/` is a folder). */
function folderWith(files: Record<string, string>, name = 'out'): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    if (file.endsWith('/')) mkdirSync(join(dir, file), { recursive: true });
    else {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
  }
  return dir;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A mark as a command leaves it, listing `files`, with `fileSha256` where given. */
function mark(files: readonly string[], fileSha256?: Record<string, string>): string {
  return JSON.stringify({ hordelab: 1, kind: 'sweep', scenario: '', status: 'complete', files, ...(fileSha256 === undefined ? {} : { fileSha256 }) });
}

describe('the path itself', () => {
  it('takes a folder that does not exist yet, and makes nothing', () => {
    const dir = join(work, 'a', 'b');
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))).toBeNull();
    expect(readdirSync(work)).toEqual([]);
  });

  it('takes an empty folder', () => {
    expect(refusal(() => checkOutputFolder(folderWith({}), sweepRequest()))).toBeNull();
  });

  it('refuses a file where the folder would be, and a folder to be made inside a file', () => {
    writeFileSync(join(work, 'taken'), 'x');
    expect(refusal(() => checkOutputFolder(join(work, 'taken'), sweepRequest()))).toEqual({ source: '--out', message: `${join(work, 'taken')} is a file; expected a folder` });
    const inside = join(work, 'taken', 'out');
    expect(refusal(() => checkOutputFolder(inside, sweepRequest({ flag: '--baseline' })))).toEqual({
      source: '--baseline',
      message: `${inside}: ${join(work, 'taken')} is a file, so no folder can be made inside it`,
    });
  });

  it('refuses a pipe where the folder would be', () => {
    const pipe = join(work, 'pipe');
    if (spawnSync('mkfifo', [pipe]).status !== 0) return void expect.fail('mkfifo is needed for this test');
    expect(refusal(() => checkOutputFolder(pipe, sweepRequest()))?.message).toBe(`${pipe} is not a folder (a pipe, socket or device); expected a folder`);
  });

  it('refuses a link to nothing on the way, naming it', () => {
    symlinkSync(join(work, 'gone'), join(work, 'link'));
    const problem = refusal(() => checkOutputFolder(join(work, 'link', 'out'), sweepRequest()));
    expect(problem?.source).toBe('--out');
    expect(problem?.message).toBe(`${join(work, 'link', 'out')}: ${join(work, 'link')} is a link to ${join(work, 'gone')}, which does not exist; expected a folder, or a link to one`);
  });

  it('refuses a folder that cannot be made where permissions say it can (under /proc), and one the permissions refuse', () => {
    // Root may write anywhere by its permissions, but /proc takes no new folder.
    expect(refusal(() => checkOutputFolder('/proc/hordelab-cannot-be-made', sweepRequest()))?.message).toBe('cannot create /proc/hordelab-cannot-be-made: no such file or folder');
    let denied: string | null = null;
    try {
      accessSync('/proc/sys', constants.W_OK | constants.X_OK);
    } catch (error) {
      denied = fileSystemReason(error);
    }
    if (denied === null) return void expect.fail('this test needs a folder whose permissions refuse writing (/proc/sys)');
    expect(refusal(() => checkOutputFolder('/proc/sys/hordelab-x', sweepRequest()))?.message).toBe(`cannot write in /proc/sys: ${denied}`);
  });

  it('names why a file system call failed, or nothing when it is not about the path', () => {
    const reason = (code: string): string | null => fileSystemReason(Object.assign(new Error(code), { code }));
    expect([reason('EACCES'), reason('EPERM'), reason('EROFS'), reason('ENOSPC'), reason('ENOTDIR'), reason('EISDIR'), reason('ENAMETOOLONG'), reason('ENOENT')]).toEqual([
      'permission denied',
      'permission denied',
      'the disk is read-only',
      'the disk is full',
      'a part of the path is a file, not a folder',
      'is a folder, expected a file',
      'the path is too long',
      'no such file or folder',
    ]);
    expect(reason('EMFILE')).toBeNull();
    expect(fileSystemReason(null)).toBeNull();
    const full = writeProblem(Object.assign(new Error('x'), { code: 'ENOSPC' }), '--out', '/x/y');
    expect(full).toBeInstanceOf(UsageError);
    expect((full as UsageError).issues).toEqual([{ source: '--out', field: '', message: 'cannot write /x/y: the disk is full' }]);
    const other = new Error('not about the path');
    expect(writeProblem(other, '--out', '/x/y')).toBe(other);
  });

  it('finds the nearest folder that exists, or the file in the way', () => {
    mkdirSync(join(work, 'a'));
    writeFileSync(join(work, 'a', 'f'), '');
    expect(nearestExisting(join(work, 'a', 'b', 'c'))).toEqual({ path: join(work, 'a'), isFolder: true });
    expect(nearestExisting(join(work, 'a'))).toEqual({ path: join(work, 'a'), isFolder: true });
    expect(nearestExisting(join(work, 'a', 'f', 'g'))).toEqual({ path: join(work, 'a', 'f'), isFolder: false });
    expect(nearestExisting('/')).toEqual({ path: '/', isFolder: true });
  });
});

describe("hordelab's own files in the folder", () => {
  it('refuses a mark, or the file it is written through, that is not a file, --force or not', () => {
    for (const name of [MANIFEST_FILE, `${MANIFEST_FILE}.tmp`]) {
      const dir = folderWith({ [`${name}/`]: '' }, name);
      expect(refusal(() => checkOutputFolder(dir, sweepRequest({ force: true })))).toEqual({
        source: join(dir, name),
        message: 'is a folder, where hordelab keeps a file of its own; move it away, or write into a new folder',
      });
    }
  });

  it('refuses the temporary a written file goes through, even with --force, and not that of a file it leaves', () => {
    const dir = folderWith({ 'sweep.json.tmp': 'x', 'sweep.csv.tmp': 'y' });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ force: true })))?.message).toBe(
      `${dir} holds sweep.csv.tmp, sweep.json.tmp, which "hordelab sweep" would write its files through; move them away (a hordelab stopped while writing leaves such files) or choose another folder`,
    );
    const one = folderWith({ 'sweep.csv.tmp': 'y', [MANIFEST_FILE]: mark(['sweep.csv']) }, 'one');
    expect(refusal(() => checkOutputFolder(one, sweepRequest({ force: true })))?.message).toBe(
      `${one} holds sweep.csv.tmp, which "hordelab sweep" would write its file through; move it away (a hordelab stopped while writing leaves such files) or choose another folder`,
    );
    // Not written this time (only the JSON): its temporary is left alone.
    expect(refusal(() => checkOutputFolder(one, sweepRequest({ force: true, writes: (name) => name === 'sweep.json' })))).toBeNull();
  });

  it('names entries in sorted order, whatever order the file system lists them in', () => {
    const names = ['f', 'e', 'd', 'c', 'b', 'a'];
    const dir = folderWith(Object.fromEntries(names.map((name) => [`${name}.txt`, ''])));
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toMatch(/ holds files "hordelab sweep" did not write \(a\.txt, b\.txt, c\.txt and 3 more\)/);
  });

  it('takes a backup beside a file of its names for what it is: not its temporary', () => {
    const dir = folderWith({ 'sweep.json.bak': '' });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ force: true })))).toBeNull();
  });

  it('names three temporaries and counts the rest', () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    const dir = folderWith(Object.fromEntries(names.map((name) => [`${name}.tmp`, ''])));
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ ours: (name) => names.includes(name) })))?.message).toBe(
      `${dir} holds a.tmp, b.tmp, c.tmp and 2 more, which "hordelab sweep" would write its files through; move them away (a hordelab stopped while writing leaves such files) or choose another folder`,
    );
  });

  it('refuses a mark that cannot be read', () => {
    const dir = folderWith({ [MANIFEST_FILE]: '{"not": "a mark"}' });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ force: true })))?.message).toBe(
      `${join(dir, MANIFEST_FILE)} is damaged or not hordelab's (expected the JSON mark hordelab leaves in its folders), so nothing says which files in ${dir} hordelab wrote; choose another folder, or remove it if the folder is hordelab's`,
    );
  });
});

describe("the command's inputs", () => {
  it('refuses a folder where the scenario lies under a name the command writes, --force or not', () => {
    const dir = folderWith({ 'sweep.json': '{}', 'levels/s.yaml': 'game: coin-flip\n' });
    const request = (path: string) => sweepRequest({ force: true, ours: (name) => [...SWEEP_FILES, 'levels'].includes(name), folders: ['levels'], inputs: [{ path, what: 'the scenario' }] });
    expect(refusal(() => checkOutputFolder(dir, request(join(dir, 'sweep.json'))))?.message).toBe(`${join(dir, 'sweep.json')} is the scenario, which this command reads, and "hordelab sweep" writes sweep.json in ${dir}; choose another folder`);
    expect(refusal(() => checkOutputFolder(dir, request(join(dir, 'levels', 's.yaml'))))?.message).toMatch(/writes levels in /);
    // Elsewhere, or not there at all, it is no problem.
    writeFileSync(join(work, 'elsewhere.yaml'), '');
    expect(refusal(() => checkOutputFolder(dir, request(join(work, 'elsewhere.yaml'))))).toBeNull();
    expect(refusal(() => checkOutputFolder(dir, request(join(dir, 'missing.yaml'))))).toBeNull();
    // In the folder under a name the command does not write: read, and left as it is.
    writeFileSync(join(dir, 'scenario.yaml'), '');
    expect(refusal(() => checkOutputFolder(dir, request(join(dir, 'scenario.yaml'))))).toBeNull();
  });

  it('follows links to tell where the scenario lies', () => {
    const dir = folderWith({ 'sweep.json': '{}' });
    symlinkSync(dir, join(work, 'alias'));
    const problem = refusal(() => checkOutputFolder(join(work, 'alias'), sweepRequest({ force: true, inputs: [{ path: join(dir, 'sweep.json'), what: 'the scenario' }] })));
    expect(problem?.message).toMatch(/is the scenario, which this command reads/);
  });
});

describe('files hordelab did not write', () => {
  it('refuses files of other names without --force, naming them, and which of its own it would replace', () => {
    const dir = folderWith({ 'notes.txt': '', 'sweep.json': '{}' });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toBe(
      `${dir} holds files "hordelab sweep" did not write (notes.txt); choose a new or empty folder, or add --force to write beside them (they are left untouched; sweep.json, of the names it writes, would be replaced)`,
    );
    const alone = folderWith({ 'a.txt': '', 'b.txt': '', 'c.txt': '', 'd.txt': '' }, 'alone');
    expect(refusal(() => checkOutputFolder(alone, sweepRequest()))?.message).toBe(
      `${alone} holds files "hordelab sweep" did not write (a.txt, b.txt, c.txt and 1 more); choose a new or empty folder, or add --force to write beside them (they are left untouched)`,
    );
    expect(refusal(() => checkOutputFolder(alone, sweepRequest({ force: true })))).toBeNull();
    rmSync(join(alone, 'd.txt'));
    expect(refusal(() => checkOutputFolder(alone, sweepRequest()))?.message).toMatch(/did not write \(a\.txt, b\.txt, c\.txt\);/);
    expect(refusal(() => checkOutputFolder(alone, sweepRequest({ othersAllowed: true })))).toBeNull();
  });

  it("says which of them an earlier hordelab command wrote (another command's, listed in the mark)", () => {
    const dir = folderWith({ 'tune.json': '{}', 'notes.txt': '', [MANIFEST_FILE]: mark(['tune.json']) });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toBe(
      `${dir} holds files "hordelab sweep" did not write (notes.txt), and tune.json, written by an earlier hordelab command and not by this one; choose a new or empty folder, or add --force to write beside them (they are left untouched)`,
    );
    rmSync(join(dir, 'notes.txt'));
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toBe(
      `${dir} holds tune.json, written by an earlier hordelab command and not by this one; choose a new or empty folder, or add --force to write beside them (they are left untouched)`,
    );
  });

  it("leaves hordelab's control files out of the count", () => {
    const dir = folderWith({ [MANIFEST_FILE]: mark([]), '.hordelab-lock': '' });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))).toBeNull();
  });
});

describe('entries of its own names', () => {
  it('refuses a folder where it writes a file, and a file where it writes a folder, whatever --force says', () => {
    const dir = folderWith({ 'sweep.json/': '', [MANIFEST_FILE]: mark(['sweep.json']) });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ force: true })))).toEqual({
      source: join(dir, 'sweep.json'),
      message: 'is a folder, where "hordelab sweep" writes a file; nothing was written: move it away and run again',
    });
    const ladder = folderWith({ levels: 'a file', [MANIFEST_FILE]: mark(['levels']) }, 'ladder');
    expect(refusal(() => checkOutputFolder(ladder, sweepRequest({ force: true, ours: (name) => name === 'levels', folders: ['levels'] })))).toEqual({
      source: join(ladder, 'levels'),
      message: 'is a file, where "hordelab sweep" writes a folder of files; nothing was written: move it away and run again',
    });
    // What it is meant to be, it may be.
    const levels = folderWith({ 'levels/': '', [MANIFEST_FILE]: mark(['levels']) }, 'levels');
    expect(refusal(() => checkOutputFolder(levels, sweepRequest({ ours: (name) => name === 'levels', folders: ['levels'] })))).toBeNull();
  });

  it('refuses a pipe of its own name', () => {
    const dir = folderWith({ [MANIFEST_FILE]: mark(['sweep.csv']) });
    if (spawnSync('mkfifo', [join(dir, 'sweep.csv')]).status !== 0) return void expect.fail('mkfifo is needed for this test');
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ force: true })))?.message).toBe('is a named pipe, where "hordelab sweep" writes a file; nothing was written: move it away and run again');
  });

  it('refuses a link of its own name, which would be written through, whatever --force says', () => {
    const dir = folderWith({ [MANIFEST_FILE]: mark(['sweep.json']) });
    writeFileSync(join(work, 'target.json'), '{}');
    symlinkSync(join(work, 'target.json'), join(dir, 'sweep.json'));
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ force: true })))).toEqual({
      source: '--out',
      message: `${join(dir, 'sweep.json')} is a symbolic link, and "hordelab sweep" writes sweep.json there; remove the link or choose another folder`,
    });
  });

  it('replaces files of its names only where something says hordelab wrote there', () => {
    const dir = folderWith({ 'sweep.csv': 'mine' });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toBe(
      `${dir} holds sweep.csv, named as "hordelab sweep" names its files, but nothing says hordelab wrote them (no ${MANIFEST_FILE}); choose a new or empty folder, or add --force to replace them`,
    );
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ force: true })))).toBeNull();
    // Baselines are checked one by one, not by a mark.
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ requireSign: false })))).toBeNull();
    // A file of its names that this invocation does not write is not checked.
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ writes: (name) => name === 'sweep.json' })))).toBeNull();
  });

  it('without a mark, replaces only the files whose content shows hordelab wrote them', () => {
    const ours = JSON.stringify({ hordelab: { version: '1.0.0' } });
    const dir = folderWith({ 'sweep.json': ours, 'sweep.csv': 'a,b\n' });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toBe(
      `${dir} holds sweep.csv, named as "hordelab sweep" names its files, but nothing says hordelab wrote it (no ${MANIFEST_FILE}, which a copy that leaves out hidden files loses); move it away, choose another folder, or add --force to replace it`,
    );
    writeFileSync(join(dir, 'sweep.html'), '<html></html>');
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toBe(
      `${dir} holds sweep.csv, sweep.html, named as "hordelab sweep" names its files, but nothing says hordelab wrote them (no ${MANIFEST_FILE}, which a copy that leaves out hidden files loses); move them away, choose another folder, or add --force to replace them`,
    );
    // Only a JSON file is known by its content: a CSV that reads as hordelab's JSON is not.
    writeFileSync(join(dir, 'sweep.csv'), ours);
    rmSync(join(dir, 'sweep.html'));
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toMatch(/ holds sweep\.csv, named as /);
    rmSync(join(dir, 'sweep.csv'));
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))).toBeNull();
    // A JSON output recording the command that wrote it, and a report page by its title.
    const report = folderWith({ 'sweep.json': JSON.stringify({ command: 'hordelab sweep s.yaml' }), 'report.html': '<!doctype html>\n<title>Zombie Trainers: a b — Hordelab report</title>\n' }, 'report');
    expect(refusal(() => checkOutputFolder(report, sweepRequest({ ours: (name) => ['sweep.json', 'report.html'].includes(name) })))).toBeNull();
    const two = folderWith({ 'sweep.json': JSON.stringify({ command: 'someone else' }), 'sweep.html': '<html></html>' }, 'two');
    expect(refusal(() => checkOutputFolder(two, sweepRequest()))?.message).toMatch(/^.* holds sweep\.html, sweep\.json, named as "hordelab sweep" names its files, but nothing says hordelab wrote them \(no /);
    const notPage = folderWith({ 'sweep.json': ours, 'report.html': '<!doctype html>\n<title>mine</title>\n' }, 'not-page');
    expect(refusal(() => checkOutputFolder(notPage, sweepRequest({ ours: (name) => ['sweep.json', 'report.html'].includes(name) })))?.message).toMatch(/ holds report\.html, named as /);
    const page = folderWith({ 'report.html': `<!doctype html>\n<html>\n<head>\n${generatorMeta('report')}\n</head>\n`, 'report.md': 'notes' }, 'page');
    expect(refusal(() => checkOutputFolder(page, sweepRequest({ ours: (name) => ['report.html', 'report.md'].includes(name) })))?.message).toMatch(/holds report\.md, named as .* nothing says hordelab wrote it \(no /);
  });

  it("refuses a file of its names that the mark does not list, unless its content shows it is hordelab's", () => {
    const dir = folderWith({ 'sweep.json': '{}', 'sweep.csv': 'x', [MANIFEST_FILE]: mark(['sweep.json']) });
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toBe(
      `${dir} holds sweep.csv, named as "hordelab sweep" names its files, but ${MANIFEST_FILE} does not list it as written by hordelab; move it away, choose another folder, or add --force to replace it`,
    );
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ force: true })))).toBeNull();
    writeFileSync(join(dir, 'sweep.csv'), '');
    writeFileSync(join(dir, 'sweep.html'), '');
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toMatch(/holds sweep\.csv, sweep\.html, .* does not list them as written by hordelab; move them away, choose another folder, or add --force to replace them$/);
    writeFileSync(join(dir, MANIFEST_FILE), mark(['sweep.json', 'sweep.csv']));
    rmSync(join(dir, 'sweep.html'));
    writeFileSync(join(dir, 'sweep.html'), JSON.stringify({}));
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))?.message).toMatch(/holds sweep\.html, named/);
    writeFileSync(join(dir, MANIFEST_FILE), mark(['sweep.json', 'sweep.csv']));
    rmSync(join(dir, 'sweep.html'));
    writeFileSync(join(dir, 'extra.json'), JSON.stringify({ hordelab: { version: '1' } }));
    expect(refusal(() => checkOutputFolder(dir, sweepRequest({ ours: (name) => [...SWEEP_FILES, 'extra.json'].includes(name) })))).toBeNull();
  });
});

describe('what the mark records of the bytes written (fileSha256)', () => {
  const LEVELS = (changes: Partial<OutputFolderRequest> = {}): OutputFolderRequest =>
    sweepRequest({ command: 'ladder', ours: (name) => ['ladder.json', 'levels'].includes(name), folders: ['levels'], ...changes });

  it('refuses a file edited since hordelab wrote it, or left as it is with --force', () => {
    const dir = folderWith({ 'ladder.json': 'edited', 'levels/a.yaml': 'a', [MANIFEST_FILE]: mark(['ladder.json', 'levels'], { 'ladder.json': sha256('written'), 'levels/a.yaml': sha256('a') }) });
    expect(refusal(() => checkOutputFolder(dir, LEVELS({ inside: ['levels/a.yaml'] })))?.message).toBe(
      `${dir} holds ladder.json, which hordelab wrote but which was changed since (${MANIFEST_FILE} records other content); move it away, choose another folder, or add --force to replace it`,
    );
    expect(refusal(() => checkOutputFolder(dir, LEVELS({ inside: ['levels/a.yaml'], force: true })))).toBeNull();
    writeFileSync(join(dir, 'ladder.json'), 'written');
    expect(refusal(() => checkOutputFolder(dir, LEVELS({ inside: ['levels/a.yaml'] })))).toBeNull();
    writeFileSync(join(dir, 'levels', 'a.yaml'), 'b');
    writeFileSync(join(dir, 'ladder.json'), 'edited');
    expect(refusal(() => checkOutputFolder(dir, LEVELS({ inside: ['levels/a.yaml'] })))?.message).toMatch(/holds ladder\.json, levels\/a\.yaml, which hordelab wrote but which were changed since \(.*\); move them away, choose another folder, or add --force to replace them$/);
  });

  it('says --force leaves an edited file it would remove as it is', () => {
    const dir = folderWith({ 'ladder.json': 'x', 'levels/a.yaml': 'edited', 'levels/b.yaml': 'edited', [MANIFEST_FILE]: mark(['ladder.json', 'levels'], { 'ladder.json': sha256('x'), 'levels/a.yaml': sha256('a'), 'levels/b.yaml': sha256('b') }) });
    expect(refusal(() => checkOutputFolder(dir, LEVELS({ inside: ['levels/a.yaml'], removes: ['levels/a.yaml'] })))?.message).toBe(
      `${dir} holds levels/a.yaml, which hordelab wrote but which was changed since (${MANIFEST_FILE} records other content); move it away, choose another folder, or add --force to leave it as it is (an earlier result "hordelab ladder" would otherwise remove)`,
    );
    expect(refusal(() => checkOutputFolder(dir, LEVELS({ inside: ['levels/a.yaml', 'levels/b.yaml'], removes: ['levels/a.yaml'] })))?.message).toMatch(
      /changed since \(.*\); move them away, choose another folder, or add --force to replace levels\/b\.yaml and leave levels\/a\.yaml \(an earlier result it would otherwise remove\) as it is$/,
    );
    writeFileSync(join(dir, 'ladder.json'), 'edited');
    expect(refusal(() => checkOutputFolder(dir, LEVELS({ inside: ['levels/a.yaml', 'levels/b.yaml'], removes: ['levels/a.yaml', 'levels/b.yaml'] })))?.message).toMatch(
      /add --force to replace ladder\.json and leave levels\/a\.yaml, levels\/b\.yaml \(an earlier result it would otherwise remove\) as they are$/,
    );
    writeFileSync(join(dir, 'ladder.json'), 'x');
    expect(refusal(() => checkOutputFolder(dir, LEVELS({ inside: ['levels/a.yaml', 'levels/b.yaml'], removes: ['levels/a.yaml', 'levels/b.yaml'] })))?.message).toMatch(/add --force to leave them as they are \(an earlier result "hordelab ladder" would otherwise remove\)$/);
  });

  it("refuses a file inside its folder that the record does not list (someone's own level), and not where nothing was recorded there", () => {
    const dir = folderWith({ 'levels/a.yaml': 'a', 'levels/mine.yaml': 'mine', [MANIFEST_FILE]: mark(['levels'], { 'levels/a.yaml': sha256('a') }) });
    expect(refusal(() => checkOutputFolder(dir, LEVELS({ inside: ['levels/a.yaml', 'levels/mine.yaml', 'levels/mine.yaml', 'levels/absent.yaml'] })))?.message).toBe(
      `${dir} holds levels/mine.yaml, named as "hordelab ladder" names its files, but ${MANIFEST_FILE} does not list it as written by hordelab; move it away, choose another folder, or add --force to replace it`,
    );
    const older = folderWith({ 'levels/a.yaml': 'a', 'levels/mine.yaml': 'mine', [MANIFEST_FILE]: mark(['levels']) }, 'older');
    expect(refusal(() => checkOutputFolder(older, LEVELS({ inside: ['levels/a.yaml', 'levels/mine.yaml'] })))).toBeNull();
    const otherFolder = folderWith({ 'levels/mine.yaml': 'mine', [MANIFEST_FILE]: mark(['levels', 'ladder.json'], { 'ladder.json': sha256('') , 'levelsx/a.yaml': sha256('a') }), 'ladder.json': '' }, 'other');
    expect(refusal(() => checkOutputFolder(otherFolder, LEVELS({ inside: ['levels/mine.yaml'] })))).toBeNull();
  });
});

describe('marking a folder', () => {
  it('writes a mark listing the files by their first name, with their digests when asked', () => {
    const dir = folderWith({ 'ladder.json': 'l', 'levels/a.yaml': 'a' });
    markOutputFolder(dir, 'ladder', ['ladder.json', 'levels/a.yaml', 'levels/a.yaml'], { digests: true });
    expect(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'))).toEqual({
      hordelab: 1,
      kind: 'ladder',
      scenario: '',
      status: 'complete',
      files: ['ladder.json', 'levels'],
      fileSha256: { 'ladder.json': sha256('l'), 'levels/a.yaml': sha256('a') },
    });
    expect(readFileSync(join(dir, MANIFEST_FILE), 'utf8')).toMatch(/^\{\n {2}"hordelab": 1,\n[\s\S]*\n\}\n$/);
    const plain = folderWith({ 'sweep.json': '' }, 'plain');
    markOutputFolder(plain, 'sweep', ['sweep.json']);
    expect(JSON.parse(readFileSync(join(plain, MANIFEST_FILE), 'utf8'))).toEqual({ hordelab: 1, kind: 'sweep', scenario: '', status: 'complete', files: ['sweep.json'] });
  });

  it("adds to another command's mark, keeping it, and drops the record of files gone since", () => {
    const dir = folderWith({ 'summary.json': '{}', 'levels/b.yaml': 'b' });
    const run = { hordelab: 1, kind: 'run', scenario: 's', status: 'complete', files: ['summary.json'], fileSha256: { 'levels/gone.yaml': sha256('g'), 'levels/b.yaml': sha256('old') } };
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(run));
    markOutputFolder(dir, 'report', ['report.html']);
    expect(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'))).toEqual({ ...run, files: ['summary.json', 'report.html'] });
    // Everything listed already: the mark is left as it is, byte for byte.
    const compact = JSON.stringify({ ...run, files: ['summary.json', 'report.html'] });
    writeFileSync(join(dir, MANIFEST_FILE), compact);
    markOutputFolder(dir, 'report', ['report.html', 'summary.json']);
    expect(readFileSync(join(dir, MANIFEST_FILE), 'utf8')).toBe(compact);
    markOutputFolder(dir, 'report', ['report.html', 'new.html']);
    expect(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')).files).toEqual(['summary.json', 'report.html', 'new.html']);
    rmSync(join(dir, 'new.html'), { force: true });
    writeFileSync(join(dir, MANIFEST_FILE), compact);
    markOutputFolder(dir, 'ladder', ['levels/b.yaml'], { digests: true });
    expect(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'))).toEqual({ ...run, files: ['summary.json', 'report.html', 'levels'], fileSha256: { 'levels/b.yaml': sha256('b') } });
    // Listed already, but with digests asked: the record is brought up to date.
    writeFileSync(join(dir, 'levels', 'b.yaml'), 'b2');
    markOutputFolder(dir, 'ladder', ['levels/b.yaml'], { digests: true });
    expect(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')).fileSha256).toEqual({ 'levels/b.yaml': sha256('b2') });
  });

  it('leaves a mark it cannot read as it is', () => {
    const dir = folderWith({ [MANIFEST_FILE]: 'damaged' });
    markOutputFolder(dir, 'sweep', ['sweep.json']);
    expect(readFileSync(join(dir, MANIFEST_FILE), 'utf8')).toBe('damaged');
  });

  it('tells a file as written from one edited, unreadable, or not recorded', () => {
    const dir = folderWith({ 'levels/a.yaml': 'a', 'b.json': 'b' });
    markOutputFolder(dir, 'ladder', ['levels/a.yaml'], { digests: true });
    expect(matchesWrittenDigest(dir, 'levels/a.yaml')).toBe(true);
    // A path written with a backslash is looked up as the record writes it (with a slash).
    writeFileSync(join(dir, 'levels\\a.yaml'), 'not a');
    expect(matchesWrittenDigest(dir, 'levels\\a.yaml')).toBe(false);
    expect(matchesWrittenDigest(dir, 'b.json')).toBe(true);
    expect(matchesWrittenDigest(folderWith({ 'x.json': '' }, 'unmarked'), 'x.json')).toBe(true);
    writeFileSync(join(dir, 'levels', 'a.yaml'), 'edited');
    expect(matchesWrittenDigest(dir, 'levels/a.yaml')).toBe(false);
    rmSync(join(dir, 'levels', 'a.yaml'));
    mkdirSync(join(dir, 'levels', 'a.yaml'));
    expect(matchesWrittenDigest(dir, 'levels/a.yaml')).toBe(false);
  });
});

describe('publishing files (a command stopped while it renames them into place)', () => {
  const LADDER = (changes: Partial<OutputFolderRequest> = {}): OutputFolderRequest =>
    sweepRequest({ command: 'ladder', ours: (name) => ['ladder.json', 'levels'].includes(name), folders: ['levels'], inside: ['levels/a.yaml'], ...changes });
  const readMark = (dir: string): Record<string, unknown> => JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Record<string, unknown>;

  /** A ladder's folder as an earlier ladder left it, then a publish of new files; returns the mark as it stood just before the first rename. */
  function publishOverEarlier(dir: string): string {
    markOutputFolder(dir, 'ladder', ['ladder.json', 'levels/a.yaml'], { digests: true });
    let before = '';
    publishOutputFiles(dir, 'ladder', [['ladder.json', 'new'], ['levels/a.yaml', 'a2']], {
      digests: true,
      beforeRenames: () => {
        before = readFileSync(join(dir, MANIFEST_FILE), 'utf8');
        // Every new file is whole under its temporary name, and none renamed yet.
        expect(readFileSync(join(dir, 'ladder.json.tmp'), 'utf8')).toBe('new');
        expect(readFileSync(join(dir, 'ladder.json'), 'utf8')).toBe('old');
      },
    });
    return before;
  }

  it('notes the files about to arrive, with their bytes, before the first rename, and drops the note once they are in place', () => {
    const dir = folderWith({ 'ladder.json': 'old', 'levels/a.yaml': 'a' });
    const before = JSON.parse(publishOverEarlier(dir)) as Record<string, unknown>;
    expect(before['fileSha256']).toEqual({ 'ladder.json': sha256('old'), 'levels/a.yaml': sha256('a') });
    expect(before['pendingSha256']).toEqual({ 'ladder.json': sha256('new'), 'levels/a.yaml': sha256('a2') });
    expect(readMark(dir)).toEqual({ hordelab: 1, kind: 'ladder', scenario: '', status: 'complete', files: ['ladder.json', 'levels'], fileSha256: { 'ladder.json': sha256('new'), 'levels/a.yaml': sha256('a2') } });
    expect(readdirSync(dir).sort()).toEqual([MANIFEST_FILE, 'ladder.json', 'levels']);
    expect(readFileSync(join(dir, 'levels', 'a.yaml'), 'utf8')).toBe('a2');
  });

  it('takes a folder left by a publish stopped between its renames and its mark, each file old or new, and still refuses one edited since', () => {
    const dir = folderWith({ 'ladder.json': 'old', 'levels/a.yaml': 'a' });
    // What a kill after the renames and before the last mark leaves: the new files, the mark as it was before the renames.
    writeFileSync(join(dir, MANIFEST_FILE), publishOverEarlier(dir));
    expect(refusal(() => checkOutputFolder(dir, LADDER()))).toBeNull();
    expect(matchesWrittenDigest(dir, 'ladder.json')).toBe(true);
    // Stopped after the first rename: the second file still as the earlier ladder wrote it.
    writeFileSync(join(dir, 'levels', 'a.yaml'), 'a');
    expect(refusal(() => checkOutputFolder(dir, LADDER()))).toBeNull();
    writeFileSync(join(dir, 'ladder.json'), 'edited');
    expect(refusal(() => checkOutputFolder(dir, LADDER()))?.message).toBe(
      `${dir} holds ladder.json, which hordelab wrote but which was changed since (${MANIFEST_FILE} records other content); move it away, choose another folder, or add --force to replace it`,
    );
    // A file the publish was to bring that the earlier record does not list is listed by the note.
    const added = folderWith({ 'ladder.json': 'old', 'levels/': '' }, 'added');
    markOutputFolder(added, 'ladder', ['ladder.json'], { digests: true });
    let before = '';
    publishOutputFiles(added, 'ladder', [['ladder.json', 'new'], ['levels/a.yaml', 'a2']], { digests: true, beforeRenames: () => void (before = readFileSync(join(added, MANIFEST_FILE), 'utf8')) });
    writeFileSync(join(added, MANIFEST_FILE), before);
    expect(refusal(() => checkOutputFolder(added, LADDER()))).toBeNull();
  });

  it("lists a first publish's files in a new mark before renaming them, so a stop there leaves them known as hordelab's", () => {
    const REPORT = sweepRequest({ command: 'report', ours: (name) => ['report.md', 'metrics.csv'].includes(name) });
    const dir = join(work, 'new');
    let before = '';
    publishOutputFiles(dir, 'report', [['report.md', 'notes'], ['metrics.csv', 'x']], { beforeRenames: () => void (before = readFileSync(join(dir, MANIFEST_FILE), 'utf8')) });
    expect(JSON.parse(before)).toEqual({ hordelab: 1, kind: 'report', scenario: '', status: 'complete', files: ['report.md', 'metrics.csv'] });
    expect(readMark(dir)).toEqual(JSON.parse(before));
    // Without a mark, nothing would say the files were hordelab's.
    rmSync(join(dir, MANIFEST_FILE));
    expect(refusal(() => checkOutputFolder(dir, REPORT))?.message).toMatch(/nothing says hordelab wrote them/);
    writeFileSync(join(dir, MANIFEST_FILE), before);
    expect(refusal(() => checkOutputFolder(dir, REPORT))).toBeNull();
  });

  it('publishes without a step before the renames, and tells a file only the note lists as written or edited', () => {
    const dir = join(work, 'plain');
    expect(publishOutputFiles(dir, 'sweep', [['sweep.json', 'j']], { digests: true })).toEqual([join(dir, 'sweep.json')]);
    expect(readMark(dir)).toEqual({ hordelab: 1, kind: 'sweep', scenario: '', status: 'complete', files: ['sweep.json'], fileSha256: { 'sweep.json': sha256('j') } });
    // A note of a file the record does not list (a new level the stopped ladder brought).
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...readMark(dir), pendingSha256: { 'sweep.csv': sha256('c') } }));
    writeFileSync(join(dir, 'sweep.csv'), 'c');
    expect(matchesWrittenDigest(dir, 'sweep.csv')).toBe(true);
    writeFileSync(join(dir, 'sweep.csv'), 'edited');
    expect(matchesWrittenDigest(dir, 'sweep.csv')).toBe(false);
    // A mark with a note and no record of bytes (a first ladder stopped while renaming).
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ hordelab: 1, kind: 'sweep', scenario: '', status: 'complete', files: ['sweep.json', 'sweep.csv'], pendingSha256: { 'sweep.csv': sha256('c') } }));
    expect(matchesWrittenDigest(dir, 'sweep.csv')).toBe(false);
    expect(matchesWrittenDigest(dir, 'sweep.json')).toBe(true);
    // The next mark drops the note, though it lists nothing new and records no bytes.
    markOutputFolder(dir, 'sweep', ['sweep.json']);
    expect(readMark(dir)).toEqual({ hordelab: 1, kind: 'sweep', scenario: '', status: 'complete', files: ['sweep.json', 'sweep.csv'] });
  });

  it('renames nothing and leaves no temporary when the step before the renames fails', () => {
    const dir = folderWith({ 'sweep.json': 'old' });
    markOutputFolder(dir, 'sweep', ['sweep.json'], { digests: true });
    expect(() =>
      publishOutputFiles(dir, 'sweep', [['sweep.json', 'new'], ['sweep.csv', 'c']], {
        digests: true,
        beforeRenames: () => {
          throw new Error('stopped');
        },
      }),
    ).toThrow('stopped');
    expect(readdirSync(dir).sort()).toEqual([MANIFEST_FILE, 'sweep.json']);
    expect(readFileSync(join(dir, 'sweep.json'), 'utf8')).toBe('old');
    expect(refusal(() => checkOutputFolder(dir, sweepRequest()))).toBeNull();
  });
});

describe('single output files', () => {
  const compareRequest = (changes: Partial<OutputFileRequest> = {}): OutputFileRequest => ({ flag: '--out', kind: 'compare page', ...changes });
  const comparePage = `<!doctype html>\n<html>\n<head>\n${generatorMeta('compare')}\n</head>\n`;

  it('takes a new file, an empty one, and one of its kind that hordelab wrote', () => {
    expect(refusal(() => checkOutputFile(join(work, 'new.html'), compareRequest()))).toBeNull();
    writeFileSync(join(work, 'empty.html'), '');
    expect(refusal(() => checkOutputFile(join(work, 'empty.html'), compareRequest()))).toBeNull();
    writeFileSync(join(work, 'old.html'), comparePage);
    expect(refusal(() => checkOutputFile(join(work, 'old.html'), compareRequest()))).toBeNull();
  });

  it("refuses someone's file, or hordelab's of another kind", () => {
    writeFileSync(join(work, 'mine.html'), 'mine');
    expect(refusal(() => checkOutputFile(join(work, 'mine.html'), compareRequest()))).toEqual({ source: '--out', message: `${join(work, 'mine.html')} exists and was not written by hordelab; name a new file or remove it` });
    writeFileSync(join(work, 'summary.md'), `${MARKDOWN_MARK}\n`);
    expect(refusal(() => checkOutputFile(join(work, 'summary.md'), compareRequest()))?.message).toBe(`${join(work, 'summary.md')} is a hordelab Markdown summary, not a compare page; name a new file or remove it`);
  });

  it('refuses a folder, a missing folder, and a file where the folder would be', () => {
    expect(refusal(() => checkOutputFile(work, compareRequest()))?.message).toBe(`${work} is a folder; expected a file name`);
    expect(refusal(() => checkOutputFile(join(work, 'no', 'x.html'), compareRequest()))?.message).toBe(`cannot write ${join(work, 'no', 'x.html')}: no folder ${join(work, 'no')}`);
    writeFileSync(join(work, 'f'), '');
    expect(refusal(() => checkOutputFile(join(work, 'f', 'x.html'), compareRequest()))?.message).toBe(`cannot write ${join(work, 'f', 'x.html')}: ${join(work, 'f')} is a file, not a folder`);
    symlinkSync(join(work, 'gone'), join(work, 'dangling'));
    expect(refusal(() => checkOutputFile(join(work, 'dangling', 'x.html'), compareRequest()))?.message).toBe(
      `cannot write ${join(work, 'dangling', 'x.html')}: ${join(work, 'dangling')} is a link to ${join(work, 'gone')}, which does not exist; expected a folder, or a link to one`,
    );
  });

  it('refuses links at the path: to nothing, to a link to nothing, in a loop, and to a file', () => {
    symlinkSync(join(work, 'gone'), join(work, 'a.html'));
    expect(refusal(() => checkOutputFile(join(work, 'a.html'), compareRequest()))?.message).toBe(`${join(work, 'a.html')} is a link to ${join(work, 'gone')}, which does not exist; writing would replace the link: remove it, or name another file`);
    symlinkSync(join(work, 'a.html'), join(work, 'b.html'));
    expect(refusal(() => checkOutputFile(join(work, 'b.html'), compareRequest()))?.message).toBe(`${join(work, 'b.html')} is a link to ${join(work, 'a.html')}, which is a link that leads to nothing; writing would replace the link: remove it, or name another file`);
    symlinkSync(join(work, 'd.html'), join(work, 'c.html'));
    symlinkSync(join(work, 'c.html'), join(work, 'd.html'));
    expect(refusal(() => checkOutputFile(join(work, 'c.html'), compareRequest()))?.message).toBe(`${join(work, 'c.html')} is a link to ${join(work, 'd.html')} in a loop of links that never reaches a file; writing would replace the link: remove it, or name another file`);
    writeFileSync(join(work, 'page.html'), comparePage);
    symlinkSync(join(work, 'page.html'), join(work, 'e.html'));
    expect(refusal(() => checkOutputFile(join(work, 'e.html'), compareRequest()))?.message).toBe(`${join(work, 'e.html')} is a link to ${join(work, 'page.html')}; writing would replace the link, not the file: name that file itself, or remove the link`);
  });

  it("refuses the command's input however it is named, and a file inside an input folder but for the names it allows there", () => {
    writeFileSync(join(work, 'checks.yaml'), `${MARKDOWN_MARK}\n`);
    linkSync(join(work, 'checks.yaml'), join(work, 'hard.md'));
    const inputFiles = [{ path: join(work, 'missing.yaml'), what: 'nothing' }, { path: join(work, 'checks.yaml'), what: 'the checks file' }];
    expect(refusal(() => checkOutputFile(join(work, 'hard.md'), { flag: '--markdown', kind: 'Markdown summary', inputFiles }))).toEqual({ source: '--markdown', message: `${join(work, 'hard.md')} is the checks file, which this command reads; name a new file` });
    writeFileSync(join(work, 'other.md'), sealOwnFile('Markdown summary', `${MARKDOWN_MARK}\n`));
    expect(refusal(() => checkOutputFile(join(work, 'other.md'), { flag: '--markdown', kind: 'Markdown summary', inputFiles }))).toBeNull();
    const run = folderWith({ 'summary.json': '{}' }, 'run');
    const inputFolders = [{ path: run, what: 'the compared run folder', allow: (name: string) => name === 'compare.html' }];
    expect(refusal(() => checkOutputFile(join(run, 'compare.html'), compareRequest({ inputFolders })))).toBeNull();
    expect(refusal(() => checkOutputFile(join(run, 'other.html'), compareRequest({ inputFolders })))?.message).toBe(`${join(run, 'other.html')} is inside the compared run folder ${run}, which this command reads; name a file outside it`);
    mkdirSync(join(run, 'sub'));
    expect(refusal(() => checkOutputFile(join(run, 'sub', 'compare.html'), compareRequest({ inputFolders })))?.message).toMatch(/is inside the compared run folder/);
    expect(refusal(() => checkOutputFile(join(work, 'compare.html'), compareRequest({ inputFolders })))).toBeNull();
    mkdirSync(join(work, 'run-2'));
    expect(refusal(() => checkOutputFile(join(work, 'run-2', 'other.html'), compareRequest({ inputFolders })))).toBeNull();
    expect(refusal(() => checkOutputFile(join(run, 'compare.html'), compareRequest({ inputFolders: [{ path: run, what: 'the run folder' }] })))?.message).toMatch(/is inside the run folder /);
  });

  it('refuses a pipe at the path', () => {
    const pipe = join(work, 'pipe.html');
    if (spawnSync('mkfifo', [pipe]).status !== 0) return void expect.fail('mkfifo is needed for this test');
    expect(refusal(() => checkOutputFile(pipe, compareRequest()))?.message).toBe(`${pipe} exists and is not a file hordelab wrote; name a new file or remove it`);
  });

  it('holds the temporary it is written through to the same rule', () => {
    const path = join(work, 'x.html');
    mkdirSync(`${path}.tmp`);
    expect(refusal(() => checkOutputFile(path, compareRequest()))?.message).toBe(`${path}.tmp is a folder; ${path} is written through it, so remove it`);
    rmSync(`${path}.tmp`, { recursive: true });
    writeFileSync(`${path}.tmp`, 'mine');
    expect(refusal(() => checkOutputFile(path, compareRequest()))?.message).toBe(`${path}.tmp exists and was not written by hordelab; ${path} is written through it, so remove it`);
    writeFileSync(`${path}.tmp`, comparePage);
    expect(refusal(() => checkOutputFile(path, compareRequest()))).toBeNull();
  });

  it('seals the mark with the digest of the file as written, the same text to the same bytes', () => {
    const page = `<!doctype html>\n<html>\n<head>\n${generatorMeta('compare')}\n${PAGE_DIGEST_META}\n</head>\n<body>é</body>\n`;
    const sealed = sealOwnFile('compare page', page);
    const digest = /content="([0-9a-f]{64})"/.exec(sealed)?.[1] as string;
    expect(digest).not.toBe('0'.repeat(64));
    expect(sealed).toBe(page.replace('0'.repeat(64), digest));
    expect(createHash('sha256').update(Buffer.from(page, 'utf8')).digest('hex')).toBe(digest);
    expect(sealOwnFile('compare page', page)).toBe(sealed);
    // Sealed once, it stays as it is; a text with no digest in its mark is left alone.
    expect(sealOwnFile('compare page', sealed)).toBe(sealed);
    expect(sealOwnFile('compare page', comparePage)).toBe(comparePage);
  });

  it("replaces its own file only while it holds just what hordelab wrote: added to or changed, it is someone's (audit 41b F1)", () => {
    const path = join(work, 'summary.md');
    const request: OutputFileRequest = { flag: '--markdown', kind: 'Markdown summary' };
    const summary = `${MARKDOWN_MARK}\n## Balance checks\n\n| check | result |\n| --- | --- |\n| coin | ✅ pass |\n`;
    writeOutputFile(path, summary, request);
    const written = readFileSync(path, 'utf8');
    expect(written).toMatch(/^<!-- hordelab check sha256=[0-9a-f]{64} -->\n## Balance checks\n/);
    expect(refusal(() => writeOutputFile(path, summary, request))).toBeNull();
    expect(readFileSync(path, 'utf8')).toBe(written);
    const held = `${path} is not as hordelab wrote it: its content is not the Markdown summary its mark records (added to, changed, or cut short); name a new file or remove it`;
    for (const edited of [`${written}## My own notes\n`, written.replace('✅ pass', '❌ fail'), written.replace(/sha256=[0-9a-f]{64}/, `sha256=${'0'.repeat(64)}`)]) {
      writeFileSync(path, edited);
      expect(refusal(() => writeOutputFile(path, summary, request))).toEqual({ source: '--markdown', message: held });
      expect(readFileSync(path, 'utf8')).toBe(edited);
    }
    // The file it is written through is held to the same rule.
    writeFileSync(path, written);
    writeFileSync(`${path}.tmp`, `${written}## My own notes\n`);
    expect(refusal(() => checkOutputFile(path, request))?.message).toBe(
      `${path}.tmp is not as hordelab wrote it: its content is not the Markdown summary its mark records (added to, changed, or cut short); ${path} is written through it, so remove it`,
    );
    rmSync(`${path}.tmp`);
    // A file written before the mark recorded a digest is known by its start alone, as before.
    writeFileSync(path, '<!-- hordelab check -->\n## Balance checks\n\n## My own notes\n');
    expect(refusal(() => writeOutputFile(path, summary, request))).toBeNull();
    expect(readFileSync(path, 'utf8')).toBe(written);
  });

  it('knows its own file given CRLF line ends, and says it was changed rather than not written by hordelab (review 41s F4)', () => {
    const files: readonly (readonly [string, OutputFileRequest, string])[] = [
      ['summary.md', { flag: '--markdown', kind: 'Markdown summary' }, `${MARKDOWN_MARK}\n## Balance checks\n\n| check | result |\n`],
      ['junit.xml', { flag: '--junit', kind: 'JUnit report' }, `<?xml version="1.0" encoding="UTF-8"?>\n${JUNIT_MARK}\n<testsuites name="hordelab check" tests="1">\n</testsuites>\n`],
      ['compare.html', compareRequest(), `<!doctype html>\n<html>\n<head>\n${generatorMeta('compare')}\n${PAGE_DIGEST_META}\n</head>\n<body></body>\n`],
      ['replay.html', { flag: '--html', kind: 'replay page' }, `<!doctype html>\n<html>\n<head>\n${generatorMeta('replay')}\n${PAGE_DIGEST_META}\n</head>\n<body></body>\n`],
    ];
    for (const [name, request, text] of files) {
      const path = join(work, name);
      writeOutputFile(path, text, request);
      const crlf = readFileSync(path, 'utf8').replace(/\n/g, '\r\n');
      writeFileSync(path, crlf);
      expect(refusal(() => writeOutputFile(path, text, request))).toEqual({
        source: request.flag,
        message: `${path} is not as hordelab wrote it: its content is not the ${request.kind} its mark records (added to, changed, or cut short); name a new file or remove it`,
      });
      expect(readFileSync(path, 'utf8')).toBe(crlf);
    }
  });

  it('writes the file after checking it again, and names the flag when the write fails', () => {
    const path = join(work, 'w.html');
    writeOutputFile(path, comparePage, compareRequest());
    expect(readFileSync(path, 'utf8')).toBe(comparePage);
    writeFileSync(path, 'mine');
    expect(refusal(() => writeOutputFile(path, comparePage, compareRequest()))?.message).toMatch(/was not written by hordelab/);
    expect(readFileSync(path, 'utf8')).toBe('mine');
    expect(refusal(() => writeOutputFile('/proc/hordelab-x.html', comparePage, compareRequest()))?.message).toMatch(/^cannot write \/proc\/hordelab-x\.html: /);
  });
});

it('resolves relative paths from the working folder', () => {
  expect(nearestExisting('.').path).toBe(resolve('.'));
});
