/** Property: no Markdown-ish input makes the reader throw, and what it returns is well-formed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../../reader/index.ts';
import { DIAGNOSTIC_CODES } from '../../../reader/model.ts';

// Fragments chosen to collide: tags, half-tags, fences, tables, lists, quotes.
const pieces = fc.constantFrom(
  '@fact:',
  '@fact:A',
  '@fact:A-B',
  '@fact/code:C',
  '@fact/x:D',
  '##E',
  '@status:',
  '@status:impl/done',
  '@status:impl/dnoe',
  '@status:unknown',
  '@impl/done',
  '@spec://x',
  '@requires:implementation,verification',
  '<status stage="impl" state="done"/>',
  '<status stage="impl" state="work">',
  '</status>',
  '<status stage=impl',
  '<status ',
  '"',
  '<!--',
  '-->',
  '```',
  '~~~',
  '`',
  '|',
  '|---|---|',
  '- ',
  '- [ ] ',
  '1. ',
  '> ',
  '  ',
  '\t',
  '\n',
  '\n\n',
  '\r\n',
  '# ',
  '## ',
  '{#',
  '}',
  '{#anchor}',
  '[p01] ',
  '[x](y)',
  '---\n',
  'text',
  ' word ',
  '\u00a0',
  'é',
  '\\',
);
const markdownish = fc.array(
  fc.oneof({ weight: 5, arbitrary: pieces }, { weight: 1, arbitrary: fc.string() }),
  {
    maxLength: 80,
  },
);

describe('fuzzed Markdown', () => {
  // @verifies reader#READ-NEVER-THROWS
  it('never throws and returns placed, known diagnostics', () => {
    fc.assert(
      fc.property(markdownish, (parts) => {
        const text = parts.join('');
        const doc = parseSpec(text, { file: 'f.md', doc: 'f' });
        const lineCount = text.split('\n').length;
        for (const d of doc.diagnostics) {
          expect(DIAGNOSTIC_CODES).toContain(d.code);
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(lineCount);
          expect(d.column).toBeGreaterThanOrEqual(1);
        }
        const seen = new Set<string>();
        for (const f of doc.facts) {
          expect(seen.has(f.id)).toBe(false);
          seen.add(f.id);
          expect(f.digest).toMatch(/^[0-9a-f]{64}$/);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
