/**
 * The runner table: for every runner the gate reads, a real project of that
 * language in a temp git repository, `factline init`, then the workflow's own
 * test commands run as written (factline installed as the project would have
 * it: node_modules/.bin/factline), and the gate with the results each
 * writes: green as written, red once the sample source is broken (both
 * sample tests fail). A mixed repository gets every runner at once. A runner
 * whose toolchain is missing skips with a note, or fails with CI set.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runFactline } from '../../support/cli.ts';
import { gitProject } from '../../support/git-project.ts';
import { TOOLCHAINS, type Toolchain, toolchainFor } from '../../support/runner-tools.ts';

/** The test steps of the workflow `init` wrote: each `- run:` right after a `# Your tests (RUNNER)` comment. */
function workflowTestCommands(root: string): { runner: string; command: string }[] {
  const lines = readFileSync(join(root, '.github/workflows/factline.yml'), 'utf8').split('\n');
  const out: { runner: string; command: string }[] = [];
  lines.forEach((line, i) => {
    const m = /# Your tests \((\w+)\)/.exec(line);
    if (m) out.push({ runner: m[1]!, command: lines[i + 1]!.replace(/^\s*- run: /, '') });
  });
  return out;
}

/** The `--results` files of the workflow's check line, as it names them. */
function workflowResults(root: string): string[] {
  const workflow = readFileSync(join(root, '.github/workflows/factline.yml'), 'utf8');
  const line = /run: npx factline check --results (.*?) --sarif/.exec(workflow);
  return line![1]!.split(' ');
}

/** factline as the project's own dependency: what `npm install --save-dev factline` leaves for `npx factline`. */
function installFactline(root: string): void {
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(REPO, join(root, 'node_modules', 'factline'), 'dir');
  symlinkSync('../factline/bin/factline.js', join(root, 'node_modules', '.bin', 'factline'));
}

/** Runs every test step of the workflow as written (through a shell, pipes and all). */
function runTestSteps(root: string): void {
  for (const { command } of workflowTestCommands(root)) {
    try {
      execSync(command, { cwd: root, stdio: 'pipe', env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
    } catch {
      // A failing test run is what the red half expects; the gate judges it.
    }
  }
}

/** The check line's --results, shell-expanded as the workflow's shell would (Surefire's TEST-*.xml). */
function expandedResults(root: string): string[] {
  return workflowResults(root).flatMap((f) =>
    execSync(`ls -1 ${f}`, { cwd: root, encoding: 'utf8' }).trim().split('\n'),
  );
}

function breakTheSources(root: string, paths: string[]): void {
  for (const path of paths) {
    const file = join(root, path);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('Hello, ');
    writeFileSync(file, text.replace('Hello, ', 'Goodbye, '));
  }
}

const POM = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>greeter</artifactId>
  <version>0.1.0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <version>5.10.2</version>
      <scope>test</scope>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
      <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version></plugin>
    </plugins>
  </build>
</project>
`;

interface Row {
  runner: string;
  tools: Toolchain[];
  project: Record<string, string>;
  sources: string[];
  /** Files of the project beside the manifest (a crate's own lib, Maven offline outside CI). */
  setup?: (root: string) => void;
}

const ROWS: Row[] = [
  {
    runner: 'pytest',
    tools: [TOOLCHAINS.pytest],
    project: { 'pyproject.toml': '[project]\nname = "greeter"\nversion = "0.1.0"\n' },
    sources: ['src/greet.py'],
  },
  {
    runner: 'cargo',
    tools: [TOOLCHAINS.cargo],
    project: {
      'Cargo.toml': '[package]\nname = "greeter"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs': 'pub fn answer() -> u32 {\n    42\n}\n',
    },
    sources: ['src/greet.rs'],
  },
  {
    runner: 'go',
    tools: [TOOLCHAINS.go],
    project: { 'go.mod': 'module example.com/greeter\n\ngo 1.19\n' },
    sources: ['greet/greet.go'],
  },
  {
    runner: 'maven',
    tools: [TOOLCHAINS.maven],
    project: { 'pom.xml': POM },
    sources: ['src/main/java/example/Greet.java'],
    // These machines reach no Maven repository, in CI neither: Maven runs from its local one.
    setup: (root) => {
      mkdirSync(join(root, '.mvn'));
      writeFileSync(join(root, '.mvn', 'maven.config'), '-o\n');
    },
  },
  {
    runner: 'pytest+cargo+go+node (a mixed repository)',
    tools: [TOOLCHAINS.pytest, TOOLCHAINS.cargo, TOOLCHAINS.go],
    project: {
      'package.json': '{"name": "web", "type": "module", "scripts": {"test": "node --test"}}\n',
      'pyproject.toml': '[project]\nname = "greeter"\nversion = "0.1.0"\n',
      'Cargo.toml': '[package]\nname = "greeter"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs': 'pub fn answer() -> u32 {\n    42\n}\n',
      'go.mod': 'module example.com/greeter\n\ngo 1.19\n',
    },
    sources: ['src/greet.mjs', 'src/greet.py', 'src/greet.rs', 'greet/greet.go'],
  },
];

describe('init × every runner × a failing sample test turns the gate red (real runs)', () => {
  for (const row of ROWS) {
    // @verifies adoption#INIT-EVERY-RUNNER
    // @verifies results#RESULTS-FROM-CARGO
    // @verifies results#RESULTS-FROM-GO
    // @verifies results#RESULTS-JOIN-OTHER-LANGUAGES
    // @verifies adoption#INIT-RED-ON-FAILING-TEST
    it(`${row.runner}: init, the workflow's test steps as written, green; the sample broken, red`, async (ctx) => {
      if (!row.tools.every(toolchainFor)) return ctx.skip();
      const root = gitProject(row.project);
      row.setup?.(root);
      installFactline(root);
      const init = await runFactline(['init'], root);
      expect(init.code, init.stderr).toBe(0);
      const steps = workflowTestCommands(root);
      const runners = row.runner.split(' ')[0]!.split('+');
      expect(steps.map((s) => s.runner).sort()).toEqual([...runners].sort());
      for (const r of runners) expect(init.stdout).toContain(`test runner: ${r} (`);

      runTestSteps(root);
      const results = expandedResults(root);
      const green = await runFactline(['check', '--results', ...results], root);
      expect(green.stdout, green.stderr).toContain(
        'OK 2 facts, 2 required, 2 verified, 0 gap(s); 0 error(s)',
      );
      expect(green.stdout).toMatch(new RegExp(`citing tests ${2 * runners.length} passed, 0 failed`));
      expect(green.code).toBe(0);

      breakTheSources(root, row.sources);
      runTestSteps(root);
      const red = await runFactline(['check', '--results', ...expandedResults(root)], root);
      expect(red.code).toBe(1);
      expect(red.stdout).toMatch(new RegExp(`citing tests 0 passed, ${2 * runners.length} failed`));
      expect(red.stdout).toMatch(/error verification-failed .*example#GREETING-NAMES-THE-PERSON/);
      expect(red.stdout).toMatch(/error verification-failed .*example#GREETING-HAS-A-DEFAULT/);
      // The runner's own words reach the finding: the value compared, decoded, on one line.
      expect(red.stdout).toMatch(/failed: .*Goodbye, Ada!/);
      expect(red.stdout).not.toMatch(/&#\d+;|&lt;|&gt;/);
    }, 600_000);
  }
});
