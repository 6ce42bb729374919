/**
 * A test that cites a fact and fails until someone writes it, in the
 * language of the test file it goes into. It fails on purpose: a stub that
 * passed would let the gate count a test that proves nothing. Pure.
 */
import { extensionOf } from '../../checks/scan/dispatch.ts';
import type { Fact } from '../../reader/model.ts';

const JS = new Set(['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs']);

const snake = (id: string) => id.toLowerCase().replace(/[^a-z0-9]+/g, '_');
const camel = (id: string) =>
  id
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** The stub's text for a test file in `file`'s language (its `text` picks `it` or `test`); undefined for a language it cannot write. */
// @implements lsp#VERIFIES-STUB
export function verifiesStub(file: string, text: string, fact: Fact, pin: string): string | undefined {
  const ext = extensionOf(file);
  const ref = `${fact.address}~${pin}`;
  const unwritten = `not written yet: a test that proves ${fact.address}`;
  if (JS.has(ext)) {
    // The file's own test function: `test(` when it never calls `it(`.
    const callee = !/\bit\s*\(/.test(text) && /\btest\s*\(/.test(text) ? 'test' : 'it';
    return `${callee}('${fact.address}', () => {\n  // @verifies ${ref}\n  throw new Error('${unwritten}');\n});\n`;
  }
  if (ext === 'py')
    return `def test_${snake(fact.id)}():\n    # @verifies ${ref}\n    raise NotImplementedError("${unwritten}")\n`;
  if (ext === 'rs')
    return `#[test]\nfn ${snake(fact.id)}() {\n    // @verifies ${ref}\n    unimplemented!("${unwritten}");\n}\n`;
  if (ext === 'go')
    return `func Test${camel(fact.id)}(t *testing.T) {\n\t// @verifies ${ref}\n\tt.Fatal("${unwritten}")\n}\n`;
  return undefined;
}

/** What to insert at the end of `text` to append `stub` after one blank line. */
export function appended(text: string, stub: string): string {
  if (text === '') return stub;
  return `${text.endsWith('\n') ? '\n' : '\n\n'}${stub}`;
}
