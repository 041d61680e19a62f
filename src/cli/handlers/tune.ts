/** What `hordelab tune` does; its flags and help are declared in `../commands/tune.ts`. */
import { counted } from '../../core/counted.js';
import { refuseRepeatedNames, refuseSetOfVaried } from '../flag-values.js';
import { join } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { checkOutputFolder } from '../../present/output-folder.js';
import { whileHoldingFolder } from '../../run/output-folder.js';
import { loadScenario } from '../../scenario/scenario.js';
import { formatTune, isTuneFile, resumeTemporaryProblem, savedSearchProblem, parseDimension, parseTarget, tune } from '../../tune/tune.js';
import { DEFAULT_CONFIRM } from '../commands/tune.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { workerCount, matchTimeout } from '../common-options.js';
import { assignments } from '../set-assignments.js';
import { resolvePath } from '../resolve-path.js';
import { startProgress } from '../progress.js';

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
  const outDir = args.text('out') ?? resolvePath(io.cwd, join('reports', `${scenario.name}-tune`));
  // A resume names the saved state as this tune's own (it is checked field by field, and a
  // search saved before folders were marked has no mark); every other file of tune's names is
  // checked as for a fresh search: a user's <name>-tuned.yaml beside a saved search had been
  // replaced by the resume, exit 0 (audit 36b). So is the working file a save is written through,
  // when it can be one (a search killed as it saved a round leaves it): it was refused as a file
  // tune did not write, and with --force a user's file of that name was replaced.
  const resumed = (name: string): boolean => args.flag('resume') && (name === 'tune-state.json' || name === 'tune-state.json.tmp');
  const checkOut = (): void => {
    const temporary = args.flag('resume') ? resumeTemporaryProblem(outDir) : null;
    if (temporary !== null) throw new UsageError([{ source: '--out', field: '', message: temporary }]);
    checkOutputFolder(outDir, { flag: '--out', command: 'tune', ours: (name) => isTuneFile(name, scenario.name) || resumed(name), force: args.flag('force'), writes: (name: string) => !resumed(name), inputs: [{ path: resolvePath(io.cwd, args.required('scenario')), what: 'the scenario' }] });
    // A search saved but never finished is the user's matches: starting again over it, without a
    // word, threw them away (a finished result beside it, from an earlier search, does not finish it).
    const saved = args.flag('resume') || args.flag('force') ? null : savedSearchProblem(outDir);
    if (saved === 'unfinished') throw new UsageError([{ source: '--out', field: '', message: `${outDir} holds an unfinished search (tune-state.json); add --resume to continue it, or --force to start again` }]);
    if (saved === 'edited') throw new UsageError([{ source: '--out', field: '', message: `${outDir} holds a saved search (tune-state.json) that is damaged or was edited (not the JSON tune saves, or content that no longer matches the digest it was saved with); add --force to start again` }]);
  };
  let total = budget + (confirm ?? DEFAULT_CONFIRM);
  let played = 0;
  let label = '';
  const result = await whileHoldingFolder(outDir, '--out', checkOut, async () => {
    const progress = startProgress(io, { quiet, upperBound: true, total });
    try {
      return await tune(scenario, {
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
          progress.update(Math.min(played, total), total, label);
        },
      });
    } finally {
      progress.stop();
    }
  });
  if (json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (!quiet) io.stdout.write(`${formatTune(result)}\n`);
  return 0;
}

