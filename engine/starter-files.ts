/**
 * What `factline init` writes into a new project: a config, a starter spec
 * with two facts, a sample source and test that cite them, and a CI
 * workflow. Plain data, so a test can check the starter against the reader
 * and the gate; written only where nothing is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from './errors.ts';
import { projectTraits } from './init/detect.ts';
import { type ProjectTraits, type Runner, type RunnerSetup, runnerSetup } from './init/runners.ts';

export type { Runner };

export interface StarterFile {
  /** Relative to the project root, with `/`. */
  path: string;
  text: string;
}

/** Where the config's `$schema` points: the schema inside the installed package. */
export const INSTALLED_SCHEMA = './node_modules/factline/schema/factline.config.schema.json';

/** The line a team adds to its pre-commit hook (plain git, husky, lefthook…). */
export const PRE_COMMIT_LINE = 'npx factline check --staged';

/** The config for the runners' samples: each language's source and test globs, once. */
function config(setups: readonly RunnerSetup[]): string {
  const union = (pick: (s: RunnerSetup) => string[]) => [...new Set(setups.flatMap(pick))];
  return `${JSON.stringify(
    {
      $schema: INSTALLED_SCHEMA,
      specsRoot: 'specs',
      specs: ['specs/**/*.md'],
      sources: union((s) => s.sources),
      tests: union((s) => s.tests),
      ignore: [
        'node_modules/**',
        'dist/**',
        'build/**',
        'coverage/**',
        ...union((s) => IGNORED_BY_RUNNER[s.runner] ?? []),
      ],
    },
    null,
    2,
  )}\n`;
}

/** Folders a runner's tools fill with copies or outputs that are not the project's code. */
const IGNORED_BY_RUNNER: Partial<Record<Runner, string[]>> = {
  pytest: ['.venv/**', 'venv/**', '**/__pycache__/**', '.tox/**'],
  cargo: ['target/**'],
  go: ['vendor/**'],
  maven: ['target/**'],
};

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

const indent = (lines: readonly string[], by: string) => lines.map((l) => (l === '' ? '' : `${by}${l}`));

/** Each runner's steps: its toolchain, then its tests writing the results file. */
function testSteps(setup: RunnerSetup): string[] {
  return [
    ...setup.toolchain,
    `# Your tests (${setup.runner}), writing ${setup.results}: its entries name each test's file and title.`,
    `- run: ${setup.command}`,
  ];
}

/**
 * The workflow for a project whose tests run with `setups`: the gate on
 * pushes; on pull requests the delta against the base branch, with the base's
 * own test outcomes when main's last run left them (an artifact), so a test
 * already failing on main is not blamed on the pull request.
 */
// @implements adoption#WORKFLOW-KEEPS-MAIN-RESULTS
function workflow(setups: readonly RunnerSetup[]): string {
  const results = setups.map((s) => s.results).join(' ');
  const outputs = `--results ${results} --sarif factline.sarif --junit factline-junit.xml --summary "$GITHUB_STEP_SUMMARY"`;
  const steps = indent(setups.flatMap(testSteps), '      ');
  return `# The traceability gate: every fact in specs/ needs its citations, and a
# @verifies counts only when its test passed in this run.
name: factline
on:
  push:
  pull_request:
permissions:
  contents: read
  actions: read # gh run download: main's test results, for --base-results
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
      # factline comes from package.json (npm install --save-dev put it there).
      - run: npm ci
${steps.join('\n')}
      # Findings also print as ::error annotations, and the summary goes to the job's page.
      - name: factline check
        if: \${{ !cancelled() && github.event_name != 'pull_request' }}
        run: npx factline check ${outputs}
      # Main's own test outcomes, kept below on every push to main: on a pull request they tell
      # a test that already failed on main from one the pull request broke.
      - name: main's test results
        if: \${{ !cancelled() && github.event_name == 'pull_request' }}
        env:
          GH_TOKEN: \${{ github.token }}
        run: |
          mkdir -p .factline-base
          run_id=$(gh run list --workflow factline.yml --branch "\${{ github.base_ref }}" --event push --status completed --limit 1 --json databaseId --jq '.[0].databaseId // empty')
          if [ -n "$run_id" ]; then gh run download "$run_id" --name factline-test-results --dir .factline-base || true; fi
      # On a pull request only the findings new since its base branch fail the job; without main's
      # results a finding that depends on an outcome there is reported as unknown, never as new.
      - name: factline check against the base branch
        if: \${{ !cancelled() && github.event_name == 'pull_request' }}
        run: |
          base_results=""
          for f in ${results}; do [ -f ".factline-base/$f" ] && base_results="$base_results .factline-base/$f"; done
          npx factline check --base "origin/\${{ github.base_ref }}" \${base_results:+--base-results $base_results} ${outputs}
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
      # Main's test outcomes, for the pull requests made against it (copied with their paths, so
      # the download puts each where the check step looks: .factline-base/<results file>).
      - name: keep main's test results
        if: \${{ !cancelled() && github.event_name == 'push' && github.ref_name == github.event.repository.default_branch }}
        run: mkdir -p .factline-results && cp --parents ${results} .factline-results/
      - uses: actions/upload-artifact@v4
        if: \${{ !cancelled() && github.event_name == 'push' && github.ref_name == github.event.repository.default_branch }}
        with:
          name: factline-test-results
          path: .factline-results/
          include-hidden-files: true
`;
}

/** The lines `init` makes sure `.gitignore` has: the files the workflow writes (the caches live outside the checkout). */
export function ignoredOutputs(setups: readonly RunnerSetup[]): string[] {
  return [
    ...new Set(setups.map((s) => s.results)),
    'factline.sarif',
    'factline-junit.xml',
    'factline-report.html',
  ];
}

/** Every starter file for a project whose tests run with `runners` (one config and one workflow for all). */
// @implements adoption#INIT-WRITES-STARTER
// @implements adoption#INIT-CI-SNIPPET
// @implements adoption#INIT-THEN-GREEN
// @implements adoption#INIT-EVERY-RUNNER
// @implements adoption#INIT-WORKFLOW-NODE-LTS
// @implements adoption#INIT-WORKFLOW-ON-PULL-REQUESTS
export function starterFiles(runners: readonly Runner[], traits: ProjectTraits = {}): StarterFile[] {
  const setups = runners.map((runner) => runnerSetup(runner, traits));
  const files: StarterFile[] = [
    { path: 'factline.config.json', text: config(setups) },
    { path: 'specs/example.md', text: SPEC },
  ];
  const paths = new Set<string>();
  for (const setup of setups)
    for (const file of [setup.source, setup.test, ...setup.extra])
      if (!paths.has(file.path)) {
        paths.add(file.path);
        files.push(file);
      }
  files.push({ path: '.github/workflows/factline.yml', text: workflow(setups) });
  return files;
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
  runners: readonly Runner[],
): Generator<{ path: string; done: 'wrote' | 'kept' }> {
  for (const file of starterFiles(runners, projectTraits(root))) {
    try {
      yield { path: file.path, done: createOnly(join(root, file.path), file.text) };
    } catch (error) {
      throw new UsageError(`cannot write ${file.path}: ${(error as Error).message}`);
    }
  }
}
