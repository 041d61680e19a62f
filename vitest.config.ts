import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // CLI tests spawn the compiled CLI; give them room on a loaded 2-core CI machine.
    testTimeout: 60_000,
  },
});
