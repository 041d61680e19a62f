/**
 * `hordelab tune <scenario> --target ... --space ... --budget N`: successive halving on paired
 * seeds towards metric targets, the winner confirmed on fresh seeds; writes tune.json and the
 * tuned scenario.
 */
import { refuseRepeatedNames, refuseSetOfVaried } from '../flag-values.js';
import { join } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { checkOutputFolder } from '../../present/output-folder.js';
import { whileHoldingFolder } from '../../run/output-folder.js';
import { loadScenario } from '../../scenario/scenario.js';
import { formatTune, isTuneFile, savedSearchProblem, parseDimension, parseTarget, tune } from '../../tune/tune.js';
import type { CliIo, CommandModule, ParsedArguments } from '../command.js';
import { assignments, forceOption, jsonOption, quietOption, seedOption, setOption, workerCount, workersOption, matchTimeout, matchTimeoutOption } from '../common-options.js';
import { resolvePath } from '../resolve-path.js';
import { startProgress } from '../progress.js';

/** The confirmation's default size when --confirm is not given (tune's own default). */
const DEFAULT_CONFIRM = 2000;

async function run(args: ParsedArguments, io: CliIo): Promise<number> {
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
  // --resume names the saved search as this tune's own; its state file is checked field by field.
  const checkOut = (): void => {
    checkOutputFolder(outDir, { flag: '--out', command: 'tune', ours: (name) => isTuneFile(name, scenario.name), force: args.flag('force'), requireSign: !args.flag('resume'), inputs: [{ path: resolvePath(io.cwd, args.required('scenario')), what: 'the scenario' }] });
    // A search saved but never finished is the user's matches: starting again over it, without a
    // word, threw them away (a finished result beside it, from an earlier search, does not finish it).
    const saved = args.flag('resume') || args.flag('force') ? null : savedSearchProblem(outDir);
    if (saved === 'unfinished') throw new UsageError([{ source: '--out', field: '', message: `${outDir} holds an unfinished search (tune-state.json); add --resume to continue it, or --force to start again` }]);
    if (saved === 'edited') throw new UsageError([{ source: '--out', field: '', message: `${outDir} holds a saved search (tune-state.json) that is damaged or was edited (not the JSON tune saves, or content that no longer matches the digest it was saved with); add --force to start again` }]);
  };
  const total = budget + (confirm ?? DEFAULT_CONFIRM);
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
          if (!quiet && !json) io.stderr.write(`${label}: ${alive} candidates, ${matchesEach} matches each\n`);
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

/** `hordelab tune`. */
export const tuneCommand: CommandModule = {
  name: 'tune',
  summary: 'Search parameters so that metrics hit their targets: successive halving on paired seeds, the winner confirmed on fresh seeds',
  positionals: [{ name: 'scenario', describe: 'Scenario file', path: true }],
  options: {
    target: { type: 'list', required: true, placeholder: 'METRIC=VALUE', describe: 'metric=value, such as p1WinRate=0.5; repeatable' },
    space: {
      type: 'list',
      required: true,
      placeholder: 'NAME=RANGE',
      describe: 'name=lo..hi[:step] or name=a,b,c: a parameter (dotted keys, deck counts) or seatN.setting; repeatable',
    },
    budget: { type: 'number', required: true, bound: BOUNDS.budget, describe: 'Matches for the search, all candidates and rounds together' },
    candidates: { type: 'number', bound: BOUNDS.candidates, describe: 'Settings to start from [default: 24; the whole grid when smaller]' },
    confirm: { type: 'number', bound: BOUNDS.budget, describe: `Fresh-seed matches to confirm the winner [default: ${DEFAULT_CONFIRM}, or the last round's if more]` },
    tolerance: { type: 'number', bound: BOUNDS.tolerance, describe: "Band around each target for the reported probability, in the metric's own units: a rate's as a fraction (0.01 is one point), a mean's in its units [default: 0.01]" },
    seed: { ...seedOption, describe: 'Run seed of the search' },
    set: { ...setOption, describe: 'Fixed overrides applied to every candidate (key=value)' },
    out: { type: 'path', alias: 'o', placeholder: 'DIR', describe: 'Output folder [default: reports/<scenario name>-tune/]; new, empty or an earlier tuning\'s' },
    force: forceOption,
    workers: workersOption,
    'match-timeout': matchTimeoutOption('tuning stops with exit 1 and that match\'s reproduce line'),
    resume: { type: 'boolean', describe: 'Continue the search saved in the output folder' },
    quiet: quietOption,
    json: jsonOption,
  },
  examples: [
    [
      'hordelab tune scenarios/trainers-tune-fairness.yaml --target p1WinRate=0.5 --space actionPoints=3..5 --space traps.80=0..3 --budget 16000',
      'Fair starting traps and action points',
    ],
  ],
  run,
};
