/**
 * Named, typed spec values through the real `factline gen`, on a temp copy of
 * this repository's MCP core spec, templates and generated files.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pickValue } from '../../generator/render/index.ts';
import { REPO, runInProcess } from '../support/cli.ts';

const SPEC = 'specs/mcp-core.md';
/** The further specs the templates read (this repository's `generate.specs`). */
const MORE_SPECS: string[] = (
  JSON.parse(readFileSync(join(REPO, 'factline.config.json'), 'utf8')).generate.specs ?? []
).filter((spec: string) => spec !== SPEC);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A project holding the MCP core spec (edited), the templates and generated/. */
function project(edit: (spec: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'factline-values-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'specs'));
  const original = readFileSync(join(REPO, SPEC), 'utf8');
  const edited = edit(original);
  expect(edited, 'the edit must change the spec').not.toBe(original);
  writeFileSync(join(dir, SPEC), edited);
  for (const spec of MORE_SPECS) cpSync(join(REPO, spec), join(dir, spec));
  cpSync(join(REPO, 'templates'), join(dir, 'templates'), { recursive: true });
  cpSync(join(REPO, 'generated'), join(dir, 'generated'), { recursive: true });
  writeFileSync(
    join(dir, 'factline.config.json'),
    JSON.stringify({
      specs: ['specs/**/*.md'],
      generate: { spec: SPEC, specs: MORE_SPECS, templates: 'templates', out: 'generated' },
    }),
  );
  return dir;
}

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('spec values that cannot lie', () => {
  // @verifies generator#VALUES-TYPED
  // @verifies generator#VALUES-NAMED-SPANS
  it('rewording the prose around a value leaves the value: "meaning one of 2 things" still writes -32700', async () => {
    const dir = project((s) =>
      s.replace(
        'A malformed line, meaning\ntext that is',
        'A malformed line, meaning one of 2 things,\ntext that is',
      ),
    );
    const r = await runInProcess(dir, ['gen']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const jsonrpc = readFileSync(join(dir, 'generated', 'jsonrpc.ts'), 'utf8');
    expect(jsonrpc).toContain('parseError: -32700,');
    expect(jsonrpc).toContain('invalidParams: -32602,');
    expect(jsonrpc).toContain('methodNotFound: -32601,');
    expect(jsonrpc).toContain("toolsCall: 'tools/call',");
    expect(jsonrpc).toContain("PROTOCOL_VERSION = '2024-11-05';");
  });

  // @verifies generator#VALUES-STOP-GEN-AT-THE-SPEC
  it('`2024-11-05 or later` stops gen at the spec line and column, naming the fact, what it found and the fix', async () => {
    const dir = project((s) => s.replace('answers is `2024-11-05`', 'answers is `2024-11-05 or later`'));
    const before = readFileSync(join(dir, 'generated', 'jsonrpc.ts'), 'utf8');
    const r = await runInProcess(dir, ['gen']);
    expect(r.code).toBe(1);
    const spec = readFileSync(join(dir, SPEC), 'utf8');
    const line = lineOf(spec, '`2024-11-05 or later`');
    const column = spec.split('\n')[line - 1]!.indexOf('`2024-11-05 or later`') + 1;
    expect(r.stderr).toContain(
      `${SPEC}:${line}:${column}: error invalid-value mcp-core#ANSWERED-PROTOCOL-REVISION: the revision asked for at templates/jsonrpc.ts:`,
    );
    expect(r.stderr).toContain('`2024-11-05 or later` is not a calendar date YYYY-MM-DD');
    expect(r.stderr).toContain('fix: write only the revision in the code span, e.g. `2024-11-05`');
    expect(readFileSync(join(dir, 'generated', 'jsonrpc.ts'), 'utf8')).toBe(before);
  });

  // @verifies generator#VALUES-STOP-GEN-AT-THE-SPEC
  it('a lost name and a code out of range stop gen too, each at its place', async () => {
    const dir = project((s) =>
      s.replace('(`invalid-params: -32602`)', '(`-32602`)').replace('code `-32700`', 'code `32700`'),
    );
    const r = await runInProcess(dir, ['gen']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /specs\/mcp-core\.md:\d+:\d+: error missing-value mcp-core#METHOD-TOOLS-CALL: the jsonrpc-code named `invalid-params` asked for at templates\/jsonrpc\.ts:\d+:\d+ is missing: its code spans are .*none named `invalid-params`/,
    );
    expect(r.stderr).toContain('fix: write the value as `invalid-params: VALUE` in backticks in the fact');
    const spec = readFileSync(join(dir, SPEC), 'utf8');
    expect(r.stderr).toContain(
      `${SPEC}:${lineOf(spec, '`32700`')}:${spec.split('\n')[lineOf(spec, '`32700`') - 1]!.indexOf('`32700`') + 1}: error invalid-value mcp-core#MALFORMED-LINE-MUST-NOT-KILL-THE-LOOP`,
    );
    expect(r.stderr).toContain("is not an integer in JSON-RPC's reserved range -32768..-32000");
  });

  // @verifies generator#VALUES-NAMED-SPANS
  it('never guesses between two valid spans; a name settles it', () => {
    const codes = ['tools/call', 'name', 'invalid-params: -32602', 'method-not-found: -32601'];
    expect(pickValue(codes, 'jsonrpc-code', undefined)).toMatchObject({ ok: false, kind: 'ambiguous' });
    expect(pickValue(codes, 'jsonrpc-code', 'method-not-found')).toMatchObject({
      ok: true,
      source: '-32601',
    });
    expect(pickValue(codes, 'method', undefined)).toMatchObject({ ok: false, kind: 'ambiguous' });
    expect(pickValue(['1 MiB'], 'bytes', undefined)).toMatchObject({ ok: true, source: '1048576' });
    expect(pickValue(['2024-02-30'], 'revision', undefined)).toMatchObject({ ok: false, kind: 'invalid' });
    expect(pickValue(["it's"], 'string', undefined)).toMatchObject({ ok: true, source: "'it\\'s'" });
  });
});
