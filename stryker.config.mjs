// Shared Stryker settings for `npm run mutation` (mutation/run.ts), which adds per module the file
// to mutate, its test files and its incremental file. Run through that script, not `stryker run`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The test files come from mutation/modules.ts, through this config: no guessing by imports.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // The machine is shared (2 cores): one test runner at a time.
  concurrency: 1,
  // A loaded shared machine can slow a test run several-fold: a timeout must mean an endless
  // loop, not a busy neighbour (Stryker's default allows 5 s over the dry run's time).
  timeoutMS: 10000,
  // Re-test only mutants whose code or covering tests changed since the stored results.
  incremental: true,
  reporters: ['clear-text', 'progress'],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  // The sandbox needs sources and tests, not build output or stored results.
  ignorePatterns: ['dist', 'mutation/results', 'docs', 'examples'],
  tempDirName: '.stryker-tmp',
};
