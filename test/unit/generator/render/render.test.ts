import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { driftFindings } from '../../../../engine/generate/drift.ts';
import {
  conflicts,
  type GenerationInput,
  planGeneration,
  readHeader,
  sha256,
  summary,
} from '../../../../generator/render/index.ts';
import { MINI, specDoc } from './fixtures/spec-doc.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'templates');
const fixtureTemplates = () =>
  readdirSync(FIXTURES)
    .filter((name) => name === 'methods.ts.hbs' || name === 'protocol.ts.hbs')
    .sort()
    .map((name) => ({ path: `templates/${name}`, text: readFileSync(join(FIXTURES, name), 'utf8') }));

const input = (over: Partial<GenerationInput> = {}): GenerationInput => ({
  spec: MINI(),
  templatesDir: 'templates',
  outDir: 'generated',
  templates: fixtureTemplates(),
  existing: [],
  ...over,
});

const output = (plan: ReturnType<typeof planGeneration>, path: string) => {
  const found = plan.outputs.find((o) => o.path === path);
  if (!found) throw new Error(`no output ${path} in ${plan.outputs.map((o) => o.path).join(', ')}`);
  return found.text;
};

describe('values taken from facts', () => {
  // @verifies generator#GEN-HELPERS-TAKE-VALUES-FROM-FACTS
  it('writes the revision, the error code and the method names from the spec, and follows a spec edit', () => {
    const plan = planGeneration(input());
    expect(plan.errors).toEqual([]);
    const protocol = output(plan, 'generated/protocol.ts');
    expect(protocol).toContain("export const PROTOCOL_REVISION = '2024-11-05';");
    expect(protocol).toContain('export const PARSE_ERROR = -32700;');
    const methods = output(plan, 'generated/methods.ts');
    expect(methods).toMatch(/'initialize',\n.*\n\s+'ping',\n.*\n\s+'tools\/call',/);
    expect(methods).toContain('export const INVALID_PARAMS = -32602;');

    const edited = specDoc(
      MINI().facts.map((f) => ({
        id: f.id,
        section: f.section!,
        text: f.text.replace('2024-11-05', '2025-06-18').replace('-32700', '-32099'),
      })),
    );
    const replanned = output(planGeneration(input({ spec: edited })), 'generated/protocol.ts');
    expect(replanned).toContain("PROTOCOL_REVISION = '2025-06-18'");
    expect(replanned).toContain('PARSE_ERROR = -32099');
  });

  // @verifies generator#GEN-HELPERS-TAKE-VALUES-FROM-FACTS
  // @verifies generator#PINS-LIVE-IN-TEMPLATES
  it("cites each fact with its address, the template's reviewed pin and first sentence", () => {
    const spec = MINI();
    const fact = spec.facts.find((f) => f.id === 'MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP')!;
    const protocol = output(planGeneration(input({ spec })), 'generated/protocol.ts');
    const cite = protocol.split('\n').find((l) => l.includes('MALFORMED-LINE'))!;
    expect(cite).toBe(
      `// @implements mcp-core#MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP~${fact.digest.slice(0, 8)} — ` +
        'A malformed line, meaning text that is not JSON or a frame with no `method`, gets the JSON-RPC…',
    );
    expect(cite.split(' — ')[1]!.length).toBeLessThanOrEqual(100);
    // Inside #each the cite keeps the indentation the template gave it, and
    // carries no pin, since no template line holds a reviewed one.
    expect(output(planGeneration(input({ spec })), 'generated/methods.ts')).toMatch(
      /\n {2}\/\/ @implements mcp-core#METHOD-PING — `ping` answers `\{\}`\.\n/,
    );
    // A reworded fact keeps the template's pin: gen copies it, the gate judges it.
    const reworded = specDoc(
      spec.facts.map((f) => ({
        id: f.id,
        section: f.section!,
        text: f.text.replace('A malformed', 'Any malformed'),
      })),
    );
    const again = output(planGeneration(input({ spec: reworded })), 'generated/protocol.ts');
    expect(again).toContain(
      `MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP~${fact.digest.slice(0, 8)} — Any malformed line`,
    );
  });

  it('summarises a fact by its first sentence', () => {
    expect(summary('First sentence here. Second one.')).toBe('First sentence here.');
    expect(summary('Version 2.0 is kept: fine')).toBe('Version 2.0 is kept: fine');
  });
});

describe('template errors', () => {
  // @verifies generator#GEN-UNKNOWN-FACT-SUGGESTS-NEAREST
  it('names template file:line:col for a removed fact and suggests the nearest id for a typo', () => {
    const spec = MINI();
    spec.facts = spec.facts.filter((f) => f.id !== 'ANSWERED-PROTOCOL-REVISION');
    const removed = planGeneration(input({ spec }));
    expect(removed.outputs.map((o) => o.path)).toEqual(['generated/methods.ts']);
    expect(removed.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.code}`)).toEqual([
      'templates/protocol.ts.hbs:1:1: unknown-fact',
      'templates/protocol.ts.hbs:2:34: unknown-fact',
    ]);
    expect(removed.errors[0]!.message).toContain(
      'mcp-core#ANSWERED-PROTOCOL-REVISION is not a fact of specs/mcp-core.md',
    );

    const typo = planGeneration(
      input({
        templates: [{ path: 'templates/x.ts.hbs', text: 'export {};\n// a\n   {{cite "METHOD-PNIG"}}\n' }],
      }),
    );
    expect(typo.errors).toHaveLength(1);
    expect(typo.errors[0]).toMatchObject({
      file: 'templates/x.ts.hbs',
      line: 3,
      column: 4,
      code: 'unknown-fact',
    });
    expect(typo.errors[0]!.message).toContain('did you mean `METHOD-PING`');
  });

  // @verifies generator#GEN-ALL-ERRORS-BEFORE-ANY-WRITE
  it('collects every error of every template, including branches the data never takes, and plans no output', () => {
    const plan = planGeneration(
      input({
        templates: [
          {
            path: 'templates/a.ts.hbs',
            text: '{{value "METHOD-PING" type="jsonrpc-code"}}\n{{value "METHOD-PING" type="nope"}}\n',
          },
          {
            path: 'templates/b.ts.hbs',
            text: '{{#if false}}{{cite "NOPE"}}{{/if}}\n{{#each (facts section="wrie")}}{{/each}}\n{{#each (facts prefix="METOHD-")}}{{/each}}\n{{undefinedName}}\n',
          },
          { path: 'templates/c.ts.hbs', text: 'x {{#if true}}\n' },
          { path: 'templates/README.md', text: '' },
        ],
      }),
    );
    expect(plan.outputs).toEqual([]);
    expect(plan.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.code}`)).toEqual([
      'templates/README.md:1:1: unsupported-template',
      'specs/mcp-core.md:9:1: missing-value',
      'templates/a.ts.hbs:2:1: bad-helper-call',
      'templates/b.ts.hbs:1:14: unknown-fact',
      'templates/b.ts.hbs:2:9: unknown-section',
      'templates/b.ts.hbs:3:9: no-matching-facts',
      'templates/b.ts.hbs:4:3: template-runtime',
      'templates/c.ts.hbs:2:1: template-syntax',
    ]);
    const byCode = Object.fromEntries(plan.errors.map((e) => [e.code, e.message]));
    expect(byCode['missing-value']).toContain(
      'mcp-core#METHOD-PING: the jsonrpc-code asked for at templates/a.ts.hbs:1:1 is missing: none of its code spans `ping`, `{}` is a jsonrpc-code',
    );
    expect(byCode['unknown-section']).toContain('did you mean `wire`');
  });

  // @verifies generator#GEN-BROKEN-OUTPUT-IS-REFUSED
  it('refuses output that does not parse as TypeScript, naming the template and the rendered line', () => {
    const plan = planGeneration(
      input({
        templates: [
          { path: 'templates/ok.ts.hbs', text: 'export const A = {{value "METHOD-PING" type="method"}};\n' },
          {
            path: 'templates/bad.ts.hbs',
            text: 'export const B = {{value "METHOD-PING" type="method"}};\nexport const C = ;\n',
          },
        ],
      }),
    );
    expect(plan.errors).toHaveLength(1);
    expect(plan.errors[0]).toMatchObject({ code: 'broken-output', file: 'templates/bad.ts.hbs' });
    expect(plan.errors[0]!.message).toContain('generated/bad.ts:6:');
    expect(plan.errors[0]!.message).toContain('`export const C = ;`');
  });
});

describe('outputs on disk', () => {
  // @verifies generator#GEN-HEADER-NAMES-SOURCES-AND-BODY-DIGEST
  it('heads every output with spec, template and the body digest', () => {
    const text = output(planGeneration(input()), 'generated/protocol.ts');
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      '// GENERATED by `factline gen` from specs/mcp-core.md with template templates/protocol.ts.hbs — do not edit.',
    );
    const header = readHeader(text)!;
    expect(header).toMatchObject({
      spec: 'specs/mcp-core.md',
      template: 'templates/protocol.ts.hbs',
      intact: true,
    });
    expect(header.recorded).toBe(sha256(header.body));
    expect(readHeader(text.replace('-32700', '-1'))!.intact).toBe(false);
  });

  // @verifies generator#GEN-STABLE-FORMAT
  it('formats stably: no trailing blanks, one blank line at most, one final newline, same bytes twice', () => {
    const first = planGeneration(input());
    const methods = output(first, 'generated/methods.ts');
    expect(methods).not.toMatch(/[ \t]$/m);
    expect(methods).not.toMatch(/\n\n\n/);
    expect(methods.endsWith(';\n')).toBe(true);
    const second = planGeneration(
      input({ existing: first.outputs.map((o) => ({ path: o.path, text: o.text })) }),
    );
    expect(second.outputs.map((o) => [o.path, o.action])).toEqual([
      ['generated/methods.ts', 'unchanged'],
      ['generated/protocol.ts', 'unchanged'],
    ]);
    expect(second.outputs.map((o) => o.text)).toEqual(first.outputs.map((o) => o.text));
  });

  // @verifies generator#GEN-HAND-EDITS-ARE-REFUSED
  // @verifies generator#GEN-ORPHANS-ARE-DELETED
  // @verifies generator#GEN-CHECK-REPORTS-EVERY-DRIFT
  it('classifies hand-edited, foreign, drifted, missing and orphaned files as findings', () => {
    const clean = planGeneration(input()).outputs;
    const protocol = clean.find((o) => o.path === 'generated/protocol.ts')!.text;
    const methods = clean.find((o) => o.path === 'generated/methods.ts')!.text;
    const orphan = protocol.replace('templates/protocol.ts.hbs', 'templates/gone.ts.hbs');
    const plan = planGeneration(
      input({
        existing: [
          { path: 'generated/protocol.ts', text: protocol.replace('-32700', '-32000') },
          { path: 'generated/methods.ts', text: methods.replace('INVALID_PARAMS', 'INVALID') },
          { path: 'generated/gone.ts', text: orphan },
          { path: 'generated/hand-written.ts', text: 'export const keep = 1;\n' },
        ],
        spec: specDoc(
          MINI().facts.map((f) => ({
            id: f.id,
            section: f.section!,
            text: f.text.replace('`ping`', '`ping2`'),
          })),
        ),
      }),
    );
    expect(conflicts(plan).map((c) => `${c.path} ${c.conflict}`)).toEqual([
      'generated/methods.ts hand-edited',
      'generated/protocol.ts hand-edited',
    ]);
    expect(plan.deletes).toEqual([{ path: 'generated/gone.ts', template: 'templates/gone.ts.hbs' }]);
    expect(driftFindings(plan).map((f) => `${f.file} ${f.rule}`)).toEqual([
      'generated/gone.ts generated-drift',
      'generated/methods.ts generated-hand-edit',
      'generated/protocol.ts generated-hand-edit',
    ]);

    const drifted = planGeneration(input({ existing: [{ path: 'generated/protocol.ts', text: protocol }] }));
    const spec2 = specDoc(
      MINI().facts.map((f) => ({ id: f.id, section: f.section!, text: f.text.replace('2024', '2025') })),
    );
    const stale = planGeneration(
      input({ spec: spec2, existing: [{ path: 'generated/protocol.ts', text: protocol }] }),
    );
    expect(driftFindings(drifted).map((f) => f.message)).toEqual([
      'generated/methods.ts is missing (rendered from templates/methods.ts.hbs)',
    ]);
    expect(driftFindings(stale).map((f) => f.message)).toContain(
      'generated/protocol.ts is out of date with the spec or templates/protocol.ts.hbs',
    );
    const foreign = planGeneration(
      input({ existing: [{ path: 'generated/methods.ts', text: 'export {};\n' }] }),
    );
    expect(conflicts(foreign)).toEqual([
      { path: 'generated/methods.ts', conflict: 'foreign', template: 'templates/methods.ts.hbs' },
    ]);
  });
});

describe('self-contained output', () => {
  // @verifies generator#GEN-OUTPUT-IS-SELF-CONTAINED
  it('refuses a template whose output imports from outside the output directory', () => {
    const plan = planGeneration(
      input({
        templates: [
          {
            path: 'templates/leaky.ts.hbs',
            text: "import { x } from './sibling.ts';\nimport type { Fact } from '../reader/model.ts';\nexport const y = import('../cli/main.ts');\nimport { z } from 'node:fs';\nexport { x, z };\nexport type F = Fact;\n",
          },
        ],
      }),
    );
    expect(plan.outputs).toEqual([]);
    expect(plan.errors.map((e) => [e.code, e.file, e.message.split(' imports ')[0]])).toEqual([
      ['forbidden-import', 'templates/leaky.ts.hbs', 'generated/leaky.ts:6:27'],
      ['forbidden-import', 'templates/leaky.ts.hbs', 'generated/leaky.ts:7:25'],
    ]);
  });
});
