/**
 * Verified merges (issue 13, item 5): shards record the length and SHA-256 of every file they
 * write and a digest of their aggregate; merge checks them all, and the aggregate against the
 * rows and the shard's own summary, before publishing anything. Module paths resolve from the
 * scenario file, wherever merge runs.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hordelabIn, type CliResult } from './cli-harness.js';

let work = '';

/**
 * The command line in-process, as if run from `cwd` (relative to the work folder): the shards are
 * run from two folders, so each records the scenario by the relative path typed there.
 */
const hordelab = (cwd: string, ...args: string[]): Promise<CliResult> => hordelabIn(join(work, cwd), ...args);

const read = (path: string): Buffer => readFileSync(join(work, path));

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'hordelab-merge-'));
  // The scenario and its agent module live in their own folder; shards run from two other
  // folders (naming the scenario by different relative paths), merge from a third.
  mkdirSync(join(work, 'project', 'agents'), { recursive: true });
  mkdirSync(join(work, 'machine-a'));
  mkdirSync(join(work, 'machine-b'));
  mkdirSync(join(work, 'merger'));
  writeFileSync(join(work, 'project', 'agents', 'first-legal.mjs'), 'export default () => ({ chooseAction: () => 0 });\n');
  writeFileSync(
    join(work, 'project', 'duel.yaml'),
    'game: zombie-trainers\nmatches: 90\nseed: 6\nparams: { maxRounds: 30 }\nseats: [./agents/first-legal.mjs, random]\n',
  );
  expect((await hordelab('project', 'run', 'duel.yaml', '-q', '--out', '../single')).status).toBe(0);
  expect((await hordelab('machine-a', 'run', '../project/duel.yaml', '-q', '--shard', '0/2', '--out', 'shard-0')).status).toBe(0);
  expect((await hordelab('machine-b', 'run', join(work, 'project', 'duel.yaml'), '-q', '--shard', '1/2', '--out', 'shard-1')).status).toBe(0);
}, 120_000);

/** A copy of both shards to damage. */
function copyShards(name: string): [string, string] {
  cpSync(join(work, 'machine-a', 'shard-0'), join(work, name, 'shard-0'), { recursive: true });
  cpSync(join(work, 'machine-b', 'shard-1'), join(work, name, 'shard-1'), { recursive: true });
  return [join(work, name, 'shard-0'), join(work, name, 'shard-1')];
}

describe('merge', () => {
  it('joins shards run from other folders, resolving the agent module from the scenario file, into exactly one run', async () => {
    const result = await hordelab('merger', 'merge', '../machine-a/shard-0', '../machine-b/shard-1', '--out', 'merged');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    for (const name of ['matches.csv', 'catches.csv']) expect(read(`merger/merged/${name}`).equals(read(`single/${name}`)), name).toBe(true);
    const summary = (path: string): unknown => ({ ...JSON.parse(read(path).toString()), timing: null, scenario: null, command: null });
    expect(summary('merger/merged/summary.json')).toEqual(summary('single/summary.json'));
  });

  it("joins a shard whose scenario text differs only in a comment, its project since gone from where it ran (review 37h: its modules were loaded again to compare names, and the merge stopped)", async () => {
    const [first, second] = copyShards('elsewhere');
    // As another machine records it: its copy of the scenario, a comment line added, at a path
    // this machine does not have (so its agent module cannot be loaded from there).
    const path = join(second, 'shard.json');
    const record = JSON.parse(readFileSync(path, 'utf8')) as { source: { text: string }; scenarioPath: string };
    record.source.text = `# the runner's copy\n${record.source.text}`;
    record.scenarioPath = join(work, 'gone-machine', 'project', 'duel.yaml');
    writeFileSync(path, JSON.stringify(record));
    const result = await hordelab('merger', 'merge', first, second, '--out', 'merged-elsewhere');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(read('merger/merged-elsewhere/matches.csv').equals(read('single/matches.csv'))).toBe(true);
  });

  it('refuses a shard whose matches.csv was cut short, naming the shard and the file, and writes nothing', async () => {
    const [first, second] = copyShards('truncated');
    const path = join(second, 'matches.csv');
    truncateSync(path, readFileSync(path).length - 30);
    const result = await hordelab('merger', 'merge', first, second, '--out', 'from-truncated');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${path}: is `);
    expect(result.stderr).toMatch(/bytes with another SHA-256 than the \d+ bytes shard\.json records: it was cut short or changed since the shard ran/);
    expect(existsSync(join(work, 'merger', 'from-truncated'))).toBe(false);
  });

  it('refuses a shard whose aggregate was edited, or whose summary was', async () => {
    const [first, second] = copyShards('edited');
    const recordPath = join(first, 'shard.json');
    const record = JSON.parse(readFileSync(recordPath, 'utf8'));
    // One count of the game's aggregate, one higher.
    const bump = (node: Record<string, unknown>): boolean =>
      Object.entries(node).some(([key, value]) => {
        if (typeof value === 'number' && Number.isInteger(value) && value > 0) return (node[key] = value + 1), true;
        return typeof value === 'object' && value !== null && bump(value as Record<string, unknown>);
      });
    expect(bump(record.aggregate)).toBe(true);
    writeFileSync(recordPath, JSON.stringify(record));
    const edited = await hordelab('merger', 'merge', first, second, '--out', 'from-edited');
    expect(edited.status).toBe(2);
    expect(edited.stderr).toContain(`${recordPath}: aggregate: the aggregate does not match the digest recorded with it`);
    expect(existsSync(join(work, 'merger', 'from-edited'))).toBe(false);

    const [third, fourth] = copyShards('edited-summary');
    const summaryPath = join(fourth, 'summary.json');
    writeFileSync(summaryPath, readFileSync(summaryPath, 'utf8').replace('"matchesPlayed": ', '"matchesPlayed": 1'));
    const summary = await hordelab('merger', 'merge', third, fourth, '--out', 'from-edited-summary');
    expect(summary.status).toBe(2);
    expect(summary.stderr).toContain(`${summaryPath}: does not have the length and SHA-256 shard.json records`);
  });

  it('refuses a damaged shard.json with the file and field', async () => {
    const [first, second] = copyShards('damaged');
    const recordPath = join(second, 'shard.json');
    const record = JSON.parse(readFileSync(recordPath, 'utf8'));
    record.files['matches.csv'].bytes = 'many';
    writeFileSync(recordPath, JSON.stringify(record));
    const result = await hordelab('merger', 'merge', first, second, '--out', 'from-damaged');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${recordPath}: files.matches.csv.bytes: expected a number, got`);
  });

  it('refuses a shard file merge reads that is a folder or a pipe: exit 2, one line naming it, nothing written (audit 36b)', async () => {
    const names = ['matches.csv', 'summary.json', 'shard.json', 'catches.csv'];
    for (const [at, name] of names.entries()) {
      for (const kind of ['folder', 'pipe'] as const) {
        const [first, second] = copyShards(`not-a-file-${at}-${kind}`);
        const path = join(second, name);
        rmSync(path);
        if (kind === 'folder') mkdirSync(path);
        else execFileSync('mkfifo', [path]);
        const target = `from-${kind}-${at}`;
        const result = await hordelab('merger', 'merge', first, second, '--out', target);
        const what = kind === 'folder' ? 'is a folder, expected a file' : 'is not a file (a pipe, socket or device)';
        expect([result.status, result.stderr]).toEqual([2, `hordelab: ${path}: ${what}; the shard folder is damaged: re-run the shard\n`]);
        expect(existsSync(join(work, 'merger', target))).toBe(false);
      }
    }
  });

  it('claims its output folder as a run does: no foreign files, --force to replace its own', async () => {
    const shards = ['../machine-a/shard-0', '../machine-b/shard-1'];
    mkdirSync(join(work, 'merger', 'busy'));
    writeFileSync(join(work, 'merger', 'busy', 'mine.txt'), 'mine');
    const foreign = await hordelab('merger', 'merge', ...shards, '--out', 'busy', '--force');
    expect(foreign.status).toBe(2);
    expect(foreign.stderr).toMatch(/busy holds files hordelab did not write \(mine\.txt\)/);
    expect(readdirSync(join(work, 'merger', 'busy'))).toEqual(['mine.txt']);
    expect((await hordelab('merger', 'merge', ...shards, '--out', 'twice')).status).toBe(0);
    const again = await hordelab('merger', 'merge', ...shards, '--out', 'twice');
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/twice holds a finished run of "duel"; pass --force to replace it/);
    expect((await hordelab('merger', 'merge', ...shards, '--out', 'twice', '--force')).status).toBe(0);
  });
});
