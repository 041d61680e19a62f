/**
 * `hordelab report <run-dir>`: pages people read from a run folder: report.html (self-contained,
 * with charts), report.md, metrics.csv, metrics.json.
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { forceOption, quietOption } from '../common-options.js';

/** `hordelab report`. */
export const reportCommand: CommandModule = {
  name: 'report',
  summary: 'Write pages people read from a run folder: report.html (self-contained, with charts), report.md, metrics.csv, metrics.json',
  positionals: [{ name: 'run-dir', describe: 'Output folder of "hordelab run" (holds summary.json)', path: true }],
  options: {
    format: { type: 'string', alias: 'f', placeholder: 'FORMATS', default: 'html,md', describe: 'Comma-separated: html, md, csv, json' },
    out: { type: 'path', alias: 'o', placeholder: 'DIR', describe: 'Folder for the pages [default: the run folder]; new, empty or holding only earlier pages' },
    force: forceOption,
    quiet: quietOption,
  },
  examples: [['hordelab report reports/trainers-first-player', 'report.html and report.md beside the run\'s CSVs']],
  run: loadedOnRun(() => import('../handlers/report.js')),
};
