/**
 * What `factline init` writes into a new project: a config, a starter spec
 * with two facts, a sample source and test that cite them, and a CI
 * workflow. Plain data, so a test can check the starter against the reader
 * and the gate; written only where nothing is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from './errors.ts';

export interface StarterFile {
  /** Relative to the project root, with `/`. */
  path: string;
  text: string;
}

/** Where the config's `$schema` points: the schema inside the installed package. */
export const INSTALLED_SCHEMA = './node_modules/factline/schema/factline.config.schema.json';

/** The line a team adds to its pre-commit hook (plain git, husky, lefthook…). */
export const PRE_COMMIT_LINE = 'npx factline check --changed';

const CONFIG = `${JSON.stringify(
  {
    $schema: INSTALLED_SCHEMA,
    specsRoot: 'specs',
    specs: ['specs/**/*.md'],
    sources: ['src/**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    tests: ['test/**/*', '**/*.test.*', '**/*.spec.*'],
    ignore: ['node_modules/**', 'dist/**', 'build/**', 'coverage/**'],
  },
  null,
  2,
)}\n`;

const SPEC = `# Example — replace these with your own requirements {#root}

@status:impl/done

A fact is a paragraph (or list item, or table cell) that starts with an
anchor of the form \`@fact:ID\`; its status follows at the end. Code cites a
fact with a comment \`@implements example#ID\`, a test with \`@verifies
example#ID\`, and \`npx factline check\` fails while a fact that is due has
no citation of the kind it needs.

@fact:GREETING-NAMES-THE-PERSON \`greet(name)\` returns \`Hello, NAME!\`. @status:impl/done

@fact:GREETING-HAS-A-DEFAULT Without a name, \`greet()\` greets the world. @status:impl/done
`;

const SOURCE = `// A sample source: each requirement it meets is cited where it is met.

// @implements example#GREETING-NAMES-THE-PERSON
// @implements example#GREETING-HAS-A-DEFAULT
export function greet(name) {
  return \`Hello, \${name ?? 'world'}!\`;
}
`;

const TEST = `// A sample test: each citation sits right above the test that shows the fact holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { greet } from '../src/greet.mjs';

// @verifies example#GREETING-NAMES-THE-PERSON
test('greets the person by name', () => {
  assert.equal(greet('Ada'), 'Hello, Ada!');
});

// @verifies example#GREETING-HAS-A-DEFAULT
test('greets the world when no name is given', () => {
  assert.equal(greet(), 'Hello, world!');
});
`;

const WORKFLOW = `# The traceability gate: every fact in specs/ needs its citations, and a
# @verifies counts only when its test passed in this run.
name: factline
on:
  push:
  pull_request:
permissions:
  contents: read
  security-events: write # the SARIF upload (code-scanning annotations)
jobs:
  trace:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      # Your tests, writing JUnit XML (any runner) or vitest/Jest JSON.
      # vitest: npx vitest run --reporter=default --reporter=junit --outputFile.junit=test-results.xml
      - run: node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=test-results.xml
      # Findings also print as ::error annotations on the pull request.
      - run: npx factline check --results test-results.xml --sarif factline.sarif --junit factline-junit.xml
        if: \${{ !cancelled() }}
      - uses: github/codeql-action/upload-sarif@v3
        if: \${{ !cancelled() }}
        with:
          sarif_file: factline.sarif
          category: factline
      - uses: actions/upload-artifact@v4
        if: \${{ !cancelled() }}
        with:
          name: factline-junit
          path: factline-junit.xml
`;

// @implements adoption#INIT-WRITES-STARTER
// @implements adoption#INIT-CI-SNIPPET
// @implements adoption#INIT-THEN-GREEN
export const STARTER_FILES: readonly StarterFile[] = [
  { path: 'factline.config.json', text: CONFIG },
  { path: 'specs/example.md', text: SPEC },
  { path: 'src/greet.mjs', text: SOURCE },
  { path: 'test/greet.test.mjs', text: TEST },
  { path: '.github/workflows/factline.yml', text: WORKFLOW },
];

/** Creates `path` only if nothing is there: `wx` makes the check and the write one step. */
function createOnly(path: string, text: string): 'wrote' | 'kept' {
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, text, { flag: 'wx' });
    return 'wrote';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'kept';
    throw error;
  }
}

/** Writes each starter file under `root` that is not there yet; a file that exists is kept as it is. */
// @implements adoption#INIT-NEVER-OVERWRITES
export function* writeStarterFiles(root: string): Generator<{ path: string; done: 'wrote' | 'kept' }> {
  for (const file of STARTER_FILES) {
    try {
      yield { path: file.path, done: createOnly(join(root, file.path), file.text) };
    } catch (error) {
      throw new UsageError(`cannot write ${file.path}: ${(error as Error).message}`);
    }
  }
}
