/**
 * The run journal on its own, in-process (so mutation testing of src/run/journal.ts can see it):
 * the checkpoint it writes, resuming from it (killed or interrupted runs), publishing, and what a
 * failure leaves behind. Each test works in a fresh temporary folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyOutcomes } from '../src/reports/outcomes.js';
import { UsageError } from '../src/core/errors.js';
import { CHECKPOINT_FILE, checkpointKeyIn, digestOf, keyPartDifferences, RunJournal, type JournalState } from '../src/run/journal.js';
import { OutputFolder } from '../src/run/output-folder.js';

const FILES = [
  { name: 'a.csv', header: 'x,y\n' },
  { name: 'b.csv', header: 'z\n' },
];
const NAMES = FILES.map((file) => file.name);

function freshDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'hordelab-journal-')), 'run');
}

function claim(dir: string, resume = false): OutputFolder {
  return OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: false, resume, knownNames: [...NAMES, 'summary.json'] });
}

function state(nextMatch: number, errors = 0): JournalState {
  return { nextMatch, aggregate: { n: nextMatch }, outcomes: emptyOutcomes(2), errors, matchesPlayed: nextMatch + errors };
}

const read = (dir: string, name: string): string => readFileSync(join(dir, name), 'utf8');
const checkpointIn = (dir: string): Record<string, unknown> => JSON.parse(read(dir, CHECKPOINT_FILE)) as Record<string, unknown>;
const sha = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** This process's open file descriptors (Linux only). */
const FD_DIR = '/proc/self/fd';
const openDescriptors = (): number => readdirSync(FD_DIR).length;

/** The one issue of the UsageError `act` throws. */
function issueOf(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).issues;
  }
  throw new Error('expected a UsageError');
}

/** A run killed after one checkpointed chunk and one that was written but never checkpointed. */
function killedRun(dir: string, key = 'key-1'): void {
  const folder = claim(dir);
  const journal = RunJournal.start(folder, key, 's', FILES);
  journal.append(['1,2\n', 'one\n']);
  journal.checkpoint(state(1));
  journal.append(['3,4\n', 'two\n']);
  folder.release();
}

describe('digestOf', () => {
  it('counts UTF-8 bytes, not characters, and hashes them with SHA-256', () => {
    expect(digestOf('é–\n')).toEqual({ bytes: 6, sha256: sha(Buffer.from('é–\n', 'utf8')) });
    expect(digestOf('')).toEqual({ bytes: 0, sha256: sha('') });
  });
});

describe('a fresh journal', () => {
  it('starts each working file with its header, under its temporary name, and drops an earlier checkpoint', () => {
    const dir = freshDir();
    killedRun(dir, 'old');
    const folder = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true, knownNames: [...NAMES, 'summary.json'] });
    const journal = RunJournal.start(folder, 'new', 's', FILES);
    expect(existsSync(join(dir, CHECKPOINT_FILE))).toBe(false);
    journal.append(['5,6\n', '']);
    expect(read(dir, 'a.csv.tmp')).toBe('x,y\n5,6\n');
    expect(read(dir, 'b.csv.tmp')).toBe('z\n');
    folder.release();
  });

  it('writes every appended chunk out at once, and takes missing texts as empty', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.append(['1,2\n']);
    journal.append(['3,4\n', 'two\n']);
    expect(read(dir, 'a.csv.tmp')).toBe('x,y\n1,2\n3,4\n');
    expect(read(dir, 'b.csv.tmp')).toBe('z\ntwo\n');
    folder.release();
  });

  it('takes bytes as well as text: the file, its length and its digest are those of the UTF-8 text', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
    journal.append([encode('é,2\n'), 'one\n']);
    journal.append(['3,4\n', encode('')]);
    journal.append([encode('5,🧟\n'), encode('two\n')]);
    journal.checkpoint(state(3));
    expect(read(dir, 'a.csv.tmp')).toBe('x,y\né,2\n3,4\n5,🧟\n');
    expect(read(dir, 'b.csv.tmp')).toBe('z\none\ntwo\n');
    expect(journal.digests()).toEqual({ 'a.csv': digestOf('x,y\né,2\n3,4\n5,🧟\n'), 'b.csv': digestOf('z\none\ntwo\n') });
    expect(checkpointIn(dir)['lengths']).toEqual({ 'a.csv': 20, 'b.csv': 10 });
    folder.release();
  });

  it('checkpoints the byte length of each file, the key, the scenario and the state, atomically', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'key-9', 'scenario-name', FILES);
    journal.append(['é,2\n', 'one\n']);
    journal.checkpoint(state(3, 1));
    const fields = {
      version: 2,
      key: 'key-9',
      scenario: 'scenario-name',
      location: 'temp',
      lengths: { 'a.csv': 9, 'b.csv': 6 },
      sha256: { 'a.csv': digestOf('x,y\né,2\n').sha256, 'b.csv': digestOf('z\none\n').sha256 },
      nextMatch: 3,
      aggregate: { n: 3 },
      outcomes: emptyOutcomes(2),
      errors: 1,
      matchesPlayed: 4,
    };
    // Sealed with the SHA-256 of the fields' JSON, so that a resume can refuse an edited checkpoint.
    expect(checkpointIn(dir)).toEqual({ ...fields, integrity: digestOf(JSON.stringify(fields)).sha256 });
    expect(existsSync(join(dir, `${CHECKPOINT_FILE}.tmp`))).toBe(false);
    folder.release();
  });

  it('tells the key of the run whose checkpoint a folder holds: none without one, none when it is damaged or edited', () => {
    const dir = freshDir();
    expect(checkpointKeyIn(dir)).toBeNull();
    killedRun(dir, 'key-7');
    expect(checkpointKeyIn(dir)).toBe('key-7');
    const path = join(dir, CHECKPOINT_FILE);
    const sealed = readFileSync(path, 'utf8');
    writeFileSync(path, sealed.replace('key-7', 'key-8'));
    expect(checkpointKeyIn(dir)).toBeNull();
    writeFileSync(path, '{ not json');
    expect(checkpointKeyIn(dir)).toBeNull();
  });

  it('gives the digest of everything appended, and again after more is appended', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    expect(journal.digests()).toEqual({ 'a.csv': digestOf('x,y\n1,2\n'), 'b.csv': digestOf('z\none\n') });
    journal.append(['3,4\n', '']);
    expect(journal.digests()).toEqual({ 'a.csv': digestOf('x,y\n1,2\n3,4\n'), 'b.csv': digestOf('z\none\n') });
    folder.release();
  });

  it('removes the working files it opened when a later one cannot be opened', () => {
    const dir = freshDir();
    const folder = claim(dir);
    expect(() => RunJournal.start(folder, 'k', 's', [FILES[0] as (typeof FILES)[0], { name: join('missing-folder', 'c.csv'), header: 'c\n' }])).toThrow(/ENOENT/);
    expect(existsSync(join(dir, 'a.csv.tmp'))).toBe(false);
    folder.release();
  });

  it('can be abandoned twice, before any checkpoint, leaving nothing behind', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.abandon();
    journal.abandon();
    folder.release();
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it.skipIf(!existsSync(FD_DIR))('closes every file it opens: published, omitted, abandoned or resumed', () => {
    // A killed run leaves its descriptors open (here, as in a process that died): counted before.
    const resumable = freshDir();
    killedRun(resumable);
    const before = openDescriptors();
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    journal.publish(state(1), [], ['b.csv'], 'complete');
    folder.release();
    expect(openDescriptors()).toBe(before);
    const abandoned = freshDir();
    const other = claim(abandoned);
    const thrown = RunJournal.start(other, 'k', 's', FILES);
    thrown.abandon();
    thrown.abandon();
    other.release();
    expect(openDescriptors()).toBe(before);
    const again = claim(resumable, true);
    const { journal: resumed } = RunJournal.resume(again, 'key-1', 's', FILES);
    resumed.publish(state(1), [], [], 'complete');
    again.release();
    expect(openDescriptors()).toBe(before);
  });

  it('leaves nothing behind when abandoned: no working file, no checkpoint', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    journal.checkpoint(state(1));
    journal.abandon();
    folder.release();
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});

describe('publishing', () => {
  it('renames the working files and the whole files into place and drops the checkpoint of a complete run', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    journal.checkpoint(state(1));
    const published = journal.publish(state(1), [{ name: 'summary.json', text: '{}\n' }], [], 'complete');
    folder.release();
    expect(published).toEqual([join(dir, 'a.csv'), join(dir, 'b.csv'), join(dir, 'summary.json')]);
    expect(read(dir, 'a.csv')).toBe('x,y\n1,2\n');
    expect(read(dir, 'summary.json')).toBe('{}\n');
    expect(existsSync(join(dir, CHECKPOINT_FILE))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses to publish onto a folder standing where a file goes, before its final checkpoint, taking its whole files back', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    journal.checkpoint(state(1));
    const before = read(dir, CHECKPOINT_FILE);
    mkdirSync(join(dir, 'b.csv'));
    expect(issueOf(() => journal.publish(state(1), [{ name: 'summary.json', text: '{}\n' }], [], 'complete'))).toEqual([
      { source: join(dir, 'b.csv'), field: '', message: 'is a folder, where hordelab publishes a file; nothing was published: move it away and run again' },
    ]);
    // The checkpoint is not marked final; nothing was renamed; summary.json.tmp is gone again.
    expect(read(dir, CHECKPOINT_FILE)).toBe(before);
    expect(existsSync(join(dir, 'summary.json.tmp'))).toBe(false);
    expect(existsSync(join(dir, 'summary.json'))).toBe(false);
    expect(existsSync(join(dir, 'a.csv'))).toBe(false);
    // An omitted file is no rename: a folder in its place does not stop the publish.
    const other = freshDir();
    const second = claim(other);
    const run = RunJournal.start(second, 'k', 's', FILES);
    run.append(['1,2\n', 'one\n']);
    mkdirSync(join(other, 'b.csv'));
    expect(run.publish(state(1), [], ['b.csv'], 'complete')).toEqual([join(other, 'a.csv')]);
    second.release();
    folder.release();
  });

  it('drops the files named in omit, and closes each file once', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    const published = journal.publish(state(1), [], ['b.csv'], 'complete');
    folder.release();
    expect(published).toEqual([join(dir, 'a.csv')]);
    expect(existsSync(join(dir, 'b.csv'))).toBe(false);
    expect(existsSync(join(dir, 'b.csv.tmp'))).toBe(false);
  });

  it('keeps the checkpoint of an interrupted run, marked final, with the lengths as published', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    journal.publish(state(1), [{ name: 'summary.json', text: '{}\n' }], [], 'interrupted');
    folder.release();
    expect(checkpointIn(dir)).toMatchObject({ location: 'final', lengths: { 'a.csv': 8, 'b.csv': 6 }, nextMatch: 1 });
    expect(read(dir, 'a.csv')).toBe('x,y\n1,2\n');
  });

  it('on a failed write of a whole file removes the ones it wrote and publishes nothing', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'k', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    journal.checkpoint(state(1));
    const whole = [
      { name: 'summary.json', text: '{}\n' },
      { name: join('missing-folder', 'table.csv'), text: 't\n' },
    ];
    expect(() => journal.publish(state(1), whole, [], 'complete')).toThrow(/ENOENT/);
    expect(existsSync(join(dir, 'summary.json.tmp'))).toBe(false);
    expect(existsSync(join(dir, 'a.csv'))).toBe(false);
    expect(checkpointIn(dir)).toMatchObject({ location: 'temp' });
    folder.release();
  });
});

describe('resuming', () => {
  it('names the parts of the key that differ, where both runs recorded them (audit 31b), and says as before where either did not', () => {
    const then = { matches: '1000', 'params.traps': 'sha256:aaaaaaaaaaaaaaaa', 'seat 2': '{"agent":"random"}', 'event files': 'true' };
    const now = { matches: '2000', 'params.traps': 'sha256:bbbbbbbbbbbbbbbb', 'seat 2': '{"agent":"random"}', '--max-errors': '5' };
    expect(keyPartDifferences(then, now)).toEqual(['matches (1000 then, 2000 now)', 'params.traps', 'event files (true then, none now)', '--max-errors (none then, 5 now)']);
    // A part on one side only is shown where it is short, and named alone where it is a digest.
    expect(keyPartDifferences({ x: 'sha256:aaaaaaaaaaaaaaaa' }, { y: 'sha256:bbbbbbbbbbbbbbbb' })).toEqual(['x (none now)', 'y (none then)']);
    expect(keyPartDifferences({}, { '--shard': '1/2' })).toEqual(['--shard (none then, 1/2 now)']);
    // An edited checkpoint's control characters are shown as escapes, never sent to the terminal.
    expect(keyPartDifferences({ 'a\u001b[31m': 'x\u001b[0m\u202e' }, {})).toEqual(['a\\u001b[31m (x\\u001b[0m\\u202e then, none now)']);
    expect(keyPartDifferences({ a: '"\u001b"' }, { a: '1' })).toEqual(['a ("\\u001b" then, 1 now)']);
    expect(keyPartDifferences({ a: 'x\u00ad\u034f\u180e\ufff9\u{e0001}\u{1d173}\u200b' }, {})).toEqual(['a (x\\u00ad\\u034f\\u180e\\ufff9\\u{e0001}\\u{1d173}\\u200b then, none now)']);
    expect(keyPartDifferences({ a: 'x\ufe0f\u{e0101}\u17b4\u0378\u3000 y' }, {})).toEqual(['a (x\\ufe0f\\u{e0101}\\u17b4\\u0378\\u3000 y then, none now)']);
    // Two texts past ASCII that print alike are told apart by their escapes (review 32e: é and e with its accent apart).
    expect(keyPartDifferences({ a: '"caf\u00e9\u2800"' }, { a: '"cafe\u0301\u2800"' })).toEqual(['a ("caf\\u00e9\\u2800" then, "cafe\\u0301\\u2800" now)']);
    expect(keyPartDifferences({ a: '"caf\u00e9"' }, { a: '"cafe"' })).toEqual(['a ("caf\\u00e9" then, "cafe" now)']);
    expect(keyPartDifferences(then, { ...then })).toEqual([]);
    expect(keyPartDifferences({ x: '1' }, { x: 'sha256:cccccccccccccccc' })).toEqual(['x']);
    expect(keyPartDifferences({ x: 'sha256:cccccccccccccccc' }, { x: '1' })).toEqual(['x']);
    // A key of an object's own prototype is a part like any other, never read from the prototype.
    expect(keyPartDifferences({}, { toString: '1' })).toEqual(['toString (none then, 1 now)']);
    expect(keyPartDifferences({ constructor: '1' }, {})).toEqual(['constructor (1 then, none now)']);
    // Sides worded otherwise (merge's) are worded as the text is made: a value holding the words keeps them (review 34a F7).
    const sides = { recorded: 'in the first shard', current: 'here' };
    expect(keyPartDifferences({ a: '"x then, y now)"', b: '1', c: 'sha256:aaaaaaaaaaaaaaaa' }, { a: '"now) then)"', d: '2', e: 'sha256:bbbbbbbbbbbbbbbb' }, sides)).toEqual([
      'a ("x then, y now)" in the first shard, "now) then)" here)',
      'b (1 in the first shard, none here)',
      'c (none here)',
      'd (none in the first shard, 2 here)',
      'e (none in the first shard)',
    ]);
    // A tagged value reads as its value (the thirty-first session's leftover: {"$number":"-0"}); text that is not JSON as it is.
    expect(keyPartDifferences({ 'params.tilt': '0', 'params.m': '{"$Map":[["a",1]]}', z: 'undefined' }, { 'params.tilt': '{"$number":"-0"}', 'params.m': '{"$Map":[["a",2]]}', z: '{"$undefined":null}' })).toEqual([
      'params.tilt (0 then, -0 now)',
      'params.m (Map(1) {"a" => 1} then, Map(1) {"a" => 2} now)',
      'z (undefined then, undefined now)',
    ]);

    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'key-1', 's', FILES, then);
    journal.append(['1,2\n', 'one\n']);
    journal.checkpoint(state(1));
    folder.release();
    expect(checkpointIn(dir)['keyParts']).toEqual(then);
    const again = claim(dir, true);
    expect(issueOf(() => RunJournal.resume(again, 'key-2', 's', FILES, now))).toEqual([
      {
        source: '--resume',
        field: '',
        message: `the run in ${dir} was started with other settings: matches (1000 then, 2000 now), params.traps, event files (true then, none now), --max-errors (none then, 5 now); resume it with the ones it was started with, or run without --resume`,
      },
    ]);
    // Differing only in what the version decides, it is no setting to give again (review 40r R4).
    const olderDir = freshDir();
    const older = claim(olderDir);
    RunJournal.start(older, 'key-6', 's', FILES, { ...then, 'figures recorded': '6' }).checkpoint(state(0));
    older.release();
    const olderAgain = claim(olderDir, true);
    expect(issueOf(() => RunJournal.resume(olderAgain, 'key-7', 's', FILES, { ...then, 'figures recorded': '7' }))).toEqual([
      {
        source: '--resume',
        field: '',
        message: `the run in ${olderDir} was started by a Hordelab that records it otherwise: figures recorded (6 then, 7 now); this version cannot continue it: start it again with --force (in place of --resume), or continue it with the version that started it`,
      },
    ]);
    // And with other settings beside them: no setting given again would resume it here (review 40s S3).
    expect(issueOf(() => RunJournal.resume(olderAgain, 'key-7', 's', FILES, { ...then, matches: '2000', 'figures recorded': '7' }))).toEqual([
      {
        source: '--resume',
        field: '',
        message: `the run in ${olderDir} was started by a Hordelab that records it otherwise: matches (1000 then, 2000 now), figures recorded (6 then, 7 now); this version cannot continue it: start it again with --force (in place of --resume), or continue it with the version that started it`,
      },
    ]);
    olderAgain.release();
    // Without the parts now (or recorded), or with parts that do not differ, the key alone speaks.
    const general = `the run in ${dir} was started with another scenario, parameters or options, with a game, agent or metric module that has changed since, or by a Hordelab that recorded other figures; resume it with the same ones, or run without --resume`;
    expect(() => RunJournal.resume(again, 'key-2', 's', FILES)).toThrow(general);
    expect(() => RunJournal.resume(again, 'key-2', 's', FILES, then)).toThrow(general);
    // The same key resumes, and its checkpoints keep the parts.
    const { journal: resumed } = RunJournal.resume(again, 'key-1', 's', FILES, then);
    resumed.checkpoint(state(1));
    expect(checkpointIn(dir)['keyParts']).toEqual(then);
    again.release();
    // A run that gives no parts records none.
    const bare = freshDir();
    const plain = claim(bare);
    RunJournal.start(plain, 'key-1', 's', FILES).checkpoint(state(0));
    plain.release();
    expect('keyParts' in checkpointIn(bare)).toBe(false);
    // Resumed by a run that gives parts, another key still speaks as the key alone can.
    const later = claim(bare, true);
    expect(() => RunJournal.resume(later, 'key-2', 's', FILES, now)).toThrow(`the run in ${bare} was started with another scenario, parameters or options`);
    later.release();
    // Parts that are not all text (an edited checkpoint, sealed again: the seal is a digest anyone
    // can make) are not read: the key alone speaks, with no TypeError (review 31c).
    for (const parts of [{ matches: 5 }, { seed: '1', matches: 5 }, ['1000'], 'matches', null]) {
      const { integrity: _integrity, ...fields } = checkpointIn(dir);
      const edited = { ...fields, keyParts: parts };
      writeFileSync(join(dir, CHECKPOINT_FILE), JSON.stringify({ ...edited, integrity: sha(JSON.stringify(edited)) }));
      const resumedAgain = claim(dir, true);
      expect(() => RunJournal.resume(resumedAgain, 'key-2', 's', FILES, now), JSON.stringify(parts)).toThrow(`the run in ${dir} was started with another scenario, parameters or options`);
      resumedAgain.release();
    }
  });

  it('refuses a folder with no checkpoint, and one whose checkpoint is another run’s', () => {
    const dir = freshDir();
    const folder = claim(dir);
    expect(issueOf(() => RunJournal.resume(folder, 'k', 's', FILES))).toEqual([
      { source: '--resume', field: '', message: `${dir} holds no interrupted run to resume; run without --resume` },
    ]);
    folder.release();
    // A folder that exists, empty, says the same.
    const emptyDir = freshDir();
    mkdirSync(emptyDir);
    const empty = claim(emptyDir);
    expect(issueOf(() => RunJournal.resume(empty, 'k', 's', FILES))).toEqual([
      { source: '--resume', field: '', message: `${emptyDir} holds no interrupted run to resume; run without --resume` },
    ]);
    empty.release();
    killedRun(dir);
    const again = claim(dir, true);
    expect(() => RunJournal.resume(again, 'key-2', 's', FILES)).toThrow(
      `the run in ${dir} was started with another scenario, parameters or options, with a game, agent or metric module that has changed since, or by a Hordelab that recorded other figures; resume it with the same ones, or run without --resume`,
    );
    again.release();
    // An interrupted run whose checkpoint is gone: not "run without --resume", which asks for
    // --resume or --force in turn, but the one way out.
    const stopped = freshDir();
    const first = claim(stopped);
    first.writeTemp('summary.json', '{}\n');
    first.publish(['summary.json'], 'interrupted');
    first.release();
    const gone = claim(stopped, true);
    expect(issueOf(() => RunJournal.resume(gone, 'key-1', 's', FILES))).toEqual([
      { source: '--resume', field: '', message: `${stopped} holds an unfinished run without the checkpoint to resume it from; start it again with --force (in place of --resume)` },
    ]);
    gone.release();
  });

  it('continues a killed run from its checkpoint: rows after it are cut, the state comes back, the digest covers the whole file', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'key-1', 's', FILES);
    // More than one 64 KiB read block before the checkpoint, so the digest reads it in parts.
    const long = `${'9'.repeat(99_999)}\n`;
    journal.append([long, 'one\n']);
    journal.checkpoint(state(1, 2));
    journal.append(['3,4\n', 'two\n']);
    folder.release();

    const again = claim(dir, true);
    const { journal: resumed, state: restored } = RunJournal.resume(again, 'key-1', 's', FILES);
    expect(restored).toEqual(state(1, 2));
    expect(resumed.digests()).toEqual({ 'a.csv': digestOf(`x,y\n${long}`), 'b.csv': digestOf('z\none\n') });
    resumed.append(['5,6\n', 'three\n']);
    resumed.checkpoint(state(2, 2));
    expect(checkpointIn(dir)).toMatchObject({ lengths: { 'a.csv': 4 + long.length + 4, 'b.csv': 12 } });
    const digests = resumed.digests();
    resumed.publish(state(2, 2), [], [], 'complete');
    again.release();
    expect(read(dir, 'a.csv')).toBe(`x,y\n${long}5,6\n`);
    expect(read(dir, 'b.csv')).toBe('z\none\nthree\n');
    expect(digests).toEqual({ 'a.csv': digestOf(`x,y\n${long}5,6\n`), 'b.csv': digestOf('z\none\nthree\n') });
  });

  it('refuses when a working file holds less than the checkpoint records, or is gone', () => {
    const dir = freshDir();
    killedRun(dir);
    writeFileSync(join(dir, 'b.csv.tmp'), 'z\n');
    const again = claim(dir, true);
    expect(() => RunJournal.resume(again, 'key-1', 's', FILES)).toThrow(
      `${join(dir, 'b.csv.tmp')} holds less than the checkpoint records; the run cannot be resumed safely: run it afresh with --force`,
    );
    rmSync(join(dir, 'b.csv.tmp'));
    expect(() => RunJournal.resume(again, 'key-1', 's', FILES)).toThrow(`${join(dir, 'b.csv.tmp')} is missing; the interrupted run cannot be resumed`);
    again.release();
  });

  it('refuses when a working file with only its header recorded is gone', () => {
    const dir = freshDir();
    const files = [...FILES, { name: 'c.csv', header: '' }];
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'key-1', 's', files);
    journal.append(['1,2\n', 'one\n']);
    journal.checkpoint(state(1));
    folder.release();
    rmSync(join(dir, 'c.csv.tmp'));
    const again = claim(dir, true);
    expect(issueOf(() => RunJournal.resume(again, 'key-1', 's', files))).toEqual([
      { source: '--resume', field: '', message: `${join(dir, 'c.csv.tmp')} is missing; the interrupted run cannot be resumed` },
    ]);
    again.release();
  });

  it('takes an interrupted run’s published files back as working files, and publishes them again', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'key-1', 's', FILES);
    journal.append(['1,2\n', '']);
    journal.publish(state(1), [{ name: 'summary.json', text: '{"interrupted":true}\n' }], [], 'interrupted');
    folder.release();
    // b.csv held only its header; pretend it was never published.
    rmSync(join(dir, 'b.csv'));

    const again = claim(dir, true);
    const { journal: resumed, state: restored } = RunJournal.resume(again, 'key-1', 's', FILES);
    expect(restored.nextMatch).toBe(1);
    // The interrupted run stays published, whole, until the resume publishes over it.
    expect([read(dir, 'a.csv'), read(dir, 'summary.json')]).toEqual(['x,y\n1,2\n', '{"interrupted":true}\n']);
    expect(read(dir, 'a.csv.tmp')).toBe('x,y\n1,2\n');
    expect(read(dir, 'b.csv.tmp')).toBe('z\n');
    expect(checkpointIn(dir)).toMatchObject({ location: 'temp' });
    resumed.append(['3,4\n', 'two\n']);
    expect(read(dir, 'a.csv')).toBe('x,y\n1,2\n');
    resumed.publish(state(2), [{ name: 'summary.json', text: '{}\n' }], [], 'complete');
    again.release();
    expect(read(dir, 'a.csv')).toBe('x,y\n1,2\n3,4\n');
    expect(read(dir, 'b.csv')).toBe('z\ntwo\n');
    expect(read(dir, 'summary.json')).toBe('{}\n');
    expect(existsSync(join(dir, CHECKPOINT_FILE))).toBe(false);
  });

  it('takes back a file a killed resume already renamed, and refuses when a published file with rows is missing', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'key-1', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    journal.publish(state(1), [], [], 'interrupted');
    folder.release();

    const again = claim(dir, true);
    rmSync(join(dir, 'b.csv'));
    expect(() => RunJournal.resume(again, 'key-1', 's', FILES)).toThrow(`${join(dir, 'b.csv')} is missing; the interrupted run cannot be resumed`);
    // Every file is checked before any is taken back: the refused folder is as it was.
    expect([read(dir, 'a.csv'), existsSync(join(dir, 'a.csv.tmp'))]).toEqual(['x,y\n1,2\n', false]);
    // A resume killed while taking the files back had renamed both already.
    renameSync(join(dir, 'a.csv'), join(dir, 'a.csv.tmp'));
    writeFileSync(join(dir, 'b.csv.tmp'), 'z\none\n');
    const { journal: resumed } = RunJournal.resume(again, 'key-1', 's', FILES);
    expect(resumed.digests()).toEqual({ 'a.csv': digestOf('x,y\n1,2\n'), 'b.csv': digestOf('z\none\n') });
    resumed.abandon();
    again.release();
  });

  it('resumes again after a resume killed mid-copy or mid-run, the interrupted run published whole meanwhile', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const journal = RunJournal.start(folder, 'key-1', 's', FILES);
    journal.append(['1,2\n', 'one\n']);
    journal.publish(state(1), [{ name: 'summary.json', text: '{"n":1}\n' }], [], 'interrupted');
    folder.release();
    const published = () => [read(dir, 'a.csv'), read(dir, 'b.csv'), read(dir, 'summary.json')];
    const before = published();

    // Killed in the middle of a copy: a short scratch copy, no working file yet.
    writeFileSync(join(dir, '.hordelab-resume-copy.tmp'), 'x,');
    const first = claim(dir, true);
    const { journal: killed } = RunJournal.resume(first, 'key-1', 's', FILES);
    killed.append(['3,4\n', 'two\n']);
    killed.checkpoint(state(2));
    // Killed after a checkpoint of its own: the working files have run on, the published files not.
    killed.abandon();
    first.release();
    expect(published()).toEqual(before);
    expect(existsSync(join(dir, '.hordelab-resume-copy.tmp'))).toBe(false);

    const second = claim(dir, true);
    const { journal: resumed, state: restored } = RunJournal.resume(second, 'key-1', 's', FILES);
    expect(restored.nextMatch).toBe(2);
    resumed.append(['5,6\n', '']);
    resumed.publish(state(3), [{ name: 'summary.json', text: '{"n":3}\n' }], [], 'complete');
    second.release();
    expect(published()).toEqual(['x,y\n1,2\n3,4\n5,6\n', 'z\none\ntwo\n', '{"n":3}\n']);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp') || name === CHECKPOINT_FILE)).toEqual([]);
  });

  it('refuses a checkpoint that is damaged, edited or from an earlier version, and a working file edited since it, changing nothing', () => {
    const dir = freshDir();
    killedRun(dir);
    const path = join(dir, CHECKPOINT_FILE);
    const written = readFileSync(path, 'utf8');
    const before = () => [readFileSync(path, 'utf8'), read(dir, 'a.csv.tmp'), read(dir, 'b.csv.tmp')];
    const again = claim(dir, true);
    const refusal = (message: string) => [{ source: '--resume', field: '', message }];
    // The next match moved on by hand: rows would go missing.
    writeFileSync(path, written.replace('"nextMatch":1', '"nextMatch":9'));
    let files = before();
    expect(issueOf(() => RunJournal.resume(again, 'key-1', 's', FILES))).toEqual(refusal(`${path} was changed after the run wrote it; the run cannot be resumed safely: run it afresh with --force`));
    expect(before()).toEqual(files);
    writeFileSync(path, written.slice(0, 40));
    const [damaged] = issueOf(() => RunJournal.resume(again, 'key-1', 's', FILES)) as { source: string; message: string }[];
    expect(damaged?.source).toBe('--resume');
    expect(damaged?.message.startsWith(`${path} is damaged (`)).toBe(true);
    expect(damaged?.message.endsWith('); the run cannot be resumed: run it afresh with --force')).toBe(true);
    for (const text of ['null', '5', '"text"', '{}']) {
      writeFileSync(path, text);
      expect(issueOf(() => RunJournal.resume(again, 'key-1', 's', FILES))).toEqual(refusal(`${path} was not written by this version of hordelab; the run cannot be resumed: run it afresh with --force`));
    }
    writeFileSync(path, written.replace('"version":2', '"version":1'));
    expect(issueOf(() => RunJournal.resume(again, 'key-1', 's', FILES))).toEqual(refusal(`${path} was not written by this version of hordelab; the run cannot be resumed: run it afresh with --force`));
    // A row edited in place, the length unchanged.
    writeFileSync(path, written);
    writeFileSync(join(dir, 'a.csv.tmp'), read(dir, 'a.csv.tmp').replace('1,2', '1,3'));
    files = before();
    expect(issueOf(() => RunJournal.resume(again, 'key-1', 's', FILES))).toEqual(
      refusal(`${join(dir, 'a.csv.tmp')} was changed after the checkpoint; the run cannot be resumed safely: run it afresh with --force`),
    );
    expect(before()).toEqual(files);
    // Rows written after the checkpoint are not covered by it: editing them is no damage.
    writeFileSync(join(dir, 'a.csv.tmp'), 'x,y\n1,2\n9,9\n');
    expect(RunJournal.resume(again, 'key-1', 's', FILES).state.nextMatch).toBe(1);
    again.release();
  });

  it('resumes a killed run in a folder that still holds an earlier finished run: the working files are checked, not the published ones', () => {
    const dir = freshDir();
    const folder = claim(dir);
    const earlier = RunJournal.start(folder, 'key-1', 's', FILES);
    earlier.append(['7,7\n8,8\n', 'old\n']);
    earlier.publish(state(2), [], [], 'complete');
    folder.release();
    // The run that replaces it (--force) is killed after one checkpointed chunk.
    const replacing = OutputFolder.claim(dir, { flag: '--out', kind: 'run', scenario: 's', force: true, resume: false, knownNames: [...NAMES, 'summary.json'] });
    const killed = RunJournal.start(replacing, 'key-1', 's', FILES);
    killed.append(['1,2\n', 'one\n']);
    killed.checkpoint(state(1));
    replacing.release();
    expect(read(dir, 'a.csv')).toBe('x,y\n7,7\n8,8\n');
    const again = claim(dir, true);
    const { journal: resumed, state: restored } = RunJournal.resume(again, 'key-1', 's', FILES);
    expect(restored.nextMatch).toBe(1);
    expect(resumed.digests()).toEqual({ 'a.csv': digestOf('x,y\n1,2\n'), 'b.csv': digestOf('z\none\n') });
    resumed.abandon();
    again.release();
  });

  it('keeps its working files and checkpoint when abandoned, and can be abandoned twice', () => {
    const dir = freshDir();
    killedRun(dir);
    const again = claim(dir, true);
    const { journal: resumed } = RunJournal.resume(again, 'key-1', 's', FILES);
    resumed.append(['5,6\n', 'three\n']);
    resumed.abandon();
    resumed.abandon();
    again.release();
    expect(read(dir, 'a.csv.tmp')).toBe('x,y\n1,2\n5,6\n');
    expect(checkpointIn(dir)).toMatchObject({ nextMatch: 1, lengths: { 'a.csv': 8, 'b.csv': 6 } });
  });
});
