/** What `hordelab tune` does; its flags and help are declared in `../commands/tune.ts`. */
import { nameMadeFrom } from '../../core/name-length.js';
import { counted } from '../../core/counted.js';
import { refuseRepeatedNames, refuseSetOfVaried } from '../flag-values.js';
import { join } from 'node:path';
import { loadScenario } from '../../scenario/scenario.js';
import { formatTune, parseDimension, parseTarget } from '../../tune/tune.js';
import { tuneInCheckedFolder } from '../../tune/tune-folder.js';
import { DEFAULT_CONFIRM } from '../commands/tune.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { workerCount, matchTimeout } from '../common-options.js';
import { assignments } from '../set-assignments.js';
import { resolvePath } from '../resolve-path.js';
import { startProgress } from '../progress.js';
import { scenarioSeatWarning, writeWarnings } from '../seat-warnings.js';

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  refuseRepeatedNames('--target', args.list('target'));
  refuseRepeatedNames('--space', args.list('space'));
  refuseSetOfVaried(args.list('set'), '--space', args.list('space'));
  const targets = args.list('target').map(parseTarget);
  const space = args.list('space').map(parseDimension);
  const budget = args.number('budget') as number;
  const candidates = args.number('candidates');
  const confirm = args.number('confirm');
  const tolerance = args.number('tolerance');
  const seed = args.number('seed');
  const quiet = args.flag('quiet');
  const json = args.flag('json');
  const scenario = await loadScenario(args.required('scenario'), { ...(seed === undefined ? {} : { seed }), set: assignments(args) });
  writeWarnings(io, [scenarioSeatWarning(scenario)], args.flag('quiet'));
  const outDir = args.text('out') ?? resolvePath(io.cwd, join('reports', nameMadeFrom(scenario.name, '-tune', scenario.file, 'name')));
  let total = budget + (confirm ?? DEFAULT_CONFIRM);
  let played = 0;
  let label = '';
  let progress: ReturnType<typeof startProgress> | undefined;
  const result = await tuneInCheckedFolder(
    scenario,
    {
      targets,
      space,
      budget,
      workers: workerCount(args),
      ...matchTimeout(args),
      outDir,
      resume: args.flag('resume'),
      ...(candidates === undefined ? {} : { candidates }),
      ...(confirm === undefined ? {} : { confirm }),
      ...(tolerance === undefined ? {} : { tolerance }),
      onRound: (round, rounds, alive, matchesEach) => {
        label = `round ${round} of ${rounds}`;
        if (!quiet && !json) io.stderr.write(`${label}: ${counted(alive, 'candidate')}, ${counted(matchesEach, 'match', 'matches')} each\n`);
      },
      // The ends of the ranges, played only where a target was missed, come past the budget and the confirmation.
      onRangeEnds: (matches) => {
        total += matches;
        label = 'ends of the ranges';
      },
      onPlayed: (count) => {
        played += count;
        progress?.update(Math.min(played, total), total, label);
      },
      force: args.flag('force'),
    },
    {
      scenarioPath: resolvePath(io.cwd, args.required('scenario')),
      names: { outDir: '--out', force: '--force', resume: '--resume' },
      // The progress line starts once the folder is checked and held: a refused one draws none.
      around: async (search) => {
        const started = startProgress(io, { quiet, upperBound: true, total });
        progress = started;
        try {
          return await search();
        } finally {
          started.stop();
        }
      },
    },
  );
  if (json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (!quiet) io.stdout.write(`${formatTune(result)}\n`);
  return 0;
}

