/** The reader is bounded: hostile nesting is a located diagnostic, never a stack overflow. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../../reader/bounds.ts';
import { parseSpec } from '../../../reader/index.ts';
import { runInProcess } from '../../support/cli.ts';

const read = (text: string) => parseSpec(text, { file: 'x.md', doc: 'x' });
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function indented(levels: number): string {
  let text = '';
  for (let i = 0; i < levels; i++) text += `${'  '.repeat(i)}- item ${i}\n`;
  return text;
}

describe('reader bounds', () => {
  // @verifies reader#READER-BOUNDED
  it.each([
    ['2,000 nested block quotes', `${'> '.repeat(2000)}@fact:DEEP text\n`, 1, 2 * MAX_NESTING + 1],
    ['a one-line list 2,000 deep', `${'- '.repeat(2000)}@fact:DEEP text\n`, 1, 2 * MAX_NESTING + 1],
    ['a list indented 300 levels', indented(300), MAX_NESTING + 1, 2 * MAX_NESTING + 1],
  ])(
    '%s: one located nesting-too-deep diagnostic, the facts around still read',
    (_name, deep, line, column) => {
      const doc = read(`# Doc\n\n@fact:BEFORE kept.\n\n${deep}\n@fact:AFTER kept too.\n`);
      expect(doc.diagnostics.map((d) => [d.code, d.line - 4, d.column])).toEqual([
        ['nesting-too-deep', line, column],
      ]);
      expect(doc.facts.map((f) => f.id)).toEqual(['BEFORE', 'AFTER']);
    },
  );

  // @verifies reader#READER-BOUNDED
  it('nesting up to the bound reads as before, fences and indented text are not nesting', () => {
    const doc = read(
      `${'> '.repeat(MAX_NESTING)}@fact:AT-LIMIT text\n\n\`\`\`\n${'- '.repeat(400)}\n\`\`\`\n`,
    );
    expect(doc.diagnostics).toEqual([]);
    expect(doc.facts.map((f) => f.id)).toEqual(['AT-LIMIT']);
  });

  // @verifies reader#READER-BOUNDED
  it('check on a spec nested too deep is exit 2 with the place, cached or not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'factline-bounds-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'specs'));
    writeFileSync(join(dir, 'specs', 'doc.md'), `# Doc\n\n${'> '.repeat(2000)}@fact:DEEP text\n`);
    const uncached = await runInProcess(dir, ['check', '--no-cache']);
    expect(uncached.code).toBe(2);
    expect(uncached.stdout).toContain(`specs/doc.md:3:${2 * MAX_NESTING + 1}: error nesting-too-deep`);
    const cached = await runInProcess(dir, ['check']);
    expect(cached.code).toBe(2);
    expect(cached.stdout).toBe(uncached.stdout);
  });
});
