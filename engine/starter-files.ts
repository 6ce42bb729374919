/**
 * What `factline init` writes into a new project: a config, a starter spec
 * with two facts, a sample source and test that cite them, and a CI
 * workflow. Plain data, so a test can check the starter against the reader
 * and the gate; written only where nothing is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from './errors.ts';
import { type Runner, type RunnerSetup, runnerSetup } from './init/runners.ts';

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

/** The workflow for a project whose tests run with `setup`: the gate on pushes, the delta against the base on pull requests. */
function workflow(setup: RunnerSetup): string {
  const outputs = `--results ${setup.results} --sarif factline.sarif --junit factline-junit.xml --summary "$GITHUB_STEP_SUMMARY"`;
  return `# The traceability gate: every fact in specs/ needs its citations, and a
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
        with:
          fetch-depth: 0 # the base branch, for check --base on pull requests
      - uses: actions/setup-node@v4
        with:
          node-version: lts/*
          cache: npm
      - run: npm ci
      # Your tests, writing ${setup.results}: its entries name each test's file and title.
      - run: ${setup.command}
      # Findings also print as ::error annotations, and the summary goes to the job's page.
      - name: factline check
        if: \${{ !cancelled() && github.event_name != 'pull_request' }}
        run: npx factline check ${outputs}
      # On a pull request only the findings new since its base branch fail the job.
      - name: factline check against the base branch
        if: \${{ !cancelled() && github.event_name == 'pull_request' }}
        run: npx factline check --base "origin/\${{ github.base_ref }}" ${outputs}
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
}

/** The lines `init` makes sure `.gitignore` has: the files the workflow writes (the caches live outside the checkout). */
export function ignoredOutputs(setup: RunnerSetup): string[] {
  return [setup.results, 'factline.sarif', 'factline-junit.xml', 'factline-report.html'];
}

/** Every starter file for a project whose tests run with `runner`. */
// @implements adoption#INIT-WRITES-STARTER
// @implements adoption#INIT-CI-SNIPPET
// @implements adoption#INIT-THEN-GREEN
// @implements daily-use#INIT-WORKFLOW-NODE-LTS
// @implements daily-use#INIT-WORKFLOW-ON-PULL-REQUESTS
export function starterFiles(runner: Runner): StarterFile[] {
  const setup = runnerSetup(runner);
  return [
    { path: 'factline.config.json', text: CONFIG },
    { path: 'specs/example.md', text: SPEC },
    setup.source,
    setup.test,
    ...setup.extra,
    { path: '.github/workflows/factline.yml', text: workflow(setup) },
  ];
}

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
export function* writeStarterFiles(
  root: string,
  runner: Runner,
): Generator<{ path: string; done: 'wrote' | 'kept' }> {
  for (const file of starterFiles(runner)) {
    try {
      yield { path: file.path, done: createOnly(join(root, file.path), file.text) };
    } catch (error) {
      throw new UsageError(`cannot write ${file.path}: ${(error as Error).message}`);
    }
  }
}
