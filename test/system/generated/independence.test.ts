/**
 * The generated core stands alone: it imports nothing of factline, only one
 * module touches descriptors, and a copy of it serves outside the repository.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../../support/cli.ts';
import { req } from '../../support/mcp.ts';

const GENERATED = join(REPO, 'generated');
const files = readdirSync(GENERATED).filter((f) => f.endsWith('.ts'));
const source = (file: string) => readFileSync(join(GENERATED, file), 'utf8');

function importsOf(file: string): string[] {
  const sf = ts.createSourceFile(file, source(file), ts.ScriptTarget.Latest);
  const out: string[] = [];
  sf.forEachChild((node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      out.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  });
  // Dynamic loads (createRequire(...)('x'), import('x')) are string arguments of calls.
  for (const m of source(file).matchAll(/(?:require\(import\.meta\.url\)|import)\(\s*'([^']+)'\s*\)/g))
    out.push(m[1]!);
  return out;
}

/** Identifiers of the code (comments and strings excluded: messages may name anything). */
function tokens(file: string): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) out.push(node.text);
    node.forEachChild(visit);
  };
  visit(ts.createSourceFile(file, source(file), ts.ScriptTarget.Latest, true));
  return out;
}

const tmp: string[] = [];
afterAll(() => {
  for (const dir of tmp) rmSync(dir, { recursive: true, force: true });
});

describe('the generated core stands alone', () => {
  // @verifies mcp-core#CRATE-KNOWS-NEITHER-VIBE-NOR-A-LANGUAGE
  it('imports only node built-ins, koffi and its own modules', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      for (const spec of importsOf(file)) {
        expect(spec, `${file} imports ${spec}`).toMatch(/^(node:[a-z_/]+|koffi|\.\/[a-z-]+\.ts)$/);
      }
    }
    for (const file of files) {
      const words = tokens(file).filter((t) => /vibe|factline/i.test(t));
      expect(words, `${file} names vibe or factline in code`).toEqual([]);
    }
  });

  // @verifies serve#CORE-LIBRARY-EXPORTS
  it('the package exports the core as `factline/mcp-core` (and `factline`), types included', async () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
    // The export is the compiled library (built by `prepare` and before `npm test`), types beside it.
    expect(pkg.exports['./mcp-core']).toEqual({
      types: './dist/mcp-core/index.d.ts',
      default: './dist/mcp-core/index.js',
    });
    const core = await import('factline/mcp-core');
    const root = await import('factline');
    for (const name of [
      'Server',
      'ToolSet',
      'serveStdio',
      'ScriptedTransport',
      'captureRun',
      'McpCoreError',
    ]) {
      expect(typeof (core as Record<string, unknown>)[name], name).toBe('function');
      expect((root as Record<string, unknown>)[name], name).toBe((core as Record<string, unknown>)[name]);
    }
    // Types travel with the source: a consumer's `Tool` annotation type-checks against it.
    const tool: import('factline/mcp-core').Tool = {
      descriptor: { name: 't', description: '', inputSchema: { type: 'object' } },
      run: () => ({ report: '' }),
    };
    expect(new core.ToolSet([tool]).names()).toEqual(['t']);
  });

  // @verifies mcp-core#CAPTURE-CELL-IS-THE-AUDITED-HOME-OF-UNSAFETY
  it('only the capture module touches descriptors or standard handles', () => {
    const fdModules = /^(koffi|node:(fs|net|tty))$/;
    const fdNames = /^(dup2?|fcntl|fd|stdin|stdout|stderr)$/;
    const touching = files.filter(
      (file) => importsOf(file).some((m) => fdModules.test(m)) || tokens(file).some((t) => fdNames.test(t)),
    );
    // processes.ts reads /proc as text to find a cancelled run's children; it opens no descriptor of its own.
    expect(touching).toEqual(['capture.ts', 'processes.ts']);
  });

  // @verifies mcp-core#CRATE-KNOWS-NEITHER-VIBE-NOR-A-LANGUAGE
  // @verifies mcp-core#CONSUMERS-VENDOR-THIS-CRATE-BYTE-IDENTICALLY
  it('a byte-identical copy mounts a consumer tool set and serves with factline and vibe absent from PATH', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-core-consumer-'));
    tmp.push(dir);
    cpSync(GENERATED, join(dir, 'core'), { recursive: true });
    for (const file of files)
      expect(readFileSync(join(dir, 'core', file))).toEqual(readFileSync(join(GENERATED, file)));
    // The only runtime dependency, resolved from the consumer's own node_modules.
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(join(REPO, 'node_modules', 'koffi'), join(dir, 'node_modules', 'koffi'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    writeFileSync(
      join(dir, 'server.ts'),
      [
        "import { Server, ToolSet, serveStdio } from './core/index.ts';",
        'const tools = new ToolSet().register({',
        "  descriptor: { name: 'add', description: 'Adds a and b.', inputSchema: { type: 'object' } },",
        '  run: (args) => ({ report: String(Number(args.a) + Number(args.b)) }),',
        '});',
        "await serveStdio(new Server('consumer', '9.9.9', tools));",
      ].join('\n'),
    );
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const run = spawnSync(process.execPath, ['--import', tsx, 'server.ts'], {
      cwd: dir,
      input: `${req(1, 'initialize', {})}\n${req(2, 'tools/call', { name: 'add', arguments: { a: 2, b: 40 } })}\n`,
      env: { PATH: dirname(process.execPath), HOME: dir },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const frames = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(frames[0].result.serverInfo).toEqual({ name: 'consumer', version: '9.9.9' });
    expect(frames[1].result).toEqual({ content: [{ type: 'text', text: '42' }], isError: false });
    expect(run.status).toBe(0);
  });
});
