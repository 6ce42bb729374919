/**
 * Every example in docs/markup.md, citations.md and config.md is real: each
 * fenced example is run through the reader, the scanner or the config
 * loader, and must give what the `<!-- expect … -->` comment under it says.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isScannable } from '../../../checks/scan/dispatch.ts';
import { scanFile } from '../../../checks/scan/index.ts';
import { parseConfig } from '../../../engine/config/load.ts';
import { CONFIG_KEYS } from '../../../engine/config/schema.ts';
import type { Field } from '../../../engine/config/shape.ts';
import { parseSpec } from '../../../reader/index.ts';
import { REPO, runInProcess } from '../../support/cli.ts';
import { cell, examples, generatedTable, list, pagePath } from './doc-examples.ts';

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
        ...(f.links ?? []).map((l) => `${l.kind}:${l.target}${l.pin ? `~${l.pin}` : ''}`),
        ...(f.attributes ?? []).map((a) => `attr:${a.key}=${a.value}`),
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

describe('docs/citations.md, the files it reads', () => {
  // @verifies adoption#DOCS-EXAMPLES-CHECKED
  it('names only extensions the scanner reads, and the default source globs truly', () => {
    const text = readFileSync(pagePath('citations.md'), 'utf8');
    // The first cell of each row of the languages table and of each language listed apart.
    const section = /<!-- languages:start[\s\S]*?<!-- languages:end -->/.exec(text)?.[0] ?? '';
    const cells = [...section.matchAll(/^(?:\| |- [^(\n]*\()`([^`]+)`/gm)].map((m) => m[1]!);
    const extensions = cells
      .filter((c) => c !== '*.jtd.json')
      .flatMap((c) => c.split(' ').map((e) => e.slice(1)));
    expect(extensions.length).toBeGreaterThanOrEqual(30);
    for (const ext of extensions) expect(isScannable(`src/x.${ext}`), ext).toBe(true);
    expect(isScannable('schema/x.jtd.json')).toBe(true);
    expect(isScannable('src/x.json')).toBe(false);
    const defaults = /cover only `([^`]+)`/.exec(text)?.[1]?.split(' ');
    expect(CONFIG_KEYS.sources.default).toEqual([`**/*.{${defaults?.join(',')}}`]);
  });
});

/** One table row per key (and per field of an object key), from the schema table. */
function keyRows(): string[] {
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
  // @verifies adoption#DOCS-EXAMPLES-CHECKED
  it('lists every key of the schema table with its default and meaning', () => {
    const table = generatedTable('config.md', 'keys', keyRows());
    expect(table.written, 'run: UPDATE=1 npx vitest run test/cli/adoption/docs.test.ts').toEqual(
      table.expected,
    );
  });

  // @verifies adoption#DOCS-EXAMPLES-CHECKED
  it('says truly which commands take --config, --strict and --specs', async () => {
    const commands = [...(await runInProcess(REPO, ['--help'])).stdout.matchAll(/^ {2}(\w+) {2,}/gm)].map(
      (m) => m[1]!,
    );
    expect(commands.length).toBeGreaterThanOrEqual(11);
    const taking = async (option: string) => {
      const out: string[] = [];
      for (const c of commands)
        if ((await runInProcess(REPO, [c, '--help'])).stdout.includes(`${option} `)) out.push(c);
      return out;
    };
    const text = readFileSync(pagePath('config.md'), 'utf8');
    expect(text).toContain('Every command but `init` and `conform`');
    expect(await taking('--config')).toEqual(commands.filter((c) => c !== 'init' && c !== 'conform'));
    expect(text.replace(/\s+/g, ' ')).toContain(
      '`lint`, `report`, `matrix`, `explain`, `impact`, `at`, `export`, `pin` and `scaffold` take `--strict` too',
    );
    expect((await taking('--strict')).sort()).toEqual([
      'at',
      'check',
      'explain',
      'export',
      'impact',
      'lint',
      'matrix',
      'pin',
      'report',
      'scaffold',
    ]);
    expect(text.replace(/\s+/g, ' ')).toContain(
      '`matrix`, `explain`, `impact`, `at`, `export`, `pin` and `scaffold` take `--specs`',
    );
    expect((await taking('--specs')).sort()).toEqual([
      'at',
      'check',
      'explain',
      'export',
      'impact',
      'matrix',
      'pin',
      'scaffold',
    ]);
  });

  const blocks = examples('config.md').filter((b) => b.lang === 'json');
  it.each(blocks.map((b) => [b.line, b]))('the example at line %i loads as it says', (_, block) => {
    const load = () => parseConfig(JSON.parse(block.body), '/project', 'factline.config.json');
    if (block.expect.config === 'valid') expect(load).not.toThrow();
    else expect(load).toThrow(block.expect.config!);
  });
});
