/**
 * The malformed-spec fixtures: each file states the diagnostics it must
 * produce in `<!-- expect: CODE LINE:COL -->` comments (comments are opaque
 * to the reader), and must produce exactly those.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../../reader/index.ts';
import { DIAGNOSTIC_CODES } from '../../../reader/model.ts';

const dir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .sort();

function expectations(text: string): string[] {
  return [...text.matchAll(/<!-- expect: ([a-z-]+) (\d+):(\d+) -->/g)].map((m) => `${m[1]} ${m[2]}:${m[3]}`);
}

function parseFixture(name: string) {
  const text = readFileSync(join(dir, name), 'utf8');
  return { text, doc: parseSpec(text, { file: `fixtures/${name}`, doc: name.replace(/\.md$/, '') }) };
}

describe('malformed-spec fixtures', () => {
  for (const name of fixtures) {
    // @verifies reader#READ-DIAGNOSTICS-COLLECTED
    it(`${name}: exactly the expected diagnostics, each placed, with token and fix`, () => {
      const { text, doc } = parseFixture(name);
      expect(doc.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(expectations(text));
      for (const d of doc.diagnostics) {
        expect(d.file).toBe(`fixtures/${name}`);
        expect(d.severity).toBe(d.code === 'normative-service-unit' ? 'warning' : 'error');
        expect(d.token).toBeTruthy();
        expect(d.fix).toBeTruthy();
        // The token is really what stands at that place in the file.
        const line = text.split('\n')[d.line - 1]!;
        expect(line.slice(d.column - 1).startsWith(d.token!.split('\n')[0]!)).toBe(true);
      }
    });
  }

  // @verifies reader#READ-DIAGNOSTICS-COLLECTED
  it('every diagnostic code has a fixture that fires it', () => {
    const fired = new Set(fixtures.flatMap((name) => parseFixture(name).doc.diagnostics.map((d) => d.code)));
    expect([...DIAGNOSTIC_CODES].filter((code) => !fired.has(code))).toEqual([]);
  });

  it('the clean fixture yields facts and no diagnostics', () => {
    const { doc } = parseFixture('clean.md');
    expect(doc.diagnostics).toEqual([]);
    expect(doc.facts.length).toBeGreaterThan(10);
  });

  // @verifies reader#READ-DIAGNOSTICS-COLLECTED
  it('a file with five problems reports five', () => {
    expect(parseFixture('five-problems.md').doc.diagnostics).toHaveLength(5);
  });

  // @verifies reader#READ-CLOSED-VOCABULARIES
  it('unknown values name the nearest legal value', () => {
    const hint = (name: string) => parseFixture(name).doc.diagnostics.map((d) => `${d.message} — ${d.fix}`);
    expect(hint('unknown-state.md')[0]).toMatch(/unknown state `dnoe` — did you mean `done`\?/);
    expect(hint('unknown-action.md')[0]).toMatch(/`rewrok` — did you mean `rework`\?/);
    expect(hint('unknown-audience.md')[0]).toMatch(/`dve` — did you mean `dev`\?/);
    expect(hint('unknown-stage.md')).toEqual([
      expect.stringMatching(/`imp` — did you mean `impl`\?/),
      expect.stringMatching(/`spce` — did you mean `spec`\?/),
    ]);
  });

  it('a duplicate names both lines', () => {
    const [first, second] = parseFixture('duplicate-id.md').doc.diagnostics;
    expect(first!.message).toMatch(/lines 5 and 7/);
    expect(second!.message).toMatch(/lines 5 and 9/);
  });

  it('a swallowed anchor suggests the blank line', () => {
    const [d] = parseFixture('swallowed-anchor.md').doc.diagnostics;
    expect(d!.fix).toMatch(/blank line/);
  });
});
