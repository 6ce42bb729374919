/**
 * Test files written from a grammar of the ways a test is declared, each
 * test citing a fact of its own (`@verifies gen#C17`), for the never-run
 * differential (test/system/checks/never-run-differential.test.ts): the real
 * runner says which tests ran and passed, `factline check` says which facts
 * it counts as verified, and no fact may be counted whose test did not run.
 *
 * Per runner the grammar is what that runner accepts: vitest's chainable
 * modifiers in any order, Jest's fixed list of chains, node:test's options
 * and context, pytest's and unittest's decorators, marks and imports, Rust's
 * test attributes (rstest's through a local proc-macro shaped as rstest's),
 * Go's test, fuzz, benchmark and example functions with `t.Skip()` forms in
 * their bodies, names and signatures go test does or does not call, a
 * file's build constraint, `TestMain` and the `testing` import's name.
 * Every case has a file of its own (a file that fails to load takes only its
 * own case down), except Rust, whose cases share one test crate.
 * Seeded: the same seed writes the same files.
 */

export type Runner = 'vitest' | 'jest' | 'node' | 'pytest' | 'cargo' | 'go';

export interface Case {
  /** The fact it cites: `C17`. */
  id: string;
  /** What was generated, for a failure message. */
  form: string;
  /** Where it goes in the runner's project, and the file's text (Rust: the test function's text). */
  file: string;
  text: string;
  /** The title or name the runner reports for the test that must pass (the case's one test). */
  reported: string;
}

/** mulberry32: small, seeded, the same sequence everywhere. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const chance = (r: Rand, p: number): boolean => r() < p;

/** A member as written: `.skip`, or `['skip']` one time in five. */
function member(r: Rand, name: string): string {
  if (!chance(r, 0.2)) return `.${name}`;
  const q = pick(r, ["'", '"', '`']);
  return `[${q}${name}${q}]`;
}

/** Cases per file: an `.only`, a module mark or a file that fails to load reaches its neighbours, as in real suites. */
const PER_FILE = 4;

/** What each file starts with, once. */
export function fileHead(runner: Runner): string {
  switch (runner) {
    case 'node':
      return `import { describe, it, suite, test } from 'node:test';\n${FLAG_JS}\n`;
    case 'pytest':
      return `${PY_HEAD}\n\n`;
    case 'cargo':
      return '#![allow(unused_imports)]\nuse rstest::rstest;\n\n';
    case 'go':
      // Each Go file's head (package, imports, TestMain) is its first case's text.
      return '';
    default:
      // vitest and Jest give their functions as globals (the project folder has no node_modules to import from).
      return `${FLAG_JS}\n`;
  }
}

const CONDITIONS = ['true', 'false', 'FLAG', '!0', '0', '1', '!FLAG'];
const FLAG_JS = "const FLAG = process.env.NEVER_RUN_FLAG === '1';\n";

/** vitest and node:test: a test or suite call from roots, chains, tables, conditions, options, aliases and an `.only` elsewhere. */
export function jsCases(runner: 'vitest' | 'jest' | 'node', count: number, seed: number): Case[] {
  const r = random(seed);
  const out: Case[] = [];
  for (let n = 1; n <= count; n++) {
    const id = `C${n}`;
    const title = `c${n}`;
    let root: string;
    let members: string[] = [];
    let curried: string | undefined;
    let options: string | undefined;
    let contextSkip = false;
    if (runner === 'vitest') {
      root = pick(r, ['it', 'test', 'describe', 'suite']);
      const suite = root === 'describe' || root === 'suite';
      const pool = suite
        ? ['skip', 'only', 'todo', 'concurrent', 'sequential', 'shuffle']
        : ['skip', 'only', 'todo', 'concurrent', 'sequential', 'fails'];
      const k = pick(r, [0, 0, 1, 1, 1, 2]);
      for (let i = 0; i < k; i++) {
        const m = pick(r, pool);
        if (!members.includes(m)) members.push(m);
      }
      if (chance(r, 0.35)) {
        const c = pick(r, suite ? ['each', 'skipIf', 'runIf'] : ['each', 'for', 'skipIf', 'runIf']);
        curried = c === 'each' || c === 'for' ? `.${c}([1])` : `.${c}(${pick(r, CONDITIONS)})`;
      }
      if (chance(r, 0.3))
        options = pick(r, [
          '{ skip: true }',
          '{ skip: false }',
          '{ todo: true }',
          '{ only: true }',
          '{ timeout: 5000 }',
          '{ skip: FLAG }',
          "{ skip: 'later' }",
          '{ fails: true }',
          '{ concurrent: true }',
          '{ retry: 0, skip: !0 }',
        ]);
    } else if (runner === 'jest') {
      root = pick(r, ['it', 'test', 'describe', 'xit', 'xtest', 'xdescribe', 'fit', 'fdescribe']);
      const chains: Record<string, string[]> = {
        it: [
          '',
          '.only',
          '.skip',
          '.todo',
          '.concurrent',
          '.concurrent.only',
          '.concurrent.skip',
          '.failing',
          '.only.failing',
          '.skip.failing',
          '.each',
          '.only.each',
          '.skip.each',
          '.concurrent.each',
          '.concurrent.only.each',
          '.concurrent.skip.each',
          '.failing.each',
        ],
        describe: ['', '.only', '.skip', '.each', '.only.each', '.skip.each'],
        xit: ['', '.each'],
        xdescribe: ['', '.each'],
        fit: ['', '.each', '.failing'],
        fdescribe: ['', '.each'],
      };
      const chain = pick(r, chains[root === 'test' ? 'it' : root === 'xtest' ? 'xit' : root]!);
      members = chain.split('.').filter((m) => m !== '');
      if (members[members.length - 1] === 'each') {
        members.pop();
        curried = '.each([1])';
      }
    } else {
      root = pick(r, ['it', 'test', 'describe', 'suite']);
      if (chance(r, 0.4)) members = [pick(r, ['skip', 'todo', 'only'])];
      if (chance(r, 0.4))
        options = pick(r, [
          '{ skip: true }',
          '{ skip: false }',
          "{ skip: 'later' }",
          '{ todo: true }',
          "{ todo: 'later' }",
          '{ only: true }',
          '{ timeout: 5000 }',
          '{ skip: FLAG }',
          '{ concurrency: 1 }',
        ]);
      contextSkip = root !== 'describe' && root !== 'suite' && chance(r, 0.15);
    }
    const suite = root === 'describe' || root === 'suite' || root === 'xdescribe' || root === 'fdescribe';
    const todo = members.includes('todo');
    const alias = chance(r, 0.15) ? `later${n}` : undefined;
    const written = `${root}${members.map((m) => member(r, m)).join('')}`;
    const callee = alias ?? written;
    const table = curried?.startsWith('.each') || curried?.startsWith('.for');
    const named = table ? `${title} %s` : title;
    const reported = suite ? `${title}_in` : table ? `${title} 1` : title;
    const args =
      table && runner !== 'vitest' ? '(row)' : table && curried?.startsWith('.for') ? '(row)' : '()';
    let body: string;
    // A suite verifies through its tests: the one inside it may itself never run.
    const inner = pick(r, ['it', 'it', 'it', 'it', 'it.skip', 'it.todo']);
    if (suite)
      body = `${args} => {\n  ${inner === 'it.todo' && runner === 'jest' ? `it.todo('${title}_in')` : `${inner}('${title}_in', () => {})`};\n}`;
    else if (contextSkip) body = '(t) => {\n  t.skip();\n}';
    else body = `${args} => {}`;
    // Jest's todo takes no function; vitest's and node's take one or none.
    const call =
      todo && (runner === 'jest' || chance(r, 0.5))
        ? `${callee}${curried ?? ''}('${named}');`
        : `${callee}${curried ?? ''}('${named}', ${options === undefined ? '' : `${options}, `}${body});`;
    const only = chance(r, 0.08);
    const onlyLine =
      runner === 'node' ? "test.only('focused', () => {});\n" : "it.only('focused', () => {});\n";
    const onlyFirst = chance(r, 0.5);
    const lines = [
      alias === undefined ? '' : `const ${alias} = ${written};\n`,
      only && onlyFirst ? onlyLine : '',
      `// @verifies gen#${id}\n${call}\n`,
      only && !onlyFirst ? onlyLine : '',
    ];
    const ext = runner === 'node' ? 'mjs' : runner === 'jest' ? 'js' : 'ts';
    const group = Math.ceil(n / PER_FILE);
    out.push({
      id,
      form: `${alias === undefined ? '' : `${alias} = `}${written}${curried ?? ''}(${options ?? ''})${contextSkip ? ' t.skip()' : ''}${only ? ' +.only elsewhere' : ''}`,
      file: `test/g${group}.test.${ext}`,
      text: lines.join(''),
      reported,
    });
  }
  return out;
}

const PY_DECORATORS = [
  '@pytest.mark.skip',
  '@pytest.mark.skip(reason="later")',
  '@mark.skip',
  '@pt.mark.skip',
  '@skip("later")',
  '@unittest.skip("later")',
  '@pytest.mark.skipif(True, reason="x")',
  '@pytest.mark.skipif(False, reason="x")',
  '@pytest.mark.skipif(FLAG, reason="x")',
  '@skipIf(True, "x")',
  '@skipIf(False, "x")',
  '@skipUnless(True, "x")',
  '@skipUnless(FLAG, "x")',
  '@pytest.mark.xfail',
  '@pytest.mark.xfail(run=False)',
  '@pytest.mark.slow',
  '@pytest.mark.parametrize("x", [1])',
  '@pytest.mark.parametrize("x", [])',
  '@pytest.mark.usefixtures()',
];
const PY_MARKS = [
  'pytest.mark.skip',
  '[pytest.mark.skip]',
  'pytest.mark.skipif(False, reason="x")',
  'pytest.mark.skipif(True, reason="x")',
  '[pytest.mark.slow]',
  'mark.skip(reason="x")',
];
const PY_HEAD = `import os
import unittest
import pytest
import pytest as pt
from pytest import mark
from unittest import skip, skipIf, skipUnless

FLAG = os.environ.get("NEVER_RUN_FLAG") == "1"
`;

/** pytest and unittest: functions, methods of pytest classes and of TestCase classes, their decorators, class and module marks. */
export function pythonCases(count: number, seed: number): Case[] {
  const r = random(seed);
  const out: Case[] = [];
  for (let n = 1; n <= count; n++) {
    const id = `C${n}`;
    const kind = pick(r, ['function', 'function', 'pytest class', 'unittest class']);
    const decorators: string[] = [];
    const k = pick(r, [0, 1, 1, 1, 2]);
    for (let i = 0; i < k; i++) {
      const d = pick(r, PY_DECORATORS);
      if (kind === 'unittest class' && d.includes('parametrize')) continue;
      if (!decorators.some((x) => x.includes('parametrize')) || !d.includes('parametrize'))
        decorators.push(d);
    }
    const parametrized = decorators.some((d) => d.includes('parametrize'));
    const body = chance(r, 0.1)
      ? kind === 'unittest class'
        ? 'self.skipTest("x")'
        : 'pytest.skip("x")'
      : 'pass';
    const name = `test_c${n}`;
    const moduleMark = chance(r, 0.1) ? `pytestmark = ${pick(r, PY_MARKS)}\n\n` : '';
    const cite = `# @verifies gen#${id}`;
    let text: string;
    let form: string;
    const params = parametrized ? ', x' : '';
    if (kind === 'function') {
      text = `${moduleMark}${cite}\n${decorators.map((d) => `${d}\n`).join('')}def ${name}(${params.slice(2)}):\n    ${body}\n`;
      form = `${moduleMark.trim()} ${decorators.join(' ')} def ${body}`;
    } else {
      const classDecorators = chance(r, 0.3)
        ? [
            pick(
              r,
              PY_DECORATORS.filter((d) => !d.includes('parametrize')),
            ),
          ]
        : [];
      const classMark = chance(r, 0.15) ? `    pytestmark = ${pick(r, PY_MARKS)}\n\n` : '';
      const onClass = chance(r, 0.2);
      const base = kind === 'unittest class' ? `Case${n}(unittest.TestCase)` : `TestC${n}`;
      text =
        `${moduleMark}${onClass ? `${cite}\n` : ''}${classDecorators.map((d) => `${d}\n`).join('')}class ${base}:\n` +
        `${classMark}${onClass ? '' : `    ${cite}\n`}${decorators.map((d) => `    ${d}\n`).join('')}` +
        `    def ${name}(self${params}):\n        ${body}\n`;
      form = `${moduleMark.trim()} ${classDecorators.join(' ')} ${kind} ${classMark.trim()} ${decorators.join(' ')} ${onClass ? '(cites the class)' : ''} ${body}`;
    }
    out.push({
      id,
      form: form.replace(/\s+/g, ' ').trim(),
      file: `tests/test_g${Math.ceil(n / PER_FILE)}.py`,
      text,
      reported: parametrized ? `${name}[1]` : name,
    });
  }
  return out;
}

const RUST_ATTRIBUTES = [
  ['#[test]'],
  ['#[test]', '#[ignore]'],
  ['#[ignore]', '#[test]'],
  ['#[test]', '#[ignore = "slow"]'],
  ['#[rstest]'],
  ['#[rstest]', '#[ignore]'],
  ['#[ignore]', '#[rstest]'],
  ['#[test]', '#[cfg_attr(all(), ignore)]'],
  ['#[test]', '#[cfg_attr(any(), ignore)]'],
  ['#[test]', '#[should_panic]'],
];

/** Rust: test functions of one integration test crate, under their attributes, some inside a module. */
export function rustCases(count: number, seed: number): Case[] {
  const r = random(seed);
  const out: Case[] = [];
  for (let n = 1; n <= count; n++) {
    const id = `C${n}`;
    const attributes = pick(r, RUST_ATTRIBUTES);
    const name = `c${n}`;
    const body = attributes.includes('#[should_panic]') ? '{ panic!("expected") }' : '{}';
    const fn = `// @verifies gen#${id}\n${attributes.join('\n')}\nfn ${name}() ${body}\n`;
    const nested = chance(r, 0.3);
    out.push({
      id,
      form: `${nested ? 'mod > ' : ''}${attributes.join(' ')}`,
      file: 'tests/gen.rs',
      text: nested ? `mod m${n} {\n    use rstest::rstest;\n${fn.replace(/^/gm, '    ')}}\n` : fn,
      reported: nested ? `m${n}::${name}` : name,
    });
  }
  return out;
}

/** How a Go file names the testing package, and how a qualified name reads under it. */
const GO_IMPORTS = [
  { line: 'import "testing"', q: 'testing.' },
  { line: 'import tst "testing"', q: 'tst.' },
  { line: 'import . "testing"', q: '' },
];

/** The start of a test body, with `P` for the parameter's name and `Q` for the package qualifier. */
const GO_BODIES = [
  '',
  '',
  '',
  'P.Skip("later")',
  'P.SkipNow()',
  'P.Skipf("%s", "later")',
  'P.Parallel()\n\tP.Skip()',
  'P.Helper()\n\tP.SkipNow()',
  '// first, a note\n\tP.Skip()',
  '_ = 1\n\tP.Skip()',
  'if Q.Short() {\n\t\tP.Skip()\n\t}',
  'if false {\n\t\tP.Skip()\n\t}',
  'P.Run("sub", func(P *QT) { P.Skip() })',
  'x := "P.Skip()"\n\t_ = x',
  '/* P.Skip() */',
];

/** Go: one package (one test file) per few cases, each case a function of its own form; go test -json is the oracle. */
export function goCases(count: number, seed: number): Case[] {
  const r = random(seed);
  const out: Case[] = [];
  for (let first = 1; first <= count; first += PER_FILE) {
    const pkg = `p${Math.ceil(first / PER_FILE)}`;
    const imp = pick(r, GO_IMPORTS);
    const q = imp.q;
    const constraint = chance(r, 0.08);
    const main = pick(r, ['none', 'none', 'none', 'none', 'none', 'none', 'runs', 'runs nothing']);
    const fileForms = [
      constraint ? '//go:build ignore' : '',
      imp.line,
      main === 'none' ? '' : `TestMain ${main}`,
    ];
    let head =
      `${constraint ? '//go:build ignore\n\n' : ''}package ${pkg}\n\n${imp.line}\n` +
      `${main === 'runs' ? 'import "os"\n' : ''}\nvar _ = ${q}Short\n\n`;
    if (main === 'runs') head += `func TestMain(m *${q}M) { os.Exit(m.Run()) }\n\n`;
    if (main === 'runs nothing') head += `func TestMain(m *${q}M) {}\n\n`;
    for (let n = first; n < first + PER_FILE && n <= count; n++) {
      const id = `C${n}`;
      const kind = pick(r, [
        'Test',
        'Test',
        'Test',
        'Test',
        'Fuzz',
        'Example',
        'Benchmark',
        'lower-case',
        'method',
        'wrong signature',
      ]);
      const param = kind === 'Fuzz' ? 'f' : pick(r, ['t', 't', 'tt', '_']);
      // testing.F has no Parallel and no Run: those bodies are for tests only.
      const bodies = kind === 'Fuzz' ? GO_BODIES.filter((b) => !/Parallel|Run\(/.test(b)) : GO_BODIES;
      const body = param === '_' ? pick(r, ['', '/* _.Skip() */']) : pick(r, bodies);
      const code = body
        .replace(/\bP\b/g, param)
        .replace(/\bQT\b/g, `${q}T`)
        .replace(/\bQ\./g, q);
      const cite = `// @verifies gen#${id}\n`;
      let fn: string;
      let name: string;
      if (kind === 'Test' || kind === 'wrong signature') {
        name = chance(r, 0.2) ? `Test_c${n}` : `TestC${n}`;
        fn = `func ${name}(${param} *${q}${kind === 'Test' ? 'T' : 'B'}) {\n\t${code}\n}\n`;
      } else if (kind === 'Fuzz') {
        name = `FuzzC${n}`;
        fn = `func ${name}(f *${q}F) {\n\t${code}\n\tf.Add(1)\n\tf.Fuzz(func(t *${q}T, n int) {})\n}\n`;
      } else if (kind === 'Example') {
        name = `Example_c${n}`;
        fn = `func ${name}() {\n${chance(r, 0.5) ? '\t// Output:\n' : ''}}\n`;
      } else if (kind === 'Benchmark') {
        name = `BenchmarkC${n}`;
        fn = `func ${name}(b *${q}B) {\n\tfor i := 0; i < b.N; i++ {\n\t}\n}\n`;
      } else if (kind === 'lower-case') {
        name = `Testc${n}`;
        fn = `func ${name}(t *${q}T) {}\n`;
      } else {
        name = `TestC${n}`;
        fn = `type s${n} struct{}\n\n${cite}func (s${n}) ${name}(t *${q}T) {}\n`;
      }
      const text = `${n === first ? head : ''}${kind === 'method' ? fn : `${cite}${fn}`}`;
      out.push({
        id,
        form: `${fileForms.filter(Boolean).join(' ')} | ${kind} ${name}(${param}) { ${code.replace(/\s+/g, ' ')} }`,
        file: `tests/${pkg}/${pkg}_test.go`,
        text,
        reported: `gen/tests/${pkg}.${name}`,
      });
    }
  }
  return out;
}

/** A declaration that is no test, in each runner's language, for a citation to sit above. */
function helperDeclaration(runner: Runner, n: number): string {
  switch (runner) {
    case 'pytest':
      return `HELPER_${n} = ${n}\n`;
    case 'cargo':
      return `#[allow(dead_code)]\nconst HELPER_${n}: u32 = ${n};\n`;
    case 'go':
      return `func helper${n}() {}\n`;
    default:
      return `const helper${n} = ${n};\n`;
  }
}

/**
 * About one case in ten (picked by its own seed, so the others stay as they
 * were) with its citation moved off its test onto a declaration after it that
 * no runner runs: a helper, as a file-header citation or one left behind by
 * a moved test would be. Its test still runs, but no test carries the
 * citation, so the name it must be reported under is one no runner reports.
 */
export function withDetached(cases: readonly Case[], runner: Runner, seed: number): Case[] {
  const r = random(seed ^ 0x5eed);
  return cases.map((c, i) => {
    if (!chance(r, 0.1)) return c;
    const cite = new RegExp(`^[ \\t]*(?:#|//) @verifies gen#${c.id}\\n`, 'm');
    if (!cite.test(c.text)) return c;
    const comment = runner === 'pytest' ? '#' : '//';
    return {
      ...c,
      form: `cited on a helper, not the test: ${c.form}`,
      text: `${c.text.replace(cite, '')}\n${comment} @verifies gen#${c.id}\n${helperDeclaration(runner, i + 1)}`,
      reported: `no test carries gen#${c.id}`,
    };
  });
}
