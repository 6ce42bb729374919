/**
 * The editor's quick fix for a fact no test verifies: the same stub
 * `factline scaffold` writes (generator/render/scaffold.ts), in the language
 * of the test file it goes into, citing the fact with its pin. The stub is a
 * test marked never to run, so the gate keeps the fact red until someone
 * writes the test: a stub that passed, or one that only failed when results
 * were given, would let the gate count a test that proves nothing.
 */
import { extensionOf } from '../../checks/scan/dispatch.ts';
import { stubLines } from '../../generator/render/scaffold.ts';
import { summary } from '../../generator/render/values.ts';
import type { Fact } from '../../reader/model.ts';

const JS = new Set(['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs']);

/** The stub's text for a test file in `file`'s language (its `text` picks `it` or `test`); undefined for a language it cannot write. */
// @implements lsp#VERIFIES-STUB
export function verifiesStub(file: string, text: string, fact: Fact, pin: string): string | undefined {
  const ext = extensionOf(file);
  const stubFact = {
    address: fact.address,
    doc: fact.doc,
    id: fact.id,
    file: fact.file,
    summary: summary(fact.text),
  };
  const ref = `${fact.address}~${pin}`;
  if (JS.has(ext)) {
    // The file's own test function: `test` when it never calls `it(`.
    const callee = !/\bit\s*\(/.test(text) && /\btest\s*\(/.test(text) ? 'test' : 'it';
    return `${stubLines('js', stubFact, { ref, callee }).join('\n')}\n`;
  }
  if (ext === 'py') {
    // The skip mark needs pytest by name; an import at module level may stand anywhere.
    const imports = /^\s*import\s+pytest\b/m.test(text) ? [] : ['import pytest', ''];
    return `${[...imports, ...stubLines('python', stubFact, { ref })].join('\n')}\n`;
  }
  if (ext === 'rs') return `${stubLines('rust', stubFact, { ref }).join('\n')}\n`;
  return undefined;
}

/** What to insert at the end of `text` to append `stub` after one blank line. */
export function appended(text: string, stub: string): string {
  if (text === '') return stub;
  return `${text.endsWith('\n') ? '\n' : '\n\n'}${stub}`;
}
