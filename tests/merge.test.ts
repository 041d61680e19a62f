/**
 * Merging shards in-process (so mutation testing of src/run/merge.ts can see it): two shards of a
 * small Zombie Trainers run, played in this thread, merged into exactly what one run writes; and
 * every check merge makes of a shard, each on a copy damaged in one way. The CLI's side of merge
 * (exit codes, module paths from other folders): tests/merge-verify.test.ts.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../src/core/errors.js';
import { mergeRuns } from '../src/run/merge.js';
import { digest } from '../src/run/run-key.js';
import { runScenario } from '../src/run/run-scenario.js';
import { digestOf } from '../src/run/journal.js';
import { parseScenario } from '../src/scenario/scenario.js';

const AGENT = join(process.cwd(), 'tests', 'fixtures', 'doomed-agent.mjs');
let work = '';
let copies = 0;

async function scenarioFile(name: string, text: string): Promise<Awaited<ReturnType<typeof parseScenario>>> {
  const path = join(work, name);
  writeFileSync(path, text);
  return parseScenario(text, path);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'hordelab-merge-in-process-'));
  const duel = await scenarioFile('duel.yaml', 'game: zombie-trainers\nmatches: 24\nseed: 6\nparams: { maxRounds: 20 }\nseats: [random, random]\n');
  const options = { eventFiles: true, command: 'hordelab run duel.yaml' };
  await runScenario(duel, { ...options, outDir: join(work, 'single') });
  await runScenario(duel, { ...options, outDir: join(work, 'shard-0'), shard: { index: 0, count: 2 } });
  await runScenario(duel, { ...options, outDir: join(work, 'shard-1'), shard: { index: 1, count: 2 } });
  // Failed matches: 1 in 4 of a tic-tac-toe agent throws, tolerated up to --max-errors 20.
  const doomed = await scenarioFile(
    'doomed.yaml',
    `game: tic-tac-toe\nmatches: 40\nseed: 4\nseats:\n  - { agent: ${JSON.stringify(AGENT)}, name: doomed, config: { every: 4 } }\n  - random\n`,
  );
  // The command as the CLI records it, with the flags that shape the output.
  const tolerant = { eventFiles: false, command: 'hordelab run doomed.yaml --max-errors 20 --no-event-files', maxErrors: 20 };
  await runScenario(doomed, { ...tolerant, outDir: join(work, 'doomed-single') });
  await runScenario(doomed, { ...tolerant, outDir: join(work, 'doomed-0'), shard: { index: 0, count: 2 } });
  await runScenario(doomed, { ...tolerant, outDir: join(work, 'doomed-1'), shard: { index: 1, count: 2 } });
  // Shards run with --max-errors 5: each holds at most 5 failures (5 and 3), together more.
  const strict = { ...tolerant, maxErrors: 5 };
  await runScenario(doomed, { ...strict, outDir: join(work, 'strict-0'), shard: { index: 0, count: 2 } });
  await runScenario(doomed, { ...strict, outDir: join(work, 'strict-1'), shard: { index: 1, count: 2 } });
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (path: string): string => readFileSync(join(work, path), 'utf8');
const summaryOf = (path: string): Record<string, unknown> => ({ ...(JSON.parse(read(path)) as Record<string, unknown>), timing: null });

/** Fresh copies of both shards of `prefix` to damage. */
function copyShards(prefix = 'shard'): [string, string] {
  const into = join(work, `copy-${copies++}`);
  cpSync(join(work, `${prefix}-0`), join(into, 'shard-0'), { recursive: true });
  cpSync(join(work, `${prefix}-1`), join(into, 'shard-1'), { recursive: true });
  return [join(into, 'shard-0'), join(into, 'shard-1')];
}

type Record_ = Record<string, unknown> & { files: Record<string, { bytes: number; sha256: string }>; aggregate: unknown; outcomes: unknown };

function editRecord(shard: string, edit: (record: Record_) => void): string {
  const path = join(shard, 'shard.json');
  const record = JSON.parse(readFileSync(path, 'utf8')) as Record_;
  edit(record);
  writeFileSync(path, JSON.stringify(record));
  return path;
}

/** Rewrites a shard's file and records its new digest, as a shard that wrote it would have. */
function rewriteFile(shard: string, name: string, text: string): void {
  writeFileSync(join(shard, name), text);
  editRecord(shard, (record) => (record.files[name] = digestOf(text)));
}

const out = (): string => join(work, `out-${copies++}`);

/** The issues of the UsageError merging `dirs` throws. */
async function issuesOf(dirs: readonly string[], target = out()): Promise<unknown> {
  const error = await mergeRuns(dirs, target).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UsageError);
  return (error as UsageError).issues;
}

/** This process's open file descriptors (Linux only). */
const FD_DIR = '/proc/self/fd';

async function refusal(dirs: readonly string[], target = out()): Promise<string> {
  const error = await mergeRuns(dirs, target).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, 'merge should refuse').not.toBeNull();
  expect(existsSync(target) ? readdirSync(target) : [], 'nothing written').toEqual([]);
  return String((error as Error).message);
}

describe('merging shards in-process', () => {
  it('gives exactly the single run: the same CSV bytes and the same summary but for timing', async () => {
    const target = out();
    const { files, document } = await mergeRuns([join(work, 'shard-1'), join(work, 'shard-0')], target);
    for (const name of ['matches.csv', 'catches.csv']) expect(read(join(target.slice(work.length + 1), name)), name).toBe(read(join('single', name)));
    expect(summaryOf(join(target.slice(work.length + 1), 'summary.json'))).toEqual(summaryOf('single/summary.json'));
    expect(document.run).toEqual({ status: 'complete', matchesPlayed: 24, errors: 0 });
    const published = files.map((path) => path.slice(target.length + 1));
    expect(published.slice(0, 2)).toEqual(['matches.csv', 'catches.csv']);
    expect(published.at(-1)).toBe('summary.json');
    expect(published).not.toContain('errors.csv');
    expect(existsSync(join(target, 'errors.csv'))).toBe(false);
    expect(JSON.parse(readFileSync(join(target, '.hordelab-folder.json'), 'utf8'))).toMatchObject({ kind: 'run', scenario: 'duel', status: 'complete' });
    expect(readdirSync(target).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(join(target, '.hordelab-checkpoint.json'))).toBe(false);
    const timing = (JSON.parse(readFileSync(join(target, 'summary.json'), 'utf8')) as { timing: { seconds: number; matchesPerSecond: number } }).timing;
    const shardSeconds = [0, 1].reduce((sum, i) => sum + (JSON.parse(read(`shard-${i}/shard.json`)) as { seconds: number }).seconds, 0);
    expect(timing.seconds).toBeCloseTo(shardSeconds, 3);
    expect(timing.matchesPerSecond).toBeCloseTo(24 / Math.max(shardSeconds, 1e-9), -1);
    // Each shard's own summary names the command that plays it again, the merged one the whole run's.
    const commandOf = (path: string): string => (JSON.parse(read(path)) as { command: string }).command;
    expect([commandOf('shard-0/summary.json'), commandOf('shard-1/summary.json')]).toEqual([`${commandOf('single/summary.json')} --shard 0/2`, `${commandOf('single/summary.json')} --shard 1/2`]);
    expect(document.command).toBe(commandOf('single/summary.json'));
    // With the flags that shape a shard's output (another value is another run's shard), as the whole run's names them.
    expect(commandOf('doomed-1/summary.json')).toBe(`${commandOf('doomed-single/summary.json')} --shard 1/2`);
    expect(commandOf('doomed-single/summary.json')).toBe('hordelab run doomed.yaml --max-errors 20 --no-event-files');
  });

  it("takes a shard whose summary.json names the whole run's command, as the build before shard commands wrote it (review 28d)", async () => {
    const [first, second] = copyShards();
    const path = join(first, 'summary.json');
    const whole = (JSON.parse(readFileSync(join(first, 'shard.json'), 'utf8')) as { command: string }).command;
    rewriteFile(first, 'summary.json', readFileSync(path, 'utf8').replace(/"command": "[^"]*"/, `"command": ${JSON.stringify(whole)}`));
    const { document } = await mergeRuns([first, second], out());
    expect(document.command).toBe(whole);
    // And as the builds after it wrote them, which kept the command without its output flags in
    // shard.json: that command and --shard alone, then with the flags and --shard (review 28e).
    const bare = 'hordelab run doomed.yaml';
    for (const form of [`${bare} --shard 0/2`, `${bare} --max-errors 20 --no-event-files --shard 0/2`]) {
      const [third, fourth] = copyShards('doomed');
      for (const shard of [third, fourth]) editRecord(shard, (record) => (record.command = bare));
      rewriteFile(third, 'summary.json', readFileSync(join(third, 'summary.json'), 'utf8').replace(/"command": "[^"]*"/, `"command": ${JSON.stringify(form)}`));
      rewriteFile(fourth, 'summary.json', readFileSync(join(fourth, 'summary.json'), 'utf8').replace(/"command": "[^"]*"/, `"command": ${JSON.stringify(form.replace('0/2', '1/2'))}`));
      expect((await mergeRuns([third, fourth], out())).document.command, form).toBe(bare);
    }
    // A form no build wrote is refused as edited.
    const [fifth, sixth] = copyShards('doomed');
    rewriteFile(fifth, 'summary.json', readFileSync(join(fifth, 'summary.json'), 'utf8').replace(/"command": "[^"]*"/, `"command": ${JSON.stringify(`${bare} --shard 0/2`)}`));
    expect(await refusal([fifth, sixth])).toMatch(/records the command .* shard\.json was edited; re-run the shard$/);
  });

  it('joins the failed matches of every shard into one errors.csv, with one header', async () => {
    const target = out();
    await mergeRuns([join(work, 'doomed-0'), join(work, 'doomed-1')], target);
    const single = read('doomed-single/errors.csv');
    expect(single.split('\n').length).toBeGreaterThan(3);
    expect(readFileSync(join(target, 'errors.csv'), 'utf8')).toBe(single);
    expect(readFileSync(join(target, 'matches.csv'), 'utf8')).toBe(read('doomed-single/matches.csv'));
    expect(summaryOf(join(target.slice(work.length + 1), 'summary.json'))).toEqual(summaryOf('doomed-single/summary.json'));
  });

  it('refuses a shard with failures whose errors.csv is gone, or holds other rows than it records', async () => {
    const [first, second] = copyShards('doomed');
    rmSync(join(second, 'errors.csv'));
    expect(await refusal([first, second])).toBe(`${join(second, 'errors.csv')}: is missing; re-run the shard`);
    const [third, fourth] = copyShards('doomed');
    const rows = readFileSync(join(fourth, 'errors.csv'), 'utf8').split('\n');
    rewriteFile(fourth, 'errors.csv', `${rows.slice(0, -2).join('\n')}\n`);
    expect(await refusal([third, fourth])).toBe(`${join(fourth, 'errors.csv')}: holds 2 rows; shard.json records 3`);
  });

  it.skipIf(!existsSync(FD_DIR))('closes every file it writes, merged or refused', async () => {
    const before = readdirSync(FD_DIR).length;
    await mergeRuns([join(work, 'doomed-0'), join(work, 'doomed-1')], out());
    const [first, second] = copyShards();
    const path = join(second, 'matches.csv');
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, -30));
    await refusal([first, second]);
    expect(readdirSync(FD_DIR).length).toBe(before);
  });

  it('refuses more failures than the run allowed, counted over every shard', async () => {
    const [first, second] = copyShards('strict');
    expect([first, second].map((shard) => (JSON.parse(readFileSync(join(shard, 'shard.json'), 'utf8')) as { errors: number }).errors)).toEqual([5, 3]);
    expect(await refusal([first, second])).toContain(
      "merge: the shards hold 8 failed matches, more than the run's --max-errors 5: one run would have stopped at the failure that tipped it. Rerun the shards with a larger --max-errors, or fix the failures",
    );
    // The limit is part of the run's key: a record edited to allow more is another run.
    for (const shard of [first, second]) editRecord(shard, (record) => (record.maxErrors = 8));
    expect(await refusal([first, second])).toMatch(/no longer gives the shards' key/);
  });

  it('writes the merged run over its own earlier output only with force', async () => {
    const target = out();
    const shards = [join(work, 'shard-0'), join(work, 'shard-1')];
    await mergeRuns(shards, target);
    await expect(mergeRuns(shards, target)).rejects.toThrow(`--out: ${target} holds a finished run of "duel"; pass --force to replace it`);
    await mergeRuns(shards, target, { force: true });
    expect(readFileSync(join(target, 'matches.csv'), 'utf8')).toBe(read('single/matches.csv'));
    // A folder where a file goes is refused before any file is joined, not at the publish (review 25f).
    rmSync(join(target, 'matches.csv'));
    mkdirSync(join(target, 'matches.csv'));
    await expect(mergeRuns(shards, target, { force: true })).rejects.toThrow(`${join(target, 'matches.csv')}: is a folder, where hordelab publishes a file; nothing was changed`);
    expect(existsSync(join(target, 'matches.csv.tmp'))).toBe(false);
  });
});

describe('what merge refuses', () => {
  it('no shard folders, or an output folder that is one of them or inside one', async () => {
    await expect(mergeRuns([], out())).rejects.toThrow('merge: name the shard folders to merge');
    const shard = join(work, 'shard-0');
    expect(await issuesOf([shard, join(work, 'shard-1')], shard)).toEqual([{ source: '--out', field: '', message: `${shard} is one of the shards; merge into another folder` }]);
    // A link to a shard is that shard: with force, merging into it would have replaced the shard.
    const link = join(work, `link-${copies++}`);
    symlinkSync(shard, link, 'dir');
    expect(await issuesOf([shard, join(work, 'shard-1')], link)).toEqual([{ source: '--out', field: '', message: `${link} is one of the shards; merge into another folder` }]);
    await expect(mergeRuns([shard, join(work, 'shard-1')], link, { force: true })).rejects.toThrow('is one of the shards');
    expect(existsSync(join(shard, 'shard.json'))).toBe(true);
    // Inside a shard, the merged run is files that shard's next run would refuse as not its own (audit 39b L4); through a link too.
    for (const inside of [join(shard, 'merged'), join(link, 'merged', 'deeper')]) {
      expect(await issuesOf([join(work, 'shard-1'), shard], inside)).toEqual([{ source: '--out', field: '', message: `${inside} is inside the shard ${shard}; merge into a folder outside the shards` }]);
      expect(existsSync(join(shard, 'merged'))).toBe(false);
    }
    // Beside a shard (a name that starts with the shard's) is not inside it.
    await expect(mergeRuns([shard, join(work, 'shard-1')], `${shard}-merged`)).resolves.toBeDefined();
  });

  it('a command or scenario file in shard.json that the shard’s own summary.json does not record (the merged summary takes them from there)', async () => {
    const [first, second] = copyShards();
    editRecord(first, (record) => (record['command'] = 'hordelab run evil.yaml --seed 999 --matches 1'));
    expect(await refusal([first, second])).toContain(`${join(first, 'shard.json')}: command: records the command "hordelab run evil.yaml --seed 999 --matches 1", but ${join(first, 'summary.json')} says`);
    const [third, fourth] = copyShards();
    editRecord(fourth, (record) => ((record['source'] as Record<string, unknown>)['file'] = 'somewhere/else.yaml'));
    expect(await refusal([third, fourth])).toContain(`${join(fourth, 'shard.json')}: source.file: records the scenario file "somewhere/else.yaml"`);
  });

  it('a folder without shard.json, or with one that is not JSON or not a shard record', async () => {
    const [first, second] = copyShards();
    rmSync(join(second, 'shard.json'));
    expect(await refusal([first, second])).toContain(`${second}: no shard.json here: expected the output folder of "hordelab run --shard i/n"`);
    // A folder that is not there, or a file, is said as such, not as a folder without shard.json (audit 37b L5).
    expect(await refusal([first, join(work, 'no-such-shard')])).toBe(`${join(work, 'no-such-shard')}: no such folder: expected the output folder of "hordelab run --shard i/n"`);
    expect(await refusal([first, join(first, 'matches.csv')])).toBe(`${join(first, 'matches.csv')}: is a file, not a folder: expected the output folder of "hordelab run --shard i/n"`);
    writeFileSync(join(second, 'shard.json'), '{ not json');
    expect(await refusal([first, second])).toMatch(/shard\.json: not valid JSON \(.*\); the shard folder is damaged: re-run the shard/);
    writeFileSync(join(second, 'shard.json'), JSON.stringify({ version: 1 }));
    const message = await refusal([first, second]);
    expect(message).toContain('version: expected 2 (a shard written by this version of hordelab; re-run older shards)');
    expect(message).toContain('key: ');
  });

  it('a record whose shard index is not below its count, or whose range runs backwards', async () => {
    const [first, second] = copyShards();
    editRecord(second, (record) => (record.shard = { index: 2, count: 2 }));
    expect(await refusal([first, second])).toContain('shard: shard 2/2 covering matches 12..24 is not a shard');
    const [third, fourth] = copyShards();
    editRecord(fourth, (record) => Object.assign(record, { start: 13, end: 12 }));
    expect(await refusal([third, fourth])).toContain('shard 1/2 covering matches 13..12 is not a shard');
    const [fifth, sixth] = copyShards();
    editRecord(sixth, (record) => Object.assign(record, { start: 12, end: 12 }));
    expect(await refusal([fifth, sixth])).not.toContain('is not a shard');
  });

  it('shards of another run (a split of another size named), and unfinished or stopped shards', async () => {
    const [first, second] = copyShards();
    editRecord(second, (record) => (record.key = 'another'));
    expect(await refusal([first, second])).toContain(`${second}: a shard of another run than ${first} (scenario, parameters, seed, options, or a game, agent or metric module differ, or a Hordelab that records other figures ran one of them)`);
    // Where the scenarios the shards recorded differ, the parts that differ are named, as a resume names them (audit 33b).
    const [other, changed] = copyShards();
    editRecord(changed, (record) => {
      const source = record.source as { text: string; overrides: Record<string, unknown> };
      record.key = 'another';
      record.source = { ...source, text: source.text.replace('maxRounds: 20', 'maxRounds: 21'), overrides: { ...source.overrides, seed: 99 } };
      record.eventFiles = false;
    });
    expect(await refusal([other, changed])).toContain(`${changed}: a shard of another run than ${other}: params.maxRounds (20 in the first shard, 21 here), seed (6 in the first shard, 99 here), event files (true in the first shard, false here)`);
    // A value holding the words the message says its sides with is shown as it is: they were
    // substituted over the whole text, so colors "a then, b now)" read "a in the first shard, b here)" (review 34a F7).
    const [plain, worded] = copyShards();
    editRecord(worded, (record) => {
      const source = record.source as { text: string };
      record.key = 'another';
      record.source = { ...source, text: source.text.replace('maxRounds: 20', 'maxRounds: 20, colors: ["a then, b now)", blue]') };
    });
    expect(await refusal([plain, worded])).toBe(`${worded}: a shard of another run than ${plain}: params.colors (["red","blue"] in the first shard, ["a then, b now)","blue"] here)`);
    // A scenario no longer read (its game gone) falls back to the parts that may differ.
    editRecord(changed, (record) => (record.source = { ...(record.source as object), text: 'game: ./gone.mjs\nmatches: 24\nseed: 6\nseats: [random, random]\n' }));
    expect(await refusal([other, changed])).toContain(`${changed}: a shard of another run than ${other} (scenario, parameters, seed, options`);
    const [third, fourth] = copyShards();
    editRecord(fourth, (record) => (record.status = 'interrupted'));
    expect(await refusal([third, fourth])).toContain(`${fourth}: shard 1/2 is interrupted; finish it (hordelab run ... --resume) before merging`);
    // Stopped at its --max-errors, a shard has nothing left to resume (audit 39b M2: the advice to resume failed).
    editRecord(fourth, (record) => Object.assign(record, { status: 'stopped', maxErrors: 2, errors: 3 }));
    expect(await refusal([third, fourth])).toBe(`${fourth}: shard 1/2 stopped at its --max-errors 2 after 3 failed matches, as one run would have; rerun the shards with a larger --max-errors, or fix the failures`);
    // Shards of splits of different sizes: the split is named, with the parts that differ (audit 39b M3).
    const [fifth, sixth] = copyShards();
    editRecord(sixth, (record) => Object.assign(record, { key: 'another', shard: { index: 1, count: 3 } }));
    expect(await refusal([fifth, sixth])).toBe(`${sixth}: a shard of another run than ${fifth}: the split (2 shards in the first shard, 3 here)`);
  });

  it('a shard of a scenario that differs only in quality, name or description; not one of the same scenario read from elsewhere (audit 37b M2, M3)', async () => {
    const text = 'game: zombie-trainers\nmatches: 24\nseed: 6\nparams: { maxRounds: 20 }\nseats: [random, random]\n';
    const options = { eventFiles: true, command: 'hordelab run duel.yaml' };
    const shardOf = async (file: string, scenarioText: string): Promise<string> => {
      const folder = `variant-${copies++}`;
      const into = join(work, folder);
      mkdirSync(into);
      const scenario = await scenarioFile(join(folder, file), scenarioText);
      await runScenario(scenario, { ...options, outDir: join(into, 'shard-1'), shard: { index: 1, count: 2 } });
      return join(into, 'shard-1');
    };
    // quality: { leads: false } records other figures: was refused as "shard.json was edited" (M2).
    const quality = await shardOf('duel.yaml', `${text}quality: { leads: false }\n`);
    expect(await refusal([join(work, 'shard-0'), quality])).toBe(`${quality}: a shard of another run than ${join(work, 'shard-0')}: quality (none in the first shard, {"leads":false} here)`);
    expect(await refusal([quality, join(work, 'shard-0')])).toBe(`${join(work, 'shard-0')}: a shard of another run than ${quality}: quality ({"leads":false} in the first shard, none here)`);
    // Another name or description plays alike, but is another scenario: was merged under the first one's name (M3).
    const named = await shardOf('duel.yaml', `${text}name: totally-different\n`);
    expect(await refusal([join(work, 'shard-0'), named])).toBe(`${named}: name: a shard of another scenario than ${join(work, 'shard-0')} ("duel" in the first shard, "totally-different" here); expected shards of one scenario`);
    const renamed = await shardOf('other.yaml', text);
    expect(await refusal([renamed, join(work, 'shard-0')])).toBe(`${join(work, 'shard-0')}: name: a shard of another scenario than ${renamed} ("other" in the first shard, "duel" here); expected shards of one scenario`);
    const described = await shardOf('duel.yaml', `${text}description: a different study\n`);
    expect(await refusal([join(work, 'shard-0'), described])).toBe(`${described}: description: a shard of another scenario than ${join(work, 'shard-0')} ("" in the first shard, "a different study" here); expected shards of one scenario`);
    // The same scenario read through another path (a shard run from another working folder) merges.
    const elsewhere = await shardOf('duel.yaml', text);
    const merged = out();
    await mergeRuns([join(work, 'shard-0'), elsewhere], merged);
    expect(read(`${merged.slice(work.length + 1)}/matches.csv`)).toBe(read('single/matches.csv'));
  }, 60_000);

  it('a digest that is not 64 lowercase hex digits, whatever comes before or after', async () => {
    for (const sha256 of [`z${'0'.repeat(64)}`, `${'0'.repeat(64)}z`]) {
      const [first, second] = copyShards();
      const path = editRecord(second, (record) => ((record.files['matches.csv'] as { sha256: string }).sha256 = sha256));
      expect(await refusal([first, second]), sha256).toMatch(new RegExp(`^${path}: files\\.matches\\.csv\\.sha256: `));
    }
  });

  it('missing and repeated shards', async () => {
    const [first, second] = copyShards();
    expect(await refusal([second])).toBe('merge: expected shards 0..1 once each; missing 0');
    expect(await refusal([first, first, first])).toBe('merge: expected shards 0..1 once each; missing 1; repeated 0, 0');
    expect(await refusal([first, second, second])).toMatch(/expected shards 0\.\.1 once each; repeated 1$/);
  });

  it('a scenario that no longer gives the shards’ key', async () => {
    const [first, second] = copyShards();
    for (const shard of [first, second]) editRecord(shard, (record) => ((record.source as { text: string }).text = (record.source as { text: string }).text.replace('seed: 6', 'seed: 7')));
    expect(await refusal([first, second])).toContain(`${join(first, 'shard.json')}: key: the scenario it records`);
  });

  it('a shard that does not start where the one before ended, or shards short of the scenario’s matches', async () => {
    const [first, second] = copyShards();
    editRecord(second, (record) => (record.start = 11));
    expect(await refusal([first, second])).toContain(`${join(second, 'shard.json')}: start: starts at match 11; the shard before it ends at 12`);
    // Ending a match early is caught by the counts (that the shards then fall short of the
    // scenario is checked after, and is not reached by editing one record).
    const [third, fourth] = copyShards();
    editRecord(fourth, (record) => (record.end = 23));
    expect(await refusal([third, fourth])).toContain(`${join(fourth, 'shard.json')}: matchesPlayed: records 12 matches played and 0 failed, but covers 11 matches`);
  });

  it('a missing file, or one the record has no digest for', async () => {
    const [first, second] = copyShards();
    rmSync(join(second, 'catches.csv'));
    expect(await refusal([first, second])).toContain(`${join(second, 'catches.csv')}: is missing; re-run the shard`);
    const [third, fourth] = copyShards();
    editRecord(third, (record) => delete record.files['summary.json']);
    expect(await refusal([third, fourth])).toContain(`${join(third, 'shard.json')}: files: records no length and SHA-256 for summary.json`);
  });

  it('an aggregate that does not match its digest, or counts that do not add up to the shard’s matches', async () => {
    const [first, second] = copyShards();
    editRecord(first, (record) => (record.aggregateSha256 = '0'.repeat(64)));
    expect(await refusal([first, second])).toContain(`${join(first, 'shard.json')}: aggregate: the aggregate does not match the digest recorded with it`);
    const [third, fourth] = copyShards();
    editRecord(fourth, (record) => (record.matchesPlayed = (record.matchesPlayed as number) - 1));
    expect(await refusal([third, fourth])).toContain(`${join(fourth, 'shard.json')}: matchesPlayed: records 11 matches played and 0 failed, but covers 12 matches`);
  });

  it('cube sums that are no number, under a digest recomputed by hand: exit 2 naming that shard, not a stack (review 27e)', async () => {
    const forge = (shard: string, field: 'xxx' | 'aaa', value: unknown): void => {
      editRecord(shard, (record) => {
        const figures = (record.aggregate as { game: { game: { tally: { figures: Record<string, Record<string, unknown>> } } } }).game.game.tally.figures;
        (figures['xp1'] as Record<string, unknown>)[field] = value;
        record['aggregateSha256'] = digest({ aggregate: record.aggregate, outcomes: record.outcomes });
      });
    };
    for (const [field, value] of [['xxx', 'abc'], ['xxx', null], ['aaa', 'abc']] as const) {
      const [first, second] = copyShards();
      forge(first, field, value);
      // Either order: the first shard's sums are copied, not read, when they are merged first.
      for (const order of [[first, second], [second, first]]) {
        expect(await refusal(order), `${field}: ${String(value)}`).toMatch(new RegExp(`^${join(first, 'shard.json').replace(/[.]/g, '\\.')}: aggregate: its aggregate does not read as a run's figures \\(Cannot convert ${String(value)} to a BigInt\\)`));
      }
    }
  });

  it('a summary.json changed since the shard wrote it, even by one byte of the same length', async () => {
    const [first, second] = copyShards();
    const path = join(second, 'summary.json');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace('"complete"', '"COMPLETE"'));
    expect(await refusal([first, second])).toContain(`${path}: does not have the length and SHA-256 shard.json records (${Buffer.byteLength(text)} bytes)`);
    const [third, fourth] = copyShards();
    writeFileSync(join(fourth, 'summary.json'), `${text} `);
    expect(await refusal([third, fourth])).toContain('does not have the length and SHA-256 shard.json records');
  });

  it('an aggregate, digest re-made, that does not give the figures of the shard’s summary.json', async () => {
    const [first, second] = copyShards();
    const other = JSON.parse(readFileSync(join(first, 'shard.json'), 'utf8')) as Record_;
    editRecord(second, (record) => {
      record.aggregate = other.aggregate;
      record.aggregateSha256 = digest({ aggregate: record.aggregate, outcomes: record.outcomes });
    });
    expect(await refusal([first, second])).toContain(`${join(second, 'shard.json')}: aggregate: the aggregate does not give the figures of ${join(second, 'summary.json')}`);
  });

  it('outcomes that count another number of matches than the shard played, digest re-made', async () => {
    const [first, second] = copyShards();
    editRecord(first, (record) => {
      const { figures } = (record.outcomes as { tally: { figures: Record<string, { n: number }> } }).tally;
      for (const [name, sums] of Object.entries(figures)) if (name.startsWith('seat\u00001\u0000')) sums.n += 1;
      record.aggregateSha256 = digest({ aggregate: record.aggregate, outcomes: record.outcomes });
    });
    expect(await refusal([first, second])).toMatch(new RegExp(`^${join(first, 'shard.json')}: outcomes: its outcomes count 13 results for \\S+, not its 12 matches$`));
  });

  it('a CSV cut short or changed, and one whose rows do not match the record, digest re-made', async () => {
    const [first, second] = copyShards();
    const path = join(second, 'matches.csv');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.slice(0, -30));
    expect(await refusal([first, second])).toContain(`${path}: is ${Buffer.byteLength(text) - 30} bytes with another SHA-256 than the ${Buffer.byteLength(text)} bytes shard.json records`);
    // One character changed: the same length, another SHA-256.
    const [seventh, eighth] = copyShards();
    const changed = join(eighth, 'matches.csv');
    const original = readFileSync(changed, 'utf8');
    const at = original.lastIndexOf(',') + 1;
    writeFileSync(changed, `${original.slice(0, at)}${original[at] === '0' ? '1' : '0'}${original.slice(at + 1)}`);
    expect(await refusal([seventh, eighth])).toContain(`${changed}: is ${Buffer.byteLength(original)} bytes with another SHA-256 than the ${Buffer.byteLength(original)} bytes shard.json records`);
    const [third, fourth] = copyShards();
    const rows = readFileSync(join(fourth, 'matches.csv'), 'utf8').split('\n');
    rewriteFile(fourth, 'matches.csv', `${rows.slice(0, -2).join('\n')}\n`);
    expect(await refusal([third, fourth])).toContain(`${join(fourth, 'matches.csv')}: holds 11 rows; shard.json records 12`);
    // A quoted newline is inside a field, not a new row: 12 rows still, merged as written.
    const [fifth, sixth] = copyShards();
    const lines = readFileSync(join(sixth, 'matches.csv'), 'utf8').split('\n');
    rewriteFile(sixth, 'matches.csv', [lines[0], '"a\nb"', ...lines.slice(2)].join('\n'));
    const target = out();
    await mergeRuns([fifth, sixth], target);
    expect(readFileSync(join(target, 'matches.csv'), 'utf8')).toContain('\n"a\nb"\n');
  });
});
