/**
 * The test runners `factline init` sets a project up for: per runner the
 * sample source and test (in the language's own comment syntax), the globs
 * the config needs for them, the toolchain the workflow sets up, and the
 * command that runs the tests writing a results file whose entries name each
 * test's file, so `check --results` joins every citing test to its outcome.
 * Runners whose own output names no file (`cargo test`, `go test`) go
 * through `factline results-from`, which finds it.
 */
import { type ProjectTraits, RUNNERS, type Runner } from './detect.ts';
import { NODE_REPORTER, NODE_REPORTER_PATH } from './node-reporter.ts';
import { SAMPLES } from './samples.ts';

export { type ProjectTraits, RUNNERS, type Runner };

export interface RunnerSetup {
  runner: Runner;
  /** The sample source and test, paths relative to the project root. */
  source: { path: string; text: string };
  test: { path: string; text: string };
  /** Further files the setup needs (node: the reporter that names each test's file). */
  extra: { path: string; text: string }[];
  /** The config's globs for this language's sources and tests. */
  sources: string[];
  tests: string[];
  /** Workflow steps (YAML, indented for `steps:`) that set the toolchain up before the tests run. */
  toolchain: string[];
  /** The shell command that runs the tests and writes `results`. */
  command: string;
  /** The results file the command writes, as `check --results` takes it. */
  results: string;
}

const JS_SOURCES = ['src/**/*.{ts,tsx,js,jsx,mjs,cjs}'];
const JS_TESTS = ['test/**/*', '**/*.test.*', '**/*.spec.*'];

/** The Java toolchain step of the JVM runners; `cache` names the build tool whose downloads it keeps. */
const setupJava = (cache: string) => [
  '- uses: actions/setup-java@v4',
  '  with:',
  '    distribution: temurin',
  "    java-version: '17'",
  `    cache: ${cache}`,
];

// @implements adoption#INIT-DETECTS-RUNNER
// @implements adoption#INIT-RED-ON-FAILING-TEST
// @implements adoption#INIT-EVERY-RUNNER
export function runnerSetup(runner: Runner, traits: ProjectTraits = {}): RunnerSetup {
  const sample = SAMPLES[runner];
  const base = { runner, source: sample.source, test: sample.test, extra: [] as RunnerSetup['extra'] };
  switch (runner) {
    case 'vitest':
      return {
        ...base,
        sources: JS_SOURCES,
        tests: JS_TESTS,
        toolchain: [],
        command: 'npx vitest run --reporter=default --reporter=json --outputFile.json=test-results.json',
        results: 'test-results.json',
      };
    case 'jest':
      return {
        ...base,
        sources: JS_SOURCES,
        tests: JS_TESTS,
        toolchain: [],
        command: 'npx jest --json --outputFile=test-results.json',
        results: 'test-results.json',
      };
    case 'node':
      return {
        ...base,
        extra: [{ path: NODE_REPORTER_PATH, text: NODE_REPORTER }],
        sources: JS_SOURCES,
        tests: JS_TESTS,
        toolchain: [],
        command: `node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=./${NODE_REPORTER_PATH} --test-reporter-destination=test-results.xml`,
        results: 'test-results.xml',
      };
    case 'pytest':
      // xunit1 writes each test's `file`; PYTHONPATH=src lets the sample test import the sample source.
      return {
        ...base,
        sources: ['src/**/*.py', '**/*.py'],
        tests: ['tests/**/*.py', '**/test_*.py', '**/*_test.py', '**/conftest.py'],
        toolchain: [
          '- uses: actions/setup-python@v5',
          '  with:',
          "    python-version: '3.x'",
          '# Install your project and its test dependencies here (pip install -e ".[test]", …).',
          '- run: python3 -m pip install pytest',
        ],
        command: 'PYTHONPATH=src python3 -m pytest -o junit_family=xunit1 --junitxml=test-results-pytest.xml',
        results: 'test-results-pytest.xml',
      };
    case 'cargo':
      // libtest names no file: results-from reads cargo's `Running FILE` lines and the module tree.
      return {
        ...base,
        sources: ['src/**/*.rs', '**/src/**/*.rs'],
        tests: ['tests/**/*.rs', '**/tests/**/*.rs'],
        toolchain: [
          '# cargo comes with the ubuntu runner (rustup); pin a toolchain here if yours needs one.',
        ],
        command:
          'cargo test --no-fail-fast 2>&1 | npx factline results-from cargo --out test-results-cargo.xml',
        results: 'test-results-cargo.xml',
      };
    case 'go':
      // go test names a package, not a file: results-from finds the _test.go file of each test.
      return {
        ...base,
        sources: ['**/*.go'],
        tests: ['**/*_test.go'],
        toolchain: ['- uses: actions/setup-go@v5', '  with:', '    go-version-file: go.mod'],
        command: 'go test -json ./... | npx factline results-from go --out test-results-go.xml',
        results: 'test-results-go.xml',
      };
    case 'maven':
      return {
        ...base,
        sources: ['src/main/**/*.{java,kt}'],
        tests: ['src/test/**/*.{java,kt}'],
        toolchain: setupJava('maven'),
        // The gate judges failing tests; Maven stopping at the first red module would hide the rest.
        command: 'mvn -B test -Dmaven.test.failure.ignore=true',
        results: 'target/surefire-reports/TEST-*.xml',
      };
    // @implements adoption#INIT-GRADLE
    case 'gradle':
      // The wrapper runs the Gradle version the project pinned; without one, setup-gradle puts
      // the current Gradle on the PATH. --continue: one failing subproject's tests must not hide
      // the others' (the step still fails; the gate's steps run after a failed step).
      return {
        ...base,
        sources: ['src/main/**/*.{java,kt}', '**/src/main/**/*.{java,kt}'],
        tests: ['src/test/**/*.{java,kt}', '**/src/test/**/*.{java,kt}'],
        toolchain: [
          ...setupJava('gradle'),
          '- uses: gradle/actions/setup-gradle@v4',
          ...(traits.gradleWrapper ? [] : ['  with:', '    gradle-version: current']),
        ],
        command: `${traits.gradleWrapper ? './gradlew' : 'gradle'} test --continue`,
        // Gradle's test task writes one JUnit XML file per test class (TEST-<class>.xml) here.
        results: 'build/test-results/test/*.xml',
      };
  }
}
