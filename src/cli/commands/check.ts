/**
 * `hordelab check <files...>`: balance checks (`*.checks.yaml`) that gate CI. Each plays
 * matches in growing batches until its test (an SPRT for a rate, repeated intervals for a mean)
 * is sure the metric is inside or outside its band.
 */
import { loadedOnRun, type CommandModule } from '../command.js';
import { jsonOption, matchTimeoutOption, quietOption, workersOption } from '../common-options.js';

/** `hordelab check`. */
export const checkCommand: CommandModule = {
  name: 'check',
  summary: 'Run balance checks (*.checks.yaml): each plays matches in growing batches until it is sure the rate or mean is inside or outside its band',
  positionals: [{ name: 'files', describe: 'Checks files', variadic: true, path: true }],
  options: {
    junit: { type: 'path', placeholder: 'FILE', describe: 'Write JUnit XML to this file' },
    markdown: { type: 'path', placeholder: 'FILE', describe: 'Write a Markdown table to this file (for $GITHUB_STEP_SUMMARY)' },
    annotations: { type: 'boolean', describe: 'Print GitHub Actions annotations (::error / ::warning) for failed and inconclusive checks' },
    baseline: {
      type: 'path',
      placeholder: 'DIR',
      describe: 'Folder of stored figures: also fail a check whose metric moved significantly from its baseline. The folder must exist and hold baselines of these checks',
    },
    'update-baseline': { type: 'boolean', describe: 'Store this run\'s figures in the --baseline folder instead of comparing' },
    'fail-on-inconclusive': { type: 'boolean', describe: 'Exit 1 instead of 3 when a budget runs out before a check is decided, for every file (failOnInconclusive: true at the top of a checks file does this for its own checks)' },
    workers: workersOption,
    'match-timeout': matchTimeoutOption('the check stops with exit 1 and that match\'s reproduce line'),
    json: jsonOption,
    quiet: quietOption,
  },
  epilogue:
    'A metric is a rate\'s or a mean\'s path in the results (p1WinRate, quality.branching) or in the outcomes: outcomes.byAgent.<agent>.overall.win, outcomes.bySeat.seat1.win. ' +
    'A rate is tested with an SPRT and its band lies within 0..1 and excludes some rates; a mean with repeated confidence intervals, its band and margin in its own units.\n' +
    'Exit codes: 0 every check passed; 1 a check failed (or was inconclusive, with --fail-on-inconclusive or in a checks file that sets failOnInconclusive: true); 3 only inconclusive checks; 2 bad input (a missing --baseline folder too).',
  examples: [
    ['hordelab check scenarios/ci-balance.checks.yaml --junit balance.xml', 'The CI gate, with a JUnit report'],
    ['hordelab check scenarios/ci-balance.checks.yaml --baseline scenarios/baselines --update-baseline', 'Store the baselines to compare later runs with'],
  ],
  run: loadedOnRun(() => import('../handlers/check.js')),
};
