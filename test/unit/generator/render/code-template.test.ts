/**
 * TypeScript templates as modules: gen drops the handle's import, writes
 * each `spec.value`/`spec.codes` as a literal and completes each citation
 * comment. The Handlebars renderer is the oracle: a TS template and its
 * Handlebars twin render the same body for any fact text, however hostile.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GenerationInput, planGeneration, readHeader } from '../../../../generator/render/index.ts';
import { MINI, specDoc } from './fixtures/spec-doc.ts';

const HANDLE = "import { spec } from '../engine/generate/template-spec.ts';";

const plan = (templates: GenerationInput['templates'], spec = MINI()) =>
  planGeneration({ spec, templatesDir: 'templates', outDir: 'generated', templates, existing: [] });

const bodyOf = (p: ReturnType<typeof plan>, path: string) =>
  readHeader(p.outputs.find((o) => o.path === path)!.text)!.body;

const where = (p: ReturnType<typeof plan>) =>
  p.errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`);

describe('a TypeScript template renders as its Handlebars twin', () => {
  // Any span text but a backtick (which ends the span) and a line break (the fixture's spans are one line).
  const spanText = fc
    .string({ unit: 'binary', maxLength: 24 })
    .filter((s) => !/[`\n\r]/.test(s) && s.trim() === s && s !== '');
  const prose = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !/[`]/.test(s));

  // @verifies generator#TS-TEMPLATES-ARE-MODULES
  // @verifies generator#PINS-LIVE-IN-TEMPLATES
  it('values, code lists and citations, for hostile spec text', () => {
    fc.assert(
      fc.property(spanText, spanText, fc.integer({ min: -1e9, max: 1e9 }), prose, (a, b, n, words) => {
        const spec = specDoc([
          { id: 'VAL-ONE', text: `${words} \`name: ${a}\` and \`count: ${n}\`.` },
          { id: 'VAL-TWO', text: `Two spans: \`${a}\`, \`${b}\`.` },
        ]);
        const pin = spec.facts[0]!.digest.slice(0, 8);
        const ts = [
          '/** A module. */',
          HANDLE,
          '',
          `// @implements mcp-core#VAL-ONE~${pin}`,
          "export const NAME = spec.value('VAL-ONE', 'string', 'name');",
          "export const COUNT = spec.value('VAL-ONE', 'integer', 'count'); // @implements mcp-core#VAL-TWO",
          "export const LIST: readonly string[] = spec.codes({ prefix: 'VAL-TWO' });",
          '',
        ].join('\n');
        const hbs = [
          '/** A module. */',
          '',
          `{{cite "VAL-ONE~${pin}"}}`,
          'export const NAME = {{value "VAL-ONE" type="string" name="name"}};',
          'export const COUNT = {{value "VAL-ONE" type="integer" name="count"}}; {{cite "VAL-TWO"}}',
          'export const LIST: readonly string[] = [{{#each (facts prefix="VAL-TWO")}}{{#each codes}}{{#unless @first}}, {{/unless}}\'{{this}}\'{{/each}}{{/each}}];',
          '',
        ].join('\n');
        const p = plan(
          [
            { path: 'templates/a.ts', text: ts },
            { path: 'templates/b.ts.hbs', text: hbs },
          ],
          spec,
        );
        expect(p.errors).toEqual([]);
        expect(bodyOf(p, 'generated/a.ts')).toBe(bodyOf(p, 'generated/b.ts'));
      }),
      { numRuns: 150 },
    );
  });

  it('copies everything else byte for byte: strings, comments, citations that share a line with code', () => {
    const text = `${HANDLE}\nconst s = "spec.value('X', 'string')"; // spec.value\n/* @implements mcp-core#METHOD-PING */\nexport { s }; // @implements factline#OWN-RULE\n`;
    const p = plan([{ path: 'templates/a.ts', text }]);
    expect(p.errors).toEqual([]);
    expect(bodyOf(p, 'generated/a.ts')).toBe(text.slice(HANDLE.length + 1));
  });

  // @verifies generator#TEMPLATE-OWN-CITATIONS-STAY-IN-THE-TEMPLATE
  it('drops a citation of another document alone on its line: the output cites only its specs', () => {
    const text = `${HANDLE}\n  // @implements factline#OWN-RULE\n// @implements serve#CORE-LIBRARY-EXPORTS~0123abcd\nexport const s = 1;\n`;
    const p = plan([{ path: 'templates/a.ts', text }]);
    expect(p.errors).toEqual([]);
    expect(bodyOf(p, 'generated/a.ts')).toBe('export const s = 1;\n');
  });
});

describe('refusals point at the template', () => {
  // @verifies generator#TS-TEMPLATES-ARE-MODULES
  it('a placeholder that is not a call of string literals, `spec` passed around, an unknown fact', () => {
    const text = [
      HANDLE,
      "const id = 'METHOD-PING';",
      "export const A = spec.value(id, 'method');",
      'export const B = spec;',
      "export const C = spec.value('METHOD-PNIG', 'method');",
      "export const D = spec.codes('METHOD');",
      '// @implements mcp-core#METHOD-PNIG',
      "export const E = spec.other('METHOD-PING');",
      '',
    ].join('\n');
    const p = plan([{ path: 'templates/a.ts', text }]);
    expect(where(p)).toEqual([
      'templates/a.ts:3:18 bad-helper-call',
      'templates/a.ts:4:18 bad-helper-call',
      'templates/a.ts:5:18 unknown-fact',
      'templates/a.ts:6:18 bad-helper-call',
      'templates/a.ts:8:18 bad-helper-call',
      'templates/a.ts:7:1 unknown-fact',
    ]);
    expect(p.errors[2]!.message).toContain('did you mean `METHOD-PING`?');
    expect(p.outputs).toEqual([]);
  });

  it('the handle imported with anything beside `spec` is refused', () => {
    const p = plan([
      {
        path: 'templates/a.ts',
        text: "import { spec, other } from './template-spec.ts';\nexport { other };\n",
      },
    ]);
    expect(where(p)).toEqual(['templates/a.ts:1:1 bad-helper-call']);
  });

  it('a template that does not parse is a template-syntax error at its line', () => {
    const p = plan([{ path: 'templates/a.ts', text: 'export const A = 1;\nexport const = ;\n' }]);
    expect(where(p)[0]).toMatch(/^templates\/a\.ts:2:\d+ template-syntax$/);
  });

  it('an output error maps back to the template line, past the dropped import', () => {
    const text = `/** x */\n${HANDLE}\nexport const A = spec.value('METHOD-PING', 'method');\nexport { B } from '../outside.ts';\n`;
    const p = plan([{ path: 'templates/a.ts', text }]);
    expect(where(p)).toEqual(['templates/a.ts:4:1 forbidden-import']);
  });
});
