import { defineConfig } from 'vitest/config';

/**
 * The slow tier (`npm run test:slow`, run by `.ci/run` after `npm test`; `npm run
 * test:calibration` runs only its studies): seeded Monte Carlo studies of interval coverage,
 * compare's family-wise false flags, the checks' error rates and the ratings' coverage
 * (tests/calibration/, each printing its figures with their Monte Carlo intervals, see
 * reports/calibration.md), and tests that pack and install the package (tests/slow/). Slower
 * than unit tests, so not part of `npm test`.
 */
export default defineConfig({
  test: {
    include: ['tests/calibration/**/*.calibration.ts', 'tests/slow/**/*.test.ts'],
    testTimeout: 180_000,
  },
});
