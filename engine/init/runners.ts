/**
 * The test runners `factline init` sets a project up for: how it finds which
 * one the project uses, and per runner the sample test, the command that
 * runs the tests writing a results file whose entries name each test's file
 * (so `check --results` joins every citing test to its outcome), and that
 * file's name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.ts';

export const RUNNERS = ['vitest', 'jest', 'node'] as const;
export type Runner = (typeof RUNNERS)[number];

/** vitest or jest when package.json depends on it (vitest first when both), else node's own runner. */
// @implements daily-use#INIT-DETECTS-RUNNER
export function detectRunner(root: string): { runner: Runner; why: string } {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { runner: 'node', why: "no package.json: node's own test runner" };
    }
    throw new UsageError(
      `cannot read package.json to find the test runner: ${(error as Error).message} (fix it, or name the runner with --runner)`,
    );
  }
  const deps = new Set<string>();
  for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const table = pkg[key];
    if (table !== null && typeof table === 'object') for (const name of Object.keys(table)) deps.add(name);
  }
  if (deps.has('vitest')) return { runner: 'vitest', why: 'package.json depends on vitest' };
  if (deps.has('jest')) return { runner: 'jest', why: 'package.json depends on jest' };
  return { runner: 'node', why: "package.json names neither vitest nor jest: node's own test runner" };
}

export interface RunnerSetup {
  /** The sample source and test, paths relative to the project root. */
  source: { path: string; text: string };
  test: { path: string; text: string };
  /** The shell command that runs the tests and writes `results`. */
  command: string;
  /** The results file the command writes, as `check --results` takes it. */
  results: string;
  /** Further files the setup needs (node: the reporter that names each test's file). */
  extra: { path: string; text: string }[];
}

const CITED_SOURCE = (
  exported: string,
) => `// A sample source: each requirement it meets is cited where it is met.

// @implements example#GREETING-NAMES-THE-PERSON
// @implements example#GREETING-HAS-A-DEFAULT
${exported}
`;

const GREET = `function greet(name) {
  return \`Hello, \${name ?? 'world'}!\`;
}`;

const TESTS = (
  assertEqual: (actual: string, expected: string) => string,
) => `// @verifies example#GREETING-NAMES-THE-PERSON
test('greets the person by name', () => {
  ${assertEqual("greet('Ada')", "'Hello, Ada!'")};
});

// @verifies example#GREETING-HAS-A-DEFAULT
test('greets the world when no name is given', () => {
  ${assertEqual('greet()', "'Hello, world!'")};
});
`;

const HEAD = '// A sample test: each citation sits right above the test that shows the fact holds.';

/**
 * Node's test runner, reporting JUnit XML in which every test case names its
 * file (relative to the working directory) and its `describe > it` title.
 * Node's own junit reporter names no file, so its results could not be
 * joined to the citing tests.
 */
const NODE_REPORTER = `// A reporter for node's test runner: JUnit XML in which each test case names
// its file and its full title, so \`factline check --results\` can join every
// citing test to its outcome. Used by .github/workflows/factline.yml.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const escape = (text) =>
  String(text).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

const fileOf = (file) => relative(process.cwd(), file.startsWith('file:') ? fileURLToPath(file) : file).split('\\\\').join('/');

export default async function* junitWithFiles(source) {
  const open = new Map();
  const cases = [];
  for await (const { type, data } of source) {
    if (data?.file === undefined) continue;
    const names = open.get(data.file) ?? [];
    open.set(data.file, names);
    if (type === 'test:start') {
      names.length = data.nesting;
      names.push(data.name);
      continue;
    }
    if (type !== 'test:pass' && type !== 'test:fail') continue;
    if (data.details?.type === 'suite') continue;
    const title = [...names.slice(0, data.nesting), data.name].join(' > ');
    const file = escape(fileOf(data.file));
    const head = \`    <testcase classname="\${file}" file="\${file}" name="\${escape(title)}" time="\${(data.details?.duration_ms ?? 0) / 1000}"\`;
    if (data.skip !== undefined || data.todo !== undefined) cases.push({ xml: \`\${head}><skipped/></testcase>\`, failed: false, skipped: true });
    else if (type === 'test:fail') {
      const error = data.details?.error;
      const message = escape((error?.cause?.message ?? error?.message ?? 'failed').split('\\n')[0]);
      cases.push({ xml: \`\${head}><failure message="\${message}"/></testcase>\`, failed: true, skipped: false });
    } else cases.push({ xml: \`\${head}/>\`, failed: false, skipped: false });
  }
  const failures = cases.filter((c) => c.failed).length;
  const skipped = cases.filter((c) => c.skipped).length;
  yield '<?xml version="1.0" encoding="UTF-8"?>\\n<testsuites>\\n';
  yield \`  <testsuite name="node --test" tests="\${cases.length}" failures="\${failures}" skipped="\${skipped}">\\n\`;
  for (const c of cases) yield \`\${c.xml}\\n\`;
  yield '  </testsuite>\\n</testsuites>\\n';
}
`;

export const NODE_REPORTER_PATH = 'scripts/junit-with-files.mjs';

// @implements daily-use#INIT-DETECTS-RUNNER
// @implements daily-use#INIT-RED-ON-FAILING-TEST
export function runnerSetup(runner: Runner): RunnerSetup {
  if (runner === 'vitest') {
    return {
      source: { path: 'src/greet.mjs', text: CITED_SOURCE(`export ${GREET}`) },
      test: {
        path: 'test/greet.test.mjs',
        text: `${HEAD}\nimport { expect, test } from 'vitest';\nimport { greet } from '../src/greet.mjs';\n\n${TESTS((a, e) => `expect(${a}).toBe(${e})`)}`,
      },
      command: 'npx vitest run --reporter=default --reporter=json --outputFile.json=test-results.json',
      results: 'test-results.json',
      extra: [],
    };
  }
  if (runner === 'jest') {
    // CommonJS: jest runs ES modules only behind an experimental Node flag.
    return {
      source: { path: 'src/greet.cjs', text: CITED_SOURCE(`${GREET}\n\nmodule.exports = { greet };`) },
      test: {
        path: 'test/greet.test.cjs',
        text: `${HEAD}\nconst { greet } = require('../src/greet.cjs');\n\n${TESTS((a, e) => `expect(${a}).toBe(${e})`)}`,
      },
      command: 'npx jest --json --outputFile=test-results.json',
      results: 'test-results.json',
      extra: [],
    };
  }
  return {
    source: { path: 'src/greet.mjs', text: CITED_SOURCE(`export ${GREET}`) },
    test: {
      path: 'test/greet.test.mjs',
      text: `${HEAD}\nimport assert from 'node:assert/strict';\nimport { test } from 'node:test';\nimport { greet } from '../src/greet.mjs';\n\n${TESTS((a, e) => `assert.equal(${a}, ${e})`)}`,
    },
    command: `node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=./${NODE_REPORTER_PATH} --test-reporter-destination=test-results.xml`,
    results: 'test-results.xml',
    extra: [{ path: NODE_REPORTER_PATH, text: NODE_REPORTER }],
  };
}
