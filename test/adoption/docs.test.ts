/**
 * Every example in docs/ is real: each fenced example is run through the
 * reader, the scanner or the config loader, and must give what the
 * `<!-- expect … -->` comment under it says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanFile } from '../../checks/scan/index.ts';
import { parseConfig } from '../../cli/config.ts';
import { CONFIG_KEYS } from '../../cli/config-schema.ts';
import { parseSpec } from '../../reader/index.ts';
import { REPO_ROOT } from '../support/cli.ts';

interface Example {
  lang: string;
  body: string;
  line: number;
  expect: Record<string, string>;
}

/** Fenced blocks and the `<!-- expect KEY: VALUE -->` lines right under each. */
function examples(doc: string): Example[] {
  const text = readFileSync(join(REPO_ROOT, 'docs', doc), 'utf8');
  const out: Example[] = [];
  const fence = /^```(\S*)\n([\s\S]*?)^```\n((?:<!-- expect [^\n]*-->\n)*)/gm;
  for (const m of text.matchAll(fence)) {
    const expectations: Record<string, string> = {};
    for (const e of m[3]!.matchAll(/<!-- expect ([\w.-]+): (.*?) -->/g)) expectations[e[1]!] = e[2]!;
    out.push({
      lang: m[1]!,
      body: m[2]!,
      line: text.slice(0, m.index).split('\n').length,
      expect: expectations,
    });
  }
  return out;
}

const list = (value: string | undefined) => (value ? value.split(/,\s*/) : []);

describe('docs/markup.md', () => {
  const blocks = examples('markup.md').filter((b) => b.lang === 'markdown');
  it('has its examples', () => expect(blocks.length).toBeGreaterThanOrEqual(6));
  it.each(blocks.map((b) => [b.line, b]))('the example at line %i reads as it says', (_, block) => {
    const doc = parseSpec(block.body, { file: 'specs/greeter.md', doc: 'greeter' });
    const facts = doc.facts.map((f) =>
      [
        f.id,
        `${f.status.stage}/${f.status.state}`,
        ...(f.requires ? [`requires:${f.requires.join('+')}`] : []),
      ].join(' '),
    );
    expect(facts).toEqual(list(block.expect.facts));
    expect(doc.diagnostics.map((d) => d.code)).toEqual(list(block.expect.diagnostics));
  });
});
