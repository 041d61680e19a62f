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
    // One module graph per worker instead of one per test file: re-importing the engine, the
    // registry and the games for each of ~80 files cost about a quarter of the suite's CPU
    // time (308 s of CPU isolated, 227 s shared, same machine and load). Safe because no test
    // mocks a module, stubs a global or changes the process's folder; the suite passes with
    // its files shuffled (--sequence.shuffle.files) as well.
    isolate: false,
    // Scratch folders of the whole run live in one folder that is removed at the end.
    globalSetup: ['tests/temp-root.ts'],
    // CLI tests spawn the compiled CLI; give them room on a loaded 2-core CI machine.
    testTimeout: 60_000,
  },
});
