/**
 * The editor server's pure parts: what completion offers where, the spec
 * outline, quick-fix edits, the test stub, hover and lens text, and findings
 * as diagnostics. Inputs are real: specs parsed by the reader, citations
 * scanned by the scanner, judged by the gate's trace.
 */
import { describe, expect, it } from 'vitest';
import type { ScannedFile } from '../../../../checks/citations.ts';
import { type Addressing, indexFacts } from '../../../../checks/resolve.ts';
import { scanFile } from '../../../../checks/scan/index.ts';
import { trace } from '../../../../checks/trace.ts';
import {
  didYouMeanActions,
  nameTheDocumentActions,
  repinAction,
} from '../../../../engine/lsp/code-actions.ts';
import { lensTitle } from '../../../../engine/lsp/code-lens.ts';
import { referenceCompletions, referenceTyping } from '../../../../engine/lsp/completion.ts';
import { findingDiagnostic } from '../../../../engine/lsp/diagnostics.ts';
import type { FactEvidence } from '../../../../engine/lsp/fact-evidence.ts';
import { citationHover } from '../../../../engine/lsp/hover.ts';
import { LineMap } from '../../../../engine/lsp/ranges.ts';
import { specSymbols } from '../../../../engine/lsp/symbols.ts';
import { verifiesStub } from '../../../../engine/lsp/test-stub.ts';
import { parseSpec } from '../../../../reader/index.ts';
import type { SpecSet } from '../../../../reader/model.ts';
import { applyEdits } from '../../../../support/lsp-client.ts';
import { pinOf, SPEC } from '../../../support/lsp-project.ts';

const KINDED = `# Kinds

## Rules {#rules}

@fact:rules-kind \`req r3\`

@fact:HOLDS It holds. @status:impl/done

@fact:GONE It was withdrawn. @status:impl/void
`;

const set: SpecSet = {
  documents: [
    parseSpec(SPEC, { file: 'specs/demo.md', doc: 'demo' }),
    parseSpec(KINDED, { file: 'specs/kinds.md', doc: 'kinds' }),
  ],
};

function completions(line: string, addressing: Addressing = {}) {
  const typing = referenceTyping(line);
  if (typing === undefined) return undefined;
  const position = { line: 3, character: line.length };
  const items = referenceCompletions(typing, position, {
    index: indexFacts(set, addressing),
    addressing,
    docs: set.documents.map((d) => d.doc),
  });
  return items.map((i) => ({
    label: i.label,
    edit: applyEdits(`\n\n\n${line}`, [i.textEdit as never]).slice(3),
  }));
}

describe('completion of references', () => {
  // @verifies lsp#COMPLETE-REFERENCES
  it('opens after each tag and carrier, and nowhere else', () => {
    for (const line of [
      '// @implements ',
      '  # @verifies ',
      ' * @deviates ',
      ' * @spec implements ',
      '#[spec(implements = "',
      '#[verifies("',
      'specmark::scope!("',
    ]) {
      expect(
        completions(line)?.map((c) => c.label),
        line,
      ).toEqual(['demo', 'kinds']);
    }
    expect(completions("const verb = 'implements';")).toBeUndefined();
    expect(completions('// implements ')).toBeUndefined();
    expect(completions('// @implements demo#GREETS ')).toBeUndefined();
  });

  // @verifies lsp#COMPLETE-REFERENCES
  it('offers document names, then ids without void facts, then the current pins', () => {
    expect(completions('// @implements de')?.[0]?.edit).toBe('// @implements demo#');
    expect(completions('// @implements kinds#')?.map((c) => c.label)).toEqual([
      'rules-kind',
      'HOLDS',
      'rules',
    ]);
    expect(completions('// @implements demo#SH')?.find((c) => c.label === 'SHOUTS')?.edit).toBe(
      '// @implements demo#SHOUTS',
    );
    expect(completions('// @implements demo#SHOUTS~')?.map((c) => c.edit)).toEqual([
      `// @implements demo#SHOUTS~${pinOf('SHOUTS')}`,
    ]);
    const holds = parseSpec(KINDED, { file: 'specs/kinds.md', doc: 'kinds' }).facts[1]!;
    expect(completions('#[spec(implements = "kinds#HOLDS~')?.map((c) => c.label)).toEqual([
      holds.digest.slice(0, 8),
      'r3',
    ]);
    expect(completions('// @implements nope#')).toEqual([]);
  });

  // @verifies lsp#COMPLETE-SPEC-URI
  it('inside spec:// addresses: the namespaced documents, then their ids', () => {
    const addressing = { namespace: 'acme' };
    expect(completions('"spec": "spec://', addressing)?.map((c) => c.edit)).toEqual([
      '"spec": "spec://acme/demo#',
      '"spec": "spec://acme/kinds#',
    ]);
    expect(completions('#[spec(implements = "spec://acme/demo#G', addressing)?.[0]?.edit).toBe(
      '#[spec(implements = "spec://acme/demo#GREETS',
    );
    expect(completions('// @verifies spec://acme/demo#', addressing)?.map((c) => c.label)).toEqual([
      'GREETS',
      'SHOUTS',
      'WAVES',
      'greeting',
    ]);
  });
});

describe('the outline of a spec', () => {
  // @verifies lsp#DOCUMENT-SYMBOLS
  it('nests sections by depth, each fact in its section, a fact above the first heading at the top', () => {
    const text = `@fact:PREFACE Before any heading.\n\n# Top\n\n## A\n\n@fact:IN-A One.\n\n### A.1\n\n@fact:IN-A1 Two.\n\n## B\n\n@fact:IN-B Three.\n`;
    const doc = parseSpec(text, { file: 'specs/x.md', doc: 'x' });
    const lines = new LineMap(text);
    const outline = specSymbols(doc, lines);
    const shape = (s: { name: string; children?: unknown[] }): unknown =>
      s.children && s.children.length > 0 ? { [s.name]: s.children.map((c) => shape(c as never)) } : s.name;
    expect(outline.map(shape)).toEqual([
      'PREFACE',
      { Top: [{ A: ['IN-A', { 'A.1': ['IN-A1'] }] }, { B: ['IN-B'] }] },
    ]);
    const a = outline[1]!.children![0]!;
    expect([a.range.start.line, a.range.end.line]).toEqual([4, 11]);
    const fact = a.children![0]!;
    expect(
      lines
        .lineText(fact.selectionRange.start.line)
        .slice(fact.selectionRange.start.character, fact.selectionRange.end.character),
    ).toBe('@fact:IN-A');
  });
});

const ref = (text: string) => ({
  text,
  range: { start: { line: 0, character: 15 }, end: { line: 0, character: 15 + text.length } },
});

describe('quick fixes', () => {
  // @verifies lsp#FIX-BY-DID-YOU-MEAN
  it('a did-you-mean changes the id only; an ambiguous id gets its document', () => {
    const line = '// @implements spec://acme/demo#GREATS~r2 (x)';
    const [fix] = didYouMeanActions('file:///a.ts', ref('spec://acme/demo#GREATS~r2'), ['demo#GREETS']);
    expect(applyEdits(line, fix!.edit!.changes!['file:///a.ts']!)).toBe(
      '// @implements spec://acme/demo#GREETS~r2 (x)',
    );
    const [bare] = didYouMeanActions('file:///a.ts', ref('GREATS'), ['GREETS']);
    expect(bare!.edit!.changes!['file:///a.ts']![0]!.newText).toBe('GREETS');
    const named = nameTheDocumentActions('file:///a.ts', ref('SAME~1234abcd'), ['a#SAME', 'b#SAME']);
    expect(named.map((a) => a.edit!.changes!['file:///a.ts']![0]!.newText)).toEqual([
      'a#SAME~1234abcd',
      'b#SAME~1234abcd',
    ]);
  });

  // @verifies lsp#REPIN-SHOWS-TEXT
  it('a re-pin edits the pin’s characters only and quotes the fact as it reads now', () => {
    const fact = set.documents[0]!.facts[2]!;
    const line = '// @implements demo#WAVES~deadbeef and more';
    const action = repinAction('file:///a.ts', ref('demo#WAVES~deadbeef'), fact, pinOf('WAVES'))!;
    expect(action.title).toContain('“The greeter waves back.”');
    const [edit] = action.edit!.changes!['file:///a.ts']!;
    expect(line.slice(edit!.range.start.character, edit!.range.end.character)).toBe('deadbeef');
    expect(applyEdits(line, [edit!])).toBe(`// @implements demo#WAVES~${pinOf('WAVES')} and more`);
  });
});

describe('the test stub', () => {
  const fact = set.documents[0]!.facts[1]!;

  // @verifies lsp#VERIFIES-STUB
  it('cites the fact with its pin in a test marked todo, in the file’s language, and the gate reads it as not run', () => {
    const stub = verifiesStub('test/a.test.ts', "import { it } from 'vitest';\n", fact, 'c9964675')!;
    expect(stub).toMatch(/^\/\/ @verifies demo#SHOUTS~c9964675 — .*\nit\.todo\('SHOUTS: /);
    expect(scanFile('test/a.test.ts', stub).map((c) => [c.verb, c.ref, c.notRun])).toEqual([
      ['verifies', 'demo#SHOUTS~c9964675', 'todo: it.todo'],
    ]);
    const todos: string[] = [];
    new Function('it', stub)({ todo: (title: string) => todos.push(title) });
    expect(todos).toHaveLength(1);
    expect(verifiesStub('t.test.js', "test('x', () => {});\n", fact, 'p')).toContain('\ntest.todo(');
    const python = verifiesStub('t_test.py', '', fact, 'p')!;
    expect(python).toMatch(/^import pytest\n\n# @verifies demo#SHOUTS~p .*\n@pytest\.mark\.skip\(/);
    expect(scanFile('tests/t_test.py', python).map((c) => c.notRun)).toEqual(['skip: @pytest.mark.skip(…)']);
    expect(verifiesStub('t_test.py', 'import pytest\n', fact, 'p')).toMatch(/^# @verifies/);
    const rust = verifiesStub('tests/t.rs', '', fact, 'p')!;
    expect(rust).toContain(
      '#[test]\n#[ignore = "todo: write the test that verifies demo#SHOUTS"]\nfn verifies_shouts() {}',
    );
    expect(scanFile('tests/t.rs', rust).map((c) => c.notRun)).toEqual(['skip: #[ignore]']);
    expect(verifiesStub('t_test.go', '', fact, 'p')).toBeUndefined();
    expect(verifiesStub('t.sh', '', fact, 'p')).toBeUndefined();
  });
});

/** The gate's trace of the demo spec over these files, as evidence of one fact. */
function evidenceOf(
  id: string,
  files: Record<string, string>,
  results?: { title: string; status: string; file: string }[],
): FactEvidence {
  const scanned: ScannedFile[] = Object.entries(files).map(([file, text]) => ({
    file,
    inTest: file.startsWith('test/'),
    citations: scanFile(file, text),
  }));
  const outcomes = results?.map((r) => ({
    status: r.status as 'passed',
    titles: [r.title],
    source: 'r.json',
    file: r.file,
  }));
  const result = trace(set, scanned, {
    strict: false,
    ...(outcomes ? { results: { outcomes, sources: ['r.json'] } } : {}),
  });
  const fact = set.documents[0]!.facts.find((f) => f.id === id)!;
  return {
    fact,
    trace: result.facts.find((f) => f.id === id)!,
    citations: result.citations.filter((c) => c.resolved === fact.address),
    pin: fact.digest.slice(0, 8),
    outcomesChecked: outcomes !== undefined,
  };
}

describe('hover and lens text', () => {
  // @verifies lsp#CODE-LENS
  it('counts counted evidence, test outcomes, stale citations and names the gap', () => {
    const impl = { 'src/a.ts': '// @implements demo#GREETS\n' };
    const test = { 'test/a.test.ts': "it('greets', () => {\n  // @verifies demo#GREETS\n});\n" };
    expect(lensTitle(evidenceOf('GREETS', { ...impl, ...test }))).toBe('1 impl · 1 test');
    expect(
      lensTitle(
        evidenceOf('GREETS', { ...impl, ...test }, [
          { title: 'greets', status: 'passed', file: 'test/a.test.ts' },
        ]),
      ),
    ).toBe('1 impl · 1 test passed');
    expect(
      lensTitle(
        evidenceOf('GREETS', { ...impl, ...test }, [
          { title: 'greets', status: 'failed', file: 'test/a.test.ts' },
        ]),
      ),
    ).toBe('1 impl · 1 test failed');
    expect(lensTitle(evidenceOf('GREETS', { 'src/a.ts': '// @implements demo#GREETS~deadbeef\n' }))).toBe(
      '0 impl · 0 tests · 1 stale — stale citation',
    );
  });

  // @verifies lsp#HOVER-CITATION
  it('a stale citation’s hover names its pin, the current one and the text it is to be checked against', () => {
    const files = { 'src/a.ts': '// @implements demo#WAVES~deadbeef\n' };
    const evidence = evidenceOf('WAVES', files);
    const scanned = scanFile('src/a.ts', files['src/a.ts']);
    const problem = trace(set, [{ file: 'src/a.ts', inTest: false, citations: scanned }], {
      strict: false,
    }).findings.find((f) => f.file === 'src/a.ts');
    const text = citationHover(scanned[0]!, evidence, problem);
    expect(text).toContain(`pin \`~deadbeef\` is **stale** (now \`~${pinOf('WAVES')}\`)`);
    expect(text).toContain('> The greeter waves back.');
    expect(text).toContain('not counted: 1 stale-citation');
    const unknown = scanFile('src/b.ts', '// @implements demo#WAVEZ\n');
    const found = trace(set, [{ file: 'src/b.ts', inTest: false, citations: unknown }], {
      strict: false,
    }).findings.find((f) => f.file === 'src/b.ts');
    expect(citationHover(unknown[0]!, undefined, found)).toContain('fix: did you mean `demo#WAVES`?');
  });
});

describe('findings as diagnostics', () => {
  // @verifies lsp#AS-YOU-TYPE-CITATIONS
  it('carry the rule id as code and the fix, the rule table’s when the finding has none', () => {
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
    const d = findingDiagnostic(
      { rule: 'misplaced-citation', severity: 'error', file: 'a', line: 1, column: 1, message: 'm' },
      range,
    );
    expect([d.code, d.source, d.severity]).toEqual(['misplaced-citation', 'factline', 1]);
    expect(d.message).toBe(
      'm\nfix: move the citation to the implementing code or the proving test, or change its verb',
    );
  });
});
