/**
 * `hordelab compare <baseline> <run>`: two runs metric by metric, the difference with its
 * interval and a test, significant changes flagged after Holm's correction.
 */
import { UsageError } from '../../core/errors.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { compareRuns, formatComparison } from '../../present/compare.js';
import { readRunSummary } from '../../present/metrics.js';
import type { CliIo, CommandModule, ParsedArguments } from '../command.js';
import { jsonOption } from '../common-options.js';

async function run(args: ParsedArguments, io: CliIo): Promise<number> {
  const baselineDir = args.required('baseline');
  const runDir = args.required('run');
  const baseline = readRunSummary(baselineDir);
  const summary = readRunSummary(runDir);
  if (baseline.scenario.game !== summary.scenario.game) {
    throw new UsageError([{ source: runDir, field: 'summary.json', message: `is a ${summary.scenario.game} run and the baseline a ${baseline.scenario.game} one; compare runs of one game` }]);
  }
  const comparison = compareRuns(baselineDir, baseline, runDir, summary, args.number('alpha') as number);
  io.stdout.write(args.flag('json') ? `${JSON.stringify(comparison, null, 2)}\n` : `${formatComparison(comparison, args.flag('all'))}\n`);
  return 0;
}

/** `hordelab compare`. */
export const compareCommand: CommandModule = {
  name: 'compare',
  summary: 'Compare two runs metric by metric: the difference with its interval and a test, significant changes flagged',
  positionals: [
    { name: 'baseline', describe: 'Output folder of the baseline run (holds summary.json)', path: true },
    { name: 'run', describe: 'Output folder of the run to compare with it', path: true },
  ],
  options: {
    alpha: { type: 'number', bound: BOUNDS.alpha, default: 0.05, describe: 'Significance level after Holm\'s correction over all metrics' },
    all: { type: 'boolean', describe: 'List unchanged metrics too' },
    json: { ...jsonOption, describe: 'Print the comparison as JSON' },
  },
  examples: [['hordelab compare reports/baseline reports/trap-rates-up', 'What raising the trap rates changed']],
  run,
};
