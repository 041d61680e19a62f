import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The slow tier (`npm run test:slow`, run by `.ci/run`): packing and installing the package,
    // Monte Carlo studies. Not part of every `npm test`, which stays under 3 minutes.
    exclude: ['tests/slow/**', 'tests/calibration/**', '**/node_modules/**'],
    // Vitest's default keeps one core free: on 2 cores it ran one test file at a time.
    maxWorkers: Math.max(2, availableParallelism()),
    // CLI tests spawn the compiled CLI; give them room on a loaded 2-core CI machine.
    testTimeout: 60_000,
  },
});
