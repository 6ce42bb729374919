import { defineConfig } from 'vitest/config';

// The capture guard swaps process-wide file descriptors, so tests run in the
// default `forks` pool (one process per file), never in worker threads.
export default defineConfig({
  test: {
    pool: 'forks',
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/**/fixtures/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
