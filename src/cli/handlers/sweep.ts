/** What `hordelab sweep` does; its flags and help are declared in `../commands/sweep.ts`. */
import { nameMadeFrom } from '../../core/name-length.js';
import { refuseRepeatedNames, refuseRepeatedValues, refuseSetOfVaried } from '../flag-values.js';
import { join } from 'node:path';
import { checkOutputFolder } from '../../present/output-folder.js';
import { loadScenario, type Scenario } from '../../scenario/scenario.js';
import { formatSweep, parseAxis, runSweep, SWEEP_FILES, writeSweep, type SweepAxis, type SweepResult } from '../../tune/sweep.js';
import { whileHoldingFolder } from '../../run/output-folder.js';
import type { CliIo, ParsedArguments } from '../command.js';
import { workerCount, matchTimeout } from '../common-options.js';
import { assignments } from '../set-assignments.js';
import { resolvePath } from '../resolve-path.js';
import { startProgress } from '../progress.js';
import { scenarioSeatWarning, writeWarnings } from '../seat-warnings.js';

export async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  refuseRepeatedNames('--vary', args.list('vary'));
  refuseSetOfVaried(args.list('set'), '--vary', args.list('vary'));
  refuseRepeatedValues('--metric', args.list('metric'));
  const axes = args.list('vary').map(parseAxis);
  const matches = args.number('matches');
  const seed = args.number('seed');
  const quiet = args.flag('quiet');
  const json = args.flag('json');
  const scenario = await loadScenario(args.required('scenario'), { ...(seed === undefined ? {} : { seed }), set: assignments(args), ...(matches === undefined ? {} : { matches }) });
  writeWarnings(io, [scenarioSeatWarning(scenario)], args.flag('quiet'));
  const outDir = args.text('out') ?? resolvePath(io.cwd, join('reports', nameMadeFrom(scenario.name, '-sweep', scenario.file, 'name')));
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
      // Every configuration is built before the first match: a grid of thousands takes a while,
      // and the line says so where it said only "none finished yet" (audit 40a F1).
      onChecked: (checked, count) => {
        label = `sweep, checking configurations before play, ${checked} of ${count} done`;
        progress.update(0, total, label);
      },
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

