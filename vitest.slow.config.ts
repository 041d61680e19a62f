import { defineConfig } from 'vitest/config';

/**
 * The slow tier (`npm run test:slow`, run by `.ci/run` after `npm test`; `npm run
 * test:calibration` runs only its studies): seeded Monte Carlo studies of interval coverage,
 * compare's family-wise false flags, the checks' error rates and the ratings' coverage
 * (tests/calibration/, each printing its figures with their Monte Carlo intervals, see
 * reports/calibration.md), and the compiled CLI run as a process where the process is the
 * subject (tests/slow/): the package packed and installed, agents that kill their worker thread,
 * hang or run out of memory, a CommonJS module as tsc compiles it loaded by Node's own import, runs stopped by a signal or a kill and resumed, Ctrl-C in each long
 * command, a module's console output and process.exit. Each of those starts processes and
 * threads and waits out timeouts; not part of `npm test`, which stays under 3 minutes on 2 cores.
 */
export default defineConfig({
  test: {
    include: ['tests/calibration/**/*.calibration.ts', 'tests/slow/**/*.test.ts'],
    globalSetup: ['tests/temp-root.ts'],
    testTimeout: 180_000,
  },
});
