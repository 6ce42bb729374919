/**
 * `factline init` in a Gradle project, through the real CLI on temp git
 * repositories: each build or settings script is detected; the config covers
 * the Java sample; the workflow sets up Java and Gradle, runs the wrapper when
 * the project has one (else the `gradle` setup-gradle installs) and passes the
 * XML Gradle's test task writes to the gate. Gradle needs the network for its
 * own distribution and for JUnit, so no build runs here: the results are
 * written in the exact layout of Gradle's JUnit XML report
 * (org.gradle.api.internal.tasks.testing.junit.result.JUnitXmlResultWriter:
 * one `TEST-<class>.xml` per test class under build/test-results/test/, a
 * `<testsuite name tests skipped failures errors timestamp hostname time>`
 * holding `<properties/>`, a `<testcase name classname time>` per test, named
 * by its JUnit Platform display name `method()`, `<failure message type>` with
 * the stack trace as text, and the suite's `<system-out>`/`<system-err>` as
 * CDATA), and the gate must join them green, then red.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runFactline } from '../../support/cli.ts';
import { gitProject } from '../../support/git-project.ts';

const BUILD = `plugins { id 'java' }
repositories { mavenCentral() }
dependencies {
    testImplementation 'org.junit.jupiter:junit-jupiter:5.10.2'
    testRuntimeOnly 'org.junit.platform:junit-platform-launcher'
}
tasks.named('test') { useJUnitPlatform() }
`;

const MANIFESTS: Record<string, string> = {
  'build.gradle': BUILD,
  'build.gradle.kts': 'plugins { java }\ntasks.test { useJUnitPlatform() }\n',
  'settings.gradle': "rootProject.name = 'greeter'\n",
  'settings.gradle.kts': 'rootProject.name = "greeter"\n',
};

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}

function workflowSteps(root: string): Step[] {
  const doc = parse(readFileSync(join(root, '.github/workflows/factline.yml'), 'utf8')) as {
    jobs: { trace: { steps: Step[] } };
  };
  return doc.jobs.trace.steps;
}

/** Escapes text as an XML attribute or element body. */
const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A JUnit 5 assertion failure as Gradle writes it: message attribute, exception type, stack trace body. */
function failure(expected: string, actual: string): string {
  const message = `expected: <${expected}> but was: <${actual}>`;
  const type = 'org.opentest4j.AssertionFailedError';
  const trace = [
    `${type}: ${message}`,
    '\tat app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)',
    '\tat app//org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:182)',
    '\tat app//example.GreetTest.greetsThePersonByName(GreetTest.java:12)',
  ].join('\n');
  return `\n    <failure message="${xml(message)}" type="${type}">${xml(trace)}\n</failure>\n  `;
}

/** Gradle's report of the sample's test class: each test passed, or failed with the greeting it got. */
function gradleReport(greeting: string): string {
  const cases = [
    ['greetsThePersonByName()', 'Hello, Ada!', `${greeting}, Ada!`],
    ['greetsTheWorldWhenNoNameIsGiven()', 'Hello, world!', `${greeting}, world!`],
  ] as const;
  const failed = cases.filter(([, expected, actual]) => expected !== actual).length;
  const testcases = cases
    .map(([name, expected, actual]) => {
      const open = `  <testcase name="${name}" classname="example.GreetTest" time="0.004"`;
      return expected === actual ? `${open}/>` : `${open}>${failure(expected, actual)}</testcase>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="example.GreetTest" tests="2" skipped="0" failures="${failed}" errors="0" timestamp="2026-12-02T09:30:00" hostname="runner" time="0.021">
  <properties/>
${testcases}
  <system-out><![CDATA[]]></system-out>
  <system-err><![CDATA[]]></system-err>
</testsuite>
`;
}

/** Writes the report where Gradle's test task puts it; the files the workflow's glob expands to. */
function writeGradleResults(root: string, greeting: string): string[] {
  const dir = join(root, 'build/test-results/test');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'TEST-example.GreetTest.xml'), gradleReport(greeting));
  return readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => `build/test-results/test/${f}`);
}

describe('init in a Gradle project', () => {
  for (const [manifest, text] of Object.entries(MANIFESTS)) {
    for (const wrapper of [false, true]) {
      // @verifies adoption#INIT-GRADLE
      it(`${manifest}${wrapper ? ' with the wrapper' : ''}: detected, Java sample, workflow runs ${wrapper ? './gradlew' : 'gradle'} test into build/test-results`, async () => {
        const files: Record<string, string> = { [manifest]: text };
        if (wrapper) files.gradlew = '#!/bin/sh\nexec gradle "$@"\n';
        const root = gitProject(files);
        const init = await runFactline(['init'], root);
        expect(init.code, init.stderr).toBe(0);
        expect(init.stdout).toContain(`test runner: gradle (${manifest}: Gradle's test task`);
        expect(init.stdout).toContain('wrote src/test/java/example/GreetTest.java');

        const config = JSON.parse(readFileSync(join(root, 'factline.config.json'), 'utf8'));
        expect(config.sources).toContain('src/main/**/*.{java,kt}');
        expect(config.tests).toContain('src/test/**/*.{java,kt}');

        const steps = workflowSteps(root);
        const java = steps.find((s) => s.uses === 'actions/setup-java@v4');
        expect(java?.with).toMatchObject({ distribution: 'temurin', cache: 'gradle' });
        const setup = steps.find((s) => s.uses === 'gradle/actions/setup-gradle@v4');
        expect(setup).toBeDefined();
        expect(setup?.with?.['gradle-version']).toBe(wrapper ? undefined : 'current');
        const command = `${wrapper ? './gradlew' : 'gradle'} test --continue`;
        expect(steps.map((s) => s.run)).toContain(command);
        const check = steps.find((s) => s.run?.startsWith('npx factline check --results'));
        expect(check?.run).toContain('--results build/test-results/test/*.xml --sarif');
      });
    }
  }

  // @verifies adoption#INIT-GRADLE
  it("the gate joins Gradle's JUnit XML of the samples: green as written, red once the greeting is broken", async () => {
    const root = gitProject({ 'build.gradle': BUILD });
    expect((await runFactline(['init'], root)).code).toBe(0);
    const green = await runFactline(['check', '--results', ...writeGradleResults(root, 'Hello')], root);
    expect(green.stdout, green.stderr).toContain('citing tests 2 passed, 0 failed');
    expect(green.code).toBe(0);
    const red = await runFactline(['check', '--results', ...writeGradleResults(root, 'Goodbye')], root);
    expect(red.code).toBe(1);
    expect(red.stdout).toContain('citing tests 0 passed, 2 failed');
    expect(red.stdout).toMatch(/error verification-failed .*example#GREETING-NAMES-THE-PERSON/);
    expect(red.stdout).toMatch(/error verification-failed .*example#GREETING-HAS-A-DEFAULT/);
    // The assertion's words, decoded: the greeting compared, never `&lt;`.
    expect(red.stdout).toMatch(/failed: .*expected: <Hello, Ada!> but was: <Goodbye, Ada!>/);
    expect(red.stdout).not.toMatch(/&#\d+;|&lt;|&gt;/);
  });

  // @verifies adoption#INIT-GRADLE
  it('a Gradle build beside a Maven one gets both runners, one config and one workflow', async () => {
    const root = gitProject({ 'pom.xml': '<project/>\n', 'build.gradle': BUILD });
    const init = await runFactline(['init'], root);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('test runner: maven (');
    expect(init.stdout).toContain('test runner: gradle (');
    const check = workflowSteps(root).find((s) => s.run?.startsWith('npx factline check --results'));
    expect(check?.run).toContain(
      '--results target/surefire-reports/TEST-*.xml build/test-results/test/*.xml --sarif',
    );
  });
});
