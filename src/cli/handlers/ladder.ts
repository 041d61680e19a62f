/** What `hordelab ladder` does; its flags and help are declared in `../commands/ladder.ts`. */
import { nameMadeFrom } from '../../core/name-length.js';
import { refuseRepeatedNames } from '../flag-values.js';
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { entryKind } from '../../run/atomic-file.js';
import { UsageError } from '../../core/errors.js';
import type { Band } from '../../ladder/headlines.js';
import { chanceFile, earlierLevelFiles, formatLadder, LADDER_FILES, writeLadder } from '../../ladder/ladder-output.js';
import { chancePairings, ladderLevels, runLadder, type LadderSummary } from '../../ladder/ladder.js';
import { levelSlug } from '../../ladder/levels.js';
import { checkOutputFolder } from '../../present/output-folder.js';
import { whileHoldingFolder } from '../../run/output-folder.js';
import { loadScenario } from '../../scenario/scenario.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { matchTimeout, workerCount } from '../common-options.js';
import { assignments } from '../set-assignments.js';
import { resolvePath } from '../resolve-path.js';
import { shellQuote } from '../shell-quote.js';
import { levelsWarning, writeWarnings } from '../seat-warnings.js';

/** `--band p1WinRate=0.45..0.55`: a headline and the band it should stay in. */
export function parseBand(text: string): [string, Band] {
  const match = /^\s*([^=\s]+)\s*=\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*$/.exec(text);
  const low = Number(match?.[2]);
  const high = Number(match?.[3]);
  if (match === null || !Number.isFinite(low) || !Number.isFinite(high) || low >= high) {
    throw new UsageError([{ source: `--band ${text}`, field: '', message: 'expected headline=low..high with low < high, such as --band p1WinRate=0.45..0.55' }]);
  }
  return [match[1] as string, { low, high }];
}

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const matches = args.number('matches');
  const seed = args.number('seed');
  const quiet = args.flag('quiet');
  const json = args.flag('json');
  const levels = args.list('levels');
  refuseRepeatedNames('--band', args.list('band'));
  const bands = new Map(args.list('band').map(parseBand));
  const set = assignments(args);
  const file = args.required('scenario');
  const scenario = await loadScenario(file, { ...(matches === undefined ? {} : { matches }), ...(seed === undefined ? {} : { seed }), set, ladderSeats: "--levels (or the scenario's ladder:)" });
  const outDir = args.text('out') ?? resolvePath(io.cwd, join('reports', nameMadeFrom(scenario.name, '-ladder', scenario.file, 'name')));
  // The level files this ladder writes, and those of an earlier ladder here it removes: each is
  // checked against what the folder's mark records hordelab wrote (audit 37b H2).
  const levelList = ladderLevels(scenario, levels, io.cwd);
  writeWarnings(io, [levelsWarning(levelList, scenario.entry.game)], args.flag('quiet'));
  const pairings = args.flag('chance-share') ? chancePairings(levelList) : [];
  const levelFiles = [...levelList.map((level) => `${levelSlug(level.name)}.yaml`), ...pairings.map((pairing) => chanceFile(pairing.stronger.name, pairing.weaker.name))].map((name) => `levels/${name}`);
  const checkOut = (): void => {
    const removes = [...new Set(earlierLevelFiles(outDir).map((path) => path.split(sep).join('/')).filter((path) => !levelFiles.includes(path)))];
    checkOutputFolder(outDir, { flag: '--out', command: 'ladder', ours: (name) => LADDER_FILES.includes(name), folders: ['levels'], inside: [...levelFiles, ...removes], removes, force: args.flag('force'), inputs: [{ path: resolvePath(io.cwd, args.required('scenario')), what: 'the scenario' }] });
    refuseNonFilesInLevels(join(outDir, 'levels'));
  };
  // A reproduce line stops a match that hangs where this command stopped it.
  const matchTimeoutSeconds = args.number('match-timeout');
  const timeLimitWords = matchTimeoutSeconds === undefined ? [] : ['--match-timeout', String(matchTimeoutSeconds)];
  const command = [
    'hordelab',
    'ladder',
    scenario.file,
    ...(levels.length > 0 ? ['--levels', levels.join(',')] : []),
    '--seed',
    String(scenario.seed),
    '--matches',
    String(scenario.matches),
    ...set.flatMap((assignment) => ['--set', assignment]),
    ...args.list('band').flatMap((band) => ['--band', band]),
    ...(args.flag('chance-share') ? ['--chance-share'] : []),
    ...timeLimitWords,
  ]
    .map(shellQuote)
    .join(' ');
  const ladder = (): Promise<LadderSummary> =>
    runLadder(scenario, {
      levels,
      levelsDir: io.cwd,
      bands,
      chanceShare: args.flag('chance-share'),
      onPairing: (index, total, pairing) => {
        if (!quiet && !json) io.stderr.write(`chance share, pairing ${index + 1} of ${total}: ${pairing}\n`);
      },
      workers: workerCount(args),
      ...matchTimeout(args),
      command,
      reproduceLevel: (level, upTo) =>
        ['hordelab', 'ladder', scenario.file, '--levels', level, '--seed', String(scenario.seed), '--matches', String(upTo), ...set.flatMap((assignment) => ['--set', assignment]), ...timeLimitWords]
          .map(shellQuote)
          .join(' '),
      onLevel: (index, total, level) => {
        if (!quiet && !json) io.stderr.write(`level ${index + 1} of ${total}: ${level}\n`);
      },
    });
  const { summary, files } = await whileHoldingFolder(outDir, '--out', checkOut, async () => {
    const summary = await ladder();
    return { summary, files: await writeLadder(summary, outDir) };
  });
  if (json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else if (!quiet) io.stdout.write(`${formatLadder(summary)}\n\nWrote ${files.filter((path) => !path.includes('levels')).join(', ')} and each level's scenario in levels/\n`);
  return 0;
}

/**
 * A ladder writes only `<level>.yaml` files in its `levels/` folder, each through its `.tmp`: a
 * folder (or anything but a file) of such a name there, or any such temporary, would fail or hang
 * the write after every match was played (reviews 25c and 25d), so it is refused now, before any.
 */
function refuseNonFilesInLevels(levelsDir: string): void {
  let names: string[];
  try {
    names = readdirSync(levelsDir);
  } catch {
    return;
  }
  for (const name of names) {
    // A level's scenario goes through `<level>.yaml.tmp`: one there is someone's (or a stopped
    // hordelab's, which cannot be told apart), refused as at the folder's top (review 25d).
    if (name.endsWith('.yaml.tmp')) {
      throw new UsageError([{ source: join(levelsDir, name), field: '', message: 'is where "hordelab ladder" writes a level\'s scenario through a temporary file; move it away (a hordelab stopped while writing leaves such files) or choose another folder' }]);
    }
    if (!name.endsWith('.yaml')) continue;
    const kind = entryKind(join(levelsDir, name));
    if (kind !== null && kind !== 'file' && kind !== 'a link') throw new UsageError([{ source: join(levelsDir, name), field: '', message: `is ${kind}, where "hordelab ladder" writes a level's scenario file; nothing was written: move it away and run again` }]);
  }
}
