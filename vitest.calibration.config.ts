import { defineConfig } from 'vitest/config';

/**
 * The calibration tier (`npm run test:calibration`, run by `.ci/run` after `npm test`): seeded
 * Monte Carlo studies of interval coverage, compare's family-wise false flags, the checks' error
 * rates and the ratings' coverage. Slower than unit tests, so not part of `npm test`; each study
 * prints its figures with their Monte Carlo intervals (reports/calibration.md).
 */
export default defineConfig({
  test: {
    include: ['tests/calibration/**/*.calibration.ts'],
    testTimeout: 180_000,
  },
});
