import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// Mutation runs (npm run mutation) only: the test files of the module under test, from the
// environment that mutation/run.ts sets. They are chosen here rather than with Stryker's
// testFiles option because with testFiles Stryker 9.6.1 activates static mutants (values built
// when a module loads) only after the module has loaded, and counts them as survived
// (stryker-js issue 6144).
const tests = process.env['HORDELAB_MUTATION_TESTS'];
if (tests === undefined || tests === '') {
  throw new Error('vitest.mutation.config.ts is for npm run mutation, which sets HORDELAB_MUTATION_TESTS to the test files of the module under test');
}

// Replaces the base include list (mergeConfig would append to it). Each test file in its own
// module graph, as when the stored results were measured: Stryker swaps mutants between runs,
// and a graph shared across files is not what those results assume.
export default defineConfig({ ...base, test: { ...base.test, include: tests.split(','), isolate: true } });
