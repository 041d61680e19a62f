/**
 * A strict command line, command by command: an unknown flag, a missing or extra positional, a
 * repeated flag or a number out of its bounds is exit 2 with one line naming it ("did you mean"
 * where close), and nothing runs and nothing is written. Bounds are the same in files and
 * flags. In-process (tests/cli-harness.ts), with a few runs of the real executable at the end.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../src/core/did-you-mean.js';
import { COMMANDS } from '../src/cli/commands/index.js';
import { matchesForMargin } from '../src/stats/plan.js';
import { hordelabIn, hordelabProcess } from './cli-harness.js';

const SCENARIO = 'game: coin-flip\nmatches: 40\nseed: 1\nseats: [random, random]\n';
const CHECKS = 'checks:\n  - name: coin\n    game: coin-flip\n    seats: [random, random]\n    metric: p1WinRate\n    between: [0.4, 0.6]\n    budget: 400\n';

/** A fresh folder holding a valid scenario and checks file, and what is in it. */
function workspace(): { dir: string; listing: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'hordelab-strict-'));
  writeFileSync(join(dir, 's.yaml'), SCENARIO);
  writeFileSync(join(dir, 'zt.yaml'), 'game: zombie-trainers\nmatches: 4\nseed: 1\nseats: [random, random]\n');
  writeFileSync(join(dir, 'c.checks.yaml'), CHECKS);
  return { dir, listing: () => readdirSync(dir, { recursive: true }).map(String).sort() };
}

/** Runs a bad command line and checks the promise: exit 2, one line, no stack, nothing written. */
async function refused(args: string[]): Promise<string> {
  const { dir, listing } = workspace();
  const before = listing();
  const result = await hordelabIn(dir, ...args);
  expect(result.status, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.split('\n')).toHaveLength(2); // one line and its newline
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(listing()).toEqual(before);
  return result.stderr;
}

// [command line, what stderr must say]. Each command: an unknown flag (a near miss where one
// is close), a missing and an extra positional, a repeated flag and a bound where it has them.
const cases: Record<string, [string[], string][]> = {
  run: [
    [['run', 's.yaml', '--matchs', '5'], 'hordelab: --matchs: unknown flag of "hordelab run"; did you mean --matches?'],
    [['run', 's.yaml', '--ouut', 'elsewhere'], 'did you mean --out?'],
    [['run', 's.yaml', '-n', '10', '--matches', '20'], 'hordelab: --matches: given twice (-n 10, then --matches 20); give it once'],
    [['run'], 'hordelab: <scenario>: missing; usage: hordelab run <scenario> [options]'],
    [['run', 's.yaml', 'other.yaml'], 'hordelab: other.yaml: unexpected argument'],
    [['run', 's.yaml', '--workers', '1000'], 'hordelab: --workers: expected a whole number in 0..256, got "1000"'],
    [['run', 's.yaml', '--matches', '1e3'], 'hordelab: --matches: expected a whole number in 1..1000000000, got "1e3"'],
    [['run', 's.yaml', '--matches', ' 10'], 'hordelab: --matches: expected a whole number in 1..1000000000, got " 10"'],
    // Refused as a number flag's spaces are (audit 42f F7: both were taken).
    [['run', 's.yaml', '--shard', ' 0/2'], 'hordelab: --shard: expected i/n with 0 <= i < n, such as 0/4, got " 0/2"'],
    [['run', 's.yaml', '--shard', '0/2 '], 'hordelab: --shard: expected i/n with 0 <= i < n, such as 0/4, got "0/2 "'],
    [['run', 's.yaml', '--matches', '+10'], 'hordelab: --matches: expected a whole number in 1..1000000000, got "+10"'],
    [['run', 's.yaml', '--seed', '-0'], 'hordelab: --seed: expected a whole number in 0..9007199254740991, got "-0"'],
    [['run', 's.yaml', '--no-matches'], 'unknown flag of "hordelab run"'],
    [['run', 's.yaml', '--quiet=yes'], 'hordelab: --quiet: takes no value; got "yes"'],
    [['run', 's.yaml', '--out'], 'hordelab: --out: expects a value'],
    [['run', 's.yaml', '--out', '--quiet'], 'hordelab: --out: expects a value, got the flag --quiet'],
    [['run', '--set', 'actionPoints=4', 's.yaml', '--report', 'pdf'], 'hordelab: --report: expected a comma-separated list'],
  ],
  check: [
    [['check', 'c.checks.yaml', '--fail-on-inconclusiv'], 'hordelab: --fail-on-inconclusiv: unknown flag of "hordelab check"; did you mean --fail-on-inconclusive?'],
    [['check'], 'hordelab: <files>: missing; usage: hordelab check <files...> [options]'],
    [['check', 'c.checks.yaml', '-w', '1', '--workers', '2'], 'hordelab: --workers: given twice'],
    [['check', 'c.checks.yaml', '--baseline', 'nowhere'], 'hordelab: --baseline: no folder'],
  ],
  sweep: [
    [['sweep', 's.yaml', '--vary', 'winRate=0.3,0.6', '--metrc', 'p1WinRate'], 'did you mean --metric?'],
    [['sweep', 's.yaml'], 'hordelab: --vary: is required'],
    [['sweep', 's.yaml', 'extra', '--vary', 'winRate=0.3,0.6'], 'hordelab: extra: unexpected argument'],
    [['sweep', 's.yaml', '--vary', 'winRate=0.3,0.6', '-n', '5', '-n', '6'], 'hordelab: --matches: given twice'],
    [['sweep', 's.yaml', '--vary', 'winRate=0.3', '--vary', 'winRate=0.9'], 'hordelab: --vary winRate=0.9: winRate is given twice (--vary winRate=0.3, then --vary winRate=0.9); give each name once'],
    [['sweep', 's.yaml', '--vary', 'winRate+drawRate=0.1,0.2', '--vary', 'drawRate=0.3'], 'hordelab: --vary drawRate=0.3: drawRate is given twice'],
    [['sweep', 's.yaml', '--vary', 'winRate+winRate=0.1,0.2'], 'hordelab: --vary winRate+winRate=0.1,0.2: winRate is named twice in this joint entry; give each name once'],
  ],
  tune: [
    [['tune', 's.yaml', '--target', 'p1WinRate=0.5', '--space', 'winRate=0.1..0.9', '--budgte', '400'], 'did you mean --budget?'],
    [['tune', 's.yaml', '--target', 'p1WinRate=0.5', '--space', 'winRate=0.1..0.9'], 'hordelab: --budget: is required'],
    [['tune', '--target', 'p1WinRate=0.5', '--space', 'winRate=0.1..0.9', '--budget', '400'], 'hordelab: <scenario>: missing'],
    [['tune', 's.yaml', '--target', 'p1WinRate=0.5', '--space', 'winRate=0.1..0.9', '--budget', '1e12'], 'hordelab: --budget: expected a whole number in 2..1000000000, got "1e12"'],
    [['tune', 's.yaml', '--target', 'p1WinRate=0.5', '--space', 'winRate=0.1..0.9', '--space', 'winRate=0.2..0.3', '--budget', '400'], 'hordelab: --space winRate=0.2..0.3: winRate is given twice'],
    [['tune', 's.yaml', '--target', 'p1WinRate=0.5', '--target', 'p1WinRate=0.6', '--space', 'winRate=0.1..0.9', '--budget', '400'], 'hordelab: --target p1WinRate=0.6: p1WinRate is given twice'],
  ],
  report: [
    [['report', 'run-dir', '--fromat', 'html'], 'did you mean --format?'],
    [['report'], 'hordelab: <run-dir>: missing'],
    [['report', 'a', 'b'], 'hordelab: b: unexpected argument'],
    [['report', 'a', '-f', 'md', '--format', 'html'], 'hordelab: --format: given twice'],
  ],
  compare: [
    [['compare', 'a', 'b', '--alhpa', '0.1'], 'did you mean --alpha?'],
    [['compare', 'a'], 'hordelab: <run>: missing; usage: hordelab compare <baseline> <run> [options]'],
    [['compare', 'a', 'b', 'c'], 'hordelab: c: unexpected argument'],
    [['compare', 'a', 'b', '--format', 'text', '--out', 'x.html'], 'hordelab: --out: names the page --format html writes; give --format html with it, or leave --out out'],
    [['compare', 'a', 'b', '--alpha', '0.7'], 'hordelab: --alpha: expected a number > 0 and < 0.5, got "0.7"'],
  ],
  plan: [
    [['plan', '--rate', '0.5', '--margn', '0.01'], 'did you mean --margin?'],
    [['plan', '--margin', '0.01'], 'hordelab: --rate: is required'],
    [['plan', '0.5', '--rate', '0.5', '--margin', '0.01'], 'hordelab: 0.5: unexpected argument; "hordelab plan" takes no arguments'],
    [['plan', '--rate', '0.5', '--margin', '1e-9'], 'hordelab: --margin: expected a number >= 0.0001 and < 0.5, got "1e-9"'],
    [['plan', '--rate', '0.5', '--margin', '0.01', '--confidence', '1'], 'hordelab: --confidence: expected a number >= 0.5 and <= 0.9999, got "1"'],
    [['plan', '--rate', '0.5', '--rate', '0.6', '--margin', '0.01'], 'hordelab: --rate: given twice'],
  ],
  replay: [
    [['replay', 's.yaml', '--mtach', '3'], 'did you mean --match?'],
    [['replay', 's.yaml'], 'hordelab: --match: is required'],
    [['replay', 's.yaml', 'x.yaml', '--match', '3'], 'hordelab: x.yaml: unexpected argument'],
    [['replay', 's.yaml', '--match', '-1'], 'hordelab: --match: expected a whole number in 0..999999999, got "-1"'],
  ],
  merge: [
    [['merge', 'a', 'b', '--ouut', 'm'], 'did you mean --out?'],
    [['merge', 'a', 'b'], 'hordelab: --out: is required'],
    [['merge', '--out', 'm'], 'hordelab: <dirs>: missing'],
    [['merge', 'a', '--out', 'm', '-o', 'n'], 'hordelab: --out: given twice'],
  ],
  ladder: [
    [['ladder', 's.yaml', '--level', 'random'], 'hordelab: --level: unknown flag of "hordelab ladder"; did you mean --levels?'],
    [['ladder'], 'hordelab: <scenario>: missing; usage: hordelab ladder <scenario> [options]'],
    [['ladder', 's.yaml', '--levels', 'random', '-n', '2', '--matches', '4'], 'hordelab: --matches: given twice'],
    [['ladder', 's.yaml', '--levels', 'random', '--band', 'p1WinRate=0.4..0.6', '--band', 'p1WinRate=0.3..0.7'], 'hordelab: --band p1WinRate=0.3..0.7: p1WinRate is given twice'],
    [['ladder', 's.yaml', '--levels', 'random,alphazero'], 'hordelab: --levels: level "alphazero": unknown agent "alphazero"'],
    [['ladder', 's.yaml', '--levels', 'random', '--band', 'p1WinRate=0.6..0.4'], 'hordelab: --band p1WinRate=0.6..0.4: expected headline=low..high with low < high'],
    [['ladder', 's.yaml'], 'hordelab: --levels: name the skill levels'],
  ],
  cards: [
    [['cards', 's.yaml', '--decks', 'x@1'], 'hordelab: --decks: unknown flag of "hordelab cards"; did you mean --deck?'],
    [['cards'], 'hordelab: <scenario>: missing; usage: hordelab cards <scenario> [options]'],
    [['cards', 's.yaml', '--deck', 'winRate@3'], 'hordelab: --deck winRate@3: expected path@seat, the seat a number 1..2'],
    [['cards', 's.yaml', '--deck', 'decks.plants@ 1'], 'hordelab: --deck decks.plants@ 1: expected path@seat, the seat a number 1..2'],
    [['cards', 's.yaml', '--deck', ' winRate@1'], 'hordelab: --deck  winRate@1: expected path@seat, the seat a number 1..2'],
    [['cards', 's.yaml', '--deck', 'winRate@1'], 'hordelab: --deck: winRate: not a deck'],
    // Coin flip has no parameter holding a deck: no example of one (audit 38d: Survivors' itemDeck was offered to every game).
    [['cards', 's.yaml'], 'hordelab: --deck: Coin flip declares no deck; name one as path@seat, a parameter of counts by card name, or a list of cards with name and count'],
    [['cards', 'zt.yaml'], 'hordelab: --deck: Zombie Trainers declares no deck; name one as path@seat, such as --deck traps@1'],
  ],
  games: [
    [['games', '--verbose'], 'hordelab: --verbose: unknown flag of "hordelab games"; "hordelab games --help" lists its flags'],
    [['games', 'zombie-trainers'], 'hordelab: zombie-trainers: unexpected argument; "hordelab games" takes no arguments'],
  ],
  agents: [
    [['agents', '--json'], 'hordelab: --json: unknown flag of "hordelab agents"'],
    [['agents', 'mcts'], 'hordelab: mcts: unexpected argument'],
  ],
  conform: [
    [['conform', 'coin-flip', '--playout', '3'], 'hordelab: --playout: unknown flag of "hordelab conform"; did you mean --playouts?'],
    [['conform'], 'hordelab: <game>: missing; usage: hordelab conform <game> [options]'],
    [['conform', 'coin-flip', '--playouts', '0'], 'hordelab: --playouts: '],
    [['conform', 'coin-flip', '--playouts', '2', '--seed', '9007199254740991'], 'hordelab: --seed: expected at most 9007199254740990 with --playouts 2'],
    [['conform', './nowhere.mjs'], 'hordelab: <game>: cannot load game module "./nowhere.mjs": no module at '],
  ],
  init: [
    [['init', 'game'], 'hordelab: <name>: missing; usage: hordelab init <kind> <name> [options]'],
    [['init', 'game', 'x', '--force'], 'hordelab: --force: unknown flag of "hordelab init"'],
    [['init', 'level', 'x'], 'hordelab: <kind>: expected game, got "level"'],
  ],
  '(no command)': [
    [['fly'], 'hordelab: fly: unknown command; expected one of: run, check, sweep, tune, ladder, cards, report, compare, plan, replay, merge, conform, init, games, agents'],
    [['rnu', 's.yaml'], 'hordelab: rnu: unknown command; did you mean run?'],
    [['--matches', '5'], 'hordelab: --matches: a flag before any command'],
  ],
};

describe('every command refuses bad flags and arguments: exit 2, one line, nothing run or written', () => {
  it('covers every command', () => {
    expect(Object.keys(cases).filter((name) => name !== '(no command)').sort()).toEqual(COMMANDS.map((command) => command.name).sort());
  });
  for (const [command, list] of Object.entries(cases)) {
    it.each(list)(`${command}: %j`, async (args, message) => {
      expect(await refused(args)).toContain(message);
    });
  }
});

// What yargs would guess unless told not to (src/cli/command-parser.ts): each of these reads as
// something else with one of its defaults back on, and must be refused instead.
const guesses: [string[], string][] = [
  [['run', 's.yaml', '-nq'], 'hordelab: -nq: unknown flag of "hordelab run"'], // short-option-groups
  [['run', 's.yaml', '-n5'], 'hordelab: -n5: unknown flag of "hordelab run"'], // short-option-groups
  [['run', 's.yaml', '--matches.x', '5'], 'hordelab: --matches.x: unknown flag of "hordelab run"'], // dot-notation
  [['run', 's.yaml', '--eventFiles'], 'hordelab: --eventFiles: unknown flag of "hordelab run"'], // camel-case-expansion
  [['run', 's.yaml', '--no-json'], 'hordelab: --no-json: unknown flag of "hordelab run"'], // boolean-negation
  [['run', 's.yaml', '-q', '-q'], 'hordelab: --quiet: given twice (-q, then -q); give it once'], // a repeated yargs boolean
  [['run', 's.yaml', '--event-files', '--no-event-files'], 'hordelab: --event-files: given twice (--event-files, then --no-event-files)'],
  [['run', 's.yaml', '--json=false'], 'hordelab: --json: takes no value; got "false"'], // a yargs boolean reads it
  [['run', 's.yaml', '--matches', '0x10'], 'hordelab: --matches: expected a whole number in 1..1000000000, got "0x10"'], // a yargs number would be 16
  [['run', '1.50'], '1.50: no such file'], // parse-positional-numbers would make it 1.5
  [['run', 's.yaml', '--seed=1', '-s', '2'], 'hordelab: --seed: given twice (--seed 1, then -s 2)'], // duplicate-arguments-array
  [['run', 's.yaml', '-n', '-5'], 'hordelab: --matches: expected a whole number in 1..1000000000, got "-5"'], // a negative number is a value
  [['run', 's.yaml', '--set', '-x=1'], 'hordelab: --set: expects a value, got the flag -x=1'], // a flag is not a value
  [['run', 's.yaml', '-matches', '5'], 'hordelab: -matches: unknown flag of "hordelab run"; did you mean --matches?'], // one dash, long name
  [['run', 's.yaml', '--n', '5'], 'hordelab: --n: unknown flag of "hordelab run"'], // two dashes, alias
  [['run', 's.yaml', '-help'], 'hordelab: -help: unknown flag of "hordelab run"'],
  [['run', '--matchs', 's.yaml'], 'hordelab: --matchs: unknown flag of "hordelab run"; did you mean --matches?'], // not "<scenario>: missing"
  [['run', 's.yaml', '--workers', '1000', '-n', '5', '-n', '6'], 'hordelab: --workers: expected a whole number in 0..256'], // the first mistake typed
  [['report', '--format', 'md', '-f', 'html'], 'hordelab: --format: given twice'], // a flag's mistake before a missing positional
];

describe('nothing is guessed: yargs reads the line with its guesses off', () => {
  it.each(guesses)('%j', async (args, message) => {
    expect(await refused(args)).toContain(message);
  });

  it('shows help beside a mistake in its own flags, not beside an unknown flag; a positional after -- may start with a dash', async () => {
    const { dir } = workspace();
    for (const args of [['run', 's.yaml', '--matches', '--help'], ['run', '-n', '0', '-h'], ['run', '--help', 'a.yaml', 'b.yaml'], ['plan', '--help', '--rate', '2'], ['merge', '--help', '--out', '/'], ['run', '--help', '--', '--bogus']]) {
      const help = await hordelabIn(dir, ...args);
      expect(help.status, args.join(' ')).toBe(0);
      expect(help.stdout).toContain(`hordelab ${args[0] as string} `);
    }
    // An unknown flag is bad input beside --help too, as after `hordelab --help` (audit 37b L4).
    const cases: [string[], string][] = [
      [['run', 's.yaml', '--matchs', '--help'], 'hordelab: --matchs: unknown flag of "hordelab run"; did you mean --matches?\n'],
      [['ladder', '--bogus', '--help'], 'hordelab: --bogus: unknown flag of "hordelab ladder"; "hordelab ladder --help" lists its flags\n'],
      [['ladder', '-h', '--levls', 'x'], 'hordelab: --levls: unknown flag of "hordelab ladder"; did you mean --levels?\n'],
      [['merge', '--help', '-out', '/'], 'hordelab: -out: unknown flag of "hordelab merge"; did you mean --out?\n'],
    ];
    for (const [args, message] of cases) {
      const refusedHelp = await hordelabIn(dir, ...args);
      expect(refusedHelp.status, args.join(' ')).toBe(2);
      expect(refusedHelp.stdout).toBe('');
      expect(refusedHelp.stderr).toBe(message);
    }
    const dashed = await hordelabIn(dir, 'run', '-q', '-w', '0', '--out', 'o', '--', '-s.yaml');
    expect(dashed.status).toBe(2);
    expect(dashed.stderr).toContain('-s.yaml'); // read as the scenario file, which does not exist
    expect(dashed.stderr).not.toContain('unknown flag');
  });
});

describe('flags that work', () => {
  it('takes --name=value, -x value, --no-x for negatable flags and -- before a positional', async () => {
    const { dir } = workspace();
    const result = await hordelabIn(dir, 'run', '--matches=6', '-w', '0', '--no-event-files', '--json', '--out', 'o', '--', 's.yaml');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).scenario.matches).toBe(6);
  });

  it('keeps a positional after a repeatable flag: --set takes exactly one value', async () => {
    const { dir } = workspace();
    const result = await hordelabIn(dir, 'run', '--set', 'winRate=0.7', 's.yaml', '-q', '-w', '0', '--out', 'o');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('prints each command\'s help with its flags, bounds and defaults, exit 0', async () => {
    for (const command of COMMANDS) {
      const result = await hordelabIn(tmpdir(), command.name, '--help');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`hordelab ${command.name}`);
      for (const name of Object.keys(command.options)) expect(result.stdout).toContain(`--${name}`);
    }
    expect((await hordelabIn(tmpdir(), 'run', '--help')).stdout).toContain('--workers N');
    expect((await hordelabIn(tmpdir(), 'run', '--help')).stdout).toContain('[a whole number in 0..256]');
    expect((await hordelabIn(tmpdir(), '--help')).stdout).toMatch(/^ {2}tune <scenario> +Search parameters/m);
  });

  it('suggests by edit distance with swaps, or by a unique start', () => {
    expect(editDistance('matchs', 'matches')).toBe(1);
    expect(editDistance('mtach', 'match')).toBe(1);
    expect(closestName('workerz', ['workers', 'out'])).toBe('workers');
    expect(closestName('chunk', ['chunk-size', 'quiet'])).toBe('chunk-size');
    expect(closestName('colour', ['quiet', 'json'])).toBeNull();
  });
});

describe('bounds are the same in scenario files, check files and flags', () => {
  it('refuses matches: 1e12 in YAML as --matches 1000000000000 is refused, in the same words', async () => {
    const { dir } = workspace();
    writeFileSync(join(dir, 'big.yaml'), SCENARIO.replace('matches: 40', 'matches: 1e12'));
    const file = await hordelabIn(dir, 'run', 'big.yaml');
    const flag = await hordelabIn(dir, 'run', 's.yaml', '--matches', '1000000000000');
    expect(file.status).toBe(2);
    expect(flag.status).toBe(2);
    expect(file.stderr).toContain('big.yaml: matches: expected a whole number in 1..1000000000, got 1000000000000');
    expect(flag.stderr).toContain('--matches: expected a whole number in 1..1000000000, got "1000000000000"');
  });

  it('refuses a check budget, margin, confidence or seed out of bounds, naming the field', async () => {
    const { dir } = workspace();
    const variants: [string, string, string][] = [
      ['budget: 400', 'budget: 1e12', 'checks[0].budget: expected a whole number in 2..1000000000'],
      ['budget: 400', 'budget: 400\n    margin: 1e-9', 'checks[0].margin: expected a number >= 0.0001 and < 0.5'],
      ['budget: 400', 'budget: 400\n    confidence: 1', 'checks[0].confidence: expected a number > 0.5 and <= 0.9999'],
      // One half, where a sequential test has nothing to wait for (it was an internal failure, exit 1).
      ['budget: 400', 'budget: 400\n    confidence: 0.5', 'checks[0].confidence: expected a number > 0.5 and <= 0.9999, got 0.5'],
      ['budget: 400', 'budget: 400\n    seed: -1', 'checks[0].seed: expected a whole number in 0..9007199254740991'],
    ];
    for (const [from, to, message] of variants) {
      writeFileSync(join(dir, 'bad.checks.yaml'), CHECKS.replace(from, to));
      const result = await hordelabIn(dir, 'check', 'bad.checks.yaml', '-w', '0');
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(`bad.checks.yaml: ${message}`);
    }
  });

  it('plans any margin inside its bound, and even far below it, in a few steps', () => {
    // O(log n) bisection: this returned never on the old linear walk.
    expect(matchesForMargin(0.5, 1e-9)).toBeGreaterThan(9e17);
    expect(matchesForMargin(0.5, 0.0001)).toBe(96036467);
    expect(matchesForMargin(0.5, 0.01)).toBe(9600);
  });
});

describe('the executable', () => {
  it('exits 2 on a mistyped flag with one line and no stack, and runs nothing', () => {
    const { dir, listing } = workspace();
    const before = listing();
    const result = hordelabProcess(dir, 'run', 's.yaml', '--matchs', '5');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('hordelab: --matchs: unknown flag of "hordelab run"; did you mean --matches?\n');
    expect(listing()).toEqual(before);
  });

  it('names every problem of a bad scenario on one line', async () => {
    const { dir, listing } = workspace();
    writeFileSync(join(dir, 'two.yaml'), 'game: coin-flip\nmatches: -1\nseed: -1\nseats: [random, random]\n');
    const before = listing();
    const result = await hordelabIn(dir, 'run', 'two.yaml');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^hordelab: 2 problems: \S*two\.yaml: matches: expected a whole number in 1\.\.1000000000, got -1; \S*two\.yaml: seed: expected a whole number in 0\.\.9007199254740991, got -1\n$/);
    expect(listing()).toEqual(before);
  });

  it('says a scenario is not a checks file, and a checks file not a scenario, and why a checks file cannot be read', async () => {
    expect(await refused(['check', 's.yaml'])).toMatch(/^hordelab: \S*s\.yaml: is a scenario \(it has game:\), not a checks file; play it with hordelab run, or give check a file with a checks: list\n$/);
    expect(await refused(['run', 'c.checks.yaml'])).toMatch(/^hordelab: \S*c\.checks\.yaml: is a checks file; run it with "hordelab check"\n$/);
    expect(await refused(['ladder', 'c.checks.yaml', '--levels', 'random'])).toMatch(/^hordelab: \S*c\.checks\.yaml: is a checks file \(it has checks:\), not a scenario; run its checks with hordelab check, or give a scenario with game: and seats:\n$/);
    expect(await refused(['check', 'none.checks.yaml'])).toMatch(/none\.checks\.yaml: cannot read this checks file \(no such file\); expected a \.checks\.yaml file with a checks: list\n$/);
    expect(await refused(['check', '.'])).toContain(': cannot read this checks file (is a folder)');
  });

  it('asks for a command in one line when given none', async () => {
    expect(await refused([])).toMatch(/^hordelab: name a command: run, .* \(hordelab --help says what each does\)\n$/);
  });

  it('refuses what follows --version or the overview help instead of dropping it', async () => {
    expect(await refused(['--version', 'run', 's.yaml'])).toBe('hordelab: run: --version takes nothing more; give it alone, or leave it out\n');
    expect(await refused(['--version', '--bogus'])).toBe('hordelab: --bogus: --version takes nothing more; give it alone, or leave it out\n');
    expect(await refused(['--help', '--bogus'])).toMatch(/^hordelab: --bogus: not a command; expected one of: run, /);
    expect(await refused(['help', 'run', 'extra'])).toBe('hordelab: extra: help run takes nothing more\n');
    const { dir } = workspace();
    expect((await hordelabIn(dir, 'help', 'run')).stdout).toMatch(/^hordelab run <scenario>/);
  });

  it('prints its version and runs a command to exit 0', () => {
    const { dir } = workspace();
    expect(hordelabProcess(dir, '--version').stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const result = hordelabProcess(dir, 'plan', '--rate', '0.5', '--margin', '0.01');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('9600 matches');
  });
});
