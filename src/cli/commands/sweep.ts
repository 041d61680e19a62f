/**
 * `hordelab sweep <scenario> --vary name=v1,v2,...`: a grid of parameter values and agent
 * settings, every configuration on the same match seeds; writes sweep.csv, sweep.json and
 * sweep.html.
 */
import { refuseRepeatedNames, refuseRepeatedValues, refuseSetOfVaried } from '../flag-values.js';
import { join } from 'node:path';
import { checkOutputFolder } from '../../present/output-folder.js';
import { loadScenario, type Scenario } from '../../scenario/scenario.js';
import { formatSweep, parseAxis, runSweep, SWEEP_FILES, writeSweep, type SweepAxis, type SweepResult } from '../../tune/sweep.js';
import { whileHoldingFolder } from '../../run/output-folder.js';
import type { CliIo, CommandModule, ParsedArguments } from '../command.js';
import { assignments, forceOption, jsonOption, matchesOption, quietOption, seedOption, setOption, workerCount, workersOption, matchTimeout, matchTimeoutOption } from '../common-options.js';
import { resolvePath } from '../resolve-path.js';
import { startProgress } from '../progress.js';

async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  refuseRepeatedNames('--vary', args.list('vary'));
  refuseSetOfVaried(args.list('set'), '--vary', args.list('vary'));
  refuseRepeatedValues('--metric', args.list('metric'));
  const axes = args.list('vary').map(parseAxis);
  const matches = args.number('matches');
  const seed = args.number('seed');
  const quiet = args.flag('quiet');
  const json = args.flag('json');
  const scenario = await loadScenario(args.required('scenario'), { ...(seed === undefined ? {} : { seed }), set: assignments(args), ...(matches === undefined ? {} : { matches }) });
  const outDir = args.text('out') ?? resolvePath(io.cwd, join('reports', `${scenario.name}-sweep`));
  const checkOut = (): void =>
    checkOutputFolder(outDir, { flag: '--out', command: 'sweep', ours: (name) => SWEEP_FILES.includes(name), force: args.flag('force'), inputs: [{ path: resolvePath(io.cwd, args.required('scenario')), what: 'the scenario' }] });
  const { result, files } = await whileHoldingFolder(outDir, '--out', checkOut, () => sweepInto(outDir, scenario, axes, args, io));
  if (json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (!quiet) io.stdout.write(`${formatSweep(result)}\nWrote ${files.join(', ')}\n`);
  return 0;
}

/** Plays the sweep and writes its files into `outDir`. */
async function sweepInto(outDir: string, scenario: Scenario, axes: readonly SweepAxis[], args: ParsedArguments, io: CliIo): Promise<{ result: SweepResult; files: string[] }> {
  const quiet = args.flag('quiet');
  const json = args.flag('json');
  const points = axes.reduce((product, axis) => product * axis.values.length, 1);
  const total = points * scenario.matches;
  let played = 0;
  let label = '';
  const progress = startProgress(io, { quiet, total });
  let result;
  try {
    result = await runSweep(scenario, axes, {
      metrics: args.list('metric'),
      matches: scenario.matches,
      workers: workerCount(args),
      ...matchTimeout(args),
      onPoint: (index, count, values) => {
        // The progress count is the whole sweep's (every configuration's matches): the label says so.
        label = `sweep, at configuration ${index + 1} of ${count}`;
        if (!quiet && !json) io.stderr.write(`configuration ${index + 1} of ${count}: ${Object.entries(values).map(([key, value]) => `${key}=${value}`).join(' ')}\n`);
      },
      onPlayed: (count) => {
        played += count;
        progress.update(played, total, label);
      },
    });
  } finally {
    progress.stop();
  }
  return { result, files: await writeSweep(result, outDir) };
}

/** `hordelab sweep`. */
export const sweepCommand: CommandModule = {
  name: 'sweep',
  summary: 'Play a grid of parameter values and agent settings on the same seeds; write sweep.csv, sweep.json and sweep.html',
  positionals: [{ name: 'scenario', describe: 'Scenario file', path: true }],
  options: {
    vary: {
      type: 'list',
      required: true,
      placeholder: 'NAME=V1,V2',
      describe: 'A game parameter (dotted keys allowed) or seatN.setting and its values; a+b=... varies both together; repeat for a grid',
    },
    metric: { type: 'list', placeholder: 'PATH', describe: 'Metric path(s) to report [default: the game\'s main win rate]' },
    matches: { ...matchesOption, describe: 'Matches per configuration [default: the scenario\'s]' },
    seed: { ...seedOption, describe: 'Run seed, shared by every configuration' },
    set: { ...setOption, describe: 'Fixed overrides applied to every configuration (key=value)' },
    out: { type: 'path', alias: 'o', placeholder: 'DIR', describe: 'Output folder [default: reports/<scenario name>-sweep/]; new, empty or an earlier sweep\'s' },
    force: forceOption,
    workers: workersOption,
    'match-timeout': matchTimeoutOption('the sweep stops with exit 1 and that match\'s reproduce line'),
    quiet: quietOption,
    json: jsonOption,
  },
  examples: [['hordelab sweep scenarios/trainers-mcts.yaml --vary seat1.iterations+seat2.iterations=100,300,1000 -n 200', 'The first-player edge as play gets stronger']],
  run,
};
