import { defineConfig } from 'vitest/config';

// The capture guard swaps process-wide file descriptors, so tests run in the
// `forks` pool (child processes), never in worker threads. One worker per core
// (vitest's default leaves one core idle, which on 2 cores means one file at a
// time, while most files mostly wait on child processes). Files share their
// worker's module cache (isolate: false): ts-morph, remark and Handlebars load
// once per worker instead of once per file. Every file cleans up after itself
// (temp dirs, children, restored descriptors), so sharing is safe.
/**
 * Test files that need a module cache of their own: those that replace a
 * module with vi.mock, and one that checks what loading TypeScript first
 * leaves in require.cache.
 */
const MOCKING = [
  'test/generator/write-errors.test.ts',
  'test/speed/stat-cache.test.ts',
  'test/speed/ts-load.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: '100%',
    exclude: ['**/node_modules/**', 'test/**/fixtures/**'],
    // The library build that `factline/mcp-core` resolves to, rebuilt only when generated/ changed.
    globalSetup: ['test/support/build-lib.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false },
      },
      // A file that mocks a module (vi.mock), or watches what loads, needs a module cache of its own.
      { extends: true, test: { name: 'isolated', include: MOCKING, isolate: true } },
    ],
  },
});
