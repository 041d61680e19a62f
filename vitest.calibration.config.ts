import { defineConfig } from 'vitest/config';

/**
 * The calibration tier (`npm run test:calibration`, run by `.ci/run` after `npm test`): seeded
 * Monte Carlo studies of interval coverage, compare's family-wise false flags, the checks' error
 * rates and the ratings' coverage. Slower than unit tests, so not part of `npm test`; each study
 * prints its figures with their Monte Carlo intervals (reports/calibration.md). The same tier
 * runs the other slow tests (`tests/slow/`): a designer's game through the installed package.
 */
export default defineConfig({
  test: {
    include: ['tests/calibration/**/*.calibration.ts', 'tests/slow/**/*.slow.ts'],
    testTimeout: 180_000,
  },
});
