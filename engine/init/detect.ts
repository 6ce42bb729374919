/**
 * Which test runners a project uses, read from its manifests: the one
 * detector `factline init` and `factline scaffold` share. A mixed repository
 * (a Python service beside a Rust crate beside a web front end) gets every
 * runner it has, in this table's order.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.ts';

export const RUNNERS = ['vitest', 'jest', 'node', 'pytest', 'cargo', 'go', 'maven', 'gradle'] as const;
export type Runner = (typeof RUNNERS)[number];

export interface Detected {
  runner: Runner;
  /** What in the project said so, for `init` to print. */
  why: string;
}

/** The manifests that make a project a Python one pytest runs. */
const PYTHON_MANIFESTS = ['pyproject.toml', 'setup.cfg', 'pytest.ini', 'setup.py', 'tox.ini'];

/** The build scripts that make a project a Gradle one (a settings file alone names a multi-project build). */
const GRADLE_MANIFESTS = ['build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts'];

/** Whether the project carries the Gradle wrapper: then its own `./gradlew` runs the build, at its pinned version. */
function hasGradleWrapper(root: string): boolean {
  return existsSync(join(root, 'gradlew'));
}

/** What of the project a runner's setup depends on besides its runner. */
export interface ProjectTraits {
  /** The Gradle wrapper (`gradlew`) is in the project root. */
  gradleWrapper?: boolean;
}

export function projectTraits(root: string): ProjectTraits {
  return { gradleWrapper: hasGradleWrapper(root) };
}

function packageDependencies(root: string): Set<string> | undefined {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(
      `cannot read package.json to find the test runner: ${(error as Error).message} (fix it, or name the runner with --runner)`,
    );
  }
  const deps = new Set<string>();
  for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const table = pkg[key];
    if (table !== null && typeof table === 'object') for (const name of Object.keys(table)) deps.add(name);
  }
  const scripts = pkg.scripts;
  if (scripts !== null && typeof scripts === 'object' && 'test' in scripts) deps.add('<test script>');
  return deps;
}

/**
 * Every runner the project's manifests name: vitest or jest from
 * package.json (vitest first when both), pytest from a Python manifest,
 * `cargo test` from Cargo.toml, `go test` from go.mod, Maven from pom.xml,
 * Gradle from a build or settings script.
 * Node's own runner when package.json has a test script and names neither
 * vitest nor jest, or when nothing else is found. A package.json that only
 * holds factline itself (`npm install --save-dev` writes one in a Python
 * project) makes no JavaScript project.
 */
// @implements adoption#INIT-DETECTS-RUNNER
// @implements adoption#ONE-RUNNER-DETECTOR
export function detectRunners(root: string): Detected[] {
  const found: Detected[] = [];
  const deps = packageDependencies(root);
  if (deps?.has('vitest')) found.push({ runner: 'vitest', why: 'package.json depends on vitest' });
  else if (deps?.has('jest')) found.push({ runner: 'jest', why: 'package.json depends on jest' });
  else if (deps?.has('<test script>'))
    found.push({
      runner: 'node',
      why: "package.json has a test script naming neither vitest nor jest: node's own test runner",
    });
  const python = PYTHON_MANIFESTS.find((f) => existsSync(join(root, f)));
  if (python !== undefined) found.push({ runner: 'pytest', why: `${python}: a Python project, pytest` });
  if (existsSync(join(root, 'Cargo.toml'))) found.push({ runner: 'cargo', why: 'Cargo.toml: cargo test' });
  if (existsSync(join(root, 'go.mod'))) found.push({ runner: 'go', why: 'go.mod: go test' });
  if (existsSync(join(root, 'pom.xml'))) found.push({ runner: 'maven', why: 'pom.xml: Maven Surefire' });
  // @implements adoption#INIT-GRADLE
  const gradle = GRADLE_MANIFESTS.find((f) => existsSync(join(root, f)));
  if (gradle !== undefined) {
    const wrapper = hasGradleWrapper(root) ? ', run by its wrapper ./gradlew' : '';
    found.push({ runner: 'gradle', why: `${gradle}: Gradle's test task${wrapper}` });
  }
  if (found.length > 0) return found;
  return [
    {
      runner: 'node',
      why:
        deps === undefined
          ? "no package.json: node's own test runner"
          : "package.json names neither vitest nor jest: node's own test runner",
    },
  ];
}
