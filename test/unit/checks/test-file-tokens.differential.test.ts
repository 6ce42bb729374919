/**
 * What a TS/JS file says about its tests running (checks/scan/test-runs.ts
 * readTestFile) is read from the tokens the skim kept, so the file is lexed
 * once. Held here to the answer from the file's own lexing, the way it was
 * read before, file by file: on real code nobody here wrote
 * (../shared/corpus/js-real), on the never-run differential's generated test
 * files (every spelling of skip, only, todo, options, aliases and context
 * skips the runners accept), and on factline's own tests. Where the two token
 * streams differ at all, it is at a `/` the skim reads as TypeScript does.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tagCandidates } from '../../../checks/scan/refs.ts';
import { BINDING_WORDS, bindingTokens, readTestFile } from '../../../checks/scan/test-runs.ts';
import { Skimmer } from '../../../checks/scan/ts-skim.ts';
import { lexTokens, TokenList } from '../../../checks/scan/ts-token-list.ts';
import { newScanCounts, scanTypeScript } from '../../../checks/scan/typescript.ts';
import { REPO } from '../../support/cli.ts';
import { filesUnder } from '../../support/files-under.ts';
import { fileHead, jsCases } from '../../support/never-run-forms.ts';

const CORPUS = resolve(REPO, '../shared/corpus/js-real');
const TS_JS = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const JSX_FILE = /\.(?:[jt]sx|[mc]?js)$/;

/** Generated test files of the never-run grammar, four cases a file as the differential writes them. */
function generated(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const runner of ['vitest', 'jest', 'node'] as const) {
    for (let seed = 1; seed <= 12; seed++) {
      const byFile = new Map<string, string[]>();
      for (const c of jsCases(runner, 60, seed)) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c.text]);
      for (const [file, texts] of byFile)
        out.push({ file: `${runner}-${seed}/${file}`, text: fileHead(runner) + texts.join('\n') });
    }
  }
  return out;
}

describe("a test file's runs read from the skim's tokens", () => {
  // @verifies scanner#TEST-FILE-READ-ONCE
  it('are what the file lexed by itself says, on real code, generated test files and our own tests', () => {
    const files = [
      ...filesUnder(CORPUS, (p) => TS_JS.test(p)),
      ...filesUnder(resolve(REPO, 'test'), (p) => TS_JS.test(p)),
    ].map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    files.push(...generated());
    const skimmer = new Skimmer();
    let compared = 0;
    let withCalls = 0;
    const differ: string[] = [];
    for (const { file, text } of files) {
      const skim = skimmer.skim(text, JSX_FILE.test(file), tagCandidates(text), false);
      if (skim.tokens === undefined) continue;
      const fromSkim = readTestFile(text, skim.tokens);
      const ownLex = readTestFile(text);
      compared++;
      if (ownLex.calls.size > 0) withCalls++;
      try {
        expect(fromSkim).toEqual(ownLex);
      } catch {
        differ.push(file);
      }
    }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(files.length * 0.9);
    expect(withCalls).toBeGreaterThan(700);
  }, 300_000);

  // @verifies scanner#TEST-FILE-BINDINGS-BY-SEARCH
  it("finds by search exactly the tokens that are a binding's first word", () => {
    const files = [
      ...filesUnder(CORPUS, (p) => TS_JS.test(p)),
      ...filesUnder(resolve(REPO, 'test'), (p) => TS_JS.test(p)),
    ].map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    files.push(...generated());
    const list = new TokenList();
    const differ: string[] = [];
    let found = 0;
    for (const { file, text } of files) {
      const tokens = lexTokens(text, list);
      const every: number[] = [];
      for (let i = 0; i < tokens.count; i++)
        if (BINDING_WORDS.includes(text.slice(tokens.starts[i]!, tokens.ends[i]!))) every.push(i);
      const searched = bindingTokens(text, tokens);
      found += searched.length;
      if (JSON.stringify(searched) !== JSON.stringify(every)) differ.push(file);
    }
    expect(differ).toEqual([]);
    expect(found).toBeGreaterThan(10_000);
  }, 300_000);

  // @verifies scanner#TEST-FILE-READ-ONCE
  it('is read only where a test call is reached, and lexed again only after JSX', () => {
    const counts = newScanCounts();
    const scan = (file: string, text: string) => scanTypeScript(text, file, { counts });
    // A source file whose walk meets no call: never read for its tests.
    expect(
      scan('src/a.ts', 'export const a = [1, 2];\nlet b = { c: 3 };\n// @implements doc#A\n'),
    ).toHaveLength(1);
    expect([counts.testRuns, counts.testRunsLexed]).toEqual([0, 0]);
    // A call may name a test function bound earlier (`const f = it.skip`): the file is read then.
    expect(scan('src/b.ts', 'f(1);\n// @implements doc#A\n')).toHaveLength(1);
    expect([counts.testRuns, counts.testRunsLexed]).toEqual([1, 0]);
    // A test file: read once, from the skim's tokens; a skipped test still verifies nothing.
    const skipped = scan('a.test.ts', "it.skip('t', () => {\n  // @verifies doc#A\n});\n");
    expect(skipped[0]?.notRun).toBe('skip: it.skip');
    expect([counts.testRuns, counts.testRunsLexed]).toEqual([2, 0]);
    // An `.only` elsewhere in the file leaves this test out.
    const focused = scan(
      'b.test.ts',
      "it.only('o', () => {});\nit('t', () => {\n  // @verifies doc#A\n});\n// @verifies doc#B\n",
    );
    expect(focused.map((c) => [c.id, c.inTest === true, c.notRun])).toEqual([
      ['A', true, 'skip: an .only elsewhere in the file (the runner runs only those)'],
      ['B', false, undefined],
    ]);
    expect([counts.testRuns, counts.testRunsLexed]).toEqual([3, 0]);
    // JSX: the skim's tokens are the parser's reading, so the file is lexed by itself; the answer holds.
    const jsx = scan(
      'c.test.tsx',
      "const x = <p>a</p>;\ndescribe.skip('s', () => {\n  it('t', () => {\n    // @verifies doc#A\n  });\n});\n",
    );
    expect(jsx[0]?.notRun).toBe('skip: describe.skip');
    expect([counts.testRuns, counts.testRunsLexed]).toEqual([4, 1]);
  });

  // @verifies scanner#TEST-FILE-ALIASES-FIRST
  it('is read for its bound names alone at a call, and whole only for a citation inside a test call', () => {
    const counts = newScanCounts();
    const scan = (file: string, text: string) => scanTypeScript(text, file, { counts });
    const read = () => [counts.testRuns, counts.testRunsWhole, counts.testCallsRead];
    // Calls reached, the citation outside every test call: the bound names only.
    expect(scan('src/a.ts', "const x = require('x');\nx.only(1);\n// @implements doc#A\n")).toHaveLength(1);
    expect(read()).toEqual([1, 0, 0]);
    // A call of a name bound to `it.skip`, the citation inside it: read whole.
    const bound = scan(
      'a.test.ts',
      "const later = it.skip;\nlater('t', () => {\n  // @verifies doc#A\n});\n",
    );
    expect(bound[0]?.notRun).toBe('skip: later, later being it.skip');
    expect(read()).toEqual([2, 1, 0]);
    // A mark sees the names bound before it: `later.skip()` ahead of `const later = it` is a context's skip.
    const early = scan(
      'b.test.ts',
      "it('t', () => {\n  later.skip();\n  // @verifies doc#A\n});\nconst later = it;\n",
    );
    expect(early[0]?.notRun).toBe('unknown: the test calls .skip()/.todo() on its context at run time');
    const late = scan(
      'c.test.ts',
      "const later = it;\nit('t', () => {\n  later.skip();\n  // @verifies doc#A\n});\n",
    );
    expect(late[0]?.notRun).toBeUndefined();
    expect(read()).toEqual([4, 3, 0]);
  });

  // @verifies scanner#TEST-FILE-MARKS-BY-WORD
  it("is looked through for marks only where a mark's word stands in the text", () => {
    const counts = newScanCounts();
    const scan = (file: string, text: string) => scanTypeScript(text, file, { counts });
    const read = () => [counts.testRunsWhole, counts.testMarksRead];
    // No mark's word anywhere: the test runs, and its file was not looked through.
    const plain = scan('a.test.ts', "it('t', () => {\n  // @verifies doc#A\n});\n");
    expect(plain[0]?.notRun).toBeUndefined();
    expect(read()).toEqual([1, 0]);
    // The word in a string only: looked through, and no mark found.
    const worded = scan('b.test.ts', "it('only t', () => {\n  // @verifies doc#A\n});\n");
    expect(worded[0]?.notRun).toBeUndefined();
    expect(read()).toEqual([2, 1]);
    // A real mark, in a node:test file: the import is read where the `.only` asks.
    const focused = scan(
      'c.test.mjs',
      "import { it } from 'node:test';\nit.only('o', () => {});\nit('t', () => {\n  // @verifies doc#A\n});\n",
    );
    expect(focused[0]?.notRun).toMatch(/^unknown: an \.only in this node:test file/);
    expect(read()).toEqual([3, 2]);
  });

  // @verifies scanner#TEST-FILE-CALLS-ON-DEMAND
  it('reads every test call only for a citation whose own call is a suite', () => {
    const counts = newScanCounts();
    const scan = (file: string, text: string) => scanTypeScript(text, file, { counts });
    const inTest = scan(
      'a.test.ts',
      "describe('s', () => {\n  it('t', () => {\n    // @verifies doc#A\n  });\n});\n",
    );
    expect(inTest[0]?.notRun).toBeUndefined();
    expect([counts.testRunsWhole, counts.testCallsRead]).toEqual([1, 0]);
    // The suite's answer comes from the tests inside it, which the walk jumped over.
    const inSuite = scan(
      'b.test.ts',
      "describe('s', () => {\n  it.skip('t', () => {});\n  it.todo('u');\n  // @verifies doc#A\n});\n",
    );
    expect(inSuite[0]?.notRun).toBe('skip: no test in the suite runs');
    expect([counts.testRunsWhole, counts.testCallsRead]).toEqual([2, 1]);
  });

  // @verifies scanner#TEST-FILE-CALLS-ON-DEMAND
  it('refuses a read on demand once its token list holds another file, and answers before', () => {
    const first = "describe('s', () => {\n  it('t', () => {});\n});\n";
    const list = lexTokens(first, new TokenList());
    const file = readTestFile(first, list);
    expect(file.calls.size).toBeGreaterThan(0);
    const other = lexTokens(first, new TokenList());
    const late = readTestFile(first, other);
    // The scanner reuses its list for the next file: what `late` would read is gone.
    lexTokens("import test from 'node:test';\n", other);
    expect(() => late.calls).toThrow(/read after the scanner reused its token list/);
    expect(() => late.nodeTest).toThrow(/read after the scanner reused its token list/);
    // Read before the reuse, an answer stays.
    expect(file.calls.size).toBeGreaterThan(0);
  });
});
