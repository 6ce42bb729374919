/**
 * `factline lsp` end to end: the real CLI process (`node bin/factline.js
 * lsp --stdio`) driven by a real LSP client over its stdin and stdout, on
 * projects on disk.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, DocumentSymbol, Location } from 'vscode-languageserver-protocol/node';
import { applyEdits, LspClient } from '../../../support/lsp-client.ts';
import { demoProject, GREET_SOURCE, LINE, pinOf, SPEC } from '../../support/lsp-project.ts';
import { tempProject } from '../../support/temp.ts';

const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);

describe('factline lsp, the real process with a real client', () => {
  // @verifies lsp#STDIO-SERVER
  // @verifies lsp#HOVER-CITATION
  // @verifies lsp#DEFINITION
  // @verifies lsp#COMPLETE-REFERENCES
  // @verifies lsp#AS-YOU-TYPE-CITATIONS
  // @verifies lsp#FIX-BY-DID-YOU-MEAN
  it('hovers, jumps, completes, flags an unknown id unsaved and fixes it', async () => {
    const root = demoProject();
    const client = await LspClient.start(root);
    await client.open('src/greet.ts');
    const hover = await client.hover('src/greet.ts', 0, 20);
    expect(hover?.contents.value).toContain('The greeter says hello to the name it is given.');
    expect(hover?.contents.value).toContain('demo#GREETS');
    expect(hover?.contents.value).toContain('verified');

    const target = await client.request<Location>('textDocument/definition', 'src/greet.ts', {
      position: { line: 0, character: 20 },
    });
    expect(target.uri).toBe(client.uri('specs/demo.md'));
    expect(target.range.start.line).toBe(LINE.GREETS);
    const specLine = SPEC.split('\n')[LINE.GREETS]!;
    expect(specLine.slice(target.range.start.character, target.range.end.character)).toBe('@fact:GREETS');

    await client.change('src/greet.ts', `// @implements demo#\n${GREET_SOURCE}`);
    const items = await client.completion('src/greet.ts', 0, '// @implements demo#'.length);
    // The facts in document order, then the anchored heading (a citable unit too).
    expect(items.map((i) => i.label)).toEqual(['GREETS', 'SHOUTS', 'WAVES', 'greeting']);
    expect(items[0]!.detail).toBe('The greeter says hello to the name it is given.');

    // A misspelt id, never saved: the gate's rule and its did-you-mean come back.
    const typo = GREET_SOURCE.replace('demo#GREETS', 'demo#GREATS');
    await client.change('src/greet.ts', typo);
    const flagged = await client.diagnostics('src/greet.ts', (ds) =>
      ds.some((d) => String(d.message).includes('GREATS')),
    );
    const unknown = flagged.find((d) => d.code === 'unknown-fact')!;
    expect(unknown.source).toBe('factline');
    expect(unknown.severity).toBe(1);
    expect(unknown.message).toContain('did you mean `demo#GREETS`?');
    expect(readFileSync(join(root, 'src/greet.ts'), 'utf8')).toBe(GREET_SOURCE);

    const actions = await client.codeActions('src/greet.ts', 0, 20, [unknown]);
    const fix = actions.find((a) => a.title.includes('demo#GREETS'))!;
    expect(fix.isPreferred).toBe(true);
    expect(fix.diagnostics?.[0]?.code).toBe('unknown-fact');
    expect(await client.apply(fix, 'src/greet.ts')).toBe(GREET_SOURCE);
    await client.diagnostics('src/greet.ts', (ds) => ds.length === 0);
    expect(await client.stop()).toBe(0);
  });

  // @verifies lsp#REFERENCES
  // @verifies lsp#DOCUMENT-SYMBOLS
  // @verifies lsp#CODE-LENS
  // @verifies lsp#HOVER-FACT
  it('lists a fact’s citations, outlines the spec and counts evidence per fact with test outcomes', async () => {
    const client = await LspClient.start(demoProject({ results: true }));
    await client.open('specs/demo.md');
    const refs = await client.request<Location[]>('textDocument/references', 'specs/demo.md', {
      position: { line: LINE.GREETS, character: 8 },
      context: { includeDeclaration: false },
    });
    expect(refs.map((r) => [r.uri, r.range.start.line])).toEqual([
      [client.uri('src/greet.ts'), 0],
      [client.uri('test/greet.test.ts'), 4],
    ]);

    const outline = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', 'specs/demo.md');
    expect(outline.map((s) => s.name)).toEqual(['Demo']);
    const section = outline[0]!.children![0]!;
    expect(section.name).toBe('Greeting');
    expect(section.children!.map((s) => s.name)).toEqual(['GREETS', 'SHOUTS', 'WAVES']);

    const lenses = await client.request<
      {
        range: { start: { line: number } };
        command: { title: string; command: string; arguments: unknown[] };
      }[]
    >('textDocument/codeLens', 'specs/demo.md');
    expect(lenses.map((l) => [l.range.start.line, l.command.title])).toEqual([
      [LINE.GREETS, '1 impl · 1 test passed'],
      [LINE.SHOUTS, '0 impl · 0 tests — missing implementation and test'],
      [LINE.WAVES, '1 impl · 1 test passed'],
    ]);
    expect(lenses[0]!.command.command).toBe('factline.showReferences');
    expect((lenses[0]!.command.arguments[2] as Location[]).map((l) => l.uri)).toEqual([
      client.uri('src/greet.ts'),
      client.uri('test/greet.test.ts'),
    ]);

    const hover = await client.hover('specs/demo.md', LINE.GREETS, 10);
    expect(hover?.contents.value).toMatch(
      /\*\*@implements\*\* \(1\)\n- `src\/greet\.ts:1` `function greet` — counts/,
    );
    expect(hover?.contents.value).toMatch(
      /\*\*@verifies\*\* \(1\)\n- `test\/greet\.test\.ts:5` "greets" — counts, passed/,
    );
    expect(await client.stop()).toBe(0);
  });

  // @verifies lsp#OPEN-BUFFERS-WIN
  // @verifies lsp#REPIN-SHOWS-TEXT
  // @verifies lsp#AS-YOU-TYPE-MARKUP
  it('rewording a fact in the unsaved spec makes a pin stale; the re-pin quotes the new text; markup errors show as typed', async () => {
    const client = await LspClient.start(demoProject());
    await client.open('src/wave.ts');
    await client.open('specs/demo.md');
    await client.diagnostics('src/wave.ts', (ds) => ds.length === 0);
    const reworded = SPEC.replace('The greeter waves back.', 'The greeter waves back twice.');
    await client.change('specs/demo.md', reworded);
    const stale = (await client.diagnostics('src/wave.ts', (ds) => codes(ds).includes('stale-citation')))[0]!;
    expect(stale.message).toContain(`now ~${pinOf('WAVES', reworded)}`);

    const [repin] = await client.codeActions('src/wave.ts', 0, 20, [stale]);
    expect(repin!.title).toContain('“The greeter waves back twice.”');
    expect(repin!.title).toContain(`~${pinOf('WAVES', reworded)}`);
    const fixed = await client.apply(repin!, 'src/wave.ts');
    expect(fixed.split('\n')[0]).toBe(`// @implements demo#WAVES~${pinOf('WAVES', reworded)}`);
    await client.diagnostics('src/wave.ts', (ds) => ds.length === 0);

    await client.change('specs/demo.md', reworded.replace('@status:impl/done', '@status:impl/dnoe'));
    const markup = await client.diagnostics('specs/demo.md', (ds) => codes(ds).includes('unknown-state'));
    const bad = markup.find((d) => d.code === 'unknown-state')!;
    expect(bad.range.start.line).toBe(2);
    expect(bad.message).toContain('fix:');
    expect(await client.stop()).toBe(0);
  });

  // @verifies lsp#GAPS-ON-SAVE
  // @verifies lsp#VERIFIES-STUB
  it('a fact without a test shows its gap on save, with a todo test stub to add', async () => {
    const root = demoProject();
    const client = await LspClient.start(root);
    await client.open('src/greet.ts');
    const cited = `${GREET_SOURCE}\n// @implements demo#SHOUTS\nexport const shout = (s: string) => s.toUpperCase();\n`;
    await client.change('src/greet.ts', cited);
    // Typed but not saved: the citation itself is fine, the fact's gap waits for the save.
    await client.hover('src/greet.ts', 5, 20);
    expect(
      codes(await client.diagnostics('src/greet.ts', () => true)).filter((c) => c === 'missing-verification'),
    ).toEqual([]);
    writeFileSync(join(root, 'src/greet.ts'), cited);
    await client.save('src/greet.ts');
    const gaps = await client.diagnostics('src/greet.ts', (ds) => codes(ds).includes('missing-verification'));
    const gap = gaps.find((d) => d.code === 'missing-verification')!;
    expect(gap.range.start.line).toBe(5);
    expect(gap.severity).toBe(2);
    expect(gap.message).toContain('demo#SHOUTS');

    const actions = await client.codeActions('src/greet.ts', 5, 20, [gap]);
    const stub = actions.find((a) => a.title.includes('test stub'))!;
    expect(stub.title).toContain('test/greet.test.ts');
    const edits = stub.edit!.changes![client.uri('test/greet.test.ts')]!;
    const written = applyEdits(client.text('test/greet.test.ts'), edits);
    expect(written).toContain(`// @verifies demo#SHOUTS~${pinOf('SHOUTS')} — `);
    expect(written).toContain("\nit.todo('SHOUTS: ");
    expect(written.startsWith(client.text('test/greet.test.ts'))).toBe(true);
    expect(await client.stop()).toBe(0);
  });

  // @verifies lsp#EDIT-RESCANS-ONE-BUFFER
  it('asks the client to watch the project’s files and reads a file again when told it changed', async () => {
    const root = demoProject();
    const client = await LspClient.start(root, {
      workspace: { didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true } },
    });
    await client.open('specs/demo.md');
    await client.until(() => client.registrations.length > 0);
    const watched = (
      client.registrations[0]!.registerOptions as { watchers: { globPattern: { pattern: string } }[] }
    ).watchers;
    expect(watched.map((w) => w.globPattern.pattern)).toEqual([
      'specs/**/*.md',
      'src/**/*.ts',
      'test/**/*.ts',
      'factline.config.json',
    ]);
    const citing = async () =>
      (
        await client.request<Location[]>('textDocument/references', 'specs/demo.md', {
          position: { line: LINE.SHOUTS, character: 8 },
          context: { includeDeclaration: false },
        })
      ).map((l) => l.uri);
    expect(await citing()).toEqual([]);
    writeFileSync(join(root, 'src/shout.ts'), '// @implements demo#SHOUTS\n');
    expect(await citing()).toEqual([]);
    await client.diskChanged([['src/shout.ts', 1]]);
    expect(await citing()).toEqual([client.uri('src/shout.ts')]);
    expect(await client.stop()).toBe(0);
  });

  // @verifies lsp#OUTSIDE-THE-GLOBS
  // @verifies lsp#BAD-REQUEST-KEEPS-SERVING
  it('a citation in a file the globs do not select is said to count for nothing', async () => {
    const client = await LspClient.start(
      demoProject({ extra: { 'scripts/tool.ts': '// @implements demo#SHOUTS\nexport {};\n' } }),
    );
    await client.open('scripts/tool.ts');
    const [info] = await client.diagnostics('scripts/tool.ts', (ds) => ds.length > 0);
    expect(info!.code).toBe('not-read-by-the-gate');
    expect(info!.severity).toBe(3);
    expect(info!.message).toContain('src/**/*.ts, test/**/*.ts');
    // A request the server cannot answer is an error naming it; the next one is served.
    await expect(client.request('textDocument/hover', 'scripts/tool.ts', { position: null })).rejects.toThrow(
      /factline lsp: hover on scripts\/tool\.ts failed/,
    );
    expect((await client.hover('scripts/tool.ts', 0, 20))?.contents.value).toContain('The greeter shouts');
    expect(await client.stop()).toBe(0);
  });

  // @verifies lsp#BAD-REQUEST-KEEPS-SERVING
  // @verifies lsp#STDIO-SERVER
  it('a folder with no project is said once and every answer is empty; leaving without shutdown exits 1', async () => {
    const root = tempProject({ 'src/x.ts': '// @implements demo#GREETS\n' });
    mkdirSync(join(root, 'nothing'), { recursive: true });
    const client = await LspClient.start(root);
    await client.open('src/x.ts');
    expect(await client.hover('src/x.ts', 0, 20)).toBeNull();
    expect(client.messages).toHaveLength(1);
    expect(client.messages[0]!.type).toBe(1);
    expect(client.messages[0]!.message).toContain(root);
    expect(client.messages[0]!.message).toContain('factline init');
    expect(await client.completion('src/x.ts', 0, 20)).toEqual([]);
    expect(client.messages).toHaveLength(1);
    client.child.stdin!.end();
    expect(await client.exited).toBe(1);
  });
});
