import { defineConfig } from 'vitest/config';

// The capture guard swaps process-wide file descriptors, so tests run in the
// `forks` pool (child processes), never in worker threads. One worker per core
// (vitest's default leaves one core idle, which on 2 cores means one file at a
// time, while most files mostly wait on child processes). Files share their
// worker's module cache (isolate: false): TypeScript, remark and Handlebars load
// once per worker instead of once per file. Every file cleans up after itself
// (temp dirs, children, restored descriptors), so sharing is safe.
//
// Four projects: `unit` (the pure cores and the engine in this process: the
// daily loop, kept under 30 s on two cores), `property` (property, fuzz,
// hostile-input and differential files: thousands of generated cases, or a
// real tool's answer over whole trees, which took two thirds of the daily
// loop's time), `cli`
// (the CLI in this process) and `system` (real processes, the browser,
// speed). `npm test` runs them all. A file that replaces a module with
// vi.mock, or watches what loads, needs a module cache of its own: it runs in
// its project's `-isolated` twin, and `--project 'cli*'` selects both.

/** Test files that mock a module or check what loading TypeScript first leaves in require.cache. */
const OWN_MODULE_CACHE = [
  'test/cli/writers/write-errors.test.ts',
  'test/cli/stat-cache.test.ts',
  'test/cli/gate/vibevm-items-lexed-once.test.ts',
  'test/system/speed/ts-load.test.ts',
];

/**
 * Unit-level files of generated cases or differentials against a real tool
 * (fast-check properties, TypeScript's scanner, remark's GFM, the JSON Schema
 * validator), and the reader's hostile nesting (hundreds of levels deep).
 * A new one is named `*.property.test.ts` or `*.differential.test.ts`.
 */
const PROPERTY = [
  'test/unit/**/*.property.test.ts',
  'test/unit/**/*.differential.test.ts',
  'test/unit/checks/ts-lexer.test.ts',
  'test/unit/engine/cache/gate-cache.test.ts',
  'test/unit/engine/parallel/transfer.test.ts',
  'test/unit/generated/property.test.ts',
  'test/unit/generator/render/code-template.test.ts',
  'test/unit/generated/revisions-schema.test.ts',
  'test/unit/reader/bounds.test.ts',
  'test/unit/reader/fuzz.test.ts',
  'test/unit/reader/markdown.test.ts',
];

const project = (name: string, include: string[], isolated = false, exclude: string[] = []) => ({
  extends: true as const,
  test: isolated
    ? {
        name: `${name}-isolated`,
        include: OWN_MODULE_CACHE.filter((f) =>
          include.some((i) => f.startsWith(i.replace('**/*.test.ts', ''))),
        ),
        isolate: true,
      }
    : { name, include, exclude: [...OWN_MODULE_CACHE, ...exclude], isolate: false },
});

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: '100%',
    exclude: ['**/node_modules/**', 'test/**/fixtures/**'],
    // The library build that `factline/mcp-core` resolves to, rebuilt only when generated/ changed.
    // A temp folder of the run's own as TMPDIR, left empty by the tests or the run fails (test/support/temp-home.ts);
    // the gate's per-user cache home, a folder in it (test/support/cache-home.ts).
    globalSetup: ['test/support/build-lib.ts', 'test/support/temp-home.ts', 'test/support/cache-home.ts'],
    // The Markdown parser in the reader's slot for tests that call the reader directly (test/support/markdown-parser.ts).
    setupFiles: ['test/support/markdown-parser.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      project('unit', ['test/unit/**/*.test.ts'], false, PROPERTY),
      project('property', PROPERTY),
      project('cli', ['test/cli/**/*.test.ts']),
      project('cli', ['test/cli/**/*.test.ts'], true),
      project('system', ['test/system/**/*.test.ts']),
      project('system', ['test/system/**/*.test.ts'], true),
    ],
  },
});
