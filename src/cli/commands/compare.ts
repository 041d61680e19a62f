/**
 * `hordelab compare <baseline> <run>`: two runs metric by metric, the difference with its
 * interval and a test, significant changes flagged after Holm's correction; with `--primary`,
 * one declared metric tested unadjusted and the others Holm-adjusted as secondary; as text,
 * JSON, or a page with the differences as forest plots (`--format html`).
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { BOUNDS } from '../../core/input-bounds.js';
import { jsonOption } from '../common-options.js';

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
    json: { ...jsonOption, describe: 'Print the comparison as JSON (the same as --format json)' },
    format: { type: 'string', placeholder: 'FORMAT', describe: 'text (default), json, or html: a page with the differences as forest plots' },
    out: { type: 'path', alias: 'o', placeholder: 'FILE', describe: 'With --format html: the page to write [default: <run>/compare.html]' },
    primary: {
      type: 'string',
      placeholder: 'METRIC',
      describe: 'The metric the runs were planned for: tested alone at --alpha, unadjusted; the others Holm-adjusted among themselves as secondary',
    },
  },
  examples: [
    ['hordelab compare reports/baseline reports/trap-rates-up', 'What raising the trap rates changed'],
    ['hordelab compare reports/baseline reports/trap-rates-up --primary p1WinRate', 'Test the first-player rate with the power plan promised'],
    ['hordelab compare reports/baseline reports/trap-rates-up --format html', 'The same as a page: reports/trap-rates-up/compare.html'],
  ],
  run: loadedOnRun(() => import('../handlers/compare.js')),
};
