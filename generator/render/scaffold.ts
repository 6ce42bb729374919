/**
 * Test stubs for facts nobody verifies yet (`factline scaffold`): one file
 * per spec, in the project's runner, each stub citing its fact and marked
 * todo or skipped, so the runner reports it as not run and the gate, reading
 * the results, reports `verification-skipped` until someone writes the test.
 * Titles and comments go through the language table's escaping. Pure.
 */
import {
  escapeString,
  inertLineComment,
  jsControl,
  oneLine,
  pythonControl,
  rustControl,
  visibleControls,
} from './languages/escape.ts';

export const RUNNERS = ['vitest', 'jest', 'node', 'pytest', 'cargo'] as const;
export type Runner = (typeof RUNNERS)[number];

export interface StubFact {
  address: string;
  doc: string;
  id: string;
  /** The spec file, named in the stub file's header. */
  file: string;
  summary: string;
}

export interface StubFile {
  path: string;
  text: string;
  facts: string[];
}

const snake = (id: string) =>
  id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
const fileStem = (doc: string) => doc.replace(/[^A-Za-z0-9_-]+/g, '-');
/** Text in a stub's line comment: no line break survives (`//`, `#`), nothing invisible, no citation keyword. */
const comment = inertLineComment;
/** The citation itself: one line, its keyword kept. */
const citation = (ref: string) => visibleControls(oneLine(ref));
const jsString = (text: string) => `'${escapeString(text, "'", jsControl)}'`;
const title = (f: StubFact) => `${f.id}: ${oneLine(f.summary)}`;

function header(opener: string, spec: string): string[] {
  return [
    `${opener} Test stubs written by \`factline scaffold\` for facts of ${comment(spec)} that no test verifies yet.`,
    `${opener} Each stub is marked todo/skip: the gate reports it as verification-skipped until the test is written and passes.`,
  ];
}

/** How a stub is written into a file: the citation as written (pin included), and a JS file's test function. */
export interface StubStyle {
  ref?: string;
  callee?: 'it' | 'test';
}

/**
 * One stub in a language's form: the citing comment, then a test marked never
 * to run (`it.todo`, `@pytest.mark.skip`, `#[ignore]`). vitest, Jest and
 * node:test all read `it.todo(title)`. The gate reads the marker from the
 * source, and the runner reports the test as not run, so the fact stays
 * `verification-skipped` with or without results until the test is written.
 * `factline scaffold` and the editor's quick fix both write this.
 */
// @implements generator#SCAFFOLD-STUBS-STAY-RED
export function stubLines(language: 'js' | 'python' | 'rust', f: StubFact, style: StubStyle = {}): string[] {
  const ref = style.ref ?? f.address;
  switch (language) {
    case 'js':
      return [
        `// @verifies ${citation(ref)} — ${comment(f.summary)}`,
        `${style.callee ?? 'it'}.todo(${jsString(title(f))});`,
      ];
    case 'python':
      return [
        `# @verifies ${citation(ref)} — ${comment(f.summary)}`,
        `@pytest.mark.skip(reason='${escapeString(`todo: write the test that verifies ${f.address}`, "'", pythonControl)}')`,
        `def test_${snake(f.id)}():`,
        '    pass',
      ];
    case 'rust':
      return [
        `// @verifies ${citation(ref)} — ${comment(f.summary)}`,
        '#[test]',
        `#[ignore = "${escapeString(`todo: write the test that verifies ${f.address}`, '"', rustControl)}"]`,
        `fn verifies_${snake(f.id)}() {}`,
      ];
  }
}

function jsFile(runner: 'vitest' | 'jest' | 'node', doc: string, facts: readonly StubFact[]): string {
  const imports =
    runner === 'vitest'
      ? ["import { describe, it } from 'vitest';", '']
      : runner === 'node'
        ? ["import { describe, it } from 'node:test';", '']
        : [];
  const stub = (f: StubFact) => stubLines('js', f).map((line) => `  ${line}`);
  return [
    ...header('//', facts[0]!.file),
    ...imports,
    `describe(${jsString(doc)}, () => {`,
    ...facts.flatMap((f, i) => [...(i > 0 ? [''] : []), ...stub(f)]),
    '});',
    '',
  ].join('\n');
}

function pythonFile(facts: readonly StubFact[]): string {
  return [
    ...header('#', facts[0]!.file),
    'import pytest',
    ...facts.flatMap((f) => ['', '', ...stubLines('python', f)]),
    '',
  ].join('\n');
}

function rustFile(facts: readonly StubFact[]): string {
  return [...header('//', facts[0]!.file), ...facts.flatMap((f) => ['', ...stubLines('rust', f)]), ''].join(
    '\n',
  );
}

/** Where a runner's stub file for one spec goes. */
export function stubPath(runner: Runner, doc: string): string {
  const stem = fileStem(doc);
  switch (runner) {
    case 'vitest':
      return `test/scaffold/${stem}.test.ts`;
    case 'jest':
      return `test/scaffold/${stem}.test.js`;
    case 'node':
      return `test/scaffold/${stem}.test.mjs`;
    case 'pytest':
      return `tests/test_scaffold_${snake(stem)}.py`;
    case 'cargo':
      return `tests/scaffold_${snake(stem)}.rs`;
  }
}

/** One stub file per spec document, its facts in the order given. */
export function scaffoldStubs(facts: readonly StubFact[], runner: Runner): StubFile[] {
  const byDoc = new Map<string, StubFact[]>();
  for (const f of facts) byDoc.set(f.doc, [...(byDoc.get(f.doc) ?? []), f]);
  return [...byDoc].map(([doc, group]) => ({
    path: stubPath(runner, doc),
    facts: group.map((f) => f.address),
    text:
      runner === 'pytest'
        ? pythonFile(group)
        : runner === 'cargo'
          ? rustFile(group)
          : jsFile(runner, doc, group),
  }));
}
