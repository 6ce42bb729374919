/**
 * docs/templates.md is a walk through one project that generates code: its
 * files are written into a temp directory, its commands run there by the
 * real CLI (so the real renderer), and the generated files it shows are what
 * `gen` wrote. Its helpers are the ones the renderer registers, its value
 * types and error codes the generator's.
 */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES, renderTemplate, TemplateFacts, VALUE_TYPES } from '../../../generator/render/index.ts';
import { GEN_ERROR_CODES } from '../../../generator/render/types.ts';
import { parseSpec } from '../../../reader/index.ts';
import { pagePath, walkThrough } from './doc-examples.ts';

const PAGE = 'templates.md';

describe('docs/templates.md, played as a project', () => {
  const walk = walkThrough(PAGE);

  it('has its walk-through, and shows what gen writes, in Rust and Python too', () => {
    expect(walk.steps.length).toBeGreaterThanOrEqual(5);
    const written = walk.steps.flatMap((s) => s.written.map((w) => w.path));
    expect(written).toEqual(
      expect.arrayContaining(['generated/limits.ts', 'generated/limits.rs', 'generated/limits.py']),
    );
  });

  // @verifies adoption#DOCS-TEMPLATES-PLAYED
  // @verifies generator#DOCS-TEMPLATES-LANGUAGES-PLAYED
  it.each(walk.cases)(
    'line %i: factline %s prints, exits and writes as shown',
    async (_line, _args, step) => {
      await walk.play(step);
    },
  );
});

/** The helpers one render registers on its Handlebars instance (the built-in ones come before). */
function registeredHelpers(): string[] {
  const names = new Set<string>();
  const create = Handlebars.create.bind(Handlebars);
  const spy = vi.spyOn(Handlebars, 'create').mockImplementation(() => {
    const hb = create();
    const register = hb.registerHelper.bind(hb);
    hb.registerHelper = ((name: string | Handlebars.HelperDeclareSpec, fn?: Handlebars.HelperDelegate) => {
      for (const n of typeof name === 'string' ? [name] : Object.keys(name)) names.add(n);
      return register(name as string, fn!);
    }) as typeof hb.registerHelper;
    return hb;
  });
  try {
    const spec = parseSpec('# S {#root}\n\n@fact:A `1`\n', { file: 'specs/s.md', doc: 's' });
    renderTemplate(new TemplateFacts(spec), { path: 'templates/t.ts.hbs', text: 'export {};\n' });
  } finally {
    spy.mockRestore();
  }
  // `__text` is the renderer's own: every plain `{{name}}` goes through it to be escaped.
  return [...names].filter((n) => !n.startsWith('__')).sort();
}

describe('docs/templates.md, its reference', () => {
  // Fenced examples left out: a spec inside one has headings of its own.
  const text = readFileSync(pagePath(PAGE), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  const section = (title: string) =>
    new RegExp(`\\n## ${title}\\n([\\s\\S]*?)(?:\\n## |$)`).exec(text)?.[1] ?? '';

  // @verifies adoption#DOCS-TEMPLATES-REFERENCE
  it('documents exactly the helpers the renderer registers', () => {
    const documented = [...section('Helpers').matchAll(/^### `(\w+)`$/gm)].map((m) => m[1]!);
    expect(registeredHelpers()).toEqual(['cite', 'facts', 'json', 'value']);
    expect(documented.sort()).toEqual(registeredHelpers());
  });

  // @verifies adoption#DOCS-TEMPLATES-REFERENCE
  it('shows json as it renders', () => {
    const spec = parseSpec('# S {#root}\n\n@fact:ERR-BUSY A busy server answers `-32002`.\n', {
      file: 'specs/s.md',
      doc: 's',
    });
    const template = '{{#each (facts prefix="ERR-BUSY")}}{{json codes}}{{/each}}';
    expect(renderTemplate(new TemplateFacts(spec), { path: 'templates/t.ts.hbs', text: template }).text).toBe(
      '["-32002"]',
    );
    expect(section('Helpers')).toContain('`{{json codes}}` writes `["-32002"]` for `ERR-BUSY`');
  });

  // @verifies adoption#DOCS-TEMPLATES-REFERENCE
  it('lists every language of the table with its extensions', () => {
    const rows = [...section('Languages').matchAll(/^\| ([A-Z][\w]+) +\| ([^|]+)\|/gm)].map((m) => [
      m[1],
      [...m[2]!.matchAll(/`(\w+)`/g)].map((e) => e[1]),
    ]);
    expect(rows).toEqual(LANGUAGES.map((l) => [l.name, [...l.extensions]]));
  });

  // @verifies adoption#DOCS-TEMPLATES-REFERENCE
  it('lists every value type and every generator error code', () => {
    const firstColumn = (title: string) =>
      [...section(title).matchAll(/^\| `([\w-]+)` +\|/gm)].map((m) => m[1]);
    expect(firstColumn('Value rules')).toEqual([...VALUE_TYPES]);
    expect(firstColumn('Errors, and where they point')).toEqual([...GEN_ERROR_CODES]);
  });
});
