import { defineConfig } from 'vitest/config';

// The capture guard swaps process-wide file descriptors, so tests run in the
// `forks` pool (child processes), never in worker threads. One worker per core
// (vitest's default leaves one core idle, which on 2 cores means one file at a
// time, while most files mostly wait on child processes). Files share their
// worker's module cache (isolate: false): TypeScript, remark and Handlebars load
// once per worker instead of once per file. Every file cleans up after itself
// (temp dirs, children, restored descriptors), so sharing is safe.
//
// Three projects: `unit` (the pure cores and the engine in this process: the
// daily loop), `cli` (the CLI in this process) and `system` (real processes,
// the browser, speed). A file that replaces a module with vi.mock, or watches
// what loads, needs a module cache of its own: it runs in its project's
// `-isolated` twin, and `--project 'cli*'` selects both.

/** Test files that mock a module or check what loading TypeScript first leaves in require.cache. */
const OWN_MODULE_CACHE = [
  'test/cli/writers/write-errors.test.ts',
  'test/cli/stat-cache.test.ts',
  'test/system/speed/ts-load.test.ts',
];

const project = (name: string, include: string[], isolated = false) => ({
  extends: true as const,
  test: isolated
    ? {
        name: `${name}-isolated`,
        include: OWN_MODULE_CACHE.filter((f) =>
          include.some((i) => f.startsWith(i.replace('**/*.test.ts', ''))),
        ),
        isolate: true,
      }
    : { name, include, exclude: OWN_MODULE_CACHE, isolate: false },
});

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: '100%',
    exclude: ['**/node_modules/**', 'test/**/fixtures/**'],
    // The library build that `factline/mcp-core` resolves to, rebuilt only when generated/ changed.
    // The gate's per-user cache home, a temp folder for the run (test/support/cache-home.ts).
    globalSetup: ['test/support/build-lib.ts', 'test/support/cache-home.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      project('unit', ['test/unit/**/*.test.ts']),
      project('cli', ['test/cli/**/*.test.ts']),
      project('cli', ['test/cli/**/*.test.ts'], true),
      project('system', ['test/system/**/*.test.ts']),
      project('system', ['test/system/**/*.test.ts'], true),
    ],
  },
});
