/**
 * `factline results-from cargo|go`: a runner's plain output turned into
 * JUnit XML whose every test names its file, so `check --results` joins it.
 * libtest says which file a test binary was built from and the test's module
 * path; `go test -json` says the package. The file of each test is found
 * here, in the project: a Rust module path is followed through the module
 * files (`a.rs` or `a/mod.rs`, else a module inline in its parent), a Go
 * test function is looked for in its package's `_test.go` files. A test
 * whose file cannot be found is left out and named, never guessed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { junitXml, type WrittenTest } from '../checks/results/junit-write.ts';
import { type RunnerTest, readCargoTestOutput, readGoTestJson } from '../checks/results/runner-output.ts';
import { rustModulePath } from '../checks/scan/rust.ts';
import { UsageError } from './errors.ts';

export const RESULTS_FROM = ['cargo', 'go'] as const;
export type ResultsFrom = (typeof RESULTS_FROM)[number];

export interface Converted {
  xml: string;
  tests: WrittenTest[];
  /** Tests left out: their file could not be found (name and why). */
  unplaced: string[];
  /** No test ran because the code did not build. */
  buildFailed: boolean;
}

const isFile = (root: string, path: string) => existsSync(join(root, path));

/**
 * The file that holds a libtest test and the name the Rust scanner gives it
 * there (its module path from the file, then the inline modules, then the
 * function), from the binary's root file and libtest's `a::b::test` path.
 */
export function rustTestPlace(
  root: string,
  binaryRoot: string,
  name: string,
): { file: string; title: string } {
  const segments = name.split('::');
  const fn = segments.pop()!;
  let file = binaryRoot;
  // A crate root keeps its submodules beside it, and so does a mod.rs; `a.rs` keeps them in `a/`.
  let dir = posix.dirname(file);
  const inline: string[] = [];
  for (const segment of segments) {
    if (inline.length === 0 && isFile(root, posix.join(dir, `${segment}.rs`))) {
      file = posix.join(dir, `${segment}.rs`);
      dir = posix.join(dir, segment);
    } else if (inline.length === 0 && isFile(root, posix.join(dir, segment, 'mod.rs'))) {
      file = posix.join(dir, segment, 'mod.rs');
      dir = posix.join(dir, segment);
    } else inline.push(segment);
  }
  return { file, title: [rustModulePath(file), ...inline, fn].join('::') };
}

/** The project-relative path of a file cargo named relative to its package (a workspace member's own folder). */
function underProject(root: string, path: string): string | undefined {
  if (isFile(root, path)) return path;
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 3) return;
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (
        !entry.isDirectory() ||
        entry.name.startsWith('.') ||
        ['target', 'node_modules'].includes(entry.name)
      )
        continue;
      const sub = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (isFile(root, `${sub}/Cargo.toml`) && isFile(root, `${sub}/${path}`)) found.push(`${sub}/${path}`);
      walk(sub, depth + 1);
    }
  };
  walk('', 0);
  return found.length === 1 ? found[0] : undefined;
}

// @implements results#RESULTS-FROM-CARGO
export function fromCargo(root: string, text: string): Converted {
  const { tests, compileFailed } = readCargoTestOutput(text);
  const out: WrittenTest[] = [];
  const unplaced: string[] = [];
  for (const t of tests) {
    if (t.docFile !== undefined) {
      const file = underProject(root, t.docFile);
      if (file !== undefined) out.push(written(file, t.name, t));
      continue;
    }
    const binary = t.root === undefined ? undefined : underProject(root, t.root);
    if (binary === undefined) {
      unplaced.push(
        `${t.name}: ${t.root === undefined ? 'cargo named no source file for its test binary (cargo 1.68 or newer does)' : `${t.root} is not in the project`}`,
      );
      continue;
    }
    const place = rustTestPlace(root, binary, t.name);
    out.push(written(place.file, place.title, t));
  }
  return { xml: junitXml('cargo test', out), tests: out, unplaced, buildFailed: compileFailed };
}

function written(file: string, name: string, t: RunnerTest): WrittenTest {
  return { file, name, status: t.status, ...(t.failure !== undefined ? { failure: t.failure } : {}) };
}

/** The module path go.mod declares, or undefined. */
function goModule(root: string): string | undefined {
  try {
    return /^module\s+(\S+)/m.exec(readFileSync(join(root, 'go.mod'), 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

// @implements results#RESULTS-FROM-GO
export function fromGo(root: string, text: string): Converted {
  const module = goModule(root);
  const out: WrittenTest[] = [];
  const unplaced: string[] = [];
  const testFiles = new Map<string, { file: string; text: string }[]>();
  const filesOf = (dir: string) => {
    let files = testFiles.get(dir);
    if (files === undefined) {
      files = existsSync(join(root, dir))
        ? readdirSync(join(root, dir))
            .filter((f) => f.endsWith('_test.go'))
            .sort()
            .map((f) => {
              const file = dir === '' ? f : `${dir}/${f}`;
              return { file, text: readFileSync(join(root, file), 'utf8') };
            })
        : [];
      testFiles.set(dir, files);
    }
    return files;
  };
  let buildFailed = false;
  for (const t of readGoTestJson(text)) {
    const pkg = t.pkg!;
    const dir =
      module === undefined
        ? undefined
        : pkg === module
          ? ''
          : pkg.startsWith(`${module}/`)
            ? pkg.slice(module.length + 1)
            : undefined;
    if (dir === undefined) {
      unplaced.push(
        `${pkg}${t.name ? `.${t.name}` : ''}: the package is not under go.mod's module ${module ?? '(no go.mod)'}`,
      );
      continue;
    }
    if (t.wholePackage) {
      buildFailed = true;
      // Every test file of a package that did not build failed: a testcase named after the file says so.
      for (const f of filesOf(dir))
        out.push({
          file: f.file,
          name: f.file,
          status: 'failed',
          failure: t.failure ?? 'the package failed',
        });
      continue;
    }
    const declares = new RegExp(`^func ${t.name}\\s*\\(`, 'm');
    const holders = filesOf(dir).filter((f) => declares.test(f.text));
    if (holders.length !== 1) {
      unplaced.push(
        `${pkg}.${t.name}: ${holders.length === 0 ? `no _test.go file in ${dir || '.'} declares it` : 'declared in several files'}`,
      );
      continue;
    }
    out.push(written(holders[0]!.file, t.name, t));
  }
  return { xml: junitXml('go test', out), tests: out, unplaced, buildFailed };
}

export function convertRunnerOutput(kind: ResultsFrom, root: string, text: string): Converted {
  return kind === 'cargo' ? fromCargo(root, text) : fromGo(root, text);
}

/** A runner's saved output, named relative to where the command runs. */
export function readRunnerOutput(cwd: string, file: string): string {
  try {
    return readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as Error).message} (save the runner's output there, or pipe it in)`,
    );
  }
}
