/**
 * Every example in docs/ is real: each fenced example is run through the
 * reader, the scanner or the config loader, and must give what the
 * `<!-- expect … -->` comment under it says.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanFile } from '../../checks/scan/index.ts';
import { parseConfig } from '../../cli/config.ts';
import { CONFIG_KEYS } from '../../cli/config-schema.ts';
import type { Field } from '../../cli/shape.ts';
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
  // @verifies adoption#DOCS-EXAMPLES-CHECKED
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

describe('docs/citations.md', () => {
  const blocks = examples('citations.md').filter((b) => b.expect.file !== undefined);
  it('has an example for every carrier', () =>
    expect(new Set(blocks.map((b) => b.lang))).toEqual(
      new Set(['ts', 'go', 'py', 'sh', 'yaml', 'hbs', 'rust', 'json']),
    ));
  // @verifies adoption#DOCS-EXAMPLES-CHECKED
  it.each(blocks.map((b) => [b.expect.file, b]))(
    'the example scanned as %s finds what it says',
    (file, block) => {
      const found = scanFile(file!, block.body).map((c) => {
        const pin = c.pin !== undefined && !c.ref.endsWith(`~${c.pin}`) ? `~${c.pin}` : '';
        return `${c.verb} ${c.uri ?? c.ref}${pin}`;
      });
      expect(found).toEqual(list(block.expect.cites));
    },
  );
});

/** One table row per key (and per field of an object key), from the schema table. */
function keyRows(): string[] {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const row = (key: string, field: Field & { default?: unknown }) =>
    `| \`${key}\` | ${field.default === undefined ? '—' : `\`${cell(JSON.stringify(field.default))}\``} | ${cell(field.description ?? '')} |`;
  const rows = ['| key | default | meaning |', '| --- | --- | --- |'];
  for (const [key, field] of Object.entries(CONFIG_KEYS)) {
    rows.push(row(key, field as Field & { default?: unknown }));
    if (field.shape.type === 'object' && key !== 'externalSpecs')
      for (const [sub, f] of Object.entries(field.shape.fields)) rows.push(row(`${key}.${sub}`, f));
  }
  return rows;
}

describe('docs/config.md', () => {
  const file = join(REPO_ROOT, 'docs', 'config.md');
  // @verifies adoption#DOCS-EXAMPLES-CHECKED
  it('lists every key of the schema table with its default and meaning', () => {
    const text = readFileSync(file, 'utf8');
    const block = /<!-- keys:start -->\n([\s\S]*)<!-- keys:end -->/;
    if (process.env.UPDATE)
      writeFileSync(
        file,
        text.replace(block, `<!-- keys:start -->\n${keyRows().join('\n')}\n<!-- keys:end -->`),
      );
    // Cells compared trimmed: the formatter pads the columns.
    const cells = (rows: string[]) =>
      rows.filter((r) => !/^\|[\s|-]+\|$/.test(r)).map((r) => r.split(/(?<!\\)\|/).map((c) => c.trim()));
    const written = block.exec(text)?.[1]?.trimEnd().split('\n') ?? [];
    expect(cells(written), 'run: UPDATE=1 npx vitest run test/adoption/docs.test.ts').toEqual(
      cells(keyRows()),
    );
  });

  const blocks = examples('config.md').filter((b) => b.lang === 'json');
  it.each(blocks.map((b) => [b.line, b]))('the example at line %i loads as it says', (_, block) => {
    const load = () => parseConfig(JSON.parse(block.body), '/project', 'factline.config.json');
    if (block.expect.config === 'valid') expect(load).not.toThrow();
    else expect(load).toThrow(block.expect.config!);
  });
});
